"""Which cards may go down now: the matching rule and the enumeration of plays.

Kept apart from the engine's bookkeeping so that both ``legal_moves`` and
``check`` use one definition of "this card fits" (docs/engine/karata.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final

from bot.games.cards import ACE, ALL_CARDS, JACK, JOKER, SUITS, Card
from bot.games.protocol import PASS_MOVE, PLAY, SPECIAL, Move

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


# What fits depends on the top card only through (top, stack pending, demand,
# same-kind), so each such situation's set of fitting cards is computed once.
_FIT_SETS: dict[tuple[Card, bool, str | None, bool], frozenset[Card]] = {}


def fit_set(top: Card, stack: int, demand: str | None, same_kind: bool) -> frozenset[Card]:
    """Every card that ``fits`` now, as a set (built once per situation)."""
    if not stack and demand is None:
        # The common case, looked up by the top card alone (the stack rule
        # only matters while a stack is pending).
        return PLAIN_FIT_SETS[top.index]
    key = (top, bool(stack), demand, same_kind)
    found = _FIT_SETS.get(key)
    if found is None:
        found = _FIT_SETS[key] = frozenset(
            c for c in ALL_CARDS if fits(c, top, stack, demand, same_kind)
        )
    return found


# The fitting cards on each top card, indexed by ``Card.index``, when no stack
# or demand is pending.
PLAIN_FIT_SETS: Final = tuple(
    frozenset(c for c in ALL_CARDS if fits(c, top, 0, None, False)) for top in ALL_CARDS
)


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


# Plays depend only on a rank group's cards and which of them may go first, so
# each (group, firsts) pair's moves are built once and shared (Moves are
# immutable values): this keeps ``legal_moves`` cheap on every decision.
_GROUP_MOVES: dict[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[Move, ...]] = {}
_BRIDGE_MOVES: dict[tuple[Card, tuple[Card, ...]], tuple[Move, ...]] = {}


def group_moves(cards: tuple[Card, ...], firsts: tuple[Card, ...]) -> tuple[Move, ...]:
    """The plays of a rank group (in hand order) whose legal first cards are ``firsts``."""
    key = (cards, firsts)
    moves = _GROUP_MOVES.get(key)
    if moves is None:
        built: list[Move] = []
        for group in ordered_groups(cards, firsts):
            if cards[0].rank == JACK:
                built.extend(Move(PLAY, group, ask) for ask in ASKS)
            else:
                built.append(Move(PLAY, group))
        moves = _GROUP_MOVES[key] = tuple(built)
    return moves


def bridge_moves(jack: Card, cards: tuple[Card, ...]) -> tuple[Move, ...]:
    """The bridges of ``jack`` carrying cards of one rank group."""
    key = (jack, cards)
    moves = _BRIDGE_MOVES.get(key)
    if moves is None:
        moves = _BRIDGE_MOVES[key] = tuple(
            Move(PLAY, (jack, *group)) for group in carried_groups(cards)
        )
    return moves


# The plays of one card alone, indexed by ``Card.index``: a Jack once per ask.
SOLO_PLAYS: Final = tuple(group_moves((c,), (c,)) for c in ALL_CARDS)
# Bit ``rank`` set: a compact set of the ranks seen so far in a hand.
_RANK_BITS: Final = tuple(1 << rank for rank in range(ACE + 1))
_JACK_BIT: Final = 1 << JACK


def play_moves(
    hand: Sequence[Card], top: Card, stack: int, demand: str | None, same_kind: bool, bridge: bool
) -> list[Move]:
    """All plays from ``hand`` now, up to orders that cannot matter.

    Plays come rank group by rank group, in the order each rank first appears
    in the hand, then the Jack bridges (``_grouped_plays``).
    """
    fitting = fit_set(top, stack, demand, same_kind)
    # Fast path: a hand holding each rank once (about half of all hands) has
    # no multi-card plays, so its plays are those of each fitting card alone,
    # in hand order. A repeated rank, or a Jack that may bridge, takes the
    # general path.
    moves: list[Move] = []
    seen = 0
    for card in hand:
        bit = _RANK_BITS[card.rank]
        if seen & bit:
            return _grouped_plays(hand, fitting, stack, bridge)
        seen |= bit
        if card in fitting:
            moves += SOLO_PLAYS[card.index]
    if bridge and seen & _JACK_BIT and not stack:
        return _grouped_plays(hand, fitting, stack, bridge)
    return moves


def _grouped_plays(
    hand: Sequence[Card], fitting: frozenset[Card], stack: int, bridge: bool
) -> list[Move]:
    groups: dict[int, list[Card]] = {}
    for card in hand:
        group = groups.get(card.rank)
        if group is None:
            groups[card.rank] = [card]
        else:
            group.append(card)
    moves: list[Move] = []
    for cards in groups.values():
        if len(cards) == 1:
            card = cards[0]
            if card in fitting:
                moves += SOLO_PLAYS[card.index]
        elif not fitting.isdisjoint(cards):
            firsts = tuple([c for c in cards if c in fitting])
            moves += group_moves(tuple(cards), firsts)
    jacks = groups.get(JACK)
    if bridge and jacks and not stack:
        # A Jack fits anything but a draw stack, so every Jack may carry a group.
        for rank, cards in groups.items():
            if rank != JACK:
                carried = tuple(cards)
                for jack in jacks:
                    moves += bridge_moves(jack, carried)
    return moves


def keep_moves(drawn: Card) -> tuple[Move, ...]:
    """Phase ``keep``: play exactly the drawn card (a Jack once per ask), or pass."""
    return KEEP_MOVES[drawn.index]


KEEP_MOVES: Final = tuple((*SOLO_PLAYS[c.index], PASS_MOVE) for c in ALL_CARDS)
