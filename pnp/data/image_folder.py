"""A deck from a folder of images: `cards_from: art/monsters/` makes a card of each PNG, JPEG or WebP in it.

Art-first designers and proxy printers have images, not a spreadsheet. Each image is a card: its file name
(without a count suffix and the extension) is its id and name, a suffix such as `-x3` its count, and its path
(from the project folder) its `image` field, which the deck's front template draws. An image whose name starts with
`__` is no card, as in Proxy-PDF-Maker, whose folders keep the cards' back as `__back.png`: that one is every
card's `back_image`, for the deck's back template to draw. An image whose proportions
are not the card's (trim or trim with bleed) is warned of at the file: drawn to cover the card it loses its edges,
drawn to fit it leaves bands.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.core.errors import Finding, Loc, error
from pnp.core.files import game_files
from pnp.data.located import LocDict, LocList
from pnp.data.made_ids import unique_id

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")  # the file names of the formats pnp.core.pixels allows
NOT_A_CARD = "__"  # Proxy-PDF-Maker's and print-proxy-prep's mark of an image that is no card: `__back.png`, the cards' back
BACK_STEM = "__back"  # that back, given to every card as `back_image` for the deck's back template to draw
COUNT_SUFFIX = re.compile(r"^(?P<name>.+?)[-_ ]x(?P<count>\d{1,4})\Z", re.IGNORECASE)  # `dragon-x3`: three copies


def names_folder(value, deck_path: Path) -> bool:
    """Whether a deck's `cards_from` names a folder of images rather than a spreadsheet."""
    return isinstance(value, str) and (value.endswith(("/", "\\")) or (deck_path.parent / value).is_dir())


def folder_back(folder: Path) -> Path | None:
    """The folder's `__back` image, every card's back (None when it has none)."""
    return next((p for p in game_files(folder) if p.suffix.lower() in IMAGE_SUFFIXES and p.stem.lower() == BACK_STEM and p.is_file()), None)


def image_cards(folder: Path, root: Path, where: Loc, slug: str) -> tuple[LocList | None, list[Finding]]:
    """The cards of the images in `folder` (in name order), each located at its file; None and an error when the folder
    holds no image. An image whose shape is not its box's is told where a template draws it, as every picture is
    (pnp.layout.picture_checks): one finding, in every command, whatever deck it comes from."""
    from pnp.data.schema import MAX_CARDS_PER_DECK

    pictures = [p for p in game_files(folder) if p.suffix.lower() in IMAGE_SUFFIXES]
    names = [p for p in pictures if not p.name.startswith(NOT_A_CARD)]
    back_file = folder_back(folder)
    back = back_file.relative_to(root).as_posix() if back_file is not None else None
    rel_folder = folder.relative_to(root).as_posix()
    if len(names) > MAX_CARDS_PER_DECK:  # counted by name, before any is looked at
        return None, [error("deck-too-many-images", f"cards_from names the folder {rel_folder}/, which holds {len(names):,} images: a deck "
                            f"holds at most {MAX_CARDS_PER_DECK:,} cards; split the images into several folders, a deck each", where, game=slug)]
    images = [p for p in names if p.is_file()]
    if not images:
        hidden = " but those named __…, which are no card" if len(pictures) > len(names) else ""
        return None, [error("deck-no-images", f"cards_from names the folder {rel_folder}/, which holds no PNG, JPEG or WebP image{hidden}: "
                            f"put the card images there, or name a spreadsheet", where, game=slug)]
    cards = LocList(where)
    findings: list[Finding] = []
    ids: dict[str, str] = {}
    for path in images:
        rel = path.relative_to(root).as_posix()
        stem = path.stem
        m = COUNT_SUFFIX.match(stem)
        name, count = (m.group("name"), int(m.group("count"))) if m else (stem, 1)
        ident = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_") or unique_id("card", ids)  # 龍.png: no letter an id may hold
        if ident in ids:
            findings.append(error("card-duplicate-id", f"{rel} and {ids[ident]} both make the card '{ident}': rename one", Loc(rel), game=slug))
            continue
        ids[ident] = rel
        card = LocDict(Loc(rel), rel)
        card.update(id=ident, name=re.sub(r"[-_]+", " ", name).strip(), count=count, image=rel, **({"back_image": back} if back else {}))
        cards.append(card)
        cards.locs.append(Loc(rel))
    return cards, findings
