"""`pnp serve` as a layout aid, in headless Chromium: a millimetre readout under the pointer, a 5 mm grid, and the
colour-vision views beside greyscale, each showing what pnp's own colour checks compute."""
from __future__ import annotations

import io

import pytest
from test_serve import _no_network, browser, open_page, shared_browser, shared_server  # noqa: F401 (fixtures)

POKER = (63.5, 88.9)  # mm, trim
BLEED = 3.0  # mm each side, as the page shows a face
FRONT = '.tile[data-key="deck:heroes:knight"] .frame[data-side="front"]'


def _frame(driver):
    return driver.find_element("css selector", FRONT)


def _px_per_mm(driver) -> float:
    return driver.execute_script("return arguments[0].getBoundingClientRect().width", _frame(driver)) / (POKER[0] + 2 * BLEED)


def test_the_readout_under_the_pointer_gives_millimetres_from_the_trim_corner(browser, shared_server):  # noqa: F811
    """Three places on one page: two on the card, one in the bleed (which the readout names)."""
    from selenium.webdriver.common.action_chains import ActionChains

    open_page(browser, shared_server)
    frame = _frame(browser)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    ppm = _px_per_mm(browser)
    for at in ((10.0, 20.0), (50.0, 80.0), (-2.0, 5.0)):
        # Selenium offsets from the element's centre, in CSS pixels
        dx = (at[0] + BLEED - (POKER[0] + 2 * BLEED) / 2) * ppm
        dy = (at[1] + BLEED - (POKER[1] + 2 * BLEED) / 2) * ppm
        ActionChains(browser).move_to_element_with_offset(frame, round(dx), round(dy)).perform()
        readout = browser.find_element("id", "readout")
        assert readout.is_displayed(), at
        shown = (float(readout.get_attribute("data-x")), float(readout.get_attribute("data-y")))
        assert shown == pytest.approx(at, abs=1.5 / ppm), at  # within a pixel and a half of where the pointer went
        assert readout.text.startswith(f"x {shown[0]:.1f} mm, y {shown[1]:.1f} mm"), (at, readout.text)
        assert ("in the bleed" in readout.text) == (at[0] < 0), (at, readout.text)


def test_the_grid_is_off_until_asked_and_then_lines_every_5_mm_from_the_trim_corner(browser, shared_server):  # noqa: F811
    open_page(browser, shared_server)
    grid = _frame(browser).find_element("css selector", ".mm-grid")
    assert not grid.is_displayed()
    browser.find_element("id", "ov-grid").click()
    assert grid.is_displayed()
    box = browser.execute_script("""
        const f = arguments[0].getBoundingClientRect(), g = arguments[1].getBoundingClientRect(), s = getComputedStyle(arguments[1]);
        return {fl: f.left, ft: f.top, fw: f.width, gl: g.left, gt: g.top, gw: g.width, gh: g.height, size: s.backgroundSize};
    """, _frame(browser), grid)
    ppm = box["fw"] / (POKER[0] + 2 * BLEED)
    assert (box["gl"] - box["fl"], box["gt"] - box["ft"]) == pytest.approx((BLEED * ppm, BLEED * ppm), abs=1)  # starts at the trim corner
    assert (box["gw"], box["gh"]) == pytest.approx((POKER[0] * ppm, POKER[1] * ppm), abs=1)
    cell_w, cell_h = (float(v.rstrip("%")) / 100 for v in box["size"].split(",")[0].split())  # each of the two line layers
    assert (cell_w * box["gw"], cell_h * box["gh"]) == pytest.approx((5 * ppm, 5 * ppm), rel=0.01)  # a cell is 5 mm square
    safe = _frame(browser).find_element("css selector", ".safe")
    browser.find_element("id", "ov-safe").click()
    assert safe.is_displayed()


def _flat_colours(png: bytes, how_many: int = 8) -> list[tuple[tuple[int, int, int], tuple[int, int]]]:
    """The most common colours of a screenshot (flat areas, not antialiased edges), each with one pixel where it is: the
    first, row by row, whose neighbours two pixels away on every side have its colour too."""
    import numpy as np
    from PIL import Image

    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    h, w = image.shape[:2]
    colours, counts = np.unique(image.reshape(-1, 3), axis=0, return_counts=True)
    out = []
    for index in np.argsort(-counts, kind="stable")[:how_many]:
        colour = tuple(int(c) for c in colours[index])
        same = (image == colours[index]).all(axis=2)
        flat = np.ones((h - 4, w - 4), dtype=bool)
        for i in (-2, 0, 2):
            for j in (-2, 0, 2):
                flat &= same[2 + j:h - 2 + j, 2 + i:w - 2 + i]
        found = np.argwhere(flat)
        if len(found):  # inside a flat area, away from any edge the two drawings may smooth differently
            y, x = found[0]
            out.append((colour, (int(x) + 2, int(y) + 2)))
    return out


def test_each_colour_vision_view_shows_the_colours_the_checks_compute(browser, shared_server):  # noqa: F811
    """Deutan, protan and tritan, one after the other on one page: each view shows every flat colour of a face as
    pnp's own simulation of that vision computes it."""
    from PIL import Image
    from selenium.webdriver.support.ui import Select

    from pnp.core.colour import hex_of, rgb, simulate

    open_page(browser, shared_server)
    choices = [o.get_attribute("value") for o in Select(browser.find_element("id", "simulation")).options]
    assert {"greyscale", "deutan", "protan", "tritan"} <= set(choices)
    browser.find_element("id", "ov-trim").click()  # the face alone: no outline over it
    frame = _frame(browser)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    before = _flat_colours(frame.screenshot_as_png)
    assert len(before) >= 2  # the paper and the red band at least
    for vision in ("deutan", "protan", "tritan"):
        Select(browser.find_element("id", "simulation")).select_by_value(vision)
        after = Image.open(io.BytesIO(frame.screenshot_as_png)).convert("RGB")
        changed = 0
        for colour, where in before:
            expected = rgb(simulate(hex_of(c / 255 for c in colour), vision))
            shown = after.getpixel(where)
            assert all(abs(s - e * 255) <= 10 for s, e in zip(shown, expected, strict=True)), (vision, colour, shown, [round(e * 255) for e in expected])
            changed += shown != colour
        assert changed, f"the {vision} view changed no colour of the card"
