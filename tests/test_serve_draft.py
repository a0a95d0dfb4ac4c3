"""`pnp serve --draft` means what `pnp build --draft` means (issue 50): a missing image is drawn as a marked placeholder
and warned of at the line that names it, on card faces and in the rulebook alike; without it, a missing image is an error
and the face has no picture. Read from what the server answers (its state and images), not from the code."""
from __future__ import annotations

import io
import json

from PIL import Image
from test_serve import Server, _no_network  # noqa: F401 (the loopback-only network fixture, autouse here too)

FRAME = "templates/tiny/frame.j2"
CARD_ART = "templates/tiny/frame.j2:6:4"  # the image() call naming the missing card art


def _miss_art(project) -> int:
    """Name a card picture and a rulebook figure that are not there; the figure's line in rulebook.md."""
    with (project / FRAME).open("a", encoding="utf-8") as f:
        f.write("{{ image('art/hero.png', 5, 40, 40, 30) }}\n")
    rulebook = project / "data/tiny/rulebook.md"
    lines = rulebook.read_text(encoding="utf-8").splitlines()
    rulebook.write_text("\n".join([*lines, "", "![The hero](art/hero-big.png)", ""]), encoding="utf-8")
    return len(lines) + 2


def _findings_about(game: dict, name: str) -> list[dict]:
    return [f for f in game["findings"] if name in f["message"]]


def _fronts(game: dict) -> list[str | None]:
    return [item["images"][0]["src"] for s in game["sections"] if s["kind"] == "deck" for item in s["items"]]


def test_serve_draft_draws_placeholders_and_warns_where_the_build_would(project, tmp_path):
    figure_line = _miss_art(project)
    server = Server(project, tmp_path / "serve.log", "--draft")
    try:
        game = json.loads(server.state())["games"][0]
        card = _findings_about(game, "art/hero.png")
        figure = _findings_about(game, "art/hero-big.png")
        assert card and all(f["severity"] == "warning" for f in card), card
        assert card[0]["where"] == CARD_ART, card
        assert figure and figure[0]["severity"] == "warning" and figure[0]["where"].startswith(f"data/tiny/rulebook.md:{figure_line}:"), figure
        assert not [f for f in game["findings"] if f["severity"] == "error"], game["findings"]
        fronts = _fronts(game)
        assert fronts and all(fronts), "every card face is drawn, its missing art stood in for"
        status, body = server.request(fronts[0])
        assert status == 200
        assert Image.open(io.BytesIO(body)).getextrema() != ((255, 255), (255, 255), (255, 255))
        rulebook = next(s for s in game["sections"] if s["kind"] == "rulebook")
        assert rulebook["items"] and not rulebook.get("failed"), "the rulebook is drawn with its figure stood in for"
    finally:
        server.stop()


def test_serve_without_draft_keeps_a_missing_image_an_error(project):
    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    _miss_art(project)
    published: dict = {}
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: published.__setitem__(slug, model))
    assert session.refresh()
    game = published["tiny"]
    card = _findings_about(game, "art/hero.png")
    figure = _findings_about(game, "art/hero-big.png")
    assert card and card[0]["severity"] == "error" and card[0]["where"] == CARD_ART, card
    assert figure and figure[0]["severity"] == "error", figure
    assert not any(_fronts(game)), "no face is drawn when its art is missing"
