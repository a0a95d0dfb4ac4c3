"""Bag and box labels: one label for each deck and each token set, saying what it holds, from the game's own data.

The counts are the data's (a deck's cards with their copies, a set's items
with theirs), so a label never disagrees with what the game prints. The sheet
is game.yaml's `labels: {sheet: ...}` (by default Avery's address labels for the build's paper: 5160 on Letter, L7160
on A4; pnp.data.label_sheets); the printer profile's margin keeps the words and the calibration page's outlines in.
"""
from __future__ import annotations

from pnp.core.errors import Loc, error
from pnp.core.units import PRINT_TOLERANCE_MM
from pnp.data.tokens import token_sets, token_variants
from pnp.data.words import words_of
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.stats import FileStats
from pnp.render.cutters import CUTTERS
from pnp.render.labels import LabelText, write_labels


def label_texts(game) -> list[LabelText]:
    """A label for each deck (its cards and copies) and each token set (its pieces, and each kind's count when it has
    several), in the edition's language."""
    words = words_of(game)
    out = []
    for deck in game.decks.values():
        total = sum(card.count for card in deck.cards)
        kinds = sum(1 for card in deck.cards if card.count)
        held = words["label_kinds"].format(n=total, kinds=kinds) if kinds != total else said(words, "label_card", total)
        out.append(LabelText(deck.name, (words["label_deck"].format(cards=held), game.spec.title)))
    for spec, raw in token_sets(game):
        variants = [v for v in token_variants(raw) if v.count]
        total = sum(v.count for v in variants)
        lines = [said(words, "label_token", total)]
        if len(variants) > 1:
            lines.append(", ".join(f"{v.count} × {_piece_name(v, bool(raw.get('items')))}" for v in variants))
        out.append(LabelText(spec.name, (*lines, game.spec.title)))
    return out


def said(words: dict[str, str], key: str, n: int) -> str:
    """'1 card', '3 cards': the words table's singular key for one, its plural (`key` + 's') for any other number."""
    return words[key if n == 1 else key + "s"].format(n=n)


def _piece_name(variant, has_items: bool) -> str:
    """What a player calls one kind of piece: its item's name, else its value, else its id; and its colour."""
    fields, item = variant.fields, variant.source
    words = []
    if has_items:
        words.append(str(item["name"] if "name" in item else item.get("value", item.get("id", ""))))
    if "color" in fields:
        words.append(str(fields["color"]))
    return " ".join(w for w in words if w)


def build_labels(gctx: GameContext, options: Options):
    """`<game>-labels.pdf` (`-a4` and the like for another paper's sheet): the labels, then the sheet's calibration page."""
    game = gctx.game
    labels = label_texts(game)
    if not labels:
        return [], []
    sheet = game.spec.labels.label_sheet(options.paper)
    try:
        data, stats = write_labels(sheet, labels, game.spec.title, gctx.body_font, CUTTERS[options.cutter] if options.cutter else None,
                                   words_of(game)["label_calibration"], options.printable_mm + PRINT_TOLERANCE_MM)
    except ValueError as exc:
        return [], [error("label-sheet", f"{exc}: choose another sheet (game.yaml labels: sheet:) or another cutter", Loc(game.rel + "/game.yaml"), game=game.slug)]
    return [(f"{game.slug}-labels.pdf", data, FileStats(stats.pages, stats.pieces, cuts=stats.cuts))], []
