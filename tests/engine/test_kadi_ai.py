"""Kadi's computer player: sensible choices, and a clear edge over random play."""

from __future__ import annotations

import random

from bot.ai import ComputerPlayer, RandomPlayer
from bot.ai.kadi import KadiPlayer
from bot.games.cards import card
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE, PASS_MOVE, Move
from bot.games.kadi import KadiGame, KadiRules
from bot.registry import computer_player
from tests.engine.kadi_position import play, position

AI = KadiPlayer()


def choose(game: KadiGame, seat: int) -> Move:
    return AI.choose(game.view(seat), game.legal_moves(seat), random.Random(1))


def test_the_registry_names_the_kadi_player() -> None:
    assert isinstance(computer_player("kadi"), KadiPlayer)


def test_it_calls_niko_kadi_whenever_it_can() -> None:
    game = position(["6D 6S 9D", "KS 9C", "KC"], top="9H")
    play(game, 0, "play 9D")
    assert choose(game, 0) == CALL_MOVE


def test_it_finishes_when_it_can() -> None:
    game = position(["6D 6S", "KS 9C"], top="9D", called=[0])
    assert choose(game, 0).cards in ((card("6D"), card("6S")), (card("6S"), card("6D")))


def test_it_counters_a_bomb() -> None:
    game = position(["2S AH 5C", "KS 9C"], top="2D", bomb=2, bomb_kind=2)
    assert choose(game, 0) == Move.parse("play 2S")


def test_it_blocks_a_bomb_with_an_ace_when_it_cannot_counter() -> None:
    game = position(["AH 5C", "KS 9C"], top="2D", bomb=2, bomb_kind=2)
    assert choose(game, 0) == Move.parse("play AH")


def test_it_picks_up_when_it_can_neither_counter_nor_block() -> None:
    game = position(["5C", "KS 9C"], top="2D", bomb=2, bomb_kind=2)
    assert choose(game, 0) == DRAW_MOVE


def test_it_passes_a_jump_on_with_a_jack() -> None:
    game = position(["JD 5S", "JS 9S 4C", "KC"], top="9D")
    play(game, 0, "play JD")
    assert choose(game, 1) == Move.parse("play JS")


def test_it_takes_the_skip_without_a_jack_to_spare() -> None:
    game = position(["JD 4D", "JS 5S"], top="9D", called=[1])  # J♠ 5♠ is its chain finish
    play(game, 0, "play JD")
    assert choose(game, 1) == PASS_MOVE


def test_it_asks_for_the_suit_it_holds_most_of() -> None:
    game = position(["AH 5C 7C 9C KD", "KS 9S"], top="4S")  # only the Ace can go down
    assert choose(game, 0) == Move.parse("play AH ask C")


def test_it_demands_a_card_it_holds_itself() -> None:
    game = position(["AS AH 5C KD", "KS 9S"], top="4H")
    game.state.hands[0] = [card("AS"), card("KD")]
    game.state.draw_pile += [card("AH"), card("5C")]
    move = choose(game, 0)
    assert move.cards == (card("AS"),) and move.demand is card("KD")


def test_it_prefers_shedding_a_joker_early() -> None:
    game = position(["JKR 5D 6C", "KS 9S"], top="9D")
    assert choose(game, 0).cards == (card("JKR"),)


def test_it_beats_a_random_player_clearly_in_two_player_rounds() -> None:
    wins = 0
    rounds = 300
    random_player = RandomPlayer()
    for seed in range(rounds):
        ai_seat = seed % 2
        players: list[ComputerPlayer] = [AI, random_player] if ai_seat == 0 else [random_player, AI]
        rng = random.Random(seed)
        game = KadiGame.new(2, None, seed)
        for _ in range(20_000):
            if game.is_over:
                break
            seat = rng.choice(sorted(game.actors()))
            game.apply(seat, players[seat].choose(game.view(seat), game.legal_moves(seat), rng))
        result = game.result()
        assert result is not None
        wins += result.winners == (ai_seat,)
    assert wins > 0.4 * rounds


def test_computers_play_three_thousand_rounds_among_themselves_without_an_illegal_move() -> None:
    # The property tests play about 1,600 computer rounds through the checking
    # harness; this plays 3,000 more straight through the engine, every house
    # rule switched on in turn, with 2 to 5 players.
    switches = ["punishment_accumulates", "bombs_answer_bombs", "forgotten_call_costs_a_card",
                "ace_finish", "no_jokers"]
    rounds = 0
    for seed in range(1000):
        rules = KadiRules(rounds=3, deal=3 + seed % 2, **{switches[seed % 5]: True})
        game = KadiGame.new(2 + seed % 4, rules, seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            if game.is_over:
                break
            # A seat that may call (out of turn) goes first, as a computer calls at once.
            seat = next((s for s in sorted(game.actors()) if s != game.turn), game.turn)
            assert seat is not None
            legal = game.legal_moves(seat)
            move = AI.choose(game.view(seat), legal, rng)
            assert any(move is m for m in legal), f"seed {seed}: {move} was not listed"
            game.apply(seat, move)
        assert game.is_over, f"seed {seed}: the match did not end"
        rounds += game.round_no
    assert rounds == 3_000


def test_it_chooses_the_same_from_the_match_as_from_the_view() -> None:
    """``choose_in`` (the searching player's playouts) reads the match instead of
    building a view, and must choose exactly what ``choose`` does from the view."""
    compared = 0
    for index in range(60):
        rng = random.Random(index)
        rules = KadiRules(ace_finish=index % 3 == 1, no_jokers=index % 5 == 2, deal=3 + index % 2)
        game = KadiGame.new(2 + index % 4, rules, seed=index)
        while not game.is_over:
            seat = rng.choice(sorted(game.actors()))
            legal = game.legal_moves(seat)
            from_view = AI.choose(game.view(seat), legal, random.Random(compared))
            assert AI.choose_in(game, seat, legal, random.Random(compared)) == from_view
            compared += 1
            game.apply_legal(seat, rng.choice(legal) if rng.random() < 0.3 else from_view)
    assert compared > 2000
