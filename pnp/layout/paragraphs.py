"""A deck's texts set paragraph by paragraph, each distinct paragraph worked out once per game (issue 77 item 2).

A deck's body texts are mostly distinct as wholes ("Age 42, ward B4" starts each), but their lines repeat: a
diagnosis, a note, a rule. A text whose paragraphs each fit on one line at the asked size (`Typesetter.fit_plain`'s
kind: most of a deck's texts) is the paragraphs' lines stacked, so each paragraph's markup is checked and parsed, its
words measured and its line's runs made once, and a text costs a look-up per paragraph and its lines' placing.

What it sets is what `fit_plain` sets from the whole text's runs, to the same points: it takes a text only where
reading it paragraph by paragraph is exact (no paragraph leaves bold, italic or a colour open, none has a quote the
typographer could pair across lines or ends in an escaping backslash), and leaves every other text, and every text
with a markup mistake, to the whole-text path, which reports the mistake.
"""
from __future__ import annotations

from pnp.layout import markup
from pnp.layout.typeset import ASCENT, Laid, TextOp, Typesetter, block_placement, line_ops, line_x0, width1

_new = tuple.__new__  # a TextOp made as its own __new__ makes it, one call fewer: a deck sets every line of every text
MAX_KEPT = 4096  # set lines a game keeps, as many as fitted texts (templates.FITTED_TEXTS): past it they start again
_ABSENT = object()


class Paragraphs:
    """One game's paragraphs set on their lines (colours resolved by its palette), each kept as it is met, up to MAX_KEPT."""

    def __init__(self, typesetter: Typesetter, palette, icons):
        self.typesetter = typesetter
        self.palette = palette
        self.icons = icons
        # (font, box width, size, align: a text's style) → paragraph → (its ops on baseline 0) or None: a text looks its
        # style up once and each paragraph by its words alone
        self._styles: dict[tuple, dict[str, tuple | None]] = {}
        self._kept = 0  # lines kept in all
        self._fonts: dict[tuple, str | None] = {}  # (family, bold, italic) → its font, where it covers ASCII (`_font`)

    def fit(self, content: str, family: str, bold: bool, italic: bool, color: str, width: float, height: float, size: float,
            leading: float, align: str, valign: str) -> Laid | None:
        """`content` (ASCII) set as `fit_plain` sets its whole runs, in a `width` × `height` pt box; None where that path
        would not set it (a line too long, a box too low, an icon, a font missing a character) or the text cannot be
        read paragraph by paragraph: the whole-text path sets those."""
        style = (family, bold, italic, color, width, size, align)
        known = self._styles.get(style)
        if known is None:
            known = self._styles[style] = {}
        tick = self.typesetter.tick
        lines = []
        for paragraph in content.split("\n"):
            if tick is not None:
                tick()  # each line a step of the face's processor time
            line = known.get(paragraph, _ABSENT)
            if line is _ABSENT:
                line = self._line(paragraph, style, known)
            if line is None:
                return None
            lines.append(line)
        if not lines[-1] and len(lines) > 1:
            lines.pop()  # a closing break (and spaces after it) ends the last line and adds none (Typesetter.plain_lines)
        top, line_h, fits = block_placement(len(lines), height, size, leading, valign)
        if not fits:
            return None
        ops = []
        for n, line in enumerate(lines):
            baseline = top + size * ASCENT + n * line_h
            for op in line:
                ops.append(_new(TextOp, (op[0], baseline, *op[2:])))  # each op on its line's baseline
        return _new(Laid, (tuple(ops), size, True, len(lines), ""))

    def _line(self, paragraph: str, style: tuple, known: dict):
        """The ops of one paragraph set on one line in `style` (baseline 0), or None where it does not go on one; kept in
        `known`, the style's lines."""
        family, bold, italic, color, width, size, align = style
        run = markup.one_run(paragraph)  # a line without marks, or a bold one: read at once, as `runs` and `_set` read it
        if run is not None and (not run.bold or self._font(family, bold, italic) is not None):  # the text's own font covers ASCII too
            hit = self._one_run(run, self._font(family, bold or run.bold, italic), color, width, size, align)
        else:
            runs = self.runs(paragraph)
            hit = None if runs is None else self._set(runs, family, bold, italic, color, width, size, align)
        if self._kept >= MAX_KEPT:
            for lines in self._styles.values():
                lines.clear()
            self._kept = 0
        self._kept += 1
        known[paragraph] = hit
        return hit

    def _set(self, runs: list, family: str, bold: bool, italic: bool, color: str, width: float, size: float, align: str):
        styled = [run for run in runs if run.text or run.icon is not None]
        if len(styled) == 1 and styled[0].icon is None and all(self._covered(run, family, bold, italic) for run in dict.fromkeys(run for run in runs if not run.text)):
            one = styled[0]
            return self._one_run(one, self._font(family, bold or one.bold, italic or one.italic), color, width, size, align)
        set_lines = self.typesetter.plain_lines(runs, family, bold, italic, color, width, size)
        if set_lines is None:
            return None
        (line_w, parts, _), = set_lines  # one paragraph: one line
        return tuple(line_ops(parts, line_x0(align, width, line_w), 0.0, size))

    def runs(self, paragraph: str) -> list | None:
        """The runs of one paragraph, colours resolved, or None where it cannot be read alone or holds a mistake."""
        # A quote may pair with one on another line (markup.curly_quotes reads the whole text); a backslash at the end
        # escapes the break after it. A paragraph that checks clean closes all it opens, so it reads alone as it reads
        # in its text (markup.parse carries only bold, italic and colours from one line to the next).
        if paragraph.endswith("\\") or '"' in paragraph or "'" in paragraph:
            return None
        runs = markup.clean_runs(paragraph, self.palette.is_colour, self.icons.exists)
        if runs is None:
            return None
        resolve = self.palette.resolve
        return [r._replace(color=resolve(r.color)) if r.color else r for r in runs]

    def _covered(self, run, family: str, bold: bool, italic: bool) -> bool:
        """Whether the font of a run covers ASCII (asked of the empty runs around a bold title, as plain_lines asks it)."""
        return self._font(family, bold or run.bold, italic or run.italic) is not None

    def _font(self, family: str, bold: bool, italic: bool) -> str | None:
        """The font of a family's style where it covers printable ASCII, else None (asked once a style: the fonts are the
        build's shared inputs, so a line set again needs not report them)."""
        key = (family, bold, italic)
        hit = self._fonts.get(key, _ABSENT)
        if hit is _ABSENT:
            font = self.typesetter.fonts.font_name(family, bold, italic)
            hit = self._fonts[key] = font if self.typesetter.covers_ascii(font) else None
        return hit

    def _one_run(self, run, font: str | None, color: str, width: float, size: float, align: str):
        """A paragraph of one style (a title, a number, a plain line: most paragraphs) set in one pass in `font` (None:
        one that lacks a printable ASCII character): its words and single spaces measured and added up in the order
        `Typesetter.plain_lines` places them and `line_ops` joins them into one run, so it lands on the same points;
        None where a word would go on to another line."""
        if font is None:
            return None
        words = [word for word in run.text.replace("\t", " ").split(" ") if word]
        if not words:
            return ()
        space = width1(" ", font) * size
        cur_w = x = w = 0.0
        for k, word in enumerate(words):
            gap = space if k else 0.0  # the space before a word after the first (Typesetter._plain_word)
            w1 = width1(word, font)
            if w1 * size + 0.0 > width - cur_w - gap + 1e-6:
                return None
            if gap:
                cur_w += gap
            x, w = cur_w, w1 * size + 0.0
            cur_w += w
        x0 = line_x0(align, width, cur_w)
        start = x0 + 0.0
        return (_new(TextOp, (start, 0.0, font, size, run.color or color, " ".join(words), x0 + x + w - start)),)
