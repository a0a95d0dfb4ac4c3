"""The designer's loop: reuse what did not change, reprint only what did, watch, and preview."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import printable
import pytest
import streams
from conftest import ROOT, add_crowd_deck, most_images_alive, render_page, run_pnp
from pdftext import page_texts, pdf_text
from PIL import Image, ImageChops
from test_vocabulary import make_project

CARDS = "output/tiny/tiny-cards.pdf"
CHANGED = "output/tiny/tiny-changed.pdf"


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_unchanged_input_rebuilds_nothing_and_keeps_bytes(built_project):
    """On the full build `built_project` made (elsewhere, copied here with its kept work)."""
    project = built_project
    before = (project / CARDS).read_bytes()
    second = run_pnp(project, "build")
    # 12 heroes, and below the last of them the tokens that fit there (test_token_share.py; tokens.yaml: 12 coins,
    # 4 shields, 5 notes, 6 pawns)
    assert f"{CARDS}  4 pages  {12 + 12 + 4 + 5 + 6} pieces" in second.output and "(reused)" in second.output
    assert all("(reused)" in line for line in second.output.splitlines() if line.startswith("output/")), second.output
    assert (project / CARDS).read_bytes() == before


def test_one_changed_card_is_all_the_changed_pdf_holds(built_project):
    project = built_project
    edit(project / "data/tiny/decks/heroes.yaml", "Steal 1 coin", "Steal 2 coins")
    result = run_pnp(project, "build", "--changed")
    cards_line = next(line for line in result.output.splitlines() if line.startswith(CARDS))
    assert result.exit_code == 0 and "(reused)" not in cards_line, result.output
    assert "tiny-boards.pdf" in result.output and all("(reused)" in line for line in result.output.splitlines() if "tiny-boards.pdf " in line), \
        "no board shows a hero's text, so the boards are reused"
    changed_line = next(line for line in result.output.splitlines() if line.startswith(CHANGED))
    assert "  3 pieces  " in changed_line, "the rogue's three copies; the cover listing them is no piece to cut: " + changed_line
    pages = page_texts(project / CHANGED)
    assert "heroes/rogue ×3" in pages[0]
    assert "Steal 2 coins" in "".join(pages)
    card_text = "".join(pages)
    for other in ("<Knight>", "AT&T Agent", "Mage", "Twin"):
        assert other not in card_text.replace("Twin's", "")


@pytest.mark.parametrize("marked", [True, False], ids=["after-a-marked-print", "before-any"])
def test_changed_compares_with_the_last_marked_print_or_before_any_with_the_first_build(project, marked):
    """docs/designers-loop.md: `--changed` holds the cards changed since the last *marked print* (`pnp printed`), not
    since the last build; before any print is marked, the first build counts as printed. Either way the rogue, edited
    and built twice since, is still the one card to reprint."""
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    if marked:
        assert run_pnp(project, "printed", "tiny").exit_code == 0
    edit(project / "data/tiny/decks/heroes.yaml", "Steal 1 coin", "Steal 2 coins")
    for _ in range(2):
        assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    result = run_pnp(project, "build", "--changed", "--only", "cards")
    assert result.exit_code == 0 and (project / CHANGED).is_file(), result.output + result.stderr
    listing = page_texts(project / CHANGED, [0])[0]
    assert "heroes/rogue ×3" in listing and "heroes/knight" not in listing, listing


def test_a_deck_given_another_card_size_is_changed_though_its_templates_draw_the_same(tmp_path):
    """A deck moved from poker (63.5 × 88.9 mm) to mini (44.45 × 63.5 mm) cards prints every card at its new size,
    so `--changed` reprints them all, even where the templates draw the same things at the same places."""
    root = make_project(tmp_path, '{{ text(card.id, 5, 5, 30, 8) }}\n', "- {id: a}\n- {id: b}\n",
                        files={"templates/v/back.j2": '{{ rect(5, 5, 20, 20, fill="#333333") }}\n'})
    assert run_pnp(root, "build", "v", "--only", "cards").exit_code == 0  # the first build is taken as printed
    edit(root / "data/v/decks/words.yaml", "size: poker", "size: mini")
    result = run_pnp(root, "build", "v", "--changed", "--only", "cards")
    changed = root / "output/v/v-changed.pdf"
    assert result.exit_code == 0 and changed.is_file(), result.output + result.stderr
    listing = page_texts(changed, [0])[0]
    assert "words/a" in listing and "words/b" in listing, listing


def test_a_template_change_invalidates_every_card_using_it(built_project):
    project = built_project
    edit(project / "templates/tiny/back.j2", "size=16", "size=15")
    result = run_pnp(project, "build", "--changed", "--only", "cards")
    assert "(reused)" not in result.output
    listing = page_texts(project / CHANGED, [0])[0]
    # every card with the shared back changed; the Twin has its own back and did not
    for card in ("heroes/knight", "heroes/att", "heroes/rogue", "heroes/mage"):
        assert card in listing
    assert "heroes/twin" not in listing


def test_a_font_change_rebuilds(project):
    shutil.copytree(ROOT / "pnp/assets/fonts", project / "fonts")
    run_pnp(project, "build", "--only", "cards")
    assert "(reused)" in run_pnp(project, "build", "--only", "cards").output
    fonts_yaml = project / "fonts/fonts.yaml"
    edit(fonts_yaml, "regular: noto/NotoSans-Regular.ttf", "regular: noto/NotoSerif-Regular.ttf")
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0 and "(reused)" not in result.output


def test_selecting_a_deck_or_cards(project):
    assert run_pnp(project, "build", "--cards", "mage").exit_code == 0
    text = pdf_text(project / "output/tiny/tiny-cards-mage.pdf")
    assert "Mage" in text and "Rogue" not in text
    assert run_pnp(project, "build", "--only", "cards", "--deck", "heroes").exit_code == 0


def watch_saves(root: Path, game: str, saves: list, timeout: int = 120) -> list[str]:
    """Run `pnp watch GAME` until it says it is watching, then make each save of `saves` in turn, the next once the
    rebuild after the last one said how it ended: what it printed up to watching, and after each save."""
    import queue
    import subprocess
    import sys
    import threading
    import time

    process = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(root), "watch", game, "--exit-after", str(len(saves)), "--debounce", "100"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in process.stdout:
            lines.put(line)
        lines.put("")  # the end

    threading.Thread(target=read, daemon=True).start()
    parts: list[list[str]] = [[]]

    def read_until(done) -> None:
        deadline = time.monotonic() + timeout
        while (line := lines.get(timeout=max(0.0, deadline - time.monotonic()))) != "":
            parts[-1].append(line)
            if done(line):
                return
        raise AssertionError("pnp watch ended early:\n" + "".join(line for part in parts for line in part))

    try:
        read_until(lambda line: line.startswith("watching"))
        time.sleep(0.5)  # it starts listening just after it says so: no line tells when
        for save in saves:
            parts.append([])
            save()
            read_until(lambda line: re.search(r"\] (built|failed) after ", line))
        process.wait(timeout)
    finally:
        process.kill()
    return ["".join(part) for part in parts]


def test_watch_rebuilds_after_a_save_lists_what_it_wrote_again_and_reports_what_validate_reports(project):
    """One `pnp watch` of the tiny game, its knight showing art kept outside templates/ (art/, watched because the
    build read it), through two saves. A card's text and that art saved together: the rebuild prints the new text and
    art, and lists only the outputs it wrote again (the card sheet, not the tokens). Then one mistake of each kind
    (tests/test_findings.py): the rebuild prints every finding `pnp validate` prints, and the counts. The first save
    also brings a warning and no error (a card field nothing reads): that rebuild prints it and says the game was
    built, as `pnp build` writes its files; 'failed' is for errors."""
    from test_findings import problems, summary_line_counts, with_mistakes
    from test_trust import MAGENTA, add_art, pixels_of, with_art

    with_art(project)

    def card_and_art() -> None:
        edit(project / "data/tiny/decks/heroes.yaml", "Steal 1 coin", "Steal 5 coins")
        add_art(project, MAGENTA)
        edit(project / "data/tiny/decks/heroes.yaml", "side: blue, count: 3}", "side: blue, count: 3, flavour: sly}")

    first, edited, mistaken = watch_saves(project, "tiny", [card_and_art, lambda: with_mistakes(project)])
    assert "tiny-tokens.pdf" in first  # the first build lists every output
    assert "watching data, templates, " in first and "art" in first.rsplit("watching", 1)[1], first
    assert "built after art/heron.png, data/tiny/decks/heroes.yaml in " in edited, edited
    assert ": warning: no template, constraint or fact reads the card field 'flavour'" in edited, edited
    assert "tiny-cards.pdf" in edited  # the card sheet changed
    assert "tiny-tokens.pdf" not in edited and "(reused)" not in edited, edited  # the tokens did not
    text = pdf_text(project / CARDS)
    assert "Steal 5 coins" in text
    assert pixels_of(project / CARDS, MAGENTA) > 100
    expected = problems(run_pnp(project, "validate", "tiny").stderr)
    assert expected and problems(mistaken) == expected, mistaken
    assert "tiny: " + summary_line_counts(expected) in mistaken


def test_previews_have_exact_pixel_sizes_and_match_the_print_pdf(project):
    assert run_pnp(project, "preview", "tiny", "--deck", "heroes", "--dpi", "150").exit_code == 0
    folder = project / "output/tiny/preview"
    knight = Image.open(folder / "heroes/knight-front.png")
    assert knight.size == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))
    assert len(list((folder / "heroes").glob("*-front.png"))) == 5
    sheet = Image.open(folder / "heroes-contact.png")
    assert sheet.width >= 5 * knight.width and sheet.height < 2 * knight.height  # one row of 5 faces
    # the preview is what prints: compare with the Knight in the top-left slot of the card sheet
    run_pnp(project, "build", "--only", "cards")
    page = render_page(project / CARDS, 0, 150)
    px = 150 / 72  # page points to pixels
    sheet = streams.Document(project / CARDS)
    first = min(printable.faces_of(sheet, 0), key=lambda f: (-f.trim.y1, f.trim.x0))  # top-left slot, read from the PDF
    left, top = round(first.trim.x0 * px), round((sheet.page(0).height - first.trim.y1) * px)
    printed = np.asarray(page.crop((left, top, left + knight.width, top + knight.height)), dtype=np.int16)
    diff = np.abs(printed - np.asarray(knight, dtype=np.int16)).mean()
    assert diff < 6, diff


CROWD = 100  # cards more than a cover lists (95 names at 5 pt in its 220 mm box: 10 more follow)


def test_a_changed_cards_list_too_long_for_its_cover_ends_with_how_many_more_follow(project):
    """A template edit changes every card: the cover of the changed-cards PDF lists the names that fit and says how
    many more follow, where it stopped the build with an internal error."""
    add_crowd_deck(project, CROWD)
    result = run_pnp(project, "build", "--changed", "--only", "cards")  # nothing marked printed: every card counts as changed
    assert result.exit_code in (0, 1) and "internal error" not in result.output, result.output
    cover, *sheets = page_texts(project / CHANGED)
    listed = [line for line in cover.splitlines() if line.startswith(("heroes/", "crowd/"))]
    total = 5 + CROWD  # the heroes' five cards and the crowd's
    assert 20 < len(listed) < total, len(listed)
    assert f"… and {total - len(listed)} more" in cover
    shown = "".join(sheets)
    assert f"Extra {CROWD - 1}" in shown, "every changed card is on the sheets after the cover"


def test_the_changed_cards_list_gets_a_blank_back_so_every_cards_back_still_prints_behind_it(project):
    """With nothing marked printed every card is changed: the list of them is sheet 1, its back blank (its backs page
    shows the footer alone), and the cards' sheets follow as fronts then backs, the Knights' first."""
    assert run_pnp(project, "build", "--changed", "--only", "cards").exit_code == 0
    pages = page_texts(project / CHANGED)
    assert [("· fronts ·" in page, "· backs ·" in page) for page in pages] == [(True, False), (False, True)] * 3
    assert "heroes/knight ×2" in pages[0] and len(pages[1].splitlines()) == 1, pages[:2]
    assert "<Knight>" in pages[2] and "Tiny Test Game Tiny Test Game" in pages[3], pages[2:4]

def test_a_large_decks_previews_hold_a_few_images_at_a_time_are_written_whole_and_its_contact_sheet_stays_openable(project, monkeypatch):
    """Every face of a 24-card deck gets its preview, but its images are rendered and written one after the other
    (all were held at once: 5 GB for 2,000 cards; 48 images here, where at most 8 may be alive at once), each under a
    temporary name and renamed, so no reader sees half a file, yet not each waited for on the disk (an fsync per image
    was a fifteenth of a large deck's preview: the next `pnp preview` makes them again). Its contact sheet shrinks the
    faces to stay within CONTACT_MAX_PIXELS (lowered here to less than half of these faces' pixels, so a small deck
    shows it), laid out about square (three rows of eight), where it grew to 400 million pixels. At 50 dpi: the bounds hold at any."""
    import os

    from pnp.targets import preview

    cards, limit, dpi = 24, 250_000, 50
    add_crowd_deck(project, cards)
    most = most_images_alive(monkeypatch, preview, "rasterise")
    monkeypatch.setattr(preview, "CONTACT_MAX_PIXELS", limit)
    synced, renamed = [], []
    real_sync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_sync(fd))
    monkeypatch.setattr(os, "replace", lambda a, b, **k: renamed.append(Path(b).name) or real_replace(a, b, **k))
    assert run_pnp(project, "preview", "tiny", "--deck", "crowd", "--dpi", str(dpi)).exit_code == 0
    folder = project / "output/tiny/preview"
    written = sorted(p.name for p in (folder / "crowd").glob("*.png"))
    assert len(written) == 2 * cards
    assert set(written) <= set(renamed), "every image is renamed into place whole"
    assert len(synced) < 5, f"{len(synced)} fsyncs for {2 * cards} images"
    assert 2 <= most[0] <= 8, most[0]
    sheet = Image.open(folder / "crowd-contact.png")
    face = Image.open(folder / "crowd/extra000-front.png")
    assert face.size == (round(63.5 / 25.4 * dpi), round(88.9 / 25.4 * dpi)), "each face's own preview keeps its full size"
    pixels = cards * face.width * face.height
    assert sheet.width * sheet.height < 2 * limit < pixels  # faces shrunk; labels and gaps come on top
    assert 0.5 < sheet.width / sheet.height < 2


def test_a_simulated_preview_is_written_beside_the_plain_one_its_name_ending_in_the_vision(project):
    """pnp.targets.preview: with --simulate, every image shows the faces as that reader sees them and its name ends in -<vision>; the
    plain preview is kept beside it. Seen in greyscale the Knight's red header has no hue left (red, green and blue
    within a step of each other everywhere), where the plain face has it."""
    folder = project / "output/tiny/preview/heroes"
    for extra in ((), ("--simulate", "grey")):
        result = run_pnp(project, "preview", "tiny", "--card", "knight", "--dpi", "40", *extra)
        assert result.exit_code == 0, result.output
    plain, grey = (Image.open(folder / name).convert("RGB") for name in ("knight-front.png", "knight-front-grey.png"))
    def most_hue(image: Image.Image) -> int:
        """The largest difference between two of a pixel's channels, over the image."""
        r, g, b = image.split()
        return max(ImageChops.difference(one, other).getextrema()[1] for one, other in ((r, g), (g, b), (r, b)))

    assert most_hue(grey) <= 1 and most_hue(plain) > 100


def test_a_contact_sheet_labels_each_face_with_its_copies(project):
    """pnp.targets.preview: each face of a deck's contact sheet is labelled with its id and its count. Two light cards
    whose ids have the same letters, 'ab' once and 'ba' ten times: the second's label is wider by its count's extra
    digit (a digit is about half an em in any text face)."""
    (project / "templates/tiny/solid.j2").write_text(
        "{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill=card.bg) }}\n", encoding="utf-8")
    (project / "data/tiny/decks/pair.yaml").write_text(
        "name: Pair\nsize: poker\nfront: tiny/solid.j2\nback: tiny/solid.j2\ncards:\n  - {id: ab, bg: '#ffe119'}\n"
        "  - {id: ba, bg: '#46f0f0', count: 10}\n", encoding="utf-8")
    result = run_pnp(project, "preview", "tiny", "--deck", "pair", "--dpi", "30")
    assert result.exit_code == 0, result.output
    sheet = Image.open(project / "output/tiny/preview/pair-contact.png").convert("L")
    ink = sheet.point(lambda v: 255 if v < 100 else 0)  # the labels' black: the cards are light, the sheet white
    half = sheet.width // 2
    widths = []
    for box in ((0, 0, half, sheet.height), (half, 0, sheet.width, sheet.height)):
        left, _, right, _ = ink.crop(box).getbbox()
        widths.append(right - left)
    assert widths[1] - widths[0] >= 5, widths


def test_the_changed_cards_cover_gives_a_cards_copies_only_when_it_prints_more_than_one(project):
    """The cover of the changed-cards PDF names each card to reprint as the sheets hold it: the rogue's three copies as
    'heroes/rogue ×3', a card printed once by its name alone (a '×1' reads as a count to check, not a card to cut)."""
    edit(project / "data/tiny/decks/heroes.yaml", "side: blue, count: 3}\n  - {id: twin", "side: blue, count: 1}\n  - {id: twin")
    # nothing marked printed: every card counts as changed; the rules' count of blue heroes left unchecked
    result = run_pnp(project, "build", "--changed", "--only", "cards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    listed = [line.strip() for line in page_texts(project / CHANGED, [0])[0].splitlines() if line.startswith("heroes/")]
    assert "heroes/rogue ×3" in listed and "heroes/mage" in listed, listed
    assert not any("×1" in line for line in listed), listed


def test_changed_on_a4_with_no_card_changed_removes_the_last_runs_a4_changed_cards(project):
    """`--changed` with nothing changed since the marked print removes the changed-cards file an earlier run left, so no
    one prints it again: on A4 that file is tiny-changed-a4.pdf, as the build named it, and the note says so."""
    first = run_pnp(project, "build", "--changed", "--only", "cards", "--paper", "a4")  # nothing marked printed: all changed
    left = project / "output/tiny/tiny-changed-a4.pdf"
    assert first.exit_code == 0 and left.is_file(), first.output + first.stderr
    assert run_pnp(project, "printed", "tiny").exit_code == 0
    again = run_pnp(project, "build", "--changed", "--only", "cards", "--paper", "a4")
    assert again.exit_code == 0, again.output + again.stderr
    assert "removed the old output/tiny/tiny-changed-a4.pdf" in again.stderr, again.stderr
    assert not left.exists()


def test_a_marked_print_that_draws_nothing_new_is_what_changed_then_compares_with(project):
    """docs/designers-loop.md: `--changed` holds the cards changed since the last marked print. `build --mark-printed`
    after a build of the same data reuses every output and marks that print all the same: the rogue edited before it
    is no change after it."""
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    edit(project / "data/tiny/decks/heroes.yaml", "Steal 1 coin", "Steal 2 coins")
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    marked = run_pnp(project, "build", "--only", "cards", "--mark-printed")
    assert marked.exit_code == 0 and "(reused)" in marked.output, marked.output  # nothing drawn again
    result = run_pnp(project, "build", "--changed", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert "no card changed since the last marked print (pnp printed tiny)" in result.output, result.output
    assert not (project / CHANGED).exists()


def watcher_of(root: Path):
    """The `pnp watch tiny` of `root` as the command makes it (pnp.cli.watching.Watcher), its builds run by hand."""
    from pnp.cli.build_lines import run_build
    from pnp.cli.common import open_project
    from pnp.cli.watching import Watcher
    from pnp.outputs.options import Options

    return Watcher(open_project(root), ["tiny"], True, Options(out=root / "output"), ["letter"], run_build)


def test_watch_after_a_save_that_only_warns_prints_the_counts_line_build_prints(project, capsys):
    """docs/findings.md: `pnp watch` prints after each rebuild every finding and the summary, then `built`: a save that
    brings one warning (a card field nothing reads) and no error ends with the line `pnp build` ends with."""
    watch = watcher_of(project)
    watch.rebuild("start")
    capsys.readouterr()
    edit(project / "data/tiny/decks/heroes.yaml", "side: blue, count: 3}", "side: blue, count: 3, flavour: sly}")
    watch.rebuild("data/tiny/decks/heroes.yaml")
    said = capsys.readouterr()
    assert "warning: no template, constraint or fact reads the card field 'flavour'" in said.err, said.err
    assert "tiny: 0 errors, 1 warning\n" in said.err, said.err
    assert "] built after data/tiny/decks/heroes.yaml in " in said.out, said.out


def test_watch_started_on_a_project_built_before_lists_every_output_of_its_first_build(project, capsys):
    """`pnp watch` builds on start as `pnp build` does, listing every output (each reused from the last build); only a
    rebuild after a save lists what it wrote again alone (docs/designers-loop.md)."""
    assert run_pnp(project, "build", "tiny").exit_code == 0
    watcher_of(project).rebuild("start")
    listed = capsys.readouterr().out
    for output in ("tiny-cards.pdf", "tiny-tokens.pdf", "tiny-rulebook.pdf"):
        assert output in listed, listed
