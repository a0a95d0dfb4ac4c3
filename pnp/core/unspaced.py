"""Scripts written without spaces between words (Japanese, Chinese): one rule for where a line of them may break
(pnp.layout.hyphenation) and for when a value in them reads as words to translate (pnp.data.translations)."""
from __future__ import annotations


def unspaced(c: str) -> bool:
    """A character of a script written without spaces between words: CJK ideographs, kana, their punctuation."""
    return "\u3000" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or "\uff00" <= c <= "\uffef" or "\U00020000" <= c <= "\U0002fa1f"
