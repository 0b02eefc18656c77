// Usage profiles and their readings (packed by month, see reading-chunks.ts), within one organization.
import { sql, type ExpressionBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database, Db, UsageProfilesTable } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';
import {
  chunkRuns,
  decodeChunk,
  encodeChunk,
  monthStart,
  type ReadingRun,
  type StoredReading,
} from './reading-chunks.ts';

export type ProfileRow = Selectable<UsageProfilesTable>;

/** A month's chunk holds readings reaching into [from, to) (ms; the chunk's bounds are in seconds). */
const reaches = (eb: ExpressionBuilder<Database, 'reading_chunks'>, from: number, to: number) =>
  eb.and([eb('last_end', '>', Math.floor(from / 1000)), eb('first_start', '<', Math.ceil(to / 1000))]);
export type ProfileRef = { profileId: string } | { providerProfileId: string };

export const PROFILE_COLUMNS = {
  profileId: 'profile_id',
  providerProfileId: 'provider_profile_id',
  profileName: 'profile_name',
  serviceTypes: 'service_types',
  createdDate: 'created_at',
  lastUpdatedDate: 'updated_at',
};

export interface ChunkSummary {
  unit: string;
  firstStart: number;
  lastEnd: number;
  count: number;
}

/** `chunkData`'s value as bytes (base64 text from PostgreSQL: its line breaks are skipped by the decoder). */
const bytesOf = (data: Uint8Array | string): Uint8Array =>
  typeof data === 'string' ? Buffer.from(data, 'base64') : data;

export class ProfilesRepository {
  constructor(private readonly db: Db) {}

  /**
   * A reading chunk's bytes as reads select them. PostgreSQL sends bytea as hex text, twice its size; as base64 it is
   * a third smaller and the client decodes it in about half the CPU (measured on format 1's chunks of ~5.9 KB a month
   * of hourly readings: ~0.75 -> ~0.4 ms a year, bench/README), which a portfolio job pays for every account. SQLite
   * gives the bytes as they are.
   */
  private chunkData() {
    return this.db.dialect === 'postgres'
      ? sql<Uint8Array | string>`encode(data, 'base64')`.as('data')
      : sql<Uint8Array | string>`data`.as('data');
  }

  find(orgId: number, ref: ProfileRef): Promise<ProfileRow | undefined> {
    const q = this.db.kysely.selectFrom('usage_profiles').selectAll().where('org_id', '=', orgId);
    return (
      'profileId' in ref
        ? q.where('profile_id', '=', ref.profileId)
        : q.where('provider_profile_id', '=', ref.providerProfileId)
    ).executeTakeFirst();
  }

  list(orgId: number, filters: { accountId?: string }, options: ListOptions) {
    let q = this.db.kysely.selectFrom('usage_profiles').where('org_id', '=', orgId);
    if (filters.accountId) q = q.where('account_id', '=', filters.accountId);
    return runPagedQuery<ProfileRow>(
      this.db.dialect,
      q,
      (qb) => qb.selectAll(),
      options,
      PROFILE_COLUMNS,
      'profile_id',
    );
  }

  /** The profiles of many accounts, each account's in the order `ofAccount` gives them. */
  ofAccounts(accountIds: readonly string[]): Promise<ProfileRow[]> {
    if (!accountIds.length) return Promise.resolve([]);
    return this.db.kysely
      .selectFrom('usage_profiles')
      .selectAll()
      .where('account_id', 'in', [...accountIds])
      .orderBy('created_at')
      .orderBy('profile_id')
      .execute();
  }

  ofAccount(accountId: string): Promise<ProfileRow[]> {
    return this.db.kysely
      .selectFrom('usage_profiles')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('profile_id')
      .execute();
  }

  /** Inserts or updates a profile; when it is the default, the account's other profiles of its service type stop being. */
  save(row: ProfileRow, isNew: boolean): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      if (row.is_default) {
        await trx
          .updateTable('usage_profiles')
          .set({ is_default: false })
          .where('account_id', '=', row.account_id)
          .where('service_types', '=', row.service_types)
          .where('profile_id', '!=', row.profile_id)
          .execute();
      }
      if (isNew) await trx.insertInto('usage_profiles').values(row).execute();
      else {
        const { profile_id, ...rest } = row;
        await trx.updateTable('usage_profiles').set(rest).where('profile_id', '=', profile_id).execute();
      }
    });
  }

  delete(profileId: string): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      await trx.deleteFrom('usage_profiles').where('profile_id', '=', profileId).execute();
    });
  }

  /** Per unit: how many readings, from when to when. */
  async summaries(profileId: string): Promise<ChunkSummary[]> {
    const rows = await this.db.kysely
      .selectFrom('reading_chunks')
      .select([
        'unit',
        sql<number>`min(first_start)`.as('first'),
        sql<number>`max(last_end)`.as('last'),
        sql<number>`sum(reading_count)`.as('count'),
      ])
      .where('profile_id', '=', profileId)
      .groupBy('unit')
      .orderBy('unit')
      .execute();
    return rows.map((r) => ({
      unit: r.unit,
      firstStart: Number(r.first) * 1000,
      lastEnd: Number(r.last) * 1000,
      count: Number(r.count),
    }));
  }

  /** The stored runs of each unit reaching into [from, to), in time order (whole: a run may reach past either end). */
  async runsReaching(profileId: string, from: number, to: number): Promise<Map<string, ReadingRun[]>> {
    return (await this.runsReachingMany([profileId], from, to)).get(profileId) ?? new Map();
  }

  /** `runsReaching` of many profiles in one statement, by profile id (a profile without readings there is absent). */
  async runsReachingMany(
    profileIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Map<string, Map<string, ReadingRun[]>>> {
    const out = new Map<string, Map<string, ReadingRun[]>>();
    if (!profileIds.length) return out;
    const rows = await this.db.kysely
      .selectFrom('reading_chunks')
      .select(['profile_id', 'unit', 'chunk_start', this.chunkData()])
      .where('profile_id', 'in', [...profileIds])
      .where((eb) => reaches(eb, from, to))
      .orderBy('profile_id')
      .orderBy('unit')
      .orderBy('chunk_start')
      .execute();
    for (const row of rows) {
      const units = out.get(row.profile_id) ?? out.set(row.profile_id, new Map()).get(row.profile_id)!;
      const list = units.get(row.unit) ?? units.set(row.unit, []).get(row.unit)!;
      for (const run of chunkRuns(bytesOf(row.data), Number(row.chunk_start))) list.push(run);
    }
    return out;
  }

  private chunksReaching(profileId: string, from: number, to: number, trx?: Transaction<Database>, withMonths = false) {
    return (
      (trx ?? this.db.kysely)
        .selectFrom('reading_chunks')
        .select(['unit', 'chunk_start', this.chunkData()])
        .where('profile_id', '=', profileId)
        // A write also reads the months it may write into, though their readings lie beside the span.
        .where((eb) =>
          withMonths
            ? eb.or([reaches(eb, from, to), eb.between('chunk_start', monthStart(from), monthStart(to - 1))])
            : reaches(eb, from, to),
        )
    );
  }

  /** Every reading of the months whose readings reach into [from, to) (ms), by unit; whole months, not clipped. */
  async readings(
    profileId: string,
    from: number,
    to: number,
    unit?: string,
    trx?: Transaction<Database>,
    withMonths = false,
  ): Promise<Map<string, StoredReading[]>> {
    let q = this.chunksReaching(profileId, from, to, trx, withMonths);
    if (unit) q = q.where('unit', '=', unit);
    const out = new Map<string, StoredReading[]>();
    for (const row of await q.orderBy('unit').orderBy('chunk_start').execute()) {
      const list = out.get(row.unit) ?? [];
      for (const r of decodeChunk(bytesOf(row.data), Number(row.chunk_start))) list.push(r);
      out.set(row.unit, list);
    }
    return out;
  }

  /**
   * Writes readings of several units in one transaction (an upload lands whole or not at all). For each span,
   * `decide` gets the stored readings of every month that reaches into [from, to) or that the span covers, and
   * answers the readings those months hold after the write (stored readings it leaves out are removed).
   */
  async rewrite(
    profileId: string,
    spans: { unit: string; from: number; to: number }[],
    decide: (unit: string, stored: StoredReading[]) => StoredReading[],
  ): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      for (const { unit, from, to } of spans) {
        const stored = (await this.readings(profileId, from, to, unit, trx, true)).get(unit) ?? [];
        const readings = decide(unit, stored);
        const months = new Set(stored.map((r) => monthStart(r.start)));
        if (months.size)
          await trx
            .deleteFrom('reading_chunks')
            .where('profile_id', '=', profileId)
            .where('unit', '=', unit)
            .where('chunk_start', 'in', [...months])
            .execute();
        const byMonth = new Map<number, StoredReading[]>();
        for (const r of readings) {
          const m = monthStart(r.start);
          const list = byMonth.get(m) ?? [];
          list.push(r);
          byMonth.set(m, list);
        }
        const rows = [...byMonth.entries()].map(([m, list]) => {
          list.sort((x, y) => x.start - y.start);
          let lastEnd = 0;
          for (const r of list) lastEnd = Math.max(lastEnd, r.end);
          return {
            profile_id: profileId,
            unit,
            chunk_start: m,
            first_start: list[0]!.start / 1000,
            last_end: lastEnd / 1000,
            reading_count: list.length,
            data: encodeChunk(list, m),
          };
        });
        for (let i = 0; i < rows.length; i += 100)
          await trx
            .insertInto('reading_chunks')
            .values(rows.slice(i, i + 100))
            .execute();
      }
    });
  }

  /** Readings stored and the bytes their packed values take (the bench's figure of storage per reading). */
  async storedBytes(): Promise<{ readings: number; bytes: number }> {
    const r = await this.db.kysely
      .selectFrom('reading_chunks')
      .select([
        sql<number>`coalesce(sum(reading_count), 0)`.as('n'),
        sql<number>`coalesce(sum(length(data)), 0)`.as('b'),
      ])
      .executeTakeFirst();
    return { readings: Number(r?.n ?? 0), bytes: Number(r?.b ?? 0) };
  }
}
