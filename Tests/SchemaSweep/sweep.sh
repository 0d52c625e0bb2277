#!/usr/bin/env bash
# The schema sweep: for each schema below, sweep.py writes operations, mocks and a Swift test
# file from the schema alone, then the built `orion generate` writes a package of them.
#   sweep.sh ORION GENERATED_DIR   (Tests/GeneratedCode/generate.sh calls it)
# Writes GENERATED_DIR/Sweep/<Name>/ (operations, mocks, report.json), the packages
# GENERATED_DIR/Sweep<Name>API and the tests GENERATED_DIR/SchemaSweepTests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
orion="$1"
generated="$2"
shared="${ORION_SHARED_DATA:-$root/../shared/data}"
schemas="$shared/schemas"

# name schema: every schema the sweep covers (github-full's 2025-02 file is invalid on purpose).
sweeps=(
    "Saleor $schemas/realworld/saleor/schema.graphqls"
    "Linear $schemas/realworld/linear/schema.graphqls"
    "Artsy $schemas/realworld/artsy/schema.graphqls"
    "GitHubFull $schemas/github-full/schema-2024-07.graphqls"
    "StarWars $schemas/starwars/schema.json"
    "AnimalKingdom $schemas/animalkingdom/AnimalSchema.graphqls"
    "GitHub $schemas/github/schema.graphqls"
    "Upload $schemas/upload-api/schema.graphqls"
    "Subscription $schemas/subscription-api/schema.graphqls"
    "RocketReserver $shared/rocketreserver/schema.graphqls"
)

tests="$generated/SchemaSweepTests"
rm -rf "$tests"
mkdir -p "$tests"
cp "$root/Tests/GeneratedCode/SchemaSweepSupport/SweepSupport.swift" "$tests/"

# The sweeps run in parallel (each is single-threaded Python); a failure stops the script.
pids=()
for sweep in "${sweeps[@]}"; do
    read -r name schema <<<"$sweep"
    python3 "$here/sweep.py" --schema "$schema" --namespace "Sweep${name}API" \
        --out "$generated/Sweep/$name" --tests "$tests/Sweep${name}Tests.swift" &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done

for sweep in "${sweeps[@]}"; do
    read -r name schema <<<"$sweep"
    "$orion" validate --schema "$schema" --operations "$generated/Sweep/$name/operations/*.graphql"
    # No scalar is mapped: custom scalars are Strings, as in the mocks.
    "$orion" generate --schema "$schema" --operations "$generated/Sweep/$name/operations/*.graphql" \
        --namespace "Sweep${name}API" --output "$generated/Sweep${name}API" --orion-path ../../../..
done
