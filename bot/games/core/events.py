"""Events: what happened, as frozen data; the UI puts them into words.

Events are public: they never name a card that is still hidden in a hand (a
draw says how many cards, not which). The events every game shares are here;
games add their own beside their engine. ``event.to_dict()`` is the JSON form
the table keeps for its "last moves" (saved with the table, so field names and
values stay as they are).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from bot.games.cards import Card, Suit
from bot.games.core.moves import Demand
from bot.games.core.results import Result
from bot.games.core.state_json import JSON, to_json


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Subclasses are frozen dataclasses of JSON-able fields."""

    def to_dict(self) -> JSON:
        out: JSON = {"event": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = to_json(getattr(self, f.name))
        return out


class DrawReason(StrEnum):
    """Why a seat took cards (``Drew.reason``)."""

    DRAW = "draw"  # an ordinary draw
    BOMB = "bomb"  # Kadi: picked up a bomb
    STACK = "stack"  # Karata: picked up a draw stack
    QUESTION = "question"  # Kadi: an unanswered question
    PENALTY = "penalty"  # Karata: a missed call, a failed challenge, ...
    CARDLESS = "cardless"  # drew back in after emptying the hand without winning
    DEMAND = "demand"  # Karata: drew until meeting a Jack's demand


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` laid ``cards``, asking for ``ask_suit`` or demanding ``demand`` (as the move)."""

    seat: int
    cards: tuple[Card, ...]
    ask_suit: Suit | None = None
    demand: Card | Demand | None = None

    def to_dict(self) -> JSON:
        # Saved tables keep the form from before the fields were split: one "ask"
        # holding a suit letter, a card code or "special", as in the move's text.
        ask = self.ask_suit if self.ask_suit is not None else to_json(self.demand)
        return {"event": "Played", "seat": self.seat, "cards": to_json(self.cards), "ask": ask}


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` took ``count`` cards, for ``reason``."""

    seat: int
    count: int
    reason: DrawReason = DrawReason.DRAW


@dataclass(frozen=True, slots=True)
class Forgiven(Event):
    """A pick-up asked for more cards than exist outside the hands; the rest is let off."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (but its top card) became the new draw pile."""

    count: int


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    clockwise: bool


@dataclass(frozen=True, slots=True)
class Called(Event):
    """Niko Kadi! / Kadi Moja!"""

    seat: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_no: int
    first: int
    top: Card | None = None


@dataclass(frozen=True, slots=True)
class RoundBlocked(Event):
    """Nothing was left to draw and every player in turn drew nothing, no card laid
    meanwhile: the round ends on points (a ``RoundOver`` follows)."""


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    round_no: int
    result: Result


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    result: Result
