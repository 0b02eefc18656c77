// Where URDB syncs stand, in a small JSON file: per query (API address and filters), the run under way (the offset of
// the first page not yet imported, so `--resume` continues there) and the last completed run (its start time, for
// `--since last`). Written whole to a temporary file and renamed over the old one, so a crash never leaves half a file.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface SyncRun {
  /** When the run began (ISO 8601, UTC); a resumed run keeps the first start. */
  startedAt: string;
  /** The `--since` bound of the run, seconds since 1970, or null for every record. */
  since: number | null;
  /** The offset of the first page not yet imported. */
  nextOffset: number;
  updatedAt: string;
}

export interface SyncQueryState {
  /** The filters, readable, for someone looking at the file. */
  query: Record<string, string>;
  inProgress?: SyncRun;
  lastCompleted?: { startedAt: string; completedAt: string; since: number | null };
}

interface StateFile {
  version: 1;
  queries: Record<string, SyncQueryState>;
}

/** One state file. Writes of this process are queued one after another (the HTTP operation may run syncs side by side). */
export class SyncStateStore {
  private queue: Promise<unknown> = Promise.resolve();
  /** Where an unreadable state file was moved to, once one was found (the sync says so in its notes). */
  setAside: string | null = null;

  constructor(readonly file: string) {}

  private async read(): Promise<StateFile> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, queries: {} };
      throw e;
    }
    try {
      const parsed = JSON.parse(text) as StateFile;
      if (parsed && typeof parsed === 'object' && parsed.queries && typeof parsed.queries === 'object') return parsed;
    } catch {
      /* set aside below */
    }
    // A file that is not ours (or was cut short by hand) costs only the resume points: keep it for a look, start afresh.
    this.setAside = `${this.file}.unreadable`;
    await rename(this.file, this.setAside);
    return { version: 1, queries: {} };
  }

  async get(key: string): Promise<SyncQueryState | undefined> {
    await this.queue;
    return (await this.read()).queries[key];
  }

  /** Changes one query's state (read, changed, written whole), after any change of this process still under way. */
  update(key: string, change: (state: SyncQueryState | undefined) => SyncQueryState): Promise<void> {
    const next = this.queue.then(async () => {
      const all = await this.read();
      all.queries[key] = change(all.queries[key]);
      await mkdir(dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(all, null, 2)}\n`);
      await rename(temporary, this.file);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
