#!/usr/bin/env python3
"""The reference verdicts for Orion's schema differential tests, from graphql-core 3.3.2.

  schema_oracle.py corpus SHARED_DATA OUTDIR
      Writes OUTDIR/NNNNN.graphqls: every SDL schema of the shared data, and hundreds of small
      schemas made by adding type-system definitions (valid and invalid) to a base schema.
      Writes OUTDIR/expected.json: {file: {"errors": [[message, [[line, column], ...]], ...],
      "introspection": {...} | null}}: the errors of build_schema + validate_schema, and for valid
      schemas the introspection result (descriptions, specifiedByURL, repeatable, deprecated
      arguments, oneOf). The client directives Orion knows without a declaration are appended
      for graphql-core and dropped again from its introspection unless the schema declares them.
"""
import itertools
import json
import random
import re
import sys
from pathlib import Path

try:
    import graphql
    from graphql import GraphQLError, build_schema, introspection_from_schema, validate_schema
except ImportError:
    sys.exit("graphql-core is missing: install graphql-core==3.3.2 (pip install graphql-core==3.3.2)")
if graphql.__version__ != "3.3.2":
    sys.exit(f"graphql-core {graphql.__version__} found: install graphql-core==3.3.2 (pip install graphql-core==3.3.2)")

CLIENT_DIRECTIVES = {
    "typePolicy": "directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE",
    "fieldPolicy": "directive @fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE",
    "defer": "directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT",
    "apollo_client_ios_localCacheMutation": "directive @apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION",
}

BASE = """type Query { node(id: ID!): Node pets: [Pet!]! search(text: String): [Result] }
interface Node { id: ID! }
interface Pet implements Node { id: ID! name: String }
type Dog implements Pet & Node { id: ID! name: String barks: Boolean }
type Cat implements Pet & Node { id: ID! name: String }
union Result = Dog | Cat
enum Color { RED GREEN }
input Filter { color: Color text: String }
scalar Date
"""

ADDITIONS = [
    # valid
    "type Bird implements Pet & Node { id: ID! name: String wings: Int }",
    "extend type Dog { age: Int }",
    "extend union Result = Bird type Bird { x: Int }",
    "extend enum Color { BLUE }",
    "extend input Filter { limit: Int = 10 }",
    "extend interface Pet { nickname: String } extend type Dog { nickname: String } extend type Cat { nickname: String }",
    "scalar Url @specifiedBy(url: \"https://tools.ietf.org/html/rfc3986\")",
    "input One @oneOf { a: Int b: String }",
    "directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT",
    "type Mutation { add(filter: Filter, old: Int @deprecated(reason: \"gone\")): Dog }",
    "type Subscription { dogs: Dog }",
    "\"\"\"A described type\"\"\" type Described { \"a field\" field(\"an arg\" arg: Int = 3): String @deprecated }",
    "type Keyed @typePolicy(keyFields: \"id\") { id: ID! }",
    "input Recursive { self: Recursive list: [Recursive!]! }",
    "schema { query: Query mutation: Dog }",
    "type Defaults { f(a: [Int] = [1, 2], b: Filter = {color: RED, text: \"x\"}, c: Color = GREEN, d: String = null): Int }",
    # invalid
    "type Dog { again: Int }",
    "type Query { more: Int }",
    "enum Color { BLUE }",
    "type Bad implements Pet { id: ID! }",
    "type Bad2 implements Pet & Node { id: ID name: String }",
    "type Bad3 implements Pet & Node { id: ID! name: Int }",
    "type Bad4 implements Node & Pet { id: ID! name: String other(arg: Int!): Int }",
    "interface Loop1 implements Loop2 { id: ID } interface Loop2 implements Loop1 { id: ID }",
    "type Bad5 implements Color { x: Int }",
    "union U = Dog | Pet",
    "union U2 = Dog | Dog",
    "union U3 = Filter",
    "enum E { A A }",
    "enum E2 { true }",
    "enum E3 { }",
    "input In { a: Dog }",
    "input In2 { a: In2! }",
    "input In3 { a: In4! } input In4 { b: In3! }",
    "type T { f(a: Dog): Int }",
    "type T2 { f: Filter }",
    "type T3 { f: Unknown }",
    "type T4 { __bad: Int }",
    "type __Bad { x: Int }",
    "type T5 { f: Int f: String }",
    "type T6 { f(a: Int, a: Int): Int }",
    "directive @dup on FIELD directive @dup on FIELD",
    "directive @d on FIELD type T7 @d { x: Int }",
    "type T8 @unknown { x: Int }",
    "type T9 { x: Int @deprecated @deprecated }",
    "directive @r(a: Dog) on FIELD_DEFINITION",
    "type T10",
    "interface I0",
    "extend type Missing { x: Int }",
    "extend enum Color2 { X }",
    "extend scalar Date @specifiedBy(url: \"x\") scalar Date2",
    "schema { query: Query } schema { query: Query }",
    "schema { query: Filter }",
    "schema { query: Query mutation: Color }",
    "input One2 @oneOf { a: Int! b: String }",
    "input One3 @oneOf { a: Int = 1 b: String }",
    "type T11 { f(a: Int! @deprecated): Int }",
    "input In5 { a: Int! @deprecated }",
    "scalar String",
    "type Int { x: Int }",
    "type Dup { x: Int } type Dup { y: Int }",
    "interface IFace { x: Int } type NoImpl implements IFace { y: Int }",
    "type T12 implements Node & Node { id: ID! }",
]


def client_directives_for(sdl):
    declared = set(re.findall(r"directive\s+@(\w+)", sdl))
    used = set(re.findall(r"@(\w+)", sdl))
    return [name for name in CLIENT_DIRECTIVES if name in used and name not in declared]


def verdict(sdl):
    added = client_directives_for(sdl)
    text = sdl + "".join("\n" + CLIENT_DIRECTIVES[name] for name in added)
    try:
        schema = build_schema(text)
    except GraphQLError as error:
        return {"errors": [[error.message, [[l.line, l.column] for l in (error.locations or [])]]], "introspection": None}
    except (TypeError, ValueError) as error:
        return {"errors": [[str(error), []]], "introspection": None}
    errors = validate_schema(schema)
    if errors:
        return {"errors": [[e.message, [[l.line, l.column] for l in (e.locations or [])]] for e in errors], "introspection": None}
    result = introspection_from_schema(schema, descriptions=True, specified_by_url=True, directive_is_repeatable=True,
                                       schema_description=True, input_value_deprecation=True, one_of=True,
                                       experimental_directive_deprecation=False)
    result["__schema"]["directives"] = [d for d in result["__schema"]["directives"] if d["name"] not in added]
    # graphql-core's experimental deprecation of directives, not in the spec's @deprecated.
    for directive in result["__schema"]["directives"]:
        if directive["name"] == "deprecated":
            directive["locations"] = [l for l in directive["locations"] if l != "DIRECTIVE_DEFINITION"]
    return {"errors": [], "introspection": result}


def corpus(shared, out):
    out.mkdir(parents=True, exist_ok=True)
    documents = []
    for path in sorted(Path(shared, "schemas").rglob("*.graphqls")) + [Path(shared, "rocketreserver/schema.graphqls")]:
        documents.append(path.read_text())
    for addition in ADDITIONS:
        documents.append(BASE + addition + "\n")
    rng = random.Random(7)
    for first, second in itertools.combinations(range(len(ADDITIONS)), 2):
        if rng.random() < 0.12:
            documents.append(BASE + ADDITIONS[first] + "\n" + ADDITIONS[second] + "\n")
    expected = {}
    for index, sdl in enumerate(documents):
        name = f"{index:05}.graphqls"
        (out / name).write_text(sdl)
        expected[name] = verdict(sdl)
    (out / "expected.json").write_text(json.dumps(expected))


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "corpus":
        sys.exit(__doc__)
    corpus(Path(sys.argv[2]), Path(sys.argv[3]))
