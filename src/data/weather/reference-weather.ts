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
  // The last two cells of both READMEs' file tables: where the file was taken from, and its licence.
  const origin = row && row.length >= 2 ? `; ${row.at(-2)} (${row.at(-1)})` : '';
  return `${file} from the reference folder ${folder}/${origin}`;
}

export function readReferenceWeather(referenceDir: string): ReferenceWeather[] {
  const out: ReferenceWeather[] = [];
  const read = (folder: string, pick: (f: string) => boolean, parse: (text: string) => WeatherFile) => {
    const dir = join(referenceDir, folder);
    if (!existsSync(dir)) return;
    const readme = existsSync(join(dir, 'README.md')) ? readFileSync(join(dir, 'README.md'), 'utf8') : '';
    for (const file of readdirSync(dir).filter(pick).sort()) {
      const weather = parse(readFileSync(join(dir, file), 'utf8'));
      out.push({ file, weather, dataset: weather.station.source.toUpperCase(), source: sourceOf(folder, readme, file) });
    }
  };
  read('weather', (f) => f.endsWith('.epw'), parseEpw);
  read('solar', (f) => f.endsWith('.csv') && f.includes('_weather-'), parseSamCsv);
  return out;
}
