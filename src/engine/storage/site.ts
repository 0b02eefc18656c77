// What the battery works against, interval by interval: the home's load and its PV output, on the calculation's
// grid. PV comes as the array's DC output (with the inverter's efficiency and AC rating, so that clipping is known)
// or as AC output already through the inverter (then nothing clipped is known, and DC is taken as AC over the
// inverter's efficiency).

export interface SolarInput {
  side: 'AC' | 'DC';
  /** kWh per interval, on the side named. */
  kwh: Float64Array;
  /** The PV inverter's DC -> AC efficiency (0-1]. */
  dcToAcEfficiency: number;
  /** The PV inverter's AC rating (kW); null: never limits. */
  inverterAcKw: number | null;
}

export interface StorageSite {
  /** Length of each interval in hours (the last may be shorter). */
  hours: Float64Array;
  /** kWh the home uses in each interval (AC, 0 or more). */
  load: Float64Array;
  solar: SolarInput | null;
  /** Local month (1-12), hour (0-23) and day of the week (0 Monday .. 6 Sunday), for schedules. */
  month: Uint8Array;
  hour: Uint8Array;
  weekday: Uint8Array;
}

/** The PV's output without a battery: AC reaching the home's panel, DC available at the array, DC clipped. */
export interface SolarFlows {
  ac: Float64Array;
  dc: Float64Array;
  clipped: Float64Array;
  efficiency: number;
  /** The inverter's AC limit per interval (kWh), Infinity when unlimited. */
  acLimit: Float64Array;
}

export function solarFlows(site: StorageSite): SolarFlows {
  const n = site.load.length;
  const ac = new Float64Array(n);
  const dc = new Float64Array(n);
  const clipped = new Float64Array(n);
  const acLimit = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const s = site.solar;
  if (!s) return { ac, dc, clipped, efficiency: 1, acLimit };
  const eff = s.dcToAcEfficiency;
  for (let t = 0; t < n; t++) {
    if (s.inverterAcKw !== null) acLimit[t] = s.inverterAcKw * site.hours[t]!;
    const v = Math.max(0, s.kwh[t]!);
    if (s.side === 'AC') {
      ac[t] = v;
      dc[t] = v / eff;
    } else {
      dc[t] = v;
      ac[t] = Math.min(v * eff, acLimit[t]!);
      clipped[t] = v - ac[t]! / eff;
    }
  }
  return { ac, dc, clipped, efficiency: eff, acLimit };
}
