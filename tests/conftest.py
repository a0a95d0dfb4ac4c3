"""Shared fixtures: a private copy of the test project, running the CLI, reading and rasterising PDFs."""
from __future__ import annotations

import compileall
import gc
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import properties  # noqa: F401  Hypothesis as the suite runs it, for every file, one file run alone included
import pytest
from click.testing import CliRunner
from PIL import Image

# pytest-xdist already keeps every core busy with one test each: a build forking workers of its own on top would only
# make them wait for each other. Tests of what worker processes do set PNP_JOBS themselves.
os.environ["PNP_JOBS"] = "1"

ROOT = Path(__file__).resolve().parent.parent
TEST_PROJECT = Path(__file__).resolve().parent / "project"

# pnp's modules compiled once for the run, as Python does on a first import unless PYTHONDONTWRITEBYTECODE is set (some
# machines and CI images set it): each of the couple of hundred `python -m pnp` processes the suite starts would
# otherwise compile all of pnp again. Only out-of-date files are written; the files are git-ignored.
compileall.compile_dir(ROOT / "pnp", quiet=1)
# The test modules likewise: pytest keeps each one's assertion-rewritten code in tests/__pycache__ only where Python may
# write bytecode, and otherwise parses and rewrites all of them again in every worker of every run, most of the time
# collecting takes. pytest asks this flag as it imports each test module, after this file.
sys.dont_write_bytecode = False
# A test process keeps much for the whole run (shared reads, pages read back, fonts, templates, what each module caches)
# and reads PDFs into many objects that live a while; with Python's default thresholds its cyclic collector runs a full
# collection, walking all it keeps, every few tests. The oldest generation is collected after a thousand collections of
# the middle one rather than ten: young objects are collected as before, the whole heap walked far less often
# (the figures: docs/testing.md as it stood at 0df1895, in git). pnp pauses the collector itself while it builds (pnp.core.collector); the
# processes a test starts keep Python's defaults.
gc.set_threshold(*gc.get_threshold()[:2], 1000)


def _temporary_files_in_memory() -> None:
    """Put the run's temporary folders (pytest's tmp_path and the shared builds beside them) in /dev/shm, a tmpfs,
    unless the user chose a TMPDIR or the machine has none. The suite makes and removes a great many small files (a
    copy of the test project a test, every build's outputs and cache); on a disk's file system each costs the kernel
    an inode found and written, a large part of the suite's system time, where in memory it costs next to nothing.
    A run that passes leaves nothing there (pyproject's tmp_path_retention_policy)."""
    shm = Path("/dev/shm")
    if os.environ.get("TMPDIR") or not shm.is_dir() or not os.access(shm, os.W_OK):
        return
    try:
        mounts = Path("/proc/mounts").read_text(encoding="utf-8").splitlines()
    except OSError:
        return
    if any(line.split()[1:3] == ["/dev/shm", "tmpfs"] for line in mounts if len(line.split()) > 2) and shutil.disk_usage(shm).free > 4 << 30:
        tempfile.tempdir = str(shm)


_temporary_files_in_memory()

MM = 72 / 25.4


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto` (pyproject's addopts): one worker more than the cores. A worker spends part of its time waiting (on a
    `pnp watch` or `pnp serve` it started, a browser, a Ctrl-C's process group ending), and a third worker's tests fill
    those waits on a 2-core machine; more workers than that repeat each module's shared fixtures for less gain
    (the figures: docs/testing.md as it stood at 0df1895, in git)."""
    return (os.cpu_count() or 1) + 1


# The files whose work comes in long pieces a worker cannot share (a shared build, export or bundle of the five games
# they make, a server or capped process they start and wait on), heaviest first by their processor time in a whole run
# at d35debb: handed out before every other file.
# xdist hands files out by their number of tests, most first, which left these files of few tests to the run's end,
# where the last of them ran on one core while the other had nothing left (the figures: docs/testing.md as it stood at 0df1895, in git).
FIRST_FILES = ("test_export.py", "test_duplex_runs.py", "test_printable.py", "test_serve.py", "test_art_memory.py", "test_packing.py",
               "test_game_texts.py", "test_kept_results.py", "test_hostile_bombs.py", "test_template_bombs.py",
               "test_speed_paths.py", "test_interrupt.py", "test_output_kinds.py", "test_tables.py", "test_findings.py", "test_kept_work.py",
               "test_card_reads.py", "test_table_raster_memory.py", "test_cache_key_place.py", "test_shipped_cache.py",
               "test_serve_looping.py", "test_sheet_footers.py", "test_cache_removed.py", "test_stamp_room.py", "test_kept_builds.py")


def pytest_configure(config):
    """Files go to the workers in the order `pytest_collection_modifyitems` leaves them, not re-sorted by xdist."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(session, config, items):
    """The files of FIRST_FILES first, in its order, then the others by their number of tests, most first (as xdist
    orders them): with `--dist loadscope` a worker takes a file whole, and a long file taken last ends the run alone."""
    counts: dict = {}
    for item in items:
        counts[item.path] = counts.get(item.path, 0) + 1
    first = {name: i for i, name in enumerate(FIRST_FILES)}
    items.sort(key=lambda item: (first.get(item.path.name, len(first)), -counts[item.path]))  # stable: a file's tests keep their order


def pytest_sessionfinish(session, exitstatus):
    """Freeze what the run holds once its tests are done: pytest then collects garbage five times over before it exits
    (to report exceptions raised in finalisers), and each pass would walk every object a worker kept (its shared reads,
    fonts, templates), a second a worker."""
    gc.freeze()


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    """No test may reach a network: pnp is a local tool."""

    def refuse(*args, **kwargs):
        raise OSError("network access is disabled in tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.fixture(autouse=True)
def _caches_emptied_under_mutmut():
    """Under mutmut (bench/mutation.py) each mutant's tests run in a process forked from one that ran them all already,
    so a function's answers kept by `functools.cache` or `lru_cache` (a line's visual order, a glyph's box, a shaped
    word) are the unmutated code's: the mutant would never run, and survive. Every such cache of pnp's modules, and
    every value kept at a module's level that empties as one (`cache_clear`: pnp.render.glyph_ink's fonts), is emptied
    before each test there. Elsewhere nothing is done."""
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    for name, module in list(sys.modules.items()):
        if name == "pnp" or name.startswith("pnp."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and not isinstance(value, type) and getattr(value, "__module__", None) == name:
                    clear()  # a cache, or a kept value that empties as one (pnp.render.glyph_ink's fonts), not its class


@pytest.fixture(scope="session", autouse=True)
def _warm_process(tmp_path_factory):
    """Build the tiny game once in each test process before its first test. A build imports most of pnp's modules on
    first use and parses its fonts; done here, every later build in this process (PNP_JOBS=1: builds run in the
    test's own process) starts with all that in memory, as a long-lived pnp process does. What a build prints depends
    on its input only, warm or cold: the cold path keeps its own tests (`cold_pdfs`, and the games built in new
    processes). Not under mutmut (bench/mutation.py): each mutant's tests are a new session in a process forked from
    one that ran them all already, and a warm build there would cost more than the few tests it runs."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        return
    root = tmp_path_factory.mktemp("warm") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = run_pnp(root, "build", "-q")  # in this process (PNP_JOBS=1): workers would warm and vanish
    assert result.exit_code == 0, result.output + result.stderr
    # What the process holds now (modules, fonts, compiled templates) stays for the run: frozen out of the garbage
    # collector, its full collections walk only what the tests make after (they took a few per cent of a worker's time)
    gc.collect()
    gc.freeze()


SHIPPED_KINDS = ("cards", "tokens", "reference", "boards")


def _run_folder(tmp_path_factory) -> Path:
    """A folder of this test run that every xdist worker shares: the parent of the workers' own base folders (pytest-xdist's
    documented pattern), or the base folder itself when the run has no workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _built_once(tmp_path_factory, name: str, make) -> Path:
    """The folder `make(folder)` fills, made once per test run by whichever worker asks first; the others wait on a file
    lock and read the same folder. A failed `make` leaves no mark, so the next asker tries again (and fails alike)."""
    from filelock import FileLock

    shared = _run_folder(tmp_path_factory) / "shared-builds"
    shared.mkdir(exist_ok=True)
    out, done = shared / name, shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.is_file():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            make(out)
            done.write_text("built\n", encoding="utf-8")
    return out


@pytest.fixture(scope="session")
def shared_build(tmp_path_factory):
    """`get(*args)`: the output folder of `pnp build ARGS --out FOLDER` in the repository (the five shipped games unless
    ARGS names some), built once per test run and shared by every worker and test that asks for the same ARGS. The
    folder is read-only to its tests: a test that changes a project or an output builds its own. What the build printed
    is in `build_log(folder)`.

    A build with other ARGS starts from the plain build's kept work (its `.pnp-cache`, copied), as a user's output
    folder holds it when they build again with other options: the faces and findings that do not depend on the
    options are not worked out again. That a build from another option's kept work says and prints what a build with
    no cache does is held by tests/test_kept_results.py (findings and bytes) and tests/test_rebuild_keys.py (every
    option in the outputs' keys)."""

    def get(*args: str) -> Path:
        name = re.sub(r"[^A-Za-z0-9.,=]+", "-", "build " + " ".join(args)).strip("-")[:80]
        name += "-" + hashlib.sha1("\0".join(args).encode()).hexdigest()[:8]

        def make(out: Path) -> None:
            if args:
                _seed_cache(get(), out)
            result = run_pnp(ROOT, "build", *args, "--out", str(out))
            assert result.exit_code == 0, result.output + result.stderr
            build_log_path(out).write_text(result.output, encoding="utf-8")

        return _built_once(tmp_path_factory, name, make)

    return get


def _seed_cache(built: Path, out: Path) -> None:
    """Copy the kept work of `built` (a build's folder) into the empty output folder `out`, files' times kept."""
    shutil.copytree(built / ".pnp-cache", out / ".pnp-cache", symlinks=True)


EXPORT_BASE_URL = "https://example.org/games/pnp"
EXPORT_DPI = 72


@pytest.fixture(scope="session")
def shipped_export(tmp_path_factory):
    """`get(game)`: the output folder of `pnp export GAME --format all --dpi 72 --base-url EXPORT_BASE_URL/GAME
    --no-validate --out FOLDER` in the repository (files under FOLDER/GAME/<format>/), made once per test run and shared
    by every worker and test that reads a shipped game's export (tests/test_export.py, test_dice.py, test_pod_ink.py).
    72 dpi: the print-service PNGs and Tabletop Simulator images at the lowest resolution the CLI takes, their sizes
    still exact (300 dpi's scaled by 72/300); print-on-demand files do not depend on it. Read-only; what it printed is in
    `build_log(folder)`."""

    def get(game: str) -> Path:
        def make(out: Path) -> None:
            result = run_pnp(ROOT, "export", game, "--format", "all", "--dpi", str(EXPORT_DPI), "--base-url", f"{EXPORT_BASE_URL}/{game}",
                             "--no-validate", "--out", str(out))
            assert result.exit_code == 0, result.output + result.stderr
            build_log_path(out).write_text(result.output, encoding="utf-8")

        return _built_once(tmp_path_factory, f"export-{game}", make)

    return get


@pytest.fixture(scope="session")
def cold_build(tmp_path_factory):
    """`get(project, *args)`: the output folder (PDFs and build cache) of `pnp build -q ARGS` run in a new process into an
    empty folder, for a project holding exactly these files: the reference every fast path must match. Made once per
    test run for each project content and ARGS, by whichever worker asks first, and shared: tests that edit their copy
    alike, or not at all, read one cold build. Read-only: a test that builds on it copies it (`copy_build`).

    A project holding raster images gets a cold build of its own: reportlab names a picture's XObject after its file's
    path, so its PDFs' bytes depend on the folder the project is in (the same input elsewhere prints other names)."""

    def get(project: Path, *args: str) -> Path:
        return _built_once(tmp_path_factory, f"cold-{_content_key(project, args)}", lambda out: _cold_into(project, out, args))

    return get


@pytest.fixture(scope="session")
def fresh_build(tmp_path_factory):
    """`get(project, *args)`: as `cold_build`, but built in the asking test process (warm: no imports to pay) into an
    empty folder: the first build a rebuild test starts from, or a reference where a new process is not the point."""

    def get(project: Path, *args: str) -> Path:
        return _built_once(tmp_path_factory, f"fresh-{_content_key(project, args)}", lambda out: _fresh_into(project, out, args))

    return get


def _content_key(project: Path, args: tuple[str, ...]) -> str:
    """A key for a build of `project` with `args`: its files' names and bytes (and its folder, when it holds raster
    images: reportlab names a picture's XObject after its file's path)."""
    digest = hashlib.sha256("\0".join(args).encode())
    files = sorted(p for p in project.rglob("*") if p.is_file() and "output" not in p.relative_to(project).parts[:1])
    if any(p.suffix.lower() in {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".gif", ".bmp", ".webp"} for p in files):
        digest.update(str(project.resolve()).encode() + b"\0")
    for path in files:
        digest.update(path.relative_to(project).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _fresh_into(project: Path, out: Path, args: tuple[str, ...]) -> None:
    result = run_pnp(project, "build", "-q", "--out", str(out), *args)
    assert result.exit_code == 0, result.output + result.stderr


def _cold_into(project: Path, out: Path, args: tuple[str, ...]) -> None:
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(out), *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def copy_build(built: Path, out: Path) -> Path:
    """A copy of a build's folder (`cold_build`), its files' times kept, for a test to rebuild on as if it had built it."""
    shutil.copytree(built, out)
    return out


@pytest.fixture(scope="session")
def pdf_reader(tmp_path_factory):
    """`pdfium_reader`'s sharing, with pdfplumber's own reading (tests/pdfread.py): for what pdfium does not give, a
    colour as the PDF sets it (a character's CMYK fill: tests/test_pod_ink.py)."""
    from pdfread import Reader

    return Reader(_run_folder(tmp_path_factory) / "shared-reads")


@pytest.fixture(scope="session")
def pdfium_reader(tmp_path_factory):
    """A reader shared by the whole test run: what the tests read from a PDF (pdfplumber's page objects, read through
    pdfium: tests/pdfium_pages.py; the faces its content stream places, ...) is read once per file content, by whichever
    worker asks first, and kept in a folder every worker shares (docs/testing.md)."""
    from pdfium_pages import Reader

    return Reader(_run_folder(tmp_path_factory) / "shared-reads")


def build_log_path(out: Path) -> Path:
    return out.parent / f"{out.name}.log"


def build_log(out: Path) -> str:
    """What `pnp build` printed while it filled `out`, a folder of `shared_build`."""
    return build_log_path(out).read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def shipped_builds(tmp_path_factory, shared_build):
    """`get(paper, bleed, printable_mm, kinds=SHIPPED_KINDS)`: a folder of the five shipped games' outputs of those kinds
    (their sheets by default) built with those options, built once per test run and shared by every worker and test
    that reads them (tests/test_printable.py, tests/test_marks_off_cards.py, tests/test_small_print.py). With the
    default printer margin and no bleed, its files are the plain `pnp build --paper PAPER`'s (conftest.shared_build),
    linked into a folder of their own."""
    from pnp.core.units import DEFAULT_PRINTABLE_MM

    def get(paper: str, bleed: bool, printable_mm: float, kinds: tuple[str, ...] = SHIPPED_KINDS) -> Path:
        name = f"shipped-{paper}-{'bleed' if bleed else 'plain'}-{printable_mm}-{'-'.join(kinds)}"
        if not bleed and printable_mm == DEFAULT_PRINTABLE_MM:
            built = shared_build() if paper == "letter" else shared_build("--paper", paper)  # Letter: the plain build
            return _built_once(tmp_path_factory, name, lambda out: _link_kinds(built, out, kinds))
        return _built_once(tmp_path_factory, name, lambda out: _build_shipped(out, paper, bleed, printable_mm, kinds, shared_build()))

    return get


def _link_kinds(built: Path, out: Path, kinds: tuple[str, ...]) -> None:
    """Hard-link into `out` the PDFs of `built` (a build's folder) whose kind is one of `kinds`: `<game>-<kind>[-tags].pdf`."""
    for pdf in sorted(built.glob("*/*.pdf")):
        game = pdf.parent.name
        if re.fullmatch(rf"{re.escape(game)}-({'|'.join(kinds)})(-[a-z0-9.+-]+)?\.pdf", pdf.name):
            (out / game).mkdir(exist_ok=True)
            os.link(pdf, out / game / pdf.name)


def _build_shipped(out: Path, paper: str, bleed: bool, printable_mm: float, kinds: tuple[str, ...], plain: Path) -> None:
    """The five games' outputs of `kinds` into `out`, through the pipeline: a printer margin the CLI takes only from a
    profile. It starts from the kept work of `plain`, the plain build (as `shared_build` does)."""
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.pipeline.build import build_game

    _seed_cache(plain, out)
    project = Project(ROOT)
    engine = Engine(project)
    options = Options(paper=paper, bleed=bleed, out=out, only=kinds, printable_mm=printable_mm)
    for slug in sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file()):
        _, findings = build_game(engine.for_game(project.load_game(slug)[0]), options)
        assert not [f for f in findings if f.severity == "error"], findings


@pytest.fixture
def settled(monkeypatch):
    """Every file counts as settled at once, whatever its age (pnp.core.files.SETTLE_NS: a test edits files faster than
    a designer saves them), and no file digest is remembered from another test (a new process's)."""
    from pnp.core import files

    monkeypatch.setattr(files, "SETTLE_NS", 0)
    monkeypatch.setattr(files, "DIGESTS", files.FileDigests())


@pytest.fixture
def watching(settled, monkeypatch):
    """This process as `pnp watch` makes it: every build run here, through the CLI or `run_build`, shares one warm
    session (pnp.pipeline.session.Session), which this returns."""
    from pnp.pipeline import schedule
    from pnp.pipeline.session import Session

    session = Session(warm=True)
    monkeypatch.setattr(schedule, "Session", lambda: session)
    return session


@pytest.fixture
def split_decks(monkeypatch):
    """Builds run here as on a machine with two cores and a deck of thousands of cards: every deck of two cards or more
    has its last cards rendered by a helper process (pnp.outputs.cards.start_deck), so a test deck takes that path; the
    helper sends them back three at a time, so a test deck arrives in several parts (pnp.outputs.deck_helper)."""
    import pnp.outputs.cards
    import pnp.outputs.deck_helper

    monkeypatch.setattr(pnp.outputs.cards, "PARALLEL_MIN_CARDS", 2)
    monkeypatch.setattr(pnp.outputs.deck_helper, "HELPER_PART_CARDS", 3)
    monkeypatch.setenv("PNP_JOBS", "2")


@pytest.fixture
def project(tmp_path) -> Path:
    """A private copy of tests/project (the tiny game) that a test may change."""
    dest = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, dest, ignore=shutil.ignore_patterns("output"))
    return dest


@pytest.fixture(scope="session")
def tiny_after(tmp_path_factory):
    """`get(*args)`: a copy of tests/project after `pnp ARGS` ran in it (its files where the command puts them: output/
    unless ARGS say --out), made once per test run and shared by every worker and test that asks for the same ARGS.
    Read-only: a test that changes the project runs its own. What the command printed is in `build_log(root)`."""

    def get(*args: str) -> Path:
        name = re.sub(r"[^A-Za-z0-9.,=]+", "-", "tiny " + " ".join(args)).strip("-")[:80]
        name += "-" + hashlib.sha1("\0".join(args).encode()).hexdigest()[:8]

        def make(out: Path) -> None:
            root = out / "project"
            shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
            result = run_pnp(root, *args)
            assert result.exit_code == 0, result.output + result.stderr
            build_log_path(root).write_text(result.output, encoding="utf-8")

        return _built_once(tmp_path_factory, name, make) / "project"

    return get


@pytest.fixture(scope="session")
def tiny_export(tiny_after):
    """`get(fmt)`: `tiny_after("export", "tiny", "--format", FMT)`: the tiny game's plain export (files under
    output/tiny/FMT/), read by tests/test_export.py, test_targets.py and test_pod_files.py."""
    return lambda fmt: tiny_after("export", "tiny", "--format", fmt)


@pytest.fixture
def built_project(tmp_path, tmp_path_factory) -> Path:
    """A private copy of tests/project (as `project`) holding what `pnp build` wrote into its output/ folder, its kept
    work included: the previous good output a test of a failing build compares with. The build is made once per test
    run and copied into each test's folder, bytes and file times as they were."""

    def make(out: Path) -> None:
        shutil.copytree(TEST_PROJECT, out / "project", ignore=shutil.ignore_patterns("output"))
        result = run_pnp(out / "project", "build")
        assert result.exit_code == 0, result.output + result.stderr

    built = _built_once(tmp_path_factory, "tiny-project-built", make)
    dest = tmp_path / "project"
    shutil.copytree(built / "project", dest, symlinks=True)
    return dest


def run_pnp(root: Path, *args: str):
    """Run the CLI in `root`; returns click's Result (exit_code, output = stdout, stderr)."""
    from pnp.cli import main

    runner = CliRunner()
    return runner.invoke(main, ["--root", str(root), *args], catch_exceptions=False)


def refusal(result, message: str, at: str) -> str:
    """What a command printed when it refused, having checked what a designer reads: exit code 1, no traceback,
    `message` said and `at` (the place it names, `file:line:` or `file:line:column`) in it."""
    shown = result.output + result.stderr
    assert result.exit_code == 1, shown
    assert "Traceback" not in shown
    assert message in shown and at in shown, shown
    return shown


def listing(root: Path, *args: str) -> dict:
    """The first game of `pnp list --format json ARGS` in `root`, as the JSON says it (decks, sizes, sheets, cards)."""
    result = run_pnp(root, "list", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output.split("\n\n")[0])[0]


def quick_findings(root: Path, game: str = "tiny") -> tuple[int, list[str]]:
    """`pnp validate GAME --quick` in `root`: its exit code and the error and warning lines it printed."""
    result = run_pnp(root, "validate", game, "--quick")
    return result.exit_code, [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]


def watch_once(root: Path, game: str, save, timeout: int = 120, args: tuple[str, ...] = ()) -> str:
    """Run `pnp watch GAME [ARGS]` until it says it is watching, call `save()`, and return everything it printed after one rebuild."""
    import subprocess
    import sys
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", "--root", str(root), "watch", game, *args, "--exit-after", "1", "--debounce", "100"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.time() + timeout
        lines = []
        while time.time() < deadline:
            line = process.stdout.readline()
            lines.append(line)
            if line.startswith("watching"):
                break
        time.sleep(0.5)
        save()
        out, _ = process.communicate(timeout=timeout)
    finally:
        process.kill()
    return "".join(lines) + out


def render_page(pdf: Path, index: int, dpi: int = 100):
    """Page `index` of `pdf` as an RGB PIL image at `dpi`."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return image
    finally:
        doc.close()


def pdf_fonts(pdf) -> dict:
    """{base font name: whether it is embedded} for every font reachable from the pages' resources, through forms (visited
    once each: forms share resources). `pdf` is a path, or a pypdf reader, whose bytes pikepdf reads (a tenth of the
    time pypdf takes to walk them)."""
    import pikepdf
    from pdfread import resource_dicts

    found = {}
    with pikepdf.open(getattr(pdf, "stream", pdf)) as doc:
        for res in resource_dicts(doc):
            for font in (res.get("/Font") or {}).values():
                descriptor = font.get("/FontDescriptor")
                found[str(font.BaseFont)] = descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


def apply_edits(project: Path, edits: list[dict]) -> None:
    """Change files of a project copy as a case says: replace (the first occurrence), append, write, write_bytes_hex or write_png."""
    for edit in edits:
        path = project / edit["file"]
        if "replace" in edit:
            old, new = edit["replace"]
            text = path.read_text(encoding="utf-8")
            assert old in text, f"corpus edit does not apply: {old!r} not in {edit['file']}"
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
        elif "append" in edit:
            with path.open("a", encoding="utf-8") as f:
                f.write(edit["append"])
        elif "write" in edit:
            path.write_text(edit["write"], encoding="utf-8")
        elif "write_bytes_hex" in edit:
            path.write_bytes(bytes.fromhex(edit["write_bytes_hex"]))
        elif "write_png" in edit:
            path.parent.mkdir(parents=True, exist_ok=True)
            Image.new("RGB", tuple(edit["write_png"]), "#336699").save(path)


def cold_pdfs(project: Path, out: Path, *args: str) -> dict[str, bytes]:
    """Every PDF of a build in a new process into an empty folder: the reference every fast path must match."""
    shutil.rmtree(out, ignore_errors=True)
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(out), *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return pdfs(out)


def fresh_pdfs(project: Path, out: Path, *args: str) -> dict[str, bytes]:
    """Every PDF of a build in this process into an empty folder (no build cache): the reference for what a rebuild
    that reused part of the last build must print, where a new process (`cold_pdfs`, `cold_build`) would only add its imports."""
    shutil.rmtree(out, ignore_errors=True)
    result = run_pnp(project, "build", "-q", "--out", str(out), *args)
    assert result.exit_code == 0, result.output + result.stderr
    return pdfs(out)


def pdfs(out: Path) -> dict[str, bytes]:
    """{path under `out`: bytes} of every PDF a build wrote."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def add_crowd_deck(project: Path, count: int) -> None:
    """A deck 'crowd' of `count` one-copy cards in the tiny game, drawn by the heroes' templates: a large deck."""
    cards = "\n".join(f"  - {{id: extra{i:03d}, name: Extra {i}, stars: 1, number: {i}, text: Filler {i}., count: 1}}" for i in range(count))
    (project / "data/tiny/decks/crowd.yaml").write_text(f"name: Crowd\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {{side: red}}\ncards:\n{cards}\n",
                                                        encoding="utf-8")


@pytest.fixture(scope="module")
def heap_of_its_own():
    """For a file whose tests collect garbage or walk every object alive (what a build, a page or a session leaves
    behind): what the test process holds before the file's first test is collected once and frozen (gc.freeze, as
    `_warm_process` freezes its warm-up), so each collection and walk of the file's tests covers what the file made,
    not every object the worker keeps for the run (shared reads, fonts, templates). Late in a run a full collection
    there took about a third of a second, and test_sheet_memory made a dozen. What the tests count is unchanged: an
    object made after the freeze is collected and listed by gc.get_objects as before, and none made before is theirs."""
    gc.collect()
    gc.freeze()


def most_images_alive(monkeypatch, module, name: str, bound: int | None = None) -> list[int]:
    """Wrap the image generator `module.name` so that the most images it made alive at once (still referenced) is
    counted as each comes; the list's one item holds that count. Garbage not yet collected is told from images still
    referenced by a full collection, at every image, or (given the `bound` a test holds the count to) only when the count
    passes it: a count at or under the bound stays so after a collection. What the test process held before the images
    came is frozen out of the collections (gc.freeze): a collection walking every object the worker keeps (shared reads,
    fonts, templates) took a fifth of a second each."""
    import weakref

    made: list[weakref.ref] = []
    most = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        gc.freeze()  # what the test process held before (kept frozen, as `_warm_process` keeps its own): a collection walks only what this run made
        for image in real(*args, **kwargs):
            made.append(weakref.ref(image))
            if bound is None or sum(ref() is not None for ref in made) > bound:
                gc.collect()
            most[0] = max(most[0], sum(ref() is not None for ref in made))
            yield image

    monkeypatch.setattr(module, name, counted)
    return most


PLAIN_FACE = '{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="paper") }}\n'


def plain_faces(root: Path, keep: tuple[str, ...] = (), game: str = "tiny") -> None:
    """Every template of `game` in the project at `root` but those named in `keep` drawn as a face of paper, edge to
    edge: for a test of what an export says of its pieces (sizes, counts, names, orders), which the pieces' art does
    not change, at a fraction of the drawing's cost. Faces alike are one image in an export: keep the templates whose
    pieces must be told apart."""
    for template in (root / "templates" / game).glob("*.j2"):
        if template.name not in keep:
            template.write_text(PLAIN_FACE, encoding="utf-8")
