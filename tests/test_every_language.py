"""Every language pnp ships its words in prints them: a `pnp new` game whose edition is in that language builds with
no finding (the fit and glyph checks of every face, page and label), and its PDFs hold pnp's words in that language,
read back as text. A character no bundled font has is named with a free font that has it."""
from __future__ import annotations

import unicodedata

import pypdfium2 as pdfium
import pytest
from conftest import apply_edits, run_pnp

from pnp.cli.scaffold import scaffold_files
from pnp.data.words import shipped_languages, table_of

GAME = "crystal-caves"
VOWELLED = "مَرْحَبًا بِكُمْ، سَلَّمَ"  # Arabic with its vowel marks: fatha, fathatan, sukun, kasra, damma, shadda


def _scaffold(root, language: str):
    """A fresh `pnp new` project whose game's one edition (its source) is in `language`."""
    for rel, text in scaffold_files(GAME).items():
        if rel.endswith("game.yaml"):
            text = text.replace("\ntitle:", f"\nlanguages: [{language}]\ntitle:", 1)
        if rel.endswith("rulebook.md"):
            text += "\n> Keep the cards in their box.\n"  # a quote: its bar stands on the side lines start
            text += f"\n{VOWELLED}\n" if language == "ar" else ""
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def pdf_text(path) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    """`get(language)`: (project, `pnp build --strict`'s result) of a scaffold whose one edition is in `language`, built
    once per module."""
    built: dict = {}

    def get(language: str):
        if language not in built:
            root = _scaffold(tmp_path_factory.mktemp(f"scaffold-{language}"), language)
            built[language] = root, run_pnp(root, "build", GAME, "--strict")
        return built[language]

    return get


@pytest.mark.parametrize("language", ["ja", "ar"])
def test_a_scaffold_edition_builds_whole_with_pnps_words(edition, language):
    """The issue's "Japanese and Arabic scaffold editions build with pnp's words": every output, --strict."""
    root, result = edition(language)
    assert result.exit_code == 0, result.output
    assert "error" not in result.output and "warning" not in result.output, result.output
    words = table_of(language)
    out = root / "output" / GAME
    rules = read_as_written(pdf_text(out / f"{GAME}-rulebook.pdf"))
    assert words["contents"] in rules and words["component"] in rules, rules[:400]
    labels = read_as_written(pdf_text(out / f"{GAME}-labels.pdf"))
    assert words["label_cards"].format(n=18) in labels, labels[:400]
    cards = read_as_written(pdf_text(out / f"{GAME}-cards.pdf"))  # the sheets' footers, drawn with the fallback fonts
    assert words["sheet_of"].format(n=1, total=2) in cards, [line for line in cards.splitlines() if "Crystals" in line][:2]
    tokens = read_as_written(pdf_text(out / f"{GAME}-tokens.pdf"))  # token sheets too: they printed English in every edition
    assert words["sheet_of"].format(n=1, total=1) in tokens, [line for line in tokens.splitlines() if "Gems" in line][:2]


@pytest.mark.parametrize("language", [lang for lang in shipped_languages() if lang not in ("en", "de", "ja", "ar")])  # en, de: organ-match builds
def test_every_language_prints_pnps_words_with_no_finding(tmp_path, language):
    """The same fit and glyph checks in every language pnp ships: the outputs that print its words (the rulebook's
    contents, facts line and components table, the labels, the card sheets' footers) build --strict with no finding,
    and the rulebook and card sheets hold the words, read back."""
    root = _scaffold(tmp_path, language)
    result = run_pnp(root, "build", GAME, "--strict", "--only", "rulebook", "--only", "labels", "--only", "cards")
    assert result.exit_code == 0 and "error" not in result.output and "warning" not in result.output, result.output
    words, out = table_of(language), root / "output" / GAME
    rules = read_as_written(pdf_text(out / f"{GAME}-rulebook.pdf"))
    assert words["contents"] in rules and words["component"] in rules, rules[:300]
    cards = read_as_written(pdf_text(out / f"{GAME}-cards.pdf"))
    assert words["sheet_of"].format(n=1, total=2) in cards, [line for line in cards.splitlines() if "Crystals" in line][:2]


def _lines(pdf, page: int) -> list[list[dict]]:
    """The characters of a page (pdfplumber's, NFKC: Arabic's joining forms read as its letters) grouped by baseline, top down."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        chars = [dict(c, raw=c["text"], text=unicodedata.normalize("NFKC", c["text"])) for c in doc.pages[page].chars if c["text"].strip()]
    lines: dict = {}
    for c in chars:
        lines.setdefault(round(c["bottom"]), []).append(c)
    return [lines[k] for k in sorted(lines)]


def _x_of(line: list[dict], word: str) -> float:
    """Where `word` (drawn right to left: its letters last first) starts on the line, in points from the left."""
    text = "".join(c["text"] for c in line)
    return line[text.index(word[::-1])]["x0"]


def test_an_arabic_rulebook_reads_from_the_right(edition):
    """Its contents heading's letters stand right to left in reading order, joined, in the right-hand column; a
    table's first column stands at its right; and the lines of a paragraph end flush at
    the right edge of the column, however long each is."""
    root, _ = edition("ar")
    lines = _lines(root / "output" / GAME / f"{GAME}-rulebook.pdf", 1)
    word = table_of("ar")["contents"]
    heading = next(line for line in lines if word[::-1] in "".join(c["text"] for c in line))
    letters = [c for c in heading if c["text"] in word]
    first, last = (next(c for c in letters if c["text"] == word[i]) for i in (0, -1))
    assert first["x0"] > last["x0"], "the word's first letter stands at its right"
    assert first["x0"] > 306, "the contents open the page's first column, the right one (a Letter page is 612 pt wide)"
    header = next(line for line in lines if table_of("ar")["count"][::-1] in "".join(c["text"] for c in line))
    at = {key: _x_of(header, table_of("ar")[key]) for key in ("component", "count", "details")}
    assert at["component"] > at["count"] > at["details"], f"the table's first column stands at the right: {at}"
    import pdfplumber

    with pdfplumber.open(root / "output" / GAME / f"{GAME}-rulebook.pdf") as doc:
        page, quote = next((page, line) for page in doc.pages for line in page.extract_text_lines() if "box" in line["text"])
        bars = [r for r in page.rects if abs(r["width"] - 2.5) < 0.1 and r["top"] <= quote["top"] <= r["bottom"]]
    assert bars and bars[0]["x0"] > quote["x1"], "a quote's bar stands at its right, where its lines start"
    assert all("\ufe70" <= c["raw"] <= "\ufeff" for c in letters), "each letter is drawn in its joining form (presentation forms B)"
    paragraph = [line for line in lines if any(s in "".join(c["text"] for c in line) for s in ("CrystalCavesis", "crystals:the"))]  # pdfplumber joins words
    assert len(paragraph) == 2
    rights = [max(c["x1"] for c in line) for line in paragraph]
    lefts = [min(c["x0"] for c in line) for line in paragraph]
    assert abs(rights[0] - rights[1]) < 0.5 and abs(lefts[0] - lefts[1]) > 5, (rights, lefts)
    printed = pdf_text(root / "output" / GAME / f"{GAME}-rulebook.pdf")
    assert all(mark in printed for mark in "\u064e\u064b\u0652\u0650\u064f\u0651"), "a paragraph's vowel marks print (test_harakat: where)"


def test_an_arabic_rulebooks_numbered_steps_have_their_numbers_at_the_right(edition):
    """A list in a right-to-left edition starts its items at the right: each of the scaffold's three numbered steps
    ("1. Shuffle the …", on the rulebook's second page) has its number as the rightmost character of its first line,
    beside the words it numbers."""
    root, _ = edition("ar")
    lines = _lines(root / "output" / GAME / f"{GAME}-rulebook.pdf", 1)
    for word, number in (("Shuffle", "1"), ("turn", "2"), ("runs", "3")):
        at = next(line for line in lines if word in "".join(c["text"] for c in line))
        rightmost = max(at, key=lambda c: c["x1"])
        words = max(c["x1"] for c in at if c["text"].isalpha())
        assert rightmost["text"] == number, (word, "".join(c["text"] for c in sorted(at, key=lambda c: c["x0"])))
        assert 0 < rightmost["x0"] - words < 20, (word, rightmost["x0"], words)


def test_an_arabic_rulebooks_running_head_stands_at_the_right_of_its_page(edition):
    """The game's title heads each body page on the side its lines start: at the right in a right-to-left edition,
    flush with the text's right edge, not pushed to the page's middle."""
    import pdfplumber

    root, _ = edition("ar")
    with pdfplumber.open(root / "output" / GAME / f"{GAME}-rulebook.pdf") as doc:
        page = doc.pages[1]
        chars = [c for c in page.chars if c["text"].strip()]
        first_line = min(round(c["bottom"]) for c in chars)
        head = [c for c in chars if round(c["bottom"]) == first_line]  # the page's topmost line: its running head
        body_right = max(c["x1"] for c in chars if round(c["bottom"]) > first_line + 12)
    assert "".join(c["text"] for c in head) == "CrystalCaves", "the running head is the game's title (pdfplumber drops the space)"
    assert min(c["x0"] for c in head) > page.width / 2, "the title stands in the page's right half"
    assert abs(max(c["x1"] for c in head) - body_right) < 3, "and ends flush with the text's right edge"


def read_as_written(text: str) -> str:
    """PDF text as its words are written: Arabic's joining forms back to its letters (pdfium reads a right-to-left line
    in reading order itself)."""
    return unicodedata.normalize("NFKC", text)


def test_a_character_no_font_has_is_named_with_its_script_and_a_free_font_that_has_it(project):
    """`pnp validate` on cards whose text holds a Devanagari क, a Thai ก and a private-use character (U+E000), none of
    which the body font or its fallback has: each is one error at the template's text call, naming the character, its
    code point and where it was written; a letter of a script is told the free Noto font that has it, and a character of
    no script such a font is known for is told to be replaced, naming no family pnp cannot vouch for."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": [old, new]} for old, new in (
        ('text: "Draw **two** cards & gain :star:."', 'text: "a \ue000 b"'), ('text: "Steal 1 coin − then run → away."', 'text: "क"'),
        ('text: "This card has its own back."', 'text: "ก"'))])
    result = run_pnp(project, "validate", "tiny")
    missing = "templates/tiny/hero.j2:5:1: error: characters missing from font 'noto-sans' and their fallback: "
    add = "add a font that has them to fonts/ and name its family in fonts/fonts.yaml's `fallback` (a free one, SIL Open Font License: "
    assert result.exit_code == 1 and [line for line in result.stderr.splitlines() if ": error: " in line] == [
        f"{missing}'क' (U+0915) (written in card.text at data/tiny/decks/heroes.yaml:9:57): {add}Devanagari: Noto Sans Devanagari), or replace them [heroes/rogue front]",
        f"{missing}'ก' (U+0E01) (written in card.text at data/tiny/decks/heroes.yaml:11:55): {add}Thai: Noto Sans Thai), or replace them [heroes/twin front]",
        f"{missing}'\ue000' (U+E000) (written in card.text at data/tiny/decks/heroes.yaml:7:63): replace them or choose another font [heroes/knight front]"], result.stderr


def test_bidi_isolates_and_joiners_no_font_draws_are_no_missing_character(project):
    """A right-to-left editor saves a name wrapped in bidi isolates (U+2067 … U+2069), and a text may hold a zero-width
    joiner or a byte-order mark: Unicode's default-ignorable characters, which draw nothing, so a font without them
    lacks nothing. The deck's label and its cards build with no finding, and print their letters."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": [old, new]} for old, new in (
        ("name: Heroes", 'name: "\u2067Heroes\u2069"'), ('text: "This card has its own back."', 'text: "Own\u200d back\ufeff."'))])
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--only", "labels", "--deck", "heroes")
    assert result.exit_code == 0 and ": error: " not in result.stderr and "missing" not in result.stderr, result.stderr
    texts = ["".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf)) for pdf in sorted((project / "output/tiny").glob("*.pdf"))]
    assert any("Heroes" in text for text in texts) and any("Own" in text and "back" in text for text in texts), texts


def test_a_symbol_from_the_fallback_never_reads_the_cjk_font():
    """The fallback families are read in order only as far as a character needs: ★ is in Noto Sans Symbols 2, so a
    game with stars does not read the 3 MB CJK font at the end of the list; 語 does."""
    from pnp.layout.fonts import FontBook
    from pnp.layout.markup import parse
    from pnp.layout.typeset import Typesetter

    fonts = FontBook()
    setter = Typesetter(fonts)
    missing: set = set()

    def fonts_of(text: str) -> list[str]:
        """The font of each piece of the text's words, as the typesetter sets them."""
        words = setter.items(parse(text), "noto-sans", False, False, "#000000", missing)
        return [piece[1] for word in words if word[0] == "w" for piece in word[1]]

    assert fonts_of("a ★") == [fonts.font_name("noto-sans"), fonts.font_name("noto-sans-symbols2")]
    assert not missing and not any(family == "droid-sans-fallback" for family, _, _ in fonts.registered())
    assert fonts_of("語") == [fonts.font_name("droid-sans-fallback")] and not missing


def test_japanese_breaks_between_its_characters_but_never_before_its_punctuation(project):
    """Japanese has no spaces between words: a paragraph wraps between any two characters within its width, and no
    line starts with 、 or 。 (JIS X 4051's simplest rule). In a box 100 pt wide, ten 10 pt characters fill a line: where
    the eleventh is 、 or 。 the line gives up its tenth, which starts the next line with the mark after it. Read from
    the built card's characters, line by line."""
    import pdfplumber

    text = "一二三四五六七八九十、一二三四五六七八九十。山札をよく混ぜて、各プレイヤーに3枚ずつ配ります。"
    apply_edits(project, [{"file": "templates/tiny/notes.j2", "write": "{{ text(card.text, 5, 5, 100 * 25.4 / 72, 60, size=10) }}\n"},
                          {"file": "data/tiny/decks/notes.yaml", "write": f"name: Notes\nsize: poker\nfront: tiny/notes.j2\ncards:\n"
                                                                          f"  - {{id: rules, name: Rules, text: \"{text}\"}}\n"}])
    result = run_pnp(project, "build", "--only", "cards", "--cards", "rules", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards-rules.pdf") as doc:
        chars = sorted((c for c in doc.pages[0].chars if c["size"] == 10.0), key=lambda c: (c["top"], c["x0"]))
    lines: list[list[dict]] = []
    for c in chars:  # a digit set in the Latin font stands half a point lower than its line's ideographs
        if lines and abs(c["top"] - lines[-1][0]["top"]) < 5:
            lines[-1].append(c)
        else:
            lines.append([c])
    read = ["".join(c["text"] for c in sorted(line, key=lambda c: c["x0"])) for line in lines]
    assert "".join(read) == text and read[:3] == ["一二三四五六七八九", "十、一二三四五六七八", "九十。山札をよく混ぜ"], read
    left = min(c["x0"] for c in chars)
    assert all(c["x1"] <= left + 100 + 0.01 for c in chars) and not [line for line in read if line[0] in "、。"], read


def test_an_amharic_word_no_font_has_is_told_the_noto_ethiopic_font_that_has_it(project):
    """An Amharic word (Ethiopic script, ሰላም "peace") in a card's text: none of pnp's bundled fonts has Ethiopic, so
    `pnp validate` finds its three letters missing at the template's text call and names Noto Sans Ethiopic, the free
    font Google publishes for the script (fonts.google.com/noto/specimen/Noto+Sans+Ethiopic)."""
    assert _errors_of_knights_text(project, "ሰላም") == [
        "templates/tiny/hero.j2:5:1: error: characters missing from font 'noto-sans' and their fallback: 'ላ' (U+120B), 'ም' (U+121D), "
        "'ሰ' (U+1230) (written in card.text at data/tiny/decks/heroes.yaml:7:63): add a font that has them to fonts/ and name its "
        "family in fonts/fonts.yaml's `fallback` (a free one, SIL Open Font License: Ethiopic: Noto Sans Ethiopic), or replace them "
        "[heroes/knight front]"]


def test_letters_of_two_scripts_no_font_has_are_one_error_naming_a_free_font_for_each(project):
    """One card text holding a Devanagari क and a Thai ก, neither of which the body font or its fallback has: one error
    at the template's text call lists both characters and names, script by script, the free Noto font that has each,
    the two told apart by a semicolon (docs/languages.md, "Characters no font has")."""
    assert _errors_of_knights_text(project, "क ก") == [
        "templates/tiny/hero.j2:5:1: error: characters missing from font 'noto-sans' and their fallback: 'क' (U+0915), 'ก' (U+0E01) "
        "(written in card.text at data/tiny/decks/heroes.yaml:7:63): add a font that has them to fonts/ and name its "
        "family in fonts/fonts.yaml's `fallback` (a free one, SIL Open Font License: Devanagari: Noto Sans Devanagari; "
        "Thai: Noto Sans Thai), or replace them [heroes/knight front]"]


def _errors_of_knights_text(project, text: str) -> list[str]:
    """The error lines `pnp validate tiny` prints (it fails) once the knight's card text is `text`."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ['text: "Draw **two** cards & gain :star:."', f'text: "{text}"']}])
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1, result.output
    return [line for line in result.stderr.splitlines() if ": error: " in line]


def test_a_cyrillic_or_greek_letter_no_font_has_is_told_noto_sans_that_has_them():
    """Noto has no family of its own for Cyrillic or Greek: Noto Sans itself covers both (its specimen's language
    support, fonts.google.com/noto/specimen/Noto+Sans), so a font lacking Ж and Ω is told Noto Sans for each script,
    never a 'Noto Sans Cyrillic' a designer would look for in vain."""
    from pnp.layout.scripts import missing_message

    assert missing_message({"Ж", "Ω"}, "font 'comfortaa'") == (
        "characters missing from font 'comfortaa' and their fallback: 'Ω' (U+03A9), 'Ж' (U+0416): add a font that has them "
        "to fonts/ and name its family in fonts/fonts.yaml's `fallback` (a free one, SIL Open Font License: Greek: Noto Sans; "
        "Cyrillic: Noto Sans), or replace them")
