"""Writes, from a schema alone, operations that together touch every enum, input object,
interface, union and root field of the schema.

The operations of each root type are built as one tree of selections, then split into named
operations by root field:

1. every root field, selected to DEPTH levels (leaves, and a few composite fields per level);
2. paths: a type the tree does not reach yet is reached by the shortest path of fields (and
   type conditions) from a root type, merged into the tree;
3. every enum that is a field's type is selected somewhere; every enum and input object that
   is an argument's type is a variable somewhere (input objects reach the input objects and
   enums of their fields through the variable's value);
4. every interface and union has a named fragment with a type condition on each of its
   possible types, spread once where it is valid;
5. each operation gets aliases of one field with different arguments, and @include/@skip on
   fields, inline fragments and a spread of a named fragment on an object type.
"""

from collections import deque
from dataclasses import dataclass, field

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLUnionType,
    Undefined,
    get_named_type,
    is_abstract_type,
    is_composite_type,
    is_leaf_type,
)

from selections import FieldSelection, FragmentSpread, InlineFragment, SelectionSet, print_selection_set
from values import Rotation, variable_value

# Bounds that keep the generated code's compile time in budget (see README.md).
DEPTH = 2  # a root field's object, and the objects of its first CHILDREN composite fields
SUBSCRIPTION_DEPTH = 1  # subscriptions are an operation each: leaves of their root field only
LEAVES = 4  # leaf fields per selection set, enum fields aside (those are all selected)
CHILDREN = 1  # composite fields per selection set, within DEPTH
CASE_LEAVES = 1  # leaf fields per type condition of an interface's or union's fragment
ROOTS_PER_OPERATION = 40
MODELS_PER_OPERATION = 160

OPERATION_TYPES = ("query", "mutation", "subscription")


def is_required(argument) -> bool:
    return isinstance(argument.type, GraphQLNonNull) and argument.default_value is Undefined


def has_required_arguments(field_def) -> bool:
    return any(is_required(argument) for argument in field_def.args.values())


def fields_of(type_) -> dict:
    return type_.fields if isinstance(type_, (GraphQLObjectType, GraphQLInterfaceType)) else {}


@dataclass
class Operation:
    name: str
    operation_type: str
    selection_set: SelectionSet
    variables: dict  # name -> GraphQL input type, in order of use
    fragments: list = field(default_factory=list)  # names of the fragments it uses, transitively

    def text(self) -> str:
        definitions = ""
        if self.variables:
            definitions = "(" + ", ".join(f"${name}: {type_}" for name, type_ in self.variables.items()) + ")"
        return f"{self.operation_type} {self.name}{definitions} " + print_selection_set(self.selection_set) + "\n"


class SweepBuilder:
    def __init__(self, schema):
        self.schema = schema
        self.roots = {}  # operation type -> SelectionSet of its root type
        for operation_type in OPERATION_TYPES:
            root_type = schema.get_root_type(operation_type_node(operation_type))
            if root_type is not None:
                self.roots[operation_type] = SelectionSet(root_type)
        self.root_variables = {}  # id(root FieldSelection) -> {variable name: type}
        self.variable_count = 0
        self.fragments = {}  # name -> (type name, SelectionSet)
        self.selected_types = set()  # composite types that have a selection set somewhere
        self.output_enums = set()  # enums selected as a field somewhere
        self.paths = self.shortest_paths()
        self.uncovered = {}  # kind -> names no operation can reach

    # -- building blocks

    def new_variable(self, argument_name: str, type_, variables: dict) -> str:
        self.variable_count += 1
        name = f"{argument_name}{self.variable_count}"
        variables[name] = type_
        return name

    def add_field(self, selection_set, name, variables, key=None, directives="", extra_arguments=()):
        """Selects the field `name` under `key`, with a variable for each required argument
        and for `extra_arguments`. A root field gets its own variables."""
        field_def = fields_of(selection_set.type)[name]
        if variables is None:  # a root field: it carries its own variables into its operation
            variables = {}
        arguments = {}
        for argument_name, argument in field_def.args.items():
            if is_required(argument) or argument_name in extra_arguments:
                arguments[argument_name] = "$" + self.new_variable(argument_name, argument.type, variables)
        named = get_named_type(field_def.type)
        child = None
        if is_composite_type(named):
            child = SelectionSet(named, items=[FieldSelection("__typename", "__typename")])
            self.selected_types.add(named.name)
        elif isinstance(named, GraphQLEnumType):
            self.output_enums.add(named.name)
        selection = FieldSelection(key or selection_set.key_for(name), name, arguments, directives, child)
        selection_set.items.append(selection)
        if any(selection_set is root for root in self.roots.values()):
            self.root_variables[id(selection)] = variables
        return selection, variables

    def leaf_names(self, type_, limit):
        """Leaf fields without required arguments: every enum one, and up to `limit` others."""
        enums, others = [], []
        for name, field_def in fields_of(type_).items():
            named = get_named_type(field_def.type)
            if has_required_arguments(field_def) or not is_leaf_type(named):
                continue
            (enums if isinstance(named, GraphQLEnumType) else others).append(name)
        return enums + others[:limit]

    def fill(self, selection_set, depth, variables):
        """Selects leaves and, while depth lasts, a few composite fields (types not selected
        anywhere yet first)."""
        for name in self.leaf_names(selection_set.type, LEAVES):
            if selection_set.find_field(selection_set.key_for(name)) is None:
                self.add_field(selection_set, name, variables)
        if depth <= 1:
            return
        candidates = [
            name
            for name, field_def in fields_of(selection_set.type).items()
            if is_composite_type(get_named_type(field_def.type)) and not has_required_arguments(field_def)
        ]
        candidates.sort(key=lambda name: get_named_type(fields_of(selection_set.type)[name].type).name in self.selected_types)
        for name in candidates[:CHILDREN]:
            if selection_set.find_field(selection_set.key_for(name)) is None:
                child, _ = self.add_field(selection_set, name, variables)
                self.fill(child.selection_set, depth - 1, variables)

    # -- paths from the root types

    def shortest_paths(self):
        """Composite type name -> (operation type, steps): the fewest fields and type
        conditions from a root type (queries first) to a selection set on that type."""
        paths = {}
        queue = deque()
        for operation_type, root in self.roots.items():
            if root.type.name not in paths:
                paths[root.type.name] = (operation_type, [])
                queue.append(root.type.name)
        while queue:
            name = queue.popleft()
            type_ = self.schema.type_map[name]
            operation_type, steps = paths[name]
            for field_name, field_def in fields_of(type_).items():
                named = get_named_type(field_def.type)
                if is_composite_type(named) and named.name not in paths:
                    paths[named.name] = (operation_type, steps + [("field", field_name)])
                    queue.append(named.name)
            if is_abstract_type(type_):
                for possible in self.schema.get_possible_types(type_):
                    if possible.name not in paths:
                        paths[possible.name] = (operation_type, steps + [("on", possible.name)])
                        queue.append(possible.name)
        return paths

    def materialize(self, type_name):
        """A selection set on `type_name` in the tree, the path to it merged into what is
        there; and the variables of its root field (None for the root selection set)."""
        operation_type, steps = self.paths[type_name]
        selection_set = self.roots[operation_type]
        variables = None
        for kind, name in steps:
            if kind == "field":
                key = selection_set.key_for(name)
                selection = selection_set.find_field(key)
                if selection is None:
                    selection, variables = self.add_field(selection_set, name, variables)
                elif variables is None:
                    variables = self.root_variables[id(selection)]
                selection_set = selection.selection_set
            else:
                inline = selection_set.find_inline(name)
                if inline is None:
                    type_ = self.schema.type_map[name]
                    inline = InlineFragment(name, "", SelectionSet(type_, alias_prefix=name, items=[FieldSelection("__typename", "__typename")]))
                    selection_set.items.append(inline)
                    self.selected_types.add(name)
                selection_set = inline.selection_set
        return selection_set, variables

    # -- coverage

    def build(self):
        for operation_type, root in self.roots.items():
            for name in list(fields_of(root.type)):
                selection, variables = self.add_field(root, name, None)
                if selection.selection_set is not None:
                    depth = SUBSCRIPTION_DEPTH if operation_type == "subscription" else DEPTH
                    self.fill(selection.selection_set, depth, variables)
        self.cover_output_enums()
        self.cover_abstract_types()
        self.cover_input_types()

    def cover_output_enums(self):
        sites = {}  # enum name -> [(path length, parent type name, field name)]
        for type_ in self.schema.type_map.values():
            if type_.name.startswith("__") or type_.name not in self.paths:
                continue
            for name, field_def in fields_of(type_).items():
                named = get_named_type(field_def.type)
                if isinstance(named, GraphQLEnumType):
                    sites.setdefault(named.name, []).append((len(self.paths[type_.name][1]), type_.name, name))
        for enum_name in sorted(sites):
            if enum_name in self.output_enums:
                continue
            _, parent, name = min(sites[enum_name])
            selection_set, variables = self.materialize(parent)
            if selection_set.find_field(selection_set.key_for(name)) is None:
                selection, variables = self.add_field(selection_set, name, variables)

    def abstract_types(self):
        return [t for t in self.schema.type_map.values() if isinstance(t, (GraphQLInterfaceType, GraphQLUnionType)) and not t.name.startswith("__")]

    def fragment_for_abstract(self, type_):
        """`fragment SweepT on T`: T's leaves, and a type condition on each possible type."""
        name = fragment_name(type_.name)
        selection_set = SelectionSet(type_, alias_prefix=type_.name, items=[FieldSelection("__typename", "__typename")])
        for leaf in self.leaf_names(type_, LEAVES):
            self.add_field(selection_set, leaf, {})
        for possible in self.schema.get_possible_types(type_):
            case = SelectionSet(possible, alias_prefix=possible.name, items=[FieldSelection("__typename", "__typename")])
            for leaf in self.leaf_names(possible, CASE_LEAVES)[:CASE_LEAVES]:
                self.add_field(case, leaf, {})
            selection_set.items.append(InlineFragment(possible.name, "", case))
        self.fragments[name] = (type_.name, selection_set)
        return name

    def cover_abstract_types(self):
        """Spreads each interface's and union's fragment once: where the tree already has a
        selection set on it, else at the end of a path to it, else (an interface no field
        returns) in a selection set on one of its possible types."""
        on_type = {}
        for root in self.roots.values():
            for selection_set in root.walk():
                on_type.setdefault(selection_set.type.name, selection_set)
        for type_ in self.abstract_types():
            possible = self.schema.get_possible_types(type_)
            if not possible:
                self.uncovered.setdefault("abstract types without possible types", []).append(type_.name)
                continue
            target = on_type.get(type_.name)
            if target is None and type_.name in self.paths:
                target, _ = self.materialize(type_.name)
            if target is None:
                reachable = sorted((len(self.paths[p.name][1]), p.name) for p in possible if p.name in self.paths)
                if reachable:
                    target = on_type.get(reachable[0][1]) or self.materialize(reachable[0][1])[0]
            if target is None or any(target is root for root in self.roots.values()):
                self.uncovered.setdefault("unreachable interfaces and unions", []).append(type_.name)
                continue
            name = self.fragment_for_abstract(type_)
            target.items.append(FragmentSpread(name))

    def input_closure(self, type_, seen=None):
        """Input object and enum names a value of `type_` may hold, itself included."""
        seen = set() if seen is None else seen
        named = get_named_type(type_)
        if named.name in seen or not isinstance(named, (GraphQLInputObjectType, GraphQLEnumType)):
            return seen
        seen.add(named.name)
        if isinstance(named, GraphQLInputObjectType):
            for field_def in named.fields.values():
                self.input_closure(field_def.type, seen)
        return seen

    def covered_inputs(self):
        covered = set()
        for operation in self.roots.values():
            for selection_set in operation.walk():
                for item in selection_set.items:
                    if isinstance(item, FieldSelection):
                        for argument_name in item.arguments:
                            argument = fields_of(selection_set.type)[item.name].args[argument_name]
                            self.input_closure(argument.type, covered)
        return covered

    def cover_input_types(self):
        """An argument of each input type not yet reached: arguments of exactly that type
        first (enums then get a variable of their own), then ones whose values hold it."""
        targets = sorted(
            t.name for t in self.schema.type_map.values()
            if isinstance(t, (GraphQLInputObjectType, GraphQLEnumType)) and not t.name.startswith("__")
        )
        sites = []  # (parent type, field name, argument name, argument's named type)
        for type_ in self.schema.type_map.values():
            if type_.name.startswith("__") or type_.name not in self.paths:
                continue
            for name, field_def in fields_of(type_).items():
                for argument_name, argument in field_def.args.items():
                    sites.append((type_.name, name, argument_name, get_named_type(argument.type).name))
        for direct in (True, False):
            covered = self.covered_inputs()
            for target in targets:
                if target in covered:
                    continue
                candidates = [
                    (len(self.paths[parent][1]), parent, name, argument_name)
                    for parent, name, argument_name, argument_type in sites
                    if (argument_type == target if direct else target in self.input_closure(self.schema.type_map[argument_type]))
                ]
                if not candidates:
                    continue
                _, parent, name, argument_name = min(candidates)
                selection_set, variables = self.materialize(parent)
                self.variable_count += 1
                key = selection_set.key_for(f"{name}_{argument_name}{self.variable_count}")
                selection, _ = self.add_field(selection_set, name, variables, key=key, extra_arguments=(argument_name,))
                if selection.selection_set is not None:
                    for leaf in self.leaf_names(selection.selection_set.type, 1)[:1]:
                        self.add_field(selection.selection_set, leaf, variables)
                covered = self.covered_inputs()
        covered = self.covered_inputs()
        uncovered_inputs = [t for t in targets if t not in covered]
        # Enums selected as fields are covered too; the rest occur in no reachable position.
        unreached = [t for t in uncovered_inputs if t not in self.output_enums]
        if unreached:
            self.uncovered["enums and input objects in no reachable argument or field"] = unreached

    def enums(self):
        return [t for t in self.schema.type_map.values() if isinstance(t, GraphQLEnumType) and not t.name.startswith("__")]

    def coverage(self):
        """How much of the schema the operations touch, for the report."""
        in_variables = self.covered_inputs()
        enums = self.enums()
        inputs = [t for t in self.schema.type_map.values() if isinstance(t, GraphQLInputObjectType)]
        abstract = self.abstract_types()
        return {
            "enums": len(enums),
            "enums selected as fields": sum(e.name in self.output_enums for e in enums),
            "enums in variables": sum(e.name in in_variables for e in enums),
            "enums touched": sum(e.name in self.output_enums or e.name in in_variables for e in enums),
            "input objects": len(inputs),
            "input objects in variables": sum(t.name in in_variables for t in inputs),
            "interfaces and unions": len(abstract),
            "interfaces and unions with a fragment": sum(fragment_name(t.name) in self.fragments for t in abstract),
            "root fields": sum(len(fields_of(root.type)) for root in self.roots.values()),
        }

    # -- operations

    def operations(self):
        """The tree split into operations by root field, each with aliases and conditions."""
        result = []
        for operation_type, root in self.roots.items():
            groups, group, models = [], [], 0
            for item in root.items:
                cost = 1 + (item.selection_set.composite_count() if item.selection_set else 0)
                single = operation_type == "subscription"  # one root field per subscription
                if group and (single or len(group) >= ROOTS_PER_OPERATION or models + cost > MODELS_PER_OPERATION):
                    groups.append(group)
                    group, models = [], 0
                group.append(item)
                models += cost
            if group:
                groups.append(group)
            suffix = operation_type.capitalize()
            for index, group in enumerate(groups, 1):
                variables = {}
                for item in group:
                    variables.update(self.root_variables[id(item)])
                selection_set = SelectionSet(root.type, items=list(group))
                operation = Operation(f"Sweep{index:02d}{suffix}", operation_type, selection_set, variables)
                # Aliases and conditions once per root type: each inline fragment repeats the
                # fields of its parent in the generated code.
                if index == 1:
                    self.add_aliases(operation)
                    self.add_conditions(operation)
                result.append(operation)
        for operation in result:
            operation.fragments = self.fragments_used(operation.selection_set)
        return result

    def fragments_used(self, selection_set):
        used, queue = [], list(selection_set.spreads())
        while queue:
            name = queue.pop(0)
            if name in used:
                continue
            used.append(name)
            queue.extend(self.fragments[name][1].spreads())
        return used

    def add_aliases(self, operation):
        """One field twice, under two aliases, with different literal arguments: in the first
        selection set (breadth first; not a subscription's root) whose type has a field with
        an optional argument of a scalar or enum type."""
        for selection_set in operation.selection_set.walk():
            if operation.operation_type == "subscription" and selection_set is operation.selection_set:
                continue
            for name, field_def in fields_of(selection_set.type).items():
                literal_argument = next(
                    (a for a, argument in field_def.args.items()
                     if not is_required(argument) and is_leaf_type(argument.type if not isinstance(argument.type, GraphQLNonNull) else argument.type.of_type)),
                    None,
                )
                if literal_argument is None:
                    continue
                argument_type = get_named_type(field_def.args[literal_argument].type)
                for variant in (0, 1):
                    self.variable_count += 1
                    key = selection_set.key_for(f"alias{variant}_{name}")
                    selection, _ = self.add_field(selection_set, name, operation.variables, key=key)
                    selection.arguments[literal_argument] = literal(argument_type, variant)
                    if selection.selection_set is not None:
                        for leaf in self.leaf_names(selection.selection_set.type, 2)[:2]:
                            self.add_field(selection.selection_set, leaf, operation.variables)
                return

    def add_conditions(self, operation):
        """@include(if: $inc) and @skip(if: $skip) on fields (one of them answered with null),
        on inline fragments with and without a type condition and on a fragment spread."""
        for item in operation.selection_set.items:
            selection_set = item.selection_set if isinstance(item, FieldSelection) else None
            if selection_set is None or isinstance(selection_set.type, GraphQLUnionType):
                continue
            leaves = self.leaf_names(selection_set.type, LEAVES)
            if not leaves:
                continue
            # A nullable leaf, if there is one, so that `null_` shows an included null.
            nullable = [n for n in leaves if not isinstance(fields_of(selection_set.type)[n].type, GraphQLNonNull)]
            leaf = (nullable or leaves)[0]
            type_ = selection_set.type
            operation.variables["inc"] = "Boolean!"
            operation.variables["skip"] = "Boolean!"
            include, skip = " @include(if: $inc)", " @skip(if: $skip)"
            self.add_field(selection_set, leaf, operation.variables, key=f"included_{leaf}", directives=include)
            self.add_field(selection_set, leaf, operation.variables, key=f"skipped_{leaf}", directives=skip)
            # The mock answers fields whose alias starts with `null_` with null (when nullable).
            self.add_field(selection_set, leaf, operation.variables, key=f"null_{leaf}", directives=include)
            untyped = SelectionSet(type_, alias_prefix="untyped")
            self.add_field(untyped, leaf, operation.variables)
            selection_set.items.append(InlineFragment(None, include, untyped))
            typed = SelectionSet(type_, alias_prefix="typed")
            self.add_field(typed, leaf, operation.variables)
            selection_set.items.append(InlineFragment(type_.name, skip, typed))
            if isinstance(type_, GraphQLObjectType):
                name = fragment_name(type_.name)
                if name not in self.fragments:
                    fragment = SelectionSet(type_, alias_prefix=type_.name, items=[FieldSelection("__typename", "__typename")])
                    for leaf_name in self.leaf_names(type_, LEAVES):
                        self.add_field(fragment, leaf_name, {})
                    self.fragments[name] = (type_.name, fragment)
                selection_set.items.append(FragmentSpread(name, include))
            return

    def fragment_text(self, name) -> str:
        type_name, selection_set = self.fragments[name]
        return f"fragment {name} on {type_name} " + print_selection_set(selection_set) + "\n"


def fragment_name(type_name: str) -> str:
    return f"Sweep{type_name}"


def literal(type_, variant: int) -> str:
    """Two different literals of a leaf type."""
    if isinstance(type_, GraphQLEnumType):
        values = list(type_.values)
        return values[variant % len(values)]
    return {
        "Int": ("1", "2"),
        "Float": ("1.5", "2.5"),
        "Boolean": ("true", "false"),
    }.get(type_.name, ('"a"', '"b"'))[variant]


def operation_type_node(name):
    from graphql import OperationType

    return OperationType(name)
