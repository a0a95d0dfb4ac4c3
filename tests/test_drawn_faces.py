"""A process that stays up (`pnp watch`) replays the faces it drew in its last build, with the bytes drawing them gives.

pnp.render.drawn.DrawnFaces keeps what drawing a face appended to the page and
what it asked the document for (font subset codes, icon forms). A replay must
give what drawing gives in every case: the same face after other faces (its
glyphs may have other codes then), on a canvas left in another state, and a
translucent face, which is never replayed.
"""
from __future__ import annotations

import pytest
from conftest import ROOT, pdfs
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.layout import rl
from pnp.layout.elements import Face, Group, Icon, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.outputs.options import Options
from pnp.pipeline.session import Session
from pnp.render.draw import FaceDrawer
from pnp.render.drawn import DrawnFaces
from pnp.render.pdf import new_canvas
from pnp.render.pdf_colours import cmyk

FONT = "DrawnFacesProbe"
DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))


def face(*lines: str, fill: str = "#c0392b") -> Face:
    """A card-sized face: a filled background, a framed group, and a line of text per argument."""
    ops = tuple(TextOp(0, 12.0 * (i + 1), FONT, 10, "#222222", line, 0) for i, line in enumerate(lines))
    frame = Group(2, 2, 0.0, 1.0, (Rect(0, 0, 36, 56, None, "#2e6da4", 0.4, 1.5, None),))
    return Face(40, 60, 0, (Rect(0, 0, 40, 60, fill, None, 0, 0, None), frame, Text(3, 3, ops)), frozenset())


class Counting(FaceDrawer):
    """A FaceDrawer that counts the faces it draws element by element rather than replays."""

    drawn_anew = 0
    depth = 0  # a group's elements are drawn inside its face's

    def _elements(self, elements) -> None:
        if Counting.depth == 0:
            Counting.drawn_anew += 1
        Counting.depth += 1
        try:
            super()._elements(elements)
        finally:
            Counting.depth -= 1


def sheet_pdf(faces: list[Face], drawn: DrawnFaces | None = None, prepare=None, colour_filter=None) -> bytes:
    """A PDF of one face a page, drawn inline as the sheets draw a deck of unique cards; `prepare(canvas)` runs first."""
    c, buf = new_canvas((200, 250), FONT, "probe", "probe")
    drawer = Counting(c, icons=None, colour_filter=colour_filter, drawn=drawn)
    if prepare:
        prepare(c)
    for f in faces:
        drawer.draw_face(f, 20, 20, reused=False)
        c.showPage()
    drawer.shared.finish()
    c.save()
    return buf.getvalue()


def drawn_anew(make) -> int:
    Counting.drawn_anew = 0
    make()
    return Counting.drawn_anew


def test_a_pdf_of_replayed_faces_has_the_bytes_of_a_drawn_one():
    faces = [face("Hello there"), face("Quartz jinx", fill="#3c8d40"), face("Hello there", "again")]
    drawn = DrawnFaces()
    first = sheet_pdf(faces, drawn)
    assert first == sheet_pdf(faces)
    assert drawn_anew(lambda: sheet_pdf(faces, drawn)) == 0, "every face was drawn in the last PDF: all are replayed"
    assert sheet_pdf(faces, drawn) == first
    assert first.startswith(b"%PDF-1.4"), "a filled rect asks for PDF 1.4 (reportlab's colours carry an alpha): a replay asks too"


def test_faces_in_another_order_give_the_bytes_drawing_gives():
    """Glyphs beyond ASCII get subset codes in the order the PDF first meets them (ASCII keeps its own codes): after
    other faces, a face's text has other codes."""
    a, b = face("Héllo"), face("Quärtz → jïnx")
    drawn = DrawnFaces()
    sheet_pdf([a, b], drawn)
    assert drawn_anew(lambda: sheet_pdf([b, a], drawn)) >= 1, "b's glyphs come first now: its recorded codes do not match"
    assert sheet_pdf([b, a], drawn) == sheet_pdf([b, a])


def test_a_face_on_a_canvas_in_another_state_is_drawn():
    """The recorded state after a face holds what the face never set (here the font size): it is replayed only from the
    state it was recorded in, and the canvas is left as drawing leaves it."""
    a = face("Hello")
    drawn = DrawnFaces()
    sheet_pdf([a], drawn)

    def states(drawn_faces):
        c, _ = new_canvas((200, 250), FONT, "probe", "probe")
        c.setFont(FONT, 30)
        c.setLineWidth(3)
        Counting(c, icons=None, drawn=drawn_faces).draw_face(a, 20, 20, reused=False)
        return rl.graphics_state(c)

    assert states(drawn) == states(None)
    assert sheet_pdf([a], drawn, prepare=lambda c: c.setFont(FONT, 30)) == sheet_pdf([a], prepare=lambda c: c.setFont(FONT, 30))


def test_a_replayed_face_leaves_the_canvas_as_drawing_does():
    """reportlab remembers the last colours set (and starts a page's preamble from them): a replay sets them too."""
    a = face("Hello", fill="#3c8d40")
    drawn = DrawnFaces()
    sheet_pdf([a], drawn)

    def state_after(drawn_faces):
        c, _ = new_canvas((200, 250), FONT, "probe", "probe")
        Counting(c, icons=None, drawn=drawn_faces).draw_face(a, 20, 20, reused=False)
        return rl.graphics_state(c)

    assert drawn_anew(lambda: state_after(drawn)) == 0
    assert state_after(drawn) == state_after(None)


def test_an_opaque_face_after_a_translucent_one_is_drawn():
    """After a translucent face the canvas's transparency is not opaque (a face's Q restores the PDF's state, not
    reportlab's record of it): an opaque colour then writes a state operator, which a recording made on an opaque
    canvas lacks."""
    glass, a = face(fill="#c0392b80"), face("Hello")  # the glass's translucent ground its last fill: no text after it sets the alpha back
    drawn = DrawnFaces()
    sheet_pdf([a], drawn)

    def glass_then_a(drawn_faces) -> bytes:
        c, buf = new_canvas((200, 250), FONT, "probe", "probe")
        drawer = FaceDrawer(c, icons=None, drawn=drawn_faces)
        drawer.draw_face(glass, 20, 20, reused=False)
        c.setFillColor((0, 0, 0))  # the colours as a new page has them, so only the transparency differs from a's recording
        assert rl.graphics_state(c) == drawn.get(a.elements).start and not rl.opaque(c)
        drawer.draw_face(a, 20, 20, reused=False)
        c.showPage()
        drawer.shared.finish()
        c.save()
        return buf.getvalue()

    assert glass_then_a(drawn) == glass_then_a(None)


def test_a_drawer_with_a_colour_filter_draws_every_face():
    """A recording holds the colours as drawn unfiltered: a drawer for print (CMYK) must not replay it."""
    a = face("Hello")
    drawn = DrawnFaces()
    sheet_pdf([a], drawn)
    assert sheet_pdf([a], drawn, colour_filter=cmyk) == sheet_pdf([a], colour_filter=cmyk)


def test_a_translucent_face_is_drawn_every_time():
    glass = face("Glass", fill="#c0392b80")
    drawn = DrawnFaces()
    sheet_pdf([glass], drawn)
    assert drawn.get(glass.elements) is None
    assert drawn_anew(lambda: sheet_pdf([glass], drawn)) == 1
    assert sheet_pdf([glass, glass], drawn) == sheet_pdf([glass, glass])


def test_a_face_whose_text_is_translucent_is_drawn_every_time():
    ops = (TextOp(0, 12, FONT, 10, "#22222280", "Ghost", 0),)
    ghost = Face(40, 60, 0, (Text(3, 3, ops),), frozenset())
    drawn = DrawnFaces()
    sheet_pdf([ghost], drawn)
    assert drawn.get(ghost.elements) is None



def _rebuild(loaded: Project, out) -> None:
    """A build of the tiny game's card sheets (the faces the edits here move or change) in this warm process."""
    report = run_build(loaded, ["tiny"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors()


def one_shot(project, out) -> dict[str, bytes]:
    """Every PDF of the card sheets built into the empty folder `out` in a session of its own (as `pnp build` makes),
    while this process is watching: the reference for the watching session's rebuild, whose drawn faces live on it."""
    report = run_build(Project(project), ["tiny"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True, workers=1, session=Session())
    assert not report.errors(), report.sorted()
    return pdfs(out)


def test_a_rebuild_after_one_card_edit_prints_what_a_cold_build_prints(watching, project, tmp_path):
    """After the rogue's text changes, a warm process draws the rogue's front anew and replays the other faces'
    kept operators: the PDFs are a cold build's, byte for byte."""
    loaded, out = Project(project), tmp_path / "out"
    _rebuild(loaded, out)
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    _rebuild(loaded, out)
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot")


def test_a_rebuild_after_cards_swap_places_prints_what_a_cold_build_prints(watching, project, tmp_path):
    """Moving the mage (renamed Mågé) to the front of the deck changes the order the PDF meets glyphs beyond ASCII in,
    so their codes: the rogue's "−" and "→" are no longer the first, and its kept operators no longer hold."""
    loaded, out = Project(project), tmp_path / "out"
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Mage", "name: Mågé"), encoding="utf-8")
    _rebuild(loaded, out)
    lines = deck.read_text(encoding="utf-8").splitlines(keepends=True)
    mage = next(i for i, line in enumerate(lines) if "id: mage" in line)
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- {id:"))
    lines.insert(first, lines.pop(mage))
    deck.write_text("".join(lines), encoding="utf-8")
    _rebuild(loaded, out)
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot")


@pytest.mark.parametrize("paint", ['fill="#000"', 'fill="#000" fill-opacity="0.5"'], ids=["opaque", "translucent"])
def test_an_icon_form_defined_from_kept_operators_has_the_bytes_of_a_drawn_one(tmp_path, paint):
    """A PDF whose one drawing is a face of one icon: its form's operators and the PDF version the drawing asked for (svglib's
    colours carry an alpha: PDF 1.4) come from the kept record in the second PDF. A translucent icon's form sets a
    transparency state, which each document names and defines as it goes: it is drawn again, to the same bytes."""
    from pnp.core.kept import KeptParses
    from pnp.layout.icons import IconLibrary

    (tmp_path / "icons").mkdir()
    (tmp_path / "icons/dot.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                            f'<circle cx="5" cy="5" r="4" {paint}/></svg>', encoding="utf-8")

    def icon_pdf() -> bytes:
        icons = IconLibrary([tmp_path / "icons"], kept=KeptParses(tmp_path / "kept"))
        c, buf = new_canvas((200, 250), FONT, "probe", "probe")
        drawer = FaceDrawer(c, icons)
        drawer.draw_face(Face(20.0, 20.0, 0.0, (Icon("dot", "#c0392b", 5.0, 5.0, 10.0, 10.0),), frozenset()), 20, 20, False)
        c.showPage()
        drawer.shared.finish()
        c.save()
        return buf.getvalue()

    first = icon_pdf()
    assert first.startswith(b"%PDF-1.4")
    assert "opacity" in paint or list((tmp_path / "kept").glob("icon-form-*.pickle"))  # an opaque icon's operators are kept
    assert icon_pdf() == first  # the second PDF defines the form from the operators the first one kept


def test_a_translucent_colour_on_a_card_prints_see_through(project):
    """Every face's form and every page share one resource dictionary, and a translucent colour's state must be in it:
    black at alpha 0x80 over white composites, as the PDF specification's normal blend gives (α·colour + (1 − α)·white),
    to the grey 255 × (1 − 128/255) = 127 across each card, not to black."""
    import numpy as np
    from conftest import apply_edits, render_page, run_pnp

    veil = ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#ffffff") }}\n'
            '{{ rect(0, 0, face.w, face.h, fill="#00000080") }}\n')
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "write": veil}])
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    page = np.asarray(render_page(project / "output/tiny/tiny-cards.pdf", 0, dpi=30)).astype(int)
    grey = (abs(page - 127) <= 2).all(axis=2).mean()
    black = (page <= 40).all(axis=2).mean()
    assert grey > 0.5 and black < 0.01, (grey, black)
