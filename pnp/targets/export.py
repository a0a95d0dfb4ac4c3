"""Exports for print services and Tabletop Simulator, from the same faces as the sheets.

  png  one RGB PNG per card copy and side, trim plus bleed at `dpi`
       (poker at 300 dpi: 825 × 1125 px with 1/8 in bleed, 822 × 1122 with 3 mm);
  tts  deck sheets of at most 10 × 7 cells under 4096 px, the last cell the
       hidden-card image, a back image and a JSON per deck (a TTS saved object);
  pod  one PDF per deck, one card side per page, TrimBox and BleedBox, CMYK
       colours within 240 % ink, fonts embedded, PDF/X-1a:2003 keys.

Bleed always comes from the layout (art drawn past the trim), never from
stretching: faces render with a little more bleed than asked and each page is
cut to the exact pixel size. Every file is checked (pnp.preflight) in memory;
then the whole folder appears at once, or not at all.
"""
from __future__ import annotations

import dataclasses
import io
import json
import math
import os
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pnp.outputs.cards import render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.core.collector import paused
from pnp.render.draw import FaceDrawer, cmyk
from pnp.core.errors import Finding, Loc, error
from pnp.layout.elements import Face
from pnp.render.pdf import new_canvas
from pnp.targets.preflight import TTS_MAX_COLUMNS, TTS_MAX_PX, TTS_MAX_ROWS, check_png, check_pod_pdf, check_tts_sheet
from pnp.core.units import PT_PER_MM

K = PT_PER_MM
FORMATS = ("png", "tts", "pod")
# Bleed per side, by the name print services use. MakePlayingCards' "3 mm" is
# 36 px at 300 dpi (822 × 1122 for poker), i.e. 0.12 in.
BLEEDS = {"1/8in": 3.175, "3mm": 3.048, "0": 0.0}
POD_BLEED_MM = 3.175  # DriveThruCards and The Game Crafter: 1/8 in
EXTRA_BLEED_MM = 0.5  # rendered past the asked bleed, so pixel rounding never shows paper
TTS_MAX_DPI = 300
PDFX_CONDITION = ("CGATS TR 001", "U.S. Web Coated (SWOP) v2")  # a registered characterisation; no ICC profile embedded


@dataclass
class _ExportOptions(Options):
    export_bleed: float = 0.0

    @property
    def bleed_mm(self) -> float:
        return self.export_bleed


@dataclass
class Export:
    """What an export produced: files (relative name → bytes), and measurements for people."""

    folder: Path
    files: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def size(self) -> int:
        return sum(len(d) for d in self.files.values())


def bleed_mm(value: str) -> float:
    """A bleed option ('1/8in', '3mm', '0') in mm."""
    if value not in BLEEDS:
        raise ValueError(f"bleed must be one of {', '.join(BLEEDS)}; got '{value}'")
    return BLEEDS[value]


@paused
def export_game(gctx: GameContext, fmt: str, folder: Path, *, bleed: str = "1/8in", dpi: int = 300, decks=(), rel=str) -> tuple[Export, list[Finding]]:
    """Render, check and write one export of a game into `folder` (replaced whole)."""
    started = time.perf_counter()
    game = gctx.game
    findings: list[Finding] = []
    result = Export(folder)
    chosen = [d for d in game.decks.values() if not decks or d.id in decks]
    if not chosen:
        return result, [error("export-empty", "no decks to export" + (f" (asked for {', '.join(decks)})" if decks else ""), Loc(game.rel + "/decks"), game=game.slug)]
    where = lambda name: f"{rel(folder)}/{name}"  # noqa: E731
    for deck in chosen:
        if fmt == "png":
            _png_deck(gctx, deck, bleed_mm(bleed), dpi, result, findings, where)
        elif fmt == "tts":
            _tts_deck(gctx, deck, result, findings, where)
        elif fmt == "pod":
            _pod_deck(gctx, deck, result, findings, where)
        else:
            raise ValueError(f"unknown export format '{fmt}'")
    findings = [f if f.game else dataclasses.replace(f, game=game.slug) for f in findings]
    if any(f.severity == "error" for f in findings):
        return result, findings
    write_tree(folder, result.files)
    result.seconds = time.perf_counter() - started
    return result, findings


# Rendering ------------------------------------------------------------------

def _rendered(gctx, deck, bleed: float, findings) -> list[tuple]:
    options = _ExportOptions(export_bleed=bleed)
    return [(card, front, back) for card, front, back in render_deck(gctx, deck, options, findings) if front is not None]


def raster(gctx: GameContext, faces: list[Face], size_px: tuple[int, int], px_per_mm: float) -> list[Image.Image]:
    """Each face as an RGB image of exactly `size_px`, its trim centred, at `px_per_mm`.

    The page is the pixel box itself; art past it (the extra bleed) is cut off,
    so a fraction of a pixel is lost to rounding, never stretched."""
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
    images = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            scale = size_px[0] / page.get_width() * (1 - 1e-9)  # pdfium rounds sizes up
            image = page.render(scale=scale).to_pil().convert("RGB")
            page.close()
            if image.size != size_px and image.width >= size_px[0] and image.height >= size_px[1]:
                image = image.crop((0, 0, *size_px))  # a pixel's rounding, cropped, never resized
            images.append(image)
    finally:
        doc.close()
    return images


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buf, format="PNG", compress_level=6, **extra)
    return buf.getvalue()


# PNG for print services --------------------------------------------------------

def png_size(card_mm: tuple[float, float], bleed: float, dpi: int) -> tuple[int, int]:
    """Pixel size of a card image: trim plus bleed on each side, at `dpi`."""
    return tuple(round((v + 2 * bleed) * dpi / 25.4) for v in card_mm)


def _png_deck(gctx, deck, bleed, dpi, result: Export, findings, where) -> None:
    rendered = _rendered(gctx, deck, bleed + EXTRA_BLEED_MM, findings)
    if not rendered:
        return
    size = png_size(deck.size, bleed, dpi)
    faces = list(dict.fromkeys(f for _, front, back in rendered for f in (front, back) if f is not None))
    encoded = {face: png_bytes(img, dpi) for face, img in zip(faces, raster(gctx, faces, size, dpi / 25.4))}
    checked = set()
    for card, front, back in rendered:
        for copy in range(1, card.count + 1):
            for side, face in (("front", front), ("back", back)):
                if face is None:
                    continue
                name = f"{deck.id}/{deck.id}-{card.id}-{copy}-{side}.png"
                result.files[name] = encoded[face]
                if face not in checked:
                    checked.add(face)
                    findings.extend(check_png(encoded[face], where(name), size, dpi))
    result.notes.append(f"{deck.id}: {deck.total} cards, {size[0]} × {size[1]} px at {dpi} dpi with {bleed:g} mm bleed")


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


def _tts_deck(gctx, deck, result: Export, findings, where) -> None:
    game = gctx.game
    rendered = _rendered(gctx, deck, EXTRA_BLEED_MM, findings)
    if not rendered:
        return
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1  # 69: the last cell shows hidden cards
    chunks = [rendered[i : i + per_sheet] for i in range(0, len(rendered), per_sheet)]
    grids = [tts_grid(len(chunk)) for chunk in chunks]
    cw, ch, px_per_mm = tts_cell(deck.size, max(g[0] for g in grids), max(g[1] for g in grids))
    backs = Counter(back for _, _, back in rendered if back is not None)
    common_back = backs.most_common(1)[0][0] if backs else None
    unique_backs = len(backs) > 1 or (common_back is not None and any(back is None for _, _, back in rendered))
    faces = list(dict.fromkeys([f for _, front, back in rendered for f in (front, back) if f is not None]))
    images = dict(zip(faces, raster(gctx, faces, (cw, ch), px_per_mm)))
    blank = Image.new("RGB", (cw, ch), "#d0d0d0")
    hidden = images[common_back] if common_back is not None else blank
    back_name = f"{deck.id}-back.png"
    if common_back is not None:
        result.files[back_name] = png_bytes(images[common_back])
    sheets, cards, ids = [], [], []
    for n, (chunk, (cols, rows)) in enumerate(zip(chunks, grids), 1):
        fronts = Image.new("RGB", (cols * cw, rows * ch), "white")
        backs_sheet = Image.new("RGB", (cols * cw, rows * ch), "white") if unique_backs else None
        for i, (card, front, back) in enumerate(chunk):
            r, c = divmod(i, cols)
            fronts.paste(images[front], (c * cw, r * ch))
            if backs_sheet is not None:
                backs_sheet.paste(images[back] if back is not None else blank, (c * cw, r * ch))
            tts_id = n * 100 + i
            cards.append({"id": card.id, "name": str(card.fields.get("name", card.id)), "count": card.count, "sheet": n, "index": i, "tts_id": tts_id})
            ids += [tts_id] * card.count
        last = cols * rows - 1
        fronts.paste(hidden, ((last % cols) * cw, (last // cols) * ch))
        face_name = f"{deck.id}-{n}.png"
        result.files[face_name] = png_bytes(fronts)
        findings.extend(check_tts_sheet(result.files[face_name], where(face_name), cols, rows, (cw, ch)))
        sheet = {"file": face_name, "columns": cols, "rows": rows, "cards": len(chunk), "copies": sum(c.count for c, _, _ in chunk),
                 "width": cols * cw, "height": rows * ch, "hidden_cell": last}
        if backs_sheet is not None:
            sheet["back_file"] = f"{deck.id}-backs-{n}.png"
            result.files[sheet["back_file"]] = png_bytes(backs_sheet)
            findings.extend(check_tts_sheet(result.files[sheet["back_file"]], where(sheet["back_file"]), cols, rows, (cw, ch)))
        else:
            sheet["back_file"] = back_name if common_back is not None else None
        sheets.append(sheet)
    summary = {"deck": deck.id, "name": deck.name, "card_mm": list(deck.size), "cell_px": [cw, ch], "dpi": round(px_per_mm * 25.4, 1),
               "back": back_name if common_back is not None else None, "unique_backs": unique_backs, "sheets": sheets, "cards": cards,
               "faces": len(rendered), "total": sum(c["count"] for c in cards)}
    result.files[f"{deck.id}.json"] = json.dumps(_tts_saved_object(game, deck, summary, ids, result.folder), indent=2).encode("utf-8")
    grids_text = " and ".join(f"{s['columns']} × {s['rows']}" for s in sheets)
    result.notes.append(f"{deck.id}: {len(sheets)} sheet{'s' * (len(sheets) != 1)} of {grids_text}, "
                        f"cells {cw} × {ch} px ({summary['dpi']:g} dpi), {summary['faces']} faces, {summary['total']} cards")


def _tts_saved_object(game, deck, summary: dict, ids: list[int], folder: Path) -> dict:
    """A Tabletop Simulator saved object (Saved Objects folder) holding the deck, plus pnp's summary.

    Image URLs point at the files where they are written; upload them with
    TTS's Cloud Manager to share the deck with other players."""
    url = lambda name: (folder / name).resolve().as_uri() if name else ""  # noqa: E731
    custom = {}
    for s in summary["sheets"]:
        n = int(s["file"].rsplit("-", 1)[1].split(".")[0])
        custom[str(n)] = {"FaceURL": url(s["file"]), "BackURL": url(s["back_file"]), "NumWidth": s["columns"], "NumHeight": s["rows"],
                          "BackIsHidden": False, "UniqueBack": bool(summary["unique_backs"]), "Type": 0}
    transform = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180, "scaleX": 1, "scaleY": 1, "scaleZ": 1}
    contained = []
    for card in summary["cards"]:
        for _ in range(card["count"]):
            contained.append({"Name": "Card", "Nickname": card["name"], "CardID": card["tts_id"], "Transform": transform,
                              "CustomDeck": {str(card["sheet"]): custom[str(card["sheet"])]}})
    deck_object = {"Name": "DeckCustom", "Nickname": f"{game.title}: {deck.name}", "Transform": transform, "DeckIDs": ids,
                   "CustomDeck": custom, "ContainedObjects": contained}
    return {"SaveName": f"{game.title}: {deck.name}", "ObjectStates": [deck_object], "pnp": summary}


# Print-on-demand PDF --------------------------------------------------------------

def _pod_deck(gctx, deck, result: Export, findings, where) -> None:
    game = gctx.game
    rendered = _rendered(gctx, deck, POD_BLEED_MM, findings)
    if not rendered:
        return
    w, h = deck.size
    b = POD_BLEED_MM
    page = ((w + 2 * b) * K, (h + 2 * b) * K)
    c, buf = new_canvas(page, gctx.body_font, f"{game.title} — {deck.name}", f"{deck.name}: print-on-demand cards, CMYK, 1/8 in bleed")
    c.setTrimBox((b * K, b * K, (w + b) * K, (h + b) * K))
    c.setBleedBox((0, 0, *page))
    _pdfx_keys(c)
    drawer = FaceDrawer(c, gctx.icons, colour_filter=cmyk)
    uses = Counter(f for card, front, back in rendered for f in (front, back) for _ in range(card.count) if f is not None)
    pages = 0
    for card, front, back in rendered:
        for _ in range(card.count):
            for face in (front, back):
                if face is None:
                    continue
                drawer.draw_face(face, b * K, b * K, reused=uses[face] > 1)
                c.showPage()
                pages += 1
    drawer.shared.finish()
    c.save()
    name = f"{game.slug}-{deck.id}.pdf"
    data = buf.getvalue()
    findings.extend(check_pod_pdf(data, where(name), deck.size, b, pages))
    result.files[name] = data
    result.notes.append(f"{deck.id}: {pages} pages of {w + 2 * b:.2f} × {h + 2 * b:.2f} mm (trim {w:g} × {h:g}), {len(data) / 1024:.0f} KB")


def _pdfx_keys(c) -> None:
    """Mark the document as PDF/X-1a:2003 (document info and an output intent)."""
    from reportlab.pdfbase import pdfdoc

    base = c._doc.info

    class PDFXInfo(pdfdoc.PDFInfo):
        def format(self, document):
            D = {
                "Title": pdfdoc.PDFString(self.title), "Author": pdfdoc.PDFString(self.author), "Subject": pdfdoc.PDFString(self.subject),
                "Creator": pdfdoc.PDFString(self.creator), "Producer": pdfdoc.PDFString(self.producer), "Keywords": pdfdoc.PDFString(self.keywords),
                # PDF/X requires Trapped True or False; PDF/X-1a:2003 names itself in GTS_PDFXVersion alone
                "Trapped": pdfdoc.PDFName("False"), "GTS_PDFXVersion": pdfdoc.PDFString("PDF/X-1a:2003"),
            }
            D["ModDate"] = D["CreationDate"] = pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
            return pdfdoc.PDFDictionary(D).format(document)

    info = PDFXInfo()
    info.__dict__.update(base.__dict__)
    c._doc.info = info
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(PDFX_CONDITION[0]), "OutputCondition": pdfdoc.PDFString(PDFX_CONDITION[1]),
        "RegistryName": pdfdoc.PDFString("http://www.color.org"), "Info": pdfdoc.PDFString(PDFX_CONDITION[1]),
    })
    catalog = c._doc.Catalog
    catalog.__Defaults__ = {**type(catalog).__Defaults__, "OutputIntents": None}
    catalog.OutputIntents = pdfdoc.PDFArray([intent])


# Writing ----------------------------------------------------------------------------

def write_tree(folder: Path, files: dict[str, bytes]) -> None:
    """Write `files` (relative name → bytes) as the folder `folder`, replacing it whole.

    Everything goes into a temporary folder beside the target first; then the
    old folder is moved aside and the new one renamed into place, so readers
    see the old export or the new one, never a mixture."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f".{folder.name}-", suffix=".tmp"))
    old = None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)
        written: dict[int, Path] = {}
        for name, data in files.items():
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            first = written.get(id(data))
            if first is not None:
                try:
                    os.link(first, path)  # a copy of a card: same bytes, no more disk
                    continue
                except OSError:
                    pass
            path.write_bytes(data)
            written[id(data)] = path
        if folder.exists():
            old = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f".{folder.name}-old-", suffix=".tmp"))
            os.rename(folder, old / folder.name)
        os.rename(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and (old / folder.name).exists() and not folder.exists():
            os.rename(old / folder.name, folder)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
