"""Promises of the data a designer writes, held where a reviewer's mutant found them unheld (bench/hand_mutants.py's DB
and RI sections): sizes in other units, generated ids, the deck simulator's figures, a closed list given with commas. Each test
works on the tiny project (conftest.project) through a command, or calls the documented function whose docstring
states the promise; the expected values come from the units' definitions and the rules the docs state."""
from __future__ import annotations

import json
from types import SimpleNamespace

from conftest import ROOT, run_pnp
from pdftext import pdf_text

from pnp.checks.simulate import Condition, Question, expand, simulate, spread_of

DECKS = "data/tiny/decks"
POKER_MM = [63.5, 88.9]  # 2.5 × 3.5 in, an inch being exactly 25.4 mm


def listing(project, *args: str) -> dict:
    result = run_pnp(project, "list", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output.split("\n\n")[0])[0]


def deck_like_heroes(project, deck_id: str, replace: str, by: str) -> None:
    """Another deck of the tiny game: the heroes' file with one line changed."""
    text = (project / DECKS / "heroes.yaml").read_text(encoding="utf-8")
    assert replace in text
    (project / DECKS / f"{deck_id}.yaml").write_text(text.replace(replace, by), encoding="utf-8")


def test_a_card_size_in_centimetres_or_inches_written_once_is_the_poker_card_in_millimetres(project):
    """docs/data-format.md: a size is 'W x H' in mm unless a unit follows, and a unit written once, after the second
    number, applies to both. A poker card is 6.35 × 8.89 cm and 2.5 × 3.5 in; written either way (or mixed) it lists
    as 63.5 × 88.9 mm."""
    for deck_id, size in (("cm", "6.35 x 8.89 cm"), ("once", "2.5 x 3.5 in"), ("mixed", "63.5 mm x 3.5 in")):
        deck_like_heroes(project, deck_id, "size: poker", f"size: {size}")
    sizes = {d["id"]: d["size"] for d in listing(project)["decks"]}
    assert sizes == {"heroes": POKER_MM, "cm": POKER_MM, "once": POKER_MM, "mixed": POKER_MM}, sizes


def test_a_custom_paper_of_the_smallest_side_is_taken_and_one_a_tenth_smaller_refused(project):
    """--paper W x H takes each side from 50 to 1200 mm, the bounds included (the refusal says so); 49.9 mm is refused."""
    assert listing(project, "--paper", "50x300mm")["decks"][0]["sheet"]["paper"] == "50x300mm"
    refused = run_pnp(project, "list", "--paper", "49.9x300mm")
    assert refused.exit_code == 2 and "each side 50–1200 mm" in refused.stderr and "'49.9x300mm'" in refused.stderr, refused.stderr


def test_a_single_choice_given_with_commas_is_not_told_to_be_given_once_for_each(project):
    """`--duplex long,short` names no flip edge, and --duplex takes one: the refusal lists the edges, and does not say
    to give the option once for each, as it says for a repeatable option such as --only."""
    result = run_pnp(project, "build", "--duplex", "long,short")
    assert result.exit_code == 2 and "'long', 'short', 'none'" in result.stderr, result.stderr
    assert "once for each" not in result.stderr, result.stderr


def test_generated_ids_are_their_values_with_punctuation_made_dashes_none_at_the_ends_and_yes_no_in_lower_case(project):
    """pnp.data.generate: each card's id is made from its values, anything but letters, digits, '-' and '_' made a
    dash and none left at an end; a yes/no value is written as YAML writes it, true or false."""
    (project / DECKS / "made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [holo, tag]\ndefaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n  values: {holo: [true, false], tag: [\"red!\", \"blue?\"]}\n  id: \"{holo}-{tag}\"\n", encoding="utf-8")
    ids = [c["id"] for c in next(d for d in listing(project)["decks"] if d["id"] == "made")["card_list"]]
    assert ids == ["true-red", "true-blue", "false-red", "false-blue"], ids


def test_a_list_of_values_named_count_is_refused_at_its_key(project):
    """A generated card's `count` is made from `copies:`, so a list of values named count would be overwritten: it is
    an error at the list's name, saying to rename it."""
    (project / DECKS / "made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {name: Hero, stars: 1, number: 1, text: t}\n"
        "generate:\n  values: {side: [red, blue], count: [1, 2]}\n  id: \"{side}-{count}\"\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("data/tiny/decks/made.yaml:7:31: error: generate.values: 'count'") and "rename the list" in errors[0], errors


def test_the_sums_percentiles_are_nearest_rank():
    """spread_of's percentiles are nearest-rank: the P-th of N ordered sums is the ceil(P/100 × N)-th, so of the sums
    1 to 20 the 5th percentile is 1, the 25th 5, the median 10, the 75th 15 and the 95th 19."""
    spread = spread_of("worth", [float(v) for v in range(20, 0, -1)])
    assert spread.percentiles == {5: 1.0, 25: 5.0, 50: 10.0, 75: 15.0, 95: 19.0}
    assert (spread.minimum, spread.maximum, spread.mean) == (1.0, 20.0, 10.5)


def card(card_id: str, count: int, **fields):
    return SimpleNamespace(id=card_id, count=count, fields={"id": card_id, "count": count, **fields})


def test_a_value_printed_with_a_true_minus_counts_in_a_sum():
    """A card's `−1` (the minus sign, as a card prints it) is the number -1: dealt alone, hands sum to -1 or 2."""
    cards = [card("curse", 1, worth="\u22121"), card("gift", 1, worth="+2")]
    answer = simulate("small", expand(cards), Question(hand=1, runs=200, seed=3, sum_field="worth"))
    assert (answer.spread.minimum, answer.spread.maximum) == (-1.0, 2.0)


def test_all_conditions_together_is_the_share_of_hands_meeting_every_one():
    """Two conditions no one card meets together, in hands of one card: each is met by some hands, both by none."""
    cards = [card("r", 2, colour="red"), card("b", 2, colour="blue")]
    where = (Condition("colour", "red"), Condition("colour", "blue"))
    answer = simulate("small", expand(cards), Question(hand=1, runs=400, seed=5, where=where))
    shares = {s.question: s.share for s in answer.shares}
    assert shares["all of the above together"] == 0.0
    assert 0 < shares["at least 1 with colour=red"] < 1 and 0 < shares["at least 1 with colour=blue"] < 1


def validate(project) -> tuple[int, list[str]]:
    """`pnp validate tiny --quick`: its exit code and the findings it printed."""
    result = run_pnp(project, "validate", "tiny", "--quick")
    return result.exit_code, [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]


def edit_game(project, old: str, new: str) -> None:
    game = project / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8")
    assert old in text
    game.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_game_of_this_format_with_a_qr_stamp_joined_by_the_cards_code_validates(project):
    """docs/data-format.md: `format_version: 1` is the format this pnp reads, and a QR stamp needs the form's address
    and the form's field that carries the card, or its code: given the code's field alone, the game validates clean."""
    edit_game(project, "stamps: false", 'format_version: 1\nstamps: {qr: true}\nfeedback: {form: "https://forms.example.org/tiny", fields: {code: entry.11}}\n#')
    assert validate(project) == (0, [])
    edit_game(project, "format_version: 1", "format_version: 2")
    code, found = validate(project)
    assert code == 1 and len(found) == 1 and "newer than the format 1 this pnp reads" in found[0], found


def test_a_font_family_without_a_regular_style_is_an_error_in_fonts_yaml(project):
    """Bold and italic fall back to a family's regular style, so a family that names no regular file is refused in
    fonts.yaml, saying to name it."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    bold: Mine.ttf\n", encoding="utf-8")
    code, found = validate(project)
    assert code == 1 and len(found) == 1, found
    assert found[0].startswith("fonts/fonts.yaml:2:3: error: ") and "family 'mine' has no regular style" in found[0], found


ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n{}\n</svg>\n'


def test_an_icons_text_is_warned_of_once_only_when_its_nearest_font_is_one_the_project_lacks(project):
    """An icon's text in a font the project does not have is warned of once, at the first element naming it; text in
    a CSS generic family (serif), or whose nearest declaration is one (a sans-serif text in an Aldrich group), or in a
    family fonts.yaml names however it is spelt (my_font as 'My Font'), is not warned of."""
    icons = project / "templates/tiny/icons"
    icons.mkdir()
    (icons / "generic.svg").write_text(ICON.format('<text x="1" y="5" font-family="serif">A</text>'), encoding="utf-8")
    (icons / "nearest.svg").write_text(ICON.format('<g font-family="Aldrich">\n<text x="1" y="5" font-family="sans-serif">A</text>\n</g>\n'
                                                   '<text x="1" y="8" style="font-family: Aldrich">B</text>\n'
                                                   '<text x="1" y="9" font-family="Aldrich">C</text>'), encoding="utf-8")
    (icons / "own.svg").write_text(ICON.format('<text x="1" y="5" font-family="\'My Font\'">A</text>'), encoding="utf-8")
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  my_font:\n    regular: Mine.ttf\n", encoding="utf-8")
    code, found = validate(project)
    assert code == 0 and len(found) == 1, found
    assert found[0].startswith("templates/tiny/icons/nearest.svg:5:1: warning: this icon's text is in font 'Aldrich'"), found


def test_an_icons_missing_font_is_warned_at_the_column_its_element_starts(project):
    """The warning's place is the element naming the font as an editor shows it: the <text> indented four spaces
    inside a group, on the file's third line, is at 3:5."""
    icons = project / "templates/tiny/icons"
    icons.mkdir()
    (icons / "indented.svg").write_text(ICON.format('<g>\n    <text x="1" y="5" font-family="Aldrich">A</text>\n</g>'), encoding="utf-8")
    code, found = validate(project)
    assert code == 0 and len(found) == 1, found
    assert found[0].startswith("templates/tiny/icons/indented.svg:3:5: warning: this icon's text is in font 'Aldrich'"), found


def test_a_style_sheets_font_is_warned_of_only_in_an_icon_that_sets_text(project):
    """A <style> naming a font the project lacks draws nothing in an icon of shapes alone (an editor's export keeps its
    sheet): no warning; in an icon with words, one warning at the <style> element (2:1), the sheet's place."""
    icons = project / "templates/tiny/icons"
    icons.mkdir()
    sheet = '<style>text { font-family: Aldrich }</style>\n'
    (icons / "shapes.svg").write_text(ICON.format(sheet + '<rect width="10" height="10"/>'), encoding="utf-8")
    (icons / "words.svg").write_text(ICON.format(sheet + '<text x="1" y="5">A</text>'), encoding="utf-8")
    code, found = validate(project)
    assert code == 0 and len(found) == 1, found
    assert found[0].startswith("templates/tiny/icons/words.svg:2:1: warning: this icon's text is in font 'Aldrich'"), found


def test_a_games_own_icon_wins_over_the_shared_one_which_wins_over_pnps_own(project):
    """docs/getting-started.md: your own icons in templates/<game>/icons win over bundled ones of the same name, and
    templates/icons holds the shared ones. `mark` in both the game's folder and the shared one prints the game's; the
    shared `star` prints over pnp's own star (the heroes' stars)."""
    for folder, word in (("templates/tiny/icons", "GameMark"), ("templates/icons", "SharedMark")):
        (project / folder).mkdir(parents=True, exist_ok=True)
        (project / folder / "mark.svg").write_text(ICON.format(f'<text x="1" y="5" font-size="2">{word}</text>'), encoding="utf-8")
    (project / "templates/icons/star.svg").write_text(ICON.format('<text x="1" y="5" font-size="2">SharedStar</text>'), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("mark", 10, 50, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert "GameMark" in printed and "SharedMark" not in printed and "SharedStar" in printed


def test_a_board_lists_entry_counts_as_many_times_as_its_count(project):
    """A component count over a board's list (`in: boards.town.spaces`) counts each entry `count` times, 1 when unset,
    as a deck's cards count: the tiny town's 24 spaces (4 gold corners, 10 blue, 10 red) with one corner given
    `count: 2` hold 25 spaces, 5 of them gold; stated so, the game validates clean."""
    boards = project / "data/tiny/boards.yaml"
    corner = "      - {name: S0, color: gold, corner: true}"
    boards.write_text(boards.read_text(encoding="utf-8").replace(corner, corner[:-1] + ", count: 2}"), encoding="utf-8")
    edit_game(project, "constraints:\n", "  - name: Board spaces\n    in: boards.town.spaces\n    count: 25\n    source: tests, invented\n"
                                         "    by:\n      color: {gold: 5, blue: 10, red: 10}\nconstraints:\n")
    assert validate(project) == (0, [])


def card_text_colours(project) -> dict[str, tuple]:
    """Each word's fill colour on the first page of the tiny game's card sheets, as a PDF reader reads it."""
    import pdfplumber

    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["non_stroking_color"])
    return {w["text"]: tuple(round(v * 255) for v in w["non_stroking_color"]) for w in words}


def test_card_text_prints_in_the_games_ink_or_the_documented_default_and_readable_picks_the_colour_that_reads(project):
    """docs/data-format.md: a palette's `ink` is the text's colour, #222222 when the game leaves it out; docs/layouts.md:
    `readable(fill)` is whichever of ink and paper reads better on `fill` (paper on the dark ink, ink on the light paper)."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("Onink", 5, 72, 20, 5, size=8, color=readable("ink")) }}\n'
                                                              '{{ text("Onpaper", 30, 72, 25, 5, size=8, color=readable("paper")) }}\n{% endblock %}'),
                    encoding="utf-8")
    colours = card_text_colours(project)
    assert (colours["gain"], colours["Onink"], colours["Onpaper"]) == ((0x1D, 0x24, 0x33), (0xFB, 0xF8, 0xF0), (0x1D, 0x24, 0x33)), colours
    edit_game(project, '  ink: "#1d2433"\n', "")
    assert card_text_colours(project)["gain"] == (0x22, 0x22, 0x22)


def test_fonts_yaml_may_name_one_of_pnps_own_families_as_its_fallback(project):
    """fonts.yaml's `fallback` names families pnp has or the file lists (the refusal says so): pnp's noto-sans is one."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\nfallback: [noto-sans]\n", encoding="utf-8")
    assert validate(project) == (0, [])
