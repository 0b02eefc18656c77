// Territories, their items and their LSEs in SQL, mapped to the API's field names in one place.
import { sql } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { Db, TerritoriesTable, TerritoryLsesTable } from '../../db/database.ts';
import type { ListOptions, Paging, SearchSpec, SortKey } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';
import { coversZip } from './coverage.ts';
import type { ZipPlace } from '../../domain/geography/place-keys.ts';
import type { TerritoryItemSchema, TerritoryLseSchema, TerritorySchema } from './territories.schemas.ts';
import { fromSqlBool } from '../../db/sql-values.ts';
import { visibleTo } from '../tariffs/tariffs.repository.ts';

export type Territory = Static<typeof TerritorySchema>;
export type TerritoryItem = Static<typeof TerritoryItemSchema>;
export type TerritoryLse = Static<typeof TerritoryLseSchema>;

export const TERRITORY_COLUMNS = {
  territoryId: 't.territory_id',
  territoryName: 't.territory_name',
  lseId: 't.lse_id',
  lseName: 'l.name',
  usageType: 't.usage_type',
  itemTypes: 't.item_types',
};
export const TERRITORY_LSE_COLUMNS = { lseId: 'tl.lse_id', lseName: 'l.name' };

type TerritoryRow = Omit<Selectable<TerritoriesTable>, 'source'> & { lse_name: string | null };

export function toTerritory(r: TerritoryRow): Territory {
  return {
    territoryId: r.territory_id,
    territoryName: r.territory_name,
    lseId: r.lse_id,
    lseName: r.lse_name,
    parentTerritoryId: r.parent_territory_id,
    usageType: r.usage_type,
    itemTypes: r.item_types,
    deregRes: fromSqlBool(r.dereg_res),
    deregCandi: fromSqlBool(r.dereg_candi),
    centerPoint:
      r.center_latitude === null || r.center_longitude === null
        ? null
        : { latitude: r.center_latitude, longitude: r.center_longitude },
  };
}

export interface TerritoryFilters {
  zip?: ZipPlace;
  lseId?: number;
  usageTypes: string[];
  containsItem?: { type: string; value: string };
  territoryIds?: number[];
}

export class TerritoriesRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db.kysely.selectFrom('territories as t').leftJoin('lses as l', 'l.lse_id', 't.lse_id');
  }

  private select(qb: ReturnType<TerritoriesRepository['base']>) {
    return qb.select([
      't.territory_id',
      't.territory_name',
      't.lse_id',
      'l.name as lse_name',
      't.parent_territory_id',
      't.usage_type',
      't.item_types',
      't.dereg_res',
      't.dereg_candi',
      't.center_latitude',
      't.center_longitude',
    ]);
  }

  async find(territoryId: number): Promise<Territory | undefined> {
    const row = await this.select(this.base()).where('t.territory_id', '=', territoryId).executeTakeFirst();
    return row && toTerritory(row);
  }

  async list(filters: TerritoryFilters, options: ListOptions) {
    let q = this.base();
    if (filters.lseId !== undefined) q = q.where('t.lse_id', '=', filters.lseId);
    if (filters.usageTypes.length) q = q.where('t.usage_type', 'in', filters.usageTypes);
    if (filters.territoryIds)
      q = q.where('t.territory_id', 'in', filters.territoryIds.length ? filters.territoryIds : [-1]);
    if (filters.zip) q = q.where(coversZip('t.territory_id', filters.zip));
    if (filters.containsItem) {
      const { type, value } = filters.containsItem;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('territory_items as i')
            .select(sql<number>`1`.as('one'))
            .whereRef('i.territory_id', '=', 't.territory_id')
            .where('i.territory_type', '=', type)
            .where(sql<boolean>`lower(i.value) = ${value.toLowerCase()}`)
            .where('i.exclude', '=', false),
        ),
      );
    }
    const { rows, total } = await runPagedQuery<TerritoryRow>(
      this.db.dialect,
      q,
      (qb) => this.select(qb as never),
      options,
      TERRITORY_COLUMNS,
      't.territory_id',
    );
    return { rows: rows.map(toTerritory), total };
  }

  /**
   * The territories a tariff's rates name (any version), or null when no tariff the organization may see has that
   * masterTariffId (an organization's own tariffs are its alone; orgId null: reference tariffs only).
   */
  async territoriesOfTariff(masterTariffId: number, orgId: number | null): Promise<number[] | null> {
    const exists = await this.db.kysely
      .selectFrom('tariffs as t')
      .select('t.tariff_id')
      .where('t.master_tariff_id', '=', masterTariffId)
      .where((eb) => visibleTo(eb as never, { orgId }))
      .executeTakeFirst();
    if (!exists) return null;
    const rows = await this.db.kysely
      .selectFrom('tariff_rates as r')
      .innerJoin('tariffs as t', 't.tariff_id', 'r.tariff_id')
      .select('r.territory_id')
      .distinct()
      .where('t.master_tariff_id', '=', masterTariffId)
      .where('r.territory_id', 'is not', null)
      .execute();
    return rows.map((r) => r.territory_id!);
  }

  /** Of the given territories, those covering the ZIP code. */
  async coveringZip(territoryIds: number[], zip: ZipPlace): Promise<number[]> {
    if (!territoryIds.length) return [];
    const rows = await this.db.kysely
      .selectFrom('territories as t')
      .select('t.territory_id')
      .where('t.territory_id', 'in', territoryIds)
      .where(coversZip('t.territory_id', zip))
      .orderBy('t.territory_id')
      .execute();
    return rows.map((r) => r.territory_id);
  }

  async itemsOf(territoryIds: number[]): Promise<Map<number, TerritoryItem[]>> {
    const out = new Map<number, TerritoryItem[]>(territoryIds.map((id) => [id, []]));
    if (territoryIds.length === 0) return out;
    const rows = await this.db.kysely
      .selectFrom('territory_items')
      .select(['territory_item_id', 'territory_id', 'territory_type', 'value', 'exclude', 'partial'])
      .where('territory_id', 'in', territoryIds)
      .orderBy('territory_id')
      .orderBy('territory_item_id')
      .execute();
    for (const r of rows) {
      out.get(r.territory_id)!.push({
        territoryItemId: r.territory_item_id,
        territoryType: r.territory_type,
        value: r.value,
        exclude: fromSqlBool(r.exclude),
        partial: fromSqlBool(r.partial),
      });
    }
    return out;
  }

  /** One page of a territory's LSEs; search and sort apply to lseId and lseName. */
  async lsesOf(territoryId: number, paging: Paging, search: SearchSpec | null, sort: SortKey[]) {
    const q = this.db.kysely
      .selectFrom('territory_lses as tl')
      .innerJoin('lses as l', 'l.lse_id', 'tl.lse_id')
      .where('tl.territory_id', '=', territoryId);
    const { rows, total } = await runPagedQuery<Selectable<TerritoryLsesTable> & { lse_name: string }>(
      this.db.dialect,
      q,
      (qb) =>
        qb.select([
          'tl.territory_id',
          'tl.lse_id',
          'l.name as lse_name',
          'tl.distribution',
          'tl.supplier_residential',
          'tl.supplier_general',
          'tl.residential_coverage',
          'tl.general_coverage',
        ]),
      { paging, search, sort },
      TERRITORY_LSE_COLUMNS,
      'tl.lse_id',
    );
    const list: TerritoryLse[] = rows.map((r) => ({
      territoryId: r.territory_id,
      lseId: r.lse_id,
      lseName: r.lse_name,
      distribution: fromSqlBool(r.distribution),
      supplierResidential: fromSqlBool(r.supplier_residential),
      supplierGeneral: fromSqlBool(r.supplier_general),
      residentialCoverage: r.residential_coverage,
      generalCoverage: r.general_coverage,
    }));
    return { totalCount: total, pageCount: paging.pageCount, pageStart: paging.pageStart, list };
  }
}
