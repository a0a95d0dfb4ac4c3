"""Say when a sheet layout asked for cannot be had: pieces too large for a gutterfold sheet print duplex instead.

`--layout gutterfold` puts fronts and backs on one side of the paper, either
side of a fold; a piece that does not fit twice on one side (a player aid the
size of half a sheet) prints as a duplex pair of pages instead
(pnp.render.packing.grid_for). Printed one-sided, as a gutterfold build is
meant to be, those pages lose their backs: the build must say so.
"""
from __future__ import annotations

from pnp.core.errors import Finding, Loc, warning
from pnp.outputs.options import Options
from pnp.render.impose import plan_fold_sheet


def layout_fallbacks(game, options: Options, kind: str) -> list[Finding]:
    """A warning per set of pieces of `kind` (cards, tokens, reference) that a gutterfold build prints duplex."""
    if options.layout != "gutterfold":
        return []
    out = []
    for name, size, loc in _sizes(game, kind):
        fold = plan_fold_sheet(options.paper, size, options.gutter, options.bleed_mm, options.fold_rotation, options.printable_mm)
        if fold is None or not fold.per_sheet:
            paper = options.paper.upper() if options.paper == "a4" else options.paper.title()
            out.append(warning("layout-fallback", f"{name}: {size[0]:g} × {size[1]:g} mm pieces do not fit front and back on one side of {paper}, "
                                                  f"so --layout gutterfold prints them duplex (fronts and backs on facing pages): print those pages "
                                                  f"double-sided, or make the pieces smaller", loc, game=game.slug, component=name))
    return out


def _sizes(game, kind: str) -> list[tuple[str, tuple[float, float], Loc]]:
    """(name, trim size in mm, where the size is written) of each set of pieces with backs an output of `kind` prints."""
    if kind == "cards":
        return [(deck.name, tuple(deck.size), deck.loc_of("size")) for deck in game.decks.values() if deck.back is not None or any(c.back for c in deck.cards)]
    if kind == "tokens" and game.tokens and game.tokens_data:
        return [(spec.name, tuple(spec.size), raw.loc_of("size")) for spec, raw in zip(game.tokens.tokens, game.tokens_data["tokens"], strict=False)
                if spec.back and not spec.standee]
    if kind == "reference" and game.reference and game.reference_data and "card_size" in game.reference_data:
        return [("Player aids", tuple(game.reference.card_size), game.reference_data.loc_of("card_size"))]
    return []
