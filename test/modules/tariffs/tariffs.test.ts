import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

/** Every field the recorded object has, compared; `null` and an absent field are the same in the recording. */
function assertMatches(got: Record<string, unknown>, expected: Record<string, unknown>, where: string) {
  for (const [k, v] of Object.entries(expected)) {
    if (
      k === 'rateBands' ||
      k === 'rates' ||
      k === 'properties' ||
      k === 'choices' ||
      k === 'applicabilities' ||
      k === 'requiredData' ||
      k === 'eligibility'
    )
      continue;
    if (k === 'timeZone' || k === 'territoryId') continue; // IANA name; territory not bundled (both documented)
    assert.deepEqual(got[k] ?? null, v ?? null, `${where}.${k}`);
  }
}

for (const dialect of dialects) {
  describe(`tariffs on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials();
    });
    after(() => t.close());

    it("answers Georgia Power's tariff 512 with its rates and properties as the recorded original", async (ctx) => {
      const recorded = readRecorded('tariff-512-with-rates-2016.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      // The recording is of the 2016 version; since 2026-06-01 the tariff's version is R-31, so ask for that date.
      const body = await t.json(`${recorded.request.path}&effectiveOn=2016-01-01`, c);
      assert.equal(body.type, 'Tariff');
      const got = body.results[0];
      const expected = recorded.response.results[0];
      // Recorded while R-22 was open (active, no end); it now ends where R-31 starts.
      assertMatches(got, { ...expected, endDate: '2026-06-01', isActive: false }, 'tariff');
      assert.deepEqual([expected.endDate ?? null, expected.isActive], [null, true]);
      assert.equal(got.timeZone, 'America/New_York');
      assert.equal(got.rates.length, expected.rates.length);
      for (const rate of expected.rates) {
        const mine = got.rates.find((r: { tariffRateId: number }) => r.tariffRateId === rate.tariffRateId);
        assert.ok(mine, `rate ${rate.tariffRateId}`);
        assertMatches(mine, rate, `rate ${rate.tariffRateId}`);
        assert.equal(mine.rateBands.length, rate.rateBands.length);
        rate.rateBands.forEach((band: Record<string, unknown>, i: number) => {
          assertMatches(mine.rateBands[i], band, `band ${band.tariffRateBandId}`);
        });
      }
      for (const property of expected.properties) {
        const mine = got.properties.find((p: { keyName: string }) => p.keyName === property.keyName);
        assertMatches(mine, property, `property ${property.keyName}`);
        if (property.choices) assert.deepEqual(mine.choices, property.choices);
      }
    });

    it('lists the version in effect, by LSE, ZIP code, class, type and dates', async () => {
      const ids = async (q: string) =>
        (await t.json(`/rest/public/tariffs?${q}&pageCount=100`, c)).results
          .map((x: { tariffId: number }) => x.tariffId)
          .sort((a: number, b: number) => a - b);
      // Georgia Power: R-31 (2026-06-01, open; R-22 of 2016 before it) and TOU-REO-18 (2025-01-01, open; TOU-REO-10 of
      // 2016 before it); today is 2026-11-22.
      assert.deepEqual(await ids('lseId=2756'), [1200003, 1200004]);
      assert.deepEqual(await ids('lseId=2756&effectiveOn=2016-06-01'), [1200002, 3244437], 'R-22 in 2016');
      assert.deepEqual(await ids('zipCode=30303'), [1200003, 1200004], 'the tariffs of the LSEs serving Atlanta');
      assert.deepEqual(
        await ids('zipCode=94110'),
        [1100009, 1100011, 1100013, 1700001, 1700011, 1700021],
        'PG&E in San Francisco: B-19, E-1 and E-TOU-C of 2026-03-01 are in effect, and E-ELEC, E-TOU-C and EV2-A under the Solar Billing Plan',
      );
      assert.deepEqual(
        await ids('customerClasses=GENERAL'),
        [1100009, 1100016],
        'B-19 and SCE TOU-GS-2 Option D; SCE GS-2 TOU B closed on 2016-01-01',
      );
      assert.deepEqual(
        await ids('lseId=2756&customerClasses=residential&tariffTypes=DEFAULT&serviceTypes=ELECTRICITY'),
        [1200003],
      );
      assert.deepEqual(await ids('lseId=2756&effectiveOn=2015-12-31'), [], 'before the versions took effect');
      assert.deepEqual(
        await ids('lseId=734&effectiveOn=2025-06-15'),
        [1100001, 1100003],
        'E-1 and E-TOU-C of spring 2025',
      );
      assert.deepEqual(
        await ids('masterTariffId=522&fromDateTime=2025-01-01&toDateTime=2025-12-01'),
        [1100001, 1100002],
        'both E-1 versions meet the range',
      );
      assert.deepEqual(await ids('lseId=734&isActive=true'), [1100009, 1100011, 1100013, 1700001, 1700011, 1700021]);
      // The tariffs a new solar customer may take (their versions say the arrangement and from when): E-ELEC,
      // E-TOU-C and EV2-A under the Solar Billing Plan.
      assert.deepEqual(await ids('zipCode=94110&isSolarEligible=true'), [1700001, 1700011, 1700021]);
      assert.deepEqual(await ids('zipCode=94110&isSolarEligible=false'), [1100009, 1100011, 1100013]);
      assert.deepEqual(
        await ids('lseId=734&isActive=false&effectiveOn=2025-10-01'),
        [1100002, 1100004],
        'ended versions are inactive',
      );
      assert.deepEqual(await ids('search=resid&masterTariffId=512'), [1200003]);
      assert.deepEqual(await ids('search=resid&masterTariffId=512&effectiveOn=2016-06-01'), [3244437]);
      const plain = (await t.json('/rest/public/tariffs?lseId=2756', c)).results[0];
      assert.ok(!('rates' in plain) && !('properties' in plain), 'rates and properties only on request');
      assert.equal(plain.isActive, true);
    });

    it('derives the flags of a starter tariff from its rates', async () => {
      const one = async (id: number, on: string) =>
        (await t.json(`/rest/public/tariffs/${id}?effectiveOn=${on}`, c)).results[0];
      const e1 = await one(522, '2025-06-01');
      assert.deepEqual([e1.hasTieredRates, e1.hasTimeOfUseRates, e1.tariffCode], [true, false, 'E-1']);
      const touC = await one(1100102, '2025-06-01');
      assert.deepEqual([touC.hasTimeOfUseRates, touC.tariffType], [true, 'ALTERNATIVE']);
      const b19 = await one(1100107, '2026-06-01');
      assert.ok(b19.chargeTypes.split(',').includes('DEMAND_BASED'));
      const rates = (await t.json('/rest/public/tariffs/1100102?effectiveOn=2025-06-01&populateRates=true', c))
        .results[0].rates;
      assert.ok(
        rates.every((r: { tierScope?: string }) => r.tierScope === undefined),
        'tiers within their TOU period unless a rate says TOTAL (tierScope omitted when unset)',
      );
    });

    it('selects the version by effectiveOn', async () => {
      assert.equal((await t.json('/rest/public/tariffs/512?effectiveOn=2016-01-01', c)).results[0].tariffId, 3244437);
      const before = await t.get('/rest/public/tariffs/512?effectiveOn=2015-06-01', c);
      assert.equal(before.statusCode, 404);
      assert.equal(before.json().results[0].propertyName, 'effectiveOn');
      assert.equal((await t.get('/rest/public/tariffs/999', c)).statusCode, 404);
      const e1 = async (on: string) =>
        (await t.json(`/rest/public/tariffs/522?effectiveOn=${on}`, c)).results[0].tariffId;
      assert.deepEqual(
        [await e1('2025-08-31'), await e1('2025-09-01'), await e1('2025-12-31')],
        [1100001, 1100002, 1100002],
        "the version boundary is the later version's first day",
      );
      assert.equal(await e1('2026-11-01'), 1100011, 'the latest version of an open schedule stays in effect');
      // SCE GS-2 TOU B was closed on 2016-01-01 (closedDate): no version is in effect after it.
      assert.equal(
        (await t.get('/rest/public/tariffs/1400700?effectiveOn=2026-11-01', c)).statusCode,
        404,
        'no version in effect on that date',
      );
      assert.equal(
        (await t.json('/rest/public/tariffs/1400700', c)).results[0].tariffId,
        1400701,
        'without a date, after the last version ended: the latest',
      );
    });

    it('answers the history of a tariff with four bundled versions, the latest open', async () => {
      const one = (await t.json('/rest/public/tariffs/522/history', c)).results[0];
      assert.equal(one.initialEffectiveDate, '2025-03-01T00:00:00-08:00');
      assert.deepEqual(
        one.tariffVersions.map((v: { tariffId: number; effectiveDate: string; endDate: string | null }) => [
          v.tariffId,
          v.effectiveDate,
          v.endDate,
        ]),
        [
          [1100001, '2025-03-01T00:00:00-08:00', '2025-09-01T00:00:00-07:00'],
          [1100002, '2025-09-01T00:00:00-07:00', '2026-01-01T00:00:00-08:00'],
          [1100010, '2026-01-01T00:00:00-08:00', '2026-03-01T00:00:00-08:00'],
          [1100011, '2026-03-01T00:00:00-08:00', null],
        ],
      );
    });

    it('answers the history: versions, rider versions and summaries of the lookups the rates name', async () => {
      const one = (await t.json('/rest/public/tariffs/512/history', c)).results[0];
      assert.deepEqual(
        {
          masterTariffId: one.masterTariffId,
          tariffCode: one.tariffCode,
          initialEffectiveDate: one.initialEffectiveDate,
          versions: one.tariffVersions.length,
        },
        { masterTariffId: 512, tariffCode: 'R-31', initialEffectiveDate: '2016-01-01T00:00:00-05:00', versions: 2 },
      );
      assert.deepEqual(
        one.tariffVersions.map((v: { tariffId: number; endDate: string | null }) => [v.tariffId, v.endDate]),
        [
          [3244437, '2026-06-01T00:00:00-04:00'],
          [1200003, null],
        ],
        'R-22 of 2016, then R-31',
      );
      const summaries = one.tariffVersions[0].lookupVariableRates;
      assert.deepEqual(summaries.map((x: { propertyKey: string }) => x.propertyKey).sort(), [
        'fuelCostRecoverySecondaryDistributionSummer',
        'fuelCostRecoverySecondaryDistributionWinter',
        'municipalFranchiseFeeInsideCityLimits',
        'municipalFranchiseFeeOutsideCityLimits',
      ]);
      assert.ok(
        summaries.every((x: { count: number; fromDate: null }) => x.count === 0 && x.fromDate === null),
        'no values are bundled',
      );
      assert.equal((await t.get('/rest/public/tariffs/999/history', c)).statusCode, 404);
    });

    it('has depth once a new version, a rider and lookup values arrive', async () => {
      const db = t.db.kysely;
      const v1 = await db.selectFrom('tariffs').selectAll().where('tariff_id', '=', 3244437).executeTakeFirstOrThrow();
      await db.updateTable('tariffs').set({ end_date: '2017-01-01' }).where('tariff_id', '=', 3244437).execute();
      // A 2017 version between the bundled R-22 (2016) and R-31 (2026-06-01).
      await db
        .insertInto('tariffs')
        .values({
          ...v1,
          tariff_id: 3300001,
          prior_tariff_id: 3244437,
          effective_date: '2017-01-01',
          end_date: '2026-06-01',
          source: 'test',
        })
        .execute();
      await db
        .insertInto('tariffs')
        .values({
          ...v1,
          tariff_id: 9000001,
          master_tariff_id: 9000001,
          tariff_type: 'RIDER',
          tariff_name: 'Test rider',
          effective_date: '2016-06-01',
          end_date: null,
          source: 'test',
        })
        .execute();
      await db
        .insertInto('tariff_rates')
        .values({
          tariff_rate_id: 9000001,
          tariff_id: 3300001,
          master_tariff_rate_id: null,
          rider_tariff_id: null,
          rider_id: 9000001,
          tariff_sequence_number: 1,
          rate_group_name: 'Rider',
          rate_name: 'Rider',
          from_date_time: null,
          to_date_time: null,
          charge_type: null,
          charge_class: null,
          charge_period: null,
          transaction_type: null,
          quantity_key: null,
          applicability_key: null,
          variable_limit_key: null,
          variable_rate_key: 'fuelCostRecoverySecondaryDistributionSummer',
          variable_rate_sub_key: null,
          variable_factor_key: null,
          edge_predominance: null,
          territory_id: null,
          season_id: null,
          tou_id: null,
          proration_rules: null,
        })
        .execute();
      const { LookupsRepository } = await import('../../../src/domain/properties/lookups.repository.ts');
      const start = Date.parse('2017-06-01T00:00:00-04:00');
      await db.transaction().execute((trx) =>
        new LookupsRepository(t.db).replace(
          trx,
          'fuelCostRecoverySecondaryDistributionSummer',
          '',
          [
            {
              from_time: start,
              to_time: start + 30 * 86_400_000,
              best_value: 0.03,
              actual_value: 0.03,
              best_accuracy: null,
              lse_forecast_value: null,
              lse_forecast_accuracy: null,
              forecast_value: null,
              forecast_accuracy: null,
            },
          ],
          Date.parse('2017-05-20T12:00:00Z'),
        ),
      );

      const history = (await t.json('/rest/public/tariffs/512/history', c)).results[0];
      assert.deepEqual(
        history.tariffVersions.map((v: { tariffId: number; endDate: string | null }) => [v.tariffId, v.endDate]),
        [
          [3244437, '2017-01-01T00:00:00-05:00'],
          [3300001, '2026-06-01T00:00:00-04:00'],
          [1200003, null],
        ],
      );
      const v2 = history.tariffVersions[1];
      assert.deepEqual(v2.riderVersions, [
        { riderId: 9000001, riderTariffId: 9000001, effectiveDate: '2016-06-01T00:00:00-04:00', endDate: null },
      ]);
      assert.deepEqual(v2.lookupVariableRates[0], {
        propertyKey: 'fuelCostRecoverySecondaryDistributionSummer',
        subPropertyKey: null,
        fromDate: '2017-06-01',
        toDate: '2017-07-01',
        lastUpdatedDate: '2017-05-20T08:00:00-04:00',
        count: 1,
      });
      assert.equal(v2.lastUpdatedDate, '2017-05-20T08:00:00-04:00', 'a lookup update updates the version');
      assert.equal(
        (await t.json('/rest/public/tariffs/512?effectiveOn=2017-06-15', c)).results[0].tariffId,
        3300001,
        'the 2017 version',
      );
      assert.equal((await t.json('/rest/public/tariffs/512', c)).results[0].tariffId, 1200003, "today's version");
      const variable = async (on: string) =>
        (
          await t.json(`/rest/public/tariffs/512?populateRates=true&lookupVariableRates=true&effectiveOn=${on}`, c)
        ).results[0].rates.find((r: { tariffRateId: number }) => r.tariffRateId === 9000001).rateBands;
      assert.deepEqual(await variable('2017-06-15'), [], 'the rider pointer rate has no bands');
      const summer = async (on: string, lookup: boolean) =>
        (
          await t.json(`/rest/public/tariffs/512?populateRates=true&lookupVariableRates=${lookup}&effectiveOn=${on}`, c)
        ).results[0].rates.find((r: { tariffRateId: number }) => r.tariffRateId === 17471845).rateBands[0].rateAmount;
      assert.equal(await summer('2016-07-01', false), 0, 'stored amount without lookupVariableRates');
      assert.equal(await summer('2016-07-01', true), null, 'no value loaded for that date: unknown');
      assert.equal((await t.json('/rest/public/tariffs/512?effectiveOn=2016-12-31', c)).results[0].tariffId, 3244437);
      assert.deepEqual(
        (
          await t.json('/rest/public/tariffs?masterTariffId=512&fromDateTime=2016-06-01&toDateTime=2017-06-01', c)
        ).results.map((x: { tariffId: number }) => x.tariffId),
        [3244437, 3300001],
      );
      // Version 2 carries no copy of the summer fuel rate; put one there to read the June 2017 value through it.
      await db
        .insertInto('tariff_rates')
        .values({
          tariff_rate_id: 9000002,
          tariff_id: 3300001,
          master_tariff_rate_id: null,
          rider_tariff_id: null,
          rider_id: null,
          tariff_sequence_number: 2,
          rate_group_name: 'Fuel Cost Recovery Charge',
          rate_name: 'Summer Rate',
          from_date_time: null,
          to_date_time: null,
          charge_type: 'CONSUMPTION_BASED',
          charge_class: null,
          charge_period: 'MONTHLY',
          transaction_type: null,
          quantity_key: null,
          applicability_key: null,
          variable_limit_key: null,
          variable_rate_key: 'fuelCostRecoverySecondaryDistributionSummer',
          variable_rate_sub_key: null,
          variable_factor_key: null,
          edge_predominance: null,
          territory_id: null,
          season_id: 315,
          tou_id: null,
          proration_rules: null,
        })
        .execute();
      await db
        .insertInto('tariff_rate_bands')
        .values({
          tariff_rate_band_id: 9000002,
          tariff_rate_id: 9000002,
          rate_sequence_number: 1,
          has_consumption_limit: false,
          consumption_upper_limit: null,
          has_demand_limit: false,
          demand_upper_limit: null,
          has_property_limit: false,
          property_upper_limit: null,
          applicability_value: null,
          calculation_factor: null,
          rate_amount: 0,
          rate_unit: 'COST_PER_UNIT',
          is_credit: false,
          prev_upper_limit: null,
        })
        .execute();
      const fuel = (
        await t.json('/rest/public/tariffs/512?populateRates=true&lookupVariableRates=true&effectiveOn=2017-06-15', c)
      ).results[0].rates.find((r: { tariffRateId: number }) => r.tariffRateId === 9000002);
      assert.equal(fuel.rateBands[0].rateAmount, 0.03, 'the lookup value in effect on June 15, 2017');
    });

    it("lists the territories over which a tariff's prices vary", async () => {
      assert.equal(
        (await t.json('/rest/public/territories?masterTariffId=512', c)).count,
        0,
        'R-22 has no territory-based rates',
      );
      // E-1's baseline quantities vary by PG&E baseline territory: T (the original API's id 3538), then P - Z.
      assert.deepEqual(
        (await t.json('/rest/public/territories?masterTariffId=522', c)).results.map(
          (x: { territoryId: number }) => x.territoryId,
        ),
        [3538, 1000301, 1000302, 1000303, 1000304, 1000305, 1000306, 1000307, 1000308, 1000309],
        'E-1 baseline quantities vary by baseline region',
      );
      await t.db.kysely
        .updateTable('tariff_rates')
        .set({ territory_id: 3538 })
        .where('tariff_rate_id', '=', 17471837)
        .execute();
      const body = await t.json('/rest/public/territories?masterTariffId=512&usageTypes=TARIFF,SERVICE', c);
      assert.deepEqual(
        body.results.map((x: { territoryId: number }) => x.territoryId),
        [3538],
      );
      const rate = (
        await t.json('/rest/public/tariffs/512?populateRates=true&effectiveOn=2016-06-01', c)
      ).results[0].rates.find((r: { tariffRateId: number }) => r.tariffRateId === 17471837);
      assert.equal(rate.territory.territoryName, 'Baseline Region T');
      await t.db.kysely
        .updateTable('tariff_rates')
        .set({ territory_id: null })
        .where('tariff_rate_id', '=', 17471837)
        .execute();
      assert.equal((await t.get('/rest/public/territories?masterTariffId=999', c)).statusCode, 404);
    });

    it('400 names each bad parameter', async () => {
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['customerClasses=VIP', 'customerClasses'],
        ['tariffTypes=CHEAP', 'tariffTypes'],
        ['serviceTypes=WATER', 'serviceTypes'],
        ['effectiveOn=soon', 'effectiveOn'],
        ['fromDateTime=2016-01-01', 'toDateTime'],
        ['fromDateTime=2016-02-01&toDateTime=2016-01-01', 'toDateTime'],
        ['effectiveOn=2016-01-01&fromDateTime=2016-01-01&toDateTime=2016-02-01', 'effectiveOn'],
        ['zipCode=3030', 'zipCode'],
        ['populateRates=sometimes', 'populateRates'],
        ['sortOn=rates', 'sortOn'],
      ]);
      await t.expectBadParameters('/rest/public/tariffs/512', c, [['effectiveOn=2016-13-01', 'effectiveOn']]);
      assert.equal((await t.get('/rest/public/tariffs/abc', c)).json().results[0].propertyName, 'masterTariffId');
    });
  });
}
