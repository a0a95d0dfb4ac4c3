"""Validate a game: every check a build runs, without writing anything."""
from __future__ import annotations

from pnp.checks.counts import Checker
from pnp.core.collector import paused
from pnp.core.errors import Finding
from pnp.layout.inspect import render_findings
from pnp.outputs.cards import render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.pipeline.readable import readability_check


@paused
def check_game(gctx: GameContext, render: bool = True) -> list[Finding]:
    """Every finding for one game: counts, constraints, and (when `render`) what rendering reveals."""
    checker = Checker(gctx.game)
    checker.components()
    checker.constraints()
    findings = checker.findings
    if render:
        findings += render_check(gctx) + readability_check(gctx)
    return findings


def render_check(gctx: GameContext) -> list[Finding]:
    """Render every card with bleed and inspect each face; template warnings found on the way join the findings."""
    game = gctx.game
    findings: list[Finding] = []
    options = Options(bleed=True)
    gctx.layouts.template_warnings.clear()
    for deck in game.decks.values():
        for card, front, back in render_deck(gctx, deck, options, findings):
            for face, template in ((front, deck.front), (back, card.back or deck.back)):
                if face is not None:
                    findings += render_findings(face, f"{deck.id}/{card.id}", template, card.loc, game.slug)
    findings += [f._replace(game=game.slug) if hasattr(f, "_replace") else Finding(f.severity, f.code, f.message, f.loc, game.slug, f.component) for f in gctx.layouts.template_warnings]
    return findings
