#!/usr/bin/env bash
# Installs what the test command needs and a fresh machine may lack.
set -euo pipefail

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi

if ! cargo nextest --version >/dev/null 2>&1; then
  echo "installing cargo-nextest"
  cargo install --locked cargo-nextest
fi

# A local S3-compatible server for the picture store's tests, in the tools' own
# Python environment (the API contract test's schemathesis lives there too).
if [ -n "${TEST_MOTO_SERVER:-}" ] && ! [ -x "$TEST_MOTO_SERVER" ]; then
  venv=${SPA_TOOLS_VENV:-/var/tmp/spa-tools-venv}
  echo "installing moto (a local S3 server) into $venv"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q "moto[server]>=5,<6"
  [ -x "$TEST_MOTO_SERVER" ] || { echo "TEST_MOTO_SERVER=$TEST_MOTO_SERVER is not moto_server" >&2; exit 1; }
fi

# An independent iCal reader for the channels' export feeds, in the same environment.
if [ -n "${TEST_ICAL_PYTHON:-}" ] && ! "$TEST_ICAL_PYTHON" -c 'import icalendar' >/dev/null 2>&1; then
  venv=${SPA_TOOLS_VENV:-/var/tmp/spa-tools-venv}
  echo "installing icalendar into $venv"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q "icalendar>=6,<7"
  "$TEST_ICAL_PYTHON" -c 'import icalendar' || { echo "TEST_ICAL_PYTHON=$TEST_ICAL_PYTHON cannot import icalendar" >&2; exit 1; }
fi

command -v npm >/dev/null || { echo "Node.js 20 with npm is required" >&2; exit 1; }
