"""Karata tables saved at version 3 (before issue 31 gave the sister games' draw pile and
pending pick-up one name each) load and play on exactly as they would have.

The fixtures ``fixtures/karata_v3_*.json`` were written by the engine of main 27572c3:
seeded random play stopped at a pending stack, a plug window, a kept draw anticlockwise,
and a Kadi Moja stack with a call window watched. Version 4 names ``pile`` ``draw_pile``
and ``stack`` ``pick_up``, as Kadi's state (version 3) does; nothing else changed.
``PLAYED_ON`` is the digest of 300 seeded random steps played on from each by that
engine (``test_saved_v2.played_on``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games.karata import KarataGame
from bot.games.karata.state import STATE_VERSION
from tests.engine.test_saved_v2 import played_on

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("karata_v3_*.json"))

PLAYED_ON = {
    "karata_v3_stack": "8b33f32261db6513fc68cf9a6d07bf223c6256d520c795d6c0631281d54e0415",
    "karata_v3_plug": "9eef85396225db736372043edcf4d7bb5a851103ce86538bc750f96b2d8e041f",
    "karata_v3_keep_anticlockwise": "7e72fb3f671a555e2f56a77c10d1613a84c670fd01301b4ea0f4f9ee243bf5b0",
    "karata_v3_kadi_moja_stack_watch": "f7eb85d044d80d01cb4f9d24d0fc22b53445e935f45aea65b74a0bafbae90be8",
}


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_version_3_fixture_has_its_digest() -> None:
    assert {p.stem for p in FIXTURES} == set(PLAYED_ON)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_3_table_loads_with_its_draw_pile_and_pick_up_renamed(path: Path) -> None:
    old = saved(path)
    assert old["version"] == 3 and "pile" in old and "stack" in old
    new = KarataGame.from_state(old).to_state()
    assert new["version"] == STATE_VERSION == 4
    assert new["draw_pile"] == old["pile"] and new["pick_up"] == old["stack"]
    assert {k: v for k, v in new.items() if k not in ("version", "draw_pile", "pick_up")} == {
        k: v for k, v in old.items() if k not in ("version", "pile", "stack")
    }
    assert KarataGame.from_state(json.loads(json.dumps(new))).to_state() == new


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_3_table_plays_on_as_the_engine_that_saved_it_would_have(path: Path) -> None:
    game = KarataGame.from_state(saved(path))
    assert played_on(game, path.stem) == PLAYED_ON[path.stem]


def test_a_version_3_table_with_the_new_names_is_refused() -> None:
    old = saved(FIXTURES[0])
    renamed = {k: v for k, v in old.items() if k not in ("pile", "stack")}
    with pytest.raises((ValueError, KeyError)):
        KarataGame.from_state({**renamed, "draw_pile": old["pile"], "pick_up": old["stack"]})
