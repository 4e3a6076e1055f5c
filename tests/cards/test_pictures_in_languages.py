"""The card pictures in the reader's language (issue 29): their drawn words and alt text
come from the catalogue of the language of the moment (``speaking``), and a picture in
one language is never served for another: the cache key and the message's picture digest
name the language, and the drawing, in the worker thread, speaks the scene's language."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.cards import card, parse_cards
from bot.registry import game_class
from bot.ui.cards import PICTURES, hand_order, scene_of, table_order
from bot.ui.cards.scene import SeatScene, TableScene
from bot.ui.cards.table import draw_table
from bot.ui.pictures import digest_of
from bot.ui.text import pictures
from bot.ui.text.i18n import speaking

HAND = list(parse_cards("4C 9D QH JKR"))


def busy_scene() -> TableScene:
    """A scene using every word the table picture writes (made in the language of the moment)."""
    seats = (SeatScene("Amina", 5, False, pictures.CALLED, number=1), SeatScene("Bao", 0, True, pictures.CARDLESS,
                                                                                number=2))
    return TableScene(seats=seats, pile=parse_cards("AH AS"), asked_suit="D", demand=card("KC"), pick_up=2,
                      skips=2, caption=pictures.caption(pictures.round_of(2, 5), pictures.direction(False)))


def donkey_scene() -> TableScene:
    seats = (SeatScene("Amina", 5, False, pictures.out_in_place(1), number=1),
             SeatScene("Bao", 4, True, pictures.SITS_OUT, number=2))
    return TableScene(seats=seats, trick=(("Amina", card("9S")),), lead_suit="S", caption=pictures.round_number(3))


def every_word() -> dict[str, str]:
    """Every word and sentence of bot/ui/text/pictures.py, said now."""
    constants = {name: getattr(pictures, name) for name in pictures._CONSTANTS}
    return {
        **constants,
        "cards": pictures.cards_words(parse_cards("QS 10H AD 2C JKR JKB")),
        "seat": pictures.seat(3), "out": pictures.out_in_place(2), "rounds": pictures.round_of(2, 5),
        "round": pictures.round_number(4), "clockwise": pictures.direction(True),
        "demanded": pictures.demanded(pictures.ANY_SPECIAL_CARD), "pick up": pictures.pick_up(3),
        "skip": pictures.skips_pending(1), "skips": pictures.skips_pending(2),
        "empty hand": pictures.hand_alt([], []), "hand": pictures.hand_alt(HAND, HAND[:1]),
        "seat alt": pictures.seat_alt("Bao", 1, True, pictures.CALLED),
        "table alt": table_order(busy_scene()).alt, "donkey alt": table_order(donkey_scene()).alt,
        "no card yet": table_order(TableScene(seats=(), lead_suit="H")).alt,
        "demand words": table_order(TableScene(seats=(), demand_words=pictures.ANY_SPECIAL_CARD)).alt,
    }


def test_every_picture_word_is_said_in_kiswahili_and_none_is_a_message_id() -> None:
    english = every_word()
    with speaking("sw"):
        kiswahili = every_word()
    assert english.keys() == kiswahili.keys()
    for key in english:
        # A failed lookup answers its message id: no word may be one.
        assert "picture-" not in english[key] and "picture-" not in kiswahili[key], key
        assert english[key] != kiswahili[key], key
    assert "shupaza" in kiswahili["cards"] and "Joker nyekundu" in kiswahili["cards"]
    assert kiswahili["hand"].startswith("Karata zako, karata 4: 4 ya pau, 9 ya uru, Q ya kopa, Joker nyekundu.")
    assert kiswahili["table alt"].startswith("Meza. Mchezo wa mwisho: Ace ya kopa, Ace ya shupaza; juu: Ace ya ")


def test_a_language_without_the_words_falls_back_to_english() -> None:
    english = every_word()
    with speaking("xx"):
        assert every_word() == english


def test_a_scene_holds_the_language_it_was_made_in() -> None:
    assert busy_scene().lang == "en"
    with speaking("sw"):
        scene = busy_scene()
    assert scene.lang == "sw" and all(seat.lang == "sw" for seat in scene.seats)
    # Its alt text is in its own language, whichever is spoken when the order is made.
    assert table_order(scene).alt.startswith("Meza.")


def test_kadi_scene_of_a_public_view_is_in_the_language_of_the_moment() -> None:
    engine = game_class("kadi")
    game = engine.new(3, engine.rules_type(), 7)
    english = scene_of(game.view(None), ["A", "B", "C"])
    with speaking("sw"):
        kiswahili = scene_of(game.view(None), ["A", "B", "C"])
    assert english != kiswahili and kiswahili.caption in ("kisaa", "kinyume cha saa")
    assert table_order(english).key != table_order(kiswahili).key


async def test_the_same_table_in_two_languages_is_two_pictures_with_two_digests() -> None:
    PICTURES.clear()
    english_order = table_order(busy_scene())
    with speaking("sw"):
        kiswahili_order = table_order(busy_scene())
    assert english_order.key != kiswahili_order.key
    # Drawn in the drawing thread (where the caller's language does not follow) from the cache's
    # point of view: each in its own language.
    english, kiswahili = await english_order.drawn(), await kiswahili_order.drawn()
    assert english.digest != kiswahili.digest and english.png != kiswahili.png
    assert digest_of(english) != digest_of(kiswahili)
    assert (english.lang, kiswahili.lang) == ("en", "sw")
    with speaking("sw"):
        assert kiswahili.png == draw_table(busy_scene()).png
    # Drawn again, each is served from the cache in its own language.
    assert (await english_order.drawn()).png == english.png
    with Image.open(io.BytesIO(kiswahili.png)) as shown:
        assert shown.size[0] > 0


async def test_a_hand_in_two_languages_has_two_keys_and_two_digests() -> None:
    english_order = hand_order(HAND, set(HAND[:1]))
    with speaking("sw"):
        kiswahili_order = hand_order(HAND, set(HAND[:1]))
    assert english_order.key != kiswahili_order.key
    assert kiswahili_order.alt != english_order.alt and "picture-" not in kiswahili_order.alt
    english, kiswahili = await english_order.drawn(), await kiswahili_order.drawn()
    assert english.png == kiswahili.png  # a hand picture writes no words: the same cards look the same
    assert digest_of(english) != digest_of(kiswahili)
