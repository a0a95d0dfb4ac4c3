"""Where a deck's cards come from when they are not written in its file: a spreadsheet (`cards_from: cards.csv`), a
folder of pictures (`cards_from: art/`) or a `generate:` block. Each fills the deck's `cards` as if written out in
it, every mistake a finding at `cards_from` or in the source, so the deck reads on as any other (pnp.data.project).
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from pnp.core.errors import SHEET_NO_HEADER, PnpError, did_you_mean, error, warning
from pnp.core.files import LeavesFolder, Refused, inside
from pnp.data.image_folder import image_cards, names_folder
from pnp.data.languages import Edition, localise, missing_translations
from pnp.data.located import LocDict, LocList
from pnp.data.proxy_projects import names_project, project_cards, project_keeping


class ProjectFolder(Protocol):
    """What a source reads of the project (pnp.data.project.Project): its folder, and a path as findings name it."""

    root: Path

    def rel(self, path: Path) -> str: ...


def cards_filled(project: ProjectFolder, data, path: Path, slug: str, findings: list, edition: Edition) -> tuple[bool, Path | None]:
    """Fill the deck's cards from where `cards_from` names (a folder of pictures, a spreadsheet) and what `generate`
    makes: (whether that went without an error, the spreadsheet's path when the cards came from one)."""
    if not isinstance(data, LocDict):
        return True, None
    if "cards_from" in data and "generate" in data:  # said at the key written, before the sheet or folder fills `cards`
        findings.append(error("deck-two-sources", "this deck has both `cards_from:` and `generate:`: keep one", data.key_loc("cards_from"), game=slug))
        return False, None
    if "generate" in data:
        return _generated_cards(data, slug, findings), None
    sheet = None
    if "cards_from" in data and (names_folder(data["cards_from"], path) or names_project(data["cards_from"])):
        if not _picture_cards(project, data, path, slug, findings):
            return False, None
    elif "cards_from" in data:
        sheet = _sheet_cards(project, data, path, slug, findings, edition)
        if sheet is None:
            return False, None
    return True, sheet

def _sheet_cards(project: ProjectFolder, data: LocDict, path: Path, slug: str, findings: list, edition: Edition) -> Path | None:
    """Fill `data["cards"]` from the spreadsheet the deck names; the sheet's path, or None after a finding."""
    from pnp.data.schema import SheetOptions, check_shape
    from pnp.data.sheet_rows import SheetSource
    from pnp.data.spreadsheet import read_cards  # a deck read from a sheet alone imports the sheets' reader

    options, found = check_shape(SheetOptions, data, project.rel(path), game=slug)
    findings += found
    if options is None:
        return None
    if "cards" in data:
        findings.append(error("deck-two-sources", "this deck has both `cards:` and `cards_from:`: keep one", data.key_loc("cards"), game=slug))
        return None
    sheet = path.parent / options.cards_from
    from pnp.data.live import is_live, snapshot_of  # a deck read from a sheet: a live sheet's snapshot
    if is_live(options.cards_from):
        sheet = snapshot_of(path)
        if sheet is None:
            findings.append(error("live-no-snapshot", f"cards_from is a web address and no snapshot of it was pulled yet: run `pnp pull {slug}` "
                                  f"(a build never reaches the network; it reads the snapshot pull saves beside {path.name})", data.loc_of("cards_from"), game=slug))
            return None
    try:
        sheet = deck_sheet(project, data, options.cards_from, sheet, path, slug)
    except PnpError as exc:
        findings += exc.findings
        return None
    source = SheetSource.of_deck(sheet, project.rel(sheet), options, data)
    try:
        warned: list = []
        cards = read_cards(source, warned)
        findings += [replace(f.in_game(slug), component=path.stem) if f.code == SHEET_NO_HEADER else f.in_game(slug) for f in warned]  # the deck its knock-ons name
        if not cards:  # said at the sheet, where the rows go, not as an empty list in the deck's YAML
            findings.append(error("sheet-no-cards", "the sheet has its header row but no card under it: write a row per card below the field names", cards.loc, game=slug))
            return None
        findings += missing_translations(cards, edition, source.rel, slug)
        data["cards"] = localise(cards, edition)
    except PnpError as exc:
        findings.extend(f.__class__(f.severity, f.code, f.message, f.loc, slug, f.component) for f in exc.findings)
        return None
    data.set_loc("cards", data.loc_of("cards_from"))
    return sheet

def deck_sheet(project: ProjectFolder, data: LocDict, name: str, sheet: Path, path: Path, slug: str) -> Path:
    """The real path of the sheet deck `path` reads its cards from (`cards_from: name`, found at `sheet`), refused
    (PnpError at `cards_from`) when it leads out of the game's folder or is no file: every reader of a deck's sheet
    (the build, a translator's sheet) asks here, so one mistake is one finding."""
    game_dir, at = path.parent.parent, data.loc_of("cards_from")
    try:
        if "\0" in str(sheet):
            raise LeavesFolder(sheet, game_dir)
        real = inside(sheet, project.root, game_dir)
    except LeavesFolder:
        raise PnpError(error("path-outside", f"cards_from '{name}' leads outside the game's folder: keep the sheet inside {project.rel(game_dir)}", at, game=slug)) from None
    except Refused as exc:
        raise PnpError(error(exc.code, f"cards_from {exc.advice(project.rel(sheet), '')}", at, game=slug)) from None
    if not os.path.lexists(real):  # said at the deck's line: the name as written may be no path at all (file:///…)
        raise PnpError(error("sheet-missing", f"cards_from names '{name}', which is no file beside {path.name}{did_you_mean(name, _sheets_near(path.parent, name))}: "
                             "fix the name, or put the sheet there (a web address starts with https://)", at, game=slug))
    return real

def _picture_cards(project: ProjectFolder, data: LocDict, path: Path, slug: str, findings: list) -> bool:
    """Fill `data["cards"]` with a card for each image of the folder `cards_from` names (pnp.data.image_folder), or of
    the proxy printer's project file it names (pnp.data.proxy_projects); False after a finding."""
    if "cards" in data:
        findings.append(error("deck-two-sources", "this deck has both `cards:` and `cards_from:`: keep one", data.key_loc("cards"), game=slug))
        return False
    where, game_dir = data.loc_of("cards_from"), path.parent.parent
    try:
        if "\0" in data["cards_from"]:
            raise LeavesFolder(path.parent / data["cards_from"], game_dir)
        target = inside(path.parent / data["cards_from"], project.root, game_dir)
    except LeavesFolder:
        findings.append(error("path-outside", f"cards_from '{data['cards_from']}' leads outside the game's folder: keep the images inside {project.rel(game_dir)}",
                              where, game=slug))
        return False
    except Refused as exc:
        findings.append(error(exc.code, f"cards_from {exc.advice(data['cards_from'], '')}", where, game=slug))
        return False
    cards, found = _pictures_at(project, target, data["cards_from"], path, where, data, slug)
    findings += found
    if cards is None:
        return False
    del data["cards_from"]  # the deck reads as if its cards were written out in it
    data["cards"] = cards
    data.set_loc("cards", where)
    return True

def _pictures_at(project: ProjectFolder, target: Path, name: str, path: Path, where, deck: LocDict, slug: str) -> tuple[LocList | None, list]:
    """The cards of the folder of images or the proxy project file `cards_from: name` leads to (at `target`): None
    and the findings when there is none there or it cannot be read."""
    if names_project(name):
        if not target.is_file():
            return None, [error("sheet-missing", f"cards_from names '{name}', which is no file beside {path.name}: "
                                "fix the name, or copy the tool's project file and its folder of images there", where, game=slug)]
        try:
            return project_cards(target, project.rel(target), path.parent.parent, project.root, slug, deck.get("size"),
                                 deck.loc_of("size") if "size" in deck else None)
        except PnpError as exc:
            return None, exc.findings
    if not target.is_dir():
        return None, [error("deck-no-images", f"cards_from names the folder {name}, which is not there beside {path.name}: "
                            f"make it and put the card images in it", where, game=slug)]
    cards, found = image_cards(target, project.root, where, slug)
    kept_by = project_keeping(target, project.root, path.parent.parent) if cards is not None else None
    if kept_by is not None:  # named as `cards_from` names it, from the deck's folder
        named = Path(os.path.relpath(kept_by, os.path.realpath(path.parent))).as_posix()
        found.append(warning("proxy-project-unread", f"{name} holds the images of the proxy project {named}, whose copies and "
                             f"backs a folder alone does not deal (each image one card): write cards_from: {named}", where, game=slug))
    return cards, found

def _generated_cards(data: LocDict, slug: str, findings: list) -> bool:
    """Fill `data["cards"]` with the cards its `generate:` block makes (pnp.data.generate); False after a finding."""
    from pnp.data.generate import GenerateSpec, generated_cards
    from pnp.data.schema import check_shape

    if "cards" in data:  # `cards_from:` beside it is said before its source is read (cards_filled)
        findings.append(error("deck-two-sources", "this deck has both `cards:` and `generate:`: keep one", data.key_loc("cards"), game=slug))
        return False
    block = data["generate"]
    spec, found = check_shape(GenerateSpec, block, data.path, what="generate", game=slug)
    findings += found
    if spec is None:
        return False
    cards, found = generated_cards(block, spec, slug)
    findings += found
    if cards is None:
        return False
    data["cards"] = cards
    data.set_loc("cards", data.loc_of("generate"))
    return True


def _sheets_near(folder: Path, name: str) -> list[str]:
    """The sheets in the folder a deck's `cards_from: name` points into, named as `cards_from` names them: what a
    misspelt name is offered (`Crystals.csv` for `crystals.csv`, `crystals.cvs`)."""
    from pnp.data.sheet_rows import TEXT_SUFFIXES, WORKBOOK_SUFFIXES  # asked only after a mistake

    sub = Path(name).parent
    try:
        entries = sorted(os.listdir(folder / sub))
    except (OSError, ValueError):
        return []
    return [(sub / entry).as_posix() for entry in entries if Path(entry).suffix.lower() in (*TEXT_SUFFIXES, *WORKBOOK_SUFFIXES)]
