"""A build the designer can trust (issue 18): never print the wrong thing, never hide a problem.

Each test is one case the issue found, written the way it failed."""
from __future__ import annotations

import subprocess
import sys
import time

import numpy as np
from PIL import Image
from pypdf import PdfReader

from conftest import render_page, run_pnp

CARDS = "output/tiny/tiny-cards.pdf"
GREEN, MAGENTA = (0, 255, 0), (255, 0, 255)


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def pixels_of(pdf, colour, page=0) -> int:
    image = np.asarray(render_page(pdf, page, 72), dtype=np.int16)
    return int((np.abs(image - np.array(colour)).sum(axis=2) < 40).sum())


def add_art(project, colour) -> None:
    """The knight shows art kept outside templates/, in art/heron.png (200 px over 20 mm: 254 dpi)."""
    (project / "art").mkdir(exist_ok=True)
    Image.new("RGB", (200, 200), colour).save(project / "art/heron.png")


def with_art(project):
    add_art(project, GREEN)
    edit(project / "data/tiny/decks/heroes.yaml", 'name: "<Knight>",', 'name: "<Knight>", art: art/heron.png,')
    edit(project / "templates/tiny/hero.j2", "{% endblock %}", '{% if card.art is defined %}{{ image(card.art, 5, 50, 20, 20) }}{% endif %}\n{% endblock %}')


# 1. Changed art is rebuilt -----------------------------------------------------------------
def test_art_replaced_outside_templates_is_rebuilt_with_the_new_art(project):
    with_art(project)
    first = run_pnp(project, "build", "--only", "cards")
    assert first.exit_code == 0, first.output + first.stderr
    assert pixels_of(project / CARDS, GREEN) > 100
    add_art(project, MAGENTA)
    second = run_pnp(project, "build", "--only", "cards")
    assert "(reused)" not in second.output
    assert pixels_of(project / CARDS, MAGENTA) > 100 and pixels_of(project / CARDS, GREEN) == 0


def test_unchanged_art_is_reused(project):
    with_art(project)
    run_pnp(project, "build", "--only", "cards")
    assert "(reused)" in run_pnp(project, "build", "--only", "cards").output


def test_a_reused_output_changed_on_disk_is_rebuilt(project):
    run_pnp(project, "build", "--only", "cards")
    pdf = project / CARDS
    pdf.write_bytes(pdf.read_bytes()[:-10])
    result = run_pnp(project, "build", "--only", "cards")
    assert "(reused)" not in result.output and PdfReader(pdf).pages


def test_every_option_of_a_build_is_in_its_cache_key():
    from dataclasses import fields

    from pnp.outputs.options import NOT_IN_CACHE_KEY, Options

    base = Options().cache_text()
    for f in fields(Options):
        if f.name in NOT_IN_CACHE_KEY:
            continue
        changed = Options(**{f.name: _other_value(getattr(Options(), f.name))})
        assert changed.cache_text() != base, f.name


def _other_value(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, tuple):
        return (*value, 1.0)
    return f"{value}x"


def test_watch_sees_art_outside_templates(project):
    with_art(project)
    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", "--root", str(project), "watch", "tiny", "--exit-after", "1", "--debounce", "100"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.time() + 120
        lines = []
        while time.time() < deadline:
            line = process.stdout.readline()
            lines.append(line)
            if line.startswith("watching"):
                break
        time.sleep(0.5)
        add_art(project, MAGENTA)
        out, _ = process.communicate(timeout=120)
    finally:
        process.kill()
    log = "".join(lines) + out
    assert "watching data, templates, " in log and "art" in log, log
    assert "built after art/heron.png" in log, log
    assert pixels_of(project / CARDS, MAGENTA) > 100


# 5. Warnings do not disappear ----------------------------------------------------------------
def test_a_reused_outputs_warnings_are_shown_again(project):
    edit(project / "data/tiny/rulebook.md", "(card:heroes/knight", "(card:heroes/knigt")
    first = run_pnp(project, "build", "--only", "rulebook")
    second = run_pnp(project, "build", "--only", "rulebook")
    message = "figure names card 'knigt', which deck 'heroes' does not hold (did you mean 'knight'?)"
    assert message in first.stderr
    assert "(reused)" in second.output and message in second.stderr
    assert second.exit_code == 0


def test_build_shows_the_low_resolution_warning_validate_finds(project):
    with_art(project)
    Image.new("RGB", (40, 40), GREEN).save(project / "art/heron.png")  # 40 px over 20 mm: 51 dpi
    validate = run_pnp(project, "validate", "tiny")
    build = run_pnp(project, "build", "--only", "cards")
    for result in (validate, build):
        assert "warning: image art/heron.png prints at 51 dpi, below 150" in result.stderr, result.stderr


def test_strict_build_writes_nothing_while_a_warning_remains(project):
    edit(project / "data/tiny/rulebook.md", "(card:heroes/knight", "(card:heroes/knigt")
    result = run_pnp(project, "build", "--only", "rulebook", "--strict")
    assert result.exit_code == 1
    assert "error: figure names card 'knigt'" in result.stderr
    assert not (project / "output/tiny/tiny-rulebook.pdf").exists()


# 2. Typos in rich text are errors ------------------------------------------------------------
def test_an_unknown_inline_icon_fails_validate_and_build_at_its_data_line(project):
    edit(project / "data/tiny/decks/heroes.yaml", "gain :star:.", "gain :frgo:.")
    for command in (("validate", "--strict"), ("build",)):
        result = run_pnp(project, *command)
        assert result.exit_code == 1
        assert "data/tiny/decks/heroes.yaml:7:90: error: card.text: unknown icon :frgo:" in result.stderr, result.stderr
        assert "(drawn at templates/tiny/hero.j2:5:1)" in result.stderr
    assert not (project / CARDS).exists()


def test_an_unclosed_bold_does_not_turn_the_rest_of_the_card_bold(project):
    edit(project / "data/tiny/decks/heroes.yaml", "Swap *one* card", "Swap **one card")
    result = run_pnp(project, "validate")
    assert result.exit_code == 1
    assert "data/tiny/decks/heroes.yaml:8:68: error: card.text: ** opens bold text that is never closed" in result.stderr, result.stderr


def test_an_unknown_colour_in_the_reference_is_an_error(project):
    reference = project / "data/tiny/reference.yaml"
    text = reference.read_text(encoding="utf-8")
    assert "[red]" in text or ":star:" in text
    token = "[red]" if "[red]" in text else ":star:"
    reference.write_text(text.replace(token, "[pnd]" if token == "[red]" else ":frgo:", 1), encoding="utf-8")
    result = run_pnp(project, "validate")
    assert result.exit_code == 1 and "data/tiny/reference.yaml:" in result.stderr
    assert "unknown colour [pnd]" in result.stderr or "unknown icon :frgo:" in result.stderr, result.stderr
