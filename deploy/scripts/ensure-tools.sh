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

command -v npm >/dev/null || { echo "Node.js 20 with npm is required" >&2; exit 1; }
