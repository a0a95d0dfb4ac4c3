"""The build cache: skip outputs whose inputs have not changed, and remember each card's rendered faces.

Each kind of output (cards, boards, tokens, reference, rulebook) has a key:
a hash of the data files it reads, every template, icon and font, the
engine's own code and the build options. An output whose key and bytes are
as recorded is reused. Card faces are hashed after rendering, so
`--changed` can reprint exactly the cards whose printed content changed.
"""
from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.files import write_atomic

CACHE_DIR = ".pnp-cache"
ENGINE_DIR = Path(__file__).resolve().parents[1]  # the pnp package

# Which files of a game folder each output reads (besides templates, icons and fonts).
INPUTS = {
    "cards": ("game.yaml", "decks/*.yaml"),
    "boards": ("game.yaml", "boards.yaml", "decks/*.yaml"),  # board and token templates see `decks`
    "tokens": ("game.yaml", "tokens.yaml", "decks/*.yaml"),
    "reference": ("game.yaml", "reference.yaml", "decks/*.yaml", "boards.yaml", "tokens.yaml"),
    "rulebook": ("game.yaml", "rulebook.md", "decks/*.yaml", "boards.yaml", "tokens.yaml", "reference.yaml"),
}


def _hash_files(paths, root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(root) if path.is_relative_to(root) else path).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def shared_inputs_hash(project) -> str:
    """Templates, icons, fonts and pnp's own code: what every output depends on."""
    files = []
    for folder in [*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS]:
        files += [p for p in folder.rglob("*") if p.is_file()]
    files += sorted(ENGINE_DIR.rglob("*.py"))
    return _hash_files(files, project.root)


def output_key(game, kind: str, shared: str, options_text: str) -> str:
    files = []
    for pattern in INPUTS[kind]:
        files += [p for p in game.dir.glob(pattern) if p.is_file()]
    if "decks/*.yaml" in INPUTS[kind]:  # and the spreadsheets decks read their cards from
        files += sorted({d.source for d in game.decks.values() if d.source and d.source not in files})
    digest = hashlib.sha256()
    digest.update(shared.encode())
    digest.update(options_text.encode())
    digest.update(_hash_files(files, game.dir).encode())
    return digest.hexdigest()


def face_hash(face) -> str:
    """A stable hash of what a face prints (its elements), across runs."""
    # pickle of plain tuples, floats and strings is deterministic, and several times faster than repr
    return hashlib.sha1(pickle.dumps((face.w, face.h, face.elements), protocol=4)).hexdigest() if face is not None else ""


@dataclass
class GameCache:
    outputs: dict = field(default_factory=dict)  # kind → {"key": ..., "files": {name: sha256}}
    faces: dict = field(default_factory=dict)  # "deck/card" → [front hash, back hash, count]

    @classmethod
    def load(cls, path: Path) -> "GameCache":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(outputs=dict(data.get("outputs", {})), faces=dict(data.get("faces", {})))
        except (OSError, ValueError, AttributeError):
            return cls()  # a missing or damaged cache only costs a full build

    def save(self, path: Path) -> None:
        write_atomic(path, json.dumps(asdict(self), indent=1, sort_keys=True).encode("utf-8"))

    def reusable(self, kind: str, key: str, out_dir: Path) -> list[Path] | None:
        """The recorded files of `kind` if its key matches and every file is still as written."""
        entry = self.outputs.get(kind)
        if not entry or entry.get("key") != key or not entry.get("files"):
            return None
        paths = []
        for name, digest in sorted(entry["files"].items()):
            path = out_dir / name
            if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                return None
            paths.append(path)
        return paths

    def record(self, kind: str, key: str, files: dict[str, bytes]) -> None:
        self.outputs[kind] = {"key": key, "files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}}


def cache_path(out_root: Path, game_slug: str) -> Path:
    return out_root / CACHE_DIR / f"{game_slug}.json"
