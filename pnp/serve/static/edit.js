// pnp serve: select a drawn element of a card face (Shift-click adds more), drag or resize it, and the server writes the
// new numbers into the template call that drew it (pnp/serve/editor.py). The face is redrawn as after any save, and the
// selection follows it.
"use strict";

const NUDGE_MM = 0.5;
const NUDGE_WAIT_MS = 350; // arrow presses this close together make one edit
const HIT_MM = 0.8; // a thin rule or a small icon is hit this far around its box
const SAME_PLACE_MM = 1; // a second click this close to the first picks the element beneath
const AWAIT_MS = 10000; // an edit whose face shows no new image by then frees the selection anyway
const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];

const editing = {
  on: (document.querySelector('meta[name="pnp-edit"]') || {}).content === "on", // "off" with --read-only; the token is in a cookie
  lists: new Map(), // "item|side" → { src, elements }
  sel: null, // { item, side, frame, src, picked: [{ element, box }] }: the last picked is the one the panel shows
  last: null, // where the last click picked: { item, side, x, y, hits: paths under the pointer, topmost first }
  awaiting: null, // { item, side, drawings } after an edit, until its game is drawn again: no other edit is sent meanwhile
  nudge: null, // { from: the boxes before the first of a run of arrow presses, timer }
  sentAt: 0,
  counts: { undo: 0, redo: 0 },
};

function canEdit() { return editing.on; }

function frameTarget(frame) {
  const tile = frame.closest(".tile");
  const item = tile ? tile.dataset.key : frame.closest("#detail-faces") ? view.selected : null;
  // the pieces drawn by templates; a player aid, drawn by pnp, answers why nothing on it moves
  return item && /^(deck|board|token|reference:aid):/.test(item) ? { item, side: frame.dataset.side } : null;
}

async function elementsOf(item, side, frame) {
  const src = frame.querySelector("img.face").getAttribute("src");
  const key = `${item}|${side}`;
  const kept = editing.lists.get(key);
  if (kept && kept.src === src) return kept.elements;
  const query = new URLSearchParams({ game: view.current, item, side });
  const answer = await fetch(`/api/elements?${query}`);
  const data = await answer.json();
  if (!answer.ok) { say(data.error || "could not list the face's elements", true, item); return []; }
  editing.counts = { undo: data.undo, redo: data.redo };
  editing.lists.set(key, { src, elements: data.elements });
  return data.elements;
}

function contains(box, at) {
  return at.x >= box[0] - HIT_MM && at.x <= box[0] + box[2] + HIT_MM && at.y >= box[1] - HIT_MM && at.y <= box[1] + box[3] + HIT_MM;
}

// A click on a face: the topmost element under the pointer, or the next one beneath after a click at the same place;
// with Shift, the element is added to the selection (or taken out of it), to move several calls together.
async function pick(frame, event) {
  const target = frameTarget(frame);
  if (!target) return;
  const at = pointerMm(frame, event), adding = event.shiftKey;
  const elements = await elementsOf(target.item, target.side, frame);
  const hits = elements.filter((e) => contains(e.box, at)).reverse();
  const sel = editing.sel, same = sel && sel.item === target.item && sel.side === target.side;
  if (!hits.length) { if (!adding) choose(null); return; }
  if (adding && same) {
    const kept = sel.picked.filter((p) => p.element.path !== hits[0].path);
    choose({ ...target, frame, picked: kept.length < sel.picked.length ? kept.map((p) => p.element) : [...kept.map((p) => p.element), hits[0]] });
    return;
  }
  const last = editing.last;
  const again = last && last.item === target.item && last.side === target.side && Math.hypot(last.x - at.x, last.y - at.y) < SAME_PLACE_MM;
  let n = 0;
  if (again && same) n = (hits.findIndex((e) => e.path === shownOne().element.path) + 1) % hits.length;
  editing.last = { ...target, x: at.x, y: at.y, hits: hits.map((e) => e.path) };
  choose({ ...target, frame, picked: [hits[n]] });
}

function shownOne() { return editing.sel.picked[editing.sel.picked.length - 1]; }

// The element beneath the selected one at the last click's place (the N key).
function pickBeneath() {
  const last = editing.last, sel = editing.sel;
  if (!last || !sel || !last.hits.length) return;
  const list = editing.lists.get(`${sel.item}|${sel.side}`);
  const next = last.hits[(last.hits.indexOf(shownOne().element.path) + 1) % last.hits.length];
  const element = list && list.elements.find((e) => e.path === next);
  if (element) choose({ ...sel, picked: [element] });
}

// `selection` names its elements in `picked`; each keeps the box it is shown at (moved while dragging).
function choose(selection) {
  for (const old of document.querySelectorAll(".frame .sel")) old.remove();
  editing.sel = selection && selection.picked.length
    ? { ...selection, src: listedSrc(selection), picked: selection.picked.map((e) => ({ element: e, box: e.box.slice() })) } : null;
  if (editing.sel) drawSelection();
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

function movable(picked) { return picked.every((p) => p.element.editable) && canEdit(); }

function drawSelection() {
  const sel = editing.sel, several = sel.picked.length > 1;
  for (const old of sel.frame.querySelectorAll(".sel")) if (!sel.picked.some((p) => p.element.path === old.dataset.path)) old.remove();
  for (const p of sel.picked) {
    let box = sel.frame.querySelector(`.sel[data-path="${CSS.escape(p.element.path)}"]`);
    if (!box) {
      box = el("div", "sel");
      box.dataset.path = p.element.path;
      for (const h of HANDLES) { const handle = el("div", "handle"); handle.dataset.handle = h; box.append(handle); }
      box.addEventListener("pointerdown", startDrag);
      sel.frame.append(box);
    }
    box.classList.toggle("fixed", !(p.element.editable && canEdit()));
    box.classList.toggle("several", several);
    box.classList.toggle("pending", !!editing.awaiting);
    Object.assign(box.style, percentOf(sel.frame, p.box));
    box.title = `${p.element.function}() at ${p.element.where}`;
  }
}

function mm(v) { return Number(v.toFixed(2)).toString(); }

function showElement() {
  const panel = $("element"), sel = editing.sel;
  panel.hidden = !sel;
  if (!sel) return;
  const one = shownOne(), e = one.element, [x, y, w, h] = one.box;
  $("element-title").textContent = `${e.function}() · ${e.kind}`;
  $("element-where").textContent = e.where;
  $("element-call").textContent = e.call || "(the call is not found in the file as drawn)";
  let numbers = `x ${mm(x)}  y ${mm(y)}  w ${mm(w)}  h ${mm(h)} mm`;
  if (e.size) numbers += `  ·  size ${mm(e.size)} pt` + (e.fitted && e.fitted < e.size - 0.01 ? ` (fitted ${mm(e.fitted)} pt)` : "");
  $("element-numbers").textContent = numbers;
  reconcile($("element-args").tBodies[0], e.args, (a) => a.name, () => {
    const tr = el("tr"), td = el("td");
    td.append(el("code", "source"), el("div", "status"));
    tr.append(el("th"), td);
    return tr;
  }, (tr, a) => {
    tr.dataset.status = a.status;
    tr.querySelector("th").textContent = a.name;
    tr.querySelector(".source").textContent = a.source || "–";
    tr.querySelector(".status").textContent = a.note;
  });
  const others = sel.picked.slice(0, -1).map((p) => `${p.element.function}() at ${p.element.where}`);
  $("element-others").textContent = others.length ? `moves with: ${others.join("; ")}` : "";
  const fixed = sel.picked.find((p) => !p.element.editable);
  $("element-why").textContent = !canEdit() ? "pnp serve runs with --read-only: elements are shown, not moved"
    : fixed ? (fixed === one ? e.why : `${fixed.element.function}() at ${fixed.element.where}: ${fixed.element.why}`) : "";
  $("edit-undo").disabled = !canEdit() || !editing.counts.undo;
  $("edit-redo").disabled = !canEdit() || !editing.counts.redo;
}

function say(text, refused, item) {
  const line = $("element-message");
  line.textContent = text;
  line.classList.toggle("refused", !!refused);
  // with no element selected its panel is hidden: a refusal (a player aid laid out by pnp) shows under the piece's title
  const shown = $("detail-message");
  shown.hidden = !refused || !text || !$("element").hidden;
  shown.textContent = shown.hidden ? "" : text;
  shown.dataset.item = item || view.selected || "";
}

// Drag a selected element's box to move the selection, its handle to resize it (one element alone); positions snap to
// the grid when it is shown, else move in NUDGE_MM steps. The drop sends one edit.
function startDrag(event) {
  const sel = editing.sel;
  if (!sel || !movable(sel.picked) || editing.awaiting || event.button !== 0) return;
  event.preventDefault();
  event.stopPropagation();
  const box = event.currentTarget, frame = sel.frame;
  const grabbed = sel.picked.find((p) => p.element.path === box.dataset.path);
  const handle = sel.picked.length > 1 ? "" : event.target.dataset.handle || "";
  const perMm = frame.getBoundingClientRect().width / (Number(frame.dataset.wmm) + 2 * Number(frame.dataset.bleed));
  const start = { x: event.clientX, y: event.clientY, boxes: sel.picked.map((p) => p.box.slice()) };
  const first = start.boxes[sel.picked.indexOf(grabbed)];
  box.setPointerCapture(event.pointerId);
  let moved = false;
  const move = (e) => {
    const dx = (e.clientX - start.x) / perMm, dy = (e.clientY - start.y) / perMm;
    moved = moved || Math.hypot(e.clientX - start.x, e.clientY - start.y) > 2;
    if (!moved) return;
    if (handle) grabbed.box = dragged(first, handle, dx, dy, grabbed.element.square);
    else {
      const to = dragged(first, "", dx, dy, false), ddx = to[0] - first[0], ddy = to[1] - first[1];
      sel.picked.forEach((p, i) => { const b = start.boxes[i]; p.box = [b[0] + ddx, b[1] + ddy, b[2], b[3]]; });
    }
    drawSelection();
    showElement();
  };
  const end = () => {
    box.removeEventListener("pointermove", move);
    box.removeEventListener("pointerup", end);
    box.removeEventListener("pointercancel", end);
    if (moved) { editing.dragged = true; send(start.boxes); } else pick(frame, event); // a click on the selection: the one beneath
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
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  let data = {};
  try { data = await answer.json(); } catch { data = { error: `the server answered ${answer.status}` }; }
  return { ok: answer.ok, status: answer.status, data };
}

// Send the selection's move from the boxes it was shown at (`from`, one a picked element) to where it is now.
async function send(from) {
  const sel = editing.sel;
  const moves = sel.picked.map((p, i) => ({ path: p.element.path, file: p.element.file, digest: p.element.digest, from: from[i], to: p.box }))
    .filter((m) => m.from.some((v, i) => Math.abs(v - m.to[i]) > 1e-6));
  if (!moves.length) return;
  editing.awaiting = { item: sel.item, side: sel.side };
  editing.sentAt = Date.now();
  document.body.dataset.editSent = String(editing.sentAt);
  delete document.body.dataset.editShown;
  drawSelection();
  const { ok, status, data } = await post("/api/edit", { game: view.current, item: sel.item, side: sel.side, moves });
  if (!ok) {
    editing.awaiting = null;
    for (const p of sel.picked) p.box = p.element.box.slice();
    say(data.error || `refused (${status})`, true);
    if (status === 409) editing.lists.delete(`${sel.item}|${sel.side}`);
    drawSelection();
    showElement();
    return;
  }
  editing.counts = { undo: data.undo, redo: data.redo };
  if (editing.awaiting) editing.awaiting.drawings = data.drawings[view.current];
  if (!data.changed.length) { editing.awaiting = null; say("nothing to change"); drawSelection(); return; }
  const lines = [...new Set(data.changed.map((c) => c.line))];
  const what = lines.map((n) => `line ${n}: ` + data.changed.filter((c) => c.line === n).map((c) => `${c.name} ${c.before} → ${c.after}`).join(", "));
  say(`written in ${data.file}, ${what.join("; ")}; redrawing…`);
  showElement();
}

async function step(kind) {
  if (!canEdit()) return;
  const sel = editing.sel;
  if (sel) {
    editing.awaiting = { item: sel.item, side: sel.side };
    editing.sentAt = Date.now();
  }
  const { ok, data } = await post(`/api/${kind}`, {});
  if (!ok) { editing.awaiting = null; say(data.error, true); return; }
  editing.counts = { undo: data.undo, redo: data.redo };
  if (editing.awaiting) editing.awaiting.drawings = data.drawings[view.current];
  say(`${kind === "undo" ? "undone" : "redone"} at ${data.file}:${data.line}; redrawing…`);
  showElement();
}

// After each state the page draws: once the selected face shows a new image (after an edit, an undo or any save), or
// the game was drawn again after an edit that left this face's image as it was, list its elements again and select
// the same ones there (same place in the face, same call), or none.
async function followRedraw() {
  const sel = editing.sel, wait = editing.awaiting, game = view.games[view.current];
  if (wait && Date.now() - editing.sentAt > AWAIT_MS) editing.awaiting = null; // no drawing came: free the selection anyway
  if (!sel || editing.following) return;
  const img = sel.frame.querySelector("img.face");
  const src = img ? img.getAttribute("src") : null;
  // `drawings` counts the game's card drawings: a board or a token is drawn after them, so only its new image says so
  const cards = sel.item.startsWith("deck:");
  const newImage = src !== sel.src, redrawn = !!(cards && wait && wait.drawings !== undefined && game && game.drawings > wait.drawings);
  if (!img || (newImage && img.dataset.loadedSrc !== src) || (!newImage && !redrawn)) return;
  editing.following = true;
  try {
    sel.src = src;
    editing.lists.delete(`${sel.item}|${sel.side}`);
    const shown = newImage ? Number(img.dataset.loadedAt) : Date.now();
    const elements = await elementsOf(sel.item, sel.side, sel.frame);
    const again = sel.picked.map((p) => elements.find((e) => e.path === p.element.path && e.function === p.element.function && e.file === p.element.file))
      .filter((e) => e);
    const message = $("element-message").textContent.replace(/; redrawing…$/, "");
    editing.awaiting = null;
    choose(again.length ? { ...sel, picked: again } : null);
    if (wait && again.length) {
      document.body.dataset.editShown = String(shown);
      say(`${message}; shown ${((shown - editing.sentAt) / 1000).toFixed(2)} s after the edit`);
    }
  } finally {
    editing.following = false;
  }
}

function nudge(dx, dy) {
  const sel = editing.sel;
  if (!sel || !movable(sel.picked) || editing.awaiting) return;
  if (!editing.nudge) editing.nudge = { from: sel.picked.map((p) => p.box.slice()), timer: 0 };
  for (const p of sel.picked) p.box = [p.box[0] + dx, p.box[1] + dy, p.box[2], p.box[3]];
  drawSelection();
  showElement();
  clearTimeout(editing.nudge.timer);
  editing.nudge.timer = setTimeout(() => { const from = editing.nudge.from; editing.nudge = null; send(from); }, NUDGE_WAIT_MS);
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
  document.addEventListener("pointerdown", (event) => {  // a drag of the selection stops here (startDrag); a click does not
    if (event.button !== 0) return;
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
