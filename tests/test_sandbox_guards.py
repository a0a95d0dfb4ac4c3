"""The template sandbox's guards, driven in process (pnp/layout/sandbox.py, issue #76 item 1): which files a template
may load, what it may read of a card, and each bound docs/limits.md states, refused one past it and never at it, at
the template's own line. test_hostile and test_template_bombs meet the same guards through whole builds in new
processes; these hold each one alone, on templates of a line or two, so a change to one is seen here."""
from __future__ import annotations

import os
import random
import traceback
import tracemalloc
from pathlib import Path

import pytest
from jinja2 import TemplateSyntaxError, pass_context
from jinja2.exceptions import SecurityError
from jinja2.sandbox import unsafe
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

from pnp.core.errors import LayoutError
from pnp.data.fields import CardReads, Fields
from pnp.layout import growth
from pnp.layout.sandbox import MAX_TEMPLATE, FieldUndefined, Sandbox, TemplateBeyondReading, running_line
from pnp.layout.template_loader import ProjectLoader


def sandbox_over(folder: Path, root: Path | None = None, parsed=None) -> Sandbox:
    """A sandbox set up as pnp.layout.templates.Layouts sets up its own, over one template folder."""
    return Sandbox(loader=ProjectLoader([str(folder)], parsed=parsed, root=root), undefined=FieldUndefined, autoescape=False,
                   extensions=["jinja2.ext.loopcontrols", "jinja2.ext.do"], optimized=False)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    project = tmp_path_factory.mktemp("sandboxed")
    (project / "templates").mkdir()
    return project


@pytest.fixture
def env(project):
    """A new sandbox for each test (what Sandbox() sets up is then seen by each) over one template folder, `templates/`
    inside a project folder."""
    return sandbox_over(project / "templates", project)


def draw(env: Sandbox, source: str, **values) -> str:
    """`source` drawn as one face (its own allowance), as a card face is."""
    with env.face("a face"):
        return env.from_string(source).render(**values)


def refused(env: Sandbox, source: str, **values) -> str:
    with pytest.raises(LayoutError) as raised:
        draw(env, source, **values)
    return str(raised.value)


# which files a template may load


@pytest.mark.parametrize("name", ["../secret.j2", "tiny/../../secret.j2", "/etc/passwd", "a\x00.j2"])
def test_a_template_name_that_climbs_out_or_is_absolute_is_refused_before_any_file_is_looked_for(env, name):
    with pytest.raises(LayoutError) as raised:
        env.get_template(name)
    assert "must be a path inside templates/ (no '..', no absolute paths)" in str(raised.value)


def test_a_name_with_two_dots_inside_a_word_is_an_ordinary_name(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "v..2.j2").write_text("two dots", encoding="utf-8")
    assert env.get_template("v..2.j2").render() == "two dots"


def test_a_template_linked_out_of_the_project_is_refused_and_one_linked_inside_it_is_drawn(env, tmp_path):
    folder = Path(env.loader.searchpath[0])
    outside = tmp_path / "outside.j2"
    outside.write_text("secret", encoding="utf-8")
    (folder / "out.j2").symlink_to(outside)
    with pytest.raises(LayoutError) as raised:
        env.get_template("out.j2")
    assert str(raised.value).startswith("template ") and "out.j2" in str(raised.value)
    (folder / "in.j2").write_text("{{ 1 + 1 }}", encoding="utf-8")
    (folder / "alias.j2").symlink_to(folder / "in.j2")
    assert env.get_template("alias.j2").render() == "2"


def test_a_template_folder_linked_elsewhere_in_the_project_is_drawn_and_one_linked_out_is_not(tmp_path):
    """A template folder may be a link to another folder of the project (shared templates), never to one outside it."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    (project / "shared").mkdir(parents=True)
    outside.mkdir()
    (project / "shared/card.j2").write_text("shared card", encoding="utf-8")
    (outside / "card.j2").write_text("secret", encoding="utf-8")
    (project / "templates").symlink_to(project / "shared")
    (project / "elsewhere").symlink_to(outside)
    inside = sandbox_over(project / "templates", project)
    assert inside.get_template("card.j2").render() == "shared card"
    out = sandbox_over(project / "elsewhere", project)
    with pytest.raises(LayoutError):
        out.get_template("card.j2")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_in_the_template_folder_is_refused_by_its_kind_not_waited_on(env):
    folder = Path(env.loader.searchpath[0])
    os.mkfifo(folder / "pipe.j2")
    with pytest.raises(LayoutError):
        env.get_template("pipe.j2")


def test_a_template_is_compiled_from_the_syntax_tree_the_checks_read(tmp_path):
    """Layouts hands the loader the tree it parsed once: the face drawn is that tree's, whatever the file says now."""
    (tmp_path / "card.j2").write_text("from the file", encoding="utf-8")
    plain = sandbox_over(tmp_path)
    parsed = sandbox_over(tmp_path, parsed=lambda name: (name, plain.parse(f"from the tree of {name}")))
    assert plain.get_template("card.j2").render() == "from the file"
    assert parsed.get_template("card.j2").render() == "from the tree of card.j2"


# what a template may read of a card


def test_a_missing_field_is_false_in_a_test_and_named_with_a_suggestion_as_a_value(env):
    card = Fields({"name": "Knight", "cost": 2}, "decks.heroes.knight")
    assert draw(env, "{% if card.coast %}yes{% else %}no{% endif %}", card=card) == "no"
    assert draw(env, "{{ card.name }}/{{ card['cost'] }}", card=card) == "Knight/2"
    message = refused_any(env, "{{ card.coast }}", card=card)
    assert "decks.heroes.knight has no field 'coast'" in message and "cost" in message
    assert "'nothing' is undefined" in refused_any(env, "{{ nothing }}")
    with pytest.raises(Exception, match="undefined"):
        draw(env, "{% if nothing %}yes{% endif %}")


def refused_any(env: Sandbox, source: str, **values) -> str:
    with pytest.raises(Exception) as raised:
        draw(env, source, **values)
    return str(raised.value)


def test_a_cards_hidden_names_stay_out_of_reach(env):
    card = Fields({"name": "Knight"}, "decks.heroes.knight")
    for source in ("{{ card._data }}", "{{ card.__class__ }}", "{{ card._what }}"):
        with pytest.raises(SecurityError):
            draw(env, source, card=card)


# the bounds of docs/limits.md, each refused one past it and never at it


def test_a_range_holds_10000_numbers_and_no_more(env):
    assert draw(env, "{{ range(10000)|length }} {{ range(5, 10005)|last }}") == "10000 10004"
    assert "range of 10,001 is too long (limit 10,000)" in refused(env, "{{ range(10001)|length }}")
    assert "range of 10,001 is too long" in refused(env, "{{ range(0, 20002, 2)|length }}")


def test_an_exponent_is_at_most_100_either_way(env):
    assert draw(env, "{{ 2 ** 100 }} {{ 2.0 ** -100 > 0 }}") == f"{2 ** 100} True"
    assert "exponent 101 is too large (limit 100)" in refused(env, "{{ 2 ** 101 }}")
    assert "exponent -101 is too large (limit 100)" in refused(env, "{{ 2 ** -101 }}")
    assert "exponent 100.5 is too large" in refused(env, "{{ 2 ** 100.5 }}")


def test_a_whole_number_is_refused_past_14000_bits_however_it_grows(env):
    """Bits counted before Python makes the number (about 4,200 digits, under the 4,300 Python writes as text): a product
    has at most the sum of its factors' bits, a power the base's bits times the exponent, a sum one more than the larger."""
    def bits(n: int) -> int:
        return 2 ** (n - 1)  # a number of n bits

    assert draw(env, "{{ (a * b) > 0 }}", a=bits(7000), b=bits(7000)) == "True"
    assert "this number would have about 4,200 digits (limit 4,200)" in refused(env, "{{ a * b }}", a=bits(7000), b=bits(7001))
    assert draw(env, "{{ (a + a) > 0 }}", a=bits(13999)) == "True"
    assert "digits (limit 4,200)" in refused(env, "{{ a + 1 }}", a=bits(14000))
    assert "digits (limit 4,200)" in refused(env, "{{ 1 + a }}", a=bits(14000))
    assert draw(env, "{{ (a ** 100) > 0 }}", a=bits(140)) == "True"
    assert "digits (limit 4,200)" in refused(env, "{{ a ** 100 }}", a=bits(141))
    assert "digits (limit 4,200)" in refused(env, "{{ a ** -100 }}", a=bits(141))
    assert "look for a loop that keeps multiplying" in refused(env, "{% set ns = namespace(x=3) %}{% for i in range(40) %}"
                                                                    "{% set ns.x = ns.x * ns.x %}{% endfor %}")


def test_a_text_or_list_repeated_holds_100000_items_and_no_more(env):
    assert draw(env, "{{ ('x' * 100000)|length }} {{ (50000 * 'ab')|length }} {{ ([1] * 100000)|length }}") == "100000 100000 100000"
    for source in ("{{ 'x' * 100001 }}", "{{ 100001 * 'x' }}", "{{ ([1, 2] * 50001)|length }}", "{{ (50001 * [1, 2])|length }}"):
        assert "is too large (limit 100,000 items)" in refused(env, source), source


def test_texts_and_lists_added_with_plus_are_counted_before_they_are_made(env):
    half = "{% set s = 'x' * 50000 %}"
    assert draw(env, half + "{{ (s + s)|length }} {{ ([s] + [s])|length }}") == "100000 2"
    assert "adding these with + would be 100,001 long (limit 100,000)" in refused(env, half + "{{ s + s + 'y' }}")


def test_text_made_by_percent_is_measured_before_it_is_made(env):
    assert draw(env, "{{ ('%100000d' % 1)|length }}") == "100000"
    assert "text made by % would be 100,001 long" in refused(env, "{{ '%100001d' % 1 }}")
    assert "text made by % would be 9,999,999 long" in refused(env, "{{ '%*d' % (9999999, 1) }}")


def test_joining_with_tilde_is_counted_before_it_is_joined(env):
    half = "{% set s = 'x' * 50000 %}"
    assert draw(env, half + "{{ (s ~ s)|length }} {{ (1 ~ 2 ~ none) }}") == "100000 12None"
    assert "joining text with ~ would be 100,001 long (limit 100,000)" in refused(env, half + "{{ s ~ s ~ 1 }}")


def test_the_text_of_a_value_is_measured_before_it_is_written(env):
    big = "{% set s = 'x' * 100000 %}"
    assert draw(env, "{{ [1, 2] }}{{ 3 }}") == "[1, 2]3"
    assert "the text of this value would be" in refused(env, big + "{{ [s, s] }}")


def test_str_format_fills_a_field_up_to_100000_characters_and_measures_a_repr_first(env):
    assert draw(env, "{{ '{:>100000}'.format(1)|length }}") == "100000"
    assert draw(env, "{{ '{:{}}'.format(1, 99999)|length }} {{ '{!r}'.format('a') }}") == "99999 'a'"
    assert "a formatted field would be 100,001 long" in refused(env, "{{ '{:>100001}'.format(1) }}")
    assert "a formatted field would be 9,999,999 long" in refused(env, "{{ '{:{}}'.format(1, 9999999) }}")
    big = "{% set s = 'x' * 100000 %}"
    assert "a formatted field would be" in refused(env, big + "{{ '{!r}'.format([s, s]) }}")
    assert "a formatted field would be" in refused(env, big + "{{ '{}'.format([s, s]) }}")


def test_format_map_takes_one_mapping_and_a_markup_text_escapes_what_it_is_given(env):
    assert draw(env, "{{ '{a}-{b}'.format_map({'a': 1, 'b': 2}) }}") == "1-2"
    assert "format_map() takes exactly one argument" in refused_any(env, "{{ '{a}'.format_map({'a': 1}, {'b': 2}) }}")
    assert "format_map() takes exactly one argument" in refused_any(env, "{{ '{a}'.format_map({'a': 1}, b=2) }}")
    assert "a formatted field would be 100,001 long" in refused(env, "{{ '{a:>100001}'.format_map({'a': 1}) }}")
    assert draw(env, "{{ m.format('<i>') }}", m=Markup("<b>{}</b>")) == "<b>&lt;i&gt;</b>"
    assert "a formatted field would be 100,001 long" in refused(env, "{{ m.format(1) }}", m=Markup("{:>100001}"))


def test_lipsum_writes_at_most_100000_characters_counting_12_a_word(env):
    assert len(draw(env, "{{ lipsum(1, False, 20, 8333) }}")) > 0  # 8,333 words of 12: 99,996
    assert "placeholder text made by lipsum would be 100,008 long" in refused(env, "{{ lipsum(1, False, 20, 8334) }}")
    assert "placeholder text made by lipsum would be 100,008 long" in refused(env, "{{ lipsum(2, False, 20, 4167) }}")
    assert "placeholder text made by lipsum would be 100,008 long" in refused(env, "{{ lipsum(1, True, 20, 8334) }}")


def test_a_list_grown_by_a_method_or_an_iterator_joined_is_counted(env):
    grow = "{% set l = [] %}{% do l.extend(range(9000)) %}{% do l.extend(range(9000)) %}{{ l|length }}"
    assert draw(env, grow) == "18000"
    assert "a list grown by .extend() would be 108,000 long (limit 100,000)" in refused(
        env, "{% set l = [] %}{% for i in range(12) %}{% do l.extend(range(9000)) %}{% endfor %}")
    assert "a dict grown by .update() would be 100,001 long" in refused(
        env, "{% set d = {}.fromkeys(range(10000)) %}{% set e = {} %}{% for i in range(10) %}{% do e.update(d.fromkeys(range(i * 10000, i * 10000 + 10000))) %}{% endfor %}"
             "{% do e.update({-1: 0}.items()) %}")
    assert "a list grown by .extend() would be" in refused(env, "{% set l = [0] * 99999 %}{% do l.extend([1, 2]) %}")
    assert draw(env, "{{ ','.join(range(3)|map('string')) }}") == "0,1,2"
    assert "join" in refused(env, "{% set s = 'x' * 60000 %}{{ '-'.join([s, s]) }}")


def test_a_filter_is_measured_before_it_runs_and_an_iterator_it_is_given_is_bounded(env):
    assert draw(env, "{{ 'ab'|center(100000)|length }} {{ range(10)|batch(3)|list|length }}") == "100000 4"
    assert "what the center filter makes would be 100,001 long" in refused(env, "{{ 'ab'|center(100001) }}")
    assert "what the batch filter makes would be 999,999 long" in refused(env, "{{ range(100)|batch(999999, 'x')|list }}")
    assert draw(env, "{{ range(5)|map('string')|join('.') }}") == "0.1.2.3.4"
    assert draw(env, "{{ [3, 1, 2]|sort|first }} {{ {'a': 1}|dictsort|first|first }}") == "1 a"  # filters that take the context
    assert "makes over" in refused_made(env, 1000, "{% set s = 'x' * 600 %}{{ s|upper }}{{ s|lower }}")


def refused_made(env: Sandbox, made: int, source: str) -> str:
    """`source` refused where a face may make `made` characters and items in all."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", made)
        return refused(env, source)


def test_what_a_template_block_or_imported_module_writes_out_stops_past_1000000_characters(env):
    """A face writes its text out as it runs; the cap stops it at the line that wrote past 1,000,000 characters."""
    loop = "{% set s = 'x' * 100000 %}{% for i in range(N) %}{{ s }}{% endfor %}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 10_000_000)
        assert len(draw(env, loop.replace("N", "10"))) == 1_000_000
        assert "the text this template writes out would be 1,000,001 long" in refused(env, loop.replace("N", "10") + "!")
        block = "{% set t %}" + loop.replace("N", "10") + "{% endset %}{{ t|length }}"
        assert draw(env, block) == "1000000"
        assert "the text this block writes out would be 1,000,001 long" in refused(env, block.replace("{% endset %}", "!{% endset %}"))
        macro = "{% macro m() %}" + loop.replace("N", "10") + "{{ caller() }}{% endmacro %}"
        assert "the text this block writes out would be 1,000,001 long" in refused(env, macro + "{% call m() %}!{% endcall %}")
        folder = Path(env.loader.searchpath[0])
        (folder / "module.j2").write_text(loop.replace("N", "11") + "{% macro hi() %}hi{% endmacro %}", encoding="utf-8")
        assert "the text this template writes out would be 1,100,000 long" in refused(env, "{% import 'module.j2' as m %}{{ m.hi() }}")
        (folder / "small.j2").write_text("{% set answer = 42 %}{% macro hi() %}hi{% endmacro %}", encoding="utf-8")
        assert draw(env, "{% import 'small.j2' as m %}{{ m.hi() }} {{ m.answer }}") == "hi 42"


def test_a_template_source_holds_1000000_characters_and_no_more(env):
    with pytest.raises(TemplateBeyondReading) as raised:
        env.from_string("x" * (MAX_TEMPLATE + 1))
    assert "this template is 1,000,001 characters long (limit 1,000,000)" in str(raised.value) and raised.value.lineno == 1
    assert len(env.from_string("x" * MAX_TEMPLATE).render()) == MAX_TEMPLATE


def test_brackets_nested_too_deep_are_a_syntax_error_at_their_line(env):
    deep = "{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}"
    with pytest.raises(TemplateSyntaxError) as raised:
        env.from_string("line one\nline two\n" + deep)
    assert "nest too deep" in str(raised.value) and raised.value.lineno == 3
    assert isinstance(raised.value, TemplateBeyondReading)


def test_ifs_nested_past_what_python_compiles_are_a_syntax_error_at_the_deepest_line(env):
    """Jinja reads 120 `if`s inside each other, but the code it makes nests past Python's 100 blocks."""
    nested = "start\n" + "".join("{% if x %}\n" for _ in range(120)) + "deep" + "{% endif %}" * 120
    with pytest.raises(TemplateSyntaxError) as raised:
        env.from_string(nested)
    assert "nest too deep" in str(raised.value) and raised.value.lineno == 121


def test_a_face_inside_a_face_counts_against_the_outer_one(env):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        with env.face("outer"):
            env.made(600, "a thing", "x")
            with pytest.raises(LayoutError, match="makes over 1,000"), env.face("inner"):
                env.made(600, "a thing", "x")
        assert env.allowance is None
        with env.face("next"):
            env.made(600, "a thing", "x")  # a new face, a new allowance


def test_outside_a_face_one_thing_is_still_refused_past_its_limit(env):
    assert env.allowance is None
    env.made(100_000, "a thing", "x")
    with pytest.raises(LayoutError, match="a thing would be 100,001 long"):
        env.made(100_001, "a thing", "x")
    env.made(5, "a thing", "x", limit=5)
    with pytest.raises(LayoutError, match="would be 6 long"):
        env.made(6, "a thing", "x", limit=5)
    Sandbox.fits(100_000, "a thing", "x")
    with pytest.raises(LayoutError, match="would be 100,001 long"):
        Sandbox.fits(100_001, "a thing", "x")
    env.tick()  # no face: nothing to count


def test_a_stop_asked_for_inside_a_block_ends_with_it(env):
    outer = object()
    env.stop = outer
    try:
        with env.stopped_by(lambda: True):
            assert env.stop() is True
        assert env.stop is outer
    finally:
        env.stop = None


def test_a_face_asked_to_stop_stops_within_a_look_and_its_line_is_found(env, tmp_path):
    folder = Path(env.loader.searchpath[0])
    (folder / "loops.j2").write_text("one\ntwo\n{% for i in range(5000) %}{{ i }}{% endfor %}", encoding="utf-8")
    template = env.get_template("loops.j2")
    with env.stopped_by(lambda: True), pytest.raises(growth.Interrupted) as raised:
        draw_template(env, template)
    assert running_line(raised.value, [folder]) == (str(folder / "loops.j2"), 3)
    assert running_line(raised.value, [tmp_path]) is None
    with env.stopped_by(lambda: False):
        assert draw_template(env, template).endswith("4999")


def draw_template(env: Sandbox, template) -> str:
    with env.face("a face"):
        return template.render()


def test_a_new_budget_is_a_new_commands(env):
    """Each command (a build, a watch save, a serve refresh) spends its own processor time on its faces: the faces
    drawn before it do not count against the next one."""
    env.new_budget()
    draw(env, "{{ 1 }}")
    draw(env, "{{ 2 }}")
    assert env.budget.faces == 2
    env.new_budget()
    assert env.budget.faces == 0 and env.budget.spent == 0
    assert env.budget.left() == pytest.approx(growth.CommandBudget(env.face_seconds).left())


# pnp's own functions, called without the checks that cannot refuse them, and only those


def plain(env_factory, **functions):
    """A fresh sandbox whose globals `functions` are marked as pnp marks its drawing functions (Sandbox.plain_calls)."""
    env = env_factory()
    env.globals.update(functions)
    env.plain_calls(functions)
    return env


@pytest.fixture
def fresh(tmp_path):
    return lambda: sandbox_over(tmp_path)


def test_a_function_jinja_marks_unsafe_is_never_called_plainly(fresh):
    env = plain(fresh, leak=unsafe(lambda: "leaked"), shown=lambda: "shown")
    assert draw(env, "{{ shown() }}") == "shown"
    with pytest.raises(SecurityError):
        draw(env, "{{ leak() }}")


def test_a_function_that_takes_the_context_is_given_it(fresh):
    class Greeter:
        @pass_context
        def __call__(self, context, greeting):
            return f"{greeting}, {context['name']}"

    env = plain(fresh, who=pass_context(lambda context: context["name"]), greet=Greeter())
    assert draw(env, "{{ who() }} / {{ greet('Hello') }}", name="Ada") == "Ada / Hello, Ada"


def test_a_method_of_a_list_given_as_a_global_still_has_its_growth_counted(fresh):
    """Extending by a range counts its numbers: a range is no list made, but the list holds each of them after."""
    items: list = []
    env = plain(fresh, add=items.extend)
    assert "a list grown by .extend() would be 108,000 long (limit 100,000)" in refused(env, "{% for i in range(12) %}{% do add(range(9000)) %}{% endfor %}")
    assert len(items) == 99_000


def test_a_function_named_join_has_its_iterator_bounded_first(fresh):
    def join(parts):
        return ",".join(parts)

    env = plain(fresh, join=join)
    assert draw(env, "{{ join(many) }}", many=iter(["a", "b"])) == "a,b"
    error = refusal(env, "{{ join(many) }}", many=(str(i) for i in range(200_000)))
    assert "a sequence of more than 100,000 items" in str(error) and error.needle == "join"


def test_what_a_helper_returns_is_counted_at_the_helpers_name(fresh):
    def spaces(n):
        return [0] * n

    env = plain(fresh, spaces=spaces)
    assert draw(env, "{{ spaces(100000)|length }}") == "100000"
    error = refusal(env, "{{ spaces(100001)|length }}")
    assert "a call's result would be 100,001 long" in str(error) and error.needle == "spaces"


def refusal(env: Sandbox, source: str, **values) -> LayoutError:
    with pytest.raises(LayoutError) as raised:
        draw(env, source, **values)
    return raised.value


# each refusal points at what the template wrote, so its column is found


@pytest.mark.parametrize("source, needle", [
    ("{% set s = 'x' * 60000 %}{{ s ~ s }}", "~"),
    ("{{ '{:>100001}'.format(1) }}", "format"),
    ("{{ lipsum(1, False, 20, 8334) }}", "lipsum"),
    ("{% set t %}{% for i in range(11) %}a{{ 'x' * 100000 }}b{% endfor %}{% endset %}", "{{"),
    ("{{ range(10001) }}", "range"),
    ("{{ 2 ** 101 }}", "**"),
    ("{{ 'x' * 100001 }}", "*"),
    ("{% set s = 'x' * 60000 %}{{ s + s }}", "+"),
    ("{{ '%100001d' % 1 }}", "%"),
    ("{{ 'ab'|center(100001) }}", "center"),
    ("{% set s = 'x' * 100000 %}{{ [s, s] }}", "{{"),
    ("{{ 'x'.center(100001) }}", "center"),
], ids=["tilde", "format", "lipsum", "block", "range", "power", "repeat", "plus", "percent", "filter", "value", "method"])
def test_each_refusal_names_what_to_look_for_on_its_line(env, source, needle):
    assert refusal(env, source).needle == needle


def test_a_block_written_piece_by_piece_or_several_at_once_is_counted_whole(env):
    """Jinja writes `a{{ x }}b` in a block as three pieces at once: each is counted, and the block holds them all."""
    source = "{% set t %}{% for i in range(N) %}a{{ s }}b{% endfor %}{% endset %}{{ t|length }}"
    big = "x" * 99_998
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 10_000_000)
        assert draw(env, source.replace("N", "10"), s=big) == "1000000"
        assert "the text this block writes out would be 1,100,000 long" in refused(env, source.replace("N", "11"), s=big)
    assert draw(env, "{% set t %}{% for i in range(3) %}<{{ i }}>{% endfor %}{% endset %}{{ t }}") == "<0><1><2>"


def test_a_module_imported_with_the_context_sees_the_faces_values(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "greet.j2").write_text("{% set shown = who ~ '!' %}{% macro hi() %}hi {{ who }}{% endmacro %}", encoding="utf-8")
    assert draw(env, "{% import 'greet.j2' as g with context %}{{ g.shown }} {{ g.hi() }}", who="Ada") == "Ada! hi Ada"
    assert draw(env, "{% for who in ['Bo'] %}{% import 'greet.j2' as g with context %}{{ g.shown }}{% endfor %}", who="Ada") == "Bo!"


def test_a_cards_field_read_is_recorded_and_a_nested_field_is_named_by_its_path(env):
    reads = CardReads()
    card = Fields({"name": "Knight", "stats": {"hp": 3}}, "decks.heroes.knight", (reads, "heroes", "knight"))
    assert draw(env, "{{ card.name }} {{ card.stats.hp }}", card=card) == "Knight 3"
    assert reads.seen == {("heroes", "knight", "name"), ("heroes", "knight", "stats")}
    assert "decks.heroes.knight.stats has no field 'mp'" in refused_any(env, "{{ card.stats.mp }}", card=card)


def test_lipsum_by_default_writes_five_paragraphs_of_20_to_100_words():
    text = Sandbox().from_string("{{ lipsum() }}").render()
    paragraphs = text.split("\n")
    assert len(paragraphs) == 5 and all(p.startswith("<p>") for p in paragraphs)
    assert all(20 <= len(p.split()) < 100 for p in paragraphs)
    plain_text = Sandbox().from_string("{{ lipsum(2, False, 5, 6) }}").render()
    assert "<p>" not in plain_text and len(plain_text.split("\n\n")) == 2 and all(len(p.split()) == 5 for p in plain_text.split("\n\n"))


def test_what_a_face_makes_by_star_and_percent_is_counted_once_against_its_allowance(env):
    """A face may make 1,000 characters in all here: two texts of 400 by `*` (800) pass, three (1,200) do not; so with
    `%`; a `+` of texts counts what it joins."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        draw(env, "{% set a = 'x' * 400 %}{% set b = 'y' * 400 %}")
        error = refusal(env, "{% set a = 'x' * 400 %}{% set b = 'y' * 400 %}{% set c = 'z' * 400 %}")
        assert "makes over 1,000" in str(error) and error.needle == "*"
        draw(env, "{% set a = '%400d' % 1 %}{% set b = '%400d' % 2 %}")
        error = refusal(env, "{% set a = '%400d' % 1 %}{% set b = '%400d' % 2 %}{% set c = '%400d' % 3 %}")
        assert "makes over 1,000" in str(error) and error.needle == "%"
        draw(env, "{% set a = [1] * 300 %}{% set b = a + a %}")  # 300, then 600: 900
        assert refusal(env, "{% set a = [1] * 300 %}{% set b = a + a %}{% set c = [1] + a %}").needle == "+"


def test_a_text_added_to_another_is_no_format(env):
    assert draw(env, "{{ ('%100001d' + '!')|length }} {{ ('%d' + '%d') }}") == "9 %d%d"


def test_a_new_sandbox_counts_its_faces_against_a_budget_from_the_start(env):
    draw(env, "{{ 1 }}")
    assert env.budget.faces == 1


# templates loaded from the folder: named as the designer wrote them, drawn anew once edited, compiled once


def test_a_loaded_template_is_named_by_its_name_and_file_in_its_errors(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "named.j2").write_text("{{ 1 }}", encoding="utf-8")
    assert env.get_template("named.j2").name == "named.j2"
    (folder / "broken.j2").write_text("line one\n{% if %}\n", encoding="utf-8")
    with pytest.raises(TemplateSyntaxError) as raised:
        env.get_template("broken.j2")
    assert (raised.value.name, raised.value.filename, raised.value.lineno) == ("broken.j2", str(folder / "broken.j2"), 2)


def test_a_template_edited_on_disk_is_drawn_anew(env):
    folder = Path(env.loader.searchpath[0])
    path = folder / "edited.j2"
    path.write_text("before", encoding="utf-8")
    assert env.get_template("edited.j2").render() == "before"
    path.write_text("after", encoding="utf-8")
    os.utime(path, (path.stat().st_mtime + 10, path.stat().st_mtime + 10))
    assert env.get_template("edited.j2").render() == "after"


def test_a_block_takes_another_blocks_text_of_more_than_100000_characters_as_one_piece(env):
    """A piece of a block may be up to what a block writes out (1,000,000), not one thing's 100,000: an inner block's text."""
    source = ("{% set inner %}{% for i in range(3) %}{{ s }}{% endfor %}{% endset %}"
              "{% set outer %}{{ inner }}{% endset %}{{ outer|length }}")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 10_000_000)
        assert draw(env, source, s="x" * 90_000) == "270000"


def test_a_block_past_the_faces_allowance_is_refused_at_what_it_writes(env):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        error = refusal(env, "{% set t %}{% for i in range(3) %}{{ s }}{% endfor %}{% endset %}", s="x" * 400)
    assert "makes over 1,000" in str(error) and error.needle == "{{"


def test_a_repr_too_long_is_refused_at_format_before_it_is_made(env):
    error = refusal(env, "{% set s = 'x' * 100000 %}{{ '{!r}'.format([s, s]) }}")
    assert "a formatted field would be" in str(error) and error.needle == "format"


def test_a_formatted_text_past_the_faces_allowance_is_refused_at_format(env):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        error = refusal(env, "{{ '{:>600}'.format(1) }}")
    assert "makes over 1,000" in str(error) and error.needle == "format"


def test_lipsum_is_jinjas_with_jinjas_defaults():
    template = Sandbox().from_string("{{ lipsum() }}")
    for seed in range(30):
        random.seed(seed)
        expected = generate_lorem_ipsum(5, True, 20, 100)
        random.seed(seed)
        assert template.render() == expected, seed


def test_what_a_nameless_helper_returns_is_counted_at_its_call(fresh):
    class Spaces:
        def __call__(self, n):
            return [0] * n

    env = plain(fresh, spaces=Spaces())
    assert draw(env, "{{ spaces(100000)|length }}") == "100000"
    assert refusal(env, "{{ spaces(100001)|length }}").needle == "("


def test_a_field_named_as_a_method_of_the_card_is_the_field(env):
    """`card.read` or `card.keys` in a card with fields of those names shows the designer's value, not pnp's method."""
    card = Fields({"read": "yes", "keys": 3}, "decks.heroes.knight")
    assert draw(env, "{{ card.read }} {{ card.keys }}", card=card) == "yes 3"


def test_a_helper_called_in_a_loop_or_block_is_given_its_own_arguments_alone(fresh):
    def shown(n, sep="-"):
        return f"{n}{sep}"

    env = plain(fresh, shown=shown)
    source = "{% for i in [1] %}{{ shown(i, sep='+') }}{% endfor %}{% block b %}{{ shown(2, sep='*') }}{% endblock %}"
    assert draw(env, source) == "1+2*"


def test_a_helper_raising_stop_iteration_gives_an_undefined_value_that_says_so(fresh):
    def stops():
        raise StopIteration

    env = plain(fresh, stops=stops)
    assert refused_any(env, "{{ stops() }}") == "value was undefined because a callable raised a StopIteration exception"
    assert refused_any(env, "{{ stop() }}", stop=stops) == "value was undefined because a callable raised a StopIteration exception"


def test_what_a_function_not_marked_plain_returns_is_counted_at_its_name(env):
    def spaces(n):
        return [0] * n

    class Nameless:
        def __call__(self, n):
            return [0] * n

    assert draw(env, "{{ spaces(100000)|length }}", spaces=spaces) == "100000"
    error = refusal(env, "{{ spaces(100001) }}", spaces=spaces)
    assert str(error).startswith("a call's result would be 100,001 long (limit 100,000)") and error.needle == "spaces"
    assert refusal(env, "{{ spaces(100001) }}", spaces=Nameless()).needle == "("


def test_what_a_list_grows_by_and_what_a_method_returns_count_against_the_face(env):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        draw(env, "{% set l = [0] * 400 %}{% do l.append(1) %}{% do l.append(2) %}")  # 400 made, then 2 added
        error = refusal(env, "{% set l = [] %}{% do l.extend(a) %}{% do l.extend(a) %}", a=[0] * 600)
        assert "makes over 1,000" in str(error) and error.needle == "extend"
        draw(env, "{{ 'x'.ljust(400) }}")
        error = refusal(env, "{% set a = 'x'.ljust(600) %}{% set b = 'x'.ljust(600) %}")
        assert "makes over 1,000" in str(error) and error.needle == "ljust"
        draw(env, "{% set a = s * 2 %}", s="x" * 400)  # 800: what is repeated is not made again
        draw(env, "{{ s }}{{ s }}", s="x" * 300)  # a text given is counted as written, not again as a value's text


def test_a_dicts_keywords_are_counted_and_jinjas_own_are_not(env):
    """An update by keywords alone is measured as one item more than its keywords (growth's rule, never less than it
    adds): 99,998 keys and one keyword make 100,000, allowed inside a loop too, where Jinja hands the call its loop's
    names; two keywords make 100,001, refused."""
    fill = "{% set d = {} %}{% for i in range(10) %}{% do d.update(d.fromkeys(range(i * 10000, i * 10000 + (10000 if i < 9 else 9998)))) %}{% endfor %}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 10_000_000)
        assert draw(env, fill + "{% for i in [1] %}{% do d.update(y=1) %}{% endfor %}{{ d|length }}") == "99999"
        assert "a dict grown by .update() would be 100,001 long" in refused(env, fill + "{% for i in [1] %}{% do d.update(y=1, z=2) %}{% endfor %}")


def test_a_block_or_module_of_more_than_100000_characters_is_written_out_whole(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "wide.j2").write_text("{% for i in range(10) %}{{ s }}{% endfor %}", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 10_000_000)
        assert len(draw(env, "{% set t %}{% for i in range(3) %}{{ s }}{% endfor %}{% endset %}{{ t }}", s="x" * 90_000)) == 270_000
        assert len(draw(env, "{% import 'wide.j2' as m with context %}{{ m }}", s="x" * 100_000)) == 1_000_000


def test_outside_a_face_a_refusal_still_names_what_to_look_for(env):
    with pytest.raises(LayoutError) as raised:
        env.made(100_001, "a thing", "needle")
    assert raised.value.needle == "needle"


def test_a_template_name_with_a_space_or_found_in_a_later_folder_is_checked_before_it_is_read(tmp_path):
    project, outside = tmp_path / "project", tmp_path / "outside.j2"
    first, second = project / "templates", project / "more"
    first.mkdir(parents=True)
    second.mkdir()
    outside.write_text("secret", encoding="utf-8")
    (first / "my card.j2").symlink_to(outside)
    (second / "later.j2").symlink_to(outside)
    env = Sandbox(loader=ProjectLoader([str(first), str(second)], root=project), undefined=FieldUndefined)
    for name in ("my card.j2", "later.j2"):
        with pytest.raises(LayoutError, match=rf"template '{name}' is a link .*whose real file is outside templates/: copy the file itself"):
            env.get_template(name)


def test_a_loaded_template_sees_the_sandboxs_globals_and_its_own(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "globals.j2").write_text("{{ range(3)|list }} {{ extra }}", encoding="utf-8")
    assert env.get_template("globals.j2", globals={"extra": "E"}).render() == "[0, 1, 2] E"
    (folder / "capped.j2").write_text("{{ range(10001)|length }}", encoding="utf-8")
    with pytest.raises(LayoutError, match="range of 10,001 is too long"):
        env.get_template("capped.j2").render()


def test_a_filter_is_given_its_keywords_and_a_wrong_call_is_the_filters_own_error(env):
    assert draw(env, "{{ 'ab'|center(width=6) }}") == "  ab  "
    with pytest.raises(TypeError, match="center"):
        draw(env, "{{ 'ab'|center(1, 2, 3, 4) }}")


def test_a_filters_size_asked_by_keyword_is_measured_before_it_is_made(env):
    error = refusal(env, "{{ range(100)|batch(999999, fill_with='x')|list }}")
    assert "what the batch filter makes would be 999,999 long" in str(error) and error.needle == "batch"


def test_what_filters_make_counts_against_the_face_at_the_filter(env):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        draw(env, "{% set a = s|upper %}{% set b = s|lower %}", s="x" * 400)
        error = refusal(env, "{% set a = s|upper %}{% set b = s|lower %}{% set c = s|title %}", s="x" * 400)
    assert "makes over 1,000" in str(error) and error.needle == "title"


def test_a_values_text_too_long_to_escape_is_refused_at_the_filter(env):
    error = refusal(env, "{{ v|e }}", v=["x" * 50_000] * 3)
    assert str(error).startswith("what the e filter makes would be") and error.needle == "e"


def test_an_iterator_too_long_for_a_filter_is_refused_at_the_filter(env):
    error = refusal(env, "{{ many|list|length }}", many=iter(range(200_000)))
    assert "a sequence of more than 100,000 items" in str(error) and error.needle == "list"


def test_a_template_writing_past_its_cap_is_stopped_at_its_own_line(env):
    """The refusal is raised inside the template, at the line whose output passed 1,000,000 characters (8 + 10 × 100,000)."""
    folder = Path(env.loader.searchpath[0])
    (folder / "long.j2").write_text("one\ntwo\n{% for i in range(11) %}{{ s }}{% endfor %}\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 10_000_000)
        with pytest.raises(LayoutError) as raised, env.face("a face"):
            env.get_template("long.j2").render(s="x" * 100_000)
    assert str(raised.value).startswith("the text this template writes out would be 1,000,008 long") and raised.value.needle == "{{"
    frames = [(frame.filename, frame.lineno) for frame in traceback.extract_tb(raised.value.__traceback__)]
    assert (str(folder / "long.j2"), 3) in frames, "Jinja tells the line of a template that raised, as pnp's findings say it"


def test_a_loaded_template_nested_too_deep_is_named_by_its_file(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "deep.j2").write_text("one\n{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}", encoding="utf-8")
    with pytest.raises(TemplateBeyondReading) as raised:
        env.get_template("deep.j2")
    assert (raised.value.name, raised.value.filename, raised.value.lineno) == ("deep.j2", str(folder / "deep.j2"), 2)
    (folder / "ifs.j2").write_text("start\n" + "".join("{% if x %}\n" for _ in range(120)) + "deep" + "{% endif %}" * 120, encoding="utf-8")
    with pytest.raises(TemplateBeyondReading) as raised:
        env.get_template("ifs.j2")
    assert (raised.value.filename, raised.value.lineno) == (str(folder / "ifs.j2"), 121)


def test_a_faces_own_output_past_its_allowance_is_refused_at_what_it_writes(env):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "MAX_MADE", 1000)
        draw(env, "{{ s }}{{ s }}", s="x" * 400)
        assert refusal(env, "{{ s }}{{ s }}{{ s }}", s="x" * 400).needle == "{{"


@pytest.mark.parametrize("deep, named", [(" + ".join(["1"] * 300), False), ("not " * 600 + "1", True), ("1" + "|string" * 500, True)],
                         ids=["sums", "nots", "filters"])
def test_an_expression_jinja_reads_but_python_cannot_compile_is_a_syntax_error_at_its_line(env, deep, named):
    """Jinja's reader follows a long chain of `+`, `not` or filters that its compiler, or Python's, runs out of stack
    on: the designer is told the template's line, in its file, not an internal error."""
    folder = Path(env.loader.searchpath[0])
    name = f"chain{len(deep)}.j2"
    (folder / name).write_text("one\ntwo\n{{ " + deep + " }}\n", encoding="utf-8")
    with pytest.raises(TemplateBeyondReading) as raised:
        env.get_template(name)
    assert (raised.value.filename, raised.value.lineno) == (str(folder / name), 3) and "nest too deep" in str(raised.value)
    assert raised.value.name == (name if named else None), "Python's compiler is given the file alone"


def test_a_function_named_as_a_growing_method_is_called_as_any_function(env):
    def update(x):
        return x * 2

    assert draw(env, "{{ update(21) }}", update=update) == "42"


def test_a_sandbox_takes_jinjas_settings_in_order():
    assert Sandbox("[%", "%]").from_string("[% if 1 %]x[% endif %]").render() == "x"


def test_a_lists_text_too_long_is_refused_at_the_string_filter(env):
    error = refusal(env, "{{ v|string }}", v=["x" * 50_000] * 3)
    assert str(error).startswith("what the string filter makes would be") and error.needle == "string"


def test_a_block_defined_twice_is_named_by_the_file_that_defines_it(env):
    folder = Path(env.loader.searchpath[0])
    (folder / "twice.j2").write_text("{% block a %}1{% endblock %}\n{% block a %}2{% endblock %}", encoding="utf-8")
    with pytest.raises(TemplateSyntaxError) as raised:
        env.get_template("twice.j2")
    assert (raised.value.name, raised.value.filename, raised.value.lineno) == ("twice.j2", str(folder / "twice.j2"), 2)


@pytest.mark.parametrize("source", ["{{ '{!r}'.format(v) }}", "{{ t|wordwrap(1, wrapstring=w) }}", "{{ v|e }}", "{{ n|tojson(99999) }}",
                                    "{{ t|wordwrap(1, True, w) }}"],
                         ids=["repr", "wordwrap", "escape", "tojson", "wordwrap-positional"])
def test_a_thing_too_long_is_refused_before_its_memory_is_taken(env, source):
    """Twenty texts of 100,000 characters whose repr or escaped text would take 2 MB, a wordwrap that would write 6 MB,
    or 33 numbers indented 99,999 deep (3 MB): each is measured and refused before it is made (a filter that takes
    Jinja's context measured from its own arguments), so the face never holds even 1 MB more."""
    template = env.from_string(source)
    values = {"v": ["x" * 100_000] * 20, "t": "ab " * 20, "w": "y" * 100_000, "n": [[1] * 10] * 3}
    tracemalloc.start()
    try:
        with pytest.raises(LayoutError), env.face("a face"):
            template.render(**values)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak
