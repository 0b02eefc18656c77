// ZIP codes in SQL, mapped to the API's field names in one place.
import type { Selectable } from 'kysely';
import type { Db, ZipcodesTable } from '../../db/database.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';
import type { Static } from '@sinclair/typebox';
import type { ZipcodeSchema } from './zipcodes.schemas.ts';
import { fromSqlBool } from '../../db/sql-values.ts';

export type Zipcode = Static<typeof ZipcodeSchema>;
export type ZipRow = Selectable<ZipcodesTable>;

const COLUMNS = { zipcode: 'zipcode', city: 'city', county: 'county', state: 'state' };

export function toZipcode(r: ZipRow): Zipcode {
  return {
    state: r.state,
    timeZone: r.time_zone,
    zipcode: r.zipcode,
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
    county: r.county,
    areaCode: r.area_code,
    cityType: r.city_type,
    cityAliasAbbreviation: r.city_alias_abbreviation,
    elevation: r.elevation,
    dayLightSaving: fromSqlBool(r.day_light_saving),
    classificationCode: r.classification_code,
    cityMixedCase: r.city_mixed_case,
    cityAliasMixedCase: r.city_alias_mixed_case,
    stateAnsi: r.state_ansi,
    countyAnsi: r.county_ansi,
  };
}

export class ZipcodesRepository {
  constructor(private readonly db: Db) {}

  find(zipcode: string): Promise<ZipRow | undefined> {
    return this.db.kysely.selectFrom('zipcodes').selectAll().where('zipcode', '=', zipcode).executeTakeFirst();
  }

  async list(filters: { zipPrefix?: string; state?: string }, options: ListOptions) {
    let q = this.db.kysely.selectFrom('zipcodes');
    if (filters.zipPrefix) q = q.where('zipcode', 'like', `${filters.zipPrefix}%`);
    if (filters.state) q = q.where('state', '=', filters.state);
    return runPagedQuery<ZipRow>(this.db.dialect, q, (qb) => qb.selectAll(), options, COLUMNS, 'zipcode');
  }

  /** The ZIP codes of a city (case-insensitive) in a state. */
  byCity(city: string, state: string): Promise<ZipRow[]> {
    return this.db.kysely
      .selectFrom('zipcodes')
      .selectAll()
      .where('state', '=', state.toUpperCase())
      .where('city', '=', city.toUpperCase())
      .orderBy('zipcode')
      .execute();
  }

  /**
   * The ZIP code nearest a point: a widening latitude band keeps the scan to a few rows. `withClimateZone`: only ZIP
   * codes with a climate zone (a point's nearest may be a post-office-box ZIP code that has none).
   */
  async nearest(lat: number, lng: number, withClimateZone = false): Promise<ZipRow | undefined> {
    const cosLat = Math.cos((lat * Math.PI) / 180);
    for (const band of [0.25, 1, 4, 180]) {
      let query = this.db.kysely
        .selectFrom('zipcodes')
        .selectAll()
        .where('latitude', '>=', lat - band)
        .where('latitude', '<=', lat + band)
        .where('longitude', 'is not', null);
      if (withClimateZone) query = query.where('climate_zone', 'is not', null);
      const rows = await query.execute();
      let best: ZipRow | undefined;
      let bestD = Infinity;
      for (const r of rows) {
        const d = (r.latitude! - lat) ** 2 + ((r.longitude! - lng) * cosLat) ** 2;
        if (d < bestD) {
          bestD = d;
          best = r;
        }
      }
      // Only a match closer than the band's edge is certainly the nearest.
      if (best && Math.sqrt(bestD) <= band) return best;
    }
    return undefined;
  }
}
