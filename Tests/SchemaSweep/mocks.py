"""Mock responses: each operation executed by graphql-core against the schema with resolvers
that make up deterministic values.

Executing (rather than walking the selections ourselves) makes the response exactly what a
server following the spec sends: aliases, merged fields, fragments whose type condition
applies to the resolved type, and @include/@skip evaluated with the variables' values.
"""

from graphql import (
    GraphQLEnumType,
    GraphQLList,
    GraphQLNonNull,
    execute,
    is_abstract_type,
    is_composite_type,
)

from values import Rotation, leaf_value

# Every NULL_EVERY-th nullable field is null; list lengths rotate through LIST_LENGTHS.
NULL_EVERY = 7
LIST_LENGTHS = (2, 1, 0)


class MockResolver:
    """Field and type resolvers for graphql-core's `execute`. Counters live as long as the
    resolver, so that the rotations continue from one operation and variant to the next."""

    def __init__(self, schema):
        self.schema = schema
        self.rotation = Rotation()
        # What the mocks hold, for the report: (enum, value) pairs and concrete types.
        self.enum_values = set()
        self.typenames = set()
        self.enums_picked = set()  # the enums of the operation being executed

    def resolve_field(self, *positional, **arguments):
        # (source, info); the field's arguments come as keywords, and may be named `source`.
        info = positional[1]
        key = info.path.key
        return self.value(info.return_type, force_null=isinstance(key, str) and key.startswith("null_"))

    def value(self, type_, force_null=False):
        if isinstance(type_, GraphQLNonNull):
            type_ = type_.of_type
        elif force_null or self.rotation.next("null", NULL_EVERY) == NULL_EVERY - 1:
            return None
        if isinstance(type_, GraphQLList):
            length = LIST_LENGTHS[self.rotation.next("list", len(LIST_LENGTHS))]
            return [self.value(type_.of_type) for _ in range(length)]
        if is_composite_type(type_):
            if is_abstract_type(type_):
                # Concrete types in rotation, so that each type condition is met in turn.
                possible = sorted(t.name for t in self.schema.get_possible_types(type_))
                typename = possible[self.rotation.next(("abstract", type_.name), len(possible))]
            else:
                typename = type_.name
            self.typenames.add(typename)
            return {"__typename": typename}
        if isinstance(type_, GraphQLEnumType):
            name = leaf_value(type_, self.rotation)
            self.enum_values.add((type_.name, name))
            self.enums_picked.add(type_.name)
            return type_.values[name].value if type_.values[name].value is not None else name
        return leaf_value(type_, self.rotation)

    @staticmethod
    def resolve_type(value, info, abstract_type):
        return value["__typename"]


def mock_response(schema, document, operation_name, variables, resolver: MockResolver):
    result = execute(
        schema,
        document,
        variable_values=variables,
        operation_name=operation_name,
        field_resolver=resolver.resolve_field,
        type_resolver=resolver.resolve_type,
    )
    if result.errors:
        raise SystemExit(f"{operation_name}: the mock's execution failed: {result.errors[0]}")
    return result.data
