"""Fronts only and sleeve inserts (issue 65): `--fronts-only` prints no backs page at all, and `--insert 61x86` prints
each front as a 61 × 86 mm insert to slip into a sleeve in front of a poker card, scaled to cover it or trimmed, with
the card's safe area whole. Read from the PDFs: page texts, the faces' trims, where the cards' words print.
"""
from __future__ import annotations

import printable as P
import pytest
import streams
from conftest import MM, run_pnp
from pdftext import page_texts

CARDS = 12  # the tiny game's heroes, copies counted


def test_fronts_only_prints_every_card_once_and_no_back_page(project):
    result = run_pnp(project, "build", "--only", "cards", "--fronts-only")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = project / "output/tiny/tiny-cards-fronts.pdf"
    texts = page_texts(pdf)
    assert len(texts) == 2 and all("fronts" in t and "backs" not in t for t in texts)
    doc = streams.Document(pdf)
    sizes = [(round((f.trim.x1 - f.trim.x0) / MM, 1), round((f.trim.y1 - f.trim.y0) / MM, 1)) for i in range(len(texts)) for f in P.faces_of(doc, i)]
    assert sizes.count((63.5, 88.9)) == CARDS
    # a token may share the last sheet only if it needs no back page (tokens.yaml): a pawn (16 mm) or a wall (14 mm)
    # has none, a standee (25 × 40 mm, folded over with its base tabs: 25 × 102 mm in one piece) carries its own; a
    # coin (20 mm), shield (18 mm) or note (40 × 20 mm) would lose theirs
    assert set(sizes) - {(63.5, 88.9)} <= {(16, 16), (14, 14), (25, 102)}, sizes
    assert "Twin’s own back" not in "".join(texts)  # not even a card's own back


def _words_inside(pdf, pdfium_reader) -> list[tuple[float, float, float, float]]:
    """For each glyph on a face: how far (mm) it lies inside that face's trim on the left, top, right and bottom."""
    out = []
    for view in P.read(pdf, reader=pdfium_reader):
        for _, box in view.glyphs:
            cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
            for face in view.faces:
                t = face.trim
                if t.x0 <= cx <= t.x1 and t.y0 <= cy <= t.y1:
                    out.append(((box.x0 - t.x0) / MM, (t.y1 - box.y1) / MM, (t.x1 - box.x1) / MM, (box.y0 - t.y0) / MM))
    return out


@pytest.mark.parametrize("fit, left", [("scale", (61 - 63.5 * 86 / 88.9) / 2 + 5 * 86 / 88.9), ("trim", (61 - 63.5) / 2 + 5)])
def test_an_insert_prints_fronts_at_its_size_with_the_safe_area_whole(project, pdfium_reader, fit, left):
    """The card text starts 5 mm in from the card's left: on a 61 × 86 mm insert, scaled by 86 / 88.9 (to cover it) and
    centred, or trimmed unscaled and centred, it starts where that puts it; no word comes near the insert's edge."""
    result = run_pnp(project, "build", "--only", "cards", "--insert", "61x86", "--insert-fit", fit)
    assert result.exit_code == 0, result.output + result.stderr
    pdf = project / f"output/tiny/tiny-cards-insert61x86mm{'-trim' if fit == 'trim' else ''}.pdf"
    doc = streams.Document(pdf)
    faces = [f for i in range(len(doc.pages)) for f in P.faces_of(doc, i)]
    assert len(faces) == CARDS and all("backs" not in t for t in page_texts(pdf))
    for f in faces:
        assert abs((f.trim.x1 - f.trim.x0) / MM - 61) < 0.01 and abs((f.trim.y1 - f.trim.y0) / MM - 86) < 0.01
    inside = _words_inside(pdf, pdfium_reader)
    assert len(inside) > 100
    assert min(min(d) for d in inside) > 1.5  # the safe area's words, all on the insert
    assert abs(min(d[0] for d in inside) - left) < 0.3, min(d[0] for d in inside)


def test_an_insert_that_would_cut_into_the_safe_area_is_refused_at_the_decks_size(project):
    result = run_pnp(project, "build", "--only", "cards", "--insert", "50x70", "--insert-fit", "trim")
    assert result.exit_code == 1
    assert "heroes.yaml:2:7: error: a 50 × 70 mm insert trims the 63.5 × 88.9 mm cards into their 3 mm safe area" in result.stderr
    assert "57.5 × 82.9 mm" in result.stderr


@pytest.fixture(scope="module")
def police_inserts(tmp_path_factory, shared_build):
    """Police Precinct's cards as 61 × 86 mm inserts: a game of three card sizes (poker, mini, tarot aids); the build's
    output and its PDF."""
    import shutil

    from conftest import ROOT

    out = tmp_path_factory.mktemp("police-inserts")
    shutil.copytree(shared_build() / ".pnp-cache", out / ".pnp-cache", symlinks=True)
    result = run_pnp(ROOT, "build", "police-precinct", "--only", "cards", "--insert", "61x86", "--out", str(out))
    assert result.exit_code == 0, result.output + result.stderr
    return result.output + result.stderr, out / "police-precinct" / "police-precinct-cards-insert61x86mm.pdf"


def test_a_game_of_several_card_sizes_gets_an_insert_of_each_size(police_inserts):
    """A sleeve's seams take the same room whatever its size: 61 × 86 asked for the poker cards (63.5 × 88.9) makes each
    other size's insert 2.5 × 2.9 mm smaller than its card. Every card of every deck is on the sheets."""
    _, pdf = police_inserts
    doc = streams.Document(pdf)
    sizes = {}
    for i in range(len(doc.pages)):
        for face in P.faces_of(doc, i):
            size = tuple(sorted(((face.trim.x1 - face.trim.x0) / MM, (face.trim.y1 - face.trim.y0) / MM)))
            known = next((s for s in sizes if abs(s[0] - size[0]) < 0.05 and abs(s[1] - size[1]) < 0.05), size)
            sizes[known] = sizes.get(known, 0) + 1
    cards = {(63.5, 88.9): 45 + 6 + 4 + 5 + 36, (44.45, 63.5): 36, (69.85, 120.65): 2}  # `pnp list police-precinct`: each size's cards
    wanted = sorted((w - 2.5, h - 2.9, n) for (w, h), n in cards.items())
    got = sorted((w, h, n) for (w, h), n in sizes.items())
    assert len(got) == len(wanted) and all(abs(a - b) < 0.05 for g, w in zip(got, wanted, strict=True) for a, b in zip(g, w, strict=True)), got


def test_an_inserts_version_stamp_prints_as_text_at_the_floor_or_more(police_inserts):
    """The stamp (5 pt on the card) would print at 4.8 pt scaled into a 61 × 86 insert, under the small-print floor,
    which shows as grey bars: it stays 5 pt text, each card's stamp read back from the page."""
    from print_sizes import smallest

    _, pdf = police_inserts
    texts = page_texts(pdf)
    stamps = sum(len(__import__("re").findall(r"v\d[\d.]* · [A-Z0-9]{6}", t)) for t in texts)
    doc = streams.Document(pdf)
    assert stamps == sum(len(P.faces_of(doc, i)) for i in range(len(texts))), stamps
    assert min(size for size, *_ in smallest(pdf).text) >= 5.0 - 1e-4


def test_a_round_or_hex_deck_is_named_and_left_out_of_the_inserts(project):
    (project / "data/tiny/decks/rounds.yaml").write_text("name: Rounds\nsize: 60\nshape: round\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
                                                         "defaults: {side: red}\ncards:\n  - {id: r1, name: Shape, stars: 1, number: 1, text: Hi., count: 2}\n")
    result = run_pnp(project, "build", "--only", "cards", "--insert", "61x86")
    assert result.exit_code == 0, result.output + result.stderr
    assert "rounds.yaml:3:8: warning: Rounds: round cards get no sleeve insert" in result.stderr, result.stderr
    doc = streams.Document(project / "output/tiny/tiny-cards-insert61x86mm.pdf")
    assert sum(len(P.faces_of(doc, i)) for i in range(len(doc.pages))) == CARDS  # the heroes only


# The insert's geometry, in the test process (issue #76's survivors): the rules, with figures from the card sizes ------

POKER, MINI, TAROT = (63.5, 88.9), (44.45, 63.5), (69.85, 120.65)


def test_a_scaled_insert_covers_the_whole_insert_and_is_centred_on_it():
    """Scaled to cover a 61 × 86 insert, a poker card shrinks by 86 / 88.9 (its height decides: at 61 / 63.5 it would
    leave 0.6 mm of the insert's height bare); its middle sits on the insert's middle. Trimmed, it keeps its size and
    loses 1.25 mm each side and 1.45 mm top and bottom."""
    from pnp.layout.elements import Face, Group
    from pnp.outputs.inserts import insert_face, insert_scale

    scale = insert_scale(POKER, (61, 86), "scale")
    assert scale == pytest.approx(86 / 88.9)
    assert POKER[0] * scale >= 61 - 1e-9 and POKER[1] * scale >= 86 - 1e-9
    assert insert_scale(POKER, (61, 86), "trim") == 1.0 and insert_scale(POKER, POKER, "scale") == 1.0
    face = Face(*POKER, 3.0, (), frozenset())
    for fit, wanted in (("scale", 86 / 88.9), ("trim", 1.0)):
        made = insert_face(face, (61, 86), fit)
        (group,) = made.elements
        assert (made.w, made.h, made.bleed) == (61, 86, 3.0) and isinstance(group, Group) and group.scale == pytest.approx(wanted)
        assert group.x + POKER[0] * wanted / 2 == pytest.approx(30.5) and group.y + POKER[1] * wanted / 2 == pytest.approx(43.0)
    assert insert_face(face, (61, 86), "trim").elements[0][:2] == pytest.approx((-1.25, -1.45))


def test_an_insert_is_refused_exactly_when_it_cuts_into_the_safe_area_or_is_larger_than_the_card():
    """The safe area is the card less 3 mm all round: 57.5 × 82.9 on a poker card. Trimmed, an insert of that size
    keeps it whole and one a tenth of a mm narrower or lower cuts it; an insert larger than the card is refused too."""
    from pnp.outputs.inserts import Printed

    assert Printed(insert=(57.5, 82.9), fit="trim").refused(POKER) is None
    assert "57.5 × 82.9 mm" in Printed(insert=(57.4, 82.9), fit="trim").refused(POKER)
    assert "57.5 × 82.9 mm" in Printed(insert=(57.5, 82.8), fit="trim").refused(POKER)
    assert "larger than" in Printed(insert=(64, 88), fit="scale").refused(POKER)
    assert Printed(insert=(61, 86)).refused(POKER) is None and Printed().refused(POKER) is None
    # scaled to cover 60 × 80 (by 60 / 63.5), the safe area shrinks to 54.3 × 78.3 mm: inside the insert
    assert Printed(insert=(60, 80)).refused(POKER) is None
    # scaled to cover 58 × 70 (by 58 / 63.5), it shrinks to 52.5 × 75.7 mm: taller than the insert, refused
    assert "make it at least 52.5 × 75.7 mm" in Printed(insert=(58, 70)).refused(POKER)


def test_an_insert_is_for_the_smallest_card_it_fits_and_keeps_the_seams_room_on_every_size():
    from pnp.outputs.inserts import Printed, insert_card

    sizes = [TAROT, POKER, MINI]
    assert insert_card(sizes, (61, 86)) == POKER and insert_card(sizes, (40, 60)) == MINI
    assert insert_card(sizes, POKER) == POKER and insert_card(sizes, MINI) == MINI  # an insert the card's own size fits it
    assert insert_card(sizes, (69, 100)) == TAROT and insert_card(sizes, (69, 121)) is None
    asked = Printed(insert=(61, 86))
    assert asked.fitted(MINI, POKER).insert == (41.95, 60.6) and asked.fitted(POKER, POKER) is asked
    assert asked.fitted(MINI, None) is asked and Printed().fitted(MINI, POKER) == Printed()
    assert asked.size(POKER) == (61, 86) and Printed().size(POKER) == POKER
    assert not asked.backs and not Printed(fronts_only=True).backs and Printed().backs


def test_an_inserts_small_print_keeps_its_size_where_its_scaled_self_would_lie():
    """Scaled by 86 / 88.9 into a 61 × 86 insert, a 5 pt stamp would print at 4.84 pt, under the 5 pt floor: it is set
    at 5 pt where the scaled card puts its corner. 9 pt text scales with the card; at the card's own size (scale 1)
    nothing is small. The insert keeps the card's icons, and nothing is turned."""
    from pnp.layout.elements import Face, Group, Text
    from pnp.layout.typeset import TextOp
    from pnp.outputs.inserts import insert_face

    stamp = Text(50.0, 85.0, (TextOp(0.0, 5.0, "noto-sans-regular", 5.0, "#000000", "v1 · ABC123", 30.0),))
    words = Text(5.0, 10.0, (TextOp(0.0, 9.0, "noto-sans-regular", 9.0, "#000000", "Draw two cards", 60.0),))
    face = Face(*POKER, 3.0, (words, stamp), frozenset({("star", "#000000")}))
    made = insert_face(face, (61, 86), "scale")
    scale = 86 / 88.9
    x, y = (61 - 63.5 * scale) / 2, 0.0
    card, kept = made.elements
    assert made.icons == face.icons and card.rotate == 0.0 and card.children == (words,) and card.scale == pytest.approx(scale)
    assert isinstance(kept, Group) and (kept.rotate, kept.scale) == (0.0, 1.0) and kept.children == (stamp._replace(x=0.0, y=0.0),)
    assert (kept.x, kept.y) == pytest.approx((x + 50.0 * scale, y + 85.0 * scale))
    same = insert_face(face, POKER, "scale")
    assert len(same.elements) == 1 and same.elements[0].children == (words, stamp) and same.elements[0].scale == 1.0


def test_an_inserts_size_rules_at_their_edges():
    """An insert the card's own size is not larger than it; half a millimetre taller is. A card narrower than the
    insert, however tall, does not take it; of the cards that do, the smallest in area. An insert is never enlarged
    past its card; sizes are kept to a hundredth of a millimetre; what a deck prints keeps the fit asked for."""
    from pnp.outputs.inserts import Printed, insert_card, insert_scale

    assert Printed(insert=POKER, fit="trim").refused(POKER) is None and Printed(insert=POKER).refused(POKER) is None
    assert "larger than" in Printed(insert=(63.5, 89.4), fit="trim").refused(POKER)
    assert "larger than" in Printed(insert=(64.0, 88.9), fit="trim").refused(POKER)
    assert insert_card([(50, 100)], (60, 70)) is None and insert_card([(60, 90)], (60.5, 86)) is None
    assert insert_card([(70, 80), (65, 120)], (60, 75)) == (70, 80) and insert_card([(90, 70), (62, 80)], (60, 65)) == (62, 80)
    assert insert_scale(POKER, (70, 95), "scale") == 1.0
    assert Printed(insert=(61, 86), fit="trim").fitted(MINI, POKER) == Printed(False, (41.95, 60.6), "trim")
    fitted = Printed(insert=(61.005, 86.005)).fitted(MINI, POKER).insert
    assert all(round(v, 2) == v for v in fitted)


def test_a_refused_insert_says_what_trimming_or_scaling_does_and_what_to_do():
    from pnp.outputs.inserts import Printed

    trimmed = Printed(insert=(50, 70), fit="trim").refused(POKER)
    assert trimmed == ("a 50 × 70 mm insert trims the 63.5 × 88.9 mm cards into their 3 mm safe area: make it at least 57.5 × 82.9 mm, "
                       "or use --insert-fit scale")
    scaled = Printed(insert=(58, 70)).refused(POKER)
    assert scaled == "a 58 × 70 mm insert scaled to cover it crops the 63.5 × 88.9 mm cards into their 3 mm safe area: make it at least 52.5 × 75.7 mm"
