// An account's bill (the original's POST /rest/v1/accounts/{accountId}/calculate): the account's tariff for each part
// of the range, usage from its default (or named) profile less its solar profile, its properties as inputs, billed by
// the same engine and shaped as the on-demand calculation. A tariff change inside the range bills each part on its
// own tariff; the answer adds the parts up and says which tariff billed when.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { localClock } from '../../engine/time/local-clock.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { CalculatedCost } from '../calculations/calculated-cost.ts';
import type { CalculationsService } from '../calculations/calculations.service.ts';
import { RequestCache } from '../calculations/request-cache.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { accountProfile, fillGaps } from './account-readings.ts';
import { ACCOUNT_KEYS } from './account-property-values.ts';
import { clip, netOfSolar, usageInputs, wholeSeries } from './account-usage.ts';
import { runReadings } from '../profiles/reading-chunks.ts';
import type { PropertyData } from '../calculations/usage-inputs.ts';
import { type ReadAhead, readAhead } from './account-read-ahead.ts';
import type { AccountRef } from './accounts.repository.ts';
import type { AccountCalculateBody } from './account-calculation.schemas.ts';
import type { AccountsService, LoadedAccount } from './accounts.service.ts';

type Body = Static<typeof AccountCalculateBody>;
type Assumption = CalculatedCost['assumptions'][number];
/** Adds an assumption to the answer (a span: the dates it concerns). */
type Note = (
  keyName: string,
  dataValue: string | null,
  description: string,
  accuracy: number,
  span?: [number, number],
) => void;

export class AccountCalculationService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly calculations: CalculationsService,
    private readonly baselines: BaselinesService,
  ) {}

  /** A chunk of accounts' rows, profiles and readings read at once, for `prepare` (account-read-ahead.ts). */
  readAhead(refs: readonly AccountRef[], body: Body, orgId: number): Promise<ReadAhead> {
    return readAhead({ accounts: this.accounts, profiles: this.profiles }, refs, body, orgId);
  }

  async calculate(ref: AccountRef, body: Body, orgId: number, ext: boolean): Promise<CalculatedCost> {
    return (await this.prepare(ref, body, orgId)).bill({}, ext);
  }

  /**
   * The account, its range and (on the first bill) its usage, read once for any number of bills over them: each
   * scenario's bill equals the calculation of the body with the scenario's tariff and inputs, to the cent, but the
   * readings are read, filled and turned into inputs once (a portfolio job bills each account on several tariffs).
   * `cache`: tariffs and their time data already read for the same organization (a job's chunk of accounts).
   * `ahead`: the chunk's accounts, profiles and readings read at once (account-read-ahead.ts).
   */
  async prepare(
    ref: AccountRef,
    body: Body,
    orgId: number,
    cache = new RequestCache(),
    /** What a job's chunk read for all its accounts at once (account-read-ahead.ts). */
    ahead?: ReadAhead,
  ): Promise<PreparedAccount> {
    const account = ahead?.account(ref) ?? (await this.accounts.load(ref, orgId));
    const zone = this.accounts.zoneOf(account);
    const from = dateTimeParam('fromDateTime', body.fromDateTime, zone)?.value.toMillis();
    const to = dateTimeParam('toDateTime', body.toDateTime, zone)?.value.toMillis();
    if (from === undefined) throw missingArgument('fromDateTime');
    if (to === undefined) throw missingArgument('toDateTime');
    if (to <= from) throw invalidArgument('toDateTime', body.toDateTime, 'toDateTime must be after fromDateTime');
    // Read on the first bill that gets that far (a bill refused for its tariff first reports that, as it always did).
    let usage: Promise<AccountUsage> | null = null;
    /** Usage inputs by the part of the range they cover: each scenario billing that part gets the same ones. */
    const inputsOf = new Map<string, PropertyData[]>();
    // The range's ends as the answers write them (local time), made once for all its bills.
    const ends = lazily(() => [localIso(from, zone), localIso(to, zone)] as const);
    return {
      bill: async (scenario, ext) => {
        usage ??= this.usage(account, body, orgId, from, to, ahead);
        // A read that failed fails every bill with its error, as each calculation alone would have.
        return this.bill(
          account,
          zone,
          from,
          to,
          { ...body, ...merged(body, scenario) },
          usage,
          inputsOf,
          orgId,
          ext,
          cache,
          ends,
        );
      },
    };
  }

  private async bill(
    account: LoadedAccount,
    zone: string,
    from: number,
    to: number,
    body: Body,
    usage: Promise<AccountUsage>,
    inputsOf: Map<string, PropertyData[]>,
    orgId: number,
    ext: boolean,
    cache: RequestCache,
    ends: () => readonly [string, string],
  ): Promise<CalculatedCost> {
    const noted: Assumption[] = [];
    const at = (ms: number) => localIso(ms, zone);
    const note: Note = (keyName, dataValue, description, accuracy, span) => {
      noted.push({
        keyName,
        displayName: null,
        description,
        fromDateTime: span ? at(span[0]) : null,
        toDateTime: span ? at(span[1]) : null,
        dataType: null,
        dataValue,
        unit: null,
        accuracy,
      });
    };

    // Tariffs: named in the body for the whole range, else the account's over time (its default when none is set).
    const date = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
    const midnight = (d: string) => DateTime.fromISO(d, { zone }).toMillis();
    const parts = body.masterTariffId
      ? [{ masterTariffId: body.masterTariffId, from, to }]
      : (
          await this.accounts.timeline(
            account,
            date(from),
            DateTime.fromMillis(to - 1, { zone })
              .plus({ days: 1 })
              .toISODate()!,
          )
        )
          .map(({ part, source }) => {
            if (source === 'DEFAULT')
              note(
                'masterTariffId',
                String(part.masterTariffId),
                `The account has no tariff set: its LSE's default tariff for its class (${part.masterTariffId}) is billed`,
                75,
              );
            return {
              masterTariffId: part.masterTariffId,
              from: Math.max(from, midnight(part.from)),
              to: part.to === null ? to : Math.min(to, midnight(part.to)),
            };
          })
          .filter((p) => p.to > p.from);
    if (!parts.length)
      throw invalidArgument(
        'fromDateTime',
        body.fromDateTime,
        'The account was on no tariff in the range (its tariffs start later): set one from an earlier date',
      );

    const { readings: readingsOf, whole, notes } = await usage;
    for (const n of notes) note(...n);
    const properties = [...account.properties.values()]
      .filter((p) => !(p.key_name in ACCOUNT_KEYS) || p.key_name === 'territoryId')
      .map((p) => ({ keyName: p.key_name, dataValue: p.data_value }));
    if (!account.properties.has('customerClass'))
      note(
        'customerClass',
        'RESIDENTIAL',
        'The account names no customerClass: RESIDENTIAL is assumed where one is needed (its default tariff)',
        90,
      );

    const results: CalculatedCost[] = [];
    for (const part of parts) {
      const key = `${part.from}|${part.to}`;
      let own = inputsOf.get(key);
      if (!own && whole && part.from === from && part.to === to) own = [whole];
      if (!own) {
        const readings = readingsOf();
        own = usageInputs([
          ...clip(
            readings.filter((r) => r.unit === 'kWh'),
            part.from,
            part.to,
          ),
          ...clip(
            readings.filter((r) => r.unit === 'kW'),
            part.from,
            part.to,
          ),
        ]);
        inputsOf.set(key, own);
      }
      const result = await this.calculations.calculate(
        {
          fromDateTime: new Date(part.from).toISOString(),
          toDateTime: new Date(part.to).toISOString(),
          masterTariffId: part.masterTariffId,
          propertyInputs: [...own, ...properties, ...(body.propertyInputs ?? [])],
          ...(body.rateInputs ? { rateInputs: body.rateInputs } : {}),
          ...(account.row.zip_code ? { address: { zip: account.row.zip_code } } : {}),
          ...pick(body, [
            'detailLevel',
            'groupBy',
            'billingPeriod',
            'isBillingPeriod',
            'minimums',
            'excludeChargeClass',
            'applyUtilityTax',
            'tariffEffectiveOn',
          ]),
        },
        orgId,
        ext,
        cache,
      );
      if (parts.length > 1)
        note(
          'masterTariffId',
          String(part.masterTariffId),
          `${result.tariffName} (${part.masterTariffId}) bills ${date(part.from)} to ${date(part.to)}: the account's tariff then`,
          100,
          [part.from, part.to],
        );
      results.push(result);
    }
    return combine(results, noted, ...ends());
  }

  /**
   * kWh and kW readings of the range: the usage profile less the solar one; gaps filled or refused. The assumptions
   * it makes are returned (each bill over this usage says them), not said.
   */
  private async usage(
    account: LoadedAccount,
    body: Body,
    orgId: number,
    from: number,
    to: number,
    ahead: ReadAhead | undefined,
  ): Promise<AccountUsage> {
    const notes: Parameters<Note>[] = [];
    const note: Note = (...args) => {
      notes.push(args);
    };
    const field = body.profileId ? 'profileId' : 'providerProfileId';
    const ref = body.profileId
      ? { profileId: body.profileId }
      : body.providerProfileId
        ? { providerProfileId: body.providerProfileId }
        : null;
    // The account's default profiles (its usage, unless the body names one, and its solar) in one read.
    const defaults = ahead?.defaults(account) ?? (await this.profiles.defaultsOf(account));
    const profile =
      ref === null
        ? (defaults.get('ELECTRICITY') ?? null)
        : await accountProfile(this.profiles, account, ref, orgId, field);
    if (!profile)
      throw invalidArgument(
        'profileId',
        null,
        'The account has no usage profile: add one (POST /rest/v1/profiles) with its readings, or a TypicalBaseline profile',
      );
    const solar = profile.row.service_types === 'SOLAR_PV' ? null : (defaults.get('SOLAR_PV') ?? null);
    const sent = profile.row.source_id === 'ReadingEntry';
    const runs = sent ? (ahead?.runs(profile, from, to) ?? (await this.profiles.runsIn(profile, from, to))) : null;
    const whole = runs && !solar ? wholeSeries(runs, from, to) : null;
    if (runs && whole) return { readings: lazily(() => runReadings(runs, from, to)), whole, notes };
    let { readings, description } = runs
      ? { readings: runReadings(runs, from, to), description: null }
      : await this.profiles.readingsIn(profile, from, to);
    if (description) note('profileId', profile.row.profile_id, `Usage is modelled: ${description}`, 60);
    if (sent) {
      const place = {
        zipCode: account.row.zip_code,
        zone: this.accounts.zoneOf(account),
        customerClass: this.accounts.customerClass(account),
      };
      const gaps = await fillGaps(
        this.baselines,
        place,
        profile.row.profile_id,
        readings,
        from,
        to,
        body.useIntelligentBaselining === true,
      );
      readings = gaps.readings;
      if (gaps.filled) note('useIntelligentBaselining', 'true', gaps.filled, 70);
    }

    if (solar) {
      const produced = await this.profiles.readingsIn(solar, from, to);
      readings = netOfSolar(
        readings,
        produced.readings.filter((r) => r.unit === 'kWh'),
      );
      const total = produced.readings.reduce((s, r) => s + (r.unit === 'kWh' ? r.value : 0), 0);
      note(
        'solarPv',
        String(Math.round(total * 1000) / 1000),
        `The account's solar profile ${solar.row.profile_id} (${produced.description ?? 'readings sent'}) is taken off the usage: ${Math.round(total)} kWh in the range`,
        90,
      );
    }
    const all = readings;
    return { readings: () => all, whole: null, notes };
  }
}

/** The instant as the answers write it (Luxon's ISO text) by the zone's offset steps, a date-library call saved. */
const localIso = (ms: number, zone: string) => localClock(zone, ms, ms).format(ms);

/** `make`'s value, made on the first call. */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** What a scenario changes in the body of an account's calculation: the tariff billed, inputs added. */
export interface AccountScenario {
  masterTariffId?: number;
  propertyInputs?: PropertyData[];
}

/** An account and its range read, ready to bill scenarios over one reading of its usage. */
export interface PreparedAccount {
  bill(scenario: AccountScenario, ext: boolean): Promise<CalculatedCost>;
}

interface AccountUsage {
  /** The range's readings (made on first use where `whole` stands for them). */
  readings: () => Reading[];
  /** The whole range's usage as one series input, when the readings are one back-to-back run of it (account-usage.ts). */
  whole: PropertyData | null;
  notes: Parameters<Note>[];
}

/** The body's fields a scenario sets: its tariff instead of the body's, its inputs after the body's. */
function merged(body: Body, scenario: AccountScenario): Partial<Body> {
  if (scenario.masterTariffId === undefined && !scenario.propertyInputs?.length) return {};
  return {
    ...(scenario.masterTariffId !== undefined ? { masterTariffId: scenario.masterTariffId } : {}),
    propertyInputs: [...(body.propertyInputs ?? []), ...(scenario.propertyInputs ?? [])],
  };
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** The parts' bills as one: totals and quantities added (kW: the highest), items and assumptions in order. */
function combine(results: CalculatedCost[], noted: Assumption[], from: string, to: string): CalculatedCost {
  const last = results.at(-1)!;
  if (results.length === 1)
    return {
      ...last,
      assumptions: [...noted, ...last.assumptions],
      accuracy: Math.min(last.accuracy, ...noted.map((n) => n.accuracy ?? 100)),
    };
  const round = (v: number) => Math.round(v * 100) / 100;
  const sum = (f: (r: CalculatedCost) => number) => results.reduce((s, r) => s + f(r), 0);
  return {
    ...last,
    totalCost: round(sum((r) => r.totalCost)),
    fromDateTime: from,
    toDateTime: to,
    accuracy: Math.min(...results.map((r) => r.accuracy), ...noted.map((n) => n.accuracy ?? 100)),
    summary: {
      ...last.summary,
      subTotalCost: round(sum((r) => r.summary.subTotalCost)),
      preTaxMinimumCost: round(sum((r) => r.summary.preTaxMinimumCost)),
      preTaxMaximumCost: round(sum((r) => r.summary.preTaxMaximumCost)),
      taxCost: round(sum((r) => r.summary.taxCost)),
      totalCost: round(sum((r) => r.summary.totalCost)),
      adjustedTotalCost: round(sum((r) => r.summary.adjustedTotalCost)),
      nonBypassableCost: round(sum((r) => r.summary.nonBypassableCost)),
      kWh: sum((r) => r.summary.kWh),
      kW: Math.max(...results.map((r) => r.summary.kW)),
    },
    items: results.flatMap((r) => r.items),
    assumptions: [...noted, ...results.flatMap((r) => r.assumptions)],
  };
}
