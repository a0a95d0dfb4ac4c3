"""A small player of virtualtabletop.io's button routines, for the operations pnp's buttons use, written from what the
client's routine engine does with each, not from pnp's writer: the Dec-2024 code of bjalder26/virtualtabletop
(commit 94cd1305), client/js/widgets/widget.js `evaluateRoutine` (each operation's branch is named in its method
below), client/js/widgets/holder.js (`children`, `onChildAdd`), client/js/widgets/seat.js (a seat's defaults) and
client/js/statemanaged.js (`get`: a property not set reads as its class's default, setting a default removes it).
It plays a button's `clickRoutine` on a room state read back (tests/table_readers.read_vtt) and says what the room
holds after: enough to check that a deal button deals the hands the rules say.

What it keeps of a card: its parent (a holder, a pile in a holder, or none), its z (the highest is the top of a
stack), its face (`activeFace`, 0 the back), its owner and, for a loose card, its place. Players sit with `sit`."""
from __future__ import annotations

import copy
import random
import re

KNOWN = {"RECALL", "SHUFFLE", "MOVE", "MOVEXY", "SELECT", "FOREACH", "IF", "SET"}
# a property a widget's file leaves out reads as its class's default (the widget classes' addDefaults)
DEFAULTS = {"seat": {"player": "", "hand": "hand", "index": 1}, "holder": {"childrenPerOwner": False, "onEnter": {}}}
WHOLE_VARIABLE = re.compile(r"^\$\{([A-Za-z0-9_-]+)\}$")  # evaluateVariables: `${name}` alone is the variable's value itself
WHOLE_PROPERTY = re.compile(r"^\$\{PROPERTY ([A-Za-z0-9_-]+)\}$")  # … and `${PROPERTY name}` the routine's widget's property


def _truthy(value) -> bool:
    """JavaScript's truth: an empty list or object is true."""
    return True if isinstance(value, list | dict) else bool(value)


class Room:
    """The widgets of a room state, changed as the routines it plays say; `problems` lists what the engine would
    report (an unknown id, an operation this player does not know, a deal to an empty seat)."""

    def __init__(self, widgets: dict, seed: int = 0):
        self.widgets = copy.deepcopy(widgets)
        self.random = random.Random(seed)
        self.problems: list[str] = []

    # what the engine reads -------------------------------------------------------------------------------------
    def get(self, widget: dict, key: str):
        """StateManaged.get: the widget's own value, else its class's default, else None."""
        return widget[key] if key in widget else DEFAULTS.get(widget.get("type", "basic"), {}).get(key)

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

    def hand_of(self, seat_id: str) -> list[dict]:
        """Seat.children: the cards in the seat's hand owned by its player (none while it is empty)."""
        seat = self.widgets[seat_id]
        player, hand = self.get(seat, "player"), self.get(seat, "hand")
        if not player or hand not in self.widgets:
            return []
        return [w for w in self.widgets.values() if w.get("type") == "card" and w.get("parent") == hand and w.get("owner") == player]

    # what a player does ----------------------------------------------------------------------------------------
    def sit(self, seat_id: str, player: str) -> None:
        """Seat.setPlayer: a click on an empty seat sets its player."""
        self.widgets[seat_id]["player"] = player

    def click(self, button_id: str, player: str = "") -> None:
        """The button's clickRoutine, run by `player` (playerName), with evaluateRoutine's first collections."""
        button = self.widgets[button_id]
        self._routine(button.get("clickRoutine", []), button, {}, {"thisButton": [button]}, player)

    # what a routine does ---------------------------------------------------------------------------------------
    def _routine(self, ops: list, widget: dict, variables: dict, collections: dict, player: str) -> None:
        for original in ops:
            op = self._evaluated(original, widget, variables)
            func = op.get("func")
            if func not in KNOWN:
                self.problems.append(f"operation {func} is not one this player knows")
                continue
            getattr(self, f"_{func.lower()}")(op, widget, variables, collections, player)

    def _evaluated(self, op: dict, widget: dict, variables: dict) -> dict:
        """evaluateVariablesRecursively: each string value read (not a routine's, which is read when it runs)."""
        out = {}
        for key, value in op.items():
            if isinstance(value, str) and "${" in value:
                value = self._value(value, widget, variables)
            elif isinstance(value, dict) and not key.endswith("Routine"):
                value = self._evaluated(value, widget, variables)
            out[key] = value
        return out

    def _value(self, text: str, widget: dict, variables: dict):
        if match := WHOLE_VARIABLE.match(text):
            return variables.get(match[1])
        if match := WHOLE_PROPERTY.match(text):
            return self.get(widget, match[1])
        self.problems.append(f"{text}: an expression this player does not read")
        return None

    def _collection(self, name, collections: dict) -> list[dict] | None:
        """getCollection: a named collection, or a list of ids made into one."""
        if isinstance(name, list):
            return [w for w in self.widgets.values() if w.get("id") in name]
        if isinstance(collections.get(name), list):
            return collections[name]
        self.problems.append(f"Collection {name} does not exist or is not an array.")
        return None

    def _valid(self, *ids) -> bool:
        bad = [i for i in ids if i not in self.widgets]
        self.problems += [f"id {i} is not a widget of the room" for i in bad]
        return not bad

    def _to_holder(self, card: dict, holder: str, target_player: str | None, player: str) -> None:
        """moveToHolder then Holder.onChildAdd: the card on top of the holder's stack and unowned, then owned by the
        player it was dealt to (or the clicking player) when the holder keeps children per owner, then the holder's
        onEnter properties set on it."""
        top = max([c.get("z", 0) for c in self.children(holder)], default=0)
        card.update({"parent": holder, "z": top + 1})
        card.pop("x", None), card.pop("y", None), card.pop("owner", None)
        target = self.widgets[holder]
        if self.get(target, "childrenPerOwner"):
            card["owner"] = target_player or player
        for key, value in self.get(target, "onEnter").items():
            card[key] = value

    def _recall(self, op: dict, widget, variables, collections, player) -> None:
        """RECALL: every card of each deck that lies in the holder goes back into it (owned cards too, by default:
        `owned: true`)."""
        if not self._valid(op["holder"]):
            return
        decks = [w for w in self.widgets.values() if w.get("type") == "deck" and w.get("parent") == op["holder"]]
        if not decks:
            self.problems.append(f"Holder {op['holder']} does not have a deck.")
        for deck in decks:
            for card in self.cards(deck["id"]):
                if self.holder_of(card) != op["holder"] or card.get("owner"):
                    self._to_holder(card, op["holder"], None, player)

    def _shuffle(self, op: dict, widget, variables, collections, player) -> None:
        """SHUFFLE of a holder: its children's z shuffled among them."""
        if not self._valid(op["holder"]):
            return
        cards = self.children(op["holder"])
        zs = sorted(c.get("z", 0) for c in cards)
        self.random.shuffle(zs)
        for card, z in zip(cards, zs, strict=True):
            card["z"] = z

    def _move(self, op: dict, widget, variables, collections, player) -> None:
        """MOVE from a holder: its top `count` cards (1 by default), turned to `face` first, into `to`. A holder takes
        them itself; a seat puts them into its `hand` holder for its player, and refuses them while no one sits there
        ("Seat … is empty or does not define a hand")."""
        if not self._valid(op["from"], op["to"]):
            return
        target = self.widgets[op["to"]]
        if target.get("type") not in ("holder", "seat"):
            self.problems.append(f"MOVE to {op['to']}: this player moves to holders and seats only")
            return
        for card in reversed(self.children(op["from"])[: op.get("count", 1)]):
            holder, owner = op["to"], None
            if target.get("type") == "seat":
                holder, owner = self.get(target, "hand"), self.get(target, "player")
                if not owner or not holder:
                    self.problems.append(f"Seat {op['to']} is empty or does not define a hand.")
                    return
                if holder not in self.widgets:
                    self.problems.append(f"Seat {op['to']} declares 'hand: {holder}' which does not exist.")
                    return
            if op.get("face") is not None:
                card["activeFace"] = op["face"]
            self._to_holder(card, holder, owner, player)

    def _movexy(self, op: dict, widget, variables, collections, player) -> None:
        """MOVEXY: the top `count` cards of `from` loose on the table at x, y, turned to `face`, unowned
        (`resetOwner`, true by default)."""
        if not self._valid(op["from"]):
            return
        for card in reversed(self.children(op["from"])[: op.get("count", 1)]):
            if op.get("face") is not None:
                card["activeFace"] = op["face"]
            card.update({"x": op.get("x", 0), "y": op.get("y", 0), "parent": None})
            if op.get("resetOwner", True):
                card.pop("owner", None)

    def _select(self, op: dict, widget, variables, collections, player) -> None:
        """SELECT from every widget (source 'all', mode 'set'): those of `type` ('card' takes piles too) whose
        `property` (parent by default) is `==` or `!=` `value` (null by default), piles resolved into their cards, as
        collection `collection` ('DEFAULT')."""
        kind, key, value = op.get("type", "all"), op.get("property", "parent"), op.get("value")
        relation = op.get("relation", "==")
        if op.get("source", "all") != "all" or op.get("mode", "set") != "set" or relation not in ("==", "!="):
            self.problems.append(f"SELECT {op}: this player selects from all widgets with == or != only")
            return
        chosen = []
        for w in self.widgets.values():
            if kind != "all" and w.get("type", "basic") != kind and not (kind == "card" and w.get("type") == "pile"):
                continue
            if (self.get(w, key) == value) == (relation == "=="):
                chosen.append(w)
        if kind != "pile":
            chosen = [c for w in chosen for c in (self.children_of_pile(w) if w.get("type") == "pile" else [w])]
        collections[op.get("collection", "DEFAULT")] = chosen[: op.get("max", 999999)]

    def children_of_pile(self, pile: dict) -> list[dict]:
        return sorted((w for w in self.widgets.values() if w.get("parent") == pile["id"]), key=lambda c: -c.get("z", 0))

    def _foreach(self, op: dict, widget, variables, collections, player) -> None:
        """FOREACH over a collection: its loopRoutine once per widget, with `widgetID` its id and DEFAULT just it."""
        if "in" in op or "range" in op:
            self.problems.append("FOREACH over `in` or `range`: this player loops over collections only")
            return
        members = self._collection(op.get("collection", "DEFAULT"), collections)
        for member in members or []:
            saved = variables.get("widgetID"), collections.get("DEFAULT")
            variables["widgetID"], collections["DEFAULT"] = member["id"], [member]
            self._routine(op.get("loopRoutine", []), widget, variables, collections, player)
            variables["widgetID"], collections["DEFAULT"] = saved

    def _if(self, op: dict, widget, variables, collections, player) -> None:
        """IF on a `condition`: thenRoutine when it is true (JavaScript's truth), elseRoutine when not, either left
        out doing nothing."""
        if "condition" not in op:
            self.problems.append("IF without a condition: this player reads `condition` only")
            return
        branch = op.get("thenRoutine" if _truthy(op["condition"]) else "elseRoutine")
        if isinstance(branch, list):
            self._routine(branch, widget, variables, collections, player)

    def _set(self, op: dict, widget, variables, collections, player) -> None:
        """SET `property` to `value` on every widget of the collection (relation '=', the default; null removes it, so it
        reads as its default again)."""
        if op.get("relation", "=") != "=":
            self.problems.append(f"SET with relation {op['relation']}: this player sets with = only")
            return
        key, value = op.get("property", "parent"), op.get("value")
        for w in self._collection(op.get("collection", "DEFAULT"), collections) or []:
            if value is None:
                w.pop(key, None)
            else:
                w[key] = value
