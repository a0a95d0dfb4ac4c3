"""The files an output opens, as its recordings see them (pnp.core.files_read.FilesRead): every recording open when a file is
reported holds it, however often it was reported before and whatever was opened or closed since (a deck's texts report
their fonts on every face, and a report already in every open recording is passed over: issue 77 item 2)."""
from __future__ import annotations

from pathlib import Path

import pikepdf
from conftest import run_pnp
from PIL import Image

from pnp.core.files_read import FilesRead


def test_each_open_recording_holds_each_file_reported_while_it_was_open():
    read = FilesRead()
    font, art = Path("fonts/a.ttf"), "art/b.png"
    read.add(font)  # no recording open: kept nowhere
    with read.recording() as outer:
        read.add(font)
        with read.recording() as face:
            read.add(font)  # reported before, but not while this one was open
            read.add(art)
            read.add(font)
        with read.recording() as next_face:
            read.add(font)
        read.add(art)
    with read.recording() as later:
        read.add(font)
    assert outer == {font, Path(art)}
    assert face == {font, Path(art)}
    assert next_face == {font}
    assert later == {font}


def test_a_file_reported_only_inside_a_nested_recording_is_in_the_outer_one_too():
    """An output records the files it reads while each of its faces records its own (a face kept by its art): art a face
    alone draws is the output's too, or the output would not be drawn again when that art changes."""
    read = FilesRead()
    with read.recording() as output:
        with read.recording() as face:
            read.add("art/knight.png")
        with read.recording() as other_face:
            read.add(Path("fonts/a.ttf"))
    assert face == {Path("art/knight.png")} and other_face == {Path("fonts/a.ttf")}
    assert output == {Path("art/knight.png"), Path("fonts/a.ttf")}


def _pictures_colours(pdf: Path) -> set[tuple[int, int, int]]:
    """The colour at the middle of every picture `pdf` holds."""
    with pikepdf.open(pdf) as doc:
        pictures = [pikepdf.PdfImage(obj).as_pil_image().convert("RGB") for obj in doc.objects
                    if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
    return {picture.getpixel((picture.width // 2, picture.height // 2)) for picture in pictures}


def test_a_cards_art_painted_over_prints_its_new_colours_in_the_next_build(project):
    """The card sheets are kept from build to build by the files their faces read: a badge every hero draws, painted
    from red to blue between two builds, prints blue in the second, as a cold build would print it."""
    badge = project / "art/badge.png"
    badge.parent.mkdir()
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ image("art/badge.png", 40, 60, 10, 10) }}\n{% endblock %}'),
                    encoding="utf-8")
    pdf = project / "output/tiny/tiny-cards.pdf"
    for colour in ((200, 0, 0), (0, 0, 200)):
        Image.new("RGB", (40, 40), colour).save(badge)
        result = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
        assert result.exit_code == 0, result.output + result.stderr
        assert _pictures_colours(pdf) == {colour}
