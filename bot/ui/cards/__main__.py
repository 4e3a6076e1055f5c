"""``python -m bot.ui.cards [folder]``: the gallery of every face and the back, and a
sample hand (in both decks) and table picture, written as PNGs into ``docs/images/`` (or ``folder``)
for the README and the docs."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from bot.games.cards import ALL_CARDS, card, parse_cards
from bot.ui.cards import Deck, hand_image, palette, table_image, tiles
from bot.ui.cards.colours import FELT
from bot.ui.cards.scene import SeatScene, TableScene

DOCS_IMAGES = Path(__file__).resolve().parents[3] / "docs" / "images"
PER_ROW = 14
GAP = 6


def gallery() -> Image.Image:
    """The 54 faces in the deck's order, then the back: 4 rows of 14."""
    faces = [palette.face(c) for c in ALL_CARDS] + [palette.back()]
    rows = (len(faces) + PER_ROW - 1) // PER_ROW
    sheet = Image.new("RGB", (GAP + PER_ROW * (tiles.CARD_W + GAP), GAP + rows * (tiles.CARD_H + GAP)), FELT)
    for i, face in enumerate(faces):
        row, col = divmod(i, PER_ROW)
        sheet.paste(face.convert("RGB"), (GAP + col * (tiles.CARD_W + GAP), GAP + row * (tiles.CARD_H + GAP)),
                    tiles.mask())
    return sheet


def sample_hand(deck: Deck = Deck.TWO) -> bytes:
    hand = list(parse_cards("4S QS 9D 4D 10H AH KC 9C JKR"))
    return hand_image(hand, {card("4S"), card("QS"), card("4D"), card("AH"), card("JKR")}, deck).png


def sample_table() -> bytes:
    seats = (SeatScene("Amani", 5, False), SeatScene("Bao", 2, True, "called"), SeatScene("Chebet", 9, False),
             SeatScene("Computer (hard)", 4, False))
    return table_image(TableScene(seats=seats, pile=parse_cards("AH AS"), asked_suit="D",
                                  caption="round 1 · clockwise")).png


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    gallery().quantize(256, dither=Image.Dither.NONE).save(folder / "cards-gallery.png", optimize=True)
    (folder / "hand.png").write_bytes(sample_hand())
    (folder / "hand-four-colours.png").write_bytes(sample_hand(Deck.FOUR))
    (folder / "table.png").write_bytes(sample_table())
    for name in ("cards-gallery.png", "hand.png", "hand-four-colours.png", "table.png"):
        print(folder / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DOCS_IMAGES)
