// Organizations and applications in SQL.
import type { Selectable, Transaction } from 'kysely';
import type { ApplicationsTable, Database, Db } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';

export interface ApplicationRow {
  appId: string;
  orgId: number;
  orgName: string;
  name: string;
  keySalt: string;
  keyHash: string;
  tiers: string[];
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  keyRotatedAt: string | null;
  revokedAt: string | null;
}

const splitTiers = (s: string) => (s ? s.split(',').filter(Boolean) : []);

export class KeysRepository {
  constructor(private readonly db: Db) {}

  async findOrCreateOrganization(name: string, now: string): Promise<number> {
    const existing = await this.db.kysely
      .selectFrom('organizations')
      .select('org_id')
      .where('name', '=', name)
      .executeTakeFirst();
    if (existing) return existing.org_id;
    const created = await this.db.kysely
      .insertInto('organizations')
      .values({ name, created_at: now })
      .returning('org_id')
      .executeTakeFirstOrThrow();
    return created.org_id;
  }

  async insertApplication(row: Omit<ApplicationRow, 'orgName' | 'keyRotatedAt' | 'revokedAt'>): Promise<void> {
    await this.db.kysely
      .insertInto('applications')
      .values({
        app_id: row.appId,
        org_id: row.orgId,
        name: row.name,
        key_salt: row.keySalt,
        key_hash: row.keyHash,
        tiers: row.tiers.join(','),
        status: row.status,
        created_at: row.createdAt,
      })
      .execute();
  }

  private selectApplications() {
    return this.db.kysely
      .selectFrom('applications as a')
      .innerJoin('organizations as o', 'o.org_id', 'a.org_id')
      .select([
        'a.app_id',
        'a.org_id',
        'o.name as org_name',
        'a.name',
        'a.key_salt',
        'a.key_hash',
        'a.tiers',
        'a.status',
        'a.created_at',
        'a.key_rotated_at',
        'a.revoked_at',
      ]);
  }

  async findApplication(appId: string): Promise<ApplicationRow | undefined> {
    const row = await this.selectApplications().where('a.app_id', '=', appId).executeTakeFirst();
    return row && toApplication(row);
  }

  async listApplications(): Promise<ApplicationRow[]> {
    const rows = await this.selectApplications().orderBy('o.name').orderBy('a.created_at').execute();
    return rows.map(toApplication);
  }

  async countApplications(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async updateKey(appId: string, keySalt: string, keyHash: string, now: string): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      await trx
        .updateTable('applications')
        .set({ key_salt: keySalt, key_hash: keyHash, key_rotated_at: now })
        .where('app_id', '=', appId)
        .execute();
      await logChange(trx, appId, now);
    });
  }

  async updateAdmin(
    appId: string,
    fields: { orgId: number; keySalt: string; keyHash: string; tiers: string[] },
    now: string,
  ): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      await trx
        .updateTable('applications')
        .set({
          org_id: fields.orgId,
          key_salt: fields.keySalt,
          key_hash: fields.keyHash,
          tiers: fields.tiers.join(','),
          status: 'ACTIVE',
          revoked_at: null,
        })
        .where('app_id', '=', appId)
        .execute();
      await logChange(trx, appId, now);
    });
  }

  async revoke(appId: string, now: string): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      await trx
        .updateTable('applications')
        .set({ status: 'REVOKED', revoked_at: now })
        .where('app_id', '=', appId)
        .execute();
      await logChange(trx, appId, now);
    });
  }
}

/**
 * Rows of the key-change log kept: a server reads the rows past the last it saw several times a second, so only the
 * newest few matter; one further behind than this forgets every cached verdict (key-change-log.ts).
 */
export const KEY_CHANGES_KEPT = 1000;

/** Records the change in the same transaction as the key itself, and drops the rows no server needs any more. */
async function logChange(trx: Transaction<Database>, appId: string, now: string): Promise<void> {
  const { seq } = await trx
    .insertInto('key_changes')
    .values({ app_id: appId, changed_at: now })
    .returning('seq')
    .executeTakeFirstOrThrow();
  if (seq > KEY_CHANGES_KEPT)
    await trx
      .deleteFrom('key_changes')
      .where('seq', '<=', seq - KEY_CHANGES_KEPT)
      .execute();
}

function toApplication(r: Selectable<ApplicationsTable> & { org_name: string }): ApplicationRow {
  return {
    appId: r.app_id,
    orgId: Number(r.org_id),
    orgName: r.org_name,
    name: r.name,
    keySalt: r.key_salt,
    keyHash: r.key_hash,
    tiers: splitTiers(r.tiers),
    status: r.status,
    createdAt: r.created_at,
    keyRotatedAt: r.key_rotated_at,
    revokedAt: r.revoked_at,
  };
}
