"""Which icon a template's name finds (docs/getting-started.md): a game's own folder first, then the project's shared
templates/icons, then pnp's bundled set; read from the card sheet the build prints."""
from __future__ import annotations

from conftest import run_pnp
from pdftext import pdf_text

AN_ICON_OF = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n{}\n</svg>\n'  # an icon drawing what is given


def test_a_games_own_icon_wins_over_the_shared_one_which_wins_over_pnps_own(project):
    """Your own icons in templates/<game>/icons win over bundled ones of the same name, and templates/icons holds the
    shared ones. `mark` in both the game's folder and the shared one prints the game's; the shared `star` prints over
    pnp's own star (the heroes' stars)."""
    for folder, word in (("templates/tiny/icons", "GameMark"), ("templates/icons", "SharedMark")):
        (project / folder).mkdir(parents=True, exist_ok=True)
        (project / folder / "mark.svg").write_text(AN_ICON_OF.format(f'<text x="1" y="5" font-size="2">{word}</text>'), encoding="utf-8")
    (project / "templates/icons/star.svg").write_text(AN_ICON_OF.format('<text x="1" y="5" font-size="2">SharedStar</text>'), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("mark", 10, 50, 20) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert "GameMark" in printed and "SharedMark" not in printed and "SharedStar" in printed


def test_an_icon_of_pnps_bundled_set_drawn_without_a_colour_prints_black(project):
    """The game-icons.net set writes its shapes in `currentColor`; an icon drawn with no colour asked prints them in
    black, as the set's own pages show them, on every copy of the card."""
    import pdfplumber

    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ icon("spades", 5, 72, 12) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output
    mm = 72 / 25.4
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        page = pdf.pages[0]
        spades = [c for c in page.curves if c.get("fill") and 8.5 * mm < c["width"] <= 12.1 * mm and 8.5 * mm < c["height"] <= 12.1 * mm]  # not the 8 mm suit in the header
        heroes = [w for w in page.extract_words() if w["text"] in ("Knight", "<Knight>", "AT&T", "Rogue", "Mage", "Twin")]
    assert spades and len(spades) == len(heroes), (len(spades), len(heroes))
    assert {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in spades} in ({(0, 0, 0)}, {(0,)}), {tuple(c["non_stroking_color"]) for c in spades}
