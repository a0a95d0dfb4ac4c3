"""fonts.yaml, a project's own fonts (docs/data-format.md): a file it names must lie inside the project's fonts/ folder;
a family must name its regular style, which bold and italic fall back to; its `fallback` may name one of pnp's own
families as well as the families the file lists, and without one the file keeps pnp's; its `condensed` must name a family
one of them has; a font file may be as large as a CJK family's (20 MB a style) but not past 40 MB. Each refusal is
one located finding saying what to fix."""
from __future__ import annotations

import shutil
import subprocess

from conftest import ROOT, quick_findings, refusal, run_pnp


def test_fonts_yaml_naming_a_file_outside_fonts_is_refused(project, tmp_path):
    shutil.copytree(ROOT / "fonts", project / "fonts")
    outside = tmp_path / "outside.ttf"
    shutil.copy(ROOT / "fonts/noto/NotoSans-Regular.ttf", outside)
    spec = project / "fonts/fonts.yaml"
    relative = "../../outside.ttf"
    assert (spec.parent / relative).resolve() == outside.resolve()
    spec.write_text(spec.read_text(encoding="utf-8").replace("regular: noto/NotoSans-Regular.ttf", f"regular: {relative}"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    refusal(result, f"font file '{relative}' of family 'noto-sans' (regular) is outside the project's fonts/ folder", "fonts/fonts.yaml:5:")
    assert not (project / "output/tiny/tiny-cards.pdf").exists()


def test_a_font_family_without_a_regular_style_is_an_error_in_fonts_yaml(project):
    """Bold and italic fall back to a family's regular style, so a family that names no regular file is refused in
    fonts.yaml, saying to name it."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    bold: Mine.ttf\n", encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 1 and len(found) == 1, found
    assert found[0].startswith("fonts/fonts.yaml:2:3: error: ") and "family 'mine' has no regular style" in found[0], found


def test_fonts_yaml_may_name_one_of_pnps_own_families_as_its_fallback(project):
    """fonts.yaml's `fallback` names families pnp has or the file lists (the refusal says so): pnp's noto-sans is one."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\nfallback: [noto-sans]\n", encoding="utf-8")
    assert quick_findings(project) == (0, [])


def test_a_condensed_family_fonts_yaml_lacks_is_one_error_at_its_line(project):
    """`condensed` names the family a title too long for its line switches to: one neither pnp nor the file has is
    refused where it is written, with the family meant."""
    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\ncondensed: roboto-condenced\n", encoding="utf-8")
    assert quick_findings(project) == (1, [
        "fonts/fonts.yaml:4:12: error: condensed names 'roboto-condenced', which is no family here (did you mean 'roboto-condensed'?): "
        "use one of pnp's families or one this file lists"])


def test_a_font_file_of_a_cjk_familys_size_is_read_and_one_past_40_mb_is_refused(project):
    """A CJK family's style is about 20 MB (Noto Sans CJK): such a file is a font like any other. One past 40,000,000
    bytes is refused at its line, saying the limit and to use a subset (a warning here: no role uses it)."""
    (project / "fonts").mkdir()
    font = (ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes()
    for name, size in (("Wide.ttf", 20_000_000), ("Huge.ttf", 40_000_001)):
        with open(project / "fonts" / name, "wb") as f:
            f.write(font)
            f.truncate(size)  # the font's own tables, then zeros a reader never reaches
    (project / "fonts/fonts.yaml").write_text("families:\n  wide:\n    regular: Wide.ttf\n  huge:\n    regular: Huge.ttf\n", encoding="utf-8")
    assert quick_findings(project) == (0, [
        "fonts/fonts.yaml:5:14: warning: font file 'Huge.ttf' of family 'huge' (regular) is 40,000,001 bytes, over the 40,000,000 "
        "byte limit: use a subset of the font (no font role uses family 'huge': it is left out)"])


def test_a_fonts_yaml_without_a_fallback_keeps_pnps(project):
    """A project's fonts.yaml that names no `fallback` adds its families to pnp's and keeps pnp's fallback: the Rogue's
    '→', which Noto Sans lacks, still prints, from Noto Sans Symbols."""
    import pdfplumber

    (project / "fonts").mkdir()
    (project / "fonts/Mine.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  mine:\n    regular: Mine.ttf\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        arrows = [c["fontname"].partition("+")[2] for page in pdf.pages for c in page.chars if c["text"] == "→"]
    assert arrows and set(arrows) == {"NotoSansSymbols-Regular"}, arrows


def test_a_bold_word_in_a_script_the_text_font_lacks_prints_in_the_fallback_familys_bold(project):
    """The body font (Noto Sans) has no Hebrew: a Hebrew word is drawn from the fallback families, and a bold one from
    the bold face of the family that has it (pnp's fonts.yaml lists Noto Sans Hebrew with a bold), as the reader
    sees it, not the regular one beside it."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    text = heroes.read_text(encoding="utf-8")
    heroes.write_text(text.replace('text: "Draw **two** cards', 'text: "Draw **שתיים** שלום cards', 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    listed = subprocess.run(["pdffonts", str(project / "output/tiny/tiny-cards.pdf")], capture_output=True, text=True, check=True).stdout
    hebrew = sorted({line.split()[0].split("+")[-1] for line in listed.splitlines()[2:] if "Hebrew" in line})
    assert hebrew == ["NotoSansHebrew-Bold", "NotoSansHebrew-Regular"], listed


def test_a_broken_font_of_the_condensed_family_stops_every_game_though_no_role_names_it(project):
    """Any game's title too long for its line is set in the `condensed` family, whatever its font roles name: a damaged
    file of that family is an error for every game (not the warning of a family no role uses, left out), at its line."""
    (project / "fonts").mkdir()
    (project / "fonts/Narrow.ttf").write_bytes(b"not a font at all, a designer's download cut short" * 40)
    (project / "fonts/fonts.yaml").write_text("families:\n  narrow:\n    regular: Narrow.ttf\ncondensed: narrow\n", encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 1 and len(found) == 1, found
    assert found[0].startswith("fonts/fonts.yaml:3:14: error: font file 'Narrow.ttf' of family 'narrow' (regular) is not a usable font"), found


def _body_in_own_family(project, **files: str) -> None:
    """The tiny game's body text set in a family of the project's fonts.yaml, `mine`, each style (regular, italic) a copy
    of the pnp font file named."""
    (project / "fonts").mkdir(exist_ok=True)
    for style, source in files.items():
        (project / f"fonts/Mine-{style}.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto" / source).read_bytes())
    styles = "".join(f"    {style}: Mine-{style}.ttf\n" for style in files)
    (project / "fonts/fonts.yaml").write_text(f"families:\n  mine:\n{styles}", encoding="utf-8")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  body: noto-sans\n", "  body: mine\n"), encoding="utf-8")


def _faces_of(pdf_path, *words: str) -> dict[str, set[str]]:
    """The fonts (their names in the file, subset tag dropped) each of `words` prints in, anywhere in the PDF."""
    import pdfplumber

    found: dict[str, set[str]] = {word: set() for word in words}
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for word in page.extract_words(extra_attrs=["fontname"]):
                if word["text"] in found:
                    found[word["text"]].add(word["fontname"].partition("+")[2])
    return found


def test_a_familys_italic_file_prints_its_italic_words(project):
    """A family in fonts.yaml with an italic style: the AT&T Agent's `*Quokka*` prints from that file (Noto Serif
    Italic, as the file names itself), the word before it from the regular one."""
    _body_in_own_family(project, regular="NotoSerif-Regular.ttf", italic="NotoSerif-Italic.ttf")
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("Swap *one* card", "Swap *Quokka* card"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--cards", "att", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    assert _faces_of(project / "output/tiny/tiny-cards-att.pdf", "Quokka", "Swap") == {"Quokka": {"NotoSerif-Italic"}, "Swap": {"NotoSerif-Regular"}}


def test_bold_italic_words_of_a_family_without_a_bold_italic_print_from_its_bold_file(project):
    """A family with regular, bold and italic files but no bold-italic: a `***Quokka***` word prints from the bold file
    (Noto Serif Bold), the nearer face for a reader (docs/data-format.md's fonts: bold-italic falls back to bold, then
    italic), not from the italic one."""
    _body_in_own_family(project, regular="NotoSerif-Regular.ttf", bold="NotoSerif-Bold.ttf", italic="NotoSerif-Italic.ttf")
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("Swap *one* card", "Swap ***Quokka*** card"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--cards", "att", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    assert _faces_of(project / "output/tiny/tiny-cards-att.pdf", "Quokka") == {"Quokka": {"NotoSerif-Bold"}}


def test_a_projects_fonts_yaml_redefining_one_of_pnps_families_prints_from_the_projects_file(project):
    """A project's fonts.yaml may redefine a family pnp ships (pnp.layout.fonts.FontBook): `noto-sans`, the tiny game's
    body role, given a copy of Noto Serif Regular prints the body's words from that file, not from pnp's Noto Sans."""
    (project / "fonts").mkdir()
    (project / "fonts/Body.ttf").write_bytes((ROOT / "pnp/assets/fonts/noto/NotoSerif-Regular.ttf").read_bytes())
    (project / "fonts/fonts.yaml").write_text("families:\n  noto-sans:\n    regular: Body.ttf\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--cards", "att", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    assert _faces_of(project / "output/tiny/tiny-cards-att.pdf", "Swap") == {"Swap": {"NotoSerif-Regular"}}


def test_a_font_file_replaced_between_two_builds_of_one_process_prints_from_the_new_file(project):
    """`pnp serve` and `pnp watch` build again in the same process: a family's file replaced on disk (a designer
    trying another face under the same name) prints from its new bytes, not from the font the first build read."""
    _body_in_own_family(project, regular="NotoSerif-Regular.ttf")
    first = run_pnp(project, "build", "tiny", "--only", "cards", "--cards", "att", "--no-validate")
    assert first.exit_code == 0, first.output + first.stderr
    assert _faces_of(project / "output/tiny/tiny-cards-att.pdf", "Swap") == {"Swap": {"NotoSerif-Regular"}}
    _body_in_own_family(project, regular="NotoSans-Regular.ttf")
    second = run_pnp(project, "build", "tiny", "--only", "cards", "--cards", "att", "--no-validate")
    assert second.exit_code == 0, second.output + second.stderr
    assert _faces_of(project / "output/tiny/tiny-cards-att.pdf", "Swap") == {"Swap": {"NotoSans-Regular"}}
