"""`pnp feedback import`'s promises at their edges (docs/editions.md, Feedback by stamp): the answers file is plain
YAML a person reads and git diffs, each answer on its own lines and read back as written; a sheet whose header or
time column is missing, or that is empty, is refused at its place, saying what to do; a row cut short (a paper sheet
typed without its last cells, a form that drops a trailing blank) is refused at its first cell or read for the cells
it has, never an internal error; the columns of who answered are named as one list; a code no card has is refused
showing a stamp as this game prints it."""
from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from conftest import run_pnp
from test_feedback_import import HEADER, codes, kept, make_game, write_csv

HEAD = "# Playtest answers, joined to their cards by `pnp feedback import` (one entry per answer; imported again, a row is kept once)"
LONG = ("The reward ruby is far too strong when it comes out on the second turn: it wins the game before anyone has "
        "built an engine, so we stopped playing with it after three games.")  # 171 characters: past any line width


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    return make_game(tmp_path_factory.mktemp("gm") / "project")


def answers_file(root: Path) -> str:
    return (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")


def test_the_answers_file_is_plain_yaml_one_answer_a_block_its_text_as_written(tmp_path):
    """YAML 1.2 as a person writes it: a list of mappings in block style, a text that YAML would read as a number or a
    time in quotes (the score '4', the version '1.9', '1e3', a text holding `: `), any other plain, accents and dashes as they are
    (UTF-8, no \\u escapes), a long answer on one line, the entries sorted by card and time."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", [*HEADER, "Score"], [
        ["11/21/2026 10:00:00", "gems/ruby-1", "", "v1.9", LONG, "1e3"],
        ["11/20/2026 10:00:00", "", opal, "", "Très bien — l’opale brille", "4"],
    ])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert answers_file(root) == f"""{HEAD}
- card: gems/opal-1
  time: '2026-11-20 10:00:00'
  code: {opal}
  version: '2.0'
  answers:
    Notes: Très bien — l’opale brille
    Score: '4'
- card: gems/ruby-1
  time: '2026-11-21 10:00:00'
  code: ''
  version: '1.9'
  answers:
    Notes: '{LONG}'
    Score: '1e3'
"""


def test_an_answer_of_a_thousand_and_one_digits_is_kept_as_text_and_read_back(tmp_path):
    """A whole number longer than pnp reads as one (1,000 digits) is written in quotes, so the file reads back: the
    same sheet imported again adds nothing, and `pnp list` counts the answer."""
    root = make_game(tmp_path / "project")
    digits = "7" * 1001
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "gems/opal-1", "", "", digits]])
    assert run_pnp(root, "feedback", "import", str(sheet)).exit_code == 0
    assert f"Notes: '{digits}'" in answers_file(root)
    again = run_pnp(root, "feedback", "import", str(sheet))
    assert again.exit_code == 0 and "0 new answers" in again.output and "1 already there" in again.output, again.output
    assert [a["answers"]["Notes"] for a in kept(root)] == [digits]
    assert "1 playtest answer on 1 card" in run_pnp(root, "list", "gm").output


@pytest.mark.parametrize("header, missing", [(["Card", "Code", "Notes"], "time"), (["Timestamp", "Version", "Notes"], "code"),
                                             (["Version", "Notes"], "time")])  # both missing: the time, which every sheet needs, said first
def test_a_sheet_without_a_time_column_or_without_both_card_and_code_is_refused_at_its_header(game, tmp_path, header, missing):
    """One error at the header's first cell (line 2: a blank line above it is skipped), naming the headers the sheet
    has and the key of game.yaml that names the column; nothing is kept."""
    path = tmp_path / "answers.csv"
    path.write_text("\n" + ",".join(header) + "\n" + ",".join(["11/20/2026 10:00:00", "gems/opal-1", "x"]) + "\n", encoding="utf-8")
    result = run_pnp(game, "feedback", "import", str(path))
    assert result.exit_code != 0
    said = [line for line in result.output.splitlines() if ": error" in line]
    assert len(said) == 1 and said[0].startswith(f"{path}:2:1: error: no {missing} column: this sheet's headers are {', '.join(header)}; "), result.output
    assert f"feedback: {{columns: {{{missing}: …}}}}" in said[0]
    assert not (game / "data/gm/feedback/answers.yaml").exists()


def test_an_empty_sheet_is_refused_saying_to_export_it_with_its_headers(game, tmp_path):
    path = tmp_path / "answers.csv"
    path.write_text("\n,,\n", encoding="utf-8")
    result = run_pnp(game, "feedback", "import", str(path))
    assert result.exit_code != 0
    said = [line for line in result.output.splitlines() if ": error" in line]
    assert said == [f"{path}:1:1: error: the sheet has no header row: export the form's answers with their headers"], result.output


def test_a_row_cut_short_is_refused_at_its_first_cell_or_read_for_the_cells_it_has(tmp_path):
    """The time last in the header: a row that stops before it is refused at its first cell (line 3, column A), as
    no time pnp reads; a row that stops after it is read, its missing cells blank. A column of e-mail addresses whose
    one filled cell is an address is left out though the other rows stop before it (half the filled cells decide)."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    path = tmp_path / "answers.csv"
    path.write_text("Card,Code,Notes,Timestamp,More,Contact\n"
                    f",{opal},fine,11/20/2026 10:00:00,more,ann@example.org\n"
                    f",{opal},no time\n"
                    f",{opal},,11/21/2026 10:00:00\n", encoding="utf-8")
    result = run_pnp(root, "feedback", "import", str(path))
    errors = [line for line in result.output.splitlines() if ": error" in line]
    assert len(errors) == 1 and errors[0].startswith(f"{path}:3:1: error: '' is not a time pnp reads"), result.output
    assert [(a["time"], a["answers"]) for a in kept(root)] == [("2026-11-20 10:00:00", {"Notes": "fine", "More": "more"}), ("2026-11-21 10:00:00", {})]
    assert "ann@example.org" not in answers_file(root)
    assert f"{path}:1:6: warning: left out of the answers file: F 'Contact' (e-mail addresses);" in result.output, result.output


def test_a_row_cut_short_before_its_card_and_code_is_refused_at_its_first_cell(game, tmp_path):
    path = tmp_path / "answers.csv"
    path.write_text("Timestamp,Notes,Card,Code\n11/20/2026 10:00:00,fine\n", encoding="utf-8")
    result = run_pnp(game, "feedback", "import", str(path))
    assert result.exit_code != 0
    assert (f"{path}:2:1: error: this answer names no card: its code cell is empty (the form was opened without the card's QR stamp): "
            "type the code printed on the card, or delete the row") in result.output, result.output


def test_the_columns_of_who_answered_are_named_as_one_list(tmp_path):
    """Every column left out in one sentence, each as its letter, header and why, separated by commas."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", ["Timestamp", "Code", "Email", "Phone", "Notes"],
                      [["11/20/2026 10:00:00", opal, "bob@example.com", "+1 555 0100", "fine"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert ("left out of the answers file: C 'Email' (e-mail addresses), D 'Phone' (phone numbers); "
            "to keep a column, name its header in game.yaml's feedback: {keep: ['Email']}") in result.output, result.output


def test_an_unknown_code_shows_the_stamp_of_this_games_first_card_by_name(game, tmp_path):
    """The example is a card of this game as its stamp prints it: `v2.0 · CODE on deck/card`, the first card by name."""
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", "QQQQQQ", "", "?"]])
    result = run_pnp(game, "feedback", "import", str(sheet))
    assert (f"answers.csv:2:3: error: no card has the stamp code QQQQQQ: check it against the card's stamp (this game prints "
            f"v2.0 · {codes(game)['gems/opal-1']} on gems/opal-1), or add a Card column naming the card (deck/card)") in result.output, result.output


def test_a_game_without_cards_shows_its_stamp_with_a_code_of_six_letters(tmp_path):
    """A game of boards and tokens alone: the refusal shows the stamp's form, the game's version and six base32 letters."""
    root = tmp_path / "project"
    (root / "data/gm").mkdir(parents=True)
    (root / "data/gm/game.yaml").write_text('title: Gems\nversion: "2.0"\nplayers: {min: 1, max: 2}\n', encoding="utf-8")
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", "QQQQQQ", "", "?"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code != 0
    line = next(line for line in result.output.splitlines() if "answers.csv:2:3: error" in line)
    assert re.search(r"\(this game prints v2\.0 · [A-Z2-7]{6}\)", line), line


def test_a_time_pnp_cannot_read_is_refused_at_its_cell_saying_how_to_write_it(game, tmp_path):
    sheet = write_csv(tmp_path / "answers.csv", ["Card", "Timestamp", "Notes"], [["gems/opal-1", "yesterday", "?"]])
    result = run_pnp(game, "feedback", "import", str(sheet))
    assert result.exit_code != 0
    assert (f"{sheet}:2:2: error: 'yesterday' is not a time pnp reads: write it as 2026-11-20 14:03:04, or give its form in "
            "game.yaml's feedback: {time_format: '%d/%m/%Y %H:%M'}") in result.output, result.output


@pytest.mark.parametrize("feedback, written, read", [
    ("{}", "2026-11-20T14:03:04", "2026-11-20 14:03:04"),  # ISO
    ("{}", "2026/11/20 2:03:04 PM GMT+1", "2026-11-20 14:03:04"),  # Google Forms' CSV: its zone dropped
    ("{}", "2026/11/20 2:03:04 PM GMT+5:30", "2026-11-20 14:03:04"),  # … a zone of half hours (India's), dropped whole
    ("{}", "11/5/2026 14:03", "2026-11-05 14:03:00"),  # US English, month first, no seconds
    ("{}", "11/05/26 14:03:04", "2026-11-05 14:03:04"),  # … a year of two digits
    ("{time_format: '%d/%m/%Y %H:%M:%S'}", "05/11/2026 14:03:04", "2026-11-05 14:03:04"),  # day first, as the game says
    ("{columns: {time: When, code: Stamp code}}", "2026-11-20 14:03:04", "2026-11-20 14:03:04"),  # its own headers
])
def test_a_time_is_read_as_the_forms_write_it_or_as_the_game_says(tmp_path, feedback, written, read):
    """docs/editions.md: ISO, or as the forms write it in US English (month first), or in the game's `time_format:`
    (strptime's words), under the header a form gives or the one the game names; kept as YYYY-MM-DD HH:MM:SS."""
    root = make_game(tmp_path / "project", feedback)
    header = ["When", "Stamp code", "Notes"] if "columns" in feedback else ["Timestamp", "Code", "Notes"]
    sheet = write_csv(tmp_path / "answers.csv", header, [[written, codes(root)["gems/opal-1"], "fine"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert [(a["time"], a["card"]) for a in kept(root)] == [(read, "gems/opal-1")]


def test_an_id_two_decks_share_is_refused_naming_both_decks_both_cards_and_the_code_that_is_neither(game, tmp_path):
    opal = codes(game)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "ruby-1", "", "", "?"],
                                                         ["11/20/2026 10:01:00", "ruby-1", opal, "", "?"]])
    result = run_pnp(game, "feedback", "import", str(sheet))
    assert result.exit_code != 0
    advice = ": this answer cannot be joined to one; write the deck too (gems/ruby-1 or rewards/ruby-1), or the code printed on the card"
    assert f"{sheet}:2:2: error: card 'ruby-1' is in 2 decks (gems, rewards){advice}" in result.output, result.output
    assert f"{sheet}:3:2: error: card 'ruby-1' is in 2 decks (gems, rewards) and the code {opal} is neither{advice}" in result.output, result.output


def test_a_card_no_deck_has_is_refused_at_its_cell_with_the_card_it_is_likely_a_typo_of(game, tmp_path):
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "gems/opal-2", "", "", "?"]])
    result = run_pnp(game, "feedback", "import", str(sheet))
    assert result.exit_code != 0
    assert (f"{sheet}:2:2: error: no card 'gems/opal-2' in this game (did you mean 'gems/opal-1'?): this answer cannot be joined to a card; "
            "correct the cell, or delete the row") in result.output, result.output


def test_a_code_two_cards_print_alike_is_refused_naming_both(tmp_path):
    """Two decks drawing the same card from the same template print the same code: an answer giving only that code
    could be about either, so it is refused at its Code cell with both named."""
    root = make_game(tmp_path / "project")
    twin = root / "data/gm/decks/twins.yaml"
    twin.write_text((root / "data/gm/decks/gems.yaml").read_text(encoding="utf-8").replace("name: Gems", "name: Twins"), encoding="utf-8")
    opal = codes(root)["gems/opal-1"]
    assert codes(root)["twins/opal-1"] == opal
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", opal, "", "?"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code != 0
    assert f"{sheet}:2:3: error: 2 cards (gems/opal-1, twins/opal-1) have the stamp code {opal}: check it against the card's stamp" in result.output, result.output


def test_an_answer_keeps_the_version_its_row_gives_and_none_where_the_row_gives_none(tmp_path):
    """docs/editions.md: the version an answer was given on, empty when the sheet has none; a row by the code printed
    now with no Version cell is on this version."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", opal, "v1.9", "typed 1.9"],
                                                         ["11/20/2026 10:01:00", "gems/opal-1", "", "", "no version"],
                                                         ["11/20/2026 10:02:00", "", opal, "", "the code now"],
                                                         ["11/20/2026 10:03:00", "gems/opal-1", "", "V1.8", "capital V"],
                                                         ["11/20/2026 10:04:00", "gems/opal-1", "", "10", "no v"],
                                                         ["11/20/2026 10:05:00", "gems/opal-1", "", "X2", "another letter"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert {a["answers"]["Notes"]: a["version"] for a in kept(root)} == {"typed 1.9": "1.9", "no version": "", "the code now": "2.0",
                                                                          "capital V": "1.8", "no v": "10", "another letter": "X2"}
    # older: by its code where it has one (the code now: not older, whatever the version typed), else by its version
    assert "6 new answers kept in data/gm/feedback/answers.yaml (6 in all; 3 of the sheet given on an older version of their card)" in result.output


def test_pnp_changes_lists_a_cards_answers_newest_first_whatever_the_sheets_order(tmp_path):
    """docs/designers-loop.md: a card's answers are listed newest first. Three on the opal, the sheet's rows in neither
    order of their times, are listed by `pnp changes` from the 22nd back to the 20th."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/21/2026 09:00:00", "", opal, "", "the middle one"],
                                                         ["11/20/2026 18:00:00", "", opal, "", "the first one"],
                                                         ["11/22/2026 07:30:00", "", opal, "", "the last one"]])
    assert run_pnp(root, "feedback", "import", str(sheet)).exit_code == 0
    for step in (("build", "gm", "--only", "cards"), ("printed", "gm")):  # `pnp changes` reads from a marked print
        assert run_pnp(root, *step).exit_code == 0
    output = run_pnp(root, "changes", "gm").output
    listed = [line.split("Notes: ")[1] for line in output.splitlines() if "Notes: " in line]
    assert listed == ["the last one", "the middle one", "the first one"], output



def test_pnp_changes_shows_an_answer_whole_up_to_200_characters_and_cuts_a_longer_one_there(tmp_path):
    """docs/editions.md: `pnp changes` lists each answer on one line, its questions and answers cut after 200
    characters with `…`. The ruby's `Notes: ` and 171 characters are shown whole; the opal's `Notes: ` and 250 as their
    first 200 and `…`."""
    root = make_game(tmp_path / "project")
    now = codes(root)
    longer = ("x" * 49 + " ") * 5  # 250 characters
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", now["gems/ruby-1"], "", LONG],
                                                         ["11/20/2026 10:05:00", "", now["gems/opal-1"], "", longer]])
    assert run_pnp(root, "feedback", "import", str(sheet)).exit_code == 0
    for step in (("build", "gm", "--only", "cards"), ("printed", "gm")):
        assert run_pnp(root, *step).exit_code == 0
    output = run_pnp(root, "changes", "gm").output
    listed = ["Notes: " + line.split("Notes: ", 1)[1] for line in output.splitlines() if "Notes: " in line]
    assert sorted(listed, key=len) == ["Notes: " + LONG, ("Notes: " + longer)[:200] + "…"], output


def test_pnp_changes_marks_the_answers_of_a_card_edited_since_the_print_and_no_other(tmp_path):
    """docs/designers-loop.md: under `pnp changes`, a card whose answers are listed is marked when an edit since the
    print has changed it: the opal, edited, is; the ruby, as printed, is not."""
    root = make_game(tmp_path / "project")
    now = codes(root)
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", now["gems/opal-1"], "", "too shiny"],
                                                         ["11/20/2026 10:05:00", "", now["gems/ruby-1"], "", "just right"]])
    assert run_pnp(root, "feedback", "import", str(sheet)).exit_code == 0
    for step in (("build", "gm", "--only", "cards"), ("printed", "gm")):
        assert run_pnp(root, *step).exit_code == 0
    deck = root / "data/gm/decks/gems.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Opal}", "name: Dull opal}"), encoding="utf-8")
    output = run_pnp(root, "changes", "gm").output
    headers = [line.strip() for line in output.splitlines() if line.startswith("  gems/") and "changed  " not in line]
    assert headers == ["gems/opal-1  (changed since the last marked print)", "gems/ruby-1"], output


def test_an_import_counts_as_already_there_the_rows_of_its_sheet_kept_before_not_every_answer_kept(tmp_path):
    """Two answers kept, then a sheet of one of them and a new one: one new, three in all, one of the sheet's rows
    already there (the other answer kept before was not on this sheet)."""
    root = make_game(tmp_path / "project")
    first = ["11/20/2026 10:00:00", "gems/opal-1", "", "", "too shiny"]
    second = ["11/20/2026 10:05:00", "gems/ruby-1", "", "", "just right"]
    third = ["11/21/2026 09:00:00", "gems/opal-1", "", "", "better"]
    assert run_pnp(root, "feedback", "import", str(write_csv(tmp_path / "one.csv", HEADER, [first, second]))).exit_code == 0
    result = run_pnp(root, "feedback", "import", str(write_csv(tmp_path / "two.csv", HEADER, [first, third])))
    assert result.exit_code == 0, result.output
    assert "gm: 1 new answer kept in data/gm/feedback/answers.yaml (3 in all, 1 already there)" in result.output, result.output

def test_a_workbooks_cells_are_kept_as_their_text_its_blank_rows_and_cells_left_out(tmp_path):
    """An XLSX sheet as a form service saves it, its header on the second row: a yes/no cell is kept as yes or no, a
    date as YYYY-MM-DD and a date and time as YYYY-MM-DD HH:MM:SS, an empty cell and a blank row are no answer."""
    import datetime

    from openpyxl import Workbook

    root = make_game(tmp_path / "project")
    book = Workbook()
    book.active.title = "Sheet1"
    for row in ([], ["Timestamp", "Card", "Played on", "Would buy", "Notes"],
                [datetime.datetime(2026, 11, 20, 10, 0), "gems/opal-1", datetime.date(2026, 11, 19), True, None],
                [None] * 5,
                [datetime.datetime(2026, 11, 21, 10, 0), "gems/opal-1", datetime.datetime(2026, 11, 18, 20, 30), False, "ok"]):
        book.active.append(row)
    book.save(tmp_path / "answers.xlsx")
    result = run_pnp(root, "feedback", "import", str(tmp_path / "answers.xlsx"))
    assert result.exit_code == 0 and "2 new answers" in result.output, result.output
    assert [(a["time"], a["answers"]) for a in kept(root)] == [
        ("2026-11-20 10:00:00", {"Played on": "2026-11-19", "Would buy": "yes"}),
        ("2026-11-21 10:00:00", {"Played on": "2026-11-18 20:30:00", "Would buy": "no", "Notes": "ok"})]


def _import_one(root: Path, tmp_path: Path):
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "gems/opal-1", "", "", "fine"]])
    return run_pnp(root, "feedback", "import", str(sheet))


ENTRY = "an answer needs `card:` (deck/card) and `answers:` (question: answer)"


@pytest.mark.parametrize("written, lines, message", [
    ("{card: gems/opal-1}\n", [1], "the answers file is a list of answers (`- card: …`): import them again with pnp feedback import"),
    # a note, an entry without its card, one without its answers, one whose answers are a text: each its own error
    ("- card: gems/opal-1\n  answers: {Notes: kept}\n- a note\n- answers: {Notes: whose?}\n- card: gems/ruby-1\n- card: gems/ruby-1\n  answers: fine\n",
     [3, 4, 5, 6], ENTRY),
])
def test_a_damaged_answers_file_is_refused_at_its_place_and_left_as_it_is(tmp_path, written, lines, message):
    root = make_game(tmp_path / "project")
    path = root / "data/gm/feedback/answers.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(written, encoding="utf-8")
    result = _import_one(root, tmp_path)
    assert result.exit_code != 0
    said = [line for line in result.output.splitlines() if ": error: " in line]
    assert said == [f"data/gm/feedback/answers.yaml:{line}:{1 if line == 1 else 3}: error: {message}" for line in lines], result.output
    assert path.read_text(encoding="utf-8") == written


def test_an_answers_file_that_is_a_link_out_of_the_game_is_never_read(tmp_path):
    root = make_game(tmp_path / "project")
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("- card: gems/opal-1\n  answers: {Notes: planted}\n", encoding="utf-8")
    (root / "data/gm/feedback").mkdir(parents=True)
    (root / "data/gm/feedback/answers.yaml").symlink_to(outside)
    result = _import_one(root, tmp_path)
    assert result.exit_code != 0
    assert ("data/gm/feedback/answers.yaml: error: the answers file leads out of the game's folder (a link): delete it, and import "
            "the answers again") in result.output, result.output
    assert "planted" not in run_pnp(root, "list", "gm").output and "playtest answer" not in run_pnp(root, "list", "gm").output


def test_an_answer_written_by_hand_without_its_time_code_or_version_is_kept_with_them_blank(tmp_path):
    root = make_game(tmp_path / "project")
    path = root / "data/gm/feedback/answers.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("- card: gems/opal-1\n  answers: {Notes: from the table}\n", encoding="utf-8")
    assert _import_one(root, tmp_path).exit_code == 0
    assert "- card: gems/opal-1\n  time: ''\n  code: ''\n  version: ''\n  answers:\n    Notes: from the table\n" in answers_file(root)


# The feedback sheet (docs/publish.md, The playtest feedback sheet), drawn as `pnp bundle` draws it: a page or more per
# deck under the session's header, a row per different card with five boxes to rate it and room for a note.
MM = 72 / 25.4
MARGIN_MM = 15.0  # the sheet's margins, wider than the edge a desktop printer leaves unprinted
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # ISO 216; ANSI letter, 8.5 × 11 in
BOX_MM, BOX_GAP_MM, ROW_MM = 4.0, 1.6, 9.0  # a box to tick, the gap between boxes, a row tall enough for a handwritten note


def feedback_sheet(paper: str, rows: int = 30) -> bytes:
    """Two decks: Heroes (`rows` different cards, 40 printed, the first stamped) and Tokens (one card)."""
    from test_feedback_words import _voice

    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice("en")
    heroes = FeedbackDeck("Heroes", tuple(FeedbackRow(f"hero-{i}", f"Hero {i}", "v2 · ABCDEF" if i == 0 else None) for i in range(rows)), total=40)
    return feedback_pdf("Gems", "2.0", [heroes, FeedbackDeck("Tokens", (FeedbackRow("coin", "Coin"),))], paper, fonts, voice)


def sheet_pages(data: bytes) -> list[dict]:
    """Each page as read back: its size (pt), its words, its lines and its squares of one box's side."""
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as doc:
        return [{"size": (page.width, page.height), "words": page.extract_words(), "lines": page.lines, "rects": page.rects,
                 "boxes": sorted((r for r in page.rects if abs(r["width"] - BOX_MM * MM) < 0.05 and abs(r["height"] - BOX_MM * MM) < 0.05),
                                 key=lambda r: (round(r["top"]), r["x0"]))} for page in doc.pages]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_feedback_sheet_is_on_its_paper_inside_15_mm_margins(paper):
    pages = sheet_pages(feedback_sheet(paper))
    width, height = (v * MM for v in PAPERS[paper])
    for page in pages:
        assert page["size"] == pytest.approx((width, height), abs=0.01)
        edges = [(w["x0"], w["top"], w["x1"], w["bottom"]) for w in page["words"]] + [(o["x0"], o["top"], o["x1"], o["bottom"]) for o in page["lines"] + page["rects"]]
        margin = MARGIN_MM * MM - 0.01
        assert all(x0 >= margin and top >= margin and x1 <= width - margin and bottom <= height - margin for x0, top, x1, bottom in edges)
        table = [line for line in page["lines"] if line["top"] == line["bottom"] and line["x1"] - line["x0"] > width / 2]
        assert {(round(line["x0"], 1), round(line["x1"], 1)) for line in table} == {(round(margin, 1), round(width - margin, 1))}  # the table spans the width


def test_each_card_has_a_row_with_five_boxes_to_tick_and_room_for_a_note():
    """A row per different card, in the deck's order, over as many pages as it takes: five empty 4 mm boxes 1.6 mm
    apart (drawn, not filled), rows 9 mm apart; the head row again at the top of each page the deck runs onto."""
    pages = sheet_pages(feedback_sheet("a4"))
    heroes = [page for page in pages if any(w["text"].startswith("hero-") for w in page["words"])]
    assert len(heroes) == 2, "30 rows of 9 mm run onto a second A4 page"
    ids = [w["text"] for page in heroes for w in sorted(page["words"], key=lambda w: w["top"]) if w["text"].startswith("hero-")]
    assert ids == [f"hero-{i}" for i in range(30)]
    for page in pages:
        boxes = page["boxes"]
        assert boxes and all(box["stroke"] and not box["fill"] for box in boxes)
        rows = [boxes[i:i + 5] for i in range(0, len(boxes), 5)]
        assert all(len(row) == 5 and len({round(b["top"], 1) for b in row}) == 1 for row in rows)
        assert all(b["x0"] - a["x1"] == pytest.approx(BOX_GAP_MM * MM, abs=0.05) for row in rows for a, b in itertools.pairwise(row))
        tops = [row[0]["top"] for row in rows]
        assert all(b - a == pytest.approx(ROW_MM * MM, abs=0.05) for a, b in itertools.pairwise(tops))
        heads = [w for w in page["words"] if w["text"] == "Rating"]
        assert len(heads) == 1 and heads[0]["bottom"] < tops[0], "the head row above the cards, on every page"
    assert sum(len(page["boxes"]) for page in pages) == 5 * 31


def test_each_deck_starts_a_page_under_the_sessions_header_with_lines_to_write_on():
    """The header (the game, then Date, Players and Version with lines to fill in by hand, the version printed) opens
    each deck's first page; the deck's line counts its cards; a Version column only where a card carries a stamp."""
    pages = sheet_pages(feedback_sheet("letter"))
    firsts = [page for page in pages if any(w["text"] == "Date:" for w in page["words"])]
    assert len(firsts) == 2 and pages.index(firsts[1]) == len(pages) - 1
    for page, deck, stamped in zip(firsts, ("Heroes (40 cards, 30 different)", "Tokens (1 card)"), (True, False), strict=True):
        text = " ".join(w["text"] for w in page["words"])
        assert text.startswith("Gems: playtest feedback Date: Players: Version: 2.0 " + deck), text[:120]
        heads = [w["text"] for w in page["words"] if w["top"] == next(x for x in page["words"] if x["text"] == "Rating")["top"]]
        assert heads == ["Card", "Name", *(["Version"] if stamped else []), "Rating", "(1–5)", "Notes"], heads
        label = {w["text"]: w for w in page["words"]}
        lines = [line for line in page["lines"] if line["top"] == line["bottom"] and abs(line["top"] - label["Date:"]["bottom"]) < 3 * MM]
        for after, before in (("Date:", "Players:"), ("Players:", "Version:")):
            assert any(line["x0"] >= label[after]["x1"] and line["x1"] <= label[before]["x0"] and line["x1"] - line["x0"] > 25 * MM
                       for line in lines), f"a line to write on after {after!r}"
        assert any(line["x0"] <= label["2.0"]["x0"] and line["x1"] >= label["2.0"]["x1"] for line in lines), "the version on its line"
        assert len(lines) == 3 and all(line["linewidth"] <= 0.6 for line in lines), "three thin lines"
        assert all(0 < line["top"] - label[word]["bottom"] < 3 for line in lines for word in ("Date:", "Players:", "Version:", "2.0")), "the words stand on the lines"
        length = {word: next(line["x1"] - line["x0"] for line in lines if line["x0"] >= label[word]["x1"] and (word == "Players:" or line["x1"] <= label["Players:"]["x0"]))
                  for word in ("Date:", "Players:")}
        assert length["Players:"] > 1.3 * length["Date:"] and length["Date:"] > 25 * MM, "the longest line for the players' names"


def test_the_same_sheet_is_the_same_bytes():
    assert feedback_sheet("a4", 3) == feedback_sheet("a4", 3)


def test_the_feedback_sheet_has_a_row_per_card_with_its_name_in_the_games_words_and_the_stamp_its_front_carries(tmp_path):
    """As `pnp bundle` makes it from a game: a row per different card (copies counted in the deck's line), its name
    fields joined with " · " (a value the game's `strings:` names in those words, as its cards print it; an empty one
    left out), and the stamp its front carries, as `pnp list` gives it."""
    from test_feedback_words import _voice

    from pnp.data.project import Project
    from pnp.data.stamps import Stamper
    from pnp.targets.feedback import feedback_decks, feedback_pdf

    root = make_game(tmp_path / "project")
    game_yaml = root / "data/gm/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "strings: {Opal: Opale}\n", encoding="utf-8")
    deck = root / "data/gm/decks/gems.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: poker\nname_field: [name, gem]")
                    .replace("{id: ruby-1, name: Ruby}", "{id: ruby-1, name: Ruby, gem: red, count: 3}")
                    .replace("{id: opal-1, name: Opal}", "{id: opal-1, name: Opal, gem: ''}"), encoding="utf-8")
    out = run_pnp(root, "list", "gm", "--format", "json").output
    listed = json.JSONDecoder().raw_decode(out[out.index("["):])[0]  # the JSON, before the warning that `gem` is read by no template
    now = {f"{d['id']}/{c['id']}": c["stamp"]["code"] for row in listed for d in row["decks"] for c in d["card_list"]}
    project = Project(root)
    game, _ = project.load_game("gm")
    voice, fonts = _voice("en")
    pages = sheet_pages(feedback_pdf("Gems", "2.0", feedback_decks(game, Stamper(project.templates_dir, game)), "a4", fonts, voice))
    rows = [sorted(w["text"] for w in page["words"] if w["top"] > page["boxes"][0]["top"] - 3 * MM) for page in pages]  # the stamp wraps in its column
    assert rows == [sorted(f"ruby-1 Ruby · red v2.0 · {now['gems/ruby-1']} opal-1 Opale v2.0 · {now['gems/opal-1']}".split()),
                    sorted(f"ruby-1 Ruby reward v2.0 · {now['rewards/ruby-1']}".split())], rows
    assert [" ".join(w["text"] for w in page["words"]).split(" Card ")[0].split("2.0 ")[-1] for page in pages] == ["Gems (4 cards, 2 different)", "Rewards (1 card)"]


def test_the_boxes_stand_in_the_middle_of_their_row_and_column():
    """Each row's five boxes stand halfway between the row's ruled lines, and in the middle of the rating column
    (within the 1.6 mm gap a box keeps after it)."""
    page = sheet_pages(feedback_sheet("a4", 3))[0]
    rules = sorted({round(line["top"], 2) for line in page["lines"] if line["top"] == line["bottom"] and line["x1"] - line["x0"] > 100 * MM})
    head = next(w for w in page["words"] if w["text"] == "Rating")
    notes = next(w for w in page["words"] if w["text"] == "Notes")
    column = (max(line["x0"] for line in page["lines"] if line["x0"] == line["x1"] and line["x0"] < head["x0"]),
              min(line["x0"] for line in page["lines"] if line["x0"] == line["x1"] and line["x0"] > head["x1"] and line["x0"] < notes["x0"]))
    boxes = page["boxes"]
    for row in (boxes[i:i + 5] for i in range(0, len(boxes), 5)):
        above = max(r for r in rules if r < row[0]["top"])
        below = min(r for r in rules if r > row[0]["bottom"])
        assert row[0]["top"] - above == pytest.approx(below - row[0]["bottom"], abs=0.05)
        left, right = row[0]["x0"] - column[0], column[1] - row[-1]["x1"]
        assert abs(left - right) <= BOX_GAP_MM * MM + 0.05, (left, right)


def test_the_sheet_sets_its_title_and_deck_lines_in_bold_over_the_body():
    """The title and each deck's line in the bold face, larger than the body's 8.5 pt (the title the largest); every
    other word in the regular face at 8.5 pt, and in the fonts the sheet is given (embedded, as Noto Sans is)."""
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(feedback_sheet("a4", 3))) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["fontname", "size"])
    title = [w for w in words if w["top"] < words[0]["bottom"] + 1]
    deck = [w for w in words if w["text"] in ("Heroes", "(40", "cards,", "3", "different)")]
    rest = [w for w in words if w not in title and w not in deck]
    assert {(w["fontname"].split("+")[-1], round(w["size"], 1)) for w in title} == {("NotoSans-Bold", 16.0)}
    assert {(w["fontname"].split("+")[-1], round(w["size"], 1)) for w in deck} == {("NotoSans-Bold", 12.0)}
    assert {(w["fontname"].split("+")[-1], round(w["size"], 1)) for w in rest} == {("NotoSans-Bold", 8.5), ("NotoSans-Regular", 8.5)}
    assert {w["text"] for w in rest if "Bold" in w["fontname"]} == {"Date:", "Players:", "Version:", "Card", "Name", "Version", "Rating", "(1–5)", "Notes"}


def test_the_sheet_keeps_its_vertical_rhythm():
    """Where each part of the page starts, in points from the top of an A4 sheet, as the sheet was designed and looked
    at (docs/images/feedback-sheet.png): the title under the 15 mm margin, the session's line, the deck's line and the
    table's head row below it, a stamp that wraps in its column on lines 10 pt apart, card rows 9 mm apart."""
    page = sheet_pages(feedback_sheet("a4", 3))[0]
    top = {w["text"]: round(w["top"], 1) for w in reversed(page["words"])}  # each word's first place
    assert [top[w] for w in ("Gems:", "Date:", "Heroes", "Card", "v2", "ABCDEF")] == [53.2, 87.5, 118.9, 140.4, 156.6, 166.6]
    assert top["hero-1"] - top["hero-0"] == pytest.approx(ROW_MM * MM, abs=0.1)


def test_an_arabic_sheets_lines_to_write_on_stand_left_of_their_labels():
    """Read from the right: each of the header's three labels (date, players, version, each ending in its colon) has its
    line to write on at its left, and no line runs under a label; the version printed on its line."""
    import io

    import pdfplumber
    from test_feedback_words import _voice

    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice("ar")
    data = feedback_pdf("Gems", "2.0", [FeedbackDeck("Heroes", (FeedbackRow("hero-1", "Hero"),))], "a4", fonts, voice)
    with pdfplumber.open(io.BytesIO(data)) as doc:
        page = doc.pages[0]
        words = [w for w in page.extract_words() if 80 < w["top"] < 100]
        lines = [line for line in page.lines if line["top"] == line["bottom"] and line["top"] < 110]
    colons = sorted(w["x0"] for w in words if w["text"] == ":")
    labels = [(x, min(w["x1"] for w in words if w["x0"] >= x - 0.5 and w["text"] != ":")) for x in colons]
    assert len(labels) == 3 and len(lines) == 3
    for start, end in labels:
        assert any(start - 30 < line["x1"] <= start for line in lines), f"a line at the left of the label at {start:.0f}"
        assert not any(line["x0"] < end and start < line["x1"] for line in lines), "no line under a label"
    version = next(w for w in words if w["text"] == "2.0")
    assert any(line["x0"] <= version["x0"] and version["x1"] <= line["x1"] for line in lines)


def test_a_japanese_name_breaks_between_its_characters_inside_its_column():
    """Japanese breaks between any two characters: a long name wraps inside the name column, each line filled (after
    a short word and a space, the long one carries on on the same line rather than starting a line of its own)."""
    import io

    import pdfplumber
    from test_feedback_words import _voice

    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice("ja")
    name = "赤い 長い名前のカードはこの列の中で折り返されなければならない"
    data = feedback_pdf("Gems", "2.0", [FeedbackDeck("Heroes", (FeedbackRow("hero-1", name),))], "a4", fonts, voice)
    with pdfplumber.open(io.BytesIO(data)) as doc:
        page = doc.pages[0]
        chars = [c for c in page.chars if c["text"] in name.replace(" ", "") and c["top"] > 150]
        walls = sorted({round(line["x0"], 1) for line in page.lines if line["x0"] == line["x1"] and line["top"] > 130})
    assert len(chars) == len(name) - 1 and len({round(c["top"]) for c in chars}) > 1, "the name wraps"
    first = [c for c in chars if round(c["top"]) == round(min(c["top"] for c in chars))]
    assert len(first) > 2, "the first line goes on past the short word"
    left = max(w for w in walls if w <= min(c["x0"] for c in chars))
    right = min(w for w in walls if w > left)
    assert all(left < c["x0"] and c["x1"] < right for c in chars), (left, right, max(c["x1"] for c in chars))


def test_the_feedback_sheet_embeds_every_font_it_uses():
    """No font a printer or reader must stand in for (reportlab's Helvetica, which a table's plain cells would bring in
    unless told otherwise): every font the sheet's pages use is embedded."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(feedback_sheet("letter", 3))) as pdf:
        fonts = {str(font.get("/BaseFont")): font for page in pdf.pages for font in page.Resources.Font.values()}
        assert fonts and not any("Helvetica" in name for name in fonts), sorted(fonts)
        for name, font in fonts.items():
            descriptor = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), f"{name} is not embedded"


def test_the_sheet_says_what_it_is_and_rules_its_table():
    """Its document title is the sheet's own title, pnp its author and creator; the table's head row is shaded light
    grey across the whole width, the table ruled in thin grey lines from its head row down, the boxes in 0.6 pt lines;
    a card without a stamp leaves its Version cell empty."""
    import io

    import pdfplumber
    import pikepdf

    data = feedback_sheet("a4", 3)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        info = {k: str(v) for k, v in pdf.docinfo.items()}
    assert (info["/Title"], info["/Author"], info["/Creator"]) == ("Gems: playtest feedback", "pnp", "pnp"), info
    with pdfplumber.open(io.BytesIO(data)) as doc:
        page = doc.pages[0]
        head = next(w for w in page.extract_words() if w["text"] == "Rating")
        shaded = [r for r in page.rects if r["fill"] and r["top"] <= head["top"] and r["bottom"] >= head["bottom"]]
        assert [(round(r["x0"], 1), round(r["x1"], 1), tuple(round(v, 2) for v in r["non_stroking_color"])) for r in shaded] == [
            (round(MARGIN_MM * MM, 1), round(page.width - MARGIN_MM * MM, 1), (0.9, 0.9, 0.9))]
        ruled = [line for line in page.lines if line["top"] > 120]
        assert ruled and {(round(line["linewidth"], 2), tuple(round(v, 3) for v in line["stroking_color"])) for line in ruled} == {(0.4, (0.502, 0.502, 0.502))}
        assert min(line["top"] for line in ruled) < head["top"], "the head row ruled above"
        boxes = [r for r in page.rects if abs(r["width"] - BOX_MM * MM) < 0.05]
        assert {round(r["linewidth"], 2) for r in boxes} == {0.6}
        row = next(w for w in page.extract_words() if w["text"] == "hero-1")
        assert sorted(w["text"] for w in page.extract_words() if abs(w["top"] - row["top"]) < 3) == ["1", "Hero", "hero-1"]


def test_a_game_without_stamps_has_a_sheet_without_a_version_column(tmp_path):
    from test_feedback_words import _voice

    from pnp.data.project import Project
    from pnp.data.stamps import Stamper
    from pnp.targets.feedback import feedback_decks, feedback_pdf

    root = make_game(tmp_path / "project")
    game_yaml = root / "data/gm/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("stamps: true", "stamps: false"), encoding="utf-8")
    project = Project(root)
    game, _ = project.load_game("gm")
    voice, fonts = _voice("en")
    pages = sheet_pages(feedback_pdf("Gems", "2.0", feedback_decks(game, Stamper(project.templates_dir, game)), "a4", fonts, voice))
    heads = [w["text"] for w in pages[0]["words"] if w["top"] == next(x for x in pages[0]["words"] if x["text"] == "Rating")["top"]]
    assert heads == ["Card", "Name", "Rating", "(1–5)", "Notes"]


def test_a_name_keeps_its_straight_quotes_as_typed():
    """The sheet prints a card's name as the designer typed it, straight quotes and all (as it always has)."""
    from test_feedback_words import _voice

    from pnp.targets.feedback import FeedbackDeck, FeedbackRow, feedback_pdf

    voice, fonts = _voice("en")
    page = sheet_pages(feedback_pdf("Gems", "2.0", [FeedbackDeck("Eggs", (FeedbackRow("egg", 'Dragon\'s "Egg"'),))], "a4", fonts, voice))[0]
    assert [w["text"] for w in page["words"] if w["text"].startswith(("Dragon", '"Egg'))] == ["Dragon's", '"Egg"']
