"""``check_opening``: the checks every game's ``check`` opens with.

Who may move, and whether a move carries what its kind cannot: the same questions in
every game, so one function asks them, in one order, each under one refusal code
(worded once, in ``bot/ui/text/illegal.py``). A game's ``legality.check`` calls it
first and then checks only its own rules.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.core.errors import IllegalMove
from bot.games.core.moves import TAKES_NOTHING, Move, MoveKind
from bot.games.core.state import MatchState


def check_opening(state: MatchState, seat: int, move: Move, out_of_turn: Collection[MoveKind] = ()) -> None:
    """Raise ``IllegalMove`` unless ``seat`` may move now and ``move`` carries only what
    its kind takes. Moves of the kinds in ``out_of_turn`` (calls, cheat mode's hides and
    challenges) may come from any seat still in the match; every other from the turn seat.

    Whether the game has the move's kind at all is the game's own check, made before
    this one: a move the game never has is refused as that, whoever sends it."""
    if state.is_over:
        raise IllegalMove("match-over")
    if not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise IllegalMove("no-such-seat", seat=seat)
    if state.is_out(seat):
        raise IllegalMove("out-of-match")
    kind = move.kind
    if kind in TAKES_NOTHING and (move.cards or move.asking or move.target is not None):
        raise IllegalMove("takes-nothing", kind=kind)
    if move.target is not None and kind != MoveKind.CHALLENGE:
        raise IllegalMove("names-no-seat", kind=kind)
    if kind not in out_of_turn and seat != state.turn:
        raise IllegalMove("not-your-turn", turn=state.turn)
