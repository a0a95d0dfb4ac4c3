"""A browser table's pictures (pnp.targets.packaging.PictureStore) go to an unnamed file in the export's staging folder
as each is made, and the .pcio or .vtt zip is written from it a piece at a time (zip_file): each member is the bytes
stored, a picture stored as it is (already compressed) and the rest deflated, the zip is what the same members give
held in memory (zip_bytes), its size and digest are the file's, and a write that fails leaves no temporary."""
from __future__ import annotations

import hashlib
import io
import os
import zipfile
import zlib
from pathlib import Path

import pytest

from pnp.targets import packaging
from pnp.targets.export_vtt import asset_id

PICTURES = [os.urandom(40) + b"front", b"back", os.urandom(33)]  # pictures of lengths around the pieces' size (33: two and a byte)
# a room's state as a .vtt holds it: words repeated at odd distances, which zlib's levels pack differently
STATE = b"".join(b'{"id": "card-%d", "x": %d, "y": %d, "faces": ["front-%x", "back"]},\n' % (i, i * 37 % 1600, i * 11 % 1000, i * i) for i in range(300))


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
    members = [("0.json", STATE), *((f"assets/p{i}.png", kept.add(data)) for i, data in enumerate(PICTURES))]
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
        assert {(i.date_time, i.external_attr >> 16) for i in zf.infolist()} == {((1980, 1, 1, 0, 0, 0), 0o644)}, "no time, rw-r--r--"
        packed = zlib.compressobj(6, zlib.DEFLATED, -15)
        assert zf.getinfo("0.json").compress_size == len(packed.compress(STATE) + packed.flush()), "deflated at zlib's level 6"


def test_a_picture_is_named_by_its_bytes():
    """A table (Tabletop Simulator, a browser) caches an image by its name: the name changes when, and only when, its
    bytes do (the first 10 hex digits of their sha256)."""
    front = PICTURES[0]
    assert packaging.digest_name("hero", front) == f"hero-{hashlib.sha256(front).hexdigest()[:10]}.png"
    assert packaging.digest_name("hero", bytes(front)) == packaging.digest_name("hero", front)
    assert packaging.digest_name("hero", front[:-1]) != packaging.digest_name("hero", front)
    assert packaging.digest_name("die", b"6", ".jpg").endswith(".jpg")


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="where an open file lies is read from /proc")
def test_the_store_is_a_file_in_the_exports_staging_folder_not_in_memory_nor_the_systems_temporaries(store):
    """The pictures may be hundreds of megabytes: they go to the disk the export writes to (a system's /tmp may be memory)."""
    kept, folder = store
    kept.add(PICTURES[0])
    held = _open_in(folder)  # Linux names each file a process holds open: an unnamed one by its folder and "(deleted)"
    assert len(held) == 1 and Path(held[0]).parent == folder and held[0].endswith("(deleted)"), held
    assert list(folder.iterdir()) == []  # no name left in the folder


def _open_in(folder: Path) -> list[str]:
    """The files this process holds open in `folder`, as /proc/self/fd names them."""
    found = []
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(f"{folder}/"):
            found.append(target)
    return found


def test_a_zip_whose_picture_cannot_be_read_whole_fails_and_leaves_no_temporary(store, tmp_path):
    kept, _ = store
    short = kept.add(b"12345")
    cut = packaging.Stored(kept, short.offset, short.length + 40, short.crc)  # past the store's end: a store cut short
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(OSError, match="ended 40 bytes early"):
        packaging.zip_file(out / "game.pcio", [("assets/a.png", cut)])
    assert list(out.iterdir()) == []
