"""The card faces and backs, drawn once each by the bot itself with Pillow.

No downloaded art and no system fonts (a fresh machine may have none): ranks are
written in Pillow's bundled scalable font (``ImageFont.load_default(size=...)``) and
the suit symbols are drawn as shapes. Each tile is drawn in RGB at ``SUPERSAMPLE``
times its size and scaled down (smooth edges), then mapped once onto the shared
palette (``palette.py``, which keeps the mapped tiles: ``palette.face(card)``), so
that pictures are composed by pasting palette tiles, which is cheap, and saved as
small palette PNGs.

A tile is laid overlapping the next one: only its left ``STRIP`` pixels may show, so
the rank and suit sit in the top-left corner, large, and the rest of the card carries
one big pip (a framed letter for a picture card, a star for a Joker).
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw, ImageFont

from bot.games.cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, RANK_TEXT, SPADES, Card
from bot.ui.cards.colours import (
    BACK_BLUE,
    BACK_LIGHT,
    BLACK_INK,
    CARD_EDGE,
    CARD_WHITE,
    FELT,
    GOLD,
    RED_INK,
    Deck,
    suit_ink,
)

CARD_W = 104  # a tile, in pixels: a phone shows a hand of 8 at about two thirds of this
CARD_H = 146
RADIUS = 9
STRIP = 46  # the part of a card left showing when the next one overlaps it
SUPERSAMPLE = 3

Point = tuple[float, float]


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own bundled font at ``size`` pixels (never a system font)."""
    return _font(size)


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


# ------------------------------------------------------------------ suit shapes
def draw_suit(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float,
              colour: tuple[int, int, int]) -> None:
    """One suit symbol as shapes, centred on (cx, cy), ``size`` pixels tall."""
    r = size / 2
    if suit == HEARTS:
        lobe = r * 0.52
        draw.ellipse((cx - 2 * lobe, cy - r * 0.78, cx, cy - r * 0.78 + 2 * lobe), fill=colour)
        draw.ellipse((cx, cy - r * 0.78, cx + 2 * lobe, cy - r * 0.78 + 2 * lobe), fill=colour)
        draw.polygon([(cx - 2 * lobe + r * 0.035, cy - r * 0.78 + lobe * 1.25),
                      (cx + 2 * lobe - r * 0.035, cy - r * 0.78 + lobe * 1.25), (cx, cy + r)], fill=colour)
    elif suit == DIAMONDS:
        draw.polygon([(cx, cy - r), (cx + r * 0.74, cy), (cx, cy + r), (cx - r * 0.74, cy)], fill=colour)
    elif suit == SPADES:
        lobe = r * 0.5
        # an upside-down heart, and a stem
        draw.ellipse((cx - 2 * lobe, cy + r * 0.45 - 2 * lobe, cx, cy + r * 0.45), fill=colour)
        draw.ellipse((cx, cy + r * 0.45 - 2 * lobe, cx + 2 * lobe, cy + r * 0.45), fill=colour)
        draw.polygon([(cx - 2 * lobe + r * 0.03, cy + r * 0.45 - lobe * 1.2),
                      (cx + 2 * lobe - r * 0.03, cy + r * 0.45 - lobe * 1.2), (cx, cy - r)], fill=colour)
        draw.polygon([(cx, cy + r * 0.2), (cx + r * 0.38, cy + r), (cx - r * 0.38, cy + r)], fill=colour)
    elif suit == CLUBS:
        leaf = r * 0.45
        for dx, dy in ((0.0, -0.5), (-0.47, 0.1), (0.47, 0.1)):
            x, y = cx + dx * r, cy + dy * r
            draw.ellipse((x - leaf, y - leaf, x + leaf, y + leaf), fill=colour)
        draw.ellipse((cx - r * 0.3, cy - r * 0.35, cx + r * 0.3, cy + r * 0.25), fill=colour)  # no gap between leaves
        draw.polygon([(cx, cy - r * 0.1), (cx + r * 0.36, cy + r), (cx - r * 0.36, cy + r)], fill=colour)
    else:
        raise ValueError(f"no such suit: {suit!r}")


def draw_star(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: tuple[int, int, int],
              filled: bool = True, width: int = 1) -> None:
    """A five-pointed star (the Joker's mark), filled or outlined ``width`` wide."""
    outer, inner = size / 2, size / 2 * 0.42
    points: list[Point] = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    if filled:
        draw.polygon(points, fill=colour)
    else:
        draw.polygon(points, outline=colour, width=width)


# ------------------------------------------------------------------ faces
def ink(card: Card, deck: Deck = Deck.TWO) -> tuple[int, int, int]:
    """The ink ``card`` is printed in: its suit's in ``deck``; a Joker's own colour in any deck."""
    if card.is_joker:
        return RED_INK if card.colour == "R" else BLACK_INK
    return suit_ink(card.suit, deck)


def _blank(s: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (CARD_W * s, CARD_H * s), FELT)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W * s - 1, CARD_H * s - 1), radius=RADIUS * s, fill=CARD_WHITE,
                           outline=CARD_EDGE, width=2 * s)
    return image, draw


def _corner(image: Image.Image, card: Card, s: int, deck: Deck) -> None:
    """The rank above the suit in the top-left corner (the part of a card that shows in a
    fanned hand; no second index turned round: at this size it would crowd the pip)."""
    colour = ink(card, deck)
    corner = Image.new("RGBA", (STRIP * s, 80 * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(corner)
    if card.is_joker:
        letters = "JOKER"
        f = font(15 * s)
        for i, letter in enumerate(letters):
            box = draw.textbbox((0, 0), letter, font=f)
            draw.text(((STRIP * s - (box[2] - box[0])) / 2 - box[0] - 6 * s, 4 * s + i * 15 * s - box[1]), letter,
                      font=f, fill=colour)
    else:
        text = RANK_TEXT[card.rank]
        f = font(36 * s if len(text) == 1 else 31 * s)
        box = draw.textbbox((0, 0), text, font=f)
        width = box[2] - box[0]
        # drawn with a thin outline of its own colour: the bundled font is a light one
        draw.text(((STRIP * s - width) / 2 - box[0] - 2 * s, 6 * s - box[1]), text, font=f, fill=colour,
                  stroke_width=s, stroke_fill=colour)
        draw_suit(draw, card.suit, STRIP * s / 2 - 2 * s, 60 * s, 28 * s, colour)
    image.paste(corner, (0, 0), corner)


def _centre(draw: ImageDraw.ImageDraw, card: Card, s: int, deck: Deck) -> None:
    """The middle of the card: a big pip, a framed letter for a picture card, a star for a
    Joker: filled on the red Joker, outlined on the black, so the two are told apart by
    shape as well as ink, in any language (a word here, "RED", would be English on every
    reader's card; the alt text names the colour in the reader's language)."""
    colour = ink(card, deck)
    cx, cy = (STRIP + CARD_W) * s / 2 - 2 * s, CARD_H * s * 0.56
    if card.is_joker:
        draw_star(draw, cx, cy, 56 * s, colour, filled=card.colour == "R", width=4 * s)
    elif card.rank in (JACK, QUEEN, KING):
        frame = (cx - 24 * s, cy - 40 * s, cx + 24 * s, cy + 40 * s)
        draw.rounded_rectangle(frame, radius=6 * s, outline=GOLD, width=3 * s)
        f = font(38 * s)
        letter = RANK_TEXT[card.rank]
        box = draw.textbbox((0, 0), letter, font=f)
        draw.text((cx - (box[2] - box[0]) / 2 - box[0], cy - 30 * s - box[1]), letter, font=f, fill=colour)
        draw_suit(draw, card.suit, cx, cy + 20 * s, 26 * s, colour)
    else:
        draw_suit(draw, card.suit, cx, cy, (56 if card.rank == ACE else 40) * s, colour)


@functools.cache
def face_rgb(card: Card, deck: Deck = Deck.TWO) -> Image.Image:
    """``card``'s face in ``deck``'s inks: the same shapes in either deck (the rank and the
    suit's sign in the corner, the pip), so a suit is told by its shape as well as its colour."""
    s = SUPERSAMPLE
    image, draw = _blank(s)
    _centre(draw, card, s, deck)
    _corner(image, card, s, deck)
    return image.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


@functools.cache
def back_rgb() -> Image.Image:
    s = SUPERSAMPLE
    image = Image.new("RGB", (CARD_W * s, CARD_H * s), FELT)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W * s - 1, CARD_H * s - 1), radius=RADIUS * s, fill=CARD_WHITE,
                           outline=CARD_EDGE, width=2 * s)
    inset = 6 * s
    draw.rounded_rectangle((inset, inset, CARD_W * s - inset, CARD_H * s - inset), radius=(RADIUS - 3) * s,
                           fill=BACK_BLUE)
    step = 12 * s
    for x in range(-CARD_H * s, CARD_W * s, step):  # a lattice, kept inside the frame below
        draw.line((x, 0, x + CARD_H * s, CARD_H * s), fill=BACK_LIGHT, width=2 * s)
        draw.line((x + CARD_H * s, 0, x, CARD_H * s), fill=BACK_LIGHT, width=2 * s)
    frame = Image.new("L", image.size, 0)
    ImageDraw.Draw(frame).rounded_rectangle((inset, inset, CARD_W * s - inset, CARD_H * s - inset),
                                            radius=(RADIUS - 3) * s, fill=255)
    plain, plain_draw = _blank(s)
    plain_draw.rounded_rectangle((inset, inset, CARD_W * s - inset, CARD_H * s - inset), radius=(RADIUS - 3) * s,
                                 outline=BACK_LIGHT, width=2 * s)
    plain.paste(image, (0, 0), frame)
    return plain.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


@functools.cache
def mask() -> Image.Image:
    """Where a tile is card and not table: its rounded outline, as a 1-bit mask."""
    shape = Image.new("L", (CARD_W * SUPERSAMPLE, CARD_H * SUPERSAMPLE), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, CARD_W * SUPERSAMPLE - 1, CARD_H * SUPERSAMPLE - 1),
                                            radius=RADIUS * SUPERSAMPLE, fill=255)
    return shape.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS).point(lambda v: 255 if v >= 128 else 0, "1")
