// GET /rest/v1/typicals/baselines/best on the profiles read from ../shared/reference at seed time: values checked
// against the source files, sizing, proportions, roll-ups, intervals moved onto 2024 (leap year, DST), houses scaled
// to their state's average, and every bad parameter named. SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { REFERENCE_DIR, referencePath } from '../../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { Value } from '@sinclair/typebox/value';
import { DateTime } from 'luxon';
import { formatDateTime } from '../../../src/engine/time/datetime-input.ts';
import { responses } from '../../../src/http/response-schemas.ts';
import { BaselineSchema } from '../../../src/modules/baselines/baselines.schemas.ts';

const present = referencePath('loads') !== null && referencePath('climate') !== null;
const crbFile = (name: string) =>
  readFileSync(join(REFERENCE_DIR, 'loads', 'reopt-crb-electric', name), 'utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .map(Number);
const sum = (xs: { v: number }[]) => xs.reduce((a, x) => a + x.v, 0);
const close = (a: number, b: number, what: string, tolerance = 1e-6) =>
  assert.ok(Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

for (const dialect of dialects) {
  describe(`typical baselines on ${dialect}`, { skip: present ? false : '../shared/reference is absent' }, () => {
    let t: TestApp;
    let c: NewCredentials;
    const best = async (query: string) => {
      const res = await t.inject({
        method: 'GET',
        url: `/rest/v1/typicals/baselines/best?${query}`,
        headers: { authorization: t.authHeader(c) },
      });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual([body.status, body.type, body.count], ['success', 'Baseline', 1]);
      return body.results[0];
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full' });
      c = await t.credentials();
    });
    after(() => t.close());

    it("gives a Chicago small office the file's fractions x REopt's 86,224 kWh, hour by hour, in climate zone 5A", async () => {
      const b = await best('zipCode=60601&buildingType=SmallOffice');
      const file = crbFile('crb8760_norm_Chicago_SmallOffice.dat');
      assert.deepEqual(
        [b.sourceId, b.startDay, b.type, b.measureDuration, b.measureValue, b.measureUnit, b.measures.length],
        ['DOECRB', 7, 'ARCHETYPE', 3_600_000, 'kWh', 'total', 8760],
      );
      for (const h of [0, 13, 4000, 8759]) close(b.measures[h].v, file[h]! * 86224, `hour ${h + 1}`);
      assert.deepEqual([b.measures[0].i, b.measures[8759].i], [1, 8760]);
      close(b.factors.annualConsumption, 86224, 'annual');
      close(b.factors.peakDemand, Math.max(...file) * 86224, 'peak');
      assert.deepEqual(
        [b.climateZone.territoryId, b.climateZone.usageType, b.climateZone.lseId],
        [1900051, 'CLIMATE_ZONE', null],
      );
      assert.deepEqual([b.buildingType.id, b.buildingType.customerClass], ['SmallOffice', 'GENERAL']);
      assert.equal(
        b.properties.find((p: { keyName: string }) => p.keyName === 'baselineProfile').dataValue,
        'DOECRB-Chicago-SmallOffice',
      );
      // The same baseline, asked again: the same id.
      assert.equal(
        (await best('zipCode=60601&buildingType=SmallOffice&excludeMeasures=true')).baselineId,
        b.baselineId,
      );
    });

    it("gives a commercial baseline its reference building's floor area, and scales the year by a building area", async () => {
      // DOE reference small office: 5,500 sq ft (the EnergyPlus model's header); REopt's Chicago year 86,224 kWh.
      const b = await best('zipCode=60601&buildingType=SmallOffice&excludeMeasures=true');
      assert.deepEqual([b.factors.meanBuildingArea, b.factors.buildingArea], [5500, 5500]);
      close(b.factors.meanIntensity, 86224 / 5500, 'kWh per sq ft (15.677)');
      assert.equal(b.properties.find((p: { keyName: string }) => p.keyName === 'buildingArea').dataValue, '5500');
      // 11,000 sq ft is twice the reference: 2 x 86,224 = 172,448 kWh, the same intensity.
      const twice = await best('zipCode=60601&buildingType=SmallOffice&buildingArea=11000');
      close(twice.factors.annualConsumption, 172448, 'twice the area');
      close(sum(twice.measures), 172448, 'its hours');
      const file = crbFile('crb8760_norm_Chicago_SmallOffice.dat');
      const intensity = await best('zipCode=60601&buildingType=SmallOffice&buildingArea=11000&measuresUnit=intensity');
      close(intensity.measures[13].v, (file[13]! * 172448) / 11000, 'hour 14, kWh per sq ft');
      close(sum(intensity.measures), 86224 / 5500, "a year of intensity is the reference's kWh per sq ft");
      // Mid-rise apartment 33,742 sq ft; a house has no reference area (its size comes from the state's average).
      assert.equal(
        (await best('zipCode=60601&buildingType=MidriseApartment&excludeMeasures=true')).factors.meanBuildingArea,
        33742,
      );
      const house = await best('zipCode=02108&buildingType=RESIDENTIAL&excludeMeasures=true');
      assert.deepEqual([house.factors.meanBuildingArea, house.factors.buildingArea], [null, null]);
      assert.equal(
        (await best('addressString=Phoenix, AZ&customerClass=RESIDENTIAL&excludeMeasures=true')).factors
          .meanBuildingArea,
        null,
        'the apartment shape standing in for a house',
      );
    });

    it('sizes the year, gives proportions summing to 100, and rolls hours up by month, day and year', async () => {
      const sized = await best(
        'zipCode=60601&buildingType=MEDIUM_COMMERCIAL&sizingKeyName=loadSize&sizingDataValue=50000&sizingUnit=kWh',
      );
      close(sum(sized.measures), 50000, 'sized year');
      const share = await best('zipCode=60601&buildingType=MEDIUM_COMMERCIAL&measuresUnit=proportion');
      close(sum(share.measures), 100, 'proportions');
      const hourly = (await best('zipCode=60601&buildingType=MEDIUM_COMMERCIAL')).measures as { v: number }[];
      const months = (await best('zipCode=60601&buildingType=MEDIUM_COMMERCIAL&groupBy=MONTH')).measures;
      assert.equal(months.length, 12);
      // January is hours 1-744, February 745-1416 of the typical (common) year.
      close(months[0].v, sum(hourly.slice(0, 744)), 'January');
      close(months[1].v, sum(hourly.slice(744, 1416)), 'February');
      const days = await best('zipCode=60601&buildingType=MEDIUM_COMMERCIAL&groupBy=DAY');
      assert.deepEqual([days.measures.length, days.measureDuration], [365, 86_400_000]);
      close(days.measures[1].v, sum(hourly.slice(24, 48)), 'January 2');
      const year = await best('zipCode=60601&buildingType=MEDIUM_COMMERCIAL&groupBy=YEAR&excludeMeasures=false');
      close(year.measures[0].v, sum(hourly), 'year');
      assert.equal(
        (await best('zipCode=60601&buildingType=MEDIUM_COMMERCIAL&excludeMeasures=true')).measures,
        undefined,
      );
    });

    it("moves the typical year onto 2024 in Chicago: 8,784 hours less one on March 10, the year's total kept", async () => {
      const b = await best(
        'zipCode=60601&buildingType=SmallOffice&excludeMeasures=true&intervalFromDateTime=2024-01-01&intervalToDateTime=2025-01-01',
      );
      // 366 days x 24 hours, less the hour skipped on March 10 and plus the one repeated on November 3: 8,784.
      assert.equal(b.intervals.length, 8784);
      close(b.factors.intervalConsumption, 86224, 'the year 2024 totals the typical year');
      const march10 = b.intervals.filter((i: { fromDateTime: string }) => i.fromDateTime.startsWith('2024-03-10'));
      const november3 = b.intervals.filter((i: { fromDateTime: string }) => i.fromDateTime.startsWith('2024-11-03'));
      assert.deepEqual([march10.length, november3.length], [23, 25]);
      assert.deepEqual(
        [b.intervals[0].fromDateTime, b.intervals[0].duration, b.intervals[0].kWh.rateAmount],
        ['2024-01-01T00:00:00-06:00', 3_600_000, null],
      );
      assert.equal(
        b.intervals[0].kW.quantityAmount,
        b.intervals[0].kWh.quantityAmount,
        "an hour's kWh is its average kW",
      );
    });

    it("writes its JSON by hand to the schema's shape, with no field the schema lacks, parts of hours included", async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/rest/v1/typicals/baselines/best?zipCode=60601&buildingType=SmallOffice&intervalFromDateTime=2025-07-01T10:30:00&intervalToDateTime=2025-07-01T12:15:00',
        headers: { authorization: t.authHeader(c) },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8/);
      const body = res.json();
      const schema = responses(BaselineSchema)[200];
      assert.ok(
        Value.Check(schema, body),
        [...Value.Errors(schema, body)]
          .map((e) => `${e.path} ${e.message}`)
          .slice(0, 3)
          .join('; '),
      );
      assert.deepEqual(Value.Clean(schema, structuredClone(body)), body, 'no field beyond the schema');
      // 10:30-11:00, 11:00-12:00, 12:00-12:15 Chicago daylight time: a part of an hour has kW = kWh x 60 / its minutes.
      const answer = res.json().results[0];
      const [half, hour, quarter] = answer.intervals;
      assert.deepEqual(
        [half.fromDateTime, half.toDateTime, half.duration, hour.duration, quarter.toDateTime],
        ['2025-07-01T10:30:00-05:00', '2025-07-01T11:00:00-05:00', 1_800_000, 3_600_000, '2025-07-01T12:15:00-05:00'],
      );
      close(half.kW.quantityAmount, half.kWh.quantityAmount * 2, 'half an hour');
      close(quarter.kW.quantityAmount, quarter.kWh.quantityAmount * 4, 'a quarter of an hour');
      assert.equal(hour.kW.quantityAmount, hour.kWh.quantityAmount);
      assert.equal(answer.measures.length, 8760);
    });

    it('writes a year of intervals byte for byte as JSON.stringify writes the same objects, dates as Luxon writes them (2024 and 2025)', async () => {
      // Answers are kept per process (baseline-answers.ts): an area of each dialect's own makes each write its own.
      const area = `buildingArea=${dialect === 'sqlite' ? 50_000 : 50_001}`;
      for (const [query, zone] of [
        [
          `zipCode=60601&buildingType=MediumOffice&${area}&intervalFromDateTime=2024-01-01&intervalToDateTime=2025-01-01`,
          'America/Chicago',
        ],
        [
          `zipCode=60601&buildingType=MediumOffice&${area}&intervalFromDateTime=2025-01-01&intervalToDateTime=2026-01-01`,
          'America/Chicago',
        ],
        [
          'zipCode=02108&buildingType=RESIDENTIAL&measuresUnit=proportion&intervalFromDateTime=2024-03-09T12:00:00Z&intervalToDateTime=2024-11-04T01:00:00.250Z',
          'America/New_York',
        ],
      ] as const) {
        // Three times: an answer is kept from its second request on, the third is the kept one.
        for (const time of ['first', 'second', 'kept']) {
          const res = await t.inject({
            method: 'GET',
            url: `/rest/v1/typicals/baselines/best?${query}`,
            headers: { authorization: t.authHeader(c) },
          });
          assert.equal(res.statusCode, 200, res.body);
          const answer = JSON.parse(res.body);
          assert.ok(JSON.stringify(answer) === res.body, `${query} (${time}): the bytes JSON.stringify writes`);
          const intervals = answer.results[0].intervals as {
            fromDateTime: string;
            toDateTime: string;
            duration: number;
            kWh: { quantityAmount: number };
            kW: { quantityAmount: number };
          }[];
          assert.equal(answer.results[0].measures.length, 8760);
          let at = DateTime.fromISO(intervals[0]!.fromDateTime, { zone });
          for (const i of intervals) {
            const to = DateTime.fromMillis(at.toMillis() + i.duration, { zone });
            const expected = [
              formatDateTime(at),
              formatDateTime(to),
              i.duration === 3_600_000 ? i.kWh.quantityAmount : (i.kWh.quantityAmount * 3_600_000) / i.duration,
            ];
            if (i.fromDateTime !== expected[0] || i.toDateTime !== expected[1] || i.kW.quantityAmount !== expected[2])
              assert.deepEqual([i.fromDateTime, i.toDateTime, i.kW.quantityAmount], expected, query);
            at = to;
          }
        }
      }
    });

    it('answers afresh when the profile changed since an answer was kept', async () => {
      const query = `zipCode=60601&buildingType=SmallOffice&sizingKeyName=loadSize&sizingDataValue=${dialect === 'sqlite' ? 1000 : 1001}&sizingUnit=kWh&intervalFromDateTime=2025-01-01&intervalToDateTime=2025-01-02`;
      const before = await best(query);
      assert.deepEqual(await best(query), before, 'asked again, the answer is kept');
      const id = 'DOECRB-Chicago-SmallOffice';
      const row = await t.db.kysely
        .selectFrom('load_profiles')
        .select('shape')
        .where('profile_id', '=', id)
        .executeTakeFirstOrThrow();
      const shape = JSON.parse(row.shape) as number[];
      // Hour 1 takes hour 2's share and hour 2 hour 1's: the same year, another shape.
      [shape[0], shape[1]] = [shape[1]!, shape[0]!];
      try {
        await t.db.kysely
          .updateTable('load_profiles')
          .set({ shape: JSON.stringify(shape) })
          .where('profile_id', '=', id)
          .execute();
        const after = await best(query);
        assert.deepEqual([after.measures[0].v, after.measures[1].v], [before.measures[1].v, before.measures[0].v]);
      } finally {
        await t.db.kysely.updateTable('load_profiles').set({ shape: row.shape }).where('profile_id', '=', id).execute();
      }
      assert.deepEqual(await best(query), before);
    });

    it("scales a house to its state's average: Boston on the Boston home, Phoenix on the zone's apartment shape", async () => {
      // EIA Table 5A 2022: Massachusetts 577 kWh a month = 6,924 a year; Arizona 1,061 = 12,732.
      const boston = await best('zipCode=02108&buildingType=RESIDENTIAL');
      assert.deepEqual([boston.sourceId, boston.climateZone.territoryId], ['OPENEI_RES', 1900051]);
      close(boston.factors.annualConsumption, 6924, 'Massachusetts');
      assert.equal(
        boston.properties.find((p: { keyName: string }) => p.keyName === 'baselineProfile').dataValue,
        'OPENEI_RES-MA-725090-BASE',
      );
      const phoenix = await best('addressString=Phoenix, AZ&customerClass=RESIDENTIAL');
      close(phoenix.factors.annualConsumption, 12732, 'Arizona');
      assert.equal(
        phoenix.properties.find((p: { keyName: string }) => p.keyName === 'baselineProfile').dataValue,
        'DOECRB-Phoenix-MidriseApartment',
      );
      assert.ok(phoenix.properties.some((p: { keyName: string }) => p.keyName === 'profileStandIn'));
      // The original's Java client sends the customer class as buildingType.
      assert.equal(
        (await best('zipCode=60601&buildingType=GENERAL&excludeMeasures=true')).buildingType.id,
        'SMALL_COMMERCIAL',
      );
    });

    it('bills a typical baseline when a calculation asks for one instead of usage, and says so', async () => {
      const signal = await t.credentials(['signal']);
      const calc = async (propertyInputs: object[], status = 200) => {
        const res = await t.inject({
          method: 'POST',
          url: '/rest/v1/ondemand/calculate',
          headers: { authorization: t.authHeader(signal), 'content-type': 'application/json' },
          payload: {
            masterTariffId: 1300300,
            fromDateTime: '2025-07-01',
            toDateTime: '2025-08-01',
            address: { zip: '78701' },
            applyUtilityTax: false,
            propertyInputs,
          },
        });
        assert.equal(res.statusCode, status, res.body);
        return res.json();
      };
      // Austin (2A) has no bundled home: the zone's apartment shape, scaled to Texas's average; July 2025 as the
      // baselines operation moves it. Pedernales RES: 22.50 a month + (0.07208 + 0.03212) = 0.1042 per kWh.
      const july = await best(
        'zipCode=78701&buildingType=RESIDENTIAL&excludeMeasures=true&intervalFromDateTime=2025-07-01&intervalToDateTime=2025-08-01',
      );
      const kwh = july.factors.intervalConsumption as number;
      const bill = (
        await calc([
          { keyName: 'baselineType', dataValue: 'typicalElectricity' },
          { keyName: 'buildingId', dataValue: 'RESIDENTIAL' },
        ])
      ).results[0];
      close(bill.summary.kWh, kwh, 'kWh billed', 1e-5);
      assert.equal(bill.totalCost, Math.round((22.5 + kwh * 0.1042) * 100) / 100);
      const said = bill.assumptions.find((a: { keyName: string }) => a.keyName === 'baselineType');
      assert.deepEqual([said?.accuracy, /typical baseline/.test(said?.description)], [50, true]);
      // Twice the baseline with a dataFactor; a year of 6,000 kWh with loadSize (July's share of it).
      const doubled = (await calc([{ keyName: 'baselineType', dataValue: 'typicalElectricity', dataFactor: 2 }]))
        .results[0];
      close(doubled.summary.kWh, 2 * kwh, 'doubled', 1e-5);
      const sized = await best(
        'zipCode=78701&buildingType=RESIDENTIAL&excludeMeasures=true&sizingKeyName=loadSize&sizingDataValue=6000&sizingUnit=kWh&intervalFromDateTime=2025-07-01&intervalToDateTime=2025-08-01',
      );
      close(
        (
          await calc([
            { keyName: 'baselineType', dataValue: 'typicalElectricity' },
            { keyName: 'loadSize', dataValue: 6000 },
          ])
        ).results[0].summary.kWh,
        sized.factors.intervalConsumption,
        'sized',
        1e-5,
      );
      // Usage and a baseline together, a baseline type other than typicalElectricity, a building type unknown.
      assert.equal(
        (
          await calc(
            [
              { keyName: 'baselineType', dataValue: 'typicalElectricity' },
              { keyName: 'consumption', dataValue: 500 },
            ],
            400,
          )
        ).results[0].propertyName,
        'propertyInputs[0].keyName',
      );
      assert.equal(
        (await calc([{ keyName: 'baselineType', dataValue: 'typicalGas' }], 400)).results[0].propertyName,
        'propertyInputs[0].dataValue',
      );
      assert.equal(
        (
          await calc(
            [
              { keyName: 'baselineType', dataValue: 'typicalElectricity' },
              { keyName: 'buildingId', dataValue: 'Castle' },
            ],
            400,
          )
        ).results[0].propertyName,
        'propertyInputs[1].dataValue',
      );
      assert.equal(
        (await calc([{ keyName: 'buildingId', dataValue: 'RESIDENTIAL' }], 400)).results[0].propertyName,
        'propertyInputs[0].keyName',
      );
    });

    // Issue #39: the original takes the place from the tariff when a calculation gives none.
    it("places a typical baseline with no address at the tariff's territory, and says so", async () => {
      const signal = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(signal), 'content-type': 'application/json' },
        payload: {
          masterTariffId: 522, // PG&E E-1: its rates name baseline territories of PG&E
          fromDateTime: '2025-07-01',
          toDateTime: '2025-08-01',
          propertyInputs: [{ keyName: 'baselineType', dataValue: 'typicalElectricity' }],
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      const bill = res.json().results[0];
      const placed = bill.assumptions.find((a: { description: string }) => a.description.startsWith('No address'));
      assert.ok(placed, JSON.stringify(bill.assumptions));
      assert.equal(placed.keyName, 'territoryId');
      const territory = (await t.json(`/rest/public/territories/${placed.dataValue}`, c)).results[0];
      assert.equal(territory.lseId, 734);
      // The kWh billed are the typical home's at the territory's centre (its nearest ZIP code with a climate zone:
      // San Francisco's centre falls on a post-office-box ZIP code, 94119, that has none).
      const { latitude, longitude } = territory.centerPoint;
      const july = await best(
        `lat=${latitude}&lng=${longitude}&buildingType=RESIDENTIAL&excludeMeasures=true&intervalFromDateTime=2025-07-01&intervalToDateTime=2025-08-01`,
      );
      close(bill.summary.kWh, july.factors.intervalConsumption as number, 'kWh billed', 1e-5);
    });

    it('names each bad parameter', async () => {
      await t.expectBadParameters('/rest/v1/typicals/baselines/best', c, [
        ['buildingType=SmallOffice', 'zipCode'],
        ['zipCode=60601&buildingType=Castle', 'buildingType'],
        ['zipCode=60601&customerClass=RESIDENTIAL&buildingType=SmallOffice', 'buildingType'],
        ['zipCode=60601&customerClass=INDUSTRY', 'customerClass'],
        ['lat=41.88', 'lng'],
        ['zipCode=60601&country=CA', 'country'],
        ['zipCode=60601&sizingKeyName=loadSize&sizingDataValue=1000', 'sizingUnit'],
        ['zipCode=60601&sizingKeyName=loadSize&sizingUnit=kWh', 'sizingDataValue'],
        ['zipCode=60601&sizingKeyName=size&sizingDataValue=1000&sizingUnit=kWh', 'sizingKeyName'],
        ['zipCode=60601&intervalFromDateTime=2024-01-01', 'intervalToDateTime'],
        ['zipCode=60601&intervalFromDateTime=2024-01-01&intervalToDateTime=2028-01-02', 'intervalToDateTime'],
        ['zipCode=60601&measuresUnit=intensity', 'measuresUnit'],
        ['zipCode=60601&groupBy=WEEK', 'groupBy'],
        ['zipCode=60601&serviceType=GAS', 'serviceType'],
        ['zipCode=60601&buildingVintage=Medieval', 'buildingVintage'],
        ['zipCode=60601&buildingType=SmallOffice&buildingArea=-5', 'buildingArea'],
        ['zipCode=09001', 'zipCode'],
      ]);
    });
  });
}
