"""Version stamps: each card front carries the game's version and a code of its own content, inside the safe area;
the same card gives the same code in any build anywhere, an edit changes that card's code alone, and `pnp changes`
names the cards and fields edited since the last marked print."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import TEST_PROJECT, run_pnp
from pdftext import pdf_text
from printable import depth_inside, read

SAFE_MM = 3.0  # the safe area: words stay 3 mm inside the cut (PRINTING.md)
STAMP_PT = 5.0  # the stamp's size: no other text of the tiny game is set this small
DECK = "data/tiny/decks/heroes.yaml"


def copy(tmp_path: Path, name: str, version: str = "2.3") -> Path:
    dest = tmp_path / name
    shutil.copytree(TEST_PROJECT, dest, ignore=shutil.ignore_patterns("output"))
    game = dest / "data" / "tiny" / "game.yaml"
    text = game.read_text().replace("stamps: false", "stamps: true", 1)  # the test game prints no stamps unless asked: here, the default
    game.write_text(text.replace("title: Tiny Test Game\n", f"title: Tiny Test Game\nversion: \"{version}\"\n", 1))
    return dest


def listed(root: Path) -> dict[str, dict]:
    result = run_pnp(root, "list", "--format", "json")
    rows = json.loads(result.output[: result.output.rindex("]") + 1])
    return {f"{d['id']}/{c['id']}": c for row in rows for d in row["decks"] for c in d["card_list"]}


def stamps_in_pdf(root: Path) -> list[tuple[str, float]]:
    """(stamp text, its least depth inside the cut in mm) of every face on the card sheets that carries one, in page order."""
    result = run_pnp(root, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    out = []
    for view in read(root / "output" / "tiny" / "tiny-cards.pdf"):
        for face in view.faces:
            chars = [(text, box, glyph) for (text, box), (_, glyph) in zip(view.chars, view.glyphs, strict=True)
                     if abs((box.y1 - box.y0) - STAMP_PT) < 0.05 and face.trim.inside((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)]
            if chars:
                chars.sort(key=lambda c: c[1].x0)
                out.append(("".join(c[0] for c in chars), min(depth_inside(face, c[2]) for c in chars)))
    return out


def test_every_front_carries_its_version_and_code_inside_the_safe_area(tmp_path):
    root = copy(tmp_path, "a")
    cards = listed(root)
    found = stamps_in_pdf(root)
    assert len(found) == sum(c["count"] for c in cards.values())  # one stamp per printed front, none on a back
    assert {text for text, _ in found} == {c["stamp"]["text"] for c in cards.values()}
    assert all(re.fullmatch(r"v2\.3 · [A-Z2-7]{6}", text) for text, _ in found), found
    assert min(depth for _, depth in found) >= SAFE_MM, found


def test_two_cold_builds_in_two_places_give_the_same_stamps(tmp_path):
    first, second = copy(tmp_path, "a"), copy(tmp_path, "elsewhere")
    found = stamps_in_pdf(first)
    assert len(found) == 12 and found == stamps_in_pdf(second)
    assert listed(first) == listed(second)


def test_an_edit_to_one_card_changes_that_cards_stamp_alone(tmp_path):
    root = copy(tmp_path, "a")
    before = listed(root)
    deck = root / DECK
    deck.write_text(deck.read_text().replace("Steal 1 coin − then run → away.", "Steal 2 coins − then run → away.", 1))
    after = listed(root)
    assert [name for name in before if before[name]["stamp"] != after[name]["stamp"]] == ["heroes/rogue"]


def test_a_cards_count_is_no_part_of_its_stamp_as_a_copy_more_prints_the_same_face(tmp_path):
    """docs/editions.md: the code is hashed from the card's values less `count`: a knight more and an agent less (the
    red side's six kept, as the game's rules ask) change no stamp."""
    root = copy(tmp_path, "a")
    before = listed(root)
    deck = root / DECK
    text = deck.read_text()
    deck.write_text(text.replace("cards & gain :star:.\", count: 2}", "cards & gain :star:.\", count: 3}", 1)
                    .replace("blue[/] player.\", count: 2}", "blue[/] player.\", count: 1}", 1))
    after = listed(root)
    assert (after["heroes/knight"]["count"], after["heroes/att"]["count"]) == (3, 1)
    assert {name: card["stamp"] for name, card in after.items()} == {name: card["stamp"] for name, card in before.items()}


def test_a_game_without_a_version_stamps_each_card_with_its_code_alone(tmp_path):
    """With no `version:` in game.yaml there is no version to print: the stamp is the six letters of the code, no `v`."""
    root = copy(tmp_path, "a")
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace('version: "2.3"\n', "", 1))
    stamps = [card["stamp"] for card in listed(root).values()]
    assert stamps and all(s["text"] == s["code"] and re.fullmatch(r"[A-Z2-7]{6}", s["code"]) for s in stamps), stamps


def test_an_edit_to_the_template_changes_the_stamp_of_every_card_it_draws(tmp_path):
    """A stamp tells two printings apart when the face changed, and a template edit changes every face it draws."""
    root = copy(tmp_path, "a")
    before = listed(root)
    template = root / "templates" / "tiny" / "hero.j2"
    template.write_text(template.read_text() + "{# a second printing #}\n")
    after = listed(root)
    assert [name for name in before if before[name]["stamp"] == after[name]["stamp"]] == []


def test_an_edit_to_the_frame_a_template_extends_changes_the_stamp_of_every_card_drawn_with_it(tmp_path):
    """docs/editions.md: an edit to a template changes the codes of the cards drawn with it, and a hero is drawn with
    the frame its template extends as much as with its own: `pnp changes` after the frame's edit names every hero, and
    none after an edit to a board's template, which draws no card."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    before = listed(root)
    board = root / "templates" / "tiny" / "board-town.j2"
    board.write_text(board.read_text() + "{# a board's second printing #}\n")
    assert "no card changed" in run_pnp(root, "changes", "tiny").output
    frame = root / "templates" / "tiny" / "frame.j2"
    frame.write_text(frame.read_text() + "{# the frame's second printing #}\n")
    after = listed(root)
    heroes = [name for name in before if name.startswith("heroes/")]
    assert heroes and [name for name in heroes if before[name]["stamp"] == after[name]["stamp"]] == []
    changed = [line.split()[0] for line in run_pnp(root, "changes", "tiny").output.splitlines()[1:] if "changed" in line]
    assert sorted(changed) == sorted(heroes)


def test_an_edit_to_a_part_a_front_includes_beside_its_frame_changes_the_stamp_of_every_card_drawn_with_it(tmp_path):
    """docs/editions.md: the code hashes every template the front runs (a frame it extends, macros it imports, a part it
    includes). A hero's front extends its frame and includes a maker's mark: an edit to the mark, the second template it
    runs, changes every hero's code as an edit to the frame does."""
    root = copy(tmp_path, "a")
    hero, mark = root / "templates" / "tiny" / "hero.j2", root / "templates" / "tiny" / "mark.j2"
    hero.write_text(hero.read_text().replace("{% block body %}\n", '{% block body %}\n{% include "tiny/mark.j2" %}\n', 1))
    mark.write_text("{# the maker's mark #}\n")
    before = listed(root)
    mark.write_text("{# the maker's mark, second printing #}\n")
    after = listed(root)
    heroes = [name for name in before if name.startswith("heroes/")]
    assert heroes and [name for name in heroes if before[name]["stamp"] == after[name]["stamp"]] == []


def test_a_frame_that_includes_itself_where_it_never_runs_still_stamps_every_card(tmp_path):
    """A template may name itself in a branch that never runs (Jinja follows it only when it runs): the stamp reads
    each template a front runs once, so `pnp list` stamps every hero as before, and the frame's edit still reaches them."""
    root = copy(tmp_path, "a")
    frame = root / "templates" / "tiny" / "frame.j2"
    frame.write_text(frame.read_text() + '{% if false %}{% include "tiny/frame.j2" %}{% endif %}\n')
    before = listed(root)
    assert all(card["stamp"] for name, card in before.items() if name.startswith("heroes/")), before
    frame.write_text(frame.read_text() + "{# again #}\n")
    after = listed(root)
    assert all(before[name]["stamp"] != after[name]["stamp"] for name in before if name.startswith("heroes/"))


def test_a_front_using_the_engines_do_and_break_still_has_its_frames_edit_change_its_stamp(tmp_path):
    """A front may use `{% do %}` and `{% break %}`, which the engine reads (Jinja's expression statements and loop
    controls): the stamp reads it as the engine does, so an edit to the frame it extends still changes every hero's code."""
    root = copy(tmp_path, "a")
    hero = root / "templates" / "tiny" / "hero.j2"
    hero.write_text(hero.read_text().replace("{% block body %}\n", "{% block body %}\n{% set seen = [] %}{% do seen.append(1) %}"
                                             "{% for n in [1, 2] %}{% break %}{% endfor %}\n", 1))
    before = listed(root)
    assert all(card["stamp"] for name, card in before.items() if name.startswith("heroes/")), before
    frame = root / "templates" / "tiny" / "frame.j2"
    frame.write_text(frame.read_text() + "{# the frame's second printing #}\n")
    after = listed(root)
    heroes = [name for name in before if name.startswith("heroes/")]
    assert heroes and [name for name in heroes if before[name]["stamp"] == after[name]["stamp"]] == []


def test_a_front_including_a_template_named_as_it_runs_still_stamps_every_card(tmp_path):
    """A front may include a template whose name it works out as it runs (`{% include "tiny/" ~ card.side ~ ".j2" ignore
    missing %}`, Jinja's include of an expression): no file can be read for it before the card is drawn, so the stamp
    hashes the templates named as written, and `pnp list` and the build stamp every hero as before."""
    root = copy(tmp_path, "a")
    hero = root / "templates" / "tiny" / "hero.j2"
    hero.write_text(hero.read_text().replace("{% block body %}\n", '{% block body %}\n{% include "tiny/" ~ card.side ~ ".j2" ignore missing %}\n', 1))
    cards = listed(root)
    heroes = [card["stamp"] for name, card in cards.items() if name.startswith("heroes/")]
    assert heroes and all(re.fullmatch(r"v2\.3 · [A-Z2-7]{6}", stamp["text"]) for stamp in heroes), heroes
    assert len(stamps_in_pdf(root)) == 12


def test_pnp_list_of_a_frame_with_a_mistake_in_its_jinja_stamps_every_card_and_says_the_mistake_at_its_line(tmp_path):
    """`pnp list` stamps each card from the source of the templates its front runs, drawing none: a frame whose sixth line
    is a Jinja mistake (`{% if %}`: an `if` with nothing to test) is said once, at that line, and every hero it frames is
    still listed with its stamp, however the stamps read the frame."""
    root = copy(tmp_path, "a")
    frame = root / "templates" / "tiny" / "frame.j2"
    frame.write_text(frame.read_text() + "{% if %}\n")
    assert frame.read_text().splitlines()[5] == "{% if %}"
    result = run_pnp(root, "list", "--format", "json")
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and "Traceback" not in result.output + result.stderr, result.output + result.stderr
    assert len(errors) == 1 and errors[0].startswith("templates/tiny/frame.j2:6:") and "template syntax" in errors[0], result.stderr
    cards = {f"{d['id']}/{c['id']}": c for row in json.loads(result.stdout) for d in row["decks"] for c in d["card_list"]}
    heroes = [card["stamp"]["text"] for name, card in cards.items() if name.startswith("heroes/")]
    assert len(heroes) == 5 and all(re.fullmatch(r"v2\.3 · [A-Z2-7]{6}", text) for text in heroes), heroes


def test_stamps_false_leaves_the_faces_unstamped(tmp_path):
    root = copy(tmp_path, "a")
    game = root / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("stamps: true", "stamps: false", 1))
    assert stamps_in_pdf(root) == []
    assert all(c["stamp"] is None for c in listed(root).values())


def test_pnp_changes_names_the_card_and_field_edited_since_the_last_marked_print(tmp_path):
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    assert "no card changed" in run_pnp(root, "changes", "tiny").output
    deck = root / DECK
    deck.write_text(deck.read_text().replace("name: Rogue,", "name: Rascal,", 1))
    result = run_pnp(root, "changes", "tiny")
    assert result.exit_code == 0
    lines = [line.split() for line in result.output.splitlines()[1:]]
    assert len(lines) == 1 and lines[0][:2] == ["heroes/rogue", "changed"] and lines[0][-1] == "name", result.output
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    assert "heroes/rogue" in run_pnp(root, "changes", "tiny").output  # a build is not a print
    assert run_pnp(root, "printed", "tiny").exit_code == 0
    assert "no card changed" in run_pnp(root, "changes", "tiny").output



def test_pnp_changes_shows_the_code_the_printed_card_carries_then_the_one_it_carries_now(tmp_path):
    """A changed card's line reads `printed → now`: first the code stamped on the card the playtesters hold, then the one
    the next print stamps, each read off the card sheets' PDF."""
    root = copy(tmp_path, "a")
    printed = {text.split()[-1] for text, _ in stamps_in_pdf(root)}  # the first build counts as the print
    deck = root / DECK
    deck.write_text(deck.read_text().replace("name: Rogue,", "name: Rascal,", 1))
    now = {text.split()[-1] for text, _ in stamps_in_pdf(root)}
    (before,), (after,) = printed - now, now - printed  # the rogue's code alone moved
    lines = run_pnp(root, "changes", "tiny").output.splitlines()
    assert lines[1].split()[:2] == ["heroes/rogue", "changed"] and f"{before} → {after}" in lines[1], lines


def test_a_build_marked_printed_that_draws_nothing_new_still_marks_the_cards_printed(tmp_path):
    """`pnp build --mark-printed` after a build of the same data reuses every output, and its cards are the printed ones
    all the same: `pnp changes` then has nothing to list."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    deck = root / DECK
    deck.write_text(deck.read_text().replace("name: Rogue,", "name: Rascal,", 1))
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    assert "heroes/rogue" in run_pnp(root, "changes", "tiny").output  # a build is not a print
    marked = run_pnp(root, "build", "tiny", "--only", "cards", "--mark-printed")
    assert marked.exit_code == 0 and "(reused)" in marked.output, marked.output  # nothing drawn again
    assert run_pnp(root, "changes", "tiny").output.splitlines() == ["tiny: no card changed since the last marked print"]


def test_pnp_printed_counts_each_different_card_once_however_many_copies_print(tmp_path):
    """The tiny deck prints 12 cards of 5 different ones (heroes.yaml: knight, att, rogue, mage, twin); `pnp printed`
    marks each of the 5, and says so as different cards, where "5 cards" read against pnp list's 12."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    said = run_pnp(root, "printed", "tiny")
    assert said.exit_code == 0
    assert said.output.startswith("tiny: 5 different cards marked as printed; "), said.output


def test_pnp_printed_of_one_card_says_it_in_the_singular(tmp_path):
    """A deck cut down to its knight (two copies, one card) is marked as '1 different card', not '1 different cards'
    (built without the checks, which count the rules' 12)."""
    root = copy(tmp_path, "a")
    deck = root / DECK
    deck.write_text("".join(line for line in deck.read_text().splitlines(True) if not line.startswith("  - {id:") or "id: knight" in line))
    assert run_pnp(root, "build", "tiny", "--only", "cards", "--no-validate").exit_code == 0
    said = run_pnp(root, "printed", "tiny")
    assert said.exit_code == 0
    assert said.output.startswith("tiny: 1 different card marked as printed; "), said.output


@pytest.mark.parametrize("damage", ["a text", "a code that is a number", "values that are a list"])
def test_pnp_changes_takes_a_record_of_the_print_it_cannot_have_written_as_no_print(tmp_path, damage):
    """The output folder's cache may come with a downloaded game: a record of the printed cards whose card is a text,
    or whose code is no text, or whose values are no mapping (pnp writes each card as its code, six letters, and its
    values by field), is no print pnp marked, said in one line, never a traceback, and no card said changed."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    record = root / "output/.pnp-cache/tiny.stamps.json"
    kept = json.loads(record.read_text(encoding="utf-8"))
    knight = kept["built"]["heroes/knight"]
    kept["printed"] = dict(kept["built"])
    kept["printed"]["heroes/knight"] = {"a text": "printed last spring", "a code that is a number": {**knight, "code": 123456},
                                        "values that are a list": {**knight, "values": ["Knight", 2]}}[damage]
    record.write_text(json.dumps(kept), encoding="utf-8")
    result = run_pnp(root, "changes", "tiny")
    assert result.exit_code == 1 and "Traceback" not in result.output + result.stderr
    assert result.output.splitlines() == ["tiny: no print marked yet: run pnp build tiny, print it, then pnp printed tiny"], result.output

def test_a_cards_code_is_the_one_earlier_versions_of_pnp_gave_it():
    """A code is a fact of the card and its template, not of the pnp that worked it out: a card printed and marked with
    an earlier pnp keeps its code after an upgrade, so `pnp changes` names only the cards edited since."""
    from pnp.data.stamps import stamp_code

    assert stamp_code({"name": "Ada", "cost": 3, "tags": ["a", "b"]}, b"{{ card.name }}\r\n{{ card.cost }}") == "5GXU7X"
    assert stamp_code({}, b"") == "NDU6Q2"


def test_a_card_whose_front_runs_no_other_template_keeps_the_code_pnp_gave_it_before_frames_were_hashed(tmp_path):
    """CHANGELOG: since a stamp's code covers every template a front runs, a front that runs none keeps its code. Ada,
    drawn by a front that extends, includes and imports nothing, has the code pnp gave her before (DKNTTC: `pnp list` of
    commit 42349f5f, which hashed the front's own source alone), so her printed copies are not called changed."""
    root = copy(tmp_path, "a")
    (root / "data/tiny/decks/plain.yaml").write_text("name: Plain\nsize: poker\nfront: tiny/plain.j2\nback: tiny/back.j2\n"
                                                     "cards:\n  - {id: ada, name: Ada, cost: 3}\n")
    (root / "templates/tiny/plain.j2").write_text('{{ text(card.name ~ " costs " ~ card.cost, 4, 4, 55, 8) }}\n')
    assert listed(root)["plain/ada"]["stamp"]["code"] == "DKNTTC"


def test_a_code_is_the_first_six_base32_letters_of_the_sha256_of_the_values_and_the_template():
    """Every letter of the code, as docs/editions.md describes it (six letters hashed from the values and the template): SHA-256 of the card's values as compact JSON with sorted
    keys, a NUL, and its template's source with its line endings made alike, written in RFC 4648's base32; over values
    and templates of every length, whatever way the letters are worked out."""
    import base64
    import hashlib

    from pnp.data.stamps import stamp_code

    for n in range(400):
        values = {"name": "Ada é" * (n % 7), "cost": n, "tags": [hashlib.sha512(b"v%d" % n).hexdigest()[: n % 64]]}
        source = hashlib.sha512(b"t%d" % n).digest()[: n % 37] + b"\r\n{{ x }}"
        text = json.dumps(values, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
        digest = hashlib.sha256(text + b"\0" + source.replace(b"\r\n", b"\n")).digest()
        assert stamp_code(values, source) == base64.b32encode(digest)[:6].decode()


def test_pnp_changes_lists_each_card_changed_added_or_removed_with_every_field_it_changed(tmp_path):
    """`pnp changes` after edits to two fields of one card, a card added and one removed: one line each, in deck and
    card order with the removed after, the changed one naming both fields; then, after a marked print and one edit,
    '1 card changed'."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    deck = root / DECK
    text = deck.read_text().replace('name: Rogue, stars: 2, number: 3, text: "Steal 1 coin − then run → away."',
                                    'name: Rascal, stars: 2, number: 3, text: "Steal 2 coins."', 1)
    text = "\n".join(line for line in text.splitlines() if "id: mage," not in line) + "\n"
    deck.write_text(text + '  - {id: bard, name: Bard, stars: 1, number: 4, text: "Sing.", side: blue, count: 3}\n')  # the mage's three blue cards
    result = run_pnp(root, "changes", "tiny")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "tiny: 3 cards changed since the last marked print", lines
    rows = [line.split() for line in lines[1:4]]
    assert [row[:2] for row in rows] == [["heroes/rogue", "changed"], ["heroes/bard", "added"], ["heroes/mage", "removed"]], lines
    assert lines[1].endswith("fields: name, text"), lines[1]
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0 and run_pnp(root, "printed", "tiny").exit_code == 0
    deck.write_text(deck.read_text().replace("name: Bard,", "name: Skald,", 1))
    assert run_pnp(root, "changes", "tiny").output.splitlines()[0] == "tiny: 1 card changed since the last marked print"


def test_pnp_changes_names_a_field_a_card_gained_or_lost_since_the_print(tmp_path):
    """A field written on a card since the print (the rogue's flavour text) or taken off it (the agent's number) changes
    what the card says as surely as an edit: each card is listed changed, naming that field."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0  # the first build counts as the print
    deck = root / DECK
    text = deck.read_text().replace("name: Rogue, stars: 2,", 'name: Rogue, flavor: "Quick hands.", stars: 2,', 1)
    deck.write_text(text.replace('number: 2, text: "Swap', 'text: "Swap', 1))
    result = run_pnp(root, "changes", "tiny")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "tiny: 2 cards changed since the last marked print", lines
    assert [(row.split()[:2], row.split()[-1]) for row in lines[1:]] == [(["heroes/att", "changed"], "number"),
                                                                        (["heroes/rogue", "changed"], "flavor")], lines


def test_pnp_changes_and_pnp_printed_before_any_build_say_so_and_fail(tmp_path):
    root = copy(tmp_path, "a")
    changes = run_pnp(root, "changes", "tiny")
    assert changes.exit_code == 1 and "tiny: no print marked yet: run pnp build tiny, print it, then pnp printed tiny" in changes.output
    printed = run_pnp(root, "printed", "tiny")
    assert printed.exit_code == 1 and "tiny: not built yet into output: run pnp build tiny first" in printed.output, printed.output


def test_a_cards_own_small_print_last_on_its_face_is_no_stamp_an_edit_to_it_is_a_change(tmp_path):
    """A game without stamps whose template ends with a line of 5 pt small print, the stamp's own size: that line is
    the card's, not a stamp to leave out of what tells faces apart, so an edit to it alone makes the card changed
    (`pnp build --changed` prints the rogue's three copies)."""
    root = copy(tmp_path, "a")
    game = root / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("stamps: true", "stamps: false", 1))
    hero, deck = root / "templates/tiny/hero.j2", root / DECK
    hero.write_text(hero.read_text().replace("{% endblock %}", '{{ text(card.proof, 5, 80, 30, 4, size=5) }}\n{% endblock %}'))
    deck.write_text(deck.read_text().replace("defaults: {side: red}", 'defaults: {side: red, proof: "Proof one"}'))
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    deck.write_text(deck.read_text().replace("{id: rogue, name: Rogue,", '{id: rogue, name: Rogue, proof: "Proof two",'))
    result = run_pnp(root, "build", "tiny", "--changed", "--only", "cards")
    assert result.exit_code == 0, result.output
    changed = root / "output/tiny/tiny-changed.pdf"
    assert changed.is_file(), f"no card counted changed: {result.output}"
    printed = pdf_text(changed)
    assert "heroes/rogue ×3" in printed and "Proof two" in printed and "Proof one" not in printed, printed


def test_a_card_pictured_in_the_rulebook_shows_no_stamp(tmp_path):
    """A stamp tells printings of a card apart on the card itself; the rulebook's picture of the Knight, drawn at the
    card's own width, is no printing of it, so it shows the card's words without the 'v2.3 · CODE' every printed front
    carries."""
    root = copy(tmp_path, "a")
    rules_source = root / "data/tiny/rulebook.md"  # the figure at the card's own width: a stamp would print at its 5 pt, readable
    rules_source.write_text(rules_source.read_text(encoding="utf-8").replace('card:heroes/knight "45")', "card:heroes/knight)"), encoding="utf-8")
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    assert re.search(r"v2\.3 · [A-Z2-7]{6}", pdf_text(root / "output/tiny/tiny-cards.pdf")), "the printed fronts carry their stamps"
    rules = pdf_text(root / "output/tiny/tiny-rulebook.pdf")
    assert "Draw two cards" in rules, "the Knight's figure prints its words"
    assert "v2.3 ·" not in rules, rules


def test_a_new_version_number_alone_changes_no_card(tmp_path):
    """The version is in every stamp, not in what the cards' own templates draw: after a build, a game whose version alone
    went from 2.3 to 2.4 has no card changed (`pnp build --changed` says so and writes no changed cards' file), though every
    front now prints 'v2.4'."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0
    game = root / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace('version: "2.3"', 'version: "2.4"', 1))
    result = run_pnp(root, "build", "tiny", "--changed", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert "v2.4 ·" in pdf_text(root / "output/tiny/tiny-cards.pdf")
    assert not (root / "output/tiny/tiny-changed.pdf").exists(), result.output


def test_pnp_changes_gives_a_card_added_or_removed_since_the_print_its_one_code(tmp_path):
    """docs/editions.md: a card changed since the print shows its code then → its code now; one added has no printed
    code and one removed no code now, so each shows the one code it has: the added card's is the code `pnp list` gives
    it, the removed card's the code `pnp list` gave it at the print."""
    root = copy(tmp_path, "a")
    assert run_pnp(root, "build", "tiny", "--only", "cards").exit_code == 0  # the first build counts as the print
    mage = listed(root)["heroes/mage"]["stamp"]["code"]
    deck = root / DECK
    text = "\n".join(line for line in deck.read_text().splitlines() if "id: mage," not in line) + "\n"
    deck.write_text(text + '  - {id: bard, name: Bard, stars: 1, number: 4, text: "Sing.", side: blue, count: 3}\n')  # the mage's three blue cards
    bard = listed(root)["heroes/bard"]["stamp"]["code"]
    result = run_pnp(root, "changes", "tiny")
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split() for line in result.output.splitlines()[1:] if line.startswith("  heroes/")}
    assert rows["heroes/bard"] == ["heroes/bard", "added", bard], result.output
    assert rows["heroes/mage"] == ["heroes/mage", "removed", mage], result.output


def test_pnp_printed_and_pnp_changes_read_the_build_in_the_folder_out_names(tmp_path):
    """A game built with `--out DIR` alone, never into output/: `pnp printed --out DIR` marks that build and `pnp
    changes --out DIR` compares with it, as their --help says, not with an output/ folder that holds no build."""
    root = copy(tmp_path, "a")
    out = tmp_path / "elsewhere"
    assert run_pnp(root, "build", "tiny", "--only", "cards", "--out", str(out)).exit_code == 0
    printed = run_pnp(root, "printed", "tiny", "--out", str(out))
    assert printed.exit_code == 0 and printed.output.startswith("tiny: 5 different cards marked as printed"), printed.output
    changes = run_pnp(root, "changes", "tiny", "--out", str(out))
    assert changes.exit_code == 0 and changes.output.splitlines()[0] == "tiny: no card changed since the last marked print", changes.output
    assert not (root / "output" / "tiny").exists()


def test_pnp_changes_of_a_game_whose_data_fails_to_load_says_its_error_and_fails(tmp_path):
    """A game.yaml that no longer reads: `pnp changes` says the error at its line and exits 1, comparing nothing."""
    root = copy(tmp_path, "broken")
    game = root / "data/tiny/game.yaml"
    line = len(game.read_text(encoding="utf-8").splitlines()) + 1
    with game.open("a", encoding="utf-8") as f:
        f.write("title: Again\n")
    result = run_pnp(root, "changes", "tiny")
    assert result.exit_code == 1
    assert f"data/tiny/game.yaml:{line}:1: error: key 'title' appears twice (first at line 2): keep one" in result.stderr, result.stderr
    assert "changed since" not in result.output
