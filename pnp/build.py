"""Build a game's outputs: render every face, then write each PDF atomically.

Everything is rendered (and so checked) before the first file is written; a
game with errors writes nothing and keeps its previous outputs.
"""
from __future__ import annotations

import multiprocessing
import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pnp.collector import paused
from pnp.errors import Finding, Loc, PnpError, error
from pnp.fonts import FontBook
from pnp.icons import IconLibrary
from pnp.layout import Face, Fields, LayoutError, Layouts
from pnp.pdfout import write_atomic
from pnp.project import Deck, Game, Project
from pnp.impose import plan_sheet
from pnp.sheets import Group, Piece, write_sheets
from pnp.units import BLEED_MM, SAFE_MM

ALLOWED_IMAGE_FORMATS = {"PNG", "JPEG", "WEBP"}
MAX_PAGES = 5_000  # pages in one output file
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
            twin = _same_but_case(full)
            hint = f" (a file '{self.project.rel(twin)}' differs only in letter case: names are case-sensitive)" if twin else ""
            raise LayoutError(f"image '{rel_path}' not found{hint}", "image")
        try:
            with warnings.catch_warnings():  # our own pixel cap below speaks for these
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                img = Image.open(full)
            with img:
                if img.format not in ALLOWED_IMAGE_FORMATS:
                    raise LayoutError(f"image '{rel_path}' is {img.format}; use PNG, JPEG or WebP", "image")
                w, h = img.size
                if w * h > MAX_IMAGE_PIXELS:
                    raise LayoutError(f"image '{rel_path}' claims {w} × {h} px, over the {MAX_IMAGE_PIXELS:,} px limit: scale it down", "image")
                img.load()
        except LayoutError:
            raise
        except Image.DecompressionBombError:
            raise LayoutError(f"image '{rel_path}' claims too many pixels (over {MAX_IMAGE_PIXELS:,}): scale it down", "image") from None
        except (OSError, SyntaxError, ValueError) as exc:
            raise LayoutError(f"image '{rel_path}' cannot be read ({exc}): re-export it", "image") from None
        hit = self._images[rel_path] = (str(full), w, h)
        return hit


def _same_but_case(path: Path) -> Path | None:
    """A file beside `path` whose name differs only in letter case (breaks on case-sensitive systems)."""
    parent = path.parent
    if not parent.is_dir():
        return None
    lowered = path.name.lower()
    return next((p for p in parent.iterdir() if p.name.lower() == lowered and p.name != path.name), None)


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


PARALLEL_MIN_CARDS = 1500  # below this a second process costs more than it saves


def render_deck(engine: Engine, game: Game, deck: Deck, options: Options, findings: list[Finding]) -> list[tuple]:
    """Render every card of a deck: [(card, front Face, back Face | None)], collecting findings.

    A large deck is split across two processes (the machine has two cores and
    rendering is half of a build); faces are plain tuples, so they travel back
    cheaply and the output is byte-identical to a one-process build."""
    cards = [c for c in deck.cards if not options.cards or c.id in options.cards]
    if len(cards) >= PARALLEL_MIN_CARDS and (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods():
        half = len(cards) // 2
        global _FORKED_JOB
        _FORKED_JOB = (engine, game, deck, options, cards[half:])
        try:
            with multiprocessing.get_context("fork").Pool(1) as pool:
                later = pool.apply_async(_render_forked_half)
                first, first_findings = _render_cards(engine, game, deck, options, cards[:half])
                faces, later_findings = later.get()
        finally:
            _FORKED_JOB = None
        findings += _first_of_each(first_findings + later_findings)
        return first + [(card, front, back) for card, (front, back) in zip(cards[half:], faces)]
    out, found = _render_cards(engine, game, deck, options, cards)
    findings += found
    return out


_FORKED_JOB = None


def _render_forked_half():
    engine, game, deck, options, cards = _FORKED_JOB
    rendered, findings = _render_cards(engine, game, deck, options, cards)
    return [(front, back) for _, front, back in rendered], findings


def _first_of_each(findings: list[Finding]) -> list[Finding]:
    """One finding per template bug and place, however many cards hit it."""
    seen, out = set(), []
    for f in findings:
        if (f.loc, f.message) not in seen:
            seen.add((f.loc, f.message))
            out.append(f)
    return out


def _render_cards(engine: Engine, game: Game, deck: Deck, options: Options, cards: list) -> tuple[list[tuple], list[Finding]]:
    w, h = deck.size
    bleed = options.bleed_mm
    deck_fields = Fields({"id": deck.id, "name": deck.name, "total": deck.total, **{k: v for k, v in deck.data.items() if k not in ("cards", "defaults")}}, "deck")
    out, findings = [], []
    layouts = engine.layouts
    shared: dict[str, Face] = {}  # faces of templates that do not read `card`
    for card in cards:
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
                findings += exc.findings
                faces.append(None)
        out.append((card, faces[0], faces[1]))
    return out, _first_of_each(findings)


def build_cards(engine: Engine, game: Game, options: Options, previous_faces: dict | None = None) -> tuple[list, list[Finding]]:
    """Render all decks of a game into one sheet PDF; with --changed, also a PDF of the changed cards.

    Returns ([(file name, bytes, stats)], findings); stats["faces"] maps deck/card to its face hashes."""
    from pnp.cache import face_hash

    findings: list[Finding] = []
    engine.use_game(game)
    groups, changed_pieces, changed_names, faces = [], [], [], {}
    for deck in game.decks.values():
        if options.decks and deck.id not in options.decks:
            continue
        if options.progress:
            options.progress(f"{game.slug}: {deck.name} ({deck.total} cards)")
        rendered = render_deck(engine, game, deck, options, findings)
        pieces, deck_changed = [], []
        for card, front, back in rendered:
            if front is None:
                continue
            name = f"{deck.id}/{card.id}"
            faces[name] = [face_hash(front), face_hash(back), card.count]
            copies = [Piece(front, back, name) for _ in range(card.count)]
            pieces += copies
            if previous_faces is not None and previous_faces.get(name, [None, None])[:2] != faces[name][:2]:
                deck_changed += copies
                changed_names.append(f"{name} ×{card.count}" if card.count > 1 else name)
        if pieces:
            groups.append(Group(deck.id, deck.name, deck.size, pieces, keep_back=deck.back_shows_rules))
        if deck_changed:
            # a few fixed cards from several decks reprint on one sheet, not one sheet per deck
            changed_pieces.append(Group(deck.id, deck.name, deck.size, deck_changed, share=True, keep_back=deck.back_shows_rules))
    if findings or not groups:
        return [], findings
    pages = 0
    for group in groups:
        sheet = plan_sheet(options.paper, group.size, options.gutter, options.bleed_mm)
        pages += 2 * -(-len(group.pieces) // max(1, sheet.per_sheet if sheet else 1))
    if pages > MAX_PAGES:
        return [], [error("too-many-pages", f"the card sheets would take {pages:,} pages, over the {MAX_PAGES:,} page limit: lower some counts or build decks one at a time (--deck)", Loc(game.rel + "/decks"), game=game.slug)]
    files = []
    try:
        data, stats = _sheets(engine, game, options, groups, "cards")
        files.append((f"{game.slug}-cards.pdf", data, {"pages": stats.pages, "pieces": stats.pieces, "faces": faces}))
        if options.changed and changed_pieces:
            cover = Group("changed", "Changed cards", (180, 240), [Piece(_changed_list_face(engine, game, changed_names), None, "list")])
            data, stats = _sheets(engine, game, options, [cover, *changed_pieces], "changed cards")
            files.append((f"{game.slug}-changed.pdf", data, {"pages": stats.pages, "pieces": stats.pieces - 1, "changed": changed_names}))
    except ValueError as exc:
        return [], [error("sheet-fit", str(exc), Loc(game.rel + "/decks"), game=game.slug)]
    return files, []


def _sheets(engine, game, options, groups, kind):
    return write_sheets(groups, game_title=game.title, kind=kind, paper=options.paper, duplex=options.duplex, bleed_mm=options.bleed_mm,
                        gutter_mm=options.gutter, font_name=engine.body_font(game), icons=engine.layouts.icons, back_offset=options.back_offset,
                        layout=options.layout, fold_rotation=options.fold_rotation, ink_saver=options.ink_saver)


def _changed_list_face(engine: Engine, game: Game, names: list[str]) -> Face:
    """The first sheet of a changed-cards PDF: which cards it holds."""
    title = engine.layouts.set_text(f"**{game.title}: changed cards**", 170, 12, 16, 10, "body", False, False, "#000000", "left", "top", 1.2)
    listing = engine.layouts.set_text("\n".join(names), 170, 220, 11, 5, "body", False, False, "#000000", "left", "top", 1.3)
    return Face(180, 240, 0, (("text", 5.0, 5.0, title.ops), ("text", 5.0, 20.0, listing.ops)), frozenset())


def _document_builders():
    """Builders of the outputs beyond card sheets; each returns ([(file name, bytes, stats)], findings)."""
    from pnp.boards import build_boards
    from pnp.reference import build_reference
    from pnp.rulebook import build_rulebook
    from pnp.tokens import build_tokens

    return (build_boards, build_tokens, build_reference, build_rulebook)


def _options_text(options: Options) -> str:
    """The options that change what an output looks like, for cache keys."""
    keep = ("paper", "duplex", "bleed", "gutter", "ink_saver", "decks", "cards", "booklet", "board_paper", "suffix", "layout", "fold_rotation", "back_offset")
    return repr([(k, getattr(options, k)) for k in keep])


@paused
def build_game(engine: Engine, game: Game, options: Options) -> tuple[list[Output], list[Finding]]:
    """Build every output of one game, reusing those whose inputs did not change; write nothing if any has errors."""
    from pnp.cache import GameCache, cache_path, output_key, shared_inputs_hash

    out_dir = options.out / game.slug
    store = cache_path(options.out, game.slug)
    cache = GameCache.load(store)
    shared = shared_inputs_hash(engine.project)
    opts = _options_text(options)
    kinds = [("cards", lambda e, g, o: build_cards(e, g, o, cache.faces))] if game.decks else []
    kinds += [(b.__module__.rsplit(".", 1)[-1], b) for b in _document_builders()]
    pending, outputs, findings, records = [], [], [], []
    for kind, builder in kinds:
        if options.only and kind not in options.only:
            continue
        key = output_key(game, kind, shared, opts)
        reused = cache.reusable(kind, key, out_dir)
        if reused is not None:
            stats = cache.outputs[kind].get("stats", {})
            outputs += [Output(p, stats.get(p.name, {}).get("pages", 0), stats.get(p.name, {}).get("pieces", 0), p.stat().st_size, reused=True) for p in reused]
            continue
        files, found = builder(engine, game, options)
        findings += found
        files = [(_named(name, options), data, stats) for name, data, stats in files]
        pending += files
        records.append((kind, key, files))
    if any(f.severity == "error" for f in findings):
        return [], findings
    remove_stale_temporaries(out_dir)
    for name, data, stats in pending:
        path = out_dir / name
        write_atomic(path, data)
        outputs.append(Output(path, stats.get("pages", 0), stats.get("pieces", 0), len(data)))
    for kind, key, files in records:
        kept = [(n, d, s) for n, d, s in files if not n.startswith(f"{game.slug}-changed")]
        cache.record(kind, key, {n: d for n, d, _ in kept})
        cache.outputs[kind]["stats"] = {n: {"pages": s.get("pages", 0), "pieces": s.get("pieces", 0)} for n, _, s in kept}
        for _, _, stats in kept:
            cache.faces.update(stats.get("faces", {}))
    if records:
        cache.save(store)
    return outputs, findings


def remove_stale_temporaries(folder: Path) -> None:
    """Delete temporary files a killed build left beside its outputs (a crash cannot clean up after itself)."""
    if folder.is_dir():
        for tmp in folder.glob(".*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass


def _named(name: str, options: Options) -> str:
    if not options.suffix:
        return name
    stem, dot, ext = name.rpartition(".")
    return f"{stem}{options.suffix}.{ext}"
