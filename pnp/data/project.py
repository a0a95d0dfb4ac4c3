"""The game model: a project's games, decks, cards, boards and tokens, read and shape-checked.

Loading collects every finding of every file of a game before giving up, so a designer sees all their typos at once.
Nothing is drawn here.
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.assets import BUNDLED_FONTS, BUNDLED_ICONS, GAME_ICONS
from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, PnpError, did_you_mean, error
from pnp.core.files import Refused, folder_state, game_files, inside, stays_inside
from pnp.core.folder_count import MAX_GAME_FILES, files_past
from pnp.core.kept import KeptParses
from pnp.core.shapes import RECTANGLE, Shape
from pnp.data.card_fields import drop_items, merged_fields
from pnp.data.deck_sources import cards_filled
from pnp.data.fields import ANY
from pnp.data.kinds import load_named, with_parts
from pnp.data.languages import Edition, edition_of, listed_languages, localise, missing_translations
from pnp.data.located import LocDict, same_source
from pnp.data.outlines import deck_shape, token_outlines
from pnp.data.rulebook_file import edition_rulebook
from pnp.data.source import load_yaml, read_bytes, stands_at
from pnp.data.svgfiles import icon_file_findings
from pnp.data.words import lacking_words

if TYPE_CHECKING:  # the readers import the schema (pydantic) when a game is read: a build answered from its cache reads none
    from pnp.data.schema import DeckSpec, GameSpec


@dataclass
class Card:
    id: str
    count: int
    fields: LocDict  # defaults merged with the card's own keys
    back: str | None  # the card's own back template, if any
    loc: Loc
    front: str | None = None  # the card's own front template (the deck's `front_from` column), if any
    named: object = field(default=None, compare=False, repr=False)  # its fields written and hashed once (pnp.data.stamps.card_name)


@dataclass
class Deck:
    id: str
    name: str
    size: tuple[float, float]
    front: str
    back: str | None
    cards: list[Card]
    rel: str
    data: LocDict
    back_shows_rules: bool = False
    source: Path | None = None  # the spreadsheet the cards come from, if not the YAML itself
    name_field: tuple[str, ...] = ("name",)  # fields naming a card (joined with " · "): what it says, not its id
    shape: Shape = RECTANGLE  # what its cards are cut to (deck_shape)
    art_bleed: str = "none"  # how an image that reaches the trim bleeds: none, extend or mirror (pnp.layout.art_bleed)

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)

    def loc_of(self, key: str) -> Loc:
        return self.data.loc_of(key)


@dataclass
class Game:
    slug: str
    dir: Path
    rel: str
    spec: GameSpec
    data: LocDict
    decks: dict[str, Deck] = field(default_factory=dict)
    boards: object = None  # BoardsFile
    boards_data: LocDict | None = None
    tokens: object = None  # TokensFile
    tokens_data: LocDict | None = None
    reference: object = None  # ReferenceFile
    reference_data: LocDict | None = None
    rulebook: Path | None = None
    failed: dict[str, str] = field(default_factory=dict)  # the parts left out for errors in their file: "decks.x", "boards"… → that file
    boxes: object = None  # BoxesFile
    boxes_data: LocDict | None = None
    dice: object = None  # DiceFile
    dice_data: LocDict | None = None
    lang: str | None = None  # the edition's language when it is not the source one (file names carry it)
    language: str = "en"  # the language this game is read in (pnp's own words follow it)

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def rulebook_rel(self) -> str:
        """The rulebook's file as findings and `pnp serve` name it: rulebook.md, or the edition's own (rulebook.de.md)
        where pnp.data.rulebook_file chose it."""
        return f"{self.rel}/{self.rulebook.name if self.rulebook is not None else 'rulebook.md'}"

    def left_out(self, kind: str) -> dict[str, str]:
        """What templates cannot read of `kind` (decks, boards, tokens, reference) for errors in its file: id (or ANY, the
        whole kind) → that file (pnp.data.fields.Fields)."""
        if kind in self.failed:
            return {ANY: self.failed[kind]}
        return {part.split(".", 1)[1]: file for part, file in self.failed.items() if part.startswith(kind + ".")}


class Project:
    """A folder holding data/, templates/ and optionally fonts/."""

    def __init__(self, root: Path, lang: str | None = None):
        self.root = root.resolve()
        self.lang = lang  # the edition every game is read in (pnp.data.languages); None: each game's source language
        self.data_dir = self.root / "data"
        self.templates_dir = self.root / "templates"
        own_fonts = self.root / "fonts"
        # a fonts.yaml linked out of the project is never read: its refusal is the project's finding (_font_findings)
        has_own = (own_fonts / "fonts.yaml").is_file() and stays_inside(own_fonts / "fonts.yaml", own_fonts, self.root)
        self.fonts_dir = own_fonts if has_own else BUNDLED_FONTS  # the folder a designer edits (watched, hashed)
        self.font_dirs = [BUNDLED_FONTS, own_fonts] if has_own else [BUNDLED_FONTS]  # a project's fonts add to pnp's
        self._loaded: dict[str, tuple[tuple, Game | None, list[Finding]]] = {}  # slug → (folder state, game, findings)
        # (fonts/ folder state, findings, families as an SVG names them, families as written)
        self._fonts_checked: tuple[tuple | None, list[Finding], frozenset[str], frozenset[str], dict] | None = None
        self._kept_yaml: tuple[KeptParses, str] | None = None  # (where, parser version): keep_yaml_reads_in

    def keep_yaml_reads_in(self, kept: KeptParses, version: str) -> None:
        """Keep what parsing each game's YAML files gives in `kept` (a build's cache), by the files' bytes and the parser's
        `version`: a new process reading an unchanged file unpickles it, a fraction of parsing it (docs/performance.md).
        A file that fails to parse is not kept: its error is found again."""
        self._kept_yaml = (kept, version)

    def _load(self, path: Path, rel: str, findings: list, slug: str):
        """A game YAML file's located value (from `keep_yaml_reads_in`'s store when its bytes were parsed before), or None with its errors in `findings`."""
        try:
            self.inside_data(path, rel)
            if self._kept_yaml is None:
                return load_yaml(path, rel)
            kept, version = self._kept_yaml
            raw = read_bytes(path, rel)
            return kept.get("yaml", f"{rel}|{hashlib.sha256(raw).hexdigest()}", lambda: load_yaml(path, rel, raw), version=version)
        except PnpError as exc:
            findings.extend(f.__class__(f.severity, f.code, f.message, f.loc, slug, f.component) for f in exc.findings)
            return None

    def inside_data(self, path: Path, rel: str, where: str = "the project's data/ folder") -> Path:
        """`path`'s real path, refused (PnpError at `rel`) when a link leads it out of data/ (pnp.core.files.inside)."""
        try:
            return inside(path, self.root, self.data_dir)
        except Refused as exc:
            raise PnpError(error(exc.code, exc.advice(rel, where), Loc(rel))) from None

    def rel(self, path: Path) -> str:
        """`path` as the user knows it: relative to the project as written (a link inside it is named, not followed)."""
        for known in (Path(os.path.abspath(path)), Path(os.path.realpath(path))):  # realpath: a loop of links is a path, not a RuntimeError
            if known.is_relative_to(self.root):
                return str(known.relative_to(self.root))
        return str(path)

    def game_slugs(self) -> list[str]:
        if not self.data_dir.is_dir():
            return []
        return [p.name for p in game_files(self.data_dir) if stands_at(p / "game.yaml")]  # a game.yaml that is a pipe or a link out is said, not passed over

    def template_dirs(self) -> list[Path]:
        return [self.templates_dir] if self.templates_dir.is_dir() else []

    def icon_dirs(self, slug: str) -> list[Path]:
        """Where icons are looked up, first match wins: the game's own, the project's shared ones, pnp's."""
        return [d / slug / "icons" for d in self.template_dirs()] + [d / "icons" for d in self.template_dirs()] + [BUNDLED_ICONS]

    def icon_library_file(self) -> Path:
        """The game-icons.net set (4,000+ icons), found by name after every folder of `icon_dirs`."""
        return GAME_ICONS / "icons.zip"

    def languages(self, slug: str) -> list[str]:
        """The languages game `slug` lists, its source first, read from its game.yaml alone: what `--lang all` asks
        before it reads each edition (a game.yaml that cannot be read lists only its source; loading the game says why)."""
        path = self.data_dir / slug / "game.yaml"
        return listed_languages(self._load(path, self.rel(path), [], slug)) if path.is_file() else ["en"]

    def load_game(self, slug: str, partial: bool = False) -> tuple[Game | None, list[Finding]]:
        """Read and shape-check every file of one game; (None, findings) when it cannot be used.

        With `partial`, a game whose game.yaml reads comes back even when other files have errors, without the parts
        those files hold (`Game.failed` names them): `validate` and `build` then check and render the rest in memory,
        so one run reports every independent error (docs/findings.md). Such a game is never written.

        A game reads only its own folder, so while no file in it changed (see `folder_state`) a process that stays up
        (`pnp watch`, `pnp serve`) reuses the game it read last: a save in one game rereads that game alone, and keeps
        the objects of the cards it reads alike (`_as_before`)."""
        from pnp.data.fontfiles import font_role_findings, game_font_findings

        gdir = self.data_dir / slug
        if not stands_at(gdir / "game.yaml"):
            choices = self.game_slugs()
            raise PnpError(error("game-unknown", f"no game '{slug}' in data/{did_you_mean(slug, choices)}; games: {', '.join(choices) or 'none'}", Loc("data")))
        if (past := files_past(gdir)) is not None:  # counted before any file of it is listed in full, hashed or read
            raise PnpError(error("game-too-many-files", f"{self.rel(gdir)}/ holds over {MAX_GAME_FILES:,} files ({past:,} counted before "
                                 f"stopping): a game's folder holds its data and art, at most one image for each of a deck's "
                                 f"20,000 cards; move what the game does not print out of it", Loc(self.rel(gdir)), game=slug))
        state = folder_state(gdir)  # before reading: a save during the read makes the next state differ
        hit = self._loaded.get(slug)
        if state is not None and hit is not None and hit[0] == state:
            game, findings = hit[1], list(hit[2])
        else:
            game, findings = self._read_game(slug, gdir, hit[1] if hit is not None and not _has_error(hit[2]) else None)
            self._loaded[slug] = (state, game, list(findings))  # a state of None (a file still being written) is never met again
        files = [f.in_game(slug) for f in self._font_findings()]  # the project's: said for each game it stops
        files += [f.in_game(slug) for f in game_font_findings(self._fonts_checked[4], game.data.get("fonts") if game else None)]
        files += icon_file_findings(self.icon_dirs(slug)[:-1], self.root, self.rel, slug, self._fonts_checked[2])  # the last folder is pnp's own
        if game is not None:
            files += font_role_findings(game.data.get("fonts"), self._fonts_checked[3], slug)
        findings = findings + files
        if _has_error(files) or (not partial and _has_error(findings)):
            return None, findings  # a refused icon or font file cannot be drawn around: nothing of the game renders
        return game, findings

    def _font_findings(self) -> list[Finding]:
        """What is wrong with the project's fonts/fonts.yaml and its files (pnp.data.fontfiles), checked once for all
        games while nothing under fonts/ changed (`folder_state`), with the families an SVG's text may name."""
        from pnp.data.fontfiles import family_names, font_families, font_file_findings

        fonts = self.root / "fonts"
        state = folder_state(fonts) if fonts.is_dir() else ()
        if state is None or self._fonts_checked is None or self._fonts_checked[0] != state:
            # a state of None is never met again
            spared: dict[str, list[Finding]] = {}  # a family only a role could use, whose file cannot be: by family
            self._fonts_checked = (state, font_file_findings(fonts, self.root, self.rel, spared), font_families(self.font_dirs), family_names(self.font_dirs), spared)
        return self._fonts_checked[1]

    def unusable_families(self) -> frozenset[str]:
        """The families no game draws with: a file cannot be used, and only a font role (which stops its game) could use them."""
        self._font_findings()
        return frozenset(self._fonts_checked[4])

    @paused
    def _read_game(self, slug: str, gdir: Path, before: Game | None = None) -> tuple[Game | None, list[Finding]]:
        findings: list[Finding] = []
        data, spec, edition = self._read_spec(gdir, slug, findings)
        if edition is None:
            if data is not None:
                return None, findings  # an edition the game does not have
            edition = Edition("en", True)
        game = Game(slug, gdir, self.rel(gdir), spec, data, lang=None if edition.source else edition.lang, language=edition.lang) if spec else None
        decks, failed = self._read_decks(gdir, slug, findings, edition, before)
        self._read_parts(gdir, game, slug, findings, edition, failed)
        rulebook = edition_rulebook(self, gdir, edition, slug, findings)
        if game:
            game.decks = decks
            game.rulebook = rulebook
            game.failed = failed
        return game, findings

    def _read_spec(self, gdir: Path, slug: str, findings: list) -> tuple:
        """game.yaml's (data, spec, edition) in the project's language: no spec after a finding, no edition when the file
        could not be read or the game has no edition in that language."""
        from pnp.data.schema import GameSpec, check_shape

        game_rel = self.rel(gdir / "game.yaml")
        data = self._load(gdir / "game.yaml", game_rel, findings, slug)
        spec = edition = None
        if data is not None:
            edition, found = edition_of(data, self.lang, game_rel, slug)
            findings += found
        if edition is not None:
            findings += missing_translations(data, edition, game_rel, slug)
            data = localise(data, edition)
            spec, found = check_shape(GameSpec, data, game_rel, game=slug)
            findings += found
            findings += lacking_words(spec.strings, edition.lang, data, str(Path(game_rel).parent), slug) if spec else []
        return data, spec, edition

    def _read_decks(self, gdir: Path, slug: str, findings: list, edition: Edition, before: Game | None) -> tuple[dict, dict]:
        """The game's decks by id, and {`decks.<id>`: file} of those whose file has an error (the rest of the game still builds)."""
        decks, failed = {}, {}
        for path in game_files(gdir / "decks", "*.yaml"):
            old = before.decks.get(path.stem) if before is not None else None
            first = len(findings)
            deck = self._load_deck(path, slug, findings, edition, old)
            if _has_error(findings[first:]):
                failed[f"decks.{path.stem}"] = self.rel(path)
            elif deck:
                decks[deck.id] = deck
        return decks, failed

    def _read_parts(self, gdir: Path, game: Game | None, slug: str, findings: list, edition: Edition, failed: dict) -> None:
        """Set each kind's part (boards.yaml, dice.yaml...: pnp.data.kinds) on the game; a part file with an error goes in `failed`."""
        for kind in with_parts():
            path = gdir / kind.part_file
            if not stands_at(path):
                continue
            first = len(findings)
            raw, parsed = self._read_part(path, load_named(kind.part), slug, findings, edition)
            if kind.name == "tokens" and parsed is not None:
                from pnp.data.tokens import set_counts_unread  # a game without tokens.yaml never reads it

                token_outlines(parsed, raw, path, self.root, slug, findings)
                findings += set_counts_unread(raw, slug)
            if _has_error(findings[first:]):
                failed[kind.name] = self.rel(path)
            elif raw is not None and game and parsed:
                setattr(game, kind.name, parsed)
                setattr(game, f"{kind.name}_data", raw)

    def _localised(self, path: Path, rel: str, findings: list, slug: str, edition: Edition):
        """A game file's located value read in `edition`, its missing translations in `findings`."""
        raw = self._load(path, rel, findings, slug)
        if raw is None:
            return None
        findings += missing_translations(raw, edition, rel, slug)
        return localise(raw, edition)

    def _read_part(self, path: Path, model, slug: str, findings: list, edition: Edition) -> tuple:
        """A kind's own file (boards.yaml, dice.yaml...: pnp.data.kinds): (its data, shape-checked as `model`), or (None, None)."""
        from pnp.data.schema import check_shape

        rel = self.rel(path)
        raw = self._localised(path, rel, findings, slug, edition)
        if raw is None:
            return None, None
        parsed, found = check_shape(model, raw, rel, game=slug)
        findings += found
        return raw, parsed

    def _load_deck(self, path: Path, slug: str, findings: list, edition: Edition, before: Deck | None = None) -> Deck | None:
        from pnp.data.schema import DeckSpec, check_shape

        rel = self.rel(path)
        if not self._deck_file_named_well(path, rel, slug, findings):
            return None
        data = self._localised(path, rel, findings, slug, edition)
        if data is None:
            return None
        filled, sheet = cards_filled(self, data, path, slug, findings, edition)
        if not filled:
            return None
        one_each = isinstance(data, LocDict) and "count_column" in data and _no_copies(data["count_column"])
        spec, found = check_shape(_one_each_deck() if one_each else DeckSpec, data, rel, game=slug)
        findings += found
        if spec is None:
            return None
        cards = self._deck_cards(spec, data, path.stem, slug, findings)
        if before is not None:
            cards = _as_before(cards, before.cards)
        drop_items(data["cards"])  # each card's fields and places are in its merged mapping now: two copies double a large deck's memory
        name_field = (spec.name_field,) if isinstance(spec.name_field, str) else tuple(spec.name_field)
        if "name_field" in data:
            findings += _name_field_findings(name_field, cards, data, slug, path.stem)
        return Deck(path.stem, spec.name, spec.size, spec.front, spec.back, cards, rel, data, spec.back_shows_rules, sheet, name_field,
                    deck_shape(spec, data, path, self.root, slug, findings),
                    spec.art_bleed)

    @staticmethod
    def _deck_file_named_well(path: Path, rel: str, slug: str, findings: list) -> bool:
        """Whether the deck file's name can be the deck's id, which templates and the rulebook name (decks.heroes); an error if not."""
        from pnp.data.schema import ID_PATTERN

        if re.fullmatch(ID_PATTERN, path.stem):  # whole: `$` alone lets `d\n` by
            return True
        findings.append(error("deck-file-name", f"the deck file name '{path.name}' cannot be a deck's id (its name before .yaml): use letters, "
                              "digits, - and _, starting with a letter or digit, and rename the file", Loc(rel), game=slug))
        return False

    def _deck_cards(self, spec: DeckSpec, data: LocDict, deck: str, slug: str, findings: list) -> list[Card]:
        """The deck's cards, each with the deck's defaults under its own fields; a card whose id is taken is an error and left out."""
        cards, seen = [], {}
        defaults = data.get("defaults") or {}
        for card_spec, raw in zip(spec.cards, data["cards"], strict=False):
            if card_spec.id in seen:
                findings.append(error("card-duplicate-id", f"card id '{card_spec.id}' is used twice in this deck (first at {seen[card_spec.id].place()}): ids must be unique", raw.loc_of("id"), game=slug, component=f"{deck}/{card_spec.id}"))
                continue
            seen[card_spec.id] = raw.loc_of("id")
            merged = merged_fields(defaults, raw)
            front, back = (self._template_from(spec, merged, side, findings, slug, f"{deck}/{card_spec.id}") for side in ("front", "back"))
            cards.append(Card(card_spec.id, card_spec.count, merged, back or card_spec.back, raw.loc, front))
        return cards

    def _template_from(self, spec: DeckSpec, fields: LocDict, side: str, findings: list, slug: str, what: str) -> str | None:
        """The template a card's `front_from`/`back_from` field names: `villain` is villain.j2 beside the deck's own
        front template, `tiny/villain.j2` a path under templates/; an empty cell keeps the deck's. A template that does
        not exist is an error at the card's cell, with the closest template's name."""
        column = getattr(spec, f"{side}_from")
        value = fields.get(column) if column else None
        if value is None or not str(value).strip():
            return None
        name = str(value).strip()
        if "/" not in name:
            folder = spec.front.rsplit("/", 1)[0] + "/" if "/" in spec.front else ""
            name = f"{folder}{name}" if name.endswith(".j2") else f"{folder}{name}.j2"
        full = Path(os.path.realpath(self.templates_dir / name))
        if full.is_relative_to(os.path.realpath(self.templates_dir)) and os.path.isfile(full):  # False for a name too long to be a file
            return name
        there = [p.relative_to(self.templates_dir).as_posix() for p in game_files(full.parent, "*.j2")]
        findings.append(error("card-template-unknown", f"{column}: no template '{name}' in templates/{did_you_mean(name, there)}: "
                              f"fix the name, or add the template", fields.loc_of(column), game=slug, component=what))
        return None

def _one_each_deck() -> type:
    """The model of a deck of one copy each, imported when a deck is one (pnp.data.one_each_schema)."""
    from pnp.data.one_each_schema import OneEachDeckSpec

    return OneEachDeckSpec


def _no_copies(count_column) -> bool:
    """Whether a sheet's `count_column` is `none` (pnp.data.spreadsheet.NO_COPIES): the reader is imported for a sheet alone."""
    from pnp.data.spreadsheet import NO_COPIES
    return str(count_column).strip().lower() == NO_COPIES


def _has_error(findings: list[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)


def _as_before(cards: list[Card], before: list[Card]) -> list[Card]:
    """Each card as the object the last read of its deck made, where it reads alike: the same id, count, back and
    fields, written at the same places. A process that stays up (`pnp watch`) keeps what it worked out from a card by
    the card's identity (its fields' digests, its constraint answers), so after a one-card edit only that card's is
    worked out again. A game is not changed once read, so sharing a card between two reads of it is safe."""
    old = {card.id: card for card in before}
    return [kept if (kept := old.get(card.id)) is not None and _read_alike(card, kept) else card for card in cards]


def _read_alike(card: Card, kept: Card) -> bool:
    return card.count == kept.count and card.back == kept.back and card.front == kept.front and same_source(card.fields, kept.fields)  # the fields' place is the card's


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding a data/ folder."""
    for folder in [start, *start.parents]:
        if (folder / "data").is_dir():
            return folder
    return None


def _name_field_findings(name_field: tuple, cards: list[Card], data: LocDict, slug: str, deck: str) -> list[Finding]:
    """An error for each field `name_field` names that some cards lack (the first five named)."""
    found = []
    for key in name_field:
        lacking = [c.id for c in cards if key not in c.fields]
        if lacking:
            found.append(error("deck-name-field", f"name_field names '{key}', which cards {', '.join(lacking[:5])}{' …' if len(lacking) > 5 else ''} do not have: "
                               f"give them the field or name another one", data.loc_of("name_field"), game=slug, component=deck))
    return found
