"""Shared event records for the hot path.

Events are frozen values compared by value, and building a frozen dataclass
costs more than the rest of a typical move; the few kinds ``apply`` returns on
almost every move are therefore built once per distinct value and handed out
again. Equal events are interchangeable, so nothing a caller can see changes.
"""

from __future__ import annotations

from bot.games.cards import Card, Suit
from bot.games.core.events import Called, DrawReason, Drew, Played, Reshuffled, Reversed, Skipped
from bot.games.core.moves import Demand
from bot.games.karata.rules import Kept

# Read directly on the hot path (PLAYED.get) before falling back to played().
PLAYED: dict[tuple[int, tuple[Card, ...], Suit | None, Card | Demand | None], Played] = {}
_DREW: dict[tuple[int, int, DrawReason], Drew] = {}
# Seats are 0..7: one record per seat, built up front.
SKIPPED: tuple[Skipped, ...] = tuple(Skipped(s) for s in range(8))
KEPT: tuple[Kept, ...] = tuple(Kept(s) for s in range(8))
DREW_ONE: tuple[Drew, ...] = tuple(Drew(s, 1, DrawReason.DRAW) for s in range(8))  # the common draw
CALLED: tuple[Called, ...] = tuple(Called(s) for s in range(8))
REVERSED: tuple[Reversed, Reversed] = (Reversed(False), Reversed(True))  # by clockwise
# A reshuffle turns over at most the whole deck but the top card.
RESHUFFLED: tuple[Reshuffled, ...] = tuple(Reshuffled(n) for n in range(55))


def played(seat: int, cards: tuple[Card, ...], ask_suit: Suit | None, demand: Card | Demand | None) -> Played:
    key = (seat, cards, ask_suit, demand)
    event = PLAYED.get(key)
    if event is None:
        event = PLAYED[key] = Played(seat, cards, ask_suit, demand)
    return event


def drew(seat: int, count: int, reason: DrawReason) -> Drew:
    key = (seat, count, reason)
    event = _DREW.get(key)
    if event is None:
        event = _DREW[key] = Drew(seat, count, reason)
    return event
