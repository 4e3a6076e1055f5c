"""``lab/infer_plays.py``: the hard player inferring hands from the opponents' plays.

What it measures rests on three things: the record holds only plays whose hand can be
rebuilt (a seat that received a card since is dropped), the real hands are likelier
under the normal player than dealt ones (the inference points the right way), and with
nothing to read it is the plain hard player.
"""

from __future__ import annotations

import random

import pytest

from bot.ai.search import SearchPlayer
from bot.games.core.game import Game
from bot.games.core.moves import Move, MoveKind
from bot.registry import computer_player, game_class
from lab.arena import run
from lab.infer_plays import PlayInferringSearch, PlayRecord, hand_overlap, same_play


def _play(name: str, seats: int, seed: int, moves: int) -> tuple[Game, PlayRecord]:
    """Normal players ``moves`` moves into a round (fewer if it ends), the record kept."""
    game = game_class(name).new(seats, seed=seed)
    normal = computer_player(name)
    rng = random.Random(seed)
    record = PlayRecord()
    for _ in range(moves):
        turn = game.turn
        assert turn is not None
        legal = game.legal_moves(turn)
        move = normal.choose(game.view(turn), legal, rng)
        saved = game.clone()
        before = game.view(None)
        game.apply(turn, move)
        if game.is_over or game.view(None).round_no != before.round_no:
            return saved, record
        record.note(before, game.view(None), turn, move)
    return game, record


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_the_record_holds_each_opponents_plays_with_the_cards_laid_since(name: str) -> None:
    for seed in range(12):
        game, record = _play(name, 4, seed, 30)
        view = game.view(0)
        readable = record.readable(view)
        assert 0 not in readable  # never its own plays
        for seat, plays in readable.items():
            assert plays and all(p.move.kind == MoveKind.PLAY for p, _ in plays)
            # Newest first, each with the cards laid after it; together they were all in the hand.
            newest, laid_since = plays[0]
            assert laid_since == ()
            assert newest.before.hand_counts[seat] == view.hand_counts[seat] + len(newest.move.cards)
            oldest, laid_after_oldest = plays[-1]
            assert oldest.before.hand_counts[seat] == (
                view.hand_counts[seat] + len(laid_after_oldest) + len(oldest.move.cards))


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_a_seat_that_receives_a_card_has_no_plays_to_read(name: str) -> None:
    game = game_class(name).new(3, seed=5)
    normal = computer_player(name)
    rng = random.Random(5)
    record = PlayRecord()
    dropped = 0
    while not game.is_over and game.view(None).round_no == 1:
        turn = game.turn
        assert turn is not None
        move = normal.choose(game.view(turn), game.legal_moves(turn), rng)
        before = game.view(None)
        had_plays = bool(record.plays.get(turn))
        game.apply(turn, move)
        after = game.view(None)
        record.note(before, after, turn, move)
        laid = len(move.cards)
        if after.round_no == before.round_no and after.hand_counts[turn] > before.hand_counts[turn] - laid:
            assert turn not in record.plays  # a draw, or a card drawn with a play
            dropped += had_plays
    assert dropped >= 2


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_the_real_hands_are_likelier_than_dealt_ones(name: str) -> None:
    engine, normal = game_class(name), computer_player(name)
    player = PlayInferringSearch(engine, normal, doubt=0.1)
    real_weight = dealt_weight = 0.0
    for seed in range(16):
        game, record = _play(name, 4, seed, 24)
        view = game.view(0)
        plays = record.readable(view)
        if not plays:
            continue
        rng = random.Random(seed)
        for _ in range(10):
            real_weight += player.likelihood(game, plays, rng)
            dealt_weight += player.likelihood(engine.determinize(view, rng), plays, rng)
    assert real_weight > 1.5 * dealt_weight > 0


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_with_no_plays_to_read_it_chooses_as_the_plain_hard_player(name: str) -> None:
    engine, normal = game_class(name), computer_player(name)
    for seed in range(6):
        game, _ = _play(name, 4, seed, 12)
        turn = game.turn
        assert turn is not None
        view, legal = game.view(turn), game.legal_moves(turn)
        plain = SearchPlayer(engine, normal, think_ms=None, max_playouts=40)
        inferring = PlayInferringSearch(engine, normal, think_ms=None, max_playouts=40)
        assert inferring.choose(view, legal, random.Random(seed)) == plain.choose(view, legal, random.Random(seed))


def test_the_same_play_whatever_the_order_of_its_cards() -> None:
    from bot.games.cards import card
    a = Move(MoveKind.PLAY, (card("4H"), card("4S")))
    assert same_play(a, Move(MoveKind.PLAY, (card("4S"), card("4H"))))
    assert not same_play(a, Move(MoveKind.PLAY, (card("4H"),)))


def test_the_arena_and_the_overlap_run() -> None:
    tally = run("kadi-4", 2, "hard", 100000.0, 20, infer_plays=True)
    assert tally.games == 2 and tally.playouts
    found = hand_overlap("karata-4", 2, worlds=2)
    assert found.hands > 0 and 0 < found.plain < 1 and 0 < found.inferred < 1 and 0 < found.kept < 1
    with pytest.raises(ValueError, match="infer-plays"):
        run("donkey-4", 1, "hard", 100000.0, 20, infer_plays=True)
