"""MBPrint's file preparation rules (issue #98, item 5): text as outlines (still vector), PDF/X-4, and no text under
6 pt, each read back from the written PDF; the vendor preflight refuses a file that breaks them.

What is expected comes from MBPrint's rules and the PDF/X-4 standard (ISO 15930-7): GTS_PDFXVersion "PDF/X-4" in the
document info and in the XMP metadata (pdfxid namespace), an output intent of subtype GTS_PDFX; a file of outlines has
no font resource at all. The small text is the template's own (size=5 below)."""
from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
import streams
from conftest import run_pnp

from pnp.targets.vendor_pdfx import ghostscript

pytestmark = pytest.mark.skipif(ghostscript() is None, reason="MBPrint's outlines are made with Ghostscript, not installed here")
PDFXID = "{http://www.npes.org/pdfx/ns/id/}GTS_PDFXVersion"


def _export(project: Path, *more: str):
    result = run_pnp(project, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes", *more)
    return result, result.output + result.stderr


def _fonts(resources, seen) -> list:
    if resources is None:
        return []
    found = list(resources.get("/Font", {}).keys())
    for xobject in resources.get("/XObject", {}).values():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            found += _fonts(xobject.get("/Resources"), seen)
    return found


def test_mbprints_file_has_its_text_as_outlines_and_is_pdf_x4(project):
    result, said = _export(project)
    assert result.exit_code == 0, said
    (pdf,) = (project / "output/tiny/vendor-mbprint").glob("*.pdf")
    with pikepdf.open(pdf) as doc:
        seen: set = set()
        assert [f for page in doc.pages for f in _fonts(page.obj.get("/Resources"), seen)] == []
        assert str(doc.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4"
        intents = doc.Root.OutputIntents
        assert len(intents) == 1 and intents[0].S == "/GTS_PDFX"
        xmp = ET.fromstring(doc.Root.Metadata.read_bytes().decode("utf-8").split("?>", 1)[1].rsplit("<?xpacket", 1)[0])
        assert [e.text for e in xmp.iter(PDFXID)] == ["PDF/X-4"]
        assert doc.pdf_version >= "1.6"
        assert all("/TrimBox" in page.obj and "/BleedBox" in page.obj for page in doc.pages)
    # the words are still drawn, as vector paths: no text to extract, no picture standing in for it, a page far from blank
    ops = {op for page in streams.Document(pdf).pages for _, op in streams.throughout(page, set())}
    assert b"Tj" not in ops and b"TJ" not in ops and b"f" in ops | {o for o in ops if o in (b"f*", b"F")}
    doc = pdfium.PdfDocument(str(pdf))
    try:
        assert doc[0].get_textpage().get_text_range().strip() == ""
        pixels = doc[0].render(scale=0.5).to_pil().convert("L")
        assert pixels.getextrema()[0] < 80  # dark ink: the card's words and frame
    finally:
        doc.close()


def test_text_under_6_pt_fails_mbprints_preflight_and_writes_nothing(project):
    hero = project / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    lines.insert(last, '{{ text("Tiny print", 20, 40, 30, 6, size=5) }}')
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result, said = _export(project)
    assert result.exit_code != 0
    # one finding, at the template line that sets it, the words whole (however many cards print them)
    assert result.stderr.count(f"templates/tiny/hero.j2:{last + 1}:1: error: text 'Tiny print' is set at 5 pt; MBPrint prints no text "
                               "under 6 pt") == 1, said
    assert result.stderr.count("vendor-small-text") + result.stderr.count("'Tiny print'") == 1, said
    assert not list((project / "output").glob("tiny/vendor-mbprint/*.pdf"))
    # the file's own check, for text no template line sets, reads the size the text prints at from the PDF as drawn
    from pnp.core.errors import Loc
    from pnp.targets.vendor_preflight import ShopFile, small_text_findings
    from pnp.targets.vendors import vendor_named

    assert run_pnp(project, "export", "tiny", "--vendor", "offset", "--deck", "heroes").exit_code == 0
    (pdf,) = (project / "output/tiny/vendor-offset").glob("*.pdf")
    found = small_text_findings(vendor_named("mbprint"), pdf.read_bytes(), ShopFile("x.pdf", ((Loc("data/tiny/decks/heroes.yaml"), "a front"),)))
    assert [f.message.split(";")[0].split(" sets ")[1] for f in found] == ["'Tiny print' at 5 pt"]


def test_the_vendor_preflight_refuses_a_file_with_fonts_and_no_pdf_x4_marks(project):
    from pnp.core.errors import Loc
    from pnp.targets.vendor_preflight import ShopFile, pdfx4_findings
    from pnp.targets.vendors import vendor_named

    result = run_pnp(project, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    (pdf,) = (project / "output/tiny/vendor-drivethrucards").glob("*.pdf")  # embedded fonts, PDF/X-1a
    found = pdfx4_findings(vendor_named("mbprint"), pdf.read_bytes(), ShopFile("x.pdf", ((Loc("data/tiny/decks/heroes.yaml"), "a front"),)))
    assert {f.code for f in found} == {"vendor-fonts", "vendor-pdfx"} and all(f.severity == "error" for f in found)


def test_a_title_with_an_ampersand_is_well_formed_in_mbprints_xmp_and_the_same_in_its_document_info(project):
    """XMP is XML: a game named 'Heroes & Villains' is written `&amp;` in the packet, read back as the title it is; and
    PDF/X-4 asks the document info and the XMP to agree (ISO 15930-7), so the info titles the file alike: for the game
    and the deck it prints (heroes.yaml's `name`)."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: Tiny Test Game", "title: Heroes & Villains"), encoding="utf-8")
    result, said = _export(project)
    assert result.exit_code == 0, said
    (pdf,) = (project / "output/tiny/vendor-mbprint").glob("*.pdf")
    with pikepdf.open(pdf) as doc:
        packet = doc.Root.Metadata.read_bytes().decode("utf-8").split("?>", 1)[1].rsplit("<?xpacket", 1)[0]
        info = str(doc.docinfo["/Title"])
    xmp = ET.fromstring(packet)
    titles = [li.text for li in xmp.iter("{http://www.w3.org/1999/02/22-rdf-syntax-ns#}li")]
    assert titles == ["Heroes & Villains — Heroes"]
    assert info == "Heroes & Villains — Heroes"


def test_a_deck_without_backs_gets_a_blank_back_page_after_each_front_for_mbprint(project):
    """MBPrint's file per card size is front, back, front, back: a card with no back still has its back page, blank, so
    the 12 heroes make 24 pages and every second one prints nothing."""
    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8").replace("back: tiny/back.j2\n", "").replace(', back: tiny/twin-back.j2', "")
    deck.write_text(text, encoding="utf-8")
    result, said = _export(project)
    assert result.exit_code == 0, said
    (pdf,) = (project / "output/tiny/vendor-mbprint").glob("*.pdf")
    doc = pdfium.PdfDocument(str(pdf))
    try:
        assert len(doc) == 24
        for n in range(1, 24, 2):
            assert doc[n].render(scale=0.2).to_pil().convert("L").getextrema() == (255, 255), f"page {n + 1}"
        assert doc[0].render(scale=0.2).to_pil().convert("L").getextrema()[0] < 80
    finally:
        doc.close()


def test_the_same_game_gives_mbprint_the_same_bytes_again(project):
    """An MBPrint file goes through Ghostscript, which stamps its own identifier on what it writes: the file the shop gets
    is still the same bytes when the same game is exported again, its identifier in the trailer included."""
    result, said = _export(project, "--no-validate")
    assert result.exit_code == 0, said
    folder = project / "output/tiny/vendor-mbprint"
    first = {p.name: p.read_bytes() for p in folder.glob("*.pdf")}
    shutil.rmtree(folder)
    result, said = _export(project, "--no-validate")
    assert result.exit_code == 0, said
    assert list(first) == ["tiny-63.5x88.9mm.pdf"]
    assert {p.name: p.read_bytes() for p in folder.glob("*.pdf")} == first


def test_a_long_small_text_is_named_by_its_first_words_marked_as_cut(project):
    """Words under MBPrint's 6 pt longer than an error can quote are named by their first 29 characters and '…', so the
    designer sees they go on; the error is the template line's, said once."""
    hero = project / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    lines.insert(last, '{{ text("A rule set far too small to read, in the margin", 10, 40, 60, 6, size=5) }}')
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--vendor", "mbprint")
    said = result.output + result.stderr
    assert result.exit_code != 0
    assert result.stderr.count(f"templates/tiny/hero.j2:{last + 1}:1: error: text 'A rule set far too small to r…' is set at 5 pt; MBPrint prints no "
                      "text under 6 pt") == 1, said


def test_mbprints_outlined_file_keeps_the_cards_colours_as_drawn(project):
    """Turning the text into outlines changes no colour (MBPrint prints CMYK, FOGRA39): the heroes' red and blue sides
    are still CMYK fills with cyan, magenta and yellow apart, not greys."""
    result, said = _export(project)
    assert result.exit_code == 0, said
    (pdf,) = (project / "output/tiny/vendor-mbprint").glob("*.pdf")
    fills = {tuple(round(float(v), 2) for v in operands) for page in streams.Document(pdf).pages
             for operands, op in streams.throughout(page, set()) if op in (b"k", b"K") and len(operands) == 4}
    assert any(len({c, m, y}) > 1 for c, m, y, _ in fills), fills
