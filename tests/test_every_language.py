"""Every language pnp ships its words in prints them: a `pnp new` game whose edition is in that language builds with
no finding (the fit and glyph checks of every face, page and label), and its PDFs hold pnp's words in that language,
read back as text. A character no bundled font has is named with a free font that has it."""
from __future__ import annotations

import unicodedata

import pypdfium2 as pdfium
import pytest
from conftest import run_pnp

from pnp.cli.scaffold import scaffold_files
from pnp.data.words import _tables
from pnp.layout.scripts import missing_message

GAME = "crystal-caves"


def _scaffold(root, language: str):
    """A fresh `pnp new` project whose game's one edition (its source) is in `language`."""
    for rel, text in scaffold_files(GAME).items():
        if rel.endswith("game.yaml"):
            text = text.replace("\ntitle:", f"\nlanguages: [{language}]\ntitle:", 1)
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def pdf_text(path) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


@pytest.mark.parametrize("language", ["ja"])
def test_a_scaffold_edition_builds_whole_with_pnps_words(tmp_path, language):
    """The issue's "Japanese and Arabic scaffold editions build with pnp's words": every output, --strict."""
    root = _scaffold(tmp_path, language)
    result = run_pnp(root, "build", GAME, "--strict")
    assert result.exit_code == 0, result.output
    assert "error" not in result.output and "warning" not in result.output, result.output
    words = _tables()[language]
    out = root / "output" / GAME
    rules = read_as_written(pdf_text(out / f"{GAME}-rulebook.pdf"))
    assert words["contents"] in rules and words["component"] in rules, rules[:400]
    labels = read_as_written(pdf_text(out / f"{GAME}-labels.pdf"))
    assert words["label_cards"].format(n=18) in labels, labels[:400]


def read_as_written(text: str) -> str:
    """PDF text as its words are written: Arabic's joining forms back to its letters, and a right-to-left line (drawn
    from its right end leftwards: its characters come out last first) turned back into reading order."""
    text = unicodedata.normalize("NFKC", text)
    return "\n".join(line[::-1] if any(unicodedata.bidirectional(c) in ("R", "AL") for c in line) else line for line in text.splitlines())


def test_a_character_no_font_has_is_named_with_its_script_and_a_free_font_that_has_it():
    said = missing_message({"क", "ก", "⛧"}, "the rulebook's fonts")
    assert "'क' (U+0915)" in said and "'⛧' (U+26E7)" in said
    assert "Devanagari: Noto Sans Devanagari" in said and "Thai: Noto Sans Thai" in said and "fonts/fonts.yaml" in said


def test_a_symbol_from_the_fallback_never_reads_the_cjk_font():
    """The fallback families are read in order only as far as a character needs: ★ is in Noto Sans Symbols 2, so a
    game with stars does not read the 3 MB CJK font at the end of the list; 語 does."""
    from pnp.layout.fonts import FontBook
    from pnp.layout.typeset import Typesetter

    fonts = FontBook()
    setter = Typesetter(fonts)
    body = fonts.font_name("noto-sans")
    missing: set = set()
    setter._covered("a ★", body, False, missing)
    assert not missing and not any(family == "droid-sans-fallback" for family, _, _ in fonts.registered())
    assert setter._covered("語", body, False, missing)[0][1] == fonts.font_name("droid-sans-fallback") and not missing
