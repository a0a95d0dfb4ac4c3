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


@pytest.mark.parametrize("vendor", ["offset", "drivethrucards"])
def test_a_vendors_cards_carry_no_stamp_unless_asked_with_stamps(stamped, vendor):
    result = run_pnp(stamped, "export", "tiny", "--vendor", vendor, "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    (pdf,) = (stamped / f"output/tiny/vendor-{vendor}").glob("*.pdf")
    texts = _texts(pdf)
    assert texts and any("Knight" in t for t in texts)  # the fronts' own words are there: the text is read
    assert not [t for t in texts if VERSION in t]
    asked = run_pnp(stamped, "export", "tiny", "--vendor", vendor, "--deck", "heroes", "--stamps")
    assert asked.exit_code == 0, asked.output + asked.stderr
    fronts = [t for t in _texts(pdf) if "Knight" in t or "Rogue" in t or "Mage" in t]
    assert fronts and all(VERSION in t for t in fronts)


def test_stamps_without_a_vendor_is_a_usage_error(project):
    result = run_pnp(project, "export", "tiny", "--format", "png", "--stamps")
    assert result.exit_code != 0 and "--stamps" in result.output + result.stderr
