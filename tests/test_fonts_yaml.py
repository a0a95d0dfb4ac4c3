"""fonts.yaml, a project's own fonts (docs/data-format.md): a file it names must lie inside the project's fonts/ folder;
a family must name its regular style, which bold and italic fall back to; its `fallback` may name one of pnp's own
families as well as the families the file lists. Each refusal is one located finding saying what to fix."""
from __future__ import annotations

import shutil

from conftest import ROOT, quick_findings, refusal, run_pnp


def test_fonts_yaml_naming_a_file_outside_fonts_is_refused(project, tmp_path):
    shutil.copytree(ROOT / "fonts", project / "fonts")
    outside = tmp_path / "outside.ttf"
    shutil.copy(ROOT / "fonts/noto/NotoSans-Regular.ttf", outside)
    spec = project / "fonts/fonts.yaml"
    relative = "../../outside.ttf"
    assert (spec.parent / relative).resolve() == outside.resolve()
    spec.write_text(spec.read_text(encoding="utf-8").replace("regular: noto/NotoSans-Regular.ttf", f"regular: {relative}"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    refusal(result, f"font file '{relative}' of family 'noto-sans' (regular) is outside the project's fonts/ folder", "fonts/fonts.yaml:5:")
    assert not (project / "output/tiny/tiny-cards.pdf").exists()


def test_a_font_family_without_a_regular_style_is_an_error_in_fonts_yaml(project):
    """Bold and italic fall back to a family's regular style, so a family that names no regular file is refused in
    fonts.yaml, saying to name it."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    bold: Mine.ttf\n", encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 1 and len(found) == 1, found
    assert found[0].startswith("fonts/fonts.yaml:2:3: error: ") and "family 'mine' has no regular style" in found[0], found


def test_fonts_yaml_may_name_one_of_pnps_own_families_as_its_fallback(project):
    """fonts.yaml's `fallback` names families pnp has or the file lists (the refusal says so): pnp's noto-sans is one."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\nfallback: [noto-sans]\n", encoding="utf-8")
    assert quick_findings(project) == (0, [])
