"""Text needing more than one of a font's subsets (reportlab gives each 256 codes) reads back as written: a face's runs
are encoded once per text and each subset named once per document (pnp.render.draw.FaceDrawer._encoded, _subset_name),
so a run past the first 256 letters must still name its own subset."""
from __future__ import annotations

import pypdfium2 as pdfium
from conftest import ROOT

from pnp.layout.elements import Face, Text
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas

# 300 letters Noto Sans has: Latin-1's and Latin Extended-A's, Greek capitals and Cyrillic
LETTERS = [chr(c) for c in (*range(0xC0, 0x100), *range(0x100, 0x180), *range(0x391, 0x3A2), *range(0x3A3, 0x3AA), *range(0x410, 0x450))]


def test_text_past_a_fonts_first_subset_reads_back_as_written():
    layouts = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts")).for_game(
        {"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    words = ["".join(LETTERS[i:i + 10]) for i in range(0, len(LETTERS), 10)]
    c, buf = new_canvas((600, 600), "Helvetica", "subsets", "subsets")
    drawer = FaceDrawer(c, icons=None)
    for half in (words[:15], words[15:], words[:15]):  # the second half's letters past the first 256; the first half again, encoded before
        ops = layouts.set_text(" ".join(half), 200, 200, 5, 5, font="body", bold=False, italic=False, color="#000000", align="left",
                               valign="top", leading=1.2).ops
        drawer.draw_face(Face(210, 210, 0, (Text(0, 0, ops),), frozenset()), 0, 0, reused=False)
        c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        read = ["".join(doc[i].get_textpage().get_text_range().split()) for i in range(3)]
    finally:
        doc.close()
    assert read == ["".join(words[:15]), "".join(words[15:]), "".join(words[:15])]
    assert len(set(LETTERS)) > 256
