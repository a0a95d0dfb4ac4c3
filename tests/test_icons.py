"""Which icon a template's name finds (docs/getting-started.md): a game's own folder first, then the project's shared
templates/icons, then pnp's bundled set; read from the card sheet the build prints."""
from __future__ import annotations

import pytest
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


SEAL = "templates/icons/seal.svg"  # an icon file of the project's shared folder, which no face draws: held to its limits as the game is read


def seal_findings(project, svg: str) -> tuple[int, list[str]]:
    """`pnp validate tiny --quick` with templates/icons/seal.svg holding `svg`: its exit code and the lines it printed."""
    (project / "templates/icons").mkdir(parents=True, exist_ok=True)
    (project / SEAL).write_bytes(svg.encode("utf-8"))
    return quick_findings(project)


def test_an_icon_file_is_refused_only_past_its_two_million_byte_limit(project):
    """docs/limits.md: an SVG icon file may be 2,000,000 bytes. One of exactly that (a rectangle and a long comment)
    passes; one byte more is one error at the file, saying its size and the limit."""
    head, tail = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/><!--', "--></svg>"
    code, said = seal_findings(project, head + "x" * (2_000_000 - len(head) - len(tail)) + tail)
    assert (code, said) == (0, []), said
    code, said = seal_findings(project, head + "x" * (2_000_001 - len(head) - len(tail)) + tail)
    assert code == 1
    assert said == [f"{SEAL}: error: icon file {SEAL} is 2,000,001 bytes, over the 2,000,000 byte limit: simplify it (fewer points) "
                    "or export it smaller"], said


def test_an_icons_polygon_points_count_as_its_path_data(project):
    """docs/limits.md: an icon holds at most 1,000,000 characters of path data, `d` and `points` alike. Two polygons of
    600,000 characters of points each (a file of 1.2 MB, under the byte limit) are one error at the file."""
    polygon = '<polygon points="' + "1,1 " * 150_000 + '"/>'
    code, said = seal_findings(project, f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{polygon}{polygon}</svg>')
    assert code == 1
    assert said == [f"{SEAL}: error: icon file {SEAL} has more than 1,000,000 characters of path data: simplify it (fewer points)"], said


@pytest.mark.parametrize("sized, attribute, value", [
    ('viewBox="-1e300 -1e300 10 10"', "viewBox", "-1e300 -1e300 10 10"),  # far off to the left and up, not only large
    ('viewBox="0 0 10 10" width="1e300"', "width", "1e300"),  # its width, not its viewBox
    ('viewBox="0 0 nan nan"', "viewBox", "0 0 nan nan"),  # no number at all
])
def test_an_icon_of_no_ordinary_size_is_one_error_at_its_file(project, sized, attribute, value):
    """docs/limits.md: an icon's `viewBox`, `width` and `height` numbers stay within ±1,000,000 units; one past them, on
    either side or not a number, is one error at the file offering game-icons.net's ordinary viewBox."""
    code, said = seal_findings(project, f'<svg xmlns="http://www.w3.org/2000/svg" {sized}><rect width="5" height="5"/></svg>')
    assert code == 1
    assert said == [f'{SEAL}: error: icon file {SEAL} has {attribute}="{value}", beyond ±1,000,000 units: give it a viewBox of an '
                    "ordinary size (game-icons.net uses 0 0 512 512)"], said


def test_an_icons_style_rules_count_together_across_its_style_sheets(project):
    """docs/limits.md: an icon holds at most 500 style rules; two <style> sheets of 300 rules each are 600, one error."""
    sheet = "<style>" + "".join(f".c{i} {{fill: red}}" for i in range(300)) + "</style>"
    code, said = seal_findings(project, f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{sheet}{sheet}<rect width="5" height="5"/></svg>')
    assert code == 1
    assert said == [f"{SEAL}: error: icon file {SEAL} has more than 500 style rules: each is tried on every element, so simplify its "
                    "styles (an editor's 'optimised SVG' export merges them)"], said


def test_an_icons_embedded_images_count_together_however_many(project):
    """docs/limits.md: the images an icon embeds count together against 50,000,000 pixels. Three of 4500 × 4500 px
    (20,250,000 each, any two of them under the limit) are one error at the third, counting the two before it."""
    import base64
    import io

    from PIL import Image

    data = io.BytesIO()
    Image.new("1", (4500, 4500)).save(data, "PNG")
    image = f'<image width="5" height="5" xlink:href="data:image/png;base64,{base64.b64encode(data.getvalue()).decode()}"/>'
    code, said = seal_findings(project, '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                        f'viewBox="0 0 10 10">{image * 3}</svg>')
    assert code == 1
    assert said == [f"{SEAL}: error: icon file {SEAL}: the image it embeds claims 4500 × 4500 px, which with the 40,500,000 px of the "
                    "images before it passes the 50,000,000 px limit: scale it down"], said


def test_an_icon_nested_exactly_a_hundred_deep_is_read_and_one_deeper_refused(project):
    """docs/limits.md: an icon's elements may sit 100 deep. The <svg>, 98 groups and a rectangle are 100 elements inside
    each other and pass; a 99th group is one error at the file, telling the designer to ungroup."""
    def nested(groups: int) -> str:
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' + "<g>" * groups + '<rect width="5" height="5"/>' + "</g>" * groups + "</svg>"

    code, said = seal_findings(project, nested(98))
    assert (code, said) == (0, []), said
    code, said = seal_findings(project, nested(99))
    assert code == 1
    assert said == [f"{SEAL}: error: icon file {SEAL} nests elements over 100 deep: simplify it (ungroup the groups inside groups)"], said


def test_an_icon_sized_a_hundred_percent_as_editors_export_it_is_read(project):
    """Editors export an icon `width="100%" height="100%"` with its viewBox; a percentage is one of the lengths the
    refusal of `width="auto"` offers (`50%`), so the icon passes with nothing said."""
    code, said = seal_findings(project, '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 10 10">'
                                        '<rect width="10" height="10"/></svg>')
    assert (code, said) == (0, []), said


def test_an_icons_font_list_ending_in_a_generic_family_is_not_warned_of(project):
    """CSS's `font-family: Fancy, serif` falls back to serif, which pnp prints in its own serif: nothing is missing, so
    nothing is said (a lone `Fancy` is warned of: pnp has no such font)."""
    text = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5" font-size="2" font-family="{}">Seal</text></svg>'
    code, said = seal_findings(project, text.format("Fancy, serif"))
    assert (code, said) == (0, []), said
    code, said = seal_findings(project, text.format("Fancy"))
    assert code == 0 and len(said) == 1 and said[0].startswith(f"{SEAL}:1:61: warning: this icon's text is in font 'Fancy'"), said


def test_a_misspelt_icon_in_a_template_is_one_error_at_its_call_offering_the_icon_meant(project):
    """`icon("strr", …)` on the hero front: one error at the call's line and column, offering pnp's `star` (one letter
    off) and saying how to add an icon of that name."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("strr", 5, 5, 5) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert len(errors) == 1 and errors[0].startswith("templates/tiny/hero.j2:7:10: error: unknown icon 'strr' (did you mean 'star'?): "
                                                     "add templates/icons/strr.svg"), errors


def test_an_icon_holding_a_group_scaled_to_nothing_prints_the_rest_of_its_drawing(project):
    """An editor may leave a group collapsed to `scale(0)` in an SVG (SVG 1.1: a singular transform draws nothing,
    no error). Its stroked square prints nothing; the icon's circle prints, by `pnp build` and with `--ink-saver`
    drawing its back's icon in outline, and neither stops with a traceback."""
    icons = project / "templates/tiny/icons"
    icons.mkdir(exist_ok=True)
    (icons / "collapsed.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#000000"/>'
        '<g transform="scale(0)"><rect x="1" y="1" width="8" height="8" fill="none" stroke="#ff00ff" stroke-width="1"/></g></svg>',
        encoding="utf-8")
    with (project / "templates/tiny/back.j2").open("a", encoding="utf-8") as back:
        back.write('\n{{ icon("collapsed", 20, 30, 20, color="#ffffff") }}\n')
    for extra in ((), ("--ink-saver",)):
        result = run_pnp(project, "build", "--only", "cards", "tiny", *extra)
        assert result.exit_code == 0 and "Traceback" not in result.output + result.stderr, result.output + result.stderr
