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


def test_an_icon_is_checked_again_only_when_its_file_changed(tmp_path, monkeypatch, settled):
    """Each build (each save of `pnp watch`) makes a new IconLibrary; the icon's file is checked once while it stays as it
    was, and again, with its new bytes drawn, once it is saved."""
    monkeypatch.setattr(svgfiles, "_PASSED", svgfiles.KnownByStatus())
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "star.svg").write_bytes(STAR)
    seen = _checks(monkeypatch)
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
    monkeypatch.setattr(svgfiles, "_PASSED", svgfiles.KnownByStatus())
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "linked.svg").write_bytes(LINKED)
    seen = _checks(monkeypatch)
    for _ in range(2):
        IconLibrary([icons], root=tmp_path).source("linked")
    assert seen == ["icons/linked.svg"] * 2
