// Year one's PV output from a profile of the account, hour by hour: a PVWatts model (named with its weather station),
// or readings of an hour or less, shared into hours by time. A span of year one without readings is a 400 naming the
// input: no output is not assumed. Read once per request (the designs share it).
import { DateTime } from 'luxon';
import { spansOnGrid } from '../../../engine/usage/on-grid.ts';
import { findGaps } from '../../../engine/usage/readings-merge.ts';
import { invalidArgument } from '../../../http/errors.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { ProfilesService } from '../../profiles/profiles.service.ts';
import type { SolarService } from '../../solar/solar.service.ts';
import type { StationChoice } from '../../solar/station-choice.ts';
import type { ZipcodesService } from '../../zipcodes/zipcodes.service.ts';
import { nameOf, type ProfileSource } from './profile-source.ts';
import { stationOf } from './station.ts';
import { HOUR, note, type Assumption, type Memo } from './types.ts';

export interface ProfileProductionServices {
  profiles: ProfilesService;
  accounts: AccountsService;
  zipcodes: ZipcodesService;
  solar: SolarService;
}

export async function profileProduction(
  services: ProfileProductionServices,
  source: ProfileSource,
  from: number,
  to: number,
  memo: Memo,
): Promise<{ hourly: Float64Array; station: StationChoice | null; assumptions: Assumption[] }> {
  const { profile, field, value } = source;
  const id = profile.row.profile_id;
  const named = nameOf(profile);
  const key = `${id}|${from}|${to}`;
  if (!memo.pv.has(key)) {
    memo.pv.set(
      key,
      (async () => {
        const read = await services.profiles.readingsIn(profile, from, to);
        const energy = read.readings.filter((r) => r.unit === 'kWh');
        const long = energy.find((r) => r.end - r.start > HOUR);
        if (long)
          throw invalidArgument(
            field,
            value,
            `The readings of ${named} are the PV output of an hour or less each: it has readings of ${((long.end - long.start) / HOUR).toFixed(2)} hours`,
          );
        const gaps = findGaps(energy, 'kWh', from, to);
        if (gaps.length) {
          const zone = services.accounts.zoneOf(profile.account);
          const at = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
          const missing = gaps.reduce((s, g) => s + g.end - g.start, 0);
          throw invalidArgument(
            field,
            value,
            `The PV output of ${named} has no readings from ${at(gaps[0]!.start)} to ${at(gaps[0]!.end)}${gaps.length > 1 ? ` and ${gaps.length - 1} more span(s)` : ''} (${(missing / HOUR).toFixed(2)} hours in all) in year one: send them (0 at night too)`,
          );
        }
        // A PVWatts profile is modelled at the account's weather station: the answer names it.
        let station: StationChoice | null = null;
        const place =
          profile.row.source_id === 'PVWatts' && profile.account.row.zip_code
            ? await services.zipcodes.repo.find(profile.account.row.zip_code)
            : undefined;
        if (place) station = await stationOf(services.solar, place, memo);
        return { hourly: spansOnGrid(energy, from, to, HOUR), description: read.description, station };
      })(),
    );
  }
  const { hourly, description, station } = await memo.pv.get(key)!;
  const total = hourly.reduce((s, v) => s + v, 0);
  return {
    hourly,
    station,
    assumptions: [
      note(
        source.keyName,
        id,
        `PV output: ${named} of the account (${description ?? 'readings sent'}), ${Math.round(total)} kWh in year one`,
        null,
        null,
        description ? 90 : 100,
      ),
    ],
  };
}
