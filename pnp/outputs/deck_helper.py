"""A large deck's last cards rendered by a helper process, a part at a time, while this process draws the sheets.

The machine has two cores and a deck's work is rendering its faces and drawing its pages. This process renders the
deck's first cards and draws their pages; the helper renders the rest in parts (HELPER_PART_CARDS or more), each sent back as
it is done, so the pages of a part are drawn as soon as it arrives rather than once the whole rest has. Faces are
plain values, so they travel back cheaply, and the output is byte-identical to a one-process build
(pnp.render.sheets draws the pages again in the one case where it would not be).
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.errors import Finding
from pnp.core.memo import ByIdentity
from pnp.core.processes import helper_pool, worker_state
from pnp.data.project import Card, Deck, Game, Project
from pnp.layout.elements import Face, unstamped_digest
from pnp.outputs.context import Engine, GameContext
from pnp.outputs.options import Options
from pnp.render.icon_ink import IconInks
from pnp.render.ink_elements import face_ink

if TYPE_CHECKING:
    from concurrent.futures import Future

HELPER_PART_CARDS = 100  # the fewest cards the helper sends back at a time: the sheets wait for the first part
HELPER_PARTS = 8  # a larger deck's helper sends its cards back in this many parts

Rendered = tuple[Card, Face | None, Face | None]
RenderCards = Callable[[GameContext, Deck, Options, list[Card]], tuple[list[Rendered], list[Finding]]]
Whole = Callable[[list[Rendered], list[Finding], set[Path]], None]


def start_helper(gctx: GameContext, deck: Deck, options: Options, cards: list[Card], render: RenderCards, inks: bool, digests: bool,
                 ) -> tuple[Callable[..., None], list[tuple[list[Card], Future]]]:
    """A helper process rendering `cards` with `render` (pnp.outputs.cards.render_cards), a part at a time: (what
    stops it, each part with the future of its faces). With `inks` and `digests`, it also works out its faces' ink
    figures and digests (`_for_sheets`)."""
    pool = helper_pool(_context, _recipe(gctx, deck, options, render))
    try:
        size = max(HELPER_PART_CARDS, len(cards) // HELPER_PARTS)
        parts = [cards[i:i + size] for i in range(0, len(cards), size)]
        return pool.shutdown, [(part, pool.submit(_render_in_worker, part, inks, digests)) for part in parts]
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise


class SplitDeck:
    """A deck's last cards, which the helper renders while this process goes on (`start_helper`), arriving a part at a
    time (`next_part`)."""

    def __init__(self, gctx: GameContext, parts: list[tuple[list[Card], Future]], first_findings: list[Finding],
                 close: Callable[..., None] | None = None, whole: tuple[list[Rendered], set[Path], Whole] | None = None):
        self.gctx, self.close = gctx, close
        self.cards = [card for part, _ in parts for card in part]
        self._parts = deque(parts)
        self._findings = dict.fromkeys(first_findings)  # what rendering the deck found so far, each template bug once
        self._given = 0  # how many of those `next_part` gave
        self._arrived: list[Rendered] = []
        self._files: set[Path] = set()
        self.whole = whole  # (the first cards rendered here, the files they read, what to do with the whole deck once the rest arrives)
        self.inks: dict = {}  # id(face) → (face, its ink figure) for the last part's faces (the sheets keep every part's: FaceInks)
        self.digests: list[tuple[Face | None, str]] = []  # (face, its digest) for the faces that arrived (FaceDigests.know)

    @property
    def done(self) -> bool:
        """Whether every part arrived."""
        return not self._parts

    def next_part(self) -> tuple[list[Rendered], list[Finding]]:
        """The next part's cards with their faces (`_Helper.part`), and what rendering the deck found that was not
        given before, each template bug once; the fonts the helper registered, the files it opened and the faces it kept
        become this process's too."""
        part, later = self._parts.popleft()
        try:
            faces, found, drawn, fonts, files, kept, inks, digests = later.result()
        except BaseException:
            self._stop()
            raise
        if not self._parts:
            self._stop()
        gctx = self.gctx
        for family, bold, italic in fonts:  # a face from the helper may use a style this process never registered
            gctx.fonts.font_name(family, bold, italic)
        gctx.files_read.update(files)  # art only the helper's cards show still keys the output
        gctx.layouts.template_warnings.extend(drawn)  # what its faces drew warns here as in one process: a text shrunk, art a draft lacks
        self._files.update(files)
        if gctx.face_store is not None:  # the next build finds the helper's faces too, and renders only what changed
            gctx.face_store.adopt(*kept)
        rendered = [(card, front, back) for card, (front, back) in zip(part, faces, strict=True)]
        self.digests += [(face, digest) for faces_of, sent in zip(faces, digests, strict=False) for face, digest in zip(faces_of, sent, strict=True)
                         if face is not None]  # no face: FaceDigests gives it its digest itself
        self.inks = {id(face): (face, ink) for pair, known in zip(faces, inks, strict=False) for face, ink in zip(pair, known, strict=True)
                     if ink is not None}  # no items asked: none sent (`inks` empty)
        self._findings.update(dict.fromkeys(found))
        new = list(self._findings)[self._given:]
        self._given = len(self._findings)
        self._arrived += rendered
        if not self._parts and self.whole is not None:
            first, first_files, keep = self.whole
            keep(first + self._arrived, list(self._findings), first_files | self._files)
        return rendered, new

    def rest(self) -> tuple[list[Rendered], list[Finding]]:
        """Every part still to arrive, and what rendering the deck found that was not given before."""
        rendered, found = [], []
        while self._parts:
            more, said = self.next_part()
            rendered += more
            found += said
        return rendered, found

    def _stop(self) -> None:
        """Stop the helper, once: its last part arrived, or a part failed (what it had not begun is not rendered)."""
        if self.close is not None:
            self.close(cancel_futures=True)
            self.close = None


def _recipe(gctx: GameContext, deck: Deck, options: Options, render: RenderCards) -> tuple:
    """What the helper needs to render faces of `deck` as this process does (`_context`)."""
    store = gctx.face_store.opener() if gctx.face_store is not None else None
    return (gctx.project.root, gctx.game, deck.id, dataclasses.replace(options, progress=None), store, render)


def _context(root: Path, game: Game, deck_id: str, options: Options, store: Callable | None, render: RenderCards) -> _Helper:
    """The game's context rebuilt in the helper from plain data, so any start method works (fork, spawn, forkserver);
    `store` opens the build's face store there (pnp.pipeline.cache.FaceStore.opener), so kept faces are reused and new ones kept."""
    gctx = Engine(Project(root)).for_game(game)
    gctx.layouts.draft = options.draft
    if store is not None:
        gctx.face_store = store(fonts=gctx.fonts)
    return _Helper(gctx, game.decks[deck_id], options, render)


def _render_in_worker(cards: list[Card], inks: bool, digests: bool) -> tuple:
    """The faces of `cards` rendered in the helper (`_Helper.part`), whose state `_context` made as it started."""
    return worker_state().part(cards, inks, digests)


@dataclasses.dataclass
class _Helper:
    """What the helper renders with, and how much of its face store's record it sent back."""

    gctx: GameContext
    deck: Deck
    options: Options
    render: RenderCards
    sent: tuple[int, int] = (0, 0)  # the entries of the store's faces and card reads sent with the parts before

    def part(self, cards: list[Card], inks: bool, digests: bool) -> tuple:
        """The faces of `cards`, the findings, the warnings their drawing gave (pnp.layout.templates.Layouts.template_warnings),
        the fonts registered, the files opened, the faces the store gave or took for them with their card reads (one
        pickle with the faces: a face in both is sent once), and with `inks` and `digests` each (front, back)'s ink
        figures and digests (`_for_sheets`)."""
        gctx = self.gctx
        already = len(gctx.layouts.template_warnings)
        with gctx.files_read.recording() as files:
            rendered, findings = self.render(gctx, self.deck, self.options, cards)
        faces = [(front, back) for _, front, back in rendered]
        return (faces, findings, gctx.layouts.template_warnings[already:], gctx.fonts.registered(), sorted(str(f) for f in files), self._kept(),
                _for_sheets(faces, functools.partial(face_ink, icons=IconInks(gctx.icons))) if inks else [],
                _for_sheets(faces, unstamped_digest) if digests else [])

    def _kept(self) -> tuple[dict, dict]:
        """What the store gave or took since the last part: a face sent in an earlier part is not sent again."""
        store = self.gctx.face_store
        if store is None:
            return {}, {}
        used, reads = store.used, store.reads
        kept = dict(itertools.islice(used.items(), self.sent[0], None)), dict(itertools.islice(reads.items(), self.sent[1], None))
        self.sent = (len(used), len(reads))
        return kept


def _for_sheets(faces: list[tuple], work: Callable) -> list[tuple]:
    """`work` of each (front, back), done in the process that drew them: their ink figures (pnp.render.ink_elements.face_ink)
    or digests (pnp.layout.elements.unstamped_digest), which the sheets would else work out in the process writing every
    page. Once per face object (ByIdentity), so a back the cards share is worked out and sent once; None for no face."""
    done = ByIdentity()
    return [tuple(None if face is None else done(face, work) for face in pair) for pair in faces]
