"""The moves a seat may make now: ``legal_moves``.

One play per playable card, in the order the cards came to the hand: the cards
of the active suit; the whole hand when void in it (a strike) or when leading;
only the A♠ for the first lead at a table of 2 to 5. The clock's ``timeout`` is
never listed (it is not a player's choice); ``legality.check`` accepts it.
"""

from __future__ import annotations

from typing import Final

from bot.games.cards import Card, deck52
from bot.games.core.moves import Move, MoveKind
from bot.games.donkey.rules import ACE_LEAD_MAX_SEATS, ACE_OF_SPADES
from bot.games.donkey.state import DonkeyState

PLAYS: Final[dict[Card, Move]] = {c: Move(MoveKind.PLAY, (c,)) for c in deck52()}
"""The play of each card. A ``Move`` is a value, so each is made once: building
one costs about as much as the rest of a decision, and a hand lists up to 13."""


def legal_moves(state: DonkeyState, seat: int) -> list[Move]:
    if seat != state.turn:
        return []
    return [PLAYS[c] for c in playable_cards(state, seat)]


def playable_cards(state: DonkeyState, seat: int) -> list[Card]:
    """The cards ``seat`` (the seat to act) may play, in hand order."""
    hand = state.hands[seat]
    suit = state.active_suit
    if suit is None:
        if state.round_no == 1 and state.seats <= ACE_LEAD_MAX_SEATS and ACE_OF_SPADES in hand:
            return [ACE_OF_SPADES]
        return list(hand)
    follow = [c for c in hand if c.suit == suit]
    return follow or list(hand)
