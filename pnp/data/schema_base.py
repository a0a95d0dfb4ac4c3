"""What the models of every file share (pnp.data.schema, pnp.data.part_schema): the strict and the open base, sizes,
colours, ids and cut shapes as a value is checked, and the resource caps. Below both, so that the models of a game's
other files can live apart from the schema's (issue #77) without either importing the other's module at its top.
"""
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict

from pnp.core.units import CARD_SIZES, parse_size

# Resource caps, documented in the README's safety section.
MAX_COPIES = 1000
MAX_CARDS_PER_DECK = 20_000
MAX_COPIES_PER_DECK = 100_000  # a deck's cards with their copies: each copy is a piece laid out before pages are counted
MAX_FACE_MM = 2000

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
COLOR_PATTERN = r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True, defer_build=True)


class Open(BaseModel):
    """A model whose extra keys are fields for the templates."""

    model_config = ConfigDict(extra="allow", strict=True, populate_by_name=True, defer_build=True)


def _size(value, presets=CARD_SIZES):
    size = parse_size(value, presets)
    if size is None:
        if not presets:  # a board's or token's size has no names to choose from
            raise ValueError("size must be 'W x H' in mm (as '60 x 40'; or with a unit: '6 x 4 cm'), or one number in mm for a square")
        from pnp.core.errors import did_you_mean

        hint = did_you_mean(value, presets) if isinstance(value, str) else ""
        raise ValueError(f"size must be one of {', '.join(presets)}, or 'W x H' in mm{hint}")
    if not all(0 < v <= MAX_FACE_MM for v in size):
        raise ValueError(f"each side must be between 0 and {MAX_FACE_MM} mm")
    return size


def _colour(value: str) -> str:
    """'#rrggbb[aa]' as written, or a CSS colour name (`darkgreen`) as '#rrggbb'."""
    import re

    if re.fullmatch(COLOR_PATTERN, value):
        return value
    from pnp.core.colour import css_colour

    named = css_colour(value)
    if named is None:
        from pnp.core.css_names import CSS_NAMES
        from pnp.core.errors import did_you_mean

        raise ValueError(f"'{value}' is not a colour{did_you_mean(value, CSS_NAMES)}: write #rrggbb or a CSS colour name (darkgreen, teal)")
    return named


Colour = Annotated[str, AfterValidator(_colour)]  # a palette entry: #rrggbb or a CSS name
CardSize = Annotated[Any, AfterValidator(_size)]  # a card preset (poker, tarot, …) or 'W x H' with a unit
FreeSize = Annotated[Any, AfterValidator(lambda value: _size(value, {}))]  # boards and tokens: 'W x H', or one number for a square


def cut_named(allowed: tuple[str, ...]):
    """A `shape:` value: one of `allowed`, or an outline's .svg file (pnp.data.outlines), which the loader reads."""
    def check(value: str) -> str:
        if value in allowed or (value.lower().endswith(".svg") and len(value) > 4):
            return value
        from pnp.core.errors import did_you_mean

        raise ValueError(f"'{value}' is not allowed{did_you_mean(value, allowed)}; expected {', '.join(repr(a) for a in allowed)} or an outline's .svg file (outlines/star.svg)")

    return AfterValidator(check)
