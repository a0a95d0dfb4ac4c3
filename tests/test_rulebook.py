"""The rulebook: typeset from rulebook.md, its facts and figures taken from the data, its contents true, raw HTML in it
printed as the characters written."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from conftest import MM, apply_edits, run_pnp
from pdftext import flat, page_texts, pdf_text
from pypdf import PdfReader

from pnp.outputs.rulebook.booklet import saddle_stitch

RULEBOOK = "output/tiny/tiny-rulebook.pdf"
BOOKLET = "output/tiny/tiny-rulebook-booklet.pdf"
SOURCE = "data/tiny/rulebook.md"


def build(project, *args):
    result = run_pnp(project, "build", "tiny", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture(scope="module")
def unchanged(tiny_after):
    """The test project as it is after `pnp build tiny --only rulebook --booklet` (the rulebook and its booklet), built
    once per run for the tests that read the unchanged book (conftest.tiny_after)."""
    return tiny_after("build", "tiny", "--only", "rulebook", "--booklet")


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def add_chapters(project, n=8):
    """Long chapters, so headings land on many different pages."""
    words = " ".join(f"word{i}" for i in range(260))
    extra = "".join(f"\n# Chapter {c}\n\n{words}\n\n## Part {c}a\n\n{words}\n\n{words}\n" for c in range(1, n + 1))
    with (project / SOURCE).open("a", encoding="utf-8") as f:
        f.write(extra)


def contents(pdf) -> list[tuple[str, int]]:
    """(heading, page) rows of the contents page."""
    rows = (re.fullmatch(r"(.+?)(?: ?\.){3,} ?(\d+)", flat(line)) for line in page_texts(pdf, [1])[0].splitlines())
    return [(m.group(1).strip(), int(m.group(2))) for m in rows if m]  # page 2 also holds the rules: a row has dot leaders


def body_text(pdf, index) -> str:
    """The text of a page between its running header and footer."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        w, h = page.get_size()
        return flat(page.get_textpage().get_text_bounded(0, 20 * MM, w, h - 21 * MM))
    finally:
        doc.close()


def assert_contents_true(project):
    """Every row of the contents names the one page (after the contents' own) where its heading stands."""
    pdf = project / RULEBOOK
    rows = contents(pdf)
    names = [h for h, _ in rows]
    assert names[:3] == ["Overview", "Components", "Setting up"] and "Chapter 8" in names and "Part 8a" in names, rows
    assert len({p for _, p in rows}) >= 5  # the headings really spread over the book
    bodies = [body_text(pdf, i) for i in range(len(page_texts(pdf)))]
    for heading, page in rows:
        # page 2 opens with the contents, whose rows end in dot leaders: a heading stands alone
        found = [n + 1 for n, text in enumerate(bodies) if n >= 1 and re.search(rf"(?<!\S){re.escape(heading)}(?!\w| ?\.)", text)]
        assert found == [page], (heading, page, found)


def test_contents_page_numbers_are_the_pages_where_headings_land(project):
    add_chapters(project)
    build(project, "--only", "rulebook")
    assert_contents_true(project)


def test_contents_expected_wrong_still_get_the_true_page_numbers(project, monkeypatch):
    """A wrong guess of the rows costs passes, never a wrong number: the drawn pass checks it found what it showed."""
    from pnp.render.contents import Contents

    expect = Contents.expect
    monkeypatch.setattr(Contents, "expect", lambda self, headings, *rest: expect(self, [(1, "Nothing", "h0")]))  # one row, not the book's
    add_chapters(project)
    build(project, "--only", "rulebook")
    assert_contents_true(project)


def test_contents_longer_than_a_column_list_every_chapter_and_section_once_in_order(project):
    """Contents too long for one column go on in the next (pnp.render.contents splits them), and the reader finds every
    chapter and section of the source in them, once, in the source's order: none lost or repeated at the break."""
    with (project / SOURCE).open("a", encoding="utf-8") as f:
        f.write("".join(f"\n# Chapter {c}\n\nText {c}.\n\n## Part {c}a\n\nMore {c}.\n" for c in range(1, 41)))
    build(project, "--only", "rulebook")
    headings = re.findall(r"^#{1,2} (.+)$", (project / SOURCE).read_text(encoding="utf-8"), re.M)
    assert len(headings) == 85 and [name for name, _ in contents(project / RULEBOOK)] == headings


def test_the_cover_says_how_many_players_as_game_yaml_gives_them(unchanged):
    """The cover's facts line (docs/components.md's cover): the tiny game's `players: {min: 2, max: 4}` reads 2–4
    players, not the least alone."""
    cover = flat(page_texts(unchanged / RULEBOOK, [0])[0])
    assert "2–4 players" in cover, cover


def test_a_solo_games_cover_says_one_player(project):
    """A game for one player alone (`players: {min: 1, max: 1}`) reads '1 player' on its cover, not '1–1' nor '1 players'."""
    edit(project / "data/tiny/game.yaml", "players: {min: 2, max: 4}", "players: {min: 1, max: 1}")
    build(project, "--only", "rulebook")
    cover = flat(page_texts(project / RULEBOOK, [0])[0])
    assert re.search(r"(?<![–\d])1 player(?!s)", cover), cover
def test_the_cover_says_the_age_and_playing_time_with_their_words(unchanged):
    """The tiny game's `age: 8` and `play_time: 15` read "age 8+" and "15 minutes" on the cover: a bare 15 says
    nothing a buyer can read off a box."""
    cover = flat(page_texts(unchanged / RULEBOOK, [0])[0])
    assert "age 8+" in cover and "15 minutes" in cover, cover


def test_a_playing_time_in_words_prints_on_the_cover_as_written(project):
    """docs/data-format.md: `play_time:` is minutes "or a text like "2–3 hours"": the text is taken and the cover
    reads it as written, with no 'minutes' after it."""
    edit(project / "data/tiny/game.yaml", "play_time: 15", 'play_time: "2–3 hours"')
    build(project, "--only", "rulebook")
    cover = flat(page_texts(project / RULEBOOK, [0])[0])
    assert "2–3 hours" in cover and "minutes" not in cover, cover


def test_a_title_with_stars_prints_them_on_the_cover_and_atop_each_page(project):
    """A game's title is its words, not markup: `Tiny *Test* Game` prints its stars on the cover and in the running head,
    as typed, never set in italic without them."""
    edit(project / "data/tiny/game.yaml", "title: Tiny Test Game", "title: Tiny *Test* Game")
    build(project, "--only", "rulebook")
    pages = [flat(text) for text in page_texts(project / RULEBOOK)]
    assert pages[0].startswith("Tiny *Test* Game") and "Tiny *Test* Game" in pages[1], pages


def test_the_rulebooks_own_title_in_its_front_matter_heads_the_cover_and_every_page(project):
    """`title:` in rulebook.md's front matter overrides game.yaml's (docs/components.md): the cover opens with it and
    the running head atop the rules' pages names it, not the game's title."""
    edit(project / SOURCE, "subtitle: Rules of play\n", "title: Tiny Rules Handbook\nsubtitle: Rules of play\n")
    build(project, "--only", "rulebook")
    pages = [flat(text) for text in page_texts(project / RULEBOOK)]
    assert pages[0].startswith("Tiny Rules Handbook"), pages[0]
    assert all("Tiny Rules Handbook" in page for page in pages[1:]), pages


def test_every_heading_of_the_source_appears_in_the_pdf(unchanged):
    project = unchanged
    source = (project / SOURCE).read_text(encoding="utf-8")
    headings = [h.strip() for h in re.findall(r"^#{1,6}\s+(.+)$", source, re.M)]
    assert len(headings) >= 5
    text = flat(" ".join(page_texts(project / RULEBOOK)[1:]))
    for heading in headings:
        assert heading in text, heading


def test_the_components_section_follows_the_data(project, unchanged):
    before = flat(" ".join(page_texts(unchanged / RULEBOOK)))
    assert "Heroes 12 cards poker size, 63.5 × 88.9 mm; by side: 6 red, 6 blue" in before
    # tokens.yaml: 8 coins of value 1 and 4 of value 5, so 12 coins in all, each kind with its copies
    assert "Coins 12 tokens circle, 20 mm; 8 × 1, 4 × 5" in before
    edit(project / "data/tiny/decks/heroes.yaml", 'side: blue, count: 3}', 'side: blue, count: 5}')
    edit(project / "data/tiny/game.yaml", "count: 12", "count: 14")
    edit(project / "data/tiny/game.yaml", "side: {red: 6, blue: 6}", "side: {red: 6, blue: 8}")
    build(project, "--only", "rulebook")
    after = flat(" ".join(page_texts(project / RULEBOOK)))
    assert "Heroes 14 cards poker size, 63.5 × 88.9 mm; by side: 6 red, 8 blue" in after
    assert "12 cards" not in after


def test_the_components_list_names_a_token_sets_kinds_by_their_name(project):
    """docs/components.md: the components list gives every token set's kinds by their `name`: coins named Copper and
    Silver (8 and 4 of them in tokens.yaml) are listed so, not by their values 1 and 5."""
    edit(project / "data/tiny/tokens.yaml", "{id: c1, value: 1,", "{id: c1, name: Copper, value: 1,")
    edit(project / "data/tiny/tokens.yaml", "{id: c5, value: 5,", "{id: c5, name: Silver, value: 5,")
    build(project, "--only", "rulebook")
    text = flat(" ".join(page_texts(project / RULEBOOK)))
    assert "Coins 12 tokens circle, 20 mm; 8 × Copper, 4 × Silver" in text


def test_jinja_facts_print_the_datas_values(project, unchanged):
    text = flat(" ".join(page_texts(unchanged / RULEBOOK)))
    assert "for 2–4 players" in text and "It has 12 hero cards: 6 red and 6 blue." in text
    assert "Shuffle the Heroes deck." in text
    edit(project / "data/tiny/game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 6}")
    edit(project / "data/tiny/decks/heroes.yaml", "id: knight, name", "id: knight, side: blue, name")
    edit(project / "data/tiny/game.yaml", "side: {red: 6, blue: 6}", "side: {red: 4, blue: 8}")
    build(project, "--only", "rulebook")
    text = flat(" ".join(page_texts(project / RULEBOOK)))
    assert "for 2–6 players" in text and "It has 12 hero cards: 4 red and 8 blue." in text


def test_a_fact_that_does_not_exist_is_an_error_at_its_line(project):
    edit(project / SOURCE, "It has **{{ decks.heroes.total }}", "It has **{{ decks.heros.total }}")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "Traceback" not in shown
    line = next(n for n, text in enumerate((project / SOURCE).read_text().splitlines(), 1) if "heros" in text)
    assert f"{SOURCE}:{line}:" in shown and "decks has no field 'heros' (did you mean 'heroes'?)" in shown, shown


def test_the_rules_read_each_cards_id_and_its_own_count(project):
    """`decks.<id>.cards` gives the rules each card with its id and count: heroes.yaml prints 2 knights, 2 AT&T agents,
    3 rogues, 3 mages and 2 twins."""
    with (project / SOURCE).open("a", encoding="utf-8") as f:
        f.write("\nCopies: {% for c in decks.heroes.cards %}{{ c.id }} {{ c.count }}; {% endfor %}\n")
    build(project, "--only", "rulebook")
    text = flat(" ".join(page_texts(project / RULEBOOK)))
    assert "Copies: knight 2; att 2; rogue 3; mage 3; twin 2;" in text


def test_a_misspelt_fact_is_one_error_at_the_line_and_column_of_its_name(project):
    """The whole line a designer reads: rulebook.md's line 7 starts `It has **{{ decks.heroes.total }}`, so the misspelt
    `heros` begins at its 19th character."""
    edit(project / SOURCE, "It has **{{ decks.heroes.total }}", "It has **{{ decks.heros.total }}")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    errors = [line for line in result.output.splitlines() if ": error: " in line]  # click 8.2: stdout and stderr as printed
    assert result.exit_code == 1
    assert errors == [f"{SOURCE}:7:19: error: decks has no field 'heros' (did you mean 'heroes'?) [rulebook]"], errors


def test_a_value_no_card_has_counts_zero_with_a_warning(project):
    edit(project / SOURCE, "{{ decks.heroes.by.side.blue }} blue", "{{ decks.heroes.by.side.bleu }} blue")
    result = build(project, "--only", "rulebook")
    assert "no item of decks.heroes.by.side has the value 'bleu' (did you mean 'blue'?)" in result.output + result.stderr
    assert "6 red and 0 blue" in flat(" ".join(page_texts(project / RULEBOOK)))


def test_headings_print_in_the_palettes_accent_before_its_primary(project):
    """The rulebook's headings take the palette's `accent`, the colour a game names for them, before its `primary`:
    blue #1565c0 and green #2e7d32 both read on white paper (contrast 5.8 and 5.1, over WCAG's 4.5), so each would
    print as written."""
    import pdfplumber

    edit(project / "data/tiny/game.yaml", '  gold: "#876510"\n', '  gold: "#876510"\n  primary: "#2e7d32"\n  accent: "#1565c0"\n')
    build(project, "--only", "rulebook")
    with pdfplumber.open(project / RULEBOOK) as pdf:
        page = next(p for p in pdf.pages if "Setting up" in (p.extract_text() or ""))
        words = page.extract_words(extra_attrs=["non_stroking_color", "size"])
    heading = next(w for w in words if w["text"] == "Setting" and w["size"] > 14)
    assert tuple(round(v * 255) for v in heading["non_stroking_color"]) == (0x15, 0x65, 0xC0), heading


def _wcag_ratio(a: tuple, b: tuple) -> float:
    """WCAG 2.1's contrast ratio of two sRGB colours (0–255 channels), written out from the standard."""
    def lum(rgb):
        r, g, b = ((v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_pale_accent_is_darkened_until_an_ordered_lists_numbers_read_on_white(project):
    """The accent prints an ordered list's numbers, 10 pt bold: saffron #f4c430 reads 1.7:1 on white, under the 4.5:1
    WCAG 2.1 AA asks of text under 14 pt bold, so the book darkens it until they read (and keeps it a colour, not ink)."""
    import pdfplumber

    edit(project / "data/tiny/game.yaml", '  gold: "#876510"\n', '  gold: "#876510"\n  accent: "#f4c430"\n')
    build(project, "--only", "rulebook")
    with pdfplumber.open(project / RULEBOOK) as pdf:
        page = next(p for p in pdf.pages if "Shuffle" in (p.extract_text() or ""))
        words = page.extract_words(extra_attrs=["non_stroking_color", "size"])
    shuffle = next(w for w in words if w["text"] == "Shuffle")
    number = next(w for w in words if w["text"] == "1." and abs(w["bottom"] - shuffle["bottom"]) < 1 and w["x1"] <= shuffle["x0"])
    colour = tuple(round(v * 255) for v in number["non_stroking_color"])
    assert _wcag_ratio(colour, (255, 255, 255)) >= 4.5, colour
    assert colour[0] > colour[2] + 40, colour  # still the saffron's hue, darkened: red well over blue


def test_a_palette_with_a_primary_and_no_accent_prints_the_rulebooks_accent_in_its_primary(project):
    """The rulebook's accent is the palette's `accent`, else its `primary` (pnp.outputs.rulebook.look.document_inks): a
    palette of ink, paper and primary #2e6da4 (5.5:1 on white, dark enough as it is) prints an ordered list's numbers
    in #2e6da4 itself, not in the ink."""
    import pdfplumber

    edit(project / "data/tiny/game.yaml", '  gold: "#876510"\n', '  gold: "#876510"\n  primary: "#2e6da4"\n')
    build(project, "--only", "rulebook")
    with pdfplumber.open(project / RULEBOOK) as pdf:
        page = next(p for p in pdf.pages if "Shuffle" in (p.extract_text() or ""))
        words = page.extract_words(extra_attrs=["non_stroking_color"])
    shuffle = next(w for w in words if w["text"] == "Shuffle")
    number = next(w for w in words if w["text"] == "1." and abs(w["bottom"] - shuffle["bottom"]) < 1 and w["x1"] <= shuffle["x0"])
    assert tuple(round(v * 255) for v in number["non_stroking_color"]) == (0x2E, 0x6D, 0xA4), number["non_stroking_color"]


def test_markup_characters_and_unicode_punctuation_print_as_written(project):
    with (project / SOURCE).open("a", encoding="utf-8") as f:
        f.write('\n<img src="../outside/secret.png"/> <a href="javascript:alert(1)">x</a> [a link](https://example.com) <https://example.org> &amp; 5 * 3 \\*literal\\*\n')
    build(project, "--only", "rulebook")
    text = flat(" ".join(page_texts(project / RULEBOOK)))
    for written in ("AT&T", "<Knight>", "a < b > c", "“quotes”", "‘single’", "dashes – and —", "an ellipsis…", "–1 → 2",
                    '<img src=“…/outside/secret.png”/>', '<a href=“javascript:alert(1)”>x</a>', "<https://example.org>", "&amp; 5 * 3 *literal*"):
        assert written in text, written
    assert "a link" in text and "https://example.com" not in text  # a link prints its words, and links nowhere
    reader = PdfReader(project / RULEBOOK)
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            action = annot.get_object().get("/A")
            assert action is None or action.get_object().get("/S") != "/URI"


def _text_in(pdf, index, box_pt) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        textpage = doc[index].get_textpage()
        return textpage.get_text_bounded(*box_pt)
    finally:
        doc.close()


def _largest_form(pdf, index):
    """The bounds (l, b, r, t) of the largest form XObject placed on a page: a figure's card."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        boxes = [obj.get_bounds() for obj in doc[index].get_objects(max_depth=1) if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM]
        return max(boxes, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    finally:
        doc.close()


def test_a_card_figure_holds_the_same_text_as_the_card_in_the_cards_pdf(project):
    build(project, "--only", "cards", "--only", "rulebook")
    texts = page_texts(project / RULEBOOK)
    page = next(n for n, t in enumerate(texts) if "The Knight, drawn from its own" in t)
    left, bottom, right, top = _largest_form(project / RULEBOOK, page)
    assert abs((right - left) - 45 * MM) < 0.5  # drawn at the width the source asked for
    figure = _text_in(project / RULEBOOK, page, (left, bottom, right, top))
    # the Knight is the first card of the sheet: top left of 3 × 3 poker cards on upright Letter with no printer profile,
    # 12.7 mm from the left and 5.1 mm from the top, so its trim runs up from 279.4 − 5.1 − 88.9 = 185.4 mm
    card = _text_in(project / "output/tiny/tiny-cards.pdf", 0, (12.7 * MM, 185.4 * MM, 76.2 * MM, 274.3 * MM))
    assert "<Knight>" in card and "Draw two cards" in card
    # the same characters in the same order (spacing around the inline icon is the extractor's guess at either scale)
    assert "".join(figure.split()) == "".join(card.split())


def test_a_card_figure_given_no_width_is_drawn_at_the_cards_own_width(project):
    """docs/components.md: `WIDTH_MM` defaults to the card's own width: the Knight, a poker card, 63.5 mm (2.5 in) wide,
    not the column's width."""
    edit(project / SOURCE, 'card:heroes/knight "45")', "card:heroes/knight)")
    build(project, "--only", "rulebook")
    page = next(n for n, t in enumerate(page_texts(project / RULEBOOK)) if "The Knight, drawn from its own" in t)
    left, bottom, right, top = _largest_form(project / RULEBOOK, page)
    assert abs((right - left) - 63.5 * MM) < 0.5 and abs((top - bottom) - 88.9 * MM) < 0.5, (right - left) / MM


def test_a_figure_width_written_with_mm_is_taken_as_written(project):
    """`![caption](card:DECK/CARD "45mm")`: a width with its unit, as a designer writes a size, prints the Knight 45 mm
    wide with no warning, as `"45"` does."""
    edit(project / SOURCE, 'card:heroes/knight "45")', 'card:heroes/knight "45mm")')
    result = build(project, "--only", "rulebook")
    assert "figure width" not in result.output + result.stderr, result.output
    page = next(n for n, t in enumerate(page_texts(project / RULEBOOK)) if "The Knight, drawn from its own" in t)
    left, _bottom, right, _top = _largest_form(project / RULEBOOK, page)
    assert abs((right - left) - 45 * MM) < 0.5, (right - left) / MM


def test_a_figure_narrower_than_its_column_stands_in_its_middle(project):
    """The Knight's 45 mm figure in large print's one column stands in the column's middle: as far from the text
    block's left edge as from its right, both read from the rule under the running head, which spans the block."""
    import pdfplumber

    build(project, "--only", "rulebook", "--large-print")
    pdf = project / "output/tiny/tiny-rulebook-large-print.pdf"
    page = next(n for n, t in enumerate(page_texts(pdf)) if "The Knight, drawn from" in flat(t))
    left, _bottom, right, _top = _largest_form(pdf, page)
    with pdfplumber.open(pdf) as doc:
        rule = max(doc.pages[page].lines, key=lambda line: line["x1"] - line["x0"])
    assert abs((right - left) - 45 * MM) < 0.5 and abs((left - rule["x0"]) - (rule["x1"] - right)) < 0.5, (left, right, rule["x0"], rule["x1"])


def test_a_figure_asked_wider_than_its_column_is_drawn_the_columns_width(project):
    """A figure's WIDTH_MM is the most it prints at: the 380 × 300 mm town asked 500 mm wide is drawn no wider than
    its column, inside the text block (read from the rule under the running head, which spans it), never past the
    page's edge, in its own proportions."""
    import pdfplumber

    edit(project / SOURCE, 'card:heroes/knight "45")', 'board:town "500")')
    build(project, "--only", "rulebook")
    page = next(n for n, t in enumerate(page_texts(project / RULEBOOK)) if "The Knight, drawn from its own" in t)
    left, bottom, right, top = _largest_form(project / RULEBOOK, page)
    with pdfplumber.open(project / RULEBOOK) as doc:
        rule = max(doc.pages[page].lines, key=lambda line: line["x1"] - line["x0"])
    assert rule["x0"] - 0.5 <= left and right <= rule["x1"] + 0.5, (left / MM, right / MM, rule["x0"] / MM, rule["x1"] / MM)
    assert (top - bottom) / (right - left) == pytest.approx(300 / 380, abs=0.01)  # the board's own shape, not stretched

def test_an_ink_saving_rulebooks_card_figure_prints_the_card_as_its_ink_saving_sheet_does(project):
    """`--ink-saver` lightens the rulebook's card figures as it does the cards: the Knight's 45 mm figure shows its red
    header in the light red the Knight's header prints in on the ink-saving card sheet (the sheet's first card), not
    the full red of the plain book."""
    from test_ink_saver_prints import header_fills

    build(project, "--only", "cards", "--only", "rulebook", "--ink-saver")
    pdf = project / "output/tiny/tiny-rulebook-ink-saver.pdf"
    page = next(n for n, t in enumerate(page_texts(pdf)) if "The Knight, drawn from" in flat(t))
    (figure,) = header_fills(pdf, page, (63.5 - 6.4) * 45 / 63.5)
    card = min(header_fills(project / "output/tiny/tiny-cards-ink-saver.pdf", 0, 63.5 - 6.4))
    assert figure[2] == card[2] and min(card[2]) > 0.8, (figure, card)

def test_a_figure_naming_a_missing_card_warns_and_prints_a_frame(project):
    """The frame stands where the card would: 45 mm wide as asked, as tall as a poker card of that width (63.5 × 88.9 mm)."""
    import pdfplumber

    edit(project / SOURCE, "card:heroes/knight", "card:heroes/knigt")
    result = build(project, "--only", "rulebook")
    assert "figure names card 'knigt', which deck 'heroes' does not hold (did you mean 'knight'?)" in result.output + result.stderr
    assert "card heroes/knigt not found" in flat(" ".join(page_texts(project / RULEBOOK)))
    with pdfplumber.open(project / RULEBOOK) as pdf:
        (frame,) = [r for page in pdf.pages for r in page.rects + page.curves
                    if r.get("fill") and r["non_stroking_color"] == pytest.approx((0xF2 / 255,) * 3, abs=0.002)]  # its grey
    assert (frame["width"] / MM, frame["height"] / MM) == pytest.approx((45, 45 * 88.9 / 63.5), abs=0.3)


def folded(pages: int) -> list[tuple[int | None, int | None]]:
    """The saddle-stitch rule, written here: the pages padded with blanks to a multiple of four, sheet k's outer side
    holding the last unplaced page on its left and the first on its right, its inner side the next first and the next
    last; a blank is None. Each side as (left, right), pages counted from 0."""
    padded = -(-pages // 4) * 4
    sides = []
    for k in range(padded // 4):
        sides += [(padded - 1 - 2 * k, 2 * k), (2 * k + 1, padded - 2 - 2 * k)]
    return [tuple(None if i >= pages else i for i in side) for side in sides]


def test_booklet_pages_are_in_saddle_stitch_order(project):
    add_chapters(project, 4)
    result = build(project, "--only", "rulebook", "--booklet")
    pdf = project / BOOKLET
    reader = PdfReader(pdf)
    sheet_w, sheet_h = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert abs(sheet_w - 279.4 * MM) < 0.1 and abs(sheet_h - 215.9 * MM) < 0.1  # landscape letter
    numbers = []
    for index in range(len(reader.pages)):
        for half in (0, 1):
            # the page number is the only text in the bottom 16 mm of a page
            text = _text_in(pdf, index, (half * sheet_w / 2, 0, (half + 1) * sheet_w / 2, 16 * MM)).strip()
            numbers.append(int(text) if text else None)
    pages = max(n for n in numbers if n)
    assert pages >= 8 and len(reader.pages) * 2 % 4 == 0
    expected = [None if i is None or i == 0 else i + 1 for side in folded(pages) for i in side]
    assert numbers == expected
    # the first side holds the cover on its right half
    cover = _text_in(pdf, 0, (sheet_w / 2, 0, sheet_w, sheet_h))
    assert "Tiny Test Game" in cover and "Rules of play" in cover
    # the build's line counts the sides the file holds (two booklet pages each), not the booklet's pages
    said = [line for line in result.output.splitlines() if BOOKLET in line]
    assert len(said) == 1 and f"  {len(reader.pages)} pages  " in said[0] and len(reader.pages) < pages, said


HOME_MARGIN_MM = 6.35  # a quarter inch: the paper's edge a home printer may leave blank on any side


def test_every_booklet_sheet_has_fold_ticks_at_both_ends_of_its_fold_where_a_home_printer_prints(unchanged):
    """Each sheet side is folded at its middle: short grey ticks on that line near its top and bottom edges show where,
    each wholly inside the quarter inch a home printer may leave blank."""
    import pdfplumber

    with pdfplumber.open(unchanged / BOOKLET) as pdf:
        assert len(pdf.pages) >= 2
        for page in pdf.pages:
            fold = float(page.width) / 2
            ticks = [ln for ln in page.lines if abs(ln["x0"] - fold) < 0.1 and abs(ln["x1"] - fold) < 0.1]
            ends = sorted((ln["top"] / MM, ln["bottom"] / MM) for ln in ticks)
            height = float(page.height) / MM
            assert len(ends) == 2, f"one tick at each end of the fold, not {ends}"
            assert ends[0][1] < height / 4 < height * 3 / 4 < ends[1][0], "one near the top, one near the bottom"
            for top, bottom in ends:
                assert top >= HOME_MARGIN_MM and bottom <= height - HOME_MARGIN_MM, f"a tick in the printer's margin: {top:.1f}–{bottom:.1f} mm"


def test_a_four_page_booklet_prints_on_one_folded_sheet(unchanged):
    """The tiny game's rules fill four booklet pages (the cover, then pages 2 to 4): one sheet folded once, printed on
    both sides. Its outer side carries page 4 at the left and the cover at the right, its inner side pages 2 and 3;
    no second sheet of blank pages."""
    pdf = unchanged / BOOKLET
    reader = PdfReader(pdf)
    sheet_w = float(reader.pages[0].mediabox.width)
    sides = [tuple(_text_in(pdf, index, (half * sheet_w / 2, 0, (half + 1) * sheet_w / 2, 16 * MM)).strip() for half in (0, 1))
             for index in range(len(reader.pages))]
    assert sides == [("4", ""), ("2", "3")], sides
    assert "Tiny Test Game" in _text_in(pdf, 0, (sheet_w / 2, 0, sheet_w, float(reader.pages[0].mediabox.height)))


def test_saddle_stitch_order_pads_to_a_multiple_of_four():
    assert all(saddle_stitch(n) == folded(n) for n in range(1, 30))
    assert saddle_stitch(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert saddle_stitch(5) == [(None, 0), (1, None), (None, 2), (3, 4)]
    assert len(saddle_stitch(9)) == 6


def test_paper_follows_the_option(project):
    build(project, "--only", "rulebook", "--paper", "a4")
    page = PdfReader(project / "output/tiny/tiny-rulebook-a4.pdf").pages[0]
    assert abs(float(page.mediabox.width) - 210 * MM) < 0.1 and abs(float(page.mediabox.height) - 297 * MM) < 0.1


def _fonts(pdf):
    from conftest import pdf_fonts as fonts_of

    return fonts_of(PdfReader(pdf))


def test_every_font_is_embedded_and_no_helvetica_anywhere(unchanged):
    project = unchanged
    for pdf in (RULEBOOK, BOOKLET):
        fonts = _fonts(project / pdf)
        assert fonts and all(fonts.values()), fonts
        assert not any(base in name for name in fonts for base in ("Helvetica", "Times", "Courier")), fonts
        raw = (project / pdf).read_bytes()
        assert b"Helvetica" not in raw


def test_headings_never_end_a_page(project):
    add_chapters(project, 10)
    build(project, "--only", "rulebook")
    doc = pdfium.PdfDocument(str(project / RULEBOOK))
    try:
        headings = {f"Chapter {c}" for c in range(1, 11)} | {f"Part {c}a" for c in range(1, 11)}
        for index in range(2, len(doc)):
            page = doc[index]
            textpage = page.get_textpage()
            lines = [line.strip() for line in textpage.get_text_range().splitlines() if line.strip()]
            body = [line for line in lines if not line.isdigit() and not line.startswith("Tiny Test Game")]
            assert body and body[-1] not in headings, (index + 1, body[-3:])
    finally:
        doc.close()


def test_designer_notes_stay_out_of_the_players_book(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace("notes: Everything in this game is invented for the tests.",
                                             "notes: Seed 000_83fbe53634207a83.txt says otherwise; INVENTED by us."))
    assert run_pnp(project, "build", "--only", "rulebook").exit_code == 0
    text = pdf_text(project / "output/tiny/tiny-rulebook.pdf", " ")
    assert "INVENTED" not in text and "83fbe53634207a83" not in text and "About this edition" not in text
    notes = (project / "output/tiny/tiny-designer-notes.md").read_text()
    assert "Seed 000_83fbe53634207a83.txt says otherwise; INVENTED by us." in notes


def test_a_game_without_notes_gets_no_designer_notes_file(project):
    """The designer's notes file holds game.yaml's `notes:`; a game with none (or only spaces) gets no such file, nor a
    line for it in the build's list."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace("notes: Everything in this game is invented for the tests.", "notes: '  '"))
    result = run_pnp(project, "build", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    assert (project / "output/tiny/tiny-rulebook.pdf").is_file() and not (project / "output/tiny/tiny-designer-notes.md").exists()
    assert "designer-notes" not in result.output


def test_a_game_without_a_rulebook_validates_clean_and_is_told_there_is_none_to_build(project):
    """A rulebook is optional: a game with no rulebook.md has no error for it, and `--only rulebook` says what to add."""
    (project / SOURCE).unlink()
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0 and ": error: " not in result.output, result.output
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert "tiny: nothing to build for --only rulebook: add rulebook.md to data/tiny/, or drop --only rulebook" in result.output, result.output
    assert not (project / RULEBOOK).exists()

def test_an_unknown_icon_in_the_rulebook_is_one_error_at_its_line_and_column(project):
    """The rulebook's text has no template line: its markup mistake is placed where the designer wrote it, to the column
    of its first character (the colon that opens `:dragonx:`, the 8th of its line)."""
    with (project / "data/tiny/rulebook.md").open("a", encoding="utf-8") as rules:
        rules.write("\nTake a :dragonx: from the bank.\n")
    line = len((project / "data/tiny/rulebook.md").read_text(encoding="utf-8").splitlines())
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert errors == [f"data/tiny/rulebook.md:{line}:8: error: unknown icon :dragonx: (did you mean 'dragonfly'?): add templates/icons/dragonx.svg, "
                      "or write \\: for a literal colon"], errors


def test_a_list_item_nested_past_the_limit_is_one_error_at_its_line(project):
    """docs/limits.md's limit: lists, quotes and emphasis nest 50 deep at most. A list item whose emphasis nests 60 deep
    is refused at its own line of rulebook.md, front matter counted, not at the file."""
    with (project / SOURCE).open("a", encoding="utf-8") as rules:
        rules.write("\n- " + "*a " * 60 + "b" + " c*" * 60 + "\n")
    line = len((project / SOURCE).read_text(encoding="utf-8").splitlines())
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert errors == [f"{SOURCE}:{line}:1: error: lists, quotes and emphasis nest over 50 deep here: flatten the text"], errors


def test_raw_html_in_the_rulebook_prints_as_text_and_is_never_interpreted(project):
    apply_edits(project, [{"file": SOURCE, "append": '\n<script>alert("owned")</script>\n\n<div class="x">Boxed words</div>\n\nA picture: <img src="/etc/hostname"> here.\n\n'}])
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output
    text = flat(pdf_text(project / RULEBOOK, " "))
    for written in ("<script>alert(", "</script>", "<div class=", "Boxed words</div>", "<img src=", "/etc/hostname"):
        assert written in text, (written, text[-400:])


def test_a_misspelt_key_of_the_front_matter_is_one_error_at_its_line_and_column(project):
    """The front matter is the file's own lines 2 on (line 1 is its `---`): `subtitel:` written on line 3 is said
    there, with the key it meant."""
    edit(project / SOURCE, "subtitle: Rules of play\n", "subtitle: Rules of play\nsubtitel: Rules\n")
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert errors == [f"{SOURCE}:3:1: error: unknown key 'subtitel' (did you mean 'subtitle'?): remove it or fix its spelling"], errors


def test_a_line_break_written_in_the_rules_starts_a_new_line(project):
    """CommonMark's hard break (a backslash at a line's end) ends the printed line there, though the words after it
    would fit on it: "Roll the die," and "then move." on lines of their own, as a recipe's steps are written."""
    apply_edits(project, [{"file": SOURCE, "append": "\nRoll the die,\\\nthen move.\n"}])
    build(project, "--only", "rulebook")
    lines = [line.strip() for line in pdf_text(project / RULEBOOK).splitlines()]
    assert lines[lines.index("Roll the die,") + 1] == "then move.", [line for line in lines if "die" in line]


def test_pnp_serve_shows_no_pages_of_a_rulebook_with_an_error_and_says_where_it_is(project):
    """A rulebook with an error (an icon no folder has) is never printed, by `pnp build` or on `pnp serve`'s page: the
    page's rulebook shows no pages, marked failed, and its findings hold the error at its line and column."""
    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    rules = project / "data/tiny/rulebook.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nGain a :nosuchicon: each turn.\n", encoding="utf-8")
    line = rules.read_text(encoding="utf-8").count("\n")
    models: dict = {}
    LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.__setitem__(slug, model)).refresh()
    (rulebook,) = [section for section in models["tiny"]["sections"] if section["key"] == "rulebook"]
    assert rulebook["failed"] and not rulebook["items"], rulebook
    assert [f["where"] for f in models["tiny"]["findings"] if f["severity"] == "error"] == [f"data/tiny/rulebook.md:{line}:8"]


def test_a_rulebook_without_headings_has_no_contents(project):
    """docs/components.md's contents page lists the chapters and sections: a rulebook of one paragraph and no heading
    has none to list, and its rules follow the cover with no empty 'Contents' above them."""
    (project / SOURCE).write_text("---\nsubtitle: Rules of play\n---\nPlay a card, then draw one. The first to ten points wins.\n",
                                  encoding="utf-8")
    build(project, "--only", "rulebook")
    pages = [flat(t) for t in page_texts(project / RULEBOOK)]
    assert not any("Contents" in t for t in pages), pages
    assert "Play a card, then draw one." in pages[1], pages


def test_a_figures_mistake_is_said_at_the_line_and_column_of_its_name(project):
    """A figure naming a card the deck does not hold is one warning, at the place in rulebook.md where `card:` is typed."""
    edit(project / SOURCE, "card:heroes/knight", "card:heroes/knigt")
    result = build(project, "--only", "rulebook")
    lines = (project / SOURCE).read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "card:heroes/knigt" in text)
    column = lines[line - 1].index("card:heroes/knigt") + 1
    warnings = [w for w in result.output.splitlines() if ": warning: " in w]
    assert warnings == [f"{SOURCE}:{line}:{column}: warning: figure names card 'knigt', which deck 'heroes' does not hold "
                        "(did you mean 'knight'?): it prints as an empty frame"], warnings


def test_a_picture_prints_in_its_own_proportions(project):
    """A 300 × 100 pixel picture is drawn three times as wide as it is tall, as the file is, and its caption follows it
    closely: the room the picture takes is its own shape, no tall box with the picture floating in its middle."""
    import pdfplumber

    apply_edits(project, [{"file": "data/tiny/field.png", "write_png": [300, 100]},
                          {"file": SOURCE, "append": "\n![A wide blue field](data/tiny/field.png)\n"}])
    build(project, "--only", "rulebook")
    with pdfplumber.open(project / RULEBOOK) as pdf:
        ((page, image),) = [(page, im) for page in pdf.pages for im in page.images if im["srcsize"] == (300, 100)]
        (caption,) = [line for line in page.extract_text_lines() if "A wide blue field" in line["text"]]
    assert image["width"] / image["height"] == pytest.approx(3.0, rel=0.01), image
    assert 0 <= caption["top"] - image["bottom"] < 5 * MM, (image, caption)


def _forms(pdf, index, min_w_mm=10):
    """The bounds (l, b, r, t) of the form XObjects at least `min_w_mm` wide placed on a page, left to right: its figures' cards."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        boxes = [obj.get_bounds() for obj in doc[index].get_objects(max_depth=1) if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM]
        return sorted(b for b in boxes if b[2] - b[0] >= min_w_mm * MM)
    finally:
        doc.close()


def test_figures_on_consecutive_lines_stand_side_by_side_six_mm_apart(project):
    """docs/components.md: figures on consecutive lines stand side by side, 6 mm apart. Two 45 mm Knights in large
    print's one column (wide enough for both) print on one row, their tops level and 6 mm between them."""
    edit(project / SOURCE, '![The Knight, drawn from its own layout](card:heroes/knight "45")',
         '![The Knight, drawn from its own layout](card:heroes/knight "45")\n![The Knight once more](card:heroes/knight "45")')
    build(project, "--only", "rulebook", "--large-print")
    pdf = project / "output/tiny/tiny-rulebook-large-print.pdf"
    page = next(n for n, t in enumerate(page_texts(pdf)) if "The Knight once more" in flat(t))
    first, second = _forms(pdf, page, 40)
    assert first[3] == pytest.approx(second[3], abs=0.1), (first, second)
    assert (second[0] - first[2]) / MM == pytest.approx(6, abs=0.2), ((second[0] - first[2]) / MM)


def test_a_narrow_figures_caption_is_set_wider_than_its_picture(project):
    """docs/components.md: a caption takes at least 40 mm, however narrow its picture. A 20 mm Knight's caption of a
    dozen words runs in lines wider than the card (and no wider than 40 mm), not squeezed into the card's width."""
    caption = "The Knight at twenty millimetres, with a caption of a dozen words under it"
    edit(project / SOURCE, '![The Knight, drawn from its own layout](card:heroes/knight "45")', f'![{caption}](card:heroes/knight "20")')
    build(project, "--only", "rulebook")
    card, widths = _caption_under_card(project, caption, "twenty millimetres", down_mm=25, across_mm=30)
    assert (card[2] - card[0]) / MM == pytest.approx(20, abs=0.3)
    assert widths and 20 < max(widths) <= 40.5, widths


def _caption_under_card(project, caption: str, marker: str, down_mm: float, across_mm: float):
    """The one card figure on the rulebook's page holding `marker`, and the widths in mm of its caption's lines: the
    caption's words within `down_mm` below the card's foot and `across_mm` of its middle, grouped by line."""
    import pdfplumber

    page = next(n for n, t in enumerate(page_texts(project / RULEBOOK)) if marker in flat(t))
    (card,) = _forms(project / RULEBOOK, page)
    with pdfplumber.open(project / RULEBOOK) as doc:
        below = float(doc.pages[page].height) - card[1]  # the card's foot, from the page's top
        middle = (card[0] + card[2]) / 2
        words = [w for w in doc.pages[page].extract_words() if below - 1 < w["top"] < below + down_mm * MM
                 and abs((w["x0"] + w["x1"]) / 2 - middle) < across_mm * MM and w["text"] in caption.split()]
    lines: dict = {}
    for w in words:
        lines.setdefault(round(w["top"]), []).append(w)
    return card, [(max(w["x1"] for w in line) - min(w["x0"] for w in line)) / MM for line in lines.values()]


def test_a_picture_taller_than_the_page_prints_shrunk_with_its_caption_under_it(project):
    """A 100 × 1000 pixel picture (a tower) at the column's width would be far taller than a page: it prints smaller,
    in its own proportions (ten times as tall as wide), its caption on the same page just under it, and the build
    succeeds (no 'cannot be laid out')."""
    import pdfplumber

    apply_edits(project, [{"file": "data/tiny/tower.png", "write_png": [100, 1000]},
                          {"file": SOURCE, "append": "\n![A tall tower, its caption under it](data/tiny/tower.png)\n"}])
    build(project, "--only", "rulebook")
    with pdfplumber.open(project / RULEBOOK) as pdf:
        ((page, image),) = [(page, im) for page in pdf.pages for im in page.images if im["srcsize"] == (100, 1000)]
        (caption,) = [line for line in page.extract_text_lines() if "A tall tower" in line["text"]]
        page_h = float(page.height)
    assert image["height"] / image["width"] == pytest.approx(10.0, rel=0.01), image
    assert image["top"] >= 0 and image["height"] > page_h / 2, (image, page_h)
    assert 0 <= caption["top"] - image["bottom"] < 5 * MM and caption["bottom"] < page_h, (image, caption)


def test_two_small_figures_without_captions_stand_side_by_side_in_one_column(project):
    """Two 30 mm Knights with no caption need 30 + 6 + 30 = 66 mm, less than half a Letter page: in the two-column
    rulebook they stand side by side in one column, tops level and 6 mm apart, keeping no room for a caption they
    do not have."""
    edit(project / SOURCE, '![The Knight, drawn from its own layout](card:heroes/knight "45")',
         '![](card:heroes/knight "30")\n![](card:heroes/knight "30")')
    build(project, "--only", "rulebook")
    page = next(n for n, t in enumerate(page_texts(project / RULEBOOK)) if "Tiny Town" in t and "Components" in t)
    first, second = _forms(project / RULEBOOK, page, 20)
    assert first[3] == pytest.approx(second[3], abs=0.1), (first, second)
    assert (second[0] - first[2]) / MM == pytest.approx(6, abs=0.2), ((second[0] - first[2]) / MM)
    assert second[2] / MM < 215.9 / 2, "both in the left column"


def test_a_narrow_figures_caption_lines_fill_a_measure_of_40_mm(project):
    """docs/components.md: a caption is set under its picture at least 40 mm wide, however narrow the picture. A 20 mm
    Knight's caption of short words (none over 8 mm) set in a 40 mm measure breaks only where the next word would pass
    40 mm: its fullest line runs past 32 mm, which no measure of 30 mm could hold."""
    caption = "A tiny Knight, with a caption of many short words to fill each of its lines up to the end of the line"
    edit(project / SOURCE, '![The Knight, drawn from its own layout](card:heroes/knight "45")', f'![{caption}](card:heroes/knight "20")')
    build(project, "--only", "rulebook")
    widths = sorted(_caption_under_card(project, caption, "tiny Knight", down_mm=30, across_mm=25)[1])
    assert len(widths) >= 3 and 32 < widths[-1] <= 40.5, widths


def test_a_justified_rulebook_breaks_its_paragraphs_words_at_their_dictionary_breaks(project):
    """docs/layouts.md: a rulebook asks for justified paragraphs in its front matter (`align: justify`), and justified
    text breaks words where the edition's language allows. A paragraph of nothing but "characteristically" (eighteen
    letters: a justified column of them gapes unless they break) ends some line in a piece of it and a hyphen, at one of
    the places an American dictionary divides it (Merriam-Webster: char·ac·ter·is·ti·cal·ly)."""
    apply_edits(project, [{"file": SOURCE, "replace": ["subtitle: Rules of play", "subtitle: Rules of play\nalign: justify"]},
                          {"file": SOURCE, "append": "\n# Style\n\n" + " ".join(["characteristically"] * 40) + "\n"}])
    build(project, "--only", "rulebook")
    lines = [line.rstrip() for page in page_texts(project / RULEBOOK) for line in page.splitlines()]
    broken = [line for line in lines if line.endswith("-")]
    assert any(re.search(r"(^| )(char|charac|character|characteris|characteristi)-$", line) for line in broken), broken


def test_a_front_matter_saved_with_windows_line_ends_is_read_as_front_matter(project):
    """Notepad saves rulebook.md with CRLF line ends: its `---` front matter still gives the cover its subtitle, and no
    `subtitle:` line prints as text."""
    source = project / SOURCE
    source.write_bytes(source.read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-8"))
    build(project, "--only", "rulebook")
    cover, *rest = page_texts(project / RULEBOOK)
    assert "Rules of play" in flat(cover), cover
    assert "subtitle" not in flat(" ".join([cover, *rest]))


def test_a_yaml_mistake_in_the_front_matter_is_one_error_at_its_line_and_column(project):
    """`subtitle: Rules: of play` on line 2: YAML allows no second `: ` in a plain value, and the colon after `Rules` is
    the line's 16th character."""
    edit(project / SOURCE, "subtitle: Rules of play", "subtitle: Rules: of play")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert errors == [f"{SOURCE}:2:16: error: YAML syntax in the front matter: mapping values are not allowed in this context"], result.output


def test_a_missing_picture_stops_a_build_for_print_with_one_error_at_its_name(project):
    """A print build draws no placeholder for art not there (a draft does): `![…](pictures/table-photo.png)` on a new
    last line is one error at the picture's name, its 25th character, and no rulebook is written."""
    with (project / SOURCE).open("a", encoding="utf-8") as f:
        f.write("\n![A photo of the table](pictures/table-photo.png)\n")
    line = len((project / SOURCE).read_text(encoding="utf-8").splitlines())
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    errors = [text for text in result.output.splitlines() if ": error: " in text]
    assert result.exit_code == 1
    assert errors == [f"{SOURCE}:{line}:25: error: image 'pictures/table-photo.png' not found"], result.output
    assert not (project / RULEBOOK).exists()
