"""Showcase pictures for a game page: a fanned hand, a table spread and a contact sheet per deck.

Game pages want pictures of the cards in hand and on the table (Squib's
`hand` and `showcase`). The faces are the print files' own drawings,
rasterised by pnp.targets.rendering; Pillow only composes them. Each picture
is drawn at SUPERSAMPLE times its size and shrunk at the end, which smooths
the edges of rotated cards. Nothing random is left to chance: placements come
from a fixed seed and PNGs carry no time or metadata, so the same data gives
the same bytes.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from pnp.core.files import file_name, write_atomic
from pnp.outputs.context import GameContext
from pnp.targets.components import Component, Item, collect
from pnp.targets.rendering import cut_mask, png_bytes, raster

SUPERSAMPLE = 2
TABLE = (52, 84, 66)  # a felt green: cards of any colour stand out on it
SHADOW = (0, 0, 0, 110)
HAND_PER_DECK = 2
HAND_MAX = 7
TABLE_TOKENS = 12
TABLE_CARDS = 4
CONTACT_COLUMNS = 8
CORNER_MM = 3.0  # a poker card's rounded corner (the die-cut radius print services use)
LAYOUT_SEED = 53  # fixed: the table spread's placements are the same every run


@dataclass(frozen=True)
class Piece:
    """A chosen piece and the component it belongs to (for its shape and size)."""

    component: Component
    item: Item


def choose_cards(components: list[Component], wanted: tuple[str, ...]) -> list[Piece]:
    """The cards named `deck/id`, or by default the first HAND_PER_DECK of each deck, at most HAND_MAX."""
    decks = {c.id: c for c in components if c.kind == "cards"}
    if wanted:
        chosen = []
        for name in wanted:
            deck, _, card = name.partition("/")
            item = next((i for i in decks[deck].items if i.id == card), None) if deck in decks else None
            if item is None:
                raise ValueError(f"no card '{name}'; name cards as deck/id, decks: {', '.join(decks)}")
            chosen.append(Piece(decks[deck], item))
        return chosen
    chosen = [Piece(d, i) for d in decks.values() for i in d.items[:HAND_PER_DECK]]
    return chosen[:HAND_MAX]


def face_image(gctx: GameContext, piece: Piece, px_per_mm: float, side: int = 0) -> Image.Image:
    """A piece's face as RGBA at `px_per_mm`, cut to its shape (rounded card, circle, hexagon, rectangle)."""
    face = piece.item.front if side == 0 else (piece.item.back or piece.item.front)
    size = (max(1, round(face.w * px_per_mm)), max(1, round(face.h * px_per_mm)))
    image = next(raster(gctx, [face], size, px_per_mm)).convert("RGBA")
    cut = piece.component.cut  # a hexagon by its cut, flat top or pointy as it prints; an outline by its points
    image.putalpha(cut_mask(cut, size, (face.w, face.h)) if cut.kind in ("outline", "hexagon") else shape_mask(piece.component.shape, size, px_per_mm))
    return image


def shape_mask(shape: str, size: tuple[int, int], px_per_mm: float) -> Image.Image:
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    w, h = size
    if shape == "circle":
        draw.ellipse((0, 0, w - 1, h - 1), fill=255)
    elif shape == "hexagon":
        r = min(w, h) / 2
        draw.polygon([(w / 2 + r * math.cos(math.radians(60 * k + 30)), h / 2 + r * math.sin(math.radians(60 * k + 30))) for k in range(6)], fill=255)
    elif shape in ("card", "rounded"):
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=CORNER_MM * px_per_mm, fill=255)
    else:
        draw.rectangle((0, 0, w - 1, h - 1), fill=255)
    return mask


def lay(canvas: Image.Image, piece: Image.Image, centre: tuple[float, float], degrees: float, shadow_px: float) -> None:
    """Lay a piece on the canvas turned by `degrees` (anticlockwise), centred at `centre`, over a soft shadow."""
    turned = piece.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True)
    x, y = round(centre[0] - turned.width / 2), round(centre[1] - turned.height / 2)
    if shadow_px > 0:
        shade = Image.new("RGBA", turned.size, SHADOW)
        shade.putalpha(turned.getchannel("A").point(lambda a: a * SHADOW[3] // 255))
        pad = round(shadow_px * 3)
        blurred = Image.new("RGBA", (turned.width + 2 * pad, turned.height + 2 * pad), (0, 0, 0, 0))
        blurred.paste(shade, (pad, pad))
        blurred = blurred.filter(ImageFilter.GaussianBlur(shadow_px))
        canvas.alpha_composite(blurred, _inside(canvas, (x - pad + round(shadow_px / 2), y - pad + round(shadow_px))), )
    canvas.alpha_composite(turned, _inside(canvas, (x, y)))


def _inside(canvas: Image.Image, xy: tuple[int, int]) -> tuple[int, int]:
    """alpha_composite takes no negative offsets: pieces are kept on the canvas."""
    return max(0, min(xy[0], canvas.width - 1)), max(0, min(xy[1], canvas.height - 1))


def finish(canvas: Image.Image, size: tuple[int, int]) -> bytes:
    """The supersampled picture shrunk to `size`, as PNG bytes with no metadata."""
    return png_bytes(canvas.convert("RGB").resize(size, Image.Resampling.LANCZOS))


def hand_picture(gctx: GameContext, pieces: list[Piece], width: int) -> bytes:
    """The cards fanned as a player holds them, pivoting about a point below the picture."""
    size = (width, round(width * 0.625))
    W, H = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    canvas = Image.new("RGBA", (W, H), (*TABLE, 255))
    tallest = max(p.item.front.h for p in pieces)
    ppm = 0.62 * H / tallest
    n = len(pieces)
    spread = min(36.0, 9.0 * (n - 1))  # degrees from the first card to the last
    radius = 1.1 * H
    pivot = (W / 2, H * 0.42 + radius)
    for k, piece in enumerate(pieces):
        angle = 0.0 if n == 1 else -spread / 2 + spread * k / (n - 1)
        t = math.radians(angle)
        centre = (pivot[0] + radius * math.sin(t), pivot[1] - radius * math.cos(t))
        lay(canvas, face_image(gctx, piece, ppm), centre, -angle, shadow_px=6 * SUPERSAMPLE)
    return finish(canvas, size)


def table_picture(gctx: GameContext, components: list[Component], width: int) -> bytes:
    """The largest board with some tokens on it and a few cards beside it, all at one true scale."""
    size = (width, round(width * 0.625))
    W, H = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    canvas = Image.new("RGBA", (W, H), (*TABLE, 255))
    rng = random.Random(LAYOUT_SEED)
    boards = [c for c in components if c.kind == "boards"]
    board = max(boards, key=lambda c: c.trim[0] * c.trim[1]) if boards else None
    decks = [c for c in components if c.kind == "cards"]
    if board is not None:
        ppm = min(0.62 * W / board.trim[0], 0.86 * H / board.trim[1])
        bx, by = 0.05 * W + board.trim[0] * ppm / 2, H / 2
        lay(canvas, face_image(gctx, Piece(board, board.items[0]), ppm), (bx, by), -1.5, shadow_px=8 * SUPERSAMPLE)
        bw, bh = board.trim[0] * ppm, board.trim[1] * ppm
        tokens = [Piece(c, i) for c in components if c.kind == "tokens" and c.shape != "standee" for i in c.items]
        for k in range(min(TABLE_TOKENS, len(tokens) * 3)):
            piece = tokens[k % len(tokens)]
            at = (bx + (rng.random() - 0.5) * 0.8 * bw, by + (rng.random() - 0.5) * 0.8 * bh)
            lay(canvas, face_image(gctx, piece, ppm), at, rng.uniform(-20, 20), shadow_px=2 * SUPERSAMPLE)
        cards_x = bx + bw / 2 + (W - bx - bw / 2) / 2
    else:
        ppm = 0.4 * H / max(d.trim[1] for d in decks)
        cards_x = W / 2
    card_pieces = [Piece(d, d.items[k % len(d.items)]) for k, d in zip(range(TABLE_CARDS), decks * TABLE_CARDS, strict=False)]
    step = H / (len(card_pieces) + 1)
    for k, piece in enumerate(card_pieces):
        lay(canvas, face_image(gctx, piece, ppm), (cards_x, step * (k + 1)), rng.uniform(-12, 12), shadow_px=4 * SUPERSAMPLE)
    return finish(canvas, size)


def contact_picture(gctx: GameContext, deck: Component, width: int) -> bytes:
    """Every card of a deck once, CONTACT_COLUMNS a row (a smaller deck one row as wide as the picture), on the table colour."""
    cols = min(CONTACT_COLUMNS, len(deck.items))
    rows = math.ceil(len(deck.items) / cols)
    W = width * SUPERSAMPLE
    gap = W / (cols * 12)
    ppm = (W - gap * (cols + 1)) / cols / deck.trim[0]
    cw, ch = deck.trim[0] * ppm, deck.trim[1] * ppm
    H = round(rows * ch + (rows + 1) * gap)
    H -= H % SUPERSAMPLE
    canvas = Image.new("RGBA", (W, H), (*TABLE, 255))
    for k, item in enumerate(deck.items):
        r, c = divmod(k, cols)
        centre = (gap + c * (cw + gap) + cw / 2, gap + r * (ch + gap) + ch / 2)
        lay(canvas, face_image(gctx, Piece(deck, item), ppm), centre, 0.0, shadow_px=2 * SUPERSAMPLE)
    return finish(canvas, (width, H // SUPERSAMPLE))


def write_showcase(gctx: GameContext, out_dir: Path, *, width: int = 1600, cards: tuple[str, ...] = ()) -> tuple[list[Path], list]:
    """Write hand.png, table.png and <deck>-contact.png into `out_dir`; returns (paths, findings)."""
    findings: list = []
    components = collect(gctx, 0.0, findings)
    if any(f.severity == "error" for f in findings):
        return [], findings  # a face that could not be drawn: no picture, as no build writes around an error
    pieces = choose_cards(components, cards)
    pictures = {"hand.png": hand_picture(gctx, pieces, width), "table.png": table_picture(gctx, components, width)}
    for deck in (c for c in components if c.kind == "cards"):
        pictures[file_name(f"{deck.id}-contact", ".png")] = contact_picture(gctx, deck, width)
    written = []
    for name, data in pictures.items():
        write_atomic(out_dir / name, data, durable=False)
        written.append(out_dir / name)
    return written, findings
