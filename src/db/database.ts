// Every table's row type, in one place, so that Kysely types every query of every module.
// SQL names are snake_case; each module maps rows to the API's camelCase in its repository.
import type { Generated, Kysely } from 'kysely';

export interface OrganizationsTable {
  org_id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ApplicationsTable {
  app_id: string;
  org_id: number;
  name: string;
  /** scrypt salt and derived key, both base64; the key itself is never stored. */
  key_salt: string;
  key_hash: string;
  /** Comma list of permission tiers granted beyond public reference data. */
  tiers: string;
  status: 'ACTIVE' | 'REVOKED';
  created_at: string;
  key_rotated_at: string | null;
  revoked_at: string | null;
}

export interface SeedRunsTable {
  seed_name: string;
  seed_version: number;
  applied_at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  applications: ApplicationsTable;
  seed_runs: SeedRunsTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** The open database: the typed query builder plus what differs between the two engines. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}
