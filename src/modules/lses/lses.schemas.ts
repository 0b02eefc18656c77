import { Type } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);
const ext = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

export const BillingPeriodRepresentationSchema = Type.Object({
  fromDateOffset: Type.Integer(),
  toDateOffset: Type.Integer(),
  style: Type.String(),
});

const classFields = Object.fromEntries(
  ['residential', 'commercial', 'industrial', 'transportation'].flatMap((c) => [
    [`${c}ServiceTypes`, ext(NString)],
    [`${c}Revenues`, ext(NInt)],
    [`${c}Sales`, ext(NInt)],
    [`${c}Customers`, ext(NInt)],
  ]),
);

export const LseSchema = Type.Object({
  lseId: Type.Integer(),
  name: Type.String(),
  code: NString,
  websiteHome: NString,
  offeringType: ext(NString),
  ownership: ext(NString),
  serviceTypes: ext(NString),
  totalRevenues: ext(NInt),
  totalSales: ext(NInt),
  totalCustomers: ext(NInt),
  ...classFields,
  billingPeriodRepresentation: ext(Type.Union([BillingPeriodRepresentationSchema, Type.Null()])),
});

export const OWNERSHIPS = [
  'INVESTOR',
  'COOP',
  'MUNI',
  'FEDERAL',
  'POLITICAL_SUBDIVISION',
  'RETAIL_ENERGY_MARKETER',
  'WHOLESALE_ENERGY_MARKETER',
  'TRANSMISSION',
  'STATE',
  'UNREGULATED',
] as const;
export const SERVICE_TYPES = ['ELECTRICITY', 'SOLAR_PV', 'GAS'] as const;

export const LocationQuery = {
  zipCode: Type.Optional(Type.String({ description: 'ZIP code (ZIP+4 accepted); use with country' })),
  postCode: Type.Optional(Type.String({ description: 'Alias of zipCode' })),
  country: Type.Optional(Type.String({ description: 'ISO country code; only US is loaded' })),
};

export const LseListQuery = Type.Object({
  ...ListQuery,
  ...LocationQuery,
  ownerships: Type.Optional(StringList(OWNERSHIPS.join(', '))),
  serviceTypes: Type.Optional(StringList(SERVICE_TYPES.join(', '))),
  residentialServiceTypes: Type.Optional(StringList('Service types offered to residential customers')),
  commercialServiceTypes: Type.Optional(StringList('Service types offered to commercial customers')),
  industrialServiceTypes: Type.Optional(StringList('Service types offered to industrial customers')),
  transportationServiceTypes: Type.Optional(StringList('Service types offered to transportation customers')),
});

export const LseParams = Type.Object({ lseId: Id() });
export const LseOneQuery = Type.Object({
  fields: Type.Optional(Type.String({ description: 'ext adds the extended (E) fields' })),
});
