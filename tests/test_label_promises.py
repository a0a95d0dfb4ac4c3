"""The bag and box labels' promises (issue 101), each read back from what `pnp build tiny --only labels` prints on the
small test project (tests/conftest.py's `project`), in this process:

- a label takes its pieces' own colour (a `tint` or `color` naming one of the game's palette colours) and the
  palette's accent only where they name none, or the ink where the palette has no accent;
- what a game's own label template is given (`label`: title, lines, icon, tint, kind: docs/components.md);
- where labels land: each slot where the maker's published template puts it, 2 mm inside its die cut, a round
  label's words in the square inside its circle, page after page, clear of a cutting machine's marks;
- a sheet the designer measures is refused at its place when its slots overlap or run off the page;
- justified words break as a reader expects: no second hyphen after a word's own, never two letters from a
  word's end;
- the ink saver stands a gradient's darkest stop in for it (its outline in that colour).

Expected positions are the makers' templates (cited at each), colours the tiny game's palette (its game.yaml),
counts its YAML counted by hand."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
from conftest import MM, run_pnp

IN = 25.4
PT = 25.4 / 72  # mm a point
PALETTE = {"ink": "#1d2433", "red": "#c0392b", "blue": "#2e6da4", "gold": "#876510"}  # tests/project/data/tiny/game.yaml
ACCENT = "#2a9d8f"
# Avery 5160 (Letter; avery.com's template 5160): 2⅝ × 1 in labels, 3 across and 10 down, the first ½ in from the top
# and 3⁄16 in from the left, 2¾ in and 1 in between slot origins
AVERY_5160 = [((3 / 16 + c * 2.75) * IN, (0.5 + r) * IN) for r in range(10) for c in range(3)]
AVERY_5160_SLOT = (2.625 * IN, IN)
# Avery 3274.1 (Letter; third-party: gLabels' avery-us-templates.xml): 2½ in squares, 3 × 3, the first 0.3125 in from
# the left and 1.25 in from the top, 2.6875 in and 3 in between slot origins
AVERY_3274_1 = [((0.3125 + c * 2.6875) * IN, (1.25 + r * 3) * IN) for r in range(3) for c in range(3)]
# Avery 5294 (Letter; as gLabels lists it): 2½ in circles, 3 × 4, the first 0.21 in from the left and 0.425 in from the
# top, 2.75 in and 2.515 in between slot origins
AVERY_5294 = [((0.21 + c * 2.75) * IN, (0.425 + r * 2.515) * IN) for r in range(4) for c in range(3)]
TINY_LABELS = ["Heroes", "Coins", "Pawns", "Shields", "Walls", "Bank notes", "Hero standee"]  # its deck, then its token sets


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _labels(project: Path, *args: str) -> Path:
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return next((project / "output" / "tiny").glob("tiny-labels*.pdf"))


def _hex(colour) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def _band_colours(page) -> dict[str, str]:
    """Each label's colour as pnp's label template prints it: the full-width band above its title, by its fill."""
    bands = [r for r in page.rects if r["width"] > 40 * MM and 1.5 * MM < r["height"] < 3 * MM]
    colours = {}
    for (x, y), words in _slot_texts(page, AVERY_5160, AVERY_5160_SLOT).items():
        title = next((t for t in [*TINY_LABELS, "Setup", "Rules"] if f"\n{t}\n" in f"\n{words}\n"), None)
        band = [r for r in bands if x <= r["x0"] * PT <= x + AVERY_5160_SLOT[0] and y <= r["top"] * PT <= y + AVERY_5160_SLOT[1]]
        if title and band:
            colours[title] = _hex(band[0]["non_stroking_color"])
    return colours


def _slot_texts(page, slots, size) -> dict[tuple[float, float], str]:
    """The words inside each slot of the page (x, y from the page's top-left corner, mm), those holding any."""
    found = {}
    for x, y in slots:
        words = page.crop((x / PT, y / PT, (x + size[0]) / PT, (y + size[1]) / PT)).extract_text()
        if words.strip():
            found[(x, y)] = words
    return found


# --- a label's colour -------------------------------------------------------------------------------------------------

def test_a_label_takes_the_palette_colour_its_pieces_name_and_the_accent_where_they_name_none(project):
    """The heroes' deck names `tint: blue` in its defaults, the shields' set `tint: gold`; the walls' set names a colour
    the palette lacks (`tint: "#123456"`) and the coins' items colours by hex only: both take the accent; the pawns
    come in red and blue (the first, red); a label the game adds takes the tint it names, or the accent."""
    game = project / "data/tiny/game.yaml"
    _replace(game, '  gold: "#876510"\n', f'  gold: "#876510"\n  accent: "{ACCENT}"\n')
    _append(game, "labels:\n  add:\n    - {title: Setup, lines: [Deal three], tint: gold}\n    - {title: Rules, lines: [Roll]}\n")
    _replace(project / "data/tiny/decks/heroes.yaml", "defaults: {side: red}", "defaults: {side: red, tint: blue}")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    count: 4\n    front: tiny/token-shield.j2", "    count: 4\n    tint: gold\n    front: tiny/token-shield.j2")
    _replace(tokens, "    count: 6\n    front: tiny/token-wall.j2", '    count: 6\n    tint: "#123456"\n    front: tiny/token-wall.j2')
    with pdfplumber.open(_labels(project)) as pdf:
        colours = _band_colours(pdf.pages[0])
    assert colours == {"Heroes": PALETTE["blue"], "Coins": ACCENT, "Pawns": PALETTE["red"], "Shields": PALETTE["gold"], "Walls": ACCENT,
                       "Bank notes": ACCENT, "Hero standee": ACCENT, "Setup": PALETTE["gold"], "Rules": ACCENT}, colours


def test_a_labels_colour_is_the_first_its_pieces_name_in_the_palette_and_the_ink_where_there_is_no_accent(project):
    """The tiny game's palette has no accent: labels whose pieces name no palette colour take its ink. A set naming a
    hex colour the palette lacks and, on its first item, a palette colour takes that item's; a card naming both a
    `tint` and a `color` of the palette takes its `tint`."""
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    name: Coins\n", '    name: Coins\n    tint: "#123456"\n')
    _replace(tokens, '{id: c1, value: 1, tint: "#f3d36b", count: 8}', "{id: c1, value: 1, tint: gold, count: 8}")
    _replace(project / "data/tiny/decks/heroes.yaml", 'stars: 3, number: 1,', 'stars: 3, number: 1, color: red, tint: blue,')
    with pdfplumber.open(_labels(project)) as pdf:
        colours = _band_colours(pdf.pages[0])
    assert colours["Heroes"] == PALETTE["blue"] and colours["Coins"] == PALETTE["gold"], colours
    assert colours["Shields"] == colours["Bank notes"] == PALETTE["ink"], colours


# --- what a game's own label template is given ------------------------------------------------------------------------

FIELDS_TEMPLATE = ('{{ text(label.kind ~ " | " ~ label.title ~ " | " ~ (label.icon or "no-icon") ~ " | " ~ label.tint ~ " | "'
                   ' ~ (label.lines | join(" / ")), 0, 0, face.w, face.h, size=6, min_size=6, edge=true) }}\n')


def _fields(project: Path, extra: str = "") -> dict[str, list[str]]:
    """Each label's fields as the game's own template (`labels: {template: ...}`) printed them: title → [kind, icon,
    tint, lines]; `extra` is game.yaml's `labels: add:` list."""
    (project / "templates/tiny/label-fields.j2").write_text(FIELDS_TEMPLATE, encoding="utf-8")
    _append(project / "data/tiny/game.yaml", "labels:\n  template: tiny/label-fields.j2\n" + extra)
    with pdfplumber.open(_labels(project)) as pdf:
        texts = [" ".join(t.split()) for page in pdf.pages[:-1] for t in _slot_texts(page, AVERY_5160, AVERY_5160_SLOT).values()]
    found = {}
    for text in texts:
        kind, title, icon, tint, lines = (text + " ").split(" | ")
        found[title] = [kind, icon, tint, lines.strip()]
    return found


def test_a_games_label_template_is_given_each_labels_kind_icon_tint_and_lines(project):
    """docs/components.md: a label template sees `label`: its title, lines (what it holds, counted from the data, and
    the game's title), icon (its pieces' first that pnp knows, else none), tint and kind (deck, tokens or extra), the
    decks first, then the token sets, then the game's own labels."""
    _replace(project / "data/tiny/decks/heroes.yaml", "defaults: {side: red}", "defaults: {side: red, icon: star}")
    tokens = project / "data/tiny/tokens.yaml"
    _replace(tokens, "    name: Coins\n", "    name: Coins\n    icon: no-such-icon\n")
    _replace(tokens, "    name: Shields\n", "    name: Shields\n    icon: 42\n")
    fields = _fields(project, "  add:\n    - {title: Setup, lines: [Deal three, Coins to the bank], icon: star, tint: blue}\n    - {title: Rules}\n")
    assert fields["Heroes"] == ["deck", "star", "ink", "deck · 12 cards, 5 different / Tiny Test Game"], fields["Heroes"]
    assert fields["Coins"] == ["tokens", "no-icon", "ink", "tokens · 12 pieces / 8 × 1, 4 × 5 / Tiny Test Game"], fields["Coins"]
    assert fields["Shields"] == ["tokens", "no-icon", "ink", "tokens · 4 pieces / Tiny Test Game"], fields["Shields"]
    assert fields["Pawns"] == ["tokens", "no-icon", "red", "tokens · 6 pieces / 3 × red, 3 × blue / Tiny Test Game"], fields["Pawns"]
    assert fields["Setup"] == ["extra", "star", "blue", "Deal three / Coins to the bank"], fields["Setup"]
    assert fields["Rules"] == ["extra", "no-icon", "ink", ""], fields["Rules"]
    assert list(fields) == [*TINY_LABELS, "Setup", "Rules"]


# --- justified words ---------------------------------------------------------------------------------------------------

WORDS = ("A well-known rule: naturally the population of the hospital waits patiently, quickly and naturally, for a "
         "well-known laboratory: an evaluation, amazingly and uniquely.")
# The same paragraph justified in sixteen boxes 18 to 43.5 mm wide, four across, on one slot a sheet the designer
# measured holds: each width breaks its lines at other points, among them just after the word's own hyphen
WORDS_TEMPLATE = """\
{% if label.kind == "extra" %}{% for k in range(16) %}
{{ text(label.lines[0], (k % 4) * 47, (k // 4) * 62, 18 + k * 1.7, 60, size=7, min_size=7, align="justify", valign="top", edge=true) }}
{% endfor %}{% endif %}
"""


def test_justified_words_break_with_one_hyphen_after_their_own_and_never_two_letters_from_their_end(project):
    """Justified text breaks words where the edition's language allows: a word that has its own hyphen ('well-known')
    breaks after it and prints no second one ('well--'); a word broken by the language's patterns keeps two letters
    before its hyphen and three after it ('natu-rally', never 'natural-ly': TeX's \\lefthyphenmin and \\righthyphenmin
    for English). Read from the label's lines as the PDF prints them, each box's lines apart."""
    _append(project / "data/tiny/game.yaml", "labels:\n  sheet: {page: letter, slot: [190, 250], first: [12, 14], pitch: [190, 250], "
            f"columns: 1, rows: 1}}\n  template: tiny/label-words.j2\n  add:\n    - {{title: Words, lines: [\"{WORDS}\"]}}\n")
    (project / "templates/tiny/label-words.j2").write_text(WORDS_TEMPLATE, encoding="utf-8")
    breaks = []
    with pdfplumber.open(_labels(project)) as pdf:
        page = pdf.pages[-2]  # the game's own label, after the pieces' (this template leaves theirs blank), before the outlines
        for k in range(16):
            x, y = 12 + 2 + (k % 4) * 47, 14 + 2 + (k // 4) * 62  # the slot's corner, 2 mm in, then the box's
            lines = page.crop((x / PT, y / PT, (x + 18 + k * 1.7) / PT + 1, (y + 60) / PT)).extract_text().splitlines()
            assert re.sub("[^A-Za-z]", "", "".join(lines)) == re.sub("[^A-Za-z]", "", WORDS), lines  # every letter, once, in order
            breaks += [(line, after) for line, after in itertools.pairwise(lines) if line.endswith("-")]
    assert not [b for b in breaks if b[0].endswith("--")], breaks
    own = [b for b in breaks if b[0].endswith("well-") and b[1].startswith("known")]
    patterns = [b for b in breaks if b not in own]
    assert own and patterns, breaks  # both kinds of break are asked of the rule
    for line, after in breaks:
        before, rest = re.search(r"([A-Za-z]*)-$", line)[1], re.match(r"[A-Za-z]*", after)[0]
        assert len(before) >= 2 and len(rest) >= 3, (line, after)


# --- a gradient under the ink saver -------------------------------------------------------------------------------------

def test_the_ink_saver_outlines_a_large_gradient_in_its_darkest_stop(project):
    """The ink saver turns a large fill into a light tint outlined in its own colour; a gradient's own colour is its
    darkest stop (docs/ink-saver: a gradient stands as its darkest stop), wherever that stop is: here between two light
    ones. Read from the ink-saver cards' PDF: the 40 mm square's outline, 0.35 mm wide, in the dark stop's colour."""
    (project / "templates/tiny/band.j2").write_text('{{ rect(10, 20, 40, 40, fill=gradient(["#e8eef4", "#203040", "#f4ece8"], angle=0)) }}\n',
                                                    encoding="utf-8")
    (project / "data/tiny/decks/bands.yaml").write_text("name: Bands\nsize: poker\nfront: tiny/band.j2\ncards:\n  - {id: b, count: 1}\n",
                                                        encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--deck", "bands", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(next((project / "output/tiny").glob("tiny-cards-ink-saver*.pdf"))) as pdf:
        page = pdf.pages[0]
        outlines = [(round(o["width"] * PT, 1), round(o["height"] * PT, 1), _hex(o["stroking_color"]), round(o["linewidth"] * PT, 2))
                    for o in page.rects + page.curves if o.get("stroke")]
    assert outlines == [(40.0, 40.0, "#203040", 0.35)], outlines
