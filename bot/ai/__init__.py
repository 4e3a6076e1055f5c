"""Computer players, written against the common engine protocol.

A computer player sees exactly what a human in its seat would: its seat's
``View`` and the legal moves for that seat (which are derived from its own
hand and the public table). It never reads the engine itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from bot.games.core.game import Game, View
from bot.games.core.moves import Move


class ComputerPlayer(Protocol):
    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        """One of ``legal`` (never empty) for the seat ``view.seat``."""
        ...


@runtime_checkable
class StatePolicy(Protocol):
    """A computer player that can also choose straight from a match, without
    building the seat's view: the searching player's playouts run in dealt worlds
    and make tens of these choices each (``choose_in`` of ``KadiPlayer``, ``KarataPlayer``
    and ``DonkeyPlayer``)."""

    def choose_in(self, game: Game, seat: int, legal: Sequence[Move], rng: random.Random) -> Move:
        """What ``choose(game.view(seat), legal, rng)`` chooses, reading of the match
        only what that view shows."""
        ...


class RandomPlayer:
    """Picks any legal move: the baseline for benchmarks and property tests."""

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]
