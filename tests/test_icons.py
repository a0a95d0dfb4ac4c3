"""Which icon a template's name finds (docs/getting-started.md): a game's own folder first, then the project's shared
templates/icons, then pnp's bundled set; read from the card sheet the build prints."""
from __future__ import annotations

from conftest import quick_findings, run_pnp
from pdftext import pdf_text

AN_ICON_OF = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n{}\n</svg>\n'  # an icon drawing what is given


def test_a_games_own_icon_wins_over_the_shared_one_which_wins_over_pnps_own(project):
    """Your own icons in templates/<game>/icons win over bundled ones of the same name, and templates/icons holds the
    shared ones. `mark` in both the game's folder and the shared one prints the game's; the shared `star` prints over
    pnp's own star (the heroes' stars)."""
    for folder, word in (("templates/tiny/icons", "GameMark"), ("templates/icons", "SharedMark")):
        (project / folder).mkdir(parents=True, exist_ok=True)
        (project / folder / "mark.svg").write_text(AN_ICON_OF.format(f'<text x="1" y="5" font-size="2">{word}</text>'), encoding="utf-8")
    (project / "templates/icons/star.svg").write_text(AN_ICON_OF.format('<text x="1" y="5" font-size="2">SharedStar</text>'), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("mark", 10, 50, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert "GameMark" in printed and "SharedMark" not in printed and "SharedStar" in printed


def test_an_icon_of_pnps_bundled_set_drawn_without_a_colour_prints_black(project):
    """The game-icons.net set writes its shapes in `currentColor`; an icon drawn with no colour asked prints them in
    black, as the set's own pages show them, on every copy of the card."""
    import pdfplumber

    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("spades", 5, 72, 12) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    mm = 72 / 25.4
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        page = pdf.pages[0]
        spades = [c for c in page.curves if c.get("fill") and 8.5 * mm < c["width"] <= 12.1 * mm and 8.5 * mm < c["height"] <= 12.1 * mm]  # not the 8 mm suit in the header
        heroes = [w for w in page.extract_words() if w["text"] in ("Knight", "<Knight>", "AT&T", "Rogue", "Mage", "Twin")]
    assert spades and len(spades) == len(heroes), (len(spades), len(heroes))
    assert {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in spades} in ({(0, 0, 0)}, {(0,)}), {tuple(c["non_stroking_color"]) for c in spades}


def test_an_icon_file_that_is_not_xml_is_one_error_at_the_line_and_column_an_editor_shows(project):
    """A stray `&` in an icon's second line, its 19th character as any text editor counts (from 1), is where the
    refusal sends the designer: the one error of the run, at that line and column of the file, saying them."""
    (project / "templates/icons").mkdir(parents=True, exist_ok=True)
    (project / "templates/icons/broken.svg").write_text(AN_ICON_OF.format('  <rect width="5" & />'), encoding="utf-8")
    code, said = quick_findings(project)
    assert code == 1
    assert said == ["templates/icons/broken.svg:2:19: error: icon file templates/icons/broken.svg is not valid SVG (XML error at line 2, column 19: "
                    "not well-formed (invalid token)): re-export it as plain SVG"], said


def test_an_old_name_of_a_bundled_icon_draws_the_icon_it_was_renamed_to(project):
    """game-icons.net renamed some icons and its set keeps each old name as an alias (Iconify's set.json: `sattelite`
    for `satellite`): a template written against the old name still builds, and prints the very shapes of the new one.
    The face draws both, 25 mm apart: every shape of the old name has its twin 25 mm to its right."""
    import pdfplumber

    hero = project / "templates/tiny/hero.j2"
    both = '{{ icon("sattelite", 5, 72, 12) }}\n{{ icon("satellite", 30, 72, 12) }}\n{% endblock %}'
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", both), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        shapes = [c["pts"] for c in pdf.pages[0].curves]
    shift = 25 * 72 / 25.4

    def twin(shape, other) -> bool:
        return len(shape) == len(other) and all(abs(x + shift - u) < 0.01 and abs(y - v) < 0.01 for (x, y), (u, v) in zip(shape, other, strict=True))

    twinned = [s for s in shapes if any(twin(s, other) for other in shapes)]
    assert len(twinned) > len(shapes) / 3, (len(twinned), len(shapes))


def _face_over_blue(project, drawn: str):
    """The knight's front previewed at 50 dpi as an array of pixels (rows down, then columns): `drawn` over a blue ground."""
    import numpy as np
    from PIL import Image

    (project / "templates/tiny/hero.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#0000ff") }}\n' + drawn, encoding="utf-8")
    result = run_pnp(project, "preview", "tiny", "--deck", "heroes", "--card", "knight", "--dpi", "50")
    assert result.exit_code == 0, result.output
    return np.asarray(Image.open(project / "output/tiny/preview/heroes/knight-front.png").convert("RGB"), dtype=np.int16)


PX_PER_MM = 50 / 25.4


def test_an_icon_in_a_translucent_colour_prints_as_see_through_as_a_shape_of_that_colour(project):
    """`#rrggbbaa` is a colour for every drawing function (docs/layouts.md): half-transparent red (alpha 0x80) over a
    blue ground shows the two mixed, about (128, 0, 127), in the icon's shape as in a rect's; never the red itself."""
    import numpy as np

    face = _face_over_blue(project, '{{ icon("spades", 10, 10, 40, color="#ff000080") }}\n{{ rect(10, 60, 40, 20, fill="#ff000080") }}\n')
    mm = PX_PER_MM

    def near(box, rgb) -> int:  # the pixels of the box (mm) within 3 of `rgb` in every channel
        x0, y0, x1, y1 = (round(v * mm) for v in box)
        return int((np.abs(face[y0:y1, x0:x1] - np.array(rgb)).max(axis=2) <= 3).sum())

    blend = (128, 0, 127)  # 0x80 / 255 of red over blue
    assert near((12, 62, 48, 78), blend) > 0.9 * (36 * 16 * mm * mm)  # the rect: the colour every shape of it shows
    assert near((10, 10, 50, 50), (255, 0, 0)) == 0
    assert near((10, 10, 50, 50), blend) > 0.2 * (40 * 40 * mm * mm)


def test_an_icon_linking_another_file_in_a_translucent_colour_is_as_see_through(project):
    """An icon that links another SVG file (`<use href="parts/mark.svg#m"/>`) is read afresh each time rather than
    kept: drawn in half-transparent red over a blue ground, its own square and the square it links both show the two
    mixed, about (128, 0, 127), as an icon linking nothing does; never the red itself."""
    import numpy as np

    icons = project / "templates/tiny/icons"
    (icons / "parts").mkdir(parents=True)
    (icons / "seal.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 10">'
                                    '<rect width="10" height="10" fill="#000000"/><use x="10" xlink:href="parts/mark.svg#m"/></svg>', encoding="utf-8")
    (icons / "parts/mark.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>'
                                          '<rect id="m" width="10" height="10" fill="#000000"/></defs></svg>', encoding="utf-8")
    face = _face_over_blue(project, '{{ icon("seal", 10, 10, w=40, h=20, color="#ff000080") }}\n')
    mm = PX_PER_MM
    for x0, x1 in ((11, 29), (31, 49)):  # the icon's own square, then the one it links
        inside = face[round(11 * mm):round(29 * mm), round(x0 * mm):round(x1 * mm)].reshape(-1, 3)
        assert (np.abs(inside - np.array((128, 0, 127))).max(axis=1) <= 3).mean() > 0.95, (x0, np.unique(inside, axis=0)[:5])


def test_a_half_opaque_icon_in_a_translucent_colour_keeps_its_own_opacity_too(project):
    """An icon's shape drawn at half opacity (`fill-opacity="0.5"`), recoloured half-transparent red (`#ff000080`),
    shows a quarter of the red over the blue ground, about (64, 0, 191): the colour's alpha joins the shape's own, as
    an SVG viewer composes them; never the colour's half alone, (128, 0, 127)."""
    import numpy as np

    (project / "templates/tiny/icons").mkdir()
    (project / "templates/tiny/icons/veil.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#000000" fill-opacity="0.5"/></svg>',
        encoding="utf-8")
    face = _face_over_blue(project, '{{ icon("veil", 10, 10, 40, color="#ff000080") }}\n')
    mm = PX_PER_MM
    inside = face[round(12 * mm):round(48 * mm), round(12 * mm):round(48 * mm)].reshape(-1, 3)
    quarter = np.array((64, 0, 191))  # 0x80 / 255 × 0.5 of red over blue
    assert (np.abs(inside - quarter).max(axis=1) <= 3).mean() > 0.95, np.unique(inside, axis=0)[:5]


def test_an_icon_drawn_in_lines_in_a_translucent_colour_has_see_through_strokes(project):
    """An icon drawn in strokes alone (a 4-unit line, `fill="none"` as line art is drawn), recoloured half-transparent
    red (`#ff000080`) over a blue ground, shows the two mixed along its line, about (128, 0, 127), as a filled icon's
    shape does: a stroke takes the colour's alpha as a fill does, never the red itself."""
    import numpy as np

    (project / "templates/tiny/icons").mkdir()
    (project / "templates/tiny/icons/bar.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 5 H10" fill="none" stroke="#000000" stroke-width="4"/></svg>',
        encoding="utf-8")
    face = _face_over_blue(project, '{{ icon("bar", 10, 10, 40, color="#ff000080") }}\n')
    mm = PX_PER_MM
    line = face[round(24 * mm):round(36 * mm), round(12 * mm):round(48 * mm)].reshape(-1, 3)  # the line: 22 to 38 mm down
    assert (np.abs(line - np.array((128, 0, 127))).max(axis=1) <= 3).mean() > 0.95, np.unique(line, axis=0)[:5]


def test_a_card_sheet_of_drawn_icons_names_no_font_it_does_not_embed(project):
    """A print shop refuses a PDF naming a font it does not carry (an unembedded base-14 Helvetica, which a drawing
    library selects before each drawing): every font the tiny game's card sheet names, its icons' forms included, is
    embedded in it."""
    import pikepdf

    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    with pikepdf.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        fonts = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"
                 and obj.get("/Subtype") != "/CIDFontType2"]
        unembedded = [str(f.get("/BaseFont")) for f in fonts if "/FontDescriptor" not in f and "/DescendantFonts" not in f]
    assert fonts and not unembedded, unembedded



def test_an_icon_file_sized_by_no_length_is_one_error_at_its_file_not_a_crash(project):
    """`width="auto"` (SVG 2's own word, which an editor may write) is no length pnp's SVG reader can draw: the game is
    refused as it is read, one error at the icon's file saying what to write, where `pnp validate` crashed drawing the
    icon inline in the knight's text in the rulebook's card figure."""
    (project / "templates/icons").mkdir(parents=True)
    (project / "templates/icons/seal.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="auto" height="auto"><rect width="10" height="10"/></svg>\n', encoding="utf-8")
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("gain :star:.", "gain :seal:."), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    found = [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]
    assert result.exit_code == 1 and "internal error" not in result.output + result.stderr, result.output + result.stderr
    assert found == ['templates/icons/seal.svg: error: icon file templates/icons/seal.svg has width="auto" on its <svg>, not a length pnp can '
                     "draw: write one number, with a unit if it has one (10, 2.5mm, 50%)"], found
