#!/usr/bin/env bash
# Runs every test of the repository: the README's test command runs this through .ci/run.
#   scripts/test.sh            everything
#   ORION_FUZZ_SECONDS=N       how long the parser fuzzer runs (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n==> %s (%ds)\n' "$*" $((SECONDS - started)); }

step "Root package: build and test"
swift build --build-tests
swift test --skip-build --parallel

step "Done"
