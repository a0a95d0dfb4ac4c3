"""Order files beside a vendor export's images: each folder's quantities.csv, and an MPC Autofill order per deck.

MPC Autofill (github.com/chilli-axe/mpc-autofill, read 2026-11-26) fills a
MakePlayingCards order from an XML file: <details> (quantity, the bracket, the
stock, foil), <fronts> and <backs> (each image once, with the 0-based slots it
fills, comma-separated), and <cardback>, the back of every slot <backs> does not
name. Its desktop tool takes an <id> that names a file on disk as that file, so
our ids are the images' paths from the export folder, where the tool is run.
"""
from __future__ import annotations

import csv
import io
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from pnp.core.errors import Finding, Loc, warning
from pnp.data.sheet_rows import sheet_text

# MakePlayingCards' order sizes (mpc-autofill's bracket()): an order is billed at the smallest that holds it; 612 at most
MPC_BRACKETS = (18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612)
MPC_STOCK = "(S30) Standard Smooth"  # mpc-autofill's default card stock


def quantities_csv(folder: str, rows: list) -> bytes:
    """One row per card: its front's file, its back's, how many to print, its name (a spreadsheet reads it as text)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(("front", "back", "quantity", "name"))
    prefix = folder + "/"
    for front, back, item in rows:
        writer.writerow((front.removeprefix(prefix), back.removeprefix(prefix), item.copies, sheet_text(item.name)))
    return buf.getvalue().encode("utf-8")


def mpc_bracket(cards: int) -> int:
    """The order size MakePlayingCards bills `cards` at: the smallest bracket that holds them (the largest for more)."""
    return next((b for b in MPC_BRACKETS if b >= cards), MPC_BRACKETS[-1])


def mpc_order(folder: str, rows: list, cardback: str | None, where: str) -> tuple[bytes, list[Finding]]:
    """An MPC Autofill order for one deck: every front once with its slots, the backs that are not the shared back."""
    fronts: dict[str, list] = {}
    backs: dict[str, list] = {}
    names: dict[str, str] = {}
    slot = 0
    for front, back, item in rows:
        for _ in range(item.copies):
            fronts.setdefault(front, []).append(slot)
            names.setdefault(front, item.name)
            if back and back != cardback:
                backs.setdefault(back, []).append(slot)
                names.setdefault(back, f"{item.name} (back)")
            slot += 1
    found = []
    if slot > MPC_BRACKETS[-1]:
        found.append(warning("mpc-order-size", f"{folder} has {slot} cards; MakePlayingCards takes at most {MPC_BRACKETS[-1]} an order: "
                             "MPC Autofill asks how to split it", Loc(where)))
    order = Element("order")
    details = SubElement(order, "details")
    for tag, text in (("quantity", slot), ("bracket", mpc_bracket(slot)),
                      ("stock", MPC_STOCK), ("foil", "false")):
        SubElement(details, tag).text = str(text)
    for tag, images in (("fronts", fronts), ("backs", backs)):
        group = SubElement(order, tag)
        for path, slots in images.items():
            card = SubElement(group, "card")
            for key, text in (("id", path), ("slots", ",".join(map(str, slots))), ("name", path.rsplit("/", 1)[-1]), ("query", names[path])):
                SubElement(card, key).text = text
    SubElement(order, "cardback").text = cardback or ""
    indent(order)
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + tostring(order, encoding="unicode") + "\n").encode("utf-8"), found
