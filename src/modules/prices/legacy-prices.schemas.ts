// The original API's legacy price operation (GET /rest/public/prices/{masterTariffId}, type TariffRateSummary), as
// its recorded answer (reference/genability-recorded/legacy-prices.json) and its Java client's Price and PriceChange
// classes show it.
import { Type } from '@sinclair/typebox';
import { Id } from '../../http/query-schemas.ts';

export const LegacyPricesParams = Type.Object({ masterTariffId: Id('The tariff') });

export const LegacyPricesQuery = Type.Object({
  fromDateTime: Type.Optional(Type.String({ description: 'Default now' })),
  toDateTime: Type.Optional(Type.String({ description: 'Default fromDateTime plus 3 days; at most 31 days after it' })),
  consumptionAmount: Type.Optional(
    Type.Number({ minimum: 0, description: 'Monthly kWh choosing the tier band; default the highest band' }),
  ),
  demandAmount: Type.Optional(
    Type.Number({
      minimum: 0,
      description: 'Monthly kW; accepted, but demand charges are not part of the marginal energy price',
    }),
  ),
  territoryId: Type.Optional(Id('Territory for territory-dependent rates')),
});

export const LegacyPriceChangeSchema = Type.Object({
  changeName: Type.String({ description: 'What the new price is called: its time of use, else its season' }),
  changeDateTime: Type.String({ description: 'When the price changes' }),
  rateAmount: Type.Number({ description: '$/kWh from changeDateTime on' }),
  relativePriceIndex: Type.Number({ description: 'rateAmount over the highest price of the window, to 2 decimals' }),
  accuracy: Type.Number({ description: '1: the tariff gives the price' }),
});

export const TariffRateSummarySchema = Type.Object({
  tariffId: Type.Integer({ description: 'The tariff version in effect at fromDateTime' }),
  chargeType: Type.String({ description: 'CONSUMPTION_BASED: the marginal price of energy' }),
  quantityKey: Type.Union([Type.String(), Type.Null()]),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  rateAmount: Type.Number({ description: 'The price at fromDateTime' }),
  relativePriceIndex: Type.Number(),
  currency: Type.String(),
  priceChanges: Type.Array(LegacyPriceChangeSchema, { description: 'Each change of price after fromDateTime' }),
  name: Type.String({ description: 'What the price at fromDateTime is called' }),
});
