"""Whether a seat may make a move now, and if not, why: ``check``.

Each refusal is an ``IllegalMove`` with a code and its details as data; the
sentences players read are in ``bot/ui/text/donkey.py`` (the codes every game
shares, such as ``not-your-turn``, in ``bot/ui/text/illegal.py``). After the kind
of move, who may move is asked as in every game (``check_opening``).
"""

from __future__ import annotations

from bot.games.core.errors import IllegalMove
from bot.games.core.legality import check_opening
from bot.games.core.moves import Move, MoveKind
from bot.games.donkey.rules import ACE_LEAD_MAX_SEATS, ACE_OF_SPADES
from bot.games.donkey.state import DonkeyState


def check(state: DonkeyState, seat: int, move: Move) -> None:
    """Raise ``IllegalMove`` if ``seat`` may not make ``move`` now."""
    if move.kind not in (MoveKind.PLAY, MoveKind.TIMEOUT):
        raise IllegalMove("not-a-donkey-move", kind=move.kind)
    check_opening(state, seat, move)  # Donkey has no move out of turn
    if move.kind == MoveKind.TIMEOUT:
        return  # the clock's move (the runtime never lets a person send it): play nothing
    if move.asking:
        raise IllegalMove("play-names-only-a-card")
    if not move.cards:
        raise IllegalMove("play-needs-cards")
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
