"""``legal_moves``: every move a seat may make now, up to orders that cannot matter.

In a play of several cards only two positions matter: the first card must fit
(``legality.fits``) and the last one becomes the new top. So each (subset of a
rank group, last card) is listed once, with a fitting first card in front and the
rest in hand order; ``check`` accepts every other legal order too.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations

from bot.games.cards import JACK, Card
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE, PASS_MOVE, Move, MoveKind
from bot.games.karata.legality import fitting_now
from bot.games.karata.rules import JACK_ASKS
from bot.games.karata.state import KarataState, Phase


def legal_moves(state: KarataState, seat: int) -> list[Move]:
    """The moves ``seat`` may make now: its turn's plays and draw (or pass), then a
    Kadi Moja call, then cheat mode's hides and challenges."""
    if state.is_over or not 0 <= seat < state.seats or seat in state.out:
        return []
    moves: list[Move] = []
    if seat == state.turn:
        moves += _turn_moves(state, seat)
    if state.may_call(seat):
        moves.append(CALL_MOVE)
    if state.may_hide(seat):
        moves += [Move(MoveKind.HIDE, (card,)) for card in state.hands[seat]]
    if state.rules.cheat_mode:
        moves += [
            Move(MoveKind.CHALLENGE, target=target)
            for target in state.active()
            if state.may_challenge(seat, target)
        ]
    return moves


def _turn_moves(state: KarataState, seat: int) -> list[Move]:
    hand = state.hands[seat]
    if state.phase == Phase.KEEP:
        # Play exactly the card just drawn (a Jack once per ask), or keep it.
        assert state.drawn is not None
        return [*group_plays((state.drawn,), (state.drawn,)), PASS_MOVE]
    if state.phase == Phase.PLUG:
        # Any of the 7s held plugs the 7 that skips this seat.
        sevens = tuple(card for card in hand if card.rank == 7)
        return [*group_plays(sevens, sevens), PASS_MOVE]
    may_bridge = state.rules.jack_bridge and not state.pick_up
    return [*plays(state, hand, may_bridge), DRAW_MOVE]


def plays(state: KarataState, hand: Sequence[Card], may_bridge: bool) -> list[Move]:
    """Every play from ``hand`` now: rank group by rank group, in the order each rank
    first appears in the hand (a group has plays when one of its cards fits), then
    the Jack bridges, each carried rank group with each Jack."""
    fit = fitting_now(state)
    fitting = [card for card in hand if card in fit]
    if not fitting:
        return []  # no Jack fits either (a stack is pending): no bridge
    groups: dict[int, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    fitting_ranks = {card.rank for card in fitting}
    moves: list[Move] = []
    for rank, cards in groups.items():
        if rank in fitting_ranks:
            moves += group_plays(tuple(cards), tuple(card for card in cards if card in fitting))
    jacks = [card for card in fitting if card.rank == JACK]
    if may_bridge and jacks:
        for rank, cards in groups.items():
            if rank == JACK:
                continue
            for jack in jacks:
                moves += bridge_plays(jack, tuple(cards))
    return moves


@functools.cache
def bridge_plays(jack: Card, cards: tuple[Card, ...]) -> tuple[Move, ...]:
    """The bridges of ``jack`` carrying cards of one rank group."""
    return tuple(Move(MoveKind.PLAY, (jack, *carried)) for carried in carried_groups(cards))


@functools.cache
def group_plays(cards: tuple[Card, ...], firsts: tuple[Card, ...]) -> tuple[Move, ...]:
    """The plays of one rank group whose legal first cards are ``firsts``; a Jack
    play once per ask."""
    moves: list[Move] = []
    for group in ordered_groups(cards, firsts):
        if group[0].rank == JACK:
            moves += [Move(MoveKind.PLAY, group, suit, demand) for suit, demand in JACK_ASKS]
        else:
            moves.append(Move(MoveKind.PLAY, group))
    return tuple(moves)


def ordered_groups(cards: Sequence[Card], firsts: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every way to lay a non-empty subset of ``cards`` (one rank) that matters: each
    (subset, last card) once, with a legal first card (one of ``firsts``) in front
    and the middle in hand order."""
    for card in cards:
        if card in firsts:
            yield (card,)
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            for last in subset:
                first = next((c for c in subset if c is not last and c in firsts), None)
                if first is None:
                    continue
                middle = tuple(c for c in subset if c is not last and c is not first)
                yield (first, *middle, last)


def carried_groups(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """The ways a Jack bridge may carry cards of one rank: any subset, any last card."""
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            for last in subset:
                yield (*(c for c in subset if c is not last), last)
