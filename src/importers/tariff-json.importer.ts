// Tariffs in the original API's JSON (the answer of GET /rest/public/tariffs/{id}?populateRates=true&
// populateProperties=true, a list of such tariffs, or one per line), with their ids kept so that users of the hosted
// API can bring their tariffs along. A version already stored under its tariffId is replaced when the record
// differs and left alone when it does not. Seasons a rate carries in full are created when missing; an LSE missing
// is created from lseId and lseName; property keys missing are created from the tariff's properties (and LOOKUP keys
// from variableRateKey). A rate naming a TOU that is not stored cannot be priced: such a tariff is skipped.
// The same checks and writing serve tariff authoring (POST /rest/beta/tariffs: writeTariffRecord with an owner), where
// a refusal names the record's field and nothing shared is created: the LSE, seasons and property keys must be stored,
// and the TOUs and riders named must be ones the owner sees.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { DateTime, IANAZone } from 'luxon';
import type { Database, Db } from '../db/database.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import { insertKeyIfMissing, propertyKeyRow } from '../domain/properties/property-key-row.ts';
import { insertLse } from './new-lse.ts';
import { jsonRecords } from './json-records.ts';
import { emptySummary, type ImportSummary } from './summary.ts';
import { writeTransaction } from '../db/transaction.ts';
import { attachDocuments } from '../domain/documents/document-writer.ts';
import { tariffJsonDocuments } from './tariff-json-documents.ts';
import { isObject, positiveId } from './json-values.ts';
import { EXPORT_ARRANGEMENTS } from '../engine/tariff/model.ts';

type Trx = Transaction<Database>;
// A record of the original API's tariff JSON: each field is checked (typeof, positiveId, ...) where it is read.
// biome-ignore lint/suspicious/noExplicitAny: `unknown` here costs a cast at each of ~45 reads that are checked anyway.
type Json = Record<string, any>;

/** A tariff record refused: why, and the field of the record that says so (null: no one field). */
export class TariffRecordRefused extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
    readonly value: unknown = null,
  ) {
    super(message);
  }
}
const Skip = TariffRecordRefused;

/** Who writes a record: an import of reference data (owner null), or an organization authoring its own tariff. */
export interface TariffWriter {
  /** The import's file or URL (import); what the tariff's `source` says (authoring). */
  source: string;
  /** The organization whose private tariff this is; null: reference data, everyone's. */
  owner: number | null;
}

// Readers that give each column a value of its type or null: a record of the wrong shape never reaches SQL.
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** An integer a 32-bit integer column holds (customer counts, sequence numbers, months and days). */
const int = (v: unknown): number | null =>
  Number.isInteger(v) && Math.abs(v as number) <= 2_147_483_647 ? (v as number) : null;
const bool = (v: unknown): boolean => v === true;
const isKeyName = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The local date of a date field ("2016-06-01" or a date-time with offset, as the original writes them); null when absent. */
function isoDate(v: unknown, field: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  const date = typeof v === 'string' ? v.slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date).isValid)
    throw new Skip(`${field} ${JSON.stringify(v)} is not a date`, field, v);
  return date;
}

/**
 * A tariff's export rules as Ratebook's own tariff JSON writes them and its answers send them (the original API has
 * no such fields: exportArrangement, trueUpMonth, yearEndSellRate, yearEndCreditPaid, exportArrangementFrom): a value
 * present but not one the engine knows skips the tariff rather than billing exports some other way.
 */
function exportColumns(t: Json) {
  const arrangement = t.exportArrangement ?? null;
  if (arrangement !== null && !EXPORT_ARRANGEMENTS.includes(arrangement))
    throw new Skip(
      `exportArrangement ${JSON.stringify(arrangement)} is not one of ${EXPORT_ARRANGEMENTS.join(', ')}`,
      'exportArrangement',
      arrangement,
    );
  const month = t.trueUpMonth ?? null;
  if (month !== null && !(Number.isInteger(month) && month >= 1 && month <= 12))
    throw new Skip(`trueUpMonth ${JSON.stringify(month)} is not a month 1-12`, 'trueUpMonth', month);
  const rate = t.yearEndSellRate ?? null;
  if (rate !== null && !(typeof rate === 'number' && rate >= 0 && rate <= 100))
    throw new Skip(`yearEndSellRate ${JSON.stringify(rate)} is not a price 0-100 per kWh`, 'yearEndSellRate', rate);
  const paid = t.yearEndCreditPaid ?? null;
  if (paid !== null && typeof paid !== 'boolean')
    throw new Skip(`yearEndCreditPaid ${JSON.stringify(paid)} is not true or false`, 'yearEndCreditPaid', paid);
  // From when a new solar customer gets the arrangement (PG&E's net billing: 2023-04-15): a date of the arrangement.
  const from = isoDate(t.exportArrangementFrom, 'exportArrangementFrom');
  if (from !== null && arrangement === null)
    throw new Skip(
      'exportArrangementFrom names when a new solar customer gets the exportArrangement: give that too',
      'exportArrangementFrom',
      t.exportArrangementFrom,
    );
  return {
    export_arrangement_from: from,
    export_arrangement: arrangement as string | null,
    true_up_month: month as number | null,
    year_end_sell_rate: rate as number | null,
    year_end_credit_paid: paid as boolean | null,
  };
}

/** The objects of a list field, or a Skip naming the entry that is not one. */
function objects(v: unknown, field: string): Json[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Skip(`${field} is not a list`, field, null);
  v.forEach((x, k) => {
    if (!isObject(x)) throw new Skip(`${field}[${k}] is not an object`, `${field}[${k}]`, null);
  });
  return v as Json[];
}

export async function importTariffJson(
  db: Db,
  stream: Readable,
  source: string,
  onRecord: (count: number) => void = () => {},
): Promise<ImportSummary> {
  const summary = emptySummary('tariffs', source);
  await writeTransaction(db, async (trx) => {
    for await (const { record, where } of jsonRecords(stream, source)) {
      summary.records++;
      onRecord(summary.records);
      try {
        summary[await writeTariffRecord(trx, record as Json, { source, owner: null })]++;
        // Also for an unchanged tariff: a database from before documents existed gets them on the next import.
        await attachDocuments(trx, record.tariffId as number, tariffJsonDocuments(record as Json));
      } catch (e) {
        if (!(e instanceof Skip)) throw e;
        summary.skipped.push({
          label: `${str(record.tariffId) ?? where} (${str(record.tariffName) ?? 'no name'})`,
          reason: e.message,
        });
      }
    }
  });
  return summary;
}

/**
 * Writes one record in the transaction: created, or the version of its tariffId replaced ('unchanged' when the same
 * record was imported before). Throws TariffRecordRefused, before writing anything, when the record cannot be stored.
 */
export async function writeTariffRecord(
  trx: Trx,
  t: Json,
  writer: TariffWriter,
): Promise<'created' | 'updated' | 'unchanged'> {
  const { source, owner } = writer;
  for (const field of ['tariffId', 'masterTariffId', 'lseId'] as const)
    if (!positiveId(t[field])) throw new Skip(`${field} is missing or not an id`, field, t[field] ?? null);
  if (!str(t.tariffName)) throw new Skip('tariffName is missing', 'tariffName', t.tariffName ?? null);
  const effectiveDate = isoDate(t.effectiveDate, 'effectiveDate');
  if (effectiveDate === null) throw new Skip('effectiveDate is missing', 'effectiveDate', null);
  const endDate = isoDate(t.endDate, 'endDate');
  if (endDate !== null && endDate <= effectiveDate)
    throw new Skip(`endDate ${endDate} is not after effectiveDate ${effectiveDate}`, 'endDate', t.endDate);
  const closedDate = isoDate(t.closedDate, 'closedDate');
  const zone = str(t.timeZone);
  if (!zone || !IANAZone.isValidZone(zone))
    throw new Skip(`timeZone "${zone ?? ''}" is not an IANA time zone`, 'timeZone', t.timeZone ?? null);
  const exportRules = exportColumns(t);
  const rates = objects(t.rates, 'rates');
  const properties = objects(t.properties, 'properties');
  rates.forEach((r, k) => {
    r.rateBands = objects(r.rateBands, `rates[${k}].rateBands`);
    for (const part of ['season', 'timeOfUse', 'territory'] as const)
      if (r[part] !== undefined && r[part] !== null && !isObject(r[part]))
        throw new Skip(`rates[${k}].${part} is not an object`, `rates[${k}].${part}`, null);
  });
  const hash = owner === null ? createHash('sha256').update(JSON.stringify(t)).digest('hex') : null;
  const existing = await trx
    .selectFrom('tariffs')
    .select(['tariff_id', 'import_hash', 'owner_org_id'])
    .where('tariff_id', '=', t.tariffId)
    .executeTakeFirst();
  // An organization's own tariff is never taken over by an import or another organization (nor joined by a version).
  if (existing && existing.owner_org_id !== owner)
    throw new Skip(`tariffId ${t.tariffId} is another owner's tariff version`, 'tariffId', t.tariffId);
  const master = await trx
    .selectFrom('tariffs')
    .select('owner_org_id')
    .where('master_tariff_id', '=', t.masterTariffId)
    .where('tariff_id', '!=', t.tariffId)
    .executeTakeFirst();
  if (master && master.owner_org_id !== owner)
    throw new Skip(`masterTariffId ${t.masterTariffId} is another owner's tariff`, 'masterTariffId', t.masterTariffId);
  if (hash !== null && existing?.import_hash === hash) return 'unchanged';
  if (owner !== null) await refuseWhatAuthoringCannotMake(trx, t, rates, properties, owner);

  // Everything that can skip the tariff is checked before anything of it is written.
  for (const [k, r] of rates.entries()) {
    if (!positiveId(r.tariffRateId)) throw new Skip('a rate has no tariffRateId', `rates[${k}].tariffRateId`, null);
    for (const [j, b] of (r.rateBands as Json[]).entries())
      if (!positiveId(b.tariffRateBandId))
        throw new Skip(
          `a band of rate ${r.tariffRateId} has no tariffRateBandId`,
          `rates[${k}].rateBands[${j}].tariffRateBandId`,
          null,
        );
    const touId = r.timeOfUse?.touId;
    const touField = `rates[${k}].timeOfUse.touId`;
    if (touId !== undefined && touId !== null && !positiveId(touId))
      throw new Skip(
        `rate ${r.tariffRateId} names time of use "${String(touId)}", which is not an id`,
        touField,
        touId,
      );
    // A time of use the writer sees: public, or (authoring) the owner's own private group's.
    if (
      touId !== undefined &&
      touId !== null &&
      !(await trx
        .selectFrom('tous as u')
        .innerJoin('tou_groups as g', (j) =>
          j.onRef('g.lse_id', '=', 'u.lse_id').onRef('g.tou_group_id', '=', 'u.tou_group_id'),
        )
        .select('u.tou_id')
        .where('u.tou_id', '=', touId)
        .where((eb) =>
          owner === null
            ? eb('g.owner_org_id', 'is', null)
            : eb.or([eb('g.owner_org_id', 'is', null), eb('g.owner_org_id', '=', owner)]),
        )
        .executeTakeFirst())
    ) {
      throw new Skip(
        owner === null
          ? `rate ${r.tariffRateId} names time of use ${touId}, which is not stored (its group's periods are not in a tariff's JSON)`
          : `rates[${k}] names time of use ${touId}, which is not stored (or not yours): make it first with POST /rest/timeofuses`,
        touField,
        touId,
      );
    }
  }
  // Ids of rates and bands are the original's: one stored under another tariff cannot be taken over.
  const rateIds = rates.map((r) => r.tariffRateId as number);
  if (rateIds.length) {
    const taken = await trx
      .selectFrom('tariff_rates')
      .select(['tariff_rate_id', 'tariff_id'])
      .where('tariff_rate_id', 'in', rateIds)
      .where('tariff_id', '!=', t.tariffId)
      .executeTakeFirst();
    if (taken)
      throw new Skip(
        `rate id ${taken.tariff_rate_id} belongs to tariff ${taken.tariff_id}`,
        'tariffRateId',
        taken.tariff_rate_id,
      );
    const bandIds = rates.flatMap((r) => (r.rateBands as Json[]).map((b) => b.tariffRateBandId as number));
    const takenBand = bandIds.length
      ? await trx
          .selectFrom('tariff_rate_bands')
          .select(['tariff_rate_band_id', 'tariff_rate_id'])
          .where('tariff_rate_band_id', 'in', bandIds)
          .where('tariff_rate_id', 'not in', rateIds)
          .executeTakeFirst()
      : undefined;
    if (takenBand)
      throw new Skip(
        `band id ${takenBand.tariff_rate_band_id} belongs to rate ${takenBand.tariff_rate_id}`,
        'tariffRateBandId',
        takenBand.tariff_rate_band_id,
      );
  }

  if (!(await trx.selectFrom('lses').select('lse_id').where('lse_id', '=', t.lseId).executeTakeFirst())) {
    await insertLse(trx, {
      lseId: t.lseId,
      name: str(t.lseName) ?? `LSE ${t.lseId}`,
      code: str(t.lseCode),
      serviceTypes: str(t.serviceType) ?? 'ELECTRICITY',
      timeZone: zone,
      source: `Original-API tariff JSON: ${source}`,
    });
  }
  for (const r of rates) {
    const s = r.season;
    if (
      s &&
      positiveId(s.seasonId) &&
      !(await trx.selectFrom('seasons').select('season_id').where('season_id', '=', s.seasonId).executeTakeFirst())
    ) {
      const [fromMonth, fromDay, toMonth, toDay] = [
        s.seasonFromMonth,
        s.seasonFromDay,
        s.seasonToMonth,
        s.seasonToDay,
      ].map(int);
      const dated = (month: number | null, day: number | null) =>
        month !== null && day !== null && month >= 1 && month <= 12 && day >= 1 && day <= 31;
      if (!dated(fromMonth!, fromDay!) || !dated(toMonth!, toDay!))
        throw new Skip(`season ${s.seasonId} is not stored and the rate does not give its dates`);
      if (
        positiveId(s.lseId) &&
        s.lseId !== t.lseId &&
        !(await trx.selectFrom('lses').select('lse_id').where('lse_id', '=', s.lseId).executeTakeFirst())
      )
        throw new Skip(`season ${s.seasonId} belongs to LSE ${s.lseId}, which is not stored`);
      await trx
        .insertInto('seasons')
        .values({
          season_id: s.seasonId,
          lse_id: positiveId(s.lseId) ? s.lseId : t.lseId,
          season_group_id: int(s.seasonGroupId) ?? 0,
          season_name: str(s.seasonName) ?? `Season ${s.seasonId}`,
          from_month: fromMonth!,
          from_day: fromDay!,
          from_edge_predominance: str(s.fromEdgePredominance),
          to_month: toMonth!,
          to_day: toDay!,
          to_edge_predominance: str(s.toEdgePredominance),
          source: `Original-API tariff JSON: ${source}`,
        })
        .execute();
    }
  }
  const keyNames = new Set<string>();
  for (const p of properties) if (isKeyName(p.keyName)) keyNames.add(p.keyName);
  for (const r of rates)
    for (const k of [r.applicabilityKey, r.variableRateKey, r.quantityKey]) if (isKeyName(k)) keyNames.add(k);
  for (const keyName of keyNames) {
    const p = properties.find((x) => x.keyName === keyName);
    const lookup = rates.some((r) => r.variableRateKey === keyName);
    const stored = await insertKeyIfMissing(
      trx,
      propertyKeyRow({
        key_name: keyName,
        display_name: str(p?.displayName) ?? keyName,
        family: str(p?.family),
        keyspace: str(p?.keyspace),
        description: str(p?.description),
        data_type: lookup ? 'LOOKUP' : (str(p?.dataType) ?? 'STRING'),
        quantity_unit: str(p?.quantityUnit),
        formula_detail: str(p?.formulaDetail),
        entity_id: lookup ? t.lseId : null,
        entity_type: lookup ? 'LSE' : null,
        source: `Original-API tariff JSON: ${source}`,
      }),
    );
    if (!stored) continue;
    const choices = Array.isArray(p?.choices) ? (p.choices as unknown[]).filter(isObject) : [];
    await insertInChunks(
      trx,
      'property_key_choices',
      choices.map((c, sequence) => ({
        key_name: keyName,
        sequence,
        display_value: str(c.displayValue),
        value: str(c.value) ?? '',
        data_value: str(c.dataValue),
        likelihood: numOrNull(c.likelihood),
      })),
    );
  }

  if (existing) {
    const oldRates = (
      await trx.selectFrom('tariff_rates').select('tariff_rate_id').where('tariff_id', '=', t.tariffId).execute()
    ).map((r) => r.tariff_rate_id);
    if (oldRates.length) await trx.deleteFrom('tariff_rate_bands').where('tariff_rate_id', 'in', oldRates).execute();
    await trx.deleteFrom('tariff_rates').where('tariff_id', '=', t.tariffId).execute();
    await trx.deleteFrom('tariff_properties').where('tariff_id', '=', t.tariffId).execute();
  }
  const local = (v: unknown) => {
    const text = str(v);
    if (!text) return null;
    const at = DateTime.fromISO(text, { setZone: true });
    return at.isValid ? at.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss") : null;
  };
  const row = {
    master_tariff_id: t.masterTariffId,
    tariff_code: str(t.tariffCode),
    tariff_book_name: str(t.tariffBookName),
    tariff_name: t.tariffName,
    lse_id: t.lseId,
    service_type: str(t.serviceType) ?? 'ELECTRICITY',
    prior_tariff_id: positiveId(t.priorTariffId) ? t.priorTariffId : null,
    distribution_lse_id: positiveId(t.distributionLseId) ? t.distributionLseId : null,
    tariff_type: str(t.tariffType) ?? 'DEFAULT',
    customer_class: str(t.customerClass) ?? 'GENERAL',
    customer_count: Number.isSafeInteger(t.customerCount) ? t.customerCount : null,
    customer_likelihood: numOrNull(t.customerLikelihood),
    customer_count_source: str(t.customerCountSource),
    territory_id: positiveId(t.territoryId) ? t.territoryId : null,
    privacy: owner === null ? 'PUBLIC' : 'PRIVATE',
    owner_org_id: owner,
    effective_date: effectiveDate,
    end_date: endDate,
    closed_date: closedDate,
    time_zone: zone,
    effective_on_rule: str(t.effectiveOnRule),
    billing_period: str(t.billingPeriod),
    currency: str(t.currency) ?? 'USD',
    charge_types: str(t.chargeTypes),
    charge_period: str(t.chargePeriod),
    min_monthly_consumption: numOrNull(t.minMonthlyConsumption),
    max_monthly_consumption: numOrNull(t.maxMonthlyConsumption),
    min_monthly_demand: numOrNull(t.minMonthlyDemand),
    max_monthly_demand: numOrNull(t.maxMonthlyDemand),
    has_time_of_use_rates: bool(t.hasTimeOfUseRates),
    has_tiered_rates: bool(t.hasTieredRates),
    has_contracted_rates: bool(t.hasContractedRates),
    has_tariff_applicability: bool(t.hasTariffApplicability),
    has_rate_applicability: bool(t.hasRateApplicability),
    has_net_metering: bool(t.hasNetMetering) || exportRules.export_arrangement !== null,
    ...exportRules,
    last_updated: null,
    source: owner === null ? `Original-API tariff JSON: ${source}` : source,
    import_key: owner === null ? `tariff:${t.tariffId}` : null,
    import_hash: hash,
  };
  if (existing) await trx.updateTable('tariffs').set(row).where('tariff_id', '=', t.tariffId).execute();
  else
    await trx
      .insertInto('tariffs')
      .values({ tariff_id: t.tariffId, ...row })
      .execute();
  await insertInChunks(
    trx,
    'tariff_properties',
    properties
      .filter((p) => isKeyName(p.keyName))
      .map((p, sequence) => ({
        tariff_id: t.tariffId,
        sequence,
        key_name: p.keyName as string,
        property_types: str(p.propertyTypes),
        operator: str(p.operator),
        property_value: str(p.propertyValue),
        min_value: str(p.minValue),
        max_value: str(p.maxValue),
        period: str(p.period),
        quantity_key: str(p.quantityKey),
        is_default: bool(p.isDefault),
      })),
  );
  for (const r of rates) {
    await trx
      .insertInto('tariff_rates')
      .values({
        tariff_rate_id: r.tariffRateId,
        tariff_id: t.tariffId,
        master_tariff_rate_id: positiveId(r.masterTariffRateId) ? r.masterTariffRateId : null,
        rider_tariff_id: positiveId(r.riderTariffId) ? r.riderTariffId : null,
        rider_id: positiveId(r.riderId) ? r.riderId : null,
        tariff_sequence_number: int(r.tariffSequenceNumber),
        rate_group_name: str(r.rateGroupName),
        rate_name: str(r.rateName),
        from_date_time: local(r.fromDateTime),
        to_date_time: local(r.toDateTime),
        charge_type: str(r.chargeType),
        charge_class: Array.isArray(r.chargeClass)
          ? r.chargeClass.map(str).filter(Boolean).join(',')
          : str(r.chargeClass),
        charge_period: str(r.chargePeriod),
        transaction_type: str(r.transactionType),
        quantity_key: str(r.quantityKey),
        applicability_key: str(r.applicabilityKey),
        variable_limit_key: str(r.variableLimitKey),
        variable_rate_key: str(r.variableRateKey),
        variable_rate_sub_key: str(r.variableRateSubKey),
        variable_factor_key: str(r.variableFactorKey),
        edge_predominance: str(r.edgePredominance),
        territory_id: positiveId(r.territory?.territoryId) ? r.territory.territoryId : null,
        season_id: positiveId(r.season?.seasonId) ? r.season.seasonId : null,
        tou_id: positiveId(r.timeOfUse?.touId) ? r.timeOfUse.touId : null,
        proration_rules:
          Array.isArray(r.prorationRules) && r.prorationRules.length
            ? r.prorationRules.map(str).filter(Boolean).join(',')
            : null,
        tier_scope: str(r.tierScope),
      })
      .execute();
    const bands = r.rateBands as Json[];
    await insertInChunks(
      trx,
      'tariff_rate_bands',
      bands.map((b, i) => ({
        tariff_rate_band_id: b.tariffRateBandId as number,
        tariff_rate_id: r.tariffRateId,
        rate_sequence_number: int(b.rateSequenceNumber) ?? i + 1,
        has_consumption_limit: bool(b.hasConsumptionLimit),
        consumption_upper_limit: numOrNull(b.consumptionUpperLimit),
        has_demand_limit: bool(b.hasDemandLimit),
        demand_upper_limit: numOrNull(b.demandUpperLimit),
        has_property_limit: bool(b.hasPropertyLimit),
        property_upper_limit: numOrNull(b.propertyUpperLimit),
        applicability_value: str(b.applicabilityValue),
        calculation_factor: numOrNull(b.calculationFactor),
        rate_amount: numOrNull(b.rateAmount),
        rate_unit: str(b.rateUnit) ?? 'COST_PER_UNIT',
        is_credit: bool(b.isCredit),
        prev_upper_limit: numOrNull(b.prevUpperLimit),
      })),
    );
  }
  return existing ? 'updated' : 'created';
}

/**
 * Authoring writes an organization's own tariff and nothing everyone shares: the LSE, the seasons, the territories
 * and the property keys a record names must be stored, and a rider it names must be a tariff the owner sees. Each
 * refusal names the record's field.
 */
async function refuseWhatAuthoringCannotMake(
  trx: Trx,
  t: Json,
  rates: Json[],
  properties: Json[],
  owner: number,
): Promise<void> {
  if (!(await trx.selectFrom('lses').select('lse_id').where('lse_id', '=', t.lseId).executeTakeFirst()))
    throw new Skip(`No LSE ${t.lseId} is loaded`, 'lseId', t.lseId);
  const territoryStored = async (id: number) =>
    (await trx.selectFrom('territories').select('territory_id').where('territory_id', '=', id).executeTakeFirst()) !==
    undefined;
  if (t.territoryId !== undefined && t.territoryId !== null) {
    if (!positiveId(t.territoryId) || !(await territoryStored(t.territoryId)))
      throw new Skip(`No territory ${String(t.territoryId)} is loaded`, 'territoryId', t.territoryId);
  }
  const keyStored = async (keyName: string) =>
    (await trx.selectFrom('property_keys').select('key_name').where('key_name', '=', keyName).executeTakeFirst()) !==
    undefined;
  for (const [k, p] of properties.entries()) {
    if (!isKeyName(p.keyName)) throw new Skip(`properties[${k}] has no keyName`, `properties[${k}].keyName`, null);
    if (!(await keyStored(p.keyName)))
      throw new Skip(
        `No property key ${p.keyName} is loaded (GET /rest/public/properties lists them)`,
        `properties[${k}].keyName`,
        p.keyName,
      );
  }
  for (const [k, r] of rates.entries()) {
    for (const field of ['applicabilityKey', 'variableRateKey', 'quantityKey', 'variableLimitKey'] as const) {
      const keyName = r[field];
      if (keyName === undefined || keyName === null) continue;
      if (!isKeyName(keyName) || !(await keyStored(keyName)))
        throw new Skip(`No property key ${String(keyName)} is loaded`, `rates[${k}].${field}`, keyName);
    }
    const season = r.season;
    if (season) {
      const id = season.seasonId;
      if (
        !positiveId(id) ||
        !(await trx.selectFrom('seasons').select('season_id').where('season_id', '=', id).executeTakeFirst())
      )
        throw new Skip(
          `No season ${String(id)} is loaded (GET /rest/public/seasons?lseId= lists an LSE's)`,
          `rates[${k}].season.seasonId`,
          id ?? null,
        );
    }
    const territory = r.territory;
    if (territory && (!positiveId(territory.territoryId) || !(await territoryStored(territory.territoryId))))
      throw new Skip(
        `No territory ${String(territory.territoryId)} is loaded`,
        `rates[${k}].territory.territoryId`,
        territory.territoryId ?? null,
      );
    const riderId = r.riderId;
    if (riderId !== undefined && riderId !== null) {
      const rider = positiveId(riderId)
        ? await trx
            .selectFrom('tariffs')
            .select('tariff_id')
            .where('master_tariff_id', '=', riderId)
            .where((eb) =>
              eb.or([
                eb.and([eb('owner_org_id', 'is', null), eb('privacy', '!=', 'PRIVATE')]),
                eb('owner_org_id', '=', owner),
              ]),
            )
            .executeTakeFirst()
        : undefined;
      if (!rider)
        throw new Skip(`No tariff ${String(riderId)} is loaded to be a rider`, `rates[${k}].riderId`, riderId);
    }
  }
}
