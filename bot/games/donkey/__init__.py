"""Donkey (Kazhutha Kali). The engine is ``DonkeyGame`` (engine.py), wiring the
rules (rules.py), the saved state (state.py), the game's events (events.py), the
view (view.py), checking a move (legality.py), listing moves (moves.py) and
carrying one out (effects.py). Rules: docs/rules/donkey.md; formats:
docs/engine/donkey.md."""

from __future__ import annotations

from bot.games.donkey.engine import DonkeyGame
from bot.games.donkey.events import (
    LeadPassed,
    LeadReason,
    RoundWon,
    SitOutForgiven,
    SitsOut,
    Struck,
    WentOut,
)
from bot.games.donkey.rules import ACE_OF_SPADES, DonkeyRules
from bot.games.donkey.state import DonkeyState
from bot.games.donkey.view import DonkeyView

__all__ = [
    "ACE_OF_SPADES",
    "DonkeyGame",
    "DonkeyRules",
    "DonkeyState",
    "DonkeyView",
    "LeadPassed",
    "LeadReason",
    "RoundWon",
    "SitOutForgiven",
    "SitsOut",
    "Struck",
    "WentOut",
]
