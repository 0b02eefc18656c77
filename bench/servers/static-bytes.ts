// The transport floor: a bare node:http server answering every request with the same bytes already in memory
// (BYTES of them, default 2.28 MB, the size of a year of baseline intervals), so nothing is computed or serialized.
import http from 'node:http';

const body = Buffer.alloc(Number(process.env.BYTES ?? 2_280_000), 'a');
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
});
