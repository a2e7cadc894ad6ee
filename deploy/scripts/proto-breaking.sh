#!/usr/bin/env bash
# The services' contracts (proto/) against the ones last released
# (proto/released.binpb), with the rules of proto/buf.yaml: fails a change
# that would break a peer already deployed. Then the same check on a copy
# with one field's number changed must fail, so a check that passes
# everything is caught too.
#
#   deploy/scripts/proto-breaking.sh             the check
#   deploy/scripts/proto-breaking.sh --release   after a release: its contracts become the baseline
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tools="$root/deploy/tools"
buf="$tools/node_modules/.bin/buf"
[ -x "$buf" ] || (cd "$tools" && npm ci --no-audit --no-fund --silent)

if [ "${1:-}" = "--release" ]; then
  "$buf" build "$root/proto" --exclude-source-info -o "$root/proto/released.binpb"
  echo "proto/released.binpb now holds the contracts of $(git -C "$root" rev-parse --short HEAD)"
  exit 0
fi

"$buf" breaking "$root/proto" --against "$root/proto/released.binpb"
echo "ok: proto/ keeps every contract of proto/released.binpb"

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r "$root/proto/." "$copy"
sed -i 's/^  uint32 min_stay_nights = 2;/  uint32 min_stay_nights = 99;/' "$copy/spa/rooms/v1/rooms.proto"
if "$buf" breaking "$copy" --against "$root/proto/released.binpb" >/dev/null 2>&1; then
  echo "the check let a changed field number through" >&2
  exit 1
fi
echo "ok: a changed field number is refused"
