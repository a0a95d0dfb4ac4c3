"""Which free font draws a script: what a missing-character finding names, so a designer knows what to add.

A character none of a text's fonts has is usually one of a script pnp ships no
font for (Thai, Devanagari, Ethiopic …). The finding says which script it is and
names a free font family that covers it; the designer puts its .ttf files in
the project's fonts/ and names the family in fonts.yaml's `fallback`
(docs/languages.md, "Characters no font has")."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True, repr=False, eq=False)
class ScriptFont:
    """A script (by the first word of its characters' Unicode names) and a free font family that has it."""

    prefix: str  # "THAI": unicodedata.name('ก') is "THAI CHARACTER KO KAI"
    script: str  # what the finding calls it
    family: str  # a free family that covers it (every one here is under the SIL Open Font License)


# One record per script. Noto's families are free (OFL) and cover one script each.
SCRIPT_FONTS = tuple(ScriptFont(*row) for row in (
    ("THAI", "Thai", "Noto Sans Thai"),
    ("LAO", "Lao", "Noto Sans Lao"),
    ("KHMER", "Khmer", "Noto Sans Khmer"),
    ("MYANMAR", "Myanmar", "Noto Sans Myanmar"),
    ("TIBETAN", "Tibetan", "Noto Serif Tibetan"),
    ("DEVANAGARI", "Devanagari", "Noto Sans Devanagari"),
    ("BENGALI", "Bengali", "Noto Sans Bengali"),
    ("GURMUKHI", "Gurmukhi", "Noto Sans Gurmukhi"),
    ("GUJARATI", "Gujarati", "Noto Sans Gujarati"),
    ("ORIYA", "Odia", "Noto Sans Oriya"),
    ("TAMIL", "Tamil", "Noto Sans Tamil"),
    ("TELUGU", "Telugu", "Noto Sans Telugu"),
    ("KANNADA", "Kannada", "Noto Sans Kannada"),
    ("MALAYALAM", "Malayalam", "Noto Sans Malayalam"),
    ("SINHALA", "Sinhala", "Noto Sans Sinhala"),
    ("ETHIOPIC", "Ethiopic", "Noto Sans Ethiopic"),
    ("ARMENIAN", "Armenian", "Noto Sans Armenian"),
    ("GEORGIAN", "Georgian", "Noto Sans Georgian"),
    ("CHEROKEE", "Cherokee", "Noto Sans Cherokee"),
    ("MONGOLIAN", "Mongolian", "Noto Sans Mongolian"),
    ("SYRIAC", "Syriac", "Noto Sans Syriac"),
    ("THAANA", "Thaana", "Noto Sans Thaana"),
    ("TIFINAGH", "Tifinagh", "Noto Sans Tifinagh"),
    ("CANADIAN", "Canadian syllabics", "Noto Sans Canadian Aboriginal"),
    ("ARABIC", "Arabic", "Noto Sans Arabic"),
    ("HEBREW", "Hebrew", "Noto Sans Hebrew"),
    ("HIRAGANA", "Japanese kana", "Noto Sans JP"),
    ("KATAKANA", "Japanese kana", "Noto Sans JP"),
    ("HANGUL", "Korean hangul", "Noto Sans KR"),
    ("CJK", "Chinese characters", "Noto Sans SC"),
    ("CYRILLIC", "Cyrillic", "Noto Sans"),
    ("GREEK", "Greek", "Noto Sans"),
))
_BY_PREFIX = {record.prefix: record for record in SCRIPT_FONTS}


def script_of(char: str) -> ScriptFont | None:
    """The record of the script `char` belongs to, or None (a symbol, an emoji, a script the table does not list)."""
    name = unicodedata.name(char, "")
    return _BY_PREFIX.get(name.split(" ", 1)[0])


def missing_message(chars: set[str], whose: str) -> str:
    """The missing-glyph finding's words: the characters, and for each script among them the free font to add."""
    listed = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(chars))
    scripts = {}
    for c in sorted(chars):
        record = script_of(c)
        if record is not None:
            scripts.setdefault(record.script, record.family)
    if not scripts:
        return f"characters missing from {whose} and their fallback: {listed}: replace them or choose another font"
    fonts = "; ".join(f"{script}: {family}" for script, family in scripts.items())
    return (f"characters missing from {whose} and their fallback: {listed}: add a font that has them to fonts/ and name "
            f"its family in fonts/fonts.yaml's `fallback` (a free one, SIL Open Font License: {fonts}), or replace them")
