// An account body read and checked into the write it asks for: enumerations, the address placed, property values
// checked against their keys, tariffs that are loaded, and the account's LSE (its lseId property, else the one serving
// its ZIP code for its class).
import type { Static } from '@sinclair/typebox';
import { localDateParam } from '../../http/dates.ts';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import { enumValue } from '../../http/list-params.ts';
import type { LsesService } from '../lses/lses.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { placeOf, servingLse } from './account-place.ts';
import { checkProperties, customerClassOf } from './account-property-values.ts';
import type { AccountRow, AccountWrite, PropertyRow } from './accounts.repository.ts';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, type AccountInput, type AccountTariffInput } from './accounts.schemas.ts';
import { EARLIEST } from './tariff-timeline.ts';

export type AccountBody = Static<typeof AccountInput>;

export class AccountWriteReader {
  constructor(
    private readonly zipcodes: ZipcodesService,
    private readonly lses: LsesService,
    private readonly keys: PropertiesRepository,
    private readonly tariffs: TariffsService,
  ) {}

  /**
   * The write a body asks for, checked: enumerations, address, property values and tariffs. `current` and
   * `currentProperties`: the stored account's row and properties, whose fields those sent replace (null: a new account).
   */
  async read(
    body: AccountBody,
    current: AccountRow | null,
    orgId: number,
    currentProperties: ReadonlyMap<string, PropertyRow> = new Map(),
  ): Promise<AccountWrite> {
    const row: AccountWrite['row'] = current
      ? (({ account_id: _a, org_id: _o, created_at: _c, updated_at: _u, ...rest }) => rest)(current)
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
        await this.tariffs.get(t.masterTariffId, {}, { orgId }).catch((e: unknown) => {
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
    const lseProperty = write.properties?.find((p) => p.key_name === 'lseId') ?? currentProperties.get('lseId');
    const classValue =
      write.properties?.find((p) => p.key_name === 'customerClass')?.data_value ??
      currentProperties.get('customerClass')?.data_value;
    if (lseProperty) row.lse_id = Number(lseProperty.data_value);
    else if (row.zip_code)
      row.lse_id =
        (await servingLse(this.lses, row.zip_code, customerClassOf(classValue) ?? 'RESIDENTIAL'))?.lseId ?? null;
    return write;
  }
}
