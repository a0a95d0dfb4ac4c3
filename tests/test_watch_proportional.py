"""A `pnp watch` save does work in proportion to what it changed: what it read and checked of a file that did not
change is not read and checked again (counted, not timed)."""
from __future__ import annotations

import os

import pnp.data.svgfiles as svgfiles
from pnp.layout.icons import IconLibrary

STAR = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L10 10"/></svg>'
LINKED = b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><image xlink:href="dot.png" width="1" height="1"/></svg>'


def _checks(monkeypatch) -> list[str]:
    seen: list[str] = []
    check = svgfiles.check_svg
    monkeypatch.setattr(svgfiles, "check_svg", lambda svg, shown, *rest: (seen.append(shown), check(svg, shown, *rest))[1])
    return seen


def _icon_folder(tmp_path, monkeypatch, name: str, data: bytes):
    """A folder of one icon file, in a process that has checked no icon yet: (the folder, the icons checked as they are)."""
    monkeypatch.setattr(svgfiles, "_PASSED", svgfiles.KnownByStatus())
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / name).write_bytes(data)
    return icons, _checks(monkeypatch)


def test_an_icon_is_checked_again_only_when_its_file_changed(tmp_path, monkeypatch, settled):
    """Each build (each save of `pnp watch`) makes a new IconLibrary; the icon's file is checked once while it stays as it
    was, and again, with its new bytes drawn, once it is saved."""
    icons, seen = _icon_folder(tmp_path, monkeypatch, "star.svg", STAR)
    for _ in range(3):
        assert IconLibrary([icons], root=tmp_path).source("star")[0] == STAR
    assert seen == ["icons/star.svg"]
    edited = STAR.replace(b"L10 10", b"L10 0")
    (icons / "star.svg").write_bytes(edited)
    os.utime(icons / "star.svg", ns=(1, 1))  # the same size: the times and status time tell the save
    assert IconLibrary([icons], root=tmp_path).source("star")[0] == edited
    assert seen == ["icons/star.svg"] * 2


def test_an_icon_that_links_to_another_file_is_checked_every_time(tmp_path, monkeypatch, settled):
    """What it links to may change while the icon's own file does not."""
    icons, seen = _icon_folder(tmp_path, monkeypatch, "linked.svg", LINKED)
    for _ in range(2):
        IconLibrary([icons], root=tmp_path).source("linked")
    assert seen == ["icons/linked.svg"] * 2


def test_a_save_draws_only_the_faces_of_the_card_it_changed(project, tmp_path, monkeypatch, settled):
    """A warm session (what `pnp watch` keeps) rebuilding after one card's text changed draws that card's face alone: the
    other cards' faces, and the backs the edit leaves as they were, come from what the session kept."""
    from pnp.cli import run_build
    from pnp.core.errors import Report
    from pnp.data.project import Project
    from pnp.layout.templates import Layouts
    from pnp.outputs.options import Options
    from pnp.pipeline.session import Session

    session, out = Session(warm=True), tmp_path / "out"

    def build() -> None:
        report = run_build(Project(project), ["tiny"], Options(out=out, only=("cards",)), ["letter"], report=Report(), quiet=True,
                           workers=1, session=session)
        assert not report.errors(), report.sorted()

    build()
    drawn: list[str] = []
    render = Layouts.render
    monkeypatch.setattr(Layouts, "render", lambda self, *args, **kwargs: (drawn.append(args[6]), render(self, *args, **kwargs))[1])
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    build()
    assert drawn and all("rogue" in what for what in drawn), drawn
    assert len(drawn) <= 2, drawn


def test_a_save_draws_again_a_token_that_shows_the_card_it_changed(project, tmp_path, settled):
    """A token whose template reads the decks (a wall naming the Rogue's power) shows a card's edit after the save, as
    the faces kept would otherwise show the old words; wherever the wall prints (on its own sheet or below the last
    card), the build's sheets show the new words alone."""
    from pdftext import page_texts

    from pnp.cli import run_build
    from pnp.core.errors import Report
    from pnp.data.project import Project
    from pnp.outputs.options import Options
    from pnp.pipeline.session import Session

    wall = project / "templates/tiny/token-wall.j2"  # each wall prints "WALL" and the number of coins the Rogue steals
    rogue = "(decks.heroes.cards | selectattr('name', 'equalto', 'Rogue') | first).text.split()[1]"
    wall.write_text(wall.read_text(encoding="utf-8") + f'{{{{ text("WALL" ~ {rogue}, 3, 3, face.w - 6, face.h - 6, size=5, min_size=3, color="#000000") }}}}\n', encoding="utf-8")
    session, out = Session(warm=True), tmp_path / "out"

    def build() -> str:
        report = run_build(Project(project), ["tiny"], Options(out=out, only=("cards", "tokens")), ["letter"], report=Report(), quiet=True,
                           workers=1, session=session)
        assert not report.sorted(), report.sorted()  # no warning either: a face that warns is never kept
        return " ".join(text for pdf in sorted((out / "tiny").glob("*.pdf")) for text in page_texts(pdf))

    first = build()
    assert first.count("WALL1") == 6, first  # tokens.yaml: 6 walls
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    words = build()
    assert words.count("WALL2") == 6 and "WALL1" not in words
