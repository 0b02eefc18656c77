// Seasons in SQL, mapped to the API's field names in one place.
import type { Selectable } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { Db, SeasonsTable } from '../../db/database.ts';
import type { EdgePredominance, SeasonDef } from '../../engine/time/seasons.ts';
import type { SeasonSchema } from './seasons.schemas.ts';

export type Season = Static<typeof SeasonSchema>;
export type SeasonRow = Selectable<SeasonsTable>;

export function toSeason(r: SeasonRow, ext: boolean): Season {
  const s: Season = {
    seasonId: r.season_id,
    lseId: r.lse_id,
    seasonGroupId: r.season_group_id,
    seasonName: r.season_name,
    seasonFromMonth: r.from_month,
    seasonFromDay: r.from_day,
    seasonToMonth: r.to_month,
    seasonToDay: r.to_day,
  };
  return ext ? { ...s, fromEdgePredominance: r.from_edge_predominance, toEdgePredominance: r.to_edge_predominance } : s;
}

export function toSeasonDef(r: SeasonRow): SeasonDef {
  return {
    seasonId: r.season_id,
    seasonName: r.season_name,
    seasonFromMonth: r.from_month,
    seasonFromDay: r.from_day,
    seasonToMonth: r.to_month,
    seasonToDay: r.to_day,
    fromEdgePredominance: r.from_edge_predominance as EdgePredominance | null,
    toEdgePredominance: r.to_edge_predominance as EdgePredominance | null,
  };
}

export class SeasonsRepository {
  constructor(private readonly db: Db) {}

  ofLse(lseId: number): Promise<SeasonRow[]> {
    return this.db.kysely
      .selectFrom('seasons')
      .selectAll()
      .where('lse_id', '=', lseId)
      .orderBy('season_group_id')
      .orderBy('season_id')
      .execute();
  }

  byIds(ids: number[]): Promise<SeasonRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.kysely.selectFrom('seasons').selectAll().where('season_id', 'in', ids).execute();
  }

  /** Every season of the groups the given seasons belong to. */
  async groupsOf(ids: number[]): Promise<SeasonRow[]> {
    const seasons = await this.byIds(ids);
    const groups = [...new Set(seasons.map((s) => `${s.lse_id}:${s.season_group_id}`))];
    const out: SeasonRow[] = [];
    for (const g of groups) {
      const [lse, group] = g.split(':').map(Number);
      out.push(
        ...(await this.db.kysely
          .selectFrom('seasons')
          .selectAll()
          .where('lse_id', '=', lse!)
          .where('season_group_id', '=', group!)
          .execute()),
      );
    }
    return out;
  }
}
