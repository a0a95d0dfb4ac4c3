"""How many files a game's folder holds, counted before any of them is read.

A build hashes every file of a game's folder (its standing, its checks' keys) before it reads a deck: a folder of
100,000 images was refused only after each had been hashed. Counting a folder's entries costs a listing,
not a read, so the count comes first and a folder past the limit is refused before any file in it is opened.
"""
from __future__ import annotations

import os
from pathlib import Path

MAX_GAME_FILES = 30_000  # a deck's 20,000 cards, each with its own art, and room for the game's other files


def files_past(folder: Path | str, limit: int = MAX_GAME_FILES) -> int | None:
    """The number of files under `folder` (links not followed, hidden ones counted) when it is over `limit`, else None;
    the listing stops a little past the limit, so a folder of a million files costs as much as one just over."""
    count = 0
    stack = [os.fspath(folder)]
    while stack:
        try:
            with os.scandir(stack.pop()) as listing:
                for entry in listing:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    else:
                        count += 1
                        if count > limit:
                            return count
        except OSError:
            continue
    return None
