"""The line `pnp build` prints for each file it writes: its path, its pages as the PDF holds them, and its size on disk
in KB of 1,024 bytes, rounded, as a file manager shows it."""
from __future__ import annotations

import pikepdf
from conftest import apply_edits, run_pnp


def test_a_built_files_line_gives_its_pages_and_its_size_on_disk_in_kb(project):
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    sheet = project / "output/tiny/tiny-cards.pdf"
    line = next(line for line in result.output.splitlines() if line.startswith("output/tiny/tiny-cards.pdf  "))
    with pikepdf.open(sheet) as pdf:
        pages = len(pdf.pages)
    kb = round(sheet.stat().st_size / 1024)
    assert abs(sheet.stat().st_size / 1000 - kb) >= 1  # a size whose thousands and KB differ: this test tells them apart
    assert f"  {pages} pages  " in line and f"  {kb} KB" in line, (line, pages, kb)


def test_a_game_whose_data_has_an_error_is_not_told_it_has_nothing_to_build(project):
    """A count in words is an error at its cell, and the game writes nothing: the build says that error and its summary,
    not that the game has nothing to build (its decks are there)."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["count: 2", "count: two"]}])
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 1
    assert "nothing to build" not in result.output + result.stderr, result.output + result.stderr
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert errors == ["data/tiny/decks/heroes.yaml:7:107: error: cards.knight.count: expected a whole number, got 'two'"]
