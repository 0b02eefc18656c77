// Each input that once crashed the process or answered 500, kept fixed: infinite and unsafe numbers, undecodable URLs,
// over-long path parameters, JSON nested too deep, imports without a body or with broken gzip, impossible years,
// credentials no application can have, unknown TOUs and seasons in rate inputs, and usage values beyond any meter.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** A GET over a real socket with the path exactly as given (fetch would normalize it). */
function rawGet(base: URL, path: string, authorization: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const r = request({ host: base.hostname, port: base.port, path, headers: { authorization } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    r.on('error', reject);
    r.end();
  });
}

for (const dialect of dialects) {
  describe(`hostile input on ${dialect}`, () => {
    let t: TestApp;
    let auth: string;
    let base: URL;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      auth = t.authHeader(await t.credentials(['signal', 'enterprise', 'privateTou', 'admin']));
      base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    });
    after(() => t.close());

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.inject({
        method: 'POST',
        url,
        headers: { authorization: auth, 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const named = (res: { statusCode: number; body: string; json(): any }, status: number, propertyName: string) => {
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.json().status, 'error');
      assert.equal(res.json().results[0].propertyName, propertyName, res.body);
    };

    it('refuses infinite and unsafe numbers in a query as a 400 naming the parameter', async () => {
      for (const v of ['Infinity', '-Infinity', '%2BInfinity', '1e309', '-1e309', '9007199254740993']) {
        named(
          await t.inject({ method: 'GET', url: `/rest/public/lses?pageCount=${v}`, headers: { authorization: auth } }),
          400,
          'pageCount',
        );
        named(
          await t.inject({
            method: 'GET',
            url: `/rest/public/seasons?lseId=734&pageStart=${v}`,
            headers: { authorization: auth },
          }),
          400,
          'pageStart',
        );
      }
      named(
        await t.inject({
          method: 'GET',
          url: '/rest/v1/prices/smart?masterTariffId=1100102&consumptionAmount=1e309',
          headers: { authorization: auth },
        }),
        400,
        'consumptionAmount',
      );
      named(
        await t.inject({ method: 'GET', url: '/rest/public/lses/Infinity', headers: { authorization: auth } }),
        400,
        'lseId',
      );
    });

    it('refuses "Infinity" and 1e309 in a body, which once grew an array without end and aborted the process', async () => {
      const period = { fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 };
      for (const toDayOfWeek of ['Infinity', '-Infinity', '1e309']) {
        const res = await post('/rest/timeofuses', {
          lseId: 734,
          timeOfUses: [{ touName: 'All', touType: 'OFF_PEAK', touPeriods: [{ ...period, toDayOfWeek }] }],
        });
        named(res, 400, 'timeOfUses[0].touPeriods[0].toDayOfWeek');
        assert.match(res.json().results[0].message, /finite/);
      }
      // A JSON number too large for a double parses as Infinity.
      const text = JSON.stringify({
        lseId: 734,
        timeOfUses: [{ touName: 'All', touType: 'OFF_PEAK', touPeriods: [{ ...period, toDayOfWeek: 9 }] }],
      }).replace('"toDayOfWeek":9', '"toDayOfWeek":1e309');
      named(await post('/rest/timeofuses', text), 400, 'timeOfUses[0].touPeriods[0].toDayOfWeek');
      const calc = JSON.stringify({
        masterTariffId: 522,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 5 }],
      }).replace('"dataValue":5', '"dataValue":1e309');
      named(await post('/rest/v1/ondemand/calculate', calc), 400, 'propertyInputs[0].dataValue');
    });

    it('refuses usage values beyond any meter, which once made the summary infinite (a 500)', async () => {
      const series = Array.from({ length: 48 }, () => 1);
      series[2] = -1e308;
      const res = await post('/rest/v1/ondemand/calculate', {
        masterTariffId: 522,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-07-03',
        propertyInputs: [{ keyName: 'consumption', dataSeries: series, duration: 3_600_000 }],
      });
      named(res, 400, 'propertyInputs[0].dataSeries[2]');
      named(
        await post('/rest/v1/ondemand/calculate', {
          masterTariffId: 522,
          fromDateTime: '2025-07-01',
          toDateTime: '2025-08-01',
          propertyInputs: [{ keyName: 'consumption', dataValue: 1e9, dataFactor: 1e300 }],
        }),
        400,
        'propertyInputs[0].dataValue',
      );
    });

    it('answers an undecodable or over-long URL in the envelope, naming the part at fault', async () => {
      for (const path of ['/rest/public/tariffs/%zz', '/rest/public/zipcodes/%C3%28', '/rest/public/lses/%']) {
        const res = await rawGet(base, path, auth);
        assert.deepEqual([res.status, res.body.status, res.body.results[0].propertyName], [400, 'error', 'path'], path);
      }
      for (const [path, name] of [
        ['/rest/public/lses?search=%E0%A4%A', 'search'],
        ['/rest/public/lses?search=ok&country=%C3%28', 'country'],
        ['/rest/public/zipcodes?%zz=1', 'query'],
      ]) {
        const res = await rawGet(base, path!, auth);
        assert.deepEqual([res.status, res.body.results[0].propertyName], [400, name], path);
      }
      const long = await rawGet(base, `/rest/public/lses/${'9'.repeat(150)}`, auth);
      assert.deepEqual([long.status, long.body.results[0].propertyName], [400, 'path']);
    });

    it('refuses JSON nested deeper than 100 levels before anything reads it', async () => {
      const deep = `${'{"a":['.repeat(20_000)}1${']}'.repeat(20_000)}`;
      named(await post('/rest/echo', deep), 400, 'body');
      named(await post('/rest/v1/ondemand/calculate', deep), 400, 'body');
      named(await post('/rest/admin/import/urdb', `[${deep}]`), 400, 'body');
      // 100 levels is fine.
      const ok = await post('/rest/echo', `${'['.repeat(99)}1${']'.repeat(99)}`);
      assert.equal(ok.statusCode, 200, ok.body);
    });

    it('answers an admin import without a body, or with broken gzip, with a 400 naming the body', async () => {
      named(
        await t.inject({ method: 'POST', url: '/rest/admin/import/lookups', headers: { authorization: auth } }),
        400,
        'body',
      );
      const broken = gzipSync('keyName,subKeyName,fromDateTime,toDateTime,actualValue\n').subarray(0, 15);
      for (let k = 0; k < 5; k++) {
        named(
          await t.inject({
            method: 'POST',
            url: '/rest/admin/import/lookups',
            headers: { authorization: auth, 'content-type': 'application/gzip' },
            payload: broken,
          }),
          400,
          'body',
        );
        named(
          await t.inject({
            method: 'POST',
            url: '/rest/admin/import/lookups',
            headers: { authorization: auth, 'content-type': 'text/csv', 'content-encoding': 'gzip' },
            payload: 'keyName\n',
          }),
          400,
          'body',
        );
      }
      assert.equal((await t.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    });

    it('refuses dates outside the years 1900-2199 by name', async () => {
      for (const d of ['-2024-01-01', '-002024-01-01', '+275760-09-13T00:00:00Z', '1899-12-31', '2200-01-01']) {
        named(
          await t.inject({
            method: 'GET',
            url: `/rest/public/calendars/dates?fromDateTime=${encodeURIComponent(d)}`,
            headers: { authorization: auth },
          }),
          400,
          'fromDateTime',
        );
      }
      named(
        await post('/rest/v1/ondemand/calculate', {
          masterTariffId: 522,
          fromDateTime: '-2025-07-01',
          toDateTime: '2025-08-01',
        }),
        400,
        'fromDateTime',
      );
    });

    it('refuses credentials no application can have without asking the database', async () => {
      for (const [appId, appKey] of [
        ['ab\u0000c', 'key'],
        ['app', 'k\u0000ey'],
        ['a'.repeat(300), 'key'],
        ['tab\there', 'key'],
      ]) {
        const res = await t.inject({
          method: 'GET',
          url: '/rest/echo',
          headers: { authorization: `Basic ${Buffer.from(`${appId}:${appKey}`).toString('base64')}` },
        });
        assert.equal(res.statusCode, 401, res.body);
        assert.equal(res.json().results[0].code, 'Unauthenticated');
      }
    });

    it('refuses a rate input naming a TOU or season that does not exist, instead of billing it nothing', async () => {
      const body = (rate: Record<string, unknown>) => ({
        masterTariffId: 522,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 600 }],
        rateInputs: [{ chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 1 }], ...rate }],
      });
      named(
        await post('/rest/v1/ondemand/calculate', body({ timeOfUse: { touId: 999_999 } })),
        400,
        'rateInputs[0].timeOfUse.touId',
      );
      named(
        await post('/rest/v1/ondemand/calculate', body({ season: { seasonId: 999_999 } })),
        400,
        'rateInputs[0].season.seasonId',
      );
      const mass = await post('/rest/v1/ondemand/calculate/mass', {
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        scenarios: [
          {
            masterTariffId: 522,
            rateInputs: body({ timeOfUse: { touId: 999_999 } }).rateInputs,
            propertyInputs: [{ keyName: 'consumption', dataValue: 1 }],
          },
        ],
      });
      named(mass, 400, 'scenarios[0].rateInputs[0].timeOfUse.touId');
      // A TOU that exists is billed: PG&E E-TOU-C's peak (touId 1000001), one dollar a kWh on top of E-1.
      const res = await post('/rest/v1/ondemand/calculate', body({ timeOfUse: { touId: 1000001 } }));
      assert.equal(res.statusCode, 200, res.body);
    });
  });
}
