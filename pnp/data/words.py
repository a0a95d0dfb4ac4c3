"""pnp's own words in a game's documents ("Contents", "Credits", "players"), in the language of its edition.

The words are data (pnp/assets/words/words.yaml, one table per language pnp
ships); a game may give any of them itself, under its key with `pnp_` in its
`strings:` (`pnp_contents:`) (translated like any field), which also covers a language pnp has
no table for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cache

from pnp.core.assets import WORDS
from pnp.core.errors import Finding, Loc, error
from pnp.data.source import own_yaml

OWN = "pnp_"  # a game's `strings:` key giving one of pnp's words: `pnp_contents`, `pnp_credits`
# Words a game's own table may leave out, each read as another of its words: a game that gave its words before pnp had
# `player` (a solo game's "1 player") keeps building, and says "1 players" in its own word rather than English's.
STANDS_IN = {"player": "players"}


LANGUAGE_LINE = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*):[ \t]*(?=\n|\Z)", re.M)  # a table's first line in words.yaml: `de:`


@cache
def _sections() -> dict[str, str]:
    """Each language's table in words.yaml as a YAML text of its own, from its first line (`de:`) to the next table's:
    every build reads English and its edition's language, not the thirteen tables (docs/performance.md says what all
    of them cost each process; tests/test_words_languages.py holds the tables read so to the file read whole)."""
    text = WORDS.read_text(encoding="utf-8")
    starts = [(m[1], m.start()) for m in LANGUAGE_LINE.finditer(text)]
    return {language: text[at:end] for (language, at), (_, end) in zip(starts, [*starts[1:], ("", len(text))], strict=True)}


@cache
def _table(language: str) -> dict[str, str]:
    """pnp's words in `language` (none for a language it ships no table for)."""
    section = _sections().get(language)
    return own_yaml(section)[language] if section is not None else {}


def _tables() -> dict[str, dict[str, str]]:
    """Every table pnp ships, by language."""
    return {language: _table(language) for language in _sections()}


def words_of(game) -> dict[str, str]:
    """Every word pnp writes into `game`'s documents, in its edition's language. A word it lacks is English: the loader
    has reported it already as an error (`lacking_words`), so nothing with it is written."""
    table, own = table_of(game.language), _own(game.spec.strings)
    words = {**_table("en"), **table, **own}
    for word, instead in STANDS_IN.items():
        if word not in own and (instead in own or word not in table):
            words[word] = words[instead]
    return words


def players_word(words: dict[str, str], fewest: int, most: int) -> str:
    """The word after a game's players ('2–4 players'): a game for one player alone says 'player'."""
    return words["player"] if fewest == most == 1 else words["players"]


def table_of(language: str) -> dict[str, str]:
    """pnp's words in `language`: its own table, else its base language's (`pt-BR` reads `pt`, `zh-Hans` reads `zh`), else none."""
    return _table(language) or _table(language.split("-")[0])


def shipped_languages() -> list[str]:
    """The languages pnp ships its words in (the tables of words.yaml), English first: what docs/languages.md lists."""
    return sorted(_sections(), key=lambda lang: (lang != "en", lang))


def _own(strings: dict) -> dict[str, str]:
    return {key[len(OWN):]: value for key, value in strings.items() if key.startswith(OWN)}


def lacking_words(strings: dict, language: str, data, rel: str, slug: str) -> list[Finding]:
    """A located error when some word pnp writes has no translation in `language`, from pnp or from the game's `strings`."""
    lacking = sorted(set(_table("en")) - set({**table_of(language), **_own(strings)}) - set(STANDS_IN))
    if not lacking:
        return []
    where = data.loc_of("languages") if "languages" in data else Loc(f"{rel}/game.yaml")
    return [error("language-words", f"pnp has no words for '{language}' (it ships {', '.join(sorted(_sections()))}): give "
                  f"{', '.join(OWN + k for k in lacking)} under `strings:` in game.yaml", where, game=slug)]


def count_of(words: dict[str, str], n: int, word: str) -> str:
    """'3 cards', '1 board': the number and the word in its singular or plural (the table's `card` and `cards`)."""
    return f"{n} {words[word] if n == 1 else words[word + 's']}"


SHEET = "sheet_"  # the words table's keys for what pnp prints in a sheet's margins: `sheet_scale`, `sheet_fronts`


@dataclass(frozen=True, repr=False, eq=False)
class SheetWords:
    """What pnp prints in the margins of its sheets (footers, the scale bar, fold and cut notes), in an edition's language.

    The defaults are the English table's, for sheets that belong to no game (a calibration sheet); a game's sheets
    use `sheet_words(game)`, the table's `sheet_*` keys in its language."""

    scale: str = "50 mm: measure to check 100 % scale"
    actual_size: str = "print at 100% / actual size"
    fronts: str = "fronts · print at 100% / actual size"
    backs_long: str = "backs · print double-sided at 100%, flip on the long edge"
    backs_short: str = "backs · print double-sided at 100%, flip on the short edge"
    backs: str = "backs · print at 100%, flip on the long edge"  # one-sided: the sheet turned over by hand, as --duplex long
    blank_back: str = "back left blank · no piece of this sheet has a back · print double-sided at 100%"
    folded: str = "one-sided at 100% · fold on the dashes, glue, cut"
    fold: str = "fold"
    of: str = "sheet {n} of {total}"
    set: str = "{n} set"
    sets: str = "{n} sets"
    cut_fold: str = "cut solid lines, fold dashed ones"
    cut_fold_short: str = "cut solid, fold dashed"
    more: str = "{name} and {n} more"
    boxes: str = "boxes"
    dice: str = "dice"
    assembly_map: str = "assembly map"
    reference: str = "Reference sheet"
    reference_last: str = "Reference sheet, last page"
    player_aids: str = "Player aids"
    tuck_box: str = "tuck box"
    tray: str = "tray"
    lid: str = "lid"
    insert: str = "insert"
    inserts: str = "box inserts"
    piece: str = "{name}, piece {n} of {total}"

    def box_part(self, name: str) -> str:
        """A box net's name (pnp.layout.boxes: 'tray', 'tuck box, piece 1 of 2') in these words."""
        whole, _, part = name.partition(", piece ")
        said = {"tuck box": self.tuck_box, "tray": self.tray, "lid": self.lid, "insert": self.insert}.get(whole, whole)
        if not part:
            return said
        n, _, total = part.partition(" of ")
        return self.piece.format(name=said, n=n, total=total)


def sheet_words(game) -> SheetWords:
    """The margin words of `game`'s sheets in its edition's language (a game's `strings:` may give any as `pnp_sheet_*`)."""
    words = words_of(game)
    return SheetWords(**{f.name: words[SHEET + f.name] for f in fields(SheetWords) if SHEET + f.name in words})


ENGLISH = SheetWords()  # the margins' words of a sheet that belongs to no game's edition
