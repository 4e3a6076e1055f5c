"""Donkey's own events (the shared ones are in ``bot.games.core.events``).

Donkey uses the shared ``Played(seat, (card,))``, ``TimedOut(seat)``,
``RoundStarted(round_no, first)`` and ``MatchOver(result)``; a match has no
``RoundOver`` (a Donkey "round" is one trick of the same deal).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.games.cards import Card
from bot.games.core.events import Event


class LeadReason(StrEnum):
    """Why the lead did not go where it normally would (``LeadPassed.reason``)."""

    OUT = "out"  # the round's winner went out: the next-highest card leads
    SITTING_OUT = "sitting out"  # the leader sits this round out (timed out last round)
    TIMED_OUT = "timed out"  # the leader's clock ran out before they led


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """``seat`` had no card of the active suit and played ``card``: ``collector``
    (highest active-suit card so far) takes all ``count`` cards of the round."""

    seat: int
    card: Card
    collector: int
    count: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """A round ended without a strike: ``seat`` played the highest card of the
    active suit (``None`` when nobody played a card: everybody timed out),
    ``discarded`` cards went to the discard pile, and ``leader`` leads the next
    round (``None`` when the game is over)."""

    seat: int | None
    card: Card | None
    discarded: int
    leader: int | None


@dataclass(frozen=True, slots=True)
class LeadPassed(Event):
    """The lead did not go to ``from_seat`` but to ``to_seat``, for ``reason``."""

    from_seat: int
    to_seat: int
    reason: LeadReason


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` emptied their hand and finished at ``rank`` (shared on a tie)."""

    seat: int
    rank: int


@dataclass(frozen=True, slots=True)
class SitsOut(Event):
    """``seat`` timed out last round and sits this one out, keeping their cards."""

    seat: int
    round_no: int


@dataclass(frozen=True, slots=True)
class SitOutForgiven(Event):
    """Everybody left would sit this round out, so nobody does."""

    seats: tuple[int, ...]
    round_no: int
