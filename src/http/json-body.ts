// The JSON body parser: Fastify's own (prototype poisoning refused), after a check that the text does not nest
// deeper than any request of the API can (see json-depth.ts), so no later reader overflows its stack on it.
import { invalidArgument } from './errors.ts';
import type { App } from './fastify-types.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

export function registerJsonBodyParser(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.decorateRequest('receivedJson', null);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Many clients send `Content-Type: application/json` on every request, a GET or DELETE included: an empty body is
    // no body (a route that needs one then says the body is required, naming it).
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text)) {
      done(
        invalidArgument('body', null, `The JSON body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
      return;
    }
    // Calculation history keeps the body as received (validation coerces and fills in the parsed one).
    if (request.routeOptions.config.history) request.receivedJson = text;
    // Fastify's default JSON parser is synchronous and answers through `done`; its type's Promise branch is for async parsers.
    void parse(request, text, done);
  });
}
