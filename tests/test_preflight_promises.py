"""What the vendor preflight refuses, and how it says so (issue 101): each file read back against the vendor's own numbers,
and MBPrint's outlining through Ghostscript, its failures said with the codes the exports page lists.

Expected values are the vendors' published numbers as recorded with their sources in pnp/targets/vendors.py, written
out here: DriveThruCards' poker card 2.5 × 3.5 in with 1/8 in of bleed (a page of 2.75 × 3.75 in, 198 × 270 pt),
back then front; MBPrint's smallest text 6 pt and PDF/X-4. The files are drawn here with reportlab, altered by hand
with pikepdf (a page cut short, a page too tall, pages swapped, a blank page) or written by hand with it (a font, a colour,
a picture, a transparency, a page's boxes, as the PDF 1.7 reference defines them), never by the exporter; a Ghostscript
that fails is a script on PATH. Each test is a few direct calls of the documented checks, or one `pnp validate --vendor`.
"""
from __future__ import annotations

import io
import json
import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pikepdf
import pytest
from conftest import run_pnp
from PIL import Image
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from pnp.core.errors import Loc
from pnp.targets.vendor_pdfx import outlined_pdfx4
from pnp.targets.vendor_preflight import Expect, ShopFile, check_file, pdfx4_findings, small_text_findings
from pnp.targets.vendors import POD, vendor_named

DOCS = Path(__file__).resolve().parent.parent / "docs" / "exports.md"
PT = 72 / 25.4
DTC_PAGE = (198.0, 270.0)  # DriveThruCards' poker page: 2.5 × 3.5 in and 1/8 in of bleed a side, in points
DTC_MM = (69.85, 95.25)
FOGRA39 = ("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)")
DECK = Loc("data/tiny/decks/heroes.yaml", 2, 7)  # where the deck a shop's file shows is declared (its `size` line)
SQUARE = b" 10 10 80 80 re f"  # a content stream's square, filled in the colour set before it


def _shop(name: str) -> ShopFile:
    """A shop's file of that name whose pages show the fronts of one deck, as the export names it to the file's checks."""
    return ShopFile(name, ((DECK, "a front of Heroes"), (DECK, "a back of Heroes"), (DECK, "a front of Heroes")))
SANS = "DejaVu Sans"  # an embedded font for every page drawn here: reportlab names one on every page, used or not
pdfmetrics.registerFont(TTFont(SANS, str(Path(__file__).resolve().parent.parent / "fonts/dejavu/DejaVuSans.ttf")))


def _documented_codes() -> set[str]:
    """The finding codes the exports page lists under its vendor checks."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("### What a vendor's checks say", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([a-z-]+)` \|", section, re.M))


def _pdf(path: Path, pages: list, size=DTC_PAGE, boxes: bool = False) -> bytes:
    """A PDF of `pages`, each a function drawing on the canvas; with `boxes`, DriveThruCards' TrimBox and BleedBox."""
    c = canvas.Canvas(str(path), pagesize=size, invariant=1, initialFontName=SANS)
    for draw in pages:
        if boxes:
            c.setTrimBox((9, 9, size[0] - 9, size[1] - 9))
            c.setBleedBox((0, 0, *size))
        draw(c)
        c.showPage()
    c.save()
    return path.read_bytes()


def _square(x: float):
    def draw(c):
        c.setFillColorCMYK(0, 0, 0, 1)
        c.rect(x, 20, 40, 40, fill=1, stroke=0)
    return draw


def _words(*runs: tuple[str, float, float]):
    """A page setting each (words, size, scale) at its size, drawn under a matrix scaled by `scale`."""
    def draw(c):
        for i, (words, size, scale) in enumerate(runs):
            c.saveState()
            c.translate(10, 20 + 30 * i)
            c.scale(scale, scale)
            c.setFont(SANS, size)
            c.drawString(0, 0, words)
            c.restoreState()
    return draw


def _errors(found) -> list[tuple[str, str]]:
    return [(f.code, f.message) for f in found if f.severity == "error"]


# --- a PDF's pages against the vendor's numbers ------------------------------------------------------------------------

def test_a_page_off_the_vendors_size_by_more_than_a_hundredth_of_a_point_is_refused_naming_both_sizes_in_mm(tmp_path):
    dtc = vendor_named("drivethrucards")
    expect = Expect(page_mm=DTC_MM, pages=(0,))

    def sized(w: float, h: float) -> list:
        return _errors(check_file(dtc, _pdf(tmp_path / "a.pdf", [_square(20)], size=(w, h)), "cards.pdf", expect))

    assert sized(198, 270) == [] and sized(198.005, 269.995) == []
    assert check_file(dtc, _pdf(tmp_path / "a.pdf", [_square(20)]), "cards.pdf", expect) == []  # nor a warning: a page may hold no text
    assert sized(199, 270) == [("vendor-page-size", "page 1 is 70.20 × 95.25 mm; DriveThruCards needs 69.85 × 95.25 mm")]
    assert sized(198, 269) == [("vendor-page-size", "page 1 is 69.85 × 94.90 mm; DriveThruCards needs 69.85 × 95.25 mm")]
    assert sized(198.02, 270) != []
    (wide,) = check_file(dtc, _pdf(tmp_path / "a.pdf", [_square(20)], size=(199, 270)), "cards/a.pdf", expect)
    assert wide.loc.path == "cards/a.pdf"


def test_a_page_a_face_needs_its_trimbox_and_bleedbox_at_the_vendors_bleed(tmp_path):
    """DriveThruCards' 1/8 in bleed: a TrimBox 9 pt inside the page and a BleedBox the page pass; no boxes, or a TrimBox
    3 mm in (another vendor's bleed), are refused. A file that is not a face a page is not asked for boxes."""
    dtc = vendor_named("drivethrucards")
    expect = Expect(page_mm=DTC_MM, trim_mm=(63.5, 88.9), pages=(0,))
    boxed = _pdf(tmp_path / "a.pdf", [_square(20)], boxes=True)
    assert _errors(check_file(dtc, boxed, "a.pdf", expect)) == []
    bare = _pdf(tmp_path / "b.pdf", [_square(20)])
    assert _errors(check_file(dtc, bare, "b.pdf", expect)) == [("vendor-boxes", "page 1 has no TrimBox")]
    assert {f.loc.path for f in check_file(dtc, bare, "cards/b.pdf", expect)} == {"cards/b.pdf"}
    two = Expect(page_mm=DTC_MM, trim_mm=(63.5, 88.9), pages=(0, 0))  # a page short as well: both said
    assert sorted(code for code, _ in _errors(check_file(dtc, bare, "b.pdf", two))) == ["vendor-boxes", "vendor-pages"]
    assert _errors(check_file(dtc, bare, "b.pdf", Expect(page_mm=DTC_MM, pages=(0,)))) == []
    with pikepdf.open(tmp_path / "a.pdf") as doc:
        b = 3 * PT
        doc.pages[0].obj.TrimBox = [b, b, 198 - b, 270 - b]
        doc.save(tmp_path / "c.pdf")
    assert [code for code, _ in _errors(check_file(dtc, (tmp_path / "c.pdf").read_bytes(), "c.pdf", expect))] == ["vendor-boxes"]


def _boxed(media: list, trim: list | None, bleed: list | None) -> bytes:
    """A page of a square in black with these MediaBox, TrimBox and BleedBox (a box None: left out)."""
    with pikepdf.open(io.BytesIO(_hand_pdf((b"0 0 0 1 k" + SQUARE, None)))) as doc:
        page = doc.pages[0].obj
        page.MediaBox = media
        for key, box in (("/TrimBox", trim), ("/BleedBox", bleed)):
            if box is not None:
                page[key] = box
        out = io.BytesIO()
        doc.save(out)
        return out.getvalue()


PAGE_AT = [10, 20, 208, 290]  # DriveThruCards' 198 × 270 pt page, its corner away from the origin, as a page may be
TRIM_AT = [19, 29, 199, 281]  # 1/8 in (9 pt) inside it


@pytest.mark.parametrize(("media", "trim", "bleed", "refused"), [
    (PAGE_AT, TRIM_AT, PAGE_AT, []),
    ([10, 20, 208.005, 289.995], [19.005, 28.995, 199, 281.005], [10.005, 20, 208, 290.005], []),  # within a hundredth of a point
    ([-9, -9, 189, 261], [0.01, 0, 180, 252], [-9, -9, 189, 261], []),  # a hundredth of a point exactly, to the bit: taken
    ([0, 0, 198, 270], [9, 9, 189, 261], [0.01, 0, 198, 270], []),
    (PAGE_AT, TRIM_AT, None, ["page 1 has no BleedBox"]),
    (PAGE_AT, None, None, ["page 1 has no TrimBox"]),
    (PAGE_AT, [19, 29, 199, 280], PAGE_AT, ["page 1: TrimBox [19.0, 29.0, 199.0, 280.0] is not the page less 3.175 mm of bleed"]),
    (PAGE_AT, [18.98, 29, 199, 281], PAGE_AT, ["page 1: TrimBox [18.98, 29.0, 199.0, 281.0] is not the page less 3.175 mm of bleed"]),
    (PAGE_AT, TRIM_AT, [10, 20, 208, 289], ["page 1: BleedBox [10.0, 20.0, 208.0, 289.0] differs from the MediaBox [10.0, 20.0, 208.0, 290.0]"]),
    (PAGE_AT, TRIM_AT, [10, 20.02, 208, 290], ["page 1: BleedBox [10.0, 20.02, 208.0, 290.0] differs from the MediaBox [10.0, 20.0, 208.0, 290.0]"]),
    ([10, 20, 209, 290], [19, 29, 200, 281], [10, 20, 209, 290], ["page 1 is 70.20 × 95.25 mm; DriveThruCards needs 69.85 × 95.25 mm"]),
    ([10, 20, 208, 291], [19, 29, 199, 282], [10, 20, 208, 291], ["page 1 is 69.85 × 95.60 mm; DriveThruCards needs 69.85 × 95.25 mm"]),
    ([10, 20, 209, 290], TRIM_AT, PAGE_AT, ["page 1 is 70.20 × 95.25 mm; DriveThruCards needs 69.85 × 95.25 mm"]),  # boxes left: one mistake
    ([10, 20, 209, 290], None, PAGE_AT, ["page 1 is 70.20 × 95.25 mm; DriveThruCards needs 69.85 × 95.25 mm", "page 1 has no TrimBox"]),
], ids=["boxes-right", "within-tolerance", "trim-a-hundredth-off", "bleed-a-hundredth-off", "no-bleedbox", "no-boxes", "trim-short",
        "trim-wide", "bleed-short", "bleed-moved", "page-wide", "page-tall", "page-wide-boxes-left", "page-wide-no-trimbox"])
def test_a_face_pages_boxes_are_the_page_its_trim_and_bleed_as_the_vendor_asks(media, trim, bleed, refused):
    """DriveThruCards' poker card: a page of 2.5 × 3.5 in and 1/8 in a side (198 × 270 pt), its TrimBox 9 pt inside the
    MediaBox and its BleedBox the MediaBox, to a hundredth of a point (0.01 pt off is taken), wherever the page's corner
    lies; each box that is missing or elsewhere is said with its numbers, a page of another size with both sizes in mm,
    once: its boxes, which then cannot be the page's, are not a second finding, though a box left out is."""
    found = check_file(vendor_named("drivethrucards"), _boxed(media, trim, bleed), "a.pdf",
                       Expect(page_mm=DTC_MM, trim_mm=(63.5, 88.9), pages=(0,)))
    assert [m for _, m in _errors(found)] == refused


def test_a_file_with_a_page_more_or_less_than_its_plan_is_refused_saying_both_counts(tmp_path):
    dtc = vendor_named("drivethrucards")
    data = _pdf(tmp_path / "a.pdf", [_square(10), _square(50)])
    (found,) = _errors(check_file(dtc, data, "deck.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 0))))
    assert found == ("vendor-pages", "has 2 pages; DriveThruCards needs 3")
    (found,) = _errors(check_file(dtc, data, "deck.pdf", Expect(page_mm=DTC_MM, pages=(0,))))
    assert found == ("vendor-pages", "has 2 pages; DriveThruCards needs 1")
    (one,) = check_file(dtc, data, "cards/deck.pdf", Expect(page_mm=DTC_MM, pages=(0,)))
    assert one.loc.path == "cards/deck.pdf"


def test_pages_that_draw_alike_must_be_planned_alike_to_the_last_page(tmp_path):
    """A file drawing A, B, A passes the plan 0, 1, 0 and is refused at page 3 by the plan 0, 1, 1; B drawn twice at
    its end is refused by the plan 0, 1, 2 at its last page; a page left blank (no content at all) is a drawing of its own."""
    dtc = vendor_named("drivethrucards")
    aba = _pdf(tmp_path / "aba.pdf", [_square(10), _square(50), _square(10)])
    assert _errors(check_file(dtc, aba, "x.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 0)))) == []
    assert _errors(check_file(dtc, aba, "x.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 1)))) == [
        ("vendor-page-order", "page 3 draws what another page of other content draws: the page order is wrong")]
    abb = _pdf(tmp_path / "abb.pdf", [_square(10), _square(50), _square(50)])
    assert [m for _, m in _errors(check_file(dtc, abb, "x.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 2))))] == [
        "page 3 draws what another page of other content draws: the page order is wrong"]
    (late,) = check_file(dtc, abb, "cards/x.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 2)))
    assert late.loc.path == "cards/x.pdf"
    with pikepdf.open(tmp_path / "aba.pdf") as doc:
        for _ in range(2):
            doc.add_blank_page(page_size=DTC_PAGE)
            if "/Contents" in doc.pages[-1].obj:
                del doc.pages[-1].obj.Contents  # a page with no content stream at all
        doc.save(tmp_path / "blank.pdf")
    blank = (tmp_path / "blank.pdf").read_bytes()
    assert _errors(check_file(dtc, blank, "x.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 0, 2, 2)))) == []
    assert [m for _, m in _errors(check_file(dtc, blank, "x.pdf", Expect(page_mm=DTC_MM, pages=(0, 1, 0, 2, 3))))] == [
        "page 5 draws what another page of other content draws: the page order is wrong"]


def test_a_longpack_file_holding_fronts_and_backs_is_refused_as_out_of_its_order():
    """LongPack takes a card's fronts in one file and its backs in another (its help page on cards, as recorded in
    pnp/targets/vendors.py): a file of fronts alone or backs alone is in its order, one that mixes them is refused, at the
    file, counting its pages."""
    from pnp.targets.vendor_preflight import order_findings

    longpack = vendor_named("longpack")
    assert order_findings(longpack, ["front"] * 3, "tiny-heroes-fronts.pdf") == []
    assert order_findings(longpack, ["back"] * 2, "tiny-heroes-backs.pdf") == []
    (found,) = order_findings(longpack, ["front", "front", "back"], "tiny-heroes-fronts.pdf")
    assert (found.code, found.severity, str(found.loc)) == ("vendor-page-order", "error", "tiny-heroes-fronts.pdf")
    assert found.message == "its 3 pages are not in LongPack Games' order (pdf-fronts-and-backs)"


def test_print_and_plays_sheets_are_each_fronts_page_then_its_backs_page_or_fronts_alone_for_a_deck_without_backs():
    """Print & Play takes each sheet of fronts followed by its sheet of backs (its formatting page, as recorded in
    pnp/targets/vendors.py): a deck of two sheets with backs is front, back, front, back; a deck whose cards have no back
    prints its sheets of fronts alone, two in a row, and is in order too. A backs page first, or a backs page after two
    fronts pages, is refused at the file."""
    from pnp.targets.vendor_preflight import order_findings

    printplay = vendor_named("printplay")
    assert order_findings(printplay, ["front", "back", "front", "back"], "tiny-heroes-sheets.pdf") == []
    assert order_findings(printplay, ["front", "front"], "tiny-heroes-sheets.pdf") == []
    for roles in (["back", "front"], ["front", "front", "back"]):
        (found,) = order_findings(printplay, roles, "tiny-heroes-sheets.pdf")
        assert (found.code, str(found.loc)) == ("vendor-page-order", "tiny-heroes-sheets.pdf")
        assert found.message == f"its {len(roles)} pages are not in Print & Play's order (sheets-mirrored)"


def test_ink_and_colour_findings_carry_the_vendors_codes(tmp_path):
    """A page of 400 % ink is `vendor-ink` at DriveThruCards (240 %), and 280 % too, which MBPrint (300 %) takes and
    Print & Play (RGB, no limit) takes whatever; an RGB fill or picture is `vendor-colour`; Print & Play prints
    RGB, so neither its `rg` nor an RGB space's three-component `sc` is refused there, while DriveThruCards refuses both."""
    dtc, pp = vendor_named("drivethrucards"), vendor_named("printplay")
    expect = Expect(page_mm=DTC_MM, pages=(0,))

    def filled(c):
        c.setFillColorCMYK(1, 1, 1, 1)
        c.rect(10, 10, 80, 80, fill=1, stroke=0)

    assert [c for c, _ in _errors(check_file(dtc, _pdf(tmp_path / "a.pdf", [filled]), "a.pdf", expect))] == ["vendor-ink"]
    assert {f.loc.path for f in check_file(dtc, (tmp_path / "a.pdf").read_bytes(), "cards/a.pdf", expect)} == {"cards/a.pdf"}
    assert _errors(check_file(pp, (tmp_path / "a.pdf").read_bytes(), "a.pdf", expect)) == []  # an RGB vendor sets no ink limit

    def deep(c):  # 280 % ink: past DriveThruCards' 240 %, within MBPrint's 300 %
        c.setFillColorCMYK(1, 1, 0.8, 0)
        c.rect(10, 10, 80, 80, fill=1, stroke=0)

    data = _pdf(tmp_path / "d.pdf", [deep])
    assert _errors(check_file(vendor_named("mbprint"), data, "d.pdf", expect)) == []
    assert [c for c, _ in _errors(check_file(dtc, data, "d.pdf", expect))] == ["vendor-ink"]

    def picture(c):  # an RGB picture: refused in a CMYK file, taken in an RGB one
        from reportlab.lib.utils import ImageReader

        c.drawImage(ImageReader(Image.new("RGB", (4, 4), "red")), 10, 10, 40, 40)

    image = _pdf(tmp_path / "e.pdf", [picture])
    assert [m for c, m in _errors(check_file(dtc, image, "e.pdf", expect)) if c == "vendor-colour"] != []
    assert _errors(check_file(pp, image, "e.pdf", expect)) == []
    rgb = _pdf(tmp_path / "b.pdf", [lambda c: (c.setFillColorRGB(1, 0, 0), c.rect(10, 10, 80, 80, fill=1, stroke=0))])
    assert [c for c, _ in _errors(check_file(dtc, rgb, "b.pdf", expect))] == ["vendor-colour"]
    assert _errors(check_file(pp, rgb, "b.pdf", Expect(page_mm=DTC_MM, pages=(0,)))) == []
    with pikepdf.open(tmp_path / "a.pdf") as doc:  # the same square filled through `sc` in the RGB space
        doc.pages[0].Contents = doc.make_stream(b"/DeviceRGB cs 1 0 0 sc 10 10 80 80 re f")
        doc.save(tmp_path / "c.pdf")
    sc = (tmp_path / "c.pdf").read_bytes()
    assert {c for c, _ in _errors(check_file(dtc, sc, "c.pdf", expect))} == {"vendor-colour"}
    assert _errors(check_file(pp, sc, "c.pdf", expect)) == []


@pytest.mark.parametrize("translucent", ["fill", "stroke"])
def test_a_half_transparent_fill_or_stroke_is_refused_by_a_cmyk_shop_and_taken_by_an_rgb_one(tmp_path, translucent):
    """DriveThruCards refuses transparency (its page, as vendors.py cites it): a CMYK square filled, or a line stroked,
    at 50 % opacity (the PDF's /ca for fills, /CA for strokes) is one `vendor-colour` each; the same page opaque passes.
    Print & Play prints RGB files and forbids no transparency: it takes both (the exports page's `vendor-colour` is a
    CMYK file's)."""
    dtc = vendor_named("drivethrucards")
    expect = Expect(page_mm=DTC_MM, pages=(0,))

    def drawn(alpha: float):
        def draw(c):
            c.setFillColorCMYK(0, 0, 0, 1)
            c.setStrokeColorCMYK(0, 0, 0, 1)
            (c.setFillAlpha if translucent == "fill" else c.setStrokeAlpha)(alpha)
            c.rect(10, 10, 80, 80, fill=translucent == "fill", stroke=translucent == "stroke")
        return draw

    assert _errors(check_file(dtc, _pdf(tmp_path / "opaque.pdf", [drawn(1.0)]), "a.pdf", expect)) == []
    assert _errors(check_file(dtc, _pdf(tmp_path / "half.pdf", [drawn(0.5)]), "a.pdf", expect)) == [
        ("vendor-colour", "transparency (ExtGState with alpha or a soft mask) found 1×: the print file must be CMYK only, without transparency")]
    assert _errors(check_file(vendor_named("printplay"), (tmp_path / "half.pdf").read_bytes(), "a.pdf", expect)) == []


def test_a_font_not_embedded_is_refused_and_an_rgb_vendor_still_hears_of_it_after_its_rgb_colours(tmp_path):
    """A card set in Helvetica, which reportlab names but does not embed, is refused as `vendor-fonts` naming the font,
    read through the page's own resources; at Print & Play the page's RGB fill is taken and the font still refused."""
    def helvetica(c):
        c.setFillColorRGB(0.9, 0.1, 0.1)
        c.rect(10, 10, 80, 80, fill=1, stroke=0)
        c.setFont("Helvetica", 9)
        c.drawString(20, 120, "Set in Helvetica")

    data = _pdf(tmp_path / "a.pdf", [helvetica])
    expect = Expect(page_mm=DTC_MM, pages=(0,))
    assert ("vendor-fonts", "font /Helvetica is not embedded") in _errors(check_file(vendor_named("drivethrucards"), data, "a.pdf", expect))
    assert _errors(check_file(vendor_named("printplay"), data, "a.pdf", expect)) == [("vendor-fonts", "font /Helvetica is not embedded")]


# --- a font and a colour, each said at the page that first shows it -----------------------------------------------------

def _hand_pdf(*pages: tuple[bytes, object], contents_as_array: bool = False) -> bytes:
    """DriveThruCards pages written by hand with pikepdf, each its content stream and the function making its resources
    from the document (or None); with `contents_as_array`, each page's content a one-stream array, as an edit appends."""
    doc = pikepdf.new()
    for content, make_resources in pages:
        doc.add_blank_page(page_size=DTC_PAGE)
        if make_resources is not None:
            doc.pages[-1].Resources = make_resources(doc)
        stream = doc.make_stream(content)
        doc.pages[-1].Contents = pikepdf.Array([stream]) if contents_as_array else stream
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def _one_font_page(make_font, shows: bytes = b"(A) Tj") -> bytes:
    """A DriveThruCards page setting `shows` in the font `make_font(doc)` returns."""
    return _hand_pdf((b"BT /F1 9 Tf 20 120 Td " + shows + b" ET",
                      lambda doc: pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=doc.make_indirect(make_font(doc))))))


def _descriptor(doc, name: str, file: str | None):
    """A font descriptor (PDF 1.7, table 122) whose font program is the stream `file` names, or that holds none."""
    desc = pikepdf.Dictionary(Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name(name), Flags=32, FontBBox=[0, 0, 1000, 1000],
                              ItalicAngle=0, Ascent=800, Descent=-200, CapHeight=700, StemV=80)
    if file is not None:
        desc[file] = doc.make_stream(b"a font program")
    return doc.make_indirect(desc)


def _simple(subtype: str, name: str, file: str | None = None, descriptor: bool = True):
    def make(doc):
        font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name(subtype), BaseFont=pikepdf.Name(name),
                                  FirstChar=65, LastChar=65, Widths=[600])
        if descriptor:
            font.FontDescriptor = _descriptor(doc, name, file)
        return font
    return make


def _composite(cid_subtype: str, name: str, file: str | None):
    """A Type0 font, whose glyphs live in its one descendant CIDFont (PDF 1.7, 9.7)."""
    def make(doc):
        cid = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name(cid_subtype), BaseFont=pikepdf.Name(name),
                                 CIDSystemInfo=pikepdf.Dictionary(Registry="Adobe", Ordering="Identity", Supplement=0),
                                 FontDescriptor=_descriptor(doc, name, file))
        return pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=pikepdf.Name(f"{name}-Identity-H"),
                                  Encoding=pikepdf.Name("/Identity-H"), DescendantFonts=[doc.make_indirect(cid)])
    return make


def _type3(descriptor: bool):
    """A Type3 font, whose one glyph is a square drawn by its own content stream; tagged PDF asks it a descriptor."""
    def make(doc):
        font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type3, FontBBox=[0, 0, 1000, 1000],
                                  FontMatrix=[0.001, 0, 0, 0.001, 0, 0], FirstChar=65, LastChar=65, Widths=[1000],
                                  CharProcs=pikepdf.Dictionary(square=doc.make_stream(b"1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f")),
                                  Encoding=pikepdf.Dictionary(Type=pikepdf.Name.Encoding, Differences=[65, pikepdf.Name.square]))
        if descriptor:
            font.FontDescriptor = _descriptor(doc, "/Stamp", None)
        return font
    return make


@pytest.mark.parametrize(("make_font", "shows", "refused"), [
    (_simple("/Type1", "/Ornate", "/FontFile"), b"(A) Tj", []),
    (_simple("/Type1", "/Ornate", "/FontFile3"), b"(A) Tj", []),  # a compact (CFF) Type 1 program
    (_simple("/TrueType", "/Ornate", "/FontFile2"), b"(A) Tj", []),
    (_simple("/TrueType", "/Arial", None), b"(A) Tj", ["font /Arial is not embedded"]),
    (_simple("/TrueType", "/Arial", descriptor=False), b"(A) Tj", ["font /Arial is not embedded"]),
    (_simple("/MMType1", "/Blend", descriptor=False), b"(A) Tj", ["font /Blend is not embedded"]),
    (_composite("/CIDFontType2", "/Ornate", "/FontFile2"), b"<0001> Tj", []),
    (_composite("/CIDFontType0", "/Ornate", "/FontFile3"), b"<0001> Tj", []),
    (_composite("/CIDFontType2", "/Ornate", None), b"<0001> Tj", ["font /Ornate is not embedded"]),
    (_type3(descriptor=False), b"(A) Tj", []),
    (_type3(descriptor=True), b"(A) Tj", []),
], ids=["type1-fontfile", "type1-fontfile3", "truetype-fontfile2", "truetype-no-program", "truetype-no-descriptor",
        "multiple-master-no-descriptor", "type0-fontfile2", "type0-fontfile3", "type0-no-program", "type3", "type3-tagged"])
def test_a_font_is_embedded_when_its_descriptor_or_its_descendants_holds_its_program(make_font, shows, refused):
    """A font is embedded when its descriptor holds /FontFile, /FontFile2 or /FontFile3 (PDF 1.7, 9.9); a Type0 font's
    glyphs are its descendant's, which is named when refused; a Type3 font draws its glyphs with the file's own streams,
    so it has nothing to embed, a descriptor or none. What a shop's press cannot print is refused by name."""
    found = check_file(vendor_named("drivethrucards"), _one_font_page(make_font, shows), "a.pdf", Expect(page_mm=DTC_MM, pages=(0,)))
    assert _errors(found) == [("vendor-fonts", message) for message in refused]


@pytest.mark.parametrize(("first", "second", "refused_at"), [
    ("/FontFile2", None, 2), (None, "/FontFile2", 1), ("/FontFile2", "/FontFile2", None)],
    ids=["embedded-then-not", "not-then-embedded", "both-embedded"])
def test_two_fonts_of_one_name_are_each_judged_and_one_left_out_is_said_at_its_page(first, second, refused_at):
    """A file may hold two fonts of one BaseFont name (two subsets, one of them left out): the press prints each, so the
    one not embedded is refused at the page setting it, whichever of the two is read first."""
    def page(file):
        return (b"BT /F1 9 Tf 20 120 Td (A) Tj ET",
                lambda doc: pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=doc.make_indirect(_simple("/TrueType", "/Ornate", file)(doc)))))

    found = check_file(vendor_named("drivethrucards"), _hand_pdf(page(first), page(second)), _shop("b.pdf"), Expect(page_mm=DTC_MM, pages=(0, 1)))
    fonts = [f.message for f in found if f.code == "vendor-fonts"]
    kind = {1: "a front", 2: "a back"}
    assert fonts == ([] if refused_at is None else [f"page {refused_at} of b.pdf ({kind[refused_at]} of Heroes): font /Ornate is not embedded"])


def test_a_font_and_a_colour_are_each_said_at_the_first_page_that_prints_them(tmp_path):
    """reportlab names every font of a file on every page: Helvetica, set on page 3 alone, is refused at page 3, not at
    page 1 that only names it; a font no page sets is said at the first page naming it (page 2). RGB fills and strokes
    on pages 2 and 3 are one finding counting all three, at page 2. The file given by its path is read as its bytes are."""
    def words(font):
        def draw(c):
            c.setFont(font, 9)
            c.drawString(20, 120, "Words")
        return draw

    _pdf(tmp_path / "a.pdf", [words(SANS), words(SANS), words("Helvetica")])
    with pikepdf.open(tmp_path / "a.pdf") as doc:
        pages = doc.pages
        pages[1].Resources = pikepdf.Dictionary(pages[1].Resources)  # page 2's own copy of the resources all pages share
        pages[1].Resources.Font = pikepdf.Dictionary(pages[1].Resources.Font)
        pages[1].Resources.Font.F9 = doc.make_indirect(_simple("/TrueType", "/Arial", descriptor=False)(doc))
        for page, fills in zip(pages, (b"0 0 0 1 k 10 10 80 80 re f", b"1 0 0 rg 10 10 80 80 re f 0 1 0 rg 20 20 9 9 re f",
                                       b"0 0 1 RG 10 10 80 80 re S"), strict=True):
            page.contents_add(doc.make_stream(fills))
        doc.save(tmp_path / "b.pdf")
    found = check_file(vendor_named("drivethrucards"), (tmp_path / "b.pdf").read_bytes(), _shop("b.pdf"), Expect(page_mm=DTC_MM, pages=(0, 1, 0)))
    assert [(f.code, f.loc, f.message) for f in found] == [
        ("vendor-colour", DECK, "page 2 of b.pdf (a back of Heroes): RGB colour (rg/RG) found 3×: the print file must be CMYK only, without transparency"),
        ("vendor-fonts", DECK, "page 2 of b.pdf (a back of Heroes): font /Arial is not embedded"),
        ("vendor-fonts", DECK, "page 3 of b.pdf (a front of Heroes): font /Helvetica is not embedded")]
    assert check_file(vendor_named("drivethrucards"), str(tmp_path / "b.pdf"), _shop("b.pdf"), Expect(page_mm=DTC_MM, pages=(0, 1, 0))) == found


def _resources(**kinds):
    """A page's resources: each kind (ExtGState, XObject, Font) a dictionary of named things, each made from the document."""
    return lambda doc: pikepdf.Dictionary({f"/{kind}": pikepdf.Dictionary({f"/{name}": make(doc) for name, make in named.items()})
                                           for kind, named in kinds.items()})


def _state(**keys):
    return lambda doc: doc.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, **keys))


def _image(space: str, soft_mask: bool = False):
    """A 1 × 1 picture in the colour space `space`, with a soft mask (its transparency) or none."""
    channels = {"/DeviceRGB": 3, "/DeviceCMYK": 4, "/DeviceGray": 1}[space]

    def make(doc):
        image = doc.make_stream(b"\x80" * channels, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=1, Height=1,
                                ColorSpace=pikepdf.Name(space), BitsPerComponent=8)
        if soft_mask:
            image.SMask = _image("/DeviceGray")(doc)
        return image
    return make


def _form(content: bytes, **kinds):
    """A form XObject drawing `content` with its own resources."""
    def make(doc):
        form = doc.make_stream(content, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form, BBox=[0, 0, 50, 50])
        if kinds:
            form.Resources = _resources(**kinds)(doc)
        return form
    return make


TRANSPARENCY = "transparency (ExtGState with alpha or a soft mask)"


@pytest.mark.parametrize(("content", "resources", "problems"), [
    (b"0 0 0 1 k" + SQUARE + b" /DeviceCMYK cs 0 0 0 1 sc" + SQUARE + b" /DeviceGray CS 0.5 SC 10 10 m 90 90 l S", None, []),
    (b"1 0 0 rg" + SQUARE, None, ["RGB colour (rg/RG)"]),
    (b"0 0 1 RG 10 10 m 90 90 l S", None, ["RGB colour (rg/RG)"]),
    (b"/DeviceRGB cs 1 0 0 sc" + SQUARE, None, ["colour space /DeviceRGB", "three-component colour (sc)"]),
    (b"/DeviceRGB CS 0 1 0 SC 10 10 m 90 90 l S", None, ["colour space /DeviceRGB", "three-component colour (sc)"]),
    (b"0.2 0.4 0.6 scn" + SQUARE, None, ["three-component colour (sc)"]),
    (b"0.2 0.4 0.6 SCN 10 10 m 90 90 l S", None, ["three-component colour (sc)"]),
    (b"/GS0 gs" + SQUARE, _resources(ExtGState={"GS0": _state(ca=0.5)}), [TRANSPARENCY]),
    (b"/GS0 gs" + SQUARE, _resources(ExtGState={"GS0": _state(CA=0.5)}), [TRANSPARENCY]),
    (b"/GS0 gs" + SQUARE, _resources(ExtGState={"GS0": lambda doc: doc.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.ExtGState, SMask=pikepdf.Dictionary(Type=pikepdf.Name.Mask, S=pikepdf.Name.Luminosity,
                                                               G=_form(b"0 g 0 0 50 50 re f")(doc))))}), [TRANSPARENCY]),
    (b"/GS0 gs" + SQUARE, _resources(ExtGState={"GS0": _state(ca=1, CA=1.0, SMask=pikepdf.Name("/None"), LW=2)}), []),
    (b"/Im0 Do", _resources(XObject={"Im0": _image("/DeviceRGB")}), ["image in colour space /DeviceRGB"]),
    (b"/Im0 Do /Im1 Do", _resources(XObject={"Im0": _image("/DeviceCMYK"), "Im1": _image("/DeviceGray")}), []),
    (b"/Im0 Do", _resources(XObject={"Im0": _image("/DeviceCMYK", soft_mask=True)}), ["image with a soft mask (transparency)"]),
    (b"/Fm0 Do", _resources(XObject={"Fm0": _form(b"/Fm1 Do", XObject={"Fm1": _form(b"/Im0 Do", XObject={"Im0": _image("/DeviceRGB")})})}),
     ["image in colour space /DeviceRGB"]),
    (b"/Fm0 Do /Fm0 Do", _resources(XObject={"Fm0": _form(b"1 0 0 rg" + SQUARE)}), ["RGB colour (rg/RG)"]),
    (b"0 0 0 1 k" + SQUARE, _resources(XObject={"Fm0": _form(b"1 0 0 rg" + SQUARE)}), []),
    (b"/Gone Do 0 0 0 1 k" + SQUARE, _resources(XObject={"Fm0": _form(b"1 0 0 rg" + SQUARE)}), []),
], ids=["cmyk-and-gray", "rg", "RG", "rgb-space-fill", "rgb-space-stroke", "three-scn", "three-SCN", "gs-ca", "gs-CA", "gs-smask", "gs-opaque",
        "image-rgb", "image-cmyk-gray", "image-smask", "rgb-image-in-a-form-in-a-form", "form-drawn-twice", "form-named-not-drawn",
        "no-such-form"])
def test_a_page_drawing_rgb_or_transparency_is_refused_once_for_each_kind_with_its_count(content, resources, problems):
    """A CMYK press takes DeviceCMYK and DeviceGray colours and pictures, opaque; it refuses an RGB colour (`rg`, `RG`,
    the DeviceRGB space, three components to `sc`/`scn`), an RGB picture, a constant alpha under 1 (`ca` for fills, `CA`
    for strokes) or a soft mask (PDF 1.7, 11.6.4), each said once with how many times it is drawn: a form is read once
    however often it is drawn, inside another form too; a form the page names and never draws prints nothing."""
    found = check_file(vendor_named("drivethrucards"), _hand_pdf((content, resources)), "a.pdf", Expect(page_mm=DTC_MM, pages=(0,)))
    said = ": the print file must be CMYK only, without transparency"
    assert _errors(found) == [("vendor-colour", f"{problem} found 1×{said}") for problem in problems]


@pytest.mark.parametrize(("content", "refused"), [
    (b"0.6 0.6 0.6 0.6 k" + SQUARE, []),  # 240 %: DriveThruCards' limit, taken
    (b"1 1 0.400001 0 k" + SQUARE, []),  # a millionth over, as sums of decimals round: taken
    (b"0.6 0.6 0.6 0.61 K 10 10 m 90 90 l S", ["a colour uses 241% ink; the limit is 240%"]),
    (b"1 1 1 1 k" + SQUARE + b" 0.5 0.5 0.5 0.5 k" + SQUARE, ["a colour uses 400% ink; the limit is 240%"]),
    (b"/Fm0 Do", ["a colour uses 300% ink; the limit is 240%"]),
    (b"0.6 0.6 0.6 0.603 k" + SQUARE, ["a colour uses 240.3% ink; the limit is 240%"]),  # never 'uses 240%; the limit is 240%'
    (b"0.6 0.6 0.6 0.60002 k" + SQUARE, ["a colour uses 240.002% ink; the limit is 240%"]),
], ids=["at-the-limit", "a-millionth-over", "past-it-stroked", "the-most-said", "in-a-form", "past-by-a-fraction", "past-by-less"])
def test_ink_past_the_vendors_limit_is_refused_saying_the_most_a_colour_uses(content, refused):
    """Total ink is the sum of a CMYK colour's four parts (DriveThruCards: 240 %, judged to a millionth), of fills and
    strokes alike, in the page's forms too; the file's heaviest colour is said, in whole percent or with the decimals
    that show it past the limit."""
    resources = _resources(XObject={"Fm0": _form(b"1 1 0.5 0.5 k" + SQUARE)})
    found = check_file(vendor_named("drivethrucards"), _hand_pdf((content, resources)), "a.pdf", Expect(page_mm=DTC_MM, pages=(0,)))
    assert _errors(found) == [("vendor-ink", message) for message in refused]


def test_every_page_is_read_however_its_contents_are_stored():
    """Each page's drawing is read, though pypdf hands a page's contents over as a new object each time: RGB fills on
    pages 4, 6 and 8 of a CMYK file are one finding counting three, at page 4, whether each page's content is one
    stream or an array of streams (as a tool that appends to a page writes it)."""
    pages = [(b"1 0 0 rg" + SQUARE if n in (4, 6, 8) else b"0 0 0 1 k" + SQUARE, None) for n in range(1, 9)]
    shop = ShopFile("b.pdf", tuple((DECK, f"card {n}") for n in range(1, 9)))
    for as_array in (False, True):
        found = check_file(vendor_named("drivethrucards"), _hand_pdf(*pages, contents_as_array=as_array), shop, Expect(page_mm=DTC_MM, pages=(0,) * 8))
        assert [f.message for f in found] == [
            "page 4 of b.pdf (card 4): RGB colour (rg/RG) found 3×: the print file must be CMYK only, without transparency"], as_array


def test_text_and_ink_are_said_at_the_page_that_prints_them():
    """A font chosen on page 1 but set in on page 2 is said at page 2; text shown before any font is chosen has none to
    judge; the most ink is said at the first page that uses it (page 2's 400 %, again on page 3)."""
    arial = _resources(Font={"F1": lambda doc: doc.make_indirect(_simple("/TrueType", "/Arial", descriptor=False)(doc))})
    found = check_file(vendor_named("drivethrucards"), _hand_pdf(
        (b"(no font) Tj BT /F1 9 Tf ET 0.5 0.5 0.5 0.5 k" + SQUARE, arial),
        (b"BT /F1 9 Tf 20 120 Td (Set) Tj ET 1 1 1 1 k" + SQUARE, arial),
        (b"1 1 1 1 k" + SQUARE, None)), _shop("b.pdf"), Expect(page_mm=DTC_MM, pages=(0, 1, 0)))
    assert [f.message for f in found] == ["page 2 of b.pdf (a back of Heroes): a colour uses 400% ink; the limit is 240%",
                                          "page 2 of b.pdf (a back of Heroes): font /Arial is not embedded"]


# --- MBPrint's smallest text, read from the file as drawn --------------------------------------------------------------

def test_text_under_six_points_is_one_finding_per_words_and_size_at_the_first_page_that_sets_it(tmp_path):
    """MBPrint prints no text under 6 pt: 5 pt words are refused once though two pages set them, at the first; 10 pt
    words under a matrix scaled by a half print at 5 pt and are refused; 6 pt, and 5.995 pt (6 pt as written to two
    places), pass; 5.98 and 5.9 pt do not, each said at the size it prints at (never
    rounded up to 6 pt). Words with a space between them are one run; a vendor with no smallest size takes any."""
    mb = vendor_named("mbprint")
    data = _pdf(tmp_path / "a.pdf", [_words(("Big words", 10, 1), ("Tiny words", 5, 1), ("Exactly six", 6, 1)),
                                     _words(("Tiny words", 5, 1), ("Exactly six", 6, 1), ("Half of ten", 10, 0.5), ("Near six", 5.995, 1),
                                            ("Just under", 5.98, 1), ("Smaller", 5.9, 1))])
    found = small_text_findings(mb, data, _shop("cards.pdf"))
    assert [(f.code, f.severity, f.loc) for f in found] == [("vendor-small-text", "error", DECK)] * 4
    fix = ("MBPrint prints no text under 6 pt: set it at 6 pt or more in what draws it (no template line or icon text of the game sets it: "
           "an SVG file an icon links to, say)")
    assert [f.message for f in found] == [
        f"page 1 of cards.pdf (a front of Heroes) sets 'Tiny words' at 5 pt; {fix}",
        f"page 2 of cards.pdf (a back of Heroes) sets 'Half of ten' at 5 pt; {fix}",
        f"page 2 of cards.pdf (a back of Heroes) sets 'Just under' at 5.98 pt; {fix}",
        f"page 2 of cards.pdf (a back of Heroes) sets 'Smaller' at 5.9 pt; {fix}"]
    assert small_text_findings(vendor_named("drivethrucards"), data, _shop("cards.pdf")) == []
    (path_read,) = small_text_findings(mb, _pdf(tmp_path / "b.pdf", [_words(("Small", 4, 1))]), _shop("b.pdf"))
    assert "'Small' at 4 pt" in path_read.message
    assert [f.message.split(" at ")[0] for f in small_text_findings(mb, str(tmp_path / "b.pdf"), _shop("b.pdf"))] == ["page 1 of b.pdf (a front of Heroes) sets 'Small'"]


def test_words_of_two_sizes_on_one_line_are_two_runs_and_only_the_small_one_is_refused(tmp_path):
    def mixed(c):
        t = c.beginText(10, 40)
        t.setFont(SANS, 9)
        t.textOut("Large ")
        t.setFont(SANS, 4)
        t.textOut("fine print")
        c.drawText(t)

    (found,) = small_text_findings(vendor_named("mbprint"), _pdf(tmp_path / "a.pdf", [mixed]), _shop("a.pdf"))
    assert found.message.startswith("page 1 of a.pdf (a front of Heroes) sets 'fine print' at 4 pt;")


def test_words_turned_a_quarter_are_read_at_their_size_and_lines_at_one_size_are_one_run(tmp_path):
    """Words turned a quarter turn print at the size they are set at (5 pt: refused, 7 pt: taken); two lines set at
    5 pt one under the other are one run of words, one space between the lines; 7 pt words drawn at 0.7777 of their
    size are said at 5.44 pt, to the hundredth of a point."""
    def turned(c):
        for x, size, words in ((60, 5, "Turned small"), (120, 7, "Turned large")):
            c.saveState()
            c.translate(x, 40)
            c.rotate(90)
            c.setFont(SANS, size)
            c.drawString(0, 0, words)
            c.restoreState()

    def odd_scale(c):
        c.saveState()
        c.translate(10, 100)
        c.scale(0.7777, 0.7777)
        c.setFont(SANS, 7)
        c.drawString(0, 0, "Scaled oddly")
        c.restoreState()

    def two_lines(c):
        c.setFont(SANS, 5)
        c.drawString(10, 60, "First small line")
        c.drawString(10, 52, "second small line")

    found = small_text_findings(vendor_named("mbprint"), _pdf(tmp_path / "a.pdf", [turned, two_lines, odd_scale]), _shop("a.pdf"))
    assert [f.message.split(") sets ")[1].split(";")[0] for f in found] == ["'Turned small' at 5 pt", "'First small line second small line' at 5 pt",
                                                                           "'Scaled oddly' at 5.44 pt"]
    assert [f.message.split(" (")[0] for f in found] == ["page 1 of a.pdf", "page 2 of a.pdf", "page 3 of a.pdf"]  # 7 × 0.7777, to the hundredth


# --- the outlined file's marks: no fonts, PDF/X-4 in three places ------------------------------------------------------

def _mark(path: Path, out: Path, info=False, xmp=False, intent=False, version="PDF/X-4") -> bytes:
    with pikepdf.open(path) as doc:
        if info:
            doc.docinfo["/GTS_PDFXVersion"] = version
        if xmp:
            doc.Root.Metadata = doc.make_stream(
                '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                '<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">'
                f'<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion></rdf:Description></rdf:RDF></x:xmpmeta>'.encode())
        if intent:
            doc.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
                                                                       OutputConditionIdentifier="FOGRA39")])
        doc.save(out, fix_metadata_version=False)
    return out.read_bytes()


def test_a_file_with_fonts_or_without_each_pdf_x4_mark_is_refused_naming_what_is_missing(tmp_path):
    mb = vendor_named("mbprint")
    paths = _pdf(tmp_path / "paths.pdf", [_square(20)])
    bare = pdfx4_findings(mb, paths, _shop("cards/x.pdf"))
    assert _errors(bare) == [("vendor-pdfx", "cards/x.pdf is not marked PDF/X-4 in its document info, its XMP metadata, an output intent; "
                                             "MBPrint asks for PDF/X-4")]
    assert bare[0].loc == DECK
    assert pdfx4_findings(mb, _mark(tmp_path / "paths.pdf", tmp_path / "m.pdf", info=True, xmp=True, intent=True), _shop("x.pdf")) == []
    assert [m for _, m in _errors(pdfx4_findings(mb, _mark(tmp_path / "paths.pdf", tmp_path / "m.pdf", xmp=True, intent=True), _shop("x.pdf")))] == [
        "x.pdf is not marked PDF/X-4 in its document info; MBPrint asks for PDF/X-4"]
    assert [m for _, m in _errors(pdfx4_findings(mb, _mark(tmp_path / "paths.pdf", tmp_path / "m.pdf", info=True, intent=True), _shop("x.pdf")))] == [
        "x.pdf is not marked PDF/X-4 in its XMP metadata; MBPrint asks for PDF/X-4"]
    assert [m for _, m in _errors(pdfx4_findings(mb, _mark(tmp_path / "paths.pdf", tmp_path / "m.pdf", info=True, xmp=True), _shop("x.pdf")))] == [
        "x.pdf is not marked PDF/X-4 in an output intent; MBPrint asks for PDF/X-4"]
    older = _mark(tmp_path / "paths.pdf", tmp_path / "m.pdf", info=True, xmp=True, intent=True, version="PDF/X-1a:2001")
    assert [c for c, _ in _errors(pdfx4_findings(mb, older, _shop("x.pdf")))] == ["vendor-pdfx"]


def test_a_font_left_on_a_page_or_in_a_form_it_draws_is_refused_naming_at_most_three(tmp_path):
    mb = vendor_named("mbprint")

    def four_fonts(c):
        for i, font in enumerate(("Helvetica", "Times-Roman", "Courier", "Symbol")):
            c.setFont(font, 9)
            c.drawString(10, 20 + 12 * i, "Ab")

    _pdf(tmp_path / "p.pdf", [four_fonts])
    marked = _mark(tmp_path / "p.pdf", tmp_path / "m.pdf", info=True, xmp=True, intent=True)
    (found,) = pdfx4_findings(mb, marked, _shop("x.pdf"))
    with pikepdf.open(tmp_path / "m.pdf") as doc:
        names = sorted(str(name) for name in doc.pages[0].Resources.Font)
    assert len(names) >= 4
    assert (found.code, found.message) == ("vendor-fonts", f"x.pdf holds {len(names)} font(s) ({', '.join(names[:3])}); MBPrint asks for text "
                                                 "as outlines: update Ghostscript, which turns it into outlines, and export again")
    assert (found.severity, found.loc) == ("error", DECK)

    _pdf(tmp_path / "f.pdf", [_words(("Own words", 9, 1))] * 2)
    with pikepdf.open(tmp_path / "f.pdf", allow_overwriting_input=True) as doc:  # a two forms, each with a font of its own, on pages with their own
        font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)
        form = doc.make_stream(b"BT /Fx 9 Tf 10 20 Td (Ab) Tj ET", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                               BBox=[0, 0, 198, 270], Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(Fx=font)))
        other = doc.make_stream(b"BT /Fy 9 Tf 10 40 Td (Cd) Tj ET", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                                BBox=[0, 0, 198, 270], Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(Fy=font)))
        for page in doc.pages:
            page.Resources.XObject = pikepdf.Dictionary(Words=form, More=other)
            page.contents_add(doc.make_stream(b"/Words Do /More Do"))
        doc.save(tmp_path / "f.pdf")
    marked = _mark(tmp_path / "f.pdf", tmp_path / "n.pdf", info=True, xmp=True, intent=True)
    (found,) = pdfx4_findings(mb, marked, _shop("x.pdf"))
    assert re.match(r"x.pdf holds 3 font\(s\) \(/F1\S*, /Fx, /Fy\);", found.message), found.message  # the page's own and its forms'


def test_marks_read_from_xmp_that_is_not_utf8_and_from_a_form_that_draws_itself(tmp_path):
    """An XMP packet with a byte that is not UTF-8 (a title saved in Latin-1) is still read for its PDF/X-4 mark; a
    form that names itself among its own resources is searched once, its font found, with no endless loop."""
    mb = vendor_named("mbprint")
    _pdf(tmp_path / "p.pdf", [_square(20)])
    marked = _mark(tmp_path / "p.pdf", tmp_path / "m.pdf", info=True, xmp=True, intent=True)
    with pikepdf.open(tmp_path / "m.pdf", allow_overwriting_input=True) as doc:
        packet = doc.Root.Metadata.read_bytes()
        doc.Root.Metadata.write(packet.replace(b"<pdfxid:", "<dc:title>Caf\xe9</dc:title><pdfxid:".encode("latin-1"), 1))
        form = doc.make_stream(b"BT /Fx 9 Tf (Ab) Tj ET", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form, BBox=[0, 0, 198, 270])
        font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)
        form.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(Fx=font), XObject=pikepdf.Dictionary(Self=form))
        doc.pages[0].Resources.XObject = pikepdf.Dictionary(Words=form)
        doc.pages[0].Contents = doc.make_stream(b"/Words Do")
        doc.save(tmp_path / "m.pdf", fix_metadata_version=False)
    marked = (tmp_path / "m.pdf").read_bytes()
    with pikepdf.open(tmp_path / "m.pdf") as doc:
        assert b"Caf\xe9" in doc.Root.Metadata.read_bytes()
    assert [(f.code, f.message) for f in pdfx4_findings(mb, marked, _shop("x.pdf"))] == [
        ("vendor-fonts", "x.pdf holds 1 font(s) (/Fx); MBPrint asks for text as outlines: update Ghostscript, which turns it into outlines, and export again")]


def _pdf_date(text: str) -> datetime:
    """A PDF date string (D:YYYYMMDDHHmmSS and its offset, PDF 1.7 section 7.9.4) as a datetime."""
    m = re.fullmatch(r"D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(Z|[+-]\d\d'\d\d'?)?", text)
    assert m, text
    offset = m[7] or "Z"
    tz = UTC if offset[0] == "Z" else timezone((1 if offset[0] == "+" else -1) * timedelta(hours=int(offset[1:3]), minutes=int(offset[4:6])))
    return datetime(*(int(g) for g in m.groups()[:6]), tzinfo=tz)


XMP_NS = {"x": "adobe:ns:meta/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "pdfxid": "http://www.npes.org/pdfx/ns/id/",
          "pdf": "http://ns.adobe.com/pdf/1.3/", "xmp": "http://ns.adobe.com/xap/1.0/", "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
          "dc": "http://purl.org/dc/elements/1.1/"}


def marks_agree(doc) -> None:
    """PDF/X-4 (ISO 15930-7) asks for an XMP packet whose properties agree with the document info: the title, the
    creating and producing tools, the dates, trapping; a document ID in its XMP, with a version and rendition class; a
    metadata stream of type Metadata, subtype XML; an output intent of type OutputIntent. XMP's packet wrapper is the
    one the XMP specification fixes; the dates are a fixed day. `doc` is the file opened with pikepdf."""
    import xml.etree.ElementTree as ET

    info, meta = doc.docinfo, doc.Root.Metadata
    assert (meta.Type, meta.Subtype) == ("/Metadata", "/XML")
    packet = meta.read_bytes().decode("utf-8")
    assert packet.startswith('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>') and packet.rstrip().endswith('<?xpacket end="w"?>')
    xmeta = ET.fromstring(packet.split("?>", 1)[1].rsplit("<?xpacket", 1)[0])
    assert xmeta.tag == "{adobe:ns:meta/}xmpmeta" and not (xmeta.text or "").strip()
    (desc,) = xmeta.findall("rdf:RDF/rdf:Description", XMP_NS)
    assert desc.get(f"{{{XMP_NS['rdf']}}}about") == "" and not (desc.text or "").strip()
    assert all(not (e.tail or "").strip() for e in desc.iter() if e is not desc)  # no stray text between properties

    def prop(name: str) -> str:
        (e,) = desc.findall(name, XMP_NS)
        return e.text

    assert prop("pdfxid:GTS_PDFXVersion") == str(info["/GTS_PDFXVersion"]) == "PDF/X-4"
    assert prop("pdf:Trapped") == str(info["/Trapped"]).lstrip("/") == "False"
    assert prop("pdf:Producer") == str(info["/Producer"]) and prop("xmp:CreatorTool") == str(info["/Creator"])
    assert "Ghostscript" not in str(info["/Producer"])
    (title,) = desc.findall("dc:title/rdf:Alt/rdf:li", XMP_NS)
    assert title.get("{http://www.w3.org/XML/1998/namespace}lang") == "x-default" and title.text == str(info["/Title"])
    created = datetime.fromisoformat(prop("xmp:CreateDate").replace("Z", "+00:00"))
    assert created == _pdf_date(str(info["/CreationDate"])) == datetime(2000, 1, 1, tzinfo=UTC)
    assert datetime.fromisoformat(prop("xmp:ModifyDate").replace("Z", "+00:00")) == _pdf_date(str(info["/ModDate"])) == created
    assert datetime.fromisoformat(prop("xmp:MetadataDate").replace("Z", "+00:00")) == created
    ident = bytes(doc.trailer.ID[0])
    assert len(ident) == 16 and bytes(doc.trailer.ID[1]) == ident  # the file's identifier: 16 bytes, as an MD5 is
    uuid = "uuid:{}-{}-{}-{}-{}".format(*(ident.hex()[a:b] for a, b in ((0, 8), (8, 12), (12, 16), (16, 20), (20, 32))))
    assert prop("xmpMM:DocumentID") == uuid == prop("xmpMM:InstanceID")
    assert prop("xmpMM:VersionID") and prop("xmpMM:RenditionClass") == "default"
    (intent,) = doc.Root.OutputIntents
    assert intent.Type == "/OutputIntent" and "FOGRA39" in str(intent.Info)


# --- Ghostscript: found by each of its names, its failures said -------------------------------------------------------

def _script(folder: Path, name: str, body: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text("#!/bin/sh\n" + body, encoding="utf-8")
    (folder / name).chmod(0o755)


def _outline(tmp_path, monkeypatch, name: str, body: str, source=None):
    folder = tmp_path / f"bin-{name}-{abs(hash(body)) % 10_000}"
    _script(folder, name, body)
    monkeypatch.setenv("PATH", str(folder))
    data = source if source is not None else _pdf(tmp_path / "in.pdf", [_square(20)])
    return outlined_pdfx4(data, "Game — Deck", FOGRA39, DECK)


def test_ghostscript_is_found_by_its_windows_names_and_a_failure_is_said_with_its_first_200_letters(tmp_path, monkeypatch):
    """gswin64c and gswin32c are Ghostscript's commands on Windows: found there, a failing one is said as Ghostscript's
    failure, not as Ghostscript missing. Its message is cut at 200 letters, read from standard error, or standard output
    when that is all it wrote."""
    said = "E" * 150 + "F" * 50 + "G" * 100
    for name in ("gswin64c", "gswin32c"):
        data, (found,) = _outline(tmp_path, monkeypatch, name, f"echo '  {said}  ' >&2\nexit 1\n")
        assert data is None and (found.code, found.severity, found.loc) == ("vendor-outlines", "error", DECK)
        assert found.message == f"Ghostscript could not turn the text of the shop's file into outlines ({said[:200]}): update Ghostscript and export again"
    _, (found,) = _outline(tmp_path, monkeypatch, "gs", "echo 'Error: /undefined in --file--'\nexit 1\n")
    assert "(Error: /undefined in --file--)" in found.message


def test_a_ghostscript_that_writes_no_file_or_fails_after_writing_one_is_refused(tmp_path, monkeypatch):
    """Ghostscript saying it succeeded but leaving no file, or failing after it wrote one, is an error and no file."""
    data, (found,) = _outline(tmp_path, monkeypatch, "gs", "exit 0\n")
    assert data is None and found.code == "vendor-outlines" and "()" in found.message
    copies = 'for a in "$@"; do case "$a" in -sOutputFile=*) out="${a#-sOutputFile=}";; *) src="$a";; esac; done\n/bin/cp "$src" "$out"\n'
    data, (found,) = _outline(tmp_path, monkeypatch, "gs", copies + "echo 'late' >&2\nexit 1\n")
    assert data is None and found.code == "vendor-outlines" and "(late)" in found.message
    data, found = _outline(tmp_path, monkeypatch, "gs", copies + "exit 0\n")  # a Ghostscript that kept the fonts (before 9.15)
    assert found == [] and data.startswith(b"%PDF-1.6")


def test_without_ghostscript_the_error_names_the_command_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    data, (found,) = outlined_pdfx4(_pdf(tmp_path / "in.pdf", [_square(20)]), "Game", FOGRA39, DECK)
    assert data is None and (found.code, found.severity, found.loc) == ("vendor-outlines", "error", DECK)
    assert found.message == ("this print service asks for text as outlines, which pnp makes with Ghostscript: install it (the `gs` "
                             "command: apt install ghostscript, brew install ghostscript, or ghostscript.com) and export again")


def test_a_file_given_by_its_path_is_outlined_as_its_bytes_are_with_the_boxes_it_was_drawn_with(tmp_path):
    """The file given by its path or as bytes gives the same outlined file, no font left and PDF/X-4 marked for FOGRA39 as
    the ICC registry (www.color.org) names it, its info and XMP agreeing, dated by no day; its page boxes are the drawn
    file's to the last digit (Ghostscript alone rounds them to a hundredth of a point)."""
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("Ghostscript is not installed here")
    _pdf(tmp_path / "in.pdf", [_words(("Outlined words", 12, 1))])
    b = 3 * 72 / 25.4  # MBPrint's 3 mm of bleed around a poker card, in points to eight places
    page, trim = [0, 0, 197.00787402, 269.00787402], [b, b, 197.00787402 - b, 269.00787402 - b]
    with pikepdf.open(tmp_path / "in.pdf", allow_overwriting_input=True) as doc:
        doc.pages[0].MediaBox, doc.pages[0].BleedBox = page, page
        doc.pages[0].TrimBox = [round(v, 8) for v in trim]
        doc.save(tmp_path / "in.pdf")
    by_path, none = outlined_pdfx4(str(tmp_path / "in.pdf"), "Game — Deck", FOGRA39, DECK)
    by_bytes, _ = outlined_pdfx4((tmp_path / "in.pdf").read_bytes(), "Game — Deck", FOGRA39, DECK)
    assert none == [] and by_path == by_bytes
    assert pdfx4_findings(vendor_named("mbprint"), by_path, _shop("deck.pdf")) == []
    with pikepdf.open(tmp_path / "in.pdf") as drawn, pikepdf.open(io.BytesIO(by_path)) as doc:
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            assert [str(v) for v in doc.pages[0].obj[box]] == [str(v) for v in drawn.pages[0].obj[box]], box
        marks_agree(doc)
        assert str(doc.docinfo["/Title"]) == "Game — Deck" and str(doc.docinfo["/Trapped"]) == "/False"
        (intent,) = doc.Root.OutputIntents
        assert (str(intent.S), str(intent.OutputConditionIdentifier), str(intent.OutputCondition), str(intent.RegistryName)) == (
            "/GTS_PDFX", *FOGRA39, "http://www.color.org")
    # a PDF 1.6 file, as PDF/X-4 asks, with nothing of the day it was made or of Ghostscript left in it, even unreferenced
    assert by_path.startswith(b"%PDF-1.6") and b"Ghostscript" not in by_path
    assert set(re.findall(rb"D(?::|\\072)(\d{8})", by_path)) == {b"20000101"}
    assert set(re.findall(rb"(\d{4}-\d\d-\d\d)T", by_path)) == {b"2000-01-01"}


# --- the codes, through `pnp validate --vendor --format json` ------------------------------------------------------------

def test_validate_for_mbprint_prints_each_refusal_with_a_code_the_exports_page_lists(project, monkeypatch, tmp_path):
    """The tiny game with two lines of 5 pt words, and words and an icon between 3 and 4 mm from the cut, checked for
    MBPrint (4 mm safe zone) by a Ghostscript that fails with a long message: `--format json` gives each refusal its
    code from the exports page's list, at its place; the words at most 30 letters, a longer line cut to 29 and an
    ellipsis; each thing in the safe zone by its kind, how deep it lies and how far to move it; words nearer the cut
    than pnp's own 3 mm said once, by pnp's own safe-area warning."""
    hero = project / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    thirty, longer = "Thirty letters of tiny words!!", "Thirty-one letters of tiny text"
    assert (len(thirty), len(longer)) == (30, 31)
    lines[last:last] = [f'{{{{ text("{thirty}", 5, 40, 60, 6, size=5) }}}}', f'{{{{ text("{longer}", 5, 50, 60, 6, size=5, min_size=4) }}}}',
                        f'{{{{ text("{thirty.upper()}", 3.5, 60, 58, 6, size=6) }}}}', f'{{{{ text("{longer.upper()}", 3.5, 66, 58, 6, size=6) }}}}',
                        '{{ icon("star", 3.6, 72, 5) }}', '{{ text("Deeper", 2.5, 78, 20, 6, size=6) }}',
                        # sizes and words as the faces set them: rich words, an inline icon, a group's scale, 6 pt as written
                        '{{ text("Tiny **bold** words", 5, 20, 50, 6, size=5.5) }}', '{{ text("Five :star: points", 5, 26, 50, 6, size=5) }}',
                        '{{ text("Six :star: points", 5, 32, 50, 7, size=6) }}', '{{ text("Near six", 5, 76, 40, 7, size=5.99) }}',
                        '{% call group(x=5, y=82, scale=0.5) %}{{ text("Scaled", 0, 0, 40, 8, size=11.114) }}{% endcall %}',
                        # an icon of its own 1 mm (2.8 pt) in 6 pt words: an icon, no text under 6 pt
                        '{{ text("Mark :star@1mm: here", 5, 44, 50, 7, size=6) }}']
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _script(tmp_path / "bin", "gs", f"echo '{'x' * 250}' >&2\nexit 1\n")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = run_pnp(project, "validate", "tiny", "--vendor", "mbprint", "--format", "json")
    assert result.exit_code != 0
    found = json.loads(result.output)
    assert {f["code"] for f in found if f["code"].startswith(("vendor-", "pod-", "export-"))} <= _documented_codes()
    small = [f for f in found if f["code"] == "vendor-small-text" and f["line"] <= last + 2]
    said = {f["line"] - last: f["message"].split(";")[0] for f in found if f["code"] == "vendor-small-text" and f["line"] > last + 2}
    assert said == {7: "text 'Tiny bold words' is set at 5.5 pt", 8: "text 'Five points' is set at 5 pt",
                    11: "text 'Scaled' is set at 5.56 pt"}  # 11.114 pt at half size, to the hundredth
    assert [(f["file"], f["line"], f["game"], f["component"]) for f in small] == [
        ("templates/tiny/hero.j2", last + 1, "tiny", "Heroes"), ("templates/tiny/hero.j2", last + 2, "tiny", "Heroes")]
    assert [f["message"].split(" is set at ")[0] for f in small] == [f"text '{thirty}'", f"text '{longer[:29]}…'"]
    assert small[0]["message"] == (f"text '{thirty}' is set at 5 pt; MBPrint prints no text under 6 pt: set it at 6 pt or more "
                                   "for this vendor")
    near = [(f["line"], f["severity"], f["message"]) for f in found if f["code"] == "vendor-safe-zone" and f["file"] == "templates/tiny/hero.j2"]
    zone = "within MBPrint's 4 mm safe zone, where its cut may clip it: move it"
    assert {(f["game"], f["component"]) for f in found if f["code"] == "vendor-safe-zone" and f["file"] == "templates/tiny/hero.j2"} == {
        ("tiny", "Heroes")}
    assert near == [(last + 3, "warning", f"text '{thirty.upper()}' lies 3.5 mm inside the cut, {zone} 0.5 mm inward for this vendor"),
                    (last + 4, "warning", f"text '{longer.upper()[:29]}…' lies 3.5 mm inside the cut, {zone} 0.5 mm inward for this vendor"),
                    (last + 5, "warning", f"icon 'star' lies 3.6 mm inside the cut, {zone} 0.4 mm inward for this vendor")]
    # the frame's 0.4 mm outline drawn 3.2 mm in lies 3.0 mm inside the cut, one rule at its line for every card; the
    # reference sheet's lines, many drawn at one line, are said once with how many more
    (frame,) = [f["message"] for f in found if f["code"] == "vendor-safe-zone" and f["file"] == "templates/tiny/frame.j2"]
    assert frame == f"a rectangle's outline lies 3.0 mm inside the cut, {zone} 1.0 mm inward for this vendor"
    assert any(re.fullmatch(r"a line \(and \d+ more drawn here\) lies \d\.\d mm inside the cut, .*", f["message"]) for f in found
               if f["code"] == "vendor-safe-zone" and f["file"] == "data/tiny/reference.yaml")
    # words closer to the cut than pnp's own 3 mm are pnp's safe-area warning, not the vendor's again
    assert [f["code"] for f in found if f["file"] == "templates/tiny/hero.j2" and f["line"] == last + 6] not in ([], ["vendor-safe-zone"])
    (outlines,) = [f for f in found if f["code"] == "vendor-outlines"]
    assert f"({'x' * 200})" in outlines["message"] and outlines["severity"] == "error"


def _filled(c_, m, y, k, font: str | None = None):
    """A page filled edge to edge with one CMYK colour, and a word set in `font` when one is named."""
    def draw(c):
        c.setFillColorCMYK(c_, m, y, k)
        c.rect(0, 0, *DTC_PAGE, fill=1, stroke=0)
        if font:
            c.setFont(font, 12)
            c.drawString(20, 20, "Knight")
    return draw


def _pod_check(data: bytes, pages: tuple[int, ...] = (0,)) -> list:
    """The print-on-demand file check (`pnp export --format pod` reads each file back with it) on a poker card's file:
    69.85 × 95.25 mm pages, 1/8 in of bleed round a 63.5 × 88.9 mm trim."""
    return check_file(POD, data, "x.pdf", Expect(page_mm=DTC_MM, trim_mm=(63.5, 88.9), pages=pages))


def test_preflight_refuses_ink_over_the_limit(tmp_path):
    """The print-on-demand shop's limit is 240 % of ink: 280 % is refused, 240 % taken, 241 % refused."""
    over = _pod_check(_pdf(tmp_path / "over.pdf", [_filled(0.7, 0.7, 0.7, 0.7)], boxes=True))
    assert [(f.severity, f.message) for f in over if f.code == "vendor-ink"] == [("error", "a colour uses 280% ink; the limit is 240%")]
    within = _pod_check(_pdf(tmp_path / "within.pdf", [_filled(0.6, 0.6, 0.6, 0.6)], boxes=True))  # 240 %: at the limit
    assert not [f for f in within if f.code == "vendor-ink"], within
    just_over = _pod_check(_pdf(tmp_path / "just.pdf", [_filled(0.61, 0.6, 0.6, 0.6)], boxes=True))  # 241 %: a point past it
    assert [f.message for f in just_over if f.code == "vendor-ink"] == ["a colour uses 241% ink; the limit is 240%"]


def test_preflight_refuses_a_font_that_is_not_embedded(tmp_path):
    found = _pod_check(_pdf(tmp_path / "a.pdf", [_filled(0, 0, 0, 0.2, "Helvetica")], boxes=True))
    assert [(f.severity, f.message) for f in found if f.code == "vendor-fonts"] == [("error", "font /Helvetica is not embedded")]
    assert [f for f in found if f.severity == "error"] == [f for f in found if f.code == "vendor-fonts"]  # nothing else is wrong


def test_an_ellipses_outline_in_a_vendors_safe_zone_is_said_with_an_an():
    """English writes 'an ellipse': an oval of 0.4 mm drawn 3.7 mm from a poker card's left cut is 3.5 mm inside it (its
    stroke's outer half), clear of pnp's 3 mm but within MBPrint's 4 mm safe zone, 0.5 mm short of it."""
    from pnp.layout.elements import Ellipse, Face
    from pnp.layout.inspect import safe_area_breaches
    from pnp.targets.vendor_preflight import safe_zone_finding

    mbprint = vendor_named("mbprint")
    face = Face(63.5, 88.9, 3.0, (Ellipse(3.7, 30.0, 20.0, 10.0, None, "#000000", 0.4),), frozenset())
    assert safe_area_breaches(face) == []
    finding = safe_zone_finding(mbprint, safe_area_breaches(face, safe_mm=mbprint.safe_mm), Loc("templates/t/front.j2", 6, 1), "g", "Heroes")
    assert finding.message == ("an ellipse's outline lies 3.5 mm inside the cut, within MBPrint's 4 mm safe zone, where its cut may clip it: "
                               "move it 0.5 mm inward for this vendor")
