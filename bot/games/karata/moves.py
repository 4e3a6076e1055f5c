"""Which cards may go down now: the matching rule and the enumeration of plays.

Kept apart from the engine's bookkeeping so that both ``legal_moves`` and
``check`` use one definition of "this card fits" (docs/engine/karata.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final

from bot.games.cards import ACE, ALL_CARDS, JACK, JOKER, SUITS, Card
from bot.games.core.moves import PASS_MOVE, Demand, Move, MoveKind

SPECIAL_RANKS: Final = frozenset({2, 7, 8, JACK, JOKER})
# What a Jack may ask: each suit, then a special card, as (ask_suit, demand).
JACK_ASKS: Final[tuple[tuple[str | None, Demand | None], ...]] = (
    *((suit, None) for suit in SUITS),
    (None, Demand.SPECIAL),
)


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
        if demand == Demand.SPECIAL:
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
                built.extend(Move(MoveKind.PLAY, group, suit, demand) for suit, demand in JACK_ASKS)
            else:
                built.append(Move(MoveKind.PLAY, group))
        moves = _GROUP_MOVES[key] = tuple(built)
    return moves


def bridge_moves(jack: Card, cards: tuple[Card, ...]) -> tuple[Move, ...]:
    """The bridges of ``jack`` carrying cards of one rank group."""
    key = (jack, cards)
    moves = _BRIDGE_MOVES.get(key)
    if moves is None:
        moves = _BRIDGE_MOVES[key] = tuple(
            Move(MoveKind.PLAY, (jack, *group)) for group in carried_groups(cards)
        )
    return moves


# The plays of one card alone, indexed by ``Card.index``: a Jack once per ask.
SOLO_PLAYS: Final = tuple(group_moves((c,), (c,)) for c in ALL_CARDS)
_NO_RANKS: Final = (0,) * (ACE + 1)  # a count per rank (Joker 0 .. Ace 14), all zero


def play_moves(
    hand: Sequence[Card], top: Card, stack: int, demand: str | None, same_kind: bool, bridge: bool
) -> list[Move]:
    """All plays from ``hand`` now, up to orders that cannot matter.

    Plays come rank group by rank group, in the order each rank first appears
    in the hand (a group is every card of its rank; it has plays when one of
    them fits), then the Jack bridges: each Jack carrying each other group.
    """
    return hand_plays(hand, fit_set(top, stack, demand, same_kind), bridge and not stack)


def hand_plays(hand: Sequence[Card], fitting: frozenset[Card], may_bridge: bool) -> list[Move]:
    """``play_moves`` for the set of cards that fit now; ``may_bridge``: the
    Jack bridge is on and no stack is pending."""
    if fitting.isdisjoint(hand):
        return []  # nothing fits: no Jack is held either, or a stack is pending
    # One walk over the hand: the cards held per rank, and the fitting cards
    # in hand order. Usually each fitting card is alone of its rank and no Jack
    # may bridge: then the plays are those of each fitting card by itself.
    held = list(_NO_RANKS)
    fit: list[Card] = []
    for card in hand:
        held[card.rank] += 1
        if card in fitting:
            fit.append(card)
    if may_bridge and held[JACK]:
        return _plays_with_bridges(hand, fitting)
    moves: list[Move] = []
    for card in fit:
        if held[card.rank] > 1:
            return _grouped_plays(hand, fitting, held, fit)
        moves += SOLO_PLAYS[card.index]
    return moves


def _grouped_plays(
    hand: Sequence[Card], fitting: frozenset[Card], held: list[int], fit: list[Card]
) -> list[Move]:
    """``hand_plays`` when a fitting card has rank mates in the hand."""
    pending = [False] * len(held)  # ranks with a fitting card, not laid out yet
    for card in fit:
        pending[card.rank] = True
    moves: list[Move] = []
    for card in hand:
        rank = card.rank
        if not pending[rank]:
            continue
        pending[rank] = False
        if held[rank] == 1:
            moves += SOLO_PLAYS[card.index]
            continue
        # Explicit loops and an inline cache look-up: this runs on about a
        # quarter of all decisions, and comprehensions and calls cost more.
        group: list[Card] = []
        firsts: list[Card] = []
        for mate in hand:
            if mate.rank == rank:
                group.append(mate)
                if mate in fitting:
                    firsts.append(mate)
        key = (tuple(group), tuple(firsts))
        found = _GROUP_MOVES.get(key)
        moves += found if found is not None else group_moves(*key)
    return moves


def _plays_with_bridges(hand: Sequence[Card], fitting: frozenset[Card]) -> list[Move]:
    """``hand_plays`` when a Jack may bridge (no stack pending): every group counts."""
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
            moves += group_moves(tuple(cards), tuple([c for c in cards if c in fitting]))
    jacks = groups[JACK]
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
