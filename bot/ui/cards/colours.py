"""The colours of the card pictures (RGB)."""

from __future__ import annotations

Colour = tuple[int, int, int]

FELT: Colour = (24, 94, 58)  # the table
FELT_DARK: Colour = (16, 66, 41)  # a panel on it (a seat, the pile)
CARD_WHITE: Colour = (252, 252, 248)
CARD_EDGE: Colour = (120, 120, 120)
RED_INK: Colour = (206, 20, 36)
BLACK_INK: Colour = (22, 22, 28)
GOLD: Colour = (201, 160, 48)
BACK_BLUE: Colour = (36, 72, 160)
BACK_LIGHT: Colour = (120, 156, 228)
TEXT: Colour = (244, 244, 236)  # words on the felt
HIGHLIGHT: Colour = (255, 214, 64)  # whose turn it is, the cards that can be played
WARNING: Colour = (236, 96, 64)  # a pending pick-up or skip
