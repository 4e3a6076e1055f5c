"""The searching player ("hard") reads only its view, its legal moves and ``determinize``.

Given the same view, legal moves, random seed and a fixed playout count, it chooses
the same move whatever the other hands really hold: the true matches here differ in
every card the seat cannot see (each is a fresh determinization of the seat's view).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.ai.search import BlunderPlayer, SearchPlayer
from bot.games.core.game import Game, View
from bot.registry import computer_player, game_class


def _position(name: str, index: int) -> Game:
    """A match some way into its first round, at a seat with a real choice."""
    rng = random.Random(f"search-{name}-{index}")
    engine = game_class(name)
    game = engine.new(rng.choice((2, 3, 4)), seed=rng.randrange(2**40))
    player = computer_player(name)
    for _ in range(rng.randrange(2, 12)):
        turn = game.turn
        if game.is_over or turn is None:
            break
        legal = game.legal_moves(turn)
        game.apply(turn, player.choose(game.view(turn), legal, rng))
    return game


def _choices(name: str) -> Iterator[tuple[Game, int]]:
    """Of twelve such matches, those whose turn seat has more than one legal move."""
    for index in range(12):
        game = _position(name, index)
        seat = game.turn
        if not game.is_over and seat is not None and len(game.legal_moves(seat)) > 1:
            yield game, seat


@pytest.mark.parametrize("name", ["kadi", "karata", "donkey"])
def test_the_choice_does_not_depend_on_the_hidden_cards(name: str) -> None:
    engine = game_class(name)
    searcher = SearchPlayer(engine, computer_player(name), think_ms=None, max_playouts=40)
    compared = 0
    for index, (game, seat) in enumerate(_choices(name)):
        view = game.view(seat)
        chosen = searcher.search(view, game.legal_moves(seat), random.Random(index), None, 40)
        for other in range(3):
            truth = engine.determinize(view, random.Random(f"truth-{other}"))
            assert truth.view(seat) == view
            legal = game.legal_moves(seat)
            assert sorted(m.text() for m in truth.legal_moves(seat)) == sorted(m.text() for m in legal)
            again = searcher.search(truth.view(seat), legal, random.Random(index), None, 40)
            assert again == chosen
        compared += 1
    assert compared >= 4


class _CountingDeals(SearchPlayer):
    """Deals as the hard player does by default, counting its deals."""

    deals = 0

    def deal(self, view: View, rng: random.Random) -> Game:
        self.deals += 1
        return self.game.determinize(view, rng)


@pytest.mark.parametrize("name", ["kadi", "karata", "donkey"])
def test_every_world_comes_from_deal_which_is_determinize_by_default(name: str) -> None:
    """The hook for lab/see_hands.py changes nothing in the hard player: the same
    choices, worlds and use of the dice as a player dealing by ``determinize``."""
    engine, normal = game_class(name), computer_player(name)
    plain = SearchPlayer(engine, normal, think_ms=None, max_playouts=40)
    counting = _CountingDeals(engine, normal, think_ms=None, max_playouts=40)
    compared = 0
    for index, (game, seat) in enumerate(_choices(name)):
        view, legal = game.view(seat), game.legal_moves(seat)
        plain_dice, counting_dice = random.Random(index), random.Random(index)
        deals_before = counting.deals
        assert plain.search(view, legal, plain_dice, None, 40) == counting.search(view, legal, counting_dice, None, 40)
        assert plain_dice.getstate() == counting_dice.getstate()
        if plain.last is None:
            continue  # a call, made without search
        assert counting.last is not None
        assert (plain.last.playouts, plain.last.worlds) == (counting.last.playouts, counting.last.worlds)
        assert counting.deals - deals_before >= counting.last.worlds > 0
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize("name", ["kadi", "karata", "donkey"])
def test_the_search_keeps_to_its_playout_cap_and_plays_a_legal_move(name: str) -> None:
    engine = game_class(name)
    searcher = SearchPlayer(engine, computer_player(name), think_ms=None, max_playouts=25)
    game = _position(name, 3)
    seat = game.turn
    assert seat is not None
    legal = game.legal_moves(seat)
    move = searcher.choose(game.view(seat), legal, random.Random(1))
    assert move in legal
    if len(legal) > 1:
        assert searcher.last is not None and searcher.last.playouts == 25


def test_the_easy_player_blunders_now_and_then() -> None:
    game = _position("kadi", 1)
    seat = game.turn
    assert seat is not None
    legal = game.legal_moves(seat)
    easy = BlunderPlayer(computer_player("kadi"), rate=1.0)
    rng = random.Random(2)
    picks = {easy.choose(game.view(seat), legal, rng) for _ in range(200)}
    assert picks == set(legal)
