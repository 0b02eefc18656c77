// The bill benchmarks' inputs. The load is SYNTHETIC (a formula, not metered data): a base, an evening peak and a
// seasonal swing, in kWh per interval.
export const BENCH_TARIFF = 1100102; // PG&E E-TOU-C
export const BENCH_ZONE = 'America/Los_Angeles';
export const YEAR = { from: '2025-01-01', to: '2026-01-01' };
/** A TOU demand charge added as a rate input, so the bill also exercises demand. */
export const BENCH_DEMAND_RATE = {
  rateGroupName: 'Bench demand',
  chargeType: 'DEMAND_BASED',
  timeOfUse: { touId: 1000002 },
  rateBands: [{ rateAmount: 5 }],
};

export function syntheticLoad(minutes: number): number[] {
  const n = Math.round((365 * 1440) / minutes);
  return Array.from({ length: n }, (_, i) => {
    const hour = ((i * minutes) / 60) % 24;
    const day = (i * minutes) / 1440;
    const kw = 0.4 + (hour >= 17 && hour < 22 ? 1.2 : 0) + 0.3 * Math.cos((2 * Math.PI * (day - 200)) / 365);
    return Math.round(kw * (minutes / 60) * 1000) / 1000;
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * SYNTHETIC rooftop solar in kWh per interval (a formula, not a measured profile): a 6 kW array on a half-sine from
 * 6 am to 6 pm, a little stronger in summer. Subtracted from the load it gives a net load that exports at midday.
 */
export function syntheticSolar(minutes: number): number[] {
  const n = Math.round((365 * 1440) / minutes);
  return Array.from({ length: n }, (_, i) => {
    const hour = ((i * minutes) / 60) % 24;
    const day = (i * minutes) / 1440;
    const sun = hour >= 6 && hour < 18 ? Math.sin((Math.PI * (hour - 6)) / 12) : 0;
    const kw = 6 * sun * (0.8 + 0.2 * Math.cos((2 * Math.PI * (day - 172)) / 365));
    return Math.round(kw * (minutes / 60) * 1000) / 1000;
  });
}
