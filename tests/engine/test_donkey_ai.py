"""The Donkey computer player: always legal, sensible in the situations the
rules page describes, and the Donkey far less often than a random player."""

from __future__ import annotations

import random

from bot.ai import RandomPlayer
from bot.ai.donkey import DonkeyPlayer
from bot.games.cards import Card, card, parse_cards
from bot.games.core.moves import Move, play
from bot.games.donkey import DonkeyGame
from bot.registry import computer_player
from tests.engine.harness import random_playout


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text.strip() else []


def position(*hands: str, leader: int, sitting_out: tuple[int, ...] = ()) -> DonkeyGame:
    return DonkeyGame.from_position([cards(h) for h in hands], leader, sitting_out=sitting_out)


def run(game: DonkeyGame, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        game.apply(seat, play(*parse_cards(text)))


def choice(game: DonkeyGame, seed: int = 0) -> Move:
    seat = game.turn
    assert seat is not None
    legal = game.legal_moves(seat)
    move = DonkeyPlayer().choose(game.view(seat), legal, random.Random(seed))
    assert move in legal
    return move


def test_the_registry_names_the_donkey_player() -> None:
    assert isinstance(computer_player("donkey"), DonkeyPlayer)


def test_a_thousand_games_among_computers_end_without_an_illegal_move() -> None:
    player = DonkeyPlayer()
    for seed in range(1000):
        seats = 2 + seed % 7
        rng = random.Random(seed)
        game = DonkeyGame.new(seats, seed=seed)
        steps = 0
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            legal = game.legal_moves(seat)
            move = player.choose(game.view(seat), legal, rng)
            assert move in legal
            game.apply(seat, move)
            steps += 1
            assert steps < 5000, "a game among computers did not end"
        assert game.result() is not None


def test_computers_through_the_harness_with_illegal_moves_and_timeouts() -> None:
    player = DonkeyPlayer()
    for seed in range(60):
        random_playout(DonkeyGame, 2 + seed % 7, None, seed, players=lambda _seat: player)


def test_the_computer_is_the_donkey_clearly_less_often_than_random_players() -> None:
    games = 400
    smart_donkey = random_donkey = 0
    smart, randomly = DonkeyPlayer(), RandomPlayer()
    for seed in range(games):
        seats = 3 + seed % 3  # 3, 4 and 5 players; one computer per table
        mine = seed % seats
        rng = random.Random(seed)
        game = DonkeyGame.new(seats, seed=seed)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            who = smart if seat == mine else randomly
            game.apply(seat, who.choose(game.view(seat), game.legal_moves(seat), rng))
        result = game.result()
        assert result is not None
        if result.loser == mine:
            smart_donkey += 1
        elif result.loser is not None:
            random_donkey += 1
    # Per seat: a random seat is the Donkey about a third to a fifth of the time.
    smart_rate = smart_donkey / games
    random_rate = random_donkey / games / 3  # about 3 random seats per table on average
    assert smart_rate < 0.5 * random_rate, (smart_rate, random_rate)


def test_it_strikes_with_its_highest_card() -> None:
    game = position("2C KD 5S", "9H 3H", "4H 8C", leader=2)
    run(game, (2, "4H"), (1, "9H"))
    assert choice(game) == play(card("KD"))


def test_it_plays_under_the_highest_card_when_a_void_player_is_still_to_play() -> None:
    game = position("KC 4C", "QH 2H JH 3C", "", "9H 7C", leader=3)
    game.state.voids[0].add("H")  # seat 0 has struck on ♥ before (the view's voids)
    run(game, (3, "9H"))
    # Seat 1 holds Q J 2 of hearts; seat 0 (void) follows it and will strike:
    # the highest card under 9♥ is the 2♥.
    assert choice(game) == play(card("2H"))


def test_when_it_would_collect_anyway_it_plays_low() -> None:
    game = position("KC 4C", "QH JH 3C", "", "9H 7C", leader=3)
    game.state.voids[0].add("H")
    run(game, (3, "9H"))
    assert choice(game) == play(card("JH"))


def test_last_to_play_it_sheds_its_highest_card() -> None:
    game = position("KH 2H 4C", "9H 7C", "", leader=1)
    run(game, (1, "9H"))
    assert choice(game) == play(card("KH"))


def test_it_leads_a_suit_nobody_is_known_to_lack() -> None:
    game = position("2C 3C", "9H 7C 2S", "", "8H 5D", leader=1)
    game.state.voids[0].add("H")
    game.state.voids[0].add("S")
    game.state.voids[3].add("S")
    assert choice(game).cards[0].suit == "C"


def test_with_one_legal_move_it_plays_it() -> None:
    game = DonkeyGame.new(4, seed=3)
    assert choice(game) == play(card("AS"))


def test_it_chooses_the_same_from_the_match_as_from_the_view() -> None:
    """``choose_in`` (the searching player's playouts) reads the match instead of
    building a view, and must choose exactly what ``choose`` does from the view:
    two to six seats, with timeouts (seats sitting a round out) and random moves mixed in."""
    player = DonkeyPlayer()
    compared = 0
    for index in range(60):
        rng = random.Random(index)
        game = DonkeyGame.new(2 + index % 5, seed=index)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            legal = game.legal_moves(seat)
            from_view = player.choose(game.view(seat), legal, random.Random(compared))
            assert player.choose_in(game, seat, legal, random.Random(compared)) == from_view
            compared += 1
            timeout = game.timeout_move() if rng.random() < 0.05 else None
            if timeout is not None:
                game.apply(*timeout)
            else:
                game.apply_legal(seat, rng.choice(legal) if rng.random() < 0.3 else from_view)
    assert compared > 2000
