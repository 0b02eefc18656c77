// Fuzzed original-API tariffs: the recorded tariff 512 with fields replaced by values of the wrong shape. Each must
// import or be skipped with a reason, on both engines; and every tariff that imports must then answer its reads and a
// calculation without a server error.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importTariffJson } from '../../src/importers/tariff-json.importer.ts';
import { dialects } from '../helpers/dialects.ts';
import { REFERENCE_DIR } from '../helpers/reference.ts';
import { seededSpoiler } from '../helpers/seeded-spoiler.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const FILE = join(REFERENCE_DIR, 'genability-recorded', 'tariff-512-with-rates-2016.json');
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
  {},
  [{}],
  1e308,
  3e9,
  '2016-13-45',
  { touId: 'x' },
  { seasonId: 'y' },
  [{ tariffRateBandId: 'z' }],
  { seasonId: 3, seasonFromMonth: 13, seasonFromDay: 1, seasonToMonth: 1, seasonToDay: 1 },
];

function* variants(count: number): Generator<Record<string, any>> {
  const base = JSON.parse(readFileSync(FILE, 'utf8')).response.results[0];
  const { rnd, spoil } = seededSpoiler(11, JUNK, 0.4);
  for (let n = 0; n < count; n++) {
    const r = structuredClone(base);
    r.tariffId = 9_300_000 + n;
    r.masterTariffId = 9_300_000 + n;
    r.rates.forEach((x: any, i: number) => {
      x.tariffRateId = 93_000_000 + n * 100 + i;
      x.rateBands?.forEach((b: any, j: number) => {
        b.tariffRateBandId = 930_000_000 + n * 1000 + i * 10 + j;
      });
    });
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) spoil(r);
    yield r;
  }
}

for (const dialect of dialects) {
  describe(`fuzzed original-API tariffs on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());

    it('import or are skipped, and what imports is read and billed without a server error', async (ctx) => {
      if (!existsSync(FILE)) return ctx.skip('../shared/reference is absent');
      const c = await t.credentials(['signal']);
      let created = 0;
      for (const r of variants(300)) {
        const s = await importTariffJson(t.db, Readable.from([JSON.stringify(r)]), 'fuzz.json');
        assert.equal(s.created + s.skipped.length, 1, JSON.stringify(s));
        if (!s.created) continue;
        created++;
        const read = await t.get(
          `/rest/public/tariffs/${r.masterTariffId}?populateRates=true&populateProperties=true&effectiveOn=2016-06-01`,
          c,
        );
        assert.ok(read.statusCode < 500, `tariff ${r.masterTariffId}: ${read.body.slice(0, 300)}`);
        const bill = await t.inject({
          method: 'POST',
          url: '/rest/v1/ondemand/calculate',
          headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
          payload: {
            masterTariffId: r.masterTariffId,
            fromDateTime: '2016-06-01',
            toDateTime: '2016-07-01',
            propertyInputs: [{ keyName: 'consumption', dataValue: 800 }],
          },
        });
        assert.ok(bill.statusCode < 500, `bill on ${r.masterTariffId}: ${bill.body.slice(0, 300)}`);
      }
      assert.ok(created > 30, `${created} created`);
    });
  });
}
