// Incentives in SQL: the filters of the two lists (place, LSE, class, project and incentive type, dates, funds),
// one incentive by its master id, the questions of a set of incentives, and the LSEs serving a ZIP code.
import { sql, type Selectable } from 'kysely';
import type { Db, IncentiveApplicabilitiesTable, IncentivesTable } from '../../db/database.ts';
import type { ZipPlace } from '../../domain/geography/place-keys.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';
import { coversZip } from '../territories/coverage.ts';

export type IncentiveRow = Selectable<IncentivesTable>;
export type ApplicabilityRow = Selectable<IncentiveApplicabilitiesTable>;

export const INCENTIVE_COLUMNS = {
  incentiveId: 'i.incentive_id',
  masterIncentiveId: 'i.master_incentive_id',
  incentiveName: 'i.incentive_name',
  summary: 'i.summary',
  requirements: 'i.requirements',
  projectType: 'i.project_type',
  incentiveType: 'i.incentive_type',
  customerClass: 'i.customer_class',
  jurisdiction: 'i.jurisdiction',
  state: 'i.state',
  lseId: 'i.lse_id',
  lseName: 'i.lse_name',
  startDate: 'i.start_date',
  endDate: 'i.end_date',
  rate: 'i.rate',
  paymentCap: 'i.payment_cap',
};

/** Who may get it: a customer in `state` served by one of `lseIds`. Federal incentives (no state, no LSE) match any. */
export interface IncentiveReach {
  /** Incentives of this state without an LSE (state-wide); null: none of them. */
  state: string | null;
  /** Incentives of these LSEs. */
  lseIds: number[];
}

export interface IncentiveFilters {
  reach?: IncentiveReach;
  customerClasses: string[];
  projectTypes: string[];
  incentiveTypes: string[];
  /** Local dates, YYYY-MM-DD: incentives that apply at some time in [from, to] (both given for one day). */
  from?: string;
  to?: string;
  isExhausted?: boolean;
}

export class IncentivesRepository {
  constructor(private readonly db: Db) {}

  private filtered(f: IncentiveFilters) {
    let q = this.db.kysely.selectFrom('incentives as i');
    const reach = f.reach;
    if (reach) {
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('i.state', 'is', null), eb('i.lse_id', 'is', null)]),
          ...(reach.state ? [eb.and([eb('i.state', '=', reach.state), eb('i.lse_id', 'is', null)])] : []),
          ...(reach.lseIds.length ? [eb('i.lse_id', 'in', reach.lseIds)] : []),
        ]),
      );
    }
    if (f.customerClasses.length) q = q.where('i.customer_class', 'in', f.customerClasses);
    if (f.projectTypes.length) q = q.where('i.project_type', 'in', f.projectTypes);
    if (f.incentiveTypes.length) q = q.where('i.incentive_type', 'in', f.incentiveTypes);
    // end_date is exclusive: an incentive ending 2026-01-01 applies through 2025-12-31.
    if (f.to) q = q.where((eb) => eb.or([eb('i.start_date', 'is', null), eb('i.start_date', '<=', f.to!)]));
    if (f.from) q = q.where((eb) => eb.or([eb('i.end_date', 'is', null), eb('i.end_date', '>', f.from!)]));
    if (f.isExhausted !== undefined) q = q.where('i.is_exhausted', '=', f.isExhausted ? 1 : 0);
    return q;
  }

  list(filters: IncentiveFilters, options: ListOptions) {
    return runPagedQuery<IncentiveRow>(
      this.db.dialect,
      this.filtered(filters),
      (qb) => qb.selectAll('i'),
      options,
      INCENTIVE_COLUMNS,
      'i.incentive_id',
    );
  }

  /** Every matching incentive's id, in id order (the applicabilities list reads their questions). */
  async ids(filters: IncentiveFilters): Promise<number[]> {
    const rows = await this.filtered(filters).select('i.incentive_id').orderBy('i.incentive_id').execute();
    return rows.map((r) => r.incentive_id);
  }

  /** Every matching incentive, in id order, unpaged (a project's incentives at one place: a handful). */
  all(filters: IncentiveFilters): Promise<IncentiveRow[]> {
    return this.filtered(filters).selectAll('i').orderBy('i.incentive_id').execute();
  }

  /** The versions of a master incentive, latest start first (an unknown start sorts last). */
  versions(masterIncentiveId: number): Promise<IncentiveRow[]> {
    return this.db.kysely
      .selectFrom('incentives as i')
      .selectAll('i')
      .where('i.master_incentive_id', '=', masterIncentiveId)
      .orderBy(sql`coalesce(i.start_date, '0000-00-00')`, 'desc')
      .orderBy('i.incentive_id', 'desc')
      .execute();
  }

  /** The questions of each incentive, in their order. */
  async applicabilitiesOf(incentiveIds: number[]): Promise<Map<number, ApplicabilityRow[]>> {
    const out = new Map<number, ApplicabilityRow[]>(incentiveIds.map((id) => [id, []]));
    if (!incentiveIds.length) return out;
    const rows = await this.db.kysely
      .selectFrom('incentive_applicabilities')
      .selectAll()
      .where('incentive_id', 'in', incentiveIds)
      .orderBy('incentive_id')
      .orderBy('position')
      .execute();
    for (const r of rows) out.get(r.incentive_id)!.push(r);
    return out;
  }

  /** Every question of these keys, whichever incentive asks it (an answer is checked against all of them). */
  questionsOf(keys: string[]): Promise<ApplicabilityRow[]> {
    if (!keys.length) return Promise.resolve([]);
    return this.db.kysely
      .selectFrom('incentive_applicabilities')
      .selectAll()
      .where('applicability_key', 'in', keys)
      .execute();
  }

  /** Every question key of any incentive: the query parameters a list reads as answers. */
  async applicabilityKeys(): Promise<Set<string>> {
    const rows = await this.db.kysely
      .selectFrom('incentive_applicabilities')
      .select('applicability_key')
      .distinct()
      .execute();
    return new Set(rows.map((r) => r.applicability_key));
  }

  /** LSEs owning or listed on a SERVICE territory that covers the ZIP code (as the LSEs list finds them). */
  async lsesServing(zip: ZipPlace): Promise<number[]> {
    const covers = coversZip('t.territory_id', zip);
    const owners = await this.db.kysely
      .selectFrom('territories as t')
      .select('t.lse_id')
      .where('t.usage_type', '=', 'SERVICE')
      .where(covers)
      .execute();
    const listed = await this.db.kysely
      .selectFrom('territory_lses as tl')
      .innerJoin('territories as t', 't.territory_id', 'tl.territory_id')
      .select('tl.lse_id')
      .where('t.usage_type', '=', 'SERVICE')
      .where(covers)
      .execute();
    return [...new Set([...owners, ...listed].map((r) => r.lse_id).filter((id): id is number => id !== null))];
  }
}
