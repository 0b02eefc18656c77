// The TOU heatmap's figures: a year of hourly marginal prices from the smart price API (groupBy=HOUR) folded into
// months x hours, for weekdays and for weekends. Each cell is the price most hours of that kind had in that month at
// that hour of the local clock (a month whose version or season changes part-way has two; `uniform` says whether all
// agreed). Holidays of the tariff's TOU calendars are left out of both: they are listed beside the map instead.
// Pure: no DOM, no fetch (unit tested).

export interface HourPrice {
  /** Local time with offset, as the API writes it: 2026-07-01T16:00:00-07:00. */
  fromDateTime: string;
  rateAmount: number;
  name?: string | null;
}

export type DayKind = 'weekday' | 'weekend';
export const DAY_KINDS: DayKind[] = ['weekday', 'weekend'];

export interface Cell {
  price: number | null;
  name: string | null;
  uniform: boolean;
}

export interface Heatmap {
  /** cells[kind][month 0-11][hour 0-23] */
  cells: Record<DayKind, Cell[][]>;
  min: number | null;
  max: number | null;
}

/** Saturday and Sunday are the weekend; the date is the local calendar date (YYYY-MM-DD). */
export function dayKindOf(date: string): DayKind {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6 ? 'weekend' : 'weekday';
}

export function buildHeatmap(hours: HourPrice[], holidays: ReadonlySet<string> = new Set()): Heatmap {
  // counts[kind][month][hour]: price -> [hours, name]
  const counts: Record<DayKind, Map<number, [number, string | null]>[][]> = {
    weekday: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => new Map())),
    weekend: Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => new Map())),
  };
  for (const p of hours) {
    const date = p.fromDateTime.slice(0, 10);
    if (holidays.has(date)) continue;
    const month = Number(p.fromDateTime.slice(5, 7)) - 1;
    const hour = Number(p.fromDateTime.slice(11, 13));
    const bucket = counts[dayKindOf(date)][month]?.[hour];
    if (!bucket) continue;
    const seen = bucket.get(p.rateAmount);
    bucket.set(p.rateAmount, [(seen?.[0] ?? 0) + 1, seen?.[1] ?? p.name ?? null]);
  }
  let min: number | null = null;
  let max: number | null = null;
  const cells = {} as Record<DayKind, Cell[][]>;
  for (const kind of DAY_KINDS) {
    cells[kind] = counts[kind].map((byHour) =>
      byHour.map((bucket) => {
        let best: [number, [number, string | null]] | null = null;
        for (const entry of bucket) if (!best || entry[1][0] > best[1][0]) best = entry;
        if (!best) return { price: null, name: null, uniform: true };
        min = min === null ? best[0] : Math.min(min, best[0]);
        max = max === null ? best[0] : Math.max(max, best[0]);
        return { price: best[0], name: best[1][1], uniform: bucket.size === 1 };
      }),
    );
  }
  return { cells, min, max };
}

// Viridis, reversed: pale yellow for the cheapest hour to dark purple for the dearest (readable in grey, colour-blind safe).
const STOPS: [number, number, number][] = [
  [253, 231, 37],
  [94, 201, 98],
  [33, 145, 140],
  [59, 82, 139],
  [68, 1, 84],
];

/** The cell colour of a price between min and max, and a text colour that reads on it. */
export function colourOf(price: number, min: number, max: number): { background: string; text: string } {
  const t = max > min ? (price - min) / (max - min) : 0;
  const scaled = t * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(scaled));
  const f = scaled - i;
  const [a, b] = [STOPS[i]!, STOPS[i + 1]!];
  const rgb = a.map((c, k) => Math.round(c + (b[k]! - c) * f));
  return { background: `rgb(${rgb.join(',')})`, text: t > 0.45 ? '#fff' : '#111' };
}
