"""What a template's failure while drawing a face says, in our words: its finding's code and message.

Python's and Jinja's own messages name their internals (`got an unexpected keyword argument`,
`sys.set_int_max_str_digits`); a designer is told instead what the drawing call takes, and where in the data a text
too long for its box, or a character its font lacks, is written (`data_holding`, which the warnings of a text shrunk or
of a markup mistake also ask), and where a name the data handed a drawing call (an icon's, a colour's) is written
(`data_naming`), and how a template is named to the designer: the nearest to a name that names none
(`template_hint`), one of pnp's own by the name a game gives it (`builtin_name`).
Where in the template it failed is pnp.layout.templates' (the line a traceback names).
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import jinja2

from pnp.core.assets import BUILTIN_TEMPLATES
from pnp.core.errors import GLYPH_SAID, LayoutError, Loc, did_you_mean
from pnp.data.located import LocDict, LocList
from pnp.layout.growth import number_words


def failure_words(exc: BaseException, context: dict | None, functions: dict) -> tuple[str, str]:
    """(code, message) of a failure met drawing a face; `functions` are the drawing calls a template can make."""
    message = str(exc) if not isinstance(exc, jinja2.UndefinedError) else exc.message
    if getattr(exc, "code", "") == "text-overflow" and context and (m := re.search(r"\('(.+)…'\)", message)):
        field, data_loc = data_holding(context, m[1])  # a translation too long is found in the data, at its cell
        message = message.replace(m[0], f"('{m[1]}…', {field} at {data_loc})", 1) if data_loc is not None else message
    if getattr(exc, "code", "") == "missing-glyph" and context:
        message = _glyphs_written_at(message, context)
    code = "template-undefined" if isinstance(exc, jinja2.UndefinedError) else "template-error"
    if isinstance(exc, jinja2.exceptions.SecurityError):
        code, message = "template-unsafe", f"not allowed in a template: {message}"
    elif isinstance(exc, LayoutError):
        code = exc.code
    elif isinstance(exc, TypeError) and (unknown := _unknown_argument(str(exc), functions)):
        code, message = "template-argument", unknown
    elif not isinstance(exc, jinja2.UndefinedError):
        message = number_words(exc) or f"{type(exc).__name__}: {message}"
    return code, message


WRITTEN_IN = " (written in "  # how a missing-glyph finding names the field holding its characters

# The data a face draws from, in the order a designer would look for a text.
_DATA_NAMES = ("card", "board", "token", "space", "deck", "label", "game")


def _unknown_argument(message: str, functions: dict) -> str | None:
    """'text() has no argument 'colour' (did you mean 'color'?)' for Python's message about a drawing call, else None."""
    m = re.search(r"(\w+)\(\) got an unexpected keyword argument '(\w+)'", message)
    if not m or not callable(functions.get(m.group(1))):
        return None
    function, argument = m.groups()
    try:
        names = [p for p in inspect.signature(functions[function]).parameters if p not in ("caller",)]
    except (TypeError, ValueError):
        return None
    return f"{function}() has no argument '{argument}'{did_you_mean(argument, names)}: it takes {', '.join(names)}"


def _first_glyph_held(message: str, context: dict) -> tuple[str, Loc | None]:
    """(the data field, where it is written) holding a missing-glyph message's first character, else ('', None)."""
    first = GLYPH_SAID.search(message)
    return data_holding(context, first[1]) if first and context else ("", None)


def _glyphs_written_at(message: str, context: dict) -> str:
    """A missing-glyph message naming where in the data the first missing character is written (a sheet's cell, a YAML
    line): an emoji typed in a spreadsheet is fixed there, not in the template that draws it."""
    field, data_loc = _first_glyph_held(message, context)
    return message if data_loc is None else glyphs_written(message, field, data_loc)


def glyphs_written(message: str, field: str, at: Loc) -> str:
    """A missing-glyph message saying the field and place its first character is written at, after the characters."""
    end = list(GLYPH_SAID.finditer(message))[-1].end()
    return f"{message[:end]}{WRITTEN_IN}{field} at {at}){message[end:]}"


def glyphs_found(message: str, data, characters) -> tuple[str, Loc | None]:
    """A missing-glyph `message` saying where the first of its `characters` (in code point order) is written among the
    text values of `data` (a file's mapping or list, read with places), and that place; the message and None when no
    value holds one: a character a document's fonts lack, found in its own file."""
    for ch in sorted(characters):
        found = next(_holding(data, "", ch, depth=6), None)
        if found is not None:
            return glyphs_written(message, found[0].lstrip("."), found[1]), found[1]
    return message, None


def glyphs_at_their_data(message: str, context: dict) -> tuple[str, Loc] | None:
    """A missing-glyph message placed where in the data its first character is written, if a field of the face holds
    it: (the message without its '(written in …)', that place). The finding of a template that is not the designer's
    (pnp's own label) is said there, since that is where it is mended, and the field's name inside pnp is not theirs."""
    field, at = _first_glyph_held(message, context)
    return None if at is None else (message.replace(f"{WRITTEN_IN}{field} at {at})", ""), at)


def data_holding(context: dict, token: str, drawn: str = "") -> tuple[str, Loc | None]:
    """('card.text', where it is written) for the first data field whose text holds `token`, else ('', None).

    Given the text that was `drawn`, a field it holds comes first: a card's red name and its text that leaves red
    open both hold `[red]`, and the mistake is the text's."""
    fields = list(_fields_holding(context, token))
    return next(((field, loc) for field, loc, value in fields if drawn and value in drawn), fields[0][:2] if fields else ("", None))


def data_naming(context: dict, name: str, line: str = "") -> tuple[str, Loc | None]:
    """('card.icon', where it is written) for the first data field whose value is `name` itself (an icon's, a colour's
    name a template was handed from the data), else ('', None). A number (`1` in a colour's cell) is looked for only
    in a face's field that the template's `line` names, as many fields of a card may hold the same number."""
    named = next(((field, loc) for field, loc, value in _fields_holding(context, name) if value.strip() == name), None)
    return named or next(((field, loc) for field, loc in _numbers_written(context, name) if _reads(line, field)), ("", None))


def _numbers_written(context: dict, text: str):
    """(field, where it is written) of each of a face's own fields holding a number written as `text`."""
    for name in _DATA_NAMES:
        data = getattr(context.get(name), "_data", None)
        if isinstance(data, LocDict):
            yield from ((f"{name}.{key}", data.loc_of(key)) for key, value in data.items()
                        if isinstance(value, (int, float)) and not isinstance(value, bool) and str(value) == text)


def _reads(line: str, field: str) -> bool:
    """Whether a template's line reads `field` (`card.SHIELD` or `card["SHIELD"]`)."""
    owner, key = field.split(".", 1)
    return re.search(rf"\b{owner}\s*(?:\.\s*{re.escape(key)}\b|\[\s*['\"]{re.escape(key)}['\"]\s*\])", line) is not None


def _fields_holding(context: dict, token: str):
    """(field, where it is written, its text) of each data field whose text holds `token`, in the order a designer
    looks: a face's own fields first, then those nested in them (a board's spaces, an entry of a card's list)."""
    for name in _DATA_NAMES:
        fields = context.get(name)
        data = getattr(fields, "_data", None)
        if isinstance(data, LocDict):  # a board's or token's face has its fields as `card` too: named by what it is
            label = fields._what if name == "card" and getattr(fields, "_what", name) in _DATA_NAMES else name
            yield from _holding(data, label, token, depth=3)


def _holding(data, path: str, token: str, depth: int):
    """`_fields_holding` within one mapping or list of the data, `depth` levels down at most."""
    entries = data.items() if isinstance(data, dict) else enumerate(data)
    nested = []
    for key, value in entries:
        field = f"{path}.{key}" if isinstance(data, dict) else f"{path}[{key}]"
        if isinstance(value, str) and token in value:
            yield field, data.loc_of(key), value
        elif isinstance(value, (LocDict, LocList)) and depth > 1:
            nested.append((value, field))
    for value, field in nested:
        yield from _holding(value, field, token, depth - 1)


def builtin_name(filename: str) -> str:
    """One of pnp's own templates by the name a game's data gives it (`pnp/label.j2`), not by its place in the install."""
    try:
        return Path(filename).relative_to(BUILTIN_TEMPLATES).as_posix()
    except ValueError:
        return Path(filename).name


def quoted_in(line: str, text: str) -> bool:
    """Whether a template's line writes `text` itself, in quotes (`icon("star")`), rather than being handed it."""
    return f"'{text}'" in line or f'"{text}"' in line


def template_hint(asked: str, names: list[str]) -> str:
    """The did-you-mean for a missing template, comparing file names within the asked one's folder: two paths sharing
    their folder and `.j2` look alike whatever their names (`demo/parts.j2` is not a typo of `demo/board.j2`)."""
    folder, _, file = asked.rpartition("/")
    same = {n.rpartition("/")[2]: n for n in names if n.rpartition("/")[0] == folder}
    if not same:
        return did_you_mean(asked, names)
    hint = did_you_mean(file, same)
    meant = same[hint.split("'")[1]] if hint else ""
    return f" (did you mean '{meant}'?)" if meant else ""
