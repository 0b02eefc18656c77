// The original's Java client (Genability/genability-java): every operation of its service classes, read into
// fixtures/java-client-operations.json with the commit it was read at, must be in /openapi.json and answer a request
// as that client would send it (a 2xx, on the starter data and an account and profile made here). Operations being
// built elsewhere would be listed as expected missing (none are now); an entry of that list that is present fails
// the test, so the list is flipped as soon as they land.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../src/modules/keys/keys.service.ts';
import { dialects } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { form, FORM_TYPE } from '../helpers/multipart-form.ts';

interface JavaOperation {
  service: string;
  method: string;
  httpMethod: string;
  path: string;
}
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/java-client-operations.json', import.meta.url), 'utf8'),
) as {
  commit: string;
  operations: JavaOperation[];
};

/** Operations other work is building now: remove each entry when its operation lands. */
const EXPECTED_MISSING = new Set<string>([]);

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

const RANGE = { fromDateTime: '2025-07-01T00:00-07:00', toDateTime: '2025-07-03T00:00-07:00' };
const USAGE = [{ keyName: 'consumption', dataSeries: Array(48).fill(1), duration: 3_600_000 }];
/** An organization's own tariff as TariffService.addTariff sends one. */
const TARIFF_BODY = {
  tariffName: 'Java client co-op',
  lseId: 734,
  effectiveDate: '2025-01-01',
  customerClass: 'RESIDENTIAL',
  rates: [
    { rateName: 'Customer Charge', chargeType: 'FIXED_PRICE', rateBands: [{ rateAmount: 10 }] },
    { rateName: 'Energy', chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 0.2 }] },
  ],
};
const TOU_BODY = {
  lseId: 734,
  touGroupName: 'Java client test',
  timeOfUses: [
    {
      touName: 'Peak',
      touType: 'ON_PEAK',
      touPeriods: [{ fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 20, toMinute: 0 }],
    },
    {
      touName: 'Off-Peak',
      touType: 'OFF_PEAK',
      touPeriods: [
        { fromDayOfWeek: 0, fromHour: 20, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 },
        { fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
      ],
    },
  ],
};

for (const dialect of dialects) {
  describe(`the Java client's ${fixture.operations.length} operations on ${dialect} (genability-java ${fixture.commit.slice(0, 7)})`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let documented: Set<string>;
    const ids: Record<string, string> = {};
    /** A private time-of-use group as made: updating one sends its ids back, as the Java client does. */
    let touGroup: { touGroupId: number; timeOfUses: { touId: number }[] };
    const call = async (method: string, url: string, body?: unknown, type = 'application/json') => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: { authorization: t.authHeader(c), ...(body === undefined ? {} : { 'content-type': type }) },
        ...(body === undefined ? {} : { payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
      });
      return { status: res.statusCode, json: res.json() };
    };
    const made = async (method: string, url: string, body: unknown, field: string) => {
      const r = await call(method, url, body);
      assert.ok(r.status === 200 || r.status === 201, JSON.stringify(r.json));
      return String(r.json.results[0][field]);
    };

    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2025-06-15T12:00:00Z') });
      c = await t.credentials(['signal', 'enterprise', 'privateTou'], 'Java Co');
      const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      documented = new Set(
        Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m, path))),
      );
      const account = { address: { zip: '94110' }, tariffs: [{ masterTariffId: 522 }] };
      ids.accountId = await made('POST', '/rest/v1/accounts', { ...account, providerAccountId: 'java-1' }, 'accountId');
      ids.deleteAccountId = await made(
        'POST',
        '/rest/v1/accounts',
        { ...account, providerAccountId: 'java-2' },
        'accountId',
      );
      ids.profileId = await made(
        'POST',
        '/rest/v1/profiles',
        { providerAccountId: 'java-1', providerProfileId: 'java-p1' },
        'profileId',
      );
      ids.deleteProfileId = await made(
        'POST',
        '/rest/v1/profiles',
        { providerAccountId: 'java-1', providerProfileId: 'java-p2' },
        'profileId',
      );
      const readings = Array.from({ length: 48 }, (_, h) => ({
        fromDateTime: new Date(Date.parse('2025-07-01T07:00:00Z') + h * 3_600_000).toISOString(),
        toDateTime: new Date(Date.parse('2025-07-01T08:00:00Z') + h * 3_600_000).toISOString(),
        quantityValue: 1,
      }));
      assert.equal(
        (await call('POST', `/rest/v1/profiles/${ids.profileId}/readings`, { readingData: readings })).status,
        200,
      );
      const group = await call('POST', '/rest/timeofuses', TOU_BODY);
      assert.equal(group.status, 201, JSON.stringify(group.json));
      touGroup = group.json.results[0];
      ids.touGroupId = String(touGroup.touGroupId);
      ids.tariffId = await made('POST', '/rest/beta/tariffs', TARIFF_BODY, 'tariffId');
    });
    after(() => t.close());

    /** The request each operation is sent: its path with ids made above, and the body its client sends. */
    const request = (op: JavaOperation): { url: string; body?: unknown; type?: string } => {
      const values: Record<string, string> = {
        accountId: op.method === 'deleteAccount' ? ids.deleteAccountId! : ids.accountId!,
        providerAccountId: 'java-1',
        profileId: op.method === 'deleteProfile' ? ids.deleteProfileId! : ids.profileId!,
        providerProfileId: 'java-p1',
        masterTariffId: '522',
        calendarId: '1000001',
        lseId: '734',
        territoryId: '3538',
        keyName:
          op.method === 'getPropertyLookups' || op.method === 'getPropertyStats' ? 'sampleHourlyPrice' : 'cityLimits',
        touGroupId: op.method === 'deletePrivateTimeOfUseGroup' ? ids.touGroupId! : '1',
        masterIncentiveId: '1000001',
        tariffId: ids.tariffId!,
      };
      let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x'));
      if (op.method === 'getTimeOfUseGroup' || op.method === 'getTimeOfUseIntervals')
        url = url.replace('/734/1', '/2756/1');
      const queries: Record<string, string> = {
        getCalendarEventDates: '?calendarId=1000001&fromDateTime=2025-01-01&toDateTime=2025-12-31',
        getAccountRates: '?effectiveOn=2025-07-01',
        getIncentives: '?zipCode=94612&projectType=solarPv&effectiveOn=2025-06-01',
        getIncentiveApplicabilities: '?zipCode=95814&projectType=evCharger',
        getPropertyLookups: '?fromDateTime=2025-07-01&toDateTime=2025-07-02',
        getTariffProperties: '?masterTariffId=522',
        getBestBaseline: '?zipCode=94110&buildingType=singleFamilyDetached',
        getSolarBaseline: '?zipCode=94110&systemSize=4',
        getPrice: '?fromDateTime=2025-07-01&toDateTime=2025-07-02',
        getCalculationInputs: `?fromDateTime=${encodeURIComponent(RANGE.fromDateTime)}&toDateTime=${encodeURIComponent(RANGE.toDateTime)}`,
        runCalculationOnAccount: `?fromDateTime=${encodeURIComponent(RANGE.fromDateTime)}&toDateTime=${encodeURIComponent(RANGE.toDateTime)}`,
        'getCalculatedCost (accountId)': '',
      };
      url += queries[op.method] ?? '';
      const bodies: Record<string, unknown> = {
        calculateSavingsAnalysis: {
          fromDateTime: '2025-07-01',
          address: { zip: '94110' },
          propertyInputs: [
            { keyName: 'masterTariffId', dataValue: 522 },
            { keyName: 'consumption', duration: 3_600_000, dataSeries: Array(8760).fill(0.6) },
            { keyName: 'solarProduction', duration: 3_600_000, dataSeries: Array(8760).fill(0.2) },
          ],
        },
        addAccount: { providerAccountId: 'java-3', address: { zip: '94110' } },
        updateAccount: { accountName: 'Renamed' },
        interviewAccount: [],
        'getCalculatedCost (accountId)': { ...RANGE, masterTariffId: 522 },
        'getCalculatedCost (providerAccountId)': { ...RANGE, masterTariffId: 522 },
        'getCalculatedCost (masterTariffId)': { ...RANGE, tariffInputs: USAGE, zipCode: '94110' },
        addProfile: { providerAccountId: 'java-1', providerProfileId: 'java-p3' },
        updateProfile: { providerProfileId: 'java-p1', profileName: 'Renamed' },
        updateReadings: {
          readingData: [{ fromDateTime: '2025-07-01T00:00', toDateTime: '2025-07-01T01:00', quantityValue: 2 }],
        },
        addReadings: {
          readingData: [{ fromDateTime: '2025-07-01T01:00', toDateTime: '2025-07-01T02:00', quantityValue: 2 }],
        },
        addPrivateTimeOfUseGroup: TOU_BODY,
        addTariff: { ...TARIFF_BODY, tariffName: 'Java client co-op, another' },
        updateTariff: { ...TARIFF_BODY, tariffId: Number(ids.tariffId), tariffName: 'Java client co-op, renamed' },
        updatePrivateTimeOfUseGroup: {
          ...TOU_BODY,
          touGroupId: touGroup.touGroupId,
          timeOfUses: TOU_BODY.timeOfUses.map((tou, k) => ({ ...tou, touId: touGroup.timeOfUses[k]!.touId })),
        },
        getCalculatedCost: { masterTariffId: 522, ...RANGE, propertyInputs: USAGE, address: { zip: '94110' } },
        getMassCalculatedCost: {
          ...RANGE,
          address: { zip: '94110' },
          sharedScenario: { propertyInputs: USAGE },
          scenarios: [{ masterTariffId: 522 }, { masterTariffId: 1100102 }],
        },
      };
      if (op.method === 'uploadFile')
        return {
          url,
          body: form('providerAccountId,accountName\njava-4,Bulk\n', { fileFormat: 'csv' }),
          type: FORM_TYPE,
        };
      if (op.service === 'CalculateService' && op.method.startsWith('getCalculatedCost (accountId)'))
        return { url, body: { ...RANGE, masterTariffId: 522 } };
      return { url, body: bodies[op.method] };
    };

    it('lists 56 operations, each in /openapi.json', () => {
      assert.equal(fixture.operations.length, 56, 'issue #39 counts 56 operations of the Java client');
      const missing = fixture.operations.map((op) => key(op.httpMethod, op.path)).filter((k) => !documented.has(k));
      assert.deepEqual(
        missing.filter((k) => !EXPECTED_MISSING.has(k)),
        [],
        'operations missing from /openapi.json',
      );
      const landed = [...EXPECTED_MISSING].filter((k) => documented.has(k));
      assert.deepEqual(landed, [], 'now in /openapi.json: remove these from EXPECTED_MISSING');
    });

    for (const op of fixture.operations) {
      const name = `${op.service}.${op.method}: ${op.httpMethod} ${op.path}`;
      const expectedMissing = EXPECTED_MISSING.has(key(op.httpMethod, op.path));
      it(`${name} answers`, {
        skip: expectedMissing ? 'being built elsewhere (issue #39): expected missing' : false,
      }, async () => {
        const { url, body, type } = request(op);
        const r = await call(op.httpMethod, url, body, type);
        assert.ok(
          r.status >= 200 && r.status < 300,
          `${op.httpMethod} ${url}: ${r.status} ${JSON.stringify(r.json).slice(0, 600)}`,
        );
        assert.equal(r.json.status, 'success');
      });
    }
  });
}
