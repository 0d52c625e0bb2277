#!/usr/bin/env python3
"""Schema sweep: from a schema alone, writes operations that touch every enum, input object,
interface, union and root field, a mock response per operation and variant, and a Swift test
that decodes each mock and writes it back.

    python3 sweep.py --schema schema.graphqls --namespace SweepSaleorAPI \
        --out Generated/Sweep/Saleor --tests Generated/SchemaSweepTests/SweepSaleorTests.swift

Writes OUT/operations/*.graphql (one operation a file, the fragments in Fragments.graphql),
OUT/mocks/NAME.N.json with OUT/mocks/NAME.N.variables.json beside it, and OUT/report.json.
Every document is checked with graphql-core's `validate` first. Same schema, same bytes.
"""

import argparse
import json
import shutil
import sys
from pathlib import Path

from graphql import parse, validate

from mocks import MockResolver, mock_response
from operations import SweepBuilder
from schema_loading import load_schema
from swift_tests import swift_test_file
from values import Rotation, variable_value

# The variants of each operation's variables: @include(if: $inc) and @skip(if: $skip) first
# both keep their selections, then both drop them.
CONDITION_VARIANTS = ({"inc": True, "skip": False}, {"inc": False, "skip": True})
# At most this many mocks an operation: more only while deprecated enum values are unseen.
MAX_VARIANTS = 6


def unseen_deprecated(schema, enum_name, resolver) -> bool:
    values = schema.type_map[enum_name].values
    return any(value.deprecation_reason is not None and (enum_name, name) not in resolver.enum_values for name, value in values.items())


def check(schema, text: str, what: str):
    document = parse(text)
    errors = validate(schema, document)
    if errors:
        raise SystemExit(f"{what}: invalid: {errors[0].message} {errors[0].locations}\n{text[:3000]}")
    return document


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", required=True, type=Path)
    parser.add_argument("--namespace", required=True)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--tests", required=True, type=Path)
    arguments = parser.parse_args(argv)

    schema = load_schema(arguments.schema)
    builder = SweepBuilder(schema)
    builder.build()
    operations = builder.operations()

    out = arguments.out
    shutil.rmtree(out, ignore_errors=True)
    (out / "operations").mkdir(parents=True)
    (out / "mocks").mkdir()

    fragment_names = sorted(builder.fragments)
    fragments_text = "\n".join(builder.fragment_text(name) for name in fragment_names)
    if fragment_names:  # an empty file is not a GraphQL document
        (out / "operations" / "Fragments.graphql").write_text(fragments_text)
    # The whole pool as one document: also checks that every fragment is used.
    check(schema, "\n".join(op.text() for op in operations) + "\n" + fragments_text, "all operations")

    rotation = Rotation()
    resolver = MockResolver(schema)
    cases = []
    for operation in operations:
        text = operation.text()
        (out / "operations" / f"{operation.name}.graphql").write_text(text)
        document_text = text + "".join("\n" + builder.fragment_text(name) for name in operation.fragments)
        document = check(schema, document_text, operation.name)
        values = {
            name: variable_value(type_, rotation)
            for name, type_ in operation.variables.items()
            if name not in ("inc", "skip")
        }
        mocks = []
        for index in range(MAX_VARIANTS):
            conditions = CONDITION_VARIANTS[index % 2]
            variables = dict(values)
            variables.update({name: value for name, value in conditions.items() if name in operation.variables})
            resolver.enums_picked = set()
            data = mock_response(schema, document, operation.name, variables, resolver)
            mock_text = json.dumps(data, ensure_ascii=False)
            variables_text = json.dumps(variables, ensure_ascii=False)
            (out / "mocks" / f"{operation.name}.{index}.json").write_text(mock_text + "\n")
            (out / "mocks" / f"{operation.name}.{index}.variables.json").write_text(variables_text + "\n")
            mocks.append((mock_text, variables_text))
            # Both condition variants first (when there are conditions); then more variants
            # while an enum this operation selects has deprecated values no mock held yet.
            if index + 1 < len(CONDITION_VARIANTS) and "inc" in operation.variables:
                continue
            if not any(unseen_deprecated(schema, enum, resolver) for enum in resolver.enums_picked):
                break
        cases.append((operation.name, mocks))

    suite = arguments.namespace.removesuffix("API") + "Tests"
    arguments.tests.parent.mkdir(parents=True, exist_ok=True)
    arguments.tests.write_text(swift_test_file(arguments.namespace, suite, cases))

    report = {
        "operations": len(operations),
        "fragments": len(fragment_names),
        "selection sets": sum(op.selection_set.composite_count() for op in operations)
        + sum(builder.fragments[name][1].composite_count() + 1 for name in fragment_names),
        "variables": sum(len(op.variables) for op in operations),
        "coverage": builder.coverage(),
        "mocks": {
            "enum values": f"{len(resolver.enum_values)} of {sum(len(e.values) for e in builder.enums())}",
            "deprecated enum values": "{} of {}".format(
                sum(builder.schema.type_map[e].values[v].deprecation_reason is not None for e, v in resolver.enum_values),
                sum(v.deprecation_reason is not None for e in builder.enums() for v in e.values.values()),
            ),
            "object types": len(resolver.typenames),
        },
        "uncovered": builder.uncovered,
    }
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"{arguments.namespace}: {report['operations']} operations, {report['fragments']} fragments, "
          f"{report['selection sets']} selection sets", file=sys.stderr)
    for kind, names in builder.uncovered.items():
        print(f"  not covered ({kind}): {len(names)}: {', '.join(names[:10])}", file=sys.stderr)


if __name__ == "__main__":
    main()
