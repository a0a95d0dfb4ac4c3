"""The line `pnp build` prints for each file it writes: its path, its pages as the PDF holds them, and its size on disk
in KB of 1,024 bytes, rounded, as a file manager shows it, and its ink to one decimal; and what a game with nothing to
build is told to add."""
from __future__ import annotations

import re

import pikepdf
from conftest import apply_edits, run_pnp
from pdftext import page_texts


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


def test_a_built_pdfs_line_gives_its_ink_in_pages_to_one_decimal(project):
    """docs/commands.md: the build summary gives each PDF's ink as fully inked page equivalents, `ink 3.2 pages`:
    one decimal, as `pnp list` repeats it."""
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("output/tiny/tiny-cards.pdf  "))
    assert re.search(r"  ink \d+\.\d pages\Z", line), line


def test_a_game_whose_every_card_has_no_copy_is_told_to_give_them_a_count(project):
    """A game whose one deck's cards all have `count: 0` prints nothing: the build says its decks give no copy of any
    card and to give them a count, not to add decks it has."""
    game = project / "data" / "blank"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text("title: Blank\nplayers: {min: 1, max: 2}\n")
    (game / "decks" / "blanks.yaml").write_text("name: Blanks\nsize: poker\nfront: tiny/back.j2\ncards:\n  - {id: a, count: 0}\n  - {id: b, count: 0}\n")
    result = run_pnp(project, "build", "blank")
    assert result.exit_code == 0, result.output + result.stderr
    assert "blank: nothing to build: its decks give no copy of any card (each card's count is 0): give the cards a count of 1 or more" in result.output, result.output
    assert "add decks/*.yaml" not in result.output, result.output


def test_a_build_only_of_two_kinds_the_game_lacks_names_both_files_to_add(project):
    """The tiny game has neither dice.yaml nor boxes.yaml: `--only dice --only boxes` builds nothing and says to add
    either file, or to drop the option."""
    result = run_pnp(project, "build", "tiny", "--only", "dice", "--only", "boxes")
    assert result.exit_code == 0, result.output + result.stderr
    assert "tiny: nothing to build for --only dice boxes: add dice.yaml or boxes.yaml to data/tiny/, or drop --only dice boxes" in result.output, result.output


def test_a_build_with_no_error_or_warning_ends_at_its_files_without_a_summary(project):
    """docs/findings.md: `pnp build` prints the files written, then every finding and, when there is any error or
    warning, the summary (`tiny: 1 error, 0 warnings`): a clean build says nothing more, on either stream."""
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith("output/tiny/tiny-cards.pdf  "), result.stdout
    assert result.stderr == "", result.stderr
    assert "0 errors" not in result.output, result.output


def test_the_build_names_only_the_sheets_that_hold_more_than_one_set(project):
    """The tiny game's 12 heroes fill Letter's 3 × 3 sheet 1 alone; sheet 2 holds the other 3 and the token sets that
    fit beside them (8 + 4 coins, 3 pawns of each of 2 colours, 4 shields, 5 notes): only sheet 2 is said to hold them."""
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert [line.strip() for line in result.output.splitlines() if " holds " in line] == [
        "tiny-cards.pdf: sheet 2 holds Heroes ×3, Coins ×12, Pawns ×6, Shields ×4, Bank notes ×5"]


def test_the_half_empty_note_names_the_sheet_by_the_number_its_footer_prints(project):
    """With edge bleed the tiny game's tokens print apart from its cards (docs/print-and-cut.md), on two sheets, the
    first under half full: the note names the sheet whose footer says 'sheet 1 of 2'."""
    result = run_pnp(project, "build", "tiny", "--only", "tokens", "--bleed-edges")
    assert result.exit_code == 0, result.output + result.stderr
    notes = [line.strip() for line in result.output.splitlines() if " full: no packing " in line]
    assert len(notes) == 1 and notes[0].startswith("tiny-tokens.pdf: sheet 1 is only "), result.output
    footers = [t for t in page_texts(project / "output/tiny/tiny-tokens.pdf") if "sheet 1 of 2 · fronts" in " ".join(t.split())]
    assert len(footers) == 1 and "Coins" in footers[0]


def test_a_rebuild_lists_a_reused_card_sheet_and_its_cut_files_in_the_order_the_first_build_did(project):
    """A build lists its files in the same order whichever of them it rendered: the card sheets for a cutting machine
    and their cut files, rendered by the first build and reused by a rebuild that draws only the edited reference
    sheet, are listed alike by both."""
    args = ("build", "tiny", "--only", "cards", "--only", "reference", "--cutter", "silhouette", "--no-validate")
    first = run_pnp(project, *args)
    apply_edits(project, [{"file": "data/tiny/reference.yaml", "replace": ("title: Tiny · quick reference", "title: Tiny · at a glance")}])
    again = run_pnp(project, *args)
    assert first.exit_code == again.exit_code == 0, first.output + again.output

    def cards(result) -> list[str]:
        return [line.split()[0] for line in result.output.splitlines() if line.startswith("output/tiny/tiny-cards-silhouette")]

    assert any(line.startswith("output/tiny/tiny-reference-silhouette.pdf") for line in again.output.splitlines()), again.output
    assert len(cards(first)) == 5 and cards(again) == cards(first), (first.output, again.output)


def test_a_rebuilt_card_sheet_reused_as_it_was_still_gives_its_ink(project):
    """docs/commands.md: the build summary gives each PDF's ink, `ink 3.2 pages`. A rebuild after an edit to the
    reference sheet alone reuses the card sheet (its line says `(reused)`) and still says its ink, the figure the first
    build said."""
    args = ("build", "tiny", "--only", "cards", "--only", "reference", "--no-validate")
    first = run_pnp(project, *args)
    apply_edits(project, [{"file": "data/tiny/reference.yaml", "replace": ("title: Tiny · quick reference", "title: Tiny · at a glance")}])
    again = run_pnp(project, *args)
    assert first.exit_code == again.exit_code == 0, first.output + again.output

    def line(result) -> str:
        return next(line for line in result.output.splitlines() if line.startswith("output/tiny/tiny-cards.pdf  "))

    said = re.search(r"  ink (\d+\.\d) pages", line(first))
    assert said, line(first)
    assert line(again).endswith("(reused)") and f"  ink {said[1]} pages" in line(again), (line(first), line(again))


def test_a_rulebooks_line_gives_its_pages_and_no_pieces_and_the_designers_notes_line_its_size_alone(project):
    """A rulebook is pages to read, with no piece to cut, and the designer's notes a Markdown file of neither: each
    line leaves out the count its file has none of, never '0 pieces' or '0 pages'."""
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    with pikepdf.open(project / "output/tiny/tiny-rulebook.pdf") as pdf:
        pages = len(pdf.pages)
    lines = [line for line in result.output.splitlines() if line.startswith("output/")]
    assert any(re.fullmatch(rf"output/tiny/tiny-rulebook\.pdf  {pages} pages  \d+ KB  ink \d+\.\d pages", line) for line in lines), lines
    assert any(re.fullmatch(r"output/tiny/tiny-designer-notes\.md  \d+ KB", line) for line in lines), lines


def test_a_game_of_a_game_yaml_alone_is_told_every_file_it_could_add_the_rulebook_among_them(project):
    """docs/data-format.md: a game's pieces come from decks/*.yaml, boards.yaml, tokens.yaml, reference.yaml and its
    rules from rulebook.md; a game of game.yaml alone builds nothing and is told to add any of them, in one line."""
    bare = project / "data" / "bare"
    bare.mkdir()
    (bare / "game.yaml").write_text("title: Bare\nplayers: {min: 2, max: 4}\n", encoding="utf-8")
    result = run_pnp(project, "build", "bare")
    assert result.exit_code == 0, result.output + result.stderr
    said = [line for line in result.output.splitlines() if "nothing to build" in line]
    assert said == ["bare: nothing to build: add decks/*.yaml, boards.yaml, tokens.yaml, reference.yaml or rulebook.md to data/bare/"], said


def test_a_build_answered_whole_from_the_last_one_says_each_file_is_reused(project):
    """Nothing changed since the last build: every file's line ends '(reused)', so the designer knows nothing was written."""
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    lines = [line for line in result.output.splitlines() if line.startswith("output/tiny/")]
    assert lines and all(line.endswith("  (reused)") for line in lines), lines
