"""What a print service's check reads on the faces it is sent (pnp.targets.vendor_preflight, its faces' part), on pieces
other than cards: the strip a standee prints as, checked against the vendor's own safe zone. Expected values are the
vendor's numbers as recorded with their sources in pnp/targets/vendors.py (The Game Crafter's 1/8 in, 3.175 mm) and
the positions the test's template sets; the tiny game is checked in process by `pnp validate --vendor --format json`."""
from __future__ import annotations

import json
import shutil

from conftest import TEST_PROJECT, run_pnp

HERO_WORDS = 'text("**HERO**" if face.side == "front" else "**BACK**", 3, face.h - 8, face.w - 6, 5, size=8, align="center", valign="middle")'


def test_a_standees_words_near_its_side_are_warned_for_the_game_crafter_on_the_strip_it_prints(tmp_path):
    """The Game Crafter punches the hero standee (25 × 40 mm, fold-over) out of a slug as one strip: its back turned
    over above its front. Words set 3.1 mm from the side of each half lie 3.1 mm inside the strip's cut, inside The
    Game Crafter's 3.175 mm safe zone though outside pnp's 3 mm: one warning at the set's line in tokens.yaml (a token
    set's faces are not traced to their template), naming both words and how far to move them. The heroes' frame is
    drawn clear of the zone here, so no card has anything in it: the check still speaks of the tokens."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    standee = root / "templates/tiny/token-standee.j2"
    text = standee.read_text(encoding="utf-8")
    assert HERO_WORDS in text
    standee.write_text(text.replace(HERO_WORDS, HERO_WORDS.replace('3, face.h - 8, face.w - 6', '3.1, face.h - 8, face.w - 6.2')
                                    .replace('align="center"', 'align="left"')), encoding="utf-8")
    frame = root / "templates/tiny/frame.j2"
    outline = '{{ rect(3.2, 3.2, face.w - 6.4, face.h - 6.4, stroke="ink", stroke_width=0.4, radius=2) }}'
    assert outline in frame.read_text(encoding="utf-8")
    frame.write_text(frame.read_text(encoding="utf-8").replace(outline, outline.replace("3.2, 3.2, face.w - 6.4, face.h - 6.4", "3.6, 3.6, face.w - 7.2, face.h - 7.2")),
                     encoding="utf-8")
    result = run_pnp(root, "validate", "tiny", "--vendor", "thegamecrafter", "--format", "json")
    found = json.loads(result.output)
    line = next(i for i, row in enumerate((root / "data/tiny/tokens.yaml").read_text(encoding="utf-8").splitlines(), 1) if "id: hero" in row)
    assert [(f["file"], f["line"], f["severity"], f["message"]) for f in found if f["component"] == "Hero standee"] == [
        ("data/tiny/tokens.yaml", line, "warning", "text 'HERO' (and text 'BACK', drawn here too) lies 3.1 mm inside the cut, within "
         "The Game Crafter's 3.175 mm safe zone, where its cut may clip it: move it 0.1 mm inward for this vendor")]
    assert not [f for f in found if f["code"] == "vendor-safe-zone" and f["component"] == "Heroes"]


FRAME = '{{ rect(3.2, 3.2, face.w - 6.4, face.h - 6.4, stroke="ink", stroke_width=0.4, radius=2) }}'


def _frame_findings(project, vendor: str, inset: float | None = None) -> list[tuple]:
    """`pnp validate tiny --vendor VENDOR`'s findings at the heroes' frame line (templates/tiny/frame.j2:4), the frame
    drawn `inset` mm in from the trim where one is given (its 0.4 mm stroke reaching 0.2 mm nearer the cut)."""
    frame = project / "templates/tiny/frame.j2"
    text = frame.read_text(encoding="utf-8")
    assert FRAME in text and text.splitlines()[3] == FRAME
    if inset is not None:
        frame.write_text(text.replace(FRAME, FRAME.replace("3.2, 3.2, face.w - 6.4, face.h - 6.4", f"{inset}, {inset}, face.w - {2 * inset}, face.h - {2 * inset}")),
                         encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--vendor", vendor, "--format", "json")
    return [(f["line"], f["column"], f["code"], f["message"]) for f in json.loads(result.output) if f["file"] == "templates/tiny/frame.j2"]


def test_mbprints_4_mm_safe_zone_warns_of_the_heroes_frame_that_pnps_3_mm_lets_pass(project):
    """MBPrint wants 4 mm of safety from its cut (meinspiel.de's card guide, cited in vendors.py), wider than pnp's own
    3 mm: the heroes' frame, drawn 3.2 mm in with a 0.4 mm stroke, reaches 3.0 mm from the cut. One warning at the
    frame's line, naming MBPrint's 4 mm and the 1.0 mm it lacks."""
    assert _frame_findings(project, "mbprint") == [
        (4, 1, "vendor-safe-zone", "a rectangle's outline lies 3.0 mm inside the cut, within MBPrint's 4 mm safe zone, where its cut may clip "
         "it: move it 1.0 mm inward for this vendor")]


def test_a_frame_inside_pnps_own_safe_area_is_one_warning_not_a_second_for_the_shops_zone(project):
    """The frame moved to 2.2 mm (its stroke 2.0 mm from the cut) is inside pnp's own 3 mm safe area, which the check
    of every build already says at its line: The Game Crafter's wider zone (1/8 in) adds no second warning of it."""
    found = _frame_findings(project, "thegamecrafter", inset=2.2)
    assert [(line, column, code) for line, column, code, _ in found] == [(4, 1, "rule-outside-safe-area")]
    assert "lies 2.0 mm inside the cut, within the 3 mm safe area" in found[0][3]
