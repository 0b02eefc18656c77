import { Type } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';
import { TerritorySchema } from '../territories/territories.schemas.ts';

export const CUSTOMER_CLASSES = ['RESIDENTIAL', 'GENERAL', 'SPECIAL_USE'] as const;

export const UtilityTaxSchema = Type.Object({
  utilityTaxId: Type.Integer(),
  rateName: Type.String(),
  fromDateTime: Type.Union([Type.String({ description: 'Effective date, YYYY-MM-DD' }), Type.Null()]),
  toDateTime: Type.Union([Type.String({ description: 'Expiry date, YYYY-MM-DD; null when open' }), Type.Null()]),
  rateAmountElectricity: Type.Union([Type.Number(), Type.Null()]),
  rateAmountGas: Type.Union([Type.Number(), Type.Null()]),
  territory: TerritorySchema,
  customerClasses: Type.Array(Type.String()),
});

export const UtilityTaxListQuery = Type.Object({
  ...ListQuery,
  territoryId: Type.Optional(Id()),
  customerClasses: Type.Optional(StringList(CUSTOMER_CLASSES.join(', '))),
  fromDateTime: Type.Optional(Type.String({ description: 'Taxes in effect on or after this date' })),
  toDateTime: Type.Optional(Type.String({ description: 'Taxes in effect on or before this date' })),
  lseId: Type.Optional(Id()),
});

export const UtilityTaxParams = Type.Object({ utilityTaxId: Id() });
