"""A GraphQL server of another stack for Orion's interoperability tests: strawberry-graphql on uvicorn.

Usage: python3 server.py [--export-schema]
  Listens on 127.0.0.1 on a free port and prints `listening on PORT` once it accepts connections;
  with --export-schema, prints the schema's SDL instead (committed as schema.graphqls).

The schema covers what the tests exercise: a query with arguments, objects with ids (for the
normalized cache), a mutation that requires `Authorization: Bearer interop-token`, file uploads
(the GraphQL multipart request spec), and subscriptions (over both WebSocket subprotocols and
HTTP multipart): one that counts, one with an erroring event between good ones, one whose second
event has data of the wrong shape for the client's types.

Strawberry has no automatic persisted queries, so `PersistedQueries` below adds Apollo's protocol
in front of it, over POST and GET, and logs what each request was (`persistedQueryLog`).
"""
import base64
import hashlib
import json
import sys
from pathlib import Path
import typing
import urllib.parse

import strawberry
from strawberry.schema.config import StrawberryConfig
from strawberry.asgi import GraphQL
from strawberry.file_uploads import Upload
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL, MULTIPART_SUBSCRIPTION_PROTOCOL

# The start-up the three test servers share.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "PythonSupport"))
from local_server import serve  # noqa: E402

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
    def persisted_query_log(self) -> typing.List[str]:
        """What each request with a persisted-query hash was: `miss|register|hit METHOD HASH`."""
        return list(PERSISTED_QUERY_LOG)

    @strawberry.field
    def headers(self, info: strawberry.Info, name: str) -> typing.Optional[str]:
        """A header of the request, as the server received it (for the upgrade's Origin)."""
        return info.context["request"].headers.get(name)


@strawberry.type
class UploadedFile:
    """A file as the server received it."""
    name: str
    content_type: str
    size: int
    base64: str

    @staticmethod
    async def read(file) -> "UploadedFile":
        data = await file.read()
        return UploadedFile(name=file.filename, content_type=file.content_type, size=len(data), base64=base64.b64encode(data).decode())


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
    async def upload(self, file: Upload) -> "UploadedFile":
        return await UploadedFile.read(file)

    @strawberry.mutation
    async def upload_many(self, files: typing.List[Upload]) -> typing.List["UploadedFile"]:
        return [await UploadedFile.read(file) for file in files]

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
PERSISTED_QUERY_LOG: typing.List[str] = []


class PersistedQueries:
    """Apollo's automatic persisted queries in front of an ASGI GraphQL app.

    A request whose `extensions.persistedQuery.sha256Hash` comes without a document gets the
    document registered under that hash, or `PersistedQueryNotFound` (code
    `PERSISTED_QUERY_NOT_FOUND`, status 200, as Apollo Server answers); one with its document
    registers it, once its hash checks out. Requests without a hash pass through untouched.
    """

    def __init__(self, app) -> None:
        self.app = app
        self.documents: typing.Dict[str, str] = {}

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope["method"] == "GET":
            params = urllib.parse.parse_qs(scope["query_string"].decode(), keep_blank_values=True)
            extensions = params.get("extensions")
            if not extensions:
                return await self.app(scope, receive, send)
            request = {"query": params.get("query", [None])[0], "extensions": json.loads(extensions[0])}
            problem = self.resolve(request, "GET")
            if problem:
                return await self.answer(send, *problem)
            params["query"] = [request["query"]]
            scope = dict(scope, query_string=urllib.parse.urlencode(params, doseq=True).encode())
            return await self.app(scope, receive, send)
        headers = dict(scope["headers"])
        if scope["method"] != "POST" or not headers.get(b"content-type", b"").startswith(b"application/json"):
            return await self.app(scope, receive, send)
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        request = json.loads(body)
        if isinstance(request, dict) and isinstance(request.get("extensions"), dict) and "persistedQuery" in request["extensions"]:
            problem = self.resolve(request, "POST")
            if problem:
                return await self.answer(send, *problem)
            body = json.dumps(request).encode()
        replayed = False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        scope = dict(scope, headers=[(k, v) for k, v in scope["headers"] if k != b"content-length"]
                     + [(b"content-length", str(len(body)).encode())])
        return await self.app(scope, replay, send)

    def resolve(self, request, method: str):
        """Fills in the document; returns (status, errors) when the request cannot go on."""
        digest = request["extensions"]["persistedQuery"].get("sha256Hash")
        document = request.get("query")
        if document is None:
            if digest not in self.documents:
                PERSISTED_QUERY_LOG.append(f"miss {method} {digest}")
                return 200, [{"message": "PersistedQueryNotFound", "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]
            PERSISTED_QUERY_LOG.append(f"hit {method} {digest}")
            request["query"] = self.documents[digest]
            return None
        if hashlib.sha256(document.encode()).hexdigest() != digest:
            return 400, [{"message": "provided sha does not match query", "extensions": {"code": "BAD_USER_INPUT"}}]
        PERSISTED_QUERY_LOG.append(f"register {method} {digest}")
        self.documents[digest] = document
        return None

    @staticmethod
    async def answer(send, status: int, errors) -> None:
        body = json.dumps({"errors": errors}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


app = PersistedQueries(GraphQL(
    schema, subscription_protocols=[GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL, MULTIPART_SUBSCRIPTION_PROTOCOL],
    allow_queries_via_get=True, multipart_uploads_enabled=True,
))


if __name__ == "__main__":
    if "--export-schema" in sys.argv:
        print(schema.as_str())
    else:
        serve(app, ws="websockets-sansio")
