"""A card's fields as its deck reads them (pnp.data.card_fields): its own keys over the deck's defaults, each found at
the line and column it was written, whether the deck has defaults or not."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import apply_edits, run_pnp
from pdftext import pdf_text

from pnp.core.errors import Loc
from pnp.data.card_fields import merged_fields
from pnp.data.located import EmptyCell, LocDict

GAME = "title: T\nplayers: {min: 1, max: 2}\nage: 8\nplay_time: 10\n"
HEAD = "name: D\nsize: poker\nfront: g/front.j2\nfront_from: look\n"


def _errors(root: Path) -> list[dict]:
    """The errors `pnp validate g --quick --format json` gives, each as its JSON says it."""
    return [found for found in json.loads(run_pnp(root, "validate", "g", "--quick", "--format", "json").stdout) if found["severity"] == "error"]


def _findings(root: Path, deck: str, sheet: str | None = None) -> list[tuple[str, str]]:
    """The errors (code, file:line:column) `pnp validate` gives for a game whose one deck is `deck` (its front
    template, front.j2, is there), its cards from `sheet` (cards.csv) when given."""
    (root / "data" / "g" / "decks").mkdir(parents=True)
    (root / "templates" / "g").mkdir(parents=True)
    (root / "data" / "g" / "game.yaml").write_text(GAME)
    (root / "data" / "g" / "decks" / "d.yaml").write_text(deck)
    if sheet is not None:
        (root / "data" / "g" / "decks" / "cards.csv").write_text(sheet)
    (root / "templates" / "g" / "front.j2").write_text("")
    return [(f["code"], f"{f['file']}:{f['line']}:{f['column']}") for f in _errors(root)]


@pytest.mark.parametrize("deck, where", [
    (HEAD + "cards:\n  - {id: a}\n  - {id: b, look: nowhere}\n", "7:19"),  # no defaults: the card's own cell
    (HEAD + "defaults: {look: nowhere}\ncards:\n  - {id: a}\n", "5:18"),  # the card gives none: the deck's default
    (HEAD + "defaults: {look: front}\ncards:\n  - {id: a}\n  - {id: b, look: nowhere}\n", "8:19"),  # the card's own over the default
], ids=["no-defaults", "the-default", "own-over-default"])
def test_a_cards_field_is_found_where_it_was_written(tmp_path, deck, where):
    """A field naming a template that is not there is an error at the value that names it (counted by hand in the YAML)."""
    assert _findings(tmp_path, deck) == [("card-template-unknown", f"data/g/decks/d.yaml:{where}")]


def test_a_card_whose_front_from_names_a_template_prints_that_template(tmp_path):
    """docs/sheets-and-tools.md: a `front_from` cell holding `villain` draws that card with villain.j2 beside the deck's
    `front`; a card whose cell is empty keeps the deck's front."""
    _findings(tmp_path, HEAD + "cards:\n  - {id: a, name: Ann}\n  - {id: b, name: Bob, look: villain}\n")
    (tmp_path / "templates/g/front.j2").write_text('{{ text("Hero " ~ card.name, 5, 5, 50, 10) }}\n')
    (tmp_path / "templates/g/villain.j2").write_text('{{ text("Villain " ~ card.name, 5, 5, 50, 10) }}\n')
    assert run_pnp(tmp_path, "build", "--only", "cards", "g").exit_code == 0
    text = pdf_text(tmp_path / "output/g/g-cards.pdf")
    assert "Hero Ann" in text and "Villain Bob" in text and "Hero Bob" not in text

def test_a_field_with_no_place_of_its_own_is_at_its_card():
    """A card made by pnp rather than read cell by cell (a generated deck's) may hold a field with no place: it is found
    at the card, with or without defaults, and a card gives one copy when neither it nor its deck says how many."""
    for defaults in ({}, {"colour": "red"}):
        raw = LocDict(Loc("d.yaml", 3, 5))
        raw["id"], raw["name"] = "a", "Ann"
        raw.set_loc("id", Loc("d.yaml", 3, 10))
        fields = merged_fields(defaults, raw)
        assert fields == {**defaults, "id": "a", "name": "Ann", "count": 1}
        assert [str(fields.loc_of(key)) for key in ("id", "name", "count")] == ["d.yaml:3:10", "d.yaml:3:5", "d.yaml:3:5"]


def test_a_default_over_a_spreadsheets_cards_is_found_in_the_decks_yaml(tmp_path):
    """Defaults written in the deck's YAML fill the cards of its spreadsheet: a wrong default is an error at its value in
    the YAML (line 6, `  look: nowhere`, column 9), once for the cards it fills; a wrong cell at its cell in the sheet
    (B3: row 3, column 2). The default was found in the spreadsheet, at the YAML's line and column."""
    deck = HEAD + "defaults:\n  look: nowhere\ncards_from: cards.csv\n"
    assert sorted(_findings(tmp_path, deck, "id,look\na,\nb,zzz\n")) == [
        ("card-template-unknown", "data/g/decks/cards.csv:3:2"), ("card-template-unknown", "data/g/decks/d.yaml:6:9")]


def test_an_empty_cell_keeps_the_decks_default_and_every_field_keeps_its_place():
    """A blank cell means "the usual": the deck's default fills it, and the cells after it are read as ever; a blank
    cell the deck has no default for is a blank field, not a missing one. Each field is found where it was written: the
    value's cell, the key's header cell, the defaults mapping for a default with no place of its own."""
    defaults = LocDict(Loc("d.yaml", 5, 3))
    defaults["look"], defaults["back"] = "front", "plain"
    defaults.set_loc("look", Loc("d.yaml", 6, 9))
    defaults.set_key_loc("look", (5 << 24) | 2)  # as the YAML reader keeps a place: line 6, column 3, packed (no file named)
    raw = LocDict(Loc("cards.csv", 3, 1))
    for key, value, column in (("id", "a", 1), ("look", EmptyCell(), 2), ("cost", "2", 3), ("note", EmptyCell(), 4)):
        raw[key] = value
        raw.set_loc(key, Loc("cards.csv", 3, column))
        raw.set_key_loc(key, Loc("cards.csv", 1, column))
    fields = merged_fields(defaults, raw)
    assert fields == {"look": "front", "back": "plain", "id": "a", "cost": "2", "note": "", "count": 1}
    assert type(fields["note"]) is EmptyCell
    assert {key: str(fields.loc_of(key)) for key in fields} == {
        "look": "d.yaml:6:9", "back": "d.yaml:5:3", "id": "cards.csv:3:1", "cost": "cards.csv:3:3", "note": "cards.csv:3:4",
        "count": "cards.csv:3:1"}
    assert (str(fields.key_loc("cost")), str(fields.key_loc("look"))) == ("cards.csv:1:3", "d.yaml:6:3")
    alike, own = LocDict(Loc("d.yaml", 5, 3)), LocDict(Loc("d.yaml", 9, 5))  # a card of its defaults' file
    alike["back"], own["id"] = "plain", "b"
    assert str(merged_fields(alike, own).loc_of("back")) == "d.yaml:5:3"  # a default with no place: at the defaults


def test_a_field_a_card_gives_with_no_key_of_its_own_keeps_its_defaults_key_place():
    """A card whose field has a value's place but no key's (an id pnp made for a spreadsheet row) over a default
    of that field: the value is the card's, at its place; the key is found where the defaults wrote it."""
    defaults = LocDict(Loc("d.yaml", 5, 3))
    defaults["look"] = "front"
    defaults.set_loc("look", Loc("d.yaml", 6, 9))
    defaults.set_key_loc("look", Loc("d.yaml", 6, 3))
    raw = LocDict(Loc("d.yaml", 9, 5))
    raw["look"] = "back"
    raw.set_loc("look", Loc("d.yaml", 9, 12))
    fields = merged_fields(defaults, raw)
    assert (fields["look"], str(fields.loc_of("look")), str(fields.key_loc("look"))) == ("back", "d.yaml:9:12", "d.yaml:6:3")


def test_a_default_no_template_reads_is_warned_of_at_its_key_in_the_decks_yaml(tmp_path):
    """A field the defaults give every card of a spreadsheet, read by no template, is one warning at its key in the
    deck's YAML (line 6, `  extra: 1`, column 3), not at that line and column of the spreadsheet."""

    deck = HEAD.replace("front_from: look\n", "") + "defaults:\n  look: front\n  extra: 1\ncards_from: cards.csv\n"
    _findings(tmp_path, deck, "id,look\na,\nb,\n")
    (tmp_path / "templates" / "g" / "front.j2").write_text("{{ card.look }}")
    result = run_pnp(tmp_path, "validate", "g")
    assert [line.split(" warning: ")[0] for line in result.output.splitlines() if "'extra'" in line] == ["data/g/decks/d.yaml:6:3:"]


def test_a_card_field_named_by_a_number_is_read_checked_and_printed(tmp_path):
    """YAML reads `2: x` in a card as a field named by the number 2, beside fields named by text: every command reads it
    (no internal error: a card's name sorted its fields' names, 2 against "name"), and the field no template reads is
    a warning at its key's place (line 5, `  - {id: a, name: A, 2: x}`, column 22)."""

    deck = HEAD.replace("front_from: look\n", "") + "cards:\n  - {id: a, name: A, 2: x}\n"
    (tmp_path / "data" / "g" / "decks").mkdir(parents=True)
    (tmp_path / "templates" / "g").mkdir(parents=True)
    (tmp_path / "data" / "g" / "game.yaml").write_text(GAME)
    (tmp_path / "data" / "g" / "decks" / "d.yaml").write_text(deck)
    (tmp_path / "templates" / "g" / "front.j2").write_text("{{ card.name }}")
    for command in (["validate", "g"], ["build", "g", "--only", "cards", "-q"]):
        result = run_pnp(tmp_path, *command)
        assert result.exit_code == 0, result.output
        assert "data/g/decks/d.yaml:5:22: warning: no template, constraint or fact reads the card field '2'" in result.output
    assert (tmp_path / "output" / "g").is_dir()


def test_a_numbered_field_beside_worded_ones_is_printed_by_a_game_whose_outputs_read_every_field(project):
    """The tiny game's reference and rulebook read its cards' fields whole, keyed by their digest: a hero with a field
    named 7 beside `name` (Python cannot sort 7 and "name" together) builds and validates, its template prints the
    field's value, and a change to that value alone reaches the printed card (it stopped every command with an internal
    error)."""
    import pypdfium2 as pdfium

    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{id: rogue, name: Rogue,", "{id: rogue, 7: Seven seas, name: Rogue,"), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text(card[7] or "", 4, 70, 50, 6, size=6) }}\n{% endblock %}'), encoding="utf-8")

    def printed() -> str:
        result = run_pnp(project, "build", "tiny", "--only", "cards", "-q")
        assert result.exit_code == 0 and "internal error" not in result.output + result.stderr, result.output + result.stderr
        doc = pdfium.PdfDocument(str(project / "output/tiny/tiny-cards.pdf"))
        return "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))

    assert run_pnp(project, "validate", "tiny").exit_code == 0
    assert printed().count("Seven seas") == 3  # the rogue's three copies
    deck.write_text(deck.read_text(encoding="utf-8").replace("7: Seven seas", "7: Eight winds"), encoding="utf-8")
    text = printed()
    assert text.count("Eight winds") == 3 and "Seven seas" not in text


def test_a_card_template_reads_its_decks_total_as_the_cards_it_prints(project):
    """`deck.total` is how many cards the deck prints, every copy counted: the tiny heroes are 12 (game.yaml's
    `components:` count), five cards in 2 + 2 + 3 + 3 + 2 copies, so each of the 12 printed cards says 'of 12'."""
    import pypdfium2 as pdfium

    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("one of " ~ deck.total, 4, 70, 50, 6, size=6) }}\n{% endblock %}'),
                    encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    doc = pdfium.PdfDocument(str(project / "output/tiny/tiny-cards.pdf"))
    text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    assert text.count("one of 12") == 12 and "one of 5" not in text, text


@pytest.mark.parametrize("key, column", [("1.5", 22), ("~", 22), ("? [p, q]", 24)], ids=["decimal", "empty", "list"])
def test_a_key_that_is_no_word_or_whole_number_is_one_error_saying_to_quote_it(tmp_path, key, column):
    deck = HEAD.replace("front_from: look\n", "") + f"cards:\n  - {{id: a, name: A, {key} : x}}\n"
    assert _findings(tmp_path, deck) == [("yaml-key", f"data/g/decks/d.yaml:5:{column}")]
    assert "put it in quotes" in _errors(tmp_path)[0]["message"]


def test_a_field_nothing_reads_is_one_warning_at_its_first_card_saying_how_many_cards_have_it(project):
    """A field no template reads (`notes`) is one warning at the first card that has it (the knight's line 7, column
    46), saying which card has it while one does and how many once two do: a notes column is one mistake however
    many rows fill it."""
    from conftest import apply_edits, quick_findings

    said = ("data/tiny/decks/heroes.yaml:7:46: warning: no template, constraint or fact reads the card field 'notes' ({}): "
            "fix its spelling, or list it in the deck's keep_fields if it is a note [heroes/knight]")
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, notes: hi, number: 1"]}])
    assert quick_findings(project) == (0, [said.format("card 'knight' has it")])
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 1, number: 2", "stars: 1, notes: hi, number: 2"]}])
    assert quick_findings(project) == (0, [said.format("2 cards of deck 'heroes' have it")])


def test_a_card_field_only_the_rulebook_prints_is_read(project):
    """A rulebook may print a card's field its faces never show (the knight's `motto`, quoted in the rules' text): the
    field is read, and nothing is said of it; with the rulebook's line gone, it is one warning at its key."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, motto: Onward, number: 1"]},
                          {"file": "data/tiny/rulebook.md", "append": "\nThe knight's motto: {{ decks.heroes.cards[0].motto }}.\n"}])
    assert [line for line in quick_findings(project)[1] if "motto" in line] == []
    apply_edits(project, [{"file": "data/tiny/rulebook.md", "replace": ["The knight's motto: {{ decks.heroes.cards[0].motto }}.", ""]}])
    assert [line.split(": warning: ")[0] for line in quick_findings(project)[1] if "motto" in line] == ["data/tiny/decks/heroes.yaml:7:46"]


def test_a_misspelt_default_board_or_token_field_is_never_offered_a_word_of_the_rules_text(project):
    """`total` is a word of the rules' text (rulebook.md prints `decks.heroes.total`), no field: a deck's default, a
    board's field and a token's field written `totl` are each one warning at its key offering nothing, as a card's own
    field is; a default a template reads near enough (`card.stars`, misspelt `starz`) still gets its did-you-mean."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["defaults: {side: red}", "defaults: {side: red, totl: 1, starz: 2}"]},
                          {"file": "data/tiny/boards.yaml", "replace": ["    name: Tiny Town\n", "    name: Tiny Town\n    totl: 1\n"]},
                          {"file": "data/tiny/tokens.yaml", "replace": ["{id: c1, value: 1,", "{id: c1, totl: 1, value: 1,"]}])
    assert "decks.heroes.total" in (project / "data/tiny/rulebook.md").read_text(encoding="utf-8")
    tail, card_tail = ": fix its spelling, or list it in keep_fields if it is a note", ": fix its spelling, or list it in the deck's keep_fields if it is a note"
    assert sorted(quick_findings(project)[1]) == [
        f"data/tiny/boards.yaml:8:5: warning: no template, constraint or fact reads the board field 'totl'{tail} [boards/town]",
        f"data/tiny/decks/heroes.yaml:5:23: warning: no template, constraint or fact reads the card field 'totl' (a default of every card){card_tail} [heroes]",
        f"data/tiny/decks/heroes.yaml:5:32: warning: no template, constraint or fact reads the card field 'starz' (a default of every card) (did you mean 'star'?){card_tail} [heroes]",
        f"data/tiny/tokens.yaml:11:18: warning: no template, constraint or fact reads the token field 'totl'{tail} [tokens/coins]"]
def test_a_misspelt_key_of_a_list_fields_entry_is_named_by_its_path_at_its_place(project):
    """A card's list of attacks, each a mapping: a template reading `card.attacks[0].nme` is told which field has no
    such key and what was meant, at the template's column of the misspelt name, as a card's own field is."""
    from conftest import apply_edits, run_pnp

    line = '{% if card.attacks %}{{ text(card.attacks[0].nme, 5, 70, 30, 6, size=8) }}{% endif %}'
    apply_edits(project, [
        {"file": "data/tiny/decks/heroes.yaml", "replace": ['{id: knight, name: "<Knight>",', '{id: knight, attacks: [{name: Slash, power: 2}], name: "<Knight>",']},
        {"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}", line + "\n{% endblock %}"]}])
    number = (project / "templates/tiny/hero.j2").read_text(encoding="utf-8").splitlines().index(line) + 1
    result = run_pnp(project, "validate", "tiny")
    assert [row for row in result.output.splitlines() if ": error: " in row] == [
        f"templates/tiny/hero.j2:{number}:{line.index('.nme') + 2}: error: card.attacks has no field 'nme' (did you mean 'name'?) [heroes/knight front]"]


def test_a_column_named_near_a_method_a_template_calls_is_never_offered_it(project):
    """A template calling a method (`card.text.strip()`) reads no field by that name: a data file's values are never
    called. A sheet's `Stripe` column nothing reads is one warning offering nothing (as a Squib sheet's `Art` column was
    offered `at` by a board's `cave.at(…)`), and a field named `strip` itself is unread, not read by the call."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["text(card.text, 5", "text(card.text.strip(), 5"]},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, Stripe: red, strip: x, number: 1"]}])
    tail = ": fix its spelling, or list it in the deck's keep_fields if it is a note [heroes/knight]"
    assert sorted(line for line in quick_findings(project)[1] if "field-unused" in line or "card field" in line) == [
        f"data/tiny/decks/heroes.yaml:7:46: warning: no template, constraint or fact reads the card field 'Stripe' (card 'knight' has it){tail}",
        f"data/tiny/decks/heroes.yaml:7:59: warning: no template, constraint or fact reads the card field 'strip' (card 'knight' has it){tail}"]


def test_a_yaml_cards_id_field_in_capitals_is_never_told_to_name_a_sheets_id_column(project):
    """`ID: K1` on a YAML card reads as nothing (a YAML card's id is its `id`): one warning at the key, and no word of
    `id_column:`, which names a sheet's column of ids and which a deck written in YAML has no use for."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, ID: K1, number: 1"]}])
    assert [line for line in quick_findings(project)[1] if "'ID'" in line] == [
        "data/tiny/decks/heroes.yaml:7:46: warning: no template, constraint or fact reads the card field 'ID' (card 'knight' has it) (did you mean "
        "'id'?): fix its spelling, or list it in the deck's keep_fields if it is a note [heroes/knight]"]

def test_a_cards_copies_written_as_other_tools_name_them_is_told_to_be_count(project):
    """`amount: 2` on a YAML card reads as nothing (a card's copies are its `count`): one warning at the key, saying so."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, amount: 2, number: 1"]}])
    assert [line for line in quick_findings(project)[1] if "amount" in line] == [
        "data/tiny/decks/heroes.yaml:7:46: warning: no template, constraint or fact reads the card field 'amount' (card 'knight' has it): fix its "
        "spelling, or list it in the deck's keep_fields if it is a note; if it gives the card's copies, write it as count [heroes/knight]"]


def test_a_front_from_cell_names_its_template_with_or_without_j2_and_an_empty_cell_keeps_the_decks_front(project):
    """docs/sheets-and-tools.md: a cell holding `villain` uses villain.j2 beside the deck's `front` template, and an
    empty cell keeps the deck's `front`. The knight's 2 copies name `villain.j2`, the agent's 2 `villain`, the rogue's
    cell is empty: 4 villain faces, and the rogue's 3 copies printed from hero.j2 with its name."""
    hero = project / "templates/tiny/hero.j2"
    villain = hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("VILLAIN", 5, 70, 30, 8, size=9) }}\n{% endblock %}')
    (project / "templates/tiny/villain.j2").write_text(villain, encoding="utf-8")
    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8").replace("back: tiny/back.j2\n", "back: tiny/back.j2\nfront_from: layout\n", 1)
    for card, cell in (("knight", "villain.j2"), ("att", "villain"), ("rogue", '""')):
        text = text.replace(f"{{id: {card},", f"{{id: {card}, layout: {cell},", 1)
    deck.write_text(text, encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert printed.count("VILLAIN") == 4 and printed.count("Rogue") == 3, printed


def test_a_template_reading_a_field_with_a_default_prints_the_default_on_the_cards_without_it(project):
    """`card.get("motto", "No motto")` in a front, as for any mapping in Jinja: the rogue's own motto on its three
    copies, the default on the nine copies of the heroes that have none."""
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}",
                                                                         '{{ text(card.get("motto", "No motto"), 5, 72, face.w - 10, 5, size=8) }}\n{% endblock %}']},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["  - {id: rogue, name: Rogue,", "  - {id: rogue, motto: Onward, name: Rogue,"]}])
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    text = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert (text.count("Onward"), text.count("No motto"), text.count("None")) == (3, 9, 0)


def test_the_card_field_a_deck_names_in_back_from_is_read_by_the_engine_and_never_warned_of(project):
    """docs/sheets-and-tools.md: `back_from: look` names the card field that gives each card's back template, as
    `front_from` does its front; the engine reads that field, so no template has to: `validate --quick` warns of nothing."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["back: tiny/back.j2\n", "back: tiny/back.j2\nback_from: look\n"]},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["{id: knight,", "{id: knight, look: tiny/twin-back.j2,"]}])
    from conftest import quick_findings

    assert quick_findings(project) == (0, [])


def test_an_unread_field_named_with_a_space_is_told_how_a_template_reads_it_in_brackets(project):
    """A spreadsheet's header `Attack Name` is no Python name: `card.Attack Name` cannot read it, so the warning says
    a template reads it as card["Attack Name"]."""
    from conftest import quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, Attack Name: Slash, number: 1"]}])
    assert quick_findings(project) == (0, [
        "data/tiny/decks/heroes.yaml:7:46: warning: no template, constraint or fact reads the card field 'Attack Name' (card 'knight' has it): "
        "fix its spelling, or list it in the deck's keep_fields if it is a note (a template reads it as card[\"Attack Name\"]) [heroes/knight]"])


def test_an_unread_numbered_field_is_never_offered_its_read_sibling_as_a_misspelling(project):
    """A front reads `Consume1` and no template reads `Consume2`, which the knight also has: Consume2 is a column of its
    own left unread, not `Consume1` mistyped, so its warning offers no 'did you mean'."""
    from conftest import quick_findings

    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}",
                                                                         '{{ text(card.get("Consume1", "")|string, 5, 72, face.w - 10, 5, size=8) }}\n{% endblock %}']},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, Consume1: 1, Consume2: 2, number: 1"]}])
    assert quick_findings(project) == (0, [
        "data/tiny/decks/heroes.yaml:7:59: warning: no template, constraint or fact reads the card field 'Consume2' (card 'knight' has it): "
        "fix its spelling, or list it in the deck's keep_fields if it is a note [heroes/knight]"])


def test_a_card_field_only_a_components_breakdown_counts_is_read(project):
    """docs/data-format.md: a component's `by:` counts the copies per value of a field; a field only that breakdown
    names (every hero's `tier`, a default) is read, and `validate --quick` warns of nothing."""
    from conftest import quick_findings

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["defaults: {side: red}", "defaults: {side: red, tier: core}"]},
                          {"file": "data/tiny/game.yaml", "replace": ["      side: {red: 6, blue: 6}\n", "      side: {red: 6, blue: 6}\n      tier: {core: 12}\n"]}])
    assert quick_findings(project) == (0, [])


def test_a_deck_whose_template_reads_card_fields_by_a_worked_out_name_gets_one_note_and_no_unread_field_warning(project):
    """pnp.pipeline.unused: a template reading `card[key]`, its key worked out as it draws, may print any field, so the
    deck's fields are not judged: its misspelt-looking `colr` is no warning, and the one note says why at that line."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["{id: knight, name", "{id: knight, colr: red, name"]},
                          {"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}", '{% set key = "name" if card.stars > 2 else "text" %}'
                                                                         "{{ text(card[key], 5, 80, 50, 5, size=6, min_size=3) }}\n{% endblock %}"]}])
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.stderr.splitlines() if ": warning: " in line or ": note: " in line]
    assert result.exit_code == 0, result.output + result.stderr
    assert said == ["templates/tiny/hero.j2:7:1: note: this template reads card fields by a name it works out as it draws (card[key], "
                    "card.items()), so which of the deck's fields nothing reads cannot be told, and they are not checked: read them by "
                    "name (card.name, card[\"Attack Name\"]) to have them checked [heroes]"], said


def test_a_board_template_reading_its_board_whole_leaves_no_board_field_unread_and_the_cards_still_judged(project):
    """pnp.pipeline.unused: a board template that reads its mapping whole (`board.items()`) may print any of its
    fields, so no board or token field is called unread (`mood`); the decks' fields are judged as ever (`colr`)."""
    apply_edits(project, [{"file": "data/tiny/boards.yaml", "replace": ["    name: Tiny Town\n", "    name: Tiny Town\n    mood: calm\n"]},
                          {"file": "templates/tiny/board-town.j2", "replace": ['{{ rect(0, 0, face.w, face.h, fill="paper") }}\n',
                                                                               '{{ rect(0, 0, face.w, face.h, fill="paper") }}\n'
                                                                               "{{ text(board.items()|list|length|string, 5, 5, 40, 10, size=8) }}\n"]},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["{id: knight, name", "{id: knight, colr: red, name"]}])
    from conftest import quick_findings

    found = quick_findings(project)
    assert found == (0, [UNREAD_COLR]), found


UNREAD_COLR = ("data/tiny/decks/heroes.yaml:7:18: warning: no template, constraint or fact reads the card field 'colr' (card 'knight' has it) "
               "(did you mean 'color'?): fix its spelling, or list it in the deck's keep_fields if it is a note [heroes/knight]")
