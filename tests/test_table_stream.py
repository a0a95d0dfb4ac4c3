"""A browser table's file (.pcio, .vtt) written without holding its images (issue 74): each face's image, up to 2,048 px
a side, goes to the export's staging folder as it is made, and the zip is written there from it. A deck of
photographic art held every image, then the zip of them, then a copy of that zip: the peak grew by twice the zip.

What is measured is the memory Python's objects take at the export's peak (tracemalloc), against the images the
file holds: the pictures are noise, which no compressor shrinks, drawn from art smaller than the table's images,
and each face renders from a PDF of its own (the threshold at 0), so neither the art nor a raster PDF is what grows."""
from __future__ import annotations

import random
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp
from PIL import Image

from pnp.layout import rl_stream

CARDS = 8
DPI = 150  # a poker card's image on the table: 375 × 525 px
ART_PX = (188, 262)  # half of it: the art is not what the zip holds


def make_noise_deck(root: Path, cards: int, art_px: tuple[int, int], compress_level: int) -> Path:
    """A deck of `cards` cards at `root`, each its own noise of `art_px` pixels, and a plain back (test_table_raster_memory's too)."""
    images = root / "data/art/decks/art"
    images.mkdir(parents=True)
    (root / "templates/art").mkdir(parents=True)
    (root / "data/art/game.yaml").write_text('title: Art\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\npalette: {ink: "#222222", paper: "#ffffff"}\n')
    (root / "data/art/decks/art.yaml").write_text("name: Art\nsize: poker\nfront: art/front.j2\nback: art/back.j2\ncards_from: art/\n")
    (root / "templates/art/front.j2").write_text('{{ image(card.image, -face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n')
    (root / "templates/art/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')
    for i in range(cards):
        Image.frombytes("RGB", art_px, random.Random(i).randbytes(art_px[0] * art_px[1] * 3)).save(images / f"card-{i:02d}.png", compress_level=compress_level)
    return root


@pytest.fixture(scope="module")
def noise_deck(tmp_path_factory) -> Path:
    """A deck of CARDS cards, each its own noise, and a plain back."""
    root = make_noise_deck(tmp_path_factory.mktemp("table-stream"), CARDS, ART_PX, compress_level=1)
    run_pnp(root, "export", "art", "--format", "pcio", "--dpi", "72", "--no-validate", "--out", str(root / "warm"))  # modules and fonts loaded
    return root


@pytest.mark.parametrize("fmt", ["pcio", "vtt"])
def test_a_table_file_is_zipped_without_holding_its_images(noise_deck, tmp_path, monkeypatch, fmt):
    monkeypatch.setenv("PNP_JOBS", "1")
    monkeypatch.setattr(rl_stream, "SPOOL_MIN_BYTES", 0)
    tracemalloc.start()
    try:
        done = run_pnp(noise_deck, "export", "art", "--format", fmt, "--dpi", str(DPI), "--no-validate", "--out", str(tmp_path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert done.exit_code == 0, done.output
    folder = tmp_path / "art" / fmt
    assert sorted(p.name for p in folder.iterdir()) == ["README.txt", f"art.{fmt}"]  # no image store or zip temporary left
    with zipfile.ZipFile(folder / f"art.{fmt}") as zf:
        images = [i for i in zf.infolist() if i.filename.endswith(".png")]
    assert len(images) == CARDS + 1  # each front and the one back
    held = sum(i.file_size for i in images)
    assert max(i.file_size for i in images) > 375 * 525 * 2  # a front of noise: hardly compressed
    assert peak < held, f"peak {peak / 1e6:.1f} MB for images of {held / 1e6:.1f} MB"  # holding them took twice their bytes
