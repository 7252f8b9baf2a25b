#!/usr/bin/env bash
# A throwaway PostgreSQL for the test suite, on 127.0.0.1 and a free port, in a temporary folder.
#   scripts/postgres.sh start   -> prints the DATABASE_URL and the folder; the server runs in the background
#   scripts/postgres.sh stop DIR
# Installs Debian's postgresql package when the binaries are missing. initdb refuses root, so as root
# the cluster belongs to the postgres user.
set -euo pipefail
command="${1:-start}"

find_bin() {
  for dir in ${PG_BIN:-} /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  done
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "$command" = "stop" ]; then
  dir="$2"; bin="$(find_bin)"
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

bin="$(find_bin)"
if [ -z "$bin" ]; then
  echo "Installing PostgreSQL from Debian's packages..." >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  bin="$(find_bin)"
fi

dir="$(mktemp -d /tmp/bank-pg.XXXXXX)"
chmod 755 "$dir"
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres $dir"
