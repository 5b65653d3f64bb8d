#!/usr/bin/env bash
# Services for the server tests (idempotent): Debian's chromium and PostgreSQL, a cluster listening
# on 127.0.0.1 only, and a test user and database.  Prints the PostgreSQL URL on the last line:
#   export PRIKUP_TEST_PG_URL="$(scripts/ci-services.sh | tail -n 1)"
# `scripts/ci-services.sh stop` stops the cluster again if (and only if) this script started it:
# a cluster that was already running is left running.
set -euo pipefail

STARTED_MARK="${PRIKUP_CI_MARK:-$(cd "$(dirname "$0")/.." && pwd)/.ci-services.started}"
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "${1:-}" = "stop" ]; then
    if [ -f "$STARTED_MARK" ]; then
        read -r version cluster < "$STARTED_MARK"
        if as_root pg_ctlcluster "$version" "$cluster" stop >/dev/null 2>&1; then
            echo "stopped PostgreSQL $version/$cluster (started by this script)" >&2
        else
            echo "PostgreSQL $version/$cluster was not running any more" >&2
        fi
        rm -f "$STARTED_MARK"
    fi
    exit 0
fi

PG_USER="${PRIKUP_PG_USER:-prikup}"
PG_PASSWORD="${PRIKUP_PG_PASSWORD:-prikup}"
PG_DB="${PRIKUP_PG_DB:-prikup_test}"
PG_PORT="${PRIKUP_PG_PORT:-5432}"

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
    as_root apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >&2
fi

# the newest installed cluster (Debian creates "main" when the package is installed)
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^${version} main$"; then
    as_root pg_createcluster "$version" main -p "$PG_PORT" >&2
fi
conf="/etc/postgresql/${version}/main/postgresql.conf"
if ! grep -q "^listen_addresses = '127.0.0.1'" "$conf"; then
    echo "listen_addresses = '127.0.0.1'" | as_root tee -a "$conf" >/dev/null
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')"
status="$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}')"
if [ "$status" != "online" ]; then
    as_root pg_ctlcluster "$version" main start >&2
    echo "$version main" > "$STARTED_MARK"
fi
for _ in $(seq 1 50); do
    pg_isready -q -h 127.0.0.1 -p "$port" && break
    sleep 0.2
done

psql_admin() { as_root su postgres -c "psql -v ON_ERROR_STOP=1 -q -p $port $*"; }
if [ "$(psql_admin "-tAc \"SELECT 1 FROM pg_roles WHERE rolname='${PG_USER}'\"")" != "1" ]; then
    psql_admin "-c \"CREATE ROLE ${PG_USER} LOGIN PASSWORD '${PG_PASSWORD}'\"" >&2
fi
if [ "$(psql_admin "-tAc \"SELECT 1 FROM pg_database WHERE datname='${PG_DB}'\"")" != "1" ]; then
    psql_admin "-c \"CREATE DATABASE ${PG_DB} OWNER ${PG_USER}\"" >&2
fi

echo "postgresql://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${PG_DB}"
