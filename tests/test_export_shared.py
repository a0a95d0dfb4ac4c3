"""One `pnp export --format all` renders the game's faces once for each bleed its targets ask for (#77: the straight
path does no work twice). The print-service PNGs want the service's 1/8 in bleed plus the half millimetre every
raster gets past it, the print-on-demand PDFs the 1/8 in alone, and Tabletop Simulator, playingcards.io,
virtualtabletop.io and the sprite sheets the half millimetre: three bleeds, so three renderings, not six."""
from __future__ import annotations

from conftest import run_pnp

import pnp.targets.components as components

INCH_EIGHTH_MM = 25.4 / 8  # the services' bleed (The Game Crafter, DriveThruCards)
RASTER_MARGIN_MM = 0.5  # what every rasterised export draws past its bleed, so rounding never shows paper


def test_an_export_of_every_target_renders_each_bleed_once(project, monkeypatch):
    rendered: list[float] = []
    real = components._decks

    def counting(gctx, bleed, findings, only):
        rendered.append(round(bleed, 3))
        return real(gctx, bleed, findings, only)

    monkeypatch.setattr(components, "_decks", counting)
    result = run_pnp(project, "export", "tiny", "--format", "all", "--dpi", "72", "--no-validate")
    assert result.exit_code == 0, result.output
    wanted = {round(INCH_EIGHTH_MM + RASTER_MARGIN_MM, 3), round(INCH_EIGHTH_MM, 3), RASTER_MARGIN_MM}
    assert sorted(rendered) == sorted(wanted), rendered
    for target in ("png", "tts", "pod", "pcio", "vtt", "sprites"):
        assert any((project / "output/tiny" / target).iterdir()), f"{target} wrote nothing"


def test_two_exports_in_one_process_render_again(project, monkeypatch):
    """What one command rendered is its own: the next command (a `pnp watch` or `pnp serve` process runs many) renders
    the faces from the files as they are then."""
    rendered: list[float] = []
    real = components._decks
    monkeypatch.setattr(components, "_decks", lambda gctx, bleed, findings, only: rendered.append(bleed) or real(gctx, bleed, findings, only))
    for _ in range(2):
        assert run_pnp(project, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate").exit_code == 0
    assert len(rendered) == 2


def test_each_target_of_an_export_reports_what_rendering_its_faces_found(project):
    """A face that cannot be drawn stops every target that would print it, whichever target rendered it first: the
    targets after the first share its rendering, and its finding with it."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace('"star"', '"no-such-icon"'))
    for fmt in ("png", "all"):
        result = run_pnp(project, "export", "tiny", "--format", fmt, "--dpi", "72", "--no-validate")
        assert result.exit_code != 0
        assert "templates/tiny/hero.j2:4:24: error: unknown icon 'no-such-icon'" in result.output + result.stderr
        assert not (project / "output/tiny" / fmt).exists()
