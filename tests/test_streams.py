"""tests/streams.py reads a content stream as pypdf reads it: the same operators, with the same operand values, and a
page's forms with their own matrix, box and operators (the readers built on it were pypdf's)."""
from __future__ import annotations

import io

import streams
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas


def _sheet(path) -> None:
    """A page that draws a little of everything a sheet does: a clipped piece, a form placed twice, text, a dashed line."""
    c = Canvas(str(path), pagesize=(200, 300), invariant=1)
    c.beginForm("piece", lowerx=-3, lowery=-3, upperx=63.5, uppery=91.5)
    c.setFillColorCMYK(0.1, 0.2, 0.3, 0.4)
    c.rect(0, 0, 60.5, 88.5, stroke=0, fill=1)
    c.endForm()
    c.saveState()
    c.translate(12.25, 20)
    c.doForm("piece")
    c.restoreState()
    c.saveState()
    c.translate(100, 20)
    c.doForm("piece")
    c.restoreState()
    c.setDash([2, 1.5])
    c.setLineWidth(0.4)
    c.line(5, 150.75, 195, 150.75)
    c.drawString(10, 280, "sheet 1 of 2")
    c.showPage()
    c.save()


def _pypdf_ops(reader, stream) -> list:
    return [([_plain(v) for v in operands], op) for operands, op in ContentStream(stream, reader).operations]


def _plain(value):
    """A pypdf operand as the plain value streams.py promises: float, int, str, bytes, list."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str) and not value.startswith("/"):
        return value.encode("latin-1")  # a string operand: pypdf decodes it, streams.py keeps its bytes
    return value


def test_a_pages_operators_and_its_forms_read_as_pypdf_reads_them(tmp_path):
    pdf = tmp_path / "sheet.pdf"
    _sheet(pdf)
    reader, page = PdfReader(pdf), streams.Document(pdf).page(0)
    ours = [(list(operands), op) for operands, op in page.operations]
    assert ours == _pypdf_ops(reader, reader.pages[0].get_contents())
    assert ([1, 0, 0, 1, 12.25, 20], b"cm") in ours and ([[2, 1.5], 0], b"d") in ours and ([0.4], b"w") in ours
    placed = [operands[0] for operands, op in ours if op == b"Do"]
    assert len(placed) == 2 and placed[0] == placed[1] and placed[0].startswith("/")
    form = page.xobjects[placed[0]]
    assert (form.subtype, form.bbox, form.matrix) == ("/Form", (-3, -3, 63.5, 91.5), (1, 0, 0, 1, 0, 0))
    pypdf_form = reader.pages[0]["/Resources"]["/XObject"][placed[0]].get_object()
    assert [(list(o), op) for o, op in form.operations] == _pypdf_ops(reader, pypdf_form)
    assert ([0.1, 0.2, 0.3, 0.4], b"k") in [(list(o), op) for o, op in form.operations]
    assert (page.width, page.height) == (200, 300)


def test_throughout_reads_a_form_two_pages_share_once(tmp_path):
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1)
    c.beginForm("mark")
    c.line(0, 0, 5, 0)
    c.endForm()
    for _ in range(2):
        c.doForm("mark")
        c.showPage()
    c.save()
    pdf = tmp_path / "two.pdf"
    pdf.write_bytes(buf.getvalue())
    doc, seen = streams.Document(pdf), set()
    first, second = (list(streams.throughout(doc.page(i), seen)) for i in range(2))
    assert [op for _, op in first].count(b"l") == 1  # the form's line, read with the first page
    assert b"l" not in [op for _, op in second] and b"Do" in [op for _, op in second]
