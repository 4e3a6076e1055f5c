"""Pure rules engines. Nothing in this package imports Discord (docs/architecture.md)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from bot.games.core.game import Game

# Game name -> "module:Class". Imported lazily so that one engine's import cost
# (or a broken engine during development) does not touch the others.
ENGINES: dict[str, str] = {
    "kadi": "bot.games.kadi:KadiGame",
    "karata": "bot.games.karata:KarataGame",
    "donkey": "bot.games.donkey:DonkeyGame",
}


_LOADED: dict[str, type[Game]] = {}


def game_class(name: str) -> type[Game]:
    """The engine class for a game name; KeyError for an unknown game."""
    cls = _LOADED.get(name)
    if cls is None:
        module_name, class_name = ENGINES[name].split(":")
        cls = _LOADED[name] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load_game(state: Mapping[str, Any]) -> Game:
    """A saved match, whichever game it is."""
    return game_class(str(state["game"])).from_state(state)
