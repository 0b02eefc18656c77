// Time-of-use groups, TOUs and periods in SQL; a group is read whole, with its TOUs, periods and seasons.
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, Db, TouGroupsTable, TouPeriodsTable, TousTable } from '../../db/database.ts';
import type { SeasonRow } from '../seasons/seasons.repository.ts';
import { writeTransaction } from '../../db/transaction.ts';

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

  private async nextId(
    trx: Transaction<Database>,
    table: 'tous' | 'tou_periods',
    column: 'tou_id' | 'tou_period_id',
  ): Promise<number> {
    const row = await sql<{ m: number | null }>`select max(${sql.ref(column)}) as m from ${sql.table(table)}`.execute(
      trx,
    );
    return Number(row.rows[0]?.m ?? 0) + 1;
  }

  private async insertTous(
    trx: Transaction<Database>,
    lseId: number,
    touGroupId: number,
    tous: (NewTou & { touId?: number })[],
  ): Promise<void> {
    let touId = await this.nextId(trx, 'tous', 'tou_id');
    let periodId = await this.nextId(trx, 'tou_periods', 'tou_period_id');
    for (const t of tous) {
      const id = t.touId ?? touId++;
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
            tou_period_id: periodId++,
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
   * A new private group for the organization, with ids assigned; one transaction. Ids are the next free numbers, so
   * two creations at once (PostgreSQL) can pick the same: the later one fails on the primary key and is retried.
   */
  async createPrivate(lseId: number, orgId: number, tous: NewTou[]): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.createOnce(lseId, orgId, tous);
      } catch (e) {
        const unique =
          (e as { code?: string }).code === '23505' || /UNIQUE constraint/.test(String((e as Error).message));
        if (!unique || attempt >= 5) throw e;
      }
    }
  }

  private createOnce(lseId: number, orgId: number, tous: NewTou[]): Promise<number> {
    return writeTransaction(this.db, async (trx) => {
      const max = await trx
        .selectFrom('tou_groups')
        .select((eb) => eb.fn.max('tou_group_id').as('m'))
        .where('lse_id', '=', lseId)
        .executeTakeFirst();
      const touGroupId = Number(max?.m ?? 0) + 1;
      await trx
        .insertInto('tou_groups')
        .values({ lse_id: lseId, tou_group_id: touGroupId, privacy: 'PRIVATE', owner_org_id: orgId, source: null })
        .execute();
      await this.insertTous(trx, lseId, touGroupId, tous);
      return touGroupId;
    });
  }

  /** Rewrites the TOUs of a group, keeping their ids; their periods are replaced. */
  replaceTous(lseId: number, touGroupId: number, tous: (NewTou & { touId: number })[]): Promise<void> {
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
