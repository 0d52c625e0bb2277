#!/usr/bin/env bash
# Runs every test of the repository. Used by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
