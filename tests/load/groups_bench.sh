#!/usr/bin/env bash
# GET /api/driver/groups (the sets list, paged by key) with 50,000 drivers and 60,000 trucks
# (issue 12): p50 and p99 of the first page and of page 300 (15 rows, then 16 per 'Carregar
# mais': the rows after the 4,783rd), as each role reads them:
#   - the administrator (every company, the primary key),
#   - the company's Usuario (drivers (company_id, id)),
#   - the Transportadora (drivers (shipping_company_id, id), 12,500 drivers of its own),
#   - and, for the record, the administrator with a plate search (page 1 only).
# The data is bulk-inserted with generate_series: 50,000 drivers with a contact each, 60,000
# trucks (10,000 drivers with two), a quarter of the sets bound to 'Transportadora Demo', and
# queue history (a closed entry for 20,000 drivers, 2,000 waiting). `patio serve` (release) is
# measured with wrk (Debian's package; installed if missing), 8 connections, BENCH_SECONDS each.
# Prints and writes tests/load/results/driver_groups.json. Traffic goes to 127.0.0.1 only.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PG_URL="${TEST_DATABASE_URL:-$("$ROOT/scripts/pg.sh" url)}"
DB="patio_bench_groups"
DB_URL="${PG_URL%/*}/$DB"
PORT="${BENCH_PORT:-18448}"
CLIENTS="${BENCH_CLIENTS:-8}"
SECONDS_EACH="${BENCH_SECONDS:-10}"
DRIVERS=50000
TRUCKS=60000
# Page 300: 15 rows on the first page and 16 on each of the next 298.
DEEP_PAGE=300
DEEP_AFTER=$(( 15 + (DEEP_PAGE - 2) * 16 ))
BIN="${PATIO_BIN:-$ROOT/target/release/patio}"
OUT="$ROOT/tests/load/results/driver_groups.json"
TMP="$(mktemp -d)"

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

echo "== banco com $DRIVERS motoristas e $TRUCKS caminhões"
psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
psql "$PG_URL" -qc "CREATE DATABASE $DB"
DATABASE_URL="$DB_URL" RUST_LOG=warn "$BIN" seed-demo >/dev/null
psql "$DB_URL" -q -v ON_ERROR_STOP=1 <<SQL
-- A second company with a share of the drivers, so the company views skip rows.
INSERT INTO companies (name, company, cnpj, uf, city, street, district, zip_code, status)
VALUES ('Bench Outra', 'Bench Outra SA', '11444777000161', 'SP', 'Santos', 'Rua A', 'Centro',
        '11000-000', TRUE);
INSERT INTO settings (company_id) SELECT id FROM companies WHERE name = 'Bench Outra';
-- Drivers 200001..250000: every 10th of the other company, every 4th bound to the demo
-- shipping company.
INSERT INTO drivers (id, company_id, shipping_company_id, name, cpf, cnh, birth_date, is_enabled,
                     use_terms)
SELECT 200000 + g,
       CASE WHEN g % 10 = 0 THEN o.id ELSE c.id END,
       CASE WHEN g % 4 = 0 AND g % 10 <> 0 THEN s.id END,
       'MOTORISTA BENCH ' || g, lpad((70000000000 + g)::text, 11, '0'), '12345678900',
       DATE '1970-01-01' + (g % 12000), g % 50 <> 0, TRUE
  FROM generate_series(1, $DRIVERS) g,
       (SELECT id FROM companies WHERE name = 'Demo Agro') c,
       (SELECT id FROM companies WHERE name = 'Bench Outra') o,
       (SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo') s;
INSERT INTO contacts (name, fone, email, driver_id)
SELECT 'Celular', '(66) 9 9' || lpad((g % 1000)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
       'm' || g || '@bench.local', 200000 + g
  FROM generate_series(1, $DRIVERS) g;
-- Trucks 300001..360000: one per driver, and a second for the first 10,000.
INSERT INTO trucks (id, company_id, shipping_company_id, driver_id, vehicle_model_id,
                    license_plate, renavam, implement_type, shaft_quantity, gross_capacity,
                    net_capacity, is_enabled)
SELECT 300000 + g, d.company_id, d.shipping_company_id, d.id, m.id,
       'B' || lpad(g::text, 6, '0'), lpad(g::text, 11, '0'), 'BITRUCK', 4, 29, 19, TRUE
  FROM generate_series(1, $TRUCKS) g
  JOIN drivers d ON d.id = 200000 + ((g - 1) % $DRIVERS) + 1,
       (SELECT id FROM truck_models WHERE name = 'FH 540') m;
-- Queue history: a closed entry for 20,000 drivers, 2,000 of them waiting again.
INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, position, date,
                           attended, attended_at, closed_at)
SELECT d.company_id, d.id, 300000 + (d.id - 200000), 'attended', now() - interval '3 days', 0,
       CURRENT_DATE - 3, TRUE, now() - interval '3 days', now() - interval '3 days'
  FROM drivers d WHERE d.id BETWEEN 200001 AND 220000;
INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, position, date,
                           forecast_at)
SELECT d.company_id, d.id, 300000 + (d.id - 200000), 'waiting', now(), (d.id - 200000) / 10,
       CURRENT_DATE + 1, now() + interval '1 day'
  FROM drivers d WHERE d.id BETWEEN 200001 AND 220000 AND d.id % 10 = 1;
ANALYZE;
SQL
echo "   $(psql "$DB_URL" -tAc "SELECT count(*) FROM drivers") motoristas, $(psql "$DB_URL" -tAc "SELECT count(*) FROM trucks") caminhões"

if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
  echo "127.0.0.1:$PORT já está em uso (BENCH_PORT=...)" >&2; exit 1
fi

echo "== patio serve em 127.0.0.1:$PORT"
DATABASE_URL="$DB_URL" PATIO_ADDR="127.0.0.1:$PORT" PATIO_JOBS=off RUST_LOG=warn \
  PATIO_SECRET="bench-secret-bench-secret-bench-secret" PATIO_DB_POOL="${BENCH_POOL:-16}" \
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
ADMIN="$(token admin@patio.local)"
USUARIO="$(token usuario@patio.local)"
TRANSP="$(token transp@patio.local)"
DEMO="$(psql "$DB_URL" -tAc "SELECT id FROM companies WHERE name = 'Demo Agro'")"
SHIPPING="$(psql "$DB_URL" -tAc "SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'")"

# The key of page 300 for each view: the id of the last row before it.
deep_key() {
  psql "$DB_URL" -tAc "SELECT id FROM drivers WHERE $1 ORDER BY id OFFSET $(( DEEP_AFTER - 1 )) LIMIT 1"
}
ADMIN_KEY="$(deep_key TRUE)"
USUARIO_KEY="$(deep_key "company_id = $DEMO")"
TRANSP_KEY="$(deep_key "company_id = $DEMO AND shipping_company_id = $SHIPPING")"

# One wrk run of a path as a role, into $TMP/$1.json; checks the page first.
measure() {
  local name="$1" token="$2" path="$3" rows="$4"
  curl -fs -H "Authorization: Bearer $token" "http://127.0.0.1:$PORT$path" >"$TMP/$name-page.json"
  python3 - "$TMP/$name-page.json" "$rows" <<'PY'
import json, sys
page = json.load(open(sys.argv[1]))
assert len(page["items"]) == int(sys.argv[2]), (len(page["items"]), sys.argv[2])
assert all(len(r["truck"]) >= 1 for r in page["items"]), "every set has its truck"
PY
  echo "== $name: $path"
  export BENCH_TOKEN="$token" BENCH_PATH="$path"
  wrk -t1 -c"$CLIENTS" -d2s -s "$ROOT/tests/load/groups.lua" "http://127.0.0.1:$PORT" >/dev/null
  wrk -t1 -c"$CLIENTS" -d"${SECONDS_EACH}s" -s "$ROOT/tests/load/groups.lua" "http://127.0.0.1:$PORT" |
    tail -1 >"$TMP/$name.json"
  cat "$TMP/$name.json"
}

measure admin_page_1 "$ADMIN" "/api/driver/groups?page_size=15" 15
measure admin_page_300 "$ADMIN" "/api/driver/groups?from_id=$ADMIN_KEY&page_size=16" 16
measure usuario_page_1 "$USUARIO" "/api/driver/groups?page_size=15" 15
measure usuario_page_300 "$USUARIO" "/api/driver/groups?from_id=$USUARIO_KEY&page_size=16" 16
measure transportadora_page_1 "$TRANSP" "/api/driver/groups?page_size=15" 15
measure transportadora_page_300 "$TRANSP" "/api/driver/groups?from_id=$TRANSP_KEY&page_size=16" 16
measure admin_plate_search_page_1 "$ADMIN" "/api/driver/groups?page_size=15&truck_search=B0499" 15

python3 - "$TMP" "$OUT" "$DRIVERS" "$TRUCKS" "$CLIENTS" "$SECONDS_EACH" "$WRK_VERSION" "$DEEP_PAGE" "$DEEP_AFTER" <<'PY'
import json, os, sys
tmp, out = sys.argv[1], sys.argv[2]

def figures(name):
    run = json.load(open(os.path.join(tmp, name + ".json")))
    return {
        "requests_per_second": round(run["requests"] / (run["duration_us"] / 1e6), 1),
        "p50_ms": round(run["p50_us"] / 1000, 2),
        "p99_ms": round(run["p99_us"] / 1000, 2),
        "max_ms": round(run["max_us"] / 1000, 2),
        "requests": run["requests"],
        "errors": run["errors"] + run["non2xx"],
    }

views = {}
for view in ["admin", "usuario", "transportadora"]:
    first, deep = figures(view + "_page_1"), figures(view + "_page_300")
    views[view] = {
        "page_1": first,
        "page_300": deep,
        "p50_ratio_page_300_to_page_1": round(deep["p50_ms"] / first["p50_ms"], 2),
    }
result = {
    "benchmark": "get_driver_groups",
    "drivers": int(sys.argv[3]),
    "trucks": int(sys.argv[4]),
    "connections": int(sys.argv[5]),
    "seconds": int(sys.argv[6]),
    "load_generator": sys.argv[7],
    "binary": os.environ.get("BENCH_BINARY", "release"),
    "deep_page": int(sys.argv[8]),
    "rows_before_deep_page": int(sys.argv[9]),
    "paging": "by key: WHERE id > from_id ORDER BY id LIMIT page_size",
    "views": views,
    "admin_plate_search_page_1": figures("admin_plate_search_page_1"),
    "deep_page_within_1_5x_of_page_1": all(
        v["p50_ratio_page_300_to_page_1"] <= 1.5 for v in views.values()
    ),
    "no_errors": all(
        v[p]["errors"] == 0 for v in views.values() for p in ("page_1", "page_300")
    ),
}
open(out, "w").write(json.dumps(result) + "\n")
print(json.dumps(result, indent=2))
PY
