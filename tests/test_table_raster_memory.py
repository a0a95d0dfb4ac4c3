"""A browser table's export (.pcio, .vtt) of photographic art in memory that does not grow with the deck (issue 74).

Every face of such an export is drawn into a PDF and rendered back to pixels by pdfium. Those PDFs held up to 16 MB
of pictures each (a build's threshold) and saving one holds it three or four times over, so a deck of photographic art
peaked 60 MB above one face's need, more as the deck grew; and each PDF's canvas, a cycle of reportlab's objects, stayed
until the export ended (its collector paused). The pictures here are noise, which no compressor shrinks, drawn from
art of 1.7 MB a card: ten of them are 17 MB, which a PDF of the threshold held at once (52 MB at the export's peak)."""
from __future__ import annotations

import gc
import random
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp
from PIL import Image
from reportlab.pdfbase.pdfdoc import PDFDocument

CARDS = 10
ART_PX = (640, 900)  # 1.7 MB of noise a card: a face's picture as large as a photograph's at print size, compressed


@pytest.fixture(scope="module")
def noise_deck(tmp_path_factory) -> Path:
    """A deck of CARDS cards, each its own noise, and a plain back."""
    root = tmp_path_factory.mktemp("table-raster")
    images = root / "data/art/decks/art"
    images.mkdir(parents=True)
    (root / "templates/art").mkdir(parents=True)
    (root / "data/art/game.yaml").write_text('title: Art\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\npalette: {ink: "#222222", paper: "#ffffff"}\n')
    (root / "data/art/decks/art.yaml").write_text("name: Art\nsize: poker\nfront: art/front.j2\nback: art/back.j2\ncards_from: art/\n")
    (root / "templates/art/front.j2").write_text('{{ image(card.image, -face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n')
    (root / "templates/art/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')
    for i in range(CARDS):
        Image.frombytes("RGB", ART_PX, random.Random(i).randbytes(ART_PX[0] * ART_PX[1] * 3)).save(images / f"card-{i:02d}.png", compress_level=0)
    return root


@pytest.mark.parametrize("fmt", ["pcio", "vtt"])
def test_a_table_export_holds_one_face_of_art_not_the_deck(noise_deck, tmp_path, monkeypatch, fmt):
    monkeypatch.setenv("PNP_JOBS", "1")
    art = ART_PX[0] * ART_PX[1] * 3  # one card's picture: noise, as large in the PDF as in pixels
    gc.collect()
    was = gc.isenabled()
    gc.disable()  # as an export runs: what a cycle holds stays until the collector runs
    tracemalloc.start()
    try:
        done = run_pnp(noise_deck, "export", "art", "--format", fmt, "--dpi", "72", "--no-validate", "--out", str(tmp_path))
        peak = tracemalloc.get_traced_memory()[1]
        documents = sum(isinstance(o, PDFDocument) for o in gc.get_objects())
    finally:
        tracemalloc.stop()
        if was:
            gc.enable()
    assert done.exit_code == 0, done.output
    with zipfile.ZipFile(tmp_path / "art" / fmt / f"art.{fmt}") as zf:
        assert sum(i.filename.endswith(".png") for i in zf.infolist()) == CARDS + 1  # each front and the one back
    # a face's picture, its PDF saved (held three or four times) and rendered: never the deck's art, even once
    assert peak < CARDS * art, f"peak {peak / 1e6:.1f} MB of Python objects for pictures of {art / 1e6:.1f} MB a card"
    assert documents == 0, f"{documents} PDF documents of the export's faces left for the collector"
