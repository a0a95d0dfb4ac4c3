"""A German edition's sheets say everything in their margins in German: footers, the scale bar, print and flip
instructions, fold and cut notes. Read from the PDFs: every character outside the pieces (the faces and boards, which
print the game's own words), in the order the page draws them."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from printable import laid_out

# Words a sheet's English notes are made of ("sheet 1 of 5 · fronts · print at 100% / actual size", "50 mm: measure to
# check 100 % scale", "cut solid lines, fold dashed ones", "assembly map", ...); none is a German word.
ENGLISH = ("print", "sheet", "fronts", "backs", "measure", "check", "scale", "actual", "size", "double-sided", "flip", "edge",
           "fold", "cut", "solid", "dashed", "glue", "boxes", "dice", "assembly", "reference", "player", "aids", "page", "set", "sets",
           "tuck", "tray", "lid", "piece")


def margin_chars(pdf_path, reader) -> list[list[dict]]:
    """Per page, pdfplumber's characters drawn outside every face's bleed box, in drawing order (each page read once per
    run, through pdfium: conftest.pdfium_reader)."""
    laid = reader.once(pdf_path, "laid-out", laid_out)
    out = []
    for page in reader.pages(pdf_path):
        faces = laid[page.number - 1].faces
        h = page.height
        out.append([ch for ch in page.chars if not any(f.bleed.x0 <= (ch["x0"] + ch["x1"]) / 2 <= f.bleed.x1
                                                         and f.bleed.y0 <= h - (ch["top"] + ch["bottom"]) / 2 <= f.bleed.y1 for f in faces)])
    return out


def margin_text(pdf_path, reader) -> list[str]:
    """Per page, the characters drawn outside every face's bleed box, in drawing order."""
    return ["".join(ch["text"] for ch in chars) for chars in margin_chars(pdf_path, reader)]


def overprinted(chars: list[dict]) -> list[str]:
    """Characters whose boxes overlap by more than a third of a glyph: a footer run into the scale bar's caption."""
    out = []
    for i, a in enumerate(chars):
        for b in chars[i + 1:]:
            w = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            hgt = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if w > (a["x1"] - a["x0"]) / 3 and hgt > (a["bottom"] - a["top"]) / 3 and a["text"].strip() and b["text"].strip():
                out.append(a["text"] + b["text"])
    return out


@pytest.fixture(scope="module")
def german(shared_build):
    """Organ Match's German edition, every output, built once per run (conftest.shared_build, as tests/test_languages.py reads it)."""
    return shared_build("organ-match", "--lang", "de", "--strict") / "organ-match"


@pytest.mark.parametrize("kind", ["cards", "boards", "reference", "boxes"])
def test_a_german_build_has_no_english_note_in_its_margins(german, pdfium_reader, kind):
    pages = margin_text(german / f"organ-match-{kind}-de.pdf", pdfium_reader)
    assert any(pages), "the sheets print notes in their margins"
    found = sorted({word for text in pages for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)})
    assert not found, f"English in the margins of organ-match-{kind}-de.pdf: {found}: {[t for t in pages if t][:3]}"
    clashes = [overprinted(chars) for chars in margin_chars(german / f"organ-match-{kind}-de.pdf", pdfium_reader)]
    assert not any(clashes), f"the German notes run into each other: {[c[:5] for c in clashes if c]}"  # longer words still fit their room


def test_a_german_editions_labels_say_what_they_hold_in_german(german):
    """A bag or box label, and the calibration page's instruction, in the edition's language: "Stapel · 40 Karten, 4
    verschiedene" (the label sheet's maker's product name stays as the maker writes it)."""
    doc = pdfium.PdfDocument(str(german / "organ-match-labels-de.pdf"))
    try:
        text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
    found = [w for w in ("deck", "cards", "different", "tokens", "pieces", "calibration", "plain paper", "hold it", "light")
             if re.search(rf"\b{w}\b", text, re.IGNORECASE)]
    assert not found, f"English on the German labels: {found}\n{text}"
    assert "Stapel · 40 Karten, 4 verschiedene" in text and "Stapel · 96 Karten" in text, text
