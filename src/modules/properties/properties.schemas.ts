import { Type } from '@sinclair/typebox';
import { Id, ListQuery } from '../../http/query-schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

export const DATA_TYPES = [
  'STRING',
  'CHOICE',
  'BOOLEAN',
  'DATE',
  'DECIMAL',
  'INTEGER',
  'FORMULA',
  'LOOKUP',
  'DEMAND',
] as const;

export const ChoiceSchema = Type.Object({
  displayValue: NString,
  value: Type.String(),
  dataValue: NString,
  likelihood: NNum,
});

export const PropertyKeySchema = Type.Object({
  keyName: Type.String(),
  // Optional: omitted when null, as the original's recorded property keys show (subKeyName, formulaDetail, entity, choices).
  subKeyName: Type.Optional(NString),
  displayName: NString,
  family: NString,
  keyspace: NString,
  description: NString,
  dataType: Type.String(),
  quantityUnit: Type.Optional(NString),
  formulaDetail: Type.Optional(NString),
  lookbackIntervalQuantity: Type.Optional(NInt),
  lookbackQuantity: Type.Optional(NInt),
  lookbackPeriod: Type.Optional(NString),
  lookbackTimeOfUseId: Type.Optional(NInt),
  lookbackSeasonId: Type.Optional(NInt),
  entityId: Type.Optional(NInt),
  entityType: Type.Optional(NString),
  choices: Type.Optional(Type.Union([Type.Array(ChoiceSchema), Type.Null()])),
  privacy: Type.Optional(Type.String()),
});

const lookupFields = {
  lookupId: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'null for a bundled export price read from its data file: a first start stores them after it listens (minutes)',
  }),
  subKeyName: NString,
  fromDateTime: Type.String({ description: "Local time of the key's zone, ISO 8601 without offset" }),
  toDateTime: Type.String(),
  bestValue: NNum,
  bestAccuracy: NNum,
  actualValue: NNum,
  lseForecastValue: NNum,
  lseForecastAccuracy: NNum,
  forecastValue: NNum,
  forecastAccuracy: NNum,
};
export const PropertyLookupSchema = Type.Object({ keyName: Type.String(), ...lookupFields });
export const LegacyPropertyLookupSchema = Type.Object({ propertyKey: Type.String(), ...lookupFields });

export const LookupStatsSchema = Type.Object({
  keyName: Type.String(),
  minFromDateTime: NInt,
  maxToDateTime: NInt,
  lookupCount: Type.Integer(),
  meanValue: NNum,
  totalDuration: Type.Integer({ description: 'milliseconds' }),
  meanDuration: NInt,
  missingDuration: NInt,
  lastUpdatedDate: NInt,
});

export const PropertyListQuery = Type.Object({
  ...ListQuery,
  dataType: Type.Optional(Type.String({ description: DATA_TYPES.join(', ') })),
  family: Type.Optional(Type.String()),
  keySpace: Type.Optional(Type.String()),
  entityId: Type.Optional(Id('Ignored unless entityType is given too')),
  entityType: Type.Optional(Type.String({ description: 'LSE; ignored unless entityId is given too' })),
  excludeGlobal: Type.Optional(Type.Boolean({ description: 'Only entity-specific keys' })),
});

export const KeyParams = Type.Object({ keyName: Type.String({ minLength: 1 }) });
export const KeyOneQuery = Type.Object({ fields: Type.Optional(Type.String()) });

const LookupRange = {
  ...ListQuery,
  subKeyName: Type.Optional(Type.String()),
  fromDateTime: Type.Optional(Type.String({ description: 'Default: 72 hours before toDateTime (or now)' })),
  toDateTime: Type.Optional(Type.String({ description: 'Default: 72 hours after fromDateTime, or now' })),
};
export const LookupQuery = Type.Object(LookupRange);
export const LegacyLookupQuery = Type.Object({
  ...LookupRange,
  keyName: Type.Optional(Type.String({ description: 'Required (or propertyKey)' })),
  propertyKey: Type.Optional(Type.String({ description: "The original SDKs' name for keyName" })),
  subPropertyKey: Type.Optional(Type.String({ description: "The original SDKs' name for subKeyName" })),
});
export const StatsQuery = Type.Object({ subKeyName: Type.Optional(Type.String()) });
