"""A build reads pnp's words in English and in its edition's language alone (pnp.data.words: each table cut from
words.yaml at its first line), not the thirteen tables: what an edition's words are, what a language lacks, and the
languages an error names stay the file's whole."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.core.errors import Loc
from pnp.data import words
from pnp.data.source import own_yaml


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """The languages whose table is parsed from here on, as a new process would parse them (nothing read yet)."""
    read: list[str] = []

    def counted(text):
        table = own_yaml(text)
        read.extend(table)
        return table

    words._table.cache_clear()
    monkeypatch.setattr(words, "own_yaml", counted)
    yield read
    words._table.cache_clear()  # parsed again by the next asker, as before


@pytest.mark.parametrize(("edition", "own"), [("en", "en"), ("de", "de"), ("pt-BR", "pt")])  # pt-BR: Portuguese's table
def test_an_editions_words_read_english_and_its_own_language_alone(parsed, edition, own):
    game = SimpleNamespace(language=edition, spec=SimpleNamespace(strings={"pnp_credits": "Thanks"}))
    said = words.words_of(game)
    assert sorted(set(parsed)) == sorted({"en", own})
    whole = own_yaml(words.WORDS.read_text(encoding="utf-8"))
    assert said == {**whole["en"], **whole[own], "credits": "Thanks"}, "the words of the file read whole, the game's own last"


class _GameYaml(dict):
    """game.yaml as the loader gives it: its keys, and where each is written."""

    def loc_of(self, key: str) -> Loc:
        return Loc("data/tiny/game.yaml", list(self).index(key) + 1, 1)


def test_what_a_language_lacks_reads_english_and_that_language_and_names_every_shipped_one(parsed):
    found = words.lacking_words({}, "tlh", _GameYaml(title="Tiny", languages=["en", "tlh"]), "data/tiny", "tiny")
    assert sorted(set(parsed)) == ["en"], "tlh has no table: English alone was read"
    shipped = sorted(own_yaml(words.WORDS.read_text(encoding="utf-8")))
    assert len(found) == 1 and found[0].loc == Loc("data/tiny/game.yaml", 2, 1), found
    assert f"pnp has no words for 'tlh' (it ships {', '.join(shipped)})" in found[0].message, found[0].message
    english = sorted(set(own_yaml(words.WORDS.read_text(encoding="utf-8"))["en"]) - {"player"})  # docs/languages.md: it may be left out
    assert found[0].message.endswith(f"give {', '.join('pnp_' + word for word in english)} under `strings:` in game.yaml")
    assert (found[0].severity, found[0].code, found[0].game) == ("error", "language-words", "tiny")


@pytest.mark.parametrize(("language", "own", "solo"), [("en", {}, "player"), ("de", {}, "Person"), ("tlh", {"pnp_players": "QeHpu'"}, "QeHpu'"),
                                                     ("en", {"pnp_players": "heroes"}, "heroes"), ("en", {"pnp_player": "hero"}, "hero"),
                                                     ("de", {"pnp_player": "Held", "pnp_players": "Helden"}, "Held")])
def test_a_solo_game_says_its_one_player_in_the_singular_or_in_its_own_players_word(language, own, solo):
    """'1 player' where pnp ships the word; a game giving its own word for players and none for one player (a language
    pnp has no table for, or its own name for them) says its own word, never English's 'player' beside it; a game
    giving both says its own singular."""
    game = SimpleNamespace(language=language, spec=SimpleNamespace(strings=own))
    said = words.words_of(game)
    assert words.players_word(said, 1, 1) == solo
    assert words.players_word(said, 1, 4) == said["players"] and words.players_word(said, 2, 2) == said["players"]


def test_what_a_language_lacks_is_said_at_game_yaml_when_it_names_no_languages():
    """A project read in a language its game.yaml does not list (`--lang tlh` on a game of one edition) is told at the
    file, there being no `languages:` line to point at; a language whose words the game gives itself lacks none."""
    found = words.lacking_words({}, "tlh", _GameYaml(title="Tiny"), "data/tiny", "tiny")
    assert [f.loc for f in found] == [Loc("data/tiny/game.yaml")]
    given = {f"pnp_{word}": word.upper() for word in words.table_of("en")}
    assert words.lacking_words(given, "tlh", _GameYaml(title="Tiny"), "data/tiny", "tiny") == []


def test_the_shipped_languages_are_english_then_the_rest_by_their_codes():
    shipped = words.shipped_languages()
    assert shipped[0] == "en" and shipped[1:] == sorted(shipped[1:]) and len(shipped) == len(set(shipped)) > 10
