"""Every key and value read from YAML is found at the line and column it was written, whatever way it is kept.

The reader keeps a key's two places together (pnp.data.located.LocDict.places), packed in one int when they share a
line. These tests write YAML text themselves, noting where each key and value starts as they write it, and ask the
mapping read from it for both places: the expected places come from the text, never from the reader.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.data.located import LocDict
from pnp.data.source import load_yaml

_WORDS = st.text(alphabet="abcxyz_", min_size=0, max_size=12)
_KEYS = _WORDS.map(lambda word: f"k{word}")
_SCALARS = st.one_of(_WORDS.map(lambda word: f"v{word}"), st.integers(-999, 10**6).map(str), _WORDS.map(lambda word: f"'q {word}'"))
_KEY_STYLES = st.sampled_from(["plain", "single", "double"])
_GAPS = st.integers(1, 4)  # spaces after a key's colon

# a value: ("scalar", text, gap), ("flow", [(key, style, scalar, gap)], pad), ("block", mapping) or ("explicit", text)
_FLOW = st.tuples(st.just("flow"), st.lists(st.tuples(_KEYS, _KEY_STYLES, _SCALARS, _GAPS), max_size=5, unique_by=lambda t: t[0]),
                  st.integers(0, 2))
_LEAVES = st.one_of(st.tuples(st.just("scalar"), _SCALARS, _GAPS), _FLOW, st.tuples(st.just("explicit"), _SCALARS))


def _mappings(children):
    return st.lists(st.tuples(_KEYS, _KEY_STYLES, children), min_size=1, max_size=5, unique_by=lambda t: t[0])


_TREES = _mappings(st.recursive(_LEAVES, lambda inner: st.tuples(st.just("block"), _mappings(inner)), max_leaves=12))


def _key_text(key: str, style: str) -> str:
    return {"plain": key, "single": f"'{key}'", "double": f'"{key}"'}[style]


class _Writer:
    """YAML text written line by line, with where each key and value starts: (path, key's (line, column), value's)."""

    def __init__(self):
        self.lines: list[str] = []
        self.places: list[tuple[tuple, tuple[int, int], tuple[int, int]]] = []

    def block(self, entries, indent: int, path: tuple) -> None:
        for key, style, value in entries:
            head = " " * indent + _key_text(key, style)
            line, key_at = len(self.lines) + 1, (len(self.lines) + 1, indent + 1)
            kind = value[0]
            if kind == "scalar":
                _, text, gap = value
                self.lines.append(f"{head}:{' ' * gap}{text}")
                self.places.append(((*path, key), key_at, (line, len(head) + 1 + gap + 1)))
            elif kind == "explicit":  # `? key` on one line, `: value` on the next: two lines apart
                self.lines.append(f"{' ' * indent}? {_key_text(key, style)}")
                self.lines.append(f"{' ' * indent}: {value[1]}")
                self.places.append(((*path, key), (line, indent + 3), (line + 1, indent + 3)))
            elif kind == "flow":
                self.flow(head, value, key_at, (*path, key))
            else:  # a mapping below its key: it starts where its first key does
                self.lines.append(f"{head}:")
                self.places.append(((*path, key), key_at, (line + 1, indent + 3)))
                self.block(value[1], indent + 2, (*path, key))

    def flow(self, head: str, value, key_at: tuple[int, int], path: tuple) -> None:
        _, entries, pad = value
        line = len(self.lines) + 1
        text = f"{head}: {{{' ' * pad}"
        self.places.append((path, key_at, (line, len(head) + 3)))
        for i, (key, style, scalar, gap) in enumerate(entries):
            if i:
                text += ", "
            written = _key_text(key, style)
            self.places.append(((*path, key), (line, len(text) + 1), (line, len(text) + len(written) + 1 + gap + 1)))
            text += f"{written}:{' ' * gap}{scalar}"
        self.lines.append(text + " " * pad + "}")


def _read(tmp_path, text: str):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return load_yaml(path, "f.yaml")


def _found(data, path: tuple) -> tuple[tuple[int, int], tuple[int, int]]:
    """(key's (line, column), value's) as the mapping holding the last key of `path` reports them."""
    *above, key = path
    for step in above:
        data = data[step]
    assert isinstance(data, LocDict)
    key_loc, value_loc = data.key_loc(key), data.loc_of(key)
    return (key_loc.line, key_loc.col), (value_loc.line, value_loc.col)


@settings(max_examples=150, deadline=None)
@given(tree=_TREES, blank=st.integers(0, 3))
def test_every_key_and_value_is_found_where_it_was_written(tmp_path_factory, tree, blank):
    writer = _Writer()
    writer.lines += ["# places"] * blank
    writer.block(tree, 0, ())
    data = _read(tmp_path_factory.mktemp("y"), "\n".join(writer.lines) + "\n")
    for path, key_at, value_at in writer.places:
        assert _found(data, path) == (key_at, value_at), (path, "\n".join(writer.lines))


def test_a_key_far_before_its_value_or_far_down_the_file_keeps_both_places(tmp_path):
    """A key 70,000 columns before its value on its line (past what a packed int holds apart: an explicit `? key` in a
    flow mapping, as an implicit key is at most 1,024 characters), and keys past line 65,536."""
    long_key = "k" * 70_000
    text = f"far: {{? {long_key} : v}}\nnear: {{a: 1}}\n" + "\n" * 70_000 + "low: 2\nlower:   {b:  3}\n"
    data = _read(tmp_path, text)
    assert _found(data, ("far", long_key)) == ((1, 9), (1, 70_012))
    assert _found(data, ("near", "a")) == ((2, 8), (2, 11))
    assert _found(data, ("low",)) == ((70_003, 1), (70_003, 6))
    assert _found(data, ("lower",)) == ((70_004, 1), (70_004, 10))
    assert _found(data, ("lower", "b")) == ((70_004, 11), (70_004, 15))


def test_a_key_exactly_as_far_before_its_value_as_one_packed_int_holds_keeps_both_places(tmp_path):
    """Keys 65,531 to 65,535 columns before their values, one to a line: the packed int holds the columns between a key
    and its value when there are fewer than 65,535 (a key 65,534 before its value is the last it holds); each key and
    value must be found where it was written on either side of that edge."""
    gaps = range(65_531, 65_536)
    lines = [f"k{gap}: {{? {'k' * (gap - 3)} : v}}" for gap in gaps]  # the key's name, then ` : `: its value `gap` columns on
    data = _read(tmp_path, "\n".join(lines) + "\n")
    for line, gap in enumerate(gaps, start=1):
        name, key = f"k{gap}", "k" * (gap - 3)
        start = len(name) + 6  # after `k65531: {? `, counting columns from 1
        assert _found(data, (name, key)) == ((line, start), (line, start + gap)), gap
