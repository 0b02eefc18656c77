// On-demand calculation: reads a request (one scenario, or up to twenty with a shared one), loads each tariff's
// context once per request, runs the bill engine and shapes its numbers as CalculatedCost.
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { givenDemandKw, isGivenDemand, ownDemandKey } from '../../engine/bill/billing-demand.ts';
import { calculateBill } from '../../engine/bill/calculate.ts';
import type { PreparedGrid } from '../../engine/bill/prepared.ts';
import { OptimiserError } from '../../engine/storage/bill-optimal.ts';
import { billWithStorage, type StorageBill, type StorageRequest } from '../../engine/storage/storage-bill.ts';
import { BillInputError, DETAIL_LEVELS, GROUP_BYS, type BillInput, type BillResult } from '../../engine/bill/types.ts';
import {
  CHARGE_CLASSES,
  EXPORT_ARRANGEMENTS,
  type ExportRules,
  type Rate,
  type TariffVersion,
} from '../../engine/tariff/model.ts';
import { formatInstant, localClock } from '../../engine/time/local-clock.ts';
import { aliased } from '../../http/aliases.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import { enumList, enumValue } from '../../http/list-params.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import { placedFromAddress } from '../territories/placement.ts';
import type { UtilityTaxesRepository } from '../utility-taxes/utility-taxes.repository.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type {
  CalculateBody,
  CalculatedCostSchema,
  MassBody,
  MassCalculationSchema,
  ScenarioInput,
} from './calculations.schemas.ts';
import { readRateInputs, taxRate } from './rate-inputs.ts';
import { lookbackSelectors } from './demand-keys.ts';
import {
  territoriesOf,
  versionsIn,
  type TariffContext,
  type TariffContextLoader,
  type TimeContext,
} from './tariff-context.ts';
import { readUsage, type PropertyData } from './usage-inputs.ts';
import { BASELINE_KEYS, readBaselineRequest, typicalUsage } from './typical-usage.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { highsSolver } from '../storage/highs-solver.ts';
import { storageAnswer } from './storage-answer.ts';
import { readStorage } from './storage-inputs.ts';

export type CalculatedCost = Static<typeof CalculatedCostSchema>;
export type MassCalculation = Static<typeof MassCalculationSchema>;
export type Options = Omit<Static<typeof MassBody>, 'scenarios' | 'sharedScenario'>;
export type Scenario = Static<typeof ScenarioInput>;

const HOUR = 3_600_000;
/** The finest grid BILL_OPTIMAL solves (a month of 15-minute data is a program of 2,976 intervals). */
const MIN_OPTIMAL_STEP = 900_000;

/** The longest calculation range, and the most intervals its grid may have (a year of one-minute data). */
const MAX_RANGE_DAYS = 1100;
const MAX_INTERVALS = 527_040;

const QUANTITY_KEY_DESCRIPTIONS: Record<string, string> = {
  fixed: 'Fixed charge per charge period',
  consumption: 'Energy (kWh)',
  demand: 'Peak demand (kW)',
  minimum: 'Minimum charge shortfall',
  maximum: 'Maximum charge adjustment',
  percentage: 'Percentage of the charges it applies to',
};

/** A scenario ready to bill: `run` bills an input (`input`, or it with other usage), `format` shapes the answer. */
export interface PreparedBill {
  tariff: TariffContext;
  input: BillInput;
  /** `grid`: the tariff made ready for the range (prepareGrid), when many usages are billed on it. */
  run(input: BillInput, grid?: PreparedGrid): BillResult;
  /** The bill of `input` with a battery dispatched behind the meter (BILL_OPTIMAL needs `solver`). */
  runStorage(input: BillInput, request: StorageRequest): Promise<StorageBill>;
  format(result: BillResult, expected: Scenario['expected'], ext: boolean): CalculatedCost;
}

/** Per request: tariffs and their time data are read once, whatever the number of scenarios naming them. */
export class RequestCache {
  readonly tariffs = new Map<number, Promise<TariffContext | null>>();
  readonly time = new Map<string, Promise<TimeContext>>();
}

export class CalculationsService {
  constructor(
    private readonly loader: TariffContextLoader,
    private readonly zipcodes: ZipcodesService,
    private readonly territories: TerritoriesRepository,
    private readonly taxes: UtilityTaxesRepository,
    private readonly keys: PropertiesRepository,
    private readonly baselines: BaselinesService,
  ) {}

  async calculate(body: Static<typeof CalculateBody>, orgId: number | null, ext: boolean): Promise<CalculatedCost> {
    const {
      masterTariffId,
      propertyInputs,
      rateInputs,
      expected,
      exportArrangement,
      trueUpMonth,
      yearEndSellRate,
      yearEndCreditPaid,
      storage,
      ...options
    } = body;
    return this.scenario(
      options,
      {
        masterTariffId,
        propertyInputs,
        rateInputs,
        expected,
        exportArrangement,
        trueUpMonth,
        yearEndSellRate,
        yearEndCreditPaid,
        storage,
      },
      '',
      new RequestCache(),
      orgId,
      ext,
    );
  }

  async mass(body: Static<typeof MassBody>, orgId: number | null, ext: boolean): Promise<MassCalculation> {
    const { scenarios, sharedScenario, ...options } = body;
    const cache = new RequestCache();
    const names = scenarios.map((s, k) => s.scenarioName ?? String(k));
    names.forEach((name, k) => {
      if (names.indexOf(name) !== k)
        throw invalidArgument(`scenarios[${k}].scenarioName`, name, 'Scenario names must be unique');
    });
    const results = await Promise.all(
      scenarios.map((s, k) => this.scenario(options, merge(sharedScenario, s), `scenarios[${k}].`, cache, orgId, ext)),
    );
    const out: MassCalculation = {
      fromDateTime: results[0]!.fromDateTime,
      toDateTime: results[0]!.toDateTime,
      scenarios: {},
    };
    results.forEach((r, k) => {
      out.scenarios[names[k]!] = { scenarioName: names[k]!, ...r };
    });
    return out;
  }

  private async scenario(
    options: Options,
    s: Scenario,
    path: string,
    cache: RequestCache,
    orgId: number | null,
    ext: boolean,
  ): Promise<CalculatedCost> {
    const prepared = await this.prepare(options, s, path, cache, orgId);
    if (!s.storage) return prepared.format(prepared.run(prepared.input), s.expected, ext);
    // A battery behind the meter (Ratebook extension): the usage is the load, its dispatch's meter series is billed.
    const { input } = prepared;
    const request = readStorage(s.storage, `${path}storage.`, input, input.zone);
    if (request.solar && (input.to - input.from) / request.solar.duration > MAX_INTERVALS)
      throw invalidArgument(
        `${path}storage.solar.duration`,
        String(request.solar.duration),
        `At most ${MAX_INTERVALS} intervals per calculation`,
      );
    // The optimiser's programs grow with the intervals of a billing period: a month of 5-minute data is 8,928 of them.
    const finest = Math.min(
      HOUR,
      ...input.series.map((x) => x.duration),
      ...(request.solar ? [request.solar.duration] : []),
    );
    if (request.strategy === 'BILL_OPTIMAL' && finest < MIN_OPTIMAL_STEP)
      throw invalidArgument(
        `${path}storage.dispatchStrategy`,
        'BILL_OPTIMAL',
        `BILL_OPTIMAL works on intervals of ${MIN_OPTIMAL_STEP / 60_000} minutes or longer; the data's are ${finest / 60_000}: send coarser data, or dispatch SELF_CONSUMPTION or FIXED_SCHEDULE`,
      );
    const r = await prepared.runStorage(input, request);
    const answer = prepared.format(r.bill, s.expected, ext);
    return { ...answer, storage: storageAnswer(r, request, answer.fromDateTime, r.step) };
  }

  /**
   * One scenario made ready to bill: its tariff, versions, rates, time data and the usage its inputs give, read and
   * checked once. The savings analysis bills many usages on one prepared scenario (`run` with other series), and
   * prepares its scenarios on one `cache`, so a tariff that several designs name is read once.
   */
  async prepareBill(
    options: Options,
    s: Scenario,
    orgId: number | null,
    latestAfterEnd = false,
    cache = new RequestCache(),
  ): Promise<PreparedBill> {
    return this.prepare(options, s, '', cache, orgId, latestAfterEnd);
  }

  /**
   * `latestAfterEnd`: a range wholly after the tariff's last version ended is billed on that version (the latest
   * known), said as an assumption, instead of refused (a projection into years no rate sheet covers yet).
   */
  private async prepare(
    options: Options,
    s: Scenario,
    path: string,
    cache: RequestCache,
    orgId: number | null,
    latestAfterEnd = false,
  ): Promise<PreparedBill> {
    if (s.masterTariffId === undefined) throw missingArgument(`${path}masterTariffId`);
    const masterTariffId = s.masterTariffId;
    if (!cache.tariffs.has(masterTariffId)) cache.tariffs.set(masterTariffId, this.loader.tariff(masterTariffId));
    const tariff = await cache.tariffs.get(masterTariffId)!;
    if (!tariff) throw notFound('Tariff', `${path}masterTariffId`, masterTariffId);
    const zone = tariff.zone;

    const from = dateTimeParam('fromDateTime', options.fromDateTime, zone)?.value.toMillis();
    const to = dateTimeParam('toDateTime', options.toDateTime, zone)?.value.toMillis();
    if (from === undefined) throw missingArgument('fromDateTime');
    if (to === undefined) throw missingArgument('toDateTime');
    if (to <= from) throw invalidArgument('toDateTime', options.toDateTime, 'toDateTime must be after fromDateTime');
    if (to - from > MAX_RANGE_DAYS * 86_400_000)
      throw invalidArgument('toDateTime', options.toDateTime, `A calculation may span at most ${MAX_RANGE_DAYS} days`);
    const detailLevel = enumValue('detailLevel', options.detailLevel, DETAIL_LEVELS) ?? 'ALL';
    const groupBy = enumValue('groupBy', options.groupBy, GROUP_BYS) ?? null;
    const billingPeriod =
      aliased('billingPeriod', options.billingPeriod, 'isBillingPeriod', options.isBillingPeriod) ?? false;
    const excluded = new Set<string>(enumList('excludeChargeClass', options.excludeChargeClass, CHARGE_CLASSES));

    const noted = [];
    let effectiveOn = options.tariffEffectiveOn;
    const last = tariff.versions.at(-1);
    if (latestAfterEnd && effectiveOn === undefined && last && last.to !== null && last.to <= from) {
      const date = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
      effectiveOn = date(last.from);
      noted.push({
        keyName: 'tariffEffectiveOn',
        dataValue: effectiveOn,
        description: `Tariff ${masterTariffId}'s last known version (effective ${date(last.from)}) ended ${date(last.to)}, before the range: its rates are used`,
        fromDateTime: from,
        toDateTime: to,
        accuracy: 60,
      });
    }
    const { versions, fixed } = this.versionsFor(tariff, from, to, effectiveOn);
    await this.refuseUnknownKeys(s.propertyInputs ?? [], `${path}propertyInputs`, tariff, versions);
    const baseline = readBaselineRequest((s.propertyInputs ?? []) as PropertyData[], `${path}propertyInputs`);
    const usage = readUsage(baseline.rest, `${path}propertyInputs`, { from, to }, zone);
    for (const series of usage.series) {
      if ((to - from) / series.duration > MAX_INTERVALS)
        throw invalidArgument(
          `${path}propertyInputs.duration`,
          String(series.duration),
          `At most ${MAX_INTERVALS} intervals per calculation`,
        );
    }
    const extra: Rate[] = readRateInputs(s.rateInputs ?? [], `${path}rateInputs`, zone, versions[0]!.tariffId);
    // Demands the caller gives (coincidentDemand, ...) are checked here, where each input's place is known.
    const givenDemands = new Set(
      [...versions.flatMap((v) => v.rates), ...extra]
        .map(ownDemandKey)
        .filter((k): k is string => k !== null && isGivenDemand(tariff.demandKeys.get(k))),
    );
    (s.propertyInputs ?? []).forEach((p, k) => {
      if (givenDemands.has(p.keyName) && givenDemandKw(String(p.dataValue ?? '')) === null)
        throw invalidArgument(
          `${path}propertyInputs[${k}].dataValue`,
          p.dataValue === undefined || p.dataValue === null ? null : String(p.dataValue),
          `${p.keyName} is a demand: its dataValue must be a number of kW, 0 or more`,
        );
    });

    // The address places the customer: the tariff territory containing it, and the utility taxes there.
    const applyTax = options.applyUtilityTax ?? options.address !== undefined;
    if (applyTax && options.address === undefined)
      throw missingArgument('address', 'address is required when applyUtilityTax is true');
    let territoryId = usage.territoryId;
    let addressZip: ZipRow | null = null;
    if (options.address !== undefined) {
      const zip = await this.zipcodes.resolveAddress(options.address);
      addressZip = zip;
      if (!zip)
        throw invalidArgument(
          'address',
          null,
          'The address could not be placed: give addressString, zip, or lat and lon',
        );
      if (territoryId === null) {
        territoryId = (await this.territories.coveringZip(territoriesOf(versions), zip))[0] ?? null;
        if (territoryId !== null) noted.push(placedFromAddress(territoryId, zip.zipcode, from, to));
      }
      if (applyTax) {
        const date = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
        const midnight = (d: string, plus = 0) => DateTime.fromISO(d, { zone }).plus({ days: plus }).toMillis();
        for (const t of await this.taxes.coveringZip(zip, tariff.customerClass, date(from), date(to)))
          extra.push(taxRate(t, versions[0]!.tariffId, midnight));
      }
    }

    // No usage, and the inputs ask for a typical baseline: it is the usage, moved onto the range.
    if (baseline.request) {
      if (usage.series.length || usage.readings.length)
        throw invalidArgument(
          `${path}propertyInputs[${baseline.request.at}].keyName`,
          'baselineType',
          'A typical baseline stands in for usage not given: send usage or baselineType, not both',
        );
      const place = await this.baselinePlace(addressZip, territoryId);
      const typical = await typicalUsage(
        this.baselines,
        baseline.request,
        place,
        tariff.customerClass,
        { zone, from, to },
        path,
      );
      usage.series.push(...typical.series);
      usage.readings.push(...typical.readings);
      noted.push(typical.noted);
    }

    const rates = [...versions.flatMap((v) => v.rates), ...extra];
    const timeKey = `${masterTariffId}|${from}|${to}|${rates
      .filter((r) => r.tariffRateId < 0)
      .map((r) => `${r.seasonId}/${r.touId}/${r.variableRateKey}`)
      .join(',')}`;
    if (!cache.time.has(timeKey))
      cache.time.set(
        timeKey,
        this.loader.time([...rates, ...lookbackSelectors(tariff.demandKeys)], zone, from, to, orgId),
      );
    const time = await cache.time.get(timeKey)!;
    // A rate input naming a TOU or season Ratebook does not have would apply to no hour: a bill of zero for it.
    (s.rateInputs ?? []).forEach((r, k) => {
      const touId = r.timeOfUse?.touId;
      if (touId !== undefined && !time.tous.has(touId))
        throw invalidArgument(
          `${path}rateInputs[${k}].timeOfUse.touId`,
          touId,
          `No time of use ${touId} is visible to this application`,
        );
      const seasonId = r.season?.seasonId;
      if (seasonId !== undefined && !time.seasons.has(seasonId))
        throw invalidArgument(`${path}rateInputs[${k}].season.seasonId`, seasonId, `No season ${seasonId} exists`);
    });

    const input: BillInput = {
      from,
      to,
      zone,
      versions,
      versionFixed: fixed,
      ...time,
      readings: usage.readings,
      series: usage.series,
      properties: usage.properties,
      demandKeys: tariff.demandKeys,
      territoryId,
      extraRates: extra,
      exportOverride: exportOverrideOf(s, path),
      noted,
      options: {
        billingPeriod,
        minimums: options.minimums ?? true,
        excludeChargeClasses: excluded,
        detailLevel,
        groupBy,
      },
    };
    const run = (bill: BillInput, grid?: PreparedGrid): BillResult => {
      try {
        return calculateBill(bill, grid);
      } catch (e) {
        if (e instanceof BillInputError)
          throw invalidArgument(
            /^(propertyInputs|rateInputs)/.test(e.field) ? `${path}${e.field}` : e.field,
            null,
            e.message,
          );
        throw e;
      }
    };
    const runStorage = async (bill: BillInput, request: StorageRequest): Promise<StorageBill> => {
      const solver = request.strategy === 'BILL_OPTIMAL' ? await highsSolver() : undefined;
      try {
        return billWithStorage(bill, request, solver);
      } catch (e) {
        if (e instanceof BillInputError)
          throw invalidArgument(
            /^(propertyInputs|rateInputs)/.test(e.field) ? `${path}${e.field}` : e.field,
            null,
            e.message,
          );
        if (e instanceof OptimiserError)
          throw invalidArgument(`${path}storage.dispatchStrategy`, 'BILL_OPTIMAL', e.message);
        throw e;
      }
    };
    return {
      tariff,
      input,
      run,
      runStorage,
      format: (result, expected, ext) => this.toCalculatedCost(tariff, result, from, to, expected, ext),
    };
  }

  /** Where a typical baseline is taken: the address's ZIP code, else the centre of the customer's territory. */
  private async baselinePlace(
    addressZip: ZipRow | null,
    territoryId: number | null,
  ): Promise<{ zipCode: string } | { lat: number; lng: number }> {
    if (addressZip) return { zipCode: addressZip.zipcode };
    const centre = territoryId === null ? null : (await this.territories.find(territoryId))?.centerPoint;
    if (centre) return { lat: centre.latitude, lng: centre.longitude };
    throw missingArgument(
      'address',
      'A typical baseline needs the place: give address (or a territoryId with a centre point)',
    );
  }

  /**
   * A property input under a name that is no property key and nothing the tariff uses would change nothing: a typo
   * ("consumtion") billed as no usage at all. It is refused, naming the input.
   */
  private async refuseUnknownKeys(
    inputs: readonly PropertyData[],
    path: string,
    tariff: TariffContext,
    versions: readonly TariffVersion[],
  ): Promise<void> {
    const own = new Set<string>([
      'consumption',
      'demand',
      'territoryId',
      ...BASELINE_KEYS,
      ...tariff.demandKeys.keys(),
    ]);
    for (const v of versions) {
      for (const k of v.propertyDefaults.keys()) own.add(k);
      for (const r of v.rates) for (const k of [r.applicabilityKey, r.variableRateKey]) if (k) own.add(k);
    }
    const others = inputs.map((p) => p.keyName).filter((k) => !own.has(k));
    if (!others.length) return;
    const known = await this.keys.existing(others);
    const k = inputs.findIndex((p) => !own.has(p.keyName) && !known.has(p.keyName));
    if (k >= 0)
      throw invalidArgument(
        `${path}[${k}].keyName`,
        inputs[k]!.keyName,
        `${inputs[k]!.keyName} is not a property key (GET /rest/public/properties lists them) nor one this tariff uses`,
      );
  }

  /** The version fixed by tariffEffectiveOn, or every version in effect at some time in the range. */
  private versionsFor(
    tariff: TariffContext,
    from: number,
    to: number,
    effectiveOn: string | undefined,
  ): { versions: TariffVersion[]; fixed: boolean } {
    const on = dateTimeParam('tariffEffectiveOn', effectiveOn, tariff.zone)?.value.toMillis();
    if (on !== undefined) {
      const v = tariff.versions.find((x) => x.from <= on && (x.to === null || x.to > on));
      if (!v)
        throw invalidArgument(
          'tariffEffectiveOn',
          effectiveOn ?? null,
          `No version of tariff ${tariff.masterTariffId} is in effect on that date`,
        );
      // The rates as they stood on that date, over the whole range: a rate dated later (or ended before) is not of
      // that date, and one in effect then is not cut off by its own dates when the range reaches past them.
      const rates = v.rates
        .filter((r) => (r.from === null || r.from <= on) && (r.to === null || r.to > on))
        .map((r) => (r.from === null && r.to === null ? r : { ...r, from: null, to: null }));
      return { versions: [{ ...v, rates }], fixed: true };
    }
    const versions = versionsIn(tariff, from, to);
    if (!versions.length) {
      const spans = tariff.versions
        .map(
          (v) =>
            `${DateTime.fromMillis(v.from, { zone: tariff.zone }).toISODate()} to ${v.to === null ? 'open' : DateTime.fromMillis(v.to, { zone: tariff.zone }).toISODate()}`,
        )
        .join('; ');
      throw invalidArgument(
        'fromDateTime',
        null,
        `No version of tariff ${tariff.masterTariffId} is in effect in the range (its versions: ${spans})`,
      );
    }
    return { versions, fixed: false };
  }

  private toCalculatedCost(
    tariff: TariffContext,
    r: BillResult,
    from: number,
    to: number,
    expected: Scenario['expected'],
    ext: boolean,
  ): CalculatedCost {
    const clock = localClock(tariff.zone, from, to);
    const at = (ms: number | null) => (ms === null ? null : formatInstant(clock, ms));
    const assumptions = r.assumptions.map((a) => ({
      keyName: a.keyName,
      displayName: a.displayName,
      description: a.description,
      fromDateTime: at(a.fromDateTime),
      toDateTime: at(a.toDateTime),
      dataType: null as string | null,
      dataValue: a.dataValue,
      unit: null,
      accuracy: a.accuracy,
    }));
    let accuracy = r.accuracy;
    if (expected?.totalCost !== undefined) {
      // Agreement with the caller's expected total: 100 when equal, falling with the relative difference.
      const diff = Math.abs(r.summary.totalCost - expected.totalCost);
      const agreement =
        expected.totalCost === 0
          ? diff === 0
            ? 100
            : 0
          : Math.max(0, 100 - (100 * diff) / Math.abs(expected.totalCost));
      accuracy = Math.min(accuracy, Math.round(agreement * 100) / 100);
      assumptions.push({
        keyName: 'expected',
        displayName: null,
        description: `Expected totalCost ${expected.totalCost}; calculated ${r.summary.totalCost}`,
        fromDateTime: null,
        toDateTime: null,
        dataType: 'DECIMAL',
        dataValue: String(expected.totalCost),
        unit: null,
        accuracy: Math.round(agreement * 100) / 100,
      });
    }
    const nullId = (id: number | null) => (id === null || id < 0 ? null : id);
    return {
      masterTariffId: tariff.masterTariffId,
      tariffName: tariff.tariffName,
      totalCost: r.summary.totalCost,
      fromDateTime: at(from)!,
      toDateTime: at(to)!,
      accuracy,
      currency: 'USD',
      summary: r.summary,
      items: r.items.map((i) => {
        const base = {
          tariffRateId: nullId(i.tariffRateId),
          tariffRateBandId: nullId(i.tariffRateBandId),
          rateSequenceNumber: i.rateSequenceNumber,
          rateGroupName: i.rateGroupName,
          rateName: i.rateName,
          fromDateTime: at(i.fromDateTime)!,
          toDateTime: at(i.toDateTime)!,
          quantityKey: i.quantityKey,
          rateType: i.rateType,
          rateAmount: i.rateAmount,
          itemQuantity: i.itemQuantity,
          cost: i.cost,
          chargeType: i.chargeType,
          chargeClass: i.chargeClass,
          period: i.period,
          demandInterval: at(i.demandInterval),
          duration: i.duration,
          touId: i.touId,
          touName: i.touName,
          seasonId: i.seasonId,
          seasonName: i.seasonName,
        };
        if (!ext) return base;
        const key = tariff.demandKeys.get(i.quantityKey);
        return {
          ...base,
          tariffId: i.tariffId,
          quantityKeyDescription: QUANTITY_KEY_DESCRIPTIONS[i.quantityKey] ?? key?.displayName ?? null,
          tierLowerLimit: i.tierLowerLimit,
          tierUpperLimit: i.tierUpperLimit,
          rateProration: i.rateProration,
          formula: key?.formula ?? null,
          transactionType: i.transactionType,
        };
      }),
      assumptions,
      calculatedCostId: randomUUID(),
    };
  }
}

/**
 * A scenario with the shared scenario's inputs: the scenario's own values win, except usage (consumption and
 * demand), which the shared scenario adds to the scenario's own.
 */
export function merge(shared: Scenario | undefined, s: Scenario): Scenario {
  if (!shared) return s;
  const usage = (p: PropertyData) => p.keyName === 'consumption' || p.keyName === 'demand';
  const own = s.propertyInputs ?? [];
  const ownKeys = new Set(own.filter((p) => !usage(p)).map((p) => p.keyName));
  const inherited = (shared.propertyInputs ?? []).filter((p) => usage(p) || !ownKeys.has(p.keyName));
  return {
    scenarioName: s.scenarioName,
    masterTariffId: s.masterTariffId ?? shared.masterTariffId,
    propertyInputs: [...own, ...inherited],
    rateInputs: s.rateInputs ?? shared.rateInputs,
    expected: s.expected ?? shared.expected,
    exportArrangement: s.exportArrangement ?? shared.exportArrangement,
    trueUpMonth: s.trueUpMonth ?? shared.trueUpMonth,
    yearEndSellRate: s.yearEndSellRate ?? shared.yearEndSellRate,
    yearEndCreditPaid: s.yearEndCreditPaid ?? shared.yearEndCreditPaid,
    storage: s.storage ?? shared.storage,
  };
}

/** The scenario's export arrangement and true-up terms over the tariff's, or null when it names none. */
function exportOverrideOf(s: Scenario, path: string): Partial<ExportRules> | null {
  const arrangement = enumValue(`${path}exportArrangement`, s.exportArrangement, EXPORT_ARRANGEMENTS);
  const override: Partial<ExportRules> = {};
  if (arrangement !== undefined) override.arrangement = arrangement;
  if (s.trueUpMonth !== undefined) override.trueUpMonth = s.trueUpMonth;
  if (s.yearEndSellRate !== undefined) override.yearEndSellRate = s.yearEndSellRate;
  if (s.yearEndCreditPaid !== undefined) override.yearEndCreditPaid = s.yearEndCreditPaid;
  return Object.keys(override).length ? override : null;
}
