"""Exports for print services, Tabletop Simulator and print-on-demand, from the same faces as the sheets.

Every component goes to every target: decks, boards, token sets and player
aids (pnp.targets.components renders them).

  png  one RGB PNG per copy and side, trim plus bleed at `dpi` (poker at
       300 dpi: 825 × 1125 px with 1/8 in bleed, 822 × 1122 with 3 mm), each
       board whole, each token face and back, and manifest.csv listing every
       file in upload order (per component, all fronts, then all backs);
  tts  deck sheets of at most 10 × 7 cells under 4096 px (the last cell the
       hidden-card image) with a saved object per deck, board images, token
       images, and one save file with the whole game laid out on the table;
       image URLs are the files on this machine, or under `--base-url`;
  pod  one PDF per deck, board, token set and the player aids, one side per
       page, TrimBox and BleedBox, CMYK within 240 % ink, fonts embedded,
       PDF/X-1a:2003 keys.

Bleed always comes from the layout (art drawn past the trim), never from
stretching: faces render with a little more bleed than asked and each page is
cut to the exact pixel size. Every file is checked (pnp.targets.preflight) in
memory; then the whole folder appears at once, or not at all.
"""
from __future__ import annotations

import contextlib
import csv
import dataclasses
import functools
import hashlib
import io
import json
import math
import os
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from PIL import Image, ImageDraw

from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, error, warning
from pnp.core.units import PT_PER_MM
from pnp.layout.elements import Circle, Ellipse, Face, Group, Icon, Line, Polygon, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.outputs.context import GameContext
from pnp.render import rl
from pnp.render.draw import FaceDrawer, cmyk
from pnp.render.pdf import new_canvas
from pnp.targets import tts
from pnp.targets.components import Component, collect, printed_sides, printed_trim
from pnp.targets.png import PngEncoder
from pnp.targets.preflight import TTS_MAX_COLUMNS, TTS_MAX_PX, TTS_MAX_ROWS, check_png, check_pod_pdf, check_tts_image, check_tts_sheet

K = PT_PER_MM
FORMATS = ("png", "tts", "pod")
# Bleed per side, by the name print services use. MakePlayingCards' "3 mm" is
# 36 px at 300 dpi (822 × 1122 for poker), i.e. 0.12 in.
BLEEDS = {"1/8in": 3.175, "3mm": 3.048, "0": 0.0}
POD_BLEED_MM = 3.175  # DriveThruCards and The Game Crafter: 1/8 in
EXTRA_BLEED_MM = 0.5  # rendered past the asked bleed, so pixel rounding never shows paper
TTS_MAX_DPI = 300
MAX_IMAGE_PIXELS = 60_000_000  # one print-service image (a 520 × 384 mm board at 300 dpi is 28 million)
TOKEN_MASK_SUPERSAMPLE = 4  # a token's outline is drawn this much larger, then reduced: smooth edges
PDFX_CONDITION = ("CGATS TR 001", "U.S. Web Coated (SWOP) v2")  # a registered characterisation; no ICC profile embedded
# Small type and hairlines on one plate: four plates never register exactly, and 0.1 mm of misregistration fringes
# 7 pt text. Print shops (DriveThruCards, The Game Crafter) ask for text under 12 pt and rules under about 0.5 mm in
# 100 % K; rich black is for large type and areas only.
K_ONLY_TEXT_PT = 12.0
K_ONLY_RULE_MM = 0.5
K_ONLY_ICON_MM = 10.0  # a one-colour icon this small is a symbol set like type (its hairlines too), not an area
KEY_GREY_CHROMA = 20.0  # CIE C*ab: text greyer than this reads as black or grey, so it prints as grey of its own darkness
KEY_GREY_LIGHTNESS = 60.0  # CIE L*: ... if it is darker than this (a light tint stays as designed)
NEAR_BLACK = (25.0, 30.0)  # L*, C*ab: darker than this, a tinted black (a navy-black) reads as black at text size too
MANIFEST_FIELDS = ("file", "component", "id", "item", "name", "side", "copy", "copies", "width_px", "height_px", "trim_mm", "bleed_mm", "dpi")


@dataclass
class Export:
    """What an export produced: files (relative name → bytes), measurements for people, and what to do next."""

    folder: Path
    files: StagedFolder = field(init=False)  # written as they come; in `folder` once the export has no error
    notes: list = field(default_factory=list)
    seconds: float = 0.0
    next_step: str = ""

    def __post_init__(self):
        self.files = StagedFolder(self.folder)

    @property
    def size(self) -> int:
        return self.files.size


def bleed_mm(value: str) -> float:
    """A bleed option ('1/8in', '3mm', '0') in mm."""
    if value not in BLEEDS:
        raise ValueError(f"bleed must be one of {', '.join(BLEEDS)}; got '{value}'")
    return BLEEDS[value]


@paused
def export_game(gctx: GameContext, fmt: str, folder: Path, *, bleed: str = "1/8in", dpi: int = 300, decks=(), base_url: str | None = None,
                rel=str) -> tuple[Export, list[Finding]]:
    """Render, check and write one export of a game into `folder` (replaced whole)."""
    started = time.perf_counter()
    game = gctx.game
    findings: list[Finding] = []
    result = Export(folder)
    where = lambda name: f"{rel(folder)}/{name}"  # noqa: E731
    try:
        if fmt == "png":
            _png_target(gctx, bleed_mm(bleed), dpi, tuple(decks), result, findings, where)
        elif fmt == "tts":
            _tts_target(gctx, tuple(decks), base_url, result, findings, where)
        elif fmt == "pod":
            _pod_target(gctx, tuple(decks), result, findings, where)
        else:
            raise ValueError(f"unknown export format '{fmt}'")
        if not result.files and not any(f.severity == "error" for f in findings):
            findings.append(error("export-empty", "nothing to export" + (f" (asked for {', '.join(decks)})" if decks else ""), Loc(game.rel), game=game.slug))
        findings = [f if f.game else dataclasses.replace(f, game=game.slug) for f in findings]
        if any(f.severity == "error" for f in findings):
            result.files.discard()
            return result, findings
        result.files.commit()
    except BaseException:
        result.files.discard()
        raise
    result.seconds = time.perf_counter() - started
    return result, findings


# Rendering ------------------------------------------------------------------

def raster(gctx: GameContext, faces: list[Face], size_px: tuple[int, int], px_per_mm: float) -> Iterator[Image.Image]:
    """Each face as an RGB image of exactly `size_px`, its trim centred, at `px_per_mm`, one at a time.

    The page is the pixel box itself; art past it (the extra bleed) is cut off,
    so a fraction of a pixel is lost to rounding, never stretched. The images
    come as they are rendered, for the caller to encode and let go: a deck's
    faces at 300 dpi, held at once, took 3.9 MB a card (2 GB for 500 cards)."""
    game = gctx.game
    import pypdfium2 as pdfium

    page_pt = (size_px[0] / px_per_mm * K, size_px[1] / px_per_mm * K)
    c, buf = new_canvas(page_pt, gctx.body_font, f"{game.title} — export", "export")
    drawer = FaceDrawer(c, gctx.icons)
    uses = Counter(faces)
    for face in faces:
        drawer.draw_face(face, (page_pt[0] - face.w * K) / 2, (page_pt[1] - face.h * K) / 2, reused=uses[face] > 1)
        c.showPage()
    drawer.shared.finish()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        for i in range(len(doc)):
            page = doc[i]
            scale = size_px[0] / page.get_width() * (1 - 1e-9)  # pdfium rounds sizes up
            image = page.render(scale=scale).to_pil().convert("RGB")
            page.close()
            if image.size != size_px and image.width >= size_px[0] and image.height >= size_px[1]:
                image = image.crop((0, 0, *size_px))  # a pixel's rounding, cropped, never resized
            yield image
    finally:
        doc.close()


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buf, format="PNG", compress_level=6, **extra)
    return buf.getvalue()


def _distinct(faces) -> list[Face]:
    return list(dict.fromkeys(f for f in faces if f is not None))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def _size_text(trim: tuple[float, float]) -> str:
    return f"{trim[0]:g} × {trim[1]:g}"


# PNG for print services --------------------------------------------------------

def png_size(trim_mm: tuple[float, float], bleed: float, dpi: int) -> tuple[int, int]:
    """Pixel size of an image: trim plus bleed on each side, at `dpi`.

    At 300 dpi this gives the services' published templates: The Game Crafter (1/8 in bleed) poker 825 × 1125,
    mini 600 × 825, tarot 900 × 1500; MakePlayingCards (36 px, 3.048 mm, bleed) poker 822 × 1122."""
    return tuple(round((v + 2 * bleed) * dpi / 25.4) for v in trim_mm)


def _png_target(gctx: GameContext, bleed: float, dpi: int, decks: tuple, result: Export, findings: list, where) -> None:
    """Every component as print-service images, and manifest.csv listing them in upload order."""
    rows: list[dict] = []
    for component in collect(gctx, bleed + EXTRA_BLEED_MM, findings, decks):
        _png_component(gctx, component, bleed, dpi, result, findings, where, rows)
    if rows:
        result.files["manifest.csv"] = manifest_csv(rows)
    result.next_step = (f"png: upload the images of each component to your print service in manifest.csv's order, fronts then backs "
                        f"({bleed:g} mm bleed: The Game Crafter takes --bleed 1/8in, MakePlayingCards --bleed 3mm)")


def png_folder(component: Component) -> str:
    """Where a component's images go: cards/<deck>, boards, tokens/<set>, player-aids."""
    return {"cards": f"cards/{component.id}", "tokens": f"tokens/{component.id}"}.get(component.kind, component.kind)


def _png_component(gctx, component: Component, bleed: float, dpi: int, result: Export, findings: list, where, rows: list) -> None:
    trim = printed_trim(component, bleed)
    size = png_size(trim, bleed, dpi)
    folder = png_folder(component)
    if size[0] * size[1] > MAX_IMAGE_PIXELS:
        findings.append(error("export-too-large", f"{component.name} would be {size[0]} × {size[1]} px at {dpi} dpi, over {MAX_IMAGE_PIXELS:,} pixels: "
                              f"export with a lower --dpi", Loc(where(folder))))
        return
    sides = {item: printed_sides(component, item, bleed) for item in component.items}
    faces = _distinct(f for pair in sides.values() for f in pair)
    names: dict[Face, list[str]] = {}  # each face's files, the first one checked
    for side_index, side in enumerate(("front", "back")):  # every front, then every back: the order upload pages ask for
        for item in component.items:
            face = sides[item][side_index]
            if face is None:
                continue
            for copy in range(1, item.copies + 1):
                name = f"{folder}/{component.stem(item)}-{copy}-{side}.png"
                names.setdefault(face, []).append(name)
                rows.append({"file": name, "component": component.kind, "id": component.id, "item": item.id, "name": item.name, "side": side,
                             "copy": copy, "copies": item.copies, "width_px": size[0], "height_px": size[1],
                             "trim_mm": f"{trim[0]:g} x {trim[1]:g}", "bleed_mm": f"{bleed:g}", "dpi": dpi})

    def written(face: Face, data: bytes) -> None:
        """A face's image, encoded: its files are written at once, and the bytes are not kept."""
        for name in names[face]:
            result.files[name] = data
        findings.extend(check_png(data, where(names[face][0]), size, dpi))

    with PngEncoder(functools.partial(png_bytes, dpi=dpi)) as encoder:
        for face, image in zip(faces, raster(gctx, faces, size, dpi / 25.4), strict=True):
            encoder.add(image, functools.partial(written, face))
    label = f"{folder}/{component.id}" if component.kind == "boards" else folder
    result.notes.append(f"{label}: {component.copies} {_noun(component)}, {size[0]} × {size[1]} px ({_size_text(trim)} mm) at {dpi} dpi "
                        f"with {bleed:g} mm bleed")


def _noun(component: Component) -> str:
    return {"cards": "cards", "boards": "board", "tokens": "tokens", "player-aids": "player-aid cards"}[component.kind]


def manifest_csv(rows: list[dict]) -> bytes:
    """The manifest: one row per file, in upload order."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, MANIFEST_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")


# Tabletop Simulator -----------------------------------------------------------

def tts_grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `cards` faces plus the hidden-card cell."""
    cells = cards + 1
    rows = max(2, math.ceil(cells / TTS_MAX_COLUMNS))  # TTS's import dialog takes 2–10 columns and 2–7 rows
    return max(2, math.ceil(cells / rows)), rows


def tts_cell(card_mm: tuple[float, float], cols: int, rows: int) -> tuple[int, int, float]:
    """Cell size in px (and px per mm) so that the sheet stays under 4096 px a side, at most 300 dpi."""
    w, h = card_mm
    px_per_mm = min(TTS_MAX_DPI / 25.4, (TTS_MAX_PX - 1) / (cols * w), (TTS_MAX_PX - 1) / (rows * h))
    cw, ch = math.floor(w * px_per_mm), math.floor(h * px_per_mm)
    return cw, ch, px_per_mm


def tts_image_size(trim_mm: tuple[float, float]) -> tuple[tuple[int, int], float]:
    """Pixel size (and px per mm) of a board or token image: at most 300 dpi, under 4096 px a side."""
    px_per_mm = min(TTS_MAX_DPI / 25.4, (TTS_MAX_PX - 1) / max(trim_mm))
    return (math.floor(trim_mm[0] * px_per_mm), math.floor(trim_mm[1] * px_per_mm)), px_per_mm


def tts_save_name(slug: str) -> str:
    return f"{slug}-tts-save.json"


def _tts_target(gctx: GameContext, decks: tuple, base_url: str | None, result: Export, findings: list, where) -> None:
    """Deck sheets, board and token images, a saved object per deck, and one save with the whole game on the table."""
    game = gctx.game
    url = _url_for(result.folder, base_url)
    placed: list[tuple[dict, tuple[float, float]]] = []
    next_key = 1  # CustomDeck keys are unique across the save, so decks never share a card id
    for component in collect(gctx, EXTRA_BLEED_MM, findings, decks):
        if component.deck_like:
            obj, next_key = _tts_deck(gctx, component, next_key, url, result, findings, where)
            _warn_unnamed(gctx, component, findings)
        elif component.kind == "boards":
            obj = _tts_board(gctx, component, url, result, findings, where)
        else:
            obj = _tts_tokens(gctx, component, url, result, findings, where)
        placed.append((obj, tts.footprint(obj, component.trim)))
    if not placed:
        return
    where_from = f"hosted under {base_url}" if base_url else "files on this machine (file://): the save works on this machine only"
    note = f"{game.title}, exported by pnp. Images: {where_from}."
    save = tts.save_file(game.title, note, tts.lay_out(placed))
    name = tts_save_name(game.slug)
    result.files[name] = json.dumps(save, indent=2, ensure_ascii=False).encode("utf-8")
    result.notes.append(f"{name}: {len(placed)} objects on the table ({_count_kinds(placed)})")
    if base_url:
        result.next_step = (f"tts: upload the folder's images so that {base_url.rstrip('/')}/<file> serves each one, then copy {name} into "
                            f"Tabletop Simulator's Saves folder and load it")
    else:
        result.next_step = (f"tts: copy {name} into Tabletop Simulator's Saves folder and load it; its images are files on this machine, "
                            f"so it works on this machine only: to share it, host the folder and export with --base-url URL")


def _count_kinds(placed) -> str:
    counts = Counter(o["Name"] for o, _ in placed)
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())


def _url_for(folder: Path, base_url: str | None):
    """Image URL of a file in the export: under the base URL the user uploads to, else the file on this machine."""
    if base_url:
        base = base_url.rstrip("/")
        return lambda name: f"{base}/{quote(name)}"
    return lambda name: (folder / name).resolve().as_uri()


def _warn_unnamed(gctx: GameContext, component: Component, findings: list) -> None:
    """A deck whose cards have none of the name fields shows ids in Tabletop Simulator: say how to name them."""
    deck = gctx.game.decks.get(component.id) if component.kind == "cards" else None
    if deck is None or any(item.name != item.id for item in component.items):
        return
    fields = ", ".join(deck.name_field)
    findings.append(warning("tts-card-names", f"no card of deck '{deck.id}' has a {fields} field, so Tabletop Simulator names the cards by id: "
                            f"name the field holding each card's title with name_field: (for example name_field: title)", deck.data.loc, game=gctx.game.slug))


def _tts_deck(gctx, component: Component, first_key: int, url, result: Export, findings: list, where) -> tuple[dict, int]:
    """Sheets of at most 69 cards, a back, a saved object for the deck; returns the deck object and the next free CustomDeck key."""
    items = component.items
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1  # 69: the last cell shows hidden cards
    chunks = [items[i : i + per_sheet] for i in range(0, len(items), per_sheet)]
    grids = [tts_grid(len(chunk)) for chunk in chunks]
    cw, ch, px_per_mm = tts_cell(component.trim, max(g[0] for g in grids), max(g[1] for g in grids))
    backs = Counter(item.back for item in items if item.back is not None)
    common_back = backs.most_common(1)[0][0] if backs else None
    unique_backs = len(backs) > 1 or (common_back is not None and any(item.back is None for item in items))
    faces = _distinct(f for item in items for f in (item.front, item.back))
    images = _Images(faces, raster(gctx, faces, (cw, ch), px_per_mm), chunks, keep=common_back)
    blank = Image.new("RGB", (cw, ch), "#d0d0d0")
    back_name = f"{component.id}-back.png"
    sheets, cards, objects = [], [], []

    def kept(name: str, cols: int, rows: int):
        """Where a sheet's bytes go once encoded: its file, checked."""
        def keep(data: bytes) -> None:
            result.files[name] = data
            findings.extend(check_tts_sheet(data, where(name), cols, rows, (cw, ch)))
        return keep

    with PngEncoder(png_bytes) as encoder:
        hidden = images[common_back] if common_back is not None else blank
        if common_back is not None:
            encoder.add(hidden, functools.partial(result.files.__setitem__, back_name))
        for key, (chunk, (cols, rows)) in enumerate(zip(chunks, grids, strict=False), first_key):
            n = key - first_key + 1
            fronts = Image.new("RGB", (cols * cw, rows * ch), "white")
            backs_sheet = Image.new("RGB", (cols * cw, rows * ch), "white") if unique_backs else None
            for i, item in enumerate(chunk):
                r, c = divmod(i, cols)
                fronts.paste(images[item.front], (c * cw, r * ch))
                if backs_sheet is not None:
                    backs_sheet.paste(images[item.back] if item.back is not None else blank, (c * cw, r * ch))
                cards.append({"id": item.id, "name": item.name, "count": item.copies, "sheet": key, "index": i, "tts_id": key * 100 + i})
            images.done_with(n - 1)
            last = cols * rows - 1
            fronts.paste(hidden, ((last % cols) * cw, (last // cols) * ch))
            face_name = f"{component.id}-{n}.png"
            encoder.add(fronts, kept(face_name, cols, rows))
            sheet = {"file": face_name, "key": key, "columns": cols, "rows": rows, "cards": len(chunk), "copies": sum(i.copies for i in chunk),
                     "width": cols * cw, "height": rows * ch, "hidden_cell": last}
            if backs_sheet is not None:
                sheet["back_file"] = f"{component.id}-backs-{n}.png"
                encoder.add(backs_sheet, kept(sheet["back_file"], cols, rows))
            else:
                sheet["back_file"] = back_name if common_back is not None else None
            sheets.append(sheet)
            objects.append(tts.Sheet(key, url(face_name), url(sheet["back_file"]) if sheet["back_file"] else "", cols, rows, unique_backs))
    summary = {"deck": component.id, "name": component.name, "card_mm": list(component.trim), "cell_px": [cw, ch], "dpi": round(px_per_mm * 25.4, 1),
               "back": back_name if common_back is not None else None, "unique_backs": unique_backs, "sheets": sheets, "cards": cards,
               "faces": len(items), "total": sum(c["count"] for c in cards)}
    deck = tts.deck_object(f"{gctx.game.title}: {component.name}", component.trim, objects, [(c["name"], c["tts_id"], c["count"]) for c in cards])
    saved = {"SaveName": f"{gctx.game.title}: {component.name}", "ObjectStates": [deck], "pnp": summary}
    result.files[f"{component.id}.json"] = json.dumps(saved, indent=2, ensure_ascii=False).encode("utf-8")
    grids_text = " and ".join(f"{s['columns']} × {s['rows']}" for s in sheets)
    result.notes.append(f"{component.id}: {len(sheets)} sheet{'s' * (len(sheets) != 1)} of {grids_text}, "
                        f"cells {cw} × {ch} px ({summary['dpi']:g} dpi), {_count(summary['faces'], 'face')}, {_count(summary['total'], 'card')}")
    return deck, first_key + len(chunks)


class _Images:
    """A deck's face images for its Tabletop Simulator sheets, rendered as the sheets first ask for them and let go
    after the last sheet that shows them (a 2,000-card deck's cells held at once took 1.4 GB)."""

    def __init__(self, faces: list[Face], images: Iterator[Image.Image], chunks: list[list], keep: Face | None):
        self._coming = zip(faces, images, strict=True)  # in the order the sheets' cards first show them
        self._held: dict[Face, Image.Image] = {}
        self._last: dict[Face, int] = {}  # face → the last sheet (chunk index) that shows it
        for number, chunk in enumerate(chunks):
            for item in chunk:
                for face in (item.front, item.back):
                    if face is not None:
                        self._last[face] = number
        if keep is not None:
            self._last[keep] = len(chunks)  # the common back: every sheet's hidden cell

    def __getitem__(self, face: Face) -> Image.Image:
        while face not in self._held:
            coming, image = next(self._coming)
            self._held[coming] = image
        return self._held[face]

    def done_with(self, number: int) -> None:
        """Let go of the images no sheet after sheet `number` shows."""
        for face in [f for f in self._held if self._last.get(f, -1) <= number]:
            del self._held[face]


def _tts_image(gctx, face: Face, trim: tuple[float, float], shape: str | None = None) -> tuple[Image.Image, tuple[int, int]]:
    """A board or token face at its trim for TTS; with `shape`, transparent outside a token's outline."""
    size, px_per_mm = tts_image_size(trim)
    image = next(raster(gctx, [face], size, px_per_mm))
    if shape is not None:
        image.putalpha(token_mask(shape, size))
    return image, size


def token_mask(shape: str, size: tuple[int, int]) -> Image.Image:
    """An 8-bit mask of a token's outline filling `size`: opaque inside, transparent outside (TTS cuts custom tokens by it)."""
    s = TOKEN_MASK_SUPERSAMPLE
    w, h = size[0] * s, size[1] * s
    mask = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(mask)
    if shape == "circle":
        draw.ellipse((0, 0, w - 1, h - 1), fill=255)
    elif shape == "hexagon":
        r = w / 2
        draw.polygon([(w / 2 + r * math.cos(math.radians(a)), h / 2 + r * math.sin(math.radians(a))) for a in range(0, 360, 60)], fill=255)
    elif shape == "rounded":
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=0.15 * min(w, h), fill=255)
    else:
        draw.rectangle((0, 0, w - 1, h - 1), fill=255)
    return mask.resize(size, Image.Resampling.LANCZOS)


def _tts_board(gctx, component: Component, url, result: Export, findings: list, where) -> dict:
    item = component.items[0]
    image, size = _tts_image(gctx, item.front, component.trim)
    name = f"boards/{component.id}.png"
    data = result.files[name] = png_bytes(image)
    findings.extend(check_tts_image(data, where(name), size))
    result.notes.append(f"{name}: {size[0]} × {size[1]} px, a custom board of {_size_text(component.trim)} mm")
    return tts.board_object(component.name, url(name), component.trim)


def _tts_tokens(gctx, component: Component, url, result: Export, findings: list, where) -> dict:
    """Each token face as images, each copy as a TTS object (token, tile or figurine), the set in a bag."""
    objects = []
    for item in component.items:
        def image(face: Face, side: str, shape: str | None = None, item=item) -> str:
            img, size = _tts_image(gctx, face, component.trim, shape)
            name = f"tokens/{component.id}/{component.stem(item)}-{side}.png"
            data = result.files[name] = png_bytes(img)
            findings.extend(check_tts_image(data, where(name), size, alpha=shape is not None))
            return url(name)

        if component.shape == "standee":
            front = image(item.front, "front")
            obj = tts.figurine_object(item.name, front, image(item.back, "back") if item.back is not None else front, component.trim)
        elif item.back is None:
            obj = tts.token_object(item.name, image(item.front, "front", component.shape), component.trim)
        else:
            obj = tts.tile_object(item.name, image(item.front, "front"), image(item.back, "back"), component.shape, component.trim)
        objects += [obj] * item.copies
    kinds = ", ".join(sorted({o["Name"] for o in objects}))
    result.notes.append(f"tokens/{component.id}: {_count(len(component.items), 'face')}, {_count(len(objects), 'piece')} ({kinds}), {_size_text(component.trim)} mm")
    return objects[0] if len(objects) == 1 else tts.bag_object(component.name, objects)


# Print-on-demand PDF --------------------------------------------------------------

def pod_file_name(slug: str, component: Component) -> str:
    return {"cards": f"{slug}-{component.id}.pdf", "boards": f"{slug}-board-{component.id}.pdf",
            "tokens": f"{slug}-tokens-{component.id}.pdf", "player-aids": f"{slug}-player-aids.pdf"}[component.kind]


def _pod_target(gctx: GameContext, decks: tuple, result: Export, findings: list, where) -> None:
    """One print-on-demand PDF per deck, board, token set and the player aids."""
    for component in collect(gctx, POD_BLEED_MM, findings, decks):
        pages = [face for item in component.items for _ in range(item.copies) for face in printed_sides(component, item, POD_BLEED_MM) if face is not None]
        _pod_file(gctx, pod_file_name(gctx.game.slug, component), component.name, printed_trim(component, POD_BLEED_MM), pages, result, findings, where,
                  expect_text=component.kind == "cards")
    result.next_step = ("pod: upload each PDF to DriveThruCards or The Game Crafter as its component's print file "
                        "(CMYK PDF/X-1a, 1/8 in bleed, one side per page, front before back)")


def _pod_file(gctx, name: str, title: str, trim: tuple[float, float], pages: list[Face], result: Export, findings: list, where,
              expect_text: bool = True) -> None:
    """One PDF, a page per face at trim plus 1/8 in bleed, CMYK, checked before it is kept."""
    game = gctx.game
    w, h = trim
    b = POD_BLEED_MM
    page = ((w + 2 * b) * K, (h + 2 * b) * K)
    c, buf = new_canvas(page, gctx.body_font, f"{game.title} — {title}", f"{title}: print-on-demand file, CMYK, 1/8 in bleed")
    c.setTrimBox((b * K, b * K, (w + b) * K, (h + b) * K))
    c.setBleedBox((0, 0, *page))
    rl.mark_pdfx(c, "PDF/X-1a:2003", PDFX_CONDITION)
    drawer = FaceDrawer(c, gctx.icons, colour_filter=cmyk, face_filter=key_small_type)
    uses = Counter(pages)
    for face in pages:
        drawer.draw_face(face, b * K, b * K, reused=uses[face] > 1)
        c.showPage()
    drawer.shared.finish()
    c.save()
    data = buf.getvalue()
    findings.extend(check_pod_pdf(data, where(name), trim, b, len(pages), expect_text=expect_text))
    result.files[name] = data
    result.notes.append(f"{name}: {_count(len(pages), 'page')} of {w + 2 * b:.2f} × {h + 2 * b:.2f} mm (trim {w:g} × {h:g}), {len(data) / 1024:.0f} KB")


def key_small_type(face: Face) -> Face:
    """The face with its small dark text, hairlines and small symbols in neutral grey of the same darkness, which the
    CMYK conversion (full grey-component replacement) prints on the K plate alone."""
    return face._replace(elements=_keyed(face.elements, 1.0))


def _keyed(elements, scale: float) -> tuple:
    out = []
    for el in elements:
        match el:
            case Text(ops=ops):
                el = el._replace(ops=tuple(op._replace(color=key_grey(op.color)) if op.color and _small(op, scale) else op for op in ops))
            case Line(stroke=stroke, stroke_width=width) if width * scale < K_ONLY_RULE_MM:
                el = el._replace(stroke=key_grey(stroke))
            case Rect(stroke=stroke, stroke_width=width) | Circle(stroke=stroke, stroke_width=width) | Ellipse(stroke=stroke, stroke_width=width) | \
                    Polygon(stroke=stroke, stroke_width=width) if stroke and width * scale < K_ONLY_RULE_MM:
                el = el._replace(stroke=key_grey(stroke))
            case Icon(color=colour, w=w, h=h) if colour and max(w, h) * scale < K_ONLY_ICON_MM:
                el = el._replace(color=key_grey(colour))
            case Group(children=children, scale=inner):
                el = el._replace(children=_keyed(children, scale * inner))
        out.append(el)
    return tuple(out)


def _small(op, scale: float) -> bool:
    """A run of type under 12 pt, or an inline icon under the size of a small symbol."""
    if type(op) is TextOp:
        return op.size * scale < K_ONLY_TEXT_PT
    return op.size * scale / K < K_ONLY_ICON_MM


@lru_cache(maxsize=4096)
def key_grey(hex_value: str) -> str:
    """A dark, nearly neutral colour as the neutral grey of its lightness (CIE L*); any other colour unchanged."""
    from coloraide import Color

    lab = Color(hex_value[:7]).convert("lab")
    lightness, a, b = lab["lightness"], lab["a"], lab["b"]
    chroma = math.hypot(a, b)
    greyish = lightness < KEY_GREY_LIGHTNESS and chroma < KEY_GREY_CHROMA
    if not (greyish or (lightness < NEAR_BLACK[0] and chroma < NEAR_BLACK[1])):
        return hex_value
    grey = Color("lab", [lightness, 0, 0]).convert("srgb").fit("srgb")
    level = max(0, min(255, round((grey["red"] + grey["green"] + grey["blue"]) / 3 * 255)))
    return f"#{level:02x}{level:02x}{level:02x}{hex_value[7:9]}"


# Writing ----------------------------------------------------------------------------

class StagedFolder:
    """An export's files (relative name → bytes), each written as it comes into a temporary folder beside `folder`,
    which `commit` puts in `folder`'s place whole.

    Readers see the old export or the new one, never a mixture, and the bytes
    are not held: a deck's encoded images at 300 dpi took as much memory as
    the export takes disk. A file with the bytes of one written before (a
    card's copies, a shared back) is a hard link to it."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._tmp: Path | None = None
        self._sizes: dict[str, int] = {}
        self._by_digest: dict[str, Path] = {}

    def __setitem__(self, name: str, data: bytes) -> None:
        path = self._staging() / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)  # a name written again gets the new bytes, never through a link to other files
        self._sizes[name] = len(data)
        digest = hashlib.sha256(data).hexdigest()
        first = self._by_digest.get(digest)
        if first is not None:
            with contextlib.suppress(OSError):  # a file system without hard links: written in full below
                os.link(first, path)
                return
        path.write_bytes(data)
        self._by_digest.setdefault(digest, path)

    def __len__(self) -> int:
        return len(self._sizes)

    @property
    def size(self) -> int:
        return sum(self._sizes.values())

    def _staging(self) -> Path:
        if self._tmp is None:
            self.folder.parent.mkdir(parents=True, exist_ok=True)
            self._tmp = Path(tempfile.mkdtemp(dir=self.folder.parent, prefix=f".{self.folder.name}-", suffix=".tmp"))
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self._tmp, 0o777 & ~umask)
        return self._tmp

    def commit(self) -> None:
        """Put the files in `folder`'s place: the old folder is moved aside, the new one renamed in, the old removed."""
        tmp, old = self._staging(), None
        try:
            if self.folder.exists():
                old = Path(tempfile.mkdtemp(dir=self.folder.parent, prefix=f".{self.folder.name}-old-", suffix=".tmp"))
                os.rename(self.folder, old / self.folder.name)
            os.rename(tmp, self.folder)
            self._tmp = None
        except BaseException:
            if old is not None and (old / self.folder.name).exists() and not self.folder.exists():
                os.rename(old / self.folder.name, self.folder)
            self.discard()
            raise
        finally:
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)

    def discard(self) -> None:
        """Remove what was written: the export failed, and `folder` stays as it was."""
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
