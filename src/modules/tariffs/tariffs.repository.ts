// Tariff versions, rates, bands and properties in SQL.
import type { Selectable } from 'kysely';
import type { Db, PropertyKeysTable, TariffPropertiesTable, TariffRateBandsTable, TariffRatesTable, TariffsTable } from '../../db/database.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';

export type TariffRow = Selectable<TariffsTable> & { lse_name: string };
export type RateRow = Selectable<TariffRatesTable>;
export type BandRow = Selectable<TariffRateBandsTable>;
export type TariffPropertyRow = Selectable<TariffPropertiesTable>;
export type PropertyKeyRow = Selectable<PropertyKeysTable>;

export const TARIFF_COLUMNS = {
  tariffId: 't.tariff_id',
  masterTariffId: 't.master_tariff_id',
  tariffName: 't.tariff_name',
  tariffCode: 't.tariff_code',
  tariffBookName: 't.tariff_book_name',
  lseId: 't.lse_id',
  lseName: 'l.name',
  effectiveDate: 't.effective_date',
  customerClass: 't.customer_class',
  tariffType: 't.tariff_type',
  customerLikelihood: 't.customer_likelihood',
};

export interface TariffFilters {
  lseIds?: number[];
  masterTariffId?: number;
  customerClasses: string[];
  tariffTypes: string[];
  serviceTypes: string[];
  /** Versions in effect on this date (YYYY-MM-DD), or at some time in [from, to). */
  on?: string;
  range?: { from: string; to: string };
  /** In effect (or not) on this date. */
  active?: { value: boolean; today: string };
}

export class TariffsRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db.kysely.selectFrom('tariffs as t').innerJoin('lses as l', 'l.lse_id', 't.lse_id');
  }

  list(f: TariffFilters, options: ListOptions) {
    let q = this.base();
    if (f.lseIds) q = q.where('t.lse_id', 'in', f.lseIds.length ? f.lseIds : [-1]);
    if (f.masterTariffId !== undefined) q = q.where('t.master_tariff_id', '=', f.masterTariffId);
    if (f.customerClasses.length) q = q.where('t.customer_class', 'in', f.customerClasses);
    if (f.tariffTypes.length) q = q.where('t.tariff_type', 'in', f.tariffTypes);
    if (f.serviceTypes.length) q = q.where('t.service_type', 'in', f.serviceTypes);
    if (f.on) {
      const on = f.on;
      q = q.where('t.effective_date', '<=', on).where((eb) => eb.or([eb('t.end_date', 'is', null), eb('t.end_date', '>', on)]));
    }
    if (f.range) {
      const { from, to } = f.range;
      q = q.where('t.effective_date', '<', to).where((eb) => eb.or([eb('t.end_date', 'is', null), eb('t.end_date', '>', from)]));
    }
    if (f.active) {
      const { today, value } = f.active;
      q = value
        ? q.where('t.effective_date', '<=', today).where((eb) => eb.or([eb('t.end_date', 'is', null), eb('t.end_date', '>', today)]))
        : q.where((eb) => eb.or([eb('t.effective_date', '>', today), eb('t.end_date', '<=', today)]));
    }
    return runPagedQuery<TariffRow>(this.db.dialect, q, (qb) => qb.selectAll('t').select('l.name as lse_name'), options, TARIFF_COLUMNS, 't.tariff_id');
  }

  /** Every version of a master tariff, oldest first. */
  versions(masterTariffId: number): Promise<TariffRow[]> {
    return this.base().selectAll('t').select('l.name as lse_name').where('t.master_tariff_id', '=', masterTariffId).orderBy('t.effective_date').execute();
  }

  async rates(tariffIds: number[]): Promise<{ rates: RateRow[]; bands: Map<number, BandRow[]> }> {
    if (!tariffIds.length) return { rates: [], bands: new Map() };
    const rates = await this.db.kysely
      .selectFrom('tariff_rates')
      .selectAll()
      .where('tariff_id', 'in', tariffIds)
      .orderBy('tariff_id')
      .orderBy('tariff_sequence_number')
      .orderBy('tariff_rate_id')
      .execute();
    const bands = new Map<number, BandRow[]>(rates.map((r) => [r.tariff_rate_id, []]));
    const ids = rates.map((r) => r.tariff_rate_id);
    if (ids.length) {
      const rows = await this.db.kysely.selectFrom('tariff_rate_bands').selectAll().where('tariff_rate_id', 'in', ids).orderBy('rate_sequence_number').execute();
      for (const b of rows) bands.get(b.tariff_rate_id)!.push(b);
    }
    return { rates, bands };
  }

  tous(touIds: number[]) {
    if (!touIds.length) return Promise.resolve([]);
    return this.db.kysely.selectFrom('tous').selectAll().where('tou_id', 'in', touIds).execute();
  }

  properties(tariffIds: number[]): Promise<TariffPropertyRow[]> {
    if (!tariffIds.length) return Promise.resolve([]);
    return this.db.kysely.selectFrom('tariff_properties').selectAll().where('tariff_id', 'in', tariffIds).orderBy('tariff_id').orderBy('sequence').execute();
  }

  /** The property keys of the given names (those the rates name). */
  propertyKeys(keyNames: string[]): Promise<PropertyKeyRow[]> {
    if (!keyNames.length) return Promise.resolve([]);
    return this.db.kysely.selectFrom('property_keys').selectAll().where('key_name', 'in', keyNames).execute();
  }
}
