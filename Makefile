# Pátio — `make run` serves the product with a demo tenant; `make test` runs everything CI runs.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PG_URL := $(shell scripts/pg.sh url)
PG_BASE := $(patsubst %/postgres,%,$(PG_URL))
RUN_DB_URL := $(PG_BASE)/patio
CARGO ?= cargo
# A clean build (CI) gains nothing from incremental data and it doubles target/ (7 GB of 12).
export CARGO_INCREMENTAL ?= 0

.PHONY: help run test fmt lint openapi check-rust test-rust frontend-deps test-frontend frontend-build pdf-deps e2e-deps test-e2e test-fuzz test-ops ops-deps pg bench clean-db

help:
	@echo "make run    # Pátio em http://localhost:8080 com a empresa demo"
	@echo "make test   # tudo o que a CI roda"
	@echo "make bench  # benchmarks (resultados em tests/load/results/)"

pg:
	@scripts/pg.sh start

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

frontend-deps: frontend/node_modules/.package-lock.json

frontend-build: frontend-deps
	cd frontend && npm run build

run: frontend-build
	@if [ -z "$${DATABASE_URL:-}" ]; then \
	  scripts/pg.sh start; \
	  psql "$(PG_URL)" -tAc "SELECT 1 FROM pg_database WHERE datname = 'patio'" | grep -q 1 \
	    || psql "$(PG_URL)" -qc 'CREATE DATABASE patio'; \
	fi
	$(CARGO) build -p patio
	DATABASE_URL="$${DATABASE_URL:-$(RUN_DB_URL)}" ./target/debug/patio seed-demo
	# The demo's webhooks may point at a receiver on this machine (issue 26).
	# With its own PostgreSQL on this machine, the pool is the machine's cores: more backends
	# than cores stall one another (docs/ops/deploy.md, "Sizing the pool").
	pool="$${PATIO_DB_POOL:-$$( [ -n "$${DATABASE_URL:-}" ] && echo 16 || nproc)}"; \
	DATABASE_URL="$${DATABASE_URL:-$(RUN_DB_URL)}" PATIO_STATIC_DIR=frontend/dist PATIO_WEBHOOK_ALLOW_PRIVATE=1 \
	  PATIO_DB_POOL="$$pool" ./target/debug/patio serve

fmt:
	$(CARGO) fmt --all

check-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings

# The `patio` binary's own tests (two instances, a hot standby, PgBouncer, the logs) run in
# test-ops.
test-rust: pg pdf-deps
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) test --workspace --all-features --exclude patio

# The API contract: docs/openapi.json from the code (its snapshot test fails on drift), then the
# frontend's types from it. Run after changing a route or a body type, and commit both files.
openapi: frontend-deps
	PATIO_BLESS_OPENAPI=1 $(CARGO) test -p patio-http --test openapi_snapshot
	cd frontend && npm run api-types

test-frontend: frontend-deps
	cd frontend && npm run api-types:check
	cd frontend && npm run typecheck && npm run lint && npm test && npm run build

# pdftotext (Debian's poppler-utils): the API and browser tests read the PDF reports' text
# with it, as a person's viewer would decode it.
pdf-deps:
	@command -v pdftotext >/dev/null || { \
	  echo "Instalando o poppler-utils do Debian..."; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; fi; }

e2e-deps: pdf-deps
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || { \
	  echo "Instalando o Chromium do Debian..."; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi; }
	cd tests/e2e && npm ci --no-audit --no-fund

test-e2e: pg e2e-deps frontend-build
	$(CARGO) build -p patio
	cd tests/e2e && PATIO_PG_URL="$(PG_URL)" npx playwright test

# schemathesis (pinned, in tests/fuzz/.venv) against a served demo: no 5xx, every status and
# body as docs/openapi.json declares (see tests/fuzz/run.sh and docs/decisions.md).
test-fuzz: pg
	$(CARGO) build -p patio
	tests/fuzz/run.sh

# Operations (issue 27, docs/ops/deploy.md): the backup of a demo database restored into a new
# one, every table's rows compared.
# PgBouncer (Debian's package) for tests/pgbouncer.rs; PostgreSQL's server binaries (initdb,
# pg_basebackup) for tests/replica.rs come with `make pg`.
ops-deps:
	@command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || { \
	  echo "Instalando o PgBouncer do Debian..."; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null; fi; }
	@# The package starts a service on 6432; the tests start their own.
	@-systemctl disable --now pgbouncer >/dev/null 2>&1 || true

# Operations: the binary's tests (two instances on one database, a hot standby serving the
# reads, two instances through PgBouncer, JSON logs), a backup restored and compared, and a
# tiny yard day through the bench.
test-ops: pg ops-deps
	$(CARGO) build -p patio
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) test -p patio --all-features
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" scripts/backup_restore_check.sh target/debug/patio
	# The yard-day bench, tiny and short with the debug build, as a check: a broken bench fails
	# `make test` (it once broke unnoticed). Direct, then with a hot standby.
	{ ulimit -n 8192 || ulimit -n $$(ulimit -Hn); } && for via in direct replica; do \
	  YARD_DAY_SMOKE=1 YARD_DAY_VIA=$$via YARD_DAY_SCALE=0.02 YARD_DAY_RUSH_SECS=2 \
	  YARD_DAY_RUSH_OPEN_SECS=1 YARD_DAY_SECS=4 YARD_DAY_READ_EVERY_MS=500 YARD_DAY_PORT=18459 \
	  YARD_DAY_BIN="$${CARGO_TARGET_DIR:-target}/debug/patio" \
	  TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" \
	  $(CARGO) run -p patio-api-tests --example yard_day || exit 1; done

lint: check-rust
	cd frontend && npm run typecheck && npm run lint

test: check-rust test-rust test-ops test-frontend test-e2e test-fuzz
	@echo "make test: tudo verde"

# Figures printed and written to tests/load/results/*.json (not part of `make test`). The last
# steps drive Debian's Chromium through tests/e2e's playwright-core on the built frontend: the
# same dependencies as the browser tests.
bench: pg ops-deps e2e-deps frontend-build
	$(CARGO) bench -p patio-domain --bench plan
	# The predicted call time (issue 25): 2,500 waiting vehicles, and its accuracy on replayed yard days.
	$(CARGO) bench -p patio-domain --bench predict
	$(CARGO) bench -p patio-domain --bench eta
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) run --release -p patio-api-tests --example join_bench
	# Joins, loadings, check-ins and calls with a webhook subscriber that answers in 5 s (issue 26).
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) run --release -p patio-api-tests --example webhook_bench
	$(CARGO) build --release -p patio
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" tests/load/position_bench.sh
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" tests/load/groups_bench.sh
	# Lists and searches at three years of ten companies (issue 28): ~1M log rows each, 750k loadings.
	TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" tests/load/search_bench.sh
	# The yard call's fan-out to 1,000 sockets and 10,000 idle sockets (issue 13): ~11,000 fds.
	{ ulimit -n 20000 || ulimit -n $$(ulimit -Hn); } && TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) run --release -p patio-api-tests --example ws_bench
	# A yard day replayed (issue 15): 10 companies, 2,500 trucks, ~1,030 sockets, about 4 minutes.
	{ ulimit -n 8192 || ulimit -n $$(ulimit -Hn); } && TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) run --release -p patio-api-tests --example yard_day
	# The same day through PgBouncer in transaction mode, and with a hot standby serving the reads
	# (issue 27): results/yard_day_pgbouncer.json and results/yard_day_replica.json.
	{ ulimit -n 8192 || ulimit -n $$(ulimit -Hn); } && YARD_DAY_VIA=pgbouncer TEST_DATABASE_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" $(CARGO) run --release -p patio-api-tests --example yard_day
	{ ulimit -n 8192 || ulimit -n $$(ulimit -Hn); } && YARD_DAY_VIA=replica $(CARGO) run --release -p patio-api-tests --example yard_day
	# The driver app at 3G in Chromium (issues 14 and 23): the built frontend, tests/e2e/node_modules.
	PATIO_PG_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" node tests/load/driver_3g.mjs
	# Lighthouse 12 (pinned in tests/load) on the driver's first screens (issue 23).
	cd tests/load && npm ci --no-audit --no-fund
	CHROME_PATH=/usr/bin/chromium PATIO_PG_URL="$${TEST_DATABASE_URL:-$(PG_URL)}" node tests/load/lighthouse.mjs
