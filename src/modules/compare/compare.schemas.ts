// Request and answer of the tariff comparison (Ratebook extension, issue #40): every tariff a customer may take at its
// place and class, billed over the same year of usage (with added PV, battery or EV when asked), ranked by annual cost.
import { Type } from '@sinclair/typebox';
import { Id } from '../../http/query-schemas.ts';
import { AddressInput, AssumptionSchema, PropertyDataInput } from '../calculations/calculations.schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NNumber = Type.Union([Type.Number(), Type.Null()]);

const common = {
  fromDateTime: Type.Optional(
    Type.String({
      description:
        "Start of the year compared; default: an account's readings' last 12 whole local months, else a consumption series' start, else the first day of next month at the place",
    }),
  ),
  masterTariffId: Type.Optional(
    Id(
      "The customer's current tariff, which savings are counted against (default: the account's tariff at the start of the year, else its LSE's default tariff for the class)",
    ),
  ),
  useIntelligentBaselining: Type.Optional(
    Type.Boolean({
      description:
        "Usage from an account's readings: fill spans without readings from the place's typical baseline scaled to the readings (default false: such spans are a 400)",
    }),
  ),
  applyUtilityTax: Type.Optional(Type.Boolean({ description: 'Bill the utility taxes of the place (default true)' })),
  populateMonths: Type.Optional(Type.Boolean({ description: "Adds each tariff's bills month by month" })),
  propertyInputs: Type.Optional(
    Type.Array(PropertyDataInput, {
      maxItems: 1000,
      description:
        "Answers to the tariffs' applicability keys and other bill inputs (territoryId, ...); the usage (consumption series, baselineType, loadSize, buildingId, customerClass, profileId); a PV system as the savings analysis takes it (systemSize, tilt, azimuth, losses, arrayType, moduleType, solarPvLoadOffset, solarProduction, exportArrangement); a battery (storageCapacity, storagePower, storageRoundTripEfficiency, storageReserve, storageDispatch, storageGridCharging); an EV (evAnnualConsumption kWh a year, evChargingStart and evChargingEnd local hours)",
    }),
  ),
};

export const AccountCompareBody = Type.Object(common);

export const CompareBody = Type.Object({
  address: Type.Optional(AddressInput),
  ...common,
});

const ConditionSchema = Type.Object({
  keyName: Type.String(),
  displayName: NString,
  dataType: NString,
  operator: NString,
  propertyValue: NString,
  minValue: NString,
  maxValue: NString,
  choices: Type.Union([Type.Array(Type.String()), Type.Null()]),
  dataValue: NString,
});

const MonthSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  kWh: Type.Number(),
  cost: Type.Number(),
});

const TariffIdentity = {
  masterTariffId: Type.Integer(),
  tariffId: Type.Integer(),
  tariffCode: NString,
  tariffName: Type.String(),
  tariffType: NString,
  lseId: Type.Integer(),
  lseName: NString,
};

export const ComparedTariffSchema = Type.Object({
  rank: Type.Union([Type.Integer(), Type.Null()]),
  ...TariffIdentity,
  isCurrent: Type.Boolean(),
  totalCost: Type.Number(),
  kWh: Type.Number(),
  savings: NNumber,
  accuracy: Type.Number(),
  eligibility: Type.Union([Type.Literal('ELIGIBLE'), Type.Literal('UNKNOWN'), Type.Literal('NOT_CHECKED')]),
  questions: Type.Array(ConditionSchema),
  assumptions: Type.Array(AssumptionSchema),
  months: Type.Optional(Type.Array(MonthSchema)),
});

export const TariffComparisonSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  zipCode: Type.String(),
  customerClass: Type.String(),
  currentMasterTariffId: Type.Integer(),
  currentCost: NNumber,
  usageKWh: Type.Number(),
  netKWh: Type.Number(),
  tariffs: Type.Array(ComparedTariffSchema),
  unknownEligibility: Type.Array(ComparedTariffSchema),
  ineligible: Type.Array(Type.Object({ ...TariffIdentity, failed: Type.Array(ConditionSchema) })),
  notBilled: Type.Array(Type.Object({ ...TariffIdentity, propertyName: NString, message: Type.String() })),
  assumptions: Type.Array(AssumptionSchema),
});
