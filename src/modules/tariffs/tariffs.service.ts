// Tariffs: which version is in effect when, and the version with its rates and properties as the API shows them.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { formatDateTime } from '../../engine/time/datetime-input.ts';
import { localDateTime } from '../../engine/time/local-days.ts';
import { localDateParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { csvList, enumList } from '../../http/list-params.ts';
import type { LsesService } from '../lses/lses.service.ts';
import { DocumentsService } from '../documents/documents.service.ts';
import type { LookupsRepository } from '../../domain/properties/lookups.repository.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import { toSeason, type SeasonsRepository } from '../seasons/seasons.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { TariffsRepository, type PropertyKeyRow, type RateKeyRow, type TariffRow } from './tariffs.repository.ts';
import { isRiderPointer, shapeRates, shapes, type Shaping, type Window } from './rate-shaping.ts';
import {
  CUSTOMER_CLASSES,
  PRIVACY_FLAGS,
  RATE_CHARGE_TYPES,
  TARIFF_PROPERTY_TYPES,
  TARIFF_SERVICE_TYPES,
  TARIFF_TYPES,
  type TariffHistorySchema,
  type TariffPropertiesQuery,
  type TariffPropertySchema,
  type TariffRateSchema,
  type TariffSchema,
} from './tariffs.schemas.ts';
import { fromSqlBool } from '../../db/sql-values.ts';
import { exportRulesOf } from './export-rules-row.ts';
import {
  masterTariffIdList,
  QuestionMerger,
  rateKeyNames,
  rateKeyProperties,
  type QuestionSource,
  type TariffPropertyKey,
} from './tariff-questions.ts';

export type Tariff = Static<typeof TariffSchema>;
export type TariffPropertiesParams = Static<typeof TariffPropertiesQuery>;
export type TariffHistory = Static<typeof TariffHistorySchema>;
type TariffRate = Static<typeof TariffRateSchema>;
type TariffProperty = Static<typeof TariffPropertySchema>;

export interface TariffListParams {
  lseId?: number;
  masterTariffId?: number;
  /** Versions of any of these tariffs (not a parameter of the list; GET /rest/public/tariffs/properties). */
  masterTariffIds?: number[];
  effectiveOn?: string;
  fromDateTime?: string;
  toDateTime?: string;
  openOn?: string;
  customerClasses?: string[];
  tariffTypes?: string[];
  serviceTypes?: string[];
  chargeTypes?: string[];
  privacyFlags?: string[];
  zipCode?: string;
  postCode?: string;
  country?: string;
  addressString?: string;
  accountId?: string;
  riderId?: number;
  territoryId?: number;
  consumption?: number;
  demand?: number;
  hasNetMetering?: boolean;
  hasTimeOfUseRates?: boolean;
  hasTieredRates?: boolean;
  hasContractedRates?: boolean;
  isActive?: boolean;
  populateRates?: boolean;
  populateProperties?: boolean;
  populateDocuments?: boolean;
  bundleRates?: boolean;
  applicableRatesOnly?: boolean;
  filterRiderRates?: boolean;
}

/** Where an account is: what the tariff list filters by when given accountId. Null: no such account for the organization. */
export type AccountPlaceResolver = (
  accountId: string,
  orgId: number | null,
) => Promise<{ zipCode: string | null; lseId: number | null; customerClass: string | null } | null>;

/** Who is asking: PRIVATE tariffs are listed only to their own organization. */
export interface TariffCaller {
  orgId: number | null;
}

/** The listing's rate shaping, and the window each listed version is about. */
interface ShapingContext {
  shaping: Shaping;
  windowOf: (row: TariffRow) => Window;
}

export class TariffsService {
  readonly repo: TariffsRepository;
  private readonly documents: DocumentsService;

  constructor(
    db: Db,
    private readonly lses: LsesService,
    private readonly zipcodes: ZipcodesService,
    private readonly seasons: SeasonsRepository,
    private readonly territories: TerritoriesRepository,
    private readonly keys: PropertiesRepository,
    private readonly lookups: LookupsRepository,
    private readonly now: () => Date,
    /** Resolves accountId for the tariff list; without it, accountId is a 400. */
    private readonly accountPlace?: AccountPlaceResolver,
  ) {
    this.repo = new TariffsRepository(db);
    this.documents = new DocumentsService(db);
  }

  /** Today's date in a zone, YYYY-MM-DD. */
  private today(zone: string): string {
    return DateTime.fromJSDate(this.now(), { zone }).toISODate()!;
  }

  toTariff(r: TariffRow): Tariff {
    const today = this.today(r.time_zone);
    return {
      tariffId: r.tariff_id,
      masterTariffId: r.master_tariff_id,
      tariffCode: r.tariff_code,
      tariffBookName: r.tariff_book_name,
      tariffName: r.tariff_name,
      lseId: r.lse_id,
      lseName: r.lse_name,
      serviceType: r.service_type,
      priorTariffId: r.prior_tariff_id,
      distributionLseId: r.distribution_lse_id,
      tariffType: r.tariff_type,
      customerClass: r.customer_class,
      customerCount: r.customer_count === null ? null : Number(r.customer_count),
      customerLikelihood: r.customer_likelihood,
      customerCountSource: r.customer_count_source,
      territoryId: r.territory_id,
      effectiveDate: r.effective_date,
      endDate: r.end_date,
      closedDate: r.closed_date,
      timeZone: r.time_zone,
      effectiveOnRule: r.effective_on_rule,
      billingPeriod: r.billing_period,
      currency: r.currency,
      chargeTypes: r.charge_types,
      chargePeriod: r.charge_period,
      minMonthlyConsumption: r.min_monthly_consumption,
      maxMonthlyConsumption: r.max_monthly_consumption,
      minMonthlyDemand: r.min_monthly_demand,
      maxMonthlyDemand: r.max_monthly_demand,
      hasTimeOfUseRates: fromSqlBool(r.has_time_of_use_rates),
      hasTieredRates: fromSqlBool(r.has_tiered_rates),
      hasContractedRates: fromSqlBool(r.has_contracted_rates),
      hasTariffApplicability: fromSqlBool(r.has_tariff_applicability),
      hasRateApplicability: fromSqlBool(r.has_rate_applicability),
      hasNetMetering: fromSqlBool(r.has_net_metering),
      ...exportFields(r),
      isActive: r.effective_date <= today && (r.end_date === null || r.end_date > today),
      privacy: r.privacy,
    };
  }

  /**
   * Without a date range, the version of each tariff in effect on effectiveOn (default openOn, else today; UTC dates);
   * with fromDateTime and toDateTime, every version in effect at some time in the range. Every filter is SQL, so count
   * and paging hold; rate shaping (bundleRates, applicableRatesOnly, filterRiderRates) works on the page's rates.
   */
  async list(p: TariffListParams, options: ListOptions, caller: TariffCaller = { orgId: null }) {
    const on = localDateParam('effectiveOn', p.effectiveOn, 'UTC');
    const from = localDateParam('fromDateTime', p.fromDateTime, 'UTC');
    const to = localDateParam('toDateTime', p.toDateTime, 'UTC');
    const openOn = localDateParam('openOn', p.openOn, 'UTC');
    if ((from === undefined) !== (to === undefined)) {
      throw invalidArgument(
        from === undefined ? 'fromDateTime' : 'toDateTime',
        null,
        'fromDateTime and toDateTime go together',
      );
    }
    if (from && to && to <= from)
      throw invalidArgument('toDateTime', p.toDateTime, 'toDateTime must be after fromDateTime');
    if (on && from)
      throw invalidArgument(
        'effectiveOn',
        p.effectiveOn,
        'Send effectiveOn or a fromDateTime/toDateTime range, not both',
      );
    for (const name of ['bundleRates', 'applicableRatesOnly', 'filterRiderRates'] as const) {
      if (p[name] && !p.populateRates)
        throw invalidArgument(name, 'true', `${name} shapes the rates: send it with populateRates=true`);
    }
    let customerClasses: string[] = enumList('customerClasses', p.customerClasses, CUSTOMER_CLASSES);
    const tariffTypes = enumList('tariffTypes', p.tariffTypes, TARIFF_TYPES);
    const serviceTypes = enumList('serviceTypes', p.serviceTypes, TARIFF_SERVICE_TYPES);
    const chargeTypes = enumList('chargeTypes', p.chargeTypes, RATE_CHARGE_TYPES);
    const privacyFlags = enumList('privacyFlags', p.privacyFlags, PRIVACY_FLAGS);

    // Every place given narrows the LSEs: ZIP code, address, LSE and account all hold at once.
    let lseIds: number[] | undefined;
    const narrow = (ids: number[]) => {
      lseIds = lseIds ? lseIds.filter((id) => ids.includes(id)) : ids;
    };
    const zip = await this.zipcodes.resolve({ zipCode: p.zipCode, postCode: p.postCode, country: p.country });
    if (zip) narrow(await this.lsesServing(zip.zipcode));
    if (p.addressString !== undefined) {
      if (p.addressString.trim() === '')
        throw invalidArgument(
          'addressString',
          p.addressString,
          'addressString is empty: send an address with a five-digit ZIP code (or ending "City, ST")',
        );
      const place = await this.zipcodes.resolve({ addressString: p.addressString, country: p.country });
      narrow(await this.lsesServing(place!.zipcode));
    }
    if (p.lseId !== undefined) narrow([p.lseId]);
    if (p.accountId !== undefined) {
      if (!this.accountPlace)
        throw invalidArgument(
          'accountId',
          p.accountId,
          'accountId cannot be used here: this server has no account store configured for the tariff list',
        );
      const place = await this.accountPlace(p.accountId, caller.orgId);
      if (!place) throw notFound('Account', 'accountId', p.accountId);
      // A ZIP code the account holds but Ratebook has not loaded is served by no loaded LSE.
      if (place.zipCode !== null) narrow(await this.lsesServing(place.zipCode).catch(() => []));
      if (place.lseId !== null) narrow([place.lseId]);
      if (place.customerClass !== null) {
        const own = place.customerClass.toUpperCase();
        customerClasses = customerClasses.length ? customerClasses.filter((c) => c === own) : [own];
        if (!customerClasses.length) return { rows: [], total: 0 };
      }
    }
    // PRIVATE tariffs belong to the organization that made them. Tariffs record no owning organization (unlike private
    // TOU groups, which have owner_org_id), so no caller owns one: PRIVATE matches none until tariffs have an owner.
    const privacy = (privacyFlags.length ? privacyFlags : ['PUBLIC']).filter(
      (f) => f !== 'PRIVATE' || this.ownsPrivateTariffs(caller),
    );
    const today = this.today('UTC');
    const listedOn = from ? undefined : (on ?? openOn ?? today);
    const { rows, total } = await this.repo.list(
      {
        lseIds,
        masterTariffId: p.masterTariffId,
        masterTariffIds: p.masterTariffIds,
        customerClasses,
        tariffTypes,
        serviceTypes,
        on: listedOn,
        range: from && to ? { from, to } : undefined,
        active: p.isActive === undefined ? undefined : { value: p.isActive, today },
        privacy,
        openOn,
        chargeTypes,
        riderId: p.riderId,
        territoryId: p.territoryId,
        consumption: p.consumption,
        demand: p.demand,
        flags: {
          hasNetMetering: p.hasNetMetering,
          hasTimeOfUseRates: p.hasTimeOfUseRates,
          hasTieredRates: p.hasTieredRates,
          hasContractedRates: p.hasContractedRates,
        },
      },
      options,
    );
    const shaping: Shaping = {
      bundleRates: p.bundleRates ?? false,
      applicableRatesOnly: p.applicableRatesOnly ?? false,
      filterRiderRates: p.filterRiderRates ?? false,
      territoryId: p.territoryId,
      consumption: p.consumption,
      demand: p.demand,
    };
    const windowOf = (row: TariffRow): Window => {
      const midnight = (date: string) => DateTime.fromISO(date, { zone: row.time_zone }).toMillis();
      if (listedOn !== undefined)
        return {
          from: midnight(listedOn),
          to: DateTime.fromISO(listedOn, { zone: row.time_zone }).plus({ days: 1 }).toMillis(),
        };
      return {
        from: Math.max(midnight(from!), midnight(row.effective_date)),
        to: Math.min(midnight(to!), row.end_date === null ? Infinity : midnight(row.end_date)),
      };
    };
    return {
      rows: await this.populate(
        rows,
        p.populateRates,
        p.populateProperties,
        { shaping, windowOf },
        p.populateDocuments,
      ),
      total,
    };
  }

  /**
   * The property keys the selected tariffs ask for (GET /rest/public/tariffs/properties): the list's selection (same
   * parameters, same meaning, every matching version, not a page), then each version's stored properties and the keys
   * its rates and the riders it names ask for (see tariff-questions.ts), merged one entry per key. A masterTariffId no
   * tariff has, or only as another organization's PRIVATE one, is a 404; one the other parameters leave out adds nothing.
   */
  async propertyKeys(p: TariffPropertiesParams, caller: TariffCaller = { orgId: null }): Promise<TariffPropertyKey[]> {
    // fields and the populate flags change nothing here (accepted for the original's clients: see TariffPropertiesQuery).
    const {
      masterTariffId,
      includeAll,
      propertyTypes,
      fields: _fields,
      populateProperties: _properties,
      populateRates: _rates,
      ...selection
    } = p;
    const merger = new QuestionMerger({
      includeAll: includeAll ?? false,
      propertyTypes: enumList('propertyTypes', propertyTypes, TARIFF_PROPERTY_TYPES),
    });
    const ids = masterTariffIdList(masterTariffId);
    const chunk = 500;
    const found = new Set<number>();
    const context = new RateKeyLoader(this.repo, this.keys, this.territories);
    for (let pageStart = 0; ; pageStart += chunk) {
      const { rows, total } = await this.list(
        { ...selection, masterTariffIds: ids, populateProperties: true },
        {
          paging: { pageStart, pageCount: chunk },
          search: null,
          sort: [{ field: 'masterTariffId', descending: false }],
          ext: false,
        },
        caller,
      );
      for (const source of await this.questionSources(rows, context)) {
        found.add(source.masterTariffId);
        merger.add(source);
      }
      if (!rows.length || pageStart + chunk >= total) break;
    }
    // Named but not selected: not there at all (or not the caller's to see) is a 404; otherwise it asks nothing here.
    const visible = PRIVACY_FLAGS.filter((f) => f !== 'PRIVATE' || this.ownsPrivateTariffs(caller));
    for (const id of ids ?? []) {
      if (!found.has(id) && !(await this.repo.existsWithPrivacy(id, visible)))
        throw notFound('Tariff', 'masterTariffId', id);
    }
    await context.loadKeys(merger.result().map((e) => e.keyName));
    merger.units((name) => context.unitOf(name));
    return merger.result();
  }

  /**
   * Each listed version (with its properties) as the keys it asks for: its stored properties, then what its rates ask
   * for, then the stored properties and rates of the rider versions its rates name that are in effect at some time
   * during it.
   */
  private async questionSources(tariffs: Tariff[], ctx: RateKeyLoader): Promise<QuestionSource[]> {
    const own = await ctx.rateKeys(tariffs.map((t) => t.tariffId));
    const riders = new Map<number, TariffRow[]>();
    for (const riderId of new Set(
      [...own.values()]
        .flat()
        .map((r) => r.rider_id)
        .filter((x): x is number => x !== null),
    ))
      riders.set(riderId, await this.repo.versions(riderId));
    const riderVersions = new Map<number, TariffRow[]>();
    for (const t of tariffs) {
      const named = new Set((own.get(t.tariffId) ?? []).map((r) => r.rider_id).filter((x): x is number => x !== null));
      const end = t.endDate;
      riderVersions.set(
        t.tariffId,
        [...named].flatMap((id) =>
          (riders.get(id) ?? []).filter(
            (v) => (end === null || v.effective_date < end) && (v.end_date === null || v.end_date > t.effectiveDate),
          ),
        ),
      );
    }
    const riderRows = [...new Map([...riderVersions.values()].flat().map((v) => [v.tariff_id, v])).values()];
    const riderTariffs = new Map((await this.populate(riderRows, false, true)).map((r) => [r.tariffId, r]));
    const riderRates = await ctx.rateKeys(riderRows.map((r) => r.tariff_id));
    await ctx.load([...own.values(), ...riderRates.values()].flat());
    return tariffs.map((t) => ({
      masterTariffId: t.masterTariffId,
      properties: [
        ...(t.properties ?? []),
        ...ctx.properties(own.get(t.tariffId) ?? []),
        ...riderVersions
          .get(t.tariffId)!
          .flatMap((v) => [
            ...(riderTariffs.get(v.tariff_id)?.properties ?? []),
            ...ctx.properties(riderRates.get(v.tariff_id) ?? []),
          ]),
      ],
    }));
  }

  /** Whether the caller may see PRIVATE tariffs: only their owner may, and tariffs record none (see list()). */
  private ownsPrivateTariffs(_caller: TariffCaller): boolean {
    return false;
  }

  /** The ids of the LSEs serving a ZIP code (400 or 404 naming zipCode when it is not one). */
  private async lsesServing(zipCode: string): Promise<number[]> {
    return (
      await this.lses.list(
        { zipCode },
        { paging: { pageStart: 0, pageCount: 1000 }, search: null, sort: [], ext: false },
      )
    ).rows.map((l) => l.lse_id);
  }

  /** The version in effect on effectiveOn (in the tariff's zone); without it, today's, else the latest before today. */
  async get(
    masterTariffId: number,
    p: {
      effectiveOn?: string;
      populateRates?: boolean;
      populateProperties?: boolean;
      populateDocuments?: boolean;
      lookupVariableRates?: boolean;
    },
  ): Promise<Tariff> {
    const versions = await this.repo.versions(masterTariffId);
    if (!versions.length) throw notFound('Tariff', 'masterTariffId', masterTariffId);
    const zone = versions[0]!.time_zone;
    const on = localDateParam('effectiveOn', p.effectiveOn, zone);
    const date = on ?? this.today(zone);
    const inEffect = versions.filter((v) => v.effective_date <= date && (v.end_date === null || v.end_date > date));
    let chosen = inEffect.at(-1);
    if (!chosen && on === undefined) chosen = versions.filter((v) => v.effective_date <= date).at(-1) ?? versions[0];
    if (!chosen) throw notFound('Tariff', 'effectiveOn', p.effectiveOn);
    const tariff = (
      await this.populate([chosen], p.populateRates, p.populateProperties, undefined, p.populateDocuments)
    )[0]!;
    if (p.lookupVariableRates && tariff.rates) {
      // The value in effect at the start of effectiveOn, or now.
      const at = on ? +DateTime.fromISO(on, { zone }) : +this.now();
      await this.fillVariableRates(tariff.rates, at);
    }
    return tariff;
  }

  /** Variable rates take the lookup value in effect at `at`; with none loaded their amount is unknown (null). */
  private async fillVariableRates(rates: TariffRate[], at: number): Promise<void> {
    for (const rate of rates) {
      if (!rate.variableRateKey) continue;
      const { rows } = await this.lookups.range(rate.variableRateKey, rate.variableRateSubKey ?? '', at, at + 1, {
        pageStart: 0,
        pageCount: 1,
      });
      const value = rows[0] ? (rows[0].actual_value ?? rows[0].best_value) : null;
      for (const band of rate.rateBands) band.rateAmount = value;
    }
  }

  /**
   * Every version with the rider versions in effect during it and a summary of the lookup values its rates name.
   * Version dates are local midnights in the tariff's zone; lookup summary dates are local dates.
   */
  async history(masterTariffId: number, p: { populateDocuments?: boolean } = {}): Promise<TariffHistory> {
    const versions = await this.repo.versions(masterTariffId);
    if (!versions.length) throw notFound('Tariff', 'masterTariffId', masterTariffId);
    const first = versions[0]!;
    const latest = versions.at(-1)!;
    const zone = first.time_zone;
    const midnight = (date: string | null) => (date === null ? null : formatDateTime(DateTime.fromISO(date, { zone })));
    const localDate = (ms: number | null) => (ms === null ? null : DateTime.fromMillis(ms, { zone }).toISODate());
    const { rates } = await this.repo.rates(versions.map((v) => v.tariff_id));
    const documents = p.populateDocuments
      ? await this.documents.ofTariffs(versions.map((v) => v.tariff_id))
      : undefined;
    const tariffVersions = [];
    for (const v of versions) {
      const own = rates.filter((r) => r.tariff_id === v.tariff_id);
      const riderVersions = [];
      for (const riderId of new Set(own.map((r) => r.rider_id).filter((x): x is number => x !== null))) {
        for (const rv of await this.repo.versions(riderId)) {
          // Rider versions in effect at some time during this version.
          if (
            (v.end_date === null || rv.effective_date < v.end_date) &&
            (rv.end_date === null || rv.end_date > v.effective_date)
          ) {
            riderVersions.push({
              riderId,
              riderTariffId: rv.tariff_id,
              effectiveDate: midnight(rv.effective_date)!,
              endDate: midnight(rv.end_date),
            });
          }
        }
      }
      const lookups = [
        ...new Map(
          own
            .filter((r) => r.variable_rate_key)
            .map((r) => [`${r.variable_rate_key}\0${r.variable_rate_sub_key ?? ''}`, r]),
        ).values(),
      ];
      const lookupVariableRates = [];
      let lastUpdated = v.last_updated ? Date.parse(v.last_updated) : null;
      for (const r of lookups) {
        const stats = await this.lookups.stats(r.variable_rate_key!, r.variable_rate_sub_key ?? undefined);
        if (stats.lastUpdated !== null) lastUpdated = Math.max(lastUpdated ?? 0, stats.lastUpdated);
        lookupVariableRates.push({
          propertyKey: r.variable_rate_key!,
          subPropertyKey: r.variable_rate_sub_key,
          fromDate: localDate(stats.minFrom),
          toDate: localDate(stats.maxTo),
          lastUpdatedDate:
            stats.lastUpdated === null ? null : formatDateTime(DateTime.fromMillis(stats.lastUpdated, { zone })),
          count: stats.lookupCount,
        });
      }
      tariffVersions.push({
        tariffId: v.tariff_id,
        effectiveDate: midnight(v.effective_date)!,
        endDate: midnight(v.end_date),
        lastUpdatedDate: lastUpdated === null ? null : formatDateTime(DateTime.fromMillis(lastUpdated, { zone })),
        riderVersions,
        lookupVariableRates,
        ...(documents ? { documents: documents.get(v.tariff_id) ?? [] } : {}),
      });
    }
    return {
      masterTariffId,
      tariffCode: latest.tariff_code,
      tariffName: latest.tariff_name,
      lseId: latest.lse_id,
      serviceType: latest.service_type,
      customerClass: latest.customer_class,
      initialEffectiveDate: midnight(first.effective_date)!,
      closedDate: latest.closed_date,
      tariffVersions,
    };
  }

  private async populate(
    rows: TariffRow[],
    rates?: boolean,
    properties?: boolean,
    shaping?: ShapingContext,
    documents?: boolean,
  ): Promise<Tariff[]> {
    const out = rows.map((r) => this.toTariff(r));
    const ids = rows.map((r) => r.tariff_id);
    if (rates) {
      const byTariff = await this.ratesOf(rows);
      for (const t of out) t.rates = byTariff.get(t.tariffId) ?? [];
      if (shaping && shapes(shaping.shaping)) await this.shape(rows, out, shaping);
    }
    if (properties) {
      const byTariff = await this.propertiesOf(ids);
      for (const t of out) t.properties = byTariff.get(t.tariffId) ?? [];
    }
    if (documents) {
      const byTariff = await this.documents.ofTariffs(ids);
      for (const t of out) t.documents = byTariff.get(t.tariffId) ?? [];
    }
    return out;
  }

  /** Applies the listing's rate shaping to each version, with the rates of the riders it names in its window. */
  private async shape(rows: TariffRow[], tariffs: Tariff[], { shaping, windowOf }: ShapingContext): Promise<void> {
    const riderVersions = new Map<number, TariffRow[]>();
    const ratesOfVersion = new Map<number, TariffRate[]>();
    for (const [i, t] of tariffs.entries()) {
      const window = windowOf(rows[i]!);
      const riderRates = new Map<number, TariffRate[]>();
      for (const riderId of new Set(t.rates!.filter(isRiderPointer).map((r) => r.riderId!))) {
        if (!riderVersions.has(riderId)) riderVersions.set(riderId, await this.repo.versions(riderId));
        // The rider versions in effect at some time in the window, each in its own zone.
        const inWindow = riderVersions.get(riderId)!.filter((v) => {
          const start = DateTime.fromISO(v.effective_date, { zone: v.time_zone }).toMillis();
          const end = v.end_date === null ? Infinity : DateTime.fromISO(v.end_date, { zone: v.time_zone }).toMillis();
          return start < window.to && end > window.from;
        });
        const missing = inWindow.filter((v) => !ratesOfVersion.has(v.tariff_id));
        if (missing.length) {
          const loaded = await this.ratesOf(missing);
          for (const v of missing) ratesOfVersion.set(v.tariff_id, loaded.get(v.tariff_id) ?? []);
        }
        riderRates.set(
          riderId,
          inWindow.flatMap((v) => ratesOfVersion.get(v.tariff_id)!),
        );
      }
      t.rates = shapeRates(t.rates!, window, shaping, riderRates);
    }
  }

  private async ratesOf(tariffs: TariffRow[]): Promise<Map<number, TariffRate[]>> {
    const { rates, bands } = await this.repo.rates(tariffs.map((t) => t.tariff_id));
    const zoneOf = new Map(tariffs.map((t) => [t.tariff_id, t.time_zone]));
    const seasons = new Map(
      (
        await this.seasons.byIds([...new Set(rates.map((r) => r.season_id).filter((x): x is number => x !== null))])
      ).map((s) => [s.season_id, s]),
    );
    const tous = new Map(
      (await this.repo.tous([...new Set(rates.map((r) => r.tou_id).filter((x): x is number => x !== null))])).map(
        (t) => [t.tou_id, t],
      ),
    );
    const territories = new Map<number, Awaited<ReturnType<TerritoriesRepository['find']>>>();
    for (const id of new Set(rates.map((r) => r.territory_id).filter((x): x is number => x !== null)))
      territories.set(id, await this.territories.find(id));
    const out = new Map<number, TariffRate[]>();
    for (const r of rates) {
      const zone = zoneOf.get(r.tariff_id)!;
      const when = (local: string | null) => (local === null ? null : formatDateTime(localDateTime(local, zone)));
      const season = r.season_id === null ? undefined : seasons.get(r.season_id);
      const tou = r.tou_id === null ? undefined : tous.get(r.tou_id);
      const territory = r.territory_id === null ? undefined : territories.get(r.territory_id);
      const rate: TariffRate = {
        tariffRateId: r.tariff_rate_id,
        masterTariffRateId: r.master_tariff_rate_id,
        tariffId: r.tariff_id,
        riderTariffId: r.rider_tariff_id,
        riderId: r.rider_id,
        tariffSequenceNumber: r.tariff_sequence_number,
        rateGroupName: r.rate_group_name,
        rateName: r.rate_name,
        fromDateTime: when(r.from_date_time),
        toDateTime: when(r.to_date_time),
        chargeType: r.charge_type,
        chargeClass: r.charge_class,
        chargePeriod: r.charge_period,
        transactionType: r.transaction_type,
        quantityKey: r.quantity_key,
        applicabilityKey: r.applicability_key,
        variableLimitKey: r.variable_limit_key,
        variableRateKey: r.variable_rate_key,
        variableRateSubKey: r.variable_rate_sub_key,
        variableFactorKey: r.variable_factor_key,
        edgePredominance: r.edge_predominance,
        territory: territory
          ? {
              territoryId: territory.territoryId,
              territoryName: territory.territoryName,
              lseId: territory.lseId,
              lseName: territory.lseName,
              usageType: territory.usageType,
            }
          : null,
        season: season ? toSeason(season, false) : null,
        timeOfUse: tou
          ? {
              touId: tou.tou_id,
              touGroupId: tou.tou_group_id,
              lseId: tou.lse_id,
              touName: tou.tou_name,
              touType: tou.tou_type,
              calendarId: tou.calendar_id,
              isDynamic: fromSqlBool(tou.is_dynamic),
            }
          : null,
        rateBands: (bands.get(r.tariff_rate_id) ?? []).map((b) => ({
          tariffRateBandId: b.tariff_rate_band_id,
          tariffRateId: b.tariff_rate_id,
          rateSequenceNumber: b.rate_sequence_number,
          hasConsumptionLimit: fromSqlBool(b.has_consumption_limit),
          consumptionUpperLimit: b.consumption_upper_limit,
          hasDemandLimit: fromSqlBool(b.has_demand_limit),
          demandUpperLimit: b.demand_upper_limit,
          hasPropertyLimit: fromSqlBool(b.has_property_limit),
          propertyUpperLimit: b.property_upper_limit,
          applicabilityValue: b.applicability_value,
          calculationFactor: b.calculation_factor,
          rateAmount: b.rate_amount,
          rateUnit: b.rate_unit,
          isCredit: fromSqlBool(b.is_credit),
          prevUpperLimit: b.prev_upper_limit,
        })),
        prorationRules: csvList(r.proration_rules),
        tierScope: r.tier_scope,
      };
      (out.get(r.tariff_id) ?? out.set(r.tariff_id, []).get(r.tariff_id)!).push(rate);
    }
    return out;
  }

  private async propertiesOf(tariffIds: number[]): Promise<Map<number, TariffProperty[]>> {
    const rows = await this.repo.properties(tariffIds);
    const names = [...new Set(rows.map((r) => r.key_name))];
    const keys = new Map<string, Awaited<ReturnType<PropertiesRepository['find']>>>();
    for (const n of names) keys.set(n, await this.keys.find(n));
    const choices = await this.keys.choicesOf(names);
    const out = new Map<number, TariffProperty[]>();
    for (const r of rows) {
      const key = keys.get(r.key_name);
      const property: TariffProperty = {
        keyName: r.key_name,
        quantityKey: r.quantity_key,
        displayName: key?.display_name ?? null,
        family: key?.family ?? null,
        keyspace: key?.keyspace ?? null,
        description: key?.description ?? null,
        dataType: key?.data_type ?? null,
        propertyTypes: r.property_types,
        operator: r.operator,
        propertyValue: r.property_value,
        minValue: r.min_value,
        maxValue: r.max_value,
        period: r.period,
        choices: choices.get(r.key_name) ?? null,
        isDefault: fromSqlBool(r.is_default),
      };
      (out.get(r.tariff_id) ?? out.set(r.tariff_id, []).get(r.tariff_id)!).push(property);
    }
    return out;
  }
}

/** The export rules a calculation on this version applies (defaults filled in); all null when it names none. */
function exportFields(r: TariffRow) {
  const rules = exportRulesOf(r);
  return {
    exportArrangement: rules?.arrangement ?? null,
    trueUpMonth: rules?.trueUpMonth ?? null,
    yearEndSellRate: rules?.yearEndSellRate ?? null,
    yearEndCreditPaid: rules?.yearEndCreditPaid ?? null,
  };
}

/** Loads, and keeps for one request, what rate-derived keys need: the rate facts, property keys, choices and territories. */
class RateKeyLoader {
  private readonly keys = new Map<string, PropertyKeyRow>();
  private readonly choices = new Map<string, NonNullable<TariffPropertyKey['choices']>>();
  private readonly loadedKeys = new Set<string>();
  private readonly territoryNames = new Map<number, string | null>();

  constructor(
    private readonly repo: TariffsRepository,
    private readonly keyRepo: PropertiesRepository,
    private readonly territories: TerritoriesRepository,
  ) {}

  /** The rate facts of each version (in chunks the databases' parameter limits allow). */
  async rateKeys(tariffIds: number[]): Promise<Map<number, RateKeyRow[]>> {
    const out = new Map<number, RateKeyRow[]>();
    for (let i = 0; i < tariffIds.length; i += 500) {
      for (const r of await this.repo.rateKeys(tariffIds.slice(i, i + 500)))
        (out.get(r.tariff_id) ?? out.set(r.tariff_id, []).get(r.tariff_id)!).push(r);
    }
    return out;
  }

  /** Loads the keys and territories the facts name that are not loaded yet. */
  async load(rows: readonly RateKeyRow[]): Promise<void> {
    await this.loadKeys(rateKeyNames(rows));
    for (const id of new Set(rows.map((r) => r.territory_id).filter((x): x is number => x !== null))) {
      if (!this.territoryNames.has(id))
        this.territoryNames.set(id, (await this.territories.find(id))?.territoryName ?? null);
    }
  }

  /** Loads the property keys (and their choices) of these names that are not loaded yet. */
  async loadKeys(keyNames: readonly string[]): Promise<void> {
    const names = [...new Set(keyNames)].filter((n) => !this.loadedKeys.has(n));
    for (let i = 0; i < names.length; i += 500) {
      const part = names.slice(i, i + 500);
      for (const k of await this.repo.propertyKeys(part)) this.keys.set(k.key_name, k);
      for (const [k, list] of await this.keyRepo.choicesOf(part)) this.choices.set(k, list);
    }
    for (const n of names) this.loadedKeys.add(n);
  }

  properties(rows: readonly RateKeyRow[]) {
    return rateKeyProperties(rows, {
      keys: this.keys,
      choices: this.choices,
      territoryName: (id) => this.territoryNames.get(id) ?? null,
    });
  }

  /** A key's unit, when it is a property key that has one (after loadKeys). */
  unitOf(keyName: string): string | null {
    return this.keys.get(keyName)?.quantity_unit ?? null;
  }
}
