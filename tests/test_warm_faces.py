"""`pnp watch` keeps the face stores it writes and what inspecting each face found, and still prints what a cold build prints.

The face store a rebuild writes is read back from memory while its file is as
written, so an unchanged card's face is the same object from build to build,
and its inspection (art past the bleed, blurry pictures) is not done again.
"""
from __future__ import annotations

import pytest
from conftest import cold_pdfs, pdfs

import pnp.core.files as files
import pnp.outputs.cards as cards
import pnp.pipeline.cache as cache
import pnp.pipeline.schedule as schedule
from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.session import Session

DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture
def warm(project, monkeypatch):
    """A process as `pnp watch` leaves it for its rebuilds, with every face store read from disk and every face inspected listed."""
    monkeypatch.setattr(files, "SETTLE_NS", 0)
    monkeypatch.setattr(files, "DIGESTS", files.FileDigests())
    session = Session(warm=True)  # this process as `pnp watch` makes it
    monkeypatch.setattr(schedule, "Session", lambda: session)
    monkeypatch.setattr(cache, "_WRITTEN_STORES", {})
    monkeypatch.setattr(cards, "_INSPECTED", {})
    unpickled, inspected = [], []
    real_written = cache.FaceStore._as_written

    def as_written(store):
        kept = real_written(store)
        if kept is None:
            unpickled.append(store.path.name)
        return kept

    monkeypatch.setattr(cache.FaceStore, "_as_written", as_written)
    real_findings = cards.render_findings
    monkeypatch.setattr(cards, "render_findings", lambda face, what, *a: inspected.append((what, face)) or real_findings(face, what, *a))
    return project, unpickled, inspected


def kept_faces(monkeypatch) -> list:
    """The faces the face store gives from now on (those of cards whose inputs did not change, and no art or warning)."""
    given = []
    real_get = cache.FaceStore.get
    monkeypatch.setattr(cache.FaceStore, "get", lambda store, key, reads=None: given.append(face) or face if (face := real_get(store, key, reads)) else face)
    return given


def build(root, out) -> Report:
    report = run_build(Project(root), ["tiny"], Options(out=out), ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors(), report.sorted()
    assert schedule.Session().writes.flush() == []  # as `pnp watch` does once it has shown the rebuild
    return report


def edit(root, old: str, new: str) -> None:
    deck = root / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_rebuild_reads_the_face_store_it_wrote_from_memory_and_inspects_only_new_faces(warm, tmp_path, monkeypatch):
    root, unpickled, inspected = warm
    out = tmp_path / "out"
    build(root, out)
    edit(root, "Steal 1 coin", "Steal 2 coins")
    build(root, out)  # the store kept the faces other outputs drew of the same cards (the rulebook's): from here on, one object a face
    edit(root, "Steal 2 coins", "Steal 3 coins")
    unpickled.clear()
    inspected.clear()
    given = kept_faces(monkeypatch)
    report = build(root, out)
    assert unpickled == [], "the store on disk is the one this process wrote"
    assert len(given) >= 5, "unchanged cards' faces come from the store"
    assert not [what for what, face in inspected if any(face is kept for kept in given)], "a face kept from the last build was inspected then"
    assert "heroes/rogue" in [what for what, _ in inspected], "the rogue's front is new"
    assert pdfs(out) == cold_pdfs(root, tmp_path / "cold")
    cold = run_build(Project(root), ["tiny"], Options(out=tmp_path / "cold"), ["letter"], report=Report(), quiet=True, workers=1)
    # a note is news of the build that computed it (a rebuild that reuses the sheets' layout gives it no more)
    assert [str(f) for f in report.sorted() if f.severity != "note"] == [str(f) for f in cold.sorted() if f.severity != "note"]


def test_a_face_store_changed_on_disk_is_read_from_disk(warm, tmp_path):
    root, unpickled, _ = warm
    out = tmp_path / "out"
    build(root, out)
    store = out / ".pnp-cache/tiny.faces"
    store.write_bytes(store.read_bytes())  # the same bytes, another file status: not what this process wrote
    edit(root, "Steal 1 coin", "Steal 2 coins")
    unpickled.clear()
    build(root, out)
    assert unpickled, "read again from the file"
    assert pdfs(out) == cold_pdfs(root, tmp_path / "cold")


def test_a_low_resolution_picture_is_reported_on_every_rebuild(warm, tmp_path):
    """A kept inspection gives its warning again, at the card's place, as the first one did."""
    from PIL import Image

    root, _, _ = warm
    (root / "art").mkdir()
    Image.new("RGB", (20, 20), "#3060a0").save(root / "art/hero.png")
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    out = tmp_path / "out"
    first = [str(f) for f in build(root, out).sorted() if f.code == "image-low-dpi"]
    assert len(first) == 5, "every hero's front shows the picture"
    edit(root, "Steal 1 coin", "Steal 2 coins")
    again = [str(f) for f in build(root, out).sorted() if f.code == "image-low-dpi"]
    assert again == first, "faces that show art are drawn every time (the face store keeps none) and inspected again"


def test_a_rebuild_hashes_only_the_faces_it_did_not_hash_before_and_records_what_a_cold_build_records(warm, tmp_path, monkeypatch):
    """The faces' digests name what each card prints (--changed compares them) and key each page's ink: kept by face
    object between rebuilds (pnp.core.memo.keep_by_identity), they are worked out for new faces alone."""
    import pnp.core.memo as memo
    import pnp.layout.elements as elements

    root, _, _ = warm
    monkeypatch.setattr(memo, "_KEPT", None)
    memo.keep_by_identity()
    recorded = []
    real_build = cards.build_cards
    monkeypatch.setattr(cards, "build_cards", lambda *a, **k: recorded.append(dict((result := real_build(*a, **k))[0][0][2])) or result)
    out = tmp_path / "out"
    build(root, out)
    edit(root, "Steal 1 coin", "Steal 2 coins")
    build(root, out)
    edit(root, "Steal 2 coins", "Steal 3 coins")
    hashed = []
    real_digest = elements.face_digest
    monkeypatch.setattr(elements, "face_digest", lambda face: hashed.append(face) or real_digest(face))
    given = kept_faces(monkeypatch)
    recorded.clear()
    build(root, out)
    assert given and not [face for face in hashed if any(face is kept for kept in given)], "a face kept from the last build was hashed again"
    assert hashed, "the rogue's new front is hashed"
    warm_stats = recorded[-1]
    monkeypatch.setattr(memo, "_KEPT", None)
    run_build(Project(root), ["tiny"], Options(out=tmp_path / "cold"), ["letter"], report=Report(), quiet=True, workers=1)
    cold_stats = recorded[-1]
    assert warm_stats["faces"] == cold_stats["faces"] and warm_stats["page_keys"] == cold_stats["page_keys"]
