"""Reading YAML: every value keeps its place; YAML 1.1 surprises and hostile files are refused."""
from __future__ import annotations

import json

import pytest
from conftest import apply_edits, quick_findings, run_pnp

from pnp.data.located import same_source
from pnp.data.source import load_yaml

DECK = "data/tiny/decks/f.yaml"  # where the tiny game's validate reads the deck each refused file is saved as


def load(tmp_path, text: str):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return load_yaml(path, "f.yaml")


def validate_errors(project, text: str) -> list[str]:
    """`pnp validate tiny --quick` with `text` saved as the tiny game's deck file f.yaml: the error lines it printed."""
    return _validate_errors(project, "f.yaml", text.encode())


def validate_findings(project, text: str) -> list[tuple[str, str, str]]:
    """`pnp validate tiny --quick --format json` with `text` saved as the tiny game's deck file f.yaml: each finding
    as (code, message, file:line:column), as the JSON says it."""
    (project / DECK).write_text(text, encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick", "--format", "json")
    assert result.exit_code == 1 and "Traceback" not in result.output + result.stderr, result.output + result.stderr
    return [(f["code"], f["message"], f"{f['file']}:{f['line']}:{f['column']}") for f in json.loads(result.output)]


def test_values_keep_their_positions(tmp_path):
    data = load(tmp_path, "a: 1\nlist:\n  - x\n  - {k: v}\n")
    assert str(data.loc_of("a")) == "f.yaml:1:4"
    assert str(data["list"].loc_of(1)) == "f.yaml:4:5"
    assert str(data["list"][1].loc_of("k")) == "f.yaml:4:9"


def test_a_text_written_on_every_card_is_held_once(tmp_path):
    """A deck writes its keys, and values such as a colour, on every card: each distinct text is one object in memory
    (a 10,000-card deck's keys alone were 60,000 strings), equal to what was written, in its own place."""
    cards = load(tmp_path, "cards:\n" + "".join(f"  - {{id: c{i}, colour: red, title: 'Card {i}'}}\n" for i in range(3)))["cards"]
    first, *others = cards
    for card in others:
        assert all(mine is theirs for mine, theirs in zip(card, first, strict=True)), "the same keys, one object each"
        assert card["colour"] is first["colour"] == "red"
    assert [c["title"] for c in cards] == ["Card 0", "Card 1", "Card 2"]
    assert [str(c.loc_of("colour")) for c in cards] == ["f.yaml:2:22", "f.yaml:3:22", "f.yaml:4:22"]


@pytest.mark.parametrize("text, expected", [("NO", "NO"), ("yes", "yes"), ("0123", "0123"), ("12:30", "12:30"), ("0o17", 15), ("0x1F", 31), ("1.5", 1.5), ("true", True), ("~", None)])
def test_yaml_1_2_core_scalars(tmp_path, text, expected):
    assert load(tmp_path, f"v: {text}\n")["v"] == expected


def test_a_value_written_again_is_typed_as_written_each_time(tmp_path):
    """A scalar's value is worked out once for each way it is written (pnp.data.source._Builder.scalar): quoted it is
    text whatever it holds, plain it is typed by YAML 1.2's rules, each time it recurs, in its own place."""
    items = load(tmp_path, "v: ['1', 1, '1', 1, '~', ~, \"true\", true, 'NO', NO, '<<']\n")["v"]
    assert items == ["1", 1, "1", 1, "~", None, "true", True, "NO", "NO", "<<"]
    assert [type(v) for v in items[:4]] == [str, int, str, int]
    assert [str(items.loc_of(i)) for i in (0, 2, 3)] == ["f.yaml:1:5", "f.yaml:1:13", "f.yaml:1:18"]


def test_duplicate_keys_name_both_lines(project):
    assert validate_errors(project, "a: 1\nb: 2\na: 3\n") == [f"{DECK}:3:1: error: key 'a' appears twice (first at line 1): keep one"]


def test_python_tags_are_refused(project):
    assert validate_errors(project, "x: !!python/object/apply:os.system ['echo hi']\n") == [
        f"{DECK}:1:4: error: tag tag:yaml.org,2002:python/object/apply:os.system is not allowed in game data: remove it"]


def test_alias_bombs_are_refused_before_they_expand(project):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    # a billion values if expanded: refused by counting values (no wall-clock assertion: a busy machine is slow, and
    # the count, not the clock, is what stops the expansion). a4 holds 66,430 values (its list and nine copies of a3's
    # 7,381), and the file holds about 75,000 once a0–a4 are read: the second copy of a4 in a5's list (line 6, column
    # 15) would pass 200,000. The error names that alias, before it is built, not a value somewhere in a0 that the
    # expansion happened to be copying when the count passed.
    assert validate_errors(project, "\n".join(lines) + "\n") == [
        f"{DECK}:6:15: error: more than 200,000 values (aliases expanding?): simplify the file"]


def test_aliases_are_copies_located_where_their_anchor_is_written(tmp_path):
    data = load(tmp_path, "base: &b {x: 1, y: &y 2}\none: *b\ntwo:\n  <<: *b\n  y: 3\nthree: *y\nfour: *b\n")
    assert data == {"base": {"x": 1, "y": 2}, "one": {"x": 1, "y": 2}, "two": {"y": 3, "x": 1}, "three": 2, "four": {"x": 1, "y": 2}}
    assert data["one"] is not data["base"] and data["one"] is not data["four"], "an alias is a copy: editing one place never changes another"
    assert (data.loc_of("one").line, data.loc_of("one").col) == (1, 7)  # where the anchored mapping starts
    assert (data["two"].loc_of("x").line, data["two"].loc_of("y").line) == (1, 5)  # a merged key keeps the place it was written


def test_an_alias_inside_the_node_it_names_is_an_error_at_the_alias(project):
    assert validate_errors(project, "a: &a [1, *a]\n") == [f"{DECK}:1:11: error: alias '*a' lies inside the node it names: remove it"]


def _validate_errors(project, name: str, data: bytes) -> list[str]:
    """`pnp validate tiny --quick` with `data` written as the deck file `name`: its error lines."""
    (project / f"data/tiny/decks/{name}").write_bytes(data)
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert result.exit_code == 1 and "Traceback" not in result.output + result.stderr, result.output + result.stderr
    return [line for line in result.stderr.splitlines() if ": error: " in line]


def test_oversized_files_are_refused_before_parsing(project):
    """A deck of 6,000,004 bytes (over the 5,000,000 a data file may have) is one error naming its size and the limit,
    at the file, said without reading it as YAML."""
    assert _validate_errors(project, "big.yaml", b"a: " + b"x" * 6_000_000 + b"\n") == [
        "data/tiny/decks/big.yaml: error: file is 6,000,004 bytes; the limit is 5,000,000: split it"]


def test_a_byte_that_is_not_utf8_is_said_at_the_column_an_editor_shows_it(project):
    """A deck saved in Latin-1 (`Café` with é as the one byte 0xe9): the error names the line and the column a text
    editor puts that character at, counted from 1."""
    assert _validate_errors(project, "cafes.yaml", b"name: Cafes\nsize: poker\nfront: tiny/hero.j2\ncards:\n  - name: Caf\xe9\n") == [
        "data/tiny/decks/cafes.yaml:5:14: error: byte 0xe9 is not UTF-8: save the file as UTF-8"]


def test_a_byte_that_is_not_utf8_after_accented_letters_is_said_at_the_editors_column_not_the_bytes(project):
    """A UTF-8 deck with one Latin-1 byte pasted in (`Crème Café`, its è two bytes, its é the one byte 0xe9): an editor
    shows the é as the line's 20th character, after `  - name: ` (10), `Crème ` (6) and `Caf` (3), not the 21st byte."""
    deck = "name: Cafes\nsize: poker\nfront: tiny/hero.j2\ncards:\n  - name: Crème Caf".encode() + b"\xe9\n"
    assert _validate_errors(project, "cafes.yaml", deck) == ["data/tiny/decks/cafes.yaml:5:20: error: byte 0xe9 is not UTF-8: save the file as UTF-8"]


def with_a_squire(project, merge: str) -> tuple[int, list[str]]:
    """`pnp validate tiny --quick` with a squire among the heroes written as the knight merged by `merge` (`<<` or a
    tagged key), its own id, name and count set (one of the knight's two copies: the rules' count of red heroes kept):
    its exit code and findings. Were the knight's id or name to win, the game's rule that each differs says so; were
    the squire not read, the rules' count of heroes."""
    heroes = "data/tiny/decks/heroes.yaml"
    apply_edits(project, [{"file": heroes, "replace": ["  - {id: knight,", "  - &knight {id: knight,"]},
                          {"file": heroes, "replace": ['gain :star:.", count: 2}', 'gain :star:.", count: 1}']},
                          {"file": heroes, "append": f"  - {{{merge}: *knight, id: squire, name: Squire, count: 1}}\n"}])
    return quick_findings(project)


def test_merge_keys_fill_defaults(project):
    """A card written as another merged (`<<: *knight`) takes the knight's fields but those it sets itself."""
    assert with_a_squire(project, "<<") == (0, [])


@pytest.mark.parametrize("other, alike", [
    ("a: 1\nlist:\n  - x\n  - {k: v}\n", True),
    ("a: 1\nlist:\n  - x\n  - {k: w}\n", False),  # a value
    ("a: true\nlist:\n  - x\n  - {k: v}\n", False),  # True equals 1, but is not what was written
    ("a: 1.0\nlist:\n  - x\n  - {k: v}\n", False),
    ("a:  1\nlist:\n  - x\n  - {k: v}\n", False),  # a value's place
    ("a: 1\nlist:\n  - x\n  -  {k: v}\n", False),  # a list item's place
    ("a: 1\nlist:\n  - x\n  - { k: v}\n", False),  # a key's place inside it
    ("a: 1\nlist:\n\n  - x\n  - {k: v}\n", False),
    ("a: 1\nlist:\n  - x\n  - {k: v}\nb: 2\n", False),  # a key more
])
def test_same_source_is_equal_values_written_at_the_same_places(tmp_path, other, alike):
    first = load(tmp_path, "a: 1\nlist:\n  - x\n  - {k: v}\n")
    assert same_source(first, load(tmp_path, other)) is alike


def test_same_source_compares_where_a_mapping_and_its_keys_start_which_file_it_is_and_lengths():
    from pnp.core.errors import Loc
    from pnp.data.located import LocDict

    def mapping(start: int, key_at: int, path: str = "f.yaml") -> LocDict:
        """As the reader makes them: places packed in ints, the file named once."""
        out = LocDict((start - 1) << 24, path)
        out["k"] = ["v", "w"]
        out.set_loc("k", (8 << 24) | 8)
        out.set_key_loc("k", (key_at - 1) << 24)
        return out

    assert same_source(mapping(1, 2), mapping(1, 2))
    assert not same_source(mapping(1, 2), mapping(2, 2))
    assert not same_source(mapping(1, 2), mapping(1, 3))
    assert not same_source(mapping(1, 2), mapping(1, 2, "g.yaml"))
    longer = mapping(1, 2)
    longer["k"] = ["v", "w", "x"]
    assert not same_source(mapping(1, 2), longer) and not same_source(longer, mapping(1, 2))
    assert not same_source(Loc("f.yaml", 1, 1), Loc("f.yaml", 1, 2)) and same_source((1, "a"), (1, "a"))


@pytest.mark.parametrize("lang, source", [("en", True), ("de", False)])
def test_a_value_read_in_an_edition_keeps_every_place(tmp_path, lang, source):
    """localise (pnp.data.languages) keeps where each key and value was written, in a mapping with translations and in one
    without any (a card: the way most of a deck's mappings take)."""
    from pnp.data.languages import Edition, localise

    data = load(tmp_path, "cards:\n  - {id: a, name: Ann, name@de: Anna}\n  - {id: b, name: Bob}\n")
    cards = localise(data, Edition(lang, source))["cards"]
    assert [c["name"] for c in cards] == (["Ann", "Bob"] if source else ["Anna", "Bob"])
    assert [str(cards[1].key_loc(k)) for k in ("id", "name")] == ["f.yaml:3:6", "f.yaml:3:13"]
    assert [str(cards[1].loc_of(k)) for k in ("id", "name")] == ["f.yaml:3:10", "f.yaml:3:19"]
    assert str(cards[0].key_loc("id")) == "f.yaml:2:6"


def test_a_key_tagged_merge_merges_as_a_plain_one_does(project):
    """`!!merge` on any key is YAML's merge key, as `<<` is: the reader's quick way for a plain key (pnp.data.source)
    must not take it for a key of its own (a card's unknown key `anything`)."""
    assert with_a_squire(project, "!!merge anything") == (0, [])


@pytest.mark.parametrize("text, code, message, where", [
    ("x: !!set {a: 1}\n", "yaml-tag", "tag tag:yaml.org,2002:set is not allowed in game data: remove it", "f.yaml:1:4"),
    ("m:\n  1.5: x\n", "yaml-key", "a key must be a plain word or a whole number (this one is a decimal, a list, a mapping or empty): put it in"
     " quotes to make it a word, or name it with one", "f.yaml:2:3"),
    ("m:\n  x: 1\n  a: 1\n  a: 2\n", "yaml-duplicate-key", "key 'a' appears twice (first at line 3): keep one", "f.yaml:4:3"),
    ("a: &a [1]\nb:\n  <<: *a\n", "yaml-merge", "'<<' must merge a mapping", "f.yaml:3:7"),
    ("m:\n  ? [a, b]\n  : v\n", "yaml-key", "a key must be a plain word or a whole number (this one is a decimal, a list, a mapping or empty): put"
     " it in quotes to make it a word, or name it with one", "f.yaml:2:5"),
], ids=["tag", "key", "duplicate", "merge", "list key"])
def test_each_refused_mapping_says_what_is_wrong_what_to_do_and_where(project, text, code, message, where):
    """One finding each, its code, its words (what is wrong and what to do) and the place of what is wrong: the tagged
    mapping, the key, the second time the key is written (naming the first, below the mapping's own first line), the
    merged alias."""
    assert validate_findings(project, text) == [(code, message, where.replace("f.yaml", DECK))]


def test_a_key_with_an_anchor_keeps_its_places_and_is_named_again_by_its_alias(tmp_path):
    data = load(tmp_path, "top: 0\n&k name: 1\nother: *k\n")
    assert data["other"] == "name" and data["name"] == 1
    assert (str(data.key_loc("name")), str(data.loc_of("name"))) == ("f.yaml:2:1", "f.yaml:2:10")


def test_a_key_written_in_quotes_as_the_merge_key_is_a_word(project):
    """`'<<'` in quotes is a word: a deck's key it does not know, said at its place."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "append": "'<<': x\n"}])
    assert _validate_errors(project, "heroes.yaml", (project / "data/tiny/decks/heroes.yaml").read_bytes()) == [
        "data/tiny/decks/heroes.yaml:12:1: error: unknown key '<<': remove it or fix its spelling"]


def test_two_merge_keys_in_one_mapping_both_fill_it(tmp_path):
    data = load(tmp_path, "a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: *a\n  <<: *b\n  z: 3\n")
    assert data["c"] == {"x": 1, "y": 2, "z": 3}


def test_a_mapping_and_a_path_below_it_are_found_where_they_were_written(tmp_path):
    """`loc_at` finds the place of the value at a path of keys and indices, or the deepest place the path reaches; a
    mapping written in a list knows where it starts."""
    from pnp.core.errors import Loc
    from pnp.data.located import loc_at

    data = load(tmp_path, "a: 1\nlist:\n  - x\n  - {k: v}\n")
    assert str(data["list"][1].loc) == "f.yaml:4:5"
    assert str(loc_at(data, ("list", 1, "k"))) == "f.yaml:4:9"
    assert str(loc_at(data, ("list", 1, "missing"))) == "f.yaml:4:5"  # the deepest place the path reaches
    assert str(loc_at(data, ("list", 0))) == "f.yaml:3:5"  # the first item
    assert str(loc_at(data, ("list", 2))) == "f.yaml:3:3"  # one past the list's end: the list's own place
    assert str(loc_at(data, ("list", -1))) == "f.yaml:3:3"  # no index counts from the end here
    assert str(loc_at(data, ())) == "f.yaml:1:1"
    fallback = Loc("other.yaml", 7, 2)
    assert loc_at({"plain": "dict"}, ("plain",), fallback) is fallback  # nothing placed: the place given


def test_a_place_set_for_a_value_or_a_key_leaves_the_other_as_read(tmp_path):
    """A reader that places a value itself (a spreadsheet's cell, a generated card's field) keeps the key's own place,
    and the other way round; a key placed nowhere, or not there at all, is found at its mapping."""
    from pnp.core.errors import Loc

    data = load(tmp_path, "m:\n  a: 1\n  b: 2\n")["m"]
    cell = Loc("cards.xlsx", 4, 3)
    data.set_loc("a", cell)
    assert (data.loc_of("a"), str(data.key_loc("a"))) == (cell, "f.yaml:2:3")
    header = Loc("cards.xlsx", 1, 2)
    data.set_key_loc("b", header)
    assert (str(data.loc_of("b")), data.key_loc("b")) == ("f.yaml:3:6", header)
    data["c"] = 3  # set by code, placed nowhere
    assert str(data.loc_of("c")) == str(data.key_loc("c")) == str(data.loc_of("absent")) == "f.yaml:2:3"
    assert not data.has_key_loc("c") and data.has_key_loc("a")


def test_a_deck_file_of_comments_alone_is_one_error_saying_it_holds_no_data(project):
    """A file holding comments and no value (a deck emptied but for its notes) is no mapping: one error at its first
    line saying so, not an empty deck read on."""
    assert validate_errors(project, "# heroes: to be written\n# after the playtest\n") == [
        f"{DECK}:1:1: error: file holds no data: it should hold a YAML mapping"]


def test_a_second_document_in_a_deck_file_is_an_error_at_its_marker(project):
    """A file is one YAML document: a second after `---` (two files pasted into one) is refused where it starts, never
    read as the first alone with the rest dropped."""
    assert validate_errors(project, "name: Heroes\n---\nname: Villains\n") == [f"{DECK}:2:1: error: YAML syntax: but found another document"]


def test_a_key_two_merged_mappings_set_is_taken_from_the_first_of_them(tmp_path):
    """YAML's merge key (yaml.org/type/merge.html): in `<<: [*a, *b]`, keys of mappings earlier in the sequence
    override those of later ones, and the mapping's own keys override both."""
    data = load(tmp_path, "a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc: {<<: [*a, *b]}\nd: {<<: [*b, *a], z: 3}\n")
    assert data["c"] == {"x": 1, "y": 1, "z": 2}
    assert data["d"] == {"x": 2, "y": 1, "z": 3}


def test_lists_nested_a_hundred_deep_are_read_and_one_more_is_refused_at_it(project, tmp_path):
    """docs/limits.md: YAML nesting of lists and mappings, 100 deep. The file's mapping and 99 lists inside it read; a
    100th list, the 101st level, is one error at its bracket."""
    value = load(tmp_path, "v: " + "[" * 99 + "1" + "]" * 99 + "\n")["v"]
    for _ in range(98):
        value = value[0]
    assert value == [1]
    assert validate_errors(project, "v: " + "[" * 100 + "1" + "]" * 100 + "\n") == [
        f"{DECK}:1:103: error: lists and mappings nest over 100 deep here: flatten the data"]


def test_a_line_indented_by_a_tab_is_said_to_want_spaces_at_the_tab(project):
    """A tab at a line's start (an editor's Tab key) is no YAML indent: the error is at that line's first column and
    says so, not libyaml's 'cannot start any token'."""
    assert validate_errors(project, "name: Heroes\ncards:\n\t- id: knight\n") == [
        f"{DECK}:3:1: error: YAML syntax: a tab character: YAML indents with spaces only"]


@pytest.mark.parametrize("text, tag", [
    ("x: !!python/name:os.system echo\n", "tag:yaml.org,2002:python/name:os.system"),
    ("x: !secret Knight\n", "!secret"),
], ids=["python", "local"])
def test_a_word_under_a_foreign_tag_is_refused_at_the_tag_not_read_as_the_word(project, text, tag):
    """YAML 1.2's core schema knows str, int, float, bool and null: a plain word under any other tag (a Python name's,
    a program's own `!secret`) is one error at the tag, as a tagged list or mapping is, never the word behind it."""
    assert validate_errors(project, text) == [f"{DECK}:1:4: error: tag {tag} is not allowed in game data: remove it"]


def test_a_deck_file_of_exactly_five_million_bytes_is_read_and_one_byte_more_is_refused(project):
    """docs/limits.md: a YAML data file, 5,000,000 bytes. The tiny game's heroes padded with comment lines to exactly
    that many bytes validates as it did; one byte more is one error at the file naming both sizes."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    deck = heroes.read_bytes()
    line = b"#" + b"x" * 98 + b"\n"
    padded = deck + line * ((5_000_000 - len(deck)) // len(line))
    padded += b"#" * (5_000_000 - len(padded) - 1) + b"\n"
    assert len(padded) == 5_000_000
    heroes.write_bytes(padded)
    assert quick_findings(project) == (0, [])
    assert _validate_errors(project, "heroes.yaml", padded[:-1] + b"x\n") == [
        "data/tiny/decks/heroes.yaml: error: file is 5,000,001 bytes; the limit is 5,000,000: split it"]


def test_a_whole_number_of_a_thousand_digits_is_read_and_one_of_a_thousand_and_one_is_refused_at_it(project, tmp_path):
    """docs/limits.md: a whole number in YAML, 1,000 digits. 10^999, written out (a 1 and 999 zeros), is that number;
    one more zero is one error at the number, saying to shorten it or quote it."""
    assert load(tmp_path, "v: 1" + "0" * 999 + "\n")["v"] == 10**999
    assert validate_errors(project, "v: 1" + "0" * 1000 + "\n") == [
        f"{DECK}:1:4: error: a whole number of over 1,000 digits: shorten it, or keep it as text (write it in quotes)"]


@pytest.mark.parametrize("sign", ["-", "+"])
def test_a_signed_whole_number_of_a_thousand_digits_is_read_its_sign_no_digit(tmp_path, sign):
    """docs/limits.md counts a whole number's digits, 1,000 at most: -10^999 and +10^999 have a thousand digits each
    and are read as those numbers, the sign counted as no digit."""
    assert load(tmp_path, f"v: {sign}1" + "0" * 999 + "\n")["v"] == int(f"{sign}1" + "0" * 999)
