"""The ink saver (issue 62) keeps every deck's back recognisable: the common back of a deck prints as a thin frame with
the back's own drawing in outline (its icon, its shapes, its words), not a blank frame naming the deck in small grey
type; and a ground drawn in many small pieces (the Police Precinct city's streets) is lightened like one large fill."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import ROOT, TEST_PROJECT, render_page

from pnp.core.colour import luminance
from pnp.data.project import Project
from pnp.layout.elements import Circle, Face, Icon, Polygon, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.outputs.cards import render_cards
from pnp.outputs.context import Engine
from pnp.outputs.options import Options
from pnp.render.inksaver import frame_back, lighten_face
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

W, H = 63.5, 88.9
GROUND, WHITE = "#1f5f66", "#ffffff"


def a_back(font: str = "Helvetica") -> Face:
    """A back as the games draw one: a coloured ground to the bleed, a white ring, a big white icon and a white label."""
    return Face(W, H, 0.0, (Rect(-3, -3, W + 6, H + 6, GROUND, None, 0.0, 0.0, None),
                            Circle(W / 2, 38, 16, None, WHITE, 0.8, None),
                            Icon("hearts", WHITE, W / 2 - 11, 27, 22, 22),
                            Text(5, 62, (TextOp(40, 14, font, 13, WHITE, "POLICE", 60),))), frozenset())


def test_a_framed_back_keeps_its_icon_in_outline_its_shapes_and_its_words():
    framed = frame_back(a_back(), "Game", "Police", "Helvetica")
    fills = [el for el in framed.elements if getattr(el, "fill", None)]
    icons = [el for el in framed.elements if type(el) is Icon]
    words = [op.text for el in framed.elements if type(el) is Text for op in el.ops]
    assert fills == [], "the ground is left out: no ink but lines"
    assert [(i.name, i.outline > 0, luminance(i.color) < 0.5) for i in icons] == [("hearts", True, True)], "the icon, as a dark outline"
    assert any(type(el) is Circle and el.stroke and luminance(el.stroke) < 0.5 for el in framed.elements), "the ring, dark on paper"
    assert words == ["POLICE"], "its own word, dark on paper; no deck name added to a back that says something"
    assert [op.text for el in frame_back(Face(W, H, 0.0, (Rect(0, 0, W, H, GROUND, None, 0.0, 0.0, None),), frozenset()), "Game", "Police",
                                           "Helvetica").elements if type(el) is Text for op in el.ops] == ["Game", "Police"]


@pytest.fixture(scope="module")
def tiny():
    project = Project(TEST_PROJECT)
    return Engine(project).for_game(project.load_game("tiny")[0])


def test_the_outlined_icon_prints_as_a_ring_of_ink_not_a_blot(tiny, tmp_path):
    """Printed with the ink saver, the framed back's icon is a thin outline: some ink round the heart, far less than the
    heart filled (about half of its box)."""
    group = Group("d", "Deck", (W, H), [Piece(Face(W, H, 0.0, (), frozenset()), a_back(tiny.body_font), f"d/{i}") for i in range(2)])
    data, _ = write_sheets([group], game_title="Game", kind="cards", paper="a4", duplex="long", bleed_mm=0, gutter_mm=0,
                           font_name=tiny.body_font, icons=tiny.icons, ink_saver=True)
    pdf = tmp_path / "backs.pdf"
    pdf.write_bytes(data)
    dpi = 100
    dark = np.asarray(render_page(pdf, 1, dpi).convert("L"), dtype=float) < 160
    page_w = dark.shape[1]
    px = dpi / 25.4
    # the first card's back, mirrored to the right of A4's 3 × 3 grid's top row (pnp.render.impose: a centred grid)
    right = (page_w + 3 * W * px) / 2
    top = int(np.nonzero(dark[:, int(right - W * px / 2)])[0].min())  # the frame's top edge, 3 mm below the trim
    box = dark[top + int(24 * px): top + int(46 * px), int(right - (W / 2 + 11) * px): int(right - (W / 2 - 11) * px)]
    assert 0.02 < box.mean() < 0.3, box.mean()


def test_a_framed_backs_icon_prints_as_a_03_mm_outline_at_any_size(tiny, tmp_path):
    """docs/printing.md: a framed back shows its icons as 0.3 mm outlines, as wide as its frame, whatever the icon's own
    units (the heart is 512 units drawn 22 mm wide): on the backs page of two such backs, four strokes print 0.3 mm
    (0.85 pt) wide, each back's frame and its icon's outline."""
    from print_sizes import smallest

    group = Group("d", "Deck", (W, H), [Piece(Face(W, H, 0.0, (), frozenset()), a_back(tiny.body_font), f"d/{i}") for i in range(2)])
    data, _ = write_sheets([group], game_title="Game", kind="cards", paper="a4", duplex="long", bleed_mm=0, gutter_mm=0,
                           font_name=tiny.body_font, icons=tiny.icons, ink_saver=True)
    pdf = tmp_path / "backs.pdf"
    pdf.write_bytes(data)
    widths = [width for width, page in smallest(pdf).lines if page == 2]
    assert sum(abs(width - 0.3 * 72 / 25.4) < 0.01 for width in widths) == 4, sorted(widths)


@pytest.mark.parametrize("sharing, framed", [(2, 0), (3, 3)])
def test_only_a_back_more_than_half_a_decks_cards_share_is_framed(tiny, tmp_path, sharing, framed):
    """docs/printing.md: the ink saver frames a deck's common back, the back most of its cards share; backs that
    tell cards apart keep their drawing, lightened. Of four cards, a back two share (the other two another) is no
    deck's back: no frame on the backs page, no 0.3 mm stroke at all; a back three share is framed on each of the
    three, its frame and its icon's outline 0.3 mm each (the fourth card's own back lightened)."""
    from print_sizes import smallest

    own = Face(W, H, 0.0, (Rect(-3, -3, W + 6, H + 6, "#66331f", None, 0.0, 0.0, None),), frozenset())
    backs = [a_back(tiny.body_font) if i < sharing else own for i in range(4)]
    group = Group("d", "Deck", (W, H), [Piece(Face(W, H, 0.0, (), frozenset()), back, f"d/{i}") for i, back in enumerate(backs)])
    data, _ = write_sheets([group], game_title="Game", kind="cards", paper="a4", duplex="long", bleed_mm=0, gutter_mm=0,
                           font_name=tiny.body_font, icons=tiny.icons, ink_saver=True)
    pdf = tmp_path / "backs.pdf"
    pdf.write_bytes(data)
    widths = [width for width, page in smallest(pdf).lines if page == 2]
    assert sum(abs(width - 0.3 * 72 / 25.4) < 0.01 for width in widths) == 2 * framed, sorted(widths)


@pytest.mark.parametrize("slug", ["police-precinct", "organ-match"])
def test_each_decks_framed_back_shows_its_own_icon(slug):
    """Printed with the ink saver, the decks' common backs (six white Police decks, Organ Match's three) stay apart by
    their own outlined icon, not by a word alone."""
    project = Project(ROOT)
    gctx = Engine(project).for_game(project.load_game(slug)[0])
    icons = {}
    for deck in gctx.game.decks.values():
        rendered, _ = render_cards(gctx, deck, Options(ink_saver=True), deck.cards[:1])
        back = rendered[0][2]
        if back is None:
            continue
        framed = frame_back(back, gctx.game.title, deck.name, gctx.body_font)
        outlined = frozenset(el.name for el in framed.elements if type(el) is Icon and el.outline > 0)
        assert outlined, f"{deck.id}: its back's icon is kept, in outline"
        icons[deck.id] = outlined
    assert len(icons) >= 3 and len(set(icons.values())) == len(icons), icons


def test_a_ground_drawn_in_many_small_pieces_is_lightened_like_one_large_fill():
    """Streets drawn a segment at a time, each far under the share of the face a large fill takes, together cover much
    of it: the ink saver tints them all, with no outline round each piece (it would cross the street at every joint)."""
    street = "#4b505c"
    pieces = tuple(Polygon(((x, 0.0), (x + 20, 0.0), (x + 20, 8.0), (x, 8.0)), street, None, 0.0, True) for x in range(0, 200, 20))
    board = Face(200.0, 60.0, 0.0, (*pieces, Rect(10, 30, 4, 4, street, None, 0.0, 0.0, None)), frozenset())
    lightened = lighten_face(board).elements
    assert all(luminance(el.fill) > 0.8 and el.stroke is None for el in lightened if type(el) is Polygon)
    # a lone small square of another colour prints as designed
    lone = Face(200.0, 60.0, 0.0, (Rect(10, 30, 4, 4, street, None, 0.0, 0.0, None),), frozenset())
    assert lighten_face(lone).elements[0].fill == street


def test_a_framed_back_never_overprints_its_own_drawing_nor_cuts_a_name_short():
    """A back whose only drawing is an icon (Police Precinct's "?") keeps it alone: no name is set over it. A back with
    nothing of its own on a 20 mm token gets each name whole at the 5 pt floor or more, or none ("Germ Ty…" says nothing)."""
    mark = Face(20, 20, 0.0, (Rect(-1, -1, 22, 22, GROUND, None, 0.0, 0.0, None), Icon("hearts", WHITE, 4, 4, 12, 12)), frozenset())
    framed = frame_back(mark, "Police Precinct", "Unknown circumstances markers", "Helvetica")
    assert [el for el in framed.elements if type(el) is Text] == [], "a name set over the back's own icon"
    plain = Face(20, 20, 0.0, (Rect(-1, -1, 22, 22, GROUND, None, 0.0, 0.0, None),), frozenset())
    ops = [op for el in frame_back(plain, "Germ Tycoon", "Colonies", "Helvetica").elements if type(el) is Text for op in el.ops]
    assert all(op.text in ("Germ Tycoon", "Colonies") and op.size >= 5.0 for op in ops), [(op.text, op.size) for op in ops]
    assert all(op.x >= 0 and op.x + op.w <= 20 * 72 / 25.4 for op in ops), "each name inside the token"


def test_a_name_too_long_for_a_framed_token_at_5_pt_is_left_out_not_set_smaller():
    """On a 20 mm token's framed back (12 mm of line inside its frame), "Police Precinct" fits whole at a little over
    5 pt, the smallest type a printed piece uses; "Unknown circumstances markers" would need about 2.3 pt, too small to
    print, so it is left out rather than set at that size."""
    plain = Face(20, 20, 0.0, (Rect(-1, -1, 22, 22, GROUND, None, 0.0, 0.0, None),), frozenset())
    ops = [op for el in frame_back(plain, "Police Precinct", "Unknown circumstances markers", "Helvetica").elements
           if type(el) is Text for op in el.ops]
    assert [(op.text, op.size >= 5.0) for op in ops] == [("Police Precinct", True)], [(op.text, op.size) for op in ops]


def test_the_games_ink_saver_backs_name_nothing_cut_short_and_set_no_title_over_a_mark(shared_build):
    """Read from the five games' ink-saver sheets: no piece's back prints a word cut short with "…", and Police
    Precinct's unknown-circumstances markers show their "?" alone (the game's title only in the page's footer), on
    whichever sheet they print (the last card sheet, where they fit)."""
    from pdftext import page_texts

    out = shared_build("--ink-saver", "--only", "cards", "--only", "tokens", "--only", "boards")
    cut = []
    for pdf in sorted(out.glob("*/*-ink-saver.pdf")):
        for n, text in enumerate(page_texts(pdf), 1):
            if "backs ·" in text:
                cut += [f"{pdf.name} page {n}: {word!r}" for word in text.split() if word.endswith("…")]
    assert not cut, cut[:10]
    police = [text for name in ("cards", "tokens") for text in page_texts(out / "police-precinct" / f"police-precinct-{name}-ink-saver.pdf")]
    markers = next(text for text in police if "backs ·" in text and "Unknown circumstances markers" in text)
    assert markers.count("Police Precinct") == 1, "the title set over the markers' '?'"
