// A tariff made ready for a time grid: every part of a bill that depends on the range, the tariff's versions and time
// data and the grid's step, but not on the usage. The local clock, the interval grid, the billing periods, their
// pieces under each version, and which season, TOU period and holiday every interval falls in (kept by the
// Selection across bills). calculateBill prepares one for every bill it is not given; a caller billing many usages
// on one tariff and range (the savings analysis: 20 designs x 20 years of degraded output) prepares it once, so each
// bill is only its usage: netting each interval and summing into the periods already known.
import { fromDayNumber } from '../calendar/civil-date.ts';
import { billingPeriods, billingPeriodStart, type BillingPeriodSpan } from '../time/billing-months.ts';
import { localClock, type LocalClock } from '../time/local-clock.ts';
import { MAX_LOOKBACK_PERIODS } from './billing-demand.ts';
import { buildGrid, intervalAt, type Grid } from './grid.ts';
import type { Piece } from './piece.ts';
import { Selection } from './selection.ts';
import { BillInputError, type BillInput } from './types.ts';
import { coverRange, type Stretch } from './version-cover.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The finest grid is one minute; a year of 15-minute data is 35,040 intervals. */
const MIN_STEP = 60_000;

/** The parts of a bill's input a prepared grid was made from: a bill on it must share them (the same objects). */
const SHARED = [
  'from',
  'to',
  'zone',
  'versions',
  'versionFixed',
  'seasons',
  'touGroups',
  'tous',
  'calendarsOn',
  'demandKeys',
  'extraRates',
] as const;

export interface PreparedGrid {
  /** The input it was prepared from, its versions stretched over the range (what the Selection reads). */
  readonly input: BillInput;
  readonly given: Pick<BillInput, (typeof SHARED)[number]> & { billingPeriod: boolean };
  readonly stretches: readonly Stretch[];
  readonly clock: LocalClock;
  readonly grid: Grid;
  readonly periods: readonly BillingPeriodSpan[];
  readonly periodStart: ReturnType<typeof billingPeriodStart>;
  /** The pieces of each billing period. */
  readonly pieces: readonly (readonly Piece[])[];
  /** Seasons, TOU periods and holidays of each interval; usage is attached to it per bill. */
  readonly selection: Selection;
}

function gridStep(input: Pick<BillInput, 'series'>): number {
  let step = HOUR;
  for (const s of input.series) step = Math.min(step, s.duration);
  return Math.max(MIN_STEP, step);
}

/** The pieces of each billing period: cut where one tariff version ends and the next begins. */
function piecesOf(input: BillInput, grid: Grid, periods: readonly BillingPeriodSpan[]): Piece[][] {
  let first = true;
  return periods.map((p, period) => {
    const out: Piece[] = [];
    const versions = input.versionFixed
      ? input.versions
      : input.versions.filter((v) => v.from < p.to && (v.to === null || v.to > p.from));
    for (const version of versions) {
      const from = input.versionFixed ? p.from : Math.max(p.from, version.from);
      const to = input.versionFixed ? p.to : Math.min(p.to, version.to ?? Infinity);
      if (to <= from) continue;
      out.push({
        period,
        from,
        to,
        i0: intervalAt(grid, from),
        i1: intervalAt(grid, to),
        version,
        periodMs: p.end - p.start,
        periodDays: p.days,
        first,
      });
      first = false;
    }
    return out;
  });
}

/** The grid of `given`'s range, tariff and time data, at the step its usage series need. */
export function prepareGrid(given: BillInput): PreparedGrid {
  if (!(given.to > given.from)) throw new BillInputError('toDateTime', 'toDateTime must be after fromDateTime');
  if (given.versions.length === 0)
    throw new BillInputError('masterTariffId', 'No version of the tariff is in effect in the range');
  const cover = given.versionFixed
    ? { versions: [...given.versions], stretches: [] }
    : coverRange(given.versions, given.from, given.to);
  const input: BillInput = { ...given, versions: cover.versions };
  // The clock reaches back as far as a demand lookback may (its periods before the range are read in local time).
  const lookbackPeriods = Math.max(
    0,
    ...[...input.demandKeys.values()].map((k) => Math.min(k.lookback?.periods ?? 0, MAX_LOOKBACK_PERIODS)),
  );
  const clock = localClock(
    input.zone,
    lookbackPeriods ? input.from - (lookbackPeriods + 1) * 31 * DAY : input.from,
    input.to,
  );
  const grid = buildGrid(input.from, input.to, gridStep(input), clock);
  const periods = billingPeriods(input.from, input.to, clock, input.options.billingPeriod);
  const bills = periods.map((p) => ({
    from: fromDayNumber(clock.dayOf(p.start)),
    to: fromDayNumber(clock.dayOf(p.end)),
  }));
  const shared = Object.fromEntries(SHARED.map((k) => [k, given[k]])) as Pick<BillInput, (typeof SHARED)[number]>;
  return {
    input,
    given: { ...shared, billingPeriod: given.options.billingPeriod },
    stretches: cover.stretches,
    clock,
    grid,
    periods,
    periodStart: billingPeriodStart(input.from, clock, input.options.billingPeriod),
    pieces: piecesOf(input, grid, periods),
    selection: new Selection(grid, input, bills),
  };
}

/**
 * Whether a bill of `input` may run on `prepared`: the same range, tariff versions, time data, rate inputs and
 * billing periods (the same objects, not equal copies: one tariff read once), and a grid step its usage fits.
 */
export function fitsGrid(prepared: PreparedGrid, input: BillInput): boolean {
  return (
    SHARED.every((k) => prepared.given[k] === input[k]) &&
    prepared.given.billingPeriod === input.options.billingPeriod &&
    gridStep(input) === prepared.grid.step
  );
}
