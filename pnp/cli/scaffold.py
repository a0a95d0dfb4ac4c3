"""`pnp new GAME`: a small game that builds at once, as a new project or a new game of this one."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import click

from pnp.cli.common import one_paper, output_folder
from pnp.core.assets import SCAFFOLD

# What a new project tells git to leave out: the output folder, PDFs and the build cache, which is the builder's alone
# (docs/safety.md); an existing .gitignore is left as it is.
PROJECT_IGNORES = "# made by `pnp build`: the PDFs and the build cache (of no use to anyone else)\noutput/\n"


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
    from pnp.data.schema import ID_PATTERN

    if not re.fullmatch(ID_PATTERN, game) or game != game.lower():
        raise click.BadParameter("use lower-case letters, digits, - and _, like crystal-caves", param_hint="GAME")
    from pnp.core.files import folder_to_write, write_atomic

    root = (Path(ctx.obj["root"]) if ctx.obj.get("root") else new_game_root(Path.cwd())).resolve()  # the folder typed: its links are the user's
    files = scaffold_files(game)
    clashes = [rel for rel in files if (root / rel).exists()] + [d for d in (f"data/{game}", f"templates/{game}") if (root / d).exists()]
    if clashes:
        raise click.UsageError(f"{root / clashes[0]} already exists: choose another name, or remove it")
    fresh = not (root / "data").is_dir()
    if fresh and not (root / ".gitignore").exists():
        files[".gitignore"] = PROJECT_IGNORES
    for folder in sorted({(root / rel).parent for rel in files}):
        folder_to_write(folder, make=False)  # every folder checked first: a linked templates/ refused with no data/<game>/ left half made
    for rel, text in files.items():
        write_atomic(root / rel, text.encode("utf-8"))
    where = f"a new project in {root}" if fresh else f"the project in {root}"
    ignores = ", and a .gitignore leaving output/ out" if ".gitignore" in files else ""
    click.echo(f"wrote {len(files)} files for '{game}' to {where}: data/{game}/ and templates/{game}/{ignores}")
    if Path.cwd().resolve().is_relative_to(root):  # a build from here finds the project
        click.echo(f"next: pnp build {game}   (then open output/{game}/{game}-cards.pdf)")
    else:  # `--root DIR` elsewhere: a bare `pnp build` here would find no project
        click.echo(f"next: pnp --root {shlex.quote(str(root))} build {game}   (then open {root / 'output' / game / f'{game}-cards.pdf'})")


@click.command(name="icons")
@click.argument("word", required=False, default="")
@click.option("--game", default=None, help="Also search this game's own icons (templates/GAME/icons).")
@click.option("--sheet", "sheet", type=click.Path(dir_okay=False), default=None, help="Contact sheet PDF (default: output/icons[-WORD].pdf).")
@click.option("--paper", default="letter", show_default=True, callback=one_paper, help="letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in).")
@click.pass_context
def icons(ctx, word, game, sheet, paper):
    """List the icons whose name holds WORD (all without one) and write a contact sheet of them."""
    from pnp.core.files import write_atomic
    from pnp.data.project import Project
    from pnp.layout.fonts import FontBook
    from pnp.layout.icons import IconLibrary

    root = Path(ctx.obj["root"]) if ctx.obj.get("root") else (_nearest_root() or Path.cwd())
    project = Project(root)
    fonts = FontBook(project.font_dirs)
    library = IconLibrary(project.icon_dirs(game or ""), project.icon_library_file(), fonts=fonts)
    needle = word.lower().strip()
    names = [n for n in library.names() if needle in n]
    if not names:
        raise click.UsageError(f"no icon name holds '{word}': try a shorter word, or `pnp icons` for all of them")
    for name in names:
        click.echo(f"{name}  ({'game-icons.net, CC BY 3.0' if library.in_library(name) else project.rel(library.path(name))})")
    target = Path(sheet).expanduser().resolve() if sheet else output_folder(project, None) / (f"icons-{needle}.pdf" if needle else "icons.pdf")
    write_atomic(target, icon_sheet(library, names, fonts.font_name("noto-sans"), paper, title=f"Icons holding '{word}'" if word else "Icons"))
    click.echo(f"{len(names)} icons; contact sheet: {target}", err=True)


def new_game_root(cwd: Path) -> Path:
    """Where `pnp new` writes: an empty folder starts a new project of its own, even inside another project
    (`mkdir my-games && cd my-games && pnp new x` inside a clone must not add x to the clone); any other folder
    adds the game to the nearest project at or above it, else starts a project here."""
    if _is_empty(cwd):
        return cwd
    return _nearest_root() or cwd


def _is_empty(folder: Path) -> bool:
    """No entries but hidden ones (a `.git` or `.venv` made first does not make a folder a project)."""
    return not any(not entry.name.startswith(".") for entry in folder.iterdir())


def _nearest_root() -> Path | None:
    from pnp.data.project import find_root

    return find_root(Path.cwd())


# A contact sheet of icons: every icon a search found, drawn at print size with its name under it.

COLUMNS, ROWS = 8, 10
CELL = 24.0  # mm: an icon of 14 mm, the size a card's symbol usually prints at, with room for its name
ICON = 14.0
MARGIN = 10.0


def icon_sheet(icons, names: list[str], font_name: str, paper: str = "letter", title: str = "Icons") -> bytes:
    """A PDF of `names` from `icons`, COLUMNS × ROWS to a page, each labelled with the name to write (reportlab's
    drawing modules imported here: no other command draws icons from the command line)."""
    from pnp.core.units import PT_PER_MM, paper_size
    from pnp.render.pdf import new_canvas

    w, h = paper_size(paper)
    c, buf = new_canvas((w * PT_PER_MM, h * PT_PER_MM), font_name, title, "pnp icons")
    left = (w - COLUMNS * CELL) / 2
    per_page = COLUMNS * ROWS
    for start in range(0, max(len(names), 1), per_page):
        c.setFont(font_name, 9)
        c.drawString(left * PT_PER_MM, (h - MARGIN + 2) * PT_PER_MM, f"{title}: {start + 1}–{min(start + per_page, len(names))} of {len(names)}")
        for i, name in enumerate(names[start:start + per_page]):
            col, row = i % COLUMNS, i // COLUMNS
            x, top = left + col * CELL, h - MARGIN - 4 - row * CELL
            _draw_icon(c, icons.drawing(name, "#000000"), (x + (CELL - ICON) / 2) * PT_PER_MM, (top - 2 - ICON) * PT_PER_MM, ICON * PT_PER_MM, font_name)
            c.setFont(font_name, 5.5)
            c.drawCentredString((x + CELL / 2) * PT_PER_MM, (top - ICON - 6) * PT_PER_MM, name)
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw_icon(c, drawing, x: float, y: float, size: float, font_name: str) -> None:
    """Scale the drawing into a size × size box, its strokes at least a hairline as printed (pnp.render.print_floor);
    reportlab's default Helvetica is swapped for our embedded font."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.shapes import STATE_DEFAULTS

    from pnp.render.icon_forms import floored_drawing, thinnest_stroke
    from pnp.render.print_floor import icon_floor

    scale = size / max(drawing.width, drawing.height, 1e-6)
    floor = icon_floor(thinnest_stroke(drawing), scale)
    if floor is not None:
        drawing = floored_drawing(drawing, floor)
    saved = STATE_DEFAULTS["fontName"]
    STATE_DEFAULTS["fontName"] = font_name
    try:
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        renderPDF.draw(drawing, c, 0, 0)
        c.restoreState()
    finally:
        STATE_DEFAULTS["fontName"] = saved
