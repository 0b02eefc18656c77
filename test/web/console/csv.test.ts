// Interval data from CSV into the bill calculation's usage inputs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CsvError, usageFromCsv } from '../../../src/web/console/csv.ts';

describe('console CSV interval data', () => {
  it('sends evenly spaced readings as one series with their duration, ending one step after the last', () => {
    const u = usageFromCsv('fromDateTime,kWh\n2026-07-01T00:00,0.5\n2026-07-01T00:15,0.25\r\n2026-07-01T00:30,1\n');
    assert.deepEqual(u.propertyInputs, [
      { keyName: 'consumption', fromDateTime: '2026-07-01T00:00', duration: 900_000, dataSeries: [0.5, 0.25, 1] },
    ]);
    assert.equal(u.fromDateTime, '2026-07-01T00:00');
    assert.equal(u.toDateTime, '2026-07-01T00:45:00');
    assert.equal(u.kWh, 1.75);
    assert.equal(u.readings, 3);
  });

  it('keeps offsets, reads headerless and semicolon files, and crosses midnight', () => {
    const u = usageFromCsv('2026-03-31 23:00-07:00;2\n2026-04-01 00:00-07:00;3\n');
    assert.equal(u.toDateTime, '2026-04-01T01:00:00-07:00');
    assert.deepEqual((u.propertyInputs[0] as { dataSeries: number[] }).dataSeries, [2, 3]);
  });

  it('sends uneven readings with their own from and to', () => {
    const u = usageFromCsv(
      'start,end,quantityValue\n2026-07-01T00:00,2026-07-01T01:00,1\n2026-07-01T01:00,2026-07-01T03:00,2\n',
    );
    assert.deepEqual(u.propertyInputs, [
      { keyName: 'consumption', fromDateTime: '2026-07-01T00:00', toDateTime: '2026-07-01T01:00', dataValue: 1 },
      { keyName: 'consumption', fromDateTime: '2026-07-01T01:00', toDateTime: '2026-07-01T03:00', dataValue: 2 },
    ]);
    assert.equal(u.toDateTime, '2026-07-01T03:00');
  });

  it('says in words what is wrong, with the line', () => {
    assert.throws(() => usageFromCsv(''), /empty/);
    assert.throws(
      () => usageFromCsv('fromDateTime,kWh\n2026-07-01T00:00,abc\n'),
      (e: Error) => e instanceof CsvError && /Line 2: "abc" is not a number/.test(e.message),
    );
    assert.throws(() => usageFromCsv('fromDateTime,kWh\nyesterday,1\n'), /Line 2: "yesterday" is not a date/);
    assert.throws(
      () => usageFromCsv('fromDateTime,kWh\n2026-07-01T00:00,1\n2026-07-01T01:00,1\n2026-07-01T03:00,1\n'),
      /not evenly spaced/,
    );
    assert.throws(
      () => usageFromCsv('start,end,kWh\n2026-07-01T00:00,2026-07-01T02:00,1\n2026-07-01T01:00,2026-07-01T04:00,1\n'),
      /Line 3: this reading overlaps/,
    );
  });
});
