"""Drawing calls in a template's source: each argument's exact span, the literal term it holds, and that term rewritten.

`pnp serve` lets a designer drag an element on a face; the move lands in the
template as text, in the file the team keeps under version control. So the
call must be found in the file exactly, and only the numbers that change may
be touched: comments, spacing and every other call stay byte for byte. Jinja's
own lexer reads the file (no pattern over the whole text could tell a call
from the same words in a comment or a string), each token is placed at its
offset, and Jinja's parser says what an argument is: a literal (`4`, `-3.2`),
an expression with a literal term that can take the change (`face.w - 8`,
`12.75 + 10 * filled`), or an expression with none (`x * 2`, a loop variable,
a data field), which is never overwritten.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NamedTuple

import jinja2
from jinja2 import nodes
from jinja2.lexer import newline_re

NUMBER_TOKENS = ("integer", "float")
OPENING, CLOSING = "([{", ")]}"
DECIMALS = 3  # a rewritten number keeps at most this many decimals: a thousandth of a millimetre


class SourceError(ValueError):
    """The file cannot be read as the template that was drawn: not UTF-8, not lexed, or its tokens not found in it."""


class Token(NamedTuple):
    line: int
    kind: str  # Jinja's token type: name, integer, float, operator, whitespace, variable_begin, …
    value: str  # the text as written
    start: int  # character offsets in the file's text
    end: int


@dataclass(frozen=True)
class Argument:
    """One argument of a call as written: its parameter, its text and span, and its tokens without the spaces."""

    name: str  # the parameter it sets ('' for an extra positional one)
    source: str
    start: int
    end: int
    tokens: tuple[Token, ...]


@dataclass(frozen=True)
class Call:
    """A call of a drawing function written in a template: `rect(3, 3, face.w - 6, 12)`."""

    function: str
    line: int  # the line of its opening parenthesis, which is the line Jinja runs it at
    start: int
    end: int
    source: str
    arguments: tuple[Argument, ...]

    def argument(self, name: str) -> Argument | None:
        return next((a for a in self.arguments if a.name == name), None)


@dataclass(frozen=True)
class Term:
    """The literal term of an argument that an edit can change: the whole argument, or one added or subtracted."""

    value: float  # signed: `face.w - 8` holds the term -8
    start: int  # span of the number, with its sign when it leads (`-3`)
    end: int
    operator: Token | None  # the + or - before a trailing term, turned over when the term changes sign
    whole: bool  # the argument is this literal alone


def text_of(data: bytes) -> str:
    """A template file's text, as Jinja's loader reads it (UTF-8)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"the file is not UTF-8 text (byte {exc.start})") from None


def tokens(env: jinja2.Environment, text: str) -> list[Token]:
    """Every token Jinja's lexer reads in `text`, with its offsets.

    The lexer works on the text with each line break made `\\n` and gives each
    token's text but not its place. Inside a tag it drops nothing, so each token
    is where the last one ended; between tags it may strip spaces and a line
    break (`trim_blocks`, `lstrip_blocks`, `-`), so a token there is looked for
    after no more than spaces."""
    pieces = newline_re.split(text)
    lines, breaks = pieces[0::2], pieces[1::2]
    flat = "\n".join(lines)
    offsets = _file_offsets(lines, breaks)
    out, pos = [], 0
    try:
        raw = list(env.lexer.tokeniter(text, None))
    except jinja2.TemplateSyntaxError as exc:
        raise SourceError(f"line {exc.lineno}: {exc.message}") from None
    for line, kind, value in raw:
        if not value:
            continue
        start = pos if flat.startswith(value, pos) else flat.find(value, pos)
        if start < 0 or flat[pos:start].strip():
            raise SourceError(f"line {line}: could not place the token {value!r}")
        pos = start + len(value)
        out.append(Token(line, kind, value, offsets(start), offsets(pos)))
    return out


def _file_offsets(lines: list[str], breaks: list[str]):
    """A function from offsets in the text with `\\n` line breaks to offsets in the file's own text (`\\r\\n` counts two)."""
    flat_starts, file_starts = [], []
    flat = real = 0
    for n, line in enumerate(lines):
        flat_starts.append(flat)
        file_starts.append(real)
        flat += len(line) + 1
        real += len(line) + (len(breaks[n]) if n < len(breaks) else 0)

    def offset(at: int) -> int:
        lo, hi = 0, len(flat_starts) - 1
        while lo < hi:  # the last line starting at or before `at`
            mid = (lo + hi + 1) // 2
            if flat_starts[mid] <= at:
                lo = mid
            else:
                hi = mid - 1
        return file_starts[lo] + at - flat_starts[lo]

    return offset


def calls_at(env: jinja2.Environment, text: str, line: int, function: str, params: list[str]) -> list[Call]:
    """The calls of `function` opened on `line` (not a method such as `x.rect(`), in the order they are written."""
    found = tokens(env, text)
    out = []
    for i, token in enumerate(found):
        if token.kind != "name" or token.value != function or i + 1 >= len(found):
            continue
        opening = found[i + 1]
        if opening.value != "(" or opening.line != line or (i and found[i - 1].value == "."):
            continue
        call = _call(found, i, text, params)
        if call is not None:
            out.append(call)
    return out


def _call(found: list[Token], at: int, text: str, params: list[str]) -> Call | None:
    """The call whose name is token `at`: its arguments split at the commas between its own parentheses."""
    depth, parts, current = 0, [], []
    for token in found[at + 2:]:
        if token.kind == "operator" and token.value in OPENING:
            depth += 1
        elif token.kind == "operator" and token.value in CLOSING:
            if depth == 0:
                if current:
                    parts.append(current)
                arguments = _arguments(parts, text, params)
                name = found[at]
                return Call(name.value, found[at + 1].line, name.start, token.end, text[name.start:token.end], arguments)
            depth -= 1
        if depth == 0 and token.kind == "operator" and token.value == ",":
            parts.append(current)
            current = []
        elif token.kind != "whitespace":
            current.append(token)
    return None  # the file ends inside the call: Jinja would not have run it


def _arguments(parts: list[list[Token]], text: str, params: list[str]) -> tuple[Argument, ...]:
    out, position = [], 0
    for part in parts:
        if not part:
            continue
        if len(part) >= 3 and part[0].kind == "name" and part[1].value == "=":
            name, part = part[0].value, part[2:]
        else:
            name = params[position] if position < len(params) else ""
            position += 1
        start, end = part[0].start, part[-1].end
        out.append(Argument(name, text[start:end], start, end, tuple(part)))
    return tuple(out)


def expression(env: jinja2.Environment, argument: Argument) -> nodes.Expr:
    """The argument's syntax tree, as Jinja parses it in the call."""
    try:
        body = env.parse("{{ " + argument.source + " }}").body
    except jinja2.TemplateSyntaxError as exc:
        raise SourceError(f"line {argument.tokens[0].line}: {exc.message}") from None
    return body[0].nodes[0]


def term(env: jinja2.Environment, argument: Argument) -> Term | None:
    """The literal term of `argument` an edit can change, or None when it has none (`x * 2`, `card.stars`)."""
    node, toks = expression(env, argument), _unwrapped(argument.tokens)
    whole = _signed_literal(node, toks)
    if whole is not None:
        return Term(whole, toks[0].start, toks[-1].end, None, True)
    if not isinstance(node, (nodes.Add, nodes.Sub)):
        return None
    if _number(node.right) is not None and len(toks) >= 3 and toks[-1].kind in NUMBER_TOKENS and toks[-2].value in "+-":
        sign = 1 if isinstance(node, nodes.Add) else -1
        return Term(sign * _number(node.right), toks[-1].start, toks[-1].end, toks[-2], False)
    left = node
    while isinstance(left, (nodes.Add, nodes.Sub)):
        left = left.left
    for size in (1, 2):  # `8 - x`, or `-8 + x`
        value = _signed_literal(left, toks[:size])
        if value is not None:
            return Term(value, toks[0].start, toks[size - 1].end, None, False)
    return None


def _unwrapped(toks: tuple[Token, ...]) -> tuple[Token, ...]:
    """The tokens without parentheses around the whole argument."""
    while len(toks) >= 2 and toks[0].value == "(" and toks[-1].value == ")" and _closes_at_end(toks):
        toks = toks[1:-1]
    return toks


def _closes_at_end(toks: tuple[Token, ...]) -> bool:
    depth = 0
    for n, token in enumerate(toks):
        depth += token.value in OPENING and token.kind == "operator"
        depth -= token.value in CLOSING and token.kind == "operator"
        if depth == 0:
            return n == len(toks) - 1
    return False


def _number(node) -> float | None:
    if isinstance(node, nodes.Const) and type(node.value) in (int, float):
        return float(node.value)
    return None


def _signed_literal(node, toks) -> float | None:
    """The value of a number written alone (`4`, `-3.5`, `+2`) as these tokens, else None."""
    if len(toks) == 1 and toks[0].kind in NUMBER_TOKENS:
        return _number(node)
    if len(toks) == 2 and toks[0].value in "+-" and toks[1].kind in NUMBER_TOKENS and isinstance(node, (nodes.Neg, nodes.Pos)):
        value = _number(node.node)
        return None if value is None else (-value if isinstance(node, nodes.Neg) else value)
    return None


def number_text(value: float) -> str:
    """A number as a designer writes it: `14`, `12.75`, `-3.2`; never `1e-05` nor `-0`."""
    text = f"{value:.{DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def changed(found: Term, delta: float) -> list[tuple[int, int, str]]:
    """The replacements (start, end, new text) that add `delta` to the term, touching only what changes."""
    value = round(found.value + delta, DECIMALS)
    if found.operator is None:
        new = number_text(value)
        return [] if new == _written(found) else [(found.start, found.end, new)]
    out = []
    sign = "-" if value < 0 else "+"
    if sign != found.operator.value:
        out.append((found.operator.start, found.operator.end, sign))
    new = number_text(abs(value))
    if new != _written(found):
        out.append((found.start, found.end, new))
    return out


def _written(found: Term) -> str:
    return number_text(found.value if found.operator is None else abs(found.value))


def rewritten(data: bytes, replacements: list[tuple[int, int, str]]) -> bytes:
    """`data` with each (start, end, text) span of its text replaced, every other byte as it was."""
    text = text_of(data)
    spans = sorted(replacements)
    if any(a[1] > b[0] for a, b in itertools.pairwise(spans)):
        raise SourceError("two changes to one number: nothing was written")
    for start, end, new in reversed(spans):
        text = text[:start] + new + text[end:]
    return text.encode("utf-8")


def names_read(node: nodes.Node) -> list[str]:
    """The variables an expression reads, with the fields it takes of them: `face.w`, `card.stars`, `i`."""
    out: list[str] = []

    def walk(n: nodes.Node) -> None:
        dotted = _dotted(n)
        if dotted is not None:
            out.append(dotted)
            return
        for child in n.iter_child_nodes():
            walk(child)

    walk(node)
    return list(dict.fromkeys(out))


def _dotted(n: nodes.Node) -> str | None:
    if isinstance(n, nodes.Name):
        return n.name
    if isinstance(n, nodes.Getattr):
        base = _dotted(n.node)
        return None if base is None else f"{base}.{n.attr}"
    if isinstance(n, nodes.Getitem) and isinstance(n.arg, nodes.Const) and isinstance(n.arg.value, (str, int)):
        base = _dotted(n.node)
        return None if base is None else f"{base}[{n.arg.value!r}]"
    return None


class Definition(NamedTuple):
    kind: str  # 'loop', 'set', 'macro argument', 'with'
    line: int
    owner: str  # the macro a macro argument belongs to


def definitions(env: jinja2.Environment, text: str) -> dict[str, list[Definition]]:
    """Where the template gives a name its value: a `for` loop, a `set`, a macro's argument, a `with`."""
    tree = env.parse(text)
    out: dict[str, list[Definition]] = {}

    def note(target, kind: str, line: int, owner: str = "") -> None:
        for name in target.find_all(nodes.Name) if not isinstance(target, nodes.Name) else [target]:
            out.setdefault(name.name, []).append(Definition(kind, line, owner))

    for node in tree.find_all((nodes.For, nodes.Assign, nodes.AssignBlock, nodes.Macro, nodes.CallBlock, nodes.With)):
        if isinstance(node, nodes.For):
            note(node.target, "loop", node.lineno)
        elif isinstance(node, (nodes.Assign, nodes.AssignBlock)):
            note(node.target, "set", node.lineno)
        elif isinstance(node, nodes.Macro):
            for arg in node.args:
                note(arg, "macro argument", node.lineno, node.name)
        elif isinstance(node, nodes.CallBlock):
            for arg in node.args:
                note(arg, "caller argument", node.lineno)
        else:
            for target in node.targets:
                note(target, "with", node.lineno)
    return out
