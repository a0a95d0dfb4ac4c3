// pnp serve: select a drawn element of a card face, drag or resize it, and the server writes the new numbers into the
// template call that drew it (pnp/serve/editing.py). The face is redrawn as after any save; the selection follows it.
"use strict";

const NUDGE_MM = 0.5;
const NUDGE_WAIT_MS = 350; // arrow presses this close together make one edit
const HIT_MM = 0.8; // a thin rule or a small icon is hit this far around its box
const SAME_PLACE_MM = 1; // a second click this close to the first picks the element beneath
const AWAIT_MS = 10000; // an edit whose face shows no new image by then frees the selection anyway
const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];

const editing = {
  token: (document.querySelector('meta[name="pnp-edit"]') || {}).content || "",
  lists: new Map(), // "item|side" → { src, elements }
  sel: null, // { item, side, path, element, frame, box }
  last: null, // where the last click picked: { item, side, x, y }
  awaiting: null, // { item, side, src } after an edit: the redraw to wait for
  nudge: null, // { dx, dy, timer }
  sentAt: 0,
  counts: { undo: 0, redo: 0 },
};

function canEdit() { return editing.token !== "" && editing.token !== "off"; }

function frameTarget(frame) {
  const tile = frame.closest(".tile");
  const item = tile ? tile.dataset.key : frame.closest("#detail-faces") ? view.selected : null;
  return item && item.startsWith("deck:") ? { item, side: frame.dataset.side } : null;
}

async function elementsOf(item, side, frame) {
  const src = frame.querySelector("img.face").getAttribute("src");
  const key = `${item}|${side}`;
  const kept = editing.lists.get(key);
  if (kept && kept.src === src) return kept.elements;
  const query = new URLSearchParams({ game: view.current, item, side });
  const answer = await fetch(`/api/elements?${query}`);
  const data = await answer.json();
  if (!answer.ok) { say(data.error || "could not list the face's elements", true); return []; }
  editing.counts = { undo: data.undo, redo: data.redo };
  editing.lists.set(key, { src, elements: data.elements });
  return data.elements;
}

function contains(box, at) {
  return at.x >= box[0] - HIT_MM && at.x <= box[0] + box[2] + HIT_MM && at.y >= box[1] - HIT_MM && at.y <= box[1] + box[3] + HIT_MM;
}

// A click on a face: the topmost element under the pointer, or the next one beneath after a click at the same place.
async function pick(frame, event) {
  const target = frameTarget(frame);
  if (!target) return;
  const at = pointerMm(frame, event);
  const elements = await elementsOf(target.item, target.side, frame);
  const hits = elements.filter((e) => contains(e.box, at)).reverse();
  if (!hits.length) { choose(null); return; }
  const last = editing.last, sel = editing.sel;
  const again = last && last.item === target.item && last.side === target.side && Math.hypot(last.x - at.x, last.y - at.y) < SAME_PLACE_MM;
  let n = 0;
  if (again && sel && sel.item === target.item) n = (hits.findIndex((e) => e.path === sel.path) + 1) % hits.length;
  editing.last = { ...target, x: at.x, y: at.y, hits: hits.map((e) => e.path) };
  choose({ ...target, frame, element: hits[n] });
}

// The element beneath the selected one at the last click's place (the N key).
function pickBeneath() {
  const last = editing.last, sel = editing.sel;
  if (!last || !sel || !last.hits.length) return;
  const list = editing.lists.get(`${sel.item}|${sel.side}`);
  const next = last.hits[(last.hits.indexOf(sel.path) + 1) % last.hits.length];
  const element = list && list.elements.find((e) => e.path === next);
  if (element) choose({ ...sel, element });
}

function choose(selection) {
  for (const old of document.querySelectorAll(".frame .sel")) old.remove();
  editing.sel = selection ? { ...selection, path: selection.element.path, box: selection.element.box.slice(), src: listedSrc(selection) } : null;
  if (selection) drawSelection();
  showElement();
}

function listedSrc(selection) {
  const kept = editing.lists.get(`${selection.item}|${selection.side}`);
  return kept ? kept.src : null;
}

function percentOf(frame, box) {
  const w = Number(frame.dataset.wmm), h = Number(frame.dataset.hmm), b = Number(frame.dataset.bleed);
  return { left: percent(box[0] + b, w + 2 * b), top: percent(box[1] + b, h + 2 * b), width: percent(box[2], w + 2 * b), height: percent(box[3], h + 2 * b) };
}

function drawSelection() {
  const sel = editing.sel;
  let box = sel.frame.querySelector(".sel");
  if (!box) {
    box = el("div", "sel");
    for (const h of HANDLES) { const handle = el("div", "handle"); handle.dataset.handle = h; box.append(handle); }
    box.addEventListener("pointerdown", startDrag);
    sel.frame.append(box);
  }
  box.classList.toggle("fixed", !(sel.element.editable && canEdit()));
  box.classList.toggle("pending", !!editing.awaiting);
  Object.assign(box.style, percentOf(sel.frame, sel.box));
  box.title = `${sel.element.function}() at ${sel.element.where}`;
}

function mm(v) { return Number(v.toFixed(2)).toString(); }

function showElement() {
  const panel = $("element"), sel = editing.sel;
  panel.hidden = !sel;
  if (!sel) return;
  const e = sel.element, [x, y, w, h] = sel.box;
  $("element-title").textContent = `${e.function}() · ${e.kind}`;
  $("element-where").textContent = e.where;
  $("element-call").textContent = e.call || "(the call is not found in the file as drawn)";
  let numbers = `x ${mm(x)}  y ${mm(y)}  w ${mm(w)}  h ${mm(h)} mm`;
  if (e.size) numbers += `  ·  size ${mm(e.size)} pt` + (e.fitted && e.fitted < e.size - 0.01 ? ` (fitted ${mm(e.fitted)} pt)` : "");
  $("element-numbers").textContent = numbers;
  reconcile($("element-args").tBodies[0], e.args, (a) => a.name, () => {
    const tr = el("tr");
    tr.append(el("th"), el("td", "source"), el("td", "status"));
    return tr;
  }, (tr, a) => {
    tr.dataset.status = a.status;
    tr.querySelector("th").textContent = a.name;
    tr.querySelector(".source").textContent = a.source || "–";
    tr.querySelector(".status").textContent = a.note;
  });
  $("element-why").textContent = !canEdit() ? "pnp serve runs with --read-only: elements are shown, not moved" : e.why;
  $("edit-undo").disabled = !canEdit() || !editing.counts.undo;
  $("edit-redo").disabled = !canEdit() || !editing.counts.redo;
}

function say(text, refused) {
  const line = $("element-message");
  line.textContent = text;
  line.classList.toggle("refused", !!refused);
}

// Drag the selection's body to move it, a handle to resize it; positions snap to the grid when it is shown, else
// move in NUDGE_MM steps. The drop sends one edit.
function startDrag(event) {
  const sel = editing.sel;
  if (!sel || !sel.element.editable || !canEdit() || editing.awaiting || event.button !== 0) return;
  event.preventDefault();
  event.stopPropagation();
  const box = event.currentTarget, frame = sel.frame;
  const handle = event.target.dataset.handle || "";
  const perMm = frame.getBoundingClientRect().width / (Number(frame.dataset.wmm) + 2 * Number(frame.dataset.bleed));
  const start = { x: event.clientX, y: event.clientY, box: sel.box.slice() };
  box.setPointerCapture(event.pointerId);
  let moved = false;
  const move = (e) => {
    const dx = (e.clientX - start.x) / perMm, dy = (e.clientY - start.y) / perMm;
    moved = moved || Math.hypot(e.clientX - start.x, e.clientY - start.y) > 2;
    if (!moved) return;
    sel.box = dragged(start.box, handle, dx, dy, sel.element.square);
    drawSelection();
    showElement();
  };
  const end = () => {
    box.removeEventListener("pointermove", move);
    box.removeEventListener("pointerup", end);
    box.removeEventListener("pointercancel", end);
    if (moved) { editing.dragged = true; send(start.box, sel.box); }
  };
  box.addEventListener("pointermove", move);
  box.addEventListener("pointerup", end);
  box.addEventListener("pointercancel", end);
}

function snap(value, from) {
  if (document.body.classList.contains("show-grid")) return Math.round(value / GRID_MM) * GRID_MM;
  return from + Math.round((value - from) / NUDGE_MM) * NUDGE_MM;
}

// The box after dragging `handle` ('' for the body) by dx, dy mm.
function dragged(box, handle, dx, dy, square) {
  let [x, y, w, h] = box;
  if (!handle) return [snap(x + dx, x), snap(y + dy, y), w, h];
  let left = x, top = y, right = x + w, bottom = y + h;
  if (handle.includes("w")) left = Math.min(snap(x + dx, x), right - NUDGE_MM);
  if (handle.includes("e")) right = Math.max(snap(x + w + dx, x + w), left + NUDGE_MM);
  if (handle.includes("n")) top = Math.min(snap(y + dy, y), bottom - NUDGE_MM);
  if (handle.includes("s")) bottom = Math.max(snap(y + h + dy, y + h), top + NUDGE_MM);
  [x, y, w, h] = [left, top, right - left, bottom - top];
  if (square) {  // one size for both sides: the side dragged further sets it
    const side = Math.abs(w - box[2]) >= Math.abs(h - box[3]) ? w : h;
    if (handle.includes("w")) x = box[0] + box[2] - side;
    if (handle.includes("n")) y = box[1] + box[3] - side;
    w = h = side;
  }
  return [x, y, w, h];
}

async function post(path, body) {
  const answer = await fetch(path, {
    method: "POST", headers: { "content-type": "application/json", "x-pnp-token": editing.token }, body: JSON.stringify(body),
  });
  let data = {};
  try { data = await answer.json(); } catch { data = { error: `the server answered ${answer.status}` }; }
  return { ok: answer.ok, status: answer.status, data };
}

async function send(from, to) {
  const sel = editing.sel, e = sel.element;
  if (from.every((v, i) => Math.abs(v - to[i]) < 1e-6)) return;
  const src = sel.frame.querySelector("img.face").getAttribute("src");
  editing.awaiting = { item: sel.item, side: sel.side, src };
  editing.sentAt = Date.now();
  document.body.dataset.editSent = String(editing.sentAt);
  delete document.body.dataset.editShown;
  drawSelection();
  const { ok, status, data } = await post("/api/edit", {
    game: view.current, item: sel.item, side: sel.side, path: e.path, file: e.file, digest: e.digest, from, to,
  });
  if (!ok) {
    editing.awaiting = null;
    sel.box = e.box.slice();
    say(data.error || `refused (${status})`, true);
    if (status === 409) editing.lists.delete(`${sel.item}|${sel.side}`);
    drawSelection();
    showElement();
    return;
  }
  editing.counts = { undo: data.undo, redo: data.redo };
  if (!data.changed.length) { editing.awaiting = null; say("nothing to change"); drawSelection(); return; }
  const what = data.changed.map((c) => `${c.name} ${c.before} → ${c.after}`).join(", ");
  say(`written at ${data.file}:${data.line}: ${what}; redrawing…`);
  showElement();
}

async function step(kind) {
  if (!canEdit()) return;
  const sel = editing.sel;
  if (sel) {
    editing.awaiting = { item: sel.item, side: sel.side, src: sel.frame.querySelector("img.face").getAttribute("src") };
    editing.sentAt = Date.now();
  }
  const { ok, data } = await post(`/api/${kind}`, {});
  if (!ok) { editing.awaiting = null; say(data.error, true); return; }
  editing.counts = { undo: data.undo, redo: data.redo };
  say(`${kind === "undo" ? "undone" : "redone"} at ${data.file}:${data.line}; redrawing…`);
  showElement();
}

// After each state the page draws: once the selected face shows a new image (after an edit, an undo or any save),
// list its elements again and select the same one there (same place in the face, same call), or none.
async function followRedraw() {
  const sel = editing.sel, wait = editing.awaiting;
  if (wait && Date.now() - editing.sentAt > AWAIT_MS) editing.awaiting = null; // the edit showed nothing new on this face
  if (!sel) return;
  const img = sel.frame.querySelector("img.face");
  if (!img || img.getAttribute("src") === sel.src || !img.dataset.loadedAt) return;
  sel.src = img.getAttribute("src");
  const shown = Number(img.dataset.loadedAt);
  const elements = await elementsOf(sel.item, sel.side, sel.frame);
  const again = elements.find((e) => e.path === sel.path && e.function === sel.element.function && e.file === sel.element.file);
  const message = $("element-message").textContent.replace(/; redrawing…$/, "");
  editing.awaiting = null;
  choose(again ? { ...sel, element: again } : null);
  if (wait && again) {
    document.body.dataset.editShown = String(shown);
    say(`${message}; shown ${((shown - editing.sentAt) / 1000).toFixed(2)} s after the edit`);
  }
}

function nudge(dx, dy) {
  const sel = editing.sel;
  if (!sel || !sel.element.editable || !canEdit() || editing.awaiting) return;
  if (!editing.nudge) editing.nudge = { from: sel.box.slice(), timer: 0 };
  sel.box = [sel.box[0] + dx, sel.box[1] + dy, sel.box[2], sel.box[3]];
  drawSelection();
  showElement();
  clearTimeout(editing.nudge.timer);
  editing.nudge.timer = setTimeout(() => { const from = editing.nudge.from; editing.nudge = null; send(from, editing.sel.box); }, NUDGE_WAIT_MS);
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function keys(event) {
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === "z") { event.preventDefault(); step(event.shiftKey ? "redo" : "undo"); return; }
  if (mod && event.key.toLowerCase() === "y") { event.preventDefault(); step("redo"); return; }
  if (!editing.sel || mod) return;
  if (event.key === "Escape") { choose(null); return; }
  if (event.key === "n" || event.key === "N") { pickBeneath(); return; }
  const arrow = ARROWS[event.key];
  if (arrow) {
    event.preventDefault();
    const by = event.shiftKey ? GRID_MM : NUDGE_MM;
    nudge(arrow[0] * by, arrow[1] * by);
  }
}

function editingControls() {
  document.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest(".sel")) return;
    const frame = event.target.closest(".frame");
    if (frame && frame.dataset.wmm) pick(frame, event);
  });
  // a drag ends with a click on the tile under it: it must not select the card again
  window.addEventListener("click", (event) => { if (editing.dragged) { editing.dragged = false; event.stopPropagation(); } }, true);
  document.addEventListener("load", () => setTimeout(followRedraw), true); // after the image's own handler notes the time
  document.addEventListener("pnp:rendered", followRedraw);
  document.addEventListener("keydown", keys);
  $("edit-undo").addEventListener("click", () => step("undo"));
  $("edit-redo").addEventListener("click", () => step("redo"));
  document.body.classList.toggle("can-edit", canEdit());
}

editingControls();
