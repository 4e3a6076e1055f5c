"""Every game's GameUI, by game name."""

from __future__ import annotations

import importlib
import logging

from bot.ui.game_ui import GameUI

log = logging.getLogger(__name__)

UI_CLASSES = {
    "kadi": "bot.ui.kadi:KadiUI",
    "karata": "bot.ui.karata:KarataUI",
    "donkey": "bot.ui.donkey:DonkeyUI",
}


def all_uis() -> dict[str, GameUI]:
    """The UIs of the games whose modules are present."""
    uis: dict[str, GameUI] = {}
    for game, path in UI_CLASSES.items():
        module_name, class_name = path.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name != module_name:
                raise
            continue
        uis[game] = getattr(module, class_name)()
    return uis
