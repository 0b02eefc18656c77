// Year one's usage from a profile of the account: its kWh readings on a grid of their most common length (one that
// divides an hour; else hourly), each shared by time over the intervals it covers; a reading longer than an hour (a
// day, a bill) shared over its hours by the shape of the place's typical baseline. Spans without readings are a 400,
// or filled from the typical baseline scaled to the readings (useIntelligentBaselining).
import { addByTime, spansOnGrid, spreadByShape } from '../../../engine/usage/on-grid.ts';
import { fillGaps, typicalReadings } from '../../accounts/account-readings.ts';
import type { BaselinesService } from '../../baselines/baselines.service.ts';
import type { ProfilesService } from '../../profiles/profiles.service.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import type { AnalysisPlan } from './inputs.ts';
import { nameOf, type ProfileSource } from './profile-source.ts';
import { HOUR, note, type Assumption, type Usage } from './types.ts';

export async function readingsUsage(
  services: { profiles: ProfilesService; baselines: BaselinesService },
  source: ProfileSource,
  plan: AnalysisPlan,
  zip: ZipRow,
  zone: string,
  from: number,
  to: number,
  fill: boolean,
): Promise<Usage> {
  const { profile } = source;
  const id = profile.row.profile_id;
  const named = nameOf(profile);
  const read = await services.profiles.readingsIn(profile, from, to);
  let energy = read.readings.filter((r) => r.unit === 'kWh');
  const more: Assumption[] = [];
  const place = { zipCode: zip.zipcode, zone, customerClass: plan.customerClass };
  const long = energy.filter((r) => r.end - r.start > HOUR).length;
  const typical = long ? await typicalReadings(services.baselines, place, from, to) : undefined;
  const counts = new Map<number, number>();
  for (const r of energy) {
    const d = r.end - r.start;
    if (d >= 60_000 && d <= HOUR && HOUR % d === 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const duration = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? HOUR;
  const sent = energy.length;
  if (profile.row.source_id === 'ReadingEntry') {
    const gaps = await fillGaps(services.baselines, place, id, energy, from, to, fill, typical);
    energy = gaps.readings;
    if (gaps.filled) more.push(note('useIntelligentBaselining', 'true', gaps.filled, null, null, 70));
  }
  const values = new Float64Array(Math.round((to - from) / duration));
  const shape = typical && spansOnGrid(typical, from, to, HOUR);
  for (const r of energy) {
    const start = Math.max(r.start, from);
    const end = Math.min(r.end, to);
    if (end <= start) continue;
    const value = (r.value * (end - start)) / (r.end - r.start);
    if (r.end - r.start > HOUR) spreadByShape(values, from, duration, start, end, value, shape!);
    else addByTime(values, from, duration, start, end, value);
  }
  if (read.readings.some((r) => r.unit === 'kW'))
    more.push(
      note(
        'demand',
        null,
        `The kW readings of ${named} are not read: the bills take demand from the kWh intervals`,
        null,
        null,
        90,
      ),
    );
  const noted = read.description
    ? `Usage is modelled: ${read.description} (${named} of the account)`
    : `Readings of ${named} of the account: ${sent} kWh reading(s) in year one on a grid of ${duration / 60_000} minutes${long ? `; ${long} reading(s) longer than an hour (days, bills) shared over their hours by the shape of the place's typical baseline` : ''}`;
  return { from, duration, values, noted, accuracy: read.description ? 60 : long ? 80 : 100, dataValue: id, more };
}
