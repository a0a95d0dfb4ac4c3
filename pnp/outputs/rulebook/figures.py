"""Rulebook figures: `![caption](card:DECK/CARD "WIDTH_MM")`, `![caption](board:ID "WIDTH_MM")` or an image,
each component drawn from its own layout, vector."""
from __future__ import annotations

import dataclasses
import math

from pnp.core.errors import IMAGE_PLACEHOLDER, LayoutError, Loc, PnpError, did_you_mean, error, warning
from pnp.data.card_names import card_name
from pnp.data.fields import ANY
from pnp.layout.elements import Group, Text
from pnp.layout.images import MissingImage
from pnp.layout.markup import spoken_name
from pnp.layout.typeset import IconOp, TextOp
from pnp.outputs.boards import render_board
from pnp.outputs.cards import render_cards
from pnp.outputs.context import GameContext
from pnp.outputs.rulebook.markdown import Converter
from pnp.render.figures import FigureItem
from pnp.render.inksaver import lighten_face
from pnp.render.text_setting import K


class Figures:
    """The figures of one rulebook: `![caption](card:DECK/CARD)`, `board:ID` or an image, each component rendered once
    from its own layout; what a figure names wrongly becomes a finding at its place in the source."""

    def __init__(self, gctx: GameContext, options, findings: list, rel: str, source: str):
        self.gctx, self.game, self.options = gctx, gctx.game, options
        self.findings, self.rel, self.source = findings, rel, source
        self._faces: dict = {}

    def where(self, needle: str) -> Loc:
        for n, text in enumerate(self.source.splitlines(), 1):
            col = text.find(needle)
            if col >= 0:
                return Loc(self.rel, n, col + 1)
        return Loc(self.rel)

    def figure_item(self, node, conv: Converter) -> FigureItem | None:
        src = str(node.attrs.get("src", ""))
        title = str(node.attrs.get("title", "") or "")
        caption, _ = conv.inline(node)
        width = None
        if title:
            try:
                width = float(title.lower().removesuffix("mm").strip())
            except ValueError:
                width = math.nan
            if not (math.isfinite(width) and width > 0):  # "nan" and "inf" read as numbers; a width past the column is the column's
                width = None
                self.findings.append(warning("figure-width", f"figure width '{title}' is not a number of mm: write it like \"45\"", self.where(src), game=self.game.slug))
        kind, _, name = src.partition(":")
        if kind in ("card", "board") and name:
            face, label = self.face(kind, name, src)
            if face is None:
                w, h = (63.5, 88.9) if kind == "card" else (120.0, 80.0)
                return FigureItem("missing", w, h, width or w, caption, label=label)
            return FigureItem("face", face.w, face.h, width or (face.w if kind == "card" else conv.width / K), caption, face=face,
                              alt=self.alt(kind, name, face))
        try:
            checked = self.gctx.check_image(src)
        except MissingImage as exc:
            if not self.options.draft:
                self.findings.append(error("figure-image", str(exc), self.where(src), game=self.game.slug))
                return None
            # a draft's stand-in for art not there yet, remembered as looked for: its arrival builds the rulebook again
            self.findings.append(warning(IMAGE_PLACEHOLDER, f"{exc}: this draft draws a placeholder in its place; add the file before printing",
                                         self.where(src), game=self.game.slug))
            self.gctx.files_read.add(exc.full)
            return FigureItem("missing", 100.0, 75.0, width or 100.0, caption, label=src.replace("\\", "/").rsplit("/", 1)[-1])
        except LayoutError as exc:
            self.findings.append(error("figure-image", str(exc), self.where(src), game=self.game.slug))
            return None
        _, iw, ih = checked
        return FigureItem("image", 100.0, 100.0 * ih / iw, width or conv.width / K, caption, image=checked)

    def alt(self, kind: str, name: str, face=None) -> str:
        """A component in words: a card's title (its deck's name_field) and then the words its face prints (its rules
        text, as a reader who cannot see the figure needs it), a board's name."""
        game = self.game
        if kind == "card":
            deck_id, _, card_id = name.partition("/")
            deck = game.decks[deck_id]
            title = card_name(deck, next(c for c in deck.cards if c.id == card_id))
            words = [w for w in printed_lines(face.elements) if w != title] if face is not None else []
            return " ".join(part if part[-1] in ".!?:;" else f"{part}." for part in [title, *words]) if words else title
        return next(b.name for b in game.boards.boards if b.id == name)

    def face(self, kind: str, name: str, src: str):
        key = (kind, name)
        if key in self._faces:
            return self._faces[key]
        game, where = self.game, self.where(src)
        face, label = None, f"{kind} {name} not found"
        if kind == "card":
            deck_id, _, card_id = name.partition("/")
            deck = game.decks.get(deck_id)
            card = next((c for c in deck.cards if c.id == card_id), None) if deck is not None else None
            if deck is None:
                self.findings.append(warning("figure-missing", f"figure names deck '{deck_id}', which this game does not have{did_you_mean(deck_id, game.decks)}: it prints as an empty frame", where, game=game.slug))
            elif card is None:
                self.findings.append(warning("figure-missing", f"figure names card '{card_id}', which deck '{deck_id}' does not hold{did_you_mean(card_id, [c.id for c in deck.cards])}: it prints as an empty frame", where, game=game.slug))
            else:
                if self.gctx.card_reads is not None:
                    self.gctx.card_reads.add(deck_id, card_id, ANY)  # the whole face is printed here
                rendered, found = render_cards(self.gctx, deck, dataclasses.replace(self.options, bleed=False), [card], backs=False)
                self.findings += found
                face = rendered[0][1] if rendered else None
                if face is not None and self.options.ink_saver:
                    face = lighten_face(face)
        else:
            face = self._board_face(name, where)
        self._faces[key] = (face, label)
        return face, label

    def _board_face(self, board_id: str, where: Loc):
        game = self.game
        specs = {b.id: b for b in (game.boards.boards if game.boards else [])}
        if board_id not in specs:
            self.findings.append(warning("figure-missing", f"figure names board '{board_id}', which boards.yaml does not hold{did_you_mean(board_id, specs)}: it prints as an empty frame", where, game=game.slug))
            return None
        raw = next(b for b in game.boards_data["boards"] if b.get("id") == board_id)
        try:
            return render_board(self.gctx, specs[board_id], raw, self.options.ink_saver)
        except PnpError as exc:
            self.findings.extend(exc.findings)
            return None


def printed_lines(elements) -> list[str]:
    """The lines of words a face prints, in the order it draws them (groups included; ornaments left out): runs on one
    baseline joined with a space where the face leaves a gap between them, as a reader sees them, and an inline icon
    said by its name where it stands."""
    lines: list[str] = []
    for el in elements:
        if isinstance(el, Group):
            lines += printed_lines(el.children)
        elif isinstance(el, Text) and not el.decoration:
            lines += _text_lines(el.ops)
    return [line for line in lines if line]


def _text_lines(ops) -> list[str]:
    lines: list[str] = []
    baseline, end = None, 0.0
    for op in ops:
        if isinstance(op, IconOp):  # an inline icon among the words is read by its name, as the tagged rules read it
            name = spoken_name(op.icon)
            if lines:
                lines[-1] += f" {name}"
            else:
                lines.append(name)
            end = op.x + op.size
            continue
        if not isinstance(op, TextOp):
            continue
        if op.y != baseline:
            lines.append(op.text.strip())
        else:
            lines[-1] += (" " if op.x - end > 0.5 and not op.text.startswith(" ") else "") + op.text
        baseline, end = op.y, op.x + op.w
    return [" ".join(line.split()) for line in _joined(lines)]


def _joined(lines: list[str]) -> list[str]:
    """The lines of one text block as one sentence: a paragraph wrapped on the face reads as it was written."""
    return [" ".join(lines)] if lines else []
