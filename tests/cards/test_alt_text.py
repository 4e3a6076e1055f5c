"""Alt text of the card pictures (issue 29, item 4): a hand picture's names its owner's
cards in words; the table picture's says what the public table shows and never a card in
a hand; both fit Discord's 1,024 characters."""

from __future__ import annotations

import random
import re

import pytest

from bot.games.cards import ALL_CARDS, Card, card, parse_cards
from bot.registry import game_class
from bot.ui.cards import hand_order, scene_of, table_order
from bot.ui.cards.scene import SeatScene, TableScene
from bot.ui.text.pictures import ALT_LIMIT, card_words


def named(text: str) -> set[Card]:
    """Every card ``text`` names in words."""
    return {c for c in ALL_CARDS if re.search(rf"(?<![\w]){re.escape(card_words(c))}(?![\w])", text)}


def test_cards_in_words() -> None:
    assert [card_words(c) for c in parse_cards("QS 10H AD 2C JKR JKB")] == [
        "Queen of spades", "10 of hearts", "Ace of diamonds", "2 of clubs", "red Joker", "black Joker"]


def test_a_hand_pictures_alt_text_names_its_cards_in_order_and_the_playable_ones() -> None:
    hand = list(parse_cards("4C 9D 4H 9H"))
    alt = hand_order(hand, {card("4H")}).alt
    assert alt == ("Your hand, 4 cards: 4 of clubs, 9 of diamonds, 4 of hearts, 9 of hearts. "
                   "You can start a play with: 4 of hearts.")
    assert named(alt) == set(hand)


def test_the_largest_alt_texts_fit_discord() -> None:
    assert len(hand_order(list(ALL_CARDS), set(ALL_CARDS)).alt) <= ALT_LIMIT
    seats = tuple(SeatScene(f"Player with a long name {i}" * 3, 20, i == 3, "called", number=i + 1)
                  for i in range(8))
    scene = TableScene(seats=seats, pile=parse_cards("4H 4S 4D 4C QH QS"), asked_suit="H", demand=card("KC"),
                       pick_up=12, skips=3, caption="round 3 of 5 · anticlockwise")
    assert len(table_order(scene).alt) <= ALT_LIMIT


def test_the_table_pictures_alt_text_says_the_public_table() -> None:
    seats = (SeatScene("प्रिया", 5, False, number=1), SeatScene("Bao", 2, True, "called", number=2))
    scene = TableScene(seats=seats, pile=parse_cards("AH AS"), asked_suit="D", pick_up=2,
                       caption="round 1 · clockwise")
    assert table_order(scene).alt == (
        "The table. Last play: Ace of hearts, Ace of spades; on top: Ace of spades. Asked for: diamonds. "
        "Pick up 2. Players: प्रिया, 5 cards; Bao, 2 cards, called, to play. Round 1 · clockwise.")


def random_game(name: str, seed: int) -> object:
    engine = game_class(name)
    game = engine.new(4, engine.rules_type(), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 40)):
        if game.is_over:
            break
        seat = sorted(game.actors())[0]
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    return game


@pytest.mark.parametrize("name", ["kadi", "karata", "donkey"])
def test_the_table_alt_text_names_no_card_in_a_hand(name: str) -> None:
    """Over many random positions, the table's alt text names only the faces the picture
    shows (the pile, the trick) and a demanded card (which is public, and written in the
    picture too), never another card in a hand."""
    for seed in range(40):
        game = random_game(name, seed)
        scene = scene_of(game.view(None), ["A", "B", "C", "D"])  # type: ignore[attr-defined]
        in_hands = {c for seat in range(4) for c in game.view(seat).hand}  # type: ignore[attr-defined]
        said = named(table_order(scene).alt)
        allowed = set(scene.cards_shown()) | ({scene.demand} if scene.demand is not None else set())
        assert said <= allowed, (seed, said - allowed)
        assert not (said & in_hands) - ({scene.demand} if scene.demand is not None else set()), seed
