// DATABASE_READ_URL: the statements of GET and HEAD requests that only read go to a read-only replica; everything else
// (writes, transactions, credential checks and rate-limit counters, which run before a request's handler, history
// records, LISTEN/NOTIFY, migrations, seeding) stays on the primary.
//
// How a statement finds its pool: a request that only reads runs its handler inside `readingRequest` (an
// AsyncLocalStorage flag set by a preHandler hook, so authentication in onRequest has already been done on the
// primary: a key made a moment ago works at once, whatever the replica's lag). A connection Kysely takes inside that
// flag is a routing one: each statement that is a plain SELECT goes to a replica connection, any other statement to a
// primary one, and a transaction, from its BEGIN to its end, to the primary only (one connection, one pool: a
// transaction cannot be split, and the driver does not know at BEGIN whether it will write).
//
// A GET right after a POST may not see the POST's rows until the replica catches up: replica lag is the operator's
// concern (a synchronous or low-lag replica where that matters).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

const reading = new AsyncLocalStorage<boolean>();

/** preHandler hook: the handler (and what it starts) of a GET or HEAD request reads from the replica. */
export function readingRequest(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.method === 'GET' || request.method === 'HEAD') reading.run(true, done);
  else done();
}

/** Runs `work` as a GET handler runs when a replica is configured (tests). */
export const asReadingRequest = <T>(work: () => T): T => reading.run(true, work);

/** Runs `work` on the primary even inside a GET handler (readiness must see the primary, not only the replica). */
export const onPrimary = <T>(work: () => T): T => reading.run(false, work);

// A statement the replica may answer: a SELECT (or WITH ... SELECT) that names no writing or locking clause or
// function with side effects. Anything else, and anything in doubt, goes to the primary: a doubt costs offloading.
const STARTS_AS_READ = /^\s*\(?\s*(select|with)\b/i;
const WRITES_OR_LOCKS =
  /\b(insert|update|delete|merge|into|share|nextval|setval|pg_notify|set_config|pg_advisory\w*|lo_\w+|pg_terminate_backend|pg_cancel_backend)\b/i;

export function isReadOnlyStatement(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind !== 'SelectQueryNode' && kind !== 'RawNode') return false;
  return STARTS_AS_READ.test(query.sql) && !WRITES_OR_LOCKS.test(query.sql);
}

/** Statements of reading requests sent to each pool since the start (tests and diagnostics). */
export interface ReadRoutingCounts {
  primary: number;
  replica: number;
}

/** A connection of a request that only reads: a primary and a replica connection, each taken when first needed. */
class RoutingConnection implements DatabaseConnection {
  primary: DatabaseConnection | null = null;
  replica: DatabaseConnection | null = null;
  inTransaction = false;

  constructor(
    private readonly drivers: { primary: Driver; replica: Driver },
    private readonly counts: ReadRoutingCounts,
  ) {}

  async onPrimary(): Promise<DatabaseConnection> {
    this.primary ??= await this.drivers.primary.acquireConnection();
    return this.primary;
  }

  private async target(query: CompiledQuery): Promise<DatabaseConnection> {
    if (this.inTransaction || !isReadOnlyStatement(query)) {
      this.counts.primary++;
      return this.onPrimary();
    }
    this.counts.replica++;
    this.replica ??= await this.drivers.replica.acquireConnection();
    return this.replica;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.target(query)).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.target(query)).streamQuery<R>(query, chunkSize);
  }
}

/**
 * A Kysely driver over two: outside a reading request it is the primary's, unchanged; inside one it hands out
 * routing connections. A transaction begun on a routing connection is the primary's, savepoints included.
 */
export class ReadReplicaDriver implements Driver {
  constructor(
    private readonly primary: Driver,
    private readonly replica: Driver,
    private readonly counts: ReadRoutingCounts,
  ) {}

  async init(): Promise<void> {
    await Promise.all([this.primary.init(), this.replica.init()]);
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (reading.getStore() === true)
      return Promise.resolve(new RoutingConnection({ primary: this.primary, replica: this.replica }, this.counts));
    return this.primary.acquireConnection();
  }

  /** The primary connection a transaction statement runs on (taking it when a routing connection has none yet). */
  private async primaryOf(connection: DatabaseConnection): Promise<DatabaseConnection> {
    return connection instanceof RoutingConnection ? connection.onPrimary() : connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (connection instanceof RoutingConnection) connection.inTransaction = true;
    await this.primary.beginTransaction(await this.primaryOf(connection), settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.primary.commitTransaction(await this.primaryOf(connection));
    if (connection instanceof RoutingConnection) connection.inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.primary.rollbackTransaction(await this.primaryOf(connection));
    if (connection instanceof RoutingConnection) connection.inTransaction = false;
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.primary.savepoint?.(await this.primaryOf(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.primary.rollbackToSavepoint?.(await this.primaryOf(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.primary.releaseSavepoint?.(await this.primaryOf(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof RoutingConnection)) return this.primary.releaseConnection(connection);
    const { primary, replica } = connection;
    connection.primary = connection.replica = null;
    if (primary) await this.primary.releaseConnection(primary);
    if (replica) await this.replica.releaseConnection(replica);
  }

  async destroy(): Promise<void> {
    await Promise.all([this.primary.destroy(), this.replica.destroy()]);
  }
}
