"""The process's template memo (pnp.layout.template_cache.KEPT): kept by the source's digest and by the environment
that compiles it, at most its bound, the least recently used let go first; what it gives back names the asking
project's own file, in every function the template defines (a macro's failure is found at its own file and line)."""
from __future__ import annotations

import shutil
import traceback
from pathlib import Path

import jinja2
import pytest

from pnp.layout import template_cache
from pnp.layout.fonts import FontBook
from pnp.layout.templates import Layouts

ROOT = Path(__file__).resolve().parents[1]


def _fail(*_):
    raise AssertionError("made again though it is kept")


def test_the_memo_lets_go_of_what_was_used_longest_ago_not_what_was_made_first():
    kept = template_cache.ProcessTemplates(bound=3)
    for key in "abc":
        assert kept.get(key, lambda key=key: key.upper()) == key.upper()
    assert kept.get("a", _fail) == "A", "a kept entry, used again"
    kept.get("d", lambda: "D")  # one past the bound: b, used longest ago, goes
    assert len(kept) == 3
    assert [kept.get(key, _fail) for key in "acd"] == ["A", "C", "D"]
    assert kept.get("b", lambda: "made again") == "made again"


def test_a_template_compiled_for_one_environment_is_not_run_for_another_of_other_options(monkeypatch):
    """Two environments whose options make other code of one source (trim_blocks drops a block tag's newline): each
    runs its own, though the source and the name are one."""
    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())
    source = "{% if x %}\nyes\n{% endif %}\n"
    said = []
    for env in (jinja2.Environment(), jinja2.Environment(trim_blocks=True)):
        code = template_cache.KeptTemplates(env).code("t.j2", "t.j2", source, lambda env=env: env.compile(source, "t.j2", "t.j2"))
        said.append(env.template_class.from_code(env, code, env.make_globals(None)).render(x=True))
    assert said == ["\nyes\n", "yes\n"]


@pytest.fixture
def two_projects(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """Two projects whose fails.j2 is one source: a macro that fails at line 3 when its card has a name."""
    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())
    first = tmp_path / "first"
    (first / "templates").mkdir(parents=True)
    (first / "templates/fails.j2").write_text("{% macro named(card) %}\nname:\n{{ card.name + 1 }}\n{% endmacro %}\n{{ named(card) }}\n", encoding="utf-8")
    shutil.copytree(first, tmp_path / "second")
    return first, tmp_path / "second"


def test_a_macro_of_kept_code_fails_at_its_own_projects_file_and_line(two_projects):
    first, second = two_projects
    fonts = FontBook(ROOT / "pnp/assets/fonts")
    Layouts(first, [first / "templates"], fonts).template("fails.j2")  # compiled for the first project: the second's is the kept code
    layouts = Layouts(second, [second / "templates"], fonts)
    with pytest.raises(TypeError) as raised:
        layouts.template("fails.j2").render(card={"name": "Hero"})
    frames = [(f.filename, f.lineno) for f in traceback.extract_tb(raised.tb)]
    assert (str(second / "templates/fails.j2"), 3) in frames, frames
    assert not [f for f, _ in frames if str(first) in f], f"a frame names the first project's file: {frames}"


def test_a_template_saved_with_another_source_in_the_same_process_has_its_own_facts(tmp_path, monkeypatch):
    """`pnp watch` and `pnp serve` stay up: a template saved again is a new source, and what the checks read of it (the
    card fields it names) is that source's, though its name is the same."""
    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())
    (tmp_path / "templates").mkdir()
    face = tmp_path / "templates/face.j2"
    fonts = FontBook(ROOT / "pnp/assets/fonts")
    read = []
    for source in ("{{ deck.name }}", "{{ card.name }}", "{{ deck.name }}"):
        face.write_text(source, encoding="utf-8")
        read.append(Layouts(tmp_path, [tmp_path / "templates"], fonts).reads("face.j2", "card"))
    assert read == [False, True, False]


def test_a_data_files_text_is_compiled_once_a_source_and_each_text_renders_its_own(tmp_path, monkeypatch):
    """A rulebook's or a reference section's text (Layouts.from_text): kept by its source, so the same text is
    compiled once in a process and each text, new or saved again, renders as written."""
    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())
    layouts = Layouts(tmp_path, [tmp_path], FontBook(ROOT / "pnp/assets/fonts"))
    compiled = []
    compile_text = layouts.env.compile
    monkeypatch.setattr(layouts.env, "compile", lambda source, *args, **kw: compiled.append(source) or compile_text(source, *args, **kw))
    texts = ["{{ 2 * 3 }} cards", "{{ 2 * 4 }} cards", "{{ 2 * 3 }} cards"]
    assert [layouts.from_text(text).render() for text in texts] == ["6 cards", "8 cards", "6 cards"]
    assert compiled == texts[:2], "the first text, kept, is not compiled again"


def test_a_source_that_is_not_whole_unicode_is_kept_by_its_digest_as_any_other(monkeypatch):
    """A template read with its undecodable bytes kept as lone surrogates (a file that is not UTF-8) still has a digest:
    it is kept, and another such source is not taken for it."""
    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())
    kept = template_cache.KeptTemplates(jinja2.Environment())
    made = []
    for source in ("caf\udce9 {{ x }}", "caf\udce8 {{ x }}", "caf\udce9 {{ x }}"):
        kept.text(source, lambda source=source: made.append(source) or source)
    assert made == ["caf\udce9 {{ x }}", "caf\udce8 {{ x }}"]
