// The tariff the engine benches bill: a temporary seeded SQLite database, PG&E E-TOU-C (TOU energy with its
// baseline-credit tiers, territory T) read once for the bench year, plus the bench's TOU demand charge as a rate
// input. `close` drops the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/data/seed.ts';
import type { BillInput } from '../../src/engine/bill/types.ts';
import { CalendarsService } from '../../src/modules/calendars/calendars.service.ts';
import { readRateInputs } from '../../src/modules/calculations/rate-inputs.ts';
import { TariffContextLoader, versionsIn } from '../../src/modules/calculations/tariff-context.ts';
import { LsesService } from '../../src/modules/lses/lses.service.ts';
import { LookupsRepository } from '../../src/domain/properties/lookups.repository.ts';
import { SeasonsRepository } from '../../src/modules/seasons/seasons.repository.ts';
import { TimeOfUsesService } from '../../src/modules/timeofuses/timeofuses.service.ts';
import { ZipcodesService } from '../../src/modules/zipcodes/zipcodes.service.ts';
import { BENCH_DEMAND_RATE, BENCH_TARIFF, BENCH_ZONE, YEAR } from '../synthetic-load.ts';

export async function benchTariff() {
  const from = DateTime.fromISO(YEAR.from, { zone: BENCH_ZONE }).toMillis();
  const to = DateTime.fromISO(YEAR.to, { zone: BENCH_ZONE }).toMillis();
  const dir = mkdtempSync(join(tmpdir(), 'ratebook-bench-'));
  const db = connectDatabase({ kind: 'sqlite', filename: join(dir, 'bench.sqlite') });
  const close = async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
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
    const tariff = (await loader.tariff(BENCH_TARIFF, { orgId: null }))!;
    const versions = versionsIn(tariff, from, to);
    const extra = readRateInputs([BENCH_DEMAND_RATE], 'rateInputs', BENCH_ZONE, versions[0]!.tariffId);
    const time = await loader.time([...versions.flatMap((v) => v.rates), ...extra], BENCH_ZONE, from, to, null);
    /** A bill input for a year of `minutes`-long values on the bench tariff. */
    const input = (values: number[], minutes: number, o: Partial<BillInput> = {}): BillInput => ({
      from,
      to,
      zone: BENCH_ZONE,
      versions,
      versionFixed: false,
      exportOverride: null,
      ...time,
      readings: [],
      series: [{ keyName: 'consumption', from, duration: minutes * 60_000, values, exports: null }],
      properties: new Map(),
      demandKeys: tariff.demandKeys,
      territoryId: 3538,
      extraRates: extra,
      options: {
        billingPeriod: false,
        minimums: true,
        excludeChargeClasses: new Set(),
        detailLevel: 'ALL',
        groupBy: null,
      },
      ...o,
    });
    return { from, to, tariff, versions, extra, time, input, close };
  } catch (e) {
    await close();
    throw e;
  }
}
