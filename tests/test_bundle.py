"""`pnp bundle`: one print-and-play PDF holding the very pages of the component PDFs, a feedback sheet and a zip."""
from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import pytest
import yaml
from conftest import TEST_PROJECT, pdf_fonts, run_pnp
from pdfplumber.utils import extract_words
from pdftext import flat, page_texts, pdf_text
from pypdf import PdfReader

from pnp.data.kinds import kind_named


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> Path:
    """The tiny game bundled on Letter into a private copy of the test project; the bundle folder."""
    root = tmp_path_factory.mktemp("bundle") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("stamps: false", "stamps: true", 1) + 'version: "0.3"\n'  # stamped fronts, for the feedback sheet's stamp column
                    + "designer: Ada Rook\nsources: [a napkin sketch of a hero duel, a week of playtests]\n")  # for the credits
    result = run_pnp(root, "bundle", "tiny", "--paper", "letter")
    assert result.exit_code == 0, result.output
    return root / "output" / "tiny" / "bundle"


def _decks() -> dict[str, list[dict]]:
    folder = TEST_PROJECT / "data" / "tiny" / "decks"
    return {d["name"]: d["cards"] for d in (yaml.safe_load(p.read_text()) for p in sorted(folder.glob("*.yaml")))}


def _contents(page) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _parts(folder: Path) -> dict[str, PdfReader]:
    """The separate component PDFs of the zip, by name."""
    with zipfile.ZipFile(folder / "tiny-print-and-play-letter.zip") as zf:
        return {n: PdfReader(io.BytesIO(zf.read(n))) for n in sorted(zf.namelist()) if n.startswith("components/")}


def test_checklist_counts_follow_the_data(bundled):
    text = "\n".join(page_texts(bundled / "tiny-bundle-letter.pdf", range(3)))
    tokens = yaml.safe_load((TEST_PROJECT / "data" / "tiny" / "tokens.yaml").read_text())["tokens"]
    for name, cards in _decks().items():
        assert re.search(rf"Deck {re.escape(name)} {sum(c.get('count', 1) for c in cards)} ", text), f"{name} count missing:\n{text}"
    for spec in tokens:
        per_colour = sum(item.get("count", 1) for item in spec.get("items", [])) or spec.get("count", 1)
        pieces = per_colour * max(1, len(spec.get("colors", [])))  # tokens.yaml: `count` is per colour
        assert re.search(rf"Tokens {re.escape(spec['name'])} {pieces} ", text), f"{spec['name']}: {pieces} pieces not in:\n{text}"


def _starts(folder: Path, pages: list[bytes]) -> dict[str, int]:
    """Where each separate component PDF of the zip starts among the bundle's `pages` (0-based): every page of every
    part appears there, in one run of its own."""
    starts, used = {}, set()
    for name, reader in _parts(folder).items():
        run = [_contents(p) for p in reader.pages]
        found = next(i for i in range(len(pages)) if pages[i:i + len(run)] == run and not used & set(range(i, i + len(run))))
        starts[name] = found
        used |= set(range(found, found + len(run)))
    return starts


def test_bundle_pages_are_the_parts_pages_plus_front_matter_and_blanks(bundled):
    bundle = PdfReader(bundled / "tiny-bundle-letter.pdf")
    pages = [_contents(p) for p in bundle.pages]
    parts = _parts(bundled)
    assert {n.split("-", 1)[1].rsplit(".", 1)[0] for n in parts} >= {"cards", "tokens", "boards", "reference", "rulebook"}
    starts = _starts(bundled, pages)
    first = min(starts.values())
    blanks = [i for i, page in enumerate(pages) if not page.strip()]
    front = first - len([i for i in blanks if i < first])  # the bundle's own pages before the first component
    feedback = len(PdfReader(bundled / "tiny-feedback.pdf").pages)
    credits = 1
    assert front >= 3  # cover; contents and checklist; print settings and assembly
    assert len(pages) == front + sum(len(r.pages) for r in parts.values()) + feedback + credits + len(blanks)
    settings = "\n".join(page_texts(bundled / "tiny-bundle-letter.pdf", range(front)))
    settings = flat(settings[settings.index("Print settings"):])
    for name, reader in parts.items():  # the print settings name each part's pages as the bundle holds them
        title = kind_named(name.split("-", 1)[1].rsplit(".", 1)[0]).title
        first, last = starts[name] + 1, starts[name] + len(reader.pages)
        said = re.search(rf"(\d+)(?:–(\d+))? {re.escape(title)}\b", settings)
        assert said and (int(said[1]), int(said[2] or said[1])) == (first, last), f"{title}: pages {first}–{last}, the settings say {said and said[0]}"
    for name, reader in parts.items():
        prefs = reader.trailer["/Root"].get("/ViewerPreferences")
        if prefs is not None and "/Duplex" in prefs.get_object():
            assert (starts[name] + 1) % 2 == 1, f"{name} is double-sided but starts on page {starts[name] + 1}"


def test_the_contents_give_the_page_each_part_starts_on(bundled):
    """A player turns to the page the contents name for a part and finds that part's first page there, as the separate
    PDF in the zip has it."""
    path = bundled / "tiny-bundle-letter.pdf"
    starts = _starts(bundled, [_contents(p) for p in PdfReader(path).pages])
    front = "\n".join(page_texts(path, range(min(starts.values()))))
    contents = front[front.index("Contents"):front.index("Component checklist")]
    for name, start in starts.items():
        title = kind_named(name.split("-", 1)[1].rsplit(".", 1)[0]).title
        said = re.search(rf"^{re.escape(title)}\b.* (\d+)$", contents, re.MULTILINE)
        assert said and int(said[1]) == start + 1, f"{title} starts on page {start + 1}, the contents say {said and said[0]}"


def test_zip_holds_the_bundle_the_separate_pdfs_the_ink_saver_and_a_readme(bundled):
    with zipfile.ZipFile(bundled / "tiny-print-and-play-letter.zip") as zf:
        names = set(zf.namelist())
        readme = zf.read("README.txt").decode()
        assert zf.read("tiny-bundle-letter.pdf") == (bundled / "tiny-bundle-letter.pdf").read_bytes()
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    built = {p.name for p in (bundled.parent).glob("tiny-*.pdf") if "ink-saver" not in p.name}
    assert {"tiny-bundle-letter.pdf", "tiny-bundle-letter-ink-saver.pdf", "tiny-feedback.pdf", "README.txt"} <= names
    assert {n.removeprefix("components/") for n in names if n.startswith("components/")} == built
    assert "100 %" in readme
    ink = PdfReader(bundled / "tiny-bundle-letter-ink-saver.pdf")
    assert len(ink.pages) == len(PdfReader(bundled / "tiny-bundle-letter.pdf").pages)


def test_feedback_sheet_lists_every_card_of_each_deck(bundled):
    text = pdf_text(bundled / "tiny-feedback.pdf")
    for name, cards in _decks().items():
        assert name in text
        for card in cards:
            assert re.search(rf"^{re.escape(card['id'])} ", text, re.M), f"card {card['id']} of {name} missing"
    assert "Date:" in text and "Players:" in text and "Version:" in text


def test_bundle_is_the_same_bytes_twice(bundled):
    before = {p.name: p.read_bytes() for p in bundled.iterdir()}
    result = run_pnp(bundled.parents[2], "bundle", "tiny", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert {p.name: p.read_bytes() for p in bundled.iterdir()} == before
    assert re.search(r"tiny-bundle-letter\.pdf: [\d,]+ KB, \d+ pages", result.output)


def test_every_font_of_the_bundle_and_feedback_sheet_is_embedded(bundled):
    for name in ("tiny-bundle-letter.pdf", "tiny-feedback.pdf"):
        fonts = pdf_fonts(PdfReader(bundled / name))
        assert fonts and all(fonts.values()), f"{name}: fonts not embedded: {[f for f, ok in fonts.items() if not ok]}"


def test_feedback_sheet_names_the_stamp_each_card_front_carries(bundled, pdfium_reader, tmp_path):
    """A note is tied to the revision played: each card's row shows the code its printed front carries."""
    cards = tmp_path / "cards.pdf"
    with zipfile.ZipFile(bundled / "tiny-print-and-play-letter.zip") as zf:
        cards.write_bytes(zf.read(next(n for n in zf.namelist() if n.startswith("components/") and "cards" in n)))
    # pdfplumber's words of the cards' characters, read through pdfium (conftest.pdfium_reader); backs carry no stamp
    fronts = [w["text"] for page in pdfium_reader.pages(cards) for w in extract_words(page.chars)]
    sheet = pdf_text(bundled / "tiny-feedback.pdf", " ").replace("\n", " ")
    codes = {word for word in fronts if re.fullmatch(r"[A-Z2-7]{6}", word)}  # the six base32 characters of a stamp
    assert codes, "the tiny game's fronts carry stamps"
    for code in codes:
        assert code in sheet, f"stamp {code} printed on a card is not on the feedback sheet"


DIE = """\
dice:
  - {id: pawn, shape: d6, size: 16, color: '#ffffff', face: tiny/die.j2, faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}
"""
BOX = """\
boxes:
  - {id: heroes, style: tuck, decks: [heroes], front: tiny/box.j2}
"""
VARIANTS = {"--board-paper": ("boards", "a3"), "--booklet": ("rulebook",)}  # build options whose extra PDFs the bundle leaves out
LEFT_OUT = {"--board-paper": "Boards on one large sheet", "--booklet": "The rulebook as a folded booklet"}  # as the player reads them


@pytest.fixture(scope="module")
def every_kind(tmp_path_factory) -> tuple[Path, Path, dict[str, list[Path]]]:
    """The tiny game with a die and a box too, so its build writes every kind of PDF: (bundle folder, default build's folder,
    {build option: the PDFs a build with it adds}). The build is made in the project's output folder, as a user's is,
    and its PDFs copied aside before the bundle: the bundle answers its plain parts from that build (the same bytes as
    a bundle made from nothing) and writes its ink-saver parts beside them."""
    root = tmp_path_factory.mktemp("every-kind") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/dice.yaml").write_text(DIE)
    (root / "data/tiny/boxes.yaml").write_text(BOX)
    (root / "templates/tiny/die.j2").write_text("{{ text(die_face.n|string, 0, 0, face.w, face.h, size=face.h * 0.8, align='center', valign='middle') }}\n")
    (root / "templates/tiny/box.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#336699", stroke="none") }}\n')
    built = root.parent / "built"
    result = run_pnp(root, "build", "tiny")
    assert result.exit_code == 0, result.output
    (built / "tiny").mkdir(parents=True)
    for pdf in (root / "output/tiny").glob("*.pdf"):
        shutil.copy2(pdf, built / "tiny" / pdf.name)
    added = {}
    for option, (only, *value) in VARIANTS.items():
        folder = root.parent / option.strip("-")
        result = run_pnp(root, "build", "tiny", "--only", only, option, *value, "--out", str(folder))
        assert result.exit_code == 0, result.output
        added[option] = [p for p in (folder / "tiny").glob("*.pdf") if not (built / "tiny" / p.name).exists()]
        assert added[option], f"a build with {option} writes a PDF of its own"
    result = run_pnp(root, "bundle", "tiny", "--paper", "letter")
    assert result.exit_code == 0, result.output
    return root / "output" / "tiny" / "bundle", built / "tiny", added


def test_every_pdf_the_build_writes_is_in_the_bundle_in_print_order(every_kind):
    folder, built, _ = every_kind
    pdfs = sorted(built.glob("*.pdf"))
    kinds = [p.stem.removeprefix("tiny-") for p in pdfs]
    assert {"cards", "tokens", "boards", "reference", "rulebook", "labels", "boxes", "dice"} <= set(kinds), kinds
    pages = [_contents(p) for p in PdfReader(folder / "tiny-bundle-letter.pdf").pages]
    starts = {}
    for path, kind in zip(pdfs, kinds, strict=True):
        run = [_contents(p) for p in PdfReader(path).pages]
        starts[kind] = next((i for i in range(len(pages)) if pages[i:i + len(run)] == run), None)
        assert starts[kind] is not None, f"{path.name}: its {len(run)} pages are not in the bundle"
    order = sorted(starts, key=starts.get)
    assert order.index("labels") > max(order.index(k) for k in ("cards", "tokens", "boards", "reference")), order  # label stock: its own run
    assert order[-1] == "rulebook", order  # the rules last


def test_the_bundle_says_what_it_leaves_out_and_where_labels_print(every_kind):
    folder, _, added = every_kind
    front = "\n".join(page_texts(folder / "tiny-bundle-letter.pdf", range(4)))
    notes = front[front.index("Not in this bundle"):]
    for option, pdfs in added.items():
        assert LEFT_OUT[option] in notes, f"{[p.name for p in pdfs]} (a build with {option}) are neither in the bundle nor named as left out"
    assert "Avery 5160" in front, "the labels' row names the label sheet they print on"


def test_the_front_pages_speak_to_the_player_and_name_decks_by_title(every_kind):
    """Issue 75.14: the bundle's reader prints a file; they run no `pnp` command. A card box holds decks by their title."""
    folder, _, _ = every_kind
    front = flat(" ".join(page_texts(folder / "tiny-bundle-letter.pdf", range(4))))
    assert "pnp " not in front and "`" not in front and "--" not in front, front
    assert "holds Heroes (12 cards)" in front, front
    assert "holds heroes" not in front


def test_each_playtest_sheet_heading_gives_the_decks_size(bundled):
    """The heading counts the cards the deck prints (copies counted), as the checklist does, and says why it has fewer
    rows: one a different card. The tiny deck is 12 cards of 5 faces (tests/project/data/tiny/decks/heroes.yaml)."""
    cards = _decks()["Heroes"]
    total = sum(c.get("count", 1) for c in cards)
    assert (total, len(cards)) == (12, 5)
    assert "Heroes (12 cards, 5 different)" in flat(pdf_text(bundled / "tiny-feedback.pdf"))


def test_the_bundle_opens_on_the_drawn_cover_and_closes_on_a_back_cover_with_the_version(bundled):
    """Page 1 is the rulebook's cover: the game's art placed as forms or images, its title in the game's title font
    (comfortaa); the last page names the game and its version above the credits."""
    import pikepdf

    with pikepdf.open(bundled / "tiny-bundle-letter.pdf") as doc:
        first = doc.pages[0]
        xobjects = first.Resources.get("/XObject") or {}
        fonts = {str(f.get("/BaseFont")) for f in (first.Resources.get("/Font") or {}).values()}
        for form in xobjects.values():
            fonts |= {str(f.get("/BaseFont")) for f in ((form.get("/Resources") or {}).get("/Font") or {}).values()}
    assert len(xobjects) >= 2, "the board and cards are drawn on the cover"
    assert any("omfortaa" in f for f in fonts), fonts
    first_text = flat(page_texts(bundled / "tiny-bundle-letter.pdf", [0])[0])
    assert "Tiny Test Game" in first_text
    reader = PdfReader(bundled / "tiny-bundle-letter.pdf")
    last = flat(page_texts(bundled / "tiny-bundle-letter.pdf", [len(reader.pages) - 1])[0])
    assert "Tiny Test Game" in last and "Credits and licences" in last
    assert "Version 0.3" in last  # the fixture's game.yaml


def test_the_credits_name_the_designer_the_sources_each_font_with_its_licence_and_pnp(bundled):
    """The credits page gives more than the title: who designed the game, what it was written from, each font the files
    embed with the licence its folder ships (noto-sans and comfortaa are OFL fonts), and the pnp that made them."""
    from importlib.metadata import version

    reader = PdfReader(bundled / "tiny-bundle-letter.pdf")
    last = flat(page_texts(bundled / "tiny-bundle-letter.pdf", [len(reader.pages) - 1])[0])
    for said in ("Game design: Ada Rook.", "Written in our own words from: a napkin sketch of a hero duel and a week of playtests.",
                 "Typeface comfortaa: SIL Open Font License 1.1.", "Typeface noto-sans: SIL Open Font License 1.1.",
                 f"Files made with pnp {version('print-and-play')}."):
        assert said in last, f"{said!r} not on the credits page:\n{last}"


def test_the_cover_band_names_the_edition_not_the_rulebook(bundled):
    """The rulebook's cover says 'Rules of play' under the title; the bundle's page 1, drawn alike, says what the bundle is."""
    first_text = flat(page_texts(bundled / "tiny-bundle-letter.pdf", [0])[0])
    assert "Print-and-play edition · version 0.3" in first_text, first_text
    assert "Rules of play" not in first_text
    with zipfile.ZipFile(bundled / "tiny-print-and-play-letter.zip") as zf:
        rulebook = zf.read(next(n for n in zf.namelist() if n.endswith("-rulebook.pdf")))
    assert "Rules of play" in flat(page_texts(rulebook, [0])[0]), "the rulebook itself keeps its subtitle"


def test_the_ink_saver_bundle_says_so_where_its_own_pages_begin(bundled):
    """Two bundles of one game side by side: the one printed light says it is the ink-saver edition in the line that
    heads its own pages (after the drawn cover); the full-colour one does not."""
    heads = {name: flat(page_texts(bundled / name, [1])[0]) for name in ("tiny-bundle-letter.pdf", "tiny-bundle-letter-ink-saver.pdf")}
    assert "Tiny Test Game · print-and-play edition" in heads["tiny-bundle-letter-ink-saver.pdf"], heads
    assert "ink-saver edition" in heads["tiny-bundle-letter-ink-saver.pdf"], heads
    assert "ink-saver" not in heads["tiny-bundle-letter.pdf"], heads


def test_an_a4_bundles_feedback_sheet_is_named_for_a4_in_its_folder_and_its_zip(tmp_path):
    """docs/publish.md: the feedback sheet alone is `<game>-feedback.pdf`, `-a4` on A4, so a Letter and an A4 bundle in
    one folder keep a sheet each; the A4 one is A4 (210 × 297 mm) and is the one its zip holds (the tiny game's decks
    and aids alone: its board, tokens and rules are not what this is about)."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "rulebook*.md"))
    result = run_pnp(root, "bundle", "tiny", "--paper", "a4")
    assert result.exit_code == 0, result.output + result.stderr
    folder = root / "output/tiny/bundle"
    assert sorted(p.name for p in folder.glob("*feedback*")) == ["tiny-feedback-a4.pdf"]
    box = PdfReader(folder / "tiny-feedback-a4.pdf").pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (210, 297)
    with zipfile.ZipFile(folder / "tiny-print-and-play-a4.zip") as zf:
        assert [n for n in zf.namelist() if "feedback" in n] == ["tiny-feedback-a4.pdf"]


@pytest.fixture(scope="module")
def solo(tmp_path_factory) -> Path:
    """The tiny game as a solo game with no rulebook and no cover.j2, bundled on Letter (its board and tokens left out:
    the covers are what this is about); the bundle's PDF."""
    root = tmp_path_factory.mktemp("solo") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "rulebook*.md"))
    game = root / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("players: {min: 2, max: 4}", "players: {min: 1, max: 1}", 1), encoding="utf-8")
    result = run_pnp(root, "bundle", "tiny", "--paper", "letter")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/bundle/tiny-bundle-letter.pdf"


def test_a_bundle_with_no_drawn_cover_opens_on_a_cover_of_words_saying_who_plays(solo):
    """docs/publish.md: a game with neither a cover.j2 nor a rulebook gets a cover of words: its title, its pitch, how many
    play (game.yaml's `players:`) and which edition this is."""
    cover = page_texts(solo, [0])[0].splitlines()
    assert len(cover) == 4 and cover[2] == "1 player", cover
    assert [cover[0], cover[1], cover[3]] == ["Tiny Test Game", "A deck of heroes & villains, for testing.",
                                              "Print-and-play edition · US Letter (8.5 × 11 in, 215.9 × 279.4 mm)"], cover


def test_a_solo_games_covers_say_one_number_of_players_never_a_range(solo):
    """A game for one player (`players: {min: 1, max: 1}`) says one number of players on both covers, never '1–1', and
    in the singular ('1 player', never '1 players')."""
    reader = PdfReader(solo)
    back = flat(page_texts(solo, [len(reader.pages) - 1])[0])
    assert re.search(r"(?<![–\d])1 player · age 8\+ · 15 minutes", back), back
    assert "1–1" not in flat(" ".join(page_texts(solo, range(len(reader.pages))))), "a range of one number"

def test_a_game_for_one_to_four_says_players_in_the_plural_on_both_covers(tmp_path):
    """A game one to four can play (`players: {min: 1, max: 4}`, as Police Precinct) says '1–4 players' on its cover of
    words and on its back cover: the singular is for a game of one player alone."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "reference.yaml", "rulebook*.md"))
    game = root / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("players: {min: 2, max: 4}", "players: {min: 1, max: 4}", 1), encoding="utf-8")
    result = run_pnp(root, "bundle", "tiny", "--paper", "letter")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = root / "output/tiny/bundle/tiny-bundle-letter.pdf"
    last = len(PdfReader(pdf).pages) - 1
    cover, back = page_texts(pdf, [0])[0].splitlines(), flat(page_texts(pdf, [last])[0])
    assert cover[2] == "1–4 players", cover
    assert "1–4 players · age 8+ · 15 minutes" in back, back


def test_a_bundle_asked_for_no_paper_is_made_on_letter_and_on_a4(tmp_path):
    """docs/commands.md: `pnp bundle` makes one print-and-play PDF per paper, Letter and A4 unless --paper says
    otherwise: a player on either side of the Atlantic finds theirs, each on its paper (8.5 × 11 in; 210 × 297 mm),
    and its print settings name that paper and its size as the player's print dialog offers it."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "reference.yaml", "rulebook*.md"))
    result = run_pnp(root, "bundle", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    folder = root / "output/tiny/bundle"
    assert sorted(p.name for p in folder.glob("tiny-bundle-*.pdf")) == ["tiny-bundle-a4-ink-saver.pdf", "tiny-bundle-a4.pdf",
                                                                       "tiny-bundle-letter-ink-saver.pdf", "tiny-bundle-letter.pdf"]
    sizes = {paper: PdfReader(folder / f"tiny-bundle-{paper}.pdf").pages[0].mediabox for paper in ("letter", "a4")}
    assert {paper: (round(float(box.width) / 72 * 25.4, 1), round(float(box.height) / 72 * 25.4, 1)) for paper, box in sizes.items()} \
        == {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
    for paper, said in (("letter", "US Letter (8.5 × 11 in, 215.9 × 279.4 mm)"), ("a4", "A4 (210 × 297 mm)")):
        assert f"Paper: {said}. Print at 100 % scale" in flat(pdf_text(folder / f"tiny-bundle-{paper}.pdf")), paper

def test_assembly_steps_follow_what_the_game_has():
    """No step for a kind of piece the game lacks (a game without tokens is never told to cut tokens), and one sleeve
    step naming each card size and its count."""
    from types import SimpleNamespace as NS

    from pnp.data.words import table_of
    from pnp.targets.bundle import Voice, assembly_steps

    decks = {d: NS(name=d.title(), size=(63.5, 88.9), total=n) for d, n in (("influence", 40), ("organs", 24), ("patients", 96))}
    decks["aids"] = NS(name="Aids", size=(70.0, 120.0), total=4)
    parts = [NS(kind=k) for k in ("cards", "reference", "boards", "labels", "rulebook")]
    steps = assembly_steps(NS(decks=decks), parts, Voice(table_of("en")))
    text = " ".join(steps)
    assert "token" not in text.lower() and "box" not in text.lower().replace("bag or box", "") and "dice" not in text.lower()
    sleeves = [s for s in steps if "leeve" in s]
    assert len(sleeves) == 1
    assert "160 sleeves of 63.5 × 88.9 mm" in sleeves[0] and "4 sleeves of 70 × 120 mm" in sleeves[0]
    assert "player aids" in text


def test_the_assembly_step_says_where_each_boards_map_and_tiles_are(bundled):
    """A board's step names its pages in the bundle: the page it names as the map is the board's assembly map, each tile
    page it names is one of its tiles (read from those pages' own words), or the page a whole board prints on."""
    path = bundled / "tiny-bundle-letter.pdf"
    front = flat(" ".join(page_texts(path, range(4))))
    boards = yaml.safe_load((TEST_PROJECT / "data" / "tiny" / "boards.yaml").read_text())["boards"]
    for board in boards:
        tiled = re.search(rf"{re.escape(board['name'])}: page (\d+) is its assembly map\. Trim the (\d+) tiles? on pages? (\d+)(?:–(\d+))?", front)
        whole = re.search(rf"{re.escape(board['name'])} prints whole on page (\d+)", front)
        assert tiled or whole, f"no step for {board['name']}:\n{front}"
        if tiled:
            at, n, first, last = int(tiled[1]), int(tiled[2]), int(tiled[3]), int(tiled[4] or tiled[3])
            assert "assembly map" in page_texts(path, [at - 1])[0]
            assert (first, last - first + 1) == (at + 1, n)
            assert all(f"{board['name']} · tile" in flat(t) for t in page_texts(path, range(first - 1, last)))
        else:
            assert board["name"] in flat(page_texts(path, [int(whole[1]) - 1])[0])


def test_the_back_cover_says_players_age_and_time_and_pictures_the_pieces(bundled):
    """The tiny game's game.yaml: 2–4 players, age 8, 15 minutes; under them a picture (the first card sheet)."""
    import pdfplumber

    reader = PdfReader(bundled / "tiny-bundle-letter.pdf")
    with pdfplumber.open(bundled / "tiny-bundle-letter.pdf", pages=[len(reader.pages)]) as pdf:
        page = pdf.pages[0]
        text, images = flat(page.extract_text()), page.images
    assert "2–4 players · age 8+ · 15 minutes" in text, text
    assert len(images) == 1 and images[0]["width"] > 100, images


def test_the_read_me_names_every_file_the_zip_holds(bundled):
    """A player who unzips the files reads in README.txt what each one is: every file beside it, the separate component
    PDFs in their folder among them, is named on a line of its own."""
    with zipfile.ZipFile(bundled / "tiny-print-and-play-letter.zip") as zf:
        names = [n for n in zf.namelist() if n != "README.txt"]
        listed = {line.strip() for line in zf.read("README.txt").decode().splitlines()}
    assert any(n.startswith("components/") for n in names), names
    assert [n for n in names if n not in listed] == [], listed


def test_every_page_of_a_letter_bundle_is_upright_letter_the_added_blank_pages_too(bundled):
    """US Letter is 8.5 × 11 in, 612 × 792 pt upright; a blank page put in so a double-sided run starts on an odd page
    is a sheet of the same paper, or the printer turns or rescales the run after it."""
    reader = PdfReader(bundled / "tiny-bundle-letter.pdf")
    blanks = [i + 1 for i, page in enumerate(reader.pages) if not _contents(page).strip()]
    assert blanks, "the tiny game's bundle puts a blank page before a double-sided run"
    sizes = {i + 1: (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for i, p in enumerate(reader.pages)}
    assert {page: size for page, size in sizes.items() if size != (612, 792)} == {}


def _drawn(page) -> bytes:
    """What a page draws: its content and, in the order first met, every form and image it places, each once (the
    forms of a sheet share one resource dictionary that names them all, themselves included)."""
    out, seen, todo = _contents(page), set(), [page]
    while todo:
        placed = (todo.pop().get("/Resources") or {}).get("/XObject") or {}
        for name in sorted(placed):
            key = getattr(placed.raw_get(name), "idnum", name)
            if key not in seen:
                seen.add(key)
                thing = placed[name].get_object()
                out += name.encode() + thing.get_data()
                todo.append(thing)
    return out


def test_the_ink_saver_bundle_prints_the_ink_saver_cards_not_the_full_colour_ones(bundled):
    """The light bundle is for a player short of ink: its card pages draw what the ink-saver build's cards draw, and
    none of them what a full-colour card page draws."""
    pages = [_drawn(p) for p in PdfReader(bundled / "tiny-bundle-letter-ink-saver.pdf").pages]
    light = [_drawn(p) for p in PdfReader(bundled.parent / "tiny-cards-ink-saver.pdf").pages]
    full = [_drawn(p) for p in PdfReader(bundled.parent / "tiny-cards.pdf").pages]
    assert any(pages[i:i + len(light)] == light for i in range(len(pages))), "the ink-saver cards' pages are not in the ink-saver bundle"
    only_full = set(full) - set(light)
    assert only_full, "the ink saver draws some card page otherwise"
    assert not only_full & set(pages), "a full-colour card page is in the ink-saver bundle"


def test_the_print_settings_say_each_run_flips_on_the_edge_its_pdf_asks_for(bundled):
    """PDF 1.7, 12.2 (viewer preferences): /Duplex /DuplexFlipLongEdge asks for a flip on the long edge,
    /DuplexFlipShortEdge on the short one; /Simplex or no /Duplex is one-sided. The print settings' row of each part,
    found by the page it starts on, says what its own PDF asks."""
    said_for = {"/DuplexFlipLongEdge": "double-sided, flip on the long edge", "/DuplexFlipShortEdge": "double-sided, flip on the short edge"}
    path = bundled / "tiny-bundle-letter.pdf"
    starts = _starts(bundled, [_contents(p) for p in PdfReader(path).pages])
    front = flat("\n".join(page_texts(path, range(min(starts.values())))))
    settings = front[front.index("Print settings"):front.index("Not in this bundle")]
    asked = {}
    for name, reader in _parts(bundled).items():
        prefs = reader.trailer["/Root"].get("/ViewerPreferences")
        asked[name] = said_for.get(str(prefs.get_object().get("/Duplex")) if prefs is not None else "", "one-sided")
        row = re.search(rf"(?<![\d–]){starts[name] + 1}(?:–\d+)? \D*?(one-sided|double-sided, flip on the (?:long|short) edge)", settings)
        assert row and row[1] == asked[name], f"{name} asks for {asked[name]!r}; its row says {row and row[0]!r}"
    assert "double-sided, flip on the long edge" in asked.values(), asked  # the tiny game's cards and aids


def test_a_bundle_is_not_made_when_a_card_template_fails(project):
    """A card template that fails leaves the cards unbuilt: a bundle without them would be incomplete, so none is
    written, the command fails, and the error is shown at its template's line."""
    (project / "templates" / "tiny" / "hero.j2").write_text('{{ no_such_function(1) }}\n')
    result = run_pnp(project, "bundle", "tiny", "--paper", "letter")
    shown = result.output + result.stderr
    assert result.exit_code != 0, shown
    assert "hero.j2:1:" in shown and "error" in shown, shown
    folder = project / "output" / "tiny" / "bundle"
    assert not folder.exists() or not any(folder.iterdir()), sorted(p.name for p in folder.iterdir())


def test_the_page_after_the_drawn_cover_names_the_paper_the_bundle_is_for(bundled):
    """docs/publish.md: after a drawn cover, the next page names the paper (a Letter bundle: 'US Letter', 8.5 × 11 in)."""
    head = flat(page_texts(bundled / "tiny-bundle-letter.pdf", [1])[0]).split(" Contents ")[0]
    assert "Tiny Test Game · print-and-play edition · US Letter (8.5 × 11 in" in head, head


def test_the_print_settings_say_each_part_on_plain_paper_prints_on_this_paper(bundled):
    """The 'Print on' column of every run but the labels' (a label sheet of their own) says the bundle's own paper."""
    import pdfplumber

    with pdfplumber.open(bundled / "tiny-bundle-letter.pdf", pages=range(1, 5)) as pdf:
        page = next(p for p in pdf.pages if "Print settings" in (p.extract_text() or ""))
        words = page.extract_words()
    head = next(w for i, w in enumerate(words) if w["text"] == "Print" and words[i + 1]["text"] == "on")
    end = next(w["top"] for i, w in enumerate(words) if w["text"] == "Not" and words[i + 1]["text"] == "in")  # "Not in this bundle", under the table
    column = head["x0"]
    rows = [w for w in words if head["top"] < w["top"] < end and re.fullmatch(r"\d+(–\d+)?", w["text"]) and w["x0"] < column / 4]  # each run's pages
    said = {}
    for row in rows:
        line = [w for w in words if abs(w["top"] - row["top"]) < 2]
        said[" ".join(w["text"] for w in line if w["x0"] < column)] = " ".join(w["text"] for w in line if w["x0"] >= column - 1)
    assert len(said) >= 6, said
    for run, where in said.items():
        assert where.startswith("Avery 5160") if "labels" in run else where == "this paper", (run, where)


def test_the_back_cover_gives_the_games_pitch_above_the_credits(bundled):
    reader = PdfReader(bundled / "tiny-bundle-letter.pdf")
    last = flat(page_texts(bundled / "tiny-bundle-letter.pdf", [len(reader.pages) - 1])[0])
    pitch = yaml.safe_load((TEST_PROJECT / "data/tiny/game.yaml").read_text())["pitch"]
    assert pitch in last and last.index(pitch) < last.index("Credits and licences"), last


def test_the_assembly_steps_tell_how_to_check_and_print_the_labels(bundled):
    """The tiny game prints bag and box labels: a step says to check the outlines page against a label sheet first."""
    front = flat(" ".join(page_texts(bundled / "tiny-bundle-letter.pdf", range(5))))
    steps = front[front.index("Assembly"):]
    assert re.search(r"Labels: print the labels file.s last page \(slot outlines\) on plain paper and hold it against a label sheet", steps), steps


def test_the_checklist_gives_each_deck_its_different_cards_beside_the_copies_printed(bundled):
    """docs/publish.md: each deck with its number of cards (copies counted) and of different faces. The heroes print 12
    cards of five different faces (decks/heroes.yaml's five entries, in 2 + 2 + 3 + 3 + 2 copies)."""
    text = flat("\n".join(page_texts(bundled / "tiny-bundle-letter.pdf", range(3))))
    for name, cards in _decks().items():
        said = f"Deck {name} {sum(c.get('count', 1) for c in cards)} 63.5 × 88.9 mm cards, {len(cards)} different"
        assert said in text, f"{said!r} not in:\n{text}"


def test_a_one_page_part_is_given_its_page_alone_in_the_print_settings(bundled):
    """The back cover with its credits is one page, the bundle's last: its row in the print settings names that page
    ('27'), never a range from a page to itself ('27–27'); no row of the table says such a range."""
    path = bundled / "tiny-bundle-letter.pdf"
    last = len(PdfReader(path).pages)
    front = flat("\n".join(page_texts(path, range(5))))
    settings = front[front.index("Print settings"):front.index("Not in this bundle")]
    assert re.search(rf"(?<![\d–]){last} Credits and licences", settings), settings
    assert not re.search(r"(?<![\d–])(\d+)–\1(?!\d)", settings), settings
