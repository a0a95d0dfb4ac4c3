"""What a face's drawing warns of, each kind on a face that gives no other: a text shrunk far below its asked size, a
title set in the condensed family. A face with nothing to warn of skips the warnings' work (issue 77 item 2), so each
kind must still be said when it is the face's only one. And a face that warned warns again on every build, though the
build takes it from the face store."""
from __future__ import annotations

import pytest
from conftest import ROOT, apply_edits, run_pnp

from pnp.core.errors import Loc
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts

HERO = "templates/tiny/hero.j2"
DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture(scope="module")
def draw(tmp_path_factory):
    root = tmp_path_factory.mktemp("warn")
    (root / "templates/t").mkdir(parents=True)
    layouts = Layouts(root, [root / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    game = layouts.for_game({"ink": "#111111"}, {"body": "noto-sans", "title": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))

    def face(name: str, source: str) -> list:
        (root / f"templates/t/{name}.j2").write_text(source + "\n")
        before = len(layouts.template_warnings)
        game.render(f"t/{name}.j2", {}, 63.5, 88.9, 0, f"{name} front", Loc("deck.yaml"))
        return [(w.code, str(w.loc)) for w in layouts.template_warnings[before:]]

    return face


def test_a_face_with_nothing_to_warn_of_warns_of_nothing(draw):
    assert draw("plain", '{{ text("Short", 5, 5, 40, 10, size=9) }}') == []


def test_a_text_shrunk_far_is_its_faces_only_warning_at_its_line(draw):
    long = "word " * 25  # at 12 pt it needs far more than a 40 × 12 mm box: it fits at 6 pt
    said = draw("shrunk", '{{ rect(0, 0, 63.5, 88.9, fill="ink") }}\n{{ text("' + long + '", 5, 5, 40, 12, size=12) }}')
    assert [code for code, _ in said] == ["text-shrunk"] and said[0][1].startswith("templates/t/shrunk.j2:2:"), said


def test_a_text_shrunk_under_three_quarters_of_its_size_is_warned_of_though_above_7_pt(draw):
    """docs/layouts.md: text that fits only below three quarters of its `size` is warned of, not only below 7 pt: a
    12 pt word in a box it fits at 8.5 pt by the font's own metrics (reportlab's stringWidth of Noto Sans), under 9 pt."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth("Shapeshifter", FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans"), 8.5) / 72 * 25.4 + 0.01  # mm
    said = draw("quarter", '{{ text("Shapeshifter", 5, 5, ' + f"{width:.4f}" + ', 20, size=12, min_size=5) }}')
    assert [code for code, _ in said] == ["text-shrunk"] and said[0][1].startswith("templates/t/quarter.j2:1:"), said


def test_a_text_fitted_at_exactly_7_pt_is_not_warned_of(draw):
    """docs/layouts.md warns of text that fits only *below* 7 pt: a 9 pt word in a box it fits at 7 pt by the font's own
    metrics (reportlab's stringWidth of Noto Sans) and not at 7.25 pt is set at 7 pt, above three quarters of 9 (6.75 pt),
    and is no warning."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth("Shapeshifter", FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans"), 7.0) / 72 * 25.4 + 0.01  # mm
    said = draw("seven", '{{ text("Shapeshifter", 5, 5, ' + f"{width:.4f}" + ', 20, size=9, min_size=5) }}')
    assert said == [], said


def test_a_title_condensed_is_its_faces_only_warning_at_its_line(draw):
    title = "Title Of Moderate Size"  # too long for 40 mm at 14 pt in its own face: condensed, at 12.75 pt
    said = draw("condensed", '{{ text("' + title + '", 5, 5, 40, 10, size=14, font="title") }}')
    assert [code for code, _ in said] == ["font-condensed"] and said[0][1].startswith("templates/t/condensed.j2:1:"), said


def test_a_face_that_gave_a_warning_gives_it_on_every_build(project, tmp_path):
    """Only the knight draws a word into the safe area; a rebuild after another card's edit, which takes every face it can
    from the face store, must still report the knight's warning."""
    apply_edits(project, [{"file": HERO, "replace": ["{% endblock %}",
                                                     '{% if card.id == "knight" %}{{ text("EDGE", 0.2, 40, 20, 6, size=8) }}{% endif %}\n{% endblock %}']}])
    out = tmp_path / "out"

    def warnings() -> list[str]:
        result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(out))
        assert result.exit_code == 0, result.output
        return sorted(line for line in result.output.splitlines() if "safe area" in line)

    first = warnings()
    assert first and all(HERO in line for line in first), first
    apply_edits(project, [{"file": DECK, "replace": ["Steal 1 coin", "Steal 2 coins"]}])  # the cards are rebuilt; the knight's face is not new
    assert warnings() == first
    apply_edits(project, [{"file": DECK, "replace": ["Steal 2 coins", "Steal 3 coins"]}])
    assert warnings() == first


def test_a_card_text_shrunk_far_is_warned_of_at_its_cell_naming_the_template_line(project):
    """A designer shortens the words, not the template: a card's rules text fitted far below its asked size is warned
    of at the cell that holds it in the deck's file, and the warning names the template line that drew it."""
    long = "Steal 1 coin " + "and then some more " * 32
    apply_edits(project, [{"file": DECK, "replace": ['text: "Steal 1 coin', f'text: "{long}']}])
    result = run_pnp(project, "validate", "tiny")
    said = [line for line in result.output.splitlines() if "text-shrunk" in line or "text shrinks" in line]
    row = next(n for n, line in enumerate((project / DECK).read_text(encoding="utf-8").splitlines(), 1) if "id: rogue" in line)
    cell = (project / DECK).read_text(encoding="utf-8").splitlines()[row - 1].index('"Steal 1 coin') + 1
    assert len(said) == 1, result.output
    assert said[0].startswith(f"{DECK}:{row}:{cell}: warning: card.text: text shrinks from 10 pt to "), said
    assert f"(drawn at {HERO}:5:1)" in said[0] and said[0].endswith("[heroes/rogue front]"), said
