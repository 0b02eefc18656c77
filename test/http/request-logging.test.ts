// The request logger made only when a line passes the level (src/http/lazy-request-logger.ts), and the one request
// line at info (src/http/request-log.ts): both keep the request id on every line.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import pino from 'pino';
import { LazyRequestLogger, lazyChildLogger } from '../../src/http/lazy-request-logger.ts';
import { registerRequestLog } from '../../src/http/request-log.ts';
import type { App } from '../../src/http/fastify-types.ts';

function sink(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, stream };
}

describe('request logging', () => {
  it('makes no child for lines under the level, and writes the others with the request id', () => {
    const { lines, stream } = sink();
    const root = pino({ level: 'warn' }, stream);
    let children = 0;
    const counting = Object.assign(Object.create(root), {
      child: (b: object, o: object) => {
        children++;
        return root.child(b, o);
      },
    });
    const log = lazyChildLogger(counting, { reqId: 'r-1' }, {});
    assert.ok(log instanceof LazyRequestLogger);
    log.info('quiet');
    log.debug({ a: 1 }, 'quieter');
    assert.equal(children, 0);
    assert.equal(log.level, 'warn');
    log.warn({ detail: 2 }, 'loud');
    log.error('louder');
    assert.equal(children, 1);
    assert.deepEqual(
      lines.map((l) => [l.msg, l.reqId, l.level]),
      [
        ['loud', 'r-1', 40],
        ['louder', 'r-1', 50],
      ],
    );
    assert.equal(lines[0]!.detail, 2);
  });

  it('follows a route level that is lower than the server level', () => {
    const { lines, stream } = sink();
    const log = lazyChildLogger(pino({ level: 'warn' }, stream), { reqId: 'r-2' }, { level: 'debug' });
    log.debug('route debug');
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['route debug'],
    );
  });

  it('writes one line per request at info, with method, URL, status, time and request id', async () => {
    const { lines, stream } = sink();
    const app = Fastify({
      loggerInstance: pino({ level: 'info' }, stream),
      disableRequestLogging: true,
      childLoggerFactory: lazyChildLogger,
      genReqId: () => 'req-7',
    });
    registerRequestLog(app as unknown as App);
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x?y=1' });
    await app.close();
    const requestLines = lines.filter((l) => l.msg === 'request completed');
    assert.equal(requestLines.length, 1);
    const [line] = requestLines as [Record<string, any>];
    assert.equal(line.reqId, 'req-7');
    assert.equal(line.req.method, 'GET');
    assert.equal(line.req.url, '/x?y=1');
    assert.equal(line.res.statusCode, 200);
    assert.equal(typeof line.responseTime, 'number');
    assert.equal(lines.filter((l) => l.msg === 'incoming request').length, 0);
  });

  it('adds no hook when info is off', async () => {
    const { lines, stream } = sink();
    const app = Fastify({
      loggerInstance: pino({ level: 'warn' }, stream),
      disableRequestLogging: true,
      childLoggerFactory: lazyChildLogger,
    });
    const added: string[] = [];
    const addHook = app.addHook.bind(app);
    app.addHook = ((name: string, ...rest: unknown[]) => {
      added.push(name);
      return (addHook as (...a: unknown[]) => unknown)(name, ...rest);
    }) as never;
    registerRequestLog(app as unknown as App);
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    assert.deepEqual(added, []);
    assert.deepEqual(lines, []);
  });
});
