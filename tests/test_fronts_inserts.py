"""Fronts only and sleeve inserts (issue 65): `--fronts-only` prints no backs page at all, and `--insert 61x86` prints
each front as a 61 × 86 mm insert to slip into a sleeve in front of a poker card, scaled to cover it or trimmed, with
the card's safe area whole. Read from the PDFs: page texts, the faces' trims, where the cards' words print.
"""
from __future__ import annotations

import printable as P
import pytest
import streams
from conftest import MM, apply_edits, refusal, run_pnp
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


def _words_inside(pdf, pdfium_reader, size) -> list[tuple[float, float, float, float]]:
    """For each face of `size` (mm) in the PDF, in sheet order: how far (mm) its words lie inside its trim at their
    nearest on the left, top, right and bottom."""
    out = []
    for view in P.read(pdf, reader=pdfium_reader):
        for face in view.faces:
            t = face.trim
            if abs((t.x1 - t.x0) / MM - size[0]) > 0.01 or abs((t.y1 - t.y0) / MM - size[1]) > 0.01:
                continue
            inside = [((box.x0 - t.x0) / MM, (t.y1 - box.y1) / MM, (t.x1 - box.x1) / MM, (box.y0 - t.y0) / MM)
                      for _, box in view.glyphs if t.x0 <= (box.x0 + box.x1) / 2 <= t.x1 and t.y0 <= (box.y0 + box.y1) / 2 <= t.y1]
            out.append(tuple(min(d[k] for d in inside) for k in range(4)))
    return out


def test_each_front_prints_on_its_insert_as_the_card_scaled_to_cover_it_or_trimmed_and_centred(project, pdfium_reader):
    """`--insert 61x86` prints each front at 61 × 86 mm with no backs: the card (63.5 × 88.9 mm) scaled by 86 / 88.9, the
    least that covers the insert (61 / 63.5 would leave 0.6 mm of its height bare), its middle on the insert's middle;
    `--insert-fit trim` keeps it unscaled and cuts 1.25 mm off each side and 1.45 mm off its top and bottom. Read from the
    sheets: each card's words, nearest each edge of its fronts-only print, lie on its insert where that puts them, so
    the safe area (3 mm) is whole."""
    result = run_pnp(project, "build", "--only", "cards", "--fronts-only")
    assert result.exit_code == 0, result.output + result.stderr
    card = _words_inside(project / "output/tiny/tiny-cards-fronts.pdf", pdfium_reader, (63.5, 88.9))
    assert len(card) == CARDS and min(min(d) for d in card) > 3  # the words inside the card's safe area
    for fit, scale in (("scale", 86 / 88.9), ("trim", 1.0)):
        result = run_pnp(project, "build", "--only", "cards", "--insert", "61x86", "--insert-fit", fit)
        assert result.exit_code == 0, result.output + result.stderr
        pdf = project / f"output/tiny/tiny-cards-insert61x86mm{'-trim' if fit == 'trim' else ''}.pdf"
        assert all("backs" not in t for t in page_texts(pdf))
        insert = _words_inside(pdf, pdfium_reader, (61, 86))
        assert len(insert) == CARDS, f"{CARDS} fronts of 61 × 86 mm"
        across, down = (61 - 63.5 * scale) / 2, (86 - 88.9 * scale) / 2  # trimmed: -1.25 and -1.45
        for was, now in zip(card, insert, strict=True):
            wanted = (across + was[0] * scale, down + was[1] * scale, across + was[2] * scale, down + was[3] * scale)
            assert now == pytest.approx(wanted, abs=0.02), (fit, now, wanted)
            assert min(now) > 1.5  # the safe area's words, all on the insert


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


# An insert's size rules at their edges, as `pnp build` says them: figures from the card sizes (poker 63.5 × 88.9 mm,
# mini 44.45 × 63.5, tarot 69.85 × 120.65) and the 3 mm safe area (57.5 × 82.9 mm on a poker card)

TRIMS = "trims the 63.5 × 88.9 mm cards into their 3 mm safe area: make it at least"
LARGER = "mm insert is larger than the 63.5 × 88.9 mm cards: make it at most 63.5 × 88.9 mm, a little smaller to slip into a sleeve"


@pytest.mark.parametrize(("insert", "fit", "said"), [
    ("50x70", "trim", f"a 50 × 70 mm insert {TRIMS} 57.5 × 82.9 mm, or use --insert-fit scale"),
    ("57.4x82.9", "trim", f"a 57.4 × 82.9 mm insert {TRIMS} 57.5 × 82.9 mm, or use --insert-fit scale"),  # a tenth narrower than the safe area
    ("57.5x82.8", "trim", f"a 57.5 × 82.8 mm insert {TRIMS} 57.5 × 82.9 mm, or use --insert-fit scale"),  # or lower
    # scaled to cover 58 × 70 (by 58 / 63.5) the safe area shrinks to 52.5 × 75.7 mm: taller than the insert
    ("58x70", "scale", "a 58 × 70 mm insert scaled to cover it crops the 63.5 × 88.9 mm cards into their 3 mm safe area: make it at least 52.5 × 75.7 mm"),
    ("64x88", "scale", f"a 64 × 88 {LARGER}"), ("63.5x89.4", "trim", f"a 63.5 × 89.4 {LARGER}"), ("64x88.9", "trim", f"a 64 × 88.9 {LARGER}")])
def test_an_insert_that_cuts_into_the_safe_area_or_is_larger_than_the_card_is_one_error_saying_what_to_do(project, insert, fit, said):
    result = run_pnp(project, "build", "--only", "cards", "--insert", insert, "--insert-fit", fit)
    shown = refusal(result, said, "data/tiny/decks/heroes.yaml:2:7: error: ")
    assert [line for line in result.stderr.splitlines() if ": error: " in line] == [f"data/tiny/decks/heroes.yaml:2:7: error: {said} [heroes]"], shown


@pytest.mark.parametrize(("insert", "fit"), [("57.5x82.9", "trim"), ("63.5x88.9", "trim"), ("63.5x88.9", "scale"), ("60x80", "scale")])
def test_an_insert_that_keeps_the_safe_area_whole_and_is_no_larger_than_the_card_prints(project, insert, fit):
    """The safe area's own size trimmed, the card's own size either way, and 60 × 80 scaled (by 60 / 63.5 the safe
    area shrinks to 54.3 × 78.3 mm, inside it): each prints, at its size."""
    result = run_pnp(project, "build", "--only", "cards", "--no-validate", "--cards", "knight", "--insert", insert, "--insert-fit", fit)
    assert result.exit_code == 0, result.output + result.stderr
    (pdf,) = (project / "output/tiny").glob("tiny-cards-insert*.pdf")
    w, h = (float(v) for v in insert.split("x"))
    doc = streams.Document(pdf)
    assert [((f.trim.x1 - f.trim.x0) / MM, (f.trim.y1 - f.trim.y0) / MM) for f in P.faces_of(doc, 0)] == [pytest.approx((w, h), abs=0.01)] * 2


def _several_sizes(project) -> None:
    """The tiny game with a mini deck, a tarot deck and a deck of 50 × 100 mm cards (narrower than a poker card, taller)."""
    edits = [{"file": "templates/tiny/plain.j2", "write": "{{ text(card.name, 5, 5, face.w - 10, 10, size=10) }}\n"}]
    for deck, size in (("minis", "mini"), ("tarots", "tarot"), ("narrow", '"50 x 100"')):
        edits.append({"file": f"data/tiny/decks/{deck}.yaml", "write": f"name: {deck.title()}\nsize: {size}\nfront: tiny/plain.j2\n"
                      f"back: tiny/plain.j2\ncards:\n  - {{id: {deck}-1, name: One, count: 1}}\n"})
    apply_edits(project, edits)


def _insert_sizes(project, *args) -> dict[tuple[float, float], int]:
    """Each size (mm, to a thousandth) the faces of an insert build print at, with how many print at it."""
    result = run_pnp(project, "build", "--only", "cards", "--no-validate", *args)
    assert result.exit_code == 0, result.output + result.stderr
    (pdf,) = (project / "output/tiny").glob("tiny-cards-insert*.pdf")
    doc = streams.Document(pdf)
    faces = [f.trim for i in range(len(doc.pages)) for f in P.faces_of(doc, i)]
    pdf.unlink()
    sizes: dict = {}
    for t in faces:
        size = (round((t.x1 - t.x0) / MM, 3), round((t.y1 - t.y0) / MM, 3))
        sizes[size] = sizes.get(size, 0) + 1
    return sizes


def test_an_insert_is_for_the_smallest_card_it_fits_and_every_other_size_keeps_the_seams_room(project):
    """61 × 86 fits a poker card and a tarot card, not the 50 × 100 mm one (narrower, however tall): it is the poker
    card's, the smallest it fits, and each other size's insert is 2.5 × 2.9 mm smaller than its card, as the sleeve's
    seams take the same room on any sleeve. An insert the mini card's own size is the mini card's, the others then
    their own size too; sizes are kept to a hundredth of a mm."""
    _several_sizes(project)
    one_of_each = ("--cards", "knight,minis-1,tarots-1,narrow-1")  # two knights
    assert _insert_sizes(project, "--insert", "61x86", *one_of_each) == {(61, 86): 2, (41.95, 60.6): 1, (67.35, 117.75): 1, (47.5, 97.1): 1}
    assert _insert_sizes(project, "--insert", "44.45x63.5", *one_of_each) == {(63.5, 88.9): 2, (44.45, 63.5): 1, (69.85, 120.65): 1, (50, 100): 1}
    assert _insert_sizes(project, "--insert", "61.005x86.005", "--cards", "minis-1") == {(41.96, 60.6): 1}  # 41.955 and 60.605, to 0.01 mm


def _face_chars(pdf, width: float) -> tuple:
    """The first face `width` mm wide on the PDF's first page: its trim, and the characters printed inside it (pdfplumber's)."""
    import pdfplumber

    trim = next(f.trim for f in P.faces_of(streams.Document(pdf), 0) if abs((f.trim.x1 - f.trim.x0) / MM - width) < 0.01)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        chars = [{**c, "y": page.height - c["top"]} for c in page.chars if trim.x0 <= c["x0"] <= trim.x1 and trim.y0 <= page.height - c["top"] <= trim.y1]
    return trim, chars


def test_another_sizes_insert_keeps_the_fit_asked_for(project):
    """Trimmed, the mini cards' 41.95 × 60.6 mm insert keeps their 10 pt words at 10 pt; scaled, they shrink with the
    card (by 60.6 / 63.5)."""
    _several_sizes(project)
    for fit, size in (("trim", 10.0), ("scale", 10 * 60.6 / 63.5)):
        result = run_pnp(project, "build", "--only", "cards", "--no-validate", "--cards", "minis-1", "--insert", "61x86", "--insert-fit", fit)
        assert result.exit_code == 0, result.output + result.stderr
        (pdf,) = (project / "output/tiny").glob("tiny-cards-insert*.pdf")
        _, chars = _face_chars(pdf, 41.95)
        pdf.unlink()
        assert "".join(c["text"] for c in chars) == "One" and {round(c["size"], 2) for c in chars} == {round(size, 2)}, (fit, chars)


def test_an_inserts_stamp_keeps_its_5_pt_where_the_scaled_card_puts_it(project):
    """Scaled by 86 / 88.9 into a 61 × 86 insert, the card's 5 pt version stamp would print at 4.84 pt, under the 5 pt
    floor: it prints upright at 5 pt, its start where the scaled, centred card puts it, while the card's 10 pt words
    print at 9.67 pt."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["stamps: false", "stamps: true"]}])
    printed = {}
    for kind, args, width in (("card", ("--fronts-only",), 63.5), ("insert", ("--insert", "61x86"), 61.0)):
        result = run_pnp(project, "build", "--only", "cards", "--no-validate", "--cards", "knight", *args)
        assert result.exit_code == 0, result.output + result.stderr
        (pdf,) = (project / "output/tiny").glob(f"tiny-cards-{'fronts' if kind == 'card' else 'insert'}*.pdf")
        trim, chars = _face_chars(pdf, width)
        printed[kind] = ({round(c["size"], 2) for c in chars}, [((c["x0"] - trim.x0) / MM, (trim.y1 - c["y"]) / MM, c["upright"]) for c in chars if c["size"] < 6])
    scale = 86 / 88.9
    assert printed["card"][0] == {5.0, 10.0, 12.0, 13.0} and printed["insert"][0] == {5.0, *(round(s * scale, 2) for s in (10, 12, 13))}
    (x, y, _), (ix, iy, upright) = printed["card"][1][0], printed["insert"][1][0]
    assert len(printed["insert"][1]) == len(printed["card"][1]) > 5 and upright
    assert (ix, iy) == pytest.approx(((61 - 63.5 * scale) / 2 + x * scale, y * scale), abs=0.05)
