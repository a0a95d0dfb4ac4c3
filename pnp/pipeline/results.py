"""What a game's checks found, kept in the build cache by what it depends on, for any command in any process.

A game's checks come in parts: the build's (`checks_parts`: the data's, the
readability of each deck and of each kind of piece, the colour codes), and
what drawing each kind of output finds (the cards drawn with bleed and
inspected, every other kind as a build draws it). Each part is kept under a
key naming the inputs the caller knows of (the files it reads, the shared
inputs, the options, pnp's own code) and, beside it, what it read besides
(art anywhere in the project, the card fields an output shows): `kept_part`.
A command that meets a game as it was answers with what its parts found,
without drawing, compiling or importing anything for it (`kept_validation`);
after an edit, only the parts that read what changed run again: a one-card
edit judges that card's deck again, not the game's tokens or boards.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.errors import Finding
from pnp.core.files import file_sha256, folder_to_write, read_kept_digests
from pnp.core.kept import KeptResults
from pnp.core.memo import Keeps
from pnp.data.fields import CardReads
from pnp.data.kinds import KINDS, load_named
from pnp.outputs.options import Options
from pnp.pipeline.cache import (
    ABSENT,
    CACHE_DIR,
    GameFiles,
    deck_files,
    file_digests_path,
    finding_from_json,
    finding_to_json,
    input_files,
    keep_game_reads,
    open_build_cache,
    output_key,
    read_digests,
    read_path,
    shared_inputs_hash,
)
from pnp.pipeline.card_digest import cards_digest

VALIDATED = Options(bleed=True)  # what `validate` draws a game's cards with: art past the bleed shows then


@dataclass
class Part:
    """What one part of a game's checks found, and the template warnings met while it ran (a template warns as it is
    compiled, once a run, in whichever part reads it first: the game's findings list them after every part's own)."""

    findings: list[Finding]
    warnings: list[Finding]
    kept: bool = False  # read from the results, not run now
    alike: list[str] = field(default_factory=list)  # for each finding, what makes it one with an earlier part's ("": none), or empty


@dataclass
class Found:
    """What a part's work found, each finding with what makes it one with a finding of an earlier part ("": nothing): a
    faint line of a template two decks share is one warning, though each deck is judged in a part of its own."""

    findings: list[Finding]
    alike: list[str]

    @classmethod
    def of(cls, pairs: list[tuple[str, Finding]]) -> Found:
        return cls([f for _, f in pairs], [alike for alike, _ in pairs])


class ChecksPart(NamedTuple):
    """One part of a game's build checks (`checks_parts`): its name in the results, its key, and what it does: "data"
    (the data's checks), "deck" (the readability of deck `subject`), "pieces" (of the pieces of kind `subject`, which
    read the cards through CardReads) or "colours" (the colour codes of every deck)."""

    name: str
    key: str
    work: str
    subject: str = ""


# The kinds of output whose pieces the readability check judges besides the cards, each in a part of its own, in the
# order it reports them (pnp.pipeline.readable.PIECES): the player aids are the reference's.
JUDGED_PIECES = ("tokens", "boards", "boxes", "dice", "reference")


def kept_part(gctx, name: str, key: str, work: Callable[[], list[Finding] | Found], cards: bool = False) -> Part:
    """What `work()` finds, kept in the game's results (GameContext.results) under `key` and what it read besides.

    `key` names the inputs the caller knows of (the game's files, the shared
    inputs, the options, pnp's code). What the work opens beyond the shared
    inputs (art anywhere in the project) and, with `cards`, the card fields it
    reads are kept under `key` as its manifest; the findings are kept under
    `key` with those files' digests and those fields' values as they were, so
    an edit of any of them is a new key (ccache's direct mode keeps a
    compilation the same way); with `cards`, the decks' outline is always part
    of it (a box shows how many cards it holds without reading a field). Work
    that finds an error is not kept: it runs again, and says so again, until
    the error is mended."""
    results, project, game, keeps = gctx.results, gctx.project, gctx.game, gctx.engine.keeps
    kept = kept_part_findings(results, project, game, key, name, keeps)
    if kept is not None:
        return kept
    already = len(gctx.layouts.template_warnings)
    outer, gctx.card_reads = gctx.card_reads, (CardReads() if cards else gctx.card_reads)
    try:
        with gctx.files_read.recording() as files:
            found = work()
        reads = [list(r) for r in sorted(gctx.card_reads.seen)] if cards else None
    finally:
        gctx.card_reads = outer
    found = found if isinstance(found, Found) else Found(list(found), [])
    part = Part(found.findings, [f.in_game(game.slug) for f in gctx.layouts.template_warnings[already:]], alike=found.alike)
    if not any(f.severity == "error" for f in part.findings + part.warnings):
        covered = shared_folders(project)
        manifest = {"files": sorted(read_digests([f for f in files if not _under(f, covered)], project.root)), "cards": reads}
        results.put(f"{name} reads", key, manifest)
        kept = {"findings": [finding_to_json(f) for f in part.findings], "warnings": [finding_to_json(f) for f in part.warnings]}
        results.put(name, _with_reads(project.root, game, keeps, key, manifest), {**kept, "alike": part.alike} if part.alike else kept)
    return part


def kept_part_findings(results: KeptResults, project, game, key: str, name: str = "checks", keeps: Keeps | None = None) -> Part | None:
    """The part `kept_part` kept in `results` under `key` for the files and card fields as they are now, or None:
    nothing runs (the build asks before it plans a game's checks)."""
    manifest = results.lookup(f"{name} reads", key)
    found = results.lookup(name, _with_reads(project.root, game, keeps, key, manifest)) if manifest is not None else None
    if found is None:
        return None
    return Part([finding_from_json(d) for d in found["findings"]], [finding_from_json(d) for d in found["warnings"]], kept=True,
                alike=found.get("alike", []))


def findings_of(parts: list[Part]) -> list[Finding]:
    """A game's findings from its checks' parts: each part's own in turn, but those alike one of an earlier part
    (Part.alike), then the template warnings any met, each finding once (cards and the rulebook's figures render the
    same faces)."""
    from pnp.layout.inspect import one_per_line  # the layout layer: a command answered from its results draws nothing

    seen: set[str] = set()
    own = []
    for part in parts:
        for f, alike in zip(part.findings, part.alike or [""] * len(part.findings), strict=True):
            if alike in seen:
                continue
            if alike:
                seen.add(alike)
            own.append(f)
    return list(dict.fromkeys(own + one_per_line([w for part in parts for w in part.warnings])))


def kept_checks(results: KeptResults, project, game, shared: str, draft: bool = False, keeps: Keeps | None = None) -> list[Finding] | None:
    """What the build's checks (pnp.pipeline.validate.check_game, render=False) find of `game`, when `results` keep
    every part of them for the game as it is now; else None (nothing runs: the build asks before it plans the checks)."""
    parts = []
    for part in checks_parts(game, shared, draft):
        kept = kept_part_findings(results, project, game, part.key, part.name, keeps)
        if kept is None:
            return None
        parts.append(kept)
    return findings_of(parts)


def checks_parts(game, shared: str, draft: bool = False) -> list[ChecksPart]:
    """The parts of a game's build checks, in the order they report, each keyed by the files of the game's folder it
    reads (pnp.pipeline.cache.GameFiles), the shared inputs, the game's language and whether its faces are drawn as a
    draft's (missing art as a placeholder: the readability check judges such a face, where a build that is no draft
    cannot draw it):

    - the data's checks (counts, constraints, fields nothing reads), by every file of the folder;
    - the readability of each deck's cards, by game.yaml, the deck's file and its spreadsheet;
    - the readability of each kind of piece (JUDGED_PIECES), by the files its output reads (pnp.data.kinds:
      OutputKind.inputs) and the card fields its faces read;
    - the colour codes of the decks, by every deck's files, as the card sheets are keyed."""
    files = GameFiles(game)
    text = game.language + ("|draft" if draft else "")
    parts = [ChecksPart("checks", files.key("checks", shared, text), "data")]
    parts += [ChecksPart(f"readable deck {deck.id}", files.key(f"readable deck {deck.id}", shared, text, deck_files(game, deck)), "deck", deck.id)
              for deck in game.decks.values()]
    parts += [ChecksPart(f"readable {kind}", files.key(f"readable {kind}", shared, text, input_files(game, kind)), "pieces", kind) for kind in JUDGED_PIECES]
    parts.append(ChecksPart("colour codes", files.key("colour codes", shared, text, input_files(game, "cards")), "colours"))
    return parts


def rendering_keys(game, shared: str, keeps: Keeps | None = None, draft: bool = False) -> list[tuple[str, str]]:
    """(kind, key) of each output `validate` renders in memory: the key a build of it with validate's options has
    (pnp.pipeline.cache.output_key), and the game's language; a draft's (`pnp serve --draft`) apart."""
    out = []
    for kind in KINDS:
        options = rendering_options(kind.name, draft)
        also = load_named(kind.keyed_on)(game, keeps) if kind.keyed_on else ""
        out.append((kind.name, output_key(game, kind.name, shared, f"{options.cache_text(kind.name)}|{game.language}", also)))
    return out


def rendering_options(kind: str, draft: bool = False) -> Options:
    """The options `validate` renders an output of `kind` with: the cards with bleed; a draft's (missing art stood in
    for, and warned of) when the game is drawn as a draft, as `pnp serve --draft` and `pnp build --draft` draw it."""
    options = VALIDATED if kind == "cards" else Options()
    return dataclasses.replace(options, draft=True) if draft else options


def kept_validation(results: KeptResults, project, game, shared: str, keeps: Keeps | None = None) -> list[Finding] | None:
    """What `check_game` finds of `game` when its results keep every part for the game as it is now, else None:
    nothing is drawn, compiled or imported to answer (a `pnp list` of games as they were)."""
    parts = [kept_part_findings(results, project, game, part.key, part.name, keeps) for part in checks_parts(game, shared)]
    parts += [kept_part_findings(results, project, game, key, kind, keeps) for kind, key in rendering_keys(game, shared, keeps)]
    return None if any(part is None for part in parts) else findings_of(parts)


def _with_reads(root: Path, game, keeps: Keeps | None, key: str, manifest: dict) -> str:
    """`key` with the digests of the manifest's files and, for a part that reads the cards, the decks' outline and the
    values of the card fields it read as they are now."""
    files = [[name, _digest_now(root, name)] for name in manifest["files"]]
    cards = cards_digest(game, [tuple(r) for r in manifest["cards"]], keeps) if manifest["cards"] is not None else ""
    return hashlib.sha256(json.dumps([key, files, cards]).encode()).hexdigest()


def _digest_now(root: Path, name: str) -> str:
    path = read_path(name, root)  # an absolute name (a font of the user's elsewhere) stays absolute
    try:
        return file_sha256(path)
    except OSError:
        return ABSENT if not os.path.lexists(path) else "unreadable"


def _under(file, folders: tuple[Path, ...]) -> bool:
    path = Path(file).resolve()
    return any(path.is_relative_to(folder) for folder in folders)


def shared_folders(project) -> tuple[Path, ...]:
    """The folders `shared_inputs_hash` covers that a face may read from: templates, icons and fonts (resolved)."""
    return tuple(Path(f).resolve() for f in (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS))


def results_path(out_root: Path, game_slug: str) -> Path:
    """Where what a game's checks found and judged is kept (pnp.core.kept.KeptResults)."""
    return out_root / CACHE_DIR / "results" / game_slug


def kept_validations(project, games: list, out: Path, without: frozenset = frozenset()) -> dict[str, list[Finding]]:
    """{game: its findings} of the games whose every part of `validate` the build cache of `out` keeps for the game as
    it is now (`kept_validation`): answered without an engine, a template or a face (none, in a run going without
    the results: pnp.outputs.options.MECHANISMS)."""
    if "results" in without:
        return {}
    shared = shared_inputs_hash(project)
    found = {game.slug: kept_validation(KeptResults(results_path(out, game.slug)), project, game, shared) for game in games}
    return {slug: findings for slug, findings in found.items() if findings is not None}


def checks_cache(project, without: frozenset = frozenset(), out: Path | None = None) -> tuple[Path | None, Finding | None]:
    """(the output folder whose build cache the commands that check games without building them read and keep their
    work in, a note to show about that cache): `out`, the folder the command names (`pnp list --out`), else the one
    `pnp build` writes to by default, readied as a build readies
    it (pnp.pipeline.cache.open_build_cache); (None, None) when it cannot be written (it lies in a linked folder, a
    file stands in its place), and nothing is kept."""
    out = Path(out) if out is not None else project.root / "output"
    try:
        folder_to_write(out / CACHE_DIR, make=False)
        if any(os.path.lexists(folder) and not folder.is_dir() for folder in (out, out / CACHE_DIR)):
            raise NotADirectoryError(out)
    except OSError:  # a link, or a file where a folder should be: these commands check all the same, keeping nothing
        return None, None
    note = open_build_cache(project, out)
    if "kept-parses" not in without:
        keep_game_reads(project, out)
    if "file-digests" not in without:
        read_kept_digests(file_digests_path(out))  # before the games are read: their checks hash fonts and icons
    return out, note
