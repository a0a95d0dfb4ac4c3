"""Image sanity (issue 65): one warning per picture whose shape differs from its box's by more than 2 %, saying whether it
prints stretched or cropped, and one per picture coarser than 200 dpi where it prints, in every command that draws it
and on every kind of face, at the template line that draws it.
"""
from __future__ import annotations

import pytest
from conftest import run_pnp
from PIL import Image

HERO = '{{% extends "tiny/frame.j2" %}}{{% block body %}}\n{{{{ image("art/{name}.png", 5, 20, 40, 40, fit="{fit}") }}}}\n{{% endblock %}}\n'


def _project(project, name: str, size: tuple[int, int], fit: str):
    (project / "art").mkdir(exist_ok=True)
    Image.new("RGB", size, "#3060a0").save(project / f"art/{name}.png")
    (project / "templates/tiny/hero.j2").write_text(HERO.format(name=name, fit=fit))
    return project


@pytest.mark.parametrize("fit, words", [("stretch", "prints stretched taller"), ("cover", "prints cropped at its left and right")])
def test_a_picture_of_another_shape_than_its_box_is_said_once_stretched_or_cropped(project, fit, words):
    """A 1000 × 800 px picture (5:4) in a 40 × 40 mm box is 25 % wider than its box."""
    _project(project, "wide", (1000, 800), fit)
    result = run_pnp(project, "validate")
    lines = [line for line in result.stderr.splitlines() if "than its" in line]
    assert len(lines) == 1, result.stderr
    assert "templates/tiny/hero.j2:2:" in lines[0] and "image art/wide.png (1000 × 800 px) is 25% wider than its 40 × 40 mm box" in lines[0]
    assert words in lines[0] and "heroes/knight front" in lines[0]


def test_a_picture_within_2_percent_of_its_boxs_shape_or_contained_is_not_said(project):
    _project(project, "near", (1000, 985), "stretch")  # 1.5 % wider
    assert "than its" not in run_pnp(project, "validate").stderr
    _project(project, "wide", (1000, 800), "contain")
    assert "than its" not in run_pnp(project, "validate").stderr


def test_a_coarse_picture_is_said_once_in_every_command_that_draws_it(project):
    """300 × 300 px in a 40 × 40 mm box prints at 190 dpi: below 200, with the size that would do."""
    _project(project, "coarse", (300, 300), "stretch")
    for command in (("validate",), ("build", "--only", "cards"), ("export", "tiny", "--format", "png", "--dpi", "72")):
        result = run_pnp(project, *command)
        lines = [line for line in result.stderr.splitlines() if " dpi in its " in line]
        assert len(lines) == 1, (command, result.stderr)
        assert "image art/coarse.png prints at 190 dpi in its 40 × 40 mm box, below 200: use a larger image (at least 315 × 315 px)" in lines[0]
    _project(project, "fine", (330, 330), "stretch")  # 210 dpi
    assert " dpi in its " not in run_pnp(project, "validate").stderr


def test_a_tokens_picture_is_checked_too(project):
    (project / "art").mkdir()
    Image.new("RGB", (40, 80), "#3060a0").save(project / "art/coin.png")
    coin = project / "templates/tiny/token-coin.j2"
    coin.write_text(coin.read_text() + '\n{{ image("art/coin.png", 2, 2, 16, 16, fit="stretch") }}\n')
    result = run_pnp(project, "build", "--only", "tokens")
    assert "image art/coin.png (40 × 80 px) is 50% narrower than its 16 × 16 mm box, so it prints stretched wider" in result.stderr
    assert "image art/coin.png prints at 64 dpi" in result.stderr
