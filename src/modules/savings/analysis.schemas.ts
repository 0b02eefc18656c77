// Request and answer of the savings analysis (the original's POST /rest/v1/accounts/analysis, type AccountAnalysis):
// property and rate inputs tagged with the scenarios they belong to ("before", "after", "solar"); the answer's
// summary, its series (before, after, solar, savings by MONTH of year one, by YEAR of the term, and ALL) and their
// measures. The place, usage, tariff and PV come in the inputs, or from a stored account (accountId or
// providerAccountId) and its profiles.
import { Type } from '@sinclair/typebox';
import {
  AddressInput,
  AssumptionSchema,
  CalculatedCostSchema,
  PropertyDataInput,
  RateInput,
} from '../calculations/calculations.schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const Scenarios = Type.Optional(
  Type.String({
    description: 'Comma list of the scenarios the input belongs to: before, after, solar, storage (the battery)',
  }),
);

/** keyName providerProfileId or profileId names a profile of the account: the usage (before,after) or the PV output (solar). */
export const AnalysisPropertyInput = Type.Object({ ...PropertyDataInput.properties, scenarios: Scenarios });
export const AnalysisRateInput = Type.Object({ ...RateInput.properties, scenarios: Scenarios });

const Inputs = {
  propertyInputs: Type.Optional(Type.Array(AnalysisPropertyInput, { maxItems: 1000 })),
  rateInputs: Type.Optional(Type.Array(AnalysisRateInput, { maxItems: 200 })),
};

export const DesignInput = Type.Object({
  designId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  ...Inputs,
});

export const AnalysisBody = Type.Object({
  providerAccountId: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        "An account of the caller's organization, by the client's id: its place, customerClass, tariff at the start of year one, properties, default usage profile and default SOLAR_PV profile stand in for inputs not given (another organization's is a 404)",
    }),
  ),
  accountId: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "An account of the caller's organization, by Ratebook's id (as providerAccountId)",
    }),
  ),
  fromDateTime: Type.Optional(
    Type.String({
      description:
        "Start of year one; default the start of the usage data (consumption's fromDateTime; an account's readings: the last 12 whole local months they reach), else the first day of next month",
    }),
  ),
  toDateTime: Type.Optional(Type.String({ description: 'Ignored beyond year one: the term is projectDuration years' })),
  address: Type.Optional(AddressInput),
  useIntelligentBaselining: Type.Optional(
    Type.Boolean({
      description:
        "Usage from an account's readings: fill spans of year one without readings from the place's typical baseline scaled to the readings (default false: such spans are a 400)",
    }),
  ),
  applyUtilityTax: Type.Optional(Type.Boolean({ description: 'Bill the utility taxes of the address (default true)' })),
  populateCosts: Type.Optional(
    Type.Boolean({ description: "Adds seriesCosts: year one's bills before and after, item by item" }),
  ),
  ...Inputs,
  designs: Type.Optional(
    Type.Array(DesignInput, {
      minItems: 1,
      maxItems: 20,
      description:
        'Up to 20 solar designs (sizes, tariffs after, prices) sharing the usage; their inputs replace the same keys of the request',
    }),
  ),
});

const Money = Type.Number();
export const SeriesSchema = Type.Object({
  seriesId: Type.Integer(),
  scenario: Type.String(),
  seriesPeriod: Type.String(),
  seriesDuration: Type.Integer(),
  displayLabel: Type.String(),
  designId: NString,
  key: NString,
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  rate: Type.Union([Type.Number(), Type.Null()]),
  qty: Type.Number(),
  cost: Money,
});

export const SeriesMeasureSchema = Type.Object({
  seriesId: Type.Integer(),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  rate: Type.Union([Type.Number(), Type.Null()]),
  qty: Type.Number(),
  cost: Money,
  importedKWh: Type.Optional(Type.Number()),
  exportedKWh: Type.Optional(Type.Number()),
  charges: Type.Optional(Type.Record(Type.String(), Type.Number())),
  /** With a battery (#38), on the after bill's months: kWh AC into the battery and out of it, and its cycles. */
  chargedKWh: Type.Optional(Type.Number()),
  dischargedKWh: Type.Optional(Type.Number()),
  cycles: Type.Optional(Type.Number()),
  /** On the after bill's months (#37): kWh sent and the credit they earned, by TOU period of the import energy rates. */
  exportPeriods: Type.Optional(
    Type.Array(
      Type.Object({
        touName: Type.Union([Type.String(), Type.Null()]),
        exportedKWh: Type.Number(),
        exportCredit: Type.Union([Money, Type.Null()]),
      }),
    ),
  ),
});

export const AnalysisScenarioSchema = Type.Object({
  name: Type.String(),
  masterTariffId: Type.Union([Type.Integer(), Type.Null()]),
  tariffName: NString,
  inputs: Type.Array(Type.Object({ keyName: Type.String(), dataValue: NString, unit: NString })),
  assumptions: Type.Array(AssumptionSchema),
});

export const AccountAnalysisSchema = Type.Object({
  designId: NString,
  currency: Type.String(),
  summary: Type.Record(Type.String(), Type.Number()),
  scenarios: Type.Array(AnalysisScenarioSchema),
  series: Type.Array(SeriesSchema),
  seriesData: Type.Array(SeriesMeasureSchema),
  seriesCosts: Type.Optional(Type.Record(Type.String(), CalculatedCostSchema)),
  weatherStation: Type.Union([
    Type.Object({
      stationId: Type.String(),
      name: Type.String(),
      state: NString,
      latitude: Type.Number(),
      longitude: Type.Number(),
      climateZone: NString,
      distanceKm: Type.Number(),
      sameClimateZone: Type.Boolean(),
      source: Type.String(),
    }),
    Type.Null(),
  ]),
});
