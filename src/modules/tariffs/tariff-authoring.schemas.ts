// The body of tariff authoring (POST /rest/beta/tariffs, PUT /rest/beta/tariffs/{tariffId}): a Tariff as the tariff
// list answers it (the original's Java client sends its Tariff type), every field optional but the three a version
// cannot do without. Ids in it (tariffId, tariffRateId, tariffRateBandId, ...) are Ratebook's to give: they are read
// from the path (tariffId on PUT) or drawn, never taken from the body; masterTariffId names the tariff a new version
// joins. What the types leave open is checked where the record is written (importers/tariff-json.importer.ts).
import { type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { CHARGE_PERIODS, CHARGE_TYPES, RATE_UNITS, TIER_SCOPES, TRANSACTION_TYPES } from '../../engine/tariff/model.ts';
import { Id } from '../../http/query-schemas.ts';
import { SeasonSchema } from '../seasons/seasons.schemas.ts';
import {
  CUSTOMER_CLASSES,
  RateTerritorySchema,
  RateTimeOfUseSchema,
  TariffPropertySchema,
  TariffRateBandSchema,
  TariffRateSchema,
  TariffSchema,
  TARIFF_SERVICE_TYPES,
  TARIFF_TYPES,
} from './tariffs.schemas.ts';

/** One of the values the engine (or the tariff list's filters) knows: another is a 400 naming the field. */
const oneOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** Every field optional and null accepted as absent, the listed ones required. */
function input<T extends TProperties>(properties: T, required: TProperties = {}, description?: string) {
  const optional = Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => !(name in required))
      .map(([name, schema]) => [name, Type.Optional(Type.Union([schema as TSchema, Type.Null()]))]),
  );
  return Type.Object({ ...optional, ...required }, description ? { description } : {});
}

const BandInput = input({ ...TariffRateBandSchema.properties, rateUnit: oneOf(RATE_UNITS) });
const RateInput = input({
  ...TariffRateSchema.properties,
  chargeType: oneOf(CHARGE_TYPES),
  chargePeriod: oneOf(CHARGE_PERIODS),
  transactionType: oneOf(TRANSACTION_TYPES),
  tierScope: oneOf(TIER_SCOPES),
  // The original writes chargeClass as a list; Ratebook's answers join it with commas.
  chargeClass: Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 20 })]),
  season: input(SeasonSchema.properties, { seasonId: Id('A stored season (GET /rest/public/seasons?lseId=)') }),
  timeOfUse: input(RateTimeOfUseSchema.properties, {
    touId: Id('A stored public TOU, or one of your organization (POST /rest/timeofuses)'),
  }),
  territory: input(RateTerritorySchema.properties, { territoryId: Id('A stored territory') }),
  rateBands: Type.Array(BandInput, { maxItems: 100 }),
  prorationRules: Type.Array(Type.String(), { maxItems: 20 }),
});
const PropertyInput = input(TariffPropertySchema.properties, {
  keyName: Type.String({ minLength: 1, description: 'A stored property key (GET /rest/public/properties)' }),
});

const {
  isActive: _isActive,
  documents: _documents,
  properties: _properties,
  rates: _rates,
  ...tariffFields
} = TariffSchema.properties;

export const TariffAuthoringBody = input(
  {
    ...tariffFields,
    customerClass: oneOf(CUSTOMER_CLASSES),
    tariffType: oneOf(TARIFF_TYPES),
    serviceType: oneOf(TARIFF_SERVICE_TYPES),
    privacy: Type.Literal('PRIVATE', { description: "Always PRIVATE: your organization's alone" }),
    // Ids in range (a larger one would reach SQL as no 32-bit integer).
    masterTariffId: Id("One of your organization's tariffs, to add a version to it; absent: a new tariff"),
    tariffId: Id('Read only by PUT /rest/beta/tariffs (without the id in the path): the version replaced'),
    rates: Type.Array(RateInput, { maxItems: 500 }),
    properties: Type.Array(PropertyInput, { maxItems: 200 }),
  },
  {
    tariffName: Type.String({ minLength: 1, maxLength: 500 }),
    lseId: Id('The LSE (utility) the tariff is of: a stored one'),
    effectiveDate: Type.String({ description: 'The local date the version takes effect (YYYY-MM-DD)' }),
  },
  "A tariff version as the tariff list answers it. Without masterTariffId a new tariff; with one of your organization's, a new version of it. timeZone defaults to the LSE's; ids are Ratebook's.",
);

export const TariffVersionParams = Type.Object({ tariffId: Id('A version of one of your organization’s tariffs') });
export const TariffDeleteQuery = Type.Object({
  hardDelete: Type.Optional(
    Type.Boolean({ description: "Accepted as the original's clients send it: a deleted version is always removed" }),
  ),
});
