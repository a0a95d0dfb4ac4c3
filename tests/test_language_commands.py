"""Every command that reads a game reads the edition `--lang` asks for, as `build` does: `list` shows its words,
`export` and `preview` write folders named for it, `watch` rebuilds it; a language the game does not list stops each
with the located error `build` gives."""
from __future__ import annotations

import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp, watch_once
from test_languages import CARD, DECK, GAME, RULES_DE, RULES_EN, pdf_text


@pytest.fixture
def two(tmp_path) -> Path:
    """The two-language test game of tests/test_languages.py."""
    root = tmp_path / "two"
    (root / "data" / "duo" / "decks").mkdir(parents=True)
    (root / "templates" / "duo").mkdir(parents=True)
    for rel, text in (("data/duo/game.yaml", GAME), ("data/duo/decks/beasts.yaml", DECK), ("data/duo/rulebook.md", RULES_EN),
                      ("data/duo/rulebook.de.md", RULES_DE), ("templates/duo/card.j2", CARD)):
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_list_shows_the_german_edition(two):
    result = run_pnp(two, "list", "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "Biester" in result.output and "[de]" in result.output and "Beasts" not in result.output
    assert "Beasts" in run_pnp(two, "list").output


def test_export_writes_the_german_edition_into_folders_named_for_it(two):
    result = run_pnp(two, "export", "duo", "--format", "pod", "--lang", "de")
    assert result.exit_code == 0, result.output
    folder = two / "output" / "duo" / "pod-de"
    pdfs = sorted(folder.glob("*.pdf"))
    assert pdfs and "Drache" in pdf_text(pdfs[0]) and "Dragon" not in pdf_text(pdfs[0])
    assert not (two / "output" / "duo" / "pod").exists()  # the English export is not overwritten


def test_preview_writes_the_german_faces_beside_the_english(two):
    for lang in ("de", None):
        result = run_pnp(two, "preview", "duo", "--dpi", "30", *(("--lang", lang) if lang else ()))
        assert result.exit_code == 0, result.output
    german = {p.relative_to(two / "output" / "duo" / "preview-de"): p.read_bytes() for p in (two / "output" / "duo" / "preview-de").rglob("*.png")}
    english = {p.relative_to(two / "output" / "duo" / "preview"): p.read_bytes() for p in (two / "output" / "duo" / "preview").rglob("*.png")}
    assert german.keys() == english.keys() and german
    assert all(german[name] != english[name] for name in german)  # every face prints "Kreatur" where the English prints "Creature"


def test_watch_rebuilds_the_german_edition(two):
    rules = two / "data" / "duo" / "rulebook.de.md"
    printed = watch_once(two, "duo", lambda: rules.write_text(RULES_DE + "\nDie Eule zieht zuletzt.\n", encoding="utf-8"), args=("--lang", "de"))
    assert "duo-rulebook-de.pdf" in printed, printed
    assert "Die Eule zieht zuletzt." in pdf_text(two / "output" / "duo" / "duo-rulebook-de.pdf")


@pytest.mark.parametrize("command", [("list",), ("preview", "duo"), ("export", "duo", "--format", "png"), ("watch", "duo"), ("serve", "duo"),
                                     ("bundle", "duo"), ("showcase", "duo")])
def test_a_language_the_game_does_not_list_is_the_located_error_build_gives(two, command):
    with socket.socket() as taken:  # serve is given a port in use: were the language let through, it stops there, not serving on
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = ("--port", str(taken.getsockname()[1])) if command[0] == "serve" else ()
        if command[0] == "watch":  # in its own process: were the language let through, it would watch on, till the timeout
            done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(two), *command, "--lang", "fr"], capture_output=True, text=True, timeout=120)
            code, output = done.returncode, done.stdout + done.stderr
        else:
            result = run_pnp(two, *command, *port, "--lang", "fr")
            code, output = result.exit_code, result.output
    assert code == 1
    assert "data/duo/game.yaml:4:" in output and "no 'fr' edition" in output, output
    assert not (two / "output" / "duo").exists()


@pytest.mark.parametrize("command", [("serve", "duo"), ("preview", "duo")])
def test_every_edition_at_once_is_refused_where_the_game_lists_them_with_the_command_for_each(two, command):
    """A server or preview follows one edition: `--lang all` of a two-language game is one located error naming both
    languages and the command for the other; of a one-language game it is that one edition (serve then goes on to its
    port, taken here, and stops there)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = ("--port", str(taken.getsockname()[1])) if command[0] == "serve" else ()
        result = run_pnp(two, *command, *port, "--lang", "all")
        assert result.exit_code == 1
        assert "data/duo/game.yaml:4:12: error: this game has 2 editions (en, de)" in result.output, result.output
        assert f"`pnp {command[0]} duo --lang de`" in result.output and result.output.count("error:") == 1
        assert not (two / "output" / "duo").exists()
        if command[0] == "serve":
            game = two / "data" / "duo" / "game.yaml"
            game.write_text(game.read_text(encoding="utf-8").replace("languages: [en, de]\n", ""), encoding="utf-8")
            result = run_pnp(two, *command, *port, "--lang", "all")
            assert result.exit_code == 2 and "cannot listen on 127.0.0.1" in result.output, result.output


def test_every_edition_of_a_one_language_game_is_its_source_named_as_build_names_it(project):
    """`--lang all` of a game with one edition is that edition, the source: `preview` writes it where a plain preview
    does and `watch` the files a plain build writes, as `build --lang all` does; never a folder or file named for a
    language called 'all'."""
    result = run_pnp(project, "preview", "tiny", "--deck", "heroes", "--dpi", "30", "--lang", "all")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("output/tiny/preview: "), result.output
    heroes = project / "data/tiny/decks/heroes.yaml"
    printed = watch_once(project, "tiny", lambda: heroes.write_text(heroes.read_text(encoding="utf-8").replace("name: Rogue", "name: Thief"),
                                                                     encoding="utf-8"), args=("--lang", "all"))
    assert "output/tiny/tiny-cards.pdf" in printed, printed
    assert sorted(p.name for p in (project / "output/tiny").iterdir() if "-all" in p.name) == [], printed


def test_bundle_writes_the_german_edition_with_the_language_in_each_file_name(two):
    result = run_pnp(two, "bundle", "duo", "--paper", "letter", "--lang", "de")
    assert result.exit_code == 0, result.output
    folder = two / "output" / "duo" / "bundle"
    assert sorted(p.name for p in folder.iterdir()) == ["duo-bundle-letter-de.pdf", "duo-bundle-letter-ink-saver-de.pdf", "duo-feedback-de.pdf",
                                                         "duo-print-and-play-letter-de.zip"]
    text = pdf_text(folder / "duo-bundle-letter-de.pdf")
    assert "Drache" in text and "Der Drache beginnt immer." in text  # the German card names and rulebook, from the data
    assert "Dragon" not in text
    assert "Druckeinstellungen" in text and "Materialliste" in text and "Print settings" not in text  # the bundle's own pages: pnp's German words
    with zipfile.ZipFile(folder / "duo-print-and-play-letter-de.zip") as zf:
        readme = zf.read("README.txt").decode()
    assert "Dateien:" in readme and "Files:" not in readme, readme


def test_showcase_writes_the_german_pictures_beside_the_english(two):
    result = run_pnp(two, "showcase", "duo", "--width", "200", "--lang", "all")
    assert result.exit_code == 0, result.output
    german, english = two / "output" / "duo" / "showcase-de", two / "output" / "duo" / "showcase"
    assert sorted(p.name for p in german.iterdir()) == sorted(p.name for p in english.iterdir()) == ["beasts-contact.png", "hand.png", "table.png"]
    assert (german / "beasts-contact.png").read_bytes() != (english / "beasts-contact.png").read_bytes()  # "Drache" where the English prints "Dragon"
