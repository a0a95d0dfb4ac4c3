"""The rulebook as a web page (`pnp build --html`, docs/components.md), read as a browser and a screen reader meet it:
its contents list a link to each chapter, an ordered list keeps the number it starts at, a column the Markdown aligns
right (`---:`) is right-aligned in every row, and an inline icon is named unless the word beside it already says it.

Read back from the tiny game's rulebook (tests/project/data/tiny/rulebook.md: chapters Overview, Components and Setting
up, sections Playing a turn and Winning), built once with a pitch of its own in its front matter, a list that starts at 4, a line with an icon, one with a two-word icon, a line broken with a backslash, a line in CSS's yellow
a code block of markup, the Knight again without a width and the Tiny Town board without a caption
added to its end."""
from __future__ import annotations

import shutil
from html.parser import HTMLParser

import pytest
from conftest import TEST_PROJECT, run_pnp

PAGE = "output/tiny/tiny-rulebook.html"
CHAPTERS = ["Overview", "Components", "Setting up"]  # the source's level-1 headings, in its order
KNIGHT = "card:heroes/knight"  # a poker card (63.5 × 88.9 mm), figured at 45 mm in the source and at no width at the end
PITCH = "Four heroes, one crown."  # the front matter's own pitch, added: game.yaml's is "A deck of heroes & villains, for testing."


class _Tags(HTMLParser):
    """Each start tag in order: its attributes, the text inside it, the tags it stands in (`inside`) and their places
    in the list (`within`)."""

    def __init__(self):
        super().__init__()
        self.tags: list[dict] = []
        self._open: list[dict] = []

    def handle_starttag(self, tag, attrs):
        entry = {"tag": tag, **dict(attrs), "text": "", "inside": [t["tag"] for t in self._open], "within": [t["n"] for t in self._open],
                 "n": len(self.tags)}
        self.tags.append(entry)
        if tag not in ("img", "br", "hr", "meta"):
            self._open.append(entry)

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        for entry in self._open:
            entry["text"] += data


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> list[dict]:
    root = tmp_path_factory.mktemp("html") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    source = root / "data/tiny/rulebook.md"
    rules = source.read_text(encoding="utf-8").replace("subtitle: Rules of play\n", f"subtitle: Rules of play\npitch: {PITCH}\n", 1)
    source.write_text(rules + "\nAnd then:\n\n4. Tally the stars.\n5. Proclaim the winner.\n\nStart each turn with a :star: in hand.\n"
                      "\nA fight is marked :crossed-swords: on its card.\n"
                      "\nScore one star,\\\nthen pass.\n"
                      "\nA [yellow]yellow coin[/] is worth two.\n\n```\n<b>Score</b> = stars & coins\n```\n"
                      f"\n![]({KNIGHT})\n\nThe board:\n\n![](board:town \"60\")\n", encoding="utf-8")
    result = run_pnp(root, "build", "tiny", "--only", "rulebook", "--html")
    assert result.exit_code == 0, result.output + result.stderr
    parser = _Tags()
    parser.feed((root / PAGE).read_text(encoding="utf-8"))
    return parser.tags


def test_the_contents_list_a_link_to_each_chapter_and_to_nothing_else(page):
    headings = {t["text"].strip(): t["id"] for t in page if t["tag"] in ("h1", "h2") and "main" in t["inside"]}
    links = [(t["text"].strip(), t["href"]) for t in page if t["tag"] == "a" and "nav" in t["inside"]]
    assert links == [(name, f"#{headings[name]}") for name in CHAPTERS]


def test_the_cover_gives_the_rulebooks_own_title_subtitle_and_pitch(page):
    """docs/components.md: the rulebook's front matter overrides game.yaml's pitch, on the web page's cover as on the PDF's."""
    header = next(t for t in page if t["tag"] == "header")
    said = [" ".join(t["text"].split()) for t in page if t["tag"] in ("h1", "p", "em") and header["n"] in t["within"]]
    assert said[:2] == ["Tiny Test Game", "Rules of play"] and PITCH in said, said
    assert "for testing" not in header["text"], header["text"]


def test_each_header_cell_names_the_column_it_heads(page):
    """The components' and the Winning table's head rows: a screen reader announces each cell's column by these cells
    (scope="col", as the HTML standard's header cells of a column), never its row."""
    heads = [t for t in page if t["tag"] == "th"]
    assert [t["text"].strip() for t in heads][-3:] == ["Stars", "Points", "Note"], heads
    assert [t["scope"] for t in heads] == ["col"] * len(heads), heads


def test_an_ordered_list_written_from_4_starts_at_4_and_one_written_from_1_carries_no_start(page):
    lists = [t for t in page if t["tag"] == "ol" and "nav" not in t["inside"]]
    assert [t.get("start") for t in lists] == [None, "4"]
    assert [t["text"] for t in page if t["tag"] == "li" and lists[1]["n"] in t["within"]] == ["Tally the stars.", "Proclaim the winner."]


def test_the_column_written_right_aligned_is_right_aligned_in_its_head_and_every_row(page):
    """The Winning table is `| --- | ---: | --- |`: its Points column (1, 3, 6) right, the other two as the browser sets."""
    table = [t for t in page if t["tag"] in ("th", "td") and t["text"].strip() in ("Points", "1", "3", "6", "Note", "a single star")]
    right = {t["text"].strip() for t in table if t.get("style") == "text-align:right"}
    assert right == {"Points", "1", "3", "6"}
    assert all("style" not in t for t in table if t["text"].strip() in ("Note", "a single star"))


def test_an_icon_is_named_unless_the_word_beside_it_says_it(page):
    """'Stars look like :star:' names it already (its alt is empty, so a reader does not say "star" twice); 'gains a
    :star:' does not (its alt is the icon's name)."""
    paragraphs = [t for t in page if t["tag"] in ("p", "blockquote") and "main" in t["inside"]]
    stars = next(p for p in paragraphs if p["text"].startswith("Tiny Test Game"))
    example = next(p for p in paragraphs if p["tag"] == "blockquote")
    icons = [t for t in page if t["tag"] == "img" and t.get("class") == "icon"]
    in_stars = [t["alt"] for t in icons if stars["n"] in t["within"]]
    in_example = [t["alt"] for t in icons if example["n"] in t["within"]]
    assert in_stars == [""] and in_example == ["star"]


def test_a_word_that_only_begins_like_an_icons_name_does_not_say_it(page):
    """'Start each turn with a :star:': "start" is not "star", so the icon keeps its name for a reader."""
    start = next(t for t in page if t["tag"] == "p" and t["text"].startswith("Start each turn"))
    assert [t["alt"] for t in page if t["tag"] == "img" and start["n"] in t["within"]] == ["star"]


def test_an_icons_name_is_said_as_words_not_as_its_file_name(page):
    """'A fight is marked :crossed-swords:': a reader hears "crossed swords", as the tagged PDF reads it, never the
    file's name with its hyphen."""
    fight = next(t for t in page if t["tag"] == "p" and t["text"].startswith("A fight is marked"))
    assert [t["alt"] for t in page if t["tag"] == "img" and fight["n"] in t["within"]] == ["crossed swords"]


def test_a_card_figures_alternative_text_says_the_icon_its_rules_print(page):
    """The Knight's rules read "Draw two cards & gain :star:." (tests/project/data/tiny/decks/heroes.yaml): a reader who
    cannot see the figure hears the star by its name, where the card prints it, as the tagged rules read an icon."""
    figure = next(t for t in page if t["tag"] == "img" and "figure" in t["inside"])
    assert figure["alt"].startswith("<Knight>. Draw two cards & gain star."), figure["alt"]


def test_a_code_blocks_markup_shows_as_the_characters_written(page):
    """A fenced block is shown as typed: `<b>Score</b>` in it is the words a reader sees, not a bold tag the browser
    obeys (the PDF prints it so too)."""
    code = next(t for t in page if t["tag"] == "code" and "pre" in t["inside"])
    assert code["text"] == "<b>Score</b> = stars & coins"
    assert not [t for t in page if t["tag"] == "b"]


def _luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour `#rrggbb`."""
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_a_pale_colour_is_darkened_until_its_words_read_on_white_keeping_its_hue(page):
    """CSS's yellow (#ffff00) on the page's white is 1.07:1; WCAG AA asks 4.5:1 of body text. The words keep a
    yellow's hue (more red and green than blue), darkened until they read."""
    span = next(t for t in page if t["tag"] == "span" and t["text"] == "yellow coin")
    colour = span["style"].removeprefix("color:")
    contrast = (1.0 + 0.05) / (_luminance(colour) + 0.05)
    assert contrast >= 4.5, f"{colour} on white is {contrast:.2f}:1"
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    assert r > b and g > b, colour


def test_an_editions_web_page_is_marked_in_its_own_language(tmp_path):
    """A screen reader picks its voice from the page's `lang`: the German edition of a game written in English is
    marked `de` and reads its German rules; the source edition stays `en`."""
    from test_languages import CARD, DECK, GAME, RULES_DE, RULES_EN

    for rel, text in (("data/duo/game.yaml", GAME), ("data/duo/decks/beasts.yaml", DECK), ("data/duo/rulebook.md", RULES_EN),
                      ("data/duo/rulebook.de.md", RULES_DE), ("templates/duo/card.j2", CARD)):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    result = run_pnp(tmp_path, "build", "duo", "--only", "rulebook", "--html", "--lang", "all")
    assert result.exit_code == 0, result.output + result.stderr
    pages = {}
    for name in ("duo-rulebook.html", "duo-rulebook-de.html"):
        parser = _Tags()
        parser.feed((tmp_path / "output/duo" / name).read_text(encoding="utf-8"))
        pages[name] = parser.tags
    assert [t["lang"] for t in pages["duo-rulebook-de.html"] if t["tag"] == "html"] == ["de"]
    assert [t["lang"] for t in pages["duo-rulebook.html"] if t["tag"] == "html"] == ["en"]
    assert any(t["tag"] == "p" and "Der Drache beginnt immer." in t["text"] for t in pages["duo-rulebook-de.html"])


def test_a_pictures_alternative_text_is_its_caption(project):
    """docs/components.md: a figure that draws no component (an image) says its caption, on the web page as in the
    tagged PDF: a reader who cannot see the picture hears what the designer wrote under it."""
    from conftest import apply_edits

    apply_edits(project, [{"file": "data/tiny/field.png", "write_png": [300, 100]},
                          {"file": "data/tiny/rulebook.md", "append": "\n![A wide blue field](data/tiny/field.png)\n"}])
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "--html")
    assert result.exit_code == 0, result.output + result.stderr
    parser = _Tags()
    parser.feed((project / PAGE).read_text(encoding="utf-8"))
    pictures = [t for t in parser.tags if t["tag"] == "img" and "figure" in t["inside"] and t["src"].startswith("data:image/png")]
    assert [t["alt"] for t in pictures][-1:] == ["A wide blue field"], pictures


def test_an_emphasised_word_is_an_em_element_not_strong(page):
    """The tiny rulebook's `Deal *three* cards`: emphasis is `<em>` (CommonMark's HTML), never `<strong>`."""
    em = [t["text"] for t in page if t["tag"] == "em"]
    assert "three" in em, em
    assert "three" not in [t["text"] for t in page if t["tag"] == "strong"]


def test_the_pages_title_names_the_game_and_says_these_are_its_rules(page):
    """docs/components.md: a viewer shows the document title `Organ Match — rules`; a browser's tab shows the web
    page's `<title>` as the PDF viewer shows the PDF's."""
    assert [t["text"] for t in page if t["tag"] == "title"] == ["Tiny Test Game — rules"]


def test_each_table_is_named_to_a_screen_reader_by_its_own_number_and_columns(page):
    """A table's scrolling box is a region a screen reader lists by its name: the components table and the Winning
    table are told apart, numbered in the order they come, each with its own columns."""
    names = [t["aria-label"] for t in page if t.get("class") == "table-wrap"]
    assert len(names) == 2 and names[0].startswith("1: ") and names[1] == "2: Stars, Points, Note", names


def figures(page) -> list[dict]:
    return [t for t in page if t["tag"] == "img" and "figure" in t["inside"]]


def test_a_card_figure_is_as_wide_as_asked_at_4_css_px_a_millimetre(page):
    """`![…](card:heroes/knight "45")`: 45 mm at a CSS pixel a quarter of a millimetre is 180 px; written without a
    width, the figure is the poker card's own 63.5 mm, 254 px (docs/components.md: WIDTH_MM defaults to the card's own
    width)."""
    knights = [t["width"] for t in figures(page) if t["alt"].startswith("<Knight>")]
    assert knights == ["180", "254"], knights


def test_a_card_figures_picture_holds_6_pixels_a_millimetre_of_the_card(page):
    """About 150 dpi, sharp on a phone's screen: the 63.5 × 88.9 mm poker card is drawn 381 × 533 pixels."""
    import base64
    import io

    from PIL import Image

    src = figures(page)[0]["src"]
    assert src.startswith("data:image/png;base64,"), src[:40]
    picture = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
    assert abs(picture.width - 381) <= 1 and abs(picture.height - 533) <= 1, picture.size


def test_a_board_figures_alternative_text_is_the_boards_name(page):
    """docs/components.md: a figure's alternative text comes from the data, a board's name: `board:town` is read as
    "Tiny Town" (tests/project/data/tiny/boards.yaml), never its id."""
    assert [t["alt"] for t in figures(page)][-1:] == ["Tiny Town"]


def test_a_line_broken_with_a_backslash_breaks_on_the_web_page_too(page):
    """CommonMark's hard line break (a backslash at a line's end): 'Score one star,' and 'then pass.' on two lines, a
    `<br>` between them inside one paragraph."""
    para = next(t for t in page if t["tag"] == "p" and t["text"].startswith("Score one star,"))
    assert para["text"] == "Score one star,then pass.", para["text"]
    assert [t["tag"] for t in page if para["n"] in t["within"]] == ["br"]


def test_the_credits_name_the_icons_licence_by_its_address(page):
    """CC BY 3.0 asks for a link to the licence with the credit: the web page's footer gives its address, as the PDF does."""
    footer = next(t for t in page if t["tag"] == "footer")
    assert "licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0)" in " ".join(footer["text"].split()), footer["text"]
