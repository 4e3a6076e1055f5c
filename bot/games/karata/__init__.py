"""Karata and Kadi Moja: one engine, two presets (docs/engine/karata.md)."""

from __future__ import annotations

from bot.games.karata.engine import KarataGame
from bot.games.karata.rules import KarataRules, KarataView

__all__ = ["KarataGame", "KarataRules", "KarataView"]
