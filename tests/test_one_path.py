"""One path: every command that reads a game meets an odd or broken file the same way, as the same located findings,
never as "internal error" (docs/findings.md)."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, TEST_PROJECT, run_pnp
from PIL import Image

# The commands that read a game, run on the whole odd game; `watch` and `serve` are driven in this process (odd_findings).
COMMANDS = {
    "build": ("build",),
    "validate": ("validate",),
    "preview": ("preview", "tiny", "--dpi", "30"),
    "export": ("export", "tiny", "--format", "png", "--dpi", "72"),
    "showcase": ("showcase", "tiny", "--width", "200"),
    "bundle": ("bundle", "tiny", "--paper", "letter"),
    "list": ("list",),
}

ODD_TEMPLATE = """{{ rect(0, 0, face.w, face.h, fill="#ffffff") }}
{{ icon("label", 2, 2, 10) }}
{{ icon("noview", 14, 2, 10) }}
{{ image("art/broken.png", 2, 14, 10, 10) }}
{{ image("art/cmyk.jpg", 14, 14, 10, 10) }}
"""
LABEL_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
  <rect x="0" y="0" width="100" height="50" fill="#336699"/>
  <text x="10" y="35" font-family="Aldrich" font-size="20">QZ</text>
</svg>
"""


def odd_game(root: Path, template: str = ODD_TEMPLATE) -> Path:
    """A copy of the test project cut down to one deck of two cards, one token set and one board, all drawn by one
    template that uses every odd asset: an SVG whose text is in a font no one has, an SVG without a viewBox, a
    truncated PNG and a CMYK JPEG."""
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data/tiny"
    for name in ("reference.yaml", "rulebook.md"):
        (game / name).unlink()
    (game / "game.yaml").write_text("title: Odd\nplayers: {min: 2, max: 4}\n")
    (game / "decks/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/odd.j2\nkeep_fields: [name]\n"
                                            "cards:\n  - {id: knight, name: Knight}\n  - {id: rogue, name: Rogue}\n")
    (game / "tokens.yaml").write_text("tokens:\n  - {id: walls, name: Walls, shape: square, size: 30, count: 2, front: tiny/odd.j2}\n")
    (game / "boards.yaml").write_text("boards:\n  - {id: scores, name: Scores, size: 100 x 100, template: tiny/odd.j2}\n")
    templates = root / "templates/tiny"
    (templates / "odd.j2").write_text(template)
    (templates / "icons").mkdir()
    (templates / "icons/label.svg").write_text(LABEL_SVG)
    (templates / "icons/noview.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg">\n  <circle cx="20" cy="20" r="15" fill="#aa3322"/>\n</svg>\n')
    (root / "art").mkdir()
    png = io.BytesIO()
    Image.new("RGB", (64, 64), "#30a050").save(png, "PNG")
    (root / "art/broken.png").write_bytes(png.getvalue()[: len(png.getvalue()) // 2])
    Image.new("CMYK", (64, 64), (10, 200, 30, 5)).save(root / "art/cmyk.jpg", "JPEG")
    return root


def not_a_font(root: Path) -> Path:
    """The odd game with a project font family whose .ttf holds text."""
    odd_game(root)
    (root / "fonts").mkdir()
    (root / "fonts/fonts.yaml").write_text("families:\n  broken:\n    regular: broken.ttf\n")
    (root / "fonts/broken.ttf").write_bytes(b"this is not a font\n" * 10)
    (root / "data/tiny/game.yaml").write_text("title: Odd\nplayers: {min: 2, max: 4}\nfonts: {body: broken}\n")
    return root


FINDING = re.compile(r"^\S.*?: (error|warning): ")


def printed_findings(text: str) -> set[str]:
    return {line for line in text.splitlines() if FINDING.match(line)}


def odd_findings(root: Path, capsys) -> dict[str, tuple[int, set[str], str]]:
    """Each command's (exit code, error and warning lines, all it printed) on the project at `root`."""
    from pnp.cli import run_build
    from pnp.cli.watching import Watcher
    from pnp.data.project import Project
    from pnp.outputs.options import Options
    from pnp.serve.session import LiveSession

    seen = {}
    for name, args in COMMANDS.items():
        result = run_pnp(root, *args)
        shown = result.output + result.stderr
        seen[name] = (result.exit_code, printed_findings(shown), shown)
    capsys.readouterr()
    project = Project(root)
    watcher = Watcher(project, ["tiny"], True, Options(out=root / "output"), ["letter"], run_build)
    watcher.rebuild("start")
    shown = capsys.readouterr().err
    seen["watch"] = (1 if "failed after start" in shown else 0, printed_findings(shown), shown)
    views = {}
    session = LiveSession(project, ["tiny"], lambda slug, model: views.__setitem__(slug, model))
    session.refresh()
    texts = [f["text"] for f in views["tiny"]["findings"]]
    seen["serve"] = (1 if any(": error: " in t for t in texts) else 0, set(texts), "\n".join(texts))
    return seen


@pytest.mark.parametrize("make", [odd_game, not_a_font], ids=["odd assets", "not a font"])
def test_every_command_meets_an_odd_file_as_the_same_located_findings(make, tmp_path, capsys):
    """Build, validate, watch, serve, preview, export, showcase, bundle and list each print the same errors and warnings
    for a game with odd files, each at its place, and none stops with "internal error"."""
    seen = odd_findings(make(tmp_path / "project"), capsys)
    reference = seen["validate"][1]
    assert reference
    wrong = {}
    for name, (code, findings, shown) in seen.items():
        if "internal error" in shown or "Traceback" in shown or code != 1:
            wrong[name] = f"exit {code}: {shown}"
        elif findings != reference:
            wrong[name] = f"only {name}: {sorted(findings - reference)}; only validate: {sorted(reference - findings)}"
    assert not wrong, "\n".join(f"{name}: {what}" for name, what in wrong.items())


def test_svg_text_in_a_missing_font_is_one_warning_at_its_element(tmp_path, capsys):
    """The icon whose text names a font the project lacks is warned of once, at the element naming the font; the
    truncated PNG is an error at the template line drawing it, on every piece it met."""
    root = odd_game(tmp_path / "project")
    result = run_pnp(root, "validate")
    lines = printed_findings(result.stderr)
    font = [line for line in lines if "Aldrich" in line]
    assert len(font) == 1 and font[0].startswith("templates/tiny/icons/label.svg:3:3: warning: "), lines
    assert "noto-sans" in font[0]
    png = [line for line in lines if "broken.png" in line]
    assert len(png) == 1 and png[0].startswith("templates/tiny/odd.j2:4:4: error: ") and "on 4 pieces" in png[0], lines


def test_svg_text_in_a_missing_font_is_drawn_in_a_bundled_font_by_every_process(tmp_path):
    """The font-less label draws in Noto Sans, in the process that parsed the icon and in a later one that reuses its
    parse from the build cache (a build with other options): neither stops, neither embeds a font from the machine."""
    import pdfplumber

    root = odd_game(tmp_path / "project", template=ODD_TEMPLATE.replace('{{ image("art/broken.png", 2, 14, 10, 10) }}\n', ""))
    for args in ((), ("--bleed",)):
        result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(root), "build", "-q", "--only", "boards", *args], cwd=ROOT,
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout + result.stderr
        with pdfplumber.open(root / "output/tiny/tiny-boards.pdf") as pdf:
            fonts = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars if c["text"] in "QZ"}
        assert fonts == {"NotoSans-Regular"}, (args, fonts)


def test_a_font_family_fonts_yaml_names_draws_svg_text_without_a_warning(tmp_path):
    """A family the project's fonts.yaml names (any case or spacing) is the SVG text's own font: drawn in it, no warning."""
    import pdfplumber

    root = odd_game(tmp_path / "project", template=ODD_TEMPLATE.replace('{{ image("art/broken.png", 2, 14, 10, 10) }}\n', ""))
    (root / "fonts").mkdir()
    shutil.copy(ROOT / "fonts/comfortaa/Comfortaa-Regular.ttf", root / "fonts/Aldrich-Regular.ttf")
    (root / "fonts/fonts.yaml").write_text("families:\n  aldrich:\n    regular: Aldrich-Regular.ttf\n")
    result = run_pnp(root, "build", "--only", "boards")
    assert result.exit_code == 0, result.stderr
    assert "Aldrich" not in result.stderr
    with pdfplumber.open(root / "output/tiny/tiny-boards.pdf") as pdf:
        fonts = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars if c["text"] in "QZ"}
    assert fonts == {"Comfortaa-Regular"}
