"""Art-heavy decks in bounded memory (issue 74): a picture is decoded when it is drawn, embedded once and let go, so a
deck of many distinct pictures needs no more memory than a deck of a few, and a picture that cannot fit in the memory
pnp has is a finding at its file, never an internal error.

Each build runs in a process of its own under an address-space cap: a build that kept its pictures decoded (about
14 MB each at 1200 × 1700 px) would pass it by hundreds of megabytes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from PIL import Image, ImageDraw

CAP = 450 << 20  # bytes of address space: a build or export of the deck below takes 190-260 MB; keeping its 30 pictures, 650 MB
PICTURES = 30
# Pictures enough that a build keeping them decoded passes the cap: 20 take the build and the pod export to 520-560 MB; the png
# export, which keeps less of each, stays under it with 24 and needs the 30
ENOUGH = {"build": 20, "pod": 20, "png": PICTURES}
SIZE = (1200, 1700)
CHILD = ("import resource, sys\n"
         f"resource.setrlimit(resource.RLIMIT_AS, ({CAP}, {CAP}))\n"
         "resource.setrlimit(resource.RLIMIT_CPU, (120, 120))\n"
         "sys.argv = ['pnp', *sys.argv[1:]]\n"
         "from pnp.cli import run\n"
         "run()\n")


def art_deck(root: Path, pictures: list[Image.Image]) -> None:
    """A project whose one deck (`cards_from: art/`) is a card per picture, each drawn to cover its card."""
    images = root / "data/art/decks/art"
    images.mkdir(parents=True)
    (root / "templates/art").mkdir(parents=True)
    (root / "data/art/game.yaml").write_text('title: Art\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\npalette: {ink: "#222222", paper: "#ffffff"}\n')
    (root / "data/art/decks/art.yaml").write_text("name: Art\nsize: poker\nfront: art/front.j2\nback: art/back.j2\ncards_from: art/\n")
    (root / "templates/art/front.j2").write_text('{{ image(card.image, -face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n'
                                                 '{{ text(card.name, 5, 5, face.w - 10, 8, size=9) }}\n')
    (root / "templates/art/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')
    for i, picture in enumerate(pictures):
        picture.save(images / f"card-{i:02d}.png", compress_level=1)


def picture(i: int, size: tuple[int, int] = SIZE) -> Image.Image:
    """A picture of its own for card i: a colour and a disc placed from i."""
    img = Image.new("RGB", size, ((40 * i) % 256, (90 * i) % 256, (150 * i) % 256))
    x, y = (i * 97) % size[0], (i * 131) % size[1]
    ImageDraw.Draw(img).ellipse((x - 300, y - 300, x + 300, y + 300), fill=(255 - (40 * i) % 256, 20, 200))
    return img


@pytest.fixture(scope="module")
def distinct_deck(tmp_path_factory) -> Path:
    """The project of `art_deck` with the 30 distinct pictures, drawn and saved once for the module's three builds that
    take it, not once for each: each test builds a copy of its own (of as many pictures as it needs), the same bytes at
    a path of its own."""
    root = tmp_path_factory.mktemp("distinct-deck")
    art_deck(root, [picture(i) for i in range(PICTURES)])
    return root


def _copy(deck: Path, root: Path, pictures: int) -> None:
    """The deck's project with its first `pictures` pictures."""
    shutil.copytree(deck, root, dirs_exist_ok=True, ignore=lambda _, names: [n for n in names if n.startswith("card-") and int(n[5:7]) >= pictures])


def capped_build(root: Path, *command: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", CHILD, "--root", str(root), *(command or ("build", "art", "--only", "cards"))], capture_output=True, text=True,
                          cwd=root, env={**os.environ, "PNP_JOBS": "1", "PYTHONPATH": str(ROOT)}, timeout=300)
    return done.returncode, done.stdout + done.stderr


def test_a_deck_of_distinct_pictures_builds_in_the_memory_of_a_few(tmp_path, distinct_deck):
    _copy(distinct_deck, tmp_path, ENOUGH["build"])
    status, shown = capped_build(tmp_path)
    assert status == 0, shown
    assert (tmp_path / "output/art/art-cards.pdf").read_bytes().count(b"/Subtype /Image") == ENOUGH["build"]  # each picture embedded once


@pytest.mark.parametrize("export", ["png", "pod"])
def test_an_export_of_distinct_pictures_fits_the_same_memory(tmp_path, distinct_deck, export):
    """An image per side for a print service (png) and CMYK print-on-demand PDFs (pod, each picture converted): each
    took 500–650 MB for the 30 pictures when every picture stayed decoded."""
    _copy(distinct_deck, tmp_path, ENOUGH[export])
    # PNGs at 72 dpi, the least the CLI takes: each picture is still decoded whole to be drawn (kept so, they passed the cap
    # at the 27th or 28th of the 30, at 72 dpi as at 300), and the pages rasterised and encoded are a seventeenth of 300 dpi's pixels
    dpi = ("--dpi", "72") if export == "png" else ()
    status, shown = capped_build(tmp_path, "export", "art", "--format", export, "--no-validate", *dpi)
    assert status == 0, shown
    assert any((tmp_path / "output/art" / export).iterdir()), shown


def test_a_picture_too_large_for_the_memory_is_a_finding_at_its_file(tmp_path):
    """A picture within the pixel limit (49 Mpx) whose decoding and embedding needs more than the cap leaves: a finding
    naming it, exit 1."""
    art_deck(tmp_path, [Image.new("RGB", (7000, 7000), (200, 30, 30))])
    status, shown = capped_build(tmp_path)
    assert status == 1, shown
    assert "internal error" not in shown and "MemoryError" not in shown.replace("more memory", ""), shown
    assert "data/art/decks/art/card-00.png" in shown or "templates/art/front.j2:1" in shown, shown


def test_a_picture_embedded_once_keeps_its_shape_on_every_card_that_shows_it(tmp_path):
    """The same 2:1 picture on three cards is embedded once and placed on each: every placement prints it 40 × 20 mm,
    as `image(…, 40, 20)` asks, the second and third as the first (read from the PDF's images by pdfplumber)."""
    import pdfplumber
    from conftest import MM, run_pnp
    from test_vocabulary import make_project

    root = make_project(tmp_path, '{{ image("art/wide.png", 10, 10, 40, 20) }}\n{{ text(card.id, 10, 40, 40, 10) }}\n',
                        "- {id: first}\n- {id: second}\n- {id: third}\n")
    (root / "art").mkdir()
    Image.new("RGB", (200, 100), "#3060a0").save(root / "art/wide.png")
    result = run_pnp(root, "build", "v", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        shown = [(image["x1"] - image["x0"], image["bottom"] - image["top"]) for image in pdf.pages[0].images]
    assert len(shown) == 3, shown
    for w, h in shown:
        assert abs(w - 40 * MM) < 0.1 and abs(h - 20 * MM) < 0.1, shown
