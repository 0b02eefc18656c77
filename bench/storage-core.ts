// The engine half of bench/storage.ts, run from an esbuild bundle as production runs it. A year of hourly SYNTHETIC
// load and 6 kW of SYNTHETIC PV (bench/synthetic-load.ts) on the bench tariff (PG&E E-TOU-C with its baseline-credit
// tiers plus a TOU demand charge), a 13.5 kWh / 5 kW AC-coupled battery. Times: the SELF_CONSUMPTION dispatch alone
// and with its bills; BILL_OPTIMAL (12 monthly programs solved by HiGHS) and with its bills; 20 battery sizes.
import { parseArgs } from 'node:util';
import { prepareGrid } from '../src/engine/bill/prepared.ts';
import { BATTERY_DEFAULTS, type Battery } from '../src/engine/storage/battery.ts';
import { billOptimal } from '../src/engine/storage/bill-optimal.ts';
import { carryOut } from '../src/engine/storage/dispatch-result.ts';
import { selfConsumption } from '../src/engine/storage/policies.ts';
import { billWithStorage, siteOnGrid, type SolarSeries, type Strategy } from '../src/engine/storage/storage-bill.ts';
import { tariffCosts } from '../src/engine/storage/tariff-costs.ts';
import { highsSolver } from '../src/modules/storage/highs-solver.ts';
import { benchTariff } from './lib/bench-tariff.ts';
import { median, syntheticLoad, syntheticSolar } from './synthetic-load.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, 'optimal-runs': { type: 'string', default: '10' } },
});
const runs = Number(values.runs);
const optimalRuns = Number(values['optimal-runs']);
const solve = await highsSolver();
const battery = (capacityKwh = 13.5): Battery => ({
  ...BATTERY_DEFAULTS,
  capacityKwh,
  chargeKw: 5,
  dischargeKw: 5,
  minSoc: 0.05,
});

const { from, input: billInput, close } = await benchTariff();
try {
  const input = billInput(syntheticLoad(60), 60);
  const solar: SolarSeries = {
    from,
    duration: 3_600_000,
    values: syntheticSolar(60),
    side: 'AC',
    dcToAcEfficiency: 0.96,
    inverterAcKw: null,
  };
  const time = (n: number, warm: number, f: () => void) => {
    for (let i = 0; i < warm; i++) f();
    const ms: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      f();
      const c = process.cpuUsage(c0);
      ms.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
    const sorted = [...ms].sort((a, b) => a - b);
    // CPU time is what the work costs whatever else shares the two cores (the wall time is not, on a busy machine).
    return `median ${median(ms).toFixed(2)} ms (CPU ${median(cpu).toFixed(2)} ms), p90 ${sorted[Math.floor(n * 0.9)]!.toFixed(2)} ms over ${n} runs`;
  };

  const prepared = prepareGrid({ ...input, series: [...input.series] });
  const { site, flows } = siteOnGrid(input, prepared, solar);
  const b = battery();
  console.log(
    `SELF_CONSUMPTION dispatch, 8760 hours: ${time(runs, 20, () => carryOut(b, site, selfConsumption(b, site, flows), undefined, flows))}`,
  );
  const whole = (strategy: Strategy, capacity = 13.5) =>
    billWithStorage(input, { battery: battery(capacity), solar, strategy, schedule: null }, solve);
  let bill = 0;
  console.log(
    `SELF_CONSUMPTION with its bill and the bill without the battery: ${time(runs / 4, 5, () => {
      bill = whole('SELF_CONSUMPTION').bill.summary.totalCost;
    })} (bill $${bill})`,
  );
  const without = carryOut(b, site, () => {}, undefined, flows);
  const base = {
    imported: without.gridImport,
    exported: without.gridExport,
    demandReadings: [],
    spreadFlat: false,
    signed: true,
  };
  let lps = 0;
  console.log(
    `BILL_OPTIMAL, the 12 monthly programs (tariff read, built, solved by HiGHS): ${time(optimalRuns, 2, () => {
      const costs = tariffCosts(prepared, input, base);
      lps = billOptimal(b, site, flows, costs, solve).periods;
    })} (${lps} programs)`,
  );
  let optimal = { total: 0, used: '' };
  console.log(
    `BILL_OPTIMAL with its bill, the bill without the battery and self-consumption's: ${time(optimalRuns, 1, () => {
      const r = whole('BILL_OPTIMAL');
      optimal = { total: r.bill.summary.totalCost, used: r.strategyUsed };
    })} (bill $${optimal.total}, ${optimal.used})`,
  );
  for (const strategy of ['SELF_CONSUMPTION', 'BILL_OPTIMAL'] as const) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const bills = Array.from({ length: 20 }, (_, k) => whole(strategy, 5 + k).bill.summary.totalCost);
    const c = process.cpuUsage(c0);
    console.log(
      `20 battery sizes (5-24 kWh), a year each, ${strategy}: ${(performance.now() - t0).toFixed(0)} ms (CPU ${((c.user + c.system) / 1000).toFixed(0)} ms; bills $${bills[0]} .. $${bills[19]})`,
    );
  }
} finally {
  await close();
}
