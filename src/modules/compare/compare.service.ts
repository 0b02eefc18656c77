// The tariff comparison (Ratebook extension, issue #40): which tariff is cheapest for one customer. The customer is a
// stored account (its place, class, properties, tariff and readings) or a place and usage sent inline. The year of
// usage, the PV output and the battery are read by the savings analysis's own steps (one reading of the inputs, one
// PVWatts, one storage engine); every candidate tariff (candidates.ts) is checked for eligibility (eligibility.ts)
// and billed over that year by the calculation engine exactly as POST /rest/v1/ondemand/calculate bills it
// (prepareBill, then run, then format), so each annual cost equals the on-demand calculation of the same usage;
// ranking.ts makes the answer of the bills.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { BillResult } from '../../engine/bill/types.ts';
import { monthFigures } from '../../engine/savings/month-figures.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { ApiError } from '../../http/errors.ts';
import type { AccountRef } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { RequestCache } from '../calculations/request-cache.ts';
import type { CalculationsService } from '../calculations/calculations.service.ts';
import type { PreparedBill } from '../calculations/scenario-preparation.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { usageSeries } from '../savings/analysis/after-year-input.ts';
import { AccountStep } from '../savings/analysis/account.ts';
import { BeforeTariff } from '../savings/analysis/before-tariff.ts';
import { PlaceStep } from '../savings/analysis/place.ts';
import { plansOf } from '../savings/analysis/plan.ts';
import { ProductionStep } from '../savings/analysis/production.ts';
import { ProfileSources } from '../savings/analysis/profile-source.ts';
import { assumeNetMetering, renamed } from '../savings/analysis/scenario-bills.ts';
import { batteryOf } from '../savings/analysis/storage-years.ts';
import {
  note,
  zoneOf,
  type AccountSource,
  type Assumption,
  type BillRequest,
  type Body as AnalysisBody,
  type Memo,
} from '../savings/analysis/types.ts';
import { UsageStep } from '../savings/analysis/usage.ts';
import { YearOneStep } from '../savings/analysis/year-one.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { candidatesOf } from './candidates.ts';
import { analysisInputs } from './compare-inputs.ts';
import type { CompareBody, TariffComparisonSchema } from './compare.schemas.ts';
import { eligibilityOf } from './eligibility.ts';
import { evNote, storageNote } from './compare-assumptions.ts';
import { rank, type Billed, type Identity } from './ranking.ts';
import { evLoad, readEv, type EvPlan } from './ev-load.ts';

export type Body = Static<typeof CompareBody>;
/** Inputs of the request itself: a bill failing on one of them fails the comparison (a 400 naming it). */
const REQUEST_INPUT = /^(propertyInputs|rateInputs|address|applyUtilityTax|masterTariffId)/;
export type TariffComparison = Static<typeof TariffComparisonSchema>;

export class CompareService {
  private readonly account: AccountStep;
  private readonly place: PlaceStep;
  private readonly profileSources: ProfileSources;
  private readonly yearOne: YearOneStep;
  private readonly usage: UsageStep;
  private readonly production: ProductionStep;
  private readonly currentTariff: BeforeTariff;

  constructor(
    private readonly calculations: CalculationsService,
    private readonly tariffs: TariffsService,
    private readonly accounts: AccountsService,
    zipcodes: ZipcodesService,
    baselines: BaselinesService,
    solar: SolarService,
    profiles: ProfilesService,
    now: () => Date,
  ) {
    this.account = new AccountStep(accounts);
    this.place = new PlaceStep(zipcodes);
    this.profileSources = new ProfileSources(profiles);
    this.yearOne = new YearOneStep(profiles, now);
    this.usage = new UsageStep({ profiles, baselines });
    this.production = new ProductionStep({ profiles, accounts, zipcodes, solar }, this.profileSources);
    this.currentTariff = new BeforeTariff(accounts, tariffs, now);
  }

  /** The comparison of a stored account (`ref`, of the caller's organization: another's is a 404), or inline (null). */
  async compare(ref: AccountRef | null, body: Body, orgId: number): Promise<TariffComparison> {
    const source = ref && (await this.sourceOf(ref, orgId));
    const ev = readEv(body.propertyInputs ?? []);
    const analysis: AnalysisBody = {
      ...analysisInputs(body),
      ...(source ? { [source.field]: source.value } : {}),
    };
    const { given, plan, all } = plansOf(analysis, source);
    if (body.masterTariffId !== undefined) plan.tariff.before = { id: body.masterTariffId, path: 'masterTariffId' };
    const zip = await this.place.of(analysis, source);
    const { tariffClass, notes } = source
      ? this.account.standIn(source, analysis, zip, given.properties, plan, all)
      : { tariffClass: plan.customerClass as string, notes: [] as Assumption[] };

    // The year and its usage, as the savings analysis reads them.
    const usageProfile = await this.profileSources.usage(plan, source, orgId);
    const year = await this.yearOne.of(analysis, plan, zip, usageProfile, notes);
    const zone = zoneOf(zip);
    const from = dateTimeParam('fromDateTime', year.from, zone)!.value.toMillis();
    const to = dateTimeParam('fromDateTime', year.to, zone)!.value.toMillis();
    const at = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
    const request: BillRequest = {
      body: analysis,
      zip,
      orgId,
      account: source,
      yearOne: { from: at(from), to: at(to) },
      cache: new RequestCache(),
    };
    const usage = await this.usage.of(
      plan,
      usageProfile,
      source,
      { zip, zone, from, to },
      body.useIntelligentBaselining === true,
    );
    const memo: Memo = { stations: new Map(), pv: new Map(), calendars: new Map(), afterBills: new Map() };
    const hasPv =
      plan.pv.production !== null ||
      plan.pv.sizePath !== null ||
      (await this.profileSources.solar(plan, source, orgId)) !== null;
    const pv = hasPv ? await this.production.of(request, plan, zone, from, to, usage, memo) : null;
    const evValues = ev && evLoad(ev, zone, from, to, usage.duration);
    const load = usage.values.map((v, i) => v + (evValues?.[i] ?? 0));
    const net = load.map((v, i) => v - (pv?.values[i] ?? 0));

    const shared: Assumption[] = [
      ...notes,
      note('usage', usage.dataValue, usage.noted, at(from), at(to), usage.accuracy),
      ...usage.more,
      ...(pv?.assumptions.filter((a) => a.keyName !== 'solarDegradation') ?? []),
      ...(ev ? [evNote(ev, sum(evValues!), at(from), at(to))] : []),
      ...(plan.storage ? [storageNote(plan.storage, at(from), at(to))] : []),
    ];

    // The candidates, and who may take them.
    const currentId = await this.currentTariff.of(request, plan, tariffClass, shared);
    const candidates = await candidatesOf(
      this.tariffs,
      {
        zipCode: zip.zipcode,
        customerClass: tariffClass,
        firstDay: DateTime.fromMillis(from, { zone }).toISODate()!,
        lastDay: DateTime.fromMillis(to - 1, { zone }).toISODate()!,
      },
      orgId,
    );
    const answers = answersOf(plan.billProperties.before, tariffClass, ev);
    const judged = candidates.map((c) => ({ c, e: eligibilityOf(c.properties, answers) }));

    // Every tariff billed over the same year; the current one first, its failure being the request's.
    const months = monthEdges(from, to, zone);
    const billOne = async (masterTariffId: number): Promise<Billed> => {
      const prepared = await this.prepare(request, plan, masterTariffId, pv !== null, body.applyUtilityTax);
      const notes: Assumption[] = [];
      if (pv && assumeNetMetering(plan, prepared))
        notes.push(
          note(
            'exportArrangement',
            'NET_METERING',
            `Tariff ${masterTariffId} names no export arrangement: net metering is assumed (give exportArrangement to choose another)`,
            at(from),
            at(to),
            50,
          ),
        );
      const { result, metered } = await this.run(prepared, plan, usage, load, net, pv?.values ?? null);
      const cost = prepared.format(result, undefined, false);
      return {
        identity: identityOf(prepared),
        cost,
        notes,
        months: body.populateMonths
          ? monthFigures(result, metered, usage, months).map((m) => ({
              fromDateTime: at(m.period.from),
              toDateTime: at(m.period.to),
              kWh: m.kwh,
              cost: Math.round(m.cost * 100) / 100 + 0,
            }))
          : undefined,
      };
    };
    const current = await billOne(currentId).catch((e: unknown) => {
      // A current tariff that cannot bill the year (closed before it, say) leaves the others to compare, without
      // savings; a bad input of the request is the request's 400.
      if (!(e instanceof ApiError) || e.statusCode !== 400 || REQUEST_INPUT.test(e.item.propertyName ?? '')) throw e;
      return e;
    });
    const billed = new Map<number, Billed | ApiError>([[currentId, current]]);
    // The others at once: their tariff data is read from the database while another's year is billed.
    const others = judged.filter(({ c, e }) => e.status !== 'INELIGIBLE' && !billed.has(c.masterTariffId));
    const bills = await Promise.all(
      others.map(({ c }) =>
        billOne(c.masterTariffId).catch((err: unknown) => {
          if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
          return err;
        }),
      ),
    );
    others.forEach(({ c }, k) => {
      billed.set(c.masterTariffId, bills[k]!);
    });

    const ranking = rank({
      judged,
      billed,
      currentId,
      currentIdentity: current instanceof ApiError ? await this.identityOfId(currentId, request) : null,
      notACandidate: note(
        'masterTariffId',
        String(currentId),
        `The current tariff is not among the ${tariffClass} tariffs open at ZIP code ${zip.zipcode} throughout the year (closed, of another class or another utility): it is billed and ranked, its eligibility not checked`,
        at(from),
        at(to),
        80,
      ),
    });
    return {
      fromDateTime: at(from),
      toDateTime: at(to),
      zipCode: zip.zipcode,
      customerClass: tariffClass,
      currentMasterTariffId: currentId,
      usageKWh: round3(sum(load)),
      netKWh: round3(sum(net)),
      ...ranking,
      assumptions: shared,
    };
  }

  /** Who a tariff is, when its bill could not be made: from the request's tariff data (read once). */
  private async identityOfId(masterTariffId: number, request: BillRequest): Promise<Identity> {
    const tariff = await request.cache.tariffs.get(masterTariffId);
    const version = tariff?.versions.at(-1);
    return {
      masterTariffId,
      tariffId: version?.tariffId ?? masterTariffId,
      tariffCode: null,
      tariffName: tariff?.tariffName ?? String(masterTariffId),
      tariffType: null,
      lseId: tariff?.lseId ?? 0,
      lseName: tariff?.lseName ?? null,
    };
  }

  private async sourceOf(ref: AccountRef, orgId: number): Promise<AccountSource> {
    const account = await this.accounts.load(ref, orgId);
    return 'accountId' in ref
      ? { account, field: 'accountId', value: ref.accountId }
      : { account, field: 'providerAccountId', value: ref.providerAccountId };
  }

  /** A tariff's bill made ready over the year, as the on-demand calculation makes it (monthly bills from the start). */
  private async prepare(
    request: BillRequest,
    plan: ReturnType<typeof plansOf>['plan'],
    masterTariffId: number,
    withPv: boolean,
    applyUtilityTax: boolean | undefined,
  ): Promise<PreparedBill> {
    const props = plan.billProperties.before;
    const { arrangement, trueUpMonth, yearEndSellRate, yearEndCreditPaid } = plan.exports;
    try {
      return await this.calculations.prepareBill(
        {
          fromDateTime: request.yearOne.from,
          toDateTime: request.yearOne.to,
          billingPeriod: true,
          address: { ...request.body.address, zip: request.zip.zipcode },
          applyUtilityTax: applyUtilityTax ?? true,
        },
        {
          masterTariffId,
          propertyInputs: props.map((p) => ({ ...p.input, scenarios: undefined })),
          ...(withPv ? { exportArrangement: arrangement, trueUpMonth, yearEndSellRate, yearEndCreditPaid } : {}),
        },
        request.orgId,
        false,
        request.cache,
      );
    } catch (e) {
      throw renamed(e, props, [], 'masterTariffId');
    }
  }

  /** The year billed on a prepared tariff: the net load, or with a battery the load and PV dispatched by engine/storage. */
  private async run(
    prepared: PreparedBill,
    plan: ReturnType<typeof plansOf>['plan'],
    grid: { from: number; duration: number },
    load: Float64Array,
    net: Float64Array,
    pv: Float64Array | null,
  ): Promise<{ result: BillResult; metered: ArrayLike<number> }> {
    if (!plan.storage) {
      const input = { ...prepared.input, series: [usageSeries(grid, net)] };
      return { result: prepared.run(input), metered: net };
    }
    const input = { ...prepared.input, series: [usageSeries(grid, load)] };
    const solar = pv && {
      from: grid.from,
      duration: grid.duration,
      values: pv,
      side: 'AC' as const,
      dcToAcEfficiency: 1,
      inverterAcKw: null,
    };
    const r = await prepared.runStorage(input, {
      battery: batteryOf(plan.storage, 0),
      solar,
      strategy: plan.storage.strategy,
      schedule: null,
    });
    return { result: r.bill, metered: r.dispatch.net };
  }
}

/** The customer's answers to applicability keys: the bills' property inputs (the request's, then the account's), its class, and an EV when one is added. */
function answersOf(
  props: readonly { input: { keyName: string; dataValue?: unknown } }[],
  customerClass: string,
  ev: EvPlan | null,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of props) {
    const v = p.input.dataValue;
    if (v !== null && v !== undefined && !out.has(p.input.keyName)) out.set(p.input.keyName, String(v));
  }
  if (!out.has('customerClass')) out.set('customerClass', customerClass);
  if (ev && ev.annualKwh > 0 && !out.has('hasElectricVehicle')) out.set('hasElectricVehicle', 'true');
  return out;
}

/** A tariff billed that is not a candidate (the current one): who it is, from its latest version in the year. */
function identityOf(prepared: PreparedBill): Identity {
  const { tariff, input } = prepared;
  const version = input.versions.at(-1)!;
  return {
    masterTariffId: tariff.masterTariffId,
    tariffId: version.tariffId,
    tariffCode: null,
    tariffName: tariff.tariffName,
    tariffType: null,
    lseId: tariff.lseId,
    lseName: tariff.lseName,
  };
}

/** The 13 edges of the year's months (local), the last the year's end. */
function monthEdges(from: number, to: number, zone: string): number[] {
  const start = DateTime.fromMillis(from, { zone });
  const out: number[] = [];
  for (let k = 0; k < 12; k++) out.push(start.plus({ months: k }).toMillis());
  out.push(to);
  return out;
}

const sum = (v: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]!;
  return s;
};
const round3 = (x: number) => Math.round(x * 1000) / 1000 + 0;
