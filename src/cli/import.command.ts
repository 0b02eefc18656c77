// `ratebook import <format> FILE...`: one transaction per file, a progress bar on a terminal (plain progress lines
// otherwise), a summary per file. A malformed file stops the command with a non-zero exit, naming the line; the files
// before it stay imported, the failing one leaves nothing behind.
import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import type { Db } from '../db/database.ts';
import { IMPORT_FORMATS } from '../importers/formats.ts';
import { openSource, type OpenedSource } from '../importers/source-lines.ts';
import { formatSummary } from '../importers/summary.ts';

type WithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/** Progress of one file: a bar (bytes, records, rate) on a terminal, a line every few seconds otherwise. */
function progress(source: OpenedSource, name: string) {
  const started = performance.now();
  const rate = (count: number) => Math.round(count / Math.max(0.001, (performance.now() - started) / 1000));
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${name} [{bar}] {percentage}% | {records} records | {rate}/s`, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    bar.start(Math.max(1, source.size), 0, { records: 0, rate: 0 });
    return {
      tick: (count: number) =>
        count % 500 === 0 && bar.update(source.bytesRead(), { records: count, rate: rate(count) }),
      done: (count: number) => {
        bar.update(source.size, { records: count, rate: rate(count) });
        bar.stop();
      },
    };
  }
  let last = started;
  return {
    tick: (count: number) => {
      if (performance.now() - last < 5000) return;
      last = performance.now();
      process.stderr.write(
        `${name}: ${count} records, ${Math.round((100 * source.bytesRead()) / Math.max(1, source.size))}% of the file, ${rate(count)} records/s\n`,
      );
    },
    done: (count: number) =>
      process.stderr.write(
        `${name}: ${count} records read in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      ),
  };
}

export function registerImportCommand(program: Command, withDb: WithDb): void {
  const command = program
    .command('import')
    .description('load public data files into the database (one transaction per file)');
  for (const [format, { description, run, files: kinds, options }] of Object.entries(IMPORT_FORMATS)) {
    const sub = command.command(`${format} <files...>`).description(`${description}; ${kinds}, each optionally .gz`);
    for (const [flag, text] of options ?? []) sub.option(flag, text);
    sub.action(async (files: string[], opts: Record<string, string>) => {
      await withDb(async (db) => {
        for (const file of files) {
          const source = openSource(file);
          const bar = progress(source, basename(file));
          const summary = await run(
            db,
            source.stream,
            file,
            {
              lseId: opts.lseId === undefined ? undefined : Number(opts.lseId),
              timeZone: opts.timeZone,
              effectiveDate: opts.effectiveDate,
            },
            bar.tick,
          );
          bar.done(summary.records);
          for (const line of formatSummary(summary)) process.stdout.write(`${line}\n`);
        }
      });
    });
  }
}
