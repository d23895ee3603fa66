#!/usr/bin/env bash
# Starts Debian's PostgreSQL for the test suite's second pass: its own port and socket folder on
# 127.0.0.1, a data folder made by initdb as the postgres user with trust auth. Prints the
# connection URL on its last line. Installs the server first when the machine lacks it.
set -euo pipefail
PORT="${PGTEST_PORT:-55432}"
# Another server on that port (a developer's, an earlier run's): take the next free one.
while (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do PORT=$((PORT + 1)); done
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >/dev/null
fi
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
ROOT="$(mktemp -d /tmp/northstar-pg.XXXXXX)"
mkdir -p "$ROOT/data" "$ROOT/socket"
chown -R postgres:postgres "$ROOT"
chmod 755 "$ROOT"
runuser -u postgres -- "$BIN/initdb" -D "$ROOT/data" -A trust -U postgres --no-sync >/dev/null
runuser -u postgres -- "$BIN/pg_ctl" -D "$ROOT/data" -l "$ROOT/log" -w \
  -o "-p $PORT -k $ROOT/socket -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
