"""The picture of the table, drawn from a ``TableScene`` (the public view) only.

Seats along the top, each with its name and its card count as a fan of card backs
(the seat to play outlined); below, the discard pile with the last play fanned, and
beside it what the next player faces: a suit asked for, a card demanded, a pending
pick-up or skip. Donkey shows the trick instead, each card over its player's name.
"""

from __future__ import annotations

import functools

from PIL import Image

from bot.games.cards import RANK_TEXT
from bot.ui.cards import palette, tiles, typeset
from bot.ui.cards.cache import PICTURES, CardImage, PictureOrder
from bot.ui.cards.colours import FELT, FELT_DARK, HIGHLIGHT, TEXT, WARNING
from bot.ui.cards.picture import canvas, finish, lay, rectangle, small_back, suit_badge, write
from bot.ui.cards.scene import SeatScene, TableScene
from bot.ui.text import pictures as words
from bot.ui.text.i18n import speaking

FILENAME = "table.png"
WIDTH = 720
MARGIN = 10
SEATS_PER_ROW = 4
SEAT_H = 86
SEAT_GAP = 8
BACK_W, BACK_H = 34, 48
BACK_STEP = 6
BACKS_SHOWN = 12  # a longer hand shows 12 backs; the number says the rest
BACKS_Y = 33  # below the name, with room for the deepest letters (Kannada, Malayalam conjuncts)
PILE_STEP = 40
TRICK_STEP = 112
NAME_SIZE = 17
LABEL_SIZE = 20


def table_order(scene: TableScene) -> PictureOrder:
    """The table picture to draw for ``scene`` (keyed by the scene: the same table is drawn
    once, in each language: the scene holds its language), with its alt text: the public
    table in words."""
    return PictureOrder(("table", scene), FILENAME, lambda: draw_table(scene), alt_text(scene), scene.lang)


def alt_text(scene: TableScene) -> str:
    """What the table picture shows, in words (read out by screen readers): from the scene,
    so from the public view only, as the picture itself, and in the scene's language."""
    with speaking(scene.lang):
        return words.table_alt(
            seats=[words.seat_alt(s.name, s.count, s.turn, s.note) for s in scene.seats], pile=scene.pile,
            trick=scene.trick, lead_suit=scene.lead_suit, asked_suit=scene.asked_suit, demand=scene.demand,
            demand_words=scene.demand_words, pick_up_count=scene.pick_up, skips=scene.skips,
            caption_words=scene.caption)


def name_drawn(name: str, number: int) -> str:
    """A player's name as the picture writes it: their seat's number instead when some
    letter of it no bundled font can draw (never a box)."""
    return name if number == 0 or typeset.drawable(name) else words.seat(number)


def table_image(scene: TableScene) -> CardImage:
    """The table picture for ``scene``, drawn now (or taken from the cache)."""
    order = table_order(scene)
    return PICTURES.get(order.key, order.draw)


def draw_table(scene: TableScene) -> CardImage:
    """The table picture, its words in the scene's language: it is drawn in the drawing
    thread, where the language of the moment is not the caller's."""
    with speaking(scene.lang):
        return _draw_table(scene)


def _draw_table(scene: TableScene) -> CardImage:
    rows = max((len(scene.seats) + SEATS_PER_ROW - 1) // SEATS_PER_ROW, 1)
    seats_h = rows * (SEAT_H + SEAT_GAP)
    # The middle holds the cards and, beside them, what the next player faces: as tall as the taller.
    middle_h = max(tiles.CARD_H + (NAME_SIZE + 12 if scene.trick else 0), _facing_height(scene))
    caption_h = LABEL_SIZE + 8 if scene.caption else 0
    height = MARGIN + seats_h + 6 + middle_h + caption_h + MARGIN
    image = canvas(WIDTH, height, FELT)
    _seats(image, scene)
    top = MARGIN + seats_h + 6
    if scene.trick or scene.lead_suit is not None or not scene.pile:
        right = _trick(image, scene, top)
    else:
        right = _pile(image, scene, top)
    _facing(image, scene, right + 24, top)
    if scene.caption:
        write(image, scene.caption, MARGIN, height - MARGIN - LABEL_SIZE, LABEL_SIZE - 4, TEXT, FELT)
    return finish(image, FILENAME, scene.cards_shown())


def _seats(image: Image.Image, scene: TableScene) -> None:
    width = (WIDTH - 2 * MARGIN - (SEATS_PER_ROW - 1) * SEAT_GAP) // SEATS_PER_ROW
    for i, seat in enumerate(scene.seats):
        row, col = divmod(i, SEATS_PER_ROW)
        image.paste(seat_panel(seat, width), (MARGIN + col * (width + SEAT_GAP), MARGIN + row * (SEAT_H + SEAT_GAP)))


# A panel is reused while its seat looks the same, a few moves at most: the bound is a few
# hundred tables' seats (a panel is about 15 KB: 4,096 of them could hold 58 MiB).
@functools.lru_cache(maxsize=1024)
def seat_panel(seat: SeatScene, width: int) -> Image.Image:
    """One seat's panel: its name, its count as card backs and a number, its note; outlined
    when it is the seat's turn. Most seats look the same from one picture to the next (one
    seat moved): each panel is drawn once and pasted."""
    with speaking(seat.lang):  # its words in its own language: the panel is cached by seat
        return _seat_panel(seat, width)


def _seat_panel(seat: SeatScene, width: int) -> Image.Image:
    panel = canvas(width + 1, SEAT_H + 1, FELT)
    rectangle(panel, (0, 0, width, SEAT_H), FELT_DARK, radius=8, outline=HIGHLIGHT if seat.turn else None, width=3)
    write(panel, name_drawn(seat.name, seat.number), 8, 4, NAME_SIZE, HIGHLIGHT if seat.turn else TEXT, FELT_DARK,
          max_width=width - 14)
    shown = min(seat.count, BACKS_SHOWN)
    back = small_back(BACK_W, BACK_H)
    for b in range(shown):
        panel.paste(back, (8 + b * BACK_STEP, BACKS_Y))
    fan = BACK_W + BACK_STEP * (shown - 1) if shown else 0
    count_x = 8 + fan + 8
    write(panel, str(seat.count), count_x, BACKS_Y, 24, TEXT, FELT_DARK)
    if seat.note:
        write(panel, seat.note, count_x, BACKS_Y + 28, 14, HIGHLIGHT, FELT_DARK, max_width=width - count_x - 4)
    return panel


def _pile(image: Image.Image, scene: TableScene, top: int) -> int:
    """The last play fanned, its last card on top; returns the right edge."""
    x = MARGIN
    for i, card in enumerate(scene.pile):
        lay(image, palette.face(card), x + i * PILE_STEP, top)
    return x + (len(scene.pile) - 1) * PILE_STEP + tiles.CARD_W


def _trick(image: Image.Image, scene: TableScene, top: int) -> int:
    """Donkey's round so far: each card over its player's name; returns the right edge."""
    count = len(scene.trick)
    room = WIDTH - 2 * MARGIN - tiles.CARD_W - 150  # leave room for the suit to follow
    step = TRICK_STEP if count < 2 else min(TRICK_STEP, room // (count - 1))
    for i, (name, card) in enumerate(scene.trick):
        x = MARGIN + i * step
        lay(image, palette.face(card), x, top)
        write(image, name_drawn(name, scene.number_of(name)), x + 2, top + tiles.CARD_H + 4, NAME_SIZE - 2, TEXT,
              FELT, max_width=max(step - 6, 30))
    if not count:
        write(image, words.NO_CARD_YET, MARGIN, top + 10, LABEL_SIZE, TEXT, FELT)
        return MARGIN + 300
    return MARGIN + (count - 1) * step + tiles.CARD_W


# The height of each line of ``_facing``: a suit badge's, a line of words', a warning's.
BADGE_LINE = 52
WORDS_LINE = 32
WARNING_LINE = 34


def _facing_height(scene: TableScene) -> int:
    """How tall ``_facing``'s lines are for ``scene``, so the picture makes room for them all."""
    badges = sum(x is not None for x in (scene.lead_suit, scene.asked_suit, scene.demand))
    words_lines = 1 if scene.demand is None and scene.demand_words else 0
    warnings = bool(scene.pick_up) + bool(scene.skips)
    return badges * BADGE_LINE + words_lines * WORDS_LINE + warnings * WARNING_LINE


def _facing(image: Image.Image, scene: TableScene, x: int, top: int) -> None:
    """What the next player faces, one line each."""
    y = top
    if scene.lead_suit is not None:
        width = write(image, words.FOLLOW, x, y + 12, LABEL_SIZE, TEXT, FELT)
        # Past the label however long its language makes it (English's keeps its place).
        image.paste(suit_badge(scene.lead_suit, 44, FELT), (x + max(72, width + 4), y))
        y += BADGE_LINE
    if scene.asked_suit is not None:
        width = write(image, words.ASKED_FOR, x, y + 12, LABEL_SIZE, TEXT, FELT)
        image.paste(suit_badge(scene.asked_suit, 44, FELT), (x + max(96, width + 4), y))
        y += BADGE_LINE
    if scene.demand is not None:  # in words and a suit sign: the card itself is in somebody's hand
        demand = scene.demand
        width = write(image, words.DEMANDED, x, y + 12, LABEL_SIZE, TEXT, FELT)
        if demand.is_joker:
            write(image, words.joker(demand.colour), x + width + 10, y + 8, LABEL_SIZE + 6, HIGHLIGHT, FELT)
        else:
            rank = write(image, RANK_TEXT[demand.rank], x + width + 10, y + 6, LABEL_SIZE + 10, HIGHLIGHT, FELT)
            image.paste(suit_badge(demand.suit, 44, FELT), (x + width + 16 + rank, y))
        y += BADGE_LINE
    elif scene.demand_words:
        write(image, words.demanded(scene.demand_words), x, y + 4, LABEL_SIZE, TEXT, FELT)
        y += WORDS_LINE
    if scene.pick_up:
        write(image, words.pick_up(scene.pick_up), x, y + 4, LABEL_SIZE + 4, WARNING, FELT)
        y += WARNING_LINE
    if scene.skips:
        write(image, words.skips_pending(scene.skips), x, y + 4, LABEL_SIZE + 4, WARNING, FELT)
