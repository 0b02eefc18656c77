// OpenEI URDB tariffs: each record becomes a tariff version of the LSE with its EIA id (created when new), with the
// seasons and TOU groups its schedules imply, keyed by the record's label so that a re-import updates it (and leaves
// it alone when the record did not change). One transaction per source; records that cannot be represented are
// skipped with their reason; a malformed source changes nothing.
import type { Readable } from 'node:stream';
import type { Insertable, Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import { insertLse } from './new-lse.ts';
import { IANAZone } from 'luxon';
import { keepEndingAtSuccessor, lastRevision, linkSuperseded } from './urdb/supersede.ts';
import {
  convertUrdb,
  Skip,
  type ConvertedRatchet,
  type ConvertedSeason,
  type ConvertedTariff,
} from './urdb/convert.ts';
import { COINCIDENT_DEMAND_KEY } from './urdb/coincident-demand-key.ts';
import { ratchetFormula } from '../engine/tariff/ratchet-formula.ts';
import { insertKeyIfMissing, keyDefinitionRow, propertyKeyRow } from '../domain/properties/property-key-row.ts';
import { jsonRecords } from './json-records.ts';
import { ImportFormatError } from './source-lines.ts';
import { emptySummary, type ImportSummary } from './summary.ts';
import { writeTransaction } from '../db/transaction.ts';
import { attachDocuments } from '../domain/documents/document-writer.ts';
import { PRIVATE_ID_MIN } from '../domain/ids/private-ids.ts';
import { urdbDocuments } from './urdb/documents.ts';

export interface UrdbOptions {
  /** The LSE of records without an EIA id. */
  lseId?: number;
  /** The zone of tariffs whose LSE has none. */
  timeZone?: string;
  /** The effective date of records without a start date. */
  effectiveDate?: string;
}

/** Ids of records of our making: imported ones above the starter data's. */
const FIRST_IMPORTED_ID = 20_000_001;
type Trx = Transaction<Database>;
type IdTable = 'tariffs' | 'tariff_rates' | 'tariff_rate_bands' | 'seasons' | 'tous' | 'tou_periods';
const ID_COLUMN = {
  tariffs: 'tariff_id',
  tariff_rates: 'tariff_rate_id',
  tariff_rate_bands: 'tariff_rate_band_id',
  seasons: 'season_id',
  tous: 'tou_id',
  tou_periods: 'tou_period_id',
} as const;

/** Next free ids of one import's transaction: read once per table, then counted in memory. */
class Ids {
  private readonly next = new Map<string, number>();
  constructor(private readonly trx: Trx) {}

  async take(table: IdTable, count = 1): Promise<number> {
    let id = this.next.get(table);
    if (id === undefined) {
      const row = await this.trx
        .selectFrom(table)
        .select((eb) => eb.fn.max(ID_COLUMN[table] as never).as('m'))
        // Below the private range: private TOUs and periods have random ids up there (domain/ids/private-ids.ts).
        .where(ID_COLUMN[table] as never, '<', PRIVATE_ID_MIN as never)
        .executeTakeFirst();
      id = Math.max(Number((row as { m?: unknown } | undefined)?.m ?? 0) + 1, FIRST_IMPORTED_ID);
    }
    this.next.set(table, id + count);
    return id;
  }

  /** The next season group or TOU group id of an LSE. */
  async group(kind: 'seasons' | 'tou_groups', lseId: number): Promise<number> {
    const key = `${kind}:${lseId}`;
    let id = this.next.get(key);
    if (id === undefined) {
      const row =
        kind === 'seasons'
          ? await this.trx
              .selectFrom('seasons')
              .select((eb) => eb.fn.max('season_group_id').as('m'))
              .where('lse_id', '=', lseId)
              .executeTakeFirst()
          : await this.trx
              .selectFrom('tou_groups')
              .select((eb) => eb.fn.max('tou_group_id').as('m'))
              .where('lse_id', '=', lseId)
              .where('tou_group_id', '<', PRIVATE_ID_MIN)
              .executeTakeFirst();
      id = Number(row?.m ?? 0) + 1;
    }
    this.next.set(key, id + 1);
    return id;
  }
}

export async function importUrdb(
  db: Db,
  stream: Readable,
  source: string,
  options: UrdbOptions = {},
  onRecord: (count: number) => void = () => {},
): Promise<ImportSummary> {
  if (options.timeZone !== undefined && !IANAZone.isValidZone(options.timeZone))
    throw new ImportFormatError('--time-zone', `"${options.timeZone}" is not an IANA time zone`);
  if (options.effectiveDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.effectiveDate))
    throw new ImportFormatError('--effective-date', `"${options.effectiveDate}" is not a date (YYYY-MM-DD)`);
  const summary = emptySummary('urdb', source);
  await writeTransaction(db, async (trx) => {
    if (
      options.lseId !== undefined &&
      !(Number.isInteger(options.lseId) && options.lseId >= 1 && options.lseId <= 2_147_483_647)
    ) {
      throw new ImportFormatError(
        '--lse-id',
        `${options.lseId} is not an LSE id (a whole number from 1 to 2147483647)`,
      );
    }
    if (
      options.lseId !== undefined &&
      !(await trx.selectFrom('lses').select('lse_id').where('lse_id', '=', options.lseId).executeTakeFirst())
    ) {
      throw new ImportFormatError('--lse-id', `no LSE has id ${options.lseId}`);
    }
    const ids = new Ids(trx);
    for await (const { record, where } of jsonRecords(stream, source)) {
      summary.records++;
      onRecord(summary.records);
      const label = `${typeof record.label === 'string' ? record.label : where} (${typeof record.name === 'string' ? record.name : 'no name'})`;
      try {
        const tariff = convertUrdb(record, { effectiveDate: options.effectiveDate });
        const outcome = await writeTariff(trx, ids, tariff, options, source, lastRevision(record));
        // Also for an unchanged record: a database from before documents existed gets them on the next import.
        const stored = await trx
          .selectFrom('tariffs')
          .select(['tariff_id', 'lse_id'])
          .where('import_key', '=', tariff.key)
          .executeTakeFirstOrThrow();
        await attachDocuments(trx, stored.tariff_id, urdbDocuments(record, tariff, stored.lse_id));
        // A record that supersedes another ends it (see urdb/supersede.ts): a new link updates an unchanged record.
        const linked = await linkSuperseded(trx, tariff.key, record.supersedes);
        summary[outcome === 'unchanged' && linked ? 'updated' : outcome]++;
      } catch (e) {
        if (!(e instanceof Skip)) throw e;
        summary.skipped.push({ label, reason: e.message });
      }
    }
  });
  return summary;
}

/** The LSE and its zone, or a Skip saying why the tariff cannot be placed. */
async function lseOf(
  trx: Trx,
  t: ConvertedTariff,
  options: UrdbOptions,
  source: string,
): Promise<{ lseId: number; zone: string }> {
  let lse =
    t.eiaid === null
      ? undefined
      : await trx
          .selectFrom('lses')
          .select(['lse_id', 'time_zone_id'])
          .where('code', '=', t.eiaid)
          .orderBy('lse_id')
          .executeTakeFirst();
  if (!lse && t.eiaid === null) {
    if (options.lseId === undefined) throw new Skip('no eiaid, and no --lse-id given for such records');
    lse = await trx
      .selectFrom('lses')
      .select(['lse_id', 'time_zone_id'])
      .where('lse_id', '=', options.lseId)
      .executeTakeFirstOrThrow();
  }
  const zone = lse?.time_zone_id ?? options.timeZone;
  if (!zone)
    throw new Skip(
      `the time zone of ${t.utility ?? `EIA ${t.eiaid}`} is not known (no LSE with a zone; give --time-zone)`,
    );
  if (lse) return { lseId: lse.lse_id, zone };
  const lseId = await insertLse(trx, {
    name: t.utility ?? `EIA utility ${t.eiaid}`,
    code: t.eiaid,
    timeZone: zone,
    source: `OpenEI URDB (${source}); zone given at import`,
  });
  return { lseId, zone };
}

async function writeTariff(
  trx: Trx,
  ids: Ids,
  t: ConvertedTariff,
  options: UrdbOptions,
  source: string,
  lastUpdated: string | null,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await trx
    .selectFrom('tariffs')
    .select(['tariff_id', 'import_hash', 'lse_id', 'master_tariff_id', 'prior_tariff_id'])
    .where('import_key', '=', t.key)
    .executeTakeFirst();
  if (existing && existing.import_hash === t.hash) return 'unchanged';
  const { lseId, zone } = await lseOf(trx, t, options, source);
  const marker = `urdb:${t.key}`;
  let tariffId: number;
  if (existing) {
    tariffId = existing.tariff_id;
    const rateIds = (
      await trx.selectFrom('tariff_rates').select('tariff_rate_id').where('tariff_id', '=', tariffId).execute()
    ).map((r) => r.tariff_rate_id);
    if (rateIds.length) await trx.deleteFrom('tariff_rate_bands').where('tariff_rate_id', 'in', rateIds).execute();
    await trx.deleteFrom('tariff_rates').where('tariff_id', '=', tariffId).execute();
    const touIds = (
      await trx
        .selectFrom('tous as t')
        .innerJoin('tou_groups as g', (j) =>
          j.onRef('g.lse_id', '=', 't.lse_id').onRef('g.tou_group_id', '=', 't.tou_group_id'),
        )
        .select('t.tou_id')
        .where('g.source', '=', marker)
        .execute()
    ).map((r) => r.tou_id);
    if (touIds.length) {
      await trx.deleteFrom('tou_periods').where('tou_id', 'in', touIds).execute();
      await trx.deleteFrom('tous').where('tou_id', 'in', touIds).execute();
    }
    await trx.deleteFrom('tou_groups').where('source', '=', marker).execute();
    await trx.deleteFrom('seasons').where('source', '=', marker).execute();
    await trx.deleteFrom('property_keys').where('source', '=', marker).execute();
  } else tariffId = await ids.take('tariffs');

  const row = {
    master_tariff_id: tariffId,
    tariff_code: null,
    tariff_book_name: t.tariffName,
    tariff_name: t.tariffName,
    lse_id: lseId,
    service_type: 'ELECTRICITY',
    prior_tariff_id: null,
    distribution_lse_id: null,
    tariff_type: t.tariffType,
    customer_class: t.customerClass,
    customer_count: null,
    customer_likelihood: null,
    customer_count_source: null,
    territory_id: null,
    privacy: 'PUBLIC',
    effective_date: t.effectiveDate,
    end_date: t.endDate,
    closed_date: null,
    time_zone: zone,
    effective_on_rule: null,
    billing_period: 'MONTHLY',
    currency: 'USD',
    charge_types: [...new Set(t.rates.map((r) => r.chargeType))].join(','),
    charge_period: 'MONTHLY',
    min_monthly_consumption: null,
    max_monthly_consumption: null,
    min_monthly_demand: null,
    max_monthly_demand: null,
    has_time_of_use_rates: t.touGroups.length > 0,
    has_tiered_rates: t.rates.some((r) => r.bands.length > 1),
    has_contracted_rates: false,
    has_tariff_applicability: false,
    has_rate_applicability: false,
    has_net_metering: t.exportArrangement !== null || t.rates.some((r) => r.transactionType === 'SELL'),
    export_arrangement: t.exportArrangement,
    true_up_month: null,
    year_end_sell_rate: null,
    year_end_credit_paid: null,
    last_updated: lastUpdated,
    source: t.source,
    import_key: t.key,
    import_hash: t.hash,
  };
  if (existing) {
    // A rewritten version stays in the master tariff a supersession put it in, and ends where its successor starts.
    await trx
      .updateTable('tariffs')
      .set({ ...row, master_tariff_id: existing.master_tariff_id, prior_tariff_id: existing.prior_tariff_id })
      .where('tariff_id', '=', tariffId)
      .execute();
    await keepEndingAtSuccessor(trx, tariffId, t.endDate);
  } else
    await trx
      .insertInto('tariffs')
      .values({ tariff_id: tariffId, ...row })
      .execute();

  // Seasons of this tariff: one season group of the LSE.
  const seasonIds = t.seasons.length ? await writeSeasonGroup(trx, ids, t.seasons, lseId, marker) : [];
  const ratchetKey = t.ratchet
    ? await writeRatchetKey(trx, ids, t, t.ratchet, { tariffId, lseId, marker, seasonIds })
    : null;
  const windowKey = t.demandWindow === null ? null : demandIntervalKey(t.demandWindow);
  const keyOf = { coincident: keyDefinitionRow(COINCIDENT_DEMAND_KEY), window: windowKey };
  for (const kind of ['coincident', 'window'] as const) {
    const key = keyOf[kind];
    if (key && t.rates.some((r) => r.demandKey === kind)) await insertKeyIfMissing(trx, key);
  }
  const quantityKey = (r: ConvertedTariff['rates'][number]) =>
    r.demandKey === 'ratchet' ? ratchetKey : r.demandKey === null ? null : (keyOf[r.demandKey]?.key_name ?? null);
  // Each table's rows of the tariff go in one multi-row statement: statements, not rows, are what an import waits on.
  const touIds = new Map<string, number>();
  const tous: Insertable<Database['tous']>[] = [];
  const periods: Insertable<Database['tou_periods']>[] = [];
  for (const g of t.touGroups) {
    const touGroupId = await ids.group('tou_groups', lseId);
    await trx
      .insertInto('tou_groups')
      .values({ lse_id: lseId, tou_group_id: touGroupId, privacy: 'PUBLIC', owner_org_id: null, source: marker })
      .execute();
    let touId = await ids.take('tous', g.tous.length);
    let periodId = await ids.take(
      'tou_periods',
      g.tous.reduce((a, x) => a + x.periods.length, 0),
    );
    for (const tou of g.tous) {
      touIds.set(tou.ref, touId);
      tous.push({
        tou_id: touId,
        lse_id: lseId,
        tou_group_id: touGroupId,
        tou_name: tou.name,
        calendar_id: null,
        season_id: tou.seasonRef === null ? null : seasonIds[tou.seasonRef]!,
        tou_type: tou.touType,
        is_dynamic: false,
      });
      for (const p of tou.periods)
        periods.push({
          tou_period_id: periodId++,
          tou_id: touId,
          from_day_of_week: p.fromDayOfWeek,
          from_hour: p.fromHour,
          from_minute: p.fromMinute,
          to_day_of_week: p.toDayOfWeek,
          to_hour: p.toHour,
          to_minute: p.toMinute,
          calendar_id: null,
        });
      touId++;
    }
  }
  await insertInChunks(trx, 'tous', tous);
  await insertInChunks(trx, 'tou_periods', periods);
  let rateId = await ids.take('tariff_rates', t.rates.length);
  let bandId = await ids.take(
    'tariff_rate_bands',
    t.rates.reduce((a, r) => a + r.bands.length, 0),
  );
  const rates: Insertable<Database['tariff_rates']>[] = [];
  const bands: Insertable<Database['tariff_rate_bands']>[] = [];
  for (const [k, r] of t.rates.entries()) {
    rates.push({
      tariff_rate_id: rateId,
      tariff_id: tariffId,
      master_tariff_rate_id: null,
      rider_tariff_id: null,
      rider_id: null,
      tariff_sequence_number: k + 1,
      rate_group_name: r.group,
      rate_name: r.name,
      from_date_time: `${t.effectiveDate}T00:00:00`,
      to_date_time: null,
      charge_type: r.chargeType,
      charge_class: null,
      charge_period: r.chargePeriod,
      transaction_type: r.transactionType,
      quantity_key: quantityKey(r),
      applicability_key: null,
      variable_limit_key: null,
      variable_rate_key: null,
      variable_rate_sub_key: null,
      variable_factor_key: null,
      edge_predominance: null,
      territory_id: null,
      season_id: r.seasonRef === null ? null : seasonIds[r.seasonRef]!,
      tou_id: r.touRef === null ? null : touIds.get(r.touRef)!,
      proration_rules: null,
      tier_scope: r.tierScope,
    });
    const tiered = r.bands.length > 1;
    for (const [i, b] of r.bands.entries()) {
      bands.push({
        tariff_rate_band_id: bandId++,
        tariff_rate_id: rateId,
        rate_sequence_number: i + 1,
        has_consumption_limit: tiered && r.chargeType !== 'DEMAND_BASED',
        consumption_upper_limit: b.upTo,
        has_demand_limit: tiered && r.chargeType === 'DEMAND_BASED',
        demand_upper_limit: b.demandUpTo,
        has_property_limit: false,
        property_upper_limit: null,
        applicability_value: null,
        calculation_factor: null,
        rate_amount: b.amount,
        rate_unit: 'COST_PER_UNIT',
        is_credit: false,
        prev_upper_limit: null,
      });
    }
    rateId++;
  }
  await insertInChunks(trx, 'tariff_rates', rates);
  await insertInChunks(trx, 'tariff_rate_bands', bands);
  return existing ? 'updated' : 'created';
}

/**
 * The tariff's ratchet: a DEMAND key of the LSE with the lookback, named after the tariff (so a re-import replaces
 * it); lookback months that are not one of the tariff's seasons get the season group the conversion made for them.
 */
async function writeRatchetKey(
  trx: Trx,
  ids: Ids,
  t: ConvertedTariff,
  ratchet: ConvertedRatchet,
  at: { tariffId: number; lseId: number; marker: string; seasonIds: number[] },
): Promise<string> {
  const season = ratchet.season;
  let seasonId: number | null = null;
  if (season && 'seasonRef' in season) seasonId = at.seasonIds[season.seasonRef]!;
  else if (season) seasonId = (await writeSeasonGroup(trx, ids, season.group, at.lseId, at.marker))[0]!;
  const within = season ? ` in ${season.name}` : '';
  const keyName = `${at.lseId}ratchetDemand${at.tariffId}`;
  const percent = Math.round(ratchet.factor * 1e6) / 1e4;
  await trx
    .insertInto('property_keys')
    .values(
      propertyKeyRow({
        key_name: keyName,
        display_name: `Ratchet demand (${t.tariffName})`,
        family: 'ratchetDemand',
        keyspace: 'electricity',
        data_type: 'DEMAND',
        quantity_unit: 'kW',
        description: `Billing demand of ${t.tariffName}: the greater of the month's peak and ${percent}% of the highest demand${within} of the month and the ${ratchet.periods} before it (OpenEI URDB ${ratchet.said})`,
        formula_detail: ratchetFormula(ratchet.factor),
        lookback_interval_quantity: t.demandWindow,
        lookback_quantity: ratchet.periods,
        lookback_period: 'BILLING_PERIOD',
        lookback_season_id: seasonId,
        entity_id: at.lseId,
        entity_type: 'LSE',
        source: at.marker,
      }),
    )
    .execute();
  return keyName;
}

/** The general DEMAND key of a demand interval ("demand15min"): demand rates of records with that demandwindow name it. */
const demandIntervalKey = (minutes: number) =>
  propertyKeyRow({
    key_name: `demand${minutes}min`,
    display_name: `Demand (kW), ${minutes}-minute intervals`,
    family: 'load',
    keyspace: 'electricity',
    data_type: 'DEMAND',
    quantity_unit: 'kW',
    lookback_interval_quantity: minutes,
    description: `Average rate of load, in kW, over ${minutes}-minute clock intervals: the demand a meter with a ${minutes}-minute demand interval records`,
    source: 'Ratebook: the demand interval (URDB demandwindow) of tariffs imported from OpenEI URDB',
  });

/** A season group of the LSE; the ids of its seasons in order. */
async function writeSeasonGroup(
  trx: Trx,
  ids: Ids,
  seasons: readonly ConvertedSeason[],
  lseId: number,
  marker: string,
): Promise<number[]> {
  const group = await ids.group('seasons', lseId);
  const first = await ids.take('seasons', seasons.length);
  const rows = seasons.map((s, k) => ({
    season_id: first + k,
    lse_id: lseId,
    season_group_id: group,
    season_name: s.name,
    from_month: s.from[0],
    from_day: s.from[1],
    from_edge_predominance: null,
    to_month: s.to[0],
    to_day: s.to[1],
    to_edge_predominance: null,
    source: marker,
  }));
  await trx.insertInto('seasons').values(rows).execute();
  return rows.map((r) => r.season_id);
}
