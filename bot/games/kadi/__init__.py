"""Kadi (Kenyan Poker): the engine, its rules, state, events and view (docs/engine/kadi.md)."""

from bot.games.kadi.engine import KadiGame
from bot.games.kadi.events import (
    BombBlocked,
    CallCancelled,
    JumpDropped,
    PlayAgain,
    RequestCancelled,
    WentCardless,
)
from bot.games.kadi.rules import KadiRules, is_winning_hand
from bot.games.kadi.state import KadiState
from bot.games.kadi.view import KadiView

__all__ = [
    "BombBlocked",
    "CallCancelled",
    "JumpDropped",
    "KadiGame",
    "KadiRules",
    "KadiState",
    "KadiView",
    "PlayAgain",
    "RequestCancelled",
    "WentCardless",
    "is_winning_hand",
]
