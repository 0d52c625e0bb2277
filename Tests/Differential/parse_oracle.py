#!/usr/bin/env python3
"""The reference verdicts for Orion's parser differential tests, from graphql-core 3.3.2.

  parse_oracle.py corpus OUTDIR --shared SHARED_DATA
      Writes the corpus: every .graphql/.graphqls file of the shared data, small documents for
      every construct of the language, and thousands of documents derived from both by
      truncation and mutation (fixed seeds: the same corpus every run). Writes OUTDIR/NNNNN.graphql
      and OUTDIR/expected.json: {file: {"parses": bool, "line", "column", "message", "departure"?}}.

  parse_oracle.py compare PAIRS.json
      PAIRS.json: [{"file", "original", "printed"}]. For each, checks that graphql-core parses the
      printed text to the same document as the original, ignoring locations and the `block` flag
      of strings (a printer may write a block string as a regular one; the value is what counts).
      Prints a JSON list of mismatches.

One known departure, and only one: empty selection sets. The spec's grammar is
`SelectionSet : { Selection+ }`, and graphql-js and graphql-core up to 3.2 refuse `{}` with
"Expected Name, found '}'." at the `}`. graphql-core 3.3 parses it by default, behind its
deprecated `allow_empty_selection_sets` option; Orion follows the spec. So every verdict is
graphql-core 3.3.2's with `allow_empty_selection_sets=False`, and a document whose verdict that
changes is marked "departure": true. Writing the corpus stops with an error if the option ever
changes a verdict in another way than to that error, so the departure cannot grow unnoticed.
"""
import json
import random
import sys
from pathlib import Path

try:
    import graphql
    from graphql import GraphQLSyntaxError, parse
except ImportError:
    sys.exit("graphql-core is missing: install graphql-core==3.3.2 (pip install graphql-core==3.3.2)")
if graphql.__version__ != "3.3.2":
    sys.exit(f"graphql-core {graphql.__version__} found: install graphql-core==3.3.2 (pip install graphql-core==3.3.2)")

# Small documents that together use every construct of the September 2025 edition.
SNIPPETS = [
    '{ a }',
    'query { a b c }',
    'query Q($id: ID!, $n: Int = 10, $list: [String!]! = ["a"], $o: In = {a: 1, b: [1.5, -2e3]}) @d(x: $id) { f(id: $id) { ...F ... on T { g } ... @include(if: true) { h } } }',
    'mutation M { like(id: 1) { count } }',
    'subscription S { events(filter: {kind: A}) { id } }',
    'fragment F on T @d { a b: c(d: ENUM, e: null, f: true, g: false) }',
    '"operation description" query Q { a }',
    '"""block\n  description""" fragment F on T { a }',
    'query Q("variable description" $a: Int, """block""" $b: [[Int!]]!) { a }',
    '{ a(s: "escapes \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u{1F600} \\uD83D\\uDE00") }',
    '{ a(s: """\n    indented\n      more\n    back\n  """) }',
    '{ a(s: """ has \\""" quotes """) }',
    '{ a(n: -0, f: 0.5e-10, g: 1E+2, h: 123456789012345678901234567890) }',
    '# comment\n\ufeff{ a, b,,, c }  # trailing',
    '{ a }\r\n{ b }\r{ c }',
    'schema @d { query: Q mutation: M subscription: S }',
    '"schema description" schema { query: Query }',
    'extend schema @d { subscription: S }',
    'scalar Date @specifiedBy(url: "https://example.com")',
    'extend scalar Date @d',
    '"type" type T implements & A & B @d { "field" f("arg" a: Int = 1 @d, b: [In!]): String! @deprecated(reason: "no") g: [[T]] }',
    'type T',
    'extend type T implements C { h: Int }',
    'extend type T @d',
    'interface I implements J & K { f: Int }',
    'extend interface I { g: Int }',
    'union U @d = | A | B | C',
    'union U',
    'extend union U = D',
    'enum E { "value" A @deprecated B C }',
    'extend enum E { D }',
    'input In @oneOf { a: Int = 1 b: String! @d c: [In] }',
    'extend input In { d: Int }',
    '"directive" directive @d(a: Int = 1, "b" b: String) repeatable on | FIELD | QUERY | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_OBJECT | VARIABLE_DEFINITION',
    'directive @e on SCHEMA | SCALAR | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_FIELD_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | FRAGMENT_DEFINITION | MUTATION | SUBSCRIPTION',
    'extend directive @d @e',
    'type Query { a(x: [Int] = [1, 2], y: In = {a: {b: [null]}}): Int }',
    '{ ...on }',
    '{ ... on T { ... { a } } }',
    'query ($a: Int @d) { f }',
    '{ a { b { c { d { e { f { g { h } } } } } } } }',
    '{ a(x: [[[[[[[[1]]]]]]]]) }',
    '{ a(x: {a: {b: {c: {d: 1}}}}) }',
    '{ f(a: $v) }',
    'query Q { __typename a: __typename }',
]

# Empty selection sets in every position they can take, where the verdicts depart from
# graphql-core 3.3.2's defaults (see the module's docstring); not mutated.
EMPTY_SELECTION_SETS = [
    '{}',
    'query {}',
    'query Q {}',
    'mutation M($id: ID!) {}',
    'subscription S @d {}',
    '{ customerAddress {} }',
    '{ a: b(x: 1) @d {} }',
    '{ a { b {} } }',
    '{\n  a {\n  }\n}',
    'fragment F on T {}',
    'fragment F on T @d { a } fragment G on T {}',
    '{ ... on T {} }',
    '{ ... {} }',
    '{ ... @d {} }',
    'type Qd  query {}',
    '{ a {} } {',
]

# Tokens and characters that mutations insert: punctuators, keywords, edge cases of the lexer.
INSERTIONS = [
    '{', '}', '(', ')', '[', ']', ':', '=', '@', '!', '$', '|', '&', '...', '..', '.', '"', '"""', '\\"""',
    '\\u{1F600}', '\\uD83D', '\\uDE00', '\\u{110000}', '\\u{}', '\\x', '\\u12', '0x', '1e', '1.5e-', '-0', '01',
    '.5', '1.', '1a', '#', '\n', '\r\n', '\r', ' ', ',', '\t', '\ufeff', "'", '\u00e9', '\U0001F600', '\x00', '\x7f',
    'query', 'mutation', 'subscription', 'fragment', 'on', 'extend', 'schema', 'type', 'interface', 'union', 'enum',
    'input', 'scalar', 'directive', 'repeatable', 'implements', 'true', 'false', 'null', '"desc"', '"""desc"""',
    'FIELD', 'QUERY', 'NOT_A_LOCATION', '$x', '@d', 'a:', 'x: 1', '[1]', '{a: 1}',
]


# The spec's grammar for selection sets (see the module's docstring): the one departure from
# graphql-core 3.3.2's defaults.
SPEC_GRAMMAR = {"allow_empty_selection_sets": False}
EMPTY_SELECTION_SET_ERROR = "Syntax Error: Expected Name, found '}'."


def graphql_core_verdict(text, **options):
    try:
        parse(text, **options)
        return {"parses": True}
    except GraphQLSyntaxError as error:
        location = error.locations[0] if error.locations else None
        return {
            "parses": False,
            "line": location.line if location else None,
            "column": location.column if location else None,
            "message": error.message,
        }
    except RecursionError:
        return {"parses": False, "line": None, "column": None, "message": "RecursionError"}


def verdict(text):
    """graphql-core 3.3.2's verdict under the spec's grammar, marked when it departs from the default."""
    spec = graphql_core_verdict(text, **SPEC_GRAMMAR)
    default = graphql_core_verdict(text)
    if spec != default:
        if spec.get("message") != EMPTY_SELECTION_SET_ERROR:
            sys.exit(f"allow_empty_selection_sets changed more than empty selection sets: {text!r}: {default} -> {spec}")
        spec["departure"] = True
    return spec


def mutate(text, rng):
    kind = rng.randrange(6)
    position = rng.randrange(len(text) + 1)
    if kind == 0:  # truncate
        return text[:position]
    if kind == 1 and text:  # delete one character
        position = min(position, len(text) - 1)
        return text[:position] + text[position + 1:]
    if kind == 2:  # insert a token
        return text[:position] + rng.choice(INSERTIONS) + text[position:]
    if kind == 3 and text:  # duplicate a slice
        end = min(len(text), position + rng.randrange(1, 20))
        return text[:end] + text[position:end] + text[end:]
    if kind == 4 and text:  # replace one character with a token
        position = min(position, len(text) - 1)
        return text[:position] + rng.choice(INSERTIONS) + text[position + 1:]
    # swap two neighbouring characters
    if len(text) > 1:
        position = min(position, len(text) - 2)
        return text[:position] + text[position + 1] + text[position] + text[position + 2:]
    return text + rng.choice(INSERTIONS)


def corpus(out_dir, shared):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20251122)
    files = sorted(p for p in Path(shared).rglob("*") if p.suffix in (".graphql", ".graphqls"))
    documents = [p.read_text(encoding="utf-8") for p in files]
    seeds = list(SNIPPETS)
    for text in documents:
        if len(text) <= 4000:
            seeds.append(text)
        else:
            # Windows of the big schemas, starting at a definition, keep mutants small.
            for _ in range(6):
                start = text.find("\n", rng.randrange(len(text))) + 1
                seeds.append(text[start:start + rng.randrange(200, 2000)])
    derived = []
    for seed in seeds:
        for _ in range(45):
            text = seed
            for _ in range(rng.choice((1, 1, 1, 2, 3))):
                text = mutate(text, rng)
            derived.append(text)
    expected = {}
    for index, text in enumerate(documents + SNIPPETS + derived + EMPTY_SELECTION_SETS):
        name = f"{index:05d}.graphql"
        # Bytes, so that \r and lone characters survive exactly as generated.
        (out / name).write_bytes(text.encode("utf-8", "surrogatepass"))
        expected[name] = verdict(text)
    (out / "expected.json").write_text(json.dumps(expected, indent=0, sort_keys=True))
    print(f"{len(expected)} documents")


def without_block_flags(node):
    if isinstance(node, dict):
        return {k: without_block_flags(v) for k, v in node.items() if k != "block"}
    if isinstance(node, list):
        return [without_block_flags(v) for v in node]
    return node


def compare(pairs_path):
    pairs = json.loads(Path(pairs_path).read_text(encoding="utf-8"))
    mismatches = []
    for pair in pairs:
        original = without_block_flags(parse(pair["original"], no_location=True, **SPEC_GRAMMAR).to_dict())
        try:
            printed = without_block_flags(parse(pair["printed"], no_location=True, **SPEC_GRAMMAR).to_dict())
        except GraphQLSyntaxError as error:
            mismatches.append({"file": pair["file"], "problem": f"printed text does not parse: {error.message}"})
            continue
        if original != printed:
            mismatches.append({"file": pair["file"], "problem": "printed text parses to a different document",
                               "original": json.dumps(original)[:600], "printed": json.dumps(printed)[:600]})
    print(json.dumps(mismatches, indent=1))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "corpus":
        shared = sys.argv[sys.argv.index("--shared") + 1] if "--shared" in sys.argv else "../shared/data"
        corpus(sys.argv[2], shared)
    elif len(sys.argv) == 3 and sys.argv[1] == "compare":
        compare(sys.argv[2])
    else:
        sys.exit(__doc__)
