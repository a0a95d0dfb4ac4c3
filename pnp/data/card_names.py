"""What a card is called in words: its title in an export (Tabletop Simulator, print on demand), its figure's
alternative text in a tagged rulebook."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.data.project import Card, Deck

NAME_JOIN = " · "  # between the values of a deck's name_field, in a card's name


def card_name(deck: Deck, card: Card) -> str:
    """What a card says it is: the deck's name_field values (joined), else its id."""
    values = [str(card.fields[key]) for key in deck.name_field if card.fields.get(key) not in (None, "")]
    return NAME_JOIN.join(values) if values else card.id
