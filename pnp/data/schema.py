"""The shape of every YAML file, declared as pydantic models.

Validation is strict (a count written "3" is a string, not a number) and
unknown keys are refused with a did-you-mean suggestion. Each pydantic error
is turned into a Finding at the position the loader recorded.
"""

import math
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from pnp.core.errors import Loc, did_you_mean, error
from pnp.core.units import STAMP_INSET_MM, number_as_written, value_as_written
from pnp.data.label_sheets import LabelsSpec
from pnp.data.located import LocDict, loc_at
from pnp.data.schema_base import (
    ID_PATTERN,
    MAX_CARDS_PER_DECK,
    MAX_COPIES,
    MAX_COPIES_PER_DECK,
    CardSize,
    Colour,
    Strict,
    cut_named,
)

DEFAULT_PALETTE = {"ink": "#222222", "paper": "#ffffff"}  # what text and backgrounds use when a game names no colours of its own
STAMP_CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")  # where a card's version stamp may sit (pnp.data.stamps)
DEFAULT_STAMP_CORNER = "bottom-left"  # a deck that names no corner: the lower right often holds a card number, the top a title
LANGUAGE_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$"  # a language code, and a region or script after a hyphen (pt-BR)
WEB_ADDRESS_PATTERN = r"^https?://\S+$"
# The version of the project format this pnp reads (game.yaml's `format_version:`, docs/data-format.md#format-version):
# raised only by a release that would read an existing project differently, with the steps to move in CHANGELOG.md.
FORMAT_VERSION = 1


class Players(Strict):
    min: int = Field(ge=1, le=20)
    max: int = Field(ge=1, le=20)


class Component(Strict):
    name: str
    in_: str | list[str] = Field(alias="in")
    count: int = Field(ge=0, le=1_000_000)
    source: str
    by: dict[str, dict[str | int, int]] = {}
    where: str | None = None  # only the items this expression holds for are counted, as a constraint's `where:` filters
    note: str = ""


# The constraint kinds a game may name in `check:`, each with the keys it needs besides `check` and `in`. The data
# format's vocabulary lives here, below the checks that carry it out: pnp.checks.constraints.CONSTRAINTS lists one
# function per kind, and tests/test_constraints.py holds the two tables to the same names.
CHECK_KEYS = {
    "unique": ("field",),
    "range": ("field", "min", "max"),
    "allowed": ("field", "values"),
    "contiguous": ("field", "from_", "to"),
    "each": ("fields", "count"),
    "value_sets": ("fields", "group_by", "sets"),
    "expression": ("test",),
    "reference": ("field", "target", "target_field"),
    "present": ("field", "values"),
}
CHECKS = tuple(CHECK_KEYS)  # the allowed `check:` values, derived from the table above


class Constraint(Strict):
    check: Literal[CHECKS]  # type: ignore[valid-type]
    in_: str | list[str] = Field(alias="in")
    field: str | None = None
    fields: list[str] | None = None
    min: float | None = None
    max: float | None = None
    values: list[Any] | dict[str, list[Any]] | None = None
    from_: int | None = Field(default=None, alias="from")
    to: int | None = None
    count: int | None = Field(default=None, ge=0)
    group_by: str | None = None
    sets: list[list[Any]] | None = None
    test: str | None = None
    target: str | None = None
    target_field: str | None = None
    times: int | None = Field(default=None, ge=1)
    at_least: int | None = Field(default=None, ge=1)
    same: dict[str, str] | None = None  # reference: field here → field of the named item that must be equal
    where: str | None = None
    message: str | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _has_its_keys(self):
        missing = [k.rstrip("_") for k in CHECK_KEYS[self.check] if getattr(self, k) is None]
        if missing:
            raise ValueError(f"check '{self.check}' needs: {', '.join(missing)}")
        return self


class SetupSpec(Strict):
    """How an online table starts (`pnp export --format pcio/vtt`, pnp.targets.table): how many seats it lays out, how
    many cards of each deck every seat is dealt face down, and how many of a deck's cards lie face up beside it."""

    seats: int | None = Field(default=None, ge=1, le=20)  # none: the game's players.max
    deal: dict[str, Annotated[int, Field(ge=0, le=MAX_COPIES)]] = {}  # deck id → cards each seat is dealt
    face_up: dict[str, Annotated[int, Field(ge=0, le=MAX_COPIES)]] = {}  # deck id → cards turned face up beside the deck


FEEDBACK_FIELDS = ("game", "version", "card", "code")  # what a QR stamp can fill in on the form (pnp.data.stamps.form_link)
ANSWER_COLUMNS = ("time", "code", "card", "version")  # what `pnp feedback import` reads of an answer sheet besides the answers


class FeedbackSpec(Strict):
    """game.yaml's `feedback:`: the playtest form's address, the form's field for each thing a QR stamp fills in, and the
    headers of the answer sheet `pnp feedback import` reads (Google Forms' and Microsoft Forms' by default)."""

    form: str | None = Field(default=None, pattern=WEB_ADDRESS_PATTERN, max_length=500)
    fields: dict[Literal[FEEDBACK_FIELDS], Annotated[str, Field(min_length=1, max_length=100)]] = {}  # type: ignore[valid-type]
    columns: dict[Literal[ANSWER_COLUMNS], Annotated[str, Field(min_length=1, max_length=200)]] = {}  # type: ignore[valid-type]
    time_format: str | None = Field(default=None, max_length=100)  # strptime's words for the time column (%d/%m/%Y %H:%M), where it is not ISO or US
    ignore: list[str] = []  # answer columns not kept, whatever they hold
    keep: list[str] = []  # columns kept though they look like who answered (an e-mail, a phone number, a name: pnp.data.personal)


class StampsSpec(Strict):
    """`stamps: {qr: true}`: the stamp is the text and a QR code opening the feedback form, prefilled with the card."""

    qr: bool = False


def _format_this_pnp_reads(version: int) -> int:
    """A project written for another format is refused where it says so, with what to do, rather than misread."""
    if version > FORMAT_VERSION:
        raise ValueError(f"this project is written for format {version}, newer than the format {FORMAT_VERSION} this pnp reads: "
                         "upgrade pnp (pipx upgrade print-and-play, or pip install -U print-and-play)")
    if version < 1:
        raise ValueError(f"format {version} never existed: write format_version: {FORMAT_VERSION}, or remove the line")
    return version


class GameSpec(Strict):
    # absent in projects written before the key existed: they are format 1
    format_version: Annotated[int, AfterValidator(_format_this_pnp_reads)] = FORMAT_VERSION
    title: str = Field(min_length=1, max_length=200)
    subtitle: str = ""
    pitch: str = ""
    players: Players
    age: int | None = Field(default=None, ge=0, le=99)  # minimum age; the rulebook's cover leaves it out when absent
    play_time: int | str | None = None  # minutes, or a text such as "2–3 hours"
    palette: dict[str, Colour] = Field(default={}, validate_default=True)  # ink and paper are there even when a game names no colours
    fonts: dict[str, str] = {}
    notes: str = ""
    # who made it and how it plays, for the bundle's credits and back cover and the sell sheet (docs/publish.md)
    designer: str = ""
    contact: str = ""  # where a publisher reaches the designer: an e-mail or web address
    genre: str = ""  # "card game", "set collection"
    play: str = ""  # one paragraph: what a turn looks like and how the game is won
    sources: list[str] = []  # what the game was written from, said in this edition's own words
    facts: dict[str, Any] = {}
    version: str | int | float | None = None  # printed in each card's stamp (pnp.data.stamps): quote it ("1.10") to keep its zeros
    # A game that names no playtest form, table or label sheet (most) has the defaults made as they are, unvalidated (they
    # are no file's, and `model_construct` makes them equal to what validating nothing gives): validating them would
    # build each model's own validator, which a process that reads no such section never needs (issue #77).
    feedback: FeedbackSpec = Field(default_factory=lambda: FeedbackSpec.model_construct())  # the playtest form a QR stamp opens (pnp.data.answers)
    stamps: bool | StampsSpec = True  # a prototype's cards carry a version stamp; false leaves every face as its template draws it
    start: dict[str, Any] = {}
    setup: SetupSpec = Field(default_factory=lambda: SetupSpec.model_construct())  # where an online table's pieces start (docs/exports.md)
    components: list[Component] = []
    constraints: list[Constraint] = []
    labels: LabelsSpec = Field(default_factory=lambda: LabelsSpec.model_construct())  # the sheet its bag and box labels print on (pnp.data.label_sheets)
    languages: list[Annotated[str, Field(pattern=LANGUAGE_PATTERN)]] = []  # the first is the source (pnp.data.languages)
    strings: dict[str, str] = {}  # the fixed words of the game's templates, translated like any field (`draw@de:`)

    @field_validator("stamps")
    @classmethod
    def _qr_needs_a_form(cls, stamps, info):
        """A QR stamp opens the feedback form with the card filled in: without the form's address and the field that
        carries the card (or its code), its answers could never be joined to the card."""
        feedback = info.data.get("feedback")
        if isinstance(stamps, StampsSpec) and stamps.qr and feedback is not None:
            if not feedback.form:
                raise ValueError("a QR stamp opens the playtest form: give its address in feedback: {form: https://…}")
            if not {"card", "code"} & set(feedback.fields):
                raise ValueError("a QR stamp's answers are joined to their card by its code: name the form's field for it in "
                                 "feedback: {fields: {code: entry.123}} (or `card:` for the card's id)")
        return stamps

    @field_validator("palette")
    @classmethod
    def _colours(cls, palette):
        return {**palette, **{k: v for k, v in DEFAULT_PALETTE.items() if k not in palette}}


class CardSpec(BaseModel):
    """What a card must have; its other keys are fields for the templates, read from the card's own mapping (pnp.data.project).

    The extra keys are let through, not copied: a copy of every card's fields
    doubled a large deck's memory while it was read."""

    model_config = ConfigDict(extra="ignore", strict=True, populate_by_name=True, defer_build=True)
    id: str = Field(pattern=ID_PATTERN, max_length=80)
    count: int = Field(default=1, ge=0, le=MAX_COPIES)
    back: str | None = None


class DeckSpec(Strict):
    name: str
    size: CardSize
    shape: Annotated[str, cut_named(("rect", "round", "hex"))] = "rect"  # what the cards are cut to inside their size (pnp.core.shapes)
    corner_radius: float = Field(default=0.0, ge=0, le=30)  # mm: a rect card's rounded corners (3 mm is a playing card's)
    hex_top: Literal["flat", "pointy"] = "flat"  # a hex card's top: a flat side, or a corner
    art_bleed: Literal["none", "extend", "mirror"] = "none"  # an image reaching the trim bleeds by its own edge (pnp.layout.art_bleed)
    front: str
    back: str | None = None
    front_from: str | None = None  # the card field (a sheet's column) naming each card's front template; `front` where it is empty
    back_from: str | None = None  # the same for backs
    back_shows_rules: bool = False  # the shared back is a playable side (an action side): the ink saver keeps its content
    name_field: str | list[str] = "name"  # the field(s) holding what a card says it is: Tabletop Simulator's card names
    description: str = ""
    defaults: dict[str, Any] = {}
    keep_fields: list[str] = []  # card fields no template reads, kept on purpose (notes for the designer)
    cards: list[CardSpec] = Field(min_length=1, max_length=MAX_CARDS_PER_DECK)
    # Cards read from a spreadsheet instead of `cards:` (see pnp.data.spreadsheet); the loader fills `cards`.
    cards_from: str | None = None
    sheet: str | None = None
    id_column: str | None = None
    count_column: str | None = None
    text_columns: list[str] = []
    list_columns: dict[str, str] = {}
    stamp_corner: Literal[STAMP_CORNERS] = DEFAULT_STAMP_CORNER  # type: ignore[valid-type]  # where the fronts' version stamp goes
    # how far (mm) the stamp's box sits in from the trim: past a frame drawn just inside the safe area, say
    stamp_inset: float = Field(default=STAMP_INSET_MM, ge=STAMP_INSET_MM, le=30)
    generate: dict[str, Any] | None = None  # cards made from lists of values (pnp.data.generate); the loader fills `cards`

    @model_validator(mode="after")
    def _copies_within_limit(self):
        """Each copy of a card is a piece laid out before the pages are counted: 20,000 cards of 1,000 copies took a gigabyte."""
        copies = sum(card.count for card in self.cards)
        if copies > MAX_COPIES_PER_DECK:
            raise ValueError(f"this deck's cards make {copies:,} copies, over the {MAX_COPIES_PER_DECK:,} a deck may make: "
                             "lower some counts, or split the deck")
        return self


class SheetOptions(BaseModel):
    """The keys of a deck YAML that say where and how its cards are read from a spreadsheet."""

    model_config = ConfigDict(extra="ignore", strict=True, defer_build=True)
    cards_from: str = Field(min_length=1)
    sheet: str | None = None
    id_column: str | None = None
    count_column: str | None = None
    text_columns: list[str] = []
    list_columns: dict[str, str] = {}

    @field_validator("list_columns")
    @classmethod
    def _separators(cls, value):
        if any(not sep for sep in value.values()):
            raise ValueError("each list column needs a separator, like {tags: \";\"}")
        return value


FONT_STYLES = ("regular", "bold", "italic", "bold-italic")


class FontsFile(Strict):
    """A fonts/fonts.yaml: each family's file for each style it has (a regular one at least: the others fall back to
    it), and the families a missing character (`fallback`) and a title too long for its line (`condensed`) are set in."""

    families: dict[str, dict[Literal[FONT_STYLES], str]] = {}  # type: ignore[valid-type]
    fallback: str | list[str] = []
    condensed: str = ""

    @field_validator("families")
    @classmethod
    def _each_has_a_regular(cls, families):
        lacking = [name for name, styles in families.items() if "regular" not in styles]
        if lacking:
            raise ValueError(f"family '{lacking[0]}' has no regular style: name its regular file (bold and italic fall back to it)")
        return families


# The shapes of a game's other files (boards, tokens, boxes, dice, the reference, the rulebook's front matter) are
# declared in pnp.data.part_schema, whose models are made by the first process that reads such a file: a deck's build
# makes none of them (issue #77). Their names are read here as before (pnp.data.kinds' `part`, `from pnp.data.schema import`).
PART_NAMES = frozenset({"BoardSpec", "BoardsFile", "TokenItem", "TokenSet", "TokensFile", "BOX_STYLE_NAMES", "DIE_SHAPE_NAMES", "DEFAULT_STOCK_MM", "DEFAULT_BOARD_MM", "GS1_MAGNIFICATION", "MarkingsSpec", "SleeveSpec", "BoxSpec", "BoxesFile", "DieSpec", "DiceFile", "RefTable", "LegendItem", "RefSection", "ReferenceFile", "RulebookMatter"})


def __getattr__(name: str):
    if name in PART_NAMES:
        from pnp.data import part_schema

        return getattr(part_schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_READABLE = {
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "float_type": "expected a number",
    "string_type": "expected text",
    "bool_type": "expected true or false",
    "list_type": "expected a list",
    "dict_type": "expected a mapping (key: value lines)",
    "model_type": "expected a mapping (key: value lines)",
    "literal_error": None,
}

# What a value refused by each pattern should be, in the designer's words: an id of '_att' or a language of 'EN' is
# letters, so "letters, digits, '-' or '_'" alone would not say what to change.
_PATTERN_SENTENCES = {
    ID_PATTERN: "expected letters, digits, '-' or '_' (no spaces), starting with a letter or digit",
    LANGUAGE_PATTERN: "expected a language code in small letters, a region after a '-' if any (en, fr, pt-BR)",
    WEB_ADDRESS_PATTERN: "expected a web address starting with https:// or http:// (no spaces)",
}


def _describe(err, data) -> tuple[str, list]:
    """One readable sentence for a pydantic error, and the path to point at."""
    path = [p for p in err["loc"] if not _type_step(p)]
    kind = err["type"]
    if kind == "missing":
        return f"missing required key '{path[-1]}'", path[:-1]
    if kind == "extra_forbidden":
        return f"unknown key '{path[-1]}'", path
    name = _path_named(path, data) or "this file"
    return _value_sentence(err, kind, name, err.get("input"), err.get("ctx") or {}), path


def _path_named(path: list, data) -> str:
    """The path to a value as the designer names its parts: a list's item by its id where it has one
    (`dice.odd.faces`, `cards.rogue.count`), by its place in the list only where it has none (`cards.0.id`)."""
    steps, node = [], data
    for step in path:
        parent, node = node, _node_at(node, [step]) if node is not None else None
        item_id = node.get("id") if isinstance(step, int) and isinstance(node, dict) else None
        steps.append(str(item_id) if isinstance(item_id, str) and item_id else _key_written(parent, step))
    return ".".join(steps)


def _key_written(parent, step) -> str:
    """A key as its file writes it: a card's copies from a sheet under the sheet's own header (`Qty`), not `count`."""
    return getattr(parent, "headers", {}).get(step, str(step)) if isinstance(step, str) else str(step)


def _type_step(step) -> bool:
    """Whether a step of pydantic's error path names a type tried (`str`, `list[int]`...) rather than a key or index."""
    return isinstance(step, str) and ("[" in step or step in ("str", "int", "float", "bool"))


_QUOTED = re.compile(r"'([^']*)'")  # the choices in pydantic's `expected` ("'none', 'extend' or 'mirror'")


def _value_sentence(err, kind: str, name: str, value, ctx: dict) -> str:
    """What is wrong with the value at `name`: not allowed, out of bounds, too short or long, not usable, of the wrong type."""
    if kind == "literal_error":
        expected = str(ctx.get("expected", ""))
        return f"{name}: '{value}' is not allowed{did_you_mean(value, _QUOTED.findall(expected))}; expected {expected}"
    if kind == "greater_than_equal":
        return f"{name}: {value} is too small; the minimum is {number_as_written(ctx['ge'])}"
    if kind == "greater_than":
        return f"{name}: {value} is too small; it must be more than {number_as_written(ctx['gt'])}"
    if kind == "less_than_equal":
        return f"{name}: {value} is too large; the maximum is {number_as_written(ctx['le'])}"
    if kind == "less_than":
        return f"{name}: {value} is too large; it must be less than {number_as_written(ctx['lt'])}"
    if kind in ("too_short", "too_long"):
        return f"{name}: {err['msg'].lower()}"
    if kind == "string_too_short":  # pydantic's "String should have at least 1 character", in the words of the others here
        least = ctx.get("min_length", 1)
        return f"{name}: expected some text, got ''" if least == 1 else f"{name}: expected at least {least} characters, got {value_as_written(value)}"
    if kind == "string_too_long":
        return f"{name}: expected at most {ctx.get('max_length')} characters, got {len(value):,}"
    if kind == "value_error":
        return f"{name}: {ctx.get('error', err['msg'])!s}"
    if kind in ("float_type", "int_type") and isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return f"{name}: {value} is not a usable number"
    readable = (_PATTERN_SENTENCES.get(ctx.get("pattern")) if kind == "string_pattern_mismatch" else _READABLE.get(kind)) or err["msg"]
    return f"{name}: {readable}, got {value_as_written(value)}"[:300]


def check_shape(model: type[BaseModel], data, rel: str, *, what: str = "", game: str = ""):
    """Validate `data` against `model`; return (instance or None, findings at source positions)."""
    if not isinstance(data, dict):
        loc = getattr(data, "loc", Loc(rel, 1, 1))
        return None, [error("schema-type", f"{what or rel} should be a YAML mapping (key: value lines)", loc, game=game)]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        errors = exc.errors()
        missing = {tuple(e["loc"]) for e in errors if e["type"] == "missing"}
        meant_keys: set[tuple] = set()  # required keys a misspelt key stands for: one mistake, said at the misspelling
        findings = []
        for err in errors:
            message, path = _describe(err, data)
            if err["type"] == "extra_forbidden":
                parent = _node_at(data, path[:-1])
                hint = did_you_mean(path[-1], _known_keys(model, path[:-1], data))
                meant = (*tuple(err["loc"])[:-1], hint.split("'")[1]) if hint else None
                if meant in missing:
                    meant_keys.add(meant)
                    message += f"{hint}: '{meant[-1]}' is required: fix its spelling"
                else:
                    message += hint + ": remove it or fix its spelling"
                loc = parent.key_loc(path[-1]) if isinstance(parent, LocDict) else loc_at(data, path)
            else:
                loc = loc_at(data, path)
            findings.append((tuple(err["loc"]) if err["type"] == "missing" else None, error(f"schema-{err['type'].replace('_', '-')}", message, loc or Loc(rel), game=game)))
        return None, [f for where, f in findings if where not in meant_keys]


def _node_at(data, path):
    node = data
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _known_keys(model, path, data) -> list[str]:
    """The keys the model allows at `path`, for did-you-mean suggestions."""
    current = model
    for step in path:
        if isinstance(step, int):
            continue
        field = current.model_fields.get(step)
        if field is None:
            return []
        annotation = field.annotation
        inner = _model_in(annotation)
        if inner is None:
            return []
        current = inner
    return [f.alias or name for name, f in current.model_fields.items()]


def _model_in(annotation):
    import typing

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
