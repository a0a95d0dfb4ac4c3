"""The docs say what the code does: docs/architecture.md's names exist, its layers are the house's layers, the calls it
walks are made in that order, and no page sends its reader to a section or a file that is not there (issue 62).

Pure reading of text and source: no build, no PDF, but for the help text of `pnp build --deck`, whose promises are the
files a build writes."""
from __future__ import annotations

import ast
import importlib
import inspect
import re
import textwrap
from pathlib import Path

import pytest
from conftest import ROOT, run_pnp
from markdown.extensions.toc import slugify
from source_trees import modules
from test_layers import LAYERS

DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"


def cited(text: str) -> list[str]:
    """Every span in backticks, outside fenced code blocks."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.findall(r"`([^`\n]+)`", prose)


def resolve(dotted: str):
    """The module, or the object inside a module (a function, a class, a class's method), that `pnp.a.b.C.d` names."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            target = getattr(target, name)
        return target
    raise ModuleNotFoundError(dotted)


def pnp_source() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in modules(ROOT))


def words(source: str) -> set[str]:
    """Every run of word characters in `source`: a name is written in it as a word (`\\bname\\b`) exactly when it is
    one of these, found in one pass where a search of the whole source per name took a second a page."""
    return set(re.findall(r"\w+", source))


def test_every_pnp_name_the_architecture_page_cites_exists():
    """`pnp.x.y` resolves to a module or an object in one; a bare code name (`run_build`, `LocDict`) is written
    somewhere in pnp's source."""
    source = words(pnp_source())
    missing = []
    for span in cited(ARCHITECTURE.read_text(encoding="utf-8")):
        if re.fullmatch(r"pnp(\.\w+)+", span):
            try:
                resolve(span)
            except (ModuleNotFoundError, AttributeError):
                missing.append(span)
        elif re.fullmatch(r"[A-Za-z_]\w*", span) and ("_" in span.strip("_") or re.match(r"[A-Z]\w*[a-z]", span)) \
                and span not in source:
            missing.append(span)
    assert not missing, f"docs/architecture.md cites names pnp does not have: {missing}"


def layer_table(text: str) -> list[str]:
    section = text[text.index("## The layers"):]
    rows = re.findall(r"^\| `([^|]+)` \|", section, flags=re.M)
    return [name.strip("` ") for row in rows for name in row.split(",")]


def test_the_architecture_pages_layer_table_is_the_houses_order():
    assert layer_table(ARCHITECTURE.read_text(encoding="utf-8")) == LAYERS


def walk(text: str) -> list[tuple[str, list[str]]]:
    """(caller, [callees in order]) for each line '- `pnp.x.f` calls `a`, then `b`.' of the page's walk in calls."""
    section = text[text.index("## The walk in calls"):]
    found = []
    for caller, rest in re.findall(r"^- `(pnp\.[\w.]+)` calls (.+)$", section, flags=re.M):
        found.append((caller, re.findall(r"`(\w+)`", rest)))
    return found


def calls_in_order(function) -> list[tuple[int, int, str]]:
    """(line, column, name) of every call in the function's own source: `f(...)`, `x.f(...)` and `self.f(...)` alike."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name:
                out.append((node.lineno, node.col_offset, name))
    return sorted(out)


def test_the_architecture_page_walks_the_calls_in_the_order_the_code_makes_them():
    steps = walk(ARCHITECTURE.read_text(encoding="utf-8"))
    assert len(steps) >= 5, "the page lists the calls `pnp build` makes"
    for caller, callees in steps:
        calls = calls_in_order(resolve(caller))
        where = []
        for callee in callees:
            at = [(line, col) for line, col, name in calls if name == callee]
            assert at, f"{caller} never calls {callee}"
            later = [pos for pos in at if not where or pos > where[-1]]
            assert later, f"{caller} calls {callee} only before {callees[len(where) - 1]}: not in the page's order"
            where.append(later[0])


def anchors(page: Path) -> set[str]:
    """The ids of a page's headings, as MkDocs makes them (Python-Markdown's toc slugify)."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {slugify(re.sub(r"[`*]", "", title), "-") for title in re.findall(r"^#{1,6} (.+?)\s*$", text, flags=re.M)}


PAGES = sorted(DOCS.glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_link_into_a_section_finds_it(page):
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    broken = []
    for target, anchor in re.findall(r"\]\(([\w./-]*?)#([\w-]+)\)", text):
        into = page if not target else (page.parent / target)
        if not into.is_file() or anchor not in anchors(into):
            broken.append(f"{target}#{anchor}")
    assert not broken, f"{page.name} links to sections that do not exist: {broken}"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_no_page_sends_its_reader_to_a_file_a_checkout_lacks(page):
    """A page that names a project document by its file ("see PRINTING.md", "README.md") names one a reader of the
    repository has (a game's `rulebook.md` is a kind of file, not a document to read)."""
    text = page.read_text(encoding="utf-8")
    named = set(re.findall(r"\b([A-Z][A-Z_-]*\.md)\b", text))
    lacking = [name for name in named if not (DOCS / name).is_file() and not (ROOT / name).is_file()]
    assert not lacking, f"{page.name} names files the repository does not have: {lacking}"


def rcairo_colour(sample: str):
    """A name's colour as rcairo's `Cairo::Color.parse` resolves it in one of tests/samples/rcairo's extracts of its table:
    `Color`'s own constant (4 spaces in), else the included `Color::X11`'s (6 spaces); a constant may name another."""
    own: dict[str, str] = {}
    x11: dict[str, str] = {}
    for line in (ROOT / "tests" / "samples" / "rcairo" / sample).read_text(encoding="utf-8").splitlines():
        m = re.match(r"( +)([A-Z_]+) = (?:RGB\.new\(([^)]*)\)|([A-Z_]+))$", line)
        if m:
            into = x11 if len(m.group(1)) == 6 else own
            rgb = m.group(3)
            into[m.group(2)] = "#" + "".join(f"{round(float(v) * 255):02X}" for v in rgb.split(",")[:3]) if rgb else own[m.group(4)]
    return lambda name: own.get(name.upper()) or x11.get(name.upper())


def test_coming_from_gives_each_squib_versions_colour_as_rcairo_reads_it_and_pnps_as_pnp_reads_it():
    """Issue 102: the table of names where Squib and pnp differ gives, for each Squib version, the colour rcairo's own table
    of that version gives (read from extracts of rcairo's source in tests/samples/rcairo), and pnp's as pnp.core.colour
    reads the name; `gray` (#BEBEBE in today's Squib, the one a port met) comes first."""
    from pnp.core.colour import css_colour

    newer, older = rcairo_colour("colors-v1.18.5.rb"), rcairo_colour("colors-v1.15.14.rb")
    text = (ROOT / "docs" / "coming-from.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\s*\| `([a-z]+)` \| `(#[0-9A-F]{6})` \| `(#[0-9A-F]{6})` \| `(#[0-9A-F]{6})` \|$", text, re.M)
    assert len(rows) >= 10 and rows[0][0] == "gray", rows
    ruby = {"midnightblue": "midnight_blue"}
    for name, squib, old_squib, ours in rows:
        assert squib == newer(ruby.get(name, name)), (name, squib)
        assert old_squib == older(ruby.get(name, name)), (name, old_squib)
        assert css_colour(name) == ours.lower(), (name, ours)
        assert (squib, old_squib) != (ours, ours), name  # a row is a difference in one Squib at least


def test_the_readmes_command_table_names_every_export_format_and_both_cut_files():
    """Issue 75.19: the README's table gives `pnp export --format` every choice the command has (from the exporters'
    registry), DXF beside SVG for a cutter, and says how long the test suite takes."""
    from pnp.targets.export import exporter_names

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `pnp export GAME --format"))
    assert row.split("`")[1].split("--format ")[1].split("\\|") == [*exporter_names(), "all"], row
    cutter = next(line for line in readme.splitlines() if line.startswith("| `pnp build GAME --cutter"))
    assert "SVG" in cutter and "DXF" in cutter, cutter
    assert re.search(r"The whole suite takes about \w+ minutes", readme)


def test_the_printer_option_says_the_default_margin_the_build_keeps():
    """Issue 75.19: `--printer --help` gives the margin a build without a profile keeps (pnp.core.units), not 4.23 mm."""
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.core.units import DEFAULT_PRINTABLE_MM

    said = " ".join(CliRunner().invoke(main, ["build", "--help"]).output.split())
    assert f"else a {DEFAULT_PRINTABLE_MM:g} mm margin" in said, said


def test_the_deck_option_names_the_file_a_build_of_one_deck_or_two_writes(project):
    """`pnp build --help`: --deck builds that deck's card sheets alone, in the file its help names (<game>-cards-<deck>.pdf):
    the tiny game's `--deck heroes` build says it wrote that file, and no other card sheets; two decks' build writes
    the one file its help names for two (<deck>+<deck>). (What the help promises is a file name, read from the build.)"""
    from click.testing import CliRunner

    from pnp.cli import main

    said = " ".join(CliRunner().invoke(main, ["build", "--help"]).output.split())
    named = re.search(r"Card sheets of this deck alone \(repeatable\), in (\S+\.pdf) \(two decks: (\S+)\)", said)
    assert named, said
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heroes")
    written = re.findall(r"output/tiny/(\S+\.pdf)", result.output)
    assert result.exit_code == 0 and written == [named.group(1).replace("<game>", "tiny").replace("<deck>", "heroes")], result.output
    (project / "data/tiny/decks/villains.yaml").write_text(
        "name: Villains\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
        'cards:\n  - {id: ogre, name: Ogre, stars: 1, number: 1, text: "Roar.", side: red, count: 1}\n', encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heroes", "--deck", "villains")
    written = re.findall(r"output/tiny/(\S+\.pdf)", result.output)
    two = named.group(2).replace("<deck>", "heroes", 1).replace("<deck>", "villains", 1)
    assert result.exit_code == 0 and written == [named.group(1).replace("<game>", "tiny").replace("<deck>", two)], result.output


def test_the_deck_option_says_the_other_outputs_build_beside_the_decks_sheets_unless_only_cards(project):
    """`pnp build --help`: --deck limits the card sheets alone; the other outputs build as ever, and none with
    --only cards: the tiny game's `--deck heroes` build with --only cards and --only tokens writes the tokens too,
    and with --only cards the heroes' sheets alone."""
    from click.testing import CliRunner

    from pnp.cli import main

    said = " ".join(CliRunner().invoke(main, ["build", "--help"]).output.split())
    assert "the other outputs build as ever (none with --only cards)" in said, said
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--only", "tokens", "--deck", "heroes")
    written = re.findall(r"output/tiny/(\S+\.pdf)", result.output)
    assert result.exit_code == 0 and "tiny-tokens.pdf" in written and "tiny-cards-heroes.pdf" in written, result.output
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heroes")
    assert result.exit_code == 0 and re.findall(r"output/tiny/(\S+\.pdf)", result.output) == ["tiny-cards-heroes.pdf"], result.output


def test_boxes_and_dice_calls_nothing_not_done_that_is_done():
    """Issue 75.19: dice of every shape export to TTS and nets go into cut files: the page has no "Not done yet" list."""
    from pnp.data.schema import DIE_SHAPE_NAMES

    text = (ROOT / "docs" / "boxes-and-dice.md").read_text(encoding="utf-8")
    assert "not done" not in text.lower() and "not exported yet" not in text
    assert all(shape in text for shape in DIE_SHAPE_NAMES if shape != "d6")
