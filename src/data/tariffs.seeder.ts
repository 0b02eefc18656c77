// Loads the starter tariffs (versions, rates, bands and properties), replacing exactly the starter versions.
import type { Seeder } from './seeder.ts';
import { DateTime } from 'luxon';
import { insertInChunks } from '../db/insert-chunks.ts';
import { STARTER_TARIFFS } from './starter/tariffs/index.ts';
import { derivedTariffFlags } from './starter/tariffs/derived-flags.ts';
import { E1_FORMER_MASTER_TARIFF_ID, E1_MASTER_TARIFF_ID } from './starter/tariffs/pge-residential.data.ts';

export const tariffsSeeder: Seeder = {
  name: 'starter-tariffs',
  // 2: the rate model's TOU, territory, class, period and demand fields; flags derived from the rates.
  // 3: versions current on 2026-11-25, every PG&E baseline territory, SCE regions and SDG&E zones, closedDate and
  //    lastUpdated from the data.
  // 4: PG&E E-1 under the original API's masterTariffId (522); accounts on its former id follow it.
  // 5: SDG&E DR of 2026-06-01, Georgia Power TOU-REO-18 (2025).
  // 6: SDG&E TOU-DR1 of 2026-08-01 (its Baseline Adjustment Credit up to 130 % of the allowance in every version),
  //    Pedernales of 2026-03-01.
  // 7: PG&E E-ELEC under the Net Billing Tariff (Solar Billing Plan), with its export arrangement.
  version: 7,
  async run(trx) {
    await trx
      .updateTable('account_tariffs')
      .set({ master_tariff_id: E1_MASTER_TARIFF_ID })
      .where('master_tariff_id', '=', E1_FORMER_MASTER_TARIFF_ID)
      .execute();
    const ids = STARTER_TARIFFS.map((t) => t.tariffId);
    const rateIds = STARTER_TARIFFS.flatMap((t) => t.rates.map((r) => r.id));
    await trx.deleteFrom('tariff_rate_bands').where('tariff_rate_id', 'in', rateIds).execute();
    await trx.deleteFrom('tariff_rates').where('tariff_id', 'in', ids).execute();
    await trx.deleteFrom('tariff_properties').where('tariff_id', 'in', ids).execute();
    await trx.deleteFrom('tariffs').where('tariff_id', 'in', ids).execute();
    let rows = 0;
    for (const t of STARTER_TARIFFS) {
      const flags = derivedTariffFlags(t);
      await trx
        .insertInto('tariffs')
        .values({
          tariff_id: t.tariffId,
          master_tariff_id: t.masterTariffId,
          tariff_code: t.tariffCode,
          tariff_book_name: null,
          tariff_name: t.tariffName,
          lse_id: t.lseId,
          service_type: 'ELECTRICITY',
          prior_tariff_id: t.priorTariffId,
          distribution_lse_id: null,
          tariff_type: t.tariffType,
          customer_class: t.customerClass,
          customer_count: t.customerCount,
          customer_likelihood: null,
          customer_count_source: null,
          territory_id: null,
          privacy: 'PUBLIC',
          effective_date: t.effectiveDate,
          end_date: t.endDate,
          closed_date: t.closedDate ?? null,
          time_zone: t.timeZone,
          effective_on_rule: null,
          billing_period: 'MONTHLY',
          currency: 'USD',
          charge_types: t.chargeTypes ?? flags.chargeTypes,
          charge_period: 'MONTHLY',
          min_monthly_consumption: null,
          max_monthly_consumption: null,
          min_monthly_demand: null,
          max_monthly_demand: null,
          has_time_of_use_rates: flags.hasTimeOfUseRates,
          has_tiered_rates: flags.hasTieredRates,
          has_contracted_rates: false,
          has_tariff_applicability: false,
          has_rate_applicability: flags.hasRateApplicability,
          has_net_metering: t.hasNetMetering ?? false,
          export_arrangement: t.exportRules?.arrangement ?? null,
          true_up_month: t.exportRules?.trueUpMonth ?? null,
          year_end_credit_paid: t.exportRules?.yearEndCreditPaid ?? null,
          export_arrangement_from: t.exportRules?.newSolarFrom ?? null,
          last_updated: lastUpdatedInstant(t),
          source: t.source,
        })
        .execute();
      await insertInChunks(
        trx,
        'tariff_properties',
        t.properties.map((p, sequence) => ({
          tariff_id: t.tariffId,
          sequence,
          key_name: p.keyName,
          property_types: p.propertyTypes,
          operator: p.operator,
          property_value: p.propertyValue,
          min_value: null,
          max_value: null,
          period: null,
          quantity_key: null,
          is_default: p.isDefault,
        })),
      );
      for (const r of t.rates) {
        await trx
          .insertInto('tariff_rates')
          .values({
            tariff_rate_id: r.id,
            tariff_id: t.tariffId,
            master_tariff_rate_id: null,
            rider_tariff_id: null,
            rider_id: r.riderId ?? null,
            tariff_sequence_number: r.seq,
            rate_group_name: r.group,
            rate_name: r.name,
            from_date_time: r.from ?? t.ratesFrom ?? `${t.effectiveDate}T00:00:00`,
            to_date_time: r.to ?? null,
            charge_type: r.riderId === undefined ? r.chargeType : null,
            charge_class: r.chargeClass ?? null,
            charge_period: r.chargePeriod ?? 'MONTHLY',
            transaction_type: r.transactionType ?? null,
            quantity_key: r.quantityKey ?? null,
            applicability_key: r.applicabilityKey ?? null,
            variable_limit_key: null,
            variable_rate_key: r.variableRateKey ?? null,
            variable_rate_sub_key: null,
            variable_factor_key: null,
            edge_predominance: null,
            territory_id: r.territoryId ?? null,
            season_id: r.seasonId ?? null,
            tou_id: r.touId ?? null,
            proration_rules: null,
          })
          .execute();
        // Every band of a tiered rate has a consumption limit, the open last one included (as the original shows).
        const tiered = r.bands.some((b) => b.upTo !== undefined);
        const demandTiered = r.bands.some((b) => b.demandUpTo !== undefined);
        await insertInChunks(
          trx,
          'tariff_rate_bands',
          r.bands.map((b, i) => ({
            tariff_rate_band_id: b.id,
            tariff_rate_id: r.id,
            rate_sequence_number: i + 1,
            has_consumption_limit: tiered,
            consumption_upper_limit: b.upTo ?? null,
            has_demand_limit: demandTiered,
            demand_upper_limit: b.demandUpTo ?? null,
            has_property_limit: false,
            property_upper_limit: null,
            applicability_value: b.applicabilityValue ?? null,
            calculation_factor: b.factor ?? null,
            rate_amount: b.amount,
            rate_unit: b.unit ?? 'COST_PER_UNIT',
            is_credit: b.isCredit ?? false,
            prev_upper_limit: null,
          })),
        );
        rows += 1 + r.bands.length;
      }
    }
    return rows;
  },
};

/** The version's lastUpdated date as an instant (local midnight in its zone), written as URDB revisions are. */
export function lastUpdatedInstant(t: { lastUpdated: string; timeZone: string }): string {
  const local = DateTime.fromISO(t.lastUpdated, { zone: t.timeZone });
  if (!local.isValid) throw new Error(`starter tariff lastUpdated ${t.lastUpdated} is not a date`);
  return local.toUTC().toISO({ suppressMilliseconds: true })!;
}
