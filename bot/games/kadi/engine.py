"""The Kadi (Kenyan Poker) engine: a match of one or more rounds.

Rules: ../shared/seeds/000_350564ffa933c691.txt and ../shared/rules-decisions.md;
players' page docs/rules/kadi.md; state format docs/engine/kadi.md. ``KadiGame``
only wires the modules together: the state (``state.py``), checking a move
(``legality.py``), listing moves (``moves.py``), carrying one out (``effects.py``)
and what a seat sees (``view.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from bot.games.cards import Card
from bot.games.core.events import Event
from bot.games.core.game import Game, View
from bot.games.core.moves import DRAW_MOVE, PASS_MOVE, Move
from bot.games.core.results import Result
from bot.games.core.rules import Rules
from bot.games.core.shuffle import seeded_random
from bot.games.core.state_json import JSON
from bot.games.kadi import effects, legality, moves
from bot.games.kadi.rules import KadiRules
from bot.games.kadi.state import STATE_VERSION, KadiState, actors, copy_state, dump_state, load_state
from bot.games.kadi.view import KadiView, state_from_view, view_of


class KadiGame(Game):
    """A Kadi match; everything it knows is ``self.state`` (a ``KadiState``)."""

    name = "kadi"
    rules_type = KadiRules
    min_seats = 2
    max_seats = 5
    state_version = STATE_VERSION

    rules: KadiRules

    def __init__(self, state: KadiState) -> None:
        self.state = state
        self.rules = state.rules
        self.seed = state.seed

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        if rules is not None and not isinstance(rules, KadiRules):
            raise TypeError("Kadi needs KadiRules")
        if not cls.min_seats <= seats <= cls.max_seats:
            raise ValueError(f"Kadi is for 2 to 5 players, not {seats}")
        state = KadiState(
            seats, rules or KadiRules(), cls.fresh_seed() if seed is None else seed, round_wins=[0] * seats
        )
        first = seeded_random(state.seed, "r1-first").randrange(seats)
        effects.start_round(state, first, clockwise=True)
        return cls(state)

    # ---- who acts

    @property
    def seats(self) -> int:
        return self.state.seats

    @property
    def turn(self) -> int | None:
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.match_result is not None

    @property
    def round_no(self) -> int:
        return self.state.round_no

    def actors(self) -> frozenset[int]:
        return actors(self.state)

    # ---- moves

    def legal_moves(self, seat: int) -> list[Move]:
        return moves.legal_moves(self.state, seat)

    def check(self, seat: int, move: Move) -> None:
        legality.check(self.state, seat, move)

    def apply(self, seat: int, move: Move) -> list[Event]:
        legality.check(self.state, seat, move)  # raises before anything changes
        return effects.apply(self.state, seat, move)

    def apply_legal(self, seat: int, move: Move) -> list[Event]:
        return effects.apply(self.state, seat, move)  # listed by legal_moves: the check would pass

    def timeout_move(self) -> tuple[int, Move] | None:
        """Take a pending skip; otherwise draw (picking up a bomb, drawing back in)."""
        turn = self.state.turn
        if self.is_over or turn is None:
            return None
        if self.state.skips and not self.state.owes[turn]:
            return turn, PASS_MOVE
        return turn, DRAW_MOVE

    # ---- reading

    def view(self, seat: int | None) -> KadiView:
        return view_of(self.state, seat)

    def result(self) -> Result | None:
        return self.state.match_result

    def cards_in_play(self) -> list[Card]:
        state = self.state
        return [*state.draw, *state.discard, *(c for hand in state.hands for c in hand)]

    # ---- searching

    def clone(self) -> Self:
        return type(self)(copy_state(self.state))

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> Self:
        if not isinstance(view, KadiView):
            raise ValueError(f"a Kadi match needs a KadiView, not {type(view).__name__}")
        return cls(state_from_view(view, rng))

    # ---- saving

    def to_state(self) -> JSON:
        return dump_state(self.state)

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        return cls(load_state(data))
