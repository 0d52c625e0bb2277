#!/usr/bin/env bash
# The build plugin on a fixture package (Tests/PluginFixture): an invalid operation fails the
# build naming its file, line and column; a valid one builds, and the program runs; builds are
# incremental.
#   test-plugin.sh [SWIFT-BUILD-OPTIONS...]   options of every build of the fixture: CI passes the
#   scratch path and flags of a debug build that already holds Orion and its tool, so that only
#   the fixture's own files compile. Without --scratch-path the fixture builds in its own directory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
options=("$@")
scratch=""
for ((i = 0; i + 1 < ${#options[@]}; i++)); do
    [ "${options[i]}" = --scratch-path ] && scratch="${options[i + 1]}"
done
if [ -z "$scratch" ]; then
    scratch="$work/.build"
    options+=(--scratch-path "$scratch")
fi
# The build plugin's outputs for this fixture: under its package identity, its directory's name.
outputs="$scratch/plugins/outputs/$(basename "$work" | tr '[:upper:]' '[:lower:]')"
trap 'rm -rf "$work" "$outputs"' EXIT
cp -R "$root/Tests/PluginFixture/." "$work/"
sed -i.orig "s|ORION_PATH|$root|" "$work/Package.swift" && rm "$work/Package.swift.orig"
fixture_build() { swift build --package-path "$work" "${options[@]}"; }

cat > "$work/Sources/Fixture/Broken.graphql" <<'GRAPHQL'
query Broken {
  hero { id secretIdentity }
}
GRAPHQL
if output=$(fixture_build 2>&1); then
    echo "FAIL: the build with an invalid operation succeeded. It printed:"; echo "$output" | tail -30; exit 1
fi
if ! grep -q "Broken.graphql:2:13: error: Cannot query field 'secretIdentity' on type 'Character'" <<<"$output"; then
    echo "FAIL: the build did not report the invalid field at Broken.graphql:2:13. It printed:"; echo "$output" | tail -30; exit 1
fi
echo "ok: the invalid operation failed the build at Broken.graphql:2:13"

rm "$work/Sources/Fixture/Broken.graphql"
fixture_build 2>&1 | tail -3
result=$("$scratch/debug/Fixture")
if [ "$result" != $'hero: Luke Skywalker, height 1.72\noperation: Hero' ]; then
    echo "FAIL: the fixture printed: $result"; exit 1
fi
echo "ok: the generated HeroQuery built and read a response"

# The fixture's orion-plugin.json asks for models that are Equatable only.
hero="$(find "$outputs" -name Hero.graphql.swift -path '*/OrionBuildPlugin/Generated/*')"
if ! grep -q "struct Data: OrionAPI.RootSelectionSet, Swift.Equatable" "$hero" || grep -q "SelectionSet, Swift.Hashable" "$hero"; then
    echo "FAIL: orion-plugin.json's \"hashableModels\": false did not make the models Equatable only:"; grep -n "struct" "$hero"; exit 1
fi
echo "ok: orion-plugin.json's settings reach the generated code"

# Incremental builds: the plugin declares a Swift file per .graphql file and orion rewrites only
# the files whose text changed, so a build with no change runs neither orion nor the compiler,
# and one after editing an operation recompiles that operation's file alone.
generated="$(find "$outputs" -type d -path '*/Fixture/destination/OrionBuildPlugin/Generated')"
files="$(ls "$generated" | tr '\n' ' ')"
if [ "$files" != "DroidFunction.graphql.swift FixtureAPISchema.swift Hero.graphql.swift " ]; then
    echo "FAIL: the plugin generated: $files"; exit 1
fi
output="$(fixture_build 2>&1)"
if grep -E "Generating Swift|Compiling Fixture" <<<"$output"; then
    echo "FAIL: a build with nothing changed ran orion or the compiler:"; echo "$output"; exit 1
fi
echo "ok: a build with nothing changed ran neither orion nor the compiler"
before="$(stat -c '%n %y' "$generated"/*)"
sed -i.orig 's/primaryFunction }/primaryFunction name }/' "$work/Sources/Fixture/DroidFunction.graphql" && rm "$work/Sources/Fixture/DroidFunction.graphql.orig"
output="$(fixture_build 2>&1)"
compiled="$(grep -o 'Compiling Fixture .*' <<<"$output" || true)"
if [ "$compiled" != "Compiling Fixture DroidFunction.graphql.swift" ]; then
    echo "FAIL: editing DroidFunction.graphql compiled: ${compiled:-nothing}"; echo "$output"; exit 1
fi
rewritten="$(diff <(echo "$before") <(stat -c '%n %y' "$generated"/*) | grep '^>' | sed 's|.*/||; s| .*||' || true)"
if [ "$rewritten" != "DroidFunction.graphql.swift" ]; then
    echo "FAIL: editing DroidFunction.graphql rewrote: ${rewritten:-nothing}"; exit 1
fi
echo "ok: editing one operation file rewrote and recompiled its Swift file alone"

# The command plugin: `swift package orion ...` runs the tool in the package's directory.
swift package --package-path "$work" "${options[@]}" --allow-writing-to-package-directory --allow-network-connections all orion generate \
    --schema Sources/Fixture/schema.graphqls --operations 'Sources/Fixture/*.graphql' \
    --namespace CommittedAPI --output Committed --module-type single-file >/dev/null
if ! grep -q "struct HeroQuery" "$work/Committed/API.swift"; then
    echo "FAIL: swift package orion generate wrote no HeroQuery into Committed/API.swift"; exit 1
fi
echo "ok: swift package orion generate wrote Committed/API.swift"
