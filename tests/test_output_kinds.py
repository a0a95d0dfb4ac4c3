"""One record per kind of output (pnp.data.kinds): each builder reads only what its record declares, and every list
of kinds pnp keeps is read from the registry, so adding a kind is one module and one record.

The build cache keys each kind of output on the files its record declares
(pnp.pipeline.cache.input_files), the files the build saw it open (art) and
the card fields it read; a builder that reads anything else makes an output
that an edit of it leaves stale. So the test game and Germ Tycoon (the shipped
game with every kind of output) are built kind by kind in a process of their
own (tests/open_audit.py), under an audit hook that sees every file opened,
and again without the parts of the game read from files the record does not
declare.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT, TEST_PROJECT
from pdftext import pdf_text

from pnp.core.assets import BUNDLED_ICONS
from pnp.data.kinds import KINDS, kind_named, kind_names, load_named, print_order, with_parts
from pnp.data.project import Project
from pnp.pipeline.cache import ENGINE_DIR, input_files

AUDITED = ("tiny", "germ-tycoon")


@pytest.fixture(scope="module")
def audit(tmp_path_factory) -> tuple[dict, dict[str, Path]]:
    """(what tests/open_audit.py reports by 'game/kind', the project folder of each audited game)."""
    base = tmp_path_factory.mktemp("kinds")
    shutil.copytree(TEST_PROJECT, base / "project", ignore=shutil.ignore_patterns("output"))
    roots = {"tiny": base / "project", "germ-tycoon": ROOT}
    script = Path(__file__).with_name("open_audit.py")
    result = subprocess.run([sys.executable, str(script), str(base / "out"), *(f"{roots[slug]}:{slug}" for slug in AUDITED)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr

    return json.loads(result.stdout), roots


def undeclared_opens(root: Path, slug: str, kind: str, report: dict) -> list[str]:
    """The files of the project a build of `kind` opened that nothing keys it on: not its record's inputs, not the
    shared inputs every output is keyed on (templates, fonts, icons, pnp itself), not a file the build recorded."""
    project = Project(root)
    game, _ = project.load_game(slug)
    keyed = {p.resolve() for p in input_files(game, kind)} | {(root / name).resolve() for name in report["recorded"]}
    shared = [d.resolve() for d in (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS, ENGINE_DIR)]
    found = []
    for name in report["opened"]:
        path = Path(name)
        if path.is_relative_to(root.resolve()) and not any(path.is_relative_to(d) for d in shared) and path not in keyed:
            found.append(project.rel(path))
    return found


@pytest.mark.parametrize("slug", AUDITED)
def test_no_builder_opens_a_file_of_the_game_its_record_does_not_declare(audit, slug):
    reports, roots = audit
    wrong = {kind.name: opened for kind in KINDS if (opened := undeclared_opens(roots[slug], slug, kind.name, reports[f"{slug}/{kind.name}"]))}
    assert not wrong, f"opened but not in the record's inputs (pnp.data.kinds), so not in the output's cache key: {wrong}"


@pytest.mark.parametrize("slug", AUDITED)
def test_each_kind_prints_the_same_bytes_without_the_files_its_record_does_not_declare(audit, slug):
    """A builder may read a part of the loaded game (game.tokens) without opening its file: left out, the part must not
    change what the kind prints, unless what the record's `keyed_on` reads of the game changes with it."""
    reports, _ = audit
    changed = [kind.name for kind in KINDS if (r := reports[f"{slug}/{kind.name}"])["files"] != r["alone"] and r["keyed_on"] == r["keyed_on_alone"]]
    assert not changed, f"these kinds print differently without files their record does not declare: {changed}"


def test_the_audit_sees_every_kind_build(audit):
    """A guard against an audit that checks nothing: Germ Tycoon writes a file of every kind, and the rulebook's build
    opened its rulebook.md (declared)."""
    reports, _ = audit
    assert all(reports[f"germ-tycoon/{kind.name}"]["files"] for kind in KINDS)
    assert any(name.endswith("data/germ-tycoon/rulebook.md") for name in reports["germ-tycoon/rulebook"]["opened"])


def test_the_lists_of_kinds_are_the_registrys():
    """--only's choices, the bundle's order, serve's documents, the loader's part files and the file names' variant
    options are each read from KINDS."""
    from pnp.cli import build
    from pnp.outputs.options import Options, variant_tag
    from pnp.serve.components import documents

    only = next(p for p in build.params if p.name == "only")
    assert tuple(only.type.choices) == kind_names()
    assert [k.name for k in print_order()] == ["cards", "tokens", "boards", "reference", "boxes", "inserts", "dice", "labels", "rulebook"]
    assert [kind for kind, _ in documents()] == [k.name for k in KINDS if k.preview] == ["boards", "tokens", "reference", "rulebook"]
    assert all(callable(section) for _, section in documents())
    assert [k.part_file for k in with_parts()] == ["boards.yaml", "tokens.yaml", "reference.yaml", "boxes.yaml", "dice.yaml"]
    assert all(load_named(k.part).model_fields for k in with_parts())  # a pydantic model each
    assert variant_tag(Options(paper="a4"), "labels") == "-a4" and variant_tag(Options(paper="a4"), "boxes") == "-a4"
    assert kind_named("labels").options == ("paper", "printable_mm", "cutter", "draft")  # the paper picks the sheet, the margin keeps words in


def doc_example() -> dict[str, str]:
    """The worked example of docs/architecture.md, 'Adding a kind of output': {path: code} of each fence marked
    `<!-- kind: PATH -->` (the new module, and the record to add to KINDS)."""
    text = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- kind: (\S+) -->\n```python\n(.*?)```", text, re.S))


TWO_COMMANDS = """
import json, sys
from click.testing import CliRunner
from pnp.cli import main
for args in json.loads(sys.argv[2]):
    result = CliRunner().invoke(main, ["--root", sys.argv[1], *args], catch_exceptions=False)
    assert result.exit_code == 0, (args, result.output + result.stderr)
"""


def test_a_new_kind_is_one_module_and_one_record(tmp_path):
    """With pnp's package copied and only the example of docs/architecture.md added (a module and its record), `pnp
    build --only card-list` writes the list, and `pnp bundle` prints it after the rulebook, under its title."""
    package = tmp_path / "code" / "pnp"
    shutil.copytree(ROOT / "pnp", package)  # its compiled modules too (conftest compiles them once a run), valid beside sources of the same times
    example = doc_example()
    assert set(example) == {"pnp/outputs/card_list.py", "pnp/data/kinds.py"}
    (package.parent / "pnp/outputs/card_list.py").write_text(example["pnp/outputs/card_list.py"], encoding="utf-8")
    kinds = package / "data" / "kinds.py"
    text = kinds.read_text(encoding="utf-8")
    end = re.search(r"^KINDS = \($.*?^\)$", text, re.S | re.M).end() - 1  # the registry's closing parenthesis
    kinds.write_text(text[:end] + example["pnp/data/kinds.py"] + text[end:], encoding="utf-8")
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    env = {**os.environ, "PYTHONPATH": str(package.parent)}
    commands = [["build", "--only", "card-list", "-q", "--out", str(tmp_path / "out")], ["bundle", "tiny", "--paper", "letter", "--out", str(tmp_path / "bundle")]]
    # both commands in one new process, which imports the copied package (one interpreter and pnp's imports, not two)
    result = subprocess.run([sys.executable, "-c", TWO_COMMANDS, str(project), json.dumps(commands)], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [p.name for p in (tmp_path / "out" / "tiny").glob("*.pdf")] == ["tiny-card-list.pdf"]
    with zipfile.ZipFile(next((tmp_path / "bundle" / "tiny" / "bundle").glob("*.zip"))) as zipped:
        names = [Path(n).name for n in zipped.namelist() if n.startswith("components/")]  # the parts, in print order
    assert "tiny-card-list.pdf" in names and names.index("tiny-card-list.pdf") > names.index("tiny-rulebook.pdf"), names
    assert "Card list" in pdf_text(tmp_path / "bundle" / "tiny" / "bundle" / "tiny-bundle-letter.pdf")  # its title in the contents


def test_a_decks_card_sheets_are_built_and_checked_without_the_other_kinds_builders(tmp_path):
    """A build imports only the builders of what it draws: the card sheets of a game with no boards, tokens, boxes or
    dice, built and checked (the readability check reads every kind of piece a game has) in a new process, import none
    of theirs."""
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    for part in ("boards.yaml", "tokens.yaml"):
        (project / "data/tiny" / part).unlink()
    others = [kind.builder.split(":")[0] for kind in KINDS if kind.name in ("boards", "tokens", "boxes", "dice")]
    probe = ("import atexit, runpy, sys\nsys.argv = ['pnp', '--root', sys.argv[1], 'build', 'tiny', '--only', 'cards', '-q']\n"
             f"atexit.register(lambda: print(sorted(m for m in {others!r} if m in sys.modules)))\n"  # read as it exits (pnp.launch.leave)
             "runpy.run_module('pnp', run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", probe, str(project)], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PNP_JOBS": "1"})
    assert done.returncode == 0, done.stderr
    assert len(others) == 4 and done.stdout.strip().splitlines()[-1] == "[]", done.stdout + done.stderr
