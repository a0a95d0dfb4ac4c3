"""A player aid drawn by a template of the game's own (reference.yaml's `template:`, issue #80 item 3): it prints what the
template draws at the aid's size, in the aid's place on the reference's sheets, one card per player; its findings are at
the template's lines; and an aid laid out by pnp from the sections still says why nothing on it drags.

Read back from the PDF a build writes (its text, and its colours rasterised at a position in mm from the aid's trim).
"""
from __future__ import annotations

import re
import shutil

import pytest
from conftest import TEST_PROJECT, render_page, run_pnp
from test_reference import REFERENCE, _poker_slots, kinds, texts

AID = "templates/tiny/aid.j2"
# The tiny game's aid is a poker card (2.5 × 3.5 in, 63.5 × 88.9 mm): a blue panel 8–28 mm across and 30–45 mm down from the trim's
# top-left, words above it, a zone below; nothing of the sections
AID_TEMPLATE = """\
{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="paper") }}
{{ text("Keep your hand close", 6, 6, 51, 12, size=11, font="title") }}
{{ rect(8, 30, 20, 15, fill="blue") }}
{{ zone(6, 50, 51, 30, "Your turn", fill="#eef2f8", stroke="blue", size=9) }}
"""
BLUE, PAPER = (0x2E, 0x6D, 0xA4), (0xFB, 0xF8, 0xF0)  # the tiny game's palette: blue and paper
DPI = 100


def with_aid_template(project, template: str = AID_TEMPLATE, name: str = "tiny/aid.j2") -> None:
    """Name `name` as the aid's template in the project's reference.yaml and write `template` into templates/tiny/aid.j2."""
    (project / AID).write_text(template, encoding="utf-8")
    reference = project / "data/tiny/reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8") + f"template: {name}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def drawn_aid(tmp_path_factory):
    """The tiny game's reference PDF, its aid drawn by AID_TEMPLATE."""
    project = tmp_path_factory.mktemp("aid") / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    with_aid_template(project)
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    assert result.exit_code == 0, result.output + result.stderr
    return project / REFERENCE


def _near(pixel, colour, by: int = 30) -> bool:
    return all(abs(a - b) <= by for a, b in zip(pixel, colour, strict=True))


def test_an_aid_with_a_template_prints_what_the_template_draws_on_each_players_card(drawn_aid):
    pages = texts(drawn_aid)
    fronts = [i for i, kind in enumerate(kinds(pages)) if kind == "aids"]
    assert fronts and pages[fronts[0]].count("Keep your hand close") == 4, "one card a player (players.max: 4), the template's words"
    assert "Draw a card." not in " ".join(pages[i] for i in fronts), "the sections are not laid out on a drawn aid"
    sheet = " ".join(p for p, kind in zip(pages, kinds(pages), strict=True) if kind.startswith("sheet"))
    assert "In a nutshell" in sheet, "an `only: aid` section prints on the sheet when a template draws the aid"
    image = render_page(drawn_aid, fronts[0], DPI)
    page_h = image.height / DPI * 25.4
    slots = _poker_slots(drawn_aid, fronts[0])
    assert len(slots) == 4 and all((s.w, s.h) == (63500, 88900) for s in slots), "the aid's card size, every copy"
    for slot in slots:
        left, top = slot.x / 1000, page_h - (slot.y + slot.h) / 1000  # the trim's top-left, mm from the page's

        def at(x, y, left=left, top=top):
            return image.getpixel((round((left + x) * DPI / 25.4), round((top + y) * DPI / 25.4)))
        assert _near(at(18, 37.5), BLUE), at(18, 37.5)  # inside the panel
        assert _near(at(18, 47.5), PAPER) and _near(at(4, 37.5), PAPER), "the panel ends where the template says"


def test_a_bad_line_in_an_aids_template_is_a_finding_at_its_line_and_column(project):
    bad = AID_TEMPLATE.replace('"Keep your hand close"', "aid.nope")
    with_aid_template(project, bad)
    said = (lambda r: r.output + r.stderr)(run_pnp(project, "build", "tiny", "--only", "reference"))
    line = bad.splitlines()[1]
    assert f"{AID}:2:{line.index('nope') + 1}: error: aid has no field 'nope'" in said, said
    assert not (project / REFERENCE).exists()


def test_an_aids_template_is_checked_as_a_boards_is_each_warning_at_the_line_that_drew_it(project):
    """Words within the safe area, words too faint to read, and a band stopping at the trim over another colour across
    the cut between two aids (a sliver): each a warning at its own line of the aid's template."""
    extra = ['{{ text("Edge words here", 0.5, 80, 40, 6, size=8) }}',  # 0.5 mm inside the cut: within the 3 mm safe area
             '{{ text("faint", 10, 20, 40, 6, size=8, color="#f0f0e8") }}',  # near-white on the paper
             '{{ rect(0, 0, face.w, 10, fill="red") }}']  # to the trim, not into the bleed: the aid above shows paper there
    template = AID_TEMPLATE + "\n".join(extra) + "\n"
    with_aid_template(project, template)
    said = (lambda r: r.output + r.stderr)(run_pnp(project, "build", "tiny", "--only", "reference"))
    line = {text: template.splitlines().index(text) + 1 for text in extra}
    assert f"{AID}:{line[extra[0]]}:1: warning: text 'Edge words here' lies 0.5 mm inside the cut" in said, said
    assert re.search(rf"{AID}:{line[extra[1]]}:1: warning: text 'faint' \(8 pt\) .* WCAG asks of it \(tiny/aid.j2\)", said), said
    assert re.search(rf"{AID}:{line[extra[2]]}:1: warning: the reference's sheets, sheet 1: the top edge of player aid 1/1 front is #c0392b", said), said


def test_an_aids_template_that_is_not_there_is_an_error_at_its_name(project):
    with_aid_template(project, name="tiny/nowhere.j2")
    said = (lambda r: r.output + r.stderr)(run_pnp(project, "build", "tiny", "--only", "reference"))
    lines = (project / "data/tiny/reference.yaml").read_text(encoding="utf-8").splitlines()
    at = f"data/tiny/reference.yaml:{len(lines)}:{lines[-1].index('tiny/') + 1}"
    assert f"{at}: error: template 'tiny/nowhere.j2' not found" in said, said


def test_nothing_on_an_aid_pnp_lays_out_is_dragged_and_it_says_why():
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.serve.editing import Refusal
    from pnp.serve.traced import traced_face

    project = Project(TEST_PROJECT)
    game, _ = project.load_game("tiny")
    with pytest.raises(Refusal) as refused:
        traced_face(Engine(project).for_game(game), "reference:aid:1", "front")
    assert refused.value.status == 404 and "reference.yaml" in str(refused.value) and "template" in str(refused.value)

