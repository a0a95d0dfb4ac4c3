"""Validate a game: every check a build runs, without writing anything."""
from __future__ import annotations

from pnp.checks.counts import Checker
from pnp.core.collector import paused
from pnp.core.errors import Finding
from pnp.data.kinds import KINDS, load_named
from pnp.layout.inspect import one_per_line
from pnp.outputs.cards import Rendered, card_slivers, deck_groups, inspect_deck, kept_inspections, render_deck
from pnp.outputs.context import GameContext, sheets_slivers
from pnp.outputs.options import Options
from pnp.pipeline.readable import readability_check
from pnp.pipeline.unused import unused_fields


@paused
def check_game(gctx: GameContext, render: bool = True) -> list[Finding]:
    """Every finding for one game: `game_checks`, and (when `render`) what rendering every output reveals.

    `pnp build`, `watch` and `serve` run `game_checks` and get the rest from
    rendering the outputs they print; `pnp validate` renders them here in memory.
    So every command reports the same findings (docs/findings.md)."""
    already = len(gctx.layouts.template_warnings)
    findings = game_checks(gctx)
    if render:
        findings += render_check(gctx)
    return _unique(findings + template_warnings(gctx, already))


def game_checks(gctx: GameContext) -> list[Finding]:
    """The checks of a game that no output's rendering makes on its own: the data's (`data_checks`) and the readability
    of every face (contrast, colour codes). Every command that builds runs them."""
    return data_checks(gctx) + readability_check(gctx)


def data_checks(gctx: GameContext) -> list[Finding]:
    """The checks of the data itself, which draw nothing: counts, constraints, fields no template reads (`validate --quick`)."""
    checker = Checker(gctx.game, gctx.engine.keeps, gctx.engine.expressions)
    checker.components()
    checker.constraints()
    return checker.findings + unused_fields(gctx)


def template_warnings(gctx: GameContext, already: int) -> list[Finding]:
    """The warnings met compiling templates since the engine had met `already` (a template compiles once an engine, in
    whichever step reads it first), as the game's."""
    return one_per_line([f.in_game(gctx.game.slug) for f in gctx.layouts.template_warnings[already:]])


def render_check(gctx: GameContext) -> list[Finding]:
    """Render every card with bleed and inspect each face, then every other output as `build` would; nothing is written."""
    game = gctx.game
    findings: list[Finding] = []
    options = Options(bleed=True)
    inspections: dict = {}  # this process inspects its part of a large deck while a helper renders the rest
    rendered = {deck.id: render_deck(gctx, deck, options, findings, inspections=inspections) for deck in game.decks.values()}
    findings += inspect_faces(gctx, rendered, inspections)
    # the sheets a default build prints, their shared cuts read on these faces (alike inside the trim with or without bleed)
    findings += card_slivers(gctx, options, sheets_slivers(gctx, Options(), deck_groups(gctx, rendered)), "the card sheets")
    # The outputs beyond card sheets: built in memory and thrown away, for the findings their rendering gives. Their
    # builders are imported here: the build's own checks (render=False) need none of them.
    for kind in KINDS:
        if kind.name != "cards":
            _, found = load_named(kind.builder)(gctx, Options())
            findings += found
    return findings


def _unique(findings: list[Finding]) -> list[Finding]:
    """Each finding once: cards and the rulebook's figures render the same faces."""
    return list(dict.fromkeys(findings))


def inspect_faces(gctx: GameContext, rendered: dict[str, list[Rendered]], known: dict | None = None) -> list[Finding]:
    """What inspecting each rendered card face reveals (text past the safe area and the like); `rendered` maps deck id to
    render_deck's result, and `known` what was found of some faces already."""
    game = gctx.game
    findings: list[Finding] = []
    for deck in game.decks.values():
        findings += inspect_deck(deck, rendered.get(deck.id, []), game.slug, gctx.project.root, known if known is not None else kept_inspections(gctx))
    return findings
