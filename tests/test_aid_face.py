"""A player aid drawn by the game's own template, in process (issue #76 item 1: pnp/outputs/aid_template.py's mutants).

test_aid_template.py builds the tiny game's reference in a new process and reads the PDF back; mutmut maps tests to
functions only in its own process, so these draw the aid's face directly (pnp.outputs.aid_template.aid_face) and read
its elements: the card's size from reference.yaml's `card_size` (poker, 63.5 × 88.9 mm), the bleed asked, what the
template sees (reference.yaml's keys as `aid` and `card`, the front side, the decks, the ink saver), where its findings
are said, and the template line each element was drawn by.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, TEST_PROJECT

from pnp.core.errors import PnpError
from pnp.data.fields import CardReads
from pnp.data.project import Project
from pnp.layout.elements import Rect, Text
from pnp.outputs.aid_template import WHAT, aid_face, template_loc, templated, traced_origins
from pnp.outputs.context import Engine

AID = "templates/tiny/aid.j2"
SAYS = '{{ text(aid.title ~ "|" ~ card.title ~ "|" ~ face.side ~ "|" ~ decks.heroes.name ~ "|" ~ ink_saver, 6, 6, 51, 30, size=7) }}'
TEMPLATE = f"""\
{{{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="paper") }}}}
{SAYS}
{{{{ rect(8, 40, 20, 15, fill="blue") }}}}
"""
BLUE, PAPER = "#2e6da4", "#fbf8f0"  # the tiny game's palette
TITLE = "Tiny · quick reference"  # data/tiny/reference.yaml's title


def _project(tmp_path: Path, template: str | None = TEMPLATE, named: str = "tiny/aid.j2") -> Path:
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    if template is not None:
        (root / AID).write_text(template, encoding="utf-8")
        reference = root / "data/tiny/reference.yaml"
        reference.write_text(reference.read_text(encoding="utf-8") + f"template: {named}\n", encoding="utf-8")
    return root


def _game(root: Path):
    project = Project(root)
    game, _ = project.load_game("tiny")
    return Engine(project).for_game(game)


def _words(face) -> str:
    return " ".join(op.text for el in face.elements if isinstance(el, Text) for op in el.ops if hasattr(op, "text"))


def test_an_aid_drawn_by_its_template_is_its_card_size_with_the_bleed_asked_and_sees_the_aid_the_decks_and_its_front(tmp_path):
    gctx = _game(_project(tmp_path))
    assert templated(gctx.game)
    face = aid_face(gctx, 3.0, True)
    assert (face.w, face.h, face.bleed) == (63.5, 88.9, 3.0)
    assert _words(face).replace(" ", "") == f"{TITLE}|{TITLE}|front|Heroes|True".replace(" ", ""), _words(face)
    rects = [el for el in face.elements if isinstance(el, Rect)]
    assert [(r.x, r.y, r.w, r.h, r.fill) for r in rects] == [(-3.0, -3.0, 69.5, 94.9, PAPER), (8.0, 40.0, 20.0, 15.0, BLUE)]
    plain = aid_face(gctx, 0.0)
    assert plain.bleed == 0.0 and _words(plain).endswith("False") and plain.elements[0].w == 63.5, "no ink saver unless asked"


def test_an_aid_without_a_template_is_laid_out_by_pnp(tmp_path):
    assert not templated(_game(Path(TEST_PROJECT)).game)
    root = _project(tmp_path, None)
    (root / "data/tiny/reference.yaml").unlink()
    assert not templated(_game(root).game), "a game with no reference.yaml has no aid to draw"


def test_the_template_is_named_where_reference_yaml_says_template(tmp_path):
    root = _project(tmp_path)
    lines = (root / "data/tiny/reference.yaml").read_text(encoding="utf-8").splitlines()
    loc = template_loc(_game(root).game)
    assert (loc.path, loc.line, loc.col) == ("data/tiny/reference.yaml", len(lines), lines[-1].index("tiny/aid.j2") + 1)


@pytest.mark.parametrize("field", ["aid", "card"])
def test_a_bad_field_in_an_aids_template_is_an_error_at_its_line_and_column_naming_the_aid(tmp_path, field):
    bad = TEMPLATE.replace(f"{field}.title", f"{field}.nope")
    gctx = _game(_project(tmp_path, bad))
    with pytest.raises(PnpError, match="aid has no field 'nope'") as raised:
        aid_face(gctx, 3.0)
    (found,) = raised.value.findings
    line = bad.splitlines()[1]
    assert (found.loc.path, found.loc.line, found.loc.col) == (AID, 2, line.index("nope") + 1)
    assert "aid has no field 'nope'" in found.message and found.component == WHAT == "player aid" and found.game == "tiny"


def test_the_cards_an_aids_template_reads_are_recorded_for_the_outputs_that_show_cards(tmp_path):
    """The build keeps which card fields an output read (pnp.data.fields.CardReads): an aid that prints a hero's name is
    drawn again when that name changes."""
    gctx = _game(_project(tmp_path, TEMPLATE + '{{ text(decks.heroes.cards[0].name, 6, 60, 40, 6, size=7) }}\n'))
    gctx.card_reads = CardReads()  # as the build sets it for an output other than the card sheets
    face = aid_face(gctx, 3.0)
    assert "<Knight>" in _words(face) and ("heroes", "knight", "name") in gctx.card_reads.seen


def test_an_aids_template_reads_no_deck_of_its_own(tmp_path):
    """A board's and a token's templates see `deck` as fields of none; so does the aid's: reading one is an error that
    names the deck, at its line."""
    gctx = _game(_project(tmp_path, TEMPLATE.replace("aid.title", "deck.name")))
    with pytest.raises(PnpError, match="deck has no field 'name'") as raised:
        aid_face(gctx, 3.0)
    (found,) = raised.value.findings
    assert "deck has no field 'name'" in found.message and (found.loc.path, found.loc.line) == (AID, 2)


def test_an_aids_template_that_is_not_there_is_an_error_at_its_name(tmp_path):
    root = _project(tmp_path, named="tiny/nowhere.j2")
    gctx = _game(root)
    with pytest.raises(PnpError, match=r"nowhere\.j2") as raised:
        aid_face(gctx, 3.0)
    (found,) = raised.value.findings
    assert found.code == "template-missing" and found.loc == template_loc(gctx.game) and found.loc.line > 1


def test_each_element_of_the_aid_is_traced_to_the_template_line_that_drew_it_and_a_failing_template_to_what_it_drew_before(tmp_path):
    gctx = _game(_project(tmp_path))
    origins = traced_origins(gctx, 3.0, True)
    assert sorted((type(el).__name__, loc.path, loc.line) for el, loc in origins.items()) == [("Rect", AID, 1), ("Rect", AID, 3), ("Text", AID, 2)]
    words = next(el for el in origins if isinstance(el, Text))
    assert "True" in " ".join(op.text for op in words.ops), "drawn with the values its print drew: the ink saver's"
    assert not gctx.layouts.traced, "tracing ends with the drawing"
    plain = next(el for el in traced_origins(gctx, 3.0) if isinstance(el, Text))
    assert " ".join(op.text for op in plain.ops).endswith("False"), "no ink saver unless asked"
    failing = _game(_project(tmp_path / "bad", TEMPLATE.replace("aid.title", "aid.nope")))
    traced = traced_origins(failing, 3.0)  # the sheets' sliver warnings go on: the failure is the aid's print's to say
    assert [loc.line for loc in traced.values()] == [1] and not failing.layouts.traced, "what it drew before its failing line"


def test_a_player_aids_title_shrunk_to_fit_its_band_stays_on_the_bands_middle_line(tmp_path):
    """A title too long for the band's 8.5 pt shrinks (to 6.5 pt here) and the room it frees is shared above and below
    it: its capitals' middle stands where a short title's does, within half a point, not raised toward the band's top.
    Comfortaa Bold's capitals are 781/1000 of an em tall (its OS/2 sCapHeight)."""
    from fontTools.ttLib import TTFont

    from pnp.outputs.player_aids import player_aids

    font = TTFont(ROOT / "fonts/comfortaa/Comfortaa-Bold.ttf")
    cap = font["OS/2"].sCapHeight / font["head"].unitsPerEm

    def title_middle(title: str) -> tuple[float, float]:
        root = _project(tmp_path / str(len(title)), None)
        reference = root / "data/tiny/reference.yaml"
        reference.write_text(reference.read_text(encoding="utf-8").replace(f"title: {TITLE}", f"title: {title}"), encoding="utf-8")
        aids, _ = player_aids(_game(root), 0.0)
        band = next(el for el in aids.cards[0].front.elements if isinstance(el, Text))
        (op,) = band.ops
        assert op.text == title
        return op.size, op.y - cap * op.size / 2

    short_size, short_middle = title_middle("Tiny")
    long_size, long_middle = title_middle("Tiny Test Game · the quick reference card of it")
    assert short_size == 8.5 and long_size < 7
    assert abs(long_middle - short_middle) < 0.5, (short_middle, long_middle)
