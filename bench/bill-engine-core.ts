// The engine half of bench/bill-engine.ts, run from an esbuild bundle as production runs it (tsx's loader makes
// hot loops measurably slower). Seeds a temporary SQLite database, loads the tariff once, then times calculateBill.
// Tariff: PG&E E-TOU-C (TOU energy with baseline-credit tiers, territory T) plus a TOU demand charge given as a rate
// input, so one bill exercises TOU, tiers and demand. Load: SYNTHETIC (bench/synthetic-load.ts). The last case is a
// solar customer on net metering: hourly load minus SYNTHETIC solar, credits rolled month to month and trued up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runSeeds } from '../src/data/seed.ts';
import { calculateBill } from '../src/engine/bill/calculate.ts';
import type { BillInput } from '../src/engine/bill/types.ts';
import { CalendarsService } from '../src/modules/calendars/calendars.service.ts';
import { readRateInputs } from '../src/modules/calculations/rate-inputs.ts';
import { TariffContextLoader, versionsIn } from '../src/modules/calculations/tariff-context.ts';
import { LsesService } from '../src/modules/lses/lses.service.ts';
import { LookupsRepository } from '../src/domain/properties/lookups.repository.ts';
import { SeasonsRepository } from '../src/modules/seasons/seasons.repository.ts';
import { TimeOfUsesService } from '../src/modules/timeofuses/timeofuses.service.ts';
import { ZipcodesService } from '../src/modules/zipcodes/zipcodes.service.ts';
import {
  BENCH_DEMAND_RATE,
  BENCH_TARIFF,
  BENCH_ZONE,
  median,
  syntheticLoad,
  syntheticSolar,
  YEAR,
} from './synthetic-load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '500' } } });
const runs = Number(values.runs);
const from = DateTime.fromISO(YEAR.from, { zone: BENCH_ZONE }).toMillis();
const to = DateTime.fromISO(YEAR.to, { zone: BENCH_ZONE }).toMillis();

const dir = mkdtempSync(join(tmpdir(), 'ratebook-bill-'));
const db = connectDatabase({ kind: 'sqlite', filename: join(dir, 'bill.sqlite') });
try {
  await migrateToLatest(db);
  await runSeeds(db);
  const now = () => new Date();
  const lses = new LsesService(db, new ZipcodesService(db));
  const seasons = new SeasonsRepository(db);
  const calendars = new CalendarsService(db, (id) => lses.zoneOf(id), now);
  const loader = new TariffContextLoader(
    db,
    seasons,
    new TimeOfUsesService(db, lses, seasons, calendars, now),
    calendars,
    new LookupsRepository(db),
  );
  const tariff = (await loader.tariff(BENCH_TARIFF))!;
  const versions = versionsIn(tariff, from, to);
  const extra = readRateInputs([BENCH_DEMAND_RATE], 'rateInputs', BENCH_ZONE, versions[0]!.tariffId);
  const time = await loader.time([...versions.flatMap((v) => v.rates), ...extra], BENCH_ZONE, from, to, null);
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
    const input: BillInput = {
      from,
      to,
      zone: BENCH_ZONE,
      versions,
      versionFixed: false,
      exportOverride,
      ...time,
      readings: [],
      series: [{ keyName: 'consumption', from, duration: minutes * 60_000, values: load, exports: null }],
      properties: new Map(),
      demandKeys: keys,
      territoryId: 3538,
      extraRates: rates,
      options: {
        billingPeriod: false,
        minimums: true,
        excludeChargeClasses: new Set(),
        detailLevel: 'ALL',
        groupBy: null,
      },
    };
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
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
