"""A rebuild measures the ink of the sheet pages that changed and keeps the figures of the others: every figure stays what
rasterising the new PDF gives.

The tiny game's 12 heroes fill two card sheets (fronts and backs: four pages); the two Twins are on the second.
"""
from __future__ import annotations

import pytest
from conftest import copy_build

import pnp.render.ink as ink
from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.cache import GameCache

DECK = "data/tiny/decks/heroes.yaml"
CARDS = "tiny-cards.pdf"


def build(project, out) -> None:
    """Build in this process (workers=1, so every page measured is seen here)."""
    report = run_build(Project(project), ["tiny"], Options(out=out), ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors(), report.sorted()


def kept_figures(out) -> tuple[float, list[float]]:
    """(ink figure, page figures) the cache keeps for the card sheets."""
    stats = GameCache.load(out / ".pnp-cache/tiny.json").outputs["cards"]["stats"][CARDS]
    return stats["ink"], sorted(stats["page_ink"].values())


FINE_DPI = 150  # a raster fine enough that a page measured from its elements is within FINE_TOLERANCE of it
FINE_TOLERANCE = 0.004  # of a page: the 150-dpi raster's own error at the edges of text and fills (it halves as the dpi doubles)


def measured_now(out) -> list[float]:
    """The card sheets' page figures as a fresh measure gives them: a page rasterised (24 dpi) has the raster's figure
    to the bit, a page measured from its elements (pnp.render.ink_elements) the figure the page's own 150-dpi raster
    confirms within FINE_TOLERANCE. Returned as the kept figures that match, so `kept_figures(out)[1] ==
    measured_now(out)` holds only when every kept figure is its page's (a stale one matches no page)."""
    pdf = out / "tiny" / CARDS
    left, kept = kept_figures(out)[1], []
    coarse = ink.page_inks(pdf)
    unmatched = [i for i, figure in enumerate(coarse) if figure not in left]  # only these need the finer raster
    fine = dict(zip(unmatched, ink.measure_pages(str(pdf), unmatched, FINE_DPI), strict=True))
    for i, figure in enumerate(coarse):
        match = figure if figure in left else next((f for f in left if abs(f - fine[i]) <= FINE_TOLERANCE), figure)
        kept.append(match)
        if match in left:
            left.remove(match)
    return sorted(kept)


def free_counts(project) -> None:
    """Drop the stated hero counts, so an edit may add a card or change a side without failing the count check."""
    edit(project, "data/tiny/game.yaml", "components:\n  - name: Hero cards\n    in: decks.heroes\n    count: 12\n    source: tests, invented\n    by:\n      side: {red: 6, blue: 6}\n",
         "components: []\n")


def edit(project, file: str, old: str, new: str) -> None:
    path = project / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def first_build(fresh_build, project, tmp_path):
    """A copy of the run's first build of the project as it is now (conftest.fresh_build: one per project content,
    shared with tests/test_card_reads.py), for a rebuild to start from as if it had built it."""
    return copy_build(fresh_build(project), tmp_path / "out")


def test_a_first_build_keeps_each_pages_figure(project, fresh_build):
    out = fresh_build(project)  # read only
    figure, pages = kept_figures(out)
    assert pages == measured_now(out) and len(pages) == 4
    assert figure == round(sum(pages), 2)


def test_one_edited_card_keeps_the_figures_the_new_sheets_measure(project, tmp_path, fresh_build):
    """The Twins' fronts page is reprinted, its backs page and the other sheets are not: every kept figure, measured
    again or kept from the build before, is what the new PDF measures."""
    out = first_build(fresh_build, project, tmp_path)
    edit(project, DECK, "This card has its own back.", "This card has a back of its own.")
    build(project, out)
    figure, pages = kept_figures(out)
    assert pages == measured_now(out)
    assert figure == round(sum(pages), 2)


@pytest.mark.parametrize("file, old, new", [
    (DECK, "side: blue, count: 3}", "side: blue, count: 4}"),  # one more Mage: later cards move to other slots
    (DECK, "defaults: {side: red}", "defaults: {side: blue}"),  # every red hero turns blue
    ("templates/tiny/hero.j2", 'color="gold"', 'color="red"'),  # the stars of every front
    ("templates/tiny/back.j2", 'valign="middle") }}', 'valign="middle") }}{{ rect(0, 0, 20, 20, fill="#000000") }}'),  # a black corner on every back
])
def test_every_page_figure_is_what_the_new_pdf_measures(project, tmp_path, fresh_build, file, old, new):
    free_counts(project)
    out = first_build(fresh_build, project, tmp_path)
    before = kept_figures(out)
    edit(project, file, old, new)
    build(project, out)
    assert kept_figures(out) != before, "the edit changes what the card sheets print"
    assert kept_figures(out)[1] == measured_now(out)


def test_a_page_whose_faces_draw_a_changed_icon_is_measured_again(project, tmp_path, fresh_build):
    """The faces name the star icon, not its drawing: a project icon of that name changes the pages, not their faces."""
    out = first_build(fresh_build, project, tmp_path)
    before = kept_figures(out)
    icons = project / "templates/icons"
    icons.mkdir()
    (icons / "star.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#000"/></svg>', encoding="utf-8")
    build(project, out)
    assert kept_figures(out) != before
    assert kept_figures(out)[1] == measured_now(out)


RULEBOOK = "tiny-rulebook.pdf"
APPENDIX = "\n# Appendix\n\n" + "\n\n".join(f"Paragraph {i}: a long stretch of plain words, set only to fill pages that show no card at all. " * 6 for i in range(14)) + "\n\n" + "tête " * 120 + "\n"


def rulebook_figures(out) -> dict[str, float]:
    """{page key: figure} the cache keeps for the rulebook."""
    return GameCache.load(out / ".pnp-cache/tiny.json").outputs["rulebook"]["stats"][RULEBOOK]["page_ink"]


def test_a_rulebook_reprinted_for_an_edited_card_keeps_the_figures_its_new_pages_measure(project, tmp_path):
    """The rulebook shows the Knight on its cover and in a figure: an edit of the Knight's text reprints those two
    pages, and only those are measured again; the appendix pages keep their figures. An edit that gives a letter's
    code to another letter changes what a page shows though not its operators. After each edit every kept figure is
    what rasterising the new PDF gives."""
    (project / "data/tiny/rulebook.md").write_text((project / "data/tiny/rulebook.md").read_text(encoding="utf-8") + APPENDIX, encoding="utf-8")
    out = tmp_path / "out"
    build(project, out)
    before = rulebook_figures(out)
    assert len(before) >= 4, "the appendix fills pages of its own"
    edit(project, DECK, "Draw **two** cards & gain :star:.", "Draw **two** cards & win :star:.")  # letters the fonts hold
    build(project, out)
    assert sorted(rulebook_figures(out).values()) == sorted(ink.page_inks(out / "tiny" / RULEBOOK))
    assert len(set(rulebook_figures(out)) - set(before)) == 2
    # The ê of the last page is the last letter its font was given: a û in its place takes its code, so the page's
    # operators stay as they were while its glyphs change. Its figure must be measured again all the same.
    edit(project, "data/tiny/rulebook.md", "tête " * 120, "tûte " * 120)
    build(project, out)
    assert sorted(rulebook_figures(out).values()) == sorted(ink.page_inks(out / "tiny" / RULEBOOK))


def test_new_art_under_the_same_file_name_in_a_face_the_rulebook_shows_is_measured_again(project, tmp_path):
    """reportlab names a picture drawn from a file by the file's path: the page's key must see the pixels, so a black
    picture saved over a white one changes the figures of the rulebook pages that show it."""
    from PIL import Image

    art = project / "art/portrait.png"
    art.parent.mkdir()
    Image.new("RGB", (60, 60), "#ffffff").save(art)
    edit(project, "templates/tiny/hero.j2", "{% endblock %}", '{% if card.id == "knight" %}{{ image("art/portrait.png", 5, 45, 50, 30) }}{% endif %}\n{% endblock %}')
    out = tmp_path / "out"
    build(project, out)
    before = rulebook_figures(out)
    Image.new("RGB", (60, 60), "#000000").save(art)
    build(project, out)
    after = rulebook_figures(out)
    assert sorted(after.values()) == sorted(ink.page_inks(out / "tiny" / RULEBOOK))
    assert sum(after.values()) > sum(before.values()) + 0.01


def solid_pages(colours: list[str]) -> bytes:
    """A PDF of Letter pages, each filled edge to edge with one colour."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=letter, invariant=1)
    for colour in colours:
        c.setFillColor(colour)
        c.rect(-10, -10, letter[0] + 20, letter[1] + 20, stroke=0, fill=1)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_long_pdf_measured_on_two_cores_gives_each_page_its_own_figure(monkeypatch):
    """A PDF over PARALLEL_MIN_PAGES on two cores is measured half here, half in a helper process: the figures come
    back page for page, and figures kept from a build before stay as they were."""
    monkeypatch.setenv("PNP_JOBS", "2")
    # Solid pages have exact figures: black is K 100 % (1), white nothing (0), red M + Y (2), cyan C (1), blue C + M (2).
    rounds = ink.PARALLEL_MIN_PAGES // 5 + 1
    colours = ["#000000", "#ffffff", "#ff0000", "#00ffff", "#0000ff"] * rounds
    expected = [1.0, 0.0, 2.0, 1.0, 2.0] * rounds
    assert ink.page_inks(solid_pages(colours)) == pytest.approx(expected, abs=1e-6)
    known = [None if i % 3 else 9.0 for i in range(len(colours))]  # still over the threshold: two thirds to measure
    assert ink.page_inks(solid_pages(colours), known) == pytest.approx([9.0 if k else e for k, e in zip(known, expected, strict=True)], abs=1e-6)


def test_an_idle_worker_measures_half_of_a_pdf_page_for_page():
    """A pool worker forked with pdfium in memory takes the second half of the pages: the
    figures come back page for page."""
    from pnp.core.processes import worker_pool

    colours = ["#000000", "#ffffff", "#ff0000", "#00ffff", "#0000ff", "#0000ff", "#00ffff", "#ff0000", "#ffffff", "#ffffff"]
    expected = [1.0, 0.0, 2.0, 1.0, 2.0, 2.0, 1.0, 2.0, 0.0, 0.0]
    ink.warm_ink()
    with worker_pool(1) as pool:
        assert ink.page_inks(solid_pages(colours), idle=pool) == pytest.approx(expected, abs=1e-6)  # over LENT_MIN_PAGES
        known = [None] * 4 + [1.5] * 6
        assert ink.page_inks(solid_pages(colours), known, idle=pool) == pytest.approx(expected[:4] + [1.5] * 6, abs=1e-6)


def noise(side: int, seed: int):
    """A picture of `side` × `side` pixels of random colours (each pixel its own colour, nearly), the same for a seed."""
    import random

    from PIL import Image

    return Image.frombytes("RGB", (side, side), random.Random(seed).randbytes(3 * side * side))


def pictures(sides: list[int]) -> bytes:
    """A PDF of Letter pages, each a noise picture of `side` pixels drawn at one pixel of the ink raster a pixel (3 pt at
    INK_DPI), so a page shows about side² colours when it is measured."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=letter, invariant=1)
    step = 72 / ink.INK_DPI
    for n, side in enumerate(sides):
        c.drawImage(ImageReader(noise(side, n)), 0, 0, side * step, side * step)
        c.showPage()
    c.save()
    return buf.getvalue()


def varied_pages(crowded: bool = True) -> bytes:
    """A PDF of Letter pages as sheets print them: flat fills, words in colour at small sizes (anti-aliased edges),
    translucent overlaps and thin rules, a page each; `crowded`, then one with all of them over a picture of noise
    (over MAX_COLOURS)."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=letter, invariant=1)
    colours = ["#2a6f97", "#faf7f0", "#d62828", "#1d3557", "#f4a261", "#2a9d8f", "#000000"]

    def fills():
        for i, colour in enumerate(colours):
            c.setFillColor(colour)
            c.rect(40 + 70 * i, 500, 60, 200, stroke=0, fill=1)

    def words():
        for i, colour in enumerate(colours):
            c.setFillColor(colour)
            c.setFont("Helvetica-Bold", 6 + 3 * i)
            c.drawString(40, 80 + 50 * i, "Patient file: broken wrist, ward ER")

    def overlaps():
        for i, colour in enumerate(colours):
            c.setFillColor(colour, alpha=0.4)
            c.circle(150 + 45 * i, 300, 90, stroke=0, fill=1)
        c.setLineWidth(0.3)
        for i in range(20):
            c.line(30, 30 + 7.3 * i, 580, 40 + 9.1 * i)

    for draw in (fills, words, overlaps):
        draw()
        c.showPage()
    if crowded:
        from reportlab.lib.utils import ImageReader

        c.drawImage(ImageReader(noise(200, 0)), 0, 0, 600, 600)  # 200 pixels of the ink raster a side
        fills(), words(), overlaps()
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_page_measured_by_its_colours_gives_the_figure_measured_pixel_by_pixel():
    """A page of few colours is measured from its colours and how many pixels show each: to the last bit the figure
    the per-pixel measure gives, on flat fills, anti-aliased words, translucent overlaps and thin rules alike."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(varied_pages())
    counts = []
    for i in range(len(doc)):
        bitmap = doc[i].render(scale=ink.INK_DPI / 72, rev_byteorder=True)
        colours = bitmap.to_pil().getcolors(1 << 16)
        counts.append(len(colours))
        assert ink.colour_coverage(colours, bitmap.width * bitmap.height) == ink.page_coverage(bitmap.to_numpy()[..., :3])
    assert counts[0] < 20 < counts[1] and counts[-1] > ink.MAX_COLOURS  # flat fills, anti-aliased words, a crowded page


def test_a_page_is_measured_to_the_bit_of_its_three_byte_raster():
    """Whatever form pdfium renders a page in for measuring, each page's figure, by its colours or pixel by pixel, is the
    per-pixel figure of its plain RGB raster: flat fills, anti-aliased words, translucent overlaps, a crowded page."""
    import pypdfium2 as pdfium

    data = varied_pages()
    doc = pdfium.PdfDocument(data)
    expected = [ink.page_coverage(doc[i].render(scale=ink.INK_DPI / 72, rev_byteorder=True).to_numpy()) for i in range(len(doc))]
    pages = list(range(len(doc)))
    assert ink.measure_pages(data, pages, ink.INK_DPI) == expected
    assert ink.measure_pages(data, pages, ink.INK_DPI, by_colour=False) == expected


def in_a_new_process(pdf, content: bytes, jobs: int, also: str = "") -> tuple:
    """(The page figures `page_inks` gives `content` written to `pdf`, whether numpy was imported, and `also` evaluated
    after, when given) in a new Python of this checkout's pnp, on `jobs` processes."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    pdf.write_bytes(content)
    probe = ("import json, sys\nimport pnp.render.ink as ink\nfigures = ink.page_inks(sys.argv[1])\n"
             f"print(json.dumps([figures, 'numpy' in sys.modules{', ' + also if also else ''}]))")
    done = subprocess.run([sys.executable, "-c", probe, str(pdf)], capture_output=True, text=True, cwd=pdf.parent, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), "PNP_JOBS": str(jobs)}, check=True)
    return tuple(json.loads(done.stdout))


def test_a_process_without_numpy_measures_the_same_figures_and_never_imports_it(tmp_path):
    """A process that has not imported numpy measures a sheet's pages by their colours, a long PDF's in two processes
    too, and gives the figures a process measuring pixel by pixel gives (this one has numpy); a page of more colours
    than MAX_COLOURS it measures pixel by pixel, with the same figure again."""
    def measured_in_a_new_process(pdf, content: bytes) -> tuple[list[float], bool]:
        return in_a_new_process(pdf, content, jobs=2)

    import numpy  # noqa: F401  (this process measures pixel by pixel)

    plain, crowded, long = tmp_path / "plain.pdf", tmp_path / "crowded.pdf", tmp_path / "long.pdf"
    assert measured_in_a_new_process(plain, varied_pages(crowded=False)) == (ink.page_inks(plain), False)
    assert measured_in_a_new_process(crowded, varied_pages()) == (ink.page_inks(crowded), True)
    # measured in halves, one in a helper process (PARALLEL_MIN_PAGES): still by colours, so numpy is never imported
    sheets = solid_pages(["#2a6f97", "#faf7f0"] * (ink.PARALLEL_MIN_PAGES // 2 + 1))
    assert measured_in_a_new_process(long, sheets) == (ink.page_inks(long), False)


def test_a_pdf_whose_pages_show_many_colours_is_measured_pixel_by_pixel_once_they_pass_the_budget(tmp_path):
    """Icons' sheets show a few thousand colours a page (anti-aliased edges over flat fills): such a PDF is measured by
    its colours, numpy never imported (its import would cost more than the pages' colours take); a PDF whose pages of
    that many colours together show more than COLOUR_BUDGET has its later pages measured pixel by pixel. Pages of
    FEW_COLOURS or fewer are measured by their colours however many there are (a 10,000-card deck's 2,224 pages). The
    figures are the per-pixel ones either way."""
    import pypdfium2 as pdfium

    def colours_and_figures(content: bytes) -> tuple[list[int], list[float]]:
        doc = pdfium.PdfDocument(content)
        bitmaps = [doc[i].render(scale=ink.INK_DPI / 72, rev_byteorder=True) for i in range(len(doc))]
        return ([len(b.to_pil().getcolors(1 << 20)) for b in bitmaps], [ink.page_coverage(b.to_numpy()[..., :3]) for b in bitmaps])

    def measured_in_a_new_process(content: bytes) -> tuple[list[float], bool]:
        return in_a_new_process(tmp_path / "pages.pdf", content, jobs=1)

    icons = pictures([60] * 8)  # 3,600 colours a page: over the 1,024 a page was once measured by
    counts, expected = colours_and_figures(icons)
    assert all(1024 < n <= ink.MAX_COLOURS for n in counts) and sum(counts) < ink.COLOUR_BUDGET, counts
    assert measured_in_a_new_process(icons) == (expected, False)

    flat = pictures([30] * (ink.COLOUR_BUDGET // 900 + 4))  # 900 colours a page: as flat fills' edges show, however many pages
    counts, expected = colours_and_figures(flat)
    assert max(counts) <= ink.FEW_COLOURS and sum(counts) > ink.COLOUR_BUDGET, (max(counts), sum(counts))
    assert measured_in_a_new_process(flat) == (expected, False)

    crowded = pictures([115] * (ink.COLOUR_BUDGET // 115 ** 2 + 2))  # 13,000 colours a page, past the budget by the last pages
    counts, expected = colours_and_figures(crowded)
    assert all(n <= ink.MAX_COLOURS for n in counts) and sum(counts[:-1]) > ink.COLOUR_BUDGET, counts
    assert measured_in_a_new_process(crowded) == (expected, True)


def test_the_colours_kept_between_pages_stay_within_their_bound(tmp_path):
    """A colour's terms are kept for the next page, up to MAX_TERMS colours: pages of pictures showing tens of thousands
    measured by their colours (no numpy) leave no more kept, and their figures are the per-pixel ones."""
    pdf = tmp_path / "pictures.pdf"
    figures, numpy_imported, kept, bound = in_a_new_process(pdf, pictures([120, 120, 120]), 1, "len(ink._TERMS), ink.MAX_TERMS")  # 43,000 colours
    assert not numpy_imported and kept == bound, (kept, bound)
    assert figures == ink.page_inks(pdf)  # this process has numpy: pixel by pixel


def test_a_pdfs_ink_is_the_sum_of_its_pages_in_fully_inked_page_equivalents():
    """A page of solid black counts 1 (K 100 %), a page of solid red 2 (M 100 % + Y 100 %), a blank page 0: a PDF of
    the three costs 3 pages of ink, its pages added, not its most inked page."""
    assert ink.pdf_ink(solid_pages(["#000000", "#ff0000", "#ffffff"])) == pytest.approx(3.0, abs=0.03)
