"""Editions in several languages from one source: each edition prints its own words, and validate finds what is
missing, what does not fit and what no font can draw, in the language where it happens."""
from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import run_pnp

GAME = """\
title: Duo
title@de: Duo
pitch: Two languages, one deck.
languages: [en, de]
players: {min: 2, max: 2}
fonts: {body: noto-sans, title: noto-sans}
palette: {ink: "#222222", paper: "#ffffff"}
strings:
  kind: Creature
  kind@de: Kreatur
components:
  - name: Beasts
    name@de: Biester
    in: decks.beasts
    count: 3
    source: invented for the tests
constraints:
  - check: unique
    in: decks.beasts
    field: name
"""
DECK = """\
name: Beasts
name@de: Biester
size: poker
front: duo/card.j2
cards:
  - id: dragon
    name: Dragon
    name@de: Drache
  - id: owl
    name: Owl
    name@de: Eule
  - id: wolf
    name: Wolf
    name@de: Wolf
"""
# The name box holds about 14 characters at 12 pt and cannot shrink: a long name does not fit.
CARD = """\
{{ text("**" ~ card.name ~ "**", 5, 10, 40, 8, size=12, min_size=12) }}
{{ text(game.strings.kind, 5, 30, 40, 8, size=10) }}
"""
RULES_EN = "# Playing\n\nThe dragon always goes first.\n"
RULES_DE = "# Spielablauf\n\nDer Drache beginnt immer.\n"


@pytest.fixture
def duo(tmp_path) -> Path:
    root = tmp_path / "duo-project"
    (root / "data" / "duo" / "decks").mkdir(parents=True)
    (root / "templates" / "duo").mkdir(parents=True)
    (root / "data" / "duo" / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "data" / "duo" / "decks" / "beasts.yaml").write_text(DECK, encoding="utf-8")
    (root / "data" / "duo" / "rulebook.md").write_text(RULES_EN, encoding="utf-8")
    (root / "data" / "duo" / "rulebook.de.md").write_text(RULES_DE, encoding="utf-8")
    (root / "templates" / "duo" / "card.j2").write_text(CARD, encoding="utf-8")
    return root


def pdf_text(path: Path) -> str:
    """Every page's text as pdfium reads it, its spacing and line breaks as single spaces."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return " ".join(" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc)))
    finally:
        doc.close()


def edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_each_edition_prints_its_own_words_and_the_source_keeps_its_file_names(duo):
    result = run_pnp(duo, "build", "duo", "--lang", "all")
    assert result.exit_code == 0, result.output
    out = duo / "output" / "duo"
    english, german = pdf_text(out / "duo-cards.pdf"), pdf_text(out / "duo-cards-de.pdf")
    assert "Dragon" in english and "Creature" in english and "Drache" not in english
    assert "Drache" in german and "Eule" in german and "Kreatur" in german and "Dragon" not in german
    assert "Der Drache beginnt immer." in pdf_text(out / "duo-rulebook-de.pdf")
    assert "The dragon always goes first." in pdf_text(out / "duo-rulebook.pdf")


def test_a_sheet_column_name_at_de_translates_the_cards(duo):
    deck = duo / "data" / "duo" / "decks" / "beasts.yaml"
    deck.write_text("name: Beasts\nsize: poker\nfront: duo/card.j2\ncards_from: beasts.csv\n", encoding="utf-8")
    (deck.parent / "beasts.csv").write_text("id,name,name@de\ndragon,Dragon,Drache\nowl,Owl,Eule\nwolf,Wolf,Wolf\n", encoding="utf-8")
    result = run_pnp(duo, "build", "duo", "--lang", "de")
    assert result.exit_code == 0, result.output
    german = pdf_text(duo / "output" / "duo" / "duo-cards-de.pdf")
    assert "Drache" in german and "Dragon" not in german


def test_a_missing_translation_is_a_located_warning_and_an_error_with_strict(duo):
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Eule\n", "")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "translation-missing" in line or "without a 'de' translation" in line]
    assert lines and lines[0].startswith("data/duo/decks/beasts.yaml:10:"), result.output  # owl's name, line 10
    assert "owl" in lines[0] and "name@de" in lines[0]
    assert lines == ["data/duo/decks/beasts.yaml:10:11: warning: cards[].name: 1 value without a 'de' translation (owl): "
                     "add `name@de` beside each [de edition]"], lines  # one value, in the singular
    assert run_pnp(duo, "validate", "duo", "--lang", "de", "--strict").exit_code != 0
    assert run_pnp(duo, "validate", "duo", "--lang", "en", "--strict").exit_code == 0


def test_a_german_edition_without_its_own_rulebook_is_warned_at_the_rulebook_it_prints(duo):
    """With rulebook.de.md gone the German edition prints the English rulebook.md: one warning, at that file, saying
    which file to write."""
    (duo / "data/duo/rulebook.de.md").unlink()
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "rulebook.de.md" in line]
    assert said == ["data/duo/rulebook.md: warning: no rulebook.de.md: the 'de' edition prints the source rulebook; translate rulebook.md "
                    "into rulebook.de.md [de edition]"], result.output


def test_a_translation_made_from_an_older_text_is_warned_at_the_translation_itself(duo):
    """The digest beside a translation (`name@de~src`) records the English it was made from; when it no longer matches,
    the warning points at the German a translator must check (line 8), not at the digest under it."""
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Drache\n", "    name@de: Drache\n    name@de~src: aaaaaaaa\n")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    stale = [line for line in result.output.splitlines() if "made from an older text" in line]
    assert len(stale) == 1 and stale[0].startswith("data/duo/decks/beasts.yaml:8:"), result.output
    assert "'Dragon'" in stale[0] and "name@de" in stale[0]


def test_a_field_missing_many_translations_is_one_warning_naming_six_and_counting_the_rest(duo):
    cards = "".join(f"  - id: c{n}\n    name: Card {n}\n" for n in range(1, 9))
    (duo / "data/duo/decks/extras.yaml").write_text("name: Extras\nsize: poker\nfront: duo/card.j2\ncards:\n  - id: c0\n    name: Card 0\n"
                                                   "    name@de: Karte 0\n" + cards, encoding="utf-8")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    lines = [line for line in result.output.splitlines() if "data/duo/decks/extras.yaml" in line and "without a 'de' translation" in line]
    assert len(lines) == 1, result.output
    assert "8 values without a 'de' translation (c1, c2, c3, c4, c5, c6 and 2 more)" in lines[0], lines[0]


def test_values_without_a_translation_are_one_warning_at_the_first_of_them(duo):
    """Owl's and wolf's German names gone: one warning, at owl's name (line 10), the first a translator meets, naming both."""
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Eule\n", "")
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Wolf\n", "")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    lines = [line for line in result.output.splitlines() if "without a 'de' translation" in line]
    assert lines == ["data/duo/decks/beasts.yaml:10:11: warning: cards[].name: 2 values without a 'de' translation (owl, wolf): "
                     "add `name@de` beside each [de edition]"], result.output


def test_a_changed_source_of_sixty_letters_is_quoted_whole_and_a_longer_one_cut_with_an_ellipsis(duo):
    """The stale warning quotes the source as it now reads up to 60 characters: one of exactly 60 whole, with no '…';
    one of 61 its first 60 and a '…'."""
    sixty, longer = "D" * 60, "W" * 61
    edit(duo, "data/duo/decks/beasts.yaml", "    name: Dragon\n    name@de: Drache\n",
         f"    name: {sixty}\n    name@de: Drache\n    name@de~src: aaaaaaaa\n")
    edit(duo, "data/duo/decks/beasts.yaml", "    name: Wolf\n    name@de: Wolf\n", f"    name: {longer}\n    name@de: Wolf\n    name@de~src: aaaaaaaa\n")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    stale = [line for line in result.output.splitlines() if "made from an older text" in line]
    assert len(stale) == 2, result.output
    assert f"the source now reads '{sixty}'; check `name@de`" in stale[0], stale[0]
    assert f"the source now reads '{'W' * 60}…'; check `name@de`" in stale[1], stale[1]


def test_a_value_left_blank_asks_for_no_translation(duo):
    """Only words are translated: a card whose `flavor` is left empty, among cards whose flavour has its German, lacks
    nothing, and validate of the German edition warns of no missing translation."""
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Drache\n", "    name@de: Drache\n    flavor: Hot\n    flavor@de: Heiß\n")
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Eule\n", "    name@de: Eule\n    flavor: ''\n")
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Wolf\n", "    name@de: Wolf\n    flavor: Grey\n    flavor@de: Grau\n")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "without a 'de' translation" not in result.output, result.output


def test_setting_the_digest_a_stale_warning_gives_silences_it(duo):
    """The stale warning ends 'then set `name@de~src: …`': the digest of the English as it now reads. A designer who
    checks the German and writes that digest in place of the old one hears no more of it."""
    deck = "data/duo/decks/beasts.yaml"
    edit(duo, deck, "    name@de: Drache\n", "    name@de: Drache\n    name@de~src: aaaaaaaa\n")
    first = [line for line in run_pnp(duo, "validate", "duo", "--lang", "de").output.splitlines() if "made from an older text" in line]
    assert len(first) == 1, first
    digest = first[0].split("then set `name@de~src: ", 1)[1].split("`", 1)[0]
    assert digest != "aaaaaaaa" and len(digest) == 8 and digest.isalpha(), first[0]
    edit(duo, deck, "name@de~src: aaaaaaaa", f"name@de~src: {digest}")
    result = run_pnp(duo, "validate", "duo", "--lang", "de", "--strict")
    assert result.exit_code == 0 and "made from an older text" not in result.output, result.output


def test_a_translation_with_no_source_value_prints_in_its_edition(duo):
    """A field written in German alone (`title@de`, no `title`) is still the German card's: its template prints it."""
    (duo / "templates/duo/card.j2").write_text(CARD + "{% if card.title %}{{ text(card.title, 5, 45, 40, 8, size=10) }}{% endif %}\n",
                                                encoding="utf-8")
    edit(duo, "data/duo/decks/beasts.yaml", "    name@de: Drache\n", "    name@de: Drache\n    title@de: Feuerkönig\n")
    result = run_pnp(duo, "build", "duo", "--lang", "de", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert "Feuerkönig" in pdf_text(duo / "output/duo/duo-cards-de.pdf")


def test_a_german_text_too_long_is_said_at_the_translations_own_line(duo):
    """A finding about a translated value points at the translation (docs/languages.md): the dragon's German name, on
    line 8 of beasts.yaml after `    name@de: ` (column 14), not its English one on line 7."""
    edit(duo, "data/duo/decks/beasts.yaml", "name@de: Drache", "name@de: Feuerspeiender Riesendrache")
    result = run_pnp(duo, "validate", "duo", "--lang", "de")
    said = [line for line in result.output.splitlines() if ": error: " in line]
    assert said == ["templates/duo/card.j2:1:1: error: text does not fit its 40 × 8 mm box even at 12 pt ('Feuerspeiender Riesendrache…', "
                    "card.name at data/duo/decks/beasts.yaml:8:14): shorten it, enlarge the box or lower min_size [beasts/dragon front] "
                    "[de edition]"], result.output


def test_a_translation_too_long_for_its_box_is_found_in_that_language_only(duo):
    edit(duo, "data/duo/decks/beasts.yaml", "name@de: Drache", "name@de: Feuerspeiender Riesendrache")
    german = run_pnp(duo, "validate", "duo", "--lang", "de")
    assert german.exit_code != 0
    assert "Feuerspeiender" in german.output and "does not fit" in german.output
    english = run_pnp(duo, "validate", "duo", "--lang", "en", "--strict")
    assert english.exit_code == 0, english.output


def test_validate_without_lang_checks_every_edition_the_game_lists(duo):
    """`pnp validate` with no --lang checks each language of the game's `languages:` (its help: every language the
    game lists), so a German name too long for its box stops it though the English fits."""
    edit(duo, "data/duo/decks/beasts.yaml", "name@de: Drache", "name@de: Feuerspeiender Riesendrache")
    result = run_pnp(duo, "validate", "duo")
    assert result.exit_code == 1, result.output
    assert any("Feuerspeiender" in line and "does not fit" in line for line in result.output.splitlines()), result.output


def test_a_build_in_one_language_does_not_answer_for_the_checks_of_another(duo):
    """A build keeps its checks' findings for the next build of the same files; the German edition's are its own."""
    edit(duo, "data/duo/decks/beasts.yaml", "name@de: Eule", "name@de: Wolf")  # two German wolves: names unique in English alone
    assert run_pnp(duo, "build", "duo", "--lang", "en").exit_code == 0
    german = run_pnp(duo, "build", "duo", "--lang", "de")
    assert german.exit_code != 0 and "name Wolf is used by beasts/owl" in german.output, german.output


def test_a_character_no_font_has_is_found_in_the_language_that_uses_it(duo):
    edit(duo, "data/duo/decks/beasts.yaml", "name@de: Eule", "name@de: Eule ก")  # Thai: no font pnp ships has it
    german = run_pnp(duo, "validate", "duo", "--lang", "de")
    assert german.exit_code != 0 and "ก" in german.output and "missing" in german.output
    assert "Thai: Noto Sans Thai" in german.output, german.output  # the free font to add, named
    assert run_pnp(duo, "validate", "duo", "--lang", "en", "--strict").exit_code == 0


def test_a_language_the_game_does_not_list_is_a_located_error(duo):
    result = run_pnp(duo, "build", "duo", "--lang", "fr")
    assert result.exit_code != 0
    assert "data/duo/game.yaml:4:" in result.output and "'fr'" in result.output
    assert not (duo / "output" / "duo").exists()


def test_a_language_typed_in_capitals_is_one_error_offering_the_listed_one(duo):
    result = run_pnp(duo, "validate", "duo", "--lang", "DE")
    assert result.exit_code != 0
    said = [line for line in result.output.splitlines() if "'DE'" in line]
    assert len(said) == 1 and said[0].startswith("data/duo/game.yaml:4:"), result.output
    assert "did you mean 'de'?" in said[0], said[0]


def test_a_brazilian_edition_written_pt_br_as_bcp_47_writes_it_prints_portuguese_words(duo):
    """A language's region is written in capitals (BCP 47: `pt-BR`, docs/languages.md's own example): game.yaml's
    `pt-BR` is taken, and its rulebook's cover says the game's players in Portuguese ('2 jogadores')."""
    edit(duo, "data/duo/game.yaml", "languages: [en, de]", "languages: [en, pt-BR]")
    result = run_pnp(duo, "build", "duo", "--lang", "pt-BR", "--only", "rulebook")
    assert result.exit_code == 0 and ": error: " not in result.output, result.output
    assert "2 jogadores" in pdf_text(duo / "output/duo/duo-rulebook-pt-BR.pdf")


def test_a_language_pnp_has_no_words_for_asks_the_game_for_them(duo):
    edit(duo, "data/duo/game.yaml", "languages: [en, de]", "languages: [en, de, tlh]")
    edit(duo, "data/duo/decks/beasts.yaml", "name@de: Drache", "name@de: Drache\n    name@tlh: lung")
    result = run_pnp(duo, "build", "duo", "--lang", "tlh", "--only", "rulebook")
    assert result.exit_code != 0
    assert "data/duo/game.yaml:4:" in result.output and "pnp_contents" in result.output


def test_organ_match_prints_whole_in_german(shared_build):
    """Every output of the German edition, built with --strict (no warning) once per run (conftest.shared_build; its
    margins and labels are read by tests/test_margin_words.py)."""
    out = shared_build("organ-match", "--lang", "de", "--strict") / "organ-match"
    cards = pdf_text(out / "organ-match-cards-de.pdf")
    assert "SPENDERORGAN" in cards and "braucht eine" in cards and "DONOR" not in cards
    rules = pdf_text(out / "organ-match-rulebook-de.pdf")
    assert "Spielmaterial" in rules and "Inhalt" in rules and "Einflusskarten" in rules
    assert "Each of you leads" not in rules
    assert "Kurzübersicht" in pdf_text(out / "organ-match-reference-de.pdf")
    assert "96 Karten" in pdf_text(out / "organ-match-boxes-de.pdf")


@pytest.mark.parametrize("command", [("validate", "gems", "--lang", "de"), ("build", "gems", "--lang", "de", "--only", "rulebook")])
def test_a_mistake_in_the_german_rulebook_is_said_at_rulebook_de_md(tmp_path, command):
    """The German edition prints rulebook.de.md: a fact it names that does not exist is an error at that file's own
    line and column, in validate and build alike, never at the English rulebook.md, which has no such line."""
    from test_translate import german_gems

    root = german_gems(tmp_path)
    rules = root / "data/gems/rulebook.md"
    text = rules.read_text(encoding="utf-8")
    at = text[:text.index("\n\n") + 2].count("\n") + 1  # the line after the first blank one
    (root / "data/gems/rulebook.de.md").write_text(text.replace("\n\n", "\n\n{{ no_such_fact }}\n\n", 1), encoding="utf-8")
    result = run_pnp(root, *command)
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert errors == [f"data/gems/rulebook.de.md:{at}:4: error: 'no_such_fact' is undefined [rulebook] [de edition]"], result.output



@pytest.mark.parametrize("command", [("validate", "gems", "--lang", "de"), ("build", "gems", "--lang", "de", "--only", "rulebook")])
def test_a_mistake_found_laying_out_the_german_rulebook_is_said_at_rulebook_de_md(tmp_path, command):
    """A mistake found laying the rulebook out, not filling in its facts (emphasis nested 80 deep, past the limit
    tests/test_deep_nesting.py holds), is said at rulebook.de.md's own line too, in validate and build alike: the
    English rulebook.md has no such line."""
    from test_translate import german_gems

    root = german_gems(tmp_path)
    text = (root / "data/gems/rulebook.md").read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    (root / "data/gems/rulebook.de.md").write_text(text + "*a " * 80 + "b" + " c*" * 80 + "\n", encoding="utf-8")
    result = run_pnp(root, *command)
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert errors == [f"data/gems/rulebook.de.md:{text.count(chr(10)) + 1}:1: error: lists, quotes and emphasis nest over 50 deep here: "
                      "flatten the text [de edition]"], result.output


def test_the_german_rulebook_tells_a_screen_reader_it_is_german(duo):
    """PDF/UA asks the document's natural language in the catalog's /Lang (ISO 32000-1, 14.9.2) and in its XMP: a reader
    speaking a German rulebook with English rules of pronunciation is unintelligible."""
    import pikepdf

    result = run_pnp(duo, "build", "duo", "--lang", "all", "--only", "rulebook")
    assert result.exit_code == 0, result.output
    for name, lang in (("duo-rulebook-de.pdf", "de"), ("duo-rulebook.pdf", "en")):
        with pikepdf.open(duo / "output" / "duo" / name) as pdf:
            assert str(pdf.Root.Lang) == lang, name
            xmp = bytes(pdf.Root.Metadata.read_bytes()).decode("utf-8")
            assert f"<dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>" in xmp, name
