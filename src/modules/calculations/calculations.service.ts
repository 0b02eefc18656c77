// On-demand calculation, run: one scenario, or up to twenty with a shared one (mass), each made ready to bill (its
// tariff's context loaded once per request, its usage, place, taxes and time data gathered into the engine's input)
// and billed. Reading the request's parts is scenario-inputs.ts; shaping the answer, calculated-cost.ts.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { givenDemandKw, isGivenDemand, ownDemandKey } from '../../engine/bill/billing-demand.ts';
import { calculateBill } from '../../engine/bill/calculate.ts';
import type { PreparedGrid } from '../../engine/bill/prepared.ts';
import { OptimiserError } from '../../engine/storage/bill-optimal.ts';
import { billWithStorage, type StorageBill, type StorageRequest } from '../../engine/storage/storage-bill.ts';
import {
  BillInputError,
  DETAIL_LEVELS,
  GROUP_BYS,
  lookupKey,
  type Assumption,
  type BillInput,
  type BillResult,
  type LookupSeries,
} from '../../engine/bill/types.ts';
import { CHARGE_CLASSES, type ExportRules, type Rate, type TariffVersion } from '../../engine/tariff/model.ts';
import { isExportPriceKey, keepsNetMetering, LOCKED_YEARS, vintagePlan } from './export-vintage.ts';
import { exportPricesByYear, type ExportPricesOfYear } from './export-prices-by-year.ts';

type PreparedNote = Omit<Assumption, 'displayName'>;
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
import { toCalculatedCost } from './calculated-cost.ts';
import type { CalculateBody, CalculatedCostSchema, MassBody, MassCalculationSchema } from './calculations.schemas.ts';
import { readRateInputs, taxRate } from './rate-inputs.ts';
import { lookbackSelectors } from './demand-keys.ts';
import { exportOverrideOf, merge, unusedInputs, versionsFor, type Options, type Scenario } from './scenario-inputs.ts';
import { territoriesOf, type TariffContext, type TariffContextLoader, type TimeContext } from './tariff-context.ts';
import { readUsage, type PropertyData } from './usage-inputs.ts';
import { readBaselineRequest, typicalUsage } from './typical-usage.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { highsSolver } from '../storage/highs-solver.ts';
import { storageAnswer } from './storage-answer.ts';
import { readStorage } from './storage-inputs.ts';
import { SharedGrids } from './shared-grids.ts';

export type CalculatedCost = Static<typeof CalculatedCostSchema>;
export type MassCalculation = Static<typeof MassCalculationSchema>;

const HOUR = 3_600_000;
/** The finest grid BILL_OPTIMAL solves (a month of 15-minute data is a program of 2,976 intervals). */
const MIN_OPTIMAL_STEP = 900_000;

/** The longest calculation range, and the most intervals its grid may have (a year of one-minute data). */
const MAX_RANGE_DAYS = 1100;
const MAX_INTERVALS = 527_040;

/** A scenario ready to bill: `run` bills an input (`input`, or it with other usage), `format` shapes the answer. */
export interface PreparedBill {
  tariff: TariffContext;
  input: BillInput;
  /** `grid`: the tariff made ready for the range (prepareGrid), when many usages are billed on it. */
  run(input: BillInput, grid?: PreparedGrid): BillResult;
  /** The bill of `input` with a battery dispatched behind the meter (BILL_OPTIMAL needs `solver`). */
  runStorage(input: BillInput, request: StorageRequest): Promise<StorageBill>;
  /** For net billing at hourly export prices: a later year's prices on this bill's hours (null: none priced so). */
  exportPricesOfYear: ExportPricesOfYear | null;
  format(result: BillResult, expected: Scenario['expected'], ext: boolean): CalculatedCost;
}

/**
 * Per request: tariffs, their time data and export prices are read once, whatever the number of scenarios naming them.
 * A portfolio job keeps one for a chunk of accounts (one organization, minutes at most): the same tariffs over the
 * same range are read once for all of them.
 */
export class RequestCache {
  readonly tariffs = new Map<number, Promise<TariffContext | null>>();
  readonly time = new Map<string, Promise<TimeContext>>();
  /** Export prices spliced for a vintage, by their segments. */
  readonly spliced = new Map<string, Promise<LookupSeries>>();
  /**
   * Tariff grids prepared once for all bills on the same tariff, range and step (a job's chunk: many accounts, one
   * grid per tariff); null: each bill prepares its own (one request's few scenarios gain little from sharing).
   */
  readonly grids: SharedGrids | null;

  constructor(shareGrids = false) {
    this.grids = shareGrids ? new SharedGrids() : null;
  }
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

  /** `cache`: what an earlier calculation of the same caller read (a portfolio job's chunk); else a new one. */
  async calculate(
    body: Static<typeof CalculateBody>,
    orgId: number | null,
    ext: boolean,
    cache = new RequestCache(),
  ): Promise<CalculatedCost> {
    const {
      masterTariffId,
      propertyInputs,
      rateInputs,
      expected,
      exportArrangement,
      trueUpMonth,
      yearEndSellRate,
      yearEndCreditPaid,
      exportVintage,
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
        exportVintage,
        storage,
      },
      '',
      cache,
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
    if (!cache.tariffs.has(masterTariffId))
      cache.tariffs.set(masterTariffId, this.loader.tariff(masterTariffId, { orgId }));
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

    const noted: PreparedNote[] = [];
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
    const { versions, fixed } = cache.grids
      ? cache.grids.one(`versions|${masterTariffId}|${from}|${to}|${effectiveOn ?? ''}`, () =>
          versionsFor(tariff, from, to, effectiveOn),
        )
      : versionsFor(tariff, from, to, effectiveOn);
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
    const inputs = (s.propertyInputs ?? []) as PropertyData[];
    noted.push(
      ...(await unusedInputs(this.keys, inputs, `${path}propertyInputs`, tariff, versions, extra, { from, to })),
    );
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
      const { place, noted: placed } = await this.baselinePlace(addressZip, territoryId, tariff, versions, {
        from,
        to,
      });
      if (placed) noted.push(placed);
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
    const cached = await cache.time.get(timeKey)!;
    const vintage = await this.exportVintage(s, path, rates, versions, zone, from, to, noted, cache);
    const time = vintage ? { ...cached, lookups: new Map([...cached.lookups, ...vintage.lookups]) } : cached;
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
      extraRates: cache.grids ? cache.grids.rates(extra) : extra,
      exportOverride: this.grandfathered(s, versions, from, to, noted) ?? exportOverrideOf(s, path),
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
        return calculateBill(bill, grid ?? cache.grids?.gridFor(bill));
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
      exportPricesOfYear: vintage?.ofYear ?? null,
      format: (result, expected, ext) => toCalculatedCost(tariff, result, from, to, expected, ext),
    };
  }

  /**
   * A customer whose exportVintage predates the tariff's net billing (NEM 2.0 in California) keeps net metering:
   * the export override that bills so, said; null when the customer does not, or names an arrangement.
   */
  private grandfathered(
    s: Scenario,
    versions: readonly TariffVersion[],
    from: number,
    to: number,
    noted: PreparedNote[],
  ): Partial<ExportRules> | null {
    const rules = versions.at(-1)?.exportRules;
    if (s.exportArrangement !== undefined || !keepsNetMetering(rules, s.exportVintage)) return null;
    noted.push({
      keyName: 'exportArrangement',
      dataValue: 'NET_METERING',
      description: `An interconnection application of ${s.exportVintage} predates ${rules!.newSolarFrom}, from when a new solar customer takes ${rules!.arrangement}: the customer keeps net metering, billed here on this tariff's import rates (a net metering customer may be on another rate schedule; give exportArrangement to choose)`,
      fromDateTime: from,
      toDateTime: to,
      accuracy: 60,
    });
    return { ...exportOverrideOf(s, ''), arrangement: 'NET_METERING' };
  }

  /**
   * Net billing's hourly export prices for the customer's vintage (exportVintage, default the year the range starts):
   * the SELL rates naming a bundled export price key are priced by that vintage's locked prices, then the floating
   * ones; the vintage and, when the version says from when a new solar customer gets it, the arrangement are said.
   */
  private async exportVintage(
    s: Scenario,
    path: string,
    rates: readonly Rate[],
    versions: readonly TariffVersion[],
    zone: string,
    from: number,
    to: number,
    noted: PreparedNote[],
    cache: RequestCache,
  ): Promise<{ lookups: Map<string, LookupSeries>; ofYear: ExportPricesOfYear } | null> {
    const priced = rates.filter((r) => isExportPriceKey(r.variableRateKey));
    const rules = versions.at(-1)?.exportRules ?? null;
    // A customer who keeps net metering is credited by kWh, not at export prices (grandfathered says so).
    if (s.exportArrangement === undefined && keepsNetMetering(rules, s.exportVintage)) return null;
    if (rules?.newSolarFrom && s.exportArrangement === undefined)
      noted.push({
        keyName: 'exportArrangement',
        dataValue: rules.arrangement,
        description: `Exports are billed under ${rules.arrangement}, the arrangement this tariff gives a new solar customer whose interconnection application is dated ${rules.newSolarFrom} or later (give exportArrangement to bill another)`,
        fromDateTime: from,
        toDateTime: to,
        accuracy: 90,
      });
    if (!priced.length) return null;
    const startYear = DateTime.fromMillis(from, { zone }).year;
    const vintage = s.exportVintage ?? startYear;
    const out = new Map<string, LookupSeries>();
    let said = false;
    for (const r of priced) {
      const plan = vintagePlan(r.variableRateKey!, vintage, zone, from, to);
      const key = JSON.stringify(plan.segments);
      if (!cache.spliced.has(key)) cache.spliced.set(key, this.loader.splicedLookups(plan.segments));
      out.set(lookupKey(r), await cache.spliced.get(key)!);
      if (said) continue;
      said = true;
      const given =
        s.exportVintage === undefined ? `the year the range starts (give ${path}exportVintage to choose)` : 'as given';
      const nearest =
        plan.used === vintage
          ? ''
          : `; ${plan.utility} publishes no ${vintage} vintage: its nearest, ${plan.used}, is used`;
      noted.push({
        keyName: 'exportVintage',
        dataValue: String(vintage),
        description: `Exports are credited at ${plan.utility}'s hourly export prices of the ${plan.used} vintage through ${plan.floatingFrom - 1} (locked for ${LOCKED_YEARS} years, counted in calendar years), then at its floating prices; vintage ${vintage}, ${given}${nearest}`,
        fromDateTime: from,
        toDateTime: to,
        accuracy: plan.used === vintage ? 90 : 50,
      });
    }
    return { lookups: out, ofYear: exportPricesByYear(this.loader, priced, vintage, zone, from, to) };
  }

  /** Where a typical baseline is taken: the address's ZIP code, else the centre of the customer's territory. */
  /**
   * Where a typical baseline is taken: the address, else the territory given, else (as the original does) the
   * tariff's own place: the first of its territories with a centre, then its utility's service area. The last two
   * are said in the assumptions, since a whole territory's centre stands in for the customer.
   */
  private async baselinePlace(
    addressZip: ZipRow | null,
    territoryId: number | null,
    tariff: TariffContext,
    versions: readonly TariffVersion[],
    range: { from: number; to: number },
  ): Promise<{
    place: { zipCode: string } | { lat: number; lng: number };
    noted: Omit<Assumption, 'displayName'> | null;
  }> {
    if (addressZip) return { place: { zipCode: addressZip.zipcode }, noted: null };
    const centre = territoryId === null ? null : (await this.territories.find(territoryId))?.centerPoint;
    if (centre) return { place: { lat: centre.latitude, lng: centre.longitude }, noted: null };
    if (territoryId === null) {
      const own = territoriesOf(versions);
      const listed = async (filters: { territoryIds?: number[]; lseId?: number; usageTypes: string[] }) =>
        (
          await this.territories.list(filters, {
            paging: { pageStart: 0, pageCount: Math.max(own.length, 10) },
            search: null,
            sort: [],
            ext: false,
          })
        ).rows;
      // The tariff's own territories in the order its rates name them (one read), then its utility's service area.
      const ownRows = new Map((await listed({ territoryIds: own, usageTypes: [] })).map((t) => [t.territoryId, t]));
      const found =
        own.map((id) => ownRows.get(id)).find((t) => t?.centerPoint) ??
        (await listed({ lseId: tariff.lseId, usageTypes: ['SERVICE'] })).find((t) => t.centerPoint);
      if (found?.centerPoint) {
        const whose = own.includes(found.territoryId) ? "the tariff's territory" : `${tariff.lseName}'s service area`;
        return {
          place: { lat: found.centerPoint.latitude, lng: found.centerPoint.longitude },
          noted: {
            keyName: 'territoryId',
            dataValue: String(found.territoryId),
            description: `No address: the typical baseline is placed at the centre of ${whose}, territory ${found.territoryId} (${found.territoryName}); give address for the customer's own weather`,
            fromDateTime: range.from,
            toDateTime: range.to,
            accuracy: 60,
          },
        };
      }
    }
    throw missingArgument(
      'address',
      'A typical baseline needs the place: give address (or a territoryId with a centre point); neither the tariff nor its utility has one',
    );
  }
}
