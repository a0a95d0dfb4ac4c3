"""`pnp feedback import` joins only what it is sure of (issues 99 item 4, 100 item 3, 101 item 2): a card id two decks
share is refused at its cell with both decks named unless the row's code says which; the codes of every print still
join; an answer without a code is matched by its version column and counted older; only whole codes are read; the
columns of who answered (e-mail addresses, phone numbers, names, under any header) stay out of answers.yaml unless the
game keeps them, and the import says which it left out; real form exports are read."""
from __future__ import annotations

import csv
import json
import re
import textwrap
from pathlib import Path

import pytest
from conftest import run_pnp

SAMPLES = Path(__file__).parent / "samples" / "feedback"


def make_game(root: Path, feedback: str = "{}") -> Path:
    """A game `gm` at version 2.0 with text stamps, whose two decks both hold a card `ruby-1` (unlike, so unlike codes)."""
    files = {
        "data/gm/game.yaml": f"""\
            title: Gems
            version: "2.0"
            players: {{min: 1, max: 2}}
            stamps: true
            feedback: {feedback}
            """,
        "data/gm/decks/gems.yaml": """\
            name: Gems
            size: poker
            front: gm/front.j2
            back: gm/back.j2
            cards:
              - {id: ruby-1, name: Ruby}
              - {id: opal-1, name: Opal}
            """,
        "data/gm/decks/rewards.yaml": """\
            name: Rewards
            size: poker
            front: gm/front.j2
            back: gm/back.j2
            cards:
              - {id: ruby-1, name: Ruby reward}
            """,
        "templates/gm/front.j2": '{{ text(card.name, 5, 8, face.w - 10, 10, size=12) }}\n',
        "templates/gm/back.j2": '{{ rect(0, 0, face.w, face.h, fill="#555555") }}\n',
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def codes(root: Path) -> dict[str, str]:
    """deck/card → the stamp code `pnp list` gives it now."""
    out = run_pnp(root, "list", "gm", "--format", "json").output
    rows = json.loads(out[: out.rindex("]") + 1])
    return {f"{d['id']}/{c['id']}": c["stamp"]["code"] for row in rows for d in row["decks"] for c in d["card_list"]}


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([header, *rows])
    return path


def kept(root: Path) -> list[dict]:
    """answers.yaml read back as a YAML reader reads it."""
    import yaml

    path = root / "data/gm/feedback/answers.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else []


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    return make_game(tmp_path_factory.mktemp("gm") / "project")


HEADER = ["Timestamp", "Card", "Code", "Version", "Notes"]


def test_an_id_two_decks_share_is_refused_at_its_cell_naming_both_unless_the_code_says_which(game, tmp_path):
    now = codes(game)
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [
        ["11/20/2026 10:00:00", "ruby-1", "", "", "which ruby?"],
        ["11/20/2026 10:01:00", "ruby-1", now["rewards/ruby-1"], "", "the reward one"],
        ["11/20/2026 10:02:00", "gems/ruby-1", "", "", "named whole"],
    ])
    result = run_pnp(game, "feedback", "import", str(sheet))
    assert result.exit_code != 0
    errors = [line for line in result.output.splitlines() if ": error" in line]
    assert len(errors) == 1 and "answers.csv:2:2" in errors[0], result.output  # the Card cell of the first answer (line 2, column B)
    assert "gems" in errors[0] and "rewards" in errors[0] and "no card" not in errors[0], errors[0]
    assert {(a["card"], a["answers"]["Notes"]) for a in kept(game)} == {("rewards/ruby-1", "the reward one"), ("gems/ruby-1", "named whole")}


def test_only_whole_stamp_codes_are_read_from_the_code_cell(tmp_path):
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [
        ["11/20/2026 10:00:00", "", f"Q{opal}Z", "", "inside a longer token"],
        ["11/20/2026 10:01:00", "", f"{opal}_2", "", "with a tail"],
        ["11/20/2026 10:02:00", "", f"v2.0 · {opal.lower()}", "", "the stamp as printed, typed small"],
        ["11/20/2026 10:03:00", "", f"Q{opal}", "", "the end of a longer token"],
    ])
    result = run_pnp(root, "feedback", "import", str(sheet))
    refused = sorted(re.findall(r"answers\.csv:(\d+):(\d+): error", result.output))
    assert refused == [("2", "3"), ("3", "3"), ("5", "3")], result.output  # each at its Code cell: six letters of a longer token are no code
    assert [(a["card"], a["code"]) for a in kept(root)] == [("gems/opal-1", opal)]


def test_an_answer_by_an_earlier_prints_code_is_never_said_given_on_the_version_printed_now(tmp_path):
    """Printed at version 1.9, then the card edited and the game at 2.0: an answer by the 1.9 print's code, on a sheet
    whose Version column is empty, joins the card and is counted older, and answers.yaml says no version for it (the
    code tells the card, not the version), never 2.0; one by the code printed now is kept at 2.0."""
    root = make_game(tmp_path / "project")
    game, deck = root / "data/gm/game.yaml", root / "data/gm/decks/gems.yaml"
    game.write_text(game.read_text().replace('version: "2.0"', 'version: "1.9"'))
    assert run_pnp(root, "build", "gm", "-q", "--only", "cards").exit_code == 0  # the first build counts as the first print
    old = codes(root)["gems/opal-1"]
    game.write_text(game.read_text().replace('version: "1.9"', 'version: "2.0"'))
    deck.write_text(deck.read_text().replace("name: Opal}", "name: Opal II}"))
    assert run_pnp(root, "build", "gm", "-q", "--only", "cards").exit_code == 0
    now = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", old, "", "on the 1.9 print"],
                                                        ["11/21/2026 10:00:00", "", now, "", "on this print"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0 and "1 of the sheet given on an older version" in result.output, result.output
    assert {a["answers"]["Notes"]: (a["card"], a["version"]) for a in kept(root)} == \
           {"on the 1.9 print": ("gems/opal-1", ""), "on this print": ("gems/opal-1", "2.0")}


def test_a_card_cell_names_a_card_by_its_whole_id_never_by_its_tail(tmp_path):
    """`pal-1` is the end of the id opal-1, and no card of the game: the answer is refused at its Card cell as naming
    no card, never joined to opal-1."""
    root = make_game(tmp_path / "project")
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "pal-1", "", "", "a tail"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    errors = [line for line in result.output.splitlines() if ": error" in line]
    assert result.exit_code != 0 and len(errors) == 1, result.output
    assert "answers.csv:2:2: error:" in errors[0] and "no card 'pal-1' in this game" in errors[0], errors[0]
    assert kept(root) == []


def test_a_code_cell_holding_words_before_the_stamp_joins_by_the_stamps_code_which_prints_last(tmp_path):
    """A playtester copies the card's word and its stamp as the card prints them, `Reward v2.0 · K7QXMA` (the code
    last, docs/editions.md): the answer joins by the stamp's code, not by the six-letter word before it."""
    root = make_game(tmp_path / "project")
    reward = codes(root)["rewards/ruby-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", f"Reward v2.0 · {reward}", "", "copied off the card"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0 and ": error:" not in result.output, result.output
    assert [(a["card"], a["code"]) for a in kept(root)] == [("rewards/ruby-1", reward)]


def test_a_stamp_typed_whole_in_the_version_column_gives_the_answer_its_version_and_its_card(tmp_path):
    """The paper feedback sheet's Version column holds the stamp as printed (docs/editions.md: `v1.9`, or a stamp
    typed whole): the answer joins the card by the stamp's code and keeps the version alone, `2.0`."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", "", f"v2.0 · {opal}", "from paper"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert [(a["card"], a["code"], a["version"]) for a in kept(root)] == [("gems/opal-1", opal, "2.0")]


def test_the_codes_of_every_print_join_and_an_answer_on_an_older_version_is_counted_older(tmp_path):
    """Printed at A, edited and printed at B, edited again (C, built, not printed): answers naming A (two prints ago)
    and B (the last print) still join the card, as does one with no code whose Version column says 1.9."""
    root = make_game(tmp_path / "project")
    deck = root / "data/gm/decks/gems.yaml"

    def build(*extra):
        result = run_pnp(root, "build", "gm", "-q", "--only", "cards", *extra)
        assert result.exit_code == 0, result.output
        return codes(root)["gems/opal-1"]

    first = build()  # the first build counts as the first print
    deck.write_text(deck.read_text().replace("name: Opal}", "name: Opal II}"))
    second = build("--mark-printed")
    deck.write_text(deck.read_text().replace("name: Opal II}", "name: Opal III}"))
    now = build()
    assert len({first, second, now}) == 3
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [
        ["11/20/2026 10:00:00", "", first, "", "on the first print"],
        ["11/21/2026 10:00:00", "", second, "", "on the last print"],
        ["11/22/2026 10:00:00", "gems/opal-1", "", "v1.9", "on paper, version 1.9"],
        ["11/23/2026 10:00:00", "gems/opal-1", "", "v2.0", "on paper, this version"],
    ])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    answers = kept(root)
    assert [a["card"] for a in answers] == ["gems/opal-1"] * 4
    assert {a["answers"]["Notes"]: a["version"] for a in answers}["on paper, version 1.9"] == "1.9"
    assert "3 of the sheet given on an older version" in result.output, result.output  # both old codes and version 1.9
    assert "4 playtest answers on 1 card, 3 given on an older version" in run_pnp(root, "list", "gm").output


def test_an_unknown_code_is_refused_showing_the_games_own_stamp(game, tmp_path):
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", "QQQQQQ", "", "?"]])
    result = run_pnp(game, "feedback", "import", str(sheet))
    line = next(line for line in result.output.splitlines() if "answers.csv:2:3: error" in line)
    first = sorted(codes(game).items())[0]
    assert f"v2.0 · {first[1]}" in line and "ABC123" not in line, line


PERSONAL = {"Contact": "bob@example.com", "Ring me": "+1 555 0100", "Who are you?": "Bob Stone", "Signed": "Ana María López"}


def personal_sheet(path: Path, opal: str) -> Path:
    """Two answers with four columns of who answered, and two of capitalised words that are answers, not people: a
    card's name (the reward `Ruby reward`) and a scale's choice."""
    header = ["Timestamp", "Code", *PERSONAL, "How did it play?", "Best card?", "Was it fun?"]
    rows = [["11/20/2026 10:00:00", opal, *PERSONAL.values(), "too strong on turn two", "Ruby Reward", "Strongly Agree"],
            ["11/21/2026 10:00:00", opal, "eve@example.net", "(020) 7946 0958", "Eve Marsh", "Li Wei", "fine, mail me at eve.m@example.net "
             "or ring +44 20 7946 0000", "Ruby Reward", "Somewhat Agree"]]
    return write_csv(path, header, rows)


def test_columns_of_who_answered_under_any_header_stay_out_of_the_answers_file_and_are_named(tmp_path):
    root = make_game(tmp_path / "project")
    result = run_pnp(root, "feedback", "import", str(personal_sheet(tmp_path / "answers.csv", codes(root)["gems/opal-1"])))
    assert result.exit_code == 0, result.output
    text = (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")
    for value in (*PERSONAL.values(), "eve@example.net", "eve.m@example.net", "7946", "Eve Marsh", "Li Wei"):
        assert value not in text, f"{value!r} kept in answers.yaml"
    assert sorted(a["answers"]["How did it play?"] for a in kept(root))[1] == "too strong on turn two"
    assert min(a["answers"]["How did it play?"] for a in kept(root)).startswith("fine, mail me at ")  # the answer kept, its address not
    assert sorted((a["answers"]["Best card?"], a["answers"]["Was it fun?"]) for a in kept(root)) == [("Ruby Reward", "Somewhat Agree"), ("Ruby Reward", "Strongly Agree")]
    said = [line for line in result.output.splitlines() if "left out" in line]
    assert len(said) == 1 and "answers.csv:1:3: warning" in said[0], result.output  # one line, at the first such header
    assert all(f"{col} '{header}'" in said[0] for col, header in zip("CDEF", PERSONAL, strict=True)), said[0]


def test_a_column_the_game_keeps_is_kept(tmp_path):
    root = make_game(tmp_path / "project", "{keep: [Ring me]}")
    result = run_pnp(root, "feedback", "import", str(personal_sheet(tmp_path / "answers.csv", codes(root)["gems/opal-1"])))
    assert result.exit_code == 0, result.output
    assert sorted(a["answers"].get("Ring me") for a in kept(root)) == ["(020) 7946 0958", "+1 555 0100"]
    text = (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")
    assert all(v not in text for v in ("bob@example.com", "Bob Stone", "Ana María López")), text  # the columns after it still left out


def test_an_upload_link_naming_who_sent_it_keeps_the_link_without_the_name(tmp_path):
    """Microsoft Forms names each uploaded file after who sent it, as its link writes the name (`…/Question/
    2401414_Ann%20Lee.pdf`: the real export in tests/samples/feedback/README.md): the answer is kept, the row's own name
    left out of it (docs/editions.md)."""
    root = make_game(tmp_path / "project")
    link = "https://example-my.sharepoint.com/Documents/Apps/Microsoft%20Forms/Playtest/Question/2401414_Ann%20Lee.pdf"
    sheet = write_csv(tmp_path / "answers.csv", ["Completion time", "Code", "Email", "Name", "Upload a photo of your game"],
                      [["11/20/2026 10:00:00", codes(root)["gems/opal-1"], "a.lee@example.ac.uk", "Ann Lee", link]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert [a["answers"] for a in kept(root)] == [{"Upload a photo of your game": link.replace("Ann%20Lee", "[name left out]")}]


def test_a_real_google_forms_export_is_read_with_its_times_and_questions(tmp_path):
    """The trimmed real export (tests/samples/feedback/README.md), with a Card column added at its end."""
    with (SAMPLES / "google-forms-responses.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    rows = [[*rows[0], "Card"]] + [[*row, "gems/opal-1"] for row in rows[1:]]
    sheet = write_csv(tmp_path / "responses.csv", rows[0], rows[1:])
    root = make_game(tmp_path / "project")
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0 and "3 new answers" in result.output, result.output
    answers = kept(root)
    assert [a["time"] for a in answers] == ["2019-09-04 11:58:32", "2019-09-04 21:26:05", "2019-09-20 16:07:11"]  # M/D/YYYY, as the US export writes
    q1 = rows[0][2]
    assert answers[1]["answers"][q1] == rows[2][2].strip() and "\n" in answers[1]["answers"][q1]  # the answer over two lines, whole


def test_a_microsoft_forms_workbook_leaves_out_its_id_email_and_name(tmp_path):
    """The layout Microsoft Forms exports (tests/samples/feedback/README.md: written from its documented columns), saved
    as the XLSX it gives, times as dates: ID, Start time, Email and Name are left out and said so."""
    import datetime

    from openpyxl import Workbook

    root = make_game(tmp_path / "project")
    with (SAMPLES / "microsoft-forms-layout.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    book = Workbook()
    book.active.title = "Sheet1"
    for n, row in enumerate(rows):
        book.active.append(row if not n else [int(row[0]), *(datetime.datetime.strptime(t, "%m/%d/%Y %H:%M:%S") for t in row[1:3]), *row[3:]])
    book.save(tmp_path / "answers.xlsx")
    result = run_pnp(root, "feedback", "import", str(tmp_path / "answers.xlsx"))
    assert result.exit_code == 0, result.output
    text = (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")
    assert "ann.lee@example.org" not in text and "Ann Lee" not in text and "Anonymous" not in text
    assert [(a["card"], a["time"]) for a in kept(root)] == [("gems/opal-1", "2026-11-20 09:05:30"), ("rewards/ruby-1", "2026-11-21 18:02:10")]
    said = next(line for line in result.output.splitlines() if "left out" in line)
    assert "answers.xlsx[Sheet1]!A1: warning" in said and all(f"{c} '{h}' ({why})" in said for c, h, why in (
        ("A", "ID", "the form's own record"), ("B", "Start time", "the form's own record"), ("D", "Email", "e-mail addresses"), ("E", "Name", "names")))


EDGES = {  # header → its three answers, and why the import leaves it out ('' where it keeps it)
    "Card name": (("fire", "ice", "fire"), ""),  # a header speaking of a card's name, not a person's
    "Your phone": (("", "", ""), "who answered"),  # left out by its header alone
    "Mail": (("mailto:ann@example.org", "", ""), "e-mail addresses"),
    "Serial": (("1234-5678-9012-3456",) * 3, ""),  # 16 digits: past E.164's 15, no number to ring
    "Fifteen": (("+123 4567 8901 2345",) * 3, "phone numbers"),  # 15 digits: E.164's longest
    "Seven": (("555-0100",) * 3, "phone numbers"),  # 7 digits: a local number
    "Raw": (("1234567",) * 3, ""),  # digits alone, written as a count is
    "Zero": (("0123456",) * 3, "phone numbers"),  # digits alone from a leading 0: a trunk prefix
    "Half": (("x@example.org", "a fine card", ""), "e-mail addresses"),  # half the filled cells
    "Initial": (("Ann B", "Bo C", "Cy D"), "names"),
    "Lower": (("Ann lee", "Bo lee", "Cy lee"), ""),  # a name's last word has its capital
    "Particle": (("Ana de la Cruz", "Jan van Dam", "Rosa la Rosa"), "names"),
    "Particle first": (("de Cruz", "van Dam", "la Rosa"), ""),
    "Shout": (("OK GO", "NO WAY", "BIG HIT"), ""),
}


def test_what_counts_as_who_answered_at_its_edges(tmp_path):
    """Each column's fate from the rules docs/editions.md states: a phone number has 7 to 15 digits (ITU-T E.164), a
    name two to four words with capitals (particles aside), half the filled cells decide."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    rows = [["11/20/2026 10:00:00", opal, *(values[n] for values, _ in EDGES.values())] for n in range(3)]
    result = run_pnp(root, "feedback", "import", str(write_csv(tmp_path / "answers.csv", ["Timestamp", "Code", *EDGES], rows)))
    assert result.exit_code == 0, result.output
    said = next(line for line in result.output.splitlines() if "left out" in line)
    letters = {header: chr(ord("C") + n) for n, header in enumerate(EDGES)}
    named = dict(re.findall(r"[A-Z] '([^']+)' \(([^)]+)\)", said))
    assert named == {h: why for h, (_, why) in EDGES.items() if why}, said
    assert all(f"{letters[h]} '{h}'" in said for h in named)
    answered = [a["answers"] for a in kept(root)]
    assert {q for a in answered for q in a} == {h for h, (values, why) in EDGES.items() if not why and any(values)}


def test_a_sheet_with_no_answer_to_keep_names_no_answers_file(tmp_path):
    """Every row refused and nothing kept before: no answers file is written, and none is named as if it held them."""
    root = make_game(tmp_path / "project")
    sheet = write_csv(tmp_path / "answers.csv", HEADER, [["11/20/2026 10:00:00", "", "QQQQQQ", "", "?"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert "gm: no answer kept, so no answers file was written" in result.output
    assert "answers.yaml" not in result.output + result.stderr and not (root / "data/gm/feedback/answers.yaml").exists()


# Typeform's export as it lays its columns out: its response token `#`, each question's text, an `Other` column after
# each choice question that offers one (so the header repeats), a hidden field the form's link fills (here `card`),
# then its own columns (its newer exports end with `Ending`, the closing screen reached); a phone number written with the
# apostrophe Typeform puts before a leading `+`
TYPEFORM_HEADER = ["#", "card", "Which part confused you?", "Other", "Your phone", "What would you cut?", "Other",
                   "Response Type", "Start Date (UTC)", "Stage Date (UTC)", "Submit Date (UTC)", "Network ID", "Tags", "Ending"]
TYPEFORM_ROWS = [["t1kq9", "gems/opal-1", "Scoring", "", "'+15550100", "Nothing", "", "completed", "2026-11-20 10:00:00", "",
                  "2026-11-20 10:02:30", "9f3e1a2b7c", "", "Thanks!"],
                 ["t2mx4", "gems/opal-1", "Other", "the reshuffle", "'+15550199", "Other", "the second draw", "completed",
                  "2026-11-21 09:00:00", "", "2026-11-21 09:04:10", "9f3e1a2b7c", "", "Thanks!"]]


def test_a_typeform_export_keeps_the_answer_under_each_repeated_header_and_imports_again_as_the_same_answers(tmp_path):
    root = make_game(tmp_path / "project")
    sheet = write_csv(tmp_path / "responses.csv", TYPEFORM_HEADER, TYPEFORM_ROWS)
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0 and "2 new answers" in result.output, result.output
    second = {a["time"]: a["answers"] for a in kept(root)}["2026-11-21 09:04:10"]  # the submit time, not the start
    assert (second["Other"], second["Other (G)"]) == ("the reshuffle", "the second draw")  # columns D and G
    text = (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")
    assert "9f3e1a2b7c" not in text and "5550" not in text, text  # Typeform's Network ID and the phone: who answered
    said = next(line for line in result.output.splitlines() if "left out" in line)
    assert "E 'Your phone'" in said and "L 'Network ID'" in said, said
    assert set(second) == {"Which part confused you?", "Other", "What would you cut?", "Other (G)"}, second  # no `#`, dates or type
    own = "the form's own record"  # each of Typeform's own columns left out whatever it holds (the Stage Date empty), but the submit time read as the answer's
    assert dict(re.findall(r"[A-Z] '([^']+)' \(([^)]+)\)", said)) == {
        "#": own, "Your phone": "phone numbers", "Response Type": own, "Start Date (UTC)": own, "Stage Date (UTC)": own,
        "Network ID": "who answered", "Ending": own}, said
    again = run_pnp(root, "feedback", "import", str(sheet))
    assert "0 new answers" in again.output and "2 in all" in again.output, again.output
    assert (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8") == text


def test_a_tally_export_is_read_by_its_submission_time_without_who_answered(tmp_path):
    root = make_game(tmp_path / "project")
    header = ["Submission ID", "Respondent ID", "Submitted at", "Card", "How long did it take?"]
    sheet = write_csv(tmp_path / "tally.csv", header, [["mOx4Lb", "3xRv9q", "2026-11-22 18:30:05", "gems/opal-1", "40 minutes"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert [(a["time"], a["answers"]) for a in kept(root)] == [("2026-11-22 18:30:05", {"How long did it take?": "40 minutes"})]
    said = next(line for line in result.output.splitlines() if "left out" in line)
    assert "A 'Submission ID' (the form's own record), B 'Respondent ID' (who answered)" in said, said


def test_columns_without_a_header_are_no_question_however_many_the_sheet_has(tmp_path):
    """A designer ticks the answers read in two columns of their own, right of the form's, and heads neither: a column
    without a header asks nothing, so neither is kept, the second no more than the first (it is no repeat of a
    header to tell apart by its letter)."""
    root = make_game(tmp_path / "project")
    sheet = write_csv(tmp_path / "answers.csv", [*HEADER, "", ""], [["11/20/2026 10:00:00", "gems/opal-1", "", "", "too strong", "seen", "x"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert [a["answers"] for a in kept(root)] == [{"Notes": "too strong"}]


def test_the_keep_advice_names_a_column_of_who_answered_never_the_forms_own_record(tmp_path):
    """Typeform's first column is its response token `#`, the form's own record, which no designer keeps: the advice
    names the first column of who answered (E 'Your phone'); a sheet whose only columns left out are the form's own
    record is given no advice to keep one."""
    root = make_game(tmp_path / "project")
    result = run_pnp(root, "feedback", "import", str(write_csv(tmp_path / "responses.csv", TYPEFORM_HEADER, TYPEFORM_ROWS)))
    said = [line for line in result.output.splitlines() if "left out of the answers file" in line]
    assert len(said) == 1 and said[0].endswith("; to keep a column, name its header in game.yaml's feedback: {keep: ['Your phone']}"), said
    header = ["#", "card", "How long did it take?", "Submit Date (UTC)"]
    result = run_pnp(root, "feedback", "import", str(write_csv(tmp_path / "plain.csv", header, [["t9zz1", "gems/opal-1", "40 minutes", "2026-11-23 10:00:00"]])))
    said = [line for line in result.output.splitlines() if "left out of the answers file" in line]
    assert len(said) == 1 and said[0].endswith("left out of the answers file: A '#' (the form's own record)"), said


def test_a_workbook_of_several_sheets_is_refused_naming_its_sheets_and_the_sheet_option(project):
    """docs/editions.md: the import reads a form's workbook; one of several sheets is named with --sheet (a deck's
    `sheet:` key is no answer's), so the refusal says that option and the sheets to choose from, and keeps nothing."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "Answers"
    book.active.append(["Timestamp", "Card", "Notes"])
    book.active.append(["2026/03/01 10:00:00", "heroes/knight", "fun"])
    book.create_sheet("Old").append(["Timestamp", "Card", "Notes"])
    path = project / "answers.xlsx"
    book.save(path)
    result = run_pnp(project, "feedback", "import", str(path))
    assert result.exit_code == 1, result.output
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert errors == [f"{path}: error: answers.xlsx has 2 sheets: name the one holding the answers with --sheet; sheets: Answers, Old"], errors
    assert not (project / "data/tiny/feedback/answers.yaml").exists()


def test_a_sheet_typed_from_paper_with_a_stamp_column_joins_each_answer_by_the_code_in_it(tmp_path):
    """docs/editions.md: a sheet typed from paper may head its code column `Code`, `Card code` or `Stamp` (what the
    card prints is its stamp); the stamp copied off the card, `v2.0 · CODE`, joins its card with that version."""
    root = make_game(tmp_path / "project")
    opal = codes(root)["gems/opal-1"]
    sheet = write_csv(tmp_path / "answers.csv", ["Time", "Stamp", "Notes"], [["2026-11-20 10:00:00", f"v2.0 · {opal}", "too cheap"]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0 and ": error" not in result.output, result.output
    assert [(a["card"], a["code"], a["answers"]) for a in kept(root)] == [("gems/opal-1", opal, {"Notes": "too cheap"})]
