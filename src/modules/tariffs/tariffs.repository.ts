// Tariff versions, rates, bands and properties in SQL.
import { sql, type ExpressionBuilder, type Selectable, type SqlBool, type Expression } from 'kysely';
import type {
  Database,
  Db,
  PropertyKeysTable,
  TariffPropertiesTable,
  TariffRateBandsTable,
  TariffRatesTable,
  TariffsTable,
} from '../../db/database.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';

export type TariffRow = Selectable<TariffsTable> & { lse_name: string };
export type RateRow = Selectable<TariffRatesTable>;
export type BandRow = Selectable<TariffRateBandsTable>;
export type TariffPropertyRow = Selectable<TariffPropertiesTable>;
export type PropertyKeyRow = Selectable<PropertyKeysTable>;
/** One distinct (rate, band value) fact of what a version's rates ask for; see TariffsRepository.rateKeys. */
export interface RateKeyRow {
  tariff_id: number;
  territory_id: number | null;
  applicability_key: string | null;
  applicability_value: string | null;
  variable_rate_key: string | null;
  quantity_key: string | null;
  charge_type: string | null;
  rider_id: number | null;
}

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

/**
 * Who reads tariffs: reference data (no owner) is everyone's; a version an organization wrote over the API
 * (owner_org_id) is its own alone, to every other caller as if absent. orgId null: reference data only. A PRIVATE
 * version without an owner (not one authoring makes) is nobody's.
 */
export interface TariffViewer {
  orgId: number | null;
}

/** Reference data only: for choices made among the tariffs every organization sees (a place's default tariff). */
export const REFERENCE_DATA: TariffViewer = Object.freeze({ orgId: null });

/** The versions the viewer may see (the table aliased `t`). */
export function visibleTo(eb: TariffEb, viewer: TariffViewer): Expression<SqlBool> {
  const reference = eb.and([eb('t.owner_org_id', 'is', null), eb('t.privacy', '!=', 'PRIVATE')]);
  return viewer.orgId === null ? reference : eb.or([reference, eb('t.owner_org_id', '=', viewer.orgId)]);
}

export interface TariffFilters {
  lseIds?: number[];
  masterTariffId?: number;
  /** Versions of any of these tariffs (GET /rest/public/tariffs/properties takes a list). */
  masterTariffIds?: number[];
  customerClasses: string[];
  tariffTypes: string[];
  serviceTypes: string[];
  /** Versions in effect on this date (YYYY-MM-DD), or at some time in [from, to). */
  on?: string;
  range?: { from: string; to: string };
  /** In effect (or not) on this date. */
  active?: { value: boolean; today: string };
  /** The privacy values a version may have; absent: any. PRIVATE selects only the viewer's own versions. */
  privacy?: string[];
  /** Tariffs of which some version is in effect on this date and not closed to new customers then. */
  openOn?: string;
  /** Versions with a rate of one of these charge types, their own or of a rider they name in effect during the version. */
  chargeTypes?: string[];
  /** Versions with a rate naming this rider (masterTariffId of the rider). */
  riderId?: number;
  /** Versions available in this territory: own territory, a rate's territory, or an LSE owning or listed on it. */
  territoryId?: number;
  /** Monthly kWh and kW the version's limits must admit (see admits()). */
  consumption?: number;
  demand?: number;
  flags?: Partial<Record<TariffFlag, boolean>>;
  /** Versions that say (true) or do not say (false) which export arrangement a new solar customer gets. */
  solarEligible?: boolean;
}

export const TARIFF_FLAGS = {
  hasNetMetering: 't.has_net_metering',
  hasTimeOfUseRates: 't.has_time_of_use_rates',
  hasTieredRates: 't.has_tiered_rates',
  hasContractedRates: 't.has_contracted_rates',
} as const;
export type TariffFlag = keyof typeof TARIFF_FLAGS;

/** The charge types whose bands are tiers of consumption, and of demand, in the bill engine. */
const CONSUMPTION_TIERED = ['CONSUMPTION_BASED', 'TAX'];
const DEMAND_TIERED = ['DEMAND_BASED'];

type TariffEb = ExpressionBuilder<Database & { t: Database['tariffs'] }, 't'>;

/**
 * The version's limits admit `value` (monthly kWh or kW): the tariff's own min/max (inclusive, null open), and no own
 * rate that tiers that quantity with every band bounded below `value` (a rate whose tiers all end below it prices
 * none of the excess, so the tariff is not meant for it). Energy tiers count only on monthly rates (DAILY or HOURLY
 * limits are not monthly figures); rates with a variableLimitKey (limits from a property) and, when a territory is
 * given, rates of other territories do not bound.
 */
function admits(
  eb: TariffEb,
  quantity: 'consumption' | 'demand',
  value: number,
  territoryId: number | undefined,
): Expression<SqlBool> {
  const [min, max] =
    quantity === 'consumption'
      ? (['t.min_monthly_consumption', 't.max_monthly_consumption'] as const)
      : (['t.min_monthly_demand', 't.max_monthly_demand'] as const);
  const [hasLimit, upper] =
    quantity === 'consumption'
      ? (['b.has_consumption_limit', 'b.consumption_upper_limit'] as const)
      : (['b.has_demand_limit', 'b.demand_upper_limit'] as const);
  let capping = eb
    .selectFrom('tariff_rates as r')
    .select(sql<number>`1`.as('one'))
    .whereRef('r.tariff_id', '=', 't.tariff_id')
    .where('r.charge_type', 'in', quantity === 'consumption' ? CONSUMPTION_TIERED : DEMAND_TIERED)
    .where('r.variable_limit_key', 'is', null)
    .where((e) =>
      e.exists(
        e
          .selectFrom('tariff_rate_bands as b')
          .select(sql<number>`1`.as('one'))
          .whereRef('b.tariff_rate_id', '=', 'r.tariff_rate_id'),
      ),
    )
    .where((e) =>
      e.not(
        e.exists(
          e
            .selectFrom('tariff_rate_bands as b')
            .select(sql<number>`1`.as('one'))
            .whereRef('b.tariff_rate_id', '=', 'r.tariff_rate_id')
            .where((x) => x.or([x(hasLimit, '=', false), x(upper, 'is', null), x(upper, '>=', value)])),
        ),
      ),
    );
  if (quantity === 'consumption')
    capping = capping.where((e) => e.or([e('r.charge_period', 'is', null), e('r.charge_period', '=', 'MONTHLY')]));
  if (territoryId !== undefined)
    capping = capping.where((e) => e.or([e('r.territory_id', 'is', null), e('r.territory_id', '=', territoryId)]));
  return eb.and([
    eb.or([eb(min, 'is', null), eb(min, '<=', value)]),
    eb.or([eb(max, 'is', null), eb(max, '>=', value)]),
    eb.not(eb.exists(capping)),
  ]);
}

export class TariffsRepository {
  constructor(private readonly db: Db) {}

  /** The versions the viewer may see, with their LSE. */
  private base(viewer: TariffViewer) {
    return this.db.kysely
      .selectFrom('tariffs as t')
      .innerJoin('lses as l', 'l.lse_id', 't.lse_id')
      .where((eb) => visibleTo(eb as unknown as TariffEb, viewer));
  }

  list(f: TariffFilters, options: ListOptions, viewer: TariffViewer) {
    let q = this.base(viewer);
    if (f.lseIds) q = q.where('t.lse_id', 'in', f.lseIds.length ? f.lseIds : [-1]);
    if (f.masterTariffId !== undefined) q = q.where('t.master_tariff_id', '=', f.masterTariffId);
    if (f.masterTariffIds) q = q.where('t.master_tariff_id', 'in', f.masterTariffIds.length ? f.masterTariffIds : [-1]);
    if (f.customerClasses.length) q = q.where('t.customer_class', 'in', f.customerClasses);
    if (f.tariffTypes.length) q = q.where('t.tariff_type', 'in', f.tariffTypes);
    if (f.serviceTypes.length) q = q.where('t.service_type', 'in', f.serviceTypes);
    if (f.on) {
      const on = f.on;
      q = q
        .where('t.effective_date', '<=', on)
        .where((eb) => eb.or([eb('t.end_date', 'is', null), eb('t.end_date', '>', on)]));
    }
    if (f.range) {
      const { from, to } = f.range;
      q = q
        .where('t.effective_date', '<', to)
        .where((eb) => eb.or([eb('t.end_date', 'is', null), eb('t.end_date', '>', from)]));
    }
    if (f.privacy) {
      const privacy = f.privacy;
      const shared = privacy.filter((p) => p !== 'PRIVATE');
      const own = privacy.includes('PRIVATE') && viewer.orgId !== null ? viewer.orgId : null;
      q = q.where((eb) =>
        eb.or([
          ...(shared.length ? [eb('t.privacy', 'in', shared)] : []),
          ...(own === null ? [] : [eb.and([eb('t.privacy', '=', 'PRIVATE'), eb('t.owner_org_id', '=', own)])]),
          ...(shared.length || own !== null ? [] : [eb(sql<number>`1`, '=', 0)]),
        ]),
      );
    }
    if (f.openOn) {
      const d = f.openOn;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('tariffs as o')
            .select(sql<number>`1`.as('one'))
            .whereRef('o.master_tariff_id', '=', 't.master_tariff_id')
            .where('o.effective_date', '<=', d)
            .where((e) => e.or([e('o.end_date', 'is', null), e('o.end_date', '>', d)]))
            .where((e) => e.or([e('o.closed_date', 'is', null), e('o.closed_date', '>', d)])),
        ),
      );
    }
    if (f.chargeTypes?.length) {
      const types = f.chargeTypes;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('tariff_rates as r')
            .select(sql<number>`1`.as('one'))
            .whereRef('r.tariff_id', '=', 't.tariff_id')
            .where((e) =>
              e.or([
                e('r.charge_type', 'in', types),
                e.exists(
                  e
                    .selectFrom('tariffs as rv')
                    .innerJoin('tariff_rates as rr', 'rr.tariff_id', 'rv.tariff_id')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('rv.master_tariff_id', '=', 'r.rider_id')
                    .where('rr.charge_type', 'in', types)
                    // Rider versions in effect at some time during the version.
                    .where((x) => x.or([x('t.end_date', 'is', null), x('rv.effective_date', '<', x.ref('t.end_date'))]))
                    .where((x) =>
                      x.or([x('rv.end_date', 'is', null), x('rv.end_date', '>', x.ref('t.effective_date'))]),
                    ),
                ),
              ]),
            ),
        ),
      );
    }
    if (f.riderId !== undefined) {
      const riderId = f.riderId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('tariff_rates as r')
            .select(sql<number>`1`.as('one'))
            .whereRef('r.tariff_id', '=', 't.tariff_id')
            .where('r.rider_id', '=', riderId),
        ),
      );
    }
    if (f.territoryId !== undefined) {
      const id = f.territoryId;
      q = q.where((eb) =>
        eb.or([
          eb('t.territory_id', '=', id),
          eb.exists(
            eb
              .selectFrom('tariff_rates as r')
              .select(sql<number>`1`.as('one'))
              .whereRef('r.tariff_id', '=', 't.tariff_id')
              .where('r.territory_id', '=', id),
          ),
          eb.exists(
            eb
              .selectFrom('territories as x')
              .select(sql<number>`1`.as('one'))
              .whereRef('x.lse_id', '=', 't.lse_id')
              .where('x.territory_id', '=', id),
          ),
          eb.exists(
            eb
              .selectFrom('territory_lses as tl')
              .select(sql<number>`1`.as('one'))
              .whereRef('tl.lse_id', '=', 't.lse_id')
              .where('tl.territory_id', '=', id),
          ),
        ]),
      );
    }
    if (f.consumption !== undefined) {
      const value = f.consumption;
      q = q.where((eb) => admits(eb as unknown as TariffEb, 'consumption', value, f.territoryId));
    }
    if (f.demand !== undefined) {
      const value = f.demand;
      q = q.where((eb) => admits(eb as unknown as TariffEb, 'demand', value, f.territoryId));
    }
    for (const [flag, value] of Object.entries(f.flags ?? {}) as [TariffFlag, boolean | undefined][]) {
      if (value !== undefined) q = q.where(TARIFF_FLAGS[flag], '=', value);
    }
    if (f.solarEligible !== undefined)
      q = q.where('t.export_arrangement_from', f.solarEligible ? 'is not' : 'is', null);
    if (f.active) {
      const { today, value } = f.active;
      q = value
        ? q
            .where('t.effective_date', '<=', today)
            .where((eb) => eb.or([eb('t.end_date', 'is', null), eb('t.end_date', '>', today)]))
        : q.where((eb) => eb.or([eb('t.effective_date', '>', today), eb('t.end_date', '<=', today)]));
    }
    return runPagedQuery<TariffRow>(
      this.db.dialect,
      q,
      (qb) => qb.selectAll('t').select('l.name as lse_name'),
      options,
      TARIFF_COLUMNS,
      't.tariff_id',
    );
  }

  /** Every version of a master tariff the viewer may see, oldest first. */
  versions(masterTariffId: number, viewer: TariffViewer): Promise<TariffRow[]> {
    return this.base(viewer)
      .selectAll('t')
      .select('l.name as lse_name')
      .where('t.master_tariff_id', '=', masterTariffId)
      .orderBy('t.effective_date')
      .execute();
  }

  /** One version the viewer may see, by its tariffId. */
  version(tariffId: number, viewer: TariffViewer): Promise<TariffRow | undefined> {
    return this.base(viewer)
      .selectAll('t')
      .select('l.name as lse_name')
      .where('t.tariff_id', '=', tariffId)
      .executeTakeFirst();
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
      const rows = await this.db.kysely
        .selectFrom('tariff_rate_bands')
        .selectAll()
        .where('tariff_rate_id', 'in', ids)
        .orderBy('rate_sequence_number')
        .execute();
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
    return this.db.kysely
      .selectFrom('tariff_properties')
      .selectAll()
      .where('tariff_id', 'in', tariffIds)
      .orderBy('tariff_id')
      .orderBy('sequence')
      .execute();
  }

  /** The property keys of the given names (those the rates name). */
  propertyKeys(keyNames: string[]): Promise<PropertyKeyRow[]> {
    if (!keyNames.length) return Promise.resolve([]);
    return this.db.kysely.selectFrom('property_keys').selectAll().where('key_name', 'in', keyNames).execute();
  }

  /**
   * What the versions' rates ask of a customer or of the data: the territories they are priced for, the keys that
   * choose their bands (with the band values), the lookups that give their amounts, their quantity keys, and the riders
   * they name. Rates naming none of these are left out.
   */
  async rateKeys(tariffIds: number[]): Promise<RateKeyRow[]> {
    if (!tariffIds.length) return [];
    return this.db.kysely
      .selectFrom('tariff_rates as r')
      .leftJoin('tariff_rate_bands as b', (j) =>
        j.onRef('b.tariff_rate_id', '=', 'r.tariff_rate_id').on('r.applicability_key', 'is not', null),
      )
      .select([
        'r.tariff_id',
        'r.territory_id',
        'r.applicability_key',
        'b.applicability_value',
        'r.variable_rate_key',
        'r.quantity_key',
        'r.charge_type',
        'r.rider_id',
      ])
      .distinct()
      .where('r.tariff_id', 'in', tariffIds)
      .where((eb) =>
        eb.or([
          eb('r.territory_id', 'is not', null),
          eb('r.applicability_key', 'is not', null),
          eb('r.variable_rate_key', 'is not', null),
          eb('r.quantity_key', 'is not', null),
          eb('r.charge_type', 'in', ['CONSUMPTION_BASED', 'DEMAND_BASED']),
          eb('r.rider_id', 'is not', null),
        ]),
      )
      .orderBy('r.tariff_id')
      .execute();
  }

  /** Whether some version of the tariff the viewer may see has one of these privacy values. */
  async existsWithPrivacy(masterTariffId: number, privacy: readonly string[], viewer: TariffViewer): Promise<boolean> {
    if (!privacy.length) return false;
    const row = await this.db.kysely
      .selectFrom('tariffs as t')
      .select('t.tariff_id')
      .where('t.master_tariff_id', '=', masterTariffId)
      .where('t.privacy', 'in', [...privacy])
      .where((eb) => visibleTo(eb as unknown as TariffEb, viewer))
      .executeTakeFirst();
    return row !== undefined;
  }
}
