"""Feedback by stamp (issue #80 item 1): a card's stamp can print as a QR code that a phone reads as the playtest form's
address with the game's version, the card and its stamp code filled in; the code and its quiet zone lie in the safe
area; `pnp feedback import` joins each answer of the form's sheet to its card by that code, refuses at its cell a row
it cannot join, and keeps the answers once each in a file of the game; `pnp list` counts them, `pnp changes` lists
them under the card an edit changed, and `pnp serve` shows them beside the card, newest first."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from conftest import run_pnp

MM = 72 / 25.4
SAFE_MM = 3.0  # the safe area: 3 mm inside the trim (PRINTING.md)
QUIET_MODULES = 4  # ISO/IEC 18004's quiet zone, in modules
FORM = "https://docs.google.com/forms/d/e/1FAIpQLSe-test/viewform"
FIELDS = {"version": "entry.333", "card": "entry.111", "code": "entry.222"}
DPI = 300


def make_project(root: Path, stamps: str = "{qr: true}") -> Path:
    """A game `fb` at version 1.2 whose two cards (three prints) are a dark fill edge to edge: a QR code without its
    own light ground and quiet zone would not read on it."""
    files = {
        "data/fb/game.yaml": f"""\
            title: Feedback
            version: "1.2"
            players: {{min: 1, max: 2}}
            stamps: {stamps}
            feedback:
              form: {FORM}
              fields: {{version: {FIELDS['version']}, card: {FIELDS['card']}, code: {FIELDS['code']}}}
            """,
        "data/fb/decks/heroes.yaml": """\
            name: Heroes
            size: poker
            front: fb/front.j2
            back: fb/back.j2
            cards:
              - {id: knight, name: Knight, count: 2}
              - {id: mage, name: Mage}
            """,
        "templates/fb/front.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#3a2a55") }}\n{{ text(card.name, 5, 8, face.w - 10, 10, size=14, color="#ffffff") }}\n',
        "templates/fb/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n',
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The game built once (its cards): the build counts as its first print."""
    root = make_project(tmp_path_factory.mktemp("fb") / "project")
    result = run_pnp(root, "build", "fb", "-q", "--only", "cards", "--strict")
    assert result.exit_code == 0, result.output
    return root


def codes(root: Path) -> dict[str, str]:
    """deck/card → the stamp code `pnp list` gives it."""
    result = run_pnp(root, "list", "fb", "--format", "json")
    rows = json.loads(result.output[: result.output.rindex("]") + 1])
    return {f"{d['id']}/{c['id']}": c["stamp"]["code"] for row in rows for d in row["decks"] for c in d["card_list"]}


def raster(pdf: Path):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        return page.render(scale=DPI / 72).to_pil().convert("L"), page.get_height()
    finally:
        doc.close()


def test_each_front_carries_a_qr_code_a_phone_reads_as_the_form_with_its_card_filled_in(built):
    import zxingcpp

    image, _ = raster(built / "output/fb/fb-cards.pdf")
    found = sorted(r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 3, found  # one a printed front: the knight twice, the mage once
    links = {(urlsplit(t).scheme, urlsplit(t).netloc, urlsplit(t).path): dict(parse_qsl(urlsplit(t).query)) for t in found}
    assert set(links) == {tuple(getattr(urlsplit(FORM), k) for k in ("scheme", "netloc", "path"))}
    filled = sorted((q[FIELDS["card"]], q[FIELDS["code"]], q[FIELDS["version"]]) for q in (dict(parse_qsl(urlsplit(t).query)) for t in found))
    now = codes(built)
    assert filled == sorted([("heroes/knight", now["heroes/knight"], "1.2")] * 2 + [("heroes/mage", now["heroes/mage"], "1.2")])


def test_the_qr_code_and_its_quiet_zone_lie_in_the_safe_area_on_light_ground(built):
    """Each code read back: its symbol widened by the 4-module quiet zone lies 3 mm inside its card's trim, and every
    pixel of that quiet zone is light, though the card is dark to its edges."""
    import zxingcpp
    from printable import read

    pdf = built / "output/fb/fb-cards.pdf"
    image, height_pt = raster(pdf)
    trims = [face.trim for face in read(pdf)[0].faces]
    px = image.load()
    symbols = [r for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert len(symbols) == 3
    for symbol in symbols:
        p = symbol.position
        xs, ys = [c.x for c in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)], [c.y for c in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)]
        module_px = (max(xs) - min(xs)) / (17 + 4 * int(symbol.extra["Version"]))  # a version v symbol is 17 + 4v modules across
        quiet = (min(xs) - QUIET_MODULES * module_px, min(ys) - QUIET_MODULES * module_px, max(xs) + QUIET_MODULES * module_px, max(ys) + QUIET_MODULES * module_px)
        x0, x1 = quiet[0] * 72 / DPI, quiet[2] * 72 / DPI
        y0, y1 = height_pt - quiet[3] * 72 / DPI, height_pt - quiet[1] * 72 / DPI
        trim = next(t for t in trims if t.x0 <= (x0 + x1) / 2 <= t.x1 and t.y0 <= (y0 + y1) / 2 <= t.y1)
        depth = min(x0 - trim.x0, trim.x1 - x1, y0 - trim.y0, trim.y1 - y1) / MM
        assert depth >= SAFE_MM - 0.2, depth
        ring = [(x, y) for x in range(int(quiet[0]) + 2, int(quiet[2]) - 1) for y in range(int(quiet[1]) + 2, int(quiet[3]) - 1)
                if not (min(xs) - 2 <= x <= max(xs) + 2 and min(ys) - 2 <= y <= max(ys) + 2)]
        assert ring and min(px[x, y] for x, y in ring) > 200, "the quiet zone is light all round"
