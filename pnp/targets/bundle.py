"""`pnp bundle`: one print-and-play PDF per paper, made of the component PDFs the normal build writes, plus a zip.

The component pages are not drawn again: each kind is built by the pipeline
for that paper (pnp.pipeline.build.build_game) and its PDF's pages are
concatenated with pypdf after the front matter (pnp.targets.bundle_pages).
Whether a part prints double-sided is read from the part's own PDF (its
/ViewerPreferences /Duplex), and a double-sided run always starts on an odd
page, so a blank page goes in before it where needed.
"""
from __future__ import annotations

import dataclasses
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader, PdfWriter

from pnp.core.errors import Finding
from pnp.core.files import write_atomic
from pnp.data.boxes import game_boxes
from pnp.data.kinds import print_order
from pnp.data.stamps import Stamper
from pnp.data.tokens import token_sets, token_variants
from pnp.outputs.options import Options
from pnp.pipeline.build import build_game
from pnp.targets.bundle_pages import ChecklistLine, FrontMatter, PlacedPart, credits_pdf, front_matter_pdf
from pnp.targets.feedback import Fonts, feedback_decks, feedback_pdf

ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say: entries carry no build time, so the same input gives the same bytes
FLIP = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}


@dataclass(frozen=True)
class Part:
    """One PDF of the bundle: its title, bytes, pages and flip edge (None: one-sided); `path` is the component file it came from."""

    kind: str
    title: str
    data: bytes
    pages: int
    duplex: str | None
    path: Path | None = None
    stock: str = ""  # what to print it on when not the bundle's paper (a label sheet)


@dataclass
class BundleResult:
    """The files `pnp bundle` wrote, each with its size in bytes and its pages (0 for a zip)."""

    files: list[tuple[Path, int, int]]
    findings: list[Finding]


def part_of(kind: str, title: str, data: bytes, path: Path | None = None, stock: str = "") -> Part:
    """A part from a PDF's bytes: its page count and the flip edge its viewer preferences ask for."""
    reader = PdfReader(io.BytesIO(data))
    prefs = reader.trailer["/Root"].get("/ViewerPreferences")
    duplex = FLIP.get(str(prefs.get_object().get("/Duplex"))) if prefs is not None else None
    return Part(kind, title, data, len(reader.pages), duplex, path, stock)


def stock_of(gctx, kind: str, paper: str) -> str:
    """What a kind prints on when it is not the bundle's paper: the labels, on the game's label sheet for `paper` (its
    page is the sheet's)."""
    if kind != "labels":
        return ""
    return f"{gctx.game.spec.labels.label_sheet(paper).title}; its last page (slot outlines) on plain paper first, to check"


def component_parts(gctx, options: Options) -> tuple[list[Part], list[Finding]]:
    """Build each kind of output for `options.paper` with the normal pipeline, in print order (pnp.data.kinds: the
    pieces to cut first, then those to fold, then the labels, a run on label stock of their own, the rules last); every
    PDF as a part."""
    parts, findings = [], []
    for kind in print_order():
        outputs, found = build_game(gctx, dataclasses.replace(options, only=(kind.name,)))
        findings += found
        if any(f.severity == "error" for f in found):
            return [], findings
        pdfs = sorted((o.path for o in outputs if o.path.suffix == ".pdf"), key=lambda p: p.name)
        parts += [part_of(kind.name, kind.title if len(pdfs) == 1 else f"{kind.title}: {path.stem}", path.read_bytes(), path, stock_of(gctx, kind.name, options.paper))
                  for path in pdfs]
    return parts, findings


def place(parts: list[Part], first_page: int) -> tuple[list[PlacedPart], list[int]]:
    """Where each part starts when the bundle's own pages end at `first_page` - 1; and the blank pages inserted (1-based).

    A double-sided part starts on an odd page: page 1 of a duplex run is a front, and a front printed on the back of a
    sheet would pair every following front with the wrong back."""
    page, placed, blanks = first_page, [], []
    for part in parts:
        if part.duplex and page % 2 == 0:
            blanks.append(page)
            page += 1
        placed.append(PlacedPart(part.title, page, part.pages, part.duplex, part.stock))
        page += part.pages
    return placed, blanks


def checklist(game) -> list[ChecklistLine]:
    """The component checklist from the data: decks (cards), token sets (pieces), boards, boxes and dice."""
    lines = [ChecklistLine("Deck", d.name, d.total, f"{d.size[0]:g} × {d.size[1]:g} mm cards, {len(d.cards)} different") for d in game.decks.values()]
    lines += [ChecklistLine("Tokens", spec.name, sum(v.count for v in token_variants(raw)), f"{spec.shape}, {spec.size[0]:g} × {spec.size[1]:g} mm")
              for spec, raw in token_sets(game)]
    lines += [ChecklistLine("Board", b.name, 1, f"{b.size[0]:g} × {b.size[1]:g} mm") for b in (game.boards.boards if game.boards else [])]
    lines += [ChecklistLine("Box", c.name, 1, f"holds {_listed([_deck_title(game, d) for d in c.decks])} ({c.cards} cards)") for c, _, _ in game_boxes(game)[0]]
    lines += [ChecklistLine("Dice", d.name or d.id, d.count, f"{d.shape}, {d.size:g} mm") for d in (game.dice.dice if getattr(game, "dice", None) else [])]
    return lines


def _deck_title(game, deck_id: str) -> str:
    """A deck as the player knows it: its title (the id only names a file)."""
    deck = game.decks.get(deck_id)
    return deck.name if deck is not None else deck_id


def assembly_steps(game, parts: list[Part]) -> list[str]:
    """The steps to make the game from the printed sheets, written from what this game has: a step names only the kinds
    of piece the game prints (no tokens for a game without them), and one sleeve step names each card size and its count."""
    kinds = {p.kind for p in parts}
    steps = []
    pieces = [name for kind, name in (("cards", "cards"), ("tokens", "tokens"), ("reference", "player aids")) if kind in kinds]
    if pieces:
        steps.append(f"Cut the {_listed(pieces)} along the crop marks at the sheet's edges, with a ruler and a craft knife or a "
                     "rotary trimmer; cut each sheet's fronts and backs together, after printing both sides.")
    if "boards" in kinds:
        steps.append("Boards print on several pages: trim each tile along its marks, lay the tiles out as the map on the board's first "
                     "page shows, and tape or glue them from the back (glue to card stock for a stiff board).")
    if "boxes" in kinds:
        steps.append("Card boxes: cut along the outline, score each fold (the short marks outside the net show where), fold inward and glue the tabs.")
    if "dice" in kinds:
        steps.append("Dice: cut out each net, score and fold every edge, glue the tabs last; a drop of glue on each tab holds better than tape.")
    if "labels" in kinds:
        steps.append("Labels: print the labels file's last page (slot outlines) on plain paper and hold it against a label sheet to the light; "
                     "when the outlines sit on the labels, print the label pages on the sheet and stick each label on the bag or box it names.")
    sizes: dict[tuple, list] = {}
    for deck in game.decks.values():
        if deck.total:
            sizes.setdefault(tuple(deck.size), []).append(deck)
    if sizes:
        each = [f"{sum(d.total for d in decks)} sleeves of {w:g} × {h:g} mm ({_listed([d.name for d in decks])})" for (w, h), decks in sizes.items()]
        steps.append(f"Sleeve the cards if you like: {_listed(each)}. Sleeves make thin paper shuffle like cards.")
    return steps


def _listed(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def cover_pdf(gctx, parts: list[Part], paper: str, fonts: Fonts, options: Options) -> bytes | None:
    """The bundle's cover page: the game's own `<game>/cover.j2` drawn on the whole page when it has one, else the
    rulebook's cover (its title band in the game's title font, the board and a fan of cards: the page the rulebook draws
    first) with its band naming the edition instead of the rulebook's subtitle (`cover_band`), else none (the front
    matter then opens on a cover of words)."""
    from pnp.outputs.rulebook.build import cover_page

    template = gctx.project.templates_dir / gctx.game.slug / "cover.j2"
    if template.is_file():
        return _drawn_cover(gctx, f"{gctx.game.slug}/cover.j2", paper, fonts)
    if not any(p.kind == "rulebook" for p in parts):
        return None
    return cover_page(gctx, dataclasses.replace(options, paper=paper), cover_band(gctx.game.spec))


def cover_band(spec) -> str:
    """What the bundle is, for the band under its cover's title: 'Print-and-play edition', and the version where the game has one."""
    version = getattr(spec, "version", None)
    return "Print-and-play edition" + (f" · version {version}" if version not in (None, "") else "")


def _drawn_cover(gctx, name: str, paper: str, fonts: Fonts) -> bytes:
    """A cover drawn by the game's template at the paper's size, inside the printer's margin as every page is."""
    from pnp.core.errors import Loc
    from pnp.core.units import PAPER_SIZES, PT_PER_MM
    from pnp.outputs.context import face_context
    from pnp.render.draw import FaceDrawer
    from pnp.render.pdf import new_canvas

    w, h = PAPER_SIZES[paper]
    game = gctx.game
    context = face_context(game, None, {}, "cover", w, h, 0.0, "front", False)
    face = gctx.layouts.render(name, context, w, h, 0.0, "bundle cover", Loc(f"templates/{name}"), game.slug)
    c, buf = new_canvas((w * PT_PER_MM, h * PT_PER_MM), fonts.regular, f"{game.spec.title}: cover", "print-and-play cover")
    FaceDrawer(c, gctx.icons).draw_face(face, 0, 0, False)
    c.showPage()
    c.save()
    return buf.getvalue()


def concatenate(front: bytes, parts: list[Part], blanks: list[int], paper_pt: tuple[float, float], cover: bytes | None = None) -> bytes:
    """The bundle: the cover, the front pages, then each part's very pages, with a blank page at each page number in `blanks`."""
    writer = PdfWriter()
    for data in (*([cover] if cover else []), front, *(p.data for p in parts)):
        for page in PdfReader(io.BytesIO(data)).pages:
            while len(writer.pages) + 1 in blanks:
                writer.add_blank_page(*paper_pt)
            writer.add_page(page)
    writer.add_metadata({"/Producer": "pnp", "/Creator": "pnp"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def left_out(game) -> list[str]:
    """What the bundle leaves out on purpose, told to the player who prints it (the build options that make them are the
    designer's: docs/publish.md names them)."""
    lines = []
    if game.boards:
        lines.append("Boards on one large sheet for a copy shop (A3, tabloid, A2 or A1): this bundle prints each board in tiles on "
                     "this paper instead; ask the game's designer for the large sheet if you want one.")
    if game.rulebook is not None:
        lines.append("The rulebook as a folded booklet: this bundle prints it page by page; ask the game's designer for the booklet "
                     "if you want one.")
    return lines


def credit_lines(gctx) -> list[str]:
    """The credits: the game, the bundled icons it draws (their licence asks to be named) and the fonts' licences."""
    from pnp.outputs.rulebook.credits import icons_to_credit

    spec = gctx.game.spec
    lines = [f"{spec.title}{': ' + spec.subtitle if spec.subtitle else ''}."]
    icons = icons_to_credit(gctx)
    if icons:
        lines.append(f"Icons from game-icons.net, under the Creative Commons Attribution 3.0 licence: {', '.join(icons)}.")
    lines.append("The fonts embedded in these files are free fonts whose licences (SIL Open Font License, Apache 2.0, the DejaVu licence) allow embedding.")
    return lines


def bundle_pdf(gctx, paper: str, parts: list[Part], fonts: Fonts, options: Options, tail: list[Part]) -> tuple[bytes, int, list[int]]:
    """The bundle on `paper`: (bytes, front-matter pages, blank pages inserted). `tail` follows the components (feedback, credits).

    The contents name page numbers that depend on how long the front matter is, so it is drawn until its length settles."""
    game, spec = gctx.game, gctx.game.spec
    players = f"{spec.players.min}–{spec.players.max} players" if hasattr(spec.players, "min") else ""
    everything = [*parts, *tail]
    cover = cover_pdf(gctx, parts, paper, fonts, options)
    covered = 1 if cover else 0
    front_pages, front = 1, b""
    for _ in range(4):
        placed, blanks = place(everything, covered + front_pages + 1)
        fm = FrontMatter(spec.title, spec.subtitle, spec.pitch, players, paper, options.printable_mm, options.ink_saver, tuple(placed),
                         tuple(checklist(game)), tuple(assembly_steps(game, parts)), tuple(left_out(game)), drawn_cover=bool(cover))
        front = front_matter_pdf(fm, fonts)
        pages = len(PdfReader(io.BytesIO(front)).pages)
        if pages == front_pages:
            break
        front_pages = pages
    from pnp.core.units import PT_PER_MM, paper_size

    size = tuple(v * PT_PER_MM for v in paper_size(paper))
    return concatenate(front, everything, blanks, size, cover), covered + front_pages, blanks


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip of `entries` with fixed timestamps and permissions: the same files give the same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()


def readme_text(title: str, paper: str, names: list[str]) -> str:
    """The zip's plain-text read-me: what each file is and the one print setting that matters."""
    lines = [f"{title}: print-and-play files ({paper})", "",
             "Print at 100 % scale (actual size), never 'fit to page'. The bundle's print-settings page says which page ranges",
             "print double-sided and on which edge.", "", "Files:"]
    lines += [f"  {name}" for name in names]
    return "\n".join(lines) + "\n"


def bundle_fonts(gctx) -> Fonts:
    """The bundled sans family the front matter and feedback sheet are set in (registered TrueType, so embedded)."""
    book = gctx.fonts
    family = "noto-sans" if "noto-sans" in book.families else next(iter(book.families))
    return Fonts(book.font_name(family), book.font_name(family, bold=True))


def _paper_files(gctx, options: Options, fonts: Fonts) -> tuple[list[tuple[str, bytes]], list[str], list[Finding]]:
    """The files of one paper: [(name, bytes)] for the folder, the names that go in the zip, and the build's findings."""
    slug, paper, lang = gctx.game.slug, options.paper, f"-{options.lang}" if options.lang else ""
    tag = ("" if paper == "letter" else f"-{paper}") + lang  # an edition in another language carries it last, as a build's files do
    feedback = feedback_pdf(gctx.game.spec.title, str(getattr(gctx.game.spec, "version", None) or ""), feedback_decks(gctx.game, Stamper(gctx.project.templates_dir, gctx.game)), paper, fonts)
    tail = [part_of("feedback", "Playtest feedback", feedback), part_of("credits", "Credits and licences", credits_pdf(gctx.game.spec.title, paper, credit_lines(gctx), fonts,
                                                                                  str(getattr(gctx.game.spec, "version", None) or ""), gctx.game.spec.pitch or ""))]
    files, findings = [], []
    separate: list[Part] = []
    for ink_saver in (False, True):
        parts, found = component_parts(gctx, dataclasses.replace(options, ink_saver=ink_saver))
        findings += found
        if not parts:
            return [], [], findings
        data = bundle_pdf(gctx, paper, parts, fonts, dataclasses.replace(options, ink_saver=ink_saver), tail)[0]
        files.append((f"{slug}-bundle-{paper}{'-ink-saver' if ink_saver else ''}{lang}.pdf", data))
        separate += [] if ink_saver else parts
    files.append((f"{slug}-feedback{tag}.pdf", feedback))
    in_zip = [*files, *((f"components/{p.path.name}", p.data) for p in separate)]
    names = [name for name, _ in in_zip]
    readme = readme_text(gctx.game.spec.title, paper, names)
    files.append((f"{slug}-print-and-play-{paper}{lang}.zip", zip_bytes([*in_zip, ("README.txt", readme.encode())])))
    return files, names, findings


def bundle_game(gctx, options: Options, papers: tuple[str, ...], folder: Path) -> BundleResult:
    """Write the bundle, its ink-saver variant, the feedback sheet and the zip for each paper into `folder`.

    Nothing is written when any build has errors; each file is written atomically."""
    fonts = bundle_fonts(gctx)
    pending, findings = [], []
    for paper in papers:
        files, _, found = _paper_files(gctx, dataclasses.replace(options, paper=paper, suffix=""), fonts)
        findings += found
        if not files:
            return BundleResult([], findings)
        pending += files
    written = []
    for name, data in pending:
        write_atomic(folder / name, data)
        pages = len(PdfReader(io.BytesIO(data)).pages) if name.endswith(".pdf") else 0
        written.append((folder / name, len(data), pages))
    return BundleResult(written, findings)
