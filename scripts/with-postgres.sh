#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server (Debian's, version 15 by
# default) in a temporary directory on a loopback port; the server is stopped and removed afterwards.
# Usage: scripts/with-postgres.sh npm run test:unit -- tests/unit/db
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PORT=${PGPORT_TEST:-54329}
dir=$(mktemp -d)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
cleanup() { as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop > /dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
as_pg "$PGBIN/initdb" -D "$dir/data" -A trust -U postgres > /dev/null
as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start > /dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
