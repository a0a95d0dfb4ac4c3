"""Hostile and broken input: refused with a located message, no traceback, nothing read outside
the project, and the previous good output left exactly as it was. A constraint's `where:` and the rulebook's Jinja
run in the templates' sandbox as a template does; a deck holds at most 20,000 cards."""
from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import sys
import zlib
from pathlib import Path

import pytest
from conftest import refusal, run_pnp
from pdftext import flat, pdf_text
from PIL import Image
from pypdf import PdfReader

SECRET = "SENTINEL-7c1e-do-not-read"
OPENED: list[str] = []
_recording = False


def _audit(event, args):
    if _recording and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


@contextlib.contextmanager
def recording_opens():
    """Record every path Python opens meanwhile into OPENED."""
    global _recording
    OPENED.clear()
    _recording = True
    try:
        yield OPENED
    finally:
        _recording = False


@pytest.fixture
def hostile(built_project, tmp_path):
    """The test project, built once (the previous good output: conftest.built_project), and a sentinel file outside it."""
    project = built_project
    sentinel = tmp_path / "outside" / "secret.txt"
    sentinel.parent.mkdir()
    sentinel.write_text(SECRET)
    Image.new("RGB", (300, 300), "red").save(tmp_path / "outside" / "art.png")
    pdf = project / "output/tiny/tiny-cards.pdf"
    assert pdf.is_file()
    return project, sentinel, pdf, hashlib.sha256(pdf.read_bytes()).hexdigest()


def build_refused(hostile, message: str, at: str, *args: str, exit_code: int = 1):
    """Run a build (`args`, or a plain `build`) and check every promise a refusal keeps. A fault in a card's template
    is refused building the cards alone (`--only cards`), the output whose faces it draws."""
    project, _sentinel, pdf, digest = hostile
    with recording_opens():
        result = run_pnp(project, *(args or ("build",)))
    shown = result.output + result.stderr
    assert result.exit_code == exit_code, shown
    assert "Traceback" not in shown
    assert message in shown, shown
    assert at in shown, shown
    assert not [p for p in OPENED if "outside" in p], OPENED
    assert SECRET not in shown
    assert hashlib.sha256(pdf.read_bytes()).hexdigest() == digest
    assert not list(pdf.parent.glob(".*.tmp"))
    return result


def edit(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


DECK = "data/tiny/decks/heroes.yaml"
FRAME = "templates/tiny/frame.j2"


def add_to_frame(project, line: str) -> None:
    with (project / FRAME).open("a", encoding="utf-8") as f:
        f.write(line + "\n")


# YAML ----------------------------------------------------------------------------------
def test_python_tags_never_run(hostile):
    project = hostile[0]
    edit(project, DECK, 'name: "<Knight>"', "name: !!python/object/apply:os.system ['touch /tmp/pwned']")
    build_refused(hostile, "is not allowed in game data", "data/tiny/decks/heroes.yaml:7:")
    assert not Path("/tmp/pwned").exists()


def test_duplicate_keys_name_both_lines(hostile):
    edit(hostile[0], "data/tiny/game.yaml", "age: 8", "age: 8\nage: 9")
    build_refused(hostile, "key 'age' appears twice (first at line 5)", "data/tiny/game.yaml:6:1")


def test_alias_bomb_is_refused_fast(hostile):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"] + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    (hostile[0] / DECK).write_text("\n".join(lines) + "\n")
    build_refused(hostile, "more than 200,000 values (aliases expanding?)", "data/tiny/decks/heroes.yaml:")


def test_oversized_file_is_refused_before_parsing(hostile):
    (hostile[0] / DECK).write_bytes(b"name: x\n# " + b"y" * 6_000_000 + b"\n")
    build_refused(hostile, "the limit is 5,000,000", "data/tiny/decks/heroes.yaml")


def test_invalid_utf8_is_located(hostile):
    path = hostile[0] / DECK
    path.write_bytes(path.read_bytes().replace(b"Rogue", b"Rog\xe9"))
    build_refused(hostile, "byte 0xe9 is not UTF-8", "data/tiny/decks/heroes.yaml:9:")


def test_tabs_are_located(hostile):
    edit(hostile[0], "data/tiny/game.yaml", "  ink:", "\tink:")
    build_refused(hostile, "a tab character", "data/tiny/game.yaml:8:1")


def test_yaml_1_1_octal_and_absurd_counts(hostile):
    edit(hostile[0], DECK, "gain :star:.\", count: 2", "gain :star:.\", count: 0123")
    build_refused(hostile, "expected a whole number, got '0123'", "data/tiny/decks/heroes.yaml:7:")
    edit(hostile[0], DECK, "count: 0123", "count: 100000")
    build_refused(hostile, "100000 is too large; the maximum is 1000", "data/tiny/decks/heroes.yaml:7:")


def test_infinite_and_huge_sizes(hostile):
    edit(hostile[0], DECK, "size: poker", "size: .inf")
    build_refused(hostile, "each side must be between 0 and 2000 mm", "data/tiny/decks/heroes.yaml:2:7")
    edit(hostile[0], DECK, "size: .inf", "size: 5000 x 10")
    build_refused(hostile, "each side must be between 0 and 2000 mm", "data/tiny/decks/heroes.yaml:2:7")


# Templates -----------------------------------------------------------------------------
def test_sandbox_refuses_attribute_escapes(hostile):
    add_to_frame(hostile[0], "{{ text(''.__class__.__mro__[1].__subclasses__()|string, 5, 5, 50, 5) }}")
    build_refused(hostile, "not allowed in a template", "templates/tiny/frame.j2:6:", "build", "--only", "cards")


def test_string_repetition_is_capped(hostile):
    add_to_frame(hostile[0], "{% set huge = 'x' * 1000000000 %}")
    build_refused(hostile, "too large (limit 100,000 items)", "templates/tiny/frame.j2:6:", "build", "--only", "cards")


def test_runaway_loops_are_stopped(hostile, monkeypatch):
    """One face loops away, on the card sheets alone (the knight's: every face that did, in every output showing it,
    would use its allowance before the build stops). Half a second of processor time here, as tests/test_template_bombs.py
    gives `pnp watch`: the allowance is a setting, stopped at the same check whatever its length."""
    monkeypatch.setenv("PNP_FACE_SECONDS", "0.5")
    add_to_frame(hostile[0], "{% if card.id == 'knight' %}{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}{% endif %}")
    build_refused(hostile, "over 0.5 s of processor time on one face", "templates/tiny/frame.j2:6:", "build", "--only", "cards")


def test_undefined_names_name_template_line_and_card(hostile):
    add_to_frame(hostile[0], "{{ text(nothing, 5, 5, 20, 5) }}")
    build_refused(hostile, "'nothing' is undefined", "templates/tiny/frame.j2:6:9", "build", "--only", "cards")


@pytest.mark.parametrize("dash", ["[0, 0]", "[-1, 2]", "range(10000)|list", "'2 1'"])
def test_a_dash_no_viewer_can_draw_is_refused_at_its_line(hostile, dash):
    """reportlab refused an all-zero dash only as the page was written, naming no template."""
    add_to_frame(hostile[0], f"{{{{ line(0, 0, 50, 50, dash={dash}) }}}}")
    build_refused(hostile, "dash must be a list", "templates/tiny/frame.j2:6:", "build", "--only", "cards")


@pytest.mark.parametrize("call", ["rect(0, 0, 1e308, 1e308, fill='red')", "circle(5, 5, -1e200, fill='red')", "line(0, 0, 10 ** 90, 5)"])
def test_a_number_past_any_piece_is_refused_at_its_line(hostile, call):
    """Finite, but past what a point can hold once turned into points: reportlab stopped on a 1e308 mm rectangle only
    as the page was written, with its own message and the deck's folder for a place (the hostile bench's "elsewhere")."""
    add_to_frame(hostile[0], f"{{{{ {call} }}}}")
    build_refused(hostile, "past what a drawing holds", "templates/tiny/frame.j2:6:", "build", "--only", "cards")


# Text ----------------------------------------------------------------------------------
def test_markup_in_text_prints_as_written_and_opens_nothing(hostile):
    project = hostile[0]
    evil = '<img src="../outside/secret.txt"/> <a href="javascript:alert(1)">x</a> "q" \\x07bell'
    edit(project, DECK, "Steal 1 coin − then run → away.", evil.replace('"', '\\"'))
    with recording_opens():
        result = run_pnp(project, "build")
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(project / "output/tiny/tiny-cards.pdf")
    text = flat(pdf_text(project / "output/tiny/tiny-cards.pdf", " "))
    text = text.replace("\u201c", '"').replace("\u201d", '"')  # card text sets typographic quotes, as the rulebook does
    assert '<a href="javascript:alert(1)">x</a>' in text and "<img src=" in text
    assert "\x07" not in text
    assert not any("/Annots" in p for p in reader.pages)
    assert not [p for p in OPENED if "outside" in p]


def test_characters_missing_from_every_font_are_reported(hostile):
    edit(hostile[0], DECK, "This card has its own back.", "Own back 𓀀.")
    build_refused(hostile, "U+13000", "templates/tiny/hero.j2:5:", "build", "--only", "cards")


def test_overlong_text_is_refused(hostile):
    edit(hostile[0], DECK, "This card has its own back.", "x" * 120_000)
    build_refused(hostile, "characters long (limit 100,000)", "templates/tiny/hero.j2:5:", "build", "--only", "cards")


# Rulebook ------------------------------------------------------------------------------
def test_a_rulebook_not_in_utf8_is_located(hostile):
    (hostile[0] / "data/tiny/rulebook.md").write_bytes(b"# Rules\n\n\xed\xa0\x80 x\n")  # a lone surrogate, as UTF-8 never writes one
    build_refused(hostile, "byte 0xed is not UTF-8", "data/tiny/rulebook.md:3:1", "build", "--only", "rulebook")


@pytest.mark.parametrize("width", ["nan", "inf", "-4"])
def test_a_figure_width_that_is_no_width_is_a_warning(hostile, width):
    (hostile[0] / "data/tiny/rulebook.md").write_text(f'# Rules\n\n![The town](board:town "{width}")\n')
    result = run_pnp(hostile[0], "build", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    assert f"data/tiny/rulebook.md:3:13: warning: figure width '{width}' is not a number of mm" in result.output + result.stderr


# Images --------------------------------------------------------------------------------
def _png_claiming(width: int, height: int) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b"")


def _jpeg_claiming(path: Path, width: int, height: int) -> None:
    Image.new("RGB", (8, 8), "blue").save(path, "JPEG")
    data = bytearray(path.read_bytes())
    sof = data.index(b"\xff\xc0")
    data[sof + 5 : sof + 9] = struct.pack(">HH", height, width)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("name, make, message", [
    ("art/bomb.png", lambda p: p.write_bytes(_png_claiming(60000, 60000)), "too many pixels"),
    ("art/bomb.jpg", lambda p: _jpeg_claiming(p, 60000, 60000), "too many pixels"),
    ("art/wide.png", lambda p: p.write_bytes(_png_claiming(20000, 5000)), "claims 20000 × 5000 px"),
    ("art/anim.gif", lambda p: Image.new("RGB", (10, 10)).save(p, "GIF"), "is GIF; use PNG, JPEG or WebP"),
    ("art/cut.png", lambda p: (Image.new("RGB", (400, 400), "red").save(p), p.write_bytes(p.read_bytes()[:200])), "cannot be read"),
    ("art/fake.png", lambda p: p.write_text("not an image"), "cannot be read"),
])
def test_bad_images_are_checked_before_reportlab_sees_them(hostile, name, make, message):
    path = hostile[0] / name
    path.parent.mkdir(exist_ok=True)
    make(path)
    add_to_frame(hostile[0], f"{{{{ image('{name}', 5, 40, 20, 20) }}}}")
    build_refused(hostile, message, "templates/tiny/frame.j2:6:4", "build", "--only", "cards")


# Paths ---------------------------------------------------------------------------------
@pytest.mark.parametrize("reference, message", [
    ("../outside/art.png", "outside the project folder"),
    ("ABSOLUTE", "must be relative to the project folder"),
    ("art/ok\\x00.png", "must be relative to the project folder"),
])
def test_image_paths_stay_inside_the_project(hostile, reference, message):
    project, sentinel = hostile[0], hostile[1]
    if reference == "ABSOLUTE":
        reference = str(sentinel.parent / "art.png")
    if "../outside" in reference:
        reference = os.path.relpath(sentinel.parent / "art.png", project)
    add_to_frame(project, f"{{{{ image('{reference}', 5, 40, 20, 20) }}}}")
    build_refused(hostile, message, "templates/tiny/frame.j2:6:", "build", "--only", "cards")


def test_symlinked_image_leading_out_is_refused(hostile):
    project, sentinel = hostile[0], hostile[1]
    (project / "art").mkdir()
    (project / "art/link.png").symlink_to(sentinel.parent / "art.png")
    add_to_frame(project, "{{ image('art/link.png', 5, 40, 20, 20) }}")
    build_refused(hostile, "outside the project folder", "templates/tiny/frame.j2:6:", "build", "--only", "cards")


def test_symlinked_template_leading_out_is_refused(hostile):
    project, sentinel = hostile[0], hostile[1]
    (sentinel.parent / "evil.j2").write_text("{{ rect(0, 0, 5, 5) }}")
    (project / "templates/tiny/evil.j2").symlink_to(sentinel.parent / "evil.j2")
    edit(project, DECK, "back: tiny/back.j2", "back: tiny/evil.j2")
    build_refused(hostile, "whose real file is outside templates/", "data/tiny/decks/heroes.yaml:4:7")



def test_a_data_folder_linked_out_is_refused_without_reading_a_file_through_it(hostile):
    """data/ itself a link to a folder outside the project: the build refuses the game, and nothing under the link is
    opened first (the build's standing once hashed every file of the game's folder before the loader refused it)."""
    project, sentinel = hostile[0], hostile[1]
    outside = sentinel.parent / "data"
    (project / "data").rename(outside)
    (project / "data").symlink_to(outside)
    with recording_opens() as opened:
        result = run_pnp(project, "build", "-q")
    assert result.exit_code == 1 and "outside" in result.output + result.stderr
    assert not [path for path in opened if os.path.realpath(path).startswith(str(outside))]


def test_an_export_folder_linked_out_is_replaced_without_reading_the_users_files(hostile):
    """The png export's folder is a link to a user's folder: the export writes its own folder at that name and says
    what it adds, reading nothing of the user's (the change summary once hashed every file under the link)."""
    project, sentinel = hostile[0], hostile[1]
    (project / "output/tiny/png").symlink_to(sentinel.parent, target_is_directory=True)
    with recording_opens() as opened:
        result = run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    assert not [path for path in opened if Path(path).name in ("secret.txt", "art.png")]  # the link is gone by now: by name
    assert sentinel.read_text() == SECRET and (project / "output/tiny/png").is_dir() and not (project / "output/tiny/png").is_symlink()


def test_a_template_linked_to_a_folder_whose_name_extends_templates_is_refused(hostile):
    """templates-extra/ shares its first letters with templates/ but is another folder: a link into it leaves."""
    project = hostile[0]
    (project / "templates-extra").mkdir()
    (project / "templates-extra/evil.j2").write_text("{{ rect(0, 0, 5, 5) }}")
    (project / "templates/tiny/evil.j2").symlink_to(project / "templates-extra/evil.j2")
    edit(project, DECK, "back: tiny/back.j2", "back: tiny/evil.j2")
    build_refused(hostile, "whose real file is outside templates/", "data/tiny/decks/heroes.yaml:4:7")

def test_template_names_cannot_climb_out(hostile):
    edit(hostile[0], DECK, "back: tiny/back.j2", "back: ../../outside/secret.txt")
    build_refused(hostile, "must be a path inside templates/", "data/tiny/decks/heroes.yaml:4:7")


def test_icon_names_cannot_climb_out(hostile):
    add_to_frame(hostile[0], "{{ icon('../../outside/secret', 5, 5, 5) }}")
    build_refused(hostile, "may hold only letters, digits", "templates/tiny/frame.j2:6:4", "build", "--only", "cards")


def test_a_name_differing_only_in_case_is_explained(hostile):
    """The file the hint names is the one to rename: its path in the project, folder and all."""
    project = hostile[0]
    (project / "art").mkdir()
    Image.new("RGB", (400, 400), "red").save(project / "art/Hero.png")
    add_to_frame(project, "{{ image('art/hero.png', 5, 40, 20, 20) }}")
    build_refused(hostile, "image 'art/hero.png' not found (a file 'art/Hero.png' differs only in letter case: names are case-sensitive)",
                  "templates/tiny/frame.j2:6:4", "build", "--only", "cards")


def test_an_out_folder_the_user_types_is_theirs_even_outside_the_project(hostile, tmp_path):
    elsewhere = tmp_path / "prints"
    result = run_pnp(hostile[0], "build", "--out", str(elsewhere))
    assert result.exit_code == 0, result.output + result.stderr
    assert (elsewhere / "tiny" / "tiny-cards.pdf").read_bytes().startswith(b"%PDF")


def test_an_out_folder_with_a_tilde_is_the_users_home(hostile, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    result = run_pnp(hostile[0], "build", "--only", "cards", "--out", "~/prints")
    assert result.exit_code == 0, result.output + result.stderr
    assert (tmp_path / "prints" / "tiny" / "tiny-cards.pdf").is_file()


# Caps and outputs ----------------------------------------------------------------------
def test_page_cap(hostile):
    cards = "\n".join(f"  - {{id: c{i}, name: C{i}, stars: 1, number: {i}, text: t, count: 1000}}" for i in range(25))
    path = hostile[0] / DECK
    path.write_text(path.read_text().split("cards:")[0] + "cards:\n" + cards + "\n")
    build_refused(hostile, "over the 5,000 page limit", "data/tiny/decks", "build", "--no-validate")


class _DiskFullMidway:
    """A file whose first write of a PDF stores half the bytes, then fails as a full disk does."""

    def __init__(self, f, failed: list):
        self.f, self.failed = f, failed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def write(self, data):
        if data.startswith(b"%PDF") and not self.failed:
            self.f.write(data[: len(data) // 2])
            self.f.flush()
            self.failed.append(len(data))
            raise OSError(28, "No space left on device")
        return self.f.write(data)

    def __getattr__(self, name):
        return getattr(self.f, name)


def test_a_write_failing_midway_leaves_the_previous_pdf_whole_and_no_temporary(hostile, monkeypatch):
    project, _, pdf, digest = hostile
    edit(project, DECK, "Steal 1 coin", "Steal 2 coins")  # the cards must be written again, not reused
    failed: list[int] = []
    real_fdopen = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda fd, mode="r", *a, **k: _DiskFullMidway(real_fdopen(fd, mode, *a, **k), failed) if "w" in mode else real_fdopen(fd, mode, *a, **k))
    with pytest.raises(OSError, match="No space left on device"):
        run_pnp(project, "build", "--only", "cards")
    assert failed, "the build never wrote a PDF"
    assert hashlib.sha256(pdf.read_bytes()).hexdigest() == digest  # the previous file, whole
    assert not [p.name for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


def test_the_next_build_removes_a_temporary_file_a_killed_build_left(hostile):
    project, _, pdf, _ = hostile
    left = pdf.parent / f".{pdf.name}.k1ll3d.tmp"  # what a build killed between writing and renaming leaves
    left.write_bytes(b"%PDF-1.4 half a file")
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert not left.exists()
    assert not [p.name for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("escape", ["''.__class__.__mro__", "cycler.__init__.__globals__"])
def test_a_constraint_expression_runs_in_the_sandbox(project, escape):
    path = project / "data/tiny/game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("where: card.count == 1", f'where: "{escape} and card.count == 1"'), encoding="utf-8")
    refusal(run_pnp(project, "validate", "tiny"), "is unsafe", "data/tiny/game.yaml:28:12")


@pytest.mark.parametrize("escape", ["''.__class__.__mro__", "cycler.__init__.__globals__"])
def test_a_rulebook_expression_runs_in_the_sandbox(project, escape):
    path = project / "data/tiny/rulebook.md"
    path.write_text(path.read_text(encoding="utf-8").replace("{{ game.players.min }}", "{{ " + escape + " }}"), encoding="utf-8")
    shown = refusal(run_pnp(project, "build", "tiny", "--only", "rulebook"), "not allowed in a template", "data/tiny/rulebook.md:6:")
    assert "is unsafe" in shown


def test_the_per_deck_card_cap(project):
    path = project / DECK
    cards = "\n".join(f"  - {{id: c{i}}}" for i in range(20_001))  # ids only: fields would hit the YAML value cap first
    path.write_text(path.read_text(encoding="utf-8").split("cards:")[0] + "cards:\n" + cards + "\n", encoding="utf-8")
    refusal(run_pnp(project, "validate", "tiny"), "cards: list should have at most 20000 items after validation, not 20001", "data/tiny/decks/heroes.yaml:7:3")
