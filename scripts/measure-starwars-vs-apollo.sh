#!/usr/bin/env bash
# Times debug builds of the generated Star Wars module, Orion's beside Apollo iOS's, alternately
# in one run so that the ratio holds on a noisy machine (issue 26): Apollo's StarWarsAPI and
# ApolloAPI come from a snapshot of apollo-ios-dev (the search tool's fetch puts one under
# /work/.mirror), exported outside this tree; their code never enters it.
#   measure-starwars-vs-apollo.sh [runs=7]
#   APOLLO_IOS_DEV=path/to/the/snapshot's/git/dir (default: /work/.mirror/apollographql+apollo-ios-dev/repo)
#   ORION_PACKAGE=path/to/a/generated/StarWarsAPI package (default: the one generate.sh writes), e.g. one
#   generated with --no-hashable-models
# Prints each run's CPU seconds, the medians, and `starwars.build.vs_apollo` (Apollo's median CPU
# time over Orion's; higher is better).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-7}"
mirror="${APOLLO_IOS_DEV:-/work/.mirror/apollographql+apollo-ios-dev/repo}"
apollo="${TMPDIR:-/tmp}/orion-measure-apollo-starwars"

if [ ! -d "$apollo/Sources/StarWarsAPI/StarWarsAPI" ]; then
    if [ ! -d "$mirror" ]; then
        echo "No apollo-ios-dev snapshot at $mirror: fetch github:apollographql/apollo-ios-dev, or set APOLLO_IOS_DEV." >&2
        exit 1
    fi
    mkdir -p "$apollo"
    git --git-dir "$mirror" archive HEAD apollo-ios Sources/StarWarsAPI | tar -x -C "$apollo"
    # Its InstallCLI plugin imports `os`, which Linux lacks, and SwiftPM builds a dependency's
    # plugins with the package; the plugin uses nothing of it.
    sed -i 's/^import os$//' "$apollo/apollo-ios/Plugins/InstallCLI/InstallCLIPluginCommand.swift"
fi
orion_package="${ORION_PACKAGE:-$root/Tests/GeneratedCode/Generated/StarWarsAPI}"
apollo_package="$apollo/Sources/StarWarsAPI/StarWarsAPI"
[ -d "$orion_package" ] || { echo "Run Tests/GeneratedCode/generate.sh first: $orion_package is missing." >&2; exit 1; }

cpu() { # package: one timed rebuild of the module; prints its CPU seconds
    PACKAGE="$1" bash "$root/scripts/measure-starwars-build.sh" 1 | awk '/^run 1/ { print $NF == "s" ? $(NF-1) : $NF }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

orion_times=() apollo_times=()
for run in $(seq "$runs"); do
    orion_times+=("$(cpu "$orion_package")")
    apollo_times+=("$(cpu "$apollo_package")")
    echo "run $run: orion cpu ${orion_times[-1]} s, apollo cpu ${apollo_times[-1]} s"
done
orion_median="$(printf '%s\n' "${orion_times[@]}" | median)"
apollo_median="$(printf '%s\n' "${apollo_times[@]}" | median)"
echo "starwars.build.orion.cpu_s $orion_median s"
echo "starwars.build.apollo.cpu_s $apollo_median s"
awk -v a="$apollo_median" -v o="$orion_median" 'BEGIN { printf "starwars.build.vs_apollo %.2f x\n", a / o }'
