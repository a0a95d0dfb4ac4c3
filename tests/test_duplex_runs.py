"""Duplex order in the bundle (issue 75, item 10): every run the bundle tells the user to print double-sided keeps each
back behind its own front, printed as told.

The shipped games are bundled on Letter and A4 (the plain and ink-saver bundles). For each run the print-settings page
names as double-sided, the test prints it as a duplex printer does (pages 1-2 of the run on one sheet, 3-4 on the
next…) and reads each sheet from the PDF: its front side is a fronts page (its footer says "fronts"), its back side is
that very sheet's backs page (its footer names the same "sheet N of M" and says "backs"), a back left blank or nothing,
and every back's piece lies, mirrored as the paper turns, where a front's piece lies. A run's stated range is checked
against the pages: it opens on a sheet's fronts and the page after it is no longer that part's.
"""
from __future__ import annotations

import re
import shutil

import printable as P
import pytest
import streams
from conftest import ROOT, apply_edits, run_pnp
from pdftext import flat, page_texts

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
PAPERS = ("letter", "a4")
# A4 is read for the game whose bundle mixes the most kinds of run (cards of several sizes, tokens with and without
# backs, tarot aids on upright sheets among landscape ones): the run table and the flip are the paper's, not the game's
ON_A4_TOO = ("police-precinct",)
RUN = re.compile(r"(\d+)(?:–(\d+))? (\D+?) (?:double-sided, flip on the (long|short) edge|one-sided)")  # a row of the table
SHEET = re.compile(r"sheet (\d+) of (\d+) · (fronts|backs|back left blank)")


@pytest.fixture(scope="module")
def bundles(tmp_path_factory, shared_build) -> list:
    """[(game, bundle PDF)] of the five games on Letter (one of them on A4 too), plain and ink-saver, built on what the run's plain builds
    already made, as a user's output folder holds it after `pnp build` on each paper: the A4 build's folder (its PDFs
    and its kept work, which began as the plain Letter build's), with the Letter build's PDFs beside them. A bundle is
    the same bytes built on them or from nothing (every bundle PDF and zip of the five games compared); its parts on
    the papers already built are answered from them (the five bundles took 30 CPU-s built on the Letter build's kept
    work alone, 18 so: the A4 build is the run's, made for other files)."""
    out = tmp_path_factory.mktemp("duplex-runs") / "out"
    shutil.copytree(shared_build("--paper", "a4"), out, symlinks=True)  # copied, file times kept: the shared folders are read-only
    for pdf in shared_build().glob("*/*.pdf"):
        shutil.copy2(pdf, out / pdf.parent.name / pdf.name)
    found = []
    for game in GAMES:
        papers = PAPERS if game in ON_A4_TOO else PAPERS[:1]
        result = run_pnp(ROOT, "bundle", game, "--paper", ",".join(papers), "--out", str(out))
        assert result.exit_code == 0, result.output
        found += [(game, out / game / "bundle" / f"{game}-bundle-{paper}{tag}.pdf") for paper in papers for tag in ("", "-ink-saver")]
    return found


def runs(texts: list[str]) -> list[tuple[int, int, str, str]]:
    """(first page, last page, part, flip edge) of each run the print-settings page names double-sided, pages from 1."""
    front = flat("\n".join(texts[:6]))
    table = front[front.index("Pages Part Sides"):]
    return [(int(m[1]), int(m[2] or m[1]), m[3], m[4]) for m in RUN.finditer(table) if m[4]]


def side(text: str) -> tuple[int, int, str] | None:
    """(sheet, of sheets, 'fronts' / 'backs' / 'back left blank') as a page's footer says, or None (no sheet footer)."""
    found = SHEET.findall(flat(text))
    return (int(found[-1][0]), int(found[-1][1]), found[-1][2]) if found else None


def _mirrored(doc, index: int, edge: str) -> list[tuple[float, float]]:
    """Where the pieces of page `index` land on the paper's other side after the flip: a portrait page flipped on its
    long edge mirrors left to right, a landscape one top to bottom (PRINTING.md, Duplex); the short edge the other way."""
    page = doc.page(index)
    across = (page.width > page.height) != (edge == "long")
    return sorted((round(page.width - f.trim.x1, 1), round(f.trim.y0, 1)) if across else (round(f.trim.x0, 1), round(page.height - f.trim.y1, 1))
                  for f in P.faces_of(doc, index))


def _at(doc, index: int) -> list[tuple[float, float]]:
    return sorted((round(f.trim.x0, 1), round(f.trim.y0, 1)) for f in P.faces_of(doc, index))


def duplex_problems(name: str, texts: list[str], doc) -> list[str]:
    """What goes wrong when each double-sided run of the bundle is printed as its print-settings page says."""
    problems = []
    for first, last, part, edge in runs(texts):
        where = f"{name} pages {first}–{last} ({part})"
        opening = side(texts[first - 1])
        if opening is None or opening[:1] != (1,) or opening[2] != "fronts":
            problems.append(f"{where}: page {first} is not its first sheet's fronts ({opening})")
        after = side(texts[last]) if last < len(texts) else None
        if after is not None and after[2] != "fronts":
            problems.append(f"{where}: page {last + 1} is still the part's ({after}), outside the run")
        for front in range(first, last + 1, 2):
            problems += _sheet_problems(where, texts, doc, front, min(front + 1, last + 1) if front < last else None, edge)
    return problems


def _sheet_problems(where: str, texts: list[str], doc, front: int, back: int | None, edge: str) -> list[str]:
    """One printed sheet of a duplex run: page `front` on its front, page `back` (or nothing) behind it."""
    said = side(texts[front - 1])
    if said is None or said[2] != "fronts":
        return [f"{where}: page {front} prints on a sheet's front side but is {said or 'no sheet'}"]
    behind = side(texts[back - 1]) if back else None
    if behind is None:
        return [] if back is None or not P.faces_of(doc, back - 1) else [f"{where}: page {back} behind sheet {said[0]}'s fronts prints pieces with no footer"]
    if behind[2] == "fronts" or behind[:2] != said[:2]:
        return [f"{where}: page {back} ({behind}) lands on the back of page {front} (sheet {said[0]} of {said[1]}'s fronts)"]
    fronts = set(_mirrored(doc, front - 1, edge))
    stray = [at for at in _at(doc, back - 1) if at not in fronts]
    return [f"{where}: page {back}'s pieces at {stray[:3]} (pt) sit behind no piece of page {front}"] if stray else []


def read_texts(pdf) -> list[str | None]:
    """The text of each page the check reads (None for the others): the print-settings pages, then every page of each
    run they name and the page after it. A bundle's rulebook and one-sided parts are not read (a third of its pages)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    count = len(doc)
    doc.close()
    texts: list[str | None] = [None] * count
    texts[:6] = page_texts(pdf, range(min(6, count)))
    wanted = sorted({i for first, last, _, _ in runs(texts[:6]) for i in range(first - 1, min(last + 1, count))} - set(range(6)))
    for i, text in zip(wanted, page_texts(pdf, wanted), strict=True):
        texts[i] = text
    return texts


def test_every_double_sided_run_keeps_each_back_behind_its_own_front(bundles):
    problems, named = [], 0
    for _, pdf in bundles:
        texts = read_texts(pdf)
        named += len(runs(texts))
        problems += duplex_problems(pdf.name, texts, streams.Document(pdf))
    assert named >= 2 * len(bundles), "every bundle names its card and reference runs double-sided"
    assert not problems, "\n".join(problems[:20])


def test_a_sheet_pdf_with_no_backs_asks_for_one_sided_printing(project):
    """Token sets that print no backs (`print_back: never`): the sheets' PDF asks the print dialog for one-sided
    printing and holds no blank backs; printed double-sided, every other sheet's fronts would land on a back."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text().replace("    name: ", "    print_back: never\n    name: "))
    result = run_pnp(project, "build", "tiny", "--only", "tokens")
    assert result.exit_code == 0, result.output
    pdf = project / "output/tiny/tiny-tokens.pdf"
    sides = [side(t) for t in page_texts(pdf)]
    assert sides and all(s is not None and s[2] == "fronts" for s in sides), sides
    assert b"/Duplex /Simplex" in pdf.read_bytes()


@pytest.mark.parametrize(("duplex", "name", "order", "flip"), [
    ("long", "tiny-cards.pdf", [(1, "fronts"), (1, "backs"), (2, "fronts"), (2, "backs")], "flip on the long edge"),
    ("short", "tiny-cards-short-edge.pdf", [(1, "fronts"), (1, "backs"), (2, "fronts"), (2, "backs")], "flip on the short edge"),
    ("none", "tiny-cards-simplex.pdf", [(1, "fronts"), (2, "fronts"), (1, "backs"), (2, "backs")], "flip on the long edge")])
def test_each_backs_page_follows_its_fronts_as_the_printer_is_told_and_says_the_edge_to_flip(project, duplex, name, order, flip):
    """The tiny game's two card sheets: printed double-sided, each sheet's backs page comes straight after its fronts and
    its footer names the edge the designer asked for; printed one-sided (`none`), every fronts page comes first, then the
    backs to feed back in (or glue behind), whose footer says the sheet is turned over on its long edge, as they are
    drawn for (docs/print-and-cut.md)."""
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--duplex", duplex)
    assert result.exit_code == 0, result.output + result.stderr
    texts = page_texts(project / "output/tiny" / name)
    assert [(s[0], s[2]) for s in map(side, texts)] == order
    backs = [flat(t) for t in texts if side(t)[2] == "backs"]
    assert backs and all(flip in t for t in backs), backs


def heroes_then_backless_zombies(project, ogres: int) -> None:
    """The heroes cut to nine cards with backs (one sheet), then a deck `zombies` of `ogres` cards without backs; no token sets."""
    (project / "data/tiny/tokens.yaml").unlink()  # token sets would print beside the last deck, backs and all
    apply_edits(project, [
        {"file": "data/tiny/decks/heroes.yaml", "replace": ['  - {id: mage, name: Mage, stars: 4, number: 4, text: "Look at the top three '
                                                            'cards of the deck, keep one and put the others back in any order.", side: blue, count: 3}\n', ""]},
        {"file": "data/tiny/game.yaml", "replace": ["    count: 12", "    count: 9"]},
        {"file": "data/tiny/game.yaml", "replace": ["{red: 6, blue: 6}", "{red: 6, blue: 3}"]},
        {"file": "data/tiny/decks/zombies.yaml", "write": "name: Zombies\nsize: poker\nfront: tiny/hero.j2\ncards:\n"
                                                          f"  - {{id: ogre, name: Ogre, stars: 1, number: 6, text: Roar., side: red, count: {ogres}}}\n"}])


def test_a_last_sheet_without_backs_ends_the_pdf_with_no_blank_back(project):
    """A deck with backs fills sheet 1 and a deck without backs sheet 2, the last: printed double-sided, sheet 1 needs
    its backs page, but nothing follows sheet 2, so a blank back after it would only waste a page."""
    heroes_then_backless_zombies(project, 9)
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--duplex", "long")
    assert result.exit_code == 0, result.output + result.stderr
    texts = page_texts(project / "output/tiny/tiny-cards.pdf")
    assert [side(t) for t in texts] == [(1, 2, "fronts"), (1, 2, "backs"), (2, 2, "fronts")]
    assert "Zombies" in flat(texts[2])


def test_a_one_sided_print_leaves_no_blank_page_after_a_sheet_without_backs(project):
    """`--duplex none` (docs/print-and-cut.md): a printer that prints one side only gets every fronts page, then the
    backs to feed back in. A deck with backs on sheet 1 and one without on sheets 2 and 3: the PDF is the three fronts
    pages and sheet 1's backs, with no blank back after sheet 2, a page a one-sided printer would print empty."""
    heroes_then_backless_zombies(project, 18)
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--duplex", "none")
    assert result.exit_code == 0, result.output + result.stderr
    texts = page_texts(project / "output/tiny/tiny-cards-simplex.pdf")
    assert [side(t) for t in texts] == [(1, 3, "fronts"), (2, 3, "fronts"), (3, 3, "fronts"), (1, 3, "backs")]


def test_a_one_sided_prints_backs_page_lies_behind_its_fronts_page_turned_over_on_its_long_edge(project):
    """`--duplex none` (docs/print-and-cut.md): the backs pages follow all fronts, to glue behind them or to feed the
    printed fronts back in; either way the designer turns the sheet over on its long edge, so each back is drawn at its
    front's place mirrored left to right (PRINTING.md, Duplex). The tiny game's two Twins, on sheet 2, have their own
    backs ('Twin's own back'): each lies behind a Twin, not behind the card across the row. Each backs page's footer
    says the turn, as a duplex print's does."""
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--duplex", "none")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = project / "output/tiny/tiny-cards-simplex.pdf"
    texts = page_texts(pdf)
    assert [side(t)[:1] + side(t)[2:] for t in texts] == [(1, "fronts"), (2, "fronts"), (1, "backs"), (2, "backs")]
    assert all("backs · print at 100%, flip on the long edge" in flat(t) for t in texts[2:]), [flat(t)[-120:] for t in texts[2:]]
    views = P.read(pdf)

    def twins(view, turned: bool) -> set[tuple[float, float]]:
        return {(round(view.width - f.trim.x1 if turned else f.trim.x0), round(f.trim.y0)) for f in view.faces
                if "Twin" in "".join(c for c, box in view.chars if f.trim.inside((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))}

    fronts, backs = twins(views[1], False), twins(views[3], True)
    assert len(fronts) == 2 and backs == fronts, (fronts, backs)


def test_a_sheet_without_backs_before_the_last_gets_a_back_page_saying_it_is_left_blank(project):
    """Printed double-sided, a sheet whose pieces have no backs still needs a back page (else the next sheet's fronts
    print on its back): heroes with backs on sheet 1, zombies without on sheets 2 and 3. Sheet 2's back page says it is
    left blank on purpose, and never tells the designer to flip a backs page that holds nothing."""
    heroes_then_backless_zombies(project, 18)
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--duplex", "long")
    assert result.exit_code == 0, result.output + result.stderr
    texts = [flat(t) for t in page_texts(project / "output/tiny/tiny-cards.pdf")]
    assert [side(t) for t in texts] == [(1, 3, "fronts"), (1, 3, "backs"), (2, 3, "fronts"), (2, 3, "back left blank"), (3, 3, "fronts")]
    assert "back left blank · no piece of this sheet has a back · print double-sided at 100%" in texts[3]
    assert "flip on the" not in texts[3]
