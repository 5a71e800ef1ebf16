#!/usr/bin/env bash
# A throwaway PostgreSQL for the test suite, on 127.0.0.1 only:
#   eval "$(scripts/tools/test-postgres.sh start)"   # prints TEST_DATABASE_URL=...
#   scripts/tools/test-postgres.sh stop
#   scripts/tools/test-postgres.sh halt | resume   # an outage: stop and restart, keeping the data
# Uses Debian's postgresql (installed if missing when run as root). The cluster
# lives in a temporary folder and is removed on stop.
set -euo pipefail
state="${TEST_PG_DIR:-/tmp/veilvault-test-postgres}"
port="${TEST_PG_PORT:-55432}"

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi; }

case "${1:-}" in
  start)
    if [ -z "$(bin_dir)" ]; then
      if [ "$(id -u)" -ne 0 ]; then echo "test-postgres: postgresql is not installed" >&2; exit 1; fi
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    bin="$(bin_dir)"
    rm -rf "$state" && mkdir -p "$state"
    [ "$(id -u)" -eq 0 ] && chown postgres "$state"
    as_postgres "'$bin/initdb' -D '$state/data' -A trust -U postgres >/dev/null"
    as_postgres "'$bin/pg_ctl' -D '$state/data' -l '$state/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$state'\" start >/dev/null"
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  halt)
    as_postgres "'$(bin_dir)/pg_ctl' -D '$state/data' -m fast -w stop >/dev/null"
    ;;
  resume)
    as_postgres "'$(bin_dir)/pg_ctl' -D '$state/data' -l '$state/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$state'\" start >/dev/null"
    ;;
  stop)
    bin="$(bin_dir)"
    if [ -n "$bin" ] && [ -d "$state/data" ]; then as_postgres "'$bin/pg_ctl' -D '$state/data' -m fast -w stop >/dev/null" || true; fi
    rm -rf "$state"
    ;;
  *)
    echo "usage: $0 start|stop|halt|resume" >&2
    exit 2
    ;;
esac
