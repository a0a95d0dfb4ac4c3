"""What `pnp serve`'s page is handed across saves (pnp.serve.session, issue #101: serve's state under the mutation habit),
read from the models the live session publishes, as the page receives them.

The promises are the module's: a face that fails keeps its last good picture, marked stale, beside the error that
says why, and the next good save replaces both; a game that cannot be loaded shows only why, every picture kept
stale; the cards are published before the documents; a save under one game's folder refreshes that game alone,
anything else every game; the page's count never calls a note a warning."""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

from pnp.core.errors import Finding, Loc, error, warning
from pnp.data.project import Project
from pnp.serve.session import LiveSession, affected_games, findings_summary

KNIGHT = "deck:heroes:knight"
DOCUMENTS = ("boards.yaml", "tokens.yaml", "reference.yaml", "rulebook.md")


def serving(project: Path, *keep: str) -> tuple[LiveSession, list[dict], Path]:
    """(session, models published in order, project folder): the tiny game shown and drawn once, with only the documents
    in `keep` beside its decks (the others taken out first: a test draws and checks no more than it reads)."""
    for name in DOCUMENTS:
        if name not in keep:
            (project / "data/tiny" / name).unlink()
    models: list[dict] = []

    def publish(slug: str, model: dict) -> None:
        assert slug == model["slug"] == "tiny", "each model handed on under its game's name"
        models.append(model)

    session = LiveSession(Project(project), ["tiny"], publish=publish)
    assert session.refresh()
    return session, models, project


@pytest.fixture
def live(project):
    """The tiny game's cards shown and drawn once, no document beside them."""
    return serving(project)


@pytest.fixture
def live_whole(project):
    """The whole tiny game shown and drawn once: its cards and every document."""
    return serving(project, *DOCUMENTS)


def _item(model: dict, key: str) -> dict:
    return next(item for section in model["sections"] for item in section["items"] if item["key"] == key)


def _save(session: LiveSession, path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    session.saw({path})


def test_a_broken_face_keeps_its_last_picture_marked_stale_beside_its_error_and_the_fix_replaces_both(live):
    session, models, project = live
    good = _item(models[-1], KNIGHT)["images"]
    assert all(shot["src"] and not shot["stale"] for shot in good)
    hero = project / "templates/tiny/hero.j2"
    text = hero.read_text(encoding="utf-8")
    _save(session, hero, text.replace("{% block body %}\n", "{% block body %}\n{{ no_such_call() }}\n", 1))
    assert session.refresh()
    broken = models[-1]
    front, back = _item(broken, KNIGHT)["images"]
    assert front == {**good[0], "stale": True}, "the last good front, marked stale"
    assert back == good[1], "its back still draws: new and current"
    errors = [f for f in broken["findings"] if f["severity"] == "error"]
    assert errors and all(f["where"].startswith("templates/tiny/hero.j2:3") for f in errors), errors
    _save(session, hero, text)
    models.clear()
    assert session.refresh()
    assert not [f for m in models[1:] for f in m["findings"] if f["severity"] == "error"], "gone once the cards are checked again"
    fixed = models[-1]
    assert _item(fixed, KNIGHT)["images"] == good, "the same face drawn again: the same picture, not stale"
    assert not [f for f in fixed["findings"] if f["severity"] == "error"]


def test_a_game_that_cannot_be_loaded_shows_only_why_and_keeps_every_picture_stale(project):
    session, models, project = serving(project, "rulebook.md")  # a document's pictures go stale too
    shown = models[-1]
    game = project / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8")
    _save(session, game, text + "\n  : [unclosed\n")
    assert session.refresh()
    broken = models[-1]
    assert [f["where"].split(":")[0] for f in broken["findings"]] == ["data/tiny/game.yaml"], broken["findings"]
    assert [s["key"] for s in broken["sections"]] == [s["key"] for s in shown["sections"]]
    shots = [shot for s in broken["sections"] for item in s["items"] for shot in item["images"] if shot["src"]]
    assert shots and all(shot["stale"] for shot in shots)
    _save(session, game, text)
    models.clear()
    assert session.refresh()
    assert not [m["findings"] for m in models if m["findings"]], "gone from the first model the mended game is drawn in"
    assert all(not shot["stale"] for s in models[-1]["sections"] for item in s["items"] for shot in item["images"])


def test_the_cards_are_published_before_the_documents_and_the_game_ends_ready(live_whole):
    session, models, project = live_whole
    first = models[0]
    assert first["state"] == "loading" and [s["key"] for s in first["sections"]] == ["deck:heroes"]
    assert first["updated"]["cards"] is not None, "the time a designer waited for the cards"
    assert models[-1]["state"] == "ready"
    assert [s["key"] for s in models[-1]["sections"]] == ["deck:heroes", "boards", "tokens", "reference", "rulebook"]
    models.clear()
    session.saw({project / "data/tiny/decks/heroes.yaml"})
    assert session.refresh()
    assert models[0]["state"] == "updating", "a game already shown is updating, not loading"
    assert models[0]["updated"]["after"] == "data/tiny/decks/heroes.yaml"


def test_a_deck_added_is_shown_after_the_others_and_a_deck_removed_goes(project):
    session, models, project = serving(project, "rulebook.md")  # a document: the decks stay before it
    heroes = project / "data/tiny/decks/heroes.yaml"
    villains = project / "data/tiny/decks/villains.yaml"
    _save(session, villains, heroes.read_text(encoding="utf-8").replace("name: Heroes", "name: Villains", 1))
    assert session.refresh()
    assert [s["key"] for s in models[-1]["sections"]][:2] == ["deck:heroes", "deck:villains"]
    villains.unlink()
    session.saw({villains})
    assert session.refresh()
    assert [s["key"] for s in models[-1]["sections"] if s["key"].startswith("deck:")] == ["deck:heroes"]


def test_a_save_in_one_games_folder_touches_that_game_alone_and_anything_else_every_game(project):
    p = Project(project)
    games = ["tiny", "other"]
    assert affected_games(p, games, {project / "data/tiny/decks/heroes.yaml"}) == ({"tiny"}, False, False)
    assert affected_games(p, games, {project / "data/tiny/art/hero.png"}) == ({"tiny"}, False, True), "art is drawn by its path"
    assert affected_games(p, games, {project / "data/gone/decks/x.yaml"}) == (set(), False, False), "a folder of no game shown"
    assert affected_games(p, games, {project / "templates/tiny/hero.j2"}) == ({"tiny", "other"}, True, False)
    assert affected_games(p, games, {project / "fonts/Body.ttf"}) == ({"tiny", "other"}, True, True), "a font is drawn by name"
    assert affected_games(p, games, set()) == (set(), False, False)
    assert affected_games(p, games, {project / "data"}) == ({"tiny", "other"}, True, True), "the data folder itself: every game"
    assert affected_games(p, games, {project / "data/tiny"}) == ({"tiny"}, False, False), "a game's own folder: that game"
    in_order = [project / "data/tiny/decks/heroes.yaml", project / "templates/tiny/hero.j2"]  # a game's file first, then a template
    assert affected_games(p, games, in_order) == ({"tiny", "other"}, True, False), "every path counts, whatever came before it"


def test_a_games_art_saved_over_with_its_extension_in_capitals_is_drawn_again(project):
    """A camera names its pictures IMG_0001.JPG, and a designer's art keeps the name it was given: a game's picture saved
    over under a `.JPG`, `.PNG`, `.JPEG` or `.WebP` name is art as its lower-case spelling is, and is drawn again."""
    p = Project(project)
    for name in ("IMG_0001.JPG", "hero.PNG", "map.JPEG", "sky.WebP"):
        assert affected_games(p, ["tiny"], {project / "data/tiny/art" / name}) == ({"tiny"}, False, True), name

def note(code: str, message: str, at: Loc) -> Finding:
    return Finding("note", code, message, at)


def test_the_pages_count_never_calls_a_note_a_warning():
    at = Loc("data/tiny/game.yaml", 1, 1)
    assert findings_summary([]) == "0 errors, 0 warnings"
    assert findings_summary([error("x", "e", at), warning("y", "w", at), warning("z", "w2", at)]) == "1 error, 2 warnings"
    assert findings_summary([warning("y", "w", at), note("n", "a", at), note("m", "b", at), note("o", "c", at)]) == "0 errors, 1 warning, 3 notes"


def test_a_document_whose_file_goes_leaves_the_page_and_one_the_game_never_had_is_never_shown(project):
    (project / "data/tiny/boards.yaml").unlink()  # a game without boards from the start
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    assert session.refresh()
    assert [s["key"] for s in models[-1]["sections"]] == ["deck:heroes", "tokens", "reference", "rulebook"]
    tokens = project / "data/tiny/tokens.yaml"
    tokens.unlink()
    session.saw({tokens})
    assert session.refresh()
    assert [s["key"] for s in models[-1]["sections"]] == ["deck:heroes", "reference", "rulebook"]
    assert not [f for f in models[-1]["findings"] if f["severity"] == "error"], models[-1]["findings"]


def test_a_back_first_given_and_failing_shows_its_place_empty_beside_its_error(live):
    session, models, project = live
    heroes = project / "data/tiny/decks/heroes.yaml"
    text = heroes.read_text(encoding="utf-8").replace("back: tiny/back.j2\n", "", 1)
    _save(session, heroes, text)
    assert session.refresh()
    assert [shot["side"] for shot in _item(models[-1], "deck:heroes:rogue")["images"]] == ["front"], "no back: a front alone"
    (project / "templates/tiny/broken-back.j2").write_text("{{ no_such_call() }}\n", encoding="utf-8")
    _save(session, heroes, text.replace("size: poker\n", "size: poker\nback: tiny/broken-back.j2\n", 1))
    assert session.refresh()
    front, back = _item(models[-1], "deck:heroes:rogue")["images"]
    assert front["src"] and back == {"side": "back", "src": None, "stale": False}, "a back never drawn has no last good picture"
    assert any(f["where"].startswith("templates/tiny/broken-back.j2:1") for f in models[-1]["findings"] if f["severity"] == "error")
    game = project / "data/tiny/game.yaml"
    _save(session, game, game.read_text(encoding="utf-8") + "\n  : [unclosed\n")
    assert session.refresh()
    front_then, back_then = _item(models[-1], "deck:heroes:rogue")["images"]
    assert front_then == {**front, "stale": True} and back_then == back, "only a picture shown can be the last good one"


def test_a_rulebook_that_cannot_be_built_keeps_its_last_pages_stale_beside_why(project):
    session, models, project = serving(project, "rulebook.md")
    pages = next(s for s in models[-1]["sections"] if s["key"] == "rulebook")["items"]
    rulebook = project / "data/tiny/rulebook.md"
    _save(session, rulebook, rulebook.read_text(encoding="utf-8").replace("{{ components() }}", "{{ components( }}", 1))
    assert session.refresh()
    book = next(s for s in models[-1]["sections"] if s["key"] == "rulebook")
    assert book["failed"] and [i["key"] for i in book["items"]] == [i["key"] for i in pages]
    assert all(shot["stale"] for i in book["items"] for shot in i["images"])
    assert any(f["where"].startswith("data/tiny/rulebook.md:") for f in models[-1]["findings"] if f["severity"] == "error")


def test_the_pages_findings_are_listed_by_file_and_line_and_the_game_by_its_title(live):
    session, models, project = live
    assert models[-1]["title"] == "Tiny Test Game", "game.yaml's title"
    hero = project / "templates/tiny/hero.j2"
    _save(session, hero, hero.read_text(encoding="utf-8").replace("{% block body %}\n", "{% block body %}\n{{ no_such_call() }}\n", 1))
    heroes = project / "data/tiny/decks/heroes.yaml"
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("stars: 2, number: 3", "stars: 9, number: 3", 1))
    assert session.refresh()
    where = [f["where"] for f in models[-1]["findings"]]
    assert {w.split(":")[0] for w in where} >= {"data/tiny/decks/heroes.yaml", "templates/tiny/hero.j2"}, where
    placed = [(w.split(":")[0], int(w.split(":")[1]), int(w.split(":")[2])) for w in where]
    assert placed == sorted(placed), "by file, then line, then column"
    assert len(set(where)) == len(where), "one mistake, one finding"


def test_a_game_that_never_loaded_is_named_by_its_folder(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "\n  : [unclosed\n", encoding="utf-8")
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    assert session.refresh()
    assert (models[-1]["slug"], models[-1]["title"], models[-1]["sections"]) == ("tiny", "tiny", [])
    assert models[-1]["summary"].startswith("1 error"), models[-1]["summary"]


@pytest.mark.parametrize("after", [2, 3, 6], ids=["the cards", "the boards", "the rulebook"])
def test_a_newer_save_stops_a_refresh_between_two_steps_and_the_game_is_drawn_whole_on_the_next(project, after):
    """A save arrives once the page has been handed `after` models of this refresh (the cards, then the cards checked,
    then each document): the refresh stops, the game is not called ready, and the next refresh draws it whole. On the
    first drawing, and after a save whose faces were all drawn before (no face is drawn to stop in)."""
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    for _ in ("first", "after a save"):
        models.clear()
        assert not session.refresh(interrupted=lambda: len(models) >= after)
        assert len(models) == after and all(m["state"] != "ready" for m in models), "stopped before the game was done"
        models.clear()
        assert session.refresh()
        assert models[-1]["state"] == "ready"
        assert [s["key"] for s in models[-1]["sections"]] == ["deck:heroes", "boards", "tokens", "reference", "rulebook"]
        session.saw({project / "data/tiny/decks/heroes.yaml"})


def test_the_page_is_told_which_save_it_follows_when_and_how_long_its_cards_took(project):
    session, models, project = serving(project, "rulebook.md")  # a document's step after the cards'
    assert models[-1]["drawings"] == 1 and models[-1]["updated"]["after"] == "start"
    names = ["data/tiny/decks/heroes.yaml", "data/tiny/boards.yaml", "data/tiny/game.yaml", "data/tiny/tokens.yaml"]
    models.clear()
    session.saw({project / n for n in names[:3]})
    before = time.perf_counter()
    assert session.refresh()
    took = time.perf_counter() - before  # the refresh's whole time, as the test measures it: what the page is told lies within it
    assert models[-1]["updated"]["after"] == "data/tiny/boards.yaml, data/tiny/decks/heroes.yaml, data/tiny/game.yaml", "three, in order"
    cards = [m["updated"]["cards"] for m in models]
    assert cards[0] is not None and set(cards) == {cards[0]}, "the cards' time, kept through the documents' steps"
    assert all(m["updated"]["seconds"] >= cards[0] for m in models)
    assert all(round(m["updated"]["seconds"], 3) == m["updated"]["seconds"] for m in models), "to the millisecond"
    assert 0 <= cards[0] < models[-1]["updated"]["seconds"] <= took + 0.001, "the cards first, the documents after, from the save"
    assert re.fullmatch(r"\d\d:\d\d:\d\d", models[-1]["updated"]["at"])
    assert models[-1]["drawings"] == 2, "its cards drawn once more"
    session.saw({project / n for n in names})
    assert session.refresh()
    assert models[-1]["updated"]["after"] == "data/tiny/boards.yaml, data/tiny/decks/heroes.yaml, data/tiny/game.yaml …", "four: three and more"
    assert models[-1]["drawings"] == 3


def test_a_game_whose_files_vanish_while_read_shows_why_at_its_folder_until_the_next_save(live, monkeypatch):
    session, models, project = live
    real = Project.load_game

    def vanished(self, slug, partial=False):
        raise FileNotFoundError(2, "No such file or directory", str(project / "data/tiny/decks/heroes.yaml"))

    monkeypatch.setattr(Project, "load_game", vanished)
    session.saw({project / "data/tiny/decks/heroes.yaml"})
    assert session.refresh()
    (found,) = models[-1]["findings"]
    assert (found["severity"], found["where"]) == ("error", "data/tiny")
    assert "could not read the game" in found["message"] and "heroes.yaml" in found["message"]
    assert all(shot["stale"] for s in models[-1]["sections"] for i in s["items"] for shot in i["images"] if shot["src"])
    monkeypatch.setattr(Project, "load_game", real)
    session.saw({project / "data/tiny/decks/heroes.yaml"})
    models.clear()
    assert session.refresh()
    assert not [m["findings"] for m in models if m["findings"]], "gone from the first model the mended game is drawn in"


def test_a_draft_session_stands_in_for_missing_art_with_a_warning_where_a_plain_one_errs(project):
    for name in DOCUMENTS:  # the cards draw the art: no document is read
        (project / "data/tiny" / name).unlink()
    frame = project / "templates/tiny/frame.j2"
    with frame.open("a", encoding="utf-8") as f:
        f.write("{{ image('art/hero.png', 5, 40, 40, 30) }}\n")
    for draft, severity in ((True, "warning"), (False, "error")):
        models: list[dict] = []
        session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model, kept=models: kept.append(model), draft=draft)
        assert session.refresh()
        said = [f for f in models[-1]["findings"] if "art/hero.png" in f["message"]]
        assert said and {f["severity"] for f in said} == {severity}, said
        fronts = [i["images"][0]["src"] for i in models[-1]["sections"][0]["items"]]
        assert all(fronts) if draft else not any(fronts)


def test_art_saved_into_the_games_data_while_serving_is_offered_at_the_next_refresh(project):
    """A template names `art/hero.png`, which the project lacks: the page says it is not found. The designer then saves
    the picture into the game's data folder (data/tiny/art/hero.png), where tools that read art beside the sheet keep
    it: the next refresh offers the path that finds it, as a new build would, not the folder as it was first looked in."""
    from PIL import Image

    with (project / "templates/tiny/frame.j2").open("a", encoding="utf-8") as f:
        f.write("{{ image('art/hero.png', 5, 40, 40, 30) }}\n")
    session, models, project = serving(project)
    said = [f["message"] for f in models[-1]["findings"] if "art/hero.png" in f["message"]]
    assert len(said) == 1 and said[0].startswith("image 'art/hero.png' not found: add the art"), said
    art = project / "data/tiny/art/hero.png"
    art.parent.mkdir()
    Image.new("RGB", (400, 300), "red").save(art)
    session.saw({art})
    models.clear()
    assert session.refresh()
    said = [f["message"] for f in models[-1]["findings"] if "art/hero.png" in f["message"]]
    assert len(said) == 1 and said[0].startswith(
        "image 'art/hero.png' not found (the project holds data/tiny/art/hero.png: an image's path starts at the project folder)"), said


def test_each_finding_reaches_the_page_with_its_place_severity_piece_and_the_line_a_terminal_prints(live):
    session, models, project = live
    heroes = project / "data/tiny/decks/heroes.yaml"
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("stars: 2, number: 3", "stars: 9, number: 3", 1))
    assert session.refresh()
    line = heroes.read_text(encoding="utf-8").splitlines()[8]
    (found,) = models[-1]["findings"]
    assert (found["severity"], found["where"], found["component"]) == ("error", f"data/tiny/decks/heroes.yaml:9:{line.index('stars: 9') + 8}", "heroes/rogue")
    assert "stars is 9" in found["message"] and "1–4" in found["message"], "the value and the range game.yaml allows"
    assert found["text"] == f"{found['where']}: error: {found['message']} [heroes/rogue]", "file:line:col: severity: message [piece]"
    assert models[-1]["summary"] == "1 error, 0 warnings"


def test_every_picture_the_page_names_can_be_fetched_and_the_last_rounds_for_one_round_more(live):
    session, models, project = live

    def names(model: dict) -> set[str]:
        return {shot["src"].removeprefix("/img/") for s in model["sections"] for i in s["items"] for shot in i["images"] if shot["src"]}

    first = names(models[-1])
    assert first and all(session.images.get(name) for name in first)
    heroes = project / "data/tiny/decks/heroes.yaml"
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins", 1))
    assert session.refresh()
    second = names(models[-1])
    assert second != first and all(session.images.get(name) for name in first | second), "this round's and the last"
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("Steal 2 coins", "Steal 3 coins", 1))
    assert session.refresh()
    third = names(models[-1])
    assert all(session.images.get(name) for name in second | third)
    assert not [name for name in first - second - third if session.images.get(name)], "two rounds unshown: gone"


def test_saves_noted_before_a_refresh_add_up_and_one_outside_every_game_undoes_none(live):
    session, models, project = live
    models.clear()
    session.saw({project / "data/tiny/decks/heroes.yaml"})
    session.saw({project / "data/gone/decks/x.yaml"})  # a folder of no game shown: it touches nothing
    assert session.refresh()
    assert models and models[-1]["state"] == "ready", "the first save's game is still redrawn"
    assert models[0]["updated"]["after"] == "data/gone/decks/x.yaml", "after the latest save"
    models.clear()
    session.saw({project / "data/gone/decks/x.yaml"})
    assert session.refresh()
    assert not models, "a save that touches no game shown redraws none"


def test_a_save_before_the_first_face_is_drawn_stops_it_there_and_nothing_is_published(project):
    (project / "data/tiny/boards.yaml").unlink()  # the cards and three documents after them: enough to be ready
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    assert not session.refresh(interrupted=lambda: True)
    assert not models, "the cards' step stopped inside its first face: nothing to show yet"
    assert session.refresh()
    assert models[-1]["state"] == "ready"


def test_a_documents_finding_stays_listed_while_the_next_documents_are_drawn(live_whole):
    session, models, project = live_whole
    template = project / "templates/tiny/board-scores.j2"
    _save(session, template, template.read_text(encoding="utf-8").replace("{{ rect(0, 0, face.w, face.h", "{{ no_such_call() }}{{ rect(0, 0, face.w, face.h", 1))
    models.clear()
    assert session.refresh()
    keys = [[s["key"] for s in m["sections"]] for m in models]
    assert keys[0] == ["deck:heroes", "boards", "tokens", "reference", "rulebook"], "the documents of the last round stay shown"
    boards_drawn = next(n for n, m in enumerate(models) if any(f["where"].startswith("templates/tiny/board-scores.j2") for f in m["findings"]))
    scores = [next(i for s in m["sections"] if s["key"] == "boards" for i in s["items"] if i["key"] == "board:scores") for m in models]
    assert boards_drawn == next(n for n, tile in enumerate(scores) if tile["images"][0]["stale"]), "said with the boards' own step, not before"
    for later in models[boards_drawn:]:
        assert any(f["where"].startswith("templates/tiny/board-scores.j2:2") for f in later["findings"]), "said until it is mended"
    assert len(models) - boards_drawn >= 4, "listed through the tokens', reference's and rulebook's steps and the last check"


def test_a_file_that_cannot_be_read_is_said_at_its_place_and_the_rest_of_the_game_is_still_drawn(project):
    session, models, project = serving(project, "tokens.yaml")
    tokens = project / "data/tiny/tokens.yaml"
    _save(session, tokens, tokens.read_text(encoding="utf-8") + "\n  : [unclosed\n")
    assert session.refresh()
    errors = [f for f in models[-1]["findings"] if f["severity"] == "error"]
    assert errors and {f["where"].split(":")[0] for f in errors} == {"data/tiny/tokens.yaml"}, errors
    knight = _item(models[-1], KNIGHT)["images"]
    assert all(shot["src"] and not shot["stale"] for shot in knight), "the cards are drawn anew, not kept stale"
    assert "deck:heroes" in [s["key"] for s in models[-1]["sections"]]


def test_a_game_whose_game_yaml_is_taken_away_says_so_and_keeps_its_pictures_stale_until_it_is_back(live):
    session, models, project = live
    game = project / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8")
    game.unlink()
    session.saw({game})
    assert session.refresh()
    (found,) = models[-1]["findings"]
    assert (found["severity"], found["where"]) == ("error", "data") and "tiny" in found["message"], found
    shots = [shot for s in models[-1]["sections"] for i in s["items"] for shot in i["images"] if shot["src"]]
    assert shots and all(shot["stale"] for shot in shots)
    _save(session, game, text)
    assert session.refresh()
    assert not models[-1]["findings"] and models[-1]["state"] == "ready"


def test_the_editor_reads_each_card_as_the_last_refresh_drew_it(live):
    from pnp.serve.editor import Editor

    session, _, project = live
    editor = Editor(Project(project), lambda: session)

    def stars_box() -> list[float]:
        shown = editor.elements("tiny", KNIGHT, "front")["elements"]
        return next(e["box"] for e in shown if e["function"] == "repeat")

    assert stars_box()[:2] == [5.0, 20.0], "hero.j2 puts the star row at 5, 20"
    hero = project / "templates/tiny/hero.j2"
    _save(session, hero, hero.read_text(encoding="utf-8").replace('"star", 5, 20, 5', '"star", 5, 30, 5', 1))
    assert session.refresh()
    assert stars_box()[:2] == [5.0, 30.0], "the row where the save put it"


def test_the_page_lists_what_validate_lists_no_more_no_less(live_whole):
    from conftest import run_pnp

    session, models, project = live_whole
    heroes, hero = project / "data/tiny/decks/heroes.yaml", project / "templates/tiny/hero.j2"
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("stars: 2, number: 3", "stars: 9, number: 3", 1))
    _save(session, hero, hero.read_text(encoding="utf-8").replace("{% block body %}\n", "{% block body %}\n{{ no_such_call() }}\n", 1))
    assert session.refresh()
    said = run_pnp(project, "validate", "tiny").output.splitlines()
    assert [f["text"] for f in models[-1]["findings"]] == said[:-1]
    assert said[-1] == f"tiny: {models[-1]['summary']}" == "tiny: 2 errors, 0 warnings"
    assert "on 5 pieces" in models[-1]["findings"][1]["message"], "one mistake on every front: one finding naming them"


def test_after_a_refresh_over_its_budget_the_mended_drawing_replaces_its_finding_from_the_first_model(live_whole, monkeypatch):
    """A refresh whose faces use up the command's processor budget shows its one finding and nothing drawn after it; the
    next refresh's drawing of the cards is what the page is handed first, so that finding is gone from the first model
    (docs/limits.md: a save's refresh is a command with a budget of its own)."""
    from pnp.layout import growth

    session, models, project = live_whole  # the documents' faces: long enough for the budget's look to come
    monkeypatch.setattr(growth, "COMMAND_FACES", 0)  # a budget of nothing: the first face drawn passes it
    monkeypatch.setattr(growth, "FACE_SHARE", 0.0)
    heroes = project / "data/tiny/decks/heroes.yaml"
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins", 1))
    assert session.refresh()
    (over,) = models[-1]["findings"]
    assert over["severity"] == "error" and "processor time" in over["message"], over
    monkeypatch.undo()
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("Steal 2 coins", "Steal 3 coins", 1))
    models.clear()
    assert session.refresh()
    assert [m["findings"] for m in models] == [[]] * len(models), "the budget's finding gone with the cards drawn again"
    assert models[-1]["state"] == "ready"


def test_a_save_arriving_while_a_document_is_drawn_stops_it_inside_its_faces_and_hands_the_page_nothing_of_it(project):
    """The refresh's stop reaches into each document's drawing as into the cards': a save that arrives while the boards
    are drawn (the refresh looked once after the cards and found none) stops their faces at once, so the page is handed
    no boards, and the game is not called ready."""
    for name in ("tokens.yaml", "reference.yaml", "rulebook.md"):
        (project / "data/tiny" / name).unlink()
    models: list[dict] = []
    looks: list[int] = []

    def interrupted() -> bool:
        looks.append(len(models))
        return looks.count(2) >= 2  # the look after the cards' step finds none; the next, inside a board's face, a save

    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    assert not session.refresh(interrupted=interrupted)
    assert len(models) == 2 and all(m["state"] != "ready" for m in models), "the cards and their check, no more"
    assert [s["key"] for s in models[-1]["sections"]] == ["deck:heroes"]


def test_a_refresh_keeps_the_games_checks_and_faces_in_the_build_cache_as_validate_keeps_them(project, tmp_path):
    """docs/designers-loop.md: `pnp serve` writes nothing but its build cache, as `pnp validate` keeps it: once a game is
    drawn, its checks' results and the faces they drew are kept under the same names `pnp validate` gives them on the
    same project, for the next command to read."""
    import shutil

    from conftest import run_pnp

    for name in DOCUMENTS:
        (project / "data/tiny" / name).unlink()
    twin = tmp_path / "twin"
    shutil.copytree(project, twin)
    assert run_pnp(twin, "validate", "tiny").exit_code == 0
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: None)
    assert session.refresh()

    def kept(root: Path) -> set[str]:
        cache = root / "output/.pnp-cache"
        return {f.relative_to(cache).as_posix() for f in cache.rglob("*") if f.is_file() and (f.suffix == ".faces" or f.parts[-3] == "results")}

    assert kept(twin) and kept(project) == kept(twin), (kept(project), kept(twin))


def test_a_templates_warning_is_listed_from_the_cards_check_on(live):
    """A template's warning (a child template drawing outside its blocks, which Jinja never runs: said at that line) is
    listed with the cards' own check, the step after they are shown, not only once the whole game has been checked."""
    session, models, project = live
    hero = project / "templates/tiny/hero.j2"
    _save(session, hero, hero.read_text(encoding="utf-8").replace("{% block body %}", '{{ text("LOST", 5, 40, 20, 6) }}\n{% block body %}', 1))
    models.clear()
    assert session.refresh()
    line = hero.read_text(encoding="utf-8").splitlines().index('{{ text("LOST", 5, 40, 20, 6) }}') + 1
    said = [[f["where"] for f in m["findings"] if f["severity"] == "warning"] for m in models]
    assert models[0]["updated"]["cards"] == models[1]["updated"]["cards"] is not None, "the cards, then their check"
    assert said[0] == [] and f"templates/tiny/hero.j2:{line}" in [w.rsplit(":", 1)[0] for w in said[1]], said


def test_a_warning_of_one_games_own_templates_is_listed_on_that_games_page_alone(project):
    """Two games shown, the second (a copy of the tiny game) drawn by templates of its own folder, templates/twin/: a
    warning met compiling them (its hero template drawing outside its blocks) is listed on the twin's page, at its line,
    and never on the tiny game's, which draws nothing of that folder."""
    shutil.copytree(project / "data/tiny", project / "data/twin")
    shutil.copytree(project / "templates/tiny", project / "templates/twin")
    for name in DOCUMENTS:
        for game in ("tiny", "twin"):
            (project / "data" / game / name).unlink()
    deck = project / "data/twin/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("front: tiny/hero.j2", "front: twin/hero.j2"), encoding="utf-8")
    hero = project / "templates/twin/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% block body %}", '{{ text("LOST", 5, 40, 20, 6) }}\n{% block body %}', 1),
                    encoding="utf-8")
    last: dict[str, dict] = {}
    session = LiveSession(Project(project), ["tiny", "twin"], publish=lambda slug, model: last.__setitem__(slug, model))
    assert session.refresh()
    warned = {slug: [f["where"] for f in model["findings"] if f["severity"] == "warning"] for slug, model in last.items()}
    assert [w for w in warned["twin"] if re.match(r"templates/twin/hero\.j2:2(:|\Z)", w)], warned
    assert not [w for w in warned["tiny"] if w.startswith("templates/twin/")], warned


def test_a_drawn_faces_warning_is_listed_as_validate_lists_it_and_goes_with_the_card_that_caused_it(live):
    """Every hero front prints its name 0.5 mm inside the cut, in the 3 mm safe area: the page lists that mistake as
    `pnp validate` does, one warning naming the pieces it is on, however many refreshes drew them; renamed, the Mage's
    old name leaves the page, where each refresh's drawings were kept for the session's life (six warnings, one of a
    card that no longer existed)."""
    from conftest import run_pnp

    session, models, project = live
    heroes, hero = project / "data/tiny/decks/heroes.yaml", project / "templates/tiny/hero.j2"
    _save(session, hero, hero.read_text(encoding="utf-8").replace("{% block body %}\n", '{% block body %}\n{{ text("EDGE " ~ card.name, 0.5, 60, 30, 6, size=8) }}\n', 1))
    assert session.refresh()
    _save(session, heroes, heroes.read_text(encoding="utf-8").replace("name: Mage", "name: Magus", 1))
    assert session.refresh()
    said = run_pnp(project, "validate", "tiny").output.splitlines()
    assert said[-1] == f"tiny: {models[-1]['summary']}" == "tiny: 0 errors, 1 warning"
    assert [f["text"] for f in models[-1]["findings"]] == said[:-1]
    assert not [f for f in models[-1]["findings"] if "EDGE Mage" in f["text"]]


def test_a_long_session_keeps_no_more_of_its_drawn_warnings_than_one_refresh_met(live):
    """Every refresh draws each hero front again with its name 0.5 mm inside the cut: the engine a session keeps for its
    life held every warning each refresh's drawings met (one more pair a save), though only the refresh that met them
    reads them; now each refresh starts where the last one's are forgotten, and the page still lists the one warning."""
    session, models, project = live
    heroes, hero = project / "data/tiny/decks/heroes.yaml", project / "templates/tiny/hero.j2"
    _save(session, hero, hero.read_text(encoding="utf-8").replace("{% block body %}\n", '{% block body %}\n{{ text("EDGE " ~ card.name, 0.5, 60, 30, 6, size=8) }}\n', 1))
    assert session.refresh()
    after_one = len(session.engine.layouts.template_warnings)
    for name in ("Magus", "Magister", "Mage"):  # the deck saved, the engine kept: each save draws the Mage's front anew
        _save(session, heroes, re.sub(r"name: Mag\w*", f"name: {name}", heroes.read_text(encoding="utf-8"), count=1))
        assert session.refresh()
    assert 0 < len(session.engine.layouts.template_warnings) <= after_one
    assert models[-1]["summary"] == "0 errors, 1 warning"


def test_a_game_that_no_longer_loads_lists_why_alone_not_what_its_last_drawing_found(project):
    """A template that reads a card's fields by a name it works out (`card.items()`) is noted while the game loads; once
    game.yaml cannot be read, the page lists what `pnp validate` lists then, the load error alone: the note of a
    drawing that is no longer current goes."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_bytes(hero.read_bytes().replace(b"{% endblock %}", b"{% for key, value in card.items() %}{% endfor %}\n{% endblock %}", 1))
    session, models, project = serving(project)
    assert [f for f in models[-1]["findings"] if f["severity"] == "note"], models[-1]["findings"]
    game = project / "data/tiny/game.yaml"
    _save(session, game, game.read_text(encoding="utf-8") + "\n  : [unclosed\n")
    assert session.refresh()
    assert [f["where"].split(":")[0] for f in models[-1]["findings"]] == ["data/tiny/game.yaml"], models[-1]["findings"]


def test_the_log_line_after_a_refresh_names_the_game_it_gives_the_count_of(project):
    """What `pnp serve` prints to its terminal when a refresh ends says what it followed and, for each game it shows, the
    game by name before what its page lists of it: `updated after start: tiny: …`."""
    import asyncio
    import threading

    from pnp.serve.app import Hub, Renderer

    for name in DOCUMENTS:  # the cards alone: the line is the same whatever the game holds
        (project / "data/tiny" / name).unlink()
    logged: list[str] = []
    said = threading.Event()

    def log(line: str) -> None:
        logged.append(line)
        said.set()

    renderer = Renderer(Project(project), ["tiny"], "letter", log)
    loop = asyncio.new_event_loop()
    try:
        renderer.start(Hub(["tiny"]), loop)
        assert said.wait(120), "no line was logged after the first refresh"
    finally:
        renderer.close()
        loop.close()
    assert re.fullmatch(r"updated after start: tiny: \S.*", logged[0]), logged
