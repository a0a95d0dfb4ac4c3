"""Placeholders while art is missing (issue 50): `pnp build --draft` draws a marked box for a missing image and warns;
without it a missing image stops the build. Read from the PDFs a build writes (their text and images through pdfium), not from the code."""
from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from conftest import run_pnp
from pdftext import page_texts
from PIL import Image
from test_small_print import footer_lines

FRAME = "templates/tiny/frame.j2"
WHERE = "templates/tiny/frame.j2:6:4"  # the line that names the image, at its image() call: where the missing-image error points


def _draw_missing_art(project) -> None:
    with (project / FRAME).open("a", encoding="utf-8") as f:
        f.write("{{ image('art/hero.png', 5, 40, 40, 30) }}\n")


def _first_page_text(pdf) -> str:
    return page_texts(pdf, [0])[0]


def _first_page_images(pdf) -> int:
    """How many images the first page draws, inside its forms too (a card's face is a form)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return sum(1 for _ in doc[0].get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_IMAGE], max_depth=32))
    finally:
        doc.close()


def test_a_draft_draws_a_named_placeholder_warns_and_says_draft(project):
    _draw_missing_art(project)
    result = run_pnp(project, "build", "--only", "cards", "--draft")
    assert result.exit_code == 0, result.output + result.stderr
    said = result.output + result.stderr
    warned = [line for line in said.splitlines() if "warning" in line and "art/hero.png" in line]
    assert warned and warned[0].startswith(WHERE), said
    pdf = project / "output/tiny/tiny-cards-draft.pdf"
    assert "hero.png" in _first_page_text(pdf)
    footers = footer_lines(pdf)
    assert footers and all("DRAFT" in text for _, text, _ in footers), footers
    assert not (project / "output/tiny/tiny-cards.pdf").exists()  # a draft never takes a real print's name


@pytest.mark.parametrize(("side", "named"), [(8, True), (7.9, False)])
def test_a_placeholder_names_its_file_from_8_mm_a_side_and_below_it_the_cross_alone_marks_it(project, side, named):
    with (project / FRAME).open("a", encoding="utf-8") as f:
        f.write(f"{{{{ image('art/hero.png', 5, 40, {side}, {side}) }}}}\n")
    result = run_pnp(project, "build", "--only", "cards", "--draft")
    assert result.exit_code == 0 and "art/hero.png" in result.output + result.stderr, result.output
    assert ("hero.png" in _first_page_text(project / "output/tiny/tiny-cards-draft.pdf")) == named


def test_without_draft_a_missing_image_is_an_error_and_nothing_is_written(project):
    _draw_missing_art(project)
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code != 0
    said = result.output + result.stderr
    assert f"{WHERE}: error: image 'art/hero.png' not found" in said, said
    assert not list((project / "output").rglob("*.pdf"))


def test_art_that_arrives_is_drawn_by_the_next_draft(project):
    _draw_missing_art(project)
    first = run_pnp(project, "build", "--only", "cards", "--draft")
    assert first.exit_code == 0 and "art/hero.png" in first.output + first.stderr
    (project / "art").mkdir()
    Image.new("RGB", (400, 300), "red").save(project / "art/hero.png")
    second = run_pnp(project, "build", "--only", "cards", "--draft")
    assert second.exit_code == 0, second.output + second.stderr
    assert "art/hero.png" not in second.output + second.stderr
    pdf = project / "output/tiny/tiny-cards-draft.pdf"
    assert "hero.png" not in _first_page_text(pdf)
    assert _first_page_images(pdf), "the art is drawn once it is there"


def test_every_draft_page_says_draft_and_a_rulebook_figure_stands_in(project):
    rulebook = project / "data/tiny/rulebook.md"
    lines = rulebook.read_text(encoding="utf-8").splitlines()
    rulebook.write_text("\n".join([*lines, "", "![The hero](art/hero-big.png)", ""]), encoding="utf-8")
    result = run_pnp(project, "build", "--draft")
    assert result.exit_code == 0, result.output + result.stderr
    said = result.output + result.stderr
    assert f"data/tiny/rulebook.md:{len(lines) + 2}:13: warning: image 'art/hero-big.png' not found" in said, said
    out = project / "output/tiny"
    texts = page_texts(out / "tiny-rulebook-draft.pdf")
    assert any("hero-big.png" in t for t in texts)
    assert all("DRAFT" in t for t in texts[1:]), texts  # every body page's footer (the cover has none)
    for kind in ("cards", "tokens", "reference", "boards"):
        footers = footer_lines(out / f"tiny-{kind}-draft.pdf")
        assert footers and all("DRAFT" in text for _, text, _ in footers), (kind, footers)
    assert not [p.name for p in out.glob("*.pdf") if not p.stem.endswith("-draft")]


def test_a_drafts_box_sheet_says_draft_in_every_footer(project):
    """docs/commands.md: every sheet of a draft, a box's too, says DRAFT at the start of its footer: a box net
    printed from a draft is no print to keep."""
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/back.j2}\n", encoding="utf-8")
    result = run_pnp(project, "build", "--only", "boxes", "--draft", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    footers = footer_lines(project / "output/tiny/tiny-boxes-draft.pdf")
    assert footers and all(text.startswith("DRAFT · Tiny Test Game") for _, text, _ in footers), footers


def test_a_draft_after_a_build_that_is_no_draft_still_warns_of_the_missing_art_at_its_line(project):
    """A draft judges its faces with the placeholders drawn in: what the checks of a build that is no draft found (and
    kept) is no answer for it. The boards alone are built, so the warning comes from the checks of every card's face."""
    _draw_missing_art(project)
    assert run_pnp(project, "build", "--only", "boards").exit_code == 0
    result = run_pnp(project, "build", "--only", "boards", "--draft")
    assert result.exit_code == 0, result.output + result.stderr
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(warned) == 1 and warned[0].startswith(f"{WHERE}: warning: image 'art/hero.png' not found: this draft draws a placeholder"), \
        result.output


def test_a_placeholders_own_label_shrunk_to_fit_is_never_warned_of_as_the_designers_text(project):
    """A stand-in's file name is set small (6 pt, shrinking to fit its strip): it is pnp's label, not a text of the
    designer's, so a long name shrunk under 7 pt gives no `text shrinks` warning; the missing art alone is warned of."""
    with (project / FRAME).open("a", encoding="utf-8") as f:
        f.write("{{ image('art/hero-portrait-final.png', 5, 40, 20, 20) }}\n")
    result = run_pnp(project, "build", "--only", "cards", "--draft")
    said = result.output + result.stderr
    assert result.exit_code == 0, said
    assert "hero-portrait-final.png" in _first_page_text(project / "output/tiny/tiny-cards-draft.pdf")
    assert [line for line in said.splitlines() if "warning" in line and FRAME in line and "art/hero-portrait-final.png" not in line] == [], said
