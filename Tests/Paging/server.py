"""The pagination tests' server: one list of 50 items, paged three ways (strawberry-graphql on uvicorn).

Usage: python3 server.py [--export-schema]
  Listens on 127.0.0.1 on a free port and prints `listening on PORT` once it accepts connections;
  with --export-schema, prints the schema's SDL instead (committed as schema.graphqls).

- `items(first:after:last:before:)`: a Relay connection, forward (`first`/`after`) and backward
  (`last`/`before`); a cursor is `item:<index>`.
- `itemsByOffset(offset:limit:)`: a page by offset, with the list's total.
- `rename(id:name:)`: changes an item's name, for the tests of watched pages.
"""
import sys
from pathlib import Path
import typing

import strawberry
from strawberry.asgi import GraphQL

# The start-up the three test servers share.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "PythonSupport"))
from local_server import serve  # noqa: E402

COUNT = 50


@strawberry.type
class Item:
    id: strawberry.ID
    name: str


ITEMS = [Item(id=strawberry.ID(f"i{index}"), name=f"Item {index}") for index in range(COUNT)]


def cursor(index: int) -> str:
    return f"item:{index}"


def index_of(cursor: str) -> int:
    prefix, _, number = cursor.partition(":")
    if prefix != "item" or not number.isdigit() or int(number) >= COUNT:
        raise ValueError(f"Invalid cursor {cursor!r}")
    return int(number)


@strawberry.type
class PageInfo:
    start_cursor: typing.Optional[str]
    end_cursor: typing.Optional[str]
    has_previous_page: bool
    has_next_page: bool


@strawberry.type
class ItemEdge:
    cursor: str
    node: Item


@strawberry.type
class ItemConnection:
    edges: typing.List[ItemEdge]
    page_info: PageInfo


@strawberry.type
class ItemPage:
    offset: int
    total: int
    items: typing.List[Item]


@strawberry.type
class Query:
    @strawberry.field
    def items(self, first: typing.Optional[int] = None, after: typing.Optional[str] = None,
              last: typing.Optional[int] = None, before: typing.Optional[str] = None) -> ItemConnection:
        start = index_of(after) + 1 if after is not None else 0
        end = index_of(before) if before is not None else COUNT
        if first is not None:
            end = min(end, start + first)
        if last is not None:
            start = max(start, end - last)
        edges = [ItemEdge(cursor=cursor(index), node=ITEMS[index]) for index in range(start, end)]
        return ItemConnection(edges=edges, page_info=PageInfo(
            start_cursor=edges[0].cursor if edges else None, end_cursor=edges[-1].cursor if edges else None,
            has_previous_page=start > 0, has_next_page=end < COUNT,
        ))

    @strawberry.field
    def items_by_offset(self, offset: int, limit: int) -> ItemPage:
        if offset < 0 or limit < 1:
            raise ValueError("offset must be >= 0 and limit >= 1")
        return ItemPage(offset=offset, total=COUNT, items=ITEMS[offset:offset + limit])


@strawberry.type
class Mutation:
    @strawberry.mutation
    def rename(self, id: strawberry.ID, name: str) -> Item:
        item = next((item for item in ITEMS if item.id == id), None)
        if item is None:
            raise ValueError(f"No item {id}")
        item.name = name
        return item


schema = strawberry.Schema(query=Query, mutation=Mutation)
app = GraphQL(schema)


if __name__ == "__main__":
    if "--export-schema" in sys.argv:
        print(schema.as_str())
    else:
        serve(app)
