"""A rulebook table's columns keep their own alignment, as its Markdown says (`---:` right, `:---:` centred, `---`
left), on every row: read back from the PDF, the right-aligned column's values end at one x, the left-aligned
column's start at one x, the centred column's centres share one x."""
from __future__ import annotations

import shutil

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
