"""What the checks ask of a template, found in one walk of its syntax tree: the names it reads, the templates it runs,
what it writes outside its blocks and the data fields it may name.

A build asks several questions of every template (does this back read `card`? which files does this face run? which
card fields does nothing read?). Each question used to walk the whole tree with Jinja's `find_all`, a generator per
node, and most were asked of every template: the walks cost more than parsing the templates did. One walk now answers
them all, and its answer is small and plain (names, numbers), which the process keeps by the template's source
(pnp.layout.template_cache).
"""
from __future__ import annotations

import re
from typing import NamedTuple

import jinja2.meta
from jinja2 import nodes

# Reading a data mapping as a whole: any of its fields may be shown, so none can be called unused (pnp.pipeline.unused).
WHOLE_MAPPING = frozenset({"items", "keys", "values"})
WHOLE_FILTERS = frozenset({"dictsort", "tojson", "list"})
CARD = "card"  # the name a card's fields have in its templates (pnp.outputs.context.face_context)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

_REFERS = (nodes.Extends, nodes.FromImport, nodes.Import, nodes.Include)
_NOTED = (nodes.Name, nodes.For, nodes.Getattr, nodes.Getitem, nodes.Filter, nodes.Const, nodes.Call, *_REFERS)


class TemplateFacts(NamedTuple):
    """One template file's answers to the checks' questions (its own file only: what it runs is in `refs`)."""

    names: frozenset[str]  # every name it loads: `card`, `deck`, a macro's or a loop's
    refs: tuple[str | None, ...]  # the templates it extends, includes or imports, in order; None where a name is worked out as it runs
    ignored: tuple[int, ...]  # the lines a template that extends another writes outside its blocks, which Jinja never runs
    words: frozenset[str]  # attribute names (not a called method's), constant keys and strings (whole and word by word): the fields it may name
    card_unfollowed: int = 0  # the first line reading the card's fields by a name worked out as it draws (card[key], card.items())
    other_whole: bool = False  # it reads some other mapping whole (a board's, a token's)


def facts_of(tree: nodes.Template) -> TemplateFacts:
    """The facts of a parsed template, from one walk of its tree in the order Jinja's `find_all` visits it (so the
    first line found is the first `find_all` would find)."""
    noted = [node for node in descendants(tree) if isinstance(node, _NOTED)]
    names = frozenset(n.name for n in noted if isinstance(n, nodes.Name) and n.ctx == "load")
    refs = tuple(jinja2.meta.find_referenced_templates(_Found(noted)))
    words, unfollowed, other_whole = _field_reads(noted)
    return TemplateFacts(names, refs, _ignored(tree), words, unfollowed, other_whole)


def descendants(tree: nodes.Node) -> list[nodes.Node]:
    """Every node under `tree`, in the order Jinja's `find_all` yields them (each node before its children, its
    children before its next sibling), from one walk without a generator per node."""
    found: list[nodes.Node] = []
    stack = _children(tree)[::-1]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(_children(node)[::-1])
    return found


def _children(node: nodes.Node) -> list[nodes.Node]:
    """As Jinja's `iter_child_nodes`: each field's node, or the nodes of a field that holds a list."""
    out = []
    for field in node.fields:
        item = getattr(node, field, None)
        if isinstance(item, list):
            out.extend(n for n in item if isinstance(n, nodes.Node))
        elif isinstance(item, nodes.Node):
            out.append(item)
    return out


class _Found:
    """The noted nodes, answering `find_all` as the tree would: Jinja's own `find_referenced_templates` reads them."""

    def __init__(self, noted: list[nodes.Node]):
        self.noted = noted

    def find_all(self, types):
        return [n for n in self.noted if isinstance(n, types)]


def _ignored(tree: nodes.Template) -> tuple[int, ...]:
    if not any(isinstance(node, nodes.Extends) for node in tree.body):
        return ()
    return tuple(node.lineno for node in tree.body if isinstance(node, nodes.Output) and any(
        not (isinstance(child, nodes.TemplateData) and not child.data.strip()) for child in node.nodes))


def _field_reads(noted: list[nodes.Node]) -> tuple[frozenset[str], int, bool]:
    """Attribute names, constant keys and string constants (whole, as a subscript names a field, and word by word, as
    a text names one); the first line reading the card's fields by a computed name; whether another mapping is read whole.

    A called method's name (`cave.at(3)`, `card.text.strip()`) reads no field: a data file's values are never called,
    so a card's `Stripe` column is not read by `.strip()`, nor offered it as the name it meant."""
    out: set[str] = set()
    unfollowed, other_whole = 0, False
    listed = _over_literals(noted)
    called = {id(node.node) for node in noted if isinstance(node, nodes.Call)}
    for node in noted:
        if isinstance(node, nodes.Const):
            if isinstance(node.value, str):
                out.add(node.value)
                out.update(WORD.findall(node.value))
            continue
        if not isinstance(node, (nodes.Getattr, nodes.Getitem, nodes.Filter)):
            continue
        of_card = isinstance(node.node, nodes.Name) and node.node.name == CARD
        if isinstance(node, nodes.Getattr):
            if id(node) not in called:
                out.add(node.attr)
            whole = node.attr in WHOLE_MAPPING
        elif isinstance(node, nodes.Getitem):
            key = node.arg
            whole = of_card and not isinstance(key, nodes.Const) and not (isinstance(key, nodes.Name) and key.name in listed)
        else:
            whole = node.name in WHOLE_FILTERS and of_card
        if whole and of_card:
            unfollowed = unfollowed or node.lineno
        elif whole:
            other_whole = True
    return frozenset(out), unfollowed, other_whole


def _over_literals(noted: list[nodes.Node]) -> set[str]:
    """The loop variables that only ever take constants written in the template (`{% for stat, colour in [("move",
    "red"), …] %}`): a subscript by one reads fields the template names, and its constants are read names already."""
    bound: dict[str, bool] = {}
    for loop in noted:
        if not isinstance(loop, nodes.For):
            continue
        literal = isinstance(loop.iter, (nodes.List, nodes.Tuple)) and all(
            isinstance(item, nodes.Const) or (isinstance(item, nodes.Tuple) and all(isinstance(i, nodes.Const) for i in item.items))
            for item in loop.iter.items)
        for name in loop.target.find_all(nodes.Name) if not isinstance(loop.target, nodes.Name) else [loop.target]:
            bound[name.name] = bound.get(name.name, True) and literal
    return {name for name, literal in bound.items() if literal}
