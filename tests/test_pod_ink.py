"""Print-on-demand files put small type and hairlines on one plate (issue 19).

Four plates never register exactly; print shops ask for text under 12 pt and rules under about 0.5 mm in 100 % K,
and keep rich black for large type and areas. Read from the PDF's own colour operators (pdfplumber), for a shipped game.
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from coloraide import Color
from conftest import run_pnp

MM = 72 / 25.4
SMALL_PT = 12.0 - 0.01  # positions and sizes are written to 0.01 pt: 12 pt type is large
THIN_MM = 0.5


def _lab_of_cmyk(c: float, m: float, y: float, k: float) -> tuple[float, float]:
    """(L*, C*ab) of a device CMYK fill as a plain (uncalibrated) conversion prints it."""
    rgb = [(1 - v) * (1 - k) for v in (c, m, y)]
    lab = Color("srgb", rgb).convert("lab")
    return lab["lightness"], math.hypot(lab["a"], lab["b"])


def _reads_black_or_grey(colour) -> bool:
    """A dark grey or black (L* under 60, hardly any hue), or a tinted black (L* under 25): what the eye takes for black type."""
    lightness, chroma = _lab_of_cmyk(*colour)
    return (lightness < 60 and chroma < 20) or (lightness < 25 and chroma < 30)


@pytest.fixture(scope="module")
def pod(shipped_export):
    """Organ Trail's print-on-demand PDFs, from the shared export of the game (conftest.shipped_export)."""
    pdfs = sorted((shipped_export("organ-trail") / "organ-trail" / "pod").glob("*.pdf"))
    assert pdfs
    return pdfs


def _size(ch) -> float:
    return ch["bottom"] - ch["top"] if ch["upright"] else ch["x1"] - ch["x0"]


def _pages(reader, pdfs: list[Path]):
    """(file name, page as pdfplumber reads it) of every page of the exported PDFs, read once for both tests (conftest.pdf_reader)."""
    for pdf in pdfs:
        for page in reader.pages(pdf):
            yield pdf.name, page


def test_small_dark_text_prints_on_the_black_plate_alone(pod, pdf_reader):
    small = 0
    several = []
    for name, page in _pages(pdf_reader, pod):
        for ch in page.chars:
            colour = ch.get("non_stroking_color")
            if not ch["text"].strip() or _size(ch) >= SMALL_PT or not colour or len(colour) != 4 or not _reads_black_or_grey(colour):
                continue
            small += 1
            if any(colour[:3]):
                several.append((name, ch["text"], round(_size(ch), 1), colour))
    assert small > 1000  # organ-trail's cards, aids and tokens are mostly small dark type
    assert not several, f"{len(several)} of {small} small dark characters use several plates, e.g. {several[:5]}"


def test_thin_dark_rules_print_on_the_black_plate_alone(pod, pdf_reader):
    thin = 0
    several = []
    for name, page in _pages(pdf_reader, pod):
        for obj in page.lines + page.rects + page.curves:
            colour = obj.get("stroking_color")
            if not obj.get("stroke") or not colour or len(colour) != 4 or (obj.get("linewidth") or 0) >= THIN_MM * MM:
                continue
            if not _reads_black_or_grey(colour):
                continue
            thin += 1
            if any(colour[:3]):
                several.append((name, round(obj["linewidth"] / MM, 2), colour))
    assert not several, f"{len(several)} of {thin} thin dark rules use several plates, e.g. {several[:5]}"


def test_large_type_keeps_its_colour():
    """Rich black and coloured type stay as designed from 12 pt up: only small type is keyed."""
    from pnp.layout.elements import Face, Text
    from pnp.layout.typeset import TextOp
    from pnp.targets.k_only import key_small_type

    navy_black = "#1f2f4f"  # L* 19, C* 22: reads as black at 8 pt
    face = Face(60, 90, 3, (Text(5, 5, (TextOp(0, 10, "Body", 8.0, navy_black, "small", 20.0), TextOp(0, 40, "Body", 14.0, navy_black, "large", 40.0))),), frozenset())
    small, large = key_small_type(face).elements[0].ops
    assert large.color == navy_black
    grey = small.color
    assert grey[1:3] == grey[3:5] == grey[5:7]  # neutral: the CMYK conversion puts it on K alone
    assert abs(Color(grey).convert("lab")["lightness"] - Color(navy_black).convert("lab")["lightness"]) < 0.5  # as dark as designed


@pytest.mark.parametrize(("scale", "keyed"), [(0.5, True), (2.0, False)])
def test_small_type_is_judged_at_the_size_it_prints_inside_a_scaled_group(scale, keyed):
    """16 pt type in a group drawn at half size prints at 8 pt: small, so keyed; 8 pt at double size prints at 16 pt: kept."""
    from pnp.layout.elements import Face, Group, Line, Text
    from pnp.layout.typeset import TextOp
    from pnp.targets.k_only import K_ONLY_RULE_MM, key_small_type

    navy_black = "#1f2f4f"  # reads as black at small sizes, so small type in it goes to K
    size = 16.0 if scale < 1 else 8.0
    rule = K_ONLY_RULE_MM * (1.5 if scale < 1 else 0.5)  # a rule that prints under 0.5 mm when scaled down, over when up
    inner = (Text(5, 5, (TextOp(0, 10, "Body", size, navy_black, "scaled", 30.0),)), Line(0, 0, 10, 0, navy_black, rule, None))
    face = Face(60, 90, 3, (Group(10, 10, 0.0, scale, (Group(0, 0, 0.0, 1.0, inner),)),), frozenset())
    (outer,) = key_small_type(face).elements
    (nested,) = outer.children
    text, line = nested.children
    assert (text.ops[0].color != navy_black) is keyed
    assert (line.stroke != navy_black) is keyed


def test_a_small_symbol_goes_to_the_black_plate_and_a_large_picture_keeps_its_colour():
    """A one-colour icon set like type (a 4 mm symbol in a rule's text) misregisters like type; a 30 mm emblem is an area."""
    from pnp.layout.elements import Face, Icon
    from pnp.targets.k_only import key_small_type

    navy_black = "#1f2f4f"
    face = Face(60, 90, 3, (Icon("star", navy_black, 5, 5, 4, 4), Icon("star", navy_black, 5, 20, 30, 30)), frozenset())
    small, large = key_small_type(face).elements
    assert small.color[1:3] == small.color[3:5] == small.color[5:7] and large.color == navy_black, (small.color, large.color)


def test_small_translucent_type_keeps_its_translucency_on_the_black_plate():
    """#rrggbbaa: the alpha a designer gave small grey type (a watermark's words) stays; only its hue goes."""
    from pnp.targets.k_only import key_grey

    keyed = key_grey("#1f2f4f80")
    assert keyed[1:3] == keyed[3:5] == keyed[5:7] and keyed[7:] == "80", keyed


def test_a_translucent_fill_prints_as_its_colour_on_white_paper(project):
    """A print-on-demand file holds no transparency, so a fill of half-transparent red (#ff000080) prints as that red
    over white paper: half its magenta and yellow, no cyan or black (the rect drawn 20 × 10 mm at 10, 60 on each hero,
    read back from the first page's top-left card, 1/8 in of bleed in)."""
    colour = _pod_fill(project, "#ff000080")
    assert len(colour) == 4 and all(abs(a - b) < 0.01 for a, b in zip(colour, (0, 0.5, 0.5, 0), strict=True)), colour


def _pod_fill(project, fill: str) -> tuple:
    """The CMYK the print-on-demand file prints a rect of `fill` in, drawn 20 × 10 mm at 10, 60 on each hero and read
    back from the first page's top-left card (1/8 in of bleed in)."""
    import pdfplumber

    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", f'{{{{ rect(10, 60, 20, 10, fill="{fill}") }}}}\n{{% endblock %}}'),
                    encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/pod/tiny-heroes.pdf") as pdf:
        (rect,) = [r for r in pdf.pages[0].rects if abs(r["x0"] - 13.175 * MM) < 0.5 and abs(r["width"] - 20 * MM) < 0.5]
    return tuple(rect["non_stroking_color"])


def test_a_dark_brown_fill_prints_within_the_shops_240_percent_of_ink_in_its_own_hue(project):
    """DriveThruCards and most presses take at most 240 % total ink. A fill of a very dark brown (#301000) converts
    plainly to a black plate of 81 % (1 - 0x30/255) under magenta and yellow in the ratio of their channels' gaps to red's,
    32 : 48, 248 % in all; it prints with its black kept and magenta and yellow cut in that proportion until the four
    plates add up to 240 %, so its hue stays (the rect drawn 20 × 10 mm at 10, 60 on each hero, read from the first
    page's top-left card, 1/8 in of bleed in)."""
    c, m, y, k = colour = _pod_fill(project, "#301000")
    black = 1 - 0x30 / 255
    assert c == 0 and abs(k - black) < 0.001, colour
    assert abs(m - (2.40 - black) * 32 / 80) < 0.001 and abs(y - (2.40 - black) * 48 / 80) < 0.001, colour


@pytest.mark.parametrize("paint", ['fill="#000" fill-opacity="0.5"', 'fill="rgba(0, 0, 0, 0.5)"', 'fill="none" stroke="#000" stroke-width="10" stroke-opacity="0.5"'],
                         ids=["fill-opacity", "rgba", "stroke-opacity"])
def test_an_icons_half_transparent_black_prints_as_half_black_on_white_paper_without_transparency(project, paint):
    """A print-on-demand file holds no transparency: a game's own icon painting black at half opacity in its own colours
    prints as black laid half over white paper, 50 % of the black plate and no other ink, opaque (as the sheets show it:
    half the paper behind), however the SVG writes the opacity. The icon is drawn 20 mm wide at 10, 60 on each hero, its
    square 10 mm in from its corner (a stroke 10 wide on a path 5 in covers the same), read from the first page's
    top-left card, 1/8 in of bleed in."""
    import pdfplumber
    import pikepdf

    (project / "templates/icons").mkdir(exist_ok=True)
    (project / "templates/icons/half.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect x="10" y="10" width="20" height="20" {paint}/></svg>\n',
        encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("half", 10, 60, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    pdf_path = project / "output/tiny/pod/tiny-heroes.pdf"
    corner = 3.175 + 10 + 5  # the bleed, the icon's place, its square's inset (20 of 40 units in a 20 mm icon: 5 mm)
    with pdfplumber.open(pdf_path) as pdf:
        (square,) = [r for r in pdf.pages[0].rects if abs(r["x0"] - corner * MM) < 0.5 and abs(r["top"] - (corner + 50) * MM) < 0.5]
    colour = square["stroking_color" if "stroke" in paint else "non_stroking_color"]
    assert len(colour) == 4 and all(abs(a - b) < 0.01 for a, b in zip(colour, (0, 0, 0, 0.5), strict=True)), colour
    with pikepdf.open(pdf_path) as pdf:
        alphas = [(str(key), float(state[key])) for state in pdf.objects if isinstance(state, pikepdf.Dictionary)
                  for key in ("/ca", "/CA") if key in state and float(state[key]) < 1]
    assert alphas == [], alphas


def test_an_icons_word_painted_half_transparent_prints_as_half_black_on_white_paper(project):
    """A word an icon's SVG writes in half-transparent black (`fill="rgba(0, 0, 0, 0.5)"`, a colour with its own alpha
    and no opacity of its shape) prints in a print-on-demand file as black laid half over white: 50 % of the black
    plate, opaque, as the sheets show it, not full black."""
    import pdfplumber

    (project / "templates/icons").mkdir(exist_ok=True)
    (project / "templates/icons/word.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><text x="2" y="30" font-size="20" fill="rgba(0, 0, 0, 0.5)">XW</text></svg>\n',
        encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("word", 10, 60, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/pod/tiny-heroes.pdf") as pdf:
        colours = {tuple(round(v, 2) for v in c["non_stroking_color"]) for c in pdf.pages[0].chars if c["text"] in ("X", "W")}
    assert colours == {(0, 0, 0, 0.5)}, colours


def test_an_inline_symbol_of_11_pt_in_small_type_goes_to_the_black_plate():
    """An icon set in a line of type at 11 pt is 3.9 mm across: a small symbol (under 10 mm), printed on K like the words."""
    from pnp.layout.elements import Face, Text
    from pnp.layout.typeset import IconOp, TextOp
    from pnp.targets.k_only import key_small_type

    navy_black = "#1f2f4f"
    face = Face(60, 90, 3, (Text(5, 5, (TextOp(0, 10, "Body", 8.0, navy_black, "Gain", 20.0), IconOp(22, 0, 11.0, "star", navy_black))),), frozenset())
    (text,) = key_small_type(face).elements
    icon = text.ops[1]
    assert icon.color != navy_black and icon.color[1:3] == icon.color[3:5] == icon.color[5:7], icon.color


def test_small_type_goes_to_the_black_plate_only_when_it_reads_as_black_and_under_12_pt(project):
    """What a print-on-demand file puts on K alone, read from the exported PDF: a near-black (L* 19, C* 22) at 11.9 pt and
    a 0.2 mm frame of it go to the black plate; the same near-black at 12 pt keeps its four inks (print shops ask for K
    alone under 12 pt); a pale blue-grey (L* 72) and a dark brown (C* 27) at 8 pt keep their colour, a tint and a hue the
    designer chose rather than black type; the frame's red fill stays red."""
    import pdfplumber

    hero = project / "templates/tiny/hero.j2"
    marks = ('{{ text("Q", 5, 72, 10, 8, size=11.9, color="#1f2f4f") }}{{ text("R", 15, 72, 10, 8, size=12, color="#1f2f4f") }}'
             '{{ text("P", 25, 72, 10, 8, size=8, color="#a8b0c0") }}{{ text("B", 35, 72, 10, 8, size=8, color="#6b4a2a") }}'
             '{{ rect(45, 72, 10, 8, fill="#c0392b", stroke="#1f2f4f", stroke_width=0.2) }}\n')
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", marks + "{% endblock %}"), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/pod/tiny-heroes.pdf") as pdf:
        page = pdf.pages[0]
        inks = {c["text"]: tuple(round(v, 3) for v in c["non_stroking_color"]) for c in page.chars if c["text"] in "QRPB"}
        frame = [r for r in page.rects if abs(r["width"] - 10 * MM) < 0.5 and abs(r["height"] - 8 * MM) < 0.5]
    assert inks["Q"][:3] == (0, 0, 0) and inks["Q"][3] > 0.5, inks  # K alone
    assert any(v > 0 for v in inks["R"][:3]), inks  # rich black kept
    assert any(v > 0 for v in inks["P"][:3]) and _lab_of_cmyk(*inks["P"])[0] > 60, inks  # the pale tint, still pale
    assert _lab_of_cmyk(*inks["B"])[1] > 20, inks  # the brown keeps its hue
    assert len(frame) == 1, frame
    assert tuple(frame[0]["stroking_color"])[:3] == (0, 0, 0), frame[0]
    fill = tuple(frame[0]["non_stroking_color"])
    assert fill[1] > 0.5 and fill[2] > 0.5, fill  # red: magenta and yellow


def test_small_mid_blue_grey_type_prints_on_the_black_plate_as_the_grey_of_its_own_lightness(project):
    """A mid blue-grey (#7a8290: CIE L* 54, C*ab 8.7, under the L* 60 and C* 20 of what reads as grey) at 8 pt goes to
    the black plate alone in a print-on-demand file, as the neutral grey of its own lightness: L* 54 is a relative
    luminance of ((54 + 16) / 116)³ = 0.22, sRGB's 0.51 a channel, so K 49 %."""
    import pdfplumber

    with pdfplumber.open(_pod_heroes_with(project, '{{ text("G", 5, 72, 10, 8, size=8, color="#7a8290") }}')) as pdf:
        inks = {tuple(round(v, 3) for v in ch["non_stroking_color"]) for ch in pdf.pages[0].chars if ch["text"] == "G" and abs(ch["size"] - 8) < 0.1}
    assert len(inks) == 1, inks
    (c, m, y, k), = inks
    assert (c, m, y) == (0, 0, 0) and abs(k - 0.49) < 0.02, inks


def test_large_cyan_type_prints_on_the_cyan_plate_alone(project):
    """Type of 12 pt or more keeps its colour in a print-on-demand file: 20 pt words in pure cyan (#00ffff, red
    channel empty, green and blue full) print as process cyan, 100 % C and no magenta, yellow or black."""
    import pdfplumber

    with pdfplumber.open(_pod_heroes_with(project, '{{ text("Sky", 5, 70, 50, 12, size=20, min_size=20, color="#00ffff") }}')) as pdf:
        chars = [ch for ch in pdf.pages[0].chars if ch["text"] in "Sky" and abs(ch["size"] - 20) < 0.1]
    assert chars and {tuple(ch["non_stroking_color"]) for ch in chars} == {(1, 0, 0, 0)}, [ch["non_stroking_color"] for ch in chars]


def _pod_heroes_with(project, call: str):
    """The print-on-demand file of the heroes once their template ends with the drawing `call`."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", call + "\n{% endblock %}"), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    return project / "output/tiny/pod/tiny-heroes.pdf"


def _pod_picture(project, pixels) -> list:
    """The rows of CMYK pixels (0–255 a plate) the print-on-demand file prints a 40 × 20 px RGBA picture in, drawn 20 × 10 mm
    at 10, 60 on each hero: `pixels(x, y)` gives each pixel's colour."""
    import pikepdf
    from PIL import Image

    (project / "art").mkdir(exist_ok=True)
    art = Image.new("RGBA", (40, 20))
    art.putdata([pixels(x, y) for y in range(20) for x in range(40)])
    art.save(project / "art/patch.png")
    with pikepdf.open(_pod_heroes_with(project, '{{ image("art/patch.png", 10, 60, 20, 10, fit="stretch") }}')) as pdf:
        images = [pikepdf.PdfImage(obj).as_pil_image() for obj in pdf.objects
                  if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
    (picture,) = [im for im in images if im.mode == "CMYK"]
    data = picture.tobytes()
    return [[tuple(data[i:i + 4]) for i in range(row, row + 4 * picture.width, 4)] for row in range(0, len(data), 4 * picture.width)]


def test_a_pictures_see_through_part_prints_no_ink_on_white_paper(project):
    """A print-on-demand file's pictures are CMYK, laid on white paper: a picture's fully transparent left half
    prints as the paper, 0 % of every plate, beside its opaque blue right half."""
    rows = _pod_picture(project, lambda x, y: (0, 0, 0, 0) if x < 20 else (0, 0, 255, 255))
    quarter = len(rows[0]) // 4  # the picture as embedded may be resampled: a quarter in from either side is one half's
    left, right = [p for row in rows for p in row[:quarter]], [p for row in rows for p in row[-quarter:]]
    assert max(sum(p) for p in left) <= 2, set(left)
    assert min(sum(p) for p in right) > 255, set(right)


def test_a_dark_picture_prints_within_the_shops_240_percent_of_ink(project):
    """DriveThruCards and most presses take at most 240 % total ink: a very dark red picture (#280000), plainly 84 %
    black under full magenta and yellow (325 % in all), prints with no pixel's four plates past 240 %."""
    inks = [sum(p) for row in _pod_picture(project, lambda x, y: (0x28, 0, 0, 255)) for p in row]
    assert max(inks) <= 2.40 * 255 + 2, max(inks)


def test_a_long_thin_banner_icon_is_an_area_and_keeps_its_colour():
    """An icon is a symbol set like type only when its longer side is under 10 mm: a 40 × 6 mm banner in a navy black
    is an area, kept in its colour on four plates like the 30 mm emblem."""
    from pnp.layout.elements import Face, Icon
    from pnp.targets.k_only import key_small_type

    navy_black = "#1f2f4f"  # L* 19, C* 22: small symbols in it go to K
    face = Face(60, 90, 3, (Icon("star", navy_black, 5, 20, 40, 6), Icon("star", navy_black, 5, 40, 6, 40)), frozenset())
    wide, tall = key_small_type(face).elements
    assert (wide.color, tall.color) == (navy_black, navy_black)


def test_a_gradient_prints_in_cmyk_white_as_no_ink_and_black_on_the_black_plate(project):
    """docs/layouts.md: a gradient prints "in CMYK in a print-on-demand export like any colour": a white-to-black fill on
    each hero is a shading in DeviceCMYK (the PDF/X-1a file holds no RGB), from no ink (paper white) to 100 % black on the
    black plate alone, as the shops ask of black, read from the shadings the file holds (pikepdf)."""
    import pikepdf

    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace(
        "{% endblock %}", '{{ rect(10, 60, 20, 10, fill=gradient(["#ffffff", "#000000"], angle=0)) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    with pikepdf.open(project / "output/tiny/pod/tiny-heroes.pdf") as pdf:
        shadings = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and "/ShadingType" in obj]
        assert shadings
        for shading in shadings:
            ends = [float(v) for v in shading.Function.C0], [float(v) for v in shading.Function.C1]
            assert (shading.ColorSpace, ends) == ("/DeviceCMYK", ([0, 0, 0, 0], [0, 0, 0, 1])), shading
