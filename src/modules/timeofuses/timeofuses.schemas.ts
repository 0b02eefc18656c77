import { Type } from '@sinclair/typebox';
import { Id, ListQuery } from '../../http/query-schemas.ts';
import { SeasonSchema } from '../seasons/seasons.schemas.ts';

export const TOU_TYPES = [
  'SUPER_OFF_PEAK',
  'OFF_PEAK',
  'PARTIAL_PEAK',
  'ON_PEAK',
  'SUPER_ON_PEAK',
  'CRITICAL_PEAK',
] as const;

const NInt = Type.Union([Type.Integer(), Type.Null()]);
const day = (d: string) =>
  Type.Integer({ minimum: 0, maximum: 6, description: `${d} day of week, Monday = 0 ... Sunday = 6` });
const hour = Type.Integer({ minimum: 0, maximum: 23 });
const minute = Type.Integer({ minimum: 0, maximum: 59 });

export const TouPeriodSchema = Type.Object({
  touPeriodId: Type.Integer(),
  touId: Type.Integer(),
  fromDayOfWeek: Type.Integer(),
  fromHour: Type.Integer(),
  fromMinute: Type.Integer(),
  toDayOfWeek: Type.Integer(),
  toHour: Type.Integer(),
  toMinute: Type.Integer(),
  calendarId: Type.Optional(NInt),
});

export const TimeOfUseSchema = Type.Object({
  touId: Type.Integer(),
  touGroupId: Type.Integer(),
  lseId: Type.Integer(),
  touName: Type.String(),
  touType: Type.Union([Type.String(), Type.Null()]),
  calendarId: NInt,
  isDynamic: Type.Boolean(),
  season: Type.Union([SeasonSchema, Type.Null()]),
  touPeriods: Type.Array(TouPeriodSchema),
  privacy: Type.Optional(Type.String()),
});

export const TouGroupSchema = Type.Object({
  lseId: Type.Integer(),
  touGroupId: Type.Integer(),
  timeOfUses: Type.Array(TimeOfUseSchema),
});

export const TouIntervalSchema = Type.Object({
  touName: Type.String(),
  touGroupId: Type.Integer(),
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  touId: Type.Integer(),
  touType: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  calendarId: NInt,
});

export const GroupParams = Type.Object({ lseId: Id(), touGroupId: Id() });
export const TouParams = Type.Object({ touId: Id() });
export const LseParams = Type.Object({ lseId: Id() });
export const GroupQuery = Type.Object({ ...ListQuery });
export const GroupListQuery = Type.Object({
  ...ListQuery,
  lseId: Type.Optional(Id("The LSE whose groups to list (the original's filter); default all")),
});
export const IntervalQuery = Type.Object({
  ...ListQuery,
  fromDateTime: Type.Optional(Type.String({ description: 'Default now' })),
  toDateTime: Type.Optional(Type.String({ description: 'Default one week after fromDateTime' })),
});

const PeriodInput = Type.Object({
  fromDayOfWeek: day('First'),
  fromHour: hour,
  fromMinute: minute,
  toDayOfWeek: day('Last'),
  toHour: hour,
  toMinute: minute,
});

const TouInput = Type.Object({
  touId: Type.Optional(Id('Required on update; must not be sent on create')),
  touName: Type.String({ minLength: 1 }),
  calendarId: Type.Optional(
    Type.Union([Id(), Type.Null()], { description: 'A public calendar whose dates this TOU claims' }),
  ),
  seasonId: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'A public season of the LSE' })),
  touType: Type.String({ description: TOU_TYPES.join(', ') }),
  isDynamic: Type.Optional(Type.Boolean()),
  touPeriods: Type.Array(PeriodInput, { minItems: 1 }),
});

export const PrivateTouBody = Type.Object({
  lseId: Id(),
  touGroupId: Type.Optional(Id('Required on update; must not be sent on create')),
  timeOfUses: Type.Array(TouInput, { minItems: 1 }),
});
