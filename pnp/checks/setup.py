"""game.yaml's `setup:`: the decks an online table deals and turns up, checked against the game's own decks.

Only the exports to tables act on `setup:` (pnp.targets.table, pnp.targets.export_tts), but a deck it names that the
game has not, or a deal bigger than the deck, is a mistake in the data: it is found here, with the game's other data
checks, so `validate`, `build`, `serve` and every export report it alike, at the key that names the deck.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.core.errors import LEFT_OUT, Finding, Loc, did_you_mean, error
from pnp.data.fields import ANY


@dataclass
class SetupPlan:
    """What `setup:` asks of each deck it names that the game has, and what is wrong with it."""

    seats: int
    dealt: dict[str, tuple[int, int]] = field(default_factory=dict)  # deck id → (cards each seat is dealt, cards turned face up)
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def setup_plan(game) -> SetupPlan:
    """`setup:` read against the game's decks: an error at each key naming no deck of the game (with a did-you-mean),
    and at each deck asked for more cards than it holds. A deck whose file failed to load is a note at the key, its
    file's errors being the mistake."""
    setup = game.spec.setup
    plan = SetupPlan(setup.seats or game.spec.players.max)
    raw = game.data.get("setup") if hasattr(game.data, "get") else None
    for part in ("deal", "face_up"):
        located = raw.get(part) if raw is not None and hasattr(raw, "get") else None
        for deck_id, count in getattr(setup, part).items():
            where = located.key_loc(deck_id) if located is not None else Loc(f"{game.rel}/game.yaml")
            if deck_id not in game.decks:
                plan.findings.append(_unknown_deck(game, part, deck_id, where))
                continue
            deal, up = plan.dealt.get(deck_id, (0, 0))
            plan.dealt[deck_id] = (count, up) if part == "deal" else (deal, count)
    for deck_id, (deal, up) in plan.dealt.items():
        if plan.seats * deal + up > game.decks[deck_id].total:
            part = "deal" if deal else "face_up"
            located = raw.get(part) if raw is not None and hasattr(raw, "get") else None
            where = located.loc_of(deck_id) if located is not None else Loc(f"{game.rel}/game.yaml")
            plan.findings.append(error("setup-count", f"setup asks for {plan.seats} × {deal} cards dealt and {up} face up from deck '{deck_id}', "
                                       f"which has {game.decks[deck_id].total}: deal fewer (or set setup.seats)", where, game=game.slug))
    return plan


def _unknown_deck(game, part: str, deck_id: str, where: Loc) -> Finding:
    """A `setup:` key naming no deck: an error with the game's decks to choose from, or a note when the deck may be in
    a file that failed to load."""
    left_out = game.left_out("decks")
    file = left_out.get(deck_id) or left_out.get(ANY)
    if file:
        return Finding("note", LEFT_OUT, f"setup.{part}'s deck '{deck_id}' is left out: {file} has errors: fix them first", where, game.slug)
    decks = sorted(game.decks)
    return error("setup-deck", f"setup.{part} names deck '{deck_id}', which this game has not{did_you_mean(deck_id, decks)}: "
                 f"name one of {', '.join(decks) or 'none (the game has no decks)'}", where, game=game.slug)
