// The tariff comparison (issue #40): the golden equality (an account with a year of hourly readings compared on
// PG&E's residential tariffs, each annual cost equal to POST /rest/v1/ondemand/calculate of the same usage to the
// cent, the ranking and the savings following from them), the inline form with an EV added (equal to the on-demand
// calculation of the usage plus the EV's charging), eligibility by applicability keys (unknown listed apart with
// its question, a failing answer leaving the tariff out), another organization's account a 404, and bad inputs 400s
// naming them. SQLite always, PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const ZONE = 'America/Los_Angeles';
const E1 = 522;
const E_TOU_C = 1100102;
const E_ELEC = 1700000;
/** A PG&E tariff only EV owners may take (APPLICABILITY hasElectricVehicle = true): flat 0.30 $/kWh, $10 a month. */
const EV_ONLY = 9500001;
const evOnly = {
  tariffId: 9500002,
  masterTariffId: EV_ONLY,
  tariffName: 'Comparison test EV-only flat rate',
  lseId: 734,
  tariffType: 'ALTERNATIVE',
  customerClass: 'RESIDENTIAL',
  effectiveDate: '2020-01-01',
  endDate: null,
  timeZone: ZONE,
  properties: [{ keyName: 'hasElectricVehicle', propertyTypes: 'APPLICABILITY', operator: '=', propertyValue: 'true' }],
  rates: [
    {
      tariffRateId: 9500011,
      rateGroupName: 'Fixed',
      rateName: 'Customer charge',
      chargeType: 'FIXED_PRICE',
      chargePeriod: 'MONTHLY',
      rateBands: [{ tariffRateBandId: 9500021, rateAmount: 10 }],
    },
    {
      tariffRateId: 9500012,
      rateGroupName: 'Energy',
      rateName: 'Energy',
      chargeType: 'CONSUMPTION_BASED',
      rateBands: [{ tariffRateBandId: 9500022, rateAmount: 0.3 }],
    },
  ],
};

/** The same flat rate closed at the end of 2025 (no version after it). */
const CLOSED = 9500031;
const closed = {
  ...evOnly,
  tariffId: 9500032,
  masterTariffId: CLOSED,
  tariffName: 'Comparison test closed flat rate',
  endDate: '2026-01-01',
  properties: [],
  rates: evOnly.rates.map((r, k) => ({
    ...r,
    tariffRateId: 9500041 + k,
    rateBands: r.rateBands.map((b) => ({ ...b, tariffRateBandId: 9500051 + k })),
  })),
};

/** 2027 in San Francisco hour by hour (8,760 hours): 0.4 kWh at night, 1.3 from 17:00 to 21:00, 0.7 else, 20 % more in July-September. */
const start = DateTime.fromISO('2027-01-01T00:00', { zone: ZONE });
const hours = Array.from({ length: 8760 }, (_, k) => start.plus({ hours: k }));
const load = hours.map(
  (t) => (t.hour < 7 ? 0.4 : t.hour >= 17 && t.hour < 21 ? 1.3 : 0.7) * ([7, 8, 9].includes(t.month) ? 1.2 : 1),
);
const csv = `fromDateTime,duration,quantityValue\n${hours.map((t, k) => `${t.toISO({ suppressMilliseconds: true })},3600000,${load[k]}\n`).join('')}`;

type Compared = {
  rank: number | null;
  masterTariffId: number;
  totalCost: number;
  savings: number | null;
  isCurrent: boolean;
  eligibility: string;
  questions: { keyName: string }[];
  months?: { cost: number; kWh: number }[];
};
type Comparison = {
  currentMasterTariffId: number;
  currentCost: number | null;
  usageKWh: number;
  netKWh: number;
  tariffs: Compared[];
  unknownEligibility: Compared[];
  ineligible: { masterTariffId: number; failed: { keyName: string; dataValue: string }[] }[];
  notBilled: { masterTariffId: number; message: string }[];
  assumptions: { keyName: string; description: string }[];
};

for (const dialect of dialects) {
  describe(`tariff comparison on ${dialect}`, () => {
    let t: TestApp;
    let a: NewCredentials;
    let b: NewCredentials;
    let homeId: string;
    const send = async (
      c: NewCredentials | null,
      method: string,
      url: string,
      body?: unknown,
      type = 'application/json',
    ) => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(c ? { authorization: t.authHeader(c) } : {}),
          ...(body === undefined ? {} : { 'content-type': type }),
        },
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return { status: res.statusCode, json: res.json() };
    };
    const sent = async (method: string, url: string, body?: unknown, type?: string) => {
      const r = await send(a, method, url, body, type);
      assert.equal(r.status, 200, `${method} ${url}: ${JSON.stringify(r.json).slice(0, 1500)}`);
      return r.json.results[0];
    };
    const onDemand = async (masterTariffId: number, series: number[]) =>
      (
        await sent('POST', '/rest/v1/ondemand/calculate', {
          masterTariffId,
          fromDateTime: '2027-01-01',
          toDateTime: '2028-01-01',
          billingPeriod: true,
          address: { zip: '94110' },
          propertyInputs: [
            { keyName: 'consumption', fromDateTime: '2027-01-01', duration: 3_600_000, dataSeries: series },
          ],
        })
      ).totalCost as number;

    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2026-11-25T12:00:00Z') });
      a = await t.credentials(['signal'], 'Utility program');
      b = await t.credentials(['signal'], 'Other program');
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify([evOnly, closed])]), 'compare-ev-only.json');
      assert.equal(s.created, 2, JSON.stringify(s.skipped));
      homeId = (
        await sent('POST', '/rest/v1/accounts', {
          providerAccountId: 'home',
          address: { zip: '94110' },
          properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
          tariffs: [{ masterTariffId: E1, effectiveDate: '2025-03-01' }],
        })
      ).accountId;
      const p = await sent('POST', '/rest/v1/profiles', { providerAccountId: 'home', providerProfileId: 'meter' });
      await sent('POST', `/rest/v1/profiles/${p.profileId}/readings`, csv, 'text/csv');
    });
    after(() => t.close());

    it('bills every PG&E residential tariff over the account year as the on-demand calculation does, to the cent, and ranks them', async () => {
      const c: Comparison = await sent('POST', `/rest/v1/accounts/${homeId}/compare`, {
        fromDateTime: '2027-01-01',
        populateMonths: true,
      });
      assert.equal(c.currentMasterTariffId, E1);
      const ids = c.tariffs.map((x) => x.masterTariffId);
      // E-1, E-TOU-C and E-ELEC at least (EV2-A and the Solar Billing Plan E-TOU-C are PG&E residential tariffs too).
      for (const id of [E1, E_TOU_C, E_ELEC]) assert.ok(ids.includes(id), `${id} compared: ${ids}`);
      for (const x of c.tariffs)
        assert.equal(x.totalCost, await onDemand(x.masterTariffId, load), `tariff ${x.masterTariffId}`);
      // The ranking and the savings follow from the annual costs: cheapest first, savings against E-1.
      const costs = c.tariffs.map((x) => x.totalCost);
      assert.deepEqual(
        costs,
        [...costs].sort((x, y) => x - y),
      );
      assert.deepEqual(
        c.tariffs.map((x) => x.rank),
        c.tariffs.map((_, k) => k + 1),
      );
      const current = c.tariffs.find((x) => x.isCurrent)!;
      assert.equal(current.masterTariffId, E1);
      assert.equal(c.currentCost, current.totalCost);
      for (const x of c.tariffs) assert.equal(x.savings, Math.round((c.currentCost - x.totalCost) * 100) / 100 + 0);
      assert.equal(current.savings, 0);
      // Month by month: twelve bills whose kWh add up to the year's and whose costs add up to the annual cost (each
      // month rounded to the cent: within 6 cents).
      for (const x of c.tariffs) {
        assert.equal(x.months!.length, 12);
        const kwh = x.months!.reduce((s, m) => s + m.kWh, 0);
        assert.ok(Math.abs(kwh - c.usageKWh) < 0.01, `${kwh} kWh by month`);
        const cost = x.months!.reduce((s, m) => s + m.cost, 0);
        assert.ok(Math.abs(cost - x.totalCost) <= 0.06, `${cost} by month, ${x.totalCost} in all`);
      }
      // The EV-only tariff: nobody said whether the customer has an EV, so it is listed apart with the question.
      assert.ok(!ids.includes(EV_ONLY));
      const unknown = c.unknownEligibility.find((x) => x.masterTariffId === EV_ONLY)!;
      assert.deepEqual(
        unknown.questions.map((q) => q.keyName),
        ['hasElectricVehicle'],
      );
      assert.equal(unknown.rank, null);
      // 12 x $10 + 6,556.14 kWh x 0.30 = 120 + 1,966.842 = 2,086.84 (no utility tax in San Francisco on it).
      assert.equal(c.usageKWh, 6556.14);
      assert.equal(unknown.totalCost, 2086.84);
      assert.ok(c.assumptions.some((x) => x.keyName === 'usage' && /Readings of profile/.test(x.description)));
      // The same account by providerAccountId, without fromDateTime (the last 12 whole months its readings reach:
      // 2027), gives the same comparison.
      const byPid: Comparison & { fromDateTime: string } = await sent('POST', '/rest/v1/accounts/pid/home/compare', {});
      assert.equal(byPid.fromDateTime, '2027-01-01T00:00:00-08:00');
      assert.deepEqual(
        byPid.tariffs.map((x) => [x.masterTariffId, x.totalCost]),
        c.tariffs.map((x) => [x.masterTariffId, x.totalCost]),
      );
    });

    it('adds an EV charging profile inline: each bill equals the on-demand calculation of the usage plus the charging', async () => {
      const ev = [
        { keyName: 'evAnnualConsumption', dataValue: 3650 },
        { keyName: 'evChargingStart', dataValue: 0 },
        { keyName: 'evChargingEnd', dataValue: 5 },
      ];
      const c: Comparison = await sent('POST', '/rest/v1/accounts/compare', {
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        masterTariffId: E_TOU_C,
        propertyInputs: [
          { keyName: 'consumption', fromDateTime: '2027-01-01', duration: 3_600_000, dataSeries: load },
          ...ev,
        ],
      });
      // By hand: 3,650 kWh over 365 days is 10 kWh a day, shared by the real hours from local midnight to 05:00:
      // 5 hours (2 kWh each) on most days, 4 on 2027-03-14 (02:00 is skipped: 2.5 each), 6 on 2027-11-07 (01:00 twice).
      const perDay = new Map<string, number>();
      for (const h of hours) if (h.hour < 5) perDay.set(h.toISODate()!, (perDay.get(h.toISODate()!) ?? 0) + 1);
      assert.equal(perDay.get('2027-03-14'), 4);
      assert.equal(perDay.get('2027-11-07'), 6);
      const withEv = load.map((v, k) => v + (hours[k]!.hour < 5 ? 10 / perDay.get(hours[k]!.toISODate()!)! : 0));
      assert.equal(c.usageKWh, 6556.14 + 3650);
      assert.equal(c.currentMasterTariffId, E_TOU_C);
      assert.equal(c.tariffs.find((x) => x.isCurrent)!.masterTariffId, E_TOU_C);
      for (const x of c.tariffs)
        assert.equal(x.totalCost, await onDemand(x.masterTariffId, withEv), `tariff ${x.masterTariffId}`);
      // With an EV the EV-only tariff's question is answered: ranked, and billed by hand as
      // 12 x $10 + 10,206.14 kWh x 0.30 = 120 + 3,061.842 = 3,181.84.
      const evOnlyBill = c.tariffs.find((x) => x.masterTariffId === EV_ONLY)!;
      assert.equal(evOnlyBill.eligibility, 'ELIGIBLE');
      assert.equal(evOnlyBill.totalCost, 3181.84);
      assert.equal(c.unknownEligibility.length, 0);
      assert.ok(c.assumptions.some((x) => x.keyName === 'evAnnualConsumption'));
      // The customer says it has no EV: the EV-only tariff is left out, naming the answer that fails.
      const no: Comparison = await sent('POST', `/rest/v1/accounts/${homeId}/compare`, {
        fromDateTime: '2027-01-01',
        propertyInputs: [{ keyName: 'hasElectricVehicle', dataValue: false }],
      });
      assert.deepEqual(
        no.ineligible.map((x) => [x.masterTariffId, x.failed.map((f) => [f.keyName, f.dataValue])]),
        [[EV_ONLY, [['hasElectricVehicle', 'false']]]],
      );
      assert.ok(!no.tariffs.some((x) => x.masterTariffId === EV_ONLY));
    });

    it('compares the others without savings when the current tariff cannot bill the year (closed before it)', async () => {
      // A tariff whose last version ended 2026-01-01, before 2027.
      const c: Comparison = await sent('POST', '/rest/v1/accounts/compare', {
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        masterTariffId: CLOSED,
        propertyInputs: [{ keyName: 'consumption', fromDateTime: '2027-01-01', duration: 3_600_000, dataSeries: load }],
      });
      assert.equal(c.currentMasterTariffId, CLOSED);
      assert.equal(c.currentCost, null);
      assert.deepEqual(
        c.notBilled.map((x) => x.masterTariffId),
        [CLOSED],
      );
      assert.match(c.notBilled[0]!.message, /No version of tariff 9500031/);
      assert.ok(c.tariffs.length >= 5);
      for (const x of c.tariffs) assert.equal(x.savings, null);
      assert.ok(!c.tariffs.some((x) => x.isCurrent));
    });

    it("bills an account without readings on its place's typical baseline, and keeps a current tariff it no longer qualifies for", async () => {
      // On the EV-only tariff, and saying it has no EV: the current tariff is still billed and ranked, with a word.
      await sent('POST', '/rest/v1/accounts', {
        providerAccountId: 'no-ev',
        address: { zip: '94110' },
        properties: { hasElectricVehicle: { dataValue: 'false' } },
        tariffs: [{ masterTariffId: EV_ONLY, effectiveDate: '2025-01-01' }],
      });
      const c: Comparison = await sent('POST', '/rest/v1/accounts/pid/no-ev/compare', { fromDateTime: '2027-01-01' });
      assert.ok(c.assumptions.some((x) => x.keyName === 'profileId' && /typical baseline/.test(x.description)));
      assert.ok(c.assumptions.some((x) => x.keyName === 'usage' && /Typical baseline/.test(x.description)));
      const current = c.tariffs.find((x) => x.isCurrent)!;
      assert.equal(current.masterTariffId, EV_ONLY);
      assert.equal(current.eligibility, 'NOT_CHECKED');
      assert.ok(
        (current as unknown as { assumptions: { description: string }[] }).assumptions.some((x) =>
          /applicability is not met \(hasElectricVehicle = true, answered false\)/.test(x.description),
        ),
      );
      assert.equal(c.ineligible.length, 0);
      // Flat 0.30 $/kWh and $10 a month: 120 + 0.30 x the year's kWh, to the cent.
      assert.equal(current.totalCost, Math.round((120 + 0.3 * c.usageKWh) * 100) / 100);
      assert.ok(c.usageKWh > 1000, `${c.usageKWh} kWh`);
    });

    it('adds a PVWatts system and a battery as the savings analysis takes them', async () => {
      const c: Comparison = await sent('POST', `/rest/v1/accounts/${homeId}/compare`, {
        fromDateTime: '2027-01-01',
        propertyInputs: [
          { keyName: 'systemSize', dataValue: 4 },
          { keyName: 'storageCapacity', dataValue: 13.5 },
          { keyName: 'storagePower', dataValue: 5 },
        ],
      });
      const plain: Comparison = await sent('POST', `/rest/v1/accounts/${homeId}/compare`, {
        fromDateTime: '2027-01-01',
      });
      for (const key of ['systemSize', 'weatherStation', 'storageCapacity'])
        assert.ok(
          c.assumptions.some((x) => x.keyName === key),
          key,
        );
      assert.equal(c.tariffs.length, plain.tariffs.length, JSON.stringify(c.notBilled));
      assert.ok(c.netKWh < c.usageKWh - 4000, `${c.netKWh} kWh net of 4 kW of PV`);
      for (const x of c.tariffs) {
        const before = plain.tariffs.find((y) => y.masterTariffId === x.masterTariffId)!;
        assert.ok(x.totalCost < before.totalCost, `${x.masterTariffId}: ${x.totalCost} with PV and battery`);
      }
    });

    it("compares an organization's own authored tariff for it alone", async () => {
      const authored = await send(a, 'POST', '/rest/beta/tariffs', {
        tariffName: 'Program flat rate',
        lseId: 734,
        customerClass: 'RESIDENTIAL',
        tariffType: 'ALTERNATIVE',
        effectiveDate: '2020-01-01',
        rates: [
          {
            rateGroupName: 'Energy',
            rateName: 'Energy',
            chargeType: 'CONSUMPTION_BASED',
            rateBands: [{ rateAmount: 0.2 }],
          },
        ],
      });
      assert.equal(authored.status, 201, JSON.stringify(authored.json).slice(0, 500));
      const own = authored.json.results[0];
      const body = {
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        propertyInputs: [{ keyName: 'consumption', fromDateTime: '2027-01-01', duration: 3_600_000, dataSeries: load }],
      };
      const mine: Comparison = await sent('POST', '/rest/v1/accounts/compare', body);
      // 6,556.14 kWh x 0.20 = 1,311.228: the cheapest.
      assert.deepEqual([mine.tariffs[0]!.masterTariffId, mine.tariffs[0]!.totalCost], [own.masterTariffId, 1311.23]);
      const theirs = await send(b, 'POST', '/rest/v1/accounts/compare', body);
      assert.equal(theirs.status, 200);
      assert.ok(!(theirs.json.results[0] as Comparison).tariffs.some((x) => x.masterTariffId === own.masterTariffId));
    });

    it("answers 404 for another organization's account, 401 without credentials, 403 without the signal tier", async () => {
      const other = await send(b, 'POST', `/rest/v1/accounts/${homeId}/compare`, { fromDateTime: '2027-01-01' });
      assert.equal(other.status, 404);
      assert.equal(other.json.results[0].propertyName, 'accountId');
      const otherPid = await send(b, 'POST', '/rest/v1/accounts/pid/home/compare', {});
      assert.equal(otherPid.status, 404);
      const none = await send(null, 'POST', '/rest/v1/accounts/compare', { address: { zip: '94110' } });
      assert.equal(none.status, 401);
      // The comparison is a signal-tier operation, as the calculations it is made of.
      const basic = await t.credentials([], 'Basic program');
      const refused = await send(basic, 'POST', '/rest/v1/accounts/compare', { address: { zip: '94110' } });
      assert.equal(refused.status, 403);
    });

    it('answers 400 naming the bad parameter', async () => {
      const bad = async (url: string, body: object, propertyName: string) => {
        const r = await send(a, 'POST', url, body);
        assert.equal(r.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(r.json).slice(0, 500)}`);
        assert.equal(r.json.status, 'error');
        assert.equal(r.json.results[0].propertyName, propertyName, JSON.stringify(r.json.results[0]));
      };
      const inline = '/rest/v1/accounts/compare';
      const home = `/rest/v1/accounts/${homeId}/compare`;
      await bad(inline, { fromDateTime: '2027-01-01' }, 'address');
      await bad(home, { fromDateTime: 'last tuesday' }, 'fromDateTime');
      await bad(
        home,
        {
          propertyInputs: [
            { keyName: 'evAnnualConsumption', dataValue: 3000 },
            { keyName: 'evChargingStart', dataValue: 25 },
          ],
        },
        'propertyInputs[1].dataValue',
      );
      await bad(home, { propertyInputs: [{ keyName: 'evChargingEnd', dataValue: 6 }] }, 'propertyInputs[0].keyName');
      await bad(home, { propertyInputs: [{ keyName: 'heatPumpSize', dataValue: 3 }] }, 'propertyInputs[0].keyName');
      await bad(home, { propertyInputs: [{ keyName: 'masterTariffId', dataValue: E1 }] }, 'propertyInputs[0].keyName');
      await bad(home, { propertyInputs: [{ keyName: 'systemSize', dataValue: -4 }] }, 'propertyInputs[0].dataValue');
      await bad(home, { masterTariffId: 'E-1' }, 'masterTariffId');
      await bad(home, { propertyInputs: [{ keyName: 'storageCapacity', dataValue: 10 }] }, 'propertyInputs[0].keyName');
      const unknownTariff = await send(a, 'POST', home, { masterTariffId: 99_999_999 });
      assert.equal(unknownTariff.status, 404);
      assert.equal(unknownTariff.json.results[0].propertyName, 'masterTariffId');
    });
  });
}
