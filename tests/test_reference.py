"""The reference sheet and the player-aid cards: every section kept, nothing cut off, backs like any deck."""
from __future__ import annotations

import re
import shutil
from collections import Counter, namedtuple

import printable
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
import streams
import yaml
from conftest import MM, ROOT, TEST_PROJECT, build_log, run_pnp
from pdftext import flat, page_texts
from pypdf import PdfReader

from pnp.core.units import pt

REFERENCE = "output/tiny/tiny-reference.pdf"
SOURCE = "data/tiny/reference.yaml"


def build(project, *args):
    result = run_pnp(project, "build", "tiny", "--only", "reference", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """`get(**long)`: the tiny game's reference PDF, built from an unchanged copy of the test project, or with
    `long_reference(**long)` written first; each built once for the tests of this file that only read it (what the
    build printed: `get.said(**long)`)."""
    made = {}

    def built(**long):
        key = tuple(sorted((k, str(v)) for k, v in long.items()))
        if key not in made:
            project = tmp_path_factory.mktemp("reference") / "project"
            shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
            if long:
                long_reference(project, **long)
            result = build(project)
            made[key] = (project / REFERENCE, result.output + result.stderr)
        return made[key]

    def get(**long):
        return built(**long)[0]

    get.said = lambda **long: built(**long)[1]
    return get


_TEXTS: dict = {}


def texts(pdf) -> list[str]:
    """Each page's text (pdfium, tests/pdftext.py), words as one line, read once per file as it is (several tests read
    one build's)."""
    stat = pdf.stat()
    key = (str(pdf), stat.st_mtime_ns, stat.st_size, stat.st_ino)
    if key not in _TEXTS:
        _TEXTS[key] = [flat(text) for text in page_texts(pdf)]
    return _TEXTS[key]


def kinds(pages: list[str]) -> list[str]:
    """'sheet', 'sheet-back', 'aids' or 'aids-back' for each page, from its footer."""
    out = []
    for text in pages:
        group = "sheet" if re.search(r"· Reference sheet(, last page)? ·", text) else "aids" if "· Player aids ·" in text else "?"
        out.append(group + ("-back" if "· backs" in text else ""))
    return out


def long_reference(project, sections=10, bullets=6, copies=3, columns=2, card="poker", only=None):
    """A reference whose every bullet carries a unique token, like S3B5; `bullets` is a number for every section or a list
    of one number per section; `only` maps a section's number to sheet or aid."""
    counts = bullets if isinstance(bullets, list) else [bullets] * sections
    lines = ["title: Long reference", f"card_size: {card}", f"copies: {copies}", f"columns: {columns}", "sections:"]
    for s in range(sections):
        lines.append(f"  - title: Section T{s}")
        if s in (only or {}):
            lines.append(f"    only: {only[s]}")
        lines.append("    bullets:")
        for b in range(counts[s]):
            lines.append(f'      - "S{s}B{b} keep this rule in mind when the turn ends & the next one starts."')
    (project / SOURCE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [f"S{s}B{b}" for s in range(sections) for b in range(counts[s])]


def test_the_reference_sheet_keeps_every_section(reference):
    pages = texts(reference())
    sheet = " ".join(t for t, k in zip(pages, kinds(pages), strict=False) if k == "sheet")
    for written in ("Tiny · quick reference", "Setting up", "1. Shuffle the Heroes deck.", "A turn", "Each turn has 3 steps; the deck holds 12 cards.",
                    "1. Draw a card.", "2. Play a card & follow its text.", "3. Pass to the left.", "Scoring", "A card with scores 1.",
                    "<Knight> & AT&T Agent score double.", "Stars Points", "Symbols", "Star: one point"):
        assert written in sheet, written


def test_only_sections_print_where_they_are_marked(reference):
    """tests/project's reference: 'Setting up' is `only: sheet`, 'In a nutshell' `only: aid`; the aid summary may fill the sheet's back."""
    pages = texts(reference())
    order = kinds(pages)
    sheet_front, sheet_back = pages[order.index("sheet")], pages[order.index("sheet-back")]
    aids = " ".join(t for t, k in zip(pages, order, strict=True) if k.startswith("aids"))
    assert "Setting up" in sheet_front and "Shuffle the Heroes deck." in sheet_front
    assert "In a nutshell" not in sheet_front and "most stars wins" not in sheet_front
    assert "Setting up" not in aids and "Shuffle the Heroes deck." not in aids
    assert "In a nutshell" in aids and "Draw, play, pass left; most stars wins." in aids
    assert "A turn" in aids and "Scoring" in aids  # unmarked sections print on both
    assert "In a nutshell" in sheet_back and "Setting up" not in sheet_back and "A turn" not in sheet_back  # the back: the aid summary only


def test_a_bad_only_value_is_a_located_error(project):
    path = project / SOURCE
    path.write_text(path.read_text().replace("only: sheet ", "only: sheets "), encoding="utf-8")
    result = run_pnp(project, "validate")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "Traceback" not in shown
    assert re.search(r"data/tiny/reference\.yaml:7:\d+: error: sections\.0\.only: 'sheets' is not allowed \(did you mean 'sheet'\?\); expected 'sheet' or 'aid'", shown), shown


def _column_texts(pdf, index, columns):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        w, h = page.get_size()
        textpage = page.get_textpage()
        margin = 14 * MM
        width = (w - 2 * margin) / columns
        return [flat(textpage.get_text_bounded(margin + c * width - 2, 0, margin + (c + 1) * width + 2, h)) for c in range(columns)]
    finally:
        doc.close()


@pytest.mark.parametrize("bullets", [[6] * 26, [12, 1, 1]], ids=["several pages", "one long and two short sections on a balanced page"])
def test_a_section_that_fits_a_column_is_never_split(project, bullets):
    """Its heading and its last line share a page and a column, also where balancing the columns would be shorter with a split."""
    long_reference(project, sections=len(bullets), bullets=bullets)
    build(project)
    pages = texts(project / REFERENCE)
    sheet_pages = [i for i, k in enumerate(kinds(pages)) if k.startswith("sheet")]  # a long sheet goes on both sides
    columns = [col for i in sheet_pages for col in _column_texts(project / REFERENCE, i, 2)]
    used = [c for c in columns if "Section" in c]
    assert len(used) >= 2, "the test needs sections spread over several columns"
    for s, count in enumerate(bullets):
        holding = [n for n, col in enumerate(columns) if re.search(rf"Section T{s}\b", col) or any(f"S{s}B{b} " in col for b in range(count))]
        assert len(holding) == 1, (s, holding)
        assert all(f"S{s}B{b} " in columns[holding[0]] for b in range(count))


@pytest.mark.parametrize(("mistake", "at"), [("The deck holds {{ decks.heroes.totl }} cards.", "totl"),
                                             ("The deck holds {{ decks.heroes.total + }} cards.", "}}"),
                                             ("  - the deck holds {{ decks.heroes.totl }} cards.", "totl")],
                         ids=["misspelt-fact", "syntax", "indented-in-its-block"])
def test_a_jinja_mistake_on_a_later_line_of_a_sections_text_is_said_at_that_line(project, mistake, at):
    """A section's text written as a YAML block over several lines: a misspelt fact on its third line, or a sum left
    without its second term, is one error at that line of reference.yaml and at the column of the name (or of the `}}`
    that ends the sum too soon), not at the text's first line nor the one above or below; on a line indented further
    than the block (a nested list's item), at the name's column still."""
    source = project / SOURCE
    text = source.read_text(encoding="utf-8")
    block = f"    text: |\n      Each turn has three steps.\n      Draw, then play.\n      {mistake}\n"
    source.write_text(text.replace('    text: "Each turn has {{ 3 }} steps; the deck holds {{ decks.heroes.total }} cards."\n', block, 1), encoding="utf-8")
    lines = source.read_text(encoding="utf-8").splitlines()
    line = next(n for n, s in enumerate(lines, 1) if mistake in s)
    result = run_pnp(project, "validate", "tiny")
    said = [s for s in result.output.splitlines() if ": error: " in s]
    column = lines[line - 1].index(at) + 1
    assert len(said) == 1 and said[0].startswith(f"{SOURCE}:{line}:{column}: error: "), said


MISSPELT = "The deck holds {{ decks.heroes.totl }} cards."
# A section's text written each way a designer writes one, and the line of the file that holds its misspelt fact
WRITTEN_TEXTS = {
    # a block keeping the sentence's old wording in a Jinja comment above it: never run, so not where the error is
    "block with the old words in a comment": (f"    text: |\n      Each turn has three steps.\n      {{# was: {MISSPELT} #}}\n      {MISSPELT}\n",
                                              f"      {MISSPELT}"),
    # a block whose first line holds the mistake: below the `|`, not at it
    "block, on its first line": (f"    text: |\n      {MISSPELT}\n      Each turn has three steps.\n", f"      {MISSPELT}"),
    # double quotes with a break written `\n`: the fact is the text's second line, on the value's own line of the file
    "quoted, after a break": ('    text: "Each turn has three steps.\\nThe deck holds {{ decks.heroes.totl }} cards."\n', None),
    # lines after each `\n` set in two spaces by hand: the column where the name stands, not the spaces counted twice
    "quoted, indented after a break": ('    text: "Each turn:\\n  1. Draw a card.\\n  2. Count the {{ decks.heroes.totl }} cards."\n', None),
    # wrapped over three lines of the file (YAML joins them with spaces), the break on its last: that third line
    "quoted, folded over lines": ('    text: "Each turn has three steps.\n      Draw, play and pass.\n      Then: \\nThe deck holds {{ decks.heroes.totl }} cards."\n',
                                  "      Then: \\nThe deck holds {{ decks.heroes.totl }} cards.\""),
}


@pytest.mark.parametrize("written", WRITTEN_TEXTS)
def test_a_jinja_mistake_in_a_section_text_is_one_error_at_its_name_where_the_file_writes_it(project, written):
    """However a section's text is written (a block, double quotes with `\\n` breaks, lines set in or folded), a misspelt
    fact in it is one error, on the line of reference.yaml that holds it and at the name's column there: never on
    another key's line, at a comment holding the same words, or off by the spaces a quoted text's lines are set in."""
    value, holding = WRITTEN_TEXTS[written]
    source = project / SOURCE
    source.write_text(source.read_text(encoding="utf-8").replace(
        '    text: "Each turn has {{ 3 }} steps; the deck holds {{ decks.heroes.total }} cards."\n', value, 1), encoding="utf-8")
    lines = source.read_text(encoding="utf-8").splitlines()
    line = lines.index(holding or value.rstrip("\n")) + 1
    said = [s for s in run_pnp(project, "validate", "tiny").output.splitlines() if ": error: " in s]
    assert len(said) == 1 and said[0].startswith(f"{SOURCE}:{line}:{lines[line - 1].index('totl') + 1}: error: "), said


@pytest.mark.parametrize(("quoted", "at"), [('    text: "Say \\"hi\\" to the {{ decks.heroes.totl }} cards."\n', '"'),
                                            ('    text: "Count the {{ decks.heroes.totl }} \\"heroes\\"."\n', "totl")])
def test_a_jinja_mistake_in_a_quoted_text_with_an_escape_is_said_where_the_file_can_tell(project, quoted, at):
    """A quoted text whose file writes some words otherwise than they read (`\\"hi\\"` for `"hi"`): after such an escape,
    the name's column cannot be counted from the text, so the error stands at the value's opening quote, never at the
    text's own column (other words); with the escape after the mistake, the words before it are as written, and the
    error stands at the name."""
    source = project / SOURCE
    source.write_text(source.read_text(encoding="utf-8").replace(
        '    text: "Each turn has {{ 3 }} steps; the deck holds {{ decks.heroes.total }} cards."\n', quoted, 1), encoding="utf-8")
    lines = source.read_text(encoding="utf-8").splitlines()
    line = lines.index(quoted.rstrip("\n")) + 1
    column = lines[line - 1].index(at) + 1
    said = [s for s in run_pnp(project, "validate", "tiny").output.splitlines() if ": error: " in s]
    assert len(said) == 1 and said[0].startswith(f"{SOURCE}:{line}:{column}: error: "), said


def test_a_jinja_mistake_in_a_step_is_said_at_its_own_step_not_at_an_earlier_one_on_its_line_that_starts_alike(project):
    """Steps written on one line (`steps: [..., ...]`), the second opening with the first's words and holding a quoted
    word (`\\"extra\\"`, so its text is not written as it reads): its misspelt fact is one error at the second step's
    name, never at the first step's words that start alike."""
    source = project / SOURCE
    steps = '    steps: ["Deal the {{ decks.heroes.name }} cards.", "Deal the {{ decks.heroes.totl }} \\"extra\\" cards face down."]\n'
    source.write_text(source.read_text(encoding="utf-8").replace(
        '    steps: ["Shuffle the {{ decks.heroes.name }} deck.", Deal three cards to each player.]\n', steps, 1), encoding="utf-8")
    lines = source.read_text(encoding="utf-8").splitlines()
    line = lines.index(steps.rstrip("\n")) + 1
    said = [s for s in run_pnp(project, "validate", "tiny").output.splitlines() if ": error: " in s]
    assert len(said) == 1 and said[0].startswith(f"{SOURCE}:{line}:{lines[line - 1].index('totl') + 1}: error: "), said


def test_the_same_jinja_mistake_in_two_sections_is_said_at_each_sections_own_line(project):
    """Two sections' blocks holding the same misspelt line (a sentence copied from one to the other): two errors, each
    at its own section's line of reference.yaml, never both at the first."""
    source = project / SOURCE
    copied = "The deck holds {{ decks.heroes.totl }} cards."
    text = source.read_text(encoding="utf-8").replace(
        '    text: "Each turn has {{ 3 }} steps; the deck holds {{ decks.heroes.total }} cards."\n',
        f"    text: |\n      Each turn has three steps.\n      {copied}\n", 1).replace(
        "    text: Draw, play, pass left; most stars wins.\n", f"    text: |\n      Draw, play, pass left.\n      {copied}\n", 1)
    source.write_text(text, encoding="utf-8")
    lines = [n for n, s in enumerate(text.splitlines(), 1) if copied in s]
    column = text.splitlines()[lines[0] - 1].index("totl") + 1
    result = run_pnp(project, "validate", "tiny")
    said = sorted(s.split(": error: ")[0] for s in result.output.splitlines() if ": error: " in s)
    assert len(lines) == 2 and said == [f"{SOURCE}:{n}:{column}" for n in lines], result.output


def _column_ends(pdf, index: int, columns: int) -> list[tuple[list[str], float]]:
    """Each column of a reference page: the sections whose headings it prints, and how far down its lowest text ends
    (points from the page's top), read from the PDF's characters (the footer's line below the columns left out)."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[index]
        margin = 14 * MM
        width = (page.width - 2 * margin) / columns
        body = [c for c in page.chars if c["text"].strip() and c["bottom"] < page.height - 16 * MM]
        out = []
        for n in range(columns):
            chars = [c for c in body if margin + n * width - 2 <= c["x0"] and c["x1"] <= margin + (n + 1) * width + 2]
            text = "".join(c["text"] for c in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])))
            out.append((re.findall(r"SectionT\d+", text), max((c["bottom"] for c in chars), default=0.0)))
        return out


def test_four_like_sections_share_the_two_columns_and_end_level(project):
    """A short reference of four sections of the same length prints two in each column, and the columns end level, as
    the components page promises (not four in the first column, whose type stopped growing at 16 pt, and none beside)."""
    long_reference(project, sections=4, bullets=2)
    build(project)
    sheet = kinds(texts(project / REFERENCE)).index("sheet")  # after the player aids
    (left, left_end), (right, right_end) = _column_ends(project / REFERENCE, sheet, 2)
    assert (left, right) == (["SectionT0", "SectionT1"], ["SectionT2", "SectionT3"]), (left, right)
    assert abs(left_end - right_end) < 1.0, (left_end, right_end)


def _poker_slots(pdf, index: int):
    """The poker cards placed on page `index`, (x, y, w, h) in µm from the bottom-left, read from the PDF itself:
    where the sheet puts its grid (centred, or moved so its marks print) is the sheet's business, not this test's."""
    Slot = namedtuple("Slot", "x y w h")
    faces = printable.faces_of(streams.Document(pdf), index)
    return [Slot(round(f.trim.x0 / MM * 1000), round(f.trim.y0 / MM * 1000), round((f.trim.x1 - f.trim.x0) / MM * 1000),
                 round((f.trim.y1 - f.trim.y0) / MM * 1000)) for f in faces]


def _aid_chars(pdf, reader) -> list[tuple[dict, object]]:
    """Every character printed on a player-aid page (fronts and backs), with the poker slot it lies in (None if in none);
    pdfplumber's characters, read once per run through pdfium (`reader`: conftest.pdfium_reader)."""
    aids = [index + 1 for index, kind in enumerate(kinds(texts(pdf))) if kind.startswith("aids")]
    out = []
    for page in reader.pages(pdf, aids):
        slots = _poker_slots(pdf, page.number - 1)
        for ch in page.chars:
            if not ch["text"].strip():
                continue
            left, right, bottom, top = ch["x0"], ch["x1"], page.height - ch["bottom"], page.height - ch["top"]
            inside = next((s for s in slots if pt(s.x) - 0.5 <= left and right <= pt(s.x + s.w) + 0.5 and pt(s.y) - 0.5 <= bottom and top <= pt(s.y + s.h) + 0.5), None)
            out.append(({**ch, "box": (left, bottom, right, top)}, inside))
    return out


def test_player_aid_cards_hold_all_the_content_and_cut_nothing_off(project):
    tokens = long_reference(project, sections=7, bullets=6, copies=3)
    build(project)
    pdf = project / REFERENCE
    pages = texts(pdf)
    sides = [i for i, k in enumerate(kinds(pages)) if k.startswith("aids")]  # content flows onto the cards' backs too
    doc = pdfium.PdfDocument(str(pdf))
    found = {t: 0 for t in tokens}
    labels = set()
    try:
        for index in sides:
            slots = _poker_slots(pdf, index)
            textpage = doc[index].get_textpage()
            for token in tokens:
                searcher = textpage.search(token + " ", match_case=True, match_whole_word=False)
                while (hit := searcher.get_next()) is not None:
                    start, count = hit
                    found[token] += 1
                    for i in range(start, start + count):
                        left, bottom, right, top = textpage.get_charbox(i)
                        inside = [s for s in slots if pt(s.x) - 0.5 <= left and right <= pt(s.x + s.w) + 0.5 and pt(s.y) - 0.5 <= bottom and top <= pt(s.y + s.h) + 0.5]
                        assert inside, (token, index, (left, bottom))
            for s in slots:
                text = flat(textpage.get_text_bounded(pt(s.x), pt(s.y), pt(s.x + s.w), pt(s.y + s.h)))
                labels.update(re.findall(r"\d+ / \d+", text))
    finally:
        doc.close()
    assert all(n == 3 for n in found.values()), {t: n for t, n in found.items() if n != 3}  # every rule on every set of cards
    assert len(labels) >= 3, "the test needs the content to flow over several card sides"


def test_aid_text_and_counters_keep_3_mm_inside_the_trim(reference, pdfium_reader):
    chars = _aid_chars(reference(sections=7, bullets=6, copies=1), pdfium_reader)
    on_cards = [(ch, slot) for ch, slot in chars if slot is not None]
    assert any(ch["text"] == "/" for ch, _ in on_cards), "the page counters n / N are on the cards"
    safe = 3 * MM - 0.2  # the 3 mm safe zone, less a fifth of a point for glyph-box rounding
    for ch, slot in on_cards:
        left, bottom, right, top = ch["box"]
        margins = (left - pt(slot.x), pt(slot.x + slot.w) - right, bottom - pt(slot.y), pt(slot.y + slot.h) - top)
        assert min(margins) >= safe, (ch["text"], [round(m / MM, 2) for m in margins])


def test_aid_text_is_never_smaller_than_six_and_a_half_points(reference, pdfium_reader):
    pdf = reference(sections=7, bullets=6, copies=1)  # more than fits one card: the aid sets its smallest type
    sizes = [round(ch["size"], 2) for ch, slot in _aid_chars(pdf, pdfium_reader) if slot is not None]
    assert sizes and min(sizes) >= 6.5, sorted(set(sizes))[:5]
    assert min(sizes) < 7, "the content should push the aid down to its smallest size"


def test_an_aids_title_too_long_for_its_band_is_never_set_under_six_and_a_half_points(project, pdfium_reader):
    """A reference title about 26 ems long in the title font needs about 6 pt to fit the poker aid's 56.5 mm band on one
    line: the band sets it no smaller than the aid's least size, 6.5 pt (issue 21), as it does every other run."""
    title = "Tiny · quick reference for every seat at the tables!"
    path = project / SOURCE
    path.write_text(re.sub(r"(?m)^title: .*$", f"title: {title}", path.read_text(encoding="utf-8")), encoding="utf-8")
    build(project)
    sizes = [round(ch["size"], 2) for ch, slot in _aid_chars(project / REFERENCE, pdfium_reader) if slot is not None]
    assert sizes and min(sizes) >= 6.5, sorted(set(sizes))[:5]


def test_an_aids_title_too_long_for_its_band_even_at_its_least_size_is_one_warning_at_the_title(project):
    """The same title at the Letter sheet's 6.5 pt still needs about 26 ems of a 56.5 mm band: it wraps to a second
    line below the coloured band. Every command says so once, at the reference's `title:` line, naming the card
    (`card_size: poker`, 63.5 mm wide, 88.9 mm high); the title that fits says nothing."""
    path = project / SOURCE
    text = path.read_text(encoding="utf-8")
    assert "aid-title-long" not in run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout
    path.write_text(re.sub(r"(?m)^title: .*$", "title: Tiny · quick reference for every seat at the tables and the bar!", text), encoding="utf-8")
    for command in (("validate", "tiny"), ("build", "tiny", "--only", "reference")):
        said = [line for line in run_pnp(project, *command).output.splitlines() if "title does not fit" in line]
        assert len(said) == 1 and said[0].startswith(f"{SOURCE}:1:8: warning:"), (command, said)
        assert "on a 63.5 × 88.9 mm card" in said[0], said  # a poker card, 2.5 × 3.5 in, the aid's own size: its width first


def _aid_card_labels(pdf, game_title: str) -> list[tuple[int, int]]:
    """(n, N) of every card side's counter on the player-aid fronts pages: one per printed card."""
    pages = texts(pdf)
    fronts = " ".join(t for t, k in zip(pages, kinds(pages), strict=True) if k == "aids")
    return [(int(n), int(total)) for n, total in re.findall(rf"{re.escape(game_title)} (\d+) / (\d+)", fronts)]


def test_one_double_sided_aid_card_per_player_when_it_fits(reference):
    labels = _aid_card_labels(reference(), "Tiny Test Game")
    assert labels == [(1, 2)] * 4  # 4 players (game.yaml players.max), one card each: side 1 of 2 on the front
    pages = texts(reference())
    backs = " ".join(t for t, k in zip(pages, kinds(pages), strict=True) if k == "aids-back")
    assert backs.count("Tiny Test Game 2 / 2") == 4  # the second side on the card's back


def test_police_precincts_player_aid_is_one_card_per_player(shared_build):
    players = yaml.safe_load((ROOT / "data/police-precinct/game.yaml").read_text(encoding="utf-8"))["players"]["max"]
    built = shared_build()  # the plain build of the five games other files read (conftest)
    said = build_log(built)
    assert "aid-cards" not in said and "cards per player" not in said
    labels = _aid_card_labels(built / "police-precinct/police-precinct-reference.pdf", "Police Precinct")
    assert len(labels) == players and all(n == 1 and total <= 2 for n, total in labels), labels


def test_an_aid_that_needs_more_than_one_card_says_so_at_the_reference(reference):
    labels = _aid_card_labels(reference(sections=7, bullets=6, copies=1), "Tiny Test Game")
    cards = len(labels)
    assert cards >= 2, "the test needs an aid too long for one card"
    shown = reference.said(sections=7, bullets=6, copies=1)
    assert re.search(rf"data/tiny/reference\.yaml:2:\d+: warning: the player aid needs {cards} cards per player: its sections fill {labels[0][1]} card sides", shown), shown
    assert "only: sheet" in shown  # and says what to do


def test_content_flows_over_numbered_card_sides(reference):
    text = " ".join(texts(reference(sections=7, bullets=6, copies=1)))
    labels = re.findall(r"Tiny Test Game (\d+) / (\d+)", text)
    total = int(labels[0][1])
    assert total >= 3 and sorted(int(n) for n, _ in labels) == list(range(1, total + 1))


def test_copies_follow_the_player_count(project, reference):
    assert len(_aid_card_labels(reference(), "Tiny Test Game")) == 4  # copies: players.max, and game.yaml says 4
    path = project / "data/tiny/game.yaml"
    path.write_text(path.read_text().replace("players: {min: 2, max: 4}", "players: {min: 2, max: 6}"))
    build(project)
    assert len(_aid_card_labels(project / REFERENCE, "Tiny Test Game")) == 6


def test_copies_name_game_yaml_with_or_without_game_and_run_from_0_to_100(project):
    """`copies: game.players.max` reads game.yaml as `players.max` does (4 players: 4 aid cards); 100 sets print and 101
    is one error at the copies line (docs/components.md: a number, or a path into game.yaml)."""
    path = project / SOURCE
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace("copies: players.max", "copies: game.players.max"), encoding="utf-8")
    said = build(project).output
    assert "copies" not in said and len(_aid_card_labels(project / REFERENCE, "Tiny Test Game")) == 4, said
    for copies, refused in ((100, False), (101, True)):
        path.write_text(source.replace("copies: players.max", f"copies: {copies}"), encoding="utf-8")
        result = run_pnp(project, "validate")
        shown = result.output + result.stderr
        found = re.findall(r"data/tiny/reference\.yaml:(\d+):\d+: error: copies must be between 0 and 100, got (\d+)", result.output)
        assert found == ([("3", str(copies))] if refused else []), shown
        assert result.exit_code == (1 if refused else 0) and "Traceback" not in shown, shown


def test_a_title_that_looks_like_markup_prints_as_written_on_the_sheet_and_every_aid_card(project):
    """A game titled `Tiny :star: Game` is a title, not an icon between two words: the sheet's heading and each aid card's
    counter print its characters as written."""
    path = project / "data/tiny/game.yaml"
    path.write_text(re.sub(r"(?m)^title: .*$", 'title: "Tiny :star: Game"', path.read_text(encoding="utf-8")), encoding="utf-8")
    build(project)
    pages = texts(project / REFERENCE)
    order = kinds(pages)
    sheet = pages[order.index("sheet")]
    assert sheet.startswith("Tiny :star: Game"), sheet[:80]
    counters = re.findall(r"(\S+ \S+ \S+) \d+ / \d+", " ".join(t for t, k in zip(pages, order, strict=True) if k == "aids"))
    assert counters and set(counters) == {"Tiny :star: Game"}, counters


def test_every_front_sheet_is_followed_by_its_backs(project):
    long_reference(project, sections=7, bullets=6, copies=2)
    build(project)
    pages = texts(project / REFERENCE)
    order = kinds(pages)
    assert order[-1] == "sheet" and "sheet-back" not in order  # a one-page sheet with no aid summary prints last, needing no back
    rest = order[:-1]
    assert rest and rest[0::2] == ["aids"] * (len(rest) // 2) and rest[1::2] == ["aids-back"] * (len(rest) // 2)
    for front, back in zip(pages[0:-1:2], pages[1:-1:2], strict=True):
        assert back.count("Long reference") == len(re.findall(r"Tiny Test Game \d+ / \d+", front))  # a back for every card


def _words_beyond_footer(pdf) -> list[str]:
    """Each page's text without its footer line (the sheet's name, 'print at 100%' and the scale bar)."""
    out = []
    for text in page_texts(pdf):
        lines = [line for line in text.splitlines() if "print" not in line and "measure to check" not in line]
        out.append(flat(" ".join(lines)))
    return out


def test_no_page_of_the_reference_is_blank(project, reference):
    assert all(_words_beyond_footer(reference())), kinds(texts(reference()))  # a one-page sheet whose back carries the aid summary
    long_reference(project, sections=30, bullets=6, copies=2)  # a sheet of several pages, no aid summary
    build(project)
    pages = _words_beyond_footer(project / REFERENCE)
    assert sum(k.startswith("sheet") for k in kinds(texts(project / REFERENCE))) >= 3
    assert all(pages), kinds(texts(project / REFERENCE))


def test_a_fact_error_in_reference_text_is_located(project):
    """At the misspelt name itself, where the section's quoted `text:` value writes it on line 10 (the quote and the
    words before it counted as the file holds them, not as the text reads)."""
    path = project / SOURCE
    path.write_text(path.read_text().replace("{{ decks.heroes.total }}", "{{ decks.heroes.totl }}"))
    column = path.read_text().splitlines()[9].index("totl") + 1
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "Traceback" not in shown
    assert f"data/tiny/reference.yaml:10:{column}: error: decks.heroes has no field 'totl' (did you mean 'total'?)" in shown, shown


def test_a_table_too_long_for_an_empty_column_is_an_error_at_its_section(project):
    """docs/components.md: content too big for an empty column or card is an error; it is said at the section that holds
    it, by its title, though the rows past the column's foot are split from that title."""
    path = project / SOURCE
    line = len(path.read_text().splitlines()) + 1  # the new section's `- title:` line
    rule = " ".join(f"word{i}" for i in range(1500))  # one table cell of some 100 lines at 7.5 pt: no column holds it
    path.write_text(path.read_text() + f'  - title: Endless\n    table:\n      header: [Rule]\n      rows: [["{rule}"]]\n')
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    errors = [text for text in result.output.splitlines() if ": error: " in text]
    assert result.exit_code == 1
    where = f"{SOURCE}:{line}:5: error: section 'Endless' has a part too big for"
    assert sorted(errors) == [f"{where} a 63.5 × 88.9 mm card even alone: shorten it or split the table",
                              f"{where} the reference sheet's columns even alone: shorten it or split the table"], result.output


def test_an_unknown_legend_icon_is_an_error(project):
    path = project / SOURCE
    path.write_text(path.read_text().replace("{icon: star,", "{icon: starr,"))
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    assert result.exit_code == 1 and "unknown icon 'starr' (did you mean 'star'?)" in result.output + result.stderr


def test_fonts_embedded(reference):
    from conftest import pdf_fonts as _fonts

    fonts = _fonts(PdfReader(reference()))
    assert fonts and all(fonts.values()) and not any("Helvetica" in f for f in fonts)


def _body_sizes_and_columns(pdf, page: int) -> tuple[float, set]:
    """The commonest font size of the page's body text and which halves (left/right) hold text."""
    from collections import Counter

    doc = pdfium.PdfDocument(str(pdf))
    try:
        textpage = doc[page].get_textpage()
        width = doc[page].get_width()
        sizes, halves = Counter(), set()
        for i in range(textpage.count_chars()):
            if textpage.get_text_range(i, 1).strip():
                left, bottom, _, _top = textpage.get_charbox(i)
                if bottom > 60:  # above the footer
                    sizes[round(pdfium_raw.FPDFText_GetFontSize(textpage.raw, i), 1)] += 1
                    halves.add("left" if left < width / 2 else "right")
        return sizes.most_common(1)[0][0], halves
    finally:
        doc.close()


def _sheet_front(pdf) -> int:
    return kinds(texts(pdf)).index("sheet")


def test_a_short_reference_sheet_reads_larger_in_balanced_columns(project, reference):
    short_size, halves = _body_sizes_and_columns(reference(), _sheet_front(reference()))
    assert halves == {"left", "right"}, "the short sections should share both columns"
    long_reference(project, sections=14, bullets=6)
    build(project)
    long_size, _ = _body_sizes_and_columns(project / REFERENCE, _sheet_front(project / REFERENCE))
    assert short_size > long_size, (short_size, long_size)


def test_the_sheet_is_one_page_when_it_fits_at_seven_and_a_half_points(project):
    long_reference(project, sections=12, bullets=6)  # one page at 7.5 pt; two at 8.5 pt, the smallest size before issue 21
    build(project)
    pdf = project / REFERENCE
    order = kinds(texts(pdf))
    assert order.count("sheet") == 1 and "sheet-back" not in order, order
    size, halves = _body_sizes_and_columns(pdf, order.index("sheet"))
    assert size >= 7.5 and halves == {"left", "right"}, (size, halves)


def test_the_sheet_is_a_page_without_crop_marks_and_its_text_keeps_inside_its_margins(reference, pdfium_reader):
    """The sheet's content box is 14 mm inside the paper's sides and 16 mm inside its top and bottom (well inside the
    default 4.23 mm printable margin); only the page footer lies below it, and no crop mark lies in the margins."""
    pdf = reference()
    page = pdfium_reader.pages(pdf, [_sheet_front(pdf) + 1])[0]
    footer_top = min(ch["top"] for ch in page.chars if ch["text"].strip()
                     and ch["top"] > page.height - 16 * MM)  # the page's footer line (sheet name, scale bar)
    body = [ch for ch in page.chars if ch["text"].strip() and ch["top"] < footer_top - 1]
    assert body
    assert min(ch["x0"] for ch in body) >= 14 * MM - 0.5 and max(ch["x1"] for ch in body) <= page.width - 14 * MM + 0.5
    assert min(ch["top"] for ch in body) >= 16 * MM - 0.5 and max(ch["bottom"] for ch in body) <= page.height - 16 * MM + 0.5
    strokes = [s for s in page.lines + page.curves + page.rects if s["top"] < footer_top - 1]  # the footer's scale bar aside
    in_side_margins = [s for s in strokes if s["x1"] < 14 * MM - 0.5 or s["x0"] > page.width - 14 * MM + 0.5]
    in_top_margin = [s for s in strokes if s["bottom"] < 16 * MM - 0.5]
    assert not in_side_margins and not in_top_margin, (in_side_margins[:2], in_top_margin[:2])


def test_spread_columns_grow_their_gaps_alike_until_the_deepest_reaches_the_foot_and_never_past():
    """pnp.render.columns.spread, on two columns of a 215 pt page: the left ends 5 pt short of the foot, its one gap
    10 pt; the right ends 45 pt short, its two gaps 10 pt each. Every gap grows by the 5 pt the left has: the left
    then ends at the foot, the right 10 pt higher. Grown by the roomier right's share (22.5 pt a gap, no more than
    its 10 pt gap), the left would end 5 pt past the foot."""
    from types import SimpleNamespace

    from pnp.render.columns import spread, used_height

    def column(*spans):
        return [(y, SimpleNamespace(height=h)) for y, h in spans]

    left, right = column((0, 100), (110, 100)), column((0, 50), (60, 50), (120, 50))
    grown = spread([left, right], lambda region: 215.0, 2)
    assert [y for y, _ in grown[0]] == [0, 115] and [y for y, _ in grown[1]] == [0, 65, 130]
    assert [used_height(region) for region in grown] == [215.0, 180.0]


def test_a_large_print_reference_is_a_file_of_its_own_beside_the_normal_one(project):
    """docs/components.md: `pnp build --large-print` sets the reference sheet in `<game>-reference-large-print.pdf`;
    the normal sheet a plain build wrote stays as it was, so a group can print both."""
    out = project / "output/tiny"
    assert run_pnp(project, "build", "--only", "reference", "tiny").exit_code == 0
    normal = (out / "tiny-reference.pdf").read_bytes()
    result = run_pnp(project, "build", "--only", "reference", "--large-print", "tiny")
    assert result.exit_code == 0, result.output
    assert (out / "tiny-reference.pdf").read_bytes() == normal
    assert (out / "tiny-reference-large-print.pdf").read_bytes() != normal


def test_a_large_print_sheet_is_set_in_half_the_columns(project, reference, pdfium_reader):
    """docs/components.md: the large-print reference sheet is set in half the columns. The tiny game's two columns on
    Letter, 14 mm in from either side, meet at the page's middle (215.9 / 2 mm), where a rule divides them; in large
    print they are one column, with no rule down the page."""
    def column_rules(pdf):
        page = pdfium_reader.pages(pdf, [_sheet_front(pdf) + 1])[0]
        return [line["x0"] / MM for line in page.lines if abs(line["x0"] - line["x1"]) < 0.1 and line["top"] < page.height - 16 * MM]

    assert column_rules(reference()) == [pytest.approx(215.9 / 2, abs=0.1)]
    build(project, "--large-print")
    assert column_rules(project / "output/tiny/tiny-reference-large-print.pdf") == []


def test_a_large_print_player_aid_prints_every_text_at_14_pt_or_more(project, pdfium_reader):
    """docs/components.md: large print sets every text 14 pt or more (the RNIB's and APH's least size for readers with
    low vision), the player aids a player holds included: the tiny game's poker-sized aid, whose ordinary text stops at
    8 pt, prints each character on its cards at 14 pt or more."""
    build(project, "--large-print")
    sizes = Counter(round(ch["size"], 2) for ch, slot in _aid_chars(project / "output/tiny/tiny-reference-large-print.pdf", pdfium_reader)
                    if slot is not None)
    assert sizes and min(sizes) >= 14, sizes


def test_a_poker_sized_aids_text_grows_no_larger_than_8_pt(reference, pdfium_reader):
    """docs/components.md: an aid's text takes the largest size from 13 pt (8 pt on cards under 66 mm wide) down that
    needs no more cards. The tiny game's short aid on a poker card (63.5 mm wide) fills its card at 8 pt: its text,
    the size most of its characters print at, is 8 pt, not larger."""
    sizes = Counter(round(ch["size"], 2) for ch, slot in _aid_chars(reference(), pdfium_reader) if slot is not None)
    assert sizes.most_common(1)[0][0] == 8.0, sizes


def test_a_large_print_aids_own_back_names_the_aid_at_14_pt_or_more(project):
    """A player aid of one side gets the decorative back (the game's title and the aid's); in large print its words,
    the aid's name under the title included, are 14 pt or more, as every other word of a large-print aid (large
    print's least size, docs/components.md). The sheet's own margin lines (the bottom 18 mm, the side line standing
    on its edge) are not the aid's."""
    import pdfplumber

    text = (project / SOURCE).read_text(encoding="utf-8")
    for title in ("A turn", "Scoring", "Symbols"):  # the aid keeps "In a nutshell" alone: one side, and the back
        text = text.replace(f"  - title: {title}\n", f"  - title: {title}\n    only: sheet\n", 1)
    (project / SOURCE).write_text(text, encoding="utf-8")
    build(project, "--large-print")
    with pdfplumber.open(project / "output/tiny/tiny-reference-large-print.pdf") as pdf:
        pages = [[c for c in page.chars if c["text"].strip() and c["upright"] and c["bottom"] < page.height - 18 * MM] for page in pdf.pages]
    backs = [chars for chars in pages if "TinyTestGame" in "".join(c["text"] for c in chars) and "nutshell" not in "".join(c["text"] for c in chars)
             and "Settingup" not in "".join(c["text"] for c in chars)]  # the aids' backs: neither the sheet's pages nor the aids' fronts
    assert backs, [("".join(c["text"] for c in chars))[:60] for chars in pages]
    named = [c for chars in backs for c in chars if c["text"] == "q"]  # the aid's name, "Tiny · quick reference"
    assert named and min(round(c["size"], 1) for chars in backs for c in chars) >= 14.0


def test_a_reference_of_four_columns_is_one_error_at_its_value_saying_three_at_most(project):
    """docs/components.md: the reference sheet is set in 2 or 3 columns; `columns: 4` is one error at the value's
    line and column (reference.yaml line 4, after `columns: `), naming the most it may be."""
    reference = project / "data/tiny/reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("columns: 2", "columns: 4", 1), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert errors == ["data/tiny/reference.yaml:4:10: error: columns: 4 is too large; the maximum is 3"], result.output


def test_an_unknown_legend_icon_is_one_error_at_its_icon(project):
    """A legend's icon that no folder or the bundled set has is one error at that `icon:` value's line and column, with
    the name it was likely meant to be."""
    path = project / SOURCE
    path.write_text(path.read_text().replace("{icon: star,", "{icon: starr,"))
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert errors == [f"{SOURCE}:22:16: error: unknown icon 'starr' (did you mean 'star'?): add templates/icons/starr.svg"], result.output


def test_an_aid_of_exactly_two_cards_a_player_is_warned_of_at_its_card_size(reference):
    """Four card sides of text print on two poker cards (63.5 × 88.9 mm) a player: twice the cards a player expects, so
    one warning at `card_size:` says so, as for any aid of more than one card."""
    long = dict(sections=4, bullets=6, copies=1)
    labels = _aid_card_labels(reference(**long), "Tiny Test Game")
    assert labels == [(1, 4), (3, 4)], "the test needs an aid of exactly two cards"
    warned = {line for line in reference.said(**long).splitlines() if ": warning: " in line}  # said on stdout and in the log
    assert warned == {f"{SOURCE}:2:12: warning: the player aid needs 2 cards per player: its sections fill 4 card sides of 63.5 × 88.9 mm "
                      "even at 6.5 pt, and one card has 2. Mark the sections the aid can do without `only: sheet` (the sheet keeps them), "
                      "shorten them, or choose a larger card_size"}, warned


def test_a_section_too_big_for_an_empty_column_is_placed_there_anyway_and_named_overflow():
    """`pack` (the reference's and the player aid's columns): a block taller than a whole region that cannot be split (a
    paragraph of three lines: two at least stay on each side of a split) is placed at the top of an empty region anyway,
    so nothing vanishes, and is named among the overflow; what follows goes on in the next region."""
    from pnp.layout.fonts import FontBook
    from pnp.layout.icons import IconLibrary
    from pnp.layout.templates import Layouts
    from pnp.render.flowables import Rich, pack
    from pnp.render.text_setting import BIG, Setter, Style

    layouts = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts")).for_game(
        {"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    setter, style = Setter(layouts), Style("noto-sans", size=10, leading=1.3)
    big, small = Rich(setter, "word " * 20, style), Rich(setter, "one", style)
    assert big.wrap(200, BIG)[1] > 30 and big.split(200, 30) == []  # three lines, taller than the region, unsplittable
    regions, overflow = pack([big, small], 200, 30)
    assert regions == [[(0.0, big)], [(0.0, small)]] and overflow == [big]


def test_a_one_page_reference_sheet_prints_after_the_aids_and_no_sheet_is_called_half_empty(project):
    """A reference sheet of one page prints after the player aids, so it needs no blank back (pnp.outputs.reference);
    printed last, it does not make the aids' sheet a middle one under half full (pnp.render.sheet_plan.half_empty_sheets).
    One copy of the one two-sided aid card (1 of Letter's 9 poker slots) and a one-page reference sheet: the aids' sheet
    first, the reference sheet last, and the build names no sheet as under half full."""
    source = project / SOURCE
    text = source.read_text(encoding="utf-8").replace("copies: players.max ", "copies: 1 ")
    nutshell = "  - title: In a nutshell\n    only: aid"
    start = text.index(nutshell)
    source.write_text(text[:start] + text[text.index("  - title:", start + 1):], encoding="utf-8")  # the sheet then fits one page
    result = build(project)
    pages = page_texts(project / REFERENCE)
    assert "Player aids · sheet 1 of 2" in pages[0] and "Reference sheet · sheet 2 of 2" in pages[-1], pages
    assert "full" not in result.output, result.output


def test_a_short_reference_sheets_type_grows_to_16_pt_and_no_larger(reference):
    """docs/components.md: the sheet's type is the largest size up to 16 pt that needs no more pages, so a short
    reference reads large but never turns into poster type. The tiny game's four sheet sections leave room on their
    page at any size: its body text stops at 16 pt."""
    size, _ = _body_sizes_and_columns(reference(), _sheet_front(reference()))
    assert size == 16.0, size


def test_the_sheets_back_of_aid_only_sections_is_headed_at_a_glance(reference):
    """docs/components.md: a sheet of one page carries the aid-only sections (the turn summary) on its back, which
    pnp.outputs.reference heads "At a glance" under the game's title, not with the front's own title again: the tiny
    game's `only: aid` section "In a nutshell" reads there under that heading."""
    pages = texts(reference())
    back = pages[kinds(pages).index("sheet-back")]
    assert back.startswith("Tiny Test Game At a glance In a nutshell"), back
    assert "quick reference" not in back, back


def test_balanced_columns_share_four_like_sections_two_and_two():
    """pnp.render.columns.balance, on four sections 60 pt deep that packing put in one column of an 800 pt page: made
    even over two columns, each holds two (120 pt), the shortest height at which they still fit; not three in the
    first and one beside it."""
    from pnp.render.columns import balance, used_height
    from pnp.render.flowables import Rule, pack

    regions, overflow = pack([Rule("#000000", 60.0, 0.0) for _ in range(4)], 100.0, 800.0)
    assert len(regions) == 1 and not overflow
    balanced = balance(regions, 100.0, lambda region: 800.0, 2)
    assert [len(region) for region in balanced] == [2, 2]
    assert [used_height(region) for region in balanced] == [120.0, 120.0]


def test_packed_sections_are_spaced_by_the_larger_of_their_facing_spaces():
    """pnp.render.flowables.pack places blocks by Platypus's Frame rule: between two blocks stands the larger of the
    space after the first and the space before the second, not both. Two rules 6 pt apart each way: the second starts
    6 pt below the first's foot."""
    from pnp.render.flowables import Rule, pack

    (region,), _ = pack([Rule("#000000", 30.0, 6.0), Rule("#000000", 20.0, 6.0)], 100.0, 500.0)
    assert [y for y, _ in region] == [0.0, 36.0]


def test_components_in_a_sections_text_prints_the_components_list_as_its_table_not_markdown(project):
    """docs/components.md: any text in reference.yaml may use the rulebook's facts, `components()` among them. On the
    sheet it is the section's table, headed Component, Count and Details, a row for each deck, board and token set:
    the tiny game's Heroes hold 2 + 2 + 3 + 3 + 2 = 12 cards. No Markdown pipe or bold mark reaches the page, and a
    name prints as written, its asterisks too (a board named `Tiny *Town*`), not read as a mark."""
    path = project / SOURCE
    path.write_text(path.read_text() + '  - title: In the box\n    only: sheet\n    text: "{{ components() }}"\n')
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text().replace("name: Tiny Town", 'name: "Tiny *Town*"'))
    build(project)
    page = next(flat(t) for t in page_texts(project / REFERENCE) if "In the box" in t)
    box = page[page.index("In the box"):]
    assert box.startswith("In the box Component Count Details Heroes 12 cards"), box
    assert "Tiny *Town* 1 board" in box and "Coins 12 tokens" in box, box
    assert "|" not in box and "**" not in box, box


def test_components_in_the_text_of_a_section_with_its_own_table_is_one_error_at_that_text(project):
    """A section holds one table: `components()` in the text of a section that has a `table:` of its own is one error
    at the text's value, saying to give the components a section of their own."""
    path = project / SOURCE
    before = path.read_text()
    path.write_text(before + '  - title: Both\n    text: "{{ components() }}"\n    table: {rows: [[a, b]]}\n')
    line = before.count("\n") + 2
    result = run_pnp(project, "validate", "tiny")
    errors = [text for text in result.output.splitlines() if ": error: " in text]
    assert errors == [f"{SOURCE}:{line}:11: error: this section has a table: of its own and components() in its text: "
                      "move components() to a section of its own"], result.output


def test_components_in_a_sections_step_or_the_aids_title_is_one_error_each_at_its_value(project):
    """`components()` prints a table, which only a section's own `text:` can hold: in a step, or in the reference's
    `title:` (set on the sheet's heading and every aid card's band), it would print nothing at all. Each is one error at
    its value, once however many places print it, saying where the table can go."""
    path = project / SOURCE
    before = path.read_text()
    assert before.startswith("title: ")
    body = before.split("\n", 1)[1]
    path.write_text('title: "Aid {{ components() }}"\n' + body + '  - title: Steps\n    steps: ["{{ components() }}"]\n')
    step_line = before.count("\n") + 2
    result = run_pnp(project, "validate", "tiny")
    errors = [text for text in result.output.splitlines() if ": error: " in text]
    said = ("error: components() prints the components as a table, and only a section's `text:` can hold one: move it to "
            "the `text:` of a section of its own")
    assert errors == [f"{SOURCE}:1:8: {said}", f"{SOURCE}:{step_line}:13: {said}"], result.output


def _fills(pdf, index: int) -> list[tuple[float, float, float, float, tuple]]:
    """The filled rectangles of page `index` (rounded ones too): (left, top, right, bottom) in mm from the page's top-left,
    and their fill colour as RGB 0–255, read with pdfplumber."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[index]
        return [(o["x0"] / MM, o["top"] / MM, o["x1"] / MM, o["bottom"] / MM, tuple(round(v * 255) for v in o["non_stroking_color"]))
                for o in page.rects + page.curves if o.get("fill") and len(o.get("non_stroking_color") or ()) == 3]


def test_a_two_page_sheet_gets_no_at_a_glance_page_and_its_aid_only_section_prints_on_the_aids(reference):
    """docs/components.md: the aid-only sections fill the sheet's back only when its page count is odd. A sheet of two
    pages has its two sides already: no third page of "At a glance" (which would print with a blank back), and the
    `only: aid` section prints on the player aids alone."""
    pages = texts(reference(sections=16, bullets=6, copies=1, only={15: "aid"}))
    order = kinds(pages)
    assert [k for k in order if k.startswith("sheet")] == ["sheet", "sheet-back"], order
    assert not any("At a glance" in text for text in pages)
    sheet = " ".join(t for t, k in zip(pages, order, strict=True) if k.startswith("sheet"))
    aids = " ".join(t for t, k in zip(pages, order, strict=True) if k.startswith("aids"))
    assert "Section T14" in sheet and "Section T15" not in sheet
    assert "Section T15" in aids


def test_a_sheets_second_page_is_headed_by_the_game_and_the_sheets_title_continued(reference):
    """The first page of the sheet is headed with the game's title and the reference's; a later page, which a reader
    may pick up alone, with one running line saying it goes on from the page before."""
    pages = texts(reference(sections=16, bullets=6, copies=1, only={15: "aid"}))
    order = kinds(pages)
    front, back = pages[order.index("sheet")], pages[order.index("sheet-back")]
    assert front.startswith("Tiny Test Game Long reference Section T0"), front[:80]
    assert back.startswith("Tiny Test Game · Long reference (continued) Section T"), back[:80]


def test_the_sheets_heading_prints_the_facts_its_title_names(project):
    """docs/components.md: any text in reference.yaml may use Jinja facts, the title too: the sheet's own heading prints
    the heroes deck's name (data/tiny/decks/heroes.yaml's `name: Heroes`), not the braces as typed."""
    path = project / SOURCE
    path.write_text(path.read_text().replace("title: Tiny · quick reference", 'title: "{{ decks.heroes.name }} in brief"'))
    build(project)
    pages = texts(project / REFERENCE)
    front = pages[kinds(pages).index("sheet")]
    assert front.startswith("Tiny Test Game Heroes in brief "), front[:80]
    assert "{{" not in front and "decks.heroes" not in front


def test_an_aids_odd_last_side_gets_a_back_in_the_games_accent(project):
    """docs/components.md: an odd last side of a player aid gets a back in the game's colours. The tiny game given an
    accent of #1f4e79 and an aid of one short section (one side): the card's back is a panel of #1f4e79 over the whole
    card but the 2 mm the aid's colour stops inside the trim (docs/printing.md), 59.5 × 84.9 mm of the poker card's
    63.5 × 88.9 mm, with the game's title on it."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace('  ink: "#1d2433"\n', '  ink: "#1d2433"\n  accent: "#1f4e79"\n'))
    long_reference(project, sections=1, bullets=1, copies=1)
    build(project)
    pages = texts(project / REFERENCE)
    back = kinds(pages).index("aids-back")
    assert "Tiny Test Game Long reference" in pages[back]
    panels = [f for f in _fills(project / REFERENCE, back) if f[4] == (0x1F, 0x4E, 0x79)]
    assert [(round(right - left, 1), round(bottom - top, 1)) for left, top, right, bottom, _ in panels] == [(59.5, 84.9)], panels


def test_an_aids_title_band_stops_2_mm_inside_the_trim(reference):
    """docs/printing.md: the player aids' title band stops 2 mm inside the trim, so aids printed side by side on shared
    cuts never leave a sliver of it on the neighbour's paper. Each of the tiny game's four poker aids (its paper, the
    palette's #fbf8f0, 63.5 × 88.9 mm) has its band, in the game's ink (#1d2433, its accent when the palette names
    none), 2 mm inside its left, top and right edges."""
    pdf = reference()
    fills = _fills(pdf, kinds(texts(pdf)).index("aids"))
    cards = [f for f in fills if f[4] == (0xFB, 0xF8, 0xF0) and round(f[2] - f[0], 1) == 63.5 and round(f[3] - f[1], 1) == 88.9]
    assert len(cards) == 4, fills
    for left, top, right, _bottom, _ in cards:
        bands = [f for f in fills if f[4] == (0x1D, 0x24, 0x33) and left <= f[0] and f[2] <= right and top <= f[1] < top + 10]
        assert len(bands) == 1, bands
        band = bands[0]
        assert (round(band[0] - left, 2), round(band[1] - top, 2), round(right - band[2], 2)) == (2.0, 2.0, 2.0), band


def test_a_short_aid_on_a_card_66_mm_wide_or_more_grows_to_13_pt(reference, pdfium_reader):
    """docs/components.md: a player aid's text takes the largest size from 13 pt down that needs no more cards (8 pt
    on cards under 66 mm wide). Two one-line sections on a tarot card (70 mm wide) have room to spare at any size: the
    text most of the card's characters print at is 13 pt."""
    pdf = reference(sections=2, bullets=1, copies=1, card="tarot")
    sizes = Counter(round(ch["size"], 2) for ch, slot in _aid_chars(pdf, pdfium_reader) if slot is not None)
    assert sizes.most_common(1)[0][0] == 13.0, sizes


def test_a_short_large_print_sheets_type_grows_to_20_pt(project):
    """docs/components.md: the large-print sheet's type is the largest from 14 to 20 pt that needs no more pages than
    14 pt does. The tiny game's short reference has room on its one large-print page at any size: its body is 20 pt."""
    build(project, "--large-print")
    pdf = project / "output/tiny/tiny-reference-large-print.pdf"
    size, _ = _body_sizes_and_columns(pdf, _sheet_front(pdf))
    assert size == 20.0, size
