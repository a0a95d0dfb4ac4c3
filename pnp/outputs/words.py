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
from pnp.core.errors import Loc, PnpError, error


OWN = "pnp_"  # a game's `strings:` key giving one of pnp's words: `pnp_contents`, `pnp_credits`


@cache
def _tables() -> dict[str, dict[str, str]]:
    return yaml.safe_load(WORDS.read_text(encoding="utf-8"))


def words_of(game) -> dict[str, str]:
    """Every word pnp writes into `game`'s documents, in its edition's language; a located error when a word has no
    translation in that language, from pnp or from the game."""
    tables = _tables()
    own = {key[len(OWN):]: value for key, value in game.spec.strings.items() if key.startswith(OWN)}
    table = {**tables.get(game.language, {}), **own}
    lacking = sorted(set(tables["en"]) - set(table))
    if lacking:
        where = game.data.loc_of("languages") if "languages" in game.data else Loc(f"{game.rel}/game.yaml")
        raise PnpError(error("language-words", f"pnp has no words for '{game.language}' (it ships {', '.join(sorted(tables))}): give "
                             f"{', '.join(OWN + k for k in lacking)} under `strings:` in game.yaml", where, game=game.slug))
    return table


def count_of(words: dict[str, str], n: int, word: str) -> str:
    """'3 cards', '1 board': the number and the word in its singular or plural (the table's `card` and `cards`)."""
    return f"{n} {words[word] if n == 1 else words[word + 's']}"
