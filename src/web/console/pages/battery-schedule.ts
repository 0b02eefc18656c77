// The battery form's FIXED_SCHEDULE windows (#38): a charge window and a discharge window of whole hours for weekdays
// and for weekends, over a span of months, and what the battery does the rest of the time. They are sent as the
// analysis's storageSchedule, the JSON text of a calculation's fixedSchedule ({chargeTous, dischargeTous, otherwise}:
// docs/api-notes/storage.md), whose hours are local time, Monday = 0, toHour not included, months included and both
// wrapping (22:00 to 06:00 is overnight, Nov to Feb is winter). The form checks a window before the request is sent,
// so a bad one is said beside the fields instead of coming back as the API's 400.
import { field, h, MONTHS } from '../dom.ts';

export interface FixedSchedule {
  chargeTous: Tou[];
  dischargeTous: Tou[];
  otherwise: 'IDLE' | 'SELF_CONSUMPTION';
}
interface Tou {
  season: { seasonFromMonth: number; seasonToMonth: number };
  touPeriods: { fromDayOfWeek: number; toDayOfWeek: number; fromHour: number; toHour: number }[];
}

const DAYS = [
  { key: 'weekday', name: 'Weekdays', from: 0, to: 4 },
  { key: 'weekend', name: 'Weekends', from: 5, to: 6 },
] as const;
const WINDOWS = [
  { key: 'charge', name: 'charge' },
  { key: 'discharge', name: 'discharge' },
] as const;
/** Weekdays charge from midday PV and discharge over the evening peak (PG&E's 4-9 pm); weekends idle. */
const DEFAULTS: Record<string, [string, string]> = {
  'weekday-charge': ['10', '15'],
  'weekday-discharge': ['16', '21'],
};

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export interface ScheduleFields {
  element: HTMLFieldSetElement;
  /** Shown and checked only for FIXED_SCHEDULE (a disabled fieldset is neither validated nor sent). */
  enable(on: boolean): void;
  /** The schedule the fields give; call after the form validated. */
  schedule(): FixedSchedule;
}

export function scheduleFields(): ScheduleFields {
  const select = (name: string, options: [string, string][], value: string) =>
    h(
      'select',
      { name },
      options.map(([v, l]) => h('option', { value: v, selected: v === value }, l)),
    );
  const none: [string, string] = ['', '—'];
  const hours = (first: number) =>
    Array.from({ length: 24 }, (_, k): [string, string] => [`${k + first}`, hourLabel(k + first)]);
  const windows = DAYS.flatMap((d) =>
    WINDOWS.map((w) => {
      const key = `${d.key}-${w.key}`;
      const [from, to] = DEFAULTS[key] ?? ['', ''];
      return {
        days: d,
        window: w,
        label: `${d.name} ${w.name}`,
        from: select(`${key}-from`, [none, ...hours(0)], from),
        to: select(`${key}-to`, [none, ...hours(1)], to),
      };
    }),
  );
  const months = MONTHS.map((m, k): [string, string] => [`${k + 1}`, m]);
  const fromMonth = select('schedule-from-month', months, '1');
  const toMonth = select('schedule-to-month', months, '12');
  const otherwise = select(
    'schedule-otherwise',
    [
      ['IDLE', 'Idle'],
      ['SELF_CONSUMPTION', 'Self-consumption'],
    ],
    'IDLE',
  );
  const message = h('p', { class: 'error schedule-error', role: 'alert', hidden: true });

  /** The first thing wrong with the windows, on the control to fix (the browser then refuses to submit). */
  const check = () => {
    for (const w of windows) for (const c of [w.from, w.to]) c.setCustomValidity('');
    const problem = firstProblem();
    if (problem) problem.control.setCustomValidity(problem.text);
    message.textContent = problem?.text ?? '';
    message.hidden = !problem;
  };
  const firstProblem = (): { control: HTMLSelectElement; text: string } | null => {
    for (const w of windows)
      if ((w.from.value === '') !== (w.to.value === ''))
        return {
          control: w.from.value === '' ? w.from : w.to,
          text: `${w.label} window: give the hour it starts and the hour it ends, or neither`,
        };
      else if (w.from.value !== '' && Number(w.from.value) % 24 === Number(w.to.value) % 24)
        return {
          control: w.to,
          text: `${w.label} window: it starts and ends at ${hourLabel(Number(w.from.value))}, so it holds no hour`,
        };
    for (const d of DAYS) {
      const [charge, discharge] = windows.filter((w) => w.days === d).map(hoursOf);
      const both = charge!.find((hour) => discharge!.includes(hour));
      if (both !== undefined)
        return {
          control: windows.find((w) => w.days === d && w.window.key === 'discharge')!.from,
          text: `${d.name}: the charge and discharge windows both hold ${hourLabel(both)}; each hour takes one`,
        };
    }
    if (windows.every((w) => w.from.value === ''))
      return { control: windows[0]!.from, text: 'Give at least one charge or discharge window' };
    return null;
  };

  const element = h(
    'fieldset',
    { class: 'battery-schedule', hidden: true, disabled: true, oninput: check, onchange: check },
    h('legend', {}, 'Fixed schedule (local time; a window stops at its end hour, and 22:00 to 06:00 runs overnight)'),
    DAYS.map((d) =>
      h(
        'div',
        { class: 'row align-top schedule-days' },
        windows
          .filter((w) => w.days === d)
          .flatMap((w) => [field(`${w.label} from`, w.from), field(`${w.label} to`, w.to)]),
      ),
    ),
    h(
      'div',
      { class: 'row align-top' },
      field('Months from', fromMonth),
      field('Months to', toMonth, 'included; Nov to Feb wraps'),
      field('Otherwise', otherwise, 'outside the windows and months'),
    ),
    message,
  );
  check();

  const schedule = (): FixedSchedule => {
    const season = { seasonFromMonth: Number(fromMonth.value), seasonToMonth: Number(toMonth.value) };
    const tous = (key: 'charge' | 'discharge'): Tou[] => {
      const touPeriods = windows
        .filter((w) => w.window.key === key && w.from.value !== '')
        .map((w) => ({
          fromDayOfWeek: w.days.from,
          toDayOfWeek: w.days.to,
          fromHour: Number(w.from.value),
          toHour: Number(w.to.value),
        }));
      return touPeriods.length ? [{ season, touPeriods }] : [];
    };
    return {
      chargeTous: tous('charge'),
      dischargeTous: tous('discharge'),
      otherwise: otherwise.value as FixedSchedule['otherwise'],
    };
  };

  return {
    element,
    enable(on) {
      element.hidden = !on;
      element.disabled = !on;
    },
    schedule,
  };
}

/** The hours a window holds (none when it is not given), wrapping past midnight. */
function hoursOf(w: { from: HTMLSelectElement; to: HTMLSelectElement }): number[] {
  if (w.from.value === '' || w.to.value === '') return [];
  const out: number[] = [];
  for (let hour = Number(w.from.value); hour % 24 !== Number(w.to.value) % 24; hour++) out.push(hour % 24);
  return out;
}

/** The schedule in words, for the battery's figures. */
export function describeSchedule(s: FixedSchedule): string {
  const parts = DAYS.map((d) => {
    const of = (tous: Tou[], verb: string) =>
      tous
        .flatMap((t) => t.touPeriods)
        .filter((p) => p.fromDayOfWeek === d.from)
        .map((p) => `${verb} ${hourLabel(p.fromHour)}–${hourLabel(p.toHour)}`);
    const said = [...of(s.chargeTous, 'charging'), ...of(s.dischargeTous, 'discharging')];
    return `${d.name.toLowerCase()} ${said.length ? said.join(', ') : 'none'}`;
  });
  const season = (s.chargeTous[0] ?? s.dischargeTous[0])?.season;
  const months = season ? `${MONTHS[season.seasonFromMonth - 1]}–${MONTHS[season.seasonToMonth - 1]}` : '';
  return `${parts.join('; ')}; in ${months}, ${s.otherwise === 'IDLE' ? 'idle' : 'self-consumption'} otherwise`;
}
