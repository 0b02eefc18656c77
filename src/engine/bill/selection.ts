// Which intervals a rate applies to, and what it measures there. Seasons are decided once per local day and TOUs
// once per interval (through the compiled group's minute-of-week table and the day's holiday overrides); a rate's
// measurement over a piece of the bill reads sums made in one pass over that piece's intervals.
import { dayNumber } from '../calendar/civil-date.ts';
import { effectiveSeasonSpan, seasonContains, type BillingPeriod, type SeasonDef } from '../time/seasons.ts';
import { MINUTES_PER_DAY } from '../time/tou-periods.ts';
import type { Rate, TransactionType } from '../tariff/model.ts';
import type { Grid } from './grid.ts';
import type { GridUsage } from './usage.ts';
import type { BillInput, LookupSeries } from './types.ts';

export interface Measure {
  /** Time (ms) in the piece where the rate's season and dates apply (its TOU aside): the basis of proration. */
  activeMs: number;
  /** kWh imported, exported, within the rate's season, dates and TOU. */
  imported: number;
  exported: number;
  /** Same, over the season and dates whatever the TOU: the total that URDB-style tiers count. */
  importedAllTou: number;
  exportedAllTou: number;
  /** Highest average kW over one interval within the rate's selection, and when it started. */
  peakKw: number;
  peakAt: number | null;
}

interface SlotLayout {
  slotOfSeason: Map<number, number>;
  /** First slot of each TOU group; a TOU's slot is that plus its index in the group. */
  slotOfGroup: Map<string, number>;
  slots: number;
  /** The slots interval i counts in besides slot 0: list[start[i]] .. list[start[i + 1] - 1]. */
  start: Int32Array;
  list: Int32Array;
  /**
   * Intervals counting in the same slots form a class (a season's TOU period, say: a handful a grid): classOf[i] is
   * interval i's, classSlots[c] the slots of class c. A piece is summed per class, then each class into its slots.
   */
  classOf: Int32Array;
  classSlots: Int32Array[];
  /**
   * Runs of consecutive intervals of one class (the hours of a TOU period in a day): run r ends before interval
   * runEnd[r] (ascending). A piece is summed run by run, each run's sum added to its class.
   */
  runEnd: Int32Array;
}

interface PieceFrame {
  activeMs: number[];
  /** Start of the slot's first interval in the piece; NaN where the slot saw none. */
  firstAt: number[];
}

interface PieceTable extends Pick<SlotLayout, 'slotOfSeason' | 'slotOfGroup'> {
  activeMs: number[];
  imported: number[];
  exported: number[];
  peakKw: number[];
  /** NaN where the slot saw no interval. */
  peakAt: number[];
}

export class Selection {
  /** Per season id: 1 on the local days (grid day indexes) the season covers. */
  private readonly seasonDays = new Map<number, Uint8Array>();
  /** Per TOU group key: the TOU index of each interval (-1: none). */
  private readonly touIndex = new Map<string, Int16Array>();
  /** Whether any rate charges demand: peaks are tracked only then. */
  private readonly needsPeak: boolean;
  private readonly cache = new Map<string, Measure>();
  private readonly windowPeaks = new Map<string, { peakKw: number; peakAt: number | null }>();
  /**
   * Each piece's table, of the usage attached when `filledFor` (the attach count it was filled at) says so. A table is refilled in place
   * for the next usage, not made anew: a portfolio job's bills on a tariff each made a year's dozen tables, and their
   * arrays lived on into the next account's bills (bench/README, seventh session). Only `measure` reads a table, and
   * copies its numbers out.
   */
  private readonly tables = new Map<number, PieceTable & { filledFor: number }>();
  private attached = 0;
  /** The slots of the piece tables and of each interval; each piece's time per slot: the same for every usage. */
  private layout: SlotLayout | null = null;
  private readonly frames = new Map<number, PieceFrame>();
  /** `intervalsOf`'s answers: the same for every usage attached. */
  private readonly ownIntervals = new Map<string, Int32Array>();
  /** Usage is placed after the TOUs are known (a reading may name a TOU period), so it arrives after construction. */
  private usage: GridUsage = {
    imported: new Float64Array(0),
    exported: new Float64Array(0),
    demandReadings: [],
    spreadFlat: false,
    signed: false,
  };

  constructor(
    readonly grid: Grid,
    private readonly input: BillInput,
    /** The bills (local days, `to` exclusive) where season edges with predominance may move. */
    private readonly bills: readonly BillingPeriod[] = [],
  ) {
    const rates = [...input.versions.flatMap((v) => v.rates), ...input.extraRates];
    this.needsPeak = rates.some((r) => r.chargeType === 'DEMAND_BASED');
  }

  attach(usage: GridUsage): void {
    this.usage = usage;
    this.attached++;
    this.cache.clear();
    this.windowPeaks.clear();
  }

  /** The season a rate is limited to: its own, else that of its TOU (a TOU belongs to one season of its group). */
  private seasonOf(rate: Pick<Rate, 'seasonId' | 'touId'>): number | null {
    if (rate.seasonId !== null) return rate.seasonId;
    const tou = rate.touId === null ? undefined : this.input.tous.get(rate.touId);
    return tou ? (this.input.touGroups.get(tou.groupKey)!.tous[tou.index]!.seasonId ?? null) : null;
  }

  /** A season the rates or their TOU groups name (undefined: the data does not hold it). */
  seasonDef(seasonId: number): SeasonDef | undefined {
    return (
      this.input.seasons.get(seasonId) ??
      [...this.input.touGroups.values()].flatMap((g) => g.seasons).find((x) => x.seasonId === seasonId)
    );
  }

  private daysOf(seasonId: number): Uint8Array {
    let flags = this.seasonDays.get(seasonId);
    if (flags) return flags;
    const season = this.seasonDef(seasonId);
    flags = new Uint8Array(this.grid.days.length);
    // A season the data does not hold never applies.
    if (season && !season.fromEdgePredominance && !season.toEdgePredominance) {
      this.grid.days.forEach((d, k) => {
        flags![k] = seasonContains(season, d.date) ? 1 : 0;
      });
    } else if (season) {
      // Edge predominance moves an edge that falls inside a bill to that bill's start or end: mark the moved spans.
      const first = this.grid.days[0]!.date.year - 1;
      const last = this.grid.days.at(-1)!.date.year;
      const spans: [number, number][] = [];
      for (let y = first; y <= last; y++) {
        const span = effectiveSeasonSpan(season, y, this.bills);
        spans.push([dayNumber(span.start), dayNumber(span.end)]);
      }
      this.grid.days.forEach((d, k) => {
        flags![k] = spans.some(([a, b]) => d.dayNumber >= a && d.dayNumber < b) ? 1 : 0;
      });
    }
    this.seasonDays.set(seasonId, flags);
    return flags;
  }

  /** The TOU index of each interval in the group. */
  touIndexOf(groupKey: string): Int16Array {
    let index = this.touIndex.get(groupKey);
    if (index) return index;
    const group = this.input.touGroups.get(groupKey)!;
    const { grid } = this;
    index = new Int16Array(grid.n).fill(-1);
    // Per day: the week table of the day's season and the overrides of the holiday calendars it falls on.
    const weekOf = grid.days.map((d) => {
      const season = group.seasons.length
        ? (group.seasons.find((s) => seasonContains(s, d.date))?.seasonId ?? 'none')
        : 'none';
      const overrides: Int32Array[] = [];
      if (group.calendarIds.size)
        for (const c of this.input.calendarsOn(d.date)) {
          const o = group.overrides.get(`${c}:${season}`);
          if (o) overrides.push(o);
        }
      return { week: group.weekBySeason.get(season), offset: d.weekday * MINUTES_PER_DAY, overrides };
    });
    for (let i = 0; i < grid.n; i++) {
      const w = weekOf[grid.day[i]!]!;
      const m = grid.minute[i]!;
      let t = w.week ? w.week[w.offset + m]! : -1;
      for (const o of w.overrides) if (o[m]! >= 0) t = o[m]!;
      index[i] = t;
    }
    this.touIndex.set(groupKey, index);
    return index;
  }

  /** The TOU type of interval i under the group (null outside any TOU). */
  touTypeAt(groupKey: string, i: number): string | null {
    const t = this.touIndexOf(groupKey)[i]!;
    return t < 0 ? null : (this.input.touGroups.get(groupKey)!.tous[t]!.touType ?? null);
  }

  /**
   * The intervals in [i0, i1) inside the rate's season, dates and TOU, less `base` (a billing period's first interval).
   * Kept for the grid's life: the optimiser's tariff costs (storage) read them for every rate of every year it bills.
   */
  intervalsOf(
    rate: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>,
    i0: number,
    i1: number,
    base: number,
  ): Int32Array {
    const key = `${rate.seasonId}|${rate.touId}|${rate.from}|${rate.to}|${i0}|${i1}|${base}`;
    let own = this.ownIntervals.get(key);
    if (!own) {
      const match = this.matcher(rate);
      const found: number[] = [];
      for (let i = i0; i < i1; i++) if (match.season(i) && match.tou(i)) found.push(i - base);
      own = Int32Array.from(found);
      this.ownIntervals.set(key, own);
    }
    return own;
  }

  /** Whether interval i is inside the rate's season, dates and (when `withTou`) TOU. */
  matcher(rate: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>): {
    season: (i: number) => boolean;
    tou: (i: number) => boolean;
  } {
    const { grid } = this;
    const season = this.seasonOf(rate);
    const days = season === null ? null : this.daysOf(season);
    const from = rate.from ?? -Infinity;
    const to = rate.to ?? Infinity;
    const tou = rate.touId === null ? null : this.input.tous.get(rate.touId);
    const index = tou ? this.touIndexOf(tou.groupKey) : null;
    return {
      season: (i) => (days === null || days[grid.day[i]!] === 1) && grid.bounds[i]! >= from && grid.bounds[i]! < to,
      tou: (i) => rate.touId === null || (index !== null && index[i] === tou!.index),
    };
  }

  /**
   * What a rate measures over a piece. Rates limited only by season and TOU (nearly all) read one table per piece,
   * built in a single pass over its intervals; a rate whose own dates cut the piece is measured by its own pass.
   */
  measure(rate: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>, i0: number, i1: number): Measure {
    const cuts =
      (rate.from !== null && rate.from > this.grid.bounds[i0]!) ||
      (rate.to !== null && rate.to < this.grid.bounds[i1]!);
    if (cuts) return this.measureByPass(rate, i0, i1);
    const table = this.pieceTable(i0, i1);
    const season = this.seasonOf(rate);
    const whole = season === null ? 0 : (table.slotOfSeason.get(season) ?? -1);
    // A season the data does not hold never applies.
    if (whole < 0)
      return { activeMs: 0, imported: 0, exported: 0, importedAllTou: 0, exportedAllTou: 0, peakKw: 0, peakAt: null };
    const tou = rate.touId === null ? undefined : this.input.tous.get(rate.touId);
    if (rate.touId !== null && !tou)
      return {
        activeMs: table.activeMs[whole]!,
        imported: 0,
        exported: 0,
        importedAllTou: table.imported[whole]!,
        exportedAllTou: table.exported[whole]!,
        peakKw: 0,
        peakAt: null,
      };
    const own = tou ? table.slotOfGroup.get(tou.groupKey)! + tou.index : whole;
    return {
      activeMs: table.activeMs[whole]!,
      imported: table.imported[own]!,
      exported: table.exported[own]!,
      importedAllTou: table.imported[whole]!,
      exportedAllTou: table.exported[whole]!,
      peakKw: table.peakKw[own]!,
      peakAt: Number.isNaN(table.peakAt[own]!) ? null : table.peakAt[own]!,
    };
  }

  /**
   * The slots every piece table has (slot 0 all time, then one per season, then one per TOU of each group) and the
   * slots each interval counts in besides slot 0: its day's seasons, then its TOU period in each group. Made once
   * per grid.
   */
  private slotLayout(): SlotLayout {
    if (this.layout) return this.layout;
    const seasonIds = [
      ...new Set([
        ...this.input.seasons.keys(),
        ...[...this.input.touGroups.values()].flatMap((g) =>
          g.tous.map((t) => t.seasonId).filter((x): x is number => x !== null),
        ),
      ]),
    ];
    const slotOfSeason = new Map(seasonIds.map((id, k) => [id, 1 + k]));
    const slotOfGroup = new Map<string, number>();
    let slots = 1 + seasonIds.length;
    const groupSizes: number[] = [];
    for (const [groupKey, g] of this.input.touGroups) {
      slotOfGroup.set(groupKey, slots);
      slots += g.tous.length;
      groupSizes.push(g.tous.length);
    }
    const seasonFlags = seasonIds.map((id) => this.daysOf(id));
    const groupIndexes = [...slotOfGroup.keys()].map((groupKey) => this.touIndexOf(groupKey));
    const groupFirst = [...slotOfGroup.values()];
    const { n, day } = this.grid;
    const start = new Int32Array(n + 1);
    // Every interval counts in slot 0 (not listed), then in at most every season and one TOU per group.
    let list = new Int32Array(n * (seasonIds.length + groupIndexes.length));
    let count = 0;
    // Classes and runs as the lists are written. An interval's slots are its day's seasons and its TOU in each group:
    // coded as one number (the day's season pattern, then each group's TOU), exact while the radix stays in a
    // double's integers (else by the list's text). An interval of the code before is of its class and run; another
    // code begins a run, its class found by the code (a few thousand times a year of hours, whatever the step).
    const classOf = new Int32Array(n);
    const classSlots: Int32Array[] = [];
    const classByCode = new Map<number | string, number>();
    const ends: number[] = [];
    const radix = groupSizes.reduce((r, size) => r * (size + 1), 2 ** seasonIds.length);
    const numeric = radix <= Number.MAX_SAFE_INTEGER;
    let previous: number | string = -1;
    for (let i = 0; i < n; i++) {
      const first = count;
      start[i] = first;
      const d = day[i]!;
      for (let k = 0; k < seasonIds.length; k++) if (seasonFlags[k]![d] === 1) list[count++] = 1 + k;
      for (let g = 0; g < groupIndexes.length; g++) {
        const tou = groupIndexes[g]![i]!;
        if (tou >= 0) list[count++] = groupFirst[g]! + tou;
      }
      // Peaks are summed interval by interval (pieceTable): no classes are made for them.
      if (this.needsPeak) continue;
      let code = 0;
      for (let k = 0; k < seasonIds.length; k++) if (seasonFlags[k]![d] === 1) code += 2 ** k;
      for (let g = 0; g < groupIndexes.length; g++) code = code * (groupSizes[g]! + 1) + groupIndexes[g]![i]! + 1;
      const key = numeric ? code : list.subarray(first, count).join(',');
      if (key === previous) {
        classOf[i] = classOf[i - 1]!;
        continue;
      }
      if (i > 0) ends.push(i);
      previous = key;
      let c = classByCode.get(key);
      if (c === undefined) {
        c = classSlots.length;
        classByCode.set(key, c);
        classSlots.push(list.slice(first, count));
      }
      classOf[i] = c;
    }
    start[n] = count;
    list = list.subarray(0, count);
    if (n > 0) ends.push(n);
    const runEnd = Int32Array.from(ends);
    this.layout = { slotOfSeason, slotOfGroup, slots, start, list, classOf, classSlots, runEnd };
    return this.layout;
  }

  /**
   * Typed scratch sums (a piece's frame; its table's sums per class, or per slot with peaks), zeroed: each user is
   * done with them, or has copied them out, before the next takes them.
   */
  private readonly scratches: Float64Array[] = [];
  private scratch(k: number, length: number): Float64Array {
    // One buffer a use, grown as needed: a frame and the sums per class (another length) take turns on a fresh grid.
    let s = this.scratches[k];
    if (!s || s.length < length) this.scratches[k] = s = new Float64Array(length);
    const out = s.subarray(0, length);
    out.fill(0);
    return out;
  }

  /** What a piece's table holds whatever the usage: each slot's time, and its first interval's start. */
  private pieceFrame(i0: number, i1: number, key: number): PieceFrame {
    const known = this.frames.get(key);
    if (known) return known;
    const { slots, start, list } = this.slotLayout();
    // Summed in typed scratch arrays (a hot loop over every interval's slots), then copied out.
    const activeMs = this.scratch(0, slots);
    const firstAt = this.scratch(1, slots).fill(Number.NaN);
    const { bounds } = this.grid;
    if (i1 > i0) firstAt[0] = bounds[i0]!;
    for (let i = i0; i < i1; i++) {
      const at = bounds[i]!;
      const dt = bounds[i + 1]! - at;
      activeMs[0]! += dt;
      for (let c = start[i]!, end = start[i + 1]!; c < end; c++) {
        const slot = list[c]!;
        if (Number.isNaN(firstAt[slot]!)) firstAt[slot] = at;
        activeMs[slot]! += dt;
      }
    }
    const frame = { activeMs: Array.from(activeMs), firstAt: Array.from(firstAt) };
    this.frames.set(key, frame);
    return frame;
  }

  /**
   * Sums per slot over the piece (slotLayout). The hot loop of the engine, once per piece and usage: array
   * arithmetic only, the time and the slots of each interval known from the grid.
   */
  private pieceTable(i0: number, i1: number): PieceTable {
    // A piece by its bounds as one number (a string key was made on each of a bill's ~90 reads of its tables).
    const key = i0 * (this.grid.n + 1) + i1;
    let t = this.tables.get(key);
    if (t?.filledFor === this.attached) return t;
    const { slotOfSeason, slotOfGroup, slots, start, list } = this.slotLayout();
    const frame = this.pieceFrame(i0, i1, key);
    if (!t) {
      // Without demand charges a table's peaks are 0 kW "at" each slot's first interval (as a pass over zero kW would
      // find them): the same for every usage.
      t = {
        slotOfSeason,
        slotOfGroup,
        activeMs: frame.activeMs,
        imported: new Array<number>(slots).fill(0),
        exported: new Array<number>(slots).fill(0),
        peakKw: new Array<number>(slots).fill(0),
        peakAt: this.needsPeak ? new Array<number>(slots).fill(Number.NaN) : frame.firstAt,
        filledFor: this.attached,
      };
      this.tables.set(key, t);
    } else {
      t.imported.fill(0);
      t.exported.fill(0);
      t.filledFor = this.attached;
    }
    const { imported: imp, exported: exp } = t;
    const { imported, exported } = this.usage;
    if (this.needsPeak) {
      // Summed in typed scratch arrays (a hot loop over every interval's slots), then copied out.
      const sumIn = this.scratch(0, slots);
      const sumOut = this.scratch(1, slots);
      const most = this.scratch(2, slots).fill(-Infinity);
      const mostAt = this.scratch(3, slots).fill(Number.NaN);
      const { bounds } = this.grid;
      for (let i = i0; i < i1; i++) {
        const at = bounds[i]!;
        const a = imported[i]!;
        const b = exported[i]!;
        const kw = (a * 3_600_000) / (bounds[i + 1]! - at);
        sumIn[0]! += a;
        sumOut[0]! += b;
        if (kw > most[0]!) {
          most[0] = kw;
          mostAt[0] = at;
        }
        for (let c = start[i]!, end = start[i + 1]!; c < end; c++) {
          const slot = list[c]!;
          sumIn[slot]! += a;
          sumOut[slot]! += b;
          if (kw > most[slot]!) {
            most[slot] = kw;
            mostAt[slot] = at;
          }
        }
      }
      for (let slot = 0; slot < slots; slot++) {
        imp[slot] = sumIn[slot]!;
        exp[slot] = sumOut[slot]!;
        t.peakKw[slot] = most[slot] === -Infinity ? 0 : most[slot]!;
        t.peakAt[slot] = mostAt[slot]!;
      }
    } else {
      // Sums per run of intervals of one class in registers, each run's into its class and the piece's total, then
      // each class's into its slots: a few additions per run and per class besides one per interval and flow.
      const { classOf, classSlots, runEnd } = this.slotLayout();
      const classImp = this.scratch(0, classSlots.length);
      const classExp = this.scratch(1, classSlots.length);
      let all = 0;
      let allOut = 0;
      for (let i = i0, r = firstEndPast(runEnd, i0); i < i1; r++) {
        const end = Math.min(runEnd[r]!, i1);
        const c = classOf[i]!;
        let a = 0;
        let b = 0;
        for (; i < end; i++) {
          a += imported[i]!;
          b += exported[i]!;
        }
        classImp[c]! += a;
        classExp[c]! += b;
        all += a;
        allOut += b;
      }
      for (let c = 0; c < classSlots.length; c++) {
        const a = classImp[c]!;
        const b = classExp[c]!;
        for (const slot of classSlots[c]!) {
          imp[slot]! += a;
          exp[slot]! += b;
        }
      }
      imp[0] = all;
      exp[0] = allOut;
    }
    return t;
  }

  /** One pass over the piece for a rate whose own dates cut it. */
  private measureByPass(rate: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>, i0: number, i1: number): Measure {
    const key = `${rate.seasonId}|${rate.touId}|${rate.from}|${rate.to}|${i0}|${i1}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const { grid } = this;
    const { imported, exported } = this.usage;
    const match = this.matcher(rate);
    const m: Measure = {
      activeMs: 0,
      imported: 0,
      exported: 0,
      importedAllTou: 0,
      exportedAllTou: 0,
      peakKw: 0,
      peakAt: null,
    };
    for (let i = i0; i < i1; i++) {
      if (!match.season(i)) continue;
      const t = grid.bounds[i]!;
      m.activeMs += grid.bounds[i + 1]! - t;
      m.importedAllTou += imported[i]!;
      m.exportedAllTou += exported[i]!;
      if (!match.tou(i)) continue;
      m.imported += imported[i]!;
      m.exported += exported[i]!;
      const kw = (imported[i]! * 3_600_000) / (grid.bounds[i + 1]! - t);
      if (m.peakAt === null || kw > m.peakKw) {
        m.peakKw = kw;
        m.peakAt = t;
      }
    }
    this.cache.set(key, m);
    return m;
  }

  /**
   * The highest demand (kW) over clock intervals of `minutes` (local minute of day, from midnight) in the rate's
   * selection: the kWh of each such interval over its whole length, as a meter with that demand interval reads it.
   * Data coarser than the interval gives each of its own intervals' average (the caller says so).
   */
  windowPeak(
    rate: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>,
    i0: number,
    i1: number,
    minutes: number,
  ): { peakKw: number; peakAt: number | null } {
    const key = `w${minutes}|${rate.seasonId}|${rate.touId}|${rate.from}|${rate.to}|${i0}|${i1}`;
    const hit = this.windowPeaks.get(key);
    if (hit) return hit;
    const { grid } = this;
    const { imported } = this.usage;
    const match = this.matcher(rate);
    const hours = minutes / 60;
    let peakKw = 0;
    let peakAt: number | null = null;
    let window = -1;
    let start = 0;
    let kWh = 0;
    let span = 0;
    const close = () => {
      // An interval longer than the window (coarse data) is its own window.
      const kw = kWh / Math.max(hours, span / 3_600_000);
      if (peakAt === null || kw > peakKw) {
        peakKw = kw;
        peakAt = start;
      }
    };
    for (let i = i0; i < i1; i++) {
      if (!match.season(i) || !match.tou(i)) continue;
      const w = grid.day[i]! * 1440 + Math.floor(grid.minute[i]! / minutes);
      const dt = grid.bounds[i + 1]! - grid.bounds[i]!;
      // Intervals arrive in time order: a new window starts when the local window number changes, when the window is
      // full (the repeated hour of a DST fall-back day has the same numbers twice) or when the selection skips time.
      if (w !== window || grid.bounds[i]! !== start + span || span >= minutes * 60_000) {
        if (window >= 0) close();
        window = w;
        start = grid.bounds[i]!;
        kWh = 0;
        span = 0;
      }
      kWh += imported[i]!;
      span += dt;
    }
    if (window >= 0) close();
    const peak = { peakKw, peakAt };
    this.windowPeaks.set(key, peak);
    return peak;
  }

  /**
   * The lookup's value averaged over the rate's intervals in the piece, weighted by the quantity of each interval
   * (kWh for energy, time otherwise), and the share of that weight no lookup value covered.
   */
  lookupAverage(
    series: LookupSeries | undefined,
    rate: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>,
    i0: number,
    i1: number,
    byEnergy: TransactionType | 'TIME',
  ): { value: number; uncovered: number } {
    const { bounds } = this.grid;
    const sell = byEnergy === 'SELL' || byEnergy === 'SELL_EXPORT';
    const energy = byEnergy === 'TIME' ? null : sell ? this.usage.exported : this.usage.imported;
    // No energy of the kind in the rate's intervals (a customer who sends nothing out, for an export price): no
    // weight. The measure sums a superset of those intervals (a TOU's, whatever the rate's season).
    if (energy && !this.usage.signed) {
      const m = this.measure(rate, i0, i1);
      if ((sell ? m.exported : m.imported) === 0) return { value: 0, uncovered: 0 };
    }
    let weight = 0;
    let covered = 0;
    let sum = 0;
    // The series from the first value not ended by the piece's start (a year's bill of a 20-year series of hourly
    // prices no longer walks the years before it on every piece).
    let k = series && i0 < i1 ? firstNotEndedBy(series, bounds[i0]!) : 0;
    const values = series?.from.length ?? 0;
    // The rate's own intervals, in order (kept for the grid's life: a job bills thousands of usages on one grid).
    const own = this.intervalsOf(rate, i0, i1, 0);
    for (let j = 0; j < own.length; j++) {
      const i = own[j]!;
      const w = energy === null ? bounds[i + 1]! - bounds[i]! : energy[i]!;
      // An interval of no weight adds nothing (an hour that sends nothing out, for an export price).
      if (w === 0) continue;
      weight += w;
      if (!series) continue;
      const t = bounds[i]!;
      while (k < values && series.to[k]! <= t) k++;
      if (k < values && series.from[k]! <= t) {
        covered += w;
        sum += w * series.value[k]!;
      }
    }
    if (weight === 0) return { value: 0, uncovered: 0 };
    // Time without a value counts as 0 (and is reported as an assumption by the caller).
    return { value: sum / weight, uncovered: (weight - covered) / weight };
  }
}

/** The first index of ascending `ends` past `t` (by bisection): the run holding an interval, a lookup's value. */
function firstEndPast(ends: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether each value of a series ends no earlier than the one before (so its ends can be searched), per series. */
const endsInOrder = new WeakMap<LookupSeries, boolean>();

/**
 * The first index whose value ends after `t`: where a scan from the start that skips values ended by `t` stops. By
 * bisection when the series' ends are in order (they are, as lookups are stored); by that scan otherwise.
 */
function firstNotEndedBy(series: LookupSeries, t: number): number {
  const { to } = series;
  let ordered = endsInOrder.get(series);
  if (ordered === undefined) {
    ordered = true;
    for (let k = 1; k < to.length && ordered; k++) ordered = to[k]! >= to[k - 1]!;
    endsInOrder.set(series, ordered);
  }
  if (!ordered) {
    let k = 0;
    while (k < to.length && to[k]! <= t) k++;
    return k;
  }
  return firstEndPast(to, t);
}
