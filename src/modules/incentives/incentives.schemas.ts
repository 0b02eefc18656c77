// Wire shapes of the incentives operations, with the original's field names (Genability's Incentive and
// IncentiveApplicability); Ratebook adds endReason and sources (where each figure was read, and when).
import { Type } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';

export const INCENTIVE_CUSTOMER_CLASSES = ['RESIDENTIAL', 'GENERAL'] as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

export const PropertyChoiceSchema = Type.Object({ displayValue: Type.String(), dataValue: Type.String() });

export const IncentiveApplicabilitySchema = Type.Object({
  applicabilityKey: Type.String({ description: 'The question: send its answer as a query parameter of this name' }),
  displayName: Type.String(),
  description: Type.String(),
  requiredValue: Nullable(Type.String({ description: 'The answer that qualifies (a comma list with operator IN)' })),
  operator: Nullable(Type.String({ description: '= or IN; null for a number or a quantity' })),
  minValue: NullableNumber,
  maxValue: NullableNumber,
  quantityUnit: Nullable(Type.String()),
  quantityKey: Nullable(Type.String()),
  choices: Type.Union([Type.Array(PropertyChoiceSchema), Type.Null()]),
});

const QuantityKeySchema = Type.Union([
  Type.Object({ keyName: Type.String(), displayName: Type.String(), quantityUnit: Type.String() }),
  Type.Null(),
]);

export const IncentiveSourceSchema = Type.Object({
  url: Type.String(),
  title: Type.String(),
  dateRead: Type.String({ description: 'The day the page was read, YYYY-MM-DD' }),
});

export const IncentiveSchema = Type.Object({
  incentiveId: Type.Integer(),
  masterIncentiveId: Type.Integer(),
  eligibility: Type.Union([Type.Literal('ELIGIBLE'), Type.Literal('COULD_BE_ELIGIBLE'), Type.Literal('INELIGIBLE')], {
    description:
      'From the answers given as query parameters: ELIGIBLE when every question is answered and met, INELIGIBLE when an answer fails one',
  }),
  requiredData: Type.Array(IncentiveApplicabilitySchema, { description: 'Questions not answered yet' }),
  tariffCode: Nullable(Type.String()),
  incentiveName: Type.String(),
  lseId: Type.Union([Type.Integer(), Type.Null()]),
  lseName: Nullable(Type.String()),
  serviceType: Type.String(),
  customerClass: Type.String(),
  startDate: Nullable(Type.String({ description: 'First day it applies, YYYY-MM-DD; null when not known' })),
  endDate: Nullable(
    Type.String({ description: 'First day it no longer applies (exclusive), YYYY-MM-DD; null when open' }),
  ),
  endReason: Nullable(Type.String({ description: 'Why it ended: the law or notice that ended it' })),
  isExhausted: Type.Union([Type.Boolean(), Type.Null()], { description: 'Funds spent; null when not known' }),
  projectType: Type.String(),
  incentiveType: Type.String(),
  summary: Type.String(),
  requirements: Type.String(),
  jurisdiction: Type.String(),
  quantityKey: QuantityKeySchema,
  quantityKeyCap: Nullable(Type.String()),
  paymentCap: NullableNumber,
  percentCostCapKey: QuantityKeySchema,
  percentCostCap: NullableNumber,
  paymentDuration: NullableNumber,
  incentivePaidTo: Nullable(Type.String()),
  applicabilities: Type.Array(IncentiveApplicabilitySchema),
  projectTypeExclusive: Type.Union([Type.Boolean(), Type.Null()]),
  state: Nullable(Type.String()),
  territoryId: Type.Union([Type.Integer(), Type.Null()]),
  rate: Type.Number({
    description: 'PERCENTAGE: percent of the cost (30 = 30 %); COST_PER_UNIT: $ per quantityKey unit, or per project',
  }),
  rateUnit: Type.String(),
  sources: Type.Array(IncentiveSourceSchema),
});

/** The filters both lists take (the original's GetIncentivesRequest and GetIncentiveApplicabilitiesRequest). */
const IncentiveFilters = {
  zipCode: Type.Optional(Type.String({ description: 'The place: ZIP code' })),
  postCode: Type.Optional(Type.String({ description: 'Alias of zipCode' })),
  country: Type.Optional(Type.String({ description: 'US' })),
  addressString: Type.Optional(Type.String({ description: 'The place: an address, its ZIP code or "City, ST"' })),
  lat: Type.Optional(Type.Number({ description: 'The place: latitude, with lng' })),
  lng: Type.Optional(Type.Number({ description: 'The place: longitude, with lat' })),
  state: Type.Optional(Type.String({ description: 'Two-letter state: its incentives and the federal ones' })),
  lseId: Type.Optional(Id('Incentives a customer of this LSE can get: its own and the federal ones')),
  territoryId: Type.Optional(Id('As lseId, for the LSE of this territory')),
  customerClasses: Type.Optional(StringList(INCENTIVE_CUSTOMER_CLASSES.join(', '))),
  projectType: Type.Optional(StringList('solarPv, storage, heatPump, electricVehicle, evCharger (comma list)')),
  incentiveType: Type.Optional(StringList('taxCredit, rebate (comma list)')),
  effectiveOn: Type.Optional(Type.String({ description: 'Incentives that apply on this date' })),
  fromDate: Type.Optional(Type.String({ description: 'Incentives that apply at some time on or after this date' })),
  toDate: Type.Optional(Type.String({ description: 'Incentives that apply at some time on or before this date' })),
  isExhausted: Type.Optional(Type.Boolean({ description: 'Only those known to be (true) or not to be (false) spent' })),
};

export const IncentiveListQuery = Type.Object(
  { ...ListQuery, ...IncentiveFilters },
  { description: 'Any other parameter named as an applicabilityKey is that question answered' },
);
export const IncentiveApplicabilityListQuery = Type.Object({ ...ListQuery, ...IncentiveFilters });

export const IncentiveParams = Type.Object({ masterIncentiveId: Id() });
export const IncentiveOneQuery = Type.Object({
  effectiveOn: Type.Optional(Type.String({ description: 'The version in effect on this date; default the latest' })),
});
