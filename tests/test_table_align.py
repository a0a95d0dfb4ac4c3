"""A rulebook table's columns keep their own alignment, as its Markdown says (`---:` right, `:---:` centred, `---`
left), on every row: read back from the PDF, the right-aligned column's values end at one x, the left-aligned
column's start at one x, the centred column's centres share one x. Under its head, every second row lies on a stripe."""
from __future__ import annotations

import shutil

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import TEST_PROJECT, run_pnp

VALUES = ["v7", "v77", "v777", "v7777"]
TABLE = "\n\n| Name | Cost | Mark |\n| --- | ---: | :---: |\n" + "".join(f"| n{v} | {v} | c{v} |\n" for v in VALUES)


def _boxes(pdf, token: str) -> tuple[float, float]:
    """(left, right) in points of the one place `token` is printed."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for page in doc:
            text = page.get_textpage()
            found = text.search(token, match_case=True, match_whole_word=True).get_next()
            if found:
                first, count = found
                return text.get_charbox(first)[0], text.get_charbox(first + count - 1)[2]
    finally:
        doc.close()
    raise AssertionError(f"{token} not printed")


@pytest.fixture(scope="module")
def rulebook(tmp_path_factory):
    project = tmp_path_factory.mktemp("aligned") / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    with (project / "data/tiny/rulebook.md").open("a", encoding="utf-8") as f:
        f.write(TABLE)
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    return project / "output/tiny/tiny-rulebook.pdf"


def test_each_column_keeps_its_own_alignment_on_every_row(rulebook):
    names = [_boxes(rulebook, f"n{v}") for v in VALUES]
    costs = [_boxes(rulebook, v) for v in VALUES]
    marks = [_boxes(rulebook, f"c{v}") for v in VALUES]
    assert max(b[0] for b in names) - min(b[0] for b in names) < 0.5  # left: one start
    assert max(b[1] for b in costs) - min(b[1] for b in costs) < 0.5  # right: one end
    assert max(b[0] for b in costs) - min(b[0] for b in costs) > 5  # so their starts differ
    centres = [(b[0] + b[1]) / 2 for b in marks]
    assert max(centres) - min(centres) < 0.5  # centred: one middle


def test_its_rows_under_the_head_are_striped_from_the_second_on(rulebook):
    """The first row under the head's fill is plain, the second lies on a light stripe, and so on: each row reads apart
    from the ones beside it, and none blurs into the head."""
    with pdfplumber.open(rulebook) as pdf:
        page = next(p for p in pdf.pages if any(w["text"] == f"n{VALUES[0]}" for w in p.extract_words()))
        words = {w["text"]: w for w in page.extract_words()}
        fills = [r for r in page.rects if r["fill"]]
    names = [words[f"n{v}"] for v in VALUES]
    striped = [any(r["x0"] <= w["x0"] and r["x1"] >= w["x1"] and r["top"] <= w["top"] and r["bottom"] >= w["bottom"] for r in fills)
               for w in [words["Name"], *names]]
    assert striped == [True, False, True, False, True]  # the head's fill, then the rows


def test_a_reference_sheets_table_sets_its_columns_from_the_left(project):
    """A reference sheet's table (reference.yaml's `table:`) says no alignment: its columns read from the left, each
    column's words starting at one x, whatever their lengths."""
    ref = project / "data/tiny/reference.yaml"
    ref.write_text(ref.read_text(encoding="utf-8").replace('rows: [[":star:", 1], [":star::star:", 3], [":star::star::star:", 6]]',
                                                          'rows: [[Ax, 1], [Axxxxxxx, 300], [Axxxx, 6000]]'), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-reference.pdf") as pdf:
        starts = {w["text"]: w["x0"] for w in pdf.pages[0].extract_words()}
    for column in (["Ax", "Axxxxxxx", "Axxxx"], ["300", "6000"]):
        assert max(starts[w] for w in column) - min(starts[w] for w in column) < 0.5, [starts[w] for w in column]


def _luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour given as 0–1 channels."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_the_heads_words_read_on_its_fill_at_wcags_4_5_to_1(rulebook):
    """The head row's fill is its own, dark under its light words: they stand out from it at least 4.5:1 (WCAG 2's AA
    for text), not pale on a pale stripe."""
    with pdfplumber.open(rulebook) as pdf:
        page = next(p for p in pdf.pages if any(w["text"] == "Name" for w in p.extract_words()))
        name = next(w for w in page.extract_words() if w["text"] == "Name")
        ink = next(c["non_stroking_color"] for c in page.chars if c["text"] == "N" and abs(c["top"] - name["top"]) < 1)
        fill = next(r["non_stroking_color"] for r in page.rects
                    if r["fill"] and r["x0"] <= name["x0"] and r["x1"] >= name["x1"] and r["top"] <= name["top"] and r["bottom"] >= name["bottom"])
    light, dark = sorted((_luminance(ink), _luminance(fill)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5, (ink, fill)


def test_a_right_to_left_editions_table_sets_its_first_column_at_the_right(tmp_path):
    """An Arabic edition reads its table from the right: the first column (Name) stands right of the second (Cost),
    and that right of the third (Mark), in the head and on each row."""
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\ntitle:", "\nlanguages: [ar]\ntitle:", 1), encoding="utf-8")
    with (project / "data/tiny/rulebook.md").open("a", encoding="utf-8") as f:
        f.write("\n\n| Name | Cost | Mark |\n| --- | --- | --- |\n| nv7 | v7 | cv7 |\n")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = project / "output/tiny/tiny-rulebook.pdf"
    for row in (("Name", "Cost", "Mark"), ("nv7", "v7", "cv7")):
        first, second, third = (_boxes(pdf, token)[0] for token in row)
        assert first > second > third, row
