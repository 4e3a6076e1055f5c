"""Kadi through the engine protocol: turns and reasons, timeouts, the view,
saved state, and legal_moves against a brute force of every play."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from bot.ai.kadi import KadiPlayer
from bot.games.cards import ACE, SUITS, card
from bot.games.core.events import TimedOut
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE, PASS_MOVE, Move, MoveKind
from bot.games.kadi import KadiGame, KadiRules, KadiView
from bot.registry import game_class
from tests.engine.kadi_position import play, position
from tests.says import says


def test_the_engine_is_registered_as_kadi() -> None:
    assert game_class("kadi") is KadiGame
    assert KadiGame.name == "kadi" and (KadiGame.min_seats, KadiGame.max_seats) == (2, 5)


# ----------------------------------------------------------------- reasons


def test_it_is_not_your_turn() -> None:
    game = position(["5D", "KS", "9C"], top="9D", turn=2)
    with says(r"^It's not your turn: it's seat 2's\.$"):
        play(game, 0, "play 5D")


def test_you_dont_hold_that_card() -> None:
    game = position(["5D", "KS"], top="9D")
    with says(r"^You don't hold 9♣\.$"):
        play(game, 0, "play 9C")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play", "No cards given"),
        ("play 5D 5D", "twice"),
        ("play 5D ask H", "Only an Ace asks"),
        ("pass", "There is no skip to take"),
        ("hide 5D", "not a Kadi move"),
        ("challenge 1", "not a Kadi move"),
    ],
)
def test_bad_moves_say_why_in_one_sentence(text: str, reason: str) -> None:
    game = position(["5D 6D", "KS"], top="9D")
    before = json.dumps(game.to_state())
    with says(reason):
        play(game, 0, text)
    assert json.dumps(game.to_state()) == before


@pytest.mark.parametrize("seat", [-1, 3, 9])
def test_no_such_seat(seat: int) -> None:
    game = position(["5D", "KS", "KC"], top="9D")
    with says("There is no seat"):
        game.apply(seat, DRAW_MOVE)


def test_draw_and_pass_take_nothing_after_them() -> None:
    game = position(["5D", "KS"], top="9D")
    with says("takes nothing"):
        game.apply(0, Move("draw", (card("5D"),)))


def test_nothing_may_be_done_after_the_match() -> None:
    game = position(["6D", "KS"], top="9D", called=[0])
    play(game, 0, "play 6D")
    with says("The match is over"):
        game.apply(1, DRAW_MOVE)


# ----------------------------------------------------------------- timeout


def test_timeout_picks_up_a_pending_bomb() -> None:
    game = position(["5D", "KS"], top="2D", bomb=2, bomb_kind=2)
    assert game.timeout_move() == (0, DRAW_MOVE)


def test_timeout_takes_a_pending_skip() -> None:
    game = position(["JD 5S", "JS 9S", "KC"], top="9D")
    play(game, 0, "play JD")
    assert game.timeout_move() == (1, PASS_MOVE)


def test_timeout_draws_back_in_when_cardless() -> None:
    game = position(["", "KS"], top="9D", cardless=[0])
    assert game.timeout_move() == (0, DRAW_MOVE)


def test_timeout_otherwise_draws_one() -> None:
    game = position(["5D", "KS"], top="9D")
    assert game.timeout_move() == (0, DRAW_MOVE)
    assert TimedOut(0).to_dict() == {"event": "TimedOut", "seat": 0}


# -------------------------------------------------------------------- view


def test_the_public_view_shows_the_table_and_no_hand() -> None:
    game = position(["5D 6D", "KS", "KC 4C 4D"], top="AH", base="9D", ask="C",
                    called=[1], cardless=[], rules=KadiRules(rounds=3))
    view = game.view(None)
    assert isinstance(view, KadiView)
    assert view.hand == () and view.hand_counts == (2, 1, 3)
    assert view.top is card("AH") and view.base is card("9D") and view.ask_suit == "C"
    assert view.called == (1,) and view.rounds == 3 and view.round_wins == (0, 0, 0)
    assert view.draw_size == len(game.state.draw_pile) and view.discard_size == len(game.state.discard)
    assert view.turn == 0 and view.actors == frozenset({0}) and view.rules == KadiRules(rounds=3)


def test_a_seats_view_adds_only_its_own_hand() -> None:
    game = position(["5D 6D", "KS"], top="9D")
    assert game.view(0).hand == (card("5D"), card("6D"))
    assert game.view(1).hand == (card("KS"),)


def test_the_view_shows_a_pending_jump_and_whom_it_would_skip() -> None:
    game = position(["JD 5S", "JS 9S", "KC", "KH"], top="9D")
    play(game, 0, "play JD")
    play(game, 1, "play JS")
    game = position(["JD 5S", "JS 9S", "JC KC", "KH"], top="9D")
    play(game, 0, "play JD")
    play(game, 1, "play JS")
    view = game.view(None)
    assert view.skips == 2 and view.skip_targets == (2, 3) and view.jack_layers == (0, 1)


def test_the_view_shows_the_bomb_and_the_call_window() -> None:
    game = position(["2D 6S 6C", "KS"], top="9D")
    play(game, 0, "play 2D")  # leaves 6S 6C: a winning hand
    view = game.view(1)
    assert view.pick_up == 2 and view.bomb_kind == 2 and view.call_window == 0
    assert view.actors == frozenset({0, 1})


# ------------------------------------------------------------------- state


def test_state_is_plain_versioned_json_that_round_trips() -> None:
    game = position(["JD 5S", "JS 9S", "KC"], top="9D", rules=KadiRules(rounds=2, no_jokers=True))
    play(game, 0, "play JD")
    state = game.to_state()
    assert state["game"] == "kadi" and state["version"] == 3 and "seed" in state
    assert state["rules"]["no_jokers"] is True
    again = KadiGame.from_state(json.loads(json.dumps(state)))
    assert again.to_state() == state
    assert again.legal_moves(1) == game.legal_moves(1)


def test_state_of_another_game_or_version_is_refused() -> None:
    state = KadiGame.new(2, seed=1).to_state()
    with pytest.raises(ValueError, match="not 'kadi'"):
        KadiGame.from_state({**state, "game": "donkey"})
    with pytest.raises(ValueError, match="version"):
        KadiGame.from_state({**state, "version": 99})


def test_a_match_replays_from_its_seed_and_moves() -> None:
    rng = random.Random(4)
    game = KadiGame.new(3, KadiRules(rounds=2), seed=99)
    moves = []
    player = KadiPlayer()
    while not game.is_over:
        seat = min(game.actors())
        move = player.choose(game.view(seat), game.legal_moves(seat), rng)
        moves.append((seat, move))
        game.apply(seat, move)
    again = KadiGame.replay(3, KadiRules(rounds=2), 99, [(s, Move.parse(m.text())) for s, m in moves])
    assert again.to_state() == game.to_state()


def test_rules_must_be_kadi_rules() -> None:
    with pytest.raises(ValueError, match="rounds"):
        KadiRules(rounds=0)
    with pytest.raises(ValueError, match="direction"):
        KadiRules(later_direction="sideways")
    assert KadiRules.preset("standard") == KadiRules()
    assert KadiRules.from_dict(KadiRules(ace_finish=True).to_dict()).switches_on() == ["ace_finish"]


# ------------------------------------------------- legal moves, brute force


def outcome(game: KadiGame, seat: int, move: Move) -> str:
    """The state after ``move``, with the discard pile's order below its top ignored
    (and the top too when it is an Ace that is not the card to match: which Ace lies
    on top of Aces laid together then changes nothing)."""
    copy = KadiGame.from_state(game.to_state())
    copy.apply(seat, move)
    state = copy.to_state()
    discard = state["discard"]
    if discard[-1].startswith("A") and state["base"] != discard[-1]:
        state["discard"] = sorted(discard)
    else:
        state["discard"] = [sorted(discard[:-1]), discard[-1:]]
    return json.dumps(state, sort_keys=True)


def brute_force(game: KadiGame, seat: int) -> list[Move]:
    """Every accepted move: every order of every subset of the hand, with every ask."""
    hand = game.state.hands[seat]
    asks: list[object] = [None, *SUITS]
    out: list[Move] = [m for m in (DRAW_MOVE, PASS_MOVE, CALL_MOVE) if game.is_legal(seat, m)]
    for size in range(1, len(hand) + 1):
        for order in itertools.permutations(hand, size):
            demands = [*game.state.draw_pile[:3], card("KC"), card("JKR")]
            choices = [*asks, *demands] if order[0].rank == ACE else [None]
            for ask in choices:
                move = Move(MoveKind.PLAY, order, ask)  # type: ignore[arg-type]
                if game.is_legal(seat, move):
                    out.append(move)
    return out


def positions(count: int, max_hand: int) -> list[tuple[KadiGame, int]]:
    """Positions met in random matches, with small hands to brute-force."""
    out: list[tuple[KadiGame, int]] = []
    rng = random.Random(12)
    attempt = 0
    while len(out) < count:
        attempt += 1
        rules = KadiRules(
            punishment_accumulates=rng.random() < 0.3,
            bombs_answer_bombs=rng.random() < 0.3,
            ace_finish=rng.random() < 0.3,
            deal=3,
        )
        game = KadiGame.new(rng.randint(2, 4), rules, seed=attempt)
        player = KadiPlayer()
        for _ in range(rng.randrange(60)):
            if game.is_over:
                break
            seat = rng.choice(sorted(game.actors()))
            legal = game.legal_moves(seat)
            move = player.choose(game.view(seat), legal, rng) if rng.random() < 0.5 else rng.choice(legal)
            game.apply(seat, move)
        if game.is_over:
            continue
        for seat in sorted(game.actors()):
            if len(game.state.hands[seat]) <= max_hand:
                out.append((KadiGame.from_state(game.to_state()), seat))
    return out


@pytest.mark.parametrize(("game", "seat"), positions(150, 5))
def test_legal_moves_list_every_outcome_exactly_once(game: KadiGame, seat: int) -> None:
    legal = game.legal_moves(seat)
    for move in legal:
        game.check(seat, move)
    listed = [outcome(game, seat, m) for m in legal]
    assert len(set(listed)) == len(listed), "an outcome is listed twice"
    accepted = {outcome(game, seat, m) for m in brute_force(game, seat)}
    assert accepted <= set(listed), "check accepts a move whose outcome is not listed"


def test_legal_moves_stay_small_with_a_twenty_card_hand() -> None:
    hand = "4S 4H 4D 5S 5H 6C 7C 9D 10D QS QH 8S 8D KS KD JS JD 2S 3S JKR"
    game = position([hand, "KC"], top="9S")
    legal = game.legal_moves(0)
    assert len(legal) < 3000
    assert len({m for m in legal}) == len(legal)


def test_a_changed_position_refuses_a_move_listed_before() -> None:
    game = position(["5D 6D", "KS 5S"], top="9D")
    listed = game.legal_moves(0)
    play(game, 0, "play 5D")
    with says("not your turn"):
        game.apply(0, listed[-1])
