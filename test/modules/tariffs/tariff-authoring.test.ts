// Tariff authoring (POST /rest/beta/tariffs, PUT and DELETE /rest/beta/tariffs/{tariffId}): an organization's own
// tariff written, versioned, billed to the cent, refused with a 400 naming the field (and nothing written), and never
// seen nor billed by another organization. On SQLite, and on PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

const PGE = 734;

/** A private TOU group of the author's: Peak weekdays 17:00-20:00, Off-Peak the rest of the week. */
const TOU_GROUP = {
  lseId: PGE,
  timeOfUses: [
    {
      touName: 'Authored Peak',
      touType: 'ON_PEAK',
      touPeriods: [{ fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 20, toMinute: 0 }],
    },
    {
      touName: 'Authored Off-Peak',
      touType: 'OFF_PEAK',
      touPeriods: [
        { fromDayOfWeek: 0, fromHour: 20, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 },
        { fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
      ],
    },
  ],
};

/** A tariff of the author's: a monthly customer charge, two energy tiers and a peak adder on its private TOU. */
function tariff(peakTouId: number, energy = [0.2, 0.3]) {
  return {
    tariffName: 'Co-op Residential TOU (authored)',
    tariffCode: 'CO-OP-1',
    lseId: PGE,
    tariffType: 'DEFAULT',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2026-01-01',
    rates: [
      {
        rateName: 'Customer Charge',
        chargeType: 'FIXED_PRICE',
        chargePeriod: 'MONTHLY',
        rateBands: [{ rateAmount: 10 }],
      },
      {
        rateName: 'Energy',
        chargeType: 'CONSUMPTION_BASED',
        chargePeriod: 'MONTHLY',
        rateBands: [
          { hasConsumptionLimit: true, consumptionUpperLimit: 300, rateAmount: energy[0] },
          { rateAmount: energy[1] },
        ],
      },
      {
        rateName: 'Peak Adder',
        chargeType: 'CONSUMPTION_BASED',
        chargePeriod: 'MONTHLY',
        timeOfUse: { touId: peakTouId },
        rateBands: [{ rateAmount: 0.1 }],
      },
    ],
    properties: [{ keyName: 'territoryId', propertyTypes: 'APPLICABILITY', operator: '=', propertyValue: '3538' }],
  };
}

/** July 2026, 1 kWh every hour (744 hourly readings from midnight of July 1, Pacific time). */
const JULY = {
  fromDateTime: '2026-07-01',
  toDateTime: '2026-08-01',
  detailLevel: 'RATE',
  propertyInputs: [
    { keyName: 'consumption', fromDateTime: '2026-07-01', duration: 3_600_000, dataSeries: Array(744).fill(1) },
  ],
};

for (const dialect of dialects) {
  describe(`tariff authoring (${dialect})`, () => {
    let t: TestApp;
    let a: NewCredentials;
    let b: NewCredentials;
    let readOnly: NewCredentials;
    let peakTouId: number;

    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: NewCredentials, payload?: object) =>
      t.inject({
        method,
        url,
        payload,
        headers: { authorization: t.authHeader(who), ...(payload ? { 'content-type': 'application/json' } : {}) },
      });
    const calc = (who: NewCredentials, masterTariffId: number, body: object = JULY) =>
      send('POST', '/rest/v1/ondemand/calculate', who, { masterTariffId, ...body });
    const tariffRows = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('tariffs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      a = await t.credentials(['signal', 'privateTou'], 'authoring-a');
      b = await t.credentials(['enterprise', 'privateTou'], 'authoring-b');
      readOnly = await t.credentials([], 'authoring-a');
      const group = await send('POST', '/rest/timeofuses', a, TOU_GROUP);
      assert.equal(group.statusCode, 201, group.body);
      peakTouId = group
        .json()
        .results[0].timeOfUses.find((x: { touName: string }) => x.touName === 'Authored Peak').touId;
    });
    after(() => t.close());

    it('needs the signal tier to write', async () => {
      const res = await send('POST', '/rest/beta/tariffs', readOnly, tariff(peakTouId));
      assert.equal(res.statusCode, 403);
    });

    it('creates a private tariff, bills it to the cent, and only its organization sees it', async () => {
      const created = await send('POST', '/rest/beta/tariffs', a, tariff(peakTouId));
      assert.equal(created.statusCode, 201, created.body);
      const v1 = created.json().results[0];
      assert.equal(v1.privacy, 'PRIVATE');
      assert.equal(v1.timeZone, 'America/Los_Angeles', "the LSE's zone when none is given");
      assert.equal(v1.rates.length, 3);
      assert.equal(v1.rates[2].timeOfUse.touId, peakTouId);
      assert.equal(v1.hasTimeOfUseRates, true);
      assert.equal(v1.hasTieredRates, true);
      assert.equal(v1.properties[0].keyName, 'territoryId');
      assert.ok(v1.masterTariffId >= 1_000_000_000 && v1.tariffId >= 1_000_000_000, 'ids of the private range');
      assert.equal(created.headers.location, `/rest/public/tariffs/${v1.masterTariffId}`);
      const master = v1.masterTariffId;

      // Golden bill, July 2026 (31 days, 744 h at 1 kWh = 744 kWh; 23 weekdays: Wed 1 - Fri 3, then four Mon-Fri
      // weeks; 23 x 3 peak hours (17-20) = 69 kWh on peak):
      //   Customer Charge  10.00                                   = 10.00
      //   Energy           300 kWh x 0.20 = 60.00; 444 kWh x 0.30 = 133.20 -> 193.20
      //   Peak Adder       69 kWh x 0.10                           =   6.90
      //   Total                                                    = 210.10
      const bill = await calc(a, master);
      assert.equal(bill.statusCode, 200, bill.body);
      const r = bill.json().results[0];
      const byRate = new Map<string, number>();
      for (const i of r.items as { rateName: string; cost: number }[])
        byRate.set(i.rateName, (byRate.get(i.rateName) ?? 0) + i.cost);
      assert.deepEqual(Object.fromEntries(byRate), { 'Customer Charge': 10, Energy: 193.2, 'Peak Adder': 6.9 });
      assert.equal(r.totalCost, 210.1);

      // Its own organization reads it: by id, its history, PRIVATE in the list (not in the default PUBLIC list).
      assert.equal((await t.json(`/rest/public/tariffs/${master}`, a)).results[0].tariffId, v1.tariffId);
      assert.equal((await t.json(`/rest/public/tariffs/${master}/history`, a)).results[0].tariffVersions.length, 1);
      const own = await t.json('/rest/public/tariffs?privacyFlags=PRIVATE', a);
      assert.deepEqual(
        own.results.map((x: { masterTariffId: number }) => x.masterTariffId),
        [master],
      );
      const publicList = await t.json(`/rest/public/tariffs?lseId=${PGE}&pageCount=1000`, a);
      assert.ok(!publicList.results.some((x: { masterTariffId: number }) => x.masterTariffId === master));

      // Another organization: as if it did not exist, everywhere.
      assert.equal((await t.get(`/rest/public/tariffs/${master}`, b)).statusCode, 404);
      assert.equal((await t.get(`/rest/public/tariffs/${master}/history`, b)).statusCode, 404);
      assert.equal((await t.get(`/rest/public/tariffs/properties?masterTariffId=${master}`, b)).statusCode, 404);
      assert.equal((await t.get(`/rest/public/territories?masterTariffId=${master}`, b)).statusCode, 404);
      assert.equal(
        (await t.json('/rest/public/tariffs?privacyFlags=PRIVATE,PUBLIC&pageCount=1000', b)).results.some(
          (x: { masterTariffId: number }) => x.masterTariffId === master,
        ),
        false,
      );
      const theirs = await calc(b, master);
      assert.equal(theirs.statusCode, 404, theirs.body);
      assert.equal(theirs.json().results[0].propertyName, 'masterTariffId');
      const mass = await send('POST', '/rest/v1/ondemand/calculate/mass', b, {
        ...JULY,
        scenarios: [{ masterTariffId: master }],
      });
      assert.equal(mass.statusCode, 404, mass.body);
      assert.equal((await send('PUT', `/rest/beta/tariffs/${v1.tariffId}`, b, tariff(peakTouId))).statusCode, 404);
      assert.equal((await send('DELETE', `/rest/beta/tariffs/${v1.tariffId}`, b)).statusCode, 404);
      const joined = await send('POST', '/rest/beta/tariffs', b, { ...tariff(peakTouId), masterTariffId: master });
      assert.equal(joined.statusCode, 404, 'nor adds a version to it');
      // Nor can it use A's private TOU in a tariff of its own.
      const borrowed = await send('POST', '/rest/beta/tariffs', b, tariff(peakTouId));
      assert.equal(borrowed.statusCode, 400);
      assert.equal(borrowed.json().results[0].propertyName, 'rates[2].timeOfUse.touId');

      await send('DELETE', `/rest/beta/tariffs/${v1.tariffId}`, a);
    });

    it("every other read by tariff: the owner's to use, another organization's 404 (or 400 naming it)", async () => {
      const master = (await send('POST', '/rest/beta/tariffs', a, tariff(peakTouId))).json().results[0].masterTariffId;
      const both = async (url: string, owner: number, other: number) => {
        const mine = await t.get(url, a);
        assert.equal(mine.statusCode, owner, `${url}: ${mine.body}`);
        const theirs = await t.get(url, b);
        assert.equal(theirs.statusCode, other, `${url}: ${theirs.body}`);
        if (other >= 400) assert.equal(theirs.json().results[0].propertyName, 'masterTariffId');
      };
      await both(
        `/rest/v1/prices/smart?masterTariffId=${master}&fromDateTime=2026-07-01&toDateTime=2026-07-02`,
        200,
        404,
      );
      await both(`/rest/public/prices/${master}?fromDateTime=2026-07-01&toDateTime=2026-07-02`, 200, 404);
      await both(
        `/rest/public/calculate/${master}?fromDateTime=2026-07-01&toDateTime=2026-08-01&consumption=744`,
        200,
        404,
      );
      await both(`/rest/v1/typicals/buildings?masterTariffId=${master}`, 200, 404);
      // An account names only tariffs its organization sees.
      const account = (who: NewCredentials) =>
        send('PUT', '/rest/v1/accounts', who, {
          providerAccountId: 'authoring-account',
          address: { addressString: '1 Valencia St, San Francisco CA 94110' },
          tariffs: [{ masterTariffId: master, effectiveDate: '2026-01-01' }],
        });
      const ownAccount = await account(a);
      assert.ok([200, 201].includes(ownAccount.statusCode), ownAccount.body);
      const theirAccount = await account(b);
      assert.equal(theirAccount.statusCode, 400, theirAccount.body);
      assert.equal(theirAccount.json().results[0].propertyName, 'tariffs[0].masterTariffId');
      // An import of reference data never overwrites an organization's tariff, nor joins it.
      const { importTariffJson } = await import('../../../src/importers/tariff-json.importer.ts');
      const { Readable } = await import('node:stream');
      const record = {
        tariffId: master + 1,
        masterTariffId: master,
        tariffName: 'Imported',
        lseId: PGE,
        effectiveDate: '2027-01-01',
        timeZone: 'America/Los_Angeles',
      };
      const summary = await importTariffJson(t.db, Readable.from([JSON.stringify(record)]), 'fuzz.json');
      assert.equal(summary.skipped.length, 1, JSON.stringify(summary));
      assert.match(summary.skipped[0]!.reason, /another owner's tariff/);
    });

    it('versions: a later version closes the open one, overlaps are refused, a delete reopens', async () => {
      const v1 = (await send('POST', '/rest/beta/tariffs', a, tariff(peakTouId))).json().results[0];
      const master = v1.masterTariffId;
      const later = await send('POST', '/rest/beta/tariffs', a, {
        ...tariff(peakTouId, [0.25, 0.35]),
        masterTariffId: master,
        effectiveDate: '2026-08-01',
      });
      assert.equal(later.statusCode, 201, later.body);
      const v2 = later.json().results[0];
      assert.equal(v2.priorTariffId, v1.tariffId);
      const history = (await t.json(`/rest/public/tariffs/${master}/history`, a)).results[0].tariffVersions;
      assert.deepEqual(
        history.map((v: { tariffId: number; effectiveDate: string; endDate: string | null }) => [
          v.tariffId,
          v.effectiveDate.slice(0, 10),
          v.endDate?.slice(0, 10) ?? null,
        ]),
        [
          [v1.tariffId, '2026-01-01', '2026-08-01'],
          [v2.tariffId, '2026-08-01', null],
        ],
      );
      // August bills on the later version: 744 kWh (31 days), 21 weekdays x 3 h = 63 kWh on peak:
      // 10 + 300 x 0.25 (75) + 444 x 0.35 (155.40) + 63 x 0.10 (6.30) = 246.70.
      const august = await calc(a, master, {
        ...JULY,
        fromDateTime: '2026-08-01',
        toDateTime: '2026-09-01',
        propertyInputs: [{ ...JULY.propertyInputs[0], fromDateTime: '2026-08-01' }],
      });
      assert.equal(august.json().results[0].totalCost, 246.7, august.body);

      const before = await tariffRows();
      const refused = async (
        body: object,
        field: string,
        method: 'POST' | 'PUT' = 'POST',
        url = '/rest/beta/tariffs',
      ) => {
        const res = await send(method, url, a, body);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().results[0].propertyName, field, res.body);
      };
      const version = (more: object) => ({ ...tariff(peakTouId), masterTariffId: master, ...more });
      await refused(version({ effectiveDate: '2026-08-01' }), 'effectiveDate');
      await refused(version({ effectiveDate: '2026-03-01' }), 'effectiveDate');
      await refused(version({ effectiveDate: '2025-06-01', endDate: '2026-02-01' }), 'endDate');
      await refused(version({ effectiveDate: '2026-13-01' }), 'effectiveDate');
      await refused(version({ effectiveDate: '2026-10-01', endDate: '2026-09-01' }), 'endDate');
      await refused(version({ lseId: 1 }), 'lseId');
      await refused(
        {
          ...version({ effectiveDate: '2027-01-01' }),
          rates: [{ rateName: 'x', timeOfUse: { touId: 999_999_999 }, rateBands: [{ rateAmount: 1 }] }],
        },
        'rates[0].timeOfUse.touId',
      );
      await refused(
        {
          ...version({ effectiveDate: '2027-01-01' }),
          rates: [{ rateName: 'x', season: { seasonId: 999_999_999 }, rateBands: [{ rateAmount: 1 }] }],
        },
        'rates[0].season.seasonId',
      );
      await refused(
        { ...version({ effectiveDate: '2027-01-01' }), properties: [{ keyName: 'noSuchKeyAnywhere' }] },
        'properties[0].keyName',
      );
      await refused(
        { ...version({ effectiveDate: '2027-01-01' }), rates: [{ rateName: 'x', rateBands: [{ rateAmount: 'abc' }] }] },
        'rates[0].rateBands[0].rateAmount',
      );
      await refused({ ...version({ effectiveDate: '2027-01-01' }), masterTariffId: 522 }, 'masterTariffId');
      await refused(tariff(peakTouId), 'effectiveDate', 'PUT', `/rest/beta/tariffs/${v2.tariffId}`);
      await refused(version({ masterTariffId: 99_999_999_999 }), 'masterTariffId');
      await refused(version({ privacy: 'PUBLIC' }), 'privacy');
      await refused(
        { ...version({ effectiveDate: '2027-01-01' }), rates: [{ chargeType: 'CONSUMPTION', rateBands: [] }] },
        'rates[0].chargeType',
      );
      await refused(version({ effectiveDate: '2027-01-01' }), 'tariffId', 'PUT');
      assert.equal(await tariffRows(), before, 'nothing written by a refused write');
      // An earlier version before the first: it ends where the first starts.
      const first = await send('POST', '/rest/beta/tariffs', a, version({ effectiveDate: '2025-01-01' }));
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().results[0].endDate.slice(0, 10), '2026-01-01');

      // PUT replaces the version whole, in place.
      const put = await send('PUT', `/rest/beta/tariffs/${v2.tariffId}`, a, {
        ...tariff(peakTouId, [0.5, 0.5]),
        effectiveDate: '2026-09-01',
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().results[0].rates[1].rateBands[0].rateAmount, 0.5);
      assert.equal(
        (await t.json(`/rest/public/tariffs/${master}?effectiveOn=2026-08-15`, a)).results[0].tariffId,
        v1.tariffId,
        'the earlier version reaches the new start',
      );

      // The original's client PUTs without the id in the path when its Tariff has none: the body names the version.
      const bodyNamed = await send('PUT', '/rest/beta/tariffs', a, {
        ...tariff(peakTouId, [0.5, 0.6]),
        tariffId: v2.tariffId,
        effectiveDate: '2026-09-01',
      });
      assert.equal(bodyNamed.statusCode, 200, bodyNamed.body);
      assert.equal(bodyNamed.json().results[0].rates[1].rateBands[1].rateAmount, 0.6);

      // Deleting the latest reopens the one before it.
      const deleted = await send('DELETE', `/rest/beta/tariffs/${v2.tariffId}`, a);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal(deleted.json().results[0].tariffId, v2.tariffId);
      const after = (await t.json(`/rest/public/tariffs/${master}/history`, a)).results[0].tariffVersions;
      assert.equal(after.at(-1).tariffId, v1.tariffId);
      assert.equal(after.at(-1).endDate, null);
      assert.equal((await send('DELETE', `/rest/beta/tariffs/${v2.tariffId}`, a)).statusCode, 404);
      // A reference tariff is not the organization's to change.
      assert.equal((await send('DELETE', '/rest/beta/tariffs/1100001', a)).statusCode, 404);
    });
  });
}
