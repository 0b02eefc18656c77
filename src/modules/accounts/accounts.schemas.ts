// Accounts (the original's /rest/v1/accounts): request and response shapes. Field names follow the original's Account
// type (Genability/genability-java); Ratebook adds `place`, what the address resolved to.
import { Type } from '@sinclair/typebox';
import { Id, ListQuery } from '../../http/query-schemas.ts';
import { AddressInput } from '../calculations/calculations.schemas.ts';

const NStr = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

export const ACCOUNT_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;
export const ACCOUNT_TYPES = ['CUSTOMER', 'POTENTIAL', 'TARGET', 'ARCHETYPE'] as const;

const Text = (description: string) => Type.String({ maxLength: 255, description });

export const PropertyValueInput = Type.Object({
  keyName: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The property key (in a map, the map key stands for it)',
    }),
  ),
  dataValue: Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean(), Type.Null()]),
  fromDateTime: Type.Optional(NStr),
  toDateTime: Type.Optional(NStr),
});

export const AccountTariffInput = Type.Object({
  masterTariffId: Id(),
  effectiveDate: Type.Optional(
    Type.String({
      description: "The date the account moved to this tariff (default: the start of time, the account's first tariff)",
    }),
  ),
});

export const AccountInput = Type.Object({
  accountId: Type.Optional(Type.String({ maxLength: 64, description: 'PUT: the account to update' })),
  providerAccountId: Type.Optional(
    Type.Union([Text('Your own id for the account, unique in your organization'), Type.Null()]),
  ),
  accountName: Type.Optional(Type.Union([Text('A name'), Type.Null()])),
  customerOrgId: Type.Optional(Type.Union([Text('For compatibility'), Type.Null()])),
  customerOrgName: Type.Optional(Type.Union([Text('For compatibility'), Type.Null()])),
  owner: Type.Optional(Type.Union([Text('For compatibility'), Type.Null()])),
  status: Type.Optional(Type.String({ description: `${ACCOUNT_STATUSES.join(', ')} (default ACTIVE)` })),
  type: Type.Optional(Type.String({ description: `${ACCOUNT_TYPES.join(', ')} (default CUSTOMER)` })),
  address: Type.Optional(AddressInput),
  properties: Type.Optional(
    Type.Union([Type.Record(Type.String(), PropertyValueInput), Type.Array(PropertyValueInput, { maxItems: 200 })], {
      description: 'PropertyData keyed by keyName (as the original answers them) or a list',
    }),
  ),
  tariffs: Type.Optional(Type.Array(AccountTariffInput, { maxItems: 100 })),
});

export const PropertyDataSchema = Type.Object({
  keyName: Type.String(),
  displayName: NStr,
  dataType: NStr,
  dataValue: Type.String(),
  fromDateTime: NStr,
  toDateTime: NStr,
});

export const AccountTariffSchema = Type.Object({
  masterTariffId: Type.Integer(),
  tariffCode: NStr,
  tariffName: NStr,
  lseId: NInt,
  lseName: NStr,
  customerClass: NStr,
  tariffType: NStr,
  effectiveDate: NStr,
  endDate: NStr,
  timeZone: NStr,
  /** Ratebook: ACCOUNT (set on the account) or DEFAULT (none set: the default tariff of its LSE and class). */
  source: Type.String(),
});

export const AccountSchema = Type.Object({
  accountId: Type.String(),
  providerAccountId: NStr,
  accountName: NStr,
  customerOrgId: NStr,
  customerOrgName: NStr,
  owner: NStr,
  status: Type.String(),
  type: Type.String(),
  address: Type.Union([
    Type.Object({
      addressString: NStr,
      address1: NStr,
      address2: NStr,
      city: NStr,
      state: NStr,
      zip: NStr,
      country: NStr,
      lat: NNum,
      lon: NNum,
    }),
    Type.Null(),
  ]),
  place: Type.Union([
    Type.Object(
      {
        zipCode: Type.String(),
        city: NStr,
        state: NStr,
        latitude: NNum,
        longitude: NNum,
        timeZone: NStr,
        lseId: NInt,
        lseName: NStr,
        climateZone: NStr,
      },
      {
        description:
          'Ratebook: what the address resolved to (the ZIP code, its time zone, the LSE the account is served by and the IECC climate zone)',
      },
    ),
    Type.Null(),
  ]),
  properties: Type.Record(Type.String(), PropertyDataSchema),
  tariffs: Type.Array(AccountTariffSchema),
  createdDate: Type.String(),
  lastUpdatedDate: Type.String(),
});

export const AccountParams = Type.Object({ accountId: Type.String({ maxLength: 64 }) });
export const PidParams = Type.Object({ providerAccountId: Type.String({ maxLength: 255 }) });
export const KeyParams = Type.Object({ keyName: Type.String({ maxLength: 100 }) });

export const AccountListQuery = Type.Object({
  ...ListQuery,
  status: Type.Optional(Type.String({ description: 'Keep accounts of this status' })),
});

export const AccountTariffsQuery = Type.Object({
  fromDateTime: Type.Optional(
    Type.String({
      description: 'With toDateTime: the tariffs the account was on in the range (default: all it has had)',
    }),
  ),
  toDateTime: Type.Optional(Type.String()),
  effectiveOn: Type.Optional(Type.String({ description: 'The tariff the account is on on this date' })),
});

export const AccountRatesQuery = Type.Object({
  effectiveOn: Type.Optional(Type.String({ description: "The date (default today in the account's zone)" })),
});

export const InterviewSchema = Type.Object({
  keyName: Type.String(),
  displayName: NStr,
  description: NStr,
  dataType: NStr,
  choices: Type.Union([Type.Array(Type.Object({ displayValue: Type.String(), value: Type.String() })), Type.Null()]),
  /** The account's answer, or null when it has not been given. */
  dataValue: NStr,
  /** Which of the candidate tariffs ask for the key. */
  masterTariffIds: Type.Array(Type.Integer()),
});
