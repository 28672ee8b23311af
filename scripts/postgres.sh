#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests, on 127.0.0.1 and a free port.
#   scripts/postgres.sh start     → prints `export FAIRPAIR_TEST_POSTGRES_URL=...` and
#                                   `export FAIRPAIR_PG_DIR=...` (for eval), exits non-zero on failure
#   scripts/postgres.sh stop DIR  → stops it and removes DIR
#   scripts/postgres.sh restart DIR → kills it (immediate stop) and starts it again, same port
# Needs the server installed (/usr/lib/postgresql/*/bin/initdb; .ci/run installs it with apt).
# initdb refuses root: as root, the cluster runs as the postgres user in a temp folder it owns.
# fsync is off (test data only). Use it as:
#   PGENV=$(bash scripts/postgres.sh start) || exit 1; eval "$PGENV"
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"  # runuser, when a CI strips PATH

find_bin() {
  local initdb
  initdb=$(compgen -G "/usr/lib/postgresql/*/bin/initdb" | sort -V | tail -n 1 || true)
  if [ -n "$initdb" ] && [ -x "$initdb" ]; then dirname "$initdb"; fi
}

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

failed() {
  stop "$1"
  echo "postgres.sh: $2" >&2
  exit 1
}

start() {
  local bin dir port
  bin=$(find_bin)
  if [ -z "$bin" ]; then
    echo "postgres.sh: no PostgreSQL server (/usr/lib/postgresql/*/bin/initdb):" \
      "apt-get install -y postgresql" >&2
    exit 1
  fi
  dir=$(mktemp -d /tmp/fairpair-pg.XXXXXX)
  if [ "$(id -u)" = "0" ]; then chown postgres:postgres "$dir"; fi
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  # UTF-8 whatever the caller's locale: without LANG (a stripped CI) initdb picks SQL_ASCII,
  # and psycopg then returns bytes for text. C.UTF-8 where the system has it (Debian does).
  local locale=(--no-locale)
  if locale -a 2>/dev/null | grep -qix 'c.utf-\?8'; then locale=(--locale=C.UTF-8); fi
  if ! as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 \
    "${locale[@]}" >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    failed "$dir" "initdb failed"
  fi
  if ! as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null; then
    [ -f "$dir/log" ] && tail -n 20 "$dir/log" >&2
    failed "$dir" "the server did not start"
  fi
  echo "$port" >"$dir/port"
  echo "export FAIRPAIR_TEST_POSTGRES_URL=postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
  echo "export FAIRPAIR_PG_DIR=$dir"
}

stop() {
  local dir=$1 bin
  bin=$(find_bin)
  if [ -n "$bin" ] && [ -d "$dir/data" ]; then
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

# As a crash and a restart: the server killed (immediate: no shutdown checkpoint, every
# connection cut), then started again on the same port.
restart() {
  local dir=$1 bin port
  bin=$(find_bin)
  port=$(cat "$dir/port")
  as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:?the folder printed by start}" ;;
  restart) restart "${2:?the folder printed by start}" ;;
  *) echo "usage: $0 start | stop DIR | restart DIR" >&2; exit 2 ;;
esac
