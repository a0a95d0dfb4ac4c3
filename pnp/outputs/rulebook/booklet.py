"""Booklet imposition: the rulebook's pages two to a landscape sheet in saddle-stitch order, with fold ticks."""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.outputs.rulebook.pages import PnpCanvas
from pnp.render.text_setting import K


class BookletCanvas(PnpCanvas):
    """Records each page as a form, then imposes them two per landscape sheet in saddle-stitch order."""

    pnp_links = False

    def __init__(self, *args, pagesize=None, **kwargs):
        self._half = pagesize
        super().__init__(*args, pagesize=(2 * pagesize[0], pagesize[1]), **kwargs)
        self._page_forms: list[str] = []
        self._open_page()

    def _open_page(self):
        name = f"BookletPage{len(self._page_forms) + 1}"
        self.beginForm(name, 0, 0, self._half[0], self._half[1])
        self._page_forms.append(name)

    def showPage(self):
        self.endForm()
        self._open_page()

    def setPageSize(self, size):  # every page of a booklet is half of one sheet
        pass

    def bookmarkPage(self, *args, **kwargs):  # pages of a booklet are not PDF pages: no outline
        pass

    def addOutlineEntry(self, *args, **kwargs):
        pass

    def save(self):
        self.endForm()
        self._page_forms.pop()  # the page opened after the last showPage is empty
        for left, right in saddle_stitch(len(self._page_forms)):
            for slot, index in ((0, left), (1, right)):
                if index is not None:
                    self.saveState()
                    self.translate(slot * self._half[0], 0)
                    self.doForm(self._page_forms[index])
                    self.restoreState()
            self._fold_ticks()
            Canvas.showPage(self)
        super().save()


    def _fold_ticks(self):
        """Short marks on the fold line, inside the printable area (home printers lose the outer 6.35 mm)."""
        x, h = self._half[0], self._half[1]
        self.saveState()
        self.setStrokeColor("#999999")
        self.setLineWidth(0.3)
        for y0, y1 in ((7 * K, 10 * K), (h - 10 * K, h - 7 * K)):
            self.line(x, y0, x, y1)
        self.restoreState()


def saddle_stitch(pages: int) -> list[tuple]:
    """Sides of the folded sheets: (left page, right page) indices, None for a blank, padded to a multiple of 4.

    Printed double-sided and flipped on the short edge, then folded and stapled, the pages read in order."""
    total = -(-max(pages, 1) // 4) * 4
    sides = []
    for s in range(total // 4):
        for left, right in ((total - 1 - 2 * s, 2 * s), (2 * s + 1, total - 2 - 2 * s)):
            sides.append((left if left < pages else None, right if right < pages else None))
    return sides
