"""Colour maths in one place: WCAG luminance and contrast, mixing and tints, colour-vision simulation, device CMYK.

Colours travel through pnp as '#rrggbb' (or '#rrggbbaa') strings. The maths
(WCAG 2.1 relative luminance and contrast, CIEDE2000, Brettel/Viénot
colour-vision simulation) is pnp.core.colour_science's, which gives coloraide's
answers to the last bit without importing it; this module adapts it to those
strings and remembers results, because faces ask the same questions of the same
few palette colours thousands of times.
"""
from __future__ import annotations

from functools import lru_cache

from pnp.core import colour_science as science
from pnp.core.css_names import CSS_NAMES


def css_colour(name: str) -> str | None:
    """A CSS colour name (`darkgreen`, any case) as '#rrggbb', or None: the names designers know from the web and
    from Squib and nanDECK (CSS Color Module Level 4's named colours)."""
    return CSS_NAMES.get(name.strip().lower())


WHITE = "#ffffff"
BLACK = "#000000"
INK_LIMIT = 2.40  # DriveThruCards and most offset presses: at most 240 % total ink


def rgb(hex_value: str) -> tuple[float, float, float]:
    """'#rrggbb[aa]' as red, green, blue from 0 to 1 (alpha ignored)."""
    return tuple(int(hex_value[i : i + 2], 16) / 255 for i in (1, 3, 5))


def hex_of(channels, alpha: str = "") -> str:
    """Red, green, blue from 0 to 1 as '#rrggbb', clamped, with an optional alpha suffix kept as given."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in channels) + alpha


def alpha(hex_value: str) -> float:
    """How opaque a '#rrggbb[aa]' colour is, from 0 to 1: its two alpha digits, else 1."""
    return int(hex_value[7:9], 16) / 255 if len(hex_value) == 9 else 1.0


def on_paper(hex_value: str, paper: str = WHITE) -> str:
    """A translucent '#rrggbbaa' as it prints on `paper`: alpha flattened."""
    if len(hex_value) != 9:
        return hex_value[:7]
    a = alpha(hex_value)
    return hex_of(a * v + (1 - a) * p for v, p in zip(rgb(hex_value), rgb(paper), strict=True))


@lru_cache(maxsize=4096)
def luminance(hex_value: str) -> float:
    """WCAG 2.1 relative luminance of a colour printed on white paper: 0 black, 1 white."""
    return science.luminance(_channels(on_paper(hex_value)))


@lru_cache(maxsize=16384)
def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two colours (each flattened onto white paper), from 1 to 21."""
    return science.contrast(luminance(a), luminance(b))


def readable_on(fill: str | None, dark: str, light: str = WHITE) -> str:
    """Whichever of `dark` and `light` text reads better on `fill` (white paper when None)."""
    ground = fill or WHITE
    return light if contrast(light, ground) > contrast(dark, ground) else dark


def mix(a: str, b: str, t: float) -> str:
    """`a` moved a fraction `t` towards `b`, channel by channel in sRGB (as paints mix on paper, near enough)."""
    return hex_of(x + (y - x) * t for x, y in zip(rgb(a), rgb(b), strict=True))


def tint(hex_value: str, strength: float) -> str:
    """The colour mixed with white: `strength` 1 keeps it, 0 is white; alpha kept."""
    return hex_of((1 - strength * (1 - v) for v in rgb(hex_value)), hex_value[7:9])


def darken(hex_value: str, target: float) -> str:
    """The colour mixed with black, in 5 % steps, until its luminance is at most `target`; alpha kept."""
    channels = rgb(hex_value)
    k = 1.0
    while luminance(hex_of(v * k for v in channels)) > target and k > 0.05:
        k -= 0.05
    return hex_of((v * k for v in channels), hex_value[7:9])


def until_contrast(colour: str, towards: str, ground: str, ratio: float) -> str:
    """`colour` mixed towards `towards` in 5 % steps until it reaches `ratio` against `ground` (or is `towards`)."""
    t = 0.0
    out = colour
    while contrast(out, ground) < ratio and t < 1.0:
        t = min(1.0, t + 0.05)
        out = mix(colour, towards, t)
    return out


@lru_cache(maxsize=4096)
def simulate(hex_value: str, vision: str) -> str:
    """How a colour looks to a reader with `vision`: grey, deutan, protan or tritan (full dichromacy)."""
    return science.to_hex(simulate_rgb(*_channels(on_paper(hex_value)), vision))


@lru_cache(maxsize=16384)
def difference(a: str, b: str) -> float:
    """CIEDE2000 colour difference of two colours printed on white (about 2.3 is just noticeable)."""
    return science.delta_e_2000(_lab(a), _lab(b))


@lru_cache(maxsize=4096)
def _lab(hex_value: str) -> list[float]:
    return science.lab_d65(_channels(on_paper(hex_value)))


def _channels(hex_value: str) -> list[float]:
    """'#rgb' or '#rrggbb' as sRGB channels from 0 to 1, as a colour parser reads them."""
    if len(hex_value) in (4, 5):
        hex_value = "#" + "".join(c * 2 for c in hex_value[1:4])
    return science.from_hex(hex_value)


def device_cmyk(hex_value: str, limit: float = INK_LIMIT) -> tuple[float, float, float, float]:
    """'#rrggbb[aa]' as device CMYK fractions for print-on-demand.

    A plain conversion with full grey-component replacement: greys and black
    print on the K plate alone (crisp text, no registration fringes), and
    colours whose total ink passes `limit` lose cyan, magenta and yellow in
    proportion. Alpha is flattened onto white, since print files may hold no
    transparency. No ICC profile is involved: a press proof is the judge."""
    r, g, b = rgb(hex_value)
    if len(hex_value) == 9:
        a = alpha(hex_value)
        r, g, b = (1 - a * (1 - v) for v in (r, g, b))
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    if c + m + y + k > limit:
        s = (limit - k) / (c + m + y)
        c, m, y = c * s, m * s, y * s
    c, m, y, k = (round(v, 4) for v in (c, m, y, k))
    while c + m + y + k > limit:  # rounding may push the sum a hair over
        c, m, y = (max(0.0, v - 0.0001) for v in (c, m, y))
    return (c, m, y, k)


# --- readability: WCAG 2.1 success criteria 1.4.3 (text) and 1.4.11 (graphics) ---
TEXT_CONTRAST = 4.5  # WCAG 2.1 AA, body text
LARGE_TEXT_CONTRAST = 3.0  # WCAG 2.1 AA, large text and graphical objects (icons)
LARGE_TEXT_PT = 18.0  # WCAG's "large": at least 18 pt ...
LARGE_BOLD_TEXT_PT = 14.0  # ... or at least 14 pt bold

VISIONS = ("grey", "deutan", "protan", "tritan")
# Colours that tell things apart must differ by at least this CIEDE2000 ΔE for every
# reader. ΔE00 1 is a just-noticeable difference side by side; print-proofing practice
# grades 2–10 as "perceptible at a glance" and the Wood Journal's classification
# (Wood 50(4):283, table 2) calls 6–12 a "large change" and above 12 "a different
# colour". Players compare cards across a table, not side by side under a proofing
# lamp, so we ask for the top of "large change": 10.
DISTINCT_DELTA_E = 10.0


def required_contrast(size_pt: float, bold: bool) -> float:
    """The WCAG 2.1 AA contrast text of this size needs: 3:1 when large (≥ 18 pt, or bold ≥ 14 pt), else 4.5:1."""
    large = size_pt >= LARGE_TEXT_PT - 1e-9 or (bold and size_pt >= LARGE_BOLD_TEXT_PT - 1e-9)
    return LARGE_TEXT_CONTRAST if large else TEXT_CONTRAST


def over(fore: str, ground: str) -> str:
    """`fore` (maybe translucent '#rrggbbaa') as it prints over the opaque `ground`."""
    return on_paper(fore, ground)


def indistinct(a: str, b: str, threshold: float = DISTINCT_DELTA_E) -> list[tuple[str, float]]:
    """(vision, ΔE00) for every simulated vision under which `a` and `b` differ by less than `threshold`."""
    out = []
    for vision in VISIONS:
        d = difference(simulate(a, vision), simulate(b, vision))
        if d < threshold:
            out.append((vision, d))
    return out


def simulate_rgb(r: float, g: float, b: float, vision: str) -> tuple[float, float, float]:
    """`simulate` on red, green, blue from 0 to 1, unrounded: for building lookup tables that agree with it."""
    if vision == "grey":
        y = science.luminance([r, g, b])
        return tuple(science.gamma([y, y, y]))
    out = science.gamma(science.simulate_linear(science.linear([r, g, b]), vision))
    return tuple(min(1.0, max(0.0, v)) for v in out)
