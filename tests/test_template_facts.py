"""What the checks ask of a template (the names it reads, the templates it runs, what it writes outside its blocks,
the card fields it names) is found in one walk of its tree, each template is parsed and compiled once a run, and the
process keeps what they gave by the template's source: a run over the same sources parses and compiles none of them
(issue 77: the template path). A template reading its card whole (`card.items()`, `card.values()`, `card | tojson`) may
print any field, so none of the deck's is said unused."""
from __future__ import annotations

import shutil
import traceback
from pathlib import Path

import jinja2
import pytest
from conftest import run_pnp

from pnp.layout import template_cache
from pnp.layout.fonts import FontBook
from pnp.layout.sandbox import Sandbox
from pnp.layout.template_facts import facts_of
from pnp.layout.templates import Layouts

ROOT = Path(__file__).resolve().parents[1]

# Lines numbered as the facts must name them.
CHILD = """{% extends "frame.j2" %}
{{ text("outside", 1, 1, 9, 9) }}
{% block body %}{% set stored = 1 %}{% include "part.j2" %}{% include ["a.j2", other] %}{% import helper as h %}
{{ card.title ~ deck.name }}{{ card["Attack Name"] }}{% for stat in ["move", "hp"] %}{{ card[stat] }}{% endfor %}
{% for k in keys %}{{ card[k] }}{% endfor %}{{ token.items() }}
{{ card | tojson }}{% endblock %}

{% block empty %}{% endblock %}
outside again: {{ x }}
"""
ENV = {"trim_blocks": True, "lstrip_blocks": True, "extensions": ["jinja2.ext.loopcontrols", "jinja2.ext.do"]}  # as pnp.layout.templates.Layouts


def test_one_walk_answers_every_question_a_check_asks():
    facts = facts_of(Sandbox(**ENV).parse(CHILD))
    assert facts.refs == ("frame.j2", "part.j2", "a.j2", None, None), "constant names, then None for names worked out as it runs"
    assert {"card", "deck", "token", "keys", "other", "helper", "text", "x"} <= facts.names and "stored" not in facts.names, "names loaded, not stored"
    assert facts.ignored == (2, 9), "an extending template's output outside its blocks, not its blank lines"
    assert {"title", "name", "Attack Name", "Attack", "Name", "move", "hp", "outside"} <= facts.words
    assert "items" not in facts.words, "token.items() calls a method: it names no field"
    assert facts.card_unfollowed == 5, "the first: card[k] over unknown keys (line 5), not card | tojson (6); card[stat] over literals is followed"
    assert facts.other_whole, "token.items() reads a token whole"


def test_a_template_that_reads_by_literal_names_only_is_followed():
    facts = facts_of(Sandbox(**ENV).parse('{% for s in ["a", "b"] %}{{ card[s] }}{% endfor %}{{ board.items() }}'))
    assert (facts.card_unfollowed, facts.ignored, facts.refs) == (0, (), ())
    assert facts.other_whole


@pytest.mark.parametrize("whole", ["card.values()|join(' ')", "card.keys()|join(' ')", "card.items()|list|length", "card|tojson|length",
                                   "card|dictsort|length"])
def test_a_template_reading_its_card_whole_leaves_no_field_unused_and_says_why_at_its_line(project, whole):
    """A field no template names (`notes`) is printed all the same by a template that reads the card whole: no
    field-unused warning, one note at the line that reads it so."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("stars: 3, number: 1", "stars: 3, notes: hi, number: 1", 1), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    at = lines.index("{% endblock %}") + 1
    lines.insert(at - 1, "{{ text((" + whole + ")|string, 5, 80, 50, 5, size=6, min_size=3) }}")
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.stderr.splitlines() if ": note: " in line or ": warning: " in line]
    assert result.exit_code == 0 and len(said) == 1, said
    assert said[0].startswith(f"templates/tiny/hero.j2:{at}:1: note: this template reads card fields by a name it works out as it draws"), said


@pytest.fixture
def templates(tmp_path):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "frame.j2").write_text("[{% block body %}{% endblock %}]", encoding="utf-8")
    (folder / "part.j2").write_text("{{ deck.name }}", encoding="utf-8")
    (folder / "face.j2").write_text('{% extends "frame.j2" %}{% block body %}{{ card.name }}/{% include "part.j2" %}{% endblock %}', encoding="utf-8")
    (folder / "back.j2").write_text('{% include "part.j2" %}', encoding="utf-8")
    return tmp_path


def _counted(monkeypatch) -> dict:
    """How many times Jinja's parser and code generator run, by template name."""
    calls = {"parse": [], "generate": []}
    parse, generate = Sandbox._parse, Sandbox._generate

    def counted_parse(self, source, name, filename):
        calls["parse"].append(name)
        return parse(self, source, name, filename)

    def counted_generate(self, source, name, filename, defer_init=False):
        calls["generate"].append(name)
        return generate(self, source, name, filename, defer_init)

    monkeypatch.setattr(Sandbox, "_parse", counted_parse)
    monkeypatch.setattr(Sandbox, "_generate", counted_generate)
    return calls


def _run(root: Path) -> tuple:
    """What a build asks of the templates: which read `card`, which files a face runs, each face rendered (one face
    compiled before its facts are asked, the other after)."""
    layouts = Layouts(root, [root / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    context = {"card": {"name": "Hero"}, "deck": {"name": "Heroes"}}
    face = layouts.template("face.j2").render(context)
    reads = (layouts.reads("face.j2", "card"), layouts.reads("back.j2", "card"), layouts.reads("back.j2", "deck"))
    files = tuple(Path(f).name for f in layouts.files_of("face.j2"))
    return reads, files, face, layouts.template("back.j2").render(context)


def _new_process(monkeypatch) -> None:
    """From here on, the process has kept no template (pnp.layout.template_cache.KEPT), as a new one."""
    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())


def test_each_template_is_parsed_and_compiled_once_and_a_second_run_of_the_process_does_neither(templates, monkeypatch):
    calls = _counted(monkeypatch)
    _new_process(monkeypatch)
    first = _run(templates)
    assert first == ((True, False, True), ("face.j2", "frame.j2", "part.j2"), "[Hero/Heroes]", "Heroes")
    assert sorted(calls["parse"]) == sorted(calls["generate"]) == ["back.j2", "face.j2", "frame.j2", "part.j2"], calls
    calls["parse"].clear()
    calls["generate"].clear()
    assert _run(templates) == first, "a second run answers and renders as the first did"
    assert calls == {"parse": [], "generate": []}, "kept by the process: no template parsed or compiled"
    (templates / "templates/part.j2").write_text("{{ card.name }}!", encoding="utf-8")
    edited = _run(templates)
    assert edited[0] == (True, True, False) and edited[3] == "Hero!", "an edited template is read anew"
    assert calls == {"parse": ["part.j2"], "generate": ["part.j2"]}, calls


def test_a_second_project_with_the_same_templates_parses_and_compiles_none_and_names_its_own_files(templates, tmp_path, monkeypatch):
    """A process keeps what compiling gave by the source's digest (a fresh copy of a project, or a second one, compiles
    nothing), and the kept code names the second project's files: an error in it is
    found at the line of its own template, not at the first project's."""
    (templates / "templates/fails.j2").write_text("first line\n{{ card.name + 1 }}\n", encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    shutil.copytree(templates / "templates", other / "templates")
    calls = _counted(monkeypatch)
    _new_process(monkeypatch)
    first = _run(templates)
    calls["parse"].clear()
    calls["generate"].clear()
    assert _run(other) == first
    assert calls == {"parse": [], "generate": []}, "the same sources, kept by the process: none parsed or compiled"
    layouts = Layouts(other, [other / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    _run(templates)  # compiles fails.j2 for the first project: the second's below is the kept code
    Layouts(templates, [templates / "templates"], FontBook(ROOT / "pnp/assets/fonts")).template("fails.j2")
    with pytest.raises(TypeError) as raised:
        layouts.template("fails.j2").render(card={"name": "Hero"})
    assert layouts.template("fails.j2").filename == str(other / "templates/fails.j2")
    assert (str(other / "templates/fails.j2"), 2) in [(f.filename, f.lineno) for f in traceback.extract_tb(raised.tb)], "its own file, line 2"
    (other / "templates/part.j2").write_text("{{ card.name }}?", encoding="utf-8")
    assert _run(other)[3] == "Hero?", "a template saved with another source is compiled anew"
    assert calls == {"parse": ["fails.j2", "part.j2"], "generate": ["fails.j2", "part.j2"]}, calls


def test_a_syntax_error_is_raised_at_its_line_each_run(templates):
    (templates / "templates/part.j2").write_text("ok\n{{ deck.name }\n", encoding="utf-8")
    for _ in range(2):
        layouts = Layouts(templates, [templates / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
        with pytest.raises(jinja2.TemplateSyntaxError) as raised:
            layouts.reads("back.j2", "card")
        assert raised.value.lineno == 2


def test_a_front_may_leave_a_loop_with_break_and_skip_with_continue(project):
    """A card's template is read with Jinja's loop controls and expression statements (`{% break %}`, `{% continue %}`,
    `{% do %}`, as pnp.data.template_syntax names the engine's syntax): a hero's front that prints the first word of a
    list and leaves the loop, skipping the word it marks, builds, and its card prints that word alone."""
    from pdftext import pdf_text

    hero = project / "templates/tiny/hero.j2"
    loop = ('{% set words = [] %}{% do words.extend(["Skipped", "Zephyr", "Quill"]) %}'
            '{% for w in words %}{% if w == "Skipped" %}{% continue %}{% endif %}{{ text(w, 5, 72, 40, 8, size=8) }}{% break %}{% endfor %}\n')
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% block body %}\n", "{% block body %}\n" + loop, 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heroes", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    words = pdf_text(project / "out/tiny/tiny-cards-heroes.pdf").split()
    assert "Zephyr" in words and "Quill" not in words and "Skipped" not in words, words


def test_a_loop_over_names_written_in_a_tuple_reads_those_fields_alone_and_a_field_none_names_is_still_warned_of(project):
    """`{% for stat in ("stars", "number") %}{{ card[stat] }}` reads the two fields the template writes, whether the
    names stand in brackets or parentheses: the card is not read whole, so a field nothing names (`notes`) is one
    warning at its first card, and no note says the template works its fields' names out as it draws."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("stars: 3, number: 1", "stars: 3, notes: hi, number: 1", 1), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace(
        "{% endblock %}", '{% for stat in ("stars", "number") %}{{ text(card[stat]|string, 5, 80, 20, 5) }}{% endfor %}\n{% endblock %}'),
        encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.stderr.splitlines() if ": note: " in line or ": warning: " in line]
    assert len(said) == 1 and ": warning: no template, constraint or fact reads the card field 'notes' (card 'knight' has it)" in said[0], said

