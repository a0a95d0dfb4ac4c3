"""`pnp mcp`: the project's tools through the MCP SDK's own client, the server started as an assistant starts it."""
import asyncio
import json
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PROJECT = Path(__file__).parent / "project"


def call(root: Path, tool: str, args: dict) -> dict:
    """Start `python -m pnp mcp --root ROOT`, call one tool, and return its structured answer."""
    async def go():
        params = StdioServerParameters(command=sys.executable, args=["-m", "pnp", "mcp", "--root", str(root)])
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool(tool, args)
            assert not result.is_error, result
            return result.structured_content or json.loads(result.content[0].text)
    return asyncio.run(go())


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root, ignore=shutil.ignore_patterns("output"))
    return root


def test_list_games_names_each_game_with_its_decks(project):
    games = call(project, "list_games", {})["games"]
    slugs = sorted(p.name for p in (project / "data").iterdir() if (p / "game.yaml").is_file())
    assert sorted(g["game"] for g in games if g["lang"] is None) == slugs
    assert all(d["cards"] > 0 for g in games for d in g["decks"])


def test_validate_reports_a_broken_value_at_its_place(project):
    slug = sorted(p.name for p in (project / "data").iterdir() if (p / "game.yaml").is_file())[0]
    game_yaml = project / "data" / slug / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\nnot_a_key: 1\n")
    findings = call(project, "validate", {"game": slug})["findings"]
    assert any(f["file"].endswith("game.yaml") and f["line"] for f in findings), findings


def test_build_writes_the_game_pdf_into_output(project):
    slug = sorted(p.name for p in (project / "data").iterdir() if (p / "game.yaml").is_file())[0]
    answer = call(project, "build", {"game": slug})
    pdfs = [w for w in answer["written"] if w.endswith(".pdf")]
    assert pdfs and all(w.startswith(f"output/{slug}/") for w in pdfs), answer
    assert all((project / w).read_bytes().startswith(b"%PDF-") for w in pdfs)


def test_render_face_is_a_png_of_the_card_trim_at_the_dpi(project):
    import base64
    import io

    from PIL import Image
    games = call(project, "list_games", {})["games"]
    game = next(g for g in games if g["lang"] is None and g["decks"])
    deck = game["decks"][0]
    card = deck["card_list"][0]["id"]

    async def go():
        params = StdioServerParameters(command=sys.executable, args=["-m", "pnp", "mcp", "--root", str(project)])
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await session.call_tool("render_face", {"game": game["game"], "item": f"{deck['id']}/{card}", "dpi": 100})
    result = asyncio.run(go())
    assert not result.is_error, result
    image = Image.open(io.BytesIO(base64.b64decode(result.content[0].data)))
    w_mm, h_mm = deck["size"]
    assert abs(image.width - w_mm / 25.4 * 100) <= 1 and abs(image.height - h_mm / 25.4 * 100) <= 1, image.size


def test_card_fields_name_the_line_that_sets_each_value(project):
    game = next(g for g in call(project, "list_games", {})["games"] if g["lang"] is None and g["decks"])
    deck = game["decks"][0]
    card = deck["card_list"][0]["id"]
    fields = call(project, "card_fields", {"game": game["game"], "deck": deck["id"], "card": card})["fields"]
    assert fields
    for f in fields:
        if isinstance(f["value"], str) and f["value"] and f["file"].endswith((".yaml", ".yml")) and f["line"]:
            line = (project / f["file"]).read_text().splitlines()[f["line"] - 1]
            assert f["value"].splitlines()[0][:10] in line or f["name"] in line, (f, line)
