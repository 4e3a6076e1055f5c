"""One palette for every card picture.

Pictures are composed by pasting tiles that are already palette images ("P" mode)
onto a palette canvas: pasting copies indices, with no colour work per picture, and
a palette PNG is a few times smaller than an RGB one. The palette is made once, by
quantizing a sheet of everything that is ever drawn (every face in both decks, the back,
words in each colour on the felt), so the smooth edges of the shapes keep their in-between
shades. The four-colour deck's faces share it, so a hand in either deck is pasted the same
way and the canvas, the words and the cache are the same for both.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.games.cards import ALL_CARDS, Card
from bot.ui.cards import tiles  # the tiles are drawn in RGB first, then mapped here
from bot.ui.cards.colours import FELT, FELT_DARK, HIGHLIGHT, TEXT, WARNING, Deck

# Enough for every edge shade of the inks (black, red, and the four-colour deck's blue and
# green); fewer would band the anti-aliasing. Still one byte a pixel (at most 256).
COLOURS = 192


@functools.cache
def shared_palette() -> Image.Image:
    """A 1×1 "P" image carrying the palette (Pillow maps to a palette through one)."""
    # The four-colour faces that differ from the two-colour ones: diamonds and clubs.
    four = [tiles.face_rgb(card, Deck.FOUR) for card in ALL_CARDS if card.suit in "DC"]
    sheets = [tiles.face_rgb(card) for card in ALL_CARDS] + four + [tiles.back_rgb()]
    width, height = tiles.CARD_W, tiles.CARD_H
    words = Image.new("RGB", (width * 4, height), FELT)
    draw = ImageDraw.Draw(words)
    draw.rectangle((0, height // 2, width * 4, height), fill=FELT_DARK)
    for row, colour in enumerate((TEXT, HIGHLIGHT, WARNING)):
        for panel in (0, height // 2):
            draw.text((4, panel + 4 + row * 14), "Aa Bb 12 +4 Kadi", font=tiles.font(14), fill=colour)
    sheets.append(words)
    sheet = Image.new("RGB", (sum(s.width for s in sheets), height), FELT)
    x = 0
    for image in sheets:
        sheet.paste(image, (x, 0))
        x += image.width
    return sheet.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_palette(image: Image.Image) -> Image.Image:
    """``image`` (RGB) mapped onto the shared palette, without dithering (smaller PNGs)."""
    return image.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


def index_of(colour: tuple[int, int, int]) -> int:
    """The palette index nearest ``colour`` (to fill a canvas or a shape)."""
    return _index(colour)


@functools.cache
def _index(colour: tuple[int, int, int]) -> int:
    swatch = Image.new("RGB", (1, 1), colour)
    value = to_palette(swatch).getpixel((0, 0))
    assert isinstance(value, int)
    return value


@functools.cache
def face(card: Card, deck: Deck = Deck.TWO) -> Image.Image:
    """The face of ``card`` in ``deck`` as a palette tile (drawn once; cached for the process)."""
    return to_palette(tiles.face_rgb(card, deck))


@functools.cache
def back() -> Image.Image:
    """The back every card shares (a hand's count on the table is a fan of these)."""
    return to_palette(tiles.back_rgb())


def every_face(deck: Deck = Deck.TWO) -> list[Image.Image]:
    """All 54 faces of ``deck`` in the deck's order (52 cards, then the red and the black Joker)."""
    return [face(c, deck) for c in ALL_CARDS]
