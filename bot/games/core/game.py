"""``Game``, the abstract engine every game implements, and ``View``.

One small surface serves every game, so that the table runtime, the computer
players, persistence, rendering and the property tests are written once:

- ``Game.new(seats, rules, seed)`` deals a new match (one or more rounds);
- ``turn`` is the seat whose clock runs, ``actors()`` every seat that may act
  now, out-of-turn calls, plugs and challenges included, and ``next_actor()`` the
  one that moves first when all move as soon as they may;
- ``legal_moves(seat)``, ``check(seat, move)`` (raises ``IllegalMove``, a code
  and its details) and ``apply(seat, move)`` returning frozen ``Event`` records;
  an illegal move changes nothing;
- ``view(seat)`` is what one seat may know (``view(None)`` is the public view
  the table message is drawn from); nothing else is shown to a player or an AI;
- ``timeout_move()`` is what the turn clock does; ``result()`` the outcome;
- ``to_state()`` / ``from_state()`` round-trip plain, versioned JSON, and a
  match replays exactly from its seed and its moves (``replay``);
- ``clone()`` is a cheap independent copy, and ``determinize(view, rng)`` a match
  built from one seat's view with the cards it cannot see dealt at random,
  consistently with the public record: what a searching computer player plays on.

Every game here implements it through ``StateGame`` (``core/engine.py``), over one
state dataclass and the functions of it its modules define.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bot.games.cards import Card
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event
from bot.games.core.moves import CALL_MOVE, Move
from bot.games.core.results import Result
from bot.games.core.rules import Rules
from bot.games.core.state_json import JSON

# ----------------------------------------------------------------------------- view


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know. ``seat is None`` is the public view: ``hand`` empty.

    Games subclass it with their public table state (top card, what is asked,
    pending pick-up, active suit, ...); a hand message, the table message and
    a computer player read nothing else.
    """

    seat: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    turn: int | None
    actors: frozenset[int]
    round_no: int
    over: bool


# ----------------------------------------------------------------------------- game

class Game(ABC):
    """A match of one game: one or more rounds at a fixed set of seats.

    Rounds follow one another inside the match (a ``RoundOver`` event carries
    each round's result, a ``MatchOver`` event the match's); ``is_over`` is true
    once the match has ended and then nobody may act.
    """

    name: ClassVar[str]
    rules_type: ClassVar[type[Rules]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    # What counts in a result: being the one loser (the Donkey) rather than winning; the
    # computers play, and the standings count, by it.
    loser_counts: ClassVar[bool] = False

    seed: int
    rules: Rules

    # ---- creating
    @classmethod
    @abstractmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        """Deal a new match; ``seed`` None picks one at random (and keeps it)."""

    @classmethod
    def replay(cls, seats: int, rules: Rules | None, seed: int, moves: Iterable[tuple[int, Move]]) -> Self:
        """The match reached by applying ``moves`` (seat, move) from a fresh deal."""
        game = cls.new(seats, rules, seed)
        for seat, move in moves:
            game.apply(seat, move)
        return game

    @staticmethod
    def fresh_seed() -> int:
        return random.SystemRandom().randrange(2**63)

    # ---- who acts
    @property
    @abstractmethod
    def seats(self) -> int:
        """How many seats the match has (0..seats-1), eliminated ones included."""

    @property
    @abstractmethod
    def turn(self) -> int | None:
        """The seat whose turn it is (whose clock runs); None when nobody's is."""

    @abstractmethod
    def actors(self) -> frozenset[int]:
        """Every seat that has a legal move now, out-of-turn moves included."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """The match has ended; nobody may act."""

    def next_actor(self, among: Container[int] | None = None) -> int | None:
        """The seat that moves next when every seat moves as soon as it may: a seat that
        may call out of turn (Niko Kadi, Kadi Moja) calls first, since the next move would
        close its window; otherwise the turn seat. ``among`` limits the answer to those
        seats (the scheduler asks about its computers); None when none of them may act.

        The scheduler, the searching player's playouts and the benches order moves so."""
        turn = self.turn
        actors = self.actors()
        for seat in sorted(actors):
            if seat != turn and (among is None or seat in among) and self.is_legal(seat, CALL_MOVE):
                return seat
        if turn in actors and (among is None or turn in among):
            return turn
        return None

    # ---- moves
    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """The moves ``seat`` may make now (empty when it may not act).

        Plays that differ only in the order of cards that cannot matter are
        listed once; ``check`` accepts every order that is legal.
        """

    @abstractmethod
    def check(self, seat: int, move: Move) -> None:
        """Raise ``IllegalMove`` with a reason if ``seat`` may not make ``move`` now."""

    def is_legal(self, seat: int, move: Move) -> bool:
        try:
            self.check(seat, move)
        except IllegalMove:
            return False
        return True

    @abstractmethod
    def apply(self, seat: int, move: Move) -> list[Event]:
        """Make the move and return what happened; raises ``IllegalMove`` (changing
        nothing) when it is not legal."""

    def apply_legal(self, seat: int, move: Move) -> list[Event]:
        """``apply`` for a move taken from ``legal_moves(seat)`` just now, which a game
        may make without checking it again: for the searching player's playouts."""
        return self.apply(seat, move)

    @abstractmethod
    def timeout_move(self) -> tuple[int, Move] | None:
        """The move the turn clock makes for the seat whose turn it is, if any."""

    def clock_hint(self) -> float | None:
        """Seconds for a short decision window instead of the table's turn clock, or None.

        Optional: a game returns a number while the turn seat only decides something
        quick (Karata's plug window: plug a 7 or take the skip); the runtime then
        runs the clock for that long, even at a table without a turn clock, applies
        ``timeout_move()`` when it runs out (not counted as the player's timeout),
        and lets a computer decide at once.
        """
        return None

    # ---- reading
    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know; ``None`` for the public view."""

    @abstractmethod
    def result(self) -> Result | None:
        """The match's result once it is over, else None."""

    @abstractmethod
    def cards_in_play(self) -> list[Card]:
        """Every card the match holds, wherever it lies: for conservation checks."""

    # ---- searching
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (moves on it never touch this match), much cheaper than
        ``from_state(to_state())``."""

    @classmethod
    @abstractmethod
    def determinize(cls, view: View, rng: random.Random) -> Self:
        """A match consistent with ``view`` (a seat's, not the public one): the same
        public view, the seat's own hand, every other card dealt at random among the
        places hidden from the seat (other hands, the draw pile) in their known
        numbers, honouring what the public record rules out (docs/ai.md lists each
        game's inferences). Chance in the result (reshuffles) comes from a seed drawn
        from ``rng``. Raises ValueError for a view it cannot rebuild (a public view;
        Karata's cheat mode)."""

    # ---- saving
    @abstractmethod
    def to_state(self) -> JSON:
        """Plain JSON with ``game``, ``version``, ``seed`` and ``rules``; see docs/engine.md."""

    @classmethod
    @abstractmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        """The match saved by ``to_state``; raises ValueError for another game or version."""
