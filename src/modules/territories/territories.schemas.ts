import { Type } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';
import { LocationQuery } from '../lses/lses.schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NBool = Type.Union([Type.Boolean(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

export const USAGE_TYPES = ['SERVICE', 'TARIFF', 'CLIMATE_ZONE', 'UTILITY_CLIMATE_ZONE', 'UTILITY_TAX'] as const;
export const ITEM_TYPES = ['STATE', 'COUNTY', 'CITY', 'ZIPCODE'] as const;

export const TerritoryItemSchema = Type.Object({
  territoryItemId: Type.Integer(),
  territoryType: Type.String(),
  value: Type.String(),
  exclude: Type.Boolean(),
  partial: Type.Boolean(),
});

export const TerritoryLseSchema = Type.Object({
  territoryId: Type.Integer(),
  lseId: Type.Integer(),
  lseName: Type.String(),
  distribution: NBool,
  supplierResidential: NBool,
  supplierGeneral: NBool,
  residentialCoverage: NNum,
  generalCoverage: NNum,
});

export const TerritoryLseListSchema = Type.Object({
  totalCount: Type.Integer(),
  pageCount: Type.Integer(),
  pageStart: Type.Integer(),
  list: Type.Array(TerritoryLseSchema),
});

export const TerritorySchema = Type.Object({
  territoryId: Type.Integer(),
  territoryName: Type.String(),
  /** Null for a territory of no utility: the IECC climate zones (usage type CLIMATE_ZONE). */
  lseId: Type.Union([Type.Integer(), Type.Null()]),
  lseName: NString,
  parentTerritoryId: Type.Union([Type.Integer(), Type.Null()]),
  usageType: NString,
  itemTypes: NString,
  items: Type.Optional(Type.Array(TerritoryItemSchema)),
  territoryLses: Type.Optional(TerritoryLseListSchema),
  deregRes: NBool,
  deregCandi: NBool,
  centerPoint: Type.Union([Type.Object({ latitude: Type.Number(), longitude: Type.Number() }), Type.Null()]),
});

export const TerritoryListQuery = Type.Object({
  ...ListQuery,
  ...LocationQuery,
  addressString: Type.Optional(
    Type.String({ description: 'An address: a five-digit ZIP code in it, else a trailing "City, ST"' }),
  ),
  address: Type.Optional(Type.String({ description: 'Alias of addressString' })),
  lat: Type.Optional(Type.Number({ description: 'Latitude; with lng, resolves to the nearest ZIP code' })),
  lng: Type.Optional(Type.Number({ description: 'Longitude; with lat' })),
  lseId: Type.Optional(Id()),
  masterTariffId: Type.Optional(
    Id("Territories over which this tariff's prices vary (empty for a tariff without territory-based rates)"),
  ),
  populateItems: Type.Optional(Type.Boolean({ default: false })),
  populateLses: Type.Optional(Type.Boolean({ default: false })),
  usageTypes: Type.Optional(StringList(`${USAGE_TYPES.join(', ')}; default SERVICE and TARIFF`)),
  usageType: Type.Optional(StringList('Alias of usageTypes')),
  containsItemType: Type.Optional(Type.String({ description: ITEM_TYPES.join(', ') })),
  containsItemValue: Type.Optional(Type.String()),
});

export const TerritoryParams = Type.Object({ territoryId: Id() });
export const TerritoryOneQuery = Type.Object({
  ...ListQuery,
  populateItems: Type.Optional(Type.Boolean({ default: false })),
  populateLses: Type.Optional(Type.Boolean({ default: false })),
});
