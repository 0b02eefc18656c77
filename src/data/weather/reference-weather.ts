// The typical-year weather files of the shared reference folder, read in place: the TMY3 EPW files of `weather/` and
// the SAM CSV weather files (NSRDB PSM, TMY2) of `solar/`. Each becomes a station row; its `source` is the file's
// own row of its folder's README (repository, path, commit, licence), so the answer can say where the weather is from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEpw } from './epw.ts';
import { parseSamCsv } from './sam-csv.ts';
import type { WeatherFile } from './weather-file.ts';

export interface ReferenceWeather {
  file: string;
  weather: WeatherFile;
  /** TMY3, NSRDB or TMY2 (the file's own Source field). */
  dataset: string;
  source: string;
}

/** Newer typical-year data sets first: NSRDB PSM (satellite, 1998 on), TMY3 (1991-2005), TMY2 (1961-90). */
export const DATASET_RANK: Record<string, number> = { NSRDB: 3, TMY3: 2, TMY2: 1 };

/** The README row of `file` (a Markdown table row starting with the file name in backticks), as cells. */
function readmeRow(readme: string, file: string): string[] | null {
  const line = readme.split('\n').find((l) => l.startsWith(`| \`${file}\``));
  return line ? line.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim()) : null;
}

function sourceOf(folder: string, readme: string, file: string): string {
  const row = readmeRow(readme, file);
  if (!row || row.length < 2) return `${file} from the reference folder ${folder}/`;
  // The last two cells of both READMEs' file tables: where the file was taken from, and its licence. A row that says
  // "@ same commit" takes the commit of the README's first row from the same repository that names one.
  let origin = row.at(-2)!;
  const repo = /^\[?([\w.-]+\/[\w.-]+)/.exec(origin)?.[1];
  if (repo && /@ same commit/.test(origin)) {
    const commit = readme
      .split('\n')
      .map((l) => (l.includes(repo) ? /@ `([0-9a-f]{7,40})`/.exec(l)?.[1] : undefined))
      .find(Boolean);
    if (commit) origin = origin.replace('@ same commit', `@ \`${commit}\``);
  }
  return `${file} from the reference folder ${folder}/; ${origin} (${row.at(-1)})`;
}

export function readReferenceWeather(referenceDir: string): ReferenceWeather[] {
  const out: ReferenceWeather[] = [];
  const read = (folder: string, pick: (f: string) => boolean, parse: (text: string) => WeatherFile) => {
    const dir = join(referenceDir, folder);
    if (!existsSync(dir)) return;
    const readme = existsSync(join(dir, 'README.md')) ? readFileSync(join(dir, 'README.md'), 'utf8') : '';
    for (const file of readdirSync(dir).filter(pick).sort()) {
      const weather = parse(readFileSync(join(dir, file), 'utf8'));
      out.push({
        file,
        weather,
        dataset: weather.station.source.toUpperCase(),
        source: sourceOf(folder, readme, file),
      });
    }
  };
  read('weather', (f) => f.endsWith('.epw'), parseEpw);
  read('solar', (f) => f.endsWith('.csv') && f.includes('_weather-'), parseSamCsv);
  return out;
}
