"""The text a PDF's pages show, read through pdfium (pypdfium2), for the tests that check what a page says.

pypdf's `extract_text` is pure Python: it parses every content stream and every font's ToUnicode map again for each
page, and took 1.5 s for a shipped rulebook that pdfium (C, already a dependency for rasterising) reads in 0.03 s.
Both readers take the characters from the same ToUnicode maps, so they find the same characters: on the 236 pages of
a five-game build (`python -m pnp build`, November 2026) both read the same characters, page for page, in the same
order on 221 pages; they differ in whitespace, and on 15 pages in the order of text drawn out of reading order. What
differs, and what this module does:

- pdfium ends a line with `\\r\\n`, pypdf with `\\n`: each `\\r\\n` becomes `\\n` here, so a test may split lines.
- pdfium puts a space between two words drawn apart on one baseline (a card's name and its `v1.0` stamp, `4` and
  `difficulty` drawn as two strings) where pypdf glued them (`Cartelv1.0`); it keeps a list's bullet or number on
  its item's line where pypdf broke after it. Left as pdfium reads them: that is how the page reads.
- pdfium starts a new line where a run in another font sits on a line (a fallback font's `→` in card text), and
  may join the next line's first word to it (`away.3`): a test that looks for a phrase across such a run compares
  words (`flat`), not lines.
- Text objects drawn out of reading order (a turned footer, a token's back, a box's side panels) can come in
  another order than pypdf's; a test that needs an order asks for it on one line or one page.
- pdfium reads a hyphen that ends a line inside a word (a justified rulebook's `characteristi-`) as a hyphen mark,
  `\\ufffe`, and joins the next line to it: each becomes `-\\n` here, the hyphen and the line end the page prints.
  No soft hyphens or ligature characters appear in pnp's PDFs (reportlab draws none); a test that meets one should
  add it here, not in its own file.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pypdfium2 as pdfium


def page_texts(pdf: str | Path | bytes, pages: Iterable[int] | None = None) -> list[str]:
    """Each page's text (or the pages numbered in `pages`, from 0), lines ending in `\\n`; `pdf` is a path or bytes."""
    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        out = []
        for i in range(len(doc)) if pages is None else pages:
            page = doc[i]
            text = page.get_textpage()
            out.append(text.get_text_range().replace("\r\n", "\n").replace("\ufffe", "-\n"))
            text.close()
            page.close()
        return out
    finally:
        doc.close()


def pdf_text(pdf: str | Path | bytes, sep: str = "\n") -> str:
    """All the pages' text, joined by `sep`."""
    return sep.join(page_texts(pdf))


def flat(text: str) -> str:
    """`text` with every run of whitespace (line ends included) as one space: the words as a reader reads them."""
    return " ".join(text.split())
