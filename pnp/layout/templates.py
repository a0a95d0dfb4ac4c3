"""Run layout templates: the template environment of a project (`Layouts`) and each game's view of it (`GameLayouts`).

A template is parsed once and rendered per face, in the sandbox
(pnp.layout.sandbox); its drawing functions (pnp.layout.drawing) record the
face's elements. Any problem inside a template becomes a finding at the
template line or the data field that caused it.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager, suppress
from functools import lru_cache
from pathlib import Path

import jinja2

from pnp.core.errors import LayoutError, Loc, OverBudget, PnpError, did_you_mean, error, warning
from pnp.core.files import ignored_name
from pnp.core.units import PT_PER_MM
from pnp.data.template_syntax import SYNTAX
from pnp.layout import markup
from pnp.layout.bidi import is_rtl_language, mirrored, ordered, shaped, starts_rtl
from pnp.layout.drawing import Recorder
from pnp.layout.elements import Face, icon_set
from pnp.layout.fonts import FontBook
from pnp.layout.hyphenation import Hyphenator
from pnp.layout.icons import IconLibrary
from pnp.layout.inline_icons import IconInk
from pnp.layout.inspect import RECTANGLE, Cut, safe_area_breaches, safe_area_finding
from pnp.layout.palette import Palette
from pnp.layout.paragraphs import Paragraphs
from pnp.layout.qr import holds_qr, qr_problems
from pnp.layout.sandbox import FieldUndefined, Sandbox, running_line
from pnp.layout.scripts import missing_message
from pnp.layout.template_cache import KeptTemplates
from pnp.layout.template_facts import TemplateFacts, facts_of
from pnp.layout.template_loader import ProjectLoader
from pnp.layout.template_places import OVERFLOW_ADVICE, TemplatePlaces
from pnp.layout.typeset import Laid, Typesetter

CONDENSE_AFTER = 0.15  # a title shrinks this much in its own face before it switches to the condensed one


class MarkupError(LayoutError):
    """Rich text with unknown names or unclosed marks; reported at the data that holds the text."""

    def __init__(self, problems: list[markup.Problem], content: str = ""):
        super().__init__("; ".join(p.message for p in problems), problems[0].token)
        self.problems = problems
        self.content = content  # the text drawn: which of the data's fields holding a mistake's mark it came from


FITTED_TEXTS = 4096  # fitted texts a game remembers, the most recently used: a deck's repeated texts stay, its 10,000 titles pass


class Layouts:
    """The template environment of one project: sandbox, template cache and fonts, shared by its games.

    Per-game state (palette, font roles, icons, fitted texts) lives in the
    `GameLayouts` that `for_game` returns; only its `render` points the drawing
    functions at that game, for the length of one face."""

    def __init__(self, root: Path, template_dirs: list[Path], fonts: FontBook, helpers=None, files_read=None):
        self.root = root
        self.files_read = files_read  # a pnp.core.files_read.FilesRead told of every template file a face runs
        self.template_dirs = template_dirs
        self.fonts = fonts
        self.recorder = Recorder(self)
        self.env = Sandbox(
            loader=ProjectLoader([str(d) for d in template_dirs], parsed=self.parsed, root=root),
            undefined=FieldUndefined,
            autoescape=False,
            **SYNTAX,
            optimized=False,  # the compiler's constant folding rewrites the tree in place, and the checks read the same tree
        )
        self.typesetter = Typesetter(fonts, tick=self.env.tick)  # typesetting and hyphenation count against the face's processor time
        rec = self.recorder
        drawing = dict(
            rect=rec.rect, line=rec.line, circle=rec.circle, ellipse=rec.ellipse, polygon=rec.polygon,
            text=rec.text, image=rec.image, icon=rec.icon, repeat=rec.repeat, group=rec.group, qr=rec.qr,
            gradient=rec.gradient, **(helpers(rec) if helpers else {}),
        )
        self.env.globals.update(drawing)
        self.env.plain_calls(drawing)  # called without the sandbox's per-call checks that cannot refuse them
        self.places = TemplatePlaces(root, template_dirs, self.env)  # where a template's findings are said
        self._templates: dict[str, jinja2.Template] = {}
        self._reads: dict[tuple, bool] = {}
        self._files: dict[str, tuple[str, ...]] = {}
        self._asts: dict[str, tuple[str, jinja2.nodes.Template]] = {}
        self._facts: dict[str, tuple[str, TemplateFacts]] = {}
        self.kept = KeptTemplates(self.env)  # what compiling and parsing gave, kept by the process (its sources' digests)
        self.env.loader.kept = self.kept.code
        self.template_warnings: list = []
        self.compile_warnings: list = []  # those met compiling a template, said once: a session lists them all its life
        self.origins: dict | None = None  # element → template line that drew it, while tracing
        self.sources: dict[str, str] = {}  # template file → the text parsed from it: what its faces were drawn from
        self.calls: dict | None = None  # id(element) → (element, the drawing call that drew it), while tracing calls

    def from_text(self, source: str) -> jinja2.Template:
        """A template written inside a data file (a rulebook, a reference section), compiled once per text in this
        process. Its code is named `<template>`, as Jinja's `from_string` names it, which is how an error in it is traced
        back to its line."""
        code = self.kept.text(source, lambda: self.env.compile(source))
        return self.env.template_class.from_code(self.env, code, self.env.make_globals(None))

    def stopped_by(self, stop):
        """Within the block, a face being drawn stops at once (raising pnp.layout.growth.Interrupted) when `stop()` is true:
        `pnp serve` drops a drawing that a newer save made out of date, a looping one included."""
        return self.env.stopped_by(stop)

    def new_command(self) -> None:
        """Start another command on this engine (a `pnp serve` refresh): its faces get a processor-time budget of their own
        (pnp.layout.growth.CommandBudget), and the warnings the last command's drawings met are forgotten. Every reader
        marks the list where its own work starts and reads on from there, within one command, so none reads them after;
        kept, they grew with every refresh for a session's life."""
        self.env.new_budget()
        del self.template_warnings[:]

    def stop_when(self, stop) -> None:
        """From now on, a face being drawn stops at once when `stop()` is true (None: never), as `stopped_by` for a block;
        `pnp watch`'s session sets it on each engine it hands a build."""
        self.env.stop = stop

    @contextmanager
    def tracing(self):
        """Remember, for every element recorded inside the block, the template line that drew it (slow: checks only)."""
        self.origins = {}
        try:
            yield self.origins
        finally:
            self.origins = None

    @contextmanager
    def tracing_calls(self):
        """As `tracing`, and remember for every element recorded (by id) the drawing call that drew it, with its
        arguments (pnp.layout.drawing.DrawnBy): what `pnp serve` shows of an element a designer selects and edits."""
        with self.tracing():
            self.calls = {}
            try:
                yield self.calls
            finally:
                self.calls = None

    def for_game(self, palette: dict, font_roles: dict, icons: IconLibrary, image_checker=None, language: str = "en") -> GameLayouts:
        """The layouts bound to one game's palette, font roles and icons, hyphenating in its edition's `language`."""
        return GameLayouts(self, Palette(palette), dict(font_roles), icons, image_checker, language)

    def warm(self, stop: Callable[[], bool]) -> None:
        """Parse and compile the template files of the template folders into the process's store (KEPT), where a build
        of the same sources finds them, one at a time until `stop()` is true. `pnp watch` does this while the designer
        edits, before the first save: its start build ran in worker processes, so that save's build would else parse
        and compile its templates again. A template that fails is left to the build that uses it to report."""
        for folder in self.template_dirs:
            for path in sorted(folder.rglob("*.j2")):  # links to folders are not followed; the loader refuses what leaves
                if stop():
                    return
                name = path.relative_to(folder).as_posix()
                if not any(ignored_name(part) for part in name.split("/")):
                    with suppress(Exception):
                        self.facts(name)
                        self.template(name)

    def reads(self, name: str, variable: str) -> bool:
        """Whether template `name` (or any template it extends, includes or imports) uses `variable`.

        A back that never reads `card` is the same for every card of a deck,
        so the build renders it once instead of once per card."""
        key = (name, variable)
        hit = self._reads.get(key)
        if hit is None:
            hit = self._reads[key] = self._reads_uncached(name, variable, set())
        return hit

    def _reads_uncached(self, name: str, variable: str, seen: set) -> bool:
        if name in seen:
            return False
        seen.add(name)
        _, facts = self.facts(name)
        # Any load of the name, though a loop or `set` may shadow it: a wrong "reads" only renders a shared side once per
        # item, and this costs a hundredth of Jinja's find_undeclared_variables (a whole code generation).
        if variable in facts.names:
            return True
        return any(ref is None or self._reads_uncached(ref, variable, seen) for ref in facts.refs)

    def facts(self, name: str) -> tuple[str, TemplateFacts]:
        """(file name, facts) of template `name` (pnp.layout.template_facts): what the checks ask of it, found once per
        run from its syntax tree, or kept by the process from a template of the same source."""
        hit = self._facts.get(name)
        if hit is None:
            source, filename, _ = self.env.loader.get_source(self.env, name)
            self.sources[filename] = source
            facts = self.kept.facts(name, source, lambda: facts_of(self._tree(name, source, filename)))
            hit = self._facts[name] = (filename, facts)
        return hit

    def parsed(self, name: str) -> tuple[str, jinja2.nodes.Template]:
        """(file name, syntax tree) of template `name`, parsed once per run: the tree its facts were found in, which
        the loader compiles (pnp.layout.template_loader.ProjectLoader), so no template is parsed twice."""
        hit = self._asts.get(name)
        if hit is None:
            source, filename, _ = self.env.loader.get_source(self.env, name)
            self.sources[filename] = source
            hit = self._parse(name, source, filename)
        return hit

    def _parse(self, name: str, source: str, filename: str) -> tuple[str, jinja2.nodes.Template]:
        hit = self._asts[name] = (filename, self.env.parse(source, name, filename))
        return hit

    def _tree(self, name: str, source: str, filename: str) -> jinja2.nodes.Template:
        """The tree of template `name`: the one its compiling parsed, when it was compiled first."""
        hit = self._asts.get(name)
        return hit[1] if hit is not None else self._parse(name, source, filename)[1]

    def files_of(self, name: str) -> tuple[str, ...]:
        """The files template `name` runs: itself and every template it extends, includes or imports (by constant name)."""
        files = self._files.get(name)
        if files is None:
            found: dict[str, None] = {}
            self._collect_files(name, found, set())
            files = self._files[name] = tuple(found)
        return files

    def _collect_files(self, name: str, found: dict, seen: set) -> None:
        if name in seen:
            return
        seen.add(name)
        try:
            filename, facts = self.facts(name)
        except (jinja2.TemplateNotFound, jinja2.TemplateSyntaxError, LayoutError):
            return
        found[filename] = None
        for ref in facts.refs:
            if ref is not None:
                self._collect_files(ref, found, seen)

    def template(self, name: str) -> jinja2.Template:
        """Template `name`, compiled once per run (Jinja's own cache also serves `extends` and `include`)."""
        tmpl = self._templates.get(name)
        if tmpl is None:
            tmpl = self._templates[name] = self.env.get_template(name)
            self._note_ignored_content(name, tmpl.filename)
        return tmpl

    def _note_ignored_content(self, name: str, filename: str) -> None:
        """Warn about drawing calls a child template makes outside its blocks: Jinja never runs them."""
        found = [warning("template-ignored", "this template extends another, so what it draws outside {% block %} is never drawn: move it into a block",
                         self.places.file_loc(filename, line, None)) for line in self.facts(name)[1].ignored]
        self.compile_warnings.extend(found)
        self.template_warnings.extend(found)

    def render(self, game_layouts: GameLayouts, name: str, context: dict, w: float, h: float, bleed: float, what: str, ref_loc: Loc, game: str = "",
               cut: Cut = RECTANGLE) -> Face:
        """Render one face with one game's style; any problem becomes a PnpError at the template line (or `ref_loc`).

        Words, icons and rules within the safe area of its `cut` are warned about
        at the template line that drew them: a face with such a breach is drawn
        again with tracing on to find that line (the others never pay for it)."""
        kept = len(self.template_warnings)
        face = self._render(game_layouts, name, context, w, h, bleed, what, ref_loc, game)
        breaches = safe_area_breaches(face, cut)
        unreadable = qr_problems(face) if holds_qr(face.elements) else []
        if not breaches and not unreadable:
            return face
        if self.origins is None:
            del self.template_warnings[kept:]  # the traced drawing reports them again
            with self.tracing():
                return self.render(game_layouts, name, context, w, h, bleed, what, ref_loc, game, cut)
        self.template_warnings.extend(safe_area_finding(b, self.origins.get(b.element) or ref_loc, what, game) for b in breaches)
        self.template_warnings.extend(warning("qr-unreadable", f"{p.message} ({what})", self.origins.get(p.element) or ref_loc, game=game, component=what)
                                      for p in unreadable)
        return face

    def _render(self, game_layouts: GameLayouts, name: str, context: dict, w: float, h: float, bleed: float, what: str, ref_loc: Loc, game: str) -> Face:
        """Render one face with one game's style; any problem becomes a PnpError at the template line (or `ref_loc`)."""
        rec = self.recorder
        rec.reset(game_layouts)
        try:
            tmpl = self.template(name)
            if self.files_read is not None:
                self.files_read.update(self.files_of(name))
            with self.env.face(what):
                tmpl.render(context)
        except OverBudget as exc:
            at = running_line(exc, self.template_dirs)  # the line the face was running: where the command stopped
            exc.finding = exc.finding or error("command-time", exc.message, self.places.file_loc(*at, None) if at else ref_loc, game=game, component=what)
            raise
        except PnpError:
            raise
        except jinja2.TemplateNotFound as exc:
            raise PnpError(self.places.missing_template(exc, name, ref_loc, what, game)) from None
        except jinja2.TemplateSyntaxError as exc:
            from pnp.layout.syntax_column import syntax_words  # a template that compiles never needs it
            raise PnpError(error("template-syntax", f"template syntax: {syntax_words(exc)}", self.places.syntax_loc(exc), game=game, component=what)) from None
        except MarkupError as exc:
            raise PnpError(self.places.markup_findings(exc, context, ref_loc, what, game)) from None
        except Exception as exc:  # every failure inside a template is the template's input problem
            raise PnpError(self.places.runtime_finding(exc, ref_loc, what, game, context)) from None
        if len(rec.stack) != 1:
            rec.stack = [[]]
        if rec.shrunk or rec.condensed or rec.missing or rec.pictures:  # most faces: nothing to warn of
            self.template_warnings.extend(self.places.drawn_findings(rec, context, ref_loc, what, game))
        return Face(w, h, bleed, tuple(rec.stack[0]), icon_set(rec.icons))


class GameLayouts:
    """One game's view of the project's layouts: its palette, font roles and icons, and the texts fitted with them.

    Made by `Layouts.for_game` and passed down explicitly, so no output can draw
    with another game's colours or fonts, and a fitted text is remembered only
    for the game it was fitted for."""

    def __init__(self, layouts: Layouts, palette: Palette, font_roles: dict[str, str], icons: IconLibrary, image_checker=None, language: str = "en"):
        self.layouts = layouts
        self.hyphenator = Hyphenator(language)  # where words of the edition's language break, in justified text
        self.rtl = is_rtl_language(language)  # Arabic, Hebrew: the rulebook and reference are set from the right (pnp.layout.bidi)
        self.palette = palette
        self.font_roles = font_roles
        self.icons = icons
        self.icon_ink = IconInk(icons)  # inline icons size to the capitals by their drawings' ink
        self.fonts = layouts.fonts
        self.typesetter = layouts.typesetter
        self.env = layouts.env
        self.image_checker = image_checker
        self.draft = False  # a draft build (`--draft`): a missing image is drawn as a placeholder and warned of, set by the build for its run
        # set_text(content, w, h, size, min_size, font, bold, italic, color, align, valign, leading, condense=False,
        # hyphenate=False): `_fit_text`, the same text in the same box fitted once. Decks repeat their texts (ten copies
        # of a rule, a label on every card), and a fitted text is an immutable value, so it is remembered for this game.
        self.set_text = lru_cache(maxsize=FITTED_TEXTS)(self._fit_text)
        self.paragraphs = Paragraphs(self.typesetter, palette, icons)  # each distinct paragraph of its texts set once
        self.markup_problems: dict[markup.Problem, None] = {}  # found by page layouts (rulebook, reference), which have no template line
        # the family game.yaml's `symbols` font role names: characters the text's font lacks come from it, before any fallback
        self.symbols: tuple[str, ...] = tuple(f for f in (font_roles.get("symbols"),) if f)

    def check_markup(self, content: str) -> list[markup.Problem]:
        """The markup mistakes of one text, with did-you-mean against this game's palette and icons."""
        if not markup.check(content, self.palette.is_colour, self.icons.exists):
            return []
        return markup.check(content, self.palette.is_colour, self.icons.exists, self.palette.colours, self.icons.names())

    @property
    def template_warnings(self) -> list:
        return self.layouts.template_warnings

    def render(self, name: str, context: dict, w: float, h: float, bleed: float, what: str, ref_loc: Loc, game: str = "", cut: Cut = RECTANGLE) -> Face:
        """Render one face of template `name` to be cut along `cut`; any problem becomes a PnpError at the template line (or `ref_loc`)."""
        return self.layouts.render(self, name, context, w, h, bleed, what, ref_loc, game, cut)

    def reads(self, name: str, variable: str) -> bool:
        return self.layouts.reads(name, variable)

    def tracing(self):
        """See Layouts.tracing."""
        return self.layouts.tracing()

    def tracing_calls(self):
        """See Layouts.tracing_calls."""
        return self.layouts.tracing_calls()

    @property
    def traced(self) -> bool:
        """Whether a `tracing` block is open: faces drawn now must be drawn in this process, where it records their lines."""
        return self.layouts.origins is not None

    def family(self, font: str) -> str:
        family = self.font_roles.get(font, font)
        if family not in self.fonts.families:
            choices = list(self.font_roles) + list(self.fonts.families)
            roles = ", ".join(self.font_roles) or "none"
            raise LayoutError(f"unknown font '{font}'{did_you_mean(font, choices)}: use a role from game.yaml fonts ({roles}) or a family in "
                              "fonts/fonts.yaml, or add the font's .ttf files there", font)
        return family

    def _fit_text(self, content, w, h, size, min_size, font, bold, italic, color, align, valign, leading, condense=False, hyphenate=False) -> Laid:
        """Fit rich text into a w × h mm box (`set_text` remembers each). With `hyphenate`, words break at their
        language's hyphenation points where a line needs it, and the fit counts the broken widths."""
        family = self.font_roles.get(font, font)
        if family not in self.fonts.families:
            family = self.family(font)  # says which fonts there are
        if content.isascii():  # set paragraph by paragraph where each goes on its line, as the whole text is (pnp.layout.paragraphs)
            laid = self.paragraphs.fit(content, family, bold, italic, color, w * PT_PER_MM, h * PT_PER_MM, size, leading, align, valign)
            if laid is not None:
                return laid
        problems = self.check_markup(content)
        if problems:
            raise MarkupError(problems, content)
        runs = markup.parse(content, self.palette.is_colour, self.icons.exists)
        runs = [r._replace(color=self.palette.resolve(r.color)) if r.color else r for r in runs]
        box = (w * PT_PER_MM, h * PT_PER_MM)
        hyphenator = self.hyphenator if hyphenate else None
        if content.isascii():  # a title or a number set on its lines as asked (the general path's own result), else None
            laid = self.typesetter.fit_plain(runs, family, bold, italic, color, *box, size, leading, align, valign)
        else:  # Arabic's joining forms, measured as they print
            keep = starts_rtl(content)  # its vowel marks placed on their letters when the text is set from the right
            runs, laid = [r._replace(text=shaped(r.text, keep)) if r.icon is None else r for r in runs], None
        if laid is None:
            laid = self.typesetter.fit(self._items(runs, family, bold, italic, color, hyphenator), *box, size, min_size, leading, align, valign)
        if condense:
            lines = markup.plain(content).count("\n") + 1
            if not laid.fits or laid.lines > lines or laid.size < size * (1 - CONDENSE_AFTER):  # wrapped, or shrunk more than a little
                laid = self._condensed(runs, family, bold, italic, color, box, size, min_size, leading, align, valign, lines, hyphenator) or laid
        if not laid.fits:
            snippet = markup.plain(content)[:40]
            raise LayoutError(
                f"text does not fit its {w:g} × {h:g} mm box even at {min_size:g} pt ('{snippet}…'): {OVERFLOW_ADVICE}",
                code="text-overflow",
            )
        if content.isascii():
            return laid
        return mirrored(laid, box[0]) if starts_rtl(content) else ordered(laid)  # a text that begins in Arabic or Hebrew reads from the right

    def _items(self, runs, family: str, bold: bool, italic: bool, color: str, hyphenator=None) -> list:
        missing: set = set()
        items = self.typesetter.items(runs, family, bold, italic, color, missing, self.icon_ink, hyphenator, self.symbols)
        if missing:
            raise LayoutError(missing_message(missing, f"font '{family}'"), code="missing-glyph")
        return items

    def condensed_family(self) -> str | None:
        """The family titles condense to: the game's `condensed` font role, else fonts.yaml's `condensed`."""
        family = self.font_roles.get("condensed") or self.fonts.condensed_family
        return family if family in self.fonts.families else None

    def _condensed(self, runs, family, bold, italic, color, box, size, min_size, leading, align, valign, lines, hyphenator=None) -> Laid | None:
        """A title that wraps or overflows: shrink a little on its own lines, then condense, and wrap only as a last resort.

        The own face shrinks by at most CONDENSE_AFTER before the condensed face is
        tried from the full size: a condensed title near its size reads better than a
        small one, and a title broken over two lines crowds what sits beside it."""
        fit = self.typesetter.fit
        items = self._items(runs, family, bold, italic, color, hyphenator)
        own = fit(items, *box, size, max(min_size, size * (1 - CONDENSE_AFTER)), leading, align, valign, max_lines=lines)
        if own.fits and own.lines <= lines:
            return own
        narrow = self.condensed_family()
        if narrow is None or narrow == family:
            return None
        condensed = self._items(runs, narrow, bold, italic, color, hyphenator)
        one = fit(condensed, *box, size, min_size, leading, align, valign, max_lines=lines)
        if one.fits and one.lines <= lines:
            return one._replace(condensed=narrow)
        own = fit(items, *box, size, min_size, leading, align, valign)
        if own.fits:
            return own
        wrapped = fit(condensed, *box, size, min_size, leading, align, valign)
        return wrapped._replace(condensed=narrow) if wrapped.fits else None

    def check_image(self, path: str) -> tuple:
        if self.image_checker is None:
            raise LayoutError("images are not available here")
        return self.image_checker(path)
