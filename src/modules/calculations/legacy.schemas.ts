// The original API's older calculate operation (GET and POST /rest/public/calculate/{masterTariffId}): the v1
// on-demand body with the tariff in the path and the older names of its fields, or flat query parameters.
import { Type } from '@sinclair/typebox';
import { Id, StringList } from '../../http/query-schemas.ts';
import { CalculateBody, PropertyDataInput } from './calculations.schemas.ts';

export const LegacyCalculateParams = Type.Object({ masterTariffId: Id('The tariff to calculate on') });

/** Fields of the original for stored usage (the account calculation's), one rate, or a factor on all usage: refused, not ignored. */
export const UNSUPPORTED_FIELDS = [
  'accountId',
  'providerAccountId',
  'profileId',
  'tariffRateId',
  'dataFactor',
  'useMostRecentUsageData',
  'includeDefaultProfile',
] as const;

export const LegacyCalculateBody = Type.Object(
  {
    ...Type.Omit(CalculateBody, ['masterTariffId']).properties,
    masterTariffId: Type.Optional(Id('May repeat the path; a different value is a 400')),
    tariffInputs: Type.Optional(
      Type.Array(PropertyDataInput, {
        maxItems: 1000,
        description: 'The older name of propertyInputs: give one or the other',
      }),
    ),
    territoryId: Type.Optional(Id('Older clients: the territory, as a territoryId property input')),
    zipCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 10,
        description:
          'Older clients: the ZIP code placing the customer, as address.zip; utility taxes only with applyUtilityTax=true',
      }),
    ),
  },
  {
    description: `The body of POST /rest/v1/ondemand/calculate, the tariff in the path. ${UNSUPPORTED_FIELDS.join(', ')} (when not null or false) belong to the account calculation or are not supported: a 400 naming the field rather than a bill of something else.`,
  },
);

/** The query parameters that are not property inputs: declared below, or sent by older clients and ignored. */
export const IGNORED_QUERY = ['accuracy', 'betaPopulateAssumptions', 'appId', 'appKey'] as const;

export const LegacyCalculateQuery = Type.Object(
  {
    fromDateTime: Type.String({ description: 'Required' }),
    toDateTime: Type.String({ description: 'Required' }),
    detailLevel: CalculateBody.properties.detailLevel,
    groupBy: CalculateBody.properties.groupBy,
    billingPeriod: CalculateBody.properties.billingPeriod,
    isBillingPeriod: CalculateBody.properties.isBillingPeriod,
    minimums: Type.Optional(Type.Boolean({ description: 'Enforce minimum charges (default true)' })),
    excludeChargeClass: Type.Optional(StringList('Charge classes to leave out (comma list)')),
    tariffEffectiveOn: Type.Optional(Type.String()),
    applyUtilityTax: Type.Optional(
      Type.Boolean({ description: 'Add the utility taxes where zipCode is (default false)' }),
    ),
    zipCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 10,
        description: 'Places the customer: territory, typical baseline, utility taxes with applyUtilityTax=true',
      }),
    ),
    consumption: Type.Optional(Type.Number({ description: 'kWh over the whole range' })),
    demand: Type.Optional(Type.Number({ description: 'kW: the peak demand over the range' })),
    territoryId: Type.Optional(Id('The territory, for territory-dependent rates')),
    masterTariffId: Type.Optional(Id('May repeat the path; a different value is a 400')),
    fields: Type.Optional(Type.String({ description: 'ext adds the extended (E) fields of the items' })),
  },
  {
    description: `Any other keyName=value parameter is a property input (cityLimits=Inside, baselineType=typicalElectricity, ...): a name that is no property key nor one the tariff uses is a 400 naming it. ${IGNORED_QUERY.join(', ')} are ignored; ${UNSUPPORTED_FIELDS.join(', ')} are a 400.`,
  },
);

export const LegacyCalculateOptions = Type.Object({
  fields: Type.Optional(Type.String({ description: 'ext adds the extended (E) fields of the items' })),
});
