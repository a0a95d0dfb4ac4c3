"""Preflight: check an export's files against its target's rules before any is written.

Each check returns findings (errors for what a print service or Tabletop
Simulator would refuse or print wrongly, warnings for what it might), located
at the output file they concern. The exporter writes nothing while any error
stands.
"""
from __future__ import annotations

import io

from PIL import Image

from pnp.core.errors import Finding, Loc, error, warning
from pnp.core.units import add_up

TTS_MAX_PX = 4096  # Tabletop Simulator refuses textures this large or larger
TTS_MAX_COLUMNS, TTS_MAX_ROWS = 10, 7
POD_INK_LIMIT = 2.40  # DriveThruCards: total area coverage at most 240 %
BOX_TOLERANCE_PT = 0.01


def check_png(data: bytes, where: str, size: tuple[int, int], dpi: int | None = None) -> list[Finding]:
    """A print-service card image: PNG, RGB, exactly `size` pixels."""
    found = []
    try:
        with Image.open(io.BytesIO(data)) as img:
            fmt, mode, got = img.format, img.mode, img.size
            got_dpi = img.info.get("dpi")
    except OSError as exc:
        return [error("export-image", f"not a readable image: {exc}", Loc(where))]
    if fmt != "PNG":
        found.append(error("export-format", f"is {fmt}, expected PNG", Loc(where)))
    if mode != "RGB":
        found.append(error("export-colour", f"colour mode is {mode}; print services ask for RGB", Loc(where)))
    if got != tuple(size):
        found.append(error("export-size", f"is {got[0]} × {got[1]} px, expected {size[0]} × {size[1]} px", Loc(where)))
    if dpi and (not got_dpi or round(got_dpi[0]) != dpi):
        found.append(warning("export-dpi", f"does not say {dpi} dpi in its metadata", Loc(where)))
    return found


def check_tts_sheet(data: bytes, where: str, columns: int, rows: int, cell: tuple[int, int]) -> list[Finding]:
    """A Tabletop Simulator deck sheet: RGB, under 4096 px a side, at most 10 × 7 cells of `cell` px."""
    found = []
    with Image.open(io.BytesIO(data)) as img:
        mode, (w, h) = img.mode, img.size
    if mode != "RGB":
        found.append(error("tts-colour", f"colour mode is {mode}; Tabletop Simulator sheets must be RGB", Loc(where)))
    if w >= TTS_MAX_PX or h >= TTS_MAX_PX:
        found.append(error("tts-size", f"is {w} × {h} px; Tabletop Simulator needs each side under {TTS_MAX_PX} px", Loc(where)))
    if not (1 <= columns <= TTS_MAX_COLUMNS and 1 <= rows <= TTS_MAX_ROWS):
        found.append(error("tts-grid", f"has a {columns} × {rows} grid; at most {TTS_MAX_COLUMNS} × {TTS_MAX_ROWS}", Loc(where)))
    if (w, h) != (columns * cell[0], rows * cell[1]):
        found.append(error("tts-grid", f"is {w} × {h} px, not {columns} × {rows} cells of {cell[0]} × {cell[1]} px", Loc(where)))
    return found


def check_tts_image(data: bytes, where: str, size: tuple[int, int], alpha: bool = False) -> list[Finding]:
    """A Tabletop Simulator board or token image: PNG of `size` px under 4096 a side, RGB (RGBA for a token cut by its transparency)."""
    found = []
    with Image.open(io.BytesIO(data)) as img:
        fmt, mode, got = img.format, img.mode, img.size
    want = "RGBA" if alpha else "RGB"
    if fmt != "PNG":
        found.append(error("tts-format", f"is {fmt}, expected PNG", Loc(where)))
    if mode != want:
        found.append(error("tts-colour", f"colour mode is {mode}, expected {want}", Loc(where)))
    if got != tuple(size):
        found.append(error("tts-size", f"is {got[0]} × {got[1]} px, expected {size[0]} × {size[1]} px", Loc(where)))
    if max(got) >= TTS_MAX_PX:
        found.append(error("tts-size", f"is {got[0]} × {got[1]} px; Tabletop Simulator needs each side under {TTS_MAX_PX} px", Loc(where)))
    return found


def check_pod_pdf(data: bytes, where: str, trim_mm: tuple[float, float], bleed_mm: float, pages: int, expect_text: bool = True) -> list[Finding]:
    """A print-on-demand PDF (cards, a board, a token set): boxes, embedded fonts, CMYK only, ink limit, no transparency, PDF/X keys."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    loc = Loc(where)
    found: list[Finding] = []
    reader = PdfReader(io.BytesIO(data))
    if len(reader.pages) != pages:
        found.append(error("pod-pages", f"has {len(reader.pages)} pages, expected {pages}", loc))
    k = 72 / 25.4
    want_w, want_h = (trim_mm[0] + 2 * bleed_mm) * k, (trim_mm[1] + 2 * bleed_mm) * k
    b = bleed_mm * k
    colour_problems: dict[str, int] = {}
    max_ink = 0.0
    seen_streams: set = set()
    fonts: dict[str, bool] = {}

    def note(problem: str) -> None:
        colour_problems[problem] = colour_problems.get(problem, 0) + 1

    def scan(stream_obj, resources) -> None:
        nonlocal max_ink
        ref = getattr(stream_obj, "indirect_reference", None)
        key = (ref.idnum, ref.generation) if ref is not None else id(stream_obj)
        if key in seen_streams:
            return
        seen_streams.add(key)
        for operands, op in ContentStream(stream_obj, reader).operations:
            if op in (b"rg", b"RG"):
                note("RGB colour (rg/RG)")
            elif op in (b"k", b"K"):
                max_ink = max(max_ink, add_up(float(v) for v in operands))
            elif op in (b"cs", b"CS") and operands and str(operands[0]) not in ("/DeviceCMYK", "/DeviceGray"):
                note(f"colour space {operands[0]}")
            elif op in (b"sc", b"SC", b"scn", b"SCN") and len(operands) == 3:
                note("three-component colour (sc)")
        resources = resources.get_object() if resources is not None else {}
        for _name, gs in (resources.get("/ExtGState") or {}).items():
            gs = gs.get_object()
            if any(float(gs.get(a, 1)) < 1 for a in ("/ca", "/CA")) or gs.get("/SMask") not in (None, "/None"):
                note("transparency (ExtGState with alpha or a soft mask)")
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            for f in [font, *[d.get_object() for d in font.get("/DescendantFonts") or []]]:
                desc = f.get("/FontDescriptor")
                if desc is not None or f.get("/Subtype") in ("/TrueType", "/Type1", "/Type0"):
                    embedded = desc is not None and any(x in desc.get_object() for x in ("/FontFile", "/FontFile2", "/FontFile3"))
                    if f.get("/Subtype") != "/Type0":
                        fonts[str(f.get("/BaseFont"))] = embedded
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                scan(xobj, xobj.get("/Resources"))
            elif xobj.get("/Subtype") == "/Image":
                cs = xobj.get("/ColorSpace")
                if str(cs) not in ("/DeviceCMYK", "/DeviceGray"):
                    note(f"image in colour space {cs}")
                if "/SMask" in xobj:
                    note("image with a soft mask (transparency)")

    for n, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        if contents is not None:
            scan(contents, page.get("/Resources"))
        media = [float(v) for v in page.mediabox]
        trim = page.get("/TrimBox")
        bleed = page.get("/BleedBox")
        if trim is None or bleed is None:
            found.append(error("pod-boxes", f"page {n} has no {'TrimBox' if trim is None else 'BleedBox'}", loc))
            continue
        trim, bleed = [float(v) for v in trim], [float(v) for v in bleed]
        if abs(media[2] - media[0] - want_w) > BOX_TOLERANCE_PT or abs(media[3] - media[1] - want_h) > BOX_TOLERANCE_PT:
            found.append(error("pod-boxes", f"page {n} is {(media[2] - media[0]) / k:.2f} × {(media[3] - media[1]) / k:.2f} mm, expected {want_w / k:.2f} × {want_h / k:.2f} mm", loc))
        expected_trim = [media[0] + b, media[1] + b, media[2] - b, media[3] - b]
        if any(abs(x - y) > BOX_TOLERANCE_PT for x, y in zip(trim, expected_trim, strict=False)):
            found.append(error("pod-boxes", f"page {n}: TrimBox {trim} is not the page less {bleed_mm:g} mm of bleed", loc))
        if any(abs(x - y) > BOX_TOLERANCE_PT for x, y in zip(bleed, media, strict=False)):
            found.append(error("pod-boxes", f"page {n}: BleedBox {bleed} differs from the MediaBox {media}", loc))
    for problem, count in sorted(colour_problems.items()):
        found.append(error("pod-colour", f"{problem} found {count}×: the print file must be CMYK only, without transparency", loc))
    if max_ink > POD_INK_LIMIT + 1e-6:
        found.append(error("pod-ink", f"a colour uses {max_ink:.0%} ink; the limit is {POD_INK_LIMIT:.0%}", loc))
    if not fonts and expect_text:  # a card without text is likely a mistake; a token or board may well have none
        found.append(warning("pod-fonts", "no fonts found: is there no text?", loc))
    for name, embedded in sorted(fonts.items()):
        if not embedded:
            found.append(error("pod-fonts", f"font {name} is not embedded", loc))
    root = reader.trailer["/Root"]
    if "/OutputIntents" not in root:
        found.append(warning("pod-pdfx", "no OutputIntent: a PDF/X checker will refuse the file", loc))
    info = reader.trailer.get("/Info")
    if info is None or "/GTS_PDFXVersion" not in info.get_object():
        found.append(warning("pod-pdfx", "no GTS_PDFXVersion in the document info", loc))
    return found

