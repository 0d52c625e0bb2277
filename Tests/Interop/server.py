"""A GraphQL server of another stack for Orion's interoperability tests: strawberry-graphql on uvicorn.

Usage: python3 server.py [--export-schema]
  Listens on 127.0.0.1 on a free port and prints `listening on PORT` once it accepts connections;
  with --export-schema, prints the schema's SDL instead (committed as schema.graphqls).

The schema covers what the tests exercise: a query with arguments, objects with ids (for the
normalized cache), a mutation that requires `Authorization: Bearer interop-token`, and
subscriptions over both WebSocket subprotocols: one that counts, one with an erroring event between
good ones, one whose second event has data of the wrong shape for the client's types.
"""
import asyncio
import socket
import sys
import typing

import strawberry
from strawberry.schema.config import StrawberryConfig
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL

TOKEN = "Bearer interop-token"

# A scalar the server sends as it likes: the client maps it to Int, so a string in it is data of
# the wrong shape for the client (a malformed event, as the client sees it).
Count = typing.NewType("Count", object)


@strawberry.type
class Author:
    id: strawberry.ID
    name: str


@strawberry.type
class Book:
    id: strawberry.ID
    title: str
    year: int
    author: Author


AUTHORS = {"a1": Author(id=strawberry.ID("a1"), name="Ursula K. Le Guin")}
BOOKS: dict = {}


def reset() -> None:
    BOOKS.clear()
    BOOKS["b1"] = Book(id=strawberry.ID("b1"), title="The Dispossessed", year=1974, author=AUTHORS["a1"])
    BOOKS["b2"] = Book(id=strawberry.ID("b2"), title="The Left Hand of Darkness", year=1969, author=AUTHORS["a1"])


reset()


@strawberry.type
class Query:
    @strawberry.field
    def book(self, id: strawberry.ID) -> typing.Optional[Book]:
        return BOOKS.get(id)

    @strawberry.field
    def books(self, published_after: int = 0) -> typing.List[Book]:
        return [book for book in BOOKS.values() if book.year > published_after]

    @strawberry.field
    def greeting(self, name: str, excited: bool = False) -> str:
        return f"Hello, {name}" + ("!" if excited else ".")

    @strawberry.field
    def headers(self, info: strawberry.Info, name: str) -> typing.Optional[str]:
        """A header of the request, as the server received it (for the upgrade's Origin)."""
        return info.context["request"].headers.get(name)


@strawberry.type
class Mutation:
    @strawberry.mutation
    def rename_book(self, info: strawberry.Info, id: strawberry.ID, title: str) -> Book:
        if info.context["request"].headers.get("authorization") != TOKEN:
            raise PermissionError("Unauthorized: send Authorization: Bearer interop-token")
        book = BOOKS[id]
        book.title = title
        return book

    @strawberry.mutation
    def reset(self) -> bool:
        reset()
        return True


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def count(self, to: int) -> typing.AsyncGenerator[int, None]:
        for value in range(1, to + 1):
            yield value

    @strawberry.subscription
    async def count_with_error(self, to: int, failing: int) -> typing.AsyncGenerator[typing.Optional[int], None]:
        """Counts to `to`; the event for `failing` is a GraphQL error instead of a number."""
        for value in range(1, to + 1):
            yield ValueError(f"{value} failed") if value == failing else value

    @strawberry.subscription
    async def count_malformed(self, to: int, malformed: int) -> typing.AsyncGenerator[Count, None]:
        """Counts to `to`; the event for `malformed` carries a string where the client expects an Int."""
        for value in range(1, to + 1):
            yield f"not a number: {value}" if value == malformed else value

    @strawberry.subscription
    async def upgrade_header(self, info: strawberry.Info, name: str) -> typing.AsyncGenerator[typing.Optional[str], None]:
        """A header of the WebSocket upgrade request, as the server received it."""
        yield ",".join(info.context["request"].headers.getlist(name)) or None


schema = strawberry.Schema(
    query=Query, mutation=Mutation, subscription=Subscription,
    config=StrawberryConfig(scalar_map={Count: strawberry.scalar(name="Count", serialize=lambda v: v, parse_value=lambda v: v)}),
)
app = GraphQL(schema, subscription_protocols=[GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL], allow_queries_via_get=True)


async def serve() -> None:
    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="off", ws="websockets-sansio")
    server = uvicorn.Server(config)
    # The socket listens before the line is printed: a client that reads it can connect at once.
    listener.listen(128)
    task = asyncio.create_task(server.serve(sockets=[listener]))
    while not server.started:
        await asyncio.sleep(0.01)
    print(f"listening on {port}", flush=True)
    await task


if __name__ == "__main__":
    if "--export-schema" in sys.argv:
        print(schema.as_str())
    else:
        asyncio.run(serve())
