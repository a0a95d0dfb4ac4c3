"""A German edition's sheets say everything in their margins in German: footers, the scale bar, print and flip
instructions, fold and cut notes. Read from the PDFs: every character outside the pieces (the faces and boards, which
print the game's own words), in the order the page draws them."""
from __future__ import annotations

import re

import pdfplumber
import pytest
from conftest import ROOT, run_pnp
from printable import faces_of
from pypdf import PdfReader

# Words a sheet's English notes are made of ("sheet 1 of 5 · fronts · print at 100% / actual size", "50 mm: measure to
# check 100 % scale", "cut solid lines, fold dashed ones", "assembly map", ...); none is a German word.
ENGLISH = ("print", "sheet", "fronts", "backs", "measure", "check", "scale", "actual", "size", "double-sided", "flip", "edge",
           "fold", "cut", "solid", "dashed", "glue", "boxes", "dice", "assembly", "reference", "player", "aids", "page", "set", "sets",
           "tuck", "tray", "lid", "piece")


def margin_text(pdf_path) -> list[str]:
    """Per page, the characters drawn outside every face's bleed box, in drawing order."""
    reader = PdfReader(str(pdf_path))
    out = []
    with pdfplumber.open(str(pdf_path)) as pdf:
        for i, page in enumerate(pdf.pages):
            faces = faces_of(reader, i)
            h = float(page.height)
            text = []
            for ch in page.chars:
                x, y = (ch["x0"] + ch["x1"]) / 2, h - (ch["top"] + ch["bottom"]) / 2
                if not any(f.bleed.x0 <= x <= f.bleed.x1 and f.bleed.y0 <= y <= f.bleed.y1 for f in faces):
                    text.append(ch["text"])
            out.append("".join(text))
    return out


@pytest.fixture(scope="module")
def german(tmp_path_factory):
    out = tmp_path_factory.mktemp("de")
    result = run_pnp(ROOT, "build", "organ-match", "--lang", "de", "--out", str(out), "--only", "cards", "--only", "boards",
                     "--only", "reference", "--only", "boxes")
    assert result.exit_code == 0, result.output
    return out / "organ-match"


@pytest.mark.parametrize("kind", ["cards", "boards", "reference", "boxes"])
def test_a_german_build_has_no_english_note_in_its_margins(german, kind):
    pages = margin_text(german / f"organ-match-{kind}-de.pdf")
    assert any(pages), "the sheets print notes in their margins"
    found = sorted({word for text in pages for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)})
    assert not found, f"English in the margins of organ-match-{kind}-de.pdf: {found}: {[t for t in pages if t][:3]}"
