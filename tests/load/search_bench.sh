#!/usr/bin/env bash
# Lists and searches at the volume of three years of ten companies (issue 28): about 1 million
# staff log rows, 1 million driver log rows, 750,000 loadings and queue entries, 50,000
# drivers, 60,000 trucks, 50,000 orders, 20,000 customers (tests/load/search_fill.sql, with
# generate_series). `patio serve` (release) is measured with wrk (Debian's package; installed
# if missing), BENCH_CLIENTS connections for BENCH_SECONDS per request: each list's first
# page, a deep page and each search, as each role that may read it (the administrator, the
# demo company's Usuario, its Transportadora). Prints and writes
# tests/load/results/search.json. Traffic goes to 127.0.0.1 only.
#
# Targets: every search within 2x of browsing the same list (p50), every p99 under 100 ms,
# history and log searches over 90 days under 100 ms p99.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PG_URL="${TEST_DATABASE_URL:-$("$ROOT/scripts/pg.sh" url)}"
# BENCH_DB=name BENCH_KEEP_DB=1 keeps the filled database after the run and reuses it when it
# is already filled (the fill takes about ten minutes on the shared machine); its migrations
# are brought up to date by `patio migrate`.
DB="${BENCH_DB:-patio_bench_search}"
KEEP_DB="${BENCH_KEEP_DB:-}"
DB_URL="${PG_URL%/*}/$DB"
PORT="${BENCH_PORT:-18449}"
CLIENTS="${BENCH_CLIENTS:-8}"
# The pool as `make run` sizes it with PostgreSQL on the same machine: its cores (more backends
# than cores stall one another: docs/ops/deploy.md, "Sizing the pool"). BENCH_POOL=16 measures
# the default for a database on its own machine.
POOL="${BENCH_POOL:-$(nproc)}"
SECONDS_EACH="${BENCH_SECONDS:-5}"
# BENCH_FRACTION=10 fills a tenth of the volume (a quick try of the script).
FRACTION="${BENCH_FRACTION:-1}"
BIN="${PATIO_BIN:-$ROOT/target/release/patio}"
# The figures say which build served them (PATIO_BIN may point at a debug build for a quick try).
export BENCH_BIN_PATH="$BIN"
OUT="$ROOT/tests/load/results/search.json"
TMP="$(mktemp -d)"

[ -x "$BIN" ] || { echo "build first: cargo build --release -p patio" >&2; exit 1; }
if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk >/dev/null; fi
fi
WRK_VERSION="$( (wrk -v 2>&1 || true) | head -1 | awk '{print $1, $2}')"

SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [ -z "$KEEP_DB" ]; then
    psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

# Before the fill (ten minutes), not after it.
if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
  echo "127.0.0.1:$PORT já está em uso (BENCH_PORT=...)" >&2; exit 1
fi
FILLED=""
if [ -n "$KEEP_DB" ] && psql "$DB_URL" -tAc "SELECT 1 FROM staff_logs LIMIT 1" 2>/dev/null | grep -q 1; then
  FILLED=1
fi
FILL_START=$(date +%s)
if [ -n "$FILLED" ]; then
  echo "== banco $DB já preenchido: reutilizado"
  DATABASE_URL="$DB_URL" RUST_LOG=warn "$BIN" migrate >/dev/null
  psql "$DB_URL" -qc "VACUUM ANALYZE"
else
echo "== banco de três anos de dez empresas (1/$FRACTION)"
psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
psql "$PG_URL" -qc "CREATE DATABASE $DB"
DATABASE_URL="$DB_URL" RUST_LOG=warn "$BIN" seed-demo >/dev/null
FILL_START=$(date +%s)
psql "$DB_URL" -q -v ON_ERROR_STOP=1 <<SQL
CREATE TEMP TABLE fill_scale AS SELECT
    10 AS companies, 500 AS shipping, 20000 / $FRACTION AS customers, 500 AS products,
    500 AS users, 50000 / $FRACTION AS orders, 50000 / $FRACTION AS drivers,
    60000 / $FRACTION AS trucks, 750000 / $FRACTION AS loadings, 750000 / $FRACTION AS entries,
    1000000 / $FRACTION AS staff_logs, 1000000 / $FRACTION AS driver_logs,
    20000 / $FRACTION AS outbox, 1095 AS days;
\i $ROOT/tests/load/search_fill.sql
VACUUM ANALYZE;
SQL
fi
FILL_SECONDS=$(( $(date +%s) - FILL_START ))
export BENCH_FILL_REUSED="$FILLED"
COUNTS="$(psql "$DB_URL" -tA -F' ' -c "SELECT
  (SELECT count(*) FROM staff_logs), (SELECT count(*) FROM driver_logs),
  (SELECT count(*) FROM schedulings), (SELECT count(*) FROM queue_entries),
  (SELECT count(*) FROM drivers), (SELECT count(*) FROM trucks),
  (SELECT count(*) FROM orders), (SELECT count(*) FROM customers),
  (SELECT pg_database_size(current_database()))")"
echo "   $COUNTS (preenchido em ${FILL_SECONDS}s)"
# The staff log is partitioned by month: its size is its partitions'.
psql "$DB_URL" -tA -F' ' -c "SELECT relname, pg_total_relation_size(oid), pg_relation_size(oid)
  FROM pg_class WHERE relname IN ('driver_logs', 'schedulings', 'queue_entries', 'drivers', 'trucks', 'outbox')
  UNION ALL SELECT 'staff_logs', sum(pg_total_relation_size(relid)), sum(pg_relation_size(relid))
  FROM pg_partition_tree('staff_logs')" >"$TMP/sizes.txt"


export BENCH_DB_POOL="$POOL"
export BENCH_LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "== patio serve em 127.0.0.1:$PORT (carga da máquina: $BENCH_LOAD_AT_START)"
DATABASE_URL="$DB_URL" PATIO_ADDR="127.0.0.1:$PORT" PATIO_JOBS=off RUST_LOG=warn \
  PATIO_SECRET="bench-secret-bench-secret-bench-secret" PATIO_DB_POOL="$POOL" \
  PATIO_STATIC_DIR=/nonexistent "$BIN" serve >"$TMP/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done

token() {
  curl -fs -X POST "http://127.0.0.1:$PORT/api/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"patio123\",\"company\":null,\"recaptcha_token\":\"\",\"page\":\"staff\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])'
}
declare -A TOKENS=(
  [admin]="$(token admin@patio.local)"
  [usuario]="$(token usuario@patio.local)"
  [transportadora]="$(token transp@patio.local)"
)
# A driver with a log (the demo's has none in the fill), and the days of the log screens.
LOG_DRIVER="$(psql "$DB_URL" -tAc "SELECT driver_id FROM driver_logs ORDER BY created_at DESC LIMIT 1")"
# Documents people type: the root of a customer's and a carrier's CNPJ stored masked, typed
# masked, and a whole CNPJ stored masked typed as plain digits (both must find it by index).
DEMO_COMPANY="SELECT company_id FROM users WHERE email = 'usuario@patio.local'"
CNPJ_ROOT="$(psql "$DB_URL" -tAc "SELECT left(cnpj, 10) FROM customers WHERE company_id = ($DEMO_COMPANY)
  AND cnpj LIKE '%/%' ORDER BY code OFFSET 60 LIMIT 1")"
CNPJ_PLAIN="$(psql "$DB_URL" -tAc "SELECT cnpj_plain FROM customers WHERE company_id = ($DEMO_COMPANY)
  AND cnpj LIKE '%/%' ORDER BY code OFFSET 61 LIMIT 1")"
CARRIER_ROOT="$(psql "$DB_URL" -tAc "SELECT left(cnpj, 10) FROM shipping_companies
  WHERE company_id = ($DEMO_COMPANY) AND cnpj LIKE '%/%' ORDER BY code OFFSET 5 LIMIT 1")"
urlenc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
TODAY="$(date +%F)"
DAYS_90="$(date -d '90 days ago' +%F)"
DAYS_7="$(date -d '7 days ago' +%F)"

# One wrk run of a path as a role into $TMP/<list>.<role>.<variant>.json; a path the role
# may not read (403) is left out.
measure() {
  local list="$1" role="$2" variant="$3" path="$4" name status
  name="$list.$role.$variant"
  status="$(curl -s -o "$TMP/$name-body.json" -w '%{http_code}' -H "Authorization: Bearer ${TOKENS[$role]}" "http://127.0.0.1:$PORT$path")"
  if [ "$status" = 403 ]; then return; fi
  [ "$status" = 200 ] || { echo "$name: $path answered $status" >&2; cat "$TMP/$name-body.json" >&2; exit 1; }
  export BENCH_TOKEN="${TOKENS[$role]}" BENCH_PATH="$path"
  wrk -t1 -c"$CLIENTS" -d1s -s "$ROOT/tests/load/groups.lua" "http://127.0.0.1:$PORT" >/dev/null
  wrk -t1 -c"$CLIENTS" -d"${SECONDS_EACH}s" -s "$ROOT/tests/load/groups.lua" "http://127.0.0.1:$PORT" |
    tail -1 >"$TMP/$name.json"
  python3 - "$TMP/$name.json" "$name" "$path" <<'PY'
import json, os, sys
r = json.load(open(sys.argv[1]))
r["path"] = sys.argv[3]
# The machine is shared: the load it carried while this request was measured.
r["load_average"] = [round(x, 1) for x in os.getloadavg()]
json.dump(r, open(sys.argv[1], "w"))
print(f'{sys.argv[2]:55s} p50 {r["p50_us"]/1000:7.1f} ms  p99 {r["p99_us"]/1000:7.1f} ms  '
      f'{r["requests"]/(r["duration_us"]/1e6):7.1f} req/s  load {r["load_average"][0]}')
PY
}

JOAO="jo%C3%A3o%20silva"
for role in admin usuario transportadora; do
  measure drivers "$role" page_1 "/api/driver?page=1&pageSize=10"
  measure drivers "$role" deep_page "/api/driver?page=300&pageSize=10"
  measure drivers "$role" search_name "/api/driver?page=1&pageSize=10&search=$JOAO"
  measure drivers "$role" search_cpf "/api/driver?page=1&pageSize=10&search=529.982.247-25"
  measure trucks "$role" page_1 "/api/truck?page=1&pageSize=10"
  measure trucks "$role" deep_page "/api/truck?page=300&pageSize=10"
  measure trucks "$role" search_plate "/api/truck?page=1&pageSize=10&search=dem-0a12"
  measure trucks "$role" search_plate_part "/api/truck?page=1&pageSize=10&search=ABC1"
  measure customers "$role" page_1 "/api/customer?page=1&pageSize=9"
  measure customers "$role" deep_page "/api/customer?page=200&pageSize=9"
  measure customers "$role" search_name "/api/customer?page=1&pageSize=9&search=fazenda%20jo%C3%A3o"
  measure customers "$role" search_cnpj "/api/customer?page=1&pageSize=9&search=$(urlenc "$CNPJ_ROOT")"
  measure customers "$role" search_cnpj_plain "/api/customer?page=1&pageSize=9&search=$CNPJ_PLAIN"
  measure shipping_companies "$role" page_1 "/api/shipping-company?page=1&pageSize=8"
  measure shipping_companies "$role" deep_page "/api/shipping-company?page=5&pageSize=8"
  measure shipping_companies "$role" search_name "/api/shipping-company?page=1&pageSize=8&search=transportes%20ara%C3%BAjo"
  measure shipping_companies "$role" search_cnpj "/api/shipping-company?page=1&pageSize=8&search=$(urlenc "$CARRIER_ROOT")"
  measure orders "$role" page_1 "/api/order?page=1&pageSize=10&complete=true"
  measure orders "$role" deep_page "/api/order?page=300&pageSize=10&complete=true"
  measure orders "$role" search_code "/api/order?page=1&pageSize=10&complete=true&search=PV0000123"
  measure orders "$role" search_customer "/api/order?page=1&pageSize=10&complete=true&search=fazenda%20jo%C3%A3o%20braga"
  measure products "$role" page_1 "/api/product?page=1&pageSize=10"
  measure products "$role" deep_page "/api/product?page=5&pageSize=10"
  measure products "$role" search_name "/api/product?page=1&pageSize=10&search=a%C3%A7ucar"
  measure users "$role" page_1 "/api/users?page=1&pageSize=8"
  measure users "$role" deep_page "/api/users?page=5&pageSize=8"
  measure users "$role" search_name "/api/users?page=1&pageSize=8&search=jo%C3%A3o"
  measure sets "$role" page_1 "/api/driver/groups?page_size=15"
  measure sets "$role" search_plate "/api/driver/groups?page_size=15&truck_search=ABC1"
  measure sets "$role" search_driver "/api/driver/groups?page_size=15&driver_search=$JOAO"
  measure rescues "$role" page_1 "/api/queue-restore?page=1"
  measure rescues "$role" deep_page "/api/queue-restore?page=20"
  measure rescues "$role" search "/api/queue-restore?page=1&search=jo%C3%A3o"
  measure history_90_days "$role" page_1 "/api/scheduling?period=90&page=1"
  measure history_90_days "$role" deep_page "/api/scheduling?period=90&page=100"
  measure staff_logs_90_days "$role" page_1 "/api/logs?startDate=$DAYS_90&endDate=$TODAY&page=1"
  measure staff_logs_90_days "$role" deep_page "/api/logs?startDate=$DAYS_90&endDate=$TODAY&page=30"
  measure staff_logs_90_days "$role" search_text "/api/logs?startDate=$DAYS_90&endDate=$TODAY&page=1&search=jo%C3%A3o%20braga"
  measure staff_logs_90_days "$role" search_operation "/api/logs?startDate=$DAYS_90&endDate=$TODAY&page=1&operation_type=DELETE"
  measure staff_logs_90_days "$role" search_company_user "/api/logs?startDate=$DAYS_90&endDate=$TODAY&page=1&companyId=2&operation_type=DELETE"
  measure staff_log_filters "$role" operations "/api/logs/operations"
  measure staff_log_filters "$role" objects "/api/logs/objects"
  measure driver_logs "$role" page_1 "/api/log-driver/$LOG_DRIVER?startDate=$DAYS_7&endDate=$TODAY"
  measure driver_logs "$role" search_90_days "/api/log-driver/$LOG_DRIVER?startDate=$DAYS_90&endDate=$TODAY"
done

python3 - "$TMP" "$OUT" "$CLIENTS" "$SECONDS_EACH" "$WRK_VERSION" "$FILL_SECONDS" "$COUNTS" "$FRACTION" <<'PY'
import glob, json, os, sys
tmp, out = sys.argv[1], sys.argv[2]
counts = [int(x) for x in sys.argv[7].split()]

def figures(run):
    return {
        "path": run["path"],
        "requests_per_second": round(run["requests"] / (run["duration_us"] / 1e6), 1),
        "p50_ms": round(run["p50_us"] / 1000, 2),
        "p99_ms": round(run["p99_us"] / 1000, 2),
        "max_ms": round(run["max_us"] / 1000, 2),
        "requests": run["requests"],
        "errors": run["errors"] + run["non2xx"],
        "load_average": run["load_average"],
    }

lists = {}
for f in sorted(glob.glob(os.path.join(tmp, "*.json"))):
    base = os.path.basename(f)[:-5]
    if base.endswith("-body") or base.count(".") != 2:
        continue
    lst, role, variant = base.split(".")
    lists.setdefault(lst, {}).setdefault(role, {})[variant] = figures(json.load(open(f)))

over_2x, over_100 = [], []
for lst, roles in lists.items():
    for role, v in roles.items():
        base = v.get("page_1")
        for variant, fig in v.items():
            if fig["p99_ms"] >= 100:
                over_100.append(f"{lst}.{role}.{variant}: p99 {fig['p99_ms']} ms")
            if base and variant.startswith("search"):
                ratio = round(fig["p50_ms"] / base["p50_ms"], 2)
                fig["p50_ratio_to_page_1"] = ratio
                if ratio > 2:
                    over_2x.append(f"{lst}.{role}.{variant}: {ratio}x page 1")
sizes = {}
for line in open(os.path.join(tmp, "sizes.txt")):
    name, total, heap = line.split()
    sizes[name] = {"total_mb": round(int(total) / 2**20), "heap_mb": round(int(heap) / 2**20)}
result = {
    "benchmark": "lists_and_searches_at_three_years",
    "note": "taken on a 2-core machine shared with other builds and tests: figures are under load; each figure carries the load average (1, 5, 15 min) when it was taken",
    "volume": {
        "fraction": int(sys.argv[8]),
        "staff_logs": counts[0], "driver_logs": counts[1], "loadings": counts[2],
        "queue_entries": counts[3], "drivers": counts[4], "trucks": counts[5],
        "orders": counts[6], "customers": counts[7], "database_mb": round(counts[8] / 2**20),
        "fill_seconds": int(sys.argv[6]), "fill_reused": bool(os.environ.get("BENCH_FILL_REUSED")),
        "tables": sizes,
    },
    "connections": int(sys.argv[3]),
    "db_pool": int(os.environ["BENCH_DB_POOL"]),
    "seconds": int(sys.argv[4]),
    "load_generator": sys.argv[5],
    "binary": "release" if "/release/" in os.environ.get("BENCH_BIN_PATH", "") else "debug",
    "load_average_at_start": [float(x) for x in os.environ["BENCH_LOAD_AT_START"].split()],
    "load_average_at_end": [round(x, 1) for x in os.getloadavg()],
    "lists": lists,
    "searches_over_2x_page_1": over_2x,
    "p99_at_or_over_100_ms": over_100,
    "every_search_within_2x_of_page_1": not over_2x,
    "every_p99_under_100_ms": not over_100,
    "no_errors": all(f["errors"] == 0 for r in lists.values() for v in r.values() for f in v.values()),
}
open(out, "w").write(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
print(json.dumps({k: result[k] for k in ("volume", "searches_over_2x_page_1", "p99_at_or_over_100_ms", "no_errors")}, indent=2, ensure_ascii=False))
PY
