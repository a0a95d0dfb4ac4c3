"""`pnp draw`: a deck simulator whose figures match the exact odds of dealing from the deck; a sum's percentiles are
nearest-rank, a value printed with a true minus (−1) counts in a sum, all conditions together are the share of hands
meeting every one, a hand may be the whole deck, and cards without the paired field are no pair."""
from __future__ import annotations

import json
import math
from itertools import combinations
from types import SimpleNamespace

import pytest
from conftest import ROOT, run_pnp

from pnp.checks.simulate import Condition, Question, QuestionError, answer_text, expand, simulate, spread_of

SE_LIMIT = 4  # a figure from 10,000 hands lies within 4 standard errors of the truth but once in ~16,000 tests


def small_deck():
    """12 cards: 3 red (one card, three copies), 4 blue, 5 green; worth 1, 2 and 3."""
    spec = [("red", 3, "red", 1), ("blue-a", 2, "blue", 2), ("blue-b", 2, "blue", 2), ("green", 5, "green", 3)]
    return [SimpleNamespace(id=i, count=n, fields={"id": i, "count": n, "colour": c, "worth": w}) for i, n, c, w in spec]


def within(figure: float, exact: float, runs: int) -> bool:
    return abs(figure - exact) <= SE_LIMIT * math.sqrt(exact * (1 - exact) / runs)


def test_at_least_one_matches_the_hypergeometric_odds():
    """P(at least one of K reds in n cards from N) = 1 − C(N−K, n)/C(N, n); copies of a card are separate cards."""
    runs = 10_000
    answer = simulate("small", expand(small_deck()), Question(hand=4, runs=runs, seed=7, where=(Condition("colour", "red"),)))
    exact = 1 - math.comb(12 - 3, 4) / math.comb(12, 4)
    assert answer.deck_size == 12
    assert within(answer.shares[0].share, exact, runs), (answer.shares[0].share, exact)


def test_at_least_k_matches_the_hypergeometric_odds():
    runs = 10_000
    answer = simulate("small", expand(small_deck()), Question(hand=5, runs=runs, seed=8, where=(Condition("colour", "green", 2),)))
    exact = sum(math.comb(5, k) * math.comb(7, 5 - k) for k in range(2, 6)) / math.comb(12, 5)
    assert within(answer.shares[0].share, exact, runs), (answer.shares[0].share, exact)


def test_pair_and_sum_match_every_hand_counted_exactly():
    """Against every one of the C(12, 3) hands: the share holding two of a colour, and the mean and range of the worth."""
    cards = [(c, w) for c, w in [("red", 1)] * 3 + [("blue", 2)] * 4 + [("green", 3)] * 5]
    hands = list(combinations(cards, 3))
    pair = sum(len({c for c, _ in h}) < 3 for h in hands) / len(hands)
    mean = sum(sum(w for _, w in h) for h in hands) / len(hands)
    runs = 10_000
    answer = simulate("small", expand(small_deck()), Question(hand=3, runs=runs, seed=9, pair="colour", sum_field="worth"))
    assert within(answer.shares[0].share, pair, runs)
    assert answer.spread.minimum == 3 and answer.spread.maximum == 9
    spread_sd = math.sqrt(sum((sum(w for _, w in h) - mean) ** 2 for h in hands) / len(hands))
    assert abs(answer.spread.mean - mean) <= SE_LIMIT * spread_sd / math.sqrt(runs)
    assert abs(sum(answer.spread.histogram.values()) - 1) < 1e-9


def test_the_same_seed_gives_the_same_figures_and_another_seed_others(project):
    """`--seed`'s help: the same seed gives the same figures; another seed shuffles otherwise."""
    def figures(seed: str) -> dict:
        result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "4", "--runs", "2000", "--seed", seed,
                         "--where", "side=blue", "--sum", "stars", "--format", "json")
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    first = figures("1")
    assert figures("1") == first
    assert figures("2")["shares"] != first["shares"]


def test_cli_json_is_the_same_for_the_same_seed(project):
    args = ("draw", "tiny", "--deck", "heroes", "--hand", "2", "--runs", "500", "--format", "json")
    one, two = run_pnp(project, *args), run_pnp(project, *args)
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    assert json.loads(one.output)["runs"] == 500


@pytest.mark.parametrize("args", [("--where", "nofield=1"), ("--hand", "999"), ("--where", "bad"), ("--sum", "id")])
def test_a_question_the_deck_cannot_answer_is_refused_in_one_line(project, args):
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


# Each game's main deck and a question about it: a field and a value whose copies the test counts from the data file.
MAIN_DECKS = [
    ("organ-match", "organs", "organ", "heart", 4),
    ("organ-trail", "organs", "organ", "human", 4),
    ("germ-tycoon", "cells", "group", "heart", 3),
    ("narco-empire", "narcos", "kind", "police", 5),
    ("police-precinct", "events", "kind", "punks", 3),
]


@pytest.mark.parametrize("game,deck,name,value,hand", MAIN_DECKS)
def test_each_games_main_deck_answers_a_question(game, deck, name, value, hand):
    from pnp.cli.common import load_games, open_project
    from pnp.core.errors import Report

    cards = load_games(open_project(str(ROOT)), [game], Report())[0].decks[deck].cards
    total = sum(c.count for c in cards)
    hits = sum(c.count for c in cards if str(c.fields.get(name)) == value)
    result = run_pnp(ROOT, "draw", game, "--deck", deck, "--hand", str(hand), "--where", f"{name}={value}", "--format", "json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    exact = 1 - math.comb(total - hits, hand) / math.comb(total, hand)
    assert answer["deck_size"] == total
    assert within(answer["shares"][0]["share"], exact, answer["runs"]), (answer["shares"][0], exact)


def test_the_sums_percentiles_are_nearest_rank():
    """spread_of's percentiles are nearest-rank: the P-th of N ordered sums is the ceil(P/100 × N)-th, so of the sums
    1 to 20 the 5th percentile is 1, the 25th 5, the median 10, the 75th 15 and the 95th 19."""
    spread = spread_of("worth", [float(v) for v in range(20, 0, -1)])
    assert spread.percentiles == {5: 1.0, 25: 5.0, 50: 10.0, 75: 15.0, 95: 19.0}
    assert (spread.minimum, spread.maximum, spread.mean) == (1.0, 20.0, 10.5)


def card(card_id: str, count: int, **fields):
    return SimpleNamespace(id=card_id, count=count, fields={"id": card_id, "count": count, **fields})


def test_a_value_printed_with_a_true_minus_counts_in_a_sum():
    """A card's `−1` (the minus sign, as a card prints it) is the number -1: dealt alone, hands sum to -1 or 2."""
    cards = [card("curse", 1, worth="\u22121"), card("gift", 1, worth="+2")]
    answer = simulate("small", expand(cards), Question(hand=1, runs=200, seed=3, sum_field="worth"))
    assert (answer.spread.minimum, answer.spread.maximum) == (-1.0, 2.0)


def test_a_yes_or_no_field_is_no_number_to_sum():
    """`true` and `false` are no numbers (as `number` says: digits, a sign, a true minus): a sum over a field that only
    says yes or no is refused, not added up as ones and noughts."""
    cards = [card("lit", 2, lit=True), card("dark", 2, lit=False)]
    with pytest.raises(QuestionError) as refused:
        simulate("small", expand(cards), Question(hand=2, runs=10, seed=3, sum_field="lit"))
    assert str(refused.value) == "'lit' is not a number on any card, so it has no sum"

def test_all_conditions_together_is_the_share_of_hands_meeting_every_one():
    """Two conditions no one card meets together, in hands of one card: each is met by some hands, both by none."""
    cards = [card("r", 2, colour="red"), card("b", 2, colour="blue")]
    where = (Condition("colour", "red"), Condition("colour", "blue"))
    answer = simulate("small", expand(cards), Question(hand=1, runs=400, seed=5, where=where))
    shares = {s.question: s.share for s in answer.shares}
    assert shares["all of the above together"] == 0.0
    assert 0 < shares["at least 1 with colour=red"] < 1 and 0 < shares["at least 1 with colour=blue"] < 1


def test_a_hand_of_the_whole_deck_holds_every_card_and_one_more_is_refused(project):
    """heroes.yaml's 12 cards dealt all: every hand holds its 6 red cards (2 knights, 2 agents, 2 twins) and sums its
    stars whole (2 × 3 + 2 × 1 + 3 × 2 + 3 × 4 + 2 × 2 = 30); a 13th card cannot be dealt, and the refusal says the
    range to choose from."""
    whole = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "12", "--runs", "50", "--where", "side=red",
                    "--at-least", "6", "--sum", "stars", "--format", "json")
    assert whole.exit_code == 0, whole.output
    answer = json.loads(whole.output)
    assert [share["share"] for share in answer["shares"]] == [1.0]
    assert (answer["sum"]["min"], answer["sum"]["max"]) == (30.0, 30.0)
    more = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "13")
    assert more.exit_code == 2 and "Traceback" not in more.output
    assert more.output.splitlines()[-1] == "Error: tiny/heroes: a hand of 13 cannot be dealt from 12 cards; choose 1 to 12"


def test_cards_without_the_paired_field_are_no_pair():
    """Two jokers with no suit and one card of each of two suits: no hand of two holds two cards of one suit."""
    cards = [card("joker", 2), card("heart", 1, suit="hearts"), card("spade", 1, suit="spades")]
    answer = simulate("small", expand(cards), Question(hand=2, runs=400, seed=6, pair="suit"))
    assert [(s.question, s.share) for s in answer.shares] == [("two or more with the same suit", 0.0)]


def test_the_command_counts_hands_holding_at_least_as_many_cards_as_asked(project):
    """heroes.yaml: 6 of its 12 cards are blue (3 rogues, 3 mages), 6 red. Of the C(12, 4) hands of four, those holding
    two blue cards or more are (C(6,2)·C(6,2) + C(6,3)·C(6,1) + C(6,4)) / C(12,4) = 360/495; one or more, 480/495."""
    runs = 10_000
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "4", "--runs", str(runs), "--where", "side=blue",
                     "--at-least", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    share = json.loads(result.output)["shares"][0]["share"]
    exact = (math.comb(6, 2) * math.comb(6, 2) + math.comb(6, 3) * math.comb(6, 1) + math.comb(6, 4)) / math.comb(12, 4)
    assert within(share, exact, runs), (share, exact)


def test_a_hand_is_five_cards_when_no_size_is_asked(project):
    """`--hand` defaults to 5, as its help says. heroes.yaml holds 6 red cards of 12 (knight, att and twin, two copies
    each, red by the deck's defaults): a hand of five misses them all in C(6,5)/C(12,5) = 6/792 of deals, one of four
    in 15/495, a gap of 50 standard errors at 10,000 hands."""
    runs = 10_000
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--runs", str(runs), "--where", "side=red", "--format", "json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    exact = 1 - math.comb(6, 5) / math.comb(12, 5)
    assert answer["hand"] == 5
    assert within(answer["shares"][0]["share"], exact, runs), (answer["shares"][0], exact)


@pytest.mark.parametrize("where", ["side=", "side= ", "=blue"])
def test_a_where_with_no_value_or_no_field_is_refused_as_not_field_value(project, where):
    """`--where side=` asks nothing: it is refused in one line naming what was typed, never counted as no hand."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--where", where)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for --where: '{where}' is not FIELD=VALUE (for example colour=red)" in result.output
    assert "Traceback" not in result.output


def test_a_card_whose_field_lists_several_values_matches_each_of_them(project):
    """A field written as a list (`school: [fire, water]`) holds every value it lists: of four spells, steam (fire and
    water) and flame (fire) are fire, so a hand of one is fire in 2 deals of 4, not only flame's 1 of 4."""
    (project / "data/tiny/decks/spells.yaml").write_text(
        "name: Spells\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "cards:\n  - {id: steam, school: [fire, water]}\n  - {id: flame, school: [fire]}\n  - {id: rain, school: [water]}\n"
        "  - {id: rock, school: earth}\n", encoding="utf-8")
    runs = 4_000
    result = run_pnp(project, "draw", "tiny", "--deck", "spells", "--hand", "1", "--runs", str(runs), "--where", "school=fire", "--format", "json")
    assert result.exit_code == 0, result.output
    (share,) = json.loads(result.output)["shares"]
    assert within(share["share"], 2 / 4, runs), share


def test_one_condition_is_answered_in_one_line_and_two_add_the_line_of_both_together(project):
    """`all of the above together` answers several conditions; with one it would repeat it (or, worse, say 0 %): one
    condition, one line of figures; two, three."""
    one = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "2", "--runs", "200", "--where", "side=blue")
    two = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "2", "--runs", "200", "--where", "side=blue", "--where", "side=red")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    figures = [[line.split("  ")[-1] for line in r.output.splitlines() if "%" in line] for r in (one, two)]
    assert figures == [["at least 1 with side=blue"], ["at least 1 with side=blue", "at least 1 with side=red", "all of the above together"]]


def test_a_where_value_matches_whatever_its_case(project):
    """`--where side=BLUE` asks for the blue cards as `side=blue` does: heroes.yaml's 6 blue cards (3 rogues, 3 mages)
    are all in a hand of the whole deck of 12, every time."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "12", "--runs", "20", "--where", "side=BLUE",
                     "--at-least", "6", "--format", "json")
    assert result.exit_code == 0, result.output
    assert [(s["question"], s["share"]) for s in json.loads(result.output)["shares"]] == [("at least 6 with side=BLUE", 1.0)]


def test_each_share_comes_with_its_binomial_standard_error(project):
    """± one standard error of a share p from n hands is √(p(1 − p)/n), the binomial's: hands of four from heroes.yaml
    holding a blue card (p ≈ 480/495) over 2,000 hands, in the JSON and in the text's `± x.xx%`."""
    runs = 2_000
    args = ("draw", "tiny", "--deck", "heroes", "--hand", "4", "--runs", str(runs), "--where", "side=blue")
    result = run_pnp(project, *args, "--format", "json")
    assert result.exit_code == 0, result.output
    (share,) = json.loads(result.output)["shares"]
    p = share["hands"] / runs
    assert 0 < p < 1 and math.isclose(share["standard_error"], math.sqrt(p * (1 - p) / runs), rel_tol=1e-9), share
    text = run_pnp(project, *args)
    assert f"{p:7.2%} ± {math.sqrt(p * (1 - p) / runs):.2%}  at least 1 with side=blue" in text.output, text.output


def test_the_seed_is_53_when_none_is_asked(project):
    """`--seed` defaults to 53, as docs/showcase-and-draw.md says: the figures with no seed are the figures of seed 53."""
    args = ("draw", "tiny", "--deck", "heroes", "--hand", "3", "--runs", "300", "--where", "side=red", "--pair", "name")
    plain, fixed = run_pnp(project, *args), run_pnp(project, *args, "--seed", "53")
    assert plain.exit_code == fixed.exit_code == 0, plain.output + fixed.output
    assert plain.output.splitlines()[0] == "heroes: 300 hands of 3 from 12 cards (seed 53)", plain.output
    assert plain.output == fixed.output


def test_a_histogram_is_printed_for_up_to_40_distinct_sums_and_left_out_past_them():
    """docs/showcase-and-draw.md: a sum's histogram has a bar for each sum, up to 40 of them; past 40 it is left out.
    Cards worth 1 to 40 dealt one at a time give 40 sums; 1 to 41, 41."""
    for top, bars in ((40, 40), (41, None)):
        cards = [card(f"c{n}", 1, worth=n) for n in range(1, top + 1)]
        spread = simulate("small", expand(cards), Question(hand=1, runs=4_000, seed=3, sum_field="worth")).spread
        assert (spread.minimum, spread.maximum) == (1, top)
        assert (None if spread.histogram is None else len(spread.histogram)) == bars


def test_a_card_whose_summed_field_is_blank_or_no_number_adds_nothing():
    """`--sum cost`: a card costing 0, one with no cost written and one whose cost is a word add nothing to a hand: the
    whole deck of 2, 3, 0, '' and 'X' sums to 5."""
    cards = [card("a", 1, cost=2), card("b", 1, cost="3"), card("c", 1, cost=0), card("d", 1, cost=""), card("e", 1, cost="X")]
    spread = simulate("small", expand(cards), Question(hand=5, runs=10, sum_field="cost")).spread
    assert (spread.minimum, spread.maximum) == (5, 5)


def test_a_rare_sum_still_gets_a_bar_in_the_histogram():
    """One card worth 1 among 99 worth 0, dealt alone: the sum 1 comes up in about 1 deal of 100, a 99th of the bar of
    0's 30 marks, rounded to none; it is printed with one `#`, so no sum that happened looks as if it never did."""
    cards = [card("blank", 99, worth=0), card("one", 1, worth=1)]
    answer = simulate("small", expand(cards), Question(hand=1, runs=10_000, seed=4, sum_field="worth"))
    lines = {line.split()[0]: line for line in answer_text(answer) if line.strip()[:1].isdigit()}
    assert lines["0"].endswith(" " + "#" * 30), lines
    assert lines["1"].endswith("% #"), lines


def test_a_where_value_no_card_has_is_refused_naming_the_values_the_cards_have(project):
    """No hero of heroes.yaml is green (they are red, the deck's default, or blue): `--where side=green` is refused in
    one line saying the values there are, not answered 0 %."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--where", "side=green")
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == "Error: tiny/heroes: no card has side=green; its values: blue, red"
    assert "%" not in result.output


def test_a_misspelt_deck_is_refused_in_one_line_offering_the_deck_meant(project):
    """`pnp draw tiny --deck heros`: the tiny game has one deck, heroes; the command stops with a usage error (exit 2)
    naming the deck it has, never a Python traceback."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heros", "--where", "side=red")
    assert result.exit_code == 2
    assert "no deck 'heros' (did you mean 'heroes'?); decks: heroes" in result.output, result.output


def test_the_games_warnings_are_said_beside_the_odds(project):
    """docs/commands.md: every command that reads a game reports the warnings `pnp validate` reports for it. A `count:`
    on a token set whose items carry their own counts is one; `pnp draw` still answers (exit 0) and says it at its line."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("    shape: circle\n", "    shape: circle\n    count: 2\n", 1), encoding="utf-8")
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--where", "side=red", "--runs", "100")
    assert result.exit_code == 0, result.output
    assert "at least 1 with side=red" in result.stdout
    assert "data/tiny/tokens.yaml:7:5: warning: count: 2 of token set 'coins' counts nothing" in result.stderr, result.stderr


HEROES_FIELDS = "back, count, id, name, number, side, stars, text"  # heroes.yaml's keys: the cards', the deck's default side


def test_a_pair_asked_of_a_field_no_card_has_is_refused_naming_the_fields_there_are(project):
    """`--pair colour`: no hero has a colour (heroes.yaml's cards have a side), so no hand could ever hold a pair of
    them; the command refuses in one line listing the fields the cards have, never answering 0 %."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--pair", "colour")
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == f"Error: tiny/heroes: no card has a field 'colour'; fields: {HEROES_FIELDS}"
    assert "%" not in result.output


def test_a_misspelt_where_field_is_refused_naming_the_fields_there_are(project):
    """`--where colur=red`: a field no card has is refused in one line that lists the fields the cards do have, so the
    designer sees the name meant."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--where", "colur=red")
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == f"Error: tiny/heroes: no card has a field 'colur'; fields: {HEROES_FIELDS}"


def test_a_cards_id_is_a_field_a_question_can_name(project):
    """`--where id=knight`: 2 of heroes.yaml's 12 cards are knights, so a hand of one holds a knight 1 time in 6."""
    runs = 2_000
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "1", "--runs", str(runs), "--where", "id=knight", "--format", "json")
    assert result.exit_code == 0, result.output
    (share,) = json.loads(result.output)["shares"]
    assert share["question"] == "at least 1 with id=knight"
    assert within(share["share"], 2 / 12, runs), share


def test_the_json_sums_min_is_the_smallest_and_max_the_largest(project):
    """heroes.yaml's stars run from 1 (the agents) to 4 (the mages): 2,000 hands of one card deal both, so the JSON's
    `min` is 1 and its `max` 4."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "1", "--runs", "2000", "--sum", "stars", "--format", "json")
    assert result.exit_code == 0, result.output
    spread = json.loads(result.output)["sum"]
    assert (spread["min"], spread["max"]) == (1, 4)


def test_the_json_histogram_is_keyed_by_each_sum_as_the_text_prints_it(project):
    """A hand of one hero sums its stars, 1, 2, 3 or 4: the JSON's histogram names them `1` to `4`, as the text's bars
    do, not as Python's floats (`1.0`), and its shares are those of the copies: 2, 5, 2 and 3 of 12 cards."""
    runs = 2_000
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--hand", "1", "--runs", str(runs), "--sum", "stars", "--format", "json")
    assert result.exit_code == 0, result.output
    histogram = json.loads(result.output)["sum"]["histogram"]
    assert list(histogram) == ["1", "2", "3", "4"]
    for stars, copies in (("1", 2), ("2", 5), ("3", 2), ("4", 3)):
        assert within(histogram[stars], copies / 12, runs), (stars, histogram)


def test_the_first_line_says_the_hands_with_a_thousands_separator(project):
    """docs/showcase-and-draw.md prints `10,000 hands of 5`: a thousand hands are `1,000`, as a reader counts them."""
    result = run_pnp(project, "draw", "tiny", "--deck", "heroes", "--runs", "1000", "--where", "side=red")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "heroes: 1,000 hands of 5 from 12 cards (seed 53)"
