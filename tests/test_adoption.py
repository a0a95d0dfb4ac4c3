"""A first game in minutes: `pnp new`, the icon set, optional fields, and an install that works outside the repository."""
from __future__ import annotations

import os
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
