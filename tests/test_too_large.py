"""A deck or token set larger than the paper holds is one error at its `size`, saying what to do, the same in build and
validate (it was `internal error` in validate, and an error at no line in build)."""
from __future__ import annotations

import re

import pytest
from conftest import run_pnp

TOO_LARGE = "{} mm does not fit on letter with its bleed inside the printer's margin: make it smaller, or build on a larger paper"


def _errors(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": error: " in line]


def _line_of(path, key: str) -> int:
    """The 1-based line of the first `key:` in a file, as an editor numbers it."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if re.match(rf"\s*{key}:", line))


@pytest.mark.parametrize("file, written, big, name, column, kind, said", [
    ("data/tiny/decks/heroes.yaml", "size: poker", "size: 250 x 300", "Heroes", 7, "cards", "250 × 300"),
    ("data/tiny/tokens.yaml", "    size: 20\n", "    size: 250\n", "Coins", 11, "tokens", "250 × 250")], ids=["deck", "token set"])
def test_a_piece_larger_than_the_paper_is_one_error_at_its_size_in_build_and_validate(project, file, written, big, name, column, kind, said):
    """The deck's size is said as the designer wrote it, its width first (250 x 300: wider than Letter either way)."""
    path = project / file
    path.write_text(path.read_text(encoding="utf-8").replace(written, big, 1), encoding="utf-8")
    at = f"{file}:{_line_of(path, 'size')}:{column}: error: {name}: {TOO_LARGE.format(said)}"
    for command in (("validate", "tiny"), ("build", "tiny", "--only", kind)):
        result = run_pnp(project, *command)
        assert result.exit_code == 1 and "internal error" not in result.output + result.stderr, command
        assert [line.split(" (--paper")[0] for line in _errors(result.output)] == [at], command


def test_a_rulebook_table_too_wide_is_one_error_at_its_rows_line_of_the_file_in_build_and_validate(project):
    """docs/limits.md: a rulebook table has at most 50 columns. One of 51, written below the tiny rulebook's
    `{{ components() }}` (which writes a line for each component), is said at the line of the file where its row is,
    not the line of the text Jinja made of it, in build and validate alike."""
    path = project / "data/tiny/rulebook.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n" + "|a" * 51 + "|\n" + "|-" * 51 + "|\n" + "|b" * 51 + "|\n", encoding="utf-8")
    row = path.read_text(encoding="utf-8").splitlines().index("|a" * 51 + "|") + 1
    at = (f"data/tiny/rulebook.md:{row}:1: error: this table row has over 50 columns: a rulebook's tables are for reading at the table: "
          "make the table smaller, or put it in a sheet of its own")
    for command in (("validate", "tiny"), ("build", "tiny", "--only", "rulebook")):
        result = run_pnp(project, *command)
        assert result.exit_code == 1 and _errors(result.output) == [at], (command, result.output)


def test_a_rulebook_table_too_wide_made_by_its_jinja_is_one_error_at_the_file_naming_the_line_made(project):
    """A row of 51 columns that a `{% for %}` makes has no line of its own in the file: the error is at the file and
    says which line of the made text holds it, so the designer finds the loop."""
    path = project / "data/tiny/rulebook.md"
    loops = "".join(f"{{% for n in range(51) %}}|{cell}{{% endfor %}}|\n" for cell in "a-b")
    path.write_text(path.read_text(encoding="utf-8") + "\n" + loops, encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    errors = _errors(result.output)
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert re.fullmatch(r"data/tiny/rulebook\.md: error: this table row has over 50 columns \(in the text this file's \{\{ … \}\} make, "
                        r"its line \d+\): a rulebook's tables are for reading at the table: make the table smaller, or put it in a sheet of its own",
                        errors[0]), errors


def test_a_deck_too_large_for_letter_is_told_the_larger_papers_that_hold_it(project):
    """A 250 × 300 mm deck fits neither way inside Letter's printable area, but A3 (297 × 420 mm) and tabloid
    (11 × 17 in, 279.4 × 431.8 mm) hold it inside a 5 mm margin: the error names them both."""
    path = project / "data/tiny/decks/heroes.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("size: poker", "size: 250 x 300", 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 1
    assert [line.split(": error: ")[1] for line in _errors(result.output)] == [
        f"Heroes: {TOO_LARGE.format('250 × 300')} (--paper a3 or tabloid)"], result.output
