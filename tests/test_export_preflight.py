"""What the export's preflight refuses before a file is written (pnp.targets.preflight), at the limits the outside
world sets: Tabletop Simulator loads no texture of 4096 px or more a side, and a custom deck's sheet holds at most
10 columns and 7 rows of cards (its own deck-builder's grid). The images are made here, a few pixels high, and
checked by the documented functions the exporters call."""
from __future__ import annotations

import io

import pytest
from PIL import Image


def _png(size: tuple[int, int], mode: str = "RGB") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, size).save(buf, format="PNG")
    return buf.getvalue()


@pytest.mark.parametrize("width, refused", [(4095, False), (4096, True)])
def test_a_tts_sheet_must_be_under_4096_px_a_side(width, refused):
    from pnp.targets.preflight import check_tts_sheet

    found = check_tts_sheet(_png((width, 8)), "deck-1.png", 1, 1, (width, 8))
    assert [f.code for f in found] == (["tts-size"] if refused else []), found
    if refused:
        assert "4096 × 8 px" in found[0].message and str(found[0].loc) == "deck-1.png"


@pytest.mark.parametrize("columns, rows, refused", [(10, 7, False), (11, 7, True), (10, 8, True), (7, 10, True)])
def test_a_tts_sheet_holds_at_most_10_columns_and_7_rows(columns, rows, refused):
    from pnp.targets.preflight import check_tts_sheet

    found = check_tts_sheet(_png((columns * 4, rows * 6)), "deck-1.png", columns, rows, (4, 6))
    assert [f.code for f in found] == (["tts-grid"] if refused else []), found
    if refused:
        assert f"{columns} × {rows} grid" in found[0].message


@pytest.mark.parametrize("width, refused", [(4095, False), (4096, True)])
def test_a_tts_board_or_token_image_must_be_under_4096_px_a_side(width, refused):
    from pnp.targets.preflight import check_tts_image

    found = check_tts_image(_png((width, 8)), "board.png", (width, 8))
    assert [f.code for f in found] == (["tts-size"] if refused else []), found


def _card_with_picture(mode: str) -> bytes:
    """A poker card with 1/8 in bleed and the boxes a print service asks for, a CMYK fill and one picture in `mode`."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    k = 72 / 25.4
    w, h, b = (63.5 + 6.35) * k, (88.9 + 6.35) * k, 3.175 * k
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1)
    c.setTrimBox((b, b, w - b, h - b))
    c.setBleedBox((0, 0, w, h))
    c.setFillColorCMYK(0, 0, 0, 0.2)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.drawImage(ImageReader(Image.new(mode, (8, 8), "white" if mode == "RGB" else (0, 0, 0, 0))), b, b, 20, 20)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_print_on_demand_file_with_an_rgb_picture_is_refused_and_a_cmyk_one_passes():
    """DriveThruCards and The Game Crafter print from CMYK files: an RGB picture is converted by their RIP, its colours shifting."""
    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import POD

    poker = Expect(page_mm=(69.85, 95.25), trim_mm=(63.5, 88.9), pages=(0,))
    rgb = check_file(POD, _card_with_picture("RGB"), "cards.pdf", poker)
    assert [f.message for f in rgb if f.code == "vendor-colour"] == [
        "image in colour space /DeviceRGB found 1×: the print file must be CMYK only, without transparency"], rgb
    cmyk = check_file(POD, _card_with_picture("CMYK"), "cards.pdf", poker)
    assert not [f for f in cmyk if f.code == "vendor-colour"], cmyk
