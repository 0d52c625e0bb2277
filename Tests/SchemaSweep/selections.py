"""A mutable tree of selections that the sweep builds, merges paths into and prints as GraphQL."""

from dataclasses import dataclass, field
from typing import Optional, Union

from graphql import GraphQLNamedType


@dataclass(eq=False)
class FieldSelection:
    response_key: str
    name: str
    # Argument name -> printed value (`$v1`, `3`, `"a"`).
    arguments: dict = field(default_factory=dict)
    directives: str = ""  # printed, with a leading space
    selection_set: Optional["SelectionSet"] = None



@dataclass(eq=False)
class InlineFragment:
    type_condition: Optional[str]
    directives: str
    selection_set: "SelectionSet"


@dataclass(eq=False)
class FragmentSpread:
    name: str
    directives: str = ""


Selection = Union[FieldSelection, InlineFragment, FragmentSpread]


@dataclass(eq=False)
class SelectionSet:
    type: GraphQLNamedType
    # Inside type conditions and named fragments every field is aliased `Type_field`: sibling
    # type cases may have fields of one name but different types (or nullability), which
    # could not be merged under one response key.
    alias_prefix: Optional[str] = None
    items: list = field(default_factory=list)

    def key_for(self, name: str) -> str:
        if name == "__typename" or self.alias_prefix is None:
            return name
        return f"{self.alias_prefix}_{name}"

    def find_field(self, key: str) -> Optional[FieldSelection]:
        """The unconditional field selected under `key`: paths are merged into it."""
        for item in self.items:
            if isinstance(item, FieldSelection) and item.response_key == key and not item.directives:
                return item
        return None

    def has_key(self, key: str) -> bool:
        return any(isinstance(item, FieldSelection) and item.response_key == key for item in self.items)

    def find_inline(self, type_name: str) -> Optional[InlineFragment]:
        for item in self.items:
            if isinstance(item, InlineFragment) and item.type_condition == type_name and not item.directives:
                return item
        return None

    def has_spread(self, name: str) -> bool:
        return any(isinstance(item, FragmentSpread) and item.name == name for item in self.items)

    def walk(self):
        """Every selection set in the tree, breadth first, this one included."""
        queue = [self]
        while queue:
            current = queue.pop(0)
            yield current
            for item in current.items:
                child = item.selection_set if isinstance(item, (FieldSelection, InlineFragment)) else None
                if child is not None:
                    queue.append(child)

    def spreads(self):
        for current in self.walk():
            for item in current.items:
                if isinstance(item, FragmentSpread):
                    yield item.name

    def composite_count(self) -> int:
        """Selection sets below this one: what each costs is a generated model."""
        return sum(1 for _ in self.walk()) - 1


def print_field(selection: FieldSelection, indent: str) -> str:
    text = indent
    if selection.response_key != selection.name:
        text += selection.response_key + ": "
    text += selection.name
    if selection.arguments:
        text += "(" + ", ".join(f"{name}: {value}" for name, value in selection.arguments.items()) + ")"
    text += selection.directives
    if selection.selection_set is not None:
        text += " " + print_selection_set(selection.selection_set, indent)
    return text


def print_selection_set(selection_set: SelectionSet, indent: str = "") -> str:
    inner = indent + "  "
    lines = []
    for item in selection_set.items:
        if isinstance(item, FieldSelection):
            lines.append(print_field(item, inner))
        elif isinstance(item, InlineFragment):
            condition = f" on {item.type_condition}" if item.type_condition else ""
            lines.append(f"{inner}...{condition}{item.directives} " + print_selection_set(item.selection_set, inner))
        else:
            lines.append(f"{inner}...{item.name}{item.directives}")
    return "{\n" + "\n".join(lines) + "\n" + indent + "}"
