"""Card decks: every card's faces rendered from its deck's templates, then imposed on sheets.

Everything is rendered (and so checked) before any sheet is drawn; a deck
with template errors yields findings and no file.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from pnp.core.errors import Finding, LayoutError, Loc, error, warning
from pnp.core.processes import several_cores
from pnp.data.fields import Fields
from pnp.data.project import Card, Deck
from pnp.data.stamps import card_name
from pnp.layout.art_bleed import bled_art
from pnp.layout.elements import Face, FaceDigests, Text
from pnp.layout.inspect import render_findings
from pnp.outputs.context import GameContext, SheetsFile, face_context, sheets_pdf
from pnp.outputs.deck_helper import Rendered, SplitDeck, start_helper
from pnp.outputs.faces import SideRenderer
from pnp.outputs.inserts import BOTH_SIDES, Printed, insert_card
from pnp.outputs.options import Options
from pnp.outputs.sheet_notes import sheet_layout_notes
from pnp.outputs.sheet_slivers import sliver_findings
from pnp.outputs.stamping import face_stamper
from pnp.outputs.stats import FileStats
from pnp.render.face_uses import PENDING
from pnp.render.packing import DoesNotFit, printed_pages
from pnp.render.seams import SheetSliver
from pnp.render.sheet_plan import Group, Piece, paginate, sheet_plan

MAX_PAGES = 5_000  # pages in one output file
PARALLEL_MIN_CARDS = 500  # below this a second process costs more than it saves


def render_deck(gctx: GameContext, deck: Deck, options: Options, findings: list[Finding], inspections: dict | None = None) -> list[Rendered]:
    """Render every card of a deck: [(card, front Face, back Face | None)], collecting findings (see `start_deck`).

    With `inspections` (what `inspect_deck` keeps), this process inspects its
    part of a deck split across two processes while the other renders the
    rest: it would wait otherwise."""
    first, found, coming = start_deck(gctx, deck, options)
    if coming is None:
        findings += found
        return first
    if inspections is not None:
        inspect_deck(deck, first, gctx.game.slug, gctx.project.root, inspections)
    rest, found = coming.rest()
    findings += found
    return first + rest


def start_deck(gctx: GameContext, deck: Deck, options: Options, share: float = 0.5, inks: bool = False,
               digests: bool = False) -> tuple[list[Rendered], list[Finding], SplitDeck | None]:
    """Render a deck's cards: (those rendered here, their findings, the rest that another process renders, or None).

    A large deck's last cards are rendered in a helper process, a part at a
    time, while this one renders the first `share` (pnp.outputs.deck_helper).
    Findings of a split deck come with its parts (SplitDeck.next_part, .rest);
    with `inks` and `digests`, the other process also works out its faces' ink figures and digests (SplitDeck.inks,
    .digests), which the sheets would else work out here."""
    cards = selected_cards(deck, options)
    split = int(len(cards) * share)
    if len(cards) >= PARALLEL_MIN_CARDS and several_cores() and _helped(gctx, options):
        close, parts = start_helper(gctx, deck, options, cards[split:], render_cards, inks, digests)
        try:
            with gctx.files_read.recording() as files:
                first, found = render_cards(gctx, deck, options, cards[:split])
        except BaseException:
            close(cancel_futures=True)
            raise
        keep = functools.partial(keep_plain, gctx, deck, options)
        return first, [], SplitDeck(gctx, parts, found, close, (first, files, keep))
    out, found = render_cards(gctx, deck, options, cards)
    return out, found, None


def _helped(gctx: GameContext, options: Options) -> bool:
    """Whether a large deck may be split: not while tracing (the lines that drew each element are this process's), not
    going without the helper, and not in a process that stays up (`pnp watch`, `pnp serve`: its session's keeps). There
    an unchanged card's faces come back from memory as the same objects, which a helper would draw or read again and send
    back as new ones: a save is no faster split, and its first is slower (docs/performance.md, the deck helper's row)."""
    return not gctx.layouts.traced and "deck-helper" not in options.without and gctx.engine.keeps is None


def selected_cards(deck: Deck, options: Options) -> list[Card]:
    """The cards of `deck` this build renders (--cards picks some)."""
    return [c for c in deck.cards if not options.cards or c.id in options.cards]


def deck_fields(deck: Deck) -> Fields:
    """`deck` as a card template sees it: id, name, total and the deck's own settings."""
    return Fields({"id": deck.id, "name": deck.name, "total": deck.total, **{k: v for k, v in deck.data.items() if k not in ("cards", "defaults")}}, "deck")


def render_cards(gctx: GameContext, deck: Deck, options: Options, cards: list[Card], backs: bool = True) -> tuple[list[Rendered], list[Finding]]:
    """The one render loop for cards: front and back of each, a back that never reads `card` rendered once.

    Without `backs`, each card's back is None: a picture of the card (a rulebook's figure) shows its front alone, and
    rendering the back would cost its template and tie the picture to a file it never shows."""
    game = gctx.game
    w, h = deck.size
    bleed = deck.shape.bleed(options.card_bleed_mm)
    fields_of_deck = deck_fields(deck)
    renderer = SideRenderer(gctx, reads=("card",))
    stamp = face_stamper(gctx, deck, renderer.findings, options.stamp_pt, options.stamp_safe_mm) \
        if backs and options.stamps else None  # a card pictured in a rulebook shows no stamp
    out = []
    deck_front, deck_back = deck.loc_of("front"), deck.loc_of("back")  # where a card with no template of its own is drawn from
    with gctx.files_read.recording() as files:  # the art its faces read: what judges them from GameContext.plain_decks is kept by it
        for card in cards:
            what = f"{deck.id}/{card.id}"

            def context(side: str, card: Card = card) -> Callable[[], dict]:
                return lambda: face_context(game, fields_of_deck, card.fields, "card", w, h, bleed, side, options.ink_saver)

            front_ref = card.fields.loc_of(deck.data["front_from"]) if card.front else deck_front
            named = card_name(card).key  # the card's fields hashed once: its faces' keys, its stamp and its record share it
            known = {"card": named} if named is not None else None
            front = bled_art(renderer.side(card.front or deck.front, "front", deck.size, bleed, what, front_ref, context("front"), deck.shape, known),
                             deck.art_bleed)
            if stamp is not None and front is not None:
                front = stamp(card, front)
            back = None
            if backs:
                back_ref = card.fields.loc_of("back") if card.back else deck_back
                back = bled_art(renderer.side(card.back or deck.back, "back", deck.size, bleed, what, back_ref, context("back"), deck.shape, known),
                                deck.art_bleed)
            out.append((card, front, back))
    if backs:
        keep_plain(gctx, deck, options, out, renderer.findings, files)
    return out, renderer.findings


def keep_plain(gctx: GameContext, deck: Deck, options: Options, rendered: list[Rendered], findings: list[Finding], files: set[Path]) -> None:
    """Keep a whole deck drawn with no bleed and no ink saver on the game's context (GameContext.plain_decks), with the
    files its faces read: the game's checks read those faces rather than drawing them again (pnp.pipeline.readable)."""
    if options.plain_faces and len(rendered) == len(deck.cards):
        gctx.plain_decks[deck.id] = (deck, rendered, findings, frozenset(files))


def kept_inspections(gctx: GameContext) -> dict:
    """Where a deck's inspections go: the session's (pnp.core.memo.Keeps.inspections) in a process that stays up, else
    a new one. The faces of unchanged cards come back as the same objects (the session's written face stores), and a
    face is immutable, so only the edited cards' faces are inspected again."""
    keeps = gctx.engine.keeps
    return keeps.inspections if keeps is not None else {}


def inspect_deck(deck: Deck, rendered: list[Rendered], slug: str, root: Path | None = None, known: dict | None = None) -> list[Finding]:
    """What a printer would show on each card (art past the bleed, text in the cut margin, blurry images), per card.

    A shared back, the same face on every card, is inspected once (known by identity: hashing every face would cost more);
    `known` holds what was found of faces already (and keeps what is found now)."""
    seen = known if known is not None else {}  # a session's keeps what its last two builds asked for (pnp.core.memo.TwoRuns)
    out = []
    for card, front, back in rendered:
        what = f"{deck.id}/{card.id}"
        for face, template in zip((front, back), _templates(deck, card), strict=True):
            if face is not None:
                out += [Finding(f.severity, f.code, f.message, f.loc, slug, what) for f in _inspected(seen, face, template, deck, card, slug, root)]
    return out


def _templates(deck: Deck, card: Card) -> tuple[str | None, str | None]:
    """The templates of a card's front and back."""
    return card.front or deck.front, card.back or deck.back


def _inspected(seen: dict, face: Face, template: str | None, deck: Deck, card: Card, slug: str, root: Path | None) -> list[Finding]:
    """What inspecting `face` found, looked up in `seen` by the face's identity and template, or found now and kept there."""
    key = (id(face), template, root)
    known = seen.get(key)
    if known is None or known[0] is not face:
        known = seen[key] = (face, render_findings(face, f"{deck.id}/{card.id}", template, card.loc, slug, root))  # the face held: its id stays its own
    return known[1]


MAIN_SHARE_AHEAD = 0.25  # of a deck split across two processes, what this one renders when it draws sheets while the other renders


class GaveUp(Exception):
    """The faces that arrived while the sheets were drawn came with errors: no sheet PDF is written."""


class DeckSheets:
    """One deck's part of the card sheets: its pieces in card order, what rendering and inspecting its faces found, each
    card's face digests, and which cards changed since the last print. The cards another process is still rendering
    (`expect`) hold PENDING faces until they arrive (`arrive`)."""

    def __init__(self, gctx: GameContext, deck: Deck, digests: FaceDigests, previous_faces: dict | None, printed: Printed = BOTH_SIDES):
        self.gctx, self.deck, self.digests, self.previous = gctx, deck, digests, previous_faces
        self.printed = printed  # both sides, fronts only, or sleeve inserts (pnp.outputs.inserts)
        self.rendering: list[Finding] = []
        self.inspected: list[Finding] = []
        self.pieces: list[Piece] = []
        self.changed: list[Piece] = []
        self.changed_names: list[str] = []
        self.faces: dict[str, list] = {}  # deck/card → [front digest, back digest, count]
        self._inspections = kept_inspections(gctx)
        self._coming: SplitDeck | None = None
        self._digests_known = 0  # how many of its digests (SplitDeck.digests) were known to `digests`
        self._waiting: dict[str, list[Piece]] = {}  # deck/card → its pieces, while their faces are PENDING
        self.inks: dict = {}  # the ink figures of the faces of the last part another process drew (SplitDeck.inks)

    def add(self, rendered: list[Rendered], found: list[Finding]) -> None:
        """Cards rendered now, and what rendering them found."""
        self._found(rendered, found)
        for card, front, back in rendered:
            if front is not None:
                name = self._name(card)
                copies = [Piece(*self.printed.sides(front, back), name) for _ in range(card.count)]
                self.pieces += copies
                self._record(name, card, front, back, copies)

    def expect(self, coming: SplitDeck) -> None:
        """Pieces for the cards another process is rendering, faces PENDING: the sheets are laid out, and their pages
        before the first of these cards drawn, while it renders them."""
        self._coming, self._digests_known = coming, 0
        for card in coming.cards:
            back = PENDING if (card.back or self.deck.back) is not None and self.printed.backs else None
            name = self._name(card)
            copies = [Piece(PENDING, back, name) for _ in range(card.count)]
            self._waiting[name] = copies
            self.pieces += copies

    def arrive(self) -> None:
        """Put every expected card's faces in their pieces, once they are rendered."""
        while self.arrive_part():
            pass

    def arrive_part(self) -> bool:
        """Put the faces of the next part of the expected cards in their pieces, once they are rendered (a card whose
        face failed keeps PENDING: its error is among the findings, and no sheet is written); whether more are expected."""
        coming = self._coming
        if coming is None:
            return False
        rendered, found = coming.next_part()
        self.inks = coming.inks  # this part's: the sheets keep them all
        for face, digest in coming.digests[self._digests_known:]:
            self.digests.know(face, digest)
        self._digests_known = len(coming.digests)
        if coming.done:
            self._coming = None
        self._found(rendered, found)
        for card, front, back in rendered:
            copies = self._waiting.pop(self._name(card))
            if front is not None:
                for piece in copies:
                    piece.front, piece.back = self.printed.sides(front, back)
                self._record(copies[0].label if copies else self._name(card), card, front, back, copies)  # the pieces' name, not a copy
        return self._coming is not None

    @property
    def expecting(self) -> bool:
        """Whether cards another process renders are still to arrive."""
        return self._coming is not None

    def findings(self) -> list[Finding]:
        return self.rendering + self.inspected

    def _found(self, rendered: list[Rendered], found: list[Finding]) -> None:
        """Keep what rendering these cards found, and what inspecting their faces finds."""
        self.rendering += found
        self.inspected += inspect_deck(self.deck, rendered, self.gctx.game.slug, self.gctx.project.root, self._inspections)

    def group(self, changed: bool = False) -> Group | None:
        """The deck's pieces as one group of the sheets (with `changed`, those of the cards changed since the last print)."""
        pieces = self.changed if changed else self.pieces
        deck = self.deck
        bleed = deck.shape.bleed(0.0) or None  # a round or hex card keeps room around it to be cut, whatever the build's bleed
        return Group(deck.id, deck.name, self.printed.size(deck.size), pieces, keep_back=deck.back_shows_rules, shape=deck.shape, bleed_mm=bleed,
                     outlined=not deck.shape.straight) if pieces else None

    def _name(self, card: Card) -> str:
        return f"{self.deck.id}/{card.id}"

    def _record(self, name: str, card: Card, front: Face, back: Face | None, copies: list[Piece]) -> None:
        """Keep the card's face digests and count under `name`, the one its pieces hold (a deck's names are one object
        each, not one for the pieces and another for the digests), and whether it changed since the last print."""
        self.faces[name] = [self.digests(front), self.digests(back), card.count]
        if self.previous is not None and self.previous.get(name, [None, None])[:2] != self.faces[name][:2]:
            self.changed += copies
            self.changed_names.append(f"{name} ×{card.count}" if card.count > 1 else name)


def build_cards(gctx: GameContext, options: Options, previous_faces: dict | None = None) -> tuple[list, list[Finding]]:
    """Render all decks of a game into one sheet PDF; with --changed, also a PDF of the changed cards; a large deck's
    last cards are rendered by a helper process (`start_deck`).

    A deck split across two processes is imposed at once: this process
    renders its first cards (MAIN_SHARE_AHEAD), then lays out the sheets and
    draws their pages up to the first card still being rendered by the other,
    which by then is nearly done. The ink saver frames the common back before
    any page is drawn, so it waits for every face first.

    Returns ([(file name, bytes, FileStats)], findings); the stats' `faces` map deck/card to its face hashes."""
    game = gctx.game
    digests = FaceDigests(gctx.engine.memo("face digests"))
    decks: list[DeckSheets] = []
    ahead = not options.ink_saver
    wanted = [deck for deck in game.decks.values() if not options.decks or deck.id in options.decks]
    wanted, skipped = _insert_decks(game, wanted, options)
    given_for = insert_card([d.size for d in wanted], options.insert) if options.insert else None
    try:
        for deck in wanted:
            if options.progress:
                options.progress(f"{game.slug}: {deck.name} ({deck.total} cards)")
            first, found, coming = start_deck(gctx, deck, options, MAIN_SHARE_AHEAD if ahead else 0.5, inks=ahead and _inks_measured(options),
                                              digests=ahead)
            sheets = DeckSheets(gctx, deck, digests, previous_faces, options.printed.fitted(deck.size, given_for))
            decks.append(sheets)
            sheets.add(first, found)
            if coming is not None:
                sheets.expect(coming)
                if not ahead:
                    sheets.arrive()
        files, findings = _imposed(gctx, options, decks, digests)
        return files, [*skipped, *findings]
    finally:
        _arrive_all(decks)  # a build that stopped with an exception leaves no process rendering for it


def _inks_measured(options: Options) -> bool:
    """Whether the deck helper works out its faces' ink figures for the card sheets' pages (pnp.render.ink_elements.PageInks.page):
    not for a cutting machine's marks or a gutterfold, whose pages are rasterised, nor with the ink saver, whose pages
    are measured on the faces as it lightens them, which the helper does not draw."""
    return not options.ink_saver and not options.cutter and options.layout == "duplex"


def _imposed(gctx: GameContext, options: Options, decks: list[DeckSheets], digests: FaceDigests) -> tuple[list, list[Finding]]:
    """The sheet PDFs of the decks (`build_cards`), and the findings."""
    game = gctx.game
    groups = [g for g in (d.group() for d in decks) if g is not None]
    tokens, token_sets, token_found, token_line = _shared_tokens(gctx, options)  # on the last sheet, after the last card, those that fit

    known_inks: dict = {}  # the ink figures of the faces another process drew, as they arrive

    def arrive() -> bool:  # the next part of the first deck still expecting cards; whether more are coming
        expecting = next((d for d in decks if d.expecting), None)
        if expecting is not None:
            expecting.arrive_part()
            known_inks.update(expecting.inks)  # each part's once, not every deck's so far at every part
        if any(f.severity == "error" for f in _decks_findings(decks)):
            raise GaveUp
        return any(d.expecting for d in decks)

    refused = [error("insert-size", said, game.decks[d.deck.id].loc_of("size"), game=game.slug, component=d.deck.id)
               for d in decks if (said := d.printed.refused(d.deck.size)) is not None]
    if any(f.severity == "error" for f in [*_decks_findings(decks), *token_found]) or not groups or refused:
        _arrive_all(decks)
        return [], [*_decks_findings(decks), *refused, *token_found, *_unfitting(gctx, options, groups)]
    decks_planned = groups
    groups = [*groups, *tokens]
    plan = sheet_plan(groups, options.paper, options.gutter, options.bleed_mm, options.layout, options.fold_rotation, options.printable_mm)
    notes = [*_layout_notes(game, decks_planned, plan, options), *token_found]
    pages = _pages(groups, plan)
    if pages > MAX_PAGES:
        _arrive_all(decks)
        return [], [*_decks_findings(decks), *notes, error("too-many-pages", f"the card sheets would take {pages:,} pages, over the {MAX_PAGES:,} page limit: lower some counts or build decks one at a time (--deck)", Loc(game.rel + "/decks"), game=game.slug)]
    files = []
    try:
        file = SheetsFile("cards", f"{game.slug}-cards.pdf", edge_bleed_mm=options.card_bleed_mm if options.edge_bleed and not options.bleed else 0.0)
        data, stats = sheets_pdf(gctx, options, groups, file, digests, arrive, known_inks)
        while arrive():
            pass
        notes += _sheet_slivers(gctx, options, stats.slivers, token_sets)
        faces = {name: known for d in decks for name, known in d.faces.items()}
        shared = [token_line] * bool(tokens) + stats.shared  # the build line says where the tokens went
        files.append((f"{game.slug}-cards.pdf", data, FileStats(stats.pages, stats.pieces, shared, stats.page_keys, stats.page_exact, faces=faces, cuts=stats.cuts)))
        if options.changed:
            files += _changed_file(gctx, options, decks, digests)
    except GaveUp:
        _arrive_all(decks)  # what the parts still coming found: a build in one process reports it too
        return [], _decks_findings(decks)
    except ValueError as exc:  # a deck or token set too large for the paper: at its size
        _arrive_all(decks)
        return [], [*_decks_findings(decks), *notes, too_large(game, exc)]
    return files, [*_decks_findings(decks), *notes]


def _unfitting(gctx: GameContext, options: Options, groups: list[Group]) -> list[Finding]:
    """A deck too large for the paper, said beside the decks' errors that stop its sheets, as `pnp validate` says it
    (no page drawn): the designer meets both at once, not the second after fixing the first."""
    if not groups or sheet_plan(groups, options.paper, options.gutter, options.bleed_mm, options.layout, options.fold_rotation,
                                options.printable_mm) is not None:
        return []
    try:
        paginate(groups, gctx.game.title, options.paper, options.gutter, options.bleed_mm, options.layout, options.fold_rotation, options.printable_mm)
    except DoesNotFit as exc:
        return [too_large(gctx.game, exc)]
    return []


def too_large(game, exc: ValueError) -> Finding:
    """The error for card sheets that cannot be laid out (a deck too large for the paper, pnp.render.packing.DoesNotFit):
    at its deck's `size`, or at the decks' folder when no deck is named. Build, validate and serve say it alike."""
    deck = game.decks.get(getattr(exc, "piece", ""))
    return error("sheet-fit", str(exc), deck.loc_of("size") if deck is not None else Loc(game.rel + "/decks"), game=game.slug)


def _shared_tokens(gctx: GameContext, options: Options) -> tuple[list[Group], dict, list[Finding], str]:
    """The token groups the card sheets print after their last card (pnp.outputs.token_share), each piece's set, what
    rendering them found and the build's line; that module is imported only for a game with tokens."""
    if not gctx.game.tokens or not gctx.game.tokens_data:
        return [], {}, [], ""
    from pnp.outputs.token_share import shared_tokens

    return shared_tokens(gctx, options)


def _sheet_slivers(gctx: GameContext, options: Options, slivers: list[SheetSliver], token_sets: dict) -> list[Finding]:
    """The card sheets' slivers as warnings: a token's at its set's line, a card's at its template's."""
    words: list[Finding] = []
    if token_sets:
        from pnp.outputs.token_share import shared_token_slivers

        slivers, words = shared_token_slivers(gctx, options, slivers, token_sets)
    return [*words, *card_slivers(gctx, options, slivers, "the card sheets")]


def _insert_decks(game, decks: list, options: Options) -> tuple[list, list[Finding]]:
    """With --insert, the decks that get sleeve inserts (rectangular ones) and a warning naming each round or hex deck
    left out: a sleeve is rectangular, and a shaped card is cut from its sheet whole."""
    if not options.insert:
        return decks, []
    shaped = [d for d in decks if not d.shape.straight]
    said = [warning("insert-shape", f"{d.name}: { {'circle': 'round', 'hexagon': 'hex'}.get(d.shape.kind, 'die-cut')} cards get no sleeve insert (a sleeve is rectangular) and are left out of the "
                    "insert sheets: build without --insert to print them", d.loc_of("shape"), game=game.slug, component=d.id) for d in shaped]
    return [d for d in decks if d.shape.straight], said


def _pages(groups: list[Group], plan: list | None) -> int:
    """How many pages the sheet PDF of `groups` prints by its packing `plan`; 0 without one (a group fits no sheet)."""
    return printed_pages(plan, [any(p.back is not None for p in g.pieces) for g in groups]) if plan is not None else 0


def _layout_notes(game, decks: list[Group], plan: list | None, options: Options) -> list[Finding]:
    """The notes on how each card size sits on the paper (a layout the printer's margin forced), read from the grids the
    sheets' `plan` prints each deck on (decks are its first groups); a gutterfold has its own."""
    if options.layout != "duplex" or plan is None:
        return []
    grids: dict[int, list] = {}
    for page in plan:
        for placed in page:
            if placed.grid not in grids.setdefault(placed.group, []):
                grids[placed.group].append(placed.grid)
    # a round or hex deck keeps its own spacing and may nest (pnp.render.nesting): the grid these notes weigh is not its sheet
    gridded = [(g.name, g.size, game.decks[g.id].loc_of("size"), grids.get(i, [])) for i, g in enumerate(decks) if not g.outlined]
    return sheet_layout_notes(gridded, options, game.slug)


def _decks_findings(decks: list[DeckSheets]) -> list[Finding]:
    """Every finding of the decks' faces so far (more come as a helper process's faces arrive)."""
    return [f for d in decks for f in d.findings()]


def _changed_file(gctx: GameContext, options: Options, decks: list[DeckSheets], digests: FaceDigests) -> list[tuple]:
    """With --changed, the changed cards' file, when any card changed: a few fixed cards from several decks reprint on one
    sheet, not one sheet per deck; the list gets a blank back, so every later card's back still lands behind its front
    when printed double-sided."""
    changed_groups = [g for g in (d.group(changed=True) for d in decks) if g is not None]
    if not changed_groups:
        return []
    changed_names = [name for d in decks for name in d.changed_names]
    cover = Group("changed", "Changed cards", (180, 240), [Piece(_changed_list_face(gctx, changed_names), Face(180, 240, 0, (), frozenset()), "list")])
    data, stats = sheets_pdf(gctx, options, [cover, *changed_groups], SheetsFile("changed cards", f"{gctx.game.slug}-changed.pdf"), digests)
    return [(f"{gctx.game.slug}-changed.pdf", data, FileStats(stats.pages, stats.pieces - 1, stats.shared, stats.page_keys, changed=changed_names))]


def card_slivers(gctx: GameContext, options: Options, slivers: list[SheetSliver], sheets: str) -> list[Finding]:
    """The card sheets' slivers as warnings at the template lines that drew the edges: a card showing each is drawn
    again with tracing on, with the `options` their faces were drawn with (so their elements are the same values)."""
    if not slivers:
        return []
    cards = {f"{d.id}/{c.id}": (d, c) for d in gctx.game.decks.values() for c in d.cards}
    showing = _tracing_cards(slivers, cards)
    with gctx.layouts.tracing() as origins:
        for deck_id, chosen in showing.items():
            render_cards(gctx, gctx.game.decks[deck_id], options, list(chosen.values()))

    def named(placed) -> tuple[str, Loc]:
        return f"{placed.piece.label} {placed.side}", cards[placed.piece.label][1].loc
    return sliver_findings(slivers, sheets, gctx.game.slug, named, origins)


def _tracing_cards(slivers: list[SheetSliver], cards: dict[str, tuple[Deck, Card]]) -> dict[str, dict[str, Card]]:
    """The cards to draw again with tracing, by deck: the first card showing each element that drew a sliver's edge.

    An element is a value, and tracing keeps the line that first drew each value: every card drawing a band the same
    way draws the same element, so one card names the line for all of them, and a deck of 10,000 cards whose header
    bands show slivers is drawn again four times (one card a band colour), not 9,200."""
    showing: dict[str, dict[str, Card]] = {}
    traced: set = set()
    for s in slivers:
        if s.sliver.element is None or s.sliver.element in traced:
            continue
        traced.add(s.sliver.element)
        deck, card = cards[s.shower.piece.label]
        showing.setdefault(deck.id, {})[card.id] = card
    return showing


def deck_groups(gctx: GameContext, rendered: dict[str, list[Rendered]]) -> list[Group]:
    """The decks' rendered cards as the card sheets group them, one piece per copy (`pnp validate`'s sheets, no PDF)."""
    groups = []
    for deck in gctx.game.decks.values():
        pieces = [Piece(front, back, f"{deck.id}/{card.id}") for card, front, back in rendered.get(deck.id, []) if front is not None for _ in range(card.count)]
        if pieces:  # cut as the sheets cut it: a round, hex or drawn card on its own, with its room around it
            groups.append(Group(deck.id, deck.name, deck.size, pieces, keep_back=deck.back_shows_rules, shape=deck.shape,
                                bleed_mm=deck.shape.bleed(0.0) or None, outlined=not deck.shape.straight))
    return groups


def _arrive_all(decks: list[DeckSheets]) -> None:
    """Wait for every deck's expected cards: an early return still reports what their rendering found."""
    for d in decks:
        d.arrive()


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
