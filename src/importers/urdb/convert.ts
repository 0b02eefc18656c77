// One OpenEI URDB record (v7 or v8) in Ratebook's model, with URDB's semantics kept: tiers count the month's total
// kWh across TOU periods (tierScope TOTAL), flat and TOU demand add up, coincident demand bills the demand at the
// system peak (key coincidentDemand), a lookback ratchets the flat demand, fixed charges per month or day, monthly and
// annual minimums. Months whose schedules and flat-demand period are the same form a season (one per contiguous run of
// months); within a season each schedule period becomes a TOU of weekday and weekend hour windows, in one TOU group
// per schedule (energy, demand, coincident). What the model cannot hold faithfully is a reason to skip, never a guess.
import { createHash } from 'node:crypto';
import { isDemandInterval, MAX_LOOKBACK_PERIODS } from '../../engine/bill/billing-demand.ts';
import type { TouPeriod } from '../../engine/time/tou-periods.ts';
import type { ExportArrangement } from '../../engine/tariff/model.ts';
import { urdbEffectiveDate, urdbEndDate } from './urdb-dates.ts';

export interface ConvertOptions {
  /** For records without a start date: the local date their figures took effect. */
  effectiveDate?: string;
}

export interface ConvertedRate {
  group: string;
  name: string;
  chargeType: 'FIXED_PRICE' | 'CONSUMPTION_BASED' | 'DEMAND_BASED' | 'MINIMUM';
  chargePeriod: 'MONTHLY' | 'DAILY' | 'ANNUALLY';
  seasonRef: number | null;
  touRef: string | null;
  tierScope: 'TOTAL' | null;
  /**
   * The demand a demand rate bills, when not the peak over each interval of the data: the coincident demand, the
   * tariff's ratchet, or the peak over the record's demand window.
   */
  demandKey: 'coincident' | 'ratchet' | 'window' | null;
  /** SELL: a credit per kWh sent to the grid (URDB `sell` under net billing). */
  transactionType: 'SELL' | null;
  bands: { amount: number; upTo: number | null; demandUpTo: number | null }[];
}

export interface ConvertedSeason {
  name: string;
  from: [number, number];
  to: [number, number];
}

/** A URDB lookback: the flat demand bills at least `factor` x the highest demand of the `periods` months before. */
export interface ConvertedRatchet {
  factor: number;
  periods: number;
  /** Whose demand counts: every month's (null), one of the tariff's seasons, or the first of a season group of its own. */
  season: null | { name: string; seasonRef: number } | { name: string; group: ConvertedSeason[] };
  /** How the record said it, for the key's description. */
  said: string;
}

export interface ConvertedTou {
  ref: string;
  name: string;
  touType: string;
  seasonRef: number | null;
  periods: TouPeriod[];
}

export interface ConvertedTariff {
  /** The record's label, else a hash of its content: a re-import finds the version by it. */
  key: string;
  /** Hash of the record: unchanged when equal. */
  hash: string;
  eiaid: string | null;
  utility: string | null;
  tariffName: string;
  customerClass: 'RESIDENTIAL' | 'GENERAL' | 'SPECIAL_USE';
  tariffType: 'DEFAULT' | 'ALTERNATIVE';
  effectiveDate: string;
  endDate: string | null;
  /** Season refs are indexes into this list. */
  seasons: ConvertedSeason[];
  touGroups: { kind: 'energy' | 'demand' | 'coincident'; tous: ConvertedTou[] }[];
  rates: ConvertedRate[];
  ratchet: ConvertedRatchet | null;
  /** From URDB dgrules (or v7 usenetmetering): how exports are treated; null when the record does not say. */
  exportArrangement: ExportArrangement | null;
  /** URDB demandwindow: minutes of the demand interval (dividing a day), or null. */
  demandWindow: number | null;
  source: string;
}

export class Skip extends Error {}

/** Raised whenever a record converts differently than before (2: coincident demand, lookbacks, net billing, fuel adjustments, demand windows; 3: export arrangements). */
const CONVERSION_VERSION = 3;

/** URDB's dgrules values and the export arrangement each one is. */
const DG_RULES: Record<string, ExportArrangement> = {
  'Net Metering': 'NET_METERING',
  'Net Billing Instantaneous': 'NET_BILLING',
  'Net Billing Hourly': 'NET_BILLING',
  'Buy All Sell All': 'BUY_ALL_SELL_ALL',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LAST_DAY = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

type Tier = { max?: unknown; rate?: unknown; adj?: unknown; unit?: unknown; sell?: unknown };

const isMatrix = (m: unknown): m is number[][] =>
  Array.isArray(m) &&
  m.length === 12 &&
  m.every((row) => Array.isArray(row) && row.length === 24 && row.every((v) => Number.isInteger(v) && v >= 0));
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;
/** A URDB date field read by `read` (urdb-dates.ts), or a Skip naming the field when it is not a date of 1900-2199. */
function urdbDateField(seconds: number, field: string, read: (s: number) => string | null): string {
  const day = read(seconds);
  if (day === null) throw new Skip(`${field} ${seconds} is not a date between 1900 and 2199`);
  return day;
}

/**
 * The tiers of one period as bands: price = rate + adj; a tier's max is its upper limit, the last one open. A tier
 * without its own unit takes the record's unit for the structure.
 */
function tiersOf(
  tiers: unknown,
  what: string,
  limitKind: 'energy' | 'demand',
  recordUnit: unknown = null,
): { bands: ConvertedRate['bands']; daily: boolean } {
  if (!Array.isArray(tiers) || tiers.length === 0) throw new Skip(`${what} has no tiers`);
  let daily = false;
  const bands = (tiers as unknown[]).map((tier, k) => {
    if (tier === null || typeof tier !== 'object' || Array.isArray(tier))
      throw new Skip(`${what} tier ${k + 1} is not an object`);
    const t = tier as Tier;
    const rate = num(t.rate);
    if (rate === null) throw new Skip(`${what} tier ${k + 1} has no rate`);
    const unit =
      typeof t.unit === 'string'
        ? t.unit
        : typeof recordUnit === 'string' && recordUnit !== ''
          ? recordUnit
          : limitKind === 'energy'
            ? 'kWh'
            : 'kW';
    if (limitKind === 'energy' && unit !== 'kWh' && unit !== 'kWh daily')
      throw new Skip(`${what} tier unit "${unit}" (limits per kW of demand) cannot be represented`);
    if (limitKind === 'demand' && unit !== 'kW') throw new Skip(`${what} demand unit "${unit}" cannot be represented`);
    if (unit === 'kWh daily') daily = true;
    const max = num(t.max);
    const last = k === tiers.length - 1;
    // URDB writes an open last tier without max, or with max 0.
    if (!last && (max === null || max <= 0))
      throw new Skip(`${what} tier ${k + 1} has no upper limit but is not the last`);
    const limit = last ? null : max;
    return {
      amount: rate + (num(t.adj) ?? 0),
      upTo: limitKind === 'energy' ? limit : null,
      demandUpTo: limitKind === 'demand' ? limit : null,
    };
  });
  for (let k = 1; k < bands.length - 1; k++) {
    const a = bands[k - 1]!.upTo ?? bands[k - 1]!.demandUpTo!;
    const b = bands[k]!.upTo ?? bands[k]!.demandUpTo!;
    if (!(b > a)) throw new Skip(`${what} tier limits do not rise`);
  }
  return { bands, daily };
}

/** Contiguous runs of months (December to January wrapping) with the same key. */
function monthRuns(keys: string[]): { key: string; months: number[] }[] {
  if (keys.every((k) => k === keys[0])) return [{ key: keys[0]!, months: MONTHS.map((_, m) => m) }];
  // Start at a month whose key differs from the previous one, so no run is cut at January.
  const start = keys.findIndex((k, m) => k !== keys[(m + 11) % 12]);
  const runs: { key: string; months: number[] }[] = [];
  for (let i = 0; i < 12; i++) {
    const m = (start + i) % 12;
    const last = runs.at(-1);
    if (last && last.key === keys[m]) last.months.push(m);
    else runs.push({ key: keys[m]!, months: [m] });
  }
  return runs;
}

/** Hour windows [from, to) of the hours of a 24-hour row equal to `period`. */
function windows(row: number[], period: number): [number, number][] {
  const out: [number, number][] = [];
  for (let h = 0; h < 24; h++) {
    if (row[h] !== period) continue;
    const last = out.at(-1);
    if (last && last[1] === h) last[1] = h + 1;
    else out.push([h, h + 1]);
  }
  return out;
}

const periodOf = (fromDay: number, toDay: number, [a, b]: [number, number]): TouPeriod => ({
  fromDayOfWeek: fromDay,
  fromHour: a,
  fromMinute: 0,
  toDayOfWeek: toDay,
  toHour: b % 24,
  toMinute: 0,
});

/** The export price of a period under net billing: its tiers' `sell` (one price for all of them), or null when none. */
function sellPrice(tiers: unknown, what: string): number | null {
  const prices = [...new Set((tiers as Tier[]).map((t) => num(t.sell) ?? 0))];
  if (prices.length > 1) throw new Skip(`${what} has sell prices that differ by tier, which cannot be represented`);
  return prices[0] || null;
}

/** URDB fueladjustmentsmonthly ($/kWh added in each month), or null when absent or all zero. */
function fuelAdjustments(value: unknown): number[] | null {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return null;
  if (!Array.isArray(value) || value.length !== 12) throw new Skip('fueladjustmentsmonthly is not 12 monthly values');
  const amounts = value.map((v) => num(v));
  if (amounts.some((v) => v === null)) throw new Skip('fueladjustmentsmonthly holds a value that is not a number');
  return amounts.some((v) => v !== 0) ? (amounts as number[]) : null;
}

/** A field by its v8 name (camelCase) or as some sources write it (lower case). */
const field = (r: Record<string, unknown>, name: string): unknown => r[name] ?? r[name.toLowerCase()];
const isSet = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== 0 && v !== false;

/** A lookback before its months are placed in a season: the run of months (0-11) whose demand counts, or null. */
type Lookback = Omit<ConvertedRatchet, 'season'> & { months: number[] | null };

/**
 * The record's lookback (URDB lookbackPercent with lookbackRange or lookbackMonths), or null: the flat demand bills at
 * least lookbackPercent (a share, 0.8 = 80 %) of the highest demand of the lookbackRange months before, or of the
 * lookbackMonths (one run of months) in the 11 months before.
 */
function lookbackOf(r: Record<string, unknown>): Lookback | null {
  const percent = num(field(r, 'lookbackPercent'));
  const rangeField = field(r, 'lookbackRange');
  const range = num(rangeField);
  const monthsField = field(r, 'lookbackMonths');
  const months = Array.isArray(monthsField)
    ? monthsField.map((v) => v === true || v === 1 || v === '1' || v === 'true')
    : null;
  const anyMonth = months?.some(Boolean) ?? false;
  if (!percent) {
    if (range || anyMonth) throw new Skip('lookbackRange or lookbackMonths without a lookbackPercent');
    return null;
  }
  if (!(percent > 0 && percent <= 1)) throw new Skip(`lookbackPercent ${percent} is not a share between 0 and 1`);
  if (isSet(rangeField) && range === null)
    throw new Skip(`lookbackRange "${String(rangeField)}" is not a number of months`);
  if (range && anyMonth) throw new Skip('both lookbackRange and lookbackMonths are set (URDB allows one)');
  const said = `lookbackPercent ${percent}`;
  if (range) {
    if (!Number.isInteger(range) || range < 1 || range > MAX_LOOKBACK_PERIODS)
      throw new Skip(`lookbackRange ${range} is not a number of months from 1 to ${MAX_LOOKBACK_PERIODS}`);
    return { factor: percent, periods: range, months: null, said: `${said}, lookbackRange ${range}` };
  }
  if (months?.length !== 12 || !anyMonth)
    throw new Skip('lookbackPercent without a lookbackRange or 12 lookbackMonths');
  const chosen = MONTHS.filter((_, m) => months[m]).join(', ');
  if (months.every(Boolean)) return { factor: percent, periods: 11, months: null, said: `${said}, lookbackMonths all` };
  const runs = monthRuns(months.map(String)).filter((run) => run.key === 'true');
  if (runs.length !== 1) throw new Skip(`lookbackMonths (${chosen}) are not one run of months`);
  return { factor: percent, periods: 11, months: runs[0]!.months, said: `${said}, lookbackMonths ${chosen}` };
}

/** A season of a run of months (0-11, in order, possibly wrapping the new year): first day to last day. */
function seasonOfMonths(months: readonly number[], name?: string): ConvertedSeason {
  const first = months[0]!;
  const last = months.at(-1)!;
  return {
    name: name ?? (first === last ? MONTHS[first]! : `${MONTHS[first]}-${MONTHS[last]}`),
    from: [first + 1, 1],
    to: [last + 1, LAST_DAY[last]!],
  };
}

/** Where a lookback counts demand: a season of the tariff with exactly its months, else a group of its own. */
function ratchetOf(lookback: Lookback, seasons: readonly ConvertedSeason[]): ConvertedRatchet {
  const { months, ...rest } = lookback;
  if (months === null) return { ...rest, season: null };
  const own = seasonOfMonths(months);
  const seasonRef = seasons.findIndex((x) => x.from[0] === own.from[0] && x.to[0] === own.to[0]);
  if (seasonRef >= 0) return { ...rest, season: { name: own.name, seasonRef } };
  const others = MONTHS.map((_, m) => (months[0]! + months.length + m) % 12).slice(0, 12 - months.length);
  return {
    ...rest,
    season: {
      name: own.name,
      group: [seasonOfMonths(months, `Ratchet months ${own.name}`), seasonOfMonths(others, 'Other months')],
    },
  };
}

export function convertUrdb(record: Record<string, unknown>, options: ConvertOptions = {}): ConvertedTariff {
  // Each URDB field is checked (typeof, num, isSet) where it is read; `unknown` would cost ~16 casts.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const r = record as Record<string, any>;
  // The conversion's version is part of the hash: a re-import after the conversion changed updates the tariff.
  const hash = createHash('sha256')
    .update(`${CONVERSION_VERSION}\n${JSON.stringify(record)}`)
    .digest('hex');
  const key = typeof r.label === 'string' && r.label ? r.label : `sha256:${hash.slice(0, 24)}`;
  const name = typeof r.name === 'string' && r.name.trim() ? r.name.trim() : null;
  if (!name) throw new Skip('no name');
  const sector = typeof r.sector === 'string' ? r.sector.toLowerCase() : '';
  const customerClass =
    sector === 'residential'
      ? 'RESIDENTIAL'
      : sector === 'commercial' || sector === 'industrial'
        ? 'GENERAL'
        : sector === 'lighting'
          ? 'SPECIAL_USE'
          : null;
  if (!customerClass)
    throw new Skip(`sector "${r.sector ?? ''}" is not Residential, Commercial, Industrial or Lighting`);
  const eiaidGiven = r.eiaid !== undefined && r.eiaid !== null && r.eiaid !== '';
  const eiaidNumber = eiaidGiven ? num(r.eiaid) : null;
  if (eiaidGiven && !(eiaidNumber !== null && Number.isInteger(eiaidNumber) && eiaidNumber > 0))
    throw new Skip(`eiaid ${JSON.stringify(r.eiaid)} is not an EIA utility number`);
  const eiaid = eiaidNumber === null ? null : String(eiaidNumber);
  const start = num(r.startdate);
  const effectiveDate = start !== null ? urdbDateField(start, 'startdate', urdbEffectiveDate) : options.effectiveDate;
  if (!effectiveDate) throw new Skip('no startdate (give --effective-date for such records)');
  const end = num(r.enddate);
  const endDate = end === null ? null : urdbDateField(end, 'enddate', urdbEndDate);
  if (endDate !== null && endDate <= effectiveDate) throw new Skip('enddate is before startdate');
  const ratchetPercentages = r.demandratchetpercentage;
  if (Array.isArray(ratchetPercentages) && ratchetPercentages.some((v) => num(v)))
    throw new Skip(
      'demandratchetpercentage (a monthly ratchet without the months it looks back over) cannot be represented',
    );

  const energy = r.energyratestructure;
  const demand = r.demandratestructure;
  const flat = r.flatdemandstructure;
  const coincident = r.coincidentratestructure;
  const hasEnergy = Array.isArray(energy) && energy.length > 0;
  const hasDemand = Array.isArray(demand) && demand.length > 0;
  const hasFlat = Array.isArray(flat) && flat.length > 0;
  const hasCoincident = Array.isArray(coincident) && coincident.length > 0;
  if (hasEnergy && !(isMatrix(r.energyweekdayschedule) && isMatrix(r.energyweekendschedule)))
    throw new Skip('energyratestructure without its 12 x 24 weekday and weekend schedules');
  if (hasDemand && !(isMatrix(r.demandweekdayschedule) && isMatrix(r.demandweekendschedule)))
    throw new Skip('demandratestructure without its 12 x 24 weekday and weekend schedules');
  if (hasCoincident && !isMatrix(r.coincidentschedule))
    throw new Skip('coincidentratestructure without its 12 x 24 coincidentschedule');
  if (hasFlat && !(Array.isArray(r.flatdemandmonths) && r.flatdemandmonths.length === 12))
    throw new Skip('flatdemandstructure without its 12 flatdemandmonths');
  const fixed = num(r.fixedchargefirstmeter) ?? num(r.fixedmonthlycharge);
  const fixedUnits = r.fixedchargefirstmeter !== undefined ? (r.fixedchargeunits ?? '$/month') : '$/month';
  if (fixed !== null && fixedUnits !== '$/month' && fixedUnits !== '$/day')
    throw new Skip(`fixed charge units "${fixedUnits}" cannot be represented`);
  if (!hasEnergy && !hasDemand && !hasFlat && !hasCoincident && !fixed)
    throw new Skip('no rates (no energy, demand or fixed charge)');
  // Distributed generation. Net metering nets each month's kWh and rolls excess over as kWh credit to the true-up;
  // net billing and buy all / sell all credit exported kWh at the period's `sell` price. Sell prices are read under
  // every arrangement (the engine does not apply them under net metering, but a what-if calculation under net
  // billing does). URDB names no true-up month or year-end rate.
  const dgrules = typeof r.dgrules === 'string' ? r.dgrules.trim() : '';
  if (dgrules && !DG_RULES[dgrules]) throw new Skip(`dgrules "${dgrules}" is not an export arrangement Ratebook knows`);
  const exportArrangement = DG_RULES[dgrules] ?? (r.usenetmetering === true ? 'NET_METERING' : null);
  const demandWindow = num(r.demandwindow) || null;
  if (demandWindow !== null && !isDemandInterval(demandWindow))
    throw new Skip(`demandwindow ${demandWindow} is not a number of minutes that divides a day`);
  const lookback = lookbackOf(r);
  const fuel = fuelAdjustments(r.fueladjustmentsmonthly);
  if (fuel && !hasEnergy) throw new Skip('fueladjustmentsmonthly without an energy rate structure');
  if (num(r.demandreactivepowercharge))
    throw new Skip('demandreactivepowercharge (a charge per kVAR of reactive demand) cannot be represented');
  if (lookback && !hasFlat) throw new Skip('a lookback (demand ratchet) without a flat demand charge to apply it to');

  // Every schedule must name periods its structure has.
  const checkSchedule = (matrix: number[][], structure: unknown[], what: string) => {
    for (const row of matrix)
      for (const p of row)
        if (p >= structure.length)
          throw new Skip(`${what} schedule names period ${p + 1}, which ${what}ratestructure lacks`);
  };
  if (hasEnergy) {
    checkSchedule(r.energyweekdayschedule, energy, 'energy');
    checkSchedule(r.energyweekendschedule, energy, 'energy');
  }
  if (hasDemand) {
    checkSchedule(r.demandweekdayschedule, demand, 'demand');
    checkSchedule(r.demandweekendschedule, demand, 'demand');
  }
  if (hasCoincident) checkSchedule(r.coincidentschedule, coincident, 'coincident');
  if (hasFlat)
    for (const p of r.flatdemandmonths as unknown[])
      if (!Number.isInteger(p) || (p as number) < 0 || (p as number) >= flat.length)
        throw new Skip(`flatdemandmonths names period ${Number(p) + 1}, which flatdemandstructure lacks`);

  // Seasons: months alike in every schedule.
  const monthKey = (m: number) =>
    JSON.stringify([
      hasEnergy ? [r.energyweekdayschedule[m], r.energyweekendschedule[m]] : null,
      hasDemand ? [r.demandweekdayschedule[m], r.demandweekendschedule[m]] : null,
      hasFlat ? r.flatdemandmonths[m] : null,
      hasCoincident ? r.coincidentschedule[m] : null,
      fuel ? fuel[m] : null,
    ]);
  const runs = monthRuns(MONTHS.map((_, m) => monthKey(m)));
  const seasonal = runs.length > 1;
  const seasons = seasonal ? runs.map((run) => seasonOfMonths(run.months)) : [];
  const seasonRefs = seasonal ? runs.map((_, k) => k) : [null];
  const monthOfSeason = (ref: number | null) => (ref === null ? 0 : runs[ref]!.months[0]!);
  /** " (Jun-Sep)" after a name of something limited to a season; nothing for the whole year. */
  const ofSeason = (ref: number | null) => (ref === null ? '' : ` (${seasons[ref]!.name})`);

  const rates: ConvertedRate[] = [];
  const touGroups: ConvertedTariff['touGroups'] = [];
  // One TOU group per schedule kind; a season whose schedule has one period needs no TOU for it.
  const schedule = (
    kind: 'energy' | 'demand' | 'coincident',
    structure: unknown[],
    weekday: number[][],
    weekend: number[][],
  ) => {
    const label = { energy: 'Energy', demand: 'Demand', coincident: 'Coincident demand' }[kind];
    const group: ConvertedTou[] = [];
    const periodsOf = (m: number) => [...new Set([...weekday[m]!, ...weekend[m]!])].sort((a, b) => a - b);
    // When any season has several periods, every season gets TOUs, so the group covers the whole year.
    const needsTou = seasonRefs.some((ref) => periodsOf(monthOfSeason(ref)).length > 1);
    for (const seasonRef of seasonRefs) {
      const m = monthOfSeason(seasonRef);
      const periods = periodsOf(m);
      const price = (p: number) =>
        Array.isArray(structure[p])
          ? (num((structure[p] as Tier[])[0]?.rate) ?? 0) + (num((structure[p] as Tier[])[0]?.adj) ?? 0)
          : 0;
      // URDB does not name periods: types follow price within the season (highest ON_PEAK, lowest OFF_PEAK).
      const ranked = [...periods].sort((a, b) => price(b) - price(a));
      for (const p of periods) {
        const what = `${kind} period ${p + 1}${ofSeason(seasonRef)}`;
        const { bands, daily } = tiersOf(
          structure[p],
          what,
          kind === 'energy' ? 'energy' : 'demand',
          { energy: null, demand: r.demandrateunit ?? r.demandunits, coincident: r.coincidentrateunit }[kind],
        );
        const touRef = needsTou ? `${kind}:${seasonRef}:${p}` : null;
        if (touRef) {
          const rank = ranked.indexOf(p);
          group.push({
            ref: touRef,
            name: `${label} period ${p + 1}${ofSeason(seasonRef)}`,
            touType:
              periods.length === 1
                ? 'OFF_PEAK'
                : rank === 0
                  ? 'ON_PEAK'
                  : rank === periods.length - 1
                    ? 'OFF_PEAK'
                    : 'PARTIAL_PEAK',
            seasonRef,
            periods: [
              ...windows(weekday[m]!, p).map((w) => periodOf(0, 4, w)),
              ...windows(weekend[m]!, p).map((w) => periodOf(5, 6, w)),
            ],
          });
        }
        rates.push({
          group: kind === 'energy' ? 'Energy Charges' : 'Demand Charges',
          name: `${{ energy: 'Energy', demand: 'TOU demand', coincident: 'Coincident demand' }[kind]}, period ${p + 1}${ofSeason(seasonRef)}`,
          chargeType: kind === 'energy' ? 'CONSUMPTION_BASED' : 'DEMAND_BASED',
          chargePeriod: daily ? 'DAILY' : 'MONTHLY',
          seasonRef: touRef ? null : seasonRef,
          touRef,
          tierScope: kind === 'energy' && touRef && bands.length > 1 ? 'TOTAL' : null,
          demandKey: kind === 'coincident' ? 'coincident' : kind === 'demand' && demandWindow ? 'window' : null,
          transactionType: null,
          bands,
        });
        const sell = kind === 'energy' && exportArrangement ? sellPrice(structure[p], what) : null;
        if (sell)
          rates.push({
            group: 'Export Credits',
            name: `Export credit, period ${p + 1}${ofSeason(seasonRef)}`,
            chargeType: 'CONSUMPTION_BASED',
            chargePeriod: 'MONTHLY',
            seasonRef: touRef ? null : seasonRef,
            touRef,
            tierScope: null,
            demandKey: null,
            transactionType: 'SELL',
            bands: [{ amount: sell, upTo: null, demandUpTo: null }],
          });
      }
    }
    if (group.length) touGroups.push({ kind, tous: group });
  };
  if (hasEnergy) schedule('energy', energy, r.energyweekdayschedule, r.energyweekendschedule);
  if (hasDemand) schedule('demand', demand, r.demandweekdayschedule, r.demandweekendschedule);
  // The coincident schedule is one for every day of the week.
  if (hasCoincident) schedule('coincident', coincident, r.coincidentschedule, r.coincidentschedule);
  // A monthly fuel adjustment adds to every kWh: months with the same adjustment share a season (see monthKey).
  if (fuel) {
    for (const seasonRef of seasonRefs) {
      const amount = fuel[monthOfSeason(seasonRef)]!;
      if (amount)
        rates.push({
          group: 'Energy Charges',
          name: `Fuel adjustment${ofSeason(seasonRef)}`,
          chargeType: 'CONSUMPTION_BASED',
          chargePeriod: 'MONTHLY',
          seasonRef,
          touRef: null,
          tierScope: null,
          demandKey: null,
          transactionType: null,
          bands: [{ amount, upTo: null, demandUpTo: null }],
        });
    }
  }
  if (hasFlat) {
    for (const seasonRef of seasonRefs) {
      const p = r.flatdemandmonths[monthOfSeason(seasonRef)] as number;
      const what = `flat demand period ${p + 1}`;
      const { bands } = tiersOf(flat[p], what, 'demand', r.flatdemandunit ?? r.demandunits);
      rates.push({
        group: 'Demand Charges',
        name: `Flat demand${ofSeason(seasonRef)}`,
        chargeType: 'DEMAND_BASED',
        chargePeriod: 'MONTHLY',
        seasonRef,
        touRef: null,
        tierScope: null,
        demandKey: lookback ? 'ratchet' : demandWindow ? 'window' : null,
        transactionType: null,
        bands,
      });
    }
  }
  if (fixed)
    rates.push({
      group: 'Fixed Charges',
      name: 'Fixed charge',
      chargeType: 'FIXED_PRICE',
      chargePeriod: fixedUnits === '$/day' ? 'DAILY' : 'MONTHLY',
      seasonRef: null,
      touRef: null,
      tierScope: null,
      demandKey: null,
      transactionType: null,
      bands: [{ amount: fixed, upTo: null, demandUpTo: null }],
    });
  // Minimums: v8 mincharge per month, day or year; v7 minmonthlycharge and annualmincharge (an annual minimum is
  // compared with the calendar year's bills, its shortfall added in December).
  const minUnits = r.minchargeunits ?? '$/month';
  if (num(r.mincharge) && !['$/month', '$/day', '$/year'].includes(minUnits))
    throw new Skip(`minimum charge units "${minUnits}" cannot be represented`);
  const minimums: [number | null, ConvertedRate['chargePeriod'], string][] = [
    [
      num(r.mincharge),
      minUnits === '$/day' ? 'DAILY' : minUnits === '$/year' ? 'ANNUALLY' : 'MONTHLY',
      minUnits === '$/year' ? 'Annual minimum charge' : 'Minimum charge',
    ],
    [num(r.minmonthlycharge), 'MONTHLY', 'Minimum charge'],
    [num(r.annualmincharge), 'ANNUALLY', 'Annual minimum charge'],
  ];
  for (const [amount, chargePeriod, label] of minimums) {
    if (amount)
      rates.push({
        group: 'Minimum Charge',
        name: label,
        chargeType: 'MINIMUM',
        chargePeriod,
        seasonRef: null,
        touRef: null,
        tierScope: null,
        demandKey: null,
        transactionType: null,
        bands: [{ amount, upTo: null, demandUpTo: null }],
      });
  }

  const uri = typeof r.uri === 'string' ? r.uri : null;
  return {
    key,
    hash,
    eiaid,
    utility: typeof r.utility === 'string' ? r.utility : null,
    tariffName: name,
    customerClass,
    tariffType: r.is_default === true ? 'DEFAULT' : 'ALTERNATIVE',
    effectiveDate,
    endDate,
    seasons,
    touGroups,
    rates,
    ratchet: lookback && ratchetOf(lookback, seasons),
    exportArrangement,
    demandWindow,
    source: `OpenEI URDB record ${key}${uri ? ` (${uri})` : ''}${start === null ? `; no startdate in the record, effective date ${effectiveDate} given at import` : ''}; TOU types by price rank within each season (URDB does not name periods)${exportArrangement ? `; ${dgrules ? `dgrules ${dgrules}` : 'usenetmetering'}: ${exportArrangement}, sell prices as SELL rates${exportArrangement === 'NET_METERING' ? ' (not applied under net metering)' : ''} (true-up month and year-end rate not in URDB: December, 0)` : ''}`,
  };
}
