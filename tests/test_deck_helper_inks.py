"""A deck split across two processes: the helper works out the ink of the faces it draws (pnp.outputs.cards._ink_items),
and the sheets' pages have the ink figures a build in one process gives them, from their elements (pnp.render.ink_elements).

The deck is the standard bench deck's templates (a band, a title, a body, a number: every page measured exactly) with
twenty cards: three sheets of fronts, the first drawn before the helper's cards arrive.
"""
from __future__ import annotations

import pytest
from test_deck_split import helper_here  # noqa: F401 (a fixture)

import pnp.outputs.cards
from pnp.data.project import Project
from pnp.outputs.cards import build_cards
from pnp.outputs.context import Engine
from pnp.outputs.options import Options

FRONT = """{{ rect(0, 0, face.w, face.h, fill="paper") }}
{{ rect(0, 0, face.w, 16, fill="header") }}
{{ text("**" ~ card.title ~ "**", 5, 0, face.w - 10, 16, size=14, color="white", valign="middle") }}
{{ text(card.body, 5, 22, face.w - 10, 40, size=9) }}
{{ text("**" ~ card.num ~ "**", face.w - 30, face.h - 15, 25, 10, size=18, color="header", align="right", valign="bottom") }}
"""
BACK = """{{ rect(0, 0, face.w, face.h, fill="backdark") }}
{{ text("**PATIENT FILE**", 5, 38, face.w - 10, 12, size=16, color="white", align="center", valign="middle") }}
"""
GAME = """title: Standard deck
players: {min: 1, max: 4}
age: 8
play_time: 10
palette: {ink: "#222222", paper: "#faf7f0", header: "#2a6f97", white: "#ffffff", backdark: "#1d3557"}
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("helper-inks")
    (root / "templates/std").mkdir(parents=True)
    (root / "templates/std/front.j2").write_text(FRONT, encoding="utf-8")
    (root / "templates/std/back.j2").write_text(BACK, encoding="utf-8")
    (root / "data/std/decks").mkdir(parents=True)
    (root / "data/std/game.yaml").write_text(GAME, encoding="utf-8")
    cards = "\n".join(f'  - {{id: p{i}, num: "{i}", title: "Patient {i}", body: "Age {20 + i}, ward A{i % 3}\\nDx: case {i}"}}' for i in range(20))
    (root / "data/std/decks/patients.yaml").write_text(f"name: Patients\nsize: poker\nfront: std/front.j2\nback: std/back.j2\ncards:\n{cards}\n",
                                                       encoding="utf-8")
    # no back but the first card's own: the cards the helper draws have none
    notes = "\n".join(f'  - {{id: n{i}, num: "{i}", title: "Note {i}", body: "Bed {i}"{", back: std/back.j2" * (i == 0)}}}' for i in range(4))
    (root / "data/std/decks/notes.yaml").write_text(f"name: Notes\nsize: poker\nfront: std/front.j2\ncards:\n{notes}\n", encoding="utf-8")
    return root


def sheets_stats(root, options: Options):
    """The card sheets' stats (FileStats), built in this process (a new engine: nothing kept)."""
    project = Project(root)
    files, findings = build_cards(Engine(project).for_game(project.load_game("std")[0]), options)
    assert not [f for f in findings if f.severity == "error"], findings
    return files[0][2]


def test_a_split_decks_pages_have_the_ink_keys_and_digests_of_a_build_in_one_process(root, split_decks):
    """Each page's ink and key and each card's face digests (what the next build compares) are a one-process build's."""
    alone = sheets_stats(root, Options(paper="letter", without=frozenset({"deck-helper"})))
    split = sheets_stats(root, Options(paper="letter"))
    # four sheets, fronts and backs, each measured from its elements: the patients 3 × 3 on two, their last two and the
    # notes (no backs but the first's: a sliver beside the patients' backs) kept apart on a sheet each
    assert len(alone.page_exact) == 8 and None not in alone.page_exact
    assert split.page_exact == alone.page_exact
    assert split.faces == alone.faces and len(split.faces) == 24
    assert split.page_keys == alone.page_keys  # what a page prints keys it, whichever process drew its faces


def test_the_helper_sends_its_faces_digests_for_the_sheets(root, split_decks):
    """The faces' digests come with the faces (SplitDeck.digests) when the card sheets ask, each the digest of the face it
    names; their ink figures, not asked for (the ink saver's pages, a gutterfold's), do not."""
    from pnp.layout.elements import unstamped_digest

    project = Project(root)
    gctx = Engine(project).for_game(project.load_game("std")[0])
    _, _, coming = pnp.outputs.cards.start_deck(gctx, gctx.game.decks["patients"], Options(paper="letter"), 0.4, digests=True)
    rendered, _ = coming.rest()
    assert coming.inks == {}
    assert len(coming.digests) == 2 * len(rendered)
    assert all(digest == unstamped_digest(face) for face, digest in coming.digests)


def test_this_process_measures_the_ink_of_none_of_the_faces_the_helper_sent_figures_for(root, split_decks, monkeypatch):
    """The helper's figures arrive part by part and reach the sheets: this process measures the faces it drew (a
    quarter of each deck's fronts and the patients' back: 8 at most), not the helper's again."""
    import pnp.render.ink_elements

    measured: list[object] = []
    face_ink = pnp.render.ink_elements.face_ink

    def counted(face, icons=None):
        measured.append(face)
        return face_ink(face, icons)

    monkeypatch.setattr(pnp.render.ink_elements, "face_ink", counted)  # the helper works out its own as it imported it
    stats = sheets_stats(root, Options(paper="letter"))
    assert None not in stats.page_exact and 0 < len(measured) <= 8, len(measured)


def test_the_helpers_figures_are_held_a_part_at_a_time(root, split_decks):
    """SplitDeck.inks holds the figures of the part that arrived last, no earlier part's: the sheets keep each part's
    as it arrives (known_inks), and a second dict of every part's beside it held the same again."""
    project = Project(root)
    gctx = Engine(project).for_game(project.load_game("std")[0])
    _, _, coming = pnp.outputs.cards.start_deck(gctx, gctx.game.decks["patients"], Options(paper="letter"), 0.4, inks=True)
    parts = 0
    while not coming.done:
        rendered, _ = coming.next_part()
        faces = {id(face) for _, front, back in rendered for face in (front, back) if face is not None}
        assert set(coming.inks) == faces
        parts += 1
    assert parts > 1


def test_a_cards_pieces_and_its_digests_share_one_name(root, split_decks, monkeypatch):
    """Each card's name (deck/card) is one object, held by its pieces and its face digests alike, whether the card was
    drawn here or by the helper: a second copy of every name was as large as the first."""
    project = Project(root)
    gctx = Engine(project).for_game(project.load_game("std")[0])
    made: list = []
    sheets = pnp.outputs.cards.DeckSheets

    class Kept(sheets):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(pnp.outputs.cards, "DeckSheets", Kept)
    build_cards(gctx, Options(paper="letter"))
    pieces = [piece for deck in made for piece in deck.pieces]
    names = {id(name) for deck in made for name in deck.faces}
    assert len(pieces) >= 20 and all(id(piece.label) in names for piece in pieces)


@pytest.mark.usefixtures("helper_here")
def test_with_the_helper_in_this_process_its_figures_and_digests_reach_the_pages_as_one_process_works_them_out(root, monkeypatch):
    """The helper run here (tests/test_deck_split.py's `helper_here`: what it sends passed through pickle): its faces'
    ink figures and digests reach the pages, which measure and hash only the faces drawn here, and every page's
    figure and key and every face's digest are a one-process build's."""
    import pnp.layout.elements
    import pnp.render.ink_elements

    alone = sheets_stats(root, Options(paper="letter", without=frozenset({"deck-helper"})))
    measured, hashed = [], []
    face_ink, digest = pnp.render.ink_elements.face_ink, pnp.layout.elements.unstamped_digest
    monkeypatch.setattr(pnp.render.ink_elements, "face_ink", lambda face, icons=None: measured.append(face) or face_ink(face, icons))
    monkeypatch.setattr(pnp.layout.elements, "unstamped_digest", lambda face: hashed.append(face) or digest(face))
    split = sheets_stats(root, Options(paper="letter"))
    assert (split.page_exact, split.faces, split.page_keys) == (alone.page_exact, alone.faces, alone.page_keys)
    assert 0 < len(measured) < 12 and 0 < len(hashed) < 12, (len(measured), len(hashed))  # not the helper's 18 fronts: it sent theirs
