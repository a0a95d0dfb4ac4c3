"""Findings: problems in the user's input, each with the place it came from.

Errors are values. Every stage appends `Finding`s to a list or raises
`PnpError` carrying them; the CLI is the one place that prints them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath
from typing import NamedTuple

from pnp.core.plurals import count_text

_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# what a terminal obeys in text besides its controls: the bidi embeddings, overrides and isolates, which reorder what
# follows them on the line (a name could show its extension, or a path another folder, reversed)
_TERMINAL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, keep: str = "") -> str:
    """`text` with every C0 and C1 control character (and DEL) but those in `keep` written out as `\\x1b` would be:
    a game's names and values, and a server's answers, reach the designer's terminal and files through pnp's lines,
    and an escape sequence in them could recolour, retitle or rewrite what the terminal shows."""
    return _CONTROLS.sub(lambda m: m[0] if m[0] in keep else f"\\x{ord(m[0]):02x}", text)


def terminal_text(text: str, keep: str = "") -> str:
    """`printable(text, keep)` with the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) written
    out as `\\u202e` would be too: for what a terminal shows, where they would reorder the rest of the line. A file pnp
    writes for a person to edit (a translation sheet) keeps them, as a right-to-left text may need them."""
    return _TERMINAL.sub(lambda m: m[0] if m[0] in keep else f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


class Loc(NamedTuple):
    """A position in a source file: path relative to the project, 1-based line and column.

    In a workbook, `sheet` names the sheet, `line` is the row and `col` the
    column, and the position prints as a spreadsheet user writes it:
    `decks/game.xlsx[Monsters]!C7`.
    """

    path: str
    line: int = 0
    col: int = 0
    sheet: str = ""

    def __str__(self) -> str:
        if self.sheet:
            return f"{self.path}[{self.sheet}]!{column_letters(self.col or 1)}{self.line or 1}"
        if self.line:
            return f"{self.path}:{self.line}:{self.col or 1}"
        return self.path

    def place(self) -> str:
        """Where in its file, as a message names it: 'cell C7' in a workbook, which has no lines; else 'line 7'."""
        return f"cell {column_letters(self.col or 1)}{self.line or 1}" if self.sheet else f"line {self.line}"


def column_letters(col: int) -> str:
    """A spreadsheet's name for a 1-based column number: 1 → A, 27 → AA."""
    letters = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Finding:
    """One problem found in the input, with what to do about it in the message."""

    severity: str  # "error", "warning", or "note" (news, never a problem)
    code: str
    message: str
    loc: Loc
    game: str = ""
    component: str = ""
    places: tuple[str, ...] = ()  # every piece one mistake met, when it met several (one_per_mistake)
    edition: str = ""  # the language edition(s) a `--lang` run found it in ("de", "de, fr"); "" when the source edition has it too

    def in_game(self, slug: str) -> Finding:
        """This finding as one of game `slug`'s: a layer below the game (a template, a sheet) finds
        problems without knowing which game it works for; one that names its game already keeps it."""
        return self if self.game else replace(self, game=slug)

    def sort_key(self):
        """File order: by file, then a workbook's sheet (all of one sheet's cells together), line and column."""
        return (self.loc.path, self.loc.sheet, self.loc.line, self.loc.col, self.code, self.message)

    def format(self) -> str:
        where = f" [{self.component}]" if self.component else ""
        edition = f" [{self.edition} edition]" if self.edition else ""
        return terminal_text(f"{self.loc}: {self.severity}: {self.message}{self.places_text()}{where}{edition}", "\t")

    def places_text(self) -> str:
        """' (on 5 pieces: heroes/knight front, …)' for a mistake met on several pieces, else ''."""
        if len(self.places) < 2:
            return ""
        more = len(self.places) - SHOWN_PLACES
        return f" (on {len(self.places)} pieces: {', '.join(self.places[:SHOWN_PLACES])}{f' and {more} more' if more > 0 else ''})"

    def as_json(self) -> dict:
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "file": self.loc.path,
            "line": self.loc.line,
            "column": self.loc.col,
            "game": self.game,
            "component": self.component,
            "places": list(self.places),
            "edition": self.edition,
        }


class PnpError(Exception):
    """Input that cannot be used; carries every finding gathered so far."""

    def __init__(self, findings: list[Finding] | Finding):
        self.findings = [findings] if isinstance(findings, Finding) else list(findings)
        super().__init__("\n".join(f.format() for f in self.findings))


def error(code: str, message: str, loc: Loc, **kw) -> Finding:
    return Finding("error", code, message, loc, **kw)


def warning(code: str, message: str, loc: Loc, **kw) -> Finding:
    return Finding("warning", code, message, loc, **kw)


@dataclass
class Report:
    """Findings of one run, gathered from every game before anything stops."""

    findings: list[Finding] = field(default_factory=list)

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    def extend(self, findings) -> None:
        self.findings.extend(findings)

    def errors(self, strict: bool = False) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error" or (strict and f.severity == "warning")]

    def sorted(self) -> list[Finding]:
        """Every finding once, one per mistake (`one_per_mistake`), in file order."""
        return sorted(one_per_mistake(self.findings), key=Finding.sort_key)


LEFT_OUT = "left-out"  # the code of a finding that only says another error stopped this stage (pnp.data.fields.Fields)
SHOWN_PLACES = 6  # the pieces a mistake met on many names; the rest are counted
IMAGE_MISSING, IMAGE_PLACEHOLDER = "image-missing", "image-placeholder"
IMAGE_LOW_DPI, IMAGE_ASPECT = "image-low-dpi", "image-aspect"  # a picture too coarse for its box, or not its shape (pnp.layout.picture_checks)
IMAGE_ELSEWHERE = "image-elsewhere"  # an image not at the path named, which the project holds at another (said in its words)
# Findings naming a file a template line builds from the data (`image("art/" ~ card.art)`): each card names another, and
# one mistake (the art not copied, a folder misnamed) is one finding at the line, listing the files.
FILES_OF_A_LINE = frozenset({IMAGE_MISSING, IMAGE_PLACEHOLDER, IMAGE_ELSEWHERE})
DRAFT_HINT = ": add the art, or build with --draft to print a placeholder in its place until it exists"
ELSEWHERE_HINT = ": name it by the path it has, or build with --draft to print a placeholder in its place until then"
_QUOTED = r"'([^']+)'"  # compiled where first used (re's own cache): a run with no such finding never needs it


def one_per_mistake(findings: list[Finding]) -> list[Finding]:
    """One finding for each mistake, however many pieces it met: a template line that fails on 30 cards (and on the
    rulebook figure showing one of them) is one error, at that line, saying on how many and which.

    Findings are the same mistake when they say the same thing at the same place; the first one seen stands for them.
    A stage that could not run because another error left out what it reads (code LEFT_OUT) is a note naming that
    error's file: the mistake is counted once, where it is."""
    groups: dict[tuple, list[Finding]] = {}
    for f in findings:
        if f.code == LEFT_OUT and f.severity != "note":
            f = replace(f, severity="note")
        said = "" if f.code in FILES_OF_A_LINE else _picture_said(f)
        groups.setdefault((f.severity, f.code, f.loc, said, f.game), []).append(f)
    out = []
    for same in groups.values():
        first = _files_of_a_line(same) if same[0].code in FILES_OF_A_LINE else _worst_of_a_picture(same) if same[0].code in PICTURE_FIGURES else same[0]
        if first.code in (IMAGE_MISSING, IMAGE_ELSEWHERE) and first.severity == "error":  # a build stops for it: say how to go on
            first = replace(first, message=first.message + (DRAFT_HINT if first.code == IMAGE_MISSING else ELSEWHERE_HINT))
        places = tuple(dict.fromkeys(place for f in same for place in (f.places or (f.component,)) if place))
        if len(places) > 1:
            first = replace(first, component=places[0], places=places)
        editions = {edition for f in same for edition in f.edition.split(", ")}
        out.append(replace(first, edition="" if "" in editions else ", ".join(sorted(editions))))  # in the source too: the source's mistake
    return _misspelt_fields(_without_headless_fields(_glyphs_once(out)))


MISSING_GLYPH = "missing-glyph"  # characters no font of a text has
GLYPH_SAID = re.compile(r"'(.)' \(U\+[0-9A-F]{4,6}\)")  # a character as pnp.layout.scripts' missing-glyph words name it: 'x' (U+0078)


def _glyphs_once(findings: list[Finding]) -> list[Finding]:
    """An emoji in a deck's name is one mistake, though its label, the reference's components and the rulebook's each
    lack it: a missing-glyph finding that cannot say where its characters are written (the reference's, the
    rulebook's: at their file, no line) is not said beside one of its game that does, for the same characters. Mended
    there, the others go too."""
    located: dict[str, set[str]] = {}
    for f in findings:
        if f.code == MISSING_GLYPH and f.loc.line:
            located.setdefault(f.game, set()).update(GLYPH_SAID.findall(f.message))
    if not located:
        return findings
    return [f for f in findings if not (f.code == MISSING_GLYPH and not f.loc.line
                                        and set(GLYPH_SAID.findall(f.message) or "?") <= located.get(f.game, set()))]


SHEET_NO_HEADER = "sheet-no-header"  # a sheet's first row read as its field names, though it looks like a card (pnp.data.spreadsheet)
FIELD_UNUSED = "field-unused"  # a card field nothing reads (pnp.pipeline.unused)


def _without_headless_fields(findings: list[Finding]) -> list[Finding]:
    """A sheet without its header row is one mistake: its first card's values name the fields, so no template reads
    them and nothing finds the fields the game reads. The finding that the row looks like a card says so once; the
    field nothing reads at each of that row's cells is not said again, nor is what follows on its deck (a field the
    templates or checks ask for that no card has, its counts, a card the rulebook shows): it says they follow."""
    headless = [f for f in findings if f.code == SHEET_NO_HEADER]
    if not headless:
        return findings
    rows = {(f.loc.path, f.loc.sheet, f.loc.line) for f in headless}
    kept, following = [], {id(f): [] for f in headless}
    for f in findings:
        if f.code == FIELD_UNUSED and (f.loc.path, f.loc.sheet, f.loc.line) in rows:
            continue
        cause = next((h for h in headless if f is not h and _follows_from_deck(f, h)), None)
        (following[id(cause)] if cause else kept).append(f)
    return [_with_what_follows(f, following[id(f)]) if f.code == SHEET_NO_HEADER else f for f in kept]


def _follows_from_deck(f: Finding, headless: Finding) -> bool:
    """Whether `f` is said of the deck whose sheet lost its header (`headless.component`): at one of its pieces, at the
    deck's own file, or naming `decks.<deck>` or `deck '<deck>'`."""
    deck = headless.component
    if not deck or f.game != headless.game or f.code == SHEET_NO_HEADER:
        return False
    pieces = (f.component, *f.places)
    path = PurePosixPath(f.loc.path)
    said = re.split(_CHOICES, f.message, maxsplit=1)[0]  # the deck among the names offered is no mistake of its
    return (any(p == deck or p.startswith(deck + "/") for p in pieces) or (path.parent.name == "decks" and path.name == f"{deck}.yaml")
            or re.search(rf"\bdecks\.{re.escape(deck)}(?![\w-])|deck '{re.escape(deck)}'", said) is not None)


_CHOICES = r" \(did you mean |; known: "  # where a finding starts offering the names it knows (did_you_mean, counts' `known`)


def _with_what_follows(headless: Finding, following: list[Finding]) -> Finding:
    """The header's finding saying that findings on its deck follow from it (not how many: each command finds its own
    share of them, and every command says the same); an error when one of them is, so the build stops as it did."""
    if not following:
        return headless
    severity = "error" if any(f.severity == "error" for f in following) else headless.severity
    said = f" (what follows from it on deck '{headless.component}' is said once it is mended)"
    return replace(headless, severity=severity, message=headless.message + said)


# compiled where first used (re's own cache), as _QUOTED: only a run with a misspelt field needs them
_UNREAD = r"^no template, constraint or fact reads the card field '([^']+)' .*\(did you mean '([^']+)'\?\)"
_NO_FIELD = r"^card has no field '([^']+)' \(did you mean '([^']+)'\?\)"


def _misspelt_fields(findings: list[Finding]) -> list[Finding]:
    """One misspelt field name (a sheet's header `nmae`) is one mistake: the field nothing reads and every template line
    asking for the field no card has (`card.name`, did you mean 'nmae'?) become one error where the name is written."""
    asking = _asking_for_misspelt(findings)
    if not asking:
        return findings
    folded = {id(f) for found in asking.values() for f in found}
    out = []
    for f in findings:
        if id(f) in folded:
            continue
        m = re.match(_UNREAD, f.message) if f.code == FIELD_UNUSED else None
        lines = asking.get((f.game, m.group(1), m.group(2))) if m else None
        out.append(_one_misspelling(f, m.group(1), m.group(2), lines) if lines else f)
    return out


def _asking_for_misspelt(findings: list[Finding]) -> dict[tuple, list[Finding]]:
    """(game, the field nothing reads, the field templates ask for) → the errors asking for it, where each names the other."""
    unread = {(f.game, m.group(1), m.group(2)) for f in findings if f.code == FIELD_UNUSED and (m := re.match(_UNREAD, f.message))}
    asking: dict[tuple, list[Finding]] = {}
    for f in findings:
        m = re.match(_NO_FIELD, f.message) if f.severity == "error" else None
        if m and (f.game, m.group(2), m.group(1)) in unread:
            asking.setdefault((f.game, m.group(2), m.group(1)), []).append(f)
    return asking


def _one_misspelling(unread: Finding, key: str, meant: str, lines: list[Finding]) -> Finding:
    """The field nothing reads, as the one error of its misspelling, naming the template lines that asked for `meant`."""
    where = sorted({str(g.loc) for g in lines})
    more = f" and {count_text(len(where) - 1, 'other line')}" if len(where) > 1 else ""
    places = _of_the_same_deck(tuple(dict.fromkeys(p for g in lines for p in (g.places or (g.component,)) if p)), unread.component)
    return replace(unread, severity="error", code="field-misspelt", places=places if len(places) > 1 else (), component=places[0] if places else unread.component,
                   message=f"the card field '{key}' is read by no template, and templates read '{meant}', which no card has ({where[0]}{more}): "
                           + _make_them_the_same(key, meant))


def _of_the_same_deck(places: tuple, component: str) -> tuple:
    """The pieces of `places` in `component`'s deck (`heroes/knight front` for `heroes/knight`): a template that draws two
    decks' cards asks for the field on both, and each deck's sheet is a mistake of its own, with its own pieces."""
    deck = component.split("/", 1)[0] + "/" if "/" in component else ""
    own = tuple(p for p in places if deck and p.startswith(deck))
    return own or places


def _make_them_the_same(key: str, meant: str) -> str:
    """What to do about a field written one way and read another: a header keeps its capitals and spaces, so two names
    that differ only in those are the same name written twice, and the template may read the header as it stands."""
    if key.casefold() != meant.casefold():
        return "one name is misspelt: make them the same"
    reads = f"card.{key}" if key.isidentifier() else f'card["{key}"]'
    return f"they differ only in capitals, and a field keeps its name as written: read it as {reads}, or write the name as '{meant}'"


# A picture's findings whose words hold the box it was judged in (pnp.layout.picture_checks): the picture's name and the
# figure told, and the worse end of that figure. A line that draws a picture into a box with bleed (validate's cards, a
# `--bleed` build) and without (a plain build, the readability check) judges it at two sizes: one mistake, said once,
# at its worst.
PICTURE_FIGURES = {IMAGE_LOW_DPI: (r"^image (.+) prints at (\d+) dpi in its ", min),
                   IMAGE_ASPECT: (r"^image (.+) \(\d+ × \d+ px\) is (\d+)% (?:wider|narrower) than its ", max)}


def _picture_said(f: Finding) -> str:
    """What makes findings one mistake beside their place: their words, but the picture's name alone for a picture's
    finding (PICTURE_FIGURES)."""
    m = re.match(PICTURE_FIGURES[f.code][0], f.message) if f.code in PICTURE_FIGURES else None
    return f"{f.code} {m.group(1)}" if m else f.message


def _worst_of_a_picture(same: list[Finding]) -> Finding:
    """Of one picture's findings at a line, the one at the worse end of its figure (the coarsest, the most cropped)."""
    pattern, worse = PICTURE_FIGURES[same[0].code]
    return worse(same, key=lambda f: int(m.group(2)) if (m := re.match(pattern, f.message)) else 0)


def _files_of_a_line(same: list[Finding]) -> Finding:
    """The first of findings naming files one line builds, saying how many other files (and which) the line named."""
    first = same[0]
    files = list(dict.fromkeys(m.group(1) for f in same if (m := re.search(_QUOTED, f.message))))
    others = files[1:]
    if not others:
        return first
    shown = ", ".join(f"'{name}'" for name in others[:SHOWN_PLACES]) + (f" and {len(others) - SHOWN_PLACES} more" if len(others) > SHOWN_PLACES else "")
    return replace(first, message=f"{first.message} (and {count_text(len(others), 'other file')} this line names: {shown})")


HINT_CUTOFF = 0.75  # difflib's ratio: a typo (colr, knigt, bleu) scores 0.75 or more; Notes/steps and front/point score 0.6


def did_you_mean(name: str, choices) -> str:
    """Return ' (did you mean 'x'?)' for a choice that is really close, or '': a wrong hint misleads more than none.

    Close means a typo of it, ignoring case (difflib's ratio at least HINT_CUTOFF), or the start of it (`office` for
    `office-laser`)."""
    import difflib  # only a mistake needs it: `pnp --help` does not pay for its import

    text = str(name)
    options = {str(c).lower(): str(c) for c in choices}
    close = difflib.get_close_matches(text.lower(), list(options), n=1, cutoff=HINT_CUTOFF)
    if not close and len(text) >= 3:
        close = sorted(o for o in options if o.startswith(text.lower()) and o != text.lower())[:1]
    return f" (did you mean '{options[close[0]]}'?)" if close else ""


class LayoutError(Exception):
    """A problem in a template call, with the finding code chosen where it is raised; `needle` helps find the column."""

    def __init__(self, message: str, needle: str | None = None, code: str = "layout"):
        super().__init__(message)
        self.needle = needle
        self.code = code


class OverBudget(BaseException):
    """A command's faces used all the processor time the command may spend on them (pnp.layout.growth.CommandBudget): the command stops,
    with one finding. Not an Exception: a face's `except` must not make it that face's finding and go on to the next."""

    def __init__(self, message: str, finding=None):
        super().__init__(message)
        self.message = message
        self.finding = finding  # the Finding, once the face's template line is known (pnp.layout.templates)

    def __reduce__(self):  # from a worker process to the one that prints it
        return OverBudget, (self.message, self.finding)
