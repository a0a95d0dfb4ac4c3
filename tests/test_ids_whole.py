"""Ids and names are matched whole (issue 74): Python's `$` also matches before a final line break, so a deck file named
`d\\n.yaml` passed the id check and its export wrote a folder whose name held a line break."""
from __future__ import annotations

import ast
import re

from conftest import ROOT, run_pnp
from source_trees import modules, parsed


def test_a_deck_file_whose_name_ends_in_a_line_break_is_refused_at_its_file(project):
    decks = project / "data/tiny/decks"
    (decks / "d\n.yaml").write_bytes((decks / "heroes.yaml").read_bytes())
    result = run_pnp(project, "export", "tiny", "--format", "png")
    assert result.exit_code == 1
    assert "data/tiny/decks/d\\x0a.yaml: error: the deck file name 'd\\x0a.yaml' cannot be a deck's id" in result.stderr
    written = [p for p in (project / "output").rglob("*")] if (project / "output").is_dir() else []
    assert not [p for p in written if "\n" in p.name]


def test_a_palette_colour_with_a_line_break_after_it_is_refused_at_its_line(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('red: "#c0392b"', 'red: "#c0392b\\n"'), encoding="utf-8")
    result = run_pnp(project, "validate", "--quick")
    assert result.exit_code == 1
    assert re.search(r"data/tiny/game\.yaml:10:\d+: error: palette\.red", result.stderr), result.stderr


def test_a_new_games_name_with_a_line_break_is_refused(tmp_path):
    result = run_pnp(tmp_path, "new", "crystal\n")
    assert result.exit_code == 2
    assert not [p for p in tmp_path.rglob("*") if "\n" in p.name]


def _anchored_at_dollar(tree: ast.AST) -> list[str]:
    """The string constants passed to `re` as patterns that end in a bare `$` (which lets a final line break by)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "re" and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            pattern = node.args[0].value
            if node.func.attr != "fullmatch" and pattern.endswith("$") and not pattern.endswith("\\$"):
                found.append(pattern)
    return found


def test_no_pattern_pnp_matches_with_re_ends_in_a_bare_dollar():
    """A pattern that must match a whole name ends in `\\Z` or is used with re.fullmatch (pydantic's own patterns,
    matched by its Rust engine where `$` is the end of the text, are not `re`'s)."""
    bad = {}
    for path in modules(ROOT):  # each module's tree parsed once a test process, shared with the house tests (tests/source_trees.py)
        found = _anchored_at_dollar(parsed(path).tree)
        if found:
            bad[str(path.relative_to(ROOT))] = found
    assert bad == {}


def test_a_card_id_may_start_with_a_digit(project):
    """docs/data-format.md: a card's id is letters, digits, - and _; a deck's cards numbered `2-knight` is as good an id
    as `knight`, and the game checks clean with it."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["{id: knight,", "{id: 2-knight,"]}])
    assert quick_findings(project) == (0, [])
