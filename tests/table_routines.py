"""A small player of virtualtabletop.io's button routines, for the operations pnp's buttons use, written from what the
client's routine engine does with each (client/js/widgets/widget.js evaluateRoutine, client/js/widgets/holder.js), not
from pnp's writer. It plays a button's `clickRoutine` on a room state read back (tests/table_readers.read_vtt) and
says what the room holds after: enough to check that a deal button deals the hands the rules say.

What it keeps of a card: its parent (a holder, a pile in a holder, or none), its z (the highest is the top of a
stack), its face (`activeFace`, 0 the back), its owner and, for a loose card, its place."""
from __future__ import annotations

import copy
import random

KNOWN = {"RECALL", "SHUFFLE", "MOVE", "MOVEXY"}


class Room:
    """The widgets of a room state, changed as the routines it plays say; `problems` lists what the engine would
    report (an unknown id, an operation this player does not know)."""

    def __init__(self, widgets: dict, seed: int = 0):
        self.widgets = copy.deepcopy(widgets)
        self.random = random.Random(seed)
        self.problems: list[str] = []

    # what the engine reads -------------------------------------------------------------------------------------
    def holder_of(self, widget: dict) -> str | None:
        """The holder a card lies in: its parent, or its pile's parent."""
        parent = self.widgets.get(widget.get("parent"))
        if parent is not None and parent.get("type") == "pile":
            parent = self.widgets.get(parent.get("parent"))
        return parent["id"] if parent is not None and parent.get("type") == "holder" else None

    def children(self, holder: str) -> list[dict]:
        """A holder's cards, top first (Holder.children: its own, or the cards of the one pile in it, by z)."""
        cards = [w for w in self.widgets.values() if w.get("type") == "card" and self.holder_of(w) == holder]
        return sorted(cards, key=lambda c: -c.get("z", 0))

    def cards(self, deck: str) -> list[dict]:
        return [w for w in self.widgets.values() if w.get("type") == "card" and w.get("deck") == deck]

    # what a routine does ---------------------------------------------------------------------------------------
    def click(self, button_id: str) -> None:
        for op in self.widgets[button_id].get("clickRoutine", []):
            self.run(op)

    def run(self, op: dict) -> None:
        func = op.get("func")
        if func not in KNOWN:
            self.problems.append(f"operation {func} is not one this player knows")
            return
        getattr(self, f"_{func.lower()}")(op)

    def _valid(self, *ids) -> bool:
        bad = [i for i in ids if i not in self.widgets]
        self.problems += [f"id {i} is not a widget of the room" for i in bad]
        return not bad

    def _to_holder(self, card: dict, holder: str) -> None:
        """moveToHolder: the card on top of the holder's stack, the holder's onEnter properties set on it."""
        top = max([c.get("z", 0) for c in self.children(holder)], default=0)
        card.update({"parent": holder, "z": top + 1})
        card.pop("x", None), card.pop("y", None)
        for key, value in self.widgets[holder].get("onEnter", {}).items():
            card[key] = value

    def _recall(self, op: dict) -> None:
        """Every card of each deck that lies in the holder goes back into it (owned cards too, by default)."""
        if not self._valid(op["holder"]):
            return
        decks = [w for w in self.widgets.values() if w.get("type") == "deck" and w.get("parent") == op["holder"]]
        if not decks:
            self.problems.append(f"holder {op['holder']} does not have a deck")
        for deck in decks:
            for card in self.cards(deck["id"]):
                if self.holder_of(card) != op["holder"] or card.get("owner"):
                    card.pop("owner", None)
                    self._to_holder(card, op["holder"])

    def _shuffle(self, op: dict) -> None:
        if not self._valid(op["holder"]):
            return
        cards = self.children(op["holder"])
        zs = sorted(c.get("z", 0) for c in cards)
        self.random.shuffle(zs)
        for card, z in zip(cards, zs, strict=True):
            card["z"] = z

    def _move(self, op: dict) -> None:
        """The top `count` cards of `from` into `to`, turned to `face` first (the holder's onEnter after)."""
        if not self._valid(op["from"], op["to"]):
            return
        target = self.widgets[op["to"]]
        if target.get("type") != "holder":
            self.problems.append(f"MOVE to {op['to']}: this player moves to holders only")
            return
        for card in reversed(self.children(op["from"])[: op.get("count", 1)]):
            if op.get("face") is not None:
                card["activeFace"] = op["face"]
            self._to_holder(card, op["to"])

    def _movexy(self, op: dict) -> None:
        """The top `count` cards of `from` loose on the table at x, y, turned to `face`."""
        if not self._valid(op["from"]):
            return
        for card in reversed(self.children(op["from"])[: op.get("count", 1)]):
            if op.get("face") is not None:
                card["activeFace"] = op["face"]
            card.update({"x": op.get("x", 0), "y": op.get("y", 0), "parent": None})
            if op.get("resetOwner", True):
                card.pop("owner", None)
