"""The project's own settings file, pnp.yaml: named printer profiles (duplex back offsets)."""
from __future__ import annotations

from pathlib import Path

import yaml

from pnp.core.errors import Loc, PnpError, did_you_mean, error
from pnp.data.source import load_yaml

CONFIG_NAME = "pnp.yaml"


def load_config(root: Path) -> dict:
    path = root / CONFIG_NAME
    if not path.is_file():
        return {}
    data = load_yaml(path, CONFIG_NAME)
    if not isinstance(data, dict):
        raise PnpError(error("config-type", "pnp.yaml should be a mapping", Loc(CONFIG_NAME, 1, 1)))
    return data


def printer_offset(root: Path, name: str) -> tuple[float, float]:
    """The (x, y) back offset in mm saved for printer `name`."""
    printers = load_config(root).get("printers") or {}
    if name not in printers:
        raise PnpError(error("printer-unknown", f"no printer '{name}' in pnp.yaml{did_you_mean(name, printers)}: save one with `pnp calibrate --save {name} --offset X,Y`", Loc(CONFIG_NAME)))
    offset = printers[name].get("offset") if isinstance(printers[name], dict) else None
    if not (isinstance(offset, list) and len(offset) == 2 and all(isinstance(v, (int, float)) and abs(v) <= 20 for v in offset)):
        loc = printers.loc_of(name) if hasattr(printers, "loc_of") else Loc(CONFIG_NAME)
        raise PnpError(error("printer-offset", f"printer '{name}' needs offset: [x, y] in mm, each within ±20", loc))
    return float(offset[0]), float(offset[1])


def save_printer(root: Path, name: str, offset: tuple[float, float]) -> Path:
    """Store a printer profile in pnp.yaml, keeping everything else in the file."""
    path = root / CONFIG_NAME
    data = {}
    if path.is_file():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    data.setdefault("printers", {})[name] = {"offset": [round(offset[0], 2), round(offset[1], 2)]}
    from pnp.core.files import write_atomic

    write_atomic(path, yaml.safe_dump(data, sort_keys=True).encode("utf-8"))
    return path
