"""What `pnp list` shows of a game: its line's totals as the data counts them, each token set's pieces as its
tokens.yaml counts them, the sheets a standee takes folded out (both sides and their base tabs), not as the one face its
size names, and the sheets a deck takes inside the margin of the printer `--printer` names; a box's inside size, the paper
a deck too large fits no sheet of, a generated deck's cards, and an error's exit status."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from conftest import apply_edits, run_pnp

LETTER = (215.9, 279.4)  # mm


def _tokens(project) -> dict[str, dict]:
    result = run_pnp(project, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output + result.stderr
    return {t["id"]: t for t in json.loads(result.output)[0]["tokens"]}


def test_list_counts_each_token_sets_pieces_as_its_data_does(project):
    """tokens.yaml: coins are two items of 8 and 4; pawns 3 in each of two colours; shields 4, walls 6, notes 5, standees 2."""
    pieces = {id_: t["pieces"] for id_, t in _tokens(project).items()}
    assert pieces == {"coins": 12, "pawns": 6, "shields": 4, "walls": 6, "notes": 5, "hero": 2}


def test_list_sizes_a_standees_sheet_by_its_folded_out_height(project):
    """The hero standee is 25 × 40 mm a side; folded out it is both sides and two base tabs of at least 10 mm, over
    100 mm along its fold: Letter holds two such rows at most, so at most 2 × 8 (215.9 / 25) a sheet either way round.
    Counted by its face alone, six rows of 40 mm would fit."""
    sheet = _tokens(project)["hero"]["sheet"]
    assert sheet["fits"] and sheet["per_sheet"] <= 2 * int(LETTER[0] // 25), sheet
    assert sheet["sheets"] == 1, sheet  # the game's two standees


def test_the_games_line_counts_its_cards_boards_and_tokens_as_its_files_do(project):
    """heroes.yaml: 2 knights, 2 agents, 3 rogues, 3 mages, 2 twins; boards.yaml: town and scores; tokens.yaml: 12 coins,
    6 pawns, 4 shields, 6 walls, 5 notes, 2 standees (each token a piece, not each set)."""
    result = run_pnp(project, "list", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    assert result.output.splitlines()[0] == "tiny: Tiny Test Game (12 cards, 2 boards, 35 tokens)", result.output


def test_list_counts_a_decks_sheets_inside_the_named_printers_margin(project):
    """A printer that leaves 20 mm blank on each side prints on 175.9 × 239.4 mm of a Letter sheet: 2 × 2 poker cards
    standing, 3 × 1 lying; the heroes' 12 cards take three such sheets or more (9 a sheet at the 5 mm default)."""
    assert run_pnp(project, "calibrate", "--save", "wide", "--margin", "20").exit_code == 0
    result = run_pnp(project, "list", "tiny", "--format", "json", "--printer", "wide")
    assert result.exit_code == 0, result.output + result.stderr
    sheet = json.loads(result.output)[0]["decks"][0]["sheet"]
    assert 0 < sheet["per_sheet"] <= 4 and sheet["sheets"] >= 3, sheet


def test_list_names_a_die_by_its_name_or_by_its_id_when_dice_yaml_gives_none(project):
    """docs/boxes-and-dice.md: a die dice.yaml gives no name is called by its id (as its sheet's footer and its Tabletop
    Simulator object call it): `pnp list` says `plain`, never `None`, and the named die's own name."""
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 7))
    (project / "data/tiny/dice.yaml").write_text(
        f"dice:\n  - {{id: plain, shape: d6, size: 16, color: '#ffffff', face: tiny/number.j2, faces: [{faces}]}}\n"
        f"  - {{id: red, name: Red Die, shape: d6, size: 20, count: 2, color: '#ff0000', face: tiny/number.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/number.j2").write_text("{{ text(die_face.n | string, 0, 0, face.w, face.h, size=9) }}\n")
    result = run_pnp(project, "list", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    dice = [" ".join(line.split()) for line in result.output.splitlines() if line.lstrip().startswith("die ")]
    assert dice == ["die plain d6 16 mm ×1 plain", "die red d6 20 mm ×2 Red Die"], result.output


def test_list_gives_each_decks_faces_apart_from_its_cards_with_their_copies(project):
    """heroes.yaml lists five cards (knight, att, rogue, mage, twin) printed 2, 2, 3, 3 and 2 times: five faces to
    draw, twelve cards to cut, in the line and in the JSON alike."""
    result = run_pnp(project, "list", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    line = next(" ".join(line.split()) for line in result.output.splitlines() if line.lstrip().startswith("deck "))
    assert "12 cards 5 faces" in line, line
    deck = json.loads(run_pnp(project, "list", "tiny", "--format", "json").output)[0]["decks"][0]
    assert (deck["cards"], deck["faces"]) == (12, 5), deck


def test_list_counts_no_face_for_a_card_of_no_copy(project):
    """A card kept in the data with count 0 prints no face: the rogue retired, the heroes are nine cards of four faces."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["side: blue, count: 3}", "side: blue, count: 0}"]}])
    deck = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"][0]  # its count error said on stderr
    assert (deck["cards"], deck["faces"]) == (9, 4), deck


def test_list_gives_each_cards_qr_link_filled_in_with_its_card_and_code(project):
    """docs/editions.md: with `stamps: {qr: true}` and a feedback form, `pnp list --format json` gives each card's
    stamp the `link` its QR code opens: the form's address, its `card` field the card as deck/id and its `code` field
    the stamp's code, as a browser reads the query."""
    form = "https://forms.example.org/tiny"
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": [
        "stamps: false", f"stamps: {{qr: true}}\nfeedback: {{form: \"{form}\", fields: {{card: entry.2, code: entry.3}}}}\n#"]}])
    result = run_pnp(project, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output + result.stderr
    cards = json.loads(result.output)[0]["decks"][0]["card_list"]
    assert [c["id"] for c in cards] == ["knight", "att", "rogue", "mage", "twin"]
    for card in cards:
        link = urlsplit(card["stamp"]["link"])
        assert f"{link.scheme}://{link.netloc}{link.path}" == form, card
        assert parse_qs(link.query) == {"entry.2": [f"heroes/{card['id']}"], "entry.3": [card["stamp"]["code"]]}, card


def test_list_counts_a_decks_sheets_on_letter_unless_told(project):
    """`pnp list` counts sheets on Letter, as a build prints them, unless --paper names another (as its --help says).
    Cards of 66 × 90 mm: three rows of them take 270 mm, more than Letter's 279.4 mm holds inside the default 5 mm
    margin (269.4 mm) and less than A4's 287 mm, so the two papers hold different grids."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["size: poker", "size: 66 x 90"]}])
    sheets = {paper: _heroes_sheet(project, *(("--paper", paper) if paper else ())) for paper in (None, "letter", "a4")}
    assert sheets[None]["paper"] == "letter", sheets
    assert sheets[None] == sheets["letter"] != {**sheets["a4"], "paper": "letter"}, sheets


def _heroes_sheet(project, *args: str) -> dict:
    result = run_pnp(project, "list", "tiny", "--format", "json", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.output)[0]["decks"][0]["sheet"]


def _small_game(project, decks: dict[str, str], **files: str) -> None:
    """A game `small` beside the tiny one, its decks' fronts one blue rectangle: `pnp list small` reads it alone."""
    game = project / "data" / "small"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text("title: Small\nplayers: {min: 1, max: 2}\n")
    for name, text in decks.items():
        (game / "decks" / f"{name}.yaml").write_text(f"name: {name.title()}\nfront: small/face.j2\n{text}")
    for name, text in files.items():
        (game / f"{name}.yaml").write_text(text)
    (project / "templates" / "small").mkdir()
    (project / "templates" / "small" / "face.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#336699", stroke="none") }}\n')


def _listed_lines(project, game: str = "small") -> list[str]:
    result = run_pnp(project, "list", game)
    assert result.exit_code == 0, result.output + result.stderr
    return result.output.splitlines()


def test_list_gives_a_boxs_inside_size_as_width_then_height_then_depth(project):
    """docs/boxes-and-dice.md: a box of a set inside size, `inner: [70, 95, 40]` (width, height, depth), is listed
    inside as 70 × 95 × 40 mm, beside the cards it holds."""
    _small_game(project, {"heroes": "size: poker\ncards:\n  - {id: a, count: 12}\n"},
                boxes="boxes:\n  - {id: hold, name: Hold, style: tuck, decks: [heroes], front: small/face.j2, inner: [70, 95, 40]}\n")
    box = next(line for line in _listed_lines(project) if line.lstrip().startswith("box "))
    assert box.split()[:2] == ["box", "hold"] and "70 × 95 × 40 mm inside" in box and " 12 cards " in box, box


def test_list_says_which_paper_a_deck_too_large_fits_no_sheet_of(project):
    """A deck of 300 × 400 mm cards is larger than Letter (215.9 × 279.4 mm) either way round: its line says it fits no
    letter sheet, naming the paper, as `--paper a4` would name A4; the game's error says the same at its size."""
    _small_game(project, {"huge": "size: 300 x 400\ncards:\n  - {id: a, count: 1}\n"})
    assert max(LETTER) < 400 and min(LETTER) < 300
    result = run_pnp(project, "list", "small")
    deck = next(line for line in result.output.splitlines() if line.lstrip().startswith("deck "))
    assert deck.split()[:2] == ["deck", "huge"] and "fits no letter sheet" in deck, deck
    result = run_pnp(project, "list", "small", "--paper", "a4")
    assert "fits no a4 sheet" in result.output, result.output


def test_list_names_each_card_a_generated_deck_made_with_its_copies(project):
    """docs/editions.md: `generate` makes one card per combination of its values, the first list varying slowest, each
    `copies` times; `pnp list` names them under the deck, with their copies."""
    _small_game(project, {"made": 'size: poker\ngenerate:\n  values: {colour: [red, blue], rank: [1, 2]}\n  copies: 2\n  id: "{colour}-{rank}"\n'})
    lines = _listed_lines(project)
    deck = next(i for i, line in enumerate(lines) if line.lstrip().startswith("deck "))
    assert " 8 cards " in lines[deck], lines
    assert lines[deck + 1].split() == ["generated:", "red-1", "×2,", "red-2", "×2,", "blue-1", "×2,", "blue-2", "×2"], lines


def test_list_of_a_game_with_an_error_says_it_and_fails(project):
    """As `pnp validate` and `pnp build`, `pnp list` of a game whose data holds an error (a count in words) says the
    error at its place and exits 1, so a script running it knows."""
    _small_game(project, {"words": "size: poker\ncards:\n  - {id: a, count: two}\n"})
    result = run_pnp(project, "list", "small")
    assert result.exit_code == 1, result.output + result.stderr
    assert any(line.startswith("data/small/decks/words.yaml:") and ": error: " in line for line in result.stderr.splitlines()), result.stderr


def test_list_counts_sheets_on_one_paper_and_refuses_two(project):
    """`pnp list --paper` counts the sheets on the one paper it names (unlike `build`, which takes several): two papers
    are refused as a usage error, not counted on the first of them alone."""
    result = run_pnp(project, "list", "tiny", "--paper", "letter,a4")
    assert result.exit_code == 2, result.output
    assert "Invalid value for --paper: one paper only; got 'letter,a4'" in result.output, result.output
    assert "tiny: Tiny Test Game" not in result.output, result.output


def test_list_gives_a_boards_size_width_first_as_boards_yaml_writes_it(project):
    """boards.yaml: the town is `380 x 300`, the score sheet `180 x 240`: listed so, width first, in the text and the JSON."""
    result = run_pnp(project, "list", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    boards = [line.split() for line in result.output.splitlines() if line.startswith("  board ")]
    assert boards == [["board", "town", "380", "×", "300", "mm", "Tiny", "Town"], ["board", "scores", "180", "×", "240", "mm", "Score", "sheet"]]


def test_list_says_a_set_of_one_sheet_in_the_singular(project):
    """The walls (6 squares of 14 mm, a sheet of their own) take '1 sheet'; the heroes' 12 poker cards, 9 a Letter sheet, '2 sheets'."""
    result = run_pnp(project, "list", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    lines = {line.split()[1]: " ".join(line.split()) for line in result.output.splitlines() if line.startswith("  ")}
    assert lines["walls"].endswith("192 a sheet, 1 sheet Walls"), lines["walls"]
    assert lines["heroes"].endswith("9 a sheet, 2 sheets Heroes"), lines["heroes"]
