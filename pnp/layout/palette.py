"""A game's palette: colour names resolved to '#rrggbb' strings (palette names, hex codes, CSS/reportlab names)."""
from __future__ import annotations

import re
from functools import lru_cache

from reportlab.lib import colors as rl_colors

from pnp.core.css_names import CSS_NAMES
from pnp.core.errors import LayoutError, did_you_mean


@lru_cache(maxsize=1)
def _named() -> dict[str, str]:
    """reportlab's colour names, for templates written against them, overridden by the CSS names: where the two
    disagree (darkseagreen) a designer means the colour the web shows."""
    named = {name.lower(): "#" + value.hexval()[2:] for name, value in rl_colors.getAllNamedColors().items()}
    named.update(CSS_NAMES)
    return named



class Palette:
    """Colour names of one game, resolved to '#rrggbb' strings."""

    def __init__(self, colours: dict[str, str]):
        self.colours = {k: v.lower() for k, v in colours.items()}
        self._resolve_text = lru_cache(maxsize=4096)(self._resolve_uncached)

    def is_colour(self, name: str) -> bool:
        return name in self.colours or name.startswith("#") or name.lower() in _named()

    def resolve(self, value) -> str | None:
        if type(value) is str:  # a name or a code: what nearly every drawing call gives
            return self._resolve_text(value)
        if value is None:
            return None
        if isinstance(value, (list, tuple)) and len(value) == 3:
            return "#{:02x}{:02x}{:02x}".format(*tuple(int(v) for v in value))
        return self._resolve_text(value)

    def _resolve_uncached(self, value) -> str | None:
        text = str(value).strip()
        if text.lower() == "none":
            out = None
        elif text in self.colours:
            out = self.colours[text]
        elif re.fullmatch(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?", text):
            out = text.lower()
        elif re.fullmatch(r"#[0-9a-fA-F]{3}", text):
            out = "#" + "".join(c * 2 for c in text[1:]).lower()
        elif text.lower() in _named():
            out = _named()[text.lower()]
        else:
            raise LayoutError(f"unknown colour '{text}'{did_you_mean(text, [*self.colours, *CSS_NAMES])}: use a palette name, a CSS colour name or #rrggbb", text)
        return out
