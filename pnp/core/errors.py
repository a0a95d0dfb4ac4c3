"""Findings: problems in the user's input, each with the place it came from.

Errors are values. Every stage appends `Finding`s to a list or raises
`PnpError` carrying them; the CLI is the one place that prints them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple


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

    def in_game(self, slug: str) -> Finding:
        """This finding as one of game `slug`'s: a layer below the game (a template, a sheet) finds
        problems without knowing which game it works for; one that names its game already keeps it."""
        return self if self.game else replace(self, game=slug)

    def sort_key(self):
        return (self.loc.path, self.loc.line, self.loc.col, self.code, self.message)

    def format(self) -> str:
        where = f" [{self.component}]" if self.component else ""
        return f"{self.loc}: {self.severity}: {self.message}{self.places_text()}{where}"

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


def one_per_mistake(findings: list[Finding]) -> list[Finding]:
    """One finding for each mistake, however many pieces it met: a template line that fails on 30 cards (and on the
    rulebook figure showing one of them) is one error, at that line, saying on how many and which.

    Findings are the same mistake when they say the same thing at the same place; the first one seen stands for them.
    A stage that could not run because another error left out what it reads (code LEFT_OUT) is a note naming that
    error's file: the mistake is counted once, where it is."""
    groups: dict[tuple, list[Finding]] = {}
    for f in findings:
        if f.code == LEFT_OUT and f.severity != "note":
            f = Finding("note", f.code, f.message, f.loc, f.game, f.component)
        groups.setdefault((f.severity, f.code, f.loc, f.message, f.game), []).append(f)
    out = []
    for same in groups.values():
        first = same[0]
        places = tuple(dict.fromkeys(f.component for f in same if f.component))
        if len(places) > 1:
            first = Finding(first.severity, first.code, first.message, first.loc, first.game, places[0], places)
        out.append(first)
    return out


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
