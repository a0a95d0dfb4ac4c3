"""Draw recorded faces onto a reportlab canvas, each distinct face once.

A face becomes a form XObject (drawn once, placed as often as its count asks);
icons become forms too, placed inside faces, each in the form its size and
print floors give it (pnp.render.icon_forms). Coordinates inside a form are
the face's own: origin at the trim's bottom-left in points, with the bleed
box as the form's bounding box, so anything straying past the bleed is cut.

Two hooks change what is drawn without touching the faces' templates:
`face_filter` rewrites each face before it is drawn (the ink saver), and
`colour_filter` maps every colour (faces, text, icons) to what the PDF should
hold: a '#rrggbb' string or a reportlab colour such as CMYKColor.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import getFont

from pnp.core.units import PT_PER_MM
from pnp.layout import rl
from pnp.layout.elements import Circle, Ellipse, Face, Gradient, Group, Icon, Image, Line, Polygon, Qr, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.render import tagging
from pnp.render.drawn import DrawnFaces, DrawnIcon, SharedResources
from pnp.render.icon_forms import IconForms, form_key, prepared
from pnp.render.operators import Spelled, clip_operators, fill_operator
from pnp.render.pdf_colours import cmyk_image, colour, filtered_drawing
from pnp.render.print_floor import greeked, line_width, placeholder_bars

if TYPE_CHECKING:
    from pnp.render.pictures import Pictures

K = PT_PER_MM
MAX_ENCODINGS = 5_000  # texts whose encoding a drawer remembers: past this the memory starts again (a large deck's titles)


def _has_structure(elements) -> bool:
    """Whether elements hold a `Tagged` group (at any depth)."""
    return any(getattr(el, "role", None) is not None or (isinstance(el, Group) and _has_structure(el.children)) for el in elements)


class FaceDrawer:
    """Keeps the forms of one PDF: faces and icons, each defined on first use.

    With `drawn`, a face or page drawn before (in this PDF or an earlier one)
    is replayed from its recorded operators when the document allows: the
    drawer draws through the recording canvas `drawn` owns
    (pnp.render.drawn.RecordingCanvas), and tells it what it asks of the
    document. Filters change what is drawn, so a drawer with one records nothing."""

    def __init__(self, canvas, icons, colour_filter=None, face_filter=None, drawn: DrawnFaces | None = None):
        self.c = canvas
        self.icons = icons
        self._faces: dict = {}
        self._placed: tuple = (None,) * 4  # the face last placed as a form: (face, scale, its key, the form's name)
        self._icons: dict = {}
        self.colour_filter = colour_filter  # e.g. a CMYK converter for print-on-demand
        self.face_filter = face_filter  # e.g. the ink saver's lighten_face
        self._filtered: dict = {}
        self._encodings: dict = {}
        self._subsets: dict = {}  # (font name, subset) → the subset's name in this drawer's document
        self._fill_ops: dict = {}
        self._spelled = Spelled()  # text origins, fonts and faces' frames, each spelled once (pnp.render.operators)
        self.shared = SharedResources(canvas)
        # a tagged sheet PDF's tagger (the reference sheet's: pnp.render.pdf.new_canvas), its structure the faces' Tagged
        # groups; a rulebook's blocks tag what they draw themselves, and draw their elements through a drawer without it
        self.tags = tagging.tagger_of(canvas) if getattr(canvas, "pnp_face_structure", False) else None
        # a replay would repeat another drawing's marked-content ids: a tagged PDF draws each face anew
        self.recording = drawn.on(canvas, self._ask_again) if drawn is not None and colour_filter is None and face_filter is None and self.tags is None else None
        self._read: set = set()  # faces with structure drawn once inline on a tagged canvas
        self._scale = 1.0  # how large what is being drawn prints, against its own size (pnp.render.print_floor)
        self.icon_forms = IconForms(icons)  # where each icon sits and the form that draws it (pnp.render.icon_forms)

    def prepared(self, face: Face) -> Face:
        """The face as it will be drawn: through `face_filter` once, remembered."""
        if self.face_filter is None:
            return face
        out = self._filtered.get(face)
        if out is None:
            out = self._filtered[face] = self.face_filter(face)
        return out

    def _colour(self, hex_value: str):
        """A face colour as the PDF should hold it."""
        if self.colour_filter is None:
            return colour(hex_value)
        out = self.colour_filter(hex_value)
        return colour(out) if isinstance(out, str) else out

    def form(self, face: Face, scale: float = 1.0) -> str:
        """The name of the form that draws `face`, defining it the first time; with `scale`, the form of the face as it
        prints placed at that scale (an illustration): lines kept at a hairline and small text greeked for it."""
        return self._form(self.prepared(face), scale)

    def _form(self, face: Face, scale: float) -> str:
        """`form` of a face already `prepared`: the ink saver lightens a face once (a second pass would tint its tints)."""
        if self._placed[0] is face and self._placed[1] == scale:  # a deck's back, page after page: its elements hashed once
            key, name = self._placed[2:]
        else:
            key = (face.w, face.h, face.bleed, face.elements) if scale == 1 else (face.w, face.h, face.bleed, face.elements, scale)
            name = self._faces.get(key)
        if name is not None:
            self._heard("form", key, name)
            self._placed = (face, scale, key, name)
            return name
        name = f"F{len(self._faces) + 1}"
        self._heard("define", (face, scale), name)  # a replay defines it here, before what defining it asks
        self._define_icons(face, scale)
        c = self.c
        w, h, b = face.w * K, face.h * K, face.bleed * K
        c.beginForm(name, lowerx=-b, lowery=-b, upperx=w + b, uppery=h + b)
        c.saveState()
        c.translate(0, h)
        outer, self._scale = self._scale, scale
        try:
            with tagging.untagged(c):  # a form's content is no page's: marked-content ids belong to pages
                self._face_elements(face.elements)
        finally:
            self._scale = outer
        c.restoreState()
        self.shared.note_forms(rl.forms_in_use(c))
        c.endForm(Resources=self.shared.ref)
        self._faces[key] = name
        self._placed = (face, scale, key, name)
        return name

    def draw_face(self, face: Face, x_pt: float, y_pt: float, reused: bool, rotate: int = 0) -> None:
        """Draw a face with its trim's bottom-left at (x, y): as a form if it is placed
        more than once, else inline (clipped to its bleed box as a form would be),
        which saves a PDF object per card in decks of unique cards. `rotate` 180
        turns it in its own place (gutterfold backs)."""
        self._draw_prepared(self.prepared(face), x_pt, y_pt, reused, rotate)

    def _draw_prepared(self, face: Face, x_pt: float, y_pt: float, reused: bool, rotate: int) -> None:
        """`draw_face` of a face already `prepared`: a face placed more than once lightened once, as one placed once."""
        if reused and self.tags is not None and face not in self._read and _has_structure(face.elements):
            self._read.add(face)  # the first copy of a face with structure is read (drawn inline); the others are placed forms
            reused = False
        if reused:
            name = self._form(face, 1.0)
            with tagging.artifact(self.c) if self.tags is not None else nullcontext():  # a face placed often (a player aid) is decoration
                self.place(name, x_pt, y_pt, rotate, face.w * K, face.h * K)
            return
        if rotate == 180:
            self.c.saveState()
            self.c.translate(2 * x_pt + face.w * K, 2 * y_pt + face.h * K)
            self.c.rotate(180)
            self._draw_prepared(face, x_pt, y_pt, False, 0)
            self.c.restoreState()
            return
        self._define_icons(face, self._scale)
        w, h, b = face.w * K, face.h * K, face.bleed * K
        # q … Q written directly: a deck of unique cards wraps tens of thousands of faces,
        # and reportlab's saveState/translate/clipPath bookkeeping is a tenth of drawing them
        rl.emit(self.c, self._spelled.frame(x_pt, y_pt, w, h, b))
        self._face_elements(face.elements)
        rl.emit(self.c, "Q")

    def place(self, name: str, x_pt: float, y_pt: float, rotate: int = 0, w_pt: float = 0, h_pt: float = 0) -> None:
        """Place a face form with its trim's bottom-left at (x, y); rotate 180 turns it in place."""
        if rotate == 180:
            self._do_form(name, -1, -1, x_pt + w_pt, y_pt + h_pt)
        else:
            self._do_form(name, 1, 1, x_pt, y_pt)

    def _do_form(self, name: str, sx: float, sy: float, x_pt: float, y_pt: float) -> None:
        """Place form `name` scaled by (sx, sy) with its origin at (x, y), in a q … Q of its own."""
        c = self.c
        rl.emit(c, self._spelled.placing(sx, sy, x_pt, y_pt))
        c.doForm(name)  # also lists the form in the page's resources
        rl.emit(c, "Q")

    def overlay(self, key, draw: Callable, page_w_um: int, page_h_um: int) -> None:
        """Draw page furniture (crop marks) once as a form, `draw(canvas)`, and place it on every sheet that shares it."""
        name = self._overlay_form(key, draw, page_w_um, page_h_um)
        with tagging.artifact(self.c) if self.tags is not None else nullcontext():
            self.c.doForm(name)

    def _overlay_form(self, key, draw: Callable, page_w_um: int, page_h_um: int) -> str:
        name = self._faces.get(key)
        if name is not None:
            self._heard("form", key, name)
            return name
        name = self._faces[key] = f"M{len(self._faces) + 1}"
        self._heard("overlay", (key, draw, page_w_um, page_h_um), name)  # a replay draws it with `draw`
        self.c.beginForm(name, lowerx=0, lowery=0, upperx=page_w_um * 72 / 25400, uppery=page_h_um * 72 / 25400)
        draw(self.c)
        self.c.endForm()
        return name

    def page(self, key: str | None, draw: Callable[[], None]) -> None:
        """Draw one side of a sheet with `draw`, or replay what it drew under the same key (pnp.render.drawn): `key`
        hashes everything the page prints (pnp.render.sheets.PageKeys), or is None for a page no key names."""
        if key is None or self.recording is None or not rl.opaque(self.c):
            draw()
        else:
            self.recording.draw(("page", key), draw)

    def _face_elements(self, elements) -> None:
        """Draw a face's elements, through the recording canvas when there is one (pnp.render.drawn)."""
        if self.recording is None or not rl.opaque(self.c):
            self._uncovered()
            self._elements(elements)
            return
        key = elements if self._scale == 1 else (elements, self._scale)  # drawn smaller, lines and text print otherwise
        self.recording.draw(key, lambda: self._elements(elements))

    def _heard(self, kind: str, key, answer) -> None:
        """Tell the recording canvas what the document answered an ask (a replay must get the same answer)."""
        if self.recording is not None:
            self.recording.heard(kind, key, answer)

    def _uncovered(self) -> None:
        """Tell the recording canvas this drawing does what no record covers."""
        if self.recording is not None:
            self.recording.uncovered()

    def _ask_again(self, kind: str, key):
        """The answer to an ask a recorded drawing made, asked again now (pnp.render.drawn.RecordingCanvas replays)."""
        if kind == "font":
            return self._encoded(*key)
        if kind == "icon":
            return self._icon_form(*key)
        if kind == "form":
            return self._faces.get(key)
        if kind == "define":
            return self._form(*key)  # defined here, as drawing did, or found defined (by a page drawn before)
        return self._overlay_form(*key)

    def _define_icons(self, face: Face, scale: float) -> None:
        """Define the forms of the icons a face draws at `scale`, before the face's own form or content begins."""
        if face.icons:
            for key in sorted(self.icon_forms.uses(face.elements, scale), key=lambda k: (k[0], k[1] or "", k[2] or 0.0, k[3:])):
                self._icon_form(*key)

    def _icon_form(self, name: str, colour_hex: str | None, floor: float | None = None, outline: float = 0.0, greek: float = 0.0) -> tuple[str, float, float]:
        """(form name, width, height) of an icon in a colour, its strokes at least `floor` units wide (with `outline`, its
        shapes' outlines that many units wide, unfilled; with `greek`, its words up to that size as bars), defined on first use."""
        key = (name, colour_hex, floor, *([outline] if outline or greek else []), *([greek] if greek else []))
        form = self._icons.get(key)
        if form is None:
            form = self._icons[key] = self._define_icon_form(name, colour_hex, floor, outline, greek)
        self._heard("icon", key, form)
        return form

    def _define_icon_form(self, name: str, colour_hex: str | None, floor: float | None, outline: float = 0.0, greek: float = 0.0) -> tuple[str, float, float]:
        """Define the form of an icon in a colour: from the operators an earlier run kept (DrawnIcon), else drawn."""
        form = f"I{len(self._icons) + 1}"
        key = self.icons.drawn_key(name, colour_hex) if self.colour_filter is None else None
        if key is None:
            return self._drawn_icon_form(form, name, colour_hex, floor, outline, greek)[0]
        if floor is not None:
            key = f"{key}|floor {floor!r}"
        key += (f"|outline {outline!r}" if outline else "") + (f"|greek {greek!r}" if greek else "")
        drew: list = []

        def draw() -> DrawnIcon | None:
            drew[:], record = self._drawn_icon_form(form, name, colour_hex, floor, outline, greek)
            return record

        record = self.icons.kept.get("icon-form", key, draw, version=DrawnIcon.FORMAT)
        if drew:
            return tuple(drew)
        c = self.c
        c.beginForm(form, lowerx=0, lowery=0, upperx=record.width, uppery=record.height)
        rl.ask_versions(c, record.versions)
        rl.emit_all(c, record.code)
        c.endForm(Resources=self.shared.ref)
        return form, record.width, record.height

    def _drawn_icon_form(self, form: str, name: str, colour_hex: str | None, floor: float | None,
                         outline: float = 0.0, greek: float = 0.0) -> tuple[tuple[str, float, float], DrawnIcon | None]:
        """Draw an icon's form: ((form, width, height), what drawing it did, or None when a record would not cover it)."""
        drawing = prepared(self.icons.drawing(name, colour_hex), floor, (outline,) if outline else (), (greek,) if greek else ())
        if self.colour_filter is not None:
            drawing = filtered_drawing(drawing, self.colour_filter)
        c = self.c
        c.beginForm(form, lowerx=0, lowery=0, upperx=drawing.width, uppery=drawing.height)
        mark = rl.emitted(c)
        from pnp.render.pictures import draw_without_helvetica  # with the pictures' module: drawn icons and images alone

        with rl.version_asks(c) as versions:
            draw_without_helvetica(drawing, c, self._colour("#000000") if self.colour_filter else None)
        code = rl.emitted_since(c, mark)
        record = DrawnIcon(drawing.width, drawing.height, tuple(versions), code) if DrawnIcon.covers(code) else None
        # the shared resources hold the transparency states an SVG's opacity asks for;
        # a form's default resources do not, and readers then refuse the state
        c.endForm(Resources=self.shared.ref)
        return (form, drawing.width, drawing.height), record

    def _fill(self, hex_value):
        """An opaque colour's operator worked out once (`_fill_operator`), remembered as `setFillColor` would: its bytes."""
        c, op = self.c, self._fill_operator(hex_value) if self.colour_filter is None else None
        if op is None or not rl.fill_plainly(c, op, colour(hex_value)):
            c.setFillColor(self._reportlab_colour(hex_value))

    def _reportlab_colour(self, hex_value: str):
        """A colour for reportlab's setters; a translucent one also sets the transparency state, which a record does not cover."""
        value = self._colour(hex_value)
        if getattr(value, "alpha", None) not in (None, 1):
            self._uncovered()
        return value

    def _paint(self, fill, stroke, width, dash=None):
        """Set fill and stroke for a shape: a stroke at least a hairline as it prints, none for a zero width (print_floor)."""
        c = self.c
        stroke = stroke if width > 0 else None
        if fill:
            self._fill(fill)
        if stroke:
            c.setStrokeColor(self._reportlab_colour(stroke))
            c.setLineWidth(line_width(width * K, self._scale))
            c.setDash([d * K for d in dash] if dash else [])
        return (1 if stroke else 0), (1 if fill else 0)

    def _elements(self, elements) -> None:
        if self.tags is not None and not self.tags.in_content:
            self._structure(elements)
            return
        c = self.c
        for el in elements:
            match el:
                case Text(x, y, ops):
                    self._text(ops, x * K, y * K)
                case Rect() | Circle() | Ellipse() | Polygon():
                    self._shape(el)
                case Icon(name, col, x, y, w, h):
                    self._icon(name, col, x * K, y * K, w * K, h * K, el.outline)
                case Line(x1, y1, x2, y2, stroke, sw, dash):
                    if self._paint(None, stroke, sw, dash)[0]:
                        c.line(x1 * K, -y1 * K, x2 * K, -y2 * K)
                case Image():
                    self._image(el)
                case Qr():
                    self._qr(el)
                case Group():
                    self._group(el)

    def _structure(self, elements) -> None:
        """On a tagged canvas: each `Tagged` group opens its structure element (a leaf's drawing is the element's marked
        content); a plain group's children are walked the same way; anything else, drawn outside every element, is an
        artifact (a band, a rule, a stripe)."""
        for el in elements:
            role = getattr(el, "role", None)  # a Tagged remade by `_make` (no caller does) would have lost its tag: a plain group
            if role is not None:
                with (tagging.content if el.leaf else tagging.element)(self.c, role, el.key, el.alt, el.attrs):
                    self._group(el)
            elif isinstance(el, Group):
                self._group(el)
            else:
                with tagging.artifact(self.c):
                    self.tags.in_content += 1  # drawn as it is, without walking for structure again
                    try:
                        self._elements((el,))
                    finally:
                        self.tags.in_content -= 1

    def _shape(self, el) -> None:
        """A rectangle, circle, ellipse or polygon: its gradient painted first where it has one, then its fill and stroke."""
        c, fill = self.c, el.fill
        if type(fill) is Gradient:
            fill = self._shaded(fill, el)
        match el:
            case Rect(x, y, w, h, _, stroke, sw, r, dash):
                s, f = self._paint(fill, stroke, sw, dash)
                if s or f:
                    if r > 0:
                        c.roundRect(x * K, -(y + h) * K, w * K, h * K, r * K, stroke=s, fill=f)
                    else:
                        c.rect(x * K, -(y + h) * K, w * K, h * K, stroke=s, fill=f)
            case Circle(cx, cy, r, _, stroke, sw, dash):
                s, f = self._paint(fill, stroke, sw, dash)
                if s or f:
                    c.circle(cx * K, -cy * K, r * K, stroke=s, fill=f)
            case Ellipse(x, y, w, h, _, stroke, sw):
                s, f = self._paint(fill, stroke, sw)
                if s or f:
                    c.ellipse(x * K, -y * K, (x + w) * K, -(y + h) * K, stroke=s, fill=f)
            case Polygon(pts, _, stroke, sw, closed):
                s, f = self._paint(fill, stroke, sw)
                if s or f:
                    from pnp.render.paths import outline  # a face with no polygon, gradient or QR code draws without it

                    c.drawPath(outline(c.beginPath(), pts, closed), stroke=s, fill=f)

    def _shaded(self, gradient: Gradient, el) -> None:
        """Paint a gradient clipped to the shape `el`; None, as the shape's own fill is then done (its stroke is not)."""
        from pnp.render.paths import shade, shape_path

        self._uncovered()  # the document names and keeps each shading
        shade(self.c, gradient, [self._colour(hex_value) for _, hex_value in gradient.stops], shape_path(self.c.beginPath(), el))
        self.shared.note_shadings(rl.shadings_in_use(self.c))

    def _qr(self, code: Qr) -> None:
        """A QR code on its background square, its dark modules one filled path: vector, sharp at any size."""
        c = self.c
        if code.background:
            self._fill(code.background)
            c.rect(code.x * K, -(code.y + code.size) * K, code.size * K, code.size * K, stroke=0, fill=1)
        from pnp.render.paths import qr_path

        self._fill(code.color)
        c.drawPath(qr_path(c.beginPath(), code), stroke=0, fill=1)

    def _group(self, group: Group) -> None:
        """Children moved, turned, scaled and cut to a Clipped group's box; what they draw prints at the scale they are drawn at."""
        c = self.c
        x, y, rot, scale, children = group
        c.saveState()
        if (box := getattr(group, "clip", None)) is not None:  # a Clipped group: nothing past its box shows
            rl.emit(c, clip_operators(*(v * K for v in box)))
        c.translate(x * K, -y * K)
        if rot:
            c.rotate(-rot)
        if scale != 1:
            c.scale(scale, scale)
        outer, self._scale = self._scale, self._scale * scale
        self._elements(children)
        self._scale = outer
        c.restoreState()

    def _text(self, ops, x0: float, y0: float) -> None:
        """Text runs as PDF operators, written straight into the content stream.

        reportlab's text object re-encodes every string and re-checks every colour
        on each call: half of drawing a large deck. Here a run's encoding (font
        subset and escaped bytes) is worked out once per distinct string and
        reused: a glyph keeps the subset code it was given when first met, so the
        result is the same. Translucent colours take reportlab's path, which
        also records the transparency state they need."""
        code = []
        font = size = colour = None
        small = self._scale < 1  # text may be greeked only in a drawing shown smaller (print_floor.greeked)
        encodings = self._encodings if self.recording is None else None  # a recording hears each ask (`_encoded`)
        spelled = self._spelled
        origins = spelled.origins
        for op in ops:
            if type(op) is not TextOp:
                spoken = tagging.spoken(self.c, op.icon)
                if spoken:  # read where it stands among the words: the words before it are written first
                    self._flush_text(code)
                    font = colour = None
                    rl.emit(self.c, spoken)
                self._icon(op.icon, op.color, x0 + op.x, y0 + op.y, op.size, op.size)
                if spoken:
                    rl.emit(self.c, "EMC")
                continue
            if small and greeked(op.size, self._scale):
                self._flush_text(code)
                self._placeholder(op, x0, y0)
                font = colour = None
                continue
            if op.color != colour:
                fill = self._fill_operator(op.color)
                if fill is None:
                    self._flush_text(code)
                    self._text_through_reportlab(op, x0, y0)
                    font = colour = None
                    continue
                if not rl.opaque(self.c):  # a translucent colour before it left the state the bare operator keeps
                    self._flush_text(code)
                    font = None
                    self._opaque_again()
                colour = op.color
                code.append(fill)
            pieces = encodings.get((op.font, op.text)) if encodings is not None else None  # `_encoded`, its hit inline
            if pieces is None:
                pieces = self._encoded(op.font, op.text)
            x, y = x0 + op.x, -(y0 + op.y)
            code.append(origins.get((x, y)) or spelled.origin(x, y))
            for subset_name, escaped in pieces:
                if subset_name != font or op.size != size:
                    font, size = subset_name, op.size
                    code.append(spelled.font(subset_name, size))
                code.append(f"({escaped}) Tj")
        self._flush_text(code)

    def _placeholder(self, op: TextOp, x0: float, y0: float) -> None:
        """A run of text too small to print at this scale, as placeholder bars (pnp.render.print_floor)."""
        for bar in placeholder_bars(x0 + op.x, y0 + op.y, op.text, op.font, op.size, op.color):
            self._fill(bar.color)
            self.c.rect(bar.x, -(bar.y + bar.h), bar.w, bar.h, stroke=0, fill=1)

    def _flush_text(self, code: list) -> None:
        if code:
            rl.emit(self.c, "BT " + " ".join(code) + " ET")
            code.clear()

    def _encoded(self, font_name: str, text: str) -> tuple:
        """(subset font name, escaped bytes) pieces of `text` in `font_name`, worked out once."""
        key = (font_name, text)
        hit = self._encodings.get(key)
        if hit is None:
            if len(self._encodings) >= MAX_ENCODINGS:
                self._encodings.clear()
            font, doc, names = getFont(font_name), rl.document(self.c), self._subsets
            hit = self._encodings[key] = tuple([(names.get((font_name, subset)) or self._subset_name(font, font_name, subset, doc), rl.escape(self.c, raw))
                                                for subset, raw in rl.split_string(font, text, doc)])
        if self.recording is not None:
            self.recording.heard("font", key, hit)
        return hit

    def _subset_name(self, font, font_name: str, subset: int, doc) -> str:
        """The document's name of a font's subset (`rl.subset_name`), asked of the document once per subset: a subset
        keeps its name in its document."""
        name = self._subsets.get((font_name, subset))
        if name is None:
            name = self._subsets[(font_name, subset)] = rl.subset_name(font, subset, doc)
        return name

    def _fill_operator(self, hex_value: str) -> str | None:
        """The operator that sets `hex_value` as fill colour; None for a translucent colour."""
        op = self._fill_ops.get(hex_value)
        if op is None and hex_value not in self._fill_ops:
            op = self._fill_ops[hex_value] = fill_operator(self._colour(hex_value))
        return op

    def _text_through_reportlab(self, op, x0: float, y0: float) -> None:
        self._uncovered()  # reportlab's text object picks font subsets and transparency itself
        t = self.c.beginText()
        t.setFont(op.font, op.size)
        t.setFillColor(self._colour(op.color))
        t.setTextOrigin(x0 + op.x, -(y0 + op.y))
        t.textOut(op.text)
        self.c.drawText(t)

    def _picture_of(self, path: str):
        """What draws the image at `path`: the file as reportlab reads it, or as print wants it when a colour filter is
        set (CMYK within the ink limit, on white). Handed to reportlab as pixels, not as a path, so the PDF names it by
        its pixels: a project copied to another folder prints the same bytes."""
        return (lambda: cmyk_image(path)) if self.colour_filter is not None else (lambda: path)

    def _icon(self, name, colour_hex, x_pt, y_top_pt, w_pt, h_pt, outline_mm: float = 0.0) -> None:
        at = self.icon_forms.placed(name, w_pt, h_pt, self._scale, outline_mm)  # as its ink is measured (icon_ink)
        self._opaque_again()
        form, dw, dh = self._icon_form(*form_key(name, colour_hex, at))
        ox = x_pt + (w_pt - dw * at.fit) / 2
        oy = -(y_top_pt + h_pt) + (h_pt - dh * at.fit) / 2
        self._do_form(form, at.fit, at.fit, ox, oy)

    def _opaque_again(self) -> None:
        """Set the fill and stroke alpha back to 1 where a half-transparent colour left them lower, before what takes the
        state as it stands: an icon's form, a picture, a text run coloured by its bare operator. reportlab's own colour
        setters reset the alpha; those paths pass them by, and printed half transparent after a `#00000080` panel."""
        if not rl.opaque(self.c):
            self._uncovered()  # the document names and keeps the state
            self.c.setFillAlpha(1)
            self.c.setStrokeAlpha(1)

    def _image(self, image: Image) -> None:
        self._uncovered()  # the document names and keeps each picture
        self._opaque_again()
        (path, iw, ih), x, y, w, h, fit = image[:6]
        if image.bleed:
            self._bled_image(image)
            return
        c, pictures, source = self.c, self._pictures(), self._picture_of(path)
        bx, by, bw, bh = x * K, -(y + h) * K, w * K, h * K
        if fit == "stretch":
            pictures.draw(c, path, source, path, (bx, by, bw, bh))
            return
        scale = (min if fit == "contain" else max)(bw / iw, bh / ih)
        dw, dh = iw * scale, ih * scale
        c.saveState()
        if fit == "cover":
            p = c.beginPath()
            p.rect(bx, by, bw, bh)
            c.clipPath(p, stroke=0, fill=0)
        pictures.draw(c, path, source, path, (bx + (bw - dw) / 2, by + (bh - dh) / 2, dw, dh))
        c.restoreState()

    def _pictures(self) -> Pictures:
        """The pictures this drawer's document holds (pnp.render.pictures.Pictures), made when the first is drawn: a face
        with no picture or icon never imports that module (nor PIL's padding of pixels behind it)."""
        from pnp.render.pictures import Pictures

        return self.__dict__.setdefault("_images", Pictures())

    def _bled_image(self, image: Image) -> None:
        """An image continued past its box by its own edge (pnp.render.pictures.draw_bled_image)."""
        from pnp.render.pictures import draw_bled_image

        draw_bled_image(self.c, image, self._pictures(), cmyk=self.colour_filter is not None)

