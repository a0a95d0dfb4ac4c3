"""`pnp translate import` writes each translation beside its English value, and every other character of the
designer's YAML file stays as they wrote it (issue #101, a user's data whole).

The file below holds each way a designer writes a value: a folded scalar with a blank line inside, a list, a value
with a comment after it, old translations to replace, `{…}` mappings with plain, single- and double-quoted values,
a list of quoted brackets inside a `{…}`, an old digest written first or last in its `{…}`. The translations hold each character YAML gives a meaning (a leading dash, `: `, ` #`, a
trailing colon, quotes, backslashes, control characters, a word YAML reads as a number or null). Each must be written
the way YAML 1.2 reads it back as the text typed: plain where a plain scalar means that text (spec §7.3.3: no
indicator first, no `: ` or ` #` inside), double-quoted with escapes otherwise (§7.3.1), and in a `{…}` mapping
quoted wherever a comma or bracket would end it. The expected file is written out whole, as a person would write it;
each digest is the one docs/editions.md gives (the first eight bytes of SHA-256, each a letter a-z, byte mod 26)."""
from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import pytest
import yaml
from conftest import run_pnp

from pnp.data.source import load_yaml

DESIGNERS = """\
title: Lists
languages: [en, de]
pitch: >
  A long pitch

  over two paragraphs.
players: {min: 2, max: 2}
strings:
  kind: Creature
  kind@de: Wesen
  kind@de~src: aaaaaaaa
  dash: Look out
  colon: Note this
  hash: End of turn
  ends: Warning
  count: Twelve
  nothing: Nothing
  quote: Say it
  control: Red text
  tag: Hidden mark
  line: Two lines
  rules:
    - Draw a card.

    - Play one.
  rules@de:
    - Alt
  rules@de~src: aaaaaaaa
  last: Keep it   # a comment of the designer's
components:
  - {name: Inline , in: decks.beasts, count: 1}
  - {name: 'Here, it''s ''now''', in: decks.beasts, count: 1}
  - {name: "Say \\"hi\\"", name@de~src: aaaaaaaa, in: decks.beasts, name@de: Alt, count: 1}
  - {name: Three Apples, in: decks.beasts, count: 1}
  - {note: "No #1", name: X Ray, in: decks.beasts, count: 1}
  - {name: Tagged, tags: [Xylo, "Big [Red]", 'It''s }', "A \\"]\\" b", "C:\\\\"], count: 1}
  - {in: decks.beasts, count: 1, name: Noted # the designer's note # two
    }
  - {name: Old One, name@de: Alt, count: 1}
  - {name@de~src: aaaaaaaa, name: Old Two, name@de: Alt, count: 1}
  - {name: Old Three, name@de: Alt, name@de~src: aaaaaaaa}
  - {name: "\\"Hi\\", he says", count: 1}
"""

GERMAN = {  # cell id → what the translator typed
    "pitch": "Ein Text: mit Doppelpunkt",
    "strings.kind": "Kreatur",
    "strings.dash": "- Vorsicht, X",
    "strings.colon": "Achtung:",
    "strings.hash": "Ende #3",
    "strings.ends": "Warnung",
    "strings.count": "12",
    "strings.nothing": "null",
    "strings.quote": '"Hallo" sagt \\ Pfad',
    "strings.control": "\x1b[31mRot",
    "strings.tag": "Mark\U000e0041e",
    "strings.line": "Zeile\u2028zwei",
    "strings.rules": "Ziehe eine Karte.\nSpiele eine.",
    "strings.last": "Behalte es",
    "components[0].name": "Eingebettet",
    "components[1].name": "Es ist (hier)",
    "components[2].name": 'Sag "hallo"',
    "components[3].name": "3 Äpfel",
    "components[4].name": "X",
    "components[5].tags": "Groß Rot\nKlein, fein",
    "components[6].name": "Notiert",
    "components[7].name": "Neu",
    "components[8].name": "Neu",
    "components[9].name": "Neu",
    "components[10].name": "Hallo",
}


def digest(english: str) -> str:
    """docs/editions.md's digest of the English a translation was made from."""
    return "".join(chr(ord("a") + b % 26) for b in hashlib.sha256(english.encode()).digest()[:8])


def english(cell: str) -> str:
    """The English of a cell as YAML reads it (PyYAML, not pnp's reader), its ends trimmed as docs/editions.md says;
    a list one item a line."""
    value = yaml.safe_load(DESIGNERS)
    for part in cell.replace("[", ".").replace("]", "").split("."):
        value = value[int(part)] if part.isdigit() else value[part]
    return "\n".join(value) if isinstance(value, list) else value.strip()


def expected() -> str:
    d = {cell: digest(english(cell)) for cell in GERMAN}
    return f"""\
title: Lists
languages: [en, de]
pitch: >
  A long pitch

  over two paragraphs.
pitch@de: "Ein Text: mit Doppelpunkt"
pitch@de~src: {d["pitch"]}
players: {{min: 2, max: 2}}
strings:
  kind: Creature
  kind@de: Kreatur
  kind@de~src: {d["strings.kind"]}
  dash: Look out
  dash@de: "- Vorsicht, X"
  dash@de~src: {d["strings.dash"]}
  colon: Note this
  colon@de: "Achtung:"
  colon@de~src: {d["strings.colon"]}
  hash: End of turn
  hash@de: "Ende #3"
  hash@de~src: {d["strings.hash"]}
  ends: Warning
  ends@de: Warnung
  ends@de~src: {d["strings.ends"]}
  count: Twelve
  count@de: "12"
  count@de~src: {d["strings.count"]}
  nothing: Nothing
  nothing@de: "null"
  nothing@de~src: {d["strings.nothing"]}
  quote: Say it
  quote@de: "\\"Hallo\\" sagt \\\\ Pfad"
  quote@de~src: {d["strings.quote"]}
  control: Red text
  control@de: "\\u001b[31mRot"
  control@de~src: {d["strings.control"]}
  tag: Hidden mark
  tag@de: "Mark\\U000e0041e"
  tag@de~src: {d["strings.tag"]}
  line: Two lines
  line@de: "Zeile\\u2028zwei"
  line@de~src: {d["strings.line"]}
  rules:
    - Draw a card.

    - Play one.
  rules@de:
    - Ziehe eine Karte.
    - Spiele eine.
  rules@de~src: {d["strings.rules"]}
  last: Keep it   # a comment of the designer's
  last@de: Behalte es
  last@de~src: {d["strings.last"]}
components:
  - {{name: Inline, name@de: Eingebettet, name@de~src: {d["components[0].name"]} , in: decks.beasts, count: 1}}
  - {{name: 'Here, it''s ''now''', name@de: Es ist (hier), name@de~src: {d["components[1].name"]}, in: decks.beasts, count: 1}}
  - {{name: "Say \\"hi\\"", in: decks.beasts, name@de: "Sag \\"hallo\\"", name@de~src: {d["components[2].name"]}, count: 1}}
  - {{name: Three Apples, name@de: "3 Äpfel", name@de~src: {d["components[3].name"]}, in: decks.beasts, count: 1}}
  - {{note: "No #1", name: X Ray, name@de: X, name@de~src: {d["components[4].name"]}, in: decks.beasts, count: 1}}
  - {{name: Tagged, tags: [Xylo, "Big [Red]", 'It''s }}', "A \\"]\\" b", "C:\\\\"], tags@de: [Groß Rot, "Klein, fein"], tags@de~src: {d["components[5].tags"]}, count: 1}}
  - {{in: decks.beasts, count: 1, name: Noted, name@de: Notiert, name@de~src: {d["components[6].name"]} # the designer's note # two
    }}
  - {{name: Old One, name@de: Neu, name@de~src: {d["components[7].name"]}, count: 1}}
  - {{name: Old Two, name@de: Neu, name@de~src: {d["components[8].name"]}, count: 1}}
  - {{name: Old Three, name@de: Neu, name@de~src: {d["components[9].name"]}}}
  - {{name: "\\"Hi\\", he says", name@de: Hallo, name@de~src: {d["components[10].name"]}, count: 1}}
"""


def _sheet(path: Path) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "where", "en", "de", "status", "fits", "face"])
        for cell, german in GERMAN.items():
            writer.writerow([f"data/lists/game.yaml#{cell}", "", english(cell), german, "missing", "", ""])


def _import(tmp_path: Path, designers: str) -> tuple[str, str]:
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_bytes(designers.encode("utf-8"))
    _sheet(tmp_path / "de.csv")
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    return result.output, (game / "game.yaml").read_bytes().decode("utf-8")


def test_each_translation_is_written_as_yaml_reads_it_back_and_every_other_character_stays(tmp_path):
    said, written = _import(tmp_path, DESIGNERS)
    assert f"data/lists/game.yaml: {len(GERMAN)} translations written" in said, said
    assert written.split("\n") == expected().split("\n")
    read = yaml.safe_load(written)  # what any YAML reader makes of it: the text typed
    assert read["strings"]["tag@de"] == GERMAN["strings.tag"] and read["components"][2]["name@de"] == GERMAN["components[2].name"]


def test_a_file_saved_on_windows_keeps_its_line_ends_and_its_byte_order_mark(tmp_path):
    said, written = _import(tmp_path, "\ufeff" + DESIGNERS.replace("\n", "\r\n"))
    assert f"{len(GERMAN)} translations written" in said, said
    assert written == "\ufeff" + expected().replace("\n", "\r\n")


def test_a_file_whose_last_line_is_a_flow_mapping_without_a_line_end_keeps_it_so(tmp_path):
    said, written = _import(tmp_path, DESIGNERS.removesuffix("\n"))
    assert f"{len(GERMAN)} translations written" in said, said
    assert written == expected().removesuffix("\n")


def test_a_file_that_is_one_flow_mapping_on_its_first_line_takes_the_pairs_there(tmp_path):
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("{title: Lists, languages: [en, de], pitch: A short pitch}\n", encoding="utf-8")
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"],
                                 ["data/lists/game.yaml#pitch", "", "A short pitch", "Kurz", "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert "1 translation written" in result.output, result.output
    assert (game / "game.yaml").read_text(encoding="utf-8") == \
        f"{{title: Lists, languages: [en, de], pitch: A short pitch, pitch@de: Kurz, pitch@de~src: {digest('A short pitch')}}}\n"


@pytest.mark.parametrize(("value", "english", "key", "at"), [('"Two\n      lines"', "Two lines", "name", "4:16"),
                                                         ("[Big Red,\n      Small Blue]", "Big Red\nSmall Blue", "tags", "4:16")],
                         ids=["quoted", "list"])
def test_a_flow_mapping_whose_value_runs_over_lines_is_one_error_at_its_key_and_the_file_is_untouched(tmp_path, value, english, key, at):
    """pnp writes into a `{…}` mapping only a pair written on one line; a quoted value or a list that goes on to the
    next line is an error at its key, saying to write the mapping one key a line, and the file keeps every byte."""
    designers = f"title: Lists\nlanguages: [en, de]\ncomponents:\n  - {{count: 1, {key}: {value}, in: decks.beasts}}\n"
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(designers, encoding="utf-8")
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"],
                                 [f"data/lists/game.yaml#components[0].{key}", "", english, "Zwei Zeilen", "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert errors == [f"data/lists/game.yaml:{at}: error: {key}'s `{{…}}` mapping runs over several lines in a way pnp does not write into: "
                      "write that mapping one key a line, then import again"], result.output
    assert (game / "game.yaml").read_text(encoding="utf-8") == designers


def test_an_assistants_edit_is_written_as_yaml_reads_it_back_in_a_flow_or_block_mapping_and_nothing_else_moves(project):
    """`pnp mcp --allow-edits`' edit_value tool, called on the server as an assistant's client calls it: each value
    replaces the one written on its line, plain where YAML reads it back as typed, quoted where a comma, a colon or
    `&` would end or change it, a double-quoted value replaced whole, a comment after a block value kept; every other
    byte of the designer's file stays."""
    import asyncio
    import json

    from pnp.cli.assistant import make_server

    deck = project / "data/tiny/decks/heroes.yaml"
    designers = deck.read_text(encoding="utf-8") + "  - id: scout\n    name: Scout   # a note\n    stars: 1\n    number: 6\n    text: Look.\n"
    deck.write_text(designers, encoding="utf-8")
    server = make_server(project, allow_edits=True)
    edits = [("rogue", "Rogue, the Sly"), ("knight", "Sir Knight"), ("att", "It's AT&T"), ("mage", "Look: then draw"), ("twin", "Zwilling"),
             ("scout", "Scout: Elite")]
    for card, value in edits:
        digest = hashlib.sha256(deck.read_bytes()).hexdigest()
        field = "text" if card == "mage" else "name"
        answer = asyncio.run(server.call_tool("edit_value", {"game": "tiny", "deck": "heroes", "card": card, "field": field, "value": value, "digest": digest}))
        assert not answer.is_error and json.loads(answer.content[0].text)["ok"], answer
    mage = "Look at the top three cards of the deck, keep one and put the others back in any order."
    assert deck.read_text(encoding="utf-8") == (designers.replace("{id: rogue, name: Rogue,", '{id: rogue, name: "Rogue, the Sly",')
                                                .replace('{id: knight, name: "<Knight>",', "{id: knight, name: Sir Knight,")
                                                .replace('{id: att, name: "AT&T Agent",', '{id: att, name: "It\'s AT&T",')
                                                .replace(f'text: "{mage}"', 'text: "Look: then draw"')
                                                .replace("{id: twin, name: Twin,", "{id: twin, name: Zwilling,")
                                                .replace("    name: Scout   # a note", '    name: "Scout: Elite"   # a note'))


OWN_INDENT = """\
title: Lists
languages: [en, de]
strings:
  rules:
  - Draw a card.
  # the designer's note, at the list's indent
  -
    Play one.
\x20\x20\x20\x20
# a comment at the file's left edge
  Xtra: Keep it
  quoted: "Two
  \tlines"
components:
- name: Tagged
  tags:
  - Red
  - Blue
  tags@de:
  - Alt
  tags@de~src: aaaaaaaa
  count: 1
"""


def test_a_block_list_written_at_its_keys_own_indent_takes_the_translation_after_its_last_item(tmp_path):
    """`key:` then `- a` at the key's own indent is a block list as YAML 1.2 reads it (spec §8.2.3: a mapping's
    value may be a sequence "compact" at the key's indentation) and editors write it so. The translation goes after
    the list's last item (past a comment between items and an item whose text is on the next line), before a line of
    spaces, a comment and the next key after it (whatever that key's first letter); an old one at its own indent is
    replaced whole; a quoted value's next line, after the key's indent and a tab, is the value's. Every other byte of
    the file stays."""
    german = {"strings.rules": "Ziehe eine Karte.\nSpiele eine.", "strings.quoted": "Zwei Zeilen", "components[0].name": "Markiert", "components[0].tags": "Rot\nBlau"}
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(OWN_INDENT, encoding="utf-8")
    read = yaml.safe_load(OWN_INDENT)
    source = {"strings.rules": "\n".join(read["strings"]["rules"]), "strings.quoted": read["strings"]["quoted"], "components[0].name": "Tagged", "components[0].tags": "Red\nBlue"}
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"],
                                 *([f"data/lists/game.yaml#{cell}", "", source[cell], text, "missing", "", ""] for cell, text in german.items())])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert "data/lists/game.yaml: 4 translations written" in result.output, result.output
    d = {cell: digest(text) for cell, text in source.items()}
    assert (game / "game.yaml").read_text(encoding="utf-8").split("\n") == f"""\
title: Lists
languages: [en, de]
strings:
  rules:
  - Draw a card.
  # the designer's note, at the list's indent
  -
    Play one.
  rules@de:
    - Ziehe eine Karte.
    - Spiele eine.
  rules@de~src: {d["strings.rules"]}
\x20\x20\x20\x20
# a comment at the file's left edge
  Xtra: Keep it
  quoted: "Two
  \tlines"
  quoted@de: Zwei Zeilen
  quoted@de~src: {d["strings.quoted"]}
components:
- name: Tagged
  name@de: Markiert
  name@de~src: {d["components[0].name"]}
  tags:
  - Red
  - Blue
  tags@de:
    - Rot
    - Blau
  tags@de~src: {d["components[0].tags"]}
  count: 1
""".split("\n")


def _edited(deck: Path, card: str, field: str, value: str, server) -> dict:
    """edit_value called as an assistant's client calls it, with the file's digest as it is now."""
    import asyncio
    import json

    digest = hashlib.sha256(deck.read_bytes()).hexdigest()
    answer = asyncio.run(server.call_tool("edit_value", {"game": "tiny", "deck": "heroes", "card": card, "field": field, "value": value, "digest": digest}))
    return {"error": answer.content[0].text} if answer.is_error else json.loads(answer.content[0].text)


DECK_HEAD = "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\n"


@pytest.mark.parametrize(("cards", "card", "field", "value", "written"), [
    # a `[…]` of cards broken over lines, a card's `{` at the line's first character: a comma in the value ends it there
    ("cards: [\n{id: scout, name: Scout, stars: 1, number: 6, text: Look., count: 1}]\n", "scout", "name", "Scout, Elite",
     "cards: [\n{id: scout, name: \"Scout, Elite\", stars: 1, number: 6, text: Look., count: 1}]\n"),
    # a block card whose field's name holds brackets, each closed before the value: the value is a block one, commas and all
    ("cards:\n  - id: scout\n    name: Scout\n    note[1]: Old, worn\n    stars: 1\n    number: 6\n    text: Look.\n", "scout", "note[1]", "New, bright",
     "cards:\n  - id: scout\n    name: Scout\n    note[1]: New, bright\n    stars: 1\n    number: 6\n    text: Look.\n"),
    # a value ending in a space: plain, YAML would read it trimmed (spec §7.3.3), so it is quoted
    ("cards:\n  - id: scout\n    name: Scout\n    stars: 1\n    number: 6\n    text: Look.\n", "scout", "text", "Look ",
     "cards:\n  - id: scout\n    name: Scout\n    stars: 1\n    number: 6\n    text: \"Look \"\n"),
], ids=["flow-at-left-edge", "brackets-in-key", "trailing-space"])
def test_an_assistants_edit_is_written_where_yaml_reads_the_value_whatever_comes_before_it_on_its_line(project, cards, card, field, value, written):
    """edit_value finds a value's end as YAML does: inside a `{…}` or `[…]` opened earlier on its line (even at the
    line's first character) a comma ends it; after brackets all closed again (a field named `note[1]`), it is a block
    value to the line's end. The value is written so that it reads back as given, and every other byte stays."""
    from pnp.cli.assistant import make_server

    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(DECK_HEAD + cards, encoding="utf-8")
    answer = _edited(deck, card, field, value, make_server(project, allow_edits=True))
    assert answer.get("ok"), answer
    assert deck.read_text(encoding="utf-8") == DECK_HEAD + written


def test_a_digest_pair_alone_or_first_on_its_line_of_a_flow_mapping_broken_over_lines_is_taken_out_with_one_comma(tmp_path):
    """A `{…}` mapping written over several lines, each pair on one line: the old digest beside a translation is taken
    out with the comma before it where one is on its line (here the line's first character), else alone, leaving the
    comma the line before ends with (YAML 1.2 allows one before `}`); the new translation and digest go beside the
    English, and every other byte stays."""
    designers = ("{title: Lists, languages: [en, de],\npitch: A short pitch, pitch@de: Alt\n,pitch@de~src: aaaaaaaa, players: {min: 2, max: 2},\n"
                 "strings: {kind: Creature, kind@de: Wesen,\n  kind@de~src: aaaaaaaa\n}}\n")
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(designers, encoding="utf-8")
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"],
                                 ["data/lists/game.yaml#pitch", "", "A short pitch", "Kurz", "missing", "", ""],
                                 ["data/lists/game.yaml#strings.kind", "", "Creature", "Kreatur", "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert "data/lists/game.yaml: 2 translations written" in result.output, result.output
    assert (game / "game.yaml").read_text(encoding="utf-8") == (
        f"{{title: Lists, languages: [en, de],\npitch: A short pitch, pitch@de: Kurz, pitch@de~src: {digest('A short pitch')}\n"
        f", players: {{min: 2, max: 2}},\nstrings: {{kind: Creature, kind@de: Kreatur, kind@de~src: {digest('Creature')},\n  \n}}}}\n")


def test_a_translation_that_is_yamls_merge_key_is_written_quoted_and_reads_back_as_typed(tmp_path):
    """A translator's back arrow `<<` is YAML's merge key: written plain, a YAML reader takes it as a merge (PyYAML
    refuses it, pnp's reader too), so it is written double-quoted, the import goes through, and both read the text typed."""
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("title: Lists\nlanguages: [en, de]\npitch: Back\n", encoding="utf-8")
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"], ["data/lists/game.yaml#pitch", "", "Back", "<<", "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert result.exit_code == 0 and "1 translation written" in result.output, result.output
    written = (game / "game.yaml").read_text(encoding="utf-8")
    assert written == f'title: Lists\nlanguages: [en, de]\npitch: Back\npitch@de: "<<"\npitch@de~src: {digest("Back")}\n'
    assert yaml.safe_load(written)["pitch@de"] == "<<"
    assert load_yaml(game / "game.yaml", "data/lists/game.yaml")["pitch@de"] == "<<"  # pnp's reader (docs/architecture.md)


def test_a_translation_of_a_number_too_long_for_pnp_is_written_quoted_and_reads_back_as_typed(tmp_path):
    """pnp reads no whole number of over 1,000 digits (docs/limits.md); a translation that is one (a long code pasted in)
    is written double-quoted, text as typed, not left to stop the import with an internal error."""
    digits = "7" * 1001
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("title: Lists\nlanguages: [en, de]\npitch: Back\n", encoding="utf-8")
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"], ["data/lists/game.yaml#pitch", "", "Back", digits, "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert result.exit_code == 0 and "1 translation written" in result.output, result.output
    written = (game / "game.yaml").read_text(encoding="utf-8")
    assert written == f'title: Lists\nlanguages: [en, de]\npitch: Back\npitch@de: "{digits}"\npitch@de~src: {digest("Back")}\n'
    assert load_yaml(game / "game.yaml", "data/lists/game.yaml")["pitch@de"] == digits


def test_a_translation_inside_a_flow_mapping_that_yaml_reads_as_null_or_a_boolean_is_written_quoted(tmp_path):
    """German writes zero as `Null`, and a translator may answer a yes/no prompt `True`: inside a `{…}` mapping, plain,
    YAML reads them as null and a boolean (YAML 1.2 core schema, §10.3.2), so each is written double-quoted and both
    YAML and pnp read back the text typed."""
    game = tmp_path / "data/lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("title: Lists\nlanguages: [en, de]\nstrings: {score: Zero, fair: Fair}\n", encoding="utf-8")
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["id", "where", "en", "de", "status", "fits", "face"],
                                 ["data/lists/game.yaml#strings.score", "", "Zero", "Null", "missing", "", ""],
                                 ["data/lists/game.yaml#strings.fair", "", "Fair", "True", "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert result.exit_code == 0 and "2 translations written" in result.output, result.output
    written = (game / "game.yaml").read_text(encoding="utf-8")
    assert written == ("title: Lists\nlanguages: [en, de]\nstrings: {score: Zero, score@de: \"Null\", "
                       f"score@de~src: {digest('Zero')}, fair: Fair, fair@de: \"True\", fair@de~src: {digest('Fair')}}}\n"), written
    assert yaml.safe_load(written)["strings"]["score@de"] == "Null" and yaml.safe_load(written)["strings"]["fair@de"] == "True"
    read = load_yaml(game / "game.yaml", "data/lists/game.yaml")["strings"]
    assert read["score@de"] == "Null" and read["fair@de"] == "True"  # pnp's reader (docs/architecture.md)
