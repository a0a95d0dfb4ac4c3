"""No playtest stamp on a vendor's file unless the designer asks (issue #98, item 2): a print run for sale carries no
"v2.3 · 3F9A" on its cards. The stamps are read back from the written PDFs' text, the generic offset file included."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from conftest import run_pnp

VERSION = "v2.3 · "  # a stamp's text begins with the game's version (the stamp's own format: version, a dot, the card's code)


def _texts(pdf) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


@pytest.fixture
def stamped(project):
    """The test project with its stamps on, at version 2.3."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("stamps: false", "stamps: true", 1) + 'version: "2.3"\n', encoding="utf-8")
    return project


@pytest.mark.parametrize("target, folder", [(("--vendor", "offset"), "vendor-offset"), (("--vendor", "drivethrucards"), "vendor-drivethrucards"),
                                            (("--format", "pod"), "pod")], ids=["offset", "drivethrucards", "pod"])
def test_a_vendors_cards_carry_no_stamp_unless_asked_with_stamps(stamped, target, folder):
    """The print-on-demand format too: its files are a print run a shop sells."""
    result = run_pnp(stamped, "export", "tiny", *target, "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    (pdf,) = (stamped / f"output/tiny/{folder}").glob("*.pdf")
    texts = _texts(pdf)
    assert texts and any("Knight" in t for t in texts)  # the fronts' own words are there: the text is read
    assert not [t for t in texts if VERSION in t]
    asked = run_pnp(stamped, "export", "tiny", *target, "--deck", "heroes", "--stamps")
    assert asked.exit_code == 0, asked.output + asked.stderr
    fronts = [t for t in _texts(pdf) if "Knight" in t or "Rogue" in t or "Mage" in t]
    assert fronts and all(VERSION in t for t in fronts)


def test_format_pngs_cards_carry_no_stamp_unless_asked_and_then_in_their_lower_left_corner(stamped):
    """`--format png` is for print services too: its fronts print the game's stamp only with --stamps, and then where the
    stamp goes by default (docs/editions.md: the lower left corner, its box 3.5 mm in from the cut on both sides, 5 pt
    type), all else of the image unchanged. Read from the knight's front image with and without the flag, at 150 dpi."""
    from PIL import Image, ImageChops

    fronts = {}
    for flag in ((), ("--stamps",)):
        result = run_pnp(stamped, "export", "tiny", "--format", "png", "--deck", "heroes", "--dpi", "150", *flag)
        assert result.exit_code == 0, result.output + result.stderr
        fronts[flag] = Image.open(stamped / "output/tiny/png/cards/heroes/heroes-knight-1-front.png").convert("RGB")
    plain, asked = fronts[()], fronts[("--stamps",)]
    box = ImageChops.difference(plain, asked).getbbox()
    assert box is not None, "--stamps printed no stamp, or the stamp is printed without it"
    px, bleed = 150 / 25.4, 25.4 / 8
    left, right = box[0] / px - bleed, box[2] / px - bleed
    above_cut = (plain.height / px - bleed - box[3] / px, plain.height / px - bleed - box[1] / px)  # its foot and top, mm above the cut
    assert left >= 3.5 - 0.2 and above_cut[0] >= 3.5 - 0.2, (left, above_cut)
    assert right < 63.5 / 2 and above_cut[1] < 3.5 + 5 * 25.4 / 72 + 1, (right, above_cut)  # one line of 5 pt type in the corner


@pytest.mark.parametrize("fmt, taken", [("png", True), ("all", True), ("tts", False)])
def test_stamps_is_taken_by_the_formats_a_print_service_prints_and_refused_by_the_others(project, fmt, taken):
    """Asked with a deck the game has not, the export stops at once: at that deck where --stamps is taken (png, pod
    and all, which holds them), at --stamps where no print service prints the format (a table keeps the game's own
    stamps)."""
    result = run_pnp(project, "export", "tiny", "--format", fmt, "--stamps", "--deck", "nosuch")
    shown = result.output + result.stderr
    assert result.exit_code != 0 and ("no deck 'nosuch'" in shown) == taken and ("--stamps asks" in shown) != taken, shown


def _glyph_span(chars: str) -> float:
    """The height, in ems, from the lowest to the highest point of `chars` in Noto Sans (the tiny game's body font), as
    its font file draws them."""
    from conftest import ROOT
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    font = TTFont(ROOT / "fonts/noto/NotoSans-Regular.ttf")
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    bounds = []
    for char in chars:
        pen = BoundsPen(glyphs)
        glyphs[cmap[ord(char)]].draw(pen)
        bounds.append(pen.bounds)
    return (max(b[3] for b in bounds) - min(b[1] for b in bounds)) / font["head"].unitsPerEm


def _stamp_ink(pdf, page: int, bleed: float) -> tuple[float, float, float]:
    """The stamp's ink in a bottom-left corner of a front (the stamp's own corner, left of the card's number), read
    from a 600 dpi raster: (its left edge, its bottom edge, in mm from the trim; the height of its left quarter, 'v2.',
    in mm). The card's frame must be left off: its ink would be taken for the stamp's, and it would keep the stamp off
    its corner, so that no safe zone is seen at work."""
    from conftest import render_page

    dpi = 600
    grey = render_page(pdf, page, dpi=dpi).convert("L")
    px = dpi / 25.4
    x0, x1 = round((bleed + 1) * px), round((bleed + 30) * px)
    y1, y0 = grey.height - round((bleed + 1) * px), grey.height - round((bleed + 10) * px)
    dark = [(x, y) for x in range(x0, x1) for y in range(y0, y1) if grey.getpixel((x, y)) < 128]
    assert dark, "no stamp in the front's bottom-left corner"
    left, right = min(x for x, _ in dark), max(x for x, _ in dark)
    quarter = [y for x, y in dark if x <= left + (right - left) / 4]
    trim_bottom = grey.height - bleed * px
    return (left / px - bleed, (trim_bottom - max(y for _, y in dark)) / px, (max(quarter) - min(quarter) + 1) / px)


def test_mbprints_stamp_is_set_at_its_6_pt_smallest_type_inside_its_4_mm_safe_zone(stamped):
    """MBPrint prints no text under 6 pt and keeps 4 mm from the cut (its record's numbers): a playtest copy's stamp,
    asked with --stamps, is set at 6 pt, not pnp's own 5 pt, and lies wholly 4 mm inside the trim. Its text is outlines
    in MBPrint's file, so it is measured as printed: 'v2.' at 6 pt spans Noto Sans's '2' top to '.' foot, 6 pt × that."""
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    frame = stamped / "templates/tiny/frame.j2"
    frame.write_text("".join(line for line in frame.read_text(encoding="utf-8").splitlines(True) if 'stroke="ink"' not in line), encoding="utf-8")
    result = run_pnp(stamped, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes", "--stamps")
    assert result.exit_code == 0 and "error" not in result.output, result.output + result.stderr
    (pdf,) = (stamped / "output/tiny/vendor-mbprint").glob("*.pdf")
    for front in (0, 2 * 6):  # the first knight and the first rogue, fronts of the file's front-back pairs
        left, bottom, height = _stamp_ink(pdf, front, bleed=3.0)
        assert left >= 4.0 and bottom >= 4.0, (left, bottom)
        assert height == pytest.approx(6 * 25.4 / 72 * _glyph_span("2."), abs=0.1)



def test_a_stamp_reaching_below_its_line_keeps_its_descenders_inside_mbprints_safe_zone(stamped):
    """A version of letters that hang below the line ('gyp') is measured at the stamp's 6 pt, descenders and all: its
    box keeps 0.5 mm past MBPrint's 4 mm safe line (as pnp keeps its own stamp 3.5 mm from the trim, 0.5 past its 3 mm),
    and the 'y' foot lies at the box's foot. A glyph's room counts 0.2 em below its line (as every text's ink is
    measured), where Noto Sans's 'y' reaches 0.24 em: at 6 pt that is 0.085 mm nearer the trim, inside 0.1."""
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    game = stamped / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('version: "2.3"', 'version: "gyp"'), encoding="utf-8")
    frame = stamped / "templates/tiny/frame.j2"
    frame.write_text("".join(line for line in frame.read_text(encoding="utf-8").splitlines(True) if 'stroke="ink"' not in line), encoding="utf-8")
    result = run_pnp(stamped, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes", "--stamps")
    assert result.exit_code == 0 and "error" not in result.output, result.output + result.stderr
    (pdf,) = (stamped / "output/tiny/vendor-mbprint").glob("*.pdf")
    left, bottom, _ = _stamp_ink(pdf, 0, bleed=3.0)
    assert left >= 4.0 and bottom == pytest.approx(4.5, abs=0.1), (left, bottom)

def test_a_stamp_with_no_room_at_a_vendors_smallest_type_is_left_off_and_said_once_with_its_size(stamped):
    """A poker deck whose stamp keeps 25 mm from the trim leaves it a strip 13.5 mm wide (63.5 − 2 × 25): room for the
    stamp at pnp's 5 pt, none at MBPrint's 6 pt. MBPrint's fronts go without it, the file is still written, and the deck
    gets one warning at its `front:` line (what the stamp lies on) naming the size the stamp needed (pnp's own sheets keep their stamps)."""
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    deck = stamped / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: poker\nstamp_inset: 25", 1), encoding="utf-8")
    result = run_pnp(stamped, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes", "--stamps")
    assert result.exit_code == 0, result.output + result.stderr
    said = [line for line in result.output.splitlines() if "no room for its version stamp" in line]
    assert len(said) == 1 and "heroes.yaml:4:" in said[0] and "6 pt" in said[0], result.output
    assert list((stamped / "output/tiny/vendor-mbprint").glob("*.pdf"))
