"""`pnp mcp`: the project's tools through the MCP SDK's own client, the server started as an assistant starts it."""
import asyncio
import json
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")
from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PROJECT = Path(__file__).parent / "project"


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root, ignore=shutil.ignore_patterns("output"))
    return root


def _broken(root: Path, slug: str) -> dict:
    """Break the game's game.yaml with a key no game has (as a designer's typo does); the validate call's arguments."""
    game_yaml = root / "data" / slug / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\nnot_a_key: 1\n")
    return {"game": slug}


def test_an_assistant_lists_builds_renders_a_face_reads_its_fields_and_validates_in_one_session(project):
    """One server, as an assistant keeps it: each read-only tool answers what the project holds."""
    import base64
    import io

    from PIL import Image
    slugs = sorted(p.name for p in (project / "data").iterdir() if (p / "game.yaml").is_file())
    first = lambda out: next(g for g in out[0][1]["games"] if g["lang"] is None and g["decks"])  # noqa: E731
    item = lambda out: {"game": first(out)["game"], "deck": first(out)["decks"][0]["id"], "card": first(out)["decks"][0]["card_list"][0]["id"]}  # noqa: E731
    answers = calls(project, [
        ("list_games", {}),
        ("build", {"game": slugs[0]}),
        ("render_face", lambda out: {"game": item(out)["game"], "item": f"{item(out)['deck']}/{item(out)['card']}", "dpi": 100}),
        ("card_fields", item),
        ("validate", lambda out: _broken(project, slugs[0])),
    ], allow_edits=False, started=True)
    assert not any(error for error, _ in answers), answers
    (_, listed), (_, built), (_, face), (_, fields), (_, checked) = answers
    games = listed["games"]
    assert sorted(g["game"] for g in games if g["lang"] is None) == slugs
    assert all(d["cards"] > 0 for g in games for d in g["decks"])
    # build: the game's PDFs, written under output/GAME/
    pdfs = [w for w in built["written"] if w.endswith(".pdf")]
    assert pdfs and all(w.startswith(f"output/{slugs[0]}/") for w in pdfs), built
    assert all((project / w).read_bytes().startswith(b"%PDF-") for w in pdfs)
    # render_face: a PNG of the card's trim at the dpi asked
    image = Image.open(io.BytesIO(base64.b64decode(face.data)))
    w_mm, h_mm = next(g for g in games if g["lang"] is None and g["decks"])["decks"][0]["size"]
    assert image.format == "PNG"
    assert abs(image.width - w_mm / 25.4 * 100) <= 1 and abs(image.height - h_mm / 25.4 * 100) <= 1, image.size
    # card_fields: each value with the line that sets it
    assert fields["fields"]
    for f in fields["fields"]:
        if isinstance(f["value"], str) and f["value"] and f["file"].endswith((".yaml", ".yml")) and f["line"]:
            line = (project / f["file"]).read_text().splitlines()[f["line"] - 1]
            assert f["value"].splitlines()[0][:10] in line or f["name"] in line, (f, line)
    # validate: the broken value at its place
    findings = checked["findings"]
    assert any(f["file"].endswith("game.yaml") and f["line"] for f in findings), findings


# Edits: the serve editor's guards, through the SDK's client. Expected bytes are the designer's file with the one value
# changed as a person would type it, not what pnp's writer makes.

def calls(root: Path, steps: list[tuple[str, dict]], allow_edits: bool = True, started: bool = False) -> list:
    """One server (with --allow-edits unless told) making each call in turn: [(is_error, answer or text)]. A step's
    arguments may be a function of the answers before it (a digest card_fields gave).

    `started`: the server is `python -m pnp mcp --root ROOT` started as an assistant starts it, over stdio (the first
    test); else it is the same server, `make_server`, reached in this process through the SDK's own in-memory client,
    which spares each edit test a process of its own."""
    async def go():
        if started:
            args = ["-m", "pnp", "mcp", "--root", str(root)] + (["--allow-edits"] if allow_edits else [])
            async with stdio_client(StdioServerParameters(command=sys.executable, args=args)) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return [step async for step in _each(session, steps)]
        from pnp.cli.assistant import make_server
        async with Client(make_server(root, allow_edits)) as client:
            return [step async for step in _each(client, steps)]
    return asyncio.run(go())


async def _each(client, steps: list[tuple[str, dict]]):
    """Each step's tool called in turn, its arguments made from the answers so far: (is_error, answer or text)."""
    out = []
    for tool, arguments in steps:
        result = await client.call_tool(tool, arguments(out) if callable(arguments) else arguments)
        out.append((result.is_error, _answer(result)))
        yield out[-1]


def _answer(result):
    """A call's refusal text, its picture (an image content), or its structured answer."""
    first = result.content[0] if result.content else None
    if result.is_error:
        return first.text
    if first is not None and first.type == "image":
        return first
    return result.structured_content or json.loads(first.text)


HEROES = "data/tiny/decks/heroes.yaml"
HERO = "templates/tiny/hero.j2"


def _digest(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_read_only_mode_refuses_every_edit_and_writes_nothing(project):
    before = {p: p.read_bytes() for p in (project / HEROES, project / HERO)}
    answers = calls(project, [
        ("edit_value", {"game": "tiny", "deck": "heroes", "card": "rogue", "field": "name", "value": "Bandit", "digest": _digest(project / HEROES)}),
        ("edit_template_number", {"game": "tiny", "file": HERO, "line": 3, "function": "text", "argument": "size", "value": 15,
                                  "digest": _digest(project / HERO)}),
        ("undo", {}),
    ], allow_edits=False)
    assert all(error and "--allow-edits" in text for error, text in answers), answers
    assert {p: p.read_bytes() for p in before} == before


def _field(answer: dict, name: str) -> dict:
    return next(f for f in answer["fields"] if f["name"] == name)


def test_an_edited_value_is_what_the_next_build_prints_and_undo_puts_the_file_back(project):
    import pdfplumber
    original = (project / HEROES).read_bytes()
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    edited: list[bytes] = []

    def build_after_reading_the_file(out):
        edited.append((project / HEROES).read_bytes())  # the file as the first edit left it
        return {"game": "tiny", "deck": "heroes"}

    answers = calls(project, [
        ("card_fields", rogue),
        ("edit_value", lambda out: {**rogue, "field": "name", "value": "Bandit Queen", "digest": _field(out[0][1], "name")["digest"]}),
        ("build", build_after_reading_the_file),
        ("card_fields", rogue),
        ("edit_value", lambda out: {**rogue, "field": "stars", "value": "5", "digest": _field(out[3][1], "stars")["digest"]}),
        ("undo", {}), ("undo", {}), ("undo", {}),
    ])
    assert [error for error, _ in answers] == [False] * 7 + [True], answers
    assert _field(answers[0][1], "name")["file"] == HEROES
    assert "nothing to undo" in answers[7][1]
    assert (project / HEROES).read_bytes() == original  # both edits undone, last first
    built = answers[2][1]
    cards = next(project / w for w in built["written"] if w.endswith(".pdf") and "card" in w)
    with pdfplumber.open(cards) as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert "Bandit Queen" in text and "Rogue" not in text
    # the file as the first edit left it: the one value changed, every other byte as the designer wrote it
    assert edited == [original.replace(b"{id: rogue, name: Rogue,", b"{id: rogue, name: Bandit Queen,")]


def test_a_value_is_refused_when_its_file_changed_on_disk_or_the_value_is_of_another_kind(project):
    digest = _digest(project / HEROES)
    edit = {"game": "tiny", "deck": "heroes", "card": "rogue", "field": "stars", "value": "many", "digest": digest}
    changed = (project / HEROES).read_text() + "# saved by hand\n"

    def saved_by_hand(out):
        (project / HEROES).write_text(changed)
        return {**edit, "value": "4"}

    (kind_error, kind_text), (error, text) = calls(project, [("edit_value", edit), ("edit_value", saved_by_hand)])
    assert kind_error and "number" in kind_text, kind_text
    assert error and "changed on disk" in text, text
    assert (project / HEROES).read_text() == changed


def test_a_number_of_more_digits_than_pnp_reads_is_refused_with_its_reason_and_the_file_kept(project):
    """docs/limits.md: pnp reads no whole number of over 1,000 digits. A number field given one is refused in words the
    assistant can pass on (shorten it, or keep it as text), not an error that says nothing, and the file is untouched."""
    original = (project / HEROES).read_bytes()
    edit = {"game": "tiny", "deck": "heroes", "card": "rogue", "field": "stars", "value": "9" * 1001, "digest": _digest(project / HEROES)}
    ((error, text),) = calls(project, [("edit_value", edit)])
    assert error and "not written: stars holds a number (2); a whole number of over 1,000 digits: shorten it, or keep it as text" in text, text
    assert (project / HEROES).read_bytes() == original


def test_undo_is_refused_over_a_file_changed_since_the_edit(project):
    def mage_number(out):
        field = next(f for f in out[0][1]["fields"] if f["name"] == "number")
        return {"game": "tiny", "deck": "heroes", "card": "mage", "field": "number", "value": "9", "digest": field["digest"]}

    def saved_later(out):
        (project / HEROES).write_text((project / HEROES).read_text() + "# later\n")
        return {}

    answers = calls(project, [("card_fields", {"game": "tiny", "deck": "heroes", "card": "mage"}), ("edit_value", mage_number), ("undo", saved_later)])
    assert [error for error, _ in answers[:2]] == [False, False], answers
    error, text = answers[2]
    assert error and "changed on disk" in text
    kept = (project / HEROES).read_text()
    assert "{id: mage, name: Mage, stars: 4, number: 9, text:" in kept and kept.endswith("# later\n")


def test_a_template_number_is_set_where_it_is_written_and_nowhere_else(project):
    original = (project / HERO).read_text()
    answers = calls(project, [("template_file", {"file": HERO}),
                              ("edit_template_number", lambda out: {"game": "tiny", "file": HERO, "line": 3, "function": "text", "argument": "size",
                                                                    "value": 15, "digest": out[0][1]["digest"]})])
    assert answers[0][1]["text"] == original
    assert not answers[1][0], answers
    lines = original.split("\n")
    lines[2] = lines[2].replace("size=13", "size=15")
    assert (project / HERO).read_text() == "\n".join(lines)


def test_an_edit_outside_the_projects_templates_or_the_games_folder_is_refused(project, tmp_path):
    outside = tmp_path / "elsewhere.j2"
    outside.write_text('{{ text("x", 1, 1, 10, 10, size=9) }}\n')
    (project / "templates/tiny/linked.j2").symlink_to(outside)
    files = ("templates/tiny/linked.j2", "data/tiny/decks/heroes.yaml", "../elsewhere.j2")
    answers = calls(project, [("edit_template_number", {"game": "tiny", "file": file, "line": 1, "function": "text", "argument": "size",
                                                        "value": 12, "digest": _digest(outside)}) for file in files])
    assert all(error and "not written" in text for error, text in answers), answers
    assert outside.read_text() == '{{ text("x", 1, 1, 10, 10, size=9) }}\n'


def test_a_csv_cell_is_set_behind_the_formula_guard_and_its_other_rows_keep_their_bytes(project):
    deck = project / "data/tiny/decks/crowd.yaml"
    deck.write_text("name: Crowd\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: crowd.csv\n")
    sheet = project / "data/tiny/decks/crowd.csv"
    sheet.write_bytes(b"\xef\xbb\xbfid,name,stars,number,text,side\r\none,First,1,1,\"Two\r\nlines\",red\r\ntwo,Second,2,2,Plain,blue\r\n")
    two = {"game": "tiny", "deck": "crowd", "card": "two"}
    answers = calls(project, [("card_fields", two),
                              ("edit_value", lambda out: {**two, "field": "text", "value": "=1+1", "digest": _field(out[0][1], "text")["digest"]})])
    field = _field(answers[0][1], "text")
    assert (field["file"], field["line"]) == ("data/tiny/decks/crowd.csv", 4)
    assert not answers[1][0], answers
    assert sheet.read_bytes() == b"\xef\xbb\xbfid,name,stars,number,text,side\r\none,First,1,1,\"Two\r\nlines\",red\r\ntwo,Second,2,2,'=1+1,blue\r\n"



def test_a_value_followed_by_the_designers_comment_is_set_and_the_comment_kept(project):
    """A card written as a block, its name followed by a note (`name: Rogue   # renamed after playtest 3`): the edit
    changes the name alone; the note after it and every other byte stay as the designer typed them."""
    heroes = project / HEROES
    flow = '  - {id: rogue, name: Rogue, stars: 2, number: 3, text: "Steal 1 coin − then run → away.", side: blue, count: 3}\n'
    block = ('  - id: rogue\n    name: Rogue   # renamed after playtest 3\n    stars: 2\n    number: 3\n'
             '    text: "Steal 1 coin − then run → away."\n    side: blue\n    count: 3\n')
    written = heroes.read_text(encoding="utf-8").replace(flow, block)
    heroes.write_text(written, encoding="utf-8")
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    answers = calls(project, [("card_fields", rogue),
                              ("edit_value", lambda out: {**rogue, "field": "name", "value": "Bandit", "digest": _field(out[0][1], "name")["digest"]})])
    assert [error for error, _ in answers] == [False, False], answers
    assert heroes.read_text(encoding="utf-8") == written.replace("    name: Rogue   # renamed", "    name: Bandit   # renamed")

def test_render_face_draws_the_side_asked_for(project):
    """The deck's back painted one green (the colour written here): the back asked for is green in its middle, the front is not."""
    import io

    from PIL import Image
    (project / "templates/tiny/back.j2").write_text('{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#00ff00") }}\n')
    rogue = {"game": "tiny", "item": "heroes/rogue", "dpi": 50}
    answers = calls(project, [("render_face", {**rogue, "side": "front"}), ("render_face", {**rogue, "side": "back"})], allow_edits=False)
    assert not any(error for error, _ in answers), answers
    import base64
    front, back = (Image.open(io.BytesIO(base64.b64decode(face.data))).convert("RGB") for _, face in answers)
    middle = (back.width // 2, back.height // 2)
    assert back.getpixel(middle) == (0, 255, 0)
    assert front.getpixel(middle) != (0, 255, 0)


def test_a_build_names_every_file_it_wrote_again_not_only_new_ones(project):
    """A second build after a saved change rewrites the deck's card sheet, which was there already: the assistant is told
    of it, as of every file whose bytes the build changed."""
    seen: list[dict[str, bytes]] = []

    def outputs():
        return {p.relative_to(project).as_posix(): p.read_bytes() for p in (project / "output/tiny").rglob("*") if p.is_file()}

    def renamed_after_the_first_build(out):
        seen.append(outputs())
        (project / HEROES).write_bytes((project / HEROES).read_bytes().replace(b"name: Rogue,", b"name: Thief,"))
        return {"game": "tiny", "deck": "heroes"}

    answers = calls(project, [("build", {"game": "tiny", "deck": "heroes"}), ("build", renamed_after_the_first_build)], allow_edits=False)
    assert not any(error for error, _ in answers), answers
    after = outputs()
    changed = {path for path, data in after.items() if seen[0].get(path) not in (None, data)}
    sheets = [path for path in changed if path.endswith(".pdf") and "cards" in path]
    assert sheets, sorted(changed)
    assert changed <= set(answers[1][1]["written"]), (sorted(changed), answers[1][1]["written"])


def test_a_value_from_a_workbooks_cell_is_refused_saying_to_change_it_in_the_spreadsheet_program(project):
    from test_spreadsheet_decks import HEAD, HEADER, ROWS, write_xlsx

    (project / HEROES).write_text(HEAD + "cards_from: heroes.xlsx\n")
    book = project / "data/tiny/decks/heroes.xlsx"
    write_xlsx(book, {"Heroes": [HEADER, *ROWS]})
    before = book.read_bytes()
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    answers = calls(project, [("card_fields", rogue),
                              ("edit_value", lambda out: {**rogue, "field": "name", "value": "Thief", "digest": _field(out[0][1], "name")["digest"]})])
    error, text = answers[1]
    assert error, text  # rogue is the sheet's third card (row 4), its name in column B
    assert text.endswith(": not written: data/tiny/decks/heroes.xlsx[Heroes]!B4 is a workbook's cell, and pnp never writes a workbook (its "
                         "formatting and formulas are the designer's): change that cell in the spreadsheet program"), text
    assert book.read_bytes() == before


def test_a_number_on_a_line_of_two_calls_is_refused_and_neither_call_changes(project):
    """Which of two `text()` calls on one line is meant cannot be told from the line: nothing is written."""
    pair = project / "templates/tiny/pair.j2"
    pair.write_text('{{ text("a", 1, 1, 10, 5, size=9) }}{{ text("b", 1, 8, 10, 5, size=9) }}\n')
    answers = calls(project, [("edit_template_number", {"game": "tiny", "file": "templates/tiny/pair.j2", "line": 1, "function": "text",
                                                        "argument": "size", "value": 12, "digest": _digest(pair)})])
    error, text = answers[0]
    assert error and "templates/tiny/pair.j2:1 holds 2 calls of text()" in text, text
    assert pair.read_text() == '{{ text("a", 1, 1, 10, 5, size=9) }}{{ text("b", 1, 8, 10, 5, size=9) }}\n'


def test_validate_checks_every_edition_as_pnp_validate_does(tmp_path):
    """docs/commands.md: the validate tool answers what `pnp validate GAME --format json` prints, which checks every
    language the game lists: an owl whose German name cannot fit its title box is found in the German edition alone,
    and the assistant is told of it, at the template line, as the designer is."""
    from conftest import run_pnp
    from test_languages import CARD, DECK, GAME, RULES_DE, RULES_EN

    root = tmp_path / "duo"
    (root / "data/duo/decks").mkdir(parents=True)
    (root / "templates/duo").mkdir(parents=True)
    for rel, text in (("data/duo/game.yaml", GAME), ("data/duo/decks/beasts.yaml", DECK.replace("name@de: Eule", "name@de: Schneeeulenweibchenfedernkleid")),
                      ("data/duo/rulebook.md", RULES_EN), ("data/duo/rulebook.de.md", RULES_DE), ("templates/duo/card.j2", CARD)):
        (root / rel).write_text(text, encoding="utf-8")
    ((error, checked),) = calls(root, [("validate", {"game": "duo"})], allow_edits=False)
    assert not error, checked
    said = [(f["file"], f["line"], f["severity"], f["edition"]) for f in checked["findings"]]
    assert said == [("templates/duo/card.j2", 1, "error", "de")], checked
    typed = run_pnp(root, "validate", "duo", "--format", "json")
    assert checked["findings"] == json.loads(typed.output), typed.output


def test_a_build_of_one_deck_writes_what_pnp_build_deck_writes(project):
    """docs/commands.md: `build(game, deck)` builds as `pnp build GAME --deck DECK` does: the files that build writes,
    its card sheet the deck's own (named for the deck, so it never overwrites the whole game's)."""
    from conftest import run_pnp

    typed = run_pnp(project, "build", "tiny", "--deck", "heroes")
    assert typed.exit_code == 0, typed.output
    by_hand = sorted(p.relative_to(project).as_posix() for p in (project / "output/tiny").rglob("*.pdf"))
    shutil.rmtree(project / "output")
    ((error, built),) = calls(project, [("build", {"game": "tiny", "deck": "heroes"})], allow_edits=False)
    assert not error, built
    assert [w for w in built["written"] if w.endswith(".pdf")] == by_hand, (built, by_hand)
    assert [w for w in by_hand if "-cards" in w] == ["output/tiny/tiny-cards-heroes.pdf"], by_hand


ROGUE_FLOW = '  - {id: rogue, name: Rogue, stars: 2, number: 3, text: "Steal 1 coin − then run → away.", side: blue, count: 3}\n'
ROGUE_BLOCK = ('  - id: rogue\n    name: Rogue\n    stars: 2\n    number: 3\n    text: Steal 1 coin,\n      then run away.\n    side: blue\n    count: 3\n'
               '    tags: [sneaky, quick]\n    loot: {coins: 2}\n    hidden: true\n')


def _refusals(project: Path, edits: dict[str, str]) -> list:
    """The rogue written as a block with a value over two lines, a list, a mapping and a true/false field; each of
    `edits` (field → value) asked of edit_value: [(is_error, text)], and whether the file kept every byte."""
    heroes = project / HEROES
    written = heroes.read_text(encoding="utf-8").replace(ROGUE_FLOW, ROGUE_BLOCK)
    heroes.write_text(written, encoding="utf-8")
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    steps = [("card_fields", rogue)] + [
        ("edit_value", lambda out, name=name, value=value: {**rogue, "field": name, "value": value, "digest": _field(out[0][1], name)["digest"]})
        for name, value in edits.items()]
    answers = calls(project, steps)
    assert not answers[0][0], answers[0]
    return answers[1:], heroes.read_text(encoding="utf-8") == written


def test_a_value_written_over_two_lines_is_refused_saying_so_at_its_line(project):
    (answer,), kept = _refusals(project, {"text": "Steal 2 coins."})
    error, text = answer
    assert error and kept, answer
    assert text.endswith("not written: text at data/tiny/decks/heroes.yaml:13:11 runs over several lines; edit_value rewrites a value "
                         "written on one line: change it in the file"), text


def test_a_list_or_a_mapping_is_refused_as_what_it_holds(project):
    (tags, loot), kept = _refusals(project, {"tags": "sneaky", "loot": "2"})
    assert kept and tags[0] and loot[0], (tags, loot)
    assert tags[1].endswith("not written: tags holds a list; edit_value sets one text or number: change it in the file"), tags[1]
    assert loot[1].endswith("not written: loot holds a mapping; edit_value sets one text or number: change it in the file"), loot[1]


def test_a_number_for_a_true_or_false_field_and_true_for_a_number_are_refused(project):
    (number, word), kept = _refusals(project, {"hidden": "1", "stars": "true"})
    assert kept
    assert number[0] and number[1].endswith("not written: hidden holds true or false (True); give true or false"), number
    assert word[0] and word[1].endswith("not written: stars holds a number (2); give a number"), word


def test_pnp_mcp_started_without_allow_edits_refuses_an_edit_and_writes_nothing(project):
    """docs/commands.md: the server is read-only unless started as `pnp mcp --allow-edits`; started as an assistant
    starts it, without that option, an edit is refused in words that name it, and the file keeps its bytes."""
    before = (project / HEROES).read_bytes()
    ((error, text),) = calls(project, [("edit_value", {"game": "tiny", "deck": "heroes", "card": "rogue", "field": "name", "value": "Bandit",
                                                       "digest": _digest(project / HEROES)})], allow_edits=False, started=True)
    assert error and "pnp mcp was started read-only" in text and "--allow-edits" in text, text
    assert (project / HEROES).read_bytes() == before


def test_card_fields_places_each_value_at_the_line_and_column_that_set_it_a_default_at_its_deck_line(project):
    """The rogue's name where `Rogue` is typed on its line; the knight's side, which its deck's `defaults:` sets, where
    `red` is typed on that line (lines and columns counted from 1, as an editor counts them)."""
    lines = (project / HEROES).read_text(encoding="utf-8").split("\n")
    rogue_at = next(i for i, line in enumerate(lines) if "{id: rogue," in line)
    defaults_at = next(i for i, line in enumerate(lines) if line.startswith("defaults:"))
    (_, rogue), (_, knight) = calls(project, [("card_fields", {"game": "tiny", "deck": "heroes", "card": "rogue"}),
                                              ("card_fields", {"game": "tiny", "deck": "heroes", "card": "knight"})], allow_edits=False)
    name, side = _field(rogue, "name"), _field(knight, "side")
    assert (name["value"], name["file"], name["line"], name["column"]) == ("Rogue", HEROES, rogue_at + 1, lines[rogue_at].index("Rogue") + 1)
    assert (side["value"], side["file"], side["line"], side["column"]) == ("red", HEROES, defaults_at + 1, lines[defaults_at].index("red") + 1)


def test_the_digest_an_edit_or_an_undo_answers_is_the_files_now_and_the_next_edit_is_taken_with_it(project):
    """An assistant edits again from what the last edit or undo answered, without asking card_fields again: each
    answer's digest is the SHA-256 of the file as it left it, so the next edit is taken."""
    original = (project / HEROES).read_text(encoding="utf-8")
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    now: list[str] = []

    def noted(arguments):
        now.append(_digest(project / HEROES))  # the file's digest as the step before left it
        return arguments

    answers = calls(project, [
        ("card_fields", rogue),
        ("edit_value", lambda out: {**rogue, "field": "name", "value": "Bandit", "digest": _field(out[0][1], "name")["digest"]}),
        ("edit_value", lambda out: noted({**rogue, "field": "stars", "value": "5", "digest": out[1][1]["digest"]})),
        ("undo", lambda out: noted({})),
        ("edit_value", lambda out: noted({**rogue, "field": "name", "value": "Thief", "digest": out[3][1]["digest"]})),
    ])
    assert [error for error, _ in answers] == [False] * 5, answers
    assert [answers[1][1]["digest"], answers[2][1]["digest"], answers[3][1]["digest"]] == now
    assert (project / HEROES).read_text(encoding="utf-8") == original.replace("{id: rogue, name: Rogue,", "{id: rogue, name: Thief,")


def test_a_value_of_a_deck_linked_into_another_folder_of_data_is_refused_and_that_file_kept(project):
    """docs/commands.md: an edit is refused when its file lies outside the game's folder under data/. The deck's file a
    link to data/shared/ (which pnp reads, being inside data/): the assistant's edit writes nothing there."""
    shared = project / "data/shared/heroes.yaml"
    shared.parent.mkdir()
    shutil.move(project / HEROES, shared)
    (project / HEROES).symlink_to(shared)
    kept = shared.read_bytes()
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    answers = calls(project, [("card_fields", rogue),
                              ("edit_value", lambda out: {**rogue, "field": "name", "value": "Bandit", "digest": _field(out[0][1], "name")["digest"]})])
    assert not answers[0][0], answers[0]
    error, text = answers[1]
    assert error and text.endswith(f"not written: '{HEROES}' is a link (or lies in a linked folder) whose real file is outside data/tiny/: "
                                   "copy the file itself into data/tiny/"), text
    assert shared.read_bytes() == kept and (project / HEROES).is_symlink()


def test_a_template_number_is_refused_over_a_template_saved_since_template_file_read_it(project):
    """The designer saves the template after the assistant read it: the number edit made from the old digest is
    refused, saying to ask again, and the designer's save stays as it is."""
    saved = (project / HERO).read_text() + "{# saved by hand #}\n"

    def saved_by_hand(out):
        (project / HERO).write_text(saved)
        return {"game": "tiny", "file": HERO, "line": 3, "function": "text", "argument": "size", "value": 15, "digest": out[0][1]["digest"]}

    answers = calls(project, [("template_file", {"file": HERO}), ("edit_template_number", saved_by_hand)])
    error, text = answers[1]
    assert error and text.endswith(f"not written: {HERO} changed on disk since template_file read it; ask template_file again and edit what it "
                                   "shows now"), text
    assert (project / HERO).read_text() == saved


def test_a_template_number_written_in_an_expression_is_refused_as_no_one_number(project):
    """hero.j2's title is `face.w - 8` wide: no one number sets that width, so a number edit of `w` is refused in words
    and the template keeps every byte."""
    original = (project / HERO).read_text()
    answers = calls(project, [("edit_template_number", {"game": "tiny", "file": HERO, "line": 3, "function": "text", "argument": "w", "value": 50,
                                                        "digest": _digest(project / HERO)})])
    error, text = answers[0]
    assert error and text.endswith("not written: w is written as `face.w - 8`, not one number: change it in the file"), text
    assert (project / HERO).read_text() == original


def test_render_face_of_a_side_neither_front_nor_back_is_refused_naming_the_two_sides(project):
    """docs/commands.md: `side` is front or back. A side a card has not (`top`) is refused in words naming the two, not
    answered with a picture of the front."""
    ((error, text),) = calls(project, [("render_face", {"game": "tiny", "item": "heroes/rogue", "side": "top", "dpi": 50})], allow_edits=False)
    assert error, text
    assert text.endswith("no top face for heroes/rogue: give DECK/CARD of a card in heroes and side front or back"), text


def test_an_edit_of_a_misspelt_field_is_refused_naming_the_field_meant_and_the_file_kept(project):
    original = (project / HEROES).read_bytes()
    ((error, text),) = calls(project, [("edit_value", {"game": "tiny", "deck": "heroes", "card": "rogue", "field": "nmae", "value": "Bandit",
                                                       "digest": _digest(project / HEROES)})])
    assert error and text.endswith("card rogue has no field 'nmae' (did you mean 'name'?); card_fields lists them"), text
    assert (project / HEROES).read_bytes() == original


def _block_rogue(project: Path, name_line: str) -> str:
    """The rogue written as a block, its name line as given; the file's text."""
    block = (f"  - id: rogue\n{name_line}\n    stars: 2\n    number: 3\n    text: \"Steal 1 coin − then run → away.\"\n"
             "    side: blue\n    count: 3\n")
    written = (project / HEROES).read_text(encoding="utf-8").replace(ROGUE_FLOW, block)
    (project / HEROES).write_text(written, encoding="utf-8")
    return written


def _rename_rogue(project: Path, value: str) -> list:
    rogue = {"game": "tiny", "deck": "heroes", "card": "rogue"}
    return calls(project, [("card_fields", rogue),
                           ("edit_value", lambda out: {**rogue, "field": "name", "value": value, "digest": _field(out[0][1], "name")["digest"]})])


def test_a_one_line_value_with_an_indented_note_below_it_is_set_and_the_note_kept(project):
    """A comment line below a value, indented under it, is no part of the value (YAML 1.2, 6.6: a comment ends a plain
    scalar): the value is on one line, and the edit is taken."""
    written = _block_rogue(project, "    name: Rogue\n      # renamed after playtest 3")
    answers = _rename_rogue(project, "Bandit")
    assert [error for error, _ in answers] == [False, False], answers
    assert (project / HEROES).read_text(encoding="utf-8") == written.replace("    name: Rogue\n", "    name: Bandit\n")


def test_a_quoted_value_holding_a_hash_is_replaced_whole(project):
    """`name: "Card #1"` is quoted because ` #` would start a comment: the edit replaces the whole quoted value, quoted
    again, and nothing after it moves."""
    written = _block_rogue(project, '    name: "Rogue #1"')
    answers = _rename_rogue(project, "Rogue #2")
    assert [error for error, _ in answers] == [False, False], answers
    assert (project / HEROES).read_text(encoding="utf-8") == written.replace('    name: "Rogue #1"\n', '    name: "Rogue #2"\n')


def test_an_edit_of_a_deck_saved_with_a_byte_order_mark_keeps_the_mark(project):
    """Windows' Notepad saves UTF-8 with a byte-order mark (EF BB BF): the edit changes the one value and the file still
    starts with the mark, as every other byte stays."""
    original = b"\xef\xbb\xbf" + (project / HEROES).read_bytes()
    (project / HEROES).write_bytes(original)
    answers = _rename_rogue(project, "Bandit")
    assert [error for error, _ in answers] == [False, False], answers
    assert (project / HEROES).read_bytes() == original.replace(b"{id: rogue, name: Rogue,", b"{id: rogue, name: Bandit,")


def test_a_tsv_decks_cell_is_set_and_its_other_rows_keep_their_bytes(project):
    """docs/commands.md: edit_value sets a CSV/TSV cell; a tab-separated deck's cell is set, its tabs and other rows kept."""
    (project / "data/tiny/decks/crowd.yaml").write_text("name: Crowd\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: crowd.tsv\n")
    sheet = project / "data/tiny/decks/crowd.tsv"
    sheet.write_bytes(b"id\tname\tstars\tnumber\ttext\tside\none\tFirst\t1\t1\tPlain\tred\ntwo\tSecond\t2\t2\tPlain\tblue\n")
    two = {"game": "tiny", "deck": "crowd", "card": "two"}
    answers = calls(project, [("card_fields", two),
                              ("edit_value", lambda out: {**two, "field": "name", "value": "Runner-up", "digest": _field(out[0][1], "name")["digest"]})])
    assert [error for error, _ in answers] == [False, False], answers
    assert sheet.read_bytes() == b"id\tname\tstars\tnumber\ttext\tside\none\tFirst\t1\t1\tPlain\tred\ntwo\tRunner-up\t2\t2\tPlain\tblue\n"


def test_a_build_says_its_lines_on_stderr_never_on_stdout_where_the_protocol_runs(project, capsys):
    """`pnp mcp` speaks the protocol on stdout: a build that has a line to say (a game of no parts yet: nothing to build)
    says it on stderr and in the answer's `said` (the assistant reads no stderr), and stdout carries nothing but the
    server's messages."""
    (project / "data/bare").mkdir()
    (project / "data/bare/game.yaml").write_text("title: Bare\nplayers: {min: 2, max: 4}\n")
    ((error, built),) = calls(project, [("build", {"game": "bare"})], allow_edits=False)
    said = capsys.readouterr()
    line = "bare: nothing to build: add decks/*.yaml, boards.yaml, tokens.yaml, reference.yaml or rulebook.md to data/bare/"
    assert not error and built == {"written": [], "findings": [], "said": [line]}, built
    assert said.out == ""
    assert line in said.err, said.err


def test_a_template_number_of_an_argument_the_call_does_not_write_is_refused_naming_the_one_meant(project):
    """hero.j2's line 3 calls text(…, size=13): an edit of `sise` is refused with the argument it likely meant, and the
    template keeps every byte."""
    original = (project / HERO).read_text()
    ((error, text),) = calls(project, [("edit_template_number", {"game": "tiny", "file": HERO, "line": 3, "function": "text", "argument": "sise",
                                                                 "value": 15, "digest": _digest(project / HERO)})])
    assert error and text.endswith("not written: that text() call writes no 'sise' (did you mean 'size'?)"), text
    assert (project / HERO).read_text() == original


def test_a_game_or_deck_not_in_the_project_is_refused_naming_the_ones_there(project):
    """A misspelt game or deck is refused in words the assistant can act on (the one meant, the ones there), not with
    an error that says nothing; nothing is built."""
    answers = calls(project, [("validate", {"game": "tnyi"}), ("build", {"game": "tiny", "deck": "villains"})], allow_edits=False)
    (game_error, game_text), (deck_error, deck_text) = answers
    assert game_error and game_text.endswith("no game 'tnyi' (did you mean 'tiny'?); games: tiny"), game_text
    assert deck_error and deck_text.endswith("no deck 'villains'; decks: heroes"), deck_text
    assert not list(project.glob("output/**/*.pdf"))
