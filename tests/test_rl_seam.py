"""Each hook pnp takes into reportlab's internals (pnp/layout/rl.py) still does what pnp relies on.

A reportlab release that renames or changes one of these fails here, by name,
rather than as a broken or silently different build.
"""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfgen.canvas import Canvas

from pnp.layout import rl


def _canvas(cls=Canvas, **kw) -> tuple[Canvas, io.BytesIO]:
    buf = io.BytesIO()
    return cls(buf, pagesize=(200, 100), invariant=1, pageCompression=0, **kw), buf


def _content(buf: io.BytesIO, page: int = 0) -> str:
    return PdfReader(buf).pages[page].get_contents().get_data().decode("latin-1")


def test_emitted_operators_land_in_the_page_content():
    c, buf = _canvas()
    rl.emit(c, "0.25 0.5 0.75 rg 10 20 30 40 re f")
    c.showPage()
    c.save()
    assert "0.25 0.5 0.75 rg 10 20 30 40 re f" in _content(buf)


def test_the_document_hands_out_references():
    c, _ = _canvas()
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFObjectReference

    ref = rl.document(c).Reference(PDFDictionary({"Probe": 1}))
    assert isinstance(ref, PDFObjectReference)


def test_forms_in_use_lists_a_placed_form():
    c, _ = _canvas()
    c.beginForm("Probe")
    c.rect(0, 0, 5, 5)
    c.endForm()
    c.doForm("Probe")
    assert any("Probe" in str(name) for name in rl.forms_in_use(c))


def test_a_placed_image_is_placed_again_by_its_name_with_the_operators_drawimage_writes():
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    c, buf = _canvas()
    c.drawImage(ImageReader(Image.new("RGB", (4, 3), (200, 10, 10))), 10, 20, 30, 40)
    name = rl.placed_image(c)
    mark = rl.emitted(c)
    c.drawImage(ImageReader(Image.new("RGB", (4, 3), (200, 10, 10))), 50, 20, 30, 40)  # the same pixels: the same picture
    by_reportlab = rl.emitted_since(c, mark)
    mark = rl.emitted(c)
    assert rl.place_image_again(c, name, 50, 20, 30, 40)
    assert rl.emitted_since(c, mark) == by_reportlab
    assert rl.forms_in_use(c)[-1] == name
    assert not rl.place_image_again(c, "no such picture", 0, 0, 1, 1)
    c.showPage()
    c.save()
    assert buf.getvalue().count(b"/Subtype /Image") == 1


def test_shadings_in_use_lists_the_gradient_a_page_painted():
    c, _ = _canvas()
    assert rl.shadings_in_use(c) == []
    c.linearGradient(0, 0, 100, 0, (Color(1, 0, 0), Color(0, 0, 1)), extend=False)
    assert len(rl.shadings_in_use(c)) == 1


def test_transparency_states_appear_once_alpha_is_used():
    c, _ = _canvas()
    assert not rl.transparency_states(c)
    c.setFillColor(Color(1, 0, 0, alpha=0.5))
    c.rect(0, 0, 10, 10, fill=1, stroke=0)
    assert rl.transparency_states(c)


def test_current_font_and_page_size_read_the_canvas():
    c, _ = _canvas()
    c.setFont("Times-Roman", 9)
    c.setPageSize((300, 150))
    assert rl.current_font(c) == "Times-Roman"
    assert rl.page_size(c) == (300, 150)


def test_escape_makes_a_pdf_string_literal_safe():
    c, _ = _canvas()
    assert rl.escape(c, b"a(b)c\\") == "a\\(b\\)c\\\\"


def test_binary_streams_are_not_ascii85():
    rl.use_binary_streams()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1, pageCompression=1)
    c.drawString(10, 10, "x")
    c.showPage()
    c.save()
    assert b"ASCII85Decode" not in buf.getvalue()


def test_drawing_defaults_are_restored_even_after_an_error():
    """Inside, a drawing starts with the font and the black given, for its fills and its strokes alike (renderPDF writes
    its starting stroke colour into every drawing: RGB black there is an RGB operator in a CMYK print file)."""
    from reportlab.graphics.shapes import STATE_DEFAULTS

    keys = ("fontName", "fillColor", "strokeColor")
    before = [str(STATE_DEFAULTS[k]) for k in keys]
    black = CMYKColor(0, 0, 0, 1)
    with pytest.raises(RuntimeError, match="inside"), rl.drawing_defaults("Courier", black=black):
        assert [STATE_DEFAULTS[k] for k in keys] == ["Courier", black, black]
        raise RuntimeError("inside")
    assert [str(STATE_DEFAULTS[k]) for k in keys] == before


def test_pages_of_a_shared_resource_canvas_point_at_one_dictionary():
    c, buf = _canvas(rl.SharedResourceCanvas)

    class Shared:
        def __init__(self):
            from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName

            self.ref = rl.document(c).Reference(PDFDictionary({"ProcSet": [PDFName("PDF")]}))
            self.noted = []

        def note_forms(self, names):
            self.noted.append(dict(names))

    c.shared_resources = Shared()
    for _ in range(2):
        c.rect(0, 0, 5, 5)
        c.showPage()
    c.save()
    pages = PdfReader(buf).pages
    assert pages[0].raw_get("/Resources") == pages[1].raw_get("/Resources")  # the same indirect object
    assert "/Trans" not in pages[0] and "/Rotate" not in pages[0]
    assert len(c.shared_resources.noted) == 2


def test_pdfx_marks_info_and_output_intent():
    c, buf = _canvas()
    rl.mark_pdfx(c, "PDF/X-1a:2003", ("CGATS TR 001", "U.S. Web Coated (SWOP) v2"))
    c.showPage()
    c.save()
    reader = PdfReader(buf)
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and reader.metadata["/Trapped"] == "/False"
    intent = reader.trailer["/Root"]["/OutputIntents"][0]
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"


def test_emitted_marks_the_content_stream_and_returns_what_came_after():
    c, buf = _canvas()
    rl.emit(c, "0 0 m")
    mark = rl.emitted(c)
    c.setLineWidth(2)
    rl.emit(c, "10 10 l S")
    since = rl.emitted_since(c, mark)
    assert since == ("2 w", "10 10 l S")
    rl.emit_all(c, since)
    c.showPage()
    c.save()
    assert _content(buf).count("10 10 l S") == 2


def test_graphics_state_is_what_the_canvas_remembers_and_can_be_set_back():
    c, _ = _canvas()
    before = rl.graphics_state(c)
    c.setFillColor(Color(1, 0, 0))
    c.setLineWidth(3)
    after = rl.graphics_state(c)
    assert after != before
    other, _ = _canvas()
    rl.set_graphics_state(other, after)
    assert rl.graphics_state(other) == after
    other.saveState()
    other.setLineWidth(1)
    other.restoreState()
    assert rl.graphics_state(other) == after, "saveState/restoreState keep the attributes graphics_state reads"


def test_a_canvas_is_opaque_until_a_translucent_colour_is_set():
    c, _ = _canvas()
    assert rl.opaque(c)
    c.setFillColor(Color(1, 0, 0, alpha=1))
    assert rl.opaque(c)
    c.setFillColor(Color(1, 0, 0, alpha=0.5))
    assert not rl.opaque(c)


def test_version_asks_lists_what_drawing_asks_and_asking_again_writes_the_same_version():
    c, buf = _canvas()
    with rl.version_asks(c) as asked:
        c.setFillColor(Color(1, 0, 0))  # reportlab's colours carry an alpha, opaque ones too: each asks for transparency
    assert asked == ["transparency"]
    c.showPage()
    c.save()
    assert buf.getvalue().startswith(b"%PDF-1.4")
    c, buf = _canvas()
    c.showPage()
    c.save()
    assert buf.getvalue().startswith(b"%PDF-1.3"), "a canvas that asks nothing writes PDF 1.3"
    c, buf = _canvas()
    rl.ask_versions(c, asked)
    c.showPage()
    c.save()
    assert buf.getvalue().startswith(b"%PDF-1.4")


def test_version_asks_nest_and_each_hears_what_is_asked_inside_it():
    c, _ = _canvas()
    with rl.version_asks(c) as outer:
        with rl.version_asks(c) as inner:
            c.setFillColor(Color(1, 0, 0))
        c.setStrokeColor(Color(0, 0, 1))
    assert inner == ["transparency"]
    assert outer == ["transparency", "transparency"]
    c.setFillColor(Color(1, 0, 0))
    assert outer == ["transparency", "transparency"], "the document asks as it did once the blocks are done"


def test_font_asks_hears_what_a_truetype_font_hands_reportlabs_own_text_and_not_what_pnp_asks_itself():
    """reportlab's text asks the font for each string's subset codes (splitString) and each subset's name in the
    document (getSubsetInternalName); a page replay asks again for what `font_asks` heard."""
    from conftest import ROOT
    from reportlab.pdfbase import pdfmetrics

    from pnp.layout.fonts import ListenedFont

    pdfmetrics.registerFont(ListenedFont("SeamProbe", str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))
    named = pdfmetrics.getFont("SeamProbe").fontName  # reportlab keeps the first font of a file: maybe another test's name
    c, _ = _canvas()
    heard: list = []
    with rl.font_asks(c, heard):
        c.setFont("SeamProbe", 10)
        c.drawString(10, 10, "Ωx")
        font = pdfmetrics.getFont("SeamProbe")
        pieces = rl.split_string(font, "é", rl.document(c))
        name = rl.subset_name(font, 0, rl.document(c))
    c.drawString(10, 30, "ß")  # heard by no one
    assert ("split", (named, "Ωx"), ((0, b"\x01x"),)) in heard  # ASCII keeps its codes; Ω, the first glyph beyond it, gets 1
    assert ("subset", (named, 0), name) in heard
    assert pieces == ((0, b"\x02"),) and not any(key == (named, "é") for _, key, _ in heard)
    assert len(heard) == 2


@pytest.mark.parametrize("compression", [1, 0])
def test_a_page_is_compressed_as_it_closes_and_the_pdf_is_the_bytes_reportlab_writes(compression):
    """reportlab holds every page's operators as text until `save` (8 MB for a 10,000-card deck's sheets): pnp's canvas
    compresses each page as it closes and lets the text go, and writes the bytes reportlab writes. A PDF written without
    compression keeps its text to write."""
    rl.use_binary_streams()

    def pdf(cls) -> tuple[bytes, list]:
        buf = io.BytesIO()
        c = cls(buf, pagesize=(200, 100), invariant=1, pageCompression=compression)
        for number in range(3):
            c.drawString(10, 10, f"page {number}")
            c.showPage()
        held = [page.stream for page in rl.document(c).Pages.pages]
        c.save()
        return buf.getvalue(), held

    plain, _ = pdf(Canvas)
    early, held = pdf(rl.SharedResourceCanvas)
    assert early == plain
    assert "(page 2) Tj" in _content(io.BytesIO(early), 2)
    if compression:
        assert held == [None, None, None], "each page's text was let go when it closed"
    else:
        assert all("(page" in text for text in held)


def test_content_keys_see_each_pages_operators_its_forms_and_the_glyphs_its_codes_stand_for():
    """reportlab closes each page and form through `_setXObjects`, its operators still the canvas's, and keeps a
    TrueType font's subsets until it saves: a page's key (KeyedPagesCanvas, through rl.ContentKeys) changes with what the page shows and
    nothing else."""
    from conftest import ROOT
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("KeysProbe", str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))

    def keys(badge: str = "#336699", last: str = "é") -> list:
        c, _ = _canvas(rl.KeyedPagesCanvas)
        c.beginForm("badge")
        c.setFillColor(badge)
        c.rect(0, 0, 10, 10, stroke=0, fill=1)
        c.endForm()
        for words in ("plain", "with a badge", f"and an {last}"):
            c.setFont("KeysProbe", 10)  # each page starts with the canvas's first font
            c.drawString(10, 10, words)
            if words == "with a badge":
                c.doForm("badge")
            c.showPage()
        c.save()
        return c.page_keys

    first = keys()
    assert len(set(first)) == 3 and None not in first
    assert keys() == first, "the same pages, the same keys"
    dark = keys(badge="#000000")
    assert dark[0] == first[0] and dark[2] == first[2] and dark[1] != first[1], "only the page that draws the form"
    changed = keys(last="ü")  # ü takes the code é had: the last page's operators are the same, its glyph is not
    assert changed[2] != first[2]


def test_an_unregistered_font_name_takes_a_new_reading_of_its_file():
    """reportlab keeps the first font of a name, and of a face, for good: `unregister_font` forgets both, so a name
    registered again (a font file edited while `pnp watch` runs) draws from the new reading."""
    from conftest import ROOT
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    path = str(ROOT / "pnp/assets/fonts/noto/NotoSerif-BoldItalic.ttf")
    try:
        first, second = TTFont("SeamForget", path), TTFont("SeamForget", path)
        pdfmetrics.registerFont(first)
        rl.unregister_font("SeamForget")
        pdfmetrics.registerFont(second)
        assert pdfmetrics.getFont("SeamForget") is second
    finally:
        rl.unregister_font("SeamForget")  # the other tests of this process share reportlab's registries


def test_a_fonts_glyph_scale_comes_off_for_pickling_and_goes_back_on():
    """A TrueType face scales glyph units by a local function that does not pickle: the copy pnp keeps across runs goes
    without it (`drop_glyph_scale`) and gets it back when read (`set_glyph_scale`), as shaped text asks for it."""
    import copy
    import pickle

    from conftest import ROOT
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont("SeamScale", str(ROOT / "pnp/assets/fonts/noto/NotoSans-Italic.ttf"))
    kept = copy.copy(font)
    kept.face = copy.copy(font.face)
    with pytest.raises((AttributeError, pickle.PicklingError)):
        pickle.dumps(kept.face)
    rl.drop_glyph_scale(kept)
    kept.face = pickle.loads(pickle.dumps(kept.face))
    units = kept.face.unitsPerEm
    rl.set_glyph_scale(kept, lambda x: x * 1000 / units)
    assert kept.pdfScale(units) == font.pdfScale(units) == 1000


def test_a_flowable_being_split_sees_its_frame_from_platypus_and_from_splitting_in():
    """Platypus's Frame.split tells a flowable its frame while asking it to split (a kept box starts a frame of its own
    rather than split, pnp.render.flowables.Stack); `splitting_in` tells it the same where pnp packs without a Frame."""
    from reportlab.platypus import Frame
    from reportlab.platypus.flowables import Flowable

    seen = []

    class Probe(Flowable):
        def wrap(self, aW, aH):
            return aW, 500

        def split(self, aW, aH):
            seen.append(rl.frame_of(self))
            return []

    c, _ = _canvas()
    Frame(0, 0, 100, 200, leftPadding=0, bottomPadding=0, rightPadding=0, topPadding=0).split(Probe(), c)
    probe = Probe()
    with rl.splitting_in(probe, 80.0, at_top=False):
        probe.split(100, 50)
    assert seen == [(True, 200), (False, 80.0)]
    assert rl.frame_of(probe) is None, "told only while it splits"


def test_page_and_catalog_entries_reach_the_written_pdf():
    """The hooks a tagged PDF writes with (pnp.render.tagging): a page's extra keys, the catalog's, and page references."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFString

    c, buf = _canvas()
    c.showPage()
    rl.page_entries(c, StructParents=0, Tabs=PDFName("S"))
    c.showPage()
    assert rl.pages_shown(c) == 2
    rl.catalog_entries(c, Lang=PDFString("de"), Probe=None)
    rl.document(c).Catalog.OpenAction = PDFArray([rl.page_ref(c, 2), PDFName("Fit")])
    c.save()
    reader = PdfReader(buf)
    assert reader.pages[0]["/StructParents"] == 0 and reader.pages[0]["/Tabs"] == "/S"
    assert "/StructParents" not in reader.pages[1]
    assert reader.trailer["/Root"]["/Lang"] == "de"
    assert reader.trailer["/Root"]["/OpenAction"][0].get_object() == reader.pages[1].get_object()


def test_a_glyphs_box_is_the_one_its_font_file_gives():
    """pnp.layout.marks centres a vowel mark by its outline's box, read from the bytes reportlab keeps: the same box
    fontTools reads from the file, and none for a glyph with no outline."""
    from fontTools.ttLib import TTFont as Tools
    from reportlab.pdfbase.ttfonts import TTFont

    path = "fonts/noto/NotoSansArabic-Regular.ttf"
    face = TTFont("seam-arabic", path).face
    tools = Tools(path)
    glyf, cmap = tools["glyf"], tools.getBestCmap()
    for ch in ("\u064e", "\u0650", "\ufee3", "\ufeae"):  # fatha, kasra, meem initial, reh final
        g = glyf[cmap[ord(ch)]]
        assert rl.glyph_box(face, face.charToGlyph[ord(ch)]) == (g.xMin, g.yMin, g.xMax, g.yMax), ch
    assert rl.glyph_box(face, face.charToGlyph[ord(" ")]) is None


def test_a_glyphs_record_is_where_its_font_file_has_it():
    """pnp.render.glyph_ink reads each outline from the bytes reportlab keeps: the record glyph_record points at holds
    the contours and box fontTools reads for that glyph (a composite's count is negative), and a space's is empty."""
    import struct

    from conftest import ROOT
    from fontTools.ttLib import TTFont as Tools
    from reportlab.pdfbase.ttfonts import TTFont

    path = str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")
    face = TTFont("seam-sans", path).face
    tools = Tools(path)
    glyf, cmap = tools["glyf"], tools.getBestCmap()
    for ch in "Ag\u00e9":
        data, start, end = rl.glyph_record(face, face.charToGlyph[ord(ch)])
        g = glyf[cmap[ord(ch)]]
        assert struct.unpack(">hhhhh", data[start:start + 10]) == (g.numberOfContours, g.xMin, g.yMin, g.xMax, g.yMax), ch
    _, start, end = rl.glyph_record(face, face.charToGlyph[ord(" ")])
    assert start == end and rl.glyph_record(face, len(face.glyphPos)) is None


def test_the_pdf_version_is_the_one_the_header_says():
    """The streamed writer (pnp.layout.rl_stream) writes the header reportlab's own save writes, from this version."""
    c, buf = _canvas()
    c.drawString(10, 10, "x")
    version = rl.pdf_version(rl.document(c))
    c.save()
    assert buf.getvalue().startswith(b"%%PDF-%d.%d\n" % version), buf.getvalue()[:12]


def test_a_plain_fill_writes_what_the_setter_writes_and_declines_where_the_setter_writes_more():
    """fill_plainly's operator and remembered colour are setFillColor's for an opaque RGB fill; with a colour space
    enforced or a translucent fill state it sets nothing and says so."""
    colour = Color(0.25, 0.5, 0.75)
    plain, plain_buf = _canvas()
    assert rl.fill_plainly(plain, ".25 .5 .75 rg", colour)  # as reportlab writes numbers (fp_str)
    plain.rect(10, 10, 20, 20, stroke=0, fill=1)
    set_by_reportlab, set_buf = _canvas()
    set_by_reportlab.setFillColor(colour)
    set_by_reportlab.rect(10, 10, 20, 20, stroke=0, fill=1)
    for c in (plain, set_by_reportlab):
        c.showPage()
        c.save()
    assert _content(plain_buf) == _content(set_buf)
    enforced, _ = _canvas(enforceColorSpace="cmyk")
    assert not rl.fill_plainly(enforced, "0.25 0.5 0.75 rg", colour)
    translucent, _ = _canvas()
    translucent.setFillAlpha(0.5)
    before = rl.emitted(translucent)
    assert not rl.fill_plainly(translucent, "0.25 0.5 0.75 rg", colour) and rl.emitted(translucent) == before
    assert not rl.fill_plainly(plain, "0.1 0.2 0.3 0.4 k", colour)


def _translucent_picture(c: Canvas, colour=(200, 10, 10, 128)) -> str:
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    c.drawImage(ImageReader(Image.new("RGBA", (4, 3), colour)), 10, 20, 30, 40, mask="auto")
    return rl.placed_image(c)


def test_a_pictures_streams_are_its_pixels_and_its_alphas_and_what_is_set_there_is_written():
    """A picture with alpha is two streams (its colour, its soft mask), each what the written PDF holds; a stream set
    in their place (the streamed writer's stand-in) is what reportlab writes, and one let go is empty."""
    import zlib

    c, buf = _canvas()
    name = _translucent_picture(c)
    image, mask = rl.picture_streams(c, name)
    pixels, alpha = zlib.decompress(rl.stream_of(image)), zlib.decompress(rl.stream_of(mask))
    assert (pixels, alpha) == (bytes([200, 10, 10]) * 12, bytes([128]) * 12)
    rl.set_stream(image, zlib.compress(bytes([10, 200, 10]) * 12))
    assert rl.picture_streams(c, "no such picture") == [] and rl.stream_of(object()) is None
    c.showPage()
    c.save()
    written = PdfReader(buf).pages[0].images[0].image.convert("RGB")
    assert written.getpixel((0, 0)) == (10, 200, 10)
    other, _ = _canvas()
    _translucent_picture(other)
    rl.let_pictures_go(other)
    assert [rl.stream_of(obj) for obj in rl.picture_streams(other, rl.placed_image(other))] == [b"", b""]


def test_saved_object_by_object_the_pdf_is_the_bytes_reportlabs_save_writes():
    """Every piece handed out in turn, objects through `add_object`, make the PDF reportlab's own save writes, at the
    offsets its cross-reference table gives; the canvas's own file gets nothing."""
    def drawn():
        c, buf = _canvas()
        _translucent_picture(c)
        c.drawString(10, 80, "object by object")
        c.showPage()
        c.drawString(10, 80, "page two")
        return c, buf

    c, buf = drawn()
    c.save()
    pieces, objects = [], []

    def add(data: bytes) -> int:
        at = sum(map(len, pieces))
        pieces.append(data)
        return at

    def add_object(formatted: bytes, obj) -> int:
        objects.append(obj)
        return add(formatted)

    streamed, own = drawn()
    rl.save_objects(streamed, add, add_object)
    assert b"".join(pieces) == buf.getvalue() and own.getvalue() == b""
    assert len(objects) == PdfReader(io.BytesIO(buf.getvalue())).trailer["/Size"] - 1  # every object, once
