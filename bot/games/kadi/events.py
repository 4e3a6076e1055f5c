"""Kadi's own events, beside the shared ones in ``bot/games/core/events.py``.

Like every event they are public (no card still hidden in a hand) and saved with
the table's "last moves" through ``to_dict()``; ``bot/ui/kadi.py`` words them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Suit
from bot.games.core.events import Event


@dataclass(frozen=True, slots=True)
class WentCardless(Event):
    """``seat`` ran out of cards without a winning finish; ``owes`` is how many
    cards they draw back in on their next turn."""

    seat: int
    owes: int


@dataclass(frozen=True, slots=True)
class CallCancelled(Event):
    """Drawing cancelled ``seat``'s Niko Kadi call."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayAgain(Event):
    """Two players: Kings mean ``seat`` plays again."""

    seat: int


@dataclass(frozen=True, slots=True)
class BombBlocked(Event):
    """``seat`` blocked the pending bomb with Aces."""

    seat: int


@dataclass(frozen=True, slots=True)
class RequestCancelled(Event):
    """Aces cancelled a suit request, or took the number off a demand (``suit`` still asked)."""

    seat: int
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class JumpDropped(Event):
    """The rest of a jump would have skipped ``seat``, who laid a Jack in it: ``seat`` plays."""

    seat: int
