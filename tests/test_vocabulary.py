"""The drawing vocabulary of issue 67, read back from what pnp prints: justified and hyphenated text, QR codes, hex and
square grids, gradients, decks from a folder of images and inline icons of their own size.

Each test builds a small project of its own in tmp_path (one game `v`, a deck or two, a template a few lines long)
and reads the PDF it prints with pdfplumber.
"""
from __future__ import annotations

import itertools
import re
import textwrap
from pathlib import Path

import pdfplumber
import pyphen
import pytest
from conftest import run_pnp

MM = 72 / 25.4
MAGENTA = (1.0, 0.0, 1.0)  # the frame a test template draws around a box, to find the box on the sheet

LONG_EN = ("Organ transplantation committees negotiate extraordinarily complicated prioritisation questions, notwithstanding "
           "considerable uncertainty about compatibility, availability and the representatives' responsibilities.")
LONG_DE = ("Die Transplantationskommission entscheidet über außerordentlich komplizierte Prioritätsfragen, ungeachtet "
           "erheblicher Unsicherheit bei der Verträglichkeitsprüfung und der Organverfügbarkeit.")


def make_project(root: Path, template: str, cards: str, game_extra: str = "", files: dict[str, str] | None = None) -> Path:
    """A game `v` (English and German) with one poker deck `words` drawn by `template`, its cards given as YAML."""
    (root / "data/v/decks").mkdir(parents=True)
    (root / "templates/v").mkdir(parents=True)
    (root / "data/v/game.yaml").write_text(textwrap.dedent("""\
        title: Vocab
        players: {min: 1, max: 2}
        stamps: false
        languages: [en, de]
        palette: {ink: "#222222", paper: "#ffffff", accent: "#1f5f8b"}
        """) + game_extra, encoding="utf-8")
    (root / "data/v/decks/words.yaml").write_text("name: Words\nsize: poker\nfront: v/front.j2\nback: v/back.j2\ncards:\n"
                                                  + textwrap.indent(textwrap.dedent(cards), "  "), encoding="utf-8")
    (root / "templates/v/front.j2").write_text(textwrap.dedent(template), encoding="utf-8")
    (root / "templates/v/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#333333") }}\n', encoding="utf-8")
    for rel, text in (files or {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def build(root: Path, *args: str) -> str:
    result = run_pnp(root, "build", "v", "-q", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return result.output


def frames(page) -> list[tuple[float, float, float, float]]:
    """(x0, top, x1, bottom) in points of each magenta frame on a page, left to right, top to bottom."""
    found = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects if tuple(r.get("stroking_color") or ()) == MAGENTA]
    return sorted(found, key=lambda b: (round(b[1]), b[0]))


def lines_in(page, frame) -> list[list[dict]]:
    """The characters inside a frame, as lines (top to bottom), each left to right."""
    x0, top, x1, bottom = frame
    chars = [c for c in page.chars if x0 - 1 <= c["x0"] and c["x1"] <= x1 + 1 and top - 1 <= c["top"] and c["bottom"] <= bottom + 1]
    lines: dict[float, list] = {}
    for c in chars:
        lines.setdefault(round(c["y1"], 1), []).append(c)
    return [sorted(line, key=lambda c: c["x0"]) for _, line in sorted(lines.items(), reverse=True)]


def framed_lines(root: Path, template: str, cards: str) -> list[tuple[tuple, list[list[dict]]]]:
    """Make a project at `root` of `cards` drawn by `template`, build its cards and read the first sheet: each magenta
    frame with the lines of characters inside it."""
    build(make_project(root, template, cards), "--only", "cards")
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        page = pdf.pages[0]
        return [(frame, lines_in(page, frame)) for frame in frames(page)]


def line_text(line: list[dict]) -> str:
    """A line's text with a space wherever its characters leave a gap (a justified line's words stand apart)."""
    out = ""
    for before, c in zip([None, *line], line, strict=False):
        if before is not None and c["x0"] - before["x1"] > 0.5:
            out += " "
        out += c["text"]
    return out.replace("  ", " ")


# --- justified and hyphenated text ---------------------------------------------------------------------------------
JUSTIFIED = """\
    {{ rect(8, 8, 40, 60, stroke="#ff00ff", stroke_width=0.1) }}
    {{ text(card.text, 8, 8, 40, 60, size=10, min_size=10, align="justify") }}
    """


@pytest.fixture(scope="module")
def justified(tmp_path_factory):
    """The English and German sheets of a card with a long justified text: {language: its page}."""
    root = make_project(tmp_path_factory.mktemp("justify"), JUSTIFIED, f"""\
        - id: a
          text: "{LONG_EN}"
          text@de: "{LONG_DE}"
        """)
    build(root, "--only", "cards")
    build(root, "--only", "cards", "--lang", "de")
    out = {}
    for lang, name in (("en", "v-cards.pdf"), ("de", "v-cards-de.pdf")):
        with pdfplumber.open(root / "output/v" / name) as pdf:
            page = pdf.pages[0]
            out[lang] = (frames(page)[0], lines_in(page, frames(page)[0]))
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_justified_lines_end_at_the_boxs_right_edge(justified, lang):
    frame, lines = justified[lang]
    assert len(lines) >= 5, [line_text(line) for line in lines]
    for line in lines[:-1]:
        assert line[0]["x0"] == pytest.approx(frame[0], abs=0.1 * MM), line_text(line)
        assert line[-1]["x1"] == pytest.approx(frame[2], abs=0.1 * MM), f"{line_text(line)!r} ends {(frame[2] - line[-1]['x1']) / MM:.2f} mm short"
    assert lines[-1][-1]["x1"] < frame[2] - 2 * MM  # the last line is set as it falls, not stretched


@pytest.mark.parametrize(("lang", "dictionary"), [("en", "en_US"), ("de", "de_DE")])
def test_words_break_only_where_the_languages_patterns_allow(justified, lang, dictionary):
    _, lines = justified[lang]
    patterns = pyphen.Pyphen(lang=dictionary, left=2, right=3)
    texts = [line_text(line) for line in lines]
    broken = 0
    for here, after in itertools.pairwise(texts):
        if not here.endswith("-"):
            continue
        head = here.split(" ")[-1][:-1]
        word = head + after.split(" ")[0]
        letters = word.strip(".,;:'’")
        broken += 1
        assert len(letters) >= 6, f"{word}: a word shorter than 6 letters is never hyphenated"
        assert len(head) in patterns.positions(letters), f"{head}-{word[len(head):]} is no break point of {dictionary}: {patterns.inserted(letters)}"
    assert broken >= 1, texts  # the texts are long enough that some word breaks


def test_the_fit_check_counts_hyphenated_widths(tmp_path):
    """A German compound wider than its box overflows set ragged, and fits once it may break."""
    template = """\
        {{ text(card.text, 8, 8, 22, 30, size=10, min_size=10, align=card.align) }}
        """
    cards = """\
        - {id: a, text: "Transplantationskommission", align: justify}
        - {id: b, text: "Transplantationskommission", align: left}
        """
    root = make_project(tmp_path, template, cards)
    result = run_pnp(root, "build", "v", "-q", "--only", "cards", "--lang", "de")
    assert result.exit_code != 0
    assert "does not fit" in result.output and "words/b" in result.output and "words/a" not in result.output, result.output


def test_soft_hyphens_in_the_data_break_words_and_never_print_elsewhere(tmp_path):
    template = """\
        {{ rect(8, 8, 18, 30, stroke="#ff00ff", stroke_width=0.1) }}
        {{ text(card.text, 8, 8, 18, 30, size=10, min_size=10) }}
        """
    root = make_project(tmp_path, template, '- {id: a, text: "Zwei\u00adkampf\u00adregel gilt"}\n')
    build(root, "--only", "cards")
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        page = pdf.pages[0]
        texts = [line_text(line) for line in lines_in(page, frames(page)[0])]
        assert "\u00ad" not in "".join(c["text"] for c in page.chars)
    assert texts[0] in ("Zwei-", "Zweikampf-"), texts  # set ragged, the word breaks at a soft hyphen the writer put there
    assert "".join(t.rstrip("-") for t in texts).replace(" ", "") == "Zweikampfregelgilt"


def test_a_word_shorter_than_six_letters_never_breaks(tmp_path):
    """'Das Or-' would fit the 15 mm line (12.5 mm at 10 pt in Noto Sans) where 'Das Organ' (17.7 mm) does not, and
    German patterns allow 'Or-gan': a five-letter word goes to the next line whole."""
    template = """\
        {{ rect(8, 8, 15, 30, stroke="#ff00ff", stroke_width=0.1) }}
        {{ text(card.text, 8, 8, 15, 30, size=10, min_size=10, hyphenate=true) }}
        """
    root = make_project(tmp_path, template, '- {id: a, text: "Das Organ", text@de: "Das Organ"}\n')
    build(root, "--only", "cards", "--lang", "de")
    with pdfplumber.open(root / "output/v/v-cards-de.pdf") as pdf:
        page = pdf.pages[0]
        assert [line_text(line) for line in lines_in(page, frames(page)[0])] == ["Das", "Organ"]


def test_every_language_pnp_has_words_for_has_hyphenation_patterns():
    from pnp.core.assets import WORDS
    from pnp.data.source import own_yaml
    from pnp.layout.hyphenation import has_dictionary

    languages = own_yaml(WORDS.read_text(encoding="utf-8"))
    assert {"en", "de", "es", "fr"} <= set(languages)
    # Typesetting's convention, not pnp's: Japanese and Chinese break between characters, Korean between words with no
    # hyphen, and Arabic and Hebrew are not hyphenated; every other language pnp has words for is hyphenated.
    unhyphenated = {"ja", "zh", "ko", "ar", "he"}
    assert [lang for lang in languages if lang not in unhyphenated and not has_dictionary(lang)] == []


def test_a_rulebook_asking_for_justified_paragraphs_sets_them_so(tmp_path):
    rulebook = f"""\
        ---
        align: justify
        ---
        # Play

        {LONG_EN} {LONG_EN}

        Short line.
        """
    root = make_project(tmp_path, "{{ text('x', 5, 5, 20, 6) }}\n", "- {id: a}\n", files={"data/v/rulebook.md": rulebook})
    build(root, "--only", "rulebook")
    with pdfplumber.open(root / "output/v/v-rulebook.pdf") as pdf:
        page = pdf.pages[-1]  # after the cover
        start = next(c["top"] for c in page.chars if c["text"] == "O")  # the paragraph's first line
        body = [c for c in page.chars if start - 1 <= c["top"] < page.height - 72]  # above the page number
        lines: dict[float, list] = {}
        for c in body:
            lines.setdefault(round(c["top"], 1), []).append(c)
        ends = [max(c["x1"] for c in line) for _, line in sorted(lines.items())]
    paragraph = ends[:-2]  # its last line, and "Short line.", are set as they fall
    assert len(paragraph) >= 4, ends
    assert max(paragraph) - min(paragraph) < 0.1 * MM, ends
    assert ends[-1] < min(paragraph) - 20 * MM


# --- QR codes ------------------------------------------------------------------------------------------------------
def raster(pdf: Path, dpi: int = 300):
    """The first page of a PDF as a PIL image."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[0].render(scale=dpi / 72).to_pil()
    finally:
        doc.close()


def test_a_qr_code_decodes_back_to_its_text(tmp_path):
    import zxingcpp

    template = """\
        {{ qr(card.link, 12, 20, 30) }}
        {{ qr(card.id, 10, 60, 20, color="accent") }}
        """
    root = make_project(tmp_path, template, '- {id: Tile-7, link: "https://example.org/vocab/rules?lang=de&v=1.0"}\n')
    output = build(root, "--only", "cards", "--strict")
    assert "qr-unreadable" not in output
    found = sorted(r.text for r in zxingcpp.read_barcodes(raster(root / "output/v/v-cards.pdf")) if r.format == zxingcpp.BarcodeFormat.QRCode)
    assert found == ["Tile-7", "https://example.org/vocab/rules?lang=de&v=1.0"]


def test_a_qr_code_and_its_quiet_zone_fill_its_square_and_no_more(tmp_path):
    """docs/layouts.md: `qr(text, x, y, size)` is a code in a `size` mm square, its quiet zone included: its dark
    modules stay inside the square, the same white margin on every side (ISO/IEC 18004's quiet zone all round)."""
    template = """\
        {{ qr(card.link, 10, 20, 30) }}
        {{ rect(8, 18, 34, 34, stroke="#ff00ff") }}
        """
    root = make_project(tmp_path, template, '- {id: a, link: "https://example.org/organ-match/rules"}\n')
    build(root, "--only", "cards")
    pdf = root / "output/v/v-cards.pdf"
    with pdfplumber.open(pdf) as doc:
        x0, top, _, _ = frames(doc.pages[0])[0]
    dpi = 300
    px = dpi / 72
    left, up = (x0 + 2 * MM) * px, (top + 2 * MM) * px  # the code's square, 2 mm inside the frame
    side = 30 * MM * px
    page = raster(pdf, dpi).convert("L")
    square = page.crop((round(left - 3 * MM * px), round(up - 3 * MM * px), round(left + side + 3 * MM * px), round(up + side + 3 * MM * px)))
    dark = square.point(lambda v: 255 if v < 100 else 0).getbbox()  # the magenta frame is lighter than this
    assert dark is not None
    margins = [(dark[0] - 3 * MM * px) / px / MM, (dark[1] - 3 * MM * px) / px / MM,
               (3 * MM * px + side - dark[2]) / px / MM, (3 * MM * px + side - dark[3]) / px / MM]  # left, top, right, bottom, mm
    assert min(margins) > 0, margins
    assert max(margins) - min(margins) < 0.15, margins


def test_a_qr_code_too_small_crowded_or_cut_is_warned_at_its_template_line(tmp_path):
    """29 modules and a 4-module quiet zone all round in 12 mm make 0.32 mm modules, under GS1's 0.396 mm."""
    template = """\
        {{ qr(card.link, 10, 10, 40) }}
        {{ qr(card.link, 10, 55, 12) }}
        {{ qr(card.link, 40, 55, 20) }}
        {{ text("over the margin", 41, 56, 20, 5, size=6) }}
        {{ qr(card.link, 50, 70, 20) }}
        {{ rect(3, 3, face.w - 6, face.h - 6, stroke="ink") }}
        """
    root = make_project(tmp_path, template, '- {id: a, link: "https://example.org/organ-match/rules"}\n')
    output = build(root, "--only", "cards")
    warned = {line.split(":")[1]: line for line in output.splitlines() if "qr-unreadable" in line or "QR code" in line}
    assert set(warned) == {"2", "3", "5"}, output
    assert "0.32 mm" in warned["2"] and "14.7 mm" in warned["2"]
    assert "text is drawn over it" in warned["3"]
    assert "trim cuts into it" in warned["5"]



def test_a_qr_code_is_read_only_dark_on_light_and_at_three_to_one():
    """Phones look for dark modules on a light ground: a white code on black stands out 21:1 and is still unreadable
    to many readers (ISO/IEC 18004 reflectance reversal is optional); a mid grey on white (2.9:1) is under WCAG's 3:1
    for graphics; black on white, or a dark blue on a pale yellow, is read. In the test process, on a face of its own."""
    from pnp.layout.elements import Face, Qr
    from pnp.layout.qr import qr_modules, qr_problems

    modules = qr_modules("https://example.org")

    def said(color, ground):
        return [p.message for p in qr_problems(Face(63.5, 88.9, 3.0, (Qr(10, 10, 40, modules, color, ground),), frozenset()))]

    assert said("#000000", "#ffffff") == [] and said("#1a237e", "#fff9c4") == [] and said("#000000", None) == []
    for color, ground in (("#ffffff", "#000000"), ("#fff9c4", "#1a237e"), ("#959595", "#ffffff")):
        (message,) = said(color, ground)
        assert "phones need dark modules on a light ground, at least 3:1" in message, (color, ground)

# --- grids ---------------------------------------------------------------------------------------------------------
GRIDS = """\
    {{ rect(8, 8, 30, 30, stroke="#ff00ff", stroke_width=0.1) }}
    {% set map = hexgrid(8, 8, 3, 3, 12, cells=card.hexes) %}
    {{ circle(map.at(2, 1).x, map.at(2, 1).y, 2, fill="#00ff00") }}
    {{ hexgrid(8, 50, 3, 3, 9, top="pointy", coords="axial", stroke="#0000ff") }}
    """


@pytest.fixture(scope="module")
def grids(tmp_path_factory):
    """The first page of a card with a flat-top offset hex grid (data for two cells, a piece placed by coordinate) and
    a pointy-top axial one, and the origin of both in points (the magenta frame's top-left is the first's)."""
    root = make_project(tmp_path_factory.mktemp("grids"), GRIDS, """\
        - id: a
          hexes:
            "1,1": {fill: "#cfe6f5", label: Keep}
            "0,2": {fill: accent}
        """)
    build(root, "--only", "cards")
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        page = pdf.pages[0]
        x0, top, _, _ = frames(page)[0]
        return page.objects, page.chars, (x0 - 8 * MM, top - 8 * MM)


def hexes(objects, colour) -> list[list[tuple[float, float]]]:
    """The corners of each six-sided outline stroked in `colour`, in mm from the face's top-left."""
    shapes = [c for c in objects.get("curve", []) if tuple(round(v, 3) for v in c.get("stroking_color") or ()) == colour and c.get("stroke")]
    return [c["pts"] for c in shapes if len(set(c["pts"])) == 6]


def centre(points) -> tuple[float, float]:
    """The middle of a closed outline's corners (its first corner, repeated at its end, counted once)."""
    corners = list(dict.fromkeys(points))
    return sum(p[0] for p in corners) / len(corners), sum(p[1] for p in corners) / len(corners)


def test_a_hex_grid_puts_each_cell_where_flat_and_pointy_geometry_do(grids):
    objects, _, (ox, oy) = grids
    r = 12 / 3 ** 0.5  # a flat-top hex 12 mm across its flats: 6.93 mm from centre to corner
    flat = [[((x - ox) / MM, (y - oy) / MM) for x, y in pts] for pts in hexes(objects, (0.133, 0.133, 0.133)) if (pts[0][1] - oy) / MM < 45]
    expected = {(round(8 + r + c * 1.5 * r, 1), round(8 + 6 + row * 12 + (6 if c % 2 else 0), 1)) for c in range(3) for row in range(3)}
    assert {(round(cx, 1), round(cy, 1)) for cx, cy in map(centre, flat)} == expected
    for pts in flat:
        cx, cy = centre(pts)
        assert all(abs(((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 - r) < 0.02 for px, py in pts)  # every corner one radius out
        assert max(py for _, py in pts) - min(py for _, py in pts) == pytest.approx(12, abs=0.02)  # 12 mm across the flats
    r9 = 9 / 3 ** 0.5  # pointy-top, 9 mm across: rows 1.5 radii apart, odd rows half a hex to the right
    pointy = [centre([((x - ox) / MM, (y - oy) / MM) for x, y in pts]) for pts in hexes(objects, (0.0, 0.0, 1.0))]
    expected = {(round(8 + 4.5 + c * 9 + (4.5 if row % 2 else 0), 1), round(50 + r9 + row * 1.5 * r9, 1)) for c in range(3) for row in range(3)}
    assert {(round(cx, 1), round(cy, 1)) for cx, cy in pointy} == expected


def labels_in(chars, top: float, bottom: float) -> dict[str, list]:
    """The words between two heights of the face (mm), each its characters, by text."""
    words: dict[tuple, list] = {}
    for c in chars:
        if top <= c["top"] / MM <= bottom:
            words.setdefault((round(c["top"]), c["fontname"]), []).append(c)
    labels = {}
    for line in words.values():
        line.sort(key=lambda c: c["x0"])
        run = [line[0]]
        for c in line[1:]:
            if c["x0"] - run[-1]["x1"] > 3:
                labels["".join(ch["text"] for ch in run)] = run
                run = [c]
            else:
                run.append(c)
        labels["".join(ch["text"] for ch in run)] = run
    return labels


def test_grid_labels_sit_at_their_cells_centres_naming_offset_or_axial_coordinates(grids):
    _, chars, (ox, oy) = grids
    labels = labels_in(chars, oy / MM + 8, oy / MM + 48)
    r = 12 / 3 ** 0.5
    for text, (cx, cy) in {"0,0": (8 + r, 14), "2,1": (8 + r + 3 * r, 26), "Keep": (8 + r + 1.5 * r, 32)}.items():
        run = labels[text]
        mid_x = ((run[0]["x0"] + run[-1]["x1"]) / 2 - ox) / MM
        mid_y = ((min(c["top"] for c in run) + max(c["bottom"] for c in run)) / 2 - oy) / MM
        assert mid_x == pytest.approx(cx, abs=0.1) and mid_y == pytest.approx(cy, abs=0.6), text
    assert "1,1" not in labels  # the data's label takes the place of the coordinates
    r9 = 9 / 3 ** 0.5
    pointy = labels_in(chars, oy / MM + 50, oy / MM + 90)
    for text, (cx, cy) in {"-1,2": (8 + 4.5, 50 + r9 + 3 * r9), "0,1": (8 + 9, 50 + r9 + 1.5 * r9)}.items():  # offset (0, 2) and (0, 1) of odd-r
        run = pointy[text]
        assert ((run[0]["x0"] + run[-1]["x1"]) / 2 - ox) / MM == pytest.approx(cx, abs=0.1), text
        assert ((run[0]["top"] + run[-1]["bottom"]) / 2 - oy) / MM == pytest.approx(cy, abs=0.6), text


def test_cells_take_their_fill_from_the_data_and_pieces_their_place_from_the_grid(grids):
    objects, _, (ox, oy) = grids
    r = 12 / 3 ** 0.5
    filled = {tuple(round(v, 3) for v in c["non_stroking_color"]): centre([((x - ox) / MM, (y - oy) / MM) for x, y in c["pts"]])
              for c in objects.get("curve", []) if c.get("fill") and len(set(c["pts"])) == 6}
    sky = tuple(round(v / 255, 3) for v in (0xcf, 0xe6, 0xf5))
    assert filled[sky] == pytest.approx((8 + r + 1.5 * r, 8 + 6 + 12 + 6), abs=0.05)
    piece = next(c for c in objects.get("curve", []) if tuple(c.get("non_stroking_color") or ()) == (0.0, 1.0, 0.0))
    px, py = ((piece["x0"] + piece["x1"]) / 2 - ox) / MM, ((piece["top"] + piece["bottom"]) / 2 - oy) / MM
    assert (px, py) == pytest.approx((8 + r + 3 * r, 8 + 6 + 12), abs=0.05)


# --- gradients and text shadow -------------------------------------------------------------------------------------
def shadings(pdf: Path) -> list[dict]:
    """Every shading of a PDF: its type (2 axial, 3 radial) and the colours its function runs through."""
    import pikepdf

    found = []
    with pikepdf.open(pdf) as doc:
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Dictionary) and "/ShadingType" in obj:
                functions = obj.Function.Functions if "/Functions" in obj.Function else [obj.Function]
                colours = [tuple(round(float(v), 3) for v in f[key]) for f in functions for key in ("/C0", "/C1")]
                found.append({"type": int(obj.ShadingType), "colours": list(dict.fromkeys(colours)), "space": str(obj.ColorSpace)})
    return sorted(found, key=lambda s: s["type"])


def test_gradient_fills_print_as_shadings_in_vector(tmp_path):
    template = """\
        {{ rect(5, 5, 50, 20, fill=gradient(["#000000", "#ffffff"], angle=0)) }}
        {{ circle(30, 50, 12, fill=gradient(["#ff0000", "#0000ff"], kind="radial"), stroke="ink") }}
        {{ polygon([[5, 70], [55, 70], [30, 85]], fill=gradient([[0, "#00ff00"], [0.5, "#ffffff"], [1, "#000000"]])) }}
        """
    root = make_project(tmp_path, template, "- {id: a}\n")
    build(root, "--only", "cards")
    found = shadings(root / "output/v/v-cards.pdf")
    assert [s["type"] for s in found] == [2, 2, 3]
    assert {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)} <= set(found[0]["colours"] + found[1]["colours"])
    assert any(s["colours"] == [(0.0, 1.0, 0.0), (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)] for s in found)  # three stops, in order
    assert found[2]["colours"] == [(1.0, 0.0, 0.0), (0.0, 0.0, 1.0)]


def test_a_linear_gradient_runs_from_its_first_colour_along_its_angle(tmp_path):
    """docs/layouts.md: angle 0 runs left to right, 90 (the default) top to bottom: black at the start, white at the end."""
    template = """\
        {{ rect(5, 5, 50, 20, fill=gradient(["#000000", "#ffffff"], angle=0)) }}
        {{ rect(5, 5, 50, 20, stroke="#ff00ff") }}
        {{ rect(5, 40, 20, 40, fill=gradient(["#000000", "#ffffff"])) }}
        {{ rect(5, 40, 20, 40, stroke="#ff00ff") }}
        """
    root = make_project(tmp_path, template, "- {id: a}\n")
    build(root, "--only", "cards")
    pdf = root / "output/v/v-cards.pdf"
    with pdfplumber.open(pdf) as doc:
        across, down = frames(doc.pages[0])[:2]
    page = raster(pdf, 100).convert("L")
    px = 100 / 72

    def grey(x, y):
        return page.getpixel((round(x * px), round(y * px)))

    middle = (across[1] + across[3]) / 2
    assert grey(across[0] + 2 * MM, middle) < 30 and grey(across[2] - 2 * MM, middle) > 225
    centre = (down[0] + down[2]) / 2
    assert grey(centre, down[1] + 2 * MM) < 30 and grey(centre, down[3] - 2 * MM) > 225


def test_the_ink_measure_counts_a_gradient_by_what_it_prints(tmp_path):
    """A 50 × 40 mm band from black to white averages half black: 0.5 × its share of the page, over the plain card's."""
    from pnp.render.ink import pdf_ink

    template = """\
        {% if card.id == "shaded" %}{{ rect(5, 5, 50, 40, fill=gradient(["#000000", "#ffffff"], angle=0)) }}{% endif %}
        """
    root = make_project(tmp_path, template, "- {id: plain}\n")
    build(root, "--only", "cards")
    plain = pdf_ink(root / "output/v/v-cards.pdf", dpi=72)
    (root / "data/v/decks/words.yaml").write_text((root / "data/v/decks/words.yaml").read_text().replace("plain", "shaded"))
    build(root, "--only", "cards")
    shaded = pdf_ink(root / "output/v/v-cards.pdf", dpi=72)
    letter = 215.9 * 279.4
    assert shaded - plain == pytest.approx(0.5 * 50 * 40 / letter, rel=0.1)


def test_contrast_is_judged_against_the_gradient_under_the_text_and_the_ink_saver_tints_it(tmp_path):
    """White text over the dark half of a dark-to-light band reads; over the whole band its light end fails WCAG."""
    template = """\
        {{ rect(0, 0, face.w, 30, fill=gradient(["#102030", "#d0e0f0"], angle=0)) }}
        {{ text("Dark half", 4, 4, 24, 8, size=10, color="#ffffff") }}
        {{ text("Across the whole band", 4, 16, 56, 8, size=10, color="#ffffff") }}
        """
    root = make_project(tmp_path, template, "- {id: a}\n")
    output = run_pnp(root, "validate", "v").output
    faint = [line for line in output.splitlines() if "contrast" in line]
    assert len(faint) == 1 and "front.j2:3:" in faint[0] and "Across the whole band" in faint[0], output
    build(root, "--only", "cards", "--ink-saver")
    saved = shadings(root / "output/v/v-cards-ink-saver.pdf")
    assert saved and all(min(channel) > 0.8 for s in saved for channel in s["colours"])  # the band kept a light tint of itself


def test_a_gradient_running_to_the_cut_is_judged_for_slivers_by_its_colour_at_the_edge(tmp_path):
    template = """\
        {{ rect(-face.bleed, 0, face.w + 2 * face.bleed, 20, fill=gradient(["#102030", "#f4f8fc"], angle=0)) }}
        """
    root = make_project(tmp_path, template, "- {id: a, count: 2}\n")  # two on a sheet: one's right edge meets the other's left
    output = run_pnp(root, "validate", "v").output
    slivers = [line for line in output.splitlines() if "sliver" in line]

    def at(t):  # the band's colour a fraction t along it: each channel interpolated, as the PDF's shading does
        return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip((0x10, 0x20, 0x30), (0xf4, 0xf8, 0xfc), strict=True))

    said = re.search(r"left edge of \S+ front is (#[0-9a-f]{6}) where \S+ front across the shared cut is (#[0-9a-f]{6})", slivers[0]) if slivers else None
    assert len(slivers) == 1 and said, output
    # the colours the gradient has near each edge (the check reads a strip a few tenths of the card in from the cut)
    def near(colour, ends):  # within 2 of a shade the gradient has there, in each channel (the sampling rounds)
        return any(all(abs(int(colour[i:i + 2], 16) - int(c[i:i + 2], 16)) <= 2 for i in (1, 3, 5)) for c in ends)

    assert near(said[1], [at(t / 100) for t in range(10)]) and near(said[2], [at(1 - t / 100) for t in range(10)]), (said[1], said[2])


def test_a_text_shadow_is_the_text_again_offset_in_its_colour_beneath(tmp_path):
    template = """\
        {{ text("Keep", 10, 10, 40, 10, size=14, color="#ffffff", shadow="#ff0000", shadow_offset=0.5) }}
        """
    root = make_project(tmp_path, template, "- {id: a}\n")
    build(root, "--only", "cards")
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"] == "K"]
    assert [tuple(round(v, 3) for v in c["non_stroking_color"]) for c in chars] == [(1.0, 0.0, 0.0), (1.0, 1.0, 1.0)]  # shadow first
    shadow, text = chars
    assert (shadow["x0"] - text["x0"], shadow["top"] - text["top"]) == pytest.approx((0.5 * MM, 0.5 * MM), abs=0.01)


# --- decks from a folder of images ---------------------------------------------------------------------------------
def test_a_folder_of_images_makes_a_card_of_each_with_the_count_its_name_gives(tmp_path):
    from pdftext import pdf_text
    from PIL import Image

    template = """\
        {{ image(card.image, 0, 0, face.w, face.h, fit="cover") }}
        {{ text(card.id ~ " / " ~ card.name ~ " / " ~ card.count, 5, 40, face.w - 10, 8, size=8, align="center") }}
        """
    root = make_project(tmp_path, template, "- {id: placeholder}\n")
    art = root / "data/v/decks/art"
    art.mkdir()
    for name, size in (("fire-dragon-x3.png", (635, 889)), ("Ice_Wyrm.png", (635, 889)), ("stone-golem-x2.jpg", (635, 889)),
                       ("wide.png", (1000, 600)), ("notes.txt", None)):
        if size is None:
            (art / name).write_text("not an image")
        else:
            Image.new("RGB", size, "#f0e8d8").save(art / name)
    deck = root / "data/v/decks/words.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").split("cards:")[0] + "cards_from: art/\n", encoding="utf-8")
    output = build(root, "--only", "cards")
    words = pdf_text(root / "output/v/v-cards.pdf")
    made = set(re.findall(r"[\w-]+ / [\w ]+? / \d", words))
    assert made == {"fire-dragon / fire dragon / 3", "Ice_Wyrm / Ice Wyrm / 1", "stone-golem / stone golem / 2", "wide / wide / 1"}
    assert [words.count(f"/ {name} /") for name in ("fire dragon", "Ice Wyrm", "stone golem", "wide")] == [3, 1, 2, 1]
    shaped = [line for line in output.splitlines() if ": warning:" in line and "wider than its" in line]  # one mistake, one finding
    assert len(shaped) == 1 and "data/v/decks/art/wide.png" in shaped[0] and shaped[0].startswith("templates/v/front.j2:1:"), output


def test_a_cameras_images_with_their_extension_in_capitals_are_cards_too(tmp_path):
    """A camera names its pictures IMG_0001.JPG (the DCF standard's capitals): a folder of them is a deck like any."""
    from conftest import listing
    from PIL import Image

    template = '{{ image(card.image, 0, 0, face.w, face.h) }}\n{{ text(card.name, 5, 40, face.w - 10, 8, size=8) }}\n'
    root = make_project(tmp_path, template, "- {id: placeholder}\n")
    art = root / "data/v/decks/art"
    art.mkdir()
    for name in ("IMG_0001.JPG", "IMG_0002-x2.JPEG", "scan.PNG"):
        Image.new("RGB", (635, 889), "#f0e8d8").save(art / name, format="JPEG" if ".JP" in name else "PNG")
    deck = root / "data/v/decks/words.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").split("cards:")[0] + "cards_from: art/\n", encoding="utf-8")
    (words,) = listing(root)["decks"]
    assert {card["id"]: card["count"] for card in words["card_list"]} == {"IMG_0001": 1, "IMG_0002": 2, "scan": 1}


def test_a_folder_of_images_beside_the_decks_folder_is_a_deck_too(tmp_path):
    """The game's folder bounds where a deck's pictures may be, as the error for a folder outside it says: art kept
    beside decks/ (data/v/art, `cards_from: ../art/`) is a deck like one inside it."""
    from conftest import listing
    from PIL import Image

    template = '{{ image(card.image, 0, 0, face.w, face.h) }}\n{{ text(card.name, 5, 40, face.w - 10, 8, size=8) }}\n'
    root = make_project(tmp_path, template, "- {id: placeholder}\n")
    art = root / "data/v/art"
    art.mkdir()
    for name in ("hero-x2.png", "villain.png"):
        Image.new("RGB", (635, 889), "#f0e8d8").save(art / name)
    deck = root / "data/v/decks/words.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").split("cards:")[0] + "cards_from: ../art/\n", encoding="utf-8")
    (words,) = listing(root)["decks"]
    assert {card["id"]: card["count"] for card in words["card_list"]} == {"hero": 2, "villain": 1}


def test_a_folder_without_images_or_outside_the_game_is_an_error_at_cards_from(tmp_path):
    root = make_project(tmp_path, "{{ image(card.image, 0, 0, face.w, face.h) }}\n", "- {id: placeholder}\n")
    (root / "data/v/decks/empty").mkdir()
    deck = root / "data/v/decks/words.yaml"
    head = deck.read_text(encoding="utf-8").split("cards:")[0]
    for folder, words in (("empty/", "holds no PNG, JPEG or WebP image"), ("missing/", "is not there"), ("../../../templates/", "outside the game's folder")):
        deck.write_text(head + f"cards_from: {folder}\n", encoding="utf-8")
        result = run_pnp(root, "validate", "v")
        assert result.exit_code != 0 and "data/v/decks/words.yaml:5:13: error: cards_from" in result.output and words in result.output, result.output


# --- inline icons of their own size --------------------------------------------------------------------------------
def test_an_inline_icon_with_its_own_size_keeps_it_whatever_the_texts_size(tmp_path):
    """`:star@4mm:` draws a 4 mm star in 10 pt text and in 7 pt text; `:star:` grows with the text's capitals."""
    template = """\
        {{ text("Gain :star@4mm: now", 5, 10, 50, 12, size=10, color="#ff0000") }}
        {{ text("Gain :star@4mm: now", 5, 30, 50, 12, size=7, color="#0000ff") }}
        {{ text("Gain :star: now", 5, 50, 50, 12, size=10, color="#00ff00") }}
        {{ text("Gain :star: now", 5, 70, 50, 12, size=7, color="#ff00ff") }}
        """
    root = make_project(tmp_path, template, "- {id: a}\n")
    build(root, "--only", "cards")
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        page = pdf.pages[0]
        shapes = page.objects.get("curve", []) + page.objects.get("rect", [])

        def star(colour):  # the box of everything the icon in that colour paints, in mm
            ink = [s for s in shapes if tuple(round(v, 3) for v in s.get("non_stroking_color") or ()) == colour]
            return (max(s["x1"] for s in ink) - min(s["x0"] for s in ink)) / MM, (max(s["bottom"] for s in ink) - min(s["top"] for s in ink)) / MM

        big, small = star((1.0, 0.0, 0.0)), star((0.0, 0.0, 1.0))
        grows, shrinks = star((0.0, 1.0, 0.0)), star((1.0, 0.0, 1.0))
    assert big == pytest.approx(small, abs=0.01)
    assert 3.5 < max(big) <= 4.0
    assert grows[1] / shrinks[1] == pytest.approx(10 / 7, rel=0.02)


# --- a new game uses them ------------------------------------------------------------------------------------------
def test_a_new_games_board_draws_a_labelled_hex_map_and_a_qr_code_a_phone_reads(tmp_path):
    import os

    import zxingcpp
    from click.testing import CliRunner

    from pnp.cli import main

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert CliRunner().invoke(main, ["new", "crystal-caves"], catch_exceptions=False).exit_code == 0
    finally:
        os.chdir(cwd)
    result = run_pnp(tmp_path, "build", "crystal-caves", "-q", "--only", "boards", "--strict")
    assert result.exit_code == 0, result.output
    board = tmp_path / "output/crystal-caves/crystal-caves-boards.pdf"
    codes = [r.text for r in zxingcpp.read_barcodes(raster(board, dpi=200)) if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert codes == ["https://example.org/crystal-caves/rules"]
    with pdfplumber.open(board) as pdf:
        page = pdf.pages[0]
        labels = labels_in(page.chars, 0, page.height / MM)
        outlines = [c for c in page.objects.get("curve", []) if len(set(c["pts"])) == 6]
    assert {"0,0", "8,2", "Entrance", "Vault"} <= set(labels) and len(outlines) == 27  # 9 × 3 hexes
