#!/usr/bin/env bash
# Project-local PostgreSQL for `make run` and `make test` (DESIGN section 9).
# Usage: scripts/pg.sh start|stop|url|status
# Prints nothing but errors on start; `url` prints the connection URL of the admin database.
set -euo pipefail

PORT="${PATIO_PG_PORT:-54329}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

find_bin() {
  for d in /usr/lib/postgresql/*/bin /usr/local/bin /usr/bin; do
    [ -x "$d/$1" ] && { echo "$d/$1"; return 0; }
  done
  command -v "$1" 2>/dev/null || return 1
}

ensure_binaries() {
  if ! find_bin initdb >/dev/null || ! find_bin pg_ctl >/dev/null; then
    echo "PostgreSQL não encontrado; instalando com apt-get..." >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq postgresql >/dev/null;
    else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql >/dev/null; fi
  fi
  INITDB="$(find_bin initdb)"; PG_CTL="$(find_bin pg_ctl)"
}

if [ "$(id -u)" = 0 ]; then
  # The cluster cannot run as root; the postgres user may not enter a 0700 checkout.
  hash="$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)"
  DATA="/var/tmp/patio-pg-$hash"
  as_pg() { runuser -u postgres -- "$@"; }
else
  DATA="$ROOT/.data/postgres"
  as_pg() { "$@"; }
fi
LOG="$DATA.log"

url() { echo "postgres://postgres@127.0.0.1:$PORT/postgres"; }

is_up() { as_pg "$PG_CTL" -D "$DATA" status >/dev/null 2>&1; }

start() {
  ensure_binaries
  if [ ! -f "$DATA/PG_VERSION" ]; then
    mkdir -p "$DATA"
    [ "$(id -u)" = 0 ] && chown postgres: "$DATA" && chmod 700 "$DATA"
    as_pg "$INITDB" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    cat >>"$DATA/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DATA'
max_connections = 300
shared_buffers = 256MB
# A local development and test cluster: durability traded for speed (docs/decisions.md).
fsync = off
synchronous_commit = off
full_page_writes = off
timezone = 'UTC'
CONF
  fi
  if ! is_up; then
    touch "$LOG"; [ "$(id -u)" = 0 ] && chown postgres: "$LOG"
    # The port is given at start so PATIO_PG_PORT works for an existing cluster too.
    if ! as_pg "$PG_CTL" -D "$DATA" -l "$LOG" -o "-p $PORT" -w -t 60 start >/dev/null; then
      echo "PostgreSQL não iniciou (porta $PORT em uso?). Últimas linhas de $LOG:" >&2
      tail -5 "$LOG" >&2
      exit 1
    fi
  fi
  for _ in $(seq 1 50); do
    pg_isready -h 127.0.0.1 -p "$PORT" -q && return 0
    sleep 0.2
  done
  echo "PostgreSQL não respondeu na porta $PORT (veja $LOG)" >&2; exit 1
}

stop() { ensure_binaries; if is_up; then as_pg "$PG_CTL" -D "$DATA" -m fast -w stop >/dev/null; fi; }

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) url ;;
  status) ensure_binaries; is_up && echo "up ($DATA)" || echo "down ($DATA)" ;;
  *) echo "uso: $0 start|stop|url|status" >&2; exit 2 ;;
esac
