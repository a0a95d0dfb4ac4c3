"""A deck simulator: shuffle a deck from its data, deal hands, and count what the hands hold.

Designers test a deck's randomness before printing it (nanDECK's virtual
table). The deck is the data's cards with every copy a separate card; the
shuffle is Python's `random.Random(seed)`, so the same seed gives the same
figures on every machine. Nothing here knows a game's words: questions name
card fields and values.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

DEFAULT_SEED = 53
DEFAULT_RUNS = 10_000
PERCENTILES = (5, 25, 50, 75, 95)
HISTOGRAM_MAX_BARS = 40  # more distinct sums than this and the histogram is left out (percentiles still say the shape)


@dataclass(frozen=True)
class Condition:
    """'At least `at_least` cards whose `field` is `value`' in a hand."""

    field: str
    value: str
    at_least: int = 1

    def matches(self, fields: dict) -> bool:
        got = fields.get(self.field)
        if isinstance(got, list | tuple):
            return any(_same(v, self.value) for v in got)
        return got is not None and _same(got, self.value)

    def text(self) -> str:
        return f"at least {self.at_least} with {self.field}={self.value}"


@dataclass(frozen=True)
class Question:
    """What to deal and what to count."""

    hand: int
    runs: int = DEFAULT_RUNS
    seed: int = DEFAULT_SEED
    where: tuple[Condition, ...] = ()
    pair: str | None = None  # a field: does a hand hold two cards with the same value of it?
    sum_field: str | None = None  # a numeric field: how is its sum over a hand spread?


@dataclass(frozen=True)
class Share:
    """How often hands met a condition, with the sampling error of that figure."""

    question: str
    hands: int
    share: float
    standard_error: float


@dataclass(frozen=True)
class SumSpread:
    field: str
    mean: float
    minimum: float
    maximum: float
    percentiles: dict[int, float]
    histogram: dict[float, float] | None  # sum -> share of hands; None when there are too many distinct sums


@dataclass
class Answer:
    deck: str
    deck_size: int
    hand: int
    runs: int
    seed: int
    shares: list[Share] = field(default_factory=list)
    spread: SumSpread | None = None

    def as_dict(self) -> dict:
        spread = None
        if self.spread:
            s = self.spread
            spread = {"field": s.field, "mean": s.mean, "min": s.minimum, "max": s.maximum,
                      "percentiles": {str(k): v for k, v in s.percentiles.items()},
                      "histogram": None if s.histogram is None else {_num_text(k): v for k, v in s.histogram.items()}}
        return {"deck": self.deck, "deck_size": self.deck_size, "hand": self.hand, "runs": self.runs, "seed": self.seed,
                "shares": [{"question": s.question, "hands": s.hands, "share": s.share, "standard_error": s.standard_error}
                           for s in self.shares],
                "sum": spread}


class QuestionError(ValueError):
    """A question the deck cannot answer (a field no card has, a hand larger than the deck)."""


def _same(got, value: str) -> bool:
    return str(got).strip().casefold() == value.strip().casefold()


def number(value) -> float | None:
    """A field's value as a number: 2, '+2', '−1' (a true minus, as printed) and '1.5' count; anything else does not."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value).strip().replace("\u2212", "-"))
    except ValueError:
        return None


def expand(cards) -> list[dict]:
    """Every copy of every card, as its fields (with `id`): copies are separate cards in a shuffle."""
    return [{**card.fields, "id": card.id} for card in cards for _ in range(card.count)]


def check_question(pool: list[dict], q: Question) -> None:
    """Refuse a question the deck cannot answer, saying what to change."""
    if not 1 <= q.hand <= len(pool):
        raise QuestionError(f"a hand of {q.hand} cannot be dealt from {len(pool)} cards; choose 1 to {len(pool)}")
    if q.runs < 1:
        raise QuestionError(f"runs must be at least 1, got {q.runs}")
    known = sorted({k for card in pool for k in card})
    for name in [c.field for c in q.where] + [q.pair, q.sum_field]:
        if name is not None and name not in known:
            raise QuestionError(f"no card has a field '{name}'; fields: {', '.join(known)}")
    for c in q.where:
        if not any(c.matches(card) for card in pool):
            values = sorted({str(card.get(c.field)) for card in pool if c.field in card})
            raise QuestionError(f"no card has {c.field}={c.value}; its values: {', '.join(values)}")
    if q.sum_field and not any(number(card.get(q.sum_field)) is not None for card in pool):
        raise QuestionError(f"'{q.sum_field}' is not a number on any card, so it has no sum")


def simulate(deck_id: str, pool: list[dict], q: Question) -> Answer:
    """Deal `q.runs` hands of `q.hand` cards from fresh shuffles of `pool` and count what they hold."""
    check_question(pool, q)
    rng = random.Random(q.seed)
    met = Counter()
    sums: list[float] = []
    hits = [[c.matches(card) for card in pool] for c in q.where]
    keys = [card.get(q.pair) for card in pool] if q.pair else None
    values = [number(card.get(q.sum_field)) or 0.0 for card in pool] if q.sum_field else None
    indices = range(len(pool))
    for _ in range(q.runs):
        hand = rng.sample(indices, q.hand)
        every = True
        for n, c in enumerate(q.where):
            ok = sum(hits[n][i] for i in hand) >= c.at_least
            met[n] += ok
            every = every and ok
        if len(q.where) > 1:
            met["all"] += every
        if keys is not None:
            seen = [str(keys[i]) for i in hand if keys[i] is not None]
            met["pair"] += len(seen) != len(set(seen))
        if values is not None:
            sums.append(sum(values[i] for i in hand))
    answer = Answer(deck_id, len(pool), q.hand, q.runs, q.seed)
    answer.shares += [_share(text, met[key], q.runs) for key, text in _share_labels(q)]
    if values is not None:
        answer.spread = spread_of(q.sum_field, sums)
    return answer


def _share_labels(q: Question) -> list[tuple]:
    """(key of the count, what it answers) for each share the answer gives: each condition, all of them together when
    there are several, and a pair when asked."""
    labels = [(n, c.text()) for n, c in enumerate(q.where)]
    if len(q.where) > 1:
        labels.append(("all", "all of the above together"))
    if q.pair:
        labels.append(("pair", f"two or more with the same {q.pair}"))
    return labels


def _share(text: str, hands: int, runs: int) -> Share:
    p = hands / runs
    return Share(text, hands, p, math.sqrt(p * (1 - p) / runs))


def spread_of(name: str, sums: list[float]) -> SumSpread:
    """Mean, range, nearest-rank percentiles and (for few distinct sums) a histogram of the hands' sums."""
    ordered = sorted(sums)
    n = len(ordered)
    pct = {p: ordered[max(0, math.ceil(p / 100 * n) - 1)] for p in PERCENTILES}
    counts = Counter(ordered)
    histogram = {k: counts[k] / n for k in sorted(counts)} if len(counts) <= HISTOGRAM_MAX_BARS else None
    return SumSpread(name, sum(ordered) / n, ordered[0], ordered[-1], pct, histogram)


def _num_text(x: float) -> str:
    return f"{x:g}"


def answer_text(a: Answer) -> list[str]:
    """The answer as lines for a terminal."""
    lines = [f"{a.deck}: {a.runs:,} hands of {a.hand} from {a.deck_size} cards (seed {a.seed})"]
    for s in a.shares:
        lines.append(f"  {s.share:7.2%} ± {s.standard_error:.2%}  {s.question}")
    if a.spread:
        s = a.spread
        pct = ", ".join(f"p{k} {_num_text(v)}" for k, v in s.percentiles.items())
        lines.append(f"  sum of {s.field}: mean {s.mean:.2f}, min {_num_text(s.minimum)}, max {_num_text(s.maximum)}; {pct}")
        if s.histogram:
            widest = max(s.histogram.values())
            for value, share in s.histogram.items():
                bar = "#" * max(1 if share else 0, round(30 * share / widest))
                lines.append(f"  {_num_text(value):>6} {share:7.2%} {bar}")
    return lines
