"""How the tests' Python GraphQL servers (Tests/Interop, Tests/Paging, Tests/Defer) listen.

`serve(app)` runs an ASGI app on uvicorn on a free port of 127.0.0.1 and prints
`listening on PORT` once the port accepts connections: the line the Swift tests
(`StrawberryServer`) wait for, which names the port they connect to.
"""
import asyncio
import socket


def serve(app, **config) -> None:
    """Runs `app` until the process is killed; `config`: more `uvicorn.Config` settings."""
    asyncio.run(_serve(app, config))


async def _serve(app, config) -> None:
    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", **config))
    # The socket listens before the line is printed: a client that reads it can connect at once.
    listener.listen(128)
    task = asyncio.create_task(server.serve(sockets=[listener]))
    while not server.started:
        await asyncio.sleep(0.01)
    print(f"listening on {port}", flush=True)
    await task
