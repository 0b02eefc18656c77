// Request and response shapes of the calculations (spec "Mass calculation objects"). Enumerations are checked by the
// service so that a bad value gets a 400 naming the field and listing the values; unknown fields are accepted and
// ignored, as the original API does.
import { Type } from '@sinclair/typebox';
import { Id } from '../../http/query-schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

import { MAX_SERIES_LENGTH } from './series-limits.ts';
import { StorageAnswer, StorageInput } from './storage.schemas.ts';

export { MAX_SERIES_LENGTH };

export const PropertyDataInput = Type.Object({
  keyName: Type.String({
    minLength: 1,
    description: 'consumption (kWh), demand (kW), territoryId, or an applicability / quantity key',
  }),
  fromDateTime: Type.Optional(Type.String({ description: 'Default: the calculation fromDateTime' })),
  toDateTime: Type.Optional(Type.String({ description: 'Default: the calculation toDateTime' })),
  period: Type.Optional(
    Type.String({ description: 'A TOU type (ON_PEAK, OFF_PEAK, ...): the value belongs to those hours' }),
  ),
  dataValue: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  dataSeries: Type.Optional(Type.Array(Type.Number(), { maxItems: MAX_SERIES_LENGTH })),
  exportDataSeries: Type.Optional(
    Type.Array(Type.Number(), {
      maxItems: MAX_SERIES_LENGTH,
      description: 'kWh sent to the grid, aligned with dataSeries',
    }),
  ),
  duration: Type.Optional(
    Type.Integer({
      minimum: 60_000,
      maximum: 86_400_000,
      description: 'Milliseconds per dataSeries value (900000 for 15 minutes)',
    }),
  ),
  dataFactor: Type.Optional(Type.Number()),
  operator: Type.Optional(Type.String({ description: '+ (default) or -' })),
  unit: Type.Optional(
    Type.String({ description: 'kWh (default), Wh or MWh for consumption; kW (default), W or MW for demand' }),
  ),
});

export const RateBandInput = Type.Object({
  rateAmount: Type.Number(),
  consumptionUpperLimit: Type.Optional(NNum),
  demandUpperLimit: Type.Optional(NNum),
  applicabilityValue: Type.Optional(NString),
  calculationFactor: Type.Optional(NNum),
  rateUnit: Type.Optional(Type.String({ description: 'COST_PER_UNIT (default), PERCENTAGE, BLOCK, BLOCK_SELL_BACK' })),
  isCredit: Type.Optional(Type.Boolean()),
});

export const RateInput = Type.Object({
  rateGroupName: Type.Optional(Type.String()),
  rateName: Type.Optional(Type.String()),
  chargeType: Type.String({
    description: 'FIXED_PRICE, CONSUMPTION_BASED, DEMAND_BASED, QUANTITY, MINIMUM, MAXIMUM, TAX, NET_EXCESS_GENERATION',
  }),
  chargeClass: Type.Optional(NString),
  chargePeriod: Type.Optional(NString),
  transactionType: Type.Optional(NString),
  quantityKey: Type.Optional(NString),
  applicabilityKey: Type.Optional(NString),
  variableRateKey: Type.Optional(NString),
  tierScope: Type.Optional(NString),
  fromDateTime: Type.Optional(NString),
  toDateTime: Type.Optional(NString),
  season: Type.Optional(Type.Union([Type.Object({ seasonId: Id() }), Type.Null()])),
  timeOfUse: Type.Optional(Type.Union([Type.Object({ touId: Id() }), Type.Null()])),
  territory: Type.Optional(Type.Union([Type.Object({ territoryId: Id() }), Type.Null()])),
  rateBands: Type.Array(RateBandInput, { minItems: 1 }),
});

export const ExpectedInput = Type.Object({
  totalCost: Type.Optional(Type.Number()),
  adjustedTotalCost: Type.Optional(Type.Number()),
  kWh: Type.Optional(Type.Number()),
  kW: Type.Optional(Type.Number()),
});

export const AddressInput = Type.Object({
  addressString: Type.Optional(Type.String()),
  addressName: Type.Optional(Type.String()),
  address1: Type.Optional(Type.String()),
  address2: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  zip: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
});

const ScenarioFields = {
  masterTariffId: Type.Optional(Id()),
  propertyInputs: Type.Optional(Type.Array(PropertyDataInput, { maxItems: 1000 })),
  rateInputs: Type.Optional(Type.Array(RateInput, { maxItems: 200 })),
  expected: Type.Optional(ExpectedInput),
  exportArrangement: Type.Optional(
    Type.String({
      description:
        "Bill exports under this arrangement instead of the tariff's: NET_METERING, NET_BILLING, NET_BILLING_CARRYOVER, BUY_ALL_SELL_ALL",
    }),
  ),
  trueUpMonth: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 12,
      description:
        "The month (1-12) whose billing period settles the year's export credit; default the tariff's, else 12",
    }),
  ),
  yearEndSellRate: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 100,
      description: "$/kWh paid at the true-up for kWh credit left (net metering); default the tariff's, else 0",
    }),
  ),
  yearEndCreditPaid: Type.Optional(
    Type.Boolean({
      description:
        "Whether dollar credit left at the true-up is paid (net billing with carryover); default the tariff's, else false",
    }),
  ),
  exportVintage: Type.Optional(
    Type.Integer({
      minimum: 2000,
      maximum: 2100,
      description:
        "The year of the solar customer's interconnection application, which fixes the hourly export prices of a net billing tariff (locked 9 years, then floating); default the year of fromDateTime",
    }),
  ),
  storage: Type.Optional(StorageInput),
};

export const ScenarioInput = Type.Object({
  scenarioName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  ...ScenarioFields,
});

const OptionFields = {
  fromDateTime: Type.String({ description: 'Required' }),
  toDateTime: Type.String({ description: 'Required' }),
  detailLevel: Type.Optional(
    Type.String({
      description:
        'TOTAL, CHARGE_TYPE, CHARGE_TYPE_AND_TOU, RATE, QUANTITY_KEY (one item per quantity key: fixed, consumption, demand, ...), ALL (default)',
    }),
  ),
  groupBy: Type.Optional(
    Type.String({
      description: 'NONE (the default: one group per billing period), ALL, YEAR, MONTH, DAY, HOUR, QTRHOUR',
    }),
  ),
  billingPeriod: Type.Optional(
    Type.Boolean({
      description:
        'The range is an actual billing cycle: billed as one period, fixed charges whole (default false: prorated months)',
    }),
  ),
  isBillingPeriod: Type.Optional(
    Type.Boolean({ description: "The original SDKs' name for billingPeriod; the same meaning" }),
  ),
  minimums: Type.Optional(Type.Boolean({ description: 'Enforce minimum charges (default true)' })),
  excludeChargeClass: Type.Optional(Type.String({ description: 'Comma-separated charge classes to leave out' })),
  applyUtilityTax: Type.Optional(Type.Boolean({ description: 'Default true when an address is given' })),
  address: Type.Optional(AddressInput),
  tariffEffectiveOn: Type.Optional(Type.String()),
};

export const MassBody = Type.Object({
  ...OptionFields,
  scenarios: Type.Array(ScenarioInput, { minItems: 1, maxItems: 20, description: 'One to twenty scenarios' }),
  sharedScenario: Type.Optional(ScenarioInput),
});

export const CalculateBody = Type.Object({ ...OptionFields, ...ScenarioFields, masterTariffId: Id() });

export const CalculateQuery = Type.Object({
  fields: Type.Optional(Type.String({ description: 'ext adds the extended (E) fields of the items' })),
});

export const CalculatedCostItemSchema = Type.Object({
  tariffId: Type.Optional(Type.Integer()),
  tariffRateId: NInt,
  tariffRateBandId: NInt,
  rateSequenceNumber: NInt,
  rateGroupName: Type.String(),
  rateName: Type.String(),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  quantityKey: Type.String(),
  quantityKeyDescription: Type.Optional(NString),
  rateType: Type.String(),
  rateAmount: Type.Number(),
  tierLowerLimit: Type.Optional(NNum),
  tierUpperLimit: Type.Optional(NNum),
  itemQuantity: Type.Number(),
  cost: Type.Number(),
  rateProration: Type.Optional(NNum),
  chargeType: Type.String(),
  chargeClass: NString,
  period: NString,
  demandInterval: NString,
  duration: Type.Integer(),
  touId: NInt,
  touName: NString,
  seasonId: NInt,
  seasonName: NString,
  formula: Type.Optional(NString),
  transactionType: Type.Optional(NString),
});

export const AssumptionSchema = Type.Object({
  keyName: Type.String(),
  displayName: NString,
  description: NString,
  fromDateTime: NString,
  toDateTime: NString,
  dataType: NString,
  dataValue: NString,
  unit: NString,
  accuracy: Type.Number(),
});

export const CalculatedCostSchema = Type.Object({
  scenarioName: Type.Optional(Type.String()),
  masterTariffId: Type.Integer(),
  tariffName: Type.String(),
  totalCost: Type.Number(),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  accuracy: Type.Number(),
  currency: Type.String(),
  summary: Type.Object({
    subTotalCost: Type.Number(),
    preTaxMinimumCost: Type.Number({
      description:
        'The part of subTotalCost that minimum charges add (the shortfall below a minimum bill); 0 when none applied',
    }),
    preTaxMaximumCost: Type.Number({
      description: 'The part of subTotalCost that maximum charges take off (0 or negative); 0 when none applied',
    }),
    taxCost: Type.Number(),
    totalCost: Type.Number(),
    adjustedTotalCost: Type.Number(),
    nonBypassableCost: Type.Number({
      description: 'The cost of the charges classed NON_BYPASSABLE (owed on energy drawn, whatever export credit)',
    }),
    kWh: Type.Number(),
    kW: Type.Number(),
  }),
  items: Type.Array(CalculatedCostItemSchema),
  assumptions: Type.Array(AssumptionSchema),
  calculatedCostId: Type.String(),
  storage: Type.Optional(StorageAnswer),
});

export const MassCalculationSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  scenarios: Type.Record(Type.String(), CalculatedCostSchema),
});
