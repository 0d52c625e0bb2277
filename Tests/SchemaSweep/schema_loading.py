"""Loads a schema from SDL or from introspection JSON, as `orion generate` takes it."""

import json
from pathlib import Path

from graphql import GraphQLSchema, build_client_schema, build_schema, validate_schema


def load_schema(path: Path) -> GraphQLSchema:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        introspection = json.loads(text)
        schema = build_client_schema(introspection.get("data", introspection))
    else:
        # Client schemas use Apollo's directives (`@typePolicy`, ...) without defining them;
        # graphql-core's SDL check rejects those, and they do not change the types.
        schema = build_schema(text, assume_valid_sdl=True)
    errors = [error for error in validate_schema(schema) if not is_deprecation_rule(error)]
    if errors:
        raise SystemExit(f"{path}: invalid schema: {errors[0].message}")
    # graphql-core 3.3 checks that an implementation deprecates a field only where its
    # interface does; GitHub's published schema breaks that (PullRequest.databaseId), which
    # changes nothing about operations or responses. `validate` asserts a valid schema from
    # this cache.
    schema._validation_errors = []
    return schema


def is_deprecation_rule(error) -> bool:
    return "must not be deprecated" in error.message
