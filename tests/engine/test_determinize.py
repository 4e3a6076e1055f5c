"""``Game.clone`` and ``Game.determinize`` for every game, over many random positions.

A determinized match is consistent with the view it came from: the seat sees exactly
the same view in it (its hand unchanged, every count and public field the same), the
public view is the same, every card of the deck lies somewhere exactly once, and what
the public record rules out holds (a Kadi seat skipped straight away holds no Jack, a
Donkey seat holds no card of a suit it showed void in). A clone is an independent
copy that plays on exactly like the original.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.ai.kadi import KadiPlayer
from bot.ai.karata import KarataPlayer
from bot.games.cards import JACK
from bot.games.core.game import Game
from bot.games.core.moves import MoveKind
from bot.games.donkey import DonkeyGame, DonkeyRules
from bot.games.kadi import KadiGame, is_winning_hand
from bot.games.karata import KarataGame, KarataRules
from tests.engine import trace_kadi, trace_karata

POSITIONS = 60  # matches per game; a few positions each


def _kadi(index: int) -> Game:
    rng = random.Random(f"det-kadi-{index}")
    return KadiGame.new(rng.randint(2, 5), trace_kadi.match_rules(rng), seed=rng.randrange(2**40))


def _karata(index: int) -> Game:
    rules, seats, seed = trace_karata.table_of(index)
    if rules.cheat_mode:
        rules = KarataRules.from_dict({**rules.to_dict(), "cheat_mode": False})
    return KarataGame.new(seats, rules, seed)


def _donkey(index: int) -> Game:
    rng = random.Random(f"det-donkey-{index}")
    return DonkeyGame.new(rng.randint(2, 8), DonkeyRules(), seed=rng.randrange(2**40))


GAMES: dict[str, Callable[[int], Game]] = {"kadi": _kadi, "karata": _karata, "donkey": _donkey}


def _step(game: Game, rng: random.Random) -> None:
    seat = rng.choice(sorted(game.actors()))
    legal = game.legal_moves(seat)
    calls = [m for m in legal if m.kind == MoveKind.CALL]
    plays = [m for m in legal if m.kind == MoveKind.PLAY]
    if calls:
        move = calls[0]
    elif plays and rng.random() < 0.8:
        move = rng.choice(plays)
    else:
        move = rng.choice(legal)
    game.apply(seat, move)


def _check_consistent(game: Game, seat: int, rng: random.Random) -> None:
    view = game.view(seat)
    again = type(game).determinize(view, rng)
    assert again.view(seat) == view
    assert again.view(None) == game.view(None)
    assert sorted(c.index for c in again.cards_in_play()) == sorted(c.index for c in game.cards_in_play())
    assert len(set(again.cards_in_play())) == len(again.cards_in_play())
    for other in range(game.seats):
        assert len(again.view(other).hand) == len(game.view(other).hand)
    if isinstance(again, KadiGame):
        for s in view.no_jack:  # type: ignore[attr-defined]
            assert not any(c.rank == JACK for c in again.state.hands[s])
        rules = again.state.rules
        for s, shown in enumerate(view.shows_winning):  # type: ignore[attr-defined]
            if shown is not None:
                assert is_winning_hand(again.state.hands[s], game.seats - 1, rules.ace_finish) == shown
    if isinstance(again, KarataGame):
        for s in view.no_seven:  # type: ignore[attr-defined]
            assert not any(c.rank == 7 for c in again.state.hands[s])
    if isinstance(again, DonkeyGame):
        for s, suits in enumerate(again.state.voids):
            assert not any(c.suit in suits for c in again.state.hands[s])
    # It plays on: every actor's moves can be listed, and a move applied.
    for actor in again.actors():
        again.legal_moves(actor)
    if again.actors():
        _step(again, rng)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_determinized_match_is_consistent_with_the_view(name: str) -> None:
    checked = 0
    for index in range(POSITIONS):
        game = GAMES[name](index)
        rng = random.Random(f"det-{name}-{index}")
        for step in range(400):
            if game.is_over:
                break
            if step % 13 == 5:
                for seat in range(game.seats):
                    _check_consistent(game, seat, rng)
                    checked += 1
            _step(game, rng)
    assert checked > 200


def test_a_kadi_seat_skipped_straight_away_is_known_to_hold_no_jack() -> None:
    found = 0
    for index in range(200):
        game = _kadi(index)
        rng = random.Random(index)
        while not game.is_over and found < 30:
            _step(game, rng)
            public = game.view(None)
            for s in public.no_jack:  # type: ignore[attr-defined]
                assert not any(c.rank == JACK for c in game.view(s).hand)
                found += 1
    assert found >= 30


def test_a_karata_seat_skipped_without_a_plug_window_is_known_to_hold_no_7() -> None:
    found = 0
    for index in range(300):
        game = _karata(index)
        if not game.rules.plugging:
            continue
        rng = random.Random(index)
        while not game.is_over and found < 30:
            _step(game, rng)
            for s in game.view(None).no_seven:  # type: ignore[attr-defined]
                assert not any(c.rank == 7 for c in game.state.hands[s])
                found += 1
    assert found >= 30


def _unbelieved(game: KadiGame | KarataGame, seat: int) -> int:
    """How many of ``seat``'s cards its last draw does not account for: those in the
    set that could have been laid then, beyond the ones that may have come to it since."""
    state = game.state
    fitted = sum(1 for c in state.hands[seat] if c in state.fit_at_draw[seat])
    return max(0, fitted - state.cards_since_draw[seat])


def test_against_the_normal_player_a_karata_draw_shows_what_the_seat_lacks() -> None:
    """The normal player draws only when it cannot play, so what the engine keeps of a
    draw holds of its hand; and every world dealt from a seat's view believes it."""
    player = KarataPlayer()
    believed = 0
    for index in range(40):
        game = _karata(index)
        rng = random.Random(index)
        for step in range(300):
            if game.is_over:
                break
            for s in game.state.active():
                assert _unbelieved(game, s) == 0
            if step % 7 == 3:
                seat = game.turn
                assert seat is not None
                again = KarataGame.determinize(game.view(seat), rng)
                for s in again.state.active():
                    assert _unbelieved(again, s) == 0
                    believed += bool(again.state.fit_at_draw[s]) and s != seat
            seat = rng.choice(sorted(game.actors()))
            legal = game.legal_moves(seat)
            game.apply(seat, player.choose(game.view(seat), legal, rng))
    assert believed > 100


def test_against_the_normal_player_what_the_kadi_table_saw_holds_and_every_deal_believes_it() -> None:
    """The normal player calls whenever it may, and nearly always plays when it can
    (it keeps a lone card rather than go cardless, and may keep awkward cards):
    what the engine keeps of a seat's hand holds, and every world dealt from a seat's
    view believes it, when it can."""
    player = KadiPlayer()
    believed = shown = unbelieved = seat_steps = 0
    for index in range(60):
        game = KadiGame.new(2 + index % 4, seed=index)
        rng = random.Random(index)
        opponents = game.seats - 1
        for step in range(300):
            if game.is_over:
                break
            state = game.state
            for s in range(game.seats):
                seat_steps += 1
                unbelieved += _unbelieved(game, s) > 0
                if state.shows_winning[s] is not None:
                    assert is_winning_hand(state.hands[s], opponents, False) == state.shows_winning[s]
            if step % 5 == 2:
                seat = game.turn
                assert seat is not None
                again = KadiGame.determinize(game.view(seat), rng)
                for s in range(game.seats):
                    if s != seat and not any(_unbelieved(game, t) for t in range(game.seats)):
                        assert _unbelieved(again, s) == 0
                    believed += bool(again.state.fit_at_draw[s]) and s != seat
                    shown += again.state.shows_winning[s] is True and s != seat
            actor = game.turn
            for s in sorted(game.actors()):
                if any(m.kind == MoveKind.CALL for m in game.legal_moves(s)):
                    actor = s
            assert actor is not None
            legal = game.legal_moves(actor)
            game.apply(actor, player.choose(game.view(actor), legal, rng))
    assert believed > 200 and shown > 20
    assert unbelieved < seat_steps / 1000  # "nearly always"


HEADS_UP: dict[str, Callable[[int], KadiGame | KarataGame]] = {
    "kadi": lambda index: KadiGame.new(2, seed=index),
    "karata": lambda index: KarataGame.new(2, KarataRules(), seed=index),
}


@pytest.mark.parametrize("name", sorted(HEADS_UP))
def test_a_draw_made_while_able_to_play_still_deals(name: str) -> None:
    """A player may draw holding a card it could lay: a view whose draws no deal can
    believe is dealt without them (and one whose card then shows it forgets the draw)."""
    contradicted = 0
    for index in range(200):
        game = HEADS_UP[name](index)
        rng = random.Random(index)
        for _ in range(60):
            seat = game.turn
            if game.is_over or seat is None:
                break
            other = 1 - seat
            if _unbelieved(game, other):
                contradicted += 1
                again = type(game).determinize(game.view(seat), rng)
                assert again.view(seat) == game.view(seat)
            legal = game.legal_moves(seat)
            draws = [m for m in legal if m.kind == MoveKind.DRAW]
            game.apply(seat, draws[0] if draws and rng.random() < 0.6 else rng.choice(legal))
    assert contradicted > 50


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_clone_plays_on_like_the_original_and_apart_from_it(name: str) -> None:
    for index in range(20):
        game = GAMES[name](index)
        rng = random.Random(index)
        for _ in range(rng.randrange(60)):
            if game.is_over:
                break
            _step(game, rng)
        copy = game.clone()
        assert copy.to_state() == game.to_state()
        before = game.to_state()
        twin_rng = random.Random(f"clone-{index}")
        for _ in range(40):
            if copy.is_over:
                break
            _step(copy, twin_rng)
        assert game.to_state() == before  # the original never moved
        replay = type(game).from_state(before)
        twin_rng = random.Random(f"clone-{index}")
        for _ in range(40):
            if replay.is_over:
                break
            _step(replay, twin_rng)
        assert replay.to_state() == copy.to_state()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_public_view_cannot_be_determinized(name: str) -> None:
    game = GAMES[name](1)
    with pytest.raises(ValueError):
        type(game).determinize(game.view(None), random.Random(1))
