"""Card decks: every card's faces rendered from its deck's templates, then imposed on sheets.

Everything is rendered (and so checked) before any sheet is drawn; a deck
with template errors yields findings and no file.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import Finding, LayoutError, Loc, error
from pnp.core.processes import LentWorker, helper_pool, several_cores
from pnp.data.fields import Fields
from pnp.data.project import Card, Deck, Game, Project
from pnp.layout.elements import Face, FaceDigests, Text
from pnp.layout.inspect import render_findings
from pnp.outputs.context import Engine, GameContext, face_context, sheets_pdf
from pnp.outputs.faces import SideRenderer
from pnp.outputs.options import Options
from pnp.outputs.sheet_notes import sheet_layout_notes
from pnp.render.sheets import Group, Piece, page_count

MAX_PAGES = 5_000  # pages in one output file
PARALLEL_MIN_CARDS = 1500  # below this a second process costs more than it saves
LENT_MIN_CARDS = 40  # below this a running worker's half of the faces costs more than it saves (its templates compile there too)

Rendered = tuple[Card, Face | None, Face | None]


@dataclass
class KnownFaces:
    """What a build works out once for each face object, by its identity: its digest (the cache's and the sheet pages'
    keys; None for a run that keys nothing, `pnp validate`) and what inspecting it found (`inspect_deck`)."""

    digests: FaceDigests | None = field(default_factory=FaceDigests.for_build)
    inspections: dict = field(default_factory=lambda: _inspections())  # (id(face), template, root) → (face, findings)


def render_deck(gctx: GameContext, deck: Deck, options: Options, findings: list[Finding], lent: LentWorker | None = None,
                known: KnownFaces | None = None) -> list[Rendered]:
    """Render every card of a deck: [(card, front Face, back Face | None)], collecting findings.

    Half of a deck's faces are rendered in a second process while this one
    renders the other half: by the pool worker `lent` to this build
    (`_rendered_with_lent`), else by a helper started for a large deck (the
    machine has two cores and rendering is half of a build). Faces are plain
    values, so they travel back cheaply and the output is byte-identical to a
    one-process build. A lent worker not used here is given its own jobs at once.
    With `known`, this process hashes and inspects its half of the faces while the other renders (`_joined`)."""
    cards = selected_cards(deck, options)
    if lent is not None:
        if len(cards) >= LENT_MIN_CARDS and not _keeps_faces(gctx):
            return _rendered_with_lent(gctx, deck, options, cards, lent, findings, known)
        lent.release()
    if len(cards) >= PARALLEL_MIN_CARDS and several_cores():
        with helper_pool(_init_worker, _recipe(gctx, deck, options)) as pool:
            later = pool.submit(_render_in_worker, cards[len(cards) // 2:])
            return _joined(gctx, deck, cards, *render_cards(gctx, deck, options, cards[: len(cards) // 2]), later, findings, known)
    out, found = render_cards(gctx, deck, options, cards)
    findings += found
    return out


def selected_cards(deck: Deck, options: Options) -> list[Card]:
    """The cards of `deck` this build renders (--cards picks some)."""
    return [c for c in deck.cards if not options.cards or c.id in options.cards]


def _rendered_with_lent(gctx: GameContext, deck: Deck, options: Options, cards: list[Card], lent: LentWorker, findings: list[Finding],
                        known: KnownFaces | None) -> list[Rendered]:
    """The second half of the deck's cards rendered by the `lent` worker, ahead of its own jobs, while this process
    renders the first half.

    The worker makes a context of its own (`_context`), so it compiles the
    deck's templates and reads its fonts and icons again, beside this process
    doing the same: a pool forked later, holding them, would pay more in pages
    copied on write by both processes than it saves (a 96-card deck: 0.245 s
    in the child against 0.27 s)."""
    half = len(cards) // 2
    try:
        later = lent.borrow(_render_half, _recipe(gctx, deck, options), cards[half:])
    finally:
        lent.release()
    if later is None:
        out, found = render_cards(gctx, deck, options, cards)
        findings += found
        return out
    return _joined(gctx, deck, cards, *render_cards(gctx, deck, options, cards[:half]), later, findings, known)


def _joined(gctx: GameContext, deck: Deck, cards: list[Card], first: list[Rendered], first_findings: list[Finding], later: Future,
            findings: list[Finding], known: KnownFaces | None) -> list[Rendered]:
    """The first cards' faces rendered here, then the rest's that `later` renders in another process (`_render_here`):
    the fonts it registered, the files it opened and the faces it kept become this process's too.

    Until the other process is done, this one hashes and inspects its own faces
    into `known`, which it would do after otherwise: at 10,000 cards the helper,
    forked with the deck loaded, ends 0.1 s after this process's half."""
    if known is not None:
        for card, front, back in first:
            for face, template in zip((front, back), _templates(deck, card), strict=True):
                if face is not None:
                    if known.digests is not None:
                        known.digests(face)
                    _inspected(known.inspections, face, template, deck, card, gctx.game.slug, gctx.project.root)
    faces, later_findings, fonts, later_files, kept = later.result()
    for family, bold, italic in fonts:  # a face from the worker may use a style this process never registered
        gctx.fonts.font_name(family, bold, italic)
    gctx.files_read.update(later_files)  # art only the worker's half shows still keys the output
    if gctx.face_store is not None:  # the next build finds the worker's faces too, and renders only what changed
        gctx.face_store.adopt(*kept)
    findings += first_of_each(first_findings + later_findings)
    return first + [(card, front, back) for card, (front, back) in zip(cards[len(first):], faces, strict=True)]


def _keeps_faces(gctx: GameContext) -> bool:
    """Whether the build's face store holds faces from the last build: a rebuild looks most faces up rather than rendering them."""
    return gctx.face_store is not None and gctx.face_store.holds_faces()


def _recipe(gctx: GameContext, deck: Deck, options: Options) -> tuple:
    """What another process needs to render faces of `deck` as this one does (`_context`)."""
    store = gctx.face_store.opener() if gctx.face_store is not None else None
    return (gctx.project.root, gctx.game, deck.id, dataclasses.replace(options, progress=None), store)


_WORKER: tuple | None = None  # (game context, deck, options) of a worker process, set once by its initializer


def _context(root: Path, game: Game, deck_id: str, options: Options, store: Callable | None) -> tuple:
    """The game's context rebuilt in another process from plain data, so any start method works (fork, spawn, forkserver);
    `store` opens the build's face store there (pnp.pipeline.cache.FaceStore.opener), so kept faces are reused and new ones kept."""
    gctx = Engine(Project(root)).for_game(game)
    if store is not None:
        gctx.face_store = store(fonts=gctx.fonts)
    return gctx, game.decks[deck_id], options


def _init_worker(*recipe) -> None:
    """A helper's initializer: its context, made once from `_recipe`'s plain data, for every `_render_in_worker`."""
    global _WORKER
    _WORKER = _context(*recipe)


def _render_in_worker(cards: list[Card]) -> tuple[list[tuple], list[Finding], list[tuple[str, bool, bool]], list[str], tuple[dict, dict]]:
    """The faces of `cards`, the findings, the fonts registered, the files opened, and the faces the store gave or took
    with their card reads (one pickle: a face in both is sent once)."""
    return _render_here(*_WORKER, cards)


def _render_half(recipe: tuple, cards: list[Card]) -> tuple:
    """`_render_in_worker` in a pool worker lent to the build, with a context of its own made from `recipe`."""
    return _render_here(*_context(*recipe), cards)


def _render_here(gctx: GameContext, deck: Deck, options: Options, cards: list[Card]) -> tuple:
    with gctx.files_read.recording() as files:
        rendered, findings = render_cards(gctx, deck, options, cards)
    store = gctx.face_store
    kept = (store.used, store.reads) if store is not None else ({}, {})
    return [(front, back) for _, front, back in rendered], findings, gctx.fonts.registered(), sorted(str(f) for f in files), kept


def first_of_each(findings: list[Finding]) -> list[Finding]:
    """One finding per template bug and place, however many cards hit it."""
    seen, out = set(), []
    for f in findings:
        if (f.loc, f.message) not in seen:
            seen.add((f.loc, f.message))
            out.append(f)
    return out


def deck_fields(deck: Deck) -> Fields:
    """`deck` as a card template sees it: id, name, total and the deck's own settings."""
    return Fields({"id": deck.id, "name": deck.name, "total": deck.total, **{k: v for k, v in deck.data.items() if k not in ("cards", "defaults")}}, "deck")


def render_cards(gctx: GameContext, deck: Deck, options: Options, cards: list[Card], backs: bool = True) -> tuple[list[Rendered], list[Finding]]:
    """The one render loop for cards: front and back of each, a back that never reads `card` rendered once.

    Without `backs`, each card's back is None: a picture of the card (a rulebook's figure) shows its front alone, and
    rendering the back would cost its template and tie the picture to a file it never shows."""
    game = gctx.game
    w, h = deck.size
    bleed = options.bleed_mm
    fields_of_deck = deck_fields(deck)
    renderer = SideRenderer(gctx, reads=("card",))
    out = []
    for card in cards:
        what = f"{deck.id}/{card.id}"

        def context(side: str, card: Card = card) -> Callable[[], dict]:
            return lambda: face_context(game, fields_of_deck, card.fields, "card", w, h, bleed, side, options.ink_saver)

        front = renderer.side(deck.front, "front", deck.size, bleed, what, deck.loc_of("front"), context("front"))
        back = None
        if backs:
            back_ref = card.fields.loc_of("back") if card.back else deck.loc_of("back")
            back = renderer.side(card.back or deck.back, "back", deck.size, bleed, what, back_ref, context("back"))
        out.append((card, front, back))
    return out, renderer.findings


_INSPECTED: dict | None = None  # (id(face), template, root) → (face, findings), kept by a process that stays up
MAX_INSPECTED = 20_000  # faces held (an edited card leaves its old face here): past this the memory starts again


def _inspections() -> dict:
    """Where a deck's inspections go: the memory of a process that stays up (`keep_inspections`), else a new one."""
    return _INSPECTED if _INSPECTED is not None else {}


def keep_inspections() -> None:
    """Remember what inspecting each face found, for the next builds of this process (`pnp watch`): the faces of
    unchanged cards come back as the same objects (pnp.pipeline.cache.keep_written_face_stores), and a face is
    immutable, so only the edited cards' faces are inspected again."""
    global _INSPECTED
    if _INSPECTED is None:
        _INSPECTED = {}


def inspect_deck(deck: Deck, rendered: list[Rendered], slug: str, root: Path | None = None, known: dict | None = None) -> list[Finding]:
    """What a printer would show on each card (art past the bleed, text in the cut margin, blurry images), per card.

    A shared back, the same face on every card, is inspected once (known by identity: hashing every face would cost more);
    `known` holds what was found of faces already (KnownFaces.inspections)."""
    seen: dict[tuple, tuple] = known if known is not None else _inspections()
    if len(seen) > MAX_INSPECTED:
        seen.clear()
    out = []
    for card, front, back in rendered:
        what = f"{deck.id}/{card.id}"
        for face, template in zip((front, back), _templates(deck, card), strict=True):
            if face is not None:
                out += [Finding(f.severity, f.code, f.message, card.loc, slug, what) for f in _inspected(seen, face, template, deck, card, slug, root)]
    return out


def _templates(deck: Deck, card: Card) -> tuple[str | None, str | None]:
    """The templates of a card's front and back."""
    return deck.front, card.back or deck.back


def _inspected(seen: dict, face: Face, template: str | None, deck: Deck, card: Card, slug: str, root: Path | None) -> list[Finding]:
    """What inspecting `face` found, looked up in `seen` by the face's identity and template, or found now and kept there."""
    key = (id(face), template, root)
    known = seen.get(key)
    if known is None or known[0] is not face:
        known = seen[key] = (face, render_findings(face, f"{deck.id}/{card.id}", template, card.loc, slug, root))  # the face held: its id stays its own
    return known[1]


def build_cards(gctx: GameContext, options: Options, previous_faces: dict | None = None, lent: LentWorker | None = None) -> tuple[list, list[Finding]]:
    """Render all decks of a game into one sheet PDF; with --changed, also a PDF of the changed cards. A pool worker
    `lent` to the build may take half of the first deck's faces (`render_deck`).

    Returns ([(file name, bytes, stats)], findings); stats["faces"] maps deck/card to its face hashes."""
    game = gctx.game
    findings: list[Finding] = []
    groups, changed_pieces, changed_names, faces = [], [], [], {}
    digests = FaceDigests.for_build()
    known = KnownFaces(digests)
    for deck in game.decks.values():
        if options.decks and deck.id not in options.decks:
            continue
        if options.progress:
            options.progress(f"{game.slug}: {deck.name} ({deck.total} cards)")
        rendered = render_deck(gctx, deck, options, findings, lent, known)
        lent = None  # lent to the first deck rendered, which used it or let it go
        findings += inspect_deck(deck, rendered, game.slug, gctx.project.root, known.inspections)
        known.inspections = _inspections()  # this deck's are reported: a 10,000-card deck's take 2 MB the sheets can use
        pieces, deck_changed = [], []
        for card, front, back in rendered:
            if front is None:
                continue
            name = f"{deck.id}/{card.id}"
            faces[name] = [digests(front), digests(back), card.count]
            copies = [Piece(front, back, name) for _ in range(card.count)]
            pieces += copies
            if previous_faces is not None and previous_faces.get(name, [None, None])[:2] != faces[name][:2]:
                deck_changed += copies
                changed_names.append(f"{name} ×{card.count}" if card.count > 1 else name)
        if pieces:
            groups.append(Group(deck.id, deck.name, deck.size, pieces, keep_back=deck.back_shows_rules))
        if deck_changed:
            # a few fixed cards from several decks reprint on one sheet, not one sheet per deck
            changed_pieces.append(Group(deck.id, deck.name, deck.size, deck_changed, keep_back=deck.back_shows_rules))
    if any(f.severity == "error" for f in findings) or not groups:
        return [], findings
    if options.layout == "duplex":  # say which grid the printer's margin chose
        findings += sheet_layout_notes([(g.name, g.size, game.decks[g.id].loc_of("size")) for g in groups], options, game.slug)
    pages = page_count(groups, options.paper, options.gutter, options.bleed_mm, options.layout, options.fold_rotation, options.printable_mm)
    if pages > MAX_PAGES:
        return [], [*findings, error("too-many-pages", f"the card sheets would take {pages:,} pages, over the {MAX_PAGES:,} page limit: lower some counts or build decks one at a time (--deck)", Loc(game.rel + "/decks"), game=game.slug)]
    files = []
    try:
        data, stats = sheets_pdf(gctx, options, groups, "cards", digests)
        files.append((f"{game.slug}-cards.pdf", data, {"pages": stats.pages, "pieces": stats.pieces, "faces": faces, "shared": stats.shared, "page_keys": stats.page_keys}))
        if options.changed and changed_pieces:
            # the list gets a blank back, so every later card's back still lands behind its front when printed double-sided
            cover = Group("changed", "Changed cards", (180, 240), [Piece(_changed_list_face(gctx, changed_names), Face(180, 240, 0, (), frozenset()), "list")])
            data, stats = sheets_pdf(gctx, options, [cover, *changed_pieces], "changed cards", digests)
            files.append((f"{game.slug}-changed.pdf", data, {"pages": stats.pages, "pieces": stats.pieces - 1, "changed": changed_names, "shared": stats.shared, "page_keys": stats.page_keys}))
    except ValueError as exc:
        return [], [*findings, error("sheet-fit", str(exc), Loc(game.rel + "/decks"), game=game.slug)]
    return files, findings


def _changed_list_face(gctx: GameContext, names: list[str]) -> Face:
    """The first sheet of a changed-cards PDF: which cards it holds, as many names as fit and then how many more."""
    title = gctx.layouts.set_text(f"**{gctx.game.title}: changed cards**", 170, 12, 16, 10, "body", False, False, "#000000", "left", "top", 1.2)
    return Face(180, 240, 0, (Text(5.0, 5.0, title.ops), Text(5.0, 20.0, _listing(gctx, names).ops)), frozenset())


def _listing(gctx: GameContext, names: list[str]):
    """The names fitted into the cover's 170 × 220 mm box; past what fits at 5 pt (a template edit changes every
    card), the first names and a last line saying how many more follow (the sheets after it show them all)."""

    def fitted(shown: int):
        lines = names[:shown] + ([f"… and {len(names) - shown:,} more, on the sheets that follow"] if shown < len(names) else [])
        return gctx.layouts.set_text("\n".join(lines), 170, 220, 11, 5, "body", False, False, "#000000", "left", "top", 1.3)

    try:
        return fitted(len(names))
    except LayoutError:
        pass
    low, high = 0, len(names) - 1  # fitted(low) fits (the last line alone does); find the most names that fit
    while low < high:
        middle = (low + high + 1) // 2
        try:
            fitted(middle)
            low = middle
        except LayoutError:
            high = middle - 1
    return fitted(low)
