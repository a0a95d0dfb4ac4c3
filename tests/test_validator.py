"""The validator: each broken input in tests/corpus/cases.yaml yields its finding, at its place, in its words."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import apply_edits, run_pnp

CASES = yaml.safe_load((Path(__file__).parent / "corpus" / "cases.yaml").read_text(encoding="utf-8"))


def findings(project: Path, *args: str) -> tuple[int, list[dict]]:
    result = run_pnp(project, "validate", "--format", "json", *args)
    return result.exit_code, json.loads(result.output)


def test_the_corpus_has_every_kind_of_finding():
    assert len(CASES) >= 25
    assert len({c["code"] for c in CASES}) >= 20


def test_the_test_game_validates_clean(project):
    code, found = findings(project)
    assert code == 0 and found == []


def _in_the_games_data(case: dict) -> bool:
    return all(edit["file"].startswith("data/tiny/") for edit in case["edits"])


# Cases that change only the game's data are checked together, each in a copy of the data of its own (a game is checked
# on its own data alone); a case that changes a template or a picture, which every copy shares, has a project of its own.
TOGETHER = [case for case in CASES if _in_the_games_data(case)]


def _copy_slug(number: int) -> str:
    return f"tiny-broken{number:02d}"


@pytest.fixture(scope="module")
def together(tmp_path_factory) -> dict[str, list[dict]]:
    """The findings by game of the tiny game as shipped checked beside one copy of its data per case of TOGETHER
    (data/tiny-brokenNN/), each changed as its case says: a copy is checked as far as its case needs. One `pnp validate
    --quick` checks every copy's data (tests/test_findings.py holds its findings to a full validate's); the copies whose
    finding it did not give (a face that overflows, a glyph or template missing: found by drawing) are checked again,
    beside the game as shipped, by one full `pnp validate`, and their findings are that run's."""
    quick = _checked_beside(tmp_path_factory, range(len(TOGETHER)), "--quick")
    drawn = [n for n, case in enumerate(TOGETHER) if not any(f["code"] == case["code"] for f in quick.get(_copy_slug(n), []))]
    full = _checked_beside(tmp_path_factory, drawn)
    by_game = {game: found for game, found in quick.items() if game not in {_copy_slug(n) for n in drawn} | {"tiny"}} | full
    if quick.get("tiny"):
        by_game["tiny"] = quick["tiny"] + full.get("tiny", [])
    return by_game


def _checked_beside(tmp_path_factory, numbers, *args: str) -> dict[str, list[dict]]:
    """The findings by game of one `pnp validate --format json ARGS` of the tiny game beside a copy of its data for each
    case of TOGETHER numbered in `numbers`."""
    import shutil

    from conftest import TEST_PROJECT

    root = tmp_path_factory.mktemp("corpus") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    for number in numbers:
        slug = _copy_slug(number)
        shutil.copytree(root / "data/tiny", root / "data" / slug)
        apply_edits(root, [{**edit, "file": f"data/{slug}/" + edit["file"].removeprefix("data/tiny/")} for edit in TOGETHER[number]["edits"]])
    by_game: dict[str, list[dict]] = {}
    for finding in findings(root, *args)[1]:
        by_game.setdefault(finding["game"], []).append(finding)
    return by_game


def test_the_test_game_checks_clean_beside_its_broken_copies(together):
    """No broken copy's finding lands on the game as shipped, checked in the same validate: each case's copy is alone."""
    assert together.get("tiny", []) == []
    assert len(together) == len(TOGETHER) + (1 if "tiny" in together else 0)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_broken_input_is_reported_at_its_place(request, case):
    if case in TOGETHER:  # its copy's findings, at its copy's files: data/tiny-brokenNN/ for data/tiny/
        data = f"data/{_copy_slug(TOGETHER.index(case))}/"
        found = request.getfixturevalue("together").get(data.split("/")[1], [])
        code = 1 if any(f["severity"] == "error" for f in found) else 0
        case = {**case, **{key: case[key].replace("data/tiny/", data) for key in ("at", "message", "message_start") if key in case}}
    else:
        project = request.getfixturevalue("project")
        apply_edits(project, case["edits"])
        code, found = findings(project)
    severity = case.get("severity", "error")
    assert code == (1 if severity == "error" else 0)
    matching = [f for f in found if f["code"] == case["code"]]
    assert matching, f"no {case['code']} in {json.dumps(found, indent=1, ensure_ascii=False)}"
    at = [f"{f['file']}:{f['line']}:{f['column']}" for f in matching]
    assert case["at"] in at, at
    chosen = [f for f in matching if f"{f['file']}:{f['line']}:{f['column']}" == case["at"]]
    if "message" in case:
        assert case["message"] in [f["message"] for f in chosen], [f["message"] for f in chosen]
    if "message_start" in case:
        assert any(f["message"].startswith(case["message_start"]) for f in chosen)
    if "component" in case:
        assert case["component"] in [f["component"] for f in chosen]
    assert all(f["severity"] == severity for f in chosen)


def test_text_output_is_clickable_and_summarised(project):
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["age: 8", "age: eight"]}])
    result = run_pnp(project, "validate")
    assert result.exit_code == 1
    assert "data/tiny/game.yaml:5:6: error: age: expected a whole number, got 'eight'" in result.stderr
    assert "tiny: 1 error, 0 warnings" in result.stderr
    assert "Traceback" not in result.stderr + result.output


def test_all_findings_of_a_run_are_reported_in_file_order(project):
    apply_edits(project, [
        {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 4", "stars: 5"]},
        {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 1,", "stars: 0,"]},
    ])
    code, found = findings(project)
    ranges = [f for f in found if f["code"] == "constraint-range"]
    assert code == 1 and [f["line"] for f in ranges] == [8, 10]


def test_strict_turns_warnings_into_errors(project):
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": "{{ text('edge', 0.5, 40, 20, 6) }}\n"}])
    assert run_pnp(project, "validate").exit_code == 0
    assert run_pnp(project, "validate", "--strict").exit_code == 1


def test_a_strict_check_of_a_game_with_no_warning_does_not_say_that_warnings_fail(project):
    """docs/findings.md: under `--strict` the summary says `(warnings fail with --strict)` when a warning is there to
    fail the run; a game with none is summed up plainly, as it passes."""
    result = run_pnp(project, "validate", "tiny", "--quick", "--strict")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == "tiny: 0 errors, 0 warnings", result.stderr


def test_build_refuses_invalid_data_with_the_same_report(project):
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 4", "stars: 5"]}])
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    assert "heroes/mage: stars is 5, allowed 1–4" in result.stderr
    assert not (project / "output/tiny/tiny-cards.pdf").exists()
    assert run_pnp(project, "build", "--no-validate").exit_code == 0


def test_usage_errors_exit_2(project):
    assert run_pnp(project, "validate", "no-such-game").exit_code == 2
    assert run_pnp(project, "build", "--paper", "a5").exit_code == 2


def test_games_validated_on_two_cores_each_get_their_own_findings_in_the_games_order(project):
    """`pnp validate` checks games in parallel, the largest first: the findings must come back to the game they belong
    to, in the order the games were asked for, as when the games are checked one by one."""
    import shutil

    from pnp.data.project import Project
    from pnp.pipeline.schedule import check_games

    shutil.copytree(project / "data/tiny", project / "data/twin")
    apply_edits(project, [
        {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 4", "stars: 5"]},  # past the 1–4 range game.yaml allows
        # one hero more than the 12 the twin's rules count, and the larger game, so it is checked first
        {"file": "data/twin/decks/heroes.yaml", "append": '  - {id: bard, name: Bard, stars: 2, number: 6, text: "Sing.", count: 1}\n'},
    ])
    loaded = Project(project)
    games = [loaded.load_game(slug)[0] for slug in ("tiny", "twin")]
    parallel = check_games(loaded, games, workers=2)
    errors = [{f.code for f in found if f.severity == "error"} for found in parallel]
    assert errors == [{"constraint-range"}, {"count-mismatch"}], errors
    assert [{f.game for f in found} for found in parallel] == [{"tiny"}, {"twin"}]
    assert parallel == check_games(loaded, games, workers=1)


def test_a_template_warning_names_the_game_it_was_found_building(project):
    """A template knows no game; the warning it raises while a game is checked belongs to that game (Finding.in_game)."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8") + "{{ rect(0, 0, 1, 1) }}\n", encoding="utf-8")
    result = run_pnp(project, "validate", "--format", "json", "tiny")
    found = [f for f in json.loads(result.output) if f["code"] == "template-ignored"]
    assert found and {f["game"] for f in found} == {"tiny"}, result.output


def test_a_stated_count_may_name_the_cards_it_counts_with_where(project):
    """Issue 75.17: `components:` takes `where:` as a constraint does, so the rules' "6 red heroes" is a count of its own.
    The tiny deck has 6 red heroes (knight 2, att 2, twin 2: tests/project/data/tiny/decks/heroes.yaml)."""
    game = project / "data/tiny/game.yaml"
    stated = "  - name: Red heroes\n    in: decks.heroes\n    where: card.side == 'red'\n    count: {n}\n    source: tests, invented\n"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("components:\n", "components:\n" + stated.format(n=6), 1), encoding="utf-8")
    code, found = findings(project)
    assert (code, found) == (0, []), found
    game.write_text(text.replace("components:\n", "components:\n" + stated.format(n=7), 1), encoding="utf-8")
    code, found = findings(project)
    assert code == 1 and [f["message"].split(" — ")[0] for f in found] == ["Red heroes: the data has 6, the rules say 7"], found


def test_a_game_asked_of_the_project_by_a_misspelt_name_is_told_the_closest_game(project):
    """`Project.load_game` of a game data/ lacks is one error at data/ naming the games there, with the closest one when
    it is a typo of it (pnp.core.errors.did_you_mean): `tinyy` for the tiny game."""
    from pnp.core.errors import PnpError
    from pnp.data.project import Project

    with pytest.raises(PnpError) as refused:
        Project(project).load_game("tinyy")
    [finding] = refused.value.findings
    assert (finding.severity, finding.loc.path, finding.message) == ("error", "data", "no game 'tinyy' in data/ (did you mean 'tiny'?); games: tiny")


def test_validate_warns_of_art_too_coarse_once_the_bleed_prints(project):
    """validate draws the cards with their bleed (docs/build-internals.md: the cards drawn with bleed and inspected),
    so it says what a --bleed build finds: 525 × 735 px of art over the knight's face and its 3 mm bleed prints at
    210 dpi within the trim (2.5 × 3.5 in) but 525 px over 69.5 mm, 192 dpi, with its bleed: below the 200 asked."""
    apply_edits(project, [{"file": "art/full.png", "write_png": [525, 735]},
                          {"file": "templates/tiny/hero.j2", "replace": ["{% block body %}", '{% block body %}{% if card.id == "knight" %}'
                           '{{ image("art/full.png", -face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fit="cover") }}{% endif %}']}])
    result = run_pnp(project, "validate", "tiny")
    coarse = [line for line in result.output.splitlines() if "art/full.png" in line]
    assert len(coarse) == 1 and coarse[0].startswith("templates/tiny/hero.j2:2:"), result.output
    assert ": warning: image art/full.png prints at 192 dpi in its 69.5 × 94.9 mm box, below 200: " in coarse[0]


FAINT_WORD = {"file": "data/tiny/decks/heroes.yaml", "replace": ["keep one and put the others back", "keep one and put the [#f2efe6]others[/] back"]}


def test_validate_quick_draws_no_face_so_a_faint_word_is_left_to_the_full_check(project):
    """`--quick` checks the data alone (its help: nothing is drawn): a word printed too faint is found by drawing it."""
    apply_edits(project, [FAINT_WORD])
    quick = run_pnp(project, "validate", "tiny", "--quick")
    assert quick.exit_code == 0 and ": warning: " not in quick.output, quick.output
    assert "tiny: 0 errors, 0 warnings" in quick.output
    full = run_pnp(project, "validate", "tiny")
    warnings = [line for line in full.output.splitlines() if ": warning: " in line]
    assert len(warnings) == 1 and warnings[0].startswith("templates/tiny/hero.j2:5:1: warning: text 'others' (10 pt) in #f2efe6"), full.output
