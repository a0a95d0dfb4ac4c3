"""Fonts and icons parsed by one build, and the colour questions it asked, are kept in its cache for the next process:
what that process prints is what a cold build prints, a changed file or library is read afresh, and a damaged entry
costs a parse, never the build."""
from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, copy_build, pdfs, run_pnp

from pnp.core.kept import KeptParses
from pnp.core.sealed import read_sealed

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect x="0" y="0" width="10" height="10" fill="#000"/></svg>'
TRIANGLE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><path d="M0 10 L5 0 L10 10 Z" fill="#000"/></svg>'


def build(project: Path, out: Path, *args: str) -> None:
    result = run_pnp(project, "build", "-q", "--out", str(out), *args)
    assert result.exit_code == 0, result.output


def new_process_build(project: Path, out: Path, *args: str) -> dict[str, bytes]:
    """Build in a new process into `out` as it is (its build cache, or what a test put there, included): every PDF's bytes.
    A new process has registered no font and parsed no icon: what it does not parse it takes from the cache."""
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(out), *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return pdfs(out)


def kept_entries(out: Path) -> dict[str, list[Path]]:
    folder = out / ".pnp-cache/parsed"
    return {kind: sorted(folder.glob(f"{kind}-*.pickle")) for kind in ("ttf", "svg", "icon-form")}


def with_kept_parses(built: Path, again: Path) -> Path:
    """A new output folder holding only what the build in `built` kept of its parses: every output is rendered again, from them."""
    shutil.copytree(built / ".pnp-cache/parsed", again / ".pnp-cache/parsed")
    return again


TRANSLUCENT = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#000" fill-opacity="0.5"/></svg>'
WITH_TEXT = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="8" font-size="8">A</text></svg>'
NO_COLORAIDE = "import sys; sys.modules['coloraide'] = None; from pnp.cli import run; sys.argv[0] = 'pnp'; run()"


def test_a_new_process_prints_a_cold_builds_bytes_from_what_the_last_one_kept(project, tmp_path, cold_build):
    """One pair of processes for everything a build keeps for the next:
    - fonts, icons and icon forms (an icon's form is the same operators whenever its SVG, colour and reader are the same)
      are read back, and the new process prints what a cold build prints;
    - the colour maths is pnp's own: a process without the colour library builds cold and prints the same bytes;
    - a damaged entry (every other one of each kind here) costs a parse and is written anew, never the build;
    - an icon whose form names document state (a transparency state: hearts, on the red cards; a font: spades, on the
      blue ones) is drawn in every process: the document names such state as it meets it, so its operators are not kept.
    The star on the coins' backs is an icon whose form is kept."""
    icons = project / "templates/tiny/icons"
    icons.mkdir(exist_ok=True)  # a game's own icons win over the bundled ones
    (icons / "hearts.svg").write_text(TRANSLUCENT, encoding="utf-8")
    (icons / "spades.svg").write_text(WITH_TEXT, encoding="utf-8")
    only = ("--only", "cards", "--only", "tokens")  # the hearts and spades on the cards, the star on the coins' backs
    cold = cold_build(project, *only)  # a new process: it parses every file and works out every answer, and keeps them
    again = with_kept_parses(cold, tmp_path / "again")
    kept = kept_entries(again)
    assert len(kept["svg"]) >= 2, "the tiny game's faces use icons: the build keeps what it parsed"
    assert not kept["ttf"], "the tiny game's fonts are pnp's own: kept for every project in the user's folder (test_fixed_cost)"
    assert kept["icon-form"], "the coins' backs draw the star icon: its form is kept"
    damaged = [entry for found in kept.values() for entry in found[::2]]
    for entry in damaged:
        entry.write_bytes(b"not a pickle")
    result = subprocess.run([sys.executable, "-c", NO_COLORAIDE, "--root", str(project), "build", "-q", "--out", str(again), *only],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert pdfs(again) == pdfs(cold), "a new process drawing from what the last build kept prints a cold build's bytes"
    for entry in damaged:
        assert pickle.loads(read_sealed(entry)) is not None, f"{entry.name} was damaged: it is parsed and written anew"
    refused = subprocess.run([sys.executable, "-c", NO_COLORAIDE, "--root", str(project), "build", "-q", "--out", str(tmp_path / "cold-no-library"), *only],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert refused.returncode == 0, refused.stdout + refused.stderr
    assert pdfs(tmp_path / "cold-no-library") == pdfs(cold), "a build needs no colour library: its figures are pnp's own"


def test_files_changed_between_two_processes_are_read_afresh(project, tmp_path, cold_build):
    """An icon saved over with another shape, a font file replaced under the same name, and a game file edited between
    two processes: the new process parses each again (it takes the unchanged game files from the cache, keyed by their
    bytes), and prints what a cold build of the changed project prints."""
    icons = project / "templates/tiny/icons"
    icons.mkdir(exist_ok=True)
    hearts = icons / "hearts.svg"  # a game's own icon wins over the bundled one
    hearts.write_text(SQUARE, encoding="utf-8")
    shutil.copytree(ROOT / "pnp/assets/fonts", project / "fonts")
    out = copy_build(cold_build(project, "--only", "cards"), tmp_path / "out")
    hearts.write_text(TRIANGLE, encoding="utf-8")
    shutil.copy(project / "fonts/noto/NotoSerif-Regular.ttf", project / "fonts/noto/NotoSans-Regular.ttf")
    deck = project / "data" / "tiny" / "decks" / "heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('name: Rogue', 'name: "Rogue Prince"'), encoding="utf-8")
    again, cold = new_process_build(project, out, "--only", "cards"), pdfs(cold_build(project, "--only", "cards"))
    assert again.keys() == cold.keys()
    for name in cold:
        assert again[name] == cold[name], f"{name}: an icon, font or game file changed between two processes is read afresh"


# --- the store itself ---


def counting_parser(value="parsed"):
    """A parser (or any work) giving `value`, and the list of its calls."""
    calls = []

    def parse():
        calls.append(1)
        return value

    return parse, calls


def test_without_a_folder_every_request_parses(tmp_path):
    store = KeptParses()
    parse, calls = counting_parser()
    assert [store.get("svg", "k", parse, "v1") for _ in range(2)] == ["parsed", "parsed"]
    assert len(calls) == 2


def test_an_entry_is_read_back_under_the_same_key_and_version_and_parsed_again_under_another(tmp_path):
    store = KeptParses(tmp_path / "kept")
    parse, calls = counting_parser({"glyphs": [1, 2, 3]})
    assert store.get("ttf", "font|abc", parse, "rl 4.0") == {"glyphs": [1, 2, 3]}
    assert KeptParses(tmp_path / "kept").get("ttf", "font|abc", parse, "rl 4.0") == {"glyphs": [1, 2, 3]}
    assert len(calls) == 1, "a second store on the same folder (a new process) reads the entry"
    store.get("ttf", "font|abd", parse, "rl 4.0")
    store.get("ttf", "font|abc", parse, "rl 4.1")
    store.get("svg", "font|abc", parse, "rl 4.0")
    assert len(calls) == 4, "another file, another parser version or another kind of file is parsed"


def test_nothing_is_kept_of_a_file_the_parser_could_not_read(tmp_path):
    store = KeptParses(tmp_path / "kept")
    parse, calls = counting_parser(None)
    store.get("svg", "k", parse, "v")
    store.get("svg", "k", parse, "v")
    assert len(calls) == 2 and not list((tmp_path / "kept").glob("*"))


def test_a_cache_folder_that_cannot_be_written_costs_a_parse_and_nothing_else(tmp_path):
    folder = tmp_path / "kept"
    folder.write_text("a file where the folder should be", encoding="utf-8")
    parse, calls = counting_parser()
    assert KeptParses(folder).get("svg", "k", parse, "v") == "parsed"
    assert KeptParses(folder).get("svg", "k", parse, "v") == "parsed"
    assert len(calls) == 2


OTHER_FONT = ROOT / "pnp/assets/fonts/dejavu/DejaVuSans-Bold.ttf"  # what a designer saves over a font file for a while


def font_of(folder: Path, family: str, store: KeptParses):
    """The font a build reads for a project whose fonts/ is `folder` (one family, its file Font.ttf), parses kept in `store`."""
    from pnp.layout.fonts import FontBook

    (folder / "fonts.yaml").write_text(f"families:\n  {family}:\n    regular: Font.ttf\n", encoding="utf-8")
    book = FontBook(folder, kept=store)
    return book.face(book.font_name(family))


def read_back(folder: Path, family: str, store: KeptParses, monkeypatch):
    """The font of `folder`'s Font.ttf read again once another file was saved over it and it was put back, as `pnp
    watch` meets it: from what `store` kept, reportlab's parser refused."""
    import pnp.layout.fonts

    saved = (folder / "Font.ttf").read_bytes()
    (folder / "Font.ttf").write_bytes(OTHER_FONT.read_bytes())
    font_of(folder, family, store)
    (folder / "Font.ttf").write_bytes(saved)
    with monkeypatch.context() as patch:
        patch.setattr(pnp.layout.fonts, "TTFont", lambda *a: pytest.fail("parsed again: the kept reading was not used"))
        return font_of(folder, family, store)


@pytest.mark.parametrize("file", ["noto/NotoSans-Regular.ttf", "comfortaa/Comfortaa-Bold.ttf", "dejavu/DejaVuSans.ttf"])
def test_a_kept_font_is_the_font_reportlab_reads_from_the_file(tmp_path, file, monkeypatch):
    """Everything reportlab read from the file comes back, and its scale to PDF units (which pickle cannot carry, and
    reportlab's shaping of text uses) gives the same numbers as reportlab's own."""
    from reportlab.pdfbase.ttfonts import TTFont

    folder, family = tmp_path / "fonts", "kept-" + Path(file).stem.lower()
    folder.mkdir()
    shutil.copy(ROOT / "pnp/assets/fonts" / file, folder / "Font.ttf")
    store = KeptParses(tmp_path / "kept")
    font_of(folder, family, store)  # parsed and kept
    kept = read_back(folder, family, store, monkeypatch)
    fresh = TTFont(kept.fontName, str(folder / "Font.ttf"))
    assert {k: v for k, v in vars(kept).items() if k not in ("face", "state", "encoding")} == {k: v for k, v in vars(fresh).items() if k not in ("face", "state", "encoding")}
    assert vars(kept.encoding) == vars(fresh.encoding)
    assert {k: v for k, v in vars(kept.face).items() if k != "_pdfScale"} == {k: v for k, v in vars(fresh.face).items() if k != "_pdfScale"}
    units = [0, 1, 7, 333, 1000, 1234, 2048, -150, 0.5]
    assert [kept.pdfScale(v) for v in units] == [fresh.pdfScale(v) for v in units]
    assert not kept.state and kept.state is not fresh.state


def test_a_kept_font_read_for_another_file_of_the_same_bytes_names_that_file(tmp_path, monkeypatch):
    """One kept entry serves every file of the same bytes (pnp's own fonts are kept for every copy of pnp and every
    project): the font read back names the file it was asked for, as reading that file does, not the one first parsed."""
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        folder.mkdir()
        shutil.copy(ROOT / "pnp/assets/fonts/dejavu/DejaVuSans.ttf", folder / "Font.ttf")
    store = KeptParses(tmp_path / "kept")
    font_of(first, "kept-copies", store)  # parsed and kept
    (second / "Font.ttf").write_bytes(OTHER_FONT.read_bytes())
    font_of(second, "kept-copies", store)  # another file under the name: the first one's registration goes
    shutil.copy(first / "Font.ttf", second / "Font.ttf")
    import pnp.layout.fonts

    monkeypatch.setattr(pnp.layout.fonts, "TTFont", lambda *a: pytest.fail("parsed again: the kept reading was not used"))
    assert font_of(second, "kept-copies", store).face.filename == str(second / "Font.ttf")


def test_a_build_waits_for_the_disk_for_its_outputs_alone(project, tmp_path, monkeypatch):
    """The game's cache, face store and kept parses are written without waiting: a crash that cuts one short costs a
    full build (a parse, for a kept entry), as a missing one does, and what the cache records is checked against the
    outputs before it is trusted; each output waits for the disk before its rename."""
    from pnp.cli import run_build
    from pnp.core import files
    from pnp.core.errors import Report
    from pnp.data.project import Project
    from pnp.outputs.options import Options

    synced = []
    real = os.fsync
    monkeypatch.setattr(files.os, "fsync", lambda fd: synced.append(os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))) or real(fd))
    out = tmp_path / "out"
    assert not run_build(Project(project), ["tiny"], Options(out=out), ["letter"], report=Report(), quiet=True, workers=1).errors()
    written = sorted(p.name for p in (out / "tiny").iterdir())
    assert "tiny-cards.pdf" in written
    assert sorted(name[1:].rsplit(".", 2)[0] for name in synced) == written, "a temporary file is named .NAME.RANDOM.tmp"
    assert (out / ".pnp-cache/tiny.json").is_file() and (out / ".pnp-cache/tiny.faces").is_file()


def test_entries_older_than_a_month_are_removed_once_a_day_and_fresh_ones_stay(tmp_path):
    from pnp.core import kept as kept_module

    folder = tmp_path / "parsed"
    store = KeptParses(folder)
    store.get("svg", "old icon", lambda: "old", version="1")
    store.get("svg", "new icon", lambda: "new", version="1")
    old, new = (next(p for p in folder.glob("svg-*.pickle") if pickle.loads(read_sealed(p)) == v) for v in ("old", "new"))
    day = 86_400
    now = new.stat().st_mtime
    os.utime(old, (now - 31 * day, now - 31 * day))
    assert kept_module.prune(folder, now=now) == 1
    assert not old.exists() and new.exists()
    assert store.get("svg", "old icon", lambda: "old again", version="1") == "old again", "a pruned entry is made again"
    os.utime(new, (now - 40 * day, now - 40 * day))
    assert kept_module.prune(folder, now=now + day / 2) == 0, "pruned less than a day ago: not looked at"
    assert new.exists()
    assert kept_module.prune(folder, now=now + 2 * day) == 1 and not new.exists()


def test_a_build_prunes_its_kept_entries(project, tmp_path):
    out = tmp_path / "out"
    build(project, out, "--only", "cards")  # any build prunes: the card sheets are the least that uses fonts and icons
    folder = out / ".pnp-cache/parsed"
    stale = folder / "svg-0000.pickle"
    stale.write_bytes(pickle.dumps("an icon no build has read for two months"))
    os.utime(stale, (0, 0))
    os.utime(folder / ".pruned", (0, 0))  # as if the last pruning were long ago
    build(project, out, "--only", "cards")
    assert not stale.exists()
    assert list(folder.glob("svg-*.pickle")), "the entries the build uses stay"


def test_a_game_file_with_an_error_is_reported_by_every_build(project, tmp_path):
    """Nothing is kept of a file that does not parse: the next build finds its error again, at its place."""
    (project / "data" / "tiny" / "tokens.yaml").write_text("tokens:\n  - {id: coins, name: Coins\n", encoding="utf-8")
    for _ in range(2):
        result = run_pnp(project, "build", "-q", "--out", str(tmp_path / "out"))
        assert result.exit_code == 1
        assert "data/tiny/tokens.yaml:3:1: error: YAML syntax" in result.output


def test_a_kept_game_file_gives_its_findings_at_the_same_places(project, tmp_path):
    """A value read back from the cache carries the lines and columns of the file: a misspelt field is reported where
    it stands, by the build that parsed the file and by the one that did not."""
    deck = project / "data" / "tiny" / "decks" / "heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("stars: 2, number: 3,", "stars: 2, nmber: 3,"), encoding="utf-8")
    first = run_pnp(project, "build", "-q", "--out", str(tmp_path / "out"), "--only", "cards")
    second = run_pnp(project, "build", "-q", "--out", str(tmp_path / "out"), "--only", "cards")
    line = next(i for i, text in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1) if "nmber" in text)
    column = deck.read_text(encoding="utf-8").splitlines()[line - 1].index("nmber") + 1
    where = f"data/tiny/decks/heroes.yaml:{line}:{column}: error"  # templates read 'number': one misspelt name, an error
    assert where in first.output and where in second.output


def test_a_build_ages_out_the_digests_kept_for_copies_of_pnp_not_run_for_a_month(project, tmp_path, monkeypatch):
    """Each copy of pnp (a clone, an install, a test's) keeps the digests of its own files in the user's folder: those of
    copies not run for a month go, a month-old one of a copy still run last week stays, and this copy's own always
    stays (unchanged files are never written again, so its time says nothing of its use)."""
    from pnp.core.files import shipped_digests

    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / "user" / "cache-key"))
    build(project, tmp_path / "out", "--only", "cards")
    own = shipped_digests()
    assert own is not None and own.parent == tmp_path / "user" and own.is_file()
    gone, week = own.parent / "shipped-digests-0000000000000000.json", own.parent / "shipped-digests-1111111111111111.json"
    for file, days in ((gone, 31), (week, 7), (own, 90)):
        file.write_bytes(b"{}") if file != own else None
        os.utime(file, (time.time() - days * 86_400,) * 2)
    os.utime(own.parent / ".pruned-shipped", (0, 0))  # as if the last pruning were long ago
    build(project, tmp_path / "out", "--only", "cards")
    assert (gone.exists(), week.exists(), own.exists()) == (False, True, True)


def test_a_linked_folder_of_kept_parses_loses_nothing_to_a_build(project, tmp_path, monkeypatch):
    """The user's folder of parses may be a link to somewhere of their own (a synced drive): pnp writes and removes
    only in real folders, so a file there stays however old it is."""
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / "user" / "cache-key"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = elsewhere / "font-0000.pickle"
    theirs.write_bytes(b"the designer's own")
    os.utime(theirs, (0, 0))
    (tmp_path / "user").mkdir()
    (tmp_path / "user" / "parsed").symlink_to(elsewhere, target_is_directory=True)
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert theirs.read_bytes() == b"the designer's own"
