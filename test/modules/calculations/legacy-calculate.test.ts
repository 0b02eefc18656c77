// The older calculate operation (GET and POST /rest/public/calculate/{masterTariffId}) over HTTP on the starter
// tariffs: each form answers what POST /rest/v1/ondemand/calculate answers for the same inputs, older field names
// included; every bad parameter is a 400 naming what was sent; the signal tier, credentials and unknown tariffs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

const GA_R22 = 512;
const E1 = 522;
const E_TOU_C = 1100102;
const B19 = 1100107;

type Envelope = { status: string; count: number; type: string; results: Record<string, unknown>[]; requestId?: string };

/** The answer without what differs on every call (its ids). */
function comparable(body: Envelope) {
  assert.equal(body.status, 'success');
  assert.equal(body.count, 1);
  assert.equal(body.type, 'CalculatedCost');
  assert.match(body.requestId ?? '', /^[0-9a-f-]{36}$/);
  const { calculatedCostId, ...rest } = body.results[0]!;
  assert.equal(typeof calculatedCostId, 'string');
  return rest;
}

for (const dialect of dialects) {
  describe(`legacy calculate on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let none: NewCredentials;
    const post = async (url: string, body: unknown, who: NewCredentials | null = c) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (who) headers.authorization = t.authHeader(who);
      const res = await t.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
      return { status: res.statusCode, body: res.json() };
    };
    const v1 = async (body: Record<string, unknown>, query = '') => {
      const r = await post(`/rest/v1/ondemand/calculate${query}`, body);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return comparable(r.body);
    };
    const legacyPost = async (masterTariffId: number, body: Record<string, unknown>, query = '') => {
      const r = await post(`/rest/public/calculate/${masterTariffId}${query}`, body);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return comparable(r.body);
    };
    const legacyGet = async (masterTariffId: number, query: string) => {
      const res = await t.get(`/rest/public/calculate/${masterTariffId}?${query}`, c);
      assert.equal(res.statusCode, 200, res.body);
      return comparable(res.json());
    };
    /** Status and the error's propertyName. */
    const failure = async (res: Promise<{ statusCode: number; json: () => any }>) => {
      const r = await res;
      return [r.statusCode, r.json().results[0].propertyName];
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials(['signal']);
      none = await t.credentials([]);
    });
    after(() => t.close());

    it('POST: the v1 body with the tariff in the path gives the v1 answer', async () => {
      const body = {
        fromDateTime: '2025-07-01',
        toDateTime: '2025-07-08',
        detailLevel: 'RATE',
        groupBy: 'DAY',
        propertyInputs: [
          {
            keyName: 'consumption',
            dataSeries: Array.from({ length: 168 }, (_, h) => (h % 24 >= 16 && h % 24 < 21 ? 1.5 : 0.5)),
            duration: 3_600_000,
          },
        ],
        rateInputs: [{ chargeType: 'CONSUMPTION_BASED', rateName: 'Adder', rateBands: [{ rateAmount: 0.01 }] }],
      };
      const expected = await v1({ ...body, masterTariffId: E_TOU_C });
      assert.ok((expected.items as unknown[]).length > 7, 'a day by day answer');
      assert.deepEqual(await legacyPost(E_TOU_C, body), expected);
      assert.deepEqual(
        await legacyPost(E_TOU_C, { ...body, masterTariffId: E_TOU_C }),
        expected,
        'masterTariffId may repeat the path',
      );
      assert.deepEqual(
        await legacyPost(E_TOU_C, body, '?fields=ext'),
        await v1({ ...body, masterTariffId: E_TOU_C }, '?fields=ext'),
        'fields=ext as v1',
      );
    });

    it('POST: tariffInputs is propertyInputs; territoryId and zipCode of older clients are inputs and address', async () => {
      const range = { fromDateTime: '2025-07-01', toDateTime: '2025-08-01' };
      const expected = await v1({
        ...range,
        masterTariffId: E1,
        propertyInputs: [
          { keyName: 'consumption', dataValue: 600 },
          { keyName: 'territoryId', dataValue: 3538 },
        ],
      });
      assert.equal(expected.totalCost, 285.43);
      assert.deepEqual(
        await legacyPost(E1, {
          ...range,
          tariffInputs: [{ keyName: 'consumption', dataValue: 600 }],
          territoryId: 3538,
        }),
        expected,
      );
      // The Java client's form: values as text, fields it has but that do not change a bill (accuracy) ignored.
      assert.deepEqual(
        await legacyPost(E1, {
          ...range,
          tariffInputs: [
            {
              keyName: 'consumption',
              dataValue: '600',
              fromDateTime: range.fromDateTime,
              toDateTime: range.toDateTime,
            },
          ],
          territoryId: 3538,
          accuracy: 'HIGH',
        }),
        expected,
      );
      // zipCode places the customer (San Francisco: territory T) without adding taxes unless applyUtilityTax says so.
      const placed = { ...range, propertyInputs: [{ keyName: 'consumption', dataValue: 600 }] };
      assert.deepEqual(
        await legacyPost(E1, { ...placed, zipCode: '94110' }),
        await v1({ ...placed, masterTariffId: E1, address: { zip: '94110' }, applyUtilityTax: false }),
      );
      assert.deepEqual(
        await legacyPost(E1, { ...placed, zipCode: '94110', applyUtilityTax: true }),
        await v1({ ...placed, masterTariffId: E1, address: { zip: '94110' } }),
      );
    });

    it('GET: flat parameters are the v1 inputs (consumption over the range, demand, territoryId, any property key)', async () => {
      const july = { fromDateTime: '2025-07-01', toDateTime: '2025-08-01' };
      const e1 = await v1({
        ...july,
        masterTariffId: E1,
        detailLevel: 'CHARGE_TYPE',
        groupBy: 'MONTH',
        propertyInputs: [
          { keyName: 'consumption', dataValue: 600 },
          { keyName: 'territoryId', dataValue: 3538 },
        ],
      });
      assert.equal(e1.totalCost, 285.43);
      assert.deepEqual(
        await legacyGet(
          E1,
          'fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&territoryId=3538&detailLevel=CHARGE_TYPE&groupBy=MONTH',
        ),
        e1,
      );
      // Older clients' extras are ignored: accuracy, betaPopulateAssumptions, credentials in the query (Basic still required).
      assert.deepEqual(
        await legacyGet(
          E1,
          'fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&territoryId=3538&detailLevel=CHARGE_TYPE&groupBy=MONTH&accuracy=1&betaPopulateAssumptions=true&appId=x&appKey=y&masterTariffId=522',
        ),
        e1,
      );

      // An applicability key as keyName=value: the low-income senior credit of R-22 (18.00 off 123.09).
      const senior = await v1({
        fromDateTime: '2016-07-01',
        toDateTime: '2016-08-01',
        masterTariffId: GA_R22,
        propertyInputs: [
          { keyName: 'consumption', dataValue: 1200 },
          { keyName: 'isLowIncomeSeniorCitizen953', dataValue: 'true' },
        ],
      });
      assert.equal(senior.totalCost, 105.09);
      assert.deepEqual(
        await legacyGet(
          GA_R22,
          'fromDateTime=2016-07-01&toDateTime=2016-08-01&consumption=1200&isLowIncomeSeniorCitizen953=true',
        ),
        senior,
      );

      // Demand, the options (minimums, billingPeriod, excludeChargeClass as a list, tariffEffectiveOn) and fields=ext.
      const july26 = { fromDateTime: '2026-07-01', toDateTime: '2026-08-01' };
      const b19 = await v1(
        {
          ...july26,
          masterTariffId: B19,
          billingPeriod: true,
          minimums: false,
          excludeChargeClass: 'TRANSMISSION,NON_BYPASSABLE',
          tariffEffectiveOn: '2026-07-15',
          detailLevel: 'RATE',
          propertyInputs: [
            { keyName: 'consumption', dataValue: 20000 },
            { keyName: 'demand', dataValue: 80 },
          ],
        },
        '?fields=ext',
      );
      assert.ok(
        (b19.items as { chargeType: string }[]).some((i) => i.chargeType === 'DEMAND_BASED'),
        'demand is billed',
      );
      assert.deepEqual(
        await legacyGet(
          B19,
          'fromDateTime=2026-07-01&toDateTime=2026-08-01&consumption=20000&demand=80&billingPeriod=true&minimums=false&excludeChargeClass=TRANSMISSION&excludeChargeClass=NON_BYPASSABLE&tariffEffectiveOn=2026-07-15&detailLevel=RATE&fields=ext',
        ),
        b19,
      );
      const all = await v1({
        ...july26,
        masterTariffId: B19,
        propertyInputs: [
          { keyName: 'consumption', dataValue: 20000 },
          { keyName: 'demand', dataValue: 80 },
        ],
      });
      assert.notEqual(all.totalCost, b19.totalCost, 'the options change the bill, so the comparison above can fail');

      // zipCode places the customer; utility taxes only with applyUtilityTax=true, as the POST.
      const zip = { ...july, masterTariffId: E1, propertyInputs: [{ keyName: 'consumption', dataValue: 600 }] };
      assert.deepEqual(
        await legacyGet(E1, 'fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&zipCode=94110'),
        await v1({ ...zip, address: { zip: '94110' }, applyUtilityTax: false }),
      );
      assert.deepEqual(
        await legacyGet(
          E1,
          'fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&zipCode=94110&applyUtilityTax=true',
        ),
        await v1({ ...zip, address: { zip: '94110' }, applyUtilityTax: true }),
      );
    });

    it('a bad parameter is a 400 naming it as it was sent', async () => {
      await t.expectBadParameters(`/rest/public/calculate/${E1}`, c, [
        ['toDateTime=2025-08-01&consumption=600', 'fromDateTime'],
        ['fromDateTime=2025-07-01&consumption=600', 'toDateTime'],
        ['fromDateTime=yesterday&toDateTime=2025-08-01', 'fromDateTime'],
        ['fromDateTime=2025-07-01&toDateTime=2025-06-01', 'toDateTime'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=abc', 'consumption'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&demand=x', 'demand'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&territoryId=0', 'territoryId'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&consumtion=600', 'consumtion'],
        [
          'fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&cityLimits=Inside&cityLimits=Outside',
          'cityLimits',
        ],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&cityLimits=', 'cityLimits'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&bad%20name=1', 'bad name'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&detailLevel=EVERYTHING', 'detailLevel'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&groupBy=WEEK', 'groupBy'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&excludeChargeClass=SUPPLY,FOOD', 'excludeChargeClass'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&minimums=maybe', 'minimums'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&tariffEffectiveOn=1999-01-01', 'tariffEffectiveOn'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&applyUtilityTax=true', 'zipCode'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&masterTariffId=1100102', 'masterTariffId'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&accountId=abc', 'accountId'],
        ['fromDateTime=2025-07-01&toDateTime=2025-08-01&profileId=p1', 'profileId'],
      ]);
      const url = `/rest/public/calculate/${E1}`;
      const range = { fromDateTime: '2025-07-01', toDateTime: '2025-08-01' };
      const cases: [unknown, string][] = [
        [{ toDateTime: '2025-08-01' }, 'fromDateTime'],
        [{ ...range, tariffInputs: [{ keyName: 'consumption', dataValue: 'lots' }] }, 'tariffInputs[0].dataValue'],
        [{ ...range, tariffInputs: [{ keyName: 'consumtion', dataValue: 600 }] }, 'tariffInputs[0].keyName'],
        [{ ...range, propertyInputs: [{ keyName: 'consumption', dataValue: 'lots' }] }, 'propertyInputs[0].dataValue'],
        [{ ...range, propertyInputs: [], tariffInputs: [] }, 'tariffInputs'],
        [{ ...range, territoryId: 3538, tariffInputs: [{ keyName: 'territoryId', dataValue: 3538 }] }, 'territoryId'],
        [{ ...range, territoryId: 'T' }, 'territoryId'],
        [{ ...range, zipCode: '94110', address: { zip: '94110' } }, 'zipCode'],
        [{ ...range, masterTariffId: E_TOU_C }, 'masterTariffId'],
        [{ ...range, detailLevel: 'EVERYTHING' }, 'detailLevel'],
        [{ ...range, accountId: 'a-1' }, 'accountId'],
        [{ ...range, includeDefaultProfile: true }, 'includeDefaultProfile'],
      ];
      for (const [body, name] of cases) {
        const r = await post(url, body);
        assert.deepEqual([r.status, r.body.results[0].propertyName], [400, name], JSON.stringify(body));
      }
      // Fields that change nothing when off are accepted.
      assert.equal((await post(url, { ...range, includeDefaultProfile: false, accountId: null })).status, 200);
    });

    it('needs credentials and the signal tier, as v1; an unknown tariff is a 404', async () => {
      const query = 'fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600';
      const body = {
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 600 }],
      };
      assert.equal((await t.inject({ method: 'GET', url: `/rest/public/calculate/${E1}?${query}` })).statusCode, 401);
      assert.equal((await post(`/rest/public/calculate/${E1}`, body, null)).status, 401);
      assert.equal((await t.get(`/rest/public/calculate/${E1}?${query}`, none)).statusCode, 403);
      assert.equal((await post(`/rest/public/calculate/${E1}`, body, none)).status, 403);
      assert.deepEqual(await failure(t.get(`/rest/public/calculate/999999?${query}`, c)), [404, 'masterTariffId']);
      const missing = await post('/rest/public/calculate/999999', body);
      assert.deepEqual(
        [missing.status, missing.body.results[0].propertyName, missing.body.results[0].objectName],
        [404, 'masterTariffId', 'Tariff'],
      );
      assert.deepEqual(await failure(t.get(`/rest/public/calculate/abc?${query}`, c)), [400, 'masterTariffId']);
    });
  });
}
