#!/usr/bin/env python3
"""The reference verdicts for Orion's validation differential tests, from graphql-core 3.3.2.

  validation_oracle.py corpus OUTDIR
      Writes OUTDIR/schema.graphqls (graphql-js's validation test schema, cut down), and
      OUTDIR/NNNNN.graphql: valid operations and thousands of mutants made from them by inserting
      selections, arguments, values, directives, variables and definitions (fixed seed). Writes
      OUTDIR/expected.json: {file: {rule: [[message, [[line, column], ...]], ...]}}, each spec
      rule run on its own, for the documents that parse.
"""
import json
import random
import sys
from pathlib import Path

try:
    import graphql
    from graphql import GraphQLSyntaxError, build_schema, parse, validate
    from graphql.validation import specified_rules
except ImportError:
    sys.exit("graphql-core is missing: install graphql-core==3.3.2 (pip install graphql-core==3.3.2)")
if graphql.__version__ != "3.3.2":
    sys.exit(f"graphql-core {graphql.__version__} found: install graphql-core==3.3.2 (pip install graphql-core==3.3.2)")

SCHEMA = """
interface Pet { name(surname: Boolean): String }
type Dog implements Pet { name(surname: Boolean): String nickname: String barks: Boolean isHouseTrained(atOtherHomes: Boolean = true): Boolean doesKnowCommand(dogCommand: DogCommand!): Boolean owner: Human }
type Cat implements Pet { name(surname: Boolean): String meows: Boolean nickname: Int }
union CatOrDog = Cat | Dog
type Human { name: String pets: [Pet] relatives: [Human!]! }
enum DogCommand { SIT DOWN HEEL }
input ComplexInput { requiredField: Boolean! intField: Int stringListField: [String] }
input OneOf @oneOf { a: Int b: String }
type Query { dog: Dog pet: Pet catOrDog: CatOrDog human(id: ID): Human complicatedArgs(complexArg: ComplexInput, intArg: Int, nonNullIntArg: Int!, listArg: [Int!], oneOf: OneOf, enumArg: DogCommand, floatArg: Float, idArg: ID, stringArg: String, booleanArg: Boolean): String }
type Mutation { adopt(id: ID!): Pet }
type Subscription { newDog: Dog newCat: Cat }
directive @onField on FIELD
directive @onQuery on QUERY
directive @repeatable repeatable on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
"""

BASES = [
    "query Q { dog { name barks } }",
    "query Q($a: Boolean) { dog { isHouseTrained(atOtherHomes: $a) ...F } } fragment F on Dog { name owner { name } }",
    "query Q { pet { name ... on Dog { barks } ... on Cat { meows } } }",
    "query Q { catOrDog { __typename ... on Dog { name } ... on Cat { name } } }",
    "query Q($id: ID) { human(id: $id) { name pets { name } relatives { name } } }",
    "query Q { complicatedArgs(intArg: 1, nonNullIntArg: 2, enumArg: SIT, complexArg: {requiredField: true}) }",
    "query Q($v: Int!) { complicatedArgs(nonNullIntArg: $v, listArg: [1, 2], oneOf: {a: 1}) }",
    "mutation M { adopt(id: 4) { name } }",
    "subscription S { newDog { name } }",
    "query Q { dog @onField { name @repeatable @repeatable } }",
    "query Q($c: Boolean = false) { dog { name @include(if: $c) nickname @skip(if: true) } }",
    "query Q { dog { ...A } } fragment A on Dog { ...B } fragment B on Pet { name }",
]

INSERTIONS = [
    "name", "barks", "meows", "unknownField", "__typename", "x: name", "name: nickname", "nickname", "owner",
    "owner { name }", "owner { unknown }", "name { x }", "name(surname: true)", "name(surname: 1)", "name(bogus: 1)",
    "...F", "...Missing", "... on Cat { meows }", "... on Human { name }", "... on Boolean { name }",
    "... on Pet { name }", "... on Nope { name }", "doesKnowCommand", "doesKnowCommand(dogCommand: SIT)",
    "doesKnowCommand(dogCommand: \"SIT\")", "doesKnowCommand(dogCommand: sit)", "doesKnowCommand(dogCommand: null)",
    "isHouseTrained(atOtherHomes: $undefined)", "isHouseTrained(atOtherHomes: true, atOtherHomes: false)",
    "name @onField @onField", "name @unknownDirective", "name @onQuery", "name @include", "name @include(if: $x)",
    "x: barks", "nickname: barks", "name @skip(if: \"yes\")",
    "pets", "relatives", "barks { x }", "owner { pets }", "human", "dog", "name(surname: true, bogus: 2)",
    "isHouseTrained(nope: true)", "doesKnowCommand(dogCommand: SIT, dogCommand: DOWN)", "name(surname: true, surname: false)",
    "...F ...F2", "fragment", "owner @onField(unknownArg: 1) { name }",
]

DEFINITIONS = [
    "fragment F on Dog { name }", "fragment F on Dog { ...F }", "fragment F on Dog { barks }", "fragment G on Cat { meows }",
    "fragment H on Dog { ...I } fragment I on Dog { ...H }", "query Q { dog { name } }", "{ dog { name } }",
    "subscription S2 { newDog { name } newCat { name } }", "subscription S3 { __typename }",
    "query V($v: Int) { complicatedArgs(nonNullIntArg: $v) }", "query W($v: Dog, $w: Int, $w: Int) { dog { name } }",
    "query X($u: String) { complicatedArgs(intArg: $u, complexArg: {intField: 1}) }",
    "query Y { complicatedArgs(complexArg: {requiredField: true, requiredField: false, nope: 1}, oneOf: {a: 1, b: \"x\"}, listArg: [1, null, \"x\"], floatArg: \"x\", idArg: 1.5, stringArg: 1, booleanArg: 1, intArg: 2147483648) }",
    "mutation M2 { dog { name } }", "type T { a: Int }", "extend type Dog { color: String }",
    "query Z($v: Boolean) { dog { isHouseTrained(atOtherHomes: $v) } human { relatives: pets { name } } }",
    "fragment F on Dog { name } fragment F on Dog { name }", "fragment G on Cat { meows } fragment G on Cat { name }",
    "fragment F2 on Dog { owner }", "fragment F3 on Human { pets relatives }",
    "fragment K on DogCommand { name }", "fragment L on Boolean { x }", "query C { dog { ... on String { x } } }",
]

VALUES = ["1", "\"x\"", "1.5", "true", "null", "SIT", "{requiredField: true}", "[1]", "$a", "$nope", "{}", "[]"]


def mutate(text, rng):
    kind = rng.randrange(4)
    if kind == 0:
        braces = [i for i, c in enumerate(text) if c == "{"]
        at = rng.choice(braces) + 1
        return text[:at] + " " + rng.choice(INSERTIONS) + " " + text[at:]
    if kind == 1:
        return text + " " + rng.choice(DEFINITIONS)
    if kind == 2:
        colons = [i for i, c in enumerate(text) if c == ":" and "(" in text[:i]]
        if colons:
            at = rng.choice(colons) + 1
            end = at
            while end < len(text) and text[end] not in ",)}":
                end += 1
            return text[:at] + " " + rng.choice(VALUES) + text[end:]
        return text + " " + rng.choice(DEFINITIONS)
    parens = text.find("(")
    if text.startswith("query Q") and parens == -1:
        return text.replace("query Q", "query Q(" + rng.choice(["$v: Int", "$v: Dog", "$a: Int!", "$a: [String]"]) + ")", 1)
    return text.replace("query Q", "query Q @" + rng.choice(["onQuery", "onField", "unknown", "onQuery @onQuery"]), 1)


def corpus(out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "schema.graphqls").write_text(SCHEMA)
    schema = build_schema(SCHEMA)
    rules = {rule.__name__.removesuffix("Rule"): rule for rule in specified_rules}
    rng = random.Random(20251122)
    documents = list(BASES)
    for base in BASES:
        for _ in range(240):
            text = base
            for _ in range(rng.choice((1, 1, 2, 3))):
                text = mutate(text, rng)
            documents.append(text)
    expected = {}
    for index, text in enumerate(documents):
        try:
            document = parse(text)
        except GraphQLSyntaxError:
            continue
        name = f"{index:05d}.graphql"
        (out / name).write_text(text)
        verdicts = {}
        for rule_name, rule in rules.items():
            errors = validate(schema, document, [rule])
            verdicts[rule_name] = [
                [error.message, [[l.line, l.column] for l in (error.locations or [])]]
                for error in errors
            ]
        expected[name] = verdicts
    (out / "expected.json").write_text(json.dumps(expected, sort_keys=True))
    print(f"{len(expected)} documents")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "corpus":
        corpus(sys.argv[2])
    else:
        sys.exit(__doc__)
