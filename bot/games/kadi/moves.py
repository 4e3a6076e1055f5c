"""Kadi's move legality: ``validate`` (one move, with a reason when illegal) and
``generate`` (every legal move of a seat, each distinct outcome once).

Both read the game's public fields; neither changes anything. ``validate``
returns a ``Plan`` that ``KadiGame.apply`` carries out without checking again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from operator import not_
from typing import TYPE_CHECKING

from bot.games.cards import (
    ACE,
    ALL_CARDS,
    JACK,
    JOKER,
    KING,
    QUEEN,
    RANK_TEXT,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    card,
)
from bot.games.core.errors import IllegalMove
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE, PASS_MOVE, Move, MoveKind
from bot.games.kadi.rules import (
    BOMB_SIZE,
    NUMBER_RANKS,
    QUESTION_RANKS,
    is_winning_hand,
    is_winning_set,
)

if TYPE_CHECKING:
    from bot.games.kadi.game import KadiGame

ACE_OF_SPADES = card("AS")

# What a play is, for apply.
ACES = "aces"
QUESTIONS = "questions"
JACKS = "jacks"
KINGS = "kings"
BOMBS = "bombs"
NUMBERS = "numbers"
CHAIN = "chain"


@dataclass(frozen=True, slots=True)
class Plan:
    """A checked move: what ``apply`` has to do."""

    kind: str
    group: str = ""
    answers: int = 0
    finish: bool = False


CALL_PLAN = Plan(MoveKind.CALL)
DRAW_PLAN = Plan(MoveKind.DRAW)
PASS_PLAN = Plan(MoveKind.PASS)
# Plans are values: the fast path hands out these instead of building new ones.
_PLANS = {
    (group, finish): Plan(MoveKind.PLAY, group, finish=finish)
    for group in (ACES, JACKS, KINGS, BOMBS, NUMBERS, CHAIN)
    for finish in (False, True)
}


@functools.cache
def question_plan(answers: int, finish: bool) -> Plan:
    return Plan(MoveKind.PLAY, QUESTIONS, answers=answers, finish=finish)


def rank_name(rank: int) -> str:
    return "Joker" if rank == JOKER else RANK_TEXT[rank]


def bomb_name(rank: int) -> str:
    return "Joker" if rank == JOKER else str(rank)


# ------------------------------------------------------------------- validate


def validate(game: KadiGame, seat: int, move: Move) -> Plan:
    """The plan for ``move`` by ``seat``; ``IllegalMove`` with one sentence if illegal."""
    listed = game.listed
    # ``id(move) in map(id, ...)`` is an identity test run in C (``in`` on the list
    # would compare unequal moves field by field in Python).
    if listed is not None and listed[0] == seat and id(move) in map(id, listed[1]):
        return plan_of_listed(game, seat, move)
    if game.is_over:
        raise IllegalMove.legacy("The match is over.")
    if not isinstance(seat, int) or not 0 <= seat < game.seats:
        raise IllegalMove.legacy(f"There is no seat {seat} at this table.")
    kind = move.kind
    if kind == MoveKind.CALL:
        _check_call(game, seat, move)
        return CALL_PLAN
    if kind not in (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS):
        raise IllegalMove.legacy(f"`{kind}` is not a Kadi move: play cards, draw, pass a skip or call.")
    if seat != game.turn:
        raise IllegalMove.legacy(f"It's not your turn: it's seat {game.turn}'s.")
    if kind != MoveKind.PLAY and (move.cards or move.asking or move.target is not None):
        raise IllegalMove.legacy(f"`{kind}` takes nothing after it.")
    if game.cardless[seat]:
        if kind == MoveKind.DRAW:
            return DRAW_PLAN
        raise IllegalMove.legacy("You have no cards: draw to get back into the round.")
    facing_skip = game.skips > 0
    if kind == MoveKind.DRAW:
        if facing_skip:
            raise IllegalMove.legacy("You're being skipped: play a Jack to pass it on, or pass to take it.")
        return DRAW_PLAN
    if kind == MoveKind.PASS:
        if not facing_skip:
            raise IllegalMove.legacy("There is no skip to take: play a card or draw.")
        return PASS_PLAN
    return _check_play(game, seat, move, facing_skip)


def plan_of_listed(game: KadiGame, seat: int, move: Move) -> Plan:
    """The plan of a move ``generate`` just listed for ``seat`` (so it is legal)."""
    kind = move.kind
    if kind == MoveKind.CALL:
        return CALL_PLAN
    if kind == MoveKind.DRAW:
        return DRAW_PLAN
    if kind == MoveKind.PASS:
        return PASS_PLAN
    if game.skips:
        return _PLANS[JACKS, False]
    cards = move.cards
    rank = cards[0].rank
    empties = len(cards) == len(game.hands[seat])
    if rank == ACE:
        return _PLANS[ACES, empties and game.rules.ace_finish and can_win(game, seat)]
    if rank in QUESTION_RANKS:
        answers = 0
        for c in cards:
            if c.rank in NUMBER_RANKS:
                answers += 1
        return question_plan(answers, bool(answers) and empties and can_win(game, seat))
    if rank == JACK:
        if cards[-1].rank != JACK:
            return _PLANS[CHAIN, True]
        return _PLANS[JACKS, False]
    if rank == KING:
        return _PLANS[KINGS, False]
    if rank in BOMB_SIZE:
        return _PLANS[BOMBS, False]
    return _PLANS[NUMBERS, empties and can_win(game, seat)]


def _check_call(game: KadiGame, seat: int, move: Move) -> None:
    if move.cards or move.asking or move.target is not None:
        raise IllegalMove.legacy("`call` takes nothing after it.")
    if game.called[seat]:
        raise IllegalMove.legacy("You have already called Niko Kadi.")
    if not is_winning_hand(game.hands[seat], game.seats - 1, game.rules.ace_finish):
        raise IllegalMove.legacy("You can only call Niko Kadi when your hand can go down in one play.")
    if game.call_window != seat:
        raise IllegalMove.legacy(
            "You can call Niko Kadi only from the end of your turn until the next player moves."
        )


def _check_play(game: KadiGame, seat: int, move: Move, facing_skip: bool) -> Plan:
    cards = move.cards
    if not cards:
        raise IllegalMove.legacy("Name the cards to play, such as `play 7H`.")
    hand = game.hands[seat]
    seen: set[Card] = set()
    for c in cards:
        if not isinstance(c, Card):
            raise IllegalMove.legacy("That is not a card.")
        if c in seen:
            raise IllegalMove.legacy(f"You named {c} twice.")
        seen.add(c)
        if c not in hand:
            raise IllegalMove.legacy(f"You don't hold {c}.")
    first = cards[0]
    if facing_skip:
        if any(c.rank != JACK for c in cards):
            raise IllegalMove.legacy("You're being skipped: only a Jack can pass it on.")
        _no_ask(move)
        return Plan(MoveKind.PLAY, JACKS)
    empties = len(cards) == len(hand)
    if first.rank == ACE:
        return _check_aces(game, seat, move, empties)
    if first.rank in QUESTION_RANKS:
        return _check_questions(game, seat, move, empties)
    if first.rank == JACK and any(c.rank != JACK for c in cards):
        return _check_chain(game, seat, move, empties)
    for c in cards[1:]:
        if c.rank != first.rank:
            raise IllegalMove.legacy(
                f"{first} and {c} don't share a rank: cards played together must be one rank "
                "(or questions and their answers)."
            )
    _no_ask(move)
    reason = first_card_problem(game, first)
    if reason:
        raise IllegalMove.legacy(reason)
    if first.rank == JACK:
        group = JACKS
    elif first.rank == KING:
        group = KINGS
    elif first.rank in BOMB_SIZE:
        group = BOMBS
    else:
        group = NUMBERS
    finish = group == NUMBERS and empties and can_win(game, seat)
    return Plan(MoveKind.PLAY, group, finish=finish)


def _no_ask(move: Move) -> None:
    if move.asking:
        raise IllegalMove.legacy("Only an Ace asks for something: drop the `ask`.")


def can_win(game: KadiGame, seat: int) -> bool:
    """``seat``'s call stands and nobody else is cardless: emptying the hand with a
    winning play now wins the round."""
    if not game.called[seat]:
        return False
    return not any(owes for s, owes in enumerate(game.cardless) if s != seat)


def first_card_problem(game: KadiGame, c: Card) -> str | None:
    """Why ``c`` can't start a play now (None if it can). Not for the skipped player."""
    if game.bomb:
        kind = game.bomb_kind
        assert kind is not None
        if c.rank == ACE or c.rank == kind:
            return None
        if c.rank in BOMB_SIZE and game.rules.bombs_answer_bombs:
            return None
        if c.rank in QUESTION_RANKS:
            return "You can't ask a question while you have a bomb to deal with."
        counter = "any bomb (2, 3 or Joker)" if game.rules.bombs_answer_bombs else f"a {bomb_name(kind)}"
        return (
            f"{c} can't answer a pick-{game.bomb}: counter with {counter}, "
            "block it with an Ace, or pick up."
        )
    if c.rank == ACE:
        return None
    if game.demand is not None:
        if c is game.demand:
            return None
        return f"{c} isn't the demanded card: play {game.demand} or an Ace, or draw."
    if game.ask_suit is not None:
        if c.rank != JOKER and c.suit == game.ask_suit:
            return None
        symbol = SUIT_SYMBOLS[game.ask_suit]
        if c.rank == JOKER:
            return f"A Joker can't go on a suit request: play a {symbol} or an Ace, or draw."
        return f"{c} isn't a {symbol}: a {symbol} was asked for (or play an Ace, or draw)."
    base = game.base
    if base.rank == JOKER:
        if c.rank == JOKER or c.colour == base.suit:
            return None
        colour = "red (♥ ♦)" if base.suit == "R" else "black (♠ ♣)"
        return f"{c} can't go on {base}: play a {colour} card, a Joker or an Ace, or draw."
    if c.rank == JOKER or c.suit == base.suit or c.rank == base.rank:
        return None
    return (
        f"{c} doesn't match {base}: play a {SUIT_SYMBOLS[base.suit]} or a "
        f"{rank_name(base.rank)}, or an Ace, or draw."
    )


def _check_aces(game: KadiGame, seat: int, move: Move, empties: bool) -> Plan:
    cards = move.cards
    for c in cards[1:]:
        if c.rank != ACE:
            raise IllegalMove.legacy(f"{cards[0]} and {c} don't share a rank: only Aces go down with an Ace.")
    finish = empties and game.rules.ace_finish and can_win(game, seat)
    asking = move.asking
    if asking:
        _check_ask_form(game, move)
    may_demand = ACE_OF_SPADES in cards or len(cards) >= 2
    if game.bomb:
        if asking and not finish:
            raise IllegalMove.legacy("An Ace on a bomb blocks it and asks for nothing: drop the `ask`.")
        return Plan(MoveKind.PLAY, ACES, finish=finish)
    if finish:
        return Plan(MoveKind.PLAY, ACES, finish=True)
    request = game.ask_suit is not None or game.demand is not None
    if not asking:
        if request:
            return Plan(MoveKind.PLAY, ACES)
        raise IllegalMove.legacy("An Ace asks for a suit: add one, such as `play AH ask S`.")
    if isinstance(move.demand, Card):
        if not may_demand:
            raise IllegalMove.legacy("Only A♠, or two or more Aces together, can demand a card.")
    elif request and ACE_OF_SPADES not in cards:
        what = "takes the number off a demand" if game.demand is not None else "cancels a suit request"
        raise IllegalMove.legacy(f"Without A♠ an Ace {what}: drop the `ask`.")
    return Plan(MoveKind.PLAY, ACES)


def _check_ask_form(game: KadiGame, move: Move) -> None:
    demand = move.demand
    if isinstance(demand, Card):
        if demand.rank == ACE:
            raise IllegalMove.legacy("An Ace can't be demanded: demand any other card.")
        if demand.rank == JOKER and game.rules.no_jokers:
            raise IllegalMove.legacy("There are no Jokers in this game.")
        if demand in game.discard:
            raise IllegalMove.legacy(
                f"{demand} lies on the discard pile, so nobody could play it: demand another card."
            )
        return
    if move.ask_suit not in SUITS:  # also Karata's ``ask special``, which Kadi has not
        raise IllegalMove.legacy("Ask for a suit (S, H, D or C) or, with A♠, a card such as KC.")


def _check_questions(game: KadiGame, seat: int, move: Move, empties: bool) -> Plan:
    cards = move.cards
    _no_ask(move)
    count = 0
    while count < len(cards) and cards[count].rank in QUESTION_RANKS:
        count += 1
    answers = cards[count:]
    reason = first_card_problem(game, cards[0])
    if reason:
        raise IllegalMove.legacy(reason)
    if answers:
        last_question, first_answer = cards[count - 1], answers[0]
        for c in answers:
            if c.rank in QUESTION_RANKS:
                raise IllegalMove.legacy(f"Questions come first, then the answers: {c} is after an answer.")
            if c.rank not in NUMBER_RANKS:
                raise IllegalMove.legacy(f"{c} can't answer a question: answers are 4, 5, 6, 7, 9 or 10.")
            if c.rank != first_answer.rank:
                raise IllegalMove.legacy(
                    f"Answers must all be one rank: {first_answer} and {c} differ."
                )
        if first_answer.suit != last_question.suit:
            symbol = SUIT_SYMBOLS[last_question.suit]
            raise IllegalMove.legacy(
                f"{first_answer} can't answer {last_question}: the first answer must be a {symbol}."
            )
    finish = bool(answers) and empties and can_win(game, seat)
    return Plan(MoveKind.PLAY, QUESTIONS, answers=len(answers), finish=finish)


def _check_chain(game: KadiGame, seat: int, move: Move, empties: bool) -> Plan:
    cards = move.cards
    _no_ask(move)
    jacks = 0
    while cards[jacks].rank == JACK:
        jacks += 1
    rest = cards[jacks:]
    if any(c.rank == JACK for c in rest):
        raise IllegalMove.legacy("In a Jack chain the Jacks come first, then the winning set.")
    if not empties:
        raise IllegalMove.legacy(
            f"{cards[0]} and {rest[0]} don't share a rank: a Jack goes down with other cards "
            "only as a Jack chain that finishes your hand."
        )
    if not game.called[seat]:
        raise IllegalMove.legacy("A Jack chain is a finish: you must have called Niko Kadi on an earlier turn.")
    for s, owes in enumerate(game.cardless):
        if owes and s != seat:
            raise IllegalMove.legacy(f"Nobody can win while seat {s} has no cards: a Jack chain must wait.")
    opponents = game.seats - 1
    if jacks != opponents:
        raise IllegalMove.legacy(f"A Jack chain needs exactly one Jack per opponent: {opponents} here.")
    if not is_winning_set(rest):
        raise IllegalMove.legacy("After the Jacks comes a winning set: one rank of 4, 5, 6, 7, 9 or 10, "
                          "alone or behind questions they answer.")
    last_jack, set_first = cards[jacks - 1], rest[0]
    if set_first.suit != last_jack.suit:
        raise IllegalMove.legacy(f"{set_first} must share the suit of the Jack before it ({last_jack}).")
    reason = first_card_problem(game, cards[0])
    if reason:
        raise IllegalMove.legacy(reason)
    questions = 0
    while questions < len(rest) and rest[questions].rank in QUESTION_RANKS:
        questions += 1
    if questions:
        answers = rest[questions:]
        if any(c.rank in QUESTION_RANKS for c in answers):
            raise IllegalMove.legacy("Questions come first, then the answers.")
        if answers[0].suit != rest[questions - 1].suit:
            symbol = SUIT_SYMBOLS[rest[questions - 1].suit]
            raise IllegalMove.legacy(
                f"{answers[0]} can't answer {rest[questions - 1]}: the first answer must be a {symbol}."
            )
    return Plan(MoveKind.PLAY, CHAIN, finish=True)


# ------------------------------------------------------------------- generate
#
# generate runs once per decision, so it avoids work in the common case: one
# pass picks the cards that may start a play (a set per situation, built once),
# a card alone of its rank is a prebuilt move, and the plays of several cards
# come from caches keyed by the cards concerned (the same few hundred groups
# recur in every game). The list keeps the order of the hand.


def generate(game: KadiGame, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now, each distinct outcome once."""
    turn = game._turn
    if seat != turn or game.match_result is not None:
        # Out of turn only a Niko Kadi call can be open to a seat.
        if (
            game.call_window == seat
            and game.match_result is None
            and not game.called[seat]
            and is_winning_hand(game.hands[seat], game.seats - 1, game.rules.ace_finish)
        ):
            return [CALL_MOVE]
        return []
    hand = game.hands[seat]
    if (
        game.call_window == seat  # two players: Kings give the turn straight back
        and not game.called[seat]
        and is_winning_hand(hand, game.seats - 1, game.rules.ace_finish)
    ):
        moves = [CALL_MOVE]
    else:
        moves = []
    if game.cardless[seat]:
        moves.append(DRAW_MOVE)
        return moves
    if game.skips:
        moves.append(PASS_MOVE)
        jacks = tuple(filter(_JACKS.__contains__, hand))
        if jacks:
            moves.extend(_group_moves(jacks, jacks))
        return moves
    moves.append(DRAW_MOVE)
    start_set = start_cards(game)
    starts = list(filter(start_set.__contains__, hand))
    if not starts:
        return moves
    grouped: list[int] = []  # ranks listed as a group (several cards, or Aces, or questions)
    winner: bool | None = None
    for c in starts:
        mates = _SIMPLE_MATES.get(c)
        if mates is not None and mates.isdisjoint(hand):
            moves.append(_SINGLE_PLAYS[c])  # the common case: one card of its rank
            continue
        rank = c.rank
        if rank in grouped:
            continue
        grouped.append(rank)
        if rank == QUEEN or rank == 8:
            continue  # both question ranks together, after the rest
        cards = tuple(filter(_RANK_CARDS[rank].__contains__, hand))
        if winner is None:
            winner = game.called[seat] and can_win(game, seat)
        if rank == ACE:
            finishing = winner and game.rules.ace_finish and len(cards) == len(hand)
            moves.extend(_without_dead_demands(_ace_moves(cards, finishing, game), game.discard))
        elif winner and rank in NUMBER_RANKS and len(cards) == len(hand):
            moves.extend(_finishing_group_moves(cards, start_set))
        else:
            moves.extend(_group_moves(cards, tuple(filter(start_set.__contains__, cards))))
    if QUEEN in grouped or 8 in grouped:
        moves.extend(_question_moves(hand, start_set))
    if game.called[seat] and any(c.rank == JACK for c in starts) and can_win(game, seat):
        chain = _chain_move(game, hand, [c for c in hand if c.rank == JACK], start_set.__contains__)
        if chain is not None:
            moves.append(chain)
    return moves


_SINGLE_PLAYS = {c: Move(MoveKind.PLAY, (c,)) for c in ALL_CARDS}
# Per card of a rank that is never listed as a group when alone (not an Ace or a
# question): the other cards of its rank, so "alone of its rank in the hand" is
# one set test run in C.
_SIMPLE_MATES = {
    c: frozenset(x for x in ALL_CARDS if x.rank == c.rank and x is not c)
    for c in ALL_CARDS
    if c.rank not in (ACE, QUEEN, 8)
}
_RANK_CARDS = {rank: frozenset(c for c in ALL_CARDS if c.rank == rank) for rank in {c.rank for c in ALL_CARDS}}
_JACKS = _RANK_CARDS[JACK]
_QUEENS = _RANK_CARDS[QUEEN]
_EIGHTS = _RANK_CARDS[8]
_NUMBER_CARDS = frozenset(c for c in ALL_CARDS if c.rank in NUMBER_RANKS)


def start_cards(game: KadiGame) -> frozenset[Card]:
    """The cards that may start a play now (those ``first_card_problem`` accepts), as
    a prebuilt set. Not for the skipped player."""
    if game.bomb:
        if game.rules.bombs_answer_bombs:
            return _ACES_AND_BOMBS
        kind = game.bomb_kind
        assert kind is not None
        return _BOMB_STARTS[kind]
    if game.demand is not None:
        return _DEMAND_STARTS[game.demand]
    if game.ask_suit is not None:
        return _SUIT_STARTS[game.ask_suit]
    return _BASE_STARTS[game.base]


def _starts(extra: Callable[[Card], bool]) -> frozenset[Card]:
    """Aces, which start a play in every situation, and the cards ``extra`` accepts."""
    return frozenset(c for c in ALL_CARDS if c.rank == ACE or extra(c))


def _on_base(base: Card) -> frozenset[Card]:
    if base.rank == JOKER:
        return _starts(lambda c: c.rank == JOKER or c.colour == base.suit)
    return _starts(lambda c: c.rank == JOKER or c.suit == base.suit or c.rank == base.rank)


def _on_demand(demand: Card) -> frozenset[Card]:
    return _starts(lambda c: c is demand)


def _on_suit(suit: str) -> frozenset[Card]:
    return _starts(lambda c: c.suit == suit and c.rank != JOKER)


def _on_bomb(kind: int) -> frozenset[Card]:
    return _starts(lambda c: c.rank == kind)


_ACES_AND_BOMBS = _starts(lambda c: c.rank in BOMB_SIZE)
_BOMB_STARTS = {kind: _on_bomb(kind) for kind in BOMB_SIZE}
_DEMAND_STARTS = {d: _on_demand(d) for d in ALL_CARDS}
_SUIT_STARTS = {s: _on_suit(s) for s in SUITS}
_BASE_STARTS = {base: _on_base(base) for base in ALL_CARDS}


def _subsets(cards: Sequence[Card]) -> list[list[Card]]:
    """Every non-empty subset, in a fixed order (shared lists: do not change them)."""
    key = tuple(cards)
    found = _SUBSETS.get(key)
    if found is None:
        found = [[c for i, c in enumerate(key) if mask >> i & 1] for mask in range(1, 1 << len(key))]
        if len(_SUBSETS) > 50_000:
            _SUBSETS.clear()
        _SUBSETS[key] = found
    return found


_SUBSETS: dict[tuple[Card, ...], list[list[Card]]] = {}


def group_plays(
    cards: Sequence[Card], legal_first: Callable[[Card], bool], *, by_last: bool
) -> list[tuple[Card, ...]]:
    """Plays of cards of one rank: every subset with a legal first card, once per
    possible last card when ``by_last`` (the last card sets the suit), else once."""
    if len(cards) == 1:
        return [(cards[0],)] if legal_first(cards[0]) else []
    legal = [c for c in cards if legal_first(c)]
    if not legal:
        return []
    out: list[tuple[Card, ...]] = []
    for subset in _subsets(cards):
        firsts = [c for c in subset if c in legal]
        if not firsts:
            continue
        if len(subset) == 1:
            out.append((subset[0],))
            continue
        lasts = subset if by_last else [subset[-1] if subset[-1] is not firsts[0] else subset[0]]
        for last in lasts:
            first = next((f for f in firsts if f is not last), None)
            if first is None:
                continue
            middle = [c for c in subset if c is not first and c is not last]
            out.append((first, *middle, last))
    return out


def _group_moves(cards: tuple[Card, ...], legal: tuple[Card, ...]) -> list[Move]:
    """The plays of ``cards`` (one rank, in hand order) starting with one of ``legal``
    (cached: do not change the list)."""
    key = (cards, legal)
    found = _GROUP_MOVES.get(key)
    if found is None:
        found = [Move(MoveKind.PLAY, p) for p in group_plays(cards, legal.__contains__, by_last=True)]
        _GROUP_MOVES[key] = found
    return found


_GROUP_MOVES: dict[tuple[tuple[Card, ...], tuple[Card, ...]], list[Move]] = {}


def _finishing_group_moves(cards: tuple[Card, ...], start_set: frozenset[Card]) -> list[Move]:
    """Like ``_group_moves`` for a whole hand of one number rank after a call: the
    finish ends the round, so its last card does not matter and it is listed once."""
    moves: list[Move] = []
    listed_finish = False
    for p in group_plays(cards, start_set.__contains__, by_last=True):
        if len(p) == len(cards):
            if listed_finish:
                continue
            listed_finish = True
        moves.append(Move(MoveKind.PLAY, p))
    return moves


def _without_dead_demands(plays: tuple[list[Move], list[object]], discard: list[Card]) -> list[Move]:
    """Leave out demands of a card on the discard pile: nobody could ever play it, and
    with the Aces on top of it kept out of reshuffles the round could stall for good.

    ``plays`` is a cached list of Ace moves and, in step, what each demands; the
    filter runs in C (an Ace play lists up to a few hundred moves)."""
    moves, asks = plays
    return list(compress(moves, map(not_, map(set(discard).__contains__, asks))))


def _ace_moves(aces: tuple[Card, ...], finishing: bool, game: KadiGame) -> tuple[list[Move], list[object]]:
    """Every play of ``aces`` (in hand order) with every ask it may make, and what
    each asks; ``finishing`` when all of them are the whole hand and win (cached: do
    not change the lists)."""
    request = game.ask_suit is not None or game.demand is not None
    key = (aces, finishing, bool(game.bomb), request, game.rules.no_jokers)
    found = _ACE_MOVES.get(key)
    if found is not None:
        return found
    moves: list[Move] = []
    for subset in _subsets(aces):
        if finishing and len(subset) == len(aces):
            moves.append(Move(MoveKind.PLAY, tuple(subset)))
            continue
        if game.bomb:
            moves.extend(Move(MoveKind.PLAY, p) for p in group_plays(subset, _always, by_last=True)
                         if len(p) == len(subset))
            continue
        play = tuple(subset)
        if request:
            moves.append(Move(MoveKind.PLAY, play))
        if not request or ACE_OF_SPADES in subset:
            moves.extend(_asking_moves(play, None))
        if ACE_OF_SPADES in subset or len(subset) >= 2:
            moves.extend(_asking_moves(play, game.rules.no_jokers))
    found = _ACE_MOVES[key] = (moves, [m.demand for m in moves])
    return found


_ACE_MOVES: dict[tuple[tuple[Card, ...], bool, bool, bool, bool], tuple[list[Move], list[object]]] = {}


def _always(_: Card) -> bool:
    return True


def _asking_moves(play: tuple[Card, ...], no_jokers: bool | None) -> list[Move]:
    """Aces asking for each suit (``no_jokers`` None) or demanding each card."""
    if no_jokers is None:
        return [Move(MoveKind.PLAY, play, ask_suit=suit) for suit in SUITS]
    return [
        Move(MoveKind.PLAY, play, demand=d)
        for d in ALL_CARDS
        if d.rank != ACE and not (no_jokers and d.rank == JOKER)
    ]


def _question_moves(hand: list[Card], start_set: frozenset[Card]) -> list[Move]:
    """Questions then answers: one move per (questions laid, last question when
    unanswered) and per (questions laid, answers laid, last answer).

    Cached in two parts, which recur far more often than whole hands: per
    questions held (and which may start), the heads each set of questions laid
    can make; per heads and number group held, the answered plays."""
    questions = tuple(filter(_QUEENS.__contains__, hand)) + tuple(filter(_EIGHTS.__contains__, hand))
    key = (questions, tuple(filter(start_set.__contains__, questions)))
    head_sets = _QUESTION_HEADS.get(key)
    if head_sets is None:
        if len(_QUESTION_HEADS) >= 20_000:
            _QUESTION_HEADS.clear()
            _ANSWERED.clear()
        head_sets = _QUESTION_HEADS[key] = _question_heads(questions, key[1])
    numbers: dict[int, list[Card]] = {}  # per number rank, in the order of the hand
    for c in filter(_NUMBER_CARDS.__contains__, hand):
        if c.rank in numbers:
            numbers[c.rank].append(c)
        else:
            numbers[c.rank] = [c]
    groups = [tuple(cards) for cards in numbers.values()]
    moves: list[Move] = []
    for head_set in head_sets:
        moves.extend(head_set.unanswered)
        answered = head_set.answered
        # Every head set meets every group: look them all up in C, filling misses first.
        if not all(map(answered.__contains__, groups)):
            for group in groups:
                if group not in answered:
                    answered[group] = _answered_moves(head_set.by_last_suit, group)
        moves.extend(chain.from_iterable(map(answered.__getitem__, groups)))
    return moves


@dataclass(frozen=True, slots=True)
class _HeadSet:
    """One set of questions laid: its unanswered plays (one per possible last
    question), per suit of the last question the first such order (which the
    answers follow), and the answered plays per number group met so far (one
    table for all head sets with the same ``by_last_suit``)."""

    unanswered: list[Move]
    by_last_suit: dict[str, tuple[Card, ...]]
    answered: dict[tuple[Card, ...], list[Move]]


_QUESTION_HEADS: dict[tuple[tuple[Card, ...], tuple[Card, ...]], list[_HeadSet]] = {}
# Per ``by_last_suit`` of a head set, per number group: the answered plays.
_ANSWERED: dict[tuple[tuple[str, tuple[Card, ...]], ...], dict[tuple[Card, ...], list[Move]]] = {}


def _question_heads(questions: tuple[Card, ...], legal: tuple[Card, ...]) -> list[_HeadSet]:
    out: list[_HeadSet] = []
    for subset in _subsets(questions):
        firsts = [c for c in subset if c in legal]
        if not firsts:
            continue
        # The possible last questions: any card that is not the only legal first.
        heads: dict[str, tuple[Card, ...]] = {}
        unanswered: list[Move] = []
        for last in subset:
            if len(subset) > 1 and not any(f is not last for f in firsts):
                continue
            head = _question_order(subset, firsts, last)
            unanswered.append(_play_move(head))
            heads.setdefault(last.suit, head)
        answered = _ANSWERED.setdefault(tuple(heads.items()), {})
        out.append(_HeadSet(unanswered, heads, answered))
    return out


def _answered_moves(heads: dict[str, tuple[Card, ...]], group: tuple[Card, ...]) -> list[Move]:
    """The answered plays of one set of questions with answers from ``group`` (one
    number rank): per answer set and last answer, the first suit a head ends in."""
    moves: list[Move] = []
    for by_suit in _answer_tails(group):
        for suit, tail in by_suit:
            head = heads.get(suit)
            if head is not None:
                moves.append(_play_move(head + tail))
                break
    return moves


@functools.cache
def _answer_tails(group: tuple[Card, ...]) -> list[tuple[tuple[str, tuple[Card, ...]], ...]]:
    """Per answer set of ``group`` and last answer: the orders it can be laid in, one
    per suit of the first answer (which must match the last question)."""
    out: list[tuple[tuple[str, tuple[Card, ...]], ...]] = []
    for answers in _subsets(group):
        if len(answers) == 1:
            out.append(((answers[0].suit, (answers[0],)),))
            continue
        for a_last in answers:
            by_suit: dict[str, tuple[Card, ...]] = {}
            for a_first in answers:
                if a_first is not a_last and a_first.suit not in by_suit:
                    middle = [a for a in answers if a is not a_first and a is not a_last]
                    by_suit[a_first.suit] = (a_first, *middle, a_last)
            out.append(tuple(by_suit.items()))
    return out


_MOVE_SLOTS = [getattr(Move, name).__set__ for name in ("kind", "cards", "ask_suit", "demand", "target")]


def _play_move(cards: tuple[Card, ...]) -> Move:
    """``Move(MoveKind.PLAY, cards)`` without the frozen dataclass ``__init__``, which costs
    twice as much: question plays are built by the thousand."""
    move: Move = object.__new__(Move)
    set_kind, set_cards, set_ask_suit, set_demand, set_target = _MOVE_SLOTS
    set_kind(move, MoveKind.PLAY)
    set_cards(move, cards)
    set_ask_suit(move, None)
    set_demand(move, None)
    set_target(move, None)
    return move


def _question_order(subset: list[Card], firsts: list[Card], last: Card) -> tuple[Card, ...]:
    if len(subset) == 1:
        return (last,)
    first = next(f for f in firsts if f is not last)
    return (first, *(q for q in subset if q is not first and q is not last), last)


def _chain_move(
    game: KadiGame, hand: list[Card], jacks: list[Card], legal_first: Callable[[Card], bool]
) -> Move | None:
    """The one Jack-chain finish of this hand, if it can go down now."""
    rest = [c for c in hand if c.rank != JACK]
    if len(jacks) != game.seats - 1 or not rest or not is_winning_set(rest):
        return None
    questions = [c for c in rest if c.rank in QUESTION_RANKS]
    numbers = [c for c in rest if c.rank in NUMBER_RANKS]
    for first_jack in (j for j in jacks if legal_first(j)):
        for last_jack in jacks:
            if last_jack is first_jack and len(jacks) > 1:
                continue
            set_order = _set_order(questions, numbers, last_jack.suit)
            if set_order is None:
                continue
            middle = [j for j in jacks if j is not first_jack and j is not last_jack]
            order = (first_jack,) if len(jacks) == 1 else (first_jack, *middle, last_jack)
            return Move(MoveKind.PLAY, order + set_order)
    return None


def _set_order(questions: list[Card], numbers: list[Card], suit: str) -> tuple[Card, ...] | None:
    """The winning set laid starting with a card of ``suit``, if it can be."""
    if not questions:
        first = next((c for c in numbers if c.suit == suit), None)
        if first is None:
            return None
        return (first, *(c for c in numbers if c is not first))
    answer_suits = {c.suit: c for c in numbers}
    for first in (q for q in questions if q.suit == suit):
        for last in questions:
            if (last is first) != (len(questions) == 1) or last.suit not in answer_suits:
                continue
            a_first = answer_suits[last.suit]
            middle = [q for q in questions if q is not first and q is not last]
            qs = (first,) if len(questions) == 1 else (first, *middle, last)
            return (*qs, a_first, *(c for c in numbers if c is not a_first))
    return None

