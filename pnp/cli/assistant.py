"""`pnp mcp`: the project offered to an AI assistant over the Model Context Protocol (stdio), through the `mcp` SDK.

The tools answer with the same records `pnp list --format json` and `pnp validate --format json` print, built by the
same functions, so an assistant and a designer at the terminal read the same findings about the same project."""
from __future__ import annotations

import contextlib
import dataclasses
import json
import sys
from pathlib import Path

from mcp.server.mcpserver import Image, MCPServer  # the optional extra pnp[mcp]: the CLI says so when it is missing

from pnp.core.errors import Report


def game_rows(root: Path) -> list[dict]:
    """Every game of the project at `root` as `pnp list --format json` lists it (letter paper, the default margin)."""
    from pnp.cli.common import editions, game_names, in_edition, open_project, output_folder, read_games
    from pnp.cli.listing import built_inks, game_listing

    project = open_project(str(root))
    folder = output_folder(project, None)
    report = Report()
    rows = []
    for edition, code, slugs in editions(project, game_names(project, ()), None):
        with in_edition(report, code):
            rows += [dict(game_listing(g, project.templates_dir), lang=code or None, ink=built_inks(folder, g.slug))
                     for g in read_games(edition, slugs, report, frozenset(), out=folder)[0]]
    return rows


def game_findings(root: Path, game: str) -> list[dict]:
    """The findings `pnp validate GAME --format json` prints: each with file, line, column, severity, code, message."""
    from pnp.cli.common import editions, game_names, in_edition, open_project, validate_games

    project = open_project(str(root))
    report = Report()
    for edition, code, slugs in editions(project, game_names(project, (game,)), "all"):
        with in_edition(report, code):
            validate_games(edition, slugs, report, draw=True, without=frozenset())
    return [f.as_json() for f in report.sorted()]


def build_game(root: Path, game: str, deck: str | None = None) -> dict:
    """Build one game (or one deck of it) into the project's output/ as `pnp build GAME [--deck DECK]` does, and answer
    with the files written (paths inside the project) and the findings. The build's own lines go to stderr: stdout
    carries the protocol."""
    from pnp.cli.build_lines import run_build
    from pnp.cli.common import editions, game_names, in_edition, open_project, output_folder
    from pnp.data.config import printer_profile
    from pnp.outputs.options import Options

    project = open_project(str(root))
    folder = output_folder(project, None)
    before = _stamps(folder / game)
    base = Options(printable_mm=printer_profile(project.root, None).margin, out=folder, decks=(deck,) if deck else ())
    report = Report()
    with contextlib.redirect_stdout(sys.stderr):
        for edition, code, slugs in editions(project, game_names(project, (game,)), None):
            with in_edition(report, code):
                run_build(edition, slugs, dataclasses.replace(base, lang=code), ["letter"], report=report, quiet=True, workers=1)
    after = _stamps(folder / game)
    written = sorted(path.relative_to(project.root).as_posix() for path, stamp in after.items() if before.get(path) != stamp)
    return {"written": written, "findings": [f.as_json() for f in report.sorted()]}


def _stamps(folder: Path) -> dict[Path, tuple[int, int]]:
    """Each file under `folder` with its size and modification time, to tell which files a build wrote."""
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()} if folder.is_dir() else {}


def face_png(root: Path, game: str, item: str, side: str = "front", dpi: int = 150) -> bytes:
    """One card's face (`item` is DECK/CARD) as PNG at `dpi`, trim size without bleed, drawn as `pnp preview` draws it;
    an unknown game, deck, card or side is a ValueError that names what there is."""
    from pnp.cli.common import game_names, open_project, read_games
    from pnp.outputs.cards import render_deck
    from pnp.outputs.options import Options
    from pnp.serve.images import png_bytes
    from pnp.targets.preview import face_pdf, rasterise

    project = open_project(str(root))
    game_names(project, (game,))
    loaded, engine = read_games(project, [game], Report())
    if not loaded:
        raise ValueError(f"{game} does not read: run validate for its findings")
    deck_id, _, card_id = item.partition("/")
    decks = loaded[0].decks
    if deck_id not in decks:
        raise ValueError(f"no deck {deck_id!r}; the decks are {', '.join(decks)} (item is DECK/CARD)")
    gctx = engine.for_game(loaded[0])
    found = {card.id: (front, back) for card, front, back in render_deck(gctx, decks[deck_id], Options(cards=(card_id,)), [])}
    face = found.get(card_id, (None, None))[side == "back"] if side in ("front", "back") else None
    if face is None:
        raise ValueError(f"no {side} face for {item}: give DECK/CARD of a card in {deck_id} and side front or back")
    return png_bytes(next(rasterise(face_pdf(gctx, [face]), dpi)))


def card_fields(root: Path, game: str, deck: str, card: str) -> dict:
    """A card's fields (its deck's defaults merged with its own), each with the file, line and column that sets it."""
    from pnp.cli.common import game_names, open_project, read_games

    project = open_project(str(root))
    game_names(project, (game,))
    loaded, _ = read_games(project, [game], Report())
    decks = loaded[0].decks if loaded else {}
    if deck not in decks:
        raise ValueError(f"no deck {deck!r} in {game}; the decks are {', '.join(decks) or 'none (run validate)'}")
    cards = {c.id: c for c in decks[deck].cards}
    if card not in cards:
        raise ValueError(f"no card {card!r} in deck {deck}; run list_games for its cards")
    fields = cards[card].fields
    return {"fields": [{"name": name, "value": json.loads(json.dumps(value, default=str)), "file": loc.path, "line": loc.line, "column": loc.col}
                       for name, value in fields.items() for loc in (fields.loc_of(name),)]}


def make_server(root: Path):
    """The MCP server for the project at `root`: one tool per question an assistant asks of it."""
    server = MCPServer(name="pnp", instructions="Tools over one pnp print-and-play project: list its games, validate or build one.")

    @server.tool()
    def list_games() -> dict:
        """The project's games with their decks, tokens, boards, boxes and dice, and their counts."""
        return {"games": game_rows(root)}

    @server.tool()
    def validate(game: str) -> dict:
        """Check one game's data, templates and counts; each finding names file, line and column and says what to fix."""
        return {"findings": game_findings(root, game)}

    @server.tool()
    def build(game: str, deck: str | None = None) -> dict:
        """Build a game's PDFs (or one deck's) into the project's output/, as `pnp build`; answers the files written and the findings."""
        return build_game(root, game, deck)

    @server.tool()
    def render_face(game: str, item: str, side: str = "front", dpi: int = 150) -> Image:
        """One card face (item DECK/CARD, side front or back) as a PNG of the card's trim size at `dpi`, without bleed."""
        return Image(data=face_png(root, game, item, side, dpi), format="png")

    @server.tool(name="card_fields")
    def card_fields_tool(game: str, deck: str, card: str) -> dict:
        """A card's fields with the file:line:column that sets each, where an edit of that value belongs."""
        return card_fields(root, game, deck, card)

    return server


def serve_stdio(root: Path) -> None:
    """Run the server on stdin/stdout until the assistant closes it."""
    make_server(root).run("stdio")
