// The ceiling: a bare Fastify route returning the echo JSON, with no auth, hooks or database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/rest/echo', async () => ({ status: 'success', count: 0, type: null, results: null }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
