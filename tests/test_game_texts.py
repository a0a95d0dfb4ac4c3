"""The five games say one thing everywhere: rulebook, reference, player aids, cards and boards agree (issue 47).

Each promise is read from the text of the built PDFs, so a phrase brought back into any data file or template
is caught wherever it prints."""
from __future__ import annotations

import functools
import re

import pytest
import yaml
from conftest import ROOT
from pdfplumber.utils import extract_words
from pdftext import page_texts, pdf_text

GAMES = ("germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct")


def flat(text: str) -> str:
    """One line of text, with typographic quotes and apostrophes read as plain ones and hyphenated breaks kept."""
    for curly, plain in (("‘", "'"), ("’", "'"), ("“", '"'), ("”", '"')):
        text = text.replace(curly, plain)
    return " ".join(text.split())


@pytest.fixture(scope="module")
def built(shared_build):
    """The plain build of the five games, shared with other files (conftest.shared_build)."""
    return shared_build()


@functools.cache
def text_of(built, game: str, output: str) -> str:
    """Every page's text of one PDF, read once for all the tests of this file, by pdfium (pypdf took 3 s for a deck)."""
    return flat(pdf_text(built / game / f"{game}-{output}.pdf", " "))


def everything(built, game: str) -> str:
    return " ".join(text_of(built, game, output) for output in ("rulebook", "reference", "cards", "boards", "labels", "boxes"))


def own_rules(built, game: str) -> str:
    """The rulebook from its section "This edition's own rules" on."""
    rules = text_of(built, game, "rulebook")
    return rules[rules.rindex("This edition's own rules"):]  # the heading, not the contents page's line


# (game, a phrase that contradicts the game's rules or another of its texts, and must print nowhere)
GONE = [
    ("germ-tycoon", "richest germ survives"),  # the last bacterium standing wins; the richest only under the time limit
    ("narco-empire", "When: When"),
    ("narco-empire", "improvement card on the table"),  # improvements are bought from your time line
    ("narco-empire", "laboratory row"),  # the crops pick a column of the laboratory table
    ("organ-trail", "cards poker cards"),
    ("police-precinct", "ends your turn"),  # a hospital trip skips phase 3 only
    ("police-precinct", "all police card draws"),  # Officer Down blocks phase 3's draw, as its card says
    ("police-precinct", "prototype"),
    ("police-precinct", "two-page player aid"),
    # issue 62: internal ids, leftovers, editorial lines and contradictions
    ("narco-empire", "bigsale"),
    ("narco-empire", "minus-two"),
    ("narco-empire", "minus two"),
    ("narco-empire", "crops are permanent"),  # Scorched Fields burns one
    ("narco-empire", "never used up"),
    ("narco-empire", "our estimates"),
    ("police-precinct", "next street space"),
    ("police-precinct", "blocks its own"),
    ("police-precinct", "stands at the police station"),  # cars stay on the streets: next to it
    ("police-precinct", "reference file"),
    ("police-precinct", "Clarifications"),  # its four rules printed again under the own rules
    ("police-precinct", "from any investigation stack"),  # not one an emergency covers
    ("police-precinct", "About this edition"),
    ("germ-tycoon", "Not printed"),  # the dice print
    ("germ-tycoon", "borrowed"),
    ("germ-tycoon", "reference PDF"),  # a player reads a sheet, not a file
    ("organ-trail", "exactly one action"),  # the rules let a player take one action or none
    ("organ-trail", "original rules"),
    ("organ-match", "original rules"),
]


@pytest.mark.parametrize(("game", "phrase"), GONE, ids=[f"{g}: {p}" for g, p in GONE])
def test_no_contradicting_phrase_prints(built, game, phrase):
    assert phrase.lower() not in everything(built, game).lower()


def test_police_precinct_says_three_evidence_cards_complete_a_category_everywhere(built):
    rules, reference, boards = (text_of(built, "police-precinct", o) for o in ("rulebook", "reference", "boards"))
    assert "three evidence cards complete a category" in rules
    assert "Three evidence cards complete a category" in reference
    assert "three complete a category" in boards  # the murder board, beside its three slots a category
    for text in (rules, reference):
        assert "all twelve evidence slots" in text.lower() or "all twelve slots" in text.lower()


def test_police_precincts_player_aid_carries_what_its_back_had_room_for(built):
    pdf = built / "police-precinct/police-precinct-reference.pdf"
    pages = page_texts(pdf)
    aid = flat(" ".join(text for text in pages if "Player aids" in text))
    for written in ("discard two police cards", "big knife", "never a card you drew this turn", "Fast Response"):
        assert written in aid, written


def test_organ_trails_aid_letters_the_actions_as_the_rulebook_and_tells_of_dead_cards(built):
    rules, reference = text_of(built, "organ-trail", "rulebook"), text_of(built, "organ-trail", "reference")
    for letter, action in (("A", "Enter the market"), ("B", "Leave the market"), ("C", "Stake out"), ("D", "Pull out")):
        assert f"{letter}. {action}" in rules and f"{letter}. {action}" in reference, action
    assert "throw away" in reference
    assert "39 cards in all" in rules


def test_narco_empires_own_rules_list_the_editions_choices(built):
    rules = text_of(built, "narco-empire", "rulebook")
    own = rules[rules.index("This edition's own rules"):]
    for choice in ("stays in play for good", "Tied players share the win", "replaced setup card goes back to the box"):
        assert choice in own, choice


@pytest.mark.parametrize("game", GAMES)
def test_a_rulebook_never_ends_on_a_near_empty_page(built, game):
    """The last page holds at least a third of the text of an average page before it (the cover aside)."""
    counts = [sum(1 for c in text if not c.isspace()) for text in page_texts(built / game / f"{game}-rulebook.pdf")]
    body = counts[1:-1]
    assert body, counts
    assert counts[-1] >= sum(body) / len(body) / 3, counts


def test_narco_empire_prints_no_kind_id_where_a_word_belongs(built):
    """The components list names the Narcos cards by kind: the DEA's kind id `dea` is printed as DEA (game.yaml strings)."""
    rules = text_of(built, "narco-empire", "rulebook")
    assert not re.search(r"\bdea\b", rules), rules[:0]
    assert "2 DEA" in rules


def test_a_bag_label_names_each_kind_of_token_never_its_id(built):
    """A token set of several kinds lists them on its bag label by name ('1 × Big sale'), never by id ('1 × bigsale');
    a set of more than six kinds gives its count alone (docs/labels-and-cutters.md: sixteen names fill no label)."""
    for game in GAMES:
        path = ROOT / "data" / game / "tokens.yaml"
        labels = text_of(built, game, "labels")
        sets = yaml.safe_load(path.read_text(encoding="utf-8"))["tokens"] if path.is_file() else []
        for item, listed in ((i, len(t.get("items", [])) <= 6) for t in sets for i in t.get("items", [])):
            if "name" in item and listed:
                assert f"× {item['name']}" in labels.replace("–", "−"), f"{game}: {item['name']}"
            if item["id"].lower() not in f"{item.get('name', '')} {item.get('title', '')}".lower():
                assert f"× {item['id']}" not in labels, f"{game}: {item['id']}"


def test_narco_empire_labels_name_the_event_tokens(built):
    labels = text_of(built, "narco-empire", "labels")
    assert re.search(r"1 × [–−]2 city, 1 × Plane, 1 × Boat, 1 × Big sale", labels), labels  # the minus drawn with the sans' en dash


@pytest.mark.parametrize("game", GAMES)
def test_a_label_counts_one_piece_or_card_in_the_singular(built, game):
    labels = text_of(built, game, "labels")
    assert not re.search(r"\b1 (pieces|cards)\b", labels), labels
    if game == "police-precinct":
        assert "tokens · 1 piece " in labels + " "  # the murderer and the support vehicle


def test_narco_empire_says_what_happens_when_the_round_1_deck_runs_out_mid_turn(built):
    rules, reference = text_of(built, "narco-empire", "rulebook"), text_of(built, "narco-empire", "reference")
    assert "If you take the last card of the Round 1 deck while drawing, you stop drawing there" in rules
    assert "Once your turn is over and your time line discarded, make the Round 2 deck" in rules
    assert "Round 1 deck empty, even mid-turn: stop drawing, finish the turn" in reference
    assert "Taking the last Round 1 card ends your drawing for the turn" in own_rules(built, "narco-empire")


def test_narco_empire_says_where_the_dea_agent_who_follows_moves_waits(built):
    rules, reference, cards = (text_of(built, "narco-empire", o) for o in ("rulebook", "reference", "cards"))
    assert "When that time line is discarded he is not: he waits face up beside the Narcos deck" in rules
    assert "the DEA agent who follows moves waits face up beside the Narcos deck" in own_rules(built, "narco-empire")
    assert "Not discarded: he waits beside the deck" in cards
    assert "until then he waits by the deck" in reference


def test_narco_empire_crops_are_not_used_up_by_cooking_but_can_burn(built):
    rules, cards = text_of(built, "narco-empire", "rulebook"), text_of(built, "narco-empire", "cards")
    assert "cooking never uses them up: a crop leaves only when a Cartel card such as Scorched Fields burns it" in rules
    assert "Cooking never uses crops up" in cards and "Burn a rival's field" in cards


def test_police_precinct_settles_an_investigation_without_a_useless_card(built):
    rules, reference = text_of(built, "police-precinct", "rulebook"), text_of(built, "police-precinct", "reference")
    assert "if you drew none, nothing leaves the game" in rules
    assert "An investigation that draws no useless card removes nothing from the game" in own_rules(built, "police-precinct")
    assert "drew none: nothing goes" in reference and "Drew a useless card? Show one" in reference
    assert "must still show a useless card if you drew one" in text_of(built, "police-precinct", "cards")


def test_police_precinct_cards_keep_off_a_covered_stack_and_shift_change_draws_under_officer_down(built):
    cards, own = text_of(built, "police-precinct", "cards"), own_rules(built, "police-precinct")
    assert "Draw 1 card from an investigation stack that no emergency covers" in cards  # Anonymous Tip
    assert "Look at the top 3 cards of an investigation stack that no emergency covers" in cards  # Informant
    # the sentence may cross a page, whose running head ("Police Precinct Arrests 6") then stands inside it
    assert re.search(r"An investigation stack that an emergency covers cannot be drawn from, looked at or (Police Precinct \w+ \d+ )?searched", own)
    assert "Every player draws 1 police card, even while Officer Down blocks the draw of phase 3" in cards
    assert "Officer Down blocks only the police card of phase 3: the police cards that rewards and Shift Change give are still drawn" in own


def test_police_precinct_says_a_caught_dirty_cop_has_lost(built):
    rules, cards = text_of(built, "police-precinct", "rulebook"), text_of(built, "police-precinct", "cards")
    assert "they have lost, whatever becomes of the case" in rules
    assert "A dirty cop who is caught has lost" in own_rules(built, "police-precinct")
    assert "You win if the good cops lose, unless you were caught" in cards


def test_police_precinct_prints_each_of_its_own_rules_once(built):
    rules = text_of(built, "police-precinct", "rulebook")
    for rule in ("Adjacent means", "After day 21 the murderer", "among the \"other vehicles\""):
        assert rules.count(rule) == 1, rule
    assert "Swapping cars and buying upgrades are done from a street space next to the police station" in own_rules(built, "police-precinct")
    assert "Swap police cars from a street space next to the station" in text_of(built, "police-precinct", "boards")


def test_germ_tycoon_prints_its_dice_and_lets_a_debtor_sell_first(built):
    rules, reference = text_of(built, "germ-tycoon", "rulebook"), text_of(built, "germ-tycoon", "reference")
    assert "six-sided dice print on a sheet of their own" in rules
    assert "Violet die 1 die d6, 16 mm" in rules and "Teal die 1 die d6, 16 mm" in rules  # the components list, from dice.yaml
    assert "Before you give up, you may raise what you owe by selling cell cards and free cards to the other players" in rules
    assert "may first sell cell cards and free cards to other players" in own_rules(built, "germ-tycoon")
    assert "First sell cells or free cards to other players; bankrupt only if still short" in reference


def test_organ_trail_lets_a_player_take_one_action_or_none(built):
    rules, reference = text_of(built, "organ-trail", "rulebook"), text_of(built, "organ-trail", "reference")
    assert "2 · Take one action Choose one of these four actions, or none at all; never two." in rules
    assert "2 · Take one action (or none)" in reference


@pytest.mark.parametrize(("game", "aid", "own"), [
    ("organ-trail", "a tie goes to the player in more arrests, and if still tied the win is shared",
     "A tie for most points goes to the tied player who took part in more arrests; if they are still tied, they share the win"),
    ("organ-match", "on a tie, more printed stars on them, and if still tied the win is shared",
     "A tie at the end of the game goes to the tied player whose matched patients show more printed stars; if still tied, the win is shared"),
])
def test_the_organ_games_state_their_whole_tie_break_in_the_aid_and_the_own_rules(built, game, aid, own):
    assert aid in text_of(built, game, "reference")
    assert own in own_rules(built, game)


@pytest.fixture(scope="module")
def german(shared_build):
    """Organ Match's German edition, every output (conftest.shared_build, as tests/test_languages.py reads it)."""
    return shared_build("organ-match", "--lang", "de", "--strict") / "organ-match"


def test_the_german_example_tables_headers_stand_apart_inside_their_band(german, pdfium_reader):
    """Each header of the rulebook's example tables is one word of its own, drawn inside the table's header band."""
    headers = 0
    for page in pdfium_reader.pages(german / "organ-match-rulebook-de.pdf"):
        words = extract_words(page.chars)
        for person in (w for w in words if w["text"] == "Person"):
            band = [r for r in page.rects if r["top"] <= person["top"] and person["bottom"] <= r["bottom"] and r["x0"] <= person["x0"] < r["x1"]]
            if not band:
                continue  # "Person" in a sentence, not on a table's header band
            right = max(r["x1"] for r in band)
            row = sorted((w for w in words if abs(w["top"] - person["top"]) < 1 and person["x0"] <= w["x0"] < right), key=lambda w: w["x0"])
            assert [w["text"] for w in row] == ["Person", "Patient", "Sterne", "Einfluss", "Priorität", "Nr."], [w["text"] for w in row]
            assert row[-1]["x1"] <= right, (row[-1]["text"], row[-1]["x1"], right)
            headers += 1
    assert headers == 2


def test_the_german_label_calibration_line_has_no_english(german):
    calibration = page_texts(german / "organ-match-labels-de.pdf")[-1]
    assert "Probedruck" in calibration
    found = [w for w in ("address", "labels", "sheet", "Letter sheet") if re.search(rf"\b{w}\b", calibration)]
    assert not found, calibration


def test_germ_tycoon_settles_a_move_back_over_go_an_auction_without_bids_and_a_timed_tie(built):
    """Issue 75.11: Signal Lost ("Move back 3 spaces") drawn just after GO pays no salary; a cell nobody bids for stays with
    the bank; the time limit's tie-break is in the aid too; the board's legend says what the cards say about doubled rent."""
    rules, reference, boards = (text_of(built, "germ-tycoon", o) for o in ("rulebook", "reference", "boards"))
    own = own_rules(built, "germ-tycoon")
    assert "a card that sends you backwards over GO, such as Signal Lost drawn just after you passed it, pays nothing" in rules
    assert "Only moving forward onto or past GO pays the salary: a card that moves you back over GO, such as Signal Lost, pays none" in own
    assert "nor moving back" in reference
    assert "If nobody bids at all, the cell stays with the bank" in rules
    assert "A cell that nobody bids for at its auction stays with the bank, unowned" in own
    assert "with no bid the bank keeps it" in reference
    assert "richest (protein + cell and colony prices) wins; on a tie, more protein" in reference
    assert "a tie goes to the one holding more protein, and a tie on protein too shares the win" in own
    assert "double the rent of its cells without colonies" in boards
    assert "double its rent" not in boards


def test_police_precinct_says_what_this_edition_made_and_names_one_day_marker(built):
    """Issue 75.12: the own rules say which content this edition made; the rulebook's "day marker" is the reference's too;
    the last own-rules line is a sentence with a verb."""
    rules, reference = text_of(built, "police-precinct", "rulebook"), text_of(built, "police-precinct", "reference")
    own = own_rules(built, "police-precinct")
    events = sum(card.get("count", 1) for card in yaml.safe_load((ROOT / "data/police-precinct/decks/events.yaml").read_text())["cards"])
    assert events == 45
    assert (f"this edition made the count of every card and token, the texts of all {events} event cards, what each unknown "
            "circumstances marker does and the layout of the city map") in own
    assert "calendar marker" not in rules + reference
    assert "day marker" in reference
    assert "This edition also wrote every character ability and every police card text except" in own


def test_narco_empire_and_the_organ_games_list_their_end_and_supply_choices(built):
    """Issue 75.13: the DEA agent who follows the money counts for the player who draws him; a spent hitman goes back to the
    supply (the seed removes him); Organ Trail's stake-out takes agents from the supply; Organ Match's last round and winner."""
    narco = own_rules(built, "narco-empire")
    assert "In the turn he is drawn he counts as a siren and an action for the player who drew him" in narco
    assert "A hitman spent to discard a police, military or press card goes back to the supply" in narco
    assert "In the turn he is drawn he counts as a siren and an action on the time line of the player who drew him" in text_of(built, "narco-empire", "rulebook")
    assert "Put exactly as many agents from your supply there" in text_of(built, "organ-trail", "rulebook")
    assert "put agents from your supply on one empty side" in text_of(built, "organ-trail", "reference")
    match = own_rules(built, "organ-match")
    assert "When the Organ deck runs out, the round of its last card is settled first; then the game ends" in match
    assert "Whichever way the game ends, the player with the most matched patients wins" in match


def test_police_precinct_settles_an_arrest_die_of_1_against_a_lone_punk_the_same_way_everywhere(built):
    """Issue 102: at a criminal population of 1, "at least the population" would make a 1 succeed while "a 1 fails"
    says it does not. This edition settles it (a 1 always fails) and every text a player reads says so: the rulebook,
    the reference and K-9 Unit's exception, which names 2-5 as the dice that may reach the population."""
    rules, reference, cards = (text_of(built, "police-precinct", o) for o in ("rulebook", "reference", "cards"))
    assert "A 1 always fails, even against a lone punk" in rules
    assert "An arrest die showing 1 fails even against a lone punk, where a 2 or more succeeds" in own_rules(built, "police-precinct")
    assert "a 1 always fails" in reference and "a 1 always (even against a lone punk)" in reference
    assert "a 2-5 at least the criminal population" in cards.replace("–", "-")
    for contradiction in ("6, or at least the criminal population", "a 6, or at least the population", "or die at least the population"):
        assert contradiction not in rules + reference + cards, contradiction


def test_police_precinct_says_characters_are_dealt_and_upgrades_are_one_of_a_kind(built):
    rules, reference = text_of(built, "police-precinct", "rulebook"), text_of(built, "police-precinct", "reference")
    own = own_rules(built, "police-precinct")
    assert "Shuffle the character cards and deal one face up to each player" in rules
    assert "Characters are dealt at random, one to each player" in own
    assert "you hold at most one of each kind" in rules
    assert "a player holds at most one upgrade token of each kind" in own
    assert "never a second of a kind you own" in reference


def test_the_organ_match_aid_plays_the_last_organ_round_out_as_the_rulebook_does(built, german):
    """Issue 102: the aid ended the game the moment the Organ deck ran out; the rulebook settles that card's round first."""
    english = text_of(built, "organ-match", "reference")
    assert "once the Organ deck runs out, when the round of its last card is settled" in english
    assert "or when the Organ deck runs out:" not in english
    deutsch = flat(pdf_text(german / "organ-match-reference-de.pdf", " "))
    assert "ist der Organstapel leer, sobald die Runde seiner letzten Karte entschieden ist" in deutsch
    assert "oder wenn der Organstapel leer ist:" not in deutsch


def test_germ_tycoon_lists_its_settled_points_among_its_own_rules(built):
    """Issue 102: the compulsory roll after doubles, no trade of a built-on group's cells, the playing time (ours), and the
    three points the seed left open: doubles out of the Lymph Node, when waiting ends, a debt to several players."""
    own = own_rules(built, "germ-tycoon")
    for settled in ("The roll after doubles is not a choice: you must roll again",
                    "No cell changes hands, by a trade or a sale, while any cell of its colour group holds colonies",
                    "The playing time (two to three hours to the last germ) is this edition's estimate",
                    "you roll on each of your 3 waiting turns and are free on the turn after the last",
                    "doubles that free you move you but give no extra roll",
                    "Bankrupt to several players at once: they are paid in full one by one, clockwise from the debtor's left"):
        assert settled in own, settled
    rules = text_of(built, "germ-tycoon", "rulebook")
    assert "If you owe several players at once (as Share the Feast can make you)" in rules
    assert "after 3 turns you are free" not in rules


def test_narco_empire_aid_and_rules_settle_round_2_early_the_eighth_card_and_who_is_richest(built):
    rules, reference = text_of(built, "narco-empire", "rulebook"), text_of(built, "narco-empire", "reference")
    own = own_rules(built, "narco-empire")
    assert "Under 7 Round 1 cards left? Play them or start Round 2." in reference
    assert "As 7th card: only a" in reference and "stays, no 8th action" in reference
    assert "richest (at each turn's end)" in reference
    assert "An eighth card that stays counts as a siren but gives no action" in rules
    assert "Who is richest is judged at the end of each turn, counting money and each gold as 5 million" in rules
    assert "7 actions is the most a turn gives" in own
    assert "is judged at the end of every turn, counting each gold as 5 million" in own


@pytest.mark.parametrize("game", ["narco-empire", "organ-match", "organ-trail", "police-precinct"])
def test_an_invented_age_and_playing_time_are_listed_among_the_games_own_rules(built, game):
    """Issue 102: the seeds of these four games give no age or playing time, so the edition's figures are its own rules
    (Germ Tycoon's seed states its age; its playing time is listed by its own test above)."""
    facts = yaml.safe_load((ROOT / "data" / game / "game.yaml").read_text(encoding="utf-8"))
    own = own_rules(built, game)
    assert f"age {facts['age']} and up" in own or f"minimum age ({facts['age']})" in own, own[:400]
    assert f"{facts['play_time']} minutes" in own, own[:400]


def test_the_german_rulebook_lists_its_invented_age_and_playing_time_too(german):
    rules = flat(pdf_text(german / "organ-match-rulebook-de.pdf", " "))
    own = rules[rules.rindex("Die eigenen Regeln dieser Ausgabe"):]
    assert "Das Mindestalter (12 Jahre) und die Spieldauer (etwa 30 Minuten)" in own


def test_organ_trail_ends_after_three_rounds_without_a_stake_out_in_its_aid_as_in_its_rules(built):
    """The seed leaves the quiet rounds' ending open; the edition settles it at three full rounds, and the player aid
    a player reads at the table must say the same number as the rulebook and its own rules."""
    rules, reference = text_of(built, "organ-trail", "rulebook"), text_of(built, "organ-trail", "reference")
    assert "If three full rounds in a row pass without anyone staking out a criminal" in rules
    assert "The game also ends after three full rounds in a row without a stake-out" in own_rules(built, "organ-trail")
    assert "or after three full rounds in a row with no agents placed on a criminal" in reference


def test_organ_match_allows_two_influence_cards_a_turn_and_a_patient_on_cards_aid_and_rulebook(built):
    """The rules' limits on Influence (two a turn, two on a patient, never two of one value), printed alike in the
    rulebook, on the player aid and on each Influence card."""
    rules, reference, cards = (text_of(built, "organ-match", o) for o in ("rulebook", "reference", "cards"))
    assert "You may play at most two Influence cards in one turn" in rules
    assert "A patient may carry at most two Influence cards, and not two of the same value" in rules
    assert "At most 2 per turn and 2 per patient, never two of one value" in reference
    assert "at most 2 per turn, at most 2 per patient, never two of one value" in cards
