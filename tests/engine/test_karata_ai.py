"""The Karata / Kadi Moja computer player: legal, sensible, and better than random."""

from __future__ import annotations

import random

import pytest

from bot.ai import RandomPlayer
from bot.ai.karata import KarataPlayer
from bot.games.core.moves import Move
from bot.games.karata import KarataGame, KarataRules
from bot.registry import computer_player
from tests.engine.test_karata_deal import do, move, table

AI = KarataPlayer()


def play_round(game: KarataGame, choose: object, rng: random.Random) -> None:
    """Play to the end as a table would: the turn seat moves, and any other
    seat that may act (a Kadi Moja call out of turn) is asked first."""
    for _ in range(5_000):
        if game.is_over:
            return
        turn = game.turn
        assert turn is not None
        for seat in sorted(game.actors() - {turn}):
            legal = game.legal_moves(seat)
            if move("call") in legal:
                game.apply(seat, AI.choose(game.view(seat), legal, rng))
        legal = game.legal_moves(turn)
        chosen = choose(turn).choose(game.view(turn), legal, rng)  # type: ignore[operator]
        assert chosen in legal
        game.apply(turn, chosen)
    raise AssertionError("the match did not end")


def choice(game: KarataGame, seat: int) -> Move:
    legal = game.legal_moves(seat)
    chosen = AI.choose(game.view(seat), legal, random.Random(0))
    assert chosen in legal
    return chosen


def test_the_registry_names_the_karata_player() -> None:
    assert isinstance(computer_player("karata"), KarataPlayer)


def test_it_plugs_a_skip() -> None:
    game = table(["7H 4C", "7S 5S 6S", "6D"])
    do(game, 0, "play 7H")
    assert choice(game, 1) == move("play 7S")


def test_it_answers_a_draw_stack() -> None:
    game = table(["2H 4C", "2S 5S 6S", "6D"])
    do(game, 0, "play 2H")
    assert choice(game, 1) == move("play 2S")


def test_it_demands_a_special_card_when_the_next_player_is_low() -> None:
    game = table(["JC 4D 9S 3C", "5S", "6D 7D 8D"], "KH")
    chosen = choice(game, 0)
    assert chosen.cards[0].code == "JC" and chosen.demand == "special"


def test_it_plays_its_last_ordinary_card_rather_than_draw() -> None:
    game = table(["4H 2S", "5S 6C 7C 8C", "6D 7D 8D 9D"], "9H")
    assert choice(game, 0) == move("play 4H")


def test_it_keeps_an_ordinary_card_to_finish_on() -> None:
    # 4♥ or 2♥ both fit; laying the 4 would leave only a 2, which cannot finish.
    game = table(["4H 2H", "5S 6C 7C 8C", "6D 7D 8D 9D"], "9H")
    assert choice(game, 0) == move("play 2H")


def test_it_calls_and_takes_the_win() -> None:
    game = table(["4H", "5S 6C", "6D 7D"], "9H", call_rule="must-call-to-win")
    assert choice(game, 0) == move("call")
    do(game, 0, "call")
    assert choice(game, 0) == move("play 4H")


def test_it_calls_kadi_moja() -> None:
    game = table(["4H 5C", "5S 6C 7C", "6D 7D"], "9H")
    do(game, 0, "play 4H")
    assert choice(game, 0) == move("call")


def test_it_often_challenges_a_short_count_near_a_finish() -> None:
    game = table(["4H 5C 6C", "5S 6H", "6D 7D"], "9H", cheat_mode=True)
    do(game, 0, "hide 6C")  # shows 2 while holding 3
    legal = game.legal_moves(1)
    picks = [AI.choose(game.view(1), legal, random.Random(i)) for i in range(200)]
    challenges = sum(m == move("challenge 0") for m in picks)
    assert 60 < challenges < 140  # about half the time: a loose count, not a perfect one


def test_it_challenges_a_far_from_finished_cheater_only_now_and_then() -> None:
    game = table(["4H 5C 6C 7H 8H", "5S 6H", "6D 7D"], "9H", cheat_mode=True)
    do(game, 0, "hide 6C")  # shows 4
    legal = game.legal_moves(1)
    picks = [AI.choose(game.view(1), legal, random.Random(i)) for i in range(200)]
    challenges = sum(m == move("challenge 0") for m in picks)
    assert 0 < challenges < 30


def test_it_does_not_challenge_an_honest_count() -> None:
    game = table(["4H 5C 6C", "5S 6H", "6D 7D"], "9H", cheat_mode=True)
    assert choice(game, 1).kind != "challenge"


@pytest.mark.parametrize("preset", ["karata", "kadi-moja"])
def test_a_thousand_rounds_among_computers_without_an_illegal_move(preset: str) -> None:
    rng = random.Random(5)
    rounds = 0
    seed = 0
    while rounds < 500:
        rules = KarataRules.preset(preset, elimination=rng.choice(["off", "knock-out"]))
        game = KarataGame.new(rng.randint(2, rules.seat_limit()), rules, seed)
        seed += 1
        play_round(game, lambda seat: AI, rng)
        assert game.is_over
        rounds += game.state.round_no


@pytest.mark.parametrize("preset", ["karata", "kadi-moja"])
def test_it_beats_random_play_clearly(preset: str) -> None:
    rng = random.Random(9)
    players = [AI, RandomPlayer()]
    wins = 0
    games = 200
    for seed in range(games):
        ai_seat = seed % 2
        game = KarataGame.new(2, KarataRules.preset(preset), seed)
        play_round(game, lambda seat, ai=ai_seat: players[seat != ai], rng)
        result = game.result()
        assert result is not None
        wins += result.winners == (ai_seat,)
    assert wins > 0.65 * games


@pytest.mark.parametrize("preset", ["karata", "kadi-moja"])
def test_it_chooses_the_same_from_the_match_as_from_the_view(preset: str) -> None:
    """``choose_in`` (the searching player's playouts) reads the match instead of
    building a view, and must choose exactly what ``choose`` does from the view."""
    compared = 0
    for index in range(60):
        game = KarataGame.new(2 + index % 5, KarataRules.preset(preset), seed=index)
        rng = random.Random(index)
        while not game.is_over:
            seat = rng.choice(sorted(game.actors()))
            legal = game.legal_moves(seat)
            from_view = AI.choose(game.view(seat), legal, random.Random(compared))
            assert AI.choose_in(game, seat, legal, random.Random(compared)) == from_view
            compared += 1
            game.apply_legal(seat, rng.choice(legal) if rng.random() < 0.3 else from_view)
    assert compared > 2000
