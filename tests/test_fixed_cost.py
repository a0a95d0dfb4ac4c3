"""What a build works out from pnp's own files is the same for every project: a project's first build takes it from
the user's cache folder, where an earlier build of any project kept it (issue 77, docs/architecture.md "What a card
costs"): the digests of pnp's code and fonts (17 MB hashed by every cold build) and its fonts as parsed. A file of
the project's, or of anyone else's, is never kept there; a build that keeps nothing keeps nothing there either."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pnp.core import files
from pnp.core.assets import BUNDLED_FONTS, shipped
from pnp.core.kept import KeptParses, shipped_parses

FONT = BUNDLED_FONTS / "noto" / "NotoSans-Regular.ttf"  # a file pnp ships, unchanged for as long as pnp is
OTHERS = Path(json.__file__)  # a file that is not pnp's: Python's own


@pytest.fixture
def user(tmp_path, monkeypatch):
    """A user of their own (their key, so their cache folder, in `tmp_path`) and a new process's digests."""
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / "user" / "cache-key"))
    monkeypatch.setattr(files, "DIGESTS", files.FileDigests())
    return tmp_path


def test_a_projects_first_build_hashes_none_of_pnps_own_files_an_earlier_build_hashed(user, monkeypatch):
    assert shipped(FONT) and shipped(FONT.resolve()) and not shipped(OTHERS)
    files.read_kept_digests(user / "first" / "file-digests.json")  # one project's build: nothing kept anywhere yet
    assert files.file_sha256(FONT) == hashlib.sha256(FONT.read_bytes()).hexdigest()
    files.file_sha256(OTHERS)
    files.save_digests(user / "first" / "file-digests.json")

    monkeypatch.setattr(files, "DIGESTS", files.FileDigests())  # a new process, another project's first build
    read = []
    monkeypatch.setattr(files, "_sha256_of", lambda path: read.append(Path(path)) or hashlib.sha256(Path(path).read_bytes()).hexdigest())
    files.read_kept_digests(user / "second" / "file-digests.json")
    assert files.file_sha256(FONT) == hashlib.sha256(FONT.read_bytes()).hexdigest()
    assert read == [], "pnp's own font is known by its status from the user's folder: not read again"
    files.file_sha256(OTHERS)
    assert read == [OTHERS], "a file not pnp's is kept with the project that read it alone: read again in another"


def test_pnps_own_fonts_are_parsed_once_for_every_project(user):
    parsed = []

    def parse():
        parsed.append(1)
        return {"glyphs": [1, 2]}

    for project in ("one", "two"):  # two projects' first builds, each a new store (a new process)
        assert KeptParses(user / project / "parsed").for_file(FONT).get("ttf", "font|abc", parse, "rl 4") == {"glyphs": [1, 2]}
    assert len(parsed) == 1, "the second project's build reads pnp's font as the first one parsed it"
    assert list(shipped_parses().glob("ttf-*.pickle")) and not (user / "one" / "parsed").exists()

    own = user / "one" / "fonts" / "Mine.ttf"  # a project's own font: kept with that project
    assert KeptParses(user / "one" / "parsed").for_file(own).folder == user / "one" / "parsed"
    assert KeptParses().for_file(FONT).folder is None, "a build keeping no parses (--without kept-parses) keeps none of pnp's either"


NEXT_RUN = """import sys
from pathlib import Path
from pnp.data.project import Project
from pnp.pipeline import cache
changed = sys.argv[2]
if changed:  # as if the pnp the user upgraded to differed from this one in that file alone
    real = cache.file_sha256
    cache.file_sha256 = lambda path: "changed" if Path(path) == cache.ENGINE_DIR / changed else real(path)
print(cache.shared_inputs_hash(Project(Path(sys.argv[1]))))
"""


@pytest.mark.parametrize("changed", ["", "layout/templates.py", "assets/words/words.yaml", "assets/game-icons/icons.zip"])
def test_pnps_code_hash_covers_its_modules_and_the_tables_it_ships(changed):
    """The key every output shares (shared_inputs_hash) names each of pnp's modules, its word table and its icon set by
    digest: the next run of a pnp differing in any of them, and every output is built again; of the same pnp, none."""
    import os
    import subprocess
    import sys

    from conftest import ROOT, TEST_PROJECT

    from pnp.data.project import Project
    from pnp.pipeline.cache import shared_inputs_hash

    run = subprocess.run([sys.executable, "-c", NEXT_RUN, str(TEST_PROJECT), changed], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert (run.stdout.strip() == shared_inputs_hash(Project(TEST_PROJECT))) == (changed == "")
