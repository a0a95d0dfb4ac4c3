"""A board's assembly marks lie only where assembly hides them (issue 47): registration crosshairs are printed in the
overlap strips, on the waste a tile is cut free of and on the strip its neighbour covers, never on the part of a tile
that shows on the glued board. Read from the PDF of a plain white board: each tile's visible part, between its cut
lines (dashed: cut here; dotted: the neighbour's edge goes here), rasterised with pypdfium2, is white."""
from __future__ import annotations

import numpy as np
import printable as P
import pypdfium2 as pdfium
import streams
from conftest import apply_edits, run_pnp
from pdftext import page_texts

DPI = 150
CLEAR_MM = 0.3  # the cut lines' own strokes (0.4 pt) are left out of the visible part


def visible_parts(pdf_path, reader):
    """(page index, x0, y0, x1, y1 in PDF points, y up) of each tile's part that shows once assembled; the cut lines are
    pdfplumber's, read through pdfium (`reader`: conftest.pdfium_reader)."""
    sheet = streams.Document(pdf_path)
    texts = page_texts(pdf_path)
    out = []
    for page in reader.pages(pdf_path):
        i = page.number - 1
        faces = P.faces_of(sheet, i)
        if len(faces) != 1 or "· tile " not in texts[i]:
            continue
        trim, h = faces[0].trim, float(page.height)
        x0, y0, x1, y1 = trim.x0, trim.y0, trim.x1, trim.y1
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for ln in page.lines:
            if not ln.get("dash") or not ln["dash"][0]:
                continue
            if abs(ln["x0"] - ln["x1"]) < 0.01:
                x = ln["x0"]
                x0, x1 = (max(x0, x), x1) if x < cx else (x0, min(x1, x))
            else:
                y = h - ln["top"]
                y0, y1 = (max(y0, y), y1) if y < cy else (y0, min(y1, y))
        pad = CLEAR_MM * P.MM
        out.append((i, x0 + pad, y0 + pad, x1 - pad, y1 - pad))
    return out


def test_no_assembly_mark_shows_on_the_glued_board(project, pdfium_reader):
    apply_edits(project, [{"file": "templates/tiny/board-town.j2", "write": '{{ rect(0, 0, face.w, face.h, fill="#ffffff") }}\n'}])
    result = run_pnp(project, "build", "--only", "boards", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    pdf_path = project / "out" / "tiny" / "tiny-boards.pdf"
    parts = visible_parts(pdf_path, pdfium_reader)
    assert len(parts) >= 4, parts  # 2 × 2 tiles
    doc = pdfium.PdfDocument(str(pdf_path))
    scale = DPI / 72
    marked = []
    for i, x0, y0, x1, y1 in parts:
        image = np.asarray(doc[i].render(scale=scale).to_pil().convert("L"))
        page_h = image.shape[0] / scale
        window = image[round((page_h - y1) * scale):round((page_h - y0) * scale), round(x0 * scale):round(x1 * scale)]
        dark = int((window < 200).sum())
        if dark:
            marked.append(f"page {i + 1}: {dark} dark pixels in the part that shows")
    assert not marked, marked
