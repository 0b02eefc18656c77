import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

interface Wire {
  incentiveId: number;
  masterIncentiveId: number;
  incentiveName: string;
  eligibility: string;
  requiredData: { applicabilityKey: string }[];
  endDate: string | null;
  endReason: string | null;
  lseId: number | null;
  state: string | null;
  sources: { url: string; dateRead: string }[];
}

for (const dialect of dialects) {
  describe(`incentives on ${dialect}`, () => {
    let t: TestApp;
    let key: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      key = await t.credentials([]);
    });
    after(() => t.close());

    const list = async (url: string): Promise<Wire[]> => {
      const res = await t.get(url, key);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().results;
    };
    const ids = async (url: string) => (await list(url)).map((i) => i.incentiveId);
    const bad = async (url: string, propertyName: string) => {
      const res = await t.get(url, key);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      const err = res.json();
      assert.equal(err.status, 'error');
      assert.equal(err.results[0].propertyName, propertyName, res.body);
    };

    it('needs credentials on every operation', async () => {
      for (const url of [
        '/rest/beta/incentives',
        '/rest/beta/incentives/1000001',
        '/rest/beta/incentives/applicabilities',
      ])
        assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401, url);
    });

    it('lists every starter incentive, ended ones included, each with its sources and the date read', async () => {
      const res = await t.get('/rest/beta/incentives?pageCount=100', key);
      const body = res.json();
      assert.equal(body.type, 'Incentive');
      assert.equal(body.count, 10);
      for (const i of body.results as Wire[]) {
        assert.ok(i.sources.length > 0, i.incentiveName);
        for (const s of i.sources) assert.match(s.dateRead, /^\d{4}-\d{2}-\d{2}$/);
        if (i.endDate !== null) assert.ok(i.endReason, `${i.incentiveName} ended and says why`);
      }
      const page = await t.get('/rest/beta/incentives?pageStart=2&pageCount=3', key);
      assert.equal(page.json().count, 10);
      assert.deepEqual(
        page.json().results.map((i: Wire) => i.incentiveId),
        [1000003, 1000004, 1000005],
      );
    });

    it('answers the 25D credit as ended by Public Law 119-21 section 70506 for expenditures after 2025-12-31', async () => {
      const res = await t.get('/rest/beta/incentives/1000001', key);
      assert.equal(res.statusCode, 200);
      const credit = res.json().results[0];
      assert.equal(credit.rate, 30);
      assert.equal(credit.rateUnit, 'PERCENTAGE');
      assert.equal(credit.startDate, '2022-01-01');
      assert.equal(credit.endDate, '2026-01-01');
      assert.match(credit.endReason, /Public Law 119-21/);
      assert.match(credit.endReason, /section 70506/);
      assert.match(credit.endReason, /December 31, 2025/);
      assert.equal(credit.paymentCap, null);
      // In effect on the last day of 2025, not on the first of 2026.
      assert.equal((await t.get('/rest/beta/incentives/1000001?effectiveOn=2025-12-31', key)).statusCode, 200);
      const none = await t.get('/rest/beta/incentives/1000001?effectiveOn=2026-01-01', key);
      assert.equal(none.statusCode, 404);
      assert.equal(none.json().results[0].propertyName, 'effectiveOn');
      assert.equal((await t.get('/rest/beta/incentives/999', key)).statusCode, 404);
    });

    it('filters by date: on 2025-06-01 the federal credits apply; on 2026-03-01 they do not', async () => {
      const mid2025 = await ids('/rest/beta/incentives?effectiveOn=2025-06-01&state=NY');
      assert.deepEqual(mid2025, [1000001, 1000002, 1000003, 1000004, 1000005]);
      // 30C runs to 2026-06-30; 25D, 25C and 30D are over.
      assert.deepEqual(await ids('/rest/beta/incentives?effectiveOn=2026-03-01&state=NY'), [1000005]);
      assert.deepEqual(await ids('/rest/beta/incentives?effectiveOn=2026-07-01&state=NY'), []);
      assert.deepEqual(
        await ids('/rest/beta/incentives?fromDate=2025-09-01&toDate=2025-09-30&projectType=electricVehicle'),
        [1000004],
      );
      assert.deepEqual(await ids('/rest/beta/incentives?fromDate=2025-10-01&projectType=electricVehicle'), []);
    });

    it('filters by place: a ZIP code gets the federal incentives and those of its state and its utilities', async () => {
      // Sacramento, late 2026: the federal credits are over; SMUD's rebates, and SGIP for PG&E customers (PG&E's
      // service territory lists Sacramento County, partly); never SCE's or SDG&E's SGIP.
      assert.deepEqual(
        await ids('/rest/beta/incentives?zipCode=95814&effectiveOn=2026-11-27'),
        [1000006, 1000009, 1000010],
      );
      const oakland = await ids('/rest/beta/incentives?zipCode=94612');
      assert.ok(oakland.includes(1000006), 'PG&E SGIP');
      assert.ok(!oakland.includes(1000007) && !oakland.includes(1000009), 'no SCE SGIP, no SMUD rebate');
      assert.deepEqual(
        await ids('/rest/beta/incentives?lseId=1000003&projectType=evCharger'),
        [1000005, 1000009, 1000010],
      );
      assert.deepEqual(await ids('/rest/beta/incentives?state=CA&lseId=734&projectType=storage'), [1000002, 1000006]);
      assert.deepEqual(
        await ids('/rest/beta/incentives?addressString=Sacramento, CA&projectType=evCharger&incentiveType=rebate'),
        [1000009, 1000010],
      );
    });

    it('filters by technology, incentive type and customer class', async () => {
      assert.deepEqual(await ids('/rest/beta/incentives?projectType=heatPump'), [1000003]);
      assert.deepEqual(
        await ids('/rest/beta/incentives?projectType=solarPv,storage&incentiveType=taxCredit'),
        [1000001, 1000002],
      );
      assert.equal((await ids('/rest/beta/incentives?customerClasses=GENERAL')).length, 0);
      assert.equal((await ids('/rest/beta/incentives?customerClasses=RESIDENTIAL')).length, 10);
      assert.deepEqual(await ids('/rest/beta/incentives?isExhausted=false&projectType=solarPv'), [1000001]);
      assert.deepEqual(await ids('/rest/beta/incentives?isExhausted=true'), []);
    });

    it('judges eligibility from answers given as query parameters', async () => {
      const [open] = await list('/rest/beta/incentives?projectType=solarPv');
      assert.equal(open!.eligibility, 'COULD_BE_ELIGIBLE');
      assert.deepEqual(
        open!.requiredData.map((q) => q.applicabilityKey),
        ['systemOwnership'],
      );
      const [owned] = await list('/rest/beta/incentives?projectType=solarPv&systemOwnership=purchased');
      assert.equal(owned!.eligibility, 'ELIGIBLE');
      assert.deepEqual(owned!.requiredData, []);
      const [leased] = await list('/rest/beta/incentives?projectType=solarPv&systemOwnership=LEASED');
      assert.equal(leased!.eligibility, 'INELIGIBLE');
      // A 2 kWh battery is under 25D's 3 kWh minimum.
      const small = await list(
        '/rest/beta/incentives?projectType=storage&state=CA&lseId=734&systemOwnership=PURCHASED&batteryCapacityKwh=2',
      );
      assert.equal(small.find((i) => i.incentiveId === 1000002)!.eligibility, 'INELIGIBLE');
      const sgip = small.find((i) => i.incentiveId === 1000006)!;
      assert.equal(sgip.eligibility, 'COULD_BE_ELIGIBLE');
      assert.deepEqual(
        sgip.requiredData.map((q) => q.applicabilityKey),
        ['hftdOrPspsEvents', 'equityResiliencyCriterion'],
      );
      const one = await t.get(
        '/rest/beta/incentives/1000006?hftdOrPspsEvents=true&equityResiliencyCriterion=MEDICAL_BASELINE&batteryCapacityKwh=13.5',
        key,
      );
      assert.equal(one.json().results[0].eligibility, 'ELIGIBLE');
      const none = await t.get('/rest/beta/incentives/1000006?equityResiliencyCriterion=NONE', key);
      assert.equal(none.json().results[0].eligibility, 'INELIGIBLE');
    });

    it('lists the questions once per key, with their choices, filtered as the incentives', async () => {
      const res = await t.get('/rest/beta/incentives/applicabilities?state=CA&lseId=734&projectType=storage', key);
      const body = res.json();
      assert.equal(body.type, 'IncentiveApplicability');
      assert.deepEqual(
        body.results.map((q: { applicabilityKey: string }) => q.applicabilityKey),
        ['systemOwnership', 'batteryCapacityKwh', 'hftdOrPspsEvents', 'equityResiliencyCriterion'],
      );
      assert.equal(body.count, 4);
      assert.deepEqual(
        body.results[0].choices.map((c: { dataValue: string }) => c.dataValue),
        ['PURCHASED', 'LEASED', 'PPA'],
      );
      const paged = await t.get(
        '/rest/beta/incentives/applicabilities?state=CA&lseId=734&projectType=storage&pageStart=3',
        key,
      );
      assert.equal(paged.json().count, 4);
      assert.equal(paged.json().results.length, 1);
    });

    it('refuses bad input with a 400 naming the parameter', async () => {
      await bad('/rest/beta/incentives?projectType=windTurbine', 'projectType');
      await bad('/rest/beta/incentives?incentiveType=grant', 'incentiveType');
      await bad('/rest/beta/incentives?customerClasses=HOUSE', 'customerClasses');
      await bad('/rest/beta/incentives?effectiveOn=yesterday', 'effectiveOn');
      await bad('/rest/beta/incentives?fromDate=2025-02-01&toDate=2025-01-01', 'toDate');
      await bad('/rest/beta/incentives?effectiveOn=2025-01-01&fromDate=2025-01-01', 'effectiveOn');
      await bad('/rest/beta/incentives?state=California', 'state');
      await bad('/rest/beta/incentives?zipCode=95814&state=NY', 'state');
      const unknownZip = await t.get('/rest/beta/incentives?zipCode=00000', key);
      assert.equal(unknownZip.statusCode, 404, 'as every operation taking a place');
      assert.equal(unknownZip.json().results[0].propertyName, 'zipCode');
      await bad('/rest/beta/incentives?territoryId=99999999', 'territoryId');
      await bad('/rest/beta/incentives?lseId=abc', 'lseId');
      await bad('/rest/beta/incentives?systemOwnership=RENTED', 'systemOwnership');
      await bad('/rest/beta/incentives?batteryCapacityKwh=lots', 'batteryCapacityKwh');
      // Checked against every incentive asking it, not only those of the page answered.
      await bad('/rest/beta/incentives?pageCount=1&batteryCapacityKwh=lots', 'batteryCapacityKwh');
      await bad('/rest/beta/incentives/1000001?batteryCapacityKwh=lots', 'batteryCapacityKwh');
      await bad('/rest/beta/incentives?systemOwnership=PURCHASED&systemOwnership=PPA', 'systemOwnership');
      await bad('/rest/beta/incentives?sortOn=colour', 'sortOn');
      await bad('/rest/beta/incentives/1000001?effectiveOn=13/01/2025', 'effectiveOn');
      await bad('/rest/beta/incentives/0', 'masterIncentiveId');
      await bad('/rest/beta/incentives/applicabilities?projectType=nope', 'projectType');
    });
  });
}
