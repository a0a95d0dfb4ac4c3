"""The Tabletop Simulator export: deck sheets of at most 10 × 7 cells under 4096 px (the last cell the hidden-card
image) with a saved object per deck, board and token images, the dice (pnp.targets.tts_dice), and one save file with
the whole game on the table. Every image is named by its content (pnp.targets.packaging.digest_name), so a table
never shows art it cached from an earlier export."""
from __future__ import annotations

import functools
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from pnp.checks.setup import setup_plan
from pnp.core.errors import Loc, warning
from pnp.core.plurals import count_text
from pnp.core.shapes import Shape
from pnp.layout.elements import Face
from pnp.outputs.context import GameContext
from pnp.targets import tts, tts_setup, tts_table
from pnp.targets.components import Component, collect
from pnp.targets.packaging import digest_name
from pnp.targets.png import PngEncoder
from pnp.targets.preflight import TTS_MAX_COLUMNS, TTS_MAX_PX, TTS_MAX_ROWS, check_tts_image, check_tts_sheet
from pnp.targets.rendering import EXTRA_BLEED_MM, cut_mask, distinct_faces, png_bytes, raster, size_text
from pnp.targets.staging import Export, ExportRequest

TTS_DPI = 300  # the most a Tabletop Simulator image uses unless told (`pnp export --dpi`): sharp on screen, quick to load


def tts_grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `cards` faces plus the hidden-card cell."""
    cells = cards + 1
    rows = max(2, math.ceil(cells / TTS_MAX_COLUMNS))  # TTS's import dialog takes 2–10 columns and 2–7 rows
    return max(2, math.ceil(cells / rows)), rows


def tts_cell(card_mm: tuple[float, float], cols: int, rows: int, dpi: int = TTS_DPI) -> tuple[int, int, float]:
    """Cell size in px (and px per mm) so that the sheet stays under 4096 px a side, at most `dpi`."""
    w, h = card_mm
    px_per_mm = min(dpi / 25.4, (TTS_MAX_PX - 1) / (cols * w), (TTS_MAX_PX - 1) / (rows * h))
    cw, ch = math.floor(w * px_per_mm), math.floor(h * px_per_mm)
    return cw, ch, px_per_mm


def tts_image_size(trim_mm: tuple[float, float], dpi: int = TTS_DPI) -> tuple[tuple[int, int], float]:
    """Pixel size (and px per mm) of a board or token image: at most `dpi`, under 4096 px a side."""
    px_per_mm = min(dpi / 25.4, (TTS_MAX_PX - 1) / max(trim_mm))
    return (math.floor(trim_mm[0] * px_per_mm), math.floor(trim_mm[1] * px_per_mm)), px_per_mm


def tts_save_name(slug: str) -> str:
    return f"{slug}-tts-save.json"


def tts_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """Deck sheets, board and token images (at most the request's dpi), a saved object per deck, and one save with the
    whole game on the table."""
    game, base_url = gctx.game, request.base_url
    setup = setup_plan(game)  # checked with the game's data (`pnp validate`): here for `export --no-validate`
    findings += setup.findings
    if not setup.ok:
        return
    placed, dealt = _on_the_table(gctx, request, result, findings, where)
    if not placed:
        return
    where_from = f"hosted under {base_url}" if base_url else "files on this machine (file://): the save works on this machine only"
    note = f"{game.title}, exported by pnp. Images: {where_from}."
    if dealt:
        placed.append((tts_setup.button_object(), tts_setup.BUTTON_UNITS))
    seats = _seats(game, findings)
    room = tts_table.room()
    layout = tts.places([size for _, size in placed], room[0])
    _warn_room(game, layout, room, findings)
    objects = [{**obj, "Transform": {**obj["Transform"], "posX": x, "posZ": z}} for (obj, _), (x, z) in zip(placed, layout.centres, strict=True)
               if obj is not None]
    save = tts.save_file(game.title, note, objects, seats)
    if dealt:
        _script_setup(game, save["ObjectStates"], placed, layout, dealt)
    name = tts_save_name(game.slug)
    result.files[name] = json.dumps(save, indent=2, ensure_ascii=False).encode("utf-8")
    kept = [(obj, size) for obj, size in placed if obj is not None]
    result.notes.append(f"{name}: {count_text(len(kept), 'object')} on the table ({_count_kinds(kept)}) and {count_text(len(tts_table.seats_for(seats)), 'hand zone')}")
    if base_url:
        result.next_step = (f"tts: upload the folder's images so that {base_url.rstrip('/')}/<file> serves each one, then copy {name} into "
                            f"Tabletop Simulator's Saves folder and load it")
    else:
        result.next_step = (f"tts: copy {name} into Tabletop Simulator's Saves folder and load it; its images are files on this machine, "
                            f"so it works on this machine only: to share it, host the folder and export with --base-url URL")


def _on_the_table(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> tuple[list, dict[int, Component]]:
    """Each component's object and footprint (units), in the order they are laid out, with the room kept after a deck
    for the cards `setup:` turns face up (None for an object); and which of them are decks the setup deals."""
    decks, dpi, game = request.decks, request.dpi, gctx.game
    url = _url_for(result.folder, request.base_url)
    placed: list[tuple[dict | None, tuple[float, float]]] = []
    dealt: dict[int, Component] = {}  # index in `placed` → a deck game.yaml's setup: deals
    next_key = 1  # CustomDeck keys are unique across the save, so decks never share a card id
    for component in collect(gctx, EXTRA_BLEED_MM, findings, decks):
        if component.deck_like:
            obj, next_key = _tts_deck(gctx, component, next_key, url, result, findings, where, dpi)
            _warn_unnamed(gctx, component, findings)
            if component.kind == "cards" and _setup_of(game, component.id) != (0, 0) and obj["Name"] == "DeckCustom":
                dealt[len(placed)] = component
        elif component.kind == "boards":
            obj = _tts_board(gctx, component, url, result, findings, where, dpi)
        else:
            obj = _tts_tokens(gctx, component, url, result, findings, where, dpi)
        placed.append((obj, tts.footprint(obj, component.trim)))
        face_up = _setup_of(game, component.id)[1]
        if len(placed) - 1 in dealt and face_up:
            placed.append((None, _face_up_grid(component.trim, face_up).size()))
    if not decks:  # a deck export leaves the dice out, as it does boards and tokens
        from pnp.targets.tts_dice import tts_dice

        placed += [(obj, tts.footprint(obj, size)) for obj, size in tts_dice(gctx, url, result, findings, where)]
    return placed, dealt


def _setup_of(game, deck_id: str) -> tuple[int, int]:
    """(cards dealt to each player, cards turned face up) of a deck, from game.yaml's `setup:`."""
    setup = game.spec.setup
    return setup.deal.get(deck_id, 0), setup.face_up.get(deck_id, 0)


@dataclass(frozen=True)
class _FaceUpGrid:
    """The room kept beside a deck for the cards `setup:` turns face up: `count` cards (units) in rows of `columns`,
    as near square as they go (nine make the 3 × 3 a grid of cards is laid out in), CARD_GAP_UNITS apart."""

    card: tuple[float, float]
    count: int
    columns: int

    def size(self) -> tuple[float, float]:
        rows = math.ceil(self.count / self.columns)
        (w, d), gap = self.card, CARD_GAP_UNITS
        return self.columns * (w + gap) - gap, rows * (d + gap) - gap

    def places(self, centre: tuple[float, float]) -> tuple[tuple[float, float], ...]:
        """Each card's centre (x, z), row by row from the grid's far left corner."""
        (w, d), gap = self.card, CARD_GAP_UNITS
        width, depth = self.size()
        left, far = centre[0] - width / 2, centre[1] + depth / 2
        return tuple((round(left + c * (w + gap) + w / 2, 4), round(far - r * (d + gap) - d / 2, 4))
                     for r, c in (divmod(n, self.columns) for n in range(self.count)))


CARD_GAP_UNITS = 0.3  # between cards turned face up


def _face_up_grid(trim: tuple[float, float], count: int) -> _FaceUpGrid:
    return _FaceUpGrid((trim[0] / tts.MM_PER_UNIT, trim[1] / tts.MM_PER_UNIT), count, math.ceil(math.sqrt(count)))


def _script_setup(game, objects: list[dict], placed: list, layout: tts.Layout, dealt: dict[int, Component]) -> None:
    """The setup button (the save's last object) gets the script that deals each deck, named by its GUID in the save,
    and turns its cards up in the room kept for them (the entry after the deck in `placed`)."""
    zones = [o["FogColor"] for o in objects if o["Name"] == "HandTrigger"]
    in_save = {}  # index in `placed` → index in the save's objects
    for index, (obj, _) in enumerate(placed):
        if obj is not None:
            in_save[index] = len(zones) + len(in_save)
    decks = []
    for index, component in sorted(dealt.items()):
        deal, up = _setup_of(game, component.id)
        places = _face_up_grid(component.trim, up).places(layout.centres[index + 1]) if up else ()
        decks.append(tts_setup.DeckSetup(objects[in_save[index]]["GUID"], component.name, deal, places))
    objects[-1]["LuaScript"] = tts_setup.setup_script(decks, zones)


def _seats(game, findings: list) -> int:
    """The seats the save lays out: setup.seats, else players.max; past the table's eight, a warning where it is set."""
    seats = game.spec.setup.seats or game.spec.players.max
    most = len(tts_table.SEATS)
    if seats > most:
        part, key = ("setup", "seats") if game.spec.setup.seats else ("players", "max")
        raw = game.data.get(part) if hasattr(game.data, "get") else None
        loc = raw.loc_of(key) if hasattr(raw, "loc_of") else Loc(game.rel)
        findings.append(warning("tts-seats", f"{part}.{key} asks for {seats} seats and Tabletop Simulator's rectangle table has {most}: the save lays "
                                f"out {most} hand zones, and the setup deals to those seated at them", loc, game=game.slug))
    return seats


def _warn_room(game, layout: tts.Layout, room: tuple[float, float], findings: list) -> None:
    """A game laid out wider or deeper than the room between the hand zones: some pieces start inside a player's hand.
    Said at the largest board's size (what takes the room), else at the top of game.yaml."""
    if layout.width <= room[0] and layout.depth <= room[1]:
        return
    findings.append(warning("tts-room", f"the game takes {layout.width:.1f} × {layout.depth:.1f} units on Tabletop Simulator's table, more than the "
                            f"{room[0]:.1f} × {room[1]:.1f} between the players' hand zones: pieces past that start in a player's hand zone; "
                            f"export fewer components at once (--deck) or make the largest boards smaller", _largest_board_loc(game), game=game.slug))


def _largest_board_loc(game) -> Loc:
    boards = list(zip(game.boards.boards, game.boards_data["boards"], strict=False)) if game.boards and game.boards_data else []
    if not boards:
        return game.data.loc if hasattr(game.data, "loc") else Loc(game.rel)
    _, raw = max(boards, key=lambda pair: pair[0].size[0] * pair[0].size[1])
    return raw.loc_of("size")


def _count_kinds(placed) -> str:
    counts = Counter(o["Name"] for o, _ in placed)
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())


def _url_for(folder: Path, base_url: str | None):
    """Image URL of a file in the export: under the base URL the user uploads to, else the file on this machine."""
    if base_url:
        base = base_url.rstrip("/")
        return lambda name: f"{base}/{quote(name)}"
    return lambda name: (folder / name).resolve().as_uri()


def _warn_unnamed(gctx: GameContext, component: Component, findings: list) -> None:
    """A deck whose cards have none of the name fields shows ids in Tabletop Simulator: say how to name them."""
    deck = gctx.game.decks.get(component.id) if component.kind == "cards" else None
    if deck is None or any(item.name != item.id for item in component.items):
        return
    fields = ", ".join(deck.name_field)
    meant = _a_name_field(deck)
    findings.append(warning("tts-card-names", f"no card of deck '{deck.id}' has a {fields} field{f' (did you mean {meant!r}?)' if meant else ''}, so "
                            "Tabletop Simulator names the cards by id: name the field holding each card's title with "
                            + (f"name_field: {meant}" if meant else "name_field: (for example name_field: title)"), deck.data.loc, game=gctx.game.slug))


def _a_name_field(deck) -> str | None:
    """The field of the deck's cards that is a name field written otherwise (a Squib sheet's `Name` column, a `title`),
    or None: the warning then names it, so the fix is one line."""
    from pnp.core.errors import did_you_mean

    have = list(dict.fromkeys(key for card in deck.cards for key in card.fields if key not in ("id", "count")))
    for wanted in (*deck.name_field, "name", "title"):
        hint = did_you_mean(wanted, have)
        if hint:
            return hint[len(" (did you mean '"):-len("'?)")]
    return None


def _tts_deck(gctx, component: Component, first_key: int, url, result: Export, findings: list, where, dpi: int) -> tuple[dict, int]:
    """Sheets of at most 69 cards, a back, a saved object for the deck; returns the deck object and the next free CustomDeck key."""
    items = component.items
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1  # 69: the last cell shows hidden cards
    chunks = [items[i : i + per_sheet] for i in range(0, len(items), per_sheet)]
    grids = [tts_grid(len(chunk)) for chunk in chunks]
    cw, ch, px_per_mm = tts_cell(component.trim, max(g[0] for g in grids), max(g[1] for g in grids), dpi)
    common_back, unique_backs = _deck_backs(items)
    faces = distinct_faces(f for item in items for f in (item.front, item.back))
    images = _Images(faces, raster(gctx, faces, (cw, ch), px_per_mm), chunks, keep=common_back)
    blank = Image.new("RGB", (cw, ch), "#d0d0d0")
    named: dict[str, str] = {}  # "back", "face-<n>", "backs-<n>" → the file's name, known once its bytes are
    sheets, cards = [], []
    kept = _SheetFiles(result, findings, where, (cw, ch), named, component.file_id).keep
    with PngEncoder(png_bytes) as encoder:
        hidden = images[common_back] if common_back is not None else blank
        if common_back is not None:
            encoder.add(hidden, functools.partial(_keep_back, result, named, component.file_id))
        for key, (chunk, (cols, rows)) in enumerate(zip(chunks, grids, strict=False), first_key):
            n = key - first_key + 1
            fronts, backs_sheet = _pasted_sheets(chunk, (cols, rows), (cw, ch), images, blank if unique_backs else None)
            cards += [{"id": item.id, "name": item.name, "count": item.copies, "sheet": key, "index": i, "tts_id": key * 100 + i} for i, item in enumerate(chunk)]
            images.done_with(n - 1)
            last = cols * rows - 1
            fronts.paste(hidden, ((last % cols) * cw, (last // cols) * ch))
            encoder.add(fronts, functools.partial(kept, f"{n}", cols, rows))
            if backs_sheet is not None:
                encoder.add(backs_sheet, functools.partial(kept, f"backs-{n}", cols, rows))
            sheets.append({"key": key, "columns": cols, "rows": rows, "cards": len(chunk), "copies": sum(i.copies for i in chunk),
                           "width": cols * cw, "height": rows * ch, "hidden_cell": last})
    back_name = named.get("back")
    objects = _sheet_objects(sheets, named, unique_backs, back_name, url)
    summary = {"deck": component.id, "name": component.name, "card_mm": list(component.trim), "cell_px": [cw, ch], "dpi": round(px_per_mm * 25.4, 1),
               "back": back_name if common_back is not None else None, "unique_backs": unique_backs, "sheets": sheets, "cards": cards,
               "faces": len(items), "total": sum(c["count"] for c in cards)}
    deck = tts.deck_object(f"{gctx.game.title}: {component.name}", component.trim, objects, [(c["name"], c["tts_id"], c["count"]) for c in cards],
                           component.cut.kind)
    saved = {"SaveName": f"{gctx.game.title}: {component.name}", "ObjectStates": tts.with_guids([deck]), "pnp": summary}
    result.files[f"{component.file_id}.json"] = json.dumps(saved, indent=2, ensure_ascii=False).encode("utf-8")
    grids_text = " and ".join(f"{s['columns']} × {s['rows']}" for s in sheets)
    result.notes.append(f"{component.id}: {count_text(len(sheets), 'sheet')} of {grids_text}, "
                        f"cells {cw} × {ch} px ({summary['dpi']:g} dpi), {count_text(summary['faces'], 'face')}, {count_text(summary['total'], 'card')}")
    return deck, first_key + len(chunks)


def _deck_backs(items) -> tuple[Face | None, bool]:
    """The back most cards show (the sheets' hidden cell, and the one back file when it is every card's), and whether
    the cards need a backs sheet of their own: more than one back, or a card with none beside cards with one."""
    backs = Counter(item.back for item in items if item.back is not None)
    common_back = backs.most_common(1)[0][0] if backs else None
    return common_back, len(backs) > 1 or (common_back is not None and any(item.back is None for item in items))


def _pasted_sheets(chunk, grid: tuple[int, int], cell: tuple[int, int], images, blank: Image.Image | None) -> tuple[Image.Image, Image.Image | None]:
    """One sheet's fronts, and its backs when the cards have backs of their own (`blank` standing in for a card with
    none), each card in the cell its index gives, row by row."""
    (cols, rows), (cw, ch) = grid, cell
    fronts = Image.new("RGB", (cols * cw, rows * ch), "white")
    backs_sheet = Image.new("RGB", (cols * cw, rows * ch), "white") if blank is not None else None
    for i, item in enumerate(chunk):
        r, c = divmod(i, cols)
        fronts.paste(images[item.front], (c * cw, r * ch))
        if backs_sheet is not None:
            backs_sheet.paste(images[item.back] if item.back is not None else blank, (c * cw, r * ch))
    return fronts, backs_sheet


def _sheet_objects(sheets: list[dict], named: dict, unique_backs: bool, back_name: str | None, url) -> list:
    """Each sheet's files (its own backs sheet, or the deck's back) set in its summary, and its CustomDeck entry."""
    objects = []
    for n, sheet in enumerate(sheets, 1):
        sheet["file"] = named[f"{n}"]
        sheet["back_file"] = named[f"backs-{n}"] if unique_backs else back_name
        objects.append(tts.Sheet(sheet["key"], url(sheet["file"]), url(sheet["back_file"]) if sheet["back_file"] else "", sheet["columns"], sheet["rows"],
                                 unique_backs))
    return objects


@dataclass(frozen=True)
class _SheetFiles:
    """Where a deck's sheets go once encoded (`keep`): into the export, each named by its content and its part."""

    result: Export
    findings: list
    where: Callable[[str], str]
    cell: tuple[int, int]  # px of one card on the sheets
    named: dict  # part → its file's name, once its bytes are known
    stem: str  # the deck's file id

    def keep(self, part: str, cols: int, rows: int, data: bytes) -> None:
        """The sheet `part` as its file (`<deck>-<part>-<digest>.png`), checked against TTS's rules for a sheet."""
        name = self.named[part] = digest_name(f"{self.stem}-{part}", data)
        self.result.files[name] = data
        self.findings.extend(check_tts_sheet(data, self.where(name), cols, rows, self.cell))


def _keep_back(result: Export, named: dict, stem: str, data: bytes) -> None:
    """Where a deck's shared back goes once encoded: `<deck>-back-<digest>.png`."""
    name = named["back"] = digest_name(f"{stem}-back", data)
    result.files[name] = data


class _Images:
    """A deck's face images for its Tabletop Simulator sheets, rendered as the sheets first ask for them and let go
    after the last sheet that shows them (a 2,000-card deck's cells held at once took 1.4 GB)."""

    def __init__(self, faces: list[Face], images: Iterator[Image.Image], chunks: list[list], keep: Face | None):
        self._coming = zip(faces, images, strict=True)  # in the order the sheets' cards first show them
        self._held: dict[Face, Image.Image] = {}
        self._last: dict[Face, int] = {}  # face → the last sheet (chunk index) that shows it
        for number, chunk in enumerate(chunks):
            for item in chunk:
                for face in (item.front, item.back):
                    if face is not None:
                        self._last[face] = number
        if keep is not None:
            self._last[keep] = len(chunks)  # the common back: every sheet's hidden cell

    def __getitem__(self, face: Face) -> Image.Image:
        while face not in self._held:
            coming, image = next(self._coming)
            self._held[coming] = image
        return self._held[face]

    def done_with(self, number: int) -> None:
        """Let go of the images no sheet after sheet `number` shows."""
        for face in [f for f in self._held if self._last.get(f, -1) <= number]:
            del self._held[face]


def _tts_image(gctx, face: Face, trim: tuple[float, float], dpi: int, cut: Shape | None = None) -> tuple[Image.Image, tuple[int, int]]:
    """A board or token face at its trim for TTS; with `cut`, transparent outside a token's outline."""
    size, px_per_mm = tts_image_size(trim, dpi)
    image = next(raster(gctx, [face], size, px_per_mm))
    if cut is not None:
        image.putalpha(cut_mask(cut, size, trim))
    return image, size


def _tts_board(gctx, component: Component, url, result: Export, findings: list, where, dpi: int) -> dict:
    item = component.items[0]
    image, size = _tts_image(gctx, item.front, component.trim, dpi)
    data = png_bytes(image)
    name = f"boards/{digest_name(component.file_id, data)}"
    result.files[name] = data
    findings.extend(check_tts_image(data, where(name), size))
    result.notes.append(f"{name}: {size[0]} × {size[1]} px, a custom board of {size_text(component.trim)} mm")
    return tts.board_object(component.name, url(name), component.trim)


def _tts_tokens(gctx, component: Component, url, result: Export, findings: list, where, dpi: int) -> dict:
    """Each token face as images, each copy as a TTS object (token, tile or figurine), the set in a bag."""
    objects = []
    for item in component.items:
        def image(face: Face, side: str, shape: Shape | None = None, item=item) -> str:
            img, size = _tts_image(gctx, face, component.trim, dpi, shape)
            data = png_bytes(img)
            name = f"tokens/{component.file_id}/{digest_name(f'{component.stem(item)}-{side}', data)}"
            result.files[name] = data
            findings.extend(check_tts_image(data, where(name), size, alpha=shape is not None))
            return url(name)

        if component.shape == "standee":
            front = image(item.front, "front")
            obj = tts.figurine_object(item.name, front, image(item.back, "back") if item.back is not None else front, component.trim)
        elif item.back is None:
            obj = tts.token_object(item.name, image(item.front, "front", component.cut), component.trim)
        else:
            obj = tts.tile_object(item.name, image(item.front, "front"), image(item.back, "back"), component.shape, component.trim)
        objects += [obj] * item.copies
    kinds = ", ".join(sorted({o["Name"] for o in objects}))
    result.notes.append(f"tokens/{component.id}: {count_text(len(component.items), 'face')}, {count_text(len(objects), 'piece')} ({kinds}), {size_text(component.trim)} mm")
    return objects[0] if len(objects) == 1 else tts.bag_object(component.name, objects)
