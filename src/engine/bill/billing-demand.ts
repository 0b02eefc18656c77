// The demand (kW) a demand rate bills in a piece of a bill. The plain `demand` key bills the peak measured in the
// rate's hours (or the caller's demand reading). A key with a demand interval measures that peak over clock
// intervals of its length (15-minute demand from 5-minute data). A ratchet key (a DEMAND key with a lookback) bills
// the greater of the peak and its factor times the highest demand of the current and its lookback billing periods:
// periods inside the calculation count their measured peaks, earlier ones the demand readings the caller dated before
// the range. Any other key (the demand coincident with the system peak, ...) bills the caller's value of it; without
// one, the rate's own peak stands in as its upper bound, and the bill says so.
import { fromDayNumber } from '../calendar/civil-date.ts';
import type { BillingPeriodSpan } from '../time/billing-months.ts';
import type { LocalClock } from '../time/local-clock.ts';
import { seasonContains } from '../time/seasons.ts';
import type { Rate } from '../tariff/model.ts';
import type { Assume } from './assumptions.ts';
import type { Piece } from './piece.ts';
import { intervalAt, type Grid } from './grid.ts';
import type { Selection } from './selection.ts';
import { BillInputError, type BillInput, type DemandKey, type DemandLookback, type UsageReading } from './types.ts';

const DAY = 86_400_000;

export interface BilledDemand {
  kw: number;
  /** Start of the interval that set it (null when a reading or the caller's value did). */
  at: number | null;
}

interface Context {
  input: BillInput;
  grid: Grid;
  selection: Selection;
  clock: LocalClock;
  periods: readonly BillingPeriodSpan[];
  /** Local start (day number, minute) of the k-th billing period; negative k before the range. */
  periodStart: (k: number) => { day: number; minute: number };
  demandReadings: readonly UsageReading[];
  assume: Assume;
  touTypeOf: (rate: Pick<Rate, 'touId'>) => string | null;
}

/** The most billing periods a lookback may count, and so how far before a calculation its clock must reach. */
export const MAX_LOOKBACK_PERIODS = 36;

/** A demand interval the engine measures: whole minutes that divide a day (5, 15, 30, 60, ...). */
export const isDemandInterval = (minutes: number | null): minutes is number =>
  minutes !== null && Number.isInteger(minutes) && minutes > 0 && 1440 % minutes === 0;

/** Whether a demand key is one the caller gives (no lookback, no demand interval; or no stored key at all). */
export const isGivenDemand = (key: DemandKey | undefined): boolean =>
  key === undefined || (key.lookback === null && key.intervalMinutes === null);

/** A given demand's value in kW: a number, 0 or more; null when the text is not one. */
export function givenDemandKw(text: string): number | null {
  const kw = Number(text);
  return text.trim() !== '' && Number.isFinite(kw) && kw >= 0 ? kw : null;
}

/** A quantity key that names a demand of its own (not the measured peak `demand`). */
export const ownDemandKey = (rate: Pick<Rate, 'chargeType' | 'quantityKey'>): string | null =>
  rate.chargeType === 'DEMAND_BASED' && rate.quantityKey !== null && rate.quantityKey !== 'demand'
    ? rate.quantityKey
    : null;

/** Whether a demand reading speaks for hours of a TOU type (one without a period speaks for every hour). */
const speaksFor = (r: UsageReading, touType: string | null) => r.period === null || r.period === touType;

/** The highest demand reading over [from, to) that speaks for the TOU type, or null when none does. */
export function highestReading(
  readings: readonly UsageReading[],
  from: number,
  to: number,
  touType: string | null,
): number | null {
  let best: number | null = null;
  for (const r of readings)
    if (r.from < to && r.to > from && speaksFor(r, touType)) best = Math.max(best ?? 0, r.value);
  return best;
}

/** The demand a rate bills in a piece, from its peak measured on the grid and the caller's reading for the piece. */
export function billingDemand(
  c: Context,
): (rate: Rate, piece: Piece, measured: BilledDemand, reading: number | null) => BilledDemand {
  const peaks = new Map<string, BilledDemand>();
  const checked = new Set<string>();

  /** The peak over the key's demand interval, or over each interval of the grid. */
  const peakIn = (
    key: DemandKey,
    selection: Pick<Rate, 'seasonId' | 'touId' | 'from' | 'to'>,
    i0: number,
    i1: number,
  ): BilledDemand => {
    const m =
      key.intervalMinutes === null
        ? c.selection.measure(selection, i0, i1)
        : c.selection.windowPeak(selection, i0, i1, key.intervalMinutes);
    return { kw: m.peakKw, at: m.peakAt };
  };

  /** The highest demand of billing period q of the calculation within the lookback's season and TOU. */
  const periodPeak = (key: DemandKey, lookback: DemandLookback, q: number): BilledDemand => {
    const memo = `${key.keyName}|${q}`;
    const known = peaks.get(memo);
    if (known) return known;
    const p = c.periods[q]!;
    // A demand reading for the period replaces its measured peak, as it does for the period's own demand charges.
    const reading = highestReading(c.demandReadings, p.from, p.to, c.touTypeOf(lookback));
    const best =
      reading !== null
        ? { kw: reading, at: null }
        : peakIn(
            key,
            { seasonId: lookback.seasonId, touId: lookback.touId, from: null, to: null },
            intervalAt(c.grid, p.from),
            intervalAt(c.grid, p.to),
          );
    peaks.set(memo, best);
    return best;
  };

  /** Whether a local day is one whose demand the lookback counts. */
  const inSeason = (lookback: DemandLookback, dayNumber: number) => {
    if (lookback.seasonId === null) return true;
    const season = c.selection.seasonDef(lookback.seasonId);
    return season !== undefined && seasonContains(season, fromDayNumber(dayNumber));
  };

  /** Demand given for the time before the calculation that the lookback of period `k` reaches. */
  const history = (key: DemandKey, lookback: DemandLookback, k: number): number | null => {
    const s = c.periodStart(k - lookback.periods);
    const start = c.clock.instantOf(s.day, s.minute);
    if (start >= c.input.from) return null;
    const touType = c.touTypeOf(lookback);
    let best: number | null = null;
    for (const r of c.demandReadings) {
      if (r.from >= c.input.from || r.to <= start || !speaksFor(r, touType)) continue;
      const firstDay = c.clock.dayOf(Math.max(r.from, start));
      const lastDay = c.clock.dayOf(Math.min(r.to, c.input.from) - 1);
      let counted = false;
      for (let d = firstDay; d <= lastDay && !counted; d++) counted = inSeason(lookback, d);
      if (counted) best = Math.max(best ?? 0, r.value);
    }
    if (!checked.has(key.keyName)) {
      checked.add(key.keyName);
      // The first period's lookback reaches furthest back: say once how much of it has no demand given.
      let missing = 0;
      for (let d = c.clock.dayOf(start); d < c.clock.dayOf(c.input.from); d++) {
        if (!inSeason(lookback, d)) continue;
        const dayStart = c.clock.startOfDay(d);
        if (highestReading(c.demandReadings, dayStart, Math.min(dayStart + DAY, c.input.from), touType) === null)
          missing++;
      }
      if (missing > 0) {
        const date = fromDayNumber(c.clock.dayOf(start));
        const since = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
        c.assume({
          keyName: key.keyName,
          dataValue: null,
          description: `Its lookback reaches back to ${since}; no demand was given for ${missing} of its days before the calculation (demand readings dated before fromDateTime): the ratchet counts only the demand given`,
          fromDateTime: start,
          toDateTime: c.input.from,
          accuracy: 75,
        });
      }
    }
    return best;
  };

  return (rate, piece, measured, reading) => {
    // The peak on the grid, unless the caller's reading for the piece replaces it.
    const onGrid = reading === null ? measured : { kw: reading, at: null };
    const keyName = ownDemandKey(rate);
    if (keyName === null) return onGrid;
    const stored = c.input.demandKeys.get(keyName);
    if (isGivenDemand(stored)) {
      const given = c.input.properties.get(keyName);
      if (given !== undefined) {
        const kw = givenDemandKw(given);
        if (kw === null)
          throw new BillInputError(
            'propertyInputs',
            `${keyName} is a demand: its dataValue must be a number of kW, 0 or more`,
          );
        return { kw, at: null };
      }
      c.assume({
        keyName,
        dataValue: null,
        description:
          'Not given: the highest demand in the hours the rate applies is used, an upper bound of this demand',
        fromDateTime: null,
        toDateTime: null,
        accuracy: 50,
      });
      return onGrid;
    }
    const key = stored!;
    const lookback = key.lookback;
    let own = onGrid;
    if (reading === null && key.intervalMinutes !== null) {
      own = peakIn(key, rate, piece.i0, piece.i1);
      if (c.grid.step > key.intervalMinutes * 60_000) {
        c.assume({
          keyName,
          dataValue: null,
          description: `Demand is measured over ${key.intervalMinutes}-minute intervals but the data's intervals are ${c.grid.step / 60_000} minutes long: the peak may be understated`,
          fromDateTime: null,
          toDateTime: null,
          accuracy: 75,
        });
      }
    }
    if (lookback === null) return own;
    // The current period and the lookback periods before it: inside the range their peaks, before it the readings.
    let peak: BilledDemand = periodPeak(key, lookback, piece.period);
    for (let q = Math.max(0, piece.period - lookback.periods); q < piece.period; q++) {
      const p = periodPeak(key, lookback, q);
      if (p.kw > peak.kw) peak = p;
    }
    const earlier = history(key, lookback, piece.period);
    if (earlier !== null && earlier > peak.kw) peak = { kw: earlier, at: null };
    const floor = lookback.factor * peak.kw;
    return floor > own.kw ? { kw: floor, at: peak.at } : own;
  };
}
