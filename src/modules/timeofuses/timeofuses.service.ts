// Time-of-use groups: reading them (public ones, and private ones for their organization only), their concrete
// intervals, and private definitions checked against the coverage rules before they are stored.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { addDays } from '../../engine/calendar/civil-date.ts';
import { formatDateTime } from '../../engine/time/datetime-input.ts';
import { localDateOf } from '../../engine/time/local-days.ts';
import { checkSeasonGroup, SeasonGroupError } from '../../engine/time/seasons.ts';
import { findCoverageProblem, type TouPeriod } from '../../engine/time/tou-periods.ts';
import { compileTouGroup, touIntervals, type CompiledTouGroup, type TouDef } from '../../engine/time/tou-schedule.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { ApiError, ErrorCode, invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { listInMemory, readField } from '../../http/memory-list.ts';
import type { CalendarsService } from '../calendars/calendars.service.ts';
import type { LsesService } from '../lses/lses.service.ts';
import { toSeason, toSeasonDef, type SeasonsRepository } from '../seasons/seasons.repository.ts';
import { TimeOfUsesRepository, type LoadedGroup, type NewTou, type PeriodRow } from './timeofuses.repository.ts';
import {
  TOU_TYPES,
  type PrivateTouBody,
  type TimeOfUseSchema,
  type TouGroupSchema,
  type TouIntervalSchema,
} from './timeofuses.schemas.ts';
import { fromSqlBool } from '../../db/sql-values.ts';

export type TimeOfUse = Static<typeof TimeOfUseSchema>;
export type TouGroup = Static<typeof TouGroupSchema>;
export type TouIntervalOut = Static<typeof TouIntervalSchema>;
type Body = Static<typeof PrivateTouBody>;

/** Longest interval window one request may ask for. */
export const MAX_INTERVAL_DAYS = 366;
/** A stored period as the engine and the API name its fields. */
const periodOf = (p: PeriodRow): TouPeriod => ({
  fromDayOfWeek: p.from_day_of_week,
  fromHour: p.from_hour,
  fromMinute: p.from_minute,
  toDayOfWeek: p.to_day_of_week,
  toHour: p.to_hour,
  toMinute: p.to_minute,
});

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export class TimeOfUsesService {
  readonly repo: TimeOfUsesRepository;

  constructor(
    db: Db,
    private readonly lses: LsesService,
    private readonly seasons: SeasonsRepository,
    private readonly calendars: CalendarsService,
    private readonly now: () => Date,
  ) {
    this.repo = new TimeOfUsesRepository(db);
  }

  toTimeOfUses(g: LoadedGroup, ext: boolean): TimeOfUse[] {
    return g.tous.map((t) => {
      const season = t.season_id === null ? undefined : g.seasons.get(t.season_id);
      const tou: TimeOfUse = {
        touId: t.tou_id,
        touGroupId: t.tou_group_id,
        lseId: t.lse_id,
        touName: t.tou_name,
        touType: t.tou_type,
        calendarId: t.calendar_id,
        isDynamic: fromSqlBool(t.is_dynamic),
        season: season ? toSeason(season, ext) : null,
        touPeriods: (g.periods.get(t.tou_id) ?? []).map((p) => ({
          touPeriodId: p.tou_period_id,
          touId: p.tou_id,
          ...periodOf(p),
        })),
      };
      return ext ? { ...tou, privacy: g.group.privacy } : tou;
    });
  }

  toGroup(g: LoadedGroup, ext: boolean): TouGroup {
    return { lseId: g.group.lse_id, touGroupId: g.group.tou_group_id, timeOfUses: this.toTimeOfUses(g, ext) };
  }

  async group(lseId: number, touGroupId: number, orgId: number | null): Promise<LoadedGroup> {
    const found = (await this.repo.groups({ lseId, touGroupId, orgId }))[0];
    if (!found) throw notFound('TimeOfUseGroup', 'touGroupId', touGroupId);
    return found;
  }

  async groupsOfLse(lseId: number, orgId: number | null): Promise<LoadedGroup[]> {
    await this.lses.get(lseId);
    return this.repo.groups({ lseId, orgId });
  }

  /**
   * The original's list of groups (GET /rest/public/timeofuses, its lseId filter): the page is chosen among the
   * visible groups' keys, and only the page's groups are loaded.
   */
  async listGroups(
    lseId: number | undefined,
    orgId: number | null,
    options: ListOptions,
  ): Promise<{ rows: LoadedGroup[]; total: number }> {
    if (lseId !== undefined) await this.lses.get(lseId);
    const keys = await this.repo.groupKeys({ lseId, orgId });
    const { rows, total } = listInMemory(keys, options, readField);
    const loaded = await Promise.all(rows.map((k) => this.repo.groups({ ...k, orgId })));
    return { rows: loaded.flat(), total };
  }

  /** The group holding a TOU, when visible to the organization. */
  async groupOfTou(touId: number, orgId: number | null): Promise<LoadedGroup> {
    const group = await this.repo.groupOfTou(touId, orgId);
    if (!group) throw notFound('TimeOfUse', 'touId', touId);
    return group;
  }

  async touById(touId: number, orgId: number | null, ext: boolean): Promise<TimeOfUse> {
    return this.toTimeOfUses(await this.groupOfTou(touId, orgId), ext).find((t) => t.touId === touId)!;
  }

  /** The group compiled for look-ups, with the whole season group of each season its TOUs name. */
  async compile(g: LoadedGroup): Promise<CompiledTouGroup> {
    const defs: TouDef[] = g.tous.map((t) => ({
      touId: t.tou_id,
      touName: t.tou_name,
      touType: t.tou_type,
      seasonId: t.season_id,
      calendarId: t.calendar_id,
      isDynamic: fromSqlBool(t.is_dynamic),
      periods: (g.periods.get(t.tou_id) ?? []).map(periodOf),
    }));
    // Seasons: the whole group of each season the TOUs name, so that every day has its season.
    const seasonRows = await this.seasons.groupsOf([...g.seasons.keys()]);
    return compileTouGroup(defs, seasonRows.map(toSeasonDef));
  }

  /** Concrete intervals of a group in its LSE's zone: from now for a week unless the range says otherwise. */
  async intervals(g: LoadedGroup, fromRaw: string | undefined, toRaw: string | undefined): Promise<TouIntervalOut[]> {
    const zone = await this.lses.zoneOf(g.group.lse_id);
    // Whole seconds by default, as the original answers (2012-05-05T18:43:30-07:00, no milliseconds).
    const from =
      dateTimeParam('fromDateTime', fromRaw, zone)?.value ??
      DateTime.fromJSDate(this.now(), { zone }).startOf('second');
    const to = dateTimeParam('toDateTime', toRaw, zone)?.value ?? from.plus({ days: 7 });
    if (+to <= +from) throw invalidArgument('toDateTime', toRaw, 'toDateTime must be after fromDateTime');
    if (to.diff(from, 'days').days > MAX_INTERVAL_DAYS)
      throw invalidArgument('toDateTime', toRaw, `An interval window may span at most ${MAX_INTERVAL_DAYS} days`);
    const compiled = await this.compile(g);
    const range = { from: addDays(localDateOf(from, zone), -1), to: addDays(localDateOf(to, zone), 1) };
    const calendarsOn = await this.calendars.calendarsByDate([...compiled.calendarIds], range);
    return touIntervals(compiled, zone, from, to, calendarsOn).map((i) => ({
      touName: i.tou.touName,
      touGroupId: g.group.tou_group_id,
      fromDateTime: formatDateTime(i.from),
      toDateTime: formatDateTime(i.to),
      touId: i.tou.touId,
      touType: i.tou.touType,
      calendarId: i.tou.calendarId,
    }));
  }

  /** Checks a private definition: ids, references to public seasons and calendars, and the coverage rules. */
  private async checkDefinition(body: Body): Promise<NewTou[]> {
    try {
      await this.lses.get(body.lseId);
    } catch {
      throw invalidArgument('lseId', body.lseId, `No LSE with lseId ${body.lseId}`);
    }
    const lseSeasons = new Map((await this.seasons.ofLse(body.lseId)).map((s) => [s.season_id, s]));
    const tous: NewTou[] = [];
    for (const [i, t] of body.timeOfUses.entries()) {
      const at = `timeOfUses[${i}]`;
      if (!(TOU_TYPES as readonly string[]).includes(t.touType))
        throw invalidArgument(`${at}.touType`, t.touType, `touType must be one of ${TOU_TYPES.join(', ')}`);
      const seasonId = t.seasonId ?? null;
      if (seasonId !== null && !lseSeasons.has(seasonId))
        throw invalidArgument(`${at}.seasonId`, seasonId, `seasonId must be a public season of LSE ${body.lseId}`);
      const calendarId = t.calendarId ?? null;
      if (calendarId !== null) {
        const calendar = await this.calendars.repo.find(calendarId);
        if (!calendar || (calendar.lse_id !== null && calendar.lse_id !== body.lseId)) {
          throw invalidArgument(
            `${at}.calendarId`,
            calendarId,
            `calendarId must be a public calendar of LSE ${body.lseId} or a general one`,
          );
        }
      }
      if (t.isDynamic && calendarId === null)
        throw invalidArgument(`${at}.isDynamic`, true, 'A dynamic TOU needs the calendarId of its event days');
      tous.push({
        touName: t.touName,
        touType: t.touType,
        seasonId,
        calendarId,
        isDynamic: t.isDynamic ?? false,
        periods: t.touPeriods,
      });
    }
    // The seasons named must make up one whole season group, so that the year is covered.
    const named = [...new Set(tous.map((t) => t.seasonId).filter((s): s is number => s !== null))];
    const groupIds = new Set(named.map((s) => lseSeasons.get(s)!.season_group_id));
    if (groupIds.size > 1)
      throw invalidArgument('timeOfUses', named.join(','), 'The TOUs name seasons of more than one season group');
    const groupSeasons = [...lseSeasons.values()].filter((s) => groupIds.has(s.season_group_id));
    try {
      if (groupSeasons.length) checkSeasonGroup(groupSeasons.map(toSeasonDef));
    } catch (e) {
      if (e instanceof SeasonGroupError)
        throw invalidArgument('timeOfUses', named.join(','), `The season group does not cover the year: ${e.message}`);
      throw e;
    }
    const problem = findCoverageProblem(
      tous.map((t) => ({ ...t, periods: t.periods })),
      groupSeasons.map((s) => s.season_id),
    );
    if (problem) {
      const when = `${DAY_NAMES[problem.dayOfWeek]} ${String(problem.hour).padStart(2, '0')}:${String(problem.minute).padStart(2, '0')}`;
      const season =
        problem.seasonId === null
          ? ''
          : ` in season ${lseSeasons.get(problem.seasonId)?.season_name ?? problem.seasonId}`;
      const message =
        problem.kind === 'GAP'
          ? `Gap: no TOU covers ${when}${season}; every minute of the week must be covered by exactly one TOU period`
          : `Overlap: ${problem.touNames.join(' and ')} both cover ${when}${season}; every minute of the week must be covered by exactly one TOU period`;
      throw new ApiError(400, {
        code: ErrorCode.InvalidArgument,
        message,
        propertyName: 'timeOfUses',
        propertyValue: `${problem.kind} day ${problem.dayOfWeek} ${when}`,
        objectName: 'TimeOfUseGroup',
      });
    }
    return tous;
  }

  async createPrivate(body: Body, orgId: number): Promise<LoadedGroup> {
    if (body.touGroupId !== undefined)
      throw invalidArgument(
        'touGroupId',
        body.touGroupId,
        'touGroupId is assigned by Ratebook: do not send it on create',
      );
    const withId = body.timeOfUses.findIndex((t) => t.touId !== undefined);
    if (withId >= 0)
      throw invalidArgument(
        `timeOfUses[${withId}].touId`,
        body.timeOfUses[withId]!.touId,
        'touId is assigned by Ratebook: do not send it on create',
      );
    const tous = await this.checkDefinition(body);
    const touGroupId = await this.repo.createPrivate(body.lseId, orgId, tous);
    return this.group(body.lseId, touGroupId, orgId);
  }

  /** The caller's own private group, or a 404 (a public group is a 403: it cannot be changed). */
  private async ownGroup(lseId: number, touGroupId: number, orgId: number): Promise<LoadedGroup> {
    const row = await this.repo.findGroup(lseId, touGroupId);
    if (row && row.privacy === 'PUBLIC') {
      throw new ApiError(403, {
        code: ErrorCode.NotAuthorized,
        message: 'Public time-of-use groups cannot be changed',
        propertyName: 'touGroupId',
        propertyValue: String(touGroupId),
      });
    }
    if (!row || row.owner_org_id !== orgId) throw notFound('TimeOfUseGroup', 'touGroupId', touGroupId);
    return this.group(lseId, touGroupId, orgId);
  }

  /** Replaces a private group's definition; every TOU of the group is sent with its touId, and only those. */
  async updatePrivate(body: Body, orgId: number): Promise<LoadedGroup> {
    if (body.touGroupId === undefined)
      throw invalidArgument('touGroupId', null, 'touGroupId is required to update a time-of-use group');
    const existing = await this.ownGroup(body.lseId, body.touGroupId, orgId);
    const ids = new Set(existing.tous.map((t) => t.tou_id));
    for (const [i, t] of body.timeOfUses.entries()) {
      if (t.touId === undefined) throw invalidArgument(`timeOfUses[${i}].touId`, null, 'touId is required on update');
      if (!ids.has(t.touId))
        throw invalidArgument(`timeOfUses[${i}].touId`, t.touId, `TOU ${t.touId} is not in group ${body.touGroupId}`);
    }
    const sent = new Set(body.timeOfUses.map((t) => t.touId!));
    if (sent.size !== body.timeOfUses.length)
      throw invalidArgument('timeOfUses', [...sent].join(','), 'A touId is listed twice');
    const missing = [...ids].filter((id) => !sent.has(id));
    if (missing.length)
      throw invalidArgument(
        'timeOfUses',
        missing.join(','),
        `Every TOU of the group must be sent; missing touId ${missing.join(', ')}`,
      );
    const tous = await this.checkDefinition(body);
    await this.repo.replaceTous(
      body.lseId,
      body.touGroupId,
      tous.map((t, i) => ({ ...t, touId: body.timeOfUses[i]!.touId! })),
    );
    return this.group(body.lseId, body.touGroupId, orgId);
  }

  async deletePrivate(lseId: number, touGroupId: number, orgId: number): Promise<LoadedGroup> {
    const existing = await this.ownGroup(lseId, touGroupId, orgId);
    await this.repo.deleteGroup(lseId, touGroupId);
    return existing;
  }
}
