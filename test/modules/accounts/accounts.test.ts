// Accounts over the API: create, read, update, upsert, list and delete by accountId and providerAccountId; properties
// checked against their keys; tariffs over time; and another organization refused (404) operation by operation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E1 = 522;
const ETOUC = 1100102;

for (const dialect of dialects) {
  describe(`accounts on ${dialect}`, () => {
    let t: TestApp;
    let a: NewCredentials;
    let b: NewCredentials;
    const call = async (c: NewCredentials, method: string, url: string, body?: unknown) => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: {
          authorization: t.authHeader(c),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, json: res.json() };
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2025-06-15T12:00:00Z') });
      a = await t.credentials(['signal'], 'Org A');
      b = await t.credentials(['signal'], 'Org B');
    });
    after(() => t.close());

    it('creates an account whose address places it: ZIP, zone, climate zone, and PG&E as its LSE', async () => {
      const r = await call(a, 'POST', '/rest/v1/accounts', {
        providerAccountId: 'cust-1',
        accountName: 'Mission home',
        address: { addressString: '1 Valencia St, San Francisco CA 94110' },
        properties: { customerClass: { keyName: 'customerClass', dataValue: '1' } },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const acct = r.json.results[0];
      assert.equal(r.json.type, 'Account');
      assert.match(acct.accountId, /^[0-9a-f-]{36}$/);
      assert.equal(acct.providerAccountId, 'cust-1');
      assert.equal(acct.status, 'ACTIVE');
      assert.equal(acct.type, 'CUSTOMER');
      assert.equal(acct.place.zipCode, '94110');
      assert.equal(acct.place.timeZone, 'America/Los_Angeles');
      assert.equal(acct.place.lseId, 734);
      assert.equal(acct.properties.customerClass.dataValue, '1');
      assert.deepEqual(acct.tariffs, []);
      // Read back both ways.
      assert.equal(
        (await call(a, 'GET', `/rest/v1/accounts/${acct.accountId}`)).json.results[0].accountName,
        'Mission home',
      );
      assert.equal((await call(a, 'GET', '/rest/v1/accounts/pid/cust-1')).json.results[0].accountId, acct.accountId);
    });

    it('updates by PUT (fields sent replace, others kept) and upserts by providerAccountId', async () => {
      const r = await call(a, 'PUT', '/rest/v1/accounts/pid/cust-1', { accountName: 'Mission home (renamed)' });
      assert.equal(r.status, 200);
      assert.equal(r.json.results[0].accountName, 'Mission home (renamed)');
      assert.equal(r.json.results[0].place.zipCode, '94110');
      const up = await call(a, 'PUT', '/rest/v1/accounts', {
        providerAccountId: 'cust-1',
        customerOrgName: 'Acme Solar',
      });
      assert.equal(up.json.results[0].accountName, 'Mission home (renamed)');
      assert.equal(up.json.results[0].customerOrgName, 'Acme Solar');
      const fresh = await call(a, 'PUT', '/rest/v1/accounts', {
        providerAccountId: 'cust-2',
        accountName: 'Oakland flat',
        address: { zip: '94612' },
      });
      assert.equal(fresh.status, 200);
      assert.notEqual(fresh.json.results[0].accountId, up.json.results[0].accountId);
    });

    it("lists the organization's accounts, paged, searchable and sortable", async () => {
      const all = await call(a, 'GET', '/rest/v1/accounts?sortOn=accountName');
      assert.equal(all.json.count, 2);
      assert.deepEqual(
        all.json.results.map((x: { accountName: string }) => x.accountName),
        ['Mission home (renamed)', 'Oakland flat'],
      );
      const found = await call(a, 'GET', '/rest/v1/accounts?search=oak');
      assert.equal(found.json.count, 1);
      const paged = await call(a, 'GET', '/rest/v1/accounts?pageCount=1&pageStart=1&sortOn=accountName&sortOrder=DESC');
      assert.equal(paged.json.count, 2);
      assert.equal(paged.json.results[0].accountName, 'Mission home (renamed)');
      assert.equal((await call(b, 'GET', '/rest/v1/accounts')).json.count, 0);
    });

    it('refuses bad input with a 400 naming it, and changes nothing', async () => {
      const cases: [unknown, string][] = [
        [{ providerAccountId: 'cust-1' }, 'providerAccountId'],
        [{ address: { addressString: 'somewhere nice' } }, 'addressString'],
        [{ properties: { customerClass: { dataValue: 'CASTLE' } } }, 'properties.customerClass.dataValue'],
        [{ properties: [{ keyName: 'noSuchKey', dataValue: '1' }] }, 'properties[0].keyName'],
        [{ properties: [{ keyName: 'cityLimits', dataValue: 'Nowhere' }] }, 'properties[0].dataValue'],
        [{ tariffs: [{ masterTariffId: 99999999 }] }, 'tariffs[0].masterTariffId'],
        [{ status: 'HAPPY' }, 'status'],
      ];
      for (const [body, name] of cases) {
        const r = await call(a, 'POST', '/rest/v1/accounts', body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.json.results[0].propertyName, name, JSON.stringify(r.json));
      }
      assert.equal((await call(a, 'GET', '/rest/v1/accounts')).json.count, 2);
    });

    it('keeps properties one key at a time, checked against their keys', async () => {
      const set = await call(a, 'PUT', '/rest/v1/accounts/pid/cust-1/properties/cityLimits', { dataValue: 'Inside' });
      assert.equal(set.status, 200, JSON.stringify(set.json));
      assert.equal(set.json.results[0].dataValue, 'Inside');
      const list = await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/properties');
      assert.deepEqual(list.json.results.map((p: { keyName: string }) => p.keyName).sort(), [
        'cityLimits',
        'customerClass',
      ]);
      assert.equal(
        (await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/properties/cityLimits')).json.results[0].dataType,
        'CHOICE',
      );
      assert.equal((await call(a, 'DELETE', '/rest/v1/accounts/pid/cust-1/properties/cityLimits')).status, 200);
      assert.equal((await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/properties/cityLimits')).status, 404);
    });

    it('keeps tariffs over time and answers which tariff held when; without one, the default of its LSE and class', async () => {
      const before = await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/tariffs');
      assert.equal(before.status, 200, JSON.stringify(before.json));
      assert.equal(before.json.results[0].source, 'DEFAULT');
      assert.equal(before.json.results[0].masterTariffId, E1);
      assert.equal(
        (
          await call(a, 'PUT', '/rest/v1/accounts/pid/cust-1/tariffs', {
            masterTariffId: E1,
            effectiveDate: '2025-03-01',
          })
        ).status,
        200,
      );
      const set = await call(a, 'POST', '/rest/v1/accounts/pid/cust-1/tariffs', {
        masterTariffId: ETOUC,
        effectiveDate: '2025-07-01',
      });
      assert.deepEqual(
        set.json.results.map((x: { masterTariffId: number; effectiveDate: string; endDate: string | null }) => [
          x.masterTariffId,
          x.effectiveDate,
          x.endDate,
        ]),
        [
          [E1, '2025-03-01', '2025-07-01'],
          [ETOUC, '2025-07-01', null],
        ],
      );
      const june = await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/tariffs?effectiveOn=2025-06-15');
      assert.deepEqual(
        june.json.results.map((x: { masterTariffId: number }) => x.masterTariffId),
        [E1],
      );
      const range = await call(
        a,
        'GET',
        '/rest/v1/accounts/pid/cust-1/tariffs?fromDateTime=2025-06-01&toDateTime=2025-08-01',
      );
      assert.equal(range.json.count, 2);
      const rates = await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/rates?effectiveOn=2025-08-01');
      assert.equal(rates.status, 200, JSON.stringify(rates.json));
      assert.ok(rates.json.results.length > 0);
      // E-TOU-C's version of 2025-03-01 to 2025-09-01 (tariffId 1100003) holds on 2025-08-01.
      assert.ok(
        rates.json.results.every((r: { tariffId: number }) => r.tariffId === 1100003),
        JSON.stringify(rates.json.results.map((r: { tariffId: number }) => r.tariffId)),
      );
    });

    it('answers the interview: what its tariffs ask, with its answers', async () => {
      const r = await call(a, 'GET', '/rest/v1/accounts/pid/cust-1/interview');
      assert.equal(r.status, 200, JSON.stringify(r.json));
      for (const q of r.json.results) assert.ok(q.masterTariffIds.length > 0);
      const answered = await call(a, 'PUT', '/rest/v1/accounts/pid/cust-1/interview', {});
      assert.equal(answered.status, 200);
    });

    it('hides an account from every other organization: 404 for each operation, both ways of naming it', async () => {
      const id = (await call(a, 'GET', '/rest/v1/accounts/pid/cust-1')).json.results[0].accountId;
      for (const base of [`/rest/v1/accounts/${id}`, '/rest/v1/accounts/pid/cust-1']) {
        const ops: [string, string, unknown?][] = [
          ['GET', base],
          ['PUT', base, { accountName: 'mine now' }],
          ['GET', `${base}/properties`],
          ['PUT', `${base}/properties`, { keyName: 'cityLimits', dataValue: 'Inside' }],
          ['GET', `${base}/properties/customerClass`],
          ['PUT', `${base}/properties/cityLimits`, { dataValue: 'Inside' }],
          ['DELETE', `${base}/properties/customerClass`],
          ['GET', `${base}/tariffs`],
          ['PUT', `${base}/tariffs`, { masterTariffId: E1 }],
          ['DELETE', `${base}/tariffs`],
          ['GET', `${base}/rates`],
          ['GET', `${base}/interview`],
          ['PUT', `${base}/interview`, {}],
          ['POST', `${base}/calculate`, { fromDateTime: '2025-06-01', toDateTime: '2025-07-01' }],
          ['DELETE', base],
        ];
        for (const [method, url, body] of ops) {
          const r = await call(b, method, url, body);
          assert.equal(r.status, 404, `${method} ${url}: ${JSON.stringify(r.json)}`);
          assert.equal(r.json.results[0].objectName, 'Account');
        }
      }
      // Org B's own account under the same providerAccountId is a different account.
      const own = await call(b, 'POST', '/rest/v1/accounts', {
        providerAccountId: 'cust-1',
        accountName: "B's customer",
      });
      assert.equal(own.status, 200);
      assert.notEqual(own.json.results[0].accountId, id);
      assert.equal(
        (await call(a, 'GET', '/rest/v1/accounts/pid/cust-1')).json.results[0].accountName,
        'Mission home (renamed)',
      );
    });

    it("filters tariff discovery by an account: its LSE, ZIP code and class; another organization's account is a 404", async () => {
      const id = (await call(a, 'GET', '/rest/v1/accounts/pid/cust-1')).json.results[0].accountId;
      const listed = await call(a, 'GET', `/rest/public/tariffs?accountId=${id}`);
      assert.equal(listed.status, 200, JSON.stringify(listed.json));
      assert.ok(listed.json.count > 0);
      assert.ok(
        listed.json.results.every(
          (x: { lseId: number; customerClass: string }) => x.lseId === 734 && x.customerClass === 'RESIDENTIAL',
        ),
      );
      assert.equal((await call(b, 'GET', `/rest/public/tariffs?accountId=${id}`)).status, 404);
    });

    it('needs credentials and the signal tier', async () => {
      assert.equal((await t.inject({ method: 'GET', url: '/rest/v1/accounts' })).statusCode, 401);
      const plain = await t.credentials([], 'Org C');
      assert.equal((await call(plain, 'GET', '/rest/v1/accounts')).status, 403);
    });

    it('deletes an account and only it', async () => {
      const del = await call(a, 'DELETE', '/rest/v1/accounts/pid/cust-2');
      assert.equal(del.status, 200);
      assert.equal(del.json.results[0].accountName, 'Oakland flat');
      assert.equal((await call(a, 'GET', '/rest/v1/accounts/pid/cust-2')).status, 404);
      assert.equal((await call(a, 'GET', '/rest/v1/accounts')).json.count, 1);
    });
  });
}
