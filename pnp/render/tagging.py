"""Tagged PDF: a structure tree for a document laid out by Platypus (the rulebook), so a screen reader reads its
headings, paragraphs, lists, tables and figures in order, and a reflowing reader can lay them out again.

reportlab has no tagging API. What tagging needs is small and written here, in one pass, with the page content:
each block, as it draws, opens its structure element (`element`) and wraps what it draws in a marked-content
sequence with the next MCID of the page (`content`: `/P <</MCID 3>> BDC … EMC`); what only decorates (stripes,
rules, running heads, page numbers) is an `/Artifact`. The canvas owns one `Tagger`; when the document is saved,
`Tagger.write` adds the structure elements, the parent tree, `/StructParents` on each page and, in the catalog,
`/MarkInfo`, `/StructTreeRoot`, `/Lang` and `/ViewerPreferences /DisplayDocTitle`. Written with the page content and
from it alone, a tagged PDF is as byte-identical as an untagged one; a post-process (pikepdf) would rewrite the whole
file with a second PDF library, and still need the marks drawn here. A canvas with no tagger (the folded booklet,
whose pages are forms on sheets; every other PDF pnp writes) draws exactly what it drew before.

Platypus splits a paragraph, a list item or a table across pages: each part carries the `key` of the whole, and
opening a known key reopens its element, so a split paragraph is one `P` with marked content on two pages.
"""
from __future__ import annotations

from contextlib import contextmanager

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString

from pnp.layout import rl
from pnp.layout.markup import spoken_name


class StructElem:
    """One structure element: its standard type (`H1`, `P`, `LI`, `Table`, `Figure`…), its kids (elements, or
    (page, MCID) of marked content) and what a reader needs beside the text: `alt` for a figure, `attrs` (a table
    header cell's scope). A plain class: only a tagged document (the rulebook, the reference) makes one, and a dataclass's methods are
    compiled from text in every process that defines it."""

    __slots__ = ("alt", "attrs", "kids", "parent", "role")

    def __init__(self, role: str, parent: StructElem | None = None, alt: str | None = None, attrs: dict | None = None):
        self.role = role
        self.parent = parent
        self.kids: list = []
        self.alt = alt
        self.attrs = attrs


class Tagger:
    """The structure tree of one document as its pages are drawn, and its writing into the PDF when saved."""

    def __init__(self, lang: str):
        self.lang = lang
        self.root = StructElem("Document")
        self.open: list[StructElem] = [self.root]  # the element new kids go into is the last
        self.keyed: dict = {}
        self.marked: dict[int, list[StructElem]] = {}  # page number → the element of each MCID on it, by MCID
        self.in_content = 0

    def enter(self, role: str, key=None, alt: str | None = None, attrs: dict | None = None) -> StructElem:
        """Open an element under the one open (or reopen the one made for `key`)."""
        elem = self.keyed.get(key) if key is not None else None
        if elem is None:
            elem = StructElem(role, self.open[-1], alt=alt, attrs=attrs)
            self.open[-1].kids.append(elem)
            if key is not None:
                self.keyed[key] = elem
        self.open.append(elem)
        return elem

    def leave(self) -> None:
        self.open.pop()

    def mark(self, page: int, elem: StructElem) -> int:
        """The next MCID of `page`, now `elem`'s."""
        on_page = self.marked.setdefault(page, [])
        on_page.append(elem)
        elem.kids.append((page, len(on_page) - 1))
        return len(on_page) - 1

    def write(self, canv) -> None:
        """Add the structure tree to the canvas's document (call once every page is shown, before saving)."""
        doc = rl.document(canv)
        elems = list(_walk(self.root))
        dicts = {id(e): PDFDictionary({}) for e in elems}
        tree_root = PDFDictionary({})
        root_ref = doc.Reference(tree_root)
        refs = {id(e): doc.Reference(dicts[id(e)]) for e in elems}
        for e in elems:
            d = {"Type": PDFName("StructElem"), "S": PDFName(e.role), "P": refs[id(e.parent)] if e.parent else root_ref}
            pages = [k[0] for k in e.kids if isinstance(k, tuple)]
            if pages:
                d["Pg"] = rl.page_ref(canv, pages[0])
            d["K"] = PDFArray([_kid(canv, k, pages[0] if pages else 0, refs) for k in e.kids])
            if e.alt is not None:
                d["Alt"] = PDFString(e.alt)
            if e.attrs:
                d["A"] = PDFDictionary({k: PDFName(v) for k, v in e.attrs.items()})
            dicts[id(e)].dict.update(d)
        nums = []
        for page in range(1, rl.pages_shown(canv) + 1):
            nums += [page - 1, PDFArray([refs[id(e)] for e in self.marked.get(page, [])])]
        parent_tree = doc.Reference(PDFDictionary({"Nums": PDFArray(nums)}))
        tree_root.dict.update({"Type": PDFName("StructTreeRoot"), "K": refs[id(self.root)], "ParentTree": parent_tree,
                               "ParentTreeNextKey": rl.pages_shown(canv)})
        rl.catalog_entries(canv, StructTreeRoot=root_ref, MarkInfo=PDFDictionary({"Marked": "true"}), Lang=PDFString(self.lang),
                           Metadata=doc.Reference(metadata_stream(doc.info.title or "", self.lang)))
        canv.setViewerPreference("DisplayDocTitle", "true")  # a reader's window names the rules, not the file


# The XMP packet a PDF/UA reader and checker look for (ISO 14289-1, 5: `pdfuaid:part`; 7.1: the title in `dc:title`),
# with the language the structure tree's /Lang gives. No date or id: the same rules give the same bytes.
XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>
   <pdf:Producer>pnp</pdf:Producer>
   <pdfuaid:part>1</pdfuaid:part>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def metadata_stream(title: str, lang: str) -> PDFStream:
    """The catalog's /Metadata: the XMP packet, uncompressed (as PDF/A and PDF/UA checkers read it)."""
    from xml.sax.saxutils import escape

    packet = XMP.format(title=escape(title), lang=escape(lang)).encode("utf-8")
    return PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}), packet, filters=[])


def _kid(canv, kid, first_page: int, refs: dict):
    if isinstance(kid, StructElem):
        return refs[id(kid)]
    page, mcid = kid
    if page == first_page:
        return mcid
    return PDFDictionary({"Type": PDFName("MCR"), "Pg": rl.page_ref(canv, page), "MCID": mcid})


def _walk(elem: StructElem):
    yield elem
    for kid in elem.kids:
        if isinstance(kid, StructElem):
            yield from _walk(kid)


class TaggedCanvas:
    """A canvas mixin that keeps a structure tree: `pnp_lang` (the edition's language) set on the class makes one."""

    pnp_lang = "en"

    def __init__(self, *args, **kwargs):
        self.pnp_tagger = Tagger(self.pnp_lang)
        super().__init__(*args, **kwargs)

    def showPage(self):
        page = self.getPageNumber()
        super().showPage()
        rl.page_entries(self, StructParents=page - 1, Tabs=PDFName("S"))  # tab order follows the structure

    def save(self):
        if rl.emitted(self):
            self.showPage()
        self.pnp_tagger.write(self)
        super().save()


def tagger_of(canv) -> Tagger | None:
    return getattr(canv, "pnp_tagger", None)


@contextmanager
def element(canv, role: str | None, key=None, alt: str | None = None, attrs: dict | None = None):
    """Draw inside a structure element that holds other elements (`L`, `LI`, `Table`, `TR`, `BlockQuote`); a
    `role` of None (a box that only keeps blocks together) adds none."""
    tagger = tagger_of(canv)
    if tagger is None or role is None or tagger.in_content:
        yield
        return
    tagger.enter(role, key, alt, attrs)
    try:
        yield
    finally:
        tagger.leave()


@contextmanager
def content(canv, role: str, key=None, alt: str | None = None, attrs: dict | None = None):
    """Draw the content of a structure element (`P`, `H2`, `TD`, `Figure`…): a marked-content sequence with its MCID.
    Inside another's content it adds nothing: marked content with MCIDs never nests."""
    tagger = tagger_of(canv)
    if tagger is None or tagger.in_content:
        yield
        return
    elem = tagger.enter(role, key, alt, attrs)
    mcid = tagger.mark(canv.getPageNumber(), elem)
    rl.emit(canv, f"/{role} <</MCID {mcid}>> BDC")
    tagger.in_content += 1
    try:
        yield
    finally:
        tagger.in_content -= 1
        rl.emit(canv, "EMC")
        tagger.leave()


def spoken(canv, icon: str) -> str | None:
    """The operator that opens an inline icon's words for a reader (`/Span <</ActualText (star)>> BDC`: its name), when
    it is drawn inside an element's content on a tagged canvas; else None, and nothing changes."""
    tagger = tagger_of(canv)
    if tagger is None or not tagger.in_content:
        return None
    words = spoken_name(icon)
    return f"/Span <</ActualText {PDFString(words).format(rl.document(canv)).decode('latin-1')}>> BDC"


@contextmanager
def untagged(canv):
    """Draw with no structure (a form XObject's content: marked-content ids belong to pages)."""
    tagger = tagger_of(canv)
    if tagger is None:
        yield
        return
    tagger.in_content += 1
    try:
        yield
    finally:
        tagger.in_content -= 1


@contextmanager
def artifact(canv):
    """Draw what is not content (a stripe, a rule, a running head, a page number): a reader skips it."""
    tagger = tagger_of(canv)
    if tagger is None:
        yield
        return
    rl.emit(canv, "/Artifact BMC")
    try:
        yield
    finally:
        rl.emit(canv, "EMC")
