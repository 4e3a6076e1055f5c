"""Every game the bot offers, in one place: its engine, computer player, words and cog.

A game is one ``GameEntry``: adding a fourth game is writing its files
(docs/engine.md, "Adding a game") and one line here. Everything that offers a choice of
game reads it from here: the runtime, the client's cogs, ``/leaderboard``'s and
``/stats``' game choices (``game_titles``) and the table picture (``table_scene``).
``tests/bot/test_adding_a_game.py`` adds a toy game through ``GAMES`` alone and plays it. Entries name what they hold
as ``"module:attribute"`` strings, imported when first asked for, so that one
game's import cost (or a game broken during development) touches no other.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.ai import ComputerPlayer
    from bot.games.core.game import Game
    from bot.games.core.rules import Rules
    from bot.ui.text.game import GameUI


@dataclass(frozen=True)
class GameEntry:
    name: str  # the slash-command group (/kadi) and the game name saved with every table
    engine: str  # the Game subclass (bot/games/<game>/engine.py)
    player: str  # the computer player (bot/ai/<game>.py)
    words: str  # what the bot says about the game and offers on its messages (bot/ui/text/<game>.py)
    cog: str  # the extension with the game's own slash commands (cogs/<game>.py)
    # What the table picture shows beyond the seats (bot/ui/cards/scene.py), drawn from
    # the public view: ``(view, names, recent events) -> TableScene``; "": the seats alone.
    scene: str = ""


GAMES: Mapping[str, GameEntry] = {
    entry.name: entry
    for entry in (
        GameEntry("kadi", "bot.games.kadi:KadiGame", "bot.ai.kadi:KadiPlayer", "bot.ui.text.kadi:KadiUI",
                  "cogs.kadi", "bot.ui.cards.scene:kadi_scene"),
        GameEntry("karata", "bot.games.karata:KarataGame", "bot.ai.karata:KarataPlayer",
                  "bot.ui.text.karata:KarataUI", "cogs.karata", "bot.ui.cards.scene:karata_scene"),
        GameEntry("donkey", "bot.games.donkey:DonkeyGame", "bot.ai.donkey:DonkeyPlayer",
                  "bot.ui.text.donkey:DonkeyUI", "cogs.donkey", "bot.ui.cards.scene:donkey_scene"),
    )
}

OTHER_EXTENSIONS = ("cogs.standings", "cogs.cards", "cogs.settings")  # cogs that belong to no one game

_LOADED: dict[str, Any] = {}


def _load(path: str) -> Any:
    found = _LOADED.get(path)
    if found is None:
        module_name, attribute = path.split(":")
        found = _LOADED[path] = getattr(importlib.import_module(module_name), attribute)
    return found


def game_class(name: str) -> type[Game]:
    """The engine class of a game; KeyError for a game the bot does not offer."""
    engine: type[Game] = _load(GAMES[name].engine)
    return engine


def table_rules(name: str, options: Mapping[str, Any]) -> Rules:
    """The one place a host's option words become a game's frozen ``Rules``: the values
    of ``/<game> new``'s or ``solo``'s options by their names (``{"deal": 5, "rounds": 3,
    "ace_finish": True}``; ``{"preset": "kadi-moja", "elimination": True}``), from the cog
    or from a saved house-rule preset; the words choosing the table itself (its clock,
    picture and computers) may come along and are passed over. Each game's rules read
    their own words (``Rules.from_options``). ``RulesRefused`` (a ``Refusal``) for rules
    that cannot be played together, ``ValueError`` for a word or value the game does not
    know, ``KeyError`` for a game the bot does not offer."""
    return game_class(name).rules_type.from_options(options)


class Level(StrEnum):
    """A computer seat's level, as saved with its table and its results (the values stay)."""

    EASY = "easy"  # the game's player with random blunders (bot.ai.search.BlunderPlayer)
    NORMAL = "normal"  # the game's player (bot/ai/<game>.py)
    HARD = "hard"  # the search (bot.ai.search.SearchPlayer)


def computer_player(name: str, level: Level | str = Level.NORMAL) -> ComputerPlayer:
    """The game's computer player at ``level`` (a ``Level``; ValueError for another).
    Players keep no state between moves (all they know is in the view), so one
    instance serves every table. ``Level.HARD`` searches for ``bot.ai.search.THINK_MS`` of
    the calling thread: the table runtime runs it in a worker process instead
    (``bot.ai.pool``)."""
    try:
        level = Level(level)
    except ValueError:
        raise ValueError(f"a computer's level is one of {', '.join(Level)}, not {level!r}") from None
    key = f"player:{name}:{level}"
    player: ComputerPlayer | None = _LOADED.get(key)
    if player is None:
        base = _load(GAMES[name].player)()
        if level is Level.EASY:
            from bot.ai.search import BlunderPlayer

            player = BlunderPlayer(base)
        elif level is Level.HARD:
            from bot.ai.search import SearchPlayer

            player = SearchPlayer(game_class(name), base)
        else:
            player = base
        _LOADED[key] = player
    return player


def game_uis() -> dict[str, GameUI]:
    """Each game's words, by game name."""
    return {name: _load(entry.words)() for name, entry in GAMES.items()}


def game_titles() -> dict[str, str]:
    """Each game's name as a member picks it from a list (``GameUI.choice_title``), by
    game name, in the registry's order."""
    return {name: ui.choice_title for name, ui in game_uis().items()}


def table_scene(name: str) -> Callable[..., Any] | None:
    """The function drawing a game's table picture beyond its seats (``GameEntry.scene``),
    or None for a game whose picture is the seats alone. Typed loosely: bot/ui/cards
    imports this module, so naming its types here would be an import circle."""
    path = GAMES[name].scene
    return _load(path) if path else None


def game_of_view(view: object) -> str | None:
    """The game whose engine shows ``view`` (a ``View`` subclass), or None."""
    for name in GAMES:
        wiring = getattr(game_class(name), "wiring", None)
        if wiring is not None and isinstance(view, wiring.view_type):
            return name
    return None


def extensions() -> tuple[str, ...]:
    """The cogs to load: one per game, then the rest."""
    return (*(entry.cog for entry in GAMES.values()), *OTHER_EXTENSIONS)
