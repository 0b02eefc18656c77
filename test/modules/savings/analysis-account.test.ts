// The savings analysis from a stored account: the golden equality (an account with a year of hourly readings and a
// PVWatts solar profile analysed as the same inputs sent inline, to the cent), the tariff before solar from the
// account's timeline at the start of year one (or its default tariff), profiles named by providerProfileId for the
// usage (monthly bills, spread by the typical shape) and the PV output, another organization's account a 404, and
// missing readings a 400 naming the span unless useIntelligentBaselining fills it.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const NM = 9400001;
const NB = 9400011;
const E1 = 522;
const ZONE = 'America/Los_Angeles';
const band = (id: number, rateAmount: number) => [{ tariffRateBandId: id, rateAmount }];
const fixed = (id: number) => ({
  tariffRateId: id,
  rateGroupName: 'Fixed',
  rateName: 'Customer charge',
  chargeType: 'FIXED_PRICE',
  chargePeriod: 'MONTHLY',
  rateBands: band(id + 10, 10),
});
const energy = (id: number, rate: number) => ({
  tariffRateId: id,
  rateGroupName: 'Energy',
  rateName: 'Energy',
  chargeType: 'CONSUMPTION_BASED',
  rateBands: band(id + 10, rate),
});
const tariffs = [
  {
    tariffId: 9400002,
    masterTariffId: NM,
    tariffName: 'Account analysis net metered',
    lseId: 9400003,
    lseName: 'Account Analysis Electric',
    tariffType: 'ALTERNATIVE',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: ZONE,
    exportArrangement: 'NET_METERING',
    rates: [fixed(9400021), energy(9400022, 0.3)],
  },
  {
    tariffId: 9400012,
    masterTariffId: NB,
    tariffName: 'Account analysis net billing',
    lseId: 9400003,
    tariffType: 'ALTERNATIVE',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: ZONE,
    exportArrangement: 'NET_BILLING',
    rates: [
      fixed(9400041),
      energy(9400042, 0.25),
      {
        tariffRateId: 9400043,
        rateGroupName: 'Exports',
        rateName: 'Export credit',
        chargeType: 'CONSUMPTION_BASED',
        transactionType: 'SELL',
        rateBands: band(9400053, 0.05),
      },
    ],
  },
];

/** 2027 in San Francisco hour by hour (8,760 hours): 0.4 kWh at night, 1.3 from 17:00 to 21:00, 0.7 else, 20 % more in July-September. */
const start = DateTime.fromISO('2027-01-01T00:00', { zone: ZONE });
const hours = Array.from({ length: 8760 }, (_, k) => start.plus({ hours: k }));
const load = hours.map(
  (t) => (t.hour < 7 ? 0.4 : t.hour >= 17 && t.hour < 21 ? 1.3 : 0.7) * ([7, 8, 9].includes(t.month) ? 1.2 : 1),
);
/** A PV meter's hourly output: 2.5 kWh in each of the hours 10-14, 3.5 from May to August. */
const pvOut = hours.map((t) => (t.hour >= 10 && t.hour < 15 ? ([5, 6, 7, 8].includes(t.month) ? 3.5 : 2.5) : 0));
const total = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 1000) / 1000;
const stamps = hours.map((t) => t.toISO({ suppressMilliseconds: true }));
const csv = (values: number[], skip: (t: DateTime) => boolean = () => false) =>
  `fromDateTime,duration,quantityValue\n${hours.map((t, k) => (skip(t) ? '' : `${stamps[k]},3600000,${values[k]}\n`)).join('')}`;
/** Daily readings from 2027-01-01 to 2028-02-15 (410 days): 10 kWh, 1 more each day of the week after Sunday. */
const days = Array.from({ length: 410 }, (_, k) => start.plus({ days: k }));
const daily = days.map((d) => ({
  fromDateTime: d.toISO(),
  toDateTime: d.plus({ days: 1 }).toISO(),
  quantityUnit: 'kWh',
  quantityValue: 10 + (d.weekday % 7),
}));
/** Monthly bills of 2027: 400 kWh in January, 10 more each month. */
const bills = Array.from({ length: 12 }, (_, k) => ({
  fromDateTime: start.plus({ months: k }).toISO(),
  toDateTime: start.plus({ months: k + 1 }).toISO(),
  quantityUnit: 'kWh',
  quantityValue: 400 + 10 * k,
}));

type Assumption = { keyName: string; dataValue: string | null; description: string };
const said = (a: { scenarios: { assumptions: Assumption[] }[] }, scenario: number, keyName: string) =>
  a.scenarios[scenario]!.assumptions.find((x) => x.keyName === keyName);

for (const dialect of dialects) {
  describe(`savings analysis from an account on ${dialect}`, () => {
    let t: TestApp;
    let a: NewCredentials;
    let b: NewCredentials;
    let homeId: string;
    const ids: Record<string, string> = {};
    const send = async (c: NewCredentials, method: string, url: string, body?: unknown, type = 'application/json') => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: { authorization: t.authHeader(c), ...(body === undefined ? {} : { 'content-type': type }) },
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return { status: res.statusCode, json: res.json() };
    };
    const sent = async (c: NewCredentials, method: string, url: string, body?: unknown, type?: string) => {
      const r = await send(c, method, url, body, type);
      assert.equal(r.status, 200, `${method} ${url}: ${JSON.stringify(r.json).slice(0, 1500)}`);
      return r.json.results[0];
    };
    const analyse = (body: object, c = a) => send(c, 'POST', '/rest/v1/accounts/analysis', body);
    const ok = async (body: object) => {
      const r = await analyse(body);
      assert.equal(r.status, 200, JSON.stringify(r.json).slice(0, 2000));
      return r.json.results[0];
    };
    const profile = async (account: string, providerProfileId: string, extra: object, readings?: string | object) => {
      const p = await sent(a, 'POST', '/rest/v1/profiles', { providerAccountId: account, providerProfileId, ...extra });
      ids[providerProfileId] = p.profileId;
      if (readings !== undefined)
        await sent(
          a,
          'POST',
          `/rest/v1/profiles/${p.profileId}/readings`,
          readings,
          typeof readings === 'string' ? 'text/csv' : 'application/json',
        );
    };
    const short = [{ keyName: 'projectDuration', dataValue: 1 }];

    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2026-11-25T12:00:00Z') });
      a = await t.credentials(['signal'], 'Solar Co');
      b = await t.credentials(['signal'], 'Other Co');
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify(tariffs)]), 'account-analysis.json');
      assert.equal(s.created, 2, JSON.stringify(s.skipped));
      homeId = (
        await sent(a, 'POST', '/rest/v1/accounts', {
          providerAccountId: 'home',
          accountName: 'Mission home',
          address: { zip: '94110' },
          properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
          tariffs: [{ masterTariffId: NM, effectiveDate: '2020-01-01' }],
        })
      ).accountId;
      await profile('home', 'meter', { profileName: 'Main meter' }, csv(load));
      await profile('home', 'roof', {
        serviceTypes: 'SOLAR_PV',
        source: { sourceId: 'PVWatts' },
        properties: { systemSize: { dataValue: '4' }, tilt: { dataValue: '20' }, azimuth: { dataValue: '180' } },
      });
      await profile('home', 'pv-meter', { serviceTypes: 'SOLAR_PV', isDefault: false }, csv(pvOut));
      await profile('home', 'bills', { isDefault: false }, { readingData: bills });
      await sent(a, 'POST', '/rest/v1/accounts', { providerAccountId: 'neighbour', address: { zip: '94110' } });
      await profile('neighbour', 'neighbour-meter', {}, { readingData: bills });
      // A year with two days missing (2027-03-10 and 11).
      await sent(a, 'POST', '/rest/v1/accounts', {
        providerAccountId: 'gappy',
        address: { zip: '94110' },
        tariffs: [{ masterTariffId: NM }],
      });
      await profile(
        'gappy',
        'gappy-meter',
        {},
        csv(load, (h) => h.month === 3 && (h.day === 10 || h.day === 11)),
      );
    });
    after(() => t.close());

    it('analyses an account (a year of hourly readings, a PVWatts profile) as the same inputs sent inline, to the cent', async () => {
      const common = [
        { keyName: 'projectDuration', dataValue: 3 },
        { keyName: 'rateInflation', dataValue: 3, scenarios: 'before,after' },
      ];
      const rateInputs = [{ scenarios: 'solar', chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 0.12 }] }];
      const fromAccount = await ok({ providerAccountId: 'home', propertyInputs: common, rateInputs });
      const inline = await ok({
        fromDateTime: '2027-01-01',
        address: { zip: '94110' },
        propertyInputs: [
          { keyName: 'masterTariffId', dataValue: NM, scenarios: 'before,after' },
          {
            keyName: 'consumption',
            scenarios: 'before,after',
            fromDateTime: '2027-01-01',
            duration: 3_600_000,
            dataSeries: load,
          },
          { keyName: 'systemSize', dataValue: 4, scenarios: 'solar' },
          { keyName: 'tilt', dataValue: 20 },
          { keyName: 'azimuth', dataValue: 180 },
          ...common,
        ],
        rateInputs,
      });
      assert.deepEqual(fromAccount.summary, inline.summary);
      assert.deepEqual(fromAccount.series, inline.series);
      assert.deepEqual(fromAccount.seriesData, inline.seriesData);
      assert.deepEqual(fromAccount.weatherStation, inline.weatherStation);
      // By hand: 6,556.14 kWh (the load's sum) at 0.30 $/kWh = 1,966.842, plus 12 customer charges of $10 = 2,086.84
      // (the test utility has no taxes).
      assert.equal(fromAccount.summary.preTotalKWh, 6556.14);
      assert.equal(total(load), 6556.14);
      assert.equal(fromAccount.summary.preTotalCost, 2086.84);
      assert.ok(
        fromAccount.summary.netAvoidedCost > 0 && fromAccount.summary.totalSolarKWh > 5000,
        JSON.stringify(fromAccount.summary),
      );
      // Where each input came from.
      assert.equal(fromAccount.scenarios[0].masterTariffId, NM);
      assert.equal(said(fromAccount, 0, 'providerAccountId')?.dataValue, 'home');
      assert.match(said(fromAccount, 0, 'providerAccountId')!.description, /ZIP code 94110/);
      assert.equal(said(fromAccount, 0, 'customerClass')?.dataValue, 'RESIDENTIAL');
      assert.match(said(fromAccount, 0, 'masterTariffId')!.description, /The account's tariff on 2027-01-01/);
      assert.equal(said(fromAccount, 0, 'fromDateTime')?.dataValue, '2027-01-01');
      assert.equal(said(fromAccount, 0, 'usage')?.dataValue, ids.meter);
      assert.equal(said(fromAccount, 2, 'profileId')?.dataValue, ids.roof);
      assert.match(said(fromAccount, 2, 'profileId')!.description, /PVWatts model of 4 kW DC/);
    });

    it("takes the tariff before solar from the account's timeline at the start of year one, else its default tariff", async () => {
      const before = async (body: object = {}) =>
        (await ok({ providerAccountId: 'home', propertyInputs: short, ...body })).scenarios[0];
      // A change a month into year one: the tariff held on its first day is the one before solar.
      await sent(a, 'PUT', '/rest/v1/accounts/pid/home/tariffs', { masterTariffId: NB, effectiveDate: '2027-02-01' });
      assert.equal((await before()).masterTariffId, NM);
      await sent(a, 'PUT', '/rest/v1/accounts/pid/home/tariffs', { masterTariffId: NB, effectiveDate: '2027-01-01' });
      const changed = await before();
      assert.equal(changed.masterTariffId, NB);
      assert.match(
        changed.assumptions.find((x: Assumption) => x.keyName === 'masterTariffId').description,
        /set from 2027-01-01 until 2027-02-01/,
      );
      // Given in the request, tagged before: it wins.
      assert.equal(
        (
          await before({
            propertyInputs: [...short, { keyName: 'masterTariffId', dataValue: NM, scenarios: 'before' }],
          })
        ).masterTariffId,
        NM,
      );
      // Year one before any tariff of the account: a 400 that says so.
      const early = await analyse({ providerAccountId: 'home', fromDateTime: '2019-06-01', propertyInputs: short });
      assert.equal(early.status, 400);
      assert.equal(early.json.results[0].propertyName, 'masterTariffId');
      for (const date of ['2027-01-01', '2027-02-01'])
        assert.equal((await send(a, 'DELETE', `/rest/v1/accounts/pid/home/tariffs?effectiveDate=${date}`)).status, 200);

      // An account with no tariff, no class and no profile: the default tariff of its place (as its tariffs say),
      // RESIDENTIAL, the place's typical baseline; each said.
      await sent(a, 'POST', '/rest/v1/accounts', { providerAccountId: 'bare', address: { zip: '94110' } });
      const bare = await ok({
        providerAccountId: 'bare',
        fromDateTime: '2027-01-01',
        propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }],
      });
      const held = await sent(a, 'GET', '/rest/v1/accounts/pid/bare/tariffs');
      assert.equal(held.source, 'DEFAULT');
      assert.equal(bare.scenarios[0].masterTariffId, held.masterTariffId);
      assert.equal(bare.scenarios[0].masterTariffId, E1);
      assert.match(said(bare, 0, 'masterTariffId')!.description, /no tariff set: the RESIDENTIAL default tariff/);
      assert.match(said(bare, 0, 'customerClass')!.description, /names no customerClass/);
      assert.match(said(bare, 0, 'profileId')!.description, /no ELECTRICITY profile/);
      assert.match(said(bare, 0, 'usage')!.description, /^Typical baseline/);
    });

    it('reads the profiles named by providerProfileId: monthly bills as the usage, a PV meter tagged solar', async () => {
      const pv = await ok({
        providerAccountId: 'home',
        propertyInputs: [...short, { keyName: 'providerProfileId', dataValue: 'pv-meter', scenarios: 'solar' }],
      });
      assert.equal(pv.summary.totalSolarKWh, total(pvOut));
      assert.equal(said(pv, 2, 'providerProfileId')?.dataValue, ids['pv-meter']);
      const inline = await ok({
        fromDateTime: '2027-01-01',
        address: { zip: '94110' },
        propertyInputs: [
          ...short,
          { keyName: 'masterTariffId', dataValue: NM },
          { keyName: 'consumption', fromDateTime: '2027-01-01', duration: 3_600_000, dataSeries: load },
          {
            keyName: 'solarProduction',
            scenarios: 'solar',
            fromDateTime: '2027-01-01',
            duration: 3_600_000,
            dataSeries: pvOut,
          },
        ],
      });
      assert.deepEqual(pv.summary, inline.summary);

      // Bills: each month's kWh over its hours by the typical shape; year one the 12 months they reach.
      const billed = await ok({
        providerAccountId: 'home',
        propertyInputs: [...short, { keyName: 'providerProfileId', dataValue: 'bills', scenarios: 'before,after' }],
      });
      assert.equal(billed.summary.preTotalKWh, total(bills.map((x) => x.quantityValue)));
      const byId = await ok({
        providerAccountId: 'home',
        propertyInputs: [...short, { keyName: 'profileId', dataValue: ids.bills }],
      });
      assert.deepEqual(byId.summary, billed.summary);
      const months = billed.seriesData.filter(
        (m: { seriesId: number }) =>
          m.seriesId ===
          billed.series.find(
            (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'before' && x.seriesPeriod === 'MONTH',
          ).seriesId,
      );
      assert.deepEqual(
        months.map((m: { qty: number }) => m.qty),
        bills.map((x) => x.quantityValue),
      );
      assert.equal(said(billed, 0, 'usage')?.dataValue, ids.bills);
      assert.match(said(billed, 0, 'usage')!.description, /12 reading\(s\) longer than an hour .* typical baseline/);
      assert.equal(said(billed, 0, 'fromDateTime')?.dataValue, '2027-01-01');

      // The profiles of another account, and a profile without an account, are refused naming the input.
      for (const scenarios of ['before,after', 'solar']) {
        const other = await analyse({
          providerAccountId: 'home',
          propertyInputs: [
            { keyName: 'providerProfileId', dataValue: 'neighbour-meter', scenarios },
            { keyName: 'systemSize', dataValue: 3 },
          ].slice(0, scenarios === 'solar' ? 1 : 2),
        });
        assert.equal(other.status, 400, JSON.stringify(other.json));
        assert.equal(other.json.results[0].propertyName, 'propertyInputs[0].dataValue');
        assert.match(other.json.results[0].message, /another account/);
      }
      const unknown = await analyse({
        providerAccountId: 'home',
        propertyInputs: [{ keyName: 'profileId', dataValue: 'no-such-profile', scenarios: 'solar' }],
      });
      assert.deepEqual([unknown.status, unknown.json.results[0].propertyName], [404, 'propertyInputs[0].dataValue']);
      const both = await analyse({
        providerAccountId: 'home',
        propertyInputs: [
          { keyName: 'providerProfileId', dataValue: 'pv-meter', scenarios: 'solar' },
          { keyName: 'systemSize', dataValue: 3 },
        ],
      });
      assert.deepEqual([both.status, both.json.results[0].propertyName], [400, 'propertyInputs[0].keyName']);
    });

    it('takes year one from the readings without fromDateTime: the 12 months before the local month start they reach', async () => {
      await sent(a, 'POST', '/rest/v1/accounts', {
        providerAccountId: 'daily',
        address: { zip: '94110' },
        tariffs: [{ masterTariffId: NM, effectiveDate: '2020-01-01' }],
      });
      await profile('daily', 'daily-meter', {}, { readingData: daily });
      // The readings end 2028-02-15: February 2028 is not whole, so year one is 2027-02-01 to 2028-02-01.
      const r = await ok({
        providerAccountId: 'daily',
        propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }],
      });
      assert.equal(said(r, 0, 'fromDateTime')?.dataValue, '2027-02-01');
      const inYear = daily.filter((x) => x.fromDateTime! >= '2027-02-01' && x.fromDateTime! < '2028-02-01');
      assert.equal(inYear.length, 365);
      assert.equal(r.summary.preTotalKWh, total(inYear.map((x) => x.quantityValue)));
      const first = r.series.find(
        (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'before' && x.seriesPeriod === 'MONTH',
      );
      assert.deepEqual(
        [first.fromDateTime, first.toDateTime],
        ['2027-02-01T00:00:00-08:00', '2028-02-01T00:00:00-08:00'],
      );
      // fromDateTime chooses another year one: readings must cover it.
      const chosen = await ok({
        providerAccountId: 'daily',
        fromDateTime: '2027-01-01',
        propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }],
      });
      assert.equal(chosen.summary.preTotalKWh, total(daily.slice(0, 365).map((x) => x.quantityValue)));
      assert.equal(said(chosen, 0, 'fromDateTime'), undefined);
      const late = await analyse({
        providerAccountId: 'daily',
        fromDateTime: '2027-06-01',
        propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }],
      });
      assert.equal(late.status, 400, JSON.stringify(late.json));
      assert.equal(late.json.results[0].propertyName, 'useIntelligentBaselining');
      assert.match(
        late.json.results[0].message,
        /no readings from 2028-02-15T00:00:00-08:00 to 2028-06-01T00:00:00-07:00/,
      );
    });

    it("hides another organization's account: a 404 naming it, as for one that does not exist", async () => {
      // The owner names it either way; both at once must agree.
      const body = { propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }] };
      assert.deepEqual(
        (await ok({ accountId: homeId, ...body })).summary,
        (await ok({ providerAccountId: 'home', ...body })).summary,
      );
      const mismatch = await analyse({ accountId: homeId, providerAccountId: 'neighbour', ...body });
      assert.deepEqual([mismatch.status, mismatch.json.results[0].propertyName], [400, 'providerAccountId']);
      for (const body of [{ providerAccountId: 'home' }, { accountId: homeId }, { providerAccountId: 'nobody' }]) {
        const r = await analyse(
          { ...body, propertyInputs: [{ keyName: 'systemSize', dataValue: 3 }] },
          body.providerAccountId === 'nobody' ? a : b,
        );
        assert.equal(r.status, 404, JSON.stringify(r.json));
        assert.equal(r.json.results[0].propertyName, Object.keys(body)[0]);
      }
    });

    it('refuses missing readings, naming the span, and fills them from the typical baseline with useIntelligentBaselining', async () => {
      const gap = await analyse({
        providerAccountId: 'gappy',
        propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }],
      });
      assert.equal(gap.status, 400, JSON.stringify(gap.json));
      assert.equal(gap.json.results[0].propertyName, 'useIntelligentBaselining');
      assert.match(
        gap.json.results[0].message,
        /no readings from 2027-03-10T00:00:00-08:00 to 2027-03-12T00:00:00-08:00 \(48\.00 hours in all\)/,
      );
      const filled = await ok({
        providerAccountId: 'gappy',
        useIntelligentBaselining: true,
        propertyInputs: [...short, { keyName: 'systemSize', dataValue: 3 }],
      });
      const sentKwh = total(
        load.filter((_, k) => !(hours[k]!.month === 3 && (hours[k]!.day === 10 || hours[k]!.day === 11))),
      );
      const added = filled.summary.preTotalKWh - sentKwh;
      // Two days of a home using about 17 kWh a day, from the typical shape scaled to the readings.
      assert.ok(added > 20 && added < 60, String(added));
      assert.match(
        said(filled, 0, 'useIntelligentBaselining')!.description,
        /1 span\(s\) without readings \(48\.00 hours/,
      );
    });
  });
}
