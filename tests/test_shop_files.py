"""How a print service's PDF is drawn (pnp.targets.export_vendor's `_pdf`), read back from the file the shop gets: its
PDF/X marks and output condition, its title, and small type on the black plate alone. Expected values are the
vendor's as recorded with their sources in pnp/targets/vendors.py (DriveThruCards: PDF/X-1a:2003, CMYK for U.S. web
coated (SWOP) printing, CGATS TR 001) and the print rule the shops give for small type (text under 12 pt in 100 %
black, as four plates never register exactly); the tiny game's heroes exported in process."""
from __future__ import annotations

import shutil

import pdfplumber
import pikepdf
from conftest import TEST_PROJECT, run_pnp


def test_drivethrucards_file_is_pdf_x1a_for_swop_titled_for_its_deck_with_small_type_on_black_alone(tmp_path):
    """The heroes' file for DriveThruCards: marked PDF/X-1a:2003 with an output intent for CGATS TR 001, titled for the
    game and the deck; on every front the card's rules text (10 pt, under 12) prints on the black plate alone (no cyan,
    magenta or yellow), in the game's dark ink's own darkness, not as paper."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = run_pnp(root, "export", "tiny", "--vendor", "drivethrucards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = root / "output/tiny/vendor-drivethrucards/tiny-heroes.pdf"
    with pikepdf.open(pdf) as doc:
        assert (str(doc.docinfo["/GTS_PDFXVersion"]), str(doc.docinfo["/Title"])) == ("PDF/X-1a:2003", "Tiny Test Game — Heroes")
        (intent,) = doc.Root.OutputIntents
        assert (intent.S, str(intent.OutputConditionIdentifier)) == ("/GTS_PDFX", "CGATS TR 001")
    with pdfplumber.open(pdf) as doc:
        fronts = doc.pages[1::2]  # DriveThruCards takes each card's back, then its front
        words = [w for page in fronts for w in page.extract_words(extra_attrs=["size", "non_stroking_color"]) if w["size"] < 12]
    assert len(words) > 12 * 3 and all(len(w["non_stroking_color"]) == 4 for w in words)
    # the Agent's "[blue]blue[/]" is set in the game's blue: a colour, kept; every other word is the game's dark ink
    inked = [w for w in words if w["text"] != "blue"]
    assert {tuple(w["non_stroking_color"][:3]) for w in inked} == {(0, 0, 0)} and all(w["non_stroking_color"][3] > 0.5 for w in inked)
    assert all(w["non_stroking_color"][0] > 0.5 for w in words if w["text"] == "blue")


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
