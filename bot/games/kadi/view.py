"""What a Kadi seat may see: ``KadiView`` and ``view_of(state, seat)``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card, Suit
from bot.games.core.game import View
from bot.games.kadi.rules import KadiRules
from bot.games.kadi.state import KadiState, actors, kept_from, may_call, skip_targets


@dataclass(frozen=True, slots=True)
class KadiView(View):
    """The public table plus, for a seat, its own hand.

    ``base`` is the card the next play matches when it differs from ``top``
    (after Aces cancelled a suit request); ``ask_suit`` / ``demand`` what the
    last Ace asked for; ``bomb`` the pending pick-up and ``bomb_kind`` the rank
    of the bomb on top (2, 3 or 0 for a Joker); ``skips`` the pending jump and
    ``skip_targets`` the seats it would skip if nobody passed it on;
    ``cardless`` the seats that ran out and must draw back in; ``called`` the
    seats whose Niko Kadi call stands; ``call_window`` the seat that may call now;
    ``pickable`` how many cards a pick-up can reach (the draw pile plus what a
    reshuffle would add).
    """

    top: Card
    base: Card | None
    ask_suit: Suit | None
    demand: Card | None
    bomb: int
    bomb_kind: int | None
    skips: int
    skip_targets: tuple[int, ...]
    jack_layers: tuple[int, ...]
    clockwise: bool
    cardless: tuple[int, ...]
    called: tuple[int, ...]
    call_window: int | None
    rounds: int
    round_wins: tuple[int, ...]
    discard_size: int
    draw_size: int
    pickable: int
    rules: KadiRules
    seats: int


def view_of(state: KadiState, seat: int | None) -> KadiView:
    """What ``seat`` may know (``None``: the public view, no hand)."""
    seats = range(state.seats)
    hand = tuple(state.hands[seat]) if seat is not None and seat in seats else ()
    top = state.discard[-1]
    window = state.call_window
    return KadiView(
        seat=seat,
        hand=hand,
        hand_counts=tuple(len(h) for h in state.hands),
        turn=state.turn,
        actors=actors(state),
        round_no=state.round_no,
        over=state.match_result is not None,
        top=top,
        base=None if state.base is top else state.base,
        ask_suit=state.ask_suit,
        demand=state.demand,
        bomb=state.bomb,
        bomb_kind=state.bomb_kind if state.bomb else None,
        skips=state.skips,
        skip_targets=skip_targets(state),
        jack_layers=tuple(state.jack_layers),
        clockwise=state.clockwise,
        cardless=tuple(s for s in seats if state.owes[s]),
        called=tuple(s for s in seats if state.called[s]),
        call_window=window if window is not None and may_call(state, window) else None,
        rounds=state.rules.rounds,
        round_wins=tuple(state.round_wins),
        discard_size=len(state.discard),
        draw_size=len(state.draw),
        pickable=len(state.draw) + kept_from(state),
        rules=state.rules,
        seats=state.seats,
    )
