// Invariants of the bill engine, checked on random usage (a seeded generator, so a failure can be replayed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calculateBill } from '../../../src/engine/bill/calculate.ts';
import { DETAIL_LEVELS, GROUP_BYS, type GroupBy } from '../../../src/engine/bill/types.ts';
import { band, billInput, hourly, OFF_PEAK, PEAK, rate, version } from './bill-fixtures.ts';

/** mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FULL_TARIFF = () => [
  version([
    rate('FIXED_PRICE', [band(9.5)]),
    rate('FIXED_PRICE', [band(0.33)], { chargePeriod: 'DAILY' }),
    rate('CONSUMPTION_BASED', [band(0.31, { consumptionUpperLimit: 200 }), band(0.42)], { touId: PEAK }),
    rate('CONSUMPTION_BASED', [band(0.17, { consumptionUpperLimit: 400 }), band(0.23)], { touId: OFF_PEAK }),
    rate('DEMAND_BASED', [band(7.25)]),
    rate('MINIMUM', [band(12)]),
    rate('TAX', [band(7.5, { rateUnit: 'PERCENTAGE' })], { chargeClass: ['TAX'] }),
  ]),
];

/** A random range inside 2021 (whole hours) and random hourly usage over it. */
function scenario(random: () => number) {
  const startHour = Math.floor(random() * 300 * 24);
  const hours = 24 + Math.floor(random() * 60 * 24);
  const start = new Date(Date.UTC(2021, 0, 1) + startHour * 3_600_000);
  // Local wall times in Los Angeles, written without offset (the fixtures read them in the zone).
  const local = (d: Date) => `${new Date(d.getTime() - 8 * 3_600_000).toISOString().slice(0, 13)}:00`;
  const from = local(start);
  return { from, hours, values: Array.from({ length: hours }, () => Math.round(random() * 3000) / 1000) };
}

const rangeOf = (from: string, hours: number) => {
  const input = billInput({ from, to: from, versions: [] });
  return { from: input.from, to: input.from + hours * 3_600_000 };
};

describe('bill engine invariants', () => {
  it('items add up to the total within its rounding, and neither detail level nor grouping moves a total by a cent', () => {
    const random = generator(20261122);
    for (let round = 0; round < 25; round++) {
      const s = scenario(random);
      const { from, to } = rangeOf(s.from, s.hours);
      const base = billInput({ from: s.from, to: s.from, versions: FULL_TARIFF(), series: [hourly(s.from, s.values)] });
      const run = (detailLevel: (typeof DETAIL_LEVELS)[number], groupBy: GroupBy | null) =>
        calculateBill({ ...base, to, from, options: { ...base.options, detailLevel, groupBy } });
      const reference = run('ALL', null);
      for (const level of DETAIL_LEVELS) {
        for (const groupBy of [null, ...GROUP_BYS]) {
          if (groupBy === 'HOUR' && round % 5 !== 0) continue; // hourly items are many: check them in some rounds
          const r = run(level, groupBy);
          assert.deepEqual(r.summary, reference.summary, `round ${round}: ${level}/${groupBy} summary`);
          if (level === 'TOTAL') continue;
          // Items carry 8 decimals; the three parts of the bill are each rounded to the cent, so the items' sum is
          // within three half cents of the total (and within a half cent of each part).
          const sum = r.items.reduce((a, i) => a + i.cost, 0);
          assert.ok(
            Math.abs(sum - r.summary.totalCost) <= 0.015 + 1e-9,
            `round ${round}: ${level}/${groupBy} items add up: ${sum} vs ${r.summary.totalCost}`,
          );
          assert.ok(
            r.items.every((i) => Math.abs(i.cost * 1e8 - Math.round(i.cost * 1e8)) < 1e-4),
            'items are at most 8 decimals',
          );
        }
      }
    }
  });

  it('splitting a range into two bills gives the same energy charges', () => {
    const random = generator(7);
    const energyOnly = [
      version([
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
      ]),
    ];
    for (let round = 0; round < 25; round++) {
      const s = scenario(random);
      const cut = 1 + Math.floor(random() * (s.hours - 1));
      const { from, to } = rangeOf(s.from, s.hours);
      const whole = calculateBill({
        ...billInput({ from: s.from, to: s.from, versions: energyOnly, series: [hourly(s.from, s.values)] }),
        from,
        to,
      });
      const mid = from + cut * 3_600_000;
      const first = calculateBill({
        ...billInput({
          from: s.from,
          to: s.from,
          versions: energyOnly,
          series: [{ ...hourly(s.from, s.values.slice(0, cut)) }],
        }),
        from,
        to: mid,
      });
      const second = calculateBill({
        ...billInput({
          from: s.from,
          to: s.from,
          versions: energyOnly,
          series: [{ ...hourly(s.from, s.values.slice(cut)), from: mid }],
        }),
        from: mid,
        to,
      });
      // Each bill rounds to the cent once: the two halves may differ from the whole by at most a cent.
      assert.ok(
        Math.abs(first.summary.totalCost + second.summary.totalCost - whole.summary.totalCost) <= 0.0100001,
        `round ${round}`,
      );
    }
  });

  it('scaling usage scales energy charges', () => {
    const random = generator(99);
    const energyOnly = [
      version([
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
      ]),
    ];
    for (let round = 0; round < 25; round++) {
      const s = scenario(random);
      const k = 1 + Math.floor(random() * 9);
      const { from, to } = rangeOf(s.from, s.hours);
      const bill = (values: number[]) =>
        calculateBill({
          ...billInput({ from: s.from, to: s.from, versions: energyOnly, series: [hourly(s.from, values)] }),
          from,
          to,
        }).summary.totalCost;
      const one = bill(s.values);
      assert.ok(Math.abs(bill(s.values.map((v) => v * k)) - k * one) <= 0.005 * (k + 1), `round ${round}: x${k}`);
    }
  });
});
