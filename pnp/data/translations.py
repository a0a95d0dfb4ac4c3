"""A game's translatable text, cell by cell: what `pnp translate export` lists and `pnp translate import` finds again.

Each value a translator can translate is a `Cell`, named by an id that survives
edits elsewhere in its file: the file and the value's path, list items by their
`id` where they have one (`data/duo/decks/beasts.yaml#cards[dragon].name`). A
field is translatable when any value of it in its file already has a translation
(the rule of `missing_translations`), or when some value of it reads as words: a
capital letter or a space, or three characters of Japanese or Chinese (炎の竜), and no `/` of a file name (nor
a size, `127 x 170`). A field whose values are all single lower-case words (`category: lavender`, `organ: liver`; 火)
is a key that templates and checks compare, and is left out until a translation of it is written by hand. Ids, templates, fonts, colours, constraints and generated decks never are.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import Finding, Loc, PnpError
from pnp.core.files import game_files
from pnp.core.unspaced import unspaced
from pnp.data.deck_sources import deck_sheet
from pnp.data.languages import MARK, digest_key, source_digest, source_text, split_key
from pnp.data.located import LocDict, LocList
from pnp.data.source import load_yaml

NEVER = frozenset({"id", "front", "back", "template", "cards_from", "sheet", "source", "constraints", "fonts", "palette", "generate",
                   "languages", "version", "in", "check", "field", "stamp_corner", "front_from", "back_from", "name_field", "id_column",
                   "count_column", "text_columns", "list_columns", "size", "shape"})
SHEET_SUFFIXES = (".csv", ".tsv", ".xlsx", ".xlsm", ".ods")
WRITABLE_SHEETS = (".csv", ".tsv")  # pnp writes a translation back into a text sheet; a workbook is the designer's program's to write


@dataclass(frozen=True)
class Cell:
    """One translatable value and its translation into one language, as the export lists it and the import finds it."""

    id: str  # file#path: data/duo/decks/beasts.yaml#cards[dragon].name
    where: str  # where it prints, as a translator reads it: "deck beasts, card dragon: name"
    source: str
    translation: str  # "" while there is none
    status: str  # "" (made from this source), "missing", "stale" (made from an older source), "unchecked" (no digest)
    translation_loc: Loc | None
    card: tuple[str, str] | None = None  # (deck, card id) of a card's field: the face it prints on
    part: str = ""  # the kind of output it prints in (cards, boards, reference, rulebook…); "" for game.yaml, read anywhere


@dataclass(frozen=True)
class Place:
    """Where a cell's value is written: the mapping holding it and its key (`pnp translate import` writes beside it)."""

    file: Path
    rel: str
    mapping: LocDict
    key: str
    kind: str = "yaml"  # "yaml" a YAML mapping, "sheet" a spreadsheet's row, "rulebook" a section of the rulebook


# Japanese and Chinese have no capitals and no spaces: a key in them (火, 森林) is a word of one or two characters, a
# name (炎の竜) or a sentence runs to three or more
UNSPACED_WORDS = 3


def _wordy(value) -> bool:
    if isinstance(value, list):
        return any(_wordy(item) for item in value)
    if not isinstance(value, str) or not re.search(r"[^\W\d_]", value):
        return False
    if "/" in value and " " not in value.strip():
        return False  # a file or template name
    if re.fullmatch(r"\s*[\d.]+\s*[x×]\s*[\d.]+\s*(mm|in|cm)?\s*", value):
        return False  # a size: 127 x 170, 2.5 x 3.5 in
    return " " in value.strip() or value != value.lower() or sum(map(unspaced, value)) >= UNSPACED_WORDS


def _text(value) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(item, str) for item in value)
    return isinstance(value, str) and bool(value.strip())


def _leaves(value, path: str, pattern: str, out: list, translated: set) -> None:
    """Every text value under `value`: (pattern, path, mapping, key), and in `translated` the patterns some value of
    which has a translation."""
    if isinstance(value, LocList):
        for i, item in enumerate(value):
            label = item.get("id") if isinstance(item, LocDict) and isinstance(item.get("id"), (str, int)) else i
            _leaves(item, f"{path}[{label}]", f"{pattern}[]", out, translated)
        return
    if not isinstance(value, LocDict):
        return
    for key, item in value.items():
        if not isinstance(key, str):
            continue
        base, lang = split_key(key)
        where = f"{pattern}.{base}" if pattern else str(base)
        if lang is not None:
            translated.add(where)
        elif key not in NEVER:
            if _text(item):
                out.append((where, f"{path}.{key}" if path else key, value, key))
            else:
                _leaves(item, f"{path}.{key}" if path else key, where, out, translated)


def places(value, file: Path, rel: str, kind: str = "yaml") -> dict[str, Place]:
    """The translatable values of one file's data, by cell id."""
    sheet = kind == "sheet"
    leaves: list = []
    translated: set = set()
    start = "cards" if sheet else ""  # a sheet's rows are its deck's cards
    _leaves(value, start, start, leaves, translated)
    wanted = translated | {pattern for pattern, _, mapping, key in leaves if _wordy(mapping[key])}
    return {f"{rel}#{path}": Place(file, rel, mapping, key, kind) for pattern, path, mapping, key in leaves if pattern in wanted}


def cell_of(cell_id: str, place: Place, lang: str, what: str) -> Cell:
    """The cell at `place` in language `lang`; `what` names the file's part of the game (deck beasts, the game)."""
    mapping, key = place.mapping, place.key
    tkey, dkey = f"{key}{MARK}{lang}", digest_key(key, lang)
    source = source_text(mapping[key])
    translation = source_text(mapping.get(tkey)) if tkey in mapping else ""
    digest = source_text(mapping.get(dkey)) if dkey in mapping else ""
    status = "missing" if not translation else "unchecked" if not digest else "stale" if digest != source_digest(mapping[key]) else ""
    path = cell_id.partition("#")[2]
    card = None
    m = re.fullmatch(r"cards\[([^\]]+)\]\.(.+)", path)
    if m and what.startswith("deck "):
        card = (what[5:], m[1])
        where = f"{what}, card {m[1]}: {m[2]}"
    elif place.kind == "rulebook":
        heading = _heading(str(mapping[key]))  # as written (`source` is trimmed); a heading of no words is said by its section's id
        where = f"rulebook, {'before its first heading' if heading is None else heading or path}"
    else:
        where = f"{what}: {path}"
    part = "cards" if what.startswith("deck ") else "" if what == "the game" else what
    return Cell(cell_id, where, source, translation, status, mapping.loc_of(tkey) if tkey in mapping else None, card, part)


def game_places(project, slug: str) -> tuple[list[tuple[str, dict[str, Place]]], list[Finding]]:
    """Every file of game `slug` that holds text, as (what it is, its places by cell id), in the order a translator
    meets them: the game, its decks (a deck's sheet with it), then each kind's own file."""
    from pnp.data.kinds import with_parts

    gdir = project.data_dir / slug
    files: list[tuple[str, Path, bool]] = [("the game", gdir / "game.yaml", False)]
    files += [(f"deck {path.stem}", path, True) for path in game_files(gdir / "decks", "*.yaml")]
    files += [(kind.name, gdir / kind.part_file, False) for kind in with_parts() if (gdir / kind.part_file).is_file()]
    found, findings = [], []
    rulebook = gdir / "rulebook.md"
    for what, path, deck in files:
        rel = project.rel(path)
        try:
            project.inside_data(path, rel)
            value = load_yaml(path, rel)
            found.append((what, places(value, path, rel)))
            if deck and isinstance(value, LocDict):
                sheet = _deck_sheet(project, value, path, slug)
                if sheet is not None:
                    found.append((what, sheet))
        except PnpError as exc:
            findings += [f.in_game(slug) for f in exc.findings]
    if rulebook.is_file():
        try:
            found.append(("rulebook", places(rulebook_sections(project, rulebook), rulebook, project.rel(rulebook), "rulebook")))
        except PnpError as exc:
            findings += [f.in_game(slug) for f in exc.findings]
    return found, findings


# A Markdown heading's marks, as CommonMark and so the printed rulebook read them: up to three spaces before them (a
# tab or a fourth space makes the line code), a space, a tab or the line's end after; a line that starts so starts a section.
HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
FENCE = re.compile(r" {0,3}(```|~~~)")
CLOSING = re.compile(r"(?:^|[ \t])#+[ \t]*\Z")  # `## Setup ##`: the marks that may close a heading are none of its words


def _heading(section: str) -> str | None:
    """A section's heading's words ('' for a heading of none), or None for the opening text before any heading (which
    may start with a `#hashtag` or an indented `    # code` line, no heading)."""
    first = section.split("\n", 1)[0]
    mark = HEADING.match(first)
    return CLOSING.sub("", first[mark.end():].strip()).strip() if mark else None


def sections(text: str) -> list[tuple[int, int]]:
    """Each section of a Markdown text as its (first, last + 1) line index: a heading and what follows it up to the next
    (a `#` inside a fenced code block is no heading); what comes before the first heading is a section of its own."""
    lines = text.split("\n")
    starts, fenced = [0], False
    for i, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and i and HEADING.match(line):
            starts.append(i)
    spans = list(zip(starts, [*starts[1:], len(lines)], strict=True))
    return [(a, b) for a, b in spans if "\n".join(lines[a:b]).strip()]


def section_id(text: str, taken: set) -> str:
    """A section's id from its heading ('setup', 'setup-2' for the second): the opening text before any heading is 'opening'.
    `text` is the section as `sections` cut it, its first line as written: an indented `    # code` line is no heading."""
    heading = _heading(text)
    base = (re.sub(r"[^\w]+", "-", heading.lower()).strip("-") or "section") if heading is not None else "opening"
    sid, n = base, 1
    while sid in taken:
        n += 1
        sid = f"{base}-{n}"
    taken.add(sid)
    return sid


def rulebook_sections(project, rulebook: Path, lang: str | None = None) -> LocDict:
    """The rulebook as a mapping of its sections by id, each translation (`rulebook.<lang>.md`, section by section in
    the same order; `lang`'s alone when given) as `id@lang` when it has as many sections: what `places` reads as a
    file's values."""
    from pnp.data.source import read_text

    rel = project.rel(rulebook)
    project.inside_data(rulebook, rel)
    text = read_text(rulebook, rel)
    lines = text.split("\n")
    found = LocDict(Loc(rel, 1, 1), rel)
    ids, taken = [], set()
    for a, b in sections(text):
        sid = section_id("\n".join(lines[a:b]), taken)
        ids.append(sid)
        found[sid] = "\n".join(lines[a:b]).rstrip()  # its first line as written: `_heading` reads its indent
    for other in sorted(rulebook.parent.glob("rulebook.*.md")):
        if lang is not None and other.name != f"rulebook.{lang}.md":
            continue
        code, orel = other.name[len("rulebook."):-len(".md")], project.rel(other)
        project.inside_data(other, orel)
        own = read_text(other, orel)
        spans = sections(own)
        if len(spans) == len(ids):  # another number of sections: no section can be told for its source
            own_lines = own.split("\n")
            for sid, (a, b) in zip(ids, spans, strict=True):
                text = "\n".join(own_lines[a:b]).strip()
                note = SOURCE_NOTE.search(text)
                if note:
                    found[digest_key(sid, code)] = note[1]
                    text = (text[:note.start()] + text[note.end():]).strip()
                found[f"{sid}{MARK}{code}"] = text
                found.set_loc(f"{sid}{MARK}{code}", Loc(orel, a + 1, 1))
    return found


# The digest of the source section a rulebook.<lang>.md section was translated from, on a line of its own in it: a
# Jinja comment, which the rulebook's rendering drops (pnp.outputs.rulebook.build.rulebook_markdown) as it drops every
# other, so neither the PDF nor the HTML shows it. `pnp translate import` writes it after the section's heading.
SOURCE_NOTE = re.compile(r"^\{#\s*src:\s*([a-z]+)\s*#\}[ \t]*(?:\n|$)", re.MULTILINE)


def noted(text: str, digest: str) -> str:
    """A translated section with its source's digest noted: after its heading line, or after the opening section
    (its front matter must stay first)."""
    text = SOURCE_NOTE.sub("", text).strip()
    note = f"{{# src: {digest} #}}"
    head, sep, rest = text.partition("\n")
    if head.lstrip().startswith("#"):
        return f"{head}\n{note}{sep}{rest}"
    return f"{text}\n{note}"


def stale_sections(project, rulebook: Path, lang: str, slug: str) -> list[Finding]:
    """A warning at each section of rulebook.<lang>.md whose noted source digest is not its rulebook.md section's now."""
    from pnp.core.errors import warning

    try:
        found = rulebook_sections(project, rulebook, lang)  # another language's file, broken or not, hides no warning
    except PnpError as exc:  # rulebook.md's mistake is said here, where this edition reads it; rulebook.<lang>.md's where the edition prints it
        return [f.in_game(slug) for f in exc.findings if f.loc.path == project.rel(rulebook)]
    out = []
    for sid in [k for k in found if MARK not in k]:
        recorded = found.get(digest_key(sid, lang))
        if recorded and recorded != source_digest(found[sid]):
            now = source_text(found[sid]).split("\n", 1)[0]
            out.append(warning("translation-stale", f"translation of the rulebook's section '{sid}' made from an older text: rulebook.md's "
                               f"section now reads '{now[:60]}…' and differs; check this section against it, then set its note to "
                               f"`{{# src: {source_digest(found[sid])} #}}` (`pnp translate import` does it for you)",
                               found.loc_of(f"{sid}{MARK}{lang}"), game=slug))
    return out


def _deck_sheet(project, deck: LocDict, path: Path, slug: str) -> dict[str, Place] | None:
    """The places of the sheet a deck reads its cards from (a CSV, TSV or workbook beside it; not a live sheet's
    snapshot, which the next `pnp pull` replaces), or None. A sheet the deck cannot read (outside the game's folder, or
    no file) raises the very error the deck's load gives (`pnp.data.deck_sources.deck_sheet`), so a command that does both says it once."""
    from pnp.data.schema import SheetOptions, check_shape
    from pnp.data.sheet_rows import SheetSource
    from pnp.data.spreadsheet import read_cards

    name = deck.get("cards_from")
    if not isinstance(name, str) or "://" in name or not name.lower().endswith(SHEET_SUFFIXES):
        return None
    options, _ = check_shape(SheetOptions, deck, project.rel(path))  # a mistake in them is the deck's finding, said as it loads
    if options is None:
        return None
    sheet = deck_sheet(project, deck, options.cards_from, path.parent / name, path, slug)
    rel = project.rel(sheet)
    source = SheetSource.of_deck(sheet, rel, options, deck)
    return places(read_cards(source), sheet, rel, "sheet")


def game_cells(project, slug: str, lang: str) -> tuple[list[Cell], list[Finding]]:
    """Every translatable cell of game `slug` in language `lang`, and the findings of files that could not be read."""
    files, findings = game_places(project, slug)
    cells = [cell_of(cell_id, place, lang, what) for what, found in files for cell_id, place in found.items()]
    return cells, findings
