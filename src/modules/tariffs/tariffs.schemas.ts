import { Type, type TObject, type TOptional, type TProperties, type TSchema } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';
import { SeasonSchema } from '../seasons/seasons.schemas.ts';
import { ChoiceSchema } from '../properties/properties.schemas.ts';
import { CHARGE_TYPES, EXPORT_ARRANGEMENTS } from '../../engine/tariff/model.ts';
import { TariffDocumentSchema } from '../documents/documents.schemas.ts';

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

export const RateTimeOfUseSchema = Type.Object({
  touId: Type.Integer(),
  touGroupId: Type.Integer(),
  lseId: Type.Integer(),
  touName: Type.String(),
  touType: NString,
  calendarId: NInt,
  isDynamic: Type.Boolean(),
});
export const RateTerritorySchema = Type.Object({
  territoryId: Type.Integer(),
  territoryName: Type.String(),
  lseId: NInt,
  lseName: NString,
  usageType: NString,
});

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
  tierScope: Type.Union([Type.String(), Type.Null()], {
    description:
      "Ratebook extension: null, tiers within the rate's TOU period; TOTAL, tiers on the billing period's total kWh (URDB / SAM)",
  }),
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
  exportArrangement: Type.Union([Type.Union(EXPORT_ARRANGEMENTS.map((a) => Type.Literal(a))), Type.Null()], {
    description:
      'How exports are billed: NET_METERING (kWh netted monthly, excess rolled to the true-up), NET_BILLING (exports credited at SELL rates), NET_BILLING_CARRYOVER (as NET_BILLING, dollar credit carried to the true-up), BUY_ALL_SELL_ALL (load and generation metered apart); null: as the rates say',
  }),
  trueUpMonth: Type.Union([Type.Integer({ minimum: 1, maximum: 12 }), Type.Null()], {
    description: "Month whose billing period settles the year's credit (default 12)",
  }),
  yearEndSellRate: Type.Union([Type.Number(), Type.Null()], {
    description: 'Price per kWh of kWh credit left at the true-up (default 0)',
  }),
  yearEndCreditPaid: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'Whether dollar credit left at the true-up is paid out (default false)',
  }),
  exportArrangementFrom: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description:
      "Local date from which a new solar customer's interconnection application gets exportArrangement (PG&E's Net Billing Tariff: 2023-04-15); null: the version does not say",
  }),
  isActive: Type.Boolean(),
  privacy: Type.String(),
  properties: Type.Optional(Type.Array(TariffPropertySchema)),
  rates: Type.Optional(Type.Array(TariffRateSchema)),
  documents: Type.Optional(
    Type.Array(TariffDocumentSchema, {
      description: "With populateDocuments: the documents the version's figures come from",
    }),
  ),
});

const Populate = {
  populateRates: Type.Optional(
    Type.Boolean({ default: false, description: "Include each version's rates with their bands" }),
  ),
  populateProperties: Type.Optional(
    Type.Boolean({
      default: false,
      description: "Include each version's properties (applicability and rate criteria)",
    }),
  ),
  populateDocuments: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "Include each version's documents (rate sheets, advice letters, URDB records; see /rest/v1/documents)",
    }),
  ),
  effectiveOn: Type.Optional(
    Type.String({ description: "The version effective on this date (default: today in the tariff's zone)" }),
  ),
};

export const PRIVACY_FLAGS = ['PUBLIC', 'UNLISTED', 'PRIVATE'] as const;
/** The charge types a rate can have (NOTES.md, TariffRate). */
export const RATE_CHARGE_TYPES = CHARGE_TYPES;

const Flag = (description: string) => Type.Optional(Type.Boolean({ description }));

export const TariffListQuery = Type.Object({
  ...ListQuery,
  ...Populate,
  effectiveOn: Type.Optional(
    Type.String({
      description:
        'List the version of each tariff in effect on this date (default openOn, else today, the UTC date); not with fromDateTime/toDateTime',
    }),
  ),
  lseId: Type.Optional(Id('Tariffs of this LSE')),
  masterTariffId: Type.Optional(Id('The versions of this tariff')),
  fromDateTime: Type.Optional(
    Type.String({
      description: 'With toDateTime: every version effective at some time in the range (instead of effectiveOn)',
    }),
  ),
  toDateTime: Type.Optional(Type.String({ description: 'End of the fromDateTime range (exclusive)' })),
  openOn: Type.Optional(
    Type.String({
      description:
        'Only tariffs open on this date: a version in effect on it and not closed to new customers (closedDate absent or later). Without effectiveOn or a range it also picks the version listed (the one in effect on openOn); with them, they pick the version and openOn only filters',
    }),
  ),
  customerClasses: Type.Optional(StringList(`Comma list of ${CUSTOMER_CLASSES.join(', ')}`)),
  tariffTypes: Type.Optional(StringList(`Comma list of ${TARIFF_TYPES.join(', ')}`)),
  serviceTypes: Type.Optional(StringList(`Comma list of ${TARIFF_SERVICE_TYPES.join(', ')}`)),
  chargeTypes: Type.Optional(
    StringList(
      `Comma list of ${RATE_CHARGE_TYPES.join(', ')}: tariffs with at least one rate (its own, or of a rider it names in effect during the version) of one of these charge types`,
    ),
  ),
  privacyFlags: Type.Optional(
    StringList(
      `Comma list of ${PRIVACY_FLAGS.join(', ')} (default PUBLIC). UNLISTED tariffs are listed only when asked for; PRIVATE ones only to their own organization`,
    ),
  ),
  zipCode: Type.Optional(Type.String({ description: 'Tariffs of the LSEs serving this ZIP code' })),
  postCode: Type.Optional(Type.String({ description: 'Alias of zipCode' })),
  country: Type.Optional(
    Type.String({ description: 'With zipCode, postCode or addressString: US (the only country loaded)' }),
  ),
  addressString: Type.Optional(
    Type.String({
      description:
        'A free-text address, filtered as zipCode: the five-digit ZIP code in it, else a trailing "City, ST"; an address with neither is a 400',
    }),
  ),
  accountId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: "An account of the caller's organization: filters by its ZIP code, LSE and customer class",
    }),
  ),
  riderId: Type.Optional(Id("Tariffs whose rates name this rider (the rider's masterTariffId)")),
  territoryId: Type.Optional(
    Id(
      "Tariffs available in this territory: the tariff's own territoryId, a rate priced for it, or an LSE that owns or is listed on it. With applicableRatesOnly, rates of other territories are dropped",
    ),
  ),
  consumption: Type.Optional(
    Type.Number({
      minimum: 0,
      description:
        'Monthly kWh: tariffs whose limits admit it (minMonthlyConsumption <= consumption <= maxMonthlyConsumption, and no monthly energy rate whose tiers all end below it). With applicableRatesOnly, tiers it does not reach are dropped',
    }),
  ),
  demand: Type.Optional(
    Type.Number({
      minimum: 0,
      description:
        'Monthly peak kW: tariffs whose limits admit it (minMonthlyDemand <= demand <= maxMonthlyDemand, and no demand rate whose tiers all end below it). With applicableRatesOnly, tiers it does not reach are dropped',
    }),
  ),
  hasNetMetering: Flag('Only tariffs with (true) or without (false) net metering'),
  hasTimeOfUseRates: Flag('Only tariffs with (true) or without (false) time-of-use rates'),
  hasTieredRates: Flag('Only tariffs with (true) or without (false) tiered rates'),
  hasContractedRates: Flag('Only tariffs with (true) or without (false) contracted rates'),
  isActive: Flag('Only versions in effect today (true) or not (false)'),
  isSolarEligible: Flag(
    'Only versions that say which export arrangement a new solar customer gets, and from when (true: a solar customer may take them today as they are billed; Ratebook extension), or that do not (false)',
  ),
  bundleRates: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "With populateRates: each rider rate (riderId, no charge type) is replaced by the rider's own rates in effect, in its place",
    }),
  ),
  applicableRatesOnly: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'With populateRates: only rates that apply on the date (or in the range), in territoryId when given, and with a rider in effect; with consumption or demand, tiers they do not reach are dropped',
    }),
  ),
  filterRiderRates: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'With populateRates: rider rates (named or bundled) that do not apply on the date (or in the range) or in territoryId are dropped',
    }),
  ),
});

export const TariffParams = Type.Object({ masterTariffId: Id() });
export const TariffOneQuery = Type.Object({
  ...Populate,
  lookupVariableRates: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'With populateRates: variable rates carry the lookup value in effect on the date',
    }),
  ),
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

export const RiderVersionSchema = Type.Object({
  riderId: Type.Integer(),
  riderTariffId: Type.Integer(),
  effectiveDate: Type.String(),
  endDate: NString,
});

export const TariffVersionSchema = Type.Object({
  tariffId: Type.Integer(),
  effectiveDate: Type.String(),
  endDate: NString,
  lastUpdatedDate: NString,
  riderVersions: Type.Array(RiderVersionSchema),
  lookupVariableRates: Type.Array(PropertyLookupSummarySchema),
  documents: Type.Optional(
    Type.Array(TariffDocumentSchema, { description: "With populateDocuments: the version's documents" }),
  ),
});

export const TariffHistoryQuery = Type.Object({ populateDocuments: Populate.populateDocuments });

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

// --- GET /rest/public/tariffs/properties: the property keys a set of tariffs asks for ---

/** The propertyTypes a tariff property can have (NOTES.md, TariffProperty). */
export const TARIFF_PROPERTY_TYPES = [
  'APPLICABILITY',
  'RATE_CRITERIA',
  'BENEFIT',
  'DATA_REPUTATION',
  'SERVICE_TERMS',
  'INFO',
] as const;

/**
 * The tariff list's selection parameters, which mean here what they mean there (masterTariffId aside, which takes a
 * list here). Paging, search, sort and the rate-shaping flags are not selection and are not taken; fields and the
 * populate flags are taken only because the original's Java client sends them (see TariffPropertiesQuery).
 */
export const TARIFF_SELECTION_PARAMETERS = [
  'effectiveOn',
  'lseId',
  'fromDateTime',
  'toDateTime',
  'openOn',
  'customerClasses',
  'tariffTypes',
  'serviceTypes',
  'chargeTypes',
  'privacyFlags',
  'zipCode',
  'postCode',
  'country',
  'addressString',
  'accountId',
  'riderId',
  'territoryId',
  'consumption',
  'demand',
  'hasNetMetering',
  'hasTimeOfUseRates',
  'hasTieredRates',
  'hasContractedRates',
  'isActive',
  'isSolarEligible',
] as const satisfies readonly (keyof typeof TariffListQuery.properties)[];
const TARIFF_SELECTION = Object.fromEntries(
  TARIFF_SELECTION_PARAMETERS.map((name) => [name, TariffListQuery.properties[name]]),
) as Pick<typeof TariffListQuery.properties, (typeof TARIFF_SELECTION_PARAMETERS)[number]>;

export const TariffPropertiesQuery = Type.Object({
  ...TARIFF_SELECTION,
  masterTariffId: Type.Optional(
    StringList(
      "One masterTariffId or a comma list (at most 500): the keys these tariffs ask for. A masterTariffId no tariff has (or only another organization's PRIVATE one) is a 404 naming it; one with no version selected by the other parameters adds nothing",
    ),
  ),
  includeAll: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'false (default): only the questions to put to a customer. true: also the keys Ratebook measures or looks up itself: usage (consumption, demand and DEMAND keys), FORMULA and LOOKUP keys, and the lookups rates take their amounts from (variableRateKey); isQuestion tells them apart',
    }),
  ),
  propertyTypes: Type.Optional(
    StringList(
      `Comma list of ${TARIFF_PROPERTY_TYPES.join(', ')}: only keys that some selected tariff has with one of these propertyTypes (rate-derived keys are RATE_CRITERIA)`,
    ),
  ),
  // The original's Java client (getTariffProperties) sends its one-tariff request here: fields=ext always, and the
  // populate flags when set. Refusing them would break that client; they change nothing in this answer.
  fields: Type.Optional(
    Type.String({
      description:
        "Accepted for the original's clients, which send fields=ext: the entries have no extended fields, so the answer is the same",
    }),
  ),
  populateProperties: Type.Optional(
    Type.Boolean({
      description: "Accepted for the original's clients: the answer is the tariffs' property keys either way",
    }),
  ),
  populateRates: Type.Optional(
    Type.Boolean({
      description:
        "Accepted for the original's clients: the answer has no rates either way (what the rates ask for is always included)",
    }),
  ),
});

export const TariffPropertyKeySchema = Type.Object({
  keyName: Type.String(),
  displayName: NString,
  family: NString,
  keyspace: NString,
  description: NString,
  dataType: Type.Union([Type.String(), Type.Null()], {
    description:
      'STRING, CHOICE, BOOLEAN, DATE, DECIMAL, INTEGER, FORMULA, LOOKUP or DEMAND; null for a name no property key defines',
  }),
  quantityUnit: NString,
  choices: Type.Union([Type.Array(ChoiceSchema), Type.Null()], {
    description:
      "The possible answers: the key's own choices; else, for a CHOICE key (or a name no property key defines), the values the tariffs' rate bands choose by (applicabilityValue); for territoryId the territories the rates are priced for (value: the territoryId)",
  }),
  propertyTypes: Type.Union([Type.String(), Type.Null()], {
    description: 'Comma list of the propertyTypes the selected tariffs give the key (rate-derived keys: RATE_CRITERIA)',
  }),
  isQuestion: Type.Boolean({
    description: 'false for usage, DEMAND, FORMULA and LOOKUP keys and rate lookups (listed only with includeAll=true)',
  }),
  masterTariffIds: Type.Array(Type.Integer(), { description: 'The selected tariffs that ask for the key, ascending' }),
});

// --- What goes on the wire: the objects above as the original API sends them ---
//
// The service builds tariffs, rates, bands and properties with every field, null when unset: the rate shaping, the
// account service and the interview read them so. The original API omits most of those fields when unset (yet sends
// toDateTime, prevUpperLimit and a property's quantityKey null): ../shared/reference/genability-recorded/
// tariff-512-with-rates-2016.json, whose 18 rates, 34 bands and 3 properties show each field below only when set.
// The routes answer through tariff-wire.ts, which drops these fields when unset; the response schemas make them
// optional, so the OpenAPI document says they may be absent.

/** Rate fields the original omits when null (prorationRules: when empty). */
export const RATE_OMITTED_WHEN_UNSET = [
  'masterTariffRateId',
  'riderTariffId',
  'riderId',
  'chargeClass',
  'transactionType',
  'quantityKey',
  'applicabilityKey',
  'variableLimitKey',
  'variableRateKey',
  'variableRateSubKey',
  'variableFactorKey',
  'edgePredominance',
  'territory',
  'season',
  'timeOfUse',
  'prorationRules',
  'tierScope',
] as const satisfies readonly (keyof typeof TariffRateSchema.properties)[];
/** Band fields the original omits when null. */
export const BAND_OMITTED_WHEN_UNSET = [
  'consumptionUpperLimit',
  'demandUpperLimit',
  'propertyUpperLimit',
  'applicabilityValue',
  'calculationFactor',
] as const satisfies readonly (keyof typeof TariffRateBandSchema.properties)[];
/** Tariff property fields the original omits when null. */
export const PROPERTY_OMITTED_WHEN_UNSET = [
  'propertyValue',
  'minValue',
  'maxValue',
  'period',
  'choices',
] as const satisfies readonly (keyof typeof TariffPropertySchema.properties)[];
/** Fields of GET /rest/public/tariffs/properties's entries omitted when null, as the property keys and tariff properties omit them. */
export const PROPERTY_KEY_OMITTED_WHEN_UNSET = [
  'quantityUnit',
  'choices',
] as const satisfies readonly (keyof typeof TariffPropertyKeySchema.properties)[];

type Omittable<T extends TProperties, K extends keyof T> = { [P in keyof T]: P extends K ? TOptional<T[P]> : T[P] };

/** The object schema with `keys` optional (same fields, same order). */
function omittable<T extends TProperties, K extends keyof T & string>(
  schema: TObject<T>,
  keys: readonly K[],
  description: string,
): TObject<Omittable<T, K>> {
  const properties: Record<string, TSchema> = { ...schema.properties };
  for (const k of keys) properties[k] = Type.Optional(schema.properties[k] as TSchema);
  return Type.Object(properties, { description }) as unknown as TObject<Omittable<T, K>>;
}

const UNSET = 'Fields not listed as required are omitted when unset, as the original API omits them';
export const TariffRateBandWireSchema = omittable(TariffRateBandSchema, BAND_OMITTED_WHEN_UNSET, UNSET);
export const TariffRateWireSchema = Type.Object(
  {
    ...omittable(TariffRateSchema, RATE_OMITTED_WHEN_UNSET, UNSET).properties,
    rateBands: Type.Array(TariffRateBandWireSchema),
  },
  { description: UNSET },
);
export const TariffPropertyWireSchema = omittable(TariffPropertySchema, PROPERTY_OMITTED_WHEN_UNSET, UNSET);
export const TariffWireSchema = Type.Object({
  ...TariffSchema.properties,
  properties: Type.Optional(Type.Array(TariffPropertyWireSchema)),
  rates: Type.Optional(Type.Array(TariffRateWireSchema)),
});
export const TariffPropertyKeyWireSchema = omittable(TariffPropertyKeySchema, PROPERTY_KEY_OMITTED_WHEN_UNSET, UNSET);
