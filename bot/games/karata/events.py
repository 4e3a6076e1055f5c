"""Karata's own events (the shared ones are in ``bot.games.core.events``).

Events are public frozen values; ``to_dict()`` is the form a table keeps for its
"last moves", so field names and values stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.games.core.events import Event


class NotFinishedReason(StrEnum):
    SPECIAL = "special"  # the last card (or group) was a 2, 7, 8, Jack or Joker
    UNCALLED = "uncalled"  # the last card was laid without a Kadi Moja call
    # A special last card laid uncalled (where a call is owed): its effect happens and
    # the penalty is drawn at once, so no draw back in follows on the next turn.
    SPECIAL_UNCALLED = "special-uncalled"


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """``seat`` kept the playable card it had just drawn (the card stays private)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SkipDropped(Event):
    """A skip would have landed on ``seat``, who laid or plugged a 7 of it: dropped."""

    seat: int


@dataclass(frozen=True, slots=True)
class NotFinished(Event):
    """``seat`` laid its last card(s) but did not win, for ``reason``; with
    ``uncalled`` or ``special-uncalled`` a ``Drew(seat, n, "penalty")`` follows (1
    under *must call to win*, 2 in Kadi Moja); with ``special`` the seat draws one
    on its next turn (``Drew(seat, 1, "cardless")``)."""

    seat: int
    reason: NotFinishedReason


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    """Cheat mode: ``challenger`` accused ``target``; ``right`` says who was right."""

    challenger: int
    target: int
    right: bool


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """``seat`` is out of the match (knock-out or points ceiling)."""

    seat: int
    points: int
