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


def test_pnp_new_says_whether_it_started_a_project_or_added_the_game_to_one(project, tmp_path):
    """docs/getting-started.md: "It says which it did": an empty folder gets a new project, a project the game beside its others."""
    fresh = new_game(tmp_path / "my-games", "crystal-caves")
    assert fresh.exit_code == 0 and f"to a new project in {(tmp_path / 'my-games').resolve()}" in fresh.output, fresh.output
    added = new_game(project, "second")
    assert added.exit_code == 0 and f"to the project in {project.resolve()}" in added.output, added.output
    assert "new project" not in added.output


def test_pnp_new_ends_by_naming_the_build_to_run_and_the_cards_pdf_it_will_write(tmp_path):
    """The next step a first game is told is the one docs/getting-started.md gives: `pnp build`, its cards in
    output/<game>/ (output/crystal-caves/*.pdf), named <game>-cards.pdf."""
    result = new_game(tmp_path / "my-games", "crystal-caves")
    assert result.output.splitlines()[-1] == "next: pnp build crystal-caves   (then open output/crystal-caves/crystal-caves-cards.pdf)", result.output


def test_a_game_named_with_underscores_is_titled_in_words(tmp_path):
    """`crystal_caves` is titled as `crystal-caves` is: Crystal Caves, each word capitalised, no underscore printed."""
    folder = tmp_path / "my-games"
    assert new_game(folder, "crystal_caves").exit_code == 0
    assert "title: Crystal Caves" in (folder / "data/crystal_caves/game.yaml").read_text(encoding="utf-8").splitlines()


def test_pnp_new_refuses_a_name_ending_in_a_line_break_and_writes_nothing(tmp_path):
    """docs/safety.md: `pnp new`'s game name must match from its first character to its last, so no folder's name
    holds a line break."""
    folder = tmp_path / "my-games"
    result = new_game(folder, "caves\n")
    assert result.exit_code == 2 and "use lower-case letters, digits, - and _, like crystal-caves" in result.output, result.output
    assert list(folder.iterdir()) == []


def test_pnp_icons_credits_a_bundled_icon_to_game_icons_net_under_cc_by_3(tmp_path):
    """An icon of the bundled set is listed with the credit its licence asks: game-icons.net, CC BY 3.0 (docs/getting-started.md)."""
    result = run_pnp(tmp_path, "icons", "death-skull")
    assert result.exit_code == 0, result.output
    assert "death-skull  (game-icons.net, CC BY 3.0)" in result.output.splitlines(), result.output


def test_pnp_icons_lists_the_projects_own_icon_by_its_file(project):
    """The project's own icons (templates/icons/NAME.svg) are found as the bundled ones are, listed with their file."""
    (project / "templates/icons").mkdir()
    (project / "templates/icons/zzgem.svg").write_text(SQUARE_SVG, encoding="utf-8")
    result = run_pnp(project, "icons", "zzgem")
    assert result.exit_code == 0, result.output
    assert "zzgem  (templates/icons/zzgem.svg)" in result.output.splitlines(), result.output


def test_pnp_icons_with_game_also_lists_that_games_own_icons(project):
    """`--game tiny` searches templates/tiny/icons/ too; without it, a game's own icon is not among the names."""
    (project / "templates/tiny/icons").mkdir()
    (project / "templates/tiny/icons/zzgem.svg").write_text(SQUARE_SVG, encoding="utf-8")
    result = run_pnp(project, "icons", "zzgem", "--game", "tiny")
    assert result.exit_code == 0, result.output
    assert "zzgem  (templates/tiny/icons/zzgem.svg)" in result.output.splitlines(), result.output
    assert run_pnp(project, "icons", "zzgem").exit_code == 2


def test_the_icon_contact_sheet_prints_on_us_letter_unless_told(tmp_path):
    """`--paper` defaults to letter (docs/commands.md): 8.5 × 11 in, 612 × 792 pt."""
    import pdfplumber

    assert run_pnp(tmp_path, "icons", "death-skull").exit_code == 0
    with pdfplumber.open(tmp_path / "output/icons-death-skull.pdf") as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)


def test_the_icon_contact_sheet_labels_each_icon_with_the_name_to_write(tmp_path):
    """Each icon on the sheet is labelled with the name a template or text writes (`death-skull`, hyphen and all)."""
    assert run_pnp(tmp_path, "icons", "death-skull").exit_code == 0
    words = pdf_text(tmp_path / "output/icons-death-skull.pdf").split()
    assert "death-skull" in words, words


SQUARE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n'


def test_pnp_new_says_it_wrote_a_gitignore_only_when_it_wrote_one(tmp_path):
    """A folder holding only its own .gitignore is empty to `pnp new` (a new project starts there), and that file is
    left as it was: the line saying what was written names no .gitignore. An empty folder's says it wrote one."""
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / ".gitignore").write_text("*.tmp\n", encoding="utf-8")
    result = new_game(kept, "crystal-caves")
    assert result.exit_code == 0 and "to a new project in" in result.output, result.output
    assert ".gitignore" not in result.output, result.output
    assert (kept / ".gitignore").read_text(encoding="utf-8") == "*.tmp\n"
    fresh = new_game(tmp_path / "fresh", "crystal-caves")
    assert "and a .gitignore leaving output/ out" in fresh.output, fresh.output


def test_pnp_new_adding_a_game_to_a_project_writes_no_gitignore_into_it(project):
    """The .gitignore is a new project's (docs/safety.md: `pnp new` writes a project's `.gitignore`): a game added to a
    project that keeps none leaves the project's files as they were, and says it wrote data/ and templates/ alone."""
    assert not (project / ".gitignore").exists()
    result = new_game(project, "second")
    assert result.exit_code == 0, result.output
    assert not (project / ".gitignore").exists() and ".gitignore" not in result.output, result.output


def test_pnp_icons_writes_its_contact_sheet_to_the_file_sheet_names(tmp_path):
    """`--sheet FILE` is where the contact sheet goes, and the only file written."""
    (tmp_path / "mine").mkdir()
    result = run_pnp(tmp_path, "icons", "death-skull", "--sheet", str(tmp_path / "mine/skulls.pdf"))
    assert result.exit_code == 0, result.output
    assert "death-skull" in pdf_text(tmp_path / "mine/skulls.pdf").split()
    assert not (tmp_path / "output").exists()


def test_pnp_icons_run_in_a_folder_below_the_project_lists_the_projects_own_icons(project, monkeypatch):
    """Without --root, `pnp icons` reads the nearest project at or above the folder it runs in, as every command does."""
    from click.testing import CliRunner

    from pnp.cli import main

    (project / "templates/icons").mkdir()
    (project / "templates/icons/zzgem.svg").write_text(SQUARE_SVG, encoding="utf-8")
    monkeypatch.chdir(project / "data/tiny")
    result = CliRunner().invoke(main, ["icons", "zzgem"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "zzgem  (templates/icons/zzgem.svg)" in result.output.splitlines(), result.output


def test_the_icon_contact_sheet_is_headed_with_the_word_searched(tmp_path):
    """The sheet says what it shows: `pnp icons death-skull`'s is headed "Icons holding 'death-skull': 1–1 of 1"."""
    assert run_pnp(tmp_path, "icons", "death-skull").exit_code == 0
    heading = pdf_text(tmp_path / "output/icons-death-skull.pdf").splitlines()[0]
    assert heading == "Icons holding 'death-skull': 1–1 of 1", heading


def test_the_icon_contact_sheets_grid_is_centred_across_the_page(tmp_path):
    """A full row's first and last labels stand as far from the page's left and right edges: US Letter is 612 pt
    wide, so their centres lie evenly either side of 306 pt."""
    import pdfplumber

    result = run_pnp(tmp_path, "icons", "dragon")  # 11 names: a full row of 8
    assert result.exit_code == 0 and sum(1 for line in result.output.splitlines() if "(" in line) >= 8, result.output
    with pdfplumber.open(tmp_path / "output/icons-dragon.pdf") as pdf:
        page = pdf.pages[0]
        labels = [w for w in page.extract_words() if round(w["bottom"] - w["top"]) < 7]  # the 5.5 pt names, not the 9 pt heading
        first_row = min(round(w["top"]) for w in labels)
        centres = [(w["x0"] + w["x1"]) / 2 for w in labels if round(w["top"]) == first_row]
        assert len(centres) == 8, centres
        assert abs((min(centres) + max(centres)) / 2 - page.width / 2) < 0.5, (min(centres), max(centres), page.width)


def test_a_new_game_prints_one_player_aid_for_each_of_its_four_players(tmp_path):
    """The game `pnp new` writes is for 2–4 players, and its reference.yaml asks one aid a player: four aids, each
    numbered 1 / 2 on its front."""
    folder = tmp_path / "my-games"
    assert new_game(folder).exit_code == 0
    assert run_pnp(folder, "build", "--only", "reference", "-q").exit_code == 0
    text = pdf_text(folder / "output/crystal-caves/crystal-caves-reference.pdf")
    assert text.count("Crystal Caves 1 / 2") == 4, text


def test_a_new_game_says_it_is_written_in_project_format_1(tmp_path):
    """docs/data-format.md: `format_version:` says which project format a game is written in, and `pnp new` writes it."""
    import yaml

    folder = tmp_path / "my-games"
    assert new_game(folder).exit_code == 0
    assert yaml.safe_load((folder / "data/crystal-caves/game.yaml").read_text(encoding="utf-8"))["format_version"] == 1


def _new_from_elsewhere(tmp_path, monkeypatch, folder: str):
    """`pnp --root DIR new caves` run from a folder outside DIR (DIR named `folder`): DIR, and the last line pnp says."""
    from click.testing import CliRunner

    from pnp.cli import main

    here, games = tmp_path / "here", (tmp_path / folder).resolve()
    here.mkdir()
    (here / "notes.txt").write_text("not a project\n", encoding="utf-8")
    monkeypatch.chdir(here)
    result = CliRunner().invoke(main, ["--root", str(games), "new", "caves"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return games, result.output.splitlines()[-1]


def test_pnp_new_into_a_root_elsewhere_names_that_folder_in_the_next_step_it_gives(tmp_path, monkeypatch):
    """`pnp --root DIR new NAME` run from a folder outside DIR: the build it tells the designer to run next must find
    the game from where they stand, so it names DIR (a bare `pnp build NAME` there finds no project), and the cards
    PDF to open is DIR's."""
    import shlex

    from click.testing import CliRunner

    from pnp.cli import main

    games, told = _new_from_elsewhere(tmp_path, monkeypatch, "games")
    assert told == f"next: pnp --root {games} build caves   (then open {games}/output/caves/caves-cards.pdf)", told
    command = shlex.split(told.removeprefix("next: ").split("   (")[0])
    assert command[0] == "pnp"
    built = CliRunner().invoke(main, [*command[1:], "--only", "cards", "-q"], catch_exceptions=False)
    assert built.exit_code == 0 and (games / "output/caves/caves-cards.pdf").is_file(), built.output


def test_pnp_icons_without_a_word_writes_output_icons_pdf_headed_icons(project, monkeypatch):
    """`pnp icons` with no word lists every icon and writes output/icons.pdf (its --sheet help: output/icons[-WORD].pdf),
    headed "Icons", no word said. The game-icons.net set is set aside here (4,000 icons take seconds to draw): the
    project's own two icons and pnp's own star are all."""
    from pnp.data.project import Project

    monkeypatch.setattr(Project, "icon_library_file", lambda self: self.root / "no-bundled-set.zip")
    (project / "templates/icons").mkdir()
    for name in ("zzgem", "zzcoin"):
        (project / f"templates/icons/{name}.svg").write_text(SQUARE_SVG, encoding="utf-8")
    result = run_pnp(project, "icons")
    assert result.exit_code == 0, result.output + result.stderr
    assert [line.split()[0] for line in result.output.splitlines() if "(" in line] == ["star", "zzcoin", "zzgem"], result.output
    assert sorted(p.name for p in (project / "output").glob("icons*.pdf")) == ["icons.pdf"]
    assert pdf_text(project / "output/icons.pdf").splitlines()[0] == "Icons: 1–3 of 3"


def test_pnp_icons_paper_a4_prints_its_contact_sheet_on_a4(tmp_path):
    """`--paper a4`: ISO 216's 210 × 297 mm, 595 × 842 pt, not the default Letter."""
    import pdfplumber

    assert run_pnp(tmp_path, "icons", "death-skull", "--paper", "a4").exit_code == 0
    with pdfplumber.open(tmp_path / "output/icons-death-skull.pdf") as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (595, 842)


def test_a_new_games_player_aid_says_the_hand_size_game_yaml_gives(tmp_path):
    """game.yaml's facts are "numbers the rulebook quotes, kept in one place": a hand of 5 written there is the aid's
    "Hold at most 5 cards." at the next build."""
    folder = tmp_path / "my-games"
    assert new_game(folder).exit_code == 0
    game = folder / "data/crystal-caves/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("hand_size: 3", "hand_size: 5"), encoding="utf-8")
    assert run_pnp(folder, "build", "--only", "reference", "-q").exit_code == 0
    text = " ".join(pdf_text(folder / "output/crystal-caves/crystal-caves-reference.pdf").split())
    assert "Hold at most 5 cards." in text and "at most 3" not in text, text


def test_a_new_games_rulebook_counts_the_cards_of_the_sheet_as_changed(tmp_path):
    """docs/getting-started.md: the rulebook quotes the data, so "Change a row, run `pnp build` again": two more ruby
    shards in crystals.csv (and the components the rules promise) make the deck 20 cards, 8 of them ruby."""
    folder = tmp_path / "my-games"
    assert new_game(folder).exit_code == 0
    sheet, game = folder / "data/crystal-caves/decks/crystals.csv", folder / "data/crystal-caves/game.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("ruby-1,Ruby shard,ruby,1,3,", "ruby-1,Ruby shard,ruby,1,5,"), encoding="utf-8")
    game.write_text(game.read_text(encoding="utf-8").replace("count: 18", "count: 20").replace("ruby: 6,", "ruby: 8,"), encoding="utf-8")
    result = run_pnp(folder, "build", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    rules = " ".join(pdf_text(folder / "output/crystal-caves/crystal-caves-rulebook.pdf").split())
    assert "the deck holds 20 cards, 8 of them ruby" in rules, rules


def test_a_new_games_card_backs_print_the_title_game_yaml_gives(tmp_path):
    """The backs print the game's title as game.yaml says it now, not the title `pnp new` made from the name."""
    folder = tmp_path / "my-games"
    assert new_game(folder).exit_code == 0
    game = folder / "data/crystal-caves/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: Crystal Caves", "title: Gem Hunt"), encoding="utf-8")
    assert run_pnp(folder, "build", "--only", "cards", "-q").exit_code == 0
    text = pdf_text(folder / "output/crystal-caves/crystal-caves-cards.pdf")
    assert "Crystal Caves" not in text and text.count("Gem Hunt") >= 18, text


def test_pnp_new_into_a_root_with_a_space_tells_a_next_step_that_runs_as_pasted(tmp_path, monkeypatch):
    """`pnp --root "my games" new caves` run elsewhere: the build it tells, pasted into a shell, hands pnp the folder
    as one word (quoted), not `my` and `games`."""
    import shlex

    games, told = _new_from_elsewhere(tmp_path, monkeypatch, "my games")
    told = told.removeprefix("next: ").split("   (then open")[0]
    assert shlex.split(told) == ["pnp", "--root", str(games), "build", "caves"], told


def test_pnp_new_refuses_a_name_whose_data_folder_exists_and_leaves_that_folder_as_it_was(project):
    """A name is taken when data/<name>/ is there, whatever it holds (a designer's notes before the game): refused at that
    folder, its files left alone, nothing written into it."""
    notes = project / "data/caves"
    notes.mkdir()
    (notes / "ideas.txt").write_text("a cave of echoes\n", encoding="utf-8")
    clash = new_game(project, "caves")
    assert clash.exit_code == 2 and f"{notes.resolve()} already exists: choose another name, or remove it" in clash.output, clash.output
    assert sorted(p.name for p in notes.iterdir()) == ["ideas.txt"] and not (project / "templates/caves").exists()


def test_pnp_new_says_how_many_files_it_wrote_its_gitignore_among_them(tmp_path):
    """"wrote N files": N is every file the new project holds, the .gitignore it wrote too."""
    folder = tmp_path / "my-games"
    result = new_game(folder, "crystal-caves")
    written = sorted(p for p in folder.rglob("*") if p.is_file())
    assert (folder / ".gitignore") in written
    assert result.output.startswith(f"wrote {len(written)} files for 'crystal-caves' to a new project in "), result.output


def test_pnp_new_run_in_a_folder_below_a_project_tells_the_bare_build_that_runs_from_there(project):
    """docs/getting-started.md: only `pnp --root DIR new` run from outside DIR names DIR in the next step; from a folder
    below the project a bare `pnp build` finds it, and that is the step told."""
    result = new_game(project / "data", "second")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "next: pnp build second   (then open output/second/second-cards.pdf)", result.output
