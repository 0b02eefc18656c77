// A stored tariff version as the API shows it: its row as a Tariff (isActive judged on today's date in its zone), with
// its rates (shaped as a listing asks, riders' rates joined in their window), properties and documents when asked.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { fromSqlBool } from '../../db/sql-values.ts';
import { formatDateTime } from '../../engine/time/datetime-input.ts';
import { localDateTime } from '../../engine/time/local-days.ts';
import { csvList } from '../../http/list-params.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import { toSeason, type SeasonsRepository } from '../seasons/seasons.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import { exportRulesOf } from './export-rules-row.ts';
import { isRiderPointer, shapeRates, shapes, type Shaping, type Window } from './rate-shaping.ts';
import type { TariffProperty } from './tariff-questions.ts';
import type { TariffRow, TariffsRepository } from './tariffs.repository.ts';
import type { TariffRateSchema, TariffSchema } from './tariffs.schemas.ts';

export type Tariff = Static<typeof TariffSchema>;
export type TariffRate = Static<typeof TariffRateSchema>;

/** Today's date in a zone, YYYY-MM-DD. */
export const todayIn = (now: Date, zone: string): string => DateTime.fromJSDate(now, { zone }).toISODate()!;

/** The listing's rate shaping, and the window each listed version is about. */
export interface ShapingContext {
  shaping: Shaping;
  windowOf: (row: TariffRow) => Window;
}

export class TariffView {
  constructor(
    private readonly repo: TariffsRepository,
    private readonly seasons: SeasonsRepository,
    private readonly territories: TerritoriesRepository,
    private readonly keys: PropertiesRepository,
    private readonly documents: DocumentsService,
    private readonly now: () => Date,
  ) {}

  toTariff(r: TariffRow): Tariff {
    const today = todayIn(this.now(), r.time_zone);
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

  /** The versions as Tariffs, each with what is asked for (rates shaped by `shaping` when given). */
  async populate(
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
    const riderVersions = new Map<string, TariffRow[]>();
    const ratesOfVersion = new Map<number, TariffRate[]>();
    for (const [i, t] of tariffs.entries()) {
      const window = windowOf(rows[i]!);
      const riderRates = new Map<number, TariffRate[]>();
      for (const riderId of new Set(t.rates!.filter(isRiderPointer).map((r) => r.riderId!))) {
        // A rider is read as the owner of the version naming it sees it (authoring refuses a rider its author cannot see).
        const key = `${riderId}:${rows[i]!.owner_org_id ?? ''}`;
        if (!riderVersions.has(key))
          riderVersions.set(key, await this.repo.versions(riderId, { orgId: rows[i]!.owner_org_id }));
        // The rider versions in effect at some time in the window, each in its own zone.
        const inWindow = riderVersions.get(key)!.filter((v) => {
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
    exportArrangementFrom: rules?.newSolarFrom ?? null,
  };
}
