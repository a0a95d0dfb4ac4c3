"""Words an SVG icon sets, and words in an SVG file an icon links to (`<image href="parts/words.svg"/>`, `<use href="parts/defs.svg#w"/>`) print as the
icon's own words do (docs/getting-started.md): in the project's family the SVG names, or in the bundled stand-in for a family the
project lacks, every font embedded in the PDF (a shop's preflight refuses a file with one that is not), and the stand-in
warned of at the linked file's element that names the family. An icon's own text in a font the project lacks is warned
of once, at the first element naming it; one in a CSS generic family, or whose nearest declaration is one, or in a
family fonts.yaml names however it is spelt, is not.

Expected fonts are read from the bundled font files themselves (their PostScript names, what a PDF calls them) and
from the PDF as a reader opens it (pikepdf for the embedding, pdfplumber for which font sets which words)."""
from __future__ import annotations

import pdfplumber
from conftest import ROOT, quick_findings, run_pnp
from reportlab.pdfbase.ttfonts import TTFontFile

from pnp.core.assets import BUNDLED_FONTS

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20" width="40" height="20">\n'
        '<image x="0" y="0" width="40" height="10" xlink:href="parts/words.svg"/>\n'
        '<use x="0" y="10" xlink:href="parts/defs.svg#w"/>\n'
        '</svg>\n')
WORDS = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 10" width="40" height="10">\n'
         '<text x="1" y="8" font-size="4" font-family="Noto Serif">Serifed</text>\n'
         '<image x="20" y="0" width="20" height="10" xlink:href="deeper.svg"/>\n'
         '</svg>\n')
DEEPER = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10">\n'
          '<text x="1" y="8" font-size="4" font-family="Comfortaa">Deeper</text>\n'
          '</svg>\n')
DEFS = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10" width="40" height="10">\n'
        '<defs>\n'
        '  <g id="w"><text x="1" y="8" font-size="4" font-family="Nowhere Grotesk">Stranded</text></g>\n'
        '</defs>\n'
        '</svg>\n')


def _postscript_name(file: str) -> str:
    return TTFontFile(str(BUNDLED_FONTS / file)).name.decode()


def _fonts_of_words(pdf, *words: str) -> dict[str, set[str]]:
    """The fonts (subset tags dropped) the characters of each of `words` are set in, on any page."""
    found: dict[str, set[str]] = {w: set() for w in words}
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            line = "".join(c["text"] for c in page.chars)
            for word in words:
                start = line.find(word)
                while start != -1:
                    found[word] |= {c["fontname"].partition("+")[2] or c["fontname"] for c in page.chars[start:start + len(word)]}
                    start = line.find(word, start + 1)
    return found


def _unembedded(pdf) -> list[str]:
    """The fonts any page or form of the PDF uses without embedding their glyphs (what `pdffonts` lists with emb 'no')."""
    import pikepdf
    from pdfread import resource_dicts

    found = []
    with pikepdf.open(pdf) as doc:
        for res in resource_dicts(doc):
            for font in (res.get("/Font") or {}).values():
                described = font.DescendantFonts[0] if font.get("/Subtype") == "/Type0" else font
                descriptor = described.get("/FontDescriptor")
                if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    found.append(str(font.get("/BaseFont")))
    return found



def _heroes_with_the_seal(project):
    """The tiny game's card sheets with the `seal` icon on every hero (40 × 20 mm): (the PDF built, what the build said)."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("seal", 10, 50, w=40, h=20) }}\n{% endblock %}'),
                    encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    return project / "output/tiny/tiny-cards.pdf", result.output

def test_words_of_svg_files_an_icon_links_print_in_the_projects_fonts_all_embedded(project):
    """The seal shows parts/words.svg (its words in Noto Serif, a family the project has, and parts/deeper.svg, its words
    in Comfortaa) and a group of parts/defs.svg (its words in Nowhere Grotesk, which it lacks): they print in
    NotoSerif-Regular, Comfortaa-Regular and the bundled stand-in NotoSans-Regular, no font of the cards' PDF is left out of it, and the stand-in is one warning at the
    <text> of defs.svg that names the family, as an icon's own words get."""
    icons = project / "templates/icons"
    (icons / "parts").mkdir(parents=True)
    (icons / "seal.svg").write_text(ICON, encoding="utf-8")
    (icons / "parts/words.svg").write_text(WORDS, encoding="utf-8")
    (icons / "parts/defs.svg").write_text(DEFS, encoding="utf-8")
    (icons / "parts/deeper.svg").write_text(DEEPER, encoding="utf-8")
    pdf, said = _heroes_with_the_seal(project)
    assert _unembedded(pdf) == []
    assert _fonts_of_words(pdf, "Serifed", "Deeper", "Stranded") == {"Serifed": {_postscript_name("noto/NotoSerif-Regular.ttf")},
                                                                     "Deeper": {_postscript_name("comfortaa/Comfortaa-Regular.ttf")},
                                                                     "Stranded": {_postscript_name("noto/NotoSans-Regular.ttf")}}
    warned = [line for line in said.splitlines() if ": warning: " in line and "Nowhere Grotesk" in line]
    line = DEFS.splitlines()[2]  # the <text> naming the family, as an editor counts its place
    assert warned == [f"templates/icons/parts/defs.svg:3:{line.index('<text') + 1}: warning: this icon's text is in font 'Nowhere Grotesk', which the project does not "
                      "have, so it is drawn in noto-sans: add the font's .ttf to fonts/ as family 'Nowhere Grotesk' of fonts/fonts.yaml, or "
                      "turn the text into paths in your SVG editor"], said


def test_an_svg_file_an_icon_links_is_held_to_an_icons_limits_at_its_own_name(project):
    """docs/limits.md: an SVG file an icon links to is checked as an icon file is. parts/words.svg cut off mid-element
    is one error naming that file (svglib would read what it could of it), and the game writes nothing."""
    icons = project / "templates/icons"
    (icons / "parts").mkdir(parents=True)
    (icons / "seal.svg").write_text(ICON, encoding="utf-8")
    (icons / "parts/words.svg").write_text(WORDS[:WORDS.index("Serifed")], encoding="utf-8")
    (icons / "parts/defs.svg").write_text(DEFS, encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("templates/icons/parts/words.svg:"), errors  # at the XML mistake's line and column in it
    assert ": error: icon file templates/icons/parts/words.svg is not valid SVG" in errors[0], errors


AN_ICON_OF = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n{}\n</svg>\n'  # an icon drawing what is given


def test_an_icons_text_is_warned_of_once_only_when_its_nearest_font_is_one_the_project_lacks(project):
    """An icon's text in a font the project does not have is warned of once, at the first element naming it; text in
    a CSS generic family (serif), or whose nearest declaration is one (a sans-serif text in an Aldrich group), or in a
    family fonts.yaml names however it is spelt (my_font as 'My Font'), is not warned of."""
    icons = project / "templates/tiny/icons"
    icons.mkdir()
    (icons / "generic.svg").write_text(AN_ICON_OF.format('<text x="1" y="5" font-family="serif">A</text>'), encoding="utf-8")
    (icons / "nearest.svg").write_text(AN_ICON_OF.format('<g font-family="Aldrich">\n<text x="1" y="5" font-family="sans-serif">A</text>\n</g>\n'
                                                         '<text x="1" y="8" style="font-family: Aldrich">B</text>\n'
                                                         '<text x="1" y="9" font-family="Aldrich">C</text>'), encoding="utf-8")
    (icons / "own.svg").write_text(AN_ICON_OF.format('<text x="1" y="5" font-family="\'My Font\'">A</text>'), encoding="utf-8")
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  my_font:\n    regular: Mine.ttf\n", encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 0 and len(found) == 1, found
    assert found[0].startswith("templates/tiny/icons/nearest.svg:5:1: warning: this icon's text is in font 'Aldrich'"), found


OWN_WORDS = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20">\n'
             '<text x="1" y="6" font-size="4" font-family="serif">Serifed</text>\n'
             '<text x="1" y="12" font-size="4" font-family="sans-serif" font-weight="600">Semibold</text>\n'
             '<text x="1" y="18" font-size="4" font-family="sans-serif" font-style="oblique">Oblique</text>\n'
             '</svg>\n')


def test_an_icons_words_print_in_the_generic_family_weight_and_style_they_name(project):
    """An icon's `serif` words print in the bundled serif (Noto Serif), not the sans-serif stand-in; weight 600 prints
    bold where the family has 400 and 700 alone (CSS Fonts 3, font matching: a weight over 500 takes the nearest heavier
    face); `oblique` prints in the italic face."""
    icons = project / "templates/icons"
    icons.mkdir(parents=True)
    (icons / "seal.svg").write_text(OWN_WORDS, encoding="utf-8")
    pdf, _ = _heroes_with_the_seal(project)
    assert _fonts_of_words(pdf, "Serifed", "Semibold", "Oblique") == {"Serifed": {_postscript_name("noto/NotoSerif-Regular.ttf")},
                                                                      "Semibold": {_postscript_name("noto/NotoSans-Bold.ttf")},
                                                                      "Oblique": {_postscript_name("noto/NotoSans-Italic.ttf")}}


def test_an_icons_missing_font_is_warned_at_the_column_its_element_starts(project):
    """The warning's place is the element naming the font as an editor shows it: the <text> indented four spaces
    inside a group, on the file's third line, is at 3:5."""
    icons = project / "templates/tiny/icons"
    icons.mkdir()
    (icons / "indented.svg").write_text(AN_ICON_OF.format('<g>\n    <text x="1" y="5" font-family="Aldrich">A</text>\n</g>'), encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 0 and len(found) == 1, found
    assert found[0].startswith("templates/tiny/icons/indented.svg:3:5: warning: this icon's text is in font 'Aldrich'"), found


def test_a_style_sheets_font_is_warned_of_only_in_an_icon_that_sets_text(project):
    """A <style> naming a font the project lacks draws nothing in an icon of shapes alone (an editor's export keeps its
    sheet): no warning; in an icon with words, one warning at the <style> element (2:1), the sheet's place."""
    icons = project / "templates/tiny/icons"
    icons.mkdir()
    sheet = '<style>text { font-family: Aldrich }</style>\n'
    (icons / "shapes.svg").write_text(AN_ICON_OF.format(sheet + '<rect width="10" height="10"/>'), encoding="utf-8")
    (icons / "words.svg").write_text(AN_ICON_OF.format(sheet + '<text x="1" y="5">A</text>'), encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 0 and len(found) == 1, found
    assert found[0].startswith("templates/tiny/icons/words.svg:2:1: warning: this icon's text is in font 'Aldrich'"), found
