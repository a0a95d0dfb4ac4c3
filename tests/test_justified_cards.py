"""Organ Match's cards set their rules paragraph justified and hyphenated in every language the game prints (issue 67),
read from the English and German builds every file shares (conftest.shared_build).

An influence card's play limits ("Play in your turn: at most 2 per turn, …") are two lines in both languages, set in a
box from 5 mm inside the card's left edge to 5 mm inside its right, 6.5 to 12 mm below the rule drawn 10 mm inside both edges."""
from __future__ import annotations

import itertools

import pyphen
import pytest

MM = 72 / 25.4
OPENING = {"en": "Play in", "de": "In deinem"}
DICTIONARY = {"en": "en_US", "de": "de_DE"}


@pytest.fixture(scope="module")
def sheets(shared_build):
    """{language: the first sheet of Organ Match's cards (influence cards)}."""
    return {"en": shared_build() / "organ-match" / "organ-match-cards.pdf",
            "de": shared_build("organ-match", "--lang", "de", "--strict") / "organ-match" / "organ-match-cards-de.pdf"}


def paragraphs(page) -> list[tuple[float, float, list[list[dict]]]]:
    """(box left, box right, lines of characters) of each card's play limits on a sheet, in points: the box stands 5 mm
    out from each end of the rule under the card's effect, and its lines from 6.5 to 12 mm below that rule (the version stamp below them is not theirs)."""
    found = []
    for rule in (ln for ln in page.lines if ln["top"] == ln["bottom"] and 40 * MM < ln["x1"] - ln["x0"] < 50 * MM):
        left, right = rule["x0"] - 5 * MM, rule["x1"] + 5 * MM
        chars = [c for c in page.chars if left - 1 <= c["x0"] and c["x1"] <= right + 1 and rule["top"] + 6 * MM < c["top"] and c["bottom"] < rule["top"] + 12.5 * MM]
        rows: dict[float, list] = {}
        for c in chars:
            rows.setdefault(round(c["bottom"], 1), []).append(c)
        lines = [sorted(row, key=lambda c: c["x0"]) for _, row in sorted(rows.items())]
        if lines:
            found.append((left, right, lines))
    return found


def text(line: list[dict]) -> str:
    """A line's text, a space wherever its characters stand apart (a justified line's words do)."""
    out = line[0]["text"]
    for before, c in itertools.pairwise(line):
        out += (" " if c["x0"] - before["x1"] > 0.5 else "") + c["text"]
    return " ".join(out.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_influence_cards_play_limits_are_justified_and_broken_where_the_language_allows(sheets, pdfium_reader, lang):
    page = pdfium_reader.pages(sheets[lang], [1])[0]
    cards = [p for p in paragraphs(page) if text(p[2][0]).startswith(OPENING[lang])]
    assert len(cards) == 9, [text(p[2][0]) for p in paragraphs(page)]  # a sheet's 3 × 3 influence cards
    patterns = pyphen.Pyphen(lang=DICTIONARY[lang], left=2, right=3)
    for left, right, lines in cards:
        assert len(lines) >= 2, [text(line) for line in lines]
        for line in lines[:-1]:
            assert line[0]["x0"] == pytest.approx(left, abs=0.1 * MM), text(line)
            assert line[-1]["x1"] == pytest.approx(right, abs=0.1 * MM), f"{text(line)!r} ends {(right - line[-1]['x1']) / MM:.2f} mm short of the box"
        assert lines[-1][-1]["x1"] < right - 2 * MM  # the paragraph's last line is set as it falls
        for here, after in itertools.pairwise(text(line) for line in lines):
            if here.endswith("-") and not here.endswith(" -"):
                head = here.split(" ")[-1][:-1]
                word = (head + after.split(" ")[0]).strip(".,;:")
                assert len(head) in patterns.positions(word), f"{head}-{word[len(head):]} is no break point of {DICTIONARY[lang]}"
