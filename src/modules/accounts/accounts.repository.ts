// Accounts, their properties and their tariffs over time, always read and written within one organization.
import type { Selectable, Transaction } from 'kysely';
import type { AccountPropertiesTable, AccountsTable, AccountTariffsTable, Database, Db } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';

export type AccountRow = Selectable<AccountsTable>;
export type PropertyRow = Selectable<AccountPropertiesTable>;
export type TariffRow = Selectable<AccountTariffsTable>;

export const ACCOUNT_COLUMNS = {
  accountId: 'account_id',
  providerAccountId: 'provider_account_id',
  accountName: 'account_name',
  customerOrgName: 'customer_org_name',
  customerOrgId: 'customer_org_id',
  status: 'status',
  type: 'type',
  createdDate: 'created_at',
  lastUpdatedDate: 'updated_at',
};

/** Which account an operation names: by Ratebook's id or the client's own. */
export type AccountRef = { accountId: string } | { providerAccountId: string };

/** What a write changes: the row's fields, and (when given) the properties and tariffs to set. */
export interface AccountWrite {
  row: Omit<AccountRow, 'account_id' | 'org_id' | 'created_at' | 'updated_at'>;
  properties?: Omit<PropertyRow, 'account_id'>[];
  /** true: the properties replace all the account's; false: they are set beside the others. */
  replaceProperties?: boolean;
  tariffs?: Omit<TariffRow, 'account_id'>[];
}

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  find(orgId: number, ref: AccountRef): Promise<AccountRow | undefined> {
    const q = this.db.kysely.selectFrom('accounts').selectAll().where('org_id', '=', orgId);
    return (
      'accountId' in ref
        ? q.where('account_id', '=', ref.accountId)
        : q.where('provider_account_id', '=', ref.providerAccountId)
    ).executeTakeFirst();
  }

  /** The organization's accounts among those named (by id, or by provider id), in two statements at most. */
  async findMany(orgId: number, refs: readonly AccountRef[]): Promise<AccountRow[]> {
    const ids = refs.flatMap((r) => ('accountId' in r ? [r.accountId] : []));
    const providerIds = refs.flatMap((r) => ('providerAccountId' in r ? [r.providerAccountId] : []));
    const q = this.db.kysely.selectFrom('accounts').selectAll().where('org_id', '=', orgId);
    const [byId, byProvider] = await Promise.all([
      ids.length ? q.where('account_id', 'in', ids).execute() : [],
      providerIds.length ? q.where('provider_account_id', 'in', providerIds).execute() : [],
    ]);
    return [...byId, ...byProvider];
  }

  list(orgId: number, filters: { status?: string }, options: ListOptions) {
    let q = this.db.kysely.selectFrom('accounts').where('org_id', '=', orgId);
    if (filters.status) q = q.where('status', '=', filters.status);
    return runPagedQuery<AccountRow>(
      this.db.dialect,
      q,
      (qb) => qb.selectAll(),
      options,
      ACCOUNT_COLUMNS,
      'account_id',
    );
  }

  properties(accountIds: string[]): Promise<PropertyRow[]> {
    if (!accountIds.length) return Promise.resolve([]);
    return this.db.kysely
      .selectFrom('account_properties')
      .selectAll()
      .where('account_id', 'in', accountIds)
      .orderBy('key_name')
      .execute();
  }

  tariffs(accountIds: string[]): Promise<TariffRow[]> {
    if (!accountIds.length) return Promise.resolve([]);
    return this.db.kysely
      .selectFrom('account_tariffs')
      .selectAll()
      .where('account_id', 'in', accountIds)
      .orderBy('effective_date')
      .execute();
  }

  /** A new account with its properties and tariffs, in one transaction. */
  insert(accountId: string, orgId: number, write: AccountWrite, now: string): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      await trx
        .insertInto('accounts')
        .values({ ...write.row, account_id: accountId, org_id: orgId, created_at: now, updated_at: now })
        .execute();
      await this.writeChildren(trx, accountId, write);
    });
  }

  update(accountId: string, write: AccountWrite, now: string): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      await trx
        .updateTable('accounts')
        .set({ ...write.row, updated_at: now })
        .where('account_id', '=', accountId)
        .execute();
      await this.writeChildren(trx, accountId, write);
    });
  }

  private async writeChildren(trx: Transaction<Database>, accountId: string, write: AccountWrite): Promise<void> {
    if (write.properties) {
      if (write.replaceProperties)
        await trx.deleteFrom('account_properties').where('account_id', '=', accountId).execute();
      else if (write.properties.length)
        await trx
          .deleteFrom('account_properties')
          .where('account_id', '=', accountId)
          .where(
            'key_name',
            'in',
            write.properties.map((p) => p.key_name),
          )
          .execute();
      if (write.properties.length)
        await trx
          .insertInto('account_properties')
          .values(write.properties.map((p) => ({ ...p, account_id: accountId })))
          .execute();
    }
    if (write.tariffs?.length) {
      await trx
        .deleteFrom('account_tariffs')
        .where('account_id', '=', accountId)
        .where(
          'effective_date',
          'in',
          write.tariffs.map((t) => t.effective_date),
        )
        .execute();
      await trx
        .insertInto('account_tariffs')
        .values(write.tariffs.map((t) => ({ ...t, account_id: accountId })))
        .execute();
    }
  }

  touch(accountId: string, now: string): Promise<unknown> {
    return this.db.kysely
      .updateTable('accounts')
      .set({ updated_at: now })
      .where('account_id', '=', accountId)
      .execute();
  }

  async deleteProperty(accountId: string, keyName: string): Promise<boolean> {
    const r = await this.db.kysely
      .deleteFrom('account_properties')
      .where('account_id', '=', accountId)
      .where('key_name', '=', keyName)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Removes the account's tariff from one date, or all its tariffs; the number removed. */
  async deleteTariffs(accountId: string, effectiveDate: string | null): Promise<number> {
    let q = this.db.kysely.deleteFrom('account_tariffs').where('account_id', '=', accountId);
    if (effectiveDate !== null) q = q.where('effective_date', '=', effectiveDate);
    return Number((await q.executeTakeFirst()).numDeletedRows);
  }

  /** The account and everything it holds (properties, tariffs, profiles and their readings: the foreign keys cascade). */
  delete(accountId: string): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      await trx.deleteFrom('accounts').where('account_id', '=', accountId).execute();
    });
  }
}
