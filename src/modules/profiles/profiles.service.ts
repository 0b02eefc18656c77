// Usage profiles of an account: readings sent (JSON, CSV, Green Button) stored packed by month, or modelled for any
// range (a typical baseline, a PVWatts system). One default profile per service type is what calculations use.
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { findGaps, mergeReadings } from '../../engine/usage/readings-merge.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumValue } from '../../http/list-params.ts';
import type { ParsedReadings, Reading } from '../../importers/readings/reading.ts';
import { readingsFromJson } from '../../importers/readings/reading-rows.ts';
import type { AccountsService, LoadedAccount } from '../accounts/accounts.service.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { checkModelProperties, modelledReadings } from './modelled-readings.ts';
import { groupReadings, type GroupBy } from './reading-groups.ts';
import { type ReadingRun, runReadings } from './reading-chunks.ts';
import { ProfilesRepository, type ProfileRef, type ProfileRow } from './profiles.repository.ts';
import {
  PROFILE_GROUP_BYS,
  SERVICE_TYPES,
  SOURCE_IDS,
  type ProfileInput,
  type ProfileSchema,
  type ReadingsResultSchema,
} from './profiles.schemas.ts';

export type Profile = Static<typeof ProfileSchema>;
export type ProfileBody = Static<typeof ProfileInput>;
export type ReadingsResult = Static<typeof ReadingsResultSchema>;

const SOURCE_NAMES: Record<string, string> = {
  ReadingEntry: 'Readings sent',
  TypicalBaseline: 'Typical baseline (modelled)',
  PVWatts: 'PVWatts model (modelled)',
};
/** A modelled profile shown without a range: the current year. */
const YEAR = 366 * 86_400_000;

export interface LoadedProfile {
  row: ProfileRow;
  account: LoadedAccount;
  properties: Map<string, string>;
}

export class ProfilesService {
  readonly repo: ProfilesRepository;

  constructor(
    db: Db,
    private readonly accounts: AccountsService,
    private readonly zipcodes: ZipcodesService,
    private readonly baselines: BaselinesService,
    private readonly solar: SolarService,
    private readonly now: () => Date,
  ) {
    this.repo = new ProfilesRepository(db);
  }

  async load(ref: ProfileRef, orgId: number): Promise<LoadedProfile> {
    const row = await this.repo.find(orgId, ref);
    if (!row)
      throw 'profileId' in ref
        ? notFound('UsageProfile', 'profileId', ref.profileId)
        : notFound('UsageProfile', 'providerProfileId', ref.providerProfileId);
    return loaded(row, await this.accounts.load({ accountId: row.account_id }, orgId));
  }

  async list(
    orgId: number,
    q: { accountId?: string; providerAccountId?: string },
    options: ListOptions,
  ): Promise<{ rows: Profile[]; total: number }> {
    let accountId: string | undefined;
    if (q.accountId || q.providerAccountId)
      accountId = (
        await this.accounts.load(
          q.accountId ? { accountId: q.accountId } : { providerAccountId: q.providerAccountId! },
          orgId,
        )
      ).row.account_id;
    const { rows, total } = await this.repo.list(orgId, { accountId }, options);
    // Each account is read once, however many of its profiles the page holds.
    const accounts = new Map<string, Promise<LoadedAccount>>();
    const out: Profile[] = [];
    for (const row of rows) {
      if (!accounts.has(row.account_id))
        accounts.set(row.account_id, this.accounts.load({ accountId: row.account_id }, orgId));
      out.push(await this.toProfile(loaded(row, await accounts.get(row.account_id)!), {}));
    }
    return { rows: out, total };
  }

  /** POST: a new profile of an account (with its readings when readingData is sent). */
  async create(body: ProfileBody, orgId: number): Promise<{ profile: Profile; readings: ReadingsResult | null }> {
    const { row, parsed } = await this.prepareCreate(body, orgId);
    await this.repo.save(row, true);
    const readings = parsed
      ? await this.addReadings({ profileId: row.profile_id }, parsed, 'JSON', 'add', orgId).catch(
          async (e: unknown) => {
            // The profile and its readings land together or not at all.
            await this.repo.delete(row.profile_id);
            throw e;
          },
        )
      : null;
    return { profile: await this.get({ profileId: row.profile_id }, {}, orgId), readings };
  }

  /** A new profile's row, checked (its account, providerProfileId, service type, source, properties); not stored. */
  async prepareCreate(body: ProfileBody, orgId: number): Promise<{ row: ProfileRow; parsed: ParsedReadings | null }> {
    if (!body.accountId && !body.providerAccountId)
      throw invalidArgument('accountId', null, 'A profile belongs to an account: give accountId or providerAccountId');
    const account = await this.accounts.load(
      body.accountId ? { accountId: body.accountId } : { providerAccountId: body.providerAccountId! },
      orgId,
    );
    if (body.providerProfileId && (await this.repo.find(orgId, { providerProfileId: body.providerProfileId }))) {
      throw invalidArgument(
        'providerProfileId',
        body.providerProfileId,
        'A profile with this providerProfileId exists: PUT /rest/v1/profiles updates it',
      );
    }
    const serviceTypes =
      enumValue('serviceTypes', body.serviceTypes, SERVICE_TYPES) ??
      (body.source?.sourceId === 'PVWatts' ? 'SOLAR_PV' : 'ELECTRICITY');
    const siblings = (await this.repo.ofAccount(account.row.account_id)).filter(
      (p) => p.service_types === serviceTypes,
    );
    const stamp = this.now().toISOString();
    const row: ProfileRow = {
      profile_id: randomUUID(),
      org_id: orgId,
      account_id: account.row.account_id,
      provider_profile_id: body.providerProfileId ?? null,
      profile_name: body.profileName ?? null,
      description: body.description ?? null,
      meter_id: body.meterId ?? null,
      service_types: serviceTypes,
      source_id: enumValue('source.sourceId', body.source?.sourceId, SOURCE_IDS) ?? 'ReadingEntry',
      is_default: body.isDefault ?? !siblings.some((p) => p.is_default),
      properties: null,
      model: null,
      created_at: stamp,
      updated_at: stamp,
    };
    row.properties = JSON.stringify(Object.fromEntries(this.readProperties(body.properties, row.source_id)));
    const parsed = body.readingData ? this.parseJson(body.readingData, account) : null;
    if (parsed && row.source_id !== 'ReadingEntry')
      throw invalidArgument(
        'readingData',
        null,
        `A ${row.source_id} profile models its readings; send readings to a ReadingEntry profile`,
      );
    return { row, parsed };
  }

  /** PUT /profiles: an update by profileId or providerProfileId, else a new profile. */
  async upsert(body: ProfileBody, orgId: number): Promise<{ profile: Profile; readings: ReadingsResult | null }> {
    const ref: ProfileRef | null = body.profileId
      ? { profileId: body.profileId }
      : body.providerProfileId
        ? { providerProfileId: body.providerProfileId }
        : null;
    const existing = ref && (await this.repo.find(orgId, ref));
    if (body.profileId && !existing) throw notFound('UsageProfile', 'profileId', body.profileId);
    if (!existing) return this.create(body, orgId);
    const { row, parsed } = await this.prepareUpdate(existing, body, orgId);
    await this.repo.save(row, false);
    const readings = parsed
      ? await this.addReadings({ profileId: row.profile_id }, parsed, 'JSON', 'add', orgId)
      : null;
    return { profile: await this.get({ profileId: row.profile_id }, {}, orgId), readings };
  }

  /** The stored profile's row with the fields a body sends replaced, checked; not stored. */
  async prepareUpdate(
    existing: ProfileRow,
    body: ProfileBody,
    orgId: number,
  ): Promise<{ row: ProfileRow; parsed: ParsedReadings | null }> {
    const current = await this.load({ profileId: existing.profile_id }, orgId);
    const row = { ...current.row };
    if (body.providerProfileId !== undefined) row.provider_profile_id = body.providerProfileId;
    if (body.profileName !== undefined) row.profile_name = body.profileName;
    if (body.description !== undefined) row.description = body.description;
    if (body.meterId !== undefined) row.meter_id = body.meterId;
    if (body.serviceTypes !== undefined)
      row.service_types = enumValue('serviceTypes', body.serviceTypes, SERVICE_TYPES)!;
    if (body.isDefault !== undefined) row.is_default = body.isDefault;
    if (body.source !== undefined && body.source.sourceId !== row.source_id)
      throw invalidArgument(
        'source.sourceId',
        body.source.sourceId,
        'A profile keeps its source; make a new profile for another',
      );
    if (body.properties !== undefined)
      row.properties = JSON.stringify(Object.fromEntries(this.readProperties(body.properties, row.source_id)));
    const parsed = body.readingData ? this.parseJson(body.readingData, current.account) : null;
    if (parsed && row.source_id !== 'ReadingEntry')
      throw invalidArgument('readingData', null, `A ${row.source_id} profile models its readings`);
    row.updated_at = this.now().toISOString();
    return { row, parsed };
  }

  async remove(ref: ProfileRef, orgId: number): Promise<Profile> {
    const profile = await this.get(ref, {}, orgId);
    await this.repo.delete(profile.profileId);
    return profile;
  }

  async get(
    ref: ProfileRef,
    q: {
      fromDateTime?: string;
      toDateTime?: string;
      populateReadings?: boolean;
      groupBy?: string;
      pageStart?: number;
      pageCount?: number;
    },
    orgId: number,
  ): Promise<Profile> {
    return this.toProfile(await this.load(ref, orgId), q);
  }

  /** JSON readings (the original's readingData) read in the account's zone. */
  parseJson(items: unknown[], account: LoadedAccount): ParsedReadings {
    return readingsFromJson(items, { zone: this.accounts.zoneOf(account), defaultUnit: 'kWh' });
  }

  /**
   * Stores readings. `add`: each reading replaces the stored ones it overlaps; `replace`: every stored reading in the
   * span the upload covers (first start to last end, per unit) goes, then the upload is stored. One transaction.
   */
  async addReadings(
    ref: ProfileRef,
    parsed: ParsedReadings,
    format: string,
    mode: 'add' | 'replace',
    orgId: number,
  ): Promise<ReadingsResult> {
    const profile = await this.load(ref, orgId);
    this.checkReadings(profile.row, parsed.readings);
    const { replaced, duplicates } = await this.storeReadings(this.repo, profile.row.profile_id, parsed.readings, mode);
    await this.repo.save({ ...profile.row, updated_at: this.now().toISOString() }, false);
    const summaries = await this.repo.summaries(profile.row.profile_id);
    const zone = this.accounts.zoneOf(profile.account);
    const gaps = [];
    for (const s of summaries) {
      const all = (await this.repo.readings(profile.row.profile_id, s.firstStart, s.lastEnd, s.unit)).get(s.unit) ?? [];
      for (const g of findGaps(
        all.map((r) => ({ ...r, unit: s.unit as Reading['unit'] })),
        s.unit as Reading['unit'],
      ))
        gaps.push({ quantityUnit: s.unit, fromDateTime: iso(g.start, zone), toDateTime: iso(g.end, zone) });
    }
    const notes = [...parsed.notes];
    if (replaced) notes.push(`${replaced} stored reading(s) replaced by the readings sent`);
    if (duplicates)
      notes.push(
        `${duplicates} reading(s) of the upload overlapped by a later reading of the upload; the later one is kept`,
      );
    if (gaps.length) notes.push(`${gaps.length} gap(s) between the first and last readings (see gaps)`);
    return {
      profileId: profile.row.profile_id,
      format,
      readingsSent: parsed.readings.length,
      readingsReplaced: replaced,
      duplicatesInUpload: duplicates,
      readingDataSummaries: summaries.map((s) => ({
        quantityUnit: s.unit,
        fromDateTime: iso(s.firstStart, zone),
        toDateTime: iso(s.lastEnd, zone),
        numberOfReadings: s.count,
      })),
      gaps: gaps.slice(0, 1000),
      notes,
    };
  }

  /** Refuses readings the profile cannot take, before anything is stored: a modelled profile, none, split seconds. */
  checkReadings(profile: ProfileRow, readings: readonly Reading[]): void {
    if (profile.source_id !== 'ReadingEntry')
      throw invalidArgument(
        'profileId',
        profile.profile_id,
        `A ${profile.source_id} profile models its readings; send readings to a ReadingEntry profile`,
      );
    if (!readings.length) throw invalidArgument('readingData', null, 'The upload holds no readings');
    const bad = readings.findIndex((r) => r.start % 1000 !== 0 || r.end % 1000 !== 0);
    if (bad >= 0)
      throw invalidArgument(
        'fromDateTime',
        new Date(readings[bad]!.start).toISOString(),
        'Reading times are kept to the second: a reading starts and ends on a whole second',
      );
  }

  /**
   * Stores checked readings through `repo` (this service's, or one on a bulk upload's transaction). `add`: each
   * reading replaces the stored ones it overlaps; `replace`: every stored reading in the span sent goes first.
   */
  async storeReadings(
    repo: ProfilesRepository,
    profileId: string,
    readings: readonly Reading[],
    mode: 'add' | 'replace',
  ): Promise<{ replaced: number; duplicates: number }> {
    const units = [...new Set(readings.map((r) => r.unit))];
    // A loop, not Math.min(...spread): an upload may hold 600,000 readings, past what a spread call takes.
    const spans = units.map((unit) => {
      let from = Infinity;
      let to = -Infinity;
      for (const r of readings) {
        if (r.unit !== unit) continue;
        if (r.start < from) from = r.start;
        if (r.end > to) to = r.end;
      }
      return { unit, from, to };
    });
    let replaced = 0;
    let duplicates = 0;
    await repo.rewrite(profileId, spans, (unit, stored) => {
      const span = spans.find((s) => s.unit === unit)!;
      const kept = mode === 'replace' ? stored.filter((r) => r.end <= span.from || r.start >= span.to) : stored;
      replaced += stored.length - kept.length;
      const merged = mergeReadings(
        kept.map((r) => ({ ...r, unit: unit as Reading['unit'] })),
        readings.filter((r) => r.unit === unit),
      );
      replaced += merged.replaced;
      duplicates += merged.duplicatesInUpload;
      return merged.readings;
    });
    return { replaced, duplicates };
  }

  /** The profile's readings overlapping [from, to): stored, or modelled for the range. */
  async readingsIn(
    profile: LoadedProfile,
    from: number,
    to: number,
  ): Promise<{ readings: Reading[]; description: string | null }> {
    if (profile.row.source_id === 'ReadingEntry') {
      return { readings: runReadings(await this.runsIn(profile, from, to), from, to), description: null };
    }
    const zip = profile.account.row.zip_code ? await this.zipcodes.repo.find(profile.account.row.zip_code) : undefined;
    if (!zip)
      throw invalidArgument(
        'accountId',
        profile.account.row.account_id,
        `A ${profile.row.source_id} profile is modelled for the account's place: give the account an address`,
      );
    return modelledReadings(
      { baselines: this.baselines, solar: this.solar },
      profile.row.source_id,
      profile.properties,
      { zip, zone: this.accounts.zoneOf(profile.account), customerClass: this.accounts.customerClass(profile.account) },
      from,
      to,
    );
  }

  /** A profile of readings sent (ReadingEntry): its stored runs by unit reaching into [from, to), as stored. */
  runsIn(profile: LoadedProfile, from: number, to: number): Promise<Map<string, ReadingRun[]>> {
    return this.repo.runsReaching(profile.row.profile_id, from, to);
  }

  /** The default profile of a service type of an account, or null. */
  async defaultOf(account: LoadedAccount, serviceType: string): Promise<LoadedProfile | null> {
    return (await this.defaultsOf(account)).get(serviceType) ?? null;
  }

  /** An account's default profiles by service type, in one read (a calculation wants its usage and its solar). */
  async defaultsOf(account: LoadedAccount): Promise<Map<string, LoadedProfile>> {
    return defaultsAmong(await this.repo.ofAccount(account.row.account_id), account);
  }

  /** `defaultsOf` of many accounts in one read, by account id. */
  async defaultsOfMany(accounts: readonly LoadedAccount[]): Promise<Map<string, Map<string, LoadedProfile>>> {
    const rows = await this.repo.ofAccounts(accounts.map((a) => a.row.account_id));
    return new Map(
      accounts.map((a) => [
        a.row.account_id,
        defaultsAmong(
          rows.filter((r) => r.account_id === a.row.account_id),
          a,
        ),
      ]),
    );
  }

  /** `runsIn` of many profiles of readings sent, in one read, by profile id. */
  runsInMany(
    profiles: readonly LoadedProfile[],
    from: number,
    to: number,
  ): Promise<Map<string, Map<string, ReadingRun[]>>> {
    return this.repo.runsReachingMany(
      profiles.map((p) => p.row.profile_id),
      from,
      to,
    );
  }

  private readProperties(input: ProfileBody['properties'], sourceId: string): Map<string, string> {
    const out = new Map<string, string>();
    if (input === undefined) return out;
    const entries = Array.isArray(input)
      ? input.map((p, k) => [p.keyName ?? '', p, `properties[${k}]`] as const)
      : Object.entries(input).map(([key, p]) => [p.keyName ?? key, p, `properties.${key}`] as const);
    for (const [key, p, at] of entries) {
      if (!key) throw invalidArgument(`${at}.keyName`, null, 'Each property needs its keyName');
      if (p.dataValue === null || String(p.dataValue).trim() === '')
        throw invalidArgument(`${at}.dataValue`, null, `${key} needs a dataValue`);
      out.set(key, String(p.dataValue));
    }
    checkModelProperties(sourceId, out, (key) => `properties.${key}`);
    return out;
  }

  private async toProfile(
    p: LoadedProfile,
    q: {
      fromDateTime?: string;
      toDateTime?: string;
      populateReadings?: boolean;
      groupBy?: string;
      pageStart?: number;
      pageCount?: number;
    },
  ): Promise<Profile> {
    const zone = this.accounts.zoneOf(p.account);
    const groupBy = enumValue('groupBy', q.groupBy, PROFILE_GROUP_BYS) as GroupBy | undefined;
    const summaries = p.row.source_id === 'ReadingEntry' ? await this.repo.summaries(p.row.profile_id) : [];
    const profile: Profile = {
      profileId: p.row.profile_id,
      providerProfileId: p.row.provider_profile_id,
      profileName: p.row.profile_name,
      accountId: p.account.row.account_id,
      providerAccountId: p.account.row.provider_account_id,
      meterId: p.row.meter_id,
      description: p.row.description,
      serviceTypes: p.row.service_types,
      source: { sourceId: p.row.source_id, name: SOURCE_NAMES[p.row.source_id] ?? p.row.source_id },
      isDefault: Boolean(p.row.is_default),
      properties: Object.fromEntries(
        [...p.properties].map(([keyName, dataValue]) => [keyName, { keyName, dataValue }]),
      ),
      readingDataSummaries: summaries.map((s) => ({
        quantityUnit: s.unit,
        fromDateTime: iso(s.firstStart, zone),
        toDateTime: iso(s.lastEnd, zone),
        numberOfReadings: s.count,
      })),
      createdDate: p.row.created_at,
      lastUpdatedDate: p.row.updated_at,
    };
    if (!q.populateReadings && !groupBy) return profile;
    const from =
      dateTimeParam('fromDateTime', q.fromDateTime, zone)?.value.toMillis() ??
      (summaries.length
        ? Math.min(...summaries.map((s) => s.firstStart))
        : Date.UTC(this.now().getUTCFullYear(), 0, 1));
    const to =
      dateTimeParam('toDateTime', q.toDateTime, zone)?.value.toMillis() ??
      (summaries.length ? Math.max(...summaries.map((s) => s.lastEnd)) : from + 365 * 86_400_000);
    if (to <= from) throw invalidArgument('toDateTime', q.toDateTime ?? null, 'toDateTime must be after fromDateTime');
    if (to - from > 3 * YEAR)
      throw invalidArgument('toDateTime', q.toDateTime ?? null, 'A profile is read at most three years at a time');
    const { readings } = await this.readingsIn(p, from, to);
    if (q.populateReadings) {
      profile.readingData = readings.map((r) => ({
        fromDateTime: iso(r.start, zone),
        toDateTime: iso(r.end, zone),
        quantityUnit: r.unit,
        quantityValue: r.value,
        ...(r.cost === null ? {} : { quantityCost: r.cost }),
      }));
    }
    if (groupBy) {
      const list = groupReadings(readings, groupBy, zone, from, to);
      const pageStart = q.pageStart ?? 0;
      const pageCount = q.pageCount ?? list.length;
      profile.intervals = {
        totalCount: list.length,
        pageStart,
        pageCount,
        list: list
          .slice(pageStart, pageStart + pageCount)
          .map((g) => ({ ...g, fromDateTime: iso(g.from, zone), toDateTime: iso(g.to, zone) }))
          .map(({ from: _f, to: _t, ...rest }) => rest),
      };
    }
    return profile;
  }
}

/** An account's first default profile of each service type among its profiles (in their stored order). */
function defaultsAmong(rows: readonly ProfileRow[], account: LoadedAccount): Map<string, LoadedProfile> {
  const out = new Map<string, LoadedProfile>();
  for (const row of rows)
    if (row.is_default && !out.has(row.service_types)) out.set(row.service_types, loaded(row, account));
  return out;
}

function loaded(row: ProfileRow, account: LoadedAccount): LoadedProfile {
  return {
    row,
    account,
    properties: new Map(Object.entries(JSON.parse(row.properties ?? '{}') as Record<string, string>)),
  };
}

function iso(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
}
