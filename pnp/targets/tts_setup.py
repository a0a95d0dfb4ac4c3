"""Tabletop Simulator's setup button: a block on the table whose Lua script deals each deck as game.yaml's `setup:`
says, the counterpart of virtualtabletop.io's Deal button (pnp.targets.export_vtt).

The script uses TTS's scripting API (api.tabletopsimulator.com): `self.createButton` on load; on a click,
`getObjectFromGUID` finds each deck as the save placed it, `shuffle()` shuffles it, `deal(n)` gives n cards to the
hand of every seated player, and `takeObject{flip = true}` lays a card face up beside it (a deck taken down to one
card leaves that card as its `remainder`). The decks are named by the GUIDs the save gives them, so the button deals
the table as loaded; once a deck is gone (every card dealt and gathered into a new deck), it says so.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.targets import tts

BUTTON_NAME = "Setup"
BUTTON_UNITS = (3.0, 1.5)  # the block's size on the table (x, z)


@dataclass(frozen=True)
class DeckSetup:
    """One deck the button deals: its GUID in the save, its name, the cards each seated player gets, the cards turned
    face up, and the step between those (units: a card's width and a gap)."""

    guid: str
    name: str
    deal: int
    face_up: int
    step: float


def button_object() -> dict:
    """The block the script lives on, locked in place; its script is set once the decks' GUIDs are known."""
    sx, sz = BUTTON_UNITS
    return {"Name": "BlockSquare", "Nickname": BUTTON_NAME, "Locked": True, "Transform": tts.transform(scale=(sx, 0.3, sz)),
            "ColorDiffuse": {"r": 0.16, "g": 0.38, "b": 0.72}, "LuaScript": ""}


def _lua_string(text: str) -> str:
    """A Lua string literal: plain ASCII as is, every other byte of its UTF-8 as a three-digit decimal escape (so a
    digit after it is not read as part of it)."""
    return '"' + "".join(chr(b) if b < 128 and (chr(b).isalnum() or chr(b) in " -_.,:;()'!?") else f"\\{b:03d}" for b in text.encode("utf-8")) + '"'


def setup_script(decks: list[DeckSetup]) -> str:
    """The block's Lua: a Deal button that shuffles and deals each deck of `decks`."""
    rows = "\n".join(f"  {{guid = {_lua_string(d.guid)}, name = {_lua_string(d.name)}, deal = {d.deal}, face_up = {d.face_up}, step = {d.step:g}}},"
                     for d in decks)
    return f"""-- Written by pnp from game.yaml's setup: Deal shuffles each deck and deals it as the rules say.
SETUP = {{
{rows}
}}

function onLoad()
  self.createButton({{click_function = "dealAll", function_owner = self, label = "Deal", position = {{0, 0.6, 0}},
    width = 1400, height = 600, font_size = 300, tooltip = "Shuffle each deck and deal each seated player the cards the rules say"}})
end

function layFaceUp(source, d)
  local at = source.getPosition()
  for n = 1, d.face_up do
    if source == nil then return end
    local place = {{at.x + d.step * n, at.y + 0.5, at.z}}
    if source.type == "Card" then
      source.setPositionSmooth(place)
      source.flip()
      return
    end
    source.takeObject({{position = place, flip = true}})
    if source.remainder ~= nil then source = source.remainder end
  end
end

function dealAll()
  local seated = #getSeatedPlayers()
  for _, d in ipairs(SETUP) do
    local deck = getObjectFromGUID(d.guid)
    if deck == nil then
      broadcastToAll(d.name .. ": the deck is no longer on the table as loaded; load the save again to deal afresh")
    elseif d.deal > 0 and seated == 0 then
      broadcastToAll("Take a seat first: " .. d.name .. " is dealt to each seated player's hand")
      return
    else
      deck.shuffle()
      if d.deal > 0 then deck.deal(d.deal) end
      if deck.remainder ~= nil then deck = deck.remainder end
      if d.face_up > 0 then layFaceUp(deck, d) end
    end
  end
end
"""
