#!/usr/bin/env bash
# Fuzzes every decoder that reads bytes from outside with libFuzzer, SECONDS each (default 60),
# or only the TARGETs named. Fails on any crash, hang (FUZZ_TIMEOUT s per input, 10 by default),
# AddressSanitizer report or broken property, leaving the input that caused it in
# .fuzz/artifacts/, named after its target.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
#   parser             the GraphQL parser: printing what parses is a fixed point
#   json-tape          the JSON tape parser and the typed decoders of every value
#   multipart          the multipart subscription parser, however the body is chunked
#   websocket-message  the messages of graphql-transport-ws and the legacy graphql-ws
#   sqlite-record      the SQLite cache's record decoder: what decodes re-encodes to the same record
#   json-object        a model's init(jsonObject:) from what JSONSerialization parses
#
# Each target's folder in Fuzz/ says what it checks. Run longer for a deeper search, e.g. an hour
# each, keeping the corpora they grow between runs (.fuzz/<target>/corpus):
#   scripts/fuzz.sh 3600
# Targets run FUZZ_JOBS at a time (default: the number of cores), each on a core of its own:
# one libFuzzer process is one thread. The parser's build, the other long one, runs beside the
# libraries' builds.
# The hang limit is wall time: on a machine busy with other work (or under `nice`), raise it,
# e.g. FUZZ_TIMEOUT=120, or a starved process reads as a hang.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
all_targets=(parser json-tape multipart websocket-message sqlite-record json-object)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
shared=${ORION_SHARED_DATA:-../shared/data}
# Swift's own crash backtracer reads memory in ways AddressSanitizer reports; libFuzzer's report
# of the real fault is what we want.
export SWIFT_BACKTRACE=enable=no
build=.fuzz/build
mkdir -p "$build" .fuzz/artifacts

# Everything is instrumented for libFuzzer and ASan. `-package-name` lets the fuzz modules use
# the `package` API of the libraries, as the libraries use each other's.
swift_flags=(-O -wmo -sanitize=fuzzer,address -parse-as-library -package-name orion -I "$build" -L "$build")
quiet_linker() { grep -v -e 'ld.gold: warning' -e '^$' >&2 || true; }

# A library module, built once per run and only when a target needs it: `library NAME FILE...`.
# Only the files the decoders need: a partial Orion (the multipart parser) and a
# partial OrionCache (the record types) build in seconds, the whole modules in minutes.
built=" "
library() {
    local name=$1
    shift
    case "$built" in *" $name "*) return ;; esac
    local started=$SECONDS
    swiftc "${swift_flags[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -emit-library -static -o "$build/lib$name.a" "$@" 2> >(quiet_linker)
    built+="$name "
    echo "fuzz: built $name in $((SECONDS - started))s"
}
orion_api() { library OrionAPI $(find Sources/OrionAPI -name '*.swift' | sort); }
orion_partial() {
    orion_api
    library Orion Sources/Orion/Subscriptions/{MultipartSubscriptionParser,MultipartSubscriptionError,MultipartSubscriptionEvent,RawJSONField}.swift
}
orion_cache_records() { orion_api; library OrionCache Sources/OrionCache/Records/*.swift; }

# A fuzz target's executable: `fuzzer TARGET MODULE "LIBRARIES" FILE...`.
fuzzer() {
    local target=$1 module=$2 libraries=$3
    shift 3
    local started=$SECONDS link=()
    for name in $libraries; do link+=("-l$name"); done
    swiftc "${swift_flags[@]}" -module-name "$module" "$@" "${link[@]}" -o ".fuzz/$target-fuzzer" 2> >(quiet_linker)
    echo "fuzz: built $target in $((SECONDS - started))s"
}

# Builds TARGET's fuzzer (and the libraries it needs).
build() {
    case "$1" in
    parser)
        local started=$SECONDS
        swiftc "${swift_flags[@]}" -module-name GraphQLLanguage $(find Sources/GraphQLLanguage -name '*.swift' | sort) \
            Fuzz/ParserFuzzer/main.swift -o .fuzz/parser-fuzzer 2> >(quiet_linker)
        echo "fuzz: built parser in $((SECONDS - started))s"
        ;;
    json-tape)
        orion_partial
        fuzzer json-tape JSONTapeFuzzer "Orion OrionAPI" Fuzz/Support/*.swift Fuzz/JSONTapeFuzzer/*.swift
        ;;
    multipart)
        orion_partial
        fuzzer multipart MultipartFuzzer "Orion OrionAPI" Fuzz/MultipartFuzzer/*.swift
        ;;
    websocket-message)
        orion_partial
        # The decoders' files of OrionWebSocket, compiled into the fuzz module: the rest of it is the
        # transport and the socket, which decoding does not need.
        fuzzer websocket-message WebSocketMessageFuzzer "Orion OrionAPI" Fuzz/Support/*.swift \
            Sources/OrionWebSocket/Protocols/{GraphQLTransportWSMessage,LegacyGraphQLWSMessage,WebSocketMessageJSON,WebSocketProtocolError}.swift \
            Fuzz/WebSocketMessageFuzzer/*.swift
        ;;
    sqlite-record)
        orion_cache_records
        fuzzer sqlite-record SQLiteRecordFuzzer "OrionCache OrionAPI" Fuzz/Support/*.swift Sources/OrionSQLite/{RecordCoding,RecordBuffer}.swift \
            Fuzz/SQLiteRecordFuzzer/*.swift
        ;;
    json-object)
        orion_api
        fuzzer json-object JSONObjectFuzzer "OrionAPI" Fuzz/JSONObjectFuzzer/*.swift
        ;;
    esac
}

# Writes TARGET's seeds and says where they are (seeds), its longest input (max_len) and whether
# LeakSanitizer checks it (leaks).
configure() {
    max_len=65536
    seeds=()
    leaks=1
    case "$1" in
    parser)
        mkdir -p .fuzz/parser/seeds
        find "$shared" \( -name '*.graphql' -o -name '*.graphqls' \) -exec cp {} .fuzz/parser/seeds/ \;
        seeds=(.fuzz/parser/seeds)
        ;;
    json-tape)
        mkdir -p .fuzz/json-tape/seeds
        find "$shared" -name '*.json' -size -64k -exec cp {} .fuzz/json-tape/seeds/ \;
        # The large response, cut: libFuzzer reads no more than max_len of a seed.
        find "$shared/responses" -name '*.json' -exec sh -c 'head -c 16384 "$1" > .fuzz/json-tape/seeds/cut-$(basename "$1")' sh {} \;
        seeds=(.fuzz/json-tape/seeds Fuzz/JSONTapeFuzzer/seeds)
        max_len=16384
        ;;
    multipart)
        seeds=(Fuzz/MultipartFuzzer/seeds)
        max_len=16384
        ;;
    websocket-message)
        seeds=(Fuzz/WebSocketMessageFuzzer/seeds)
        max_len=8192
        ;;
    sqlite-record)
        seeds=(Fuzz/SQLiteRecordFuzzer/seeds)
        ;;
    json-object)
        seeds=(Fuzz/JSONObjectFuzzer/seeds)
        max_len=8192
        # LeakSanitizer takes the model's static selections, built once, for leaks: it does not
        # see the pointers of Swift's indirect enums. Memory is still bounded by -rss_limit_mb.
        leaks=0
        ;;
    esac
}

# Fuzzes TARGET, its output in .fuzz/TARGET/log; fails when libFuzzer found something.
run() {
    local target=$1 started=$SECONDS status
    configure "$target"
    mkdir -p ".fuzz/$target/corpus"
    set +e
    ASAN_OPTIONS="detect_leaks=$leaks" ".fuzz/$target-fuzzer" ".fuzz/$target/corpus" "${seeds[@]}" \
        -max_total_time="$seconds" -detect_leaks="$leaks" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 -max_len="$max_len" \
        -artifact_prefix=".fuzz/artifacts/$target-" -print_final_stats=1 2>&1 |
        grep -v -e '^#[0-9]*[[:space:]]*\(NEW\|REDUCE\|pulse\|INITED\)' -e 'NEW_FUNC' -e 'Uses: ' -e 'recommended dictionary' -e '^INFO: ' |
        tail -25 >".fuzz/$target/log"
    status=${PIPESTATUS[0]}
    set -e
    if [ "$status" -ne 0 ]; then
        echo "fuzz: $target failed on an input; see .fuzz/artifacts/$target-*" >>".fuzz/$target/log"
    else
        echo "fuzz: $target: no crash, hang, sanitizer report or broken property in $((SECONDS - started))s" >>".fuzz/$target/log"
    fi
    return "$status"
}

for target in "${targets[@]}"; do
    case " ${all_targets[*]} " in *" $target "*) ;; *)
        echo "fuzz: no target $target; the targets are: ${all_targets[*]}" >&2
        exit 2 ;;
    esac
done

# The parser's build beside the others': it needs no library.
parser_build=
for target in "${targets[@]}"; do
    if [ "$target" = parser ]; then build parser & parser_build=$!; fi
done
for target in "${targets[@]}"; do
    [ "$target" = parser ] || build "$target"
done
[ -z "$parser_build" ] || wait "$parser_build"

jobs=${FUZZ_JOBS:-$(nproc)}
failed=()
running=()  # "pid:target" of the fuzzers started and not yet reported
report() {  # waits for the oldest running fuzzer and prints its log
    local pid=${running[0]%%:*} target=${running[0]#*:}
    running=("${running[@]:1}")
    if ! wait "$pid"; then failed+=("$target"); fi
    cat ".fuzz/$target/log"
}
for target in "${targets[@]}"; do
    [ ${#running[@]} -lt "$jobs" ] || report
    run "$target" &
    running+=("$!:$target")
done
while [ ${#running[@]} -gt 0 ]; do report; done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]}" >&2
    ls -l .fuzz/artifacts/ >&2
    exit 1
fi
echo "fuzz: ${targets[*]}: all passed, ${seconds}s each, ${SECONDS}s in all with the builds"
