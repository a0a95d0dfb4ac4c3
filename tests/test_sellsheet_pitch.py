"""A pitch longer than the sell sheet's four lines is a warning at game.yaml's `pitch:` saying how much the page leaves
out (issue 100): it was cut without a word. What is cut is read off the page itself: the pitch's words the PDF shows."""
from __future__ import annotations

import re
import shutil

import pdfplumber
from conftest import TEST_PROJECT, run_pnp

WORDS = [f"idea{n}" for n in range(1, 121)]  # 120 words, each its own: the page shows a run of them from the first


def test_a_pitch_past_four_lines_is_a_warning_at_its_line_saying_how_much_is_cut(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^pitch: .*$", "pitch: " + " ".join(WORDS), text, count=1)
    game.write_text(text, encoding="utf-8")
    line = text.splitlines().index("pitch: " + " ".join(WORDS)) + 1
    result = run_pnp(root, "sellsheet", "tiny", "--width", "400")
    assert result.exit_code == 0, result.stderr
    with pdfplumber.open(root / "output/tiny/tiny-sellsheet.pdf") as pdf:
        page_lines = pdf.pages[0].extract_text().splitlines()
    printed = {word for line in page_lines for word in line.split()}
    shown = [w for w in WORDS if w in printed]
    assert shown == WORDS[: len(shown)] and 0 < len(shown) < len(WORDS)  # the page prints the pitch's start
    pitch_lines = [line for line in page_lines if line.startswith("idea")]
    assert len(pitch_lines) == 4, pitch_lines  # docs/showcase-and-draw.md: "four lines at most"
    cut = WORDS[len(shown):]
    warnings = [w for w in result.stderr.splitlines() if "pitch" in w and ": warning: " in w]
    assert len(warnings) == 1, result.stderr
    assert warnings[0].startswith(f"data/tiny/game.yaml:{line}:8: warning: the sell sheet shows the pitch's first 4 lines ({len(shown)} words, ")
    assert f"leaves out the other {len(cut)} words ({len(' '.join(cut)):,} characters, from '{' '.join(cut[:3])}')" in warnings[0]
    assert f"shorten the pitch to {len(shown)} words or fewer" in warnings[0]


def test_a_pitch_that_fits_is_no_warning(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = run_pnp(root, "sellsheet", "tiny", "--width", "400")
    assert result.exit_code == 0 and "pitch" not in result.stderr, result.stderr
