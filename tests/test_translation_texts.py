"""What a translator's sheet lists and where each text prints, and a rulebook's sections, their notes and the stale
warning (pnp.data.translations), held through `pnp translate export`, `import` and `validate` run in process on a
`pnp new` game (docs/editions.md, "A translator's round trip"). Each test builds what it reads: bench/mutation.py
credits a module fixture's build to its first test alone. Expected digests are the docs' recipe (`letters`)."""
from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import run_pnp
from test_translate import letters, read_csv, write_csv

HEAD = ["id", "where", "en", "de", "status", "fits", "face"]  # the export's header row
RELICS = "data/gems/decks/relics.yaml"
BOOK = "data/gems/rulebook.md"


def new_gems(root: Path) -> Path:
    """A fresh `pnp new gems` game in `root` with German among its languages, nothing translated yet."""
    (root / "data").mkdir(parents=True)
    assert run_pnp(root, "new", "gems").exit_code == 0
    game = root / "data" / "gems" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\npitch:", "\nlanguages: [en, de]\npitch:", 1), encoding="utf-8")
    return root


def copy_of(blank: Path, into: Path) -> Path:
    """A copy of the blank game of a test's own."""
    shutil.copytree(blank / "data", into / "data")
    shutil.copytree(blank / "templates", into / "templates")
    return into


@pytest.fixture(scope="module")
def blank(tmp_path_factory) -> Path:
    return new_gems(tmp_path_factory.mktemp("texts") / "blank")


@pytest.fixture
def root(blank, tmp_path) -> Path:
    return copy_of(blank, tmp_path)


def exported(root: Path) -> dict[str, dict[str, str]]:
    """The German sheet `pnp translate export` writes, its rows by id (in the order written)."""
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    assert result.exit_code == 0, result.output
    rows = read_csv(root / "output/gems/translate/gems-de.csv")
    assert rows[0] == HEAD
    return {values[0]: dict(zip(HEAD, map(unguarded, values), strict=True)) for values in rows[1:]}


def unguarded(cell: str) -> str:
    """A CSV cell as a spreadsheet program shows it: a text starting like a formula is written after a `'`."""
    return cell[1:] if cell[:1] == "'" and cell[1:2] in ("=", "+", "-", "@", "'") else cell


def warnings_of(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": warning: " in line]


# What the sheet lists: each value that reads as words, by a path that names list items by their id.

RELICS_DECK = """name: Relics
size: poker
front: gems/crystal.j2
back: gems/crystal-back.j2
cards:
  - id: idol
    name: Golden idol
    colour: ruby
    value: 1
    text: Keep it.
    icon: glass-heart
    tips: [hum, "Let go"]
    chants: [hum, buzz]
    mixed: [Loud noise, 3]
    odd: {id: {a: b}, label: Odd thing, mood: sleepy, name: plain}
    steps:
      - {id: 5, say: step one, mood: grumpy}
      - {id: walk#2, say: Step two}
      - {say: Step three}
      - {id: [x], say: Step four}
    picture: Art/Idol.PNG
    frame: " Art/Frame.PNG "
    far: 10 x 20 cm
    near: " 3 x 4 "
    pad: " calm "
    dash: "1 – 2"
    mood: calm
    mood@de: ruhig
  - id: mask
    name: Silver mask
    colour: emerald
    value: 2
    text: Wear it.
    icon: glass-heart
    mood: angry
  - id: cup
    name: Tin cup
    colour: sapphire
    value: 3
    text: Drink.
    icon: glass-heart
    mood: "  "
    tips: []
"""


def test_a_deck_lists_each_value_that_reads_as_words_by_its_cards_id_and_its_items_id_or_place(root):
    """docs/editions.md: a field is listed when some value of it reads as words (a capital or a space) or already has a
    translation; a file name, a size or a value of no letters is not; list items are named by their `id`, else their
    place. A list is listed when any of its items reads as words. A translation of the cards' `mood` lists every
    card's, and no other field called `mood` (a step's, an odd thing's); the deck's name reading as words lists no
    odd thing's `name`."""
    (root / RELICS).write_text(RELICS_DECK, encoding="utf-8")
    rows = exported(root)
    listed = {cid.removeprefix(f"{RELICS}#") for cid in rows if cid.startswith(f"{RELICS}#")}
    assert listed == {"name", "cards[idol].name", "cards[idol].text", "cards[idol].tips", "cards[idol].odd.label",
                      "cards[idol].steps[5].say", "cards[idol].steps[walk#2].say", "cards[idol].steps[2].say", "cards[idol].steps[3].say",
                      "cards[idol].mood", "cards[mask].name", "cards[mask].text", "cards[mask].mood",
                      "cards[cup].name", "cards[cup].text"}  # a blank value and an empty list are no text
    tips = rows[f"{RELICS}#cards[idol].tips"]
    assert (tips["en"], tips["where"], tips["status"]) == ("hum\nLet go", "deck relics, card idol: tips", "missing")
    mask = rows[f"{RELICS}#cards[mask].name"]
    assert mask["where"] == "deck relics, card mask: name" and mask["face"] == "faces-de/relics/mask-front.png"
    assert rows[f"{RELICS}#cards[idol].steps[walk#2].say"]["where"] == "deck relics, card idol: steps[walk#2].say"
    assert [rows[f"{RELICS}#cards[{c}].mood"]["status"] for c in ("idol", "mask")] == ["unchecked", "missing"]  # ruhig has no digest
    assert rows[f"{RELICS}#cards[idol].mood"]["de"] == "ruhig"


# Every key whose value names a file, a column, a field, a size, a shape or a setting of pnp's, whatever it reads like.
NOT_TEXT = ["id", "front", "back", "template", "cards_from", "sheet", "source", "constraints", "fonts", "palette", "generate",
            "languages", "version", "in", "check", "field", "stamp_corner", "front_from", "back_from", "name_field", "id_column",
            "count_column", "text_columns", "list_columns", "size", "shape"]


def test_no_key_that_names_a_file_column_field_or_setting_is_listed_however_its_value_reads(root):
    """docs/editions.md: ids, templates, fonts, colours and constraints are never listed (nor any key of pnp's own that
    names a file, a sheet's column, a field, a size or a shape), even under a card where its value reads as words."""
    settings = "".join(f"      {key}: Some Words Here\n" for key in NOT_TEXT)
    deck = RELICS_DECK.split("  - id: mask")[0] + "    extra:\n      label: Shown words\n" + settings
    (root / RELICS).write_text(deck, encoding="utf-8")
    listed = {cid.removeprefix(f"{RELICS}#cards[idol].extra.") for cid in exported(root) if cid.startswith(f"{RELICS}#cards[idol].extra.")}
    assert listed == {"label"}


def test_a_deck_read_from_a_sheet_lists_its_rows_texts_by_card_with_the_sheets_own_name(root):
    """A deck's cards from a TSV (its file name's suffix in capitals) are listed as the sheet's: `crystals.TSV#cards[…]`."""
    deck = root / "data/gems/decks"
    rows = read_csv(deck / "crystals.csv")
    (deck / "crystals.csv").unlink()
    (deck / "crystals.TSV").write_text("".join("\t".join(r).replace("\n", " ") + "\n" for r in rows), encoding="utf-8")
    yaml = deck / "crystals.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("cards_from: crystals.csv", "cards_from: crystals.TSV"), encoding="utf-8")
    sheet = exported(root)
    cell = sheet["data/gems/decks/crystals.TSV#cards[ruby-1].name"]
    assert (cell["en"], cell["where"], cell["face"]) == ("Ruby shard", "deck crystals, card ruby-1: name", "faces-de/crystals/ruby-1-front.png")
    assert not any(cid.startswith("data/gems/decks/crystals.csv") for cid in sheet)


def test_the_sheet_lists_the_game_its_decks_each_with_its_sheet_then_the_kinds_files_and_the_rulebook_last(root):
    """The order a translator meets the texts in: game.yaml, each deck (the sheet its cards come from right after it),
    the other parts' files, the rulebook."""
    (root / RELICS).write_text(RELICS_DECK, encoding="utf-8")
    files, listed = [], exported(root)
    assert listed["data/gems/game.yaml#title"]["where"] == "the game: title"  # docs/editions.md's `the game: strings.kind`
    for cid in listed:
        file = cid.partition("#")[0]
        if not files or files[-1] != file:
            files.append(file)
    decks = ["data/gems/decks/crystals.yaml", "data/gems/decks/crystals.csv", RELICS]
    assert files[:4] == ["data/gems/game.yaml", *decks] and files[-1] == BOOK
    assert sorted(files[4:-1]) == ["data/gems/boards.yaml", "data/gems/reference.yaml", "data/gems/tokens.yaml"]


# A rulebook's sections: each heading outside code and what follows it, an id each, its translation matched in order.

RULES = """---
subtitle: Rules of play
---

Welcome, players.

# Über den Aufbau!
Lay out the board.

~~~
# a comment in a fence of tildes
~~~

  ```
# code again
  ```

####### seven marks make no heading

   ### Three spaces in
Still a heading.

#
A heading of no words.

# Setup
One.

# Setup
Two.

# Setup
Three.
"""
SECTION_IDS = ["opening", "über-den-aufbau", "three-spaces-in", "section", "setup", "setup-2", "setup-3"]


def english(text: str) -> list[str]:
    """RULES's sections as a reader finds them: split before each heading outside a fence, each trimmed."""
    parts, current, fenced = [], [], False
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
        heading = not fenced and len(line) - len(stripped) <= 3 and (stripped + " ").split(" ")[0] in {"#" * n for n in range(1, 7)}
        if heading and current:
            parts.append("\n".join(current).strip())
            current = []
        current.append(line)
    return [p for p in [*parts, "\n".join(current).strip()] if p]


def test_each_rulebook_section_is_a_row_by_its_headings_id_where_it_reads_its_heading(root):
    """A heading (`#` to `######`, up to three spaces before it, not in a ``` or ~~~ fence) starts a section; its id
    is its words in lower case joined by dashes (letters of any alphabet kept), `section` for a heading of no
    words, `-2`, `-3` for the same heading again; the text before the first heading is the `opening`."""
    (root / BOOK).write_text(RULES, encoding="utf-8")
    rows = exported(root)
    book = {cid.removeprefix(f"{BOOK}#"): r for cid, r in rows.items() if cid.startswith(f"{BOOK}#")}
    assert list(book) == SECTION_IDS
    assert [r["en"] for r in book.values()] == english(RULES)
    assert book["über-den-aufbau"]["where"] == "rulebook, Über den Aufbau!"
    assert book["three-spaces-in"]["where"] == "rulebook, Three spaces in"
    assert book["opening"]["where"] == "rulebook, before its first heading"
    assert {r["status"] for r in book.values()} == {"missing"} and {r["face"] for r in book.values()} == {"../gems-rulebook-de.pdf"}


def test_blank_lines_before_the_first_heading_make_no_section_so_a_german_rulebook_without_them_still_matches(root):
    """Only text before the first heading makes an opening section: blank lines do not, in either file."""
    (root / BOOK).write_text("\n\n# Goal\nWin.\n\n## Turn\nPlay.\n", encoding="utf-8")
    (root / "data/gems/rulebook.de.md").write_text(f"# Ziel\n{{# src: {letters('# Goal' + chr(10) + 'Win.')} #}}\nGewinnt.\n\n## Zug\nSpielt.\n",
                                                   encoding="utf-8")
    book = {cid: (r["de"], r["status"]) for cid, r in exported(root).items() if cid.startswith(f"{BOOK}#")}
    assert book == {f"{BOOK}#goal": ("# Ziel\nGewinnt.", ""), f"{BOOK}#turn": ("## Zug\nSpielt.", "unchecked")}


def test_an_opening_that_starts_with_a_hashtag_is_the_opening_and_headings_of_no_words_are_sections_by_their_ids(root):
    """`#hashtag` (no space after the mark) is no heading, so the text is the opening, said to print before the first
    heading; a heading of no words is `section`, the next one `section-2`, and each is said by that id."""
    (root / BOOK).write_text("#hashtag time\nHello.\n\n#\nNo words.\n\n## ?!\nNone either.\n\n###   Spaced   out   \nAt last.\n", encoding="utf-8")
    book = {cid.removeprefix(f"{BOOK}#"): r["where"] for cid, r in exported(root).items() if cid.startswith(f"{BOOK}#")}
    assert book == {"opening": "rulebook, before its first heading", "section": "rulebook, section", "section-2": "rulebook, ?!",
                    "spaced-out": "rulebook, Spaced   out"}


# A first line indented four spaces or a tab is code (a tab before ``` too: no fence), a no-break space before `#`
# makes a paragraph, a closing run of marks is no word of its heading: CommonMark's rules, which the printed rulebook's Markdown reader follows.
INDENTED = "    # Setup\nA code line before any heading.\n\t# Tabbed code\n\t```no fence\n\u00a0# A paragraph\n\n   ## Rules  ##  \nPlay.\n\n# C#\nSharp.\n"


def test_a_first_line_indented_as_code_is_the_opening_and_a_heading_is_what_commonmark_reads_as_one(root):
    """docs/editions.md: a section is a heading and what follows it; the text before the first heading is a row of its
    own, said to print before its first heading. A heading is what the rulebook's Markdown (CommonMark) makes one: an
    indented `    # Setup` first line is code, so the text it starts is the opening, not a section 'setup'; up to three
    spaces before the marks still make a heading."""
    from markdown_it import MarkdownIt

    (root / BOOK).write_text(INDENTED, encoding="utf-8")
    book = {cid.removeprefix(f"{BOOK}#"): r["where"] for cid, r in exported(root).items() if cid.startswith(f"{BOOK}#")}
    assert book == {"opening": "rulebook, before its first heading", "rules": "rulebook, Rules", "c": "rulebook, C#"}
    tokens = MarkdownIt("commonmark").parse(INDENTED)  # the outside reader's headings, in order
    assert list(book.values())[1:] == [f"rulebook, {t.content}" for before, t in pairwise(tokens) if before.type == "heading_open"]
    (root / BOOK).write_text("  # Setup\nOne.\n\n# Play\nTwo.\n", encoding="utf-8")
    book = {cid.removeprefix(f"{BOOK}#"): r["where"] for cid, r in exported(root).items() if cid.startswith(f"{BOOK}#")}
    assert book == {"setup": "rulebook, Setup", "play": "rulebook, Play"}


GERMAN = """---
subtitle: Spielregeln
---

Willkommen.
{{# src: {opening} #}}

# Über den Aufbau!
{{#src:{aufbau}#}}\t
Legt den Plan aus.

~~~
# ein Kommentar
~~~

   ### Drei Leerzeichen
{{# src: aaaaaaaa #}}
Immer noch.

#
{{# src: ABCDEFGH #}}
Ohne Worte.

# Aufbau
Eins.

# Aufbau
Zwei.

# Aufbau
Drei.
{{# src: {last} #}}"""


def german_rulebook(root: Path) -> str:
    """rulebook.de.md for RULES: notes with today's digest (written tight, or with a tab after), an old digest, one in
    capitals (no note), none; the last note at the very end of the file."""
    parts = english(RULES)
    text = GERMAN.format(opening=letters(parts[0]), aufbau=letters(parts[1]), last=letters(parts[6]))
    (root / BOOK).write_text(RULES, encoding="utf-8")
    (root / "data/gems/rulebook.de.md").write_text(text, encoding="utf-8")
    return text


def test_each_german_section_is_matched_in_order_its_note_read_as_the_english_it_was_made_from(root):
    """docs/editions.md: a section's `{# src: … #}` note (eight letters a–z on a line of its own) is the digest of the
    English it was made from: today's, the row is current; another, stale; none, unchecked. The translation column
    shows the section without its note."""
    german_rulebook(root)
    book = {cid.removeprefix(f"{BOOK}#"): r for cid, r in exported(root).items() if cid.startswith(f"{BOOK}#")}
    assert [book[sid]["status"] for sid in SECTION_IDS] == ["", "", "stale", "unchecked", "unchecked", "unchecked", ""]
    assert book["opening"]["de"] == "---\nsubtitle: Spielregeln\n---\n\nWillkommen."
    assert book["über-den-aufbau"]["de"] == "# Über den Aufbau!\nLegt den Plan aus.\n\n~~~\n# ein Kommentar\n~~~"
    assert book["section"]["de"] == "#\n{# src: ABCDEFGH #}\nOhne Worte."
    assert book["setup-3"]["de"] == "# Aufbau\nDrei."


def test_validate_warns_once_at_the_stale_german_sections_heading_naming_the_section_and_its_new_text(root):
    """The stale warning (docs/editions.md, "Stale translations") is at the German section's heading and gives the
    English section's first line, cut at sixty letters, and the note to set; a section with today's digest or none
    is not warned."""
    text = german_rulebook(root)
    line = text.split("\n").index("   ### Drei Leerzeichen") + 1
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    stale = [w for w in warnings_of(result) if "made from an older text" in w]
    heading = "   ### Three spaces in"
    assert stale == [f"data/gems/rulebook.de.md:{line}:1: warning: translation of the rulebook's section 'three-spaces-in' made from an "
                     f"older text: rulebook.md's section now reads '{heading.strip()}…' and differs; check this section against it, then "
                     f"set its note to `{{# src: {letters(english(RULES)[2])} #}}` (`pnp translate import` does it for you) [de edition]"], result.output
    assert result.output.rstrip().endswith("gems: 0 errors, 1 warning"), result.output  # the game's own warning


def test_the_stale_sections_warning_is_a_translation_stale_finding_of_the_game_in_validates_json(root):
    """`pnp validate --format json` gives each finding's code, place and game: the stale section's are
    `translation-stale`, the German heading's line and column, the game and the German edition."""
    import json

    text = german_rulebook(root)
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick", "--format", "json")
    stale = [f for f in json.loads(result.output) if "made from an older text" in f["message"]]
    line = text.split("\n").index("   ### Drei Leerzeichen") + 1
    assert [(f["code"], f["severity"], f["file"], f["line"], f["column"], f["game"], f["edition"]) for f in stale] == [
        ("translation-stale", "warning", "data/gems/rulebook.de.md", line, 1, "gems", "de")]


def test_a_long_stale_heading_is_quoted_to_sixty_letters(root):
    german_rulebook(root)
    long = "# " + "Ever so long a heading " * 4
    (root / BOOK).write_text(RULES.replace("   ### Three spaces in", long.rstrip()), encoding="utf-8")
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    stale = [w for w in warnings_of(result) if "made from an older text" in w]
    assert len(stale) == 1 and f"now reads '{long[:60]}…' and differs" in stale[0], result.output  # its id changed: its old note is stale
    assert "section 'ever-so-long-a-heading-ever-so-long-a-heading-ever-so-long-a-heading-ever-so-long-a-heading'" in stale[0]


def test_a_german_rulebook_of_other_sections_leaves_every_row_missing_and_warns_of_nothing_stale(root):
    """docs/editions.md: a translated rulebook with another number of sections cannot be matched section by section."""
    (root / BOOK).write_text(RULES, encoding="utf-8")
    (root / "data/gems/rulebook.de.md").write_text("# Aufbau\n{# src: aaaaaaaa #}\nEins.\n", encoding="utf-8")
    (root / "data/gems/rulebook.fr.md").write_text("# Mise en place\n{# src: aaaaaaaa #}\nUn.\n", encoding="utf-8")
    book = [r for cid, r in exported(root).items() if cid.startswith(f"{BOOK}#")]
    assert [(r["de"], r["status"]) for r in book] == [("", "missing")] * len(SECTION_IDS)
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    assert not [w for w in warnings_of(result) if "made from an older text" in w], result.output


def test_an_imported_section_carrying_an_old_note_is_written_with_one_note_of_the_sheets_english(root):
    """A translator who copied a section's note into the cell: the import writes the section with the one note of the
    English the sheet showed, after its heading (the opening's at its end)."""
    (root / BOOK).write_text("Welcome.\n\n# Goal\nWin.\n", encoding="utf-8")
    sheet = [HEAD, [f"{BOOK}#opening", "", "Welcome.", "Willkommen.\n{# src: zzzzzzzz #}", "missing", "", ""],
             [f"{BOOK}#goal", "", "# Goal\nWin.", "# Ziel\n{# src: zzzzzzzz #}\nGewinnt.", "missing", "", ""]]
    write_csv(root / "de.csv", sheet)
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    assert result.exit_code == 0, result.output
    assert (root / "data/gems/rulebook.de.md").read_text(encoding="utf-8") == (
        f"Willkommen.\n{{# src: {letters('Welcome.')} #}}\n\n# Ziel\n{{# src: {letters('# Goal' + chr(10) + 'Win.')} #}}\nGewinnt.\n")


def test_a_part_file_that_does_not_read_is_one_error_at_its_place_and_its_texts_are_left_out(root):
    """A YAML mistake in tokens.yaml is said once, at its line and column, as the game's; the other files' texts are
    listed as ever."""
    (root / "data/gems/tokens.yaml").write_text("tokens:\n  - id: gems\n    name: [Gems\n", encoding="utf-8")
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith("data/gems/tokens.yaml:4:1: error: "), result.output
    assert "gems: 1 error" in result.output, result.output
    sheet = read_csv(root / "output/gems/translate/gems-de.csv")
    assert not any(r[0].startswith("data/gems/tokens.yaml") for r in sheet) and any(r[0] == "data/gems/game.yaml#title" for r in sheet)


def deck_options(root: Path, options: str, cards_from: str = "crystals.csv") -> None:
    deck = root / "data/gems/decks/crystals.yaml"
    lines = [f"cards_from: {cards_from}\n{options}" if line.startswith("cards_from:") else line for line in deck.read_text(encoding="utf-8").split("\n")]
    deck.write_text("\n".join(lines), encoding="utf-8")


def test_a_decks_sheet_is_listed_as_its_options_read_it_ids_from_its_id_column_and_a_list_column_a_line_an_item(root):
    """docs/data-format.md: `id_column: code` takes each card's id from the `code` column; `list_columns: {tips: "|"}`
    reads `Go on|Stop` as two items, which the sheet shows one a line."""
    sheet = root / "data/gems/decks/crystals.csv"
    rows = read_csv(sheet)
    write_csv(sheet, [["code", *rows[0][1:], "tips"], *([*r, "Go on|Stop"] for r in rows[1:])])
    deck_options(root, 'id_column: code\nlist_columns: {tips: "|"}')
    listed = exported(root)
    tips = listed["data/gems/decks/crystals.csv#cards[ruby-1].tips"]
    assert (tips["en"], tips["where"]) == ("Go on\nStop", "deck crystals, card ruby-1: tips")


def test_a_workbook_decks_named_sheet_is_the_one_listed(root):
    """`sheet: Cards` reads the workbook's sheet of that name, not its first."""
    from openpyxl import Workbook

    rows = read_csv(root / "data/gems/decks/crystals.csv")
    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["id", "name"])
    book.active.append(["draft", "Not a card"])
    cards = book.create_sheet("Cards")
    for r in rows:
        cards.append([int(v) if v.isdigit() else v for v in r])
    book.save(root / "data/gems/decks/crystals.xlsx")
    (root / "data/gems/decks/crystals.csv").unlink()
    deck_options(root, "sheet: Cards", "crystals.xlsx")
    listed = exported(root)
    assert listed["data/gems/decks/crystals.xlsx#cards[ruby-1].name"]["en"] == "Ruby shard"
    assert not any("draft" in cid for cid in listed)


def test_a_deck_whose_sheet_options_are_wrong_is_one_error_at_the_option_and_no_internal_error(root):
    deck_options(root, 'list_columns: {text: ""}')
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    line = (root / "data/gems/decks/crystals.yaml").read_text(encoding="utf-8").split("\n").index('list_columns: {text: ""}') + 1
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"data/gems/decks/crystals.yaml:{line}:"), result.output
    assert "internal error" not in result.output


def test_a_key_that_is_no_text_names_no_translatable_field_and_hides_none_after_it(root):
    """A YAML key written as a number (`1: One thing`) is no field a translation can be written beside: a sheet's row
    for it is an error at its id; the keys after it are translatable as ever."""
    game = root / "data/gems/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "strings:\n  1: One thing\n  motto: Stay calm\n", encoding="utf-8")
    write_csv(root / "one.csv", [["id", "en", "de"], ["data/gems/game.yaml#strings.1", "One thing", "Eins"]])
    result = run_pnp(root, "translate", "import", str(root / "one.csv"))
    assert result.exit_code == 1 and "one.csv:2:1: error: data/gems/game.yaml#strings.1 is no translatable text" in result.output, result.output
    write_csv(root / "motto.csv", [["id", "en", "de"], ["data/gems/game.yaml#strings.motto", "Stay calm", "Ruhig bleiben"]])
    result = run_pnp(root, "translate", "import", str(root / "motto.csv"))
    assert result.exit_code == 0, result.output
    assert game.read_text(encoding="utf-8").endswith(f"  motto: Stay calm\n  motto@de: Ruhig bleiben\n  motto@de~src: {letters('Stay calm')}\n")


def test_a_game_without_a_rulebook_lists_no_section_and_says_nothing_of_it(root):
    (root / BOOK).unlink()
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    assert result.exit_code == 0 and "rulebook" not in result.output, result.output
    assert not any("rulebook" in r[0] for r in read_csv(root / "output/gems/translate/gems-de.csv"))


def test_a_deck_file_that_holds_a_list_stops_no_import_of_the_games_other_texts(root):
    """The build says such a deck is no mapping; the import, which reads every file for its texts, writes the rest."""
    (root / "data/gems/decks/broken.yaml").write_text("- just a list\n- Of Words\n", encoding="utf-8")
    write_csv(root / "de.csv", [["id", "en", "de"], ["data/gems/game.yaml#title", "Gems", "Edelsteine"]])
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output


def test_a_deck_read_from_a_live_sheet_stops_no_import(root):
    """A deck whose cards come from a web address (its snapshot is `pnp pull`'s to replace) lends no row to translate,
    and the import of the game's other texts goes on."""
    deck = root / "data/gems/decks/crystals.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: crystals.csv", "cards_from: https://example.org/crystals.csv"),
                    encoding="utf-8")
    write_csv(root / "de.csv", [["id", "en", "de"], ["data/gems/game.yaml#title", "Gems", "Edelsteine"]])
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output
