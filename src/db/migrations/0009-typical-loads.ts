// Typical load profiles (8760 hourly values of a building type in a place, from published simulations) and the IECC
// climate zone of each ZIP code, which picks the profile of a place.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const typicalLoads = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('load_profiles')
      .addColumn('profile_id', 'text', (c) => c.primaryKey())
      // DOECRB (DOE commercial reference buildings, REopt's normalized profiles) or OPENEI_RES (OpenEI single-family homes).
      .addColumn('source_id', 'text', (c) => c.notNull())
      // The DOE type (MediumOffice, ...) or SingleFamilyDetached; customer_class RESIDENTIAL or GENERAL.
      .addColumn('building_type', 'text', (c) => c.notNull())
      .addColumn('customer_class', 'text', (c) => c.notNull())
      // BASE, LOW or HIGH for the OpenEI homes; null otherwise.
      .addColumn('variant', 'text')
      // The simulated place: a CRB city (Chicago) or a TMY3 station (USA_MO_St.Louis-Lambert.Intl.AP.724340).
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('climate_zone', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      // ISO weekday of the profile's Jan 1 (7: Sunday, the 2017 calendar of the CRB profiles).
      .addColumn('start_day', 'integer', (c) => c.notNull())
      .addColumn('annual_kwh', 'double precision', (c) => c.notNull())
      // JSON array of 8760 fractions of annual_kwh, hour-beginning from Jan 1 00:00 local standard time.
      .addColumn('shape', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('load_profiles_type_idx')
      .on('load_profiles')
      .columns(['building_type', 'climate_zone'])
      .execute();
    await db.schema.alterTable('zipcodes').addColumn('climate_zone', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('zipcodes').dropColumn('climate_zone').execute();
    await db.schema.dropTable('load_profiles').execute();
  },
});
