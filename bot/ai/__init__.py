"""Computer players, written against the common engine protocol.

A computer player sees exactly what a human in its seat would: its seat's
``View`` and the legal moves for that seat (which are derived from its own
hand and the public table). It never reads the engine itself.
"""

from __future__ import annotations

import importlib
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


# Game name -> "module:Class" of its computer player.
PLAYERS: dict[str, str] = {
    "kadi": "bot.ai.kadi:KadiPlayer",
    "karata": "bot.ai.karata:KarataPlayer",
    "donkey": "bot.ai.donkey:DonkeyPlayer",
}


_LOADED: dict[str, ComputerPlayer] = {}


def computer_player(game: str) -> ComputerPlayer:
    """The computer player for a game (random if it has none). Players keep no state
    between moves (all they know is in the view), so one instance serves every table."""
    player = _LOADED.get(game)
    if player is None:
        if game not in PLAYERS:
            return RandomPlayer()
        module_name, class_name = PLAYERS[game].split(":")
        player = _LOADED[game] = getattr(importlib.import_module(module_name), class_name)()
    return player
