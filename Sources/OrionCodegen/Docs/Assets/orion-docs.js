// Orion's schema docs: renders the schema JSON embedded in the page (see SchemaDocsJSON.swift)
// as an index of types by kind, a search box and one type at a time, chosen by the URL's hash
// (#Launch). Only the visible type is rendered, so the page is ready as soon as the index is,
// even for schemas of thousands of types.
"use strict";

window.OrionDocs = (() => {
  const KINDS = [
    ["OBJECT", "Objects"], ["INTERFACE", "Interfaces"], ["UNION", "Unions"], ["ENUM", "Enums"],
    ["INPUT_OBJECT", "Input objects"], ["SCALAR", "Scalars"],
  ];
  const KIND_NAMES = { OBJECT: "type", INTERFACE: "interface", UNION: "union", ENUM: "enum", INPUT_OBJECT: "input", SCALAR: "scalar" };
  const SEARCH_LIMIT = 200;

  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  /** The schema embedded in the page, with lookup tables the pages share. */
  function readSchema() {
    const schema = JSON.parse(document.getElementById("orion-schema").textContent);
    schema.byName = new Map(schema.types.map((type) => [type.name, type]));
    // Unions each object belongs to: the reverse of possibleTypes, for "member of".
    schema.unionsOf = new Map();
    for (const type of schema.types) {
      for (const member of type.possibleTypes || []) {
        if (!schema.unionsOf.has(member)) schema.unionsOf.set(member, []);
        schema.unionsOf.get(member).push(type.name);
      }
    }
    return schema;
  }

  /** The named type at the core of a reference such as `[Launch!]!`. */
  const namedType = (reference) => reference.replace(/[[\]!]/g, "");

  /** A type reference with its named type linked. */
  function typeLink(reference, schema) {
    const name = namedType(reference);
    const link = schema.byName.has(name) ? `<a href="#${escape(name)}">${escape(name)}</a>` : escape(name);
    return escape(reference).replace(escape(name), link);
  }

  function deprecation(reason) {
    return reason === undefined ? "" : `<div class="deprecated">Deprecated: ${escape(reason)}</div>`;
  }

  function description(text) {
    return text ? `<div class="description">${escape(text)}</div>` : "";
  }

  function inputValue(value, schema) {
    const defaultValue = value.defaultValue === undefined ? "" : ` <span class="default">= ${escape(value.defaultValue)}</span>`;
    return `<div class="member" id="${escape(value.name)}"><span class="signature"><span class="${value.deprecationReason === undefined ? "" : "deprecated-name"}">${escape(value.name)}</span>: ${typeLink(value.type, schema)}${defaultValue}</span>` +
      description(value.description) + deprecation(value.deprecationReason) + "</div>";
  }

  function field(field, schema) {
    const args = field.args ? `<div class="args">${field.args.map((arg) => inputValue(arg, schema)).join("")}</div>` : "";
    return `<div class="member field" data-field="${escape(field.name)}"><span class="signature"><span class="${field.deprecationReason === undefined ? "" : "deprecated-name"}">${escape(field.name)}</span>${field.args ? "(…)" : ""}: ${typeLink(field.type, schema)}</span>` +
      description(field.description) + args + deprecation(field.deprecationReason) + "</div>";
  }

  function linkList(title, names, schema) {
    if (!names || names.length === 0) return "";
    return `<h2>${title}</h2><div class="links">${names.map((name) => typeLink(name, schema)).join(" ")}</div>`;
  }

  /** The page of one type (or of the schema's directives). */
  function typePage(type, schema) {
    const parts = [`<div class="kind">${KIND_NAMES[type.kind]}</div><h1>${escape(type.name)}</h1>`, description(type.description)];
    if (type.specifiedByURL) parts.push(`<div class="description">Specified by ${escape(type.specifiedByURL)}</div>`);
    if (type.oneOf) parts.push(`<div class="description">@oneOf: exactly one field must be given.</div>`);
    parts.push(linkList("Implements", type.interfaces, schema));
    if (type.fields) parts.push(`<h2>Fields</h2>${type.fields.map((f) => field(f, schema)).join("")}`);
    if (type.inputFields) parts.push(`<h2>Input fields</h2>${type.inputFields.map((v) => inputValue(v, schema)).join("")}`);
    if (type.enumValues) {
      parts.push(`<h2>Values</h2>${type.enumValues.map((value) =>
        `<div class="member" id="${escape(value.name)}"><span class="signature ${value.deprecationReason === undefined ? "" : "deprecated-name"}">${escape(value.name)}</span>` +
        description(value.description) + deprecation(value.deprecationReason) + "</div>").join("")}`);
    }
    parts.push(linkList("Implementations", type.implementations, schema));
    parts.push(linkList("Possible types", type.possibleTypes, schema));
    parts.push(linkList("Member of", schema.unionsOf.get(type.name), schema));
    return parts.join("");
  }

  function directivesPage(schema) {
    return `<h1>Directives</h1>` + schema.directives.map((directive) =>
      `<div class="member"><span class="signature">@${escape(directive.name)}${directive.repeatable ? " repeatable" : ""} on ${escape((directive.locations || []).join(" | "))}</span>` +
      description(directive.description) + (directive.args ? `<div class="args">${directive.args.map((arg) => inputValue(arg, schema)).join("")}</div>` : "") + "</div>").join("");
  }

  function schemaPage(schema, title) {
    const roots = [["Query", schema.query], ["Mutation", schema.mutation], ["Subscription", schema.subscription]].filter(([, name]) => name);
    const counts = KINDS.map(([kind, label]) => `${schema.types.filter((type) => type.kind === kind).length} ${label.toLowerCase()}`);
    return `<h1>${escape(title)}</h1>${description(schema.description)}<h2>Root types</h2>` +
      roots.map(([label, name]) => `<div class="member">${label}: <a href="#${escape(name)}">${escape(name)}</a></div>`).join("") +
      `<h2>Contents</h2><div class="description">${counts.join(", ")}, ${schema.directives.length} directives.</div>`;
  }

  /** The index: root types, then each kind's types by name. */
  function indexHTML(schema) {
    const roots = [schema.query, schema.mutation, schema.subscription].filter(Boolean);
    const list = (names) => `<ul>${names.map((name) => `<li><a href="#${escape(name)}">${escape(name)}</a></li>`).join("")}</ul>`;
    let html = `<h2>Root types</h2>${list(roots)}`;
    for (const [kind, label] of KINDS) {
      const names = schema.types.filter((type) => type.kind === kind).map((type) => type.name).sort();
      if (names.length) html += `<h2>${label} (${names.length})</h2>${list(names)}`;
    }
    return html + `<h2>Directives</h2><ul><li><a href="#@directives">All directives</a></li></ul>`;
  }

  /** Search entries: every type, and every field, input field and enum value as Type.member. */
  function searchEntries(schema) {
    const entries = [];
    for (const type of schema.types) {
      entries.push({ label: type.name, key: type.name.toLowerCase(), hash: type.name });
      for (const member of [...(type.fields || []), ...(type.inputFields || []), ...(type.enumValues || [])]) {
        entries.push({ label: `${type.name}.${member.name}`, key: member.name.toLowerCase(), hash: `${type.name}.${member.name}` });
      }
    }
    return entries;
  }

  function searchHTML(entries, query) {
    const needle = query.toLowerCase();
    // "Type.member" searches whole labels; a bare word searches names.
    const whole = needle.includes(".");
    // Exact and prefix matches of a name first, then any match.
    const ranked = [[], [], []];
    for (const entry of entries) {
      const key = whole ? entry.label.toLowerCase() : entry.key;
      const at = key.indexOf(needle);
      if (at < 0) continue;
      ranked[key === needle ? 0 : at === 0 ? 1 : 2].push(entry);
    }
    const found = ranked.flat();
    const shown = found.slice(0, SEARCH_LIMIT);
    const more = found.length > shown.length ? `<div class="hint">${found.length - shown.length} more; type more of the name.</div>` : "";
    return `<h2>${found.length} results</h2><ul class="search-results">${shown.map((entry) =>
      `<li><a href="#${escape(entry.hash)}">${escape(entry.label)}</a></li>`).join("")}</ul>${more}`;
  }

  /**
   * Renders the docs into `container`; `options.title` heads the index. Returns a function
   * that shows a type by name (the explorer uses it).
   */
  function mount(container, schema, options) {
    const title = options.title || "GraphQL schema";
    container.innerHTML = `<div class="docs"><nav class="docs-index"><header><h1>${escape(title)}</h1>` +
      `<input class="docs-search" type="search" placeholder="Search types and fields" aria-label="Search types and fields"></header>` +
      `<div class="docs-list"></div></nav><main class="docs-main"></main></div>`;
    const list = container.querySelector(".docs-list");
    const main = container.querySelector(".docs-main");
    const search = container.querySelector(".docs-search");
    const index = indexHTML(schema);
    list.innerHTML = index;
    let entries = null;
    search.addEventListener("input", () => {
      const query = search.value.trim();
      if (!query) { list.innerHTML = index; return; }
      entries = entries || searchEntries(schema);
      list.innerHTML = searchHTML(entries, query);
    });

    function show(target) {
      const [name, member] = decodeURIComponent(target || "").split(".");
      if (name === "@directives") {
        main.innerHTML = directivesPage(schema);
      } else if (schema.byName.has(name)) {
        main.innerHTML = typePage(schema.byName.get(name), schema);
      } else {
        main.innerHTML = schemaPage(schema, title);
      }
      main.scrollTop = 0;
      const memberNode = member && [...main.querySelectorAll(".member")].find((node) =>
        node.dataset.field === member || node.id === member);
      if (memberNode) memberNode.scrollIntoView();
      container.dataset.shown = schema.byName.has(name) ? name : "";
    }
    return show;
  }

  // The docs page: the whole page is the docs, and the hash says which type to show.
  if (document.body.dataset.page === "docs") {
    const schema = readSchema();
    const show = mount(document.body, schema, { title: document.body.dataset.title });
    const showHash = () => show(location.hash.slice(1));
    window.addEventListener("hashchange", showHash);
    showHash();
    // Milliseconds from the start of navigation to a usable page, for measurements.
    document.body.dataset.readyMs = performance.now().toFixed(0);
    document.body.dataset.ready = "true";
  }

  return { readSchema, mount, namedType, escape };
})();
