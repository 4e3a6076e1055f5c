"""Donkey (Kazhutha Kali): follow the active suit, strike when void, get out early.

Rules: ../shared/seeds/003_dc60798e97666c95.txt and the "Donkey (003)" section
of ../shared/rules-decisions.md; players' page docs/rules/donkey.md; state
format docs/engine/donkey.md. ``DonkeyGame`` only wires the modules together:
the state (``state.py``), checking a move (``legality.py``), listing moves
(``moves.py``), carrying one out (``effects.py``) and what a seat sees
(``view.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from bot.games.cards import Card, deck52
from bot.games.core.events import Event
from bot.games.core.game import Game, View
from bot.games.core.moves import TIMEOUT_MOVE, Move
from bot.games.core.results import Result
from bot.games.core.rules import Rules
from bot.games.core.shuffle import seeded_random, shuffled
from bot.games.core.state_json import JSON
from bot.games.donkey import effects, legality, moves
from bot.games.donkey.rules import ACE_OF_SPADES, MAX_SEATS, MIN_SEATS, DonkeyRules
from bot.games.donkey.state import STATE_VERSION, DonkeyState, copy_state, dump_state, load_state, turn
from bot.games.donkey.view import DonkeyView, state_from_view, view_of


class DonkeyGame(Game):
    """One game of Donkey for 2 to 8 seats; everything it knows is ``self.state``."""

    name: ClassVar[str] = "donkey"
    rules_type: ClassVar[type[Rules]] = DonkeyRules
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    state_version: ClassVar[int] = STATE_VERSION

    rules: DonkeyRules

    def __init__(self, state: DonkeyState) -> None:
        self.state = state
        self.rules = state.rules
        self.seed = state.seed

    # ---- creating

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Donkey is for 2 to 8 players, not {seats}")
        if rules is None:
            rules = DonkeyRules()
        if not isinstance(rules, DonkeyRules):
            raise TypeError(f"Donkey needs DonkeyRules, not {type(rules).__name__}")
        if seed is None:
            seed = cls.fresh_seed()
        # No dealer: the first card goes to a random seat, then one card at a
        # time in turn order (to the previous seat) until the deck is gone, so
        # card i goes to seat (first - i) mod seats.
        first = seeded_random(seed, "first").randrange(seats)
        deck = shuffled(deck52(), seed, "deal")
        state = DonkeyState(
            seats,
            rules,
            seed,
            first=first,
            hands=[deck[(first - s) % seats :: seats] for s in range(seats)],
            ranks=[None] * seats,
            voids=[set() for _ in range(seats)],
        )
        holder = next(s for s in range(seats) if ACE_OF_SPADES in state.hands[s])
        effects.begin_round(state, holder, [], announce=False)
        return cls(state)

    @classmethod
    def from_position(
        cls,
        hands: list[list[Card]],
        leader: int,
        *,
        round_no: int = 2,
        sitting_out: tuple[int, ...] = (),
        ranks: list[int | None] | None = None,
        rules: DonkeyRules | None = None,
    ) -> Self:
        """A game at the start of round ``round_no`` with these hands: for tests,
        examples and puzzles. Cards in no hand lie on the discard pile; seats
        with no cards count as out (at ``ranks``, or rank 1 by default);
        ``leader`` leads (passed on as in play if they are out or sitting)."""
        seats = len(hands)
        held = {c for h in hands for c in h}
        state = DonkeyState(
            seats,
            rules or DonkeyRules(),
            0,
            round_no=round_no,
            hands=[list(h) for h in hands],
            discard=[c for c in deck52() if c not in held],
            sit_out_next=set(sitting_out),
            ranks=list(ranks) if ranks else [None if h else 1 for h in hands],
            voids=[set() for _ in range(seats)],
        )
        effects.begin_round(state, leader, [], announce=False)
        return cls(state)

    # ---- who acts

    @property
    def seats(self) -> int:
        return self.state.seats

    @property
    def turn(self) -> int | None:
        return turn(self.state)

    @property
    def is_over(self) -> bool:
        return self.state.over

    def actors(self) -> frozenset[int]:
        to_act = turn(self.state)
        return frozenset() if to_act is None else frozenset({to_act})

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
        to_act = turn(self.state)
        return None if to_act is None else (to_act, TIMEOUT_MOVE)

    # ---- reading

    def result(self) -> Result | None:
        return effects.result(self.state) if self.state.over else None

    def cards_in_play(self) -> list[Card]:
        state = self.state
        return [c for hand in state.hands for c in hand] + [c for _, c in state.trick] + state.discard

    def view(self, seat: int | None) -> DonkeyView:
        return view_of(self.state, seat)

    # ---- searching

    def clone(self) -> Self:
        return type(self)(copy_state(self.state))

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> Self:
        if not isinstance(view, DonkeyView):
            raise ValueError(f"a Donkey match needs a DonkeyView, not {type(view).__name__}")
        return cls(state_from_view(view, rng))

    # ---- saving

    def to_state(self) -> JSON:
        return dump_state(self.state)

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        return cls(load_state(data))
