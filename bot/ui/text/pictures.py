"""The words in and about the card pictures (bot/ui/cards/): what the table picture writes
beside the cards, what it writes for a player whose name no bundled font can draw, and
each picture's alt text, which a screen reader reads out in place of the picture.

The words are in the catalogues (``locales/<lang>/pictures.ftl``), said in the language
of the moment (``i18n.speaking``): the constants below are module attributes looked up
when read, so read them as ``pictures.CALLED``, never ``from ... import CALLED``. A
picture is drawn in a worker thread, where the caller's language does not follow: the
scene carries its language and the drawing speaks it (bot/ui/cards/table.py).

Alt text names the cards in words ("Queen of spades"), never by symbol alone. The table
picture's says only what the table picture shows (the public table); a hand picture's
names its owner's cards, and goes only on its owner's hand message.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import ACE, JACK, JOKER, KING, QUEEN, Card
from bot.ui.text.i18n import said_constant, text

ALT_LIMIT = 1024  # Discord's limit on an attachment's description

_RANK_IDS = {JACK: "picture-rank-jack", QUEEN: "picture-rank-queen", KING: "picture-rank-king",
             ACE: "picture-rank-ace"}
_SUIT_IDS = {"S": "picture-suit-spades", "H": "picture-suit-hearts", "D": "picture-suit-diamonds",
             "C": "picture-suit-clubs"}


def rank_words(rank: int) -> str:
    """A rank in words: "Queen", "10"."""
    return text(_RANK_IDS[rank]) if rank in _RANK_IDS else str(rank)


def suit_words(suit: str) -> str:
    """A suit (S H D C) in words: "spades"."""
    return text(_SUIT_IDS[suit])


def card_words(card: Card) -> str:
    """A card in words: "Queen of spades", "10 of hearts", "red Joker"."""
    if card.rank == JOKER:
        return joker(card.suit)
    return text("picture-card", rank=rank_words(card.rank), suit=suit_words(card.suit))


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in cards)


def joker(colour: str) -> str:
    """A Joker by its colour (``R`` or ``B``)."""
    return text("picture-joker", colour="red" if colour == "R" else "black")


# ------------------------------------------------------------ /cards colours
# Slash-command descriptions and choices: Discord registers them once, for every member,
# and has no Kiswahili locale to register a translation under, so they stay English here.

COLOURS_COMMAND = "Show your hand in a four-colour deck (♦ blue, ♣ green), or the usual two."
COLOURS_OPTION = "four or two (the default); your own hand pictures, for every table, on every server"
FOUR_COLOUR_CHOICE = "four: ♠ black, ♥ red, ♦ blue, ♣ green"
TWO_COLOUR_CHOICE = "two: ♠ ♣ black, ♥ ♦ red (the usual)"


# ------------------------------------------------------------ drawn in the table picture

_CONSTANTS = {
    "CALLED": "picture-called",
    "CARDLESS": "picture-cardless",
    "OUT": "picture-out",
    "SITS_OUT": "picture-sits-out",
    "CLOCKWISE": "picture-clockwise",
    "ANTICLOCKWISE": "picture-anticlockwise",
    "ANY_SPECIAL_CARD": "picture-any-special-card",
    "FOLLOW": "picture-follow",
    "ASKED_FOR": "picture-asked-for",
    "DEMANDED": "picture-demanded",
    "NO_CARD_YET": "picture-no-card-yet",
}


def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)


def seat(number: int) -> str:
    """Written for a player whose name no bundled font can draw: their seat (1, 2, ...)."""
    return text("picture-seat", number=str(number))


def out_in_place(place: int) -> str:
    """Donkey: a seat that got out, in the order they did."""
    return text("picture-out-in-place", place=str(place))


def direction(clockwise: bool) -> str:
    return text("picture-clockwise" if clockwise else "picture-anticlockwise")


def round_of(round_no: int, rounds: int) -> str:
    return text("picture-round-of", round=str(round_no), rounds=str(rounds))


def round_number(round_no: int) -> str:
    return text("picture-round", round=str(round_no))


def caption(*parts: str) -> str:
    """The picture's bottom line, its parts side by side."""
    return " · ".join(part for part in parts if part)


def demanded(words: str) -> str:
    return text("picture-demanded-words", words=words)


def pick_up(count: int) -> str:
    return text("picture-pick-up", count=count)


def skips_pending(count: int) -> str:
    return text("picture-skips-pending", count=count)


# ------------------------------------------------------------ alt text


def _cut(words: str) -> str:
    return words if len(words) <= ALT_LIMIT else words[:ALT_LIMIT - 1].rstrip() + "…"


def _sentence(words: str) -> str:
    """``words`` as a sentence: its first letter a capital (the rest as written: a name stays)."""
    return words[:1].upper() + words[1:] + "."


def hand_alt(cards: Sequence[Card], playable: Sequence[Card]) -> str:
    """A hand picture: the owner's cards in the picture's order, and those that can start
    a play now (raised in the picture)."""
    if not cards:
        return text("picture-alt-hand-empty")
    words = text("picture-alt-hand", count=len(cards), cards=cards_words(cards))
    if playable:
        words += " " + text("picture-alt-hand-playable", cards=cards_words(playable))
    return _cut(words)


def seat_alt(name: str, count: int, turn: bool, note: str) -> str:
    """One seat on the table picture: its player, their card count, their note, their turn."""
    parts = [text("picture-alt-seat", name=name, count=count)]
    if note:
        parts.append(note)
    if turn:
        parts.append(text("picture-alt-to-play"))
    return ", ".join(parts)


def table_alt(*, seats: Sequence[str], pile: Sequence[Card], trick: Sequence[tuple[str, Card]],
              lead_suit: str | None, asked_suit: str | None, demand: Card | None, demand_words: str,
              pick_up_count: int, skips: int, caption_words: str) -> str:
    """The table picture, as it shows the public table: the last play (its top card last),
    or Donkey's round so far; what the next player faces; each seat (``seat_alt``)."""
    lines = [text("picture-alt-table")]
    if trick:
        plays = ", ".join(text("picture-alt-played", name=name, card=card_words(c)) for name, c in trick)
        lines.append(text("picture-alt-this-round", plays=plays))
    elif lead_suit is not None:
        lines.append(text("picture-alt-no-card-yet"))
    if pile:
        if len(pile) == 1:
            lines.append(text("picture-alt-top-card", card=card_words(pile[0])))
        else:
            lines.append(text("picture-alt-last-play", cards=cards_words(pile), top=card_words(pile[-1])))
    if lead_suit is not None:
        lines.append(text("picture-alt-follow", suit=suit_words(lead_suit)))
    if asked_suit is not None:
        lines.append(text("picture-alt-asked-for", suit=suit_words(asked_suit)))
    if demand is not None:
        lines.append(text("picture-alt-demanded", card=card_words(demand)))
    elif demand_words:
        lines.append(text("picture-alt-demanded", card=demand_words))
    if pick_up_count:
        lines.append(text("picture-alt-pick-up", count=pick_up_count))
    if skips:
        lines.append(text("picture-alt-skips-pending", count=skips))
    if seats:
        lines.append(text("picture-alt-players", seats="; ".join(seats)))
    if caption_words:
        lines.append(_sentence(caption_words))
    return _cut(" ".join(lines))
