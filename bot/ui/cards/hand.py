"""The picture of one player's hand: their cards in hand order, overlapping in rows,
the cards that can be played now raised and underlined."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.games.cards import Card
from bot.ui.cards import palette, tiles
from bot.ui.cards.cache import PICTURES, CardImage, PictureOrder
from bot.ui.cards.colours import FELT, HIGHLIGHT, Deck
from bot.ui.cards.picture import canvas, finish, lay, rectangle
from bot.ui.text import pictures as words
from bot.ui.text.i18n import current

FILENAME = "hand.png"
MARGIN = 10
RAISE = 22  # how far a playable card stands above the others
MAX_WIDTH = 720  # a row of cards wider than this is hard to read on a phone once scaled down
WIDE_STEP = tiles.CARD_W + 6  # few cards: side by side
MIN_STEP = tiles.STRIP  # many: overlapping, each card's corner showing
ROW_GAP = 8


@dataclass(frozen=True, slots=True)
class Placed:
    card: Card
    x: int
    y: int
    raised: bool


def per_row() -> int:
    return (MAX_WIDTH - 2 * MARGIN - tiles.CARD_W) // MIN_STEP + 1


def layout(cards: Sequence[Card], raised: Sequence[bool]) -> tuple[int, int, list[Placed]]:
    """Where each card goes: (width, height, placements in hand order)."""
    count = max(len(cards), 1)
    row_size = min(count, per_row())
    rows = (count + row_size - 1) // row_size
    step = min(WIDE_STEP, (MAX_WIDTH - 2 * MARGIN - tiles.CARD_W) // (row_size - 1)) if row_size > 1 else WIDE_STEP
    width = 2 * MARGIN + tiles.CARD_W + step * (row_size - 1)
    row_height = tiles.CARD_H + RAISE + ROW_GAP
    height = 2 * MARGIN + rows * row_height - ROW_GAP
    placed = []
    for i, (card, up) in enumerate(zip(cards, raised, strict=True)):
        row, col = divmod(i, row_size)
        x = MARGIN + col * step
        y = MARGIN + row * row_height + (0 if up else RAISE)
        placed.append(Placed(card, x, y, up))
    return width, height, placed


def hand_order(cards: Sequence[Card], playable: Collection[Card] = (), deck: Deck = Deck.TWO) -> PictureOrder:
    """The hand picture to draw in ``deck`` (its owner's setting; keyed by the deck, the cards
    and which of them are raised: the same hand in the other deck is another picture), with
    its alt text: the owner's cards in words (a hand picture goes only to its owner), in the
    language of the moment. The picture writes no words, but its key names the language
    too, as every picture's does: what is cached for one language serves that language."""
    hand, raised = tuple(cards), tuple(c in playable for c in cards)
    alt = words.hand_alt(hand, [c for c, up in zip(hand, raised, strict=True) if up])
    lang = current()
    return PictureOrder(("hand", lang, deck, hand, raised), FILENAME, lambda: draw_hand(hand, raised, deck), alt,
                        lang)


def hand_image(cards: Sequence[Card], playable: Collection[Card] = (), deck: Deck = Deck.TWO) -> CardImage:
    """The hand picture, drawn now (or taken from the cache)."""
    order = hand_order(cards, playable, deck)
    return PICTURES.get(order.key, order.draw)


def draw_hand(cards: Sequence[Card], raised: Sequence[bool], deck: Deck = Deck.TWO) -> CardImage:
    width, height, placed = layout(cards, raised)
    image = canvas(width, height, FELT)
    for spot in placed:
        lay(image, palette.face(spot.card, deck), spot.x, spot.y)
    for i, spot in enumerate(placed):
        if spot.raised:  # underlined where it shows, so the raise reads without comparing heights
            same_row = i + 1 < len(placed) and placed[i + 1].x > spot.x
            nxt = placed[i + 1].x if same_row else spot.x + tiles.CARD_W
            right = min(spot.x + tiles.CARD_W, nxt) - 4
            top = spot.y + tiles.CARD_H + 6
            rectangle(image, (spot.x + 4, top, right, top + 6), HIGHLIGHT, radius=3)
    return finish(image, FILENAME, cards)
