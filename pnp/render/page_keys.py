"""The key of each page a sheet PDF prints: a hash of what decides what it shows, so a page printing what a page of an
earlier build printed keeps its ink figure (pnp.pipeline.build.measure_ink) and a process that stays up replays it
(pnp.render.draw.FaceDrawer.page); and each page's ink where its elements give it exactly (pnp.render.ink_elements),
so that page is not rasterised."""
from __future__ import annotations

import hashlib
import pickle
from collections import Counter
from collections.abc import Callable

from pnp.layout.elements import Face, FaceDigests
from pnp.render.icon_ink import IconInks
from pnp.render.ink_elements import PageInks


class PageKeys:
    """The key of each page a sheet PDF prints, in order: a hash of everything that decides what the page shows.

    That is the paper, each face's digest with its slot and turn and whether
    the PDF places it more than once (drawn as a form then, inline if not), the crop
    marks, the footer's words and scale bar, the shift of a backs sheet, and
    what holds for the whole PDF (`common`: the footer's font, the ink
    saver). What the faces' drawing reads besides (templates, icons, fonts,
    art) the caller adds to every key. A group drawing its own cut guide runs
    code no value here names: its pages get no key. Each page's ink where its
    elements give it exactly goes to `inks` (`scale_label`: the scale bar's words;
    None where the pages draw what no element names, a cutting machine's marks; `known`, faces' ink figures worked out
    where they were drawn: pnp.render.ink_elements.FaceInks), measured on each face as it is drawn (`prepared`: the
    ink saver's lightened face, pnp.render.draw.FaceDrawer.prepared)."""

    def __init__(self, digests: FaceDigests, common: tuple, scale_label: str | None = None, known: dict | None = None,
                 prepared: Callable[[Face], Face] | None = None, icons: IconInks | None = None):
        self.digests, self.common, self._papers = digests, common, {}  # _papers: sheet → what each key of a page of it starts with
        self.exact = PageInks(common, scale_label, known, icons)
        self.prepared = prepared
        self.made: list[str | None] = []
        self.inks: list[float | None] = []
        # each digest as one object: pickle writes a string it met before as a reference to it, so two equal digests held
        # by two objects (a split deck's back, drawn in each process) would give a page of equal faces another key
        self._one: dict[str, str] = {}

    def add(self, page, placed, uses: Counter, footer: tuple[str, str], scale_bar: bool, offset, marks, outline: bool = False) -> str | None:
        """The page's key, also listed in `made` (and its ink from its elements, or None, in `inks`)."""
        if any(run.group.cut_guide is not None for run in page.bands):
            self.made.append(None)
            self.inks.append(None)
            return None
        sheet = page.sheet
        one = self._one
        faces = [(one.setdefault(d := self.digests(p.face), d), p.face.bleed, uses[p.face] > 1, p.slot.x, p.slot.y, p.rotate, tuple(p.run.group.shape), p.run.group.outlined)
                 for p in placed]
        if (paper := self._papers.get(sheet)) is None:  # a PDF's pages share a few sheets: each one's footer worked out once
            paper = self._papers[sheet] = (self.common, sheet.page_w, sheet.page_h, sheet.footer_side, sheet.footer_limit)
        key = hashlib.sha256(pickle.dumps((*paper, faces, marks, scale_bar, tuple(offset), outline, sheet.avoid), protocol=4))
        key.update(pickle.dumps(footer, protocol=4))
        self.made.append(key.hexdigest())
        drawn = placed if self.prepared is None else [p._replace(face=self.prepared(p.face)) for p in placed]
        self.inks.append(self.exact.page(sheet, drawn, marks, footer, scale_bar, offset))
        return self.made[-1]
