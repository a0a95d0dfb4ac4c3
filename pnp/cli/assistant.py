"""`pnp mcp`: the project offered to an AI assistant over the Model Context Protocol (stdio), through the `mcp` SDK.

The tools answer with the same records `pnp list --format json` and `pnp validate --format json` print, built by the
same functions, so an assistant and a designer at the terminal read the same findings about the same project.

Edits (`edit_value`, `edit_template_number`, `undo`) are refused unless the server was started with `--allow-edits`.
They keep the guards of `pnp serve`'s editor (pnp.serve.editor): a file inside the game's own folder (data/ or
templates/) by the one path rule, written only while it still holds the bytes the assistant was shown (the digest
`card_fields` or `template_numbers` gave), through the same atomic writer, read back before it is written; an undo only
while the file still holds what the edit wrote."""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click
from mcp.server.mcpserver import Image, MCPServer  # the optional extra pnp[mcp]: the CLI says so when it is missing
from mcp.server.mcpserver.exceptions import ToolError  # a refusal whose words reach the assistant (any other error reaches it as "Error executing tool")

from pnp.core.errors import Report, did_you_mean
from pnp.serve.editor import Edit, History, Written


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
    with the files written (paths inside the project), the findings, and what the build said (`said`: a game with
    nothing to build says what to add, which the assistant must read to act on). The build's own lines go to stderr
    as well: stdout carries the protocol."""
    from pnp.cli.build_lines import run_build
    from pnp.cli.common import editions, game_names, in_edition, open_project, output_folder
    from pnp.data.config import printer_profile
    from pnp.outputs.options import Options

    project = open_project(str(root))
    folder = output_folder(project, None)
    before = _stamps(folder / game)
    base = Options(printable_mm=printer_profile(project.root, None).margin, out=folder, decks=(deck,) if deck else ())
    report, said = Report(), []

    def say(line: str) -> None:
        said.append(line)
        print(line)

    with contextlib.redirect_stdout(sys.stderr):
        for edition, code, slugs in editions(project, game_names(project, (game,)), None):
            with in_edition(report, code):
                run_build(edition, slugs, dataclasses.replace(base, lang=code), ["letter"], report=report, quiet=True, workers=1, echo=say)
    after = _stamps(folder / game)
    written = sorted(path.relative_to(project.root).as_posix() for path, stamp in after.items() if before.get(path) != stamp)
    return {"written": written, "findings": [f.as_json() for f in report.sorted()], "said": said}


def _stamps(folder: Path) -> dict[Path, tuple[int, int]]:
    """Each file under `folder` with its size and modification time, to tell which files a build wrote."""
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()} if folder.is_dir() else {}


def face_png(root: Path, game: str, item: str, side: str = "front", dpi: int = 150) -> bytes:
    """One card's face (`item` is DECK/CARD) as PNG at `dpi`, trim size without bleed, drawn as `pnp preview` draws it;
    an unknown game, deck, card or side is a ToolError that names what there is."""
    from pnp.cli.common import game_names, open_project, read_games
    from pnp.outputs.cards import render_deck
    from pnp.outputs.options import Options
    from pnp.serve.images import png_bytes
    from pnp.targets.preview import face_pdf, rasterise

    project = open_project(str(root))
    game_names(project, (game,))
    loaded, engine = read_games(project, [game], Report())
    if not loaded:
        raise ToolError(f"{game} does not read: run validate for its findings")
    deck_id, _, card_id = item.partition("/")
    decks = loaded[0].decks
    if deck_id not in decks:
        raise ToolError(f"no deck {deck_id!r}; the decks are {', '.join(decks)} (item is DECK/CARD)")
    gctx = engine.for_game(loaded[0])
    found = {card.id: (front, back) for card, front, back in render_deck(gctx, decks[deck_id], Options(cards=(card_id,)), [])}
    face = found.get(card_id, (None, None))[side == "back"] if side in ("front", "back") else None
    if face is None:
        raise ToolError(f"no {side} face for {item}: give DECK/CARD of a card in {deck_id} and side front or back")
    return png_bytes(next(rasterise(face_pdf(gctx, [face]), dpi)))


def _card(root: Path, game: str, deck: str, card: str):
    """(project, the card's fields) of one card, or a ToolError naming the decks or saying where its cards are listed."""
    from pnp.cli.common import game_names, open_project, read_games

    project = open_project(str(root))
    game_names(project, (game,))
    loaded, _ = read_games(project, [game], Report())
    decks = loaded[0].decks if loaded else {}
    if deck not in decks:
        raise ToolError(f"no deck {deck!r} in {game}; the decks are {', '.join(decks) or 'none (run validate)'}")
    cards = {c.id: c for c in decks[deck].cards}
    if card not in cards:
        raise ToolError(f"no card {card!r} in deck {deck}; run list_games for its cards")
    return project, cards[card].fields


def card_fields(root: Path, game: str, deck: str, card: str) -> dict:
    """A card's fields (its deck's defaults merged with its own), each with the file, line and column that sets it and
    the digest of that file's bytes now (what `edit_value` asks for, so that it never writes over a newer save)."""
    from pnp.serve.editing import digest_of

    project, fields = _card(root, game, deck, card)
    digests: dict[str, str] = {}
    for name in fields:
        rel = fields.loc_of(name).path
        if rel and rel not in digests:
            with contextlib.suppress(OSError):
                digests[rel] = digest_of((project.root / rel).read_bytes())
    return {"fields": [{"name": name, "value": json.loads(json.dumps(value, default=str)), "file": loc.path, "line": loc.line, "column": loc.col,
                        "digest": digests.get(loc.path, "")}
                       for name, value in fields.items() for loc in (fields.loc_of(name),)]}


READ_ONLY = ("nothing was written: pnp mcp was started read-only. Start it as `pnp mcp --allow-edits` to let an assistant "
             "change the project's files (every edit can be undone with the undo tool)")
SHEET_SUFFIXES = (".csv", ".tsv", ".txt")


@dataclass
class Edits:
    """The edits one server made, the last on top: the one owner of what `undo` puts back, and whether edits are allowed."""

    allowed: bool = False
    history: History = field(default_factory=History)  # the serve editor's record of edits, kept to its depth

    def record(self, written: Written) -> int:
        """Keep one written file as an edit `undo` can take back; how many edits are kept now."""
        self.history.record(Edit((written,), 0))
        return len(self.history.done)

    def last(self) -> Written | None:
        """The file the last edit kept wrote, or None."""
        return self.history.done[-1].files[0] if self.history.done else None

    def check_allowed(self) -> None:
        if not self.allowed:
            raise ToolError(READ_ONLY)


def told(tool):
    """`tool` with a command-line refusal it raises (a game or deck not in the project: click's UsageError) made the
    tool error an assistant reads, its words kept: any other error reaches it as "Error executing tool", saying nothing."""
    @functools.wraps(tool)
    def answered(*args, **kwargs):
        try:
            return tool(*args, **kwargs)
        except click.ClickException as exc:
            raise ToolError(exc.message) from None
    return answered


def tool_of(server: MCPServer, **named):
    """`server.tool(**named)`, the tool's command-line refusals said in words (`told`)."""
    return lambda function: server.tool(**named)(told(function))


def _refused(refusal) -> ToolError:
    """serve's Refusal (an HTTP status and a sentence) as the tool error an assistant reads: the sentence."""
    return ToolError(refusal.message)


def _data_source(project, rel: str, game: str):
    """The data file `rel`, once the one path rule keeps it inside the game's own folder under data/."""
    from pnp.core.files import Refused, inside
    from pnp.serve.editing import Source, digest_of

    try:
        real = inside(project.root / rel, project.root, project.data_dir / game)
    except Refused as exc:
        raise ToolError(f"not written: {exc.advice(rel, f'data/{game}/')}") from None
    data = real.read_bytes()
    return Source(rel, real, data, digest_of(data))


def _same_bytes(source, digest: str, asked: str) -> None:
    if source.digest != digest:
        raise ToolError(f"not written: {source.rel} changed on disk since {asked} read it; ask {asked} again and edit what it shows now")


def value_edit(root: Path, edits: Edits, game: str, deck: str, card: str, name: str, value: str, digest: str) -> dict:
    """Set one value of a card where its file sets it (a YAML scalar, or a CSV/TSV cell), every other byte as it was."""
    from pnp.serve.editing import digest_of
    from pnp.serve.editor import write_back

    edits.check_allowed()
    project, fields = _card(root, game, deck, card)
    if name not in fields:
        raise ToolError(f"card {card} has no field {name!r}{did_you_mean(name, list(fields))}; card_fields lists them")
    loc = fields.loc_of(name)
    if loc.sheet:
        raise ToolError(f"not written: {loc} is a workbook's cell, and pnp never writes a workbook (its formatting and formulas are the "
                         "designer's): change that cell in the spreadsheet program")
    source = _data_source(project, loc.path, game)
    _same_bytes(source, digest, "card_fields")
    sheet = source.path.suffix.lower() in SHEET_SUFFIXES
    after = _sheet_cell(source, loc, value) if sheet else _yaml_value(source, loc, name, fields[name], value)
    write_back(source, after, source.data, "written")
    kept = edits.record(Written(source, source.data, after))
    return {"ok": True, "file": loc.path, "line": loc.line, "column": loc.col, "digest": digest_of(after), "undo": kept}


def _sheet_cell(source, loc, value: str) -> bytes:
    """The text sheet with the cell at `loc` set to `value` (behind the formula guard), its other rows as they were."""
    from pnp.data.sheet_rows import guarded
    from pnp.targets.translate_import import sheet_with

    def change(rows, head_at, starts):
        if loc.line not in starts:
            raise ToolError(f"not written: {loc} is not where a row of {source.rel} starts now; ask card_fields again")
        at = starts.index(loc.line)
        rows[at].extend([""] * (loc.col - len(rows[at])))
        rows[at][loc.col - 1] = guarded(value)  # an assistant's `=…` is text in the designer's sheet, never a formula
        return {at}

    return sheet_with(source.path, source.data, change)


def _literal(name: str, old, value: str, flow: bool) -> str:
    """`value` as the YAML text that reads back as it, of the kind the field holds now (a number stays a number)."""
    from pnp.data.source import NumberTooLong, typed_scalar
    from pnp.targets.yaml_writes import flow_scalar, scalar

    if isinstance(old, (list, dict)):
        raise ToolError(f"not written: {name} holds a {'list' if isinstance(old, list) else 'mapping'}; edit_value sets one text or number: "
                         "change it in the file")
    if isinstance(old, str):
        return flow_scalar(value) if flow else scalar(value)
    kind = "true or false" if isinstance(old, bool) else "a number"
    try:
        typed = typed_scalar(value)
    except NumberTooLong:
        raise ToolError(f"not written: {name} holds {kind} ({old}); {NumberTooLong.message}") from None
    if isinstance(old, bool) != isinstance(typed, bool) or not isinstance(typed, (int, float)):
        raise ToolError(f"not written: {name} holds {kind} ({old}); give {kind}")
    return value


def _yaml_value(source, loc, name: str, old, value: str) -> bytes:
    """The YAML file with the one-line scalar at `loc` replaced, checked by reading the file back."""
    from pnp.targets.yaml_writes import in_flow, value_end

    raw = source.data
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    text = raw[len(bom):].decode("utf-8")
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    line, start = lines[loc.line - 1], loc.col - 1
    flow = in_flow(line, start)
    if flow or line[start:start + 1] in ("'", '"'):
        end = value_end(line, start)
    else:
        comment = line.find(" #", start)
        end = start + len(line[start:comment if comment != -1 else len(line)].rstrip())
    if end is None or line[start:start + 1] in ("|", ">") or _continued(lines, loc.line - 1):
        raise ToolError(f"not written: {name} at {loc} runs over several lines; edit_value rewrites a value written on one line: "
                         "change it in the file")
    lines[loc.line - 1] = line[:start] + _literal(name, old, value, flow) + line[end:]
    after = bom + newline.join(lines).encode("utf-8")
    _reads_back_as(source, after, loc, name, old, value)
    return after


def _continued(lines: list[str], at: int) -> bool:
    """Whether the scalar on line `at` goes on below it (the next line that holds anything is indented further)."""
    indent = len(lines[at]) - len(lines[at].lstrip(" "))
    following = next((x for x in lines[at + 1:] if x.strip() and not x.lstrip().startswith("#")), None)
    return following is not None and len(following) - len(following.lstrip(" ")) > indent


def _reads_back_as(source, after: bytes, loc, name: str, old, value: str) -> None:
    """Refuse bytes that do not read back with `value` at `loc` (a layout of the file pnp did not foresee)."""
    from pnp.core.errors import PnpError
    from pnp.data.source import load_yaml, typed_scalar

    wanted = value if isinstance(old, str) else typed_scalar(value)
    try:
        found = _value_at(load_yaml(source.path, source.rel, after), loc)
    except PnpError:
        found = None
    if found != (wanted,):
        raise ToolError(f"not written: {name} at {loc} could not be written so that it reads back as given: change it in the file")


def _value_at(tree, loc) -> tuple | None:
    """(the value a mapping of `tree` sets at `loc`,) or None."""
    if isinstance(tree, dict):
        for key, value in tree.items():
            if tree.loc_of(key) == loc:
                return (value,)
            found = _value_at(value, loc)
            if found is not None:
                return found
    elif isinstance(tree, list):
        for item in tree:
            found = _value_at(item, loc)
            if found is not None:
                return found
    return None


def template_file(root: Path, file: str) -> dict:
    """A template's text and its bytes' digest (what `edit_template_number` asks for), by the serve editor's path rule."""
    from pnp.cli.common import open_project
    from pnp.serve.editing import Refusal, template_source

    try:
        source = template_source(open_project(str(root)), file)
    except Refusal as exc:
        raise _refused(exc) from None
    return {"file": source.rel, "text": source.data.decode("utf-8", "replace"), "digest": source.digest}


@dataclass(frozen=True)
class NumberAsked:
    """One number of a drawing call an assistant asks to set: `function`'s `argument` at `file`:`line` of `game`'s
    templates, to `value`, in the file whose bytes had `digest` (template_file's)."""

    game: str
    file: str
    line: int
    function: str
    argument: str
    value: float
    digest: str


def number_edit(root: Path, edits: Edits, asked: NumberAsked) -> dict:
    """Set one literal number of a drawing call in a template (`rect(3, 3, 40, 12)`'s `w`), as a drag in `pnp serve` does."""
    game, file, line, function, argument, value, digest = dataclasses.astuple(asked)
    from pnp.cli.common import game_names, open_project, read_games
    from pnp.layout import call_source
    from pnp.serve.editing import Refusal, digest_of, template_source
    from pnp.serve.editor import reads_back, write_back

    edits.check_allowed()
    project = open_project(str(root))
    game_names(project, (game,))
    try:
        source = template_source(project, file)
    except Refusal as exc:
        raise _refused(exc) from None
    _same_bytes(source, digest, "template_file")
    loaded, engine = read_games(project, [game], Report())
    if not loaded:
        raise ToolError(f"{game} does not read: run validate for its findings")
    env = engine.for_game(loaded[0]).layouts.env
    drawing = env.globals.get(function)
    if not callable(drawing):
        raise ToolError(f"no drawing function {function!r}{did_you_mean(function, [k for k, v in env.globals.items() if callable(v)])}")
    text = call_source.text_of(source.data)
    params = [p for p in inspect.signature(drawing).parameters if p != "caller"]
    calls = call_source.calls_at(env, text, line, function, params)
    if len(calls) != 1:
        raise ToolError(f"not written: {file}:{line} holds {len(calls) or 'no'} calls of {function}(); name a line that holds one")
    call = calls[0]
    written = call.argument(argument)
    if written is None:
        raise ToolError(f"not written: that {function}() call writes no {argument!r}{did_you_mean(argument, [a.name for a in call.arguments])}")
    term = call_source.term(env, written)
    if term is None or not term.whole:
        raise ToolError(f"not written: {argument} is written as `{written.source}`, not one number: change it in the file")
    after = call_source.rewritten(source.data, call_source.changed(term, float(value) - term.value))
    try:
        reads_back(env, text, call_source.text_of(after), [call])
        write_back(source, after, source.data, "written")
    except Refusal as exc:
        raise _refused(exc) from None
    kept = edits.record(Written(source, source.data, after))
    return {"ok": True, "file": file, "line": call.line, "before": written.source, "digest": digest_of(after), "undo": kept}


def undo_edit(edits: Edits) -> dict:
    """Put the file of this server's last edit back as it was, if it still holds the bytes that edit wrote."""
    from pnp.serve.editing import Refusal, digest_of
    from pnp.serve.editor import write_back

    edits.check_allowed()
    last = edits.last()
    if last is None:
        raise ToolError("nothing to undo: this server has made no edit (or undid them all)")
    try:
        write_back(last.source, last.before, last.after, "undone")
    except Refusal as exc:
        raise _refused(exc) from None
    edits.history.undone.append(edits.history.done.pop())
    return {"ok": True, "file": last.source.rel, "digest": digest_of(last.before), "undo": len(edits.history.done)}



def make_server(root: Path, allow_edits: bool = False):
    """The MCP server for the project at `root`: one tool per question an assistant asks of it, and the edit tools,
    which refuse unless `allow_edits`."""
    server = MCPServer(name="pnp", instructions="Tools over one pnp print-and-play project: list its games, validate or build one, "
                                                 "look at a face, and (when started with --allow-edits) change one value or number.")
    edits = Edits(allowed=allow_edits)

    @tool_of(server)
    def list_games() -> dict:
        """The project's games with their decks, tokens, boards, boxes and dice, and their counts."""
        return {"games": game_rows(root)}

    @tool_of(server)
    def validate(game: str) -> dict:
        """Check one game's data, templates and counts; each finding names file, line and column and says what to fix."""
        return {"findings": game_findings(root, game)}

    @tool_of(server)
    def build(game: str, deck: str | None = None) -> dict:
        """Build a game's PDFs (or one deck's) into the project's output/, as `pnp build`; answers the files written and the findings."""
        return build_game(root, game, deck)

    @tool_of(server)
    def render_face(game: str, item: str, side: str = "front", dpi: int = 150) -> Image:
        """One card face (item DECK/CARD, side front or back) as a PNG of the card's trim size at `dpi`, without bleed."""
        return Image(data=face_png(root, game, item, side, dpi), format="png")

    @tool_of(server, name="card_fields")
    def card_fields_tool(game: str, deck: str, card: str) -> dict:
        """A card's fields with the file:line:column that sets each, where an edit of that value belongs."""
        return card_fields(root, game, deck, card)

    @tool_of(server)
    def edit_value(game: str, deck: str, card: str, field: str, value: str, digest: str) -> dict:
        """Set one of a card's values where card_fields says its file sets it; `digest` is the one card_fields gave for
        that file (refused if the file changed since). Needs --allow-edits; undo puts it back."""
        return value_edit(root, edits, game, deck, card, field, value, digest)

    @tool_of(server, name="template_file")
    def template_file_tool(file: str) -> dict:
        """A template's text and digest (file as the project names it, e.g. templates/GAME/card.j2)."""
        return template_file(root, file)

    @tool_of(server)
    def edit_template_number(game: str, file: str, line: int, function: str, argument: str, value: float, digest: str) -> dict:
        """Set one number of a drawing call (`function` at `line` of a template, its `argument`, e.g. text's `size`);
        `digest` from template_file. Needs --allow-edits; undo puts it back."""
        return number_edit(root, edits, NumberAsked(game, file, line, function, argument, value, digest))

    @tool_of(server)
    def undo() -> dict:
        """Undo this server's last edit, if its file still holds what the edit wrote."""
        return undo_edit(edits)

    return server


def serve_stdio(root: Path, allow_edits: bool = False) -> None:
    """Run the server on stdin/stdout until the assistant closes it."""
    make_server(root, allow_edits).run("stdio")
