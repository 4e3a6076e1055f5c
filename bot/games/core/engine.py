"""``StateGame``: the ``Game`` surface written once, over one state dataclass.

A game here is a state dataclass (``<game>/state.py``) and functions of it: check a
move (``legality.py``), list the moves (``moves.py``), make one (``effects.py``), show
it to a seat (``view.py``). How those make the ``Game`` surface is the same for every
game, so it is written here: each ``<game>/engine.py`` names its parts in a ``Wiring``
and writes only what its game does its own way (the clock's move, where the cards
lie, the result).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

from bot.games.core.events import Event
from bot.games.core.game import Game, View
from bot.games.core.moves import Move
from bot.games.core.rules import Rules
from bot.games.core.state import MatchState, StateFormat
from bot.games.core.state_json import JSON

S = TypeVar("S", bound=MatchState)
V = TypeVar("V", bound=View)


@dataclass(frozen=True, slots=True)
class Wiring(Generic[S, V]):
    """The parts one game is made of, each a function of its state (or making one)."""

    state_format: StateFormat[S]
    # (seats, rules, seed): a new match with its first round dealt; the rules are the
    # game's own ``rules_type``, checked by ``StateGame.new``.
    deal: Callable[[int, Any, int], S]
    check: Callable[[S, int, Move], None]  # raises IllegalMove with the reason
    legal_moves: Callable[[S, int], list[Move]]
    apply: Callable[[S, int, Move], list[Event]]  # a checked move's effects
    view_type: type[V]
    view: Callable[[S, int | None], V]
    # A state consistent with a seat's view, the cards it cannot see dealt at random.
    from_view: Callable[[V, random.Random], S]
    copy: Callable[[S], S]  # an independent copy


class StateGame(Game, Generic[S, V]):
    """A ``Game`` whose whole match is ``self.state``, made of the class's ``wiring``."""

    wiring: ClassVar[Wiring[Any, Any]]

    def __init__(self, state: S) -> None:
        self.state = state
        self.rules = state.rules
        self.seed = state.seed

    # ---- creating

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        if rules is None:
            rules = cls.rules_type()
        if not isinstance(rules, cls.rules_type):
            raise TypeError(f"{cls.name} needs {cls.rules_type.__name__}, not {type(rules).__name__}")
        most = cls.seat_limit(rules)
        if not cls.min_seats <= seats <= most:
            raise ValueError(f"{cls.name} with these rules is for {cls.min_seats} to {most} players, not {seats}")
        return cls(cls.wiring.deal(seats, rules, cls.fresh_seed() if seed is None else seed))

    @classmethod
    def seat_limit(cls, rules: Rules) -> int:
        """The most seats a match under ``rules`` may have: ``max_seats``, unless a
        game's rule sets seat fewer."""
        return cls.max_seats

    # ---- who acts

    @property
    def seats(self) -> int:
        return self.state.seats

    @property
    def turn(self) -> int | None:
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def actors(self) -> frozenset[int]:
        return self.state.actors()

    # ---- moves

    def legal_moves(self, seat: int) -> list[Move]:
        moves: list[Move] = self.wiring.legal_moves(self.state, seat)
        return moves

    def check(self, seat: int, move: Move) -> None:
        self.wiring.check(self.state, seat, move)

    def apply(self, seat: int, move: Move) -> list[Event]:
        self.wiring.check(self.state, seat, move)  # raises before anything changes
        events: list[Event] = self.wiring.apply(self.state, seat, move)
        return events

    def apply_legal(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = self.wiring.apply(self.state, seat, move)  # listed by legal_moves: it would pass
        return events

    # ---- reading

    def view(self, seat: int | None) -> V:
        view: V = self.wiring.view(self.state, seat)
        return view

    # ---- searching

    def clone(self) -> Self:
        return type(self)(self.wiring.copy(self.state))

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> Self:
        if not isinstance(view, cls.wiring.view_type):
            raise ValueError(f"a {cls.name} match needs a {cls.wiring.view_type.__name__}, not {type(view).__name__}")
        return cls(cls.wiring.from_view(view, rng))

    # ---- saving

    def to_state(self) -> JSON:
        state: JSON = self.wiring.state_format.dump(self.state)
        return state

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        return cls(cls.wiring.state_format.load(data))
