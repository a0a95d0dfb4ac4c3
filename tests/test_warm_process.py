"""A process that stays up (`pnp watch`, `pnp serve`) reads again only what changed, and still prints what a cold build prints.

Files are known by their status (size, times, inode). A file changed within
the last two seconds is not trusted by its times (they tick coarsely), so
some tests let files settle at once by setting that delay to zero.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, pdfs

import pnp.core.files as files
from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.core.sealed import read_sealed
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.cache import GameCache
from pnp.pipeline.session import Session

DECK = "data/tiny/decks/heroes.yaml"
CARDS = ("cards",)  # the edits here change the cards: a rebuild is held to a cold build of them (what else shows a card has its own tests)



def one_shot(project: Path, out: Path, only: tuple[str, ...] = CARDS, papers: tuple[str, ...] = ("letter",)) -> dict[str, bytes]:
    """Every PDF of a build into the empty folder `out` in a session of its own (as `pnp build` makes): the reference for a
    warm session's rebuild, whose kept state (engines, face stores, drawn faces) lives on its session.
    What lives in the process rather than on a session (file digests, registered fonts) is held to a build in a new
    process (`cold_build`)."""
    report = run_build(Project(project), ["tiny"], Options(out=out, only=only), list(papers), report=Report(), quiet=True, workers=1, session=Session())
    assert not report.errors(), report.sorted()
    return pdfs(out)


def rewrite_same_size(path, old: str, new: str) -> None:
    """Change a file's bytes but keep its size and its modification time, as a tool that restores times would."""
    assert len(old) == len(new)
    st = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_a_digest_follows_a_rewrite_that_keeps_size_and_modification_time(settled, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("coins: 3\n", encoding="utf-8")
    before = files.file_sha256(path)
    rewrite_same_size(path, "3", "4")
    assert files.file_sha256(path) != before
    assert files.file_sha256(path) == files.hashlib.sha256(b"coins: 4\n").hexdigest()


def test_a_save_in_the_same_clock_tick_as_a_read_is_seen(tmp_path):
    """The settle window (pnp.core.files.SETTLE_NS): a file's times tick coarsely (a few milliseconds on Linux), so a save
    right after a read can leave size, times and inode as they were. A file that young is read again each time, so the
    rewrite is seen, and its folder has no state to trust yet. Many tries: a tick boundary between two writes would
    hide a broken window in one try, never a working one."""
    digests = files.FileDigests()
    for i in range(50):
        path = tmp_path / f"deck{i}.yaml"
        path.write_text("coins: 3\n", encoding="utf-8")
        assert digests.sha256(path) == files.hashlib.sha256(b"coins: 3\n").hexdigest()
        with open(path, "r+b") as f:  # the same file, the same size: a save in place
            f.write(b"coins: 4\n")
        assert digests.sha256(path) == files.hashlib.sha256(b"coins: 4\n").hexdigest(), f"try {i}: the save went unseen"
    assert files.folder_state(tmp_path) is None


@pytest.mark.parametrize("change", ["edit", "same size", "new deck", "removed file"])
def test_a_changed_game_is_read_again(settled, project, change):
    loaded = Project(project)
    game, _ = loaded.load_game("tiny")
    assert [c.fields["name"] for c in game.decks["heroes"].cards][3] == "Mage"
    deck = project / DECK
    if change == "edit":
        deck.write_text(deck.read_text(encoding="utf-8").replace("name: Mage", "name: Magus"), encoding="utf-8")
    elif change == "same size":
        rewrite_same_size(deck, "name: Mage", "name: Sage")
    elif change == "new deck":
        shutil.copy(deck, deck.with_name("villains.yaml"))
    else:
        (project / "data/tiny/tokens.yaml").unlink()
    game, _ = loaded.load_game("tiny")
    names = [c.fields["name"] for c in game.decks["heroes"].cards]
    if change == "edit":
        assert names[3] == "Magus"
    elif change == "same size":
        assert names[3] == "Sage"
    elif change == "new deck":
        assert set(game.decks) == {"heroes", "villains"}
    else:
        assert game.tokens is None


def test_a_game_read_again_keeps_the_objects_of_the_cards_read_alike(project):
    """What a process that stays up worked out from a card (digests, constraint answers) it keeps by the card object.
    A card whose fields, values and places are as before is the object read before; an edited one, one whose value
    became another type of equal value (1 and 1.0), or one whose lines moved, is new. Files count as just written
    here, so the game is read again each time."""
    loaded = Project(project)
    deck = project / DECK
    first = loaded.load_game("tiny")[0].decks["heroes"].cards
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Mage", "name: Magus"), encoding="utf-8")
    second = loaded.load_game("tiny")[0].decks["heroes"].cards
    assert [a is b for a, b in zip(first, second, strict=True)] == [True, True, True, False, True]
    assert second[3].fields["name"] == "Magus"
    deck.write_text(deck.read_text(encoding="utf-8").replace("stars: 1, number", "stars: 1.,number"), encoding="utf-8")  # the same columns
    third = loaded.load_game("tiny")[0].decks["heroes"].cards
    assert [a is b for a, b in zip(second, third, strict=True)] == [True, False, True, True, True]
    assert type(third[1].fields["stars"]) is float
    deck.write_text(deck.read_text(encoding="utf-8").replace("  - {id: mage", "  # the mage\n  - {id: mage"), encoding="utf-8")
    fourth = loaded.load_game("tiny")[0].decks["heroes"].cards
    assert [a is b for a, b in zip(third, fourth, strict=True)] == [True, True, True, False, False]
    assert fourth[4].loc.line == third[4].loc.line + 1


def test_a_game_keeps_its_warnings_when_it_is_not_read_again(settled, project):
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("stars: 4,", "stars: 4, colr: red,"), encoding="utf-8")
    loaded = Project(project)
    _, first = loaded.load_game("tiny")
    _, again = loaded.load_game("tiny")
    assert again == first


def test_rebuilds_in_one_process_print_what_a_cold_build_prints(settled, project, tmp_path, cold_build):
    """As `pnp watch` does: one project, build, edit a card, build again; the PDFs equal a cold build's, byte for byte."""
    loaded = Project(project)
    out = tmp_path / "out"
    options = Options(out=out, only=CARDS)

    def build() -> None:
        report = run_build(loaded, ["tiny"], options, ["letter"], report=Report(), quiet=True, workers=1)
        assert not report.errors()

    build()
    build()
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    build()
    assert pdfs(out) == pdfs(cold_build(project, "--only", "cards")), "after an edit"
    rewrite_same_size(deck, "Steal 2 coins", "Steal 3 coins")
    build()
    assert pdfs(out) == pdfs(cold_build(project, "--only", "cards")), "after a rewrite of the same size and time"


def test_a_font_swapped_between_rebuilds_is_the_one_printed(project, tmp_path, cold_build):
    """A process that stays up registered the old font under the family's name: the new file must replace it."""
    shutil.copytree(ROOT / "pnp/assets/fonts", project / "fonts")
    loaded = Project(project)
    out = tmp_path / "out"
    options = Options(out=out, only=CARDS)
    report = run_build(loaded, ["tiny"], options, ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors()
    fonts_yaml = project / "fonts/fonts.yaml"
    fonts_yaml.write_text(fonts_yaml.read_text(encoding="utf-8").replace("regular: noto/NotoSans-Regular.ttf", "regular: noto/NotoSerif-Regular.ttf"),
                          encoding="utf-8")
    report = run_build(Project(project), ["tiny"], options, ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors()
    assert pdfs(out) == pdfs(cold_build(project, "--only", "cards"))


def test_watch_warm_up_changes_no_byte_of_the_rebuild_after_a_save(settled, project, tmp_path):
    """`pnp watch` registers, while it waits, the fonts the last build's faces name (pnp.pipeline.schedule.warm_up): the
    rebuild after a save prints what a cold build prints."""
    from pnp.pipeline.schedule import warm_up

    loaded = Project(project)
    out = tmp_path / "out"
    report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True)  # on every core, as watch starts
    assert not report.errors()
    session = Session(warm=True)  # as `pnp watch` makes it
    warm_up(loaded, out, session)
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=session)
    assert not report.errors()
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot")


def test_watch_warm_up_leaves_the_first_save_no_template_to_parse_or_compile(settled, project, tmp_path, monkeypatch):
    """`pnp watch` builds on every core first, in worker processes, so its own process has parsed no template when the
    first save comes: while the designer edits, it parses and compiles the project's templates into the process's
    store (pnp.layout.template_cache.KEPT), and that save's build makes no template's code or facts, printing a cold
    build's bytes. Warming passes over a broken template, one linked out of the project and an editor's lock file."""
    from pnp.layout import template_cache
    from pnp.pipeline.schedule import warm_templates, warm_up

    kept = template_cache.ProcessTemplates()  # as the watch process has it: its start build ran elsewhere
    monkeypatch.setattr(template_cache, "KEPT", kept)
    (project / "templates/tiny/broken.j2").write_text("{% if %}", encoding="utf-8")
    (project / "templates/tiny/.#hero.j2").write_text("{{ secret }}", encoding="utf-8")
    (tmp_path / "elsewhere.j2").write_text("{{ secret }}", encoding="utf-8")
    (project / "templates/tiny/linked.j2").symlink_to(tmp_path / "elsewhere.j2")
    loaded = Project(project)
    out = tmp_path / "out"
    report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=Session())
    assert not report.errors()
    kept = template_cache.ProcessTemplates()  # what that build kept was the start build's own, in its workers
    monkeypatch.setattr(template_cache, "KEPT", kept)
    made = []  # (what, template) of each entry made and kept in the watch process's store from here on
    keep = kept.get

    def making(key, make):
        def made_here():
            value = make()  # a broken template's raises: nothing kept
            made.append(key[1:3])
            return value
        return keep(key, made_here)

    monkeypatch.setattr(kept, "get", making)
    warm_up(loaded, out, Session(warm=True))
    warm_templates(loaded, lambda: True)  # a save already waiting: nothing is warmed
    assert not made and len(kept) == 0
    warm_templates(loaded, lambda: False)
    warmed = {template for _, template in made}
    assert {"tiny/hero.j2", "tiny/frame.j2"} <= warmed, warmed
    assert not warmed & {"tiny/broken.j2", "tiny/linked.j2", "tiny/.#hero.j2"}, warmed

    made.clear()
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=Session(warm=True))
    assert not report.errors()
    assert [m for m in made if m[0] in ("code", "facts")] == [], "the first save parsed or compiled a template again"
    (project / "templates/tiny/broken.j2").unlink()
    (project / "templates/tiny/.#hero.j2").unlink()
    (project / "templates/tiny/linked.j2").unlink()
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot")


def test_a_save_stops_the_warming_at_the_next_template(project, monkeypatch):
    """Warming runs while the designer edits: once a save waits, no further template is parsed or compiled."""
    from pnp.layout import template_cache
    from pnp.pipeline.schedule import warm_templates

    kept = template_cache.ProcessTemplates()
    monkeypatch.setattr(template_cache, "KEPT", kept)
    asked = []

    def saved() -> bool:  # the third question finds a save waiting
        asked.append(len(kept))
        return len(asked) > 2

    warm_templates(Project(project), saved)
    assert len(asked) == 3, "asked before each template, stopped at the first yes"
    assert asked[0] == 0, "asked before the first template: a save already waiting warms none"
    assert len(kept) == asked[-1] > 0, "nothing warmed after the save"


def test_a_warm_rebuild_after_a_data_edit_and_after_a_template_edit_prints_what_a_cold_build_prints(settled, project, tmp_path):
    """`pnp watch` keeps its compiled templates and fonts from save to save, unless a template, icon or font changed."""
    session = Session(warm=True)  # as `pnp watch` makes it
    loaded = Project(project)
    out = tmp_path / "out"

    def build() -> None:
        report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=session)
        assert not report.errors()

    build()
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    build()
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot-data"), "after a data edit"
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("size=13", "size=12"), encoding="utf-8")
    build()
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot-template"), "after a template edit"


def test_a_kept_template_gives_its_warnings_again(settled, project, tmp_path):
    """A template compiles once in the process (pnp.layout.template_cache.KEPT), but the warning its compiling gives
    belongs to every build that uses it."""
    session = Session(warm=True)
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8") + "{{ rect(5, 5, 10, 10, fill='red') }}\n", encoding="utf-8")
    loaded = Project(project)
    out = tmp_path / "out"
    deck = project / DECK
    for coins in ("2 coins", "3 coins"):
        deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", f"Steal {coins}").replace("Steal 2 coins", f"Steal {coins}"),
                        encoding="utf-8")
        report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=session)
        ignored = [f for f in report.sorted() if f.code == "template-ignored"]
        assert [str(f.loc) for f in ignored] == ["templates/tiny/hero.j2:8:1"], f"after the edit to {coins}"


def test_art_saved_over_with_another_shape_is_drawn_in_its_new_shape(settled, project, tmp_path, cold_build):
    """The kept engine knew the old picture's size; the rebuild must fit the new one into its box, as a cold build does."""
    from PIL import Image

    session = Session(warm=True)
    art = project / "data/tiny/art"
    art.mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(art / "hero.png")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('data/tiny/art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    loaded = Project(project)
    out = tmp_path / "out"
    report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=session)
    assert not report.errors()
    Image.new("RGB", (100, 400), "#a03060").save(art / "hero.png")  # tall where it was wide: `contain` fits it otherwise
    report = run_build(loaded, ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1, session=session)
    assert not report.errors()
    assert pdfs(out) == pdfs(cold_build(project, "--only", "cards"))


# --- digests kept for the next process ---


def test_a_new_process_knows_the_digests_the_last_one_kept_and_reads_a_changed_file_again(settled, tmp_path):
    kept = tmp_path / "cache/file-digests.json"
    same, edited, rewritten = (tmp_path / name for name in ("same.txt", "edited.txt", "rewritten.txt"))
    for path in (same, edited, rewritten):
        path.write_text("coins: 3\n", encoding="utf-8")
    first = files.FileDigests()
    first.read_kept(kept)
    for path in (same, edited, rewritten):
        first.sha256(path)
    first.save(kept)
    edited.write_text("coins: 40\n", encoding="utf-8")
    rewrite_same_size(rewritten, "3", "4")  # same size and modification time: only the status time tells
    second = files.FileDigests()  # a new process
    second.read_kept(kept)
    assert second.sha256(same) == files.hashlib.sha256(b"coins: 3\n").hexdigest()
    assert second.sha256(edited) == files.hashlib.sha256(b"coins: 40\n").hexdigest()
    assert second.sha256(str(rewritten)) == files.hashlib.sha256(b"coins: 4\n").hexdigest(), "a status that differs in anything is read again"


def test_a_file_too_new_to_trust_or_named_relatively_is_not_kept(settled, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    kept = tmp_path / "file-digests.json"
    (tmp_path / "old.txt").write_text("x", encoding="utf-8")
    first = files.FileDigests()
    first.read_kept(kept)
    first.sha256("old.txt")  # relative: another process may start in another folder
    first.sha256(tmp_path / "old.txt")
    monkeypatch.setattr(files, "SETTLE_NS", 10**18)  # nothing has settled
    (tmp_path / "new.txt").write_text("y", encoding="utf-8")
    first.sha256(tmp_path / "new.txt")
    first.save(kept)
    assert list(files.json.loads(read_sealed(kept))) == [str(tmp_path / "old.txt")]


def test_a_damaged_digests_file_costs_reading_the_files(settled, tmp_path):
    kept = tmp_path / "file-digests.json"
    kept.write_bytes(b'{"/etc/hostname": [1, 2]}')  # not a status and a digest
    path = tmp_path / "a.txt"
    path.write_text("coins: 3\n", encoding="utf-8")
    digests = files.FileDigests()
    digests.read_kept(kept)
    assert digests.sha256(path) == files.hashlib.sha256(b"coins: 3\n").hexdigest()
    kept.write_bytes(b"\x00not json")
    digests = files.FileDigests()
    digests.read_kept(kept)
    assert digests.sha256(path) == files.hashlib.sha256(b"coins: 3\n").hexdigest()


def test_a_rebuild_in_a_new_process_from_the_digests_the_last_build_kept_prints_what_a_cold_build_prints(settled, project, tmp_path, monkeypatch, cold_build):
    """Fonts, icons, templates and the game's other files are known from the digests the last build kept; the edited
    one is read again, so the rebuild prints what a cold build prints."""
    out = tmp_path / "out"
    report = run_build(Project(project), ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors()
    assert (out / ".pnp-cache/parsed/file-digests.json").is_file(), "the build keeps what it hashed"
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    monkeypatch.setattr(files, "DIGESTS", files.FileDigests())  # a new process
    report = run_build(Project(project), ["tiny"], Options(out=out, only=CARDS), ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors()
    assert pdfs(out) == pdfs(cold_build(project, "--only", "cards"))


def _constraint_findings(project, keeps=None) -> list[str]:
    from pnp.checks.counts import Checker

    game, found = Project(project).load_game("tiny")
    assert game is not None, found
    checker = Checker(game, keeps)
    checker.constraints()
    return sorted(f"{f.loc} {f.code} {f.message}" for f in checker.findings)


def test_kept_constraint_answers_find_what_a_cold_check_finds_after_each_edit(settled, project):
    """`pnp watch` keeps what each constraint's expression said of each card (pnp.core.memo.Keeps.answers): after an
    edit to a card, and after an edit to the game's data, which an expression may read too, a check with the kept
    answers finds what a check with none finds."""
    from pnp.core.memo import Keeps

    game_yaml = project / "data/tiny/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "constraints:\n", "constraints:\n  - check: expression\n    in: decks.heroes\n    test: card.stars <= game.players.max\n"
                          "    message: no hero outshines the table\n"), encoding="utf-8")
    keeps = Keeps()
    assert _constraint_findings(project, keeps) == _constraint_findings(project)
    assert keeps.answers, "the answers are kept"
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Mage, stars: 4", "name: Mage, stars: 5"), encoding="utf-8")
    assert _constraint_findings(project, keeps) == _constraint_findings(project)
    assert [f for f in _constraint_findings(project) if "outshines" in f], "the mage's 5 stars outshine a table of four"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}", "players: {min: 2, max: 2}"), encoding="utf-8")
    kept = _constraint_findings(project, keeps)
    assert kept == _constraint_findings(project)
    assert len([f for f in kept if "outshines" in f]) > 1, "stars 3 and more outshine a table of two"


def _built(loaded, out: Path, session: Session, papers: tuple[str, ...] = ("letter", "a4")) -> list[str]:
    """What a build lists of its outputs, as `pnp watch` runs it: a line per file, "(reused)" when kept."""
    lines: list[str] = []
    assert not run_build(loaded, ["tiny"], Options(out=out), list(papers), report=Report(), echo=lines.append, workers=1,
                         session=session).errors()
    return [line for line in lines if not line.startswith(" ") and ".pdf" in line]


def test_a_warm_session_plans_each_paper_and_each_rebuild_from_the_caches_the_build_before_it_wrote(settled, project, tmp_path):
    """`pnp watch` writes a rebuild's caches as it builds: the A4 run of a build plans from what the Letter run wrote,
    a rebuild reuses every output of both papers, and after an edit renders the cards again, as a cold build prints."""
    session = Session(warm=True)  # as `pnp watch` makes it
    loaded, out = Project(project), tmp_path / "out"
    cache = out / ".pnp-cache/tiny.json"

    def kept_papers() -> set[str]:
        return {"a4" if slot.endswith("a4") else "letter" for slot in GameCache.load(cache).outputs}

    first = _built(loaded, out, session)
    assert first and not any("(reused)" in line for line in first if "-letter." in line), "a first build renders every output"
    assert {p.name for p in out.rglob("*.pdf")} == {Path(line.split()[0]).name for line in first}, "every PDF listed is written"
    assert kept_papers() == {"letter", "a4"} and (out / ".pnp-cache/tiny.faces").exists(), "both papers' caches are written by the build"
    again = _built(loaded, out, session)
    assert len(again) == len(first) and all("(reused)" in line for line in again), \
        "nothing changed: every output of both papers is reused, from the caches the last build wrote"
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    edited = _built(loaded, out, session)
    made = [line for line in edited if "(reused)" not in line]
    assert any("cards" in line for line in made) and 0 < len(made) < len(edited), "the cards (and what shows them) again, from the caches the last build kept"
    assert pdfs(out) == one_shot(project, tmp_path / "one-shot", only=(), papers=("letter", "a4"))
