// Loads the starter seasons, calendars (events and stored dates) and public time-of-use groups, replacing
// exactly the starter records so that a new version of the data can be re-seeded.
import type { Seeder } from './seeder.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import { sql } from 'kysely';
import { RETIRED_STARTER_SEASON_IDS, STARTER_CALENDARS } from './starter/time.data.ts';
import {
  ALL_STARTER_SEASONS as STARTER_SEASONS,
  ALL_STARTER_TOU_GROUPS as STARTER_TOU_GROUPS,
} from './starter/combined.ts';

export const timeSeeder: Seeder = {
  name: 'starter-time',
  // 2: Georgia Power's winter season takes the original's id 314. 3: seasons and TOU groups of the starter tariffs.
  // 4: Xcel RE-TOU's 2026 periods and holiday calendar, SCE TOU-GS-2's demand periods. 5: PG&E E-ELEC's periods.
  version: 5,
  async run(trx) {
    const touIds = STARTER_TOU_GROUPS.flatMap((g) => g.tous.map((t) => t.touId));
    const eventIds = STARTER_CALENDARS.flatMap((c) => c.events.map((e) => e.calendarEventId));
    await trx.deleteFrom('tou_periods').where('tou_id', 'in', touIds).execute();
    await trx.deleteFrom('tous').where('tou_id', 'in', touIds).execute();
    for (const g of STARTER_TOU_GROUPS)
      await trx
        .deleteFrom('tou_groups')
        .where('lse_id', '=', g.lseId)
        .where('tou_group_id', '=', g.touGroupId)
        .execute();
    await trx.deleteFrom('calendar_dates').where('calendar_event_id', 'in', eventIds).execute();
    await trx.deleteFrom('calendar_events').where('calendar_event_id', 'in', eventIds).execute();
    await trx
      .deleteFrom('calendars')
      .where(
        'calendar_id',
        'in',
        STARTER_CALENDARS.map((c) => c.calendarId),
      )
      .execute();
    await trx
      .deleteFrom('seasons')
      .where(
        'season_id',
        'in',
        STARTER_SEASONS.map((s) => s.seasonId),
      )
      .execute();
    // A retired season goes too, unless a private TOU of a user still names it.
    await trx
      .deleteFrom('seasons')
      .where('season_id', 'in', [...RETIRED_STARTER_SEASON_IDS])
      .where(sql<boolean>`not exists (select 1 from tous where tous.season_id = seasons.season_id)`)
      .execute();

    await insertInChunks(
      trx,
      'seasons',
      STARTER_SEASONS.map((s) => ({
        season_id: s.seasonId,
        lse_id: s.lseId,
        season_group_id: s.seasonGroupId,
        season_name: s.seasonName,
        from_month: s.from[0],
        from_day: s.from[1],
        from_edge_predominance: null,
        to_month: s.to[0],
        to_day: s.to[1],
        to_edge_predominance: null,
        source: s.source,
      })),
    );
    let rows = STARTER_SEASONS.length;
    for (const c of STARTER_CALENDARS) {
      await trx
        .insertInto('calendars')
        .values({
          calendar_id: c.calendarId,
          calendar_name: c.calendarName,
          calendar_type: c.calendarType,
          lse_id: c.lseId,
          source: c.source,
        })
        .execute();
      for (const e of c.events) {
        await trx
          .insertInto('calendar_events')
          .values({
            calendar_event_id: e.calendarEventId,
            calendar_id: c.calendarId,
            calendar_event_name: e.name,
            lse_id: c.lseId,
            calendar_event_type: c.calendarType,
            date_definition_type: e.dateDefinitionType,
            locale: 'US',
            fixed_month: e.fixedMonth ?? null,
            fixed_day: e.fixedDay ?? null,
            day_of_week: e.dayOfWeek ?? null,
            week_of_month: e.weekOfMonth ?? null,
            adjustment: e.adjustment ?? null,
          })
          .execute();
        await insertInChunks(
          trx,
          'calendar_dates',
          (e.stored ?? []).map((d) => ({
            calendar_event_id: e.calendarEventId,
            start_date: d.date,
            start_time: d.startTime ?? null,
            end_time: d.endTime ?? null,
            sub_key: null,
          })),
        );
        rows += 1 + (e.stored?.length ?? 0);
      }
    }
    for (const g of STARTER_TOU_GROUPS) {
      await trx
        .insertInto('tou_groups')
        .values({
          lse_id: g.lseId,
          tou_group_id: g.touGroupId,
          privacy: 'PUBLIC',
          owner_org_id: null,
          source: g.source,
        })
        .execute();
      for (const t of g.tous) {
        await trx
          .insertInto('tous')
          .values({
            tou_id: t.touId,
            lse_id: g.lseId,
            tou_group_id: g.touGroupId,
            tou_name: t.touName,
            calendar_id: t.calendarId,
            season_id: t.seasonId,
            tou_type: t.touType,
            is_dynamic: t.isDynamic ?? false,
          })
          .execute();
        await insertInChunks(
          trx,
          'tou_periods',
          t.periods.map((p) => ({
            tou_period_id: p.touPeriodId,
            tou_id: t.touId,
            from_day_of_week: p.fromDayOfWeek,
            from_hour: p.fromHour,
            from_minute: p.fromMinute,
            to_day_of_week: p.toDayOfWeek,
            to_hour: p.toHour,
            to_minute: p.toMinute,
            calendar_id: null,
          })),
        );
        rows += 1 + t.periods.length;
      }
    }
    return rows;
  },
};
