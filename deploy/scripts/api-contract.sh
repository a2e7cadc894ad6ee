#!/usr/bin/env bash
# Property-based tests of /shop-api against its own OpenAPI document:
# schemathesis generates valid and invalid requests for every operation of
# the document the running standalone stack serves, and fails on any 5xx, any
# answer that does not match its declared schema, status or content type.
#
#   deploy/scripts/api-contract.sh PATH_TO_SPA_STANDALONE
set -euo pipefail

bin=${1:?usage: api-contract.sh PATH_TO_SPA_STANDALONE}
venv=${SPA_TOOLS_VENV:-/var/tmp/spa-tools-venv}
if ! "$venv/bin/schemathesis" --version >/dev/null 2>&1; then
  echo "installing schemathesis into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis>=4.32,<5"
fi

data=$(mktemp -d)
# Port 0: the stack takes a free port itself and prints it, so no other
# process can take it between a choice and the bind.
# Rate limits off: the fuzzer sends hundreds of writes a minute on purpose.
HTTP_ADDR=127.0.0.1:0 OPS_ADDR=127.0.0.1:0 DATA_DIR="$data" RUST_LOG=error \
  RATE_LIMIT_WRITES_PER_MIN=0 RATE_LIMIT_EXPENSIVE_PER_MIN=0 "$bin" > "$data/stdout" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
port=
for _ in $(seq 1 150); do
  kill -0 $server 2>/dev/null || { echo "the standalone stack exited before it was ready" >&2; exit 1; }
  port=${port:-$(sed -n 's|.*running at http://localhost:\([0-9]*\).*|\1|p' "$data/stdout")}
  [ -n "$port" ] && curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fs "http://127.0.0.1:${port:-0}/readyz" >/dev/null 2>&1 || { echo "the standalone stack was not ready after 30 s" >&2; exit 1; }

# A fixed seed and no example database kept between runs: the same cases on
# every run, so a failure reproduces; run from the scratch directory so no
# state is left in the checkout.
cd "$data"
"$venv/bin/schemathesis" run "http://127.0.0.1:$port/shop-api/openapi.json" \
  --seed 1 --max-examples 30 --no-color --generation-database none \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
