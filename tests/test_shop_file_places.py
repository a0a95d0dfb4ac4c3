"""A shop's file that fails its own check is never written, so what the check finds is said at the designer's files: at
the line that declares the component the page prints (a deck's `size` line), naming the shop's file, the page and the
side it shows, and never at `output/...`, a file the designer does not have. A file the user hands to the check
directly keeps being named itself (tests/test_preflight_promises.py).

Expected values are DriveThruCards' rules and the tiny game's data, written out here: its page order is each copy's
back then its front, so the heroes deck (knight ×2, AT&T ×2, rogue ×3, mage ×3, twin ×2) prints the first mage's front
on page 16; `size: poker` is line 2, column 7 of heroes.yaml; a dark red (#400000, its red 64/255) is, with full
grey-component replacement, C 0, M 100, Y 100, K 74.9 %: 275 % of ink against the shop's 240 %. The tiny game is
exported in process, each test its own copy, the one deck only.
"""
from __future__ import annotations

from conftest import run_pnp

HEROES_SIZE = "data/tiny/decks/heroes.yaml:2:7"  # `size: poker`, the deck's declaration


def _errors(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": error: " in line]


def _past_the_limit(monkeypatch) -> None:
    """The shop's file drawn with its colours uncut, as though the ink limit were missed (the picture of a colour the
    check must still catch): every colour converted as for print with a limit no colour reaches."""
    from pnp.render import pdf_colours
    from pnp.targets import export_vendor

    monkeypatch.setattr(export_vendor, "cmyk", lambda hex_value, limit: pdf_colours.cmyk(hex_value, limit=4.0))



def _dark_red_exported(project, monkeypatch, which: str):
    """DriveThruCards' export of the heroes, the cards `which` picks (a Jinja test) drawing a dark red past the limit."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace(
        "{% block body %}\n", '{% block body %}\n{% if ' + which + ' %}{{ rect(5, 74, 10, 6, fill="#400000") }}{% endif %}\n', 1),
        encoding="utf-8")
    _past_the_limit(monkeypatch)
    return run_pnp(project, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")

def test_ink_past_the_limit_on_one_cards_front_is_said_at_its_deck_naming_file_page_and_side(project, monkeypatch):
    """Only the mage's front draws the dark red: one finding (its three copies are one mistake), at the deck's `size`
    line, naming tiny-heroes.pdf, page 16 and a front of Heroes; nothing is written and no line names output/."""
    result = _dark_red_exported(project, monkeypatch, 'card.id == "mage"')
    assert result.exit_code != 0
    assert _errors(result.output) == [
        f"{HEROES_SIZE}: error: page 16 of tiny-heroes.pdf (a front of Heroes): a colour uses 275% ink; the limit is 240%"], result.output
    assert not [line for line in result.output.splitlines() if line.startswith("output/")], result.output
    assert not (project / "output/tiny/vendor-drivethrucards").exists()


def test_ink_past_the_limit_on_two_cards_is_said_at_the_first_page_that_prints_it(project, monkeypatch):
    """The rogue's front and the mage's both draw the dark red: one finding, at the first page of the most ink, the
    first rogue's front (page 10: the knights and AT&T agents take pages 1 to 8, each back before its front), not the
    mage's page 16."""
    result = _dark_red_exported(project, monkeypatch, 'card.id in ("rogue", "mage")')
    assert result.exit_code != 0
    assert _errors(result.output) == [
        f"{HEROES_SIZE}: error: page 10 of tiny-heroes.pdf (a front of Heroes): a colour uses 275% ink; the limit is 240%"], result.output


def test_a_missing_trimbox_on_every_page_is_one_finding_at_the_deck_naming_the_first_page(project, monkeypatch):
    """Drawn without its TrimBox, every page of the deck's file is wrong alike: one finding at the deck's `size` line,
    naming the file's first page (the first knight's back: DriveThruCards takes each back before its front) and counting
    the other 23 pages of its 12 cards."""
    from reportlab.pdfgen.canvas import Canvas

    monkeypatch.setattr(Canvas, "setTrimBox", lambda self, box: None)
    result = run_pnp(project, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code != 0
    assert _errors(result.output) == [
        f"{HEROES_SIZE}: error: page 1 of tiny-heroes.pdf (a back of Heroes) has no TrimBox (and 23 more pages alike)"], result.output
    assert not [line for line in result.output.splitlines() if line.startswith("output/")], result.output


def test_validate_for_a_vendor_says_the_same_finding_at_the_same_place(project, monkeypatch):
    """`pnp validate --vendor` runs the same checks without writing: the same words at the same deck line."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace(
        "{% block body %}\n", '{% block body %}\n{% if card.id == "mage" %}{{ rect(5, 74, 10, 6, fill="#400000") }}{% endif %}\n', 1),
        encoding="utf-8")
    _past_the_limit(monkeypatch)
    result = run_pnp(project, "validate", "tiny", "--vendor", "drivethrucards")
    assert f"{HEROES_SIZE}: error: page 16 of tiny-heroes.pdf (a front of Heroes): a colour uses 275% ink; the limit is 240%" in result.output, result.output
    assert not [line for line in result.output.splitlines() if line.startswith("output/")], result.output


def test_a_png_the_check_refuses_is_one_finding_at_its_deck_naming_the_first_image_and_its_side(project, monkeypatch):
    """A print service's image must be RGB without transparency: every image encoded with an alpha channel (as though
    the writer slipped) is one mistake, said once at the deck's `size` line, naming its first image (the first knight's
    front: fronts are uploaded first) and counting the other distinct images read back (five cards' fronts, the back
    four of them share and the twin's own back: 6 more); no line names output/ and nothing is written."""
    from pnp.targets import export_png, rendering

    monkeypatch.setattr(export_png, "png_bytes", lambda image, dpi=None: rendering.png_bytes(image.convert("RGBA"), dpi=dpi))
    result = run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes")
    assert result.exit_code != 0
    assert _errors(result.output) == [f"{HEROES_SIZE}: error: cards/heroes/heroes-knight-1-front.png (a front of Heroes): colour mode is RGBA; "
                                      "print services ask for RGB (and 6 more images alike)"], result.output
    assert not [line for line in result.output.splitlines() if line.startswith("output/")], result.output
    assert not (project / "output/tiny/png").exists()


def test_a_font_not_embedded_is_said_at_the_first_page_that_sets_it_and_a_users_own_file_keeps_its_name(tmp_path):
    """Three pages, only the second set in Helvetica (which reportlab names but does not embed; its document lists every
    font on every page): the shop's file says it at page 2's piece, naming page 2 and its side; handed the same file
    by its own name, the check says it at that file, in the words it always used. The order of its sides, wrong for
    DriveThruCards (a back before each front), is one finding at its first page's piece naming the file."""
    from reportlab.pdfgen import canvas

    from pnp.core.errors import Loc
    from pnp.targets.vendor_preflight import Expect, ShopFile, check_file, order_findings
    from pnp.targets.vendors import vendor_named

    path = tmp_path / "cards.pdf"
    c = canvas.Canvas(str(path), pagesize=(198, 270), invariant=1)
    for n in (1, 2, 3):
        c.setFillColorCMYK(0, 0, 0, 1)
        if n == 2:
            c.setFont("Helvetica", 9)
            c.drawString(20, 120, "Set in Helvetica")
        c.rect(10, 10, 20 * n, 20, fill=1, stroke=0)
        c.showPage()
    c.save()
    deck, board = Loc("data/g/decks/heroes.yaml", 2, 7), Loc("data/g/boards.yaml", 3, 5)
    shop = ShopFile("g-heroes.pdf", ((board, "a back of Map"), (deck, "a front of Heroes"), (deck, "a back of Heroes")))
    dtc, expect = vendor_named("drivethrucards"), Expect(page_mm=(69.85, 95.25), pages=(0, 1, 2))
    fonts = [(str(f.loc), f.message) for f in check_file(dtc, path.read_bytes(), shop, expect) if f.code == "vendor-fonts"]
    assert fonts == [("data/g/decks/heroes.yaml:2:7", "page 2 of g-heroes.pdf (a front of Heroes): font /Helvetica is not embedded")]
    own = [(str(f.loc), f.message) for f in check_file(dtc, path.read_bytes(), "mine/cards.pdf", expect) if f.code == "vendor-fonts"]
    assert own == [("mine/cards.pdf", "font /Helvetica is not embedded")]
    (order,) = order_findings(dtc, ["front", "back", "front"], shop)
    assert (str(order.loc), order.message) == (
        "data/g/boards.yaml:3:5", "the 3 pages of g-heroes.pdf are not in DriveThruCards' order (pdf-back-front)")
