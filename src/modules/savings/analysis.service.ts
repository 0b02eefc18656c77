// The savings analysis: what a customer pays the utility before solar and after it, and for it, over the term.
// Year one is billed in full on the real tariffs (monthly bills from the start of year one, taxes of the address,
// the after tariff's export arrangement); later years escalate the bills and degrade the PV, each year's after bill
// billed again with that year's output. Up to 20 designs share the usage, the place and the before bill. A stored
// account (accountId or providerAccountId) stands in for what the request does not give: its place, customerClass,
// tariff at the start of year one, properties, usage profile (readings over year one) and solar profile.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { project, SERIES_SCENARIOS, type Projection } from '../../engine/savings/projection.ts';
import { solarOnDates } from '../../engine/solar/solar-on-dates.ts';
import { prepareGrid } from '../../engine/bill/prepared.ts';
import type { BillResult, UsageSeries } from '../../engine/bill/types.ts';
import { greatCircleKm } from '../../data/climate/climate-zones.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { ApiError, invalidArgument, missingArgument } from '../../http/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import {
  RequestCache,
  type CalculatedCost,
  type CalculationsService,
  type PreparedBill,
} from '../calculations/calculations.service.ts';
import { readUsage } from '../calculations/usage-inputs.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { AccountSources, checkProfileInputs, type AccountSource } from './account-source.ts';
import { placedInputs, PROFILE_KEYS, readPlan, type AnalysisPlan, type Placed } from './analysis-inputs.ts';
import type { AnalysisBody, AnalysisPropertyInput } from './analysis.schemas.ts';
import {
  HOUR,
  note,
  zoneOf,
  type AccountAnalysis,
  type AfterBill,
  type Assumption,
  type Memo,
  type Usage,
} from './analysis-types.ts';
import { defaultTariffOf } from './default-tariff.ts';
import { monthFigures, type MonthDetail } from './month-figures.ts';
import { sharedTermCalendar } from './term-calendar.ts';

export type { AccountAnalysis };
type Body = Static<typeof AnalysisBody>;

/** A place given by coordinates farther than this from every US ZIP code is not in the US. */
const MAX_ZIP_DISTANCE_KM = 100;
const USAGE_KEYS = ['consumption', 'baselineType', 'buildingId', 'loadSize', 'customerClass'];

/** What every scenario's bill of one request shares: the request, its place, year one and the tariff data read. */
interface BillRequest {
  body: Body;
  zip: ZipRow;
  orgId: number | null;
  account: AccountSource | null;
  yearOne: { from: string; to: string };
  cache: RequestCache;
}

export class SavingsService {
  /** What a stored account stands in for. */
  private readonly sources: AccountSources;

  constructor(
    private readonly calculations: CalculationsService,
    private readonly zipcodes: ZipcodesService,
    private readonly tariffs: TariffsService,
    private readonly baselines: BaselinesService,
    private readonly solar: SolarService,
    private readonly now: () => Date,
    accounts: AccountsService,
    profiles: ProfilesService,
  ) {
    this.sources = new AccountSources(accounts, profiles, baselines, zipcodes, solar);
  }

  async analysis(body: Body, orgId: number | null): Promise<AccountAnalysis[]> {
    const account = await this.sources.of(body, orgId);
    const zip =
      account && body.address === undefined ? await this.sources.place(account) : await this.placeOf(body.address);
    const base = placedInputs(body, null);
    const plan = readPlan(base.properties, base.rates);
    const designs = (body.designs ?? [null]).map((d, k) => {
      if (d === null) return { designId: null, plan };
      const own = placedInputs(body, k);
      const usageKey = (d.propertyInputs ?? []).findIndex(
        (p) =>
          USAGE_KEYS.includes(p.keyName) ||
          (p.keyName === 'masterTariffId' && (p.scenarios ?? '').toLowerCase().includes('before')) ||
          (PROFILE_KEYS.includes(p.keyName) && !(p.scenarios ?? '').toLowerCase().includes('solar')),
      );
      if (usageKey >= 0)
        throw invalidArgument(
          `designs[${k}].propertyInputs[${usageKey}].keyName`,
          d.propertyInputs![usageKey]!.keyName,
          'Designs share the usage and the tariff before solar: give them once, outside designs',
        );
      return { designId: d.designId ?? String(k), plan: readPlan(own.properties, own.rates) };
    });
    const plans = [plan, ...designs.filter((d) => d.plan !== plan).map((d) => d.plan)];
    checkProfileInputs(plans, account);
    // What the account stands in for: said in the before scenario's assumptions.
    const { tariffClass, notes: accountNotes } = account
      ? this.sources.standIn(account, body, zip, base.properties, plan, plans)
      : { tariffClass: plan.customerClass as string, notes: [] };
    const usageProfile = await this.sources.usageProfile(plan, account, orgId);
    // Every scenario is billed over the same year one, on tariff data read once for the request.
    const yearOne =
      (await this.sources.yearOne(body, zip, usageProfile, accountNotes)) ?? this.yearOneOf(body, plan, zip);
    const request: BillRequest = { body, zip, orgId, account, yearOne, cache: new RequestCache() };
    const before = await this.beforeTariff(request, plan, tariffClass, accountNotes);
    const beforeBill = await this.prepare(request, plan, 'before', before, null);
    const zone = beforeBill.tariff.zone;
    const { from, to } = beforeBill.input;
    const usage = usageProfile
      ? await this.sources.usage(usageProfile, plan, zip, zone, from, to, body.useIntelligentBaselining === true)
      : await this.usageOf(plan, zip, zone, from, to);
    if (account && !usageProfile && !plan.consumption && !plan.baseline.given)
      usage.more.push(
        note(
          'profileId',
          null,
          "The account has no ELECTRICITY profile: the usage is the place's typical baseline",
          null,
          null,
          50,
        ),
      );
    const memo: Memo = { stations: new Map(), pv: new Map(), calendars: new Map(), afterBills: new Map() };
    const results: AccountAnalysis[] = [];
    // One design at a time: their bills share the tariffs' data, and the answers keep the order of the designs.
    const beforeResult = beforeBill.run({ ...beforeBill.input, series: [series(usage, usage.values)] });
    for (const design of designs)
      results.push(
        await this.design(
          request,
          design.designId,
          design.plan,
          before,
          beforeBill,
          beforeResult,
          usage,
          memo,
          accountNotes,
        ),
      );
    return results;
  }

  /**
   * The tariff before solar: masterTariffId tagged before; else the account's tariff on the first day of year one (its
   * place's default tariff when it has none set); else the place's default tariff.
   */
  private async beforeTariff(
    request: BillRequest,
    plan: AnalysisPlan,
    customerClass: string,
    notes: Assumption[],
  ): Promise<number> {
    if (plan.tariff.before) return plan.tariff.before.id;
    const { zip, account } = request;
    const held = account && (await this.sources.tariffAt(account, request.yearOne.from, notes));
    if (held) return held;
    const chosen = await defaultTariffOf(
      this.tariffs,
      zip.zipcode,
      customerClass,
      this.today(zip),
      account ? 'masterTariffId' : 'address',
    );
    if (account)
      notes.push(
        note(
          'masterTariffId',
          String(chosen.masterTariffId),
          `The account has no tariff set: the ${customerClass} default tariff of its ${request.body.address === undefined ? 'place' : 'address'}${chosen.lseName ? ` (${chosen.lseName})` : ''}, ${chosen.tariffName} (${chosen.masterTariffId})`,
          null,
          null,
          75,
        ),
      );
    return chosen.masterTariffId;
  }

  private async design(
    request: BillRequest,
    designId: string | null,
    plan: AnalysisPlan,
    beforeId: number,
    beforeBill: PreparedBill,
    beforeResult: BillResult,
    usage: Usage,
    memo: Memo,
    accountNotes: Assumption[],
  ): Promise<AccountAnalysis> {
    const afterId = plan.tariff.after?.id ?? beforeId;
    const { body } = request;
    const after = this.afterBillOf(request, plan, afterId, memo);
    const afterBill = await after.bill;
    const assumedExports = plan.exports.arrangement === undefined && !afterBill.input.versions.at(-1)?.exportRules;
    // A solar customer is on some export programme; a tariff that names none would credit exports nothing, which
    // is seldom the truth. Net metering is assumed, said, and overridden by exportArrangement.
    if (assumedExports)
      afterBill.input.exportOverride = { ...afterBill.input.exportOverride, arrangement: 'NET_METERING' };
    const { from, to, zone } = beforeBill.input;
    const pv = await this.production(request, plan, zone, from, to, usage, memo);
    const years = plan.years;
    const { yearPeriods, months, at } = sharedTermCalendar(memo.calendars, zone, from, to, years);

    // Each year's after bill: year one's usage less that year's degraded output (without degradation, year one's).
    // All are billed on one grid of the after tariff over year one, prepared once for the designs that share it (its
    // hours' seasons, TOU periods and billing periods; the service refused an empty range or tariff already). Later
    // years need only the total, which the engine sums from the charges whatever the detail level: they are billed
    // without items, their net load in one array (each year's is billed and summed before the next is made).
    const netOf = (scale: number, net = new Float64Array(usage.values.length)) => {
      for (let i = 0; i < net.length; i++) net[i] = usage.values[i]! - pv.values[i]! * scale;
      return net;
    };
    const laterNet = new Float64Array(usage.values.length);
    const yearOneNet = netOf(1);
    const yearOneInput = { ...afterBill.input, series: [series(usage, yearOneNet)] };
    after.grid ??= prepareGrid(yearOneInput);
    const grid = after.grid;
    const totalOnly = { ...afterBill.input.options, detailLevel: 'TOTAL' as const };
    const afterYear: BillResult[] = [];
    const afterByYear: { cost: number; kwh: number }[] = [];
    for (let n = 0; n < years; n++) {
      const values = n === 0 ? yearOneNet : netOf((1 - plan.degradation) ** n, laterNet);
      const result =
        n === 0
          ? afterBill.run(yearOneInput, grid)
          : plan.degradation === 0
            ? afterYear[0]!
            : afterBill.run({ ...afterBill.input, options: totalOnly, series: [series(usage, values)] }, grid);
      afterYear.push(result);
      afterByYear.push({ cost: result.summary.totalCost, kwh: sum(values) });
    }
    const beforeMonths = monthFigures(beforeResult, usage.values, usage, months);
    const afterMonths = monthFigures(afterYear[0]!, yearOneNet, usage, months);
    const solarKwh = monthFigures(null, pv.values, usage, months).map((m) => m.kwh);
    const pvKwh = sum(pv.values);
    const solarKwhByYear = Array.from({ length: years }, (_, n) => pvKwh * (1 - plan.degradation) ** n);
    const projection = project({
      years,
      before: beforeMonths,
      after: afterMonths,
      solarKwh,
      afterByYear,
      solarKwhByYear,
      yearPeriods,
      price: plan.price,
      utilityInflation: plan.utilityInflation,
      solarInflation: plan.solarInflation,
    });

    const answer = shapeAnswer(projection, designId, at, beforeMonths, afterMonths);
    answer.summary = summaryOf(projection, years, afterMonths);
    answer.scenarios = [
      {
        name: 'before',
        masterTariffId: beforeBill.tariff.masterTariffId,
        tariffName: beforeBill.tariff.tariffName,
        inputs: plan.echo.before,
        assumptions: [
          ...this.common(plan, at, from, to),
          ...accountNotes,
          ...billAssumptions(beforeBill, beforeResult),
          note('usage', usage.dataValue, usage.noted, at(from), at(to), usage.accuracy),
          ...usage.more,
        ],
      },
      {
        name: 'after',
        masterTariffId: afterBill.tariff.masterTariffId,
        tariffName: afterBill.tariff.tariffName,
        inputs: plan.echo.after,
        assumptions: [
          ...(assumedExports
            ? [
                note(
                  'exportArrangement',
                  'NET_METERING',
                  `Tariff ${afterId} names no export arrangement: net metering is assumed (give exportArrangement tagged after to choose another)`,
                  at(from),
                  at(to),
                  50,
                ),
              ]
            : []),
          ...billAssumptions(afterBill, afterYear[0]!),
        ],
      },
      {
        name: 'solar',
        masterTariffId: null,
        tariffName: null,
        inputs: plan.echo.solar,
        assumptions: [
          ...pv.assumptions.map((a) => ({ ...a, fromDateTime: at(from), toDateTime: at(to) })),
          ...solarPriceNote(plan),
        ],
      },
    ];
    answer.weatherStation = pv.station && {
      stationId: pv.station.station.stationId,
      name: pv.station.station.name,
      state: pv.station.station.state,
      latitude: pv.station.station.latitude,
      longitude: pv.station.station.longitude,
      climateZone: pv.station.station.climateZone,
      distanceKm: Math.round(pv.station.distanceKm * 10) / 10,
      sameClimateZone: pv.station.sameZone,
      source: pv.station.station.source,
    };
    if (body.populateCosts) {
      const idOf = (scenario: string) =>
        answer.series.find((s) => s.scenario === scenario && s.seriesPeriod === 'MONTH')!.seriesId;
      answer.seriesCosts = {
        [idOf('before')]: beforeBill.format(beforeResult, undefined, false),
        [idOf('after')]: afterBill.format(afterYear[0]!, undefined, false),
      } as Record<string, CalculatedCost>;
    }
    return answer;
  }

  /** The place of the analysis: the address's ZIP code (coordinates take the nearest, when it is near). */
  private async placeOf(address: Body['address']): Promise<ZipRow> {
    const missing = () =>
      missingArgument('address', 'The analysis needs the place: address with zip, addressString, or lat and lon');
    if (!address) throw missing();
    const zip = await this.zipcodes.resolveAddress(address);
    if (!zip) throw missing();
    const field =
      address.zip !== undefined
        ? 'address.zip'
        : address.addressString !== undefined
          ? 'address.addressString'
          : address.lat !== undefined
            ? 'address.lat'
            : 'address';
    const far =
      field === 'address.lat' &&
      zip.latitude !== null &&
      zip.longitude !== null &&
      greatCircleKm(address.lat!, address.lon!, zip.latitude, zip.longitude) > MAX_ZIP_DISTANCE_KM;
    // Military post offices abroad (no state, or AA, AE, AP) are not places with weather and tariffs here.
    if (far || !zip.state || ['AA', 'AE', 'AP'].includes(zip.state)) {
      throw invalidArgument(
        field,
        field === 'address.lat' ? String(address.lat) : zip.zipcode,
        `Ratebook covers places in the US states: ${far ? `no US ZIP code lies within ${MAX_ZIP_DISTANCE_KM} km of that point` : `ZIP code ${zip.zipcode} is not in one`}`,
      );
    }
    return zip;
  }

  private today(zip: ZipRow): string {
    return DateTime.fromJSDate(this.now(), { zone: zoneOf(zip) }).toISODate()!;
  }

  /**
   * A design's bill after solar, made ready once for every design whose after scenario is the same (the same tariff,
   * property, rate and export inputs: designs that differ only in their PV system), with its grid over year one.
   */
  private afterBillOf(request: BillRequest, plan: AnalysisPlan, afterId: number, memo: Memo): AfterBill {
    const key = JSON.stringify([
      afterId,
      plan.billProperties.after.map((p) => p.input),
      plan.billRates.after.map((r) => r.input),
      plan.exports,
    ]);
    let after = memo.afterBills.get(key);
    if (!after) {
      after = { bill: this.prepare(request, plan, 'after', afterId, plan.exports), grid: null };
      memo.afterBills.set(key, after);
    }
    return after;
  }

  /** One scenario's bill made ready over year one: its tariff, the address, its rate and property inputs. */
  private async prepare(
    { body, zip, orgId, yearOne, cache }: BillRequest,
    plan: AnalysisPlan,
    scenario: 'before' | 'after',
    masterTariffId: number,
    exports: AnalysisPlan['exports'] | null,
  ): Promise<PreparedBill> {
    const props = plan.billProperties[scenario];
    const rates = plan.billRates[scenario];
    try {
      return await this.calculations.prepareBill(
        {
          fromDateTime: yearOne.from,
          toDateTime: yearOne.to,
          billingPeriod: true,
          address: { ...body.address, zip: zip.zipcode },
          applyUtilityTax: body.applyUtilityTax ?? true,
        },
        {
          masterTariffId,
          propertyInputs: props.map((p) => stripScenarios(p.input)),
          rateInputs: rates.map((r) => ({ ...r.input, scenarios: undefined })),
          ...(exports ?? {}),
        },
        orgId,
        true,
        cache,
      );
    } catch (e) {
      throw renamed(e, props, rates, scenario === 'before' ? plan.tariff.before?.path : plan.tariff.after?.path);
    }
  }

  /**
   * Year one, as dates the bill reads in the tariff's zone: from fromDateTime (else the usage data's start, else the
   * first of next month at the place), a year long. (From an account's readings: AccountSources.yearOne.)
   */
  private yearOneOf(body: Body, plan: AnalysisPlan, zip: ZipRow): { from: string; to: string } {
    const field = body.fromDateTime !== undefined ? 'fromDateTime' : `${plan.consumption?.path}.fromDateTime`;
    const raw = body.fromDateTime ?? plan.consumption?.input.fromDateTime;
    if (raw === undefined) {
      const start = DateTime.fromJSDate(this.now(), { zone: zoneOf(zip) })
        .startOf('month')
        .plus({ months: 1 });
      return { from: start.toISODate()!, to: start.plus({ years: 1 }).toISODate()! };
    }
    const hasOffset = /(Z|[+-]\d\d:?\d\d)$/i.test(raw.trim()) && raw.includes('T');
    const parsed = DateTime.fromISO(raw.trim(), hasOffset ? { setZone: true } : { zone: 'UTC' });
    if (!parsed.isValid)
      throw invalidArgument(field, raw, `${field} must be an ISO 8601 date (2026-01-01) or date-time`);
    const end = parsed.plus({ years: 1 });
    return {
      from: raw,
      to: hasOffset ? end.toISO()! : raw.includes('T') ? end.toISO({ includeOffset: false })! : end.toISODate()!,
    };
  }

  /** Year one's usage: the consumption series (which must cover it), else the typical baseline of the place. */
  private async usageOf(plan: AnalysisPlan, zip: ZipRow, zone: string, from: number, to: number): Promise<Usage> {
    if (plan.consumption) {
      const c = plan.consumption;
      const duration = c.input.duration;
      if (duration === undefined) throw missingArgument(`${c.path}.duration`);
      if (HOUR % duration !== 0)
        throw invalidArgument(
          `${c.path}.duration`,
          String(duration),
          'duration must divide an hour (60000, 300000, 900000, 3600000, ...): the PV output is hourly',
        );
      const read = readUsage(
        [{ ...stripScenarios(c.input), fromDateTime: c.input.fromDateTime ?? new Date(from).toISOString() }],
        c.path.replace(/\[\d+\]$/, ''),
        { from, to },
        zone,
      );
      const s = read.series[0]!;
      if (s.from !== from || s.from + s.values.length * duration !== to)
        throw invalidArgument(
          `${c.path}.dataSeries`,
          `${c.input.dataSeries!.length} values`,
          `The series must cover year one exactly: ${new Date(from).toISOString()} to ${new Date(to).toISOString()}, ${(to - from) / duration} values`,
        );
      return {
        from,
        duration,
        values: Float64Array.from(s.values),
        noted: `Interval data: ${s.values.length} values of ${duration / 60_000} minutes`,
        accuracy: 100,
        dataValue: null,
        more: [],
      };
    }
    const b = plan.baseline;
    let moved: Awaited<ReturnType<BaselinesService['typicalUsage']>>;
    try {
      moved = await this.baselines.typicalUsage(
        {
          zipCode: zip.zipcode,
          buildingType: b.buildingId,
          customerClass: b.buildingId ? undefined : plan.customerClass,
          ...(b.loadSize ? { sizingKeyName: 'loadSize', sizingDataValue: b.loadSize, sizingUnit: 'kWh' } : {}),
        },
        zone,
        from,
        to,
      );
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 400 && e.item.propertyName === 'buildingType')
        throw invalidArgument(b.path, b.buildingId ?? null, e.item.message);
      throw e;
    }
    const values = new Float64Array(Math.round((to - from) / HOUR));
    for (const m of moved.intervals)
      values[Math.min(values.length - 1, Math.floor((m.from - from) / HOUR))]! += m.kwh * b.factor;
    return {
      from,
      duration: HOUR,
      values,
      noted: `Typical baseline: ${moved.description}${b.factor === 1 ? '' : `, times ${b.factor}`}`,
      accuracy: 50,
      dataValue: null,
      more: [],
    };
  }

  /**
   * Year one's PV output on the usage's grid, with where it comes from: solarProduction; else a profile of the account
   * tagged solar; else PVWatts of systemSize or solarPvLoadOffset; else the account's default SOLAR_PV profile.
   */
  private async production(
    request: BillRequest,
    plan: AnalysisPlan,
    zone: string,
    from: number,
    to: number,
    usage: Usage,
    memo: Memo,
  ) {
    const { zip, account } = request;
    const perInterval = usage.duration / HOUR;
    const onGrid = (hourly: ArrayLike<number>) => {
      const out = new Float64Array(usage.values.length);
      for (let i = 0; i < out.length; i++) out[i] = hourly[Math.floor((i * usage.duration) / HOUR)]! * perInterval;
      return out;
    };
    const given = plan.pv.production;
    if (given) {
      const values = given.input.dataSeries!.map((v) => v * (given.input.dataFactor ?? 1));
      if (values.some((v) => !(v >= 0 && v <= 1e9)))
        throw invalidArgument(`${given.path}.dataSeries`, null, 'PV output is kWh, 0 or more');
      let hourly: ArrayLike<number>;
      if (given.input.fromDateTime === undefined) {
        if (values.length !== 8760)
          throw invalidArgument(
            `${given.path}.dataSeries`,
            `${values.length} values`,
            'A typical year of PV output has 8,760 hourly values (give fromDateTime for interval data over year one)',
          );
        const standardOffset =
          Math.min(...[0, 6].map((m) => DateTime.fromMillis(from, { zone }).set({ month: m + 1, day: 1 }).offset)) / 60;
        hourly = solarOnDates(values, standardOffset, from, to);
      } else {
        const start = dateTimeParam(`${given.path}.fromDateTime`, given.input.fromDateTime, zone)!.value.toMillis();
        if (given.input.duration !== HOUR || start !== from || values.length * HOUR !== to - from)
          throw invalidArgument(
            `${given.path}.dataSeries`,
            `${values.length} values`,
            `Dated PV output is hourly (duration 3600000) over year one exactly: from ${new Date(from).toISOString()}, ${(to - from) / HOUR} values`,
          );
        hourly = values;
      }
      return {
        values: onGrid(hourly),
        station: null,
        assumptions: [
          note(
            'solarProduction',
            null,
            `PV output as given (${values.length} hourly values${given.input.fromDateTime === undefined ? ", a typical year placed on year one's dates in standard time" : ''})`,
            null,
            null,
            100,
          ),
        ],
      };
    }
    const source = await this.sources.solarProfile(plan, account, request.orgId);
    if (source) {
      const read = await this.sources.production(source, plan, from, to, memo);
      return { values: onGrid(read.hourly), station: read.station, assumptions: read.assumptions };
    }
    if (plan.pv.sizePath === null)
      throw missingArgument(
        'propertyInputs',
        `The analysis needs the PV system: systemSize (kW DC) or solarPvLoadOffset (percent of the usage), or its output as solarProduction${account ? ', or a profile of the account tagged solar (the account has no SOLAR_PV profile)' : ''}`,
      );
    const station = await this.sources.stationOf(zip, memo);
    const perKw = solarOnDates(await this.solar.perKw(station, plan.pv.system), station.station.utcOffset, from, to);
    const yieldPerKw = sum(perKw);
    const size =
      plan.pv.offsetPercent !== null
        ? ((plan.pv.offsetPercent / 100) * sum(usage.values)) / yieldPerKw
        : plan.pv.system.systemCapacity;
    const s = plan.pv.system;
    const assumptions = [
      note(
        'weatherStation',
        station.station.stationId,
        `Weather of ${station.station.name} (${station.station.stationId}, ${Math.round(station.distanceKm)} km away, climate zone ${station.station.climateZone ?? 'unknown'}${station.sameZone ? ", the place's" : ", not the place's: no station of its zone has a file"})`,
        null,
        null,
        station.distanceKm < 50 ? 90 : 75,
      ),
      note(
        'systemSize',
        size.toFixed(3),
        `${size.toFixed(2)} kW DC${plan.pv.offsetPercent !== null ? ` (sized to make ${plan.pv.offsetPercent} % of the year's usage)` : ''}: ${s.moduleType}, ${s.arrayType}, tilt ${s.tilt}, azimuth ${s.azimuth}, losses ${s.losses} %, DC/AC ${s.dcAcRatio}, inverter ${s.inverterEfficiency} %; ${Math.round(yieldPerKw)} kWh per kW in year one (PVWatts model)`,
        null,
        null,
        90,
      ),
      note(
        'solarDegradation',
        String(plan.degradation * 100),
        `Output falls ${(plan.degradation * 100).toFixed(2)} % a year`,
        null,
        null,
        90,
      ),
    ];
    if (!(size > 0 && size <= 500_000))
      throw invalidArgument(plan.pv.sizePath, size.toFixed(3), 'The PV system comes to more than 500 MW DC');
    return { values: onGrid(perKw.map((v) => v * size)), station, assumptions };
  }

  /** Assumptions of the whole analysis: the term, the escalation, year one. */
  private common(plan: AnalysisPlan, at: (ms: number) => string, from: number, to: number): Assumption[] {
    return [
      note('projectDuration', String(plan.years), `A term of ${plan.years} years from ${at(from)}`, null, null, 100),
      note(
        'rateInflation',
        String(plan.utilityInflation * 100),
        plan.utilityInflation === 0
          ? "Utility rates held at year one's through the term (no rateInflation given for before,after)"
          : `Utility bills rise ${(plan.utilityInflation * 100).toFixed(2)} % a year`,
        null,
        null,
        plan.utilityInflation === 0 ? 50 : 90,
      ),
      note(
        'yearOne',
        null,
        "Year one is billed month by month on the tariffs in effect then; later years are year one's bills escalated, the after bill billed again with each year's degraded output",
        at(from),
        at(to),
        90,
      ),
    ];
  }
}

function series(usage: Usage, values: ArrayLike<number>): UsageSeries {
  return { keyName: 'consumption', from: usage.from, duration: usage.duration, values, exports: null };
}

function sum(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
}

function stripScenarios(p: Static<typeof AnalysisPropertyInput>) {
  const { scenarios: _s, ...rest } = p;
  return rest;
}

function solarPriceNote(plan: AnalysisPlan): Assumption[] {
  const p = plan.price;
  if (p.perKwh === 0 && p.perMonth === 0 && p.perYear === 0 && p.once === 0)
    return [
      note(
        'solarRate',
        '0',
        'No price of solar given (rate inputs tagged solar): the system costs nothing in this analysis, so the savings are the utility savings',
        null,
        null,
        50,
      ),
    ];
  return [
    note(
      'solarRate',
      null,
      `Solar costs ${[p.perKwh && `${p.perKwh} $/kWh`, p.perMonth && `${p.perMonth} $/month`, p.perYear && `${p.perYear} $/year`, p.once && `${p.once} $ once`].filter(Boolean).join(' + ')}, rising ${(plan.solarInflation * 100).toFixed(2)} % a year (not the one-time price)`,
      null,
      null,
      100,
    ),
  ];
}

/** The bill's own assumptions, as the answer carries them. */
function billAssumptions(bill: PreparedBill, result: BillResult): Assumption[] {
  return bill.format({ ...result, items: [] }, undefined, false).assumptions;
}

/** An error from a scenario's bill names the analysis's input, not the bill's position of it. */
function renamed(
  e: unknown,
  props: readonly Placed<unknown>[],
  rates: readonly Placed<unknown>[],
  tariffPath: string | undefined,
): unknown {
  if (!(e instanceof ApiError) || (e.statusCode !== 400 && e.statusCode !== 404)) return e;
  const name = e.item.propertyName ?? '';
  const fixed = name
    .replace(/^propertyInputs\[(\d+)\]/, (_, k: string) => props[Number(k)]?.path ?? `propertyInputs[${k}]`)
    .replace(/^rateInputs\[(\d+)\]/, (_, k: string) => rates[Number(k)]?.path ?? `rateInputs[${k}]`)
    .replace(/^masterTariffId$/, tariffPath ?? 'masterTariffId');
  if (fixed === name) return e;
  e.item.propertyName = fixed;
  return e;
}

function summaryOf(p: Projection, years: number, afterMonths: readonly MonthDetail[]): Record<string, number> {
  const [b, a, s] = [p.year.before[0]!, p.year.after[0]!, p.year.solar[0]!];
  const round = (x: number) => Math.round(x * 100) / 100;
  const kwh = (x: number) => Math.round(x * 1000) / 1000;
  const netAvoidedCost = round(b.cost - a.cost - s.cost);
  return {
    preTotalCost: b.cost,
    postTotalCost: a.cost,
    totalSolarCost: s.cost,
    netAvoidedCost,
    netAvoidedCostPctOffset: b.cost === 0 ? 0 : round((100 * netAvoidedCost) / b.cost),
    preTotalKWh: kwh(b.qty),
    postTotalKWh: kwh(a.qty),
    totalSolarKWh: kwh(s.qty),
    netAvoidedKWh: kwh(b.qty - a.qty),
    netAvoidedKWhPctOffset: b.qty === 0 ? 0 : round((100 * (b.qty - a.qty)) / b.qty),
    postImportedKWh: kwh(afterMonths.reduce((x, m) => x + m.importedKWh, 0)),
    postExportedKWh: kwh(afterMonths.reduce((x, m) => x + m.exportedKWh, 0)),
    lifetimeWithoutCost: p.all.before.cost,
    lifetimeWithCost: p.all.after.cost,
    lifetimeSolarCost: p.all.solar.cost,
    lifetimeAvoidedCost: p.all.savings.cost,
    lifetimeSolarKWh: kwh(p.all.solar.qty),
    projectDuration: years,
  };
}

const LABELS: Record<string, string> = {
  before: 'Utility bill without solar',
  after: 'Utility bill with solar',
  solar: 'Cost of solar',
  savings: 'Savings',
};
const PERIOD_LABELS: Record<string, string> = { MONTH: 'by month of year one', YEAR: 'by year', ALL: 'over the term' };

function shapeAnswer(
  p: Projection,
  designId: string | null,
  at: (ms: number) => string,
  beforeMonths: readonly MonthDetail[],
  afterMonths: readonly MonthDetail[],
): AccountAnalysis {
  const answer: AccountAnalysis = {
    designId,
    currency: 'USD',
    summary: {},
    scenarios: [],
    series: [],
    seriesData: [],
    weatherStation: null,
  };
  const rate = (qty: number, cost: number) => (qty === 0 ? null : Math.round((cost / qty) * 1e6) / 1e6);
  let id = 0;
  for (const period of ['MONTH', 'YEAR', 'ALL'] as const) {
    for (const scenario of SERIES_SCENARIOS) {
      const measures =
        period === 'MONTH' ? p.month[scenario] : period === 'YEAR' ? p.year[scenario] : [p.all[scenario]];
      const seriesId = ++id;
      const qty = measures.reduce((s, m) => s + m.qty, 0);
      const cost = Math.round(measures.reduce((s, m) => s + m.cost, 0) * 100) / 100;
      answer.series.push({
        seriesId,
        scenario,
        seriesPeriod: period,
        seriesDuration: measures.length,
        displayLabel: `${LABELS[scenario]}, ${PERIOD_LABELS[period]}`,
        designId,
        key: null,
        fromDateTime: at(measures[0]!.from),
        toDateTime: at(measures.at(-1)!.to),
        rate: rate(qty, cost),
        qty: Math.round(qty * 1000) / 1000,
        cost,
      });
      measures.forEach((m, k) => {
        const detail =
          period === 'MONTH' && (scenario === 'before' || scenario === 'after')
            ? (scenario === 'before' ? beforeMonths : afterMonths)[k]!
            : null;
        answer.seriesData.push({
          seriesId,
          fromDateTime: at(m.from),
          toDateTime: at(m.to),
          rate: rate(m.qty, m.cost),
          qty: Math.round(m.qty * 1000) / 1000,
          cost: m.cost,
          ...(detail
            ? { importedKWh: detail.importedKWh, exportedKWh: detail.exportedKWh, charges: detail.charges }
            : {}),
        });
      });
    }
  }
  return answer;
}
