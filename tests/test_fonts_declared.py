"""No fallback font and no straight quote in any output (issue 62): every font the five games' PDFs embed is one of the
families the game names in game.yaml's `fonts` (body, title, a `symbols` family for the signs its text fonts lack) or
the condensed face titles switch to; none comes from fonts.yaml's fallback (DejaVu Sans drew '≥' on Police Precinct's
reference), and every one is embedded. Every quote and apostrophe printed is typographic (the boards' assembly map
said "page's"). Read from the builds every file shares (conftest.shared_build): Letter, A4 and the German edition of
Organ Match. Text is read through pdfium (tests/pdftext.py), in this process."""
from __future__ import annotations

import functools
from pathlib import Path

import yaml
from conftest import ROOT
from pdftext import page_texts
from reportlab.pdfbase.ttfonts import TTFontFile

from pnp.core.assets import BUNDLED_FONTS

FONTS = yaml.safe_load((BUNDLED_FONTS / "fonts.yaml").read_text(encoding="utf-8"))


@functools.cache
def postscript_names(family: str) -> frozenset[str]:
    """The PostScript names of a bundled family's files: what a PDF names the fonts it embeds from them (each family's
    files parsed once: every game and build asks)."""
    return frozenset(TTFontFile(str(BUNDLED_FONTS / path)).name.decode() for path in FONTS["families"][family].values())


def declared(game: str) -> set[str]:
    roles = yaml.safe_load((ROOT / "data" / game / "game.yaml").read_text(encoding="utf-8"))["fonts"]
    families = {*roles.values(), roles.get("condensed", FONTS["condensed"])}
    return set().union(*(postscript_names(f) for f in families))


def embedded(pdf: Path) -> list[tuple[str, bool]]:
    """(font name without its subset tag, embedded?) of every font object the pages and their forms use, each once: what
    `pdffonts` lists, read in this process with pikepdf (the same fonts and flags on the 81 PDFs of the Letter, A4 and
    German builds, at a tenth of the CPU of a pdffonts process per PDF). A composite font's file is its descendant's; a
    Type 3 font's glyphs are the PDF's own."""
    import pikepdf
    from pdfread import resource_dicts

    found, seen = [], set()
    with pikepdf.open(pdf) as doc:
        for res in resource_dicts(doc):
            for font in (res.get("/Font") or {}).values():
                if font.objgen in seen and font.is_indirect:
                    continue
                seen.add(font.objgen)
                described = font.DescendantFonts[0] if font.get("/Subtype") == "/Type0" else font
                descriptor = described.get("/FontDescriptor")
                name = str(font.get("/BaseFont", "[none]")).lstrip("/")
                found.append((name.partition("+")[2] or name, font.get("/Subtype") == "/Type3" or (
                    descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")))))
    return found


def test_every_font_of_every_output_is_one_the_game_declares(shared_build):
    seen = 0
    for out in (shared_build(), shared_build("--paper", "a4"), shared_build("organ-match", "--lang", "de", "--strict")):
        for folder in sorted(p for p in out.iterdir() if (ROOT / "data" / p.name / "game.yaml").is_file()):
            allowed = declared(folder.name)
            for pdf in sorted(folder.glob("*.pdf")):
                for name, is_embedded in embedded(pdf):
                    seen += 1
                    assert is_embedded, f"{pdf.name}: {name} is not embedded"
                    assert name in allowed, f"{pdf.name}: {name} is not a font {folder.name} declares ({sorted(allowed)})"
    assert seen > 100


def test_every_quote_printed_is_typographic(shared_build):
    for out in (shared_build(), shared_build("--paper", "a4"), shared_build("organ-match", "--lang", "de", "--strict")):
        for pdf in sorted(out.glob("*/*.pdf")):
            text = "".join(page_texts(pdf))  # pdfium: the characters pdftotext reads, from the same ToUnicode maps (tests/pdftext.py), in-process
            straight = [line for line in text.splitlines() if "'" in line or '"' in line]
            assert not straight, f"{pdf.name}: {straight[:3]}"


def test_the_fallback_families_are_not_what_the_games_declare():
    """The check above could not pass by declaring the fallback itself: DejaVu Sans, the last resort, is no game's."""
    dejavu = postscript_names("dejavu-sans")
    assert all(not dejavu & declared(game) for game in ("germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct"))


def test_a_games_symbols_font_draws_the_signs_its_text_fonts_lack(project):
    """The tiny game's '→' (which Noto Sans lacks) comes from fonts.yaml's fallback until the game names a `symbols`
    family; then from that family."""
    from conftest import run_pnp

    assert run_pnp(project, "build", "tiny", "--only", "cards").exit_code == 0
    names = {name for name, _ in embedded(project / "output/tiny/tiny-cards.pdf")}
    assert "NotoSansSymbols-Regular" in names and "DejaVuSans" not in names
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  title: comfortaa\n", "  title: comfortaa\n  symbols: dejavu-sans\n", 1), encoding="utf-8")
    assert run_pnp(project, "build", "tiny", "--only", "cards").exit_code == 0
    names = {name for name, _ in embedded(project / "output/tiny/tiny-cards.pdf")}
    assert "DejaVuSans" in names and "NotoSansSymbols-Regular" not in names


def test_each_role_a_game_names_prints_in_its_family(project):
    """game.yaml's `fonts:` reaches the print: the tiny game names Comfortaa for its titles, so a hero's name is set in
    one of Comfortaa's files and its rules text in Noto Sans, the body the game names."""
    import pdfplumber
    from conftest import run_pnp

    result = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        chars = pdf.pages[0].chars

    def fonts_of(word: str) -> set[str]:
        text = "".join(c["text"] for c in chars)
        start = text.index(word)
        return {c["fontname"].partition("+")[2] for c in chars[start : start + len(word)]}

    assert fonts_of("Rogue") <= postscript_names("comfortaa") and fonts_of("Rogue")
    assert fonts_of("Steal") <= postscript_names("noto-sans") and fonts_of("Steal")
