#!/usr/bin/env bash
# Builds the DocC documentation of the runtime: the Orion catalog (Sources/Orion/Orion.docc, the
# articles) and the symbols of OrionAPI, OrionCache, Orion, OrionSQLite and OrionPagination, as one combined
# archive with a page per module. A warning (a symbol or article link that does not resolve, a
# parameter left undocumented) fails the build.
#   build-docs.sh [--all] [extra generate-documentation arguments...]
# --all adds OrionWebSocket. Not by default: on Linux its symbols need swift-websocket, whose
# NIO and BoringSSL build takes most of the step (measured: 17 of its 20 minutes on a loaded
# 2-core machine, the other targets about a minute), and the articles cannot link to it
# anyway: a module's documentation links to its own symbols only (with swift-docc-plugin 1.5.0,
# links to other modules' symbols do not resolve), so the articles name other modules' types in
# code voice.
# The archive: .build/plugins/Swift-DocC/outputs/Orion.doccarchive (the plugin prints the path).
# The compiler side (GraphQLLanguage, OrionCompiler, OrionCodegen, orion) is not documented
# here: its readers are this repository's, who read the source.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
targets=(--target OrionAPI --target OrionCache --target Orion --target OrionSQLite --target OrionPagination --target OrionTestSupport)
if [ "${1:-}" = "--all" ]; then
    targets+=(--target OrionWebSocket)
    shift
fi
swift package generate-documentation "${targets[@]}" \
    --enable-experimental-combined-documentation --warnings-as-errors "$@" >"$log" 2>&1 || status=$?
# --warnings-as-errors makes docc fail on a warning; the grep catches any the plugin lets through.
if [ "$status" -ne 0 ] || grep -q "warning:" "$log"; then
    # The diagnostics, each with its source excerpt, without the build's progress lines.
    grep -v '^\[[0-9]*/[0-9]*\]' "$log" >&2
    echo "build-docs.sh: the documentation does not build without warnings (above)" >&2
    exit 1
fi
grep -i "archive at" "$log" || true
