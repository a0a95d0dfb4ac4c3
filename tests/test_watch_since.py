"""`pnp watch` builds a save made while its first build ran (pnp.pipeline.saves.saved_since, asked once the folders are
watched): a file saved at the moment the build began counts, the look at the folders goes on past a file that is
gone by the time it is looked at, and `Watcher.run` rebuilds for such a save before it waits for the next."""
from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

from pnp.cli import watching
from pnp.pipeline import saves, schedule


def test_a_file_saved_at_the_very_moment_the_first_build_began_counts(tmp_path):
    face = tmp_path / "face.j2"
    face.write_text("{{ card.name }}")
    assert watching.saved_since([str(tmp_path)], face.stat().st_mtime)


def test_a_file_gone_while_the_folders_are_looked_at_stops_nothing(tmp_path, monkeypatch):
    first, second = tmp_path / "data", tmp_path / "templates"
    first.mkdir()
    second.mkdir()
    (first / "cards.yaml").write_text("- name: Hero\n")
    os.utime(first / "cards.yaml", (1, 1))
    (second / "face.j2").write_text("{{ card.name }}")
    made = saves.input_filter

    def gone_as_judged(folders):
        judged = made(folders)

        def judge(change, path: str) -> bool:
            if path.endswith("cards.yaml"):
                os.unlink(path)  # an editor's save: the old file removed between the folder's listing and its look
            return judged(change, path)
        return judge

    monkeypatch.setattr(saves, "input_filter", gone_as_judged)
    assert watching.saved_since([str(first), str(second)], time.time() - 60)
    (first / "cards.yaml").write_text("- name: Hero\n")
    (first / "art").mkdir()
    (first / "art/hero.txt").write_text("Hero")  # in a folder of the same folder, looked at after it
    assert watching.saved_since([str(first)], time.time() - 60)


def test_a_backup_or_an_office_programs_lock_file_is_no_save(tmp_path):
    """What a game's folders ignore (docs/data-format.md: hidden and editors' files) is no save: a backup, an office
    program's lock, vim's swap file, emacs's autosave, macOS's folder notes, and pnp's own temporary."""
    for name in ("face.j2~", "~$cards.xlsx", ".~lock.cards.ods#", "face.j2.123-abc.tmp", ".face.j2.swp", "#face.j2#", ".DS_Store",
                 "._cards.yaml", ".#face.j2"):  # macOS's resource file beside a deck, emacs's lock beside a template
        (tmp_path / name).write_text("")
    (tmp_path / "old.yaml").mkdir()  # a folder is no save, whatever its name
    assert not watching.saved_since([str(tmp_path)], time.time() - 60)
    (tmp_path / "cards.ods").write_text("")
    assert watching.saved_since([str(tmp_path)], time.time() - 60)


def test_a_save_in_a_folder_a_games_folders_ignore_is_no_save_and_a_hidden_folder_above_them_hides_nothing(tmp_path):
    """pnp reads no game from a folder its one rule ignores (docs/data-format.md: a copy `tiny~` or `#tiny#`, a hidden
    `.git`), so a deck saved inside one is no save for `pnp watch`, as it is none for `pnp serve`; the project's own
    folder may sit in a hidden one (`~/.games/…`) and its games' saves still count."""
    data = tmp_path / ".games/project/data"
    for copy in ("tiny~", "#tiny#", "~tiny", ".tiny", ".git"):
        (data / copy / "decks").mkdir(parents=True)
        (data / copy / "decks/heroes.yaml").write_text("- name: Hero\n")
    assert not watching.saved_since([str(data)], time.time() - 60)
    (data / "tiny/decks").mkdir(parents=True)
    (data / "tiny/decks/heroes.yaml").write_text("- name: Hero\n")
    assert watching.saved_since([str(data)], time.time() - 60)



def test_a_project_reached_through_a_link_is_judged_below_the_folder_watched_wherever_either_end_lies(tmp_path):
    """The folders above the watched one are the designer's own business (docs/commands.md), whichever way a link
    runs: a project kept in a hidden `~/.games/` and opened through a plain link, or a plain project opened through a
    link kept in a hidden folder; a game's deck saved in either still counts."""
    kept = tmp_path / ".games/project"
    (kept / "data/tiny/decks").mkdir(parents=True)
    (kept / "data/tiny/decks/heroes.yaml").write_text("- name: Hero\n")
    (tmp_path / "games").symlink_to(kept)
    assert watching.saved_since([str(tmp_path / "games/data")], time.time() - 60)
    plain = tmp_path / "plain"
    (plain / "data/tiny/decks").mkdir(parents=True)
    (plain / "data/tiny/decks/heroes.yaml").write_text("- name: Hero\n")
    (tmp_path / ".links").mkdir()
    (tmp_path / ".links/plain").symlink_to(plain)
    assert watching.saved_since([str(tmp_path / ".links/plain/data")], time.time() - 60)

class _Session:
    """A watch session whose `stop` is set once saves are noted: then nothing more comes (as Ctrl-C)."""

    def __setattr__(self, name, value):
        if name == "stop" and value is not None:
            raise KeyboardInterrupt


def _watcher(folder: Path, rebuild) -> watching.Watcher:
    """A Watcher of `folder` alone whose builds are `rebuild(reason)`, and whose session ends the watch once saves are
    noted (`_Session`)."""

    class Watcher(watching.Watcher):
        def __init__(self):
            self.session, self.project = _Session(), SimpleNamespace(rel=lambda path: Path(path).name)
            self.base = SimpleNamespace(out=folder / "output")

        def folders(self):
            return [str(folder)]

        def rebuild(self, reason):
            rebuild(reason)

    return Watcher()


def test_watch_rebuilds_for_a_save_made_during_its_first_build(tmp_path, monkeypatch):
    face = tmp_path / "face.j2"
    face.write_text("{% for %}")
    os.utime(face, (1, 1))
    reasons = []

    def rebuild(reason):
        reasons.append(reason)
        if reason == "start":
            face.write_text("{% for card in deck %}{% endfor %}")  # the fix, saved while the first build runs
            now = time.time()
            os.utime(face, (now, now))
        else:
            raise KeyboardInterrupt

    monkeypatch.setattr(schedule, "warm_up", lambda *args: None)
    monkeypatch.setattr(schedule, "warm_templates", lambda *args: None)
    _watcher(tmp_path, rebuild).run(debounce=50, exit_after=1)
    assert reasons == ["start", "a save during the first build"]


def test_watch_warms_its_templates_once_it_watches_and_a_save_stops_it(tmp_path, monkeypatch, capsys):
    """The templates are warmed after "watching" is printed, not before (the start build's wait is not made longer),
    asking the saves noted whether one is waiting, so the designer's save stops it."""
    reasons, warmed = [], []

    def warm(project, stop):
        warmed.append((capsys.readouterr().out, stop.__self__.__class__.__name__, stop.__name__))

    monkeypatch.setattr(schedule, "warm_up", lambda *args: None)
    monkeypatch.setattr(schedule, "warm_templates", warm)
    _watcher(tmp_path, reasons.append).run(debounce=50, exit_after=1)
    assert reasons == ["start"]
    assert len(warmed) == 1 and warmed[0][0].startswith("watching "), warmed
    assert warmed[0][1:] == ("Saves", "waiting")


def test_watch_builds_again_for_what_serve_draws_again_and_nothing_else(tmp_path):
    """`pnp watch` and `pnp serve` judge a save by one rule (docs/commands.md): a file of a kind pnp reads, outside the
    folders no game keeps. A PDF or a word processor's notes saved beside the data, and a deck in a `node_modules`,
    `__pycache__`, `venv` or `output` folder under it, are no save; a workbook, a font and a picture are."""
    data = tmp_path / "data"
    for folder in ("node_modules", "__pycache__", "venv", "output"):
        (data / folder).mkdir(parents=True)
        (data / folder / "heroes.yaml").write_text("- name: Hero\n")
    (data / "notes.docx").write_text("")
    (data / "sheet.pdf").write_text("")
    assert not watching.saved_since([str(data)], time.time() - 60)
    for kind in ("cards.xlsx", "Title.otf", "art.webp"):
        (data / kind).write_text("")
        assert watching.saved_since([str(data)], time.time() - 60), kind
        (data / kind).unlink()


def test_the_saves_watch_notes_while_it_runs_are_judged_by_the_same_rule(tmp_path):
    """Past its first build `pnp watch` notes saves as they come (`Saves`), by the one rule `saved_since` keeps: a
    word processor's notes and a PDF saved beside a deck are no save, the deck saved after them is noted."""
    deck, others = tmp_path / "tiny/decks/heroes.yaml", [tmp_path / "tiny/notes.docx", tmp_path / "tiny/sheet.pdf"]
    deck.parent.mkdir(parents=True)
    with watching.Saves([str(tmp_path)], debounce=50) as noted:
        _noted(noted, lambda: (tmp_path / "tiny/ready.yaml").write_text("- name: Probe\n"))  # the watcher listens
        for other in others:
            other.write_text("ideas")
        deck.write_text("- name: Hero\n")
        saved: set[Path] = set()
        deadline = time.monotonic() + 10
        while deck not in saved:  # every batch noted until the deck's, a late probe's among them
            assert time.monotonic() < deadline, f"the deck's save was never noted: {saved}"
            saved |= {Path(p) for p in noted.next()} if noted.waiting() else set()
            time.sleep(0.05)
    assert not saved & set(others), saved


def _noted(noted: watching.Saves, save) -> set[str]:
    """The files `noted` holds once `save()`, made again each tenth of a second (a watcher starts listening just after
    it starts, and nothing tells when), has been noted; the test fails after ten seconds without it."""
    deadline = time.monotonic() + 10
    while not noted.waiting():
        assert time.monotonic() < deadline, "the save was never noted"
        save()
        time.sleep(0.1)
    return noted.next()


def test_a_save_named_outside_every_watched_folder_is_judged_by_its_whole_path(tmp_path):
    """The watcher may name a file by a path outside the folders it was given (a link's target by its real place): the
    rule then judges every folder of that path, so a deck is a save, and one in a game's backup copy is none."""
    import watchfiles

    is_input = saves.input_filter([tmp_path / "project/data"])
    elsewhere = tmp_path / "elsewhere"
    assert is_input(watchfiles.Change.modified, str(elsewhere / "tiny/decks/heroes.yaml"))
    assert not is_input(watchfiles.Change.modified, str(elsewhere / "tiny~/decks/heroes.yaml"))


def test_a_save_of_each_kind_of_file_a_game_is_made_from_is_a_save():
    """docs/commands.md: `pnp watch` rebuilds on every save of data, templates, icons or fonts, and `pnp serve` draws
    again for the same (docs/data-format.md: a deck's YAML or sheet, a template's `.j2`, a rulebook's `.md`, an icon's
    `templates/<game>/icons/*.svg`, a picture, a font): each is judged a save under the watched folder."""
    import watchfiles

    is_input = saves.input_filter(["/project"])
    for name in ("data/tiny/decks/heroes.yaml", "data/tiny/decks/heroes.csv", "data/tiny/decks/heroes.xlsx", "templates/tiny/hero.j2",
                 "data/tiny/rulebook.md", "templates/tiny/icons/star.svg", "data/tiny/art/knight.png", "fonts/Title.ttf"):
        assert is_input(watchfiles.Change.modified, f"/project/{name}"), name


def test_a_picture_or_a_sheet_saved_with_its_suffix_in_capitals_is_a_save():
    """A camera names its pictures in capitals (HERO.JPG), an old spreadsheet program its sheets (CARDS.CSV), and pnp
    draws them as it draws hero.jpg and cards.csv (a picture's and a sheet's suffix read in any case): each is a save."""
    import watchfiles

    is_input = saves.input_filter(["/project"])
    for name in ("data/tiny/art/HERO.JPG", "data/tiny/art/Knight.Png", "data/tiny/decks/CARDS.CSV"):
        assert is_input(watchfiles.Change.modified, f"/project/{name}"), name


def test_a_proxy_projects_json_in_a_games_folder_is_a_save_and_a_json_elsewhere_in_the_project_none():
    """A proxy printer's project file a deck deals from lies in a game's folder under data/ (pnp.data.proxy_projects):
    saving it is a save. A JSON file elsewhere under the watched folder (an export copied beside the project, a tool's
    settings) is nothing pnp reads: saving it is none."""
    import watchfiles

    is_input = saves.input_filter(["/project"])
    assert is_input(watchfiles.Change.modified, "/project/data/tiny/print.json")
    assert not is_input(watchfiles.Change.modified, "/project/exports/tiny-tts.json")
    assert not is_input(watchfiles.Change.modified, "/project/templates/tiny/settings.json")


def test_a_folder_just_made_under_the_watched_folder_passes_and_one_a_game_ignores_does_not(tmp_path):
    """Files copied into a folder just made may land before the watcher looks inside it: the folder's arrival itself
    passes (`pnp serve` lists what it holds); a folder a game's folders ignore (a backup copy `art~`) does not."""
    import watchfiles

    made, ignored = tmp_path / "data/tiny/art", tmp_path / "data/tiny/art~"
    made.mkdir(parents=True)
    ignored.mkdir()
    is_input = saves.input_filter([tmp_path])
    assert is_input(watchfiles.Change.added, str(made))
    assert not is_input(watchfiles.Change.added, str(ignored))
