"""The four-colour deck (issue 29, item 4): a member's hand picture may show ♠ black,
♥ red, ♦ blue and ♣ green, each suit's sign kept on the card in the same shape (colour is
never the only sign); the two-colour deck, every public picture's, is unchanged; the
picture cache tells the two decks apart."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.cards import ALL_CARDS, Card, card, parse_cards
from bot.ui.cards import PICTURES, Deck, hand_image, hand_order, palette, tiles
from bot.ui.cards.colours import BLACK_INK, BLUE_INK, CARD_WHITE, GREEN_INK, RED_INK, Colour
from bot.ui.cards.hand import draw_hand, layout

# The centre of the suit's sign in a card's top-left corner (``tiles._corner``): the part of
# a card that shows however the hand is fanned.
MARK = (tiles.STRIP // 2 - 2, 60)
INKS = {"black": BLACK_INK, "red": RED_INK, "blue": BLUE_INK, "green": GREEN_INK, "white": CARD_WHITE}
FOUR = {"S": "black", "H": "red", "D": "blue", "C": "green"}
TWO = {"S": "black", "H": "red", "D": "red", "C": "black"}


def decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def nearest_ink(colour: Colour) -> str:
    return min(INKS, key=lambda name: sum((a - b) ** 2 for a, b in zip(INKS[name], colour, strict=True)))


def marks(png: bytes, cards: list[Card], raised: list[bool]) -> list[str]:
    """The ink of each card's corner sign, sampled in the picture where the card lies: the
    pixels around the sign's centre that are ink, nearly all of one colour."""
    image = decoded(png)
    _, _, placed = layout(cards, raised)
    found = []
    for spot in placed:
        x, y = spot.x + MARK[0], spot.y + MARK[1]
        inks = [nearest_ink(image.getpixel((x + dx, y + dy)))  # type: ignore[arg-type]
                for dx in range(-6, 7) for dy in range(-6, 7)]
        inks = [name for name in inks if name != "white"]
        top = max(set(inks), key=inks.count)
        assert len(inks) > 60 and inks.count(top) > 0.9 * len(inks), (spot.card, sorted(inks))
        found.append(top)
    return found


def test_a_four_colour_hand_picture_inks_each_suits_mark_in_its_own_colour() -> None:
    cards = list(parse_cards("AS 7S AH 10H AD QD AC 2C"))
    raised = [c.rank == 14 for c in cards]
    four = draw_hand(cards, raised, Deck.FOUR).png
    assert marks(four, cards, raised) == [FOUR[c.suit] for c in cards]
    two = draw_hand(cards, raised, Deck.TWO).png
    assert marks(two, cards, raised) == [TWO[c.suit] for c in cards], "the two-colour deck changed"
    image = decoded(four)
    near = {nearest_ink(rgb) for _, rgb in image.getcolors(1 << 16) or []}  # type: ignore[misc]
    assert {"black", "red", "blue", "green"} <= near


def test_the_sampling_tells_a_wrong_deck_apart() -> None:
    """The check above can fail: the two-colour picture's diamonds and clubs are not the
    four-colour inks."""
    cards = list(parse_cards("AD AC"))
    assert marks(draw_hand(cards, [False, False], Deck.TWO).png, cards, [False, False]) != ["blue", "green"]


def ink_mask(face: Image.Image) -> bytes:
    """Where a face carries ink, of whatever colour (not the card's white, not the felt)."""
    rgb = face.convert("RGB").tobytes()
    return bytes(1 if sum(abs(a - b) for a, b in zip(rgb[i:i + 3], CARD_WHITE, strict=True)) > 200 else 0
                 for i in range(0, len(rgb), 3))


@pytest.mark.parametrize("code", ["AD", "7D", "QD", "AC", "10C", "KC", "AS", "9H"])
def test_the_suits_sign_is_kept_in_the_same_shape(code: str) -> None:
    two, four = palette.face(card(code)), palette.face(card(code), Deck.FOUR)
    a, b = ink_mask(two), ink_mask(four)
    same = sum(x == y for x, y in zip(a, b, strict=True)) / len(a)
    assert same > 0.99, f"{code}: the four-colour face is not the same drawing ({same:.3f})"
    if card(code).suit in "SH":
        assert two.convert("RGB").tobytes() == four.convert("RGB").tobytes(), "spades and hearts are unchanged"
    else:
        assert two.convert("RGB").tobytes() != four.convert("RGB").tobytes()


def test_jokers_keep_their_own_colour_and_every_four_colour_face_differs() -> None:
    for code in ("JKR", "JKB"):
        assert palette.face(card(code)).tobytes() == palette.face(card(code), Deck.FOUR).tobytes()
    faces = {f.convert("RGB").tobytes() for f in palette.every_face(Deck.FOUR)}
    assert len(faces) == len(ALL_CARDS)


def test_the_picture_cache_keys_on_the_deck() -> None:
    cards = list(parse_cards("3D 3C 3S"))
    two, four = hand_order(cards, {cards[0]}), hand_order(cards, {cards[0]}, Deck.FOUR)
    assert two.key != four.key and two.alt == four.alt, "another picture, the same words"
    misses = PICTURES.misses
    first = hand_image(cards, {cards[0]}, Deck.FOUR)
    assert hand_image(cards, {cards[0]}, Deck.FOUR) is first and PICTURES.misses == misses + 1
    other = hand_image(cards, {cards[0]})
    assert other.png != first.png and PICTURES.misses == misses + 2
