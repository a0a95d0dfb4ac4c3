"""The ink saver (issue 62) keeps every deck's back recognisable: the common back of a deck prints as a thin frame with
the back's own drawing in outline (its icon, its shapes, its words), not a blank frame naming the deck in small grey
type; and a ground drawn in many small pieces (the Police Precinct city's streets) is lightened like one large fill."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import ROOT, TEST_PROJECT, apply_edits, render_page, run_pnp

from pnp.data.project import Project
from pnp.layout.elements import Circle, Face, Icon, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.outputs.cards import render_cards
from pnp.outputs.context import Engine
from pnp.outputs.options import Options
from pnp.render.inksaver import frame_back
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


MM = 72 / 25.4
# A back as the games draw one, in the tiny game's back.j2: a coloured ground to the bleed, a white ring 32 mm across, a
# big white icon 22 mm wide and a white label
A_BACK = """{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#1f5f66") }}
{{ circle(face.w / 2, 38, 16, stroke="#ffffff", stroke_width=0.8) }}
{{ icon("hearts", face.w / 2 - 11, 27, 22, color="#ffffff") }}
{{ text("POLICE", 5, 62, face.w - 10, 8, size=13, color="#ffffff", align="center") }}
"""
GROUND_ONLY = '{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#1f5f66") }}\n'


def ink_saver_page(project, number: int, edits: list[dict]) -> dict:
    """Page `number` (from 0) of `pnp build --ink-saver --only cards tiny` once `edits` are made: its upright words
    but the footer's, with their sizes in pt, and its drawn shapes, each with its size in mm."""
    import pdfplumber

    apply_edits(project, edits)
    result = run_pnp(project, "build", "--ink-saver", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/tiny-cards-ink-saver.pdf") as doc:
        page = doc.pages[number]
        read = [w for w in page.extract_words(extra_attrs=["size", "upright", "non_stroking_color"]) if w["upright"]]
        footer = {round(w["top"]) for w in read if w["text"] == "backs" and w["size"] < 7}  # its line, when it runs across
        words = [(w["text"], w["size"]) for w in read if round(w["top"]) not in footer]
        colours = [w["non_stroking_color"] for w in read if round(w["top"]) not in footer]
        shapes = [{**o, "mm": (o["width"] / MM, o["height"] / MM)} for o in page.curves + page.rects]
    return {"words": words, "colours": colours, "shapes": shapes}


def sized(shape: dict, w: float, h: float) -> bool:
    """Whether a shape is w × h mm, to a twentieth of a millimetre."""
    return abs(shape["mm"][0] - w) < 0.05 and abs(shape["mm"][1] - h) < 0.05


def dark(colour) -> bool:
    return colour is not None and all(v < 0.5 for v in colour)


def test_a_framed_back_keeps_its_icon_in_outline_its_shapes_and_its_words(project):
    """The heroes' back (ten of their twelve cards share it) on the first backs page: no fill at all, the ground left
    out; its ring (32 mm) and its icon (within its 22 mm box) as dark outlines, and its own word dark on paper, no deck
    name added to a back that says something. A back of its ground alone says the game's title and the deck's name."""
    page = ink_saver_page(project, 1, [{"file": "templates/tiny/back.j2", "write": A_BACK}])
    assert [shape for shape in page["shapes"] if shape["fill"]] == [], "the ground is left out: no ink but lines"
    rings = [shape for shape in page["shapes"] if abs(shape["mm"][0] - 32) < 0.5 and abs(shape["mm"][1] - 32) < 0.5]  # with its stroke
    icons = [shape for shape in page["shapes"] if 10 < shape["mm"][0] <= 22 and 10 < shape["mm"][1] <= 22]
    assert len(rings) == 9 and all(dark(ring["stroking_color"]) for ring in rings), "the ring, dark on paper"
    assert len(icons) == 9 and all(dark(icon["stroking_color"]) for icon in icons), "the icon, as a dark outline"
    assert [text for text, _ in page["words"]] == ["POLICE"] * 9, "its own word; no deck name added to a back that says something"
    assert all(dark(colour) for colour in page["colours"]), "its word, dark on paper"
    plain = ink_saver_page(project, 1, [{"file": "templates/tiny/back.j2", "write": GROUND_ONLY}])
    assert sorted(text for text, _ in plain["words"]) == sorted(["Tiny", "Test", "Game", "Heroes"] * 9)


def _strokes_and_joins(content, resources, found: list, seen: set) -> None:
    """(curve segments of the path, line join in force) of each stroke a content stream paints, its forms' too."""
    import pikepdf

    join, saved, curves = 0, [], 0
    for operands, operator in pikepdf.parse_content_stream(content):
        op = str(operator)
        if op == "q":
            saved.append(join)
        elif op == "Q" and saved:
            join = saved.pop()
        elif op == "j":
            join = int(operands[0])
        elif op == "c":
            curves += 1
        elif op in ("S", "s", "B", "b", "B*", "b*"):
            found.append((curves, join))
        if op in ("S", "s", "f", "F", "f*", "B", "b", "B*", "b*", "n"):
            curves = 0
        elif op == "Do":
            form = resources.get("/XObject", {}).get(operands[0])
            if form is not None and form.get("/Subtype") == "/Form" and form.objgen not in seen:
                seen.add(form.objgen)
                _strokes_and_joins(form, form.get("/Resources", resources), found, seen)


def test_a_framed_backs_icon_outline_turns_its_corners_round_not_mitred(project):
    """The outline the ink saver draws round a back's icon joins its segments round (PDF line join 1, ISO 32000 §8.4.3.4):
    the heart's sharp foot and cleft, outlined 0.3 mm wide, print as the heart's shape, not as mitres spiking past it."""
    import pikepdf

    apply_edits(project, [{"file": "templates/tiny/back.j2", "write": A_BACK}])
    result = run_pnp(project, "build", "--ink-saver", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    found: list = []
    with pikepdf.open(project / "output/tiny/tiny-cards-ink-saver.pdf") as pdf:
        page = pdf.pages[1]  # the first backs page
        _strokes_and_joins(page, page.Resources, found, set())
    heart = [join for curves, join in found if curves > 4]  # more curves than the ring's four quarter arcs
    assert heart and set(heart) == {1}, found


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


def test_a_ground_drawn_in_many_small_pieces_is_lightened_like_one_large_fill(project):
    """Streets drawn a segment at a time (ten 6.35 × 12 mm pieces, each a seventieth of a poker card, together an
    eighth of it) on the knights' fronts: the ink saver tints them all, with no outline round each piece (it would cross
    the street at every joint). A lone 4 mm square of the same colour on every other front prints as designed."""
    street = "#4b505c"
    front = ('{% if card.id == "knight" %}{% for i in range(10) %}'
             f'{{{{ polygon([(i * 6.35, 0), (i * 6.35 + 6.35, 0), (i * 6.35 + 6.35, 12), (i * 6.35, 12)], fill="{street}") }}}}'
             '{% endfor %}{% else %}'
             f'{{{{ rect(30, 50, 4, 4, fill="{street}") }}}}'
             '{% endif %}\n')
    page = ink_saver_page(project, 0, [{"file": "templates/tiny/hero.j2", "write": front}])
    pieces = [shape for shape in page["shapes"] if sized(shape, 6.35, 12.0) and shape["fill"]]
    squares = [shape for shape in page["shapes"] if sized(shape, 4.0, 4.0) and shape["fill"]]
    assert len(pieces) == 20 and all(min(piece["non_stroking_color"]) > 0.85 and not piece["stroke"] for piece in pieces)
    assert len(squares) == 7 and {tuple(round(v * 255) for v in square["non_stroking_color"]) for square in squares} == {(0x4b, 0x50, 0x5c)}


COINS_FRAMED = [  # the coins as 20 mm squares, all of one back, printed whatever it shows
    {"file": "data/tiny/tokens.yaml", "replace": ["    shape: circle\n    size: 20\n", "    shape: square\n    size: 20\n    print_back: always\n"]}]


def test_a_framed_back_never_overprints_its_own_drawing(project):
    """A coin back whose only drawing is an icon (Police Precinct's "?") keeps it alone: no name is set over it."""
    mark = GROUND_ONLY + '{{ icon("hearts", 4, 4, 12, color="#ffffff") }}\n'
    page = ink_saver_page(project, 3, [*COINS_FRAMED, {"file": "templates/tiny/token-coin-back.j2", "write": mark}])
    assert [text for text, size in page["words"] if size < 9] == [], "a name set over the back's own icon"


def test_a_name_too_long_for_a_framed_token_at_5_pt_is_left_out_not_set_smaller(project):
    """On a 20 mm token's framed back (12 mm of line inside its frame) with nothing of its own, "Coins" is set whole;
    the game's title, "Tiny Test Game", would need under 5 pt, the smallest type a printed piece uses, so it is left
    out rather than set at that size (on the page, only in its footer, which runs up its side)."""
    page = ink_saver_page(project, 3, [*COINS_FRAMED, {"file": "templates/tiny/token-coin-back.j2", "write": GROUND_ONLY}])
    small = [(text, size) for text, size in page["words"] if size < 9]
    assert [text for text, _ in small] == ["Coins"] * 12 and all(size >= 5.0 for _, size in small), small


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


# A back with a red band across its top, from bleed to bleed, and a red word, on its ground
BANDED_BACK = GROUND_ONLY + """{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, 12 + face.bleed, fill="#c0392b") }}
{{ text("POLICE", 5, 62, face.w - 10, 8, size=13, color="#c0392b", align="center") }}
"""


def test_a_framed_back_prints_its_frame_3_mm_inside_the_trim_and_nothing_out_to_its_edge(project):
    """docs/printing.md: the frame sits 3 mm inside the trim (57.5 × 82.9 mm on a 63.5 × 88.9 mm poker card), and the
    back's own drawing is outlined inside it: a band running to the card's edge is left out with the ground (its
    outline would run along the cut, a hairline on the neighbour after a miscut). On the heroes' first backs page,
    nine frames and no shape wider than them."""
    page = ink_saver_page(project, 1, [{"file": "templates/tiny/back.j2", "write": BANDED_BACK}])
    frames = [shape for shape in page["shapes"] if sized(shape, 63.5 - 6, 88.9 - 6)]
    wider = [shape["mm"] for shape in page["shapes"] if shape["mm"][0] > 63.5 - 6 + 0.1 and shape["mm"][1] < 88.9]  # not the page's own lines
    assert len(frames) == 9, sorted(shape["mm"] for shape in page["shapes"])
    assert wider == [], wider


def test_a_framed_backs_words_print_dark_grey_whatever_their_colour(project):
    """docs/printing.md: a framed back prints its words in dark grey: the back's red word, on each of the nine backs
    of the heroes' first backs page, a neutral grey (its three channels alike) darker than mid-grey, not red."""
    page = ink_saver_page(project, 1, [{"file": "templates/tiny/back.j2", "write": BANDED_BACK}])
    assert [text for text, _ in page["words"]] == ["POLICE"] * 9, page["words"]
    assert all(max(c) - min(c) < 0.01 and max(c) < 0.5 for c in page["colours"]), page["colours"]


def backs_page(project, edits: list[dict], number: int = 1):
    """Page `number` (from 0) of `pnp build --ink-saver --only cards tiny` once `edits` are made, read by pdfplumber:
    (its upright words with their sizes and places, its lines, its drawn shapes with their sizes in mm)."""
    import pdfplumber

    apply_edits(project, edits)
    result = run_pnp(project, "build", "--ink-saver", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/tiny-cards-ink-saver.pdf") as doc:
        page = doc.pages[number]
        words = [w for w in page.extract_words(extra_attrs=["size", "upright"]) if w["upright"] and w["size"] >= 7]  # not the footer
        shapes = [{**o, "mm": (o["width"] / MM, o["height"] / MM)} for o in page.curves + page.rects]
        return words, list(page.lines), shapes


def test_a_framed_backs_rules_print_in_the_frames_grey_whatever_their_colour(project):
    """docs/printing.md: a framed back shows its own drawing in outline, its rings and frames in grey: a red rule 43.5 mm
    long across the heroes' back prints on each of the nine backs of the first backs page in a neutral grey (its three
    channels alike), not red."""
    rule = GROUND_ONLY + '{{ line(10, 70, face.w - 10, 70, stroke="#c0392b", stroke_width=0.5) }}\n'
    _, lines, _ = backs_page(project, [{"file": "templates/tiny/back.j2", "write": rule}])
    rules = [line["stroking_color"] for line in lines if abs(line["width"] / MM - 43.5) < 0.1]
    assert len(rules) == 9 and all(max(c) - min(c) < 0.01 and max(c) < 0.7 for c in rules), rules


def test_a_framed_token_under_30_mm_has_its_frame_a_tenth_of_its_side_inside_the_trim(project):
    """docs/printing.md: the frame sits 3 mm inside the trim, a tenth of its shorter side on a piece under 30 mm: on a
    20 mm square coin's framed back, 2 mm in, a 16 × 16 mm frame on each of the twelve coins' backs."""
    _, _, shapes = backs_page(project, [*COINS_FRAMED, {"file": "templates/tiny/token-coin-back.j2", "write": GROUND_ONLY}], 3)
    frames = [shape for shape in shapes if sized(shape, 16.0, 16.0)]
    assert len(frames) == 12, sorted(shape["mm"] for shape in shapes if shape["mm"][0] < 20)


def test_a_bare_framed_back_sets_the_decks_name_under_the_games_title(project):
    """docs/printing.md: a back that says nothing of its own gets the game's title and the deck's name, the name under
    the title (as a book's spine reads): on each of the heroes' nine framed backs, "Heroes" below "Tiny"."""
    words, _, _ = backs_page(project, [{"file": "templates/tiny/back.j2", "write": GROUND_ONLY}])
    titles = [w for w in words if w["text"] == "Tiny"]
    names = [w for w in words if w["text"] == "Heroes"]
    assert len(titles) == 9 and len(names) == 9, [w["text"] for w in words]
    for name in names:
        title = min(titles, key=lambda t: abs(t["x0"] - name["x0"]) + abs(t["top"] - name["top"]))
        assert name["top"] > title["bottom"], (name, title)


def test_a_decks_back_that_shows_rules_is_lightened_not_framed(project):
    """docs/data-format.md: `back_shows_rules: true` (the back is a playable side) makes the ink saver lighten the back
    instead of printing it in outline: the heroes' first backs page prints no 57.5 × 82.9 mm frame, and the back's word
    and its tinted ground."""
    edits = [{"file": "data/tiny/decks/heroes.yaml", "replace": ["back: tiny/back.j2\n", "back: tiny/back.j2\nback_shows_rules: true\n"]},
             {"file": "templates/tiny/back.j2", "write": A_BACK}]
    words, _, shapes = backs_page(project, edits)
    assert [shape["mm"] for shape in shapes if sized(shape, 63.5 - 6, 88.9 - 6)] == []
    grounds = [shape for shape in shapes if shape["fill"] and shape["mm"][0] > 60 and shape["mm"][1] > 85]
    assert len(grounds) >= 9 and all(min(shape["non_stroking_color"]) > 0.8 for shape in grounds), grounds
    assert [w["text"] for w in words].count("POLICE") >= 9


def test_a_long_game_title_on_a_bare_framed_back_is_shrunk_to_fit_inside_its_frame(project):
    """frame_back: the game's title is set whole, shrunk to fit its frame. A title of 30 characters, far wider than a
    poker card's frame at its 14 pt, prints on each of the nine heroes' backs smaller than 14 pt, every word of it inside
    the card's 57.5 mm frame."""
    title = "Tiny Test Game of Great Length"
    edits = [{"file": "data/tiny/game.yaml", "replace": ["title: Tiny Test Game\n", f"title: {title}\n"]},
             {"file": "templates/tiny/back.j2", "write": GROUND_ONLY}]
    words, _, shapes = backs_page(project, edits)
    frames = [shape for shape in shapes if sized(shape, 63.5 - 6, 88.9 - 6)]
    assert len(frames) == 9
    firsts = [w for w in words if w["text"] == "Tiny"]
    lasts = [w for w in words if w["text"] == "Length"]
    assert len(firsts) == 9 and len(lasts) == 9 and all(w["size"] < 14 for w in firsts + lasts), [(w["text"], w["size"]) for w in words]
    for first in firsts:
        frame = next(f for f in frames if f["x0"] <= first["x0"] + 1 and first["x0"] < f["x1"] and f["top"] <= first["top"] <= f["bottom"])
        last = min(lasts, key=lambda w: abs(w["top"] - first["top"]) + abs(w["x0"] - first["x0"]))
        assert frame["x0"] < first["x0"] and last["x1"] < frame["x1"], (first, last, frame)


def test_a_framed_backs_icon_drawn_by_a_wide_stroke_prints_it_no_wider_than_the_03_mm_outline(project, tmp_path):
    """docs/printing.md: a framed back shows its icons as 0.3 mm outlines. An icon drawn by its stroke alone (a ring
    whose stroke is a quarter of its side: 5.5 mm on a 22 mm icon) keeps its stroke, thinned to the outline's 0.3 mm:
    nothing on the backs page prints wider than 0.3 mm (0.85 pt)."""
    from print_sizes import smallest

    (project / "templates/tiny/icons").mkdir(exist_ok=True)
    (project / "templates/tiny/icons/thick-ring.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">'
        '<circle cx="20" cy="20" r="15" fill="none" stroke="#000000" stroke-width="10"/></svg>', encoding="utf-8")
    back = GROUND_ONLY + '{{ icon("thick-ring", face.w / 2 - 11, 27, 22, color="#ffffff") }}\n'
    ink_saver_page(project, 1, [{"file": "templates/tiny/back.j2", "write": back}])
    widths = [width for width, page in smallest(project / "output/tiny/tiny-cards-ink-saver.pdf").lines if page == 2]
    assert widths and max(widths) <= 0.3 * MM + 0.01, sorted(widths)
