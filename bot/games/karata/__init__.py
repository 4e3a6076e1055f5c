"""Karata and Kadi Moja: one engine, two presets (docs/engine/karata.md).

The files, in import order: ``rules`` (``KarataRules``, presets, fixed facts),
``state`` (``KarataState``, its JSON), ``events``, ``view`` (``KarataView``),
``legality`` (``check``, ``fits``), ``moves`` (``legal_moves``), ``effects``
(``apply``: what a checked move does) and ``engine`` (``KarataGame``).
"""

from __future__ import annotations

from bot.games.karata.engine import KarataGame
from bot.games.karata.events import Challenged, Eliminated, Kept, NotFinished, NotFinishedReason, SkipDropped
from bot.games.karata.rules import KarataRules
from bot.games.karata.state import KarataState, Phase
from bot.games.karata.view import KarataView

__all__ = [
    "Challenged",
    "Eliminated",
    "KarataGame",
    "KarataRules",
    "KarataState",
    "KarataView",
    "Kept",
    "NotFinished",
    "NotFinishedReason",
    "Phase",
    "SkipDropped",
]
