import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { parseDateTimeInput } from '../../../src/engine/time/datetime-input.ts';
import { readingFromFields, readingsFromJson } from '../../../src/importers/readings/reading-rows.ts';
import { ReadingFormatError, unitOf } from '../../../src/importers/readings/reading.ts';

const LA = { zone: 'America/Los_Angeles', defaultUnit: 'kWh' };
const iso = (ms: number) => new Date(ms).toISOString();

/** Asserts a ReadingFormatError with that field (and a message matching `message`). */
function refuses(fn: () => unknown, field: string, message?: RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof ReadingFormatError, String(e));
    assert.equal(e.field, field, e.message);
    if (message) assert.match(e.message, message);
    return true;
  });
}

describe('unitOf', () => {
  it('reads energy, demand and gas units in any case, with the factor into the canonical unit', () => {
    assert.deepEqual(unitOf('kWh', 'u'), { unit: 'kWh', factor: 1 });
    assert.deepEqual(unitOf('WH', 'u'), { unit: 'kWh', factor: 1e-3 });
    assert.deepEqual(unitOf('mwh', 'u'), { unit: 'kWh', factor: 1e3 });
    assert.deepEqual(unitOf('kw', 'u'), { unit: 'kW', factor: 1 });
    assert.deepEqual(unitOf('W', 'u'), { unit: 'kW', factor: 1e-3 });
    assert.deepEqual(unitOf('MW', 'u'), { unit: 'kW', factor: 1e3 });
    for (const t of ['therm', 'Therms', 'THM']) assert.deepEqual(unitOf(t, 'u'), { unit: 'therms', factor: 1 });
  });
  it('refuses anything else, listing what it accepts', () => {
    refuses(() => unitOf('gallons', 'line 3'), 'line 3', /'gallons' is not accepted; use one of kWh, Wh, MWh .* therm/);
    refuses(() => unitOf('', 'u'), 'u');
  });
});

describe('readingFromFields', () => {
  it('reads offsets as given and wall-clock times in the zone', () => {
    const r = readingFromFields(
      { fromDateTime: '2024-01-15T00:00:00-08:00', toDateTime: '2024-01-15T00:15:00', quantityValue: '1.5' },
      'x',
      LA,
    );
    assert.equal(iso(r.start), '2024-01-15T08:00:00.000Z');
    assert.equal(iso(r.end), '2024-01-15T08:15:00.000Z');
    assert.deepEqual({ unit: r.unit, value: r.value, cost: r.cost }, { unit: 'kWh', value: 1.5, cost: null });
    const z = readingFromFields(
      { fromDateTime: '2024-07-01T12:00Z', duration: 3_600_000, quantityValue: 2, quantityCost: '0.31' },
      'x',
      LA,
    );
    assert.deepEqual(z, {
      start: Date.UTC(2024, 6, 1, 12),
      end: Date.UTC(2024, 6, 1, 13),
      unit: 'kWh',
      value: 2,
      cost: 0.31,
    });
  });
  it('converts units once, exactly as a person would write the figure', () => {
    const wh = readingFromFields(
      { fromDateTime: '2024-01-01T00:00Z', duration: 900_000, quantityValue: 155, quantityUnit: 'Wh' },
      'x',
      LA,
    );
    assert.equal(wh.value, 0.155);
    const mw = readingFromFields(
      { fromDateTime: '2024-01-01T00:00Z', duration: 900_000, quantityValue: '2.5', quantityUnit: 'MW' },
      'x',
      LA,
    );
    assert.deepEqual([mw.unit, mw.value], ['kW', 2500]);
    const gas = readingFromFields({ fromDateTime: '2024-01-01T00:00Z', duration: 900_000, quantityValue: 3 }, 'x', {
      zone: 'UTC',
      defaultUnit: 'therms',
    });
    assert.deepEqual([gas.unit, gas.value], ['therms', 3]);
  });
  it('gives the same instants as parseDateTimeInput, around every DST change of several zones', () => {
    // The fast path must never disagree with the project's parser: 30-minute shifts (Lord Howe), odd offsets
    // (Kathmandu, St John's), the southern hemisphere, and UTC itself. Skipped and repeated wall-clock times included.
    const zones = [
      'America/Los_Angeles',
      'Australia/Lord_Howe',
      'Europe/London',
      'Asia/Kathmandu',
      'America/St_Johns',
      'America/Santiago',
      'UTC',
    ];
    let compared = 0;
    for (const zone of zones) {
      for (let day = 0; day < 366; day += 1) {
        const date = DateTime.fromObject({ year: 2024, month: 1, day: 1 }, { zone }).plus({ days: day });
        // Every DST day at 15-minute steps (and 7 seconds, 250 ms past them), every 5th other day at one odd time.
        const dst = date.startOf('day').plus({ days: 1 }).diff(date.startOf('day'), 'hours').hours !== 24;
        if (!dst && day % 5 !== 0) continue;
        for (const minute of dst ? Array.from({ length: 96 }, (_, k) => k * 15) : [613]) {
          for (const tail of ['', ':07', ':07.25']) {
            const text = `${date.toFormat('yyyy-MM-dd')}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}${tail}`;
            const expected = parseDateTimeInput(text, zone)!.value.toMillis();
            const got = readingFromFields({ fromDateTime: text, duration: 1000, quantityValue: 1 }, 'x', {
              zone,
              defaultUnit: 'kWh',
            }).start;
            assert.equal(got, expected, `${zone} ${text}`);
            for (const offset of zone === 'UTC' ? ['Z', '+05:45', '-0330', '+10'] : []) {
              const withOffset = text + offset;
              assert.equal(
                readingFromFields({ fromDateTime: withOffset, duration: 1000, quantityValue: 1 }, 'x', {
                  zone,
                  defaultUnit: 'kWh',
                }).start,
                parseDateTimeInput(withOffset, zone)!.value.toMillis(),
                withOffset,
              );
            }
            compared++;
          }
        }
      }
    }
    assert.ok(compared > 3000, `${compared} compared`);
  });
  it('accepts the forms only the full parser reads (date only, space for T, +HHMM)', () => {
    assert.equal(
      readingFromFields({ fromDateTime: '2024-03-10', toDateTime: '2024-03-11', quantityValue: 1 }, 'x', LA).end -
        Date.UTC(2024, 2, 10, 8),
      23 * 3_600_000,
    );
    assert.equal(
      iso(
        readingFromFields({ fromDateTime: '2011-10-26T12:00:00.0-0400', duration: 1000, quantityValue: 1 }, 'x', LA)
          .start,
      ),
      '2011-10-26T16:00:00.000Z',
    );
  });
  it('takes the second occurrence of a repeated wall-clock time when the reading before has passed the first', () => {
    const first = readingFromFields(
      { fromDateTime: '2024-11-03T01:45', toDateTime: '2024-11-03T01:00', quantityValue: 1 },
      'x',
      LA,
    );
    // The end is the first 01:00 after 01:45 PDT: 01:00 PST.
    assert.deepEqual([iso(first.start), iso(first.end)], ['2024-11-03T08:45:00.000Z', '2024-11-03T09:00:00.000Z']);
    const next = readingFromFields(
      { fromDateTime: '2024-11-03T01:00', toDateTime: '2024-11-03T01:15', quantityValue: 1 },
      'x',
      LA,
      first.start,
    );
    assert.deepEqual([iso(next.start), iso(next.end)], ['2024-11-03T09:00:00.000Z', '2024-11-03T09:15:00.000Z']);
    // Without a reading before, the first occurrence, as parseDateTimeInput says.
    assert.equal(
      iso(readingFromFields({ fromDateTime: '2024-11-03T01:00', duration: 1000, quantityValue: 1 }, 'x', LA).start),
      '2024-11-03T08:00:00.000Z',
    );
  });
  it('names the field and value of each problem', () => {
    const at = (fields: Record<string, unknown>) => () => readingFromFields(fields, 'readingData[3]', LA);
    refuses(at({ toDateTime: '2024-01-01T01:00Z', quantityValue: 1 }), 'readingData[3].fromDateTime', /ISO 8601/);
    refuses(
      at({ fromDateTime: '2024-13-01T00:00Z', duration: 1, quantityValue: 1 }),
      'readingData[3].fromDateTime',
      /not an ISO 8601 date-time/,
    );
    refuses(at({ fromDateTime: '1850-01-01T00:00Z', duration: 1, quantityValue: 1 }), 'readingData[3].fromDateTime');
    refuses(
      at({ fromDateTime: '2024-01-01T00:00Z', quantityValue: 1 }),
      'readingData[3].toDateTime',
      /toDateTime or duration/,
    );
    refuses(
      at({ fromDateTime: '2024-01-01T01:00Z', toDateTime: '2024-01-01T00:00Z', quantityValue: 1 }),
      'readingData[3].toDateTime',
      /is not after fromDateTime/,
    );
    refuses(
      at({ fromDateTime: '2024-01-01T01:00Z', toDateTime: '2024-01-01T01:00Z', quantityValue: 1 }),
      'readingData[3].toDateTime',
      /is not after/,
    );
    refuses(at({ fromDateTime: '2024-01-01T00:00Z', duration: -5, quantityValue: 1 }), 'readingData[3].duration');
    refuses(at({ fromDateTime: '2024-01-01T00:00Z', duration: 1.5, quantityValue: 1 }), 'readingData[3].duration');
    refuses(
      at({ fromDateTime: '2024-01-01T00:00Z', toDateTime: '2024-01-01T01:00Z', duration: 60_000, quantityValue: 1 }),
      'readingData[3].duration',
      /disagrees/,
    );
    refuses(at({ fromDateTime: '2024-01-01T00:00Z', duration: 1000 }), 'readingData[3].quantityValue', /required/);
    for (const bad of ['abc', '0x10', '1,5', 'NaN', 'Infinity', '1e400', true, {}]) {
      refuses(
        at({ fromDateTime: '2024-01-01T00:00Z', duration: 1000, quantityValue: bad }),
        'readingData[3].quantityValue',
      );
    }
    refuses(
      at({ fromDateTime: '2024-01-01T00:00Z', duration: 1000, quantityValue: 2e9, quantityUnit: 'MWh' }),
      'readingData[3].quantityValue',
      /beyond/,
    );
    refuses(
      at({ fromDateTime: '2024-01-01T00:00Z', duration: 1000, quantityValue: 1, quantityUnit: 'litres' }),
      'readingData[3].quantityUnit',
      /not accepted/,
    );
    refuses(
      at({ fromDateTime: '2024-01-01T00:00Z', duration: 1000, quantityValue: 1, quantityCost: 'free' }),
      'readingData[3].quantityCost',
    );
    refuses(
      () =>
        readingFromFields({ fromDateTime: '2024-01-01T00:00', duration: 1, quantityValue: 1 }, 'x', {
          zone: 'Mars/Olympus',
          defaultUnit: 'kWh',
        }),
      'timeZone',
    );
  });
});

describe('readingsFromJson', () => {
  it('reads the original API body', () => {
    const { readings, notes } = readingsFromJson(
      [
        {
          fromDateTime: '2024-03-10T00:00:00',
          toDateTime: '2024-03-10T01:00:00',
          quantityUnit: 'kWh',
          quantityValue: 1.25,
        },
        {
          fromDateTime: '2024-03-10T01:00:00',
          toDateTime: '2024-03-10T03:00:00',
          quantityUnit: 'Wh',
          quantityValue: 900,
          quantityCost: 0.2,
        },
      ],
      LA,
    );
    assert.deepEqual(notes, []);
    assert.deepEqual(
      readings.map((r) => [iso(r.start), (r.end - r.start) / 3_600_000, r.value, r.cost]),
      [
        ['2024-03-10T08:00:00.000Z', 1, 1.25, null],
        // 01:00 to 03:00 on the spring-forward day is one hour.
        ['2024-03-10T09:00:00.000Z', 1, 0.9, 0.2],
      ],
    );
  });
  it('names the item at fault, and refuses what is not an object', () => {
    refuses(
      () =>
        readingsFromJson(
          [
            { fromDateTime: '2024-01-01T00:00Z', duration: 1000, quantityValue: 1 },
            { fromDateTime: 'soon', duration: 1000, quantityValue: 1 },
          ],
          LA,
        ),
      'readingData[1].fromDateTime',
    );
    refuses(() => readingsFromJson([null], LA), 'readingData[0]');
    refuses(() => readingsFromJson([[1, 2]], LA), 'readingData[0]');
  });
  it('holds at most 600,000 readings', () => {
    refuses(() => readingsFromJson(new Array(600_001).fill({}), LA), 'readingData', /at most 600000/);
  });
  it('refuses an unknown default unit once, naming quantityUnit', () => {
    refuses(() => readingsFromJson([], { zone: 'UTC', defaultUnit: 'furlongs' }), 'quantityUnit');
  });
});
