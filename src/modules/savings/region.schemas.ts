// The retired alpha "open savings" (spec "Region Savings and Cost Savings"), computed from Ratebook's own data.
import { Type } from '@sinclair/typebox';

const N = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const CostMap = Type.Object({
  usageKWh: Type.Number(),
  usageKW: Type.Number(),
  costFixed: Type.Number(),
  costDemand: Type.Number(),
  costConsumption: Type.Number(),
  costMin: Type.Number(),
  costOther: Type.Optional(Type.Number()),
  costTotal: Type.Number(),
});

export const RatingSchema = Type.Object({
  ratingType: Type.String(),
  ratingTypeKey: Type.Object({
    keyName: Type.String(),
    dataType: Type.String(),
    choices: Type.Array(Type.Object({ displayValue: Type.String(), value: Type.String() })),
  }),
  value: Type.Integer({ description: 'Ratebook: the rating, 1 to 4' }),
  min: N(Type.Number()),
  max: N(Type.Number()),
  description: Type.String(),
});

const Attribution = Type.Object({ provider: Type.String(), url: Type.String(), sources: Type.Array(Type.String()) });

export const RegionSavingsSchema = Type.Object({
  cityKey: Type.Integer(),
  region: Type.String(),
  regionType: Type.String(),
  sunshineRating: RatingSchema,
  popularityRating: N(RatingSchema),
  pvRatesRating: RatingSchema,
  ratesRating: RatingSchema,
  pre: CostMap,
  post: CostMap,
  utilitySavings: CostMap,
  netSavings: N(CostMap),
  utilitySavingsRank: N(Type.Integer()),
  netSavingsRank: N(Type.Integer()),
  housingStock: N(
    Type.Object({
      singleFamilyDetached: Type.Number(),
      singleFamilyAttached: Type.Number(),
      apartmentUnder5Units: Type.Number(),
      apartmentOver4Units: Type.Number(),
      mobileHome: Type.Number(),
      totalHousingUnits: Type.Number(),
    }),
  ),
  attribution: Attribution,
});

export const CostSavingsSchema = Type.Object({
  regionType: Type.String(),
  region: Type.String(),
  calcType: Type.String(),
  buildingType: Type.String(),
  usageType: Type.String(),
  pre: CostMap,
  post: CostMap,
  utilitySavings: CostMap,
  netSavings: N(CostMap),
  attribution: Attribution,
});

export const RegionQuery = Type.Object({
  zipCode: Type.Optional(Type.String()),
  addressString: Type.Optional(Type.String()),
  sEcho: Type.Optional(Type.String({ description: 'Echoed back (the original served DataTables)' })),
});

export const CostSavingsQuery = Type.Object({
  cityKey: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 99999, description: 'From Region Savings: the ZIP code as a number' }),
  ),
  zipCode: Type.Optional(Type.String()),
  addressString: Type.Optional(Type.String()),
});
