#!/usr/bin/env bash
# Instruction counts of benchmark figures: runs `orion-bench --profile NAME...` under callgrind.
# Each baseline and measured run, after one to warm up, is counted alone (the binary zeroes the
# counts before it and dumps them after, in every thread). Prints one line per run, in the order
# the selected groups make them: its instructions and, for a measured run after a baseline that
# did work, their ratio, the instruction-count analogue of the `vs_*` figures (a figure timed
# alone has an empty baseline). Counts are exact where wall times on this machine are not:
# compare two binaries with them.
#
# usage: scripts/profile-benchmarks.sh [BINARY] NAME...
#   BINARY defaults to Benchmarks/.build/release/orion-bench (build it with
#   `swift build -c release --package-path Benchmarks --product orion-bench`). Needs valgrind.
set -euo pipefail

binary=Benchmarks/.build/release/orion-bench
if [[ $# -gt 0 && -x "$1" && -f "$1" ]]; then binary=$1; shift; fi
if [[ $# -eq 0 ]]; then
    echo "usage: $0 [BINARY] NAME..." >&2
    exit 2
fi
command -v valgrind > /dev/null || { echo "$0: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the debug info of Swift's release binaries ("possibly corrupted").
cp "$binary" "$work/orion-bench"
strip --strip-debug "$work/orion-bench"

# Hashing seeded per process would make dictionary work differ from run to run.
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$work/orion-bench" --profile "$@" 2> "$work/valgrind.log" | sed 's/^/figure: /' \
    || { cat "$work/valgrind.log" >&2; exit 1; }

[[ -f "$work/out.1" ]] || { echo "$0: no run was counted: was the binary built where valgrind's headers are installed (apt-get install valgrind)?" >&2; exit 1; }
run=0
previous=0
# Callgrind numbers the dumps from 1, in the order the runs ended.
while [[ -f "$work/out.$((run + 1))" ]]; do
    dump="$work/out.$((run + 1))"
    instructions=$(awk '/^(summary|totals):/ { print $2; exit }' "$dump")
    label=$(sed -n 's/^desc: Trigger: Client Request: //p' "$dump")
    run=$((run + 1))
    if [[ $label == measured && $previous -gt 100000 ]]; then
        printf 'run %d %s %s ratio %s\n' "$run" "$label" "$instructions" \
            "$(awk -v b="$previous" -v m="$instructions" 'BEGIN { printf "%.2f", (m > 0 ? b / m : 0) }')"
    else
        printf 'run %d %s %s\n' "$run" "$label" "$instructions"
    fi
    previous=$instructions
done
