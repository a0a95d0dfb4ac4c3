"""Playtest answers joined to the printed card that drew them.

A card's QR stamp opens the game's form with the card's id and stamp code filled in (pnp.data.stamps.form_link); the form's answer
sheet (Google Forms' or Microsoft Forms' CSV or XLSX, or a sheet typed from paper) comes back through `pnp feedback
import`, which joins each row to its card by that code (`join_rows`) and keeps the answers in the game's folder as
`feedback/answers.yaml`: plain text, one entry per answer, sorted, so it diffs in git and the same row imported twice
is one answer. A row that names no card of the game, or an id two decks share with no code to say which, is refused
at its cell, never guessed; the columns of who answered are left out (pnp.data.personal) and named.
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import Finding, Loc, PnpError, column_letters, did_you_mean, error
from pnp.data.personal import OWN_RECORD, personal_columns, without_contacts, without_own

ANSWERS_FILE = Path("feedback") / "answers.yaml"  # in the game's folder, beside game.yaml
# The headers each column has in Google Forms' sheet, Microsoft Forms', Typeform's and Tally's exports and a sheet typed
# by hand, in that order, where game.yaml's feedback.columns names none
DEFAULT_COLUMNS = {"time": ("Timestamp", "Completion time", "Submit Date (UTC)", "Submitted at", "Time"), "code": ("Code", "Card code", "Stamp"),
                   "card": ("Card",), "version": ("Version",)}
# a stamp code as printed (pnp.data.stamps: 6 letters of base32), a whole token: never six letters of a longer word or code
CODE = re.compile(r"(?<![\w\-/])([A-Z2-7]{6})(?![\w\-/])")
STAMP_TAIL = re.compile(r"\s*·\s*[A-Za-z2-7]{6}\Z")  # the code after the version in a stamp's text
TIME_FORMATS = ("%Y/%m/%d %I:%M:%S %p", "%Y/%m/%d %H:%M:%S", "%m/%d/%Y %H:%M:%S", "%m/%d/%Y %H:%M", "%m/%d/%y %H:%M:%S", "%m/%d/%y %H:%M")
TIME_ZONE = re.compile(r"\s+(?:GMT|UTC)(?:[+-]\d{1,2}(?::?\d\d)?)?\Z")  # Google Forms' CSV ends its times with the form's zone


@dataclass(frozen=True, order=True)
class Answer:
    """One answer: the card it is about (deck/card), the stamp code and version it was given on ('' when the sheet has
    none), when (YYYY-MM-DD HH:MM:SS, as the sheet says it), and each question's answer as text."""

    card: str
    time: str
    code: str
    version: str
    answers: tuple[tuple[str, str], ...]

    def as_data(self) -> dict:
        return {"card": self.card, "time": self.time, "code": self.code, "version": self.version, "answers": dict(self.answers)}

    def older(self, code_now: str, version_now: str) -> bool:
        """Whether it was given on a card other than the one printed now: another code, or (without one) another version."""
        if self.code:
            return self.code != code_now
        return bool(self.version) and self.version != version_now


def answers_path(game_dir: Path) -> Path:
    return game_dir / ANSWERS_FILE


def read_answers(game_dir: Path, rel: str) -> tuple[list[Answer], list[Finding]]:
    """The answers kept for a game (none when it has no answers file), and what is wrong with the file."""
    from pnp.core.files import stays_inside
    from pnp.data.located import LocDict
    from pnp.data.source import load_yaml

    path = answers_path(game_dir)
    if not path.is_file():
        return [], []
    rel_file = f"{rel}/{ANSWERS_FILE.as_posix()}"
    if not stays_inside(path, game_dir):  # a link a downloaded game planted: never read through it
        return [], [error("answers-outside", "the answers file leads out of the game's folder (a link): delete it, and import the answers again", Loc(rel_file))]
    try:
        data = load_yaml(path, rel_file)
    except PnpError as exc:
        return [], exc.findings
    if data is None:
        return [], []
    if not isinstance(data, list):
        return [], [error("answers-shape", "the answers file is a list of answers (`- card: …`): import them again with pnp feedback import", Loc(rel_file, 1, 1))]
    out, findings = [], []
    for n, item in enumerate(data):
        where = data.loc_of(n) if hasattr(data, "loc_of") else Loc(rel_file, 1, 1)
        given = item.get("answers") if isinstance(item, LocDict) else None
        if not isinstance(item, LocDict) or not isinstance(item.get("card"), str) or not isinstance(given, dict):
            findings.append(error("answers-shape", "an answer needs `card:` (deck/card) and `answers:` (question: answer)", where))
            continue
        out.append(Answer(item["card"], _text(item.get("time")), _text(item.get("code")), _text(item.get("version")),
                          tuple((str(q), _text(a)) for q, a in given.items())))
    return out, findings


def answers_text(answers: list[Answer]) -> str:
    """The answers file: sorted, one entry per answer, the same answers the same bytes."""
    import yaml

    head = "# Playtest answers, joined to their cards by `pnp feedback import` (one entry per answer; imported again, a row is kept once)\n"
    body = [a.as_data() for a in sorted(set(answers))]
    return head + (yaml.dump(body, Dumper=_text_dumper(), allow_unicode=True, sort_keys=False, width=1000, default_flow_style=False) if body else "[]\n")


def _text_dumper():
    """PyYAML's safe dumper writing every text that pnp's YAML 1.2 reader would read as something else (`1e3`, a
    number there and text to YAML 1.1) in quotes, so the file reads back as it was written."""
    import yaml

    from pnp.data.source import NumberTooLong, typed_scalar

    class TextDumper(yaml.SafeDumper):
        pass

    def text(dumper, value: str):
        try:
            plain = typed_scalar(value) == value and isinstance(typed_scalar(value), str)
        except NumberTooLong:
            plain = False
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=None if plain else "'")

    TextDumper.add_representer(str, text)
    return TextDumper


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value).strip()


@dataclass(frozen=True)
class Cards:
    """What a row may name: each card's id (deck/card) with its stamp code now, and the codes of every print and build
    kept (pnp.pipeline.printed_cards.known_codes), so an answer given on any printed version of a card still joins."""

    now: dict[str, str]  # deck/card → code
    printed: dict[str, str]  # code → deck/card, of the cards as printed or built before
    version: str
    words: frozenset[str] = frozenset()  # the cards' names and ids, folded: an answer naming a card is no person's name

    def by_id(self, text: str) -> list[str]:
        """The cards (deck/card) a Card cell names: itself where it names a deck too, else every deck's card of that id."""
        if text in self.now:
            return [text]
        return [name for name in self.now if name.split("/", 1)[1] == text]

    def by_code(self, code: str) -> list[str]:
        """The cards printed with `code`: those whose code it is now, else the one a print or build before gave it."""
        now = [name for name, known in self.now.items() if known == code]
        return now or ([self.printed[code]] if code in self.printed else [])

    def example(self) -> str:
        """A stamp as this game prints it, to check a code against: its first card's (`v1.2 · ABCDEF` or `ABCDEF`)."""
        from pnp.data.stamps import stamp_text

        first = next(iter(sorted(self.now.items())), None)
        return f"{stamp_text(self.version, first[1])} on {first[0]}" if first else stamp_text(self.version, "ABCDEF")


def join_rows(rows: list, header_loc: Loc, spec, cards: Cards) -> tuple[list[Answer], list[Finding]]:
    """Each row of an answer sheet (cells with .value and .loc; the first row not blank is the header) as an answer
    joined to its card, and a located finding for each row that names no card of the game (or two), or has no time,
    and one naming the columns of who answered that the answers leave out (pnp.data.personal)."""
    header_at = next((i for i, row in enumerate(rows) if not _blank(row)), None)
    if header_at is None:
        raise PnpError(error("answers-empty", "the sheet has no header row: export the form's answers with their headers", header_loc))
    names = _distinct_headers([_text(c.value) for c in rows[header_at]])
    columns = _columns(names, spec, rows[header_at][0].loc)
    body = [row for row in rows[header_at + 1:] if not _blank(row)]
    kept, dropped = _answer_columns(names, body, columns, spec, cards)
    answers, findings = [], [_dropped_finding(dropped, rows[header_at])] if dropped else []
    left_out = [d.index for d in dropped]
    for row in body:
        answer = _answer(row, names, columns, kept, left_out, spec, cards)
        (findings if isinstance(answer, Finding) else answers).append(answer)
    return answers, findings


def _distinct_headers(names: list[str]) -> list[str]:
    """Each header as the answers file names its answers: a header the sheet already has (Typeform writes an `Other`
    column after each question that offers one, and a question asked twice twice) gets its column's letter after it,
    `Other (G)`, so no answer overwrites another in answers.yaml and the same sheet imported again is the same answers."""
    out: list[str] = []
    for i, name in enumerate(names):
        out.append(f"{name} ({column_letters(i + 1)})" if name and name in out else name)
    return out


def _answer_columns(names: list[str], body: list, columns: dict, spec, cards: Cards) -> tuple[list[int], list]:
    """The columns kept as answers (neither time, code, card nor version, nor ignored), and those left out as saying
    who answered (pnp.data.personal), unless the game keeps them."""
    answer_columns = [i for i, name in enumerate(names) if name and i not in columns.values() and name not in spec.ignore]
    values = [[_text(row[i].value) if i < len(row) else "" for row in body] for i in range(len(names))]
    dropped = [d for d in personal_columns(names, values, list(spec.keep), cards.words) if d.index in answer_columns]
    return [i for i in answer_columns if i not in {d.index for d in dropped}], dropped


def _dropped_finding(dropped: list, header: list) -> Finding:
    """One line naming every column left out (of who answered, or the form's own record), at the first one's header
    cell, each with why, and how to keep one of who answered (a form's own record is never one to keep)."""
    from pnp.core.errors import column_letters, warning

    listed = ", ".join(f"{column_letters(d.index + 1)} '{d.header}' ({d.why})" for d in dropped)
    keepable = next((d for d in dropped if d.why != OWN_RECORD), None)  # who answered is the designer's choice; a form's record never is
    how = f"; to keep a column, name its header in game.yaml's feedback: {{keep: ['{keepable.header}']}}" if keepable else ""
    return warning("answers-personal", f"left out of the answers file: {listed}{how}", header[dropped[0].index].loc)


def _columns(names: list[str], spec, where: Loc) -> dict[str, int | None]:
    """Where each of time, code, card and version is in the header; an error when the time, or both code and card, are missing."""
    columns = {what: _column(names, what, spec) for what in DEFAULT_COLUMNS}
    if columns["time"] is None or (columns["code"] is None and columns["card"] is None):
        what = "time" if columns["time"] is None else "code"
        raise PnpError(error("answers-column", f"no {what} column: this sheet's headers are {', '.join(n for n in names if n)}; name the one holding the "
                             f"answer's {what} in game.yaml's feedback: {{columns: {{{what}: …}}}}", where))
    return columns


def _column(names: list[str], what: str, spec) -> int | None:
    wanted = (spec.columns[what],) if what in spec.columns else DEFAULT_COLUMNS[what]
    folded = [n.lower() for n in names]
    return next((folded.index(w.lower()) for w in wanted if w.lower() in folded), None)


def _answer(row: list, names: list[str], columns: dict, kept: list[int], left_out: list[int], spec, cards: Cards) -> Answer | Finding:
    """The row's answer (its kept columns' cells, `left_out` the columns of who answered: pnp.data.personal), or the
    error that refuses it, at the cell that is wrong."""
    def cell(i):
        return row[i] if i is not None and i < len(row) else None

    time_cell, code_cell, card_cell = cell(columns["time"]), cell(columns["code"]), cell(columns["card"])
    first = row[0].loc
    time = _time(time_cell.value if time_cell else None, spec.time_format)
    if time is None:
        return error("answer-time", f"'{_text(time_cell.value) if time_cell else ''}' is not a time pnp reads: write it as 2026-11-20 14:03:04, or give its "
                     "form in game.yaml's feedback: {time_format: '%d/%m/%Y %H:%M'}", time_cell.loc if time_cell else first)
    version_cell = cell(columns["version"])
    version = _text(version_cell.value) if version_cell else ""
    found = CODE.findall(_text(code_cell.value).upper()) if code_cell else []
    if not found and version_cell and CODE.findall(version.upper()):  # the paper feedback sheet's Version column holds the whole stamp: v1.2 · ABC123
        found, code_cell = CODE.findall(version.upper()), version_cell
    code = found[-1] if found else ""
    version = _version(version)
    card = _card_of(card_cell, code_cell, code, cards, first)
    if isinstance(card, Finding):
        return card
    if not version and code and cards.now.get(card) == code:
        version = cards.version
    return Answer(card, time, code, version, _given(row, names, kept, left_out, spec))


def _given(row: list, names: list[str], kept: list[int], left_out: list[int], spec) -> tuple[tuple[str, str], ...]:
    """The row's answers (header, text) of its kept columns that are filled: as written in a column the game keeps, else
    with who answered left out of them (an address or number in a sentence; the row's own left-out values repeated)."""
    whole = {k.strip().lower() for k in spec.keep}
    who = [_text(row[i].value) for i in left_out if i < len(row)]
    return tuple((names[i], _text(row[i].value) if names[i].strip().lower() in whole else without_own(without_contacts(_text(row[i].value)), who))
                 for i in kept if i < len(row) and _text(row[i].value))


def _card_of(card_cell, code_cell, code: str, cards: Cards, first: Loc) -> str | Finding:
    """The card a row names: by its Card cell where it has one (the code saying which where two decks share the id),
    else by its stamp code; else the error that refuses it, never a guess."""
    card_text = _text(card_cell.value) if card_cell else ""
    if card_text:
        named = cards.by_id(card_text)
        if len(named) > 1:
            named = [name for name in named if name in cards.by_code(code)] or named
        if len(named) == 1:
            return named[0]
        if named:
            return error("answer-card-shared", f"card '{card_text}' is in {len(named)} decks ({', '.join(n.split('/', 1)[0] for n in named)})"
                         f"{' and the code ' + code + ' is neither' if code else ''}: this answer cannot be joined to one; write the deck too "
                         f"({' or '.join(named)}), or the code printed on the card", card_cell.loc)
        return error("answer-card", f"no card '{card_text}' in this game{did_you_mean(card_text, list(cards.now))}: this answer cannot be joined to a card; "
                     "correct the cell, or delete the row", card_cell.loc)
    if code:
        named = cards.by_code(code)
        if len(named) == 1:
            return named[0]
        return error("answer-code", f"{'no card has' if not named else str(len(named)) + ' cards (' + ', '.join(named) + ') have'} the stamp code {code}: "
                     f"check it against the card's stamp (this game prints {cards.example()}), or add a Card column naming the card (deck/card)", code_cell.loc)
    where = code_cell or card_cell
    return error("answer-unjoined", "this answer names no card: its code cell is empty (the form was opened without the card's QR stamp): "
                 "type the code printed on the card, or delete the row", where.loc if where else first)


def _version(text: str) -> str:
    """The game's version as `version:` gives it, from a cell that may hold the stamp's text (`v1.2 · ABC123`) or `v1.2`."""
    text = STAMP_TAIL.sub("", text).strip()
    return text[1:] if text[:1] in "vV" and text[1:2].isdigit() else text


def _time(value, form: str | None) -> str | None:
    """The answer's time as YYYY-MM-DD HH:MM:SS (the zone a form appends dropped), or None when it reads as no time."""
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    text = TIME_ZONE.sub("", _text(value))
    if not text:
        return None
    for fmt in ((form,) if form else ()) + TIME_FORMATS:
        try:
            return datetime.datetime.strptime(text, fmt).strftime("%Y-%m-%d %H:%M:%S")
        except ValueError:
            continue
    if not form:
        try:
            return datetime.datetime.fromisoformat(text).strftime("%Y-%m-%d %H:%M:%S")
        except ValueError:
            return None
    return None


def _blank(row: list) -> bool:
    return all(_text(c.value) == "" for c in row)


def merged(kept: list[Answer], new: list[Answer]) -> tuple[list[Answer], int]:
    """The kept answers with the new ones that are not among them yet: (all, sorted; how many were new)."""
    known = set(kept)
    fresh = {a for a in new if a not in known}
    return sorted(known | fresh), len(fresh)


def by_card(answers: list[Answer]) -> dict[str, list[Answer]]:
    """Each card's answers, newest first."""
    out: dict[str, list[Answer]] = {}
    for a in sorted(answers, key=lambda a: (a.time, a.code, a.answers), reverse=True):
        out.setdefault(a.card, []).append(a)
    return out


def tally(answers: list[Answer], now: dict[str, str], version: str) -> dict[str, tuple[int, int]]:
    """deck/card → (its answers, those given on an older version than the card printed now: `now` its code)."""
    out: dict[str, tuple[int, int]] = {}
    for a in answers:
        n, older = out.get(a.card, (0, 0))
        out[a.card] = (n + 1, older + a.older(now.get(a.card, ""), version))
    return out
