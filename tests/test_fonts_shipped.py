"""The fonts pnp ships are TrueType-outline fonts reportlab embeds; a project's own font file is read before any build uses it."""
from __future__ import annotations

import json

import pytest
import yaml
from conftest import run_pnp
from reportlab.pdfbase.ttfonts import TTFontFile

from pnp.core.assets import BUNDLED_FONTS

SHIPPED = yaml.safe_load((BUNDLED_FONTS / "fonts.yaml").read_text(encoding="utf-8"))["families"]


@pytest.mark.parametrize("family", sorted(SHIPPED))
def test_every_font_pnp_ships_is_a_truetype_outline_font(family):
    for style, file in SHIPPED[family].items():
        path = BUNDLED_FONTS / file
        assert path.read_bytes()[:4] == b"\x00\x01\x00\x00", f"{file}: not a TrueType-outline font (a CFF .otf starts 'OTTO')"
        face = TTFontFile(str(path))  # reportlab's own reading, as a build registers it
        assert face.unitsPerEm > 0 and "glyf" in face.table, (family, style)


def _own_font(project, data: bytes) -> None:
    (project / "fonts").mkdir(exist_ok=True)
    (project / "fonts/Mine.ttf").write_bytes(data)
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\n", encoding="utf-8")


def test_a_damaged_copy_of_a_shipped_font_is_an_error_at_its_line(project):
    """A cut-short copy of a font pnp ships is not the font pnp ships: it is read, and fails there, not in a render."""
    whole = (BUNDLED_FONTS / SHIPPED["noto-sans"]["regular"]).read_bytes()
    _own_font(project, whole[: len(whole) // 3])
    result = run_pnp(project, "validate", "--format", "json")
    found = [f for f in json.loads(result.output) if f["code"] == "font-file"]
    assert result.exit_code == 1 and found, result.output
    assert found[0]["file"].endswith("fonts/fonts.yaml") and found[0]["line"] == 3
    assert "is not a usable TrueType font" in found[0]["message"]


def test_a_whole_copy_of_a_shipped_font_is_used(project):
    _own_font(project, (BUNDLED_FONTS / SHIPPED["noto-sans"]["regular"]).read_bytes())
    result = run_pnp(project, "validate", "--format", "json")
    assert not [f for f in json.loads(result.output) if f["code"] == "font-file"], result.output
