"""Every output of pictures written as it is made, not only the card sheets (issue 74): a token sheet, the boards, the
player aids and every export that embeds the faces (pod and the vendors' PDFs; png, tts, sprites and the tables
render theirs from PDFs of their own). Past pnp.layout.rl_stream.SPOOL_MIN_BYTES of pictures a build's or an
export's PDF is written to a temporary beside its file and renamed there; an export's raster PDF begins anew. The
threshold is lowered here, so three small pictures take the path a deck of photographic art takes, and the bytes are
held to those written under it; a disk that fills while such a PDF is written ends the command in one line, with no
temporary left."""
from __future__ import annotations

import errno
import hashlib
from pathlib import Path

import pytest
from conftest import run_pnp
from test_art_memory import art_deck, picture

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.layout import rl_stream
from pnp.outputs.options import Options

ART = "data/art/decks/art/card-{:02d}.png"


def art_project(root: Path) -> None:
    """Three cards of their own art; a token set and two boards drawing the same pictures; a player aid. The tokens
    are too large to share the card sheet (pnp.outputs.token_share): they print on a token sheet of their own."""
    art_deck(root, [picture(i, (120, 165)) for i in range(3)])
    items = "".join(f"      - {{id: t{i}, art: {ART.format(i)}}}\n" for i in range(2))
    (root / "data/art/tokens.yaml").write_text(f"tokens:\n  - id: art\n    name: Art\n    shape: rectangle\n    size: 120 x 150\n"
                                               f"    front: art/token.j2\n    items:\n{items}")
    boards = "".join(f"  - {{id: b{i}, name: Board {i}, size: 60 x 80, template: art/board.j2, art: {ART.format(i)}}}\n" for i in range(2))
    (root / "data/art/boards.yaml").write_text("boards:\n" + boards)
    (root / "data/art/reference.yaml").write_text("title: Art\ncard_size: poker\nsections:\n  - title: A turn\n    text: Draw a card.\n")
    cover = '-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n'
    (root / "templates/art/token.j2").write_text("{{ image(token.art, " + cover)
    (root / "templates/art/board.j2").write_text("{{ image(board.art, " + cover)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("stream")
    art_project(root)
    return root


def _run(threshold: int, command):
    """`command()` with the threshold at `threshold` bytes; what it returned, and the name of each file the spool wrote."""
    saved = []
    save = rl_stream.Spool.save

    def watched(spool, c):
        saved.append(spool.target.name)
        return save(spool, c)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rl_stream, "SPOOL_MIN_BYTES", threshold)
        patch.setattr(rl_stream.Spool, "save", watched)
        return command(), saved


def _files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def _temporaries(folder: Path) -> list[str]:
    """What a write left beside its outputs: a PDF's temporary, an export's staging folder (the build's own cache aside)."""
    return [p.name for p in folder.rglob(".*") if p.name not in (".pnp-cache", ".gitignore") and ".pnp-cache" not in p.parts]


def _build(project: Path, out: Path) -> dict[str, str]:
    report = run_build(Project(project), ["art"], Options(out=out, only=("tokens", "boards", "reference")), ["letter"], report=Report(),
                       quiet=True, workers=1)
    assert not report.errors(), report.sorted()
    return {name: digest for name, digest in _files(out / "art").items() if name.endswith(".pdf")}


def test_a_token_sheet_boards_and_aids_are_the_same_bytes_written_as_they_are_made(project, tmp_path):
    """The token sheet, the boards and the reference (its player aids) go through the streamed writer with the
    threshold at 0, and their bytes (and the digests the build kept) are those reportlab's own save gives."""
    whole, spooled = _run(rl_stream.SPOOL_MIN_BYTES, lambda: _build(project, tmp_path / "whole"))
    assert spooled == [] and sorted(whole) == ["art-boards.pdf", "art-reference.pdf", "art-tokens.pdf"]
    streamed, spooled = _run(0, lambda: _build(project, tmp_path / "streamed"))
    assert sorted(spooled) == sorted(whole)
    assert streamed == whole
    assert _temporaries(tmp_path / "streamed/art") == []


def _export(project: Path, out: Path, *how: str) -> dict[str, str]:
    done = run_pnp(project, "export", "art", *how, "--out", str(out))
    assert done.exit_code == 0, done.output
    return _files(out / "art")


@pytest.mark.parametrize("how", [("--format", "pod"), ("--vendor", "printplay")], ids=["pod", "vendor-sheets"])
def test_an_exports_pdfs_are_the_same_bytes_written_as_they_are_made(project, tmp_path, how):
    """pod (one PDF per deck, token set, board and the player aids) and a vendor's PDFs: each written beside its staged
    file and checked from there, and the export the same bytes as reportlab's own save gives."""
    whole, spooled = _run(rl_stream.SPOOL_MIN_BYTES, lambda: _export(project, tmp_path / "whole", *how))
    assert spooled == []
    streamed, spooled = _run(0, lambda: _export(project, tmp_path / "streamed", *how))
    assert sorted(spooled) == sorted(Path(name).name for name in whole if name.endswith(".pdf")) != []
    assert streamed == whole
    assert _temporaries(tmp_path / "streamed") == []


def test_an_export_renders_its_pixels_from_pdfs_that_stop_at_the_threshold(project, tmp_path, monkeypatch):
    """png (as tts, sprites and the tables) renders each face from a PDF: past the threshold the next face begins a
    new PDF, rather than a deck of photographic art making one PDF held whole; the pixels are the same."""
    import pypdfium2

    opened = []
    document = pypdfium2.PdfDocument

    def watched(source, *args, **kwargs):
        opened.append(len(source) if isinstance(source, bytes) else source)
        return document(source, *args, **kwargs)

    monkeypatch.setattr(pypdfium2, "PdfDocument", watched)
    whole, _ = _run(rl_stream.SPOOL_MIN_BYTES, lambda: _export(project, tmp_path / "whole", "--format", "png", "--dpi", "72"))
    documents = len(opened)
    streamed, _ = _run(0, lambda: _export(project, tmp_path / "streamed", "--format", "png", "--dpi", "72"))
    assert streamed == whole
    assert len(opened) - documents > documents  # a PDF a face at 0, a PDF a component below the threshold


@pytest.mark.parametrize("command", [("build", "art", "--only", kind) for kind in ("tokens", "boards", "reference")]
                         + [("export", "art", "--format", "pod")], ids=["tokens", "boards", "reference", "pod"])
def test_a_disk_that_fills_while_a_pdf_is_written_is_one_line_and_leaves_no_temporary(project, tmp_path, monkeypatch, capsys, command):
    """The command ends as a full disk ends any write (pnp.cli's one line, exit 1), and neither the PDF's temporary nor
    the pictures' spool nor an export's staging folder is left in the output folder."""
    import os
    import signal
    import sys

    from pnp.cli import run

    def full(fd):  # where a filesystem that allocates late says the disk is full: once the written bytes go to disk
        raise OSError(errno.ENOSPC, "No space left on device")

    out = tmp_path / "out"
    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.setattr(sys, "argv", ["pnp", "--root", str(project), *command, "--out", str(out)])
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # run() sets its own, as it does the Ctrl-C handler
    monkeypatch.setenv("PNP_JOBS", "1")
    def ended() -> SystemExit:
        with pytest.raises(SystemExit) as exited:
            run()
        return exited.value

    ctrl_c = signal.getsignal(signal.SIGINT)
    try:
        exited, _ = _run(0, ended)
    finally:
        signal.signal(signal.SIGINT, ctrl_c)
    shown = capsys.readouterr().err
    lines = [line for line in shown.splitlines() if line.startswith("pnp:")]
    assert exited.code == 1, shown
    assert len(lines) == 1 and "no space left on device; the disk is full: free some space" in lines[0], shown
    assert "internal error" not in shown and "Traceback" not in shown
    assert _temporaries(out) == [] and not (out / "art/pod").exists()


def test_a_pod_pdf_read_from_its_file_is_checked_without_holding_its_pictures(tmp_path):
    """pypdf keeps every object it parsed, and a picture's stream is read whole when its keys are: the check lets each
    picture go once read (pnp.targets.preflight.InkScan), so a PDF of photographic art is not held whole to be checked."""
    import os
    import tracemalloc

    from PIL import Image

    from pnp.render.pdf import new_canvas
    from pnp.render.pictures import Pictures
    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import POD

    c, buf = new_canvas((200, 200), "Helvetica", "Noise", "pictures")
    pictures = Pictures()
    for i in range(8):  # 8 pictures of noise, which Flate cannot squeeze: about 0.5 MB each in the PDF
        noise = Image.frombytes("RGB", (420, 420), os.urandom(420 * 420 * 3))
        pictures.draw(c, i, lambda noise=noise: noise, f"noise-{i}.png", (0, 0, 200, 200))
        c.showPage()
    c.save()
    path = tmp_path / "noise.pdf"
    path.write_bytes(buf.getvalue())
    import pypdf  # noqa: F401 (imported before memory is traced: the module's own tables are not the check's)

    tracemalloc.start()
    try:
        found = check_file(POD, str(path), "noise.pdf", Expect(page_mm=(200 / 72 * 25.4,) * 2, pages=tuple(range(8))))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert {f.code for f in found} >= {"vendor-colour"}  # RGB pictures: what the check is for, read from the file
    assert path.stat().st_size > 4 << 20 and peak < 2 << 20, f"checking a {path.stat().st_size >> 20} MiB PDF held {peak >> 20} MiB"


def test_an_exports_raster_pdfs_let_their_pictures_go(project, tmp_path, monkeypatch):
    """An export runs with the collector paused (pnp.core.collector.paused), and a canvas is a cycle of reportlab's
    objects: a raster PDF's canvas outlives it as garbage, and it holds none of its pictures' streams (a deck of
    photographic art kept 33 MB a PDF so until the export ended)."""
    import weakref

    from pnp.layout import rl
    from pnp.targets import rendering

    made: list = []
    held: list[int] = []
    new_canvas = rendering.new_canvas

    def watched(*args, **kwargs):
        held.append(sum(len(getattr(obj, "streamContent", b"") or b"") for ref in made if (c := ref()) is not None
                        for obj in rl.document(c).idToObject.values() if getattr(obj, "__class__", None).__name__ == "PDFImageXObject"))
        c, buf = new_canvas(*args, **kwargs)
        made.append(weakref.ref(c))
        return c, buf

    monkeypatch.setattr(rendering, "new_canvas", watched)
    _run(0, lambda: _export(project, tmp_path / "png", "--format", "png", "--dpi", "72"))
    assert len(held) > 3 and max(held) == 0, held  # each new PDF finds the earlier ones' canvases without a picture


def _rulebook(project: Path, root: Path) -> None:
    """The project with a rulebook of figures: two pictures of their own, one of them placed twice, and a card drawn
    from its face (its art is the cover's cards' too)."""
    import shutil

    shutil.copytree(project, root)
    (root / "data/art/figures").mkdir()
    for i in range(2):
        picture(10 + i, (120, 165)).save(root / f"data/art/figures/figure-{i}.png")
    figures = "".join(f"## Figure {i}\n\n![Picture {i}](data/art/figures/figure-{i % 2}.png \"50\")\n\n" for i in range(3))
    (root / "data/art/rulebook.md").write_text(f"# Art\n\n{figures}## A card\n\n![A card](card:art/card-02 \"40\")\n")


def test_a_rulebooks_figures_are_the_same_bytes_written_as_they_are_made(project, tmp_path):
    """A rulebook's pictures (its figures, a card's art) go to the spool as a card sheet's do, the PDF is written beside
    its output, and its bytes (and the digests the build kept) are those reportlab's own save gives: a rulebook of
    photographic figures was held whole, several times over, until it was written."""
    _rulebook(project, tmp_path / "project")

    def built(out: Path) -> dict[str, str]:
        report = run_build(Project(tmp_path / "project"), ["art"], Options(out=out, only=("rulebook",)), ["letter"], report=Report(), quiet=True, workers=1)
        assert not report.errors(), report.sorted()
        return {name: digest for name, digest in _files(out / "art").items() if name.endswith(".pdf")}

    whole, spooled = _run(rl_stream.SPOOL_MIN_BYTES, lambda: built(tmp_path / "whole"))
    assert spooled == [] and sorted(whole) == ["art-rulebook.pdf"]
    handed = []  # (spool, the picture's name) of each picture a pass handed to its spool
    add = rl_stream.Spool.add
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rl_stream.Spool, "add", lambda spool, c, name: (handed.append((spool, name)), add(spool, c, name)))
        streamed, spooled = _run(0, lambda: built(tmp_path / "streamed"))
    assert spooled == ["art-rulebook.pdf"]
    saved_pass = [name for spool, name in handed if spool is handed[-1][0]]
    assert len(set(saved_pass)) == 5 and len(saved_pass) == 6  # the cover's three cards' art, the two figures (one placed twice, embedded once)
    assert streamed == whole
    assert _temporaries(tmp_path / "streamed/art") == []


def test_a_build_with_an_error_leaves_no_pdf_it_wrote_as_it_was_made(tmp_path):
    """A game whose checks find an error writes nothing, and the PDFs it rendered to temporaries beside their places go
    too: `pnp watch` and `pnp serve` live on, and would leave one of their own in the output folder at each failed build."""
    art_project(tmp_path)
    with (tmp_path / "data/art/game.yaml").open("a", encoding="utf-8") as game:
        game.write("components:\n  - name: Art tokens\n    in: tokens.art\n    count: 5\n    source: the rules\n")
    result, saved = _run(0, lambda: run_pnp(tmp_path, "build", "art", "--only", "tokens"))
    assert result.exit_code == 1 and "art: 1 error" in result.output, result.output
    assert saved, "the token sheet was rendered as it was made"
    assert _temporaries(tmp_path / "output") == []
    assert not (tmp_path / "output/art/art-tokens.pdf").exists()


def test_a_disk_that_fills_while_a_rebuilt_card_sheet_is_written_leaves_the_last_one_as_it_was(built_project, monkeypatch, capsys):
    """A full disk met as the new card sheet's bytes go to the disk ends the command in one line (exit 1), and the card
    sheet of the last good build is still there byte for byte: nothing is written in an output's own place."""
    import os
    import signal
    import sys

    from pnp.cli import run

    out = built_project / "output/tiny"
    last = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    deck = built_project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("Steal 1 coin", "Steal 2 coins"))

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.setattr(sys, "argv", ["pnp", "--root", str(built_project), "build", "tiny", "--only", "cards"])
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # run() sets its own, as it does the Ctrl-C handler
    monkeypatch.setenv("PNP_JOBS", "1")
    ctrl_c = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as exited:
            run()
    finally:
        signal.signal(signal.SIGINT, ctrl_c)
    shown = capsys.readouterr().err
    assert exited.value.code == 1 and "no space left on device" in shown, shown
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == last
    assert _temporaries(out) == []
