"""``lab/see_hands.py``: the hard player dealing its worlds from the real match.

What it measures rests on its worlds being the truth but for what nobody at the
table can know: the real hands, the same public state (every seat's view is the
real one), and the draw pile holding the same cards in a new order. And on the
arena really handing it the match of each decision (it refuses to guess).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.cards import Card
from bot.games.core.game import Game, View
from bot.games.kadi.engine import KadiGame
from bot.games.karata.engine import KarataGame
from bot.registry import computer_player, game_class
from lab import see_hands
from lab.arena import run
from lab.see_hands import HandSeeingSearch, partly_true_world, truth_world


def _positions(name: str) -> list[Game]:
    """Matches some way into play (two and four seats), between normal players: up
    to 60 moves in, or the last position before the match ended."""
    engine, normal = game_class(name), computer_player(name)
    games = []
    for index in range(16):
        rng = random.Random(f"see-hands-{name}-{index}")
        game = engine.new(2 + 2 * (index % 2), seed=index)
        for _ in range(rng.randrange(0, 60)):
            turn = game.turn
            assert turn is not None
            before = game.clone()
            game.apply(turn, normal.choose(game.view(turn), game.legal_moves(turn), rng))
            if game.is_over:
                game = before
                break
        games.append(game)
    return games


def _draw_pile(game: Game) -> list[Card]:
    if isinstance(game, KadiGame):
        return game.state.draw_pile
    assert isinstance(game, KarataGame)
    return game.state.draw_pile


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_the_truth_world_differs_from_the_match_only_in_the_draw_piles_order_and_seed(name: str) -> None:
    reordered = 0
    positions = _positions(name)
    for index, game in enumerate(positions):
        saved = game.to_state()
        world = truth_world(game, random.Random(index))
        assert type(world) is type(game)
        assert world.state.hands == game.state.hands  # type: ignore[attr-defined]
        for seat in [None, *range(game.seats)]:
            assert world.view(seat) == game.view(seat)
        for seat in range(game.seats):
            assert world.legal_moves(seat) == game.legal_moves(seat)
        assert Counter(_draw_pile(world)) == Counter(_draw_pile(game))
        reordered += _draw_pile(world) != _draw_pile(game)
        # Later reshuffles are as unknown as the pile's order: a seed of its own.
        assert world.seed == world.state.seed != game.seed  # type: ignore[attr-defined]
        # An independent copy: playing on in it leaves the match as it was.
        turn = world.turn
        assert turn is not None
        world.apply(turn, world.legal_moves(turn)[0])
        assert game.to_state() == saved
    assert reordered >= len(positions) - 1


def test_there_is_no_truth_world_without_a_draw_pile() -> None:
    with pytest.raises(ValueError, match="donkey"):
        truth_world(game_class("donkey").new(2, seed=1), random.Random(1))


class _RecordingSeer(HandSeeingSearch):
    """Keeps every world it deals."""

    def __init__(self, game: type[Game]) -> None:
        super().__init__(game, computer_player(game.name), think_ms=None, max_playouts=24)
        self.worlds: list[Game] = []

    def deal(self, view: View, rng: random.Random) -> Game:
        world = super().deal(view, rng)
        self.worlds.append(world)
        return world


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_the_hand_seeing_player_plays_out_in_the_real_hands(name: str) -> None:
    searched = 0
    for index, game in enumerate(_positions(name)):
        seat = game.turn
        assert seat is not None
        legal = game.legal_moves(seat)
        seer = _RecordingSeer(type(game))
        seer.table = game
        move = seer.choose(game.view(seat), legal, random.Random(index))
        assert move in legal
        if seer.last is None:
            continue  # a single move or a call, made without search
        assert len(seer.worlds) == seer.last.worlds > 1
        for world in seer.worlds:
            assert world.state.hands == game.state.hands  # type: ignore[attr-defined]
        searched += 1
    assert searched >= 4


def test_the_hand_seeing_player_refuses_a_view_of_another_match() -> None:
    """Without its table it would otherwise fall back to the normal move unnoticed."""
    engine = game_class("kadi")
    game, other = engine.new(4, seed=3), engine.new(4, seed=4)
    seat = game.turn
    assert seat is not None
    legal = game.legal_moves(seat)
    seer = HandSeeingSearch(engine, computer_player("kadi"), think_ms=None, max_playouts=8)
    with pytest.raises(RuntimeError, match="set table"):
        seer.choose(game.view(seat), legal, random.Random(1))
    seer.table = other
    with pytest.raises(RuntimeError, match="set table"):
        seer.choose(game.view(seat), legal, random.Random(1))
    with pytest.raises(ValueError, match="seeing"):
        HandSeeingSearch(engine, computer_player("kadi"), seeing="the future", think_ms=None, max_playouts=8)


def test_the_arena_hands_the_seeing_seat_the_real_match(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: list[Game] = []

    def counted(table: Game, rng: random.Random) -> Game:
        dealt.append(table)
        return truth_world(table, rng)

    monkeypatch.setattr(see_hands, "truth_world", counted)
    # A decision without the table set raises (above), so two whole rounds prove it was set each time.
    tally = run("kadi-4", games=2, level="hard", think_ms=100000, max_playouts=8, see_hands="all")
    assert tally.games == 2 and tally.playouts and all(p == 8 for p in tally.playouts)
    assert len(dealt) >= len(tally.playouts) * 2  # 8 playouts: at least two worlds a decision
    with pytest.raises(ValueError, match="see-hands"):
        run("donkey-2", games=1, level="hard", think_ms=100000, max_playouts=8, see_hands="all")
    with pytest.raises(ValueError, match="see-hands"):
        run("kadi-2", games=1, level="normal", think_ms=100000, max_playouts=8, see_hands="all")


@pytest.mark.parametrize("name", ["kadi", "karata"])
def test_a_partly_true_world_gives_the_known_seats_their_real_hands_and_keeps_every_count(name: str) -> None:
    """``--see-hands next|others``: the deal from the seat's view, but the known seats hold
    their real hands; the seat's own view, every count and the deck are unchanged."""
    checked = dealt = 0
    for index, game in enumerate(_positions(name)):
        seat = game.turn
        seats = len(game.state.hands)  # type: ignore[attr-defined]
        if seat is None or seats < 4:
            continue
        view = game.view(seat)
        known = [(seat + 1) % seats]
        unknown = [s for s in range(seats) if s not in (seat, *known)]
        world = partly_true_world(game, view, known, random.Random(index))
        hands = world.state.hands  # type: ignore[attr-defined]
        assert all(hands[s] == game.state.hands[s] for s in known)  # type: ignore[attr-defined]
        assert world.view(seat) == view
        assert sorted(world.cards_in_play()) == sorted(game.cards_in_play())
        dealt += any(hands[s] != game.state.hands[s] for s in unknown)  # type: ignore[attr-defined]
        checked += 1
    assert checked >= 4
    assert dealt >= checked // 2  # the unknown hands are dealt, not the truth (a small hand may come out true)


def test_the_arena_deals_part_of_the_truth_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    known: list[list[int]] = []

    def counted(table: Game, view: View, seats: list[int], rng: random.Random) -> Game:
        known.append(list(seats))
        return partly_true_world(table, view, seats, rng)

    monkeypatch.setattr(see_hands, "partly_true_world", counted)
    run("kadi-4", games=1, level="hard", think_ms=100000, max_playouts=8, see_hands="next")
    assert known and all(len(seats) == 1 for seats in known)
    known.clear()
    run("kadi-4", games=1, level="hard", think_ms=100000, max_playouts=8, see_hands="others")
    assert known and all(len(seats) == 2 for seats in known)
