"""JSON text with fixed options, the same characters as `json.dumps` with them, made without its set-up per call.

A build writes JSON of every card several times over (a face's key in the face store, its data's digest, the stamp
code's values, the record of what was printed): `json.dumps` with options builds an encoder, and `json.dumps` of any
value but a string builds json's C encoder, for every call, which cost more than encoding a card's few fields. Here
each set of options has one encoder, made once.
"""
from __future__ import annotations

import hashlib
import json
from json import encoder as _json


class JsonText:
    """`json.dumps(value, **options)`, its C encoder made once (json's pure-Python one where the C one is missing).

    The encoder's record of the lists and mappings being written (a value holding itself is refused, as json.dumps
    refuses it) is emptied after an error, which may leave it part-way."""

    def __init__(self, **options):
        self.options = options
        settings = json.JSONEncoder(**options)
        self._markers: dict | None = {} if settings.check_circular else None
        self._encode = None
        if _json.c_make_encoder is not None and settings.indent is None:
            strings = _json.encode_basestring_ascii if settings.ensure_ascii else _json.encode_basestring
            self._encode = _json.c_make_encoder(self._markers, settings.default, strings, None, settings.key_separator,
                                                settings.item_separator, settings.sort_keys, settings.skipkeys, settings.allow_nan)

    def __call__(self, value) -> str:
        if self._encode is None:
            return json.dumps(value, **self.options)
        try:
            return "".join(self._encode(value, 0))
        except BaseException:
            if self._markers is not None:
                self._markers.clear()
            raise


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
