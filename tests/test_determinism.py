"""Same input, same bytes: two cold builds (fresh output folder, fresh cache, fresh process) write identical PDFs."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, add_crowd_deck, fresh_pdfs, run_pnp

OUTPUTS = ("cards", "boards", "tokens", "reference", "rulebook", "rulebook-booklet", "labels")


def build_cold(project: Path, out: Path, *args: str) -> dict[str, bytes]:
    """Build in a new Python process into the empty folder `out` (no cache, no in-process state); every PDF's bytes by name."""
    assert not out.exists()
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(out), *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (out / ".pnp-cache").exists() or all(p.name.endswith((".json", ".faces")) or p.name in ("parsed", "results", "builds", "key-check", ".gitignore")
                                                 for p in (out / ".pnp-cache").iterdir())
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


@pytest.fixture(scope="module")
def two_cold_builds(tmp_path_factory):
    import shutil

    from conftest import TEST_PROJECT

    project = tmp_path_factory.mktemp("determinism") / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    return [build_cold(project, project.parent / f"out-{n}", "--booklet") for n in (1, 2)]


def test_two_cold_builds_write_the_same_files(two_cold_builds):
    first, second = two_cold_builds
    assert sorted(first) == sorted(second)
    assert {name.split("/")[-1].removeprefix("tiny-").removesuffix(".pdf") for name in first} == set(OUTPUTS)


@pytest.mark.parametrize("output", OUTPUTS)
def test_two_cold_builds_are_byte_identical(two_cold_builds, output):
    first, second = two_cold_builds
    name = f"tiny/tiny-{output}.pdf"
    assert first[name] == second[name], f"{name} differs between two cold builds"


@pytest.mark.parametrize("options", [[], ["--layout", "gutterfold"], ["--duplex", "none"], ["--ink-saver"]],
                         ids=["duplex", "gutterfold", "no duplex", "ink saver"])
def test_a_deck_split_across_two_processes_gives_one_process_bytes_in_every_layout(project, tmp_path, request, options):
    """A split deck's first sheets are drawn while its last cards still render in a helper (pnp.outputs.cards.DeckSheets),
    and a deck after it shares its last sheet. Every layout gives the bytes of a build in one process: a case per way
    the sheets take the helper's cards (each layout orders fronts and backs on its pages; the ink saver waits for every
    face before it draws a page). Paper and bleed move the slots, not the order: the one-process builds cover them."""
    add_crowd_deck(project, 20)  # three sheets of fronts: sheets are drawn while the helper renders the rest; the next deck shares the last
    cards = "\n".join(f"  - {{id: z{i}, name: Zed {i}, stars: 1, number: {i}, text: Z., count: 2}}" for i in range(5))
    (project / "data/tiny/decks/zeta.yaml").write_text(f"name: Zeta\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {{side: red}}\ncards:\n{cards}\n",
                                                      encoding="utf-8")
    alone = fresh_pdfs(project, tmp_path / "alone", "--only", "cards", *options)  # PNP_JOBS=1: one process
    request.getfixturevalue("split_decks")  # from here on, even these small decks are split across two processes
    assert run_pnp(project, "build", "--only", "cards", "--out", str(tmp_path / "split"), *options).exit_code == 0
    split = {p.relative_to(tmp_path / "split").as_posix(): p.read_bytes() for p in sorted((tmp_path / "split").rglob("*.pdf"))}
    assert split and split == alone


def test_a_project_with_pictures_prints_the_same_bytes_from_another_folder(tmp_path):
    """A picture on the cards and in a rulebook figure: the same project in two folders prints the same bytes (the PDF
    names a picture by its pixels, not by where the file lies)."""
    import shutil

    from conftest import TEST_PROJECT, pdfs
    from PIL import Image

    printed = []
    for place in ("here", "elsewhere/deeper"):
        project = tmp_path / place / "project"
        shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
        (project / "art").mkdir()
        Image.new("RGB", (40, 30), "#2e6da4").save(project / "art/portrait.png")
        hero = project / "templates/tiny/hero.j2"
        hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ image("art/portrait.png", 5, 45, 30, 20) }}\n{% endblock %}', 1), encoding="utf-8")
        result = run_pnp(project, "build", "tiny", "--only", "cards", "--only", "rulebook")
        assert result.exit_code == 0, result.output
        printed.append(pdfs(project / "output"))
    assert printed[0] and printed[0] == printed[1]
