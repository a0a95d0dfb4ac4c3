"""The table a Tabletop Simulator save sets: TTS's rectangle table, a hand zone at each seat the game lays out, the
room between those zones where pnp lays the game out, and the save's top level with the script that shuffles every
deck once, at load.

A save TTS writes itself carries every top-level key below and one `HandTrigger` object per seat (tests/samples/tts:
two real saves, their sources beside them). TTS deals only into hand zones (Object.deal on api.tabletopsimulator.com),
so a save without them seats nobody and deals nothing. The seats and their zones are those TTS gives its rectangle
table (Table_RPG), read from a real save of it: third-party, github.com/SilverEragon/SoulsFinderProject, TS_Save_1.json
(TTS v13.2.2).
"""
from __future__ import annotations

from dataclasses import dataclass

TABLE = "Table_RPG"  # TTS's "Rectangle" table, 1–8 players (kb.tabletopsimulator.com/host-guides/tables); names: api.tabletopsimulator.com/tables
SAVE_VERSION = "v13.2.2"  # the TTS version whose real save (SoulsFinderProject) gives the shape written here
HAND_Y, HAND_HEIGHT = 4.82, 9.17  # a hand zone's centre height and its height (Transform posY, scaleY), as in that save
ROOM_MARGIN = 0.5  # units kept clear between anything laid on the table and a hand zone


@dataclass(frozen=True)
class Seat:
    """A seat of the table: its player colour (TTS's name and colour: api.tabletopsimulator.com/player/colors), where
    its hand zone lies (centre x, z, turned rot_y degrees) and the zone's size along the table's edge and across it."""

    colour: str
    rgb: tuple[float, float, float]
    x: float
    z: float
    rot_y: float
    width: float
    depth: float

    def inner_edge(self) -> tuple[str, float]:
        """The axis the zone lies across and how far from the middle its edge toward the middle is."""
        across_z = self.rot_y % 180 == 0  # a zone along the near or far edge: deep along z
        return ("z", abs(self.z) - self.depth / 2) if across_z else ("x", abs(self.x) - self.depth / 2)


# The rectangle table's eight seats in TTS's own colour order, going round the table from White; positions and sizes
# rounded to the hundredth from the real save named above (Blue's 179.8° there squared to 180°).
SEATS = (
    Seat("White", (1.0, 1.0, 1.0), 15.2, -20.14, 0, 11.77, 4.87),
    Seat("Red", (0.856, 0.1, 0.094), -15.11, -20.11, 0, 11.77, 4.87),
    Seat("Orange", (0.956, 0.392, 0.113), -30.25, -8.82, 90, 11.66, 4.92),
    Seat("Yellow", (0.905, 0.898, 0.172), -30.22, 10.18, 90, 11.66, 4.92),
    Seat("Green", (0.192, 0.701, 0.168), -15.19, 19.79, 180, 11.77, 4.87),
    Seat("Blue", (0.118, 0.53, 1.0), 15.47, 19.84, 180, 11.77, 4.87),
    Seat("Purple", (0.627, 0.125, 0.941), 30.25, 9.59, 270, 11.66, 4.92),
    Seat("Pink", (0.96, 0.439, 0.807), 30.1, -8.45, 270, 11.66, 4.92),
)


def seats_for(count: int) -> tuple[Seat, ...]:
    """The first `count` seats round the table (at most the table's eight)."""
    return SEATS[: max(1, min(count, len(SEATS)))]


def room() -> tuple[float, float]:
    """Width (x) and depth (z) of the rectangle in the middle of the table that no hand zone reaches, less a margin:
    where the game is laid out, so no piece starts inside a player's hand."""
    half = {"x": min(s.inner_edge()[1] for s in SEATS if s.inner_edge()[0] == "x"),
            "z": min(s.inner_edge()[1] for s in SEATS if s.inner_edge()[0] == "z")}
    return 2 * (half["x"] - ROOM_MARGIN), 2 * (half["z"] - ROOM_MARGIN)


def hand_zone(seat: Seat) -> dict:
    """A seat's hand zone as TTS saves one: every key of a real save's HandTrigger, locked, its colour the seat's."""
    r, g, b = seat.rgb
    return {"Name": "HandTrigger",
            "Transform": {"posX": seat.x, "posY": HAND_Y, "posZ": seat.z, "rotX": 0.0, "rotY": float(seat.rot_y), "rotZ": 0.0,
                          "scaleX": seat.width, "scaleY": HAND_HEIGHT, "scaleZ": seat.depth},
            "Nickname": "", "Description": "", "GMNotes": "", "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
            "ColorDiffuse": {"r": r, "g": g, "b": b, "a": 0.0}, "LayoutGroupSortIndex": 0, "Value": 0, "Locked": True, "Grid": False,
            "Snap": True, "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": False, "Hands": False, "FogColor": seat.colour,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def shuffle_script(deck_guids: list[str]) -> str:
    """The save's global Lua: on the first load, shuffle every deck (named by its GUID in the save), so no deck starts
    in the order its sheets list the cards; once shuffled, the save's state says so and a reload shuffles nothing."""
    guids = ", ".join(f'"{guid}"' for guid in deck_guids)
    return f"""-- Written by pnp: every deck is shuffled once, when the save is first loaded.
DECKS = {{{guids}}}
SHUFFLED = false

function onLoad(script_state)
  SHUFFLED = script_state == "shuffled"
  if SHUFFLED then return end
  for _, guid in ipairs(DECKS) do
    local deck = getObjectFromGUID(guid)
    if deck ~= nil then deck.shuffle() end
  end
  SHUFFLED = true
end

function onSave()
  if SHUFFLED then return "shuffled" end
  return ""
end
"""


def save_top(title: str, note: str, objects: list[dict], script: str) -> dict:
    """The save's top level: every key a save TTS writes carries, TTS's defaults where pnp has nothing to say, and
    nothing that changes from one export to the next (no date, no time)."""
    return {"SaveName": title, "EpochTime": 0, "Date": "", "VersionNumber": SAVE_VERSION, "GameMode": title, "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": TABLE, "Sky": "Sky_Museum", "Note": note,
            "Rules": "", "TabStates": {},
            "Grid": {"Type": 0, "Lines": False, "Color": {"r": 0.0, "g": 0.0, "b": 0.0}, "Opacity": 0.75, "ThickLines": False, "Snapping": False,
                     "Offset": False, "BothSnapping": False, "xSize": 2.0, "ySize": 2.0, "PosOffset": {"x": 0.0, "y": 1.0, "z": 0.0}},
            "Lighting": {"LightIntensity": 0.54, "LightColor": {"r": 1.0, "g": 0.9804, "b": 0.8902}, "AmbientIntensity": 1.3, "AmbientType": 0,
                         "AmbientSkyColor": {"r": 0.5, "g": 0.5, "b": 0.5}, "AmbientEquatorColor": {"r": 0.5, "g": 0.5, "b": 0.5},
                         "AmbientGroundColor": {"r": 0.5, "g": 0.5, "b": 0.5}, "ReflectionIntensity": 1.0, "LutIndex": 0, "LutContribution": 1.0},
            "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0}, "ComponentTags": {"labels": []},
            "Turns": {"Enable": False, "Type": 0, "TurnOrder": [], "Reverse": False, "SkipEmpty": False, "DisableInteractions": False,
                      "PassTurns": True, "TurnColor": ""},
            "DecalPallet": [], "VectorLines": [], "SnapPoints": [], "LuaScript": script, "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}
