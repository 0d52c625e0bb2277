#!/usr/bin/env bash
# Installs what a fresh Debian machine with Swift lacks: SQLite's headers (OrionSQLite and the
# RocketReserver server use the system SQLite) and, with --tests, graphql-core for the
# differential tests and for the incremental delivery tests' server (Tests/Defer/server.py, on
# uvicorn), chattr for the read-only cache tests, strawberry-graphql on uvicorn for the
# interoperability tests (Tests/Interop/requirements.txt), and Debian's chromium for the
# explorer's browser tests (driven over the DevTools protocol with websockets, no driver).
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

packages=(libsqlite3-dev)
# chattr, with which the SQLite tests make a cache file read-only even for root; gdb, with which
# scripts/test.sh prints the stacks of a test process that hangs; valgrind, whose callgrind
# counts the benchmarks' instructions (scripts/profile-benchmarks.sh; its headers must be there
# when the benchmarks are built).
if [ "${1:-}" = "--tests" ]; then packages+=(e2fsprogs chromium gdb valgrind); fi
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

if [ "${1:-}" = "--tests" ]; then
    # The reference implementation the differential tests compare against; its incremental
    # execution serves the @defer tests (DeferTests).
    python3 -m pip install --quiet --disable-pip-version-check graphql-core==3.3.2
    # A GraphQL server of another stack, for the interoperability tests (InteropTests).
    python3 -m pip install --quiet --disable-pip-version-check -r "$(dirname "$0")/../Tests/Interop/requirements.txt"
fi
