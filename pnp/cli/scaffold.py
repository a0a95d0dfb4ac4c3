"""`pnp new GAME`: a small game that builds at once, as a new project or a new game of this one."""
from __future__ import annotations

import re
from pathlib import Path

import click

from pnp.core.assets import SCAFFOLD
from pnp.data.project import find_root
from pnp.data.schema import ID_PATTERN

PLACEHOLDERS = ("__GAME__", "__TITLE__")


def title_of(slug: str) -> str:
    """`crystal-caves` → `Crystal Caves`."""
    return " ".join(word.capitalize() for word in re.split(r"[-_]+", slug) if word)


def scaffold_files(slug: str) -> dict[str, str]:
    """Project-relative path → text of every file of the scaffold, named for the new game."""
    title = title_of(slug)
    files = {}
    for source in sorted(p for p in SCAFFOLD.rglob("*") if p.is_file()):
        rel = source.relative_to(SCAFFOLD).as_posix().replace("__GAME__", slug)
        files[rel] = source.read_text(encoding="utf-8").replace("__GAME__", slug).replace("__TITLE__", title)
    return files


@click.command(name="new")
@click.argument("game")
@click.pass_context
def new(ctx, game):
    """Write a small game that builds at once: in this project, or a new project in the current folder."""
    if not re.match(ID_PATTERN, game) or game != game.lower():
        raise click.BadParameter("use lower-case letters, digits, - and _, like crystal-caves", param_hint="GAME")
    root = Path(ctx.obj["root"]) if ctx.obj.get("root") else (find_root(Path.cwd()) or Path.cwd())
    files = scaffold_files(game)
    clashes = [rel for rel in files if (root / rel).exists()] + [d for d in (f"data/{game}", f"templates/{game}") if (root / d).exists()]
    if clashes:
        raise click.UsageError(f"{root / clashes[0]} already exists: choose another name, or remove it")
    for rel, text in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    click.echo(f"wrote {len(files)} files for '{game}' in {root}/data/{game} and {root}/templates/{game}")
    click.echo(f"next: pnp build {game}   (then open output/{game}/{game}-cards.pdf)")
