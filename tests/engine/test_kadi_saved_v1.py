"""Tables saved before issue 11 (Kadi state version 1) load and play on to the end.

The fixtures are real mid-round states written by the version 1 engine (branch
``engines``): a pending bomb (two players, and five with *Punishment
accumulates*), a jump passed on at four players, an Ace's suit request over the
card underneath, a demand, a cardless seat, a standing call, an open call window,
and round 2 of a match after a reshuffle.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.games.cards import ALL_CARDS
from bot.games.core.moves import MoveKind
from bot.games.kadi import KadiGame
from bot.games.kadi.state import STATE_VERSION

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("kadi_v1_*.json"))


def test_there_are_version_1_fixtures() -> None:
    assert len(FIXTURES) >= 8


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_1_table_loads_keeps_its_position_and_plays_to_the_end(path: Path) -> None:
    saved = json.loads(path.read_text())
    assert saved["version"] == 1
    game = KadiGame.from_state(saved)
    state = game.to_state()
    assert state["version"] == STATE_VERSION == 3
    # Every field but the renamed ones reads as it was saved (``cardless`` renamed by
    # version 2, ``draw`` and ``bomb`` by version 3).
    assert state["owes"] == saved["cardless"]
    assert state["draw_pile"] == saved["draw"] and state["pick_up"] == saved["bomb"]
    for key, value in saved.items():
        if key not in ("version", "cardless", "draw", "bomb"):
            assert state[key] == value, key
    assert KadiGame.from_state(json.loads(json.dumps(state))).to_state() == state

    rng = random.Random(path.stem)
    deck = sorted(c.index for c in ALL_CARDS if not (game.rules.no_jokers and c.rank == 0))
    for step in range(20_000):
        if game.is_over:
            break
        seat = rng.choice(sorted(game.actors()))
        legal = game.legal_moves(seat)
        finishes = [m for m in legal if m.kind == MoveKind.CALL or len(m.cards) == len(game.view(seat).hand)]
        move = rng.choice(finishes) if finishes and rng.random() < 0.9 else rng.choice(legal)
        game.apply(seat, move)
        assert sorted(c.index for c in game.cards_in_play()) == deck
        if step % 50 == 0:
            again = KadiGame.from_state(json.loads(json.dumps(game.to_state())))
            assert again.to_state() == game.to_state()
    assert game.is_over and game.result() is not None
