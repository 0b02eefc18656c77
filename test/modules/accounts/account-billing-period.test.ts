// The account calculation takes isBillingPeriod, the original SDKs' name for billingPeriod, as the on-demand
// calculations do (#19): a billing cycle across two months is billed as one period under either name, as prorated
// months under neither; both, differing, is a 400 naming isBillingPeriod. Worked by hand on a flat tariff this test
// imports: 10.00 a month fixed, 0.20 a kWh.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const FLAT = 9400011;
const ZONE = 'America/Chicago';
const tariff = {
  tariffId: 9400012,
  masterTariffId: FLAT,
  tariffName: 'Test account flat',
  lseId: 9400003,
  lseName: 'Test Account Electric',
  tariffType: 'DEFAULT',
  customerClass: 'RESIDENTIAL',
  effectiveDate: '2020-01-01',
  endDate: null,
  timeZone: ZONE,
  rates: [
    {
      tariffRateId: 9400041,
      tariffSequenceNumber: 1,
      rateGroupName: 'Fixed',
      rateName: 'Customer charge',
      chargeType: 'FIXED_PRICE',
      chargePeriod: 'MONTHLY',
      rateBands: [{ tariffRateBandId: 9400051, rateAmount: 10, rateUnit: 'COST_PER_UNIT' }],
    },
    {
      tariffRateId: 9400042,
      tariffSequenceNumber: 2,
      rateGroupName: 'Energy',
      rateName: 'Energy',
      chargeType: 'CONSUMPTION_BASED',
      rateBands: [{ tariffRateBandId: 9400052, rateAmount: 0.2, rateUnit: 'COST_PER_UNIT' }],
    },
  ],
};
/** The cycle: 10 April to 10 May 2020 in Chicago (the account has no address, so the offset says where), 720 hours (no clock change), 0.5 kWh each. */
const CYCLE = { fromDateTime: '2020-04-10T00:00:00-05:00', toDateTime: '2020-05-10T00:00:00-05:00' };
const start = DateTime.fromISO('2020-04-10T00:00', { zone: ZONE });
const readings = Array.from({ length: 720 }, (_, k) => ({
  fromDateTime: start.plus({ hours: k }).toISO(),
  toDateTime: start.plus({ hours: k + 1 }).toISO(),
  quantityUnit: 'kWh',
  quantityValue: 0.5,
}));

for (const dialect of dialects) {
  describe(`the account calculation's isBillingPeriod on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let accountId: string;
    const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.inject({
        method,
        url,
        headers: {
          authorization: t.authHeader(c),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, json: res.json() };
    };
    const total = async (body: object, url = `/rest/v1/accounts/${accountId}/calculate`) => {
      const r = await send('POST', url, { ...CYCLE, ...body });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      return r.json.results[0].totalCost as number;
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal'], 'Billing Period Co');
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify([tariff])]), 'account-billing-period.json');
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
      const acct = await send('POST', '/rest/v1/accounts', {
        providerAccountId: 'cycle-1',
        properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
        tariffs: [{ masterTariffId: FLAT, effectiveDate: '2020-01-01' }],
      });
      assert.equal(acct.status, 200, JSON.stringify(acct.json));
      accountId = acct.json.results[0].accountId;
      const profile = await send('POST', '/rest/v1/profiles', {
        accountId,
        providerProfileId: 'cycle-meter',
        profileName: 'Meter',
        source: { sourceId: 'ReadingEntry' },
      });
      assert.equal(profile.status, 200, JSON.stringify(profile.json));
      const up = await send('POST', `/rest/v1/profiles/${profile.json.results[0].profileId}/readings`, {
        readingData: readings,
      });
      assert.equal(up.status, 200, JSON.stringify(up.json));
    });
    after(() => t.close());

    it('bills a cycle across two months as one period under isBillingPeriod, as under billingPeriod', async () => {
      // Energy either way: 720 h x 0.5 kWh = 360 kWh x 0.20 = 72.00.
      // As prorated months: 10 x 21/30 (10-30 April) + 10 x 9/31 (1-9 May) = 7.00 + 2.903226 = 9.903226; total 81.903226 -> 81.90.
      // As one billing period: the monthly 10.00 whole; total 82.00.
      assert.equal(await total({}), 81.9);
      assert.equal(await total({ billingPeriod: true }), 82);
      assert.equal(await total({ isBillingPeriod: true }), 82);
      assert.equal(await total({ isBillingPeriod: false }), 81.9);
      assert.equal(await total({ isBillingPeriod: true, billingPeriod: true }), 82, 'both, agreeing');
      // By providerAccountId, and the older clients' form (body, and options as query parameters).
      assert.equal(await total({ isBillingPeriod: true }, '/rest/v1/accounts/pid/cycle-1/calculate'), 82);
      assert.equal(await total({ isBillingPeriod: true }, `/rest/public/calculate/account/${accountId}`), 82);
      const query = await send(
        'GET',
        `/rest/public/calculate/account/${accountId}?fromDateTime=${encodeURIComponent(CYCLE.fromDateTime)}&toDateTime=${encodeURIComponent(CYCLE.toDateTime)}&isBillingPeriod=true`,
      );
      assert.equal(query.status, 200, JSON.stringify(query.json));
      assert.equal(query.json.results[0].totalCost, 82);
    });

    it('refuses billingPeriod and isBillingPeriod with different values, naming isBillingPeriod', async () => {
      const r = await send('POST', `/rest/v1/accounts/${accountId}/calculate`, {
        ...CYCLE,
        billingPeriod: true,
        isBillingPeriod: false,
      });
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.equal(r.json.results[0].propertyName, 'isBillingPeriod');
      assert.equal(r.json.results[0].propertyValue, 'false');
      const bad = await send('POST', `/rest/v1/accounts/${accountId}/calculate`, {
        ...CYCLE,
        isBillingPeriod: 'sometimes',
      });
      assert.equal(bad.status, 400, JSON.stringify(bad.json));
      assert.match(JSON.stringify(bad.json.results[0]), /isBillingPeriod/);
    });
  });
}
