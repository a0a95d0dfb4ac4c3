"""Commercial label and sticker sheets: where each slot lies on the page, by the maker's published template.

A sheet is data: its page, slot size and shape, the first slot's top-left
corner, the pitch between slot origins, and columns × rows. The presets are a
registry by name (the schema's allowed names come from it); a designer may
describe any other sheet in game.yaml (`labels: {sheet: {...}}`). All sizes in mm,
measured from the page's top-left corner as a ruler on the real sheet reads them.
"""
from dataclasses import dataclass, replace
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from pnp.core.errors import did_you_mean

INCH = 25.4
PAGES = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}


@dataclass(frozen=True, repr=False, eq=False)
class LabelSheet:
    """One label sheet: slot geometry in mm from the page's top-left corner."""

    name: str
    title: str
    page: tuple[float, float]
    slot: tuple[float, float]
    shape: str  # rectangle | round
    corner: float  # a rectangle's corner radius
    first: tuple[float, float]  # the first slot's top-left corner: (left margin, top margin)
    pitch: tuple[float, float]  # between slot origins: across, down
    columns: int
    rows: int
    maker: str = ""  # the maker's name for it ('Avery 5160'): the calibration page names it so, in any language

    def named_in(self, decimal: str) -> str:
        """The sheet in words any edition reads, with the edition's decimal mark: its maker's name, its slot size and its
        grid ('Avery L7160 · 63.5 × 38.1 mm · 3 × 7', '66,67 × 25,4 mm' in a German edition; a sheet the designer
        measured: size and grid alone)."""
        w, h = (format(v, ".4g").replace(".", decimal) for v in self.slot)
        return " · ".join(part for part in (self.maker, f"{w} × {h} mm", f"{self.columns} × {self.rows}") if part)

    def slots(self) -> list[tuple[float, float]]:
        """Every slot's top-left corner (x from the left, y from the top), row by row."""
        return [(self.first[0] + c * self.pitch[0], self.first[1] + r * self.pitch[1]) for r in range(self.rows) for c in range(self.columns)]


def _from_inches(sheet: LabelSheet) -> LabelSheet:
    """An Avery sheet written as its maker gives it, in inches (its page aside), made mm."""
    mm = lambda pair: (pair[0] * INCH, pair[1] * INCH)  # noqa: E731
    return replace(sheet, slot=mm(sheet.slot), corner=sheet.corner * INCH, first=mm(sheet.first), pitch=mm(sheet.pitch), maker=f"Avery {sheet.name}")


# The makers' published templates (Avery's own figures; 5294 and 3274.1 as gLabels' template database lists them). A title is
# the product's name, its slot and its grid, in no language: the calibration page of any edition prints it as it is.
PRESETS: dict[str, LabelSheet] = {
    "5160": _from_inches(LabelSheet("5160", "Avery 5160 · 2⅝ × 1 in · 3 × 10", PAGES["letter"], (2.625, 1.0), "rectangle", 0.0625,
                                    (3 / 16, 0.5), (2.75, 1.0), 3, 10)),
    "L7160": LabelSheet("L7160", "Avery L7160 · 63.5 × 38.1 mm · 3 × 7", PAGES["a4"], (63.5, 38.1), "rectangle", 0.0,
                        (7.25, 15.15), (66.04, 38.1), 3, 7, "Avery L7160"),
    "5294": _from_inches(LabelSheet("5294", "Avery 5294 · Ø 2½ in · 3 × 4", PAGES["letter"], (2.5, 2.5), "round", 0.0,
                                    (0.21, 0.425), (2.75, 2.515), 3, 4)),
    "3274.1": _from_inches(LabelSheet("3274.1", "Avery 3274.1 · 2½ × 2½ in · 3 × 3", PAGES["letter"], (2.5, 2.5), "rectangle", 0.0,
                                      (0.3125, 1.25), (2.6875, 3.0), 3, 3)),
}


class CustomSheet(BaseModel):
    """A sheet the designer measured: game.yaml `labels: {sheet: {page, slot, shape, first, pitch, columns, rows}}` (mm)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)  # not strict: YAML writes a pair as a list
    page: Literal["letter", "a4"] | tuple[float, float] = "letter"
    slot: tuple[float, float]
    shape: Literal["rectangle", "round"] = "rectangle"
    corner: float = Field(default=0.0, ge=0)
    first: tuple[float, float]
    pitch: tuple[float, float]
    columns: int = Field(ge=1, le=50)
    rows: int = Field(ge=1, le=100)

    @model_validator(mode="after")
    def _fits(self):
        sheet = self.sheet()
        w, h = sheet.page
        if min(*self.slot, *self.first) < 0 or self.pitch[0] < self.slot[0] or self.pitch[1] < self.slot[1]:
            raise ValueError("slots overlap or start off the page: each pitch must be at least the slot's size, the first slot at 0 or more")
        right = self.first[0] + (self.columns - 1) * self.pitch[0] + self.slot[0]
        bottom = self.first[1] + (self.rows - 1) * self.pitch[1] + self.slot[1]
        if right > w + 1e-6 or bottom > h + 1e-6:
            raise ValueError(f"the last slot ends at {right:g} × {bottom:g} mm, past the {w:g} × {h:g} mm page: check first, pitch, columns and rows")
        return self

    def sheet(self) -> LabelSheet:
        page = PAGES[self.page] if isinstance(self.page, str) else self.page
        title = f"{self.slot[0]:g} × {self.slot[1]:g} mm · {self.columns} × {self.rows}"  # in no language, as a preset's
        return LabelSheet("custom", title, page, self.slot, self.shape, self.corner, self.first, self.pitch, self.columns, self.rows)


def _preset(name: str) -> str:
    if name not in PRESETS:
        raise ValueError(f"'{name}' is no label sheet pnp knows{did_you_mean(name, PRESETS)}: use one of {', '.join(PRESETS)}, or describe the sheet "
                         "(page, slot, first, pitch, columns, rows)")
    return name


# The address-label sheet a build's labels print on when game.yaml names none: the one sold for the build's paper
# (ISO papers take the A4 sheet, the US ones the Letter sheet).
BY_PAPER = {"letter": "5160", "legal": "5160", "tabloid": "5160", "a4": "L7160", "a3": "L7160", "a3plus": "L7160", "a2": "L7160", "a1": "L7160"}


def _sheet_kind(value) -> str:
    """Which of `sheet:`'s two forms a value is: a mapping is a measured sheet, anything else a preset's name. Its
    mistakes are then said as that form's alone (one mistake, one finding), not as the other form's too ('expected
    text' beside a measured sheet's error). The tags are named as pydantic names types in an error's path ('[' marks
    one, pnp.data.schema), so a finding points at `sheet:` itself."""
    return "CustomSheet[mm]" if isinstance(value, dict) else "str"


SheetChoice = Annotated[Annotated[str, Tag("str")] | Annotated[CustomSheet, Tag("CustomSheet[mm]")], Discriminator(_sheet_kind)]


class ExtraLabel(BaseModel):
    """A label the game adds to those of its decks and token sets (a rules summary for the box lid, a setup card for the bag)."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    title: str
    lines: list[str] = []
    icon: str | None = None
    tint: str | None = None  # a palette name or #rrggbb; none: the palette's accent, or its ink where it has none (pnp.outputs.labels)


class LabelsSpec(BaseModel):
    """game.yaml `labels:`: the sheet the game's bag and box labels print on (default: Avery's address labels for the
    build's paper, BY_PAPER), the template that draws each label (pnp's own by default, in the game's palette and title
    font) and the labels the game adds."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    sheet: SheetChoice | None = None
    template: str = "pnp/label.j2"
    add: list[ExtraLabel] = []

    @field_validator("sheet", mode="before")
    @classmethod
    def _number_names_a_preset(cls, value):
        """`sheet: 5160` or `sheet: 3274.1` as YAML reads them (numbers) name the presets "5160" and "3274.1", as a designer means."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return value
        return str(value) if isinstance(value, int) else format(value, "g")

    @field_validator("sheet", mode="after")
    @classmethod
    def _known(cls, value):
        """A preset's name must be one pnp knows: said at `sheet:`'s value, offering the nearest name."""
        if isinstance(value, str):
            _preset(value)
        return value

    def label_sheet(self, paper: str = "letter") -> LabelSheet:
        """The sheet named, or with none the address labels sold for `paper` (Avery 5160 on Letter, L7160 on A4)."""
        if self.sheet is None:
            return PRESETS[BY_PAPER.get(paper, "5160")]
        return PRESETS[self.sheet] if isinstance(self.sheet, str) else self.sheet.sheet()
