// The account calculation's body: the on-demand calculation's options, the account standing in for tariff and usage.
import { Type } from '@sinclair/typebox';
import { Id } from '../../http/query-schemas.ts';
import { CalculateBody, PropertyDataInput, RateInput } from '../calculations/calculations.schemas.ts';

export const AccountCalculateBody = Type.Object({
  fromDateTime: Type.String({ description: 'Required' }),
  toDateTime: Type.String({ description: 'Required' }),
  masterTariffId: Type.Optional(Id("Bill on this tariff instead of the account's")),
  profileId: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "The usage profile (default: the account's default ELECTRICITY profile)",
    }),
  ),
  providerProfileId: Type.Optional(Type.String({ maxLength: 255 })),
  useIntelligentBaselining: Type.Optional(
    Type.Boolean({
      description:
        'Fill spans without readings from the typical baseline scaled to the readings (default false: such spans are a 400)',
    }),
  ),
  propertyInputs: Type.Optional(
    Type.Array(PropertyDataInput, {
      maxItems: 1000,
      description: "More inputs beside the account's properties and readings",
    }),
  ),
  rateInputs: Type.Optional(Type.Array(RateInput, { maxItems: 200 })),
  detailLevel: Type.Optional(Type.String()),
  groupBy: Type.Optional(Type.String()),
  // The on-demand calculation's own schemas, passed on to it as they are: it reads billingPeriod and the SDKs' alias
  // isBillingPeriod in one place (a cycle across two months billed as one period either way; both, differing: a 400).
  billingPeriod: CalculateBody.properties.billingPeriod,
  isBillingPeriod: CalculateBody.properties.isBillingPeriod,
  minimums: Type.Optional(Type.Boolean()),
  excludeChargeClass: Type.Optional(Type.String()),
  applyUtilityTax: Type.Optional(Type.Boolean({ description: 'Default true (the account has an address)' })),
  tariffEffectiveOn: Type.Optional(Type.String()),
});
