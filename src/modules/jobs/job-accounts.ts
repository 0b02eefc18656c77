// The accounts a job is over, fixed when it is made: listed by accountId or providerAccountId (each once; one the
// organization does not have fails on its own when worked, reported in the results), or the organization's accounts
// that match a filter, in accountId order.
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import { invalidArgument, missingArgument } from '../../http/errors.ts';
import type { AccountFilter } from './jobs.schemas.ts';

export interface JobAccountRef {
  accountId: string | null;
  providerAccountId: string | null;
}

export interface AccountSetInput {
  accountIds?: string[] | undefined;
  providerAccountIds?: string[] | undefined;
  accountFilter?: Static<typeof AccountFilter> | undefined;
}

export async function resolveAccounts(
  db: Db,
  orgId: number,
  input: AccountSetInput,
  max: number,
): Promise<JobAccountRef[]> {
  const given = (['accountIds', 'providerAccountIds', 'accountFilter'] as const).filter((k) => input[k] !== undefined);
  if (given.length === 0)
    throw missingArgument('accountIds', 'Name the accounts: accountIds, providerAccountIds or accountFilter');
  if (given.length > 1)
    throw invalidArgument(given[1]!, null, `Name the accounts one way only: ${given.join(' and ')} were both given`);
  const tooMany = (name: string, n: number) =>
    invalidArgument(name, n, `A job may hold at most ${max} accounts (JOBS_MAX_ACCOUNTS); ${n} were named or found`);
  if (input.accountFilter) {
    const rows = await matching(db, orgId, input.accountFilter, max + 1);
    if (rows.length > max) throw tooMany('accountFilter', rows.length);
    if (!rows.length)
      throw invalidArgument('accountFilter', input.accountFilter, 'No account of the organization matches the filter');
    return rows;
  }
  const name = given[0] as 'accountIds' | 'providerAccountIds';
  const ids = input[name]!;
  if (!ids.length) throw invalidArgument(name, '[]', `${name} lists no account`);
  if (ids.length > max) throw tooMany(name, ids.length);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw invalidArgument(name, id, `${name} lists ${id} twice: each account once`);
    seen.add(id);
  }
  return ids.map((id) =>
    name === 'accountIds' ? { accountId: id, providerAccountId: null } : { accountId: null, providerAccountId: id },
  );
}

async function matching(
  db: Db,
  orgId: number,
  filter: Static<typeof AccountFilter>,
  limit: number,
): Promise<JobAccountRef[]> {
  let q = db.kysely
    .selectFrom('accounts as a')
    .select(['a.account_id', 'a.provider_account_id'])
    .where('a.org_id', '=', orgId);
  if (filter.status) q = q.where('a.status', '=', filter.status);
  if (filter.zipCode) q = q.where('a.zip_code', '=', filter.zipCode);
  if (filter.customerClass) {
    const customerClass = filter.customerClass;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('account_properties as p')
          .select('p.account_id')
          .whereRef('p.account_id', '=', 'a.account_id')
          .where('p.key_name', '=', 'customerClass')
          .where('p.data_value', '=', customerClass),
      ),
    );
  }
  const rows = await q.orderBy('a.account_id').limit(limit).execute();
  return rows.map((r) => ({ accountId: r.account_id, providerAccountId: r.provider_account_id }));
}
