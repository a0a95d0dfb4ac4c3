"""A card's id where its data names none: made from what it has (a row's name, a picture's file name), each one kept
apart from those made before it by `-2`, `-3`… A sheet's rows and a folder's pictures get theirs alike."""
from __future__ import annotations


def unique_id(base: str, ids) -> str:
    """`base`, or `base-2`, `base-3`… in row order, so ids stay put while rows below change (any mapping or set of the
    ids taken: a sheet's rows, a folder's pictures)."""
    candidate, n = base, 1
    while candidate in ids:
        n += 1
        candidate = f"{base}-{n}"
    return candidate
