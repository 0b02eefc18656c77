#!/bin/bash
# Server CPU per request, independent of how the load generator shares the cores: user and system time of the
# server process (from /proc/PID/stat) across N requests at 50 connections, after 30,000 of warm-up.
# Usage: bench/server-cpu.sh bare|rb [PATH]   (N=200000 by default; rb runs dist/ratebook.js on a fresh seeded SQLite; npm run build first)
cd "$(dirname "$0")/.."
N=${N:-200000}
AUTH=()
if [ "$1" = bare ]; then
  PORT=3998 node --import tsx bench/servers/bare-echo.ts >/dev/null 2>&1 & PID=$!; PORT=3998; sleep 3
else
  D=$(mktemp -d /tmp/ratebook-cpu.XXXX)
  export DATABASE_URL=sqlite:$D/b.sqlite LOG_LEVEL=${LOG_LEVEL:-warn} RATEBOOK_ADMIN_APP_ID=bench RATEBOOK_ADMIN_APP_KEY=bench-key RATE_LIMIT_MAX=${RATE_LIMIT_MAX:-0}
  node dist/ratebook.js migrate >/dev/null 2>&1
  node dist/ratebook.js serve --port 3999 --host 127.0.0.1 >/dev/null 2>&1 & PID=$!; PORT=3999; sleep 2.5
  AUTH=(-H "Authorization: Basic $(echo -n bench:bench-key | base64)")
fi
URL=http://127.0.0.1:$PORT${2:-/rest/echo}
npx autocannon -c 50 -a 30000 "${AUTH[@]}" "$URL" >/dev/null 2>&1
read u0 s0 < <(awk "{print \$14, \$15}" /proc/$PID/stat)
OUT=$(npx autocannon -c 50 -a $N "${AUTH[@]}" "$URL" 2>&1 | grep -E "requests in|non 2xx")
read u1 s1 < <(awk "{print \$14, \$15}" /proc/$PID/stat)
TCK=$(getconf CLK_TCK)
echo "$1 ${2:-/rest/echo}: $(echo "$OUT" | tr '\n' ' ') | user $(( (u1-u0)*1000000/TCK/N )) us + sys $(( (s1-s0)*1000000/TCK/N )) us per request"
kill -INT $PID; wait $PID 2>/dev/null
[ -n "$D" ] && rm -rf $D
