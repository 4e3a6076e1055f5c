"""Cards, decks and the card notation every game shares.

A card is one of 54 singletons (52 suited cards and two Jokers). Because each
card exists exactly once in memory, equality and hashing are identity, which
keeps the engines' inner loops cheap; copying or unpickling a card returns the
same singleton.

Notation (docs/engine.md, docs/rules/decisions.md): rank ``A 2..10 J Q K``
(``T`` for 10), suit ``S H D C`` or ``♠ ♥ ♦ ♣``, any case: ``QS``, ``q♠``,
``10h``, ``Th``. Jokers: ``JKR`` / ``JKB``, ``🃏R`` / ``🃏B``, ``red joker`` /
``black joker``. Several cards are separated by spaces or commas.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, TypeAlias

# Suits are plain one-letter strings: cheap to compare and hash, and already JSON.
Suit: TypeAlias = str  # S H D C
SPADES: Final = "S"
HEARTS: Final = "H"
DIAMONDS: Final = "D"
CLUBS: Final = "C"
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_SYMBOLS: Final = {SPADES: "♠", HEARTS: "♥", DIAMONDS: "♦", CLUBS: "♣"}
SUIT_NAMES: Final = {SPADES: "spades", HEARTS: "hearts", DIAMONDS: "diamonds", CLUBS: "clubs"}
RED_SUITS: Final = frozenset({HEARTS, DIAMONDS})
BLACK_SUITS: Final = frozenset({SPADES, CLUBS})

# Ranks are ints so that Donkey can compare them directly (2 low, Ace high).
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
JOKER: Final = 0  # the rank of both Jokers
RANKS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE)
RANK_TEXT: Final = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}

# A Joker's "suit" is its colour.
RED: Final = "R"
BLACK: Final = "B"


class Card:
    """One playing card. Never construct one: use the module's singletons."""

    __slots__ = ("code", "index", "rank", "suit")

    rank: int
    suit: str  # S H D C, or R / B (the colour) for a Joker
    code: str  # canonical notation: "QS", "10H", "JKR"
    index: int  # 0..53, a stable order for sorting and compact encodings

    def __init__(self, rank: int, suit: str, index: int) -> None:
        self.rank = rank
        self.suit = suit
        self.index = index
        self.code = ("JK" + suit) if rank == JOKER else RANK_TEXT[rank] + suit

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def colour(self) -> str:
        """``R`` or ``B``: the colour of a suit, or a Joker's own colour."""
        if self.rank == JOKER:
            return self.suit
        return RED if self.suit in RED_SUITS else BLACK

    @property
    def symbol(self) -> str:
        """The text players see: ``Q♠``, ``10♥``, ``🃏R``."""
        if self.rank == JOKER:
            return "🃏" + self.suit
        return RANK_TEXT[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.symbol

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    # Singletons survive copy, deepcopy and pickle.
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.code,))


def _build() -> tuple[tuple[Card, ...], dict[str, Card]]:
    cards: list[Card] = []
    for suit in SUITS:
        for rank in RANKS:
            cards.append(Card(rank, suit, len(cards)))
    cards.append(Card(JOKER, RED, len(cards)))
    cards.append(Card(JOKER, BLACK, len(cards)))
    return tuple(cards), {c.code: c for c in cards}


ALL_CARDS, _BY_CODE = _build()
RED_JOKER: Final = _BY_CODE["JKR"]
BLACK_JOKER: Final = _BY_CODE["JKB"]


def card(code: str) -> Card:
    """The card for a canonical code (``"QS"``, ``"10H"``, ``"JKB"``); KeyError if none."""
    return _BY_CODE[code]


def card_of(rank: int, suit: str) -> Card:
    """The suited card of this rank and suit."""
    return ALL_CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]


def deck52() -> list[Card]:
    """A fresh, ordered 52-card deck (no Jokers)."""
    return list(ALL_CARDS[:52])


def deck54() -> list[Card]:
    """A fresh, ordered 54-card deck (52 cards and both Jokers)."""
    return list(ALL_CARDS)


class CardParseError(ValueError):
    """Text that is not a card. ``code`` and ``details`` say which and name the bad
    token (``Move.parse`` turns them into an ``IllegalMove``; its sentence is made in
    ``bot/ui/text/illegal.py``); the message is the same in English, for debugging."""

    def __init__(self, message: str, code: str, **details: object) -> None:
        super().__init__(message)
        self.code = code
        self.details = details


_RANK_WORDS: Final = {
    "A": ACE, "J": JACK, "Q": QUEEN, "K": KING, "T": 10,
    **{str(r): r for r in range(2, 11)},
}
_SUIT_WORDS: Final = {
    "S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
    "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
    "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
}
_JOKER_WORDS: Final = {
    "JKR": RED_JOKER, "JKB": BLACK_JOKER, "🃏R": RED_JOKER, "🃏B": BLACK_JOKER,
    "REDJOKER": RED_JOKER, "BLACKJOKER": BLACK_JOKER,
}
# Joker words may contain a space ("red joker"), so join them before splitting.
_JOKER_PHRASE = re.compile(r"\b(red|black)\s+joker\b", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_suit(text: str) -> Suit:
    """A suit from ``S``/``♠``/``spades`` (any case)."""
    word = text.strip().upper().replace("\ufe0f", "")
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    for suit, name in SUIT_NAMES.items():
        if word == name.upper() or word == name.upper()[:-1]:
            return suit
    raise CardParseError(
        f"`{text.strip()}` is not a suit: suits are S, H, D, C (or ♠ ♥ ♦ ♣)", "not-a-suit", token=text.strip()
    )


def parse_card(token: str) -> Card:
    """One card from a token such as ``QS``, ``q♠``, ``10h``, ``Th`` or ``JKR``."""
    raw = token.strip()
    # Emoji variation selectors sneak in from phone keyboards: ♠️ is ♠ + U+FE0F.
    word = raw.upper().replace("\ufe0f", "").replace(" ", "")
    if word in _JOKER_WORDS:
        return _JOKER_WORDS[word]
    if len(word) < 2:
        raise CardParseError(f"`{raw}` is not a card: write a rank and a suit, such as QS or 10♥", "not-a-card",
                             token=raw)
    rank_text, suit_text = word[:-1], word[-1]
    if suit_text not in _SUIT_WORDS:
        raise CardParseError(f"`{raw}` is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)", "card-bad-suit", token=raw)
    if rank_text not in _RANK_WORDS:
        raise CardParseError(f"`{raw}` is not a card: ranks are A, 2–10, J, Q, K", "card-bad-rank", token=raw)
    return card_of(_RANK_WORDS[rank_text], _SUIT_WORDS[suit_text])


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards in the order written: ``"QS QC 4C 4D"`` or ``"q♠, q♣, 4c, 4d"``."""
    joined = _JOKER_PHRASE.sub(lambda m: m.group(1) + "joker", text)
    tokens = [t for t in _SEPARATORS.split(joined) if t]
    if not tokens:
        raise CardParseError("No cards given: name them like QS 10H JKR", "no-cards")
    return tuple(parse_card(t) for t in tokens)


def format_cards(cards: Iterable[Card], *, symbols: bool = True) -> str:
    """Cards as players read them (``Q♠ 4♣``) or in canonical codes (``QS 4C``)."""
    return " ".join(c.symbol if symbols else c.code for c in cards)


def codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes, the JSON form of a list of cards."""
    return [c.code for c in cards]


# Penalty points in Kadi, Karata and Kadi Moja (docs/rules/decisions.md).
_POINTS: Final = {JOKER: 50, 2: 20, JACK: 10, KING: 4, QUEEN: 2, ACE: 1}


def penalty_points(c: Card) -> int:
    """Joker 50, 2 20, J 10, K 4, Q 2, A 1, every other card its face value."""
    return _POINTS.get(c.rank, c.rank)


def hand_points(cards: Iterable[Card]) -> int:
    return sum(penalty_points(c) for c in cards)
