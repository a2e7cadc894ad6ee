# The two commands of this repository:
#   make run   - the whole product on http://localhost:8080 (standalone mode)
#   make test  - every check and test suite (what CI runs)
#
# The real-backend suites use PostgreSQL, NATS and Redis on their standard
# local ports and a local S3 server; set a variable to empty to skip its
# suites by name, e.g.
#   make test TEST_POSTGRES_URL=

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

export TEST_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/test
export TEST_NATS_URL ?= nats://127.0.0.1:4222
export TEST_REDIS_URL ?= redis://127.0.0.1:6379
# A local S3-compatible server (moto) for the picture store's tests; `setup` installs it.
export SPA_TOOLS_VENV ?= /var/tmp/spa-tools-venv
export TEST_MOTO_SERVER ?= $(SPA_TOOLS_VENV)/bin/moto_server
# Python's icalendar reads the channels' export feeds in their tests; `setup` installs it.
export TEST_ICAL_PYTHON ?= $(SPA_TOOLS_VENV)/bin/python
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

TARGET_DIR = $(shell cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')

.PHONY: run test setup web web-deps rust-checks proto-check rust-test api-contract web-test e2e deploy-check bench fmt openapi proto-release

# The demo's bank account (a sample IBAN), so a visitor can try a bank
# transfer; a real guesthouse sets its own in the back office or here.
run: web
	BANK_ACCOUNT_HOLDER="$${BANK_ACCOUNT_HOLDER:-Pensjonat Spa (demo)}" \
	BANK_ACCOUNT_IBAN="$${BANK_ACCOUNT_IBAN:-PL61109010140000071219812874}" \
	cargo run --release -p spa-standalone

test: setup rust-checks proto-check rust-test api-contract web-test e2e deploy-check

# What a fresh machine of ours lacks: Debian's Chromium for the browser
# tests, cargo-nextest, a local S3 server (moto) for the picture store's and
# Python's icalendar for the channels' feeds.
setup:
	deploy/scripts/ensure-tools.sh

web-deps:
	cd web && npm ci --no-audit --no-fund

web: web-deps
	cd web && npm run build

rust-checks:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

# A proto change that would break a deployed peer fails (buf breaking against
# proto/released.binpb, the contracts last released; rules in proto/buf.yaml).
proto-check:
	deploy/scripts/proto-breaking.sh

# After a release: its contracts become the ones later changes must keep.
proto-release:
	deploy/scripts/proto-breaking.sh --release

# The distributed-mode test runs the service binaries, so build them first.
rust-test:
	cargo build --workspace --bins --locked
	cargo nextest run --workspace --locked --no-fail-fast

# Every operation of the generated OpenAPI document, fuzzed against the
# standalone stack: no 5xx, every answer as documented.
api-contract:
	cargo build -p spa-standalone --locked
	deploy/scripts/api-contract.sh "$(TARGET_DIR)/debug/spa-standalone"

# The web's API types must be the ones generated from gateway/openapi.json.
# The bundle budget checks the build that `web` made (and `e2e` serves).
web-test: web
	cd web && npm run check:api && npm run typecheck && npm run lint && npm test && node scripts/bundle-budget.mjs

# Browser tests in Debian's Chromium against the standalone stack serving the built app.
e2e: web
	cargo build -p spa-standalone --locked
	cd web && CI=1 SPA_STANDALONE_BIN="$(TARGET_DIR)/debug/spa-standalone" npm run e2e

# Deployment files validated offline; demo images match their generator.
deploy-check:
	deploy/scripts/validate-manifests.sh
	python3 deploy/scripts/gen_media.py --check

# The gateway's cached reads (room search, two listings, a product page)
# under load against the /healthz ceiling, standalone and distributed
# (PostgreSQL, NATS, Redis), and distributed with three rooms processes
# (distributed-3rooms: healthz and search only), standalone over loopback sockets
# (standalone-loopback) and both modes with no answer cache (*-uncached: the cold
# search path, p99 under 5 ms); searches ask for a Zipf mix of stays (search-unif:
# uniform); prints req/s, p50, p99, peak RSS, the ratio to
# the ceiling and whether each meets its target; then the checkout journey
# (8 buyers, a new basket each time: completed orders/s, p50, p99, nights over-sold).
# A shorter or narrower run: make bench BENCH_FLAGS="--modes standalone --conns 32 --seconds 5"
# (--gzip true: requests take gzip, as browsers do)
BENCH_FLAGS ?=
bench:
	cargo build --release --workspace --bins --locked
	"$(TARGET_DIR)/release/spa-loadgen" $(BENCH_FLAGS)

fmt:
	cargo fmt --all

# After changing a request or answer type: the OpenAPI document and the
# web's types generated from it (both committed; `make test` fails while stale).
openapi: web-deps
	UPDATE_OPENAPI=1 cargo test -p spa-gateway --lib openapi::
	cd web && npm run gen:api
