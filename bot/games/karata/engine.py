"""``KarataGame``: the Karata / Kadi Moja engine behind the shared ``Game`` surface.

Thin wiring (``StateGame`` in ``core/engine.py`` joins the parts): the match is one
``KarataState`` (state.py); ``legal_moves`` lists (moves.py), ``check`` refuses with
a reason (legality.py), and ``apply`` checks and then makes the move (effects.py),
so an illegal move changes nothing.
"""

from __future__ import annotations

import random

from bot.games.cards import Card
from bot.games.core.engine import StateGame, Wiring
from bot.games.core.moves import DRAW_MOVE, PASS_MOVE, Move
from bot.games.core.results import Result
from bot.games.core.rules import Rules
from bot.games.karata import effects, legality, moves
from bot.games.karata.rules import PLUG_WINDOW_SECONDS, KarataRules
from bot.games.karata.state import STATE_FORMAT, KarataState, Phase, copy_state
from bot.games.karata.view import KarataView, state_from_view, view_of


def _deal_unseen(view: KarataView, rng: random.Random) -> KarataState:
    """``state_from_view``, with one more thing the table saw: another seat keeping a
    card it has just drawn drew one it may play, so it is given one that fits."""
    for _ in range(100):
        state = state_from_view(view, rng)
        if state.phase != Phase.KEEP or state.turn == view.seat:
            return state
        assert state.turn is not None
        fitting = [c for c in state.hands[state.turn] if legality.fits(state, c)]
        if fitting:
            state.drawn = rng.choice(fitting)
            return state
    raise ValueError("no deal gives the seat keeping a drawn card one that fits")


class KarataGame(StateGame[KarataState, KarataView]):
    """A Karata or Kadi Moja match: one round, or rounds until one player is left."""

    name = "karata"
    rules_type = KarataRules
    min_seats = 2
    max_seats = 8
    wiring = Wiring(
        state_format=STATE_FORMAT, deal=effects.new_match, check=legality.check, legal_moves=moves.legal_moves,
        apply=effects.apply, view_type=KarataView, view=view_of, from_view=_deal_unseen, copy=copy_state,
    )

    rules: KarataRules

    @classmethod
    def seat_limit(cls, rules: Rules) -> int:
        """Kadi Moja's seven cards each seat at most 6 (the deck must leave a draw pile)."""
        assert isinstance(rules, KarataRules)  # StateGame.new checked it
        return rules.seat_limit()

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

    def result(self) -> Result | None:
        return self.state.match_result

    def cards_in_play(self) -> list[Card]:
        state = self.state
        return [*state.draw_pile, *state.discard, *(c for hand in state.hands for c in hand)]

    @property
    def hidden(self) -> list[Card | None]:
        """Each seat's hidden card (cheat mode): for the tests that check none leaks."""
        return list(self.state.hidden)
