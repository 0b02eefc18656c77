// The heatmap's folding of hourly prices into months x hours for weekdays and weekends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildHeatmap, colourOf, dayKindOf, type HourPrice } from '../../../src/web/console/heatmap.ts';

/** Hourly prices for the days given: peak (0.5) from 16:00 to 21:00 on weekdays, 0.3 otherwise. */
function hours(
  dates: string[],
  price = (date: string, hour: number) => (dayKindOf(date) === 'weekday' && hour >= 16 && hour < 21 ? 0.5 : 0.3),
): HourPrice[] {
  return dates.flatMap((date) =>
    Array.from({ length: 24 }, (_, hour) => ({
      fromDateTime: `${date}T${String(hour).padStart(2, '0')}:00:00-07:00`,
      rateAmount: price(date, hour),
      name: null,
    })),
  );
}

describe('TOU heatmap figures', () => {
  it('knows weekends by the local date', () => {
    assert.equal(dayKindOf('2026-07-04'), 'weekend'); // a Saturday
    assert.equal(dayKindOf('2026-07-05'), 'weekend');
    assert.equal(dayKindOf('2026-07-06'), 'weekday');
  });

  it('puts each hour in its month, hour and kind of day', () => {
    const map = buildHeatmap(hours(['2026-07-01', '2026-07-04']));
    assert.equal(map.cells.weekday[6]![17]!.price, 0.5);
    assert.equal(map.cells.weekday[6]![3]!.price, 0.3);
    assert.equal(map.cells.weekend[6]![17]!.price, 0.3);
    assert.equal(map.cells.weekday[0]![17]!.price, null, 'no January hours given');
    assert.deepEqual([map.min, map.max], [0.3, 0.5]);
  });

  it('takes the price most days had, says when they differ, and leaves holidays out', () => {
    // July 1-3 2026 are Wednesday to Friday; the 3rd priced as a holiday (all 0.3).
    const given = hours(['2026-07-01', '2026-07-02', '2026-07-03'], (date, hour) =>
      date === '2026-07-03' ? 0.3 : hour === 17 ? 0.5 : 0.3,
    );
    const all = buildHeatmap(given);
    assert.deepEqual(all.cells.weekday[6]![17], { price: 0.5, name: null, uniform: false });
    const withHoliday = buildHeatmap(given, new Set(['2026-07-03']));
    assert.deepEqual(withHoliday.cells.weekday[6]![17], { price: 0.5, name: null, uniform: true });
  });

  it('colours from pale (cheapest) to dark (dearest) with readable text', () => {
    assert.deepEqual(colourOf(1, 1, 2), { background: 'rgb(253,231,37)', text: '#111' });
    assert.deepEqual(colourOf(2, 1, 2), { background: 'rgb(68,1,84)', text: '#fff' });
    assert.equal(colourOf(5, 5, 5).background, 'rgb(253,231,37)', 'one price only: no division by zero');
  });
});
