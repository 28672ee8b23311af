#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests, on 127.0.0.1 and a free port.
#   scripts/postgres.sh start   → prints `export FAIRPAIR_TEST_POSTGRES_URL=...; export FAIRPAIR_PG_DIR=...`
#   scripts/postgres.sh stop DIR
# Installs the server with apt when it is missing. initdb refuses root, so the cluster runs as
# the postgres user in a temp folder it owns; fsync is off (test data only).
set -euo pipefail

find_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; fi
}

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin
  bin=$(find_bin)
  if [ -z "$bin" ]; then
    echo "installing postgresql with apt" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
    bin=$(find_bin)
  fi
  [ -n "$bin" ] || { echo "postgresql server not found after install" >&2; exit 1; }
  local dir port
  dir=$(mktemp -d /tmp/fairpair-pg.XXXXXX)
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
  echo "export FAIRPAIR_TEST_POSTGRES_URL=postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
  echo "export FAIRPAIR_PG_DIR=$dir"
}

stop() {
  local dir=$1 bin
  bin=$(find_bin)
  [ -d "$dir/data" ] && as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:?the folder printed by start}" ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
