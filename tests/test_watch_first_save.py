"""`pnp watch` notes saves only once its first build and warm-up are done: a fix saved while the first build ran (a
looping face spending its processor time, say) was never built, and watch waited for another save. The hostile
bench's looping face, fixed half a second after its error, met it on a loaded machine. Now the watched folders are
looked at once for a file saved since the first build began."""
from __future__ import annotations

import os
import time

from pnp.cli.watching import saved_since


def test_a_save_during_the_first_build_is_seen_and_nothing_else_is(tmp_path):
    templates = tmp_path / "templates"
    templates.mkdir()
    old = templates / "front.j2"
    old.write_text("{{ x }}")
    os.utime(old, (1, 1))
    since = time.time()
    assert not saved_since([str(templates)], since)
    (templates / ".front.j2.123-abc.tmp").write_text("half")  # a writer's temporary, not a save
    (tmp_path / "templates/output").mkdir()
    (templates / "output/cards.pdf").write_text("%PDF")  # pnp's own output
    assert not saved_since([str(templates)], since)
    (templates / "tiny").mkdir()
    (templates / "tiny/back.j2").write_text("{{ y }}")
    assert saved_since([str(templates)], since)
