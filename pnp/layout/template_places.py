"""Where a template's findings are said: the file, line and column of the mistake, in the template or in the data.

A template runs inside Jinja, so what goes wrong there arrives as a Python
exception with a traceback through compiled code. This module turns it into a
finding a designer can act on: at the template's line and the column of the
name, argument or token at fault, or, where the data handed the template the
bad value, at the data field that holds it (file:line:column), naming the
template line that drew it. The warnings of a face drawn whole (a text shrunk
or condensed, a draft's missing art, a picture too coarse) are placed the same
way. pnp.layout.templates runs the templates and asks here where to say things.
"""
from __future__ import annotations

import os
import re
import traceback
from pathlib import Path

import jinja2

from pnp.core.assets import shipped
from pnp.core.errors import IMAGE_PLACEHOLDER, Finding, LayoutError, Loc, error, warning
from pnp.layout.drawing import Recorder
from pnp.layout.failure_words import builtin_name, data_holding, data_naming, failure_words, glyphs_at_their_data, quoted_in, template_hint
from pnp.layout.picture_checks import picture_findings

OVERFLOW_ADVICE = "shorten it, enlarge the box or lower min_size"  # what a text too long for its box is told, in a template the designer writes


class TemplatePlaces:
    """The places of one project's template findings: its root, its template folders and the environment they run in."""

    def __init__(self, root: Path, template_dirs: list[Path], env: jinja2.Environment):
        self.root = root
        self.template_dirs = template_dirs
        self.env = env

    def drawn_findings(self, rec: Recorder, context: dict, ref_loc: Loc, what: str, game: str) -> list[Finding]:
        """The warnings of what a face drew: texts shrunk or condensed, art missing from a draft, pictures stretched or too coarse.
        A title pnp's own template (a label's) sets condensed is no warning: its advice (widen the box, pass
        condense=false) is for a template the designer writes, and a text too long there is said as shrunk, at its data."""
        found = self.shrunk_findings(rec.shrunk, context, ref_loc, what, game)
        found.extend(warning("font-condensed", f"font '{font}' ({family}) is set in the condensed family '{narrow}' where a text is too "
                             "long for its line: shorten the text or widen its box, or pass condense=false to wrap it in its own font",
                             self.file_loc(filename, line, "text") if filename else ref_loc, game=game, component=what)
                     for font, family, narrow, (filename, line) in rec.condensed if not (filename and shipped(filename)))
        found.extend(warning(IMAGE_PLACEHOLDER, f"{message}: this draft draws a placeholder in its place; add the file before printing",
                             self.file_loc(filename, line, "image") if filename else ref_loc, game=game, component=what)
                     for message, (filename, line) in rec.missing)
        pictures = [(image, self.file_loc(filename, line, "image") if filename else ref_loc) for image, (filename, line) in rec.pictures]
        found.extend(picture_findings(pictures, what, game, self.root))
        return found

    def shrunk_findings(self, shrunk: list[tuple], context: dict, ref_loc: Loc, what: str, game: str) -> list[Finding]:
        """A warning per text fitted much smaller than asked, at the data field it shows (else the template line). A text
        pnp's own template drew (a label's title) is said at its data, else where the face is asked for: the template
        is named as a game names it, never by a file the designer does not have."""
        out = []
        for asked, fitted, w, h, snippet, (filename, line) in shrunk:
            own = bool(filename) and shipped(filename)
            drawn_at = ref_loc if own or not filename else self.file_loc(filename, line, None)
            field, data_loc = data_holding(context, snippet) if snippet else ("", None)
            where = f"{field}: " if field else ""
            advice = f"shorten it ({drawn_by_pnp(filename)})" if own else \
                f"shorten it, enlarge the box, or ask for a smaller size (drawn at {drawn_at})"
            out.append(warning("text-shrunk", f"{where}text shrinks from {asked:g} pt to {fitted:g} pt to fit its {w:g} × {h:g} mm box ('{snippet}…'): "
                                              f"{advice}", data_loc or drawn_at, game=game, component=what))
        return out

    def markup_findings(self, exc: LayoutError, context: dict, ref_loc: Loc, what: str, game: str) -> list:
        """One error per markup problem (a pnp.layout.templates.MarkupError), at the data field that holds the text (file:line:col), naming the template line that drew it."""
        drawn_at = self.template_loc(exc, exc.needle, ref_loc)
        out = []
        for problem in exc.problems:
            field, loc = data_holding(context, problem.token, exc.content)
            where = f"{field}: " if field else ""
            drawn = f" (drawn at {drawn_at})" if loc is not None else ""
            loc = self.column_of(loc, problem.token) if loc is not None else drawn_at
            out.append(error(problem.code, f"{where}{problem.message}{drawn}", loc, game=game, component=what))
        return out

    def column_of(self, loc: Loc, token: str) -> Loc:
        """`loc` moved to where `token` starts on its line, when it is written there."""
        try:
            text = (self.root / loc.path).read_text(encoding="utf-8").splitlines()[loc.line - 1]
        except (OSError, IndexError, UnicodeDecodeError):
            return loc
        found = text.find(token, max(loc.col - 1, 0))
        return loc._replace(col=found + 1) if found >= 0 else loc

    def template_loc(self, exc, needle, ref_loc: Loc) -> Loc:
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            if any(frame.filename.startswith(str(d)) for d in self.template_dirs):
                return self.file_loc(frame.filename, frame.lineno, needle)
        return ref_loc

    def source_loc(self, rel: str, token: str) -> Loc:
        """Where `token` is first written in the project file `rel` (a rulebook or reference text has no template line)."""
        try:
            lines = (self.root / rel).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            return Loc(rel)
        for number, line in enumerate(lines, 1):
            col = line.find(token)
            if col >= 0:
                return Loc(rel, number, col + 1)
        return Loc(rel)

    def runtime_finding(self, exc, ref_loc, what, game, context=None):
        code, message = failure_words(exc, context, self.env.globals)
        needle = getattr(exc, "needle", None)
        if needle is None:
            needle = named_in(message)
        loc = ref_loc
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            if any(frame.filename.startswith(str(d)) for d in self.template_dirs):
                loc = self.file_loc(frame.filename, frame.lineno, needle)
                own = shipped(frame.filename)
                written = glyphs_at_their_data(message, context) if code == "missing-glyph" and own else None
                if written is not None:  # pnp's own template (a label's) drew the designer's text: said where it is written
                    return error(code, written[0], written[1], game=game, component=what)
                if own:
                    message = own_template_words(code, message, frame.filename)
                if isinstance(exc, LayoutError) and context and isinstance(needle, str) and not quoted_in(frame.line or "", needle):
                    field, data_loc = data_naming(context, needle, frame.line or "")  # a name the data handed the call: mended where it is written
                    if data_loc is not None:
                        return error(code, f"{field}: {message}" + ("" if own else f" (drawn at {loc})"), data_loc, game=game, component=what)
                break
        return error(code, message, loc, game=game, component=what)

    def missing_template(self, exc: jinja2.TemplateNotFound, asked: str, ref_loc: Loc, what: str, game: str) -> Finding:
        """A template name naming no file, said where it is written: the data's `front:` or `back:` for the template a
        face asked for, the template's own line for one it includes or extends. The nearest template's name is
        offered; a name that is no .j2 file (a back colour in a sheet's `back` column) is told what the field holds."""
        loc = self.template_loc(exc, str(exc.name), ref_loc) if exc.name != asked else ref_loc
        names = self.env.list_templates(extensions=["j2"])
        message = f"template '{exc.name}' not found under templates/{template_hint(str(exc.name), names)}: check the name"
        if exc.name == asked and not str(asked).endswith(".j2") and names:
            message += "; a piece's front and back name the .j2 file under templates/ that draws it: a value of another kind needs a field of another name"
        return error("template-missing", message, loc, game=game, component=what)

    def syntax_loc(self, exc: jinja2.TemplateSyntaxError) -> Loc:
        """Where a template's syntax goes wrong, to the column: Jinja gives the line alone, so the template is parsed
        again to find the token the parser stopped at (or the character the lexer could not read)."""
        loc = self.file_loc(exc.filename, exc.lineno, None)
        try:
            source = Path(exc.filename).read_text(encoding="utf-8")
        except (OSError, TypeError, ValueError):
            return loc
        from pnp.layout.syntax_column import syntax_column  # a template that compiles never needs it
        col = syntax_column(self.env, source, exc)
        return loc._replace(col=col) if col else loc

    def file_loc(self, filename: str | None, line: int | None, needle: str | re.Pattern | None) -> Loc:
        """`filename`'s `line`, at the column where `needle` (a text or a pattern) is first written on it, else at its first word."""
        if not filename:
            return Loc("templates")
        path = Path(filename)
        try:
            rel = str(Path(os.path.realpath(path)).relative_to(self.root))
        except ValueError:
            rel = str(path)
        col = 1
        try:
            text = path.read_text(encoding="utf-8").splitlines()[line - 1]
            found = needle_at(text, needle)
            col = found + 1 if found >= 0 else len(text) - len(text.lstrip()) + 1
        except (OSError, IndexError, TypeError):
            pass
        return Loc(rel, line or 0, col)


def needle_at(text: str, needle: str | re.Pattern | None) -> int:
    """Where `needle` first occurs in `text`, or -1."""
    if needle is None or needle == "":
        return -1
    if isinstance(needle, str):
        return text.find(needle)
    found = needle.search(text)
    return found.start() if found else -1


def own_template_words(code: str, message: str, filename: str) -> str:
    """A finding pnp's own template (a label's) met, naming that template as a game names it. Its boxes and sizes are
    pnp's, not the designer's: a text too long for it is told to be shortened, never to enlarge a box or lower a size."""
    said = drawn_by_pnp(filename)
    if code == "text-overflow":
        return f"{message.removesuffix(OVERFLOW_ADVICE)}shorten it ({said})"
    return f"{message} ({said})"


def drawn_by_pnp(filename: str) -> str:
    """pnp's own template named as a game names it (`pnp/label.j2`), never by its place in pnp's install."""
    return f"drawn by pnp's own template {builtin_name(filename)}"


def named_in(message: str) -> str | re.Pattern | None:
    """What a failure's words name, to find its column on the template's line: a field or an undefined name, or a
    misspelt argument at its name (`colour = "red"` too)."""
    if m := re.search(r"field '([^']+)'|'([^']+)' is undefined", message):
        return m.group(1) or m.group(2)
    if arg := re.match(r"\w+\(\) has no argument '(\w+)'", message):
        return re.compile(rf"\b{arg.group(1)}\s*=(?!=)")
    return None
