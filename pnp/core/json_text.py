"""JSON text with fixed options, the same characters as `json.dumps` with them, made without its set-up per call.

A build writes JSON of every card several times over (a face's key in the face store, its data's digest, the stamp
code's values, the record of what was printed): `json.dumps` with options builds an encoder, and `json.dumps` of any
value but a string builds json's C encoder, for every call, which cost more than encoding a card's few fields. Here
each set of options has one encoder, made once.
"""
from __future__ import annotations

import hashlib
import json
import threading
from json import encoder as _json


class JsonText:
    """`json.dumps(value, **options)`, its C encoder made once for each thread (json's pure-Python one where the C one
    is missing): `pnp serve` draws in more than one thread, and an encoder keeps a record of the lists and mappings it is
    writing (a value holding itself is refused, as json.dumps refuses it), emptied after an error, which may leave it
    part-way."""

    def __init__(self, **options):
        self.options = options
        self._settings = json.JSONEncoder(**options)
        self._own = threading.local()  # this thread's (encoder, its record of what it is writing)

    def __call__(self, value) -> str:
        made = getattr(self._own, "made", None)
        if made is None:
            made = self._own.made = self._make()
        encode, markers = made
        if encode is None:
            return json.dumps(value, **self.options)
        try:
            return "".join(encode(value, 0))
        except BaseException:
            if markers is not None:
                markers.clear()
            raise

    def _make(self) -> tuple:
        settings = self._settings
        if _json.c_make_encoder is None or settings.indent is not None:
            return None, None
        markers: dict | None = {} if settings.check_circular else None
        strings = _json.encode_basestring_ascii if settings.ensure_ascii else _json.encode_basestring
        return _json.c_make_encoder(markers, settings.default, strings, None, settings.key_separator, settings.item_separator,
                                    settings.sort_keys, settings.skipkeys, settings.allow_nan), markers


def _plain(value):
    """A value inside template data as JSON can write it: data wrappers (pnp.data.fields.Fields) by their data."""
    data = getattr(value, "_data", None)
    if isinstance(data, dict):
        return data
    raise TypeError(f"no stable text for {type(value).__name__}")


DUMPS = JsonText()  # json.dumps(value): a face's key in the face store (pnp.pipeline.cache.FaceStore.key), made for every card
_DATA = JsonText(sort_keys=True, default=_plain, ensure_ascii=False)


def data_digest(data) -> str:
    """A hash of template data (a card's fields, a deck's, the game's), stable across runs: its JSON with sorted keys,
    data wrappers by their data; TypeError for a value with no stable text."""
    return hashlib.sha256(_DATA(data).encode("utf-8")).hexdigest()
