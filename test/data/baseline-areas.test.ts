// California baseline areas in the starter data: PG&E's ten baseline territories, SCE's baseline regions and SDG&E's
// climate zones are territories of their utility, every territory-priced tariff version prices all of them with the
// allowances of the source tables, and the seeded tariffs carry closedDate and lastUpdated from the data.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runSeeds } from '../../src/data/seed.ts';
import {
  ALL_ELECTRIC,
  BASIC,
  PGE_BASELINE_TERRITORIES,
  SCE_BASELINE_REGIONS,
  SDGE_CLIMATE_ZONES,
  type BaselineArea,
} from '../../src/data/starter/tariffs/baseline-areas.ts';
import { STARTER_TARIFFS } from '../../src/data/starter/tariffs/index.ts';
import type { StarterRate, StarterTariff } from '../../src/data/starter/tariffs/starter-tariff.ts';
import { STARTER_TERRITORIES } from '../../src/data/starter/territories.data.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

const AREAS: { lseId: number; service: number; areas: readonly BaselineArea[]; first: string }[] = [
  { lseId: 734, service: 807, areas: PGE_BASELINE_TERRITORIES, first: 'T' },
  { lseId: 1000001, service: 1000102, areas: SCE_BASELINE_REGIONS, first: '5' },
  { lseId: 1000002, service: 1000104, areas: SDGE_CLIMATE_ZONES, first: 'Coastal' },
];

const version = (tariffId: number): StarterTariff => STARTER_TARIFFS.find((t) => t.tariffId === tariffId)!;
/** The version's rate for a territory and season in a rate group. */
const rateOf = (t: StarterTariff, group: string, territoryId: number, seasonId: number): StarterRate =>
  t.rates.find((r) => r.group === group && r.territoryId === territoryId && r.seasonId === seasonId)!;
/** Tier 1 limit (kWh/day) of the bands of one applicability value (null: bands without one). */
const firstLimit = (r: StarterRate, value: string | null) =>
  r.bands.find((b) => (b.applicabilityValue ?? null) === value)?.upTo;
const territory = (code: string, areas: readonly BaselineArea[]) => areas.find((a) => a.code === code)!.territoryId;

describe('California baseline areas', () => {
  it('are TARIFF territories of their utility, under its service area, with unique ids', () => {
    const ids = AREAS.flatMap((u) => u.areas.map((a) => a.territoryId));
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(PGE_BASELINE_TERRITORIES.map((a) => a.code).join(''), 'TPQRSVWXYZ');
    for (const u of AREAS) {
      for (const a of u.areas) {
        const t = STARTER_TERRITORIES.find((x) => x.territoryId === a.territoryId);
        assert.ok(t, `${a.code}: territory ${a.territoryId}`);
        assert.deepEqual([t.lseId, t.usageType, t.parentTerritoryId], [u.lseId, 'TARIFF', u.service], a.code);
        assert.match(t.territoryName, new RegExp(`\\b${a.code}\\b`));
      }
      // The first (lowest id) area is the one a calculation assumes when no territory is given or found: as before.
      assert.equal([...u.areas].sort((x, y) => x.territoryId - y.territoryId)[0]!.code, u.first);
    }
  });

  it('place addresses where a source lists places: San Francisco in T, SCE communities, CEC climate zones for SCE and SDG&E', () => {
    const placed = STARTER_TERRITORIES.filter(
      (t) =>
        AREAS.some((u) => u.areas.some((a) => a.territoryId === t.territoryId)) &&
        (t.items.length > 0 || t.zipcodesOfCounties?.length || t.zipcodesOfCecZones),
    );
    assert.deepEqual(
      placed.map((t) => t.territoryId).sort((a, b) => a - b),
      [3538, ...SCE_BASELINE_REGIONS.map((a) => a.territoryId), ...SDGE_CLIMATE_ZONES.map((a) => a.territoryId)],
    );
    assert.deepEqual(STARTER_TERRITORIES.find((t) => t.territoryId === 3538)!.zipcodesOfCounties, ['San Francisco']);
    // Each SCE region stands in for its own CEC zone; SDG&E's zones for NREL dGen's CEC zones, in San Diego County.
    for (const a of SCE_BASELINE_REGIONS)
      assert.deepEqual(STARTER_TERRITORIES.find((t) => t.territoryId === a.territoryId)!.zipcodesOfCecZones?.zones, [
        Number(a.code),
      ]);
    assert.deepEqual(
      SDGE_CLIMATE_ZONES.map(
        (a) => STARTER_TERRITORIES.find((t) => t.territoryId === a.territoryId)!.zipcodesOfCecZones,
      ),
      [[6, 7, 8], [10], [14], [15]].map((zones) => ({ zones, counties: ['San Diego'] })),
    );
    for (const t of STARTER_TERRITORIES.filter(
      (x) => x.usageType === 'TARIFF' && x.items.length === 0 && !x.zipcodesOfCounties && !x.zipcodesOfCecZones,
    )) {
      assert.match(t.source, /no ZIP code list|ZIP code table/, `${t.territoryName} says why it has no items`);
    }
  });

  it('price every area of the utility, in every season, in each territory-priced version', () => {
    const priced = STARTER_TARIFFS.filter((t) => t.rates.some((r) => r.territoryId !== undefined));
    assert.deepEqual([...new Set(priced.map((t) => t.tariffCode))].sort(), ['D', 'DR', 'E-1', 'E-TOU-C', 'TOU-DR1']);
    for (const t of priced) {
      const areas = AREAS.find((u) => u.lseId === t.lseId)!
        .areas.map((a) => a.territoryId)
        .sort((a, b) => a - b);
      const groups = new Map<string, number[]>();
      for (const r of t.rates.filter((x) => x.territoryId !== undefined)) {
        const key = `${r.group}/${r.seasonId}`;
        groups.set(key, [...(groups.get(key) ?? []), r.territoryId!]);
        assert.equal(r.chargePeriod, 'DAILY', `${t.tariffCode} rate ${r.id}: allowances are kWh per day`);
      }
      for (const [key, ids] of groups)
        assert.deepEqual(
          ids.sort((a, b) => a - b),
          areas,
          `${t.tariffCode} ${t.effectiveDate} ${key}`,
        );
    }
  });

  it("size PG&E tiers and credits by each territory's basic and all-electric allowances", () => {
    const e1 = version(1100011);
    const touC = version(1100013);
    for (const a of PGE_BASELINE_TERRITORIES) {
      for (const [seasonId, season] of [
        [692, 'summer'],
        [693, 'winter'],
      ] as const) {
        for (const [value, allowance] of [
          [BASIC, a.basic],
          [ALL_ELECTRIC, a.allElectric!],
        ] as const) {
          assert.equal(
            firstLimit(rateOf(e1, 'Energy Charges', a.territoryId, seasonId), value),
            allowance[season],
            `E-1 ${a.code} ${season} ${value}`,
          );
          assert.equal(
            firstLimit(rateOf(touC, 'Baseline Credit', a.territoryId, seasonId), value),
            allowance[season],
            `E-TOU-C ${a.code} ${season} ${value}`,
          );
        }
      }
    }
    // Spot checks against PG&E's workbook (kWh/day): W basic summer 19.2, Q all-electric winter 26.0, Z basic winter 7.8.
    const P = PGE_BASELINE_TERRITORIES;
    assert.equal(firstLimit(rateOf(e1, 'Energy Charges', territory('W', P), 692), BASIC), 19.2);
    assert.equal(firstLimit(rateOf(e1, 'Energy Charges', territory('Q', P), 693), ALL_ELECTRIC), 26);
    assert.equal(firstLimit(rateOf(touC, 'Baseline Credit', territory('Z', P), 693), BASIC), 7.8);
    // Territory T's rates of 2025 keep their ids (and the original Basic bands), with all-electric bands added.
    const t2025 = rateOf(version(1100001), 'Energy Charges', 3538, 692);
    assert.deepEqual(
      [t2025.id, t2025.bands[0]!.id, t2025.bands[0]!.upTo, t2025.bands[0]!.amount],
      [1101001, 1102001, 6.5, 0.4073],
    );
  });

  it('size SCE D by region and SDG&E by climate zone (DR tier 1 and the TOU-DR1 credit at 130 % of the allowance)', () => {
    const d = version(1100014);
    assert.equal(firstLimit(rateOf(d, 'Energy Charges', territory('15', SCE_BASELINE_REGIONS), 1000001), null), 45);
    assert.equal(firstLimit(rateOf(d, 'Energy Charges', territory('8', SCE_BASELINE_REGIONS), 1000002), null), 10.3);
    const dr = version(1400501);
    const drLimits = SDGE_CLIMATE_ZONES.map((z) => [
      firstLimit(rateOf(dr, 'Energy Charges', z.territoryId, 1400005), null),
      firstLimit(rateOf(dr, 'Energy Charges', z.territoryId, 1400006), null),
    ]);
    // Coastal 11.7 / 11.96 are the URDB record's own limits; 1.3 x (10.4, 9.6), 1.3 x (13.6, 12.9), 1.3 x (15.9, 10.9).
    assert.deepEqual(drLimits, [
      [11.7, 11.96],
      [13.52, 12.48],
      [17.68, 16.77],
      [20.67, 14.17],
    ]);
    // TOU-DR1's Baseline Adjustment Credit ends at 130 % of the allowance too, in every version (summer seasons).
    for (const [tariffId, summer] of [
      [1100007, 1100004],
      [1100017, 1400005],
      [1100018, 1400005],
    ] as const) {
      assert.deepEqual(
        SDGE_CLIMATE_ZONES.map((z) =>
          firstLimit(rateOf(version(tariffId), 'Baseline Adjustment Credit', z.territoryId, summer), null),
        ),
        [11.7, 13.52, 17.68, 20.67],
        `TOU-DR1 version ${tariffId}`,
      );
    }
  });
});

for (const dialect of dialects) {
  describe(`seeded starter tariffs on ${dialect}`, () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
      await runSeeds(db);
    });
    after(() => db.dispose());

    it('write closedDate and lastUpdated from the data', async () => {
      const rows = await db.kysely
        .selectFrom('tariffs')
        .select(['tariff_id', 'end_date', 'closed_date', 'last_updated'])
        .where('tariff_id', 'in', [1400701, 1100011, 1200003, 1300103, 3244437])
        .orderBy('tariff_id')
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.tariff_id, r.end_date, r.closed_date, r.last_updated]),
        [
          [1100011, null, null, '2026-09-24T07:00:00Z'], // PG&E E-1 of 2026-03-01, checked 2026-09-24 (midnight in Los Angeles)
          [1200003, null, null, '2026-07-01T04:00:00Z'], // Georgia Power R-31 of 2026-06-01, verified 2026-07-01 (midnight in New York)
          [1300103, null, null, '2026-07-01T06:00:00Z'], // Xcel RE-TOU of 2026-07-01, verified that day (midnight in Denver)
          [1400701, '2016-01-01', '2016-01-01', '2015-06-01T07:00:00Z'], // SCE GS-2 TOU B: closed where its figures end
          [3244437, '2026-06-01', null, '2016-01-01T05:00:00Z'], // Georgia Power R-22 as recorded, ended where R-31 starts
        ],
      );
      const undated = await db.kysely
        .selectFrom('tariffs')
        .select('tariff_id')
        .where(
          'tariff_id',
          'in',
          STARTER_TARIFFS.map((t) => t.tariffId),
        )
        .where('last_updated', 'is', null)
        .execute();
      assert.deepEqual(undated, []);
    });

    it('place ZIP codes: San Francisco in T, SCE and SDG&E areas by CEC zone, named cities kept, none in PG&E P - Z', async () => {
      const itemsOf = (territoryId: number) =>
        db.kysely
          .selectFrom('territory_items')
          .select(['territory_type', 'value', 'partial'])
          .where('territory_id', '=', territoryId)
          .execute();
      const holding = async (zip: string) =>
        (
          await db.kysely
            .selectFrom('territory_items')
            .select('territory_id')
            .where('territory_type', '=', 'ZIPCODE')
            .where('value', '=', zip)
            .where(
              'territory_id',
              'in',
              [...SCE_BASELINE_REGIONS, ...SDGE_CLIMATE_ZONES].map((x) => x.territoryId),
            )
            .execute()
        ).map((r) => r.territory_id);
      assert.ok((await itemsOf(3538)).length > 20);
      for (const a of PGE_BASELINE_TERRITORIES.filter((x) => x.code !== 'T'))
        assert.equal((await itemsOf(a.territoryId)).length, 0, a.code);
      // CEC zones of the table: Palm Springs 92262 (15), Ventura 93001 (6), Walnut 91789 (9); El Cajon 92019 (10),
      // downtown San Diego 92101 (7), Julian 92036 (14), Borrego Springs 92004 (15).
      const S = SCE_BASELINE_REGIONS;
      const D = SDGE_CLIMATE_ZONES;
      assert.deepEqual(
        await Promise.all(['92262', '93001', '91789', '92019', '92101', '92036', '92004'].map(holding)),
        [
          [territory('15', S)],
          [territory('6', S)],
          [territory('9', S)],
          [territory('Inland', D)],
          [territory('Coastal', D)],
          [territory('Mountain', D)],
          [territory('Desert', D)],
        ],
      );
      // The stand-in ZIP codes are partial; SCE's named community stays where SCE's index puts it.
      const region13 = await itemsOf(territory('13', S));
      assert.ok(region13.every((i) => Boolean(i.partial)));
      assert.deepEqual(
        region13.filter((i) => i.territory_type === 'CITY').map((i) => i.value),
        ['Visalia'],
      );
      // Imperial County is not SDG&E's: El Centro (92243, CEC zone 15) is in no SDG&E zone.
      assert.deepEqual(await holding('92243'), [territory('15', S)]);
    });
  });
}
