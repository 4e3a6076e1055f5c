"""Cards you can see: the hand and the table as pictures, drawn by the bot with Pillow.

- ``tiles``: the 54 faces and the back, drawn once each (no downloaded art, no system font),
  the faces in either deck (``colours.Deck``: two colours, or a member's four);
- ``typeset``: words in any script, in the bundled Noto fonts (``fonts/``), shaped by Raqm;
- ``palette``: the one palette every picture shares, and the tiles mapped onto it (pictures are
  pasted tiles, saved as small PNGs);
- ``scene``: ``TableScene``, what a table picture shows, built from the public view only;
- ``hand`` / ``table``: the two pictures; ``cache``: pictures cached by what they show;
- ``python -m bot.ui.cards``: the gallery and the sample pictures in ``docs/images/``.
"""

from bot.ui.cards.cache import PICTURES, CardImage, PictureOrder
from bot.ui.cards.colours import Deck
from bot.ui.cards.hand import hand_image, hand_order
from bot.ui.cards.palette import every_face
from bot.ui.cards.picture import cards_named
from bot.ui.cards.scene import TableScene, scene_of
from bot.ui.cards.table import table_image, table_order
from bot.ui.cards.typeset import warm as read_fonts


def warm() -> None:
    """Draw the tiles and the palette and read the fonts' coverage now (about 0.5 s, once
    per process)."""
    every_face()
    read_fonts()


__all__ = ["PICTURES", "CardImage", "Deck", "PictureOrder", "TableScene", "cards_named", "hand_image", "hand_order",
           "scene_of", "table_image", "table_order", "warm"]
