"""Tables saved before issue 31 load and play on exactly as they would have.

The fixtures ``fixtures/<game>_v2_*.json`` were written by the engines of commit
6455054 (just before issue 31 gave the three games one wiring and one state loader):
seeded random play stopped at a Kadi bomb passed anticlockwise, an open Niko Kadi
window, a cardless seat, a demand and round 2 of a match; Karata's pending stack and
kept draw anticlockwise, a plug, a hidden card, a knock-out match in round 2 and a
special demand; Donkey's fresh deal, a trick half played with a seat's voids known,
and two seats out. Donkey still saves version 2; Karata's version 3 names the
direction of play ``clockwise`` where version 2 kept ``direction`` (1 or -1), and Kadi's
version 3 and Karata's version 4 give the draw pile and the pending pick-up the names
both games share (``draw_pile``, ``pick_up``).

``PLAYED_ON`` holds, per fixture, the digest of 300 seeded random steps played on from
it by that engine (the seats acting, their legal moves, the move made and its events):
the engine today must play the same steps from the same saved table.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.core.game import Game
from bot.registry import game_class

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*_v2_*.json"))

PLAYED_ON = {
    "donkey_v2_fresh_deal": "269db58dcc400091007962f6728a6a073128a0156086e573e5321fe82687dfd9",
    "donkey_v2_mid_trick_voids": "d5220fe22444bbc0df2fb27047e060eba387bcdedf3ccd036bd3ca1329ad7e2b",
    "donkey_v2_some_out": "e1319b88e6f0e7c69261acceacf9a7b04430efd0a3e42b8f860190b61298e525",
    "kadi_v2_bomb_anticlockwise": "f033735a73443ee0e56f8a6fd5f01bd9b2315c814a223694ff81311d713d0dc4",
    "kadi_v2_call_window": "2ea5892eaec6f826e0cdf0b63db8ff6cab3cca7997faeec36911d7c64b478e16",
    "kadi_v2_cardless": "353b8e5f0e3c3c3f6d21dd3911f8e9d8fc2081ae30b4706a44fcee6e4438e82e",
    "kadi_v2_demand": "e235e02de46d1b8ddc55c02cc43d2c900235ebcb898f7f5e1bbd394eece26a08",
    "kadi_v2_round_2": "052b98fd3eb078e56d45b8bf83e4eda51aa76fe10251382031e55fcc9d21e7a5",
    "karata_v2_cheat_hidden": "c2a1b52a091f21a626daa02b98b16126f504ca9c6f477b8fbb6badd12979313d",
    "karata_v2_demand_special": "3879d27247183b6d14c231d252f856c783a690b2b8cd62d88cc21c5a336d11c3",
    "karata_v2_keep_anticlockwise": "aaf4990202190af39d20bc19dc622fd78892e5110b9926a8df9a28da0932b7e0",
    "karata_v2_knockout_round_2": "ae82c231f4b15cadd400369104b0b63bd0996f510427863fd92cceb9ea90b46e",
    "karata_v2_plug": "e5fe82825ad2af513375a86fb4e2ba78e0f33c24f12133775052089f889b90e8",
    "karata_v2_stack_anticlockwise": "591f3ea2d69ccd2614307384342a46b48af013bb47d4db71ae9d4f5efdf70b5b",
}

def same(value: Any) -> Any:
    return value


# What each game's current version renamed from version 2: {new key: (old key, old value -> new value)}.
RENAMED: dict[str, dict[str, tuple[str, Any]]] = {
    "kadi": {"draw_pile": ("draw", same), "pick_up": ("bomb", same)},
    "karata": {
        "clockwise": ("direction", lambda direction: direction == 1),
        "draw_pile": ("pile", same),
        "pick_up": ("stack", same),
    },
    "donkey": {},
}
# The version each game saves today.
CURRENT = {"kadi": 3, "karata": 4, "donkey": 2}


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def played_on(game: Game, seed: str) -> str:
    """The digest of up to 300 seeded random steps from ``game`` (and its result)."""
    rng = random.Random(seed)
    steps: list[Any] = []
    for _ in range(300):
        result = game.result()
        if game.is_over and result is not None:
            steps.append(result.to_dict())
            break
        actors = sorted(game.actors())
        legal = {s: sorted(m.text() for m in game.legal_moves(s)) for s in actors}
        seat = rng.choice(actors)
        move = rng.choice(game.legal_moves(seat))
        events = [e.to_dict() for e in game.apply(seat, move)]
        steps.append([actors, legal, seat, move.text(), events])
    return hashlib.sha256(json.dumps(steps, sort_keys=True, default=str).encode()).hexdigest()


def test_every_game_has_version_2_fixtures_and_each_its_digest() -> None:
    assert {saved(p)["game"] for p in FIXTURES} == {"kadi", "karata", "donkey"}
    assert {p.stem for p in FIXTURES} == set(PLAYED_ON)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_2_table_loads_with_every_value_it_saved(path: Path) -> None:
    old = saved(path)
    assert old["version"] == 2
    engine = game_class(old["game"])
    new = engine.from_state(old).to_state()
    renamed = RENAMED[old["game"]]
    assert new["version"] == CURRENT[old["game"]]
    moved = {old_key for old_key, _ in renamed.values()}
    for key, value in old.items():
        if key not in moved and key != "version":
            assert new[key] == value, key
    for key, (old_key, convert) in renamed.items():
        assert new[key] == convert(old[old_key]), key
    assert set(new) == (set(old) - moved) | set(renamed)
    assert engine.from_state(json.loads(json.dumps(new))).to_state() == new


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_2_table_plays_on_as_the_engine_that_saved_it_would_have(path: Path) -> None:
    old = saved(path)
    game = game_class(old["game"]).from_state(old)
    assert played_on(game, path.stem) == PLAYED_ON[path.stem]


def test_karata_refuses_a_version_2_direction_that_is_neither_way() -> None:
    old = saved(next(p for p in FIXTURES if p.stem.startswith("karata_v2_")))
    with pytest.raises(ValueError, match="direction"):
        game_class("karata").from_state({**old, "direction": 0})
