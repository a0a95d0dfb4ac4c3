"""The one seam onto reportlab's internals.

pnp writes raw PDF operators, shares one resource dictionary between pages
and forms, and starts svglib drawings with its own font: each needs a part of
reportlab that is not public API. Every such access is here, one small
function a hook, each with its own test (tests/test_rl_seam.py), so a
reportlab upgrade that moves one fails one test rather than a build; a PDF
of many pictures is written through the hooks at the end (pnp.layout.rl_stream).
tests/test_house.py holds that no other module of pnp reaches one.
"""
from __future__ import annotations

import hashlib
import struct
from contextlib import contextmanager

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFPage
from reportlab.pdfgen.canvas import Canvas, ExtGState

LISTENER = "pnp_font_asks"  # the attribute of a reportlab document that holds its listener's list (`font_asks`)


def emit(c: Canvas, operators: str) -> None:
    """Append raw PDF operators to the current page or form's content stream."""
    c._code.append(operators)


def fill_plainly(c: Canvas, operator: str, colour) -> bool:
    """Set the fill colour with `operator` (an opaque RGB fill's `r g b rg`, worked out once by the caller) and remember
    `colour` as reportlab's setFillColor does; False, setting nothing, where that setter would write more (an enforced
    colour space, a translucent fill state): the caller sets it the usual way."""
    if not operator.endswith(" rg") or c._enforceColorSpace is not None or c._extgstate.getValue("ca") != 1:
        return False
    c._code.append(operator)
    c._fillColorObj = colour
    return True


def emitted(c: Canvas) -> int:
    """How many operator strings the current page or form's content stream holds: a mark for `emitted_since`."""
    return len(c._code)


def emitted_since(c: Canvas, mark: int) -> tuple[str, ...]:
    """The operator strings appended to the current content stream since `emitted(c)` gave `mark`."""
    return tuple(c._code[mark:])


def emit_all(c: Canvas, operators: tuple[str, ...]) -> None:
    """Append operator strings, as `emitted_since` gave them, to the current content stream."""
    c._code.extend(operators)


def graphics_state(c: Canvas) -> tuple:
    """What the canvas remembers of the graphics state (colours, line width, matrix, font…), transparency aside: reportlab
    starts each page and form from it, and draws a colour it still holds into the next page's preamble."""
    d = c.__dict__
    return tuple(d[name] for name in _STATE)


def set_graphics_state(c: Canvas, state: tuple) -> None:
    """Make the canvas remember the graphics state `graphics_state` gave."""
    c.__dict__.update(zip(_STATE, state, strict=True))


def opaque(c: Canvas) -> bool:
    """Whether the canvas's transparency state is reportlab's default (opaque, no blend or overprint): an opaque colour then
    changes none of it and writes no state operator."""
    defaults = ExtGState.defaults
    return all(defaults.get(key) == value for key, value in c._extgstate._d.items())


@contextmanager
def version_asks(c: Canvas):
    """The PDF features (reportlab's names, e.g. 'transparency') drawing asks the document's version to allow, listed as
    they are asked while the block runs: replaying the drawing must ask them again."""
    doc = document(c)
    asked: list[str] = []
    own = doc.ensureMinPdfVersion

    def ask(*keys):
        asked.extend(keys)
        own(*keys)

    shadowed = doc.__dict__.get("ensureMinPdfVersion")  # an enclosing version_asks: it hears these asks too
    doc.ensureMinPdfVersion = ask
    try:
        yield asked
    finally:
        if shadowed is None:
            del doc.ensureMinPdfVersion
        else:
            doc.ensureMinPdfVersion = shadowed


def ask_versions(c: Canvas, features) -> None:
    """Ask for what `version_asks` listed."""
    if features:
        document(c).ensureMinPdfVersion(*features)


_STATE = tuple(name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate")  # transparency: kept by the canvas's ExtGState


def document(c: Canvas):
    """The canvas's PDFDocument: object references, font subsets, info and catalog."""
    return c._doc


def pdf_version(doc) -> tuple[int, int]:
    """The PDF version a document writes in its header, (major, minor): raised by what its pages use (transparency)."""
    return tuple(doc._pdfVersion)


def page_ref(c: Canvas, page: int):
    """A reference to the document's page `page` (1-based), shown or to be shown: reportlab names its pages in order."""
    return pdfdoc.PDFObjectReference(f"Page{page}")


def pages_shown(c: Canvas) -> int:
    """How many pages the canvas has closed (`showPage`) so far."""
    return len(c._doc.Pages.pages)


def page_entries(c: Canvas, **entries) -> None:
    """Add entries reportlab does not write (`StructParents`, `Tabs`) to the page the canvas closed last."""
    page = c._doc.Pages.pages[-1]
    page.__NoDefault__ = [*type(page).__NoDefault__, *entries]
    for key, value in entries.items():
        setattr(page, key, value)


def catalog_entries(c: Canvas, **entries) -> None:
    """Set entries of the document's catalog (`StructTreeRoot`, `MarkInfo`, `Lang`): reportlab writes each it knows of."""
    catalog = c._doc.Catalog
    for key, value in entries.items():
        setattr(catalog, key, value)


def forms_in_use(c: Canvas) -> list:
    """The form XObjects the current page (or form) has placed so far."""
    return c._formsinuse


def placed_image(c: Canvas) -> str:
    """The name of the picture `drawImage` just placed (the last entry of the current page or form's list of forms)."""
    return c._formsinuse[-1]


def place_image_again(c: Canvas, name: str, x: float, y: float, w: float, h: float) -> bool:
    """Place a picture the document already holds under `name` (as `placed_image` gave it) in the box x, y, w × h pt,
    writing the operators `drawImage` writes; False, drawing nothing, when the document holds no picture of that name.
    `drawImage` needs the picture's pixels to name it: this lets them go once the picture is embedded."""
    reg_name = c._doc.getXObjectName(name)
    if c._doc.idToObject.get(reg_name) is None:
        return False
    c._currentPageHasImages = 1
    c.saveState()
    c.translate(x, y)
    c.scale(w, h)
    c._code.append(f"/{reg_name} Do")
    c.restoreState()
    c._formsinuse.append(name)
    return True


def shadings_in_use(c: Canvas) -> list:
    """The names of the shadings (gradients) the current page (or form) has painted so far."""
    return list(c._shadingUsed)


def transparency_states(c: Canvas):
    """The ExtGState dictionary of every alpha the canvas has used, or None when it has used none."""
    return c._extgstate.getState()


def current_font(c: Canvas) -> str:
    return c._fontname


def page_size(c: Canvas) -> tuple[float, float]:
    """The current page's size in points."""
    return c._pagesize


def escape(c: Canvas, raw: bytes) -> str:
    """Font-encoded bytes escaped for a PDF string literal, as the canvas writes them."""
    return c._escape(raw)


@contextmanager
def font_asks(c: Canvas, into: list):
    """List in `into` what the TrueType fonts pnp registers hand out to reportlab's own text on `c`'s document while the
    block runs (pnp.layout.fonts.ListenedFont); what pnp asks through `split_string` and `subset_name` is not listed."""
    doc = c._doc
    before = getattr(doc, LISTENER, None)
    setattr(doc, LISTENER, into)
    try:
        yield into
    finally:
        setattr(doc, LISTENER, before)


def set_glyph_scale(font, scale) -> None:
    """Give a TrueType font's face the function reportlab turns glyph units into thousandths of an em with: a copy of
    the font kept across runs is stored without it (`drop_glyph_scale`), since a local function does not pickle."""
    font.face._pdfScale = scale


def drop_glyph_scale(font) -> None:
    """Take the glyph scale function off a TrueType font's face (a copy of the face, about to be pickled)."""
    del font.face._pdfScale


def unregister_font(name: str) -> None:
    """Drop a TrueType font from reportlab's registry, so its name can take another file.

    reportlab has no call for this, and `registerFont` keeps the first font
    of a name (and of a face name) for good: its two registries are emptied
    of the font here."""
    old = pdfmetrics._fonts.pop(name, None)
    if old is not None and getattr(old, "_dynamicFont", False):
        pdfmetrics._dynFaceNames.pop(old.face.name, None)


def glyph_box(face, glyph: int) -> tuple[int, int, int, int] | None:
    """(x min, y min, x max, y max) of glyph number `glyph` of a TrueType face reportlab read (`getFont(name).face`), in
    font units, from the glyf table's header of that glyph; None for a glyph with no outline. reportlab keeps the font's
    bytes and each glyph's place in them, and reads no outline itself (pnp.layout.marks places vowel marks by them)."""
    table = getattr(face, "table", {}).get("glyf")
    if table is None or glyph + 1 >= len(face.glyphPos):
        return None
    start, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
    if end - start < 10:  # an empty glyph (a space) has no header
        return None
    at = table["offset"] + start + 2  # past the number of contours
    return struct.unpack(">hhhh", face._ttf_data[at:at + 8])


def glyph_record(face, glyph: int) -> tuple[bytes, int, int] | None:
    """(the font's bytes, where glyph number `glyph`'s glyf record starts, where it ends) of a TrueType face reportlab
    read; None for a glyph past the table or a face with no glyf table. An empty glyph (a space) starts where it ends.
    pnp.render.glyph_ink reads the outlines' areas from it: reportlab keeps the bytes and reads no outline itself."""
    table = getattr(face, "table", {}).get("glyf")
    data = getattr(face, "_ttf_data", None)
    if table is None or data is None or not 0 <= glyph < len(face.glyphPos) - 1:
        return None
    return data, table["offset"] + face.glyphPos[glyph], table["offset"] + face.glyphPos[glyph + 1]


def split_string(font, text: str, doc) -> tuple:
    """The (subset, bytes) pieces of `text` in a TrueType font, codes handed out as needed, not listed by `font_asks`."""
    return tuple(getattr(font, "split_quietly", font.splitString)(text, doc))


def subset_name(font, subset: int, doc) -> str:
    """The document's name of a TrueType font's subset, registered as needed, not listed by `font_asks`."""
    return getattr(font, "subset_name_quietly", font.getSubsetInternalName)(subset, doc)


class _Region:
    """What a flowable's split may ask of the frame it is being placed in, for placing without a Platypus Frame."""

    def __init__(self, height: float, at_top: bool):
        self._aH = height
        self._atTop = at_top


@contextmanager
def splitting_in(flowable, height: float, at_top: bool):
    """Let `flowable.split` ask what Platypus's `Frame.split` lets it ask (`frame_of`) while the block runs: a frame
    `height` points high, at whose top the flowable would start (`at_top`), for packing blocks without a Frame."""
    flowable._frame = _Region(height, at_top)
    try:
        yield
    finally:
        del flowable._frame


def frame_of(flowable) -> tuple[bool, float] | None:
    """(whether it would start at the top of the frame, the frame's whole height) of the frame a flowable is being
    split in, which Platypus's `Frame.split` sets on it while it asks (or `splitting_in`); None outside a split."""
    frame = getattr(flowable, "_frame", None)
    return None if frame is None else (bool(getattr(frame, "_atTop", False)), getattr(frame, "_aH", 0))


def use_binary_streams() -> None:
    """Write compressed streams as binary: ASCII85 writes five bytes for every four, for no reader's benefit."""
    rl_config.useA85 = 0


@contextmanager
def drawing_defaults(font_name: str, black=None):
    """Start renderPDF drawings with `font_name` (not an unembedded Helvetica) and, if given, `black` for fill and stroke."""
    from reportlab.graphics.shapes import STATE_DEFAULTS  # brings Platypus: imported when an icon is first drawn

    keys = ("fontName", "fillColor", "strokeColor")
    saved = {k: STATE_DEFAULTS[k] for k in keys}
    STATE_DEFAULTS["fontName"] = font_name
    if black is not None:
        STATE_DEFAULTS["fillColor"] = STATE_DEFAULTS["strokeColor"] = black
    try:
        yield
    finally:
        STATE_DEFAULTS.update(saved)


class _Compressed:
    """A Flate filter whose work was done when its page closed: it gives the bytes it was made with."""

    pdfname = pdfdoc.PDFZCompress.pdfname

    def __init__(self, data: bytes):
        self.data = data

    def encode(self, _content) -> bytes:
        return self.data


def _compress_now(page: PDFPage) -> None:
    """Compress a page's content stream as the page closes, as reportlab would when the PDF is written, and let the text go.

    reportlab keeps every page's operators as text until `save`: 8 MB for the
    2,224 pages of a 10,000-card deck, at the top of the build's memory. The
    bytes written are the same (zlib's default level on the UTF-8 text)."""
    if not page.compression or rl_config.useA85 or not page.stream or page.Contents:
        return
    text = page.stream
    stream = pdfdoc.PDFStream()
    stream.filters = [_Compressed(pdfdoc.PDFZCompress.encode(text))]
    stream.content = b""
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


class _ClosedPage(PDFPage):
    """A page as `_compact` leaves it: the entries reportlab starts each page with as None are the class's, not each page's."""


for _name in (*PDFPage.__NoDefault__, "ExtGState"):
    setattr(_ClosedPage, _name, getattr(PDFPage, _name, None))


def _compact(page: PDFPage) -> None:
    """Let a closed page hold only what it sets: reportlab gives each page its own entry for each of some 25 keys, most
    None, a dictionary of 1.5 kB a page until `save` (3 MB of a 10,000-card deck's 2,224 pages). The class answers
    None for those instead; the page formats to the same bytes (`PDFCatalog.format` asks each key with getattr)."""
    page.__class__ = _ClosedPage
    page.__dict__ = {k: v for k, v in page.__dict__.items() if v is not None or getattr(_ClosedPage, k, v) is not None}


class SharedResourceCanvas(Canvas):
    """A canvas whose pages point at one shared resource dictionary and omit default-valued keys.

    A deck of copies is mostly pages that place forms; reportlab writes each page's
    resources (fonts, procedure sets, every form it uses) and an empty transition
    into the page itself, about half of such a page's bytes. When a FaceDrawer has
    attached its shared resources (`shared_resources`), pages use them instead.
    Each page's content is compressed as the page closes (`_compress_now`)."""

    shared_resources = None

    def init_graphics_state(self):
        # reportlab starts each page with new transparency states, numbered from gRLs0 again; pages
        # share one resource dictionary, so the states (and their names) must last the whole document
        kept = getattr(self, "_extgstate", None)
        super().init_graphics_state()
        if kept is not None and self.shared_resources is not None:
            self._extgstate._c = kept._c

    def showPage(self):
        super().showPage()
        _compact(self._doc.Pages.pages[-1])

    def _setXObjects(self, thing):
        super()._setXObjects(thing)
        if isinstance(thing, PDFPage):
            _compress_now(thing)
        # a page drawing in a separation (a cutter's CutContour) keeps reportlab's own resources, which name its colour space
        if self.shared_resources is not None and isinstance(thing, PDFPage) and not self._colorsUsed:
            self.shared_resources.note_forms(forms_in_use(self))
            thing.Resources = self.shared_resources.ref
            thing.Trans = None  # reportlab writes an empty one
            if not thing.Rotate:
                thing.Rotate = None  # 0 is the default


class ContentKeys:
    """Keys a canvas's pages by what they draw, for a PDF laid out by Platypus (a rulebook), whose pages no plan names.

    A page's key hashes its operators, its size, its transparency states and
    colour spaces, the forms it draws (their operators and forms, in turn) and
    every TrueType subset of the document as it is saved (a code's glyph is the
    subset's business, not the operators'): a page drawn with the same key
    renders the same pixels. A picture is drawn under a name reportlab makes
    of its bytes or its file's path, so the caller adds what the art files hold
    to every key, as for a sheet's (pnp.pipeline.build.measure_ink); a page
    that paints a shading gets no key. A card edit that reprints the rulebook's
    cover gives its other pages the keys they had, and their ink is not
    measured again."""

    def __init__(self):
        self.pages: list[tuple[str, tuple[str, ...]] | None] = []
        self.forms: dict[str, tuple[str, tuple[str, ...]] | None] = {}

    def note(self, c: Canvas, thing) -> None:
        """Record the page or form `thing` that `c` is closing (its operators are still the canvas's)."""
        if isinstance(thing, PDFPage):
            boxes = tuple(repr(getattr(thing, box, None)) for box in ("CropBox", "ArtBox", "BleedBox", "TrimBox"))
            self.pages.append(self._drawn(c, ("page", thing.pagewidth, thing.pageheight, thing.Rotate, boxes)))
        elif isinstance(thing, pdfdoc.PDFFormXObject) and c._formData is not None:
            self.forms[c._formData[0]] = self._drawn(c, ("form", *c._formData))

    @staticmethod
    def _drawn(c: Canvas, box: tuple) -> tuple[str, tuple[str, ...]] | None:
        if c._shadingUsed:
            return None
        what = (box, c._preamble, c._code, sorted(map(repr, c._extgstate._c.items())), sorted(map(repr, c._colorsUsed.items())))
        return hashlib.sha256(repr(what).encode()).hexdigest(), tuple(c._formsinuse)

    def keys(self, c: Canvas) -> list[str | None]:
        """Each page's key, in order, once the canvas's text is all set (its fonts' subsets complete), before it is
        saved (reportlab lets the subsets go as it writes the fonts)."""
        fonts = hashlib.sha256(repr(sorted(_subsets(document(c)))).encode()).hexdigest()
        memo: dict[str, str | None] = {}
        return [None if page is None else self._key(fonts, page, memo, set()) for page in self.pages]

    def _key(self, fonts: str, drawn: tuple[str, tuple[str, ...]], memo: dict, opened: set) -> str | None:
        """The key of a page or form: its own digest and, in turn, those of the forms and pictures it draws (None when
        one of them has no key, or draws itself)."""
        digest, forms = drawn
        parts = [fonts, digest]
        for name in forms:
            if name not in memo:
                if name in opened:
                    return None
                opened.add(name)
                record = self.forms.get(name, (name, ()))  # not a form drawn here: a picture, named by its bytes or its path
                memo[name] = record and self._key("", record, memo, opened)
                opened.discard(name)
            if memo[name] is None:
                return None
            parts.append(memo[name])
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()



class KeyedPagesCanvas(Canvas):
    """A canvas that keys each page by what it draws (`ContentKeys`): `page_keys`, in page order, once saved."""

    def __init__(self, *args, **kwargs):
        self.content_keys = ContentKeys()
        self.page_keys: list[str | None] = []
        super().__init__(*args, **kwargs)

    def _setXObjects(self, thing):
        super()._setXObjects(thing)
        self.content_keys.note(self, thing)

    def save(self):
        self.page_keys = self.content_keys.keys(self)  # before reportlab writes the fonts, and lets their subsets go
        super().save()

def _subsets(doc) -> list[tuple]:
    """(font, its name in the document, its subsets: the characters of each code) for each font the document uses."""
    out = []
    for name, internal in doc.fontMapping.items():
        states = getattr(pdfmetrics.getFont(name), "state", None)  # a TrueType font's, by document
        state = states.get(doc) if states is not None else None
        out.append((name, internal, [list(s) for s in state.subsets] if state is not None else None))
    return out


def mark_pdfx(c: Canvas, version: str, condition: tuple[str, str]) -> None:
    """Mark the document as PDF/X (`version`, e.g. 'PDF/X-1a:2003'): document info keys and an output intent for `condition`."""
    doc = document(c)
    base = doc.info

    class PDFXInfo(pdfdoc.PDFInfo):
        def format(self, document):
            d = {
                "Title": pdfdoc.PDFString(self.title), "Author": pdfdoc.PDFString(self.author), "Subject": pdfdoc.PDFString(self.subject),
                "Creator": pdfdoc.PDFString(self.creator), "Producer": pdfdoc.PDFString(self.producer), "Keywords": pdfdoc.PDFString(self.keywords),
                # PDF/X requires Trapped True or False; PDF/X-1a:2003 names itself in GTS_PDFXVersion alone
                "Trapped": pdfdoc.PDFName("False"), "GTS_PDFXVersion": pdfdoc.PDFString(version),
            }
            d["ModDate"] = d["CreationDate"] = pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
            return pdfdoc.PDFDictionary(d).format(document)

    info = PDFXInfo()
    info.__dict__.update(base.__dict__)
    doc.info = info
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(condition[0]), "OutputCondition": pdfdoc.PDFString(condition[1]),
        "RegistryName": pdfdoc.PDFString("http://www.color.org"), "Info": pdfdoc.PDFString(condition[1]),
    })
    catalog = doc.Catalog
    catalog.__Defaults__ = {**type(catalog).__Defaults__, "OutputIntents": None}
    catalog.OutputIntents = pdfdoc.PDFArray([intent])


# The streamed writer's hooks (pnp.layout.rl_stream): a picture's compressed stream moved out of memory, and the PDF
# written object by object as reportlab formats them rather than joined in memory first.

def picture_streams(c: Canvas, name: str) -> list:
    """The picture the document holds under `name` and the soft mask (its alpha) reportlab embedded beside it: those
    whose compressed stream is still bytes in memory."""
    doc = c._doc
    image = doc.idToObject.get(doc.getXObjectName(name))
    ref = getattr(image, "smask", None)
    mask = doc.idToObject.get(ref.name) if isinstance(ref, pdfdoc.PDFObjectReference) else None
    return [obj for obj in (image, mask) if obj is not None and isinstance(stream_of(obj), bytes)]


def stream_of(obj):
    """A document object's stream content (a picture's compressed bytes, or what stands in for them), None if it has none."""
    return getattr(obj, "streamContent", None)


def set_stream(obj, content) -> None:
    """Put `content` where a picture object's compressed stream is: reportlab formats it there when it writes the PDF."""
    obj.streamContent = content


def let_pictures_go(c: Canvas) -> None:
    """Empty the streams of every picture the document holds: a canvas that will not be saved keeps them in its cycles
    until the collector runs."""
    for obj in c._doc.idToObject.values():
        if isinstance(obj, pdfdoc.PDFImageXObject):
            obj.streamContent = b""


def save_objects(c: Canvas, add, add_object) -> None:
    """`c.save()` (the canvas's own, so its subclasses finish their pages, structure and fonts), with the document's
    formatting laid out as reportlab's `PDFDocument.format` lays it out (5.0 and 5.1 alike), each piece handed to
    `add(data) -> offset` and each object to `add_object(formatted, obj) -> offset`; reportlab writes nothing itself.
    pnp neither encrypts nor signs."""
    doc = c._doc
    doc.format = lambda: _format_objects(doc, add, add_object)
    try:
        c.save()
    finally:
        del doc.format


def _format_objects(doc, add, add_object) -> bytes:
    doc.encrypt.prepare(doc)
    if doc.encrypt.info() or getattr(doc, "_digiSigs", None):
        raise ValueError("an encrypted or signed PDF is written by reportlab's own save")
    add(pdfdoc.pdfdocEnc("%PDF-{}.{}".format(*pdf_version(doc))) + b"\n%\223\214\213\236 ReportLab Generated PDF document (opensource)\n")
    counter, ids = 0, []
    while (counter := counter + 1) in doc.numberToId:  # formatting an object may number new ones: each is written in turn
        oid = doc.numberToId[counter]
        obj = doc.idToObject[oid]
        formatted = pdfdoc.PDFIndirectObject(oid, obj).format(doc)
        if not rl_config.invariant and rl_config.pdfComments:
            add(pdfdoc.pdfdocEnc(f"% {oid!a}: class {obj.__class__.__name__[:50]} \n"))
        doc.idToOffset[oid] = add_object(formatted, obj)
        ids.append(oid)
    xref = pdfdoc.PDFCrossReferenceTable()
    xref.addsection(0, ids)
    at = add(xref.format(doc))
    cat, info = doc.Catalog, doc.info
    add(pdfdoc.PDFTrailer(startxref=at, Size=len(doc.numberToId) + 1, Root=doc.Reference(cat), Info=doc.Reference(info), ID=doc.ID()).format(doc))
    return b""  # what reportlab's SaveToFile writes to the canvas's own file: nothing, the PDF went to `add`
