"""Rich text in card data: **bold**, *italic*, [colour]text[/], :icon:, newlines.

The markup is ours and small, so data never reaches reportlab's paragraph
parser: `AT&T` and `<Knight>` print as written, and nothing in card text can
open a file or make a link.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

_TOKEN = re.compile(r"\\(.)|(\*\*)|(\*)|\[(/|#[0-9A-Fa-f]{6}|[A-Za-z][\w-]*)\]|:([a-z0-9][a-z0-9_-]*)(?:@(\d{1,3}(?:\.\d{1,2})?)(mm|pt))?:|(\n)", re.S)
PT_PER = {"mm": 72 / 25.4, "pt": 1.0}  # an inline icon's own size (`:star@4mm:`, `:star@12pt:`) in points
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SPECIAL = re.compile(r"[\\*\[:\n\x00-\x08\x0b-\x1f\x7f]")


class Run(NamedTuple):
    text: str
    bold: bool
    italic: bool
    color: str | None
    icon: str | None = None
    size: float | None = None  # an inline icon's own size in points (`:star@4mm:`); None: sized to the text's capitals


_new = tuple.__new__
BREAK = Run("\n", False, False, None)
_EMPTY = Run("", False, False, None)  # what `parse` gives before a mark that opens a text, and after one that closes it


@functools.cache
def _quotes_parser():
    """markdown-it with its smartquotes rule alone: the rule the rulebook's typographer uses (pnp.outputs.rulebook),
    every other rule off, so our markup passes through as text. Imported by the first text that has a quote to curl."""
    from markdown_it import MarkdownIt

    return MarkdownIt("zero", {"typographer": True}).enable(["smartquotes"])


def curly_quotes(source: str) -> str:
    """`source` with "straight" quotes and apostrophes turned typographic, as the rulebook prints them; nothing else changes."""
    if '"' not in source and "'" not in source:
        return source
    children = _quotes_parser().parseInline(source)[0].children or []
    out = "".join(token.content for token in children)
    same_elsewhere = len(out) == len(source) and all(a == b or b in "\"'" for a, b in zip(out, source, strict=True))
    return out if same_elsewhere else source  # only quotes may change: anything else the parser did is not ours to print


def parse(source: str, is_colour=lambda name: False, is_icon=lambda name: True) -> list[Run]:
    """Split marked-up text into runs of one style, its quotes typographic; unknown [words] and :words: stay literal."""
    return _read(curly_quotes(source), is_colour, is_icon)[0]


def clean_runs(source: str, is_colour, is_icon) -> list[Run] | None:
    """The runs `parse` gives, where `check` would find no mistake in `source`; else None. One reading for both: nearly
    every text of a deck is clean, and its checking and parsing walked it twice."""
    runs, clean = _read(curly_quotes(source), is_colour, is_icon)
    return runs if clean else None


def _read(source: str, is_colour, is_icon) -> tuple[list[Run], bool]:
    """(the runs, whether `check` finds no mistake): the two walk the same marks in the same order, and a mark `parse`
    leaves literal ([unknown], :unknown:, a [/] that closes nothing) or leaves open is one `check` reports."""
    at_once = _at_once(source)
    if at_once is not None:
        return at_once, True
    text = _CONTROL.sub("", source)
    runs: list[Run] = []
    bold = italic = False
    colours: list[str] = []
    buf: list[str] = []
    clean = True

    def flush():
        if buf:
            runs.append(Run("".join(buf), bold, italic, colours[-1] if colours else None))
            buf.clear()

    pos = 0
    for m in _TOKEN.finditer(text):
        buf.append(text[pos : m.start()])
        pos = m.end()
        escaped, strong, emph, colour, icon, amount, unit, newline = m.groups()
        if escaped is not None:
            buf.append(escaped)
        elif strong:
            flush()
            bold = not bold
        elif emph:
            flush()
            italic = not italic
        elif colour is not None:
            if colour == "/" and colours:
                flush()
                colours.pop()
            elif colour != "/" and is_colour(colour):
                flush()
                colours.append(colour)
            else:
                buf.append(m.group(0))
                clean = False
        elif icon is not None:
            if is_icon(icon):
                flush()
                size = float(amount) * PT_PER[unit] if amount and float(amount) > 0 else None
                runs.append(Run("", bold, italic, colours[-1] if colours else None, icon, size))
            else:
                buf.append(m.group(0))
                clean = False
        elif newline:
            flush()
            runs.append(BREAK)
    buf.append(text[pos:])
    flush()
    return runs, all((clean, not bold, not italic, not colours))  # a mark left open is a mistake too


def _at_once(source: str) -> list[Run] | None:
    """The runs of a text without marks, or of a bold title or number (`**Patient 17**`), as the walk over the marks
    reads them; None for any other text."""
    if not _SPECIAL.search(source):
        return [Run(source, False, False, None)] if source else []
    if _bold_throughout(source):
        return [_EMPTY, Run(source[2:-2], True, False, None), _EMPTY]
    return None


def _bold_throughout(source: str) -> bool:
    """Whether `source` is one bold text with no other mark (`**Patient 17**`)."""
    return len(source) > 4 and source.startswith("**") and source.endswith("**") and not _SPECIAL.search(source, 2, len(source) - 2)


def one_run(source: str) -> Run | None:
    """The one run of text `clean_runs` reads in a line without marks or quotes, or in a bold one (`**Patient 17**`,
    between its two empty runs), read at once: most lines of a deck are one of the two. None for any other text (the
    empty one too)."""
    if '"' in source or "'" in source:
        return None  # quotes are curled by what surrounds them
    if not _SPECIAL.search(source):
        return _new(Run, (source, False, False, None, None, None)) if source else None  # made as Run's own __new__ makes it
    return _new(Run, (source[2:-2], True, False, None, None, None)) if _bold_throughout(source) else None


class Problem(NamedTuple):
    """A markup mistake: its code, the text as written (to find it in the data) and what to do about it."""

    code: str
    token: str
    message: str


def check(source: str, is_colour, is_icon, colour_names=(), icon_names=()) -> list[Problem]:
    """Every markup mistake in `source`: unknown [colour] and :icon: names, and **, * or [colour] left open or closed twice.

    Without this a typo prints as written (`:frgo:`), or an unclosed `**`
    turns the rest of the card bold."""
    if not _SPECIAL.search(source):
        return []
    from pnp.core.errors import did_you_mean

    problems: list[Problem] = []
    bold = italic = None  # where the open ** or * is
    colours: list[str] = []
    for m in _TOKEN.finditer(_CONTROL.sub("", source)):
        escaped, strong, emph, colour, icon, _, _, _ = m.groups()
        if escaped is not None:
            continue
        if strong:
            bold = None if bold else m.group(0)
        elif emph:
            italic = None if italic else m.group(0)
        elif colour == "/":
            if colours:
                colours.pop()
            else:
                problems.append(Problem("markup-unbalanced", "[/]", "[/] closes no colour: remove it, or open one with [name]"))
        elif colour is not None:
            colours.append(colour)  # an unknown one too, so its [/] is not reported as well
            if not is_colour(colour):
                problems.append(Problem("markup-unknown-colour", m.group(0), f"unknown colour [{colour}]{did_you_mean(colour, colour_names)}: use a palette name from game.yaml, "
                                                    f"or write \\[ for a literal bracket"))
        elif icon is not None and not is_icon(icon):
            problems.append(Problem("markup-unknown-icon", m.group(0), f"unknown icon :{icon}:{did_you_mean(icon, icon_names)}: add templates/icons/{icon}.svg, "
                                                f"or write \\: for a literal colon"))
    if bold:
        problems.append(Problem("markup-unbalanced", "**", "** opens bold text that is never closed: add the closing ** (or write \\* for a literal star)"))
    if italic:
        problems.append(Problem("markup-unbalanced", "*", "* opens italic text that is never closed: add the closing * (or write \\* for a literal star)"))
    for colour in colours:
        problems.append(Problem("markup-unbalanced", f"[{colour}]", f"[{colour}] is never closed: end the coloured text with [/]"))
    return problems


def spoken_name(icon: str) -> str:
    """The words a reader hears for an icon (a tagged PDF's text, a web page's alt, a figure's description): its name,
    dashes and underscores as spaces."""
    return icon.replace("-", " ").replace("_", " ")


def plain(source: str) -> str:
    """The text without markup, for search and comparisons."""
    return "".join(r.text if r.icon is None else "" for r in parse(source, is_colour=lambda n: True, is_icon=lambda n: True))
