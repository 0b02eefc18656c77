// Keeping URDB tariffs current: pages of the OpenEI URDB API (version 8) by EIA id, utility name, ZIP code and sector,
// optionally only records revised since a time, each page imported by the URDB importer in one transaction
// (idempotent: an unchanged record counts as unchanged; records Ratebook cannot represent are skipped with their
// reason). Nothing is deleted: a record that supersedes another ends it where it starts (urdb/supersede.ts).
//
// Resumable: after each imported page the state file records the offset of the next one; a run that stops (a page
// that keeps failing) leaves it there, and a run with `resume` continues from it. A completed run records its start
// time, which `since: "last"` reads back, so that a scheduled `--since last` fetches only what changed in between.
//
// "Changed since": the API's `modified_after` (seconds since 1970) is sent, and each record's own last revision (the
// latest of its `revisions`) is checked as well, so the answer is right whether or not the server applies the filter
// (records without revisions are kept). EIA id and sector are checked on the records too.
import { Readable } from 'node:stream';
import { DateTime, IANAZone } from 'luxon';
import type { Db } from '../../db/database.ts';
import { ImportFormatError } from '../source-lines.ts';
import { importUrdb, type UrdbOptions } from '../urdb.importer.ts';
import {
  MAX_URDB_PAGE_SIZE,
  UrdbApiClient,
  UrdbApiError,
  URDB_SECTORS,
  type UrdbQuery,
  type UrdbRetry,
  type UrdbSector,
} from './api-client.ts';
import { SyncStateStore } from './sync-state.ts';
import { lastRevision } from './supersede.ts';

/** What to sync, as the CLI flags and the HTTP body give it (strings and numbers as typed). */
export interface UrdbSyncRequest {
  eia?: string | number;
  utility?: string;
  zip?: string;
  sector?: string;
  /** YYYY-MM-DD (UTC midnight), an ISO 8601 date-time, or "last": the start of the last completed run of these filters. */
  since?: string;
  /** Needed when no filter and no since is given: the whole database. */
  all?: boolean;
  pageSize?: number | string;
  maxAttempts?: number | string;
  resume?: boolean;
  /** Importer options (see `ratebook import urdb`). */
  lseId?: number | string;
  timeZone?: string;
  effectiveDate?: string;
}

export interface UrdbSyncSettings {
  apiUrl: string;
  apiKey: string | null;
  stateFile: string;
  retryBaseMs: number;
  retryMaxMs?: number;
  timeoutMs?: number;
  /** How the failure message tells to resume: "--resume" (CLI) or "\"resume\": true" (HTTP). */
  resumeHint?: string;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

export interface UrdbSyncSummary {
  /** The filters, as given. */
  query: Record<string, string>;
  /** Records revised after this time only (ISO 8601), or null. */
  since: string | null;
  /** The offset a resumed run started at; null when it started at the first page. */
  resumedFrom: number | null;
  pages: number;
  /** Records the API answered. */
  records: number;
  /** Of those, records not revised since `since` (or of another EIA id or sector): not imported. */
  filtered: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: { label: string; reason: string }[];
  /** Requests made again after a failure. */
  retries: number;
  /** The offset of the first page not imported (where `resume` continues). */
  nextOffset: number;
  completed: boolean;
  error: string | null;
  notes: string[];
}

export type UrdbSyncProgress =
  | { kind: 'page'; offset: number; items: number; summary: UrdbSyncSummary }
  | { kind: 'retry'; retry: UrdbRetry; summary: UrdbSyncSummary };

/** A sync that stopped at a page: the pages before it are imported, and the summary says how far it came. */
export class UrdbSyncError extends Error {
  constructor(
    message: string,
    readonly summary: UrdbSyncSummary,
  ) {
    super(message);
  }
}

export const DEFAULT_PAGE_SIZE = 100;
const MAX_UTILITY_NAME = 200;
/** OpenEI keys are 40 letters and digits; anything else (spaces, control characters, 1 MB) is refused before a request. */
const API_KEY = /^[\x21-\x7e]{1,200}$/;
export const DEFAULT_MAX_ATTEMPTS = 5;

interface Parsed {
  filters: { eia?: string; utility?: string; zip?: string; sector?: UrdbSector };
  since: string | undefined;
  pageSize: number;
  maxAttempts: number;
  importOptions: UrdbOptions;
}

const wholeNumber = (
  flag: string,
  raw: number | string | undefined,
  fallback: number,
  min: number,
  max: number,
): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ImportFormatError(flag, `${JSON.stringify(raw)} is not a whole number from ${min} to ${max}`);
  return n;
};

/** The request checked: a mistake names its option ("--eia"), as the CLI spells it. */
export function parseSyncRequest(r: UrdbSyncRequest): Parsed {
  const filters: Parsed['filters'] = {};
  if (r.eia !== undefined && r.eia !== '') {
    const eia = String(r.eia).trim();
    if (!/^\d{1,9}$/.test(eia) || Number(eia) === 0)
      throw new ImportFormatError('--eia', `"${r.eia}" is not an EIA utility id (a whole number)`);
    filters.eia = String(Number(eia));
  }
  if (r.utility !== undefined && r.utility.trim() !== '') {
    // URDB's utility names are short; a longer one would only make a request URL the API refuses.
    if (r.utility.trim().length > MAX_UTILITY_NAME)
      throw new ImportFormatError('--utility', `a utility name is at most ${MAX_UTILITY_NAME} characters`);
    filters.utility = r.utility.trim();
  }
  if (r.zip !== undefined && r.zip !== '') {
    if (!/^\d{5}$/.test(r.zip.trim())) throw new ImportFormatError('--zip', `"${r.zip}" is not a five-digit ZIP code`);
    filters.zip = r.zip.trim();
  }
  if (r.sector !== undefined && r.sector !== '') {
    const sector = URDB_SECTORS.find((s) => s.toLowerCase() === r.sector!.trim().toLowerCase());
    if (!sector) throw new ImportFormatError('--sector', `"${r.sector}" is not one of ${URDB_SECTORS.join(', ')}`);
    filters.sector = sector;
  }
  const since = r.since === undefined || r.since.trim() === '' ? undefined : r.since.trim();
  if (since !== undefined && since !== 'last' && sinceSeconds(since) === null)
    throw new ImportFormatError('--since', `"${since}" is not a date (YYYY-MM-DD), an ISO 8601 date-time or "last"`);
  if (Object.keys(filters).length === 0 && since === undefined && !r.all) {
    throw new ImportFormatError(
      '--eia',
      'name what to sync (--eia, --utility, --zip, --sector or --since), or --all for the whole database',
    );
  }
  if (r.timeZone !== undefined && !IANAZone.isValidZone(r.timeZone))
    throw new ImportFormatError('--time-zone', `"${r.timeZone}" is not an IANA time zone`);
  if (
    r.effectiveDate !== undefined &&
    !(/^\d{4}-\d{2}-\d{2}$/.test(r.effectiveDate) && DateTime.fromISO(r.effectiveDate, { zone: 'UTC' }).isValid)
  )
    throw new ImportFormatError('--effective-date', `"${r.effectiveDate}" is not a date (YYYY-MM-DD)`);
  const lseId =
    r.lseId === undefined || r.lseId === '' ? undefined : wholeNumber('--lse-id', r.lseId, 0, 1, 2_147_483_647);
  return {
    filters,
    since,
    pageSize: wholeNumber('--page-size', r.pageSize, DEFAULT_PAGE_SIZE, 1, MAX_URDB_PAGE_SIZE),
    maxAttempts: wholeNumber('--max-attempts', r.maxAttempts, DEFAULT_MAX_ATTEMPTS, 1, 20),
    importOptions: { lseId, timeZone: r.timeZone, effectiveDate: r.effectiveDate },
  };
}

/** A since bound in seconds since 1970: a date is UTC midnight; a date-time needs its offset (or Z). Impossible dates
 * (February 30, hour 24) are refused, not rolled over as Date.parse would. */
function sinceSeconds(text: string): number | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  if (!dateOnly && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/.test(text))
    return null;
  const at = DateTime.fromISO(text, { zone: 'UTC', setZone: !dateOnly });
  return at.isValid ? Math.floor(at.toSeconds()) : null;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** Whether a record answers the query by what it says of itself (the server's filters are not trusted blindly). */
function wanted(record: Record<string, unknown>, filters: Parsed['filters'], since: number | null): boolean {
  if (since !== null) {
    const revised = lastRevision(record);
    if (revised !== null && Date.parse(revised) / 1000 <= since) return false;
  }
  if (
    filters.eia !== undefined &&
    record.eiaid !== undefined &&
    record.eiaid !== null &&
    record.eiaid !== '' &&
    Number(record.eiaid) !== Number(filters.eia)
  )
    return false;
  if (
    filters.sector !== undefined &&
    typeof record.sector === 'string' &&
    record.sector.toLowerCase() !== filters.sector.toLowerCase()
  )
    return false;
  return true;
}

export async function syncUrdb(
  db: Db,
  request: UrdbSyncRequest,
  settings: UrdbSyncSettings,
  onProgress: (p: UrdbSyncProgress) => void = () => {},
): Promise<UrdbSyncSummary> {
  const parsed = parseSyncRequest(request);
  if (!settings.apiKey)
    throw new ImportFormatError(
      '--api-key',
      'no OpenEI API key: give --api-key or set URDB_API_KEY (a free key: https://openei.org/services/api/signup/)',
    );
  // Said without the key itself: it is never echoed.
  if (!API_KEY.test(settings.apiKey))
    throw new ImportFormatError('--api-key', 'the OpenEI API key is not 1 to 200 printable characters without spaces');
  const { lseId } = parsed.importOptions;
  // Checked before any request (the importer checks it too, but only once a page holds a record to import).
  if (
    lseId !== undefined &&
    !(await db.kysely.selectFrom('lses').select('lse_id').where('lse_id', '=', lseId).executeTakeFirst())
  ) {
    throw new ImportFormatError('--lse-id', `no LSE has id ${lseId}`);
  }
  const now = settings.now ?? (() => new Date());
  const store = new SyncStateStore(settings.stateFile);
  const { filters } = parsed;
  const query: Record<string, string> = { ...filters };
  const key = JSON.stringify([
    settings.apiUrl,
    filters.eia ?? null,
    filters.utility ?? null,
    filters.zip ?? null,
    filters.sector ?? null,
  ]);
  const state = await store.get(key);

  let since: number | null = null;
  if (parsed.since === 'last') {
    if (!state?.lastCompleted)
      throw new ImportFormatError(
        '--since',
        'no completed sync of these filters to start from: run once without --since last',
      );
    since = Math.floor(Date.parse(state.lastCompleted.startedAt) / 1000);
  } else if (parsed.since !== undefined) since = sinceSeconds(parsed.since);

  const summary: UrdbSyncSummary = {
    query,
    since: since === null ? null : iso(since),
    resumedFrom: null,
    pages: 0,
    records: 0,
    filtered: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
    retries: 0,
    nextOffset: 0,
    completed: false,
    error: null,
    notes: [],
  };
  let offset = 0;
  let startedAt = now().toISOString();
  if (request.resume) {
    const run = state?.inProgress;
    if (run && run.since === since) {
      offset = run.nextOffset;
      startedAt = run.startedAt;
      summary.resumedFrom = offset;
    } else if (run)
      summary.notes.push(
        `the interrupted sync of these filters was for another --since (${run.since === null ? 'none' : iso(run.since)}): starting from the first page`,
      );
    else summary.notes.push('no interrupted sync of these filters to resume: starting from the first page');
  }
  if (store.setAside)
    summary.notes.push(
      `the sync state file was unreadable: moved to ${store.setAside}, starting with no resume points`,
    );
  summary.nextOffset = offset;
  const record = (nextOffset: number) =>
    store.update(key, (s) => ({
      query,
      ...(s?.lastCompleted ? { lastCompleted: s.lastCompleted } : {}),
      inProgress: { startedAt, since, nextOffset, updatedAt: now().toISOString() },
    }));
  await record(offset);

  const client = new UrdbApiClient({
    apiUrl: settings.apiUrl,
    apiKey: settings.apiKey,
    maxAttempts: parsed.maxAttempts,
    retryBaseMs: settings.retryBaseMs,
    ...(settings.retryMaxMs !== undefined ? { retryMaxMs: settings.retryMaxMs } : {}),
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.sleep ? { sleep: settings.sleep } : {}),
    onRetry: (retry) => {
      summary.retries++;
      onProgress({ kind: 'retry', retry, summary });
    },
  });
  const apiQuery: UrdbQuery = { ...filters, ...(since !== null ? { modifiedAfter: since } : {}) };
  const fail = (message: string): never => {
    summary.error = message;
    const done = summary.pages
      ? `the ${summary.pages} page${summary.pages === 1 ? '' : 's'} before it ${summary.pages === 1 ? 'is' : 'are'} imported; `
      : '';
    throw new UrdbSyncError(
      `${message}; ${done}run again with ${settings.resumeHint ?? '--resume'} to continue from offset ${offset}`,
      summary,
    );
  };

  for (;;) {
    let items: Record<string, unknown>[];
    try {
      items = (await client.page(apiQuery, offset, parsed.pageSize)).items;
    } catch (e) {
      if (e instanceof UrdbApiError) return fail(e.message);
      throw e;
    }
    const kept = items.filter((item) => wanted(item, filters, since));
    if (kept.length) {
      let page: Awaited<ReturnType<typeof importUrdb>>;
      try {
        // One record per line: the importer reads them as it reads a file (one transaction for the page).
        page = await importUrdb(
          db,
          Readable.from(kept.map((item) => `${JSON.stringify(item)}\n`)),
          `URDB API offset ${offset}`,
          parsed.importOptions,
        );
      } catch (e) {
        if (e instanceof ImportFormatError && !e.where.startsWith('--'))
          return fail(`URDB page at offset ${offset} holds a record Ratebook cannot read (${e.message})`);
        throw e;
      }
      summary.created += page.created;
      summary.updated += page.updated;
      summary.unchanged += page.unchanged;
      summary.skipped.push(...page.skipped);
    }
    summary.pages++;
    summary.records += items.length;
    summary.filtered += items.length - kept.length;
    offset += items.length;
    summary.nextOffset = offset;
    await record(offset);
    onProgress({ kind: 'page', offset: offset - items.length, items: items.length, summary });
    // A short page is the last one (an empty one when the records fill the pages exactly).
    if (items.length < parsed.pageSize) break;
  }
  await store.update(key, () => ({ query, lastCompleted: { startedAt, completedAt: now().toISOString(), since } }));
  summary.completed = true;
  return summary;
}

/** The summary as lines of text. */
export function formatSyncSummary(s: UrdbSyncSummary): string[] {
  const filters = Object.entries(s.query).map(([k, v]) => `${k} ${v}`);
  if (s.since) filters.push(`revised after ${s.since}`);
  const head = `URDB sync${filters.length ? ` (${filters.join(', ')})` : ' (whole database)'}${s.completed ? '' : ' STOPPED'}: ${s.pages} page${s.pages === 1 ? '' : 's'}${s.resumedFrom !== null ? ` from offset ${s.resumedFrom}` : ''}, ${s.records} records read`;
  const lines = [head];
  if (s.filtered) lines.push(`  ${s.filtered} not revised since then or outside the filters (not imported)`);
  lines.push(
    `  ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.skipped.length} skipped; ${s.retries} ${s.retries === 1 ? 'retry' : 'retries'}`,
  );
  for (const note of s.notes) lines.push(`  note: ${note}`);
  for (const k of s.skipped) lines.push(`  skipped ${k.label}: ${k.reason}`);
  if (!s.completed) lines.push(`  stopped at offset ${s.nextOffset}: ${s.error ?? 'unknown'}`);
  return lines;
}
