"""Whether a seat may make a move now, and if not, why: ``check``.

Each refusal is an ``IllegalMove`` with a code and its details as data; the
sentences players read are in ``bot/ui/text/donkey.py`` (shared codes such as
``takes-nothing`` in ``bot/ui/text/illegal.py``).
"""

from __future__ import annotations

from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move, MoveKind
from bot.games.donkey.rules import ACE_LEAD_MAX_SEATS, ACE_OF_SPADES
from bot.games.donkey.state import DonkeyState


def check(state: DonkeyState, seat: int, move: Move) -> None:
    """Raise ``IllegalMove`` if ``seat`` may not make ``move`` now."""
    to_act = state.turn
    if to_act is None:
        raise IllegalMove("game-over")
    if seat != to_act:
        if 0 <= seat < state.seats and state.ranks[seat] is not None:
            raise IllegalMove("seat-is-out", rank=state.ranks[seat])
        raise IllegalMove("not-your-turn", turn=to_act)
    if move.kind != MoveKind.PLAY:
        if move.kind != MoveKind.TIMEOUT:
            raise IllegalMove("not-a-donkey-move", kind=move.kind)
        # The clock's move (the runtime never lets a person send it): play nothing.
        if move.cards or move.asking or move.target is not None:
            raise IllegalMove("takes-nothing", kind=move.kind)
        return
    if move.asking or move.target is not None:
        raise IllegalMove("play-names-only-a-card")
    if not move.cards:
        raise IllegalMove("play-needs-a-card")
    if len(move.cards) != 1:
        raise IllegalMove("one-card-at-a-time", cards=move.cards)
    played = move.cards[0]
    hand = state.hands[seat]
    if played not in hand:
        raise IllegalMove("card-not-held", card=played)
    suit = state.active_suit
    if suit is None:
        # Leading. Only the first lead of a small table is bound: it is the A♠.
        if (
            state.round_no == 1
            and state.seats <= ACE_LEAD_MAX_SEATS
            and played != ACE_OF_SPADES
            and ACE_OF_SPADES in hand
        ):
            raise IllegalMove("must-lead-ace", card=played, ace=ACE_OF_SPADES, max_seats=ACE_LEAD_MAX_SEATS)
        return
    # Following: a card of the active suit while holding one; any card when void (a strike).
    if played.suit != suit and any(c.suit == suit for c in hand):
        raise IllegalMove("must-follow", card=played, suit=suit)
