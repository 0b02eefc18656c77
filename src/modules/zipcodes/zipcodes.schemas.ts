import { Type } from '@sinclair/typebox';
import { ListQuery } from '../../http/query-schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const NString = Nullable(Type.String());

export const ZipcodeSchema = Type.Object({
  state: NString,
  timeZone: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Hours west of UTC in standard time (5 = Eastern)',
  }),
  zipcode: Type.String(),
  city: NString,
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  county: NString,
  areaCode: NString,
  cityType: NString,
  cityAliasAbbreviation: NString,
  elevation: Type.Union([Type.Integer(), Type.Null()]),
  dayLightSaving: Type.Union([Type.Boolean(), Type.Null()]),
  classificationCode: NString,
  cityMixedCase: NString,
  cityAliasMixedCase: NString,
  stateAnsi: Type.Union([Type.Integer(), Type.Null()]),
  countyAnsi: Type.Union([Type.Integer(), Type.Null()]),
});

export const ZipcodeParams = Type.Object({ zipCode: Type.String({ description: 'Five-digit ZIP code' }) });

export const ZipcodeListQuery = Type.Object({
  ...ListQuery,
  zipCode: Type.Optional(Type.String({ description: 'ZIP code prefix (1 to 5 digits)' })),
  state: Type.Optional(Type.String({ description: 'Two-letter state abbreviation' })),
});

export const ZIP_SEARCHABLE = ['zipcode', 'city', 'county', 'state'] as const;
