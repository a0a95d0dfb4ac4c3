"""Credits that hold: every icon of the bundled CC BY set that a game draws is named in its rulebook's credits.

What is drawn is found by laying out every piece of the game (cards, boards,
tokens, player aids) and reading the icons off the laid-out faces, plus the
`:name:` icons of the rulebook's own text; what is credited is read from the
rulebook PDF's text."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, apply_edits, run_pnp
from pdftext import flat, pdf_text
from test_adoption import new_game

from pnp.data.project import Project
from pnp.layout.elements import Group, Icon, Text
from pnp.layout.typeset import IconOp
from pnp.outputs.context import Engine
from pnp.targets.components import collect

GAMES = sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml"))


def _icons(elements) -> set[str]:
    found = set()
    for el in elements:
        if isinstance(el, Icon):
            found.add(el.name)
        elif isinstance(el, Text):
            found.update(op.icon for op in el.ops if isinstance(op, IconOp))
        elif isinstance(el, Group):
            found |= _icons(el.children)
    return found


def drawn_from_the_set(root: Path, slug: str) -> set[str]:
    project = Project(root)
    game, findings = project.load_game(slug)
    assert game is not None, [f.format() for f in findings]
    gctx = Engine(project).for_game(game)
    names = set()
    for component in collect(gctx, 0.0, []):
        for item in component.items:
            for face in (item.front, item.back):
                if face is not None:
                    names |= _icons(face.elements)
    if game.rulebook is not None:
        names |= set(re.findall(r":([a-z0-9][a-z0-9_-]*):", game.rulebook.read_text(encoding="utf-8")))
    return {n for n in names if gctx.icons.in_library(n)}


def credited(root: Path, slug: str, out: Path) -> set[str]:
    result = run_pnp(root, "build", slug, "--only", "rulebook", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    return credited_in(out / slug / f"{slug}-rulebook.pdf")


def credited_in(rulebook: Path) -> set[str]:
    """The icons a rulebook PDF's credits name."""
    text = flat(pdf_text(rulebook, " "))
    match = re.search(r"licensed CC BY 3\.0 \(creativecommons\.org/licenses/by/3\.0\), recoloured: (.*?)\.(?:\s|$)", text)
    if match is None:
        return set()
    return {name.strip() for name in match.group(1).replace("- ", "-").split(",")}


def test_the_untouched_scaffold_credits_every_icon_it_draws(tmp_path):
    folder = tmp_path / "empty"
    assert new_game(folder).exit_code == 0
    drawn = drawn_from_the_set(folder, "crystal-caves")
    assert {"hearts", "clubs", "spades"} <= drawn  # its colour marks, named in game.yaml
    assert drawn <= credited(folder, "crystal-caves", tmp_path / "out")


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_credits_every_icon_of_the_set_it_draws(shared_build, slug):
    drawn = drawn_from_the_set(ROOT, slug)
    credits = credited_in(shared_build() / slug / f"{slug}-rulebook.pdf")  # the plain build other files read (conftest)
    assert drawn <= credits, f"drawn but not credited: {sorted(drawn - credits)}"


def test_an_icon_named_in_the_facts_as_art_or_quoted_in_a_template_is_credited(project):
    """The credits read what the game may draw, not what one build drew (pnp.outputs.rulebook.credits): a fact that is an
    icon's name (`crest: anchor`) or its file (`emblem: ninja-mask.svg`), a name quoted in a template, a die face's `icons:` list."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "facts: {emblem: ninja-mask.svg, crest: anchor}\n", encoding="utf-8")
    template = project / "templates/tiny/hero.j2"
    template.write_text("{% set spare = 'crown' %}\n" + template.read_text(encoding="utf-8"), encoding="utf-8")
    faces = ", ".join(["{icons: [crossed-swords, castle]}"] + ["{icons: []}"] * 5)  # a die's face listing its icons
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: d, shape: d6, size: 16, color: '#ffffff', face: tiny/hero.j2, faces: [{faces}]}}\n")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output
    assert {"anchor", "ninja-mask", "crown", "crossed-swords", "castle"} <= credited_in(project / "output/tiny/tiny-rulebook.pdf")


def test_an_icon_the_project_draws_itself_is_not_credited_to_the_set(project):
    """An icon is the set's only where no folder has its own file of that name (docs/getting-started.md: your own icons
    win over bundled ones): the project's own crown.svg, drawn on every hero, is no game-icons.net work and its name
    stays out of the set's credits, which still name the set's hearts the cards' frames draw."""
    (project / "templates/icons").mkdir(parents=True)
    (project / "templates/icons/crown.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n', encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("crown", 10, 50, 10) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output
    credits = credited_in(project / "output/tiny/tiny-rulebook.pdf")
    assert "hearts" in credits and "crown" not in credits, credits


def test_an_icon_the_rules_alone_print_is_credited(project):
    """An icon that only the rulebook's own text prints (`:trophy:` in a sentence, drawn by no piece) is still the set's
    work on the page, so the credits name it."""
    rules = project / "data/tiny/rulebook.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("The first player to 10 points wins.",
                                                               "The first player to 10 points wins the :trophy:."), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output
    assert "trophy" in credited_in(project / "output/tiny/tiny-rulebook.pdf")


def test_an_icon_a_token_item_names_in_a_field_of_its_own_is_credited(project):
    """A token item's own field may name the icon its face draws (`symbol: death-skull`, drawn by `icon(token.symbol, …)`):
    the credits name it as they name an icon a card's field or a fact names."""
    apply_edits(project, [{"file": "data/tiny/tokens.yaml", "replace": ['tint: "#f3d36b",', 'tint: "#f3d36b", symbol: death-skull,']},
                          {"file": "data/tiny/tokens.yaml", "replace": ['tint: "#9fd0f0",', 'tint: "#9fd0f0", symbol: anchor,']},
                          {"file": "templates/tiny/token-coin.j2", "append": "{{ icon(token.symbol, 8, 15, 4) }}\n"}])
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output
    assert {"death-skull", "anchor"} <= credited_in(project / "output/tiny/tiny-rulebook.pdf")


def test_an_icon_a_token_item_is_named_by_is_credited(project):
    """A face may draw its item's icon by the item's id (`icon(token.id, …)`): a coin item `id: anchor` is credited, as an
    icon licence asks of every icon a game may print."""
    apply_edits(project, [{"file": "data/tiny/tokens.yaml", "replace": ["{id: c5,", "{id: anchor,"]},
                          {"file": "templates/tiny/token-coin.j2", "append": "{{ icon(token.id, 8, 15, 4) }}\n"}])
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.output
    assert "anchor" in credited_in(project / "output/tiny/tiny-rulebook.pdf")


def test_an_icon_written_only_in_a_cards_text_is_credited(project, tmp_path):
    """A card's `:death-skull:` draws the set's icon on that card, so the rulebook's credits name it (CC BY 3.0 asks it
    of every icon drawn), though no template, rule or other data names it."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml",
                           "replace": ["Steal 1 coin − then run → away.", "Steal 1 coin :death-skull: then run → away."]}])
    assert "death-skull" in credited(project, "tiny", tmp_path / "out")


def test_an_icon_a_template_shared_by_every_game_quotes_is_credited(project, tmp_path):
    """A template in templates/ itself (one every game may include) is read for the credits as a game's own are:
    its `icon('castle', …)` is the set's work wherever it prints."""
    (project / "templates/crest.j2").write_text("{{ icon('castle', 2, 2, 6) }}\n", encoding="utf-8")
    assert "castle" in credited(project, "tiny", tmp_path / "out")


def test_an_icon_named_in_the_games_start_is_credited(project, tmp_path):
    """A value of game.yaml's `start:` that is an icon's name (`marker: anchor`) may be drawn by a template, so it is credited."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "append": "start: {marker: anchor}\n"}])
    assert "anchor" in credited(project, "tiny", tmp_path / "out")


def test_an_icon_named_by_a_key_of_the_reference_is_credited(project, tmp_path):
    """reference.yaml's extra keys reach a player aid's own template (`aid.emblem`, docs/components.md), so a value
    that is an icon's name (`emblem: anchor`) is credited."""
    apply_edits(project, [{"file": "data/tiny/reference.yaml", "append": "emblem: anchor\n"}])
    assert "anchor" in credited(project, "tiny", tmp_path / "out")


def credited_in_order(rulebook: Path) -> list[str]:
    """The icons a rulebook PDF's credits name, in the order it prints them."""
    match = re.search(r"recoloured: (.*?)\.(?:\s|$)", flat(pdf_text(rulebook, " ")))
    assert match is not None, "no credits"
    return [name.strip() for name in match.group(1).replace("- ", "-").split(",")]


def test_the_credited_icons_are_listed_in_alphabetical_order(tiny_after):
    """A reader looks an icon up in the credits as in an index: the tiny game's frames draw the set's hearts and spades,
    and its templates quote circle and square, listed from a to z."""
    names = credited_in_order(tiny_after("build", "tiny", "--only", "rulebook", "--booklet") / "output/tiny/tiny-rulebook.pdf")
    assert {"hearts", "spades"} <= set(names) and names == sorted(names), names


def test_a_palette_colour_a_template_quotes_is_not_credited_as_the_icon_of_its_name(tiny_after):
    """`fill="paper"` in the tiny game's templates names its palette's paper colour: the set has an icon called
    `paper`, but no template draws it, so the credits do not name it (pnp.outputs.rulebook.credits)."""
    names = credited_in_order(tiny_after("build", "tiny", "--only", "rulebook", "--booklet") / "output/tiny/tiny-rulebook.pdf")
    assert "hearts" in names and "paper" not in names, names
