"""Data as templates see it: attribute access to a mapping (`card.name`), naming the path it came from."""
from __future__ import annotations


class Fields:
    """Attribute access to a data mapping for templates (`card.name`)."""

    __slots__ = ("_data", "_what")

    def __init__(self, data: dict, what: str = "card"):
        self._data = data
        self._what = what

    def __getattr__(self, name):
        try:
            return wrap(self._data[name], f"{self._what}.{name}")
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key):
        return wrap(self._data[key], f"{self._what}.{key}")

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def get(self, key, default=None):
        return wrap(self._data.get(key, default), f"{self._what}.{key}")

    def keys(self):
        return list(self._data.keys())

    def items(self):
        return [(k, wrap(v, f"{self._what}.{k}")) for k, v in self._data.items()]

    def values(self):
        return [wrap(v, self._what) for v in self._data.values()]


def wrap(value, what="value"):
    if isinstance(value, dict):
        return Fields(value, what)
    if isinstance(value, list):
        return [wrap(v, what) for v in value]
    return value
