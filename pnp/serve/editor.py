"""Drag to edit, the protocol: the page's listings, edits, undo and redo, and the one place `pnp serve` writes a file.

Each request draws the face again from the session's last drawing of the
game (LiveSession.drawn), holding the session's lock so that the render
thread and it never draw at once. An edit is made only from the bytes that
drawing was made from, and only while the file still holds them; it rewrites
only the literal terms that change, through the same atomic writer as every
output, in files under templates/ that the one path rule accepts. The save
then shows as any save does: the server follows it.
"""
from __future__ import annotations

import contextlib
import math
import threading
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from jinja2.lexer import newline_re

from pnp.core.files import write_atomic
from pnp.data.project import Project
from pnp.layout import call_source
from pnp.serve.editing import (
    Box,
    Placed,
    Refusal,
    Source,
    describe_args,
    digest_of,
    explainer,
    not_movable,
    placed_elements,
    plan,
    template_source,
    the_call,
)
from pnp.serve.traced import traced_face

SAME_BOX_MM = 0.05  # the box an edit starts from must be the one drawn now, to this much
UNDO_DEPTH = 50
MAX_MOVES = 50  # elements one edit moves together


@dataclass(frozen=True)
class Move:
    """One element of a face the page asks to move: where it is, the file it was shown from, its box then and wanted."""

    path: str
    rel: str
    digest: str
    start: Box
    to: Box


@dataclass(frozen=True)
class Written:
    """One file an edit wrote: its bytes before and after."""

    source: Source
    before: bytes
    after: bytes


@dataclass(frozen=True)
class Edit:
    """One edit, for undo and redo: every file it wrote (most often one), and the line of its first call."""

    files: tuple[Written, ...]
    line: int


@dataclass
class History:
    """The edits of one server, the last on top; undoing one puts it on the redo list until the next edit."""

    done: list[Edit] = field(default_factory=list)
    undone: list[Edit] = field(default_factory=list)

    def record(self, edit: Edit) -> None:
        self.done = [*self.done, edit][-UNDO_DEPTH:]
        self.undone = []

    def counts(self) -> dict:
        return {"undo": len(self.done), "redo": len(self.undone)}


class Editor:
    """The edits of one `pnp serve`: the elements of a face as the page selects them, edits, undo and redo."""

    def __init__(self, project: Project, session_of):
        self.project = project
        self.session_of = session_of  # the LiveSession, once the server has started one
        self.history = History()
        self.lock = threading.Lock()  # one edit, undo or redo at a time

    def _drawn(self, slug: str):
        """(session, the game's context as its cards were last drawn)."""
        session = self.session_of()
        if session is not None and slug not in session.views:
            raise Refusal(404, f"pnp serve shows no game {slug!r}: it shows {', '.join(session.views)}")
        drawn = session.drawn.get(slug) if session is not None else None
        if drawn is None:
            raise Refusal(409, f"{slug} is still being drawn: try again in a moment")
        return session, drawn

    def elements(self, slug: str, key: str, side: str) -> dict:
        """Every element a template call drew on one card face, for the page to select, show and drag."""
        session, _ = self._drawn(slug)
        with session.lock:
            _, drawn = self._drawn(slug)
            face, calls, card, deck = traced_face(drawn, key, side)
            texts = {rel: self._text(rel, digest) for rel, digest in _drawn_from(self.project, drawn).items()}
            shown = [self._shown(p, drawn, face, card, deck, texts) for p in placed_elements(face.elements, calls)]
        return {"item": key, "side": side, "elements": shown, **self.history.counts()}

    def _text(self, rel: str, digest: str) -> tuple[str, str] | None:
        """(text, digest) of a template file its faces were drawn from, or None when the path rule refuses it."""
        try:
            source = template_source(self.project, rel)
        except Refusal:
            return None
        if source.digest != digest:  # saved again this very moment: the next drawing shows it
            return None
        with contextlib.suppress(call_source.SourceError):  # not UTF-8: Jinja could not have read it either
            return (call_source.text_of(source.data), digest)
        return None

    def _shown(self, placed: Placed, drawn, face, card, deck, texts: dict) -> dict:
        """One element as the page shows it: box, numbers, the call and its placing arguments, and whether it can move."""
        d = placed.drawn
        rel = self.project.rel(Path(d.filename))
        out = {"path": placed.path, "kind": type(placed.element).__name__.lower(), "function": d.function, "box": list(placed.face_box),
               "where": f"{rel}:{d.line}", "file": rel, "line": d.line, "call": "", "args": [], "editable": False, "why": "",
               "square": d.function in ("circle", "repeat") or (d.function == "icon" and "size" in d.args)}
        if d.function == "text":
            out["size"] = d.args.get("size")
            out["fitted"] = max((op.size for op in placed.element.ops if hasattr(op, "font")), default=None)
        found = texts.get(rel)
        env = drawn.layouts.env
        call = the_call(env, found[0], d) if found is not None else None
        why = not_movable(placed, found, call)
        if call is not None:
            out["call"], out["digest"] = call.source, found[1]
            out["args"] = describe_args(env, found[0], call, d, explainer(env, found[0], card, deck, drawn.game, face)).args
            out["square"] = out["square"] and call.argument("w") is None and call.argument("h") is None
            if not why and out["args"] and all(a["status"] in ("fixed", "unwritten") for a in out["args"]):
                why = "no number that places it can take a change (each is an expression with none of its own): change them in the file"
        out["editable"], out["why"] = not why, why
        return out

    def edit(self, body: dict) -> dict:
        """Move or resize elements of one face: rewrite the literal terms of their calls that change, and nothing else."""
        slug, key, side = (_text_field(body, k) for k in ("game", "item", "side"))
        moves = _moves(body)
        with self.lock:
            session, _ = self._drawn(slug)
            with session.lock:
                _, drawn = self._drawn(slug)
                sources = self._sources(drawn, moves)
                face, calls, _, _ = traced_face(drawn, key, side)
                placed = {p.path: p for p in placed_elements(face.elements, calls)}
                env = drawn.layouts.env
                planned = self._plan(env, drawn, placed, moves, sources)
                written = tuple(self._rewrite(env, sources[rel], changes) for rel, changes in planned.items())
                for w in written:
                    if w.after != w.before:
                        write_back(w.source, w.after, w.before, "written")
                first = next(iter(planned.values()))[0][0]
                drawings = _drawings(session)
                if any(w.after != w.before for w in written):
                    self.history.record(Edit(tuple(w for w in written if w.after != w.before), first.line))
        changed = [c for changes in planned.values() for call, reps in changes for c in _changed_args(call, reps)]
        return {"ok": True, "file": next(iter(planned)), "line": first.line, "changed": changed,
                "digests": {w.source.rel: digest_of(w.after) for w in written}, "drawings": drawings, **self.history.counts()}

    def _sources(self, drawn, moves: list[Move]) -> dict[str, Source]:
        """Each file the moves name, once the path rule keeps it in templates/ and it holds the bytes the page was shown."""
        out, drawn_from = {}, _drawn_from(self.project, drawn)
        for move in moves:
            source = out.get(move.rel) or template_source(self.project, move.rel)
            if source.digest != move.digest:
                raise Refusal(409, f"not written: {move.rel} changed on disk since it was shown; the page shows the new version once it is redrawn")
            if drawn_from.get(move.rel) != move.digest:
                raise Refusal(409, f"not written: the page shows an older drawing of {move.rel}; select the element again once it is redrawn")
            out[move.rel] = source
        return out

    def _plan(self, env, drawn, placed: dict[str, Placed], moves: list[Move], sources: dict[str, Source]) -> dict[str, list]:
        """file → [(call, replacements)]: each call moved once, though the page moved several elements it drew (a row of icons)."""
        planned: dict[str, list] = {}
        seen: set[tuple[str, int]] = set()
        for move in moves:
            element = placed.get(move.path)
            if element is None or self.project.rel(Path(element.drawn.filename)) != move.rel or any(
                    abs(a - b) > SAME_BOX_MM for a, b in zip(move.start, element.face_box, strict=True)):
                raise Refusal(409, "not written: the face has changed since it was shown; select the element again")
            text = call_source.text_of(sources[move.rel].data)
            call = the_call(env, text, element.drawn)
            why = not_movable(element, (text, move.digest), call)
            if why:
                raise Refusal(422, f"not written: {why}")
            if (move.rel, call.start) not in seen:
                seen.add((move.rel, call.start))
                planned.setdefault(move.rel, []).append((call, plan(env, call, element, move.to)))
        return planned

    def _rewrite(self, env, source: Source, changes: list) -> Written:
        """The file with every planned replacement made, once it reads back as a template with the same calls."""
        replacements = [r for _, reps in changes for r in reps]
        try:
            after = call_source.rewritten(source.data, replacements)
        except call_source.SourceError as exc:
            raise Refusal(500, f"not written: {exc}; please report this") from None
        if replacements:
            reads_back(env, call_source.text_of(source.data), call_source.text_of(after), [call for call, _ in changes])
        return Written(source, source.data, after)

    def undo(self) -> dict:
        """Put the files of the last edit back to their bytes before it, if they still hold the bytes the edit wrote."""
        return self._step(self.history.done, self.history.undone, "undone", lambda w: (w.before, w.after))

    def redo(self) -> dict:
        """Make the last undone edit again, if its files still hold the bytes the undo put back."""
        return self._step(self.history.undone, self.history.done, "redone", lambda w: (w.after, w.before))

    def _step(self, take: list[Edit], put: list[Edit], what: str, sides) -> dict:
        session = self.session_of()
        with self.lock, session.lock if session is not None else contextlib.nullcontext():
            if not take:
                raise Refusal(409, f"nothing to be {what}")
            edit = take[-1]
            sources = [template_source(self.project, w.source.rel) for w in edit.files]  # the path rule again: a link may stand there now
            for w, source in zip(edit.files, sources, strict=True):
                if source.data != sides(w)[1]:
                    raise Refusal(409, f"not {what}: {w.source.rel} changed on disk since; nothing was written")
            for w, source in zip(edit.files, sources, strict=True):
                write_back(source, *sides(w), what)
            put.append(take.pop())
            drawings = _drawings(session) if session is not None else {}
        return {"ok": True, "file": edit.files[0].source.rel, "line": edit.line,
                "digests": {w.source.rel: digest_of(sides(w)[0]) for w in edit.files}, "drawings": drawings, **self.history.counts()}


def _drawings(session) -> dict[str, int]:
    """How many times each game's cards have been drawn: the page waits for the drawing after an edit (LiveSession.views)."""
    return {slug: view.drawings for slug, view in session.views.items()}


def _drawn_from(project: Project, gctx) -> dict[str, str]:
    """Each template file (as the project names it) → the digest of its bytes, when they are the text its faces in
    `gctx` were drawn from (Jinja reads each line break as a newline); a file changed since is left out."""
    out = {}
    for filename, text in gctx.engine.layouts.sources.items():
        with contextlib.suppress(OSError, UnicodeDecodeError):
            data = Path(filename).read_bytes()
            if newline_re.sub("\n", data.decode("utf-8")) == text:
                out[project.rel(Path(filename))] = digest_of(data)
    return out


def write_back(source: Source, data: bytes, expected: bytes, what: str) -> None:
    """Write `data` over the file, if it still holds `expected` (what the edit was made from); Refusal otherwise."""
    try:
        now = source.path.read_bytes()
    except OSError as exc:
        raise Refusal(409, f"not {what}: {source.rel} cannot be read ({exc.strerror or exc})") from None
    if now != expected:
        raise Refusal(409, f"not {what}: {source.rel} changed on disk since; nothing was written")
    write_atomic(source.path, data)


def reads_back(env: jinja2.Environment, before: str, after: str, calls: list[call_source.Call]) -> None:
    """Refusal unless the rewritten text parses and each changed call reads back with as many arguments, by the same names."""
    try:
        env.parse(after)
    except jinja2.TemplateSyntaxError as exc:
        raise Refusal(500, f"not written: the rewritten template would not read ({exc.message}); please report this") from None
    for call in calls:
        params = [a.name for a in call.arguments]
        old = call_source.calls_at(env, before, call.line, call.function, params)
        new = call_source.calls_at(env, after, call.line, call.function, params)
        again = new[old.index(call)] if len(new) == len(old) else None
        if again is None or [a.name for a in again.arguments] != params:
            raise Refusal(500, "not written: the rewritten call would not read back the same; please report this")


def _changed_args(call: call_source.Call, replacements: list[tuple[int, int, str]]) -> list[dict]:
    """Each argument of `call` an edit changes: its name, its text before and after."""
    out = []
    for a in call.arguments:
        inside = sorted(((s - a.start, e - a.start, t) for s, e, t in replacements if a.start <= s and e <= a.end), reverse=True)
        if inside:
            text = a.source
            for s, e, t in inside:
                text = text[:s] + t + text[e:]
            out.append({"name": a.name, "before": a.source, "after": text, "line": call.line})
    return out


def _text_field(body: dict, name: str) -> str:
    """A text field of an edit: a string of 1 to 1,000 characters none of which is a control character (a NUL in a file
    name) or half of a UTF-16 pair (a lone surrogate, which no file name or key holds): 400 otherwise."""
    value = body.get(name)
    if not isinstance(value, str) or not value or len(value) > 1000:
        raise Refusal(400, f"the request names no {name}: it is a text of 1 to 1,000 characters")
    if any(c < " " or c == "\x7f" or "\ud800" <= c <= "\udfff" for c in value):
        raise Refusal(400, f"the request's {name} holds a control character or a lone surrogate, which no {name} holds")
    return value


def query_fields(params, names: tuple[str, ...]) -> list[str]:
    """The fields of a listing's query, each checked as an edit's text fields are."""
    return [_text_field({n: params.get(n)}, n) for n in names]


def _moves(body: dict) -> list[Move]:
    moves = body.get("moves")
    if not isinstance(moves, list) or not 1 <= len(moves) <= MAX_MOVES or not all(isinstance(m, dict) for m in moves):
        raise Refusal(400, f"an edit moves 1 to {MAX_MOVES} elements: [{{path, file, digest, from, to}}, …]")
    out = [Move(*(_text_field(m, k) for k in ("path", "file", "digest")), _box_field(m, "from"), _box_field(m, "to")) for m in moves]
    if not all(len(m.digest) == 64 and set(m.digest) <= set("0123456789abcdef") for m in out):
        raise Refusal(400, "an edit's digest is the SHA-256 of the file it was shown from, as the listing gave it: 64 hex digits")
    return out


def _box_field(body: dict, name: str) -> Box:
    value = body.get(name)
    if not (isinstance(value, list) and len(value) == 4 and all(type(v) in (int, float) and math.isfinite(v) and abs(v) < 10_000 for v in value)):
        raise Refusal(400, f"the edit's {name} must be [x, y, w, h] in mm")
    if value[2] < 0 or value[3] < 0:
        raise Refusal(422, "not written: a box cannot be narrower or lower than nothing")
    return (float(value[0]), float(value[1]), float(value[2]), float(value[3]))
