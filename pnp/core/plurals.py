"""A count of things in pnp's English: `1 card`, `2 cards`, `1 die`, `3 dice`. Every message and note that counts says
it here, so a solo game's "1 seat" or one sheet's "1 page" is never written "1 seats" by a line that forgot."""
from __future__ import annotations


def count_text(n: int, noun: str, plural: str = "") -> str:
    """`n` and `noun`, its plural (`plural`, else the noun with an s) for any count but one."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
