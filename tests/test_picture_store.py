"""A browser table's pictures (pnp.targets.packaging.PictureStore) go to an unnamed file in the export's staging folder
as each is made, and the .pcio or .vtt zip is written from it a piece at a time (zip_file): each member is the bytes
stored, a picture stored as it is (already compressed) and the rest deflated, the zip is what the same members give
held in memory (zip_bytes), its size and digest are the file's, and a write that fails leaves no temporary."""
from __future__ import annotations

import hashlib
import io
import os
import zipfile
from pathlib import Path

import pytest

from pnp.targets import packaging
from pnp.targets.export_vtt import asset_id

PICTURES = [os.urandom(40) + b"front", b"back", os.urandom(23)]  # pictures of lengths around the pieces' size


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A store in its own staging folder, copying 16 bytes a piece so that each picture takes several."""
    monkeypatch.setattr(packaging, "PIECE", 16)
    folder = tmp_path / "staging"
    folder.mkdir()
    with packaging.PictureStore(folder) as kept:
        yield kept, folder
    assert list(folder.iterdir()) == [], "the store is no file anyone sees, and gone once closed"


def test_each_stored_picture_reads_back_its_own_bytes_even_after_another_was_read(store):
    kept, folder = store
    stored = [kept.add(data) for data in PICTURES[:2]]
    assert stored[0].read() == PICTURES[0]  # read before the next is stored: that goes after the last, not where reading stopped
    stored.append(kept.add(PICTURES[2]))
    assert [s.read() for s in stored] == PICTURES
    assert [len(s) for s in stored] == [len(p) for p in PICTURES]
    assert list(folder.iterdir()) == []


def test_a_stored_pictures_vtt_asset_is_named_as_its_bytes_are(store):
    kept, _ = store
    for data in PICTURES:
        assert asset_id(kept.add(data)) == asset_id(data)


def test_a_zip_written_from_the_store_is_the_zip_of_its_members_bytes(store, tmp_path):
    kept, _ = store
    members = [("0.json", b'{"widgets": 3}' * 4), *((f"assets/p{i}.png", kept.add(data)) for i, data in enumerate(PICTURES))]
    target = tmp_path / "game.vtt"
    written = packaging.zip_file(target, members)
    data = Path(written.path).read_bytes()
    os.unlink(written.path)
    plain = [(name, value if isinstance(value, bytes) else value.read()) for name, value in members]
    assert data == packaging.zip_bytes(plain)
    assert (written.size, written.sha256) == (len(data), hashlib.sha256(data).hexdigest())
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert [(i.filename, zf.read(i)) for i in zf.infolist()] == plain
        assert [i.compress_type for i in zf.infolist()] == [zipfile.ZIP_DEFLATED] + [zipfile.ZIP_STORED] * len(PICTURES)


def test_a_zip_whose_picture_cannot_be_read_whole_fails_and_leaves_no_temporary(store, tmp_path):
    kept, _ = store
    short = kept.add(b"12345")
    cut = packaging.Stored(kept, short.offset, short.length + 40, short.crc)  # past the store's end: a store cut short
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(OSError, match="ended 40 bytes early"):
        packaging.zip_file(out / "game.pcio", [("assets/a.png", cut)])
    assert list(out.iterdir()) == []
