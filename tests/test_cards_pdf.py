"""The card PDF as a printer and a person see it: sizes, fonts, text, borders and backs, bytes, and the print hints a
viewer reads (print at full size; which edge a duplex printer flips on, or one-sided)."""
from __future__ import annotations

import footers
import numpy as np
import printable
import pypdfium2 as pdfium
import pytest
import streams
from conftest import MM, add_crowd_deck, apply_edits, pdf_fonts, render_page, run_pnp
from pdftext import flat, page_texts
from print_raster import Region
from pypdf import PdfReader

from pnp.core.units import DEFAULT_PRINTABLE_MM

POKER = (63.5, 88.9)
DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture(scope="module")
def built(tiny_after):
    """The card sheets of an unchanged copy of the test project after `pnp build tiny`, built once per run for every
    file that reads them (conftest.tiny_after)."""
    return tiny_after("build", "tiny") / "output" / "tiny" / "tiny-cards.pdf"


def test_pages_are_letter_exactly_and_fronts_alternate_with_backs(built):
    reader = PdfReader(built)
    # 12 cards = 2 sheets of 9 slots (3 × 3 on an upright Letter page); each fronts page is followed by its backs page
    assert len(reader.pages) == 4
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - 215.9 * MM) < 0.01
        assert abs(float(page.mediabox.height) - 279.4 * MM) < 0.01
    texts = page_texts(built)
    assert "fronts" in texts[0] and "backs" in texts[1] and "fronts" in texts[2]


def test_a4_pages_are_a4(project):
    assert run_pnp(project, "build", "--paper", "a4", "--only", "cards").exit_code == 0
    page = PdfReader(project / "output/tiny/tiny-cards-a4.pdf").pages[0]
    assert abs(float(page.mediabox.width) - 210 * MM) < 0.01 and abs(float(page.mediabox.height) - 297 * MM) < 0.01


def test_the_card_sheets_document_info_names_the_game_then_what_it_holds_written_by_pnp(built):
    """A viewer's document properties (and a print queue's job name) read the title: the game's title from game.yaml,
    then what the file holds; the author is pnp, which wrote it."""
    info = PdfReader(built).metadata
    assert (info["/Title"], info["/Subject"], info["/Author"]) == ("Tiny Test Game — cards", "cards for print and play", "pnp"), info


def test_every_font_is_embedded_and_no_base14_font_appears(built):
    fonts = pdf_fonts(PdfReader(built))
    assert fonts, "no fonts found"
    assert all(fonts.values()), fonts
    assert not any("Helvetica" in name or "Times" in name or "Courier" in name for name in fonts)


def _text_boxes(pdf, index):
    """(text, left, bottom, right, top) in mm for each character run on a page."""
    doc = pdfium.PdfDocument(str(pdf))
    page = doc[index]
    textpage = page.get_textpage()
    out = []
    for i in range(textpage.count_rects()):
        left, b, r, t = textpage.get_rect(i)
        out.append((textpage.get_text_bounded(left, b, r, t), left / MM, b / MM, r / MM, t / MM))
    return out


def test_card_text_is_selectable_at_its_cards_position(built):
    boxes = _text_boxes(built, 0)
    # the first slot holds the Knight: its title lies inside the top-left card (12.7 mm from the left edge)
    titles = [b for b in boxes if "<Knight>" in b[0]]
    assert titles, [b[0] for b in boxes][:20]
    _, left, bottom, right, top = titles[0]
    assert left > 12.7 and right < 12.7 + 63.5
    assert bottom > 279.4 - 6.35 - 88.9 and top < 279.4 - 6.35


def test_markup_characters_print_as_written(built):
    text = page_texts(built, [0])[0]
    assert "<Knight>" in text and "AT&T Agent" in text and "AT&T;" not in text
    # the minus as the text font's en dash (Noto Sans has no minus), the arrow from the fallback font: never empty boxes
    assert "coin – then run → away" in flat(text)  # pdfium starts a new line at the fallback font's arrow


def test_card_border_is_where_the_layout_puts_it(built):
    # the frame's rounded border is drawn 3.2 mm inside the trim (outside the 3 mm safe area); find its left edge in the
    # top-left card, on the strip of the page that holds it rasterised at 600 dpi (tests/print_raster.py)
    dpi = 600
    top = 5.1  # the 3 × 3 Letter grid's first row, from the paper's top (no printer profile: 0.1 mm inside the 5 mm)
    image = Region.around(built, 0, dpi, (0, top + 49, 12.7 + 10, top + 51))
    px = dpi / 25.4
    row = int((top + 50) * px)  # a row through the middle of the first card, clear of text
    line = image[row, 0 : int((12.7 + 10) * px)]
    dark = np.where(line < 100)[0]
    expected = (12.7 + 3.2) * px
    nearest = dark[np.argmin(np.abs(dark - expected))]
    assert abs(nearest - expected) / px < 0.2


def _filled_extent(mask, axis):
    """First and last index along `axis` where more than half the line is filled (thin marks don't count)."""
    filled = np.where(mask.mean(axis=axis) > 0.5)[0]
    return filled[0], filled[-1] + 1


def _is_poker(face) -> bool:
    """Whether a face placed on a sheet is a poker card's (63.5 × 88.9 mm trim), not a token's."""
    return abs(face.trim.x1 - face.trim.x0 - POKER[0] * MM) < 0.01 and abs(face.trim.y1 - face.trim.y0 - POKER[1] * MM) < 0.01


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front_after_flipping(built, project, duplex):
    """Long edge: the plain build's sheets (the default flip); short edge: the cards built so."""
    if duplex == "long":
        assert b"DuplexFlipLongEdge" in built.read_bytes()  # the default build asks the printer for the long-edge flip
        pdf = built
    else:
        assert run_pnp(project, "build", "--duplex", duplex, "--only", "cards").exit_code == 0
        pdf = project / "output/tiny/tiny-cards-short-edge.pdf"
    dpi = 150
    px = dpi / 25.4
    back = np.asarray(render_page(pdf, 3, dpi).convert("L"), dtype=np.int16)  # sheet 2's backs: 3 cards
    # what the paper shows behind the fronts: an upright page flipped on the paper's long edge turns left to right
    back = back[:, ::-1] if duplex == "long" else back[::-1, :]
    # sheet 2's fronts hold 3 cards in the top row, read from the fronts page itself (where the sheet puts its grid);
    # the game's smaller tokens print below them (they fit the sheet's free space), their backs behind them
    sheet = streams.Document(pdf)
    faces = printable.faces_of(sheet, 2)
    fronts = [f for f in faces if _is_poker(f)]
    height = sheet.page(2).height
    tokens_top = min(((height - f.bleed.y1) / MM for f in faces if not _is_poker(f)), default=height / MM)
    left, right = min(f.trim.x0 for f in fronts) / MM, max(f.trim.x1 for f in fronts) / MM
    top, bottom = (height - max(f.trim.y1 for f in fronts)) / MM, (height - min(f.trim.y0 for f in fronts)) / MM
    assert len(fronts) == 3 and abs(right - left - 3 * 63.5) < 0.01 and abs(bottom - top - 88.9) < 0.01
    mask = back < 245
    edge = int(10 * px)  # leave out the footer bands along the paper's sides (the footer runs up the side)
    mask[:, :edge] = mask[:, -edge:] = False
    mask[int((tokens_top - 4) * px):] = False  # the tokens' band and its crop marks (1 mm from the bleed, 3 mm long)
    y0, y1 = _filled_extent(mask, axis=1)
    x0, x1 = _filled_extent(mask[y0:y1], axis=0)
    inset = 3  # the test game's backs draw their panel 3 mm inside the trim (a paper border: no sliver at a miscut)
    assert abs(x0 / px - (left + inset)) < 0.3 and abs(x1 / px - (right - inset)) < 0.3, (x0 / px, x1 / px, left, right)
    assert abs(y0 / px - (top + inset)) < 0.3 and abs(y1 / px - (bottom - inset)) < 0.3, (y0 / px, y1 / px, top, bottom)
    # and each back is its own card's: the third Mage (dark shared back) first, then the two Twins (gold own backs)
    centres = [back[int((top + 15) * px), int((left + 63.5 * (k + 0.5)) * px)] for k in range(3)]
    assert centres[0] < 60 and min(centres[1:]) > centres[0] + 40, centres


def test_a_card_with_its_own_back_gets_it(built):
    texts = page_texts(built)
    assert "Twin’s own back" in texts[3]  # with its typographic apostrophe


def test_copies_are_placed_not_redrawn(built):
    """A face used by several cards, or several tokens, is one form XObject, placed many times."""
    reader = PdfReader(built)
    forms: dict[str, bool] = {}  # a face's form → whether it is a poker card's (its box 63.5 × 88.9 mm)
    placed = {True: 0, False: 0}
    for page in reader.pages:
        content = page.get_contents().get_data().decode("latin-1")
        xobjects = page["/Resources"].get("/XObject") or {}
        for name, ref in xobjects.items():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and name.startswith("/FormXob.F"):
                x0, y0, x1, y1 = (float(v) / MM for v in form["/BBox"])
                forms[name] = abs(x1 - x0 - POKER[0]) < 0.01 and abs(y1 - y0 - POKER[1]) < 0.01
                placed[forms[name]] += content.count(f"{name} Do")
    # cards: 5 distinct fronts + 2 distinct backs; 12 fronts and 12 backs placed
    assert sum(forms.values()) == 7 and placed[True] == 24
    # the tokens on the last sheet (tokens.yaml; test_token_share.py says which fit there): coins 2 items × 2 sides,
    # pawns 2 colours, shields 2 sides, notes 2 sides; 12 coins, 4 shields and 5 notes front and back, 6 pawns
    assert len(forms) - 7 == 4 + 2 + 2 + 2 and placed[False] == 2 * 12 + 2 * 4 + 2 * 5 + 6


def test_bleed_build_spaces_cards_and_keeps_marks_on_the_trim(project):
    assert run_pnp(project, "build", "--bleed", "--only", "cards").exit_code == 0
    page = PdfReader(project / "output/tiny/tiny-cards-bleed.pdf").pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # letter landscape: 3 × 2
    content = page.get_contents().get_data().decode("latin-1")
    assert content.count("/FormXob.F") + content.count("re W") >= 6


def test_a_failed_build_leaves_the_previous_pdf_untouched(built_project):
    """The project as `pnp build` left it (conftest.built_project: a copy of one build per run), then a failing build."""
    project = built_project
    pdf = project / "output/tiny/tiny-cards.pdf"
    assert pdf.is_file()
    before = pdf.read_bytes()
    template = project / "templates/tiny/hero.j2"
    template.write_text(template.read_text().replace("card.name", "card.nmae"))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    assert pdf.read_bytes() == before
    assert not [p for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


def test_scale_bar_and_print_instructions_on_the_first_sheet(built):
    text = page_texts(built, [0])[0]
    assert "50 mm" in text and "print at 100% / actual size" in text and "sheet 1 of 2" in text


def test_every_crop_mark_is_solid_black_on_fronts_and_backs(built):
    """docs/printing.md: crop marks print in solid black, the ink every printer lays down fully, on fronts and backs
    alike: every straight stroke of both pages of the first sheet (its marks on the cut
    lines, and the scale bar) is black, not the footer's grey."""
    import pdfplumber

    with pdfplumber.open(built) as pdf:
        for page in pdf.pages[:2]:
            marks = [ln for ln in page.lines if ln["top"] < 20 * MM or ln["bottom"] > page.height - 20 * MM or ln["x0"] < 20 * MM]
            assert len(marks) >= 8 and {tuple(ln["stroking_color"]) for ln in marks} == {(0.0, 0.0, 0.0)}, page.page_number


def test_the_scale_bar_is_50_mm_with_a_tick_every_10_mm_its_ends_the_tallest(built):
    """docs/printing.md: a 50 mm bar to measure with a ruler, ticked every 10 mm (six ticks, 0 to 50), the two at its
    ends taller, each standing on the bar, along whichever edge the footer runs; read from the first sheet's strokes
    with pdfplumber."""
    import pdfplumber

    with pdfplumber.open(built) as pdf:
        lines = [((ln["x0"], ln["top"]), (ln["x1"], ln["bottom"])) for ln in pdf.pages[0].lines]
    along = [(a, b) for a, b in lines if abs(max(b[0] - a[0], b[1] - a[1]) - 50 * MM) < 0.05 and min(b[0] - a[0], b[1] - a[1]) < 0.01]
    assert len(along) == 1, along
    (start, end), = along
    axis = 0 if end[0] - start[0] > end[1] - start[1] else 1  # the bar runs along x (a bottom footer) or y (up the left side)
    def stands_on_the_bar(a, b) -> bool:
        across, flat = abs(b[1 - axis] - a[1 - axis]), abs(b[axis] - a[axis])
        on = min(abs(a[1 - axis] - start[1 - axis]), abs(b[1 - axis] - start[1 - axis])) < 0.05
        return across > 0.5 and flat < 0.01 and on and start[axis] - 0.05 <= a[axis] <= end[axis] + 0.05

    ticks = sorted((tick for tick in lines if stands_on_the_bar(*tick)), key=lambda tick: tick[0][axis])
    assert [round((a[axis] - start[axis]) / MM, 2) for a, _ in ticks] == [0, 10, 20, 30, 40, 50], ticks
    heights = [round(abs(b[1 - axis] - a[1 - axis]), 2) for a, b in ticks]
    assert heights[0] == heights[-1] > max(heights[1:-1]) > 0, heights


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_long_footer_shrinks_and_never_runs_under_the_scale_bar(project, paper):
    """A deck name long enough to fill the footer's room: read from the PDF (tests/footers.py), the footer line, the
    scale bar's label and the bar share no point, and all lie inside the printable area and the page."""
    deck = project / "data/tiny/decks/heroes.yaml"
    long_name = "Heroes of the Northern Marches and the Southern Isles, Second Printing, Revised for the Autumn Playtest"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Heroes", f"name: {long_name}", 1), encoding="utf-8")
    assert run_pnp(project, "build", "tiny", "--only", "cards", "--paper", paper).exit_code == 0
    number, sheet = footers.read(next((project / "output/tiny").glob("tiny-cards*.pdf")))[0]
    lines = [line for line in sheet.lines if line.ink.x0 < 15 * MM or line.ink.y0 < 15 * MM]  # along the footer's edge
    assert number == 1 and sheet.bar is not None and len(lines) == 2, [line.text for line in lines]
    assert any("sheet 1 of 2" in line.text and "print at 100%" in line.text for line in lines), [line.text for line in lines]
    a, b = lines
    assert not footers.overlaps(a.ink, b.ink), (a, b)
    margin = DEFAULT_PRINTABLE_MM * MM  # the default printer profile's unprintable edge
    for box in (a.ink, b.ink, sheet.bar):
        assert box.x0 >= margin and box.y0 >= margin and box.x1 <= sheet.width - margin and box.y1 <= sheet.height - margin, box
    assert not [line for line in lines if footers.overlaps(line.ink, sheet.bar)], lines


def test_fit_footer_shrinks_then_takes_the_shorter_wording_never_cut():
    from pnp.render.pdf import FOOTER_MIN_SIZE, FOOTER_SIZE, fit_footer

    assert FOOTER_MIN_SIZE >= 6
    assert fit_footer(("short",), "Helvetica", 500) == ("short", FOOTER_SIZE)
    text, size = fit_footer(("x" * 100,), "Helvetica", 320)  # 325 pt at 6.5 pt, 300 at 6
    assert FOOTER_MIN_SIZE <= size < FOOTER_SIZE and text == "x" * 100
    text, size = fit_footer(("word " * 200, "Game · 7 sets · sheet 1 of 2"), "Helvetica", 200, keep="fronts")
    assert (text, size) == ("Game · 7 sets · sheet 1 of 2 · fronts", FOOTER_SIZE)
    assert "…" not in fit_footer(("word " * 200,), "Helvetica", 200)[0]


def test_a_footer_keeps_its_fullest_wording_beside_the_scale_bars_short_label_before_taking_a_shorter_one():
    """The footer's wording keeps its place before the scale bar's label does: with room for the full wording beside
    the bar's short label ('50 mm') but not beside its long one, the full wording prints beside '50 mm', at full size."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.render.pdf import FOOTER_SIZE, SCALE_GAP_PT, SCALE_LABELS, beside_scale_bar

    full, short = "Tiny Test Game · Heroes · sheet 1 of 2", "1/2"
    bar = 50 * MM + 4 + SCALE_GAP_PT  # the bar, the label's gap to it and the line's gap to the label
    room = bar + stringWidth(full, "Helvetica", FOOTER_SIZE) + stringWidth(SCALE_LABELS[1], "Helvetica", FOOTER_SIZE) + 1
    beside_long = room - bar - stringWidth(SCALE_LABELS[0], "Helvetica", FOOTER_SIZE)
    assert stringWidth(full, "Helvetica", 6) > beside_long > stringWidth(short, "Helvetica", FOOTER_SIZE)  # the shorter would fit there
    assert beside_scale_bar((full, short), "Helvetica", room, "") == (full, FOOTER_SIZE, SCALE_LABELS[1])


@pytest.mark.parametrize("args, variant, expected", [
    (("--duplex", "long"), "", "/DuplexFlipLongEdge"),
    (("--duplex", "short"), "-short-edge", "/DuplexFlipShortEdge"),
    (("--duplex", "none"), "-simplex", None),  # one-sided: the viewer's own default
    (("--layout", "gutterfold"), "-gutterfold", "/Simplex"),  # fronts and backs on one side of the paper
])
def test_sheets_tell_the_viewer_to_print_at_full_size_and_how_to_duplex(project, args, variant, expected):
    result = run_pnp(project, "build", "--only", "cards", "--only", "tokens", *args)
    assert result.exit_code == 0, result.output + result.stderr
    # the two-sided token sets print on the last card sheet (test_token_share.py): the tokens file holds the walls and
    # standees, which print no back, so it asks for one-sided printing whatever the build's duplex
    for name, wanted in ((f"tiny-cards{variant}.pdf", expected), (f"tiny-tokens{variant}.pdf", "/Simplex")):
        prefs = PdfReader(project / "output/tiny" / name).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", (name, prefs)
        assert prefs.get("/Duplex") == wanted, (name, prefs)


def test_each_deck_and_token_set_is_bookmarked_once_at_its_first_page(built):
    """The PDF's bookmarks list each piece of the sheets once, at the first page it prints on: 12 heroes
    (heroes.yaml's counts) fill the 9 slots of a Letter sheet's fronts page and go on to the second fronts page (the
    third page, after the first's backs), where the token sets start, in tokens.yaml's order; the heroes are not named
    again there."""
    reader = PdfReader(built)
    marks = [(entry.title, reader.get_destination_page_number(entry) + 1) for entry in reader.outline]
    assert marks == [("Heroes", 1), ("Coins", 3), ("Pawns", 3), ("Shields", 3), ("Bank notes", 3)]


def test_cards_asked_for_by_id_are_the_only_cards_printed(project):
    """`--cards knight,rogue`: the Knight's copies and the Rogue's three, and no other hero."""
    assert run_pnp(project, "build", "--only", "cards", "--cards", "knight,rogue", "tiny").exit_code == 0
    text = page_texts(project / "output/tiny/tiny-cards-knight+rogue.pdf")[0]
    assert text.count("<Knight>") == 2 and text.count("Rogue") == 3
    assert not [name for name in ("AT&T Agent", "Mage", "Twin") if name in text]


def test_the_same_cards_asked_for_in_another_order_print_to_the_same_file_named_in_id_order(project):
    """docs/commands.md: a subset's file name carries its card ids (`-mage+rogue`); asked `--cards rogue,knight`, the
    build writes the file `--cards knight,rogue` writes, not a second one named in the order typed."""
    assert run_pnp(project, "build", "--only", "cards", "--cards", "rogue,knight", "tiny").exit_code == 0
    assert sorted(p.name for p in (project / "output/tiny").glob("tiny-cards-*.pdf")) == ["tiny-cards-knight+rogue.pdf"]


def test_a_deck_asked_for_is_the_only_deck_on_its_sheets(project):
    """`--deck heroes` beside a second deck: the heroes' twelve cards, none of the other deck's."""
    add_crowd_deck(project, 2)
    assert run_pnp(project, "build", "--only", "cards", "--deck", "heroes", "tiny").exit_code == 0
    text = "".join(page_texts(project / "output/tiny/tiny-cards-heroes.pdf"))
    assert "<Knight>" in text and "Twin’s own back" in text
    assert "Extra 0" not in text and "Extra 1" not in text


def test_a_deck_with_one_cards_template_error_yields_that_error_and_no_sheets(project):
    """pnp.outputs.cards.build_cards: a mistake in the Twin's own back alone (`nmae` on a third line, at its ninth
    column) gives that error and no file, not sheets with the Twin's back missing. Asked of the card sheets' builder:
    `pnp build` writes no output of a game with an error whatever its builders give."""
    from pnp.data.project import Project
    from pnp.outputs.cards import build_cards
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options

    apply_edits(project, [{"file": "templates/tiny/twin-back.j2", "append": "{{ card.nmae }}\n"}])
    loaded = Project(project)
    files, findings = build_cards(Engine(loaded).for_game(loaded.load_game("tiny")[0]), Options(out=project / "output"))
    assert files == []
    assert [(str(f.loc), f.message) for f in findings if f.severity == "error"] == [
        ("templates/tiny/twin-back.j2:3:9", "card has no field 'nmae' (did you mean 'name'?)")]


def test_a_build_stopped_by_a_template_error_also_says_a_deck_too_large_for_the_paper(project):
    """A 300 × 400 mm deck on Letter with a mistake in the Twin's own back: both errors at once, as `pnp validate` says
    them (pnp.pipeline.validate), not the size's only after the template is fixed."""
    apply_edits(project, [{"file": "templates/tiny/twin-back.j2", "append": "{{ card.nmae }}\n"},
                          {"file": DECK, "replace": ["size: poker", "size: 300 x 400"]}])
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 1
    assert [line for line in result.output.splitlines() if ": error: " in line] == [
        "data/tiny/decks/heroes.yaml:2:7: error: Heroes: 300 × 400 mm does not fit on letter with its bleed inside the printer's margin: "
        "make it smaller, or build on a larger paper (--paper a3 or tabloid)",
        "templates/tiny/twin-back.j2:3:9: error: card has no field 'nmae' (did you mean 'name'?) [heroes/twin back]"]


def test_every_card_prints_3_mm_past_its_trim_on_a_bleed_build_whether_drawn_once_or_placed_again(project):
    """`--bleed` prints each card's art 3 mm past its trim, the cards spaced so their bleeds meet: the sheet's top row
    of three poker cards (63.5 mm wide) is one run of the cards' paper colour, 3 × (63.5 + 2 × 3) mm wide, on the fronts
    (a Knight printed once, drawn in place; two Agents, a face placed twice) and on the backs (the deck's shared back)."""
    apply_edits(project, [{"file": DECK, "replace": ["count: 2", "count: 1"]},  # the Knight's: one copy
                          {"file": DECK, "replace": ['player.", count: 2', 'player.", count: 3']}])  # the Agent's: the red cards still six
    assert run_pnp(project, "build", "--bleed", "--only", "cards", "tiny").exit_code == 0
    pdf = project / "output/tiny/tiny-cards-bleed.pdf"
    px = 5  # 127 dpi: 5 pixels a millimetre
    for index in (0, 1):
        page = np.asarray(render_page(pdf, index, 127).convert("RGB"), dtype=np.int16)
        row = page[50 * px, :, 2] < 250  # the game's paper colour #fbf8f0 (blue 240) against the sheet's white, 50 mm down
        edges = np.flatnonzero(np.diff(row.astype(np.int8)))
        runs = [(b - a) / px for a, b in zip(edges[::2], edges[1::2], strict=False) if b - a > px]
        assert len(runs) == 1 and abs(runs[0] - 3 * (63.5 + 6)) < 0.3, (index, runs)


def test_a_word_coloured_in_a_cards_text_prints_in_its_colour_and_the_rest_in_the_texts(built):
    """The Agent's "Swap *one* card with a [blue]blue[/] player.": the word blue in the palette's blue (#2e6da4), the
    words after it back in the text's ink (#1d2433); two Agents on the first sheet."""
    import pdfplumber

    def coloured(hex_value: str) -> str:
        rgb = tuple(round(int(hex_value[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))
        return "".join(c["text"] for c in chars if tuple(round(v, 2) for v in c["non_stroking_color"] or ()) == rgb)

    with pdfplumber.open(built) as pdf:
        chars = pdf.pages[0].chars
        assert coloured("#2e6da4") == "blue" * 2
        assert "player." in coloured("#1d2433")
