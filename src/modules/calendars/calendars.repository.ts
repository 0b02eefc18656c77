// Calendars, their events and stored dates in SQL.
import type { Selectable } from 'kysely';
import type { CalendarDatesTable, CalendarEventsTable, CalendarsTable, Db } from '../../db/database.ts';

export type CalendarRow = Selectable<CalendarsTable>;
export type EventRow = Selectable<CalendarEventsTable> & { calendar_type: string; calendar_lse_id: number | null };
export type StoredDateRow = Selectable<CalendarDatesTable>;

export interface EventFilters {
  calendarId?: number;
  lseId?: number;
  locale?: string;
  eventTypes?: string[];
  definitionTypes?: string[];
}

export class CalendarsRepository {
  constructor(private readonly db: Db) {}

  list(filters: { lseId?: number; calendarType?: string }): Promise<CalendarRow[]> {
    let q = this.db.kysely.selectFrom('calendars').selectAll();
    if (filters.lseId !== undefined) q = q.where('lse_id', '=', filters.lseId);
    if (filters.calendarType) q = q.where('calendar_type', '=', filters.calendarType);
    return q.orderBy('calendar_id').execute();
  }

  find(calendarId: number): Promise<CalendarRow | undefined> {
    return this.db.kysely.selectFrom('calendars').selectAll().where('calendar_id', '=', calendarId).executeTakeFirst();
  }

  events(filters: EventFilters): Promise<EventRow[]> {
    let q = this.db.kysely
      .selectFrom('calendar_events as e')
      .innerJoin('calendars as c', 'c.calendar_id', 'e.calendar_id')
      .selectAll('e')
      .select(['c.calendar_type', 'c.lse_id as calendar_lse_id']);
    if (filters.calendarId !== undefined) q = q.where('e.calendar_id', '=', filters.calendarId);
    if (filters.lseId !== undefined) q = q.where('c.lse_id', '=', filters.lseId);
    if (filters.locale) q = q.where('e.locale', '=', filters.locale);
    if (filters.eventTypes?.length) q = q.where('e.calendar_event_type', 'in', filters.eventTypes);
    if (filters.definitionTypes?.length) q = q.where('e.date_definition_type', 'in', filters.definitionTypes);
    return q.orderBy('e.calendar_event_id').execute();
  }

  /** Stored dates of MANUAL events, from `from` to `to` (YYYY-MM-DD, inclusive); all of them without a range. */
  storedDates(eventIds: number[], from?: string, to?: string): Promise<StoredDateRow[]> {
    if (!eventIds.length) return Promise.resolve([]);
    let q = this.db.kysely.selectFrom('calendar_dates').selectAll().where('calendar_event_id', 'in', eventIds);
    if (from) q = q.where('start_date', '>=', from);
    if (to) q = q.where('start_date', '<=', to);
    return q.orderBy('start_date').orderBy('event_date_id').execute();
  }

  async lastStoredDates(eventIds: number[]): Promise<Map<number, string>> {
    if (!eventIds.length) return new Map();
    const rows = await this.db.kysely
      .selectFrom('calendar_dates')
      .select(['calendar_event_id', (eb) => eb.fn.max('start_date').as('last')])
      .where('calendar_event_id', 'in', eventIds)
      .groupBy('calendar_event_id')
      .execute();
    return new Map(rows.map((r) => [r.calendar_event_id, String(r.last)]));
  }
}
