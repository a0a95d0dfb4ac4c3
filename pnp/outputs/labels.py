"""Bag and box labels: one label for each deck and each token set, saying what it holds, from the game's own data.

The counts are the data's (a deck's cards with their copies, a set's items
with theirs), so a label never disagrees with what the game prints. The sheet
is game.yaml's `labels: {sheet: ...}` (by default Avery's address labels for the build's paper: 5160 on Letter, L7160
on A4; pnp.data.label_sheets); the printer profile's margin keeps the words and the calibration page's outlines in.
Each label is a face drawn by a template (pnp's `pnp/label.j2`, in the game's palette, title font and the pieces' icon,
unless game.yaml names the game's own), so a label looks like the rest of the game.
"""
from __future__ import annotations

from dataclasses import replace

from pnp.core.assets import shipped
from pnp.core.errors import Loc, PnpError, error
from pnp.core.units import PRINT_TOLERANCE_MM
from pnp.data.located import LocDict, loc_at
from pnp.data.tokens import token_sets, token_variants
from pnp.data.words import words_of
from pnp.outputs.context import GameContext, face_context
from pnp.outputs.options import Options
from pnp.outputs.stats import FileStats
from pnp.render.cutters import CUTTERS
from pnp.render.labels import LabelPrint, LabelText, label_box, usable_slots, write_labels

LISTED_KINDS = 6  # a token set of more kinds says its count only: sixteen kinds' names fill no label at a readable size


def label_texts(game) -> list[LabelText]:
    """A label for each deck (its cards and copies) and each token set (its pieces, and each kind's count when it has
    several, up to LISTED_KINDS) that prints a piece, in the edition's language; a card or kind of no copy is not
    counted, named or looked at."""
    words = words_of(game)
    out = []
    for deck in game.decks.values():
        printed = [card for card in deck.cards if card.count]
        if not printed:  # a deck of no copy (each card's count 0) puts nothing in a bag: no label
            continue
        total, kinds = sum(card.count for card in printed), len(printed)
        held = words["label_kinds"].format(n=total, kinds=kinds) if kinds != total else said(words, "label_card", total)
        looks = _looks(game, [deck.data, deck.data.get("defaults") or {}, *(card.fields for card in printed)])
        out.append(LabelText(deck.name, (words["label_deck"].format(cards=held), game.spec.title), *looks, "deck", _name_at(deck.data)))
    for spec, raw in token_sets(game):
        variants = [v for v in token_variants(raw) if v.count]
        if not variants:
            continue
        total = sum(v.count for v in variants)
        lines = [said(words, "label_token", total)]
        if 1 < len(variants) <= LISTED_KINDS:
            lines.append(", ".join(f"{v.count} × {_piece_name(v, bool(raw.get('items')))}" for v in variants))
        out.append(LabelText(spec.name, (*lines, game.spec.title), *_looks(game, [raw, *(v.fields for v in variants)]), "tokens", _name_at(raw)))
    for n, extra in enumerate(game.spec.labels.add):
        out.append(LabelText(extra.title, tuple(extra.lines), extra.icon, extra.tint or _plain_tint(game.spec.palette), "extra",
                             loc_at(game.data, ("labels", "add", n, "title"))))
    return out


def _name_at(data) -> Loc | None:
    """Where a deck's or token set's `name` is written, which its label's title prints."""
    return data.loc_of("name") if isinstance(data, LocDict) and "name" in data else None


def _looks(game, sources: list) -> tuple[str | None, str]:
    """The icon and colour a label takes from its pieces' data: the first `icon` that names a known icon (pnp checks it
    when it draws), and the first `tint` or `color` that names a palette colour, else the palette's accent."""
    palette = game.spec.palette
    icon = next((s["icon"] for s in sources if isinstance(s.get("icon"), str)), None)
    tint = next((s[key] for s in sources for key in ("tint", "color") if isinstance(s.get(key), str) and s[key] in palette), None)
    return icon, tint or _plain_tint(palette)


def _plain_tint(palette) -> str:
    """A label's colour where neither its pieces nor the game name one: the palette's accent, else its ink."""
    return "accent" if "accent" in palette else "ink"


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
    cutter = CUTTERS[options.cutter] if options.cutter else None
    limit = options.printable_mm + PRINT_TOLERANCE_MM
    slots = usable_slots(sheet, cutter)
    if not slots:
        return [], [error("label-sheet", f"no slot of {sheet.title} is clear of the {cutter.name} marks: choose another sheet (game.yaml labels: sheet:) "
                                         "or another cutter", Loc(game.rel + "/game.yaml"), game=game.slug)]
    faces, findings = label_faces(gctx, labels, [label_box(sheet, x, y, limit) for x, y in slots])
    how = LabelPrint(game.spec.title, gctx.body_font, gctx.icons, _calibration_line(sheet, words_of(game)), gctx.fonts.fallback_for, cutter, limit)
    data, stats = write_labels(sheet, faces, slots, how)
    return [(f"{game.slug}-labels.pdf", data, FileStats(stats.pages, stats.pieces, cuts=stats.cuts))], findings


def label_faces(gctx: GameContext, labels: list[LabelText], boxes: list[tuple[float, float, float, float]]) -> tuple[list, list]:
    """Each label drawn by the game's label template at the size of the slot it lands in (slots repeat page after page;
    a slot's box is the part of it the printer reaches, `boxes`), with the offset of that box in the slot. A label whose
    template fails is left blank and the failure reported at the template's line."""
    game = gctx.game
    spec = game.spec.labels
    where = game.data.loc_of("labels") if "labels" in game.data else Loc(game.rel + "/game.yaml")
    faces, findings = [], []
    for n, label in enumerate(labels):
        dx, dy, w, h = boxes[n % len(boxes)]
        fields = {"title": label.title, "lines": list(label.lines), "icon": label.icon if label.icon and gctx.icons.exists(label.icon) else None,
                  "tint": label.tint, "kind": label.kind}
        context = face_context(game, None, _located(fields, label.at or where), "label", w, h, 0.0, "front", False, extra={"label": fields})
        try:
            faces.append((gctx.layouts.render(spec.template, context, w, h, 0.0, f"label {label.title}", where, game.slug), dx, dy))
        except PnpError as exc:
            findings += [f for f in (_said_at_its_name(f, label, where) for f in exc.findings) if f not in findings]
            faces.append(None)
    return faces, findings


def _said_at_its_name(finding, label: LabelText, where: Loc):
    """A finding pnp's own template (pnp/label.j2) met setting a deck's or token set's words (its kinds too long for the
    label even at 6 pt) said at the deck's or set's name (a label game.yaml adds, at its `title:`), where the
    designer mends them, never at a file of pnp's install. Its words already name the template (pnp.layout.template_places)."""
    return replace(finding, loc=label.at or where) if shipped(finding.loc.path) else finding


def _located(fields: dict, title_at: Loc) -> LocDict:
    """A label's fields with its title at the deck's or token set's name, so a title too long for the label is said
    where the designer shortens it."""
    data = LocDict(title_at)
    data.update(fields)
    data.set_loc("title", title_at)
    return data


def _calibration_line(sheet, words) -> str:
    """The calibration page's line with the sheet named where it says `{sheet}`, in the edition's numbers ('66,67 ×
    25,4 mm' in German); any other brace in a game's own words is printed as written."""
    return words["label_calibration"].replace("{sheet}", sheet.named_in(words["bundle_decimal"]))
