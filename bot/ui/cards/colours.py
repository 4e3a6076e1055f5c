"""The colours of the card pictures (RGB), and the two decks a member may see their hand in."""

from __future__ import annotations

import enum

Colour = tuple[int, int, int]

FELT: Colour = (24, 94, 58)  # the table
FELT_DARK: Colour = (16, 66, 41)  # a panel on it (a seat, the pile)
CARD_WHITE: Colour = (252, 252, 248)
CARD_EDGE: Colour = (120, 120, 120)
RED_INK: Colour = (206, 20, 36)
BLACK_INK: Colour = (22, 22, 28)
# The four-colour deck's two other inks: as dark on the white card as the red, and far from
# each other, the red, the felt and the card back (quantized, they must stay apart).
BLUE_INK: Colour = (20, 92, 222)
GREEN_INK: Colour = (12, 150, 32)
GOLD: Colour = (201, 160, 48)
BACK_BLUE: Colour = (36, 72, 160)
BACK_LIGHT: Colour = (120, 156, 228)
TEXT: Colour = (244, 244, 236)  # words on the felt
HIGHLIGHT: Colour = (255, 214, 64)  # whose turn it is, the cards that can be played
WARNING: Colour = (236, 96, 64)  # a pending pick-up or skip


class Deck(enum.StrEnum):
    """The inks of the suits. ``TWO``: ♠ ♣ black, ♥ ♦ red, as printed decks (the default,
    and every public picture). ``FOUR``: ♠ black, ♥ red, ♦ blue, ♣ green, a member's own
    choice for their hand (a suit told at a glance in a fanned hand; the suit's shape stays,
    so the colour is never the only sign). The value is what the member setting stores."""

    TWO = "two"
    FOUR = "four"


SUIT_INKS: dict[Deck, dict[str, Colour]] = {
    Deck.TWO: {"S": BLACK_INK, "H": RED_INK, "D": RED_INK, "C": BLACK_INK},
    Deck.FOUR: {"S": BLACK_INK, "H": RED_INK, "D": BLUE_INK, "C": GREEN_INK},
}


def suit_ink(suit: str, deck: Deck = Deck.TWO) -> Colour:
    """The ink of ``suit`` (S, H, D, C) in ``deck``."""
    return SUIT_INKS[deck][suit]
