"""Rules for every reader (issue #78 item 5), on Organ Match's rulebook built once in this process.

The PDF is tagged: its structure tree, read back, holds the headings, lists, tables and figures a reader sees, in
reading order, each with the very text printed for it; the catalog gives the edition's language and the title. The
expected structure is the rulebook's Markdown (its facts filled in) parsed by markdown-it on its own, not by pnp's
converter; the text of each element is what pdfium reads inside its marked content on the page.

The HTML rulebook (`--html`) has the same headings, real lists and tables with header cells, every picture with
alternative text, the edition's language, nothing fetched from elsewhere, and the same numbers as the PDF; axe-core
(tests/axe, 4.14.1, MPL 2.0) in headless Chromium finds nothing serious in it, and at a phone's width nothing runs off
the screen."""
from __future__ import annotations

import ctypes
import re
import shutil
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
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
def built(gctx, tmp_path_factory) -> Path:
    """The folder of Organ Match's rulebook, PDF and HTML, built in this process as `pnp build --html` builds it."""
    from pnp.outputs.options import Options
    from pnp.outputs.rulebook.build import build_rulebook

    files, findings = build_rulebook(gctx, Options(html=True))
    assert not [f for f in findings if f.severity == "error"]
    folder = tmp_path_factory.mktemp("access")
    for name, data, _ in files:
        (folder / name).write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def book(built):
    """(reader, the structure elements in reading order, the text drawn for each (page, MCID)) of the rulebook's PDF."""
    path = built / f"{GAME}-rulebook.pdf"
    reader = PdfReader(path)
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    elems: list[dict] = []
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, elems)
    texts: dict = defaultdict(str)
    for page, objects in enumerate(_page_objects(path)):
        for _, marks, text, _ in objects:
            mcid = next((m for _, m in marks if m is not None), None)
            if mcid is not None:
                texts[page, mcid] += text
    return reader, elems, texts


def _page_objects(path: Path) -> list[list[tuple[int, list, str, float]]]:
    """Each page's objects as pdfium reads them (not inside forms): (type, [(mark name, its MCID or None)], its text, its
    text's size in points on the page)."""
    doc = pdfium.PdfDocument(path)
    pages = []
    try:
        for page in doc:
            textpage = page.get_textpage()
            objects = []
            for obj in page.get_objects(max_depth=0):
                marks = []
                for i in range(pdfium_c.FPDFPageObj_CountMarks(obj.raw)):
                    mark = pdfium_c.FPDFPageObj_GetMark(obj.raw, i)
                    name = (ctypes.c_ushort * 64)()
                    length = ctypes.c_ulong()
                    pdfium_c.FPDFPageObjMark_GetName(mark, name, ctypes.sizeof(name), ctypes.byref(length))
                    value = ctypes.c_int()
                    has = pdfium_c.FPDFPageObjMark_GetParamIntValue(mark, b"MCID", ctypes.byref(value))
                    marks.append((bytes(name)[:max(length.value - 2, 0)].decode("utf-16-le"), value.value if has else None))
                text, points = "", 0.0
                if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                    size = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
                    buf = (ctypes.c_ushort * size)()
                    pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, buf, size)
                    text = bytes(buf).decode("utf-16-le").rstrip("\x00")
                    font_size, matrix = ctypes.c_float(), pdfium_c.FS_MATRIX()
                    pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(font_size))
                    pdfium_c.FPDFPageObj_GetMatrix(obj.raw, ctypes.byref(matrix))
                    points = font_size.value * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                objects.append((obj.type, marks, text, points))
            pages.append(objects)
    finally:
        doc.close()
    return pages


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
    """Text to compare: no spaces (the typesetter places words by position: a space between them is not always drawn)."""
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


def test_everything_drawn_on_a_page_is_an_elements_content_or_an_artifact(built):
    """Nothing is left out of the tree unsaid: each text, path, picture or form on a page is marked."""
    for n, objects in enumerate(_page_objects(built / f"{GAME}-rulebook.pdf")):
        unmarked = [(kind, text[:30]) for kind, marks, text, _ in objects
                    if not any(mcid is not None or name == "Artifact" for name, mcid in marks)]
        assert not unmarked, f"page {n + 1}: {unmarked[:5]}"


def test_an_icon_among_the_words_is_read_by_its_name_where_it_stands(gctx, built):
    """Each inline icon of the rules (`:star:`) is drawn inside a span whose ActualText is its name, so a reader says
    "star" between the words around it; the span sits in its paragraph's or cell's marked content."""
    import pikepdf

    from pnp.outputs.rulebook.build import rulebook_markdown

    written = [name for name in re.findall(r":([a-z0-9-]+):", rulebook_markdown(gctx).text) if gctx.icons.exists(name)]
    spoken, outside = [], 0
    with pikepdf.open(built / f"{GAME}-rulebook.pdf") as pdf:
        for page in pdf.pages:
            depth = 0
            for operands, op in pikepdf.parse_content_stream(page):
                if str(op) in ("BDC", "BMC"):
                    if str(operands[0]) == "/Span":
                        spoken.append(str(operands[1]["/ActualText"]))
                        outside += depth == 0
                    depth += 1
                elif str(op) == "EMC":
                    depth -= 1
    assert sorted(spoken) == sorted(n.replace("-", " ") for n in written) and len(written) > 10
    assert outside == 0


def test_the_headings_are_the_cover_title_the_contents_and_the_markdowns_in_order(book, source_tokens):
    _, elems, texts = book
    expected = [("H1", "Organ Match"), ("H2", "Contents")]
    for i, tok in enumerate(source_tokens):
        if tok.type == "heading_open":
            expected.append((tok.tag.upper(), source_tokens[i + 1].content))
    found = [(e["role"], _text(e, texts)) for e in elems if re.fullmatch(r"H[1-6]", e["role"])]
    assert [(r, _squeeze(t)) for r, t in found] == [(r, _squeeze(t)) for r, t in expected]


def test_the_contents_are_one_TOC_with_an_entry_per_chapter_and_section_in_order(book, source_tokens):
    """The contents page is a table of contents to a reader (ISO 32000's TOC and TOCI): one TOC, a TOCI per chapter and
    section of the Markdown (its # and ## headings) in their order, each holding that heading's words and its page."""
    _, elems, texts = book
    headings = [source_tokens[i + 1].content for i, tok in enumerate(source_tokens) if tok.type == "heading_open" and tok.tag in ("h1", "h2")]
    (toc,) = [e for e in elems if e["role"] == "TOC"]
    entries = [_squeeze(_text(kid, texts)) for kid in toc["kids"]]
    assert [kid["role"] for kid in toc["kids"]] == ["TOCI"] * len(headings)
    assert all(re.fullmatch(re.escape(_squeeze(h)) + r"[.]*\d+", entry) for h, entry in zip(headings, entries, strict=True)), entries

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
    assert card["alt"].startswith("Health has deteriorated. "), card["alt"]  # its name first, then what the card says:
    strings = _organ_match_strings()
    for said in (strings["raise"].format(n=2), strings["play_limits"]):  # the +2 card's rules, as game.yaml words them
        assert said in card["alt"], f"{said!r} not in the figure's alternative text: {card['alt']!r}"


def _organ_match_strings() -> dict:
    import yaml
    from conftest import ROOT

    return yaml.safe_load((ROOT / "data" / GAME / "game.yaml").read_text(encoding="utf-8"))["strings"]


def test_the_tagged_rulebook_carries_xmp_naming_its_title_language_and_pdf_ua(built):
    """PDF/UA (ISO 14289-1) identifies itself in the catalog's XMP metadata (`pdfuaid:part` 1), with dc:title and the
    language a reader announces."""
    import pikepdf

    with pikepdf.open(built / f"{GAME}-rulebook.pdf") as pdf:
        assert pdf.Root.Metadata.Type == "/Metadata" and pdf.Root.Metadata.Subtype == "/XML"
        with pdf.open_metadata() as xmp:
            said = {key: xmp.get(key) for key in ("dc:title", "dc:language", "pdfuaid:part")}
    assert said == {"dc:title": "Organ Match — rules", "dc:language": {"en"}, "pdfuaid:part": "1"}, said


# The HTML rulebook ------------------------------------------------------------------------------------------------
class _Page(HTMLParser):
    """What a reader of the HTML meets: its tags with their attributes, each heading's text, and the text in <main>."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.headings: list[tuple[str, str]] = []
        self.main_text: list[str] = []
        self._heading: str | None = None
        self._in_main = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = ""
        self._in_main += tag == "main"

    def handle_endtag(self, tag):
        if re.fullmatch(r"h[1-6]", tag) and self._heading is not None:
            self.headings.append((tag.upper(), self._heading))
            self._heading = None
        self._in_main -= tag == "main"

    def handle_data(self, data):
        if self._heading is not None:
            self._heading += data
        if self._in_main:
            self.main_text.append(data)


@pytest.fixture(scope="module")
def html_page(built):
    path = built / f"{GAME}-rulebook.html"
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return path, page


def test_the_html_has_the_pdfs_headings_its_language_a_title_and_a_phones_viewport(book, html_page):
    _, elems, texts = book
    _, page = html_page
    html = dict(page.tags)["html"]
    assert html["lang"] == "en"
    assert any(tag == "meta" and a.get("name") == "viewport" and "width=device-width" in a.get("content", "") for tag, a in page.tags)
    pdf_headings = [(e["role"], _squeeze(_text(e, texts))) for e in elems if re.fullmatch(r"H[1-6]", e["role"])]
    assert [(level, _squeeze(text)) for level, text in page.headings] == pdf_headings


def test_the_html_lists_tables_and_pictures_are_real_and_described(html_page, source_tokens):
    _, page = html_page
    count = lambda kind: sum(1 for t in source_tokens if t.type == kind)  # noqa: E731
    tags = [t for t, _ in page.tags]
    assert tags.count("ul") == count("bullet_list_open") and tags.count("ol") - 1 == count("ordered_list_open")  # and the contents
    assert tags.count("li") - sum(1 for t, a in page.tags if t == "a" and a.get("href", "").startswith("#")) == count("list_item_open")
    assert tags.count("table") == count("table_open") and tags.count("th") == count("th_open")
    assert all(a.get("scope") == "col" for t, a in page.tags if t == "th")
    images = [a for t, a in page.tags if t == "img"]
    figures = [a for a in images if a.get("class") != "icon"]
    assert len(figures) == sum(1 for tok in source_tokens if tok.type == "inline" for c in tok.children if c.type == "image")
    assert all(a.get("alt", "").strip() for a in figures)
    assert all("alt" in a for a in images)  # an icon's is its name, or empty where the word beside it says it (`:skull: skull`)
    assert {a["alt"] for a in images if a.get("class") == "icon"} >= {"star", ""}
    card = next(a for a in figures if a["alt"].startswith("Health has deteriorated. "))  # the card's name, then its rules as the PDF's figure
    assert _organ_match_strings()["play_limits"] in card["alt"], card["alt"]


def test_the_html_holds_everything_it_shows(html_page):
    """One file: no style sheet, script or picture fetched from anywhere (every picture a data: URI)."""
    _, page = html_page
    assert not [t for t, a in page.tags if t in ("link", "script", "iframe", "object")]
    assert all(a["src"].startswith("data:image/") for t, a in page.tags if t == "img")


def test_the_html_prints_the_pdfs_numbers(book, html_page):
    """Every number of the rules' body, in order, is the PDF's: both are typeset from the same facts."""
    _, elems, texts = book
    _, page = html_page
    skipped = {"Figure", "Lbl", "TOC", "TOCI"}
    start = next(i for i, e in enumerate(elems) if e["role"] == "TOC") + 1
    body = [e for e in elems[start:] if e["marks"] and e["role"] not in skipped and not _inside(e, skipped)]
    numbers = re.compile(r"\d+(?:[.,]\d+)?")
    assert numbers.findall(" ".join(_text(e, texts) for e in body)) == numbers.findall(" ".join(page.main_text))


def _inside(elem: dict, roles: set) -> bool:
    while elem["parent"] is not None:
        elem = elem["parent"]
        if elem["role"] in roles:
            return True
    return False


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """Headless Chromium as a phone 390 CSS pixels wide (the same browser and driver as pnp serve's tests)."""
    chromium, chromedriver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.skip("headless Chromium is not installed: run `apt-get install chromium chromium-driver` to run the accessibility check")
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 f"--user-data-dir={tmp_path_factory.mktemp('phone')}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=chromedriver))
    yield driver
    driver.quit()


def test_axe_finds_nothing_serious_and_nothing_runs_off_a_phones_screen(html_page, phone):
    path, _ = html_page
    phone.get(path.as_uri())
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways on a phone"
    phone.execute_script((Path(__file__).parent / "axe" / "axe.min.js").read_text(encoding="utf-8"))
    found = phone.execute_async_script("const done = arguments[0]; axe.run(document).then(r => done(r.violations), e => done(String(e)));")
    assert isinstance(found, list), found
    serious = [f"{v['id']} ({v['impact']}): {v['help']}: {[n['target'] for n in v['nodes']][:3]}" for v in found if v["impact"] in ("serious", "critical")]
    assert not serious, "\n".join(serious)


def test_pnp_build_html_writes_the_rulebook_as_a_web_page_beside_its_pdf(tmp_path):
    """The CLI's wiring: `--html` asks the rulebook's build for its HTML form, named as the PDF is."""
    from conftest import TEST_PROJECT, run_pnp

    result = run_pnp(TEST_PROJECT, "build", "tiny", "--only", "rulebook", "--html", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output + result.stderr
    page = (tmp_path / "tiny" / "tiny-rulebook.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page
    assert (tmp_path / "tiny" / "tiny-rulebook.pdf").is_file()


# Large print --------------------------------------------------------------------------------------------------------
def _content(elems: list, texts: dict) -> str:
    """The text of every element a reader reads as the rules (not the contents' page numbers, not a figure's drawing)."""
    skipped = {"TOC", "TOCI", "Figure"}
    return "".join(_squeeze(texts[m]) for e in elems if e["role"] not in skipped and not _inside(e, skipped) for m in e["marks"])


def test_large_print_sets_every_text_of_the_rulebook_at_14_pt_or_more_and_keeps_its_content(gctx, book, tmp_path):
    """Running heads and page numbers aside (artifacts), no text of the large-print rulebook is under 14 pt, where the
    plain one sets its body at 10; and it says what the plain one says, word for word, in the same order."""
    from pnp.outputs.options import Options
    from pnp.outputs.rulebook.build import build_rulebook

    files, _ = build_rulebook(gctx, Options(large_print=True))
    path = tmp_path / "large.pdf"
    path.write_bytes(files[0][1])
    elems: list[dict] = []
    reader = PdfReader(path)
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, elems)
    roles = {m: e["role"] for e in elems for m in e["marks"]}
    texts: dict = defaultdict(str)
    sizes = []
    for n, objects in enumerate(_page_objects(path)):
        for _, marks, text, points in objects:
            mcid = next((m for _, m in marks if m is not None), None)
            if mcid is not None and text.strip():
                texts[n, mcid] += text
                if roles[n, mcid] != "Figure":
                    sizes.append((round(points, 2), text[:20]))
    assert min(sizes) >= (14.0, ""), sorted(sizes)[:5]
    _, plain_elems, plain_texts = book
    assert _content(elems, texts) == _content(plain_elems, plain_texts)


def test_large_print_sets_the_reference_sheet_at_14_pt_or_more(gctx):
    """Every run of text on the large-print reference sheet, its heading and running line too, is 14 pt or more."""
    from pnp.outputs.options import Options
    from pnp.outputs.reference import reference_faces

    def runs(elements):
        for e in elements:
            yield from getattr(e, "ops", ())
            yield from runs(getattr(e, "children", ()))  # a group's (a column's block, a tagged heading)

    laid, _ = reference_faces(gctx, Options(large_print=True))
    sizes = [op.size for page in laid.sheet.pages for op in runs(page.elements) if getattr(op, "text", "").strip()]
    assert sizes and min(sizes) >= 14.0
    plain, _ = reference_faces(gctx, Options())
    assert min(op.size for page in plain.sheet.pages for op in runs(page.elements) if getattr(op, "text", "").strip()) < 14.0


def test_large_print_sets_the_player_aids_at_14_pt_or_more_on_more_cards(tmp_path):
    """`--large-print` reaches the tarot-sized aids a player holds: every word on their sheets but the sheet's own margin
    line (its 50 mm scale bar and print note, below the cards) is 14 pt or more, read from the PDF; the aid takes more
    cards per player to hold it, and the warning says so at 14 pt."""
    import pdfplumber
    from conftest import ROOT, run_pnp

    result = run_pnp(ROOT, "build", GAME, "--only", "reference", "--large-print", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "the player aid needs 2 cards per player" in result.output and "even at 14 pt" in result.output, result.output
    with pdfplumber.open(tmp_path / GAME / f"{GAME}-reference-large-print.pdf") as pdf:
        sizes = [(round(c["size"], 1), c["text"]) for page in pdf.pages for c in page.chars
                 if c["text"].strip() and c["bottom"] < page.height - 18 * 72 / 25.4]  # the margin line sits in the bottom 18 mm
        pages = len(pdf.pages)
    assert min(sizes) >= (14.0, ""), sorted(sizes)[:5]
    assert pages > 5  # four players' aids of two cards each, fronts and backs, and the sheet


def test_large_print_sets_the_rulebooks_icon_credits_at_14_pt_or_more(tmp_path):
    """Narco Empire's rulebook credits the game-icons.net icons it draws: in large print that line is 14 pt too."""
    import pdfplumber
    from conftest import ROOT, run_pnp

    result = run_pnp(ROOT, "build", "narco-empire", "--only", "rulebook", "--large-print", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "narco-empire" / "narco-empire-rulebook-large-print.pdf") as pdf:
        last = pdf.pages[-1]
        words = last.extract_words(extra_attrs=["size"])
    credit = [w for w in words if w["text"] in ("game-icons.net", "Lorc,", "Delapouite")]
    assert credit, "the icons' credit is on the last page"
    assert min(w["size"] for w in credit) >= 14.0, [(w["text"], w["size"]) for w in credit]


def test_an_icon_with_a_two_word_name_is_read_as_two_words_and_each_page_tabs_by_its_structure(project):
    """A reader says `:crossed-swords:` as "crossed swords", never "crossed hyphen swords": the ActualText of its span.
    And every page's tab order follows the structure tree (/Tabs /S, as PDF/UA asks of a page: ISO 14289-1, 7.18.3)."""
    import pikepdf
    from conftest import run_pnp

    rules = project / "data/tiny/rulebook.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("Stars look like :star: and", "Stars look like :star:, fights like :crossed-swords: and"),
                     encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output
    with pikepdf.open(project / "output/tiny/tiny-rulebook.pdf") as pdf:
        spoken = [str(operands[1]["/ActualText"]) for page in pdf.pages for operands, op in pikepdf.parse_content_stream(page)
                  if str(op) == "BDC" and str(operands[0]) == "/Span"]
        tabs = [str(page.obj.get("/Tabs")) for page in pdf.pages]
    assert "crossed swords" in spoken and "crossed-swords" not in spoken, spoken
    assert tabs == ["/S"] * len(tabs), tabs


def test_large_print_sets_the_rulebooks_body_in_one_column(tmp_path):
    """docs/components.md: large print's body is one column (the plain book's is two, each narrower than half the page):
    the Overview's lines run from the left margin past the page's middle."""
    import pdfplumber
    from conftest import TEST_PROJECT, run_pnp

    result = run_pnp(TEST_PROJECT, "build", "tiny", "--only", "rulebook", "--large-print", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(tmp_path / "tiny" / "tiny-rulebook-large-print.pdf") as pdf:
        page = next(p for p in pdf.pages[1:] if "villains" in (p.extract_text() or ""))
        words, middle = page.extract_words(), page.width / 2
    first = next(w for w in words if w["text"] == "Tiny" and w["x0"] < middle and w["top"] > 200)  # the paragraph, not the running head
    line = [w for w in words if abs(w["top"] - first["top"]) < 2]
    assert first["x0"] < 60 and max(w["x1"] for w in line) > middle + 100, [(w["text"], w["x0"]) for w in line]


def test_an_editions_tagged_rulebook_names_its_own_language_in_the_catalog_and_the_xmp(tmp_path):
    """A screen reader and a PDF/UA checker read the language from /Lang and from the XMP's dc:language: the German
    edition of a game written in English says `de` in both, the source edition `en`."""
    import pikepdf
    from conftest import run_pnp
    from test_languages import CARD, DECK, GAME, RULES_DE, RULES_EN

    for rel, text in (("data/duo/game.yaml", GAME), ("data/duo/decks/beasts.yaml", DECK), ("data/duo/rulebook.md", RULES_EN),
                      ("data/duo/rulebook.de.md", RULES_DE), ("templates/duo/card.j2", CARD)):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    result = run_pnp(tmp_path, "build", "duo", "--only", "rulebook", "--lang", "all")
    assert result.exit_code == 0, result.output + result.stderr
    said = {}
    for name in ("duo-rulebook.pdf", "duo-rulebook-de.pdf"):
        with pikepdf.open(tmp_path / "output/duo" / name) as pdf, pdf.open_metadata() as xmp:
            said[name] = (str(pdf.Root.Lang), xmp.get("dc:language"))
    assert said == {"duo-rulebook.pdf": ("en", {"en"}), "duo-rulebook-de.pdf": ("de", {"de"})}, said


def test_contents_running_onto_a_second_page_are_one_TOC_with_an_entry_per_heading(project):
    """Contents too long for a column go on in the next, and onto the next page: still one table of contents to a
    reader, its entries (TOCI) the source's chapters and sections, each once, on both pages."""
    from conftest import run_pnp

    rules = project / "data/tiny/rulebook.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "".join(f"\n# Chapter {n}\n\nThe rules of chapter {n}.\n" for n in range(100)),
                     encoding="utf-8")
    headings = re.findall(r"^#{1,2} (.+)$", rules.read_text(encoding="utf-8"), re.M)
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    reader = PdfReader(project / "output/tiny/tiny-rulebook.pdf")
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    elems: list[dict] = []
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, elems)
    tocs = [e for e in elems if e["role"] == "TOC"]
    assert len(tocs) == 1, [len(t["kids"]) for t in tocs]
    entries = tocs[0]["kids"]
    assert [e["role"] for e in entries] == ["TOCI"] * len(headings)
    assert len({page for e in entries for page, _ in e["marks"]}) == 2


def test_a_title_with_an_ampersand_and_angle_brackets_reads_back_whole_from_the_xmp(project):
    """XML gives `&` and `<` meanings of their own: a game titled `Tiny & <Test> Game` still has a PDF/UA checker and
    a reader's document properties find that title in the XMP, as typed."""
    import pikepdf
    from conftest import run_pnp

    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: Tiny Test Game", 'title: "Tiny & <Test> Game"', 1), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "rulebook", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pikepdf.open(project / "output/tiny/tiny-rulebook.pdf") as pdf, pdf.open_metadata() as xmp:
        title = xmp.get("dc:title")
    assert title is not None and title.startswith("Tiny & <Test> Game"), title
