// Calculation history: each calculation's request and response as they were, under the requestId of its answer, for
// later audit by the organization that made it. Written after the answer is sent (calculation-history module), kept
// HISTORY_RETENTION_DAYS and purged by created_at.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const calculationHistory = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('calculation_history')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      // No foreign key: the row outlives nothing it names, and a write must never wait on another table.
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull())
      // single, mass, account, analysis.
      .addColumn('kind', 'text', (c) => c.notNull())
      // The permission tier the calculation needed (signal, enterprise): reading it back needs the same.
      .addColumn('tier', 'text')
      .addColumn('method', 'text', (c) => c.notNull())
      // Path and query string as received.
      .addColumn('url', 'text', (c) => c.notNull())
      // ISO 8601 UTC instant the answer was sent (lexical order is time order): the purge's key.
      .addColumn('created_at', 'text', (c) => c.notNull())
      // How request_body and response_body are stored: 'deflate' (zlib) of the UTF-8 JSON text.
      .addColumn('encoding', 'text', (c) => c.notNull())
      // The JSON body as received (null: a request without a body, such as the older GET form).
      .addColumn('request_body', bytes as 'blob')
      // Size of the body as received, in bytes; truncated: only its first HISTORY_MAX_RECORD_BYTES are kept.
      .addColumn('request_bytes', 'integer', (c) => c.notNull())
      .addColumn('request_truncated', 'boolean', (c) => c.notNull())
      // The answer's type (CalculatedCost, MassCalculation, AccountAnalysis) and the JSON answered.
      .addColumn('response_type', 'text', (c) => c.notNull())
      .addColumn('response_body', bytes as 'blob', (c) => c.notNull())
      .addColumn('response_bytes', 'integer', (c) => c.notNull())
      .addColumn('response_truncated', 'boolean', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('calculation_history_created_idx')
      .on('calculation_history')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('calculation_history').execute();
  },
});
