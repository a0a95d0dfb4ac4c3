"""The project's own settings file, pnp.yaml: named printer profiles (duplex back offset, printable margin).

    printers:
      office-laser:
        offset: [0.5, -0.25]       # mm the backs move (pnp calibrate's verniers)
        margin: [4.2, 4.2, 5.0, 4.2]   # mm the printer cannot print: top, right, bottom, left (or one number)

A profile named `default` is used when no --printer is given; without one,
the default profile has no offset and a 5 mm margin (pnp.core.units.DEFAULT_PRINTABLE_MM).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from pnp.core.errors import Loc, PnpError, did_you_mean, error
from pnp.core.files import Refused, inside
from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.data.source import load_yaml, read_text

CONFIG_NAME = "pnp.yaml"
MAX_MARGIN_MM = 20.0  # more than any printer leaves: a bigger number is a typo
SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True, repr=False, eq=False)
class Printer:
    """A printer profile: how far its backs land off (mm) and the margin it cannot print, per side (mm)."""

    name: str = "default"
    offset: tuple[float, float] = (0.0, 0.0)
    margins: tuple[float, float, float, float] = (DEFAULT_PRINTABLE_MM,) * 4  # top, right, bottom, left

    @property
    def margin(self) -> float:
        """The margin kept on every side of every page: the widest side's, since a sheet may be fed,
        flipped for duplex or turned for landscape either way round."""
        return max(self.margins)


def load_config(root: Path) -> dict:
    path = _config_path(root)
    if path is None:
        return {}
    data = load_yaml(path, CONFIG_NAME)
    if not isinstance(data, dict):
        raise PnpError(error("config-type", "pnp.yaml should be a mapping", Loc(CONFIG_NAME, 1, 1)))
    return data


def _config_path(root: Path) -> Path | None:
    """pnp.yaml in `root`, None when there is none; refused (a located error) when it is a link leading out of the
    project or not a plain file, as every file pnp reads is (pnp.core.files.inside)."""
    path = root / CONFIG_NAME
    if not os.path.lexists(path):
        return None
    try:
        inside(path, root)
    except Refused as exc:
        raise PnpError(error(exc.code, exc.advice(CONFIG_NAME, "the project folder"), Loc(CONFIG_NAME))) from None
    return path


def printer_profile(root: Path, name: str | None) -> Printer:
    """Printer `name` from pnp.yaml; with no name, the profile called `default` if there is one, else the built-in default."""
    printers = load_config(root).get("printers") or {}
    if name is None:
        if "default" not in printers:
            return Printer()
        name = "default"
    if name not in printers:
        raise PnpError(error("printer-unknown", f"no printer '{name}' in pnp.yaml{did_you_mean(name, printers)}: save one with `pnp calibrate --save {name} --offset X,Y --margin MM`", Loc(CONFIG_NAME)))
    entry = printers[name] if isinstance(printers[name], dict) else {}
    loc = printers.loc_of(name) if hasattr(printers, "loc_of") else Loc(CONFIG_NAME)
    offset = entry.get("offset", [0, 0])
    if not (isinstance(offset, list) and len(offset) == 2 and all(_number(v) and abs(v) <= 20 for v in offset)):
        raise PnpError(error("printer-offset", f"printer '{name}' needs offset: [x, y] in mm, each within ±20", loc))
    margins = parse_margins(entry.get("margin", DEFAULT_PRINTABLE_MM))
    if margins is None:
        raise PnpError(error("printer-margin", f"printer '{name}' has margin {entry.get('margin')!r}: write one number of mm, or [top, right, bottom, left], each from 0 to {MAX_MARGIN_MM:g}",
                             entry.loc_of("margin") if hasattr(entry, "loc_of") and "margin" in entry else loc))
    return Printer(name, (float(offset[0]), float(offset[1])), margins)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_margins(value) -> tuple[float, float, float, float] | None:
    """A margin as written: one number for every side, [top, right, bottom, left], or {top: …, …}; None if unreadable."""
    if isinstance(value, dict):
        value = [value.get(side) for side in SIDES]
    if _number(value):
        value = [value] * 4
    if not (isinstance(value, (list, tuple)) and len(value) == 4 and all(_number(v) and 0 <= v <= MAX_MARGIN_MM for v in value)):
        return None
    return tuple(float(v) for v in value)


def save_printer(root: Path, name: str, offset: tuple[float, float] | None, margins: tuple[float, ...] | None = None) -> Path:
    """Store a printer profile in pnp.yaml, keeping everything else in the file (and what the profile had that is not given)."""
    path = root / CONFIG_NAME
    data = {}
    if _config_path(root) is not None:
        data = yaml.safe_load(read_text(path, CONFIG_NAME)) or {}
    entry = data.setdefault("printers", {}).get(name) or {}
    if offset is not None:
        entry["offset"] = [round(offset[0], 2), round(offset[1], 2)]
    if margins is not None:
        entry["margin"] = round(margins[0], 2) if len(set(margins)) == 1 else [round(v, 2) for v in margins]
    entry.setdefault("offset", [0.0, 0.0])
    data["printers"][name] = entry
    from pnp.core.files import write_atomic

    write_atomic(path, yaml.safe_dump(data, sort_keys=True).encode("utf-8"))
    return path
