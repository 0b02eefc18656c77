// Tariff authoring (POST /rest/beta/tariffs, PUT and DELETE /rest/beta/tariffs/{tariffId}): an organization writes its
// own tariffs, PRIVATE to it (owner_org_id). The record is checked and written by the tariff JSON importer's own
// writer (writeTariffRecord, with the organization as owner); this file holds what authoring adds: the ids it draws,
// the defaults it fills and where a version goes among the tariff's others (tariff-version-placing.ts), all in one
// transaction, so a refused write leaves nothing behind.
import type { Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { Database, Db } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { randomPrivateId, randomPrivateIds } from '../../domain/ids/private-ids.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import { TariffRecordRefused, writeTariffRecord } from '../../importers/tariff-json.importer.ts';
import { placeVersion, removeVersion, type VersionSpan } from './tariff-version-placing.ts';
import type { Tariff } from './tariff-view.ts';
import type { TariffsService } from './tariffs.service.ts';

type Trx = Transaction<Database>;
// A body as TariffAuthoringBody validated it: read field by field by the writer, which checks each.
type Json = Record<string, unknown>;

/** The organization writing: its id owns the tariff, its name goes in the tariff's source. */
export interface Author {
  orgId: number;
  orgName: string;
}

export class TariffAuthoring {
  constructor(
    private readonly db: Db,
    private readonly tariffs: TariffsService,
  ) {}

  /** A new tariff, or (masterTariffId of the author's) a new version of one. */
  async create(body: Json, author: Author): Promise<Tariff> {
    const tariffId = await writeTransaction(this.db, async (trx) => {
      const tariffId = await freeId(trx, 'tariffs', 'tariff_id');
      let masterTariffId: number;
      if (body.masterTariffId === undefined || body.masterTariffId === null) {
        masterTariffId = await freeId(trx, 'tariffs', 'master_tariff_id');
      } else {
        masterTariffId = await this.ownMaster(trx, body.masterTariffId, author.orgId);
      }
      await this.write(trx, body, { tariffId, masterTariffId }, author);
      return tariffId;
    });
    return this.tariffs.version(tariffId, { orgId: author.orgId });
  }

  /** The version replaced by the body (its tariffId and masterTariffId kept; the rates' and bands' ids drawn anew). */
  async update(tariffId: number, body: Json, author: Author): Promise<Tariff> {
    await writeTransaction(this.db, async (trx) => {
      const current = await this.ownVersion(trx, tariffId, author.orgId);
      if (
        body.masterTariffId !== undefined &&
        body.masterTariffId !== null &&
        Number(body.masterTariffId) !== current.master_tariff_id
      )
        throw invalidArgument(
          'masterTariffId',
          body.masterTariffId,
          `Version ${tariffId} is of tariff ${current.master_tariff_id}: a version does not move to another tariff`,
        );
      await this.write(trx, body, { tariffId, masterTariffId: current.master_tariff_id }, author, {
        effectiveDate: current.effective_date,
      });
    });
    return this.tariffs.version(tariffId, { orgId: author.orgId });
  }

  /** Removes the version, answering it as it was; the version before it then reaches as far as it did. */
  async remove(tariffId: number, author: Author): Promise<Tariff> {
    // Read first (the answer); a reference tariff is visible but not the author's: ownVersion refuses it below.
    const before = await this.tariffs.version(tariffId, { orgId: author.orgId }, true);
    await writeTransaction(this.db, async (trx) => {
      const current = await this.ownVersion(trx, tariffId, author.orgId);
      await removeVersion(trx, current);
      await trx.deleteFrom('tariffs').where('tariff_id', '=', tariffId).execute();
    });
    return before;
  }

  /** Checks and writes the record with the given ids, then fits its neighbours to it. */
  private async write(
    trx: Trx,
    body: Json,
    ids: { tariffId: number; masterTariffId: number },
    author: Author,
    rewritten?: { effectiveDate: string },
  ) {
    const record = await this.record(trx, body, ids);
    const others = await trx
      .selectFrom('tariffs')
      .select(['tariff_id', 'effective_date', 'end_date', 'prior_tariff_id', 'lse_id'])
      .where('master_tariff_id', '=', ids.masterTariffId)
      .where('tariff_id', '!=', ids.tariffId)
      .orderBy('effective_date')
      .execute();
    if (others.length && others[0]!.lse_id !== record.lseId)
      throw invalidArgument(
        'lseId',
        record.lseId,
        `Tariff ${ids.masterTariffId} is of LSE ${others[0]!.lse_id}: its versions are all of one LSE`,
      );
    const span: VersionSpan = {
      effectiveDate: localDate('effectiveDate', record.effectiveDate)!,
      endDate: localDate('endDate', record.endDate),
    };
    if (span.endDate !== null && span.endDate <= span.effectiveDate)
      throw invalidArgument('endDate', record.endDate, `endDate ${span.endDate} is not after effectiveDate`);
    const placing = placeVersion(others, span, rewritten);
    record.priorTariffId = placing.priorTariffId;
    record.endDate = placing.endDate;
    try {
      await writeTariffRecord(trx, record, {
        source: `Written over the API by organization ${author.orgName}`,
        owner: author.orgId,
      });
    } catch (e) {
      if (e instanceof TariffRecordRefused) throw invalidArgument(e.field ?? 'tariff', e.value, e.message);
      throw e;
    }
    await placing.apply(trx, ids.tariffId);
  }

  /** The body as the writer reads it: Ratebook's ids, the LSE's zone when none is given, flags the rates imply. */
  private async record(trx: Trx, body: Json, ids: { tariffId: number; masterTariffId: number }): Promise<Json> {
    const record: Json = structuredClone(body);
    record.tariffId = ids.tariffId;
    record.masterTariffId = ids.masterTariffId;
    const lse = await trx
      .selectFrom('lses')
      .select('time_zone_id')
      .where('lse_id', '=', Number(record.lseId))
      .executeTakeFirst();
    if (!lse) throw invalidArgument('lseId', record.lseId, `No LSE ${String(record.lseId)} is loaded`);
    record.timeZone ??= lse.time_zone_id;
    const rates = (Array.isArray(record.rates) ? record.rates : []) as Json[];
    const bands = rates.flatMap((r) => (Array.isArray(r.rateBands) ? (r.rateBands as Json[]) : []));
    const rateIds = await freeIds(trx, 'tariff_rates', 'tariff_rate_id', rates.length);
    const bandIds = await freeIds(trx, 'tariff_rate_bands', 'tariff_rate_band_id', bands.length);
    // Rates are listed by tariffSequenceNumber, then id: in the body's order unless it numbers them.
    rates.forEach((r, k) => {
      r.tariffRateId = rateIds[k];
      r.tariffSequenceNumber ??= k + 1;
      r.tariffId = ids.tariffId;
      // A rate's masterTariffRateId is the original's grouping of a rate across versions; ids here are fresh.
      r.masterTariffRateId = null;
    });
    bands.forEach((b, k) => {
      b.tariffRateBandId = bandIds[k];
    });
    // What the original derives from the rates, unless the body says.
    record.hasTimeOfUseRates ??= rates.some((r) => isObject(r.timeOfUse));
    record.hasTieredRates ??= rates.some(
      (r) => Array.isArray(r.rateBands) && (r.rateBands as Json[]).some((b) => b.hasConsumptionLimit === true),
    );
    record.hasRateApplicability ??= rates.some((r) => typeof r.applicabilityKey === 'string');
    return record;
  }

  /** masterTariffId of a tariff of the author's: a reference tariff is a 400, another's or none a 404. */
  private async ownMaster(trx: Trx, value: unknown, orgId: number): Promise<number> {
    const id = Number(value);
    const row = await trx
      .selectFrom('tariffs')
      .select('owner_org_id')
      .where('master_tariff_id', '=', id)
      .executeTakeFirst();
    if (!row || (row.owner_org_id !== null && row.owner_org_id !== orgId))
      throw notFound('Tariff', 'masterTariffId', value);
    if (row.owner_org_id === null)
      throw invalidArgument(
        'masterTariffId',
        value,
        `Tariff ${id} is reference data: an organization adds versions to its own tariffs only (leave masterTariffId out for a new one)`,
      );
    return id;
  }

  /** A version of the author's, or a 404 as if absent. */
  private async ownVersion(trx: Trx, tariffId: number, orgId: number) {
    const row = await trx
      .selectFrom('tariffs')
      .select(['tariff_id', 'master_tariff_id', 'effective_date', 'end_date', 'prior_tariff_id'])
      .where('tariff_id', '=', tariffId)
      .where('owner_org_id', '=', orgId)
      .executeTakeFirst();
    if (!row) throw notFound('Tariff', 'tariffId', tariffId);
    return row;
  }
}

/** The local date a date field gives (YYYY-MM-DD, or a date-time whose date is read), or a 400 naming it. */
function localDate(field: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') {
    if (field === 'effectiveDate') throw invalidArgument(field, value, 'effectiveDate is required');
    return null;
  }
  const date = typeof value === 'string' ? value.slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date).isValid)
    throw invalidArgument(field, value, `${field} is not a date (YYYY-MM-DD)`);
  return date;
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

type IdTable = 'tariffs' | 'tariff_rates' | 'tariff_rate_bands';
type IdColumn = 'tariff_id' | 'master_tariff_id' | 'tariff_rate_id' | 'tariff_rate_band_id';
/** The id columns seen as one shape, so that one query reads any of them (the table and column are fixed literals). */
type AnyIds = Record<IdTable, Record<IdColumn, number>>;

/** One id of the private range that `column` does not hold (drawn at random: domain/ids/private-ids.ts). */
async function freeId(trx: Trx, table: IdTable, column: IdColumn): Promise<number> {
  for (;;) {
    const id = randomPrivateId();
    const taken = await (trx as unknown as Transaction<AnyIds>)
      .selectFrom(table)
      .select(column)
      .where(column, '=', id)
      .executeTakeFirst();
    if (!taken) return id;
  }
}

/** `count` ids of the private range that `column` does not hold. */
async function freeIds(trx: Trx, table: IdTable, column: IdColumn, count: number): Promise<number[]> {
  if (count === 0) return [];
  for (;;) {
    const ids = randomPrivateIds(count);
    const taken = await (trx as unknown as Transaction<AnyIds>)
      .selectFrom(table)
      .select(column)
      .where(column, 'in', ids)
      .executeTakeFirst();
    if (!taken) return ids.sort((x, y) => x - y);
  }
}
