"""The card pictures: every face drawn and told apart, a hand picture that shows exactly
the hand in order with the playable cards raised, table pictures drawn from the public
view only, pictures cached by content and small."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.cards import ALL_CARDS, Card, card, parse_cards
from bot.registry import game_class
from bot.ui.cards import PICTURES, cards_named, hand_image, palette, scene_of, table_image, tiles
from bot.ui.cards.cache import CardImage, PictureCache
from bot.ui.cards.hand import RAISE, draw_hand, layout
from bot.ui.cards.scene import SeatScene, TableScene
from bot.ui.pictures import UNKNOWN, edit_fields

MAX_PNG = 60 * 1024


def decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def test_there_are_54_distinct_faces_and_a_back_unlike_any_of_them() -> None:
    faces = palette.every_face()
    assert len(faces) == 54
    pixels = {face.convert("RGB").tobytes() for face in faces}
    assert len(pixels) == 54, "two cards were drawn alike"
    assert palette.back().convert("RGB").tobytes() not in pixels
    assert all(face.size == (tiles.CARD_W, tiles.CARD_H) for face in faces)


def reds(image: Image.Image) -> int:
    rgb = image.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(rgb), 3) if rgb[i] > 150 and rgb[i + 1] < 90 and rgb[i + 2] < 90)


def test_the_red_joker_is_red_and_the_black_joker_is_not() -> None:
    red, black = palette.face(card("JKR")), palette.face(card("JKB"))
    assert red.convert("RGB").tobytes() != black.convert("RGB").tobytes()
    assert reds(red) > 300
    assert reds(black) == 0


@pytest.mark.parametrize("code", ["AH", "10D", "QH", "2D"])
def test_hearts_and_diamonds_are_red_spades_and_clubs_are_not(code: str) -> None:
    red = palette.face(card(code))
    black = palette.face(card(code.replace("H", "S").replace("D", "C")))
    assert reds(red) > 300
    assert reds(black) == 0


def strip_of(image: Image.Image, x: int, y: int, width: int) -> bytes:
    return image.crop((x, y, x + width, y + tiles.CARD_H)).tobytes()


def assert_shows(png: bytes, cards: list[Card], playable: set[Card]) -> None:
    """Every card of ``cards`` is laid in order, its visible part pixel for pixel its own
    face, raised exactly when playable; and the picture is no wider than that many cards."""
    raised = [c in playable for c in cards]
    width, height, placed = layout(cards, raised)
    image = decoded(png)
    assert image.size == (width, height)
    for i, spot in enumerate(placed):
        same_row = i + 1 < len(placed) and placed[i + 1].x > spot.x
        visible = min(placed[i + 1].x - spot.x, tiles.CARD_W) if same_row else tiles.CARD_W
        face = palette.face(spot.card).convert("RGB")
        # the corner strip (rank and suit), clear of the rounded corners
        shown = image.crop((spot.x + 4, spot.y + 10, spot.x + visible - 1, spot.y + tiles.CARD_H - 10)).tobytes()
        assert shown == face.crop((4, 10, visible - 1, tiles.CARD_H - 10)).tobytes(), f"card {i} is not {spot.card}"
        assert spot.raised == (spot.card in playable)
    assert cards_named(png) == [c.code for c in cards]


@pytest.mark.parametrize("size", [1, 4, 9, 14, 15, 30])
def test_the_hand_picture_shows_exactly_the_hand_in_order(size: int) -> None:
    rng = random.Random(size)
    cards = rng.sample(ALL_CARDS, size)
    playable = set(rng.sample(cards, size // 3))
    assert_shows(draw_hand(cards, [c in playable for c in cards]).png, cards, playable)


def test_the_hand_check_fails_for_another_hand() -> None:
    """The check above can fail: a hand with one card changed, or in another order, or
    other cards raised, is told apart from the picture."""
    cards = list(parse_cards("9C 4D 4S QS AH"))
    png = draw_hand(cards, [False, True, True, False, False]).png
    for other, playable in ((list(parse_cards("9C 4D 4S QS AD")), {cards[1], cards[2]}),
                            (list(parse_cards("4D 9C 4S QS AH")), {cards[1], cards[2]}),
                            (cards, {cards[0]})):
        with pytest.raises(AssertionError):
            assert_shows(png, other, playable)


def test_playable_cards_stand_higher() -> None:
    cards = list(parse_cards("9C 4D 4S"))
    _, _, placed = layout(cards, [False, True, False])
    assert placed[0].y - placed[1].y == RAISE and placed[0].y == placed[2].y


def test_pictures_are_cached_by_content_and_never_drawn_twice() -> None:
    cards = list(parse_cards("2H 3H 4H KS"))
    misses = PICTURES.misses
    first = hand_image(cards, {cards[0]})
    again = hand_image(list(parse_cards("2H 3H 4H KS")), {card("2H")})
    assert again is first and PICTURES.misses == misses + 1
    other = hand_image(cards, {cards[1]})
    assert other.digest != first.digest and PICTURES.misses == misses + 2


async def test_orders_for_one_picture_at_once_share_one_drawing_in_a_worker_thread() -> None:
    import asyncio
    import threading

    cache = PictureCache()
    threads: list[str] = []

    def draw() -> CardImage:
        threads.append(threading.current_thread().name)
        return draw_hand(list(parse_cards("5C 6C")), [False, True])

    first, second = await asyncio.gather(cache.get_async("k", draw), cache.get_async("k", draw))
    assert first is second and len(threads) == 1
    assert threads[0] != threading.main_thread().name, "drawn on the event loop's thread"
    assert await cache.get_async("k", draw) is first and len(threads) == 1


def test_the_cache_is_bounded_by_entries_and_bytes() -> None:
    cache = PictureCache(max_entries=3, max_bytes=25)

    def picture(size: int) -> CardImage:
        return CardImage(b"x" * size, "p.png", str(size), 1, 1)

    for key in range(5):
        cache.get(key, lambda: picture(5))
    assert len(cache) == 3
    cache.get("big", lambda: picture(20))
    assert cache.size_bytes <= 25 and len(cache) <= 2


def big_scene(game: str = "kadi") -> TableScene:
    seats = tuple(SeatScene(f"Player with a long name {i}", 20 + i, i == 3, "called" if i == 1 else "")
                  for i in range(8))
    if game == "donkey":
        trick = tuple((f"P{i}", c) for i, c in enumerate(parse_cards("AS KS QS JS 10S 9S 8S 7S")))
        return TableScene(seats=seats, trick=trick, lead_suit="S", caption="round 12")
    return TableScene(seats=seats, pile=parse_cards("4H 4S 4D 4C QH QS"), asked_suit="H", demand=card("KC"),
                      pick_up=12, skips=3, caption="round 3 of 5 · anticlockwise")


@pytest.mark.parametrize("game", ["kadi", "donkey"])
def test_the_largest_pictures_stay_under_60_kb(game: str) -> None:
    table = table_image(big_scene(game))
    assert len(table.png) <= MAX_PNG, len(table.png)
    hand = draw_hand(list(ALL_CARDS[:40]), [i % 2 == 0 for i in range(40)])
    assert len(hand.png) <= MAX_PNG, len(hand.png)


def test_a_table_picture_names_the_faces_it_shows() -> None:
    scene = big_scene()
    assert card("KC") not in scene.cards_shown(), "a demand is named in words, not shown as a face"
    assert cards_named(table_image(scene).png) == [c.code for c in scene.cards_shown()]


def random_game(name: str, seed: int) -> object:
    engine = game_class(name)
    game = engine.new(4, engine.rules_type(), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        if game.is_over:
            break
        seat = sorted(game.actors())[0]
        legal = game.legal_moves(seat)
        game.apply(seat, rng.choice(legal))
    return game


@pytest.mark.parametrize("name", ["kadi", "karata", "donkey"])
def test_a_seats_view_cannot_be_drawn_as_the_table(name: str) -> None:
    game = random_game(name, 1)
    for seat in range(4):
        with pytest.raises(ValueError, match="public view"):
            scene_of(game.view(seat), ["A", "B", "C", "D"])  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["kadi", "karata", "donkey"])
def test_table_pictures_show_no_card_from_any_hand(name: str) -> None:
    """Over many random positions, every face a table picture shows is on the discard pile
    or in the trick, never in a hand, and the picture's PNG names the same faces."""
    for seed in range(40):
        game = random_game(name, seed)
        public = game.view(None)  # type: ignore[attr-defined]
        in_hands = {c for seat in range(4) for c in game.view(seat).hand}  # type: ignore[attr-defined]
        scene = scene_of(public, ["A", "B", "C", "D"])
        shown = set(scene.cards_shown())
        assert not shown & in_hands, f"seed {seed}: a hand's card on the table picture: {shown & in_hands}"
        on_table = set(getattr(public, "discard", ())) | set(getattr(public, "discarded", ()))
        on_table |= {c for _, c in getattr(public, "trick", ())}
        assert shown <= on_table
        assert cards_named(table_image(scene).png) == [c.code for c in scene.cards_shown()]


def test_an_edit_uploads_a_picture_only_when_it_changed() -> None:
    picture = hand_image(list(parse_cards("2H 3H")), ())
    assert edit_fields(picture, picture.digest) == {}
    assert [f.filename for f in edit_fields(picture, "other")["attachments"]] == ["hand.png"]
    assert [f.filename for f in edit_fields(picture, UNKNOWN)["attachments"]] == ["hand.png"]
    assert edit_fields(None, None) == {}
    assert edit_fields(None, picture.digest) == {"attachments": []}


def _warning_rows(image: Image.Image) -> set[int]:
    """The rows holding a pixel of the warning colour (a pending pick-up's or skips' words)."""
    from bot.ui.cards.colours import WARNING

    rows = set()
    pixels = image.load()
    assert pixels is not None
    for y in range(image.height):
        for x in range(image.width):
            r, g, b = pixels[x, y][:3]
            # Within 80: the picture's palette (PNG, quantized) moves the colour a little.
            if abs(r - WARNING[0]) + abs(g - WARNING[1]) + abs(b - WARNING[2]) < 80:
                rows.add(y)
                break
    return rows


def test_everything_the_next_player_faces_fits_above_the_caption() -> None:
    """A suit asked for, a card demanded, a pick-up and skips (five lines beside the pile)
    are all drawn above the caption, however many there are: the picture grows for them."""
    from bot.ui.cards.table import LABEL_SIZE, MARGIN

    seats = (SeatScene("Amina", 3, True, "", number=1), SeatScene("Bao", 4, False, "", number=2))
    # Black cards only, so the only reds are the warnings' words.
    busy = TableScene(seats=seats, pile=parse_cards("5S 6S"), asked_suit="S", demand=card("KC"), pick_up=2,
                      skips=2, caption="Round 2 of 5 · anticlockwise")
    image = decoded(table_image(busy).png)
    caption_top = image.height - MARGIN - LABEL_SIZE
    warnings = _warning_rows(image)
    assert warnings, "the pick-up and skips lines were not drawn"
    assert max(warnings) < caption_top, "a pending pick-up or skip is drawn over the caption"
    quiet = decoded(table_image(TableScene(seats=seats, pile=parse_cards("5S"), caption="Round 1")).png)
    assert quiet.height < image.height


def test_the_two_jokers_differ_by_shape_and_write_no_word() -> None:
    """The red Joker's star is filled, the black Joker's outlined: told apart without their
    ink, and with no word on the card that would be English in every language (their
    colour is named in the alt text, in the reader's language)."""
    def inked(code: str) -> int:
        grey = palette.face(card(code)).convert("L")
        centre = grey.crop((tiles.CARD_W // 3, tiles.CARD_H // 4, tiles.CARD_W - 4, tiles.CARD_H * 3 // 4))
        return sum(1 for value in centre.tobytes() if value < 200)  # one byte a pixel in "L"

    red, black = inked("JKR"), inked("JKB")
    assert red > 1.5 * black > 0, (red, black)
