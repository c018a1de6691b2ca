#!/usr/bin/env bash
# Regenerates adapters/postgres/src/schema.rs from db/migrations.
# Needs diesel_cli: cargo install diesel_cli --no-default-features --features postgres --locked
# Uses a scratch database on the project's PostgreSQL (scripts/pg.sh) or on
# $TEST_DATABASE_URL's server, and drops it afterwards.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$ROOT"
if [ -z "${TEST_DATABASE_URL:-}" ]; then scripts/pg.sh start; fi
ADMIN_URL="${TEST_DATABASE_URL:-$(scripts/pg.sh url)}"
SCRATCH="patio_print_schema_$$"
SCRATCH_URL="${ADMIN_URL%/*}/$SCRATCH"

cleanup() { psql "$ADMIN_URL" -qc "DROP DATABASE IF EXISTS $SCRATCH WITH (FORCE)" >/dev/null; }
trap cleanup EXIT

psql "$ADMIN_URL" -qc "CREATE DATABASE $SCRATCH" >/dev/null
diesel migration run --database-url "$SCRATCH_URL" --migration-dir db/migrations >/dev/null
diesel print-schema --database-url "$SCRATCH_URL" > adapters/postgres/src/schema.rs
echo "adapters/postgres/src/schema.rs regenerated"
