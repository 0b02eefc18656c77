// Typical-year weather of the stations whose files Ratebook has (TMY3, NSRDB PSM, TMY2): what the PV model runs on.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const weatherStations = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('weather_stations')
      // The data set and the file's station or location id: TMY3-722780, NSRDB-78208, TMY2-23183.
      .addColumn('station_id', 'text', (c) => c.primaryKey())
      .addColumn('dataset', 'text', (c) => c.notNull())
      .addColumn('station_name', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      // Hours from UTC of the file's local standard time (its rows are in it all year).
      .addColumn('utc_offset', 'double precision', (c) => c.notNull())
      .addColumn('elevation', 'double precision')
      // IECC zone: the stations table's for the station, else the nearest ZIP code's.
      .addColumn('climate_zone', 'text')
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      // JSON: the 8760 hourly values the model reads (hour-beginning from Jan 1 00:00 local standard time).
      .addColumn('weather', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('weather_stations').execute();
  },
});
