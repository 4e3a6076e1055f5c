"""``KarataGame``: the Karata / Kadi Moja engine behind the shared ``Game`` surface.

Thin wiring: the match is one ``KarataState`` (state.py); ``legal_moves`` lists
(moves.py), ``check`` refuses with a reason (legality.py), and ``apply`` checks
and then makes the move (effects.py), so an illegal move changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from bot.games.cards import Card
from bot.games.core.events import Event
from bot.games.core.game import Game, View
from bot.games.core.moves import DRAW_MOVE, PASS_MOVE, Move
from bot.games.core.results import Result
from bot.games.core.rules import Rules
from bot.games.core.shuffle import seeded_random
from bot.games.core.state_json import JSON
from bot.games.karata import effects, legality, moves
from bot.games.karata.rules import PLUG_WINDOW_SECONDS, KarataRules
from bot.games.karata.state import STATE_VERSION, KarataState, Phase, copy_state, dump_state, load_state
from bot.games.karata.view import KarataView, state_from_view, view_of


class KarataGame(Game):
    """A Karata or Kadi Moja match: one round, or rounds until one player is left."""

    name: ClassVar[str] = "karata"
    rules_type: ClassVar[type[KarataRules]] = KarataRules
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    state_version: ClassVar[int] = STATE_VERSION

    rules: KarataRules
    state: KarataState

    def __init__(self, state: KarataState) -> None:
        self.state = state
        self.rules = state.rules
        self.seed = state.seed

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        rules = rules or KarataRules()
        if not isinstance(rules, KarataRules):
            raise TypeError("Karata needs KarataRules")
        if not cls.min_seats <= seats <= rules.seat_limit():
            raise ValueError(f"this rule set seats 2 to {rules.seat_limit()} players, not {seats}")
        seed = cls.fresh_seed() if seed is None else seed
        state = KarataState(seed, rules, seats, out_round=[0] * seats, scores=[0] * seats)
        state.first = seeded_random(seed, "r1-first").randrange(seats)
        effects.start_round(state)
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
        return self.state.is_over

    def actors(self) -> frozenset[int]:
        return self.state.actors()

    # ---- moves
    def legal_moves(self, seat: int) -> list[Move]:
        return moves.legal_moves(self.state, seat)

    def check(self, seat: int, move: Move) -> None:
        legality.check(self.state, seat, move)

    def apply(self, seat: int, move: Move) -> list[Event]:
        legality.check(self.state, seat, move)
        return effects.apply(self.state, seat, move)

    def apply_legal(self, seat: int, move: Move) -> list[Event]:
        return effects.apply(self.state, seat, move)  # listed by legal_moves: the check would pass

    def timeout_move(self) -> tuple[int, Move] | None:
        """Keep the drawn card or take the skip; otherwise draw (which takes a pending stack)."""
        turn = self.state.turn
        if self.state.is_over or turn is None:
            return None
        if self.state.phase in (Phase.KEEP, Phase.PLUG):
            return turn, PASS_MOVE
        return turn, DRAW_MOVE

    def clock_hint(self) -> float | None:
        """The plug window: a skipped player holding a 7 has a few seconds to plug it."""
        if self.state.phase == Phase.PLUG:
            return PLUG_WINDOW_SECONDS
        return None

    # ---- reading
    def view(self, seat: int | None) -> KarataView:
        return view_of(self.state, seat)

    def result(self) -> Result | None:
        return self.state.match_result

    def cards_in_play(self) -> list[Card]:
        cards = [*self.state.pile, *self.state.discard]
        for hand in self.state.hands:
            cards += hand
        return cards

    @property
    def hidden(self) -> list[Card | None]:
        """Each seat's hidden card (cheat mode): for the tests that check none leaks."""
        return list(self.state.hidden)

    # ---- searching
    def clone(self) -> Self:
        return type(self)(copy_state(self.state))

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> Self:
        if not isinstance(view, KarataView):
            raise ValueError(f"a Karata match needs a KarataView, not {type(view).__name__}")
        for _ in range(100):
            state = state_from_view(view, rng)
            if state.phase != Phase.KEEP or state.turn == view.seat:
                return cls(state)
            # Another seat drew a card it may play: one of its cards that fits.
            assert state.turn is not None
            fitting = [c for c in state.hands[state.turn] if legality.fits(state, c)]
            if fitting:
                state.drawn = rng.choice(fitting)
                return cls(state)
        raise ValueError("no deal gives the seat keeping a drawn card one that fits")

    # ---- saving
    def to_state(self) -> JSON:
        return dump_state(self.state)

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        """A saved match, this version's or version 1's (converted)."""
        return cls(load_state(data))
