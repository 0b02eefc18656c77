// GET /rest/public/tariffs honours every filter the original's clients send, shapes populated rates as asked, and
// refuses parameters it does not know. The fixture tariffs are named "Filter ..." so that search=Filter isolates them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Insertable } from 'kysely';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import type { TariffRateBandsTable, TariffRatesTable, TariffsTable } from '../../../src/db/database.ts';
import { ZipcodesService } from '../../../src/modules/zipcodes/zipcodes.service.ts';
import { LsesService } from '../../../src/modules/lses/lses.service.ts';
import { SeasonsRepository } from '../../../src/modules/seasons/seasons.repository.ts';
import { TerritoriesRepository } from '../../../src/modules/territories/territories.repository.ts';
import { PropertiesRepository } from '../../../src/modules/properties/properties.repository.ts';
import { LookupsRepository } from '../../../src/domain/properties/lookups.repository.ts';
import { TariffsService, type AccountPlaceResolver } from '../../../src/modules/tariffs/tariffs.service.ts';
import { tariffsRoutes } from '../../../src/modules/tariffs/tariffs.routes.ts';

const GEORGIA_POWER = 2756;
const PGE = 734;
const NOW = new Date('2026-11-22T12:00:00Z');

// The fixture (Georgia Power unless said):
// A 9100101 residential, 2016-, net metering, tiered; rates: fixed, energy tiers 500/1000/open, rider R, a rate of
//   territory 1000111 (Fulton), a fixed rate from 2026-12-01, rider R2 (ended 2012)
// B 9100201 general, UNLISTED, TOU, contracted; max 1000 kWh, 20-500 kW; rates: fixed, demand tiers 50/open
// C 9100301 residential, PRIVATE
// D 9100401 residential alternative, closed to new customers 2020-01-01, territory 1000101, tiered; rates: monthly
//   energy tiers ending at 600 kWh, demand tier ending at 10 kW, daily energy tier ending at 5 kWh
// E 9100501 (2016-2020) and 9100502 (2020-2024), ended
// F 9100601 PG&E residential, energy rate of baseline territory 3538
// Rider R 9100900: 9100901 (2016-2026, rate 9100911), 9100902 (2026-, rates 9100921 and TAX 9100922 in Fulton)
// Rider R2 9100950: 9100951 (2010-2012)
const A = 9100101,
  B = 9100201,
  C = 9100301,
  D = 9100401,
  E1 = 9100501,
  E2 = 9100502,
  F = 9100601;

function tariff(
  o: Partial<Insertable<TariffsTable>> & Pick<Insertable<TariffsTable>, 'tariff_id' | 'tariff_name'>,
): Insertable<TariffsTable> {
  return {
    master_tariff_id: o.tariff_id - 1,
    tariff_code: null,
    tariff_book_name: null,
    lse_id: GEORGIA_POWER,
    service_type: 'ELECTRICITY',
    prior_tariff_id: null,
    distribution_lse_id: null,
    tariff_type: 'DEFAULT',
    customer_class: 'RESIDENTIAL',
    customer_count: null,
    customer_likelihood: null,
    customer_count_source: null,
    import_key: null,
    import_hash: null,
    territory_id: null,
    privacy: 'PUBLIC',
    effective_date: '2016-01-01',
    end_date: null,
    closed_date: null,
    time_zone: 'America/New_York',
    effective_on_rule: null,
    billing_period: 'MONTHLY',
    currency: 'USD',
    charge_types: null,
    charge_period: 'MONTHLY',
    min_monthly_consumption: null,
    max_monthly_consumption: null,
    min_monthly_demand: null,
    max_monthly_demand: null,
    has_time_of_use_rates: false,
    has_tiered_rates: false,
    has_contracted_rates: false,
    has_tariff_applicability: false,
    has_rate_applicability: false,
    has_net_metering: false,
    last_updated: null,
    source: 'test',
    export_arrangement: null,
    true_up_month: null,
    year_end_sell_rate: null,
    year_end_credit_paid: null,
    ...o,
  };
}

function rate(
  o: Partial<Insertable<TariffRatesTable>> &
    Pick<Insertable<TariffRatesTable>, 'tariff_rate_id' | 'tariff_id' | 'tariff_sequence_number'>,
): Insertable<TariffRatesTable> {
  return {
    master_tariff_rate_id: null,
    rider_tariff_id: null,
    rider_id: null,
    rate_group_name: 'Test',
    rate_name: `Rate ${o.tariff_rate_id}`,
    from_date_time: null,
    to_date_time: null,
    charge_type: 'CONSUMPTION_BASED',
    charge_class: null,
    charge_period: 'MONTHLY',
    transaction_type: null,
    quantity_key: null,
    applicability_key: null,
    variable_limit_key: null,
    variable_rate_key: null,
    variable_rate_sub_key: null,
    variable_factor_key: null,
    edge_predominance: null,
    territory_id: null,
    season_id: null,
    tou_id: null,
    proration_rules: null,
    tier_scope: null,
    ...o,
  };
}

/** Bands of a rate: each [amount, consumption upper limit, demand upper limit]. */
function bands(
  rateId: number,
  list: [amount: number, kwh?: number | null, kw?: number | null][],
): Insertable<TariffRateBandsTable>[] {
  return list.map(([amount, kwh = null, kw = null], i) => ({
    tariff_rate_band_id: rateId * 10 + i,
    tariff_rate_id: rateId,
    rate_sequence_number: i + 1,
    has_consumption_limit: kwh !== null,
    consumption_upper_limit: kwh,
    has_demand_limit: kw !== null,
    demand_upper_limit: kw,
    has_property_limit: false,
    property_upper_limit: null,
    applicability_value: null,
    calculation_factor: null,
    rate_amount: amount,
    rate_unit: 'COST_PER_UNIT',
    is_credit: false,
    prev_upper_limit: null,
  }));
}

async function insertFixture(t: TestApp): Promise<void> {
  const db = t.db.kysely;
  await db
    .insertInto('tariffs')
    .values([
      tariff({ tariff_id: A, tariff_name: 'Filter A', has_net_metering: true, has_tiered_rates: true }),
      tariff({
        tariff_id: B,
        tariff_name: 'Filter B',
        customer_class: 'GENERAL',
        privacy: 'UNLISTED',
        has_time_of_use_rates: true,
        has_contracted_rates: true,
        max_monthly_consumption: 1000,
        min_monthly_demand: 20,
        max_monthly_demand: 500,
      }),
      tariff({ tariff_id: C, tariff_name: 'Filter C', privacy: 'PRIVATE' }),
      tariff({
        tariff_id: D,
        tariff_name: 'Filter D',
        tariff_type: 'ALTERNATIVE',
        closed_date: '2020-01-01',
        territory_id: 1000101,
        has_tiered_rates: true,
      }),
      tariff({ tariff_id: E1, master_tariff_id: 9100500, tariff_name: 'Filter E', end_date: '2020-01-01' }),
      tariff({
        tariff_id: E2,
        master_tariff_id: 9100500,
        tariff_name: 'Filter E',
        effective_date: '2020-01-01',
        end_date: '2024-01-01',
      }),
      tariff({ tariff_id: F, tariff_name: 'Filter F', lse_id: PGE, time_zone: 'America/Los_Angeles' }),
      tariff({
        tariff_id: 9100901,
        master_tariff_id: 9100900,
        tariff_name: 'Test rider',
        tariff_type: 'RIDER',
        end_date: '2026-01-01',
      }),
      tariff({
        tariff_id: 9100902,
        master_tariff_id: 9100900,
        tariff_name: 'Test rider',
        tariff_type: 'RIDER',
        effective_date: '2026-01-01',
      }),
      tariff({
        tariff_id: 9100951,
        master_tariff_id: 9100950,
        tariff_name: 'Old rider',
        tariff_type: 'RIDER',
        effective_date: '2010-01-01',
        end_date: '2012-01-01',
      }),
    ])
    .execute();
  await db
    .insertInto('tariff_rates')
    .values([
      rate({ tariff_rate_id: 9100111, tariff_id: A, tariff_sequence_number: 1, charge_type: 'FIXED_PRICE' }),
      rate({ tariff_rate_id: 9100112, tariff_id: A, tariff_sequence_number: 2 }),
      rate({
        tariff_rate_id: 9100113,
        tariff_id: A,
        tariff_sequence_number: 3,
        charge_type: null,
        charge_period: null,
        rider_id: 9100900,
      }),
      rate({ tariff_rate_id: 9100114, tariff_id: A, tariff_sequence_number: 4, territory_id: 1000111 }),
      rate({
        tariff_rate_id: 9100115,
        tariff_id: A,
        tariff_sequence_number: 5,
        charge_type: 'FIXED_PRICE',
        from_date_time: '2026-12-01T00:00:00',
      }),
      rate({
        tariff_rate_id: 9100116,
        tariff_id: A,
        tariff_sequence_number: 6,
        charge_type: null,
        charge_period: null,
        rider_id: 9100950,
      }),
      rate({ tariff_rate_id: 9100211, tariff_id: B, tariff_sequence_number: 1, charge_type: 'FIXED_PRICE' }),
      rate({ tariff_rate_id: 9100212, tariff_id: B, tariff_sequence_number: 2, charge_type: 'DEMAND_BASED' }),
      rate({ tariff_rate_id: 9100311, tariff_id: C, tariff_sequence_number: 1 }),
      rate({ tariff_rate_id: 9100411, tariff_id: D, tariff_sequence_number: 1 }),
      rate({ tariff_rate_id: 9100412, tariff_id: D, tariff_sequence_number: 2, charge_type: 'DEMAND_BASED' }),
      rate({ tariff_rate_id: 9100413, tariff_id: D, tariff_sequence_number: 3, charge_period: 'DAILY' }),
      rate({ tariff_rate_id: 9100611, tariff_id: F, tariff_sequence_number: 1, territory_id: 3538 }),
      rate({ tariff_rate_id: 9100911, tariff_id: 9100901, tariff_sequence_number: 1 }),
      rate({ tariff_rate_id: 9100921, tariff_id: 9100902, tariff_sequence_number: 1 }),
      rate({
        tariff_rate_id: 9100922,
        tariff_id: 9100902,
        tariff_sequence_number: 2,
        charge_type: 'TAX',
        territory_id: 1000111,
      }),
      rate({ tariff_rate_id: 9100961, tariff_id: 9100951, tariff_sequence_number: 1 }),
    ])
    .execute();
  await db
    .insertInto('tariff_rate_bands')
    .values([
      ...bands(9100111, [[10]]),
      ...bands(9100112, [[0.05, 500], [0.07, 1000], [0.09]]),
      ...bands(9100114, [[0.004]]),
      ...bands(9100115, [[2]]),
      ...bands(9100211, [[50]]),
      ...bands(9100212, [[8, null, 50], [6]]),
      ...bands(9100311, [[0.1]]),
      ...bands(9100411, [
        [0.1, 300],
        [0.12, 600],
      ]),
      ...bands(9100412, [[5, null, 10]]),
      ...bands(9100413, [[0.1, 5]]),
      ...bands(9100611, [[0.3]]),
      ...bands(9100911, [[0.01]]),
      ...bands(9100921, [[0.02]]),
      ...bands(9100922, [[0.03]]),
      ...bands(9100961, [[0.001]]),
    ])
    .execute();
}

/** Accounts the stub resolver knows, per organization. */
function stubAccounts(orgId: number): AccountPlaceResolver {
  const places: Record<string, { zipCode: string | null; lseId: number | null; customerClass: string | null }> = {
    'acct-atlanta': { zipCode: '30303', lseId: null, customerClass: 'RESIDENTIAL' },
    'acct-atlanta-general': { zipCode: '30303', lseId: null, customerClass: 'GENERAL' },
    'acct-pge': { zipCode: null, lseId: PGE, customerClass: null },
  };
  return async (accountId, org) => (org === orgId ? (places[accountId] ?? null) : null);
}

for (const dialect of dialects) {
  describe(`tariff list filters on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let other: NewCredentials;
    const resolverCalls: [string, number | null][] = [];
    let orgOfC = -1;
    before(async () => {
      t = await buildTestApp(dialect, {
        seed: true,
        now: () => NOW,
        // The same operation with a stub account resolver, mounted under /stub, and with none under /bare.
        extend: (app) => {
          const db = app.ratebook.db;
          const zipcodes = new ZipcodesService(db);
          const resolver: AccountPlaceResolver = (accountId, orgId) => {
            resolverCalls.push([accountId, orgId]);
            return stubAccounts(orgOfC)(accountId, orgId);
          };
          const service = (accountPlace?: AccountPlaceResolver) =>
            new TariffsService(
              db,
              new LsesService(db, zipcodes),
              zipcodes,
              new SeasonsRepository(db),
              new TerritoriesRepository(db),
              new PropertiesRepository(db),
              new LookupsRepository(db),
              () => NOW,
              accountPlace,
            );
          void app.register(tariffsRoutes(service(resolver)), { prefix: '/stub' });
          // And without one: a server with no account store.
          void app.register(tariffsRoutes(service()), { prefix: '/bare' });
        },
      });
      c = await t.credentials();
      orgOfC = c.orgId;
      other = await t.credentials([], 'another-org');
      await insertFixture(t);
    });
    after(() => t.close());

    const ids = async (q: string, creds = c, path = '/rest/public/tariffs') =>
      (await t.json(`${path}?search=Filter&pageCount=100&${q}`, creds)).results
        .map((x: { tariffId: number }) => x.tariffId)
        .sort((a: number, b: number) => a - b);
    const ratesOf = async (q: string) => {
      const body = await t.json(`/rest/public/tariffs?masterTariffId=9100100&populateRates=true&${q}`, c);
      assert.equal(body.count, 1, q);
      // riderId and riderTariffId are omitted when unset, as the original omits them.
      return body.results[0].rates as {
        tariffRateId: number;
        riderId?: number;
        riderTariffId?: number;
        rateBands: { rateAmount: number }[];
      }[];
    };
    const rateIds = async (q: string) => (await ratesOf(q)).map((r) => r.tariffRateId);

    it('lists the public versions in effect today by default', async () => {
      assert.deepEqual(await ids(''), [A, D, F], 'B is UNLISTED, C PRIVATE, E ended');
    });

    it('chargeTypes: tariffs with a rate of one of the types, their own or of a rider in effect during the version', async () => {
      assert.deepEqual(await ids('chargeTypes=DEMAND_BASED'), [D]);
      assert.deepEqual(await ids('chargeTypes=DEMAND_BASED&privacyFlags=PUBLIC,UNLISTED'), [B, D]);
      assert.deepEqual(await ids('chargeTypes=FIXED_PRICE,MINIMUM'), [A]);
      assert.deepEqual(
        await ids('chargeTypes=fixed_price&chargeTypes=DEMAND_BASED'),
        [A, D],
        'case-insensitive; repeated parameters add up',
      );
      assert.deepEqual(await ids('chargeTypes=TAX'), [A], 'the TAX rate of rider R (2026-) counts for A');
      assert.deepEqual(await ids('chargeTypes=QUANTITY'), []);
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['chargeTypes=CHEAP', 'chargeTypes'],
        ['chargeTypes=FIXED_PRICE,,BOGUS', 'chargeTypes'],
      ]);
    });

    it("openOn: tariffs with a version in effect on the date and not closed then; the listed version is openOn's unless effectiveOn or a range says", async () => {
      assert.deepEqual(await ids('openOn=2019-06-01'), [A, D, E1, F]);
      assert.deepEqual(await ids('openOn=2021-06-01'), [A, E2, F], 'D closed to new customers on 2020-01-01');
      assert.deepEqual(
        await ids('openOn=2021-06-01&effectiveOn=2026-11-22'),
        [A, F],
        'E has no version on effectiveOn',
      );
      assert.deepEqual(
        await ids('openOn=2019-06-01&fromDateTime=2016-01-01&toDateTime=2030-01-01'),
        [A, D, E1, E2, F],
        'every version in the range of a tariff open on openOn',
      );
      assert.deepEqual(await ids('openOn=2015-06-01'), []);
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['openOn=soon', 'openOn'],
        ['openOn=2026-02-30', 'openOn'],
      ]);
    });

    it('privacyFlags: PUBLIC by default, UNLISTED on request, PRIVATE only to the owning organization (tariffs record none)', async () => {
      assert.deepEqual(await ids('privacyFlags=UNLISTED'), [B]);
      assert.deepEqual(await ids('privacyFlags=PUBLIC,UNLISTED'), [A, B, D, F]);
      assert.deepEqual(await ids('privacyFlags=PRIVATE'), [], 'no organization owns C');
      assert.deepEqual(await ids('privacyFlags=PRIVATE,PUBLIC', other), [A, D, F]);
      assert.equal(
        (await t.json('/rest/public/tariffs/9100200', c)).results[0].privacy,
        'UNLISTED',
        'an unlisted tariff is still found by its id',
      );
      await t.expectBadParameters('/rest/public/tariffs', c, [['privacyFlags=SECRET', 'privacyFlags']]);
    });

    it('addressString: filtered as the ZIP code in it (or "City, ST"); an address that cannot be placed is a 400', async () => {
      assert.deepEqual(await ids(`addressString=${encodeURIComponent('133 Peachtree St NE, Atlanta, GA 30303')}`), [
        A,
        D,
      ]);
      assert.deepEqual(
        await ids(`addressString=${encodeURIComponent('2000 Mission St, San Francisco, CA 94110-1234')}`),
        [F],
        'ZIP+4',
      );
      assert.deepEqual(
        await ids(`addressString=${encodeURIComponent('Atlanta, GA')}`),
        [A, D],
        'no ZIP code: a trailing City, ST places it',
      );
      assert.deepEqual(
        await ids(`addressString=${encodeURIComponent('Atlanta, GA 30303')}&zipCode=94110`),
        [],
        'zipCode and addressString both hold',
      );
      const bad = await t.get(`/rest/public/tariffs?addressString=${encodeURIComponent('Main Street')}`, c);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().results[0].propertyName, 'addressString');
      assert.match(bad.json().results[0].message, /ZIP code/);
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['addressString=', 'addressString'],
        ['addressString=%20%20', 'addressString'],
        ['addressString=Atlanta%2C%20GA&country=FR', 'country'],
      ]);
    });

    it('riderId: tariffs whose rates name the rider', async () => {
      assert.deepEqual(await ids('riderId=9100900'), [A]);
      assert.deepEqual(await ids('riderId=9100950'), [A]);
      assert.deepEqual(await ids('riderId=9100999'), []);
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['riderId=R', 'riderId'],
        ['riderId=0', 'riderId'],
      ]);
    });

    it("territoryId: the tariff's territory, a rate's territory, or an LSE owning or listed on the territory", async () => {
      assert.deepEqual(await ids('territoryId=3538'), [F], "PG&E's baseline region T (F has a rate there)");
      assert.deepEqual(await ids('territoryId=1000111'), [A, D], 'Georgia Power owns its Fulton climate zone');
      assert.deepEqual(await ids('territoryId=1000101'), [D, F], 'D names the PG&E climate zone as its own territory');
      assert.deepEqual(await ids('territoryId=1000106'), [], "SMUD's service area");
      await t.db.kysely
        .insertInto('territory_lses')
        .values({
          territory_id: 1000106,
          lse_id: PGE,
          distribution: false,
          supplier_residential: true,
          supplier_general: true,
          residential_coverage: null,
          general_coverage: null,
        })
        .execute();
      try {
        assert.deepEqual(await ids('territoryId=1000106'), [F], 'an LSE listed on the territory serves it');
      } finally {
        await t.db.kysely
          .deleteFrom('territory_lses')
          .where('territory_id', '=', 1000106)
          .where('lse_id', '=', PGE)
          .execute();
      }
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['territoryId=abc', 'territoryId'],
        ['territoryId=-3', 'territoryId'],
      ]);
    });

    it("consumption and demand: the tariff's min/max and rates whose tiers all end below the figure", async () => {
      const both = 'privacyFlags=PUBLIC,UNLISTED';
      assert.deepEqual(await ids(`${both}&consumption=0`), [A, B, D, F]);
      assert.deepEqual(
        await ids(`${both}&consumption=600`),
        [A, B, D, F],
        "D's monthly tiers end at 600 kWh (inclusive); its daily 5 kWh tier is no monthly bound",
      );
      assert.deepEqual(await ids(`${both}&consumption=600.5`), [A, B, F]);
      assert.deepEqual(
        await ids(`${both}&consumption=1000`),
        [A, B, F],
        "B's maxMonthlyConsumption is 1000 (inclusive)",
      );
      assert.deepEqual(await ids(`${both}&consumption=1200`), [A, F]);
      assert.deepEqual(await ids(`${both}&demand=5`), [A, D, F], "below B's minMonthlyDemand of 20");
      assert.deepEqual(await ids(`${both}&demand=10`), [A, D, F]);
      assert.deepEqual(await ids(`${both}&demand=30`), [A, B, F], "D's demand tiers end at 10 kW");
      assert.deepEqual(await ids(`${both}&demand=600`), [A, F], "above B's maxMonthlyDemand");
      assert.deepEqual(await ids(`${both}&consumption=800&demand=30`), [A, B, F]);
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['consumption=-1', 'consumption'],
        ['consumption=lots', 'consumption'],
        ['consumption=Infinity', 'consumption'],
        ['demand=-0.5', 'demand'],
        ['demand=', 'demand'],
      ]);
    });

    it('hasNetMetering, hasTimeOfUseRates, hasTieredRates, hasContractedRates', async () => {
      assert.deepEqual(await ids('hasNetMetering=true'), [A]);
      assert.deepEqual(await ids('hasNetMetering=false'), [D, F]);
      assert.deepEqual(await ids('hasTimeOfUseRates=true&privacyFlags=PUBLIC,UNLISTED'), [B]);
      assert.deepEqual(await ids('hasTimeOfUseRates=false'), [A, D, F]);
      assert.deepEqual(await ids('hasTieredRates=true'), [A, D]);
      assert.deepEqual(await ids('hasContractedRates=true&privacyFlags=PUBLIC,UNLISTED'), [B]);
      assert.deepEqual(await ids('hasContractedRates=true'), []);
      assert.deepEqual(await ids('hasNetMetering=false&hasTieredRates=true'), [D]);
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['hasNetMetering=maybe', 'hasNetMetering'],
        ['hasTimeOfUseRates=2', 'hasTimeOfUseRates'],
        ['hasTieredRates=yes', 'hasTieredRates'],
        ['hasContractedRates=', 'hasContractedRates'],
      ]);
    });

    it('count is every match and pages stay right under the filters', async () => {
      const page = await t.json(
        '/rest/public/tariffs?search=Filter&privacyFlags=PUBLIC,UNLISTED&consumption=100&pageCount=1&pageStart=1&sortOn=tariffId',
        c,
      );
      assert.equal(page.count, 4);
      assert.deepEqual(
        page.results.map((x: { tariffId: number }) => x.tariffId),
        [B],
      );
      const last = await t.json(
        '/rest/public/tariffs?search=Filter&privacyFlags=PUBLIC,UNLISTED&consumption=100&pageCount=3&pageStart=3&sortOn=tariffId',
        c,
      );
      assert.deepEqual([last.count, last.results.length, last.results[0].tariffId], [4, 1, F]);
    });

    it("bundleRates: a rider pointer is replaced, in its place, by the rider version's rates of the date", async () => {
      assert.deepEqual(await rateIds(''), [9100111, 9100112, 9100113, 9100114, 9100115, 9100116], 'as stored');
      const bundled = await ratesOf('bundleRates=true');
      assert.deepEqual(
        bundled.map((r) => r.tariffRateId),
        [9100111, 9100112, 9100921, 9100922, 9100114, 9100115, 9100116],
        'R2 has no version today: its pointer stays',
      );
      assert.deepEqual(
        bundled.filter((r) => r.riderId !== undefined).map((r) => [r.tariffRateId, r.riderId, r.riderTariffId]),
        [
          [9100921, 9100900, 9100902],
          [9100922, 9100900, 9100902],
          [9100116, 9100950, undefined],
        ],
      );
      assert.deepEqual(
        await rateIds('bundleRates=true&effectiveOn=2025-06-01'),
        [9100111, 9100112, 9100911, 9100114, 9100115, 9100116],
        "rider R's 2016 version in 2025",
      );
      assert.deepEqual(
        await rateIds('bundleRates=true&fromDateTime=2025-06-01&toDateTime=2026-06-01'),
        [9100111, 9100112, 9100911, 9100921, 9100922, 9100114, 9100115, 9100116],
        'both rider versions meet the range',
      );
      assert.deepEqual(await rateIds('bundleRates=false'), [9100111, 9100112, 9100113, 9100114, 9100115, 9100116]);
    });

    it("filterRiderRates: drops rider rates that do not apply (date, territory, a rider not in effect), never the tariff's own", async () => {
      assert.deepEqual(
        await rateIds('filterRiderRates=true'),
        [9100111, 9100112, 9100113, 9100114, 9100115],
        'rider R2 ended in 2012',
      );
      assert.deepEqual(
        await rateIds('filterRiderRates=true&bundleRates=true&territoryId=1000110'),
        [9100111, 9100112, 9100921, 9100114, 9100115],
        "the rider's Fulton TAX rate goes; A's own Fulton rate and its future rate stay",
      );
    });

    it('applicableRatesOnly: only rates of the date, the territory and riders in effect; tiers the consumption or demand does not reach go', async () => {
      assert.deepEqual(
        await rateIds('applicableRatesOnly=true'),
        [9100111, 9100112, 9100113, 9100114],
        'the December rate and the ended rider go',
      );
      assert.deepEqual(
        await rateIds('applicableRatesOnly=true&effectiveOn=2027-01-01'),
        [9100111, 9100112, 9100113, 9100114, 9100115],
      );
      assert.deepEqual(
        await rateIds('applicableRatesOnly=true&territoryId=1000110'),
        [9100111, 9100112, 9100113],
        'the Fulton rate goes outside Fulton',
      );
      assert.deepEqual(
        await rateIds('applicableRatesOnly=true&territoryId=1000111&bundleRates=true'),
        [9100111, 9100112, 9100921, 9100922, 9100114],
      );
      const tiers = async (kwh: number) =>
        (await ratesOf(`applicableRatesOnly=true&consumption=${kwh}`))
          .find((r) => r.tariffRateId === 9100112)!
          .rateBands.map((b) => b.rateAmount);
      assert.deepEqual(
        [await tiers(0), await tiers(400), await tiers(500), await tiers(700), await tiers(1500)],
        [[0.05], [0.05], [0.05], [0.05, 0.07], [0.05, 0.07, 0.09]],
      );
      const all = await ratesOf('consumption=400');
      assert.equal(
        all.find((r) => r.tariffRateId === 9100112)!.rateBands.length,
        3,
        'without applicableRatesOnly the tiers stay',
      );
      const demandTiers = async (kw: number) =>
        (
          await t.json(
            `/rest/public/tariffs?masterTariffId=9100200&privacyFlags=UNLISTED&populateRates=true&applicableRatesOnly=true&demand=${kw}`,
            c,
          )
        ).results[0].rates.find((r: { tariffRateId: number }) => r.tariffRateId === 9100212).rateBands.length;
      assert.deepEqual([await demandTiers(40), await demandTiers(80)], [1, 2]);
    });

    it('the rate shaping parameters need populateRates, and booleans', async () => {
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['bundleRates=true', 'bundleRates'],
        ['applicableRatesOnly=true&populateRates=false', 'applicableRatesOnly'],
        ['filterRiderRates=true', 'filterRiderRates'],
        ['populateRates=true&bundleRates=yes', 'bundleRates'],
        ['populateRates=true&applicableRatesOnly=1x', 'applicableRatesOnly'],
      ]);
      assert.equal((await t.json('/rest/public/tariffs?search=Filter&bundleRates=false', c)).count, 3);
    });

    it("accountId: filtered by the account's ZIP code, LSE and customer class; unknown is a 404; no account store is a 400", async () => {
      assert.deepEqual(await ids('accountId=acct-atlanta', c, '/stub/rest/public/tariffs'), [A, D]);
      assert.deepEqual(
        resolverCalls.at(-1),
        ['acct-atlanta', c.orgId],
        "the resolver is asked within the caller's organization",
      );
      assert.deepEqual(
        await ids('accountId=acct-atlanta-general&privacyFlags=PUBLIC,UNLISTED', c, '/stub/rest/public/tariffs'),
        [B],
      );
      assert.deepEqual(
        await ids('accountId=acct-atlanta&customerClasses=GENERAL', c, '/stub/rest/public/tariffs'),
        [],
        "the account's class and customerClasses both hold",
      );
      assert.deepEqual(await ids('accountId=acct-pge', c, '/stub/rest/public/tariffs'), [F]);
      assert.deepEqual(await ids('accountId=acct-pge&zipCode=30303', c, '/stub/rest/public/tariffs'), []);
      for (const [who, account] of [
        [c, 'acct-nowhere'],
        [other, 'acct-atlanta'],
      ] as const) {
        const res = await t.get(`/stub/rest/public/tariffs?accountId=${account}`, who);
        assert.equal(res.statusCode, 404, res.body);
        assert.deepEqual(
          [res.json().results[0].propertyName, res.json().results[0].objectName],
          ['accountId', 'Account'],
        );
      }
      const unwired = await t.get('/bare/rest/public/tariffs?accountId=acct-atlanta', c);
      assert.equal(unwired.statusCode, 400);
      assert.equal(unwired.json().results[0].propertyName, 'accountId');
      const real = await t.get('/rest/public/tariffs?accountId=acct-atlanta', c);
      assert.deepEqual(
        [real.statusCode, real.json().results[0].propertyName],
        [404, 'accountId'],
        'app.ts wires the account store: no such account there',
      );
      await t.expectBadParameters('/stub/rest/public/tariffs', c, [['accountId=', 'accountId']]);
    });

    it("accountId through the account store app.ts wires: the account's place and customer class", async () => {
      const signal = await t.credentials(['signal']);
      const made = await t.inject({
        method: 'POST',
        url: '/rest/v1/accounts',
        headers: { authorization: t.authHeader(signal), 'content-type': 'application/json' },
        payload: {
          accountName: 'Filter test home',
          address: { addressString: '133 Peachtree St NE, Atlanta, GA 30303' },
          properties: { customerClass: { keyName: 'customerClass', dataValue: '1' } },
        },
      });
      assert.equal(made.statusCode, 200, made.body);
      const accountId = made.json().results[0].accountId as string;
      assert.deepEqual(
        await ids(`accountId=${accountId}&privacyFlags=PUBLIC,UNLISTED`, signal),
        [A, D],
        'residential tariffs of the LSE serving Atlanta (not general B)',
      );
      assert.deepEqual(await ids(`accountId=${accountId}&customerClasses=GENERAL`, signal), []);
      const elsewhere = await t.get(`/rest/public/tariffs?accountId=${accountId}`, other);
      assert.deepEqual(
        [elsewhere.statusCode, elsewhere.json().results[0].propertyName],
        [404, 'accountId'],
        "another organization's account is not found",
      );
    });

    it('refuses a query parameter it does not know, naming it; the common ones and query credentials pass', async () => {
      for (const [query, name] of [
        ['foo=1', 'foo'],
        ['lseid=2756', 'lseid'],
        ['search=x&effectiveDate=2020-01-01', 'effectiveDate'],
        ['lookupVariableRates=true', 'lookupVariableRates'],
        ['apiKey=k', 'apiKey'],
      ]) {
        const res = await t.get(`/rest/public/tariffs?${query}`, c);
        assert.equal(res.statusCode, 400, query);
        const item = res.json().results[0];
        assert.equal(item.propertyName, name, query);
        assert.match(item.message, /not a parameter/);
      }
      assert.equal((await t.get('/rest/public/tariffs?foo=bar', c)).json().results[0].propertyValue, 'bar');
      const common =
        'pageStart=0&pageCount=5&search=Filter&searchOn=tariffName,tariffCode&startsWith=false&endsWith=false&isRegex=false&sortOn=tariffName&sortOrder=DESC&fields=ext';
      assert.equal((await t.json(`/rest/public/tariffs?${common}`, c)).count, 3);
      assert.equal(
        (await t.json('/rest/public/tariffs?search=Filter&appId=someone&appKey=secret', c)).count,
        3,
        'credentials in the query are let through (HTTP Basic is what authenticates)',
      );
      assert.equal(
        (await t.inject({ method: 'GET', url: '/rest/public/tariffs?foo=1' })).statusCode,
        401,
        'credentials are checked first',
      );
      assert.equal(
        (await t.get('/rest/public/tariffs/512?foo=1', c)).statusCode,
        200,
        'other operations still ignore unknown parameters',
      );
      assert.equal((await t.get('/rest/public/lses?foo=1', c)).statusCode, 200);
    });
  });
}
