"""Tabletop Simulator's setup button: a block on the table whose Lua script deals each deck as game.yaml's `setup:`
says, once, to the players seated, the counterpart of virtualtabletop.io's Deal button (pnp.targets.export_vtt).

The script uses TTS's scripting API (api.tabletopsimulator.com): `self.createButton` on load; on a click,
`getSeatedPlayers()` gives the colours of the players seated, of which those with a hand zone in the save are dealt;
`getObjectFromGUID` finds each deck as the save placed it, `shuffle()` shuffles it, `deal(n, colour)` puts n cards in
that colour's hand, and `takeObject{position, flip = true}` lays a card face up at a place the save kept clear for it
(a deck taken down to one card leaves that card as its `remainder`). It deals once: `onSave` keeps that it has dealt
(the block's script state, handed back to `onLoad`), and a second click only says so on the table
(`broadcastToAll`), as does a click with nobody seated when the setup deals to hands.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.targets import tts

BUTTON_NAME = "Setup"
BUTTON_UNITS = (3.0, 1.5)  # the block's size on the table (x, z)
FACE_UP_Y = 1.5  # the height a card turned up is laid down from


@dataclass(frozen=True)
class DeckSetup:
    """One deck the button deals: its GUID in the save, its name, the cards each seated player gets, and the places
    (x, z on the table, units) where its cards are turned face up, one card each."""

    guid: str
    name: str
    deal: int
    face_up: tuple[tuple[float, float], ...]


def button_object() -> dict:
    """The block the script lives on, locked in place; its script is set once the decks' GUIDs are known."""
    sx, sz = BUTTON_UNITS
    return {"Name": "BlockSquare", "Nickname": BUTTON_NAME, "Locked": True, "Transform": tts.transform(scale=(sx, 0.3, sz)),
            "ColorDiffuse": {"r": 0.16, "g": 0.38, "b": 0.72}, "LuaScript": ""}


def _lua_string(text: str) -> str:
    """A Lua string literal: plain ASCII as is, every other byte of its UTF-8 as a three-digit decimal escape (so a
    digit after it is not read as part of it)."""
    return '"' + "".join(chr(b) if b < 128 and (chr(b).isalnum() or chr(b) in " -_.,:;()'!?") else f"\\{b:03d}" for b in text.encode("utf-8")) + '"'


def _deck_row(d: DeckSetup) -> str:
    places = ", ".join(f"{{{x:g}, {z:g}}}" for x, z in d.face_up)
    return f"  {{guid = {_lua_string(d.guid)}, name = {_lua_string(d.name)}, deal = {d.deal}, face_up = {{{places}}}}},"


def setup_script(decks: list[DeckSetup], seats: list[str]) -> str:
    """The block's Lua: a Deal button that shuffles each deck of `decks`, deals it to the seated players of `seats`
    (the colours whose hand zones the save holds) and turns cards face up, once (SETUP_LUA)."""
    rows = "\n".join(_deck_row(d) for d in decks)
    colours = ", ".join(_lua_string(c) for c in seats)
    deals_hands = "true" if any(d.deal for d in decks) else "false"
    return (f"-- Written by pnp from game.yaml's setup: Deal shuffles each deck and deals it as the rules say, once.\n"
            f"SEATS = {{{colours}}}\nSETUP = {{\n{rows}\n}}\nDEALS_HANDS = {deals_hands}\nFACE_UP_Y = {FACE_UP_Y:g}\nDEALT = false\n\n{SETUP_LUA}")


# What the button does, the same for every game (the game's decks and seats are set above it by setup_script).
SETUP_LUA = """function onLoad(script_state)
  DEALT = script_state == "dealt"
  self.createButton({click_function = "dealAll", function_owner = self, label = "Deal", position = {0, 0.6, 0},
    width = 1400, height = 600, font_size = 300, tooltip = "Shuffle each deck and deal each seated player the cards the rules say"})
end

function onSave()
  if DEALT then return "dealt" end
  return ""
end

function seatedHands()
  local hands = {}
  for _, colour in ipairs(getSeatedPlayers()) do
    for _, seat in ipairs(SEATS) do
      if colour == seat then table.insert(hands, colour) end
    end
  end
  return hands
end

function layFaceUp(source, d)
  for _, place in ipairs(d.face_up) do
    if source == nil then return end
    local at = {place[1], FACE_UP_Y, place[2]}
    if source.type == "Card" then
      source.setPositionSmooth(at)
      source.flip()
      return
    end
    source.takeObject({position = at, flip = true})
    if source.remainder ~= nil then source = source.remainder end
  end
end

function dealAll()
  if DEALT then
    broadcastToAll("Setup has dealt already, and deals only once: to deal afresh, load the save again")
    return
  end
  local hands = seatedHands()
  if DEALS_HANDS and #hands == 0 then
    broadcastToAll("Take a seat first: Setup deals to each seated player's hand")
    return
  end
  DEALT = true
  for _, d in ipairs(SETUP) do
    local deck = getObjectFromGUID(d.guid)
    if deck == nil then
      broadcastToAll(d.name .. ": the deck is no longer on the table as loaded; load the save again to deal afresh")
    else
      deck.shuffle()
      if d.deal > 0 then
        for _, colour in ipairs(hands) do deck.deal(d.deal, colour) end
      end
      if deck.remainder ~= nil then deck = deck.remainder end
      layFaceUp(deck, d)
    end
  end
end
"""
