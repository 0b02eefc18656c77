#!/bin/bash
# Instructions the server's main thread executes per request, counted by callgrind: unlike req/s or CPU time they do
# not move with the machine's load (another build on the same cores). The server starts under valgrind with
# instrumentation off, takes WARM requests (20,000) for the JIT, then counts over N (3,000) requests at 10 connections.
# Only the main thread is read (--separate-threads): V8's compiler and GC helper threads vary from run to run.
# Usage: bench/server-instructions.sh bare|rb [PATH]   (rb runs dist/ratebook.js on a fresh seeded SQLite; npm run build first)
# Runs from a copy of another bundle with BUNDLE=dist/other.js. Takes about 40 s per run.
cd "$(dirname "$0")/.."
N=${N:-3000}
D=$(mktemp -d /tmp/ratebook-instr.XXXX)
OUT=$D/callgrind.out
VG=(valgrind --tool=callgrind --separate-threads=yes --instr-atstart=no --callgrind-out-file=$OUT)
AUTH=()
if [ "$1" = bare ]; then
  PORT=3988
  PORT=$PORT "${VG[@]}" node --import tsx bench/servers/bare-echo.ts >$D/server.log 2>&1 & PID=$!
else
  PORT=3989
  export DATABASE_URL=sqlite:$D/b.sqlite LOG_LEVEL=${LOG_LEVEL:-warn} RATEBOOK_ADMIN_APP_ID=bench RATEBOOK_ADMIN_APP_KEY=bench-key RATE_LIMIT_MAX=${RATE_LIMIT_MAX:-0}
  node "${BUNDLE:-dist/ratebook.js}" migrate >/dev/null 2>&1
  "${VG[@]}" node "${BUNDLE:-dist/ratebook.js}" serve --port $PORT --host 127.0.0.1 >$D/server.log 2>&1 & PID=$!
  AUTH=(-H "Authorization: Basic $(echo -n bench:bench-key | base64)")
fi
URL=http://127.0.0.1:$PORT${2:-/rest/echo}
for _ in $(seq 1 300); do curl -s -o /dev/null "${AUTH[@]}" "$URL" && break; sleep 1; done
npx autocannon -c 10 -a "${WARM:-20000}" "${AUTH[@]}" "$URL" >/dev/null 2>&1
callgrind_control -i on $PID >/dev/null 2>&1
R=$(npx autocannon -c 10 -a "$N" "${AUTH[@]}" "$URL" 2>&1 | grep -E "requests in|non 2xx" | tr '\n' ' ')
callgrind_control -i off $PID >/dev/null 2>&1
callgrind_control -d $PID >/dev/null 2>&1
sleep 1
kill -INT $PID; wait $PID 2>/dev/null
IR=$(grep -E "^totals:" "$OUT.1-01" | awk '{print $2}')
echo "$1 ${2:-/rest/echo}: $R| main thread $IR instructions, $((IR / N)) per request"
rm -rf "$D"
