// Accounts (an organization's customers), their properties and tariffs over time, their usage profiles and the
// profiles' readings. Everything here is private to the organization that made it (org_id on the root rows).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const accounts = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('accounts')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.org_id'))
      // The client's own id: unique within the organization.
      .addColumn('provider_account_id', 'text')
      .addColumn('account_name', 'text')
      .addColumn('customer_org_id', 'text')
      .addColumn('customer_org_name', 'text')
      .addColumn('owner', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      // The address as given (JSON of addressString and parts) and the place it resolved to.
      .addColumn('address', 'text')
      .addColumn('zip_code', 'text')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('time_zone', 'text')
      .addColumn('lse_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('accounts_org_pid_idx')
      .unique()
      .on('accounts')
      .columns(['org_id', 'provider_account_id'])
      .execute();
    await db.schema.createIndex('accounts_org_name_idx').on('accounts').columns(['org_id', 'account_name']).execute();

    await db.schema
      .createTable('account_properties')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id').onDelete('cascade'))
      .addColumn('key_name', 'text', (c) => c.notNull())
      .addColumn('data_value', 'text', (c) => c.notNull())
      .addColumn('from_date_time', 'text')
      .addColumn('to_date_time', 'text')
      .addPrimaryKeyConstraint('account_properties_pk', ['account_id', 'key_name'])
      .execute();

    // The tariff an account is on from a local date (YYYY-MM-DD) until the next row's date.
    await db.schema
      .createTable('account_tariffs')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id').onDelete('cascade'))
      .addColumn('effective_date', 'text', (c) => c.notNull())
      .addColumn('master_tariff_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_tariffs_pk', ['account_id', 'effective_date'])
      .execute();

    await db.schema
      .createTable('usage_profiles')
      .addColumn('profile_id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id').onDelete('cascade'))
      .addColumn('provider_profile_id', 'text')
      .addColumn('profile_name', 'text')
      .addColumn('description', 'text')
      .addColumn('meter_id', 'text')
      // ELECTRICITY, SOLAR_PV or GAS.
      .addColumn('service_types', 'text', (c) => c.notNull())
      // ReadingEntry (readings sent), TypicalBaseline or PVWatts (readings modelled on demand from `model`).
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('is_default', 'boolean', (c) => c.notNull())
      // JSON: the PropertyData of the profile, and the inputs of a modelled profile.
      .addColumn('properties', 'text')
      .addColumn('model', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('usage_profiles_org_pid_idx')
      .unique()
      .on('usage_profiles')
      .columns(['org_id', 'provider_profile_id'])
      .execute();
    await db.schema.createIndex('usage_profiles_account_idx').on('usage_profiles').columns(['account_id']).execute();

    // Readings in chunks: one row per profile, unit and UTC calendar month of the readings' starts, the readings packed
    // in `data` (see reading-chunks.ts). A year of hourly readings is 12 rows of ~17 bytes a reading, not 8,760 rows.
    await db.schema
      .createTable('reading_chunks')
      .addColumn('profile_id', 'text', (c) => c.notNull().references('usage_profiles.profile_id').onDelete('cascade'))
      .addColumn('unit', 'text', (c) => c.notNull())
      // Epoch seconds: the month's first instant, the first reading's start and the last reading's end.
      .addColumn('chunk_start', 'bigint', (c) => c.notNull())
      .addColumn('first_start', 'bigint', (c) => c.notNull())
      .addColumn('last_end', 'bigint', (c) => c.notNull())
      .addColumn('reading_count', 'integer', (c) => c.notNull())
      .addColumn('data', bytes as 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('reading_chunks_pk', ['profile_id', 'unit', 'chunk_start'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const t of ['reading_chunks', 'usage_profiles', 'account_tariffs', 'account_properties', 'accounts'])
      await db.schema.dropTable(t).execute();
  },
});
