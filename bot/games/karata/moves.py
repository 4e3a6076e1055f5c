"""Which cards may go down now: the matching rule and the enumeration of plays.

Kept apart from the engine's bookkeeping so that both ``legal_moves`` and
``check`` use one definition of "this card fits" (docs/engine/karata.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final

from bot.games.cards import JACK, JOKER, SUITS, Card
from bot.games.protocol import PLAY, SPECIAL, Move

SPECIAL_RANKS: Final = frozenset({2, 7, 8, JACK, JOKER})
ASKS: Final = (*SUITS, SPECIAL)  # what a Jack may demand


def fits(card: Card, top: Card, stack: int, demand: str | None, same_kind: bool) -> bool:
    """May ``card`` be the first card laid now?

    - on a pending draw stack only a 2 or a Joker (``same_kind``: only the top's kind);
    - on a Jack's demand: the suit asked for, any special card for ``special``,
      and always another Jack (a Jack meets a Jack's demand and makes its own);
    - otherwise suit or rank, a Jack or a Joker on anything, and on a Joker
      whose stack has been drawn, the Joker's colour.
    """
    rank = card.rank
    if stack:
        if rank != 2 and rank != JOKER:
            return False
        return not same_kind or rank == top.rank
    if demand is not None:
        if rank == JACK:
            return True
        if demand == SPECIAL:
            return rank in SPECIAL_RANKS
        return card.suit == demand
    if rank in (JACK, JOKER):
        return True
    if top.rank == JOKER:
        return card.colour == top.suit
    return rank == top.rank or card.suit == top.suit


def ordered_groups(cards: Sequence[Card], firsts: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every way to lay a non-empty subset of ``cards`` (one rank) that matters.

    Only two positions matter: the first card must be legal (one of
    ``firsts``) and the last card sets the new top. Each (subset, last card)
    pair is listed once, with a legal first card in front and the middle in
    index order.
    """
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            if size == 1:
                if subset[0] in firsts:
                    yield subset
                continue
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


def play_moves(
    hand: Sequence[Card], top: Card, stack: int, demand: str | None, same_kind: bool, bridge: bool
) -> list[Move]:
    """All plays from ``hand`` now, up to orders that cannot matter."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(hand, key=lambda c: c.index):
        by_rank.setdefault(card.rank, []).append(card)
    moves: list[Move] = []
    for rank, cards in by_rank.items():
        firsts = [c for c in cards if fits(c, top, stack, demand, same_kind)]
        if not firsts:
            continue
        for group in ordered_groups(cards, firsts):
            if rank == JACK:
                moves.extend(Move(PLAY, group, ask) for ask in ASKS)
            else:
                moves.append(Move(PLAY, group))
    jacks = by_rank.get(JACK)
    if bridge and jacks and not stack:
        # A Jack fits anything but a draw stack, so every Jack may carry a group.
        for rank, cards in by_rank.items():
            if rank == JACK:
                continue
            for group in carried_groups(cards):
                moves.extend(Move(PLAY, (jack, *group)) for jack in jacks)
    return moves
