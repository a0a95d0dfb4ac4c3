"""What the build cache's seal covers, held in process (issue #76 item 1: pnp/pipeline/steady.py and
pnp/pipeline/cache.py's keys): a game's standing, by which a build is answered without being read, moves with every
file it stood on (its folder, its output folder, its cache and printed-cards records, art it opened elsewhere), with
what all games share and with the options; an output's key moves with each file its kind reads and no other. A
changed input must rebuild, and nothing through a link out of the project, or a named pipe, is read to find out.
test_kept_builds and test_steady_games hold the same through whole builds; these take a few milliseconds each."""
from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path

import pytest
from conftest import TEST_PROJECT

from pnp.core import files as files_module
from pnp.core.files import file_sha256
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline import cache as cache_module
from pnp.pipeline.cache import ENGINE_DIR, GameCache, GameFiles, cache_path, deck_files, output_key, read_name, read_path, shared_inputs_hash
from pnp.pipeline.printed_cards import stamps_path
from pnp.pipeline.steady import KeptBuilds, standing_of


@pytest.fixture
def root(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "output/tiny").mkdir(parents=True)
    return root


def standing(root: Path, shared: str = "shared", validate: bool = True, **options):
    return standing_of(Project(root), "tiny", [Options(out=root / "output", **options)], shared, validate)


def test_a_standing_holds_while_nothing_changes(root):
    assert standing(root) == standing(root) and standing(root).digest() == standing(root).digest()


@pytest.mark.parametrize("change", ["edit", "add", "remove", "rename"])
def test_any_change_to_a_file_of_the_games_folder_moves_its_standing_and_its_inputs(root, change):
    before = standing(root)
    deck = root / "data/tiny/decks/heroes.yaml"
    {"edit": lambda: deck.write_text(deck.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8"),
     "add": lambda: (root / "data/tiny/notes.txt").write_text("new", encoding="utf-8"),
     "remove": lambda: (root / "data/tiny/rulebook.md").unlink(),
     "rename": lambda: deck.rename(deck.with_name("heroes2.yaml"))}[change]()
    after = standing(root)
    assert after.digest() != before.digest() and not after.same_inputs(before)


@pytest.mark.parametrize("record", ["output", "cache", "printed"])
def test_an_output_or_record_changed_moves_the_standing_but_no_input(root, record):
    """What a build wrote is no input, but an answer from a standing stands for it: a changed or removed output, or
    cache or printed-cards record, means the kept build no longer tells what is there."""
    before = standing(root)
    path = {"output": root / "output/tiny/tiny-cards.pdf", "cache": cache_path(root / "output", "tiny"),
            "printed": stamps_path(root / "output", "tiny")}[record]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"written since")
    after = standing(root)
    assert after.digest() != before.digest() and after.same_inputs(before)
    path.write_bytes(b"written again")
    assert standing(root).digest() != after.digest()


def test_what_all_games_share_the_check_and_each_option_move_the_inputs(root):
    before = standing(root)
    for other in (standing(root, shared="other"), standing(root, validate=False), standing(root, paper="a4"), standing(root, bleed=True)):
        assert other.digest() != before.digest() and not other.same_inputs(before)


def test_the_progress_lines_callback_is_no_option_of_the_standing(root):
    assert standing(root, progress=lambda line: None).digest() == standing(root, progress=print).digest()


def test_two_output_folders_are_both_stood_on(root):
    project, outs = Project(root), [root / "output", root / "elsewhere"]
    runs = [Options(out=out) for out in outs]
    before = standing_of(project, "tiny", runs, "s", True)
    (root / "elsewhere/tiny").mkdir(parents=True)
    (root / "elsewhere/tiny/tiny-cards.pdf").write_bytes(b"pdf")
    assert standing_of(project, "tiny", runs, "s", True).digest() != before.digest()


def _read_art(root: Path, name: str, digest: str) -> None:
    """The game's cache records that its cards opened `name` (relative to the project) with bytes of `digest`."""
    cache = GameCache()
    cache.record("cards", "key", {}, {name: digest}, [])
    cache.save(cache_path(root / "output", "tiny"))


def test_art_opened_outside_the_games_folder_is_stood_on_as_read(root):
    art = root / "art/hero.png"
    art.parent.mkdir()
    art.write_bytes(b"picture")
    _read_art(root, "art/hero.png", file_sha256(art))
    before = standing(root)
    assert [(Path(p), now, read) for p, now, read in before.art] == [(art, file_sha256(art), file_sha256(art))] and before.art_as_read()
    art.write_bytes(b"another picture")
    after = standing(root)
    assert not after.art_as_read() and after.digest() != before.digest()
    art.unlink()
    assert not standing(root).art_as_read()


@pytest.mark.parametrize("name", ["data/tiny/decks/heroes.yaml", "templates/tiny/hero.j2"])
def test_a_file_read_inside_a_covered_folder_is_no_art(root, name):
    """The game's folder and the templates are stood on whole: a read of one of their files adds nothing."""
    _read_art(root, name, "anything")
    assert standing(root).art == ()


def test_art_linked_out_of_the_project_is_named_and_never_read(root, tmp_path):
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"secret")
    (root / "art").mkdir()
    (root / "art/hero.png").symlink_to(secret)
    _read_art(root, "art/hero.png", file_sha256(secret))
    assert [now for _, now, _ in standing(root).art] == ["refused: LeavesFolder"]
    assert not standing(root).art_as_read()


def test_a_template_pnp_ships_is_stood_on_where_pnp_keeps_it(root):
    shipped = next(p for p in (ENGINE_DIR / "assets").rglob("*.j2"))
    _read_art(root, read_name(shipped, root), file_sha256(shipped))
    assert [(Path(p), now) for p, now, _ in standing(root).art] == [(shipped, file_sha256(shipped))] and standing(root).art_as_read()


def test_a_game_folder_or_output_folder_linked_elsewhere_has_no_standing(root, tmp_path):
    shutil.move(root / "output/tiny", tmp_path / "theirs")
    (root / "output/tiny").symlink_to(tmp_path / "theirs")
    assert standing(root) is None
    (root / "output/tiny").unlink()
    assert standing(root) is not None, "an output folder not made yet is stood on as empty"
    shutil.move(root / "data/tiny", tmp_path / "game")
    (root / "data/tiny").symlink_to(tmp_path / "game")
    assert standing(root) is None


def test_a_link_in_the_games_folder_is_named_by_where_it_leads_and_never_read_out_of_it(root, tmp_path):
    (tmp_path / "secret.yaml").write_text("secret", encoding="utf-8")
    (root / "data/tiny/out.yaml").symlink_to(tmp_path / "secret.yaml")
    (root / "data/tiny/in.yaml").symlink_to(root / "data/tiny/game.yaml")
    digests = {Path(name).name: digest for name, digest in standing(root).inputs}
    assert digests["out.yaml"] == "refused: LeavesFolder"
    assert digests["in.yaml"] == file_sha256(root / "data/tiny/game.yaml")
    (root / "data/tiny/gone.yaml").symlink_to(root / "data/tiny/nothing.yaml")
    assert {Path(name).name: digest for name, digest in standing(root).inputs}["gone.yaml"] == "missing"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_in_the_games_folder_is_named_by_its_kind_not_waited_on(root):
    os.mkfifo(root / "data/tiny/pipe.yaml")
    digests = {Path(name).name: digest for name, digest in standing(root).inputs}
    assert digests["pipe.yaml"] == "refused: a named pipe"


def test_a_cache_record_that_is_a_link_is_named_a_link_and_not_read(root, tmp_path):
    (tmp_path / "their.json").write_text("{}", encoding="utf-8")
    record = cache_path(root / "output", "tiny")
    record.parent.mkdir(parents=True, exist_ok=True)
    record.symlink_to(tmp_path / "their.json")
    files = standing(root).built[1]
    assert (os.fspath(record), "a link") in files


@pytest.mark.parametrize("options", [Options(changed=True), Options(mark_printed=True), Options(decks=("heroes",)), Options(cards=("knight",)),
                                     Options(without=frozenset({"steady"}))], ids=["changed", "mark-printed", "decks", "cards", "without"])
def test_a_build_that_reads_the_printed_record_picks_cards_or_goes_without_is_never_answered_from_a_kept_build(options):
    assert KeptBuilds.serve([Options()]) and not KeptBuilds.serve([Options(), options])


def test_each_edition_keeps_its_build_apart(root):
    """`--lang all` builds each edition in turn: the French build kept after the English one leaves the English one
    kept, each answered with what its own build found, in the build cache's `builds/<game>.json` and
    `builds/<game>.<language>.json` (docs/build-internals.md)."""
    from pnp.core.errors import Loc, warning
    from pnp.pipeline.built import GameBuild
    from pnp.pipeline.cache import CACHE_DIR

    def kept(lang: str | None) -> KeptBuilds:
        return KeptBuilds(Project(root), [Options(out=root / "output", lang=lang)], True)

    said = {None: [], "fr": [warning("probe", "the French edition's own finding", Loc("data/tiny/game.yaml", 1, 1))]}
    for lang, found in said.items():
        builds = kept(lang)
        assert builds.answer("tiny") is None  # nothing kept yet for this edition
        builds.remember("tiny", found, GameBuild("tiny", [], [([], [], 0.0)]), strict=False)
    for lang, found in said.items():
        answered = kept(lang).answer("tiny")
        assert answered is not None and answered[0] == found, lang
    assert sorted(p.name for p in (root / "output" / CACHE_DIR / "builds").iterdir()) == ["tiny.fr.json", "tiny.json"]  # builds/<game>.json


# an output's key: the files its kind reads, and no other


def key(root: Path, kind: str, shared: str = "s", options: str = "o", also: str = "") -> str:
    return output_key(Project(root).load_game("tiny")[0], kind, shared, options, also)


@pytest.mark.parametrize("kind, reads, ignores", [
    ("cards", ["game.yaml", "decks/heroes.yaml", "tokens.yaml"], ["boards.yaml", "rulebook.md", "reference.yaml"]),
    ("tokens", ["game.yaml", "tokens.yaml"], ["decks/heroes.yaml", "boards.yaml"]),
    ("rulebook", ["rulebook.md", "reference.yaml", "tokens.yaml"], ["decks/heroes.yaml"]),
    ("reference", ["reference.yaml", "boards.yaml"], ["rulebook.md"]),
])
def test_an_outputs_key_moves_with_each_file_its_kind_reads_and_no_other(root, kind, reads, ignores):
    before = key(root, kind)
    for name in reads + ignores:
        path = root / "data/tiny" / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "\n# edited\n", encoding="utf-8")
        assert (key(root, kind) != before) == (name in reads), name
        path.write_text(text, encoding="utf-8")
    assert key(root, kind) == before


def test_an_outputs_key_moves_with_what_all_outputs_share_the_options_and_what_else_it_reads(root):
    before = key(root, "cards")
    assert len({before, key(root, "cards", shared="t"), key(root, "cards", options="p"), key(root, "cards", also="a")}) == 4


def test_the_card_sheets_key_moves_with_the_spreadsheet_a_deck_reads_its_cards_from(root):
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards_from: heroes.csv\n",
                    encoding="utf-8")
    sheet = root / "data/tiny/decks/heroes.csv"

    def write(name: str) -> None:
        with sheet.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([["id", "name", "stars", "number", "text", "count"], ["knight", name, 3, 1, "Hi.", 2]])

    write("Knight")
    before = key(root, "cards")
    write("Squire")
    assert key(root, "cards") != before


def test_a_key_is_the_same_for_the_same_files_wherever_the_project_lies(root, tmp_path):
    """Files are named relative to the game's folder: a project moved or copied keeps its outputs' keys."""
    moved = tmp_path / "moved"
    shutil.copytree(root, moved)
    assert key(moved, "cards") == key(root, "cards")


def test_a_file_linked_out_of_the_project_counts_by_its_name_and_is_never_opened(root, tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text("tokens: []\n", encoding="utf-8")
    tokens = root / "data/tiny/tokens.yaml"
    game = Project(root).load_game("tiny")[0]  # a game read before its tokens.yaml became a link (a load refuses it)
    tokens.unlink()
    tokens.symlink_to(outside)
    before = output_key(game, "tokens", "s", "o")
    outside.write_text("tokens: [changed]\n", encoding="utf-8")
    assert output_key(game, "tokens", "s", "o") == before, "its bytes were not read"


def test_a_cache_names_a_file_by_the_project_by_pnps_folder_or_whole(tmp_path):
    root = tmp_path / "project"
    assert read_name(root / "art/x.png", root) == os.path.join("art", "x.png")
    assert read_name(ENGINE_DIR / "assets/labels/a.j2", root) == "<pnp>/assets/labels/a.j2"
    assert read_name(tmp_path / "elsewhere.png", root) == str(tmp_path / "elsewhere.png")
    for path in (root / "art/x.png", ENGINE_DIR / "assets/labels/a.j2", tmp_path / "elsewhere.png"):
        assert read_path(read_name(path, root), root) == str(path)


def test_a_checks_part_key_moves_with_its_own_files_alone(root):
    game = Project(root).load_game("tiny")[0]
    files = GameFiles(game)
    deck, boards = game.dir / "decks/heroes.yaml", game.dir / "boards.yaml"
    before = files.key("deck", "s", "t", [deck])
    assert len({before, files.key("other", "s", "t", [deck]), files.key("deck", "z", "t", [deck]), files.key("deck", "s", "u", [deck]),
                files.key("deck", "s", "t", [boards]), files.key("deck", "s", "t")}) == 6
    boards.write_text(boards.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert GameFiles(game).key("deck", "s", "t", [deck]) == before
    assert GameFiles(game).key("deck", "s", "t") != files.key("deck", "s", "t")
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert GameFiles(game).key("deck", "s", "t", [deck]) != before


def test_what_all_games_share_moves_with_a_template_and_a_projects_font(root):
    before = shared_inputs_hash(Project(root))
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after = shared_inputs_hash(Project(root))
    assert after != before
    (root / "templates/tiny/new.j2").write_text("new", encoding="utf-8")
    assert shared_inputs_hash(Project(root)) != after


def test_a_folder_in_the_games_folder_linked_to_another_gives_no_standing(root, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (root / "data/tiny/art").symlink_to(tmp_path / "elsewhere")
    assert standing(root) is None


def test_a_projects_data_folder_linked_out_of_it_gives_no_standing(root, tmp_path):
    shutil.move(root / "data", tmp_path / "data")
    (root / "data").symlink_to(tmp_path / "data")
    assert standing(root) is None


def test_another_games_folder_is_not_stood_on(root):
    before = standing(root)
    shutil.copytree(root / "data/tiny", root / "data/other")
    assert standing(root).digest() == before.digest()


def test_a_link_in_the_games_folder_to_a_file_of_the_project_outside_data_is_named_not_read(root):
    (root / "data/tiny/frame.j2").symlink_to(root / "templates/tiny/frame.j2")
    assert {Path(name).name: digest for name, digest in standing(root).inputs}["frame.j2"] == "refused: LeavesFolder"


def test_a_cache_record_of_an_older_shape_without_reads_stands_on_no_art(root):
    record = cache_path(root / "output", "tiny")
    cache = GameCache(outputs={"cards": {"key": "k", "files": {}}})
    cache.save(record)
    assert standing(root).art == ()


def test_art_in_a_folder_whose_name_begins_with_the_templates_folders_is_stood_on(root):
    art = root / "templates-art/hero.png"
    art.parent.mkdir()
    art.write_bytes(b"picture")
    _read_art(root, "templates-art/hero.png", file_sha256(art))
    assert [Path(p) for p, _, _ in standing(root).art] == [art]


def test_each_output_folders_records_and_art_are_stood_on(root):
    """Two output folders (two papers built into two folders): the records and the art of each count, the first's too."""
    project, outs = Project(root), [root / "output", root / "elsewhere"]
    runs = [Options(out=out) for out in outs]
    art = root / "art/hero.png"
    art.parent.mkdir()
    art.write_bytes(b"picture")
    cache = GameCache()
    cache.record("cards", "key", {}, {"art/hero.png": file_sha256(art)}, [])
    cache.save(cache_path(root / "elsewhere", "tiny"))  # "elsewhere" comes first in name order
    first = standing_of(project, "tiny", runs, "s", True)
    assert [Path(p) for p, _, _ in first.art] == [art]
    cache.record("cards", "other key", {}, {"art/hero.png": file_sha256(art)}, [])
    cache.save(cache_path(root / "elsewhere", "tiny"))
    assert standing_of(project, "tiny", runs, "s", True).digest() != first.digest()


def test_a_decks_files_are_game_yaml_its_own_file_and_its_spreadsheet(root):
    game = Project(root).load_game("tiny")[0]
    assert deck_files(game, game.decks["heroes"]) == [game.dir / "game.yaml", game.dir / "decks/heroes.yaml"]
    (root / "data/tiny/decks/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\ncards_from: heroes.csv\n", encoding="utf-8")
    (root / "data/tiny/decks/heroes.csv").write_text("id,name,stars,number,text,count\nknight,Knight,3,1,Hi.,2\n", encoding="utf-8")
    game = Project(root).load_game("tiny")[0]
    assert deck_files(game, game.decks["heroes"])[-1] == game.dir / "decks/heroes.csv"


def test_a_checks_part_keyed_on_a_file_outside_the_games_folder_reads_it_and_not_through_a_link_out(root, tmp_path):
    game = Project(root).load_game("tiny")[0]
    template = root / "templates/tiny/hero.j2"
    before = GameFiles(game).key("part", "s", "t", [template])
    template.write_text(template.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert GameFiles(game).key("part", "s", "t", [template]) != before
    outside = tmp_path / "outside.yaml"
    outside.write_text("a", encoding="utf-8")
    (root / "data/tiny/linked.yaml").symlink_to(outside)
    (root / "templates/linked.j2").symlink_to(outside)
    keys = GameFiles(game).key("part", "s", "t"), GameFiles(game).key("part", "s", "t", [root / "templates/linked.j2"])
    outside.write_text("b", encoding="utf-8")
    assert (GameFiles(game).key("part", "s", "t"), GameFiles(game).key("part", "s", "t", [root / "templates/linked.j2"])) == keys


def test_what_all_games_share_is_worked_out_again_when_a_settled_template_changes(root, monkeypatch):
    """The shared hash is kept by the templates folder's state once its files have settled: an edit gives a new one."""
    monkeypatch.setattr(files_module, "SETTLE_NS", 0)
    hero = root / "templates/tiny/hero.j2"
    before = shared_inputs_hash(Project(root))
    assert shared_inputs_hash(Project(root)) == before
    hero.write_text(hero.read_text(encoding="utf-8") + "\n{# edited #}\n", encoding="utf-8")
    assert shared_inputs_hash(Project(root)) != before


def test_a_template_linked_out_of_the_project_counts_by_its_name_not_its_bytes(root, tmp_path):
    outside = tmp_path / "outside.j2"
    outside.write_text("a", encoding="utf-8")
    (root / "templates/tiny/linked.j2").symlink_to(outside)
    before = shared_inputs_hash(Project(root))
    outside.write_text("b", encoding="utf-8")
    assert shared_inputs_hash(Project(root)) == before


def test_pnps_own_icons_outside_the_project_count_by_their_bytes(root, tmp_path, monkeypatch):
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "star.svg").write_text("<svg/>", encoding="utf-8")
    monkeypatch.setattr(cache_module, "BUNDLED_ICONS", icons)
    before = shared_inputs_hash(Project(root))
    (icons / "star.svg").write_text("<svg></svg>", encoding="utf-8")
    assert shared_inputs_hash(Project(root)) != before


class _Listed:
    """A file as the folder's listing saw it: a plain file, which may have changed since."""

    def __init__(self, path, stat):
        self.path, self._stat = os.fspath(path), stat

    def is_symlink(self):
        return False

    def stat(self, follow_symlinks=True):
        return self._stat()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_file_that_became_a_named_pipe_or_went_after_it_was_listed_is_named_not_read(root, monkeypatch):
    """The game's folder listed while a save replaces one file by a named pipe and deletes another: the standing names
    each by what it is now, and nothing waits on the pipe."""
    import pnp.pipeline.steady as steady

    plain = root / "data/tiny/game.yaml"
    pipe = root / "data/tiny/later.yaml"
    os.mkfifo(pipe)
    seen_plain = plain.stat

    def gone():
        raise FileNotFoundError(2, "No such file")

    listed = steady.files_under

    def listing(folder):  # as the listing saw them: two plain files
        found = listed(folder)
        if Path(folder) != root / "data/tiny":
            return found
        return [*(item for item in found if item[0] != "later.yaml"),
                ("later.yaml", _Listed(pipe, seen_plain)), ("gone.yaml", _Listed(root / "data/tiny/gone.yaml", gone))]

    monkeypatch.setattr(steady, "files_under", listing)
    digests = {Path(name).name: digest for name, digest in standing(root).inputs}
    assert digests["later.yaml"] == "refused: SpecialFile" and digests["gone.yaml"] == "missing"
