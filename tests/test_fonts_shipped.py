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
    """A cut-short copy of a font pnp ships is not the font pnp ships: it is read, and fails there, not in a render
    (the game's body role names it: a family no role names is only a warning, tests/test_otf_fonts.py)."""
    whole = (BUNDLED_FONTS / SHIPPED["noto-sans"]["regular"]).read_bytes()
    _own_font(project, whole[: len(whole) // 3])
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  body: noto-sans\n", "  body: mine\n", 1), encoding="utf-8")
    result = run_pnp(project, "validate", "--format", "json")
    found = [f for f in json.loads(result.output) if f["code"] == "font-file"]
    assert result.exit_code == 1 and found, result.output
    assert found[0]["file"].endswith("fonts/fonts.yaml") and found[0]["line"] == 3
    assert "is not a usable font" in found[0]["message"]


def test_a_whole_copy_of_a_shipped_font_is_used(project):
    _own_font(project, (BUNDLED_FONTS / SHIPPED["noto-sans"]["regular"]).read_bytes())
    result = run_pnp(project, "validate", "--format", "json")
    assert not [f for f in json.loads(result.output) if f["code"] == "font-file"], result.output


def test_a_font_damaged_while_a_process_stays_up_is_an_error_in_every_game_at_its_next_load(project):
    """`pnp watch` and `pnp serve` keep one project and read its games again after each save: the project's fonts are
    checked once for all its games while nothing under fonts/ changed, and again as soon as something did."""
    import shutil

    from pnp.data.project import Project

    whole = (BUNDLED_FONTS / SHIPPED["noto-sans"]["regular"]).read_bytes()
    _own_font(project, whole)
    shutil.copytree(project / "data/tiny", project / "data/twin")
    kept = Project(project)

    def font_errors() -> dict[str, list[str]]:
        return {slug: [f.message for f in kept.load_game(slug)[1] if f.code == "font-file"] for slug in ("tiny", "twin")}

    assert font_errors() == {"tiny": [], "twin": []}
    (project / "fonts/Mine.ttf").write_bytes(whole[: len(whole) // 3])
    damaged = font_errors()
    assert all(len(said) == 1 and "is not a usable font" in said[0] for said in damaged.values()), damaged
    (project / "fonts/Mine.ttf").write_bytes(whole)
    assert font_errors() == {"tiny": [], "twin": []}
