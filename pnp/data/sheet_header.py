"""Whether a sheet's first row holds field names or is already a card's values.

A sheet exported without its header (nanDECK's and many scripts' data files
have none; a designer deletes the first row by mistake) is read with its
first card as the field names: that card is lost, and every field is named by
one of its values. Field names are short words; a card's values are numbers
and sentences, and its row is shaped as the rows under it are. So a first row
is judged data when every name in it is a number or a sentence, or when its
cells are of the kinds (number, text, empty) of one of the rows below it (the
next three with values), column by column, and it holds two numbers, or a
number and a sentence: a header may name a year's column `2024`.
"""
from __future__ import annotations

from pnp.data.source import NumberTooLong, typed_scalar

SENTENCE_WORDS = 5  # a header of five words or more reads as a card's text ("Take two gems, then pass.")
SENTENCE_CHARS = 40  # and so does one of over 40 characters


ROWS_COMPARED = 3  # the rows under the first that its shape is compared with: one of them may hold a mistake


def looks_like_data(header: list, below: list[list]) -> str | None:
    """Why the first row (`header`, its cells' values) reads as a card's values rather than field names, given the
    rows holding values under it (`below`, their cells' values): a few words for the finding, or None where it reads
    as names."""
    kinds = _kinds(header)
    named = [(kind, value) for kind, value in zip(kinds, header, strict=True) if kind != "empty"]
    if not named:
        return None
    if all(kind == "number" or _sentence(value) for kind, value in named):
        return "each of its cells is a number or a sentence"
    numbers, sentences = kinds.count("number"), sum(_sentence(value) for kind, value in named if kind == "text")
    if numbers and numbers + sentences >= 2 and any(_trimmed(kinds) == _trimmed(_kinds(row)) for row in below[:ROWS_COMPARED]):
        return "its numbers and texts are in the columns where a card's row below has them"
    return None


def _kinds(row: list) -> list[str]:
    return [_kind(value) for value in row]


def _kind(value) -> str:
    """A cell's kind as the designer reads it: a number (typed in a workbook, or written so in a text sheet), an empty
    cell, or text (a date or a truth value among it)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return "empty"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "number"
    if isinstance(value, str):
        try:
            typed = typed_scalar(value.strip())
        except NumberTooLong:
            return "number"
        return "number" if isinstance(typed, (int, float)) and not isinstance(typed, bool) else "text"
    return "text"


def _sentence(value) -> bool:
    text = str(value).strip()
    return len(text.split()) >= SENTENCE_WORDS or len(text) > SENTENCE_CHARS


def _trimmed(kinds: list[str]) -> list[str]:
    """A row's kinds without the empty cells after its last value."""
    end = len(kinds)
    while end and kinds[end - 1] == "empty":
        end -= 1
    return kinds[:end]
