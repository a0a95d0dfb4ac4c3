"""A designer coming from Squib, nanDECK or a spreadsheet: their sheets, workbooks and colour names work, or say exactly why not."""
from __future__ import annotations

import pytest
from conftest import render_page, run_pnp
from pdftext import flat, pdf_text
from test_spreadsheet_decks import findings_of, load_cards, use_sheet, write_csv, write_xlsx

SHEET = "data/tiny/decks/heroes"


def test_a_squib_sheet_without_ids_names_its_cards_by_their_name_column(project):
    # A Squib deck's CSV: a "Name" column, no ids; two cards share a name.
    write_csv(project / f"{SHEET}.csv", [["Name", "stars", "number", "text", "qty"],
                                         ["Fire Imp", "1", "1", "Burn.", "2"], ["Ghost", "2", "2", "Boo.", "1"], ["Fire Imp", "3", "3", "Burn more.", "1"]])
    use_sheet(project, "heroes.csv")
    cards = load_cards(project)
    assert list(cards) == ["fire-imp", "ghost", "fire-imp-2"]
    assert cards["fire-imp"].count == 2
    assert str(cards["ghost"].fields.loc_of("id")) == f"{SHEET}.csv:3:1"  # the cell the id is made from


def test_a_sheet_with_a_title_column_and_no_name_uses_the_title(project):
    write_csv(project / f"{SHEET}.csv", [["stars", "Title"], ["1", "Old Oak"], ["2", "Pine"]])
    use_sheet(project, "heroes.csv")
    assert list(load_cards(project)) == ["old-oak", "pine"]


def test_a_sheet_with_neither_ids_nor_names_numbers_its_cards_by_row(project):
    write_csv(project / f"{SHEET}.csv", [["stars", "number"], ["1", "1"], ["", ""], ["2", "2"]])
    use_sheet(project, "heroes.csv")
    assert list(load_cards(project)) == ["2", "4"]  # the rows as a spreadsheet program numbers them (row 3 is blank)


def test_a_squib_sheet_without_ids_builds(project, tmp_path):
    write_csv(project / f"{SHEET}.csv", [["name", "stars", "number", "text", "side", "qty"],
                                         ["Imp", "1", "1", "Burn.", "red", "6"], ["Ghost", "2", "2", "Boo.", "blue", "6"]])
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output


def test_a_workbook_with_several_sheets_and_no_sheet_key_lists_them(project):
    write_xlsx(project / f"{SHEET}.xlsx", {"Notes": [["x"]], "Heroes": [["id", "stars"], ["a", 1]]})
    use_sheet(project, "heroes.xlsx")
    assert findings_of(project) == [f"{SHEET}.yaml:6:13: error: heroes.xlsx has 2 sheets: name the one holding the cards with `sheet:` in the deck; sheets: Notes, Heroes"]


def test_a_formula_whose_value_was_saved_reads_as_that_value(project):
    openpyxl = pytest.importorskip("openpyxl")
    path = project / f"{SHEET}.xlsx"
    write_xlsx(path, {"Heroes": [["id", "stars"], ["a", "=1+1"]]})
    book = openpyxl.load_workbook(path)
    book["Heroes"]["B2"] = 2  # as a spreadsheet program saves it: a value where the formula was
    book.save(path)
    use_sheet(project, "heroes.xlsx")
    assert load_cards(project)["a"].fields["stars"] == 2


def _pixels_near(image, rgb, tolerance=12) -> int:
    """How many pixels of `image` have each channel within `tolerance` of `rgb`."""
    import numpy as np

    pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    return int(np.all(np.abs(pixels - np.array(rgb, dtype=np.int16)) <= tolerance, axis=-1).sum())


def test_a_palette_takes_css_colour_names_and_prints_them(project, tmp_path):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('gold: "#876510"', "gold: darkgreen"), encoding="utf-8")
    assert run_pnp(project, "validate", "tiny").exit_code == 0
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    page = render_page(tmp_path / "out/tiny/tiny-cards.pdf", 0)
    assert _pixels_near(page, (0, 100, 0)) > 50  # CSS darkgreen is #006400: the stars print in it


def test_a_colour_that_is_neither_hex_nor_a_css_name_says_both_forms(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('gold: "#876510"', "gold: darkgren"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert "data/tiny/game.yaml:12:9: error: palette.gold: 'darkgren' is not a colour (did you mean 'darkgreen'?): write #rrggbb or a CSS colour name" in result.output


def _unused(output: str) -> list[str]:
    return [line for line in output.splitlines() if "no template, constraint or fact reads" in line]


def test_sixty_rows_with_three_unused_columns_give_three_warnings_naming_column_and_count(project):
    rows = [["id", "name", "stars", "number", "text", "side", "Notes", "Level", "Designer"]]
    rows += [[f"c{i}", f"Card {i}", "1", str(i), "x", "red", "todo", "2", "Ann"] for i in range(60)]
    write_csv(project / f"{SHEET}.csv", rows)
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "validate", "tiny")
    unused = _unused(result.output)
    assert len(unused) == 3, result.output
    for column, letter in (("Notes", "G"), ("Level", "H"), ("Designer", "I")):
        line = next(u for u in unused if f"'{column}'" in u)
        assert line.startswith(f"{SHEET}.csv:1:{'GHI'.index(letter) + 7}: warning:"), line  # the column's header cell, where its name is written
        assert "60 cards of deck 'heroes' have it" in line
        assert "did you mean" not in line, line  # Level is not bleed, Notes is not steps


def test_a_column_is_offered_no_word_of_the_rules_nor_its_numbered_sibling(project):
    """A Squib port's sheet (Project Ruin's has Cost, Consume1, Consume2...) with a Cost column nothing reads is not told
    to become 'most' (a word of the tiny game's reference text, "most stars wins"), nor number2 to become number."""
    rows = [["id", "name", "stars", "number", "text", "side", "Cost", "number2"]]
    rows += [[f"c{i}", f"Card {i}", "1", str(i), "x", "red", "3", "2"] for i in range(4)]
    write_csv(project / f"{SHEET}.csv", rows)
    use_sheet(project, "heroes.csv")
    unused = _unused(run_pnp(project, "validate", "tiny").output)
    assert sorted(u.split("'")[1] for u in unused) == ["Cost", "number2"], unused
    assert not [u for u in unused if "did you mean" in u], unused


def test_a_misspelt_field_still_gets_its_hint(project):
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("stars: 3, number: 1", "stars: 3, nubmer: 1, number: 1"), encoding="utf-8")
    unused = _unused(run_pnp(project, "validate", "tiny").output)
    assert len(unused) == 1 and "'nubmer' (card 'knight' has it) (did you mean 'number'?)" in unused[0], unused


def test_a_template_and_rich_text_take_css_colour_names(project, tmp_path):
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace('color="gold"', 'color="rebeccapurple"'), encoding="utf-8")
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Draw **two** cards", "Draw [darkseagreen]**two**[/] cards"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    page = render_page(tmp_path / "out/tiny/tiny-cards.pdf", 0, dpi=200)
    assert _pixels_near(page, (0x66, 0x33, 0x99)) > 50  # CSS rebeccapurple: the stars
    assert _pixels_near(page, (0x8F, 0xBC, 0x8F), tolerance=2) > 10  # CSS darkseagreen (reportlab's is #8fbc8b)


def _art_on_cards(project, art: str) -> None:
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{% if card.art %}{{ image(card.art, 20, 45, 24, 24) }}{% endif %}\n{% endblock %}"),
                    encoding="utf-8")
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{id: rogue, name: Rogue,", f"{{id: rogue, name: Rogue, art: {art},"), encoding="utf-8")


def test_art_naming_an_svg_of_an_icon_draws_that_icon_and_credits_it(project, tmp_path):
    _art_on_cards(project, "ninja-mask.svg")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--only", "rulebook", "--out", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    rules = flat(pdf_text(tmp_path / "out/tiny/tiny-rulebook.pdf", " "))
    assert "ninja-mask" in rules.split("recoloured:", 1)[1]


def test_art_naming_an_svg_that_is_no_icon_says_which_icon_is_close(project, tmp_path):
    _art_on_cards(project, "ninja-msk.svg")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "image 'ninja-msk.svg' is an SVG, and no icon is called 'ninja-msk' (did you mean 'ninja-mask'?)" in result.output, result.output


VILLAIN = '{% extends "tiny/frame.j2" %}\n{% block body %}\n{{ text("VILLAIN " ~ card.name, 4, 30, face.w - 8, 9, size=12) }}\n{% endblock %}\n'


def _layout_sheet(project, layout_of_rogue: str) -> None:
    (project / "templates/tiny/villain.j2").write_text(VILLAIN, encoding="utf-8")
    write_csv(project / f"{SHEET}.csv", [["id", "name", "stars", "number", "text", "side", "qty", "Layout"],
                                         ["knight", "Knight", "3", "1", "Hit.", "red", "6", ""],
                                         ["rogue", "Rogue", "2", "2", "Steal.", "blue", "6", layout_of_rogue]])
    use_sheet(project, "heroes.csv", "front_from: Layout\n")


def test_a_column_chooses_each_cards_front_template(project, tmp_path):
    _layout_sheet(project, "villain")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "Layout" not in result.output  # the engine reads the column: it is not an unused field
    text = pdf_text(tmp_path / "out/tiny/tiny-cards.pdf", " ")
    assert "VILLAIN Rogue" in text and "VILLAIN Knight" not in text and "Hit." in text  # an empty cell keeps the deck's front


def test_a_layout_cell_naming_no_template_is_an_error_at_that_cell(project):
    _layout_sheet(project, "vilain")
    assert findings_of(project) == [f"{SHEET}.csv:3:8: error: Layout: no template 'tiny/vilain.j2' in templates/ (did you mean 'tiny/villain.j2'?): "
                                    "fix the name, or add the template [heroes/rogue]"]


# The Squib on-ramp (issue 62 item 5): a copies column the deck names or says there is none; file names in icon();
# a wide SVG in image(); fields read by literal subscripts, and decks whose fields cannot be followed.

SQUIB_ROWS = [["name", "stars", "number", "text", "side", "count"], ["Imp", "1", "1", "Burn.", "red", "3"], ["Ghost", "2", "2", "Boo.", "blue", "4"]]


def test_a_count_column_is_copies_unless_the_deck_says_there_is_none(project):
    write_csv(project / f"{SHEET}.csv", SQUIB_ROWS)
    use_sheet(project, "heroes.csv")
    assert {c.id: c.count for c in load_cards(project).values()} == {"imp": 3, "ghost": 4}  # the default: count is copies
    use_sheet(project, "heroes.csv", "count_column: none\n")
    cards = load_cards(project)
    assert {c.id: c.count for c in cards.values()} == {"imp": 1, "ghost": 1}  # one card a row
    assert cards["ghost"].fields["count"] == 4  # the column is a field a template reads as card.count


def test_a_deck_without_a_copies_column_prints_one_card_a_row(project, tmp_path):
    write_csv(project / f"{SHEET}.csv", SQUIB_ROWS)
    use_sheet(project, "heroes.csv", "count_column: none\n")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("card.number|string", '"pips " ~ card.count'), encoding="utf-8")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 12", "count: 2").replace("side: {red: 6, blue: 6}", "side: {red: 1, blue: 1}"),
                    encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out/tiny/tiny-cards.pdf", " ")
    assert text.count("Burn.") == 1 and text.count("Boo.") == 1, text
    assert "pips 3" in text and "pips 4" in text


def test_an_svg_file_name_in_icon_draws_that_icon_or_names_the_closest(project, tmp_path):
    hero = project / "templates/tiny/hero.j2"
    body = hero.read_text(encoding="utf-8")
    hero.write_text(body.replace("{% endblock %}", '{{ icon("ninja-mask.svg", 20, 45, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    hero.write_text(body.replace("{% endblock %}", '{{ icon("ninja-msk.svg", 20, 45, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert "icon 'ninja-msk.svg' is an SVG, and no icon is called 'ninja-msk' (did you mean 'ninja-mask'?)" in result.output


def test_a_wide_svg_drawn_by_image_keeps_its_shape_centred_in_its_box(project, tmp_path):
    (project / "templates/icons").mkdir(exist_ok=True)
    (project / "templates/icons/banner.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100">'
                                                         '<rect width="400" height="100" fill="#0000ff"/></svg>', encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text('{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#ffffff") }}\n'
                    '{{ image("banner.svg", 10, 20, 40, 40) }}\n', encoding="utf-8")
    result = run_pnp(project, "preview", "tiny", "--card", "knight", "--dpi", "254", "--out", str(tmp_path / "png"))
    assert result.exit_code == 0, result.output
    from PIL import Image, ImageChops

    face = Image.open(next((tmp_path / "png").glob("**/knight*front*.png"))).convert("RGB")
    red, _, blue = face.split()
    x0, y0, x1, y1 = ImageChops.multiply(blue.point(lambda v: 255 * (v > 200)), red.point(lambda v: 255 * (v < 60))).getbbox()  # the blue pixels' box
    px_per_mm = 10  # 254 dpi
    assert abs((x1 - x0) / px_per_mm - 40) < 0.5 and abs((y1 - y0) / px_per_mm - 10) < 0.5  # 4:1 in a 40 mm square
    assert abs(y0 / px_per_mm - 35) < 0.5  # centred: 20 + (40 - 10) / 2


TWO_DECKS_HERO = ('{% extends "tiny/frame.j2" %}\n{% block body %}\n'
                  '{{ text(card["Attack Name"] ~ " " ~ card["d-x"], 4, 30, face.w - 8, 9, size=10) }}\n'
                  '{% for field, y in [("text", 40), ("stars", 60)] %}{{ text(card[field]|string, 5, y, face.w - 10, 20, size=10) }}{% endfor %}\n'
                  '{% endblock %}\n')  # card[field] over a written list reads the fields it names
OPAQUE = {"card[key]": '{% set key = "na" ~ "me" %}{{ text(card[key], 4, 30, 50, 9, size=10) }}',
          "card.items()": '{% for key, value in card.items() %}{{ text(value|string, 4, 30, 50, 9, size=10) }}{% endfor %}'}


@pytest.mark.parametrize("reads", list(OPAQUE))
def test_unused_fields_follow_literal_subscripts_and_say_once_which_deck_they_cannot_judge(project, reads):
    (project / "templates/tiny/hero.j2").write_text(TWO_DECKS_HERO, encoding="utf-8")
    (project / "templates/tiny/opaque.j2").write_text(f'{{% extends "tiny/frame.j2" %}}\n{{% block body %}}\n{OPAQUE[reads]}\n{{% endblock %}}\n', encoding="utf-8")
    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("stars: 3, number: 1,", 'stars: 3, number: 1, "Attack Name": Slash, d-x: 2, colr: red,'), encoding="utf-8")
    (project / "data/tiny/decks/villains.yaml").write_text(
        "name: Villains\nsize: poker\nfront: tiny/opaque.j2\ncards:\n  - {id: boss, name: Boss, text: Grr., mood: grim}\n  - {id: minion, name: Minion, text: Eek.}\n",
        encoding="utf-8")
    shown = run_pnp(project, "validate", "tiny").output
    unused = _unused(shown)
    assert not [u for u in unused if "Attack Name" in u or "'d-x'" in u], unused  # read as card["Attack Name"], card["d-x"]
    assert len([u for u in unused if "'colr'" in u]) == 1, unused  # heroes is still judged, beside a deck that cannot be
    assert not [u for u in unused if "'mood'" in u], unused
    notes = [line for line in shown.splitlines() if "cannot be told" in line]
    assert len(notes) == 1 and notes[0].startswith("templates/tiny/opaque.j2:3:") and "[villains]" in notes[0], shown


def test_kinds_written_with_commas_are_refused_with_the_option_given_once_for_each(project):
    """`--only cards,tokens` (as `--cards` takes its ids) is one value no kind is called: the refusal shows how to ask
    for both, the option once for each; a mistyped kind still gets its did-you-mean."""
    both = run_pnp(project, "build", "--only", "cards,tokens")
    assert both.exit_code == 2 and "give --only once for each: --only cards --only tokens" in both.stderr, both.stderr
    typo = run_pnp(project, "build", "--only", "cards,tokns")
    assert typo.exit_code == 2 and "once for each" not in typo.stderr, typo.stderr
    assert "(did you mean 'cards'?)" in run_pnp(project, "build", "--only", "crads").stderr


def test_a_single_choice_given_with_commas_is_not_told_to_be_given_once_for_each(project):
    """`--duplex long,short` names no flip edge, and --duplex takes one: the refusal lists the edges, and does not say
    to give the option once for each, as it says for a repeatable option such as --only."""
    result = run_pnp(project, "build", "--duplex", "long,short")
    assert result.exit_code == 2 and "'long', 'short', 'none'" in result.stderr, result.stderr
    assert "once for each" not in result.stderr, result.stderr
