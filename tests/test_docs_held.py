"""The pages that point into the code are held to it as docs/architecture.md is (issue #76): every `pnp.x.y` and code
name docs/build-internals.md and docs/performance.md cite exists, and each line range of the speed register holds what
it names and begins and ends where code does, so an edit that moves the code fails here rather than leaving the
register pointing at other lines. The figures the pages state about gates are the gates' own.

Pure reading of text and source: no build, no PDF."""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest
from conftest import ROOT
from test_docs_true import DOCS, cited, pnp_source, resolve, words

PERFORMANCE = DOCS / "performance.md"
PNP = ROOT / "pnp"


def missing_names(text: str) -> list[str]:
    """The spans of `text` that look like pnp's names and are not: a `pnp.x.y` that does not resolve, a code name
    (snake_case, CamelCase, or Class.attribute) written nowhere in pnp's source, its tests or its benches."""
    source = words(pnp_source() + "".join(p.read_text(encoding="utf-8") for folder in ("tests", "bench") for p in sorted((ROOT / folder).glob("*.py"))))
    missing = []
    for span in cited(text):
        if re.fullmatch(r"pnp(\.\w+)+", span):
            try:
                resolve(span)
            except (ModuleNotFoundError, AttributeError):
                missing.append(span)
        elif re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)?", span) and ("_" in span.strip("_") or re.match(r"[A-Z]\w*[a-z]", span)) \
                and not all(part in source for part in span.split(".")):
            missing.append(span)
    return missing


@pytest.mark.parametrize("page", ["build-internals.md", "performance.md"])
def test_every_pnp_name_the_internals_and_speed_pages_cite_exists(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if ", removed)" not in line)  # the register's removed mechanisms
    assert not missing_names(text), f"docs/{page} cites names pnp does not have: {missing_names(text)}"


def register_rows() -> list[tuple[str, str]]:
    """(mechanism, its 'module and lines' cell) of each row of the speed register's table."""
    text = PERFORMANCE.read_text(encoding="utf-8")
    table = text.split("## The register", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| ") and not line.startswith(("| mechanism", "| ---"))]
    return [(row[0].lstrip("| "), row[1]) for row in rows]


@functools.cache
def definitions(path: Path) -> tuple[dict[str, tuple[int, int]], set[int], set[int]]:
    """A module's definitions by name ('f', 'C', 'C.m') with their lines (decorators included); the lines where its
    top-level and class-level statements begin (or their decorators, or the comment lines just above them) and end."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    named: dict[str, tuple[int, int]] = {}
    starts, ends = {1}, {len(lines)}

    def visit(body, prefix=""):
        for node in body:
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            while first > 1 and lines[first - 2].lstrip().startswith("#"):
                first -= 1
            starts.update({first, node.lineno})
            ends.add(node.end_lineno)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                named[prefix + node.name] = (first, node.end_lineno)
                if isinstance(node, ast.ClassDef):
                    visit(node.body, node.name + ".")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        named[prefix + target.id] = (first, node.end_lineno)

    visit(tree.body)
    return named, starts, ends


def segment_faults(segment: str) -> list[str]:
    """What is wrong with one `path` a–b (`name`) reference of the register (empty when it holds)."""
    found = re.match(r"\s*`([\w/.]+)`(.*)", segment, re.S)
    if not found or "removed" in segment:
        return []
    where, rest = found.groups()
    path = PNP / where
    if where.endswith("/"):
        files = re.findall(r"`(\w+\.py)`", rest)
        return [f"{where}{f}: no such file" for f in files if not (path / f).is_file()]
    if not path.is_file():
        return [f"{where}: no such file under pnp/"]
    named, starts, ends = definitions(path)
    calls = re.search(r"called at ([\d, ]+)", rest)
    rest = rest[:calls.start()] if calls else rest
    names = [n for n in re.findall(r"`([A-Za-z_][\w.]*)`", rest)]
    ranges = [(int(a), int(b or a)) for a, b in re.findall(r"(?<![\w.])(\d+)(?:–(\d+))?(?![\w.])", re.sub(r"\(.*?\)", "", rest).replace(",", ""))]
    faults = [f"{where}: `{n}` is defined nowhere in it" for n in names if n not in named]
    for low, high in ranges:
        if high < low or low not in starts or high not in ends:
            faults.append(f"{where} {low}–{high}: does not begin and end where its code does")
    for name in names:
        if name in named and ranges:
            first, last = named[name]
            if not any(low <= last and first <= high for low, high in ranges):
                faults.append(f"{where}: `{name}` is at {first}–{last}, outside {ranges}")
    if calls:
        lines = path.read_text(encoding="utf-8").splitlines()
        callee = names[0].split(".")[-1]
        for number in re.findall(r"\d+", calls.group(1)):
            if f"{callee}(" not in lines[int(number) - 1]:
                faults.append(f"{where}:{number}: no call of {callee} there")
    return faults


def test_the_register_has_its_rows():
    rows = register_rows()
    assert len(rows) >= 20 and all(cell.strip() for _, cell in rows)


@pytest.mark.parametrize(("mechanism", "cell"), register_rows(), ids=[m for m, _ in register_rows()])
def test_each_line_range_of_the_speed_register_holds_what_it_names(mechanism, cell):
    faults = [fault for segment in cell.split(";") for fault in segment_faults(segment)]
    assert not faults, f"docs/performance.md's register, {mechanism}: {faults}"


def test_the_ceiling_the_performance_page_states_is_the_gates():
    """bench/ratio_gate.py, which .ci/run runs, holds the one ceiling; the page states that number."""
    gate = (ROOT / "bench" / "ratio_gate.py").read_text(encoding="utf-8")
    ceiling = re.search(r"^CEILING = ([\d.]+)", gate, re.M).group(1)
    cards = re.search(r"^CARDS = (\d+)", gate, re.M).group(1)
    text = PERFORMANCE.read_text(encoding="utf-8")
    stated = re.search(r"fails when pnp's time on the (\d[\d,]*)-card standard deck passes ([\d.]+) × the floor's", " ".join(text.split()))
    assert stated, "docs/performance.md does not state the ratio gate's ceiling"
    assert (stated.group(1).replace(",", ""), stated.group(2)) == (cards, ceiling)
    assert "python bench/ratio_gate.py" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


# Options: docs/commands.md's list of build options and `pnp build --help` say what the command takes and what a build
# does when none is given. -------------------------------------------------------------------------------------------


def build_options() -> dict:
    import click

    from pnp.cli import main
    return {name: p for p in main.commands["build"].params if isinstance(p, click.Option) and not p.hidden for name in p.opts + p.secondary_opts}


def default_of(option):
    """What click passes for an option not given (a flag's False too, which click keeps as a sentinel)."""
    import click

    from pnp.cli import main
    return option.get_default(click.Context(main.commands["build"]))


def build_options_paragraph() -> str:
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    return text.split("## Build options", 1)[1].split("\n## ", 1)[0]


def test_the_build_options_paragraph_names_every_option_of_pnp_build_and_no_other():
    options = build_options()
    named = set(re.findall(r"`(--[a-z-]+|-q)", build_options_paragraph()))
    assert named <= set(options), f"docs/commands.md names build options pnp build lacks: {sorted(named - set(options))}"
    unnamed = sorted({p.opts[0] for p in options.values()} - named)
    assert not unnamed, f"docs/commands.md's build options leave out: {unnamed}"


def test_each_list_of_choices_the_commands_page_gives_is_the_whole_list():
    """`--only a|b|c` lists every value the option takes (a single value, `--layout gutterfold`, is an example)."""
    import click

    from pnp.core.units import SHEET_PAPERS
    options = build_options()
    for option, values in re.findall(r"`(--[a-z-]+) ([\w]+(?:\|[\w]+)+)`", build_options_paragraph()):
        choices = [*SHEET_PAPERS, "WxH"] if option == "--paper" else list(options[option].type.choices)
        assert isinstance(options[option].type, click.Choice) or option == "--paper"
        assert values.split("|") == choices, f"docs/commands.md: {option} {values}, but pnp build takes {'|'.join(choices)}"


def test_each_default_the_commands_page_gives_is_the_options():
    options = build_options()
    stated = re.findall(r"`(--[a-z-]+)[^`]*` \(default (\w+)", build_options_paragraph())
    assert len(stated) >= 2
    for option, default in stated:
        assert str(default_of(options[option])) == default, f"docs/commands.md: {option} defaults to {default}, pnp build to {default_of(options[option])}"


def test_build_help_defaults_are_what_a_build_does_given_none():
    """The defaults `pnp build --help` shows are the defaults of the build's own options (pnp.outputs.options.Options),
    and every --paper help lists the papers pnp names."""
    import click

    from pnp.cli import main
    from pnp.core.units import SHEET_PAPERS
    from pnp.outputs.options import Options
    options = build_options()
    plain = Options()
    for option, field_name, as_used in (("--paper", "paper", str), ("--duplex", "duplex", str), ("--layout", "layout", str),
                                       ("--fold-rotation", "fold_rotation", int), ("--gutter", "gutter", float), ("--insert-fit", "insert_fit", str),
                                       ("--bleed", "bleed", bool), ("--ink-saver", "ink_saver", bool), ("--strict", "strict", bool)):
        shown = default_of(options[option])
        assert as_used(shown) == getattr(plain, field_name), f"pnp build {option}: help says {shown}, a build uses {getattr(plain, field_name)}"
    for command in (main.get_command(click.Context(main), name) for name in main.list_commands(click.Context(main))):  # the lazy ones too
        for param in getattr(command, "params", []):
            if "--paper" in getattr(param, "opts", []) and param.help:
                assert f"{', '.join(SHEET_PAPERS[:-1])}, {SHEET_PAPERS[-1]} or W x H" in param.help, (command.name, param.help)


def test_the_default_printer_margin_the_printing_page_gives_is_the_one_a_build_uses():
    from pnp.core.units import DEFAULT_PRINTABLE_MM
    text = " ".join((DOCS / "printing.md").read_text(encoding="utf-8").split())
    stated = re.search(r"Without a profile, pnp uses the one named `default`, or a ([\d.]+) mm margin if there is none", text)
    assert stated and float(stated.group(1)) == DEFAULT_PRINTABLE_MM
    assert f"prints to {DEFAULT_PRINTABLE_MM:g} mm of every edge" in text


def test_the_default_printer_margin_the_build_help_gives_is_the_one_a_build_uses():
    from pnp.core.units import DEFAULT_PRINTABLE_MM
    shown = build_options()["--printer"].help
    stated = re.findall(r"([\d.]+) mm margin", shown)
    assert stated and all(float(mm) == DEFAULT_PRINTABLE_MM for mm in stated), shown
