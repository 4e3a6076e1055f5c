"""Donkey's rules value, events and view: the data the engine hands out.

See game.py for the engine and docs/engine/donkey.md for the formats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from bot.games.cards import Card
from bot.games.core.events import Event
from bot.games.core.game import View
from bot.games.core.rules import Rules

# Reasons for LeadPassed.
LEAD_OUT: Final = "out"  # the round's winner went out; the next-highest card leads
LEAD_SITTING_OUT: Final = "sitting out"  # the leader sits out this round (timed out)
LEAD_TIMED_OUT: Final = "timed out"  # the leader's clock ran out before they led


# ---------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class DonkeyRules(Rules):
    """Donkey has no house rules; only the turn clock is the host's to set.

    ``turn_seconds``: the turn timer (45 s in the seed); 0 switches it off. The
    engine does not run clocks: the table runtime reads this and sends the
    ``timeout`` move of ``timeout_move()`` when it runs out.
    """

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"donkey": {}}

    turn_seconds: int = 45

    def __post_init__(self) -> None:
        if (
            not isinstance(self.turn_seconds, int)
            or isinstance(self.turn_seconds, bool)
            or self.turn_seconds < 0
        ):
            raise ValueError("turn_seconds must be a whole number of seconds, 0 for no timer")


# --------------------------------------------------------------------------- events


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
    """The lead did not go to ``from_seat`` but to ``to_seat``; ``reason`` is
    ``out``, ``sitting out`` or ``timed out``."""

    from_seat: int
    to_seat: int
    reason: str


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


# ----------------------------------------------------------------------------- view


@dataclass(frozen=True, slots=True)
class DonkeyView(View):
    """The table as one seat sees it.

    ``trick``: (seat, card) in the order played this round; ``leader``: who led
    this round (or leads it, before the first card); ``to_play``: seats still to
    play this round, next first; ``out_ranks[s]``: seat s's finishing rank once
    out; ``sitting_out``: seats sitting this round out; ``sit_out_next``: seats
    that timed out this round and sit out the next one; ``discarded``: the
    discard pile (every card in it was played face up); ``voids[s]``: suits seat
    s has shown it lacks by striking, forgotten again for a suit it then
    collects (public knowledge, kept by the engine so no client needs history).
    """

    active_suit: str | None
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    to_play: tuple[int, ...]
    out_ranks: tuple[int | None, ...]
    sitting_out: frozenset[int]
    sit_out_next: frozenset[int]
    discard_count: int
    discarded: tuple[Card, ...]
    voids: tuple[frozenset[str], ...]
    turn_seconds: int
