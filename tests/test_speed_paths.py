"""The fast paths of a build give what a cold build gives: compiled templates, parsed icons and rendered faces kept
across builds are thrown away when what they came from changes, a rebuild rewrites only the files whose bytes change,
and games built in parallel are the bytes and the summary of games built one after the other."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, add_crowd_deck, cold_pdfs, copy_build, fresh_pdfs, pdfs, run_pnp

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect x="0" y="0" width="10" height="10" fill="#000"/></svg>'
TRIANGLE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><path d="M0 10 L5 0 L10 10 Z" fill="#000"/></svg>'


def build(project: Path, out: Path, *args: str) -> str:
    result = run_pnp(project, "build", "--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return result.output


def test_an_edited_template_is_compiled_again(project, tmp_path, cold_build):
    out = copy_build(cold_build(project, "--only", "cards"), tmp_path / "out")
    hero = project / "templates/tiny/hero.j2"
    first = pdfs(out)
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("EDITED HERO", 5, 70, 50, 6, size=8) }}\n{% endblock %}'), encoding="utf-8")
    build(project, out, "--only", "cards")
    assert pdfs(out) == fresh_pdfs(project, tmp_path / "fresh", "--only", "cards") != first


def test_a_rulebook_laid_out_again_from_its_kept_code_prints_what_a_cold_build_prints(project, tmp_path):
    """The rulebook's Jinja is compiled once and kept by the process, as a template file is; a rebuild runs the kept
    code and prints what a cold build prints. An error in kept code is still traced to its line."""
    out = tmp_path / "out"

    def rebuild_as_a_new_process() -> str:
        return build(project, out, "--only", "rulebook")

    rebuild_as_a_new_process()
    deck = project / "data/tiny/decks/heroes.yaml"  # the rulebook names the deck: a new name lays it out again
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Heroes", "name: Champions", 1), encoding="utf-8")
    before = pdfs(out)
    rebuild_as_a_new_process()
    assert pdfs(out) != before
    assert pdfs(out) == fresh_pdfs(project, tmp_path / "fresh", "--only", "rulebook")

    rulebook = project / "data/tiny/rulebook.md"
    lines = rulebook.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines, 1) if "game of heroes" in line)
    lines.insert(number, "Bring {{ game.snacks }} to the table.\n")
    rulebook.write_text("".join(lines), encoding="utf-8")
    for _ in range(2):  # compiled anew, then run from the kept code: the error names the same place
        result = run_pnp(project, "build", "--out", str(out), "--only", "rulebook")
        assert result.exit_code != 0 and f"data/tiny/rulebook.md:{number + 1}:" in result.output and "snacks" in result.output, result.output


def test_a_process_that_stays_up_keeps_a_bounded_number_of_compiled_texts(monkeypatch):
    """`pnp watch` sees every version of a rulebook as it is written: the texts it keeps compiled do not grow without end,
    and the most recent stay."""
    from pnp.layout import template_cache, templates
    from pnp.layout.fonts import FontBook

    kept = template_cache.ProcessTemplates()
    made = []
    for n in range(template_cache.KEPT_TEMPLATES + 12):
        assert kept.get(("text", n), lambda n=n: made.append(n) or f"code {n}") == f"code {n}"
        assert len(kept) <= template_cache.KEPT_TEMPLATES
    assert kept.get(("text", template_cache.KEPT_TEMPLATES + 11), made.append) == f"code {template_cache.KEPT_TEMPLATES + 11}"
    assert kept.get(("text", 0), lambda: "again") == "again", "the oldest went first"
    monkeypatch.setattr(template_cache, "KEPT", kept)
    layouts = templates.Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    for n in range(3):
        assert layouts.from_text(f"version {n}: {{{{ 2 * {n} }}}}").render() == f"version {n}: {2 * n}"
    assert len(kept) == template_cache.KEPT_TEMPLATES, "a data file's text is kept in the process's bounded store"


def test_compiled_templates_are_keyed_by_the_environment():
    import jinja2

    from pnp.layout.template_cache import environment_key

    env = jinja2.Environment()
    assert environment_key(jinja2.Environment()) == environment_key(env)
    assert environment_key(jinja2.Environment(trim_blocks=True)) != environment_key(env)


def test_an_icon_edited_between_two_builds_of_one_process_is_drawn_anew(project, tmp_path):
    icons = project / "templates/tiny/icons"
    icons.mkdir(exist_ok=True)
    (icons / "hearts.svg").write_text(SQUARE, encoding="utf-8")  # a game's own icon wins over the bundled one
    out = tmp_path / "out"
    build(project, out, "--only", "cards")
    (icons / "hearts.svg").write_text(TRIANGLE, encoding="utf-8")
    build(project, out, "--only", "cards")  # the same process: the icon parsed for the first build must not be reused
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards")


def test_after_one_card_is_edited_the_rebuild_prints_a_cold_builds_bytes_and_writes_only_changed_files(project, tmp_path, cold_build):
    before = pdfs(cold_build(project))
    out = copy_build(cold_build(project), tmp_path / "out")
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*.pdf")}
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue Prime,"), encoding="utf-8")
    after = fresh_pdfs(project, tmp_path / "fresh")
    build(project, out)
    assert pdfs(out) == after
    unchanged = {name for name in before if before[name] == after[name]}
    assert "tiny/tiny-cards.pdf" not in unchanged and unchanged, "the edit changes the card sheets and leaves some output as it was"
    for path, stamp in stamps.items():
        name = path.relative_to(out).as_posix()
        assert (path.stat().st_mtime_ns == stamp) == (name in unchanged), f"{name}: rewritten {'though' if name in unchanged else 'and'} its bytes are {'the same' if name in unchanged else 'new'}"


@pytest.mark.parametrize("chunks", [0.2, 1, 2.2], ids=["part of a chunk", "one chunk", "two chunks and a part"])
def test_a_face_store_read_chunk_by_chunk_gives_back_every_face_it_kept(tmp_path, chunks):
    """A face store is written as a header and then its faces in chunks, each pickled on its own (one pickle of a
    10,000-card deck's faces held 9 MB of memo at the top of the build): a store opened again gives back every face
    it kept, the last chunk's too, with the card reads each made."""
    import pnp.pipeline.cache
    from pnp.layout.elements import Face

    count = max(1, round(chunks * pnp.pipeline.cache.FACES_PER_CHUNK))
    faces = {f"key{i}": Face(63.5, 88.9, float(i), (), frozenset()) for i in range(count)}
    reads = {"key0": (("heroes", "rogue", "name"),)}
    path = tmp_path / "tiny.faces"
    pnp.pipeline.cache.FaceStore(path, "shared").save(faces, [("noto-sans", True, False)], reads=reads)

    class Fonts:  # what a FontBook is asked as the store is read: each font the faces name, registered before they are drawn
        def __init__(self):
            self.named = []

        def font_name(self, family, bold, italic):
            self.named.append((family, bold, italic))

    fonts = Fonts()
    again = pnp.pipeline.cache.FaceStore(path, "shared", fonts=fonts)
    made: set = set()
    assert again.get("key0", made) == faces["key0"] and made == {("heroes", "rogue", "name")}  # its card reads, made again
    assert {key: again.get(key) for key in faces} == faces
    assert fonts.named == [("noto-sans", True, False)]
    assert pnp.pipeline.cache.FaceStore(path, "other shared inputs").get("key0") is None, "a store of other inputs is not read"


def test_a_store_keeps_what_the_last_build_used_and_is_written_only_when_that_changed(tmp_path):
    """A whole build keeps the faces it used and no other (a card removed leaves the store), a partial build adds its
    faces to the kept ones; a build that would write back what the store holds (the same faces, read or drawn alike,
    and the same card reads) leaves the file untouched."""
    import pnp.pipeline.cache
    from pnp.layout.elements import Face

    path = tmp_path / "tiny.faces"

    def faces(*numbers: int) -> dict:
        return {f"key{i}": Face(63.5, 88.9, float(i), (), frozenset()) for i in numbers}

    def kept() -> tuple[dict, int]:
        store = pnp.pipeline.cache.FaceStore(path, "shared")
        return {key: store.get(key) for key in faces(*range(5)) if store.get(key) is not None}, path.stat().st_mtime_ns

    def save(used: dict, partial: bool = False, reads: dict | None = None) -> None:
        store = pnp.pipeline.cache.FaceStore(path, "shared")
        for key in used:
            store.get(key)  # what a build looks up before it draws
        store.save(used, [], partial=partial, reads=reads)

    save(faces(0, 1, 2))
    first = kept()
    save(faces(0, 1, 2))  # drawn again alike: the store holds them already
    assert kept() == first
    save(faces(0, 1))  # a card removed: its face is no longer kept
    assert kept()[0] == faces(0, 1)
    save(faces(3), partial=True)  # --only: the others stay
    assert kept()[0] == faces(0, 1, 3)
    stamp = kept()[1]
    save(faces(1), partial=True)
    assert kept() == (faces(0, 1, 3), stamp)
    save({})  # a build that drew no face (every output reused, or none that draws faces)
    assert kept() == (faces(0, 1, 3), stamp)
    save(faces(1), partial=True, reads={"key1": (("heroes", "rogue", "name"),)})  # a face that now reads a card's name
    assert kept()[1] != stamp
    save(faces(0, 1, 4), reads={"key1": (("heroes", "rogue", "name"),)})  # a card edited: as many faces, one of them new
    assert kept()[0] == faces(0, 1, 4)


def test_a_faces_key_is_the_hash_of_its_parts_json(tmp_path):
    """A face's key in the store is the sha256 of json.dumps([template, side, [w, h], bleed, what, [name, digest]…]), the
    names in order, a mapping's or list's digest its data's (pnp.core.json_text.data_digest), any other value's its
    json: keys written by one build are found by the next, however the key's text is put together."""
    import hashlib
    import json

    import pnp.pipeline.cache
    from pnp.core.json_text import data_digest
    from pnp.data.fields import Fields

    store = pnp.pipeline.cache.FaceStore(tmp_path / "t.faces", "shared")
    card = {"id": "p7", "title": 'Pati\u00e9nt "7"', "tags": ["a", 1, 2.5], "nested": {"z": None, "a": True}}
    contexts = [{"card": Fields(card, "card"), "ink_saver": False, "face": Fields({"w": 63.5, "h": 88.9, "side": "front"}, "face"),
                 "deck": Fields({}, "deck"), "extra": "text \u2605 'quoted'", "n": 3, "rows": [[1, 2], {"k": "v"}]}, {}]
    for context in contexts:
        for template, side, size, bleed, what in (("std/front.j2", "front", (63.5, 88.9), 0.0, "deck/p7 cut rectangle"),
                                                  ("t/\u00e9.j2", "back", [50.8, 50.8], 3.175, 'd/"x" cut circle')):
            digests = [[name, data_digest(getattr(v, "_data", v)) if isinstance(getattr(v, "_data", v), (dict, list)) else json.dumps(v)]
                       for name, v in sorted(context.items())]
            parts = [template, side, list(size), bleed, what, *digests]
            assert store.key(template, side, size, bleed, what, context) == hashlib.sha256(json.dumps(parts).encode()).hexdigest()
    assert store.key("t.j2", "front", (1.0, 1.0), 0.0, "x", {"card": object()}) is None  # no stable text: not kept


def test_a_build_that_remembers_only_two_fitted_and_encoded_texts_prints_the_same_bytes(project, tmp_path, monkeypatch, cold_build):
    """A game's fitted texts and a drawer's encoded texts are remembered up to a bound, so a 10,000-card deck's titles do
    not pile up (bench/speed.py's memory row measures it); past the bound a text is worked out again, to the same
    operators: with bounds of two, the tiny game (which fits and encodes many more) prints what a cold build prints."""
    import pnp.layout.templates
    import pnp.render.draw

    monkeypatch.setattr(pnp.layout.templates, "FITTED_TEXTS", 2)
    monkeypatch.setattr(pnp.render.draw, "MAX_ENCODINGS", 2)
    monkeypatch.setenv("PNP_JOBS", "1")  # everything in this process, where the bounds are set
    out = tmp_path / "out"
    build(project, out)
    assert pdfs(out) == pdfs(cold_build(project))


@pytest.fixture
def two_games(project) -> Path:
    """The tiny game and a second game made of the same data, for builds of more than one game."""
    shutil.copytree(project / "data/tiny", project / "data/twin")
    game = project / "data/twin/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title:", "title: Twin of", 1), encoding="utf-8")
    return project


def test_games_built_in_parallel_are_the_bytes_and_the_summary_of_games_built_one_by_one(two_games, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_JOBS", "1")
    serial = build(two_games, tmp_path / "serial")
    monkeypatch.setenv("PNP_JOBS", "2")
    parallel = build(two_games, tmp_path / "parallel")
    assert parallel.replace(str(tmp_path / "parallel"), str(tmp_path / "serial")) == serial
    assert serial.index("twin/twin-cards.pdf") > serial.index("tiny/tiny-cards.pdf"), "lines follow the games' order"
    assert pdfs(tmp_path / "parallel") == pdfs(tmp_path / "serial")
    assert len(pdfs(tmp_path / "serial")) >= 10


def test_the_checks_read_an_edited_template_anew_though_its_syntax_tree_was_kept(project, tmp_path, monkeypatch):
    """The templates' facts kept by the process are keyed by their source: a template that starts reading a field is seen to read it."""
    from pnp.layout import template_cache

    monkeypatch.setattr(template_cache, "KEPT", template_cache.ProcessTemplates())  # as a new process
    edit = project / "data/tiny/decks/heroes.yaml"
    edit.write_text(edit.read_text(encoding="utf-8").replace("name: Mage,", "name: Mage, mood: calm,"), encoding="utf-8")
    out = tmp_path / "out"
    assert "field 'mood'" in build(project, out, "--only", "cards")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{% if card.mood %}{{ text(card.mood, 5, 72, 50, 6, size=8) }}{% endif %}\n{% endblock %}'),
                    encoding="utf-8")
    assert "field 'mood'" not in build(project, out, "--only", "cards")


def _jobs(*kinds: tuple[str, str, float]) -> list[tuple]:
    """(weight, "check" or "render", game, job) tuples as the scheduler groups them."""
    return [(weight, "check" if kind == "check" else "render", game, kind) for game, kind, weight in kinds]


def test_a_deck_rendered_by_two_processes_prints_a_cold_builds_bytes_before_and_after_an_edit(project, tmp_path, split_decks, cold_build, monkeypatch):
    """A large deck's second half is rendered by a helper process, whose faces the store keeps too: the sheets, and
    the sheets after a one-card edit, are those a cold build in one process prints."""
    out = tmp_path / "out"
    build(project, out, "--only", "cards")
    assert pdfs(out) == pdfs(cold_build(project, "--only", "cards"))
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue Prime,"), encoding="utf-8")
    build(project, out, "--only", "cards")
    monkeypatch.setenv("PNP_JOBS", "1")  # the reference: a build in one process, of an empty folder
    assert pdfs(out) == fresh_pdfs(project, tmp_path / "one-process", "--only", "cards")


def test_a_loaded_deck_keeps_one_mapping_per_card_with_every_place(project):
    """A card's fields are merged with its deck's defaults; the file's own mapping of each card is then let go, so a
    10,000-card deck is held once, not twice. What was written where must still be known from the merged one."""
    from pnp.data.project import Project

    deck = Project(project).load_game("tiny")[0].decks["heroes"]
    assert list(deck.data["cards"]) == []
    assert deck.data.key_loc("cards").line == 6, "the deck's `cards:` key keeps its place for findings about the list"
    rogue = next(c for c in deck.cards if c.id == "rogue")
    assert (rogue.fields["side"], rogue.fields.loc_of("side").line) == ("blue", 9)  # its own value, on its own line
    knight = next(c for c in deck.cards if c.id == "knight")
    assert (knight.fields["side"], knight.fields.loc_of("side").line) == ("red", 5)  # the deck's default, where the defaults are


def test_checking_a_decks_shape_does_not_copy_its_cards_fields():
    """A card's shape is its id, count and back; its other keys are the template's fields, read from the card's own
    mapping. The check lets them through without keeping a copy (one for every card of a 10,000-card deck)."""
    from pnp.data.schema import CardSpec

    card = CardSpec.model_validate({"id": "rogue", "count": 2, "name": "Rogue", "side": "blue"})
    assert (card.id, card.count, card.back) == ("rogue", 2, None)
    assert not card.model_extra and not hasattr(card, "name")


def test_a_rulebook_reprinted_for_a_renamed_card_prints_the_bytes_of_a_cold_build(project, tmp_path):
    """A rebuild after a card the rulebook shows is renamed (no heading moves) lays the rulebook out as a first build
    does, and prints its bytes."""
    out = tmp_path / "out"
    build(project, out, "--only", "rulebook")
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: \"<Knight>\",", "name: \"<Sir Knight>\","), encoding="utf-8")
    build(project, out, "--only", "rulebook")
    assert pdfs(out) == fresh_pdfs(project, tmp_path / "fresh", "--only", "rulebook")


def test_an_error_in_a_card_the_helper_renders_stops_the_sheets_already_begun(project, tmp_path, split_decks, monkeypatch):
    """The sheets are begun before the helper's cards arrive; when one of them fails to render, no sheet PDF is
    written, the sheets of the last build stay as they were, and the error is the one a one-process build reports."""
    add_crowd_deck(project, 30)
    out = tmp_path / "out"
    build(project, out, "--only", "cards", "--deck", "crowd")
    before = pdfs(out)
    hero = project / "templates/tiny/hero.j2"  # card 25, rendered by the helper, divides by zero
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{% if card.number == 25 %}{{ 1 // 0 }}{% endif %}\n{% endblock %}"),
                    encoding="utf-8")
    result = run_pnp(project, "build", "--out", str(out), "--only", "cards", "--deck", "crowd")
    monkeypatch.setenv("PNP_JOBS", "1")  # one process: no helper
    alone = run_pnp(project, "build", "--out", str(tmp_path / "cold"), "--only", "cards", "--deck", "crowd")
    errors = [line for line in result.output.splitlines() if ": error:" in line]
    assert result.exit_code != 0 and errors and errors == [line for line in alone.output.splitlines() if ": error:" in line], result.output
    assert any("extra025" in line or "hero.j2" in line for line in errors), errors
    assert pdfs(out) == before and not list((tmp_path / "cold").rglob("*.pdf"))


def test_a_cache_written_an_entry_at_a_time_is_the_json_of_the_whole():
    """The build cache is written one top-level entry at a time, so its whole text is never held; the file must be the
    compact, sorted JSON a one-shot dump writes (readers and the cache's own checks parse it)."""
    import json

    from pnp.pipeline.cache import json_parts

    data = {"outputs": {"cards": {"stats": {"é.pdf": {"ink": 1.25, "pages": 2}}}}, "faces": {"d/c": ["a", "", 2]}, "printed": None, "checks": {"key": "k", "findings": []}}
    assert "".join(json_parts(data)) == json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert "".join(json_parts({})) == "{}"


def test_a_build_that_draws_no_face_leaves_the_kept_faces_as_they_were(project, tmp_path):
    """A build of outputs that draw no card face (a board edited, built alone, as `pnp bundle` builds each kind in
    turn) has no face to add to the game's face store: the file stays as the last build wrote it, and the next
    build of the cards still reads every face from it."""
    from pnp.pipeline.cache import face_store_path

    out = tmp_path / "out"
    build(project, out)
    store = face_store_path(out, "tiny")
    before = (store.read_bytes(), store.stat().st_mtime_ns)
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("name: Tiny Town", "name: Tiny City", 1), encoding="utf-8")
    assert "boards" in build(project, out, "--only", "boards")
    assert (store.read_bytes(), store.stat().st_mtime_ns) == before
    cards = out / "tiny" / "tiny-cards.pdf"
    cards.unlink()
    build(project, out, "--only", "cards")
    assert cards.is_file() and (store.read_bytes(), store.stat().st_mtime_ns) == before  # every face read, none drawn: nothing new to keep
