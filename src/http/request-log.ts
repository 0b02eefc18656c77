// The request line: one `request completed` line at info for each answer (method, URL, client address, status, time
// in ms, and the request id as reqId, as every line about a request carries). Fastify's own request logging is off:
// it wrote two lines per request (incoming, completed) and built both lines' objects even when info was off. The hook
// is added only when info is on at start, so a server at LOG_LEVEL=warn pays nothing per request for it.
import type { App } from './fastify-types.ts';

export function registerRequestLog(app: App): void {
  if (!(app.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
