// Smart price (spec "Smart price"): one Price with its price changes.
import { Type } from '@sinclair/typebox';
import { Id, PagingQuery } from '../../http/query-schemas.ts';

export const PriceChangeSchema = Type.Object({
  name: Type.String(),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  rateAmount: Type.Number(),
  rateMeanDelta: Type.Number(),
});

export const PriceSchema = Type.Object({
  description: Type.String(),
  masterTariffId: Type.Integer(),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  detailLevel: Type.String(),
  currency: Type.String(),
  rateMean: Type.Number(),
  rateStandardDeviation: Type.Number(),
  priceChanges: Type.Array(PriceChangeSchema),
});

export const SmartPriceQuery = Type.Object({
  ...PagingQuery,
  fromDateTime: Type.Optional(Type.String({ description: 'Default now' })),
  toDateTime: Type.Optional(Type.String({ description: 'Default fromDateTime plus 3 days; at most 31 days after it' })),
  masterTariffId: Type.Optional(Id('The tariff; alternative to a location')),
  zipCode: Type.Optional(Type.String()),
  postCode: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  addressString: Type.Optional(Type.String()),
  customerClass: Type.Optional(
    Type.String({
      description: 'RESIDENTIAL (default), GENERAL or SPECIAL_USE: the class of the default tariff of a location',
    }),
  ),
  endUse: Type.Optional(
    Type.String({ description: 'Accepted and echoed in the description; no starter tariff varies by end use' }),
  ),
  groupBy: Type.Optional(
    Type.String({ description: 'HOUR, DAY, MONTH, YEAR; omitted: one change per actual price change' }),
  ),
  territoryId: Type.Optional(Id('Territory for territory-dependent rates')),
  consumptionAmount: Type.Optional(
    Type.Number({ minimum: 0, description: 'Monthly kWh choosing the tier band; default the highest band' }),
  ),
  demandAmount: Type.Optional(
    Type.Number({
      minimum: 0,
      description: 'Monthly kW; accepted, but demand charges are not part of the marginal energy price',
    }),
  ),
});
