"""What a Kadi seat may see: ``KadiView`` and ``view_of(state, seat)``; and back,
``state_from_view``: a match consistent with a seat's view, the hidden cards dealt
at random (``KadiGame.determinize``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.cards import JACK, Card, Suit, deck52, deck54
from bot.games.core.game import View
from bot.games.core.sample import Barred, Test, deal_hidden
from bot.games.kadi.rules import KadiRules, is_winning_hand
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
    reshuffle would add); ``discard`` the discard pile, bottom to top (every card
    in it was laid face up); ``owes`` per seat the cards a cardless seat draws back
    in; ``no_jack`` the seats skipped straight away by a jump since they last
    received a card (the table saw they hold no Jack).
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
    discard: tuple[Card, ...] = ()
    owes: tuple[int, ...] = ()
    no_jack: tuple[int, ...] = ()


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
        discard=tuple(state.discard),
        owes=tuple(state.owes),
        no_jack=tuple(s for s in seats if state.no_jack[s]),
    )


def _has_jack(cards: list[Card]) -> bool:
    return any(c.rank == JACK for c in cards)


def _is_jack(c: Card) -> bool:
    return c.rank == JACK


def state_from_view(view: KadiView, rng: random.Random) -> KadiState:
    """A state ``view`` could have come from: the seat's hand and every public field
    as shown; the unseen cards (the deck less the seat's hand and the discard pile)
    dealt at random to the other hands and the draw pile in their known sizes, with
    what the public record rules out: a seat in ``no_jack`` gets no Jack, a seat
    facing the jump (the turn, not a Jack layer) holds one, and a seat whose call
    window shows holds a winning hand. The result plays on to the end of the round;
    the match's earlier rounds are not rebuilt (``round_results`` is empty)."""
    seat = view.seat
    if seat is None or not 0 <= seat < view.seats:
        raise ValueError("a determinized match needs a seat's view, not the public one")
    if view.over:
        raise ValueError("the match is over")
    rules = view.rules
    deck = deck52() if rules.no_jokers else deck54()
    seen = {*view.hand, *view.discard}
    pool = [c for c in deck if c not in seen]
    others = [s for s in range(view.seats) if s != seat]
    sizes = [view.hand_counts[s] for s in others] + [view.draw_size]
    barred: list[Barred | None] = [_is_jack if s in view.no_jack else None for s in others]
    tests: list[Test | None] = [None] * len(others)
    turn = view.turn
    if view.skips and turn is not None and turn != seat and turn not in view.jack_layers:
        tests[others.index(turn)] = _has_jack
    window = view.call_window
    if window is not None and window != seat:
        opponents, ace_finish = view.seats - 1, rules.ace_finish
        tests[others.index(window)] = lambda cards: is_winning_hand(cards, opponents, ace_finish)
    dealt = deal_hidden(pool, sizes, rng, barred, tests)
    hands = [list(view.hand) if s == seat else dealt[others.index(s)] for s in range(view.seats)]
    return KadiState(
        seats=view.seats,
        rules=rules,
        seed=rng.randrange(2**63),
        round_no=view.round_no,
        round_wins=list(view.round_wins),
        hands=hands,
        draw=dealt[-1],
        discard=list(view.discard),
        turn=turn,
        clockwise=view.clockwise,
        base=view.top if view.base is None else view.base,
        ask_suit=view.ask_suit,
        demand=view.demand,
        bomb=view.bomb,
        bomb_kind=view.bomb_kind,
        skips=view.skips,
        jack_layers=list(view.jack_layers),
        called=[s in view.called for s in range(view.seats)],
        call_window=window,
        owes=list(view.owes) if view.owes else [int(s in view.cardless) for s in range(view.seats)],
        no_jack=[s in view.no_jack for s in range(view.seats)],
    )
