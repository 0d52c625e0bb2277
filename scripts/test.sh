#!/usr/bin/env bash
# Runs every test of the repository; the README's test command (.ci/run) runs this.
#   ORION_FUZZ_SECONDS=N   how long each fuzz target runs (default 15; six targets, about three minutes with their builds)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n==> %s (%ds)\n' "$*" $((SECONDS - started)); }

# Runs a test command with a time limit far above its usual time. A hang then fails the run at
# once, with every thread's stack of the test processes still running (gdb), instead of using up
# CI's whole time and printing nothing of where it waits.
bounded() {
    local limit=$1
    shift
    ( trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
      sleep "$limit" </dev/null >/dev/null 2>&1 &
      sleeper=$!
      wait "$sleeper"
      printf '\nerror: still running after %ss: %s\nThe stacks of its test processes:\n' "$limit" "$*" >&2
      for test_process in $(pgrep -f '[.]xctest' || true); do
          gdb -p "$test_process" -batch -ex 'thread apply all bt 25' 2>&1 | grep -E '^(Thread|#)' >&2 || true
      done
      pkill -KILL -f '[.]xctest' || true ) &
    local watchdog=$!
    local status=0
    "$@" || status=$?
    kill "$watchdog" 2>/dev/null || true
    wait "$watchdog" 2>/dev/null || true
    return "$status"
}

# One debug build, under the thread sanitizer: the store, the caches (memory and SQLite), the
# WebSocket transport, the RocketReserver server and app and every other test run from many tasks
# with races reported. Warnings are errors. Every package builds in the root package's scratch
# path with these flags (RocketReserver, the plugin fixture, the generated code's packages), so
# that Orion's modules, its tool and NIO are compiled once for all. (With no index store,
# SwiftPM cannot find the XCTest tests of a test product on Linux.)
tsan_build=(--scratch-path "$PWD/.build" --sanitize=thread -Xswiftc -warnings-as-errors)
tsan_test=(--scratch-path "$PWD/.build" --sanitize=thread)
step "Root package: build and test under the thread sanitizer (unit tests, differential tests against graphql-core)"
# Each package builds its test product (and what a later step runs), not every target: that would
# also build the tool of every plugin in the graph (orion's own, DocC's, ArgumentParser's), which
# no test of the root package runs. RocketReserver's app uses the build plugin: its build builds
# orion's tool; the documentation step builds DocC's.
swift build --product OrionPackageTests "${tsan_build[@]}"
swift build --product orion "${tsan_build[@]}"
bounded 1200 swift test --skip-build "${tsan_test[@]}" --parallel

step "RocketReserver: the server over real HTTP and WebSocket (with a bounded load test), and the app's view models against it"
# The tests, and the two programs: the server's tests run its executable, later steps both.
for product in RocketReserverPackageTests rocket-reserver-server rocket-reserver; do
    swift build --product "$product" --package-path Examples/RocketReserver "${tsan_build[@]}"
done
bounded 600 swift test --skip-build --parallel --package-path Examples/RocketReserver "${tsan_test[@]}"
rocket_reserver_bin="$(swift build --package-path Examples/RocketReserver "${tsan_build[@]}" --show-bin-path)"

step "RocketReserver: the README's demo command, and the interactive app through a pseudo-terminal"
demo_output="$(bash scripts/demo.sh "${tsan_build[@]}")"
printf '%s\n' "$demo_output" | tail -5
grep -q "notification: A new trip was booked" <<<"$demo_output"
grep -q "== Tour complete" <<<"$demo_output"
timeout 300 python3 scripts/test-interactive.py "$rocket_reserver_bin"

# Builds nothing: the server from the step above, orion from the first step.
step "The explorer and the docs site in headless Chromium, against the RocketReserver server and orion docs --serve"
timeout 300 python3 Tests/Browser/explorer_test.py "$rocket_reserver_bin" \
    "$(swift build "${tsan_build[@]}" --show-bin-path)" .build/browser-screenshots

step "The build plugin on a fixture package"
bash scripts/test-plugin.sh "${tsan_build[@]}"

# Built under the thread sanitizer, in the root package's build: the client, the caches, watchers
# and subscriptions run there against real servers from many tasks, with races reported.
step "Generated code: a package per schema from orion generate, built and used by its tests under the thread sanitizer"
bash Tests/GeneratedCode/generate.sh
swift build --product GeneratedCodePackageTests --package-path Tests/GeneratedCode "${tsan_build[@]}"
# Their client tests start RocketReserver's server, built in this scratch path by the step above.
ROCKET_RESERVER_SERVER="$rocket_reserver_bin/rocket-reserver-server" \
    bounded 600 swift test --skip-build --package-path Tests/GeneratedCode "${tsan_test[@]}"

step "Documentation: the DocC catalog and the runtime's symbols, combined, with no warning"
bash scripts/build-docs.sh

step "Fuzzing the parser and every decoder of outside bytes, ${ORION_FUZZ_SECONDS:-15}s each"
bash scripts/fuzz.sh "${ORION_FUZZ_SECONDS:-15}"

step "Benchmarks: release build and one quick pass over every figure"
# The product alone: building the whole package would also build the tools of every plugin in the
# graph and the example programs of its dependencies, which the benchmarks never run. Not in the
# background of the steps before: at the lowest priority it found few idle cores there, and
# slowed the rest through the memory they share (measured: the whole run took as long).
swift build -c release --package-path Benchmarks --product orion-bench
swift run -c release --skip-build --package-path Benchmarks orion-bench --quick
# The instruction counts the notes compare builds with: the smallest figure, so the tool works.
bash scripts/profile-benchmarks.sh model.field_read

step "All tests passed"
