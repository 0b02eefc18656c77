// What a portfolio job's chunk of accounts reads at once before billing them one by one (#40's speed): the accounts
// with their properties and tariffs, their default profiles, and the stored readings of the default usage profiles
// that hold readings sent, over a span wider than any account's range (the range is read in each account's own zone).
// An account's calculation takes what it needs from here and reads the rest itself; what is missing here (an account
// the organization does not have, a profile named in the body) is read, and refused, as for one account alone.
import { dateTimeParam } from '../../http/dates.ts';
import type { LoadedProfile, ProfilesService } from '../profiles/profiles.service.ts';
import type { ReadingRun } from '../profiles/reading-chunks.ts';
import type { AccountRef } from './accounts.repository.ts';
import { type AccountsService, type LoadedAccount, refKey } from './accounts.service.ts';

const DAY = 86_400_000;

export interface ReadAhead {
  account(ref: AccountRef): LoadedAccount | undefined;
  /** The account's default profiles by service type; undefined: not read ahead. */
  defaults(account: LoadedAccount): Map<string, LoadedProfile> | undefined;
  /** A profile's stored runs reaching into [from, to); undefined: not read ahead for that profile or range. */
  runs(profile: LoadedProfile, from: number, to: number): Map<string, ReadingRun[]> | undefined;
}

export async function readAhead(
  services: { accounts: AccountsService; profiles: ProfilesService },
  refs: readonly AccountRef[],
  range: { fromDateTime?: string; toDateTime?: string },
  orgId: number,
): Promise<ReadAhead> {
  const accounts = await services.accounts.loadMany(refs, orgId);
  const loaded = [...new Set(accounts.values())];
  const defaults = await services.profiles.defaultsOfMany(loaded);
  // The range as UTC dates, widened by a day each way: it holds each account's range in its own zone (offsets are
  // under a day). Unreadable dates read nothing ahead (each account then refuses them itself).
  const from = safeMillis(range.fromDateTime);
  const to = safeMillis(range.toDateTime);
  const span = from !== null && to !== null && to > from ? { from: from - DAY, to: to + DAY } : null;
  const sent = [...defaults.values()]
    .map((d) => d.get('ELECTRICITY'))
    .filter((p): p is LoadedProfile => p?.row.source_id === 'ReadingEntry');
  const runs = span ? await services.profiles.runsInMany(sent, span.from, span.to) : new Map();
  const readAheadProfiles = new Set(span ? sent.map((p) => p.row.profile_id) : []);
  return {
    account: (ref) => accounts.get(refKey(ref)),
    defaults: (account) => defaults.get(account.row.account_id),
    runs: (profile, a, b) =>
      span && readAheadProfiles.has(profile.row.profile_id) && span.from <= a && b <= span.to
        ? (runs.get(profile.row.profile_id) ?? new Map())
        : undefined,
  };
}

function safeMillis(text: string | undefined): number | null {
  try {
    return dateTimeParam('range', text, 'UTC')?.value.toMillis() ?? null;
  } catch {
    return null;
  }
}
