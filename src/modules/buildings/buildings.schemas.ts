// Typical buildings (spec "Building (typical building, deprecated interface)" and "Typical buildings (deprecated)").
import { Type } from '@sinclair/typebox';
import { PagingQuery } from '../../http/query-schemas.ts';
import { TerritorySchema } from '../territories/territories.schemas.ts';

const NStr = Type.Union([Type.String(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);
const Measure = Type.Object({ quantityAmount: NNum, costAmount: NNum });

const Place = {
  addressString: Type.Optional(Type.String({ description: 'An address: its ZIP code, or "City, ST"' })),
  zipCode: Type.Optional(Type.String({ description: 'ZIP code' })),
  lat: Type.Optional(Type.Number({ description: 'Latitude; with lng' })),
  lng: Type.Optional(Type.Number({ description: 'Longitude; with lat' })),
  maxDistance: Type.Optional(Type.Number({ description: 'Search radius in miles around the place' })),
  masterTariffId: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: "Keep buildings of the tariff's customer class, with the tariff as their tariff",
    }),
  ),
  sourceId: Type.Optional(Type.String({ description: 'DOECRB or OPENEI_RES' })),
};
const Intervals = {
  populateIntervals: Type.Optional(Type.Boolean({ description: "Add the profile's intervals (default false)" })),
  fromDateTime: Type.Optional(Type.String({ description: 'Interval range start (with populateIntervals)' })),
  toDateTime: Type.Optional(Type.String({ description: 'Interval range end' })),
  groupBy: Type.Optional(Type.String({ description: 'HOUR (default), DAY, MONTH, YEAR' })),
  clipBy: Type.Optional(
    Type.String({
      description: 'INNER (default: whole periods inside the range) or OUTER (every period overlapping it)',
    }),
  ),
};

export const BuildingListQuery = Type.Object({
  ...PagingQuery,
  ...Place,
  buildingTypes: Type.Optional(Type.String({ description: 'Comma list of building types' })),
  customerClasses: Type.Optional(Type.String({ description: 'Comma list: RESIDENTIAL, GENERAL' })),
  serviceTypes: Type.Optional(Type.String({ description: 'Comma list: ELECTRICITY, SOLAR_PV' })),
});
export const BuildingParams = Type.Object({ accountId: Type.String({ description: "The building's UUID" }) });
export const BuildingGetQuery = Type.Object(Intervals);
export const BuildingBestQuery = Type.Object({
  ...Place,
  ...Intervals,
  buildingTypeId: Type.Optional(Type.String({ description: 'A building type (as the baselines take it)' })),
  customerClass: Type.Optional(Type.String({ description: 'RESIDENTIAL or GENERAL' })),
  serviceType: Type.Optional(Type.String({ description: 'ELECTRICITY' })),
});

export const BuildingIntervalSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  duration: Type.Number(),
  kWh: Measure,
  kW: Measure,
  total: Measure,
});

export const BuildingSchema = Type.Object({
  accountId: Type.String(),
  sourceId: Type.String(),
  buildingTypeId: Type.String(),
  buildingType: Type.Object({ id: Type.String(), name: Type.String(), customerClass: Type.String() }),
  territory: Type.Union([TerritorySchema, Type.Null()]),
  providerAccountId: Type.String(),
  accountName: Type.String(),
  customerOrgId: NStr,
  customerOrgName: NStr,
  owner: NStr,
  status: Type.String(),
  type: Type.String(),
  properties: Type.Record(Type.String(), Type.Object({ keyName: Type.String(), dataValue: NStr })),
  tariffs: Type.Array(
    Type.Object({
      masterTariffId: Type.Integer(),
      tariffCode: NStr,
      tariffName: Type.String(),
      tariffType: NStr,
      customerClass: NStr,
      customerLikelihood: NNum,
      endDate: NStr,
      timeZone: Type.String(),
      billingPeriod: NStr,
      currency: Type.String(),
    }),
  ),
  profiles: Type.Array(
    Type.Object({
      profileId: Type.String(),
      profileName: Type.String(),
      description: NStr,
      serviceTypes: Type.String(),
      source: Type.Object({ sourceId: Type.String(), name: Type.String() }),
      isDefault: Type.Boolean(),
      properties: Type.Record(Type.String(), Type.Object({ keyName: Type.String(), dataValue: NStr })),
      intervals: Type.Optional(
        Type.Object({
          totalCount: Type.Integer(),
          pageCount: Type.Integer(),
          pageStart: Type.Integer(),
          list: Type.Array(BuildingIntervalSchema),
        }),
      ),
    }),
  ),
});
