// Orion's explorer: an operation editor (highlighting, completion from the schema), variables and
// headers, queries and mutations sent with POST, subscriptions over WebSocket
// (graphql-transport-ws), the generated-Swift preview, and the schema docs beside.
// The page's state for tests and tools is in data- attributes of the elements it names.
"use strict";

(() => {
  const { readSchema, mount, namedType, escape } = window.OrionDocs;
  const body = document.body;
  const schema = readSchema();
  const endpoint = new URL(body.dataset.endpoint || "/graphql", location.href);
  const subscriptionURL = new URL(body.dataset.subscriptions || endpoint, location.href);
  // The endpoint's scheme with its web-socket counterpart (ws: or, when secure, wss:). The pages
  // spell no URL scheme out, so that a search of the site for other sites' addresses finds none.
  if (!subscriptionURL.protocol.startsWith("ws")) subscriptionURL.protocol = subscriptionURL.protocol.replace(/^[a-z]+?(s?):$/, "ws$1:");
  const previewURL = body.dataset.preview ? new URL(body.dataset.preview, location.href) : null;
  const title = body.dataset.title || "GraphQL";

  body.innerHTML = `<div class="explorer">
  <section>
    <div class="toolbar"><h1>${escape(title)}</h1><a href="${escape(body.dataset.docs)}">Docs</a>
      <button id="run" title="Run (Ctrl+Enter)">Run</button><button id="stop" class="secondary" disabled>Stop</button></div>
    <div class="pane-title">Operation</div>
    <div class="editor"><pre id="highlight" aria-hidden="true"></pre><textarea id="operation" spellcheck="false" autocomplete="off" aria-label="Operation"></textarea>
      <ul id="completion" class="completion" role="listbox" hidden></ul></div>
    <div class="pane-title">Variables (JSON)</div>
    <textarea id="variables" class="small-pane" spellcheck="false" aria-label="Variables">{}</textarea>
    <div class="pane-title">Headers (JSON)</div>
    <textarea id="headers" class="small-pane" spellcheck="false" aria-label="Headers">{}</textarea>
  </section>
  <section>
    <div class="toolbar"><h1>Result</h1><span id="status" class="status"></span></div>
    <pre id="result" class="output" data-runs="0"></pre>
    <div class="pane-title">Subscription events</div>
    <ol id="events" class="events" data-count="0"></ol>
    <div class="toolbar"><h1>Generated Swift</h1><button id="preview" class="secondary"${previewURL ? "" : " disabled title=\"Served by orion docs --serve and the RocketReserver server\""}>Preview</button></div>
    <pre id="swift" class="output" data-previews="0"></pre>
  </section>
  <section id="docs"></section>
</div>`;

  const editor = document.getElementById("operation");
  const highlight = document.getElementById("highlight");
  const completion = document.getElementById("completion");
  const variablesPane = document.getElementById("variables");
  const headersPane = document.getElementById("headers");
  const result = document.getElementById("result");
  const events = document.getElementById("events");
  const status = document.getElementById("status");
  const swift = document.getElementById("swift");
  const runButton = document.getElementById("run");
  const stopButton = document.getElementById("stop");
  const showType = mount(document.getElementById("docs"), schema, { title: `${title} docs` });
  window.addEventListener("hashchange", () => showType(location.hash.slice(1)));
  showType(location.hash.slice(1));

  // --- Tokens and the walk that gives each name its role -----------------------------------

  const TOKEN = /(\s+|,)|(#[^\n]*)|("""[\s\S]*?(?:"""|$)|"(?:[^"\\\n]|\\.)*"?)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(\.\.\.)|(\$?[_A-Za-z][_0-9A-Za-z]*)|([!$&()[\]{}:=@|])|(.)/gy;
  const KINDS = ["space", "comment", "string", "number", "spread", "name", "punctuation", "punctuation"];

  function tokenize(text) {
    const tokens = [];
    TOKEN.lastIndex = 0;
    let match;
    while (TOKEN.lastIndex < text.length && (match = TOKEN.exec(text))) {
      const kind = KINDS[match.slice(1).findIndex((group) => group !== undefined)];
      const token = { kind, text: match[0], start: match.index, end: TOKEN.lastIndex, role: kind };
      if (kind === "name" && token.text.startsWith("$")) token.role = "variable";
      tokens.push(token);
    }
    return tokens;
  }

  const fieldsOf = (typeName) => {
    const type = schema.byName.get(typeName);
    return type && type.fields ? type.fields : [];
  };
  const directiveNamed = (name) => schema.directives.find((directive) => directive.name === name);

  /**
   * Walks the tokens as the GraphQL grammar nests them, giving each name its role (keyword,
   * field, type, argument, ...) and returning where the walk ended: the selection sets open
   * (their types), the argument or variable list open, and what the next name would be.
   */
  function walk(tokens) {
    const stack = [];     // the type of each open selection set (null when unknown)
    const parens = [];    // open argument lists {field, argument, afterColon, depth} or variable definitions {variables}
    const operations = []; // {start, type, name} of each operation, in order
    let pending = null;   // the type the next "{" opens
    let expect = null;    // "operationName", "fragmentName", "typeCondition", "type", "directive"
    let lastField = null; // the field or directive whose arguments a "(" opens
    let afterSpread = false;
    for (const token of tokens) {
      if (token.kind === "space" || token.kind === "comment") continue;
      const paren = parens[parens.length - 1];
      if (token.kind === "punctuation") {
        // An anonymous operation: what follows its keyword is not a name.
        if (expect === "operationName") expect = null;
        switch (token.text) {
          case "{":
            if (paren) { paren.depth++; break; }
            if (stack.length === 0 && pending === null) {
              pending = schema.query;
              operations.push({ start: token.start, type: "query", name: null });
            }
            stack.push(pending);
            pending = null;
            lastField = null;
            break;
          case "}":
            if (paren) { if (--paren.depth === 0) paren.afterColon = false; break; }
            stack.pop();
            lastField = null;
            break;
          case "[":
            if (paren && !paren.variables) paren.depth++;
            break;
          case "]":
            if (paren && !paren.variables && --paren.depth === 0) paren.afterColon = false;
            break;
          case "(":
            parens.push(stack.length === 0 ? { variables: true } : { field: lastField, argument: null, afterColon: false, depth: 0 });
            break;
          case ")":
            parens.pop();
            expect = null;
            break;
          case ":":
            if (paren && paren.variables) expect = "type";
            else if (paren && paren.depth === 0) paren.afterColon = true;
            break;
          case "=":
            expect = null;
            break;
          case "@":
            expect = "directive";
            break;
        }
        afterSpread = false;
        continue;
      }
      if (token.kind === "spread") { afterSpread = true; continue; }
      if (token.kind !== "name") {
        if (paren && !paren.variables && paren.depth === 0) paren.afterColon = false;
        continue;
      }
      if (token.role === "variable") {
        if (paren && !paren.variables && paren.depth === 0) paren.afterColon = false;
        continue;
      }
      const name = token.text;
      if (expect === "directive") {
        token.role = "keyword";
        lastField = directiveNamed(name) || null;
        expect = null;
      } else if (expect === "typeCondition" || expect === "type") {
        token.role = "type";
        if (expect === "typeCondition") pending = name;
        expect = null;
      } else if (expect === "operationName" || expect === "fragmentName") {
        token.role = "name";
        if (expect === "operationName") operations[operations.length - 1].name = name;
        expect = expect === "fragmentName" ? "on" : null;
      } else if (paren && !paren.variables) {
        if (paren.depth > 0 || paren.afterColon) {
          token.role = ["true", "false", "null"].includes(name) ? "keyword" : "type";
          if (paren.depth === 0) paren.afterColon = false;
        } else {
          token.role = "name";
          paren.argument = name;
        }
      } else if (name === "on" && (afterSpread || expect === "on")) {
        token.role = "keyword";
        expect = "typeCondition";
      } else if (afterSpread) {
        token.role = "name";
      } else if (stack.length === 0) {
        token.role = "keyword";
        if (["query", "mutation", "subscription"].includes(name)) {
          pending = schema[name] || null;
          operations.push({ start: token.start, type: name, name: null });
          expect = "operationName";
        } else if (name === "fragment") {
          expect = "fragmentName";
        }
      } else {
        token.role = "field";
        const field = fieldsOf(stack[stack.length - 1]).find((candidate) => candidate.name === name);
        lastField = field || null;
        pending = field ? namedType(field.type) : null;
      }
      afterSpread = false;
    }
    return { stack, paren: parens[parens.length - 1], expect, afterSpread, operations };
  }

  // --- Highlighting: a <pre> of the same text under the transparent textarea ---------------

  function render() {
    const text = editor.value;
    const tokens = tokenize(text);
    walk(tokens);
    highlight.innerHTML = tokens.map((token) =>
      token.kind === "space" ? escape(token.text) : `<span class="tok-${token.role}">${escape(token.text)}</span>`).join("") + "\n";
    highlight.scrollTop = editor.scrollTop;
    highlight.scrollLeft = editor.scrollLeft;
  }

  // --- Completion -------------------------------------------------------------------------

  let suggestions = [];
  let active = 0;
  let replaceFrom = 0;

  /** What may stand at the caret, given the text before it. */
  function suggestionsAt(text, caret) {
    const tokens = tokenize(text.slice(0, caret));
    let prefix = "";
    const last = tokens[tokens.length - 1];
    if (last && last.kind === "name" && last.end === caret) {
      prefix = last.text;
      tokens.pop();
    }
    const state = walk(tokens);
    const paren = state.paren;
    let items = [];
    const typesWhere = (test) => schema.types.filter(test).map((type) => ({ label: type.name, detail: type.kind.toLowerCase() }));
    if (state.expect === "typeCondition") {
      items = typesWhere((type) => ["OBJECT", "INTERFACE", "UNION"].includes(type.kind));
    } else if (paren && paren.variables) {
      if (state.expect === "type") items = typesWhere((type) => ["SCALAR", "ENUM", "INPUT_OBJECT"].includes(type.kind));
    } else if (paren) {
      const args = paren.field && paren.field.args ? paren.field.args : [];
      if (paren.depth === 0 && !paren.afterColon) {
        items = args.map((arg) => ({ label: arg.name, detail: arg.type }));
      } else if (paren.depth === 0) {
        const argument = args.find((arg) => arg.name === paren.argument);
        const type = argument && schema.byName.get(namedType(argument.type));
        if (type && type.enumValues) items = type.enumValues.map((value) => ({ label: value.name, detail: type.name }));
      }
    } else if (state.afterSpread) {
      items = [{ label: "on", detail: "type condition" }];
    } else if (state.stack.length > 0) {
      const typeName = state.stack[state.stack.length - 1];
      items = fieldsOf(typeName).map((field) => ({ label: field.name, detail: field.type, deprecated: field.deprecationReason !== undefined }));
      if (typeName) items.push({ label: "__typename", detail: "String!" });
    } else if (state.expect === null) {
      items = ["query", "mutation", "subscription", "fragment"].filter((keyword) => keyword === "query" || keyword === "fragment" || schema[keyword])
        .map((keyword) => ({ label: keyword, detail: "keyword" }));
    }
    const needle = prefix.toLowerCase();
    const starts = items.filter((item) => item.label.toLowerCase().startsWith(needle));
    const contains = items.filter((item) => !item.label.toLowerCase().startsWith(needle) && item.label.toLowerCase().includes(needle));
    return { items: starts.concat(contains).filter((item) => item.label !== prefix || items.length > 1), from: caret - prefix.length };
  }

  function openCompletion() {
    const found = suggestionsAt(editor.value, editor.selectionStart);
    suggestions = found.items;
    replaceFrom = found.from;
    active = 0;
    if (suggestions.length === 0) return closeCompletion();
    completion.innerHTML = suggestions.slice(0, 100).map((item, index) =>
      `<li role="option" data-index="${index}" class="${index === 0 ? "active" : ""}"><span class="${item.deprecated ? "deprecated-name" : ""}">${escape(item.label)}</span><span class="detail">${escape(item.detail)}</span></li>`).join("");
    // Under the caret: the editor is monospaced, so line and column give the position.
    const before = editor.value.slice(0, replaceFrom);
    const line = before.split("\n").length - 1;
    const column = before.length - before.lastIndexOf("\n") - 1;
    const style = getComputedStyle(editor);
    const lineHeight = parseFloat(style.lineHeight);
    completion.style.top = `${8 + (line + 1) * lineHeight - editor.scrollTop}px`;
    completion.style.left = `${8 + column * characterWidth() - editor.scrollLeft}px`;
    completion.hidden = false;
  }

  let measuredWidth = 0;
  function characterWidth() {
    if (!measuredWidth) {
      const probe = document.createElement("span");
      probe.textContent = "M".repeat(10);
      highlight.appendChild(probe);
      measuredWidth = probe.getBoundingClientRect().width / 10;
      probe.remove();
    }
    return measuredWidth;
  }

  function closeCompletion() {
    completion.hidden = true;
    suggestions = [];
  }

  function accept(index) {
    const item = suggestions[index];
    if (!item) return;
    const caret = editor.selectionStart;
    editor.setRangeText(item.label, replaceFrom, caret, "end");
    closeCompletion();
    render();
    editor.focus();
  }

  function moveActive(step) {
    const items = completion.querySelectorAll("li");
    if (!items.length) return;
    items[active].classList.remove("active");
    active = (active + step + items.length) % items.length;
    items[active].classList.add("active");
    items[active].scrollIntoView({ block: "nearest" });
  }

  editor.addEventListener("input", (event) => {
    render();
    const typed = event.data || "";
    if (/^[_A-Za-z0-9]$/.test(typed) || typed === "(" || typed === "@") openCompletion();
    else if (/[_A-Za-z0-9]/.test(editor.value.charAt(editor.selectionStart - 1)) && !completion.hidden) openCompletion();
    else closeCompletion();
  });
  editor.addEventListener("scroll", () => {
    highlight.scrollTop = editor.scrollTop;
    highlight.scrollLeft = editor.scrollLeft;
  });
  // A click in the list keeps the focus (mousedown is prevented), so a blur means elsewhere.
  editor.addEventListener("blur", closeCompletion);
  editor.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") { event.preventDefault(); run(); return; }
    if (event.ctrlKey && event.key === " ") { event.preventDefault(); openCompletion(); return; }
    if (completion.hidden) {
      if (event.key === "Tab") { event.preventDefault(); editor.setRangeText("  ", editor.selectionStart, editor.selectionEnd, "end"); render(); }
      return;
    }
    if (event.key === "ArrowDown") { event.preventDefault(); moveActive(1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); moveActive(-1); }
    else if (event.key === "Enter" || event.key === "Tab") { event.preventDefault(); accept(active); }
    else if (event.key === "Escape") { event.preventDefault(); closeCompletion(); }
  });
  completion.addEventListener("mousedown", (event) => {
    const item = event.target.closest("li");
    if (item) { event.preventDefault(); accept(Number(item.dataset.index)); }
  });

  // --- Running operations ------------------------------------------------------------------

  function setStatus(text, isError) {
    status.textContent = text;
    status.className = isError ? "status error" : "status";
  }

  /** A pane's JSON object, or an error that names the pane. */
  function jsonPane(pane, name) {
    const text = pane.value.trim();
    if (!text) return {};
    let value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`${name} must be a JSON object: ${error.message}`);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error(`${name} must be a JSON object, like {"key": "value"}.`);
    return value;
  }

  /** The operation at the caret (or the only one): its type and name. */
  function currentOperation() {
    const { operations } = walk(tokenize(editor.value));
    const caret = editor.selectionStart;
    let chosen = operations[0];
    for (const operation of operations) if (operation.start <= caret) chosen = operation;
    return chosen || { type: "query", name: null };
  }

  function showResult(text) {
    result.textContent = text;
    result.dataset.runs = String(Number(result.dataset.runs) + 1);
  }

  let socket = null;

  async function run() {
    let variables, headers;
    try {
      variables = jsonPane(variablesPane, "Variables");
      headers = jsonPane(headersPane, "Headers");
    } catch (error) {
      setStatus(error.message, true);
      showResult(error.message);
      return;
    }
    const operation = currentOperation();
    const request = { query: editor.value, variables };
    if (operation.name) request.operationName = operation.name;
    if (operation.type === "subscription") return subscribe(request, headers);
    setStatus("Running…");
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json", ...headers },
        body: JSON.stringify(request),
      });
      const text = await response.text();
      let shown = text;
      try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch { /* not JSON: shown as sent */ }
      setStatus(`Status ${response.status}`, !response.ok);
      showResult(shown);
    } catch (error) {
      setStatus(`The request to ${endpoint} failed: ${error.message}. Is the server running?`, true);
      showResult(String(error));
    }
  }

  function subscribe(request, headers) {
    stop();
    events.innerHTML = "";
    events.dataset.count = "0";
    setStatus("Connecting…");
    const current = new WebSocket(subscriptionURL, "graphql-transport-ws");
    socket = current;
    stopButton.disabled = false;
    current.onopen = () => current.send(JSON.stringify({ type: "connection_init", payload: headers }));
    current.onmessage = (message) => {
      let data;
      try { data = JSON.parse(message.data); } catch { return setStatus("The server sent a message that is not JSON.", true); }
      switch (data.type) {
        case "connection_ack":
          current.send(JSON.stringify({ id: "1", type: "subscribe", payload: request }));
          setStatus("Subscribed: waiting for events");
          body.dataset.subscription = "active";
          break;
        case "ping":
          current.send(JSON.stringify({ type: "pong" }));
          break;
        case "next": {
          const item = document.createElement("li");
          item.textContent = JSON.stringify(data.payload);
          events.appendChild(item);
          // Events have their own list: the result pane stays the last request's answer.
          events.dataset.count = String(events.children.length);
          break;
        }
        case "error":
          setStatus("The subscription failed", true);
          showResult(JSON.stringify(data.payload, null, 2));
          break;
        case "complete":
          setStatus("The subscription is complete");
          break;
      }
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      stopButton.disabled = true;
      body.dataset.subscription = "closed";
      if (event.code !== 1000) setStatus(`The connection closed (${event.code}${event.reason ? ": " + event.reason : ""}).`, true);
    };
  }

  function stop() {
    if (!socket) return;
    const current = socket;
    socket = null;
    if (current.readyState === WebSocket.OPEN) current.send(JSON.stringify({ id: "1", type: "complete" }));
    current.close(1000);
    stopButton.disabled = true;
    body.dataset.subscription = "closed";
    setStatus("Stopped");
  }

  async function preview() {
    if (!previewURL) return;
    swift.textContent = "Generating…";
    try {
      const response = await fetch(previewURL, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: editor.value }),
      });
      const answer = await response.json();
      swift.textContent = answer.swift !== undefined ? answer.swift
        : answer.errors.map((error) => `${error.line === undefined ? "" : `${error.line}:${error.column}: `}${error.message}`).join("\n");
      swift.dataset.state = answer.swift !== undefined ? "swift" : "errors";
    } catch (error) {
      swift.textContent = `The preview at ${previewURL} failed: ${error.message}`;
      swift.dataset.state = "errors";
    }
    swift.dataset.previews = String(Number(swift.dataset.previews) + 1);
  }

  runButton.addEventListener("click", run);
  stopButton.addEventListener("click", stop);
  document.getElementById("preview").addEventListener("click", preview);

  const root = schema.query ? fieldsOf(schema.query)[0] : null;
  editor.value = root ? `query {\n  ${root.name}\n}\n` : "";
  render();
  body.dataset.readyMs = performance.now().toFixed(0);
  body.dataset.ready = "true";
})();
