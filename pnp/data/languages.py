"""Editions of a game in several languages, from one source: `name@de` beside `name`.

A game lists its languages in game.yaml (`languages: [en, de]`, the first is
the source). A translated value sits next to its source, under the same key with
`@` and the language: `name@de:` in YAML, a `name@de` column in a sheet. Reading
a game in one language puts each `key@lang` value under `key` (keeping where it
was written, so a finding points at the translation) and drops every other
`@` key, so templates, checks and counts see the same names in every edition.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import Finding, Loc, error, warning
from pnp.data.source import LocDict, LocList

MARK = "@"


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
    return None, [error("language-unknown", f"this game has no '{wanted}' edition (languages: {', '.join(langs)}): add '{wanted}' to "
                        f"`languages:` and its translations (`field@{wanted}`), or build another language", where, game=slug)]


def localise(value, edition: Edition):
    """`value` read in `edition`: each `key@lang` of that language in place of `key`, every other `@` key gone."""
    if isinstance(value, LocDict):
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
            if src in value.locs:
                out.locs[key] = value.locs[src]
            if src in value.key_locs:
                out.key_locs[key] = value.key_locs[src]
        return out
    if isinstance(value, LocList):
        out = LocList(value._loc, value.path)
        out.extend(localise(item, edition) for item in value)
        out.locs = list(value.locs)
        return out
    return value


def _given(value) -> bool:
    return value is not None and value != ""


@dataclass
class _Field:
    """One translatable field of a file, every item of its kind alike (`cards[].name`)."""

    translated: bool = False
    lacking: list | None = None


def missing_translations(value, edition: Edition, rel: str, slug: str) -> list[Finding]:
    """A warning for each field of the file `rel` that is translated for some item but lacks `edition`'s translation
    for others, naming those items and located at the first.

    A field is translatable once any item of its kind (the cards of a deck, the
    sections of a reference) has a translation in any language: ids, colours and
    numbers are never translated, and pnp cannot tell them from words otherwise."""
    if edition.source:
        return []
    fields: dict[str, _Field] = {}
    _walk(value, "", edition.lang, fields)
    found = []
    for path, seen in fields.items():
        if seen.translated and seen.lacking:
            names = [name for name, _ in seen.lacking]
            shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
            field_name = path.rpartition(".")[2]
            found.append(warning("translation-missing", f"{path}: {len(names)} value{'s' if len(names) != 1 else ''} without a '{edition.lang}' translation "
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
