#!/usr/bin/env bash
# The backup of docs/ops/deploy.md, proved (issue 27 item 5): a demo database (`patio
# seed-demo`) is dumped with pg_dump (custom format, as the daily job does), restored with
# pg_restore into a new database, and every table's rows and every sequence are compared.
# Uses the running cluster: TEST_DATABASE_URL, or `scripts/pg.sh url`. Exits non-zero on any
# difference. Usage: scripts/backup_restore_check.sh [path/to/patio]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PATIO="${1:-${PATIO_BIN:-$ROOT/target/debug/patio}}"
ADMIN_URL="${TEST_DATABASE_URL:-$("$ROOT/scripts/pg.sh" url)}"
BASE="${ADMIN_URL%/*}"

find_bin() {
  for d in /usr/lib/postgresql/*/bin /usr/local/bin /usr/bin; do
    [ -x "$d/$1" ] && { echo "$d/$1"; return 0; }
  done
  command -v "$1" 2>/dev/null || { echo "$1 não encontrado (instale o PostgreSQL)" >&2; return 1; }
}
PG_DUMP="$(find_bin pg_dump)"; PG_RESTORE="$(find_bin pg_restore)"; PSQL="$(find_bin psql)"
[ -x "$PATIO" ] || { echo "binário $PATIO não encontrado (cargo build -p patio)" >&2; exit 1; }

SRC="patio_backup_src_$$"; DST="patio_backup_dst_$$"
WORK="$(mktemp -d)"
psql_admin() { "$PSQL" "$ADMIN_URL" -X -q -v ON_ERROR_STOP=1 "$@"; }
cleanup() {
  psql_admin -c "DROP DATABASE IF EXISTS $SRC WITH (FORCE)" -c "DROP DATABASE IF EXISTS $DST WITH (FORCE)" || true
  rm -rf "$WORK"
}
trap cleanup EXIT

psql_admin -c "CREATE DATABASE $SRC"
DATABASE_URL="$BASE/$SRC" RUST_LOG=warn "$PATIO" seed-demo >/dev/null
# Something of every kind the product writes besides the seed: a queue entry, a log row, an
# outbox mail, text with accents and quotes, a NULL.
"$PSQL" "$BASE/$SRC" -X -q -v ON_ERROR_STOP=1 <<'SQL'
INSERT INTO outbox (company_id, kind, recipient, recipient_name, subject, text_body, html_body, status, attempts, error)
SELECT id, 'order', 'cópia@patio.local', 'José D''Ávila', 'Pedido "1"', E'linha 1\nlinha 2', '<p>ç</p>', 'failed', 1, NULL
  FROM companies WHERE name = 'Demo Agro';
SQL

# The backup, as the daily job takes it.
"$PG_DUMP" --format=custom --no-owner --file="$WORK/patio.dump" "$BASE/$SRC"
# The restore, into a new database.
psql_admin -c "CREATE DATABASE $DST"
"$PG_RESTORE" --no-owner --exit-on-error --dbname="$BASE/$DST" "$WORK/patio.dump"

# Every table: its rows (count and a digest of the rows in a fixed order); every sequence.
fingerprint() {
  local url="$1" tables
  tables="$("$PSQL" "$url" -X -At -c "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1")"
  [ -n "$tables" ] || { echo "nenhuma tabela em $url" >&2; return 1; }
  local t
  for t in $tables; do
    "$PSQL" "$url" -X -At -c "SELECT '$t', count(*), md5(COALESCE(string_agg(r::text, E'\n' ORDER BY r::text), ''))
        FROM $t r"
  done
  "$PSQL" "$url" -X -At -c "SELECT 'sequence ' || schemaname || '.' || sequencename, COALESCE(last_value, 0)
      FROM pg_sequences ORDER BY 1"
}
fingerprint "$BASE/$SRC" >"$WORK/src.txt"
fingerprint "$BASE/$DST" >"$WORK/dst.txt"

tables="$(grep -vc '^sequence ' "$WORK/src.txt")"
rows="$(grep -v '^sequence ' "$WORK/src.txt" | awk -F'|' '{ s += $2 } END { print s }')"
empty="$(grep -v '^sequence ' "$WORK/src.txt" | awk -F'|' '$2 == 0' | wc -l)"
if ! diff -u "$WORK/src.txt" "$WORK/dst.txt"; then
  echo "backup/restore: o banco restaurado difere do original (acima)" >&2
  exit 1
fi
[ "$rows" -gt 0 ] || { echo "backup/restore: o banco demo não tem linhas" >&2; exit 1; }
echo "backup/restore: $tables tabelas ($((tables - empty)) com linhas, $rows linhas) e as sequências iguais após pg_dump e pg_restore"
