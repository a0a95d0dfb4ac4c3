"""Setting text costs what the text is long, and a face's processor time covers its typesetting (issue 74).

A justified text broke a word at a line's end by trying its break points from the last, cutting the rest of the word
again on every line: 9,000 characters of soft hyphens took 82 s, 99,000 (within the text limit) ran out of memory.
And the face's time limit was looked at only between template steps, so a text being set was never stopped."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

from pnp.core.errors import Loc, PnpError
from pnp.layout.fonts import FontBook
from pnp.layout.growth import MAX_STRING
from pnp.layout.icons import IconLibrary
from pnp.layout.markup import parse
from pnp.layout.templates import Layouts

SOFT = "\u00ad"
CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_CPU, (60, 60))  # processor seconds: a machine ten times slower than any we use sets it in 5
from pathlib import Path
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts
root = Path(sys.argv[1])
game = Layouts(root, [root / "templates"], FontBook(root / "pnp/assets/fonts")).for_game({"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([root / "pnp/assets/icons"]))
for text in sys.stdin.read().splitlines():
    laid = game.set_text(text, 200, 2000, 9, 4, "body", False, False, "#000000", "justify", "top", 1.2, hyphenate=True)
    print(len(text), laid.lines, laid.fits)
"""


@pytest.fixture(scope="module")
def layouts():
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return lay.for_game({"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))


def test_texts_of_soft_hyphens_up_to_the_text_limit_are_set_within_a_processor_time_cap():
    """The issue's three texts (9,000, 30,000 and 99,000 characters of soft-hyphenated syllables), justified and
    hyphenated, in a process capped at 60 s of processor time: each is set, and fits its 200 × 2000 mm box."""
    texts = [("ab" + SOFT) * (n // 3) for n in (9_000, 30_000, 99_000)] + [("Donau" + SOFT + "dampf" + SOFT + "schiff ") * (MAX_STRING // 20)]
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT)], input="\n".join(texts), capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert [line.split()[-1] for line in done.stdout.splitlines()] == ["True"] * 4, done.stdout


@pytest.mark.parametrize("width_mm", [12, 30, 45])
def test_each_line_of_a_broken_word_ends_at_a_break_and_holds_all_that_fits(layouts, width_mm):
    """A word set over many lines: every line but the last ends at one of its soft hyphens (printed there as a
    hyphen), is no wider than the box, and the next syllable with its hyphen would not have fitted it."""
    syllables = [("ab", "Wort", "i", "Mmm", "ver")[k % 5] for k in range(400)]
    text = SOFT.join(syllables)
    width = width_mm * 72 / 25.4
    items = layouts.typesetter.items(parse(text), "noto-sans", False, False, "#000000", set())
    from pnp.layout.typeset import width1

    laid = layouts.typesetter.fit(items, width, 100_000, 10, 10, 1.2, "left", "top")  # set at 10 pt in a box of any height
    assert laid.fits
    lines = laid.ops  # one run a line: the word's syllables are all of one font and colour
    assert [op.y for op in lines] == sorted({op.y for op in lines})
    texts = [op.text for op in lines]
    assert "".join(t.removesuffix("-") for t in texts) == "".join(syllables)
    at = 0
    for n, op in enumerate(lines):
        assert op.x == 0 and op.w <= width + 1e-6
        body = texts[n].removesuffix("-")
        k = next(i for i in range(len(syllables) + 1) if len("".join(syllables[at:i])) == len(body))
        assert "".join(syllables[at:k]) == body  # ends at a break point
        if n < len(lines) - 1:
            assert texts[n].endswith("-")
            longer = "".join(syllables[at:k + 1]) + ("-" if k + 1 < len(syllables) else "")
            assert width1(longer, "noto-sans-regular") * 10 > width - 1e-6  # the next syllable would not fit
        at = k


def test_a_text_being_set_counts_against_its_faces_processor_time(layouts, tmp_path):
    """A face whose processor time is spent stops while its text is being set, at the template line of the text."""
    (tmp_path / "templates/t").mkdir(parents=True)
    (tmp_path / "templates/t/face.j2").write_text('{{ text(card.text, 2, 2, 40, 800, size=9, align="justify") }}\n')
    lay = Layouts(tmp_path, [tmp_path / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    game = lay.for_game({"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    lay.env.face_seconds = 1e-9  # spent as soon as the face begins: only a look at the clock is needed to stop it
    with pytest.raises(PnpError, match="processor time on one face") as caught:
        game.render("t/face.j2", {"card": {"text": ("Donau" + SOFT + "dampf" + SOFT + "schiff ") * 2000}}, 63.5, 88.9, 0, "a card front", Loc("deck.yaml"))
    [finding] = caught.value.findings
    assert "processor time on one face" in finding.message and str(finding.loc).startswith("templates/t/face.j2:1"), finding.format()
