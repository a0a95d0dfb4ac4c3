"""A deck from a folder of images: `cards_from: art/monsters/` makes a card of each PNG, JPEG or WebP in it.

Art-first designers and proxy printers have images, not a spreadsheet. Each image is a card: its file name
(without a count suffix and the extension) is its id and name, a suffix such as `-x3` its count, and its path
(from the project folder) its `image` field, which the deck's front template draws. An image whose proportions
are not the card's (trim or trim with bleed) is warned of at the file: drawn to cover the card it loses its edges,
drawn to fit it leaves bands.
"""
from __future__ import annotations

import re
import warnings
from pathlib import Path

from pnp.core.errors import Finding, Loc, error, warning
from pnp.core.files import game_files
from pnp.core.units import CARD_SIZES, parse_size
from pnp.data.source import LocDict, LocList

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
COUNT_SUFFIX = re.compile(r"^(?P<name>.+?)[-_ ]x(?P<count>\d{1,4})$", re.IGNORECASE)  # `dragon-x3`: three copies
ASPECT_SLACK = 0.02  # proportions this close to the card's (2 %) lose under a millimetre to the cut
BLEEDS_MM = (0.0, 3.0, 3.175)  # art made to the trim, with 3 mm bleed or with 1/8 in bleed all fit


def names_folder(value, deck_path: Path) -> bool:
    """Whether a deck's `cards_from` names a folder of images rather than a spreadsheet."""
    return isinstance(value, str) and (value.endswith(("/", "\\")) or (deck_path.parent / value).is_dir())


def image_cards(folder: Path, root: Path, where: Loc, size, slug: str) -> tuple[LocList | None, list[Finding]]:
    """The cards of the images in `folder` (in name order), each located at its file, and warnings for images whose
    proportions are not the cards' `size`; None and an error when the folder holds no image."""
    images = [p for p in game_files(folder) if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()]
    rel_folder = folder.relative_to(root).as_posix()
    if not images:
        return None, [error("deck-no-images", f"cards_from names the folder {rel_folder}/, which holds no PNG, JPEG or WebP image: "
                            f"put the card images there, or name a spreadsheet", where, game=slug)]
    cards = LocList(where)
    findings: list[Finding] = []
    ids: dict[str, str] = {}
    trim = parse_size(size, CARD_SIZES)
    for path in images:
        rel = path.relative_to(root).as_posix()
        stem = path.stem
        m = COUNT_SUFFIX.match(stem)
        name, count = (m.group("name"), int(m.group("count"))) if m else (stem, 1)
        ident = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_") or "card"
        if ident in ids:
            findings.append(error("card-duplicate-id", f"{rel} and {ids[ident]} both make the card '{ident}': rename one", Loc(rel), game=slug))
            continue
        ids[ident] = rel
        card = LocDict(Loc(rel), rel)
        card.update(id=ident, name=re.sub(r"[-_]+", " ", name).strip(), count=count, image=rel)
        cards.append(card)
        cards.locs.append(Loc(rel))
        if trim is not None:
            findings += _proportions(path, rel, trim, slug)
    return cards, findings


def _proportions(path: Path, rel: str, trim: tuple[float, float], slug: str) -> list[Finding]:
    """A warning when the image's width to height is not the card's, with or without bleed (unreadable images are left
    to the image check that draws them)."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(path) as img:
                w, h = img.size
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        return []
    if not w or not h:
        return []
    ratio = w / h
    cards = [(trim[0] + 2 * b) / (trim[1] + 2 * b) for b in BLEEDS_MM]
    if any(abs(ratio / card - 1) <= ASPECT_SLACK for card in cards):
        return []
    return [warning("image-aspect", f"this card's image is {w} × {h} px ({ratio:.2f}:1), and the cards are {trim[0]:g} × {trim[1]:g} mm ({cards[0]:.2f}:1, "
                    f"{cards[1]:.2f}:1 with 3 mm bleed): drawn to cover a card it loses {_lost(ratio, cards[0])} of its "
                    f"{'width' if ratio > cards[0] else 'height'}; crop it to the card's proportions", Loc(rel), game=slug)]


def _lost(ratio: float, card: float) -> str:
    share = 1 - min(ratio, card) / max(ratio, card)
    return f"{share:.0%}"
