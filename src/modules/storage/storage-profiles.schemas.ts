// POST /rest/v1/profiles/storage as the original's clients send it: an account, a family id for the three profiles
// it makes, the consumption profile and the solar profile(s) (with a dataFactor each), and a `storage` object with
// the post-solar tariff (`mainTariffId`), its property inputs and the battery.
import { Type } from '@sinclair/typebox';
import { ProfileSchema } from '../profiles/profiles.schemas.ts';
import { BatteryFields, StorageAnswer } from '../calculations/storage.schemas.ts';

const ProfileRefInput = Type.Object({
  profileId: Type.Optional(Type.String({ maxLength: 64 })),
  providerProfileId: Type.Optional(Type.String({ maxLength: 255 })),
  dataFactor: Type.Optional(Type.Number({ description: 'Scales the profile (solar: a larger or smaller array)' })),
});

export const StorageProfileBody = Type.Object({
  accountId: Type.Optional(Type.String({ maxLength: 64 })),
  providerAccountId: Type.Optional(Type.String({ maxLength: 255 })),
  providerProfileId: Type.String({
    minLength: 1,
    maxLength: 240,
    description: 'Family id: the profiles made are <id>-usage, <id>-solar and <id>-storage',
  }),
  profileName: Type.Optional(Type.String({ maxLength: 200 })),
  fromDateTime: Type.String({ description: 'Start of the profiles (with its offset, or local to the account)' }),
  toDateTime: Type.Optional(Type.String({ description: 'Ratebook extension: end (default a year after the start)' })),
  consumption: Type.Optional(ProfileRefInput),
  solar: Type.Optional(Type.Union([ProfileRefInput, Type.Array(ProfileRefInput, { maxItems: 10 })])),
  storage: Type.Object({
    mainTariffId: Type.Union([Type.Integer({ minimum: 1 }), Type.String()], {
      description: 'The post-solar tariff the battery is dispatched and billed on',
    }),
    tariffPropertyInputs: Type.Optional(
      Type.Array(
        Type.Object({
          keyName: Type.String({ minLength: 1 }),
          dataValue: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
        }),
        { maxItems: 100 },
      ),
    ),
    ...BatteryFields,
  }),
});

export const StorageProfileSchema = Type.Object({
  providerProfileId: Type.String({ description: 'The family id' }),
  profiles: Type.Array(ProfileSchema, {
    description:
      '<id>-usage (grid to site), <id>-solar (solar to grid), <id>-storage (grid to battery less battery to grid)',
  }),
  storage: StorageAnswer,
  totalCost: Type.Number({ description: "The range's bill with the battery on mainTariffId" }),
});
