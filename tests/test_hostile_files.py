"""Every file pnp reads stays inside the project, every input that can grow is bounded, and every fault of the
machine is told in one line: a downloaded game is untrusted, and a disk can fill up."""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import ROOT, run_pnp
from pdftext import pdf_text
from PIL import Image

from pnp.core.errors import PnpError

SECRET = "SENTINEL-b41d-from-outside"
REAL_OPENS: list[str] = []
_recording = False


def _audit(event, args):
    """Record the real path (links followed) of every file Python opens while recording."""
    if _recording and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        with contextlib.suppress(OSError, ValueError):
            REAL_OPENS.append(os.path.realpath(os.fsdecode(args[0])))


sys.addaudithook(_audit)


@contextlib.contextmanager
def recording_real_opens():
    global _recording
    REAL_OPENS.clear()
    _recording = True
    try:
        yield REAL_OPENS
    finally:
        _recording = False


@pytest.fixture
def game(built_project, tmp_path):
    """The test project built once (the previous good output: conftest.built_project), and a folder outside it holding a secret."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET + "\n")
    assert (built_project / "output/tiny/tiny-cards.pdf").is_file()
    return built_project, outside


def outputs_digest(project: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((project / "output/tiny").iterdir()) if p.is_file()}


def refused(game, message: str, at: str) -> str:
    """Build; check the refusal is located, says `message`, read nothing outside, showed nothing of it, kept the outputs."""
    project, outside = game
    before = outputs_digest(project)
    with recording_real_opens():
        result = run_pnp(project, "build")
    shown = result.output + result.stderr
    assert result.exit_code == 1, shown
    assert "Traceback" not in shown and "internal error" not in shown, shown
    assert message in shown, shown
    assert at in shown, shown
    real_outside = os.path.realpath(outside)
    assert not [p for p in REAL_OPENS if p.startswith(real_outside + os.sep)], "opened a file outside the project"
    assert SECRET not in shown
    assert outputs_digest(project) == before
    for path in (project / "output").rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
            if path.suffix == ".pdf":
                assert SECRET not in _pdf_text(path.read_bytes()), path
    return shown


_TEXTS: dict[str, str] = {}


def _pdf_text(data: bytes) -> str:
    """Every page's text of a PDF (pdfium, tests/pdftext), worked out once per content: the outputs a refusal kept are
    the same bytes test after test."""
    key = hashlib.sha256(data).hexdigest()
    if key not in _TEXTS:
        _TEXTS[key] = pdf_text(data, "")
    return _TEXTS[key]


def link(project: Path, rel: str, target: Path) -> None:
    """Replace the project's `rel` (a file or folder) with a link to `target`."""
    path = project / rel
    if path.is_dir():
        for child in sorted(path.rglob("*"), reverse=True):
            child.unlink() if child.is_file() else child.rmdir()
        path.rmdir()
    elif path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)


def _copy_out(project: Path, rel: str, outside: Path, extra: str = "") -> Path:
    """A copy of the project's `rel` outside it (with `extra` appended to a text file), to link to."""
    source, copy = project / rel, outside / Path(rel).name
    if source.is_dir():


        shutil.copytree(source, copy)
    else:
        copy.write_bytes(source.read_bytes() + extra.encode())
    return copy


def _deck(project, outside):
    link(project, "data/tiny/decks/heroes.yaml", outside / "secret.txt")
    return "is a link (or lies in a linked folder) whose real file is outside the project's data/ folder", "data/tiny/decks/heroes.yaml"


def _rulebook(project, outside):
    link(project, "data/tiny/rulebook.md", _copy_out(project, "data/tiny/rulebook.md", outside, f"\n{SECRET}\n"))
    return "whose real file is outside the project's data/ folder", "data/tiny/rulebook.md"


def _decks_folder(project, outside):
    link(project, "data/tiny/decks", _copy_out(project, "data/tiny/decks", outside))
    (outside / "decks/heroes.yaml").write_text((outside / "decks/heroes.yaml").read_text().replace("Rogue", SECRET))
    return "is a link (or lies in a linked folder)", "data/tiny/decks/heroes.yaml"


def _icon(project, outside):
    (outside / "hearts.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>{SECRET}</text></svg>')
    link(project, "templates/icons/hearts.svg", outside / "hearts.svg")
    return "whose real file is outside the project folder", "templates/icons/hearts.svg"


def _font(project, outside):
    (outside / "Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts").mkdir()
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\n")
    link(project, "fonts/Mine.ttf", outside / "Mine.ttf")
    game_yaml = project / "data/tiny/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  body: noto-sans", "  body: mine"))
    return "font file 'Mine.ttf' of family 'mine' (regular) is a link", "fonts/fonts.yaml:3:14"


def _fonts_yaml(project, outside):
    (outside / "fonts.yaml").write_text(f"# {SECRET}\nfamilies:\n  mine:\n    regular: Mine.ttf\n")
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    link(project, "fonts/fonts.yaml", outside / "fonts.yaml")
    return "'fonts/fonts.yaml' is a link (or lies in a linked folder) whose real file is outside", "fonts/fonts.yaml: error:"


def _fonts_folder(project, outside):
    _fonts_yaml(project, outside)
    (project / "fonts/fonts.yaml").unlink()
    (outside / "Mine.ttf").write_bytes((project / "fonts/Mine.ttf").read_bytes())
    link(project, "fonts", outside)
    return "'fonts/fonts.yaml' is a link (or lies in a linked folder) whose real file is outside", "fonts/fonts.yaml: error:"


def _image(project, outside):
    Image.new("RGB", (60, 60), "red").save(outside / "art.png")
    (project / "art").mkdir()
    link(project, "art/hero.png", outside / "art.png")
    with (project / "templates/tiny/frame.j2").open("a") as f:
        f.write("{{ image('art/hero.png', 5, 40, 20, 20) }}\n")
    return "image 'art/hero.png' is a link", "templates/tiny/frame.j2:6:"


def _template(project, outside):
    link(project, "templates/tiny/back.j2", _copy_out(project, "templates/tiny/back.j2", outside, f"{{# {SECRET} #}}"))
    return "template 'tiny/back.j2' is a link", "data/tiny/decks/heroes.yaml:4:7"


def _spreadsheet(project, outside):
    book = openpyxl.Workbook()
    book.active.append(["id", "name", "stars", "number", "text"])
    book.active.append(["spy", SECRET, 1, 9, SECRET])
    book.save(outside / "cards.xlsx")
    link(project, "data/tiny/decks/cards.xlsx", outside / "cards.xlsx")
    (project / "data/tiny/decks/spies.yaml").write_text("name: Spies\nsize: poker\nfront: tiny/hero.j2\ncards_from: cards.xlsx\n")
    return "cards_from 'cards.xlsx' leads outside", "data/tiny/decks/spies.yaml:4:13"


@pytest.mark.parametrize("make", [_deck, _rulebook, _decks_folder, _icon, _font, _fonts_yaml, _fonts_folder, _image, _template, _spreadsheet],
                         ids=lambda make: make.__name__.strip("_"))
def test_a_link_leading_out_of_the_project_is_refused_and_nothing_outside_is_read(game, make):
    message, at = make(*game)
    refused(game, message, at)


def test_a_rulebook_linked_out_of_the_data_is_its_games_error(game):
    """A game's rulebook.md that is a link out of data/ is that game's mistake, as any of its files would be: validate's
    summary counts it on the game's line, never as the project's (pnp.yaml's) with the game said to have none."""
    project, outside = game
    _rulebook(project, outside)
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert result.exit_code == 1 and result.output.splitlines()[-1] == "tiny: 1 error, 0 warnings", result.output


def test_list_says_where_a_fonts_yaml_linked_out_is(game):
    project, outside = game
    _fonts_yaml(project, outside)
    result = run_pnp(project, "list")
    assert result.exit_code == 1, result.output
    assert "fonts/fonts.yaml: error: 'fonts/fonts.yaml' is a link" in result.output + result.stderr


def _edit_a_card(project: Path) -> None:
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("Steal 1 coin", "Steal 2 coins"))


def test_a_cache_folder_linked_to_the_users_own_cache_is_refused_unread(game):
    """output/.pnp-cache/parsed linked to a folder of the user's holding their own cache's entries (sealed with their
    key, so they would unpickle): the build refuses the link and reads none of them."""
    project, outside = game
    shutil.copytree(project / "output/.pnp-cache/parsed", outside / "cache")
    link(project, "output/.pnp-cache/parsed", outside / "cache")
    _edit_a_card(project)
    with recording_real_opens(), pytest.raises(PnpError, match=r"'output/\.pnp-cache/parsed' is a link"):  # said by the CLI's one handler
        run_pnp(project, "build")
    assert not [p for p in REAL_OPENS if p.startswith(os.path.realpath(outside) + os.sep)]


def test_a_link_at_an_output_the_cache_would_reuse_is_not_read(game):
    project, outside = game
    link(project, "output/tiny/tiny-labels.pdf", outside / "secret.txt")
    with recording_real_opens():
        result = run_pnp(project, "build", "--only", "labels")
    assert result.exit_code == 0, result.output + result.stderr
    assert os.path.realpath(outside / "secret.txt") not in REAL_OPENS
    assert not (project / "output/tiny/tiny-labels.pdf").is_symlink()


@pytest.mark.parametrize("fonts_yaml, message, at", [
    ("families: [a, b]\n", "families: expected a mapping", "fonts/fonts.yaml:1:11"),
    ("families:\n  mine: Mine.ttf\n", "families.mine: expected a mapping", "fonts/fonts.yaml:2:9"),
    ("families:\n  mine:\n    heavy: Mine.ttf\n", "'heavy' is not allowed", "fonts/fonts.yaml:3:12"),
    ("families:\n  mine:\n    regular: Mine.ttf\nfallback: nothing\n", "fallback names 'nothing', which is no family here", "fonts/fonts.yaml:4:11"),
    ("families:\n  mine:\n    regular: " + "m" * 300 + ".ttf\n", "cannot be read (File name too long)", "fonts/fonts.yaml:3:14"),
], ids=["families a list", "a family a text", "no such style", "no such fallback", "a name too long for a file"])
def test_a_fonts_yaml_that_cannot_be_used_is_located_in_build_and_list(game, fonts_yaml, message, at):
    project = game[0]
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text(fonts_yaml)
    game_yaml = project / "data/tiny/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  body: noto-sans", "  body: mine"))
    refused(game, message, at)
    listed = run_pnp(project, "list")
    assert listed.exit_code == 1 and at in listed.output + listed.stderr, listed.output + listed.stderr


@pytest.mark.parametrize("table", [b"glyf", b"loca"], ids=["outlines", "index of outlines"])
def test_a_font_whose_glyphs_are_garbage_is_refused_at_its_line_not_when_a_pdf_embeds_it(game, table):
    """Its tables parse; its glyph outlines (or the index of where each starts) are 0xff bytes, read only when a PDF
    embeds them: an internal error then, or glyphs printed blank. The font is Comfortaa, whose glyph table is the
    smallest of the TrueType fonts pnp ships: reportlab's walk through garbage outlines grows with the table."""
    import struct

    project = game[0]
    data = bytearray((ROOT / "pnp/assets/fonts/comfortaa/Comfortaa-Regular.ttf").read_bytes())
    for entry in range(12, 12 + 16 * struct.unpack(">H", data[4:6])[0], 16):
        if data[entry:entry + 4] == table:
            offset, length = struct.unpack(">II", data[entry + 8:entry + 16])
            data[offset:offset + length] = b"\xff" * length
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes(bytes(data))
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\n")
    game_yaml = project / "data/tiny/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  body: noto-sans", "  body: mine"))
    refused(game, "font file 'Mine.ttf' of family 'mine' (regular) is not a usable font", "fonts/fonts.yaml:3:14")


def test_a_font_role_naming_no_family_is_located(game):
    game_yaml = game[0] / "data/tiny/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  body: noto-sans", "  body: ../../etc/passwd"))
    refused(game, "font role 'body' names '../../etc/passwd', which is no family", "data/tiny/game.yaml:14:9")


def test_cards_asked_for_in_a_game_a_refused_icon_stopped_are_not_said_missing(game):
    """--cards names a card of a game that did not load at all (an icon refused stops all of it): the icon's error is
    the answer, not 'no card'."""
    project, outside = game
    (outside / "hearts.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
    link(project, "templates/icons/hearts.svg", outside / "hearts.svg")
    result = run_pnp(project, "build", "--only", "cards", "--cards", "knight")
    assert result.exit_code == 1, result.output + result.stderr
    assert "templates/icons/hearts.svg: error: icon file 'templates/icons/hearts.svg' is a link" in result.output + result.stderr


def test_a_sheet_named_by_a_file_address_is_said_at_the_decks_line(game):
    project, outside = game
    (project / "data/tiny/decks/spies.yaml").write_text(f"name: Spies\nsize: poker\nfront: tiny/hero.j2\ncards_from: file://{outside}/secret.txt\n")
    refused(game, f"cards_from names 'file://{outside}/secret.txt', which is no file beside spies.yaml", "data/tiny/decks/spies.yaml:4:13")


def test_a_link_that_stays_inside_the_project_is_followed(game):
    project, _ = game
    shared = project / "data/shared-heroes.yaml"
    shared.write_bytes((project / "data/tiny/decks/heroes.yaml").read_bytes().replace(b"Rogue", b"Thief"))
    link(project, "data/tiny/decks/heroes.yaml", shared)
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert "Thief" in pdf_text(project / "output/tiny/tiny-cards.pdf")


# Bounds --------------------------------------------------------------------------------
def measured(project: Path, *args: str) -> tuple[int, str, float, float]:
    """(exit status, what it printed, processor seconds, peak MB) of `pnp` run as a process of its own.

    The peak is the process's own high-water mark (VmHWM) and its children's: Linux's ru_maxrss of a process keeps the
    high-water mark of the process it was forked from before exec (here a pytest worker that may have grown large)."""
    report = project / "usage.json"
    code = (
        "import atexit, json, resource, sys\n"
        "def usage():\n"
        "    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "    hwm = int(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM:')))\n"
        f"    open({str(report)!r}, 'w').write(json.dumps([own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime, max(hwm, kids.ru_maxrss) / 1024]))\n"
        "atexit.register(usage)\n"
        "from pnp.cli import run\n"
        "sys.argv = ['pnp', *sys.argv[1:]]\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", code, "--root", str(project), *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ}, timeout=300)
    if not report.exists():  # killed, or aborted by a library below Python: no figures, and surely not bounded
        return done.returncode, done.stdout + done.stderr, float("inf"), float("inf")
    cpu, peak = json.loads(report.read_text())
    report.unlink()
    return done.returncode, done.stdout + done.stderr, cpu, peak


def assert_bounded(project: Path, message: str, at: str) -> None:
    status, shown, cpu, peak = measured(project, "validate")
    assert status == 1, shown
    assert message in shown and at in shown, shown
    assert "Traceback" not in shown and "internal error" not in shown, shown
    assert cpu < 10, f"{cpu:.1f} s of processor time"
    assert peak < 500, f"{peak:.0f} MB"


def _svg(project: Path, body: str, head: str = 'viewBox="0 0 10 10"') -> None:
    (project / "templates/icons").mkdir(parents=True, exist_ok=True)
    (project / "templates/icons/hearts.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {head}>{body}</svg>')


def test_an_icon_of_200000_elements_is_refused_quickly(project):
    _svg(project, "<g/>" * 200_000)
    assert_bounded(project, "has more than 20,000 elements", "templates/icons/hearts.svg")


def test_an_icon_of_thousands_of_style_rules_is_refused_quickly(project):
    """svglib tries every rule of a <style> on every element: 5,000 rules on 15,000 elements took it 30 s."""
    rules = "".join(f".c{i} rect {{fill: red}}" for i in range(5000))
    _svg(project, f"<style>{rules}</style><g class='c1'>" + "<rect width='1' height='1'/>" * 15_000 + "</g>")
    assert_bounded(project, "has more than 500 style rules", "templates/icons/hearts.svg")


def test_an_icon_with_a_megabyte_of_path_data_is_refused(project):
    _svg(project, "".join(f'<path d="M0 0 {"L1 1 " * 20_000}"/>' for _ in range(12)))
    assert_bounded(project, "characters of path data", "templates/icons/hearts.svg")


@pytest.mark.parametrize("head, body, message", [
    ('viewBox="0 0 1e300 1e300"', '<rect width="5" height="5"/>', 'has viewBox="0 0 1e300 1e300", beyond'),
    ('viewBox="0 0 10 10"', '<rect width="5"', "is not valid SVG (XML error at line 1"),
    ('viewBox="0 0 10 10"><foo/></svg><svg', "", "is not valid SVG"),
    ('viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"', '<image xlink:href="https://example.org/art.png" width="5" height="5"/>',
     "links to 'https://example.org/art.png', outside its folder: put what it shows in the SVG itself"),
])
def test_an_icon_that_cannot_be_drawn_is_a_located_error(game, head, body, message):
    _svg(game[0], body, head)
    refused(game, message, "templates/icons/hearts.svg")


def test_an_icon_that_is_not_svg_at_all_is_a_located_error(game):
    (game[0] / "templates/icons").mkdir(parents=True)
    (game[0] / "templates/icons/hearts.svg").write_bytes(b"\x89PNG\r\n\x1a\n not an svg")
    refused(game, "is not valid SVG", "templates/icons/hearts.svg")


def _sheet_deck(project: Path) -> Path:
    (project / "data/tiny/decks/spies.yaml").write_text("name: Spies\nsize: poker\nfront: tiny/hero.j2\ncards_from: cards.xlsx\n")
    book = openpyxl.Workbook()
    book.active.append(["id", "name", "stars", "number", "text", "side"])
    book.active.append(["spy", "Spy", 1, 9, "Sneak.", "red"])
    path = project / "data/tiny/decks/cards.xlsx"
    book.save(path)
    return path


def test_a_workbook_unpacking_to_over_half_a_gib_is_refused_before_it_is_unpacked(project):
    """528 MiB of spaces in a sheet: five times the 100 MB a workbook may unpack to, and more than the 500 MB the
    refusal may use, so a workbook unpacked before it is judged would fail the test too."""
    path = _sheet_deck(project)
    with zipfile.ZipFile(path) as z:
        members = {i.filename: z.read(i) for i in z.infolist()}
    head, tail = members.pop("xl/worksheets/sheet1.xml").split(b"</sheetData>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, data in members.items():
            z.writestr(name, data)
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as f:  # 528 MiB of spaces between the cells
            f.write(head)
            for _ in range(33):
                f.write(b" " * (1 << 24))
            f.write(b"</sheetData>" + tail)
    assert path.stat().st_size < 10_000_000
    assert_bounded(project, "unpacks to 553,", "data/tiny/decks/cards.xlsx")


def test_a_stray_value_far_away_in_a_sheet_is_refused_before_its_cells_are_made(project):
    path = _sheet_deck(project)
    book = openpyxl.load_workbook(path)
    book.active["XFD1048576"] = "stray"
    book.save(path)
    assert_bounded(project, "spans 1,048,576 rows × 16,384 columns", "data/tiny/decks/cards.xlsx")


def test_a_face_is_limited_by_the_processor_time_it_uses_not_by_the_clock():
    import time

    from pnp.core.errors import LayoutError
    from pnp.layout.growth import Allowance

    waiting = Allowance(0.3)
    time.sleep(0.6)  # a face waiting for a busy machine's processor uses no time of its own
    for _ in range(1000):
        waiting.tick()
    busy = Allowance(0.3)
    with pytest.raises(LayoutError, match="processor time"):
        while True:
            busy.tick()


def test_a_deck_in_a_loop_of_links_is_a_located_error(game):
    """heroes.yaml links to loop.yaml, which links back: each is said unreadable at its name, not an internal error."""
    decks = game[0] / "data/tiny/decks"
    (decks / "heroes.yaml").unlink()
    (decks / "heroes.yaml").symlink_to(decks / "loop.yaml")
    (decks / "loop.yaml").symlink_to(decks / "heroes.yaml")
    refused(game, "cannot read this file: Too many levels of symbolic links", "data/tiny/decks/heroes.yaml: error:")


def test_data_nested_too_deep_is_a_located_error(game):
    (game[0] / "data/tiny/tokens.yaml").write_text("a: " + "{b: " * 5000 + "1" + "}" * 5000 + "\n")
    refused(game, "nest over 100 deep here: flatten the data", "data/tiny/tokens.yaml:1:")


# Faults --------------------------------------------------------------------------------
@pytest.fixture
def small_disk(tmp_path):
    """A 5 MB tmpfs of its own (needs root, as in the test container; skipped elsewhere)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=5m", "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _edited_build(project: Path, out: Path) -> tuple[int, str]:
    text = project / "data/tiny/decks/heroes.yaml"
    text.write_text(text.read_text().replace("Steal 1 coin", "Steal 2 coins"))
    with contextlib.suppress(FileNotFoundError):
        (project / "data/tiny/rulebook.md").write_text((project / "data/tiny/rulebook.md").read_text() + "\nOne more line.\n")
    done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "--out", str(out)], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ}, timeout=300)
    return done.returncode, done.stdout + done.stderr


def _outputs(out: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((out / "tiny").iterdir())}


@pytest.mark.parametrize("fault, message", [
    ("full", "no space left on device; the disk is full: free some space"),
    ("read-only", "read-only file system; that folder is on a read-only disk: build elsewhere with --out"),
])
def test_a_full_or_read_only_disk_is_told_in_one_line_and_the_old_outputs_stay(project, small_disk, fault, message):
    assert run_pnp(project, "build", "--out", str(small_disk)).exit_code == 0
    before = _outputs(small_disk)
    if fault == "full":
        with contextlib.suppress(OSError), open(small_disk / "filler", "wb") as f:
            while f.write(b"\0" * (1 << 16)):
                pass
    else:
        subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    status, shown = _edited_build(project, small_disk)
    assert status == 1, shown
    assert message in shown, shown
    assert f"{small_disk}/tiny/tiny-" in shown, shown  # names the output, not a temporary
    assert "Traceback" not in shown and "internal error" not in shown, shown
    assert len([line for line in shown.splitlines() if line.startswith("pnp:")]) == 1, shown
    assert _outputs(small_disk) == before


@pytest.mark.parametrize("rel", ["data/tiny/game.yaml", "data/tiny/boards.yaml", "data/tiny/rulebook.md"])
def test_a_game_file_left_a_link_to_nowhere_is_one_error_at_it(project, rel):
    """A game unpacked without the file a link of it names keeps the link: pnp says so at the link, and what to do,
    where passing over it would build the game as if it had no boards or no rulebook (or were no game at all). The
    error is the game's, counted in its summary."""
    path = project / rel
    path.unlink()
    path.symlink_to("moved-away" + path.suffix)
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1, result.output
    assert [line for line in result.output.splitlines() if ": error: " in line] == [
        f"{rel}: error: this file is a link to a file that is not there: put the file back where the link points, or put the file itself here"]
    assert result.output.splitlines()[-1] == "tiny: 1 error, 0 warnings", result.output
