#!/usr/bin/env python3
"""Writes a synthetic large app's GraphQL over GitHub's full public schema, for codegen scale figures.

    generate.py --operations N --out DIR [--fragments 300] [--schema PATH]

DIR/fragments/*.graphql holds the fragments (one per file), DIR/operations/*.graphql the queries (one
per file); DIR/schema.graphqls is a copy of the schema. The app is what issue 26 measures: fragments
spread in fragments up to six deep, fragments on interfaces, inline fragments on union members and
interface implementations, and the same fragment reached by many paths (operations spread fragments
that spread the same deeper fragments).

Deterministic: the same arguments write the same bytes. Operation i depends only on its index and
the fragments, so the first 500 operations of a 1,000-operation app are the 500-operation app's
(what `codegen.scale.linearity` compares). Only the fragments the operations reach are written.
Every document is checked with graphql-core, the reference implementation, before it is written.
"""

import argparse
import os
import random
import shutil
import sys

from graphql import (
    NoUnusedFragmentsRule,
    Undefined,
    build_schema,
    get_named_type,
    is_abstract_type,
    is_enum_type,
    is_input_object_type,
    is_interface_type,
    is_leaf_type,
    is_non_null_type,
    is_object_type,
    parse,
    specified_rules,
    validate,
)

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCHEMA = os.path.join(HERE, "..", "..", "..", "shared", "data", "schemas", "github-full", "schema-2024-07.graphqls")
# Fragments per nesting level: a level-L fragment spreads a level L-1 one, so level 5 is six deep.
LEVEL_SHARES = [80, 70, 50, 40, 35, 25]
RULES_WITHOUT_UNUSED = [rule for rule in specified_rules if rule is not NoUnusedFragmentsRule]


def literal(arg_type):
    """A literal for a required argument, or None when one cannot be written simply."""
    named = get_named_type(arg_type)
    if is_enum_type(named):
        return sorted(named.values)[0]
    if is_input_object_type(named):
        return None
    return {"Int": "10", "Float": "1.5", "Boolean": "false"}.get(named.name, '"x"')


class App:
    def __init__(self, schema, seed):
        self.schema = schema
        self.seed = seed
        self.fragments = []  # (name, type name, level, text, spreads)
        self.by_type = {}  # type name -> fragment indices
        # Composite type name -> [(parent type name, field name)] of fields returning it.
        self.parents = {}
        for type_ in schema.type_map.values():
            if type_.name.startswith("__") or not (is_object_type(type_) or is_interface_type(type_)):
                continue
            for field_name, field in type_.fields.items():
                target = get_named_type(field.type)
                if not is_leaf_type(target) and self.arguments(field) is not None:
                    self.parents.setdefault(target.name, []).append((type_.name, field_name))
        self.paths = self.paths_from_query()

    def arguments(self, field):
        """`(a: 1, b: "x")` for the field's required arguments (and `first` on connections), the
        same text wherever the field is selected (so selections merge); None if one cannot be filled."""
        parts = []
        for name, arg in sorted(field.args.items()):
            if name == "first" or is_required(arg):
                value = literal(arg.type)
                if value is None:
                    return None
                parts.append(f"{name}: {value}")
        return f"({', '.join(parts)})" if parts else ""

    def leaves(self, type_):
        return [
            (name, args)
            for name, field in sorted(type_.fields.items())
            if is_leaf_type(get_named_type(field.type)) and (args := self.arguments(field)) is not None
        ]

    def composite_fields(self, type_):
        return [
            (name, args, get_named_type(field.type))
            for name, field in sorted(type_.fields.items())
            if not is_leaf_type(get_named_type(field.type)) and (args := self.arguments(field)) is not None
        ]

    def spreadable(self, fragment_type, into):
        """Whether a fragment on `fragment_type` may be spread where the type is `into`."""
        possible = lambda t: set(p.name for p in self.schema.get_possible_types(t)) if is_abstract_type(t) else {t.name}
        return bool(possible(self.schema.type_map[fragment_type]) & possible(into))

    def scalar_lines(self, rng, type_, count, indent):
        leaves = self.leaves(type_)
        picked = rng.sample(leaves, min(count, len(leaves)))
        return [f"{indent}{name}{args}" for name, args in sorted(picked)]

    def selection_into(self, rng, type_, level, indent):
        """A selection set body for `type_`: a few scalars, and spreads of fragments below `level`
        on it or on its members (inline fragments on union members and implementations)."""
        lines = self.scalar_lines(rng, type_, rng.randint(1, 3), indent) if not is_union(type_) else []
        candidates = [i for i, f in enumerate(self.fragments) if f[2] < level and self.spreadable(f[1], type_)]
        for index in rng.sample(candidates, min(len(candidates), rng.randint(1, 2))):
            name, on = self.fragments[index][:2]
            if on == type_.name or not is_abstract_type(type_):
                lines.append(f"{indent}...{name}")
            else:
                lines.append(f"{indent}... on {on} {{\n{indent}  ...{name}\n{indent}}}")
        if is_abstract_type(type_):
            members = sorted(self.schema.get_possible_types(type_), key=lambda member: member.name)
            for member in rng.sample(members, min(len(members), rng.randint(1, 2))):
                inner = "\n".join(self.scalar_lines(rng, member, rng.randint(1, 2), indent + "  "))
                if inner:
                    lines.append(f"{indent}... on {member.name} {{\n{inner}\n{indent}}}")
        if not lines:
            lines.append(f"{indent}__typename")
        return lines

    def make_fragment(self, rng, number, level):
        if level == 0:
            types = [t for t in self.parents if t in self.paths and is_composite_with_leaves(self.schema.type_map[t])]
            interfaces = [t for t in types if is_interface_type(self.schema.type_map[t])]
            # A third on interfaces: their selections are what each implementation's model repeats.
            if rng.random() < 0.33:
                types = interfaces
            type_ = self.schema.type_map[rng.choice(sorted(types))]
            body = self.scalar_lines(rng, type_, rng.randint(3, 6), "  ")
        else:
            # Reach a fragment one level down through a field, so nesting is as deep as the level.
            below = [f for f in self.fragments if f[2] == level - 1]
            inner_name, inner_type = rng.choice(below)[:2]
            holders = [
                p for p in self.parents.get(inner_type, []) if p[0] in self.paths and is_composite_with_leaves(self.schema.type_map[p[0]])
            ]
            if not holders:
                return None
            parent_name, field_name = rng.choice(sorted(holders))
            type_ = self.schema.type_map[parent_name]
            field = type_.fields[field_name]
            field_type = get_named_type(field.type)
            body = self.scalar_lines(rng, type_, rng.randint(2, 4), "  ")
            body.append(f"  {field_name}{self.arguments(field)} {{\n    ...{inner_name}\n  }}" if field_type.name == inner_type
                        else f"  {field_name}{self.arguments(field)} {{\n    ... on {inner_type} {{\n      ...{inner_name}\n    }}\n  }}")
            # And one more composite field, spreading whatever fits below this level.
            others = [c for c in self.composite_fields(type_) if c[0] != field_name]
            if others and rng.random() < 0.6:
                other_name, other_args, other_type = rng.choice(others)
                inner = "\n".join(self.selection_into(rng, other_type, level, "    "))
                body.append(f"  {other_name}{other_args} {{\n{inner}\n  }}")
        name = f"{type_.name}Fragment{number}"
        text = f"fragment {name} on {type_.name} {{\n" + "\n".join(body) + "\n}\n"
        return name, type_.name, level, text

    def closure(self, text):
        """The texts of the fragments `text` spreads, transitively, in fragment order."""
        names = {f[0]: f for f in self.fragments}
        seen, stack = set(), [text]
        while stack:
            for token in stack.pop().split("...")[1:]:
                name = token.split()[0] if token.split() else ""
                if name in names and name not in seen:
                    seen.add(name)
                    stack.append(names[name][3])
        return [f for f in self.fragments if f[0] in seen]

    def valid(self, text, rules=None):
        document = parse(text + "".join(f[3] for f in self.closure(text)))
        return not validate(self.schema, document, rules)

    def build_fragments(self, count):
        total = sum(LEVEL_SHARES)
        number = 0
        for level, share in enumerate(LEVEL_SHARES):
            made = 0
            attempts = 0
            while made < round(share * count / total) and attempts < 50 * share:
                attempts += 1
                rng = random.Random(f"{self.seed}/fragment/{level}/{attempts}")
                fragment = self.make_fragment(rng, number, level)
                if fragment is None or not self.valid(fragment[3], RULES_WITHOUT_UNUSED):
                    continue
                self.fragments.append(fragment)
                number += 1
                made += 1

    def root_call(self, name, field, variables):
        """`name(arg: $name_arg, first: 10)` with a variable for each required argument."""
        args = []
        for arg_name, arg in sorted(field.args.items()):
            if is_required(arg):
                variable = f"{name}_{arg_name}"
                variables[variable] = f"${variable}: {arg.type}"
                args.append(f"{arg_name}: ${variable}")
            elif arg_name == "first":
                args.append("first: 10")
        return f"{name}({', '.join(args)})" if args else name

    def paths_from_query(self):
        """The shortest field path from Query to each composite type: [(parent type, field)]."""
        query = self.schema.query_type
        paths, frontier = {}, []
        for name, field in sorted(query.fields.items()):
            target = get_named_type(field.type)
            if not is_leaf_type(target) and all(is_leaf_type(get_named_type(a.type)) for a in field.args.values()) and target.name not in paths:
                paths[target.name] = [(query, name)]
                frontier.append(target)
        while frontier:
            next_frontier = []
            for type_ in frontier:
                if is_union(type_):
                    continue
                for name, _, target in self.composite_fields(type_):
                    if target.name not in paths and target.name != query.name:
                        paths[target.name] = paths[type_.name] + [(type_, name)]
                        next_frontier.append(target)
            frontier = next_frontier
        return paths

    def path_to(self, fragment, variables):
        """A selection from Query down to a place where `fragment` spreads."""
        name, on = fragment[:2]
        reachable = sorted((len(path), type_name) for type_name, path in self.paths.items() if self.spreadable(on, self.schema.type_map[type_name]))
        _, target = reachable[0]
        steps = self.paths[target]
        inner = f"...{name}" if target == on or not is_abstract_type(self.schema.type_map[target]) else f"... on {on} {{ ...{name} }}"
        for depth, (parent, field_name) in reversed(list(enumerate(steps))):
            field = parent.fields[field_name]
            call = self.root_call(field_name, field, variables) if depth == 0 else field_name + self.arguments(field)
            inner = f"{call} {{ {inner} }}"
        return "  " + inner

    def make_operation(self, index):
        query = self.schema.query_type
        roots = [
            (name, field)
            for name, field in sorted(query.fields.items())
            if not is_leaf_type(get_named_type(field.type)) and all(is_leaf_type(get_named_type(a.type)) for a in field.args.values())
        ]
        # Each fragment is some operation's main one, so every fragment is used.
        primary = self.fragments[index % len(self.fragments)]
        for attempt in range(40):
            rng = random.Random(f"{self.seed}/operation/{index}/{attempt}")
            variables = {}
            lines = [self.path_to(primary, variables)]
            for root_name, field in rng.sample(roots, rng.randint(0, 2)):
                # Operations spread fragments of every level, so that the same fragments are
                # reached by many paths.
                inner = "\n".join(self.selection_into(rng, get_named_type(field.type), len(LEVEL_SHARES), "    "))
                lines.append(f"  {self.root_call(root_name, field, variables)} {{\n{inner}\n  }}")
            header = f"({', '.join(variables[key] for key in sorted(variables))})" if variables else ""
            text = f"query Operation{index}{header} {{\n" + "\n".join(lines) + "\n}\n"
            if self.valid(text):
                return text
        raise SystemExit(f"generate.py: no valid operation {index} in 40 attempts")


def is_required(arg):
    return is_non_null_type(arg.type) and arg.default_value is Undefined


def is_union(type_):
    return is_abstract_type(type_) and not is_interface_type(type_)


def is_composite_with_leaves(type_):
    return type_.name not in ("Query", "Mutation", "Subscription") and (is_object_type(type_) or is_interface_type(type_)) and len(type_.fields) >= 4 and not type_.name.startswith("__")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--operations", type=int, default=1000)
    parser.add_argument("--fragments", type=int, default=300)
    parser.add_argument("--schema", default=DEFAULT_SCHEMA)
    parser.add_argument("--seed", default="orion")
    parser.add_argument("--out", required=True)
    options = parser.parse_args()

    with open(options.schema, encoding="utf-8") as file:
        schema = build_schema(file.read())
    # GitHub's schema deprecates implementations of fields its interfaces do not deprecate, which
    # graphql-core's newest schema rule refuses; the documents are still checked against it.
    schema._validation_errors = []
    app = App(schema, options.seed)
    app.build_fragments(options.fragments)
    operations = [app.make_operation(index) for index in range(options.operations)]
    used = {f[0] for text in operations for f in app.closure(text)}

    if os.path.isdir(options.out):
        shutil.rmtree(options.out)
    os.makedirs(os.path.join(options.out, "fragments"))
    os.makedirs(os.path.join(options.out, "operations"))
    shutil.copyfile(options.schema, os.path.join(options.out, "schema.graphqls"))
    for name, _, _, text in (f for f in app.fragments if f[0] in used):
        with open(os.path.join(options.out, "fragments", f"{name}.graphql"), "w", encoding="utf-8") as file:
            file.write(text)
    for index, text in enumerate(operations):
        with open(os.path.join(options.out, "operations", f"Operation{index}.graphql"), "w", encoding="utf-8") as file:
            file.write(text)
    levels = [f[2] for f in app.fragments if f[0] in used]
    print(f"{len(operations)} operations, {len(used)} fragments (deepest level {max(levels) if levels else -1}) in {options.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
