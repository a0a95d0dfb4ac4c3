"""A rebuild after a card edit prints what a build into an empty folder prints, and writes again only what shows the edit.

Every build option that changes what an output prints is in that output's key: built with the option into the outputs
and cache of a build without it, the output is written anew, never reused; an output whose file was replaced since is
rebuilt; the reference is rebuilt when tokens.yaml changes.

Card boxes and bag labels show a deck's name and card totals, not its cards'
words: a card's text edited leaves them as they were, a card's count changed
reprints them. The tiny game gets a box here, whose template shows the box's
name, its card total and each deck's total. The builds skip the count check
(`--no-validate`): a count edit is what the rules' stated count would refuse.
"""
from __future__ import annotations

import re
import shutil

import pytest
from conftest import TEST_PROJECT, apply_edits, fresh_pdfs, pdfs, run_pnp
from pdftext import flat, pdf_text

BOX_TEMPLATE = """{{ rect(0, 0, face.w, face.h, fill="#f4ead5", stroke="none") }}
{% if face.side == "front" %}
{{ text(box.name ~ " · " ~ box.cards ~ " cards", 4, 4, face.w - 8, 8, size=9, color="#222222") }}
{% for d in box.decks %}{{ text(d.name ~ ": " ~ d.total, 4, 14 + loop.index0 * 6, face.w - 8, 6, size=8, color="#222222") }}{% endfor %}
{% endif %}
"""
BOXES = """boxes:
  - id: heroes
    style: tuck
    decks: [heroes]
    front: tiny/box.j2
    side: tiny/box.j2
    top: tiny/box.j2
"""


def _boxed(project):
    (project / "templates/tiny/box.j2").write_text(BOX_TEMPLATE, encoding="utf-8")
    (project / "data/tiny/boxes.yaml").write_text(BOXES, encoding="utf-8")
    return project


def _edit(project, old: str, new: str) -> None:
    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")


def _rebuild(project, out) -> tuple[dict[str, bytes], set[str]]:
    """The build's PDFs, and the files it says it reused (its summary lines end "(reused)")."""
    result = run_pnp(project, "build", "--no-validate", "--out", str(out))
    assert result.exit_code == 0, result.output + result.stderr
    reused = {line.split()[0].rsplit("/", 1)[-1] for line in result.output.splitlines() if line.endswith("(reused)")}
    return pdfs(out), reused


def test_a_card_text_edit_leaves_boxes_and_labels_and_a_count_edit_reprints_them(project, tmp_path):
    root = _boxed(project)
    out = tmp_path / "out"
    first, _ = _rebuild(root, out)
    assert {"tiny/tiny-boxes.pdf", "tiny/tiny-labels.pdf"} <= set(first)

    _edit(root, "Steal 1 coin", "Steal 2 coins")
    rebuilt, reused = _rebuild(root, out)
    assert rebuilt == fresh_pdfs(root, tmp_path / "fresh-text", "--no-validate"), "after a text edit, a build into an empty folder prints the same"
    assert "tiny-cards.pdf" not in reused, "the edited card is printed again"
    assert {"tiny-boxes.pdf", "tiny-labels.pdf"} <= reused, "a box and a label show no card's words: a text edit reuses them"

    _edit(root, "side: blue, count: 3}", "side: blue, count: 4}")
    recounted, reused = _rebuild(root, out)
    assert not {"tiny-boxes.pdf", "tiny-labels.pdf"} & reused
    assert recounted == fresh_pdfs(root, tmp_path / "fresh-count", "--no-validate"), "after a count edit, a build into an empty folder prints the same"
    assert recounted["tiny/tiny-boxes.pdf"] != rebuilt["tiny/tiny-boxes.pdf"], "the box shows the new total"
    assert recounted["tiny/tiny-labels.pdf"] != rebuilt["tiny/tiny-labels.pdf"], "the label shows the new total"


@pytest.fixture(scope="module")
def cached(tmp_path_factory):
    """The tiny game and, per set of base options, a finished build (outputs and cache) to start from."""
    root = tmp_path_factory.mktemp("cache") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    bases = {}

    def base(*args: str):
        if args not in bases:
            folder = root.parent / f"base-{len(bases)}"
            built = run_pnp(root, "build", "-q", "--out", str(folder), *args)
            assert built.exit_code == 0, built.output + built.stderr
            bases[args] = folder
        return bases[args]

    return root, base


# Every build option that changes what is printed; --deck is left out because the tiny game has one deck, so choosing
# it changes nothing.
OPTION_CASES = [  # (base options, the option, the variant's file name, the file it must differ from)
    ((), ("--paper", "a4"), "tiny-cards-a4.pdf", "tiny-cards.pdf"),
    ((), ("--duplex", "short"), "tiny-cards-short-edge.pdf", "tiny-cards.pdf"),
    ((), ("--duplex", "none"), "tiny-cards-simplex.pdf", "tiny-cards.pdf"),
    ((), ("--bleed",), "tiny-cards-bleed.pdf", "tiny-cards.pdf"),
    ((), ("--gutter", "4"), "tiny-cards-gutter4mm.pdf", "tiny-cards.pdf"),
    ((), ("--ink-saver",), "tiny-cards-ink-saver.pdf", "tiny-cards.pdf"),
    ((), ("--cards", "mage"), "tiny-cards-mage.pdf", "tiny-cards.pdf"),
    ((), ("--layout", "gutterfold"), "tiny-cards-gutterfold.pdf", "tiny-cards.pdf"),
    (("--layout", "gutterfold"), ("--fold-rotation", "0"), "tiny-cards-gutterfold0.pdf", "tiny-cards-gutterfold.pdf"),
    ((), ("--back-offset", "1,1"), "tiny-cards-offset+1+1mm.pdf", "tiny-cards.pdf"),  # an offset build gets its own name
    ((), ("--bleed",), "tiny-tokens-bleed.pdf", "tiny-tokens.pdf"),
    ((), ("--paper", "a4"), "tiny-reference-a4.pdf", "tiny-reference.pdf"),
    ((), ("--booklet",), "tiny-rulebook-booklet.pdf", None),
    ((), ("--board-paper", "a3"), "tiny-boards-a3.pdf", "tiny-boards.pdf"),
    ((), ("--paper", "letter,a4"), "tiny-cards-a4.pdf", "tiny-cards.pdf"),
]


@pytest.mark.parametrize("base_args, args, name, default", OPTION_CASES, ids=[" ".join(c[1]) + " → " + c[2] for c in OPTION_CASES])
def test_every_option_that_changes_an_output_is_in_the_cache_key(cached, tmp_path, base_args, args, name, default):
    root, base = cached
    only = ("--only", name.split("-")[1])  # the one output the option changes, built alone both times
    before = base(*base_args, *only)
    out = tmp_path / "out"
    shutil.copytree(before, out)  # the outputs and cache of the build without the option
    result = run_pnp(root, "build", "--out", str(out), *base_args, *only, *args)
    assert result.exit_code == 0, result.output + result.stderr
    written = out / "tiny" / name
    assert written.is_file(), f"{' '.join(args)} did not write {name}:\n{result.output}"
    if default is not None:
        old = before / "tiny" / default
        assert written.read_bytes() != old.read_bytes(), f"{' '.join(args)} reused the {default} built without it"


def test_a_reused_output_whose_file_was_replaced_is_rebuilt(cached, tmp_path):
    root, base = cached
    before = base("--only", "cards")  # the cards alone: the output the test replaces
    out = tmp_path / "out"
    shutil.copytree(before, out)
    pdf = out / "tiny/tiny-cards.pdf"
    pdf.write_bytes(b"%PDF-1.4 someone else's file\n")
    result = run_pnp(root, "build", "--only", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output + result.stderr
    assert "(reused)" not in result.output
    assert pdf.read_bytes() == (before / "tiny/tiny-cards.pdf").read_bytes()


def test_a_draft_whose_missing_art_arrives_is_rebuilt_as_a_draft_into_an_empty_folder(project, tmp_path):
    """A draft draws a placeholder for art that is not there yet (docs/commands.md, drafts); once the file arrives, the
    next draft into the same folder prints what a draft into an empty one prints: the art, not the placeholder."""
    from PIL import Image
    with (project / "templates/tiny/frame.j2").open("a", encoding="utf-8") as f:
        f.write("{{ image('art/hero.png', 5, 40, 40, 30) }}\n")
    draft = ("build", "tiny", "--only", "cards", "--draft")
    first = run_pnp(project, *draft)
    assert first.exit_code == 0 and "art/hero.png" in first.output + first.stderr, first.output
    (project / "art").mkdir(exist_ok=True)
    Image.new("RGB", (480, 360), "red").save(project / "art/hero.png")  # 300 dpi in its 40 × 30 mm box
    again = run_pnp(project, *draft)
    assert again.exit_code == 0 and "not found" not in again.output + again.stderr, again.output
    cold = run_pnp(project, *draft, "--out", str(tmp_path / "cold"))
    assert cold.exit_code == 0, cold.output
    pdf = "tiny/tiny-cards-draft.pdf"
    assert (project / "output" / pdf).read_bytes() == (tmp_path / "cold" / pdf).read_bytes()

def test_the_reference_is_rebuilt_when_tokens_yaml_changes(project, tmp_path):
    apply_edits(project, [{"file": "data/tiny/reference.yaml", "replace": ['text: "Each turn has', 'text: "The bank holds {{ tokens.coins.total }} coins. Each turn has']}])
    out = tmp_path / "out"

    def coins() -> str:
        result = run_pnp(project, "build", "tiny", "--only", "reference", "--out", str(out), "-q")
        assert result.exit_code == 0, result.output
        found = re.findall(r"bank holds (\d+) coins", flat(pdf_text(out / "tiny/tiny-reference.pdf", " ")))
        assert found, "the sentence is printed"
        return found[0]

    assert coins() == "12"  # tokens.yaml: 8 coins of 1 and 4 of 5
    apply_edits(project, [{"file": "data/tiny/tokens.yaml", "replace": ['{id: c5, value: 5, tint: "#9fd0f0", count: 4}', '{id: c5, value: 5, tint: "#9fd0f0", count: 7}']}])
    assert coins() == "15"


def test_a_deck_given_rounded_corners_is_drawn_again_and_warned_where_its_new_corner_cuts(project):
    """Each face is kept with the cut it was drawn for: a deck built square, then given 12 mm corners, is drawn again,
    so the rebuild warns of the hearts icon its new corner comes within 3 mm of, as validate does and a build into an
    empty folder would, rather than printing last build's square faces silent."""
    assert run_pnp(project, "build", "tiny", "--only", "cards").exit_code == 0
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["size: poker\n", "size: poker\ncorner_radius: 12\n"]}])
    rebuilt = run_pnp(project, "build", "tiny", "--only", "cards")
    warned = sorted({line for line in rebuilt.stderr.splitlines() if "safe area" in line})
    assert warned and all("icon 'hearts'" in line for line in warned), rebuilt.stderr
    assert warned == sorted({line for line in run_pnp(project, "validate", "tiny").stderr.splitlines() if "safe area" in line})


def test_a_plain_build_after_a_bleed_build_finds_its_own_sheets_reused(project):
    """Each variant keeps its own place in the build cache: the sheets with bleed built between two plain builds leave
    the plain sheets as they were, and the third build finds them reused."""
    assert run_pnp(project, "build", "tiny", "--only", "cards").exit_code == 0
    bleed = run_pnp(project, "build", "tiny", "--only", "cards", "--bleed")
    assert bleed.exit_code == 0 and (project / "output/tiny/tiny-cards-bleed.pdf").is_file(), bleed.output
    again = run_pnp(project, "build", "tiny", "--only", "cards")
    line = next(line for line in again.output.splitlines() if line.startswith("output/tiny/tiny-cards.pdf  "))
    assert again.exit_code == 0 and line.endswith("(reused)"), again.output


BUILT_THREE = ("--only", "cards", "--only", "boards", "--only", "rulebook", "tiny")


def _line_of(output: str, name: str) -> str:
    return next(line for line in output.splitlines() if line.startswith(f"output/tiny/{name}"))


def test_a_token_count_edit_reprints_the_last_card_sheet_and_the_rulebook_and_leaves_the_boards_reused(project):
    assert run_pnp(project, "build", *BUILT_THREE).exit_code == 0
    apply_edits(project, [{"file": "data/tiny/tokens.yaml", "replace": ['tint: "#f3d36b", count: 8', 'tint: "#f3d36b", count: 10']}])
    result = run_pnp(project, "build", *BUILT_THREE)
    assert result.exit_code == 0, result.output
    # the game's coins now: ten of value 1 and four of value 5, all on the last card sheet, as before
    assert "  tiny-cards.pdf: sheet 2 holds Heroes ×3, Coins ×14, Pawns ×6, Shields ×4, Bank notes ×5" in result.output.splitlines()
    assert not _line_of(result.output, "tiny-cards.pdf").endswith("(reused)")
    assert "Coins 14 tokens circle, 20 mm; 10 × 1, 4 × 5" in pdf_text(project / "output/tiny/tiny-rulebook.pdf")
    assert not _line_of(result.output, "tiny-rulebook.pdf").endswith("(reused)")
    assert _line_of(result.output, "tiny-boards.pdf").endswith("(reused)")  # no board shows a token


def test_a_new_title_in_game_yaml_reaches_the_boards_footers(project):
    assert run_pnp(project, "build", "--only", "boards", "tiny").exit_code == 0
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["title: Tiny Test Game", "title: Tiny Trial Game"]}])
    result = run_pnp(project, "build", "--only", "boards", "tiny")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-boards.pdf")
    assert "Tiny Trial Game · Tiny Town · assembly map" in printed and "Tiny Test Game" not in printed


def test_a_card_naming_a_new_game_icons_icon_reprints_the_rulebook_crediting_it(project):
    assert run_pnp(project, "build", "--only", "rulebook", "tiny").exit_code == 0
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["keep one and put", "keep one :crossed-swords: and put"]}])
    result = run_pnp(project, "build", "--only", "rulebook", "tiny")
    assert result.exit_code == 0, result.output
    credits = flat(pdf_text(project / "output/tiny/tiny-rulebook.pdf")).split("Credits", 1)[1]
    assert "game-icons.net" in credits and "crossed-swords" in credits  # CC BY 3.0 asks every icon drawn be credited
