#!/usr/bin/env bash
# The API fuzzed (issue 15 item 5): schemathesis against the OpenAPI document of a running
# `patio serve` with the demo data, on a database of its own dropped at the end.
#
# Checks: not_a_server_error (no 5xx), status_code_conformance (every status is declared)
# and response_schema_conformance (every body matches its declared schema).
# Derandomized (--generation-deterministic, which also keeps no example database, and a fixed --seed) and bounded
# (a few examples per operation, one worker, so the requests come in the same order every run).
#
# Authenticated as the demo root Administrador (admin@patio.local), the broadest caller.
# Operations left out, and why:
#   POST /api/auth/logout, POST /api/auth/app/logout  end the session the run uses.
#   POST /api/users/profile                          may change the admin's password, which ends
#                                                    its sessions (and every later call is 401).
#   POST /api/users/save                             the same when it edits the admin itself
#                                                    (password, role, switched off).
#   DELETE /api/users/delete/{id}                    may delete the admin itself.
#   POST /api/queue/reset                            wipes the demo queue the other calls read.
#   DELETE /api/company/delete/{id}                  may delete the demo company, and with it
#                                                    everything the other operations read.
# Env: PATIO_BIN (default target/debug/patio), PG via scripts/pg.sh (PATIO_PG_PORT),
#      FUZZ_PORT (default: a free port), FUZZ_MAX_EXAMPLES (3), FUZZ_MAX_TIME (420 s: a safety cap
#      through `timeout`, not schemathesis' --max-time, which keeps fuzzing until it is spent).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/tests/fuzz"
version="4.32.5"
venv="$here/.venv"

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
  echo "Instalando schemathesis $version em $venv..."
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$version"
fi

bin="${PATIO_BIN:-$root/target/debug/patio}"
admin="$("$root/scripts/pg.sh" url)"
base="${admin%/*}"
db="patio_fuzz_$$"
port="${FUZZ_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}"
uploads="$(mktemp -d)"
work="$(mktemp -d)"
export DATABASE_URL="$base/$db"

cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$uploads" "$work"
}
trap cleanup EXIT INT TERM

psql "$admin" -qc "CREATE DATABASE $db"
"$bin" seed-demo >/dev/null
PATIO_ADDR="127.0.0.1:$port" PATIO_UPLOAD_DIR="$uploads" \
  PATIO_SECRET="fuzz-secret-fuzz-secret-fuzz-secret-fuzz" RUST_LOG="${RUST_LOG:-warn}" \
  "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 120); do
  curl -fsS "$url/api/ready" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.5
done

cookie="$(curl -fsS -o /dev/null -D - -H 'Content-Type: application/json' \
  -d '{"email":"admin@patio.local","password":"patio123","company":null,"recaptcha_token":"","page":"staff"}' \
  "$url/api/auth/login" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(patio_staff=[^;]*\).*/\1/p')"
[ -n "$cookie" ] || { echo "fuzz: login do administrador falhou"; exit 1; }

cd "$work"  # schemathesis keeps its .schemathesis/ folder in the working directory
start=$(date +%s)
status=0
timeout "${FUZZ_MAX_TIME:-420}" "$venv/bin/schemathesis" run "$url/api/openapi.json" \
  --checks not_a_server_error,status_code_conformance,response_schema_conformance \
  --phases examples,coverage,fuzzing \
  --max-examples "${FUZZ_MAX_EXAMPLES:-3}" \
  --seed 15 --generation-deterministic --no-shrink \
  --workers 1 --request-timeout 20 --suppress-health-check all \
  --continue-on-failure --no-color \
  -H "Cookie: $cookie" \
  --exclude-path /api/auth/logout --exclude-path /api/auth/app/logout \
  --exclude-path /api/users/profile --exclude-path /api/users/save \
  --exclude-path '/api/users/delete/{id}' --exclude-path /api/queue/reset \
  --exclude-path '/api/company/delete/{id}' \
  || status=$?
echo "fuzz: $(( $(date +%s) - start )) s"
if [ "$status" != 0 ]; then
  echo "--- servidor (últimas linhas) ---"; tail -n 40 "$work/server.log"
fi
exit "$status"
