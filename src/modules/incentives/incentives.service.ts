// Incentives: the lists (incentives, and the questions they ask) filtered by place, LSE or territory, class,
// project and incentive type, dates and funds; one incentive by its master id; and the incentives a savings
// analysis applies to a project (applicableTo). Answers to the questions arrive as query parameters named by
// their keys (the original's applicability values) and set each incentive's eligibility.
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions, Paging } from '../../http/list-options.ts';
import { csvList, enumList } from '../../http/list-params.ts';
import { INCENTIVE_TYPES, PROJECT_TYPES } from '../../data/starter/incentives.data.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { answersOf, checkAnswers, eligibilityOf, type Answers } from './eligibility.ts';
import {
  IncentivesRepository,
  type ApplicabilityRow,
  type IncentiveFilters,
  type IncentiveReach,
  type IncentiveRow,
} from './incentives.repository.ts';
import {
  INCENTIVE_CUSTOMER_CLASSES,
  type IncentiveApplicabilityListQuery,
  type IncentiveApplicabilitySchema,
  type IncentiveSchema,
} from './incentives.schemas.ts';

export type Incentive = Static<typeof IncentiveSchema>;
export type IncentiveApplicability = Static<typeof IncentiveApplicabilitySchema>;
export type IncentiveQuery = Static<typeof IncentiveApplicabilityListQuery> & Record<string, unknown>;

/** What a savings analysis asks: the incentives a project of one kind can get at one place on one day. */
export interface ProjectQuery {
  zip: { zipcode: string; state: string | null; county: string | null; city: string | null };
  /** The LSE of the customer's tariff, when known (else the LSEs serving the ZIP code). */
  lseId: number | null;
  customerClass: string;
  projectType: string;
}

export interface ApplicableIncentive {
  row: IncentiveRow;
  questions: ApplicabilityRow[];
}

const STATE = /^[A-Za-z]{2}$/;

export class IncentivesService {
  readonly repo: IncentivesRepository;

  constructor(
    db: Db,
    private readonly zipcodes: ZipcodesService,
    private readonly territories: TerritoriesRepository,
  ) {
    this.repo = new IncentivesRepository(db);
  }

  async list(query: IncentiveQuery, options: ListOptions): Promise<{ rows: Incentive[]; total: number }> {
    const filters = await this.filtersOf(query);
    const answers = await this.answersOf(query);
    const { rows, total } = await this.repo.list(filters, options);
    const questions = await this.repo.applicabilitiesOf(rows.map((r) => r.incentive_id));
    return { rows: rows.map((r) => toIncentive(r, questions.get(r.incentive_id)!, answers)), total };
  }

  /** A master incentive: its version in effect on effectiveOn, else its latest. */
  async get(masterIncentiveId: number, query: { effectiveOn?: string } & Record<string, unknown>): Promise<Incentive> {
    const on = dateOf('effectiveOn', query.effectiveOn);
    const versions = await this.repo.versions(masterIncentiveId);
    const row = on
      ? versions.find((v) => (v.start_date === null || v.start_date <= on) && (v.end_date === null || v.end_date > on))
      : versions[0];
    if (!row) {
      // The incentive exists, but no version of it was in effect that day (ended, or not begun).
      if (versions.length && on) throw notFound('Incentive', 'effectiveOn', on);
      throw notFound('Incentive', 'masterIncentiveId', masterIncentiveId);
    }
    const answers = await this.answersOf(query);
    const questions = (await this.repo.applicabilitiesOf([row.incentive_id])).get(row.incentive_id)!;
    return toIncentive(row, questions, answers);
  }

  /** The distinct questions of the matching incentives (the first incentive's wording of each key), paged. */
  async applicabilities(
    query: IncentiveQuery,
    paging: Paging,
  ): Promise<{ rows: IncentiveApplicability[]; total: number }> {
    const ids = await this.repo.ids(await this.filtersOf(query));
    const byIncentive = await this.repo.applicabilitiesOf(ids);
    const byKey = new Map<string, ApplicabilityRow>();
    for (const id of ids)
      for (const q of byIncentive.get(id)!) if (!byKey.has(q.applicability_key)) byKey.set(q.applicability_key, q);
    const all = [...byKey.values()].map(toApplicability);
    return { rows: all.slice(paging.pageStart, paging.pageStart + paging.pageCount), total: all.length };
  }

  /**
   * The incentives of a kind of project at a place for a class, with their questions, whatever their dates: the
   * analysis applies those in effect on the day of purchase and says why the others (ended, not yet begun) were not.
   */
  async ofProject(q: ProjectQuery): Promise<ApplicableIncentive[]> {
    const lseIds = q.lseId === null ? await this.repo.lsesServing(q.zip) : [q.lseId];
    const rows = await this.repo.all({
      reach: { state: q.zip.state, lseIds },
      customerClasses: [q.customerClass],
      projectTypes: [q.projectType],
      incentiveTypes: [],
    });
    const questions = await this.repo.applicabilitiesOf(rows.map((r) => r.incentive_id));
    return rows.map((row) => ({ row, questions: questions.get(row.incentive_id)! }));
  }

  /** The answers among the query's parameters, each checked against every question of its key (400 naming it). */
  private async answersOf(query: Record<string, unknown>): Promise<Answers> {
    const answers = answersOf(query, await this.repo.applicabilityKeys());
    checkAnswers(await this.repo.questionsOf([...answers.keys()]), answers);
    return answers;
  }

  private async filtersOf(q: IncentiveQuery): Promise<IncentiveFilters> {
    const effectiveOn = dateOf('effectiveOn', q.effectiveOn);
    let from = dateOf('fromDate', q.fromDate);
    let to = dateOf('toDate', q.toDate);
    if (from && to && to < from) throw invalidArgument('toDate', q.toDate, 'toDate must not be before fromDate');
    if (effectiveOn) {
      if (from || to)
        throw invalidArgument('effectiveOn', q.effectiveOn, 'Give effectiveOn, or fromDate and/or toDate, not both');
      from = effectiveOn;
      to = effectiveOn;
    }
    return {
      reach: await this.reachOf(q),
      customerClasses: enumList('customerClasses', q.customerClasses, INCENTIVE_CUSTOMER_CLASSES),
      projectTypes: enumList('projectType', csvList(q.projectType), PROJECT_TYPES),
      incentiveTypes: enumList('incentiveType', csvList(q.incentiveType), INCENTIVE_TYPES),
      from,
      to,
      isExhausted: q.isExhausted,
    };
  }

  /** Who asks: a place (its state and the LSEs serving it), an LSE or territory, a state; undefined when none. */
  private async reachOf(q: IncentiveQuery): Promise<IncentiveReach | undefined> {
    let state: string | null | undefined;
    if (q.state !== undefined && q.state !== '') {
      if (!STATE.test(q.state.trim()))
        throw invalidArgument('state', q.state, 'state is a two-letter code, such as CA');
      state = q.state.trim().toUpperCase();
    }
    let lseIds: number[] | undefined;
    if (q.territoryId !== undefined) {
      const territory = await this.territories.find(q.territoryId);
      if (!territory) throw invalidArgument('territoryId', q.territoryId, `No territory ${q.territoryId}`);
      lseIds = territory.lseId === null || territory.lseId === undefined ? [] : [territory.lseId];
    }
    if (q.lseId !== undefined) lseIds = lseIds ? lseIds.filter((id) => id === q.lseId) : [q.lseId];
    const zip = await this.zipcodes.resolve({
      zipCode: q.zipCode,
      postCode: q.postCode,
      country: q.country,
      addressString: q.addressString,
      lat: q.lat,
      lng: q.lng,
    });
    if (zip) {
      const param = q.zipCode ? 'zipCode' : q.postCode ? 'postCode' : q.addressString ? 'addressString' : 'lat';
      if (state && zip.state && zip.state !== state)
        throw invalidArgument('state', q.state, `${param} names a place in ${zip.state}, not ${state}`);
      state = zip.state;
      const serving = await this.repo.lsesServing(zip);
      lseIds = lseIds ? lseIds.filter((id) => serving.includes(id)) : serving;
    }
    if (state === undefined && lseIds === undefined) return undefined;
    return { state: state ?? null, lseIds: lseIds ?? [] };
  }
}

/** A date parameter as the calendar date it names (incentive dates are calendar dates: the date as written). */
function dateOf(name: string, raw: string | undefined): string | undefined {
  return dateTimeParam(name, raw, 'UTC')?.value.toISODate() ?? undefined;
}

function toApplicability(q: ApplicabilityRow): IncentiveApplicability {
  return {
    applicabilityKey: q.applicability_key,
    displayName: q.display_name,
    description: q.description,
    requiredValue: q.required_value,
    operator: q.operator,
    minValue: q.min_value,
    maxValue: q.max_value,
    quantityUnit: q.quantity_unit,
    quantityKey: q.quantity_unit === null ? null : q.applicability_key,
    choices: q.choices === null ? null : JSON.parse(q.choices),
  };
}

export function toIncentive(r: IncentiveRow, questions: readonly ApplicabilityRow[], answers: Answers): Incentive {
  const { eligibility, unanswered } = eligibilityOf(questions, answers);
  return {
    incentiveId: r.incentive_id,
    masterIncentiveId: r.master_incentive_id,
    eligibility,
    requiredData: unanswered.map(toApplicability),
    tariffCode: null,
    incentiveName: r.incentive_name,
    lseId: r.lse_id,
    lseName: r.lse_name,
    serviceType: 'ELECTRICITY',
    customerClass: r.customer_class,
    startDate: r.start_date,
    endDate: r.end_date,
    endReason: r.end_reason,
    isExhausted: r.is_exhausted === null ? null : r.is_exhausted === 1,
    projectType: r.project_type,
    incentiveType: r.incentive_type,
    summary: r.summary,
    requirements: r.requirements,
    jurisdiction: r.jurisdiction,
    quantityKey: r.quantity_key === null ? null : JSON.parse(r.quantity_key),
    quantityKeyCap: null,
    paymentCap: r.payment_cap,
    percentCostCapKey: null,
    percentCostCap: r.percent_cost_cap,
    paymentDuration: null,
    incentivePaidTo: r.incentive_paid_to,
    applicabilities: questions.map(toApplicability),
    projectTypeExclusive: null,
    state: r.state,
    territoryId: null,
    rate: r.rate,
    rateUnit: r.rate_unit,
    sources: JSON.parse(r.sources),
  };
}
