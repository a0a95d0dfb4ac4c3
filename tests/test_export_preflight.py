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


def _image(size: tuple[int, int], mode: str = "RGB", fmt: str = "PNG") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, size).save(buf, format=fmt)
    return buf.getvalue()


def _said(found) -> list[tuple[str, str, str, str]]:
    """Each finding as a user reads it: its severity, code, words and the file it names."""
    return [(f.severity, f.code, f.message, str(f.loc)) for f in found]


@pytest.mark.parametrize("image, size, alpha, expected", [
    (_image((10, 14)), (10, 14), False, []),
    (_image((10, 14), "RGBA"), (10, 14), True, []),  # a token cut by its transparency
    (_image((10, 14), "RGB", "JPEG"), (10, 14), False, [("tts-format", "is JPEG, expected PNG")]),
    (_image((10, 14)), (10, 14), True, [("tts-colour", "colour mode is RGB, expected RGBA")]),
    (_image((10, 14), "RGBA"), (10, 14), False, [("tts-colour", "colour mode is RGBA, expected RGB")]),
    (_image((6, 8)), (10, 14), False, [("tts-size", "is 6 × 8 px, expected 10 × 14 px")]),
    (_image((8, 4096)), (8, 4096), False, [("tts-size", "is 8 × 4096 px; Tabletop Simulator needs each side under 4096 px")]),
], ids=["png", "cut-token", "jpeg", "rgb-for-a-cut-token", "rgba", "size", "tall"])
def test_a_tts_image_off_its_format_mode_or_size_is_one_error_naming_the_file_what_it_is_and_what_was_asked(image, size, alpha, expected):
    """Tabletop Simulator's board and token images are PNG, RGB (RGBA for a token cut by its transparency) and under
    4096 px a side: each way one is off is one error at the image's file, saying what it is and what was asked."""
    from pnp.targets.preflight import check_tts_image

    assert _said(check_tts_image(image, "tts/coin.png", size, alpha)) == [("error", code, words, "tts/coin.png") for code, words in expected]


@pytest.mark.parametrize("image, grid, expected", [
    (_image((8, 18)), (2, 3), []),
    (_image((8, 18), "RGBA"), (2, 3), [("tts-colour", "colour mode is RGBA; Tabletop Simulator sheets must be RGB")]),
    (_image((9, 18)), (2, 3), [("tts-grid", "is 9 × 18 px, not 2 × 3 cells of 4 × 6 px")]),
    (_image((8, 4096)), (2, 1), [("tts-size", "is 8 × 4096 px; Tabletop Simulator needs each side under 4096 px"),
                                 ("tts-grid", "is 8 × 4096 px, not 2 × 1 cells of 4 × 6 px")]),
    (_image((0 + 4, 6)), (1, 0), [("tts-grid", "has a 1 × 0 grid; at most 10 × 7"), ("tts-grid", "is 4 × 6 px, not 1 × 0 cells of 4 × 6 px")]),
], ids=["whole", "rgba", "off-its-cells", "tall", "no-rows"])
def test_a_tts_deck_sheet_off_its_mode_size_or_cells_is_an_error_naming_the_file_and_its_grid(image, grid, expected):
    """A deck sheet holds its cards' cells exactly (here cells of 4 × 6 px), in RGB, under 4096 px a side, in a grid
    of 1–10 columns and 1–7 rows: each way it is off is an error at the sheet's file."""
    from pnp.targets.preflight import check_tts_sheet

    assert _said(check_tts_sheet(image, "tts/deck-1.png", *grid, (4, 6))) == [("error", code, words, "tts/deck-1.png") for code, words in expected]


def test_a_print_shops_image_that_is_no_image_is_one_error_at_its_file():
    """Bytes no image reader opens are one error naming the file, never pnp's internal error."""
    from pnp.targets.preflight import check_png

    (found,) = check_png(b"not a picture", "cards/hero.png", (825, 1125), 300)
    assert (found.severity, found.code, str(found.loc)) == ("error", "export-image", "cards/hero.png")
    assert found.message.startswith("not a readable image: ")


def test_a_print_shops_card_image_off_every_number_says_each_at_its_file():
    """A card image for a 300 dpi shop that is a CMYK JPEG of 600 × 800 px saying no dpi, where 825 × 1125 px were asked:
    an error for its format, its colour mode and its size, and a warning for its dpi, each at the image's file."""
    from pnp.targets.preflight import check_png

    buf = io.BytesIO()
    Image.new("CMYK", (600, 800)).save(buf, format="JPEG")
    assert _said(check_png(buf.getvalue(), "cards/hero.png", (825, 1125), 300)) == [
        ("error", "export-format", "is JPEG, expected PNG", "cards/hero.png"),
        ("error", "export-colour", "colour mode is CMYK; print services ask for RGB", "cards/hero.png"),
        ("error", "export-size", "is 600 × 800 px, expected 825 × 1125 px", "cards/hero.png"),
        ("warning", "export-dpi", "does not say 300 dpi in its metadata", "cards/hero.png")]
