"""pnp's own words (pnp/assets/words/words.yaml) in every language it ships: each table says every word the English
one says, with the same places for numbers and names, and docs/languages.md lists exactly the tables there are."""
from __future__ import annotations

import re
import string
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.core.assets import WORDS
from pnp.data.source import own_yaml
from pnp.data.words import players_word, shipped_languages, table_of, words_of

DOCS = Path(__file__).resolve().parent.parent / "docs/languages.md"


def _whole() -> dict[str, dict[str, str]]:
    """words.yaml read whole, as any YAML reader reads it: every table by its language."""
    return own_yaml(WORDS.read_text(encoding="utf-8"))


def _fields(text: str) -> list[str]:
    """The `{n}`, `{total}`, `{name}` … a word's text is filled in at."""
    return sorted(field for _, field, _, _ in string.Formatter().parse(text) if field)


@pytest.mark.parametrize("lang", shipped_languages())
def test_every_shipped_language_says_every_word_with_its_numbers(lang):
    english, table = table_of("en"), table_of(lang)
    assert sorted(table) == sorted(english), f"{lang}: words missing {sorted(set(english) - set(table))}, extra {sorted(set(table) - set(english))}"
    wrong = {key: text for key, text in table.items() if _fields(text) != _fields(english[key])}
    assert not wrong, f"{lang}: these words drop or add a place for a number or name: {wrong}"
    if lang != "en":
        # a word of four letters outside the `{…}` places, said as English says it: a few are words the language
        # shares with English (French "Version", "Pages", "minutes"), more is a table left in English
        same = [key for key, text in table.items() if text == english[key] and re.search(r"[a-z]{4}", re.sub(r"\{\w*\}", "", text))]
        assert len(same) <= 5, f"{lang}: still English: {same}"


def test_the_languages_page_lists_the_languages_pnp_ships():
    text = DOCS.read_text(encoding="utf-8")
    listed = text.split("<!-- shipped words:", 1)[1].split("\n\n", 1)[0]
    codes = re.findall(r"`([a-z]{2,3})` ", listed)
    assert sorted(codes) == sorted(shipped_languages()), listed
    assert {"it", "pt", "nl", "pl", "ja", "zh", "ko", "ar", "he"} <= set(shipped_languages())


def test_a_regional_edition_reads_its_base_languages_words():
    assert table_of("pt-BR") == _whole()["pt"] and table_of("zh-Hans")["contents"] == "目录"
    assert table_of("tlh") == {}


def test_the_tables_read_one_by_one_are_the_file_read_whole():
    """A build reads only the tables it needs (cut from words.yaml at each table's first line): every language's, so
    read, is the file's read whole, and the languages shipped are the file's."""
    whole = _whole()
    assert sorted(shipped_languages()) == sorted(whole)
    assert {language: table_of(language) for language in shipped_languages()} == whole


# A solo game's word for its one player in each shipped language: the singular of the table's word for players, from
# the language's dictionary (Japanese, Chinese and Korean count people with one word whatever the number)
ONE_PLAYER = {"en": "player", "de": "Person", "es": "jugador", "fr": "joueur", "it": "giocatore", "pt": "jogador", "nl": "speler",
              "pl": "gracz", "ja": "人", "zh": "人", "ko": "명", "ar": "لاعب", "he": "שחקן"}


@pytest.mark.parametrize("lang", sorted(ONE_PLAYER))
def test_a_solo_game_says_one_player_in_each_languages_singular(lang):
    said = words_of(SimpleNamespace(language=lang, spec=SimpleNamespace(strings={})))
    assert players_word(said, 1, 1) == ONE_PLAYER[lang], lang
    assert players_word(said, 2, 4) == table_of(lang)["players"], lang


def test_every_shipped_language_has_its_one_player_word_checked():
    assert sorted(ONE_PLAYER) == sorted(shipped_languages())
