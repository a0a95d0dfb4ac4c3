"""How a command ends (pnp.launch): a stream closed under it (flushing it raises ValueError, not OSError) keeps the
usual ending, which says what it could not write; and the collector is kept off from start-up to the end for `pnp
build` alone (pnp.launch.ENDS_PAUSED): an export pauses game by game and collects between them, validate draws a
vendor's files outside its paused call, and watch and serve stay up; `--help` builds nothing."""
from __future__ import annotations

import io
import os
import sys

import pytest

import pnp.core.collector as collector
import pnp.launch as launch


def _no_exit(code):
    raise AssertionError(f"os._exit({code}) where the process must end the usual way")


def test_a_stream_closed_under_the_command_ends_the_usual_way(monkeypatch):
    monkeypatch.setattr(os, "_exit", _no_exit)
    closed = io.TextIOWrapper(io.BytesIO())  # a text stream over a file closed under it (a closed StringIO flushes quietly)
    closed.close()
    monkeypatch.setattr(sys, "stderr", closed)
    with pytest.raises(SystemExit) as raised:
        launch.leave(SystemExit(4))
    assert raised.value.code == 4


@pytest.mark.parametrize(("argv", "kept_off"), [
    (["build"], True), (["--root", "somewhere", "build", "tiny", "-q"], True), (["build", "--lang", "all", "-q"], True),
    (["build", "--help"], False), (["export", "tiny", "--format", "tts"], False), (["validate", "--vendor", "mpc"], False),
    (["list"], False), (["watch", "tiny"], False), (["serve"], False), (["--version"], False), ([], False),
])
def test_the_collector_stays_off_to_the_end_of_a_build_alone(monkeypatch, argv, kept_off):
    asked = []

    def frozen_after(load, keep_off=False):  # pnp's start-up, its command line not loaded
        asked.append(keep_off)
        return None, lambda: None  # the command line, run as nothing

    monkeypatch.setattr(collector, "frozen_after", frozen_after)
    monkeypatch.setattr(sys, "argv", ["pnp", *argv])
    launch.run()  # the `pnp` entry point
    assert asked == [kept_off]
