"""The PNG export for print services: one RGB PNG per copy and side, trim plus bleed at `dpi`, each board whole,
each token face and back, and manifest.csv listing every file in upload order."""
from __future__ import annotations

import csv
import functools
import io

from pnp.core.errors import Loc, error, printable
from pnp.data.spreadsheet import guarded
from pnp.layout.elements import Face
from pnp.outputs.context import GameContext
from pnp.targets.components import Component, collect, printed_sides, printed_trim
from pnp.targets.png import PngEncoder
from pnp.targets.preflight import check_png
from pnp.targets.rendering import EXTRA_BLEED_MM, cut_mask, distinct_faces, png_bytes, raster, size_text
from pnp.targets.staging import Export, ExportRequest

MAX_IMAGE_PIXELS = 60_000_000  # one print-service image (a 520 × 384 mm board at 300 dpi is 28 million)
MANIFEST_FIELDS = ("file", "component", "id", "item", "name", "side", "copy", "copies", "width_px", "height_px", "trim_mm", "bleed_mm", "dpi")


def png_size(trim_mm: tuple[float, float], bleed: float, dpi: int) -> tuple[int, int]:
    """Pixel size of an image: trim plus bleed on each side, at `dpi`.

    At 300 dpi this gives the services' published templates: The Game Crafter (1/8 in bleed) poker 825 × 1125,
    mini 600 × 825, tarot 900 × 1500; MakePlayingCards (36 px, 3.048 mm, bleed) poker 822 × 1122."""
    return tuple(round((v + 2 * bleed) * dpi / 25.4) for v in trim_mm)


def png_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """Every component as print-service images, and manifest.csv listing them in upload order."""
    bleed, dpi, decks = request.bleed, request.dpi, request.decks
    rows: list[dict] = []
    for component in collect(gctx, bleed + EXTRA_BLEED_MM, findings, decks):
        _png_component(gctx, component, bleed, dpi, result, findings, where, rows)
    if rows:
        result.files["manifest.csv"] = manifest_csv(rows)
    result.next_step = (f"png: upload the images of each component to your print service in manifest.csv's order, fronts then backs "
                        f"({bleed:g} mm bleed: The Game Crafter takes --bleed 1/8in, MakePlayingCards --bleed 3mm)")


def png_folder(component: Component) -> str:
    """Where a component's images go: cards/<deck>, boards, tokens/<set>, player-aids."""
    return {"cards": f"cards/{component.file_id}", "tokens": f"tokens/{component.file_id}"}.get(component.kind, component.kind)


def _png_component(gctx, component: Component, bleed: float, dpi: int, result: Export, findings: list, where, rows: list) -> None:
    trim = printed_trim(component, bleed)
    size = png_size(trim, bleed, dpi)
    folder = png_folder(component)
    if size[0] * size[1] > MAX_IMAGE_PIXELS:
        findings.append(error("export-too-large", f"{component.name} would be {size[0]} × {size[1]} px at {dpi} dpi, over {MAX_IMAGE_PIXELS:,} pixels: "
                              f"export with a lower --dpi", Loc(where(folder))))
        return
    sides = {item: printed_sides(component, item, bleed) for item in component.items}
    faces = distinct_faces(f for pair in sides.values() for f in pair)
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
    if component.kind == "cards" and (component.cut.kind != "rectangle" or component.cut.corner_radius(*trim)):
        # a shaped deck's die line, which a print service cuts along, as a mask of its images: white inside the cut
        name = f"{folder}/{component.file_id}-cut-mask.png"
        result.files[name] = png_bytes(cut_mask(component.cut, size, trim, bleed), dpi=dpi)
        result.notes.append(f"{name}: the {component.cut.kind} cut of every image of {component.name}, white inside")
    label = f"{folder}/{component.file_id}" if component.kind == "boards" else folder
    result.notes.append(f"{label}: {component.copies} {_noun(component)}, {size[0]} × {size[1]} px ({size_text(trim)} mm) at {dpi} dpi "
                        f"with {bleed:g} mm bleed")


def _noun(component: Component) -> str:
    return {"cards": "cards", "boards": "board", "tokens": "tokens", "player-aids": "player-aid cards"}[component.kind]


def manifest_csv(rows: list[dict]) -> bytes:
    """The manifest: one row per file, in upload order; text that a spreadsheet would run as a formula is escaped."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, MANIFEST_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: spreadsheet_text(v) for k, v in row.items()} for row in rows)
    return buf.getvalue().encode("utf-8")




def spreadsheet_text(value):
    """A cell a spreadsheet shows as the text it is: a string starting like a formula gets a leading single quote
    (OWASP's advice against CSV injection: a card named `=HYPERLINK(...)` would otherwise run when opened)."""
    if not isinstance(value, str):
        return value
    return guarded(printable(value))  # no escape sequence for a terminal that shows the file, no line break inside a cell
