"""A first game in minutes: `pnp new`, the icon set, optional fields, and an install that works outside the repository."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import render_page, run_pnp
from pdftext import pdf_text


def new_game(folder: Path, name: str = "crystal-caves"):
    from click.testing import CliRunner

    from pnp.cli import main

    folder.mkdir(parents=True, exist_ok=True)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, ["new", name], catch_exceptions=False)
    finally:
        os.chdir(cwd)


def test_pnp_new_in_an_empty_folder_builds_quietly_and_validates_strictly(tmp_path):
    """`-q` prints nothing on a clean build (the scaffold's sheet-layout note is not a problem); a note is shown by the
    build that computed it, not by one that reused its output."""
    folder = tmp_path / "empty"
    assert new_game(folder).exit_code == 0
    assert run_pnp(folder, "validate", "--strict").exit_code == 0
    result = run_pnp(folder, "build", "-q")
    assert result.exit_code == 0 and result.output == "", result.output
    out = folder / "output/crystal-caves"
    assert sorted(p.name for p in out.glob("*.pdf")) == [f"crystal-caves-{k}.pdf" for k in ("boards", "cards", "labels", "reference", "rulebook", "tokens")]
    text = pdf_text(out / "crystal-caves-cards.pdf")
    assert "Ruby shard" in text and "Sapphire tide" in text  # rows of the CSV deck
    rules = pdf_text(out / "crystal-caves-rulebook.pdf")
    assert "the deck holds 18 cards, 6 of them ruby" in " ".join(rules.split())  # facts from the sheet
    # the icon of the first card (game-icons' crystal-cluster, recoloured ruby) is drawn: ruby pixels in the art area
    page = render_page(out / "crystal-caves-cards.pdf", 0, dpi=50)
    import numpy as np

    pixels = np.asarray(page).reshape(-1, 3).astype(int)
    ruby = np.all(np.abs(pixels - [0xB8, 0x32, 0x3E]) < 12, axis=1).sum()
    assert ruby > 2000
    for pdf in out.glob("*-cards.pdf"):
        pdf.unlink()
    rebuilt = run_pnp(folder, "build")
    # the cards were built again (poker cards print 3 × 3 on Letter with no profile: no note to repeat)
    assert any("crystal-caves-cards.pdf" in line and "(reused)" not in line for line in rebuilt.output.splitlines()), rebuilt.output
    reused = run_pnp(folder, "build")
    assert "(reused)" in reused.output and "note:" not in reused.output, reused.output


def test_pnp_new_inside_a_project_adds_a_game_and_refuses_to_overwrite(project):
    assert new_game(project / "data", "second").exit_code == 0  # run from a sub-folder: the project above is used
    assert (project / "data/second/game.yaml").is_file() and (project / "templates/second/crystal.j2").is_file()
    assert run_pnp(project, "validate", "second", "--strict").exit_code == 0
    again = new_game(project, "second")
    assert again.exit_code == 2 and "already exists" in again.output


def test_a_card_without_an_optional_field_tests_false_and_using_it_is_an_error(project):
    template = project / "templates/tiny/hero.j2"
    template.write_text(template.read_text(encoding="utf-8").replace("{% endblock %}", '{% if card.art %}{{ text("ART", 4, 80, 20, 5) }}{% endif %}\n{% endblock %}'), encoding="utf-8")
    assert run_pnp(project, "validate", "--strict").exit_code == 0
    template.write_text(template.read_text(encoding="utf-8").replace("{% if card.art %}", "{% if card.art > 1 %}"), encoding="utf-8")
    result = run_pnp(project, "validate")
    assert result.exit_code == 1 and "card has no field 'art'" in result.output


def test_pnp_new_in_an_empty_folder_inside_a_project_starts_a_project_of_its_own_with_a_gitignore(project):
    """`mkdir my-games && cd my-games && pnp new x` inside a clone must not add x to the clone: a folder holding
    nothing but hidden entries (a `.git` made first) starts a new project, with a .gitignore leaving output/ out; one
    already there is left as it was. The game's title is its name in words."""
    mine = project / "my-games"
    (mine / ".git").mkdir(parents=True)
    result = new_game(mine, "crystal-caves")
    assert result.exit_code == 0, result.output
    assert (mine / "data/crystal-caves/game.yaml").is_file() and not (project / "data/crystal-caves").exists()
    assert "output/" in (mine / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "title: Crystal Caves" in (mine / "data/crystal-caves/game.yaml").read_text(encoding="utf-8").splitlines()
    kept = project / "kept"
    kept.mkdir()
    (kept / ".gitignore").write_text("*.tmp\n", encoding="utf-8")
    assert new_game(kept, "x").exit_code == 0 and (kept / "data/x/game.yaml").is_file()
    assert (kept / ".gitignore").read_text(encoding="utf-8") == "*.tmp\n"


def test_pnp_new_refuses_a_name_with_capitals_and_a_game_whose_templates_folder_exists(project):
    capitals = new_game(project, "Crystal")
    assert capitals.exit_code == 2 and "use lower-case letters, digits, - and _" in capitals.output, capitals.output
    (project / "templates/caves").mkdir()
    clash = new_game(project, "caves")
    assert clash.exit_code == 2 and "templates/caves already exists" in clash.output, clash.output
    assert not (project / "data/caves").exists()


def test_pnp_new_into_a_project_whose_templates_folder_is_a_link_out_writes_nothing_at_all(project, tmp_path):
    """pnp writes only into real folders (docs/safety.md): a project whose `templates/` is a link to a folder elsewhere
    is refused with the one line saying so, and the refusal's "nothing was written" holds for the whole game: no
    `data/mine/` left behind without its templates, nothing written through the link."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for entry in (project / "templates").iterdir():
        entry.rename(elsewhere / entry.name)
    (project / "templates").rmdir()
    (project / "templates").symlink_to(elsewhere)
    result = subprocess.run([sys.executable, "-m", "pnp", "new", "mine"], cwd=project, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and result.stderr.startswith("pnp: templates: is a link"), result.stdout + result.stderr
    assert not (project / "data/mine").exists() and not (elsewhere / "mine").exists()


def test_pnp_icons_finds_names_whatever_their_case_and_prints_80_a_page_at_14_mm(tmp_path):
    """`pnp icons WORD` lists every icon whose name holds the word (STAR finds the stars) and writes a contact sheet:
    8 × 10 icons a page, each drawn in a 14 mm square, the size a card's symbol usually prints at."""
    import math

    import pdfplumber
    from conftest import MM

    found = run_pnp(tmp_path, "icons", "STAR")
    assert found.exit_code == 0, found.output
    names = [line.split()[0] for line in found.output.splitlines() if "(" in line]
    assert "wrapping-star" in names and all("star" in name for name in names), names
    many = run_pnp(tmp_path, "icons", "wo")  # 103 names hold it: two pages
    count = sum(1 for line in many.output.splitlines() if "(" in line)
    assert count > 80
    with pdfplumber.open(tmp_path / "output/icons-wo.pdf") as pdf:
        assert len(pdf.pages) == math.ceil(count / 80)
        assert f"1–80 of {count}" in pdf.pages[0].extract_text()
        widest = max(max(s["width"], s["height"]) for s in pdf.pages[0].objects.get("curve", []) + pdf.pages[0].rects) / MM
    assert 13.0 < widest <= 14.0 + 1e-6, widest
