"""The build cache: skip outputs whose inputs have not changed, and remember each card's rendered faces.

Each kind of output (cards, boards, tokens, reference, rulebook) has a key:
a hash of the data files it reads, every template, icon and font, the
engine's own code and the build options. Beside the key, the cache keeps a
hash of every file the output opened while it rendered (art anywhere in the
project, icons, fonts, templates) and the warnings it gave. An output whose
key, opened files and bytes are as recorded is reused, and its warnings are
shown again. Card faces are hashed after rendering, so `--changed` can
reprint exactly the cards whose printed content changed.
"""
from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import pickle
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.errors import Finding, Loc
from pnp.core.files import file_sha256, file_status, folder_state, stays_inside, write_atomic, write_atomic_with, write_cache
from pnp.core.json_text import DUMPS, data_digest
from pnp.core.kept import KeptParses
from pnp.core.memo import Keeps, memo
from pnp.core.sealed import current_key, cut_short, read_sealed, seal, sealing
from pnp.core.spooled import PdfFile, digest_of
from pnp.data.kinds import kind_named
from pnp.outputs.stats import FileStats
from pnp.pipeline.card_digest import cards_digest

CACHE_DIR = ".pnp-cache"
FACE_STORE_FORMAT = 3  # 2: faces keep the card reads they made; 3: the faces follow a header in chunks (`_dump_store`)
FACES_PER_CHUNK = 500  # faces pickled together: writing holds one chunk's pickle memo, not the whole store's
ENGINE_DIR = Path(__file__).resolve().parents[1]  # the pnp package
SHIPPED = "<pnp>/"  # how a cache's names begin for a file under ENGINE_DIR (`read_name`)

def _hash_files(paths, root: Path, within: Path | None = None) -> str:
    """A hash of the files' names (relative to `root`) and bytes; a file whose real path leaves `within` (the project)
    is never opened, and counts by its name alone: the build refuses it when it reads it (pnp.core.files.inside)."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(_file_entry(path, root, within))
    return digest.hexdigest()


def _file_entry(path: Path, root: Path, within: Path | None) -> bytes:
    """What `_hash_files` hashes of one file: its name and its digest (its name alone when it leaves `within`). A file
    pnp ships is named within pnp's folder, wherever that is: the single-file program unpacks it to a new temporary
    folder each run, and a key naming that folder would make every build a full rebuild."""
    name = read_name(path, root).encode()
    return name + b"\0" + (file_sha256(path).encode() if within is None or stays_inside(path, within) else b"leaves the project") + b"\0"


class GameFiles:
    """The files of a game's folder, each hashed once as `_hash_files` hashes it, for the keys of the parts of the game's
    checks: each part is keyed by some of them (`key`), the data's checks by them all."""

    def __init__(self, game):
        self.game = game
        self._within = _project_of(game)
        self._entries = {path: _file_entry(path, game.dir, self._within) for path in game.dir.rglob("*") if path.is_file()}

    def key(self, name: str, shared: str, text: str, paths=None) -> str:
        """The key `name` of `paths` (every file of the folder when None) as they are now, what all games share and
        `text` (the language, the options)."""
        digest = hashlib.sha256(f"{name}\0{shared}\0{text}\0".encode())
        for path in sorted(self._entries if paths is None else set(paths)):
            entry = self._entries.get(path)
            digest.update(entry if entry is not None else _file_entry(path, self.game.dir, self._within))
        return digest.hexdigest()


def _project_of(game) -> Path:
    """The project folder a game's folder (data/<game>) lies in."""
    return game.dir.parent.parent


def shared_inputs_hash(project) -> str:
    """Templates, icons, fonts and pnp's own code: what every output depends on."""
    digest = hashlib.sha256()
    for folder in [*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS]:
        digest.update(_folder_hash(folder, project.root).encode())
    digest.update(_engine_code_hash().encode())
    return digest.hexdigest()


_FOLDER_HASHES: dict[tuple[Path, Path], tuple[tuple, str]] = {}  # (folder, root) → (folder_state, hash) of its last hashing


def _folder_hash(folder: Path, root: Path) -> str:
    """The hash of every file in `folder`, worked out again only when a file in it was added, removed or changed since
    the last call (folder_state): `pnp watch` asks before every rebuild."""
    state = folder_state(folder) if folder.is_dir() else ()
    known = _FOLDER_HASHES.get((folder, root))
    if state is not None and known is not None and known[0] == state:
        return known[1]
    value = _hash_files([p for p in folder.rglob("*") if p.is_file()], root, root if folder.is_relative_to(root) else None)
    if state is not None:
        _FOLDER_HASHES[(folder, root)] = (state, value)
    return value


def keep_game_reads(project, out_root: Path) -> None:
    """Let `project` keep what parsing its games' YAML files gives in the build cache of `out_root`, for the next
    process (pnp.data.project.Project.keep_yaml_reads_in): valid while pnp's code and the YAML library are the same."""
    import yaml

    project.keep_yaml_reads_in(KeptParses(parsed_files_path(out_root)), f"{yaml.__version__}|{_engine_code_hash()}")


@functools.cache
def _engine_code_hash() -> str:
    """pnp's own code and the data it ships that a build reads and no project folder covers (its word table, the
    game-icons set), hashed once per process: it is what this process runs, whatever is saved over it meanwhile. Each
    file as `_hash_files` hashes it (its name in pnp's folder, its digest), listed and named as text: every cold build
    pays this for 236 files, and pathlib's listing and naming were most of it (docs/architecture.md, what a card costs)."""
    from pnp.core.assets import GAME_ICONS, WORDS

    root = os.fspath(ENGINE_DIR)
    files = [*_files_under(root, ".py"), *_files_under(os.fspath(WORDS.parent)), *_files_under(os.fspath(GAME_ICONS))]
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path[len(root) + 1:].encode() + b"\0" + file_sha256(path).encode() + b"\0")
    return digest.hexdigest()


def _files_under(folder: str, ending: str = "") -> list[str]:
    """Every file under `folder` whose name ends with `ending`, as os.walk lists them (a linked folder not followed)."""
    return [os.path.join(top, name) for top, _, names in os.walk(folder) for name in names if name.endswith(ending)]


def output_key(game, kind: str, shared: str, options_text: str, also: str = "") -> str:
    """The key of output `kind`: its input files (`input_files`), what all outputs share, the options and `also`, what
    else of the loaded game it reads (pnp.data.kinds: OutputKind.keyed_on). Outputs other than the card sheets read the
    decks through CardReads: they are keyed on the card fields they read (`cards_digest`)."""
    digest = hashlib.sha256()
    digest.update(shared.encode())
    digest.update(options_text.encode())
    digest.update(also.encode())
    digest.update(_hash_files(input_files(game, kind), game.dir, _project_of(game)).encode())
    return digest.hexdigest()


def deck_files(game, deck) -> list[Path]:
    """The files a deck's cards are read from: game.yaml, the deck's own file and the spreadsheet its cards come from.
    A card's template sees its own deck alone (pnp.outputs.context.face_context): what it draws depends on no other."""
    return [path for path in (game.dir / "game.yaml", game.dir / "decks" / f"{deck.id}.yaml", deck.source) if path is not None and path.is_file()]


def input_files(game, kind: str) -> list[Path]:
    """The files of the game's folder output `kind` reads (pnp.data.kinds: OutputKind.inputs), as they are now."""
    inputs = kind_named(kind).inputs
    files = []
    for pattern in inputs:
        files += [p for p in game.dir.glob(pattern) if p.is_file()]
    if "decks/*.yaml" in inputs:  # and the spreadsheets decks read their cards from
        files += sorted({d.source for d in game.decks.values() if d.source and d.source not in files})
    return files


ABSENT = "absent"  # the digest of a file an output looked for and did not find


def read_name(path: Path, root: Path) -> str:
    """How a cache names a file: relative to the project when inside it; a file pnp ships by its place in pnp's folder
    (`SHIPPED`…), wherever that is, since the single-file program unpacks pnp into a new temporary folder each run, and a
    name with that folder in it would make every build of it a full rebuild; any other file by its absolute path."""
    if path.is_relative_to(root):
        return str(path.relative_to(root))
    if path.is_relative_to(ENGINE_DIR):
        return SHIPPED + path.relative_to(ENGINE_DIR).as_posix()
    return str(path)


def read_path(name: str, root: Path | str) -> str:
    """The file a cache's `name` (`read_name`) stands for now."""
    if name.startswith(SHIPPED):
        return os.path.join(ENGINE_DIR, name[len(SHIPPED) :])
    return os.path.join(root, name)  # an absolute name stays absolute


def read_digests(paths, root: Path) -> dict[str, str]:
    """{name (`read_name`): sha256} of files an output opened."""
    out = {}
    for path in sorted(Path(p) for p in paths):
        name = read_name(path, root)
        if path.is_file():
            out[name] = file_sha256(path)
        elif not os.path.lexists(path):  # looked for and not there (a draft's missing art): its arrival changes the output
            out[name] = ABSENT
    return out


def _reads_unchanged(reads: dict[str, str], root: Path) -> bool:
    base = str(root)
    for name, digest in reads.items():
        if digest == ABSENT:
            if os.path.lexists(read_path(name, base)):
                return False
            continue
        try:  # by name, not Path: an output has read a hundred files, and every rebuild of `pnp watch` asks again
            if file_sha256(read_path(name, base)) != digest:
                return False
        except OSError:  # gone, or a folder now
            return False
    return True


def finding_to_json(f: Finding) -> dict:
    """A finding as the cache keeps it: every field, so one read back is the very finding (its sheet, places, edition)."""
    return {**f.as_json(), "sheet": f.loc.sheet}


def finding_from_json(d: dict) -> Finding:
    return Finding(d["severity"], d["code"], d["message"], Loc(d["file"], d["line"], d["column"], d.get("sheet", "")), d.get("game", ""),
                   d.get("component", ""), tuple(d.get("places", ())), d.get("edition", ""))


@dataclass
class GameCache:
    outputs: dict = field(default_factory=dict)  # kind → {"key", "files": {name: sha256}, "reads": {path: sha256}, "findings": [...], "stats"}
    faces: dict = field(default_factory=dict)  # "deck/card" → [front hash, back hash, count] of the last full build
    printed: dict | None = None  # the faces of the last marked print: what `--changed` compares with

    @classmethod
    def load(cls, path: Path) -> GameCache:
        try:
            data = json.loads(read_sealed(path) or b"{}")  # another user's cache could make a build take their files for its own
            printed = data.get("printed")
            return cls(outputs=dict(data.get("outputs", {})), faces=dict(data.get("faces", {})), printed=dict(printed) if printed is not None else None)
        except (OSError, ValueError, AttributeError):
            return cls()  # a missing or damaged cache only costs a full build

    def save(self, path: Path) -> None:
        # compact, so json's C encoder writes it (an indented dump is pure Python); plain dicts need no asdict copy
        data = {"outputs": self.outputs, "faces": self.faces, "printed": self.printed}
        # not durable: a cache a crash cut short is not read (a full build follows), and what it records is checked against the outputs
        write_cache(lambda: write_atomic_with(path, sealing(lambda f: _write_parts(f, json_parts(data))), durable=False))

    def reusable(self, kind: str, key: str, out_dir: Path, root: Path, game=None, keeps: Keeps | None = None) -> list[Path] | None:
        """The recorded files of `kind` if its key matches, every file it opened is unchanged, the card fields it read (given
        `game`, for outputs other than the card sheets) are as they were, and every output is still as written.

        An output that made no file (a game with no tokens.yaml) is reused as such: no file, and its findings."""
        entry = self.outputs.get(kind)
        if not entry or entry.get("key") != key or "files" not in entry or "reads" not in entry:
            return None
        if game is not None and ("cards_read" not in entry or cards_digest(game, entry["cards_read"], keeps) != entry.get("cards_digest")):
            return None
        if not _reads_unchanged(entry["reads"], root):
            return None
        paths = []
        for name, digest in sorted(entry["files"].items()):
            path = out_dir / name
            if path.is_symlink() or not path.is_file() or file_sha256(path) != digest:  # a link at an output's name is never read
                return None
            paths.append(path)
        return paths

    def record(self, kind: str, key: str, files: dict[str, bytes | PdfFile], reads: dict[str, str], findings: list[Finding],
               cards: tuple[list, str] | None = None) -> None:
        """Keep what an output wrote and read; `cards` is (card reads, cards_digest) for an output other than the card sheets."""
        self.outputs[kind] = {"key": key, "files": {name: digest_of(data) for name, data in files.items()}, "reads": reads,
                              "findings": [finding_to_json(f) for f in findings]}
        if cards is not None:
            self.outputs[kind]["cards_read"], self.outputs[kind]["cards_digest"] = cards

    def written(self, kinds: list[str]) -> dict[str, tuple[str, float | None]]:
        """{file name: (sha256, ink)} of the files the last build of `kinds` wrote: a rebuild that makes the same bytes need not write them again."""
        out = {}
        for kind in kinds:
            entry = self.outputs.get(kind, {})
            stats = entry.get("stats", {})
            for name, digest in entry.get("files", {}).items():
                out[name] = (digest, stats.get(name, {}).get("ink"))
        return out

    def stats(self, kind: str) -> dict[str, FileStats]:
        """{file name: its FileStats} of what the last build of `kind` wrote, as the cache keeps them."""
        return {name: FileStats.from_cached(data) for name, data in self.outputs.get(kind, {}).get("stats", {}).items()}

    def page_inks(self, kind: str, name: str | None = None) -> dict[str, float]:
        """{page key: ink figure} of the sheet pages the last build of `kind` measured (of file `name` alone, if given)."""
        out = {}
        for file, stats in self.outputs.get(kind, {}).get("stats", {}).items():
            if name is None or file == name:
                out.update(stats.get("page_ink", {}))
        return out

    def findings(self, kind: str) -> list[Finding]:
        """The warnings `kind` gave when it was built: a reused output shows them again while their cause remains."""
        return [finding_from_json(d) for d in self.outputs.get(kind, {}).get("findings", [])]


def _write_parts(f: BinaryIO, parts: Iterator[str]) -> None:
    for part in parts:
        f.write(part.encode("utf-8"))


def json_parts(data: dict) -> Iterator[str]:
    """`json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)` an entry at a time, each by json's
    C encoder: a large deck's cache (its cards' digests twice, as built and as printed) is megabytes of text, at the
    top of the build's memory when held whole."""
    yield "{"
    for i, key in enumerate(sorted(data)):
        yield ("," if i else "") + json.dumps(key, ensure_ascii=False) + ":" + json.dumps(data[key], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    yield "}"


class FaceStore:
    """Rendered faces kept across builds, so a rebuild after one edited card renders that card alone.

    A face is keyed by everything its template can see: the template, side,
    size and bleed, the data of its context (card, deck, game, palette, face,
    options) and the shared inputs (every template, icon and font, and pnp's own
    code). Only faces whose rendering gave no warning and opened no file beyond
    the shared inputs are kept: a face with art, or with a warning to show, is
    rendered every time, so art edits and warnings (with their current
    file:line) always show. The fonts the faces use are registered again on
    load. Only the faces the last build used are saved."""

    def __init__(self, path: Path, shared: str, fonts=None, covered: tuple[Path, ...] = (), keeps: Keeps | None = None,
                 fallback: FaceStore | None = None, keeping: bool = True):
        self.path = path
        self.fallback = fallback  # another store a face missing here is looked up in (a build's, for the checks' own)
        self.keeping = keeping  # False: the store holds and keeps nothing (a run going without it: pnp.outputs.options.MECHANISMS)
        self.shared = shared
        self.fonts = fonts  # the FontBook whose fonts the faces name
        self.covered = tuple(Path(c).resolve() for c in covered)  # folders the shared hash covers (templates, fonts, icons)
        self._kept: dict[str, object] | None = None if keeping else {}  # read when the first face is looked up: a build that reuses every output never reads it
        self._used: dict[str, object] = {}
        self._reads: dict[str, tuple] = {}  # key → the card reads its face made (a board listing the cells' names reads them)
        self._kept_reads: dict[str, tuple] = {}
        self._digests = memo("face context data", keeps)  # a game's data is hashed once, not per card; a kept card's once per process
        self._checked: dict = {}  # file → whether the shared inputs cover it
        # the stores a process that stays up wrote (pnp.core.memo.Keeps): `pnp watch` writes a deck's faces as it
        # rebuilds and reads them in the next; read back from memory, they are the very objects of the last build,
        # so what is known of a face by its identity (inspections, digests) holds too
        self._written = keeps.written_stores if keeps is not None else None

    def _load(self) -> dict[str, object]:
        self._kept = {}
        try:
            data = self._as_written() or _load_store(self.path, self._current)
            if data is not None and self._current(data):
                for family, bold, italic in data.get("fonts", []):
                    if self.fonts is not None:
                        self.fonts.font_name(family, bold, italic)
                self._kept = data["faces"]
                self._kept_reads = data.get("reads", {})
        except Exception:  # missing, damaged or from another pnp: faces are rendered again
            self._kept = {}
        return self._kept

    def _current(self, data: dict) -> bool:
        """Whether a store (or its header) was written by this pnp for the shared inputs of this build."""
        return data.get("shared") == self.shared and data.get("format") == FACE_STORE_FORMAT

    def _write(self, kept: dict) -> None:
        write_atomic_with(self.path, sealing(lambda f: _dump_store(kept, f)), durable=False)
        if self._written is not None:
            self._written[os.fspath(self.path)] = (file_status(self.path), kept)

    def _as_written(self) -> dict | None:
        """What this process last wrote to the store's file, if its session keeps that and the file is as written."""
        written = self._written.get(os.fspath(self.path)) if self._written is not None else None
        return written[1] if written is not None and written[0] == file_status(self.path) else None

    def opener(self) -> functools.partial:
        """How another process opens this store with its own fonts: `opener()(fonts=…)`; it pickles, for any start method."""
        return functools.partial(_open_store, self.path, self.shared, self.covered, self.fallback.opener() if self.fallback is not None else None,
                                 keeping=self.keeping)

    def adopt(self, used: dict, reads: dict) -> None:
        """Take the faces another process's store gave or took in this build, with their card reads, as if this one had."""
        self._used.update(used)
        self._reads.update(reads)

    def register_fonts(self) -> None:
        """Register the fonts the kept faces name (reading the store, as the first face looked up would)."""
        if self._kept is None:
            self._load()

    def key(self, template: str, side: str, size: tuple[float, float], bleed: float, what: str, context: dict, known: dict | None = None) -> str | None:
        """The face's key, or None when its context holds a value with no stable text (the face is not kept then). `known`:
        digests the caller holds of some of the context's values, by name (a card's, pnp.data.stamps.CardName.key), never one made here."""
        try:
            parts = [template, side, list(size), bleed, what] + [[k, known[k] if known and k in known else self._digest(v)] for k, v in sorted(context.items())]
        except (TypeError, ValueError):
            return None
        return hashlib.sha256(DUMPS(parts).encode()).hexdigest()

    def _digest(self, value) -> str:
        data = getattr(value, "_data", value)  # a Fields wrapper by its data
        if not isinstance(data, (dict, list)):
            return DUMPS(data)
        return self._digests(data, data_digest)

    def get(self, key: str | None, reads=None):
        """The face kept under `key` (here, else in the fallback store), or None; the card reads it made when rendered
        are made again into `reads`."""
        if key is None:
            return None
        face, made = self._find(key)
        if face is not None:
            self._used[key] = face
            if made:
                self._reads[key] = made
                if reads is not None:
                    reads.update(made)
        return face

    def _find(self, key: str) -> tuple[object, tuple]:
        """(face, the card reads it made) kept under `key` here, else in the fallback store; (None, ()) when neither has it."""
        kept = self._kept if self._kept is not None else self._load()
        face = kept.get(key)
        if face is not None:
            return face, self._kept_reads.get(key, ())
        return self.fallback._find(key) if self.fallback is not None else (None, ())

    def put(self, key: str | None, face, warned: bool, files: set, reads=()) -> None:
        """Keep a face rendered now, with the card reads it made, unless it gave a warning or opened a file the shared inputs do not cover."""
        if key is None or face is None or warned or not self.keeping:
            return
        if not all(self.covers(f) for f in files):
            return
        self._used[key] = face
        if reads:
            self._reads[key] = tuple(sorted(reads))

    def covers(self, file) -> bool:
        """Whether the shared inputs' hash covers `file` (asked once per file: every face reads its templates and fonts)."""
        hit = self._checked.get(file)
        if hit is None:
            path = Path(os.path.realpath(file))
            hit = self._checked[file] = any(path.is_relative_to(c) for c in self.covered)
        return hit

    @property
    def used(self) -> dict:
        """The faces this store gave or took in this build, by key."""
        return self._used

    @property
    def reads(self) -> dict:
        """The card reads of the faces this store gave or took in this build, by key (faces that read no card have none)."""
        return self._reads

    def save(self, used: dict, fonts: list, partial: bool = False, reads: dict | None = None) -> None:
        """Write the faces a build used (from every process that rendered), their card reads and the fonts they name; after a
        `partial` build (--only, --deck, --cards) keep the others too. A build that would write back what the store
        holds leaves it as it is (a bundle builds each kind alone: boards draw no face, its sheets read theirs)."""
        if not used or not self.keeping:
            return
        reads = reads or {}
        if partial:
            kept = self._kept if self._kept is not None else self._load()
            faces, reads = {**kept, **used}, {**self._kept_reads, **reads}
        else:
            faces = used
        reads = {key: made for key, made in reads.items() if key in faces}
        kept = {"shared": self.shared, "format": FACE_STORE_FORMAT, "fonts": fonts, "faces": faces, "reads": reads}
        # streamed: a large deck's faces make a large pickle; not durable: a store a crash cut short is not read, its faces are rendered again
        if not self._holds(faces, reads):
            write_cache(lambda: self._write(kept))

    def _holds(self, faces: dict, reads: dict) -> bool:
        """Whether the store as read holds these faces (read from it, or drawn again alike; no more) and card reads."""
        kept = self._kept
        return kept is not None and len(kept) == len(faces) and reads == self._kept_reads and all((was := kept.get(k)) is f or was == f for k, f in faces.items())


def _open_store(path: Path, shared: str, covered: tuple[Path, ...], fallback: Callable | None, fonts=None, keeping: bool = True) -> FaceStore:
    """The store at `path` opened in another process (FaceStore.opener), its fallback store with it."""
    return FaceStore(path, shared, fonts, covered, fallback=fallback(fonts=fonts) if fallback is not None else None, keeping=keeping)


def _dump_store(kept: dict, f: BinaryIO) -> None:
    """Pickle a face store as its header (everything but the faces, with how many chunks follow), then its faces in chunks.

    One pickle of 10,000 faces holds a memo entry for every object it writes
    until the end: at the top of a large deck's build's memory, and slower than
    chunks. A face shared by two chunks is read back as two equal faces."""
    faces = list(kept["faces"].items())
    starts = range(0, len(faces), FACES_PER_CHUNK)
    pickle.dump({**{k: v for k, v in kept.items() if k != "faces"}, "chunks": len(starts)}, f, protocol=pickle.HIGHEST_PROTOCOL)
    for start in starts:
        pickle.dump(dict(faces[start:start + FACES_PER_CHUNK]), f, protocol=pickle.HIGHEST_PROTOCOL)


def _load_store(path: Path, current: Callable[[dict], bool]) -> dict | None:
    """The face store `_dump_store` wrote at `path`, or None when this user's key did not seal it (pnp.core.sealed: nothing
    in it is unpickled then) or its header is not `current` (other shared inputs, another pnp): its faces are not
    unpickled then. Raises when the file is missing or damaged."""
    sealed = read_sealed(path)
    if sealed is None:
        return None
    with io.BytesIO(sealed) as f:
        data = pickle.load(f)
        if not current(data):
            return None
        faces: dict = {}
        for _ in range(data.pop("chunks")):
            faces.update(pickle.load(f))  # a new unpickler each time: a pickle's memo numbers start again with it
    return {**data, "faces": faces}


KEY_CHECK = "key-check"  # a file of the cache folder sealed with the key of whoever last built into it
KEY_CHECK_TEXT = b"pnp build cache\n"
IGNORED = "# pnp's build cache: made again by any build, and of use to no one else (docs/safety.md)\n*\n"


def open_build_cache(project, out_root: Path) -> Finding | None:
    """Ready the build cache of `out_root` for a build of `project`: a .gitignore in it, so a game
    committed or shared with its output folder does not carry it, and a note when it is not this user's.

    Every entry carries its own seal (pnp.core.sealed) and one that fails is
    made again, in whichever process reads it. So that the build says once why
    it starts cold, the folder holds a file sealed by whoever built into it
    last: when it is someone else's (a cache shipped with a game, copied from
    another machine), the note says its entries are being made again."""
    folder = out_root / CACHE_DIR
    shown = project.rel(folder)
    key = current_key()
    check = folder / KEY_CHECK
    try:
        ours = read_sealed(check) == KEY_CHECK_TEXT
        found = True
    except FileNotFoundError:
        ours, found = False, False
    except OSError:  # a folder, a link or a pipe put there: not this user's
        ours, found = False, True
    short = found and not ours and _cut_short(check)  # before it is written again
    with suppress(OSError):  # an output folder that cannot be written keeps no cache: the build says why when it writes
        if not ours:
            write_atomic(check, seal(KEY_CHECK_TEXT), durable=False)
        if not os.path.lexists(folder / ".gitignore"):
            write_atomic(folder / ".gitignore", IGNORED.encode(), durable=False)
    if key.kept_at is None and not ours:
        return Finding("note", "cache-unkept", f"no key to seal the build cache with could be kept ({key.unkept}): this build cache serves "
                       "this command alone (docs/safety.md)", Loc(shown))
    if key.kept_at is not None and short:
        return Finding("note", "cache-cut-short", "this build cache was cut short (a build stopped while writing it, or the disk filled): "
                       "what is whole in it is used, and the build makes the rest again", Loc(shown))
    if key.kept_at is not None and found and not ours:
        return Finding("note", "cache-foreign", "this build cache was written by another user or on another machine: none of its entries is "
                       "used, and the build makes them again (docs/safety.md)", Loc(shown))
    return None


def _cut_short(check: Path) -> bool:
    try:
        return cut_short(check)
    except OSError:
        return False


def face_store_path(out_root: Path, game_slug: str, checks: bool = False) -> Path:
    """Where a game's faces are kept: those a build drew, or (`checks`) those the commands that check a game without
    building it drew (`validate`, `list`, `serve`…: their cards with bleed). Each keeps the faces its last run used,
    so neither drops the other's."""
    return out_root / CACHE_DIR / f"{game_slug}{'.checked' if checks else ''}.faces"


def cache_path(out_root: Path, game_slug: str) -> Path:
    return out_root / CACHE_DIR / f"{game_slug}.json"


def file_digests_path(out_root: Path) -> Path:
    """Where the digests of files a build read are kept for the next process (pnp.core.files.FileDigests)."""
    return parsed_files_path(out_root) / "file-digests.json"


def parsed_files_path(out_root: Path) -> Path:
    """Where fonts and icons read by one build are kept for the next (pnp.core.kept.KeptParses)."""
    return out_root / CACHE_DIR / "parsed"


def files_read_by(out_root: Path, game_slug: str, root: Path) -> set[Path]:
    """Every file the recorded outputs of a game opened (art, icons, fonts, templates), for `pnp watch`."""
    cache = GameCache.load(cache_path(out_root, game_slug))
    return {Path(read_path(name, root)) for entry in cache.outputs.values() for name in entry.get("reads", {})}
