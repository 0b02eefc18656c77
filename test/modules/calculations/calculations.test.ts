// On-demand calculation over HTTP on the starter tariffs: golden bills worked by hand from the published figures in
// src/data/starter/tariffs, mass calculation, tiers and every bad input.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

const E1 = 522;
const E_TOU_C = 1100102;
const B19 = 1100107;
const HECO_R = 1300200;
/** Hour by hour from the first hour: 1.5 kWh from 4 to 9 pm, 0.5 kWh otherwise. */
const profile = (hours: number, scale = 1) =>
  Array.from({ length: hours }, (_, h) => scale * (h % 24 >= 16 && h % 24 < 21 ? 1.5 : 0.5));

for (const dialect of dialects) {
  describe(`calculations on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let signalOnly: NewCredentials;
    let none: NewCredentials;
    const post = async (url: string, body: unknown, who: NewCredentials = c) => {
      const res = await t.inject({
        method: 'POST',
        url,
        headers: { authorization: t.authHeader(who), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const calc = async (body: unknown, query = '') => {
      const r = await post(`/rest/v1/ondemand/calculate${query}`, body);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.results[0];
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials(['signal', 'enterprise']);
      signalOnly = await t.credentials(['signal']);
      none = await t.credentials([]);
    });
    after(() => t.close());

    it('Georgia Power R-22: summer tiers and the rider factors (July 2016, 1,200 kWh)', async () => {
      const r = await calc({
        masterTariffId: 512,
        fromDateTime: '2016-07-01',
        toDateTime: '2016-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 1200 }],
      });
      // Energy 650 x 0.056582 + 350 x 0.093983 + 200 x 0.097273 = 89.12695; the ECCR, NCCR and DSM riders
      // (0.12768 + 0.097357 + 0.016721 = 0.241758 of it) 21.547096; basic 10 x 1.241758 = 12.41758; 123.0916.
      assert.equal(r.totalCost, 123.09);
      assert.equal(r.type, undefined);
      assert.deepEqual(r.summary, {
        subTotalCost: 123.09,
        preTaxMinimumCost: 0,
        preTaxMaximumCost: 0,
        taxCost: 0,
        totalCost: 123.09,
        adjustedTotalCost: 123.09,
        nonBypassableCost: 0,
        kWh: 1200,
        kW: 1.612903,
      });
      const energy = r.items.filter((i: { rateGroupName: string }) => i.rateGroupName === 'Energy Charges');
      assert.deepEqual(
        energy.map((i: { itemQuantity: number; cost: number }) => [i.itemQuantity, i.cost]),
        [
          [650, 36.7783],
          [350, 32.89405],
          [200, 19.4546],
        ],
      );
      assert.ok(
        r.assumptions.some((a: { keyName: string }) => a.keyName === 'fuelCostRecoverySecondaryDistributionSummer'),
        'the fuel lookup has no bundled values: said',
      );
      // The low-income senior credit of 18.00 applies when the property says so.
      const low = await calc({
        masterTariffId: 512,
        fromDateTime: '2016-07-01',
        toDateTime: '2016-08-01',
        propertyInputs: [
          { keyName: 'consumption', dataValue: 1200 },
          { keyName: 'isLowIncomeSeniorCitizen953', dataValue: true },
        ],
      });
      assert.equal(low.totalCost, 105.09);
    });

    it("Georgia Power R-31: the 2026 version of the same tariff, by the bill's dates (July 2026, 1,200 kWh)", async () => {
      const r = await calc({
        masterTariffId: 512,
        fromDateTime: '2026-07-01',
        toDateTime: '2026-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 1200 }],
      });
      // Basic 0.4603 x 31 days = 14.2693; energy 650 x 0.13994 = 90.961, 350 x 0.20698 = 72.443, 200 x 0.212864 =
      // 42.5728; total 220.2461.
      assert.equal(r.totalCost, 220.25);
      assert.deepEqual(
        r.items
          .filter((i: { rateGroupName: string }) => i.rateGroupName === 'Basic Service Charge')
          .map((i: { cost: number }) => i.cost),
        [14.2693],
        'a daily charge, without the 2016 rider factors',
      );
      const energy = r.items.filter((i: { rateGroupName: string }) => i.rateGroupName === 'Energy Charges');
      assert.deepEqual(
        energy.map((i: { itemQuantity: number; cost: number }) => [i.itemQuantity, i.cost]),
        [
          [650, 90.961],
          [350, 72.443],
          [200, 42.5728],
        ],
      );
    });

    it('SDG&E TOU-DR1 of 2026-08-01: weekday super off-peak 10 a.m. - 2 p.m. in winter too, the credit to 130 % of baseline (December 2026, Coastal)', async () => {
      const r = await calc({
        masterTariffId: 1100105,
        fromDateTime: '2026-12-01',
        toDateTime: '2027-01-01',
        propertyInputs: [{ keyName: 'consumption', dataSeries: profile(744), duration: 3_600_000 }],
      });
      // 23 weekdays, 8 weekend days. On-peak 4-9 p.m. daily: 31 x 5 h x 1.5 = 232.5 kWh x 0.61471 = 142.920075.
      // Super off-peak: weekdays 0-6 and 10-14 (10 h x 0.5 = 5), weekends 0-14 (7): 115 + 56 = 171 x 0.43719 = 74.75949.
      // Off-peak: weekdays 6-10, 14-16, 21-24 (4.5), weekends 14-16, 21-24 (2.5): 103.5 + 20 = 123.5 x 0.5306 = 65.5291.
      // Baseline Adjustment Credit up to 130 % of Coastal winter 9.2 kWh/day = 11.96 x 31 = 370.76 kWh (of 527 used)
      // x -0.10702 = -39.6787352; Base Services Charge 0.79343 x 31 = 24.59633. Total 268.1262598.
      const energy = r.items.filter((i: { rateGroupName: string }) => i.rateGroupName === 'Energy Charges');
      assert.deepEqual(
        energy.map((i: { rateName: string; itemQuantity: number }) => [i.rateName, i.itemQuantity]).sort(),
        [
          ['Winter Off-Peak', 123.5],
          ['Winter On-Peak', 232.5],
          ['Winter Super Off-Peak', 171],
        ],
      );
      const credit = r.items.filter((i: { rateGroupName: string }) => i.rateGroupName === 'Baseline Adjustment Credit');
      assert.deepEqual(
        credit.map((i: { itemQuantity: number; cost: number }) => [i.itemQuantity, i.cost]),
        [
          [370.76, -39.6787352],
          [156.24, 0],
        ],
        'the credit on 130 % of the allowance, nothing on the other 156.24 kWh',
      );
      assert.equal(r.totalCost, 268.13);
    });

    it('SDG&E TOU-DR1 of 2026-06-01 in the Inland climate zone: its allowance x 130 % (July 2026)', async () => {
      const r = await calc({
        masterTariffId: 1100105,
        fromDateTime: '2026-07-01',
        toDateTime: '2026-08-01',
        propertyInputs: [
          { keyName: 'consumption', dataSeries: profile(744), duration: 3_600_000 },
          { keyName: 'territoryId', dataValue: 1000322 },
        ],
      });
      // 23 weekdays, 8 weekend days, the same periods as December (holidays are not bundled): on-peak 232.5 kWh x
      // 0.68459 = 159.167175; super off-peak 171 x 0.3766 = 64.3986; off-peak 123.5 x 0.46392 = 57.29412.
      // Credit up to 130 % of Inland summer 10.4 kWh/day = 13.52 x 31 = 419.12 kWh x -0.10663 = -44.6907656;
      // Base Services Charge 24.59633. Total 260.7654594.
      const credit = r.items.filter((i: { rateGroupName: string }) => i.rateGroupName === 'Baseline Adjustment Credit');
      assert.deepEqual(
        credit.slice(0, 1).map((i: { rateName: string; itemQuantity: number }) => [i.rateName, i.itemQuantity]),
        [['Baseline Adjustment Credit (Summer), Inland climate zone', 419.12]],
      );
      assert.equal(r.totalCost, 260.77);
    });

    it('SDG&E TOU-DR1: an El Cajon address (ZIP 92019, CEC zone 10) bills the Inland zone and says how it was placed', async () => {
      const r = await calc({
        masterTariffId: 1100105,
        fromDateTime: '2026-07-01',
        toDateTime: '2026-08-01',
        address: { zip: '92019' },
        applyUtilityTax: false,
        propertyInputs: [{ keyName: 'consumption', dataSeries: profile(744), duration: 3_600_000 }],
      });
      // The same bill as the Inland zone named with territoryId above: 260.7654594.
      assert.equal(r.totalCost, 260.77);
      const placed = r.assumptions.filter((a: { keyName: string }) => a.keyName === 'territoryId');
      assert.equal(placed.length, 1, 'only the placement, not the first-territory fallback');
      assert.equal(placed[0].dataValue, '1000322');
      assert.match(placed[0].description, /ZIP code 92019\).*California Energy Commission climate zone/);
    });

    it('Pedernales Residential of 2026-03-01: the higher Base Power Charge and the TCOS pass-through (April 2026, 1,250 kWh)', async () => {
      const r = await calc({
        masterTariffId: 1300300,
        fromDateTime: '2026-04-01',
        toDateTime: '2026-05-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 1250 }],
      });
      // Service Availability Charge 22.50; 1,250 kWh x (Base Power 0.0659 = 82.375, Delivery 0.028405 = 35.50625,
      // TCOS 0.015458 = 19.3225). Total 159.70375.
      assert.deepEqual(
        r.items.map((i: { rateName: string; cost: number }) => [i.rateName, i.cost]),
        [
          ['Service Availability Charge', 22.5],
          ['Base Power Charge', 82.375],
          ['Delivery Charge', 35.50625],
          ['TCOS Pass-Through Charge', 19.3225],
        ],
      );
      assert.equal(r.totalCost, 159.7);
    });

    it('PG&E E-1: baseline tiers of territory T per day, the delivery minimum, a version change mid-bill', async () => {
      // July 2025, 600 kWh: baseline 6.5 kWh/day x 31 = 201.5 at 0.4073 = 82.07095, 398.5 at 0.51031 = 203.358535.
      const july = await calc(
        {
          masterTariffId: E1,
          fromDateTime: '2025-07-01',
          toDateTime: '2025-08-01',
          propertyInputs: [
            { keyName: 'consumption', dataValue: 600 },
            { keyName: 'territoryId', dataValue: 3538 },
          ],
        },
        '?fields=ext',
      );
      assert.equal(july.totalCost, 285.43);
      assert.deepEqual(
        july.items.map((i: { tierLowerLimit: number; tierUpperLimit: number | null }) => [
          i.tierLowerLimit,
          i.tierUpperLimit,
        ]),
        [
          [0, 201.5],
          [201.5, null],
        ],
      );
      // 10 kWh: 4.07 of energy is below the minimum 0.40317 x 31 = 12.49827: the bill is 12.50.
      const small = await calc({
        masterTariffId: E1,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        propertyInputs: [
          { keyName: 'consumption', dataValue: 10 },
          { keyName: 'territoryId', dataValue: 3538 },
        ],
      });
      assert.equal(small.totalCost, 12.5);
      // Items keep 8 decimals: the shortfall 12.49827 - 4.073 = 8.42527.
      assert.equal(small.items.find((i: { chargeType: string }) => i.chargeType === 'MINIMUM').cost, 8.42527);
      // August 15 - September 15: 17 days under the March version (329.032258 kWh; baseline 110.5 at 0.4073, the rest
      // at 0.51031: 156.525847) and 14 under the September one (270.967742 kWh; 91 at 0.39834, the rest at 0.49918:
      // 126.085237); 282.611084.
      const split = await calc(
        {
          masterTariffId: E1,
          fromDateTime: '2025-08-15',
          toDateTime: '2025-09-15',
          detailLevel: 'RATE',
          propertyInputs: [
            { keyName: 'consumption', dataValue: 600 },
            { keyName: 'territoryId', dataValue: 3538 },
          ],
        },
        '?fields=ext',
      );
      assert.equal(split.totalCost, 282.61);
      assert.deepEqual(
        split.items.map((i: { tariffId: number }) => i.tariffId),
        [1100001, 1100002],
      );
    });

    it('PG&E E-1 of 2026-03-01: the Base Services Charge by income tier, a territory other than T, all-electric allowances', async () => {
      const october = (more: { keyName: string; dataValue: string | number }[]) =>
        calc(
          {
            masterTariffId: E1,
            fromDateTime: '2026-10-01',
            toDateTime: '2026-11-01',
            detailLevel: 'RATE',
            propertyInputs: [
              { keyName: 'consumption', dataValue: 600 },
              { keyName: 'territoryId', dataValue: 1000303 },
              ...more,
            ],
          },
          '?fields=ext',
        );
      // October 2026 (winter), 600 kWh in territory R, basic allowance 10.4 kWh/day: 322.4 kWh at 0.32561 = 104.976664,
      // 277.6 at 0.40702 = 112.988752; Base Services Charge (Income Tier 3, the default) 0.79343 x 31 = 24.59633;
      // no minimum bill in this version: 242.561746.
      const basic = await october([]);
      assert.equal(basic.totalCost, 242.56);
      assert.deepEqual(
        [...new Set(basic.items.map((i: { tariffId: number }) => i.tariffId))],
        [1100011],
        'the version of 2026-03-01',
      );
      assert.ok(!basic.items.some((i: { chargeType: string }) => i.chargeType === 'MINIMUM'));
      // All-electric in R: 26.7 kWh/day x 31 = 827.7 kWh of baseline, so all 600 at 0.32561 = 195.366; + 24.59633.
      assert.equal(
        (await october([{ keyName: 'baselineAllowanceType', dataValue: 'All-Electric' }])).totalCost,
        219.96,
      );
      // Income Tier 1 pays 0.19713 x 31 = 6.11103 instead: 104.976664 + 112.988752 + 6.11103 = 224.076446.
      assert.equal(
        (await october([{ keyName: 'baseServicesChargeIncomeTier', dataValue: 'Income Tier 1' }])).totalCost,
        224.08,
      );
    });

    it('PG&E E-1 in Oakland: the city utility tax from the address, the territory assumed', async () => {
      const r = await calc({
        masterTariffId: E1,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        address: { zip: '94612' },
        propertyInputs: [{ keyName: 'consumption', dataValue: 600 }],
      });
      // 285.429485 before tax; Oakland's 7.5 % = 21.407211: 285.43 + 21.41 = 306.84.
      assert.deepEqual([r.summary.subTotalCost, r.summary.taxCost, r.totalCost], [285.43, 21.41, 306.84]);
      assert.equal(
        r.items.find((i: { chargeType: string }) => i.chargeType === 'TAX').rateName,
        'Oakland Utility Consumption Tax',
      );
      assert.equal(
        r.assumptions.find((a: { keyName: string }) => a.keyName === 'territoryId').dataValue,
        '3538',
        'Oakland is outside region T, the only bundled one',
      );
      const untaxed = await calc({
        masterTariffId: E1,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        address: { zip: '94612' },
        applyUtilityTax: false,
        propertyInputs: [{ keyName: 'consumption', dataValue: 600 }],
      });
      assert.equal(untaxed.totalCost, 285.43);
    });

    it('PG&E E-TOU-C: TOU energy hour by hour and the baseline credit', async () => {
      // July 2025: 5 peak hours a day at 1.5 kWh (232.5 kWh x 0.62569 = 145.472925), 19 off-peak at 0.5 (294.5 x 0.50269 =
      // 148.042205), baseline credit 201.5 kWh x 0.10301 = 20.756515: 272.758615.
      // Every input given (usage, territory and the baseline allowance type the credit is priced by): accuracy 100.
      const r = await calc({
        masterTariffId: E_TOU_C,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        detailLevel: 'CHARGE_TYPE_AND_TOU',
        propertyInputs: [
          { keyName: 'consumption', dataSeries: profile(744), duration: 3_600_000 },
          { keyName: 'territoryId', dataValue: 3538 },
          { keyName: 'baselineAllowanceType', dataValue: 'Basic' },
        ],
      });
      assert.equal(r.totalCost, 272.76);
      assert.equal(r.accuracy, 100);
      const byPeriod = Object.fromEntries(
        r.items.map((i: { period: string | null; cost: number }) => [i.period ?? 'none', i.cost]),
      );
      assert.deepEqual(byPeriod, { ON_PEAK: 145.472925, OFF_PEAK: 148.042205, none: -20.756515 });
      // The same usage as 15-minute values gives the same bill.
      const quarter = profile(744).flatMap((v) => [v / 4, v / 4, v / 4, v / 4]);
      const fine = await calc({
        masterTariffId: E_TOU_C,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        propertyInputs: [
          { keyName: 'consumption', dataSeries: quarter, duration: 900_000 },
          { keyName: 'territoryId', dataValue: 3538 },
        ],
      });
      assert.equal(fine.totalCost, 272.76);
    });

    it('PG&E B-19: TOU energy, TOU demand and maximum demand (July 2026)', async () => {
      const r = await calc({
        masterTariffId: B19,
        fromDateTime: '2026-07-01',
        toDateTime: '2026-08-01',
        detailLevel: 'RATE',
        propertyInputs: [{ keyName: 'consumption', dataSeries: profile(744, 400), duration: 3_600_000 }],
      });
      // Customer 58.62824 x 31 = 1817.47544; energy: peak 93,000 kWh x 0.18648, part-peak (2-4 and 9-11 pm) 24,800 x
      // 0.14775, off-peak 93,000 x 0.12037; demand: maximum 600 kW x 37.37, summer peak 600 x 46.16, part-peak 200 x
      // 10.52. Sum 86240.72544.
      assert.equal(r.totalCost, 86240.73);
      const demand = r.items
        .filter((i: { chargeType: string }) => i.chargeType === 'DEMAND_BASED')
        .map((i: { itemQuantity: number; cost: number; demandInterval: string }) => [
          i.itemQuantity,
          i.cost,
          i.demandInterval,
        ]);
      assert.deepEqual(demand, [
        [600, 22422, '2026-07-01T16:00:00-07:00'],
        [600, 27696, '2026-07-01T16:00:00-07:00'],
        [200, 2104, '2026-07-01T14:00:00-07:00'],
      ]);
    });

    it('HECO Schedule R: the energy cost adjustment read from its lookup (January 2020, 500 kWh)', async () => {
      const r = await calc({
        masterTariffId: HECO_R,
        fromDateTime: '2020-01-01',
        toDateTime: '2020-02-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
      });
      // 11.50 + blocks 350 x 0.106812 + 150 x 0.118347 + ECA 500 x 0.13629 + 1.25 + 500 x (0.023027 + 0.007437 +
      // 0.009376 - 0.000019) = 155.94175.
      assert.equal(r.totalCost, 155.94);
      assert.equal(
        r.items.find((i: { rateName: string }) => i.rateName === 'Energy Cost Recovery Factor').cost,
        68.145,
      );
    });

    it('expands a rider into the rates of its version in effect, and reads units, factors and expected totals', async () => {
      const db = t.db.kysely;
      // A test rider (master 9100001) of 1.5 cents/kWh from 2025-07-16, pointed at by E-1's first 2025 version.
      const e1 = await db.selectFrom('tariffs').selectAll().where('tariff_id', '=', 1100001).executeTakeFirstOrThrow();
      await db
        .insertInto('tariffs')
        .values({
          ...e1,
          tariff_id: 9100001,
          master_tariff_id: 9100001,
          tariff_type: 'RIDER',
          tariff_name: 'Test rider',
          effective_date: '2025-07-16',
          end_date: null,
          prior_tariff_id: null,
          source: 'test',
        })
        .execute();
      const rateRow = {
        master_tariff_rate_id: null,
        rider_tariff_id: null,
        from_date_time: null,
        to_date_time: null,
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
      };
      await db
        .insertInto('tariff_rates')
        .values({
          ...rateRow,
          tariff_rate_id: 9100001,
          tariff_id: 9100001,
          rider_id: null,
          tariff_sequence_number: 1,
          rate_group_name: 'Test rider',
          rate_name: 'Rider energy',
          charge_type: 'CONSUMPTION_BASED',
        })
        .execute();
      await db
        .insertInto('tariff_rate_bands')
        .values({
          tariff_rate_band_id: 9100001,
          tariff_rate_id: 9100001,
          rate_sequence_number: 1,
          has_consumption_limit: false,
          consumption_upper_limit: null,
          has_demand_limit: false,
          demand_upper_limit: null,
          has_property_limit: false,
          property_upper_limit: null,
          applicability_value: null,
          calculation_factor: null,
          rate_amount: 0.015,
          rate_unit: 'COST_PER_UNIT',
          is_credit: false,
          prev_upper_limit: null,
        })
        .execute();
      await db
        .insertInto('tariff_rates')
        .values({
          ...rateRow,
          tariff_rate_id: 9100002,
          tariff_id: 1100001,
          rider_id: 9100001,
          tariff_sequence_number: 50,
          rate_group_name: 'Rider',
          rate_name: 'Test rider',
          charge_type: null,
        })
        .execute();
      try {
        // 1,200,000 Wh x dataFactor 0.5 = 600 kWh. The July bill above (285.429485) plus the rider from July 16:
        // 600 kWh x 16/31 x 0.015 = 4.645161; 290.074646.
        const r = await calc({
          masterTariffId: E1,
          fromDateTime: '2025-07-01',
          toDateTime: '2025-08-01',
          expected: { totalCost: 300 },
          propertyInputs: [
            { keyName: 'consumption', dataValue: 1_200_000, unit: 'Wh', dataFactor: 0.5 },
            { keyName: 'territoryId', dataValue: 3538 },
          ],
        });
        assert.equal(r.totalCost, 290.07);
        assert.equal(
          r.items.find((i: { tariffRateId: number }) => i.tariffRateId === 9100001).fromDateTime,
          '2025-07-16T00:00:00-07:00',
        );
        // Expected 300 against 290.07: 3.31 % off, an agreement of 96.69; the flat spread of the total (90) is lower.
        assert.equal(r.assumptions.find((a: { keyName: string }) => a.keyName === 'expected').accuracy, 96.69);
        assert.equal(r.accuracy, 90);
      } finally {
        await db.deleteFrom('tariff_rates').where('tariff_rate_id', '=', 9100002).execute();
        await db.deleteFrom('tariffs').where('tariff_id', '=', 9100001).execute();
      }
    });

    it('detail levels and grouping change the items, never the totals', async () => {
      const body = {
        masterTariffId: E_TOU_C,
        fromDateTime: '2025-06-15',
        toDateTime: '2025-08-15',
        propertyInputs: [
          { keyName: 'consumption', dataSeries: profile(1464), duration: 3_600_000 },
          { keyName: 'territoryId', dataValue: 3538 },
        ],
      };
      const reference = await calc(body);
      for (const detailLevel of ['TOTAL', 'CHARGE_TYPE', 'CHARGE_TYPE_AND_TOU', 'RATE', 'QUANTITY_KEY', 'ALL']) {
        for (const groupBy of ['NONE', 'ALL', 'YEAR', 'MONTH', 'DAY']) {
          const r = await calc({ ...body, detailLevel, groupBy });
          assert.deepEqual(r.summary, reference.summary, `${detailLevel}/${groupBy}`);
          // Items carry 8 decimals: their sum rounded to the cent is the total.
          const sum = r.items.reduce((a: number, i: { cost: number }) => a + i.cost, 0);
          if (detailLevel !== 'TOTAL')
            assert.equal(
              Math.round(sum * 100),
              Math.round(r.totalCost * 100),
              `${detailLevel}/${groupBy}: items add up`,
            );
        }
      }
      assert.equal((await calc({ ...body, detailLevel: 'TOTAL' })).items.length, 0);
      assert.equal(
        (await calc({ ...body, detailLevel: 'CHARGE_TYPE', groupBy: 'DAY' })).items.length,
        61,
        'one charge type (energy, the credit included) a day for 61 days',
      );
    });

    it('mass calculation: up to twenty scenarios keyed by name, shared inputs added', async () => {
      const r = await post('/rest/v1/ondemand/calculate/mass', {
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        sharedScenario: {
          masterTariffId: E1,
          propertyInputs: [
            { keyName: 'consumption', dataValue: 300 },
            { keyName: 'territoryId', dataValue: 3538 },
          ],
        },
        scenarios: [
          { scenarioName: 'e1', propertyInputs: [{ keyName: 'consumption', dataValue: 300 }] },
          { masterTariffId: E_TOU_C },
          { scenarioName: 'otherTerritory', propertyInputs: [{ keyName: 'territoryId', dataValue: 1000101 }] },
        ],
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.type, 'MassCalculation');
      assert.match(r.body.requestId, /^[0-9a-f-]{36}$/);
      const result = r.body.results[0];
      assert.deepEqual(
        Object.keys(result.scenarios).sort(),
        ['1', 'e1', 'otherTerritory'],
        'a scenario without a name is keyed by its index',
      );
      // e1: its own 300 kWh plus the shared 300 = 600 kWh, as the E-1 bill above: 285.43.
      assert.equal(result.scenarios.e1.totalCost, 285.43);
      assert.equal(result.scenarios.e1.summary.kWh, 600);
      assert.equal(result.scenarios['1'].masterTariffId, E_TOU_C);
      assert.equal(
        result.scenarios.otherTerritory.assumptions.find((a: { keyName: string }) => a.keyName === 'territoryId')
          ?.dataValue,
        '3538',
        'its own territoryId wins, and has no rates: region T assumed',
      );
      assert.equal(result.fromDateTime, '2025-07-01T00:00:00-07:00');
    });

    it('checks tiers: signal for one scenario, enterprise for mass', async () => {
      const one = {
        masterTariffId: E1,
        fromDateTime: '2025-07-01',
        toDateTime: '2025-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 1 }],
      };
      assert.equal((await post('/rest/v1/ondemand/calculate', one, none)).status, 403);
      assert.equal((await post('/rest/v1/ondemand/calculate', one, signalOnly)).status, 200);
      assert.equal(
        (
          await post(
            '/rest/v1/ondemand/calculate/mass',
            { fromDateTime: '2025-07-01', toDateTime: '2025-08-01', scenarios: [one] },
            signalOnly,
          )
        ).status,
        403,
      );
      const anonymous = await t.inject({ method: 'POST', url: '/rest/v1/ondemand/calculate', payload: one });
      assert.equal(anonymous.statusCode, 401);
    });

    it('400 names each bad input; an unknown tariff is a 404', async () => {
      const base = { masterTariffId: E1, fromDateTime: '2025-07-01', toDateTime: '2025-08-01' };
      const consumption = (extra: object) => ({ ...base, propertyInputs: [{ keyName: 'consumption', ...extra }] });
      const cases: [string, object, number, string][] = [
        ['/rest/v1/ondemand/calculate', { ...base, masterTariffId: 999 }, 404, 'masterTariffId'],
        ['/rest/v1/ondemand/calculate', consumption({ dataSeries: [1, 2, 3] }), 400, 'propertyInputs[0].duration'],
        ['/rest/v1/ondemand/calculate', { ...base, toDateTime: '2025-06-01' }, 400, 'toDateTime'],
        ['/rest/v1/ondemand/calculate', { ...base, fromDateTime: 'July' }, 400, 'fromDateTime'],
        ['/rest/v1/ondemand/calculate', { ...base, fromDateTime: '' }, 400, 'fromDateTime'],
        ['/rest/v1/ondemand/calculate', { ...base, toDateTime: undefined }, 400, 'toDateTime'],
        ['/rest/v1/ondemand/calculate', consumption({ dataValue: 'lots' }), 400, 'propertyInputs[0].dataValue'],
        [
          '/rest/v1/ondemand/calculate',
          consumption({ dataSeries: Array(745).fill(1), duration: 3_600_000 }),
          400,
          'propertyInputs[0].dataSeries',
        ],
        [
          '/rest/v1/ondemand/calculate',
          consumption({ dataSeries: ['x'], duration: 3_600_000 }),
          400,
          'propertyInputs[0].dataSeries[0]',
        ],
        ['/rest/v1/ondemand/calculate', consumption({ dataValue: 5, unit: 'therms' }), 400, 'propertyInputs[0].unit'],
        [
          '/rest/v1/ondemand/calculate',
          consumption({ dataValue: 5, period: 'LUNCH' }),
          400,
          'propertyInputs[0].period',
        ],
        [
          '/rest/v1/ondemand/calculate',
          consumption({ dataValue: 5, fromDateTime: '2025-06-01' }),
          400,
          'propertyInputs[0].fromDateTime',
        ],
        ['/rest/v1/ondemand/calculate', { ...base, detailLevel: 'EVERYTHING' }, 400, 'detailLevel'],
        ['/rest/v1/ondemand/calculate', { ...base, groupBy: 'WEEK' }, 400, 'groupBy'],
        ['/rest/v1/ondemand/calculate', { ...base, excludeChargeClass: 'TAX,FOO' }, 400, 'excludeChargeClass'],
        ['/rest/v1/ondemand/calculate', { ...base, applyUtilityTax: true }, 400, 'address'],
        [
          '/rest/v1/ondemand/calculate',
          { ...base, fromDateTime: '2010-01-01', toDateTime: '2010-02-01' },
          400,
          'fromDateTime',
        ],
        ['/rest/v1/ondemand/calculate', { ...base, tariffEffectiveOn: '2010-01-01' }, 400, 'tariffEffectiveOn'],
        [
          '/rest/v1/ondemand/calculate',
          { ...base, rateInputs: [{ chargeType: 'FREE_LUNCH', rateBands: [{ rateAmount: 1 }] }] },
          400,
          'rateInputs[0].chargeType',
        ],
        [
          '/rest/v1/ondemand/calculate',
          { fromDateTime: '2025-07-01', toDateTime: '2025-08-01' },
          400,
          'masterTariffId',
        ],
        ['/rest/v1/ondemand/calculate/mass', { ...base, scenarios: [] }, 400, 'scenarios'],
        [
          '/rest/v1/ondemand/calculate/mass',
          { ...base, scenarios: Array(21).fill({ masterTariffId: E1 }) },
          400,
          'scenarios',
        ],
        [
          '/rest/v1/ondemand/calculate/mass',
          {
            ...base,
            scenarios: [
              { masterTariffId: E1, scenarioName: 'a' },
              { masterTariffId: E1, scenarioName: 'a' },
            ],
          },
          400,
          'scenarios[1].scenarioName',
        ],
        ['/rest/v1/ondemand/calculate/mass', { ...base, scenarios: [{}] }, 400, 'scenarios[0].masterTariffId'],
        [
          '/rest/v1/ondemand/calculate/mass',
          {
            ...base,
            scenarios: [{ masterTariffId: E1, propertyInputs: [{ keyName: 'consumption', dataValue: 'x' }] }],
          },
          400,
          'scenarios[0].propertyInputs[0].dataValue',
        ],
      ];
      for (const [url, body, status, field] of cases) {
        const r = await post(url, body);
        assert.equal(r.status, status, `${field}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.status, 'error');
        assert.equal(r.body.results[0].propertyName, field, JSON.stringify(r.body.results[0]));
      }
    });
  });
}
