"""`pnp export GAME --format pod` is the print-on-demand shop's record written and read back as any vendor's files are
(pnp.targets.vendors.POD through pnp.targets.export_vendor): a file per component named once, a template's colour
past DriveThruCards' 240 % of ink cut to it, a page the check refuses keeping the folder unwritten, and the export's own files passing that check with every
font embedded. Expected values
are the shop's (240 % total ink, 1/8 in bleed, a TrimBox on every page) and the ink of full grey-component
replacement worked out by hand; the tiny game exported in process, a test its own copy."""
from __future__ import annotations

import pdfplumber
import pytest
from conftest import pdf_fonts, run_pnp
from pypdf import PdfReader

from pnp.targets.vendor_preflight import Expect, check_file
from pnp.targets.vendors import POD


def test_a_board_whose_id_is_board_is_one_file_named_once(project):
    """A board whose id is `board` says no more than its kind: its file is <game>-board.pdf (not tiny-board-board.pdf,
    nor tiny-boards-board.pdf), one page at trim plus 1/8 in a side; the other board keeps <game>-boards-<id>.pdf."""
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("  - id: scores\n", "  - id: board\n", 1), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod")
    assert result.exit_code == 0, result.output + result.stderr
    folder = project / "output/tiny/pod"
    assert sorted(p.name for p in folder.glob("*board*")) == ["tiny-board.pdf", "tiny-boards-town.pdf"]
    (page,) = PdfReader(folder / "tiny-board.pdf").pages
    mm = 72 / 25.4
    assert [float(v) / mm for v in page.mediabox[2:]] == pytest.approx([180 + 2 * 3.175, 240 + 2 * 3.175], abs=0.01)  # 180 × 240 mm
    assert "tiny-board.pdf: 1 page" in result.output
    # and what to do next, as the exports page says: upload each file as its component's print file
    assert "output/tiny/pod/ → pod: upload each PDF to DriveThruCards or The Game Crafter as its component's print file" in result.output


def test_a_template_colour_past_240_percent_ink_is_cut_to_it_in_the_pod_file(project):
    """A dark red back (#400000, its red 64/255) is, with full grey-component replacement, C 0, M 100, Y 100 and
    K 1 - 64/255 (74.9 %): 274.9 % of ink. The print-on-demand file keeps K and shrinks the others until the four make
    240 %: M and Y (2.40 - K) / 2 each. Read back from the fill of each card's back page (each copy's front, then its back)."""
    (project / "templates/tiny/back.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#400000") }}\n', encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/pod/tiny-heroes.pdf") as doc:
        fills = [tuple(r["non_stroking_color"]) for r in doc.pages[1].rects if r["fill"]]  # the first knight's back
    k = 1 - 64 / 255
    assert fills and all(c == pytest.approx((0, (2.40 - k) / 2, (2.40 - k) / 2, k), abs=0.001) for c in fills), fills


def test_a_pod_page_without_its_trimbox_is_refused_and_nothing_is_written(project, monkeypatch):
    """Every pod file is read back before the folder appears: drawn without its TrimBox (a shop's cutter has no trim to
    work to), the export fails with one error naming the file, its first page and how many more (the heroes' 24
    pages: one mistake, one finding), said at the deck's `size` line (the file is never written), and writes no folder."""
    from reportlab.pdfgen.canvas import Canvas

    monkeypatch.setattr(Canvas, "setTrimBox", lambda self, box: None)
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--deck", "heroes")
    assert result.exit_code != 0
    said = result.output
    assert [line for line in said.splitlines() if ": error: " in line] == [
        "data/tiny/decks/heroes.yaml:2:7: error: page 1 of tiny-heroes.pdf (a front of Heroes) has no TrimBox (and 23 more pages alike)"], said
    assert not (project / "output/tiny/pod").exists()


def test_a_deck_and_a_board_both_named_board_are_one_error_not_one_file(project):
    """A deck `board` and a board `board` would both be tiny-board.pdf: rather than one file of both pieces' pages (or
    one lost), the export stops with one error at the board's line in boards.yaml, naming both, and writes nothing."""
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("  - id: scores\n", "  - id: board\n", 1), encoding="utf-8")
    line = boards.read_text(encoding="utf-8").splitlines().index("  - id: board") + 1
    (project / "data/tiny/decks/board.yaml").write_text(
        "name: Board cards\nsize: poker\nfront: tiny/back.j2\ncards:\n  - {id: one, count: 1}\n", encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod")
    assert result.exit_code != 0
    assert [line for line in result.output.splitlines() if ": error: " in line] == [
        f"data/tiny/boards.yaml:{line}:5: error: board 'board' would be written to tiny-board.pdf, the file of deck 'board': "
        "give one of them another id [Score sheet]"], result.output
    assert not (project / "output/tiny/pod").exists()


def test_a_deck_named_like_the_player_aids_and_one_named_like_the_token_sets_are_each_one_error(project):
    """A deck `player-aids` would be the player aids' tiny-player-aids.pdf, and a token set `tokens` would be a deck
    `tokens`' tiny-tokens.pdf: each second piece is one error, naming both pieces as a designer calls them."""
    for deck in ("player-aids", "tokens"):
        (project / f"data/tiny/decks/{deck}.yaml").write_text(
            f"name: {deck.title()} cards\nsize: poker\nfront: tiny/back.j2\ncards:\n  - {{id: one, count: 1}}\n", encoding="utf-8")
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("  - id: walls\n", "  - id: tokens\n", 1), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod")
    assert result.exit_code != 0
    said = sorted(line.split(": error: ", 1)[1].split(": give", 1)[0] for line in result.output.splitlines() if ": error: " in line)
    assert said == ["the player aids would be written to tiny-player-aids.pdf, the file of deck 'player-aids'",
                    "token set 'tokens' would be written to tiny-tokens.pdf, the file of deck 'tokens'"], result.output


def test_the_pod_export_itself_passes_its_preflight_with_embedded_fonts(tiny_export):
    """The export's own files pass the check it reads them back with: 69.85 × 95.25 mm pages, 1/8 in of bleed round a
    63.5 × 88.9 mm trim, every font embedded."""
    path = tiny_export("pod") / "output/tiny/pod/tiny-heroes.pdf"
    # the deck's 12 cards, each copy's front then its back: knight, AT&T agent, rogue and mage (2, 2, 3, 3) behind the
    # deck's one back (page plan 1), the two twins behind their own (6)
    plan = (0, 1) * 2 + (2, 1) * 2 + (3, 1) * 3 + (4, 1) * 3 + (5, 6) * 2
    found = check_file(POD, path.read_bytes(), path.name, Expect(page_mm=(69.85, 95.25), trim_mm=(63.5, 88.9), pages=plan))
    assert not [f for f in found if f.severity == "error"], found
    fonts = pdf_fonts(PdfReader(path))
    assert fonts and all(fonts.values()), fonts  # text was found, and all of it embedded


def test_a_games_box_and_dice_are_no_piece_of_the_pod_export_and_no_warning_of_it(project):
    """The print-on-demand format is a file per deck, board, token set and the player aids (docs/exports.md): a game's
    card box and die, which pnp draws as nets for home printing, are neither written nor warned of as pieces it does
    not print."""
    data = project / "data/tiny"
    (data / "boxes.yaml").write_text("boxes:\n  - {id: hero-box, name: Hero box, style: tuck, decks: [heroes], front: tiny/back.j2}\n", encoding="utf-8")
    (data / "dice.yaml").write_text('dice:\n  - {id: red, name: Red die, shape: d6, size: 16, face: tiny/die.j2, faces: [{text: "1"}, {text: "2"}, '
                                    '{text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]}\n', encoding="utf-8")
    (project / "templates/tiny/die.j2").write_text("", encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "pod", "--no-validate")
    said = result.output + result.stderr
    assert result.exit_code == 0, said
    assert "vendor-product" not in said and "Hero box" not in said and "Red die" not in said, said
    assert not [p.name for p in (project / "output/tiny/pod").iterdir() if "box" in p.name or "-red" in p.name]
