"""What one seat may know of a Donkey match: ``DonkeyView`` and ``view_of``; and
back, ``state_from_view``: a match consistent with a seat's view, the other hands
dealt at random (``DonkeyGame.determinize``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.cards import Card, Suit, deck52
from bot.games.core.game import View
from bot.games.core.sample import Barred, Test, deal_hidden
from bot.games.donkey.rules import ACE_OF_SPADES, DonkeyRules
from bot.games.donkey.state import DonkeyState


@dataclass(frozen=True, slots=True)
class DonkeyView(View):
    """The table as one seat sees it.

    ``trick``: (seat, card) in the order played this round; ``leader``: who led
    this round (or leads it, before the first card); ``to_play``: seats still to
    play this round, next first; ``out_ranks[s]``: seat s's finishing rank once
    out; ``sitting_out``: seats sitting this round out; ``sit_out_next``: seats
    that timed out this round and sit out the next one; ``discard``: the
    discard pile (every card in it was played face up); ``voids[s]``: suits seat
    s has shown it lacks by striking, forgotten again for a suit it then
    collects (public knowledge, kept by the engine so no client needs history).
    """

    active_suit: Suit | None
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    to_play: tuple[int, ...]
    out_ranks: tuple[int | None, ...]
    sitting_out: frozenset[int]
    sit_out_next: frozenset[int]
    discard_size: int
    discard: tuple[Card, ...]
    voids: tuple[frozenset[Suit], ...]
    turn_seconds: int


def view_of(state: DonkeyState, seat: int | None) -> DonkeyView:
    """What ``seat`` may know (``None``: the public view, no hand)."""
    hand: tuple[Card, ...] = ()
    if seat is not None and 0 <= seat < state.seats:
        hand = tuple(sorted(state.hands[seat], key=lambda c: c.index))  # by suit, then rank
    to_act = state.turn
    return DonkeyView(
        seat=seat,
        hand=hand,
        hand_counts=tuple(len(h) for h in state.hands),
        turn=to_act,
        actors=frozenset() if to_act is None else frozenset({to_act}),
        round_no=state.round_no,
        over=state.over,
        active_suit=state.active_suit,
        trick=tuple(state.trick),
        leader=state.trick[0][0] if state.trick else to_act,
        to_play=tuple(state.order[state.pos :]),
        out_ranks=tuple(state.ranks),
        sitting_out=frozenset(state.sitting_out),
        sit_out_next=frozenset(state.sit_out_next),
        discard_size=len(state.discard),
        discard=tuple(state.discard),
        voids=tuple(frozenset(v) for v in state.voids),
        turn_seconds=state.rules.turn_seconds,
    )


def _void_in(suits: frozenset[Suit]) -> Barred:
    return lambda c: c.suit in suits


def _has_ace_of_spades(cards: list[Card]) -> bool:
    return ACE_OF_SPADES in cards


def state_from_view(view: DonkeyView, rng: random.Random) -> DonkeyState:
    """A state ``view`` could have come from: the seat's hand and the public table as
    shown; the unseen cards (the deck less the seat's hand, the discard pile and the
    round in play) dealt at random to the other hands in their known sizes, none of
    a suit the seat has shown it is void in, and the A♠ to the seat leading the
    match's first round. The round's order is rebuilt from who is still in and
    who sits out, ending with the seats still to play."""
    seat = view.seat
    seats = len(view.hand_counts)
    if seat is None or not 0 <= seat < seats:
        raise ValueError("a determinized match needs a seat's view, not the public one")
    if view.over or view.turn is None:
        raise ValueError("the match is over")
    seen = {*view.hand, *view.discard, *(c for _, c in view.trick)}
    pool = [c for c in deck52() if c not in seen]
    others = [s for s in range(seats) if s != seat]
    sizes = [view.hand_counts[s] for s in others]
    barred: list[Barred | None] = [_void_in(view.voids[s]) if view.voids[s] else None for s in others]
    tests: list[Test | None] = [None] * len(others)
    last = view.to_play[-1]
    # The round's seats in turn order, leader first: a rotation of the seats in play
    # that ends with the last seat still to play.
    order = [s for s in seats_from_after(seats, last) if view.out_ranks[s] is None and s not in view.sitting_out]
    pos = len(order) - len(view.to_play)
    if view.round_no == 1 and not view.trick and pos == 0 and view.turn != seat and ACE_OF_SPADES in pool:
        tests[others.index(view.turn)] = _has_ace_of_spades
    dealt = deal_hidden(pool, sizes, rng, barred, tests)
    hands = [list(view.hand) if s == seat else dealt[others.index(s)] for s in range(seats)]
    return DonkeyState(
        seats=seats,
        rules=DonkeyRules(turn_seconds=view.turn_seconds),
        seed=rng.randrange(2**63),
        first=0,
        round_no=view.round_no,
        hands=hands,
        discard=list(view.discard),
        trick=list(view.trick),
        order=order,
        pos=pos,
        active_suit=view.active_suit,
        sitting_out=set(view.sitting_out),
        sit_out_next=set(view.sit_out_next),
        ranks=list(view.out_ranks),
        voids=[set(v) for v in view.voids],
    )


def seats_from_after(seats: int, last: int) -> list[int]:
    """Every seat in turn order (to the previous seat), starting after ``last`` and
    ending with it."""
    start = (last - 1) % seats
    return [(start - i) % seats for i in range(seats)]
