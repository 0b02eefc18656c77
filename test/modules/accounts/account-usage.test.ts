// Profiles, readings and account calculations over the API: readings sent as JSON, CSV and Green Button XML, overlaps
// replaced and said so, DST days, a failed upload changing nothing; an account's bill equal to the on-demand bill of
// the same readings to the cent, and a tariff change mid-range billing each part on its own tariff.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { REFERENCE_DIR } from '../../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E1 = 522;
const ETOUC = 1100102;
const ZONE = 'America/Los_Angeles';
/** 2025-03-01 to 2025-10-01 hour by hour in San Francisco: 0.4 kWh at night, 1.1 kWh from 16:00 to 21:00, 0.7 else. */
const start = DateTime.fromISO('2025-03-01T00:00', { zone: ZONE });
const hours = Math.round(DateTime.fromISO('2025-10-01T00:00', { zone: ZONE }).diff(start, 'hours').hours);
const kwh = (t: DateTime) => (t.hour < 7 ? 0.4 : t.hour >= 16 && t.hour < 21 ? 1.1 : 0.7);
const readings = Array.from({ length: hours }, (_, k) => {
  const t = start.plus({ hours: k });
  return {
    fromDateTime: t.toISO(),
    toDateTime: t.plus({ hours: 1 }).toISO(),
    quantityUnit: 'kWh',
    quantityValue: kwh(t),
  };
});
const series = (from: string, to: string) => {
  const a = DateTime.fromISO(from, { zone: ZONE });
  const n = Math.round(DateTime.fromISO(to, { zone: ZONE }).diff(a, 'hours').hours);
  return Array.from({ length: n }, (_, k) => kwh(a.plus({ hours: k })));
};

for (const dialect of dialects) {
  describe(`usage profiles and account calculations on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let accountId: string;
    let profileId: string;
    const send = async (method: string, url: string, body?: unknown, type = 'application/json') => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: { authorization: t.authHeader(c), ...(body === undefined ? {} : { 'content-type': type }) },
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return { status: res.statusCode, json: res.json() };
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2025-06-15T12:00:00Z') });
      c = await t.credentials(['signal'], 'Solar Co');
      const acct = await send('POST', '/rest/v1/accounts', {
        providerAccountId: 'home-1',
        address: { zip: '94110' },
        properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
        tariffs: [{ masterTariffId: E1, effectiveDate: '2025-03-01' }],
      });
      assert.equal(acct.status, 200, JSON.stringify(acct.json));
      accountId = acct.json.results[0].accountId;
    });
    after(() => t.close());

    it('adds a profile with its readings (JSON) and summarises them', async () => {
      const r = await send('POST', '/rest/v1/profiles', {
        accountId,
        providerProfileId: 'meter-1',
        profileName: 'Main meter',
        source: { sourceId: 'ReadingEntry' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      profileId = r.json.results[0].profileId;
      assert.equal(r.json.results[0].isDefault, true, "the account's first electricity profile is its default");
      const up = await send('POST', `/rest/v1/profiles/${profileId}/readings`, { readingData: readings });
      assert.equal(up.status, 200, JSON.stringify(up.json));
      const res = up.json.results[0];
      assert.equal(res.readingsSent, hours);
      assert.equal(res.readingsReplaced, 0);
      assert.deepEqual(res.gaps, []);
      assert.deepEqual(res.readingDataSummaries, [
        {
          quantityUnit: 'kWh',
          fromDateTime: '2025-03-01T00:00:00-08:00',
          toDateTime: '2025-10-01T00:00:00-07:00',
          numberOfReadings: hours,
        },
      ]);
      // March 9 springs forward: 23 hours; the profile's HOUR groups of the day are 23.
      const day = await send(
        'GET',
        `/rest/v1/profiles/pid/meter-1?groupBy=HOUR&fromDateTime=2025-03-09&toDateTime=2025-03-10`,
      );
      assert.equal(day.json.results[0].intervals.totalCount, 23);
      const months = await send(
        'GET',
        `/rest/v1/profiles/${profileId}?groupBy=MONTH&fromDateTime=2025-06-01&toDateTime=2025-08-01`,
      );
      const june = series('2025-06-01', '2025-07-01').reduce((s, v) => s + v, 0);
      assert.equal(months.json.results[0].intervals.list[0].kWh.quantityAmount.toFixed(6), june.toFixed(6));
    });

    it('replaces overlapped readings (CSV) and says so; a bad line is a 400 naming it and changes nothing', async () => {
      const csv =
        'fromDateTime,toDateTime,quantityValue\n2025-06-02T00:00:00-07:00,2025-06-02T01:00:00-07:00,2.5\n2025-06-02T01:00:00-07:00,2025-06-02T02:00:00-07:00,2.5\n';
      const r = await send('POST', `/rest/v1/profiles/${profileId}/readings`, csv, 'text/csv');
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.results[0].readingsReplaced, 2);
      assert.match(r.json.results[0].notes.join(' '), /2 stored reading\(s\) replaced/);
      const bad = await send(
        'POST',
        `/rest/v1/profiles/${profileId}/readings`,
        'fromDateTime,toDateTime,quantityValue\n2025-06-03T00:00:00-07:00,2025-06-03T01:00:00-07:00,9\n2025-06-03T01:00:00-07:00,2025-06-03T00:00:00-07:00,9\n',
        'text/csv',
      );
      assert.equal(bad.status, 400);
      assert.equal(bad.json.results[0].propertyName, 'line 3');
      const check = await send(
        'GET',
        `/rest/v1/profiles/${profileId}?populateReadings=true&fromDateTime=2025-06-03T00:00:00-07:00&toDateTime=2025-06-03T01:00:00-07:00`,
      );
      assert.equal(check.json.results[0].readingData[0].quantityValue, 0.4, 'the failed upload changed nothing');
      // Put the original values back for the bills below.
      await send('POST', `/rest/v1/profiles/${profileId}/readings`, {
        readingData: readings.slice(24 * 93 - 1, 24 * 94),
      });
    });

    it('reads Green Button XML, and refuses a document type declaration (XXE)', async () => {
      const other = await send('POST', '/rest/v1/profiles', {
        accountId,
        profileName: 'Coastal sample',
        isDefault: false,
      });
      const id = other.json.results[0].profileId;
      const xml = readFileSync(
        join(
          REFERENCE_DIR,
          'greenbutton',
          'greenbutton-objects_Coastal_Multi_Family_Jan_1_2011_to_Jan_1_2012_RetailCustomer_5.xml',
        ),
        'utf8',
      );
      const r = await send('PUT', `/rest/v1/profiles/${id}/readings`, xml, 'application/xml');
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.results[0].format, 'GREEN_BUTTON');
      assert.equal(r.json.results[0].readingDataSummaries[0].numberOfReadings, 8760);
      const xxe = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]><feed>&x;</feed>';
      const refused = await send('POST', `/rest/v1/profiles/${id}/readings`, xxe, 'application/xml');
      assert.equal(refused.status, 400);
      assert.equal(
        (await send('GET', `/rest/v1/profiles/${id}`)).json.results[0].readingDataSummaries[0].numberOfReadings,
        8760,
      );
      assert.equal((await send('DELETE', `/rest/v1/profiles/${id}`)).status, 200);
    });

    it('bills the account as the on-demand calculation bills the same readings, to the cent', async () => {
      const acct = await send('POST', `/rest/v1/accounts/${accountId}/calculate`, {
        fromDateTime: '2025-06-01',
        toDateTime: '2025-07-01',
      });
      assert.equal(acct.status, 200, JSON.stringify(acct.json));
      const direct = await send('POST', '/rest/v1/ondemand/calculate', {
        masterTariffId: E1,
        fromDateTime: '2025-06-01',
        toDateTime: '2025-07-01',
        address: { zip: '94110' },
        propertyInputs: [
          {
            keyName: 'consumption',
            fromDateTime: '2025-06-01T00:00:00-07:00',
            duration: 3_600_000,
            dataSeries: series('2025-06-01', '2025-07-01'),
          },
        ],
      });
      assert.equal(direct.status, 200, JSON.stringify(direct.json));
      const [x, y] = [acct.json.results[0], direct.json.results[0]];
      assert.equal(x.totalCost, y.totalCost);
      assert.equal(x.summary.kWh, y.summary.kWh);
      assert.deepEqual(
        x.items.map((i: { rateName: string; cost: number }) => [i.rateName, i.cost]),
        y.items.map((i: { rateName: string; cost: number }) => [i.rateName, i.cost]),
      );
    });

    it('bills each part of the range on the tariff the account was on then', async () => {
      await send('PUT', `/rest/v1/accounts/${accountId}/tariffs`, {
        masterTariffId: ETOUC,
        effectiveDate: '2025-07-01',
      });
      const both = await send('POST', `/rest/v1/accounts/pid/home-1/calculate`, {
        fromDateTime: '2025-06-01',
        toDateTime: '2025-08-01',
      });
      assert.equal(both.status, 200, JSON.stringify(both.json));
      const part = async (mtid: number, from: string, to: string) =>
        (
          await send('POST', '/rest/v1/ondemand/calculate', {
            masterTariffId: mtid,
            fromDateTime: from,
            toDateTime: to,
            address: { zip: '94110' },
            propertyInputs: [
              {
                keyName: 'consumption',
                fromDateTime: DateTime.fromISO(from, { zone: ZONE }).toISO(),
                duration: 3_600_000,
                dataSeries: series(from, to),
              },
            ],
          })
        ).json.results[0];
      const june = await part(E1, '2025-06-01', '2025-07-01');
      const july = await part(ETOUC, '2025-07-01', '2025-08-01');
      const r = both.json.results[0];
      assert.equal(r.totalCost, Math.round((june.totalCost + july.totalCost) * 100) / 100);
      assert.equal(r.items.length, june.items.length + july.items.length);
      const said = r.assumptions
        .filter((a: { keyName: string }) => a.keyName === 'masterTariffId')
        .map((a: { dataValue: string }) => a.dataValue);
      assert.deepEqual(said, [String(E1), String(ETOUC)]);
    });

    it('refuses a range with missing readings, naming the span, or fills it from the typical baseline when asked', async () => {
      const gap = await send('POST', `/rest/v1/accounts/${accountId}/calculate`, {
        fromDateTime: '2025-09-15',
        toDateTime: '2025-10-15',
      });
      assert.equal(gap.status, 400);
      assert.equal(gap.json.results[0].propertyName, 'useIntelligentBaselining');
      assert.match(
        gap.json.results[0].message,
        /no readings from 2025-10-01T00:00:00-07:00 to 2025-10-15T00:00:00-07:00/,
      );
      const filled = await send('POST', `/rest/v1/accounts/${accountId}/calculate`, {
        fromDateTime: '2025-09-15',
        toDateTime: '2025-10-15',
        useIntelligentBaselining: true,
        masterTariffId: ETOUC,
        tariffEffectiveOn: '2025-09-15',
      });
      assert.equal(filled.status, 200, JSON.stringify(filled.json));
      assert.ok(
        filled.json.results[0].assumptions.some((a: { keyName: string }) => a.keyName === 'useIntelligentBaselining'),
      );
    });

    it('deleting the account deletes its profiles and readings', async () => {
      assert.equal((await send('DELETE', `/rest/v1/accounts/${accountId}`)).status, 200);
      assert.equal((await send('GET', `/rest/v1/profiles/${profileId}`)).status, 404);
      const left = await t.db.kysely
        .selectFrom('reading_chunks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      assert.equal(Number(left!.n), 0);
    });
  });
}
