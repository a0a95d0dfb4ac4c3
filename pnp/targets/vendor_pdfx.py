"""Text as outlines and the PDF/X-4 marks, for a print service that asks for both (MBPrint's file preparation page).

pnp draws its PDFs with embedded TrueType fonts. A shop that takes no fonts
gets the same pages with every glyph turned into a filled path, still vector, by
Ghostscript's pdfwrite (`-dNoOutputFonts`), colours left as drawn. The file is
then marked PDF/X-4: GTS_PDFXVersion in its document info and in its XMP
metadata, and the output intent of the vendor's printing condition. The page
boxes are copied back from the file pnp drew, and every date and identifier is
fixed, so the same game gives the same bytes.

What is checked of such a file is in pnp.targets.vendor_preflight
(`small_text_findings` on the file before outlining, `pdfx4_findings` after).
"""
from __future__ import annotations

import hashlib
import io
import shutil
import subprocess
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from pnp.core.errors import Finding, Loc, error

GHOSTSCRIPTS = ("gs", "gswin64c", "gswin32c")  # its command on Linux and macOS, on Windows
FIXED_DATE = ("D:20000101000000+00'00'", "2000-01-01T00:00:00Z")  # reportlab's invariant date, in the Info and the XMP forms
PDFX4 = "PDF/X-4"


def ghostscript() -> str | None:
    """Ghostscript's command on this machine, or None."""
    return next((found for name in GHOSTSCRIPTS if (found := shutil.which(name))), None)


def outlined_pdfx4(source: bytes | str, title: str, condition: tuple[str, str], at: Loc) -> tuple[bytes | None, list[Finding]]:
    """(the PDF `source`, its bytes or its file's path, with its text as outlines, marked PDF/X-4 for `condition`:
    registered name, its description; the error at `at`, a place in the designer's files, when Ghostscript is missing
    or fails, and None)."""
    gs = ghostscript()
    if gs is None:
        return None, [error("vendor-outlines", "this print service asks for text as outlines, which pnp makes with Ghostscript: install "
                              "it (the `gs` command: apt install ghostscript, brew install ghostscript, or ghostscript.com) and export again",
                              at)]
    with tempfile.TemporaryDirectory(prefix="pnp-outlines-") as tmp:
        given = Path(source) if isinstance(source, str) else Path(tmp) / "in.pdf"
        if not isinstance(source, str):
            given.write_bytes(source)
        out = Path(tmp) / "out.pdf"
        run = subprocess.run([gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dNoOutputFonts", "-dCompatibilityLevel=1.6",
                              "-sColorConversionStrategy=LeaveColorUnchanged", "-dAutoRotatePages=/None", f"-sOutputFile={out}", str(given)],
                             stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False)  # never the user's terminal
        if run.returncode != 0 or not out.is_file():
            return None, [error("vendor-outlines", f"Ghostscript could not turn the text of the shop's file into outlines "
                                f"({(run.stderr or run.stdout).strip()[:200]}): update Ghostscript and export again", at)]
        return _marked(out.read_bytes(), given, title, condition), []


def _marked(outlined: bytes, drawn: Path, title: str, condition: tuple[str, str]) -> bytes:
    """`outlined` with the page boxes of the file pnp `drawn`, and PDF/X-4's info, XMP and output intent."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject, DictionaryObject, NameObject, StreamObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(outlined)))
    writer.pdf_header = b"%PDF-1.6"  # PDF/X-4 is built on PDF 1.6
    for page, original in zip(writer.pages, PdfReader(drawn).pages, strict=True):
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            if box in original:
                page[NameObject(box)] = ArrayObject(original[box])
    digest = hashlib.sha256(drawn.read_bytes()).hexdigest()  # of the file pnp drew: Ghostscript's own carries today's date
    writer._info = None  # Ghostscript's own info (its name, today's date) gives way to the fixed one below
    writer.add_metadata({"/Title": title, "/Creator": "pnp", "/Producer": "pnp", "/GTS_PDFXVersion": PDFX4,
                         "/CreationDate": FIXED_DATE[0], "/ModDate": FIXED_DATE[0]})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    xmp = StreamObject()
    xmp.set_data(_xmp(title, digest).encode("utf-8"))
    xmp.update({NameObject("/Type"): NameObject("/Metadata"), NameObject("/Subtype"): NameObject("/XML")})
    root = writer._root_object
    root[NameObject("/Metadata")] = writer._add_object(xmp)
    intent = DictionaryObject({NameObject("/Type"): NameObject("/OutputIntent"), NameObject("/S"): NameObject("/GTS_PDFX"),
                               NameObject("/OutputConditionIdentifier"): TextStringObject(condition[0]),
                               NameObject("/OutputCondition"): TextStringObject(condition[1]),
                               NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
                               NameObject("/Info"): TextStringObject(condition[1])})
    root[NameObject("/OutputIntents")] = ArrayObject([intent])
    ident = ByteStringObject(bytes.fromhex(digest[:32]))
    writer._ID = ArrayObject([ident, ident])
    writer.compress_identical_objects(remove_duplicates=False, remove_unreferenced=True)  # Ghostscript's dated info and XMP, now unused
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def _xmp(title: str, digest: str) -> str:
    """The XMP packet PDF/X-4 asks for: its version, the document's identity and dates (fixed), the title."""
    uuid = f"uuid:{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"
    date = FIXED_DATE[1]
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
            '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            '<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" '
            'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f'<pdfxid:GTS_PDFXVersion>{PDFX4}</pdfxid:GTS_PDFXVersion><pdf:Trapped>False</pdf:Trapped><pdf:Producer>pnp</pdf:Producer>'
            f'<xmp:CreatorTool>pnp</xmp:CreatorTool><xmp:CreateDate>{date}</xmp:CreateDate><xmp:ModifyDate>{date}</xmp:ModifyDate>'
            f'<xmp:MetadataDate>{date}</xmp:MetadataDate><xmpMM:DocumentID>{uuid}</xmpMM:DocumentID><xmpMM:InstanceID>{uuid}</xmpMM:InstanceID>'
            '<xmpMM:VersionID>1</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>'
            f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>'
            '</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>')
