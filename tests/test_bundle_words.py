"""The bundle's own pages speak the edition's language (issue 78): a German bundle of Organ Match says its cover line,
contents, checklist, print settings, assembly steps and credits in German, with none of pnp's English words; an Arabic
one says them in Arabic, set from the right; and every word a table gives the bundle has a glyph in the bundle's font
or in a fallback font pnp ships.

The pages are drawn in-process as `pnp bundle` draws them (pnp.targets.bundle.front_matter, credits_pdf), for parts of
every kind placed as the bundle places them, without building the components: the words are what is tested here (the
CLI's German bundle is tests/test_language_commands.py's)."""
from __future__ import annotations

import io
import re
import string
import unicodedata
from types import SimpleNamespace as NS

import pytest
from conftest import ROOT
from pdftext import flat, page_texts

from pnp.data.kinds import print_order
from pnp.data.words import shipped_languages, table_of
from pnp.outputs.options import Options

OWN = ("contents", "component", "count", "details", "players")  # the rulebook's words the bundle's pages say too


def _fragments(text: str) -> list[str]:
    """The runs of words of a table's text between its `{…}` places, each of at least four letters."""
    runs = (literal.strip(" .,:;()") for literal, _, _, _ in string.Formatter().parse(text))
    return [run for run in runs if sum(c.isalpha() for c in run) >= 4]


def _english_said_otherwise(language: str) -> list[str]:
    """pnp's English words for the bundle that `language`'s table says in words of its own."""
    english, table = table_of("en"), table_of(language)
    keys = [k for k in english if (k.startswith("bundle_") or k in OWN) and table[k] != english[k]]
    return sorted({run for k in keys for run in _fragments(english[k]) if run not in table[k]})


def _pages(gctx, voice, fonts) -> tuple[bytes, bytes]:
    """(front pages, credits page) of `gctx`'s bundle on Letter, with a part of every kind pnp builds."""
    from pnp.targets.bundle import Part, back_facts, credit_lines, credits_pdf, front_matter, front_matter_pdf, place, stock_of
    from pnp.targets.bundle_pages import BackCover

    parts = [Part(k.name, voice.say(f"bundle_part_{k.name}"), b"", 4, "long" if k.name in ("cards", "tokens") else None,
                  stock=stock_of(gctx, k.name, "letter", voice)) for k in print_order()]
    tail = [Part("feedback", voice.say("bundle_feedback"), b"", 2, None), Part("credits", voice.say("bundle_credits"), b"", 1, None)]
    placed, _ = place([*parts, *tail], 3)
    front = front_matter_pdf(front_matter(gctx, "letter", parts, placed, Options(paper="letter"), voice, False), fonts, voice)
    spec = gctx.game.spec
    return front, credits_pdf(BackCover(spec.title, spec.pitch or "", back_facts(spec, voice), version="1.0"), "letter", credit_lines(gctx, voice), fonts, voice)


@pytest.fixture(scope="module")
def german() -> str:
    """The text of Organ Match's German bundle's own pages, words joined across lines."""
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.targets.bundle import bundle_fonts, bundle_voice

    project = Project(ROOT, "de")
    gctx = Engine(project).for_game(project.load_game("organ-match")[0])
    fonts = bundle_fonts(gctx)
    front, credits = _pages(gctx, bundle_voice(gctx, fonts), fonts)
    return flat(" ".join(page_texts(front) + page_texts(credits)))


def test_a_german_bundle_of_organ_match_says_its_own_pages_in_german(german):
    de = table_of("de")
    for key in ("contents", "bundle_checklist", "bundle_settings", "bundle_assembly", "bundle_credits", "bundle_long_edge", "bundle_this_paper",
                "bundle_left_out", "bundle_part_rulebook", "bundle_feedback"):
        assert flat(de[key]) in german, f"{key}: {de[key]!r} not on the German pages"
    assert "Karten 63,5 × 88,9 mm, 12 verschiedene" in german, "a deck's detail, with the German decimal comma"
    assert "Wer mag, steckt die Karten in Hüllen: 160 Hüllen 63,5 × 88,9 mm (Einfluss, Organe und Patienten)" in german
    said = [run for run in _english_said_otherwise("de") if re.search(rf"(?<!\w){re.escape(run)}(?!\w)", german)]
    assert not said, f"English words on the German bundle's pages: {said}"


@pytest.fixture(scope="module")
def german_edition():
    """Organ Match's German edition as `pnp bundle --lang de` reads it: (game context, voice, fonts)."""
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.targets.bundle import bundle_fonts, bundle_voice

    project = Project(ROOT, "de")
    gctx = Engine(project).for_game(project.load_game("organ-match")[0])
    fonts = bundle_fonts(gctx)
    return gctx, bundle_voice(gctx, fonts), fonts


def test_a_german_bundle_sizes_the_label_sheet_in_millimetres_with_its_decimal_comma(german):
    """Avery 5160's slots are 2⅝ × 1 inch (Avery's template), 66.675 × 25.4 mm: a German edition says so in mm, not 'in'."""
    assert "Avery 5160 · 66,67 × 25,4 mm · 3 × 10" in german, german
    assert "⅝" not in german and not re.search(r"\d in\b", german), "inches on a German page"


def test_a_german_feedback_sheet_names_the_organs_in_german(german_edition):
    """The organ deck's rows are named by its `organ` and `category` values: the German edition prints them as the game's
    strings say them in German (Leber, Lavendel), as its cards do."""
    from pnp.targets.feedback import feedback_decks, feedback_pdf

    gctx, voice, fonts = german_edition
    text = flat(" ".join(page_texts(feedback_pdf("Organ Match", "1.0", feedback_decks(gctx.game), "a4", fonts, voice))))
    assert "Leber · Lavendel" in text and "Lunge · Blau" in text, text
    assert not re.search(r"\b(liver|heart|lungs) · ", text), "English organ names on the German sheet (the ids stay as the data spells them)"


def test_a_german_read_me_names_the_paper_in_german(german_edition):
    from pnp.targets.bundle import readme_text

    _, voice, _ = german_edition
    first = readme_text("Organ Match", "letter", [], voice).splitlines()[0]
    assert first == "Organ Match: Print-and-Play-Dateien (US-Letter)", first


def test_a_german_label_sheet_calibration_page_writes_its_decimal_comma(tmp_path):
    """`pnp build --only labels` in German: the calibration page names the sheet with decimal commas."""
    from conftest import run_pnp

    result = run_pnp(ROOT, "build", "organ-match", "--lang", "de", "--only", "labels", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    last = flat(page_texts(tmp_path / "organ-match" / "organ-match-labels-de.pdf")[-1])
    assert "Probedruck · Avery 5160 · 66,67 × 25,4 mm · 3 × 10" in last, last


def _voice_of(language: str):
    """The bundle's voice for an edition in `language`, as pnp.targets.bundle.bundle_voice makes it, with the bundled fonts."""
    from pnp.layout.fonts import FontBook
    from pnp.targets.feedback import Fonts

    book = FontBook()
    fonts = Fonts(book.font_name("noto-sans"), book.font_name("noto-sans", bold=True))
    from pnp.targets.bundle import bundle_voice

    return bundle_voice(NS(fonts=book, game=NS(language=language, spec=NS(strings={}))), fonts), fonts


def test_an_arabic_bundle_says_its_pages_in_arabic_from_the_right():
    """The print settings in Arabic letters (read back in reading order, joining forms as their letters), no English
    word of pnp's on the page, the heading flush with the right margin and the table's first column at the right."""
    import pdfplumber

    from pnp.targets.bundle_pages import FrontMatter, PlacedPart, front_matter_pdf

    voice, fonts = _voice_of("ar")
    ar = table_of("ar")
    parts = (PlacedPart(ar["bundle_part_cards"], 3, 6, "long"), PlacedPart(ar["bundle_part_rulebook"], 9, 4, None))
    fm = FrontMatter("Organ Match", "", "", "", "letter", 5.0, False, parts, (), (voice.say("bundle_step_boxes"),), (voice.say("bundle_left_out_booklet"),))
    pdf = front_matter_pdf(fm, fonts, voice)
    text = flat(unicodedata.normalize("NFKC", " ".join(page_texts(pdf))))
    for key in ("bundle_settings", "bundle_one_sided", "bundle_this_paper", "bundle_assembly", "bundle_left_out"):
        assert flat(ar[key]) in text, f"{key}: {ar[key]!r} not read back"
    said = [run for run in _english_said_otherwise("ar") if run in text]
    assert not said, f"English words on the Arabic pages: {said}"
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[-1]
        width, chars = page.width, [dict(c, text=unicodedata.normalize("NFKC", c["text"])) for c in page.chars]
    right = width - 18 * 72 / 25.4 - 6  # where the text column ends: 18 mm of margin and the frame's 6 pt of padding
    heading = _x_of(chars, ar["bundle_settings"])
    assert abs(heading[1] - right) < 1, f"the heading ends at {heading[1]:.1f} pt, the right margin is {right:.1f}"
    pages, print_on = (_x_of(chars, ar[key])[0] for key in ("bundle_pages", "bundle_print_on"))
    assert pages > print_on, f"the table's first column stands at the right: {pages:.1f}, its last at {print_on:.1f}"


def _x_of(chars: list[dict], word: str) -> tuple[float, float]:
    """(left, right) in points of `word` on the page, drawn right to left: its letters in visual order, last first."""
    for top in sorted({round(c["top"]) for c in chars}):
        line = sorted((c for c in chars if round(c["top"]) == top), key=lambda c: c["x0"])
        starts, text = [], ""
        for c in line:
            starts += [len(text)] * len(c["text"])
            text += c["text"]
        at = text.find(word.replace(" ", "")[::-1])
        if at >= 0:
            inside = line[starts[at]:starts[at + len(word.replace(" ", "")) - 1] + 1]
            return min(c["x0"] for c in inside), max(c["x1"] for c in inside)
    raise AssertionError(f"{word!r} is not on the page drawn right to left")


@pytest.mark.parametrize("language", shipped_languages())
def test_every_bundle_word_has_a_glyph(language):
    """Each character of each of the table's bundle and feedback-sheet words is in the bundle's font (regular and bold) or in a fallback
    font pnp ships, so no page of the bundle draws an empty box."""
    voice, fonts = _voice_of(language)
    text = "".join(v for k, v in table_of(language).items() if k.startswith(("bundle_", "feedback_")) or k in OWN)
    for font in (fonts.regular, fonts.bold):
        lacking = sorted({c for c in text if not c.isspace() and voice.font_for(c, font) is None and not _has(voice, c, font)})
        assert not lacking, f"{language}: no font draws {lacking}"


def _has(voice, char: str, font: str) -> bool:
    """`font` itself has `char` (font_for says None then); a fallback font that has it is a name."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return ord(char) in getFont(font).face.charToGlyph


@pytest.mark.parametrize(("line", "rtl", "drawn"), [
    ("ورق (8.5 × 11) مم", True, "مم (11 × 8.5) قرو"),  # brackets at a right-to-left level: each drawn as its mirror (Unicode rule L4)
    ("اطبع «ملاءمة» الآن", True, "نآلا «ةمءالم» عبطا"),
    ("A4 (210 × 297 مم)", True, "(مم 210 × 297) A4"),
    ("שלום (Apache 2.0) עולם", False, "םולש (Apache 2.0) םלוע"),  # a left-to-right line: its brackets stand as typed
    ("abc (def) ghi", True, "abc (def) ghi"),  # a Latin phrase in a right-to-left line: its brackets at a left-to-right level
    ("ورق (8.5) مم ", None, "مم (8.5) قرو "),  # a sheet's margin line (pnp.render.pdf.line_runs): its trailing space stays last
])
def test_a_bracket_in_a_right_to_left_line_is_drawn_as_its_mirror(line, rtl, drawn):
    """The bundle's, rulebook's and reference's right-to-left lines put "(8.5 مم)" as a reader of Arabic reads it, where
    python-bidi's order alone printed ")8.5 مم(" (pnp.layout.bidi.visual)."""
    from pnp.layout.bidi import visual

    assert visual(line, rtl) == drawn


@pytest.mark.parametrize(("language", "one_sided"), [("en", "Tokens (one-sided)"), ("de", "Marker (einseitig)")])
def test_the_one_sided_tokens_part_is_named_one_sided_in_the_editions_words(language, one_sided):
    """A game whose token sets print both ways has two token PDFs (pnp.outputs.tokens.token_files): the contents and
    print settings name them by the kind, the one-sided one said so, never by their file names."""
    from pathlib import Path

    from pnp.targets.bundle import part_title

    voice, _ = _voice_of(language)
    title = voice.words["bundle_part_tokens"]
    pdfs = [Path("game-tokens.pdf"), Path("game-tokens-one-sided.pdf")]
    assert [part_title(title, p, pdfs, voice) for p in pdfs] == [title, one_sided]


def test_a_projects_own_font_is_credited_without_a_licence_pnp_cannot_know(tmp_path):
    """A bundled font is credited with the licence its folder ships (Noto: the SIL Open Font License); a font the project
    brings has no such file beside it, so the credit says it keeps the licence it came with, never a guessed one."""
    import shutil

    from pnp.core.assets import BUNDLED_FONTS
    from pnp.layout.fonts import FontBook
    from pnp.targets.bundle import font_credit

    (tmp_path / "fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\n", encoding="utf-8")
    shutil.copy(BUNDLED_FONTS / "noto" / "NotoSans-Regular.ttf", tmp_path / "Mine.ttf")
    book = FontBook([BUNDLED_FONTS, tmp_path])
    voice, _ = _voice_of("en")
    assert font_credit(book, "noto-sans", voice) == "Typeface noto-sans: SIL Open Font License 1.1."
    assert font_credit(book, "mine", voice) == "Typeface mine: the project's own font, under the licence it came with."


@pytest.mark.parametrize(("language", "margin", "short", "long"), [
    ("en", "at least 4.2 mm inside", "double-sided, flip on the short edge", "double-sided, flip on the long edge"),
    ("de", "mindestens 4,2 mm vom", "beidseitig, an der kurzen Kante wenden", "beidseitig, an der langen Kante wenden")])
def test_the_print_settings_say_the_printers_margin_to_a_tenth_and_each_runs_flip_edge(language, margin, short, long):
    """A laser printer's profile keeps 4.23 mm (1/6 inch) off the edge: the print settings say 4.2 mm, not a rounded 4,
    and tell a run printed to flip on the short edge from one flipped on the long edge (a printer's driver asks which)."""
    from pnp.targets.bundle_pages import FrontMatter, PlacedPart, front_matter_pdf

    voice, fonts = _voice_of(language)
    parts = (PlacedPart("Aids", 3, 4, "short"), PlacedPart("Cards", 7, 6, "long"))
    fm = FrontMatter("Tiny Test Game", "", "", "", "letter", 4.23, False, parts, (), ())
    text = flat(" ".join(page_texts(front_matter_pdf(fm, fonts, voice))))
    assert margin in text, text
    assert re.search(rf"3–6 Aids {re.escape(short)}", text) and re.search(rf"7–12 Cards {re.escape(long)}", text), text
