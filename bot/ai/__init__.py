"""Computer players, written against the common engine protocol.

A computer player sees exactly what a human in its seat would: its seat's
``View`` and the legal moves for that seat (which are derived from its own
hand and the public table). It never reads the engine itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bot.games.core.game import View
from bot.games.core.moves import Move


class ComputerPlayer(Protocol):
    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        """One of ``legal`` (never empty) for the seat ``view.seat``."""
        ...


class RandomPlayer:
    """Picks any legal move: the baseline for benchmarks and property tests."""

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]
