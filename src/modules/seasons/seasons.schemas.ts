import { Type } from '@sinclair/typebox';
import { Id, ListQuery } from '../../http/query-schemas.ts';

const NString = Type.Union([Type.String(), Type.Null()]);

export const SeasonSchema = Type.Object({
  seasonId: Type.Integer(),
  lseId: Type.Integer(),
  seasonGroupId: Type.Integer(),
  seasonName: Type.String(),
  seasonFromMonth: Type.Integer(),
  seasonFromDay: Type.Integer(),
  fromEdgePredominance: Type.Optional(NString),
  seasonToMonth: Type.Integer(),
  seasonToDay: Type.Integer(),
  toEdgePredominance: Type.Optional(NString),
});

export const SeasonGroupSchema = Type.Object({
  lseId: Type.Integer(),
  seasonGroupId: Type.Integer(),
  seasons: Type.Array(SeasonSchema),
});

export const SeasonListQuery = Type.Object({ ...ListQuery, lseId: Type.Optional(Id('Required')) });
