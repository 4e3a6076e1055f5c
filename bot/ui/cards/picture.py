"""What every card picture shares: a palette canvas, words as cached tiles, and the PNG."""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Iterable

from PIL import Image, ImageDraw
from PIL.PngImagePlugin import PngInfo

from bot.games.cards import Card
from bot.ui.cards import tiles, typeset
from bot.ui.cards.cache import CardImage
from bot.ui.cards.colours import CARD_WHITE, Colour, suit_ink
from bot.ui.cards.palette import index_of, shared_palette, to_palette

PNG_COMPRESSION = 1  # zlib's fastest: encoding is most of a picture's time; 9 KB instead of 7 at p50
CARDS_KEY = "cards"  # the PNG text chunk naming every face the picture shows


def canvas(width: int, height: int, colour: Colour) -> Image.Image:
    image = Image.new("P", (width, height), index_of(colour))
    image.putpalette(shared_palette().getpalette() or [])
    return image


def lay(image: Image.Image, tile: Image.Image, x: int, y: int) -> None:
    """Paste a card tile at (x, y), its rounded corners leaving the table showing."""
    image.paste(tile, (x, y), tiles.mask() if tile.size == (tiles.CARD_W, tiles.CARD_H) else None)


def rectangle(image: Image.Image, box: tuple[int, int, int, int], colour: Colour, radius: int = 0,
              outline: Colour | None = None, width: int = 1) -> None:
    """A filled (rounded) rectangle in a palette colour (its edge is not smoothed: at
    these sizes a panel's corner cannot be told from a smoothed one)."""
    ImageDraw.Draw(image).rounded_rectangle(
        box, radius=radius, fill=index_of(colour), outline=None if outline is None else index_of(outline),
        width=width)


@functools.lru_cache(maxsize=2048)
def words(text: str, size: int, colour: Colour, background: Colour) -> typeset.Lettering:
    """``text`` in the bundled fonts (any script: ``typeset.py``), smoothed on ``background``
    and mapped to the palette (names and notes repeat from one picture to the next: drawn
    once each)."""
    drawn = typeset.render(text, size, colour, background)
    return typeset.Lettering(to_palette(drawn.image), drawn.baseline)


def baseline(size: int) -> int:
    """Where, below the ``y`` given to ``write``, the words' baseline lies: as it did when
    words were written in Pillow's bundled font (its ascent is its size), so that every
    layout keeps its place."""
    return 1 + size


def write(image: Image.Image, text: str, x: int, y: int, size: int, colour: Colour, background: Colour,
          max_width: int | None = None, centre: bool = False) -> int:
    """Write ``text`` at (x, y) (centred on x when ``centre``), cut to ``max_width``
    pixels with an ellipsis; returns its width."""
    if max_width is not None:
        text = typeset.fit(text, size, max_width)
    tile = words(text, size, colour, background)
    if centre:
        x -= tile.image.width // 2
    image.paste(tile.image, (x, y + baseline(size) - tile.baseline))
    return tile.image.width


@functools.lru_cache(maxsize=64)
def small_back(width: int, height: int) -> Image.Image:
    return to_palette(tiles.back_rgb().resize((width, height), Image.Resampling.LANCZOS))


@functools.lru_cache(maxsize=64)
def suit_badge(suit: str, size: int, background: Colour) -> Image.Image:
    """A suit symbol alone (what an Ace or a Jack asks for), smoothed, on ``background``."""
    s = tiles.SUPERSAMPLE
    image = Image.new("RGB", (size * s, size * s), background)
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, size * s - 1, size * s - 1), fill=CARD_WHITE)
    colour = suit_ink(suit)  # two colours: the table picture is the same for every viewer
    tiles.draw_suit(draw, suit, size * s / 2, size * s / 2, size * s * 0.56, colour)
    return to_palette(image.resize((size, size), Image.Resampling.LANCZOS))


def finish(image: Image.Image, filename: str, shown: Iterable[Card]) -> CardImage:
    """The PNG of ``image``, naming in a text chunk every card face it shows (what the
    no-leak tests read back)."""
    info = PngInfo()
    info.add_text(CARDS_KEY, " ".join(c.code for c in shown))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_COMPRESSION, pnginfo=info)
    png = out.getvalue()
    digest = hashlib.blake2b(png, digest_size=12).hexdigest()
    return CardImage(png, filename, digest, image.width, image.height)


def cards_named(png: bytes) -> list[str]:
    """The card codes a picture's PNG says it shows."""
    with Image.open(io.BytesIO(png)) as image:
        text = str(getattr(image, "text", {}).get(CARDS_KEY, ""))
    return text.split()
