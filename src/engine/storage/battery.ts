// A behind-the-meter battery as an energy reservoir: the kWh it holds (DC, at its terminals), how fast it charges and
// discharges (kW DC), what each conversion loses, the band of state of charge it works in, and how it is wired to the
// PV system and the grid. The parameters are those of the original API's storage profiles (nameplate power and
// capacity, min / max / initial state of charge, AC-to-DC, DC-to-AC and input efficiencies, DC coupling, grid
// charging and battery export allowed); capacity fade and the backup reserve are Ratebook's.

export type Coupling = 'AC' | 'DC';

export interface Battery {
  /** kWh held at 100 % state of charge (DC). */
  capacityKwh: number;
  /** Most kW DC into the battery's terminals, and out of them. */
  chargeKw: number;
  dischargeKw: number;
  /** Inverter conversion AC -> DC on the way in, DC -> AC on the way out (0-1]. */
  acToDcEfficiency: number;
  dcToAcEfficiency: number;
  /** The share of the DC energy reaching the terminals that is stored (coulombic efficiency, 0-1]. */
  inputEfficiency: number;
  /** Fractions of capacity: the battery's own floor and ceiling, and a backup reserve the dispatch keeps. */
  minSoc: number;
  maxSoc: number;
  reserve: number;
  /** State of charge at the start of the range (fraction of capacity), raised to the working floor if below it. */
  initialSoc: number;
  /** Capacity lost each year in service, compounding (0.02: 2 % a year). */
  capacityFadePerYear: number;
  coupling: Coupling;
  /** Whether the battery may be charged with energy drawn from the grid, and send its energy to the grid. */
  gridCharging: boolean;
  gridExport: boolean;
  /** $ per kWh discharged the optimiser counts as wear (not billed); 0 by default. */
  degradationCostPerKwh: number;
}

/** The original API's defaults where it states them (inverter 96 %, coulombic 97.5 %); the rest Ratebook's. */
export const BATTERY_DEFAULTS: Omit<Battery, 'capacityKwh' | 'chargeKw' | 'dischargeKw'> = {
  acToDcEfficiency: 0.96,
  dcToAcEfficiency: 0.96,
  inputEfficiency: 0.975,
  minSoc: 0,
  maxSoc: 1,
  reserve: 0,
  initialSoc: 0.5,
  capacityFadePerYear: 0,
  coupling: 'AC',
  gridCharging: false,
  gridExport: false,
  degradationCostPerKwh: 0,
};

/** AC in to AC out through the battery: what a spec sheet calls round-trip efficiency. */
export const roundTripEfficiency = (b: Pick<Battery, 'acToDcEfficiency' | 'dcToAcEfficiency' | 'inputEfficiency'>) =>
  b.acToDcEfficiency * b.inputEfficiency * b.dcToAcEfficiency;

/**
 * The three conversions of a round-trip efficiency given alone: the inverter's two halves equal, nothing lost inside
 * the cells (so AC in x rte = AC out, whatever the split).
 */
export function efficienciesOfRoundTrip(
  rte: number,
): Pick<Battery, 'acToDcEfficiency' | 'dcToAcEfficiency' | 'inputEfficiency'> {
  const half = Math.sqrt(rte);
  return { acToDcEfficiency: half, dcToAcEfficiency: half, inputEfficiency: 1 };
}

/** The battery after `years` in service: capacity faded, everything else as it was. */
export const fadedBattery = (b: Battery, years: number): Battery =>
  years <= 0 ? b : { ...b, capacityKwh: b.capacityKwh * (1 - b.capacityFadePerYear) ** years };

/** The kWh band the dispatch keeps to (the floor is the higher of the battery's minimum and the reserve). */
export function socBand(b: Battery): { floor: number; ceiling: number; initial: number } {
  const floor = b.capacityKwh * Math.max(b.minSoc, b.reserve);
  const ceiling = b.capacityKwh * b.maxSoc;
  const initial = Math.min(ceiling, Math.max(floor, b.capacityKwh * b.initialSoc));
  return { floor, ceiling, initial };
}

/** What is wrong with a battery's figures, by field name, or null: the service turns it into a 400. */
export function batteryProblem(b: Battery): { field: keyof Battery; message: string } | null {
  const positive: (keyof Battery)[] = ['capacityKwh', 'chargeKw', 'dischargeKw'];
  for (const f of positive)
    if (!(Number.isFinite(b[f]) && (b[f] as number) > 0 && (b[f] as number) <= 1e6))
      return { field: f, message: `${f} must be a number above 0 and at most 1,000,000` };
  const fractions: (keyof Battery)[] = [
    'acToDcEfficiency',
    'dcToAcEfficiency',
    'inputEfficiency',
    'minSoc',
    'maxSoc',
    'reserve',
    'initialSoc',
    'capacityFadePerYear',
  ];
  for (const f of fractions)
    if (!(Number.isFinite(b[f]) && (b[f] as number) >= 0 && (b[f] as number) <= 1))
      return { field: f, message: `${f} must be a fraction from 0 to 1` };
  for (const f of ['acToDcEfficiency', 'dcToAcEfficiency', 'inputEfficiency'] as const)
    if (b[f] < 0.5) return { field: f, message: `${f} below 0.5 is no battery system's` };
  if (Math.max(b.minSoc, b.reserve) >= b.maxSoc)
    return { field: 'maxSoc', message: 'maxSoc must be above minSoc and the reserve: the battery would hold nothing' };
  if (!(Number.isFinite(b.degradationCostPerKwh) && b.degradationCostPerKwh >= 0 && b.degradationCostPerKwh <= 10))
    return { field: 'degradationCostPerKwh', message: 'degradationCostPerKwh must be from 0 to 10 ($/kWh)' };
  return null;
}
