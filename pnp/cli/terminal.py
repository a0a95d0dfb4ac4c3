"""The one place pnp's output is written: its standard output and error, through a stream that escapes what a terminal
would obey in a game's names, a player's answers or a path (pnp.core.errors.terminal_text).

A game folder, a card's name, a sheet's cell or a playtester's answer can hold an escape sequence (recolouring,
retitling or clearing the terminal), a bell, or a bidi override that shows the rest of the line reversed. Every line a
command prints passes here, so no command has to remember to escape what it prints; the colours pnp gives its own
words (a finding's severity, a build's progress) are written to the stream beneath (`unescaped`), their text escaped first.
"""
from __future__ import annotations

import sys

from pnp.core.errors import terminal_text

KEPT = "\n\t"  # the controls pnp's own lines are made of


class EscapingStream:
    """A text stream that writes `terminal_text` of what it is given to `unescaped`. It offers no binary `buffer`, so
    click writes through it rather than around it."""

    def __init__(self, unescaped):
        self.unescaped = unescaped

    def write(self, text: str) -> int:
        self.unescaped.write(terminal_text(text, KEPT))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self.unescaped, name)


def escape_output() -> None:
    """From now on, what this process writes to its standard output and error is escaped (once: a stream already
    escaping is kept)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, EscapingStream):
            setattr(sys, name, EscapingStream(stream))


def unescaped(stream):
    """The stream beneath an escaping one: for pnp's own colours, on text already escaped."""
    return stream.unescaped if isinstance(stream, EscapingStream) else stream
