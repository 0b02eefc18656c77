// LSEs in SQL, mapped to the API's field names in one place.
import type { Selectable } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { Db, LsesTable } from '../../db/database.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { commaListHasAny, runPagedQuery } from '../../http/sql-list.ts';
import { BILLING_PERIOD_STYLES, type BillingPeriodStyle } from '../../engine/time/billing-period-style.ts';
import { coversZip } from '../territories/coverage.ts';
import type { ZipPlace } from '../../domain/geography/place-keys.ts';
import type { LseSchema } from './lses.schemas.ts';

export type Lse = Static<typeof LseSchema>;
export type LseRow = Selectable<LsesTable>;

export const LSE_COLUMNS = {
  lseId: 'l.lse_id',
  name: 'l.name',
  code: 'l.code',
  websiteHome: 'l.website_home',
  ownership: 'l.ownership',
  offeringType: 'l.offering_type',
};
const CLASSES = ['residential', 'commercial', 'industrial', 'transportation'] as const;
export type CustomerClassKey = (typeof CLASSES)[number];

export function toLse(r: LseRow, ext: boolean): Lse {
  const base: Lse = { lseId: r.lse_id, name: r.name, code: r.code, websiteHome: r.website_home };
  if (!ext) return base;
  const out: Record<string, unknown> = {
    ...base,
    offeringType: r.offering_type,
    ownership: r.ownership,
    serviceTypes: r.service_types,
    totalRevenues: r.total_revenues,
    totalSales: r.total_sales,
    totalCustomers: r.total_customers,
  };
  for (const c of CLASSES) {
    out[`${c}ServiceTypes`] = r[`${c}_service_types`];
    out[`${c}Revenues`] = r[`${c}_revenues`];
    out[`${c}Sales`] = r[`${c}_sales`];
    out[`${c}Customers`] = r[`${c}_customers`];
  }
  const style = BILLING_PERIOD_STYLES.includes(r.bpr_style as BillingPeriodStyle) ? r.bpr_style : null;
  out.billingPeriodRepresentation =
    style === null
      ? null
      : { fromDateOffset: r.bpr_from_date_offset ?? 0, toDateOffset: r.bpr_to_date_offset ?? 0, style };
  return out as Lse;
}

export interface LseFilters {
  zip?: ZipPlace;
  ownerships?: string[];
  serviceTypes?: string[];
  classServiceTypes?: Partial<Record<CustomerClassKey, string[]>>;
}

export class LsesRepository {
  constructor(private readonly db: Db) {}

  find(lseId: number): Promise<LseRow | undefined> {
    return this.db.kysely.selectFrom('lses').selectAll().where('lse_id', '=', lseId).executeTakeFirst();
  }

  list(filters: LseFilters, options: ListOptions) {
    let q = this.db.kysely.selectFrom('lses as l');
    if (filters.zip) {
      const covers = coversZip('t.territory_id', filters.zip);
      // LSEs owning a SERVICE territory that covers the ZIP code, and LSEs listed on such a territory
      // (retail suppliers in a deregulated market).
      const owners = this.db.kysely
        .selectFrom('territories as t')
        .select('t.lse_id')
        .where('t.usage_type', '=', 'SERVICE')
        .where(covers);
      const listed = this.db.kysely
        .selectFrom('territory_lses as tl')
        .innerJoin('territories as t', 't.territory_id', 'tl.territory_id')
        .select('tl.lse_id')
        .where('t.usage_type', '=', 'SERVICE')
        .where(covers);
      q = q.where((eb) => eb.or([eb('l.lse_id', 'in', owners), eb('l.lse_id', 'in', listed)]));
    }
    if (filters.ownerships?.length) q = q.where('l.ownership', 'in', filters.ownerships);
    if (filters.serviceTypes?.length) q = q.where(commaListHasAny('l.service_types', filters.serviceTypes));
    for (const c of CLASSES) {
      const wanted = filters.classServiceTypes?.[c];
      if (wanted?.length) q = q.where(commaListHasAny(`l.${c}_service_types`, wanted));
    }
    return runPagedQuery<LseRow>(this.db.dialect, q, (qb) => qb.selectAll('l'), options, LSE_COLUMNS, 'l.lse_id');
  }
}
