"""Kadi (Kenyan Poker): the engine, its rules and its view (docs/rules/kadi.md)."""

from bot.games.kadi.game import KadiGame
from bot.games.kadi.rules import KadiRules, is_winning_hand
from bot.games.kadi.view import KadiView

__all__ = ["KadiGame", "KadiRules", "KadiView", "is_winning_hand"]
