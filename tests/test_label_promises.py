"""The bag and box labels' promises (issue 101), each read back from what `pnp build tiny --only labels` prints on the
small test project (tests/conftest.py's `project`), in this process:

- a label takes its pieces' own colour (a `tint` or `color` naming one of the game's palette colours) and the
  palette's accent only where they name none, or the ink where the palette has no accent;
- what a game's own label template is given (`label`: title, lines, icon, tint, kind: docs/components.md);
- where labels land: each slot where the maker's published template puts it, 2 mm inside its die cut, a round
  label's words in the square inside its circle, page after page, clear of a cutting machine's marks;
- a sheet the designer measures is refused at its place when its slots overlap or run off the page;
- justified words break as a reader expects: no second hyphen after a word's own, never two letters from a
  word's end;
- the ink saver stands a gradient's darkest stop in for it (its outline in that colour).

Expected positions are the makers' templates (cited at each), colours the tiny game's palette (its game.yaml),
counts its YAML counted by hand."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, run_pnp

IN = 25.4
PT = 25.4 / 72  # mm a point
PALETTE = {"ink": "#1d2433", "red": "#c0392b", "blue": "#2e6da4", "gold": "#876510"}  # tests/project/data/tiny/game.yaml
ACCENT = "#2a9d8f"
# Avery 5160 (Letter; avery.com's template 5160): 2⅝ × 1 in labels, 3 across and 10 down, the first ½ in from the top
# and 3⁄16 in from the left, 2¾ in and 1 in between slot origins
AVERY_5160 = [((3 / 16 + c * 2.75) * IN, (0.5 + r) * IN) for r in range(10) for c in range(3)]
AVERY_5160_SLOT = (2.625 * IN, IN)
# Avery 3274.1 (Letter; third-party: gLabels' avery-us-templates.xml): 2½ in squares, 3 × 3, the first 0.3125 in from
# the left and 1.25 in from the top, 2.6875 in and 3 in between slot origins
AVERY_3274_1 = [((0.3125 + c * 2.6875) * IN, (1.25 + r * 3) * IN) for r in range(3) for c in range(3)]
# Avery 5294 (Letter; as gLabels lists it): 2½ in circles, 3 × 4, the first 0.21 in from the left and 0.425 in from the
# top, 2.75 in and 2.515 in between slot origins
AVERY_5294 = [((0.21 + c * 2.75) * IN, (0.425 + r * 2.515) * IN) for r in range(4) for c in range(3)]
TINY_LABELS = ["Heroes", "Coins", "Pawns", "Shields", "Walls", "Bank notes", "Hero standee"]  # its deck, then its token sets
# a second deck: its defaults name the palette's gold, its one card red; a second card is left out (count 0)
VILLAINS = ("name: Villains\nsize: poker\nfront: tiny/hero.j2\ndefaults: {tint: gold}\ncards:\n"
            "  - {id: v1, name: Vile, stars: 1, number: 9, text: Boo, tint: red, count: 1}\n"
            "  - {id: v0, name: Gone, stars: 1, number: 8, text: Gone, count: 0}\n")


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _labels(project: Path, *args: str) -> Path:
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return next((project / "output" / "tiny").glob("tiny-labels*.pdf"))


def _hex(colour) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def _band_colours(page) -> dict[str, str]:
    """Each label's colour as pnp's label template prints it: the full-width band above its title, by its fill."""
    bands = [r for r in page.rects if r["width"] > 40 * MM and 1.5 * MM < r["height"] < 3 * MM]
    colours = {}
    for (x, y), words in _slot_texts(page, AVERY_5160, AVERY_5160_SLOT).items():
        title = next((t for t in [*TINY_LABELS, "Villains", "Setup", "Rules"] if f"\n{t}\n" in f"\n{words}\n"), None)
        band = [r for r in bands if x <= r["x0"] * PT <= x + AVERY_5160_SLOT[0] and y <= r["top"] * PT <= y + AVERY_5160_SLOT[1]]
        if title and band:
            colours[title] = _hex(band[0]["non_stroking_color"])
    return colours


def _slot_texts(page, slots, size) -> dict[tuple[float, float], str]:
    """The words inside each slot of the page (x, y from the page's top-left corner, mm), those holding any."""
    found = {}
    for x, y in slots:
        words = page.crop((x / PT, y / PT, (x + size[0]) / PT, (y + size[1]) / PT)).extract_text()
        if words.strip():
            found[(x, y)] = words
    return found


# --- a label's colour -------------------------------------------------------------------------------------------------

def test_a_label_takes_the_palette_colour_its_pieces_name_and_the_accent_where_they_name_none(project):
    """The heroes' deck names `tint: blue` in its defaults, the shields' set `tint: gold`; the walls' set names a colour
    the palette lacks (`tint: "#123456"`) and the coins' items colours by hex only: both take the accent; the pawns
    come in red and blue (the first, red); a label the game adds takes the tint it names, or the accent."""
    game = project / "data/tiny/game.yaml"
    _replace(game, '  gold: "#876510"\n', f'  gold: "#876510"\n  accent: "{ACCENT}"\n')
    _append(game, "labels:\n  add:\n    - {title: Setup, lines: [Deal three], tint: gold}\n    - {title: Rules, lines: [Roll]}\n")
    _replace(project / "data/tiny/decks/heroes.yaml", "defaults: {side: red}", "defaults: {side: red, tint: blue}")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    count: 4\n    front: tiny/token-shield.j2", "    count: 4\n    tint: gold\n    front: tiny/token-shield.j2")
    _replace(tokens, "    count: 6\n    front: tiny/token-wall.j2", '    count: 6\n    tint: "#123456"\n    front: tiny/token-wall.j2')
    with pdfplumber.open(_labels(project)) as pdf:
        colours = _band_colours(pdf.pages[0])
    assert colours == {"Heroes": PALETTE["blue"], "Coins": ACCENT, "Pawns": PALETTE["red"], "Shields": PALETTE["gold"], "Walls": ACCENT,
                       "Bank notes": ACCENT, "Hero standee": ACCENT, "Setup": PALETTE["gold"], "Rules": ACCENT}, colours


def test_a_labels_colour_is_the_first_its_pieces_name_in_the_palette_and_the_ink_where_there_is_no_accent(project):
    """The tiny game's palette has no accent: labels whose pieces name no palette colour take its ink. A set naming a
    hex colour the palette lacks and, on its first item, a palette colour takes that item's; a card naming both a
    `tint` and a `color` of the palette takes its `tint`; a deck's defaults come before its cards."""
    (project / "data/tiny/decks/villains.yaml").write_text(VILLAINS, encoding="utf-8")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    name: Coins\n", '    name: Coins\n    tint: "#123456"\n')
    _replace(tokens, '{id: c1, value: 1, tint: "#f3d36b", count: 8}', "{id: c1, value: 1, tint: gold, count: 8}")
    _replace(project / "data/tiny/decks/heroes.yaml", 'stars: 3, number: 1,', 'stars: 3, number: 1, color: red, tint: blue,')
    with pdfplumber.open(_labels(project)) as pdf:
        colours = _band_colours(pdf.pages[0])
    assert colours["Heroes"] == PALETTE["blue"] and colours["Coins"] == PALETTE["gold"] and colours["Villains"] == PALETTE["gold"], colours
    assert colours["Shields"] == colours["Bank notes"] == PALETTE["ink"], colours


# --- what a game's own label template is given ------------------------------------------------------------------------

FIELDS_TEMPLATE = ('{{ text(label.kind ~ " | " ~ label.title ~ " | " ~ (label.icon or "no-icon") ~ " | " ~ label.tint ~ " | "'
                   ' ~ (label.lines | join(" / ")) ~ " | " ~ face.side ~ " " ~ face.bleed ~ " " ~ ink_saver ~ " " ~ card.title,'
                   ' 0, 0, face.w, face.h, size=6, min_size=6, edge=true) }}\n')


def _fields(project: Path, extra: str = "") -> dict[str, list[str]]:
    """Each label's fields as the game's own template (`labels: {template: ...}`) printed them: title → [kind, icon,
    tint, lines]; `extra` is game.yaml's `labels: add:` list."""
    (project / "templates/tiny/label-fields.j2").write_text(FIELDS_TEMPLATE, encoding="utf-8")
    _append(project / "data/tiny/game.yaml", "labels:\n  template: tiny/label-fields.j2\n" + extra)
    with pdfplumber.open(_labels(project)) as pdf:
        texts = [" ".join(t.split()) for page in pdf.pages[:-1] for t in _slot_texts(page, AVERY_5160, AVERY_5160_SLOT).values()]
    found = {}
    for text in texts:
        kind, title, icon, tint, lines, face = (part.strip() for part in text.split("|"))
        assert face == f"front 0.0 False {title}", text  # one side, no bleed (the maker cuts it), as drawn; `card` is the label too
        found[title] = [kind, icon, tint, lines]
    return found


def test_a_deck_of_one_copy_a_card_is_labelled_by_its_count_alone(project):
    """Three cards, each printed once, are '3 cards': saying they are three different adds nothing a player needs (the
    heroes' 12 copies of 5 cards are '12 cards, 5 different', in the test below)."""
    singles = "".join(f"  - {{id: s{n}, name: Single {n}, stars: 1, number: {n}, text: Once, count: 1}}\n" for n in range(1, 4))
    (project / "data/tiny/decks/singles.yaml").write_text(f"name: Singles\nsize: poker\nfront: tiny/hero.j2\ncards:\n{singles}", encoding="utf-8")
    assert _fields(project)["Singles"][3] == "deck · 3 cards / Tiny Test Game"


def test_a_games_label_template_is_given_each_labels_kind_icon_tint_and_lines(project):
    """docs/components.md: a label template sees `label`: its title, lines (what it holds, counted from the data, and
    the game's title), icon (its pieces' first that pnp knows, else none), tint and kind (deck, tokens or extra), the
    decks first, then the token sets, then the game's own labels."""
    _replace(project / "data/tiny/decks/heroes.yaml", "defaults: {side: red}", "defaults: {side: red, icon: star}")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    name: Coins\n", "    name: Coins\n    icon: no-such-icon\n")
    _replace(tokens, "    name: Shields\n", "    name: Shields\n    icon: 42\n")
    fields = _fields(project, "  add:\n    - {title: Setup, lines: [Deal three, Coins to the bank], icon: star, tint: blue}\n    - {title: Rules}\n")
    assert fields["Heroes"] == ["deck", "star", "ink", "deck · 12 cards, 5 different / Tiny Test Game"], fields["Heroes"]
    assert fields["Coins"] == ["tokens", "no-icon", "ink", "tokens · 12 pieces / 8 × 1, 4 × 5 / Tiny Test Game"], fields["Coins"]
    assert fields["Shields"] == ["tokens", "no-icon", "ink", "tokens · 4 pieces / Tiny Test Game"], fields["Shields"]
    assert fields["Pawns"] == ["tokens", "no-icon", "red", "tokens · 6 pieces / 3 × red, 3 × blue / Tiny Test Game"], fields["Pawns"]
    assert fields["Setup"] == ["extra", "star", "blue", "Deal three / Coins to the bank"], fields["Setup"]
    assert fields["Rules"] == ["extra", "no-icon", "ink", ""], fields["Rules"]
    assert list(fields) == [*TINY_LABELS, "Setup", "Rules"]


def test_a_label_says_its_count_as_the_data_counts_it_one_in_the_singular_and_each_kind_by_its_name(project):
    """A deck of one card (and one of no copies, left out) says '1 card', not '1 cards, 1 different'; a set of one
    piece '1 piece'; a set's kinds are named by their item's name, else its id, and their colour, each counted (the
    gems: a ruby twice and an opal once in each of two colours). The build's line counts the labels and the pages,
    the outlines' page among them."""
    (project / "data/tiny/decks/villains.yaml").write_text(VILLAINS, encoding="utf-8")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    count: 6\n    front: tiny/token-wall.j2", "    count: 1\n    front: tiny/token-wall.j2")
    _append(tokens, "  - id: gems\n    name: Gems\n    shape: circle\n    size: 15\n    colors: [red, blue]\n    front: tiny/token-coin.j2\n"
                    "    items:\n      - {id: ruby, name: Ruby, count: 2}\n      - {id: opal, count: 1}\n")
    fields = _fields(project)
    assert fields["Villains"][3] == "deck · 1 card / Tiny Test Game", fields["Villains"]
    assert fields["Walls"][3] == "tokens · 1 piece / Tiny Test Game", fields["Walls"]
    assert fields["Gems"][3] == "tokens · 6 pieces / 2 × Ruby red, 2 × Ruby blue, 1 × opal red, 1 × opal blue / Tiny Test Game", fields["Gems"]
    said = run_pnp(project, "build", "tiny", "--only", "labels").output
    assert re.search(r"tiny-labels\.pdf +2 pages +9 pieces", said), said  # nine labels on one page, then the outlines


def test_a_deck_or_token_set_of_no_copy_gets_no_label(project):
    """A label goes on the bag holding a deck's cards or a set's pieces: a deck whose every card has count 0 (cards kept
    in the data, retired from print) and a set whose every kind has count 0 hold nothing, so they have no label, and a
    card of no copy lends a deck's label none of its looks (the villains' gone card's red)."""
    retired = "  - {id: r1, name: Old, stars: 1, number: 7, text: Old, tint: red, count: 0}\n"
    (project / "data/tiny/decks/retired.yaml").write_text(f"name: Retired\nsize: poker\nfront: tiny/hero.j2\ncards:\n{retired}", encoding="utf-8")
    villains = VILLAINS.replace("defaults: {tint: gold}\n", "").replace("text: Boo, tint: red,", "text: Boo,").replace("text: Gone,", "text: Gone, tint: red,")
    (project / "data/tiny/decks/villains.yaml").write_text(villains, encoding="utf-8")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    count: 6\n    front: tiny/token-wall.j2", "    count: 0\n    front: tiny/token-wall.j2")
    fields = _fields(project)
    assert list(fields) == ["Heroes", "Villains", "Coins", "Pawns", "Shields", "Bank notes", "Hero standee"], list(fields)
    assert fields["Villains"][2] == "ink", fields["Villains"]  # the game's ink (it has no accent): the red card prints no copy


def test_a_game_whose_every_deck_and_token_set_prints_no_copy_writes_no_labels_pdf(project):
    """With every card and every kind of piece at count 0 there is no bag to label: the build writes no labels PDF (not
    a calibration page alone, for a sheet nothing will be printed on) and says there was nothing to build, and that the
    counts of 0 are what to mend (its decks are there)."""
    for name in ("decks/heroes.yaml", "tokens.yaml"):
        path = project / "data/tiny" / name
        path.write_text(re.sub(r"count: \d+", "count: 0", path.read_text(encoding="utf-8")), encoding="utf-8")
    game = project / "data/tiny/game.yaml"  # its stated count of hero cards, to agree with the data
    _replace(game, "    count: 12\n", "    count: 0\n")
    _replace(game, "side: {red: 6, blue: 6}", "side: {red: 0, blue: 0}")
    result = run_pnp(project, "build", "tiny", "--only", "labels")
    assert result.exit_code == 0, result.output + result.stderr
    assert not list(project.glob("output/tiny/tiny-labels*.pdf")), result.output
    assert "tiny: nothing to build: its decks give no copy of any card (each card's count is 0): give the cards a count of 1 or more" in (
        result.output + result.stderr), result.output + result.stderr  # what to mend: the counts, not decks to add

def test_a_token_set_names_its_kinds_up_to_six_and_past_that_says_its_count_alone(project):
    """docs/labels-and-cutters.md: a set's label counts each kind when it has six kinds or fewer; a set of seven says
    how many pieces it holds, and no kind."""
    tokens = project / "data/tiny/tokens.yaml"
    for n in (6, 7):
        items = "".join(f"      - {{id: {chr(96 + k)}, count: 1}}\n" for k in range(1, n + 1))
        _append(tokens, f"  - id: set{n}\n    name: Set of {n}\n    shape: circle\n    size: 15\n    front: tiny/token-coin.j2\n    items:\n{items}")
    fields = _fields(project)
    assert fields["Set of 6"][3] == "tokens · 6 pieces / 1 × a, 1 × b, 1 × c, 1 × d, 1 × e, 1 × f / Tiny Test Game", fields["Set of 6"]
    assert fields["Set of 7"][3] == "tokens · 7 pieces / Tiny Test Game", fields["Set of 7"]


def test_a_kind_with_a_name_and_a_value_is_called_by_its_name_on_its_label(project):
    """Coins with a name and a value: a player calls them Gold and Silver, so the label does; the value names a kind
    only where it has no name (the tiny game's coins: 8 × 1, 4 × 5)."""
    _append(project / "data/tiny/tokens.yaml", "  - id: money\n    name: Money\n    shape: circle\n    size: 15\n    front: tiny/token-coin.j2\n"
                                               "    items:\n      - {id: g, name: Gold, value: 5, count: 2}\n      - {id: s, name: Silver, value: 1, count: 3}\n")
    assert _fields(project)["Money"][3] == "tokens · 5 pieces / 2 × Gold, 3 × Silver / Tiny Test Game"


def test_a_kind_of_no_copy_is_not_named_among_its_sets_kinds(project):
    """A label counts what goes in the bag: a coin kept in the data at count 0 (the tiny game's coins, with a 2 retired)
    is not listed as '0 × 2' beside the 8 × 1 and 4 × 5 the set prints."""
    _replace(project / "data/tiny/tokens.yaml", "      - {id: c5,", "      - {id: c2, value: 2, count: 0}\n      - {id: c5,")
    assert _fields(project)["Coins"][3] == "tokens · 12 pieces / 8 × 1, 4 × 5 / Tiny Test Game"


def test_a_decks_own_icon_comes_before_its_cards_icons_on_its_label(project):
    """docs/labels-and-cutters.md: a label draws its pieces' `icon`, the first that names one: the heroes' defaults name
    the deck's (`star`), which its label takes before the icon its last card names (`abacus`, a game-icons.net icon)."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    _replace(heroes, "defaults: {side: red}", "defaults: {side: red, icon: star}")
    _replace(heroes, 'text: "This card has its own back.",', 'text: "This card has its own back.", icon: abacus,')
    assert _fields(project)["Heroes"][1] == "star"


def test_a_token_sets_own_tint_comes_before_its_items_tints_on_its_label(project):
    """docs/labels-and-cutters.md: a label is framed in the token set's colour, its data's `tint`: the coins' set names
    the palette's blue, so its label is blue, though its first coin names the palette's gold."""
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    name: Coins\n", "    name: Coins\n    tint: blue\n")
    _replace(tokens, '{id: c1, value: 1, tint: "#f3d36b", count: 8}', "{id: c1, value: 1, tint: gold, count: 8}")
    assert _fields(project)["Coins"][2] == "blue"


def test_a_label_template_pnp_cannot_find_is_one_error_at_game_yamls_labels(project):
    game = project / "data/tiny/game.yaml"
    line = game.read_text(encoding="utf-8").count("\n") + 2  # its `template:` line
    _append(game, "labels:\n  template: tiny/no-such-label.j2\n")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    errors = [found for found in result.output.splitlines() if ": error: " in found]
    assert result.exit_code != 0 and len(errors) == 1, result.output
    assert errors[0].startswith(f"data/tiny/game.yaml:{line}:") and "tiny/no-such-label.j2" in errors[0], errors
    assert not (project / "output/tiny/tiny-labels.pdf").exists()


def test_a_field_no_label_has_is_one_error_at_the_templates_line_naming_the_label(project):
    _append(project / "data/tiny/game.yaml", "labels:\n  template: tiny/label-reads.j2\n")
    (project / "templates/tiny/label-reads.j2").write_text("{{ text(card.nosuch, 3, 3, face.w - 6, face.h - 6, size=8) }}\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    errors = [found for found in result.output.splitlines() if ": error: " in found]
    assert result.exit_code != 0 and len(errors) == 1, result.output
    assert errors[0].startswith("templates/tiny/label-reads.j2:1:") and "label has no field 'nosuch'" in errors[0], errors


def test_a_label_template_that_fails_for_a_label_is_said_at_its_line_for_that_label(project):
    """Two labels failing two ways: each failure said once, at its own line, for its own label, counted as the game's."""
    _append(project / "data/tiny/game.yaml", "labels:\n  template: tiny/label-tight.j2\n")
    (project / "templates/tiny/label-tight.j2").write_text(
        '{{ text(label.title, 3, 3, face.w - 6, face.h - 6, size=8) }}\n'
        '{% if label.title == "Coins" %}{{ text(label.title, 3, 3, 1, 1, size=30, min_size=30) }}{% endif %}\n'
        '{% if label.title == "Pawns" %}{{ text(card.nothing, 3, 3, 9, 9) }}{% endif %}\n', encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    errors = sorted(found for found in result.output.splitlines() if ": error: " in found)
    assert result.exit_code != 0 and len(errors) == 2, result.output
    assert errors[0].startswith("templates/tiny/label-tight.j2:2:") and errors[0].endswith("[label Coins]"), errors
    assert errors[1].startswith("templates/tiny/label-tight.j2:3:") and errors[1].endswith("[label Pawns]"), errors
    assert "tiny: 2 errors, 0 warnings" in result.output, result.output


def test_a_name_too_long_for_pnps_own_label_is_one_warning_where_the_name_is_written(project):
    """A deck's and a token set's names as long as decks brought from other tools carry: each label's title shrinks on
    pnp's own label template, and the designer is sent to the name they can shorten (the `name:` value's line and
    column in their YAML), never to the template inside pnp's install, with one warning a name."""
    long = "of the Ancient Crystal Caves Beneath the Mountain"
    _replace(project / "data/tiny/tokens.yaml", "    name: Coins\n", f"    name: Coins {long}\n")
    _replace(project / "data/tiny/decks/heroes.yaml", "name: Heroes\n", f"name: Heroes {long}\n")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    assert result.exit_code == 0, result.output
    said = sorted(line for line in result.output.splitlines() if "[label " in line)
    assert [line.split(": warning: ")[0] for line in said] == ["data/tiny/decks/heroes.yaml:1:7", "data/tiny/tokens.yaml:5:11"], result.output
    assert all(": warning: label.title: text shrinks from " in line for line in said), said  # the label's field, no card's
    assert all("shorten it" in line and "pnp/label.j2" in line and "assets" not in line for line in said), said


# --- justified words ---------------------------------------------------------------------------------------------------

WORDS = ("A well-known rule: naturally the population of the hospital waits patiently, quickly and naturally, for a "
         "well-known laboratory: an evaluation, amazingly and uniquely.")
# The same paragraph justified in sixteen boxes 18 to 43.5 mm wide, four across, on one slot a sheet the designer
# measured holds: each width breaks its lines at other points, among them just after the word's own hyphen
WORDS_TEMPLATE = """\
{% if label.kind == "extra" %}{% for k in range(16) %}
{{ text(label.lines[0], (k % 4) * 47, (k // 4) * 62, 18 + k * 1.7, 60, size=7, min_size=7, align="justify", valign="top", edge=true) }}
{% endfor %}{% endif %}
"""


def test_justified_words_break_with_one_hyphen_after_their_own_and_never_two_letters_from_their_end(project):
    """Justified text breaks words where the edition's language allows: a word that has its own hyphen ('well-known')
    breaks after it and prints no second one ('well--'); a word broken by the language's patterns keeps two letters
    before its hyphen and three after it ('natu-rally', never 'natural-ly': TeX's \\lefthyphenmin and \\righthyphenmin
    for English). Read from the label's lines as the PDF prints them, each box's lines apart."""
    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {page: letter, slot: [190, 250], first: [12, 14], pitch: [190, 250], "
            f"columns: 1, rows: 1}}\n  template: tiny/label-words.j2\n  add:\n    - {{title: Words, lines: [\"{WORDS}\"]}}\n")
    (project / "templates/tiny/label-words.j2").write_text(WORDS_TEMPLATE, encoding="utf-8")
    breaks = []
    with pdfplumber.open(_labels(project)) as pdf:
        page = pdf.pages[-2]  # the game's own label, after the pieces' (this template leaves theirs blank), before the outlines
        for k in range(16):
            x, y = 12 + 2 + (k % 4) * 47, 14 + 2 + (k // 4) * 62  # the slot's corner, 2 mm in, then the box's
            lines = page.crop((x / PT, y / PT, (x + 18 + k * 1.7) / PT + 1, (y + 60) / PT)).extract_text().splitlines()
            assert re.sub("[^A-Za-z]", "", "".join(lines)) == re.sub("[^A-Za-z]", "", WORDS), lines  # every letter, once, in order
            breaks += [(line, after) for line, after in itertools.pairwise(lines) if line.endswith("-")]
    assert not [b for b in breaks if b[0].endswith("--")], breaks
    own = [b for b in breaks if b[0].endswith("well-") and b[1].startswith("known")]
    patterns = [b for b in breaks if b not in own]
    assert own and patterns, breaks  # both kinds of break are asked of the rule
    for line, after in breaks:
        before, rest = re.search(r"([A-Za-z]*)-$", line)[1], re.match(r"[A-Za-z]*", after)[0]
        assert len(before) >= 2 and len(rest) >= 3, (line, after)


# --- a gradient under the ink saver -------------------------------------------------------------------------------------

def test_the_ink_saver_outlines_a_large_gradient_in_its_darkest_stop(project):
    """The ink saver turns a large fill into a light tint outlined in its own colour; a gradient's own colour is its
    darkest stop (docs/ink-saver: a gradient stands as its darkest stop), wherever that stop is: here between two light
    ones. Read from the ink-saver cards' PDF: the 40 mm square's outline, 0.35 mm wide, in the dark stop's colour."""
    (project / "templates/tiny/band.j2").write_text('{{ rect(10, 20, 40, 40, fill=gradient(["#e8eef4", "#203040", "#f4ece8"], angle=0)) }}\n',
                                                    encoding="utf-8")
    (project / "data/tiny/decks/bands.yaml").write_text("name: Bands\nsize: poker\nfront: tiny/band.j2\ncards:\n  - {id: b, count: 1}\n",
                                                        encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--deck", "bands", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(next((project / "output/tiny").glob("tiny-cards-ink-saver*.pdf"))) as pdf:
        page = pdf.pages[0]
        outlines = [(round(o["width"] * PT, 1), round(o["height"] * PT, 1), _hex(o["stroking_color"]), round(o["linewidth"] * PT, 2))
                    for o in page.rects + page.curves if o.get("stroke")]
    assert outlines == [(40.0, 40.0, "#203040", 0.35)], outlines


# --- where labels land --------------------------------------------------------------------------------------------------

def _frames(page) -> list[tuple[float, float, float, float]]:
    """Each label's frame as pnp's label template draws it (its largest stroked shape, in mm from the page's top-left)."""
    stroked = [o for o in page.rects + page.curves if o.get("stroke") and o["width"] > 20 * MM]
    return [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in stroked]


def _inside(box, left, top, right, bottom, reach=0.5) -> bool:
    """`box` lies inside (left, top, right, bottom), each of its sides within `reach` mm of it (mm, 0.05 for rounding)."""
    return all(abs(a - b) <= reach and (a >= b - 0.05 if k < 2 else a <= b + 0.05)
               for k, (a, b) in enumerate(zip(box, (left, top, right, bottom), strict=True)))


def test_labels_past_a_sheets_slots_go_on_the_next_page_each_in_its_slot_two_mm_inside_its_die_cut(project):
    """`sheet: 3274.1` (as YAML reads it, a number) names Avery's 2½ in square labels, nine to a Letter page: the tiny
    game's seven labels and three of its own make ten, so the tenth starts a second page in the first slot; the last
    page holds the nine slots' outlines. Each label's frame keeps 2 mm inside its slot (stock shifts in a printer)."""
    side = 2.5 * IN
    extras = "".join(f"    - {{title: Extra {n}, lines: [Its line]{', icon: star' if n == 1 else ''}}}\n" for n in (1, 2, 3))
    _append(project / "data/tiny/game.yaml", f"labels:\n  sheet: 3274.1\n  add:\n{extras}")
    said = run_pnp(project, "build", "tiny", "--only", "labels").output
    assert re.search(r"tiny-labels\.pdf +3 pages +10 pieces", said), said  # two pages of labels, the outlines' page; ten labels
    with pdfplumber.open(project / "output/tiny/tiny-labels.pdf") as pdf:
        assert len(pdf.pages) == 3
        assert (round(pdf.pages[0].width * PT, 1), round(pdf.pages[0].height * PT, 1)) == (215.9, 279.4)
        first = _slot_texts(pdf.pages[0], AVERY_3274_1, (side, side))
        second = _slot_texts(pdf.pages[1], AVERY_3274_1, (side, side))
        frames = [_frames(pdf.pages[0]), _frames(pdf.pages[1])]
        drawn = {(x, y): len(pdf.pages[0].crop(((x + 3) / PT, (y + 8) / PT, (x + side - 3) / PT, (y + side - 3) / PT)).curves) for x, y in AVERY_3274_1}
        outlines = [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in pdf.pages[2].rects + pdf.pages[2].curves]
    assert [t.splitlines()[1] for t in first.values()] == [*TINY_LABELS, "Extra 1", "Extra 2"] and len(first) == 9, first
    assert list(second) == [AVERY_3274_1[0]] and "Extra 3" in second[AVERY_3274_1[0]], second
    assert drawn[AVERY_3274_1[7]] > drawn[AVERY_3274_1[8]], drawn  # Extra 1's star drawn beside its words, Extra 2 has none
    for page_frames, slots in ((frames[0], AVERY_3274_1), (frames[1], AVERY_3274_1[:1])):
        assert len(page_frames) == len(slots), page_frames
        for x, y in slots:
            assert any(_inside(f, x + 2, y + 2, x + side - 2, y + side - 2) for f in page_frames), (x, y, page_frames)
    assert len(outlines) == 9
    for x, y in AVERY_3274_1:
        assert any(_inside(o, x, y, x + side, y + side, reach=0.2) for o in outlines), (x, y)


def test_a_round_labels_words_keep_to_the_square_inside_its_circle(project):
    """Avery 5294's labels are 2½ in circles: a label's face is the square inside the circle (its side the diameter
    over √2), 2 mm in from it; the calibration page draws the circles themselves."""
    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: '5294'\n")
    diameter = 2.5 * IN
    corner = (diameter - diameter / 2 ** 0.5) / 2 + 2  # the square's corner from the slot's, then 2 mm in
    with pdfplumber.open(_labels(project)) as pdf:
        frames = _frames(pdf.pages[0])
        words = _slot_texts(pdf.pages[0], AVERY_5294, (diameter, diameter))
    assert len(frames) == len(TINY_LABELS) == len(words)
    for x, y in AVERY_5294[:len(TINY_LABELS)]:
        assert any(_inside(f, x + corner, y + corner, x + diameter - corner, y + diameter - corner) for f in frames), (x, y, frames)


def test_a_cutting_machines_marks_leave_their_slots_empty_and_each_labels_slot_is_its_cut_line(project):
    """With `--cutter silhouette` the machine's registration marks print on the label page; a slot a mark touches
    holds no label, the labels fill the others in order, and the page's cut file cuts each label's slot (Avery 5160's
    2⅝ × 1 in rectangles), so plain sticker paper can be cut as the label sheet is."""
    import xml.etree.ElementTree as ET

    pdf_path = _labels(project, "--cutter", "silhouette")
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        marks = [(r["x0"] * PT, r["top"] * PT, r["x1"] * PT, r["bottom"] * PT) for r in page.rects if r.get("fill") and _hex(r["non_stroking_color"]) == "#000000"]
        words = _slot_texts(page, AVERY_5160, AVERY_5160_SLOT)
    assert marks
    w, h = AVERY_5160_SLOT
    touched = [(x, y) for x, y in AVERY_5160 if any(x < x1 and x0 < x + w and y < y1 and y0 < y + h for x0, y0, x1, y1 in marks)]
    assert touched and not set(touched) & set(words), (touched, list(words))
    titles = [next(t for t in TINY_LABELS if f"\n{t}\n" in f"\n{text}\n") for text in words.values()]
    assert titles == TINY_LABELS
    clear = [s for s in AVERY_5160 if s not in touched]
    assert list(words) == clear[:len(TINY_LABELS)]  # the first slots clear of the marks, in slot order
    svg = ET.parse(next(pdf_path.parent.glob("tiny-labels-silhouette-sheet-*1.svg"))).getroot()
    cuts = [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height"))) for r in svg.iter("{http://www.w3.org/2000/svg}rect")]
    assert sorted((round(x, 1), round(y, 1)) for x, y, *_ in cuts) == sorted((round(x, 1), round(y, 1)) for x, y in words), cuts
    assert all(abs(cw - w) < 0.05 and abs(ch - h) < 0.05 for *_, cw, ch in cuts), cuts
    # each cut rounds its corners as the label's die does (third-party: gLabels' avery-us-templates.xml, 5160 round 0.0625 in)
    assert [round(float(r.get("rx", 0)), 2) for r in svg.iter("{http://www.w3.org/2000/svg}rect")] == [round(IN / 16, 2)] * len(cuts)


def test_a_sheet_no_slot_of_which_clears_the_machines_marks_is_one_error_naming_the_way_out(project):
    """A measured sheet of one slot as large as the Letter page is a sheet (it ends at the page's edge), but with a
    cutting machine's marks on the page no label has room: one error at game.yaml says so and what to change."""
    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {page: letter, slot: [215.9, 279.4], first: [0, 0], pitch: [215.9, 279.4], "
                                              "columns: 1, rows: 1}\n")
    assert run_pnp(project, "build", "tiny", "--only", "labels", "-q").exit_code == 0
    result = run_pnp(project, "build", "tiny", "--only", "labels", "--cutter", "silhouette", "-q")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code != 0 and len(errors) == 1, result.output
    assert errors[0].startswith("data/tiny/game.yaml: error: no slot of 215.9 × 279.4 mm · 1 × 1 is clear of the silhouette marks"), errors
    assert "choose another sheet (game.yaml labels: sheet:) or another cutter" in errors[0], errors
    assert "tiny: 1 error, 0 warnings" in result.output, result.output  # counted as the game's
    assert not list((project / "output/tiny").glob("tiny-labels-silhouette*.pdf"))


def test_the_print_shops_cutter_puts_each_label_pages_cut_in_a_cutcontour_separation(project):
    """`--cutter print-shop`: the label page carries its slots' cut as the CutContour spot colour print shops cut by."""
    from pypdf import PdfReader

    page = PdfReader(_labels(project, "--cutter", "print-shop")).pages[0]
    spaces = page["/Resources"].get("/ColorSpace", {})
    separations = [[str(p.get_object()) for p in cs][:2] for cs in (v.get_object() for v in spaces.values())]
    assert ["/Separation", "/CutContour"] in separations, separations


# --- a sheet the designer measures --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("sheet", "says"), [
    # 15 + 3 × 62 + 60 = 261 mm across, 20 + 6 × 35 + 30 = 260 mm down, on Letter's 8½ × 11 in
    ("{slot: [60, 30], first: [15, 20], pitch: [62, 35], columns: 4, rows: 7}", "the last slot ends at 261 × 260 mm, past the 215.9 × 279.4 mm page"),
    # 15 + 2 × 62 + 60 = 199 mm across, 20 + 8 × 35 + 30 = 330 mm down, on A4's 210 × 297 mm
    ("{page: a4, slot: [60, 30], first: [15, 20], pitch: [62, 35], columns: 3, rows: 9}", "the last slot ends at 199 × 330 mm, past the 210 × 297 mm page"),
    ("{slot: [60, 30], first: [15, 20], pitch: [59.9, 35], columns: 3, rows: 7}", "slots overlap"),
    ("{slot: [60, 30], first: [15, 20], pitch: [62, 29.9], columns: 3, rows: 7}", "slots overlap"),
    ("{slot: [60, 30], first: [-0.1, 20], pitch: [62, 35], columns: 3, rows: 7}", "start off the page"),
    ("{slot: [60, 30], first: [15, -0.1], pitch: [62, 35], columns: 3, rows: 7}", "start off the page"),
])
def test_a_measured_sheet_whose_slots_overlap_or_leave_the_page_is_one_error_at_its_place(project, sheet, says):
    game = project / "data/tiny/game.yaml"
    line = game.read_text(encoding="utf-8").count("\n") + 2
    _append(game, f"labels:\n  sheet: {sheet}\n")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    errors = [found for found in result.output.splitlines() if ": error: " in found]
    assert result.exit_code != 0 and len(errors) == 1, result.output  # one mistake, one finding
    assert re.match(rf"data/tiny/game\.yaml:{line}:\d+: error: labels\.sheet: ", errors[0]) and says in errors[0], errors


def test_a_measured_sheet_on_a_page_of_its_own_size_and_exactly_at_its_edges_prints(project, pdfium_reader):
    """A sheet may name its page's size in mm, and its last slot may end exactly at the page's edge."""
    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {page: [100, 150], slot: [45, 70], first: [5, 5], pitch: [50, 75], columns: 2, rows: 2}\n")
    pages = pdfium_reader.pages(_labels(project))
    assert (round(pages[-1].width * PT, 1), round(pages[-1].height * PT, 1)) == (100.0, 150.0)
    outlines = [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in pages[-1].rects + pages[-1].curves]
    assert len(pages) == 3 and len(outlines) == 4  # seven labels on four slots: two pages, then the outlines
    for x, y in ((5, 5), (55, 5), (5, 80), (55, 80)):
        assert any(_inside(o, x, y, x + 45, y + 70, reach=0.2) for o in outlines), (x, y, outlines)


# --- the calibration page -----------------------------------------------------------------------------------------------

def test_the_calibration_line_names_the_sheet_and_sits_above_its_first_row_inside_the_printers_reach(project):
    """The calibration page's line names Avery 5160 by its maker's name, its slot (2⅝ × 1 in: 66.675 × 25.4 mm, to
    four figures) and its grid, centred on the page, between the printer's reach (5 mm with no profile, and the 0.5 mm
    tolerance; then a printer reaching 6.35 mm) and the first row, ½ in from the top."""
    with pdfplumber.open(_labels(project)) as pdf:
        chars = pdf.pages[-1].chars
        text = pdf.pages[-1].extract_text()
        outlines = pdf.pages[-1].rects + pdf.pages[-1].curves
    assert re.fullmatch(r"calibration · Avery 5160 · 66\.6[78] × 25\.4 mm · 3 × 10 · print at 100% on plain paper .*", text), text
    # the outlines in black ink alone, to show against a label sheet held to the light; the line in a neutral grey that
    # reads as small print must (4.5:1 on the white paper, WCAG's), printed with black ink alone too
    assert {tuple(o["stroking_color"]) for o in outlines} == {(0.0, 0.0, 0.0)}, {tuple(o["stroking_color"]) for o in outlines}
    greys = {tuple(c["non_stroking_color"]) for c in chars}
    assert len(greys) == 1 and len(set(next(iter(greys)))) == 1, greys
    grey = next(iter(greys))[0]
    luminance = grey / 12.92 if grey <= 0.04045 else ((grey + 0.055) / 1.055) ** 2.4
    assert 1.05 / (luminance + 0.05) >= 4.5, grey
    top, bottom = min(c["top"] for c in chars) * PT, max(c["bottom"] for c in chars) * PT
    left, right = min(c["x0"] for c in chars) * PT, max(c["x1"] for c in chars) * PT
    assert top >= 5.5 and bottom <= 0.5 * IN, (top, bottom)
    assert abs((left + right) / 2 - 215.9 / 2) < 0.5, (left, right)
    # a printer that reaches no nearer than 6.35 mm (and the tolerance): the line still inside its reach, above the row
    assert run_pnp(project, "calibrate", "--save", "wide", "--margin", "6.35").exit_code == 0
    with pdfplumber.open(_labels(project, "--printer", "wide")) as pdf:
        chars = pdf.pages[-1].chars
    top, bottom = min(c["top"] for c in chars) * PT, max(c["bottom"] for c in chars) * PT
    assert top >= 6.85 and bottom <= 0.5 * IN, (top, bottom)


def test_a_games_own_calibration_words_print_in_its_decimal_mark_with_a_dash_for_a_minus_its_font_lacks(project):
    """A game's `strings:` give pnp's words its own way (docs/languages.md): its calibration line names the measured
    sheet (no maker: its slot and grid) with its own decimal mark, and a minus sign its body font has no glyph for
    prints as the en dash that stands for it in every text (tests/project's sans has none), not as nothing."""
    _append(project / "data/tiny/game.yaml", "strings: {pnp_label_calibration: 'check {sheet}: \u22121 mm', pnp_bundle_decimal: ','}\n"
            "labels:\n  sheet: {slot: [60.5, 30], first: [15, 20], pitch: [62, 35], columns: 3, rows: 7}\n")
    with pdfplumber.open(_labels(project)) as pdf:
        text = pdf.pages[-1].extract_text()
        top = min(c["top"] for c in pdf.pages[-1].chars) * PT
    assert text == "check 60,5 × 30 mm · 3 × 7: \u20131 mm", text
    assert top < 20 - 3, top  # above the first row, 20 mm down


def _calibration_page(project, *args: str) -> tuple[tuple[float, float], list[tuple], str]:
    """The labels' last page, their calibration page, as built with `args`: its size and each slot's outline in mm, and its words."""
    with pdfplumber.open(_labels(project, *args)) as pdf:
        page = pdf.pages[-1]
        size = (round(page.width * PT, 1), round(page.height * PT, 1))
        return size, [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in page.rects + page.curves], page.extract_text()


@pytest.mark.parametrize("paper", ["a4", "a3", "a3plus"])
def test_an_a4_build_prints_its_labels_on_avery_l7160(project, paper):
    """With no sheet named, `--paper a4` (or another metric paper: A3, A3+, the photo printers' sheet) prints on the A4 address labels, Avery L7160 (Avery's template: 63.5 × 38.1 mm,
    3 across and 7 down, the first 7.25 mm from the left and 15.15 mm from the top, 66.04 mm and 38.1 mm between slot
    origins), named so on its calibration page, not on Letter's 5160."""
    size, outlines, text = _calibration_page(project, "--paper", paper)
    assert size == (210.0, 297.0) and len(outlines) == 21 and "Avery L7160 · 63.5 × 38.1 mm · 3 × 7" in text, (size, len(outlines), text)
    for x, y in [(7.25 + c * 66.04, 15.15 + r * 38.1) for r in range(7) for c in range(3)]:
        assert any(_inside(o, x, y, x + 63.5, y + 38.1, reach=0.2) for o in outlines), (x, y)


def test_a_measured_round_sheet_prints_circles_and_names_itself_in_the_pdf(project):
    """A measured sheet of round labels (`shape: round`): its calibration page draws each slot as a circle, each label's
    words keep to the square inside it, and the PDF's subject names the sheet by its slot and grid, as its maker's
    sheets are named by theirs."""
    from pypdf import PdfReader

    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {shape: round, slot: [50, 50], first: [10, 10], pitch: [60, 60], columns: 3, rows: 4}\n")
    pdf_path = _labels(project)
    meta = PdfReader(pdf_path).metadata
    assert (meta["/Title"], meta["/Subject"]) == ("Tiny Test Game — labels", "labels on 50 × 50 mm · 3 × 4"), meta
    corner = (50 - 50 / 2 ** 0.5) / 2 + 2
    with pdfplumber.open(pdf_path) as pdf:
        frames = _frames(pdf.pages[0])
        circles = [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in pdf.pages[-1].curves]
        assert not pdf.pages[-1].rects
    slots = [(10 + 60 * c, 10 + 60 * r) for r in range(4) for c in range(3)]
    assert len(circles) == 12 and all(any(_inside(o, x, y, x + 50, y + 50, reach=0.2) for o in circles) for x, y in slots), circles
    for x, y in slots[:len(TINY_LABELS)]:
        assert any(_inside(f, x + corner, y + corner, x + 50 - corner, y + 50 - corner) for f in frames), (x, y, frames)


@pytest.mark.parametrize("paper", ["legal", "tabloid"])
def test_a_legal_or_tabloid_build_prints_its_labels_on_avery_5160_the_us_address_labels(project, paper):
    """With no sheet named, a US paper other than Letter (Legal, 8½ × 14 in; Tabloid, 11 × 17 in) prints its labels on
    the address labels sold beside it, Avery 5160 on Letter (Avery's template: 2⅝ × 1 in, 3 × 10), not on A4's L7160."""
    size, outlines, text = _calibration_page(project, "--paper", paper)
    assert size == (215.9, 279.4) and len(outlines) == 30 and "Avery 5160" in text, (size, len(outlines), text)
    w, h = AVERY_5160_SLOT
    for x, y in AVERY_5160:
        assert any(_inside(o, x, y, x + w, y + h, reach=0.2) for o in outlines), (x, y)


def test_a_cutting_machines_marks_print_on_every_label_page_not_the_first_alone(project):
    """A measured sheet of two slots well inside Silhouette's marks holds two of the tiny game's seven labels a page:
    four pages of labels, and each one carries Studio's Type 1 marks (its default: a filled 5 mm square 10 mm from the
    top and left edges), since the machine registers every sheet fed to it by its own marks."""
    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {slot: [60, 30], first: [70, 100], pitch: [62, 40], columns: 1, rows: 2}\n")
    with pdfplumber.open(_labels(project, "--cutter", "silhouette")) as pdf:
        squares = [[(round(r["x0"] * PT, 2), round(r["top"] * PT, 2), round(r["width"] * PT, 2), round(r["height"] * PT, 2))
                    for r in page.rects if r.get("fill") and _hex(r["non_stroking_color"]) == "#000000" and abs(r["width"] * PT - 5) < 0.05]
                   for page in pdf.pages[:-1]]
    assert len(squares) == 4, squares  # 7 labels, 2 a page; the calibration page last
    assert all((10.0, 10.0, 5.0, 5.0) in page for page in squares), squares


def test_a_build_on_a_paper_of_its_own_size_still_prints_its_labels_on_the_address_label_sheet(project):
    """`--paper 200x300` is a paper no label sheet is sold for: the labels print on Avery's Letter address labels (5160),
    and the build says no internal error."""
    with pdfplumber.open(_labels(project, "--paper", "200x300")) as pdf:
        page = pdf.pages[-1]
        assert (round(page.width * PT, 1), round(page.height * PT, 1)) == (215.9, 279.4)
        assert "Avery 5160" in page.extract_text() and len(page.rects + page.curves) == 30


def test_the_calibration_pages_outlines_and_the_labels_stop_where_the_printer_stops_on_every_side(project):
    """A measured sheet whose four slots run to 2 mm from every edge of the Letter page: with no printer profile (a
    printer that prints to 5 mm of every edge, docs/printing.md, and the 0.5 mm tolerance) the calibration page's
    outlines print up to 5.5 mm from each edge and no nearer, as the printer itself would cut them off, and each
    label's frame keeps inside that reach. Rendered at 200 dpi: the slots' inner sides, which run to the page's edges,
    are read near each edge."""
    import numpy as np
    from conftest import render_page

    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {slot: [105, 136.7], first: [2, 2], pitch: [107.9, 138.7], columns: 2, rows: 2}\n")
    pdf_path = _labels(project)
    reach, w, h, dpi = 5.5, 215.9, 279.4, 200
    with pdfplumber.open(pdf_path) as pdf:
        frames = _frames(pdf.pages[0])
    assert len(frames) == 4 and all(reach - 0.05 <= f[0] and reach - 0.05 <= f[1] and f[2] <= w - reach + 0.05 and f[3] <= h - reach + 0.05
                                    for f in frames), frames
    page = np.asarray(render_page(pdf_path, 2, dpi).convert("L"))

    def ink(x_mm, y_mm, across):  # the darkest pixel within 0.3 mm of (x, y), across the line (x or y)
        px, py, r = round(x_mm * dpi / IN), round(y_mm * dpi / IN), round(0.3 * dpi / IN) + 1
        return int(page[py, px - r:px + r + 1].min() if across == "x" else page[py - r:py + r + 1, px].min())

    middle_x, middle_y = 2 + 105, 2 + 136.7  # the first slot's right and bottom sides
    for x, y, across in ((middle_x, 6.2, "x"), (middle_x, h - 6.2, "x"), (6.2, middle_y, "y"), (w - 6.2, middle_y, "y")):
        assert ink(x, y, across) < 160, (x, y)  # printed inside the reach
    for x, y, across in ((middle_x, 4.8, "x"), (middle_x, h - 4.8, "x"), (4.8, middle_y, "y"), (w - 4.8, middle_y, "y")):
        assert ink(x, y, across) > 250, (x, y)  # and cut off outside it


def test_the_calibration_line_prints_each_character_of_a_games_words_in_an_embedded_font(project):
    """A game's own calibration words may hold characters its body font lacks (Japanese, a pair of scissors): each
    prints, drawn by a font that has it, and every font the labels PDF uses is embedded in it."""
    from pypdf import PdfReader

    _append(project / "data/tiny/game.yaml", "strings: {pnp_label_calibration: '確認 {sheet} ✂'}\n")
    pdf_path = _labels(project)
    with pdfplumber.open(pdf_path) as pdf:
        text = pdf.pages[-1].extract_text()
    assert re.fullmatch(r"確認 Avery 5160 · 66\.6[78] × 25\.4 mm · 3 × 10 ✂", text), text
    for page in PdfReader(pdf_path).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            described = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert any(k in described.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]


def test_a_games_calibration_words_with_braces_of_their_own_print_as_written(project):
    """A game's words are its own text: braces in them other than `{sheet}` print as written (they once stopped the
    build with an internal error)."""
    _append(project / "data/tiny/game.yaml", "strings: {pnp_label_calibration: 'check {sheet} {size} }'}\n")
    with pdfplumber.open(_labels(project)) as pdf:
        text = pdf.pages[-1].extract_text()
    assert re.fullmatch(r"check Avery 5160 · 66\.6[78] × 25\.4 mm · 3 × 10 \{size\} \}", text), text


@pytest.mark.parametrize(("written", "name", "hint"), [("'L7610'", "L7610", " (did you mean 'L7160'?)"), ("'5160x'", "5160x", " (did you mean '5160'?)"),
                                                    ("'9999'", "9999", ""), ("9999", "9999", ""), ("3274.2", "3274.2", " (did you mean '3274.1'?)")],
                         ids=["L7610", "5160x", "9999", "9999 unquoted", "3274.2 unquoted"])
def test_a_label_sheet_name_pnp_does_not_know_is_one_error_at_its_value_offering_the_nearest(project, written, name, hint):
    """docs/labels-and-cutters.md names the sheets pnp knows (5160, L7160, 5294, 3274.1): a name misspelt is one error
    at `sheet:`'s value, where it is mended, offering the name it is a typo of (none for a name near none), then every
    name there is. A number written unquoted (`sheet: 9999`, which YAML reads as a number) is judged as the name it
    reads as, not taken unjudged (the build would stop on it)."""
    game = project / "data/tiny/game.yaml"
    line = game.read_text(encoding="utf-8").count("\n") + 2
    _append(game, f"labels:\n  sheet: {written}\n")
    result = run_pnp(project, "validate", "tiny")
    errors = [found for found in result.output.splitlines() if ": error: " in found]
    assert errors == [f"data/tiny/game.yaml:{line}:10: error: labels.sheet: '{name}' is no label sheet pnp knows{hint}: use one of 5160, L7160, "
                      "5294, 3274.1, or describe the sheet (page, slot, first, pitch, columns, rows)"], result.output
