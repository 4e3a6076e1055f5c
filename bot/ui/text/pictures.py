"""The words in and about the card pictures (bot/ui/cards/): what the table picture writes
beside the cards, what it writes for a player whose name no bundled font can draw, and
each picture's alt text, which a screen reader reads out in place of the picture.

Alt text names the cards in words ("Queen of spades"), never by symbol alone. The table
picture's says only what the table picture shows (the public table); a hand picture's
names its owner's cards, and goes only on its owner's hand message.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import ACE, JACK, JOKER, KING, QUEEN, Card

ALT_LIMIT = 1024  # Discord's limit on an attachment's description

RANK_WORDS = {**{r: str(r) for r in range(2, 11)}, JACK: "Jack", QUEEN: "Queen", KING: "King", ACE: "Ace"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(card: Card) -> str:
    """A card in words: "Queen of spades", "10 of hearts", "red Joker"."""
    if card.rank == JOKER:
        return joker(card.suit)
    return f"{RANK_WORDS[card.rank]} of {SUIT_WORDS[card.suit]}"


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in cards)


def joker(colour: str) -> str:
    """A Joker by its colour (``R`` or ``B``)."""
    return ("red" if colour == "R" else "black") + " Joker"


# ------------------------------------------------------------ /cards colours

COLOURS_COMMAND = "Show your hand in a four-colour deck (♦ blue, ♣ green), or the usual two."
COLOURS_OPTION = "four or two (the default); your own hand pictures, for every table, on every server"
FOUR_COLOUR_CHOICE = "four: ♠ black, ♥ red, ♦ blue, ♣ green"
TWO_COLOUR_CHOICE = "two: ♠ ♣ black, ♥ ♦ red (the usual)"


# ------------------------------------------------------------ drawn in the table picture


def seat(number: int) -> str:
    """Written for a player whose name no bundled font can draw: their seat (1, 2, ...)."""
    return f"Seat {number}"


CALLED = "called"
CARDLESS = "cardless"
OUT = "out"
SITS_OUT = "sits out"


def out_in_place(place: int) -> str:
    """Donkey: a seat that got out, in the order they did."""
    return f"out #{place}"


CLOCKWISE = "clockwise"
ANTICLOCKWISE = "anticlockwise"


def direction(clockwise: bool) -> str:
    return CLOCKWISE if clockwise else ANTICLOCKWISE


def round_of(round_no: int, rounds: int) -> str:
    return f"round {round_no} of {rounds}"


def round_number(round_no: int) -> str:
    return f"round {round_no}"


def caption(*parts: str) -> str:
    """The picture's bottom line, its parts side by side."""
    return " · ".join(part for part in parts if part)


ANY_SPECIAL_CARD = "any special card"
FOLLOW = "Follow"
ASKED_FOR = "Asked for"
DEMANDED = "Demanded"
NO_CARD_YET = "No card played yet this round"


def demanded(words: str) -> str:
    return f"Demanded: {words}"


def pick_up(count: int) -> str:
    return f"Pick up {count}"


def skips_pending(count: int) -> str:
    return f"{count} {'skip' if count == 1 else 'skips'} pending"


# ------------------------------------------------------------ alt text


def _cut(text: str) -> str:
    return text if len(text) <= ALT_LIMIT else text[:ALT_LIMIT - 1].rstrip() + "…"


def hand_alt(cards: Sequence[Card], playable: Sequence[Card]) -> str:
    """A hand picture: the owner's cards in the picture's order, and those that can start
    a play now (raised in the picture)."""
    if not cards:
        return "Your hand: no cards."
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    text = f"Your hand, {count}: {cards_words(cards)}."
    if playable:
        text += f" You can start a play with: {cards_words(playable)}."
    return _cut(text)


def seat_alt(name: str, count: int, turn: bool, note: str) -> str:
    """One seat on the table picture: its player, their card count, their note, their turn."""
    words = f"{name}, {count} card{'s' if count != 1 else ''}"
    if note:
        words += f", {note}"
    if turn:
        words += ", to play"
    return words


def table_alt(*, seats: Sequence[str], pile: Sequence[Card], trick: Sequence[tuple[str, Card]],
              lead_suit: str | None, asked_suit: str | None, demand: Card | None, demand_words: str,
              pick_up_count: int, skips: int, caption_words: str) -> str:
    """The table picture, as it shows the public table: the last play (its top card last),
    or Donkey's round so far; what the next player faces; each seat (``seat_alt``)."""
    lines = ["The table."]
    if trick:
        lines.append("This round: " + ", ".join(f"{name} played {card_words(c)}" for name, c in trick) + ".")
    elif lead_suit is not None:
        lines.append(NO_CARD_YET + ".")
    if pile:
        if len(pile) == 1:
            lines.append(f"Top card: {card_words(pile[0])}.")
        else:
            lines.append(f"Last play: {cards_words(pile)}; on top: {card_words(pile[-1])}.")
    if lead_suit is not None:
        lines.append(f"Follow {SUIT_WORDS[lead_suit]}.")
    if asked_suit is not None:
        lines.append(f"Asked for: {SUIT_WORDS[asked_suit]}.")
    if demand is not None:
        lines.append(f"Demanded: {card_words(demand)}.")
    elif demand_words:
        lines.append(f"Demanded: {demand_words}.")
    if pick_up_count:
        lines.append(pick_up(pick_up_count) + ".")
    if skips:
        lines.append(skips_pending(skips).capitalize() + ".")
    if seats:
        lines.append("Players: " + "; ".join(seats) + ".")
    if caption_words:
        lines.append(caption_words.capitalize() + ".")
    return _cut(" ".join(lines))
