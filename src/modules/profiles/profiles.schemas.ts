// Usage profiles (the original's /rest/v1/profiles) and their readings: shapes after the original's Profile,
// ReadingData and ReadingDataSummary types (Genability/genability-java).
import { Type } from '@sinclair/typebox';
import { ListQuery } from '../../http/query-schemas.ts';
import { PropertyValueInput } from '../accounts/accounts.schemas.ts';

const NStr = Type.Union([Type.String(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

export const SERVICE_TYPES = ['ELECTRICITY', 'SOLAR_PV', 'GAS'] as const;
/** ReadingEntry: readings sent; TypicalBaseline and PVWatts: readings modelled for any range from the profile's properties. */
export const SOURCE_IDS = ['ReadingEntry', 'TypicalBaseline', 'PVWatts'] as const;
export const PROFILE_GROUP_BYS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'QTRHOUR'] as const;

export const ReadingInput = Type.Object({
  fromDateTime: Type.Optional(Type.String()),
  toDateTime: Type.Optional(Type.String()),
  duration: Type.Optional(Type.Number({ description: 'Milliseconds, instead of toDateTime' })),
  quantityUnit: Type.Optional(Type.String({ description: 'kWh (default), Wh, MWh; kW, W, MW (demand); therms' })),
  quantityValue: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  quantityCost: Type.Optional(Type.Union([Type.Number(), Type.String(), Type.Null()])),
});

export const ProfileInput = Type.Object({
  profileId: Type.Optional(Type.String({ maxLength: 64, description: 'PUT: the profile to update' })),
  providerProfileId: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  accountId: Type.Optional(
    Type.String({ maxLength: 64, description: 'The account the profile belongs to (or providerAccountId)' }),
  ),
  providerAccountId: Type.Optional(Type.String({ maxLength: 255 })),
  profileName: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  meterId: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  serviceTypes: Type.Optional(Type.String({ description: `${SERVICE_TYPES.join(', ')} (default ELECTRICITY)` })),
  source: Type.Optional(
    Type.Object({ sourceId: Type.String({ description: SOURCE_IDS.join(', ') }), name: Type.Optional(NStr) }),
  ),
  isDefault: Type.Optional(
    Type.Boolean({
      description:
        "The profile calculations use for its service type (default: true for the account's first of the type)",
    }),
  ),
  properties: Type.Optional(
    Type.Union([Type.Record(Type.String(), PropertyValueInput), Type.Array(PropertyValueInput, { maxItems: 100 })]),
  ),
  readingData: Type.Optional(Type.Array(ReadingInput, { maxItems: 600_000 })),
});

export const ReadingDataSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  quantityUnit: Type.String(),
  quantityValue: Type.Number(),
  quantityCost: Type.Optional(NNum),
});

export const ReadingDataSummarySchema = Type.Object({
  quantityUnit: Type.String(),
  fromDateTime: NStr,
  toDateTime: NStr,
  numberOfReadings: Type.Integer(),
});

const Measure = Type.Object({ quantityAmount: NNum });
export const ProfileIntervalSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  duration: Type.Number(),
  kWh: Measure,
  kW: Measure,
  therms: Measure,
  readings: Type.Integer({ description: 'Readings (or parts of readings) in the interval' }),
});

export const ProfileSchema = Type.Object({
  profileId: Type.String(),
  providerProfileId: NStr,
  profileName: NStr,
  accountId: Type.String(),
  providerAccountId: NStr,
  meterId: NStr,
  description: NStr,
  serviceTypes: Type.String(),
  source: Type.Object({ sourceId: Type.String(), name: Type.String() }),
  isDefault: Type.Boolean(),
  properties: Type.Record(Type.String(), Type.Object({ keyName: Type.String(), dataValue: Type.String() })),
  readingDataSummaries: Type.Array(ReadingDataSummarySchema),
  readingData: Type.Optional(Type.Array(ReadingDataSchema)),
  intervals: Type.Optional(
    Type.Object({
      totalCount: Type.Integer(),
      pageStart: Type.Integer(),
      pageCount: Type.Integer(),
      list: Type.Array(ProfileIntervalSchema),
    }),
  ),
  createdDate: Type.String(),
  lastUpdatedDate: Type.String(),
});

export const ProfileParams = Type.Object({ profileId: Type.String({ maxLength: 64 }) });
export const ProfilePidParams = Type.Object({ providerProfileId: Type.String({ maxLength: 255 }) });

export const ProfileListQuery = Type.Object({
  ...ListQuery,
  accountId: Type.Optional(Type.String({ maxLength: 64 })),
  providerAccountId: Type.Optional(Type.String({ maxLength: 255 })),
});

export const ProfileGetQuery = Type.Object({
  fromDateTime: Type.Optional(
    Type.String({
      description:
        'Range of readingData and intervals (default: all the profile holds; a modelled profile: the current year)',
    }),
  ),
  toDateTime: Type.Optional(Type.String()),
  populateReadings: Type.Optional(Type.Boolean({ description: 'Add readingData: the readings in the range' })),
  groupBy: Type.Optional(
    Type.String({
      description: `Add intervals: the readings summed by ${PROFILE_GROUP_BYS.join(', ')} (local time of the account)`,
    }),
  ),
  pageStart: Type.Optional(Type.Integer({ minimum: 0, description: 'Of the intervals' })),
  pageCount: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 40_000, description: 'Of the intervals (default all, at most 40,000)' }),
  ),
});

export const ReadingsQuery = Type.Object({
  quantityUnit: Type.Optional(Type.String({ description: 'CSV: the unit of rows that name none (default kWh)' })),
  usagePointId: Type.Optional(
    Type.String({ description: 'Green Button: the usage point to read, when the file has several' }),
  ),
});

export const ReadingsResultSchema = Type.Object({
  profileId: Type.String(),
  format: Type.String({ description: 'JSON, CSV or GREEN_BUTTON' }),
  readingsSent: Type.Integer(),
  readingsReplaced: Type.Integer({
    description: 'Stored readings the upload replaced (they overlapped a reading sent)',
  }),
  duplicatesInUpload: Type.Integer({
    description: 'Readings of the upload overlapped by a later reading of the same upload (the later one is kept)',
  }),
  readingDataSummaries: Type.Array(ReadingDataSummarySchema),
  gaps: Type.Array(
    Type.Object({ quantityUnit: Type.String(), fromDateTime: Type.String(), toDateTime: Type.String() }),
    { description: 'Spans between the first and last reading of each unit that no reading covers' },
  ),
  notes: Type.Array(Type.String()),
});
