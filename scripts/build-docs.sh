#!/usr/bin/env bash
# Builds the DocC documentation of the runtime: the Orion catalog (Sources/Orion/Orion.docc, the
# articles) and the symbols of OrionAPI, OrionCache, Orion, OrionSQLite and OrionWebSocket, as
# one combined archive, so that the articles link to the symbols of every module they teach.
# A warning (a symbol or article link that does not resolve, a parameter left undocumented)
# fails the build.
#   build-docs.sh [extra generate-documentation arguments...]
# The archive: .build/plugins/Swift-DocC/outputs/Orion.doccarchive (the plugin prints the path).
# The compiler side (GraphQLLanguage, OrionCompiler, OrionCodegen, orion) is not documented
# here: its readers are this repository's, who read the source.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift package generate-documentation \
    --target OrionAPI --target OrionCache --target Orion --target OrionSQLite --target OrionWebSocket \
    --enable-experimental-combined-documentation --warnings-as-errors "$@" >"$log" 2>&1 || status=$?
# --warnings-as-errors makes docc fail on a warning; the grep catches any the plugin lets through.
if [ "$status" -ne 0 ] || grep -q "warning:" "$log"; then
    # The diagnostics, each with its source excerpt, without the build's progress lines.
    grep -v '^\[[0-9]*/[0-9]*\]' "$log" >&2
    echo "build-docs.sh: the documentation does not build without warnings (above)" >&2
    exit 1
fi
grep -i "archive at" "$log" || true
