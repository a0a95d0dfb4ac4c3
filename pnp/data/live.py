"""Live sheets: a deck whose `cards_from` is a web address reads the snapshot `pnp pull` saved beside it.

Builds never reach the network: the snapshot is a file of the project (`<deck>.pulled.csv` or `.pulled.xlsx` beside
the deck's YAML), so a build is offline and byte-for-byte repeatable, and the snapshot can be committed with the game.
"""
from __future__ import annotations

import re
from pathlib import Path

SNAPSHOT_SUFFIXES = (".csv", ".xlsx")  # what publishing a sheet gives (Google Sheets: output=csv or output=xlsx)


def is_live(cards_from: str) -> bool:
    """Whether `cards_from` is a web address rather than a file beside the deck."""
    return re.match(r"^https?://", cards_from.strip(), re.IGNORECASE) is not None


def snapshot_path(deck_yaml: Path, suffix: str) -> Path:
    return deck_yaml.with_name(f"{deck_yaml.stem}.pulled{suffix}")


def snapshot_of(deck_yaml: Path) -> Path | None:
    """The snapshot `pnp pull` saved for the deck, or None before the first pull."""
    return next((p for p in (snapshot_path(deck_yaml, s) for s in SNAPSHOT_SUFFIXES) if p.is_file()), None)
