// An account as the API shows it: its row with its place, its properties (each with its key's display name and data
// type) and its tariffs (each described by the version it names); reads that a page's accounts share are made once.
import type { Static } from '@sinclair/typebox';
import type { LsesService } from '../lses/lses.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type { Address } from './account-place.ts';
import { checkProperties } from './account-property-values.ts';
import type { AccountRow, PropertyRow, TariffRow } from './accounts.repository.ts';
import type { AccountSchema, AccountTariffSchema, PropertyDataSchema } from './accounts.schemas.ts';
import { EARLIEST, tariffsInRange, type TimelinePart } from './tariff-timeline.ts';

export type Account = Static<typeof AccountSchema>;
export type PropertyData = Static<typeof PropertyDataSchema>;
export type AccountTariff = Static<typeof AccountTariffSchema>;

export class AccountView {
  constructor(
    private readonly zipcodes: ZipcodesService,
    private readonly lses: LsesService,
    private readonly keys: PropertiesRepository,
    private readonly tariffs: TariffsService,
  ) {}

  /** A part of the account's tariff timeline, described by the tariff version it names (nulls when none is loaded). */
  async describeTariff(
    part: TimelinePart,
    source: 'ACCOUNT' | 'DEFAULT',
    orgId: number,
    reads = new ReadOnce(),
  ): Promise<AccountTariff> {
    const t = await reads.once(`tariff ${part.masterTariffId} ${part.from}`, () =>
      this.tariffs
        .get(part.masterTariffId, part.from === EARLIEST ? {} : { effectiveOn: part.from }, { orgId })
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

  /** The account's stored rows as the API shows them; `reads` shares the reads of one answer (a page's accounts). */
  async toAccount(
    r: AccountRow,
    propertyRows: ReadonlyMap<string, PropertyRow>,
    tariffRows: readonly TariffRow[],
    reads = new ReadOnce(),
  ): Promise<Account> {
    const address = r.address ? (JSON.parse(r.address) as Address) : null;
    const zipCode = r.zip_code;
    const lseId = r.lse_id;
    const zip = zipCode ? await reads.once(`zip ${zipCode}`, () => this.zipcodes.repo.find(zipCode)) : undefined;
    const lse = lseId === null ? undefined : await reads.once(`lse ${lseId}`, () => this.lses.repo.find(lseId));
    const properties: Record<string, PropertyData> = {};
    const values = [...propertyRows.values()].map((p) => ({ keyName: p.key_name, dataValue: p.data_value }));
    const described = await reads.once(`properties ${JSON.stringify(values)}`, () =>
      checkProperties(this.keys, values, () => 'properties').catch(() => null),
    );
    for (const p of propertyRows.values()) {
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
    const tariffs = tariffRows.length
      ? await Promise.all(
          tariffsInRange(tariffRows, null, null).map((p) => this.describeTariff(p, 'ACCOUNT', r.org_id, reads)),
        )
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
}

/** Reads made once per answer: the first caller of a key starts the read, later ones share its promise. */
export class ReadOnce {
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
