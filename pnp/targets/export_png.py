"""A print service's PNG files, one writer for both PNG layouts of pnp.targets.vendors.LAYOUTS.

`png-faces` (The Game Crafter, MakePlayingCards): a PNG per distinct face at
the vendor's bleed and dpi, quantities.csv beside them and, for
MakePlayingCards, an MPC Autofill order per poker deck. `png-per-copy`
(`pnp export GAME --format png`, the record pnp.targets.vendors.PNG at the
asked bleed and dpi): a PNG per copy and side, manifest.csv listing every file
in upload order, a cut mask beside a shaped deck's images. Either way each
distinct face is rendered and encoded once (`_images`) and read back; only the
names its files are given differ. pnp.targets.export_vendor picks the writer
by the record's `layout` and hands it the components placed on products.
"""
from __future__ import annotations

import csv
import functools
import io
from collections import Counter
from dataclasses import replace

from pnp.core.errors import error
from pnp.core.files import file_name
from pnp.core.plurals import count_text
from pnp.data.sheet_rows import sheet_text
from pnp.layout.elements import Face
from pnp.targets.components import Component, printed_sides
from pnp.targets.order_files import mpc_order, quantities_csv
from pnp.targets.png import PngEncoder
from pnp.targets.rendering import cut_mask, png_bytes, raster, size_text
from pnp.targets.staging import Export
from pnp.targets.vendor_orders import Placed, component_loc, shop_file
from pnp.targets.vendor_preflight import Expect, check_file
from pnp.targets.vendors import Vendor

MAX_IMAGE_PIXELS = 60_000_000  # one print-service image (a 520 × 384 mm board at 300 dpi is 28 million)
MANIFEST_FIELDS = ("file", "component", "id", "item", "name", "side", "copy", "copies", "width_px", "height_px", "trim_mm", "bleed_mm", "dpi")
MPC_AUTOFILL_PRODUCT = "poker"  # MPC Autofill fills MakePlayingCards' blank poker-size card page alone (its constants.py starting_url)


def png_size(trim_mm: tuple[float, float], bleed: float, dpi: int) -> tuple[int, int]:
    """Pixel size of an image: trim plus bleed on each side, at `dpi`.

    At 300 dpi this gives the services' published templates: The Game Crafter (1/8 in bleed) poker 825 × 1125,
    mini 600 × 825, tarot 900 × 1500; MakePlayingCards (36 px, 3.048 mm, bleed) poker 822 × 1122."""
    return tuple(round((v + 2 * bleed) * dpi / 25.4) for v in trim_mm)


def png_folder(component: Component) -> str:
    """Where a component's images go: cards/<deck>, boards, tokens/<set>, player-aids."""
    return {"cards": f"cards/{component.file_id}", "tokens": f"tokens/{component.file_id}"}.get(component.kind, component.kind)


def png_faces(gctx, vendor: Vendor, placed: list[Placed], result: Export, findings: list, where) -> None:
    """`png-faces`: a PNG per distinct face; quantities.csv per folder; an MPC Autofill order per deck for MakePlayingCards."""
    for p in placed:
        _faces_component(gctx, vendor, p, result, findings, where)


def png_per_copy(gctx, vendor: Vendor, placed: list[Placed], result: Export, findings: list, where) -> None:
    """`png-per-copy`: a PNG per copy and side, and manifest.csv listing them all in upload order."""
    rows: list[dict] = []
    for p in placed:
        rows += _per_copy_component(gctx, vendor, p, result, findings)
    if rows:
        result.files["manifest.csv"] = manifest_csv(rows)


def _images(gctx, vendor: Vendor, size: tuple[int, int], names: dict[Face, list[str]], result: Export, findings: list, component: Component,
            fronts: set[Face]) -> None:
    """Each face of `names` rendered at the vendor's dpi and encoded once, its bytes written to every file named for it
    (a shared back is one file, linked) and the first of them read back against the vendor's numbers; the bytes are
    not kept. What is found is said at the component's declaration (pnp.targets.vendor_preflight.ShopFile), the
    same problem in many of its images once, at the first, counting the others."""
    alike: dict[tuple[str, str], list] = {}

    def written(face: Face, data: bytes) -> None:
        for name in names[face]:
            result.files[name] = data
        shop = shop_file(gctx, names[face][0], [("front" if face in fronts else "back", component)])
        for f in check_file(vendor, data, shop, Expect(size_px=size)):
            alike.setdefault((f.code, f.message.split("): ", 1)[-1]), []).append(f)

    faces = list(names)
    with PngEncoder(functools.partial(png_bytes, dpi=vendor.dpi)) as encoder:
        for face, image in zip(faces, raster(gctx, faces, size, vendor.dpi / 25.4), strict=True):
            encoder.add(image, functools.partial(written, face))
    findings.extend(found[0] if len(found) == 1 else replace(found[0], message=f"{found[0].message} (and {len(found) - 1} more images alike)")
                    for found in alike.values())


def _faces_component(gctx, vendor: Vendor, p: Placed, result: Export, findings: list, where) -> None:
    """One component's distinct faces: <id>.png a front, back.png the back most share, <id>-back.png any other back."""
    component, folder = p.component, png_folder(p.component)
    size = png_size(p.trim, vendor.bleed_mm, vendor.dpi)
    sides = [printed_sides(component, item, vendor.bleed_mm) for item in component.items]
    backs = Counter(back for _, back in sides if back is not None)
    shared = backs.most_common(1)[0][0] if backs else None
    names: dict[Face, str] = {}
    for item, (front, back) in zip(component.items, sides, strict=True):
        names.setdefault(front, f"{folder}/{component.stem(item)}.png")
        if back is not None:
            names.setdefault(back, f"{folder}/back.png" if back == shared else f"{folder}/{component.stem(item)}-back.png")
    _images(gctx, vendor, size, {face: [name] for face, name in names.items()}, result, findings, component, {front for front, _ in sides})
    rows = [(names[front], names.get(back, ""), item) for item, (front, back) in zip(component.items, sides, strict=True)]
    result.files[f"{folder}/quantities.csv"] = quantities_csv(folder, rows)
    if vendor.name == "makeplayingcards" and component.deck_like and p.product.name == MPC_AUTOFILL_PRODUCT:
        order = f"{file_name(folder.replace('/', '-'))}.xml"
        xml, found = mpc_order(folder, rows, shared and names[shared], where(order))
        result.files[order] = xml
        findings.extend(found)
    result.notes.append(f"{folder}/: {count_text(len(names), 'image')} of {size[0]} × {size[1]} px for {component.copies} × {p.product.name}")


def _per_copy_component(gctx, vendor: Vendor, p: Placed, result: Export, findings: list) -> list[dict]:
    """One component's files, <id>-<copy>-<side>.png, every front then every back (the order upload pages ask for), and
    their manifest rows; none, with an error at the line that declares the piece, for an image too large for a service
    to take at this dpi."""
    component, trim, bleed, dpi = p.component, p.trim, vendor.bleed_mm, vendor.dpi
    size = png_size(trim, bleed, dpi)
    folder = png_folder(component)
    if size[0] * size[1] > MAX_IMAGE_PIXELS:
        findings.append(error("export-too-large", f"{component.name} would be {size[0]} × {size[1]} px at {dpi} dpi, over {MAX_IMAGE_PIXELS:,} pixels: "
                              f"export with a lower --dpi", component_loc(gctx, component)))
        return []
    sides = {item: printed_sides(component, item, bleed) for item in component.items}
    names: dict[Face, list[str]] = {face: [] for pair in sides.values() for face in pair if face is not None}  # rendered item by item
    rows: list[dict] = []
    for side_index, side in enumerate(("front", "back")):
        for item in component.items:
            face = sides[item][side_index]
            if face is None:
                continue
            for copy in range(1, item.copies + 1):
                name = f"{folder}/{component.stem(item)}-{copy}-{side}.png"
                names[face].append(name)
                rows.append({"file": name, "component": component.kind, "id": component.id, "item": item.id, "name": item.name, "side": side,
                             "copy": copy, "copies": item.copies, "width_px": size[0], "height_px": size[1],
                             "trim_mm": f"{trim[0]:g} x {trim[1]:g}", "bleed_mm": f"{bleed:g}", "dpi": dpi})
    _images(gctx, vendor, size, names, result, findings, component, {front for front, _ in sides.values()})
    if component.kind == "cards" and (component.cut.kind != "rectangle" or component.cut.corner_radius(*trim)):
        # a shaped deck's die line, which a print service cuts along, as a mask of its images: white inside the cut
        name = f"{folder}/{component.file_id}-cut-mask.png"
        result.files[name] = png_bytes(cut_mask(component.cut, size, trim, bleed), dpi=dpi)
        result.notes.append(f"{name}: the {component.cut.kind} cut of every image of {component.name}, white inside")
    label = f"{folder}/{component.file_id}" if component.kind == "boards" else folder
    result.notes.append(f"{label}: {count_text(component.copies, _noun(component))}, {size[0]} × {size[1]} px ({size_text(trim)} mm) at {dpi} dpi "
                        f"with {bleed:g} mm bleed")
    return rows


def _noun(component: Component) -> str:
    """What one copy of a component is called in the export's note: a deck of one card is '1 card', not '1 cards'."""
    return {"cards": "card", "boards": "board", "tokens": "token", "player-aids": "player-aid card"}[component.kind]


def manifest_csv(rows: list[dict]) -> bytes:
    """The manifest: one row per file, in upload order; text that a spreadsheet would run as a formula is escaped."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, MANIFEST_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: sheet_text(v) for k, v in row.items()} for row in rows)
    return buf.getvalue().encode("utf-8")
