"""The colour formulas pnp uses, written out: sRGB transfer, WCAG 2.1 luminance, CIE Lab (D65), CIEDE2000 and
dichromat simulation (Viénot 1999 for protan and deutan, Brettel 1997 for tritan).

Why not a colour library: coloraide, whose answers these are, builds colour-temperature tables when it is
imported (docs/performance.md), more than the rest of a small build's imports together, and pnp asks it five
questions.
Each function here follows coloraide 8.13's operations in the same order with the same constants, so each answer
is the same float to the last bit (tests/test_colour_science.py compares them over a grid of colours); coloraide
stays a test dependency as that oracle. Constants are from the sources coloraide cites (MIT licence, © Isaac Muse).
"""
from __future__ import annotations

import math

_CHANNEL = 1.0 / 255.0

# sRGB's primaries and D65 white as CIE XYZ (IEC 61966-2-1), as coloraide computes them.
_RGB_TO_XYZ = (
    (0.4123907992659593, 0.357584339383878, 0.1804807884018343),
    (0.21263900587151024, 0.715168678767756, 0.07219231536073371),
    (0.01933081871559182, 0.11919477979462598, 0.9505321522496607),
)
_D65_XY = (0.3127, 0.329)

# CIE Lab's constants: 6^3 / 29^3 and 29^3 / 3^3.
_EPSILON = 216 / 24389
_KAPPA = 24389 / 27

# Dichromat simulation in linear sRGB (Smith & Pokorny cone fundamentals), the matrices coloraide ships.
_LRGB_TO_LMS = (
    (0.178824041258, 0.4351609057000001, 0.04119349692),
    (0.034556423182, 0.27155382458, 0.038671308360000003),
    (0.000299565576, 0.0018430896, 0.01467086136),
)
_VIENOT = {
    "protan": (
        (1.1238276122216405e-01, 8.8761723877783620e-01, 5.5511151231257830e-17),
        (1.1238276122216398e-01, 8.8761723877783620e-01, -2.7755575615628914e-17),
        (4.0057682730469425e-03, -4.0057682730469390e-03, 1.0000000000000000e00),
    ),
    "deutan": (
        (2.9275011427843560e-01, 7.0724988572156440e-01, 1.1102230246251565e-16),
        (2.9275011427843560e-01, 7.0724988572156440e-01, -5.5511151231257830e-17),
        (-2.2336587034129083e-02, 2.2336587034129093e-02, 1.0000000000000000e00),
    ),
}
_BRETTEL_TRITAN = (
    (
        (7.392856536180033, -11.148044821248138, 0.0),
        (-0.34194012421930653, 3.5501661175064, 0.0),
        (-4.2050692716448586, 10.89115898202731, 0.0),
    ),
    (
        (8.0643934576311, -12.42414705871019, 0.0),
        (-0.9956078228581946, 4.7923119863996835, 0.0),
        (-0.2150297288038942, 3.3090019545637928, 0.0),
    ),
    (0.344781556122, -0.6551784438780001, 0.0),
)
_G_CONST = 25**7


def _times(m, v) -> list[float]:
    """A 3 × 3 matrix times a vector, each row summed left to right (as coloraide's `matmul_x3`)."""
    return [row[0] * v[0] + row[1] * v[1] + row[2] * v[2] for row in m]


def from_hex(hex_value: str) -> list[float]:
    """'#rrggbb' (alpha ignored) as sRGB channels from 0 to 1."""
    return [int(hex_value[i : i + 2], 16) * _CHANNEL for i in (1, 3, 5)]


def to_hex(channels) -> str:
    """sRGB channels as '#rrggbb': clipped to 0–1, each rounded half up."""
    return "#" + "".join(f"{math.floor(min(1.0, max(0.0, v)) * 255.0 + 0.5):02x}" for v in channels)


def linear(srgb) -> list[float]:
    """sRGB's transfer function undone: light, not code values (mirrored below zero)."""
    out = []
    for i in srgb:
        a = abs(i)
        out.append(math.copysign(((a + 0.055) / 1.055) ** 2.4, i) if a > 0.04045 else i / 12.92)
    return out


def gamma(lin) -> list[float]:
    """Linear light back to sRGB code values (mirrored below zero)."""
    out = []
    for i in lin:
        a = abs(i)
        if a > 0.0031308:
            out.append(math.copysign(1.055 * math.copysign(a ** (2.4**-1), a) - 0.055, i))
        else:
            out.append(12.92 * i)
    return out


def luminance(srgb) -> float:
    """WCAG 2.1 relative luminance (CIE Y against D65) of sRGB channels."""
    lin = linear(srgb)
    row = _RGB_TO_XYZ[1]
    return row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]


def contrast(lum_a: float, lum_b: float) -> float:
    """WCAG 2.1 contrast ratio of two relative luminances."""
    lo, hi = sorted((max(0, lum_a), max(0, lum_b)))
    return (hi + 0.05) / (lo + 0.05)


def lab_d65(srgb) -> list[float]:
    """CIE Lab with a D65 white (what CIEDE2000 is computed in)."""
    x, y = _D65_XY
    white = (x / y, 1.0, (1.0 - x - y) / y)
    xyz = _times(_RGB_TO_XYZ, linear(srgb))
    fx, fy, fz = (math.copysign(abs(i) ** (3**-1), i) if i > _EPSILON else (_KAPPA * i + 16) / 116
                  for i in (xyz[0] / white[0], xyz[1] / white[1], xyz[2] / white[2]))
    return [(116.0 * fy) - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]


def delta_e_2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference of two CIE Lab colours (Sharma, Wu and Dalal's equations 2–22)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    cm = (math.sqrt(a1**2 + b1**2) + math.sqrt(a2**2 + b2**2)) / 2
    c7 = cm**7
    g = 0.5 * (1 - math.sqrt(c7 / (c7 + _G_CONST)))
    ap1, ap2 = (1 + g) * a1, (1 + g) * a2
    cp1, cp2 = math.sqrt(ap1**2 + b1**2), math.sqrt(ap2**2 + b2**2)
    hp1, hp2 = _hue(ap1, b1), _hue(ap2, b2)
    dl, dc, hdiff = l1 - l2, cp1 - cp2, hp1 - hp2
    if cp1 * cp2 == 0.0:
        dh = 0.0
    elif abs(hdiff) <= 180.0:
        dh = hdiff
    else:
        dh = hdiff + (-360 if hdiff > 180.0 else 360)
    dh = 2 * math.sqrt(cp2 * cp1) * math.sin(math.radians(dh / 2))
    lpm, cpm, hsum = (l1 + l2) / 2, (cp1 + cp2) / 2, hp1 + hp2
    if cp1 * cp2 == 0:
        hpm = hsum
    elif abs(hp1 - hp2) > 180:
        hpm = (hsum + (360 if hsum < 360 else -360)) / 2
    else:
        hpm = hsum / 2
    t = (
        1
        - (0.17 * math.cos(math.radians(hpm - 30)))
        + (0.24 * math.cos(math.radians(2 * hpm)))
        + (0.32 * math.cos(math.radians((3 * hpm) + 6)))
        - (0.20 * math.cos(math.radians((4 * hpm) - 63)))
    )
    dt = 30 * math.exp(-1 * ((hpm - 275) / 25) ** 2)
    cpm7 = cpm**7
    rc = 2 * math.sqrt(cpm7 / (cpm7 + _G_CONST))
    l_temp = (lpm - 50) ** 2
    sl = 1 + ((0.015 * l_temp) / math.sqrt(20 + l_temp))
    sc = 1 + 0.045 * cpm
    sh = 1 + 0.015 * cpm * t
    rt = -1 * math.sin(math.radians(2 * dt)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh / sh) ** 2 + rt * (dc / sc) * (dh / sh))


def _hue(a: float, b: float) -> float:
    """The hue angle of (a, b) in degrees, 0 to 360 (0 for a grey)."""
    h = 0 if (a == 0 and b == 0) else math.atan2(b, a)
    return math.degrees(h + math.tau if h < 0.0 else h)


def simulate_linear(lin, vision: str) -> list[float]:
    """Linear sRGB as a full dichromat with `vision` (protan, deutan or tritan) sees it, in linear sRGB."""
    if vision == "tritan":
        w1, w2, sep = _BRETTEL_TRITAN
        lms = _times(_LRGB_TO_LMS, lin)
        side = lms[0] * sep[0] + lms[1] * sep[1] + lms[2] * sep[2]
        return _times(w2 if side > 0 else w1, lms)
    return _times(_VIENOT[vision], lin)
