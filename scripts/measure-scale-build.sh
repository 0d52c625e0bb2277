#!/usr/bin/env bash
# The synthetic large app's build figures (issue 26): writes the app's GraphQL
# (Benchmarks/SyntheticApp/generate.py: GitHub's full schema, 300 fragments nested up to six deep),
# generates its Swift package with a release `orion`, prints the generated size, then times
# a debug build of the generated module alone (wall and CPU seconds, the compiler's peak memory),
# and the incremental build after editing one operation.
#   measure-scale-build.sh [operations=1000]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
operations="${1:-1000}"
work="$root/.build/synthetic-app-build/$operations"

python3 "$root/Benchmarks/SyntheticApp/generate.py" --operations "$operations" --out "$work/graphql" \
    --schema "$root/../shared/data/schemas/github-full/schema-2024-07.graphqls"
swift build -c release --product orion --package-path "$root" >/dev/null
orion="$(swift build -c release --package-path "$root" --show-bin-path)/orion"
/usr/bin/time -f "generate: wall %e s  cpu %U s  peak %M KB" "$orion" generate --schema "$work/graphql/schema.graphqls" \
    --operations "$work/graphql/fragments/*.graphql" --operations "$work/graphql/operations/*.graphql" \
    --namespace SyntheticAPI --output "$work/SyntheticAPI" --orion-path "$root" >/dev/null
lines="$(find "$work/SyntheticAPI/Sources" -name '*.swift' -exec cat {} + | wc -l)"
echo "generated: $lines lines of Swift, $((lines / operations)) per operation"
# The module's dependencies first, so that the timed build compiles the generated module alone.
# SwiftPM replans whenever the environment changes (SHLVL, `_`): every build runs without them.
swiftpm() { env -u _ -u SHLVL -u OLDPWD swift "$@"; }
swiftpm build --package-path "$work/SyntheticAPI" --target OrionAPI >/dev/null
# The module built as the generated files now are, then all it compiled removed (SwiftPM's own
# plan files stay, as in measure-starwars-build.sh): each run times a whole build of the module.
swiftpm build --package-path "$work/SyntheticAPI" >/dev/null
bin="$(swiftpm build --package-path "$work/SyntheticAPI" --show-bin-path)"
find "$bin/SyntheticAPI.build" -mindepth 1 -maxdepth 1 ! -name output-file-map.json ! -name sources -exec rm -rf {} +
rm -rf "$bin/Modules/SyntheticAPI".*
/usr/bin/time -f "debug build of SyntheticAPI: wall %e s  cpu %U s user + %S s system  peak %M KB" \
    env -u _ -u SHLVL -u OLDPWD swift build --package-path "$work/SyntheticAPI" >/dev/null

# An edit of one operation: regenerated (only changed files are rewritten), then an incremental build.
sed -i '1a\  __typename' "$work/graphql/operations/Operation0.graphql"
"$orion" generate --schema "$work/graphql/schema.graphqls" --operations "$work/graphql/fragments/*.graphql" \
    --operations "$work/graphql/operations/*.graphql" --namespace SyntheticAPI --output "$work/SyntheticAPI" --orion-path "$root"
/usr/bin/time -f "rebuild after editing one operation: wall %e s  cpu %U s user + %S s system" \
    env -u _ -u SHLVL -u OLDPWD swift build --package-path "$work/SyntheticAPI" >/dev/null
