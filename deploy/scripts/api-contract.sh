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
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Rate limits off: the fuzzer sends hundreds of writes a minute on purpose.
HTTP_ADDR="127.0.0.1:$port" OPS_ADDR=127.0.0.1:0 DATA_DIR="$data" RUST_LOG=error \
  RATE_LIMIT_WRITES_PER_MIN=0 RATE_LIMIT_EXPENSIVE_PER_MIN=0 "$bin" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done

# A fixed seed and no example database kept between runs: the same cases on
# every run, so a failure reproduces; run from the scratch directory so no
# state is left in the checkout.
cd "$data"
"$venv/bin/schemathesis" run "http://127.0.0.1:$port/shop-api/openapi.json" \
  --seed 1 --max-examples 30 --no-color --generation-database none \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
