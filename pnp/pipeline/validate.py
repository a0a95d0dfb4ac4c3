"""Validate a game: every check a build runs, without writing anything.

Each part of a game's checks (the data's, the readability of each deck and of
each kind of piece, the colour codes, and what drawing each kind of output
finds) is kept in the build cache by what it depends on
(pnp.pipeline.results.kept_part): a command that meets a game as it was
answers with what it found, and after an edit only the parts that read the
edited file run again, drawing only the faces that changed (the face store)."""
from __future__ import annotations

from pnp.checks.counts import Checker
from pnp.checks.setup import setup_plan
from pnp.core.collector import paused
from pnp.core.errors import Finding
from pnp.data.kinds import kind_named, load_named
from pnp.outputs.cards import Rendered, card_slivers, deck_groups, inspect_deck, kept_inspections, render_deck, too_large
from pnp.outputs.context import GameContext, sheets_slivers
from pnp.outputs.options import Options
from pnp.pipeline.cache import shared_inputs_hash
from pnp.pipeline.readable import colour_codes, deck_contrast, piece_contrast
from pnp.pipeline.results import VALIDATED, ChecksPart, Found, Part, checks_parts, findings_of, kept_part, rendering_keys, rendering_options
from pnp.pipeline.unused import unused_fields
from pnp.render.packing import DoesNotFit


@paused
def check_game(gctx: GameContext, render: bool = True, shared: str | None = None, drawn: tuple | None = None) -> list[Finding]:
    """Every finding for one game: `game_checks`, and (when `render`) what rendering every output reveals.

    `pnp build`, `watch` and `serve` run `game_checks` and get the rest from
    rendering the outputs they print; `pnp validate` renders them here in memory.
    So every command reports the same findings (docs/findings.md). `shared` is
    the hash of the inputs every game shares when the caller has it; `drawn`, the cards as the caller rendered them
    with validate's options and what rendering them found (`pnp serve` has just drawn them), so they are not drawn again."""
    return findings_of(check_parts(gctx, render, shared, drawn))


def check_parts(gctx: GameContext, render: bool = True, shared: str | None = None, drawn: tuple | None = None) -> list[Part]:
    """The parts of `check_game`, each as kept in the game's results or as run now (pnp.pipeline.results.kept_part)."""
    shared = shared or shared_inputs_hash(gctx.project)
    parts = game_checks(gctx, shared)
    if render:
        parts += render_parts(gctx, shared, drawn)
    return parts


def game_checks(gctx: GameContext, shared: str) -> list[Part]:
    """The checks of a game that no output's rendering makes on its own, which every command that builds runs: the
    data's (`data_checks`) and the readability of every face (contrast, colour codes: pnp.pipeline.readable), as
    parts each kept by what it reads (pnp.pipeline.results.checks_parts)."""
    return [kept_part(gctx, part.name, part.key, _work(gctx, part), cards=part.work == "pieces")
            for part in checks_parts(gctx.game, shared, gctx.layouts.draft)]


def _work(gctx: GameContext, part: ChecksPart):
    """What one part of the build's checks runs."""
    if part.work == "data":
        return lambda: data_checks(gctx)
    if part.work == "deck":
        return lambda: Found.of(deck_contrast(gctx, part.subject))
    if part.work == "pieces":
        return lambda: Found.of(piece_contrast(gctx, part.subject))
    return lambda: colour_codes(gctx)


def data_checks(gctx: GameContext) -> list[Finding]:
    """The checks of the data itself, which draw nothing: counts, constraints, the decks `setup:` deals (which only the
    exports to tables act on, checked here so every command says so), fields no template reads (`validate --quick`)."""
    checker = Checker(gctx.game, gctx.engine.keeps, gctx.engine.expressions)
    checker.components()
    checker.constraints()
    return checker.findings + setup_plan(gctx.game).findings + unused_fields(gctx)


def render_parts(gctx: GameContext, shared: str, drawn: tuple | None = None) -> list[Part]:
    """What rendering every output in memory finds, as `build` would: the cards with bleed, each face inspected, and
    every other kind of output; each kept by that output's own cache key (`rendering_keys`), the others also by the
    card fields they read. Nothing is written. An output's builder is imported when its part runs: the build's own
    checks (render=False) need none of them."""
    parts = []
    draft = gctx.layouts.draft
    for kind, key in rendering_keys(gctx.game, shared, gctx.engine.keeps, draft):
        if kind == "cards":
            parts.append(kept_part(gctx, "cards", key, lambda: _cards_found(gctx, drawn)))
        else:
            options = rendering_options(kind, draft)
            parts.append(kept_part(gctx, kind, key, lambda kind=kind, options=options: load_named(kind_named(kind).builder)(gctx, options)[1], cards=True))
    return parts


def _cards_found(gctx: GameContext, drawn: tuple | None = None) -> list[Finding]:
    """Every card rendered with bleed (or as `drawn` gives them: (deck id → rendered cards, what rendering found)), each
    face inspected."""
    findings: list[Finding] = []
    inspections: dict = {}  # this process inspects its part of a large deck while a helper renders the rest
    if drawn is not None:
        rendered, found = drawn
        findings += found
    else:
        rendered = {deck.id: render_deck(gctx, deck, VALIDATED, findings, inspections=inspections) for deck in gctx.game.decks.values()}
    findings += _shared_tokens_found(gctx)
    findings += inspect_faces(gctx, rendered, inspections)
    # the sheets a default build prints, their shared cuts read on these faces (alike inside the trim with or without bleed)
    try:
        slivers = sheets_slivers(gctx, Options(), deck_groups(gctx, rendered))
    except DoesNotFit as exc:  # a deck too large for the paper: the build's one error
        return [*findings, too_large(gctx.game, exc)]
    return findings + card_slivers(gctx, VALIDATED, slivers, "the card sheets")


def _shared_tokens_found(gctx: GameContext) -> list[Finding]:
    """What rendering the token sets a default build prints on the last card sheet finds: the card sheets' builder
    says it in a build, and the tokens PDF's, which leaves those sets out, cannot (pnp.outputs.token_share)."""
    if not (gctx.game.tokens and gctx.game.tokens_data):
        return []
    from pnp.outputs.token_share import shared_tokens

    return shared_tokens(gctx, Options()).findings


def inspect_faces(gctx: GameContext, rendered: dict[str, list[Rendered]], known: dict | None = None) -> list[Finding]:
    """What inspecting each rendered card face reveals (text past the safe area and the like); `rendered` maps deck id to
    render_deck's result, and `known` what was found of some faces already."""
    game = gctx.game
    findings: list[Finding] = []
    for deck in game.decks.values():
        findings += inspect_deck(deck, rendered.get(deck.id, []), game.slug, gctx.project.root, known if known is not None else kept_inspections(gctx))
    return findings
