"""Each picture decoded once a build (issue 74): the checks a face's pictures get (format, size, dpi, shape, a file
cut short) read the file's header and structure, and the pixels are unpacked once, when the picture is embedded.
A 600-dpi card's art took about 45 ms to decode; a deck of distinct art paid that twice a card.

Counted in this process with a spy on Pillow's decoding (ImageFile.load, when it has pixels left to unpack), on a
deck of two cards, each with a picture of its own size so each can be counted apart."""
from __future__ import annotations

import io
import struct
import zlib
from collections import Counter
from pathlib import Path

import pytest
from conftest import run_pnp
from PIL import Image, ImageFile

SIZES = ((120, 170), (130, 180))


def art_deck(root: Path, files: dict[str, bytes]) -> None:
    """A project whose one deck (`cards_from: art/`) has a card per file, each picture drawn to cover its card."""
    images = root / "data/art/decks/art"
    images.mkdir(parents=True)
    (root / "templates/art").mkdir(parents=True)
    (root / "data/art/game.yaml").write_text('title: Art\nplayers: {min: 1, max: 4}\npalette: {ink: "#222222"}\n')
    (root / "data/art/decks/art.yaml").write_text("name: Art\nsize: poker\nfront: art/front.j2\nback: art/back.j2\ncards_from: art/\nkeep_fields: [name]\n")
    (root / "templates/art/front.j2").write_text('{{ image(card.image, 0, 0, face.w, face.h, fit="cover") }}\n')
    (root / "templates/art/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')
    for name, data in files.items():
        (images / name).write_bytes(data)


def encoded(size: tuple[int, int], fmt: str = "PNG", colour=(200, 60, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, fmt)
    return out.getvalue()


@pytest.fixture
def decodes(monkeypatch):
    """A Counter of the pictures Pillow unpacks, by their size in pixels."""
    seen: Counter = Counter()
    load = ImageFile.ImageFile.load

    def spy(self):
        if self.tile:  # pixels still packed: this call decodes them
            seen[self.size] += 1
        return load(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", spy)
    return seen


@pytest.mark.parametrize("args", [("build", "art", "--only", "cards", "-q"), ("build", "art", "--only", "cards", "-q", "--bleed"),
                                  ("export", "art", "--format", "pod", "--no-validate")], ids=["build", "bleed", "pod"])
def test_each_picture_of_a_build_is_decoded_once(tmp_path, decodes, args):
    """A build, a build with bleed (the pictures' own pixels padded) and print-on-demand PDFs (each picture turned to
    CMYK first)."""
    art_deck(tmp_path, {f"card-{i}.png": encoded(size) for i, size in enumerate(SIZES)})
    result = run_pnp(tmp_path, *args)
    assert result.exit_code == 0, result.output + result.stderr
    pdfs = [path.read_bytes() for path in (tmp_path / "output/art").rglob("*.pdf")]
    assert sum(pdf.count(b"/Subtype /Image") for pdf in pdfs) == len(SIZES)
    assert {size: decodes[size] for size in SIZES} == {size: 1 for size in SIZES}


def test_a_jpeg_is_decoded_once_and_validate_decodes_none(tmp_path, decodes):
    """A JPEG's pixels are unpacked once in a build (reportlab names the picture by them), and never by `validate`,
    whose checks need only what the header and the file's structure say."""
    art_deck(tmp_path, {f"card-{i}.jpg": encoded(size, "JPEG") for i, size in enumerate(SIZES)})
    result = run_pnp(tmp_path, "validate", "art")
    assert result.exit_code == 0, result.output + result.stderr
    assert not any(decodes[size] for size in SIZES), decodes
    result = run_pnp(tmp_path, "build", "art", "--only", "cards", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    assert {size: decodes[size] for size in SIZES} == {size: 1 for size in SIZES}


def _crc_valid_but_garbled(png: bytes) -> bytes:
    """A PNG whose compressed pixels are garbage with every chunk's checksum right: its structure reads whole, its
    pixels do not unpack."""
    start = png.index(b"IDAT") - 4
    length = struct.unpack(">I", png[start:start + 4])[0]
    garbage = bytes((b * 37 + 11) & 0xFF for b in range(length))
    chunk = struct.pack(">I", length) + b"IDAT" + garbage + struct.pack(">I", zlib.crc32(b"IDAT" + garbage))
    return png[:start] + chunk + png[start + 12 + length:]


def test_a_picture_whose_pixels_do_not_unpack_is_a_finding_at_its_file(tmp_path, monkeypatch):
    """Nothing but its pixels is wrong, so only the one decode (for embedding) meets it: one error at its file, which
    `pnp` prints as it prints every finding (exit 1), not an internal error; run in the project's folder, the file is
    named from there, as the designer's editor opens it."""
    from pnp.core.errors import PnpError

    monkeypatch.chdir(tmp_path)
    art_deck(tmp_path, {"card-0.png": encoded(SIZES[0]), "card-1.png": _crc_valid_but_garbled(encoded(SIZES[1]))})
    with pytest.raises(PnpError, match=r"card-1\.png.*cannot be read \(") as raised:
        run_pnp(tmp_path, "build", "art", "--only", "cards", "-q")
    [finding] = raised.value.findings
    assert finding.severity == "error" and finding.loc.path == "data/art/decks/art/card-1.png", finding
    assert "cannot be read (" in finding.message and finding.message.endswith(": re-export it"), finding
    assert "identity=" not in finding.message and "ImageReader" not in finding.message, finding


@pytest.mark.parametrize("fmt, cut", [("PNG", 200), ("JPEG", 2), ("JPEG", 300), ("WEBP", 40)])
def test_a_file_cut_short_is_refused_by_the_checks_without_decoding_it(decodes, fmt, cut):
    """The end of a PNG's chunks and a JPEG's end marker are read, not its pixels; a WebP cut short Pillow refuses as it opens it."""
    from pnp.core.pixels import ImageRefused, checked_size

    data = encoded((300, 200), fmt)
    assert checked_size(io.BytesIO(data), "image 'a'", whole=False) == (300, 200)
    with pytest.raises(ImageRefused, match="cannot be read"):
        checked_size(io.BytesIO(data[:-cut]), "image 'a'", whole=False)
    assert not decodes


def _with_exif_thumbnail(jpeg: bytes, thumbnail: bytes) -> bytes:
    """`jpeg` as a camera or phone saves it: an APP1 Exif segment after its start marker, whose second IFD holds a
    small JPEG preview (JPEGInterchangeFormat and its length, tags 0x0201 and 0x0202 of the Exif standard), end marker
    and all, before the picture's own scan."""
    ifd0 = struct.pack("<HI", 0, 18)  # no entries; the next IFD (the thumbnail's) at byte 18 of the TIFF block
    ifd1 = struct.pack("<H", 2) + struct.pack("<HHII", 0x0201, 4, 1, 48) + struct.pack("<HHII", 0x0202, 4, 1, len(thumbnail)) + struct.pack("<I", 0)
    tiff = b"II*\x00" + struct.pack("<I", 8) + ifd0 + ifd1
    tiff += bytes(48 - len(tiff)) + thumbnail
    payload = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def test_a_phones_jpeg_cut_short_is_refused_though_its_preview_ends_whole(decodes):
    """A photo's Exif preview is a JPEG of its own, end marker included, before the photo's scan: the end that counts is
    the one after the scan, so the photo cut short is refused."""
    from pnp.core.pixels import ImageRefused, checked_size

    photo = _with_exif_thumbnail(encoded((300, 200), "JPEG"), encoded((30, 20), "JPEG"))
    assert checked_size(io.BytesIO(photo), "image 'a'", whole=False) == (300, 200)
    with pytest.raises(ImageRefused, match="cannot be read"):
        checked_size(io.BytesIO(photo[:-300]), "image 'a'", whole=False)
    assert not decodes


def test_a_transparent_pngs_see_through_parts_show_the_face_beneath_it(tmp_path):
    """A PNG whose margin is see-through, drawn over a face filled yellow (#ffcc00), prints that yellow around its
    opaque blue middle, not a solid box around the art hiding the face."""
    import pypdfium2 as pdfium

    art = Image.new("RGBA", SIZES[0], (0, 0, 0, 0))
    art.paste((20, 40, 200, 255), (40, 60, 80, 110))
    out = io.BytesIO()
    art.save(out, "PNG")
    art_deck(tmp_path, {"a.png": out.getvalue()})
    (tmp_path / "templates/art/front.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#ffcc00") }}\n'
                                                     '{{ image(card.image, 0, 0, face.w, face.h, fit="cover") }}\n')
    result = run_pnp(tmp_path, "build", "art", "--only", "cards", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    fronts = pdfium.PdfDocument(tmp_path / "output/art/art-cards.pdf")[0].render(scale=20 / 72).to_pil().convert("RGB")
    shown = {colour: count for count, colour in fronts.getcolors(1 << 16)}
    assert shown.get((255, 204, 0), 0) > 5 * shown.get((20, 40, 200), 0) > 0
