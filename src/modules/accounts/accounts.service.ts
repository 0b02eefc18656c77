// Accounts: an organization's customers with their place, properties and tariffs over time. Every operation is
// within the caller's organization: another organization's account is a 404, exactly like one that does not exist.
// Reading a body into a write is account-write.ts; the account as the API shows it, account-view.ts.
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { localDateParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumValue } from '../../http/list-params.ts';
import type { LsesService } from '../lses/lses.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import { defaultTariffOf } from '../savings/default-tariff.ts';
import type { Tariff } from '../tariffs/tariff-view.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { customerClassOf } from './account-property-values.ts';
import { AccountView, ReadOnce, type Account, type AccountTariff, type PropertyData } from './account-view.ts';
import { AccountWriteReader, type AccountBody } from './account-write.ts';
import {
  ACCOUNT_STATUSES,
  type InterviewSchema,
  type AccountTariffInput,
  type PropertyValueInput,
} from './accounts.schemas.ts';
import {
  AccountsRepository,
  type AccountRef,
  type AccountRow,
  type AccountWrite,
  type PropertyRow,
  type TariffRow,
} from './accounts.repository.ts';
import { EARLIEST, tariffsInRange, type TimelinePart } from './tariff-timeline.ts';

type PropertyValue = Static<typeof PropertyValueInput>;

/** An account reference as a map key. */
export const refKey = (ref: AccountRef): string =>
  'accountId' in ref ? `id:${ref.accountId}` : `provider:${ref.providerAccountId}`;

/** An account as the services use it: the row, its properties by key and its tariff rows. */
export interface LoadedAccount {
  row: AccountRow;
  properties: Map<string, PropertyRow>;
  tariffs: TariffRow[];
}

/** A checked account write, not yet stored. */
export interface PreparedAccount {
  accountId: string;
  isNew: boolean;
  write: AccountWrite;
}

export class AccountsService {
  readonly repo: AccountsRepository;
  private readonly view: AccountView;
  private readonly writes: AccountWriteReader;

  constructor(
    db: Db,
    zipcodes: ZipcodesService,
    lses: LsesService,
    private readonly tariffsService: TariffsService,
    keys: PropertiesRepository,
    private readonly now: () => Date,
  ) {
    this.repo = new AccountsRepository(db);
    this.view = new AccountView(zipcodes, lses, keys, tariffsService);
    this.writes = new AccountWriteReader(zipcodes, lses, keys, tariffsService);
  }

  /** The account, or a 404 naming how it was asked for (also for another organization's account). */
  async load(ref: AccountRef, orgId: number): Promise<LoadedAccount> {
    const account = (await this.loadMany([ref], orgId)).get(refKey(ref));
    if (!account)
      throw 'accountId' in ref
        ? notFound('Account', 'accountId', ref.accountId)
        : notFound('Account', 'providerAccountId', ref.providerAccountId);
    return account;
  }

  /**
   * Accounts with their properties and tariffs (a job's chunk: many at once), by `refKey`; an account the organization
   * does not have is absent (`load` answers the 404).
   */
  async loadMany(refs: readonly AccountRef[], orgId: number): Promise<Map<string, LoadedAccount>> {
    const rows = await this.repo.findMany(orgId, refs);
    const ids = rows.map((r) => r.account_id);
    const [properties, tariffs] = await Promise.all([this.repo.properties(ids), this.repo.tariffs(ids)]);
    const loaded = new Map(
      rows.map((row) => [row.account_id, { row, properties: new Map(), tariffs: [] } as LoadedAccount]),
    );
    for (const p of properties) loaded.get(p.account_id)!.properties.set(p.key_name, p);
    for (const t of tariffs) loaded.get(t.account_id)!.tariffs.push(t);
    const out = new Map<string, LoadedAccount>();
    for (const account of loaded.values()) {
      out.set(refKey({ accountId: account.row.account_id }), account);
      if (account.row.provider_account_id !== null)
        out.set(refKey({ providerAccountId: account.row.provider_account_id }), account);
    }
    return out;
  }

  async get(ref: AccountRef, orgId: number): Promise<Account> {
    return this.toAccount(await this.load(ref, orgId));
  }

  async list(orgId: number, q: { status?: string }, options: ListOptions): Promise<{ rows: Account[]; total: number }> {
    const status = enumValue('status', q.status, ACCOUNT_STATUSES);
    const { rows, total } = await this.repo.list(orgId, { status }, options);
    const ids = rows.map((r) => r.account_id);
    const [properties, tariffs] = await Promise.all([this.repo.properties(ids), this.repo.tariffs(ids)]);
    // A page's accounts mostly share ZIP codes, LSEs and tariffs: each is read once for the page.
    const reads = new ReadOnce();
    const accounts = await Promise.all(
      rows.map((row) =>
        this.toAccount(
          {
            row,
            properties: new Map(properties.filter((p) => p.account_id === row.account_id).map((p) => [p.key_name, p])),
            tariffs: tariffs.filter((t) => t.account_id === row.account_id),
          },
          reads,
        ),
      ),
    );
    return { rows: accounts, total };
  }

  /** POST: a new account. A providerAccountId already used in the organization is a 400 (PUT updates it). */
  async create(body: AccountBody, orgId: number): Promise<Account> {
    if (body.providerAccountId && (await this.repo.find(orgId, { providerAccountId: body.providerAccountId }))) {
      throw invalidArgument(
        'providerAccountId',
        body.providerAccountId,
        'An account with this providerAccountId exists: PUT /rest/v1/accounts updates it',
      );
    }
    const accountId = randomUUID();
    const write = await this.readWrite(body, null, orgId);
    await this.repo.insert(accountId, orgId, write, this.stamp());
    return this.get({ accountId }, orgId);
  }

  /**
   * The write one row of a bulk upload asks for, checked as POST and PUT check theirs (account-write.ts): an update
   * of the organization's account with the row's providerAccountId, else a new account. Nothing is stored: `commit`
   * stores it, inside the upload's transaction.
   */
  async prepareUpsert(body: AccountBody, orgId: number): Promise<PreparedAccount> {
    const existing = body.providerAccountId
      ? await this.repo.find(orgId, { providerAccountId: body.providerAccountId })
      : undefined;
    if (existing) {
      const current = await this.load({ accountId: existing.account_id }, orgId);
      return { accountId: existing.account_id, isNew: false, write: await this.readWrite(body, current, orgId) };
    }
    return { accountId: randomUUID(), isNew: true, write: await this.readWrite(body, null, orgId) };
  }

  /** Stores a prepared write through `repo` (a repository on the bulk upload's transaction). */
  async commit(prepared: PreparedAccount, orgId: number, repo: AccountsRepository): Promise<void> {
    if (prepared.isNew) await repo.insert(prepared.accountId, orgId, prepared.write, this.stamp());
    else await repo.update(prepared.accountId, prepared.write, this.stamp());
  }

  /** PUT /accounts: an upsert by accountId, else by providerAccountId, else a new account. */
  async upsert(body: AccountBody, orgId: number): Promise<Account> {
    const ref: AccountRef | null = body.accountId
      ? { accountId: body.accountId }
      : body.providerAccountId
        ? { providerAccountId: body.providerAccountId }
        : null;
    const existing = ref && (await this.repo.find(orgId, ref));
    if (body.accountId && !existing) throw notFound('Account', 'accountId', body.accountId);
    if (!existing) return this.create(body, orgId);
    return this.update({ accountId: existing.account_id }, body, orgId);
  }

  /** PUT /accounts/{id}: the fields sent replace the account's; those not sent are kept. */
  async update(ref: AccountRef, body: AccountBody, orgId: number): Promise<Account> {
    const current = await this.load(ref, orgId);
    if (body.accountId && body.accountId !== current.row.account_id)
      throw invalidArgument('accountId', body.accountId, 'The body names another account than the path');
    if (body.providerAccountId && body.providerAccountId !== current.row.provider_account_id) {
      const other = await this.repo.find(orgId, { providerAccountId: body.providerAccountId });
      if (other)
        throw invalidArgument(
          'providerAccountId',
          body.providerAccountId,
          'Another account of the organization has this providerAccountId',
        );
    }
    const write = await this.readWrite(body, current, orgId);
    await this.repo.update(current.row.account_id, write, this.stamp());
    return this.get({ accountId: current.row.account_id }, orgId);
  }

  async remove(ref: AccountRef, orgId: number): Promise<Account> {
    const account = await this.load(ref, orgId);
    const answer = await this.toAccount(account);
    await this.repo.delete(account.row.account_id);
    return answer;
  }

  // --- properties ---

  async properties(ref: AccountRef, orgId: number): Promise<PropertyData[]> {
    return Object.values((await this.get(ref, orgId)).properties);
  }

  async property(ref: AccountRef, keyName: string, orgId: number): Promise<PropertyData> {
    const found = (await this.get(ref, orgId)).properties[keyName];
    if (!found) throw notFound('PropertyData', 'keyName', keyName);
    return found;
  }

  /** Sets the properties sent (one PropertyData, a list, or a map by key), keeping the others. */
  async setProperties(
    ref: AccountRef,
    body: PropertyValue | PropertyValue[] | Record<string, PropertyValue>,
    orgId: number,
  ): Promise<PropertyData[]> {
    const current = await this.load(ref, orgId);
    const one = !Array.isArray(body) && 'dataValue' in body;
    const write = await this.readWrite(
      { properties: (one ? [body] : body) as AccountBody['properties'] },
      current,
      orgId,
    );
    await this.repo.update(current.row.account_id, write, this.stamp());
    const sent = new Set((write.properties ?? []).map((p) => p.key_name));
    return (await this.properties({ accountId: current.row.account_id }, orgId)).filter((p) => sent.has(p.keyName));
  }

  async deleteProperty(ref: AccountRef, keyName: string, orgId: number): Promise<PropertyData> {
    const current = await this.load(ref, orgId);
    const found = (await this.toAccount(current)).properties[keyName];
    if (!found || !(await this.repo.deleteProperty(current.row.account_id, keyName)))
      throw notFound('PropertyData', 'keyName', keyName);
    // Without its lseId or customerClass the account's LSE is found again from its ZIP code.
    await this.repo.update(
      current.row.account_id,
      await this.readWrite({}, await this.load(ref, orgId), orgId),
      this.stamp(),
    );
    return found;
  }

  // --- tariffs over time ---

  /** The account's tariffs in a range (or on a date, or all), each with the dates it held; else its default tariff. */
  async tariffs(
    ref: AccountRef,
    q: { fromDateTime?: string; toDateTime?: string; effectiveOn?: string },
    orgId: number,
  ): Promise<AccountTariff[]> {
    const account = await this.load(ref, orgId);
    const zone = this.zoneOf(account);
    const on = localDateParam('effectiveOn', q.effectiveOn, zone);
    const from = on ?? localDateParam('fromDateTime', q.fromDateTime, zone) ?? null;
    const to = on
      ? DateTime.fromISO(on).plus({ days: 1 }).toISODate()!
      : (localDateParam('toDateTime', q.toDateTime, zone) ?? null);
    if (from !== null && to !== null && to <= from)
      throw invalidArgument('toDateTime', q.toDateTime ?? null, 'toDateTime must be after fromDateTime');
    return Promise.all(
      (await this.timeline(account, from, to)).map((p) => this.view.describeTariff(p.part, p.source, orgId)),
    );
  }

  /** The tariff parts of [from, to): the account's own, or its default tariff when it has none. */
  async timeline(
    account: LoadedAccount,
    from: string | null,
    to: string | null,
  ): Promise<{ part: TimelinePart; source: 'ACCOUNT' | 'DEFAULT' }[]> {
    if (account.tariffs.length)
      return tariffsInRange(account.tariffs, from, to).map((part) => ({ part, source: 'ACCOUNT' as const }));
    const zip = account.row.zip_code;
    if (!zip)
      throw invalidArgument(
        'masterTariffId',
        null,
        'The account has no tariff and no address to find its default tariff by: set one (PUT /rest/v1/accounts/{accountId}/tariffs) or give the account an address',
      );
    const customerClass = this.customerClass(account);
    const today = DateTime.fromJSDate(this.now(), { zone: this.zoneOf(account) }).toISODate()!;
    const chosen = await defaultTariffOf(this.tariffsService, zip, customerClass, today, 'masterTariffId');
    return [{ part: { masterTariffId: chosen.masterTariffId, from: EARLIEST, to: null }, source: 'DEFAULT' }];
  }

  /** Puts the account on a tariff from a date (default: from the start); the same date again replaces it. */
  async setTariff(ref: AccountRef, body: Static<typeof AccountTariffInput>, orgId: number): Promise<AccountTariff[]> {
    const current = await this.load(ref, orgId);
    const write = await this.readWrite({ tariffs: [body] }, current, orgId);
    await this.repo.update(current.row.account_id, write, this.stamp());
    return this.tariffs({ accountId: current.row.account_id }, {}, orgId);
  }

  async deleteTariffs(ref: AccountRef, effectiveDate: string | undefined, orgId: number): Promise<AccountTariff[]> {
    const current = await this.load(ref, orgId);
    const before = await this.tariffs({ accountId: current.row.account_id }, {}, orgId);
    const date =
      effectiveDate === undefined
        ? null
        : (localDateParam('effectiveDate', effectiveDate, this.zoneOf(current)) ?? null);
    const removed = await this.repo.deleteTariffs(current.row.account_id, date);
    if (!removed)
      throw date === null
        ? notFound('AccountTariff', 'accountId', current.row.account_id)
        : notFound('AccountTariff', 'effectiveDate', effectiveDate!);
    await this.repo.touch(current.row.account_id, this.stamp());
    return before.filter((t) => t.source === 'ACCOUNT' && (date === null || t.effectiveDate === date));
  }

  /** The rates of the tariff the account is on on a date (default today in its zone). */
  async rates(ref: AccountRef, effectiveOn: string | undefined, orgId: number): Promise<NonNullable<Tariff['rates']>> {
    const account = await this.load(ref, orgId);
    const zone = this.zoneOf(account);
    const on =
      localDateParam('effectiveOn', effectiveOn, zone) ?? DateTime.fromJSDate(this.now(), { zone }).toISODate()!;
    const [current] = await this.timeline(account, on, DateTime.fromISO(on).plus({ days: 1 }).toISODate()!);
    if (!current) throw invalidArgument('effectiveOn', effectiveOn ?? on, 'The account is on no tariff on that date');
    const tariff = await this.tariffsService.get(
      current.part.masterTariffId,
      { effectiveOn: on, populateRates: true },
      { orgId },
    );
    const territoryId = account.properties.get('territoryId')?.data_value;
    // Rates of another territory than the account's do not apply to it.
    return (tariff.rates ?? []).filter(
      (r) => !territoryId || r.territory === null || String(r.territory.territoryId) === territoryId,
    );
  }

  /**
   * The interview: the property keys the account's candidate tariffs ask for (its own tariffs, else the default and
   * alternative tariffs of its LSE and class in effect today), with the account's answer to each (null: not given).
   */
  async interview(ref: AccountRef, orgId: number): Promise<Static<typeof InterviewSchema>[]> {
    const account = await this.load(ref, orgId);
    let ids = (await this.timeline(account, null, null).catch(() => [])).map((p) => p.part.masterTariffId);
    if (!account.tariffs.length && account.row.lse_id !== null) {
      const { rows } = await this.tariffsService.list(
        {
          lseId: account.row.lse_id,
          customerClasses: [this.customerClass(account)],
          tariffTypes: ['DEFAULT', 'ALTERNATIVE'],
        },
        { paging: { pageStart: 0, pageCount: 100 }, search: null, sort: [], ext: false },
        { orgId },
      );
      ids = [...new Set([...ids, ...rows.map((t) => t.masterTariffId)])];
    }
    if (!ids.length) return [];
    // The questions GET /rest/public/tariffs/properties asks of these tariffs' versions in effect today (their stored
    // properties, and what their rates and riders ask for, such as territoryId), with the account's answers.
    const asked = await this.tariffsService.propertyKeys({ masterTariffId: ids.map(String) }, { orgId });
    return asked.map((q) => ({
      keyName: q.keyName,
      displayName: q.displayName,
      description: q.description,
      dataType: q.dataType,
      choices: q.choices?.map((c) => ({ displayValue: c.displayValue ?? c.value, value: c.value })) ?? null,
      dataValue: account.properties.get(q.keyName)?.data_value ?? null,
      masterTariffIds: q.masterTariffIds,
    }));
  }

  /** What the tariff list filters an account by (null: no such account in the organization). */
  async placeForTariffs(
    accountId: string,
    orgId: number,
  ): Promise<{ zipCode: string | null; lseId: number | null; customerClass: string | null } | null> {
    const row = await this.repo.find(orgId, { accountId });
    if (!row) return null;
    const [cls] = (await this.repo.properties([accountId])).filter((p) => p.key_name === 'customerClass');
    return { zipCode: row.zip_code, lseId: row.lse_id, customerClass: customerClassOf(cls?.data_value) };
  }

  /** The account's time zone: its ZIP code's, else UTC. */
  zoneOf(account: LoadedAccount): string {
    return account.row.time_zone ?? 'UTC';
  }

  /** RESIDENTIAL, GENERAL or SPECIAL_USE: the customerClass property, RESIDENTIAL when not set (and said so by the calculations). */
  customerClass(account: LoadedAccount): string {
    return customerClassOf(account.properties.get('customerClass')?.data_value) ?? 'RESIDENTIAL';
  }

  /** The account as the API shows it (account-view.ts). */
  private toAccount(a: LoadedAccount, reads?: ReadOnce): Promise<Account> {
    return this.view.toAccount(a.row, a.properties, a.tariffs, reads);
  }

  /** The write a body asks for, checked against the stored account (account-write.ts). */
  private readWrite(body: AccountBody, current: LoadedAccount | null, orgId: number): Promise<AccountWrite> {
    return this.writes.read(body, current?.row ?? null, orgId, current?.properties);
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
