#!/bin/sh
# The production start sequence: the container image's CMD, and what CI's smoke start runs
# (test/lifecycle/serve-script.test.ts), so both start crema the same way.
#   1. the build is there (dist/server, dist/dashboard: `npm run build` made them);
#   2. CACHE_DIR, the one folder crema writes beside its database, is writable (a read-only root
#      filesystem needs a volume or tmpfs there); models/ is only read;
#   3. `exec node`: signals (SIGTERM from the runtime) reach the server itself, which drains.
set -eu
cd "$(dirname "$0")/.."
fail() { echo "crema: $*" >&2; exit 1; }
[ -f dist/server/main.js ] || fail "dist/server/main.js is missing: run 'npm run build' first"
[ -d dist/dashboard ] || fail "dist/dashboard is missing: run 'npm run build' first"
cache="${CACHE_DIR:-.cache}"
mkdir -p "$cache" 2>/dev/null || fail "CACHE_DIR $cache cannot be created (mount a writable volume or tmpfs there)"
probe="$cache/.write-probe.$$"
( : > "$probe" ) 2>/dev/null || fail "CACHE_DIR $cache is not writable (mount a writable volume or tmpfs there)"
rm -f "$probe"
exec node --enable-source-maps dist/server/main.js
