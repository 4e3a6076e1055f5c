"""Tables saved by the Donkey engine before issue 11 (state version 1) still load
and play on. The fixtures are real mid-match states written by that engine's
``to_state()`` (tests/engine/fixtures/donkey_v1_*.json): a fresh deal, a trick
half played, a strike's voids, sit-outs, seats out, a lead that timed out, two
players left, and a finished game."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.games.cards import deck52
from bot.games.core.moves import Move
from bot.games.donkey import DonkeyGame
from bot.games.donkey.state import STATE_VERSION

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("donkey_v1_*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_there_are_fixtures() -> None:
    assert len(FIXTURES) >= 8


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_1_table_loads_with_the_same_table(path: Path) -> None:
    old = load(path)
    assert old["version"] == 1
    game = DonkeyGame.from_state(old)
    state = game.state
    assert game.to_state()["version"] == STATE_VERSION
    # The same match: every value of version 1 is there, two in a new form.
    assert state.round_no == old["round"]
    assert [[c.code for c in h] for h in state.hands] == old["hands"]
    assert [[s, c.code] for s, c in state.trick] == old["trick"]
    assert state.order == old["order"] and state.pos == old["pos"]
    assert ["".join(sorted(v)) for v in state.voids] == old["voids"]
    assert (state.first, state.seed, state.over, state.loser) == (old["first"], old["seed"], old["over"], old["loser"])
    assert sorted(state.sitting_out) == old["sitting_out"] and sorted(state.sit_out_next) == old["sit_out_next"]
    assert state.ranks == old["ranks"]
    assert Counter(game.cards_in_play()) == Counter(deck52())


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_1_table_plays_on_to_the_end(path: Path) -> None:
    for seed in range(5):
        rng = random.Random(seed)
        game = DonkeyGame.from_state(load(path))
        for _ in range(2000):
            if game.is_over:
                break
            # Mid-match, the saved form round-trips and plays on from there.
            state = game.to_state()
            assert DonkeyGame.from_state(state).to_state() == state
            turn = game.turn
            assert turn is not None
            if rng.random() < 0.05:
                game.apply(turn, Move.parse("timeout"))
            else:
                legal = game.legal_moves(turn)
                game.apply(turn, legal[rng.randrange(len(legal))])
        assert game.is_over and game.result() is not None
        assert Counter(game.cards_in_play()) == Counter(deck52())
        final = game.to_state()
        assert DonkeyGame.from_state(final).to_state() == final
