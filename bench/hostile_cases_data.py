"""Cases of bench/hostile.py: spreadsheets (sheet), YAML and game data (data), special files (special) and names (name)."""
from __future__ import annotations

import os
import shutil
import socket
import stat
import zipfile

from hostile import A, R
from hostile_corpus import (
    DECK,
    FRAME,
    GAME,
    HEAD_ROWS,
    ICON,
    ODS_HEAD,
    PREVIEW,
    QUICK,
    RULES,
    case,
    cell,
    edit,
    fifo,
    frame,
    image_on_knight,
    ods,
    ods_row,
    own_font,
    png,
    put,
    spies,
    xlsx,
    zipped,
)

SHEET_RUNS = (R("build --only cards", "cards."), R(QUICK, "cards."))


QUICK_DRAWS_NOTHING = "--quick draws nothing: the sheet reads by its rules, and what it read is refused where a template draws it"


def sheet_case(name: str, file: str, data, expect: str = "refuse", why: str = "", extra: str = ""):
    runs = {"refuse": [R("build --only cards", file), R(QUICK, file)],
            "drawn": [R("build --only cards", "hero.j2"), A(QUICK, QUICK_DRAWS_NOTHING)]}.get(expect) or [A("build --only cards", why)]

    def make(ctx):
        spies(ctx, file, data() if callable(data) else data, extra)

    case("sheet", name, *runs)(make)


# sheet: CSV ------------------------------------------------------------------------------------------------------------
CSV_HEAD = b"id,name,stars\n"
sheet_case("a CSV holding NUL bytes", "cards.csv", CSV_HEAD + b"spy,S\x00py,1\n", "accept", "a NUL is a control character: stripped from what prints")
sheet_case("a CSV of invalid UTF-8", "cards.csv", CSV_HEAD + b"spy,Esp\xeda,1\n")
sheet_case("a CSV in UTF-16", "cards.csv", (CSV_HEAD + b"spy,Spy,1\n").decode().encode("utf-16"), "either",
           "UTF-16 read by its byte order mark, or refused at the file")
sheet_case("a CSV header of a million columns", "cards.csv", lambda: b"id," + b",".join(b"c%d" % i for i in range(1_000_000)) + b"\nspy\n")
sheet_case("a CSV field of 19 MB", "cards.csv", lambda: CSV_HEAD + b"spy," + b"x" * 19_000_000 + b",1\n")
sheet_case("a CSV of a million rows", "cards.csv", lambda: b"id,name\n" + b"".join(b"r%d,R\n" % i for i in range(1_000_000)))
sheet_case("a CSV quote never closed", "cards.csv", CSV_HEAD + b'spy,"Spy,1\n' + b"more\n" * 1000, "drawn")
sheet_case("a CSV formula", "cards.csv", CSV_HEAD + b'spy,"=HYPERLINK(""http://x"",""y"")",1\n', "accept", "a formula is text to pnp, printed as written")
sheet_case("a CSV with a header twice", "cards.csv", b"id,name,name\nspy,A,B\n")
sheet_case("a CSV with an empty header", "cards.csv", b"id,,stars\nspy,x,1\n", "drawn")
sheet_case("a CSV header naming a dunder", "cards.csv", b"id,__class__,stars\nspy,x,1\n", "either", "a field name is a key, never an attribute")
sheet_case("a CSV count of 1e9", "cards.csv", b"id,name,count\nspy,Spy,1000000000\n")
sheet_case("a CSV count of NaN", "cards.csv", b"id,name,count\nspy,Spy,nan\n")
sheet_case("a CSV number of 1e999999", "cards.csv", CSV_HEAD + b"spy,Spy,1e999999\n", "drawn")
sheet_case("a CSV with only its header", "cards.csv", CSV_HEAD, "either", "a deck of no cards is said at the deck")
sheet_case("a CSV with CR line ends and a BOM", "cards.csv", b"\xef\xbb\xbfid,name,stars\rspy,Spy,1\r", "accept", "any line ending, a BOM skipped")
sheet_case("a TSV", "cards.tsv", b"id\tname\tstars\nspy\tSpy\t1\n", "accept", "a .tsv is read as tab-separated")

# sheet: XLSX -----------------------------------------------------------------------------------------------------------
sheet_case("an xlsx whose members are LZMA-packed", "cards.xlsx", lambda: zipped(xlsx(HEAD_ROWS), zipfile.ZIP_LZMA), "either",
           "a member packed another way is read, or refused at the workbook")
sheet_case("an xlsx whose members are bzip2-packed", "cards.xlsx", lambda: zipped(xlsx(HEAD_ROWS), zipfile.ZIP_BZIP2), "either",
           "a member packed another way is read, or refused at the workbook")


def _duplicate_sheet():
    parts = xlsx(HEAD_ROWS)
    far = xlsx(HEAD_ROWS + f'<row r="1048576">{cell("XFD1048576", "far")}</row>')["xl/worksheets/sheet1.xml"]
    data = zipped(parts)
    import io

    out = io.BytesIO(data)
    with zipfile.ZipFile(out, "a") as z, __import__("warnings").catch_warnings():
        __import__("warnings").simplefilter("ignore")
        z.writestr("xl/worksheets/sheet1.xml", far)
    return out.getvalue()


def _lying_size():
    """The sheet's directory entry says 300 bytes; the member unpacks to 200 MB of spaces before its cells."""
    import io

    sheet = xlsx(HEAD_ROWS)["xl/worksheets/sheet1.xml"]
    head, tail = sheet.split("<sheetData>")
    body = (head + "<sheetData>").encode() + b" " * (200 << 20) + tail.encode()
    out = io.BytesIO(zipped({k: v for k, v in xlsx(HEAD_ROWS).items() if k != "xl/worksheets/sheet1.xml"}))
    with zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", body)
    data = bytearray(out.getvalue())
    name = b"xl/worksheets/sheet1.xml"
    for sig, size_at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # local header and central directory: uncompressed size
        at = 0
        while (at := data.find(sig, at)) >= 0:
            name_len = int.from_bytes(data[at + (26 if sig == b"PK\x03\x04" else 28): at + (28 if sig == b"PK\x03\x04" else 30)], "little")
            start = at + (30 if sig == b"PK\x03\x04" else 46)
            if data[start:start + name_len] == name:
                data[at + size_at: at + size_at + 4] = (300).to_bytes(4, "little")
            at += 4
    return bytes(data)


sheet_case("an xlsx holding its sheet twice, the second far", "cards.xlsx", _duplicate_sheet)
sheet_case("an xlsx whose directory understates a member", "cards.xlsx", _lying_size)
sheet_case("an xlsx with an encrypted member", "cards.xlsx", lambda: zipped(xlsx(HEAD_ROWS))[:6] + b"\x01\x00" + zipped(xlsx(HEAD_ROWS))[8:], "accept",
           "the flag is a claim: the member's bytes are plain and read")
sheet_case("an xlsx whose dimension claims the whole sheet", "cards.xlsx", lambda: zipped(xlsx(HEAD_ROWS, sheet_head='<dimension ref="A1:XFD1048576"/>')),
           "accept", "a dimension tag is a claim, not cells: the cells are read")
sheet_case("an xlsx entity bomb", "cards.xlsx", lambda: zipped(xlsx(HEAD_ROWS + f'<row r="3">{cell("A3", "&a9;")}</row>', before=_laughs_doctype())))
sheet_case("an xlsx shared text of 90 MB", "cards.xlsx",
           lambda: zipped(xlsx('<row r="1">' + cell("A1", "id") + cell("B1", "name") + '</row><row r="2">' + cell("A2", "spy")
                               + '<c r="B2" t="s"><v>0</v></c></row>',
                               more={"xl/sharedStrings.xml": '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">'
                                                             "<si><t>" + "x" * 90_000_000 + "</t></si></sst>"})), "drawn")
sheet_case("an xlsx of 2,000 sheets", "cards.xlsx", lambda: _many_sheets(2000), "either", "the deck reads its first sheet (or the one named)")
sheet_case("an xlsx whose sheet is named outside the zip", "cards.xlsx",
           lambda: zipped({**xlsx(HEAD_ROWS), "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                           '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
                           'Target="../../../../etc/passwd"/></Relationships>'}))
sheet_case("an encrypted Office file named .xlsx", "cards.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000))
sheet_case("an empty zip named .xlsx", "cards.xlsx", lambda: zipped({}))
sheet_case("an xlsx with macros", "cards.xlsm", lambda: zipped({**xlsx(HEAD_ROWS), "xl/vbaProject.bin": b"\x00macro"}), "accept",
           "macros are never run: the cells are read")
sheet_case("an xlsx naming a sheet that is not there", "cards.xlsx", lambda: zipped(xlsx(HEAD_ROWS)), extra="sheet: Nowhere\n")
sheet_case("an xlsx cell of an error value", "cards.xlsx",
           lambda: zipped(xlsx(HEAD_ROWS.replace(cell("B2", "Spy"), '<c r="B2" t="e"><v>#DIV/0!</v></c>'))), "either", "an error cell read as its text, or refused at it")


def _laughs_doctype() -> str:
    entities = '<!ENTITY a0 "lol">' + "".join(f'<!ENTITY a{i} "{("&a" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
    return f'<?xml version="1.0"?><!DOCTYPE w [{entities}]>'


def _many_sheets(n: int) -> bytes:
    parts = xlsx(HEAD_ROWS)
    sheets = "".join(f'<sheet name="S{i}" sheetId="{i + 1}" r:id="rId{i + 1}"/>' for i in range(n))
    rels = "".join(f'<Relationship Id="rId{i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
                   f'Target="worksheets/sheet{i + 1}.xml"/>' for i in range(n))
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace('<sheet name="Cards" sheetId="1" r:id="rId1"/>', sheets)
    parts["xl/_rels/workbook.xml.rels"] = f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>'
    sheet = parts.pop("xl/worksheets/sheet1.xml")
    for i in range(n):
        parts[f"xl/worksheets/sheet{i + 1}.xml"] = sheet
    return zipped(parts)


# sheet: ODS ------------------------------------------------------------------------------------------------------------
sheet_case("an ods with a billion repeated spaces", "cards.ods", lambda: zipped(ods(ODS_HEAD.replace("<text:p>Spy</text:p>", '<text:p>S<text:s text:c="999999999"/>py</text:p>'))))
sheet_case("an ods with LibreOffice's trailing empty rows", "cards.ods",
           lambda: zipped(ods(ODS_HEAD + '<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="1024"/>'
                                         "</table:table-row>")), "accept", "empty rows and cells repeated to the sheet's end are no cells")
sheet_case("an ods with a trailing cell repeated a billion times", "cards.ods",
           lambda: zipped(ods(ODS_HEAD.replace("</table:table-row>", '<table:table-cell table:number-columns-repeated="999999999"/></table:table-row>', 1))),
           "either", "empty cells are no cells")
sheet_case("an ods of text repeated a million times across", "cards.ods",
           lambda: zipped(ods(ods_row("id", "name") + '<table:table-row><table:table-cell office:value-type="string" table:number-columns-repeated="1000000">'
                                                      "<text:p>x</text:p></table:table-cell></table:table-row>")))
sheet_case("an ods entity bomb", "cards.ods", lambda: zipped(ods(ODS_HEAD + ods_row("mole", "&a9;"), before=_laughs_doctype())))
sheet_case("an ods without its content", "cards.ods", lambda: zipped({"mimetype": "application/vnd.oasis.opendocument.spreadsheet"}))
sheet_case("an ods of spanned cells", "cards.ods",
           lambda: zipped(ods(ODS_HEAD.replace("<table:table-cell ", '<table:table-cell table:number-columns-spanned="999999999" table:number-rows-spanned="999999999" ', 1))),
           "either", "spanning is a look, not cells")
sheet_case("an ods of nested tables", "cards.ods",
           lambda: zipped(ods(ODS_HEAD + "<table:table-row><table:table-cell>" + "<table:table><table:table-row><table:table-cell>" * 3000 + "x"
                              + "</table:table-cell></table:table-row></table:table>" * 3000 + "</table:table-cell></table:table-row>")), "accept",
           "a table inside a cell is the cell's text to the workbook reader")


# data: YAML and game data ----------------------------------------------------------------------------------------------
DATA = {
    "an alias holding itself": (DECK, "name: &a [*a]\n", "refuse"),
    "merge keys fanning out": (DECK, "a: &a {k0: 1, k1: 1, k2: 1, k3: 1, k4: 1, k5: 1, k6: 1, k7: 1, k8: 1, k9: 1}\n"
                               + "".join(f"b{i}: &b{i} {{<<: [{', '.join(['*a' if i == 0 else f'*b{i - 1}'] * 1)}], x{i}: 1}}\n" for i in range(2000)), "refuse"),
    "a binary tag": (DECK, None, "refuse"),
    "a set tag": (DECK, "name: !!set {a, b}\n", "refuse"),
    "a python name tag": (DECK, "name: !!python/name:os.system\n", "refuse"),
    "a complex key": (DECK, "? [a, b]\n: c\nname: x\n", "refuse"),
    "a null key": (DECK, "~: x\nname: y\n", "refuse"),
    "two documents": (DECK, "name: x\n---\nname: y\n", "refuse"),
    "an empty deck": (DECK, "", "refuse"),
    "a deck that is a list": (DECK, "- a\n- b\n", "refuse"),
    "a deck in UTF-16": (DECK, "utf16", "refuse"),
    "a deck of 20,001 cards": (DECK, "size: poker\nname: Many\nfront: tiny/hero.j2\ncards:\n" + "".join(f"  - {{id: c{i}}}\n" for i in range(20001)), "refuse"),
    "a card of 10,000 fields": (DECK, "name: F\nsize: poker\nfront: tiny/hero.j2\ncards:\n  - {id: f, name: F, stars: 1, number: 1, text: t, "
                                + ", ".join(f"f{i}: {i}" for i in range(10000)) + "}\n", "either"),
    "a size of 1e-300": (DECK, "sizes", "refuse"),
    "a count of NaN": (DECK, "count: .nan", "refuse"),
    "a count of -5": (DECK, "count: -5", "refuse"),
    "stars of 1e999": (DECK, "stars: 1e999", "refuse"),
    "defaults that are a list": (DECK, "defaults: [1, 2]", "refuse"),
    "a palette in a loop": (GAME, 'palette:\n  red: shiny\n  shiny: red\n  blue: "#2e6da4"\n  ink: "#000000"\n  paper: "#ffffff"\n  gold: "#876510"', "refuse"),
    "a palette colour of 100,000 characters": (GAME, 'palette:\n  red: "#' + "f" * 100_000 + '"\n  blue: "#2e6da4"\n  ink: "#000000"\n  paper: "#ffffff"\n  gold: "#876510"', "refuse"),
    "a palette colour of rgb(1e999)": (GAME, 'palette:\n  red: "rgb(1e999, 0, 0)"\n  blue: "#2e6da4"\n  ink: "#000000"\n  paper: "#ffffff"\n  gold: "#876510"', "refuse"),
    "players of 1e99": (GAME, "players: {min: 1e99, max: 1e99}", "refuse"),
    "an unknown constraint": (GAME, "constraints:\n  - check: evil\n    in: decks.heroes", "refuse"),
    "a constraint on a path of dunders": (GAME, "constraints:\n  - check: unique\n    in: decks.__class__\n    field: name", "refuse"),
    "a component count of 1e99": (GAME, "components:\n  - name: Hero cards\n    in: decks.heroes\n    count: 1e99", "refuse"),
    "a body font that is a path": (GAME, "fonts:\n  body: ../../etc/passwd\n  title: comfortaa", "refuse"),
    "500 languages": (GAME, "languages: [" + ", ".join(f"l{i}" for i in range(500)) + "]", "refuse"),
    "a deck of 20,000 cards of 1,000 copies": (DECK, "name: Many\nsize: poker\nfront: tiny/hero.j2\ndefaults: {side: red, stars: 1, number: 1, text: t, name: n}\n"
                                              "cards:\n" + "".join(f"  - {{id: c{i}, count: 1000}}\n" for i in range(20000)), "refuse"),
    "a format version of 1e99": (GAME, "format_version: 1e99", "refuse"),
    "notes of 4 MB": (GAME, "notes: " + "x" * 4_000_000, "either"),
    "a reference of 100,000 sections": ("data/tiny/reference.yaml", "title: R\nsections:\n" + "  - {title: s, text: t}\n" * 100_000, "refuse"),
    "a token set of 10,000 colours": ("data/tiny/tokens.yaml", "tokens:\n  - {id: p, name: P, shape: circle, size: 10, count: 1000, front: tiny/token-pawn.j2, "
                                      "colors: [" + ", ".join(["red"] * 10000) + "]}\n", "refuse"),
}


def _data_make(rel: str, text):
    def make(ctx):
        path = ctx.project / rel
        if text is None:
            put(ctx, rel, "name: !!binary aGVsbG8=\nsize: poker\n")
        elif text == "utf16":
            put(ctx, rel, path.read_text().encode("utf-16"))
        elif text == "sizes":
            edit(ctx, rel, "size: poker", "size: 1e-300 x 1e-300")
        elif rel == GAME and text.split(":")[0] in ("palette", "players", "constraints", "components", "fonts", "languages", "format_version", "notes"):
            key = text.split(":")[0]
            lines = path.read_text().splitlines()
            kept, skipping = [], False
            for line in lines:
                if line.startswith(key + ":"):
                    skipping = True
                    continue
                if skipping and (line.startswith(" ") or line.startswith("\t")):
                    continue
                skipping = False
                kept.append(line)
            put(ctx, rel, "\n".join(kept) + "\n" + text + "\n")
        elif rel == DECK and ":" in text and "\n" not in text:
            old = text.split(":")[0]
            lines = path.read_text()
            if old == "defaults":
                edit(ctx, rel, "defaults: {side: red}", text)
            else:
                import re

                put(ctx, rel, re.sub(rf"{old}: [^,}}]+", text, lines, count=1))
        else:
            put(ctx, rel, text)

    return make


for _name, (_rel, _text, _expect) in DATA.items():
    _where = _rel.rsplit("/", 1)[1]
    _runs = [R("build", _where), R("list", _where), R(QUICK, _where)] if _expect == "refuse" else [
        A("build", "many fields each said once as a warning, or a long text kept in the designer notes")]
    case("data", _name, *_runs)(_data_make(_rel, _text))


case("data", "a board of a million spaces a side", R("build", "board-town.j2"), R("list", "board-town.j2"),
     A(QUICK, "--quick draws nothing: the count is refused where a template passes it to loop_spaces"))(
    _data_make("data/tiny/boards.yaml", "boards:\n  - {id: b, name: B, size: 380 x 300, template: tiny/board-town.j2, corner: 40, "
                                        "per_side: [1000000, 1000000], spaces: []}\n"))


# special: pipes, sockets and devices where files should be ------------------------------------------------------------
SPECIAL = {
    "game.yaml": (GAME, "build --only cards"),
    "tokens.yaml": ("data/tiny/tokens.yaml", "build --only tokens"),
    "boards.yaml": ("data/tiny/boards.yaml", "build --only boards"),
    "reference.yaml": ("data/tiny/reference.yaml", "build --only reference"),
    "an included template": ("templates/tiny/inc.j2", "build --only cards --cards knight"),
    "an icon": (ICON, "build --only cards --cards knight"),
    "an image": ("art/pipe.png", "build --only cards --cards knight"),
    "a font": ("fonts/Mine.ttf", "build --only cards"),
    "fonts.yaml": ("fonts/fonts.yaml", "build --only cards"),
    "a CSV sheet": ("data/tiny/decks/cards.csv", "build --only cards"),
    "an xlsx sheet": ("data/tiny/decks/cards.xlsx", "build --only cards"),
    "a rulebook figure": ("data/tiny/fig.png", "build --only rulebook"),
}


def _special_make(rel: str, maker):
    def make(ctx):
        if rel == "templates/tiny/inc.j2":
            frame(ctx, "{% include 'tiny/inc.j2' %}")
        elif rel == "art/pipe.png":
            image_on_knight(ctx, rel)
        elif rel.startswith("fonts/"):
            own_font(ctx)
        elif rel.endswith(("cards.csv", "cards.xlsx")):
            spies(ctx, rel.rsplit("/", 1)[1])
        elif rel.endswith("fig.png"):
            put(ctx, RULES, "# Rules\n\n![fig](fig.png)\n")
        maker(ctx, rel)

    return make


def _device(ctx, rel: str) -> None:
    path = ctx.project / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 5))  # /dev/zero's numbers: a device inside the project


def _socket(ctx, rel: str) -> None:
    path = ctx.project / rel
    if path.exists():
        path.unlink()
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()


for _name, (_rel, _command) in SPECIAL.items():
    case("special", f"a named pipe as {_name}", R(_command, _rel.rsplit("/", 1)[1]))(_special_make(_rel, fifo))
case("special", "a device as a deck", R("build", "heroes.yaml"), R("list", "heroes.yaml"))(_special_make(DECK, _device))
case("special", "a device as a template", R("build --only cards", "frame.j2"))(_special_make(FRAME, _device))
case("special", "a device as an image", R("build --only cards --cards knight", "pipe.png"))(_special_make("art/pipe.png", _device))
case("special", "a socket as a deck", R("build", "heroes.yaml"))(_special_make(DECK, _socket))
case("special", "a named pipe as the rulebook, in a bundle", R("bundle tiny --paper letter", "rulebook.md"))(_special_make(RULES, fifo))
case("special", "a named pipe as a deck, in a preview", R(PREVIEW, "heroes.yaml"))(_special_make(DECK, fifo))
case("special", "a named pipe as the cache's record", A("build --only cards", "a cache entry that is not a plain file is no entry: made again"))(
    _special_make("output/.pnp-cache/tiny.json", fifo))
case("special", "a named pipe as the cache's digests", A("build --only cards", "a cache entry that is not a plain file is no entry: made again"))(
    _special_make("output/.pnp-cache/parsed/file-digests.json", fifo))
case("special", "a named pipe as the cache's key check", A("build --only cards", "a cache entry that is not a plain file is no entry: made again"))(
    _special_make("output/.pnp-cache/key-check", fifo))
case("special", "a device as the cache's face store", A("build --only cards", "a cache entry that is not a plain file is no entry: made again"))(
    _special_make("output/.pnp-cache/tiny.faces", _device))
case("special", "a named pipe at the cards PDF's name", A("build --only cards", "the output replaces what stood at its name, unopened"))(
    _special_make("output/tiny/tiny-cards.pdf", fifo))


@case("special", "a named pipe as the stamps record", A("changes tiny", "the stamps record is plain data; one that is not a file is no record", accept_rc=1),
      A("build --only cards", "the stamps record is plain data; one that is not a file is no record"))
def _(ctx):
    edit(ctx, GAME, "stamps: false", "stamps: true")
    fifo(ctx, "output/.pnp-cache/tiny.stamps.json")


# name: values that become file names ---------------------------------------------------------------------------------
@case("name", "a card id climbing out", R(PREVIEW.replace(" --card knight", ""), "heroes.yaml"), R("export tiny --format png --dpi 72 --no-validate", "heroes.yaml"))
def _(ctx):
    edit(ctx, DECK, "id: knight", 'id: "../../../../outside/pwn"')


LONG = "x" * 300
NAMES = {
    "a card id of 300 characters": lambda ctx: edit(ctx, DECK, "id: knight", f"id: k{LONG}"),
    "a card name of 300 characters": lambda ctx: edit(ctx, DECK, 'name: "<Knight>"', f'name: "K{LONG}"'),
    "a deck name of 300 characters": lambda ctx: edit(ctx, DECK, "name: Heroes", f"name: H{LONG}"),
    "a game title of 300 characters": lambda ctx: edit(ctx, GAME, "title: Tiny Test Game", f"title: T{LONG}"),
    "a board id of 300 characters": lambda ctx: edit(ctx, "data/tiny/boards.yaml", "id: town", f"id: t{LONG}"),
    "a game folder of 200 characters": lambda ctx: (ctx.project / "data/tiny").rename(ctx.project / ("data/g" + "x" * 199)),
    "a game folder of unicode": lambda ctx: (ctx.project / "data/tiny").rename(ctx.project / "data/jeu-été-🎲"),
    "a game folder starting with a dash": lambda ctx: (ctx.project / "data/tiny").rename(ctx.project / "data/-rf"),
    "card ids differing only in case": lambda ctx: edit(ctx, DECK, "id: att", "id: Knight"),
    "a deck name holding a slash and quotes": lambda ctx: edit(ctx, DECK, "name: Heroes", "name: 'He/ro\"es </script>'"),
}
for _name, _make in NAMES.items():
    _game = "g" + "x" * 199 if "200" in _name else "jeu-été-🎲" if "unicode" in _name else "-rf" if "dash" in _name else "tiny"
    case("name", _name, A(f"build {_game}" if _game != "-rf" else "build", "a long or odd value keeps a readable start and a digest in file names"),
         A(f"export {_game} --format tts --dpi 72 --no-validate" if _game != "-rf" else "export --format tts --dpi 72 --no-validate -- -rf",
           "a long or odd value keeps a readable start and a digest in file names"))(_make)


@case("name", "hidden and editor files beside the decks", A("build", "hidden and editor files are ignored by rule"), A("list", "ignored by rule"))
def _(ctx):
    decks = ctx.project / "data/tiny/decks"
    for name, data in {".~lock.cards.ods#": b"lock", "heroes.yaml.bak~": b"cards: [", ".Trash-1000": b"", "Thumbs.db": b"\x00\x01"}.items():
        (decks / name).write_bytes(data)
    (decks / ".git").mkdir()
    shutil.copy(ctx.project / DECK, decks / ".git/heroes.yaml")


@case("name", "a deck file named with spaces", R("build", "data/tiny/decks/more heroes.yaml"))  # a deck's id is its file name: rename it
def _(ctx):
    shutil.copy(ctx.project / DECK, ctx.project / "data/tiny/decks/more heroes.yaml")


@case("name", "an image file of 300 characters", R("build --only cards --cards knight", "frame.j2"))
def _(ctx):
    image_on_knight(ctx, "art/" + "i" * 300 + ".png")
    (ctx.project / "art").mkdir(exist_ok=True)
    (ctx.project / "art/ok.png").write_bytes(png(10, 10))


# data: pnp.yaml, the project's printer profiles ----------------------------------------------------------------------
for _name, _text in {
    "pnp.yaml that is no YAML": "printers: [\n",
    "pnp.yaml with an offset of NaN": "printers:\n  default: {offset: [.nan, 0]}\n",
    "pnp.yaml with a margin of a kilometre": "printers:\n  default: {margin: 1000000}\n",
    "pnp.yaml nested 10,000 deep": "printers: " + "[" * 10_000 + "]" * 10_000 + "\n",
    "pnp.yaml a list": "- a\n- b\n",
}.items():
    case("data", _name, R("build --only cards", "pnp.yaml"), R("bundle tiny --paper letter", "pnp.yaml"))(lambda ctx, text=_text: put(ctx, "pnp.yaml", text))


@case("data", "a template named by a card's field, up and out", R("build --only cards --cards knight", "frame.j2"))
def _(ctx):
    edit(ctx, DECK, 'name: "<Knight>"', 'name: "../../outside/secret.txt"')
    frame(ctx, "{% include card.name %}")
