"""pnp's own words in a game's documents ("Contents", "Credits", "players"), in the language of its edition.

The words are data (pnp/assets/words/words.yaml, one table per language pnp
ships); a game may give any of them itself, under its key with `pnp_` in its
`strings:` (`pnp_contents:`) (translated like any field), which also covers a language pnp has
no table for.
"""
from __future__ import annotations

from functools import cache

import yaml

from pnp.core.assets import WORDS
from pnp.core.errors import Finding, Loc, error

OWN = "pnp_"  # a game's `strings:` key giving one of pnp's words: `pnp_contents`, `pnp_credits`


@cache
def _tables() -> dict[str, dict[str, str]]:
    return yaml.safe_load(WORDS.read_text(encoding="utf-8"))


def words_of(game) -> dict[str, str]:
    """Every word pnp writes into `game`'s documents, in its edition's language. A word it lacks is English: the loader
    has reported it already as an error (`lacking_words`), so nothing with it is written."""
    tables = _tables()
    return {**tables["en"], **tables.get(game.language, {}), **_own(game.spec.strings)}


def _own(strings: dict) -> dict[str, str]:
    return {key[len(OWN):]: value for key, value in strings.items() if key.startswith(OWN)}


def lacking_words(strings: dict, language: str, data, rel: str, slug: str) -> list[Finding]:
    """A located error when some word pnp writes has no translation in `language`, from pnp or from the game's `strings`."""
    tables = _tables()
    lacking = sorted(set(tables["en"]) - set({**tables.get(language, {}), **_own(strings)}))
    if not lacking:
        return []
    where = data.loc_of("languages") if "languages" in data else Loc(f"{rel}/game.yaml")
    return [error("language-words", f"pnp has no words for '{language}' (it ships {', '.join(sorted(tables))}): give "
                  f"{', '.join(OWN + k for k in lacking)} under `strings:` in game.yaml", where, game=slug)]


def count_of(words: dict[str, str], n: int, word: str) -> str:
    """'3 cards', '1 board': the number and the word in its singular or plural (the table's `card` and `cards`)."""
    return f"{n} {words[word] if n == 1 else words[word + 's']}"
