"""The engine core (bot/games/core): move notation, errors, events, results, the
seeded shuffle and the state serialiser (docs/engine.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import pytest

from bot.games.cards import Card, card, deck52, deck54
from bot.games.core.errors import IllegalMove
from bot.games.core.events import DrawReason, Drew, Played, RoundOver
from bot.games.core.moves import Demand, Move, MoveKind, play
from bot.games.core.results import Result, rank_by_points
from bot.games.core.shuffle import shuffled
from bot.games.core.state_json import from_json, to_json
from bot.ui.text.illegal import sentence


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
    assert move.kind is MoveKind.PLAY and not move.asking


def test_an_ask_is_a_suit_a_card_or_a_special_card() -> None:
    suit = Move.parse("play A♠ ask ♥")
    assert suit.ask_suit == "H" and suit.demand is None and suit.asking
    exact = Move.parse("play as ask kc")
    assert exact.ask_suit is None and exact.demand is card("KC")
    special = Move.parse("play JH ask Special")
    assert special.ask_suit is None and special.demand is Demand.SPECIAL
    assert play(card("AS"), demand=card("KC")) == exact
    with pytest.raises(ValueError, match="not both"):
        Move(MoveKind.PLAY, (card("AS"),), ask_suit="H", demand=card("KC"))


@pytest.mark.parametrize(
    ("text", "code", "details", "fragment"),
    [("", "empty-move", {}, "empty"),
     ("dance", "not-a-move", {"word": "dance"}, "`dance` is not a move: moves are call, challenge, draw, hide,"),
     ("play 1S", "card-bad-rank", {"token": "1S"}, "ranks are"),
     ("play QX", "card-bad-suit", {"token": "QX"}, "suits are S, H, D, C"),
     ("play Q", "not-a-card", {"token": "Q"}, "write a rank and a suit"),
     ("play", "no-cards", {}, "No cards given"),
     ("play 1S ask X9", "not-an-ask", {"token": "X9"}, "not something to ask for"),
     ("draw 3", "takes-nothing", {"kind": "draw"}, "`draw` takes nothing after it."),
     ("challenge bob", "challenge-needs-seat", {}, "seat number")],
)
def test_bad_moves_say_why(text: str, code: str, details: dict[str, object], fragment: str) -> None:
    with pytest.raises(IllegalMove) as err:
        Move.parse(text)
    assert err.value.code == code and dict(err.value.details) == details
    assert fragment in sentence(err.value)


def test_an_illegal_move_is_data_and_its_text_is_for_debugging() -> None:
    err = IllegalMove("wrong-suit", card=card("4D"), top=card("QS"), suit="S")
    assert isinstance(err, ValueError)
    assert err.code == "wrong-suit" and err.details["top"] is card("QS")
    assert str(err) == "wrong-suit(card=4♦, top=Q♠, suit='S')"


def test_an_unknown_code_still_gives_the_player_a_sentence() -> None:
    assert sentence(IllegalMove("no-such-code", x=1)) == "That move isn't allowed right now."


def test_events_keep_their_saved_form() -> None:
    # Tables save their last events as these dicts: the form must not move.
    assert Played(1, (card("AS"),), ask_suit="H").to_dict() == {
        "event": "Played", "seat": 1, "cards": ["AS"], "ask": "H"}
    assert Played(1, (card("AS"),), demand=card("KC")).to_dict()["ask"] == "KC"
    assert Played(1, (card("JH"),), demand=Demand.SPECIAL).to_dict()["ask"] == "special"
    assert Played(0, (card("4S"),)).to_dict()["ask"] is None
    drew = Drew(0, 2, DrawReason.STACK).to_dict()
    assert drew == {"event": "Drew", "seat": 0, "count": 2, "reason": "stack"}
    assert type(json.loads(json.dumps(drew))["reason"]) is str
    result = Result((1, 2), (0, 5), (0,))
    assert RoundOver(1, result).to_dict() == {"event": "RoundOver", "round_no": 1, "result": result.to_dict()}


def test_rank_by_points_ties_share_and_winner_first() -> None:
    assert rank_by_points([0, 7, 3, 7], first=0, seats=range(4)) == [1, 3, 2, 3]
    assert rank_by_points([9, 9, 2], first=None, seats=range(3)) == [2, 2, 1]


def test_result_round_trips() -> None:
    result = Result((1, 3, 2), (0, 12, 5), (0,), loser=1, out=(1,))
    assert Result.from_dict(result.to_dict()) == result


# Orders recorded from the hand-written Fisher-Yates loop the engines used before
# ``random.Random.shuffle`` (saved tables and move logs replay through them).
PINNED = [
    (deck54, 7, "r1-deal", "10C 8C AD 7H KD 3H QC 2H KS JH 8S 5D 7S 9D 7D 9H QS 8H JKB KC 6H 5S 2D JC KH 2S "
     "JKR 3D 3S 10S 3C 9S 6D JD 10D 6S 4S 5H AC 4H 5C AS 4D JS QH 2C 4C QD 6C 9C 8D AH 7C 10H"),
    (deck54, 8812736451, "r3-reshuffle-2", "8S 10C JKR 3D 7D 6D 4D 10S 9H 4S JC 3S QS KH 5C 7C 6S KD 4H 4C 9D "
     "AH 2S JD 9S 5H 5D 2D 2H 10D 9C 10H 3H JS KS 8C 8H 5S KC 8D 7H QH AC QC 7S QD 6H 6C 2C JKB 3C AS JH AD"),
    (deck52, 2**63 - 1, "deal", "AS 10D 10C KC 7D JC AD 6S 2D 7H KH QD 7C 10S 9H 8D 7S 5H 5C KD 8S JD 6D 6C 9C "
     "4S 6H QC 2H 5D AH 3C QS 8C JS 9D KS 5S 3H 10H 4D 3D 2C AC 9S QH 2S 4C JH 8H 3S 4H"),
    (lambda: deck54()[:5], 8812736451, "r3-reshuffle-2", "5S 3S 2S 4S 6S"),
]


@pytest.mark.parametrize(("deck", "seed", "salt", "order"), PINNED)
def test_a_shuffle_gives_the_orders_saved_tables_were_dealt(
    deck: Callable[[], list[Card]], seed: int, salt: str, order: str
) -> None:
    assert " ".join(c.code for c in shuffled(deck(), seed, salt)) == order


def test_a_shuffle_is_fixed_by_seed_and_salt() -> None:
    order = shuffled(deck54(), 7, "r1-deal")
    assert sorted(order) == sorted(deck54())
    assert shuffled(deck54(), 7, "r1-deal") == order
    assert shuffled(deck54(), 7, "r2-deal") != order
    expected = deck54()
    random.Random("7:r1-deal").shuffle(expected)
    assert order == expected


# ------------------------------------------------------------------ state_json


class Phase(StrEnum):
    PLAY = "play"
    PLUG = "plug"


@dataclass
class Inner:
    cards: list[Card]
    top: Card | None = None


@dataclass
class Sample:
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    inner: Inner
    demand: Card | Demand | None
    ask: str | None
    counts: dict[int, int]
    called: frozenset[int]
    pair: tuple[int, str]
    out: list[int] = field(default_factory=list)


def test_state_json_round_trips_a_state_dataclass() -> None:
    state = Sample(
        phase=Phase.PLUG,
        hands=((card("QS"), card("JKR")), ()),
        inner=Inner([card("10H")], top=None),
        demand=Demand.SPECIAL,
        ask="H",
        counts={0: 3, 7: 1},
        called=frozenset({2, 0}),
        pair=(1, "x"),
    )
    data = to_json(state)
    assert data == {
        "phase": "plug", "hands": [["QS", "JKR"], []], "inner": {"cards": ["10H"], "top": None},
        "demand": "special", "ask": "H", "counts": {"0": 3, "7": 1}, "called": [0, 2], "pair": [1, "x"], "out": [],
    }
    back = from_json(Sample, json.loads(json.dumps(data)))
    assert back == state and back.phase is Phase.PLUG and back.hands[0][1] is card("JKR")
    assert from_json(Sample, {**data, "demand": "KC"}).demand is card("KC")
    assert from_json(Sample, {k: v for k, v in data.items() if k != "out"}).out == []


def test_state_json_refuses_what_it_cannot_read() -> None:
    data = to_json(Inner([card("AS")]))
    with pytest.raises(ValueError, match="no field 'extra'"):
        from_json(Inner, {**data, "extra": 1})
    with pytest.raises(ValueError, match="needs the field 'cards'"):
        from_json(Inner, {"top": None})
    with pytest.raises(ValueError):
        from_json(Inner, {"cards": ["ZZ"]})


def test_a_refusal_names_the_player_of_a_seat_when_it_knows_the_names() -> None:
    err = IllegalMove("not-your-turn", turn=1)
    assert sentence(err) == "It's not your turn: it's seat 1's."
    assert sentence(err, ["Asha", "Bao"]) == "It's not your turn: it's Bao's."
