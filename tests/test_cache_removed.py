"""The build cache (`output/.pnp-cache`) removed while a build runs is rebuilt: the build ends as a cold build would,
and no error is blamed on a data file or a template (issue #49, item 3)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time

from conftest import ROOT, copy_build, fresh_pdfs, pdfs


def test_a_cache_removed_again_and_again_during_a_build_is_rebuilt(project, tmp_path, cold_build):
    env = {**os.environ}

    def build(out) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(out)], env=env, cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    out = copy_build(cold_build(project), tmp_path / "out")  # the first build, with its cache
    deck = project / "data/tiny/decks/heroes.yaml"
    for trial in range(3):
        deck.write_text(deck.read_text(encoding="utf-8").replace("Steal", "Steal", 1) + f"\n# edit {trial}\n", encoding="utf-8")
        running = build(out)

        def remove_cache(running: subprocess.Popen = running) -> None:
            while running.poll() is None:
                shutil.rmtree(out / ".pnp-cache", ignore_errors=True)
                time.sleep(0.02)

        remover = threading.Thread(target=remove_cache)
        remover.start()
        _, err = running.communicate(timeout=300)
        remover.join()
        assert running.returncode == 0, err
        assert "error" not in err, err
    assert pdfs(out) == fresh_pdfs(project, tmp_path / "cold"), "the build of an empty folder (in this process: the builds above were new ones)"


def test_a_cache_write_whose_folder_goes_twice_running_is_written_the_third_time():
    """The loop above can remove the cache folder between a write making it and opening its temporary there, twice in a
    row on a loaded machine (CI saw it once): the write is made again until it lands, and the build goes on."""
    from pnp.core.files import write_cache

    attempts = []

    def write() -> None:
        attempts.append(1)
        if len(attempts) < 3:
            raise FileNotFoundError(2, "No such file or directory", "out/.pnp-cache/.tiny.faces.1-x.tmp")

    write_cache(write)
    assert len(attempts) == 3
