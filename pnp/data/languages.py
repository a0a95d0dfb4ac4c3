"""Editions of a game in several languages, from one source: `name@de` beside `name`.

A game lists its languages in game.yaml (`languages: [en, de]`, the first is
the source). A translated value sits next to its source, under the same key with
`@` and the language: `name@de:` in YAML, a `name@de` column in a sheet. Reading
a game in one language puts each `key@lang` value under `key` (keeping where it
was written, so a finding points at the translation) and drops every other
`@` key, so templates, checks and counts see the same names in every edition.

A translation may remember the source text it was made from: `name@de~src: qkvmdtxa`
beside `name@de` holds a short digest of `name` as the translator saw it (`pnp
translate import` writes it). When `name` changes, the German edition warns at the
translation that it was made from an older text. A translation with no digest is
unchecked: no warning (old projects read as before), and `pnp translate export`
marks its row.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from pnp.core.errors import Finding, Loc, did_you_mean, error, warning
from pnp.core.plurals import count_text
from pnp.data.located import LocDict, LocList

MARK = "@"
SOURCE_MARK = "~src"  # `name@de~src`: the digest of the source text `name@de` was translated from
DIGEST_LENGTH = 8  # letters: one in 200 billion that an edit keeps the digest, short enough to read in a diff


@dataclass(frozen=True)
class Edition:
    """The language a game is read in: `lang` its code, `source` whether it is the game's source language."""

    lang: str
    source: bool


def split_key(key) -> tuple[object, str | None]:
    """('name', 'de') for 'name@de'; (key, None) for a key with no language."""
    if isinstance(key, str) and MARK in key:
        base, _, lang = key.rpartition(MARK)
        if base and lang:
            return base, lang
    return key, None


def source_text(value) -> str:
    """A value as a translator reads it: a list's items one a line, every value stripped, its line breaks `\n` (a CSV
    deck saved with CRLF holds them inside a cell too, and a sheet read back gives `\n`)."""
    if isinstance(value, list):
        return "\n".join(_one_break(str(item).strip()) for item in value)
    return "" if value is None else _one_break(str(value).strip())


def _one_break(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def source_digest(value) -> str:
    """The short digest of a source value that its translations record (`name@de~src`): letters alone, so no sheet or
    YAML reader takes it for a number (`12e45678` would be one)."""
    digest = hashlib.sha256(source_text(value).encode("utf-8")).digest()
    return "".join(chr(ord("a") + b % 26) for b in digest[:DIGEST_LENGTH])


def digest_key(key: str, lang: str) -> str:
    """'name@de~src' for 'name' in 'de'."""
    return f"{key}{MARK}{lang}{SOURCE_MARK}"


def listed_languages(data) -> list[str]:
    """The languages a game.yaml that reads `data` lists, its source first (English when it lists none)."""
    listed = data.get("languages") if isinstance(data, LocDict) else None
    return [str(x) for x in listed] if isinstance(listed, list) and listed else ["en"]


def edition_of(data, wanted: str | None, rel: str, slug: str) -> tuple[Edition | None, list[Finding]]:
    """The edition `wanted` of the game whose game.yaml reads `data` (None: its source language), or None and why not."""
    langs = listed_languages(data)
    if wanted is None or wanted == langs[0]:
        return Edition(langs[0], True), []
    if wanted in langs:
        return Edition(wanted, False), []
    where = data.loc_of("languages") if isinstance(data, LocDict) and "languages" in data else Loc(rel)
    return None, [error("language-unknown", f"this game has no '{wanted}' edition{did_you_mean(wanted, langs)} (languages: {', '.join(langs)}): add '{wanted}' to "
                        f"`languages:` and its translations (`field@{wanted}`), or build another language", where, game=slug)]


def localise(value, edition: Edition):
    """`value` read in `edition`: each `key@lang` of that language in place of `key`, every other `@` key gone. A
    mapping or list with no `@` key anywhere in it is given back as it is (no copy): a file read in its own language
    without translations, as most decks are, costs a look at each key."""
    if isinstance(value, LocDict):
        if not any(isinstance(key, str) and MARK in key for key in value):
            return _as_written(value, edition)
        out = LocDict(value._loc, value.path)
        for key in value:
            base, lang = split_key(key)
            if lang is not None and (lang != edition.lang or base in value):
                continue  # another language's, or put in place of its source below
            src = key
            if lang is not None:
                key = base  # a translation with no source value: the edition still has it
            elif not edition.source and _given(value.get(f"{key}{MARK}{edition.lang}")):
                src = f"{key}{MARK}{edition.lang}"
            out[key] = localise(value[src], edition)
            if src in value.places:
                out.places[key] = value.places[src]
        return out
    if isinstance(value, LocList):
        items = [localise(item, edition) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        out = LocList(value._loc, value.path)
        out.extend(items)
        out.locs = list(value.locs)
        return out
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})  # values localise gives back as they are


def _as_written(value: LocDict, edition: Edition) -> LocDict:
    """`localise` of a mapping with no `key@lang` in it, in any edition: each value localised in its place; the mapping
    itself when none of its values changed (a deck's cards are such mappings, thousands of them)."""
    changed = {key: new for key, item in value.items() if type(item) not in _PLAIN and (new := localise(item, edition)) is not item}
    if not changed:
        return value
    out = LocDict(value._loc, value.path)
    places = value.places
    for key, item in value.items():
        out[key] = changed.get(key, item)
        if key in places:
            out.places[key] = places[key]
    return out


def _given(value) -> bool:
    return value is not None and value != ""


class _Field:
    """One translatable field of a file, every item of its kind alike (`cards[].name`). A plain class: only an edition
    in another language makes one, and a dataclass's methods are compiled from text in every process that defines it."""

    __slots__ = ("lacking", "translated")

    def __init__(self) -> None:
        self.translated = False
        self.lacking: list | None = None


def missing_translations(value, edition: Edition, rel: str, slug: str) -> list[Finding]:
    """A warning for each field of the file `rel` that is translated for some item but lacks `edition`'s translation
    for others, naming those items and located at the first.

    A field is translatable once any item of its kind (the cards of a deck, the
    sections of a reference) has a translation in any language: ids, colours and
    numbers are never translated, and pnp cannot tell them from words otherwise."""
    if edition.source:
        return []
    found = stale_translations(value, edition, slug, "cards" if isinstance(value, LocList) else "")  # a sheet's rows are its deck's cards
    fields: dict[str, _Field] = {}
    _walk(value, "", edition.lang, fields)
    for path, seen in fields.items():
        if seen.translated and seen.lacking:
            names = [name for name, _ in seen.lacking]
            shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
            field_name = path.rpartition(".")[2]
            found.append(warning("translation-missing", f"{path}: {count_text(len(names), 'value')} without a '{edition.lang}' translation "
                                 f"({shown}): add `{field_name}{MARK}{edition.lang}` beside each", seen.lacking[0][1], game=slug))
    return found


def _walk(value, path: str, lang: str, fields: dict) -> None:
    if isinstance(value, LocList):
        for item in value:
            _walk(item, f"{path}[]", lang, fields)
        return
    if not isinstance(value, LocDict):
        return
    for key, item in value.items():
        base, tag = split_key(key)
        where = f"{path}.{base}" if path else str(base)
        seen = fields.setdefault(where, _Field())
        if tag is not None:
            seen.translated = True
            continue
        if isinstance(item, str) and item.strip() and not _given(value.get(f"{key}{MARK}{lang}")):
            label = value.get("id", value.get("name", value.get("title", where)))
            (seen.lacking if seen.lacking is not None else _start(seen)).append((str(label), value.loc_of(key)))
        _walk(item, where, lang, fields)


def _start(seen: _Field) -> list:
    seen.lacking = []
    return seen.lacking


def stale_translations(value, edition: Edition, slug: str, path: str = "") -> list[Finding]:
    """A warning at each translation into `edition`'s language whose recorded source digest (`name@de~src`) is not
    the digest of its source value as it now reads: the source changed after it was translated."""
    found: list[Finding] = []
    if isinstance(value, LocList):
        for i, item in enumerate(value):
            label = item.get("id") if isinstance(item, LocDict) else None
            found += stale_translations(item, edition, slug, f"{path}[{label if label is not None else i}]")
        return found
    if not isinstance(value, LocDict):
        return found
    for key, item in value.items():
        base, lang = split_key(key)
        where = f"{path}.{base}" if path else str(base)
        if lang != f"{edition.lang}{SOURCE_MARK}":
            if lang is None:
                found += stale_translations(item, edition, slug, where)
            continue
        recorded = source_text(item)
        if not recorded or base not in value or recorded == source_digest(value[base]):
            continue
        translated = f"{base}{MARK}{edition.lang}"
        now = source_text(value[base])
        found.append(warning("translation-stale", f"translation of {where} made from an older text: the source now reads "
                             f"'{now[:60]}{'…' if len(now) > 60 else ''}'; check `{translated}` against it, then set `{key}: "
                             f"{source_digest(value[base])}` (`pnp translate import` does it for you)",
                             value.loc_of(translated if translated in value else key), game=slug))
    return found
