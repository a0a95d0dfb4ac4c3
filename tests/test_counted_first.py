"""A folder of more files than a game can print is refused from its count, before any of its files is opened or hashed
(issue 74: 100,000 images were each hashed, 192 s, before the deck's count refused them)."""
from __future__ import annotations

import json
import os
import sys

from conftest import run_pnp

from pnp.core.folder_count import MAX_GAME_FILES
from pnp.data.schema import MAX_CARDS_PER_DECK

OPENED: list[str] = []
WATCHING: list[str] = []


def _hook(event: str, args: tuple) -> None:
    if WATCHING and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if path.startswith(WATCHING[0]):
            OPENED.append(path)


sys.addaudithook(_hook)  # an audit hook stays for the process's life: it records only while a test watches


def _art(project, count: int) -> str:
    """An image deck over `count` empty images (made cheaply: nothing in them is read if the count is checked first)."""
    art = project / "data/tiny/decks/art"
    art.mkdir()
    for i in range(count):
        os.close(os.open(art / f"c{i:05d}.png", os.O_CREAT | os.O_WRONLY, 0o644))
    (project / "data/tiny/decks/art.yaml").write_text("name: Art\nsize: poker\nfront: tiny/hero.j2\ncards_from: art/\n", encoding="utf-8")
    return os.fspath(art)


def _watched(root, art: str, *args: str):
    OPENED.clear()
    WATCHING[:] = [art + os.sep]
    try:
        return run_pnp(root, *args)
    finally:
        WATCHING.clear()


def test_a_game_folder_past_its_file_count_is_refused_before_any_file_is_read(built_project):
    art = _art(built_project, MAX_GAME_FILES + 1)  # the previous build's record is there: its standing would hash them all
    result = _watched(built_project, art, "build")
    assert result.exit_code == 1, result.output + result.stderr
    assert f"data/tiny: error: data/tiny/ holds over {MAX_GAME_FILES:,} files" in result.stderr
    assert "internal error" not in result.output + result.stderr
    assert OPENED == []


def test_an_image_folder_past_a_decks_card_count_is_refused_before_its_images_are_read(project):
    art = _art(project, MAX_CARDS_PER_DECK + 1)
    result = _watched(project, art, "validate", "--quick")
    assert result.exit_code == 1
    assert f"data/tiny/decks/art.yaml:4:13: error: cards_from names the folder data/tiny/decks/art/, which holds {MAX_CARDS_PER_DECK + 1:,} images" in result.stderr
    assert OPENED == []


def test_a_folder_of_exactly_a_decks_card_limit_is_a_deck_and_one_image_more_is_the_one_error(project):
    """A deck holds at most MAX_CARDS_PER_DECK cards: a folder of that many images is read as a deck; one more is the
    one error, `deck-too-many-images` of the game at `cards_from`, as `validate --format json` gives it."""
    art = _art(project, MAX_CARDS_PER_DECK)
    result = run_pnp(project, "validate", "tiny", "--quick", "--format", "json")
    assert [f for f in json.loads(result.stdout) if f["severity"] == "error"] == [], result.stdout
    os.close(os.open(os.path.join(art, "z.png"), os.O_CREAT | os.O_WRONLY, 0o644))
    result = run_pnp(project, "validate", "tiny", "--quick", "--format", "json")
    said = [(f["code"], f["game"], f["file"], f["line"], f["column"]) for f in json.loads(result.stdout) if f["severity"] == "error"]
    assert said == [("deck-too-many-images", "tiny", "data/tiny/decks/art.yaml", 4, 13)], result.stdout

def test_a_link_in_a_game_folder_counts_as_one_file_whatever_it_leads_to(project, tmp_path):
    """A designer's link to a picture library of their own (more files than a game may hold) is not followed as the
    game's files are counted: the game is checked, not refused for the library's size."""
    library = tmp_path / "library"
    library.mkdir()
    for i in range(MAX_GAME_FILES + 1):
        os.close(os.open(library / f"p{i:05d}.png", os.O_CREAT | os.O_WRONLY, 0o644))
    (project / "data/tiny/library").symlink_to(library, target_is_directory=True)
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert "holds over" not in result.output + result.stderr
    assert result.exit_code == 0, result.output + result.stderr
