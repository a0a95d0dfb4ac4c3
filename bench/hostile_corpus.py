"""The hostile corpus of bench/hostile.py: each case plants one hostile input or fault in a fresh copy of the built
test project and names the commands that read it, with what a right answer is.

None of these files is copied from tests/: they are made here, in each case's own folder. Groups: links and paths
for every kind of file pnp reads (read) and writes (write), template sandbox escapes (escape) and resource bombs
(bomb), template helpers given absurd values (draw), Markdown (markdown), images (image), SVG (svg), fonts (font),
CSV/XLSX/ODS (sheet), YAML and game data (data), special files (special), names (name), `pnp pull` against the
hostile server (pull), a poisoned or odd build cache (cache), concurrent builds, kills and Ctrl-C (fault), and
`serve`/`watch` (live).
"""
from __future__ import annotations

import io
import os
import shutil
import struct
import zipfile
import zlib
from pathlib import Path

from hostile import ROOT, Case, Run

DECK = "data/tiny/decks/heroes.yaml"
GAME = "data/tiny/game.yaml"
RULES = "data/tiny/rulebook.md"
FRAME = "templates/tiny/frame.j2"
HERO = "templates/tiny/hero.j2"
ICON = "templates/icons/hearts.svg"
FONT = ROOT / "fonts/noto/NotoSans-Regular.ttf"

CARDS = "build --only cards --cards knight"
PREVIEW = "preview tiny --dpi 30 --card knight"
RULEBOOK = "build --only rulebook"
QUICK = "validate --quick"

CASES: list[Case] = []


def case(group: str, name: str, *runs: Run):
    """Register the decorated function as the case that plants `name`'s input, and the runs that read it."""

    def register(make):
        CASES.append(Case(name, group, make, list(runs)))
        return make

    return register


def cases() -> list[Case]:
    """Every case, its module imported here (each registers its cases as it is read)."""
    import hostile_cases_bounds  # noqa: F401
    import hostile_cases_data  # noqa: F401
    import hostile_cases_inputs  # noqa: F401
    import hostile_cases_paths  # noqa: F401
    import hostile_cases_runs  # noqa: F401
    import hostile_cases_serve  # noqa: F401
    import hostile_cases_smalls  # noqa: F401

    return list(CASES)


# Planting files ------------------------------------------------------------------------------------------------------

def put(ctx, rel: str, data: str | bytes) -> Path:
    path = ctx.project / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.is_file():
        path.unlink()
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def edit(ctx, rel: str, old: str, new: str) -> None:
    path = ctx.project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, (rel, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def link(ctx, rel: str, target) -> None:
    """The project's `rel` (a file or folder) replaced by a link to `target`."""
    path = ctx.project / rel
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)


def fifo(ctx, rel: str) -> None:
    path = ctx.project / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    os.mkfifo(path)


def frame(ctx, line: str) -> None:
    """A line drawn on the knight's face alone (appended to the frame every hero extends)."""
    with (ctx.project / FRAME).open("a", encoding="utf-8") as f:
        f.write("{% if card.id == 'knight' %}" + line + "{% endif %}\n")


def spies(ctx, name: str, data: bytes | None = None, extra: str = "") -> None:
    """A deck `spies` reading its cards from `name` (a file beside it, holding `data`, or an address)."""
    put(ctx, "data/tiny/decks/spies.yaml", f"name: Spies\nsize: poker\nfront: tiny/hero.j2\ncards_from: {name}\n"
                                           f"defaults: {{side: red, stars: 1, number: 0, text: ''}}\n{extra}")
    if data is not None:
        put(ctx, f"data/tiny/decks/{name}", data)


def rulebook(ctx, text: str) -> None:
    put(ctx, RULES, text)


def icon(ctx, svg: str | bytes) -> None:
    put(ctx, ICON, svg)


def svg(body: str, head: str = 'viewBox="0 0 10 10"', before: str = "") -> str:
    return f'{before}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {head}>{body}</svg>'


def image_on_knight(ctx, rel: str, data: bytes | None = None) -> None:
    if data is not None:
        put(ctx, rel, data)
    frame(ctx, f"{{{{ image('{rel}', 5, 40, 20, 20) }}}}")


def own_font(ctx, file: str = "Mine.ttf", data: bytes | None = None) -> None:
    """fonts/fonts.yaml naming a family `mine` (its regular file `file`, holding `data`), and the game's body in it."""
    put(ctx, "fonts/fonts.yaml", f"families:\n  mine:\n    regular: {file}\n")
    if data is not None:
        put(ctx, f"fonts/{file}", data)
    edit(ctx, GAME, "  body: noto-sans", "  body: mine")


def png(width: int, height: int, mode: str = "RGB") -> bytes:
    from PIL import Image

    data = io.BytesIO()
    Image.new(mode, (width, height)).save(data, "PNG")
    return data.getvalue()


def chunk(kind: bytes, data: bytes, crc: int | None = None) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", (zlib.crc32(kind + data) if crc is None else crc) & 0xFFFFFFFF)


def png_claiming(width: int, height: int, idat: bytes = b"\0" * 16, extra: bytes = b"", zlib_stream: bytes | None = None) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = zlib.compress(idat) if zlib_stream is None else zlib_stream
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def zeros_z(mib: int) -> bytes:
    """A zlib stream of `mib` MiB of zeros, made a MiB at a time."""
    packer = zlib.compressobj(9)
    block = bytes(1 << 20)
    return b"".join(packer.compress(block) for _ in range(mib)) + packer.flush()


def zipped(parts: dict[str, str | bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", method) as z:
        for name, part in parts.items():
            z.writestr(name, part)
    return data.getvalue()


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def xlsx(rows: str, before: str = "", sheet_head: str = "", more: dict | None = None) -> dict[str, str]:
    """A workbook's parts, by hand: one sheet 'Cards' of `rows` (XML rows), `before` ahead of its root element."""
    return {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" '
                               'ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                               '</Types>',
        "_rels/.rels": f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{DOC_REL}"><sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
                                      '</Relationships>',
        "xl/worksheets/sheet1.xml": f'{before}<worksheet xmlns="{MAIN}">{sheet_head}<sheetData>{rows}</sheetData></worksheet>',
        **(more or {}),
    }


def cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


HEAD_ROWS = f'<row r="1">{cell("A1", "id")}{cell("B1", "name")}</row><row r="2">{cell("A2", "spy")}{cell("B2", "Spy")}</row>'

ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def ods(rows: str, before: str = "") -> dict[str, str]:
    content = (f'{before}<office:document-content {ODS_NS} office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Cards">'
               f'{rows}</table:table></office:spreadsheet></office:body></office:document-content>')
    manifest = ('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    return {"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": content, "META-INF/manifest.xml": manifest}


def ods_row(*cells: str, repeated: int = 1) -> str:
    body = "".join(f'<table:table-cell office:value-type="string"><text:p>{c}</text:p></table:table-cell>' for c in cells)
    return f'<table:table-row table:number-rows-repeated="{repeated}">{body}</table:table-row>'


ODS_HEAD = ods_row("id", "name") + ods_row("spy", "Spy")


# The user's own files -------------------------------------------------------------------------------------------------

def users_files(folder: Path, base: Path, canary: str) -> None:
    """A folder of the user's, outside any project: files of every kind a game could link to, each holding the canary."""
    folder.mkdir()
    (folder / "secret.txt").write_text(canary + "\n")
    (folder / "notes.txt").write_text("the user's own notes\n")
    (folder / "mine").mkdir()
    (folder / "mine/notes.txt").write_text("the user's own notes\n")
    deck = (base / DECK).read_text().replace("Rogue", canary)
    (folder / "secret.yaml").write_text(deck)
    (folder / "game.yaml").write_text((base / GAME).read_text().replace("Tiny Test Game", canary))
    (folder / "rulebook.md").write_text(f"# Rules\n\n{canary}\n")
    (folder / "reference.yaml").write_text((base / "data/tiny/reference.yaml").read_text().replace("Tiny · quick reference", canary))
    (folder / "tokens.yaml").write_text((base / "data/tiny/tokens.yaml").read_text().replace("name: Coins", f"name: {canary}"))
    (folder / "boards.yaml").write_text((base / "data/tiny/boards.yaml").read_text().replace("Tiny Town", canary))
    (folder / "evil.j2").write_text(f'{{{{ text("{canary}", 5, 5, 50, 5) }}}}\n')
    (folder / "frame.j2").write_text((base / FRAME).read_text() + f'{{{{ text("{canary}", 5, 50, 50, 5) }}}}\n')
    (folder / "macro.j2").write_text(f'{{% macro m() %}}{{{{ text("{canary}", 5, 5, 50, 5) }}}}{{% endmacro %}}\n')
    (folder / "art.png").write_bytes(png(60, 60))
    (folder / "icon.svg").write_text(svg(f'<rect width="5" height="5"/><text y="8">{canary}</text>'))
    (folder / "Mine.ttf").write_bytes(FONT.read_bytes())
    (folder / "fonts").mkdir()
    (folder / "fonts/fonts.yaml").write_text(f"# {canary}\nfamilies:\n  mine:\n    regular: Mine.ttf\n")
    (folder / "fonts/Mine.ttf").write_bytes(FONT.read_bytes())
    (folder / "cards.csv").write_text(f"id,name,stars\nspy,{canary},1\n")
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["id", "name", "stars"])
    book.active.append(["spy", canary, 1])
    book.save(folder / "cards.xlsx")
    (folder / "cards.ods").write_bytes(zipped(ods(ods_row("id", "name") + ods_row("spy", canary)), zipfile.ZIP_STORED))
    (folder / "pnp.yaml").write_text(f"# {canary}\nprinters:\n  default: {{offset: [1, 1]}}\n")
    shutil.copytree(base / "data/tiny/decks", folder / "decks")
    (folder / "decks/heroes.yaml").write_text(deck)
    shutil.copytree(base / "data/tiny", folder / "tinydata")
    (folder / "tinydata/decks/heroes.yaml").write_text(deck)
    shutil.copytree(base / "data", folder / "data")
    (folder / "data/tiny/decks/heroes.yaml").write_text(deck)
    shutil.copytree(base / "templates/tiny", folder / "tinytemplates")
    (folder / "tinytemplates/frame.j2").write_text((folder / "frame.j2").read_text())
    shutil.copytree(base / "templates", folder / "templates")
    (folder / "templates/tiny/frame.j2").write_text((folder / "frame.j2").read_text())
    (folder / "icons").mkdir()
    (folder / "icons/hearts.svg").write_text((folder / "icon.svg").read_text())
    (folder / "art").mkdir()
    (folder / "art/hero.png").write_bytes(png(60, 60))
    shutil.copytree(base / "output/.pnp-cache/parsed", folder / "cache")  # the user's own cache of another project


