"""The files an output opens, as its recordings see them (pnp.core.files_read.FilesRead): every recording open when a file is
reported holds it, however often it was reported before and whatever was opened or closed since (a deck's texts report
their fonts on every face, and a report already in every open recording is passed over: issue 77 item 2)."""
from __future__ import annotations

from pathlib import Path

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
