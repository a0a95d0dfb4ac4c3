"""Who answered a playtest form: the columns of an answer sheet that hold people's e-mail addresses, phone numbers or
names, which `pnp feedback import` leaves out of the game's answers file (a file that goes into git).

A form's organiser adds such columns under any header ("Contact", "Ring me", "Who are you?"), so a column is judged by
its header and by its values: half or more of its filled cells an address, a number to ring or a name written as
names are (two to four capitalised words) is a column of who answered. The game keeps one by naming its header in
game.yaml's `feedback: {keep: [...]}`; the import says which it left out, so nothing is dropped unseen.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote

WHO = "who answered"
OWN_RECORD = "the form's own record"
# The headers the forms themselves add, each with why it is no answer: about who answered (Google Forms' "Email
# Address", Microsoft Forms' "Email" and "Name", Typeform's "Network ID" (its digest of where the answer was sent from),
# Tally's "Respondent ID" (the same for every answer one person gives)) or the form's own record of the answer (a
# response's number or token: Microsoft Forms' "ID", Typeform's "#", Tally's "Submission ID"; its times and state:
# Microsoft Forms' "Start time", Typeform's "Start Date (UTC)", "Response Type" and "Ending", the closing screen the
# answer reached): left out whatever their values
FORM_HEADERS = {"email": WHO, "email address": WHO, "name": WHO, "username": WHO, "network id": WHO, "respondent id": WHO,
                "id": OWN_RECORD, "#": OWN_RECORD, "submission id": OWN_RECORD, "start time": OWN_RECORD, "last modified time": OWN_RECORD,
                "start date (utc)": OWN_RECORD, "stage date (utc)": OWN_RECORD, "submit date (utc)": OWN_RECORD, "response type": OWN_RECORD,
                "ending": OWN_RECORD}
HEADER_WORDS = re.compile(r"e-?mail|phone|mobile|telephone|\btel\b|\bcontact\b|\bname\b|surname|\bwho are you\b|\baddress\b|\bwhatsapp\b", re.I)
NOT_A_PERSON = re.compile(r"\b(card|deck|game|component|token|board|piece|rule|team)s?\b", re.I)  # "Card name" names a card
EMAIL = re.compile(r"[^@\s<>(),;:]+@[^@\s<>(),;:]+\.[^@\s<>(),;:]{2,}")
PHONE = re.compile(r"(?:tel:)?\+?[\d\s().\-/]+")
DATE = re.compile(r"\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}")  # a date's digits are no phone number
NAME_WORD = r"[^\W\d_][^\W\d_'’.\-]*(?:['’\-][^\W\d_]+)*\.?"
NAME = re.compile(rf"{NAME_WORD}(?:\s+{NAME_WORD}){{1,3}}")
PHONE_DIGITS = (7, 15)  # ITU-T E.164: at most 15 digits; a local number has at least 7
SHARE = 0.5  # of a column's filled cells that must look like one kind for the column to be that kind
PARTICLES = frozenset({"de", "del", "la", "le", "van", "von", "der", "den", "da", "di", "du", "dos", "bin", "al", "y"})  # "Ana de la Cruz"
# words a form's scales and choices are written in ("Strongly Agree", "Very Good"): capitalised, yet no one's name
ANSWER_WORDS = frozenset([
    "agree", "disagree", "strongly", "somewhat", "neutral", "very", "not", "quite", "good", "bad", "fair", "poor",
    "excellent", "great", "okay", "ok", "yes", "no", "maybe", "never", "always", "often", "sometimes", "rarely",
    "satisfied", "dissatisfied", "unsatisfied", "likely", "unlikely", "too", "much", "little", "more", "less",
    "easy", "hard", "difficult", "simple", "fun", "boring", "other", "none", "all", "some", "the", "a", "an", "and",
    "or", "of", "to", "in", "on"
])


@dataclass(frozen=True)
class Dropped:
    """A column left out of the answers: its 0-based index, header, and why ('e-mail addresses', 'phone numbers', 'names')."""

    index: int
    header: str
    why: str


def personal_columns(names: list[str], values: list[list[str]], keep: list[str], game_words: frozenset[str] = frozenset()) -> list[Dropped]:
    """The columns (`names` their headers, `values` each column's cells, one list a header) that hold who answered, but those
    whose header `keep` names (case aside). `game_words` are the game's own names (its cards' names and ids, folded):
    a column of them ("Fire Dragon") is an answer about a card, not a person."""
    kept = {k.strip().lower() for k in keep}
    out = []
    for i, name in enumerate(names):
        if not name or name.strip().lower() in kept:
            continue
        why = _by_values([v for v in values[i] if v.strip().lower() not in game_words])
        why = why or _by_header(name)
        if why:
            out.append(Dropped(i, name, why))
    return out


def _by_header(name: str) -> str | None:
    folded = name.strip().lower()
    if folded in FORM_HEADERS:
        return FORM_HEADERS[folded]
    if HEADER_WORDS.search(folded) and not NOT_A_PERSON.search(folded):
        return WHO
    return None


def _by_values(values: list[str]) -> str | None:
    filled = [v.strip() for v in values if v.strip()]
    if not filled:
        return None
    for why, test in (("e-mail addresses", is_email), ("phone numbers", is_phone), ("names", is_name)):
        if sum(map(test, filled)) >= SHARE * len(filled):
            return why
    return None


IN_TEXT = ((re.compile(r"(?:mailto:)?[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)*\.[^\W\d_]{2,}"), "[e-mail left out]"),
           (re.compile(r"\+\d[\d ().\-]{5,}\d"), "[phone number left out]"))  # a number to ring in a sentence starts with its country's +


def without_contacts(text: str) -> str:
    """An answer kept, with any e-mail address or international phone number written in its sentences left out: a
    playtester's "mail me at bob@example.com" under "Anything else?" is no column of who answered, yet names them."""
    for pattern, instead in IN_TEXT:
        text = pattern.sub(instead, text)
    return text


def is_email(text: str) -> bool:
    return EMAIL.fullmatch(text.removeprefix("mailto:")) is not None


def is_phone(text: str) -> bool:
    """A number to ring: digits with the separators people write them with, 7 to 15 of them, and not a date."""
    if not PHONE.fullmatch(text) or DATE.fullmatch(text.strip()):
        return False
    digits = sum(c.isdigit() for c in text)
    return PHONE_DIGITS[0] <= digits <= PHONE_DIGITS[1] and (digits != len(text.strip()) or text.strip().startswith("0"))


def is_name(text: str) -> bool:
    """Written as a person's name is: two to four words, each starting with a capital but a particle ("Ana María López",
    "Bo O'Neil", "Ana de la Cruz"), none a word a scale or choice is written in."""
    if not NAME.fullmatch(text):
        return False
    words = text.split()
    capitalised = words[0][0].isupper() and words[-1][0].isupper() and all(w[0].isupper() or w in PARTICLES for w in words)
    return (capitalised and not any(w.isupper() and len(w) > 1 for w in words)
            and not any(w.lower().strip(".") in ANSWER_WORDS for w in words))


# what a value of who answered is, and what an answer repeating it shows instead
OWN_KINDS = (("[e-mail left out]", is_email), ("[phone number left out]", is_phone), ("[name left out]", is_name))


def without_own(text: str, who: list[str]) -> str:
    """An answer kept, with the row's own who-answered values (`who`: the cells left out of its row that are an address,
    a number or a name) left out wherever the answer repeats them, as typed or percent-encoded as in a link: Microsoft
    Forms names each file uploaded to it `<file>_<Name>.<ext>`, so the upload question's link names who answered."""
    for value in sorted({v.strip() for v in who}, key=lambda v: (-len(v), v)):  # the longest first: "Ann Lee Smith" before "Ann Lee"
        instead = next((said for said, test in OWN_KINDS if test(value)), None)
        if instead:
            forms = "|".join(re.escape(form) for form in dict.fromkeys((value, quote(value), quote(value, safe="@"))))
            text = re.sub(rf"(?<![^\W_])(?:{forms})(?![^\W_])", instead, text, flags=re.I)  # a letter or digit either side: part of a longer word
    return text
