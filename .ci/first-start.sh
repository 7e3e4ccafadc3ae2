#!/usr/bin/env bash
# The README's first command on this clone, as a newcomer runs it: `npm start` (after `npm
# install`) must serve the home page and /api/health with no other step. Started in its own
# process group, stopped with Ctrl-C's signal (the local backend shuts down with it), so the
# ports are free again for `npm test`. Fails with the end of npm start's output.
#
#   bash .ci/first-start.sh [seconds to wait, default 420]
set -uo pipefail
cd "$(dirname "$0")/.."
wait_for="${1:-420}"
log="$(mktemp -t first-start.XXXXXX)"

echo "▶ first start: npm start on this clone, until / and /api/health answer"
started=$(date +%s)
setsid npm start >"$log" 2>&1 </dev/null &
pid=$!

ok=""
while [ $(( $(date +%s) - started )) -lt "$wait_for" ]; do
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  home=$(curl -s -o /dev/null -w '%{http_code}' http://localhost:8888/ || true)
  health=$(curl -s -o /dev/null -w '%{http_code}' http://localhost:8888/api/health || true)
  if [ "$home" = 200 ] && [ "$health" = 200 ]; then ok=1; break; fi
  sleep 2
done
took=$(( $(date +%s) - started ))

# Ctrl-C to the whole group (npm and the server), then wait until it has stopped.
kill -INT -- "-$pid" 2>/dev/null || true
for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
kill -KILL -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true

if [ -z "$ok" ]; then
  echo "✖ npm start did not serve / and /api/health within ${took} s (home: ${home:-none}, health: ${health:-none}). Its output:"
  tail -n 60 "$log"
  exit 1
fi
echo "✓ npm start served / and /api/health after ${took} s"
grep -E '^(Local backend ready|Built )' "$log" || true
rm -f "$log"
