// folio playground: calls the server's own /api/v1 endpoints. No
// dependencies; served as a separate file so the page's
// Content-Security-Policy needs no inline script.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let pdfURL = "";
  let templates = {};

  // el builds an element with text content and attributes.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) {
      if (c !== null && c !== undefined) e.append(c);
    }
    return e;
  }

  function headers(contentType) {
    const h = { Accept: "application/json, application/problem+json" };
    if (contentType) h["Content-Type"] = contentType;
    const key = $("apikey").value.trim();
    if (key) h.Authorization = "Bearer " + key;
    return h;
  }

  // call sends a request and returns the parsed JSON body, or throws the
  // problem document the server answered with.
  async function call(method, path, body, contentType) {
    let resp;
    try {
      resp = await fetch(path, { method, headers: headers(contentType), body });
    } catch (e) {
      throw { title: "The server could not be reached", detail: String(e) };
    }
    let data = null;
    try { data = await resp.json(); } catch (e) { data = null; }
    if (!resp.ok) {
      throw data && data.title ? data : { title: "HTTP " + resp.status, status: resp.status };
    }
    return data;
  }

  function showProblem(box, p) {
    box.replaceChildren();
    if (!p) return;
    const div = el("div", { class: "problem" },
      el("h3", {}, (p.status ? p.status + " " : "") + (p.title || "Error")));
    if (p.detail) div.append(el("p", {}, p.detail));
    if (p.errors && p.errors.length) {
      const ul = el("ul");
      for (const e of p.errors) {
        ul.append(el("li", {}, el("code", {}, e.field || "request"), ": " + e.message));
      }
      div.append(ul);
    }
    if (p.position) div.append(el("p", {}, `At line ${p.position.line}, column ${p.position.column}.`));
    const facts = [];
    if (p.code) facts.push("code " + p.code);
    if (p.request_id) facts.push("request id " + p.request_id);
    if (facts.length) div.append(el("p", { class: "hint" }, facts.join("; ")));
    box.append(div);
    if (p.audit) renderAudit($("audit"), p.audit, true);
  }

  function status(text) { $("status").textContent = text; }

  function formatBytes(n) {
    if (n < 1024) return n + " bytes";
    if (n < 1 << 20) return (n / 1024).toFixed(1) + " KiB";
    return (n / (1 << 20)).toFixed(2) + " MiB";
  }

  function base64ToBytes(b64) {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  // selectLine selects line n (1-based) of the HTML editor.
  function selectLine(n) {
    const ta = $("html");
    const lines = ta.value.split("\n");
    n = Math.min(Math.max(n, 1), lines.length);
    let start = 0;
    for (let i = 0; i < n - 1; i++) start += lines[i].length + 1;
    const end = start + lines[n - 1].length;
    ta.focus();
    ta.setSelectionRange(start, end);
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 18;
    ta.scrollTop = Math.max(0, (n - 3) * lh);
  }

  function findingItem(f, clickable) {
    const li = el("li");
    const loc = f.location || {};
    if (clickable && loc.line) {
      const b = el("button", { type: "button", class: "locate", "data-line": String(loc.line) },
        "Line " + loc.line);
      b.addEventListener("click", () => selectLine(loc.line));
      li.append(b, " ");
    } else if (loc.line) {
      // a template's findings are about the HTML it generated
      li.append(el("span", { class: "note" }, "Line " + loc.line + " of the generated HTML: "));
    } else if (loc.page) {
      li.append(el("span", { class: "note" }, "Page " + loc.page + ": "));
    }
    li.append(f.message + " ", el("span", { class: "rule" }, "(" + f.rule + ")"));
    const refs = (f.standards || []).join(", ");
    if (refs) li.append(" ", el("span", { class: "note" }, refs));
    if (loc.snippet) li.append(el("code", { class: "hint" }, loc.snippet));
    if (f.hint) li.append(el("span", { class: "hint" }, "How to fix: " + f.hint));
    return li;
  }

  function findingList(box, heading, list, clickable) {
    box.append(el("h3", {}, heading + " (" + (list ? list.length : 0) + ")"));
    if (!list || !list.length) {
      box.append(el("p", {}, "None."));
      return;
    }
    const ul = el("ul", { class: "findings" });
    for (const f of list) ul.append(findingItem(f, clickable));
    box.append(ul);
  }

  // renderAudit shows a report; findings with a line select it in the
  // HTML editor when clickable.
  function renderAudit(box, rep, clickable) {
    box.replaceChildren();
    if (!rep) {
      box.append(el("p", {}, "No audit report."));
      return;
    }
    box.append(el("p", { class: "score " + (rep.passed ? "passed" : "failed"), id: box.id + "-score" },
      "Score " + rep.score + " / 100 — " + (rep.passed ? "passed" : "failed")));
    if (rep.summary) box.append(el("p", {}, rep.summary));
    findingList(box, "Errors", rep.errors, clickable);
    findingList(box, "Warnings", rep.warnings, clickable);
    findingList(box, "Needs review", rep.notices, clickable);
    if (rep.repair_hints && rep.repair_hints.length) {
      box.append(el("h3", {}, "Repair hints"));
      const ul = el("ul");
      for (const h of rep.repair_hints) ul.append(el("li", {}, h));
      box.append(ul);
    }
  }

  // renderDiagnostics lists what folio changed or could not load.
  function renderDiagnostics(diags, clickable) {
    const box = $("diagnostics");
    box.replaceChildren();
    if (!diags || !diags.length) return;
    box.append(el("h3", {}, "What folio changed or could not load (" + diags.length + ")"));
    const ul = el("ul", { class: "findings" });
    for (const d of diags) {
      const li = el("li");
      if (clickable && d.line) {
        const b = el("button", { type: "button", class: "locate", "data-line": String(d.line) }, "Line " + d.line);
        b.addEventListener("click", () => selectLine(d.line));
        li.append(b, " ");
      }
      li.append(d.message + " ", el("span", { class: "rule" }, "(" + d.stage + ")"));
      ul.append(li);
    }
    box.append(ul);
  }

  function nodeLabel(n) {
    const parts = [el("span", { class: "tag" }, n.type)];
    if (n.standard) parts.push(" → " + n.standard);
    const notes = [];
    if (n.lang) notes.push("lang " + n.lang);
    if (n.scope) notes.push("scope " + n.scope);
    if (n.alt) notes.push("alt “" + n.alt + "”");
    if (n.actual_text) notes.push("actual text “" + n.actual_text + "”");
    if (n.page) notes.push("page " + n.page);
    if (notes.length) parts.push(" ", el("span", { class: "note" }, "(" + notes.join(", ") + ")"));
    if (n.text) parts.push(" “" + n.text + "”");
    return parts;
  }

  // maxTreeItems bounds the elements shown, so that the tree of a long
  // document does not swamp the page.
  const maxTreeItems = 3000;

  // treeItem builds an expandable list item: details/summary for
  // elements with children, plain text for leaves. budget.left counts
  // down the items still allowed.
  function treeItem(n, depth, budget) {
    budget.left--;
    const li = el("li");
    if (!n.children || !n.children.length) {
      li.append(...nodeLabel(n));
      return li;
    }
    const d = el("details");
    if (depth < 3) d.open = true;
    d.append(el("summary", {}, ...nodeLabel(n)));
    const ul = el("ul");
    for (const c of n.children) {
      if (budget.left <= 0) break;
      ul.append(treeItem(c, depth + 1, budget));
    }
    d.append(ul);
    li.append(d);
    return li;
  }

  function renderStructure(box, info) {
    box.replaceChildren();
    const dl = el("dl", { class: "stats" });
    const add = (k, v) => { if (v !== undefined && v !== "") dl.append(el("dt", {}, k), el("dd", {}, String(v))); };
    add("Title", info.title || "(none)");
    add("Author", info.author);
    add("Language", info.lang || "(none)");
    add("PDF version", info.pdf_version);
    add("PDF/UA", info.pdfua_part ? "PDF/UA-" + info.pdfua_part : "(not identified)");
    add("Tagged", info.tagged ? "yes" : "no");
    add("Pages", (info.pages || []).length);
    add("Fonts", (info.fonts || []).map((f) => f.name + (f.embedded ? "" : " (not embedded)")).join(", "));
    add("Structure elements", info.structure_elements);
    box.append(el("h3", {}, "Metadata"), dl);
    box.append(el("h3", {}, "Structure tree"));
    if (!info.structure || !info.structure.children) {
      box.append(el("p", {}, "The PDF has no structure tree."));
    } else {
      const ul = el("ul", { class: "tree", id: box.id + "-tree" });
      const budget = { left: maxTreeItems };
      for (const c of info.structure.children) {
        if (budget.left <= 0) break;
        ul.append(treeItem(c, 0, budget));
      }
      box.append(ul);
      if (budget.left <= 0) {
        box.append(el("p", { class: "hint" }, `Only the first ${maxTreeItems} of ${info.structure_elements} elements are shown; ` +
          "folio inspect-pdf prints them all."));
      }
    }
    for (const w of info.warnings || []) box.append(el("p", { class: "hint" }, "Warning: " + w));
  }

  async function inspect(bytes, box) {
    try {
      renderStructure(box, await call("POST", "/api/v1/inspect", bytes, "application/pdf"));
    } catch (p) {
      showProblem(box, p);
    }
  }

  function showPDF(bytes) {
    if (pdfURL) URL.revokeObjectURL(pdfURL);
    pdfURL = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    const frame = el("iframe", { title: "The rendered PDF", src: pdfURL });
    $("viewer-box").replaceChildren(frame);
    $("download").href = pdfURL;
    $("download-line").hidden = false;
  }

  function options() {
    const o = { format: "json" };
    for (const id of ["size", "orientation", "title", "author", "lang"]) {
      const v = $(id).value.trim();
      if (v) o[id] = v;
    }
    return o;
  }

  async function render() {
    const button = $("render");
    if (button.disabled) return;
    const html = $("mode-html").checked;
    const body = options();
    let path = "/api/v1/render";
    if (html) {
      body.html = $("html").value;
    } else {
      path = "/api/v1/render-template";
      body.template_id = $("template").value;
      let data;
      try {
        data = JSON.parse($("data").value);
      } catch (e) {
        showProblem($("problem"), { title: "The template data is not valid JSON", detail: String(e.message || e) });
        status("Not rendered: the template data is not valid JSON.");
        return;
      }
      body.data = data;
    }
    let payload = JSON.stringify(body);
    let type = "application/json";
    const assets = $("assets").files;
    if (html && assets.length) {
      // The assets go as file parts next to the HTML and the options.
      payload = new FormData();
      for (const [k, v] of Object.entries(body)) payload.append(k, v);
      for (const f of assets) payload.append("assets", f, f.name);
      type = ""; // the browser sets multipart/form-data with its boundary
    }
    button.disabled = true;
    status("Rendering…");
    $("problem").replaceChildren();
    const t0 = performance.now();
    try {
      const res = await call("POST", path, payload, type);
      const ms = performance.now() - t0;
      const bytes = base64ToBytes(res.pdf);
      $("stat-pages").textContent = String(res.pages);
      $("stat-bytes").textContent = formatBytes(res.bytes);
      $("stat-time").textContent = Math.round(ms) + " ms";
      $("stats").hidden = false;
      showPDF(bytes);
      renderAudit($("audit"), res.audit, html);
      renderDiagnostics(res.diagnostics, html);
      const score = res.audit ? ", audit score " + res.audit.score : "";
      status(`Rendered ${res.pages} page${res.pages === 1 ? "" : "s"}, ${formatBytes(res.bytes)} in ${Math.round(ms)} ms${score}.`);
      await inspect(bytes, $("structure"));
    } catch (p) {
      showProblem($("problem"), p);
      status("Not rendered: " + (p.title || "error") + ".");
    } finally {
      button.disabled = false;
    }
  }

  async function loadSample() {
    try {
      const resp = await fetch("/ui/samples/" + $("sample").value + ".html");
      $("html").value = await resp.text();
    } catch (e) {
      status("The sample could not be loaded: " + e);
    }
  }

  async function loadTemplate() {
    const id = $("template").value;
    if (!id) return;
    try {
      const t = templates[id] || (templates[id] = await call("GET", "/api/v1/templates/" + encodeURIComponent(id)));
      $("template-desc").textContent = t.description || "";
      $("data").value = JSON.stringify(t.sample, null, 2);
    } catch (p) {
      showProblem($("problem"), p);
    }
  }

  async function loadTemplates() {
    try {
      const list = await call("GET", "/api/v1/templates");
      const sel = $("template");
      sel.replaceChildren();
      for (const t of list.templates) sel.append(el("option", { value: t.id }, t.title || t.id));
      await loadTemplate();
    } catch (p) {
      $("template-desc").textContent = "The templates could not be listed: " + (p.detail || p.title);
    }
  }

  function setMode() {
    const html = $("mode-html").checked;
    $("html-pane").hidden = !html;
    $("template-pane").hidden = html;
    if (!html && !$("template").options.length) loadTemplates();
  }

  async function validate(file) {
    const box = $("validate-result");
    const say = (text) => { $("validate-status").textContent = text; };
    box.replaceChildren();
    say("Validating " + file.name + "…");
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const rep = await call("POST", "/api/v1/validate", bytes, "application/pdf");
      say(`${file.name}: audit score ${rep.score}, ${rep.passed ? "passed" : "failed"}.`);
      box.replaceChildren(el("h3", {}, "Audit of " + file.name));
      const audit = el("div", { id: "validate-audit" });
      renderAudit(audit, rep, false);
      const tree = el("div", { id: "validate-structure" });
      box.append(audit, tree);
      await inspect(bytes, tree);
    } catch (p) {
      say("Not validated: " + (p.title || "error") + ".");
      showProblem(box, p);
    }
  }

  // dropped handles a file dropped anywhere on the page: a PDF is
  // validated, HTML goes into the editor.
  function dropped(f) {
    const name = f.name.toLowerCase();
    if (f.type === "application/pdf" || name.endsWith(".pdf")) {
      validate(f);
    } else if (f.type === "text/html" || name.endsWith(".html") || name.endsWith(".htm")) {
      f.text().then((text) => {
        $("mode-html").checked = true;
        setMode();
        $("html").value = text;
        status("Loaded " + f.name + " into the HTML editor.");
      });
    } else {
      $("validate-status").textContent = f.name + " is neither a PDF nor HTML: drop a PDF to validate it.";
    }
  }

  function setupDrop() {
    const zone = $("dropzone");
    const stop = (e) => { e.preventDefault(); e.stopPropagation(); };
    // Dropping anywhere must not navigate away from the page.
    document.addEventListener("dragover", (e) => { stop(e); zone.classList.add("over"); });
    document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) zone.classList.remove("over"); });
    document.addEventListener("drop", (e) => {
      stop(e);
      zone.classList.remove("over");
      const f = e.dataTransfer && e.dataTransfer.files[0];
      if (f) dropped(f);
    });
    $("pdf-file").addEventListener("change", (e) => {
      if (e.target.files[0]) validate(e.target.files[0]);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("render").addEventListener("click", render);
    for (const id of ["html", "data"]) {
      $(id).addEventListener("keydown", (e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          render();
        }
      });
    }
    $("sample").addEventListener("change", loadSample);
    $("template").addEventListener("change", loadTemplate);
    $("mode-html").addEventListener("change", setMode);
    $("mode-template").addEventListener("change", setMode);
    setupDrop();
    loadSample();
    document.body.dataset.ready = "true";
  });
})();
