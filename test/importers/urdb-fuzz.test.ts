// Fuzzed URDB records: reference records with fields replaced by values of the wrong shape (nulls, strings, empty and
// ragged arrays, out-of-range numbers). Every one must convert or be skipped with a reason, never throw anything
// else; and a file of them must import on both engines without a database error.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importUrdb } from '../../src/importers/urdb.importer.ts';
import { convertUrdb, Skip } from '../../src/importers/urdb/convert.ts';
import { dialects } from '../helpers/dialects.ts';
import { REFERENCE_DIR } from '../helpers/reference.ts';
import { seededSpoiler } from '../helpers/seeded-spoiler.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const DIR = join(REFERENCE_DIR, 'urdb');
const JUNK: unknown[] = [
  null,
  0,
  -1,
  1.5,
  'x',
  '',
  true,
  [],
  [null],
  [[null]],
  [['x']],
  {},
  [{}],
  [[{}]],
  [[{ rate: 'a' }]],
  Array(12).fill(null),
  Array(12).fill([null]),
  Array(12).fill(Array(24).fill(-1)),
  Array(12).fill(Array(24).fill(1.5)),
  1e308,
  '1e999',
  { $date: 1 },
];
const EXTRA_FIELDS = [
  'coincidentratestructure',
  'coincidentschedule',
  'lookbackPercent',
  'lookbackRange',
  'lookbackMonths',
  'fueladjustmentsmonthly',
  'dgrules',
  'demandwindow',
  'demandratchetpercentage',
  'coincidentrateunit',
  'flatdemandunit',
  'mincharge',
  'minchargeunits',
  'fixedchargeunits',
  'eiaid',
  'startdate',
  'enddate',
];

/** Deterministic variants of the reference records, 1 to 3 fields spoilt each. */
function* variants(count: number): Generator<Record<string, unknown>> {
  const records = readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')).items as Record<string, unknown>[]);
  const { rnd, pick } = seededSpoiler(20261122, JUNK);
  for (let n = 0; n < count; n++) {
    const r = structuredClone(pick(records)) as Record<string, any>;
    r.name ??= `fuzz ${n}`;
    r.sector ??= 'Commercial';
    r.startdate ??= 1609459200;
    r.label = `fuzz-${n}`;
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      const field = pick([...Object.keys(r).filter((x) => x !== 'label'), ...EXTRA_FIELDS]);
      const value = r[field];
      if (Array.isArray(value) && value.length && rnd() < 0.5) {
        const i = Math.floor(rnd() * value.length);
        if (Array.isArray(value[i]) && value[i].length && rnd() < 0.5)
          value[i][Math.floor(rnd() * value[i].length)] = structuredClone(pick(JUNK));
        else value[i] = structuredClone(pick(JUNK));
      } else r[field] = structuredClone(pick(JUNK));
    }
    yield r;
  }
}

describe('fuzzed URDB records', () => {
  it('convert or are skipped with a reason, 20,000 of them', (ctx) => {
    if (!existsSync(DIR)) return ctx.skip('../shared/reference is absent');
    const unexpected = new Map<string, number>();
    let skipped = 0;
    for (const r of variants(20_000)) {
      try {
        convertUrdb(r);
      } catch (e) {
        if (e instanceof Skip) skipped++;
        else unexpected.set(String(e), (unexpected.get(String(e)) ?? 0) + 1);
      }
    }
    assert.deepEqual([...unexpected], []);
    assert.ok(skipped > 1000 && skipped < 20_000, `${skipped} skipped: the variants both break and keep records`);
  });
});

for (const dialect of dialects) {
  describe(`fuzzed URDB records imported on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());

    it('import or are skipped, 400 of them in one file, without a database error', async (ctx) => {
      if (!existsSync(DIR)) return ctx.skip('../shared/reference is absent');
      const lines = [...variants(400)].map((r) => JSON.stringify(r)).join('\n');
      const s = await importUrdb(t.db, Readable.from([lines]), 'fuzz.ndjson', {
        lseId: 1000007,
        timeZone: 'America/Denver',
      });
      assert.equal(s.records, 400);
      assert.equal(s.created + s.updated + s.unchanged + s.skipped.length, 400);
      assert.ok(s.created > 50, `${s.created} created`);
    });
  });
}
