"""Nesting is bounded and said where it is written, and long flat input does not nest (issue 74): 1,000 headings in a
row ended in `internal error: RecursionError`; a template nested past what Python compiles was said at a line of the
code Jinja made (`IndentationError … line 212`) or at `1:1`, not at the template line that nests."""
from __future__ import annotations

from conftest import run_pnp

RULES = "data/tiny/rulebook.md"
HERO = "templates/tiny/hero.j2"


def test_a_thousand_headings_in_a_row_make_a_rulebook(project):
    rules = project / RULES
    rules.write_text(rules.read_text(encoding="utf-8") + "".join(f"\n## Step {i}\n" for i in range(1000)), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    from pypdf import PdfReader

    pages = PdfReader(project / "output/tiny/tiny-rulebook.pdf").pages
    text = "".join(page.extract_text() for page in pages[-3:])
    assert "Step 999" in text
    # a heading is a line or two of a page: headings in a row fill the pages they need, not one a page each (998 pages)
    assert len(pages) <= 100, f"{len(pages)} pages for 1,000 headings"


def test_emphasis_nested_past_the_limit_is_said_at_its_rulebook_line(project):
    rules = project / RULES
    text = rules.read_text(encoding="utf-8") + "\n"
    rules.write_text(text + "*a " * 80 + "b" + " c*" * 80 + "\n", encoding="utf-8")
    result = run_pnp(project, "build", "--only", "rulebook")
    assert result.exit_code == 1
    assert f"{RULES}:{text.count(chr(10)) + 1}:1: error: lists, quotes and emphasis nest over 50 deep" in result.stderr, result.stderr


def _nested_template(project, nesting: str) -> int:
    """`nesting` added to the hero template on a line of its own; the line's number."""
    hero = project / HERO
    text = hero.read_text(encoding="utf-8").rstrip("\n") + "\n\n\n"
    hero.write_text(text + nesting + "\n", encoding="utf-8")
    return text.count("\n") + 1


def test_ifs_nested_past_what_python_compiles_are_said_at_their_template_line(project):
    line = _nested_template(project, "{% if true %}" * 120 + "x" + "{% endif %}" * 120)
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 1
    assert f"{HERO}:{line}:" in result.stderr and "nest too deep, past what a template can" in result.stderr, result.stderr
    assert "IndentationError" not in result.stderr


def test_an_expression_nested_past_the_stack_is_said_at_its_template_line_not_the_first(project):
    line = _nested_template(project, "{{ " + "-" * 2000 + "1 }}")
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 1
    assert f"{HERO}:{line}:" in result.stderr and "nest too deep" in result.stderr, result.stderr
    assert f"{HERO}:1:" not in result.stderr
