"""A PDF of many pictures written as it is made (issue 74): its pictures' streams wait in a file once they pass
pnp.layout.rl_stream.SPOOL_MIN_BYTES, the PDF is written to a file object by object and renamed into place, and it
is the very PDF reportlab's own save writes, whose ink is the same. The threshold is lowered here, so a few small
pictures take the path a deck of photographic art takes."""
from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from test_art_memory import art_deck, picture

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.core.spooled import PdfFile
from pnp.data.project import Project
from pnp.layout import rl_stream
from pnp.outputs.options import Options
from pnp.pipeline.cache import GameCache
from pnp.render.ink import page_inks
from pnp.render.pdf import new_canvas
from pnp.render.pictures import Pictures


def _pictures() -> list[Image.Image]:
    """Three small pictures as reportlab embeds them three ways: RGB (Flate), with an alpha channel (a soft mask
    beside it), and a JPEG file's bytes (DCT, as they are)."""
    rgb = picture(1, (90, 120))
    alpha = picture(2, (60, 80)).convert("RGBA")
    ImageDraw.Draw(alpha).ellipse((5, 5, 40, 60), fill=(0, 0, 0, 0))
    jpeg = io.BytesIO()
    picture(3, (70, 50)).save(jpeg, "JPEG", quality=80)
    return [rgb, alpha, Image.open(io.BytesIO(jpeg.getvalue()))]


def _drawn(spool_to: Path | None, lang: str | None = None) -> bytes | PdfFile:
    c, buf = new_canvas((300, 400), "Helvetica", "Streamed", "pictures", lang=lang, spool_to=spool_to)
    if spool_to is not None:
        getattr(c, rl_stream.SPOOL).threshold = 1  # past one byte of pictures, every stream goes to the file
    pictures = Pictures()
    for page in range(2):
        for i, image in enumerate(_pictures()):
            pictures.draw(c, i, lambda image=image: image, f"art-{i}.png", (20 + 60 * i, 40 + page * 100, 50, 70))
        c.drawString(20, 20, f"page {page + 1}")
        c.showPage()
    return rl_stream.finished(c, buf)


@pytest.mark.parametrize("lang", [None, "en"], ids=["sheet", "tagged"])
def test_a_streamed_pdf_is_the_pdf_reportlab_writes(tmp_path, lang):
    """Offsets, cross-reference table, soft masks and JPEG streams: reportlab's save and the streamed writer agree to
    the byte, and the file's size and digest are what was written."""
    whole = _drawn(None, lang)
    streamed = _drawn(tmp_path / "cards.pdf", lang)
    assert isinstance(whole, bytes) and isinstance(streamed, PdfFile)
    written = Path(streamed.path).read_bytes()
    assert written == whole
    assert (streamed.size, streamed.sha256) == (len(whole), hashlib.sha256(whole).hexdigest())
    assert written.count(b"/Subtype /Image") == 4  # three pictures and one soft mask, each embedded once
    assert Path(streamed.path).parent == tmp_path and Path(streamed.path).name.startswith(".cards.pdf.")


def test_pictures_under_the_threshold_stay_in_memory(tmp_path):
    c, buf = new_canvas((300, 400), "Helvetica", "Small", "pictures", spool_to=tmp_path / "cards.pdf")
    Pictures().draw(c, 0, lambda: picture(4, (40, 40)), "art.png", (0, 0, 40, 40))
    assert isinstance(rl_stream.finished(c, buf), bytes)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory) -> tuple[Path, Path]:
    """A three-card art deck built twice in this process: as a small PDF is (whole in memory) and with the threshold
    at 0 (every stream through the file)."""
    root = tmp_path_factory.mktemp("art")
    art_deck(root, [picture(i, (240, 330)) for i in range(3)])
    outs = []
    for threshold in (rl_stream.SPOOL_MIN_BYTES, 0):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(rl_stream, "SPOOL_MIN_BYTES", threshold)
            out = root / f"out-{threshold}"
            report = run_build(Project(root), ["art"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True,
                               workers=1)
        assert not report.errors(), report.sorted()
        outs.append(out)
    return outs[0], outs[1]


def test_a_build_writes_the_same_pdf_and_ink_either_way(two_builds):
    whole, streamed = two_builds
    assert (streamed / "art/art-cards.pdf").read_bytes() == (whole / "art/art-cards.pdf").read_bytes()
    kept = [GameCache.load(out / ".pnp-cache/art.json").outputs["cards"] for out in two_builds]
    assert kept[0]["files"] == kept[1]["files"]  # the digest taken as it was written is the bytes' own
    ink = [entry["stats"]["art-cards.pdf"]["ink"] for entry in kept]
    assert ink[0] == ink[1] == round(sum(page_inks(whole / "art/art-cards.pdf")), 2) > 0
    assert [p.name for p in (streamed / "art").iterdir() if p.name.startswith(".")] == []  # no temporary left behind



def test_the_ink_measure_renders_with_pdfiums_image_cache_limited(tmp_path, monkeypatch):
    """pdfium keeps a page's decoded pictures until the document closes unless its image cache is limited
    (pnp.render.ink._measured: a build of 60 cards of 600-dpi art peaked 252 MB unlimited, 199 MB limited). A peak
    measured in a child with a few large pictures of their own did not show the difference (flat and noisy pictures
    alike, drawn on pages or in forms), so pdfium's render is watched: every page the measure renders asks for it."""
    import pypdfium2

    asked = []
    render = pypdfium2.PdfPage.render

    def watched(page, **kwargs):
        asked.append(kwargs.get("limit_image_cache", False))
        return render(page, **kwargs)

    monkeypatch.setattr(pypdfium2.PdfPage, "render", watched)
    whole = _drawn(None)
    assert len(page_inks(whole, halves=False)) == 2
    assert asked == [True, True]


def test_a_pdf_read_from_its_file_is_measured_a_page_to_a_document(tmp_path, monkeypatch):
    """pdfium keeps what it read of every page's pictures until the document closes: a PDF of photographic art read
    from its file (a PdfFile) is measured in a document opened for each page, and its figures are the bytes' own."""
    import pypdfium2

    whole = _drawn(None)
    path = tmp_path / "pictures.pdf"
    path.write_bytes(whole)
    opened = []
    document = pypdfium2.PdfDocument

    def watched(source, *args, **kwargs):
        opened.append(source)
        return document(source, *args, **kwargs)

    monkeypatch.setattr(pypdfium2, "PdfDocument", watched)
    assert page_inks(path, halves=False) == page_inks(whole, halves=False)
    assert opened.count(str(path)) == 3 and opened.count(whole) == 1  # the file: once to count its pages, once a page


def test_a_files_digest_is_read_a_piece_at_a_time(tmp_path):
    """The digests a build takes of its own outputs (pnp.pipeline.steady, the kept builds) read a file in pieces: a PDF
    of photographic art of 226 MB was read whole for it, the top of a 40-card build's memory (issue 74)."""
    import tracemalloc

    from pnp.core.files import file_sha256

    big = tmp_path / "big.pdf"
    data = bytes(range(256)) * (1 << 17)  # 32 MiB
    big.write_bytes(data)
    tracemalloc.start()
    try:
        digest = file_sha256(big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert digest == hashlib.sha256(data).hexdigest()
    assert peak < 4 << 20, f"digesting a 32 MiB file held {peak >> 20} MiB"
