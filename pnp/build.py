"""Build a game's outputs: render every face, then write each PDF atomically.

Everything is rendered (and so checked) before the first file is written; a
game with errors writes nothing and keeps its previous outputs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pnp.errors import Finding, Loc, PnpError, error
from pnp.fonts import FontBook
from pnp.icons import IconLibrary
from pnp.layout import Face, Fields, LayoutError, Layouts
from pnp.pdfout import write_atomic
from pnp.project import Deck, Game, Project
from pnp.sheets import Group, Piece, write_sheets
from pnp.units import BLEED_MM, SAFE_MM

ALLOWED_IMAGE_FORMATS = {"PNG", "JPEG", "WEBP"}
MAX_IMAGE_PIXELS = 50_000_000  # a 300 dpi A1 poster is 70 Mpx; a card image is a few Mpx


@dataclass
class Options:
    paper: str = "letter"
    duplex: str = "long"
    bleed: bool = False
    gutter: float = 0.0
    out: Path = Path("output")
    ink_saver: bool = False
    decks: tuple = ()
    cards: tuple = ()
    only: tuple = ()  # cards, boards, tokens, reference, rulebook
    booklet: bool = False
    board_paper: str | None = None
    progress: object = None  # called with a line per deck when building on a terminal
    suffix: str = ""  # added to file names when several papers are built at once
    layout: str = "duplex"  # or "gutterfold"
    fold_rotation: int = 180
    back_offset: tuple = (0.0, 0.0)  # mm, moves every backs sheet (printer calibration)
    changed: bool = False

    @property
    def bleed_mm(self) -> float:
        return BLEED_MM if self.bleed else 0.0


@dataclass
class Output:
    path: Path
    pages: int
    pieces: int
    size: int
    reused: bool = False


@dataclass
class Engine:
    """Fonts, templates and icons of one project, shared by all its games."""

    project: Project
    fonts: FontBook = field(init=False)
    layouts: Layouts = field(init=False)

    def __post_init__(self):
        from pnp.boards import board_helpers

        self.fonts = FontBook(self.project.fonts_dir)
        self.layouts = Layouts(self.project.root, self.project.template_dirs(), self.fonts, IconLibrary([]), helpers=board_helpers)
        self.layouts.image_checker = self.check_image
        self._images: dict[str, tuple] = {}

    def use_game(self, game: Game) -> None:
        self.layouts.use_game(game.spec.palette, {"body": "noto-sans", "title": "noto-sans", **game.spec.fonts}, IconLibrary(self.project.icon_dirs(game.slug)))

    def body_font(self, game: Game) -> str:
        return self.fonts.font_name(self.layouts.family("body"))

    def check_image(self, rel_path: str) -> tuple:
        """Open an image named by data with Pillow first: inside the project, allowed format, bounded size, not truncated."""
        hit = self._images.get(rel_path)
        if hit:
            return hit
        root = self.project.root
        if "\x00" in rel_path or Path(rel_path).is_absolute():
            raise LayoutError(f"image path '{rel_path!r}' must be relative to the project folder", "image")
        full = (root / rel_path).resolve()
        try:
            full.relative_to(root)
        except ValueError:
            raise LayoutError(f"image '{rel_path}' is outside the project folder: copy it into the project", "image") from None
        if not full.is_file():
            raise LayoutError(f"image '{rel_path}' not found", "image")
        try:
            with Image.open(full) as img:
                if img.format not in ALLOWED_IMAGE_FORMATS:
                    raise LayoutError(f"image '{rel_path}' is {img.format}; use PNG, JPEG or WebP", "image")
                w, h = img.size
                if w * h > MAX_IMAGE_PIXELS:
                    raise LayoutError(f"image '{rel_path}' claims {w} × {h} px, over the {MAX_IMAGE_PIXELS:,} px limit: scale it down", "image")
                img.load()
        except LayoutError:
            raise
        except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
            raise LayoutError(f"image '{rel_path}' cannot be read ({exc}): re-export it", "image") from None
        hit = self._images[rel_path] = (str(full), w, h)
        return hit


def face_context(game: Game, deck_fields: Fields, fields: dict, what: str, w: float, h: float, bleed: float, side: str, ink_saver: bool, extra: dict | None = None) -> dict:
    ctx = {
        "card": Fields(fields, what),
        "deck": deck_fields,
        "game": Fields(game.data, "game"),
        "palette": Fields(dict(game.spec.palette), "palette"),
        "face": Fields({"w": w, "h": h, "bleed": bleed, "safe": SAFE_MM, "side": side}, "face"),
        "ink_saver": ink_saver,
    }
    if extra:
        ctx.update(extra)
    return ctx


def render_deck(engine: Engine, game: Game, deck: Deck, options: Options, findings: list[Finding]) -> list[tuple]:
    """Render every card of a deck: [(card, front Face, back Face | None)], collecting findings."""
    w, h = deck.size
    bleed = options.bleed_mm
    deck_fields = Fields({"id": deck.id, "name": deck.name, "total": deck.total, **{k: v for k, v in deck.data.items() if k not in ("cards", "defaults")}}, "deck")
    out = []
    seen_messages: set = set()
    layouts = engine.layouts
    shared: dict[str, Face] = {}  # faces of templates that do not read `card`
    for card in deck.cards:
        if options.cards and card.id not in options.cards:
            continue
        what = f"{deck.id}/{card.id}"
        faces = []
        for side, template, key in (("front", deck.front, "front"), ("back", card.back or deck.back, "back")):
            if template is None:
                faces.append(None)
                continue
            if (template, side) in shared:
                faces.append(shared[(template, side)])
                continue
            ref = card.fields.loc_of("back") if side == "back" and card.back else deck.loc_of(key)
            ctx = face_context(game, deck_fields, card.fields, "card", w, h, bleed, side, options.ink_saver)
            try:
                face = layouts.render(template, ctx, w, h, bleed, f"{what} {side}", ref, game.slug)
                if not layouts.reads(template, "card"):
                    shared[(template, side)] = face
                faces.append(face)
            except PnpError as exc:
                for f in exc.findings:
                    if (f.loc, f.message) not in seen_messages:  # one template bug, reported once per deck
                        seen_messages.add((f.loc, f.message))
                        findings.append(f)
                faces.append(None)
        out.append((card, faces[0], faces[1]))
    return out


def build_cards(engine: Engine, game: Game, options: Options) -> tuple[bytes | None, list[Finding], dict]:
    """Render all decks of a game into one sheet PDF (bytes), or findings if any face failed."""
    findings: list[Finding] = []
    engine.use_game(game)
    groups = []
    for deck in game.decks.values():
        if options.decks and deck.id not in options.decks:
            continue
        if options.progress:
            options.progress(f"{game.slug}: {deck.name} ({deck.total} cards)")
        rendered = render_deck(engine, game, deck, options, findings)
        pieces = [Piece(front, back, f"{deck.id}/{card.id}") for card, front, back in rendered if front is not None for _ in range(card.count)]
        if pieces:
            groups.append(Group(deck.id, deck.name, deck.size, pieces))
    if findings or not groups:
        return None, findings, {}
    try:
        data, stats = write_sheets(groups, game_title=game.title, kind="cards", paper=options.paper, duplex=options.duplex,
                                   bleed_mm=options.bleed_mm, gutter_mm=options.gutter, font_name=engine.body_font(game), icons=engine.layouts.icons, back_offset=options.back_offset)
    except ValueError as exc:
        return None, [error("sheet-fit", str(exc), Loc(game.rel + "/decks"), game=game.slug)], {}
    return data, [], {"pages": stats.pages, "pieces": stats.pieces}


def _document_builders():
    """Builders of the outputs beyond card sheets; each returns ([(file name, bytes, stats)], findings)."""
    from pnp.boards import build_boards
    from pnp.reference import build_reference
    from pnp.rulebook import build_rulebook
    from pnp.tokens import build_tokens

    return (build_boards, build_tokens, build_reference, build_rulebook)


def build_game(engine: Engine, game: Game, options: Options) -> tuple[list[Output], list[Finding]]:
    """Build every output of one game; write nothing if any of them has errors."""
    pending: list[tuple[Path, bytes, dict]] = []
    findings: list[Finding] = []
    out_dir = options.out / game.slug
    if game.decks and (not options.only or "cards" in options.only):
        data, found, stats = build_cards(engine, game, options)
        findings += found
        if data:
            pending.append((out_dir / f"{game.slug}-cards.pdf", data, stats))
    for builder in _document_builders():
        if options.only and builder.__module__.rsplit(".", 1)[-1] not in options.only:
            continue
        files, found = builder(engine, game, options)
        findings += found
        pending += [(out_dir / name, data, stats) for name, data, stats in files]
    if any(f.severity == "error" for f in findings):
        return [], findings
    outputs = []
    for path, data, stats in pending:
        if options.suffix:
            path = path.with_name(path.stem + options.suffix + path.suffix)
        write_atomic(path, data)
        outputs.append(Output(path, stats.get("pages", 0), stats.get("pieces", 0), len(data)))
    return outputs, findings
