#!/usr/bin/env bash
# The build plugin on a fixture package (Tests/PluginFixture): an invalid operation fails the
# build naming its file, line and column; a valid one builds, and the program runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$root/Tests/PluginFixture/." "$work/"
sed -i.orig "s|ORION_PATH|$root|" "$work/Package.swift" && rm "$work/Package.swift.orig"

cat > "$work/Sources/Fixture/Broken.graphql" <<'GRAPHQL'
query Broken {
  hero { id secretIdentity }
}
GRAPHQL
if output=$(swift build --package-path "$work" 2>&1); then
    echo "FAIL: the build with an invalid operation succeeded"; exit 1
fi
if ! grep -q "Broken.graphql:2:13: error: Cannot query field 'secretIdentity' on type 'Character'" <<<"$output"; then
    echo "FAIL: the build did not report the invalid field at Broken.graphql:2:13. It printed:"; echo "$output" | tail -30; exit 1
fi
echo "ok: the invalid operation failed the build at Broken.graphql:2:13"

rm "$work/Sources/Fixture/Broken.graphql"
swift build --package-path "$work" 2>&1 | tail -3
result=$("$work/.build/debug/Fixture")
if [ "$result" != $'hero: Luke Skywalker, height 1.72\noperation: Hero' ]; then
    echo "FAIL: the fixture printed: $result"; exit 1
fi
echo "ok: the generated HeroQuery built and read a response"

# The command plugin: `swift package orion ...` runs the tool in the package's directory.
swift package --package-path "$work" --allow-writing-to-package-directory --allow-network-connections all orion generate \
    --schema Sources/Fixture/schema.graphqls --operations 'Sources/Fixture/*.graphql' \
    --namespace CommittedAPI --output Committed --module-type single-file >/dev/null
if ! grep -q "struct HeroQuery" "$work/Committed/API.swift"; then
    echo "FAIL: swift package orion generate wrote no HeroQuery into Committed/API.swift"; exit 1
fi
echo "ok: swift package orion generate wrote Committed/API.swift"
