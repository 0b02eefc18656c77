import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findGaps } from '../../../src/engine/usage/readings-merge.ts';
import { parseReadingsCsv } from '../../../src/importers/readings/readings-csv.ts';
import { ReadingFormatError } from '../../../src/importers/readings/reading.ts';

const LA = { zone: 'America/Los_Angeles', defaultUnit: 'kWh' };
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

function refuses(text: string, field: string, message: RegExp): void {
  assert.throws(
    () => parseReadingsCsv(text, LA),
    (e: unknown) => e instanceof ReadingFormatError && e.field === field && message.test(e.message),
  );
}

/** Hourly rows of one local day, wall-clock times without offsets except where given. */
const rows = (lines: string[]) => ['fromDateTime,toDateTime,quantityValue', ...lines].join('\n');

describe('parseReadingsCsv', () => {
  it('reads explicit offsets and Z as given', () => {
    const { readings, notes } = parseReadingsCsv(
      rows(['2024-06-01T00:00:00Z,2024-06-01T01:00:00Z,1.5', '2024-06-01T10:00:00+09:00,2024-06-01T11:00+09:00,2']),
      LA,
    );
    assert.deepEqual(notes, []);
    assert.deepEqual(readings, [
      { start: Date.UTC(2024, 5, 1, 0), end: Date.UTC(2024, 5, 1, 1), unit: 'kWh', value: 1.5, cost: null },
      { start: Date.UTC(2024, 5, 1, 1), end: Date.UTC(2024, 5, 1, 2), unit: 'kWh', value: 2, cost: null },
    ]);
  });

  it('reads the 23-hour spring-forward day (2024-03-10) in local time as 23 one-hour readings', () => {
    const hours = [0, 1, ...Array.from({ length: 21 }, (_, k) => k + 3)]; // 02:00 does not exist
    const lines = hours.map((h, k) => {
      const to =
        k + 1 < hours.length ? `2024-03-10T${String(hours[k + 1]).padStart(2, '0')}:00:00` : '2024-03-11T00:00:00';
      return `2024-03-10T${String(h).padStart(2, '0')}:00:00,${to},1`;
    });
    const { readings } = parseReadingsCsv(rows(lines), LA);
    assert.equal(readings.length, 23);
    assert.ok(readings.every((r) => r.end - r.start === HOUR));
    assert.equal(iso(readings[0]!.start), '2024-03-10T08:00:00.000Z');
    assert.equal(iso(readings.at(-1)!.end), '2024-03-11T07:00:00.000Z');
    assert.deepEqual(findGaps(readings, 'kWh'), []);
  });

  it('reads the 25-hour fall-back day (2024-11-03): the repeated 01:00 hour with offsets -07:00 and -08:00 is two readings', () => {
    const lines = [
      '2024-11-03T00:00:00,2024-11-03T01:00:00-07:00,1',
      '2024-11-03T01:00:00-07:00,2024-11-03T01:00:00-08:00,2',
      '2024-11-03T01:00:00-08:00,2024-11-03T02:00:00,3',
      ...Array.from(
        { length: 22 },
        (_, k) =>
          `2024-11-03T${String(k + 2).padStart(2, '0')}:00:00,${k + 3 < 24 ? `2024-11-03T${String(k + 3).padStart(2, '0')}:00:00` : '2024-11-04T00:00:00'},1`,
      ),
    ];
    const { readings } = parseReadingsCsv(rows(lines), LA);
    assert.equal(readings.length, 25);
    assert.ok(readings.every((r) => r.end - r.start === HOUR));
    assert.deepEqual(
      readings.slice(1, 3).map((r) => [iso(r.start), r.value]),
      [
        ['2024-11-03T08:00:00.000Z', 2],
        ['2024-11-03T09:00:00.000Z', 3],
      ],
    );
    assert.equal(readings.at(-1)!.end - readings[0]!.start, 25 * HOUR);
    assert.deepEqual(findGaps(readings, 'kWh'), []);
  });

  it('reads 15-minute rows without offsets through the repeated hour when they are in time order', () => {
    const times = ['00:45', '01:00', '01:15', '01:30', '01:45', '01:00', '01:15', '01:30', '01:45', '02:00'];
    const lines = times.slice(0, -1).map((t, k) => `2024-11-03T${t},2024-11-03T${times[k + 1]},${k}`);
    const { readings } = parseReadingsCsv(rows(lines), LA);
    assert.deepEqual(
      readings.map((r) => iso(r.start).slice(11, 16)),
      ['07:45', '08:00', '08:15', '08:30', '08:45', '09:00', '09:15', '09:30', '09:45'],
    );
    assert.ok(readings.every((r) => r.end - r.start === 15 * 60_000));
  });

  it('takes columns by name in any order and case, with aliases, units, costs and durations', () => {
    const text = 'Cost,END,Start,unit,Value,meter\n0.12,2024-01-01T01:00Z,2024-01-01T00:00Z,Wh,1500,A\n';
    const { readings, notes } = parseReadingsCsv(text, LA);
    assert.deepEqual(readings, [
      { start: Date.UTC(2024, 0, 1, 0), end: Date.UTC(2024, 0, 1, 1), unit: 'kWh', value: 1.5, cost: 0.12 },
    ]);
    assert.deepEqual(notes, ['Columns ignored: meter.']);
    const byDuration = parseReadingsCsv('startTime,duration,kWh\n2024-01-01T00:00Z,900000,0.4\n', {
      zone: 'UTC',
      defaultUnit: 'therms',
    });
    // A value column named kWh says the unit, whatever the default.
    assert.deepEqual(byDuration.readings, [
      { start: Date.UTC(2024, 0, 1), end: Date.UTC(2024, 0, 1, 0, 15), unit: 'kWh', value: 0.4, cost: null },
    ]);
    const demand = parseReadingsCsv('fromDateTime,toDateTime,quantityValue\n2024-01-01T00:00Z,2024-01-01T00:15Z,7\n', {
      zone: 'UTC',
      defaultUnit: 'kW',
    });
    assert.equal(demand.readings[0]!.unit, 'kW');
  });

  it('reads RFC 4180 quoting, CRLF, a byte order mark and blank lines, counting lines through quoted line breaks', () => {
    const text =
      '\uFEFFfromDateTime,toDateTime,quantityValue,note\r\n' +
      '"2024-01-01T00:00Z","2024-01-01T01:00Z","1.5","a, ""quoted""\r\nnote"\r\n' +
      '\r\n' +
      '2024-01-01T01:00Z,2024-01-01T02:00Z,2,\r\n' +
      '2024-01-01T02:00Z,2024-01-01T03:00Z,oops,\r\n\r\n\r\n';
    assert.throws(
      () => parseReadingsCsv(text, LA),
      (e: unknown) =>
        e instanceof ReadingFormatError &&
        e.field === 'line 6' &&
        /line 6, column quantityValue: 'oops' is not a number/.test(e.message),
    );
    const good = parseReadingsCsv(text.replace('oops', '2.5'), LA);
    assert.deepEqual(
      good.readings.map((r) => r.value),
      [1.5, 2, 2.5],
    );
  });

  it('names the bad line and says what is wrong', () => {
    refuses(
      rows(['2024-01-01T00:00Z,2024-01-01T01:00Z,1', '2024-01-01T01:00Z,2024-01-01T02:00Z']),
      'line 3',
      /2 fields where the header has 3/,
    );
    refuses(
      rows(['2024-01-01T00:00Z,2024-01-01T01:00Z,1', '2024-01-01T01:00Z,not a time,1']),
      'line 3',
      /column toDateTime: 'not a time' is not an ISO 8601/,
    );
    refuses('start,end,value\n2024-01-01T00:00Z,2024-01-01T01:00Z,', 'line 2', /column value: a number is required/);
    refuses('start,end,value\n"2024-01-01T00:00Z,2024-01-01T01:00Z,1\n', 'line 2', /quoted field is never closed/);
    refuses('start,end,value\n"2024-01-01T00:00Z"x,2024-01-01T01:00Z,1\n', 'line 2', /text after a closing quote/);
  });

  it('refuses an unknown unit, listing the accepted ones', () => {
    refuses(
      'start,end,value,unit\n2024-01-01T00:00Z,2024-01-01T01:00Z,1,kWh\n2024-01-01T01:00Z,2024-01-01T02:00Z,1,gallons\n',
      'line 3',
      /column unit: unit 'gallons' is not accepted; use one of kWh, Wh, MWh/,
    );
    assert.throws(
      () => parseReadingsCsv(rows([]), { zone: 'UTC', defaultUnit: 'bushels' }),
      (e: unknown) => e instanceof ReadingFormatError && e.field === 'quantityUnit',
    );
  });

  it('refuses an end before its start', () => {
    refuses(
      rows(['2024-01-01T02:00Z,2024-01-01T01:00Z,1']),
      'line 2',
      /column toDateTime: '2024-01-01T01:00Z' is not after fromDateTime '2024-01-01T02:00Z'/,
    );
  });

  it('requires a header naming the columns', () => {
    refuses('2024-01-01T00:00Z,2024-01-01T01:00Z,1\n', 'line 1', /the first line must be a header/);
    refuses(
      'from,to,value\n',
      'line 1',
      /the header lacks fromDateTime, toDateTime or duration \(it has from, to, value\)/,
    );
    refuses('start,fromDateTime,end,value\n', 'line 1', /columns 'start' and 'fromDateTime' both give fromDateTime/);
    refuses('', 'body', /the CSV is empty/);
    refuses('\n\n', 'body', /the CSV is empty/);
    assert.deepEqual(parseReadingsCsv('start,end,value\n', LA).readings, []);
  });
});
