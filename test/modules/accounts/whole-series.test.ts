// An account's usage read off the stored runs as one series (account-usage.ts `wholeSeries`, #40's speed): wherever
// it answers, its input is exactly the one the readings' way makes (usageInputs of the clipped readings), and it
// declines every case that way treats differently: a gap, a reading the range cuts, kW readings, another length.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clip, usageInputs, wholeSeries } from '../../../src/modules/accounts/account-usage.ts';
import { type ReadingRun, runReadings } from '../../../src/modules/profiles/reading-chunks.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 1, 8); // 2026-03-01 00:00 in Los Angeles
const run = (startHour: number, values: number[], duration = HOUR): ReadingRun => ({
  start: T0 + startHour * HOUR,
  duration,
  values: Float64Array.from(values),
  costs: null,
});
const hours = (n: number, f: (k: number) => number) => Array.from({ length: n }, (_, k) => f(k));

/** What the readings' way makes of the same runs. */
function viaReadings(runs: Map<string, ReadingRun[]>, from: number, to: number) {
  const readings = runReadings(runs, from, to);
  return usageInputs([
    ...clip(
      readings.filter((r) => r.unit === 'kWh'),
      from,
      to,
    ),
    ...clip(
      readings.filter((r) => r.unit === 'kW'),
      from,
      to,
    ),
  ]);
}

const at = (h: number) => T0 + h * HOUR;

describe('wholeSeries', () => {
  it('is the readings’ input for back-to-back runs over the range (month runs, a range inside them, exports)', () => {
    const cases: [string, Map<string, ReadingRun[]>, number, number][] = [
      [
        'three month runs, the range their span',
        new Map([
          [
            'kWh',
            [
              run(
                0,
                hours(744, (k) => 0.4 + (k % 24) / 10),
              ),
              run(
                744,
                hours(720, () => 0.7),
              ),
              run(1464, [1, 2, 3]),
            ],
          ],
        ]),
        at(0),
        at(1467),
      ],
      [
        'a range inside one run',
        new Map([
          [
            'kWh',
            [
              run(
                0,
                hours(100, (k) => k / 7),
              ),
            ],
          ],
        ]),
        at(10),
        at(60),
      ],
      [
        'negative hours (sent out) give the export series',
        new Map([
          [
            'kWh',
            [
              run(
                0,
                hours(48, (k) => (k % 24 > 10 && k % 24 < 15 ? -1.5 : 0.8)),
              ),
            ],
          ],
        ]),
        at(0),
        at(48),
      ],
      [
        'zero, -0 and exports across two runs, as the readings give them (a reading is never NaN: the API refuses it)',
        new Map([['kWh', [run(0, [0, -0, 0.75, 0.5, -0.25, 1]), run(6, [-0, -2, 3])]]]),
        at(1),
        at(9),
      ],
      [
        'a run before the range in the same month, and one past its end',
        new Map([
          [
            'kWh',
            [
              run(
                -30,
                hours(10, () => 9),
              ),
              run(
                0,
                hours(24, () => 1),
              ),
              run(
                24,
                hours(24, () => 2),
              ),
            ],
          ],
        ]),
        at(0),
        at(30),
      ],
      [
        'a run of another length before the range (read for a wider span)',
        new Map([
          [
            'kWh',
            [
              run(
                -48,
                hours(4, () => 3),
                12 * HOUR,
              ),
              run(
                0,
                hours(24, () => 1),
              ),
            ],
          ],
        ]),
        at(0),
        at(24),
      ],
      [
        '15-minute readings',
        new Map([
          [
            'kWh',
            [
              run(
                0,
                hours(96, (k) => k / 96),
                HOUR / 4,
              ),
            ],
          ],
        ]),
        at(0),
        at(24),
      ],
    ];
    for (const [name, runs, from, to] of cases) {
      const whole = wholeSeries(runs, from, to);
      assert.ok(whole, name);
      // Its series are typed arrays (kept off the collector's heap), holding the same values as the readings' way.
      assert.ok(whole.dataSeries instanceof Float64Array, name);
      const plain = { ...whole, dataSeries: Array.from(whole.dataSeries) };
      if (whole.exportDataSeries) plain.exportDataSeries = Array.from(whole.exportDataSeries);
      assert.deepEqual([plain], viaReadings(runs, from, to), name);
    }
  });

  it('declines what the readings’ way treats otherwise', () => {
    const year = run(
      0,
      hours(200, () => 1),
    );
    const cases: [string, Map<string, ReadingRun[]>, number, number][] = [
      [
        'a gap between runs',
        new Map([
          [
            'kWh',
            [
              run(
                0,
                hours(24, () => 1),
              ),
              run(
                25,
                hours(24, () => 1),
              ),
            ],
          ],
        ]),
        at(0),
        at(49),
      ],
      ['the range starting before the readings', new Map([['kWh', [year]]]), at(-1), at(24)],
      ['the range ending after them', new Map([['kWh', [year]]]), at(0), at(201)],
      ['a reading the range cuts', new Map([['kWh', [year]]]), at(0) + HOUR / 2, at(24)],
      [
        'kW readings in the range',
        new Map([
          ['kWh', [year]],
          ['kW', [run(5, [4, 5])]],
        ]),
        at(0),
        at(24),
      ],
      [
        'another length inside the range',
        new Map([
          [
            'kWh',
            [
              run(
                0,
                hours(10, () => 1),
              ),
              run(
                10,
                hours(8, () => 1),
                HOUR / 2,
              ),
              run(14, [1, 1]),
            ],
          ],
        ]),
        at(0),
        at(16),
      ],
      ['one reading only', new Map([['kWh', [year]]]), at(3), at(4)],
      ['daily readings longer than a series takes', new Map([['kWh', [run(0, [1, 2, 3], 48 * HOUR)]]]), at(0), at(96)],
      ['no readings', new Map(), at(0), at(24)],
    ];
    for (const [name, runs, from, to] of cases) assert.equal(wholeSeries(runs, from, to), null, name);
  });
});
