// The savings analysis: what a customer pays the utility before solar and after it, and for it, over the term. The
// service only wires the steps of analysis/, each a file with one job: the account and the place, the plans of the
// request and its designs, year one, the before bill, the usage, then for each design its PV output, the years of
// its term, their bills after solar, the projection and the answer. Year one is billed in full on the real tariffs
// (monthly bills from the start of year one, taxes of the address, the after tariff's export arrangement); later
// years escalate the bills and degrade the PV (engine/savings), each year's after bill billed again with that year's
// output and, under net billing at hourly export prices, that year's prices. Incentives in effect when the system is
// bought lower a purchase's one-time price. Up to 20 designs share the usage, the place and the before bill.
import { sharedTermCalendar } from '../../engine/savings/term-calendar.ts';
import type { BillResult } from '../../engine/bill/types.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { RequestCache } from '../calculations/request-cache.ts';
import type { CalculationsService } from '../calculations/calculations.service.ts';
import type { PreparedBill } from '../calculations/scenario-preparation.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { IncentivesService } from '../incentives/incentives.service.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { AccountStep } from './analysis/account.ts';
import { AfterTariff, type AfterTariffChoice } from './analysis/after-tariff.ts';
import { IncentivesStep } from './analysis/incentives.ts';
import { usageSeries } from './analysis/after-year-input.ts';
import { billAfterYears } from './analysis/after-years.ts';
import { exportYearsOf } from './analysis/export-years.ts';
import { addExportPeriods, answerOf } from './analysis/answer.ts';
import { exportPeriods } from '../../engine/savings/export-periods.ts';
import { BeforeTariff } from './analysis/before-tariff.ts';
import { PlaceStep } from './analysis/place.ts';
import { plansOf, type DesignPlan } from './analysis/plan.ts';
import { ProductionStep } from './analysis/production.ts';
import { ProfileSources } from './analysis/profile-source.ts';
import { projectDesign } from './analysis/projection.ts';
import { assumeNetMetering, ScenarioBills } from './analysis/scenario-bills.ts';
import { termYears } from './analysis/term-years.ts';
import type { AccountAnalysis, Assumption, BillRequest, Body, Memo, Usage } from './analysis/types.ts';
import { UsageStep } from './analysis/usage.ts';
import { addStorage } from './analysis/storage-answer.ts';
import { billStorageYears } from './analysis/storage-years.ts';
import type { OptimiserLanes, OptimiserThreads } from '../storage/optimiser-threads.ts';
import { YearOneStep } from './analysis/year-one.ts';

export type { AccountAnalysis };

/** What every design of a request shares once the before scenario is billed. */
interface Shared {
  request: BillRequest;
  beforeId: number;
  before: { bill: PreparedBill; result: BillResult };
  usage: Usage;
  memo: Memo;
  accountNotes: Assumption[];
  /** The after tariff each kind of design's inputs leads to, chosen once per request. */
  afterChoices: Map<string, Promise<AfterTariffChoice>>;
  /**
   * BILL_OPTIMAL's lanes for the request (nothing is made until a design sends them a program): each keeps its billing
   * periods' programs, so every later year and design on it starts from the optimum of the one before (#38's speed).
   */
  lanes: OptimiserLanes;
}

export class SavingsService {
  private readonly account: AccountStep;
  private readonly place: PlaceStep;
  private readonly profileSources: ProfileSources;
  private readonly yearOne: YearOneStep;
  private readonly beforeTariff: BeforeTariff;
  private readonly bills: ScenarioBills;
  private readonly usage: UsageStep;
  private readonly production: ProductionStep;
  private readonly afterTariff: AfterTariff;
  private readonly incentives: IncentivesStep;

  constructor(
    calculations: CalculationsService,
    zipcodes: ZipcodesService,
    tariffs: TariffsService,
    baselines: BaselinesService,
    solar: SolarService,
    now: () => Date,
    accounts: AccountsService,
    profiles: ProfilesService,
    incentives: IncentivesService,
    private readonly optimiser: OptimiserThreads,
  ) {
    this.account = new AccountStep(accounts);
    this.place = new PlaceStep(zipcodes);
    this.profileSources = new ProfileSources(profiles);
    this.yearOne = new YearOneStep(profiles, now);
    this.beforeTariff = new BeforeTariff(accounts, tariffs, now);
    this.bills = new ScenarioBills(calculations);
    this.afterTariff = new AfterTariff(tariffs);
    this.incentives = new IncentivesStep(incentives);
    this.usage = new UsageStep({ profiles, baselines });
    this.production = new ProductionStep({ profiles, accounts, zipcodes, solar }, this.profileSources);
  }

  async analysis(body: Body, orgId: number | null): Promise<AccountAnalysis[]> {
    const account = await this.account.of(body, orgId);
    const zip = await this.place.of(body, account);
    const { given, plan, designs, all } = plansOf(body, account);
    // What the account stands in for: said in the before scenario's assumptions.
    const { tariffClass, notes: accountNotes } = account
      ? this.account.standIn(account, body, zip, given.properties, plan, all)
      : { tariffClass: plan.customerClass as string, notes: [] };
    const usageProfile = await this.profileSources.usage(plan, account, orgId);
    // Every scenario is billed over the same year one, on tariff data read once for the request.
    const yearOne = await this.yearOne.of(body, plan, zip, usageProfile, accountNotes);
    const request: BillRequest = { body, zip, orgId, account, yearOne, cache: new RequestCache() };
    const beforeId = await this.beforeTariff.of(request, plan, tariffClass, accountNotes);
    const beforeBill = await this.bills.prepare(request, plan, 'before', beforeId, null);
    const { from, to } = beforeBill.input;
    const usage = await this.usage.of(
      plan,
      usageProfile,
      account,
      { zip, zone: beforeBill.tariff.zone, from, to },
      body.useIntelligentBaselining === true,
    );
    const memo: Memo = { stations: new Map(), pv: new Map(), calendars: new Map(), afterBills: new Map() };
    const before = {
      bill: beforeBill,
      result: beforeBill.run({ ...beforeBill.input, series: [usageSeries(usage, usage.values)] }),
    };
    const lanes = this.optimiser.open();
    const shared: Shared = { request, beforeId, before, usage, memo, accountNotes, afterChoices: new Map(), lanes };
    // One design at a time: their bills share the tariffs' data, and the answers keep the order of the designs.
    const results: AccountAnalysis[] = [];
    try {
      for (const design of designs) results.push(await this.design(shared, design));
    } finally {
      lanes.close();
    }
    return results;
  }

  private async design(shared: Shared, { designId, plan }: DesignPlan): Promise<AccountAnalysis> {
    const { request, before, usage, memo } = shared;
    const choiceKey = JSON.stringify([plan.tariff.after?.id, plan.exports.arrangement]);
    if (!shared.afterChoices.has(choiceKey))
      shared.afterChoices.set(choiceKey, this.afterTariff.of(plan, before.bill, request.yearOne.from));
    const afterChoice = await shared.afterChoices.get(choiceKey)!;
    const afterId = afterChoice.masterTariffId;
    const after = this.bills.after(request, plan, afterId, memo);
    const afterBill = await after.bill;
    const assumedExports = assumeNetMetering(plan, afterBill);
    const { from, to, zone } = before.bill.input;
    const pv = await this.production.of(request, plan, zone, from, to, usage, memo);
    const calendar = sharedTermCalendar(memo.calendars, zone, from, to, plan.years);
    // The incentives of the place in effect when the system is bought (year one's start) lower its one-time price.
    const incentives = await this.incentives.of(plan, request, afterBill.tariff.lseId, from, zone);
    const priced = { ...plan, price: incentives.price };
    // Each year's energy, one at a time; with a battery each year is dispatched and billed by the storage step.
    const years = termYears(usage, pv.values, plan.years, plan.degradation);
    const storage = plan.storage;
    const lanes = storage?.strategy === 'BILL_OPTIMAL' ? shared.lanes : undefined;
    const prices = await exportYearsOf(after, afterBill, plan.years, plan.utilityInflation);
    const storageYears = storage
      ? await billStorageYears(afterBill, usage, years, storage, lanes, prices, pv.dc)
      : null;
    const afterYears = storageYears ?? billAfterYears(after, afterBill, usage, years, prices);
    const answer = answerOf({
      designId,
      plan,
      span: { from, to, at: calendar.at },
      projected: projectDesign(priced, calendar, usage, pv.values, before.result, afterYears),
      incentiveNotes: incentives.notes,
      before,
      after: {
        bill: afterBill,
        result: afterYears.yearOne,
        tariffId: afterId,
        assumedExports,
        chosen: afterChoice.noted,
      },
      usage,
      pv,
      accountNotes: shared.accountNotes,
      populateCosts: Boolean(request.body.populateCosts),
    });
    addExportPeriods(
      answer,
      exportPeriods(afterYears.grid, afterYears.yearOne, afterYears.yearOneSent, calendar.months),
    );
    if (storage && storageYears)
      addStorage(answer, { ...plan, storage }, storageYears, { from, to, at: calendar.at }, calendar.months, usage);
    return answer;
  }
}
