"""Saved tables load: version 1 (what ``to_state`` wrote before issue 11) converts to
the current version (3) and plays on; the current version round-trips. (Version 2's
tables, saved before issue 31, are loaded in ``test_saved_v2.py``.)

The fixtures ``fixtures/karata_v1_*.json`` are real mid-round states saved by the
version-1 engine (random seeded play stopped at a pending draw stack, a plug, a
drawn card to keep, a Jack's suit or special demand, an open Kadi Moja call window,
cheat mode with a hidden card and a challenge, a caught cheater, a cardless seat,
and matches in their second and third rounds).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.games.cards import ALL_CARDS, SUITS
from bot.games.core.moves import Demand
from bot.games.karata import KarataGame
from bot.games.karata.state import STATE_FORMAT, STATE_VERSION

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("karata_v1_*.json"))


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_are_version_1_fixtures() -> None:
    assert len(FIXTURES) >= 10
    assert all(saved(p)["version"] == 1 for p in FIXTURES)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_1_table_converts_field_by_field(path: Path) -> None:
    old = saved(path)
    new = KarataGame.from_state(old).to_state()
    assert new["version"] == STATE_VERSION == 4
    # Every version-1 key keeps its value, but the three version 2 renamed or split
    # and the one version 3 renamed, and the two version 4 renamed.
    for key, value in old.items():
        if key not in ("version", "round", "demand", "direction", "pile", "stack"):
            assert new[key] == value, key
    assert new["draw_pile"] == old["pile"] and new["pick_up"] == old["stack"]
    assert new["round_no"] == old["round"]
    assert new["clockwise"] is (old["direction"] == 1)
    asked = old["demand"]
    assert new["ask_suit"] == (asked if asked in SUITS else None)
    assert new["demand"] == (Demand.SPECIAL if asked == "special" else None)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_1_table_plays_on_to_the_end(path: Path) -> None:
    game = KarataGame.from_state(saved(path))
    rng = random.Random(path.stem)
    for step in range(100_000):
        if game.is_over:
            break
        assert Counter(game.cards_in_play()) == Counter(ALL_CARDS)
        actors = sorted(game.actors())
        seat = game.turn if game.turn in actors and rng.random() < 0.8 else rng.choice(actors)
        legal = game.legal_moves(seat)
        calm = [m for m in legal if m.kind != "challenge"] or legal
        game.apply(seat, rng.choice(calm))
        if step % 50 == 0:
            copy = KarataGame.from_state(json.loads(json.dumps(game.to_state())))
            assert copy.to_state() == game.to_state()
    assert game.is_over and game.result() is not None
    data = json.loads(json.dumps(game.to_state()))
    assert KarataGame.from_state(data).to_state() == data


def test_the_converted_demand_is_in_force() -> None:
    special = KarataGame.from_state(saved(FIXTURES[0].with_name("karata_v1_demand_special.json")))
    assert special.state.demand == Demand.SPECIAL and special.state.ask_suit is None
    suit = KarataGame.from_state(saved(FIXTURES[0].with_name("karata_v1_demand_suit.json")))
    assert suit.state.ask_suit in SUITS and suit.state.demand is None
    seat = suit.turn
    assert seat is not None
    for move in suit.legal_moves(seat):
        if move.cards:
            assert move.cards[0].suit == suit.state.ask_suit or move.cards[0].rank == 11


def test_other_games_and_versions_are_refused() -> None:
    data = saved(FIXTURES[0])
    with pytest.raises(ValueError, match="not 'karata'"):
        STATE_FORMAT.load({**data, "game": "kadi"})
    for version in (0, 5, "1", None):
        with pytest.raises(ValueError, match="version"):
            STATE_FORMAT.load({**data, "version": version})
    with pytest.raises(ValueError):
        STATE_FORMAT.load({**data, "demand": "X"})


def test_a_version_2_table_saved_before_the_seen_hands_were_kept_reads_as_nothing_known() -> None:
    """``no_seven``, ``fit_at_draw`` and ``cards_since_draw`` came later in version 2
    (issue 15): a table saved without them loads with nothing known and plays on;
    once set, they are saved and restored."""
    game = KarataGame.new(3, seed=11)
    rng = random.Random(11)
    while not any(game.state.fit_at_draw) and not game.is_over:
        seat = game.turn
        assert seat is not None
        legal = game.legal_moves(seat)
        draws = [m for m in legal if m.kind == "draw"]
        game.apply(seat, draws[0] if draws and rng.random() < 0.5 else rng.choice(legal))
    data = json.loads(json.dumps(game.to_state()))
    assert any(data["fit_at_draw"])
    assert KarataGame.from_state(data).to_state() == data
    old = {k: v for k, v in data.items() if k not in ("no_seven", "fit_at_draw", "cards_since_draw")}
    loaded = KarataGame.from_state(old)
    assert loaded.state.no_seven == [False] * 3
    assert loaded.state.fit_at_draw == [frozenset()] * 3 and loaded.state.cards_since_draw == [0] * 3
    seat = loaded.turn
    assert seat is not None
    loaded.apply(seat, loaded.legal_moves(seat)[-1])
