#!/usr/bin/env bash
# Generates a Swift package for every schema and operation set of the shared data (and the
# RocketReserver tutorial operations) into Generated/, with the built `orion`: the packages this
# package's tests build and use.
#   ORION=path/to/orion (default: the root package's debug build)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shared="${ORION_SHARED_DATA:-$root/../shared/data}"
orion="${ORION:-$root/.build/debug/orion}"
schemas="$shared/schemas"

generate() { # namespace schema operations-glob [options...]
    local namespace=$1 schema=$2 operations=$3
    shift 3
    "$orion" generate --schema "$schema" --operations "$operations" --namespace "$namespace" \
        --output "$here/Generated/$namespace" --orion-path ../../../.. "$@"
}

# With test mocks (a package beside each: StarWarsAPIMocks, ...), which MockTests use.
mocks() { echo --mocks-output "$here/Generated/$1Mocks"; }
generate StarWarsAPI "$schemas/starwars/schema.json" "$schemas/starwars/operations/**/*.graphql" $(mocks StarWarsAPI)
generate AnimalKingdomAPI "$schemas/animalkingdom/AnimalSchema.graphqls" "$schemas/animalkingdom/*.graphql" $(mocks AnimalKingdomAPI)
generate GitHubAPI "$schemas/github/schema.graphqls" "$schemas/github/Queries/**/*.graphql" \
    --scalar URI=URL --scalar DateTime=Date --scalar GitTimestamp=Date --scalar HTML=String $(mocks GitHubAPI)
generate UploadAPI "$schemas/upload-api/schema.graphqls" "$schemas/upload-api/*.graphql"
generate SubscriptionAPI "$schemas/subscription-api/schema.graphqls" "$schemas/subscription-api/*.graphql"
# With the persisted-query manifest the safelisting tests start the server with.
generate RocketReserverAPI "$shared/rocketreserver/schema.graphqls" "$root/Examples/RocketReserver/Sources/RocketReserverApp/GraphQL/*.graphql" \
    --schema "$root/Examples/RocketReserver/Sources/RocketReserverApp/GraphQL/schema-extensions.graphqls" \
    --operation-manifest "$here/Generated/RocketReserverAPI.manifest.json" $(mocks RocketReserverAPI)

# The nullability directives (@semanticNonNull, @catch, @catchByDefault) imported by a schema
# extension, as an app adds them to a server's schema.
nullability="$here/Schemas/Nullability"
generate NullabilityAPI "$nullability/schema.graphqls" "$nullability/*.graphql" --schema "$nullability/extra.graphqls"

# The interoperability tests' operations against strawberry's schema (Tests/Interop/server.py,
# exported with `python3 server.py --export-schema`); its Count scalar is an Int to the client.
interop="$root/Tests/Interop"
generate InteropAPI "$interop/schema.graphqls" "$interop/*.graphql" --schema "$interop/schema-extensions.graphqls" --scalar Count=Int

# The pagination tests' server (Tests/Paging/server.py, strawberry too): a Relay connection paged
# both ways and a list paged by offset.
paging="$root/Tests/Paging"
generate PagingAPI "$paging/schema.graphqls" "$paging/*.graphql" --schema "$paging/schema-extensions.graphqls"

# The incremental delivery tests' server (Tests/Defer/server.py, graphql-core): a query with
# deferred fragments, inline and named, and the same query without @defer.
deferred="$root/Tests/Defer"
generate DeferAPI "$deferred/schema.graphqls" "$deferred/*.graphql"

# Pages merged by the normalized cache: RocketReserver's `launches(after:)` by
# @fieldPolicy(paginationArgs:), and the pagination server's Relay connection by
# @typePolicy(connectionFields:), each a package of its own so that the packages above, and the
# pagers that use them, keep one cache entry per page.
merged="$here/Schemas/MergedLaunches"
generate MergedLaunchesAPI "$shared/rocketreserver/schema.graphqls" "$merged/*.graphql" \
    --schema "$root/Examples/RocketReserver/Sources/RocketReserverApp/GraphQL/schema-extensions.graphqls" --schema "$merged/schema-extensions.graphqls"
generate MergedPagingAPI "$paging/schema.graphqls" "$paging/*.graphql" --schema "$paging/schema-extensions.graphqls" \
    --schema "$here/Schemas/MergedPaging/schema-extensions.graphqls"

# Names chosen to break a Swift code generator, in each of the four layouts: a package of its
# own, and the files of an existing target (schema types inside `enum HostileAPI`: a file tree,
# one file, a file per .graphql file as the build plugin writes), for which the package here has
# targets of its own. The single file's models are `Equatable` only (--no-hashable-models), which
# EquatableModelsTests uses.
hostile="$here/Schemas/HostileNames"
generate HostileAPI "$hostile/schema.graphqls" "$hostile/*.graphql" --scalar URL=URL --scalar Date=Date $(mocks HostileAPI)
for layout in embedded single-file per-source-file; do
    "$orion" generate --schema "$hostile/schema.graphqls" --operations "$hostile/*.graphql" --namespace HostileAPI \
        --output "$here/Generated/Hostile-$layout" --module-type "$layout" --scalar URL=URL --scalar Date=Date \
        $([ "$layout" = single-file ] && echo --no-hashable-models)
done

# The Swift listings of the README and of the DocC articles, as a target of this package: the
# build compiles each one (paths relative to the root, which the compiler's errors then name).
(cd "$root" && python3 "$here/Listings/extract.py" "$here/Generated/Listings" README.md Sources/Orion/Orion.docc/*.md)

# The schema sweep (Tests/SchemaSweep): operations written from each schema alone, their
# packages, and the SchemaSweepTests target's tests.
bash "$root/Tests/SchemaSweep/sweep.sh" "$orion" "$here/Generated"
