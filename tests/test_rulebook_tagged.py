"""The rulebook is a tagged PDF: its structure tree, read back, holds the headings, lists, tables and figures a reader
sees, in reading order, each with the very text printed for it; the catalog gives the edition's language and the title.

The expected structure is the rulebook's Markdown (its facts filled in) parsed by markdown-it on its own, not by pnp's
converter; the text of each element is what pdfplumber reads inside its marked content on the page."""
from __future__ import annotations

import re
from collections import defaultdict

import pdfplumber
import pytest
from markdown_it import MarkdownIt
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject

GAME = "organ-match"


@pytest.fixture(scope="module")
def gctx():
    """Organ Match, loaded from the repository."""
    from conftest import ROOT

    from pnp.data.project import Project
    from pnp.outputs.context import Engine

    project = Project(ROOT)
    return Engine(project).for_game(project.load_game(GAME)[0])


@pytest.fixture(scope="module")
def book(gctx, tmp_path_factory):
    """(reader, the structure elements in reading order, the text drawn for each (page, MCID)) of Organ Match's rulebook,
    built in this process as `pnp build` builds it."""
    from pnp.outputs.options import Options
    from pnp.outputs.rulebook.build import build_rulebook

    files, findings = build_rulebook(gctx, Options())
    assert not [f for f in findings if f.severity == "error"]
    path = tmp_path_factory.mktemp("tagged") / f"{GAME}-rulebook.pdf"
    path.write_bytes(dict((name, data) for name, data, _ in files)[path.name])
    reader = PdfReader(path)
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    elems: list[dict] = []
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, elems)
    texts: dict = defaultdict(str)
    with pdfplumber.open(path) as pdf:
        for n, page in enumerate(pdf.pages):
            for ch in page.chars:
                if ch.get("mcid") is not None:
                    texts[n, ch["mcid"]] += ch["text"]
    return reader, elems, texts


def _walk(elem: DictionaryObject, parent, pages: dict, out: list) -> None:
    """Each element as {role, parent, alt, marks: [(page, MCID)], kids: [elements]}, depth first (reading order)."""
    me = {"role": str(elem["/S"])[1:], "parent": parent, "alt": elem.get("/Alt"), "marks": [], "kids": [], "attrs": elem.get("/A")}
    out.append(me)
    page = pages.get(elem.raw_get("/Pg").idnum) if "/Pg" in elem else None
    kids = elem.get("/K", [])
    for kid in kids if isinstance(kids, ArrayObject) else [kids]:
        kid = kid.get_object() if hasattr(kid, "get_object") else kid
        if isinstance(kid, int):
            me["marks"].append((page, int(kid)))
        elif kid.get("/Type") == "/MCR":
            me["marks"].append((pages[kid.raw_get("/Pg").idnum], int(kid["/MCID"])))
        else:
            child_at = len(out)
            _walk(kid, me, pages, out)
            me["kids"].append(out[child_at])


def _text(elem: dict, texts: dict) -> str:
    own = "".join(texts[m] for m in elem["marks"])
    return own + "".join(_text(k, texts) for k in elem["kids"])


def _squeeze(text: str) -> str:
    """Text to compare: no spaces (pdfplumber reads a space where a line breaks, none where a word is set by its position)."""
    return re.sub(r"\s+", "", text.replace("’", "'").replace("“", '"').replace("”", '"'))


@pytest.fixture(scope="module")
def source_tokens(gctx):
    """The rulebook's Markdown as its players read it (pnp.outputs.rulebook.build.rulebook_markdown), parsed by markdown-it."""
    from pnp.outputs.rulebook.build import rulebook_markdown

    return MarkdownIt("commonmark").enable("table").parse(rulebook_markdown(gctx).text)


def test_the_catalog_names_the_language_the_title_and_marks_the_pdf_tagged(book):
    reader, elems, _ = book
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "en"
    assert root["/MarkInfo"]["/Marked"] == True  # noqa: E712  (pypdf reads a PDF boolean as its BooleanObject)
    assert root["/ViewerPreferences"]["/DisplayDocTitle"] == True  # noqa: E712
    assert reader.metadata.title == "Organ Match — rules"
    assert elems[0]["role"] == "Document"


def test_each_pages_parent_tree_entry_names_the_element_of_each_marked_content(book):
    """A reader goes from a mark on a page to its element through the page's /StructParents and the parent tree."""
    reader, elems, texts = book
    tree = reader.trailer["/Root"]["/StructTreeRoot"]
    nums = tree["/ParentTree"]["/Nums"]
    by_key = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    for n, page in enumerate(reader.pages):
        listed = by_key[page["/StructParents"]]
        marked = sorted(m for e in elems for m in e["marks"] if m[0] == n)
        assert [m for _, m in marked] == list(range(len(listed))), f"page {n + 1}"
    assert all(m in texts or e["role"] in ("Figure", "Lbl", "TD", "TH") for e in elems for m in e["marks"])


def test_the_headings_are_the_cover_title_the_contents_and_the_markdowns_in_order(book, source_tokens):
    _, elems, texts = book
    expected = [("H1", "Organ Match"), ("H2", "Contents")]
    for i, tok in enumerate(source_tokens):
        if tok.type == "heading_open":
            expected.append((tok.tag.upper(), source_tokens[i + 1].content))
    found = [(e["role"], _text(e, texts)) for e in elems if re.fullmatch(r"H[1-6]", e["role"])]
    assert [(r, _squeeze(t)) for r, t in found] == [(r, _squeeze(t)) for r, t in expected]


def test_each_list_is_one_L_with_an_item_per_markdown_item_and_its_printed_marker(book, source_tokens):
    _, elems, texts = book
    expected, depth_items = [], []
    for tok in source_tokens:
        if tok.type in ("bullet_list_open", "ordered_list_open"):
            depth_items.append([tok.type, 0, int(tok.attrs.get("start", 1) or 1)])
        elif tok.type == "list_item_open":
            depth_items[-1][1] += 1  # an item belongs to the innermost list open
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            kind, items, start = depth_items.pop()
            expected.append((kind, items, start))
    lists = [e for e in elems if e["role"] == "L"]
    assert len(lists) == len(expected)
    found = []
    for e in lists:
        items = [k for k in e["kids"] if k["role"] == "LI"]
        assert len(items) == len(e["kids"])
        for item in items:
            assert [k["role"] for k in item["kids"]] == ["Lbl", "LBody"]
        labels = [_text(item["kids"][0], texts).strip() for item in items]
        found.append((labels, len(items)))
    # markdown-it closes an inner list before its outer one: compare as multisets of (markers, items)
    want = sorted(([f"{s + n}." for n in range(items)] if kind == "ordered_list_open" else [], items) for kind, items, s in expected)
    got = sorted((labels if labels[0].endswith(".") else [], n) for labels, n in found)
    assert got == want
    assert all(set(labels) <= {"•", "–"} for labels, _ in found if not labels[0].endswith("."))


def test_each_table_has_the_markdowns_header_cells_as_TH_and_its_rows(book, source_tokens):
    _, elems, texts = book
    expected, table, row = [], None, None
    for i, tok in enumerate(source_tokens):
        if tok.type == "table_open":
            table = []
        elif tok.type == "tr_open":
            row = []
        elif tok.type in ("th_open", "td_open"):
            row.append((tok.type[:2].upper(), source_tokens[i + 1].content))
        elif tok.type == "tr_close":
            table.append(row)
        elif tok.type == "table_close":
            expected.append(table)
    tables = [e for e in elems if e["role"] == "Table"]
    assert len(tables) == len(expected)
    for elem, want in zip(tables, expected, strict=True):
        rows = [[(cell["role"], _text(cell, texts)) for cell in tr["kids"]] for tr in elem["kids"]]
        assert [[r for r, _ in row] for row in rows] == [[r for r, _ in row] for row in want]
        heads = [_squeeze(t) for t in (t for r, t in rows[0])]
        assert heads == [_squeeze(re.sub(r"\*\*|\*", "", t)) for _, t in want[0]]
        assert all(cell["attrs"]["/Scope"] == "/Column" for tr in elem["kids"][:1] for cell in tr["kids"])


def test_every_figure_has_alternative_text_from_the_data(book, source_tokens):
    """A Markdown image is one Figure; a card's says the card's title (its deck's name_field), the cover names its cards."""
    _, elems, _ = book
    images = [c for tok in source_tokens if tok.type == "inline" for c in tok.children if c.type == "image"]
    figures = [e for e in elems if e["role"] == "Figure"]
    assert len(figures) == len(images) + 1  # and the cover's picture
    assert all(f["alt"] for f in figures)
    assert "Health has deteriorated" in figures[0]["alt"]  # the cover's influence card: its `reason`, the deck's name_field
    card = next(f for f, img in zip(figures[1:], images, strict=True) if img.attrs["src"] == "card:influence/plus2")
    assert card["alt"] == "Health has deteriorated"
