"""What the rulebook's reader sees of its Markdown (docs/rulebook.md): the contents, a row per chapter and section, each
section's row indented under its chapter, the page numbers in a column at the right and each row a link to its page;
a nested list's own bullet; a table column aligned right in the Markdown set right; an ordered list numbered from the
number it starts at; a backslash's character, a code span's asterisks and an emphasised word in italic; the page number in its foot's middle and the cover's pitch in italic. Read back from the tiny game's rulebook (tests/project/data/tiny/rulebook.md: chapters Overview,
Components and Setting up, sections Playing a turn and Winning)."""
from __future__ import annotations

import shutil

import pdfplumber
import pytest
from conftest import TEST_PROJECT, run_pnp
from pdftext import flat, pdf_text
from pypdf import PdfReader

RULEBOOK = "output/tiny/tiny-rulebook.pdf"
HEADINGS = [("Overview", 1), ("Components", 1), ("Setting up", 1), ("Playing a turn", 2), ("Winning", 2)]  # in the source's order


@pytest.fixture(scope="module")
def book(tiny_after):
    """The tiny game's rulebook, built once for every test file that reads it unchanged (test_rulebook's booklet too)."""
    return tiny_after("build", "tiny", "--only", "rulebook", "--booklet") / RULEBOOK


def _rows(pdf) -> dict[str, dict]:
    """The contents' rows by heading: where the title starts (x0), where the page number ends (x1), the number, and the
    row's baseline height from the page's bottom (pt); the contents are the first column of the second page."""
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[1]
        words = [w for w in page.extract_words() if w["x0"] < page.width / 2]
        height = float(page.height)
    rows = {}
    for title, _level in HEADINGS:
        first = title.split()[0]
        start = next(w for w in words if w["text"] == first and w["x0"] < 150)
        line = [w for w in words if abs(w["bottom"] - start["bottom"]) < 2]
        number = max(line, key=lambda w: w["x1"])
        assert number["text"].isdigit(), f"the row of {title} ends in {number['text']!r}, not its page number"
        rows[title] = {"x0": start["x0"], "x1": number["x1"], "page": int(number["text"]), "y": height - start["bottom"]}
    return rows


def test_each_section_is_indented_under_its_chapter_and_the_page_numbers_stand_in_one_column_at_the_right(book):
    rows = _rows(book)
    chapters = {rows[t]["x0"] for t, level in HEADINGS if level == 1}
    sections = {rows[t]["x0"] for t, level in HEADINGS if level == 2}
    assert max(chapters) - min(chapters) < 0.5 and max(sections) - min(sections) < 0.5
    assert min(sections) > max(chapters) + 5, "a section's row starts visibly right of its chapter's"
    ends = [row["x1"] for row in rows.values()]
    assert max(ends) - min(ends) < 0.5, f"page numbers not in one column: {ends}"


def test_each_contents_row_is_a_link_to_the_page_it_names(book):
    """A reader clicks a row (anywhere on it) and lands on the page its number names."""
    reader = PdfReader(book)
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages, 1)}
    links = []
    for annot in reader.pages[1].get("/Annots", []):
        annot = annot.get_object()
        if annot.get("/Subtype") == "/Link" and "/Dest" in annot:
            x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
            links.append((x0, y0, x1, y1, pages[annot["/Dest"][0].idnum]))
    for title, row in _rows(book).items():
        hits = [page for x0, y0, x1, y1, page in links if x0 <= row["x0"] + 1 and x1 >= row["x1"] - 1 and y0 <= row["y"] + 1 <= y1]
        assert hits == [row["page"]], f"{title}: links to pages {hits}, printed {row['page']}"


def _words(pdf) -> list[dict]:
    with pdfplumber.open(pdf) as doc:
        return [{**w, "page": n} for n, page in enumerate(doc.pages) for w in page.extract_words()]


def test_a_nested_lists_items_take_a_dash_and_a_right_aligned_table_column_ends_at_its_header(book):
    """`- Play a card` holds `  - A nested point`: its item takes its own mark (–), not the outer list's bullet (•). The
    Winning table's Points column is `---:` (right): its numbers end where its header ends."""
    words = _words(book)
    nested = next(w for w in words if w["text"] == "A" and any(v["text"] == "nested" and v["page"] == w["page"] and abs(v["top"] - w["top"]) < 1
                                                               for v in words))
    mark = [w["text"] for w in words if w["page"] == nested["page"] and abs(w["top"] - nested["top"]) < 1 and w["x1"] <= nested["x0"]]
    assert mark[-1:] == ["–"], mark
    draw = next(w for w in words if w["text"] == "Draw")
    outer = [w["text"] for w in words if w["page"] == draw["page"] and abs(w["top"] - draw["top"]) < 1 and w["x1"] <= draw["x0"]]
    assert outer[-1:] == ["•"], outer
    header = next(w for w in words if w["text"] == "Points")
    below = [w for w in words if w["page"] == header["page"] and w["text"] in ("1", "3", "6") and header["x0"] - 2 < w["x0"] < header["x1"] + 2
             and 0 < w["top"] - header["top"] < 80]
    assert len(below) == 3 and all(abs(w["x1"] - header["x1"]) < 0.5 for w in below), [(w["text"], w["x0"], w["x1"]) for w in below]
    assert all(w["x0"] > header["x0"] + 10 for w in below), "a right-aligned number does not start at the column's left"


def test_an_ordered_list_starting_at_4_numbers_its_items_from_4(project):
    """CommonMark: an ordered list's first number is its start; the rulebook numbers the items from it."""
    source = project / "data/tiny/rulebook.md"
    source.write_text(source.read_text(encoding="utf-8") + "\nAnd then:\n\n4. Tally the stars.\n5. Proclaim the winner.\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    words = _words(project / RULEBOOK)
    for number, first in (("4.", "Tally"), ("5.", "Proclaim")):
        item = next(w for w in words if w["text"] == first)
        left = [w["text"] for w in words if w["page"] == item["page"] and abs(w["top"] - item["top"]) < 1 and w["x1"] <= item["x0"]]
        assert left[-1:] == [number], left


@pytest.mark.parametrize("columns, refused", [(50, False), (51, True)])
def test_a_table_of_50_columns_prints_and_one_of_51_is_refused_at_its_line(project, columns, refused):
    """docs/limits.md: a rulebook table has at most 50 columns; one more is one error at the table's row."""
    table = "|a" * columns + "|\n" + "|-" * columns + "|\n" + "|b" * columns + "|\n"
    (project / "data/tiny/rulebook.md").write_text("# Rules\n\n" + table, encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    shown = result.output + result.stderr
    found = [line for line in result.output.splitlines() if "over 50 columns" in line]
    assert "Traceback" not in shown
    if refused:
        assert result.exit_code != 0 and len(found) == 1 and "data/tiny/rulebook.md:3:" in found[0], shown
    else:
        assert result.exit_code == 0 and not found and (project / RULEBOOK).is_file(), shown


def test_a_lead_in_ending_in_a_colon_is_never_left_at_a_columns_foot_apart_from_its_list(project):
    """A paragraph that opens a list ("…as follows:") keeps with it: forty of them after paragraphs of many lengths,
    over several pages and columns, each printed in the same column as its list's first item, just above it."""
    parts = ["# Rules"]
    for n in range(40):
        words = " ".join(f"filler{n}w{k}" for k in range(15 + (n * 37) % 70))
        parts += [words, f"Leadin{n} comes as follows:", f"- Item{n} first.\n- Item{n} second."]
    (project / "data/tiny/rulebook.md").write_text("\n\n".join(parts) + "\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    words = _words(project / RULEBOOK)
    for n in range(40):
        lead = next(w for w in words if w["text"] == f"Leadin{n}")
        item = next(w for w in words if w["text"] == f"Item{n}")
        assert (lead["page"], round(lead["x0"] / 100)) == (item["page"], round(item["x0"] / 100)), f"lead-in {n} apart from its list"
        assert 0 < item["top"] - lead["top"] < 40, f"lead-in {n} not just above its list"


def test_a_paragraph_opening_in_arabic_is_set_from_the_right_in_an_english_book(project):
    """A paragraph whose first letter is Arabic reads from the right whatever the edition's language: its line ends at
    the column's right, its first letter (meem) rightmost, and it starts well right of where the column's English lines
    do (the rules' last line, "The first player…", a few lines above it)."""
    import pypdfium2 as pdfium

    source = project / "data/tiny/rulebook.md"
    source.write_text(source.read_text(encoding="utf-8") + "\nمرحبا بكم في اللعبة\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    doc = pdfium.PdfDocument(str(project / RULEBOOK))
    try:
        page = doc[len(doc) - 1]
        textpage = page.get_textpage()
        chars = [(textpage.get_text_range(k, 1), textpage.get_charbox(k)) for k in range(textpage.count_chars())]
        text = "".join(c for c, _ in chars)
    finally:
        doc.close()
    arabic = [(c, box) for c, box in chars if "\u0600" <= c <= "\u06ff" or "\ufe70" <= c <= "\ufeff"]
    assert arabic, "the Arabic paragraph is on the last page"
    english_left = chars[text.index("The first player")][1][0]
    left, right = min(box[0] for _, box in arabic), max(box[2] for _, box in arabic)
    rightmost = max(arabic, key=lambda item: item[1][2])[0]
    assert rightmost in {"\u0645", "\ufee1", "\ufee2", "\ufee3", "\ufee4"}, f"the line's first letter is not rightmost: {rightmost!r}"
    assert left > english_left + 20 * 72 / 25.4, "a line of Arabic set from the column's left"
    assert right > english_left + 60 * 72 / 25.4, "the Arabic line ends short of the column's right"


# What the rulebook prints of Markdown as CommonMark defines it (a backslash escape, a code span, emphasis):
# the tiny rulebook with these lines added at its end, built once.
TYPED = """
Kept by a backslash: \\[red\\]bracketed\\[/\\] words.

Type `a*b*c` to score, an *emphasised* word.
"""


@pytest.fixture(scope="module")
def typed(tmp_path_factory):
    root = tmp_path_factory.mktemp("typed") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    source = root / "data/tiny/rulebook.md"
    source.write_text(source.read_text(encoding="utf-8") + TYPED, encoding="utf-8")
    result = run_pnp(root, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    return {"text": flat(pdf_text(root / RULEBOOK)), "pdf": root / RULEBOOK}


def test_a_character_kept_by_a_backslash_prints_as_typed_and_is_never_markup(typed):
    """CommonMark's backslash escape keeps a character as typed: `\\[red\\]` prints its brackets, never read as a colour."""
    assert "Kept by a backslash: [red]bracketed[/] words." in typed["text"], typed["text"]


def test_inline_codes_asterisks_print_as_typed(typed):
    """CommonMark: a code span's text is literal; `a*b*c` keeps its asterisks."""
    assert "Type a*b*c to score" in typed["text"], typed["text"]


def test_an_emphasised_word_is_set_in_italic_not_bold(typed):
    """`*emphasised*` is emphasis (CommonMark's `<em>`): the italic face, the words around it upright."""
    with pdfplumber.open(typed["pdf"]) as doc:
        words = [w for page in doc.pages for w in page.extract_words(extra_attrs=["fontname"])]
    fonts = {w["text"]: w["fontname"] for w in words if w["text"] in ("emphasised", "word.")}
    assert "Italic" in fonts["emphasised"] and "Bold" not in fonts["emphasised"], fonts
    assert "Italic" not in fonts["word."], fonts


def test_each_body_pages_number_is_centred_at_its_foot(typed):
    """The page number stands in the page's middle, where a reader finds it on a left page and a right one alike."""
    with pdfplumber.open(typed["pdf"]) as doc:
        for n, page in enumerate(doc.pages[1:], 2):
            foot = [w for w in page.extract_words() if w["top"] > page.height - 60 and w["text"] == str(n)]
            assert len(foot) == 1, (n, foot)
            middle = (foot[0]["x0"] + foot[0]["x1"]) / 2
            assert abs(middle - page.width / 2) < 1.5, (n, middle, page.width)


def test_the_covers_pitch_is_set_in_italic(typed):
    """game.yaml's pitch ("A deck of heroes & villains, for testing.") sits under the facts in italic, its words apart
    from the rules' upright text."""
    with pdfplumber.open(typed["pdf"]) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["fontname"])
    pitch = [w for w in words if w["text"] in ("heroes", "villains,", "testing.")]
    assert len(pitch) == 3 and all("Italic" in w["fontname"] for w in pitch), pitch
