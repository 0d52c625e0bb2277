#!/usr/bin/env python3
"""Drives the explorer and the docs site in headless Chromium over the DevTools protocol, against
the RocketReserver server and `orion docs --serve`: types a query with completion, runs it, logs in
and books through a mutation with a header, receives a tripsBooked event, previews the generated
Swift, and opens the docs of the RocketReserver and full GitHub schemas (follows links, searches).
Assertions read the DOM; every wait is for a DOM condition (a MutationObserver in the page),
bounded. Screenshots of each step go to SCREENSHOT_DIR.

Usage: explorer_test.py RR_BIN_DIR ORION_BIN_DIR SCREENSHOT_DIR"""
import asyncio, base64, itertools, json, os, re, shutil, subprocess, sys, tempfile, urllib.request

import websockets

RR_BIN, ORION_BIN, SHOTS = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("ORION_SHARED_DATA", os.path.join(os.path.dirname(ROOT), "shared", "data"))
GITHUB_SCHEMA = os.path.join(SHARED, "schemas", "github-full", "schema-2024-07.graphqls")
WAIT_SECONDS = 30


def start(command, pattern):
    """Starts a process and returns it with the first match of `pattern` in its standard output."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        match = re.search(pattern, line)
        if match:
            return process, match.group(1)
    raise AssertionError(f"{command[0]} exited before printing {pattern!r}")


class Page:
    """One Chromium tab, driven over its DevTools WebSocket."""

    def __init__(self, socket):
        self.socket = socket
        self.ids = itertools.count(1)
        self.step = itertools.count(1)

    async def call(self, method, **params):
        id = next(self.ids)
        await self.socket.send(json.dumps({"id": id, "method": method, "params": params}))
        while True:
            message = json.loads(await self.socket.recv())
            if message.get("id") == id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]

    async def evaluate(self, expression):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def wait_for(self, condition, what):
        """Resolves when `condition` (a JavaScript expression) is true: checked at once and on
        every change of the DOM, up to WAIT_SECONDS."""
        script = f"""new Promise((resolve) => {{
            const check = () => {{ try {{ return Boolean({condition}); }} catch (error) {{ return false; }} }};
            if (check()) return resolve(true);
            const observer = new MutationObserver(() => {{ if (check()) {{ observer.disconnect(); resolve(true); }} }});
            observer.observe(document, {{ subtree: true, childList: true, attributes: true, characterData: true }});
        }})"""
        try:
            await asyncio.wait_for(self.evaluate(script), WAIT_SECONDS)
        except asyncio.TimeoutError:
            await self.screenshot("timeout")
            raise AssertionError(f"timed out waiting for {what} ({condition})")

    async def open(self, url, ready="document.body.dataset.ready === 'true'"):
        await self.call("Page.navigate", url=url)
        # A new document: wait for its script to have rendered. A check that ran in the
        # document being replaced fails with its context; it is asked again of the new one.
        for attempt in range(3):
            try:
                return await self.wait_for(f"location.href.startsWith({json.dumps(url.split('#')[0])}) && {ready}", f"{url} to load")
            except AssertionError as error:
                if "context" not in str(error).lower() or attempt == 2:
                    raise

    async def screenshot(self, name):
        data = (await self.call("Page.captureScreenshot", format="png"))["data"]
        path = os.path.join(SHOTS, f"{next(self.step):02d}-{name}.png")
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        print(f"  screenshot {path}")

    async def type(self, text):
        """Types as a user does: one character at a time, each an input event."""
        for character in text:
            await self.call("Input.insertText", text=character)

    async def key(self, key, code, key_code):
        for kind in ("keyDown", "keyUp"):
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=key_code)

    async def set_editor(self, text):
        await self.evaluate("(() => { const e = document.getElementById('operation'); e.focus(); e.select(); })()")
        await self.call("Input.insertText", text=text)

    async def set_pane(self, id, text):
        await self.evaluate(f"document.getElementById({json.dumps(id)}).value = {json.dumps(text)}")

    async def run(self):
        runs = await self.evaluate("Number(document.getElementById('result').dataset.runs)")
        await self.evaluate("document.getElementById('run').click()")
        await self.wait_for(f"Number(document.getElementById('result').dataset.runs) > {runs}", "the result")
        return json.loads(await self.evaluate("document.getElementById('result').textContent"))


async def explorer_steps(page, server_url):
    print("Explorer at", server_url)
    await page.open(server_url)
    await page.screenshot("explorer-loaded")

    # A query typed with completion: "lau" offers launches, Enter takes it.
    await page.set_editor("")
    await page.type("query Launches {\n  lau")
    await page.wait_for("!document.getElementById('completion').hidden && document.querySelector('#completion li.active')?.textContent.startsWith('launches')",
                        "completion of launches")
    await page.screenshot("completion")
    await page.key("Enter", "Enter", 13)
    await page.type("(pageSize: 3) {\n    launches { id site mission { name } }\n  }\n}")
    text = await page.evaluate("document.getElementById('operation').value")
    assert "launches(pageSize: 3)" in text, text
    highlighted = await page.evaluate("[...document.querySelectorAll('#highlight .tok-field')].map((node) => node.textContent)")
    assert "launches" in highlighted and "site" in highlighted, highlighted
    result = await page.run()
    launches = result["data"]["launches"]["launches"]
    assert len(launches) == 3 and launches[0]["mission"]["name"], result
    await page.screenshot("query-result")

    # A subscription, then login and booking with the token in a header: the event arrives.
    await page.set_editor("subscription Trips {\n  tripsBooked\n}\n")
    await page.evaluate("document.getElementById('run').click()")
    await page.wait_for("document.body.dataset.subscription === 'active'", "the subscription")
    await page.screenshot("subscribed")
    await page.set_editor('mutation Login {\n  login(email: "explorer@orion.test") {\n    token\n  }\n}\n')
    token = (await page.run())["data"]["login"]["token"]
    assert token, "login returned no token"
    await page.set_pane("headers", json.dumps({"Authorization": token}))
    await page.set_editor('mutation Book {\n  bookTrips(launchIds: ["7"]) {\n    success\n    message\n  }\n}\n')
    booked = await page.run()
    assert booked["data"]["bookTrips"]["success"] is True, booked
    await page.wait_for("Number(document.getElementById('events').dataset.count) >= 1", "a tripsBooked event")
    event = json.loads(await page.evaluate("document.querySelector('#events li').textContent"))
    assert event == {"data": {"tripsBooked": 1}}, event
    await page.screenshot("trip-event")
    await page.evaluate("document.getElementById('stop').click()")

    # The generated-Swift preview, then a validation error with its line and column.
    await page.set_editor("query LaunchSite {\n  launch(id: \"1\") {\n    site\n  }\n}\n")
    await page.evaluate("document.getElementById('preview').click()")
    await page.wait_for("document.getElementById('swift').dataset.previews === '1'", "the Swift preview")
    swift = await page.evaluate("document.getElementById('swift').textContent")
    assert "LaunchSiteQuery" in swift and "var site: Swift.String?" in swift, swift[:2000]
    await page.screenshot("swift-preview")
    await page.set_editor("query Broken {\n  launch(id: \"1\") {\n    nope\n  }\n}\n")
    await page.evaluate("document.getElementById('preview').click()")
    await page.wait_for("document.getElementById('swift').dataset.previews === '2'", "the preview's errors")
    errors = await page.evaluate("document.getElementById('swift').textContent")
    assert re.search(r"^3:5: .*nope", errors, re.M), errors
    await page.screenshot("swift-preview-errors")


async def docs_steps(page, url, type_name, member, search, expect_interface):
    print("Docs at", url)
    await page.open(url)
    loaded = await page.evaluate("Number(document.body.dataset.readyMs)")
    types = await page.evaluate("document.querySelectorAll('.docs-list a').length")
    print(f"  {types} index links; ready {loaded:.0f} ms after navigation started")
    await page.screenshot("docs-index")
    await page.evaluate(f"document.querySelector('.docs-list a[href=\"#{type_name}\"]').click()")
    await page.wait_for(f"document.querySelector('.docs-main h1')?.textContent === {json.dumps(type_name)}", f"the page of {type_name}")
    fields = await page.evaluate("[...document.querySelectorAll('.docs-main .field')].map((node) => node.dataset.field)")
    assert member in fields, fields
    if expect_interface:
        links = await page.evaluate("[...document.querySelectorAll('.docs-main .links a')].map((node) => node.textContent)")
        assert expect_interface in links, links
        # Follow the link to the interface, whose page lists the type among its implementations.
        await page.evaluate(f"document.querySelector('.docs-main .links a[href=\"#{expect_interface}\"]').click()")
        await page.wait_for(f"document.querySelector('.docs-main h1')?.textContent === {json.dumps(expect_interface)}", "the interface's page")
        implementations = await page.evaluate("[...document.querySelectorAll('.docs-main .links a')].map((node) => node.textContent)")
        assert type_name in implementations, implementations
    await page.screenshot(f"docs-{type_name}")
    await page.evaluate(f"""(() => {{ const box = document.querySelector('.docs-search'); box.value = {json.dumps(search)};
        box.dispatchEvent(new Event('input')); }})()""")
    await page.wait_for("document.querySelector('.search-results')", "search results")
    found = await page.evaluate("[...document.querySelectorAll('.search-results a')].map((node) => node.textContent)")
    assert f"{type_name}.{member}" in found or type_name in found, found[:20]
    await page.screenshot(f"docs-search-{search}")
    return loaded


async def main():
    shutil.rmtree(SHOTS, ignore_errors=True)
    os.makedirs(SHOTS)
    sites = tempfile.mkdtemp(prefix="orion-docs-")
    processes = []
    try:
        server, server_url = start([os.path.join(RR_BIN, "rocket-reserver-server"), "--port", "0"], r"(http://\S+/graphql)")
        processes.append(server)
        subprocess.run([os.path.join(ORION_BIN, "orion"), "docs", "--schema", GITHUB_SCHEMA, "--output", os.path.join(sites, "github"), "--title", "GitHub"], check=True)
        proxy, proxy_url = start([os.path.join(ORION_BIN, "orion"), "docs", "--schema", os.path.join(ROOT, "Examples/RocketReserver/Sources/RocketReserverServer/Resources/schema.graphqls"),
                                  "--serve", "--port", "0", "--endpoint", server_url], r"(http://127\.0\.0\.1:\d+/) ")
        processes.append(proxy)

        chromium = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-port=0",
             f"--user-data-dir={os.path.join(sites, 'profile')}", "--window-size=1400,900", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        processes.append(chromium)
        for line in chromium.stderr:
            match = re.search(r"DevTools listening on ws://([^/]+)/", line)
            if match:
                break
        else:
            raise AssertionError("chromium did not start its DevTools server")
        with urllib.request.urlopen(f"http://{match.group(1)}/json/list") as response:
            target = next(item for item in json.load(response) if item["type"] == "page")
        async with websockets.connect(target["webSocketDebuggerUrl"], max_size=None) as socket:
            page = Page(socket)
            await page.call("Page.enable")
            await explorer_steps(page, server_url)
            await docs_steps(page, server_url.replace("/graphql", "/docs"), "Launch", "mission", "mission", None)
            await docs_steps(page, f"file://{sites}/github/index.html", "Repository", "pullRequests", "pullRequests", "Node")
            await page.open(f"file://{sites}/github/explorer.html")
            print(f"  the GitHub explorer: ready {await page.evaluate('Number(document.body.dataset.readyMs)'):.0f} ms after navigation started")
            await page.set_editor("query Repo {\n  repository(owner: \"o\", name: \"n\") {\n    pullR")
            await page.evaluate("document.getElementById('operation').dispatchEvent(new KeyboardEvent('keydown', {key: ' ', ctrlKey: true}))")
            await page.wait_for("document.querySelector('#completion li.active')?.textContent.startsWith('pullRequest')", "completion on the GitHub schema")
            await page.screenshot("github-explorer-completion")

            # orion docs --serve: the explorer's query goes through the proxy to the server.
            print("orion docs --serve at", proxy_url)
            await page.open(proxy_url + "explorer.html")
            await page.set_editor("query Total {\n  totalTripsBooked\n}\n")
            total = await page.run()
            assert total["data"]["totalTripsBooked"] >= 1, total
            await page.screenshot("serve-explorer")
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait()
        shutil.rmtree(sites, ignore_errors=True)
    print("Browser tests passed")


asyncio.run(main())
