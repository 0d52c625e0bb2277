#!/usr/bin/env bash
# Runs every test of the repository; the README's test command (.ci/run) runs this.
#   ORION_FUZZ_SECONDS=N   how long the parser fuzzer runs (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n==> %s (%ds)\n' "$*" $((SECONDS - started)); }

step "Root package: build and test (unit tests, differential tests against graphql-core)"
swift build --build-tests
swift test --skip-build --parallel

step "Thread sanitizer: the store, the caches (memory and SQLite) and the subscription parsers from many tasks"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter 'OrionTests|OrionSQLiteTests'

step "RocketReserver server: build and test over real HTTP and WebSocket (with a bounded load test)"
swift build --build-tests --package-path Examples/RocketReserver
swift test --skip-build --parallel --package-path Examples/RocketReserver

step "Generated code: a package per schema from orion generate, built and used by its tests"
bash Tests/GeneratedCode/generate.sh
swift build --build-tests --package-path Tests/GeneratedCode -Xswiftc -warnings-as-errors
swift test --skip-build --package-path Tests/GeneratedCode

step "Parser fuzzing for ${ORION_FUZZ_SECONDS:-60}s"
bash scripts/fuzz.sh "${ORION_FUZZ_SECONDS:-60}"

step "Benchmarks: release build and one quick pass over every figure"
swift build -c release --package-path Benchmarks
swift run -c release --skip-build --package-path Benchmarks orion-bench --quick

step "All tests passed"
