"""Labels read at arm's length (issue 75, item 8): every word on the five games' bag and box labels prints at 6 pt or
more, the size of the sheets' own small print (their footers), on Letter and A4; read from the label PDFs' pages
(the last page, the slot outlines for checking on plain paper, has no label on it)."""
from __future__ import annotations

from conftest import ROOT
from print_sizes import smallest
from pypdf import PdfReader

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
LABEL_FLOOR_PT = 6.0  # the sheets' footers' size (tests/test_small_print.py): a label's contents are read no closer
READ = 1e-4  # pt: a PDF holds its numbers to six significant digits


def test_every_word_on_the_games_labels_prints_at_6_pt_or_more(shared_build):
    small = []
    for out, tag in ((shared_build(), ""), (shared_build("--paper", "a4"), "-a4")):
        for game in GAMES:
            pdf = out / game / f"{game}-labels{tag}.pdf"
            labels = len(PdfReader(pdf).pages) - 1  # the last page: the slot outlines
            found = {(round(size, 2), page) for size, page, *_ in smallest(pdf).text if page <= labels and size < LABEL_FLOOR_PT - READ}  # pages from 1
            small += [f"{pdf.name} page {page}: {size} pt" for size, page in sorted(found)]
    assert not small, small[:10]


def test_a_label_takes_its_pieces_colour_and_the_accent_only_where_they_have_none(tmp_path):
    """A label's band is drawn in its pieces' colour: the tiny game's pawns come in red and blue (`colors: [red, blue]`,
    the first named), so their label's band is the palette's red; labels of pieces with no palette colour take the
    palette's accent. Read from the label PDF: each label's band (the full-width bar above its title) by its fill."""
    import shutil

    import pdfplumber
    from conftest import MM, TEST_PROJECT, run_pnp

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('  gold: "#876510"\n', '  gold: "#876510"\n  accent: "#2a9d8f"\n'), encoding="utf-8")
    assert run_pnp(root, "build", "tiny", "--only", "labels", "-q").exit_code == 0
    with pdfplumber.open(root / "output/tiny/tiny-labels.pdf") as pdf:
        page = pdf.pages[0]
        bands = [r for r in page.rects if r["width"] > 40 * MM and 1.5 * MM < r["height"] < 3 * MM]
        colours = {}
        for word in (w for w in page.extract_words() if w["text"] in ("Heroes", "Coins", "Pawns", "Shields")):
            band = next(r for r in bands if r["x0"] <= word["x0"] <= r["x1"] and 0 < word["top"] - r["top"] < 10 * MM)
            colours[word["text"]] = "#" + "".join(f"{round(v * 255):02x}" for v in band["non_stroking_color"])
    assert colours == {"Pawns": "#c0392b", "Heroes": "#2a9d8f", "Coins": "#2a9d8f", "Shields": "#2a9d8f"}, colours


def _labels_by_slot(pdf_path) -> list[str]:
    """Each filled slot's words, in slot order, as one line: Avery 5160's slots (3 across, 10 down; the first ½ in from
    the top and 3⁄16 in from the left, 2¾ in and 1 in between slot origins; 2⅝ × 1 in each), read with pdfplumber."""
    import pdfplumber

    pt = 72
    texts = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages[:-1]:  # the last page is the slot outlines, for checking on plain paper
            for row in range(10):
                for col in range(3):
                    x, y = (3 / 16 + col * 2.75) * pt, (0.5 + row) * pt
                    words = page.crop((x, y, x + 2.625 * pt, y + pt)).extract_text()
                    if words.strip():
                        texts.append(" ".join(words.split()))
    return texts


def test_each_label_says_what_its_deck_or_set_holds_as_the_data_counts_it(tmp_path):
    """A label's contents come from the data, counted by hand here from tests/project's YAML: the heroes' 12 cards of 5
    kinds; each token set's pieces (the coins' items with their own counts, the pawns one set per colour); a set of two
    to six kinds lists them, one of seven lists none (a label has no room), one of one says only its count; a piece or
    card alone is said in the singular; a label the game adds prints its own lines (in the accent, or the ink where the
    palette has none: the tiny game has none)."""
    import shutil

    from conftest import TEST_PROJECT, run_pnp

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    tokens = root / "data/tiny/tokens.yaml"
    kinds = {"gems": [(f"Gem{n}", n) for n in range(1, 7)], "ores": [(f"Ore{n}", 1) for n in range(1, 8)]}
    added = "".join(f"  - id: {set_id}\n    name: {set_id.title()}\n    shape: circle\n    size: 15\n    front: tiny/token-coin.j2\n    items:\n"
                    + "".join(f"      - {{id: {name.lower()}, name: {name}, count: {n}}}\n" for name, n in items) for set_id, items in kinds.items())
    text = tokens.read_text(encoding="utf-8").replace("    count: 4\n    front: tiny/token-shield.j2", "    count: 1\n    front: tiny/token-shield.j2")
    tokens.write_text(text.rstrip("\n") + "\n" + added, encoding="utf-8")
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + 'labels:\n  add:\n    - {title: Setup, lines: ["Deal 3 Heroes each", "Coins to the bank"], icon: star}\n',
                    encoding="utf-8")
    result = run_pnp(root, "build", "tiny", "--only", "labels", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    labels = _labels_by_slot(root / "output/tiny/tiny-labels.pdf")
    wanted = {
        "Heroes": "deck · 12 cards, 5 different",
        "Coins": "tokens · 12 pieces 8 × 1, 4 × 5",
        "Pawns": "tokens · 6 pieces 3 × red, 3 × blue",
        "Shields": "tokens · 1 piece",
        "Gems": "tokens · 21 pieces 1 × Gem1, 2 × Gem2, 3 × Gem3, 4 × Gem4, 5 × Gem5, 6 × Gem6",
        "Ores": "tokens · 7 pieces",
        "Setup": "Deal 3 Heroes each Coins to the bank",
    }
    for title, says in wanted.items():
        label = next((t for t in labels if title in t.split("Tiny Test Game")[-1]), None)
        assert label is not None and says in label, (title, labels)
    ores = next(t for t in labels if "Ores" in t)
    assert "Ore1" not in ores, ores  # seven kinds: no room to list them


def test_a_labels_contents_too_long_at_6_pt_are_said_and_never_printed_smaller(project):
    """docs/labels-and-cutters.md: no word on a label prints under 6 pt. A token set of six kinds with long names (their
    list runs past the three lines a 5160 label holds at 6 pt) is told it does not fit even at 6 pt, and no label page
    prints a word under 6 pt."""
    from conftest import run_pnp

    names = ["Ancient Crystal Shard", "Enchanted Moonstone Relic", "Forgotten Emerald Idol", "Gleaming Sapphire Amulet",
             "Hidden Obsidian Talisman", "Radiant Sunstone Pendant"]
    items = "".join(f"      - {{id: k{n}, name: {name}, count: 1}}\n" for n, name in enumerate(names))
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + "  - id: relics\n    name: Relics\n    shape: circle\n    size: 15\n"
                      f"    front: tiny/token-coin.j2\n    items:\n{items}", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    said = [line for line in result.output.splitlines() if line.endswith("[label Relics]")]
    assert len(said) == 1 and ": error: text does not fit its " in said[0] and " even at 6 pt ('tokens · 6 pieces" in said[0], result.output
    small = []
    for pdf in project.glob("output/tiny/tiny-labels*.pdf"):  # whatever labels the build wrote: none of them under 6 pt
        labels = len(PdfReader(pdf).pages) - 1  # the last page: the slot outlines
        small += sorted({(round(size, 2), page) for size, page, *_ in smallest(pdf).text if page <= labels and size < LABEL_FLOOR_PT - READ})
    assert not small, small


def test_a_sets_kinds_too_long_for_pnps_own_label_are_said_at_the_sets_name(project):
    """The error of a token set whose six kinds' names fill no label even at 6 pt is said where the designer mends it:
    at the set's `name:` value in tokens.yaml (its line and column), naming pnp's own template as a game names it,
    never at a file inside pnp's install."""
    from conftest import run_pnp

    names = ["Ancient Crystal Shard", "Enchanted Moonstone Relic", "Forgotten Emerald Idol", "Gleaming Sapphire Amulet",
             "Hidden Obsidian Talisman", "Radiant Sunstone Pendant"]
    items = "".join(f"      - {{id: k{n}, name: {name}, count: 1}}\n" for n, name in enumerate(names))
    tokens = project / "data/tiny/tokens.yaml"
    text = tokens.read_text(encoding="utf-8")
    tokens.write_text(text + "  - id: relics\n    name: Relics\n    shape: circle\n    size: 15\n"
                      f"    front: tiny/token-coin.j2\n    items:\n{items}", encoding="utf-8")
    name_line = len(text.splitlines()) + 2  # the line after `- id: relics`; its value starts at column 11
    said = [line for line in run_pnp(project, "build", "tiny", "--only", "labels", "-q").output.splitlines() if ": error: " in line]
    assert len(said) == 1 and said[0].startswith(f"data/tiny/tokens.yaml:{name_line}:11: error: text does not fit its "), said
    assert said[0].endswith(": shorten it (drawn by pnp's own template pnp/label.j2) [label Relics]") and "assets" not in said[0], said
    assert "enlarge the box" not in said[0] and "min_size" not in said[0], said  # pnp's own box and sizes: not the designer's to change


def test_a_label_game_yaml_adds_too_long_for_pnps_own_label_is_said_at_its_title(project):
    """A label game.yaml adds (`labels: add:`) whose twelve lines fill no label even at 6 pt is said at its entry's
    `title:` in game.yaml, where the designer shortens it, quoting its lines (not the title, which fits), and told only to
    shorten it: never at a file inside pnp's install, never to enlarge a box or lower a size that are pnp's own."""
    from conftest import run_pnp

    game = project / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8")
    lines = ", ".join(f'"Step {n}: deal every player a hand of seven cards face down"' for n in range(12))
    game.write_text(text + f"labels:\n  add:\n    - {{title: Setup, lines: [{lines}]}}\n", encoding="utf-8")
    title_line = len(text.splitlines()) + 3  # `    - {title: Setup, ...}`: its value starts at column 15
    said = [line for line in run_pnp(project, "build", "tiny", "--only", "labels", "-q").output.splitlines() if ": error: " in line]
    assert len(said) == 1 and said[0].startswith(f"data/tiny/game.yaml:{title_line}:15: error: text does not fit its "), said
    assert " even at 6 pt ('Step 0: deal every player" in said[0], said
    assert said[0].endswith(": shorten it (drawn by pnp's own template pnp/label.j2) [label Setup]"), said
    assert "enlarge the box" not in said[0] and "min_size" not in said[0] and "assets" not in said[0], said
