// A profile's readings summed into local calendar periods (year, month, day, hour, quarter hour) of the account's
// zone: energy (kWh, therms) shared out by time where a reading spans several periods (a monthly bill over a day
// grid), demand (kW) as the period's highest reading.
import { DateTime } from 'luxon';
import type { Reading } from '../../importers/readings/reading.ts';

export type GroupBy = 'YEAR' | 'MONTH' | 'DAY' | 'HOUR' | 'QTRHOUR';

export interface ReadingGroup {
  from: number;
  to: number;
  duration: number;
  kWh: { quantityAmount: number | null };
  kW: { quantityAmount: number | null };
  therms: { quantityAmount: number | null };
  readings: number;
}

const UNIT_OF: Record<GroupBy, 'year' | 'month' | 'day' | 'hour' | 'minute'> = {
  YEAR: 'year',
  MONTH: 'month',
  DAY: 'day',
  HOUR: 'hour',
  QTRHOUR: 'minute',
};

/** The period boundaries covering [from, to), in local time of `zone`. */
function boundaries(groupBy: GroupBy, zone: string, from: number, to: number): number[] {
  const unit = UNIT_OF[groupBy];
  let t = DateTime.fromMillis(from, { zone }).startOf(unit === 'minute' ? 'hour' : unit);
  if (groupBy === 'QTRHOUR') while (t.plus({ minutes: 15 }).toMillis() <= from) t = t.plus({ minutes: 15 });
  const out = [t.toMillis()];
  while (out.at(-1)! < to) {
    // Hours and quarters step in absolute time (a 25-hour day has 25 hours); days and longer in local time.
    t =
      groupBy === 'QTRHOUR'
        ? t.plus({ minutes: 15 })
        : groupBy === 'HOUR'
          ? DateTime.fromMillis(t.toMillis() + 3_600_000, { zone })
          : t.plus({ [`${unit}s`]: 1 });
    out.push(t.toMillis());
  }
  return out;
}

export function groupReadings(
  readings: readonly Reading[],
  groupBy: GroupBy,
  zone: string,
  from: number,
  to: number,
): ReadingGroup[] {
  const edges = boundaries(groupBy, zone, from, to);
  const groups: ReadingGroup[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    groups.push({
      from: edges[i]!,
      to: edges[i + 1]!,
      duration: edges[i + 1]! - edges[i]!,
      kWh: { quantityAmount: null },
      kW: { quantityAmount: null },
      therms: { quantityAmount: null },
      readings: 0,
    });
  }
  const sorted = [...readings].sort((a, b) => a.start - b.start);
  let first = 0;
  for (const r of sorted) {
    while (first < groups.length && groups[first]!.to <= r.start) first++;
    for (let g = first; g < groups.length && groups[g]!.from < r.end; g++) {
      const group = groups[g]!;
      const overlap = Math.min(r.end, group.to) - Math.max(r.start, group.from);
      if (overlap <= 0) continue;
      group.readings++;
      const measure = group[r.unit];
      if (r.unit === 'kW') measure.quantityAmount = Math.max(measure.quantityAmount ?? -Infinity, r.value);
      else measure.quantityAmount = (measure.quantityAmount ?? 0) + (r.value * overlap) / (r.end - r.start);
    }
  }
  return groups;
}
