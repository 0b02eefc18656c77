// The lookup values CSV importer on both engines: values, zones, replacement, idempotency, a malformed file, gzip,
// and a bill that uses the values through a rate's variableRateKey.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { createGunzip } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { importLookups } from '../../src/importers/lookups.importer.ts';
import { gunzipped, ImportFormatError, isGzipError } from '../../src/importers/source-lines.ts';
import { dialects } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const csv = (text: string) => Readable.from([Buffer.from(text)]);
// Georgia Power's summer fuel rate (key of tariff 512, LSE 2756 in New York's zone): values made up for the test.
const FUEL = [
  'keyName,subKeyName,fromDateTime,toDateTime,actualValue,bestValue',
  'fuelCostRecoverySecondaryDistributionSummer,,2016-06-01,2016-07-01,0.03,',
  'fuelCostRecoverySecondaryDistributionSummer,,2016-07-01,2016-08-01,0.04,',
  '"testImportedKey","zone ""A"", north",2016-07-01T00:00:00Z,2016-07-01T01:00:00Z,1.5,1.25',
].join('\n');

for (const dialect of dialects) {
  describe(`lookup values importer on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
    });
    after(() => t.close());
    const stored = (key: string) =>
      t.db.kysely.selectFrom('property_lookups').selectAll().where('key_name', '=', key).orderBy('from_time').execute();

    it("loads values in the key LSE's zone, creates unknown keys, and changes nothing when run again", async () => {
      const first = await importLookups(t.db, csv(FUEL), 'fuel.csv');
      assert.deepEqual([first.records, first.created, first.updated, first.unchanged], [3, 3, 0, 0]);
      const fuel = await stored('fuelCostRecoverySecondaryDistributionSummer');
      assert.deepEqual(
        fuel.map((r) => [new Date(Number(r.from_time)).toISOString(), r.best_value]),
        [
          ['2016-06-01T04:00:00.000Z', 0.03],
          ['2016-07-01T04:00:00.000Z', 0.04],
        ],
        'local midnights in New York',
      );
      const created = await t.db.kysely
        .selectFrom('property_keys')
        .selectAll()
        .where('key_name', '=', 'testImportedKey')
        .executeTakeFirstOrThrow();
      assert.equal(created.data_type, 'LOOKUP');
      assert.deepEqual(
        (await stored('testImportedKey')).map((r) => [r.sub_key_name, r.actual_value, r.best_value]),
        [['zone "A", north', 1.5, 1.25]],
        'quoted fields; bestValue given',
      );
      const again = await importLookups(t.db, csv(FUEL), 'fuel.csv');
      assert.deepEqual([again.created, again.updated, again.unchanged], [0, 0, 3]);
      assert.equal((await stored('fuelCostRecoverySecondaryDistributionSummer')).length, 2);
      const stats = await t.json(
        '/rest/public/properties/fuelCostRecoverySecondaryDistributionSummer/stats',
        await t.credentials(),
      );
      assert.equal(stats.results[0].lookupCount, 2);
    });

    it('replaces overlapping values, and reads gzip', async () => {
      const revised = [
        'keyName,subKeyName,fromDateTime,toDateTime,actualValue',
        'fuelCostRecoverySecondaryDistributionSummer,,2016-07-01,2016-08-01,0.045',
      ].join('\n');
      const s = await importLookups(t.db, Readable.from([gzipSync(revised)]).pipe(createGunzip()), 'revised.csv.gz');
      assert.deepEqual([s.created, s.updated, s.unchanged], [0, 1, 0]);
      assert.deepEqual(
        (await stored('fuelCostRecoverySecondaryDistributionSummer')).map((r) => r.best_value),
        [0.03, 0.045],
      );
    });

    it("prices Georgia Power R-22's fuel rate from the loaded values", async () => {
      const c = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: 512,
          fromDateTime: '2016-07-01',
          toDateTime: '2016-08-01',
          propertyInputs: [{ keyName: 'consumption', dataValue: 1200 }],
        },
      });
      const r = res.json().results[0];
      // 123.0916 as before (test of the calculation module) plus the fuel 1,200 kWh x 0.045 = 54.00: 177.09.
      assert.equal(r.totalCost, 177.09);
      assert.equal(
        r.items.find(
          (i: { rateGroupName: string; rateName: string }) =>
            i.rateGroupName === 'Fuel Cost Recovery Charge' && i.rateName === 'Summer Rate',
        ).cost,
        54,
      );
    });

    it('refuses a malformed file, naming the line, and leaves nothing of it behind', async () => {
      const before = (await stored('testImportedKey')).length;
      const broken = [
        'keyName,subKeyName,fromDateTime,toDateTime,actualValue',
        'testImportedKey,b,2016-07-02T00:00Z,2016-07-02T01:00Z,2',
        'testImportedKey,b,2016-07-02T01:00Z,2016-07-02T02:00Z,two',
      ].join('\n');
      await assert.rejects(
        importLookups(t.db, csv(broken), 'broken.csv'),
        (e: Error) =>
          e instanceof ImportFormatError && /broken\.csv line 3: actualValue "two" is not a number/.test(e.message),
      );
      assert.equal((await stored('testImportedKey')).length, before, 'the good line before it was rolled back too');
      await assert.rejects(
        importLookups(t.db, csv('keyName,fromDateTime\nx,2016-01-01'), 'short.csv'),
        /short\.csv line 1: the header lacks subKeyName, toDateTime, actualValue/,
      );
      await assert.rejects(
        importLookups(
          t.db,
          csv('keyName,subKeyName,fromDateTime,toDateTime,actualValue\nk,,2016-01-02,2016-01-01,1'),
          'order.csv',
        ),
        /order\.csv line 2: toDateTime must be after fromDateTime/,
      );
      await assert.rejects(
        importLookups(
          t.db,
          csv('keyName,subKeyName,fromDateTime,toDateTime,actualValue\nk,,"2016-01-01,2016-01-02,1'),
          'open.csv',
        ),
        /open\.csv line 2: a quoted field is never closed/,
      );
    });

    it('fails, rather than waits for ever, on gzip that broke before the import began reading', async () => {
      // On PostgreSQL the transaction opens over the network, so broken gzip can fail first; that once hung the request.
      const stream = gunzipped(Readable.from([gzipSync('keyName\n').subarray(0, 15)]));
      await new Promise((resolve) => stream.once('close', resolve));
      assert.ok(stream.errored, 'the stream failed before the import');
      await assert.rejects(importLookups(t.db, stream, 'early.gz'), isGzipError);
    });
  });
}

for (const dialect of dialects) {
  describe(`POST /rest/admin/import/lookups on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());
    const send = async (
      who: { appId: string; appKey: string },
      body: string | Buffer,
      headers: Record<string, string> = {},
      format = 'lookups',
    ) =>
      t.inject({
        method: 'POST',
        url: `/rest/admin/import/${format}`,
        headers: { authorization: t.authHeader(who), 'content-type': 'text/csv', ...headers },
        payload: body,
      });

    it('imports a streamed body (gzip too) for the admin tier only, and names the line of a malformed one', async () => {
      const admin = await t.credentials(['admin']);
      const ok = await send(admin, FUEL);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual([ok.json().type, ok.json().results[0].created], ['ImportSummary', 3]);
      const zipped = await send(admin, gzipSync(FUEL), { 'content-encoding': 'gzip' });
      assert.equal(zipped.json().results[0].unchanged, 3);
      assert.equal((await send(await t.credentials(['signal', 'enterprise']), FUEL)).statusCode, 403);
      const bad = await send(
        admin,
        'keyName,subKeyName,fromDateTime,toDateTime,actualValue\nk,,2016-01-01,2016-01-02,one',
      );
      assert.deepEqual([bad.statusCode, bad.json().results[0].propertyName], [400, 'body']);
      assert.match(bad.json().results[0].message, /line 2: actualValue "one" is not a number/);
      assert.equal((await send(admin, FUEL, {}, 'spreadsheets')).statusCode, 404);
    });
  });
}
