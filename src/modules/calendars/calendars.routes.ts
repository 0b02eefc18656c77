// Calendars (spec section "Calendars").
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { isExt, parseListOptions } from '../../http/list-options.ts';
import { listInMemory, readField } from '../../http/memory-list.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  CalendarDateSchema,
  CalendarDatesQuery,
  CalendarListQuery,
  CalendarOneQuery,
  CalendarParams,
  CalendarSchema,
} from './calendars.schemas.ts';
import type { CalendarsService } from './calendars.service.ts';

const tags = ['Calendars'];
const calendarRules = {
  searchable: ['calendarName', 'calendarType'],
  defaultSearchOn: ['calendarName'],
  sortable: ['calendarId', 'calendarName', 'calendarType', 'lseId'],
  defaultSort: [{ field: 'calendarId', descending: false }],
};
const dateRules = {
  searchable: ['eventName', 'subKey'],
  defaultSearchOn: ['eventName'],
  sortable: ['startDateTime', 'eventName', 'calendarEventId'],
  defaultSort: [],
};

export function calendarsRoutes(service: CalendarsService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/calendars',
      {
        schema: {
          tags,
          summary: 'Calendars (events not populated)',
          querystring: CalendarListQuery,
          response: responses(CalendarSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, calendarRules);
        const { rows, total } = listInMemory(
          await service.list(request.query.lseId, request.query.calendarType),
          options,
          readField,
        );
        return page('Calendar', rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/calendars/dates',
      {
        schema: {
          tags,
          summary: 'Dates of calendar events, generated from their rules for the range',
          querystring: CalendarDatesQuery,
          response: responses(CalendarDateSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, dateRules);
        const { rows, total } = listInMemory(await service.dates(request.query), options, readField);
        return page('CalendarDate', rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/calendars/:calendarId',
      {
        schema: {
          tags,
          summary: 'One calendar with its events',
          params: CalendarParams,
          querystring: CalendarOneQuery,
          response: responses(CalendarSchema),
        },
      },
      async (request) =>
        single(
          'Calendar',
          await service.get(
            request.params.calendarId,
            request.query.fromDateTime,
            request.query.toDateTime,
            isExt(request.query.fields),
          ),
        ),
    );
  };
}
