// The engine half of bench/bill-engine.ts, run from an esbuild bundle as production runs it (tsx's loader makes
// hot loops measurably slower). Seeds a temporary SQLite database, loads the tariff once, then times calculateBill.
// Tariff: PG&E E-TOU-C (TOU energy with baseline-credit tiers, territory T) plus a TOU demand charge given as a rate
// input, so one bill exercises TOU, tiers and demand. Load: SYNTHETIC (bench/synthetic-load.ts). The last case is a
// solar customer on net metering: hourly load minus SYNTHETIC solar, credits rolled month to month and trued up.
import { parseArgs } from 'node:util';
import { calculateBill } from '../src/engine/bill/calculate.ts';
import { benchTariff } from './lib/bench-tariff.ts';
import { median, syntheticLoad, syntheticSolar } from './synthetic-load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '500' } } });
const runs = Number(values.runs);

const { tariff, extra, input: billInput, close } = await benchTariff();
try {
  // The third case bills the demand rate on a ratchet key measured over 15-minute intervals from 5-minute data.
  const ratchet = {
    keyName: 'benchRatchet',
    displayName: null,
    formula: '0.8 * #demand',
    intervalMinutes: 15,
    lookback: { periods: 11, factor: 0.8, seasonId: null, touId: null },
  };
  const ratchetRates = extra.map((r) => ({ ...r, quantityKey: ratchet.keyName }));
  const netMetering = { arrangement: 'NET_METERING' as const };
  const cases = [
    [60, '', extra, tariff.demandKeys, null, false],
    [15, '', extra, tariff.demandKeys, null, false],
    [5, ', demand on a 15-minute 80 % ratchet', ratchetRates, new Map([[ratchet.keyName, ratchet]]), null, false],
    [60, ', net load with solar on net metering', extra, tariff.demandKeys, netMetering, true],
  ] as const;
  for (const [minutes, label, rates, keys, exportOverride, solar] of cases) {
    const sun = solar ? syntheticSolar(minutes) : null;
    const load = sun
      ? syntheticLoad(minutes).map((kwh, i) => Math.round((kwh - sun[i]!) * 1000) / 1000)
      : syntheticLoad(minutes);
    const input = billInput(load, minutes, { exportOverride, demandKeys: keys, extraRates: rates });
    for (let i = 0; i < 50; i++) calculateBill(input);
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      total = calculateBill(input).summary.totalCost;
      ms.push(performance.now() - t0);
    }
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(
      `engine, ${load.length} ${minutes}-minute values (one year${label}): median ${median(ms).toFixed(2)} ms, p90 ${sorted[Math.floor(runs * 0.9)]!.toFixed(2)} ms over ${runs} runs (bill $${total})`,
    );
  }
} finally {
  await close();
}
