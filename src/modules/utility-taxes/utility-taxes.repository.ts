// Utility taxes in SQL, each with the territory it covers.
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Db, UtilityTaxesTable } from '../../db/database.ts';
import type { ListOptions, SearchSpec } from '../../http/list-options.ts';
import { commaListHasAny, runPagedQuery, textMatches } from '../../http/sql-list.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import { coversZip } from '../territories/coverage.ts';
import type { ZipPlace } from '../../domain/geography/place-keys.ts';

export const TAX_COLUMNS = {
  utilityTaxId: 'x.utility_tax_id',
  taxName: 'x.rate_name',
  rateName: 'x.rate_name',
  rateAmountElectricity: 'x.rate_amount_electricity',
  rateAmountGas: 'x.rate_amount_gas',
  fromDateTime: 'x.from_date',
  toDateTime: 'x.to_date',
};

export type TaxRow = Selectable<UtilityTaxesTable>;

export interface TaxFilters {
  territoryId?: number;
  lseId?: number;
  customerClasses: string[];
  /** Local dates (YYYY-MM-DD): taxes in effect at some time in [from, to]. */
  from?: string;
  to?: string;
}

export class UtilityTaxesRepository {
  constructor(
    private readonly db: Db,
    readonly territories: TerritoriesRepository,
  ) {}

  private base() {
    return this.db.kysely
      .selectFrom('utility_taxes as x')
      .innerJoin('territories as t', 't.territory_id', 'x.territory_id');
  }

  find(utilityTaxId: number): Promise<TaxRow | undefined> {
    return this.base().selectAll('x').where('x.utility_tax_id', '=', utilityTaxId).executeTakeFirst();
  }

  /** location matches the values of the tax territory's CITY, COUNTY and ZIPCODE items. */
  private search(spec: SearchSpec): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = spec.fields
      .filter((f) => f !== 'location')
      .map((f) => textMatches(this.db.dialect, TAX_COLUMNS[f as keyof typeof TAX_COLUMNS], spec));
    if (spec.fields.includes('location')) {
      const match = textMatches(this.db.dialect, 'i.value', spec);
      conditions.push(
        sql<SqlBool>`exists (select 1 from territory_items i where i.territory_id = x.territory_id and i.territory_type in ('CITY', 'COUNTY', 'ZIPCODE') and ${match})`,
      );
    }
    return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
  }

  /** The taxes of the territories covering a ZIP code for a customer class, in effect at some time in [from, to] (dates). */
  coveringZip(zip: ZipPlace, customerClass: string, from: string, to: string): Promise<TaxRow[]> {
    return this.base()
      .selectAll('x')
      .where(coversZip('x.territory_id', zip))
      .where(commaListHasAny('x.customer_classes', [customerClass]))
      .where((eb) => eb.or([eb('x.from_date', 'is', null), eb('x.from_date', '<=', to)]))
      .where((eb) => eb.or([eb('x.to_date', 'is', null), eb('x.to_date', '>=', from)]))
      .orderBy('x.utility_tax_id')
      .execute();
  }

  list(filters: TaxFilters, options: ListOptions) {
    let q = this.base();
    if (filters.territoryId !== undefined) q = q.where('x.territory_id', '=', filters.territoryId);
    if (filters.lseId !== undefined) q = q.where('t.lse_id', '=', filters.lseId);
    if (filters.customerClasses.length) q = q.where(commaListHasAny('x.customer_classes', filters.customerClasses));
    if (filters.to) q = q.where((eb) => eb.or([eb('x.from_date', 'is', null), eb('x.from_date', '<=', filters.to!)]));
    if (filters.from) q = q.where((eb) => eb.or([eb('x.to_date', 'is', null), eb('x.to_date', '>=', filters.from!)]));
    return runPagedQuery<TaxRow>(
      this.db.dialect,
      q,
      (qb) => qb.selectAll('x'),
      options,
      TAX_COLUMNS,
      'x.utility_tax_id',
      (spec) => this.search(spec),
    );
  }
}
