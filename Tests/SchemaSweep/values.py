"""Deterministic values: variables' JSON values for input types, and leaf values of responses.

Every choice rotates through a counter, so the same schema always gives the same values, and
enums rotate through all their values, deprecated ones included."""

from collections import defaultdict

from graphql import (
    Undefined,
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    get_named_type,
)

# How deep a variable's input object value nests optional input object fields, and how many
# optional input objects one variable's value may hold at most (filters of big schemas nest
# dozens at each level). Required fields are always given, whatever the depth: a valid schema
# has no cycle of required input fields.
INPUT_DEPTH = 4
INPUT_OBJECTS_PER_VARIABLE = 60


class Rotation:
    """Counters by key: `next(key, n)` is 0, 1, ..., n-1, 0, ... for each key."""

    def __init__(self):
        self.counters = defaultdict(int)

    def next(self, key, count: int) -> int:
        value = self.counters[key] % count
        self.counters[key] += 1
        return value


def enum_values(enum: GraphQLEnumType) -> list:
    """The values in rotation order: deprecated ones first, as they are the ones generated code
    treats differently, and an enum is often selected fewer times than it has values."""
    values = enum.values
    deprecated = [name for name, value in values.items() if value.deprecation_reason is not None]
    return deprecated + [name for name in values if name not in deprecated]


def scalar_value(scalar: GraphQLScalarType, rotation: Rotation):
    """A value of a scalar type as JSON. Floats always have a fraction, so that a Float read
    back as an Int (or the reverse) shows up as a difference."""
    n = rotation.next(("scalar", scalar.name), 1000) + 1
    if scalar.name == "Int":
        return n
    if scalar.name == "Float":
        return n + 0.25
    if scalar.name == "Boolean":
        return n % 2 == 1
    if scalar.name == "ID":
        return f"id{n}"
    if scalar.name == "String":
        return f"s{n}"
    # Custom scalars are Strings in the sweep's generated code (no scalar is mapped).
    return f"{scalar.name}-{n}"


def leaf_value(named, rotation: Rotation):
    if isinstance(named, GraphQLEnumType):
        values = enum_values(named)
        return values[rotation.next(("enum", named.name), len(values))]
    return scalar_value(named, rotation)


def variable_value(type_, rotation: Rotation):
    """A JSON value of an input type, for a variable. Nullable values are given (not null), so
    that nested input objects and enums are reached."""
    return input_value(type_, rotation, [INPUT_OBJECTS_PER_VARIABLE], (), 0)


def input_value(type_, rotation: Rotation, budget, path, depth):
    if isinstance(type_, GraphQLNonNull):
        return input_value(type_.of_type, rotation, budget, path, depth)
    if isinstance(type_, GraphQLList):
        return [input_value(type_.of_type, rotation, budget, path, depth)]
    if isinstance(type_, GraphQLInputObjectType):
        budget[0] -= 1
        return input_object_value(type_, rotation, budget, path, depth)
    return leaf_value(type_, rotation)


def input_object_value(type_: GraphQLInputObjectType, rotation: Rotation, budget, path, depth):
    path = path + (type_.name,)
    fields = type_.fields
    if getattr(type_, "is_one_of", False):
        # @oneOf: exactly one field, rotating; prefer one that does not recurse.
        names = list(fields)
        start = rotation.next(("oneOf", type_.name), len(names))
        ordered = names[start:] + names[:start]
        for name in ordered:
            if get_named_type(fields[name].type).name not in path:
                return {name: input_value(fields[name].type, rotation, budget, path, depth + 1)}
        name = ordered[0]
        return {name: input_value(fields[name].type, rotation, budget, path, depth + 1)}
    value = {}
    for name, field in fields.items():
        required = isinstance(field.type, GraphQLNonNull) and field.default_value is Undefined
        named = get_named_type(field.type)
        if not required and isinstance(named, GraphQLInputObjectType):
            if depth >= INPUT_DEPTH or named.name in path or budget[0] <= 0:
                continue
        value[name] = input_value(field.type, rotation, budget, path, depth + 1)
    return value
