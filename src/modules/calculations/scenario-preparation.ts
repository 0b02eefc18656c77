// One scenario made ready to bill (PreparedBill), step by step: its tariff (read once per request), the range and
// bill options, the versions the range bills, the usage and rate inputs, the customer's place and taxes (a typical
// baseline when no usage is given), the time data and export prices, then the engine's input and its runners. The
// steps run, and say their assumptions, in that order. Where the customer is, customer-place.ts; how exports are
// credited, export-credit.ts; running the bill, bill-runners.ts.
import { DateTime } from 'luxon';
import { givenDemandKw, isGivenDemand, ownDemandKey } from '../../engine/bill/billing-demand.ts';
import {
  DETAIL_LEVELS,
  GROUP_BYS,
  type Assumption,
  type BillInput,
  type BillOptions,
  type BillResult,
} from '../../engine/bill/types.ts';
import { CHARGE_CLASSES, type Rate, type TariffVersion } from '../../engine/tariff/model.ts';
import { aliased } from '../../http/aliases.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import { enumList, enumValue } from '../../http/list-params.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { UtilityTaxesRepository } from '../utility-taxes/utility-taxes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { billRunners, type BillRunners } from './bill-runners.ts';
import { toCalculatedCost, type CalculatedCost } from './calculated-cost.ts';
import { CustomerPlaces, type CustomerPlace } from './customer-place.ts';
import { lookbackSelectors } from './demand-keys.ts';
import type { ExportPricesOfYear } from './export-prices-by-year.ts';
import { grandfathered, vintageExportPrices, type VintagePrices } from './export-credit.ts';
import { readRateInputs } from './rate-inputs.ts';
import type { RequestCache } from './request-cache.ts';
import { exportOverrideOf, unusedInputs, versionsFor, type Options, type Scenario } from './scenario-inputs.ts';
import { MAX_INTERVALS } from './series-limits.ts';
import type { TariffContext, TariffContextLoader, TimeContext } from './tariff-context.ts';
import { readBaselineRequest, typicalUsage, type BaselineRequest } from './typical-usage.ts';
import { readUsage, type PropertyData, type ScenarioUsage } from './usage-inputs.ts';

type PreparedNote = Omit<Assumption, 'displayName'>;

/** The longest calculation range. */
const MAX_RANGE_DAYS = 1100;

/** A scenario ready to bill: `run` bills an input (`input`, or it with other usage), `format` shapes the answer. */
export interface PreparedBill extends BillRunners {
  tariff: TariffContext;
  input: BillInput;
  /** For net billing at hourly export prices: a later year's prices on this bill's hours (null: none priced so). */
  exportPricesOfYear: ExportPricesOfYear | null;
  format(result: BillResult, expected: Scenario['expected'], ext: boolean): CalculatedCost;
}

/** What the steps after the tariff and range share. */
interface Preparing {
  s: Scenario;
  /** Where the scenario sits in the request (`scenarios[2].`, or ''): errors name its inputs by it. */
  path: string;
  cache: RequestCache;
  orgId: number | null;
  masterTariffId: number;
  tariff: TariffContext;
  from: number;
  to: number;
  /** The assumptions said so far, in the order the steps say them. */
  noted: PreparedNote[];
}

export class ScenarioPreparer {
  private readonly places: CustomerPlaces;

  constructor(
    private readonly loader: TariffContextLoader,
    zipcodes: ZipcodesService,
    territories: TerritoriesRepository,
    taxes: UtilityTaxesRepository,
    private readonly keys: PropertiesRepository,
    private readonly baselines: BaselinesService,
  ) {
    this.places = new CustomerPlaces(zipcodes, territories, taxes);
  }

  /**
   * `latestAfterEnd`: a range wholly after the tariff's last version ended is billed on that version (the latest
   * known), said as an assumption, instead of refused (a projection into years no rate sheet covers yet).
   */
  async prepare(
    options: Options,
    s: Scenario,
    path: string,
    cache: RequestCache,
    orgId: number | null,
    latestAfterEnd = false,
  ): Promise<PreparedBill> {
    if (s.masterTariffId === undefined) throw missingArgument(`${path}masterTariffId`);
    const masterTariffId = s.masterTariffId;
    const tariff = await this.tariffOf(masterTariffId, path, cache, orgId);
    const { from, to } = readRange(options, tariff.zone);
    const billOptions = readBillOptions(options);
    const p: Preparing = { s, path, cache, orgId, masterTariffId, tariff, from, to, noted: [] };

    const { versions, fixed } = versionsBilled(p, options.tariffEffectiveOn, latestAfterEnd);
    const { baseline, usage } = readScenarioUsage(p);
    const extra = await this.rateInputsOf(p, versions);
    const place = await this.places.place(options, usage.territoryId, tariff, versions, { from, to }, p.noted, cache);
    extra.push(...place.taxes);
    if (baseline) await this.addTypicalBaseline(p, baseline, usage, place, versions);

    const rates = [...versions.flatMap((v) => v.rates), ...extra];
    const { time, vintage } = await this.timeData(p, rates, versions);
    checkRateInputTimes(p, time);

    const input: BillInput = {
      from,
      to,
      zone: tariff.zone,
      versions,
      versionFixed: fixed,
      ...time,
      readings: usage.readings,
      series: usage.series,
      properties: usage.properties,
      demandKeys: tariff.demandKeys,
      territoryId: place.territoryId,
      extraRates: cache.grids ? cache.grids.rates(extra) : extra,
      exportOverride: grandfathered(s, versions, from, to, p.noted) ?? exportOverrideOf(s, path),
      noted: p.noted,
      options: billOptions,
    };
    return {
      tariff,
      input,
      ...billRunners(path, cache.grids),
      exportPricesOfYear: vintage?.ofYear ?? null,
      format: (result, expected, ext) => toCalculatedCost(tariff, result, from, to, expected, ext),
    };
  }

  /** The tariff, read once per request however many scenarios name it. */
  private async tariffOf(
    masterTariffId: number,
    path: string,
    cache: RequestCache,
    orgId: number | null,
  ): Promise<TariffContext> {
    if (!cache.tariffs.has(masterTariffId))
      cache.tariffs.set(masterTariffId, this.loader.tariff(masterTariffId, { orgId }));
    const tariff = await cache.tariffs.get(masterTariffId)!;
    if (!tariff) throw notFound('Tariff', `${path}masterTariffId`, masterTariffId);
    return tariff;
  }

  /** The rate inputs as rates, after the property inputs no rate uses are said and the demands given checked. */
  private async rateInputsOf(p: Preparing, versions: readonly TariffVersion[]): Promise<Rate[]> {
    const { s, path, tariff } = p;
    const extra: Rate[] = readRateInputs(s.rateInputs ?? [], `${path}rateInputs`, tariff.zone, versions[0]!.tariffId);
    const inputs = (s.propertyInputs ?? []) as PropertyData[];
    p.noted.push(
      ...(await unusedInputs(this.keys, inputs, `${path}propertyInputs`, tariff, versions, extra, {
        from: p.from,
        to: p.to,
      })),
    );
    // Demands the caller gives (coincidentDemand, ...) are checked here, where each input's place is known.
    const givenDemands = new Set(
      [...versions.flatMap((v) => v.rates), ...extra]
        .map(ownDemandKey)
        .filter((k): k is string => k !== null && isGivenDemand(tariff.demandKeys.get(k))),
    );
    (s.propertyInputs ?? []).forEach((input, k) => {
      if (givenDemands.has(input.keyName) && givenDemandKw(String(input.dataValue ?? '')) === null)
        throw invalidArgument(
          `${path}propertyInputs[${k}].dataValue`,
          input.dataValue === undefined || input.dataValue === null ? null : String(input.dataValue),
          `${input.keyName} is a demand: its dataValue must be a number of kW, 0 or more`,
        );
    });
    return extra;
  }

  /** No usage, and the inputs ask for a typical baseline: it is the usage, moved onto the range. */
  private async addTypicalBaseline(
    p: Preparing,
    request: BaselineRequest,
    usage: ScenarioUsage,
    place: CustomerPlace,
    versions: readonly TariffVersion[],
  ): Promise<void> {
    const { path, tariff, from, to } = p;
    if (usage.series.length || usage.readings.length)
      throw invalidArgument(
        `${path}propertyInputs[${request.at}].keyName`,
        'baselineType',
        'A typical baseline stands in for usage not given: send usage or baselineType, not both',
      );
    const at = await this.places.baselinePlace(place.addressZip, place.territoryId, tariff, versions, { from, to });
    if (at.noted) p.noted.push(at.noted);
    const typical = await typicalUsage(
      this.baselines,
      request,
      at.place,
      tariff.customerClass,
      { zone: tariff.zone, from, to },
      path,
    );
    usage.series.push(...typical.series);
    usage.readings.push(...typical.readings);
    p.noted.push(typical.noted);
  }

  /**
   * The seasons, TOUs and lookups the rates (and the demand keys' lookbacks) name, read once per request; with the
   * hourly export prices of the customer's vintage when the rates are priced so (`vintage`, null otherwise).
   */
  private async timeData(
    p: Preparing,
    rates: readonly Rate[],
    versions: readonly TariffVersion[],
  ): Promise<{ time: TimeContext; vintage: VintagePrices | null }> {
    const { s, path, cache, tariff, from, to } = p;
    const timeKey = `${p.masterTariffId}|${from}|${to}|${rates
      .filter((r) => r.tariffRateId < 0)
      .map((r) => `${r.seasonId}/${r.touId}/${r.variableRateKey}`)
      .join(',')}`;
    if (!cache.time.has(timeKey))
      cache.time.set(
        timeKey,
        this.loader.time([...rates, ...lookbackSelectors(tariff.demandKeys)], tariff.zone, from, to, p.orgId),
      );
    const cached = await cache.time.get(timeKey)!;
    const vintage = await vintageExportPrices(
      this.loader,
      s,
      path,
      rates,
      versions,
      tariff.zone,
      from,
      to,
      p.noted,
      cache,
    );
    const time = vintage ? { ...cached, lookups: new Map([...cached.lookups, ...vintage.lookups]) } : cached;
    return { time, vintage };
  }
}

/** The calculation's range on the tariff's clock: both ends given, in order, at most MAX_RANGE_DAYS apart. */
function readRange(options: Options, zone: string): { from: number; to: number } {
  const from = dateTimeParam('fromDateTime', options.fromDateTime, zone)?.value.toMillis();
  const to = dateTimeParam('toDateTime', options.toDateTime, zone)?.value.toMillis();
  if (from === undefined) throw missingArgument('fromDateTime');
  if (to === undefined) throw missingArgument('toDateTime');
  if (to <= from) throw invalidArgument('toDateTime', options.toDateTime, 'toDateTime must be after fromDateTime');
  if (to - from > MAX_RANGE_DAYS * 86_400_000)
    throw invalidArgument('toDateTime', options.toDateTime, `A calculation may span at most ${MAX_RANGE_DAYS} days`);
  return { from, to };
}

/** How the bill is shaped: detail, grouping, billing periods, the charge classes left out, minimums. */
function readBillOptions(options: Options): BillOptions {
  const detailLevel = enumValue('detailLevel', options.detailLevel, DETAIL_LEVELS) ?? 'ALL';
  const groupBy = enumValue('groupBy', options.groupBy, GROUP_BYS) ?? null;
  const billingPeriod =
    aliased('billingPeriod', options.billingPeriod, 'isBillingPeriod', options.isBillingPeriod) ?? false;
  const excluded = new Set<string>(enumList('excludeChargeClass', options.excludeChargeClass, CHARGE_CLASSES));
  return {
    billingPeriod,
    minimums: options.minimums ?? true,
    excludeChargeClasses: excluded,
    detailLevel,
    groupBy,
  };
}

/**
 * The tariff versions the range bills (tariffEffectiveOn's, or those in effect in it), one instance per value when
 * the request's bills share grids. With `latestAfterEnd`, a range after the last version ended takes that version.
 */
function versionsBilled(
  p: Preparing,
  tariffEffectiveOn: string | undefined,
  latestAfterEnd: boolean,
): { versions: TariffVersion[]; fixed: boolean } {
  const { masterTariffId, tariff, from, to, cache } = p;
  let effectiveOn = tariffEffectiveOn;
  const last = tariff.versions.at(-1);
  if (latestAfterEnd && effectiveOn === undefined && last && last.to !== null && last.to <= from) {
    const date = (ms: number) => DateTime.fromMillis(ms, { zone: tariff.zone }).toISODate()!;
    effectiveOn = date(last.from);
    p.noted.push({
      keyName: 'tariffEffectiveOn',
      dataValue: effectiveOn,
      description: `Tariff ${masterTariffId}'s last known version (effective ${date(last.from)}) ended ${date(last.to)}, before the range: its rates are used`,
      fromDateTime: from,
      toDateTime: to,
      accuracy: 60,
    });
  }
  return cache.grids
    ? cache.grids.one(`versions|${masterTariffId}|${from}|${to}|${effectiveOn ?? ''}`, () =>
        versionsFor(tariff, from, to, effectiveOn),
      )
    : versionsFor(tariff, from, to, effectiveOn);
}

/** The usage the property inputs give, each series within MAX_INTERVALS, and the typical baseline they ask for. */
function readScenarioUsage(p: Preparing): { baseline: BaselineRequest | null; usage: ScenarioUsage } {
  const { s, path, from, to } = p;
  const baseline = readBaselineRequest((s.propertyInputs ?? []) as PropertyData[], `${path}propertyInputs`);
  const usage = readUsage(baseline.rest, `${path}propertyInputs`, { from, to }, p.tariff.zone);
  for (const series of usage.series) {
    if ((to - from) / series.duration > MAX_INTERVALS)
      throw invalidArgument(
        `${path}propertyInputs.duration`,
        String(series.duration),
        `At most ${MAX_INTERVALS} intervals per calculation`,
      );
  }
  return { baseline: baseline.request, usage };
}

/** A rate input naming a TOU or season Ratebook does not have would apply to no hour: a bill of zero for it. */
function checkRateInputTimes(p: Preparing, time: TimeContext): void {
  const { s, path } = p;
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
}
