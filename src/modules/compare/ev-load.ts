// An electric vehicle's charging added to a comparison's usage: its kWh a year charged at home, the same every day,
// spread evenly over a nightly (or any) charging window of local wall-clock hours. A window that crosses midnight
// belongs to the day it starts: the session begun the evening before the year starts charges into its first hours,
// the last evening's spills out of it, so the year holds as many sessions' energy as it has days. The even spread and
// the same kWh every day are Ratebook's assumptions (said in the answer): a charger that runs at full power from the
// window's start would draw the same kWh earlier in the window.
import { DateTime } from 'luxon';
import { addByTime } from '../../engine/usage/on-grid.ts';
import { invalidArgument } from '../../http/errors.ts';
import type { PropertyDataInput } from '../calculations/calculations.schemas.ts';
import type { Static } from '@sinclair/typebox';

type PropertyInput = Static<typeof PropertyDataInput>;

export const EV_KEYS = ['evAnnualConsumption', 'evChargingStart', 'evChargingEnd'] as const;
/** Charging from midnight to 6 a.m. when no window is given: the off-peak hours of the time-of-use tariffs seen. */
export const DEFAULT_WINDOW = { start: 0, end: 6 };

export interface EvPlan {
  annualKwh: number;
  start: number;
  end: number;
  /** Keys that took their default. */
  defaulted: string[];
}

/** The EV the inputs give (null: none), each bad value a 400 naming its input. */
export function readEv(inputs: readonly PropertyInput[]): EvPlan | null {
  const at = (key: string) => inputs.findIndex((p) => p.keyName === key);
  const kwhAt = at('evAnnualConsumption');
  const startAt = at('evChargingStart');
  const endAt = at('evChargingEnd');
  if (kwhAt < 0) {
    const other = startAt >= 0 ? startAt : endAt;
    if (other >= 0)
      throw invalidArgument(
        `propertyInputs[${other}].keyName`,
        inputs[other]!.keyName,
        'An EV charging window needs evAnnualConsumption (kWh charged at home a year)',
      );
    return null;
  }
  const numberAt = (k: number, min: number, max: number, what: string, whole: boolean) => {
    const raw = inputs[k]!.dataValue;
    const v = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
    if (!(Number.isFinite(v) && v >= min && v <= max && (!whole || Number.isInteger(v))))
      throw invalidArgument(
        `propertyInputs[${k}].dataValue`,
        raw == null ? null : String(raw),
        `${inputs[k]!.keyName} is ${what}`,
      );
    return v;
  };
  const defaulted: string[] = [];
  const hour = (k: number, key: string, fallback: number) => {
    if (k < 0) {
      defaulted.push(key);
      return fallback;
    }
    return numberAt(k, 0, 23, 'a local hour, a whole number from 0 to 23', true);
  };
  const plan = {
    annualKwh: numberAt(kwhAt, 0, 200_000, 'the kWh charged at home in a year, 0 to 200,000', false),
    start: hour(startAt, 'evChargingStart', DEFAULT_WINDOW.start),
    end: hour(endAt, 'evChargingEnd', DEFAULT_WINDOW.end),
    defaulted,
  };
  if (plan.start === plan.end)
    throw invalidArgument(
      `propertyInputs[${endAt >= 0 ? endAt : startAt}].dataValue`,
      String(plan.end),
      'The charging window is empty: evChargingEnd must differ from evChargingStart',
    );
  return plan;
}

/**
 * The EV's kWh per interval of a grid (`duration` ms from `from` to `to`, local days in `zone`): each day's share of
 * the year's kWh spread evenly over that day's window.
 */
export function evLoad(ev: EvPlan, zone: string, from: number, to: number, duration: number): Float64Array {
  const values = new Float64Array(Math.round((to - from) / duration));
  const first = DateTime.fromMillis(from, { zone }).startOf('day');
  const last = DateTime.fromMillis(to - 1, { zone }).startOf('day');
  const days = Math.round(last.diff(first, 'days').days) + 1;
  const perDay = ev.annualKwh / days;
  for (let d = -1; d < days; d++) {
    const day = first.plus({ days: d });
    const start = day.set({ hour: ev.start }).toMillis();
    const end = day
      .plus({ days: ev.end < ev.start ? 1 : 0 })
      .set({ hour: ev.end })
      .toMillis();
    if (end <= start) continue;
    // Only the part of a session inside [from, to) is on the grid.
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b > a) addByTime(values, from, duration, a, b, (perDay * (b - a)) / (end - start));
  }
  return values;
}
