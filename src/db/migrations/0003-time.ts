// Seasons, calendars (events as rules, plus stored dates for MANUAL events) and time-of-use groups, TOUs and periods.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { identityColumn } from './schema-helpers.ts';

export const time = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('seasons')
      .addColumn('season_id', 'integer', (c) => c.primaryKey())
      .addColumn('lse_id', 'integer', (c) => c.notNull().references('lses.lse_id').onDelete('cascade'))
      .addColumn('season_group_id', 'integer', (c) => c.notNull())
      .addColumn('season_name', 'text', (c) => c.notNull())
      .addColumn('from_month', 'integer', (c) => c.notNull())
      .addColumn('from_day', 'integer', (c) => c.notNull())
      .addColumn('from_edge_predominance', 'text')
      .addColumn('to_month', 'integer', (c) => c.notNull())
      .addColumn('to_day', 'integer', (c) => c.notNull())
      .addColumn('to_edge_predominance', 'text')
      .addColumn('source', 'text')
      .execute();
    await db.schema.createIndex('seasons_lse_idx').on('seasons').columns(['lse_id', 'season_group_id']).execute();

    await db.schema
      .createTable('calendars')
      .addColumn('calendar_id', 'integer', (c) => c.primaryKey())
      .addColumn('calendar_name', 'text', (c) => c.notNull())
      .addColumn('calendar_type', 'text', (c) => c.notNull())
      .addColumn('lse_id', 'integer', (c) => c.references('lses.lse_id').onDelete('cascade'))
      .addColumn('source', 'text')
      .execute();
    await db.schema
      .createTable('calendar_events')
      .addColumn('calendar_event_id', 'integer', (c) => c.primaryKey())
      .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.calendar_id').onDelete('cascade'))
      .addColumn('calendar_event_name', 'text', (c) => c.notNull())
      .addColumn('lse_id', 'integer')
      .addColumn('calendar_event_type', 'text', (c) => c.notNull())
      .addColumn('date_definition_type', 'text', (c) => c.notNull())
      .addColumn('locale', 'text')
      .addColumn('fixed_month', 'integer')
      .addColumn('fixed_day', 'integer')
      .addColumn('day_of_week', 'integer')
      .addColumn('week_of_month', 'integer')
      .addColumn('adjustment', 'integer')
      .execute();
    await db.schema.createIndex('calendar_events_calendar_idx').on('calendar_events').column('calendar_id').execute();
    await identityColumn(db.schema.createTable('calendar_dates'), 'event_date_id', dialect)
      .addColumn('calendar_event_id', 'integer', (c) =>
        c.notNull().references('calendar_events.calendar_event_id').onDelete('cascade'),
      )
      .addColumn('start_date', 'text', (c) => c.notNull())
      // Local wall-clock times (YYYY-MM-DDTHH:mm) for dates that are not one whole day; null for a whole day.
      .addColumn('start_time', 'text')
      .addColumn('end_time', 'text')
      .addColumn('sub_key', 'text')
      .execute();
    await db.schema
      .createIndex('calendar_dates_event_idx')
      .on('calendar_dates')
      .columns(['calendar_event_id', 'start_date'])
      .execute();

    await db.schema
      .createTable('tou_groups')
      .addColumn('lse_id', 'integer', (c) => c.notNull().references('lses.lse_id').onDelete('cascade'))
      .addColumn('tou_group_id', 'integer', (c) => c.notNull())
      .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('PUBLIC'))
      // The organization that made a PRIVATE group; null for public data.
      .addColumn('owner_org_id', 'integer', (c) => c.references('organizations.org_id').onDelete('cascade'))
      .addColumn('source', 'text')
      .addPrimaryKeyConstraint('tou_groups_pk', ['lse_id', 'tou_group_id'])
      .execute();
    await db.schema
      .createTable('tous')
      .addColumn('tou_id', 'integer', (c) => c.primaryKey())
      .addColumn('lse_id', 'integer', (c) => c.notNull())
      .addColumn('tou_group_id', 'integer', (c) => c.notNull())
      .addColumn('tou_name', 'text', (c) => c.notNull())
      .addColumn('calendar_id', 'integer', (c) => c.references('calendars.calendar_id'))
      .addColumn('season_id', 'integer', (c) => c.references('seasons.season_id'))
      .addColumn('tou_type', 'text')
      .addColumn('is_dynamic', 'boolean', (c) => c.notNull().defaultTo(false))
      .addForeignKeyConstraint(
        'tous_group_fk',
        ['lse_id', 'tou_group_id'],
        'tou_groups',
        ['lse_id', 'tou_group_id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema.createIndex('tous_group_idx').on('tous').columns(['lse_id', 'tou_group_id']).execute();
    await db.schema
      .createTable('tou_periods')
      .addColumn('tou_period_id', 'integer', (c) => c.primaryKey())
      .addColumn('tou_id', 'integer', (c) => c.notNull().references('tous.tou_id').onDelete('cascade'))
      .addColumn('from_day_of_week', 'integer', (c) => c.notNull())
      .addColumn('from_hour', 'integer', (c) => c.notNull())
      .addColumn('from_minute', 'integer', (c) => c.notNull())
      .addColumn('to_day_of_week', 'integer', (c) => c.notNull())
      .addColumn('to_hour', 'integer', (c) => c.notNull())
      .addColumn('to_minute', 'integer', (c) => c.notNull())
      .addColumn('calendar_id', 'integer')
      .execute();
    await db.schema.createIndex('tou_periods_tou_idx').on('tou_periods').column('tou_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const t of ['tou_periods', 'tous', 'tou_groups', 'calendar_dates', 'calendar_events', 'calendars', 'seasons'])
      await db.schema.dropTable(t).execute();
  },
});
