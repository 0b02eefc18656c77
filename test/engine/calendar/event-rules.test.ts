import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate, isoWeekday, parseDate } from '../../../src/engine/calendar/civil-date.ts';
import { easterSunday } from '../../../src/engine/calendar/easter.ts';
import {
  OBSERVANCE,
  RuleError,
  checkRule,
  dateInYear,
  eventDates,
  type EventRule,
} from '../../../src/engine/calendar/event-rules.ts';

const on = (rule: EventRule, year: number) => {
  const d = dateInYear(rule, year);
  return d && formatDate(d);
};

describe('Easter Sunday', () => {
  it('falls on the known dates', () => {
    const known: Record<number, string> = {
      1961: '1961-04-02',
      2000: '2000-04-23',
      2008: '2008-03-23',
      2011: '2011-04-24',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2038: '2038-04-25',
      2285: '2285-03-22',
    };
    for (const [year, date] of Object.entries(known)) assert.equal(formatDate(easterSunday(Number(year))), date, year);
  });
  it('is always a Sunday between March 22 and April 25', () => {
    for (let y = 1900; y <= 2200; y++) {
      const e = easterSunday(y);
      assert.equal(isoWeekday(e), 7, String(y));
      const md = e.month * 100 + e.day;
      assert.ok(md >= 322 && md <= 425, String(y));
    }
  });
});

describe('calendar event rules', () => {
  const independenceDay: EventRule = {
    dateDefinitionType: 'FIXED_DATE',
    fixedMonth: 7,
    fixedDay: 4,
    adjustment: OBSERVANCE.NEAREST_WEEKDAY,
  };
  it('observes a Saturday holiday on Friday and a Sunday one on Monday', () => {
    assert.equal(on(independenceDay, 2026), '2026-07-03', 'Saturday -> Friday');
    assert.equal(on(independenceDay, 2021), '2021-07-05', 'Sunday -> Monday');
    assert.equal(on(independenceDay, 2024), '2024-07-04', 'Thursday stays');
    const nerc = { ...independenceDay, adjustment: OBSERVANCE.SUNDAY_TO_MONDAY };
    assert.equal(on(nerc, 2026), '2026-07-04', 'NERC: Saturday stays');
    assert.equal(on(nerc, 2021), '2021-07-05');
    assert.equal(on({ ...independenceDay, adjustment: OBSERVANCE.NONE }, 2021), '2021-07-04');
  });
  it("moves New Year's Day into the previous year when observance says so", () => {
    const newYear: EventRule = {
      dateDefinitionType: 'FIXED_DATE',
      fixedMonth: 1,
      fixedDay: 1,
      adjustment: OBSERVANCE.NEAREST_WEEKDAY,
    };
    assert.deepEqual(
      eventDates(newYear, parseDate('2021-12-01')!, parseDate('2022-01-31')!).map(formatDate),
      ['2021-12-31'],
      '2022-01-01 is a Saturday',
    );
  });
  it('finds floating dates: nth and last weekdays, with a day offset', () => {
    const thanksgiving: EventRule = {
      dateDefinitionType: 'FLOATING_DATE',
      fixedMonth: 11,
      dayOfWeek: 4,
      weekOfMonth: 4,
    };
    assert.equal(on(thanksgiving, 2024), '2024-11-28');
    assert.equal(on(thanksgiving, 2026), '2026-11-26');
    assert.equal(on({ ...thanksgiving, adjustment: 1 }, 2026), '2026-11-27', 'the day after');
    const memorial: EventRule = { dateDefinitionType: 'FLOATING_DATE', fixedMonth: 5, dayOfWeek: 1, weekOfMonth: -1 };
    assert.equal(on(memorial, 2024), '2024-05-27');
    assert.equal(on({ ...memorial, weekOfMonth: 5 }, 2021), '2021-05-31');
    const labor: EventRule = { dateDefinitionType: 'FLOATING_DATE', fixedMonth: 9, dayOfWeek: 1, weekOfMonth: 1 };
    assert.equal(on(labor, 2024), '2024-09-02');
    assert.equal(on(labor, 2025), '2025-09-01');
  });
  it('counts from Easter', () => {
    assert.equal(on({ dateDefinitionType: 'EASTER_DATE', adjustment: -2 }, 2024), '2024-03-29', 'Good Friday');
    assert.equal(on({ dateDefinitionType: 'EASTER_DATE', adjustment: 1 }, 2025), '2025-04-21', 'Easter Monday');
  });
  it('keeps manual dates as stored, within the range', () => {
    const events: EventRule = { dateDefinitionType: 'MANUAL', manualDates: ['2024-08-15', '2024-07-02', '2025-01-10'] };
    assert.deepEqual(eventDates(events, parseDate('2024-01-01')!, parseDate('2024-12-31')!).map(formatDate), [
      '2024-07-02',
      '2024-08-15',
    ]);
  });
  it('skips February 29 in common years and lists a range of years', () => {
    const leap: EventRule = { dateDefinitionType: 'FIXED_DATE', fixedMonth: 2, fixedDay: 29 };
    assert.deepEqual(eventDates(leap, parseDate('2023-01-01')!, parseDate('2028-12-31')!).map(formatDate), [
      '2024-02-29',
      '2028-02-29',
    ]);
  });
  it('refuses rules it cannot evaluate', () => {
    assert.throws(() => checkRule({ dateDefinitionType: 'FIXED_DATE', fixedMonth: 13, fixedDay: 1 }), RuleError);
    assert.throws(() => checkRule({ dateDefinitionType: 'FIXED_DATE', fixedMonth: 4, fixedDay: 31 }), RuleError);
    assert.throws(
      () => checkRule({ dateDefinitionType: 'FIXED_DATE', fixedMonth: 4, fixedDay: 1, adjustment: 7 }),
      RuleError,
    );
    assert.throws(
      () => checkRule({ dateDefinitionType: 'FLOATING_DATE', fixedMonth: 5, dayOfWeek: 0, weekOfMonth: 1 }),
      RuleError,
    );
    assert.throws(
      () => checkRule({ dateDefinitionType: 'FLOATING_DATE', fixedMonth: 5, dayOfWeek: 1, weekOfMonth: 6 }),
      RuleError,
    );
    assert.throws(() => checkRule({ dateDefinitionType: 'MANUAL', manualDates: ['2024-02-30'] }), RuleError);
    checkRule({ dateDefinitionType: 'FIXED_DATE', fixedMonth: 2, fixedDay: 29 });
  });
});
