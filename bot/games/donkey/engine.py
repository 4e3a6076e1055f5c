"""Donkey (Kazhutha Kali): follow the active suit, strike when void, get out early.

Rules: docs/rules/sources/003_dc60798e97666c95.txt and the "Donkey (003)" section
of docs/rules/decisions.md; players' page docs/rules/donkey.md; state
format docs/engine/donkey.md. ``DonkeyGame`` only names the parts (``StateGame``
in ``core/engine.py`` joins them): the state (``state.py``), checking a move
(``legality.py``), listing moves (``moves.py``), carrying one out (``effects.py``)
and what a seat sees (``view.py``).
"""

from __future__ import annotations

from typing import Self

from bot.games.cards import Card, deck52
from bot.games.core.engine import StateGame, Wiring
from bot.games.core.moves import TIMEOUT_MOVE, Move
from bot.games.core.results import Result
from bot.games.donkey import effects, legality, moves
from bot.games.donkey.rules import MAX_SEATS, MIN_SEATS, DonkeyRules
from bot.games.donkey.state import STATE_FORMAT, DonkeyState, copy_state
from bot.games.donkey.view import DonkeyView, state_from_view, view_of


class DonkeyGame(StateGame[DonkeyState, DonkeyView]):
    """One game of Donkey for 2 to 8 seats; everything it knows is ``self.state``."""

    name = "donkey"
    loser_counts = True
    rules_type = DonkeyRules
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    wiring = Wiring(
        state_format=STATE_FORMAT, deal=effects.new_match, check=legality.check, legal_moves=moves.legal_moves,
        apply=effects.apply, view_type=DonkeyView, view=view_of, from_view=state_from_view, copy=copy_state,
    )

    rules: DonkeyRules

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

    def timeout_move(self) -> tuple[int, Move] | None:
        to_act = self.state.turn
        return None if to_act is None else (to_act, TIMEOUT_MOVE)

    def result(self) -> Result | None:
        return effects.result(self.state) if self.state.over else None

    def cards_in_play(self) -> list[Card]:
        state = self.state
        return [c for hand in state.hands for c in hand] + [c for _, c in state.trick] + state.discard
