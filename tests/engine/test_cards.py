"""Card notation from docs/rules/decisions.md ("Card notation")."""

from __future__ import annotations

import copy
import pickle

import pytest

from bot.games.cards import (
    ACE,
    ALL_CARDS,
    BLACK_JOKER,
    JOKER,
    RED_JOKER,
    CardParseError,
    card,
    deck52,
    deck54,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
    penalty_points,
)


@pytest.mark.parametrize("text", ["QS", "q♠", "Qs", "q s", "Q♠️"])
def test_queen_of_spades_in_every_spelling(text: str) -> None:
    assert parse_card(text) is card("QS")


@pytest.mark.parametrize("text", ["10h", "Th", "10♥", "t♥"])
def test_ten_also_as_t(text: str) -> None:
    assert parse_card(text) is card("10H")


@pytest.mark.parametrize(
    ("text", "joker"),
    [("JKR", RED_JOKER), ("jkb", BLACK_JOKER), ("🃏R", RED_JOKER), ("🃏b", BLACK_JOKER),
     ("red joker", RED_JOKER), ("Black Joker", BLACK_JOKER)],
)
def test_jokers(text: str, joker: object) -> None:
    assert parse_cards(text) == (joker,)


def test_several_cards_keep_their_order_with_spaces_or_commas() -> None:
    expected = (card("QS"), card("QC"), card("4C"), card("4D"))
    assert parse_cards("QS QC 4C 4D") == expected
    assert parse_cards("q♠, q♣,4c ,4d") == expected
    assert parse_cards("red joker, 2h black joker") == (RED_JOKER, card("2H"), BLACK_JOKER)


@pytest.mark.parametrize(
    ("text", "message"),
    [("1S", "`1S` is not a card: ranks are A, 2–10, J, Q, K"),
     ("QX", "`QX` is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
     ("Q", "`Q` is not a card: write a rank and a suit, such as QS or 10♥")],
)
def test_bad_tokens_are_named(text: str, message: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(f"QS {text}")
    assert str(err.value) == message


def test_empty_text_is_an_error() -> None:
    with pytest.raises(CardParseError):
        parse_cards(" , ")


def test_decks() -> None:
    assert len(deck52()) == 52 and len(set(deck52())) == 52
    assert len(deck54()) == 54 and RED_JOKER in deck54() and BLACK_JOKER in deck54()
    assert RED_JOKER not in deck52()


def test_printing_round_trips() -> None:
    for c in ALL_CARDS:
        assert parse_card(c.code) is c
        assert parse_card(c.symbol) is c
    assert format_cards([card("QS"), card("10H"), RED_JOKER]) == "Q♠ 10♥ 🃏R"
    assert format_cards([card("QS"), RED_JOKER], symbols=False) == "QS JKR"


def test_cards_are_singletons_through_copy_and_pickle() -> None:
    c = card("AS")
    assert copy.copy(c) is c and copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c


def test_suits_and_colours() -> None:
    assert parse_suit("♥") == "H" and parse_suit("spades") == "S" and parse_suit("d") == "D"
    with pytest.raises(CardParseError):
        parse_suit("X")
    assert card("AH").colour == "R" and card("AC").colour == "B"
    assert RED_JOKER.colour == "R" and BLACK_JOKER.rank == JOKER and card("AS").rank == ACE


def test_penalty_points_table() -> None:
    points = {"JKR": 50, "2H": 20, "JS": 10, "KD": 4, "QC": 2, "AS": 1, "3H": 3, "10C": 10, "7D": 7}
    for code, value in points.items():
        assert penalty_points(card(code)) == value
