"""The streamed PDF writer's edges, in process (issue #76 item 1: pnp/layout/rl_stream.py's mutants).

test_pdf_stream.py holds the streamed writer to reportlab's bytes on pictures past a one-byte threshold. These hold
what decides the way a PDF is written and what a write leaves: a document exactly at the threshold stays in memory,
one byte past it goes to the file; a picture counted twice is counted once; a folder that cannot be written keeps
the pictures in memory; a stream copied in small pieces is the same bytes; a failed write leaves no temporary; the
counting `Tally` counts as the spool does and lets its pictures go; an encrypted PDF is refused rather than written
wrong. The expected bytes are always reportlab's own save of the same drawing.
"""
from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas
from test_art_memory import picture

from pnp.core.spooled import PdfFile
from pnp.layout import rl, rl_stream
from pnp.render.pdf import new_canvas


def _drawn(spool_to: Path | None = None, threshold: float | None = None, twice: bool = False, alpha: bool = False):
    """Two pages, a picture on each (the same picture again on the second when `twice`), as pnp's canvases draw them:
    the canvas, its buffer and the names the pictures were embedded under."""
    c, buf = new_canvas((200, 200), "Helvetica", "Edges", "pictures", spool_to=spool_to)
    if threshold is not None:
        getattr(c, rl_stream.SPOOL).threshold = threshold
    names = []
    for page in range(2):
        image = picture(1 if twice else page + 1, (40, 30))
        c.drawImage(_reader(image, alpha), 10, 10, 40, 30, mask="auto")
        names.append(rl.placed_image(c))
        rl_stream.spool_picture(c, names[-1])
        c.drawString(10, 100, f"page {page + 1}")
        c.showPage()
    return c, buf, names


def _open_in(folder: Path) -> list[str]:
    """The files this process holds open in `folder`, as Linux names them (an unnamed file: its folder and
    '(deleted)'); [] where the system names no open file."""
    fds = Path("/proc/self/fd")
    found = []
    for fd in fds.iterdir() if fds.is_dir() else ():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(str(folder) + "/"):
            found.append(target)
    return found


def _reader(image, alpha: bool):
    from reportlab.lib.utils import ImageReader

    return ImageReader(image.convert("RGBA") if alpha else image)


def _whole(**kw) -> bytes:
    c, buf, _ = _drawn(**kw)
    return rl_stream.finished(c, buf)


def _held(**kw) -> int:
    """What the drawing's pictures' compressed streams come to, counted by a Tally standing where a spool stands."""
    c, buf = new_canvas((200, 200), "Helvetica", "Edges", "pictures")
    tally = rl_stream.Tally()
    setattr(c, rl_stream.SPOOL, tally)
    for page in range(2):
        image = picture(1 if kw.get("twice") else page + 1, (40, 30))
        c.drawImage(_reader(image, kw.get("alpha", False)), 10, 10, 40, 30, mask="auto")
        rl_stream.spool_picture(c, rl.placed_image(c))
        c.showPage()
    assert rl_stream.finished(c, buf)[:5] == b"%PDF-" and not tally.used
    return tally.held


def test_a_document_at_the_threshold_stays_in_memory_and_one_byte_past_it_is_written_to_its_file(tmp_path):
    whole = _whole()
    held = _held()
    assert held > 0
    kept = _whole(spool_to=tmp_path / "a.pdf", threshold=held)
    assert kept == whole and list(tmp_path.iterdir()) == [], "at the threshold: reportlab's save, no file made"
    streamed = _whole(spool_to=tmp_path / "b.pdf", threshold=held - 1)
    assert isinstance(streamed, PdfFile) and Path(streamed.path).read_bytes() == whole
    assert (streamed.size, streamed.sha256) == (len(whole), hashlib.sha256(whole).hexdigest())
    assert [p.name for p in tmp_path.iterdir()] == [Path(streamed.path).name], "the picture streams' file is gone once written"


def test_a_picture_and_its_soft_mask_are_counted_once_however_often_it_is_handed_over(tmp_path):
    once, twice = _held(), _held(twice=True)
    assert twice < once, "the same picture on both pages is embedded and counted once"
    assert _held(alpha=True) > once, "a picture's alpha is a soft mask beside it, counted with it"
    c, buf, names = _drawn(spool_to=tmp_path / "c.pdf", threshold=twice, twice=True)
    spool = getattr(c, rl_stream.SPOOL)
    spool.add(c, names[0])  # handed over again: still counted once, so still at the threshold
    assert not spool.used and isinstance(rl_stream.finished(c, buf), bytes)
    whole = _whole(alpha=True)
    streamed = _whole(spool_to=tmp_path / "d.pdf", threshold=1, alpha=True)
    assert Path(streamed.path).read_bytes() == whole and whole.count(b"/SMask") == 2


def test_a_threshold_of_0_writes_any_pdf_to_its_file_and_a_picture_less_one_too(tmp_path):
    c, buf = new_canvas((200, 200), "Helvetica", "Words", "words", spool_to=tmp_path / "w.pdf")
    getattr(c, rl_stream.SPOOL).threshold = 0
    c.drawString(10, 10, "no pictures")
    c.showPage()
    written = rl_stream.finished(c, buf)
    plain, plain_buf = new_canvas((200, 200), "Helvetica", "Words", "words")
    plain.drawString(10, 10, "no pictures")
    plain.showPage()
    assert isinstance(written, PdfFile) and Path(written.path).read_bytes() == rl_stream.finished(plain, plain_buf)


def test_a_folder_that_cannot_be_written_keeps_the_pictures_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the output's folder would be", encoding="utf-8")
    c, buf, _ = _drawn(spool_to=blocker / "cards.pdf", threshold=1)
    spool = getattr(c, rl_stream.SPOOL)
    assert not spool.used and spool.threshold == float("inf")
    assert rl_stream.finished(c, buf) == _whole()


@pytest.mark.parametrize("piece", [1, 7])
def test_a_stream_copied_a_few_bytes_at_a_time_is_the_same_pdf(tmp_path, monkeypatch, piece):
    monkeypatch.setattr(rl_stream, "_PIECE", piece)
    streamed = _whole(spool_to=tmp_path / "e.pdf", threshold=1)
    assert Path(streamed.path).read_bytes() == _whole()


def test_a_write_that_fails_leaves_no_temporary_and_closes_the_spool(tmp_path, monkeypatch):
    c, _buf, _ = _drawn(spool_to=tmp_path / "f.pdf", threshold=1)
    spool = getattr(c, rl_stream.SPOOL)

    def full(*_):
        raise OSError(28, "No space left on device")
    assert _open_in(tmp_path) or not Path("/proc/self/fd").is_dir(), "the pictures wait in an open file in the output's folder"
    monkeypatch.setattr(rl, "save_objects", full)
    with pytest.raises(OSError):
        spool.save(c)
    assert list(tmp_path.iterdir()) == [] and _open_in(tmp_path) == [], "nothing left on disk, nothing held open"


def test_a_tally_counts_a_picture_and_its_soft_mask_and_lets_them_go():
    c, _buf = new_canvas((200, 200), "Helvetica", "Edges", "pictures")
    tally = rl_stream.Tally()
    setattr(c, rl_stream.SPOOL, tally)
    c.drawImage(_reader(picture(1, (40, 30)), True), 10, 10, 40, 30, mask="auto")
    rl_stream.spool_picture(c, rl.placed_image(c))
    streams = rl.picture_streams(c, rl.placed_image(c))
    assert len(streams) == 2 and tally.held == sum(len(s.streamContent) for s in streams) > 0
    tally.release()
    assert [s.streamContent for s in streams] == [b"", b""] and tally.held > 0
    assert tally.used is False and tally.close() is None


@pytest.mark.parametrize("how", ["encrypted", "signed"])
def test_an_encrypted_or_signed_pdf_is_not_streamed(how, tmp_path):
    """Saved through the spool, an encrypted or signed canvas is refused, and no temporary is left beside its target."""
    c = Canvas(io.BytesIO(), pagesize=(100, 100), encrypt="secret" if how == "encrypted" else None)
    if how == "signed":
        rl.document(c)._digiSigs = [object()]  # what reportlab's signing leaves on the document (reportlab's name, not pnp's)
    c.drawString(10, 10, "sealed")
    c.showPage()
    with pytest.raises(ValueError, match="encrypted or signed"):
        rl_stream.Spool(tmp_path / "sealed.pdf", 0).save(c)
    assert list(tmp_path.iterdir()) == []


def test_a_pdf_with_reportlabs_object_comments_is_streamed_with_them(tmp_path, monkeypatch):
    """reportlab writes a comment before each object when it is not invariant and asked for them; so does this writer."""
    monkeypatch.setattr(rl_config, "invariant", 0)
    monkeypatch.setattr(rl_config, "pdfComments", 1)
    whole = _whole()
    assert b"% 'BasicFonts': class PDFDictionary \n" in whole
    assert Path(_whole(spool_to=tmp_path / "i.pdf", threshold=1).path).read_bytes() == whole


def test_a_canvas_of_reportlabs_own_is_saved_by_reportlab_and_a_spool_takes_the_threshold_it_is_given(tmp_path):
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100))
    rl_stream.spool_picture(c, "nothing")  # no spool: nothing to hand over
    c.drawString(10, 10, "plain")
    c.showPage()
    assert rl_stream.finished(c, buf)[:5] == b"%PDF-"
    assert (rl_stream.Spool(tmp_path / "j.pdf", 0).used, rl_stream.Spool(tmp_path / "j.pdf", 5).threshold) == (True, 5)
    assert rl_stream.Spool(tmp_path / "j.pdf").threshold == rl_stream.SPOOL_MIN_BYTES and not rl_stream.Spool(tmp_path / "j.pdf").used


def test_after_the_spool_moves_its_pictures_it_counts_again_from_nothing(tmp_path):
    """Past the threshold the pictures held go to the file; the next one is counted from 0, and waits in memory until
    it too passes the threshold."""
    c, buf = new_canvas((200, 200), "Helvetica", "Edges", "pictures", spool_to=tmp_path / "k.pdf")
    spool = getattr(c, rl_stream.SPOOL)
    spool.threshold = 1
    doc = rl.document(c)
    streams = []
    for n in (1, 2):
        c.drawImage(_reader(picture(n, (40, 30)), False), 10, 10, 40, 30)
        name = rl.placed_image(c)
        streams.append((name, doc.idToObject[doc.getXObjectName(name)]))
    spool.add(c, streams[0][0])
    second = streams[1][1]
    spool.threshold = len(second.streamContent)
    spool.add(c, streams[1][0])
    assert not isinstance(streams[0][1].streamContent, bytes), "the first went to the file: no longer held in memory"
    assert isinstance(second.streamContent, bytes), "the second, exactly at the threshold counted from 0, waits"
    c.showPage()
    assert Path(rl_stream.finished(c, buf).path).read_bytes()[:5] == b"%PDF-"


def test_the_picture_streams_wait_in_an_unnamed_file_in_the_outputs_folder_and_read_back_whole_outside_the_writer(tmp_path):
    c, buf, names = _drawn(spool_to=tmp_path / "h.pdf", threshold=1)
    spool = getattr(c, rl_stream.SPOOL)
    assert list(tmp_path.iterdir()) == []  # no name left in the output's folder...
    assert len(_open_in(tmp_path)) == 1 or not Path("/proc/self/fd").is_dir()  # ...but a file open there (Linux names its place)
    doc = rl.document(c)
    first, stream = (doc.idToObject[doc.getXObjectName(name)].streamContent for name in names)
    assert rl.picture_streams(c, names[1]) == [], "a moved stream is no longer the document's to hand over"
    assert not isinstance(stream, bytes) and not isinstance(first, bytes), "both moved out of memory"
    assert first.offset + first.length <= stream.offset, "one after the other in the file"
    for one in (first, stream):
        moved = spool.read(one.offset, one.length)
        assert len(moved) == len(one) == one.length > 0
        assert one.format(rl.document(c)) == moved, "formatted outside the streamed writer: its bytes, read back from the file"
    assert spool.read(0, stream.offset + stream.length).endswith(moved)
    assert Path(rl_stream.finished(c, buf).path).read_bytes() == _whole()


@pytest.mark.parametrize("give_up", [rl_stream.abandon, rl_stream.discard])
def test_a_canvas_given_up_unsaved_holds_no_file_open_and_leaves_none(tmp_path, give_up):
    """A sheet abandoned by a failed build, or a Platypus pass that only lays the pages out: its pictures' file is
    closed and, unnamed, gone."""
    c, _buf, _ = _drawn(spool_to=tmp_path / "given-up.pdf", threshold=1)
    assert len(_open_in(tmp_path)) == 1 or not Path("/proc/self/fd").is_dir()
    give_up(c)
    assert _open_in(tmp_path) == [] and list(tmp_path.iterdir()) == []
    plain, _ = new_canvas((200, 200), "Helvetica", "Edges", "pictures")
    give_up(plain)  # a canvas with no spool: nothing to close
    give_up(Canvas(io.BytesIO(), pagesize=(100, 100)))  # nor one of reportlab's own, which has no place for one


def test_a_discarded_pass_lets_go_of_the_pictures_it_held():
    c, _buf, names = _drawn()  # no spool: the pictures stay in the document
    streams = [s for name in names for s in rl.picture_streams(c, name)]
    assert streams and all(len(s.streamContent) > 0 for s in streams)
    rl_stream.discard(c)
    assert [s.streamContent for s in streams] == [b""] * len(streams)


def _saved_by_platypus(spool_to: Path | None, threshold: float):
    """The drawing of `_drawn` on a canvas whose `save` someone else calls, as Platypus saves a rulebook."""
    c, buf, _ = _drawn(spool_to=spool_to, threshold=threshold if spool_to is not None else None)
    c.__class__ = type("RulebookCanvas", (rl_stream.SavedThroughSpool, type(c)), {})
    assert c.save() is None
    return c, buf


def test_a_canvas_saved_by_someone_else_is_written_through_its_spool_once_its_pictures_went_there(tmp_path):
    whole = _whole()
    c, buf = _saved_by_platypus(tmp_path / "book.pdf", threshold=1)
    assert isinstance(c.pnp_written, PdfFile) and Path(c.pnp_written.path).read_bytes() == whole and buf.getvalue() == b""
    kept, buf = _saved_by_platypus(tmp_path / "kept.pdf", threshold=float("inf"))  # its pictures stayed in memory
    assert kept.pnp_written is None and buf.getvalue() == whole
    assert [p.name for p in tmp_path.iterdir()] == [Path(c.pnp_written.path).name] and _open_in(tmp_path) == []
    plain, buf = _saved_by_platypus(None, 0)
    assert plain.pnp_written is None and buf.getvalue() == whole
