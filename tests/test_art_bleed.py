"""Bleed from the art (issue 65): an image that reaches the trim, built with bleed, is continued past the trim by its own
edge, mirrored or extended as the deck says. Read from the PDF: the picture it embeds, and the box it is drawn in.
"""
from __future__ import annotations

import shutil

import numpy as np
import pikepdf
import pytest
from conftest import MM, TEST_PROJECT, run_pnp
from PIL import Image

W, H = 127, 178  # px: 2 px a mm on a poker card (63.5 × 88.9 mm), so 3 mm of bleed is 6 px


@pytest.fixture(scope="module")
def art():
    """An image whose every column and row differs from its neighbours, so a reflection is told from a repeat."""
    x = np.arange(W)[None, :, None]
    y = np.arange(H)[:, None, None]
    return np.concatenate([np.broadcast_to(x * 2 % 256, (H, W, 1)), np.broadcast_to(y % 256, (H, W, 1)), np.broadcast_to((x * 7 + y * 3) % 256, (H, W, 1))], axis=2).astype(np.uint8)


def _build(tmp_path, art, mode: str):
    root = tmp_path / mode / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "art").mkdir()
    Image.fromarray(art).save(root / "art/edge.png")
    (root / "templates/tiny/hero.j2").write_text('{{ image("art/edge.png", 0, 0, face.w, face.h, fit="stretch") }}\n')
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("size: poker\n", f"size: poker\nart_bleed: {mode}\n"))
    result = run_pnp(root, "build", "--only", "cards", "--bleed", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-cards-bleed.pdf"


def _pictures(pdf) -> list[np.ndarray]:
    """Every picture the PDF holds, as RGB pixels."""
    with pikepdf.open(pdf) as doc:
        return [np.asarray(pikepdf.PdfImage(obj).as_pil_image().convert("RGB")) for obj in doc.objects
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and "/SMask" not in str(obj.get("/Type", ""))]


@pytest.mark.parametrize("mode", ["mirror", "extend"])
def test_an_image_at_the_trim_bleeds_by_its_own_edge(tmp_path, art, mode):
    pictures = [p for p in _pictures(_build(tmp_path, art, mode)) if p.shape[:2] == (H + 12, W + 12)]
    assert len(pictures) == 1, [p.shape for p in _pictures(_build(tmp_path, art, mode))]
    bled = pictures[0].astype(int)
    assert np.array_equal(bled[6:-6, 6:-6], art)  # the art itself, untouched
    if mode == "mirror":
        assert np.array_equal(bled[6:-6, :6], art[:, 5::-1])  # the left bleed: the edge's first 6 columns reflected
        assert np.array_equal(bled[:6, 6:-6], art[5::-1, :])
        assert np.array_equal(bled[6:-6, -6:], art[:, :-7:-1])
    else:
        assert all(np.array_equal(bled[6:-6, k], art[:, 0]) for k in range(6))  # the edge column, repeated
        assert all(np.array_equal(bled[-1 - k, 6:-6], art[-1, :]) for k in range(6))


def test_the_bled_image_covers_the_trim_and_its_bleed(tmp_path, art):
    """The picture is drawn over the card's trim and its 3 mm bleed: 69.5 × 94.9 mm."""
    pdf = _build(tmp_path, art, "mirror")
    with pikepdf.open(pdf) as doc:
        forms = [x for x in doc.pages[0].Resources.get("/XObject", {}).values() if x.get("/Subtype") == "/Form"]
        sizes = set()
        for form in forms:
            for operands, op in pikepdf.parse_content_stream(form):
                if str(op) == "cm" and abs(float(operands[0]) / MM - 69.5) < 0.05:
                    sizes.add((round(float(operands[0]) / MM, 2), round(float(operands[3]) / MM, 2)))
    assert sizes == {(69.5, 94.9)}
