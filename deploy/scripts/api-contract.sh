#!/usr/bin/env bash
# Property-based tests of /shop-api against its own OpenAPI document:
# schemathesis generates valid and invalid requests for every operation of
# the document the running standalone stack serves, with every check on: no
# 5xx, every answer as documented (schema, status, content type, headers),
# valid data accepted and invalid data refused, missing headers refused.
# deploy/schemathesis.toml says why 422 answers valid data.
#
#   deploy/scripts/api-contract.sh PATH_TO_SPA_STANDALONE
set -euo pipefail

bin=${1:?usage: api-contract.sh PATH_TO_SPA_STANDALONE}
config="$(cd "$(dirname "$0")/.." && pwd)/schemathesis.toml"
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
# An administrator, so the staff's and editor's calls are fuzzed past their 401.
admin_email=contract@example.pl
admin_password="contract-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
HTTP_ADDR=127.0.0.1:0 OPS_ADDR=127.0.0.1:0 DATA_DIR="$data" RUST_LOG=error \
  RATE_LIMIT_WRITES_PER_MIN=0 RATE_LIMIT_EXPENSIVE_PER_MIN=0 RATE_LIMIT_WEBHOOKS_PER_MIN=0 \
  ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" "$bin" > "$data/stdout" &
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
checks=all
"$venv/bin/schemathesis" --config-file "$config" run "http://127.0.0.1:$port/shop-api/openapi.json" \
  --seed 1 --max-examples 30 --no-color --generation-database none --checks "$checks"

# The backend's calls again, as an administrator's script would make them
# (the session cookie and the script marker). Apart from the run above, so
# that fuzzing logout or a password change there cannot end this session.
session=$(curl -fs -o /dev/null -D - -H 'content-type: application/json' -H 'x-requested-with: XMLHttpRequest' \
  -d "{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}" "http://127.0.0.1:$port/shop-api/login_check" |
  sed -n 's/^set-cookie: *\(spa_session=[^;]*\).*/\1/ip')
[ -n "$session" ] || { echo "the administrator could not log in" >&2; exit 1; }
"$venv/bin/schemathesis" --config-file "$config" run "http://127.0.0.1:$port/shop-api/openapi.json" \
  --include-path-regex '^/shop-api/backend/' -H "Cookie: $session" -H 'X-Requested-With: XMLHttpRequest' \
  --seed 1 --max-examples 30 --no-color --generation-database none --checks "$checks"
