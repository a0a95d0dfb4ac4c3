"""`pnp translate import`: a translator's sheet (`pnp translate export`'s CSV or XLSX) written back into the game's data.

Each translation goes beside its source as `field@lang` (a YAML key, or a sheet's
column), with `field@lang~src`, the digest of the source text the sheet showed the
translator (pnp.data.languages.source_digest): when that text has changed since,
`validate` says so at once. Every row is checked before any file is written; a bad
cell is an error at its place in the sheet (`de.csv:7:4`, `de.xlsx[de]!D7`), and one
error writes nothing. The files are written all or none (pnp.core.landing), across a kill, a full disk or a
read-only file.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import Finding, Loc, PnpError, column_letters, did_you_mean, error, warning
from pnp.core.landing import LandingFailed, land
from pnp.data.languages import MARK, digest_key, listed_languages, source_digest, source_text
from pnp.data.located import LocList
from pnp.data.sheet_rows import SPLIT_SHEET, TEXT_SUFFIXES, SheetSource, guarded, read_rows, separator_line, text_delimiter, unguarded
from pnp.data.source import load_yaml
from pnp.data.translations import WRITABLE_SHEETS, Place, game_places, noted, places, sections
from pnp.targets.translate import KNOWN
from pnp.targets.yaml_writes import block_lines, flow_changes, flow_value, is_flow, key_span


@dataclass
class Edit:
    """One translation to write: where its source is, its text (a list's items one a line) and the source's digest."""

    cell_id: str
    place: Place
    lang: str
    text: str
    digest: str
    at: Loc  # its cell in the translator's sheet


@dataclass(frozen=True)
class _Row:
    """One row of the translator's sheet as read: the cell's id, the translation, the source text it was made from (as
    the sheet shows it) and the status the translator left, each text with its cell."""

    cid: str
    text: str
    text_at: Loc
    shown: str
    shown_at: Loc
    status: str


@dataclass
class ImportResult:
    """What an import wrote: (file, translations written) for each file, and the findings."""

    files: list[tuple[Path, int]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    aside: str | None = None  # the sheet's columns the import did not read (a translator's notes), in a sentence


def _cell_text(value) -> str:
    """A sheet cell as text (the reader took the export's guard quote off: `read_sheet`; an empty cell reads as '')."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).replace("\r\n", "\n").strip()


LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")  # a code `languages:` accepts (pnp.data.schema)
BREAKS = "\r\n\x85\u2028\u2029"  # the characters that end a line for a YAML reader (and for str.splitlines, of those a YAML file may hold)
SHOWN_HEADERS = 8  # headers a message names before it counts the rest: a sheet may have 300,000 columns


@dataclass(frozen=True)
class Header:
    """What a sheet's header row says: {header: column}, the source language and the translation's, and the columns
    pnp does not read (a translator's notes), kept aside as (column letters, header)."""

    columns: dict[str, int]
    source: str
    lang: str
    aside: list[tuple[str, str]]


def _columns(head: list[tuple[object, Loc]], rel: str) -> Header:
    """The header row (id, where, <source>, <lang>, status, fits, face as exported, any other column beside them): the
    source and translation are the first two headers that are language codes, or the first two others."""
    names = {_cell_text(v): i for i, (v, _) in enumerate(head) if _cell_text(v)}
    others = [name for name in names if name not in KNOWN]
    coded = [name for name in others if LANGUAGE_CODE.fullmatch(name)]
    langs = (coded if len(coded) >= 2 else others)[:2]
    if "id" not in names or len(langs) != 2:
        where = head[0][1] if head else Loc(rel)
        raise PnpError(error("translate-header", "the header row must name id, the source language's column and the translation's "
                             f"(as `pnp translate export` writes it: id, where, en, de, status, fits, face); it reads {_listed(list(names))}", where))
    aside = [(column_letters(names[name] + 1), name) for name in others if name not in langs]
    return Header(names, langs[0], langs[1], aside)


def _listed(names: list[str]) -> str:
    """Some headers, each cut short, and how many more: a message about a sheet stays a line however wide the sheet."""
    shown = [f"'{name[:40]}…'" if len(name) > 40 else f"'{name}'" for name in names[:SHOWN_HEADERS]]
    more = f" and {len(names) - SHOWN_HEADERS:,} more" if len(names) > SHOWN_HEADERS else ""
    return (", ".join(shown) + more) or "nothing"


def aside_note(header: Header) -> str | None:
    """The sentence saying which columns the import left as they are, or None."""
    if not header.aside:
        return None
    shown = _listed([f"{letters} {name}" for letters, name in header.aside]).replace("'", "")
    return (f"{len(header.aside):,} column{'s' * (len(header.aside) != 1)} kept aside, not read ({shown}): the import writes the "
            f"'{header.lang}' column only")


def read_sheet(path: Path, rel: str) -> tuple[list[list[tuple[object, Loc]]], Header]:
    """The sheet's rows, its header first, and what its header row says."""
    rows = [_unguarded_row(row, path) for row in read_rows(SheetSource(path, rel, split=SPLIT_SHEET)) if any(_cell_text(v) for v, _ in row)]
    if not rows:
        raise PnpError(error("translate-empty", "this sheet is empty: import the sheet `pnp translate export` wrote, filled in", Loc(rel)))
    return rows, _columns(rows[0], rel)


def _unguarded_row(row: list[tuple[object, Loc]], path: Path) -> list[tuple[object, Loc]]:
    """A workbook's row with the export's guard quote taken off its texts: the CSV's `'=1+1` opened in a spreadsheet
    program and saved as a workbook keeps its quote as text. (A text sheet's reader takes it off itself.)"""
    if path.suffix.lower() in TEXT_SUFFIXES:
        return row
    return [(unguarded(v.strip()) if isinstance(v, str) else v, at) for v, at in row]


def _at(row: list, i: int, rel: str) -> tuple[str, Loc]:
    if i < len(row):
        return _cell_text(row[i][0]), row[i][1]
    last = row[-1][1]
    return "", last._replace(col=i + 1)


class _Games:
    """Each game's translatable places, read once, by cell id; and whether the sheet's languages are the game's, said
    once for each game at the translation's header cell. A game with a file that does not read is `broken`: that
    file's error is the one said, not an error for each row it leaves unknown or the languages its game.yaml lost."""

    def __init__(self, project, source_lang: str, lang: str, lang_at: Loc):
        self.project, self.found, self.refused, self.broken = project, {}, set(), set()
        self.source_lang, self.lang, self.lang_at = source_lang, lang, lang_at

    def speaks(self, slug: str, findings: list) -> bool:
        """Whether game `slug` has the sheet's source language as its source and its language as another."""
        if slug not in self.refused:
            game = _game_yaml(self.project, slug)
            langs = listed_languages(game)
            if self.lang != langs[0] and self.lang in langs and self.source_lang == langs[0]:
                return True
            self.refused.add(slug)
            if game is None:
                return False  # game.yaml does not read: its own error says so
            findings.append(error("translate-language", f"this sheet translates {self.source_lang} into {self.lang}; {slug}'s languages are "
                                  f"{', '.join(langs)} ({langs[0]} the source): add '{self.lang}' to `languages:` in its game.yaml, or import a "
                                  "sheet exported for this game", self.lang_at))
        return False

    def places(self, slug: str, findings: list) -> dict[str, Place] | None:
        if slug not in self.found:
            if slug not in self.project.game_slugs():
                self.found[slug] = None
            else:
                files, failed = game_places(self.project, slug)
                findings += failed
                if any(f.severity == "error" for f in failed):
                    self.broken.add(slug)
                self.found[slug] = {cid: place for _, found in files for cid, place in found.items()}
        return self.found[slug]


def planned_edits(project, rows, columns: dict[str, int], source_lang: str, lang: str, rel: str) -> tuple[list[Edit], list[Finding]]:
    """The translations the sheet changes (a cell that differs from the data's, or whose stale or unchecked status the
    translator cleared), each checked; the findings of every row that cannot be written."""
    head, rows = rows[0], rows[1:]
    games, edits, findings, seen = _Games(project, source_lang, lang, head[columns[lang]][1]), [], [], {}
    for row in rows:
        cid, id_at = _at(row, columns["id"], rel)
        text, text_at = _at(row, columns[lang], rel)
        shown, shown_at = _at(row, columns[source_lang], rel)
        if not cid:
            if text:
                findings.append(error("translate-no-id", "this row has a translation and no id: copy its row from the exported sheet whole", id_at))
            continue
        if cid in seen:
            findings.append(error("translate-twice", f"{cid} is translated twice (first at {seen[cid]}): keep one row", id_at))
            continue
        seen[cid] = id_at
        place = _place(games, cid, id_at, findings)
        if place is None or not text:
            continue  # an empty cell leaves the data as it is
        status = _at(row, columns["status"], rel)[0] if "status" in columns else ""
        edit = _edit(_Row(cid, text, text_at, shown, shown_at, status), place, lang, findings)
        if edit is not None:
            edits.append(edit)
    findings += kept_in_workbooks(edits)
    return [edit for edit in edits if not in_workbook(edit.place)], findings


def _place(games: _Games, cid: str, at: Loc, findings: list) -> Place | None:
    """The place a cell id names in the game as it is now, or None with an error at the id's cell."""
    m = re.fullmatch(r"data/([^/#]+)/[^#]+#.+", cid)
    known = games.places(m[1], findings) if m else None
    if known is None:
        findings.append(error("translate-unknown", f"'{cid}' names no game's file: the id is `pnp translate export`'s, data/<game>/<file>#<field>", at))
        return None
    if cid not in known:
        if m[1] not in games.broken:
            findings.append(error("translate-unknown", f"{cid} is no translatable text of the game now{did_you_mean(cid, list(known))}: "
                                  "was it renamed or removed? export the sheet again", at))
        return None
    return known[cid] if games.speaks(m[1], findings) else None


def _game_yaml(project, slug: str):
    path = project.data_dir / slug / "game.yaml"
    try:
        return load_yaml(path, project.rel(path))
    except PnpError:
        return None


def _edit(row: _Row, place: Place, lang: str, findings: list) -> Edit | None:
    """The edit a row asks for, or None: unchanged, or refused with an error at its cell."""
    mapping, key = place.mapping, place.key
    text, shown, text_at = row.text, row.shown, row.text_at
    now = source_text(mapping.get(f"{key}{MARK}{lang}"))
    recorded = source_text(mapping.get(digest_key(key, lang)))
    unchanged = text == now and recorded == source_digest(shown)  # a rulebook's digest is its section's note (translations.noted)
    if unchanged or (text == now and row.status.strip()):
        return None  # as the data has it, or its status left for later
    edit = Edit(row.cid, place, lang, text, source_digest(shown), text_at)
    if in_workbook(place):
        return edit  # refused with the workbook's other texts, in one error (kept_in_workbooks)
    if shown != source_text(mapping[key]):
        findings.append(warning("translate-source-changed", f"the source text changed since this sheet was exported (it now reads "
                                f"'{' '.join(source_text(mapping[key]).split())[:60]}'): the translation is kept as made from the sheet's text, and validate "
                                "says it is stale", row.shown_at))
    return edit


def in_workbook(place: Place) -> bool:
    """Whether a text lives in a deck's workbook (`.xlsx`, `.ods`), which pnp reads and does not write."""
    return place.kind == "sheet" and place.file.suffix.lower() not in WRITABLE_SHEETS


SHOWN_CELLS = 3  # the texts a workbook's one error names; the rest are counted


def kept_in_workbooks(edits: list[Edit]) -> list[Finding]:
    """One error for each workbook the sheet's texts live in, at the first of its texts' cells: one mistake (importing
    into a deck pnp does not write), however many texts, counted, the first few named with the two cells to type."""
    by_book: dict[str, list[Edit]] = {}
    for edit in edits:
        if in_workbook(edit.place):
            by_book.setdefault(edit.place.rel, []).append(edit)
    return [_workbook_error(rel, found) for rel, found in by_book.items()]


def _workbook_error(rel: str, edits: list[Edit]) -> Finding:
    """The one error of the texts `edits` keeps in workbook `rel`: how many, the columns to type them in (with the `'` a
    text starting as a formula needs), the first few by their cells and with their digests, the rest counted."""
    lang = edits[0].lang
    keys = list(dict.fromkeys(e.place.key for e in edits))
    texts = f"{len(edits)} texts of this sheet live" if len(edits) > 1 else "this text lives"
    columns = ", ".join(f"`{key}{MARK}{lang}`" for key in keys)
    digests = ", ".join(f"`{digest_key(key, lang)}`" for key in keys)
    named = "; ".join(f"{e.at} for card {_card_of(e)}, its {digest_key(e.place.key, lang)} {e.digest}" for e in edits[:SHOWN_CELLS])
    more = f"; and {len(edits) - SHOWN_CELLS} more, from {edits[SHOWN_CELLS].at}" if len(edits) > SHOWN_CELLS else ""
    quote = " (a text beginning as a formula does after a `'`, so the program keeps it as text)" if any(guarded(e.text) != e.text for e in edits) else ""
    return error("translate-workbook", f"{texts} in the workbook {rel}, which pnp reads and does not write: type {'each' if len(edits) > 1 else 'the'} translation in its "
                 f"column there ({columns}){quote}, and the digest of the text it was made from beside it ({digests}): {named}{more}", edits[0].at)


def _card_of(edit: Edit) -> str:
    """The card a workbook's text is on, by its id (its row holds it)."""
    return str(edit.place.mapping.get("id") or edit.cell_id)


def import_translations(project, path: Path) -> ImportResult:
    """Read the sheet at `path`, check every row, and write every translation it changes, or nothing after an error
    (every error said at once: a bad row, and a file the good rows cannot be written into)."""
    rel = project.rel(path)
    result = ImportResult()  # an earlier import a kill stopped was finished as the project opened (pnp.cli.common)
    try:
        rows, header = read_sheet(path, rel)
    except PnpError as exc:
        result.findings += exc.findings
        return result
    result.aside = aside_note(header)
    edits, result.findings = planned_edits(project, rows, header.columns, header.source, header.lang, rel)
    by_file: dict[Path, list[Edit]] = {}
    for edit in edits:
        by_file.setdefault(edit.place.file, []).append(edit)
    written = []
    for file, file_edits in by_file.items():
        try:
            written.append((*_new_bytes(file, file_edits), len(file_edits)))
        except PnpError as exc:
            result.findings += exc.findings
    if any(f.severity == "error" for f in result.findings):
        return result
    try:
        if written:
            land(project.data_dir, [(file, data) for file, data, _ in written], f"pnp translate import {path.name}")
    except LandingFailed as exc:
        result.findings.append(error("translate-not-written", exc.advice, Loc(project.rel(Path(exc.filename)))))
        return result
    result.files = [(file, count) for file, _, count in written]
    return result


def _new_bytes(file: Path, edits: list[Edit]) -> tuple[Path, bytes]:
    """(the file to write, its new bytes) for the edits of the source file `file`."""
    if edits[0].place.kind == "rulebook":
        return _rulebook_bytes(file, edits)
    if edits[0].place.kind == "sheet":
        return file, _sheet_bytes(file, edits)
    return file, _yaml_bytes(file, edits)


# The rulebook: rulebook.<lang>.md, section by section in the source's order.

def _rulebook_bytes(file: Path, edits: list[Edit]) -> tuple[Path, bytes]:
    """rulebook.<lang>.md with each edited section's text in place of its translation's, or written whole from the
    sheet when there is none yet (every section translated)."""
    target = file.parent / f"rulebook.{edits[0].lang}.md"
    ids = [key for key in edits[0].place.mapping if MARK not in key]
    by_id = {edit.place.key: edit for edit in edits}
    if not target.is_file():
        missing = [sid for sid in ids if sid not in by_id]
        if missing:
            raise PnpError(error("translate-rulebook-whole", f"there is no {target.name} yet, and pnp writes it whole: translate every section of "
                                 f"the rulebook in the sheet ({len(missing)} of {len(ids)} are empty, the first '{missing[0]}'), or write the file yourself",
                                 edits[0].at))
        return target, ("\n\n".join(noted(by_id[sid].text, by_id[sid].digest) for sid in ids) + "\n").encode("utf-8")
    own = target.read_bytes().decode("utf-8")
    spans = sections(own)
    if len(spans) != len(ids):
        raise PnpError(error("translate-rulebook-sections", f"{target.name} has {len(spans)} sections where rulebook.md has {len(ids)}, so pnp cannot "
                             "tell which translates which: give them the same headings, then import again", edits[0].at))
    lines = own.split("\n")
    for sid, (a, b) in reversed(list(zip(ids, spans, strict=True))):
        if sid in by_id:
            while b > a and not lines[b - 1].strip():
                b -= 1  # the blank lines after a section stay as they were
            lines[a:b] = noted(by_id[sid].text, by_id[sid].digest).split("\n")
    return target, "\n".join(lines).encode("utf-8")


def _yaml_bytes(file: Path, edits: list[Edit]) -> bytes:
    """The YAML file with each edit's `field@lang` and `field@lang~src` set, checked by reading it back: in a block
    mapping as lines of their own below the source's, in a `{…}` mapping as pairs right after the source's."""
    raw = file.read_bytes()
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    text = raw[len(bom):].decode("utf-8")  # it read as UTF-8 a moment ago (load_yaml)
    first = re.search(f"\r\n|[{BREAKS}]", text)
    newline = first[0] if first else "\n"  # a line end for the last line while it is edited: the file's first
    lines = (text + newline).splitlines(keepends=True)  # as the YAML reader counts them, each with its own end
    changes: list[tuple[int, int, list[str]]] = []
    inline: list[tuple[int, int, int, str]] = []
    for edit in edits:
        mapping, key = edit.place.mapping, edit.place.key
        tkey, dkey, listed = f"{key}{MARK}{edit.lang}", digest_key(key, edit.lang), isinstance(mapping[key], LocList)
        if is_flow(lines, mapping.loc):
            found = flow_changes(lines, mapping, key, tkey, dkey, flow_value(edit.text, listed), edit.digest)
            if found is None:
                raise PnpError(error("translate-flow", f"{key}'s `{{…}}` mapping runs over several lines in a way pnp does not write into: write "
                                     "that mapping one key a line, then import again", mapping.key_loc(key)))
            inline += found
            continue
        at = mapping.key_loc(key)
        spans = [key_span(lines, mapping.key_loc(k)) for k in (tkey, dkey) if k in mapping]
        start, end = spans[0] if spans else (key_span(lines, at)[1],) * 2
        ending = lines[end - 1][len(lines[end - 1].rstrip(BREAKS)):]  # each new line ends as the line above it
        changes.append((start, end, [line + ending for line in block_lines(tkey, dkey, edit.text, edit.digest, " " * (at.col - 1), listed)]))
        changes += [(s, e, []) for s, e in spans[1:]]
    for line, a, b, new in sorted(inline, reverse=True):  # right to left: each change leaves the places before it as they were
        lines[line] = lines[line][:a] + new + lines[line][b:]
    for start, end, new in sorted(changes, key=lambda c: (c[0], c[1]), reverse=True):
        lines[start:end] = new
    data = bom + "".join(lines)[:-len(newline)].encode("utf-8")  # the line end added above taken off again
    _check_written(file, data, edits)
    return data


def _check_written(file: Path, data: bytes, edits: list[Edit]) -> None:
    """Refuse bytes that do not read back as asked: each translation as the sheet gives it, every other text's as it
    was (a value shared through `<<:` or an alias, or a layout of the file pnp did not foresee, would change another's)."""
    rel, lang = edits[0].place.rel, edits[0].lang
    try:
        found = places(load_yaml(file, rel, data), file, rel)
    except PnpError as exc:
        raise PnpError([error("translate-unwritable", f"writing the translations would break this file ({exc.findings[0].message}): "
                              "add them by hand", Loc(rel))]) from None
    asked = {edit.cell_id: (_as_read(edit), edit.digest) for edit in edits}
    for cid, place in places(load_yaml(file, rel), file, rel).items():  # each text of the file as it is
        now = found.get(cid)
        if now is None or _translation(now, lang) != asked.get(cid, _translation(place, lang)):
            raise PnpError(error("translate-unwritable", f"writing the translations would set the {lang} translation of {cid} to what the sheet "
                                 "does not give it (a value shared through `<<:` or an alias, or a layout pnp does not foresee): add them by hand",
                                 place.mapping.key_loc(place.key)))


def _as_read(edit: Edit) -> str:
    """An edit's translation as a reader compares it: a list's items one a line, each stripped."""
    listed = isinstance(edit.place.mapping[edit.place.key], LocList)
    return source_text([item for item in edit.text.split("\n") if item.strip()] if listed else edit.text)


def _translation(place: Place, lang: str) -> tuple[str, str]:
    """A text's translation into `lang` and the digest beside it, as read ('' where there is none)."""
    return source_text(place.mapping.get(f"{place.key}{MARK}{lang}")), source_text(place.mapping.get(digest_key(place.key, lang)))


# Text sheets: a translation is a column of its own beside its source's; the other cells as they were.

def _sheet_bytes(file: Path, edits: list[Edit]) -> bytes:
    """The text sheet with each edit's `field@lang` and `field@lang~src` cells set (their columns added beside the
    source's where the header lacks them): the rows it did not change keep their very text, so a diff shows the edits."""
    return sheet_with(file, file.read_bytes(), lambda rows, head_at, starts: _set_cells(rows, head_at, starts, edits))


def sheet_with(file: Path, raw: bytes, change) -> bytes:
    """The text sheet `raw` (the bytes of `file`) after `change(rows, head_at, starts)` set some cells of its rows (each
    row's values, the header's index, the line each row starts on) and answered the indexes of the rows it changed:
    those rows are written anew, every other row keeps its very text (and the file its byte-order mark)."""
    whole = raw.decode("utf-8-sig")
    delimiter = text_delimiter(file, whole)
    skip = separator_line(whole)[1]
    kept, text = whole[:skip], whole[skip:]  # Excel's `sep=` line is no row: it stays as it is
    first = 2 if kept else 1  # the file's line the reader's first row is on
    read = [0]  # how much of the text the reader has taken: it takes a row's lines, never more

    def taken():
        for chunk in io.StringIO(text, newline=""):
            read[0] += len(chunk)
            yield chunk

    reader = csv.reader(taken(), delimiter=delimiter)
    rows, starts, ends, line = [], [], [0], first
    for values in reader:
        starts.append(line)
        rows.append(values)
        ends.append(read[0])
        line = reader.line_num + first
    head_at = next(i for i, row in enumerate(rows) if any(v.strip() for v in row))
    changed = change(rows, head_at, starts)
    out = []
    for i, row in enumerate(rows):
        was = text[ends[i]:ends[i + 1]]
        out.append(_row_text(row, delimiter) + was[len(was.rstrip("\r\n")):] if i in changed else was)
    return (b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b"") + (kept + "".join(out) + text[ends[-1]:]).encode("utf-8")


def _set_cells(rows: list[list[str]], head_at: int, starts: list[int], edits: list[Edit]) -> set[int]:
    """Set each edit's two cells in `rows`; the indexes of the rows changed (all from the header down once a column is added)."""
    head, changed = rows[head_at], set()
    for edit in edits:
        row_at = starts.index(edit.place.mapping.loc.line)
        for name, value in ((f"{edit.place.key}{MARK}{edit.lang}", edit.text), (digest_key(edit.place.key, edit.lang), edit.digest)):
            if name not in head:
                after = max(i for i, h in enumerate(head) if h.strip() == edit.place.key or h.strip().startswith(f"{edit.place.key}{MARK}"))
                for row in rows[head_at:]:
                    if len(row) > after:
                        row.insert(after + 1, "")
                head[after + 1] = name
                changed |= set(range(head_at, len(rows)))
            col = head.index(name)
            row = rows[row_at]
            row.extend([""] * (col + 1 - len(row)))
            row[col] = guarded(value)  # a translator's `=HYPERLINK(…)` is text in the designer's sheet, never a formula
            changed.add(row_at)
    return changed


def _row_text(row: list[str], delimiter: str) -> str:
    """One row as CSV, without its line end (the row's own is kept). The writer is given one all the same: it quotes a
    value holding a character of its line end, and a line break inside an unquoted value would split the row."""
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerow(row)
    return out.getvalue()[:-2]
