"""The incremental delivery tests' server: graphql-core's incremental execution (`@defer`) on uvicorn.

Usage: python3 server.py [--format v0.2|20220824]
  Listens on 127.0.0.1 on a free port and prints `listening on PORT` once it accepts connections.

It answers POST /graphql with `multipart/mixed` when the request accepts it and the operation
defers fragments, a part per payload, in the format --format names (default v0.2, graphql-core's
own: `pending`, `incremental` with `id`, `completed`; 20220824: `incremental` with `path` and
`label`, which it rewrites graphql-core's payloads into), and plain JSON otherwise. Over WebSocket
(`graphql-transport-ws`) each payload is a `next` message, then `complete`.

Deferred parts are held: `Launch.rocket` waits for the gate `rocket-<id>`, `Launch.mission` for
`mission-<id>`, until the test opens it with POST /release/<gate>. So a test sees the first payload
before any deferred one because the server cannot send it earlier, not because of timing.
"""
import asyncio
import json
import sys
from pathlib import Path

from graphql import GraphQLError, build_schema, parse, validate
from graphql.execution import ExperimentalIncrementalExecutionResults, experimental_execute_incrementally

# The start-up the three test servers share.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "PythonSupport"))
from local_server import serve  # noqa: E402

SCHEMA = build_schema((Path(__file__).parent / "schema.graphqls").read_text())
FORMAT = sys.argv[sys.argv.index("--format") + 1] if "--format" in sys.argv else "v0.2"
GATES: dict = {}


def gate(name: str) -> asyncio.Event:
    return GATES.setdefault(name, asyncio.Event())


async def resolve_rocket(launch, info):
    await gate(f"rocket-{launch['id']}").wait()
    return {"id": f"rocket-{launch['id']}", "name": "Falcon 9", "type": "FT"}


async def resolve_mission(launch, info):
    await gate(f"mission-{launch['id']}").wait()
    return {"name": f"Mission {launch['id']}"}


def resolve_reliability(rocket, info):
    raise GraphQLError("Reliability is not known for this rocket.")


SCHEMA.query_type.fields["launch"].resolve = lambda root, info, id: {"id": id, "site": f"Site {id}"}
SCHEMA.type_map["Launch"].fields["rocket"].resolve = resolve_rocket
SCHEMA.type_map["Launch"].fields["mission"].resolve = resolve_mission
SCHEMA.type_map["Rocket"].fields["reliability"].resolve = resolve_reliability


async def execute(body: dict):
    """The operation's payloads: one dict, or an async iterator of dicts after the first."""
    try:
        document = parse(body.get("query") or "")
    except GraphQLError as error:
        return {"errors": [error.formatted]}, None
    errors = validate(SCHEMA, document)
    if errors:
        return {"errors": [error.formatted for error in errors]}, None
    result = experimental_execute_incrementally(
        SCHEMA, document, variable_values=body.get("variables"), operation_name=body.get("operationName"))
    if asyncio.iscoroutine(result):
        result = await result
    if not isinstance(result, ExperimentalIncrementalExecutionResults):
        return result.formatted, None
    return result.initial_result.formatted, (payload.formatted async for payload in result.subsequent_results)


def to_2022(payload: dict, pending: dict) -> dict:
    """A v0.2 payload in the 2022-08-24 format: each increment with its fragment's path and label."""
    for entry in payload.pop("pending", []):
        pending[entry["id"]] = entry
    converted = {key: value for key, value in payload.items() if key not in ("incremental", "completed")}
    increments = []
    for entry in payload.get("incremental", []):
        announced = pending[entry["id"]]
        increment = {"data": entry.get("data"), "path": announced["path"] + entry.get("subPath", [])}
        if "label" in announced:
            increment["label"] = announced["label"]
        if "errors" in entry:
            increment["errors"] = entry["errors"]
        increments.append(increment)
    for entry in payload.get("completed", []):
        # A fragment that failed as a whole: its errors, and no data.
        if "errors" in entry:
            announced = pending[entry["id"]]
            increments.append({"data": None, "path": announced["path"], "errors": entry["errors"]})
    if increments:
        converted["incremental"] = increments
    return converted


async def http(scope, receive, send) -> None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    path = scope["path"]
    if path.startswith("/release/"):
        gate(path[len("/release/"):]).set()
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})
        return
    accept = dict(scope["headers"]).get(b"accept", b"").decode()
    first, rest = await execute(json.loads(body or b"{}"))
    spec = "incrementalSpec=v0.2" if FORMAT == "v0.2" else "deferSpec=20220824"
    if rest is None or "multipart/mixed" not in accept or spec not in accept:
        if rest is not None:
            first = {"errors": [{"message": f"The operation defers fragments: accept multipart/mixed;{spec}."}]}
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": json.dumps(first).encode()})
        return
    content_type = f'multipart/mixed; boundary="-"; {spec}'.encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", content_type)]})
    pending: dict = {}

    # Each part is followed at once by the delimiter, as servers write it, so that the client knows
    # the part has ended without waiting for the next one; `--` after the last makes it final.
    await send({"type": "http.response.body", "body": b"\r\n---", "more_body": True})

    async def part(payload: dict) -> None:
        if FORMAT != "v0.2":
            payload = to_2022(payload, pending)
        text = b"\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + json.dumps(payload).encode() + b"\r\n---"
        await send({"type": "http.response.body", "body": text, "more_body": True})

    await part(first)
    async for payload in rest:
        await part(payload)
    await send({"type": "http.response.body", "body": b"--\r\n"})


async def websocket(scope, receive, send) -> None:
    """graphql-transport-ws, as much of it as the tests use: init, subscribe, ping, complete."""
    await receive()  # websocket.connect
    await send({"type": "websocket.accept", "subprotocol": "graphql-transport-ws"})
    tasks: dict = {}

    async def run(id: str, payload: dict) -> None:
        first, rest = await execute(payload)
        await send({"type": "websocket.send", "text": json.dumps({"id": id, "type": "next", "payload": first})})
        if rest is not None:
            async for more in rest:
                await send({"type": "websocket.send", "text": json.dumps({"id": id, "type": "next", "payload": more})})
        await send({"type": "websocket.send", "text": json.dumps({"id": id, "type": "complete"})})

    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            break
        text = message.get("text") or (message.get("bytes") or b"").decode()
        incoming = json.loads(text)
        kind = incoming.get("type")
        if kind == "connection_init":
            await send({"type": "websocket.send", "text": json.dumps({"type": "connection_ack"})})
        elif kind == "ping":
            await send({"type": "websocket.send", "text": json.dumps({"type": "pong"})})
        elif kind == "subscribe":
            tasks[incoming["id"]] = asyncio.create_task(run(incoming["id"], incoming["payload"]))
        elif kind == "complete" and incoming.get("id") in tasks:
            tasks.pop(incoming["id"]).cancel()
    for task in tasks.values():
        task.cancel()


async def app(scope, receive, send) -> None:
    if scope["type"] == "http":
        await http(scope, receive, send)
    elif scope["type"] == "websocket":
        await websocket(scope, receive, send)


if __name__ == "__main__":
    serve(app)
