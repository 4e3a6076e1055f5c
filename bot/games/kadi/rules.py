"""Kadi's rule set (house-rule switches) and the shape of a winning hand.

The rule text is docs/rules/sources/000_350564ffa933c691.txt, completed by
docs/rules/decisions.md ("All games" and "Kadi (000)"); the players'
page is docs/rules/kadi.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar, Final

from bot.games.cards import ACE, ALL_CARDS, JACK, JOKER, KING, QUEEN, Card
from bot.games.core.rules import Rules, rule_words

NUMBER_RANKS: Final = frozenset({4, 5, 6, 7, 9, 10})
"""Plain number cards: the only starting cards, answers and winning sets."""
QUESTION_RANKS: Final = frozenset({QUEEN, 8})
BOMB_SIZE: Final = {2: 2, 3: 3, JOKER: 5}
"""The bombs (pick-up cards) by rank, and how many cards each makes the next player pick up."""


class Direction(StrEnum):
    """The direction of play from round 2 on (round 1 is always clockwise)."""

    CLOCKWISE = "clockwise"  # to the next seat number
    ANTICLOCKWISE = "anticlockwise"


class PlayKind(StrEnum):
    """What a play is, by its cards: each kind has its own effect (effects.py)."""

    NUMBERS = "numbers"  # one rank of 4, 5, 6, 7, 9 or 10
    QUESTIONS = "questions"  # Queens and 8s, then maybe their answers
    ACES = "aces"  # asking for a suit, demanding a card, cancelling, blocking a bomb
    JACKS = "jacks"  # a jump
    KINGS = "kings"  # kickbacks
    BOMBS = "bombs"  # 2s, 3s or Jokers: a pick-up
    CHAIN = "chain"  # Jacks, then a winning set: only as a finish


def play_kind(cards: Sequence[Card]) -> PlayKind:
    """The kind of a play, told by its cards (the play is known to be legal)."""
    first = cards[0].rank
    if first == ACE:
        return PlayKind.ACES
    if first in QUESTION_RANKS:
        return PlayKind.QUESTIONS
    if first == JACK:
        return PlayKind.JACKS if all(c.rank == JACK for c in cards) else PlayKind.CHAIN
    if first == KING:
        return PlayKind.KINGS
    if first in BOMB_SIZE:
        return PlayKind.BOMBS
    return PlayKind.NUMBERS


@dataclass(frozen=True)
class KadiRules(Rules):
    """The standard game with every switch off; a host changes single fields.

    ``deal`` is 3 or 4 (5 only with ``deal_5``); ``rounds`` is the length of the
    match; ``later_direction`` is the direction of play from round 2 on.
    """

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"standard": {}}

    deal: int = 4
    punishment_accumulates: bool = False
    bombs_answer_bombs: bool = False
    forgotten_call_costs_a_card: bool = False
    ace_finish: bool = False
    no_jokers: bool = False
    deal_5: bool = False
    rounds: int = 1
    later_direction: Direction = Direction.CLOCKWISE

    def __post_init__(self) -> None:
        allowed = (3, 4, 5) if self.deal_5 else (3, 4)
        if self.deal not in allowed:
            extra = "" if self.deal_5 else " (5 needs the Deal 5 switch)"
            raise ValueError(f"Kadi deals 3 or 4 cards{extra}, not {self.deal!r}")
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 50:
            raise ValueError(f"a match has 1 to 50 rounds, not {self.rounds!r}")
        if self.later_direction not in tuple(Direction):
            raise ValueError(f"direction is clockwise or anticlockwise, not {self.later_direction!r}")
        # Saved rules hold the plain string: keep the enum member.
        object.__setattr__(self, "later_direction", Direction(self.later_direction))

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> KadiRules:
        """``/kadi new``'s words: ``deal`` (5 turns the Deal 5 switch on, which is what
        lets Kadi deal five), ``rounds``, ``direction`` (of play from round 2 on) and each
        house-rule switch by its name."""
        words = rule_words(options)
        if "direction" in words:
            words["later_direction"] = words.pop("direction")
        if words.get("deal") == 5:
            words["deal_5"] = True
        return cls.from_dict(words)


def is_winning_set(cards: Sequence[Card]) -> bool:
    """One rank of number cards, alone or behind question cards that one of them answers."""
    number_rank = 0
    question_suits: set[str] = set()
    answer_suits: set[str] = set()
    for c in cards:
        if c.rank in NUMBER_RANKS:
            if number_rank and c.rank != number_rank:
                return False
            number_rank = c.rank
            answer_suits.add(c.suit)
        elif c.rank in QUESTION_RANKS:
            question_suits.add(c.suit)
        else:
            return False
    if not number_rank:
        return False
    return not question_suits or bool(question_suits & answer_suits)


def set_can_start_with(cards: Sequence[Card], suit: str) -> bool:
    """Whether the winning set ``cards`` can be laid starting with a card of ``suit``
    (a Jack chain's set starts in the suit of the last Jack)."""
    questions = [c for c in cards if c.rank in QUESTION_RANKS]
    answer_suits = {c.suit for c in cards if c.rank in NUMBER_RANKS}
    if not questions:
        return suit in answer_suits
    for first in questions:
        if first.suit != suit:
            continue
        if len(questions) == 1:
            return first.suit in answer_suits
        if any(q is not first and q.suit in answer_suits for q in questions):
            return True
    return False


def is_jack_chain(cards: Sequence[Card], opponents: int) -> bool:
    """Exactly one Jack per opponent plus a winning set, laid so that the set's first
    card shares the suit of the last Jack (rules-decisions, "A Jack chain finish")."""
    jacks = [c for c in cards if c.rank == JACK]
    rest = [c for c in cards if c.rank != JACK]
    if len(jacks) != opponents or not rest or not is_winning_set(rest):
        return False
    return any(set_can_start_with(rest, suit) for suit in {j.suit for j in jacks})


NEVER_IN_A_WINNING_HAND: Final = frozenset(
    c for c in ALL_CARDS if c.rank not in NUMBER_RANKS | QUESTION_RANKS | {ACE, JACK}
)
"""2s, 3s, Kings and Jokers: a hand holding one of them can never go down as a finish."""


def is_winning_hand(cards: Sequence[Card], opponents: int, ace_finish: bool) -> bool:
    """Cards that can all go down together in one play, as a finish."""
    if not cards or not NEVER_IN_A_WINNING_HAND.isdisjoint(cards):
        return False
    if ace_finish and all(c.rank == ACE for c in cards):
        return True
    return is_winning_set(cards) or is_jack_chain(cards, opponents)


@lru_cache(maxsize=32)
def winning_hands(cards: frozenset[Card], size: int, opponents: int, ace_finish: bool) -> tuple[tuple[Card, ...], ...]:
    """Every hand of ``size`` cards from ``cards`` that ``is_winning_hand``, each once:
    the hands a seat the table saw could go down in one play may hold (the searching
    player deals one of them; the unseen cards are the same for every deal of one
    decision, hence the cache). Built by shape, not by trying every subset: a number
    rank with questions, behind one Jack per opponent (a chain) or none; Aces alone."""
    numbers: dict[int, list[Card]] = {}
    questions: list[Card] = []
    jacks: list[Card] = []
    aces: list[Card] = []
    for c in sorted(cards, key=lambda c: c.index):
        if c.rank in NUMBER_RANKS:
            numbers.setdefault(c.rank, []).append(c)
        elif c.rank in QUESTION_RANKS:
            questions.append(c)
        elif c.rank == JACK:
            jacks.append(c)
        elif c.rank == ACE:
            aces.append(c)
    out: list[tuple[Card, ...]] = []
    if ace_finish:
        out.extend(combinations(aces, size))
    chains: list[tuple[Card, ...]] = [()]
    if opponents < size:
        chains.extend(combinations(jacks, opponents))
    for chain in chains:
        rest = size - len(chain)
        for same_rank in numbers.values():
            for count in range(1, min(rest, len(same_rank)) + 1):
                for answers in combinations(same_rank, count):
                    for asked in combinations(questions, rest - count):
                        hand = (*chain, *asked, *answers)
                        if is_winning_hand(hand, opponents, ace_finish):
                            out.append(hand)
    return tuple(out)
