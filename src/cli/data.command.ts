// `ratebook data status`: per LSE with tariffs, how many tariffs (master tariffs) and versions there are, and how fresh
// they are: the oldest and newest lastUpdatedDate of each tariff's latest version (the one a user is billed on, or will
// be), so that a stale utility stands out. Earlier versions are history: their dates say nothing of freshness. A tariff
// whose latest version has no lastUpdatedDate (an original-API tariff, say) is counted as undated.
import { InvalidArgumentError, type Command } from 'commander';
import type { Db } from '../db/database.ts';

type WithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

export interface LseDataStatus {
  lseId: number;
  name: string;
  /** EIA id. */
  code: string | null;
  tariffs: number;
  versions: number;
  /** Tariffs whose latest version has no lastUpdatedDate. */
  undated: number;
  /** Of the tariffs' latest versions. */
  oldestLastUpdatedDate: string | null;
  newestLastUpdatedDate: string | null;
}

interface Latest {
  effective: string;
  id: number;
  updated: string | null;
}

export async function dataStatus(
  db: Db,
  lseId?: number,
): Promise<{ lses: LseDataStatus[]; lsesWithoutTariffs: number }> {
  let q = db.kysely
    .selectFrom('tariffs as t')
    .innerJoin('lses as l', 'l.lse_id', 't.lse_id')
    .select(['l.lse_id', 'l.name', 'l.code', 't.master_tariff_id', 't.tariff_id', 't.effective_date', 't.last_updated'])
    .orderBy('l.name')
    .orderBy('l.lse_id');
  if (lseId !== undefined) q = q.where('l.lse_id', '=', lseId);
  // One row per version, grouped here: the latest version of a tariff is the one that starts last.
  const byLse = new Map<
    number,
    { lse: { lseId: number; name: string; code: string | null }; versions: number; latest: Map<number, Latest> }
  >();
  for (const r of await q.execute()) {
    let entry = byLse.get(r.lse_id);
    if (!entry) {
      entry = { lse: { lseId: r.lse_id, name: r.name, code: r.code }, versions: 0, latest: new Map() };
      byLse.set(r.lse_id, entry);
    }
    entry.versions++;
    const seen = entry.latest.get(r.master_tariff_id);
    if (!seen || r.effective_date > seen.effective || (r.effective_date === seen.effective && r.tariff_id > seen.id)) {
      entry.latest.set(r.master_tariff_id, { effective: r.effective_date, id: r.tariff_id, updated: r.last_updated });
    }
  }
  const lses = [...byLse.values()].map(({ lse, versions, latest }) => {
    const dates = [...latest.values()]
      .map((v) => v.updated)
      .filter((d): d is string => d !== null)
      .sort();
    return {
      ...lse,
      tariffs: latest.size,
      versions,
      undated: latest.size - dates.length,
      oldestLastUpdatedDate: dates[0] ?? null,
      newestLastUpdatedDate: dates.at(-1) ?? null,
    };
  });
  const total =
    lseId === undefined
      ? Number(
          (
            await db.kysely
              .selectFrom('lses')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      : lses.length;
  return { lses, lsesWithoutTariffs: total - lses.length };
}

/** Rows as a text table with a header; numbers right-aligned. */
function table(header: string[], rows: string[][], right: boolean[]): string[] {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, k) => (right[k] ? c.padStart(widths[k]!) : c.padEnd(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

export function registerDataCommand(program: Command, withDb: WithDb): void {
  const data = program.command('data').description('what data the database holds');
  data
    .command('status')
    .description(
      "per LSE with tariffs: tariffs, versions, and the oldest and newest lastUpdatedDate of the tariffs' latest versions",
    )
    .option('--lse-id <id>', 'one LSE', (value: string) => {
      const id = Number(value);
      if (!(/^\d+$/.test(value) && id >= 1 && id <= 2_147_483_647))
        throw new InvalidArgumentError('not an LSE id (a whole number)');
      return id;
    })
    .option('--json', 'print JSON')
    .action(async (opts: { lseId?: number; json?: boolean }) => {
      const lseId = opts.lseId;
      const status = await withDb((db) => dataStatus(db, lseId));
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(status)}\n`);
        return;
      }
      const rows = status.lses.map((s) => [
        String(s.lseId),
        s.name,
        s.code ?? '',
        String(s.tariffs),
        String(s.versions),
        s.oldestLastUpdatedDate ?? '-',
        s.newestLastUpdatedDate ?? '-',
        s.undated ? String(s.undated) : '',
      ]);
      for (const line of table(
        [
          'lseId',
          'LSE',
          'EIA id',
          'tariffs',
          'versions',
          'oldest lastUpdatedDate',
          'newest lastUpdatedDate',
          'undated',
        ],
        rows,
        [true, false, false, true, true, false, false, true],
      ))
        process.stdout.write(`${line}\n`);
      const totals = status.lses.reduce(
        (a, s) => ({ tariffs: a.tariffs + s.tariffs, versions: a.versions + s.versions }),
        { tariffs: 0, versions: 0 },
      );
      const lses = (n: number) => `${n} LSE${n === 1 ? '' : 's'}`;
      process.stdout.write(
        `${lses(status.lses.length)} with ${totals.tariffs} tariffs (${totals.versions} versions)${lseId === undefined ? `; ${lses(status.lsesWithoutTariffs)} without tariffs` : ''}\n`,
      );
    });
}
