#!/usr/bin/env bash
# Serves Pátio for the browser tests on a database of its own, dropped when the server stops.
set -euo pipefail
port="${1:-18080}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
admin="${PATIO_PG_URL:-$("$root/scripts/pg.sh" url)}"
db="patio_e2e_$$"
uploads="$(mktemp -d)"
base="${admin%/*}"
export DATABASE_URL="$base/$db"
psql "$admin" -qc "CREATE DATABASE $db"
echo "$DATABASE_URL" > "$root/tests/e2e/.db-url.$port"
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -f "$root/tests/e2e/.db-url.$port"
  rm -rf "$uploads"
}
trap cleanup EXIT INT TERM
bin="${PATIO_BIN:-$root/target/debug/patio}"
"$bin" seed-demo >/dev/null
PATIO_ADDR="127.0.0.1:$port" PATIO_UPLOAD_DIR="$uploads" PATIO_STATIC_DIR="$root/frontend/dist" \
  PATIO_SECRET="e2e-secret-e2e-secret-e2e-secret-e2e" "$bin" serve &
pid=$!
wait "$pid"
