// An account's usage as the account calculation and the savings analysis read it: the profile named (which must be the
// account's) or its default of a service type, and spans of a range without kWh readings, refused (a 400 naming the
// first span) or, with useIntelligentBaselining, filled from the place's typical baseline scaled to the readings.
import { DateTime } from 'luxon';
import { findGaps } from '../../engine/usage/readings-merge.ts';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { baselineClassOf } from '../../domain/baselines/building-types.ts';
import type { LoadedProfile, ProfilesService } from '../profiles/profiles.service.ts';
import { clip } from './account-usage.ts';
import type { LoadedAccount } from './accounts.service.ts';

const HOUR = 3_600_000;

/**
 * The profile `ref` names, which must be one of the account's: another account's is a 400 naming `field`, one the
 * organization does not have a 404 naming `field`. Without a ref, the account's default profile of `serviceType`.
 */
export async function accountProfile(
  profiles: ProfilesService,
  account: LoadedAccount,
  ref: { profileId: string } | { providerProfileId: string } | null,
  orgId: number,
  field: string,
  serviceType = 'ELECTRICITY',
): Promise<LoadedProfile | null> {
  if (ref === null) return profiles.defaultOf(account, serviceType);
  let profile: LoadedProfile;
  try {
    profile = await profiles.load(ref, orgId);
  } catch (e) {
    if (e instanceof ApiError && e.statusCode === 404) e.item.propertyName = field;
    throw e;
  }
  if (profile.account.row.account_id !== account.row.account_id)
    throw invalidArgument(
      field,
      'profileId' in ref ? ref.profileId : ref.providerProfileId,
      'The profile belongs to another account',
    );
  return profile;
}

/** Where a typical baseline is read for an account: its ZIP code, zone and class. */
export interface BaselinePlace {
  zipCode: string | null;
  zone: string;
  customerClass: string;
}

/** The place's typical baseline over [from, to) as kWh readings (hourly, by the typical year moved onto the dates). */
export async function typicalReadings(
  baselines: BaselinesService,
  place: BaselinePlace,
  from: number,
  to: number,
): Promise<Reading[]> {
  if (!place.zipCode)
    throw invalidArgument(
      'useIntelligentBaselining',
      'true',
      "The typical baseline needs the account's place: give the account an address",
    );
  const moved = await baselines.typicalUsage(
    { zipCode: place.zipCode, customerClass: baselineClassOf(place.customerClass) },
    place.zone,
    from,
    to,
  );
  return moved.intervals.map((m) => ({ start: m.from, end: m.to, unit: 'kWh' as const, value: m.kwh, cost: null }));
}

/**
 * Spans of [from, to) with no kWh reading: a 400 on useIntelligentBaselining naming the first span and the hours
 * missing in all; with `fill`, the place's typical baseline in those spans, scaled so that it matches the readings
 * where both exist. The answer's `filled` says what was done (null: nothing was missing).
 */
export async function fillGaps(
  baselines: BaselinesService,
  place: BaselinePlace,
  profileId: string,
  readings: Reading[],
  from: number,
  to: number,
  fill: boolean,
  typical?: Reading[],
): Promise<{ readings: Reading[]; filled: string | null }> {
  const energy = readings.filter((r) => r.unit === 'kWh');
  const gaps = findGaps(energy, 'kWh', from, to);
  if (!gaps.length) return { readings, filled: null };
  const at = (ms: number) => DateTime.fromMillis(ms, { zone: place.zone }).toISO({ suppressMilliseconds: true })!;
  const missing = gaps.reduce((s, g) => s + g.end - g.start, 0);
  if (!fill) {
    throw invalidArgument(
      'useIntelligentBaselining',
      null,
      `Profile ${profileId} has no readings from ${at(gaps[0]!.start)} to ${at(gaps[0]!.end)}${gaps.length > 1 ? ` and ${gaps.length - 1} more span(s)` : ''} (${(missing / HOUR).toFixed(2)} hours in all): send them, or set useIntelligentBaselining true to fill them from the typical baseline`,
    );
  }
  if (!energy.length)
    throw invalidArgument(
      'useIntelligentBaselining',
      'true',
      `Profile ${profileId} has no readings in the range to scale a typical baseline to`,
    );
  const base = typical ?? (await typicalReadings(baselines, place, from, to));
  const inGaps = gaps.flatMap((g) => clip(base, g.start, g.end));
  const typicalInGaps = inGaps.reduce((s, r) => s + r.value, 0);
  const typicalAll = base.reduce((s, r) => s + r.value, 0);
  const covered = typicalAll - typicalInGaps;
  const sent = energy.reduce(
    (s, r) => s + (Math.max(0, Math.min(r.end, to) - Math.max(r.start, from)) / (r.end - r.start)) * r.value,
    0,
  );
  const factor = covered > 0 ? sent / covered : 1;
  return {
    readings: [...readings, ...inGaps.map((r) => ({ ...r, value: r.value * factor }))].sort(
      (a, b) => a.start - b.start,
    ),
    filled: `${gaps.length} span(s) without readings (${(missing / HOUR).toFixed(2)} hours, first ${at(gaps[0]!.start)} to ${at(gaps[0]!.end)}) filled from the place's typical baseline, scaled by ${factor.toFixed(4)} so that it matches the readings where both exist`,
  };
}
