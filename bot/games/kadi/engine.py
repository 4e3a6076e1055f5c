"""The Kadi (Kenyan Poker) engine: a match of one or more rounds.

Rules: docs/rules/sources/000_350564ffa933c691.txt and docs/rules/decisions.md;
players' page docs/rules/kadi.md; state format docs/engine/kadi.md. ``KadiGame``
only names the parts (``StateGame`` in ``core/engine.py`` joins them): the state
(``state.py``), checking a move (``legality.py``), listing moves (``moves.py``),
carrying one out (``effects.py``) and what a seat sees (``view.py``).
"""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.core.engine import StateGame, Wiring
from bot.games.core.moves import DRAW_MOVE, PASS_MOVE, Move
from bot.games.core.results import Result
from bot.games.kadi import effects, legality, moves
from bot.games.kadi.rules import KadiRules
from bot.games.kadi.state import STATE_FORMAT, KadiState, copy_state
from bot.games.kadi.view import KadiView, state_from_view, view_of


class KadiGame(StateGame[KadiState, KadiView]):
    """A Kadi match; everything it knows is ``self.state`` (a ``KadiState``)."""

    name = "kadi"
    rules_type = KadiRules
    min_seats = 2
    max_seats = 5
    wiring = Wiring(
        state_format=STATE_FORMAT, deal=effects.new_match, check=legality.check, legal_moves=moves.legal_moves,
        apply=effects.apply, view_type=KadiView, view=view_of, from_view=state_from_view, copy=copy_state,
    )

    rules: KadiRules

    @property
    def round_no(self) -> int:
        return self.state.round_no

    def timeout_move(self) -> tuple[int, Move] | None:
        """Take a pending skip; otherwise draw (picking up a bomb, drawing back in)."""
        turn = self.state.turn
        if self.is_over or turn is None:
            return None
        if self.state.skips and not self.state.owes[turn]:
            return turn, PASS_MOVE
        return turn, DRAW_MOVE

    def result(self) -> Result | None:
        return self.state.match_result

    def cards_in_play(self) -> list[Card]:
        state = self.state
        return [*state.draw_pile, *state.discard, *(c for hand in state.hands for c in hand)]
