"""Samples are documentation, and documentation must not rot: every YAML, CSV and template example in README.md and
docs/*.md is built, the README's first game works when pasted from wherever a reader stands, and the docs site lists
every page.

A code fence is checked by the marker comment on the line before it:
- `<!-- example: NAME PATH -->`: the file PATH of example project NAME. The project starts as `pnp new` writes the game
  PATH names (data/<game>/... or templates/<game>/...), unless the example gives that game's game.yaml itself (then it
  starts empty); the fences of one NAME, from every page, are written over it and the project must pass
  `pnp validate --strict`.
- `<!-- example: parse -->`: a fragment, only parsed (YAML, CSV, or Jinja for templates and rulebook Markdown).
- `<!-- first-game -->`: the README's shell commands of "Your first game".
Every fence whose language is yaml, csv or jinja must carry one of these, so a new sample cannot slip past.
"""
from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import jinja2
import pytest
import yaml
from conftest import ROOT, TEST_PROJECT, run_pnp

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CHECKED_LANGUAGES = {"yaml", "yml", "csv", "jinja", "j2"}
MARKER = re.compile(r"<!--\s*(example:\s*(?P<example>.+?)|(?P<first>first-game))\s*-->")


@dataclass(frozen=True)
class Fence:
    """One fenced code block: where it is, its language, its text and the marker before it ('' if none)."""

    page: Path
    line: int
    language: str
    text: str
    marker: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def fences(page: Path) -> list[Fence]:
    """The fenced blocks of a Markdown page, each with the marker comment on the non-blank line before it."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        opening = re.match(r"^(`{3,})\s*([\w+-]*)", lines[i])
        if not opening:
            i += 1
            continue
        ticks, language, start = opening.group(1), opening.group(2).lower(), i
        i += 1
        while i < len(lines) and not lines[i].startswith(ticks):
            i += 1
        before = next((lines[j] for j in range(start - 1, -1, -1) if lines[j].strip()), "")
        found.append(Fence(page, start + 1, language, "\n".join(lines[start + 1:i]) + "\n", before.strip() if MARKER.fullmatch(before.strip()) else ""))
        i += 1
    return found


ALL = [f for page in PAGES for f in fences(page)]


def _example(fence: Fence) -> str:
    match = MARKER.fullmatch(fence.marker)
    return (match.group("example") or "").strip() if match else ""


def test_every_yaml_csv_and_template_sample_is_marked_to_be_checked():
    unmarked = [f.where for f in ALL if f.language in CHECKED_LANGUAGES and not f.marker]
    assert not unmarked, f"mark these samples `<!-- example: NAME PATH -->` or `<!-- example: parse -->`: {unmarked}"


def _parse(fence: Fence) -> None:
    """Parse a fragment by its language, as pnp's readers would, failing with the sample's place."""
    if fence.language in {"yaml", "yml"}:
        yaml.safe_load(fence.text)
    elif fence.language == "csv":
        rows = list(csv.reader(io.StringIO(fence.text)))
        widths = {len(r) for r in rows if r}
        assert len(widths) == 1, f"{fence.where}: rows of {sorted(widths)} cells"
    elif fence.language in {"jinja", "j2", "markdown", "md"}:
        jinja2.Environment().parse(fence.text)
    else:
        raise AssertionError(f"{fence.where}: no parser for a `{fence.language}` sample")


PARSED = [f for f in ALL if _example(f) == "parse"]


@pytest.mark.parametrize("fence", PARSED, ids=[f.where for f in PARSED])
def test_a_fragment_parses(fence):
    _parse(fence)


def _projects() -> dict[str, list[tuple[str, Fence]]]:
    projects: dict[str, list[tuple[str, Fence]]] = {}
    for fence in ALL:
        words = _example(fence).split()
        if len(words) == 2:
            projects.setdefault(words[0], []).append((words[1], fence))
        elif words and words != ["parse"]:
            raise AssertionError(f"{fence.where}: a marker is `example: NAME PATH` or `example: parse`, not {fence.marker}")
    return projects


PROJECTS = _projects()


def _game_of(path: str) -> str:
    parts = Path(path).parts
    assert len(parts) >= 3 and parts[0] in {"data", "templates"}, f"{path}: an example's file lies under data/<game>/ or templates/<game>/"
    return parts[1]


@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_an_example_project_validates_strictly(name, tmp_path):
    from pnp.cli.scaffold import scaffold_files

    files = PROJECTS[name]
    games = {_game_of(path) for path, _ in files}
    root = tmp_path / name
    whole = {_game_of(path) for path, _ in files if Path(path).parts[2:] == ("game.yaml",)}
    for game in sorted(games - whole):
        for rel, text in scaffold_files(game).items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text, encoding="utf-8")
    for path, fence in files:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(fence.text, encoding="utf-8")
    result = run_pnp(root, "validate", "--strict")
    places = ", ".join(f"{path} ({fence.where})" for path, fence in files)
    assert result.exit_code == 0, f"example '{name}' from {places}:\n{result.output}{result.stderr}"


def _snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def clone(tmp_path) -> Path:
    """A stand-in for a clone of pnp: a project whose data/ must not change, and `pnp` on PATH running this checkout."""
    import shutil

    folder = tmp_path / "clone"
    shutil.copytree(TEST_PROJECT, folder, ignore=shutil.ignore_patterns("output"))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "pnp"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pnp "$@"\n')
    shim.chmod(0o755)
    return folder


def _first_game_commands() -> str:
    blocks = [f for f in ALL if f.page.name == "README.md" and "first-game" in f.marker]
    assert len(blocks) == 1, "README.md has one `<!-- first-game -->` block"
    return blocks[0].text


def test_the_readme_first_game_works_pasted_in_the_clone(clone):
    """Pasted at the clone's root, a project above every folder the commands make: `mkdir my-games && cd my-games`
    makes the empty folder in which `pnp new` starts a project of its own (pnp.cli.scaffold.new_game_root), as it does
    in an empty folder anywhere else, so one place to paste from shows both."""
    cwd = clone
    data_before = _snapshot(clone / "data")
    env = {**os.environ, "PATH": f"{clone.parent / 'bin'}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    shell = subprocess.run(["bash", "-e", "-c", _first_game_commands()], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert shell.returncode == 0, shell.stdout + shell.stderr
    assert "0 errors, 0 warnings" in shell.stdout + shell.stderr
    game = cwd / "my-games"
    assert (game / "data/crystal-caves/game.yaml").is_file()
    assert (game / "output/crystal-caves/crystal-caves-cards.pdf").is_file()
    assert _snapshot(clone / "data") == data_before, "the first game must not land in the clone's own data/"
    assert not (clone / "templates/crystal-caves").exists()


def test_the_docs_site_lists_every_page():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def pages(node) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, dict):
            return [p for value in node.values() for p in pages(value)]
        return [p for item in node for p in pages(item)]

    listed = set(pages(config["nav"]))
    on_disk = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    on_disk.add("changelog.md")  # CHANGELOG.md at the top, served as a page by docs/version_hook.py
    assert on_disk <= listed, f"add these pages to mkdocs.yml's nav: {sorted(on_disk - listed)}"
    assert listed <= on_disk, f"mkdocs.yml's nav names pages that do not exist: {sorted(listed - on_disk)}"
