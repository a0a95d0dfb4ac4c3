"""What a released pnp promises: one version everywhere it is shown, a changelog a user can read, and a project format
that is never misread (game.yaml's `format_version:`, docs/data-format.md#format-version)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, run_pnp

import pnp


def _game_yaml(project: Path) -> Path:
    return project / "data" / "tiny" / "game.yaml"


def _with_format(project: Path, line: str) -> int:
    """Put `line` first in the tiny game's game.yaml; the 1-based line it is on."""
    game = _game_yaml(project)
    game.write_text(line + "\n" + game.read_text(encoding="utf-8"), encoding="utf-8")
    return 1


@pytest.mark.parametrize(("written", "says"), [
    ("format_version: 2", "written for format 2, newer than the format 1 this pnp reads: upgrade pnp"),
    ("format_version: 0", "format 0 never existed"),
])
def test_a_project_of_another_format_is_refused_at_its_line_with_what_to_do(project, written, says):
    line = _with_format(project, written)
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    located = [ln for ln in (result.output + result.stderr).splitlines() if says in ln]
    assert located, result.output + result.stderr
    assert located[0].startswith(f"data/tiny/game.yaml:{line}:{len('format_version: ') + 1}: error:"), located[0]


def test_a_project_without_a_format_version_and_one_of_this_format_both_build(project):
    assert "format_version" not in _game_yaml(project).read_text(encoding="utf-8")
    assert run_pnp(project, "validate", "tiny").exit_code == 0
    _with_format(project, "format_version: 1")
    assert run_pnp(project, "validate", "tiny").exit_code == 0


def test_pnp_new_writes_the_format_it_reads(tmp_path):
    assert run_pnp(tmp_path, "new", "fresh-game").exit_code == 0
    assert re.search(r"^format_version: 1\b", (tmp_path / "data/fresh-game/game.yaml").read_text(encoding="utf-8"), re.M)


def test_the_version_is_one_everywhere_it_is_shown():
    """`pnp --version`, the distribution's metadata (pyproject reads pnp.__version__) and the changelog's latest release."""
    result = run_pnp(ROOT, "--version")
    assert result.output.strip() == f"pnp, version {pnp.__version__}"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'version = { attr = "pnp.__version__" }' in pyproject and 'dynamic = ["version"]' in pyproject
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert releases and releases[0] == pnp.__version__


def test_the_changelog_keeps_the_keep_a_changelog_form():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    assert "## [Unreleased]" in text
    headings = re.findall(r"^### (.+)$", text, re.M)
    assert headings and set(headings) <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_every_dependency_range_has_its_floor_tested():
    """Each runtime dependency is pinned below its next major, and .ci/floors.txt (which .ci/run installs and tests) holds
    the floor its range admits: a range wider than what CI ran would promise bytes no one checked. A test tool whose
    verdict a house test relies on (radon's complexity count: "the floor is tested" in its comment) has its floor there
    too, held to its range alike."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deps = re.search(r"^dependencies = \[(.*?)^\]", pyproject, re.S | re.M).group(1)
    tests = re.search(r"^test = \[(.*?)^\]", pyproject, re.S | re.M).group(1)
    floors = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", (ROOT / ".ci/floors.txt").read_text(encoding="utf-8"), re.M))
    ranges = re.findall(r'"([A-Za-z0-9_.-]+)>=([0-9.]+),<([0-9.]+)"', deps)
    tested_tools = re.findall(r'"([A-Za-z0-9_.-]+)>=([0-9.]+),<([0-9.]+)",\s*#.*the floor is tested', tests)
    for name, low, high in ranges + tested_tools:
        assert name in floors, f"{name}: no floor in .ci/floors.txt"
        floor = tuple(int(p) for p in floors[name].split("."))
        assert floor[:len(low.split("."))] == tuple(int(p) for p in low.split(".")), f"{name}: floor {floors[name]} is not the range's {low}"
        assert int(high.split(".")[0]) in (floor[0] + 1, 1) and (floor[0] > 0 or high == "1"), f"{name}: <{high} spans more than one major"
    assert len(floors) == len(re.findall(r'^\s+"[A-Za-z]', deps, re.M)) + len(tested_tools)
