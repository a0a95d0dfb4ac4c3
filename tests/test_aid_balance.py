"""The five games' player aids and reference sheets use both sides of what they print on, in balance.

A side's fullness is read from the built PDF: the area its text covers (each character's advance width times
its type size) over the side's area, leaving out the furniture every side repeats (the title line at the top and
the page counter or sheet note at the foot). A card's back is found where the long-edge flip puts it: the page
after its front, mirrored left to right."""
from __future__ import annotations

import re

import pytest
from conftest import MM
from pdftext import flat, page_texts

GAMES = ("germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct")
MOST = 2.0  # neither side more than twice as full as the other (issue 47)
MOST_BLANK = 0.25  # neither side of an aid more than a quarter blank below its text (issue 66)


@pytest.fixture(scope="module")
def references(shared_build) -> dict:
    out = shared_build()  # the plain build of the five games, shared with other files (conftest)
    return {game: out / game / f"{game}-reference.pdf" for game in GAMES}


def kinds(pdf) -> list[str]:
    """'sheet', 'sheet-back', 'aids' or 'aids-back' for each page, from the sheet note at its foot."""
    out = []
    for text in map(flat, page_texts(pdf)):
        group = "sheet" if re.search(r"· Reference sheet(, last page)? ·", text) else "aids" if "· Player aids ·" in text else "?"
        out.append(group + ("-back" if "· backs" in text else ""))
    return out


def fullness(chars: list, area: float) -> float:
    """Text area over `area`, without the top line and the foot line (title band, counter, sheet note)."""
    chars = [c for c in chars if c["text"].strip()]
    if not chars:
        return 0.0
    first, last = min(chars, key=lambda c: c["top"]), max(chars, key=lambda c: c["bottom"])

    def on(c, line) -> bool:
        return line["top"] - 0.5 <= (c["top"] + c["bottom"]) / 2 <= line["bottom"] + 0.5

    return sum((c["x1"] - c["x0"]) * c["size"] for c in chars if not on(c, first) and not on(c, last)) / area


def card_boxes(page) -> list[tuple]:
    """Each card side on the page: the filled rectangle it is printed on, at least 50 mm each way (x0, top, x1, bottom)."""
    boxes: list[tuple] = []
    for r in page.rects:
        if r["width"] >= 50 * MM and r["height"] >= 50 * MM and not any(abs(r["x0"] - b[0]) < 1 and abs(r["top"] - b[1]) < 1 for b in boxes):
            boxes.append((r["x0"], r["top"], r["x1"], r["bottom"]))
    return boxes


def within(page, box) -> list:
    x0, top, x1, bottom = box
    return [c for c in page.chars if c["x0"] >= x0 - 0.5 and c["x1"] <= x1 + 0.5 and c["top"] >= top - 0.5 and c["bottom"] <= bottom + 0.5]


def sides(pdf, reader) -> list[tuple[str, float, float]]:
    """(what, front fullness, back fullness) for every aid card and every sheet page printed back to back (the pages
    as pdfplumber reports them, read through pdfium once per run: conftest.pdfium_reader)."""
    order = kinds(pdf)
    pages = reader.pages(pdf)
    out = []
    for i, kind in enumerate(order):
        if kind == "aids":
            front, back = pages[i], pages[i + 1]
            assert order[i + 1] == "aids-back", order
            backs = card_boxes(back)
            for box in card_boxes(front):
                x0, top, x1, bottom = box
                behind = [b for b in backs if abs(b[0] - (back.width - x1)) < 1 and abs(b[1] - top) < 1]
                assert behind, f"no card back behind the card at {box} on page {i + 1}"
                area = (x1 - x0) * (bottom - top)
                out.append((f"aid card on page {i + 1} at x {x0 / MM:.0f} mm", fullness(within(front, box), area), fullness(within(back, behind[0]), area)))
        elif kind == "sheet" and i + 1 < len(order) and order[i + 1] == "sheet-back":
            front, back = pages[i], pages[i + 1]
            area = front.width * front.height
            out.append((f"sheet pages {i + 1}–{i + 2}", fullness(front.chars, area), fullness(back.chars, area)))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_side_of_an_aid_card_or_sheet_is_more_than_twice_as_full_as_the_other(references, pdfium_reader, game):
    measured = sides(references[game], pdfium_reader)
    assert any(what.startswith("aid") for what, _, _ in measured), "every game has player aids"
    lopsided = [(what, round(a, 3), round(b, 3)) for what, a, b in measured if max(a, b) > MOST * min(a, b)]
    assert not lopsided, lopsided


def blank_below(chars: list, top: float, bottom: float) -> float:
    """The share of a side's height below its text, the foot line (counter, sheet note) left out as in `fullness`."""
    chars = [c for c in chars if c["text"].strip()]
    if not chars:
        return 1.0
    last = max(chars, key=lambda c: c["bottom"])
    body = [c for c in chars if not last["top"] - 0.5 <= (c["top"] + c["bottom"]) / 2 <= last["bottom"] + 0.5]
    return (bottom - max((c["bottom"] for c in body), default=top)) / (bottom - top)


@pytest.mark.parametrize("game", GAMES)
def test_no_side_of_an_aid_card_or_reference_sheet_is_more_than_a_quarter_blank(references, pdfium_reader, game):
    """Both sides of every aid card fill their height to within a quarter (by a larger type where the card has room), and
    so does every page of the reference sheet, measured on the whole page (its margins count as blank): a short sheet's
    type stops growing at its cap, and the space between its sections takes the rest (reference.spread)."""
    pdf = references[game]
    order = kinds(pdf)
    pages = pdfium_reader.pages(pdf)
    measured = [(i + 1, round(blank_below(within(pages[i], box), box[1], box[3]), 3))
                for i, kind in enumerate(order) if kind.startswith("aids") for box in card_boxes(pages[i])]
    assert measured, "every game has player aids"
    sheets = [(i + 1, round(blank_below(pages[i].chars, 0.0, pages[i].height), 3)) for i, kind in enumerate(order) if kind.startswith("sheet")]
    assert sheets, "every game has a reference sheet"
    assert all(share <= MOST_BLANK for _, share in measured + sheets), measured + sheets
