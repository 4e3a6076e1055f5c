"""The shared move notation and results (docs/engine.md)."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import card, deck54
from bot.games.protocol import IllegalMove, Move, Result, rank_by_points, shuffled


@pytest.mark.parametrize(
    "text",
    ["play QS QC 4C 4D", "play AS ask H", "play AS ask KC", "play JH ask special",
     "draw", "pass", "call", "challenge 2", "hide 5H", "timeout"],
)
def test_move_text_round_trips(text: str) -> None:
    assert Move.parse(text).text() == text


def test_move_parse_accepts_player_spellings() -> None:
    move = Move.parse("play q♠ q♣ 4c 4d")
    assert move.cards == (card("QS"), card("QC"), card("4C"), card("4D"))
    assert Move.parse("play A♠ ask ♥").ask == "H"
    assert Move.parse("play as ask kc").ask is card("KC")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("", "empty"), ("dance", "not a move"), ("play 1S", "ranks are"),
     ("play AS ask X9", "not something to ask for"), ("draw 3", "takes nothing"),
     ("challenge bob", "seat number")],
)
def test_bad_moves_say_why(text: str, fragment: str) -> None:
    with pytest.raises(IllegalMove, match=fragment):
        Move.parse(text)


def test_rank_by_points_ties_share_and_winner_first() -> None:
    assert rank_by_points([0, 7, 3, 7], first=0, seats=range(4)) == [1, 3, 2, 3]
    assert rank_by_points([9, 9, 2], first=None, seats=range(3)) == [2, 2, 1]


def test_result_round_trips() -> None:
    result = Result((1, 3, 2), (0, 12, 5), (0,), loser=1, out=(1,))
    assert Result.from_dict(result.to_dict()) == result


def test_a_shuffle_is_fixed_by_seed_and_salt_for_good() -> None:
    # Saved move logs replay through it: the order of a known seed must never move.
    order = shuffled(deck54(), 7, "r1-deal")
    assert " ".join(c.code for c in order[:8]) == "10C 8C AD 7H KD 3H QC 2H"
    assert sorted(order) == sorted(deck54())
    assert shuffled(deck54(), 7, "r1-deal") == order
    assert shuffled(deck54(), 7, "r2-deal") != order


@pytest.mark.parametrize("size", [0, 1, 2, 5, 17, 54])
def test_a_shuffle_is_pythons_own_shuffle_written_out(size: int) -> None:
    # The written-out loop must give random.shuffle's order (what earlier saves used).
    cards = deck54()[:size]
    for seed in range(200):
        expected = list(cards)
        random.Random(f"{seed}:r1-reshuffle-2").shuffle(expected)
        assert shuffled(cards, seed, "r1-reshuffle-2") == expected
