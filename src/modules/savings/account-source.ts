// The savings analysis from a stored account (accountId or providerAccountId, of the caller's organization): the
// account stands in for what the request does not give — its place, customerClass, properties, the tariff it is on
// at the start of year one, its usage profile's readings (year one: the last 12 whole local months they reach) and
// its solar profile. Everything it stands in for is said in the answer's assumptions.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { findGaps } from '../../engine/usage/readings-merge.ts';
import { localDateParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import { accountProfile, fillGaps, typicalReadings } from '../accounts/account-readings.ts';
import { ACCOUNT_KEYS } from '../accounts/account-property-values.ts';
import type { AccountsService, LoadedAccount } from '../accounts/accounts.service.ts';
import { EARLIEST } from '../accounts/tariff-timeline.ts';
import { baselineClassOf } from '../../domain/baselines/building-types.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { LoadedProfile, ProfilesService } from '../profiles/profiles.service.ts';
import type { StationChoice } from '../solar/station-choice.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type { AnalysisPlan, Placed } from './analysis-inputs.ts';
import type { AnalysisBody, AnalysisPropertyInput } from './analysis.schemas.ts';
import { HOUR, note, zoneOf, type Assumption, type Memo, type Usage } from './analysis-types.ts';

type Body = Static<typeof AnalysisBody>;
type PropertyInput = Static<typeof AnalysisPropertyInput>;

/** The stored account a request names (of the caller's organization), with the field that named it. */
export interface AccountSource {
  account: LoadedAccount;
  field: 'accountId' | 'providerAccountId';
  value: string;
}

/** A profile of the account read for the usage or the PV output, with the input (field, value) that names it. */
export interface ProfileSource {
  profile: LoadedProfile;
  field: string;
  value: string;
  keyName: string;
}

/** Profile inputs need an account, and a solar profile is the whole PV: no system or output besides it. */
export function checkProfileInputs(plans: readonly AnalysisPlan[], account: AccountSource | null): void {
  for (const p of plans) {
    const named = p.profiles.usage ?? p.profiles.solar;
    if (named && !account)
      throw invalidArgument(
        `${named.path}.keyName`,
        named.input.keyName,
        `${named.input.keyName} names a profile of an account: give the account (accountId or providerAccountId)`,
      );
    const sized = p.pv.production?.path ?? (p.pv.sizePath === null ? null : p.pv.sizePath.replace(/\.dataValue$/, ''));
    if (p.profiles.solar && sized)
      throw invalidArgument(
        `${p.profiles.solar.path}.keyName`,
        p.profiles.solar.input.keyName,
        `Give the PV once: a solar profile, or the system (systemSize, solarPvLoadOffset) or its output (solarProduction), not both (also at ${sized})`,
      );
  }
}

export class AccountSources {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly baselines: BaselinesService,
    private readonly zipcodes: ZipcodesService,
    private readonly solar: SolarService,
  ) {}

  /** The account the request names, of the caller's organization (another's, or none such, is a 404 naming it). */
  async of(body: Body, orgId: number | null): Promise<AccountSource | null> {
    if (body.accountId === undefined && body.providerAccountId === undefined) return null;
    const field = body.accountId !== undefined ? 'accountId' : 'providerAccountId';
    const value = body.accountId ?? body.providerAccountId!;
    if (orgId === null) throw notFound('Account', field, value);
    const account = await this.accounts.load(
      field === 'accountId' ? { accountId: value } : { providerAccountId: value },
      orgId,
    );
    if (
      body.accountId !== undefined &&
      body.providerAccountId !== undefined &&
      account.row.provider_account_id !== body.providerAccountId
    ) {
      throw invalidArgument(
        'providerAccountId',
        body.providerAccountId,
        `Account ${body.accountId} has ${account.row.provider_account_id === null ? 'no providerAccountId' : `providerAccountId ${account.row.provider_account_id}`}: name the account once`,
      );
    }
    return { account, field, value };
  }

  /** The account's place: the ZIP code its address resolved to. */
  async place(source: AccountSource): Promise<ZipRow> {
    const code = source.account.row.zip_code;
    const zip = code ? await this.zipcodes.repo.find(code) : undefined;
    if (!zip)
      throw missingArgument(
        'address',
        `Account ${source.value} has no address: give the account one (PUT /rest/v1/accounts), or the analysis an address`,
      );
    if (!zip.state || ['AA', 'AE', 'AP'].includes(zip.state))
      throw invalidArgument(
        source.field,
        source.value,
        `Ratebook covers places in the US states: the account's ZIP code ${zip.zipcode} is not in one`,
      );
    return zip;
  }

  /**
   * What the account stands in for before any profile is read: its customerClass (unless given; `plan` takes its
   * baseline class) and its properties as inputs of every plan's bills. Returns the tariff class and what is said.
   */
  standIn(
    source: AccountSource,
    body: Body,
    zip: ZipRow,
    given: readonly Placed<PropertyInput>[],
    plan: AnalysisPlan,
    plans: readonly AnalysisPlan[],
  ): { tariffClass: string; notes: Assumption[] } {
    const { row } = source.account;
    const notes = [
      note(
        source.field,
        source.value,
        `Account ${row.account_id}${row.provider_account_id ? ` (${row.provider_account_id})` : ''}${row.account_name ? `, ${row.account_name}` : ''}: ${body.address === undefined ? `its place (ZIP code ${zip.zipcode}), ` : ''}its properties as inputs of the bills, and what the request does not give`,
        null,
        null,
        100,
      ),
    ];
    let tariffClass: string = plan.customerClass;
    if (!given.some((p) => p.input.keyName === 'customerClass')) {
      tariffClass = this.accounts.customerClass(source.account);
      plan.customerClass = baselineClassOf(tariffClass);
      notes.push(
        source.account.properties.has('customerClass')
          ? note('customerClass', tariffClass, `The account's customerClass, ${tariffClass}`, null, null, 100)
          : note(
              'customerClass',
              'RESIDENTIAL',
              'The account names no customerClass: RESIDENTIAL is assumed',
              null,
              null,
              90,
            ),
      );
    }
    for (const p of plans) withAccountProperties(p, source);
    return { tariffClass, notes };
  }

  /** The account's profile the usage is read from: the one named (tagged before,after), else its default ELECTRICITY profile when the request gives no usage. */
  async usageProfile(
    plan: AnalysisPlan,
    source: AccountSource | null,
    orgId: number | null,
  ): Promise<ProfileSource | null> {
    const named = plan.profiles.usage;
    if (named) {
      if (plan.consumption || plan.baseline.given)
        throw invalidArgument(
          `${named.path}.keyName`,
          named.input.keyName,
          'Give the usage once: a profile of the account, a consumption series, or a typical baseline',
        );
      const found = await this.named(named, source!, orgId!);
      if (found.profile.row.service_types !== 'ELECTRICITY')
        throw invalidArgument(
          found.field,
          found.value,
          `Profile ${found.value} is a ${found.profile.row.service_types} profile: the usage is an ELECTRICITY profile (a PV output is tagged solar)`,
        );
      return found;
    }
    if (!source || plan.consumption || plan.baseline.given) return null;
    const profile = await this.profiles.defaultOf(source.account, 'ELECTRICITY');
    return profile && { profile, field: source.field, value: source.value, keyName: 'profileId' };
  }

  /**
   * The account's profile the PV output is read from: the one named (tagged solar), else its default SOLAR_PV
   * profile when the request gives no PV system.
   */
  async solarProfile(
    plan: AnalysisPlan,
    source: AccountSource | null,
    orgId: number | null,
  ): Promise<ProfileSource | null> {
    const named = plan.profiles.solar;
    if (named) {
      const found = await this.named(named, source!, orgId!);
      if (found.profile.row.service_types === 'GAS')
        throw invalidArgument(
          found.field,
          found.value,
          `Profile ${found.value} is a GAS profile: the PV output is a SOLAR_PV profile (PVWatts or readings)`,
        );
      return found;
    }
    if (plan.pv.sizePath !== null || plan.pv.production || !source) return null;
    const profile = await this.profiles.defaultOf(source.account, 'SOLAR_PV');
    return profile && { profile, field: source.field, value: source.value, keyName: 'profileId' };
  }

  /** Year one from the usage profile's readings, without fromDateTime: the last 12 whole local months they reach (null: not read from readings). */
  async yearOne(
    body: Body,
    zip: ZipRow,
    usage: ProfileSource | null,
    notes: Assumption[],
  ): Promise<{ from: string; to: string } | null> {
    if (body.fromDateTime !== undefined || usage?.profile.row.source_id !== 'ReadingEntry') return null;
    const zone = zoneOf(zip);
    const id = usage.profile.row.profile_id;
    const kwh = (await this.profiles.repo.summaries(id)).find((x) => x.unit === 'kWh');
    if (!kwh)
      throw invalidArgument(
        usage.field,
        usage.value,
        `Profile ${id} has no kWh readings: send them (POST /rest/v1/profiles/${id}/readings), or give the usage another way`,
      );
    // The month the readings end in counts only when they reach its end: a year back from there, to a month start.
    const start = DateTime.fromMillis(kwh.lastEnd, { zone }).minus({ years: 1 }).startOf('month');
    const at = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
    notes.push(
      note(
        'fromDateTime',
        start.toISODate()!,
        `Year one is the last 12 whole months the readings of profile ${id} reach (they run ${at(kwh.firstStart)} to ${at(kwh.lastEnd)}): give fromDateTime to choose another`,
        null,
        null,
        100,
      ),
    );
    return { from: start.toISODate()!, to: start.plus({ years: 1 }).toISODate()! };
  }

  /** The account's tariff on the first day of year one; null when it has none set (its default is then the place's). */
  async tariffAt(source: AccountSource, yearOneFrom: string, notes: Assumption[]): Promise<number | null> {
    const { account } = source;
    if (!account.tariffs.length) return null;
    const start = localDateParam('fromDateTime', yearOneFrom, this.accounts.zoneOf(account))!;
    const [held] = await this.accounts.timeline(account, start, DateTime.fromISO(start).plus({ days: 1 }).toISODate()!);
    if (!held) {
      const first = [...account.tariffs].sort((a, b) => a.effective_date.localeCompare(b.effective_date))[0]!;
      throw invalidArgument(
        'masterTariffId',
        null,
        `The account is on no tariff on ${start}, the start of year one (its first starts ${first.effective_date}): set one from an earlier date, or give masterTariffId tagged before`,
      );
    }
    const { part } = held;
    notes.push(
      note(
        'masterTariffId',
        String(part.masterTariffId),
        `The account's tariff on ${start}, the start of year one (set from ${part.from === EARLIEST ? 'the start' : part.from}${part.to ? ` until ${part.to}` : ''})`,
        null,
        null,
        100,
      ),
    );
    return part.masterTariffId;
  }

  /**
   * Year one's usage from a profile of the account: its kWh readings on a grid of their most common length (one that
   * divides an hour; else hourly), each shared by time over the intervals it covers; a reading longer than an hour (a
   * day, a bill) shared over its hours by the shape of the place's typical baseline. Spans without readings are a 400,
   * or filled from the typical baseline scaled to the readings (useIntelligentBaselining).
   */
  async usage(
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
    const read = await this.profiles.readingsIn(profile, from, to);
    let energy = read.readings.filter((r) => r.unit === 'kWh');
    const more: Assumption[] = [];
    const place = { zipCode: zip.zipcode, zone, customerClass: plan.customerClass };
    const long = energy.filter((r) => r.end - r.start > HOUR).length;
    const typical = long ? await typicalReadings(this.baselines, place, from, to) : undefined;
    const counts = new Map<number, number>();
    for (const r of energy) {
      const d = r.end - r.start;
      if (d >= 60_000 && d <= HOUR && HOUR % d === 0) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    const duration = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? HOUR;
    const sent = energy.length;
    if (profile.row.source_id === 'ReadingEntry') {
      const gaps = await fillGaps(this.baselines, place, id, energy, from, to, fill, typical);
      energy = gaps.readings;
      if (gaps.filled) more.push(note('useIntelligentBaselining', 'true', gaps.filled, null, null, 70));
    }
    const values = new Float64Array(Math.round((to - from) / duration));
    const shape = typical && onGrid(typical, from, to, HOUR);
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

  /**
   * The PV output of year one, hour by hour, from a profile of the account (a PVWatts model, or readings of an hour or
   * less, shared into hours by time). A span of year one without readings is a 400 naming the input: no output is not
   * assumed. Read once per request (the designs share it).
   */
  async production(
    source: ProfileSource,
    plan: AnalysisPlan,
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
          const read = await this.profiles.readingsIn(profile, from, to);
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
            const zone = this.accounts.zoneOf(profile.account);
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
              ? await this.zipcodes.repo.find(profile.account.row.zip_code)
              : undefined;
          if (place) station = await this.stationOf(place, memo);
          return { hourly: onGrid(energy, from, to, HOUR), description: read.description, station };
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
        note(
          'solarDegradation',
          String(plan.degradation * 100),
          `Output falls ${(plan.degradation * 100).toFixed(2)} % a year`,
          null,
          null,
          90,
        ),
      ],
    };
  }

  /** The weather station of a place, chosen once per request. */
  stationOf(zip: ZipRow, memo: Memo): Promise<StationChoice> {
    if (!memo.stations.has(zip.zipcode))
      memo.stations.set(
        zip.zipcode,
        this.solar.station(
          { latitude: zip.latitude ?? 0, longitude: zip.longitude ?? 0, climateZone: zip.climate_zone ?? null },
          'address',
        ),
      );
    return memo.stations.get(zip.zipcode)!;
  }

  /** A profile named by an input (profileId or providerProfileId): one of the account's, or a 400/404 naming the input. */
  private async named(named: Placed<PropertyInput>, source: AccountSource, orgId: number): Promise<ProfileSource> {
    const field = `${named.path}.dataValue`;
    const value = String(named.input.dataValue);
    const profile = (await accountProfile(
      this.profiles,
      source.account,
      named.input.keyName === 'profileId' ? { profileId: value } : { providerProfileId: value },
      orgId,
      field,
    ))!;
    return { profile, field, value, keyName: named.input.keyName };
  }
}

function nameOf(profile: LoadedProfile): string {
  return `profile ${profile.row.profile_id}${profile.row.provider_profile_id ? ` (${profile.row.provider_profile_id})` : ''}`;
}

/** An account's properties are inputs of the utility bills (territoryId, applicability keys), where the request gives none of that key. */
function withAccountProperties(plan: AnalysisPlan, { account, field }: AccountSource): void {
  for (const p of account.properties.values()) {
    if (p.key_name in ACCOUNT_KEYS && p.key_name !== 'territoryId') continue;
    for (const s of ['before', 'after'] as const) {
      if (plan.billProperties[s].some((x) => x.input.keyName === p.key_name)) continue;
      plan.billProperties[s].push({
        input: { keyName: p.key_name, dataValue: p.data_value },
        path: `${field}.properties.${p.key_name}`,
        scenarios: new Set([s]),
      });
    }
  }
}

/** Readings as kWh per interval of a grid of `duration` over [from, to), each shared by time. */
function onGrid(readings: readonly Reading[], from: number, to: number, duration: number): Float64Array {
  const out = new Float64Array(Math.round((to - from) / duration));
  for (const r of readings) {
    const start = Math.max(r.start, from);
    const end = Math.min(r.end, to);
    if (end > start) addByTime(out, from, duration, start, end, (r.value * (end - start)) / (r.end - r.start));
  }
  return out;
}

/** Adds `value` (kWh over [start, end)) to the intervals of a grid of `duration` from `from`, shared by time. */
function addByTime(
  values: Float64Array,
  from: number,
  duration: number,
  start: number,
  end: number,
  value: number,
): void {
  for (let k = Math.max(0, Math.floor((start - from) / duration)); k < values.length; k++) {
    const a = from + k * duration;
    if (a >= end) break;
    const overlap = Math.min(end, a + duration) - Math.max(start, a);
    if (overlap > 0) values[k]! += (value * overlap) / (end - start);
  }
}

/** Adds `value` (kWh over [start, end)) to a grid's intervals in proportion to the typical kWh of their hours (by time where the shape has none). */
function spreadByShape(
  values: Float64Array,
  from: number,
  duration: number,
  start: number,
  end: number,
  value: number,
  hourly: Float64Array,
): void {
  const first = Math.max(0, Math.floor((start - from) / duration));
  const weights: number[] = [];
  let total = 0;
  for (let k = first; k < values.length && from + k * duration < end; k++) {
    const a = from + k * duration;
    const overlap = Math.max(0, Math.min(end, a + duration) - Math.max(start, a));
    const w = Math.max(0, hourly[Math.floor((a - from) / HOUR)] ?? 0) * (overlap / HOUR);
    weights.push(w);
    total += w;
  }
  if (!(total > 0)) {
    addByTime(values, from, duration, start, end, value);
    return;
  }
  weights.forEach((w, j) => {
    values[first + j]! += (value * w) / total;
  });
}
