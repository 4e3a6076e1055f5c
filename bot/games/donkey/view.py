"""What one seat may know of a Donkey match: ``DonkeyView`` and ``view_of``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card, Suit
from bot.games.core.game import View
from bot.games.donkey.state import DonkeyState, turn


@dataclass(frozen=True, slots=True)
class DonkeyView(View):
    """The table as one seat sees it.

    ``trick``: (seat, card) in the order played this round; ``leader``: who led
    this round (or leads it, before the first card); ``to_play``: seats still to
    play this round, next first; ``out_ranks[s]``: seat s's finishing rank once
    out; ``sitting_out``: seats sitting this round out; ``sit_out_next``: seats
    that timed out this round and sit out the next one; ``discarded``: the
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
    discard_count: int
    discarded: tuple[Card, ...]
    voids: tuple[frozenset[Suit], ...]
    turn_seconds: int


def view_of(state: DonkeyState, seat: int | None) -> DonkeyView:
    """What ``seat`` may know (``None``: the public view, no hand)."""
    hand: tuple[Card, ...] = ()
    if seat is not None and 0 <= seat < state.seats:
        hand = tuple(sorted(state.hands[seat], key=lambda c: c.index))  # by suit, then rank
    to_act = turn(state)
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
        discard_count=len(state.discard),
        discarded=tuple(state.discard),
        voids=tuple(frozenset(v) for v in state.voids),
        turn_seconds=state.rules.turn_seconds,
    )
