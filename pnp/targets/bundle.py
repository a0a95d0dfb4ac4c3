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
from pnp.data.words import players_word, table_of, words_of
from pnp.layout.bidi import is_rtl_language
from pnp.outputs.context import DEFAULT_FONT_ROLES
from pnp.outputs.options import Options
from pnp.outputs.token_share import token_split
from pnp.pipeline.build import build_game
from pnp.targets.bundle_pages import BackCover, ChecklistLine, Fonts, FrontMatter, PlacedPart, Voice, credits_pdf, front_matter_pdf
from pnp.targets.feedback import feedback_decks, feedback_pdf

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


def stock_of(gctx, kind: str, paper: str, voice: Voice | None = None) -> str:
    """What a kind prints on when it is not the bundle's paper: the labels, on the game's label sheet for `paper` (its
    page is the sheet's), in the edition's words (English unless `voice` says otherwise)."""
    if kind != "labels":
        return ""
    voice = voice or Voice(table_of("en"))
    sheet = gctx.game.spec.labels.label_sheet(paper)
    named = sheet.title if voice.words["bundle_label_units"] == "inches" else sheet.named_in(voice.words["bundle_decimal"])
    return voice.say("bundle_label_stock", sheet=named)


def component_parts(gctx, options: Options, voice: Voice) -> tuple[list[Part], list[Finding]]:
    """Build each kind of output for `options.paper` with the normal pipeline, in print order (pnp.data.kinds: the
    pieces to cut first, then those to fold, then the labels, a run on label stock of their own, the rules last); every
    PDF as a part."""
    parts, findings = [], []
    split = token_split(gctx.game, options)  # tokens printed on the last card sheet: the cards' part holds them
    for kind in print_order():
        if split.whole and kind.name == "tokens":
            continue
        outputs, found = build_game(gctx, dataclasses.replace(options, only=(kind.name,)))
        findings += found
        if any(f.severity == "error" for f in found):
            return [], findings
        have = {p.path for p in parts}  # `--only tokens` builds the card sheets too when some tokens print there
        pdfs = sorted((o.path for o in outputs if o.path.suffix == ".pdf" and o.path not in have), key=lambda p: p.name)
        word = "bundle_part_cards_tokens" if split.shared and kind.name == "cards" else f"bundle_part_{kind.name}"
        title = voice.words.get(word, kind.title)  # a kind pnp has no words for keeps its record's title
        parts += [part_of(kind.name, part_title(title, path, pdfs, voice), path.read_bytes(), path, stock_of(gctx, kind.name, options.paper, voice))
                  for path in pdfs]
    return parts, findings


def part_title(title: str, path: Path, pdfs: list[Path], voice: Voice) -> str:
    """A part's title in the contents: its kind's, alone; the one-sided tokens (pnp.outputs.tokens.token_files) said so
    in the edition's words beside the others; another of several files by its name."""
    if len(pdfs) == 1:
        return title
    if path.stem.endswith("-one-sided"):
        return f"{title} ({voice.say('bundle_one_sided')})"
    if f"{path.stem}-one-sided" in {p.stem for p in pdfs}:
        return title
    return f"{title}: {path.stem}"


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


def checklist(game, voice: Voice, shared: frozenset[str] = frozenset()) -> list[ChecklistLine]:
    """The component checklist from the data: decks (cards), token sets (pieces; those `shared` names said to be on
    the last card sheet, where they print: pnp.outputs.token_share), boards, boxes and dice."""
    say, size = voice.say, voice.size

    def where(spec) -> str:
        return f", {say('bundle_tokens_on_cards')}" if spec.id in shared else ""

    lines = [ChecklistLine(say("bundle_deck"), d.name, d.total, say("bundle_deck_detail", size=size(*d.size), n=len(d.cards))) for d in game.decks.values()]
    lines += [ChecklistLine(say("bundle_tokens"), spec.name, sum(v.count for v in token_variants(raw)), f"{_shape(spec.shape, voice)}, {size(*spec.size)} mm{where(spec)}")
              for spec, raw in token_sets(game)]
    lines += [ChecklistLine(say("bundle_board"), b.name, 1, f"{size(*b.size)} mm") for b in (game.boards.boards if game.boards else [])]
    lines += [ChecklistLine(say("bundle_box"), c.name, 1, say("bundle_box_detail", decks=voice.listed([_deck_title(game, d) for d in c.decks]), n=c.cards))
              for c, _, _ in game_boxes(game)[0]]
    lines += [ChecklistLine(say("bundle_dice"), d.name or d.id, d.count, f"{d.shape}, {voice.number(d.size)} mm") for d in (game.dice.dice if getattr(game, "dice", None) else [])]
    return lines


def _shape(shape: str, voice: Voice) -> str:
    """A token set's shape in the edition's words ('circle'); an outline drawn from a file is named by its file."""
    return voice.words.get(f"bundle_shape_{shape}", shape)


def _deck_title(game, deck_id: str) -> str:
    """A deck as the player knows it: its title (the id only names a file)."""
    deck = game.decks.get(deck_id)
    return deck.name if deck is not None else deck_id


def board_pages(part: Part) -> list[tuple[str, int, int]]:
    """Each board of a boards PDF as its outline names it: (name, its first page, pages up to the next board), 1-based
    within the part. A tiled board's first page is its assembly map, its tiles the pages after it (pnp.outputs.boards)."""
    if not part.data:  # a part named but not drawn (the front matter's own tests): nothing to read
        return []
    reader = PdfReader(io.BytesIO(part.data))
    entries = [(str(item.title), reader.get_destination_page_number(item) + 1) for item in reader.outline if not isinstance(item, list)]
    ends = [page for _, page in entries[1:]] + [len(reader.pages) + 1]
    return [(name, page, end - page) for (name, page), end in zip(entries, ends, strict=True)]


def board_steps(part: Part, first: int | None, voice: Voice) -> list[str]:
    """How each of the part's boards goes together, with the bundle's page numbers (the part starting on page `first`):
    a tiled board's map and tile pages, a whole board's page; the generic step when where it landed is not known."""
    if first is None:
        return [voice.say("bundle_step_boards")]
    steps = []
    for name, page, pages in board_pages(part):
        at = first + page - 1
        if pages > 1:
            tiles = f"{at + 1}–{at + pages - 1}" if pages > 2 else str(at + 1)
            steps.append(voice.say("bundle_step_board_tiled", board=name, map=at, n=pages - 1, pages=tiles))
        else:
            steps.append(voice.say("bundle_step_board_whole", board=name, page=at))
    return steps or [voice.say("bundle_step_boards")]


def assembly_steps(game, parts: list[Part], voice: Voice, shared: frozenset[str] = frozenset(), where: dict[str, int] | None = None) -> list[str]:
    """The steps to make the game from the printed sheets, written from what this game has: a step names only the kinds
    of piece the game prints (no tokens for a game without them), each board's step its pages in the bundle (`where`:
    a part's title → its first page), and one sleeve step names each card size and its count."""
    kinds = {p.kind for p in parts} | ({"tokens"} if shared else set())  # `shared`: token sets on the cards' sheets
    say = voice.say
    pieces = [say(f"bundle_cut_{word}") for kind, word in (("cards", "cards"), ("tokens", "tokens"), ("reference", "aids")) if kind in kinds]
    steps = [say("bundle_step_cut", pieces=voice.listed(pieces))] if pieces else []
    boards = [part for part in parts if part.kind == "boards"]
    for part in boards:
        steps += board_steps(part, where.get(part.title) if where else None, voice)
    steps += [say(f"bundle_step_{kind}") for kind in ("boxes", "dice", "labels") if kind in kinds]
    sizes: dict[tuple, list] = {}
    for deck in game.decks.values():
        if deck.total:
            sizes.setdefault(tuple(deck.size), []).append(deck)
    if sizes:
        counts = {size: sum(d.total for d in decks) for size, decks in sizes.items()}  # one card of a size: "1 sleeve", in the table's singular
        each = [say("bundle_sleeve" if counts[(w, h)] == 1 else "bundle_sleeves", n=counts[(w, h)], size=voice.size(w, h), decks=voice.listed([d.name for d in decks]))
                for (w, h), decks in sizes.items()]
        steps.append(say("bundle_step_sleeves", sleeves=voice.listed(each)))
    return steps


def cover_pdf(gctx, parts: list[Part], paper: str, fonts: Fonts, options: Options, voice: Voice) -> bytes | None:
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
    return cover_page(gctx, dataclasses.replace(options, paper=paper), cover_band(gctx.game.spec, voice))


def cover_band(spec, voice: Voice) -> str:
    """What the bundle is, for the band under its cover's title: 'Print-and-play edition', and the version where the game has one."""
    version = getattr(spec, "version", None)
    return voice.say("bundle_edition") + (f" · {voice.say('bundle_band_version', version=version)}" if version not in (None, "") else "")


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


def left_out(game, voice: Voice) -> list[str]:
    """What the bundle leaves out on purpose, told to the player who prints it (the build options that make them are the
    designer's: docs/publish.md names them)."""
    return [voice.say(key) for key, there in (("bundle_left_out_boards", game.boards), ("bundle_left_out_booklet", game.rulebook is not None)) if there]


# The licence file beside a bundled font names its licence (pnp/assets/fonts: each family's folder holds it)
FONT_LICENCES = {"OFL.txt": "SIL Open Font License 1.1", "LICENSE-Apache-2.0.txt": "Apache License 2.0",
                 "LICENSE.txt": "DejaVu Fonts License (Bitstream Vera)"}


def font_licence(book, family: str) -> str:
    """The licence of a bundled font family as the file beside it names it; '' for a project's own font (no such file)."""
    folder = book.file(family).parent
    return next((licence for name, licence in FONT_LICENCES.items() if (folder / name).is_file()), "")


def font_credit(book, family: str, voice: Voice) -> str:
    """'Typeface noto-sans: SIL Open Font License 1.1.'; a project's own font is said to keep the licence it came with."""
    licence = font_licence(book, family)
    return voice.say("bundle_credit_font", family=family, licence=licence) if licence else voice.say("bundle_credit_font_own", family=family)


def credit_lines(gctx, voice: Voice) -> list[str]:
    """The credits: the game and its designer, what it was written from (in this edition's words), the bundled icons it
    draws (their licence asks to be named), each font the files embed with its licence, and the pnp that made them."""
    from pnp import __version__
    from pnp.outputs.rulebook.credits import icons_to_credit

    spec, book = gctx.game.spec, gctx.fonts
    lines = [f"{spec.title}{': ' + spec.subtitle if spec.subtitle else ''}."]
    lines += [voice.say("bundle_credit_designer", designer=spec.designer)] if spec.designer else []
    lines += [voice.say("bundle_credit_sources", sources=voice.listed(spec.sources))] if spec.sources else []
    icons = icons_to_credit(gctx)
    if icons:
        lines.append(voice.say("bundle_credit_icons", icons=", ".join(icons)))
    lines.append(voice.say("bundle_credit_fonts"))
    roles = {**DEFAULT_FONT_ROLES, **spec.fonts}  # the families the components draw with, as pnp.outputs.context reads them
    families = sorted({*(f for f in roles.values() if f in book.families), bundle_fonts(gctx).family})
    lines += [font_credit(book, family, voice) for family in families]
    lines.append(voice.say("bundle_credit_pnp", version=__version__))
    return lines


def front_matter(gctx, paper: str, parts: list[Part], placed: list[PlacedPart], options: Options, voice: Voice, drawn_cover: bool) -> FrontMatter:
    """What the bundle's own pages say, in the edition's words: the game, the parts where they landed, the checklist,
    the assembly steps for `parts` (the components) and what is left out."""
    game, spec = gctx.game, gctx.game.spec
    players = players_said(spec, voice) if hasattr(spec.players, "min") else ""
    shared = token_split(game, options).shared
    return FrontMatter(spec.title, spec.subtitle, spec.pitch, players, paper, options.printable_mm, options.ink_saver, tuple(placed),
                       tuple(checklist(game, voice, shared)), tuple(assembly_steps(game, parts, voice, shared, {p.title: p.first for p in placed})), tuple(left_out(game, voice)), drawn_cover=drawn_cover)


def bundle_pdf(gctx, paper: str, parts: list[Part], fonts: Fonts, options: Options, tail: list[Part], voice: Voice) -> tuple[bytes, int, list[int]]:
    """The bundle on `paper`: (bytes, front-matter pages, blank pages inserted). `tail` follows the components (feedback, credits).

    The contents name page numbers that depend on how long the front matter is, so it is drawn until its length settles."""
    everything = [*parts, *tail]
    cover = cover_pdf(gctx, parts, paper, fonts, options, voice)
    covered = 1 if cover else 0
    front_pages, front = 1, b""
    for _ in range(4):
        placed, blanks = place(everything, covered + front_pages + 1)
        front = front_matter_pdf(front_matter(gctx, paper, parts, placed, options, voice, bool(cover)), fonts, voice)
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


def readme_text(title: str, paper: str, names: list[str], voice: Voice) -> str:
    """The zip's plain-text read-me: what each file is and the one print setting that matters."""
    lines = [voice.say("bundle_readme_title", title=title, paper=voice.paper_name(paper)), "", voice.say("bundle_readme_print"), "", voice.say("bundle_readme_files")]
    lines += [f"  {name}" for name in names]
    return "\n".join(lines) + "\n"


def players_said(spec, voice: Voice) -> str:
    """'2–4 players' in the edition's words; a game for one number of players says that number alone, never '1–1', and
    a solo game '1 player'."""
    said = f"{spec.players.min}–{spec.players.max}" if spec.players.min != spec.players.max else str(spec.players.min)
    return f"{said} {players_word(voice.words, spec.players.min, spec.players.max)}"


def back_facts(spec, voice: Voice) -> str:
    """'2–4 players · age 8+ · 15 minutes' in the edition's words: who the game is for and how long it takes."""
    facts = [players_said(spec, voice)]
    facts += [voice.say("age", age=spec.age).replace("**", "")] if spec.age is not None else []
    if spec.play_time not in (None, ""):
        facts.append(f"{spec.play_time} {voice.say('minutes')}" if isinstance(spec.play_time, int) else str(spec.play_time))
    return " · ".join(facts)


def pieces_picture(parts: list[Part], px_per_mm: float = 4.0) -> bytes | None:
    """The first page of the cards (else of the first component) as a PNG: the pieces as they print, for the back cover."""
    import pypdfium2 as pdfium

    from pnp.core.units import PT_PER_MM
    from pnp.targets.rendering import png_bytes

    chosen = next((p for p in parts if p.kind == "cards"), parts[0] if parts else None)
    if chosen is None:
        return None
    doc = pdfium.PdfDocument(chosen.data)
    try:
        image = doc[0].render(scale=px_per_mm / PT_PER_MM).to_pil().convert("RGB")
    finally:
        doc.close()
    return png_bytes(image)


def back_cover(gctx, parts: list[Part], voice: Voice) -> BackCover:
    spec = gctx.game.spec
    return BackCover(spec.title, spec.pitch or "", back_facts(spec, voice), pieces_picture(parts), str(getattr(spec, "version", None) or ""))


def bundle_voice(gctx, fonts: Fonts) -> Voice:
    """How the bundle's own pages speak in the edition's language: its words, its direction, and the fallback fonts a
    character of its script needs (pnp.layout.fonts: the CJK font is read only when a character needs it)."""
    book, language = gctx.fonts, gctx.game.language
    bold = fonts.bold

    def font_for(char: str, font: str) -> str | None:
        return None if book.covers(font, char) else book.fallback_for(ord(char), bold=font == bold)

    return Voice(words_of(gctx.game), rtl=is_rtl_language(language), cjk=language.split("-")[0] in ("ja", "zh"), font_for=font_for)


def bundle_fonts(gctx) -> Fonts:
    """The bundled sans family the front matter and feedback sheet are set in (registered TrueType, so embedded)."""
    book = gctx.fonts
    family = "noto-sans" if "noto-sans" in book.families else next(iter(book.families))
    return Fonts(book.font_name(family), book.font_name(family, bold=True), family)


def _paper_files(gctx, options: Options, fonts: Fonts, voice: Voice) -> tuple[list[tuple[str, bytes]], list[str], list[Finding]]:
    """The files of one paper: [(name, bytes)] for the folder, the names that go in the zip, and the build's findings."""
    slug, paper, lang = gctx.game.slug, options.paper, f"-{options.lang}" if options.lang else ""
    tag = ("" if paper == "letter" else f"-{paper}") + lang  # an edition in another language carries it last, as a build's files do
    feedback = feedback_pdf(gctx.game.spec.title, str(getattr(gctx.game.spec, "version", None) or ""), feedback_decks(gctx.game, Stamper(gctx.project.templates_dir, gctx.game)), paper, fonts, voice)
    files, findings = [], []
    separate: list[Part] = []
    for ink_saver in (False, True):
        parts, found = component_parts(gctx, dataclasses.replace(options, ink_saver=ink_saver), voice)
        findings += found
        if not parts:
            return [], [], findings
        # the back cover pictures this variant's own cards: the ink saver's, lightened, in the ink-saver bundle
        credits = credits_pdf(back_cover(gctx, parts, voice), paper, credit_lines(gctx, voice), fonts, voice)
        tail = [part_of("feedback", voice.say("bundle_feedback"), feedback), part_of("credits", voice.say("bundle_credits"), credits)]
        data = bundle_pdf(gctx, paper, parts, fonts, dataclasses.replace(options, ink_saver=ink_saver), tail, voice)[0]
        files.append((f"{slug}-bundle-{paper}{'-ink-saver' if ink_saver else ''}{lang}.pdf", data))
        separate += [] if ink_saver else parts
    files.append((f"{slug}-feedback{tag}.pdf", feedback))
    in_zip = [*files, *((f"components/{p.path.name}", p.data) for p in separate)]
    names = [name for name, _ in in_zip]
    readme = readme_text(gctx.game.spec.title, paper, names, voice)
    files.append((f"{slug}-print-and-play-{paper}{lang}.zip", zip_bytes([*in_zip, ("README.txt", readme.encode())])))
    return files, names, findings


def bundle_game(gctx, options: Options, papers: tuple[str, ...], folder: Path) -> BundleResult:
    """Write the bundle, its ink-saver variant, the feedback sheet and the zip for each paper into `folder`.

    Nothing is written when any build has errors; each file is written atomically."""
    fonts = bundle_fonts(gctx)
    voice = bundle_voice(gctx, fonts)
    pending, findings = [], []
    for paper in papers:
        files, _, found = _paper_files(gctx, dataclasses.replace(options, paper=paper, suffix=""), fonts, voice)
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
