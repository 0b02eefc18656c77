// Calendars and their dates: events are rules evaluated by the engine for whatever range is asked
// (MANUAL events read their stored dates), so no table of dates has to be seeded ahead.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { dayNumber, formatDate, parseDate, type CivilDate } from '../../engine/calendar/civil-date.ts';
import {
  DATE_DEFINITION_TYPES,
  eventDates,
  type DateDefinitionType,
  type EventRule,
} from '../../engine/calendar/event-rules.ts';
import { formatDateTime } from '../../engine/time/datetime-input.ts';
import { localDateOf, localDateTime, localMidnight } from '../../engine/time/local-days.ts';
import { localDateParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import { enumList, enumValue } from '../../http/list-params.ts';
import { CalendarsRepository, type CalendarRow, type EventRow, type StoredDateRow } from './calendars.repository.ts';
import {
  CALENDAR_TYPES,
  type CalendarDateSchema,
  type CalendarEventSchema,
  type CalendarSchema,
} from './calendars.schemas.ts';

export type Calendar = Static<typeof CalendarSchema>;
export type CalendarEvent = Static<typeof CalendarEventSchema>;
export type CalendarDate = Static<typeof CalendarDateSchema>;

/** Longest range of dates one request may ask for. */
export const MAX_DATE_RANGE_DAYS = 3660;

/** Ids of generated dates are derived, so they are stable: event id x 100000 + days since 1970. */
const generatedDateId = (eventId: number, date: CivilDate) => eventId * 100_000 + dayNumber(date);

function ruleOf(e: EventRow, stored: StoredDateRow[] = []): EventRule {
  return {
    dateDefinitionType: e.date_definition_type as DateDefinitionType,
    fixedMonth: e.fixed_month,
    fixedDay: e.fixed_day,
    dayOfWeek: e.day_of_week,
    weekOfMonth: e.week_of_month,
    adjustment: e.adjustment,
    manualDates: stored.map((d) => d.start_date),
  };
}

export interface DateRange {
  from: CivilDate;
  to: CivilDate;
}

export class CalendarsService {
  readonly repo: CalendarsRepository;

  constructor(
    db: Db,
    private readonly zoneOfLse: (lseId: number | null) => Promise<string>,
    private readonly now: () => Date,
  ) {
    this.repo = new CalendarsRepository(db);
  }

  toCalendar(r: CalendarRow, events?: CalendarEvent[]): Calendar {
    return {
      calendarId: r.calendar_id,
      calendarName: r.calendar_name,
      calendarType: r.calendar_type,
      lseId: r.lse_id,
      ...(events ? { events } : {}),
    };
  }

  private toEvent(e: EventRow, seededUntil: string | null, ext: boolean): CalendarEvent {
    const base: CalendarEvent = {
      calendarEventId: e.calendar_event_id,
      calendarEventName: e.calendar_event_name,
      lseId: e.lse_id,
      calendarEventType: e.calendar_event_type,
      locale: e.locale,
      seededUntil,
    };
    if (!ext) return base;
    return {
      ...base,
      dateDefinitionType: e.date_definition_type,
      fixedMonth: e.fixed_month,
      fixedDay: e.fixed_day,
      dayOfWeek: e.day_of_week,
      weekOfMonth: e.week_of_month,
      adjustment: e.adjustment,
    };
  }

  async list(lseId: number | undefined, calendarType: string | undefined): Promise<Calendar[]> {
    const type = enumValue('calendarType', calendarType, CALENDAR_TYPES);
    return (await this.repo.list({ lseId, calendarType: type })).map((r) => this.toCalendar(r));
  }

  /** A date range from the API's parameters, read as dates in `zone`; by default the current year. */
  async range(fromRaw: string | undefined, toRaw: string | undefined, zone: string): Promise<DateRange> {
    const fromDate = localDateParam('fromDateTime', fromRaw, zone);
    const toDate = localDateParam('toDateTime', toRaw, zone);
    // "This year" is the year in the calendar's own zone.
    const thisYear = localDateOf(DateTime.fromJSDate(this.now()), zone).year;
    const from: CivilDate = fromDate
      ? parseDate(fromDate)!
      : { year: toDate ? parseDate(toDate)!.year : thisYear, month: 1, day: 1 };
    const to: CivilDate = toDate ? parseDate(toDate)! : { year: from.year, month: 12, day: 31 };
    if (dayNumber(to) < dayNumber(from))
      throw invalidArgument('toDateTime', toRaw, 'toDateTime must not be before fromDateTime');
    if (dayNumber(to) - dayNumber(from) > MAX_DATE_RANGE_DAYS)
      throw invalidArgument('toDateTime', toRaw, `A range of dates may span at most ${MAX_DATE_RANGE_DAYS} days`);
    return { from, to };
  }

  /**
   * seededUntil: for MANUAL events the last stored date; rule events generate dates for any range, so they have no
   * such limit (null).
   */
  async get(
    calendarId: number,
    fromRaw: string | undefined,
    toRaw: string | undefined,
    ext: boolean,
  ): Promise<Calendar> {
    const calendar = await this.repo.find(calendarId);
    if (!calendar) throw notFound('Calendar', 'calendarId', calendarId);
    let events = await this.repo.events({ calendarId });
    const lastStored = await this.repo.lastStoredDates(
      events.filter((e) => e.date_definition_type === 'MANUAL').map((e) => e.calendar_event_id),
    );
    if (fromRaw !== undefined || toRaw !== undefined) {
      const range = await this.range(fromRaw, toRaw, await this.zoneOfLse(calendar.lse_id));
      const withDates = new Set((await this.datesOf(events, range)).map((d) => d.event.calendar_event_id));
      events = events.filter((e) => withDates.has(e.calendar_event_id));
    }
    return this.toCalendar(
      calendar,
      events.map((e) => this.toEvent(e, lastStored.get(e.calendar_event_id) ?? null, ext)),
    );
  }

  /** Every date of the events in the range, in order. */
  async datesOf(
    events: EventRow[],
    range: DateRange,
  ): Promise<{ event: EventRow; date: CivilDate; stored?: StoredDateRow }[]> {
    const manualIds = events.filter((e) => e.date_definition_type === 'MANUAL').map((e) => e.calendar_event_id);
    const stored = await this.repo.storedDates(manualIds, formatDate(range.from), formatDate(range.to));
    const out: { event: EventRow; date: CivilDate; stored?: StoredDateRow }[] = [];
    for (const e of events) {
      if (e.date_definition_type === 'MANUAL') {
        for (const s of stored.filter((d) => d.calendar_event_id === e.calendar_event_id))
          out.push({ event: e, date: parseDate(s.start_date)!, stored: s });
      } else {
        for (const date of eventDates(ruleOf(e), range.from, range.to)) out.push({ event: e, date });
      }
    }
    return out.sort(
      (a, b) => dayNumber(a.date) - dayNumber(b.date) || a.event.calendar_event_id - b.event.calendar_event_id,
    );
  }

  async dates(params: {
    calendarId?: number;
    lseId?: number;
    locale?: string;
    fromDateTime?: string;
    toDateTime?: string;
    calendarEventTypes?: string[];
    dateDefinitionTypes?: string[];
  }): Promise<CalendarDate[]> {
    let lseOfCalendar: number | null = null;
    if (params.calendarId !== undefined) {
      const calendar = await this.repo.find(params.calendarId);
      if (!calendar) throw notFound('Calendar', 'calendarId', params.calendarId);
      lseOfCalendar = calendar.lse_id;
    }
    const zone = await this.zoneOfLse(params.lseId ?? lseOfCalendar);
    const range = await this.range(params.fromDateTime, params.toDateTime, zone);
    const events = await this.repo.events({
      calendarId: params.calendarId,
      lseId: params.calendarId === undefined ? params.lseId : undefined,
      locale: params.locale?.toUpperCase(),
      eventTypes: enumList('calendarEventTypes', params.calendarEventTypes, CALENDAR_TYPES),
      definitionTypes: enumList('dateDefinitionTypes', params.dateDefinitionTypes, DATE_DEFINITION_TYPES),
    });
    const zones = new Map<number | null, string>();
    const zoneFor = async (lse: number | null) => {
      if (!zones.has(lse)) zones.set(lse, await this.zoneOfLse(lse));
      return zones.get(lse)!;
    };
    const out: CalendarDate[] = [];
    for (const { event, date, stored } of await this.datesOf(events, range)) {
      const eventZone = params.lseId !== undefined ? zone : await zoneFor(event.calendar_lse_id);
      out.push({
        eventDateId: stored ? stored.event_date_id : generatedDateId(event.calendar_event_id, date),
        subKey: stored?.sub_key ?? null,
        eventName: event.calendar_event_name,
        startDateTime: formatDateTime(
          stored?.start_time ? localDateTime(stored.start_time, eventZone) : localMidnight(date, eventZone),
        ),
        endDateTime: stored?.end_time ? formatDateTime(localDateTime(stored.end_time, eventZone)) : null,
        calendarEventId: event.calendar_event_id,
        lseId: event.lse_id ?? event.calendar_lse_id,
      });
    }
    return out;
  }

  /** For the TOU schedule: the calendars (of those given) that include each date of the range. */
  async calendarsByDate(calendarIds: number[], range: DateRange): Promise<(date: CivilDate) => ReadonlySet<number>> {
    const byDate = new Map<number, Set<number>>();
    for (const calendarId of calendarIds) {
      for (const { date } of await this.datesOf(await this.repo.events({ calendarId }), range)) {
        const key = dayNumber(date);
        (byDate.get(key) ?? byDate.set(key, new Set()).get(key)!).add(calendarId);
      }
    }
    const empty = new Set<number>();
    return (date) => byDate.get(dayNumber(date)) ?? empty;
  }
}
