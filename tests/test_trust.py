"""A build the designer can trust (issue 18): never print the wrong thing, never hide a problem.

Each test is one case the issue found, written the way it failed."""
from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest
from conftest import render_page, run_pnp
from pdftext import page_texts
from PIL import Image
from pypdf import PdfReader

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
def test_art_outside_templates_is_reused_while_unchanged_and_rebuilt_when_replaced_as_is_an_output_changed_on_disk(project):
    """One project through four builds of its cards: unchanged art is reused; replaced art is drawn anew; a reused
    output changed on disk is written again."""
    with_art(project)
    first = run_pnp(project, "build", "--only", "cards")
    assert first.exit_code == 0, first.output + first.stderr
    assert pixels_of(project / CARDS, GREEN) > 100
    assert "(reused)" in run_pnp(project, "build", "--only", "cards").output, "unchanged art is reused"
    add_art(project, MAGENTA)
    second = run_pnp(project, "build", "--only", "cards")
    assert "(reused)" not in second.output
    assert pixels_of(project / CARDS, MAGENTA) > 100 and pixels_of(project / CARDS, GREEN) == 0
    pdf = project / CARDS
    pdf.write_bytes(pdf.read_bytes()[:-10])
    result = run_pnp(project, "build", "--only", "cards")
    assert "(reused)" not in result.output and PdfReader(pdf).pages, "a reused output changed on disk is rebuilt"


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


# `pnp watch` of art outside templates/: tests/test_designer_loop.py::test_watch_rebuilds_after_a_save_lists_what_it_wrote_again_and_reports_what_validate_reports


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
        assert "warning: image art/heron.png prints at 51 dpi in its 20 × 20 mm box, below 200" in result.stderr, result.stderr


def test_strict_build_writes_nothing_while_a_warning_remains(project):
    edit(project / "data/tiny/rulebook.md", "(card:heroes/knight", "(card:heroes/knigt")
    result = run_pnp(project, "build", "--only", "rulebook", "--strict")
    assert result.exit_code == 1
    assert "warning: figure names card 'knigt'" in result.stderr  # printed as `validate --strict` prints it
    assert "tiny: 0 errors, 1 warning (warnings fail with --strict)" in result.stderr
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


# 10. Every PDF opens cleanly in poppler, Ghostscript and qpdf --------------------------------
READERS = {
    "pdftoppm": lambda pdf, tmp: ["pdftoppm", "-r", "20", "-png", str(pdf), str(tmp / "page")],
    "pdffonts": lambda pdf, tmp: ["pdffonts", str(pdf)],
    "gs": lambda pdf, tmp: ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", *map(str, pdf if isinstance(pdf, list) else [pdf])],
    "qpdf": lambda pdf, tmp: ["qpdf", "--check", str(pdf)],
}


def _complaints(tool: str, result) -> list[str]:
    """What a reader said beyond its normal report (qpdf --check prints a fixed all-clear)."""
    text = (result.stdout + result.stderr).splitlines()
    if tool == "qpdf":
        fine = ("checking ", "PDF Version", "File is not encrypted", "File is not linearized", "No syntax or stream encoding errors", "errors that qpdf cannot detect")
        return [line for line in text if line.strip() and not line.startswith(fine)] + ([f"exit {result.returncode}"] if result.returncode else [])
    if tool == "pdffonts":
        return [line for line in text if "rror" in line or "arning" in line]
    return [line for line in text if line.strip()] + ([f"exit {result.returncode}"] if result.returncode else [])


@pytest.mark.parametrize("tool", sorted(READERS))
def test_every_pdf_of_a_full_build_opens_without_a_warning(project, tmp_path, tool, fresh_build):
    """Every PDF of a full build with the booklet, and of one with the boards on A2 paper (built once for the four readers)."""
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed: apt-get install -y qpdf ghostscript poppler-utils (.ci/run does)")
    built = {}
    for extra in ((), ("--board-paper", "a2")):
        for pdf in sorted((fresh_build(project, "--booklet", *extra) / "tiny").glob("*.pdf")):
            if pdf.name not in built or built[pdf.name].read_bytes() != pdf.read_bytes():
                built[pdf.name if pdf.name not in built else f"{pdf.name} on A2 boards"] = pdf
    pdfs = sorted(built.values())
    assert len({p.name for p in pdfs}) >= 7, pdfs  # cards, boards (tiled and on A2), tokens, reference, rulebook and its booklet
    if tool == "gs":  # one Ghostscript reads every file in turn; each alone only when it complains, to name the file
        together = subprocess.run(READERS[tool](pdfs, tmp_path), capture_output=True, text=True, timeout=300)
        pdfs = pdfs if _complaints(tool, together) else []
    for pdf in pdfs:
        result = subprocess.run(READERS[tool](pdf, tmp_path), capture_output=True, text=True, timeout=300)
        assert _complaints(tool, result) == [], f"{tool} on {pdf.name}: {result.stdout + result.stderr}"


def test_a_cover_image_at_127_dpi_is_reported_and_a_sharp_contain_one_is_not(project):
    """A 200 × 100 px image in a 20 × 20 mm box: `cover` scales its 100 px to 20 mm (127 dpi) and crops the
    sides; `contain` scales its 200 px to 20 mm (254 dpi) and leaves bands above and below."""
    with_art(project)
    Image.new("RGB", (200, 100), GREEN).save(project / "art/heron.png")
    template = project / "templates/tiny/hero.j2"
    contain = run_pnp(project, "validate")
    assert "image art/heron.png prints at" not in contain.stderr, contain.stderr
    edit(template, "image(card.art, 5, 50, 20, 20)", "image(card.art, 5, 50, 20, 20, fit='cover')")
    cover = run_pnp(project, "validate")
    assert "warning: image art/heron.png prints at 127 dpi in its 20 × 20 mm box, below 200" in cover.stderr, cover.stderr


# 7. --changed keeps duplex pairs and has an explicit baseline --------------------------------
def test_changed_cards_keep_duplex_pairs_and_compare_with_the_marked_print(project):
    """With version stamps on, as a game has them unless it says otherwise: each face's stamp is drawn anew by every
    build, and only the card whose own content changed may count as changed."""
    edit(project / "data/tiny/game.yaml", "stamps: false", "stamps: true")
    changed = project / "output/tiny/tiny-changed.pdf"
    heroes = project / "data/tiny/decks/heroes.yaml"
    run_pnp(project, "build", "--only", "cards")  # the first build is taken as printed
    edit(heroes, "Steal 1 coin", "Steal 2 coins")
    run_pnp(project, "build", "--only", "cards")  # a plain build after the edit does not move the baseline
    result = run_pnp(project, "build", "--changed", "--only", "cards")
    pages = page_texts(changed)
    assert len(pages) == 4  # list + blank back, the rogue's sheet + its backs
    listing, blank, sheet, _ = pages
    assert "heroes/rogue ×3" in listing
    assert "Steal 2 coins" in sheet and "Steal" not in blank
    assert run_pnp(project, "printed", "tiny").exit_code == 0
    again = run_pnp(project, "build", "--changed", "--only", "cards")
    assert again.exit_code == 0
    assert "note: no card changed since the last marked print" in again.stderr and "removed the old output/tiny/tiny-changed.pdf" in again.stderr
    assert not changed.exists()
    assert result.exit_code == 0



def test_a_changed_build_marked_printed_is_the_next_changed_builds_baseline(project):
    """docs/designers-loop.md: mark a later print by building with `--changed --mark-printed`: the rogue, edited and
    reprinted so, is not reprinted by the next `--changed` build, which has nothing to print."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0  # the first build is taken as printed
    edit(heroes, "Steal 1 coin", "Steal 2 coins")
    reprint = run_pnp(project, "build", "--changed", "--mark-printed", "--only", "cards")
    assert reprint.exit_code == 0 and "heroes/rogue ×3" in page_texts(project / "output/tiny/tiny-changed.pdf")[0], reprint.output
    again = run_pnp(project, "build", "--changed", "--only", "cards")
    assert again.exit_code == 0 and "note: no card changed since the last marked print" in again.stderr, again.stderr
    assert not (project / "output/tiny/tiny-changed.pdf").exists()

# 8. Every variant its own file name ---------------------------------------------------------
def test_variants_and_subsets_do_not_overwrite_the_full_deck(project):
    full = project / CARDS
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    before = full.read_bytes()
    for args, name in ((("--paper", "a4"), "tiny-cards-a4.pdf"), (("--layout", "gutterfold"), "tiny-cards-gutterfold.pdf"),
                       (("--bleed",), "tiny-cards-bleed.pdf"), (("--ink-saver",), "tiny-cards-ink-saver.pdf"),
                       (("--duplex", "short"), "tiny-cards-short-edge.pdf"), (("--deck", "heroes"), "tiny-cards-heroes.pdf"),
                       (("--cards", "mage,rogue"), "tiny-cards-mage+rogue.pdf")):
        result = run_pnp(project, "build", "--only", "cards", *args)
        assert result.exit_code == 0 and f"output/tiny/{name}" in result.output, (args, result.output)
        assert full.read_bytes() == before, args
    assert len(PdfReader(project / "output/tiny/tiny-cards-mage+rogue.pdf").pages) == 2


# 9. Unknown names are usage errors -----------------------------------------------------------
@pytest.mark.parametrize("args, message", [
    (("build", "--deck", "heroe"), "no deck 'heroe' (did you mean 'heroes'?)"),
    (("build", "--cards", "mag"), "no card 'mag' (did you mean 'mage'?)"),
    (("preview", "tiny", "--card", "knigt"), "no card 'knigt' (did you mean 'knight'?)"),
    (("preview", "tiny", "--deck", "hero"), "no deck 'hero' (did you mean 'heroes'?)"),
])
def test_unknown_decks_and_cards_are_usage_errors(project, args, message):
    result = run_pnp(project, *args)
    assert result.exit_code == 2 and message in result.output + result.stderr


def test_a_card_of_another_deck_than_the_one_asked_is_a_usage_error(project):
    """`--deck villains --cards knight` asks for a card the villains do not hold: refused, naming the deck, where
    taking it would build nothing and say nothing of the typo."""
    (project / "data/tiny/decks/villains.yaml").write_text(
        "name: Villains\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards:\n"
        "  - {id: ogre, name: Ogre, stars: 1, number: 6, text: Smash.}\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "villains", "--cards", "knight")
    assert result.exit_code == 2 and "Invalid value for --cards: no card 'knight' in deck villains" in result.output + result.stderr, result.output
    assert not list((project / "output").glob("tiny/*.pdf"))


def test_an_empty_project_and_a_game_with_nothing_to_build_say_so(project, tmp_path):
    (tmp_path / "empty/data").mkdir(parents=True)
    empty = run_pnp(tmp_path / "empty", "build")
    assert empty.exit_code == 2 and "no game in data/" in empty.output + empty.stderr
    bare = project / "data/bare"
    bare.mkdir()
    (bare / "game.yaml").write_text("title: Bare\npitch: Nothing yet.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n", encoding="utf-8")
    result = run_pnp(project, "build", "bare")
    assert result.exit_code == 0 and "bare: nothing to build" in result.output, result.output + result.stderr


# 3. A misspelt field is reported; a kept one is not ------------------------------------------
def test_a_field_kept_on_purpose_is_not_reported(project):
    heroes = project / "data/tiny/decks/heroes.yaml"
    edit(heroes, "stars: 3, number: 1", "stars: 3, notes: playtest 2 liked it, number: 1")
    assert "field 'notes'" in run_pnp(project, "validate").stderr
    edit(heroes, "defaults: {side: red}", "defaults: {side: red}\nkeep_fields: [notes]")
    result = run_pnp(project, "validate", "--strict")
    assert result.exit_code == 0 and "notes" not in result.stderr, result.stderr


# 4. validate finds what build finds ----------------------------------------------------------
@pytest.mark.parametrize("file, old, new, message", [
    ("data/tiny/rulebook.md", "(card:heroes/knight", "(card:heroes/knigt", "figure names card 'knigt'"),
    ("data/tiny/rulebook.md", "decks.heroes.by.side.red", "decks.heroes.by.sied.red", "sied"),
])
def test_validate_strict_fails_on_what_build_reports(project, file, old, new, message):
    edit(project / file, old, new)
    validate = run_pnp(project, "validate", "--strict")
    build = run_pnp(project, "build", "--only", "rulebook")
    assert message in build.stderr, build.stderr
    assert validate.exit_code == 1 and message in validate.stderr, validate.stderr
    assert not (project / "output").exists() or not any((project / "output").rglob("*.pdf")) or build.exit_code == 0


# 6. Text fitting is reported; clear messages where they were weakest --------------------------------
def test_a_text_that_shrinks_far_below_its_size_is_a_warning_at_its_data_line(project):
    hero = project / "templates/tiny/hero.j2"
    edit(hero, "{{ text(card.text, 5, 30, face.w - 10, 40, size=10) }}", "{{ text(card.text, 5, 30, face.w - 10, 6, size=11, min_size=4) }}")
    result = run_pnp(project, "validate", "--strict", "tiny")
    shown = result.output + result.stderr
    assert result.exit_code == 1, shown
    # the mage's long text (heroes.yaml line 10) fits a 6 mm box only at 7 pt, under 75 % of the 11 pt asked
    assert "data/tiny/decks/heroes.yaml:10:55: warning: card.text: text shrinks from 11 pt to 7 pt" in shown and "[heroes/mage front]" in shown, shown
    assert "drawn at templates/tiny/hero.j2:5:" in shown, shown


def test_a_text_kept_near_its_size_is_not_reported(project):
    result = run_pnp(project, "validate", "--strict", "tiny")
    assert result.exit_code == 0 and "shrinks" not in result.output + result.stderr, result.output + result.stderr


def test_an_unknown_argument_of_a_drawing_function_names_it_and_suggests_one(project):
    edit(project / "templates/tiny/hero.j2", 'size=10) }}', 'size=10, colour="red") }}')
    result = run_pnp(project, "build", "--only", "cards")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "text() has no argument 'colour' (did you mean 'color'?)" in shown, shown
    assert "templates/tiny/hero.j2:5:" in shown and "TypeError" not in shown, shown


def test_a_number_written_as_text_says_so(project):
    edit(project / "templates/tiny/hero.j2", "face.w - 15, face.h - 11, 10, 7, size=12", "face.w - 15, face.h - 11, 10, 7, size='12'")
    result = run_pnp(project, "build", "--only", "cards")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "size is the text '12', not a number" in shown, shown


def test_an_svg_given_to_image_points_to_icon(project):
    (project / "art").mkdir()
    (project / "art/logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')
    edit(project / "templates/tiny/hero.j2", "{% endblock %}", "{{ image('art/logo.svg', 5, 50, 20, 20) }}\n{% endblock %}")
    result = run_pnp(project, "build", "--only", "cards")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "image 'art/logo.svg' is an SVG, and no icon is called 'logo'" in shown and "put the file in templates/icons/" in shown, shown
