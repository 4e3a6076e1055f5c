"""Every legal move of a Kadi seat: ``legal_moves(state, seat)``.

Each distinct outcome is listed once (docs/engine/kadi.md, "Moves"): inside a play
of one rank only the first card (it must be legal) and the last (it sets the suit)
matter, so one order is listed per first-and-last choice that can differ; Aces are
listed once per set of Aces and what they ask; a finish, which ends the round, once.
Which cards may start a play is ``legality.can_start``'s answer, so the
list and ``check`` cannot disagree.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from bot.games.cards import ACE, ALL_CARDS, JACK, JOKER, QUEEN, SUITS, Card
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE, PASS_MOVE, Move, MoveKind
from bot.games.kadi.legality import ACE_OF_SPADES, can_start
from bot.games.kadi.rules import NUMBER_RANKS, QUESTION_RANKS, is_winning_set
from bot.games.kadi.state import KadiState, can_win, may_call, opponents


def legal_moves(state: KadiState, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now, each distinct outcome once, in the order of the hand."""
    # A Niko Kadi call, out of turn or (two players: Kings give the turn straight back) in it.
    moves = [CALL_MOVE] if may_call(state, seat) else []
    if seat != state.turn or state.is_over:
        return moves
    hand = state.hands[seat]
    if state.owes[seat]:
        moves.append(DRAW_MOVE)  # the draw back in is the only move
        return moves
    if state.skips:
        moves.append(PASS_MOVE)
        jacks = [c for c in hand if c.rank == JACK]
        moves.extend(Move(MoveKind.PLAY, cards) for cards in same_rank_plays(jacks, jacks))
        return moves
    moves.append(DRAW_MOVE)
    starters = [c for c in hand if can_start(state, c)]
    starter_set = set(starters)
    by_rank = cards_by_rank(hand)
    listed_ranks: set[int] = set()
    for c in starters:
        rank = c.rank
        if rank in listed_ranks:
            continue
        same_rank = by_rank[rank]
        if len(same_rank) == 1 and rank != ACE and rank not in QUESTION_RANKS:
            moves.append(Move(MoveKind.PLAY, (c,)))
            continue
        listed_ranks.add(rank)
        if rank in QUESTION_RANKS:
            continue  # Queens and 8s go together, after the rest
        if rank == ACE:
            moves.extend(ace_plays(state, seat, same_rank))
        elif rank in NUMBER_RANKS and len(same_rank) == len(hand) and can_win(state, seat):
            moves.extend(finishing_plays(same_rank, starter_set))
        else:
            legal_firsts = [x for x in same_rank if x in starter_set]
            moves.extend(Move(MoveKind.PLAY, cards) for cards in same_rank_plays(same_rank, legal_firsts))
    if QUEEN in listed_ranks or 8 in listed_ranks:
        moves.extend(question_plays(by_rank, starter_set))
    if JACK in by_rank and any(c in starter_set for c in by_rank[JACK]) and can_win(state, seat):
        chain = jack_chain_play(state, hand, starter_set)
        if chain is not None:
            moves.append(chain)
    return moves


def cards_by_rank(hand: Sequence[Card]) -> dict[int, list[Card]]:
    """The hand's cards per rank, each rank's in the order of the hand (ranks in the
    order they first appear)."""
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        if c.rank in by_rank:
            by_rank[c.rank].append(c)
        else:
            by_rank[c.rank] = [c]
    return by_rank


def subsets(cards: Sequence[Card]) -> Iterator[list[Card]]:
    """Every non-empty subset of ``cards``, each in the order of ``cards``."""
    for mask in range(1, 1 << len(cards)):
        yield [c for i, c in enumerate(cards) if mask >> i & 1]


def same_rank_plays(cards: Sequence[Card], legal_firsts: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Plays of cards of one rank: every subset holding a legal first card, once per
    card that can be laid last (the last card sets the suit)."""
    out: list[tuple[Card, ...]] = []
    for subset in subsets(cards):
        firsts = [c for c in subset if c in legal_firsts]
        if not firsts:
            continue
        if len(subset) == 1:
            out.append((subset[0],))
            continue
        for last in subset:
            first = next((f for f in firsts if f is not last), None)
            if first is not None:
                out.append(_ordered(subset, first, last))
    return out


def _ordered(cards: Sequence[Card], first: Card, last: Card) -> tuple[Card, ...]:
    """``first``, the rest of ``cards`` in their order, then ``last``."""
    middle = [c for c in cards if c is not first and c is not last]
    return (first, *middle, last)


def finishing_plays(cards: Sequence[Card], starters: Collection[Card]) -> list[Move]:
    """The plays of a whole hand of one number rank after a call: as ``same_rank_plays``,
    but the finish ends the round, so its last card does not matter: listed once."""
    moves: list[Move] = []
    listed_finish = False
    for order in same_rank_plays(cards, [c for c in cards if c in starters]):
        if len(order) == len(cards):
            if listed_finish:
                continue
            listed_finish = True
        moves.append(Move(MoveKind.PLAY, order))
    return moves


def ace_plays(state: KadiState, seat: int, aces: Sequence[Card]) -> list[Move]:
    """Every play of ``aces`` (in the order of the hand) with everything it may ask."""
    request = state.ask_suit is not None or state.demand is not None
    finishing = can_win(state, seat) and state.rules.ace_finish and len(aces) == len(state.hands[seat])
    moves: list[Move] = []
    for subset in subsets(aces):
        cards = tuple(subset)
        if finishing and len(cards) == len(aces):
            moves.append(Move(MoveKind.PLAY, cards))  # the finish asks nothing
            continue
        if state.pick_up:
            # Blocking asks nothing; the last Ace becomes the card to match.
            orders = same_rank_plays(cards, cards)
            moves.extend(Move(MoveKind.PLAY, order) for order in orders if len(order) == len(cards))
            continue
        if request:
            moves.append(Move(MoveKind.PLAY, cards))  # cancelling it, or taking the number off a demand
        if not request or ACE_OF_SPADES in cards:
            moves.extend(Move(MoveKind.PLAY, cards, ask_suit=suit) for suit in SUITS)
        if ACE_OF_SPADES in cards or len(cards) >= 2:
            moves.extend(Move(MoveKind.PLAY, cards, demand=d) for d in demandable(state))
    return moves


def demandable(state: KadiState) -> list[Card]:
    """The cards Aces may demand now (``legality._check_ask``): any but an Ace (and a
    Joker without Jokers), and not the card the Aces are laid on."""
    return [
        c
        for c in ALL_CARDS
        if c.rank != ACE and not (state.rules.no_jokers and c.rank == JOKER) and c is not state.base
    ]


def question_plays(by_rank: dict[int, list[Card]], starters: Collection[Card]) -> list[Move]:
    """Questions, then maybe answers: per set of questions laid, one unanswered play per
    possible last question, then the answered plays, per number rank held, per set of
    answers and last answer (the first answer has the suit of the last question)."""
    questions = by_rank.get(QUEEN, []) + by_rank.get(8, [])
    # Per number rank held (in the order of the hand), the orders its answers can take.
    answers = [answer_orders(cards) for rank, cards in by_rank.items() if rank in NUMBER_RANKS]
    moves: list[Move] = []
    for subset in subsets(questions):
        firsts = [q for q in subset if q in starters]
        if not firsts:
            continue
        heads: dict[str, tuple[Card, ...]] = {}  # per suit of the last question, the first order found
        for last in subset:
            if len(subset) > 1 and not any(f is not last for f in firsts):
                continue  # the only legal first card cannot also be the last
            head = (last,) if len(subset) == 1 else _ordered(subset, next(f for f in firsts if f is not last), last)
            moves.append(Move(MoveKind.PLAY, head))
            heads.setdefault(last.suit, head)
        for rank_orders in answers:
            for orders in rank_orders:
                # The first of these orders whose first answer a head's last question takes.
                for suit, tail in orders:
                    if suit in heads:
                        moves.append(Move(MoveKind.PLAY, heads[suit] + tail))
                        break
    return moves


def answer_orders(numbers: Sequence[Card]) -> list[list[tuple[str, tuple[Card, ...]]]]:
    """Per set of answers from ``numbers`` (one rank) and per last answer: the orders it
    can be laid in, one per suit of the first answer, as (that suit, the order)."""
    out: list[list[tuple[str, tuple[Card, ...]]]] = []
    for answers in subsets(numbers):
        if len(answers) == 1:
            out.append([(answers[0].suit, (answers[0],))])
            continue
        for last in answers:
            by_suit: dict[str, tuple[Card, ...]] = {}
            for first in answers:
                if first is not last and first.suit not in by_suit:
                    by_suit[first.suit] = _ordered(answers, first, last)
            out.append(list(by_suit.items()))
    return out


def jack_chain_play(state: KadiState, hand: Sequence[Card], starters: Collection[Card]) -> Move | None:
    """The one Jack-chain finish of this hand, if it can go down now: the Jacks (the
    first legal on the pile), then the winning set, starting in the last Jack's suit."""
    jacks = [c for c in hand if c.rank == JACK]
    rest = [c for c in hand if c.rank != JACK]
    if len(jacks) != opponents(state) or not rest or not is_winning_set(rest):
        return None
    questions = [c for c in rest if c.rank in QUESTION_RANKS]
    numbers = [c for c in rest if c.rank in NUMBER_RANKS]
    for first_jack in (j for j in jacks if j in starters):
        for last_jack in jacks:
            if last_jack is first_jack and len(jacks) > 1:
                continue
            set_order = _winning_set_order(questions, numbers, last_jack.suit)
            if set_order is None:
                continue
            order = (first_jack,) if len(jacks) == 1 else _ordered(jacks, first_jack, last_jack)
            return Move(MoveKind.PLAY, order + set_order)
    return None


def _winning_set_order(questions: list[Card], numbers: list[Card], suit: str) -> tuple[Card, ...] | None:
    """The winning set laid starting with a card of ``suit``, if it can be."""
    if not questions:
        first = next((c for c in numbers if c.suit == suit), None)
        if first is None:
            return None
        return (first, *(c for c in numbers if c is not first))
    answer_of_suit = {c.suit: c for c in numbers}
    for first in (q for q in questions if q.suit == suit):
        for last in questions:
            if (last is first) != (len(questions) == 1) or last.suit not in answer_of_suit:
                continue
            answer = answer_of_suit[last.suit]
            head = (first,) if len(questions) == 1 else _ordered(questions, first, last)
            return (*head, answer, *(c for c in numbers if c is not answer))
    return None
