"""A process that stays up (`pnp watch`) writes the sheet pages it drew before from their record, with the bytes drawing gives.

pnp.render.drawn.RecordingCanvas keeps, under the hash of everything a page
prints, what drawing it appended and every distinct thing it asked the
document for: glyph codes for its faces and for its footer (which reportlab
sets itself), the forms it places. A replay must print what drawing prints
even when an earlier page changed the order glyphs are met in, and a page
that shows a picture is drawn every time.
"""
from __future__ import annotations

import pytest
from conftest import ROOT, pdfs
from reportlab.pdfbase import pdfmetrics

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.layout.elements import Face, Rect, Text
from pnp.layout.fonts import ListenedFont
from pnp.layout.typeset import TextOp
from pnp.outputs.options import Options
from pnp.pipeline.session import Session
from pnp.render.drawn import DrawnFaces, RecordingCanvas
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

FONT = "DrawnPagesProbe"
CARDS = 30  # poker cards on Letter sit 9 a sheet (9, 9, 9 and 3): fronts and backs sheets 2 and 3 place no form they define


@pytest.fixture(scope="module", autouse=True)
def font():
    """Registered as a build registers its fonts: one that tells the document what reportlab's own text asks of it."""
    pdfmetrics.registerFont(ListenedFont(FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))


def card(text: str, n: int) -> Face:
    """A poker-size face with a text; `n` gives it a fill of its own, so no two cards are one face."""
    ops = (TextOp(0, 12.0, FONT, 10, "#222222", text, 0),)
    return Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, f"#{0x806040 + n:06x}", None, 0, 0, None), Text(4, 4, ops)), frozenset())


BACK = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#204060", None, 0, 0, None),), frozenset())
OTHER_BACK = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#602040", None, 0, 0, None),), frozenset())


def sheets(texts: list[str], drawn: DrawnFaces | None, other_back_from: int = CARDS) -> bytes:
    """The sheet PDF of one card a text, unique fronts behind a shared back (another one from card `other_back_from`
    on), as a deck's card sheets are written."""
    return written([Piece(card(text, n), BACK if n < other_back_from else OTHER_BACK, f"c{n}") for n, text in enumerate(texts)], drawn)


def written(pieces: list[Piece], drawn: DrawnFaces | None) -> bytes:
    """The sheet PDF of `pieces` on Letter, as a deck's card sheets are written: a new build of `drawn`'s process."""
    if drawn is not None:
        drawn.new_run()
    data, _ = write_sheets([Group("probe", "Probe", (63.5, 88.9), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long",
                           bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None, drawn=drawn)
    return data


@pytest.fixture
def replays(monkeypatch) -> list[bool]:
    """Whether each page replay asked went ahead, in order."""
    seen: list[bool] = []
    real = RecordingCanvas._replayed

    def noted(canvas, key, known):
        done = real(canvas, key, known)
        if key[:1] == ("page",):
            seen.append(done)
        return done

    monkeypatch.setattr(RecordingCanvas, "_replayed", noted)
    return seen


def test_sheets_written_again_replay_every_page_and_define_each_form_where_drawing_did(replays):
    """Sheet 1 of each side defines the crop marks' forms and the first back's, and sheet 4's last three cards need
    crop marks of their own. Backs sheet 3 defines the second back's form, which it places once (card 27). Written
    again unchanged, all eight pages come from their records, each defining its forms where drawing defined them."""
    texts = ["Alpha"] * CARDS
    drawn = DrawnFaces()
    first = sheets(texts, drawn, other_back_from=26)
    assert replays == []
    again = sheets(texts, drawn, other_back_from=26)
    assert again == first == sheets(texts, None, other_back_from=26)
    assert replays == [True] * 8


def test_a_page_whose_faces_meet_glyphs_in_another_order_is_drawn_again(replays):
    """A glyph beyond ASCII gets the next code of its font's subset when a PDF first writes it (ASCII keeps its own).
    Fronts sheet 3 is the first to write "é"; once a card of fronts sheet 2 says "ñ", the "é" comes one code later, and
    sheet 3 as recorded no longer holds the right bytes (its footer's "·" came first, on sheet 1, and keeps its code)."""
    texts = ["Alpha"] * 18 + ["Alpha é"] * 9 + ["Alpha"] * (CARDS - 27)
    drawn = DrawnFaces()
    sheets(texts, drawn)
    edited = [*texts[:9], "Alpha ñ", *texts[10:]]
    assert sheets(edited, drawn) == sheets(edited, None)
    assert False in replays, "fronts sheet 3's recorded glyph codes are no longer those it gets"


def test_a_page_whose_footer_meets_a_glyph_later_is_drawn_again(replays):
    """The footers' "·" is the first glyph beyond ASCII the PDF writes, on sheet 1, after its cards. Once card 1 says
    "é", the "·" comes one code later: backs sheet 1, whose cards (the back) did not change, has a footer reportlab's own
    text draws, and it was recorded with the old code."""
    texts = ["Alpha"] * CARDS
    drawn = DrawnFaces()
    sheets(texts, drawn)
    edited = ["Alpha é", *texts[1:]]
    assert sheets(edited, drawn) == sheets(edited, None)
    assert False in replays, "backs sheet 1's footer was recorded with another code for its ·"


def test_a_page_showing_a_picture_is_drawn_every_time(replays, tmp_path):
    """The PDF holds each picture once, defined where it is first drawn: fronts sheet 2, whose card 12 shows one,
    cannot be written from a record (nor can the sheets of a translucent face, which name transparency states)."""
    from PIL import Image as Picture

    from pnp.layout.elements import Image

    picture = tmp_path / "art.png"
    Picture.new("RGB", (40, 40), "#3060a0").save(picture)
    texts = ["Alpha"] * CARDS

    def with_picture(drawn):
        pieces = [Piece(card(text, n), BACK, f"c{n}") for n, text in enumerate(texts)]
        shown = pieces[11].front
        pieces[11] = Piece(shown._replace(elements=(*shown.elements, Image((str(picture), 40, 40), 5, 30, 20, 20, "contain"))), BACK, "c11")
        return written(pieces, drawn)

    drawn = DrawnFaces()
    with_picture(drawn)
    assert with_picture(drawn) == with_picture(None)
    assert replays.count(True) == 7, "every page but fronts sheet 2, which shows the picture"



def one_shot(project, out) -> dict[str, bytes]:
    """Every PDF of the card sheets built into the empty folder `out` in a session of its own (as `pnp build` makes),
    while this process is watching: the reference for the watching session's rebuild, whose drawn pages live on it."""
    report = run_build(Project(project), ["tiny"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True, workers=1, session=Session())
    assert not report.errors(), report.sorted()
    return pdfs(out)


def test_a_rebuild_after_one_card_edit_replays_the_other_pages_and_prints_what_a_cold_build_prints(watching, project, tmp_path, replays):
    rows = "\n".join(f'  - {{id: c{n:02d}, name: "Card {n}", stars: 1, number: {n}, text: "Gain {n} coins."}}' for n in range(CARDS))
    (project / "data/tiny/decks/many.yaml").write_text(f"name: Many\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {{side: red}}\ncards:\n{rows}\n",
                                                       encoding="utf-8")
    loaded, out = Project(project), tmp_path / "out"

    def rebuild():
        report = run_build(loaded, ["tiny"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True, workers=1)
        assert not report.errors(), report.sorted()

    rebuild()
    deck = project / "data/tiny/decks/many.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('"Gain 29 coins."', '"Gain 29 gems."'), encoding="utf-8")
    replays.clear()
    rebuild()
    assert replays.count(True) >= 3, replays
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot")


def test_a_page_whose_face_comes_to_be_placed_twice_is_drawn_again():
    """A face placed once is drawn inline; one placed twice or more becomes a form, defined where first placed. Once
    the last card is edited to print what card 0 prints, fronts sheet 1 shows the faces it showed, at their slots, yet
    a cold build writes card 0 there as a form: the sheet cannot be written from its record of inline drawing (and
    the new form moves every later form's name, so no later page can be either)."""
    unique = [Piece(card("Alpha", n), BACK, f"c{n}") for n in range(CARDS)]
    last_as_first = [*unique[:-1], Piece(card("Alpha", 0), BACK, "c29")]
    drawn = DrawnFaces()
    written(unique, drawn)
    assert written(last_as_first, drawn) == written(last_as_first, None)
