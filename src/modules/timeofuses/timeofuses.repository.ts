// Time-of-use groups, TOUs and periods in SQL; a group is read whole, with its TOUs, periods and seasons.
import type { Selectable, Transaction } from 'kysely';
import type { Database, Db, TouGroupsTable, TouPeriodsTable, TousTable } from '../../db/database.ts';
import type { SeasonRow } from '../seasons/seasons.repository.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { randomPrivateIds } from '../../domain/ids/private-ids.ts';

export type GroupRow = Selectable<TouGroupsTable>;
export type TouRow = Selectable<TousTable>;
export type PeriodRow = Selectable<TouPeriodsTable>;

export interface LoadedGroup {
  group: GroupRow;
  tous: TouRow[];
  periods: Map<number, PeriodRow[]>;
  seasons: Map<number, SeasonRow>;
}

export interface NewTou {
  touName: string;
  touType: string;
  seasonId: number | null;
  calendarId: number | null;
  isDynamic: boolean;
  periods: {
    fromDayOfWeek: number;
    fromHour: number;
    fromMinute: number;
    toDayOfWeek: number;
    toHour: number;
    toMinute: number;
  }[];
}

export class TimeOfUsesRepository {
  constructor(private readonly db: Db) {}

  /** Groups visible to an organization: public ones and its own private ones. */
  async groups(filter: { lseId: number; touGroupId?: number; orgId: number | null }): Promise<LoadedGroup[]> {
    let q = this.db.kysely.selectFrom('tou_groups').selectAll().where('lse_id', '=', filter.lseId);
    if (filter.touGroupId !== undefined) q = q.where('tou_group_id', '=', filter.touGroupId);
    q = q.where((eb) =>
      eb.or([eb('privacy', '=', 'PUBLIC'), ...(filter.orgId === null ? [] : [eb('owner_org_id', '=', filter.orgId)])]),
    );
    const groups = await q.orderBy('tou_group_id').execute();
    return Promise.all(groups.map((g) => this.load(g)));
  }

  /** The keys of the groups visible to an organization (of one LSE when given), in lseId and touGroupId order. */
  async groupKeys(filter: { lseId?: number; orgId: number | null }): Promise<{ lseId: number; touGroupId: number }[]> {
    let q = this.db.kysely.selectFrom('tou_groups').select(['lse_id', 'tou_group_id']);
    if (filter.lseId !== undefined) q = q.where('lse_id', '=', filter.lseId);
    q = q.where((eb) =>
      eb.or([eb('privacy', '=', 'PUBLIC'), ...(filter.orgId === null ? [] : [eb('owner_org_id', '=', filter.orgId)])]),
    );
    const rows = await q.orderBy('lse_id').orderBy('tou_group_id').execute();
    return rows.map((r) => ({ lseId: r.lse_id, touGroupId: r.tou_group_id }));
  }

  /** The group a TOU belongs to, when visible to the organization. */
  async groupOfTou(touId: number, orgId: number | null): Promise<LoadedGroup | undefined> {
    const tou = await this.db.kysely
      .selectFrom('tous')
      .select(['lse_id', 'tou_group_id'])
      .where('tou_id', '=', touId)
      .executeTakeFirst();
    if (!tou) return undefined;
    return (await this.groups({ lseId: tou.lse_id, touGroupId: tou.tou_group_id, orgId }))[0];
  }

  async findGroup(lseId: number, touGroupId: number): Promise<GroupRow | undefined> {
    return this.db.kysely
      .selectFrom('tou_groups')
      .selectAll()
      .where('lse_id', '=', lseId)
      .where('tou_group_id', '=', touGroupId)
      .executeTakeFirst();
  }

  private async load(group: GroupRow): Promise<LoadedGroup> {
    const tous = await this.db.kysely
      .selectFrom('tous')
      .selectAll()
      .where('lse_id', '=', group.lse_id)
      .where('tou_group_id', '=', group.tou_group_id)
      .orderBy('tou_id')
      .execute();
    const ids = tous.map((t) => t.tou_id);
    const periodRows = ids.length
      ? await this.db.kysely
          .selectFrom('tou_periods')
          .selectAll()
          .where('tou_id', 'in', ids)
          .orderBy('tou_period_id')
          .execute()
      : [];
    const periods = new Map<number, PeriodRow[]>(ids.map((id) => [id, []]));
    for (const p of periodRows) periods.get(p.tou_id)!.push(p);
    const seasonIds = [...new Set(tous.map((t) => t.season_id).filter((s): s is number => s !== null))];
    const seasonRows = seasonIds.length
      ? await this.db.kysely.selectFrom('seasons').selectAll().where('season_id', 'in', seasonIds).execute()
      : [];
    return { group, tous, periods, seasons: new Map(seasonRows.map((s) => [s.season_id, s])) };
  }

  /**
   * `count` unused ids of the private range for new TOUs or periods (drawn again while any is taken). Two writers
   * drawing the same id at once is left to the primary key: the later transaction fails and is made again.
   */
  private async freshIds(trx: Transaction<Database>, table: 'tous' | 'tou_periods', count: number): Promise<number[]> {
    for (;;) {
      const ids = randomPrivateIds(count);
      if (count === 0) return ids;
      const taken =
        table === 'tous'
          ? await trx.selectFrom('tous').select('tou_id as id').where('tou_id', 'in', ids).execute()
          : await trx
              .selectFrom('tou_periods')
              .select('tou_period_id as id')
              .where('tou_period_id', 'in', ids)
              .execute();
      if (taken.length === 0) return ids;
    }
  }

  private async insertTous(
    trx: Transaction<Database>,
    lseId: number,
    touGroupId: number,
    tous: (NewTou & { touId?: number })[],
  ): Promise<void> {
    const touIds = await this.freshIds(trx, 'tous', tous.filter((t) => t.touId === undefined).length);
    const periodIds = await this.freshIds(
      trx,
      'tou_periods',
      tous.reduce((n, t) => n + t.periods.length, 0),
    );
    for (const t of tous) {
      const id = t.touId ?? touIds.pop()!;
      await trx
        .insertInto('tous')
        .values({
          tou_id: id,
          lse_id: lseId,
          tou_group_id: touGroupId,
          tou_name: t.touName,
          calendar_id: t.calendarId,
          season_id: t.seasonId,
          tou_type: t.touType,
          is_dynamic: t.isDynamic,
        })
        .execute();
      for (const p of t.periods) {
        await trx
          .insertInto('tou_periods')
          .values({
            tou_period_id: periodIds.pop()!,
            tou_id: id,
            from_day_of_week: p.fromDayOfWeek,
            from_hour: p.fromHour,
            from_minute: p.fromMinute,
            to_day_of_week: p.toDayOfWeek,
            to_hour: p.toHour,
            to_minute: p.toMinute,
            calendar_id: null,
          })
          .execute();
      }
    }
  }

  /**
   * A new private group for the organization, with ids drawn at random from the private range (private-ids.ts), so
   * that they tell nothing of other organizations' groups; one transaction, made again if another writer took an id
   * drawn here at the same moment.
   */
  createPrivate(lseId: number, orgId: number, tous: NewTou[]): Promise<number> {
    return againOnTakenId(() => this.createOnce(lseId, orgId, tous));
  }

  private createOnce(lseId: number, orgId: number, tous: NewTou[]): Promise<number> {
    return writeTransaction(this.db, async (trx) => {
      let touGroupId: number;
      do [touGroupId] = randomPrivateIds(1) as [number];
      while (await this.findGroupIn(trx, lseId, touGroupId));
      await trx
        .insertInto('tou_groups')
        .values({ lse_id: lseId, tou_group_id: touGroupId, privacy: 'PRIVATE', owner_org_id: orgId, source: null })
        .execute();
      await this.insertTous(trx, lseId, touGroupId, tous);
      return touGroupId;
    });
  }

  private findGroupIn(trx: Transaction<Database>, lseId: number, touGroupId: number) {
    return trx
      .selectFrom('tou_groups')
      .select('tou_group_id')
      .where('lse_id', '=', lseId)
      .where('tou_group_id', '=', touGroupId)
      .executeTakeFirst();
  }

  /** Rewrites the TOUs of a group, keeping their ids; their periods are replaced (new ids, drawn at random). */
  replaceTous(lseId: number, touGroupId: number, tous: (NewTou & { touId: number })[]): Promise<void> {
    return againOnTakenId(() => this.replaceOnce(lseId, touGroupId, tous));
  }

  private replaceOnce(lseId: number, touGroupId: number, tous: (NewTou & { touId: number })[]): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      await trx
        .deleteFrom('tou_periods')
        .where(
          'tou_id',
          'in',
          tous.map((t) => t.touId),
        )
        .execute();
      await trx.deleteFrom('tous').where('lse_id', '=', lseId).where('tou_group_id', '=', touGroupId).execute();
      await this.insertTous(trx, lseId, touGroupId, tous);
    });
  }

  deleteGroup(lseId: number, touGroupId: number): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      const ids = (
        await trx
          .selectFrom('tous')
          .select('tou_id')
          .where('lse_id', '=', lseId)
          .where('tou_group_id', '=', touGroupId)
          .execute()
      ).map((r) => r.tou_id);
      if (ids.length) await trx.deleteFrom('tou_periods').where('tou_id', 'in', ids).execute();
      await trx.deleteFrom('tous').where('lse_id', '=', lseId).where('tou_group_id', '=', touGroupId).execute();
      await trx.deleteFrom('tou_groups').where('lse_id', '=', lseId).where('tou_group_id', '=', touGroupId).execute();
    });
  }
}

/** Runs `write` again (up to 5 times) while it fails on a unique key: an id drawn was taken by a concurrent writer. */
async function againOnTakenId<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 5) throw e;
    }
  }
}
