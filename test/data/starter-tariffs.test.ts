import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_STARTER_KEYS, ALL_STARTER_SEASONS, ALL_STARTER_TOU_GROUPS } from '../../src/data/starter/combined.ts';
import { STARTER_LSES } from '../../src/data/starter/lses.data.ts';
import { STARTER_TARIFFS, TARIFF_LOOKUPS } from '../../src/data/starter/tariffs/index.ts';
import type { StarterTariff } from '../../src/data/starter/tariffs/starter-tariff.ts';
import { STARTER_TERRITORIES } from '../../src/data/starter/territories.data.ts';

/** The date the starter data was last checked against its sources: every open schedule has a version in effect on it. */
const DATA_CHECKED = '2026-11-25';

/** The versions of each master tariff, oldest first. */
function byMaster(): Map<number, StarterTariff[]> {
  const masters = new Map<number, StarterTariff[]>();
  for (const t of STARTER_TARIFFS) masters.set(t.masterTariffId, [...(masters.get(t.masterTariffId) ?? []), t]);
  for (const versions of masters.values()) versions.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
  return masters;
}

/** LSEs without a bundled default residential tariff: no dated, complete published figures were found for them. */
const WITHOUT_DEFAULT_RESIDENTIAL = new Set([1000010 /* Oncor */, 1000011 /* TXU Energy */]);

describe('starter tariff data', () => {
  it('has unique ids for versions, rates and bands', () => {
    const unique = (ids: number[], what: string) => assert.equal(new Set(ids).size, ids.length, what);
    unique(
      STARTER_TARIFFS.map((t) => t.tariffId),
      'tariffId',
    );
    unique(
      STARTER_TARIFFS.flatMap((t) => t.rates.map((r) => r.id)),
      'rate id',
    );
    unique(
      STARTER_TARIFFS.flatMap((t) => t.rates.flatMap((r) => r.bands.map((b) => b.id))),
      'band id',
    );
  });

  it('names a source, an existing LSE and its zone on every version', () => {
    for (const t of STARTER_TARIFFS) {
      const lse = STARTER_LSES.find((l) => l.lseId === t.lseId);
      assert.ok(lse, `${t.tariffCode}: LSE ${t.lseId}`);
      assert.equal(t.timeZone, lse.timeZone, t.tariffCode);
      assert.ok(t.source.length > 40, `${t.tariffCode} names its source`);
    }
  });

  it('chains versions of one master tariff without gaps or overlaps', () => {
    for (const [master, sorted] of byMaster()) {
      for (let i = 1; i < sorted.length; i++) {
        assert.equal(
          sorted[i - 1]!.endDate,
          sorted[i]!.effectiveDate,
          `master ${master}: version ${i} starts where ${i - 1} ends`,
        );
        assert.equal(sorted[i]!.priorTariffId, sorted[i - 1]!.tariffId, `master ${master}: prior version`);
      }
    }
  });

  // The rule (docs/api-notes/tariffs.md, Versions): a version ends only where its successor starts or where the utility closed
  // the schedule, and then every version says so with closedDate, the last version's end. The latest version of an
  // open schedule stays in effect (endDate null); lastUpdated tells how fresh its figures are.
  it('ends a tariff only where the utility closed it: the latest version of an open schedule stays in effect', () => {
    for (const [master, sorted] of byMaster()) {
      const last = sorted.at(-1)!;
      const closed = new Set(sorted.map((t) => t.closedDate ?? null));
      assert.equal(closed.size, 1, `master ${master}: every version carries the same closedDate`);
      const closedDate = [...closed][0]!;
      if (closedDate === null)
        assert.equal(
          last.endDate,
          null,
          `master ${master} (${last.tariffCode}) is open: its latest version has no endDate`,
        );
      else
        assert.equal(
          last.endDate,
          closedDate,
          `master ${master} (${last.tariffCode}) is closed: its last version ends on closedDate`,
        );
      for (const t of sorted.slice(0, -1))
        assert.notEqual(t.endDate, null, `master ${master}: only the latest version is open-ended`);
    }
  });

  it(`has a version in effect on ${DATA_CHECKED} for every schedule not closed before it`, () => {
    for (const [master, sorted] of byMaster()) {
      const closedDate = sorted[0]!.closedDate;
      const current = sorted.find(
        (t) => t.effectiveDate <= DATA_CHECKED && (t.endDate === null || t.endDate > DATA_CHECKED),
      );
      if (closedDate !== undefined && closedDate <= DATA_CHECKED) assert.equal(current, undefined, `master ${master}`);
      else assert.ok(current, `master ${master} (${sorted[0]!.tariffCode}) has a version in effect on ${DATA_CHECKED}`);
    }
    // The schedules the issue found without one (PG&E E-1, E-TOU-C, Xcel RE-TOU, SMUD R) have one, from 2026 figures.
    for (const master of [522, 1100102, 1300100, 1400600]) {
      const current = byMaster().get(master)!.at(-1)!;
      assert.ok(
        current.effectiveDate >= '2026-01-01' && current.endDate === null,
        `master ${master}: ${current.effectiveDate}`,
      );
    }
    // SCE GS-2 TOU B is closed; its replacement TOU-GS-2 Option D is in effect.
    assert.equal(byMaster().get(1400700)![0]!.closedDate, '2016-01-01');
    assert.equal(byMaster().get(1100108)!.at(-1)!.endDate, null);
  });

  // Issue #18's five tariffs left on old figures: SDG&E DR, Georgia Power TOU-REO and Pedernales now have newer
  // versions (HECO R and ComEd BES still have none with a complete, nameable source; docs/data.md says so).
  it('brings SDG&E DR to its tables of 2025-10-01 to 2026-06-01 and Georgia Power TOU-REO to TOU-REO-18, keeping the old versions', () => {
    const rateOf = (t: StarterTariff, name: string) => t.rates.find((r) => r.name === name)!;
    const dr = byMaster().get(1400500)!;
    assert.deepEqual(
      dr.map((t) => [t.tariffId, t.effectiveDate, t.endDate]),
      [
        [1400501, '2024-09-30', '2025-10-01'],
        [1400503, '2025-10-01', '2026-01-01'],
        [1400504, '2026-01-01', '2026-04-01'],
        [1400505, '2026-04-01', '2026-06-01'],
        [1400502, '2026-06-01', null],
      ],
    );
    // Tier 1 = Tier 2 - credit of each table: 0.47087 - 0.0969, 0.52988 - 0.10904, 0.52926 - 0.10892.
    assert.deepEqual(
      dr.slice(1, 4).map((t) => rateOf(t, 'Winter Energy, Coastal climate zone').bands.map((b) => b.amount)),
      [
        [0.37397, 0.47087],
        [0.42084, 0.52988],
        [0.42034, 0.52926],
      ],
    );
    const dr2026 = dr[4]!;
    assert.deepEqual(
      rateOf(dr2026, 'Base Services Charge').bands.map((b) => b.amount),
      [0.79343],
    );
    assert.equal(
      dr2026.rates.some((r) => r.chargeType === 'MINIMUM'),
      false,
      'the Base Services Charge replaced the minimum charge',
    );
    // Tier 1 = Tier 2 0.51813 - credit 0.10663 = 0.41150, up to 130 % of the zone's allowance: Coastal 1.3 x 9.0 = 11.7
    // kWh/day in summer, Desert 1.3 x 10.9 = 14.17 in winter.
    const coastalSummer = rateOf(dr2026, 'Summer Energy, Coastal climate zone');
    assert.deepEqual(
      coastalSummer.bands.map((b) => [b.amount, b.upTo]),
      [
        [0.4115, 11.7],
        [0.51813, undefined],
      ],
    );
    assert.equal(Math.round((0.51813 - 0.10663) * 1e5) / 1e5, 0.4115);
    assert.deepEqual(
      rateOf(dr2026, 'Winter Energy, Desert climate zone').bands.map((b) => b.upTo),
      [14.17, undefined],
    );

    const reo = byMaster().get(1200001)!;
    assert.deepEqual(
      reo.map((t) => [t.tariffCode, t.effectiveDate, t.endDate]),
      [
        ['TOU-REO-10', '2016-01-01', '2025-01-01'],
        ['TOU-REO-18', '2025-01-01', null],
      ],
    );
    const prices = (t: StarterTariff) =>
      ['Basic Service Charge', 'On-Peak Energy', 'Summer Off-Peak Energy', 'Winter Off-Peak Energy'].map(
        (n) => rateOf(t, n).bands[0]!.amount,
      );
    assert.deepEqual(prices(reo[1]!), [0.4603, 0.297868, 0.076281, 0.076281], 'TOU-REO-18 as on the sheet');
    for (const t of reo.slice(1)) {
      assert.equal(rateOf(t, 'Basic Service Charge').chargePeriod, 'DAILY', `${t.tariffCode}: $ per day`);
      assert.deepEqual(
        t.rates.filter((r) => r.touId !== undefined).map((r) => r.touId),
        [1, 2, 1000001],
        `${t.tariffCode}: the TOU periods of TOU-REO-10`,
      );
    }
    for (const [master, versions] of [
      [
        1300300, // Pedernales: the 2009 figures until the 2026 rate update
        [
          [1300301, '2009-08-01', '2026-03-01'],
          [1300302, '2026-03-01', null],
        ],
      ],
      [
        1100105, // SDG&E TOU-DR1: the 2024 URDB record, then the tables of 6-1-26 and 8-1-26
        [
          [1100007, '2024-09-30', '2026-06-01'],
          [1100017, '2026-06-01', '2026-08-01'],
          [1100018, '2026-08-01', null],
        ],
      ],
    ] as const) {
      assert.deepEqual(
        byMaster()
          .get(master)!
          .map((t) => [t.tariffId, t.effectiveDate, t.endDate]),
        versions,
      );
    }
  });

  it("dates every version's figures (lastUpdated) no earlier than it took effect and not after the data was checked", () => {
    for (const t of STARTER_TARIFFS) {
      assert.match(t.lastUpdated, /^\d{4}-\d{2}-\d{2}$/, `${t.tariffCode} ${t.effectiveDate}`);
      assert.ok(!Number.isNaN(Date.parse(t.lastUpdated)), t.lastUpdated);
      assert.ok(
        t.lastUpdated >= t.effectiveDate && t.lastUpdated <= DATA_CHECKED,
        `${t.tariffCode} ${t.effectiveDate}: lastUpdated ${t.lastUpdated}`,
      );
    }
  });

  it('refers only to seasons, TOUs, territories and keys that exist, of the same LSE', () => {
    const tous = new Map(ALL_STARTER_TOU_GROUPS.flatMap((g) => g.tous.map((t) => [t.touId, g.lseId] as const)));
    const keys = new Set(ALL_STARTER_KEYS.map((k) => k.keyName));
    for (const t of STARTER_TARIFFS) {
      for (const r of t.rates) {
        const where = `${t.tariffCode} rate ${r.id}`;
        if (r.seasonId !== undefined)
          assert.equal(ALL_STARTER_SEASONS.find((s) => s.seasonId === r.seasonId)?.lseId, t.lseId, `${where} season`);
        if (r.touId !== undefined) assert.equal(tous.get(r.touId), t.lseId, `${where} TOU`);
        if (r.territoryId !== undefined)
          assert.equal(
            STARTER_TERRITORIES.find((x) => x.territoryId === r.territoryId)?.lseId,
            t.lseId,
            `${where} territory`,
          );
        for (const k of [r.applicabilityKey, r.variableRateKey, r.quantityKey])
          if (k !== undefined) assert.ok(keys.has(k), `${where} key ${k}`);
        assert.ok(r.bands.length > 0, `${where} has bands`);
        // Tiers count within the bands of one applicability value (a tariff may price several sets, e.g. basic and
        // all-electric baseline allowances): each set's limits rise and its last tier is open.
        for (const value of new Set(r.bands.map((b) => b.applicabilityValue ?? null))) {
          const limits = r.bands
            .filter((b) => (b.applicabilityValue ?? null) === value)
            .map((b) => b.upTo ?? b.demandUpTo);
          if (!limits.some((x) => x !== undefined)) continue;
          assert.equal(limits.at(-1), undefined, `${where} ${value}: the last tier is open`);
          const closed = limits.slice(0, -1) as number[];
          assert.ok(
            closed.every((x, i) => x !== undefined && (i === 0 || x > closed[i - 1]!)),
            `${where} ${value}: tier limits rise`,
          );
        }
        if (r.bands.some((b) => b.applicabilityValue !== undefined))
          assert.ok(r.applicabilityKey, `${where}: bands by applicability name the key`);
      }
      for (const p of t.properties) assert.ok(keys.has(p.keyName), `${t.tariffCode} property ${p.keyName}`);
    }
    for (const v of TARIFF_LOOKUPS) assert.ok(keys.has(v.keyName) && v.from < v.to, `lookup ${v.keyName} ${v.from}`);
  });

  it('has a default residential tariff for every starter LSE but the two without published figures', () => {
    for (const lse of STARTER_LSES) {
      const has = STARTER_TARIFFS.some(
        (t) => t.lseId === lse.lseId && t.tariffType === 'DEFAULT' && t.customerClass === 'RESIDENTIAL',
      );
      assert.equal(has, !WITHOUT_DEFAULT_RESIDENTIAL.has(lse.lseId), lse.name);
    }
  });

  it('covers the kinds of rate the bill engine must handle', () => {
    const rates = STARTER_TARIFFS.flatMap((t) => t.rates);
    assert.ok(
      rates.some(
        (r) => r.territoryId !== undefined && r.chargePeriod === 'DAILY' && r.bands.some((b) => b.upTo !== undefined),
      ),
      'baseline tiers by territory, per day',
    );
    assert.ok(
      rates.some((r) => r.chargeType === 'DEMAND_BASED' && r.touId !== undefined),
      'TOU demand',
    );
    assert.ok(
      rates.some((r) => r.chargeType === 'FIXED_PRICE' && r.chargePeriod === 'DAILY'),
      'fixed daily charge',
    );
    assert.ok(
      rates.some((r) => r.chargeType === 'MINIMUM'),
      'minimum bill',
    );
    assert.ok(
      rates.some((r) => r.bands.some((b) => b.unit === 'PERCENTAGE')),
      'percentage rate',
    );
    assert.ok(
      rates.some((r) => r.variableRateKey && TARIFF_LOOKUPS.some((v) => v.keyName === r.variableRateKey)),
      'lookup-priced rate with values',
    );
    assert.ok(
      rates.some((r) => r.applicabilityKey !== undefined),
      'rate chosen by an applicability property',
    );
    assert.ok(
      new Set(STARTER_TARIFFS.map((t) => t.masterTariffId)).size < STARTER_TARIFFS.length,
      'some tariff has several versions',
    );
  });
});
