"""A browser table's export (.pcio, .vtt) of photographic art in memory that does not grow with the deck (issue 74).

Every face of such an export is drawn into a PDF and rendered back to pixels by pdfium. Those PDFs held up to 16 MB
of pictures each (a build's threshold) and saving one holds it three or four times over, so a deck of photographic art
peaked 60 MB above one face's need, more as the deck grew; and each PDF's canvas, a cycle of reportlab's objects, stayed
until the export ended (its collector paused). The pictures here are noise, which no compressor shrinks, drawn from
art of 1.7 MB a card: ten of them are 17 MB, which a PDF of the threshold held at once (52 MB at the export's peak)."""
from __future__ import annotations

import gc
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp
from reportlab.pdfbase.pdfdoc import PDFDocument
from test_table_stream import make_noise_deck

CARDS = 10
FEW = 3  # a deck of FEW cards against one of CARDS: the export's peak must not grow with the deck
ART_PX = (640, 900)  # 1.7 MB of noise a card: a face's picture as large as a photograph's at print size, compressed
ART_BYTES = ART_PX[0] * ART_PX[1] * 3  # one card's picture: noise, as large in the PDF as in pixels
pytestmark = pytest.mark.usefixtures("heap_of_its_own")  # its collections walk what it made (conftest.heap_of_its_own)


@pytest.fixture(scope="module")
def noise_decks(tmp_path_factory) -> dict[int, Path]:
    return {cards: make_noise_deck(tmp_path_factory.mktemp(f"table-raster-{cards}"), cards, ART_PX, compress_level=0) for cards in (FEW, CARDS)}


def _exported(root: Path, out: Path, fmt: str) -> tuple[int, int]:
    """Export `root`'s deck to `fmt` as an export runs (its collector paused): (the peak of Python's objects meanwhile,
    the PDF documents of its faces left for the collector)."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()  # as an export runs: what a cycle holds stays until the collector runs
    tracemalloc.start()
    try:
        done = run_pnp(root, "export", "art", "--format", fmt, "--dpi", "72", "--no-validate", "--out", str(out))
        peak = tracemalloc.get_traced_memory()[1]
        documents = sum(isinstance(o, PDFDocument) for o in gc.get_objects())
    finally:
        tracemalloc.stop()
        if was:
            gc.enable()
    assert done.exit_code == 0, done.output
    with zipfile.ZipFile(out / "art" / fmt / f"art.{fmt}") as zf:
        assert sum(i.filename.endswith(".png") for i in zf.infolist()) == len(list((root / "data/art/decks/art").glob("*.png"))) + 1  # each front, the back
    return peak, documents


@pytest.mark.parametrize("fmt", ["pcio", "vtt"])
def test_a_table_export_holds_one_face_of_art_not_the_deck(noise_decks, tmp_path, monkeypatch, fmt):
    """The peak with CARDS cards is the peak with FEW, within one card's picture: a face's picture, its PDF saved (held
    three or four times) and rendered, never more of the deck's art as the deck grows (what those pictures cost depends
    on reportlab's and Pillow's versions; that it does not grow does not)."""
    monkeypatch.setenv("PNP_JOBS", "1")
    few, _ = _exported(noise_decks[FEW], tmp_path / "few", fmt)
    peak, documents = _exported(noise_decks[CARDS], tmp_path / "all", fmt)
    assert peak - few < ART_BYTES, f"{CARDS} cards peak {peak / 1e6:.1f} MB of Python objects, {FEW} cards {few / 1e6:.1f} MB, for pictures of {ART_BYTES / 1e6:.1f} MB a card"
    assert documents == 0, f"{documents} PDF documents of the export's faces left for the collector"
