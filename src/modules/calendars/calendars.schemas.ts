import { Type } from '@sinclair/typebox';
import { DATE_DEFINITION_TYPES } from '../../engine/calendar/event-rules.ts';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);

export const CALENDAR_TYPES = ['HOLIDAY', 'BILLING', 'PRICING_PERIOD'] as const;

export const CalendarEventSchema = Type.Object({
  calendarEventId: Type.Integer(),
  calendarEventName: Type.String(),
  lseId: NInt,
  calendarEventType: Type.String(),
  dateDefinitionType: Type.Optional(Type.String()),
  locale: NString,
  seededUntil: NString,
  fixedMonth: Type.Optional(NInt),
  fixedDay: Type.Optional(NInt),
  dayOfWeek: Type.Optional(NInt),
  weekOfMonth: Type.Optional(NInt),
  adjustment: Type.Optional(NInt),
});

export const CalendarSchema = Type.Object({
  calendarId: Type.Integer(),
  calendarName: Type.String(),
  calendarType: Type.String(),
  lseId: NInt,
  events: Type.Optional(Type.Array(CalendarEventSchema)),
});

export const CalendarDateSchema = Type.Object({
  eventDateId: Type.Integer(),
  subKey: NString,
  eventName: Type.String(),
  startDateTime: Type.String(),
  endDateTime: NString,
  calendarEventId: Type.Integer(),
  lseId: NInt,
});

export const CalendarListQuery = Type.Object({
  ...ListQuery,
  lseId: Type.Optional(Id()),
  calendarType: Type.Optional(Type.String({ description: CALENDAR_TYPES.join(', ') })),
});

export const CalendarParams = Type.Object({ calendarId: Id() });
export const CalendarOneQuery = Type.Object({
  fromDateTime: Type.Optional(Type.String({ description: 'Only events with a date on or after' })),
  toDateTime: Type.Optional(Type.String({ description: 'Only events with a date on or before' })),
  fields: Type.Optional(Type.String()),
});

export const CalendarDatesQuery = Type.Object({
  ...ListQuery,
  calendarId: Type.Optional(Id()),
  lseId: Type.Optional(Id()),
  locale: Type.Optional(Type.String({ description: 'ISO country code' })),
  fromDateTime: Type.Optional(Type.String({ description: 'Dates on or after (default: January 1 of this year)' })),
  toDateTime: Type.Optional(Type.String({ description: 'Dates on or before (default: December 31 of the from year)' })),
  calendarEventTypes: Type.Optional(StringList(CALENDAR_TYPES.join(', '))),
  dateDefinitionTypes: Type.Optional(StringList(DATE_DEFINITION_TYPES.join(', '))),
});
