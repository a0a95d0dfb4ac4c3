"""game.yaml's `setup:` naming a deck the game has not is one located error, said alike by every command (issue 100).

Only the exports to tables act on `setup:`, but the mistake is in the data: `validate`, `build`, each export (with its
checks and with --no-validate, when the exporter is the only one to look) and `serve`'s list of findings must each
say it once, at the key that names the deck."""
from __future__ import annotations

from conftest import run_pnp


def _with_setup(project, deal: str) -> tuple[int, int]:
    """The tiny game dealing `deal` (a flow mapping's insides); (line, column) of its first key in game.yaml."""
    game = project / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8") + f"setup:\n  deal: {{{deal}}}\n"
    game.write_text(text, encoding="utf-8")
    line = text.splitlines().index(f"  deal: {{{deal}}}") + 1
    return line, len("  deal: {") + 1


def _errors(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": error: " in line]


def test_a_setup_naming_a_missing_deck_is_one_error_at_its_key_in_every_command(project):
    line, col = _with_setup(project, "heros: 1")
    want_start = f"data/tiny/game.yaml:{line}:{col}: error: setup.deal names deck 'heros'"
    runs = {"validate": run_pnp(project, "validate", "tiny"), "build": run_pnp(project, "build", "tiny")}
    for fmt in ("tts", "vtt", "pcio"):
        runs[fmt] = run_pnp(project, "export", "tiny", "--format", fmt)
        runs[f"{fmt} --no-validate"] = run_pnp(project, "export", "tiny", "--format", fmt, "--no-validate")
    said = {name: _errors(result.stderr) for name, result in runs.items()}
    first = said["validate"]
    assert len(first) == 1 and first[0].startswith(want_start) and "did you mean 'heroes'" in first[0], first
    assert {name: lines for name, lines in said.items() if lines != first} == {}
    assert all(result.exit_code == 1 for result in runs.values())
    assert not (project / "output/tiny/tts").exists() and not any((project / "output").rglob("*.pdf"))

    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    models = {}
    LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.__setitem__(slug, model)).refresh()
    assert [f["text"] for f in models["tiny"]["findings"] if f["severity"] == "error"] == first


def test_a_deal_naming_a_path_is_refused_as_no_deck_of_the_game_before_anything_is_exported(project):
    line, col = _with_setup(project, "'../d': 1")
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--no-validate")
    assert result.exit_code == 1
    assert _errors(result.stderr) == [f"data/tiny/game.yaml:{line}:{col}: error: setup.deal names deck '../d', which this game has not: "
                                      "name one of heroes"]
    assert not (project / "output/tiny/tts").exists()


def test_a_setup_dealing_and_turning_up_more_than_the_deck_holds_is_one_error_at_the_deal(project):
    """Two seats dealt 5 heroes each and 3 turned up ask 13 of the tiny game's 12 heroes (2 + 2 + 3 + 3 + 2 copies): the
    deal is what to make smaller, so the error is at its count, not at the face-up one written beside it."""
    game = project / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8") + "setup:\n  seats: 2\n  deal: {heroes: 5}\n  face_up: {heroes: 3}\n"
    game.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  deal: {heroes: 5}") + 1
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert _errors(result.stderr) == [f"data/tiny/game.yaml:{line}:{len('  deal: {heroes: ') + 1}: error: setup asks for 2 × 5 cards dealt and 3 "
                                      "face up from deck 'heroes', which has 12: deal fewer (or set setup.seats)"]


def test_a_deal_from_a_deck_whose_file_has_errors_is_a_note_naming_that_file_not_a_second_error(project):
    """heroes.yaml cut short by a bracket left open is the mistake, one error at its own line; setup dealing from the deck
    it left out says so in a note at the deck's key (docs/findings.md: a stage another file's errors stopped says which),
    never that the game has no deck 'heroes'."""
    line, col = _with_setup(project, "heroes: 1")
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "  - {id: broken, name: [\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert result.exit_code == 1
    assert [said for said in _errors(result.stderr) if "game.yaml" in said] == []
    assert (f"data/tiny/game.yaml:{line}:{col}: note: setup.deal's deck 'heroes' is left out: data/tiny/decks/heroes.yaml has errors: "
            "fix them first") in result.stderr.splitlines()
