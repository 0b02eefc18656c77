// `ratebook sync urdb`: brings tariffs up to date from the OpenEI URDB API with the user's own key (see
// importers/urdb/sync.ts). Progress on stderr (one line rewritten in place on a terminal, a line per page otherwise),
// the summary on stdout (`--json`: one JSON object). A page that keeps failing stops the command with a non-zero exit
// and the offset to `--resume` from; the pages before it stay imported.
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import {
  formatSyncSummary,
  syncUrdb,
  UrdbSyncError,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PAGE_SIZE,
  type UrdbSyncProgress,
  type UrdbSyncRequest,
  type UrdbSyncSummary,
} from '../importers/urdb/sync.ts';
import { MAX_URDB_PAGE_SIZE, URDB_SECTORS } from '../importers/urdb/api-client.ts';

type WithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

interface SyncFlags {
  eia?: string;
  utility?: string;
  zip?: string;
  sector?: string;
  since?: string;
  all?: boolean;
  pageSize?: string;
  maxAttempts?: string;
  resume?: boolean;
  apiKey?: string;
  stateFile?: string;
  lseId?: string;
  timeZone?: string;
  effectiveDate?: string;
  json?: boolean;
}

/** Counters of the run so far, for the progress display. */
function counts(s: UrdbSyncSummary): Record<string, string | number> {
  return {
    pages: s.pages,
    records: s.records,
    created: s.created,
    updated: s.updated,
    unchanged: s.unchanged,
    skipped: s.skipped.length,
    retries: s.retries,
    note: '',
  };
}

/**
 * Progress on stderr: on a terminal a cli-progress line kept up to date (URDB does not say how many records a query
 * has, so it counts pages and records rather than showing a percentage); otherwise a plain line per page and retry.
 */
function progress(): { on: (p: UrdbSyncProgress) => void; done: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format:
          'URDB sync | {pages} pages | {records} records: {created} created, {updated} updated, {unchanged} unchanged, {skipped} skipped | {retries} retries | {duration_formatted}{note}',
        stream: process.stderr,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      on: (p) => {
        const values = {
          ...counts(p.summary),
          note:
            p.kind === 'retry'
              ? ` | retrying offset ${p.retry.offset} in ${(p.retry.delayMs / 1000).toFixed(1)} s (${p.retry.reason})`
              : '',
        };
        if (!started) bar.start(0, 0, values);
        else bar.update(values);
        started = true;
      },
      done: () => started && bar.stop(),
    };
  }
  const began = performance.now();
  return {
    on: (p) => {
      if (p.kind === 'retry') {
        process.stderr.write(
          `URDB: offset ${p.retry.offset} attempt ${p.retry.attempt} failed (${p.retry.reason}); retrying in ${(p.retry.delayMs / 1000).toFixed(1)} s\n`,
        );
        return;
      }
      const c = counts(p.summary);
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      process.stderr.write(
        `URDB: page at offset ${p.offset}: ${p.items} records; so far ${c.pages} page${c.pages === 1 ? '' : 's'}, ${c.records} records (${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped), ${c.retries} ${c.retries === 1 ? 'retry' : 'retries'}, ${seconds} s\n`,
      );
    },
    done: () => {},
  };
}

export function registerSyncCommand(program: Command, withDb: WithDb, config: () => Config): void {
  const sync = program.command('sync').description('bring data up to date from its public source');
  sync
    .command('urdb')
    .description(
      'fetch OpenEI URDB rate records (API version 8) with your own API key and import them: by EIA id, utility, ZIP code or sector, optionally only records revised since a date; paged, retried, resumable; never deletes',
    )
    .option('--eia <id>', 'EIA utility id')
    .option('--utility <name>', 'utility name as URDB spells it (ratesforutility)')
    .option('--zip <zip>', 'ZIP code (address)')
    .option('--sector <sector>', URDB_SECTORS.join(', '))
    .option(
      '--since <date>',
      'only records revised after this: YYYY-MM-DD (UTC), an ISO 8601 date-time, or "last" (the start of the last completed sync of the same filters)',
    )
    .option('--all', 'no filter: the whole database')
    .option('--page-size <n>', `records per request, 1-${MAX_URDB_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`)
    .option(
      '--max-attempts <n>',
      `requests per page before giving up (default ${DEFAULT_MAX_ATTEMPTS}); 429, 5xx and network errors are retried with exponential backoff (URDB_RETRY_BASE_MS, default 1000)`,
    )
    .option('--resume', 'continue an interrupted sync of the same filters from the page it stopped at')
    .option('--api-key <key>', 'OpenEI API key (default: env URDB_API_KEY, which keeps it out of the process list)')
    .option(
      '--state-file <file>',
      'where interrupted syncs are recorded (default: env URDB_SYNC_STATE_FILE, else ./data/urdb-sync-state.json)',
    )
    .option('--lse-id <id>', 'the LSE of records without an eiaid')
    .option('--time-zone <zone>', 'IANA zone of tariffs whose LSE has none (new LSEs)')
    .option('--effective-date <date>', 'YYYY-MM-DD, for records without a startdate')
    .option('--json', 'print the summary as JSON')
    .action(async (opts: SyncFlags) => {
      const c = config();
      const request: UrdbSyncRequest = {
        eia: opts.eia,
        utility: opts.utility,
        zip: opts.zip,
        sector: opts.sector,
        since: opts.since,
        all: opts.all,
        pageSize: opts.pageSize,
        maxAttempts: opts.maxAttempts,
        resume: opts.resume,
        lseId: opts.lseId,
        timeZone: opts.timeZone,
        effectiveDate: opts.effectiveDate,
      };
      const settings = {
        apiUrl: c.urdb.apiUrl,
        apiKey: opts.apiKey ?? c.urdb.apiKey,
        stateFile: opts.stateFile ?? c.urdb.stateFile,
        retryBaseMs: c.urdb.retryBaseMs,
      };
      const print = (summary: UrdbSyncSummary) => {
        if (opts.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
        else for (const line of formatSyncSummary(summary)) process.stdout.write(`${line}\n`);
      };
      await withDb(async (db) => {
        const bar = progress();
        try {
          const summary = await syncUrdb(db, request, settings, bar.on);
          bar.done();
          print(summary);
        } catch (e) {
          bar.done();
          // What was done before the failure is reported too; the error (with the offset to resume from) follows.
          if (e instanceof UrdbSyncError) print(e.summary);
          throw e;
        }
      });
    });
}
