"""`pnp watch` keeps, on its session, the face stores it writes, what inspecting each face found and what it worked out
from each face (pnp.core.memo.Keeps), and still prints and reports what a cold build does.

The face store a rebuild writes is read back from memory while its file is as
written, so an unchanged card's face is the same object from build to build,
and its inspection (art past the bleed, blurry pictures) is not done again.
These tests hold a warm session's rebuilds to a cold build's bytes, findings
and recorded face digests.
"""
from __future__ import annotations

import pytest
from conftest import pdfs, run_pnp

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.cache import GameCache
from pnp.pipeline.session import Session

DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture
def warm(project, settled):
    """A project and the session `pnp watch` makes for its rebuilds; every file counts as settled (conftest.settled)."""
    return project, Session(warm=True)


def build(root, out, session: Session | None = None) -> Report:
    """A build of the tiny game's cards (the faces the edits here change, and every face store a deck keeps), in `session`
    (a warm one, as `pnp watch` makes) or, with none, as a one-shot build."""
    report = run_build(Project(root), ["tiny"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True, workers=1, session=session)
    assert not report.errors(), report.sorted()
    return report


def edit(root, old: str, new: str) -> None:
    deck = root / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def without_notes(report: Report) -> list[str]:
    # a note is news of the build that computed it (a rebuild that reuses the sheets' layout gives it no more)
    return [str(f) for f in report.sorted() if f.severity != "note"]


def test_warm_rebuilds_print_and_report_what_a_cold_build_does(warm, tmp_path):
    root, session = warm
    out = tmp_path / "out"
    build(root, out, session)
    for old, new in (("Steal 1 coin", "Steal 2 coins"), ("Steal 2 coins", "Steal 3 coins"), ("name: Mage", "name: Magus")):
        edit(root, old, new)
        report = build(root, out, session)
        cold_out = tmp_path / f"cold-{new}"
        cold = build(root, cold_out)
        assert pdfs(out) == pdfs(cold_out), f"after '{new}'"
        assert without_notes(report) == without_notes(cold)
        warm_cache, cold_cache = (GameCache.load(o / ".pnp-cache/tiny.json") for o in (out, cold_out))
        assert warm_cache.faces == cold_cache.faces, "each card's face digests, as --changed compares them"


def test_a_face_store_changed_on_disk_is_read_from_disk(warm, tmp_path, cold_build):
    root, session = warm
    out = tmp_path / "out"
    build(root, out, session)
    store = out / ".pnp-cache/tiny.faces"
    store.write_bytes(store.read_bytes()[:-40])  # damaged on disk: not what this process wrote
    edit(root, "Steal 1 coin", "Steal 2 coins")
    build(root, out, session)
    assert pdfs(out) == pdfs(cold_build(root, "--only", "cards"))


def test_a_low_resolution_picture_is_reported_on_every_rebuild(warm, tmp_path):
    """A kept inspection gives its warning again, at the card's place, as the first one did."""
    from PIL import Image

    root, session = warm
    (root / "art").mkdir()
    Image.new("RGB", (20, 20), "#3060a0").save(root / "art/hero.png")
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    out = tmp_path / "out"
    first = [str(f) for f in build(root, out, session).sorted() if f.code == "image-low-dpi"]
    assert len(first) == 1 and "places=('heroes/knight front', 'heroes/att front', 'heroes/rogue front', 'heroes/mage front', 'heroes/twin front')" in first[0], \
        "one warning, on every hero's front that shows the picture"
    edit(root, "Steal 1 coin", "Steal 2 coins")
    again = [str(f) for f in build(root, out, session).sorted() if f.code == "image-low-dpi"]
    assert again == first, "faces that show art are drawn every time (the face store keeps none) and inspected again"


def test_readability_findings_of_a_warm_rebuild_are_a_cold_builds(warm, tmp_path):
    """What the readability check worked out from each face is kept by the face's drawing between rebuilds; a sliver and a
    faint text are still reported at their template lines after an edit elsewhere, and gone once mended, as cold."""
    from conftest import apply_edits
    from test_slivers import EDGE_HEADER, INSET_HEADER

    root, session = warm
    apply_edits(root, [{"file": "templates/tiny/frame.j2", "replace": [INSET_HEADER, EDGE_HEADER]},
                       {"file": "templates/tiny/hero.j2", "replace": ['bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")']}])
    out = tmp_path / "out"
    first = without_notes(build(root, out, session))
    assert any("code='sliver'" in line and "frame.j2', line=3," in line for line in first), first
    assert any("hero.j2'" in line and "contrast 1.11:1" in line for line in first), first
    edit(root, "Steal 1 coin", "Steal 2 coins")
    assert without_notes(build(root, out, session)) == without_notes(build(root, tmp_path / "cold1")) == first
    apply_edits(root, [{"file": "templates/tiny/frame.j2", "replace": [EDGE_HEADER, INSET_HEADER]}])
    mended = without_notes(build(root, out, session))
    assert mended == without_notes(build(root, tmp_path / "cold2"))
    assert not any("code='sliver'" in line for line in mended) and any("contrast 1.11:1" in line for line in mended), mended


LONG_TEXT = "Look again at the top card of the deck and keep it. " * 12  # more than a hero's text box holds at 10 pt, not at 6


def test_a_card_whose_text_shrinks_is_warned_of_again_when_another_card_of_its_deck_is_edited(project):
    """A face that gave a warning is drawn again on every build of its deck, never taken from the face store, so its
    warning (at its deck file's line) shows on every rebuild, not the first alone."""
    edit(project, "Look at the top three cards of the deck, keep one and put the others back in any order.", LONG_TEXT.strip())
    warned = []
    for old, new in ((None, None), ("Steal 1 coin", "Steal 2 coins")):
        if old:
            edit(project, old, new)
        result = run_pnp(project, "build", "--only", "cards", "tiny")
        assert result.exit_code == 0, result.output
        warned.append([line for line in result.output.splitlines() if "warning: card.text: text shrinks" in line])
    assert len(warned[0]) == 1 and warned[0][0].startswith("data/tiny/decks/heroes.yaml:10:") and warned[0][0].endswith("[heroes/mage front]"), warned
    assert warned[1] == warned[0], "the mage's shrunk text is said again after the rogue's edit rebuilt the deck's sheets"


def test_a_card_whose_art_is_saved_over_with_a_wider_picture_prints_it_in_its_own_proportions(project):
    """A face that shows a picture is drawn again on every build (the face store keeps none): a square picture saved over
    with one twice as wide is fitted whole into its 20 × 20 mm box on the next build, 20 mm wide and 10 mm high, not
    stretched to the old picture's square."""
    import pdfplumber
    from PIL import Image

    (project / "art").mkdir()
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    placed = []
    for pixels in ((300, 300), (600, 300)):  # sharp enough over 20 mm to give no warning
        Image.new("RGB", pixels, "#3060a0").save(project / "art/hero.png")
        result = run_pnp(project, "build", "--only", "cards", "tiny")
        assert result.exit_code == 0, result.output
        with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
            placed.append({(tuple(image["srcsize"]), round(image["width"] * 25.4 / 72, 1), round(image["height"] * 25.4 / 72, 1))
                           for page in pdf.pages for image in page.images})
    assert placed[0] == {((300, 300), 20.0, 20.0)}, placed
    assert placed[1] == {((600, 300), 20.0, 10.0)}, "the wider picture, as wide as its box and half as high"
