// Loads a spooled bulk file, all or nothing. First pass: every row is read from disk and checked by the account,
// profile and reading code the JSON operations use (reads only, no transaction open; a refused row is listed and the
// reading goes on, so one answer names every bad row). Any refusal: nothing is written. Otherwise the second pass
// writes, all in one transaction (SQLite and PostgreSQL alike): accounts and profiles from the writes the first pass
// checked, readings read from disk again and stored in batches, so a large file is never held in memory.
import type { Db } from '../../db/database.ts';
import { inTransaction, writeTransaction as write_ } from '../../db/transaction.ts';
import { invalidArgument } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService, PreparedAccount } from '../accounts/accounts.service.ts';
import { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { accountColumnFaults, commitAccount, prepareAccountRow } from './bulk-accounts.ts';
import { commitProfile, prepareProfileRow, type PreparedProfile } from './bulk-profiles.ts';
import { ReadingRows, type ReadingsForm, type ReadingsTarget } from './bulk-readings.ts';
import { headerOf, kindOf, MAX_LISTED, Refusals, rowsOf, type Header } from './bulk-rows.ts';
import type { FileType } from './bulk-upload.schemas.ts';
import type { Static } from '@sinclair/typebox';
import type { BulkUploadSummarySchema } from './bulk-upload.schemas.ts';
import { DateTime } from 'luxon';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export type BulkUploadSummary = Static<typeof BulkUploadSummarySchema>;
type SummaryRecord = BulkUploadSummary['records'][number];

/** Readings held per profile before they are written: bounds the memory a file of any length takes. */
export const READING_BATCH = 50_000;

export interface BulkFile {
  path: string;
  fileName: string | null;
  fileFormat: string;
  form: ReadingsForm;
}

export type BulkOutcome = { summary: BulkUploadSummary } | { refused: Refusals; rows: number; fileType: FileType };

export class BulkUploadService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
  ) {}

  async load(file: BulkFile, orgId: number): Promise<BulkOutcome> {
    const header = await headerOf(file.path);
    const { fileType, layout } = kindOf(header);
    const base = {
      fileFormat: file.fileFormat,
      fileType,
      layout,
      fileName: file.fileName,
      accountsCreated: 0,
      accountsUpdated: 0,
      profilesCreated: 0,
      profilesUpdated: 0,
      readingsWritten: 0,
      readingsReplaced: 0,
    };
    if (fileType === 'ACCOUNTS') return this.loadAccounts(file, header, orgId, base);
    if (fileType === 'PROFILES') return this.loadProfiles(file, header, orgId, base);
    return this.loadReadings(file, header, layout, orgId, base);
  }

  private async loadAccounts(
    file: BulkFile,
    header: Header,
    orgId: number,
    base: Omit<BulkUploadSummary, 'rows' | 'records' | 'notes'>,
  ): Promise<BulkOutcome> {
    const refused = new Refusals();
    for (const f of accountColumnFaults(header)) refused.add(f);
    const prepared: PreparedAccount[] = [];
    const seen = new Map<string, number>();
    let rows = 0;
    if (!refused.count)
      for await (const row of rowsOf(file.path, (r) => refused.add(r))) {
        rows++;
        const result = await prepareAccountRow(this.accounts, header, row, orgId, seen);
        if ('message' in result) refused.add(result);
        else prepared.push(result);
      }
    if (refused.count || !rows) return this.refusedOrEmpty(refused, rows, 'ACCOUNTS');
    await writeTransaction(this.db, async (trx) => {
      const repo = new AccountsRepository(inTransaction(this.db, trx));
      for (const p of prepared) await commitAccount(this.accounts, p, orgId, repo);
    });
    const records: SummaryRecord[] = prepared.slice(0, MAX_LISTED).map((p) => ({
      accountId: p.accountId,
      providerAccountId: p.write.row.provider_account_id,
      profileId: null,
      providerProfileId: null,
      action: p.isNew ? 'CREATED' : 'UPDATED',
    }));
    const created = prepared.filter((p) => p.isNew).length;
    return {
      summary: {
        ...base,
        rows,
        accountsCreated: created,
        accountsUpdated: prepared.length - created,
        records,
        notes: [],
      },
    };
  }

  private async loadProfiles(
    file: BulkFile,
    header: Header,
    orgId: number,
    base: Omit<BulkUploadSummary, 'rows' | 'records' | 'notes'>,
  ): Promise<BulkOutcome> {
    const refused = new Refusals();
    const prepared: PreparedProfile[] = [];
    const seen = new Map<string, number>();
    const defaults = new Set<string>();
    let rows = 0;
    for await (const row of rowsOf(file.path, (r) => refused.add(r))) {
      rows++;
      const result = await prepareProfileRow(this.profiles, header, row, orgId, seen, defaults);
      if ('message' in result) refused.add(result);
      else prepared.push(result);
    }
    if (refused.count || !rows) return this.refusedOrEmpty(refused, rows, 'PROFILES');
    await writeTransaction(this.db, async (trx) => {
      const repo = new ProfilesRepository(inTransaction(this.db, trx));
      for (const p of prepared) await commitProfile(p, repo);
    });
    const created = prepared.filter((p) => p.isNew).length;
    return {
      summary: {
        ...base,
        rows,
        profilesCreated: created,
        profilesUpdated: prepared.length - created,
        records: prepared.slice(0, MAX_LISTED).map((p) => ({
          accountId: p.row.account_id,
          providerAccountId: null,
          profileId: p.row.profile_id,
          providerProfileId: p.row.provider_profile_id,
          action: p.isNew ? 'CREATED' : 'UPDATED',
        })),
        notes: [],
      },
    };
  }

  private async loadReadings(
    file: BulkFile,
    header: Header,
    layout: 'COLUMNS' | 'POWERMETER',
    orgId: number,
    base: Omit<BulkUploadSummary, 'rows' | 'records' | 'notes'>,
  ): Promise<BulkOutcome> {
    const refused = new Refusals();
    const check = new ReadingRows(this.profiles, header, layout, orgId, file.form);
    let rows = 0;
    let readings = 0;
    for await (const row of rowsOf(file.path, (r) => refused.add(r))) {
      rows++;
      const result = await check.read(row);
      if (result === null) continue;
      if ('message' in result) refused.add(result);
      else readings++;
    }
    if (refused.count || !readings) return this.refusedOrEmpty(refused, rows, 'READINGS');

    // Second pass, in the transaction: the targets the first pass checked are reused, so it reads nothing but the file.
    const write = new ReadingRows(this.profiles, header, layout, orgId, file.form, check.targets);
    const sent = new Map<string, { target: ReadingsTarget; count: number }>();
    let replaced = 0;
    let duplicates = 0;
    const summaries = await writeTransaction(this.db, async (trx) => {
      const repo = new ProfilesRepository(inTransaction(this.db, trx));
      const batches = new Map<string, Reading[]>();
      const flush = async (profileId: string) => {
        const batch = batches.get(profileId);
        if (!batch?.length) return;
        batches.set(profileId, []);
        const stored = await this.profiles.storeReadings(repo, profileId, batch, 'add');
        replaced += stored.replaced;
        duplicates += stored.duplicates;
      };
      for await (const row of rowsOf(file.path, () => {})) {
        const result = await write.read(row);
        if (result === null || 'message' in result) continue;
        const id = result.target.row.profile_id;
        const entry = sent.get(id) ?? { target: result.target, count: 0 };
        entry.count++;
        sent.set(id, entry);
        const batch = batches.get(id) ?? [];
        batch.push(result.reading);
        batches.set(id, batch);
        if (batch.length >= READING_BATCH) await flush(id);
      }
      for (const id of batches.keys()) await flush(id);
      const now = new Date().toISOString();
      const out = new Map<string, Awaited<ReturnType<ProfilesRepository['summaries']>>>();
      for (const { target } of sent.values()) {
        await repo.save({ ...target.row, updated_at: now }, false);
        out.set(target.row.profile_id, await repo.summaries(target.row.profile_id));
      }
      return out;
    });
    const notes: string[] = [];
    if (replaced) notes.push(`${replaced} stored or earlier reading(s) replaced by the readings sent`);
    if (duplicates)
      notes.push(
        `${duplicates} reading(s) of the file overlapped by a later reading of the file; the later one is kept`,
      );
    if (check.initialRows)
      notes.push(
        `${check.initialRows} Powermeter row(s) start a series (IsInitial, or a profile's first row): their time is the start of the next reading; their own usage, over an unknown span, is not stored`,
      );
    return {
      summary: {
        ...base,
        rows,
        readingsWritten: readings,
        readingsReplaced: replaced,
        records: [...sent.values()].slice(0, MAX_LISTED).map(({ target, count }) => ({
          accountId: target.row.account_id,
          providerAccountId: null,
          profileId: target.row.profile_id,
          providerProfileId: target.row.provider_profile_id,
          action: 'READINGS',
          readingsSent: count,
          readingDataSummaries: (summaries.get(target.row.profile_id) ?? []).map((s) => ({
            quantityUnit: s.unit,
            fromDateTime: iso(s.firstStart, target.zone),
            toDateTime: iso(s.lastEnd, target.zone),
            numberOfReadings: s.count,
          })),
        })),
        notes,
      },
    };
  }

  /** A file with refused rows, or with no rows at all: nothing written. */
  private refusedOrEmpty(refused: Refusals, rows: number, fileType: FileType): BulkOutcome {
    if (!refused.count)
      refused.add({
        row: 1,
        column: null,
        value: null,
        message:
          fileType === 'READINGS' && rows
            ? 'The file holds no reading (only rows that start a Powermeter series)'
            : 'The file holds a header and no rows',
      });
    return { refused, rows, fileType };
  }
}

/**
 * The second pass's transaction. A unique key refusing a row there means another request wrote the same
 * providerAccountId or providerProfileId after the first pass checked it: nothing was written, and sending the file
 * again settles it (the row then updates that record).
 */
async function writeTransaction<T>(db: Db, work: Parameters<typeof write_<T>>[1]): Promise<T> {
  try {
    return await write_(db, work);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    throw invalidArgument(
      'fileData',
      null,
      'Another request wrote a record of this file while it was being checked; nothing was written: send the file again',
    );
  }
}

function iso(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
}
