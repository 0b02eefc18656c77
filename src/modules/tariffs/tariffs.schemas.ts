import { Type } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';
import { SeasonSchema } from '../seasons/seasons.schemas.ts';
import { ChoiceSchema } from '../properties/properties.schemas.ts';
import { EXPORT_ARRANGEMENTS } from '../../engine/tariff/model.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

export const TARIFF_TYPES = ['DEFAULT', 'ALTERNATIVE', 'RIDER', 'OPTIONAL_EXTRA', 'INCENTIVE', 'PROPOSED'] as const;
export const CUSTOMER_CLASSES = ['GENERAL', 'RESIDENTIAL', 'SPECIAL_USE', 'PROPOSED'] as const;
export const TARIFF_SERVICE_TYPES = ['ELECTRICITY', 'GAS', 'SOLAR_PV'] as const;

export const TariffRateBandSchema = Type.Object({
  tariffRateBandId: Type.Integer(),
  tariffRateId: Type.Integer(),
  rateSequenceNumber: Type.Integer(),
  hasConsumptionLimit: Type.Boolean(),
  consumptionUpperLimit: NNum,
  hasDemandLimit: Type.Boolean(),
  demandUpperLimit: NNum,
  hasPropertyLimit: Type.Boolean(),
  propertyUpperLimit: NNum,
  applicabilityValue: NString,
  calculationFactor: NNum,
  rateAmount: NNum,
  rateUnit: NString,
  isCredit: Type.Boolean(),
  prevUpperLimit: NNum,
});

export const RateTimeOfUseSchema = Type.Object({ touId: Type.Integer(), touGroupId: Type.Integer(), lseId: Type.Integer(), touName: Type.String(), touType: NString, calendarId: NInt, isDynamic: Type.Boolean() });
export const RateTerritorySchema = Type.Object({ territoryId: Type.Integer(), territoryName: Type.String(), lseId: NInt, usageType: NString });

export const TariffRateSchema = Type.Object({
  tariffRateId: Type.Integer(),
  masterTariffRateId: NInt,
  tariffId: Type.Integer(),
  riderTariffId: NInt,
  riderId: NInt,
  tariffSequenceNumber: NInt,
  rateGroupName: NString,
  rateName: NString,
  fromDateTime: NString,
  toDateTime: NString,
  chargeType: NString,
  chargeClass: NString,
  chargePeriod: NString,
  transactionType: NString,
  quantityKey: NString,
  applicabilityKey: NString,
  variableLimitKey: NString,
  variableRateKey: NString,
  variableRateSubKey: NString,
  variableFactorKey: NString,
  edgePredominance: NString,
  territory: Type.Union([RateTerritorySchema, Type.Null()]),
  season: Type.Union([SeasonSchema, Type.Null()]),
  timeOfUse: Type.Union([RateTimeOfUseSchema, Type.Null()]),
  rateBands: Type.Array(TariffRateBandSchema),
  prorationRules: Type.Array(Type.String()),
  tierScope: Type.Union([Type.String(), Type.Null()], { description: 'Ratebook extension: null, tiers within the rate\'s TOU period; TOTAL, tiers on the billing period\'s total kWh (URDB / SAM)' }),
});

export const TariffPropertySchema = Type.Object({
  keyName: Type.String(),
  quantityKey: NString,
  displayName: NString,
  family: NString,
  keyspace: NString,
  description: NString,
  dataType: NString,
  propertyTypes: NString,
  operator: NString,
  propertyValue: NString,
  minValue: NString,
  maxValue: NString,
  period: NString,
  choices: Type.Union([Type.Array(ChoiceSchema), Type.Null()]),
  isDefault: Type.Boolean(),
});

export const TariffSchema = Type.Object({
  tariffId: Type.Integer(),
  masterTariffId: Type.Integer(),
  tariffCode: NString,
  tariffBookName: NString,
  tariffName: Type.String(),
  lseId: Type.Integer(),
  lseName: Type.String(),
  serviceType: Type.String(),
  priorTariffId: NInt,
  distributionLseId: NInt,
  tariffType: Type.String(),
  customerClass: Type.String(),
  customerCount: NInt,
  customerLikelihood: NNum,
  customerCountSource: NString,
  territoryId: NInt,
  effectiveDate: Type.String(),
  endDate: NString,
  closedDate: NString,
  timeZone: Type.String(),
  effectiveOnRule: NString,
  billingPeriod: NString,
  currency: Type.String(),
  chargeTypes: NString,
  chargePeriod: NString,
  minMonthlyConsumption: NNum,
  maxMonthlyConsumption: NNum,
  minMonthlyDemand: NNum,
  maxMonthlyDemand: NNum,
  hasTimeOfUseRates: Type.Boolean(),
  hasTieredRates: Type.Boolean(),
  hasContractedRates: Type.Boolean(),
  hasTariffApplicability: Type.Boolean(),
  hasRateApplicability: Type.Boolean(),
  hasNetMetering: Type.Boolean(),
  exportArrangement: Type.Union([Type.Union(EXPORT_ARRANGEMENTS.map((a) => Type.Literal(a))), Type.Null()], { description: 'How exports are billed: NET_METERING (kWh netted monthly, excess rolled to the true-up), NET_BILLING (exports credited at SELL rates), NET_BILLING_CARRYOVER (as NET_BILLING, dollar credit carried to the true-up), BUY_ALL_SELL_ALL (load and generation metered apart); null: as the rates say' }),
  trueUpMonth: Type.Union([Type.Integer({ minimum: 1, maximum: 12 }), Type.Null()], { description: 'Month whose billing period settles the year\'s credit (default 12)' }),
  yearEndSellRate: Type.Union([Type.Number(), Type.Null()], { description: 'Price per kWh of kWh credit left at the true-up (default 0)' }),
  yearEndCreditPaid: Type.Union([Type.Boolean(), Type.Null()], { description: 'Whether dollar credit left at the true-up is paid out (default false)' }),
  isActive: Type.Boolean(),
  privacy: Type.String(),
  properties: Type.Optional(Type.Array(TariffPropertySchema)),
  rates: Type.Optional(Type.Array(TariffRateSchema)),
});

const Populate = {
  populateRates: Type.Optional(Type.Boolean({ default: false })),
  populateProperties: Type.Optional(Type.Boolean({ default: false })),
  effectiveOn: Type.Optional(Type.String({ description: 'The version effective on this date (default: today in the tariff\'s zone)' })),
};

export const TariffListQuery = Type.Object({
  ...ListQuery,
  ...Populate,
  lseId: Type.Optional(Id()),
  masterTariffId: Type.Optional(Id()),
  fromDateTime: Type.Optional(Type.String({ description: 'With toDateTime: every version effective at some time in the range' })),
  toDateTime: Type.Optional(Type.String()),
  customerClasses: Type.Optional(StringList(CUSTOMER_CLASSES.join(', '))),
  tariffTypes: Type.Optional(StringList(TARIFF_TYPES.join(', '))),
  serviceTypes: Type.Optional(StringList(TARIFF_SERVICE_TYPES.join(', '))),
  zipCode: Type.Optional(Type.String({ description: 'Tariffs of the LSEs serving this ZIP code' })),
  postCode: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  isActive: Type.Optional(Type.Boolean()),
});

export const TariffParams = Type.Object({ masterTariffId: Id() });
export const TariffOneQuery = Type.Object({
  ...Populate,
  lookupVariableRates: Type.Optional(Type.Boolean({ default: false, description: 'With populateRates: variable rates carry the lookup value in effect on the date' })),
  fields: Type.Optional(Type.String()),
});

export const PropertyLookupSummarySchema = Type.Object({
  propertyKey: Type.String(),
  subPropertyKey: NString,
  fromDate: NString,
  toDate: NString,
  lastUpdatedDate: NString,
  count: Type.Integer(),
});

export const RiderVersionSchema = Type.Object({ riderId: Type.Integer(), riderTariffId: Type.Integer(), effectiveDate: Type.String(), endDate: NString });

export const TariffVersionSchema = Type.Object({
  tariffId: Type.Integer(),
  effectiveDate: Type.String(),
  endDate: NString,
  lastUpdatedDate: NString,
  riderVersions: Type.Array(RiderVersionSchema),
  lookupVariableRates: Type.Array(PropertyLookupSummarySchema),
});

export const TariffHistorySchema = Type.Object({
  masterTariffId: Type.Integer(),
  tariffCode: NString,
  tariffName: Type.String(),
  lseId: Type.Integer(),
  serviceType: Type.String(),
  customerClass: Type.String(),
  initialEffectiveDate: Type.String(),
  closedDate: NString,
  tariffVersions: Type.Array(TariffVersionSchema),
});
