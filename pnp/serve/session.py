"""The live preview's state across saves: which games a save touched, their refreshed sections, the last good images.

A refresh reloads and checks each touched game, then redraws its cards first
(what a designer edits most) and publishes them, then each document (boards,
tokens, reference, rulebook) in turn. A newer save interrupts it between two
steps; the game stays marked and is refreshed whole on the next round. A face
that fails keeps its last good image, marked stale, and the error joins the
list; the next good save replaces both.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import Finding, Loc, PnpError, error, one_per_mistake
from pnp.core.memo import Keeps
from pnp.core.units import counted
from pnp.data.image_folder import IMAGE_SUFFIXES
from pnp.data.project import Project
from pnp.layout.growth import Interrupted, OverBudget
from pnp.outputs.context import Engine, GameContext
from pnp.outputs.options import Options
from pnp.pipeline.build import close_kept, open_kept
from pnp.pipeline.cache import shared_inputs_hash
from pnp.pipeline.results import checks_cache
from pnp.pipeline.validate import check_game, inspect_faces
from pnp.serve.components import Section, deck_sections, documents, render_decks
from pnp.serve.images import ImageStore

Publish = Callable[[str, dict], None]


@dataclass
class GameView:
    """What the page shows of one game: its sections in order and its findings by the step that found them."""

    slug: str
    title: str = ""
    sections: dict[str, Section] = field(default_factory=dict)
    findings: dict[str, list[Finding]] = field(default_factory=dict)
    state: str = "loading"  # loading (nothing shown yet), updating (a refresh is under way), ready
    updated: dict = field(default_factory=dict)
    drawings: int = 0  # times its cards were drawn: the page knows a drawing came after its edit (pnp.serve.editor)

    def merge(self, new: Section | None, key: str | None = None) -> None:
        """Take a refreshed section, putting back the last good image wherever the new one failed."""
        if new is None:
            self.sections.pop(key, None)
            return
        old = self.sections.get(new["key"])
        if old is not None:
            if new.get("failed"):
                new["items"] = [_stale_copy(item) for item in old["items"]]
            else:
                previous = {item["key"]: item for item in old["items"]}
                for item in new["items"]:
                    before = previous.get(item["key"])
                    for n, shot in enumerate(item["images"]):
                        if shot["src"] is None and before is not None and n < len(before["images"]) and before["images"][n]["src"]:
                            item["images"][n] = {**before["images"][n], "stale": True}
        self.sections[new["key"]] = new

    def model(self) -> dict:
        """The JSON the page receives for this game."""
        findings = sorted(one_per_mistake([f for found in self.findings.values() for f in found]), key=Finding.sort_key)
        return {
            "slug": self.slug,
            "title": self.title or self.slug,
            "state": self.state,
            "updated": self.updated,
            "drawings": self.drawings,
            "findings": [{"severity": f.severity, "where": str(f.loc), "message": f.message + f.places_text(), "component": f.component, "text": f.format()} for f in findings],
            "summary": findings_summary(findings),
            "sections": list(self.sections.values()),
        }

    def image_names(self) -> set[str]:
        return {shot["src"].removeprefix("/img/") for s in self.sections.values() for item in s["items"] for shot in item["images"] if shot["src"]}


def _stale_copy(item: dict) -> dict:
    return {**item, "images": [{**shot, "stale": bool(shot["src"])} for shot in item["images"]]}


def affected_games(project: Project, slugs: list[str], paths: set[Path]) -> tuple[set[str], bool, bool]:
    """(games to refresh, templates or fonts changed so the engine must be rebuilt, a file a face draws by name changed).

    A file under data/<game>/ touches that game alone; anything else (a
    template, icon, font or picture) may be used by every game."""
    games, engine, drawn = set(), False, False
    for path in paths:
        parts = Path(project.rel(path)).parts
        if len(parts) >= 2 and parts[0] == "data":
            if parts[1] in slugs:
                games.add(parts[1])
            drawn = drawn or path.suffix.lower() in IMAGE_SUFFIXES  # a game's own art, saved over: its faces name it by path alone
            continue
        games.update(slugs)
        engine = True
        drawn = drawn or path.suffix != ".j2"  # icons, fonts and art are drawn by name: the same face value draws anew
    return games, engine, drawn


class LiveSession:
    """Every shown game's view, refreshed on demand and published one step at a time."""

    def __init__(self, project: Project, slugs: list[str], publish: Publish, paper: str = "letter", draft: bool = False,
                 without: frozenset = frozenset()):
        self.project, self.slugs, self.publish, self.paper = project, slugs, publish, paper
        # `pnp serve --draft`: as `pnp build --draft`, a missing image is a marked placeholder and a warning, pages say DRAFT
        self.options = Options(paper=paper, draft=draft, without=without)  # `without`: speed mechanisms a bench has it go without
        # what a save worked out and the next may ask again (pnp.core.memo), for every engine it makes
        self.keeps = Keeps() if "keeps" not in without else None
        self.out, _ = checks_cache(project, without)  # the build cache it reads and keeps its checks and faces in, as `validate` does
        self.engine = self._new_engine()
        self.images = ImageStore()
        self.views = {slug: GameView(slug) for slug in slugs}
        self.dirty: set[str] = set(slugs)
        self.reason = "start"
        self._shown: set[str] = set()  # images of the previous round, kept one round for pages still loading them
        self.drawn: dict[str, GameContext] = {}  # each game as its cards were last drawn, for the editor (pnp.serve.editor)
        self._decks_drawn: dict[str, tuple] = {}  # each game's cards as this refresh drew them, and what drawing them found
        self.lock = threading.RLock()  # held while drawing: the editor draws a face again between two steps, never during one

    def saw(self, paths: set[Path]) -> None:
        """Note saved files; the next refresh redraws what they touch."""
        games, engine, drawn = affected_games(self.project, self.slugs, paths)
        self.dirty |= games
        with self.lock:
            if engine:
                self.engine = self._new_engine()
            self.engine.check_image.new_run()  # art saved over is measured again (by its file's status), as a new build would
            if self.keeps is not None:
                self.keeps.new_run()  # what the last two refreshes asked for stays (pnp.core.memo.TwoRuns)
        if drawn:
            self.images.forget_faces()
        names = sorted(self.project.rel(p) for p in paths)
        self.reason = ", ".join(names[:3]) + (" …" if len(names) > 3 else "")

    def _new_engine(self) -> Engine:
        engine = Engine(self.project)
        engine.keeps = self.keeps
        return engine

    def refresh(self, interrupted: Callable[[], bool] = lambda: False) -> bool:
        """Redraw the touched games, cards first; False when a newer save interrupted it, between two steps or inside a
        face's template (a looping one stops at once: the save that fixes it is drawn next)."""
        self.engine.layouts.new_command()  # each refresh is a command of its own
        try:
            return self._refresh(interrupted)
        except Interrupted:
            return False
        except OverBudget as exc:  # this refresh's faces used its processor time: its one finding, on each game it drew
            for slug in [s for s in self.slugs if s in self.dirty]:
                self.views[slug].findings = {"render": [exc.finding] if exc.finding is not None else []}
                self.views[slug].state = "ready"
                self._publish(slug, time.perf_counter())
                self.dirty.discard(slug)
            self.engine.layouts.new_command()  # the editor's drawings until the next save are a command of their own
            return True

    @contextmanager
    def _step(self, interrupted: Callable[[], bool]):
        """One step of a refresh: the session's lock held, and a face it draws stopped when `interrupted()` turns true.

        The stop is the refresh's own, set only while it holds the lock: the
        editor draws a face again between two steps (holding the same lock),
        and a save arriving then must not stop the editor's drawing, which
        answers a request, as if it were the refresh's."""
        with self.lock, self.engine.layouts.stopped_by(interrupted):
            yield

    def _refresh(self, interrupted: Callable[[], bool]) -> bool:
        started = time.perf_counter()
        pending = [s for s in self.slugs if s in self.dirty]
        contexts: dict[str, GameContext | None] = {}
        for slug in pending:
            with self._step(interrupted):
                contexts[slug] = self._cards(slug, started)
            if interrupted():
                return False
        for slug in pending:
            gctx = contexts[slug]
            if gctx is not None:
                for kind, build in documents():
                    with self._step(interrupted):
                        self._document(slug, kind, build, gctx, started)
                    if interrupted():
                        return False
                with self._step(interrupted):
                    self._checked(slug, gctx)
                if interrupted():
                    return False
                if self.out is not None:
                    close_kept(gctx, self.out)
            self.views[slug].state = "ready"
            self._publish(slug, started)
            self.dirty.discard(slug)
        shown = set().union(*(v.image_names() for v in self.views.values()))
        self.images.keep_only(shown | self._shown)
        self._shown = shown
        return True

    def _cards(self, slug: str, started: float) -> GameContext | None:
        """Reload and check one game, redraw its decks and publish them; None when the game cannot be loaded."""
        view = self.views[slug]
        view.state = "updating" if view.sections else "loading"
        try:
            game, found = self.project.load_game(slug, partial=True)  # a game with errors in some files: the rest is still drawn and checked
        except PnpError as exc:
            game, found = None, exc.findings
        except OSError as exc:  # a file vanished between the save and the read: the next save event follows
            game, found = None, [error("file-unreadable", f"could not read the game: {exc}", Loc(f"data/{slug}"), game=slug)]
        if game is None:  # nothing else can be checked: only why
            view.findings = {"load": found}
            view.sections = {k: {**s, "items": [_stale_copy(i) for i in s["items"]]} for k, s in view.sections.items()}
            self._publish(slug, started)
            return None
        view.findings["load"] = found  # the other steps' findings stay until each step replaces its own: no list flickering empty
        view.title = game.title
        gctx = self.engine.for_game(game)
        gctx.layouts.draft = self.options.draft  # a new context each load: the build sets it per run the same way
        shared = shared_inputs_hash(self.project)
        if self.out is not None:
            open_kept(gctx, self.out, shared, self.options.without)  # faces and checks' parts kept by an earlier save, or by another command
        rendered, found = render_decks(gctx)
        self.drawn[slug] = gctx
        self._decks_drawn[slug] = (rendered, found)  # what the game's final check reads rather than drawing the cards again
        view.drawings += 1
        view.findings["render"] = found
        decks = deck_sections(gctx, self.images, rendered)
        documents = {k: s for k, s in view.sections.items() if not k.startswith("deck:")}
        for section in decks:
            view.merge(section)
        view.sections = {**{s["key"]: s for s in decks}, **documents}  # decks first, in the game's order; a removed deck goes
        self._publish(slug, started, cards_done=True)  # the faces first: they are what a designer waits for
        # then what `pnp validate` finds, with the cards rendered once for both the check and the page
        view.findings["check"] = check_game(gctx, render=False, shared=shared) + inspect_faces(gctx, rendered) + self._template_warnings(slug)
        self._publish(slug, started)
        return gctx

    def _checked(self, slug: str, gctx: GameContext) -> None:
        """The game's findings, once every section is drawn, as `pnp validate` finds them: the one function every command
        asks (pnp.pipeline.validate.check_game, rendering every output, boxes, dice and labels included, and the card
        sheets' shared cuts), its parts kept by what they read, so the faces just drawn are not drawn again. What drawing
        the sections found stood in for it until now; it goes, so the page lists what `validate` lists, no more, no less."""
        view = self.views[slug]
        drawn = self._decks_drawn.pop(slug, None)
        found = check_game(gctx, render=True, shared=shared_inputs_hash(self.project), drawn=drawn) + self._template_warnings(slug)
        view.findings = {"load": view.findings.get("load", []), "check": found}

    def _template_warnings(self, slug: str) -> list[Finding]:
        """Warnings met compiling templates, kept by the engine for its life (a template compiles once), but those of other games' folders.

        Only those: what drawing a face warns of is the checks' (check_game lists it as validate does, once, naming its
        pieces), and the engine's list of every warning grows with each refresh's drawings, a renamed card's kept."""
        others = tuple(f"templates/{other}/" for other in self.project.game_slugs() if other != slug)
        return [f.in_game(slug) for f in self.engine.layouts.compile_warnings if f.game in ("", slug) and not f.loc.path.startswith(others)]

    def _document(self, slug: str, kind: str, build, gctx: GameContext, started: float) -> None:
        view = self.views[slug]
        section, found = build(gctx, self.images, self.options)
        view.findings[kind] = found
        view.merge(section, kind)
        self._publish(slug, started)

    def _publish(self, slug: str, started: float, cards_done: bool = False) -> None:
        """Hand the game's state to the page; `cards_done` marks the step after which the cards are current (the time a designer waits)."""
        view = self.views[slug]
        seconds = round(time.perf_counter() - started, 3)
        view.updated = {"after": self.reason, "seconds": seconds, "cards": seconds if cards_done else view.updated.get("cards"), "at": time.strftime("%H:%M:%S")}
        self.publish(slug, view.model())


def findings_summary(findings: list[Finding]) -> str:
    """'1 error, 2 warnings' and, when there are any, ', 3 notes': notes are news, never counted as warnings."""
    counts = {severity: sum(1 for f in findings if f.severity == severity) for severity in ("error", "warning", "note")}
    said = [counted(counts["error"], "error"), counted(counts["warning"], "warning")]
    return ", ".join(said + ([counted(counts["note"], "note")] if counts["note"] else []))
