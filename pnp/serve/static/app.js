// pnp serve: the page follows the server's event stream and patches only what changed.
// An image's URL is the hash of its bytes, so an unchanged face keeps its <img> and is never fetched again.
"use strict";

const $ = (id) => document.getElementById(id);
const view = { games: {}, order: [], current: null, section: "", search: "", selected: null, lut: "" };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Keep `parent`'s children in step with `items`: reuse the child of each key, create new ones, drop the rest.
function reconcile(parent, items, keyOf, create, update) {
  const old = new Map();
  for (const child of Array.from(parent.children)) old.set(child.dataset.key, child);
  let at = parent.firstElementChild;
  for (const item of items) {
    const key = keyOf(item);
    let node = old.get(key);
    if (node) old.delete(key);
    else { node = create(item); node.dataset.key = key; }
    update(node, item);
    if (node !== at) parent.insertBefore(node, at);
    else at = at.nextElementSibling;
  }
  for (const node of old.values()) node.remove();
}

const GRID_MM = 5;

// Millimetres from the trim's top-left corner under the pointer, as a template's x and y are written.
function pointerMm(frame, event) {
  const box = frame.getBoundingClientRect();
  const w = Number(frame.dataset.wmm), h = Number(frame.dataset.hmm), b = Number(frame.dataset.bleed);
  const x = (event.clientX - box.left) / box.width * (w + 2 * b) - b;
  const y = (event.clientY - box.top) / box.height * (h + 2 * b) - b;
  return { x, y, inside: x >= 0 && y >= 0 && x <= w && y <= h };
}

function showReadout(event) {
  const frame = event.target.closest ? event.target.closest(".frame") : null;
  const readout = $("readout");
  if (!frame || !frame.dataset.wmm) { readout.hidden = true; return; }
  const at = pointerMm(frame, event);
  readout.textContent = `x ${at.x.toFixed(1)} mm, y ${at.y.toFixed(1)} mm${at.inside ? "" : " (in the bleed)"}`;
  Object.assign(readout.dataset, { x: at.x.toFixed(2), y: at.y.toFixed(2) });
  readout.style.left = `${event.clientX + 14}px`;
  readout.style.top = `${event.clientY + 16}px`;
  readout.hidden = false;
}

function percent(part, whole) { return `${(100 * part / whole).toFixed(4)}%`; }

function makeFrame() {
  const frame = el("div", "frame");
  const img = el("img", "face");
  img.alt = "";
  img.decoding = "async";
  // when each image arrived, for tests and bench/serve.py: the page's own clock, not a poll's
  img.addEventListener("load", () => {
    img.dataset.loadedAt = String(Date.now()); img.dataset.loadedSrc = img.getAttribute("src");
    if (view.lut) simulateFrames();
  });
  frame.append(img);
  return frame;
}

// One face: its image, and the trim and safe-area outlines placed from the sizes in mm.
function updateFrame(frame, shot, item) {
  const w = item.w + 2 * item.bleed, h = item.h + 2 * item.bleed;
  frame.style.setProperty("--w", w);
  Object.assign(frame.dataset, { wmm: item.w, hmm: item.h, bleed: item.bleed });
  frame.style.aspectRatio = `${w} / ${h}`;
  frame.dataset.side = shot.side;
  frame.classList.toggle("stale", !!shot.stale);
  frame.classList.toggle("missing", !shot.src);
  const img = frame.querySelector("img");
  img.dataset.side = shot.side;
  if (shot.src && img.getAttribute("src") !== shot.src) {
    delete img.dataset.loadedAt;
    img.src = shot.src;
  }
  img.alt = `${item.name} (${shot.side})`;
  if (item.safe !== null && !frame.querySelector(".trim")) {
    const trim = el("div", "trim"), safe = el("div", "safe"), grid = el("div", "mm-grid");
    frame.append(trim, safe, grid);
  }
  const trim = frame.querySelector(".trim"), safe = frame.querySelector(".safe"), grid = frame.querySelector(".mm-grid");
  if (trim) {
    const b = item.bleed, s = item.bleed + (item.safe || 0);
    const inset = { left: percent(b, w), right: percent(b, w), top: percent(b, h), bottom: percent(b, h) };
    Object.assign(trim.style, inset);
    Object.assign(safe.style, { left: percent(s, w), right: percent(s, w), top: percent(s, h), bottom: percent(s, h) });
    // a line every GRID_MM from the trim's top-left corner, the origin templates place things from
    Object.assign(grid.style, inset, { backgroundSize: `${percent(GRID_MM, item.w)} ${percent(GRID_MM, item.h)}` });
    shapeOutline(trim, item.cut && item.cut.trim, item.w, item.h, 0);
    shapeOutline(safe, item.cut && item.cut.safe, item.w - 2 * (item.safe || 0), item.h - 2 * (item.safe || 0), item.safe || 0);
  }
}

// A piece cut to a shape (round, hex, rounded corners): its outline drawn over the box the overlay covers, the box's own
// line hidden; the trim's also shades all that lies outside the shape (in the box too), as the bleed overlay of a
// rectangle shades all outside its box: everything there is cut away.
const SVG_NS = "http://www.w3.org/2000/svg";
const WASTE_MM = 1000;  // past any frame's edge: the frame clips it
function shapeOutline(box, points, w, h, inset) {
  let svg = box.querySelector("svg");
  box.classList.toggle("shaped", !!points);
  if (!points) { if (svg) svg.remove(); return; }
  if (!svg) {
    svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("preserveAspectRatio", "none");
    const waste = document.createElementNS(SVG_NS, "path");
    waste.classList.add("waste");
    svg.append(document.createElementNS(SVG_NS, "polygon"), waste);
    box.append(svg);
  }
  const outline = points.map(([x, y]) => `${x},${y}`).join(" ");
  svg.setAttribute("viewBox", `${inset} ${inset} ${w} ${h}`);
  svg.querySelector("polygon").setAttribute("points", outline);
  const far = `M${-WASTE_MM},${-WASTE_MM}H${WASTE_MM}V${WASTE_MM}H${-WASTE_MM}Z`;
  svg.querySelector("path.waste").setAttribute("d", `${far}M${outline.replaceAll(" ", "L")}Z`);
}

function makeTile() {
  const tile = el("figure", "tile");
  tile.append(el("div", "faces"), el("figcaption"), el("small", "answer-count"));
  tile.tabIndex = 0;
  tile.addEventListener("click", () => select(tile.dataset.key));
  tile.addEventListener("keydown", (e) => { if (e.key === "Enter") select(tile.dataset.key); });
  return tile;
}

function updateTile(tile, item) {
  tile.dataset.id = item.id;
  tile.dataset.name = item.name;
  tile.classList.toggle("selected", view.selected === item.key);
  reconcile(tile.querySelector(".faces"), item.images, (s) => s.side, makeFrame, (f, s) => updateFrame(f, s, item));
  const caption = tile.querySelector("figcaption");
  caption.textContent = item.count > 1 ? `${item.id} ×${item.count}` : item.id;
  caption.title = item.name;
  const answers = item.answers || [];
  const older = answers.filter((a) => a.older).length;
  tile.querySelector(".answer-count").textContent = answers.length
    ? `${answers.length} answer${answers.length === 1 ? "" : "s"}${older ? `, ${older} on an older version` : ""}` : "";
}

function makeSection(section) {
  const node = el("section", "component");
  const head = el("h2");
  head.append(el("span", "name"), el("small", "note"));
  node.append(head, el("div", "grid"));
  return node;
}

function updateSection(node, section) {
  node.dataset.kind = section.kind;
  node.querySelector(".name").textContent = section.title;
  node.querySelector(".note").textContent = section.note;
  reconcile(node.querySelector(".grid"), section.items, (i) => i.key, makeTile, updateTile);
}

function makeProblem() {
  const li = el("li");
  li.append(el("span", "severity"), el("code", "where"), el("span", "message"));
  li.addEventListener("click", () => {
    const key = li.dataset.tile;
    if (key) select(key);
  });
  return li;
}

// A finding's component ("heroes/knight front") names the card whose tile it belongs to.
function tileOf(problem) {
  const what = (problem.component || "").split(" ")[0];
  const [deck, card] = what.split("/");
  return deck && card && !["boards", "tokens"].includes(deck) ? `deck:${deck}:${card}` : "";
}

function updateProblem(li, p) {
  li.dataset.severity = p.severity;
  li.dataset.tile = tileOf(p);
  li.querySelector(".severity").textContent = p.severity;
  li.querySelector(".where").textContent = p.where;
  li.querySelector(".message").textContent = p.message + (p.component ? ` [${p.component}]` : "");
}

function render() {
  const game = view.games[view.current];
  if (!game) return;
  $("title").textContent = game.title;
  document.title = `${game.title} · pnp preview`;
  const u = game.updated || {};
  const busy = game.state !== "ready";
  $("status").textContent = game.state === "loading" ? "rendering every component…"
    : busy ? `updating after ${u.after}…`
    : `updated ${u.at} after ${u.after}: cards in ${u.cards ?? "–"} s, everything in ${u.seconds} s`;
  $("status").classList.toggle("busy", busy);
  $("problems").hidden = game.findings.length === 0;
  $("problems-title").textContent = game.summary; // notes counted apart from warnings (pnp.serve.session.findings_summary)
  reconcile($("problem-list"), game.findings, (p) => p.text, makeProblem, updateProblem);
  reconcile($("section"), [{ key: "", title: "everything" }, ...game.sections], (s) => s.key,
    () => el("option"), (o, s) => { o.value = s.key; o.textContent = s.title; });
  $("section").value = view.section;
  reconcile($("sections"), game.sections, (s) => s.key, makeSection, updateSection);
  applyFilters();
  renderDetail();
  document.dispatchEvent(new Event("pnp:rendered")); // edit.js follows the selected element into the new drawing
}

function applyFilters() {
  const words = view.search.trim().toLowerCase();
  for (const section of $("sections").children) {
    const chosen = !view.section || section.dataset.key === view.section;
    let shown = 0;
    for (const tile of section.querySelectorAll(".tile")) {
      const hit = !words || tile.dataset.id.toLowerCase().includes(words) || tile.dataset.name.toLowerCase().includes(words);
      tile.hidden = !hit;
      shown += hit ? 1 : 0;
    }
    section.hidden = !chosen || shown === 0;
  }
}

function findItem(key) {
  const game = view.games[view.current];
  for (const section of game ? game.sections : []) for (const item of section.items) if (item.key === key) return item;
  return null;
}

function select(key) {
  if ($("detail-message").dataset.item !== key) $("detail-message").hidden = true; // a refusal said about another piece
  view.selected = key;
  for (const tile of document.querySelectorAll(".tile.selected")) tile.classList.remove("selected");
  const tile = document.querySelector(`.tile[data-key="${CSS.escape(key)}"]`);
  if (tile) { tile.classList.add("selected"); tile.scrollIntoView({ block: "nearest" }); }
  renderDetail();
}

function renderDetail() {
  const item = view.selected && findItem(view.selected);
  $("detail").hidden = !item;
  document.body.classList.toggle("with-detail", !!item);
  if (!item) return;
  $("detail-title").textContent = item.name;
  const where = el("code", "where", item.where);
  $("detail-where").replaceChildren(`${item.id}${item.count > 1 ? " ×" + item.count : ""} · defined at `, where);
  reconcile($("detail-faces"), item.images, (s) => s.side, makeFrame, (f, s) => updateFrame(f, s, item));
  renderAnswers(item.answers || []);
  reconcile($("detail-fields").tBodies[0], item.fields, (row) => row[0], () => {
    const tr = el("tr"), td = el("td");
    td.append(el("div", "value"), el("div", "where"));
    tr.append(el("th"), td);
    return tr;
  }, (tr, [key, value, where]) => {
    tr.querySelector("th").textContent = key;
    tr.querySelector(".value").textContent = value;
    tr.querySelector(".where").textContent = where;
  });
}

// A card's playtest answers (pnp feedback import), newest first; one given on an older version of the card is marked.
function renderAnswers(answers) {
  $("detail-answers").hidden = answers.length === 0;
  $("detail-answers-title").textContent = `Playtest answers (${answers.length})`;
  reconcile($("detail-answer-list"), answers, (a) => `${a.time} ${a.code} ${JSON.stringify(a.answers)}`, () => {
    const li = el("li");
    li.append(el("p", "when"), el("dl"));
    return li;
  }, (li, a) => {
    li.classList.toggle("older", a.older);
    const on = [a.version && `v${a.version}`, a.code].filter(Boolean).join(" · ");
    li.querySelector(".when").textContent = `${a.time}${on ? " · " + on : ""}${a.older ? " · older version" : ""}`;
    li.querySelector("dl").replaceChildren(...a.answers.flatMap(([q, v]) => [el("dt", "", q), el("dd", "", v)]));
  });
}

function setupGames(data) {
  view.order = data.games;
  const pick = $("game");
  reconcile(pick, data.games, (s) => s, () => el("option"), (o, s) => { o.value = s; o.textContent = s; });
  $("game-pick").hidden = data.games.length < 2;
  if (!view.current || !data.games.includes(view.current)) view.current = location.hash.slice(1) || data.games[0];
  pick.value = view.current;
  setupSimulations(data.simulations || []);
}

// Simulations come from the server (pnp/serve/simulations.py): a CSS filter, a colour matrix made into an SVG filter,
// or a lookup table applied to each face's pixels on a canvas laid over its image.
const tables = {};

function setupSimulations(list) {
  const select = $("simulation"), defs = $("filters");
  reconcile(select, [{ id: "", label: "as printed" }, ...list], (s) => s.id, () => el("option"), (o, s) => {
    o.value = s.id; o.textContent = s.label;
    o.dataset.filter = s.filter || (s.matrix ? `url(#sim-${s.id})` : "none");
    if (s.lut) {
      tables[s.id] = { size: s.lut.size, values: Uint8Array.from(atob(s.lut.values), (c) => c.charCodeAt(0)) };
      o.dataset.lut = s.id;
    }
  });
  defs.replaceChildren();
  for (const s of list.filter((s) => s.matrix)) {
    const ns = "http://www.w3.org/2000/svg";
    const filter = document.createElementNS(ns, "filter"), matrix = document.createElementNS(ns, "feColorMatrix");
    filter.id = `sim-${s.id}`;
    matrix.setAttribute("type", "matrix");
    matrix.setAttribute("values", s.matrix.join(" "));
    filter.append(matrix);
    defs.append(filter);
  }
}

// The table's colour for one pixel: trilinear between the 8 grid colours around it.
function lookup(table, r, g, b, out) {
  const n = table.size, v = table.values, k = (n - 1) / 255;
  const fr = r * k, fg = g * k, fb = b * k;
  const r0 = Math.min(n - 2, Math.floor(fr)), g0 = Math.min(n - 2, Math.floor(fg)), b0 = Math.min(n - 2, Math.floor(fb));
  const tr = fr - r0, tg = fg - g0, tb = fb - b0;
  for (let c = 0; c < 3; c++) {
    const at = (i, j, l) => v[(((r0 + i) * n + (g0 + j)) * n + (b0 + l)) * 3 + c];
    const x00 = at(0, 0, 0) * (1 - tb) + at(0, 0, 1) * tb, x01 = at(0, 1, 0) * (1 - tb) + at(0, 1, 1) * tb;
    const x10 = at(1, 0, 0) * (1 - tb) + at(1, 0, 1) * tb, x11 = at(1, 1, 0) * (1 - tb) + at(1, 1, 1) * tb;
    out[c] = Math.round((x00 * (1 - tg) + x01 * tg) * (1 - tr) + (x10 * (1 - tg) + x11 * tg) * tr);
  }
}

// Draw each face's image through the chosen table onto its canvas (once per image and view).
function simulateFrames() {
  const id = view.lut, table = id && tables[id];
  document.body.classList.toggle("lut-view", !!table);
  if (!table) return;
  for (const img of document.querySelectorAll(".frame img.face")) {
    if (!img.complete || !img.naturalWidth) continue;
    let canvas = img.nextElementSibling;
    if (!canvas || canvas.tagName !== "CANVAS") { canvas = el("canvas", "sim"); img.after(canvas); }
    const done = `${img.getAttribute("src")}|${id}`;
    if (canvas.dataset.done === done) continue;
    canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height), d = pixels.data, rgb = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) {
      lookup(table, d[i], d[i + 1], d[i + 2], rgb);
      d[i] = rgb[0]; d[i + 1] = rgb[1]; d[i + 2] = rgb[2];
    }
    ctx.putImageData(pixels, 0, 0);
    canvas.dataset.done = done;
  }
}

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("games", (e) => { setupGames(JSON.parse(e.data)); render(); });
  source.addEventListener("game", (e) => {
    const game = JSON.parse(e.data);
    view.games[game.slug] = game;
    if (game.slug === view.current) render();
  });
  source.addEventListener("open", () => { document.body.classList.remove("offline"); });
  source.addEventListener("error", () => {
    document.body.classList.add("offline");
    $("status").textContent = "the pnp server is not answering: is `pnp serve` still running? (reconnecting…)";
  });
}

function controls() {
  $("game").addEventListener("change", (e) => {
    Object.assign(view, { current: e.target.value, selected: null, section: "" });
    location.hash = view.current;
    render();
  });
  $("section").addEventListener("change", (e) => { view.section = e.target.value; applyFilters(); });
  $("search").addEventListener("input", (e) => { view.search = e.target.value; applyFilters(); });
  const zoom = () => document.documentElement.style.setProperty("--zoom", $("zoom").value);
  $("zoom").addEventListener("input", zoom);
  zoom();
  document.addEventListener("pointermove", showReadout);
  document.addEventListener("pointerleave", () => { $("readout").hidden = true; });
  for (const name of ["trim", "bleed", "safe", "grid"]) {
    const box = $(`ov-${name}`);
    const apply = () => document.body.classList.toggle(`show-${name}`, box.checked);
    box.addEventListener("change", apply);
    apply();
  }
  $("simulation").addEventListener("change", (e) => {
    const option = e.target.selectedOptions[0];
    view.lut = option && option.dataset.lut ? option.dataset.lut : "";
    document.documentElement.style.setProperty("--simulation", option && !view.lut ? option.dataset.filter : "none");
    simulateFrames();
  });
  $("detail-close").addEventListener("click", () => { view.selected = null; select(""); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") { view.selected = null; select(""); } });
}

controls();
connect();
