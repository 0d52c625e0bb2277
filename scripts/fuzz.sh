#!/usr/bin/env bash
# Fuzzes the GraphQL parser with libFuzzer for SECONDS (default 60), seeded with every
# .graphql/.graphqls file of ../shared/data. Fails on any crash, hang (10 s per input) or
# AddressSanitizer report, leaving the input that caused it in .fuzz/.
#
# Run it longer for a deeper search, e.g. an hour, keeping the corpus it grows between runs:
#   scripts/fuzz.sh 3600
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shared=${ORION_SHARED_DATA:-../shared/data}
# Swift's own crash backtracer reads memory in ways AddressSanitizer reports; libFuzzer's report
# of the real fault is what we want.
export SWIFT_BACKTRACE=enable=no
mkdir -p .fuzz/corpus .fuzz/seeds .fuzz/artifacts

# One module: the parser's sources and the fuzz entry point, instrumented for libFuzzer and ASan.
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name GraphQLLanguage \
    $(find Sources/GraphQLLanguage -name '*.swift' | sort) Fuzz/ParserFuzzer/main.swift \
    -o .fuzz/parser-fuzzer 2> >(grep -v -e 'ld.gold: warning' -e '^$' >&2)

find "$shared" \( -name '*.graphql' -o -name '*.graphqls' \) -exec cp {} .fuzz/seeds/ \;

.fuzz/parser-fuzzer .fuzz/corpus .fuzz/seeds \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix=.fuzz/artifacts/ -print_final_stats=1 2>&1 | grep -v -e '^#[0-9]' -e 'NEW_FUNC' -e 'Uses: ' -e 'recommended dictionary' | tail -25
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo "fuzz: the parser failed on an input; see .fuzz/artifacts/" >&2
    ls -l .fuzz/artifacts/ >&2
    exit "$status"
fi
echo "fuzz: no crash, hang or sanitizer report in ${seconds}s"
