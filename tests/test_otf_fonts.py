"""OpenType fonts with PostScript (CFF) outlines (issue #78): a designer's .otf is converted to TrueType outlines when
read (pnp.data.otf), then embedded and subset as a .ttf is. The font under test is URW Gothic Book, a CFF .otf from
the URW base 35 fonts (tests/otf/LICENSE.txt). reportlab alone refuses it ("postscript outlines are not supported").
And a declared font no role uses never stops a build: a file of it that cannot be read is a warning at its line; a
variable .otf is one, saying to use a static instance."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from conftest import run_pnp
from pdftext import page_texts

OTF = Path(__file__).parent / "otf" / "URWGothic-Book.otf"


def _declare(project: Path, roles: bool) -> None:
    """The .otf as the project's family 'gothic'; with `roles`, the tiny game's body and title are set in it."""
    (project / "fonts").mkdir(exist_ok=True)
    shutil.copy(OTF, project / "fonts" / OTF.name)
    (project / "fonts/fonts.yaml").write_text(f"families:\n  gothic:\n    regular: {OTF.name}\n", encoding="utf-8")
    if roles:
        game = project / "data/tiny/game.yaml"
        text = game.read_text(encoding="utf-8").replace("  body: noto-sans\n  title: comfortaa\n", "  body: gothic\n  title: gothic\n", 1)
        assert "body: gothic" in text
        game.write_text(text, encoding="utf-8")


def test_the_font_under_test_is_cff():
    assert OTF.read_bytes()[:4] == b"OTTO" and b"CFF " in OTF.read_bytes()[:400]


def test_a_game_set_in_a_cff_font_builds_embeds_it_and_its_text_reads_back(project):
    _declare(project, roles=True)
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = project / "output/tiny/tiny-cards.pdf"
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    gothic = [line.split() for line in lines if "URWGothic-Book" in line]
    assert gothic, lines
    # type TrueType, embedded, subset, with a ToUnicode map: pdffonts' emb, sub and uni columns
    assert all(cols[1] == "TrueType" and cols[-5:-2] == ["yes", "yes", "yes"] for cols in gothic), gothic
    text = "".join(page_texts(pdf))
    for name in ("Knight", "AT&T Agent", "Rogue", "Mage", "Twin", "Look at the top three cards"):
        assert name in text, name


def test_a_declared_cff_font_no_role_uses_stops_nothing(project):
    _declare(project, roles=False)
    result = run_pnp(project, "validate", "--format", "json")
    assert not [f for f in json.loads(result.output) if f["code"] == "font-file"], result.output
    assert run_pnp(project, "build", "tiny", "--only", "cards").exit_code == 0


def test_each_converted_outline_is_the_cff_outline():
    """Every character's outline keeps its box (within 2 font units: the cubic-to-quadratic tolerance is 1) and its
    advance: the font prints the letters it was drawn with."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from pnp.data.otf import truetype_source

    cff = TTFont(str(OTF))
    ttf = TTFont(truetype_source(OTF))
    assert "glyf" in ttf and "CFF " not in ttf and ttf.sfntVersion == "\x00\x01\x00\x00"
    before, after = cff.getGlyphSet(), ttf.getGlyphSet()
    checked = 0
    for code, name in cff.getBestCmap().items():
        if 32 < code < 0x250:
            box = []
            for glyphs in (before, after):
                pen = BoundsPen(glyphs)
                glyphs[name].draw(pen)
                box.append(pen.bounds)
            assert (box[0] is None) == (box[1] is None), name
            if box[0]:
                assert max(abs(a - b) for a, b in zip(box[0], box[1], strict=True)) <= 2, (name, box)
            assert before[name].width == after[name].width, name
            checked += 1
    assert checked > 150


def test_each_converted_curve_stays_within_one_font_unit_of_the_designers_curve():
    """The quadratic curves a CFF .otf is converted to stray at most one font unit from its cubic ones (pnp.data.otf,
    as fontTools' otf2ttf recipe promises): every point of the round letters O, S, a, e, g and 8 as printed lies within
    1 unit (plus 0.1 for the sampling here) of the outline the designer drew, not just their boxes."""
    from itertools import pairwise

    import numpy as np
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    from pnp.data.otf import truetype_source

    def bezier(points, t):  # points at parameters t of the Bézier curves with control points `points` (..., n, 2)
        p = [points[..., i, :] for i in range(points.shape[-2])]
        while len(p) > 1:
            p = [a * (1 - t[..., None]) + b * t[..., None] for a, b in pairwise(p)]
        return p[0]

    def curves(glyphs, name, kind):  # each curve of a glyph's outline, a TrueType curve's implied on-curve points made explicit
        pen = RecordingPen()
        glyphs[name].draw(pen)
        out, cur = [], None
        for op, args in pen.value:
            if op == kind == "curveTo":
                out.append((cur, *args))
            elif op == kind == "qCurveTo":
                offs = args[:-1]
                for i, off in enumerate(offs):
                    end = args[-1] if i == len(offs) - 1 else tuple(np.add(off, offs[i + 1]) / 2)
                    out.append((cur, off, end))
                    cur = end
            if args:
                cur = args[-1]
        return np.array(out, float)

    cff, ttf = TTFont(str(OTF)), TTFont(truetype_source(OTF))
    cmap = cff.getBestCmap()
    for letter in "OSaeg8":
        cubic, quadratic = curves(cff.getGlyphSet(), cmap[ord(letter)], "curveTo"), curves(ttf.getGlyphSet(), cmap[ord(letter)], "qCurveTo")
        printed = bezier(quadratic[:, None], np.linspace(0, 1, 17)[None, :]).reshape(-1, 2)
        t = np.linspace(0, 1, 129)
        drawn = bezier(cubic[:, None], t[None, :])
        coarse = np.hypot(printed[:, None, None, 0] - drawn[None, ..., 0], printed[:, None, None, 1] - drawn[None, ..., 1])
        curve, k = np.divmod(coarse.reshape(len(printed), -1).argmin(1), len(t))
        near = bezier(cubic[curve][:, None], np.clip(t[k][:, None] + np.linspace(-1 / 128, 1 / 128, 65)[None, :], 0, 1))
        assert np.hypot(*(near - printed[:, None, :]).transpose(2, 0, 1)).min(1).max() <= 1.1, letter


def test_the_same_file_converts_to_the_same_bytes():
    """Two conversions of one file, each under a digest no earlier read used (so neither is a kept copy of the other),
    give the same TrueType bytes."""
    from pnp.data.otf import truetype_source

    assert truetype_source(OTF, "probe-first").getvalue() == truetype_source(OTF, "probe-second").getvalue()


def test_a_damaged_font_no_role_uses_is_a_located_warning_and_the_game_builds(project):
    _declare(project, roles=False)
    (project / "fonts" / OTF.name).write_bytes(OTF.read_bytes()[:5000])  # cut short, as by a broken download
    result = run_pnp(project, "validate", "--format", "json")
    said = [f for f in json.loads(result.output) if f["code"] == "font-file"]
    assert said and all(f["severity"] == "warning" for f in said), result.output
    assert said[0]["file"].endswith("fonts/fonts.yaml") and said[0]["line"] == 3 and "gothic" in said[0]["message"]
    built = run_pnp(project, "build", "tiny", "--only", "cards")
    assert built.exit_code == 0, built.output + built.stderr
    # a role that names it: the game is stopped, at the same line
    _declare(project, roles=True)
    (project / "fonts" / OTF.name).write_bytes(OTF.read_bytes()[:5000])
    result = run_pnp(project, "validate", "--format", "json")
    said = [f for f in json.loads(result.output) if f["code"] == "font-file"]
    assert result.exit_code == 1 and said and said[0]["severity"] == "error" and said[0]["line"] == 3, result.output


def _signed_area(points) -> float:
    """The shoelace area of a closed contour, y up: negative when it runs clockwise."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True)) / 2


def test_the_converted_font_is_truetype_as_the_spec_writes_it():
    """The OpenType spec's TrueType outlines: each glyph's outer contour runs clockwise (PostScript's run the other way,
    so a conversion that keeps their direction prints the same shapes but hints and strokes them inside out); `hmtx`
    gives each glyph's left side bearing as its outline's xMin; and `post` format 2 keeps the glyph names (a PDF reader
    maps a ligature or a dingbat back to its text by them)."""
    from fontTools.ttLib import TTFont

    from pnp.data.otf import truetype_source

    cff = TTFont(str(OTF))
    ttf = TTFont(truetype_source(OTF))
    glyf, hmtx = ttf["glyf"], ttf["hmtx"]
    outer = []
    for code in (ord(c) for c in "OoDBQa8"):
        coords, ends, _ = glyf[ttf.getBestCmap()[code]].getCoordinates(glyf)
        starts = [0, *(e + 1 for e in ends[:-1])]
        areas = [_signed_area(list(coords[s : e + 1])) for s, e in zip(starts, ends, strict=True)]
        outer.append(max(areas, key=abs))
    assert all(area < 0 for area in outer), outer
    drawn = [name for name in ttf.getGlyphOrder() if glyf[name].numberOfContours]
    assert len(drawn) > 150 and all(hmtx[name][1] == glyf[name].xMin for name in drawn)
    assert ttf.reader["post"][:4] == b"\x00\x02\x00\x00" and ttf.getGlyphOrder() == cff.getGlyphOrder()  # version 2.0, as written


def _variable_otf(path: Path, axes: bool = True) -> None:
    """A variable OpenType font as the spec has them with PostScript outlines: a CFF2 table and a weight axis (fvar),
    written by fontTools' FontBuilder; one glyph, 'A'. Without `axes`, a static font whose outlines are CFF2's."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    outlines = {}
    for name, points in ((".notdef", [(50, 0), (450, 0), (450, 700), (50, 700)]), ("A", [(100, 0), (500, 0), (300, 700)])):
        pen = T2CharStringPen(None, None, CFF2=True)
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
        outlines[name] = pen.getCharString()
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    fb.setupCFF2(outlines)
    fb.setupHorizontalMetrics({".notdef": (500, 50), "A": (600, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Weighty", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    if axes:
        fb.setupFvar([("wght", 100, 400, 900, "Weight")], [])
    fb.save(str(path))


def test_a_variable_otf_is_refused_saying_to_use_a_static_instance(project):
    """pnp reads static fonts only: a variable .otf is one finding at its line that says it is variable and to use
    one of its static instances, not that it is damaged and to download it again (a warning here: no role uses it)."""
    (project / "fonts").mkdir()
    _variable_otf(project / "fonts/Weighty.otf")
    (project / "fonts/fonts.yaml").write_text("families:\n  weighty:\n    regular: Weighty.otf\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.output.splitlines() if "Weighty.otf" in line]
    assert said == ["fonts/fonts.yaml:3:14: warning: font file 'Weighty.otf' of family 'weighty' (regular) is a variable font, which pnp "
                    "does not read yet: use one of its static instances (no font role uses family 'weighty': it is left out)"], result.output


def test_a_static_cff2_otf_is_one_finding_saying_to_use_a_ttf_or_a_cff_otf(project):
    """An .otf whose outlines are in a CFF2 table (OpenType 1.8's, which a static font may carry too) is not a CFF one
    pnp converts: one finding at its line, saying what it is and what to use instead, not a damaged file to download again."""
    (project / "fonts").mkdir()
    _variable_otf(project / "fonts/Flat.otf", axes=False)
    (project / "fonts/fonts.yaml").write_text("families:\n  flat:\n    regular: Flat.otf\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.output.splitlines() if "Flat.otf" in line]
    assert said == ["fonts/fonts.yaml:3:14: warning: font file 'Flat.otf' of family 'flat' (regular) has no CFF outlines pnp can convert "
                    "(CFF2?): use a .ttf or a static .otf (no font role uses family 'flat': it is left out)"], result.output + result.stderr
