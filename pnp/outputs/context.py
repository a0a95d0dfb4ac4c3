"""The engine of one project and the context of one game, passed down to every output."""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.assets import BUILTIN_TEMPLATES
from pnp.core.files_read import FilesRead
from pnp.core.kept import KeptParses, KeptResults
from pnp.core.memo import ByIdentity, ByValue, Keeps, memo, memo_by_value
from pnp.core.units import SAFE_MM
from pnp.data.fields import CardReads, Fields
from pnp.data.project import Deck, Game, Project
from pnp.data.words import sheet_words
from pnp.layout.elements import FaceDigests
from pnp.layout.fonts import FontBook
from pnp.layout.helpers import template_helpers
from pnp.layout.icons import IconLibrary
from pnp.layout.images import ImageChecker
from pnp.layout.readability import grounds_of
from pnp.layout.sandbox import Sandbox
from pnp.layout.slivers import edges
from pnp.layout.templates import GameLayouts, Layouts
from pnp.outputs.options import Options
from pnp.render.cutter_names import sheet_margin
from pnp.render.drawn import DrawnFaces
from pnp.render.seams import SheetSliver
from pnp.render.sheet_plan import Group
from pnp.render.sheets import SheetStats, planned_slivers, write_sheets

DEFAULT_FONT_ROLES = {"body": "noto-sans", "title": "noto-sans"}


@dataclass
class Engine:
    """Fonts, templates and image checks of one project, shared by all its games."""

    project: Project
    fonts: FontBook = field(init=False)
    layouts: Layouts = field(init=False)
    check_image: ImageChecker = field(init=False)
    files_read: FilesRead = field(init=False)
    kept: KeptParses = field(init=False)
    expressions: Sandbox = field(init=False)
    drawn: DrawnFaces | None = None  # faces' operators kept for later builds of a process that stays up (pnp watch)
    keeps: Keeps | None = None  # what such a process keeps between builds besides (pnp.core.memo.Keeps), its session's

    def __post_init__(self):
        # one recorder for the whole run: fonts, templates and images are shared by the games, which build one at a time
        self.files_read = FilesRead()
        self.kept = KeptParses()
        self.fonts = FontBook(self.project.font_dirs, self.kept, self.project.unusable_families())
        self.fonts.files_read = self.files_read
        self.layouts = Layouts(self.project.root, [*self.project.template_dirs(), BUILTIN_TEMPLATES], self.fonts, helpers=template_helpers, files_read=self.files_read)
        self.check_image = ImageChecker(self.project.root, self.files_read)
        self.expressions = Sandbox()  # the constraints' expressions (pnp.checks.counts), within a template's caps
        self._games: dict[str, GameContext] = {}

    def memo(self, name: str) -> ByIdentity:
        """The memo named `name`: the session's while it keeps them, else a new one (pnp.core.memo)."""
        return memo(name, self.keeps)

    def memo_by_value(self, name: str) -> ByValue:
        """The value-keyed memo named `name`: the session's while it keeps them, else a new one (pnp.core.memo)."""
        return memo_by_value(name, self.keeps)

    def keep_parsed(self, folder: Path) -> None:
        """Keep the fonts and icons this engine reads in `folder` across runs (pnp.core.kept); the build names its cache's."""
        self.kept.folder = folder

    def for_game(self, game: Game) -> GameContext:
        """The context every output of `game` draws with; one per game and run, so fitted texts are shared between outputs."""
        ctx = self._games.get(game.slug)
        if ctx is None or ctx.game is not game:
            ctx = self._games[game.slug] = GameContext(self, game)
        return ctx


class GameContext:
    """One game with the layouts bound to its palette, fonts and icons."""

    def __init__(self, engine: Engine, game: Game):
        self.engine = engine
        self.project = engine.project
        self.game = game
        self.fonts = engine.fonts
        self.check_image = engine.check_image
        self.files_read = engine.files_read  # what each output opens while it renders, for the build cache
        roles = {**DEFAULT_FONT_ROLES, **game.spec.fonts}
        icons = IconLibrary(self.project.icon_dirs(game.slug), self.project.icon_library_file(), engine.files_read, engine.kept, self.project.root,
                            engine.fonts)
        self.layouts: GameLayouts = engine.layouts.for_game(game.spec.palette, roles, icons, engine.check_image, game.language)
        self.icons = self.layouts.icons
        self.face_store = None  # rendered faces kept across builds (pnp.pipeline.cache.FaceStore), set by the build
        self.results = KeptResults()  # what its checks found and judged, kept by what it depends on: the build cache's, once named
        self.card_reads: CardReads | None = None  # what an output other than the card sheets reads of the cards, set by the build
        self.written_in: Path | None = None  # the folder the build writes this game's outputs in: a large PDF is made there (issue 74)
        # Each deck as its card sheets drew it without bleed or ink saver (deck id → (deck, rendered cards, findings, files read)):
        # the readability check reads these faces rather than drawing them again (pnp.pipeline.readable).
        self.plain_decks: dict[str, tuple] = {}

    @property
    def body_font(self) -> str:
        """The PDF font name of the game's body role, for footers and sheet furniture."""
        return self.fonts.font_name(self.layouts.family("body"))


def face_context(game: Game, deck_fields: Fields, fields: dict, what: str, w: float, h: float, bleed: float, side: str, ink_saver: bool,
                 extra: dict | None = None) -> dict:
    """The variables a template sees when it draws one face.

    Values that do not change between faces are the same objects for each (the game's palette, a face's size), so
    what a build works out from them by identity (pnp.pipeline.cache.FaceStore.key) is worked out once."""
    ctx = {
        "card": Fields(fields, what),
        "deck": deck_fields,
        "game": Fields(game.data, "game"),
        "palette": Fields(game.spec.palette, "palette"),
        "face": Fields(_face_values(w, h, bleed, side), "face"),
        "ink_saver": ink_saver,
    }
    if extra:
        ctx.update(extra)
    return ctx


@functools.lru_cache(maxsize=256)
def _face_values(w: float, h: float, bleed: float, side: str) -> dict:
    return {"w": w, "h": h, "bleed": bleed, "safe": SAFE_MM, "side": side}


def decks_fields(game: Game, reads: CardReads | None = None) -> Fields:
    """`decks.<id>` for board and token templates: id, name, total and the cards' fields, each card's reads recorded in `reads`."""
    return Fields({d.id: {"id": d.id, "name": d.name, "total": d.total, "cards": card_fields(d, reads)} for d in game.decks.values()}, "decks",
                  left_out=game.left_out("decks"))


def card_fields(deck: Deck, reads: CardReads | None, with_id: bool = False) -> list[Fields]:
    """A deck's cards as templates and texts outside the card sheets see them (`with_id`: plus their id and count); each field read is recorded in `reads`."""
    what = f"decks.{deck.id}.cards"
    return [Fields({**c.fields, "id": c.id, "count": c.count} if with_id else c.fields, what, (reads, deck.id, c.id) if reads is not None else None)
            for c in deck.cards]


@dataclass(frozen=True)
class SheetsFile:
    """Which sheets file `sheets_pdf` makes: its kind of pieces (as its footer names them), its file's name, whether it
    is a tagged PDF in the edition's language, and how far its pieces bleed past the grid's outer edges (--bleed-edges).

    With `name` and a build's folder to write in (`written_in`), a PDF of many pictures is written there as it is made
    and comes back as a PdfFile (pnp.layout.rl_stream), not bytes."""

    kind: str
    name: str = ""
    tagged: bool = False
    edge_bleed_mm: float = 0.0


def sheets_pdf(gctx: GameContext, options: Options, groups: list[Group], file: SheetsFile, digests: FaceDigests | None = None,
               arrive: Callable[[], bool] | None = None, known_inks: dict | None = None) -> tuple[bytes, SheetStats]:
    """Impose groups of pieces on sheets as the options ask (paper, duplex, bleed, layout, ink saver) into `file`;
    `digests` hashes faces for the pages' keys (SheetStats.page_keys), shared with a caller that hashed them already;
    `arrive` puts in place the faces another process is still rendering, a part at a time (pnp.render.sheets.write_sheets);
    `known_inks`: faces' ink items worked out where they were drawn (pnp.render.ink_elements.FaceInks)."""
    kind, tagged, name, edge_bleed_mm = file.kind, file.tagged, file.name, file.edge_bleed_mm
    return write_sheets(groups, game_title=gctx.game.title, kind=kind, paper=options.paper, duplex=options.duplex, bleed_mm=options.bleed_mm,
                        gutter_mm=options.gutter, font_name=gctx.body_font, icons=gctx.icons, back_offset=options.back_offset,
                        layout=options.layout, fold_rotation=options.fold_rotation, ink_saver=options.ink_saver, printable_mm=options.printable_mm,
                        digests=digests or FaceDigests(gctx.engine.memo("face digests")),
                        drawn=gctx.engine.drawn, arrive=arrive, cutter=options.cutter, draft=options.draft, words=sheet_words(gctx.game),
                        edge_bleed_mm=edge_bleed_mm, edges_of=edges_memo(gctx), fallback=gctx.fonts.fallback_for,
                        lang=gctx.game.language if tagged else None,
                        spool_to=spool_path(gctx, name), known_inks=known_inks)


def spool_path(gctx: GameContext, name: str) -> Path | None:
    """Where an output file `name` is written as it is made once its pictures pass a threshold (pnp.layout.rl_stream):
    the build's folder for the game; None outside a build (nothing named, or no folder to write in), where it is saved
    in memory."""
    return gctx.written_in / name if name and gctx.written_in is not None else None


def sheets_slivers(gctx: GameContext, options: Options, groups: list[Group]) -> list[SheetSliver]:
    """The slivers `sheets_pdf` would find on these groups' sheets (SheetStats.slivers), no page drawn."""
    printable, _ = sheet_margin(options.cutter, options.paper, options.printable_mm)
    return planned_slivers(groups, game_title=gctx.game.title, paper=options.paper, duplex=options.duplex, bleed_mm=options.bleed_mm,
                           gutter_mm=options.gutter, font_name=gctx.body_font, layout=options.layout, fold_rotation=options.fold_rotation,
                           ink_saver=options.ink_saver, printable_mm=printable, edges_of=edges_memo(gctx))


def edges_memo(gctx: GameContext):
    """A face's edges (pnp.layout.slivers.edges), kept by the face's size and fills: faces alike in them (cards of one
    template and colour) are read once, and a process that stays up reads only the faces an edit changed."""
    kept = gctx.engine.memo_by_value("edge strips")
    return lambda face: kept((face.w, face.h, grounds_of(face.elements)), lambda _: edges(face))
