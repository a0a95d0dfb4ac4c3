"""Where on its line a template stops parsing: Jinja's syntax errors carry a line and no column, and a finding names
both (`file:line:column`), so an editor jumps to the token."""
from __future__ import annotations

import re

import jinja2

from pnp.layout.sandbox import TemplateBeyondReading

# Jinja's lexer: the character and its offset in the file; the character as Python writes it, so a quote between double quotes
UNEXPECTED_CHAR = re.compile(r"""(unexpected char (?:'.+?'|".+?")) at (\d+)""")
# Jinja's lexer, meeting a closing bracket nothing opened (`{{ rect(1, 2) }`): the bracket, and no place at all
UNBALANCED = re.compile(r"unexpected '([)\]}])'")


def syntax_words(exc: jinja2.TemplateSyntaxError) -> str:
    """Jinja's words for a syntax error without the lexer's character offset ("at 744"), which reads as a column or a
    line and is neither: the finding names the line and column itself."""
    return UNEXPECTED_CHAR.sub(r"\1", exc.message or "")


def syntax_column(env: jinja2.Environment, source: str, exc: jinja2.TemplateSyntaxError) -> int | None:
    """The 1-based column on `exc`'s line where `source` stops parsing, or None when no token of the line is where it
    stopped. A template that ends too soon (a block left open) stops just after its last character, where the
    missing end tag goes.

    Jinja's tokens carry a line and no column: the template is parsed again to
    count the tokens read before the one the parser stopped at, and lexed again
    (Environment.lex, every token with its text) to find where that one starts."""
    from jinja2.lexer import TOKEN_RAW_BEGIN, TOKEN_RAW_END, ignored_tokens
    from jinja2.parser import Parser

    if isinstance(exc, TemplateBeyondReading):  # parsed again, it would be refused again
        return None
    char = UNEXPECTED_CHAR.search(exc.message or "")
    if char:
        at = int(char.group(2))
        return at - source.rfind("\n", 0, at)
    closing = UNBALANCED.match(exc.message or "")
    if closing:
        at = _lexed_up_to(env, source)
        return at - source.rfind("\n", 0, at) if at is not None and source[at] == closing.group(1) else None
    parser = Parser(env, source, exc.name, exc.filename)
    try:
        parser.parse()
        return None
    except jinja2.TemplateSyntaxError:
        left = sum(1 for _ in parser.stream)  # the token it stopped at and those after it
    try:
        read = sum(1 for _ in env.lexer.tokenize(env.preprocess(source), exc.name, exc.filename)) - left
        starts, at = [], 0
        for lineno, kind, text in env.lex(env.preprocess(source)):
            at = source.find(text, at) if text else at
            if kind not in ignored_tokens and kind not in (TOKEN_RAW_BEGIN, TOKEN_RAW_END):
                starts.append((lineno, at))
            at += len(text)
    except jinja2.TemplateSyntaxError:
        return None
    if read == len(starts):
        return _past_the_end(source, exc.lineno)
    if not 0 <= read < len(starts) or starts[read][0] != exc.lineno or starts[read][1] < 0:
        return None
    return starts[read][1] - source.rfind("\n", 0, starts[read][1])


def _lexed_up_to(env: jinja2.Environment, source: str) -> int | None:
    """The offset of the first character the lexer refuses: just past the last token it read (its spaces are tokens)."""
    at = 0
    try:
        for _, _, text in env.lex(env.preprocess(source)):
            at = source.find(text, at) + len(text) if text else at
    except jinja2.TemplateSyntaxError:
        return at if at < len(source) else None
    return None


def _past_the_end(source: str, lineno: int) -> int | None:
    """The column just after the last character of line `lineno` when it is the template's last line with any text."""
    lines = source.splitlines()
    if not 0 < lineno <= len(lines) or any(line.strip() for line in lines[lineno:]):
        return None
    return len(lines[lineno - 1].rstrip()) + 1
