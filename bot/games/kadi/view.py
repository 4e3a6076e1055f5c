"""What a Kadi seat may see, and Kadi's own events."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card
from bot.games.core.events import Event
from bot.games.core.game import View
from bot.games.kadi.rules import KadiRules


@dataclass(frozen=True, slots=True)
class KadiView(View):
    """The public table plus, for a seat, its own hand.

    ``base`` is the card the next play matches when it differs from ``top``
    (after Aces cancelled a suit request); ``ask_suit`` / ``demand`` what the
    last Ace asked for; ``bomb`` the pending pick-up and ``bomb_kind`` the rank
    of the bomb on top (2, 3 or 0 for a Joker); ``skips`` the pending jump and
    ``skip_targets`` the seats it would skip if nobody passed it on;
    ``cardless`` the seats that ran out and must draw back in; ``called`` the
    seats whose Niko Kadi call stands; ``call_window`` the seat that may call now;
    ``pickable`` how many cards a pick-up can reach (the draw pile plus what a
    reshuffle would add).
    """

    top: Card
    base: Card | None
    ask_suit: str | None
    demand: Card | None
    bomb: int
    bomb_kind: int | None
    skips: int
    skip_targets: tuple[int, ...]
    jack_layers: tuple[int, ...]
    clockwise: bool
    cardless: tuple[int, ...]
    called: tuple[int, ...]
    call_window: int | None
    rounds: int
    round_wins: tuple[int, ...]
    discard_size: int
    draw_size: int
    pickable: int
    rules: KadiRules
    seats: int


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
    seat: int


@dataclass(frozen=True, slots=True)
class RequestCancelled(Event):
    """Aces cancelled a suit request, or took the number off a demand (``suit`` still asked)."""

    seat: int
    suit: str | None = None


@dataclass(frozen=True, slots=True)
class JumpDropped(Event):
    """The rest of a jump would have skipped ``seat``, who laid a Jack in it: ``seat`` plays."""

    seat: int
