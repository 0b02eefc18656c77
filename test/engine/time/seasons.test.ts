import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate, parseDate } from '../../../src/engine/calendar/civil-date.ts';
import {
  SeasonGroupError,
  checkSeasonGroup,
  effectiveSeasonSpan,
  moveEdge,
  seasonOn,
  type SeasonDef,
} from '../../../src/engine/time/seasons.ts';

const d = (s: string) => parseDate(s)!;
const summer: SeasonDef = {
  seasonId: 1,
  seasonName: 'Summer',
  seasonFromMonth: 6,
  seasonFromDay: 1,
  seasonToMonth: 9,
  seasonToDay: 30,
};
const winter: SeasonDef = {
  seasonId: 2,
  seasonName: 'Winter',
  seasonFromMonth: 10,
  seasonFromDay: 1,
  seasonToMonth: 5,
  seasonToDay: 31,
};

describe('seasons', () => {
  it('finds the season of a date, including one that wraps the new year', () => {
    const name = (date: string) => seasonOn([summer, winter], d(date))?.seasonName;
    assert.equal(name('2024-06-01'), 'Summer');
    assert.equal(name('2024-09-30'), 'Summer');
    assert.equal(name('2024-10-01'), 'Winter');
    assert.equal(name('2024-12-31'), 'Winter');
    assert.equal(name('2025-01-01'), 'Winter');
    assert.equal(name('2024-02-29'), 'Winter');
    assert.equal(name('2024-05-31'), 'Winter');
  });
  it('checks that a group covers the year exactly once', () => {
    checkSeasonGroup([summer, winter]);
    assert.throws(
      () => checkSeasonGroup([summer]),
      (e: Error) => e instanceof SeasonGroupError && /No season covers 01-01/.test(e.message),
    );
    assert.throws(
      () => checkSeasonGroup([summer, { ...winter, seasonToMonth: 6, seasonToDay: 1 }]),
      /06-01 is in more than one season/,
    );
    assert.throws(
      () =>
        checkSeasonGroup([
          { ...summer, seasonFromMonth: 3, seasonFromDay: 1, seasonToMonth: 12, seasonToDay: 31 },
          { ...winter, seasonFromMonth: 1, seasonFromDay: 1, seasonToMonth: 2, seasonToDay: 28 },
        ]),
      /No season covers 02-29/,
    );
  });
  it('moves an edge to the start of its bill when PREDOMINANT and to the end when SUBSERVIENT', () => {
    const bills = [
      { from: d('2024-05-15'), to: d('2024-06-14') },
      { from: d('2024-06-14'), to: d('2024-07-15') },
    ];
    assert.equal(formatDate(moveEdge(d('2024-06-01'), 'PREDOMINANT', bills)), '2024-05-15');
    assert.equal(formatDate(moveEdge(d('2024-06-01'), 'SUBSERVIENT', bills)), '2024-06-14');
    assert.equal(formatDate(moveEdge(d('2024-06-01'), null, bills)), '2024-06-01', 'fixed date');
    assert.equal(
      formatDate(moveEdge(d('2024-06-14'), 'PREDOMINANT', bills)),
      '2024-06-14',
      'on a bill boundary it stays',
    );
    assert.equal(formatDate(moveEdge(d('2024-06-01'), 'PREDOMINANT', [])), '2024-06-01', 'outside any bill it stays');
  });
  it('applies predominance to both edges of a season', () => {
    const bills = [
      { from: d('2024-05-20'), to: d('2024-06-19') },
      { from: d('2024-09-18'), to: d('2024-10-17') },
    ];
    const span = effectiveSeasonSpan(
      { ...summer, fromEdgePredominance: 'SUBSERVIENT', toEdgePredominance: 'PREDOMINANT' },
      2024,
      bills,
    );
    assert.deepEqual([formatDate(span.start), formatDate(span.end)], ['2024-06-19', '2024-09-18']);
    const wrapping = effectiveSeasonSpan(winter, 2024, bills);
    assert.deepEqual([formatDate(wrapping.start), formatDate(wrapping.end)], ['2024-10-01', '2025-06-01']);
  });
});
