// The request's logger (`request.log`), made only when a line is written. Fastify's default makes a pino child per
// request (an object and its bindings serialized), which measured about 6 points of the authenticated echo's
// throughput against a bare route (bench/README.md) even when nothing is logged at the configured level. Here a request
// holds a small object; the pino child with the request id is made the first time a line passes the level, so every
// line written still carries reqId, and a quiet request costs no child at all.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
/** Fastify's logger here is pino, which answers whether a level is on. */
type Pino = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

export class LazyRequestLogger {
  #child: Pino | null = null;

  constructor(
    private readonly parent: Pino,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child itself, made on first need. */
  get real(): Pino {
    this.#child ??= this.parent.child(this.bindings, this.options) as Pino;
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    // A child with its own level (a route's logLevel) decides for itself.
    return this.#child || this.options.level ? this.real.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  #write(level: Level, args: LogArgs): void {
    if (this.isLevelEnabled(level)) (this.real[level] as (...a: LogArgs) => void)(...args);
  }

  fatal(...args: LogArgs): void {
    this.#write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#write('error', args);
  }
  warn(...args: LogArgs): void {
    this.#write('warn', args);
  }
  info(...args: LogArgs): void {
    this.#write('info', args);
  }
  debug(...args: LogArgs): void {
    this.#write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child instead of a pino child per request. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A logger that cannot tell its level (not pino) gets its plain child.
  if (typeof (logger as Partial<Pino>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(logger as Pino, bindings, options) as unknown as FastifyBaseLogger;
}
