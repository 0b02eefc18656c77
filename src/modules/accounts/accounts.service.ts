// Accounts: an organization's customers with their place, properties and tariffs over time. Every operation is
// within the caller's organization: another organization's account is a 404, exactly like one that does not exist.
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { localDateParam } from '../../http/dates.ts';
import { ApiError, invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumValue } from '../../http/list-params.ts';
import type { LsesService } from '../lses/lses.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import { defaultTariffOf } from '../savings/default-tariff.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { Tariff } from '../tariffs/tariff-view.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { placeOf, servingLse, type Address } from './account-place.ts';
import { checkProperties, customerClassOf } from './account-property-values.ts';
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  type InterviewSchema,
  type AccountInput,
  type AccountSchema,
  type AccountTariffInput,
  type AccountTariffSchema,
  type PropertyDataSchema,
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

export type Account = Static<typeof AccountSchema>;
export type AccountBody = Static<typeof AccountInput>;
export type PropertyData = Static<typeof PropertyDataSchema>;
export type AccountTariff = Static<typeof AccountTariffSchema>;
type PropertyValue = Static<typeof PropertyValueInput>;

/** An account as the services use it: the row, its properties by key and its tariff rows. */
export interface LoadedAccount {
  row: AccountRow;
  properties: Map<string, PropertyRow>;
  tariffs: TariffRow[];
}

export class AccountsService {
  readonly repo: AccountsRepository;

  constructor(
    db: Db,
    private readonly zipcodes: ZipcodesService,
    private readonly lses: LsesService,
    private readonly tariffsService: TariffsService,
    private readonly keys: PropertiesRepository,
    private readonly now: () => Date,
  ) {
    this.repo = new AccountsRepository(db);
  }

  /** The account, or a 404 naming how it was asked for (also for another organization's account). */
  async load(ref: AccountRef, orgId: number): Promise<LoadedAccount> {
    const row = await this.repo.find(orgId, ref);
    if (!row)
      throw 'accountId' in ref
        ? notFound('Account', 'accountId', ref.accountId)
        : notFound('Account', 'providerAccountId', ref.providerAccountId);
    const [properties, tariffs] = await Promise.all([
      this.repo.properties([row.account_id]),
      this.repo.tariffs([row.account_id]),
    ]);
    return { row, properties: new Map(properties.map((p) => [p.key_name, p])), tariffs };
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
    const write = await this.readWrite(body, null);
    await this.repo.insert(accountId, orgId, write, this.stamp());
    return this.get({ accountId }, orgId);
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
    const write = await this.readWrite(body, current);
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
    const write = await this.readWrite({ properties: (one ? [body] : body) as AccountBody['properties'] }, current);
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
    await this.repo.update(current.row.account_id, await this.readWrite({}, await this.load(ref, orgId)), this.stamp());
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
    return Promise.all((await this.timeline(account, from, to)).map((p) => this.describeTariff(p.part, p.source)));
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
    const write = await this.readWrite({ tariffs: [body] }, current);
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
    const tariff = await this.tariffsService.get(current.part.masterTariffId, { effectiveOn: on, populateRates: true });
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

  // --- reading and shaping ---

  /** The write a body asks for, checked: enumerations, address, property values and tariffs. */
  private async readWrite(body: AccountBody, current: LoadedAccount | null): Promise<AccountWrite> {
    const row: AccountWrite['row'] = current
      ? (({ account_id: _a, org_id: _o, created_at: _c, updated_at: _u, ...rest }) => rest)(current.row)
      : {
          provider_account_id: null,
          account_name: null,
          customer_org_id: null,
          customer_org_name: null,
          owner: null,
          status: 'ACTIVE',
          type: 'CUSTOMER',
          address: null,
          zip_code: null,
          latitude: null,
          longitude: null,
          time_zone: null,
          lse_id: null,
        };
    if (body.providerAccountId !== undefined) row.provider_account_id = body.providerAccountId;
    if (body.accountName !== undefined) row.account_name = body.accountName;
    if (body.customerOrgId !== undefined) row.customer_org_id = body.customerOrgId;
    if (body.customerOrgName !== undefined) row.customer_org_name = body.customerOrgName;
    if (body.owner !== undefined) row.owner = body.owner;
    if (body.status !== undefined) row.status = enumValue('status', body.status, ACCOUNT_STATUSES)!;
    if (body.type !== undefined) row.type = enumValue('type', body.type, ACCOUNT_TYPES)!;
    if (body.address !== undefined) {
      const zip = await placeOf(this.zipcodes, body.address);
      Object.assign(row, {
        address: JSON.stringify(body.address),
        zip_code: zip.zipcode,
        latitude: zip.latitude,
        longitude: zip.longitude,
        time_zone: zip.time_zone_id,
      });
    }

    const write: AccountWrite = { row };
    const tariffInputs: Static<typeof AccountTariffInput>[] = [...(body.tariffs ?? [])];
    const tariffField: string[] = tariffInputs.map((_, k) => `tariffs[${k}]`);
    if (body.properties !== undefined) {
      const entries = Array.isArray(body.properties)
        ? body.properties.map((p, k) => ({ ...p, keyName: p.keyName ?? '', at: `properties[${k}]` }))
        : Object.entries(body.properties).map(([key, p]) => ({
            ...p,
            keyName: p.keyName ?? key,
            at: `properties.${key}`,
          }));
      for (const e of entries)
        if (!e.keyName) throw invalidArgument(`${e.at}.keyName`, null, 'Each property needs its keyName');
      // The account's tariff may come as a masterTariffId property (from its fromDateTime), as older clients send it.
      for (const e of entries.filter((x) => x.keyName === 'masterTariffId')) {
        const id = Number(e.dataValue);
        if (!Number.isInteger(id) || id < 1)
          throw invalidArgument(
            `${e.at}.dataValue`,
            e.dataValue === null ? null : String(e.dataValue),
            'masterTariffId must be a positive integer',
          );
        tariffInputs.push({ masterTariffId: id, ...(e.fromDateTime ? { effectiveDate: e.fromDateTime } : {}) });
        tariffField.push(e.at);
      }
      const values = entries.filter((e) => e.keyName !== 'masterTariffId');
      values.forEach((e) => {
        if (e.dataValue === null || e.dataValue === undefined || String(e.dataValue).trim() === '')
          throw invalidArgument(`${e.at}.dataValue`, null, `${e.keyName} needs a dataValue`);
      });
      const byKey = new Map(values.map((e) => [e.keyName, e.at]));
      const checked = await checkProperties(
        this.keys,
        values.map((e) => ({ keyName: e.keyName, dataValue: String(e.dataValue) })),
        (k) => `${byKey.get(k)}.dataValue`,
      );
      write.properties = checked.map((c, k) => ({
        key_name: c.keyName,
        data_value: c.dataValue,
        from_date_time: values[k]!.fromDateTime ?? null,
        to_date_time: values[k]!.toDateTime ?? null,
      }));
      const lse = write.properties.find((p) => p.key_name === 'lseId');
      if (lse) {
        const id = Number(lse.data_value);
        if (!(await this.lses.repo.find(id)))
          throw invalidArgument(`${byKey.get('lseId')}.dataValue`, lse.data_value, `No LSE ${id} is loaded`);
      }
    }
    if (tariffInputs.length) {
      const zone = row.time_zone ?? 'UTC';
      write.tariffs = [];
      for (const [k, t] of tariffInputs.entries()) {
        await this.tariffsService.get(t.masterTariffId, {}).catch((e: unknown) => {
          if (e instanceof ApiError && e.statusCode === 404)
            throw invalidArgument(
              `${tariffField[k]}.masterTariffId`,
              t.masterTariffId,
              `No tariff ${t.masterTariffId} is loaded`,
            );
          throw e;
        });
        const date = localDateParam(`${tariffField[k]}.effectiveDate`, t.effectiveDate, zone) ?? EARLIEST;
        write.tariffs.push({ effective_date: date, master_tariff_id: t.masterTariffId });
      }
    }
    // The LSE: the lseId property, else the one serving the ZIP code for the account's class.
    const lseProperty = write.properties?.find((p) => p.key_name === 'lseId') ?? current?.properties.get('lseId');
    const classValue =
      write.properties?.find((p) => p.key_name === 'customerClass')?.data_value ??
      current?.properties.get('customerClass')?.data_value;
    if (lseProperty) row.lse_id = Number(lseProperty.data_value);
    else if (row.zip_code)
      row.lse_id =
        (await servingLse(this.lses, row.zip_code, customerClassOf(classValue) ?? 'RESIDENTIAL'))?.lseId ?? null;
    return write;
  }

  private async describeTariff(
    part: TimelinePart,
    source: 'ACCOUNT' | 'DEFAULT',
    reads = new ReadOnce(),
  ): Promise<AccountTariff> {
    const t = await reads.once(`tariff ${part.masterTariffId} ${part.from}`, () =>
      this.tariffsService
        .get(part.masterTariffId, part.from === EARLIEST ? {} : { effectiveOn: part.from })
        .catch(() => null),
    );
    return {
      masterTariffId: part.masterTariffId,
      tariffCode: t?.tariffCode ?? null,
      tariffName: t?.tariffName ?? null,
      lseId: t?.lseId ?? null,
      lseName: t?.lseName ?? null,
      customerClass: t?.customerClass ?? null,
      tariffType: t?.tariffType ?? null,
      effectiveDate: part.from === EARLIEST ? null : part.from,
      endDate: part.to,
      timeZone: t?.timeZone ?? null,
      source,
    };
  }

  async toAccount(a: LoadedAccount, reads = new ReadOnce()): Promise<Account> {
    const r = a.row;
    const address = r.address ? (JSON.parse(r.address) as Address) : null;
    const zipCode = r.zip_code;
    const lseId = r.lse_id;
    const zip = zipCode ? await reads.once(`zip ${zipCode}`, () => this.zipcodes.repo.find(zipCode)) : undefined;
    const lse = lseId === null ? undefined : await reads.once(`lse ${lseId}`, () => this.lses.repo.find(lseId));
    const properties: Record<string, PropertyData> = {};
    const values = [...a.properties.values()].map((p) => ({ keyName: p.key_name, dataValue: p.data_value }));
    const described = await reads.once(`properties ${JSON.stringify(values)}`, () =>
      checkProperties(this.keys, values, () => 'properties').catch(() => null),
    );
    for (const p of a.properties.values()) {
      const d = described?.find((x) => x.keyName === p.key_name);
      properties[p.key_name] = {
        keyName: p.key_name,
        displayName: d?.displayName ?? null,
        dataType: d?.dataType ?? null,
        dataValue: p.data_value,
        fromDateTime: p.from_date_time,
        toDateTime: p.to_date_time,
      };
    }
    const tariffs = a.tariffs.length
      ? await Promise.all(tariffsInRange(a.tariffs, null, null).map((p) => this.describeTariff(p, 'ACCOUNT', reads)))
      : [];
    return {
      accountId: r.account_id,
      providerAccountId: r.provider_account_id,
      accountName: r.account_name,
      customerOrgId: r.customer_org_id,
      customerOrgName: r.customer_org_name,
      owner: r.owner,
      status: r.status,
      type: r.type,
      address: address && {
        addressString: address.addressString ?? null,
        address1: address.address1 ?? null,
        address2: address.address2 ?? null,
        city: address.city ?? null,
        state: address.state ?? null,
        zip: address.zip ?? null,
        country: address.country ?? null,
        lat: address.lat ?? null,
        lon: address.lon ?? null,
      },
      place: r.zip_code
        ? {
            zipCode: r.zip_code,
            city: zip?.city_mixed_case ?? zip?.city ?? null,
            state: zip?.state ?? null,
            latitude: r.latitude,
            longitude: r.longitude,
            timeZone: r.time_zone,
            lseId: r.lse_id,
            lseName: lse?.name ?? null,
            climateZone: zip?.climate_zone ?? null,
          }
        : null,
      properties,
      tariffs,
      createdDate: r.created_at,
      lastUpdatedDate: r.updated_at,
    };
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}

/** Reads made once per answer: the first caller of a key starts the read, later ones share its promise. */
class ReadOnce {
  private readonly started = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let p = this.started.get(key) as Promise<T> | undefined;
    if (!p) {
      p = read();
      this.started.set(key, p);
    }
    return p;
  }
}
