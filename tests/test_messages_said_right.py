"""Messages that misled, each said right (issue 74): a QR code's capacity at the level asked for, a size with no names
to choose from, a failed write named by the export folder rather than its hidden staging folder, a build cache cut
short told from another user's, and a number too long to print said in our words at its template line."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT, run_pnp
from test_vocabulary import make_project


def test_a_qr_text_too_long_is_told_the_capacity_at_its_own_error_level(tmp_path):
    root = make_project(tmp_path, '{{ qr(card.link, 10, 10, 40, error="q") }}\n', f'- {{id: a, link: "{"x" * 2000}"}}\n')
    result = run_pnp(root, "build", "v", "-q", "--only", "cards")
    assert result.exit_code == 1
    # ISO/IEC 18004 table 7: a version 40 code holds 1,663 bytes at level Q, 2,331 at M, 2,953 at L
    assert "a QR code at error level q holds at most 1,663 bytes; this text is 2,000: shorten it, or ask for a lower level " \
           "(2,331 at error level m)" in result.stderr, result.stderr


def test_a_boards_size_past_reading_is_told_how_to_write_one(project):
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("size: 380 x 300", "size: huge", 1), encoding="utf-8")
    result = run_pnp(project, "validate", "--quick")
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if "data/tiny/boards.yaml:8:" in line]
    assert len(said) == 1 and "size must be 'W x H' in mm" in said[0], result.stderr
    assert "one of ," not in result.stderr


READ_ONLY = """
import errno, os, sys, tempfile
import pnp.targets.staging as staging

def read_only(*args, dir=None, prefix="", suffix="", **kw):  # what os.mkdir says on a read-only disk
    raise OSError(errno.EROFS, "Read-only file system", os.path.join(dir, prefix + "k9x2ab7q" + suffix))

staging.tempfile = type("ReadOnly", (), {"mkdtemp": staticmethod(read_only)})
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import run
run()
"""


def test_an_export_to_a_read_only_out_folder_names_the_export_folder_not_its_staging_folder(project, tmp_path):
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", READ_ONLY, "--root", str(project), "export", "tiny", "--format", "png", "--out", str(out)],
                          capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "pnp: out/tiny/png: read-only file system; that folder is on a read-only disk" in done.stderr, done.stderr
    assert ".tmp" not in done.stderr


def test_a_build_cache_cut_short_is_not_called_another_users(built_project):
    check = built_project / "output/.pnp-cache/key-check"
    check.write_bytes(check.read_bytes()[:-5])  # a build stopped while writing it
    result = run_pnp(built_project, "build")
    assert result.exit_code == 0, result.output + result.stderr
    said = result.output + result.stderr
    assert "another user" not in said
    assert "output/.pnp-cache: note: this build cache was cut short" in said


def test_a_number_too_long_to_print_is_said_in_our_words_at_its_template_line(project):
    hero = project / "templates/tiny/hero.j2"
    doubling = ("{% set ns = namespace(n=(10 ** 100) ** 39) %}{% for i in range(2000) %}{% set ns.n = ns.n + ns.n %}{% endfor %}"
                "{{ text(ns.n|string, 5, 5, 10, 10) }}\n")
    text = hero.read_text(encoding="utf-8").replace("{% endblock %}", doubling + "{% endblock %}")
    hero.write_text(text, encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 1
    assert "set_int_max_str_digits" not in result.stderr
    line = text.splitlines().index(doubling.rstrip("\n")) + 1
    assert f"templates/tiny/hero.j2:{line}:" in result.stderr and "digits" in result.stderr, result.stderr


@pytest.mark.parametrize("in_the_way, said", [
    ("output/tiny/tiny-reference.pdf/", "output/tiny/tiny-reference.pdf: is a directory; a folder stands where a file should"),
    ("output/tiny", "output/tiny/tiny-reference.pdf: not a directory; a file stands where a folder should"),
])
def test_a_folder_or_file_in_an_outputs_way_is_told_which_it_is_and_to_move_it(project, in_the_way, said):
    """docs/commands.md: a fault of the machine is one line naming the file and what to do. A folder where the PDF goes
    (EISDIR) and a file where its folder goes (ENOTDIR) are told apart: the designer moves the one that is there."""
    place = project / in_the_way
    place.parent.mkdir(parents=True, exist_ok=True)
    if in_the_way.endswith("/"):
        place.mkdir()
    else:
        place.write_text("notes\n")
    done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "tiny", "--only", "reference"],
                          capture_output=True, text=True, cwd=project, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stdout + done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("pnp:")] == [
        f"pnp: {said}: move it away, or build elsewhere with --out (nothing was left half-written)"], done.stderr
