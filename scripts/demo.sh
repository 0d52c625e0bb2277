#!/usr/bin/env bash
# The RocketReserver demo, end to end: builds the example package, starts the tutorial server
# on a free port of 127.0.0.1, runs the app's tour against it, and stops the server.
#   demo.sh [SWIFT-BUILD-OPTIONS...]   options of its builds (CI passes its shared build's)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Examples/RocketReserver"
bash "$root/scripts/install-dependencies.sh"

echo "Building the RocketReserver server and app (the first build takes a few minutes)..."
log="$(mktemp)"
# SwiftPM's "[step/steps]" lines, shown at each tenth of the build (and the packages it fetches),
# so that a cold build is not minutes of silence; the whole log only when it fails.
progress() {
    awk -v product="$1" '
        /^\[[0-9]+\/[0-9]+\]/ {
            split(substr($1, 2, length($1) - 2), step, "/")
            tenth = int(10 * step[1] / step[2])
            if (tenth > shown) { shown = tenth; printf "  %s: %d%% (%s of %s steps)\n", product, 10 * tenth, step[1], step[2]; fflush() }
        }
        /^(Fetching|Computing|Creating working copy)/ { print "  " $0; fflush() }'
}
for product in rocket-reserver-server rocket-reserver; do
    swift build --package-path "$package" "$@" --product "$product" 2>&1 | tee "$log" | progress "$product"
    [ "${PIPESTATUS[0]}" -eq 0 ] || { cat "$log"; exit 1; }
done
bin="$(swift build --package-path "$package" "$@" --show-bin-path)"

"$bin/rocket-reserver-server" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 300); do
    url="$(grep -o 'http://[^ ]*/graphql' "$log" || true)"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log"; echo "The server stopped."; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "The server did not start within 30 s."; exit 1; }
echo "RocketReserver server at $url"
echo
timeout 120 "$bin/rocket-reserver" tour --url "$url"
