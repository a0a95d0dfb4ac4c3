"""The reference sheet and the player-aid cards: every section kept, nothing cut off, backs like any deck."""
from __future__ import annotations

import re
from collections import namedtuple

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
from conftest import MM, run_pnp
from pypdf import PdfReader

from pnp.core.units import pt

REFERENCE = "output/tiny/tiny-reference.pdf"
SOURCE = "data/tiny/reference.yaml"


def build(project, *args):
    result = run_pnp(project, "build", "tiny", "--only", "reference", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return result


def flat(text: str) -> str:
    return " ".join(text.split())


def texts(pdf) -> list[str]:
    return [flat(p.extract_text()) for p in PdfReader(pdf).pages]


def kinds(pages: list[str]) -> list[str]:
    """'sheet', 'sheet-back', 'aids' or 'aids-back' for each page, from its footer."""
    out = []
    for text in pages:
        group = "sheet" if "· Reference sheet ·" in text else "aids" if "· Player aids ·" in text else "?"
        out.append(group + ("-back" if "· backs" in text else ""))
    return out


def long_reference(project, sections=10, bullets=6, copies=3, columns=2, card="poker"):
    """A reference whose every bullet carries a unique token, like S3B5."""
    lines = ["title: Long reference", f"card_size: {card}", f"copies: {copies}", f"columns: {columns}", "sections:"]
    for s in range(sections):
        lines.append(f"  - title: Section T{s}")
        lines.append("    bullets:")
        for b in range(bullets):
            lines.append(f'      - "S{s}B{b} keep this rule in mind when the turn ends & the next one starts."')
    (project / SOURCE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [f"S{s}B{b}" for s in range(sections) for b in range(bullets)]


def test_the_reference_sheet_keeps_every_section(project):
    build(project)
    pages = texts(project / REFERENCE)
    sheet = " ".join(t for t, k in zip(pages, kinds(pages), strict=False) if k == "sheet")
    for written in ("Tiny · quick reference", "A turn", "Each turn has 3 steps; the deck holds 12 cards.", "1. Draw a card.",
                    "2. Play a card & follow its text.", "3. Pass to the left.", "Scoring", "A card with scores 1.",
                    "<Knight> & AT&T Agent score double.", "Stars Points", "Symbols", "Star: one point"):
        assert written in sheet, written


def _column_texts(pdf, index, columns):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        w, h = page.get_size()
        textpage = page.get_textpage()
        margin = 14 * MM
        width = (w - 2 * margin) / columns
        return [flat(textpage.get_text_bounded(margin + c * width - 2, 0, margin + (c + 1) * width + 2, h)) for c in range(columns)]
    finally:
        doc.close()


def test_a_section_that_fits_a_column_is_never_split(project):
    long_reference(project, sections=26, bullets=6)
    build(project)
    pages = texts(project / REFERENCE)
    sheet_pages = [i for i, k in enumerate(kinds(pages)) if k.startswith("sheet")]  # a long sheet goes on both sides
    columns = [col for i in sheet_pages for col in _column_texts(project / REFERENCE, i, 2)]
    used = [c for c in columns if "Section" in c]
    assert len(used) >= 3, "the test needs sections spread over several columns"
    for s in range(26):
        holding = [n for n, col in enumerate(columns) if re.search(rf"Section T{s}\b", col) or any(f"S{s}B{b} " in col for b in range(6))]
        assert len(holding) == 1, (s, holding)
        assert all(f"S{s}B{b} " in columns[holding[0]] for b in range(6))


def _poker_slots():
    """The nine poker cards of a Letter sheet, (x, y, w, h) in µm from the bottom-left: 3 × 3 with shared cut lines,
    (215.9 − 3 × 63.5) / 2 = 12.7 mm at the sides and (279.4 − 3 × 88.9) / 2 = 6.35 mm above and below."""
    Slot = namedtuple("Slot", "x y w h")
    return [Slot(round((12.7 + 63.5 * c) * 1000), round((6.35 + 88.9 * (2 - r)) * 1000), 63500, 88900) for r in range(3) for c in range(3)]


def test_player_aid_cards_hold_all_the_content_and_cut_nothing_off(project):
    tokens = long_reference(project, sections=7, bullets=6, copies=3)
    build(project)
    pdf = project / REFERENCE
    pages = texts(pdf)
    fronts = [i for i, k in enumerate(kinds(pages)) if k == "aids"]
    slots = _poker_slots()
    doc = pdfium.PdfDocument(str(pdf))
    found = {t: 0 for t in tokens}
    cards = set()
    try:
        for index in fronts:
            textpage = doc[index].get_textpage()
            for token in tokens:
                searcher = textpage.search(token + " ", match_case=True, match_whole_word=False)
                while (hit := searcher.get_next()) is not None:
                    start, count = hit
                    found[token] += 1
                    for i in range(start, start + count):
                        left, bottom, right, top = textpage.get_charbox(i)
                        inside = [s for s in slots if pt(s.x) - 0.5 <= left and right <= pt(s.x + s.w) + 0.5 and pt(s.y) - 0.5 <= bottom and top <= pt(s.y + s.h) + 0.5]
                        assert inside, (token, index, (left, bottom))
            for s in slots:
                text = flat(textpage.get_text_bounded(pt(s.x), pt(s.y), pt(s.x + s.w), pt(s.y + s.h)))
                if "/" in text:
                    cards.add(text[-8:])
    finally:
        doc.close()
    assert all(n == 3 for n in found.values()), {t: n for t, n in found.items() if n != 3}  # every rule on every set of cards
    assert len(cards) >= 3, "the test needs the content to flow over several cards"


def test_content_flows_over_numbered_cards(project):
    long_reference(project, sections=7, bullets=6, copies=1)
    build(project)
    text = " ".join(texts(project / REFERENCE))
    labels = re.findall(r"Tiny Test Game (\d+) / (\d+)", text)
    total = int(labels[0][1])
    assert total >= 3 and sorted(int(n) for n, _ in labels) == list(range(1, total + 1))


def test_copies_follow_the_player_count(project):
    build(project)
    aids = " ".join(t for t, k in zip(texts(project / REFERENCE), kinds(texts(project / REFERENCE)), strict=False) if k == "aids")
    assert aids.count("Tiny Test Game 1 / 1") == 4  # copies: players.max, and game.yaml says 4
    path = project / "data/tiny/game.yaml"
    path.write_text(path.read_text().replace("players: {min: 2, max: 4}", "players: {min: 2, max: 6}"))
    build(project)
    aids = " ".join(t for t, k in zip(texts(project / REFERENCE), kinds(texts(project / REFERENCE)), strict=False) if k == "aids")
    assert aids.count("Tiny Test Game 1 / 1") == 6


def test_every_front_sheet_is_followed_by_its_backs(project):
    long_reference(project, sections=7, bullets=6, copies=2)
    build(project)
    pages = texts(project / REFERENCE)
    order = kinds(pages)
    assert order[:2] == ["sheet", "sheet-back"]  # a one-page sheet still takes both sides: the cards' backs stay paired
    rest = order[2:]
    assert rest and rest[0::2] == ["aids"] * (len(rest) // 2) and rest[1::2] == ["aids-back"] * (len(rest) // 2)
    for front, back in zip(pages[2::2], pages[3::2], strict=False):
        assert back.count("Long reference") == len(re.findall(r"Tiny Test Game \d+ / \d+", front))  # a back for every card


def test_a_fact_error_in_reference_text_is_located(project):
    path = project / SOURCE
    path.write_text(path.read_text().replace("{{ decks.heroes.total }}", "{{ decks.heroes.totl }}"))
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "Traceback" not in shown
    assert "data/tiny/reference.yaml:7:" in shown and "has no field 'totl' (did you mean 'total'?)" in shown, shown


def test_an_unknown_legend_icon_is_an_error(project):
    path = project / SOURCE
    path.write_text(path.read_text().replace("{icon: star,", "{icon: starr,"))
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    assert result.exit_code == 1 and "unknown icon 'starr' (did you mean 'star'?)" in result.output + result.stderr


def test_fonts_embedded(project):
    from conftest import pdf_fonts as _fonts

    build(project)
    fonts = _fonts(PdfReader(project / REFERENCE))
    assert fonts and all(fonts.values()) and not any("Helvetica" in f for f in fonts)


def _body_sizes_and_columns(pdf, page: int) -> tuple[float, set]:
    """The commonest font size of the page's body text and which halves (left/right) hold text."""
    from collections import Counter

    doc = pdfium.PdfDocument(str(pdf))
    try:
        textpage = doc[page].get_textpage()
        width = doc[page].get_width()
        sizes, halves = Counter(), set()
        for i in range(textpage.count_chars()):
            if textpage.get_text_range(i, 1).strip():
                left, bottom, _, _top = textpage.get_charbox(i)
                if bottom > 60:  # above the footer
                    sizes[round(pdfium_raw.FPDFText_GetFontSize(textpage.raw, i), 1)] += 1
                    halves.add("left" if left < width / 2 else "right")
        return sizes.most_common(1)[0][0], halves
    finally:
        doc.close()


def test_a_short_reference_sheet_reads_larger_in_balanced_columns(project):
    build(project)
    short_size, halves = _body_sizes_and_columns(project / REFERENCE, 0)
    assert halves == {"left", "right"}, "the three short sections should share both columns"
    long_reference(project, sections=14, bullets=6)
    build(project)
    long_size, _ = _body_sizes_and_columns(project / REFERENCE, 0)
    assert short_size > long_size, (short_size, long_size)
