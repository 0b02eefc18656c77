// The battery as requests give it (a Ratebook extension of the calculation, and the `storage` object of the
// original's storage profiles, whose field names it keeps: batteryNameplatePower, batteryNameplateCapacity,
// batteryMinSoc, ..., allowGridToBattery, allowBatteryToGrid, dispatchStrategy). The original's clients send numbers
// and booleans as strings ("13.5", "true"): both are accepted. Values are checked by the service, which names the
// field of a bad one.
import { Type } from '@sinclair/typebox';
import { MAX_SERIES_LENGTH } from './series-limits.ts';

const Num = (description: string) => Type.Optional(Type.Union([Type.Number(), Type.String()], { description }));
const Flag = (description: string) => Type.Optional(Type.Union([Type.Boolean(), Type.String()], { description }));

/** A month, day and hour window of the original's fixed schedule (Genability TOU format). */
const TouPeriod = Type.Object({
  fromDayOfWeek: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 6, description: '0 Monday .. 6 Sunday; default 0' }),
  ),
  toDayOfWeek: Type.Optional(Type.Integer({ minimum: 0, maximum: 6, description: 'Included; default 6' })),
  fromHour: Type.Integer({ minimum: 0, maximum: 23 }),
  toHour: Type.Integer({ minimum: 0, maximum: 24, description: 'Not included' }),
});
const TimeOfUse = Type.Object({
  season: Type.Optional(
    Type.Object({
      seasonFromMonth: Type.Integer({ minimum: 1, maximum: 12 }),
      seasonToMonth: Type.Integer({ minimum: 1, maximum: 12, description: 'Included' }),
    }),
  ),
  touPeriods: Type.Array(TouPeriod, { maxItems: 100 }),
});
export const FixedScheduleInput = Type.Object({
  chargeTous: Type.Array(TimeOfUse, { maxItems: 24, description: 'When to charge as much as the battery takes' }),
  dischargeTous: Type.Array(TimeOfUse, { maxItems: 24, description: 'When to discharge as much as it gives' }),
  otherwise: Type.Optional(
    Type.String({ description: 'The rest of the time: IDLE (default, as the original) or SELF_CONSUMPTION' }),
  ),
});

export const DispatchStrategyInput = Type.Union([
  Type.String({ description: 'SELF_CONSUMPTION, BILL_OPTIMAL (default) or FIXED_SCHEDULE' }),
  Type.Object(
    {
      optimize: Type.Optional(Type.Boolean({ description: 'BILL_OPTIMAL' })),
      chargeOnSurplus: Type.Optional(Type.Boolean({ description: 'SELF_CONSUMPTION' })),
      fixedSchedule: Type.Optional(FixedScheduleInput),
    },
    { description: "The original's form: {optimize: true}, {chargeOnSurplus: true} or {fixedSchedule: {...}}" },
  ),
]);

/** The battery's fields, the original's names first, then Ratebook's. */
export const BatteryFields = {
  batteryNameplateCapacity: Num('kWh held at 100 % state of charge (DC); required'),
  batteryNameplatePower: Num('kW DC into and out of the battery; required unless both of the next two are given'),
  batteryChargePower: Num('kW DC into the battery (default batteryNameplatePower)'),
  batteryDischargePower: Num('kW DC out of the battery (default batteryNameplatePower)'),
  batteryMinSoc: Num('Lowest state of charge, 0-1 (default 0)'),
  batteryMaxSoc: Num('Highest state of charge, 0-1 (default 1)'),
  batteryInitialSoc: Num('State of charge at fromDateTime, 0-1 (default 0.5)'),
  batteryReserve: Num('Backup reserve the dispatch keeps, 0-1 (default 0)'),
  batteryDcCoupled: Flag('DC-coupled with the PV (shares its inverter; can store what the inverter would clip)'),
  batteryAcToDcEfficiency: Num('0-1, default 0.96'),
  batteryDcToAcEfficiency: Num('0-1, default 0.96'),
  batteryInputEfficiency: Num('Share of DC reaching the cells that is stored, 0-1, default 0.975'),
  batteryRoundTripEfficiency: Num(
    'AC to AC, 0-1: instead of the three efficiencies (split equally between the inverter halves)',
  ),
  batteryCapacityFade: Num('Capacity lost each year in service, 0-1 (0.02: 2 % a year, compounding; default 0)'),
  batteryYearsInService: Num('Years the battery has been in service at fromDateTime (default 0)'),
  batteryDegradationCost: Num('$ per kWh discharged the optimiser counts as wear, not billed (default 0)'),
  allowGridToBattery: Flag('The battery may charge from the grid (default false)'),
  allowBatteryToGrid: Flag('The battery may send energy to the grid (default false)'),
  solarDcToAcEfficiency: Num("The PV inverter's efficiency, 0-1 (default 0.96)"),
  dispatchStrategy: Type.Optional(DispatchStrategyInput),
};

/** PV output beside the usage: kWh per interval, AC (after the inverter) or DC (the array's). */
export const SolarSeriesInput = Type.Object({
  fromDateTime: Type.Optional(Type.String({ description: 'Default: the calculation fromDateTime' })),
  duration: Type.Integer({
    minimum: 60_000,
    maximum: 86_400_000,
    description: 'Milliseconds per value (3600000 for hourly)',
  }),
  dataSeries: Type.Array(Type.Number(), { minItems: 1, maxItems: MAX_SERIES_LENGTH }),
  side: Type.Optional(Type.String({ description: 'AC (default: the inverter output) or DC (the array output)' })),
  inverterAcKw: Type.Optional(Type.Number({ description: "The PV inverter's AC rating: DC above it is clipped" })),
  dataFactor: Type.Optional(Type.Number({ description: 'Scales every value (a larger or smaller array)' })),
});

export const StorageInput = Type.Object(
  {
    ...BatteryFields,
    solar: Type.Optional(SolarSeriesInput),
    populateDispatch: Type.Optional(
      Type.Boolean({ description: 'Answer the dispatch interval by interval (default true)' }),
    ),
  },
  { description: 'Ratebook extension: a battery behind the meter, with PV beside the usage' },
);

const Series = Type.Array(Type.Number());
export const StorageAnswer = Type.Object({
  dispatchStrategy: Type.String(),
  strategyUsed: Type.String({ description: 'BILL_OPTIMAL falls back to SELF_CONSUMPTION when that bills less' }),
  totalCostWithoutBattery: Type.Number(),
  savings: Type.Number({ description: 'totalCostWithoutBattery less totalCost' }),
  chargeKwh: Type.Number({ description: 'DC into the battery' }),
  dischargeKwh: Type.Number({ description: 'DC out of the battery' }),
  solarToBatteryKwh: Type.Number(),
  gridToBatteryKwh: Type.Number(),
  batteryToLoadKwh: Type.Number(),
  batteryToGridKwh: Type.Number(),
  solarCurtailedKwh: Type.Number({ description: 'DC the inverter clipped and the battery did not take' }),
  lossKwh: Type.Number({ description: 'In less out less the change in what the battery holds' }),
  cycles: Type.Number({ description: 'kWh discharged over the usable capacity' }),
  usableCapacityKwh: Type.Number(),
  endSoc: Type.Number({ description: 'kWh held at toDateTime' }),
  optimiser: Type.Union([
    Type.Object({
      billingPeriods: Type.Integer(),
      objective: Type.Number({ description: 'The bill as the linear programs state it ($), before rounding' }),
      approximations: Type.Array(Type.String()),
    }),
    Type.Null(),
  ]),
  intervals: Type.Optional(
    Type.Object({
      fromDateTime: Type.String(),
      duration: Type.Integer({ description: 'Milliseconds per value (the last may be shorter)' }),
      load: Series,
      solar: Series,
      charge: Series,
      discharge: Series,
      soc: Series,
      gridImport: Series,
      gridExport: Series,
      net: Series,
    }),
  ),
});
