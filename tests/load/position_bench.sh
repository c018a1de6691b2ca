#!/usr/bin/env bash
# GET /api/queue/position/driver/{driverId} under load (issue 4 "Benchmarks"), in one run:
#   1. a database with the demo tenant and 10,000 waiting entries, their plan stored by
#      `patio jobs --once`;
#   2. `patio serve` (release build) and wrk (Debian's package; installed if missing) with 50
#      connections, each request for a random driver of the 10,000 (tests/load/position.lua):
#      first as deployed (positions remembered between queue events), then with
#      PATIO_POSITION_CACHE=off (every request runs the query);
#   3. the same, as deployed, while the company's queue moves: joins at a steady 20/s for the
#      same company through POST /api/queue/save (tests/load/joiner.py); the server's position
#      cache reports how often it was invalidated (issue 15 item 2);
#   4. pgbench with the same prepared statement (tests/load/position.sql), the same random
#      drivers and 50 clients: the ceiling.
# Prints and writes tests/load/results/position.json. Traffic goes to 127.0.0.1 only.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PG_URL="${TEST_DATABASE_URL:-$("$ROOT/scripts/pg.sh" url)}"
DB="patio_bench_position"
DB_URL="${PG_URL%/*}/$DB"
PORT="${BENCH_PORT:-18447}"
CLIENTS=50
SECONDS_EACH="${BENCH_SECONDS:-20}"
ENTRIES=10000
DRIVER=105000
JOIN_RATE=20
JOINERS=$(( (SECONDS_EACH + 10) * JOIN_RATE ))
BIN="${PATIO_BIN:-$ROOT/target/release/patio}"
OUT="$ROOT/tests/load/results/position.json"
TMP="$(mktemp -d)"

PGBENCH="$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -1 || true)"
[ -n "$PGBENCH" ] || PGBENCH="$(command -v pgbench)"
[ -x "$BIN" ] || { echo "build first: cargo build --release -p patio" >&2; exit 1; }
if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk >/dev/null; fi
fi
WRK_VERSION="$( (wrk -v 2>&1 || true) | head -1 | awk '{print $1, $2}')"

SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

echo "== banco com $ENTRIES veículos na fila"
psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
psql "$PG_URL" -qc "CREATE DATABASE $DB"
DATABASE_URL="$DB_URL" RUST_LOG=warn "$BIN" seed-demo >/dev/null
psql "$DB_URL" -q -v ON_ERROR_STOP=1 <<SQL
-- Every day 00:00-24:00 in 1-minute slots (1,440 a day): 10,000 entries over 7 days.
UPDATE settings SET start_time = '00:00', end_time = '00:00', start_interval = '00:00',
       end_interval = '00:00', time_attendence = '00:01', programmed_total = 0,
       week_days = '[true, true, true, true, true, true, true]',
       enable_queue_without_scheduling = TRUE;
INSERT INTO drivers (id, company_id, name, cpf, birth_date, is_enabled, use_terms)
SELECT 100000 + g, c.id, 'MOTORISTA ' || g, lpad((80000000000 + g)::text, 11, '0'),
       '1990-01-01', TRUE, TRUE
  FROM generate_series(1, $ENTRIES) g, (SELECT id FROM companies WHERE name = 'Demo Agro') c;
INSERT INTO trucks (id, company_id, driver_id, license_plate, net_capacity, is_enabled)
SELECT 100000 + g, d.company_id, d.id, 'B' || lpad(g::text, 6, '0'), 30, TRUE
  FROM generate_series(1, $ENTRIES) g JOIN drivers d ON d.id = 100000 + g;
-- Drivers 120001.. with their trucks, out of the queue: they join during step 3.
INSERT INTO drivers (id, company_id, name, cpf, birth_date, is_enabled, use_terms)
SELECT 120000 + g, c.id, 'ENTRANTE ' || g, lpad((90000000000 + g)::text, 11, '0'),
       '1990-01-01', TRUE, TRUE
  FROM generate_series(1, $JOINERS) g, (SELECT id FROM companies WHERE name = 'Demo Agro') c;
INSERT INTO trucks (id, company_id, driver_id, license_plate, net_capacity, is_enabled)
SELECT 120000 + g, d.company_id, d.id, 'J' || lpad(g::text, 6, '0'), 30, TRUE
  FROM generate_series(1, $JOINERS) g JOIN drivers d ON d.id = 120000 + g;
INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, created_at)
SELECT d.company_id, d.id, d.id, 'waiting', now() - interval '1 day' + g * interval '1 second',
       now() - interval '1 day' + g * interval '1 second'
  FROM generate_series(1, $ENTRIES) g JOIN drivers d ON d.id = 100000 + g;
ANALYZE;
SQL
DATABASE_URL="$DB_URL" RUST_LOG=warn "$BIN" jobs --once >/dev/null
PLANNED="$(psql "$DB_URL" -tAc "SELECT count(*) FROM queue_entries WHERE status = 'waiting' AND position > 0")"
[ "$PLANNED" = "$ENTRIES" ] || { echo "plan not stored ($PLANNED)" >&2; exit 1; }

if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
  echo "127.0.0.1:$PORT já está em uso (BENCH_PORT=...)" >&2; exit 1
fi

# One measurement of `patio serve` with the given PATIO_POSITION_CACHE, into $TMP/$1.json;
# with a third argument, joins run at $JOIN_RATE/s meanwhile (their figures in $TMP/$1-joins.json).
measure() {
  local name="$1" cache="$2" joining="${3:-}"
  echo "== patio serve em 127.0.0.1:$PORT (PATIO_POSITION_CACHE=$cache${joining:+, $JOIN_RATE entradas/s})"
  DATABASE_URL="$DB_URL" PATIO_ADDR="127.0.0.1:$PORT" PATIO_JOBS=off RUST_LOG=warn,patio::stats=info \
    PATIO_SECRET="bench-secret-bench-secret-bench-secret" PATIO_DB_POOL="${BENCH_POOL:-32}" \
    PATIO_POSITION_CACHE="$cache" PATIO_STATIC_DIR=/nonexistent "$BIN" serve >"$TMP/serve.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
    sleep 0.2
  done
  TOKEN="$(curl -fs -X POST "http://127.0.0.1:$PORT/api/auth/login" -H 'content-type: application/json' \
    -d '{"email":"usuario@patio.local","password":"patio123","company":null,"recaptcha_token":"","page":"staff"}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')"
  curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/queue/position/driver/$DRIVER" >"$TMP/one.json"
  cat "$TMP/one.json"; echo
  python3 - "$TMP/one.json" <<'PY'
import json, sys
body = json.load(open(sys.argv[1]))
assert body["status"] == "pending" and body["position"] == 5000, body
PY
  echo "== wrk: $CLIENTS conexões, ${SECONDS_EACH}s, motoristas aleatórios"
  export BENCH_TOKEN="$TOKEN" BENCH_FIRST_DRIVER=100001 BENCH_DRIVERS="$ENTRIES"
  wrk -t1 -c"$CLIENTS" -d3s -s "$ROOT/tests/load/position.lua" "http://127.0.0.1:$PORT" >/dev/null
  local joiner=""
  if [ -n "$joining" ]; then
    python3 "$ROOT/tests/load/joiner.py" "http://127.0.0.1:$PORT" "$TOKEN" "$COMPANY" 120001 \
      "$JOINERS" "$JOIN_RATE" >"$TMP/$name-joins.json" &
    joiner=$!
    sleep 1
  fi
  # The machine's load average (1, 5, 15 min) as the run starts: the figures depend on it.
  cut -d' ' -f1-3 /proc/loadavg >"$TMP/$name-load.txt"
  wrk -t1 -c"$CLIENTS" -d"${SECONDS_EACH}s" -s "$ROOT/tests/load/position.lua" "http://127.0.0.1:$PORT" |
    tail -1 >"$TMP/$name.json"
  cat "$TMP/$name.json"
  if [ -n "$joiner" ]; then kill -INT "$joiner"; wait "$joiner" || true; cat "$TMP/$name-joins.json"; fi
  kill -TERM "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
  grep -a 'position cache' "$TMP/serve.log" | sed 's/\x1b\[[0-9;]*m//g' | tail -1 >"$TMP/$name-cache.txt" || true
}

COMPANY="$(psql "$DB_URL" -tAc "SELECT id FROM companies WHERE name = 'Demo Agro'")"
measure cached on
measure plain off
measure moving on joining

echo "== pgbench: a mesma consulta preparada, $CLIENTS clientes, ${SECONDS_EACH}s"
cut -d' ' -f1-3 /proc/loadavg >"$TMP/pgbench-load.txt"
"$PGBENCH" -n -M prepared -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" -D waiting=waiting -D loading=loading \
  -D one=1 -f "$ROOT/tests/load/position.sql" "$DB_URL" >"$TMP/pgbench.txt" 2>&1

python3 - "$TMP/cached.json" "$TMP/plain.json" "$TMP/pgbench.txt" "$OUT" "$ENTRIES" "$CLIENTS" "$SECONDS_EACH" "$WRK_VERSION" "$TMP" <<'PY'
import json, os, re, sys
cached, plain = (json.load(open(p)) for p in sys.argv[1:3])
tmp = sys.argv[9]
moving = json.load(open(os.path.join(tmp, "moving.json")))
joins = json.load(open(os.path.join(tmp, "moving-joins.json")))
cache_line = open(os.path.join(tmp, "moving-cache.txt")).read()
counters = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", cache_line)}
pg = open(sys.argv[3]).read()
tps = float(re.search(r"tps = ([0-9.]+)", pg).group(1))
lat = float(re.search(r"latency average = ([0-9.]+) ms", pg).group(1))

def load(name):
    return open(os.path.join(tmp, name + "-load.txt")).read().strip()

def figures(run, name):
    rps = run["requests"] / (run["duration_us"] / 1e6)
    return {
        "load_average_at_start": load(name),
        "requests_per_second": round(rps, 1),
        "p50_ms": round(run["p50_us"] / 1000, 2),
        "p99_ms": round(run["p99_us"] / 1000, 2),
        "max_ms": round(run["max_us"] / 1000, 2),
        "requests": run["requests"],
        "errors": run["errors"] + run["non2xx"],
        "ratio_to_pgbench": round(rps / tps, 3),
    }

http = figures(cached, "cached")
while_joining = figures(moving, "moving")
seconds = int(sys.argv[7])
invalidations = counters.get("drivers_invalidations", 0) + counters.get("company_invalidations", 0)
lookups = counters.get("hits", 0) + counters.get("misses", 0)
while_joining.update({
    "joins": joins,
    "cache_counters_whole_run_warmup_included": counters,
    "cache_invalidations_per_second": round(invalidations / joins["seconds"], 1),
    "cache_answers_forgotten_per_second": round(counters.get("forgotten", 0) / joins["seconds"], 1),
    "cache_hit_ratio": round(counters.get("hits", 0) / lookups, 3) if lookups else None,
    "target_p99_under_20ms": while_joining["p99_ms"] < 20,
    "target_half_of_pgbench": while_joining["requests_per_second"] >= tps / 2,
})
result = {
    "benchmark": "get_queue_position_driver",
    "entries_in_queue": int(sys.argv[5]),
    "connections": int(sys.argv[6]),
    "seconds": int(sys.argv[7]),
    "load_generator": sys.argv[8],
    "drivers": "random of the 10,000 per request",
    "http_as_deployed": http,
    "http_without_position_cache": figures(plain, "plain"),
    "http_while_joining_20_per_second": while_joining,
    "pgbench_tps": round(tps, 1),
    "pgbench_latency_avg_ms": lat,
    "pgbench_load_average_at_start": load("pgbench"),
    "target_half_of_pgbench": http["requests_per_second"] >= tps / 2,
    "target_p99_under_20ms": http["p99_ms"] < 20,
    "no_errors": http["errors"] == 0,
}
open(sys.argv[4], "w").write(json.dumps(result) + "\n")
print(json.dumps(result, indent=2))
PY
