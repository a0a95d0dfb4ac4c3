"""How a print service's PDF is drawn (pnp.targets.export_vendor's `_pdf`), read back from the file the shop gets: its
PDF/X marks and output condition, its title, and small type on the black plate alone. Expected values are the
vendor's as recorded with their sources in pnp/targets/vendors.py (DriveThruCards: PDF/X-1a:2003, CMYK for U.S. web
coated (SWOP) printing, CGATS TR 001) and the print rule the shops give for small type (text under 12 pt in 100 %
black, as four plates never register exactly); the tiny game's heroes exported in process."""
from __future__ import annotations

import re
import shutil

import pdfplumber
import pikepdf
import pytest
from conftest import TEST_PROJECT, run_pnp


def test_drivethrucards_file_is_pdf_x1a_for_swop_titled_for_its_deck_with_small_type_on_black_alone(tmp_path):
    """The heroes' file for DriveThruCards: marked PDF/X-1a:2003 with an output intent for CGATS TR 001, named as
    Adobe's profile for it names it (U.S. Web Coated (SWOP) v2), titled for the game and the deck; on every front the
    card's rules text (10 pt, under 12) prints on the black plate alone (no cyan, magenta or yellow), in the game's dark
    ink's own darkness, not as paper."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = run_pnp(root, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = root / "output/tiny/vendor-drivethrucards/tiny-heroes.pdf"
    with pikepdf.open(pdf) as doc:
        assert (str(doc.docinfo["/GTS_PDFXVersion"]), str(doc.docinfo["/Title"])) == ("PDF/X-1a:2003", "Tiny Test Game — Heroes")
        assert str(doc.docinfo["/Subject"]) == "Heroes: print file for DriveThruCards"
        (intent,) = doc.Root.OutputIntents
        assert (intent.S, str(intent.OutputConditionIdentifier)) == ("/GTS_PDFX", "CGATS TR 001")
        # the condition's name, which a preflight shows beside its code: the SWOP profile's own
        assert (str(intent.OutputCondition), str(intent.Info)) == ("U.S. Web Coated (SWOP) v2",) * 2
    with pdfplumber.open(pdf) as doc:
        fronts = doc.pages[1::2]  # DriveThruCards takes each card's back, then its front
        words = [w for page in fronts for w in page.extract_words(extra_attrs=["size", "non_stroking_color"]) if w["size"] < 12]
    assert len(words) > 12 * 3 and all(len(w["non_stroking_color"]) == 4 for w in words)
    # the Agent's "[blue]blue[/]" is set in the game's blue: a colour, kept; every other word is the game's dark ink
    inked = [w for w in words if w["text"] != "blue"]
    assert {tuple(w["non_stroking_color"][:3]) for w in inked} == {(0, 0, 0)} and all(w["non_stroking_color"][3] > 0.5 for w in inked)
    assert all(w["non_stroking_color"][0] > 0.5 for w in words if w["text"] == "blue")


def test_a_pdf_x1a_files_document_info_holds_the_creation_and_modification_dates_the_standard_asks(project):
    """PDF/X-1a (ISO 15930-4) makes keys that plain PDF leaves optional required: the document info's CreationDate,
    ModDate, Title, Trapped (True or False) and GTS_PDFXVersion, and the trailer's ID (as Heidelberg's Prinect PDF
    Toolbox and Antenna House's notes on PDF/X-1a:2003 list them); a preflight refuses a file missing any. DriveThruCards'
    file of the heroes holds each, the dates as PDF writes a date (D:YYYYMMDDHHmmSS)."""
    result = run_pnp(project, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    with pikepdf.open(project / "output/tiny/vendor-drivethrucards/tiny-heroes.pdf") as doc:
        info = {key: str(value) for key, value in doc.docinfo.items()}
        identified = len(doc.trailer.get("/ID", ())) == 2
    assert identified
    assert {"/CreationDate", "/ModDate", "/Title", "/Trapped", "/GTS_PDFXVersion"} <= info.keys(), sorted(info)
    assert all(re.fullmatch(r"D:\d{14}.*", info[key]) for key in ("/CreationDate", "/ModDate")), info
    assert info["/Trapped"] in ("/True", "/False"), info


def test_an_export_that_can_send_nothing_writes_no_folder_and_its_warning_names_no_readme(tmp_path):
    """MakePlayingCards makes no 75 × 120 mm card (its sizes: poker, tarot, mini): asked for that deck alone, the export
    writes nothing, says so, and the deck's warning, at its size line, does not send the designer to a README.txt that
    was never written."""
    from test_order_promises import OMENS  # a deck of 75 x 120 mm cards no product fits

    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/omens.yaml").write_text(OMENS, encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "makeplayingcards", "--deck", "omens")
    assert result.exit_code != 0 and "nothing to export" in result.output + result.stderr
    assert not (root / "output/tiny/vendor-makeplayingcards").exists()
    (warned,) = [line for line in result.output.splitlines() if "left out of this export" in line]
    assert warned.startswith("data/tiny/decks/omens.yaml:2:") and "README" not in warned, warned


def test_a_colour_within_longpacks_300_percent_keeps_its_ink_and_one_past_drivethrucards_240_is_cut_to_it(tmp_path):
    """A dark red (#400000, its red 64/255) converted with full grey-component replacement is C 0, M 100, Y 100 and K
    1 - 64/255 (74.9 %): 274.9 % of ink. LongPack's presses take 300 % (pnp/targets/vendors.py): its backs file keeps the
    colour as it is. DriveThruCards' limit is 240 %: there cyan, magenta and yellow shrink in proportion until the four
    make 240 % (K stays, so M and Y are (2.40 - K) / 2 each, 82.5 %). Read back from the fill each file draws the back in."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/back.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#400000") }}\n', encoding="utf-8")
    fills = {}
    for vendor, name in (("longpack", "tiny-heroes-backs.pdf"), ("drivethrucards", "tiny-heroes.pdf")):
        result = run_pnp(root, "export", "tiny", "--vendor", vendor, "--deck", "heroes")
        assert result.exit_code == 0, result.output + result.stderr
        with pdfplumber.open(root / f"output/tiny/vendor-{vendor}/{name}") as doc:
            fills[vendor] = [tuple(r["non_stroking_color"]) for r in doc.pages[0].rects if r["fill"]]
    k = 1 - 64 / 255
    assert fills["longpack"] and all(c == pytest.approx((0, 1, 1, k), abs=0.001) for c in fills["longpack"]), fills
    assert fills["drivethrucards"] and all(c == pytest.approx((0, (2.40 - k) / 2, (2.40 - k) / 2, k), abs=0.001) for c in fills["drivethrucards"]), fills


def test_a_dark_navy_cut_to_drivethrucards_240_percent_is_not_left_a_hair_over_it(tmp_path):
    """A very dark navy (#000034, its blue 52/255) converts to K 1 - 52/255 (79.6 %) under cyan and magenta of 100 %
    each: 279.6 % of ink. For DriveThruCards (240 %) cyan and magenta shrink alike until the four make 240 %, each
    (2.40 - K) / 2; written to four decimals they must still add up to no more than 240 %, or the shop's own check
    refuses the file. The export succeeds and its back's fill is within the limit."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/back.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#000034") }}\n', encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    assert "ink" not in result.stderr, result.stderr
    with pdfplumber.open(root / "output/tiny/vendor-drivethrucards/tiny-heroes.pdf") as doc:
        fills = [tuple(r["non_stroking_color"]) for r in doc.pages[0].rects if r["fill"]]
    k = 1 - 52 / 255
    assert fills and all(c == pytest.approx(((2.40 - k) / 2, (2.40 - k) / 2, 0, k), abs=0.001) and sum(c) <= 2.40 + 1e-9 for c in fills), fills


def _page_draws(page) -> tuple[bool, list]:
    """What a page's own content draws: whether it sets text itself, and the stored drawings (Form XObjects) it places,
    each as its object number (the same number on two pages is one drawing placed twice)."""
    xobjects = page.obj.Resources.get("/XObject", {})
    ops = pikepdf.parse_content_stream(page)
    forms = [xobjects[str(operands[0])].objgen[0] for operands, op in ops if op == pikepdf.Operator("Do")]
    return any(op == pikepdf.Operator("BT") for _, op in ops), forms


def test_a_card_printed_more_than_once_is_stored_once_in_a_shops_file_and_a_card_printed_once_on_its_page(tmp_path):
    """A shop's file is uploaded, so its size matters: a face printed on several pages (the heroes' shared back, each
    hero's copies) is one drawing in the file that each of its pages places, and a face printed once (the Rogue, its
    count made 1) is drawn on its own page, not stored apart. DriveThruCards' file: each card's back, then its front."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    deck = root / "data/tiny/decks/heroes.yaml"  # the rules' 6 blue heroes kept: a Rogue and five Mages
    text = deck.read_text(encoding="utf-8").replace("side: blue, count: 3}", "side: blue, count: 1}", 1).replace("side: blue, count: 3}", "side: blue, count: 5}", 1)
    deck.write_text(text, encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    counts = {"knight": 2, "att": 2, "rogue": 1, "mage": 5, "twin": 2}  # heroes.yaml's, in its order
    with pikepdf.open(root / "output/tiny/vendor-drivethrucards/tiny-heroes.pdf") as doc:
        drawn = [_page_draws(page) for page in doc.pages]
    assert len(drawn) == 2 * sum(counts.values())
    backs, fronts = drawn[0::2], drawn[1::2]
    # a page that places its card sets no text itself and places the one drawing; the plain back and the Twins' own
    assert all(not text and len(forms) == 1 for text, forms in backs) and len({forms[0] for _, forms in backs}) == 2
    start, stored = 0, set()
    for card, n in counts.items():
        pages, start = fronts[start:start + n], start + n
        if n > 1:
            assert all(not text and len(forms) == 1 for text, forms in pages) and len({forms[0] for _, forms in pages}) == 1, (card, pages)
            stored.add(pages[0][1][0])
        else:  # set on its page: its words are the page's own text
            assert all(text for text, _ in pages), (card, pages)
    assert len(stored) == len(counts) - 1
