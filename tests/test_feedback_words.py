"""The playtest feedback sheet speaks the edition's language (issue 78): a German sheet says its header, its table's
head row and its deck lines in German with none of pnp's English words, an Arabic one reads from the right; and the
bundle's sleeve step says "1 sleeve" for a card size with one card.

The sheet is drawn in-process as `pnp bundle` draws it (pnp.targets.feedback.feedback_pdf with the bundle's voice) for
a two-row deck, without building a game: the words are what is tested here; and from the tiny game read as the bundle
reads it, what each deck's rows and line say of its cards."""
from __future__ import annotations

import io
import re
import unicodedata
from types import SimpleNamespace as NS

import pytest
from conftest import apply_edits
from pdftext import flat, page_texts

from pnp.data.words import table_of

FEEDBACK = ("feedback_date", "feedback_players", "feedback_version", "feedback_card", "feedback_name", "feedback_stamp",
            "feedback_rating", "feedback_notes")


def _voice(language: str):
    """The bundle's voice and fonts for an edition in `language` (pnp.targets.bundle.bundle_voice with the bundled fonts)."""
    from pnp.layout.fonts import FontBook
    from pnp.targets.bundle import bundle_voice
    from pnp.targets.bundle_pages import Fonts

    book = FontBook()
    fonts = Fonts(book.font_name("noto-sans"), book.font_name("noto-sans", bold=True))
    return bundle_voice(NS(fonts=book, game=NS(language=language, spec=NS(strings={}))), fonts), fonts


def _sheet(language: str) -> bytes:
    """A feedback sheet of one deck: two different cards, five printed, one of them stamped with its version."""
    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice(language)
    deck = FeedbackDeck("Organe", (FeedbackRow("herz", "Herz", "v3"), FeedbackRow("lunge", "Lunge")), total=5)
    return feedback_pdf("Organ Match", "1.2", [deck], "a4", fonts, voice)


def _said(phrase: str, text: str) -> bool:
    """Whether `text` says `phrase` as words of its own: "Karte" is not said by "Karten"."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


@pytest.fixture(scope="module")
def german() -> str:
    return flat(" ".join(page_texts(_sheet("de"))))


def test_a_german_feedback_sheet_says_its_words_in_german(german):
    de, en = table_of("de"), table_of("en")
    for key in FEEDBACK:
        assert _said(flat(de[key]), german), f"{key}: {de[key]!r} not on the German sheet"
    assert "Organ Match: Rückmeldebogen zum Testspiel" in german, "the title"
    assert "Organe (5 Karten, 2 verschiedene)" in german, "the deck's line: its cards counted in German"
    english = ["playtest feedback", "Date:", "Players:", "Rating", "Notes", "cards", "different"]
    assert all(word in flat(" ".join(en[k] for k in (*FEEDBACK, "feedback_title", "feedback_deck_kinds", "label_cards"))) for word in english)
    said = [word for word in english if _said(word, german)]
    assert not said, f"English words on the German sheet: {said}"


def test_an_arabic_feedback_sheet_reads_from_the_right():
    """The head row's words in Arabic letters, its first column ('card') at the right of its rating column."""
    import pdfplumber

    ar = table_of("ar")
    with pdfplumber.open(io.BytesIO(_sheet("ar"))) as doc:
        words = [dict(w, text=unicodedata.normalize("NFKC", w["text"])) for w in doc.pages[0].extract_words()]
    x = {w["text"]: w["x0"] for w in words}
    card, rating = (unicodedata.normalize("NFKC", ar[k]).split()[0][::-1] for k in ("feedback_card", "feedback_rating"))  # drawn in visual order
    assert card in x and rating in x, f"{ar['feedback_card']!r}, {ar['feedback_rating']!r} not read back: {sorted(x)}"
    assert x[card] > x[rating], "a right-to-left table's first column stands at the right"


@pytest.mark.parametrize(("language", "one", "many"), [
    ("en", "1 sleeve of 63.5 × 88.9 mm (Solo)", "40 sleeves of 41 × 63 mm (Minis)"),
    ("de", "1 Hülle 63,5 × 88,9 mm (Solo)", "40 Hüllen 41 × 63 mm (Minis)"),
])
def test_a_card_size_with_one_card_reads_singular_in_the_sleeve_step(language, one, many):
    from pnp.targets.bundle import assembly_steps

    voice, _ = _voice(language)
    decks = {"solo": NS(name="Solo", total=1, size=(63.5, 88.9)), "minis": NS(name="Minis", total=40, size=(41, 63))}
    step = assembly_steps(NS(decks=decks), [], voice)[-1]
    assert one in step and many in step, step


# ids from the shipped games' decks, and one made up to be wider than the id column at the body size
IDS = ("hijacked-shipment", "corrupt-customs-officer", "crop-duster", "extraordinarilylongcardidentifier")


def test_a_card_id_is_broken_only_after_its_hyphens():
    """A playtester copies the id into a note: the sheet's id column breaks an id at its hyphens, never inside a word
    ("hijacked-shipmen" / "t" was printed), and a word too wide for the column is shrunk whole, not split."""
    import pdfplumber

    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice("en")
    deck = FeedbackDeck("Cartel", tuple(FeedbackRow(i, "Name") for i in IDS))
    with pdfplumber.open(io.BytesIO(feedback_pdf("Narco Empire", "1.0", [deck], "letter", fonts, voice))) as doc:
        page = doc.pages[0]
        head = next(w for w in page.extract_words() if w["text"] == "Name")  # the name column's head: the id column ends before it
        words = [w for w in page.extract_words(keep_blank_chars=True) if w["x1"] < head["x0"] and w["top"] > head["bottom"]]
    lines = [w["text"] for w in sorted(words, key=lambda w: w["top"])]
    pieces = {part for card_id in IDS for part in _hyphen_runs(card_id)}
    for line in lines:
        assert all(run in pieces for run in _hyphen_runs(line)), f"{line!r}: an id broken inside a word ({lines})"
    assert "".join(lines) == "".join(IDS), lines


LONG_ID = "supercalifragilisticexpialidociousandthensomemoreletterstoo"  # one word, wider than any id column at 6 pt
MM = 72 / 25.4


def _long_id_page() -> tuple[list[dict], list[dict], float]:
    """The words, the characters and the width of the first page of a Letter feedback sheet whose one card has
    LONG_ID, as pdfplumber reads them."""
    import pdfplumber

    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice("en")
    deck = FeedbackDeck("Cartel", (FeedbackRow(LONG_ID, "Name"),))
    with pdfplumber.open(io.BytesIO(feedback_pdf("Narco Empire", "1.0", [deck], "letter", fonts, voice))) as doc:
        page = doc.pages[0]
        return page.extract_words(), list(page.chars), float(page.width)


def test_an_id_too_long_for_its_column_is_set_no_smaller_than_6_pt():
    """An id of one word wider than the id column can grow is shrunk, but not below 6 pt, the smallest type read at
    arm's length on a printed table (as the box's marking block is set): every letter of it at 6 pt."""
    words, chars, _ = _long_id_page()
    head = next(w for w in words if w["text"] == "Name")
    shrunk = [c for c in chars if c["top"] > head["bottom"] and c["size"] < 8.5 - 0.01]  # the body's 8.5 pt less
    assert "".join(c["text"] for c in shrunk) == LONG_ID
    assert {round(c["size"], 1) for c in shrunk} == {6.0}


def test_an_id_too_long_for_its_column_leaves_the_notes_a_quarter_of_the_table_to_write_in():
    """However long an id, the playtester's note keeps its room: the Notes column, from its head to the table's right
    edge 15 mm in from the paper's, is at least a quarter of the table's width."""
    words, _, width = _long_id_page()
    notes = next(w for w in words if w["text"] == "Notes")
    table = width - 2 * 15 * MM
    assert (width - 15 * MM) - notes["x0"] >= table / 4, (notes["x0"], width)


def _hyphen_runs(text: str) -> list[str]:
    """'hijacked-shipment' → ['hijacked-', 'shipment']: the places an id may end a line."""
    import re

    return re.findall(r"[^-]+-?", text)


def _game_sheet(root) -> str:
    """The feedback sheet of the game in `root` as `pnp bundle` makes it (the game read, its decks' rows taken by
    pnp.targets.feedback.feedback_decks), as a reader reads its words."""
    from pnp.data.project import Project
    from pnp.targets.feedback import feedback_decks, feedback_pdf

    game, findings = Project(root).load_game("tiny")
    assert game is not None, findings
    voice, fonts = _voice("en")
    return flat(" ".join(page_texts(feedback_pdf(game.spec.title, "", feedback_decks(game), "letter", fonts, voice))))


def test_a_decks_line_counts_the_cards_it_prints_and_its_kinds(project):
    """The tiny game's heroes: five kinds of card, 2 + 2 + 3 + 3 + 2 copies, the 12 game.yaml's components list counts."""
    assert "Heroes (12 cards, 5 different)" in _game_sheet(project)


def test_a_card_named_by_a_word_of_the_games_strings_is_listed_in_those_words(project):
    """A name field holding a word the game's `strings:` names (as Organ Match's organ kinds do) is listed as the
    strings give it, as the card and the rulebook's components table print it, not as the key."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["name: Rogue", "name: rogue"]},
                          {"file": "data/tiny/game.yaml", "append": "strings:\n  rogue: Sly Rogue\n"}])
    assert "Sly Rogue" in _game_sheet(project)
