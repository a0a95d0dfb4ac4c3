"""The one render loop: the sides of many items (cards, tokens) drawn from their templates with one game's layouts."""
from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext

from pnp.core.errors import Finding, Loc, PnpError
from pnp.data.fields import CardReads
from pnp.layout.elements import Face
from pnp.layout.growth import RUNAWAY
from pnp.layout.inspect import RECTANGLE, Cut
from pnp.outputs.context import GameContext


class SideRenderer:
    """Renders item sides, remembering what repeats across a deck or token set.

    A side whose template never reads the item (`reads`: the variables naming
    it, e.g. `card`) is the same for every item, so it is rendered once; a
    template bug that every item hits is reported once, naming the items (pnp.core.errors.one_per_mistake). A template
    that ran past a face's processor time (a loop that never ends) is not drawn for the items after it: each would
    spend that time again before the same finding, and a deck of 40 such cards kept `watch` and `serve` from the
    designer's fix for minutes; the one finding says so."""

    def __init__(self, gctx: GameContext, reads: tuple[str, ...]):
        self.gctx = gctx
        self.reads = reads
        self.findings: list[Finding] = []
        self._shared: dict[tuple[str, str], Face] = {}
        self._same_for_all: dict[str, bool] = {}  # template → whether it reads no item (asked once a deck, not once a face)
        self._reported: set = set()
        self._runaway: set[str] = set()  # templates that ran past a face's processor time: never drawn again here

    def side(self, template: str | None, side: str, size: tuple[float, float], bleed: float, what: str, ref: Loc,
             context: Callable[[], dict], cut: Cut = RECTANGLE, known: dict[str, str] | None = None) -> Face | None:
        """One side of one item to be cut along `cut`, or None when it has no template or its template failed (the finding is kept);
        `known`: digests of some of the context's values, for the face's key (pnp.pipeline.cache.FaceStore.key)."""
        if template is None or template in self._runaway:
            return None
        hit = self._shared.get((template, side))
        if hit is not None:
            return hit
        layouts = self.gctx.layouts
        w, h = size
        store = self.gctx.face_store if not layouts.traced else None  # faces kept from the last build; a traced drawing draws each face to find its lines
        values = context()
        key = store.key(template, side, size, bleed, f"{what} cut {cut.key}", values, known) if store is not None else None
        reads = self.gctx.card_reads
        face = store.get(key, reads) if store is not None else None
        if face is None:
            warned = len(layouts.template_warnings)
            try:
                with self.gctx.files_read.recording() as files, _capturing(reads) as read:
                    face = layouts.render(template, values, w, h, bleed, f"{what} {side}", ref, self.gctx.game.slug, cut)
            except PnpError as exc:
                self._report(exc.findings)
                if any(f.code == RUNAWAY for f in exc.findings):
                    self._runaway.add(template)
                return None
            if store is not None:
                store.put(key, face, len(layouts.template_warnings) > warned, files, read)
        shared = self._same_for_all.get(template)
        if shared is None:
            shared = self._same_for_all[template] = not any(layouts.reads(template, name) for name in self.reads)
        if shared:
            self._shared[(template, side)] = face
        return face

    def _report(self, findings: list[Finding]) -> None:
        """Keep each finding of each item: a mistake every item meets is reported once, naming them (pnp.core.errors.one_per_mistake)."""
        for f in findings:
            if f not in self._reported:
                self._reported.add(f)
                self.findings.append(f)


_NOTHING_READ = nullcontext(frozenset())  # the card sheets record no card reads: one block for all their faces


def _capturing(reads: CardReads | None):
    """A block giving the card reads made inside it (an empty set when the output records none)."""
    return _NOTHING_READ if reads is None else reads.capture()
