#!/usr/bin/env bash
# Times a debug build of the generated StarWarsAPI module alone (issue 4): builds the package's
# dependencies once, then N times removes only StarWarsAPI's compiler outputs and rebuilds it,
# printing wall and user+sys CPU seconds per run, and the time of a no-op build (what every run
# pays for planning, not compiling). CPU time is the steadier figure on a shared machine.
#   measure-starwars-build.sh [runs=5] [extra swift build arguments...]
#   PACKAGE=path/to/generated/package (default: Tests/GeneratedCode/Generated/StarWarsAPI)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
package="${PACKAGE:-$root/Tests/GeneratedCode/Generated/StarWarsAPI}"
module="$(basename "$package")"
runs="${1:-5}"
shift || true

# SwiftPM replans (and recompiles the packages' plugins, ~10 s of CPU) whenever the environment
# changes, and SHLVL and `_` differ between shells: every build runs with them unset.
swiftpm() { env -u _ -u SHLVL -u OLDPWD swift "$@"; }

cd "$package"
swiftpm build "$@" >/dev/null  # dependencies (OrionAPI), the plan and a first build of the module
bin="$(swiftpm build "$@" --show-bin-path)"

timed() { # label [swift build arguments...]: prints "label wall cpu" of one `swift build`
    local label=$1 out
    shift
    out="$(/usr/bin/time -f '%e %U %S %x' env -u _ -u SHLVL -u OLDPWD swift build "$@" 2>&1 >/dev/null | tail -1)"
    awk -v label="$label" '$4 != 0 { print label ": swift build failed"; exit 1 }
        { printf "%-8s wall %6.2f s  cpu %6.2f s\n", label, $1, $2 + $3 }' <<<"$out"
}

for run in $(seq "$runs"); do
    # Everything the compiler wrote for the module; SwiftPM's own plan files (output-file-map.json,
    # sources) stay, or the next build fails instead of replanning.
    find "$bin/$module.build" -mindepth 1 -maxdepth 1 ! -name output-file-map.json ! -name sources -exec rm -rf {} +
    rm -rf "$bin/Modules/$module".*
    timed "run $run" "$@"
done
timed no-op "$@"
