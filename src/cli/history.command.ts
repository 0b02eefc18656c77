// `ratebook history purge [--older-than-days N]`: removes calculation history records older than N days (default
// HISTORY_RETENTION_DAYS) and prints how many. A running server also purges at start and daily.
import { InvalidArgumentError, type Command } from 'commander';
import { ConfigError, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HistoryRepository, retentionCutoff } from '../modules/calculation-history/history.repository.ts';

type WithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

function days(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 36_500)
    throw new InvalidArgumentError('a whole number of days from 0 to 36500');
  return n;
}

export function registerHistoryCommand(program: Command, withDb: WithDb, config: () => Config): void {
  const history = program
    .command('history')
    .description("calculation history: each calculation's request and response, kept for audit");
  history
    .command('purge')
    .description(
      'remove calculation history records older than N days (default HISTORY_RETENTION_DAYS) and print how many',
    )
    .option('--older-than-days <n>', 'age in days: records created before now minus N days are removed (0: all)', days)
    .action(async (opts: { olderThanDays?: number }) => {
      const retention = config().history.retentionDays;
      if (opts.olderThanDays === undefined && retention === 0) {
        throw new ConfigError(
          'HISTORY_RETENTION_DAYS is 0 (recording off, nothing purged automatically): name the age with --older-than-days N',
        );
      }
      const age = opts.olderThanDays ?? retention;
      const before = retentionCutoff(age);
      const removed = await withDb((db) => new HistoryRepository(db).purge(before));
      process.stdout.write(
        `Removed ${removed} calculation history ${removed === 1 ? 'record' : 'records'} older than ${age} ${age === 1 ? 'day' : 'days'} (created before ${before.toISOString()})\n`,
      );
    });
}
