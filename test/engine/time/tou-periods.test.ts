import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MINUTES_PER_WEEK,
  PeriodError,
  checkPeriod,
  findCoverageProblem,
  weekRanges,
  type CoverageTou,
  type TouPeriod,
} from '../../../src/engine/time/tou-periods.ts';

const p = (
  fromDayOfWeek: number,
  fromHour: number,
  fromMinute: number,
  toDayOfWeek: number,
  toHour: number,
  toMinute: number,
): TouPeriod => ({ fromDayOfWeek, fromHour, fromMinute, toDayOfWeek, toHour, toMinute });
const covered = (period: TouPeriod) => weekRanges(period).reduce((s, [a, b]) => s + (b - a), 0);

describe('TOU period rules', () => {
  it("reads the spec's examples", () => {
    assert.deepEqual(weekRanges(p(0, 0, 0, 0, 0, 0)), [[0, 1440]], 'from day 0 to day 0, all zero: all of Monday');
    assert.deepEqual(
      weekRanges(p(0, 0, 0, 1, 0, 0)),
      [
        [0, 1440],
        [1440, 2880],
      ],
      'to day 1: Monday and Tuesday',
    );
    assert.equal(covered(p(0, 0, 0, 6, 0, 0)), MINUTES_PER_WEEK, 'from 0 to 6: the whole week');
  });
  it('evaluates each day on its own, wrapping midnight when from is later than to', () => {
    assert.deepEqual(
      weekRanges(p(0, 16, 0, 4, 21, 0)).slice(0, 2),
      [
        [960, 1260],
        [2400, 2700],
      ],
      'weekdays 4-9 pm',
    );
    assert.equal(covered(p(0, 16, 0, 4, 21, 0)), 5 * 300);
    assert.deepEqual(
      weekRanges(p(2, 21, 0, 2, 8, 0)),
      [
        [2880, 2880 + 480],
        [2880 + 1260, 4320],
      ],
      'Wednesday: midnight-8 am and 9 pm-midnight',
    );
    assert.deepEqual(
      weekRanges(p(5, 0, 0, 0, 0, 0)).map(([a]) => a / 1440),
      [5, 6, 0],
      'Saturday to Monday wraps the week',
    );
    assert.deepEqual(weekRanges(p(0, 9, 30, 0, 9, 45)), [[570, 585]], 'minutes count');
  });
  it('refuses fields out of range', () => {
    for (const bad of [
      p(7, 0, 0, 0, 0, 0),
      p(0, 24, 0, 0, 0, 0),
      p(0, 0, 60, 0, 0, 0),
      p(0, 0, 0, -1, 0, 0),
      p(0, 1.5, 0, 0, 0, 0),
    ])
      assert.throws(() => checkPeriod(bad), PeriodError);
  });
});

/** A random partition of the week into TOUs: cut points, each piece given to one of `n` TOUs. */
function randomPartition(random: () => number, n: number): CoverageTou[] {
  const cuts = new Set<number>([0]);
  const pieces = 1 + Math.floor(random() * 12);
  while (cuts.size < pieces) cuts.add(Math.floor(random() * MINUTES_PER_WEEK));
  const points = [...cuts].sort((a, b) => a - b).concat(MINUTES_PER_WEEK);
  const tous: CoverageTou[] = Array.from({ length: n }, (_, i) => ({
    touName: `TOU ${i}`,
    seasonId: null,
    calendarId: null,
    periods: [],
  }));
  for (let i = 0; i + 1 < points.length; i++) {
    // Split each piece at midnights, so that every period stays within one day.
    for (let a = points[i]!; a < points[i + 1]!; ) {
      const day = Math.floor(a / 1440);
      const b = Math.min(points[i + 1]!, (day + 1) * 1440);
      const end = b % 1440 === 0 ? [day, 24, 0] : [day, Math.floor((b % 1440) / 60), b % 60];
      const owner = tous[Math.floor(random() * n)]!;
      // A piece ending at midnight is written with to 00:00 (from later than to); one from 00:00 to midnight reads as the whole day.
      (owner.periods as TouPeriod[]).push(
        end[1] === 24
          ? p(day, Math.floor((a % 1440) / 60), a % 60, day, 0, 0)
          : p(day, Math.floor((a % 1440) / 60), a % 60, day, end[1]!, end[2]!),
      );
      a = b;
    }
  }
  return tous;
}

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('private TOU coverage rules', () => {
  it('accepts random valid partitions of the week', () => {
    const random = seeded(42);
    for (let i = 0; i < 200; i++)
      assert.equal(findCoverageProblem(randomPartition(random, 1 + (i % 4))), null, `partition ${i}`);
  });
  it('rejects a random gap at the right minute', () => {
    const random = seeded(7);
    for (let i = 0; i < 100; i++) {
      const tous = randomPartition(random, 3);
      const owner = tous.find((t) => t.periods.length)!;
      const removed = (owner.periods as TouPeriod[]).splice(Math.floor(random() * owner.periods.length), 1)[0]!;
      const expected = weekRanges(removed)[0]![0];
      const problem = findCoverageProblem(tous)!;
      assert.equal(problem.kind, 'GAP');
      assert.equal(problem.dayOfWeek * 1440 + problem.hour * 60 + problem.minute, expected, `partition ${i}`);
      assert.deepEqual(problem.touNames, []);
    }
  });
  it('rejects a random overlap at the right minute, naming both TOUs', () => {
    const random = seeded(99);
    for (let i = 0; i < 100; i++) {
      const tous = randomPartition(random, 2);
      const minute = Math.floor(random() * MINUTES_PER_WEEK);
      // A one-minute period from hh:59 ends at the next hour; keep the intruder within its hour.
      if (minute % 60 === 59) continue;
      const day = Math.floor(minute / 1440);
      const hour = Math.floor((minute % 1440) / 60);
      const extra: CoverageTou = {
        touName: 'Intruder',
        seasonId: null,
        calendarId: null,
        periods: [p(day, hour, minute % 60, day, hour, (minute % 60) + 1)],
      };
      const problem = findCoverageProblem([...tous, extra])!;
      assert.equal(problem.kind, 'OVERLAP');
      assert.equal(problem.dayOfWeek * 1440 + problem.hour * 60 + problem.minute, minute);
      assert.equal(problem.touNames.length, 2);
      assert.ok(problem.touNames.includes('Intruder'));
    }
  });
  it('checks each season with the season-less TOUs, and leaves dynamic (event-day) TOUs out of the week', () => {
    const offPeak: CoverageTou = {
      touName: 'Off-Peak',
      seasonId: null,
      calendarId: null,
      periods: [p(0, 21, 0, 6, 16, 0)],
    };
    const summerPeak: CoverageTou = {
      touName: 'Summer Peak',
      seasonId: 1,
      calendarId: null,
      periods: [p(0, 16, 0, 6, 21, 0)],
    };
    const winterPeak: CoverageTou = {
      touName: 'Winter Peak',
      seasonId: 2,
      calendarId: null,
      periods: [p(0, 16, 0, 4, 21, 0)],
    };
    const holiday: CoverageTou = {
      touName: 'Critical Peak',
      seasonId: null,
      calendarId: 9,
      isDynamic: true,
      periods: [p(0, 0, 0, 6, 0, 0)],
    };
    assert.equal(
      findCoverageProblem([offPeak, summerPeak, holiday, { ...winterPeak, periods: [p(0, 16, 0, 6, 21, 0)] }]),
      null,
    );
    assert.deepEqual(findCoverageProblem([offPeak, summerPeak, winterPeak, holiday]), {
      kind: 'GAP',
      seasonId: 2,
      dayOfWeek: 5,
      hour: 16,
      minute: 0,
      touNames: [],
    });
    const overlap = findCoverageProblem([
      offPeak,
      summerPeak,
      { ...winterPeak, periods: [p(0, 16, 0, 6, 21, 0)] },
      { ...holiday, isDynamic: false },
    ]);
    assert.deepEqual(
      overlap && [overlap.kind, overlap.touNames],
      ['OVERLAP', ['Off-Peak', 'Critical Peak']],
      'a non-dynamic calendar TOU is part of the week',
    );
  });
});
