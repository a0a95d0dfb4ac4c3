"""A deck from a proxy printer's project file: `cards_from: proj.json` reads what Proxy-PDF-Maker (or print-proxy-prep,
whose file is `print.json`) keeps of a folder of card images, as the tool saved it.

The folder alone gives each image one copy (pnp.data.image_folder); the project says how many the designer set in
the tool (`num`, 0 for none), which images are no card of their own (`hidden`: the back of a two-sided card), each
card's own back (`backside`) and every other card's (`backside_default`), while `backside_enabled`. An image the
project does not list is a card of one copy, as both tools count a new image; a card it lists whose image is gone is
warned of at its name, since the tool would no longer print it either.
"""
from __future__ import annotations

import json
import os
from pathlib import Path, PureWindowsPath

from pnp.core.errors import Finding, Loc, PnpError, error, warning
from pnp.core.files import LeavesFolder, Refused, game_files, inside
from pnp.core.units import parse_size
from pnp.data.image_folder import folder_back, image_cards
from pnp.data.located import LocDict, LocList
from pnp.data.source import load_yaml, read_text

PRINT_PROXY_PREP_IMAGES = "images"  # print-proxy-prep keeps its images in this folder beside print.json
# The card sizes Proxy-PDF-Maker prints at, by the name its project saves (its source/lib/include/ppp/config.hpp,
# g_DefaultCardSizes); "Magic the Gathering" is what projects saved before June 2025 for today's "Standard". A size
# the designer defined in the tool's own settings is not in the project file: no size is said for it.
TOOL_CARD_SIZES = {"Standard": "2.48 x 3.46 in", "Magic the Gathering": "2.48 x 3.46 in", "Oversized": "3.46 x 4.96 in",
                   "Japanese": "59 x 86 mm", "Poker": "2.5 x 3.5 in"}
PRINT_PROXY_PREP_SIZE = "2.48 x 3.46 in"  # print-proxy-prep's main.py draws every card at 2.48 × 3.46 in
SIZE_SLACK_MM = 0.5  # closer than this, the deck's size is the tool's (63 × 88 mm for 2.48 × 3.46 in)


def names_project(value) -> bool:
    """Whether a deck's `cards_from` names a proxy printer's project file rather than a spreadsheet or a folder."""
    return isinstance(value, str) and value.lower().endswith(".json")


class Listed:
    """One image as the project lists it: its copies, whether it is a card, its own back's file name, where it is said."""

    def __init__(self, count, hidden: bool, back: str, where: Loc):
        self.count, self.hidden, self.back, self.where = count, hidden, back, where


def project_cards(file: Path, rel: str, game_dir: Path, root: Path, slug: str, deck_size=None,
                  size_at: Loc | None = None) -> tuple[LocList | None, list[Finding]]:
    """The cards of the proxy project `file` (its path `rel` from the project): its folder's images, each with the
    copies and back the project gives it; None and the error when the file or its folder cannot be read. A deck whose
    `deck_size` is not the card size the tool prints the project at is warned of at `size_at`."""
    data = _read(file, rel, slug)
    size_said = _size_said(data, rel, deck_size, size_at, slug)
    folder_name = _folder_name(data, rel, slug)
    try:
        folder = inside(file.parent / folder_name, root, game_dir)
    except (LeavesFolder, Refused):
        return None, [error("path-outside", f"{rel} keeps its images in '{folder_name}', which is not inside the game's folder: "
                            f"copy the images beside {file.name}", data.loc_of("image_dir") if "image_dir" in data else data.loc, game=slug)]
    cards, findings = image_cards(folder, root, data.loc, slug)
    if cards is None:
        return None, findings
    findings += size_said
    listed = _listed(data, slug, findings)
    default_back = _default_back(data, folder)
    kept = LocList(cards.loc)
    for card, loc in zip(cards, cards.locs, strict=True):
        entry = listed.pop(Path(card["image"]).name, None)
        if entry is not None and entry.hidden:
            continue
        if entry is not None:
            card["count"] = entry.count
        card.pop("back_image", None)
        back = (folder / entry.back) if entry is not None and entry.back else default_back
        if back is not None and back.is_file():
            card["back_image"] = back.relative_to(root).as_posix()
        kept.append(card)
        kept.locs.append(loc)
    for name, entry in listed.items():
        if not entry.hidden and entry.count and not name.startswith("__"):
            findings.append(warning("proxy-image-missing", f"the project lists the card {name}, which is not in {folder.relative_to(root).as_posix()}/: "
                                    "put the image back, or take the card out of the project in the tool", entry.where, game=slug))
    return kept, findings


def project_keeping(folder: Path, root: Path, game_dir: Path) -> Path | None:
    """The proxy project file beside `folder`, or in a folder above it within the game's, whose images it is (its
    `image_dir`, which may lead down several folders: `set\\art`; print.json beside `images/`), if any: a deck that
    names the folder alone deals none of the project's copies and backs."""
    holder, top = folder.parent, Path(os.path.realpath(game_dir))
    while True:
        kept = _keeping(holder, folder, root, game_dir)
        if kept is not None or holder == top or top not in holder.parents:
            return kept
        holder = holder.parent


def _keeping(holder: Path, folder: Path, root: Path, game_dir: Path) -> Path | None:
    """The proxy project file in `holder` whose images are `folder`'s, if any."""
    for file in game_files(holder, "*.json"):
        try:
            data = json.loads(read_text(inside(file, root, game_dir), file.name))
        except (PnpError, OSError, ValueError, LeavesFolder, Refused):
            continue
        if isinstance(data, dict) and isinstance(data.get("cards"), (dict, list)):
            named = PRINT_PROXY_PREP_IMAGES if isinstance(data["cards"], dict) else data.get("image_dir")
            if isinstance(named, str) and named.strip() and (file.parent / _posix(named)).resolve() == folder.resolve():
                return file
    return None


def _read(file: Path, rel: str, slug: str) -> LocDict:
    """The project file read with each value's place; one error at the place JSON stops making sense."""
    text = read_text(file, rel)
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise PnpError(error("proxy-project-syntax", f"JSON syntax: {exc.msg}: save the project again from the tool", Loc(rel, exc.lineno, exc.colno),
                             game=slug)) from None
    data = load_yaml(file, rel, raw=text.encode("utf-8"))  # JSON is YAML: read again for the places of its values
    if not isinstance(data, LocDict) or not isinstance(data.get("cards"), (dict, list)):
        at = data.loc if isinstance(data, (LocDict, LocList)) else Loc(rel, 1, 1)
        raise PnpError(error("proxy-project-unknown", f"{rel} is no Proxy-PDF-Maker or print-proxy-prep project (it lists no `cards`): "
                             "name the folder of images instead (cards_from: images/), or a spreadsheet", at, game=slug))
    return data


def _size_said(data: LocDict, rel: str, deck_size, at: Loc | None, slug: str) -> list[Finding]:
    """A warning when the deck's size is not the one the tool prints the project's cards at (either way round): the
    images were chosen and cropped for the tool's size, and the deck would print them at another."""
    if isinstance(data["cards"], dict):
        tool, written = "print-proxy-prep", PRINT_PROXY_PREP_SIZE
    else:
        choice = data.get("card_size")
        written = TOOL_CARD_SIZES.get(choice) if isinstance(choice, str) else None
        tool = f"Proxy-PDF-Maker (its card size '{choice}')"
    deck = parse_size(deck_size)
    if written is None or deck is None or at is None:
        return []
    wanted = parse_size(written)
    if all(abs(a - b) < SIZE_SLACK_MM for a, b in zip(sorted(deck), sorted(wanted), strict=True)):
        return []
    return [warning("proxy-card-size", f"{tool} prints {rel}'s cards at {written.replace(' x ', ' × ')}, and this deck's size is "
                    f"{deck[0]:g} × {deck[1]:g} mm: write size: {written} to print them as the tool does", at, game=slug)]


def _folder_name(data: LocDict, rel: str, slug: str) -> str:
    """The images' folder beside the file: Proxy-PDF-Maker's `image_dir` (saved with Windows' backslashes on
    Windows), print-proxy-prep's `images`."""
    if isinstance(data["cards"], dict):
        return PRINT_PROXY_PREP_IMAGES
    name = data.get("image_dir")
    if not isinstance(name, str) or not name.strip():
        raise PnpError(error("proxy-project-unknown", f"{rel} names no folder of images (`image_dir`): save the project again from the tool",
                             data.key_loc("cards"), game=slug))
    return _posix(name)


def _posix(name: str) -> str:
    return PureWindowsPath(name).as_posix() if "\\" in name else name


def _listed(data: LocDict, slug: str, findings: list[Finding]) -> dict[str, Listed]:
    """Each image the project lists, by file name: Proxy-PDF-Maker's list of cards, or print-proxy-prep's counts."""
    cards = data["cards"]
    if isinstance(cards, dict):
        return {name: Listed(_count(cards, name, slug, findings), False, "", cards.key_loc(name)) for name in cards}
    out: dict[str, Listed] = {}
    for entry in cards:
        if isinstance(entry, LocDict) and isinstance(entry.get("name"), str):
            back = entry.get("backside") if data.get("backside_enabled") is not False else ""  # backs off: the tool prints none, its own neither
            out[entry["name"]] = Listed(_count(entry, "num", slug, findings), bool(entry.get("hidden")),
                                        back if isinstance(back, str) else "", entry.loc_of("name"))
    return out


def _count(mapping: LocDict, key: str, slug: str, findings: list[Finding]) -> int:
    """A listed image's copies: a whole number of at least 0 (1, and an error at it, when it is anything else)."""
    value = mapping.get(key, 1)
    if type(value) is int and value >= 0:
        return value
    findings.append(error("proxy-count", f"{json.dumps(value, ensure_ascii=False)} is no count of copies: write a whole number, 0 or more",
                          mapping.loc_of(key), game=slug))
    return 1


def _default_back(data: LocDict, folder: Path) -> Path | None:
    """Every card's back unless it has its own: Proxy-PDF-Maker's `backside_default` while backs are on, else the
    folder's `__back` image (pnp.data.image_folder), as both tools print it."""
    if data.get("backside_enabled") is False:
        return None
    name = data.get("backside_default")
    if isinstance(name, str) and name:
        return folder / name
    return folder_back(folder)
