// The web console's static files at /console: public assets like /docs (the page holds no data; every data call it
// makes goes through the API with the key the user types in), hidden from the OpenAPI document (they are no API
// operations). The build (scripts/build.ts) writes them to dist/console/; a checkout that was never built answers 503
// saying so, rather than a page that cannot work.
import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { projectPath } from '../paths.ts';
import type { App } from './fastify-types.ts';

/** The only files served, with their types: nothing else under dist/ can be read through this route. */
const ASSETS: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
};

// The page talks only to this origin; uPlot sets element styles from script, which style-src 'unsafe-inline' covers.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const CONSOLE_DIR = projectPath('dist', 'console');

async function send(reply: FastifyReply, name: string): Promise<FastifyReply> {
  const type = ASSETS[name];
  if (!type) return reply.code(404).type('text/plain; charset=utf-8').send(`No console file ${name}`);
  let body: Buffer;
  try {
    body = await readFile(`${CONSOLE_DIR}/${name}`);
  } catch {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The console is not built: run `npm run build` (npm start does it).');
  }
  // no-cache: a rebuilt console is picked up at the next load (the files are small; revalidation is cheap).
  return reply
    .type(type)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', CSP)
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

export function registerConsole(app: App): void {
  const options = { schema: { hide: true }, config: { auth: false } } as const;
  app.get('/console', options, (_request, reply) => send(reply, 'index.html'));
  app.get<{ Params: { asset: string } }>('/console/:asset', options, (request, reply) =>
    send(reply, request.params.asset),
  );
}
